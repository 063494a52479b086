// SPDX-License-Identifier: MIT
/*
 * Kernel attributes and occupancy: what the code object says about a
 * __global__ function (registers, private and LDS bytes, launch bounds)
 * and how many of its blocks one compute unit holds at once.  The
 * residency rules are the loader's (bh_kernel_occupancy: wave slots,
 * the VGPR and SGPR files, LDS, workgroup slots), the same that decide
 * whether a cooperative launch fits, so what these calls promise is
 * what a launch gets.
 */
#include <stdint.h>

#include "runtime.h"

/* The kernel behind the host-side handle @f, loaded. */
static hipError_t kernel_of(const char *api, const void *f, struct bh_function **fn,
			    const struct bh_kernel **k)
{
	hipError_t e;

	*fn = f ? bh_rt_function(f) : NULL;
	if (!*fn)	/* or its hipGetFuncBySymbol handle */
		*fn = bh_rt_function_handle(f);
	if (!*fn)
		return bh_rt_error(hipErrorInvalidDeviceFunction,
				   "%s(%p): not a registered __global__ function", api, f);
	e = bh_rt_init();
	if (e)
		return e;
	return bh_rt_kernel(bh_rt_current(), *fn, k);
}

/* The largest block @k can be launched with on this device. */
static uint32_t block_limit(const struct bh_kernel *k)
{
	const struct bh_device_info *di = bh_device_get_info(bh_rt_current()->dev);

	return k->max_flat_workgroup_size < di->max_workgroup_size ?
	       k->max_flat_workgroup_size : di->max_workgroup_size;
}

void bh_rt_kernel_attributes(const struct bh_kernel *k, size_t const_bytes,
			     hipFuncAttributes *out)
{
	const struct bh_device_info *di = bh_device_get_info(bh_rt_current()->dev);
	int version = (int)(di->gfx_version / 10000 * 10 + di->gfx_version / 100 % 100);
	uint32_t regs = k->vgpr_count;

	/* gfx90a/gfx942: AccVGPRs share the file, allocated after the
	 * ArchVGPRs from a 4-aligned offset (accum_offset). */
	if (k->agpr_count)
		regs = (regs + 3) / 4 * 4 + k->agpr_count;
	*out = (hipFuncAttributes){
		.binaryVersion = version,
		.ptxVersion = version,
		.constSizeBytes = const_bytes,
		.localSizeBytes = k->private_segment_fixed_size,
		.sharedSizeBytes = k->group_segment_fixed_size,
		.maxDynamicSharedSizeBytes = k->group_segment_fixed_size < di->lds_size ?
					     (int)(di->lds_size - k->group_segment_fixed_size) : 0,
		.maxThreadsPerBlock = (int)block_limit(k),
		.numRegs = (int)regs,
	};
}

hipError_t hipFuncGetAttributes(hipFuncAttributes *attr, const void *func)
{
	const struct bh_kernel *k;
	struct bh_function *fn;
	size_t const_bytes = 0;
	hipError_t e;

	if (!attr)
		return bh_rt_error(hipErrorInvalidValue, "hipFuncGetAttributes: attr is NULL");
	e = kernel_of("hipFuncGetAttributes", func, &fn, &k);
	if (e)
		return e;
	bh_rt_code_lock();
	for (const struct bh_var *v = bh_rt.vars; v; v = v->next)
		if (v->constant && v->fatbin == fn->fatbin)
			const_bytes += v->size;
	bh_rt_code_unlock();
	bh_rt_kernel_attributes(k, const_bytes, attr);
	return bh_rt_success();
}

hipError_t bh_rt_max_active_blocks(const char *api, const struct bh_kernel *k, int block_size,
				   size_t dynamic_lds, unsigned int flags, int *num_blocks)
{
	struct bh_error err = { 0 };
	struct bh_occupancy occ;

	*num_blocks = 0;
	if (flags != hipOccupancyDefault && flags != hipOccupancyDisableCachingOverride)
		return bh_rt_error(hipErrorInvalidValue, "%s(kernel '%s'): unknown flags 0x%x",
				   api, k->name, flags);
	if (block_size <= 0)
		return bh_rt_error(hipErrorInvalidValue, "%s(kernel '%s'): block size %d is not "
				   "positive", api, k->name, block_size);
	/* More shared memory than any CU has: no block fits, 0 (ROCm's HIP
	 * answers so, dividing the CU's LDS by the block's in size_t). */
	if (dynamic_lds > UINT32_MAX)
		dynamic_lds = UINT32_MAX;
	/* A block the kernel cannot be launched with has no occupancy (HIP
	 * answers 0 rather than an error). */
	if ((uint32_t)block_size > block_limit(k))
		return bh_rt_success();
	if (bh_kernel_occupancy(bh_rt_current()->dev, k, (uint32_t)block_size, (uint32_t)dynamic_lds, &occ,
				&err))
		return bh_rt_error(hipErrorInvalidValue, "%s: %s", api, err.message);
	*num_blocks = (int)occ.groups_per_cu;
	return bh_rt_success();
}

