// SPDX-License-Identifier: MIT
/*
 * __syncthreads: release fence at workgroup scope, s_barrier, acquire
 * fence (HIP's __barrier(__CLK_LOCAL_MEM_FENCE), docs/facts/devlib.md §2.5).
 */
#include "firmware.h"

BH_EXPORT void __syncthreads(void)
{
	__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
	__builtin_amdgcn_s_barrier();
	__builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
