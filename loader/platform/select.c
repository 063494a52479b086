// SPDX-License-Identifier: MIT
/*
 * Which backend a program runs on.  One static binary serves them all: on
 * a machine (or QEMU guest) with barehip.ko it drives the board behind
 * /dev/barehipN, on a machine with amdgpu a GPU through /dev/kfd, and
 * elsewhere the in-process sim board.  BAREHIP_BOARD chooses explicitly;
 * without it, what the machine has decides, in that order.
 */
#include <stdbool.h>
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

/*
 * Whether a variable of ROCm's visible-device lists leaves the one GPU
 * of a sim or kmod board: a list of indices whose first bad entry ends
 * it (the kfd backend's rule, loader/platform/kfd.c), so "0", "0,1" and
 * "0,x" keep it, "", "1" and "-1" hide it.  Unset: it stays.
 */
static bool keeps_the_one(const char *v)
{
	char *end;

	if (!v)
		return true;
	return strtol(v, &end, 10) == 0 && end != v && (*end == 0 || *end == ',');
}

/* NULL when the board's one GPU is visible; else the variable hiding it. */
static const char *hidden_by(void)
{
	const char *hip = getenv("HIP_VISIBLE_DEVICES") ? "HIP_VISIBLE_DEVICES"
						       : "CUDA_VISIBLE_DEVICES";

	if (!keeps_the_one(getenv("ROCR_VISIBLE_DEVICES")))
		return "ROCR_VISIBLE_DEVICES";
	if (!keeps_the_one(getenv(hip)))
		return hip;
	return NULL;
}

struct bh_platform *bh_platform_new_index(unsigned index, struct bh_error *err)
{
	const char *board = board_name();
	struct bh_platform *p = NULL;
	const char *want, *hider;

	/* The kfd backend applies them among the machine's GPUs itself. */
	if (strcmp(board, "kfd") && (hider = hidden_by()) != NULL) {
		err->code = BH_ENODEV;
		snprintf(err->message, sizeof(err->message), "%s='%.32s' hides the %s board's "
			 "one GPU (device 0; '0' shows it)", hider, getenv(hider),
			 strncmp(board, "kmod", 4) ? board : "kmod");
		return NULL;
	}
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
