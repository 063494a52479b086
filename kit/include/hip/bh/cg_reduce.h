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

template <class __bhT> struct plus {
	__device__ __bhT operator()(const __bhT &a, const __bhT &b) const { return a + b; }
};
template <class __bhT> struct less {
	__device__ __bhT operator()(const __bhT &a, const __bhT &b) const { return b < a ? b : a; }
};
template <class __bhT> struct greater {
	__device__ __bhT operator()(const __bhT &a, const __bhT &b) const { return a < b ? b : a; }
};
template <class __bhT> struct bit_and {
	__device__ __bhT operator()(const __bhT &a, const __bhT &b) const { return a & b; }
};
template <class __bhT> struct bit_or {
	__device__ __bhT operator()(const __bhT &a, const __bhT &b) const { return a | b; }
};
template <class __bhT> struct bit_xor {
	__device__ __bhT operator()(const __bhT &a, const __bhT &b) const { return a ^ b; }
};

namespace __bh {
/* The lanes of this lane's group. */
template <unsigned int __bhN, class __bhP>
__device__ inline unsigned long long reduce_lanes(const thread_block_tile<__bhN, __bhP> &)
{
	return __bh_cg_tile_lanes(__bhN) & __bh_warp_ballot(true);
}
__device__ inline unsigned long long reduce_lanes(const coalesced_group &g)
{
	return access::lanes(g);
}
} // namespace __bh

template <class Group, class __bhT, class Op>
__device__ inline __bhT reduce(const Group &g, __bhT value, Op op)
{
	return __bh_warp_reduce(__bh::reduce_lanes(g), value, op);
}

} // namespace cooperative_groups
#endif
