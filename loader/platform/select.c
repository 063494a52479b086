// SPDX-License-Identifier: MIT
/*
 * Which backend a program runs on.  One static binary serves them all: on
 * a machine (or QEMU guest) with barehip.ko it drives the board behind
 * /dev/barehipN, on a machine with amdgpu a GPU through /dev/kfd, and
 * elsewhere the in-process sim board.  BAREHIP_BOARD chooses explicitly;
 * without it, what the machine has decides, in that order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bh/backends.h>
#include "generated/autoconf.h"

#define KMOD_FIRST_NODE "/dev/barehip0"

/* The board BAREHIP_BOARD names, or what this machine has. */
static const char *board_name(void)
{
	const char *board = getenv("BAREHIP_BOARD");

	if (!board || !*board) {
		board = "sim";
		if (access(KMOD_FIRST_NODE, F_OK) == 0)
			board = "kmod";
#ifdef CONFIG_BACKEND_KFD
		else if (bh_platform_kfd_present())
			board = "kfd";
#endif
#ifndef CONFIG_BACKEND_SIM
		/* A board without the model: name the missing GPU, not the model. */
		else
			board = "kfd";
#endif
	}
	return board;
}

unsigned bh_platform_count(void)
{
#ifdef CONFIG_BACKEND_KFD
	if (!strcmp(board_name(), "kfd")) {
		unsigned n = bh_platform_kfd_count();

		return n ? n : 1;
	}
#endif
	return 1;
}

struct bh_platform *bh_platform_new(struct bh_error *err)
{
	return bh_platform_new_index(0, err);
}

struct bh_platform *bh_platform_new_index(unsigned index, struct bh_error *err)
{
	const char *board = board_name();
	struct bh_platform *p = NULL;
	const char *want;

	if (index && strcmp(board, "kfd")) {
		err->code = BH_ENODEV;
		snprintf(err->message, sizeof(err->message), "the %s board has one device (0), "
			 "not %u", board, index);
		return NULL;
	}
	if (!strcmp(board, "sim")) {
		want = "sim";
#ifdef CONFIG_BACKEND_SIM
		p = bh_platform_sim_new();
		want = NULL;
#endif
	} else if (!strcmp(board, "kmod") || !strncmp(board, "kmod:", 5)) {
		want = "kmod";
#ifdef CONFIG_BACKEND_KMOD
		p = bh_platform_kmod_new(board[4] == ':' ? board + 5 : NULL);
		want = NULL;
#endif
	} else if (!strcmp(board, "kfd")) {
		want = "kfd";
#ifdef CONFIG_BACKEND_KFD
		p = bh_platform_kfd_new(index);
		want = NULL;
#endif
	} else {
		err->code = BH_EINVAL;
		snprintf(err->message, sizeof(err->message),
			 "BAREHIP_BOARD='%.64s' names no board: use sim, kfd, kmod or "
			 "kmod:/dev/barehipN", board);
		return NULL;
	}
	if (want) {
		err->code = BH_ENODEV;
		snprintf(err->message, sizeof(err->message),
			 "BAREHIP_BOARD=%s: this barehip was built without the %s backend "
			 "(Kconfig: Backends)", board, want);
	} else if (p) {
		bh_platform_install_locks(p);
	} else {
		err->code = BH_ENOMEM;
		snprintf(err->message, sizeof(err->message), "out of memory for the %s backend",
			 board);
	}
	return p;
}

void bh_platform_delete(struct bh_platform *p)
{
	if (!p)
		return;
#ifdef CONFIG_BACKEND_KMOD
	if (!strcmp(p->name, "kmod")) {
		bh_platform_kmod_delete(p);
		return;
	}
#endif
#ifdef CONFIG_BACKEND_KFD
	if (!strcmp(p->name, "kfd")) {
		bh_platform_kfd_delete(p);
		return;
	}
#endif
#ifdef CONFIG_BACKEND_SIM
	bh_platform_sim_delete(p);
#endif
}
