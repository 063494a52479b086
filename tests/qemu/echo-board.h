/* SPDX-License-Identifier: MIT */
/*
 * The echo board: a stand-in for the sim board's GPU model, used by the
 * QEMU tests of barehip.ko.  It lays out the shared BAR exactly as the
 * sim board does (struct barehip_sim_header) and answers requests in a
 * mailbox at the start of the register window: each doorbell on vector
 * v is answered with an interrupt on vector v.
 *
 * Shared by the host program (echo-board.c) and the guest tests.
 */
#ifndef BH_ECHO_BOARD_H
#define BH_ECHO_BOARD_H

#include <stdint.h>

/* The shared BAR (ivshmem's size must be a power of two). */
#define ECHO_SHM_SIZE		(16u << 20)
#define ECHO_REGS_OFFSET	0x10000u
#define ECHO_REGS_SIZE		0x10000u
#define ECHO_DOORBELL_OFFSET	0x20000u
#define ECHO_DOORBELL_SIZE	0x10000u
#define ECHO_VRAM_OFFSET	0x100000u
#define ECHO_VRAM_SIZE		(ECHO_SHM_SIZE - ECHO_VRAM_OFFSET)
#define ECHO_VECTORS		4
#define ECHO_TARGET		"gfx90a"
#define ECHO_MODEL_PEER		0

/* The board fills the start of VRAM with echo_pattern(ECHO_VRAM_SEED, i). */
#define ECHO_VRAM_SEED		0x5eedu
#define ECHO_VRAM_PATTERN_BYTES	8192u

enum echo_op {
	ECHO_OP_PING = 1,	/* answer at once */
	ECHO_OP_DMA = 2,	/* checksum the first half of guest memory at addr,
				 * fill the second half with echo_pattern(seq, i) */
	ECHO_OP_VRAM = 3,	/* checksum VRAM [addr, addr + length) */
};

enum echo_status {
	ECHO_OK = 0,
	ECHO_ERR_RANGE = 1,	/* the address range is outside RAM / VRAM */
	ECHO_ERR_OP = 2,	/* unknown op */
};

struct echo_mailbox {
	uint32_t seq;		/* guest: request number, written last */
	uint32_t op;		/* enum echo_op */
	uint64_t addr;		/* DMA: bus address; VRAM: offset into VRAM */
	uint64_t length;
	uint32_t done_seq;	/* board: the request it answered, written last */
	uint32_t status;	/* enum echo_status */
	uint64_t checksum;	/* FNV-1a 64 of the bytes the board read */
	uint64_t doorbells[ECHO_VECTORS];	/* board: doorbells seen per vector */
};

/* FNV-1a, 64-bit. */
static inline uint64_t echo_fnv1a(const volatile uint8_t *p, uint64_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (uint64_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

/* 32-bit word @i of the pattern with seed @seed. */
static inline uint32_t echo_pattern(uint32_t seed, uint64_t i)
{
	return (seed * 2654435761u) ^ ((uint32_t)i * 40503u + 0x5bd1e995u);
}

#endif /* BH_ECHO_BOARD_H */
