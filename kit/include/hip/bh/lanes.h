/*
 * barehip: ROCm's lane functions (amd_device_functions.h), which ROCm's
 * libraries call by name (rocPRIM: ::__lane_id, ::__mbcnt_lo/hi):
 *   __lane_id()               this lane's index in the wave
 *   __mbcnt_lo(x, y)          y + the set bits of x's low 32 below this
 *   __mbcnt_hi(x, y)          lane (lo: lanes 0-31; hi: 32-63)
 *   __lanemask_lt/_gt/_eq()   the active lanes below / above this one,
 *                             and this lane's own bit
 *   __hip_ds_bpermute(f)      read src from the lane index/4 names (pull)
 *   __hip_ds_permute(f)       write src to the lane index/4 names (push)
 *   __hip_ds_swizzle(f)(src, pattern)   ds_swizzle's fixed patterns
 *   __hip_move_dpp(src, ctrl, row_mask, bank_mask, bound_ctrl)   v_mov
 *                             with a DPP lane pattern
 * Masks are 64-bit at every wave size (the high half 0 at wave32), as
 * in bh/warp.h.  tests/device/lane_functions.hip checks each.
 */
#pragma once

__device__ inline unsigned int __lane_id(void)
{
	return __bh_warp_lane();
}
__device__ inline unsigned int __mbcnt_lo(unsigned int x, unsigned int y)
{
	return __builtin_amdgcn_mbcnt_lo(x, y);
}
__device__ inline unsigned int __mbcnt_hi(unsigned int x, unsigned int y)
{
	return __builtin_amdgcn_mbcnt_hi(x, y);
}

__device__ inline unsigned long long __lanemask_eq(void)
{
	return 1ull << __bh_warp_lane();
}
__device__ inline unsigned long long __lanemask_lt(void)
{
	return (__lanemask_eq() - 1) & __bh_warp_ballot(true);
}
__device__ inline unsigned long long __lanemask_gt(void)
{
	/* (eq << 1) wraps to 0 past the last lane: then no lane is above */
	return ~((__lanemask_eq() << 1) - 1) & __bh_warp_ballot(true);
}

__device__ inline unsigned int __hip_ds_bpermute(int index, unsigned int src)
{
	return (unsigned int)__builtin_amdgcn_ds_bpermute(index, (int)src);
}
__device__ inline float __hip_ds_bpermutef(int index, float src)
{
	return __builtin_bit_cast(float,
		__builtin_amdgcn_ds_bpermute(index, __builtin_bit_cast(int, src)));
}
__device__ inline unsigned int __hip_ds_permute(int index, unsigned int src)
{
	return (unsigned int)__builtin_amdgcn_ds_permute(index, (int)src);
}
__device__ inline float __hip_ds_permutef(int index, float src)
{
	return __builtin_bit_cast(float,
		__builtin_amdgcn_ds_permute(index, __builtin_bit_cast(int, src)));
}

/* The pattern and the DPP controls are instruction fields: constants. */
template <int pattern>
__device__ inline unsigned int __hip_ds_swizzle_N(unsigned int src)
{
	return (unsigned int)__builtin_amdgcn_ds_swizzle((int)src, pattern);
}
template <int pattern>
__device__ inline float __hip_ds_swizzlef_N(float src)
{
	return __builtin_bit_cast(float,
		__builtin_amdgcn_ds_swizzle(__builtin_bit_cast(int, src), pattern));
}
#define __hip_ds_swizzle(src, pattern) __hip_ds_swizzle_N<(pattern)>((src))
#define __hip_ds_swizzlef(src, pattern) __hip_ds_swizzlef_N<(pattern)>((src))

template <int dpp_ctrl, int row_mask, int bank_mask, bool bound_ctrl>
__device__ inline int __hip_move_dpp_N(int src)
{
	return __builtin_amdgcn_mov_dpp(src, dpp_ctrl, row_mask, bank_mask, bound_ctrl);
}
#define __hip_move_dpp(src, dpp_ctrl, row_mask, bank_mask, bound_ctrl) \
	__hip_move_dpp_N<(dpp_ctrl), (row_mask), (bank_mask), (bound_ctrl)>((src))
