/* SPDX-License-Identifier: MIT */
/*
 * A first-fit allocator of address ranges (VRAM, GART apertures).  It
 * hands out GPU virtual addresses only; backends own the backing.
 */
#ifndef BH_RANGE_H
#define BH_RANGE_H

#include <stddef.h>
#include <stdint.h>

struct bh_range_block {
	uint64_t start, size;
};

struct bh_range {
	uint64_t base, size;
	struct bh_range_block *blocks;	/* sorted by start */
	unsigned count, cap;
	void *(*grow)(void *old, size_t bytes);	/* realloc-like */
};

void bh_range_init(struct bh_range *r, uint64_t base, uint64_t size,
		   void *(*grow)(void *old, size_t bytes));
/* Returns 0 and the address in *out, or -1 if no gap fits. */
int bh_range_alloc(struct bh_range *r, uint64_t size, uint64_t align,
		   uint64_t *out);
/* Returns the freed block's size, or 0 if @start was not allocated. */
uint64_t bh_range_free(struct bh_range *r, uint64_t start);
uint64_t bh_range_used(const struct bh_range *r);
void bh_range_fini(struct bh_range *r);

#endif
