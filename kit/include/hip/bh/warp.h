/*
 * barehip: warp (wavefront) cross-lane functions of the HIP kernel
 * language -- vote and ballot, match, shuffles, and the _sync variants
 * with their reductions.
 *
 * All masks are 64-bit (unsigned long long), even at wave32, where the
 * upper half is 0.  Shuffles go through ds_bpermute (a read from another
 * lane through the LDS crossbar; no LDS is allocated; a disabled source
 * lane reads as 0), ballots through the ballot builtins, match through a
 * readlane loop with one round per distinct value.
 *
 * The _sync variants and __syncwarp (only they: __activemask stays, as
 * seed 003 lists it with the plain vote functions and disables only the
 * _sync ones; ROCm 7's header drops it too) can be turned off with
 * HIP_DISABLE_WARP_SYNC_BUILTINS.  Their mask must be a
 * 64-bit integer at every wave size (checked at compile time; at wave32
 * the upper half is ignored).  As on AMD hardware every lane of a
 * wave runs in lockstep, they do not synchronise anything: each lane's
 * mask just says which lanes take part.  A mask may differ between lanes
 * as long as the masks partition the active lanes (for instance one mask
 * per half wave); a mask naming a lane that is inactive or passes another
 * mask is undefined behaviour, as in HIP.
 *
 * Private helpers are named __bh_warp_*.
 */
#pragma once

/* ------------------------------------------------------------ helpers */

/* This lane's index in the wave (mbcnt counts the lanes below it). */
__device__ inline unsigned int __bh_warp_lane(void)
{
	return __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
}

/* One bit per active lane, set where pred holds; bits 32..63 are 0 at wave32. */
__device__ inline unsigned long long __bh_warp_ballot(bool pred)
{
#if __AMDGCN_WAVEFRONT_SIZE__ == 32
	return __builtin_amdgcn_ballot_w32(pred);
#else
	return __builtin_amdgcn_ballot_w64(pred);
#endif
}

/* The unsigned integer type of N bytes, for moving values as raw bits. */
template <unsigned int __bhN> struct __bh_warp_bits;
template <> struct __bh_warp_bits<2> { typedef unsigned short type; };
template <> struct __bh_warp_bits<4> { typedef unsigned int type; };
template <> struct __bh_warp_bits<8> { typedef unsigned long long type; };

/*
 * Read v from lane src (taken modulo the wave size by the hardware).
 * 64-bit values move as two 32-bit halves, 16-bit ones (half) in the
 * low half of one.
 */
__device__ inline unsigned int __bh_warp_bpermute(int src, unsigned int v)
{
	return __builtin_amdgcn_ds_bpermute((int)((unsigned int)src << 2), (int)v);
}
__device__ inline unsigned short __bh_warp_bpermute(int src, unsigned short v)
{
	return (unsigned short)__bh_warp_bpermute(src, (unsigned int)v);
}
__device__ inline unsigned long long __bh_warp_bpermute(int src, unsigned long long v)
{
	unsigned long long lo = __bh_warp_bpermute(src, (unsigned int)v);
	unsigned long long hi = __bh_warp_bpermute(src, (unsigned int)(v >> 32));
	return hi << 32 | lo;
}
template <typename __bhT> __device__ inline __bhT __bh_warp_bpermute_t(int src, __bhT v)
{
	typedef typename __bh_warp_bits<sizeof(__bhT)>::type __bhU;
	return __builtin_bit_cast(__bhT, __bh_warp_bpermute(src, __builtin_bit_cast(__bhU, v)));
}

/* Read v from lane src, which must be uniform and active. */
__device__ inline unsigned int __bh_warp_readlane(unsigned int v, unsigned int src)
{
	return __builtin_amdgcn_readlane((int)v, (int)src);
}
__device__ inline unsigned long long __bh_warp_readlane(unsigned long long v, unsigned int src)
{
	unsigned long long lo = __bh_warp_readlane((unsigned int)v, src);
	unsigned long long hi = __bh_warp_readlane((unsigned int)(v >> 32), src);
	return hi << 32 | lo;
}

