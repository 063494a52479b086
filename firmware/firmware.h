/* SPDX-License-Identifier: MIT */
/*
 * Shared definitions of barehip's device builtin library.  Freestanding
 * C for amdgcn; exported names follow ROCm's ockl/ocml ABI so that the
 * HIP headers (ours, and clang's own wrappers) link against it.
 */
#ifndef BH_FIRMWARE_H
#define BH_FIRMWARE_H

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
BH_EXPORT void __syncthreads(void);
BH_EXPORT __attribute__((address_space(1))) void *__printf_alloc(unsigned int bytes);

/* Code object v5 implicit (hidden) kernel arguments, ref/devlib.md §2.1. */
#define IMPLICITARG_BLOCK_COUNT_X	0	/* u32 × 3 */
#define IMPLICITARG_GROUP_SIZE_X	12	/* u16 × 3 */
#define IMPLICITARG_REMAINDER_X		18	/* u16 × 3 */
#define IMPLICITARG_PRINTF_BUFFER	72	/* u64: hidden_printf_buffer */

static inline const __attribute__((address_space(4))) uint8_t *implicitarg(void)
{
	return (const __attribute__((address_space(4))) uint8_t *)
		__builtin_amdgcn_implicitarg_ptr();
}

#endif