/* Both forms: the kernel of @f, then the loader's count (@api names it). */
static hipError_t max_active(const char *api, int *num_blocks, const void *f, int block_size,
			     size_t dynamic_lds, unsigned int flags)
{
	const struct bh_kernel *k;
	struct bh_function *fn;
	hipError_t e;

	if (!num_blocks)
		return bh_rt_error(hipErrorInvalidValue, "%s: numBlocks is NULL", api);
	*num_blocks = 0;
	e = kernel_of(api, f, &fn, &k);
	if (e)
		return e;
	return bh_rt_max_active_blocks(api, k, block_size, dynamic_lds, flags, num_blocks);
}

hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *num_blocks, const void *f,
								 int block_size,
								 size_t dynamic_lds,
								 unsigned int flags)
{
	return max_active("hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags", num_blocks, f,
			  block_size, dynamic_lds, flags);
}

hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *num_blocks, const void *f,
							int block_size, size_t dynamic_lds)
{
	return max_active("hipOccupancyMaxActiveBlocksPerMultiprocessor", num_blocks, f,
			  block_size, dynamic_lds, hipOccupancyDefault);
}

/*
 * The block size that keeps the most threads resident on a CU: every
 * multiple of the wave size up to the limit (and the limit itself when
 * it is not one), the largest winning a tie, since fewer, larger blocks
 * fill the device with the same threads.  The grid is that many blocks
 * on every CU.
 */
hipError_t bh_rt_max_potential_block_size(const char *api, const struct bh_kernel *k,
					  size_t dynamic_lds, int block_size_limit,
					  int *grid_size, int *block_size)
{
	const struct bh_device_info *di = bh_device_get_info(bh_rt_current()->dev);
	uint32_t wave = k->wavefront_size ? k->wavefront_size : di->wave_size;
	uint32_t limit = block_limit(k), best = 0, best_blocks = 0;

	*grid_size = *block_size = 0;
	if (block_size_limit < 0)
		return bh_rt_error(hipErrorInvalidValue, "%s(kernel '%s'): block size limit %d "
				   "is negative", api, k->name, block_size_limit);
	if (block_size_limit > 0 && (uint32_t)block_size_limit < limit)
		limit = (uint32_t)block_size_limit;
	for (uint32_t top = (limit + wave - 1) / wave * wave; top > 0; top -= wave) {
		uint32_t size = top < limit ? top : limit;
		int blocks;
		hipError_t e = bh_rt_max_active_blocks(api, k, (int)size, dynamic_lds,
						       hipOccupancyDefault, &blocks);

		if (e)
			return e;
		if ((uint64_t)size * (uint32_t)blocks > (uint64_t)best * best_blocks) {
			best = size;
			best_blocks = (uint32_t)blocks;
		}
	}
	if (!best)
		return bh_rt_error(hipErrorInvalidValue, "%s(kernel '%s'): no block fits: %u bytes "
				   "of static and %zu of dynamic shared memory, %u available",
				   api, k->name, k->group_segment_fixed_size, dynamic_lds,
				   di->lds_size);
	*grid_size = (int)(best_blocks * di->num_cus);
	*block_size = (int)best;
	return bh_rt_success();
}

hipError_t hipOccupancyMaxPotentialBlockSize(int *grid_size, int *block_size, const void *f,
					     size_t dynamic_lds, int block_size_limit)
{
	static const char api[] = "hipOccupancyMaxPotentialBlockSize";
	const struct bh_kernel *k;
	struct bh_function *fn;
	hipError_t e;

	if (!grid_size || !block_size)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api,
				   grid_size ? "blockSize" : "gridSize");
	e = kernel_of(api, f, &fn, &k);
	if (e)
		return e;
	return bh_rt_max_potential_block_size(api, k, dynamic_lds, block_size_limit, grid_size,
					      block_size);
}
