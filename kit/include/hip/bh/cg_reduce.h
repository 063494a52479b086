/*
 * barehip: cooperative groups' reduce(group, value, op) over a tile or a
 * coalesced group, with the function objects plus, less (the smaller),
 * greater (the larger), bit_and, bit_or and bit_xor, or any callable
 * taking and returning the value's type; every member gets the result.
 * As in ROCm it sits beside the _sync warp functions (the reduction is
 * theirs: bh/warp.h) and goes with them under HIP_DISABLE_WARP_SYNC_BUILTINS.
 * Values move as 32- or 64-bit words.  Included by
 * hip_cooperative_groups.h.
 */
#pragma once

#if !defined(HIP_DISABLE_WARP_SYNC_BUILTINS)
namespace cooperative_groups {

template <class T> struct plus {
	__device__ T operator()(const T &a, const T &b) const { return a + b; }
};
template <class T> struct less {
	__device__ T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};
template <class T> struct greater {
	__device__ T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
template <class T> struct bit_and {
	__device__ T operator()(const T &a, const T &b) const { return a & b; }
};
template <class T> struct bit_or {
	__device__ T operator()(const T &a, const T &b) const { return a | b; }
};
template <class T> struct bit_xor {
	__device__ T operator()(const T &a, const T &b) const { return a ^ b; }
};

namespace __bh {
/* The lanes of this lane's group. */
template <unsigned int N, class P>
__device__ inline unsigned long long reduce_lanes(const thread_block_tile<N, P> &)
{
	return __bh_cg_tile_lanes(N) & __bh_warp_ballot(true);
}
__device__ inline unsigned long long reduce_lanes(const coalesced_group &g)
{
	return access::lanes(g);
}
} // namespace __bh

template <class Group, class T, class Op>
__device__ inline T reduce(const Group &g, T value, Op op)
{
	return __bh_warp_reduce(__bh::reduce_lanes(g), value, op);
}

} // namespace cooperative_groups
#endif