/* Read v from the lowest active lane. */
__device__ inline unsigned int __bh_warp_readfirstlane(unsigned int v)
{
	return __builtin_amdgcn_readfirstlane((int)v);
}
__device__ inline unsigned long long __bh_warp_readfirstlane(unsigned long long v)
{
	unsigned long long lo = __bh_warp_readfirstlane((unsigned int)v);
	unsigned long long hi = __bh_warp_readfirstlane((unsigned int)(v >> 32));
	return hi << 32 | lo;
}

/* ----------------------------------------------------- vote and ballot */

__device__ inline unsigned long long __ballot(int predicate)
{
	return __bh_warp_ballot(predicate != 0);
}

/* 1 if the predicate is non-zero on any active lane. */
__device__ inline int __any(int predicate)
{
	return __bh_warp_ballot(predicate != 0) != 0;
}

/* 1 if the predicate is non-zero on every active lane: no lane says no. */
__device__ inline int __all(int predicate)
{
	return __bh_warp_ballot(predicate == 0) == 0;
}

/*
 * Memory ordering among the lanes of this wave, for __syncwarp and the
 * sync() of tiles and coalesced groups.  The lanes already run in
 * lockstep, so no instruction waits: the fences (wavefront scope, which
 * needs no cache maintenance) and the wave barrier keep the compiler from
 * moving memory accesses across the call, and a wave's own accesses are
 * performed in order.
 */
__device__ inline void __bh_warp_barrier(void)
{
	__builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
	__builtin_amdgcn_wave_barrier();
	__builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
}

/* The lanes executing this call. */
__device__ inline unsigned long long __activemask(void)
{
	return __bh_warp_ballot(true);
}

/* ----------------------------------------------------------------- match */

/*
 * The types match accepts: 32- and 64-bit integers, float and double.
 * Values are compared as bit patterns (as CUDA's match does), so a NaN
 * matches the same NaN and +0.0 does not match -0.0.
 */
template <typename __bhT>
__device__ inline typename __bh_warp_bits<sizeof(__bhT)>::type __bh_warp_match_bits(__bhT value)
{
	static_assert((__is_integral(__bhT) || __is_floating_point(__bhT)) &&
			      (sizeof(__bhT) == 4 || sizeof(__bhT) == 8),
		      "__match_any/__match_all take int, unsigned int, long, unsigned long, "
		      "long long, unsigned long long, float or double");
	return __builtin_bit_cast(typename __bh_warp_bits<sizeof(__bhT)>::type, value);
}

/*
 * The active lanes holding the same value as this lane.  Each round takes
 * the value of the lowest lane not yet served and serves every lane that
 * holds it; the loop is uniform (the set left to serve is a ballot).
 */
template <typename __bhT> __device__ inline unsigned long long __match_any(__bhT value)
{
	typename __bh_warp_bits<sizeof(__bhT)>::type bits = __bh_warp_match_bits(value);
	unsigned long long todo = __bh_warp_ballot(true), result = 0;

	while (todo) {
		unsigned int first = (unsigned int)__builtin_ctzll(todo);
		unsigned long long same = __bh_warp_ballot(bits == __bh_warp_readlane(bits, first));

		if (same >> __bh_warp_lane() & 1)
			result = same;
		todo &= ~same;
	}
	return result;
}

/*
 * If every active lane holds the same value: the active lanes, and
 * *pred = 1.  Otherwise 0, and *pred = 0.
 */
template <typename __bhT> __device__ inline unsigned long long __match_all(__bhT value, int *pred)
{
	typename __bh_warp_bits<sizeof(__bhT)>::type bits = __bh_warp_match_bits(value);
	unsigned long long differ = __bh_warp_ballot(bits != __bh_warp_readfirstlane(bits));

	*pred = differ == 0;
	return differ == 0 ? __bh_warp_ballot(true) : 0;
}

