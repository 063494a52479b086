// SPDX-License-Identifier: MIT
/*
 * Device malloc/free: __ockl_dm_alloc and __ockl_dm_dealloc, the names
 * HIP's malloc and free call, over the heap the loader lays out behind
 * hidden_heap_v1 (format: loader/include/bh/devabi.h).
 *
 * Lock-free, so that any number of waves may allocate at once:
 * - Small objects (16 B .. 32 KiB, powers of two) live in 64 KiB pages
 *   dedicated to one size class.  A page's state word counts its slots
 *   in use; an allocation first reserves a slot by raising the count
 *   (CAS), which also claims a free page for the class when the count
 *   was zero, then sets a free bit in the page's bitmap.  The count
 *   never falls below the bits set (free clears the bit first), so a
 *   reserved slot always has a clear bit to find.
 * - When a free drops a page's count to zero the same CAS makes the page
 *   free again, for any class or a large block.
 * - Larger objects take runs of whole pages (first fit from the bottom),
 *   claimed page by page with CAS and released on conflict.
 * Exhaustion returns NULL.  Freeing a pointer that malloc did not return,
 * or freeing twice, traps: the dispatch ends with an error naming the
 * kernel rather than corrupting the heap silently.
 */
#include "firmware.h"

#include <bh/devabi.h>

typedef GLOBAL uint32_t gu32;

struct heap {
	gu32 *state;
	gu32 *bitmap;
	gu32 *hint;
	GLOBAL uint8_t *arena;
	uint32_t npages;
};

#define DEV __MEMORY_SCOPE_DEVICE

static inline uint32_t load(gu32 *p)
{
	return __scoped_atomic_load_n(p, __ATOMIC_RELAXED, DEV);
}

static inline void store(gu32 *p, uint32_t v, int order)
{
	__scoped_atomic_store_n(p, v, order, DEV);
}

static inline bool cas(gu32 *p, uint32_t *expected, uint32_t want)
{
	return __scoped_atomic_compare_exchange_n(p, expected, want, false, __ATOMIC_ACQ_REL,
						  __ATOMIC_RELAXED, DEV);
}

static bool heap_open(struct heap *h)
{
	GLOBAL uint8_t *base = implicitarg_ptr(IMPLICITARG_HEAP);

	if (!base || *(gu32 *)(base + BH_HEAP_OFF_MAGIC) != BH_HEAP_MAGIC)
		return false;
	h->npages = *(gu32 *)(base + BH_HEAP_OFF_NPAGES);
	h->state = (gu32 *)(base + *(gu32 *)(base + BH_HEAP_OFF_STATE));
	h->bitmap = (gu32 *)(base + *(gu32 *)(base + BH_HEAP_OFF_BITMAP));
	h->hint = (gu32 *)(base + BH_HEAP_OFF_HINT);
	h->arena = base + *(GLOBAL uint64_t *)(base + BH_HEAP_OFF_ARENA);
	return true;
}

/* Slots of class @c (objects of 16 << (c - 1) bytes) per page. */
static inline uint32_t class_slots(uint32_t c)
{
	return BH_HEAP_PAGE >> (c + BH_HEAP_MIN_SHIFT - 1);
}

/*
 * Set a clear bit of page @p's bitmap; the caller holds a reservation.
 *
 * One loop, left only by the return.  Several lanes of a wave can be
 * here at once (each won its reservation in the same CAS instruction,
 * which happens when other waves change the state word between the
 * lanes' reads: waves running truly in parallel) and they win their bits
 * on different iterations.  The earlier form, a scan of the word nested
 * in a loop over the words, let clang-19 decide the outer loop's exit
 * for every lane from the inner loop's last compare (word != full), a
 * lane mask in VCC that lanes which had left the inner loop earlier
 * read as 0.  Those lanes took the outer loop again and claimed a second
 * slot; the first one's bit stayed set with no count behind it, until
 * a page's bits were all set while its count still promised room, and
 * every wave holding a reservation there spun here forever.  With no
 * value carried out of a loop but the slot, there is no such mask.
 */
static uint32_t claim_slot(const struct heap *h, uint32_t p, uint32_t nslots)
{
	gu32 *bm = h->bitmap + (uint64_t)p * BH_HEAP_BITMAP_WORDS;
	uint32_t nwords = (nslots + 31) / 32;
	uint32_t full = nslots >= 32 ? ~0u : (1u << nslots) - 1;
	/* Lanes start at different words so that a wave spreads out. */
	uint32_t w = lane_id() % nwords;

	for (;;) {
		uint32_t word = load(&bm[w]);

		if (word == full) {
			w = w + 1 == nwords ? 0 : w + 1;
			continue;
		}
		uint32_t bit = 1u << __builtin_ctz(~word);

		if (!(__scoped_atomic_fetch_or(&bm[w], bit, __ATOMIC_ACQ_REL, DEV) & bit))
			return w * 32 + __builtin_ctz(bit);
	}
}

