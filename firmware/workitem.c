// SPDX-License-Identifier: MIT
/*
 * Work-item built-ins behind threadIdx, blockIdx, blockDim and gridDim
 * (ockl's workitem ABI).  Code object v5: the group size and counts
 * come from the hidden kernel arguments; the last, partial group of a
 * dimension sees the remainder as its size (docs/facts/devlib.md §2.1).
 */
#include "firmware.h"


BH_EXPORT BH_CONST size_t __ockl_get_local_id(unsigned int dim)
{
	switch (dim) {
	case 0: return __builtin_amdgcn_workitem_id_x();
	case 1: return __builtin_amdgcn_workitem_id_y();
	case 2: return __builtin_amdgcn_workitem_id_z();
	}
	return 0;
}

BH_EXPORT BH_CONST size_t __ockl_get_group_id(unsigned int dim)
{
	switch (dim) {
	case 0: return __builtin_amdgcn_workgroup_id_x();
	case 1: return __builtin_amdgcn_workgroup_id_y();
	case 2: return __builtin_amdgcn_workgroup_id_z();
	}
	return 0;
}

static uint32_t block_count(unsigned int dim)
{
	return *(const __attribute__((address_space(4))) uint32_t *)
		(implicitarg() + IMPLICITARG_BLOCK_COUNT_X + 4 * dim);
}

static uint32_t implicit_u16(unsigned int offset, unsigned int dim)
{
	return *(const __attribute__((address_space(4))) uint16_t *)
		(implicitarg() + offset + 2 * dim);
}

BH_EXPORT BH_CONST size_t __ockl_get_local_size(unsigned int dim)
{
	if (dim > 2)
		return 1;
	/*
	 * Both loads, then a choice of values: as a choice of addresses
	 * (what the optimiser makes of an if/else of loads) the compiler
	 * could no longer tell which hidden arguments the kernel reads, and
	 * its metadata would then ask for all of them -- the heap, the
	 * hostcall buffer -- in every kernel.
	 */
	uint32_t full = implicit_u16(IMPLICITARG_GROUP_SIZE_X, dim);
	uint32_t partial = implicit_u16(IMPLICITARG_REMAINDER_X, dim);

	return __ockl_get_group_id(dim) < block_count(dim) ? full : partial;
}

BH_EXPORT BH_CONST size_t __ockl_get_num_groups(unsigned int dim)
{
	if (dim > 2)
		return 1;
	return block_count(dim) + (implicit_u16(IMPLICITARG_REMAINDER_X, dim) != 0);
}

BH_EXPORT BH_CONST size_t __ockl_get_global_id(unsigned int dim)
{
	if (dim > 2)
		return 0;
	return __ockl_get_group_id(dim) * implicit_u16(IMPLICITARG_GROUP_SIZE_X, dim) +
	       __ockl_get_local_id(dim);
}

/* Work-items in the grid along @dim, the partial group included. */
BH_EXPORT BH_CONST size_t __ockl_get_global_size(unsigned int dim)
{
	if (dim > 2)
		return 1;
	return (size_t)block_count(dim) * implicit_u16(IMPLICITARG_GROUP_SIZE_X, dim) +
	       implicit_u16(IMPLICITARG_REMAINDER_X, dim);
}