/* -------------------------------------------------------------- shuffles */

/*
 * Source lanes, with self = this lane and the wave cut into segments of
 * `width` lanes (a power of two, at most warpSize):
 *   __shfl       lane src of this segment (src wraps within the segment);
 *   __shfl_up    self - delta, or self if that leaves the segment's start;
 *   __shfl_down  self + delta, or self if that passes the segment's end;
 *   __shfl_xor   self ^ mask, or self if that lies in a later segment
 *                (an earlier segment is read, as in HIP).
 */
__device__ inline int __bh_warp_shfl_src(int src, int width)
{
	return (src & (width - 1)) + ((int)__bh_warp_lane() & ~(width - 1));
}
__device__ inline int __bh_warp_shfl_up_src(unsigned int delta, int width)
{
	unsigned int self = __bh_warp_lane(), pos = self & (width - 1);

	return (int)(delta > pos ? self : self - delta);
}
__device__ inline int __bh_warp_shfl_down_src(unsigned int delta, int width)
{
	unsigned int self = __bh_warp_lane(), pos = self & (width - 1);

	return (int)(delta >= (unsigned int)width - pos ? self : self + delta);
}
__device__ inline int __bh_warp_shfl_xor_src(int mask, int width)
{
	int self = (int)__bh_warp_lane(), src = self ^ mask;

	return src >= ((self + width) & ~(width - 1)) ? self : src;
}

#define __BH_WARP_SHFL(T)                                                                  \
	__device__ inline T __shfl(T var, int srcLane, int width = warpSize)               \
	{                                                                                  \
		return __bh_warp_bpermute_t(__bh_warp_shfl_src(srcLane, width), var);      \
	}                                                                                  \
	__device__ inline T __shfl_up(T var, unsigned int delta, int width = warpSize)     \
	{                                                                                  \
		return __bh_warp_bpermute_t(__bh_warp_shfl_up_src(delta, width), var);     \
	}                                                                                  \
	__device__ inline T __shfl_down(T var, unsigned int delta, int width = warpSize)   \
	{                                                                                  \
		return __bh_warp_bpermute_t(__bh_warp_shfl_down_src(delta, width), var);   \
	}                                                                                  \
	__device__ inline T __shfl_xor(T var, int laneMask, int width = warpSize)          \
	{                                                                                  \
		return __bh_warp_bpermute_t(__bh_warp_shfl_xor_src(laneMask, width), var); \
	}
__BH_WARP_SHFL(int)
__BH_WARP_SHFL(unsigned int)
__BH_WARP_SHFL(long)
__BH_WARP_SHFL(unsigned long)
__BH_WARP_SHFL(long long)
__BH_WARP_SHFL(unsigned long long)
__BH_WARP_SHFL(float)
__BH_WARP_SHFL(double)
#undef __BH_WARP_SHFL

/* -------------------------------------------------------- _sync variants */

#if !defined(HIP_DISABLE_WARP_SYNC_BUILTINS)

/*
 * The mask as 64 bits.  Like HIP, refuse any mask type but a 64-bit
 * integer, at every wave size (seed 003: masks are 64-bit "even when
 * compiled for a device with 32 threads per warp"): a CUDA-style
 * 0xffffffff would silently leave out half of a wave64, and code that
 * builds at wave32 must build at wave64 too.
 */
template <typename MaskT> __device__ inline unsigned long long __bh_warp_sync_mask(MaskT mask)
{
	static_assert(__is_integral(MaskT) && sizeof(MaskT) == 8,
		      "The mask must be a 64-bit integer (unsigned long long), at wave32 too: "
		      "implicitly promoting a smaller integer is almost always an error.");
	unsigned long long m = (unsigned long long)mask;

	if (__AMDGCN_WAVEFRONT_SIZE__ == 32)
		m &= 0xffffffffull;
	return m;
}