static uint64_t alloc_small(const struct heap *h, uint32_t c)
{
	uint32_t nslots = class_slots(c);
	uint32_t start = load(&h->hint[c]);

	if (start >= h->npages)
		start = 0;
	for (uint32_t i = 0, p = start; i < h->npages; i++, p = p + 1 == h->npages ? 0 : p + 1) {
		uint32_t st = load(&h->state[p]);

		for (;;) {
			uint32_t want;

			if ((st & 0xff) == c && (st >> 8) < nslots)
				want = st + 0x100;
			else if (st == 0)
				want = c | 0x100;
			else
				break;
			if (cas(&h->state[p], &st, want)) {
				if (p != start)
					store(&h->hint[c], p, __ATOMIC_RELAXED);
				uint32_t slot = claim_slot(h, p, nslots);

				return (uint64_t)(uintptr_t)(h->arena + ((uint64_t)p << BH_HEAP_PAGE_SHIFT) +
					((uint64_t)slot << (c + BH_HEAP_MIN_SHIFT - 1)));
			}
		}
	}
	return 0;
}

/*
 * Address-ordered first fit: always from page 0, so that blocks pack at
 * the bottom and a heap emptied of small objects holds as many large
 * blocks as it has room for.  Large blocks already there are skipped
 * whole.
 */
static uint64_t alloc_large(const struct heap *h, uint64_t size)
{
	uint64_t n64 = (size + BH_HEAP_PAGE - 1) >> BH_HEAP_PAGE_SHIFT;

	if (n64 > h->npages || n64 >= (1u << 24))
		return 0;
	uint32_t n = (uint32_t)n64;

	for (uint32_t p = 0; p + n <= h->npages;) {
		uint32_t st = load(&h->state[p]);

		if ((st & 0xff) == BH_HEAP_LARGE) {
			p += st >> 8 ? st >> 8 : 1;
			continue;
		}
		uint32_t got = 0;

		for (; got < n; got++) {
			uint32_t zero = 0;

			if (!cas(&h->state[p + got], &zero, BH_HEAP_CONT))
				break;
		}
		if (got == n) {
			store(&h->state[p], BH_HEAP_LARGE | n << 8, __ATOMIC_RELEASE);
			return (uint64_t)(uintptr_t)(h->arena + ((uint64_t)p << BH_HEAP_PAGE_SHIFT));
		}
		/* Page p + got is taken: give back what we claimed. */
		for (uint32_t j = 0; j < got; j++)
			store(&h->state[p + j], 0, __ATOMIC_RELAXED);
		p += got + 1;
	}
	return 0;
}

BH_EXPORT uint64_t __ockl_dm_alloc(uint64_t size)
{
	struct heap h;

	if (!size || !heap_open(&h))
		return 0;
	if (size > (BH_HEAP_PAGE >> 1))
		return alloc_large(&h, size);
	/* Class 1 holds 16 bytes; class c holds 16 << (c - 1). */
	uint32_t c = size <= 16 ? 1 : 64 - __builtin_clzll(size - 1) - BH_HEAP_MIN_SHIFT + 1;

	return alloc_small(&h, c);
}

BH_EXPORT void __ockl_dm_dealloc(uint64_t addr)
{
	struct heap h;

	if (!addr)
		return;
	if (!heap_open(&h))
		__builtin_trap();	/* nothing was ever allocated */
	uint64_t off = addr - (uint64_t)(uintptr_t)h.arena;

	if (addr < (uint64_t)(uintptr_t)h.arena ||
	    off >= (uint64_t)h.npages << BH_HEAP_PAGE_SHIFT)
		__builtin_trap();	/* not a heap pointer */
	uint32_t p = (uint32_t)(off >> BH_HEAP_PAGE_SHIFT);
	uint32_t in = (uint32_t)off & (BH_HEAP_PAGE - 1);
	uint32_t st = load(&h.state[p]);
	uint32_t kind = st & 0xff;

	if (kind >= 1 && kind <= BH_HEAP_CLASSES) {
		uint32_t shift = kind + BH_HEAP_MIN_SHIFT - 1;

		if (in & ((1u << shift) - 1))
			__builtin_trap();	/* not the start of an object */
		uint32_t slot = in >> shift, bit = 1u << (slot % 32);
		gu32 *word = &h.bitmap[(uint64_t)p * BH_HEAP_BITMAP_WORDS + slot / 32];

		if (!(__scoped_atomic_fetch_and(word, ~bit, __ATOMIC_ACQ_REL, DEV) & bit))
			__builtin_trap();	/* freed twice */
		/* Drop the count; the last object out frees the page. */
		while (!cas(&h.state[p], &st, (st >> 8) == 1 ? 0 : st - 0x100))
			;
	} else if (kind == BH_HEAP_LARGE && in == 0) {
		uint32_t n = st >> 8;

		for (uint32_t j = 1; j < n; j++)
			store(&h.state[p + j], 0, __ATOMIC_RELAXED);
		store(&h.state[p], 0, __ATOMIC_RELEASE);
	} else {
		__builtin_trap();	/* not an allocated block */
	}
}
