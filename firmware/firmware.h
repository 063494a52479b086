/* SPDX-License-Identifier: MIT */
/*
 * Shared definitions of barehip's device builtin library.  Freestanding
 * C for amdgcn; exported names follow ROCm's ockl/ocml ABI so that the
 * HIP headers (ours, and clang's own wrappers) link against it.
 */
#ifndef BH_FIRMWARE_H
#define BH_FIRMWARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Exported to kernels; hidden so that LTO may internalise and inline. */
#define BH_EXPORT __attribute__((visibility("hidden")))
#define BH_CONST __attribute__((const))

/* The exported ABI (prototypes also keep -Wmissing-prototypes honest). */
BH_EXPORT BH_CONST size_t __ockl_get_local_id(unsigned int dim);
BH_EXPORT BH_CONST size_t __ockl_get_group_id(unsigned int dim);
BH_EXPORT BH_CONST size_t __ockl_get_local_size(unsigned int dim);
BH_EXPORT BH_CONST size_t __ockl_get_num_groups(unsigned int dim);
BH_EXPORT BH_CONST size_t __ockl_get_global_id(unsigned int dim);
BH_EXPORT BH_CONST size_t __ockl_get_global_size(unsigned int dim);
BH_EXPORT void __syncthreads(void);
BH_EXPORT __attribute__((address_space(1))) void *__printf_alloc(unsigned int bytes);
BH_EXPORT uint64_t __ockl_dm_alloc(uint64_t size);
BH_EXPORT void __ockl_dm_dealloc(uint64_t addr);
BH_EXPORT int __ockl_grid_is_valid(void);
BH_EXPORT void __ockl_grid_sync(void);
BH_EXPORT int __ockl_multi_grid_is_valid(void);
BH_EXPORT void __ockl_multi_grid_sync(void);
BH_EXPORT uint32_t __ockl_multi_grid_num_grids(void);
BH_EXPORT uint32_t __ockl_multi_grid_grid_rank(void);
BH_EXPORT uint32_t __ockl_multi_grid_size(void);
BH_EXPORT uint32_t __ockl_multi_grid_thread_rank(void);

/* Global memory (address space 1). */
#define GLOBAL __attribute__((address_space(1)))

/* Code object v5 implicit (hidden) kernel arguments, docs/facts/devlib.md §2.1. */
#define IMPLICITARG_BLOCK_COUNT_X	0	/* u32 × 3 */
#define IMPLICITARG_GROUP_SIZE_X	12	/* u16 × 3 */
#define IMPLICITARG_REMAINDER_X		18	/* u16 × 3 */
#define IMPLICITARG_PRINTF_BUFFER	72	/* u64: hidden_printf_buffer */
#define IMPLICITARG_MULTIGRID_SYNC	88	/* u64: hidden_multigrid_sync_arg */
#define IMPLICITARG_HEAP		96	/* u64: hidden_heap_v1 */

static inline const __attribute__((address_space(4))) uint8_t *implicitarg(void)
{
	return (const __attribute__((address_space(4))) uint8_t *)
		__builtin_amdgcn_implicitarg_ptr();
}

/* A 64-bit pointer among the hidden arguments. */
static inline GLOBAL uint8_t *implicitarg_ptr(unsigned int offset)
{
	GLOBAL uint8_t *p;

	__builtin_memcpy(&p, (const void *)(implicitarg() + offset), sizeof(p));
	return p;
}

/* This lane's index in its wave (wave64 and wave32 alike). */
static inline uint32_t lane_id(void)
{
	return __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
}

#endif