/*
 * __syncwarp(mask): the lanes of mask exchange data through memory across
 * it.  Its mask must be a 64-bit integer at every wave size (seed 003, as
 * ROCm checks it): CUDA's __syncwarp(0xffffffff) is refused, at wave32
 * too, rather than silently naming half a wave64.
 */
__device__ inline void __syncwarp(void)
{
	__bh_warp_barrier();
}
template <typename MaskT> __device__ inline void __syncwarp(MaskT mask)
{
	static_assert(__is_integral(MaskT) && sizeof(MaskT) == 8,
		      "__syncwarp: the mask must be a 64-bit integer (unsigned long long), "
		      "at wave32 too: implicitly promoting a smaller integer is almost always "
		      "an error.");
	(void)mask;
	__bh_warp_barrier();
}

template <typename MaskT>
__device__ inline unsigned long long __ballot_sync(MaskT mask, int predicate)
{
	return __ballot(predicate) & __bh_warp_sync_mask(mask);
}
template <typename MaskT> __device__ inline int __any_sync(MaskT mask, int predicate)
{
	return (__ballot(predicate) & __bh_warp_sync_mask(mask)) != 0;
}
template <typename MaskT> __device__ inline int __all_sync(MaskT mask, int predicate)
{
	unsigned long long m = __bh_warp_sync_mask(mask);

	return (__ballot(predicate) & m) == m;
}

template <typename MaskT, typename __bhT>
__device__ inline unsigned long long __match_any_sync(MaskT mask, __bhT value)
{
	return __match_any(value) & __bh_warp_sync_mask(mask);
}
/* All lanes of the mask agree when they all match this lane. */
template <typename MaskT, typename __bhT>
__device__ inline unsigned long long __match_all_sync(MaskT mask, __bhT value, int *pred)
{
	unsigned long long m = __bh_warp_sync_mask(mask);
	bool all = (__match_any(value) & m) == m;

	*pred = all;
	return all ? m : 0;
}

template <typename MaskT, typename __bhT>
__device__ inline __bhT __shfl_sync(MaskT mask, __bhT var, int srcLane, int width = warpSize)
{
	(void)__bh_warp_sync_mask(mask);
	return __shfl(var, srcLane, width);
}
template <typename MaskT, typename __bhT>
__device__ inline __bhT __shfl_up_sync(MaskT mask, __bhT var, unsigned int delta, int width = warpSize)
{
	(void)__bh_warp_sync_mask(mask);
	return __shfl_up(var, delta, width);
}
template <typename MaskT, typename __bhT>
__device__ inline __bhT __shfl_down_sync(MaskT mask, __bhT var, unsigned int delta, int width = warpSize)
{
	(void)__bh_warp_sync_mask(mask);
	return __shfl_down(var, delta, width);
}
template <typename MaskT, typename __bhT>
__device__ inline __bhT __shfl_xor_sync(MaskT mask, __bhT var, int laneMask, int width = warpSize)
{
	(void)__bh_warp_sync_mask(mask);
	return __shfl_xor(var, laneMask, width);
}

/* ------------------------------------------------------------ reductions */

/* Position of the k-th (from 0) set bit of m; k < popcount(m). */
__device__ inline unsigned int __bh_warp_nth_bit(unsigned long long m, unsigned int k)
{
	unsigned int pos = 0;

	for (unsigned int w = 32; w; w >>= 1) {
		unsigned int below = __builtin_popcountll(m >> pos & ((1ull << w) - 1));

		if (k >= below) {
			k -= below;
			pos += w;
		}
	}
	return pos;
}

/*
 * Reduce var over the lanes of mask; every one of them gets the result.
 * The lanes are ranked by their position in the mask and combined as a
 * binary tree over the ranks (rank r takes in rank r + d when r is a
 * multiple of 2d), so holes in the mask cost nothing; rank 0 then holds
 * the result and every lane reads it.  Each lane works from its own mask,
 * so lanes passing different (disjoint) masks reduce separately.
 */
