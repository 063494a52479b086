// SPDX-License-Identifier: MIT
/*
 * Kernel launch: <<<grid, block, shared, stream>>> becomes
 * __hipPushCallConfiguration, then the stub clang generated calls
 * __hipPopCallConfiguration and hipLaunchKernel with the argument
 * pointers.  The loader validates, builds kernarg and PM4, and rings
 * the doorbell.
 */
#include "runtime.h"

#define CONFIG_STACK_DEPTH 16	/* <<<>>> nested in argument expressions */

struct call_config {
	dim3 grid, block;
	size_t shared;
	hipStream_t stream;
};

static _Thread_local struct call_config stack[CONFIG_STACK_DEPTH];
static _Thread_local unsigned depth;

hipError_t __hipPushCallConfiguration(dim3 grid, dim3 block, size_t shared,
				      hipStream_t stream)
{
	if (depth >= CONFIG_STACK_DEPTH)
		return bh_rt_error(hipErrorInvalidConfiguration,
				   "<<<>>> nested more than %d deep", CONFIG_STACK_DEPTH);
	stack[depth++] = (struct call_config){ grid, block, shared, stream };
	return hipSuccess;
}

hipError_t __hipPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shared,
				     hipStream_t *stream)
{
	if (depth == 0)
		return bh_rt_error(hipErrorInvalidConfiguration,
				   "__hipPopCallConfiguration without a push");
	depth--;
	*grid = stack[depth].grid;
	*block = stack[depth].block;
	*shared = stack[depth].shared;
	*stream = stack[depth].stream;
	return hipSuccess;
}

static hipError_t launch(const char *api, const void *function, dim3 grid, dim3 block,
			 void **args, size_t shared, hipStream_t stream, uint32_t flags)
{
	struct bh_error err = { 0 };
	const struct bh_kernel *k;
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	if (stream)
		return bh_rt_error(hipErrorNotSupported,
				   "%s: only the null stream exists so far", api);
	struct bh_function *f = function ? bh_rt_function(function) : NULL;

	if (!f)
		return bh_rt_error(hipErrorInvalidDeviceFunction,
				   "%s(%p): not a registered __global__ function", api,
				   function);
	e = bh_rt_kernel(f, &k);
	if (e)
		return e;
	uint32_t g[3] = { grid.x, grid.y, grid.z }, b[3] = { block.x, block.y, block.z };
	struct bh_launch l = { .dynamic_lds = (uint32_t)shared, .args = args, .flags = flags };

	for (int d = 0; d < 3; d++) {
		uint64_t items = (uint64_t)g[d] * b[d];

		/* The seed's rule: gridDim·blockDim must fit in 32 bits. */
		if (items >= (1ull << 32))
			return bh_rt_error(hipErrorInvalidConfiguration,
					   "kernel '%s' grid (%u,%u,%u) block (%u,%u,%u): "
					   "%c dimension has %llu work-items, more than 2^32-1",
					   k->name, g[0], g[1], g[2], b[0], b[1], b[2],
					   "xyz"[d], (unsigned long long)items);
		l.grid[d] = (uint32_t)items;
		l.block[d] = b[d];
	}
	if (shared > UINT32_MAX)
		return bh_rt_error(hipErrorInvalidConfiguration,
				   "kernel '%s': %zu bytes of dynamic shared memory", k->name,
				   shared);
	if (bh_queue_launch(bh_rt.queue, k, &l, NULL, &err)) {
		if (err.code == BH_ENOSPC)
			return bh_rt_error(hipErrorCooperativeLaunchTooLarge, "%s", err.message);
		return bh_rt_loader_error(&err, hipErrorLaunchFailure);
	}
	return hipSuccess;
}

hipError_t hipLaunchKernel(const void *function, dim3 grid, dim3 block,
			   void **args, size_t shared, hipStream_t stream)
{
	return launch("hipLaunchKernel", function, grid, block, args, shared, stream, 0);
}

hipError_t hipLaunchCooperativeKernel(const void *f, dim3 grid, dim3 block, void **args,
				      unsigned int shared, hipStream_t stream)
{
	return launch("hipLaunchCooperativeKernel", f, grid, block, args, shared, stream,
		      BH_LAUNCH_COOPERATIVE);
}

/* Workgroups of @f one CU holds at once (the loader's occupancy rules,
 * the same that decide whether a cooperative launch fits). */
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *num_blocks, const void *f,
							int block_size, size_t dynamic_lds)
{
	struct bh_error err = { 0 };
	struct bh_occupancy occ;
	const struct bh_kernel *k;
	hipError_t e;

	if (!num_blocks)
		return bh_rt_error(hipErrorInvalidValue,
				   "hipOccupancyMaxActiveBlocksPerMultiprocessor: numBlocks is NULL");
	*num_blocks = 0;
	e = bh_rt_init();
	if (e)
		return e;
	struct bh_function *fn = f ? bh_rt_function(f) : NULL;

	if (!fn)
		return bh_rt_error(hipErrorInvalidDeviceFunction,
				   "hipOccupancyMaxActiveBlocksPerMultiprocessor(%p): not a "
				   "registered __global__ function", f);
	e = bh_rt_kernel(fn, &k);
	if (e)
		return e;
	if (block_size <= 0 || dynamic_lds > UINT32_MAX ||
	    bh_kernel_occupancy(bh_rt.dev, k, (uint32_t)block_size, (uint32_t)dynamic_lds,
				&occ, &err))
		return bh_rt_error(hipErrorInvalidValue,
				   "hipOccupancyMaxActiveBlocksPerMultiprocessor(kernel '%s', "
				   "%d threads, %zu bytes of dynamic LDS): %s", k->name,
				   block_size, dynamic_lds,
				   block_size <= 0 ? "the block size must be positive" : err.message);
	*num_blocks = (int)occ.groups_per_cu;
	return bh_rt_success();
}
