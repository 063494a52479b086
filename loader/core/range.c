// SPDX-License-Identifier: MIT
#include "range.h"
#include "klib.h"

void bh_range_init(struct bh_range *r, uint64_t base, uint64_t size,
		   void *(*grow)(void *old, size_t bytes))
{
	memset(r, 0, sizeof(*r));
	r->base = base;
	r->size = size;
	r->grow = grow;
}

int bh_range_alloc(struct bh_range *r, uint64_t size, uint64_t align,
		   uint64_t *out)
{
	uint64_t cursor = r->base, end = r->base + r->size;
	unsigned i;

	if (size == 0 || size > r->size || !align || (align & (align - 1)))
		return -1;
	size = BH_ALIGN_UP(size, align);
	for (i = 0; i <= r->count; i++) {
		uint64_t limit = i < r->count ? r->blocks[i].start : end;
		uint64_t at = BH_ALIGN_UP(cursor, align);

		if (at >= cursor && at <= limit && limit - at >= size) {
			if (r->count == r->cap) {
				unsigned cap = r->cap ? r->cap * 2 : 16;
				void *nb = r->grow(r->blocks, cap * sizeof(*r->blocks));

				if (!nb)
					return -1;
				r->blocks = nb;
				r->cap = cap;
			}
			for (unsigned j = r->count; j > i; j--)
				r->blocks[j] = r->blocks[j - 1];
			r->blocks[i].start = at;
			r->blocks[i].size = size;
			r->count++;
			*out = at;
			return 0;
		}
		if (i < r->count)
			cursor = r->blocks[i].start + r->blocks[i].size;
	}
	return -1;
}

uint64_t bh_range_free(struct bh_range *r, uint64_t start)
{
	for (unsigned i = 0; i < r->count; i++) {
		if (r->blocks[i].start != start)
			continue;
		uint64_t size = r->blocks[i].size;

		for (unsigned j = i; j + 1 < r->count; j++)
			r->blocks[j] = r->blocks[j + 1];
		r->count--;
		return size;
	}
	return 0;
}

uint64_t bh_range_used(const struct bh_range *r)
{
	uint64_t used = 0;

	for (unsigned i = 0; i < r->count; i++)
		used += r->blocks[i].size;
	return used;
}

void bh_range_fini(struct bh_range *r)
{
	if (r->blocks)
		r->grow(r->blocks, 0);
	memset(r, 0, sizeof(*r));
}
