/*
 * barehip: lane-mask arithmetic for the cooperative groups that live in
 * one wave (tiles and coalesced groups).  A mask has bit i set for lane i
 * of the wave (64 bits, the upper half 0 at wave32); a group's ranks are
 * its lanes counted in lane order.
 *
 * Private helpers are named __bh_cg_*.
 */
#pragma once

/* Rank of this lane among the lanes of mask: how many of them lie below it. */
__device__ inline unsigned int __bh_cg_rank_in(unsigned long long mask)
{
	return __builtin_amdgcn_mbcnt_hi((unsigned int)(mask >> 32),
					 __builtin_amdgcn_mbcnt_lo((unsigned int)mask, 0u));
}

/* The lanes below lane (lane < 64). */
__device__ inline unsigned long long __bh_cg_below(unsigned int lane)
{
	return (1ull << lane) - 1;
}

/* The lane of rank k in mask (k < popcount(mask)), found by halving. */
__device__ inline unsigned int __bh_cg_nth_lane(unsigned long long mask, unsigned int k)
{
	unsigned int pos = 0;

	for (unsigned int w = 32; w; w >>= 1) {
		unsigned int below = __builtin_popcountll(mask >> pos & ((1ull << w) - 1));

		if (k >= below) {
			k -= below;
			pos += w;
		}
	}
	return pos;
}

/*
 * The bits of v at the lanes of mask, packed into rank order: bit r of
 * the result is v's bit at the lane of rank r (what a group's ballot and
 * match return).
 */
__device__ inline unsigned long long __bh_cg_pack(unsigned long long mask, unsigned long long v)
{
	unsigned long long out = 0;

	for (v &= mask; v; v &= v - 1)
		out |= 1ull << __builtin_popcountll(mask & __bh_cg_below(__builtin_ctzll(v)));
	return out;
}

/* n set bits from bit 0 (n <= 64). */
__device__ inline unsigned long long __bh_cg_low(unsigned int n)
{
	return n >= 64 ? ~0ull : (1ull << n) - 1;
}

/* The lanes of this lane's tile of n lanes (n a power of two, at most the wave). */
__device__ inline unsigned long long __bh_cg_tile_lanes(unsigned int n)
{
	return __bh_cg_low(n) << (__bh_warp_lane() & ~(n - 1));
}

/* The lanes of mask whose ranks lie in [lo, lo + n). */
__device__ inline unsigned long long __bh_cg_rank_range(unsigned long long mask, unsigned int lo,
							 unsigned int n)
{
	unsigned int size = __builtin_popcountll(mask);

	if (lo >= size)
		return 0;
	mask &= ~__bh_cg_below(__bh_cg_nth_lane(mask, lo));
	if (n < size - lo)
		mask &= __bh_cg_below(__bh_cg_nth_lane(mask, n));
	return mask;
}