template <typename __bhT, typename Op>
__device__ inline __bhT __bh_warp_reduce(unsigned long long mask, __bhT var, Op op)
{
	unsigned int self = __bh_warp_lane();
	unsigned int n = __builtin_popcountll(mask);
	unsigned int rank = __builtin_popcountll(mask & ((1ull << self) - 1));

	for (unsigned int d = 1; d < n; d <<= 1) {
		bool take = (rank & (2 * d - 1)) == 0 && rank + d < n;
		int src = take ? (int)__bh_warp_nth_bit(mask, rank + d) : (int)self;
		__bhT other = __bh_warp_bpermute_t(src, var);

		if (take)
			var = op(var, other);
	}
	return __bh_warp_bpermute_t(mask ? __builtin_ctzll(mask) : (int)self, var);
}

struct __bh_warp_op_add {
	template <typename __bhT> __device__ __bhT operator()(__bhT a, __bhT b) const { return a + b; }
};
struct __bh_warp_op_min {
	template <typename __bhT> __device__ __bhT operator()(__bhT a, __bhT b) const { return b < a ? b : a; }
};
struct __bh_warp_op_max {
	template <typename __bhT> __device__ __bhT operator()(__bhT a, __bhT b) const { return a < b ? b : a; }
};
struct __bh_warp_op_and {
	template <typename __bhT> __device__ __bhT operator()(__bhT a, __bhT b) const { return a & b; }
};
struct __bh_warp_op_or {
	template <typename __bhT> __device__ __bhT operator()(__bhT a, __bhT b) const { return a | b; }
};
struct __bh_warp_op_xor {
	template <typename __bhT> __device__ __bhT operator()(__bhT a, __bhT b) const { return a ^ b; }
};

#define __BH_WARP_REDUCE(OP, T)                                                               \
	template <typename MaskT> __device__ inline T __reduce_##OP##_sync(MaskT mask, T var) \
	{                                                                                     \
		return __bh_warp_reduce(__bh_warp_sync_mask(mask), var, __bh_warp_op_##OP()); \
	}

/* The types of the seeds: add/min/max on int and unsigned, bitwise on unsigned. */
__BH_WARP_REDUCE(add, int)
__BH_WARP_REDUCE(add, unsigned int)
__BH_WARP_REDUCE(min, int)
__BH_WARP_REDUCE(min, unsigned int)
__BH_WARP_REDUCE(max, int)
__BH_WARP_REDUCE(max, unsigned int)
__BH_WARP_REDUCE(and, unsigned int)
__BH_WARP_REDUCE(or, unsigned int)
__BH_WARP_REDUCE(xor, unsigned int)

/* HIP's extra types, not in CUDA (half's are in hip_fp16.h). */
#ifdef HIP_ENABLE_EXTRA_WARP_SYNC_TYPES
__BH_WARP_REDUCE(add, long long)
__BH_WARP_REDUCE(add, unsigned long long)
__BH_WARP_REDUCE(add, float)
__BH_WARP_REDUCE(add, double)
__BH_WARP_REDUCE(min, long long)
__BH_WARP_REDUCE(min, unsigned long long)
__BH_WARP_REDUCE(min, float)
__BH_WARP_REDUCE(min, double)
__BH_WARP_REDUCE(max, long long)
__BH_WARP_REDUCE(max, unsigned long long)
__BH_WARP_REDUCE(max, float)
__BH_WARP_REDUCE(max, double)
__BH_WARP_REDUCE(and, int)
__BH_WARP_REDUCE(and, long long)
__BH_WARP_REDUCE(and, unsigned long long)
__BH_WARP_REDUCE(or, int)
__BH_WARP_REDUCE(or, long long)
__BH_WARP_REDUCE(or, unsigned long long)
__BH_WARP_REDUCE(xor, int)
__BH_WARP_REDUCE(xor, long long)
__BH_WARP_REDUCE(xor, unsigned long long)
#endif
#undef __BH_WARP_REDUCE

#endif /* !HIP_DISABLE_WARP_SYNC_BUILTINS */
