// SPDX-License-Identifier: MIT
/*
 * Kernel launch: <<<grid, block, shared, stream>>> becomes
 * __hipPushCallConfiguration, then the stub clang generated calls
 * __hipPopCallConfiguration and hipLaunchKernel with the argument
 * pointers (hipLaunchKernel_spt under -fgpu-default-stream=per-thread).
 * The loader validates, builds kernarg and PM4, and rings the doorbell.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

#define CONFIG_STACK_DEPTH 16	/* <<<>>> nested in argument expressions */
/* hipSetupArgument's buffer: the explicit kernarg bytes a kernel may take. */
#define SETUP_ARGS_MAX 4096

struct call_config {
	dim3 grid, block;
	size_t shared;
	hipStream_t stream;
	/* hipSetupArgument's bytes for hipLaunchByPtr (malloc'd on first use) */
	unsigned char *args;
	size_t args_size;
};

static _Thread_local struct call_config stack[CONFIG_STACK_DEPTH];
static _Thread_local unsigned depth;

hipError_t __hipPushCallConfiguration(dim3 grid, dim3 block, size_t shared,
				      hipStream_t stream)
{
	if (depth >= CONFIG_STACK_DEPTH)
		return bh_rt_error(hipErrorInvalidConfiguration,
				   "<<<>>> nested more than %d deep", CONFIG_STACK_DEPTH);
	stack[depth++] = (struct call_config){ grid, block, shared, stream, NULL, 0 };
	return hipSuccess;
}

/* Take the top configuration off; the caller frees out->args. */
static hipError_t pop_config(const char *api, struct call_config *out)
{
	if (depth == 0)
		return bh_rt_error(hipErrorInvalidConfiguration, "%s without a configuration "
				   "(<<<>>> or hipConfigureCall)", api);
	*out = stack[--depth];
	return hipSuccess;
}

hipError_t __hipPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shared,
				     hipStream_t *stream)
{
	struct call_config c = { 0 };	/* gcc cannot see pop_config sets it */
	hipError_t e = pop_config("__hipPopCallConfiguration", &c);

	if (e)
		return e;
	free(c.args);
	*grid = c.grid;
	*block = c.block;
	*shared = c.shared;
	*stream = c.stream;
	return hipSuccess;
}

/*
 * The launch API from before <<<>>> (deprecated, still in ROCm):
 * hipConfigureCall pushes a configuration as <<<>>> does, hipSetupArgument
 * places each argument at its offset in the kernel's explicit kernarg,
 * and hipLaunchByPtr pops the configuration and launches with those bytes.
 */
hipError_t hipConfigureCall(dim3 grid, dim3 block, size_t shared, hipStream_t stream)
{
	return __hipPushCallConfiguration(grid, block, shared, stream);
}

hipError_t hipSetupArgument(const void *arg, size_t size, size_t offset)
{
	static const char api[] = "hipSetupArgument";

	if (depth == 0)
		return bh_rt_error(hipErrorInvalidConfiguration,
				   "%s without hipConfigureCall first", api);
	if (!arg && size)
		return bh_rt_error(hipErrorInvalidValue, "%s: arg is NULL", api);
	if (offset > SETUP_ARGS_MAX || size > SETUP_ARGS_MAX - offset)
		return bh_rt_error(hipErrorInvalidValue, "%s: %zu bytes at offset %zu go past "
				   "the %d bytes of arguments a kernel can take", api, size,
				   offset, SETUP_ARGS_MAX);
	struct call_config *c = &stack[depth - 1];

	if (!c->args && !(c->args = calloc(1, SETUP_ARGS_MAX)))
		return bh_rt_error(hipErrorOutOfMemory, "%s: no host memory", api);
	if (size)
		memcpy(c->args + offset, arg, size);
	if (offset + size > c->args_size)
		c->args_size = offset + size;
	return hipSuccess;
}

/* A launch refused: barehip's message is also an AMD_LOG_LEVEL error line. */
static hipError_t logged(hipError_t e)
{
	BH_RT_LOG(1, "%s", bh_get_last_error_message());
	return e;
}

static hipError_t launch_on(const char *api, const struct bh_kernel *k,
			    const uint32_t items[3], dim3 block, size_t shared,
			    struct ihipStream_t *s, struct bh_launch *l);

/*
 * Launch loaded kernel @k: @grid counts blocks, as HIP does; @l carries
 * the arguments (args or raw_args) and flags.  hipLaunchKernel and the
 * module API (module.c) both come here.
 */
hipError_t bh_rt_launch(const char *api, const struct bh_kernel *k, dim3 grid, dim3 block,
			size_t shared, struct ihipStream_t *s, struct bh_launch *l)
{
	uint32_t g[3] = { grid.x, grid.y, grid.z }, b[3] = { block.x, block.y, block.z };
	uint32_t items[3];

	for (int d = 0; d < 3; d++) {
		uint64_t n = (uint64_t)g[d] * b[d];

		/* The seed's rule: gridDim·blockDim must fit in 32 bits. */
		if (n >= (1ull << 32))
			return logged(bh_rt_error(hipErrorInvalidConfiguration,
					   "kernel '%s' grid (%u,%u,%u) block (%u,%u,%u): "
					   "%c dimension has %llu work-items, more than 2^32-1",
					   k->name, g[0], g[1], g[2], b[0], b[1], b[2],
					   "xyz"[d], (unsigned long long)n));
		items[d] = (uint32_t)n;
	}
	if (bh_rt_capturing(s) && shared <= UINT32_MAX)	/* a graph node, not a launch */
		return bh_rt_capture_kernel(api, s, k, grid, block, shared, l);
	BH_RT_LOG(3, "%s ( kernel '%s', grid (%u,%u,%u), block (%u,%u,%u), shared %zu, "
		  "stream %p )", api, k->name, g[0], g[1], g[2], b[0], b[1], b[2], shared,
		  (void *)s);
	return launch_on(api, k, items, block, shared, s, l);
}

/*
 * Launch loaded kernel @k over @items work-items per dimension (AMD's
 * global work size, as an AQL packet has it): a size that is not a
 * multiple of the block's ends in a partial workgroup, whose work-items
 * see its size as blockDim (the hidden remainder arguments).
 */
hipError_t bh_rt_launch_items(const char *api, const struct bh_kernel *k,
			      const uint32_t items[3], dim3 block, size_t shared,
			      struct ihipStream_t *s, struct bh_launch *l)
{
	BH_RT_LOG(3, "%s ( kernel '%s', work-items (%u,%u,%u), block (%u,%u,%u), shared %zu, "
		  "stream %p )", api, k->name, items[0], items[1], items[2], block.x, block.y,
		  block.z, shared, (void *)s);
	return launch_on(api, k, items, block, shared, s, l);
}

static hipError_t launch_on(const char *api, const struct bh_kernel *k,
			    const uint32_t items[3], dim3 block, size_t shared,
			    struct ihipStream_t *s, struct bh_launch *l)
{
	struct bh_error err = { 0 };
	uint64_t seq;
	hipError_t e;
	uint32_t b[3] = { block.x, block.y, block.z };

	l->dynamic_lds = (uint32_t)shared;
	for (int d = 0; d < 3; d++) {
		l->grid[d] = items[d];
		l->block[d] = b[d];
	}
	if (shared > UINT32_MAX)
		return logged(bh_rt_error(hipErrorInvalidConfiguration,
				   "kernel '%s': %zu bytes of dynamic shared memory", k->name,
				   shared));
	/* bh_rt_launch captured a launch by blocks before it came here. */
	if (bh_rt_capturing(s))
		return logged(bh_rt_error(hipErrorStreamCaptureUnsupported,
				   "%s(kernel '%s'): a launch by work-items cannot be captured "
				   "into a graph", api, k->name));
	/* On the stream's queue, behind what the stream must wait for. */
	bh_rt_stream_lock(s);
	e = bh_rt_stream_begin(s, api);
	if (!e && bh_queue_launch(s->rq->q, k, l, &seq, &err))
		e = err.code == BH_ENOSPC ? hipErrorCooperativeLaunchTooLarge
					  : hipErrorLaunchFailure;
	else if (!e)
		bh_rt_stream_end(s, seq);
	bh_rt_stream_unlock(s);
	/* ROCm returns hipErrorLaunchFailure, and logs this at level 1. */
	if (err.code == BH_EBOUNDS)
		BH_RT_LOG(1, "Launch params (%u, %u, %u) are larger than launch bounds (%u) for "
			  "kernel %s", b[0], b[1], b[2], k->max_flat_workgroup_size, k->name);
	if (e == hipErrorCooperativeLaunchTooLarge)
		e = logged(bh_rt_error(e, "%s", err.message));
	else if (e && err.code == BH_EBOUNDS)
		e = bh_rt_loader_error(&err, hipErrorLaunchFailure);
	else if (e && err.code)
		e = logged(bh_rt_loader_error(&err, hipErrorLaunchFailure));
	BH_RT_LOG(3, "%s: Returned %s", api, hipGetErrorName(e));
	return e;
}

static hipError_t launch(const char *api, const void *function, dim3 grid, dim3 block,
			 void **args, size_t shared, hipStream_t stream, uint32_t flags)
{
	struct bh_launch l = { .args = args, .flags = flags };
	const struct bh_kernel *k;
	struct ihipStream_t *s;
	/* The kernel runs on the stream's device (the null stream: the
	 * current device's). */
	hipError_t e = bh_rt_stream_get(stream, api, hipErrorContextIsDestroyed, &s);

	if (e)
		return e;
	struct bh_function *f = function ? bh_rt_function(function) : NULL;

	if (!f)
		return bh_rt_error(hipErrorInvalidDeviceFunction,
				   "%s(%p): not a registered __global__ function", api,
				   function);
	e = bh_rt_kernel(s->d, f, &k);
	if (e)
		return e;
	return bh_rt_launch(api, k, grid, block, shared, s, &l);
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

/*
 * AMD's launch with events: @start recorded on @stream just before the
 * kernel, @stop just after it (either may be NULL), so that
 * hipEventElapsedTime times the kernel.  hipExtAnyOrderLaunch lets ROCm
 * start it before earlier kernels of the stream end; here kernels of a
 * stream always run in order, which that allows.
 */
hipError_t hipExtLaunchKernel(const void *function, dim3 grid, dim3 block, void **args,
			      size_t shared, hipStream_t stream, hipEvent_t start,
			      hipEvent_t stop, int flags)
{
	static const char api[] = "hipExtLaunchKernel";
	hipError_t e;

	if (flags & ~hipExtAnyOrderLaunch)
		return bh_rt_error(hipErrorInvalidValue, "%s: unknown flags 0x%x", api,
				   (unsigned)flags);
	if (start) {
		e = hipEventRecord(start, stream);
		if (e)
			return e;
	}
	e = launch(api, function, grid, block, args, shared, stream, 0);
	if (e || !stop)
		return e;
	return hipEventRecord(stop, stream);
}

/* The per-thread default stream's forms (bh_rt_spt): what <<<...>>>
 * calls in a program compiled with -fgpu-default-stream=per-thread. */
hipError_t hipLaunchKernel_spt(const void *function, dim3 grid, dim3 block, void **args,
			       size_t shared, hipStream_t stream)
{
	return launch("hipLaunchKernel", function, grid, block, args, shared, bh_rt_spt(stream),
		      0);
}

hipError_t hipLaunchCooperativeKernel_spt(const void *f, dim3 grid, dim3 block, void **args,
					  unsigned int shared, hipStream_t stream)
{
	return launch("hipLaunchCooperativeKernel", f, grid, block, args, shared,
		      bh_rt_spt(stream), BH_LAUNCH_COOPERATIVE);
}

hipError_t hipLaunchByPtr(const void *function)
{
	static const char api[] = "hipLaunchByPtr";
	static const unsigned char none[1];
	struct call_config c = { 0 };	/* gcc cannot see pop_config sets it */
	hipError_t e = pop_config(api, &c);

	if (e)
		return e;
	struct bh_launch l = { .raw_args = c.args ? c.args : none };
	const struct bh_kernel *k;
	struct ihipStream_t *s;
	struct bh_function *f = function ? bh_rt_function(function) : NULL;

	e = bh_rt_stream_get(c.stream, api, hipErrorContextIsDestroyed, &s);
	if (!e && !f)
		e = bh_rt_error(hipErrorInvalidDeviceFunction,
				"%s(%p): not a registered __global__ function", api, function);
	if (!e)
		e = bh_rt_kernel(s->d, f, &k);
	if (!e && c.args_size < k->explicit_size)
		e = bh_rt_error(hipErrorInvalidValue, "%s(kernel '%s'): hipSetupArgument gave "
				"%zu bytes; the kernel's %u arguments take %u", api, k->name,
				c.args_size, k->nexplicit, k->explicit_size);
	if (!e) {
		l.raw_size = k->explicit_size;
		e = bh_rt_launch(api, k, c.grid, c.block, c.shared, s, &l);
	}
	free(c.args);
	return e;
}

/*
 * Every stream of @s[0..n) waits, on its device's CP, for the work queued
 * so far on all of them: an event recorded on each (made on that stream's
 * device), then each stream waits for the others' events.
 */
static hipError_t streams_meet(const char *api, hipStream_t *s, const int *dev, int n)
{
	hipEvent_t *ev = calloc((size_t)n, sizeof(*ev));
	hipError_t e = hipSuccess;
	int i, j;

	if (!ev)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	for (i = 0; i < n && !e; i++) {
		e = hipSetDevice(dev[i]);
		if (!e)
			e = hipEventCreateWithFlags(&ev[i], hipEventDisableTiming);
		if (!e)
			e = hipEventRecord(ev[i], s[i]);
	}
	for (i = 0; i < n && !e; i++)
		for (j = 0; j < n && !e; j++)
			if (j != i)
				e = hipStreamWaitEvent(s[i], ev[j], 0);
	for (i = 0; i < n; i++)
		if (ev[i])
			hipEventDestroy(ev[i]);
	free(ev);
	return e;
}

/*
 * One kernel per entry of @list, each on its stream's device (the null
 * stream: the current device's).  Without
 * hipCooperativeLaunchMultiDeviceNoPreSync no kernel starts before the
 * work queued earlier on every listed stream is done; without ...NoPostSync
 * nothing queued later on those streams starts before all the kernels are
 * done.  Everything is checked before anything is queued; the calling
 * thread's current device is kept.  @launch_flags: BH_LAUNCH_COOPERATIVE
 * for hipLaunchCooperativeKernelMultiDevice.
 */
static hipError_t multi_launch(const char *api, hipLaunchParams *list, int n, unsigned int flags,
			       uint32_t launch_flags)
{
	const unsigned int known = hipCooperativeLaunchMultiDeviceNoPreSync |
				   hipCooperativeLaunchMultiDeviceNoPostSync;
	int count = 0, current = 0, i;
	hipError_t e = hipGetDeviceCount(&count);

	if (e)
		return e;
	if (!list)
		return bh_rt_error(hipErrorInvalidValue, "%s: launchParamsList is NULL", api);
	if (n <= 0 || n > count)
		return bh_rt_error(hipErrorInvalidValue, "%s: numDevices %d; there are %d "
				   "devices", api, n, count);
	if (flags & ~known)
		return bh_rt_error(hipErrorInvalidValue, "%s: unknown flags 0x%x", api,
				   flags & ~known);
	e = hipGetDevice(&current);
	if (e)
		return e;
	hipStream_t *streams = calloc((size_t)n, sizeof(*streams));
	int *dev = calloc((size_t)n, sizeof(*dev));

	if (!streams || !dev) {
		free(streams);
		free(dev);
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	}
	for (i = 0; i < n && !e; i++) {
		struct ihipStream_t *s;

		e = bh_rt_stream_get(list[i].stream, api, hipErrorInvalidHandle, &s);
		if (e)
			break;
		streams[i] = list[i].stream;
		dev[i] = s->d->ordinal;
		if (!list[i].func || !bh_rt_function(list[i].func))
			e = bh_rt_error(hipErrorInvalidDeviceFunction, "%s: entry %d: %p is not a "
					"registered __global__ function", api, i, list[i].func);
		/* A cooperative multi-device launch is one grid per device. */
		for (int j = 0; j < i && !e && launch_flags; j++)
			if (dev[j] == dev[i])
				e = bh_rt_error(hipErrorInvalidDevice, "%s: entries %d and %d both "
						"run on device %d (one grid per device)", api, j,
						i, dev[i]);
	}
	/*
	 * this_multi_grid() spanning devices needs a sync record every
	 * device's firmware reaches; barehip's cooperative launch gives one
	 * grid its own (firmware/coop.c), so several devices are refused and
	 * hipDeviceAttributeCooperativeMultiDeviceLaunch reads 0.  One device
	 * is an ordinary cooperative launch whose multi-grid is its grid.
	 */
	if (!e && launch_flags && n > 1)
		e = bh_rt_error(hipErrorNotSupported, "%s: %d devices: a cooperative grid "
				"spanning devices (this_multi_grid() across devices) is not "
				"supported; launch on one device, or use "
				"hipExtLaunchMultiKernelMultiDevice for independent grids", api, n);
	if (!e && !(flags & hipCooperativeLaunchMultiDeviceNoPreSync) && n > 1)
		e = streams_meet(api, streams, dev, n);
	for (i = 0; i < n && !e; i++)
		e = launch(api, list[i].func, list[i].gridDim, list[i].blockDim, list[i].args,
			   list[i].sharedMem, list[i].stream, launch_flags);
	if (!e && !(flags & hipCooperativeLaunchMultiDeviceNoPostSync) && n > 1)
		e = streams_meet(api, streams, dev, n);
	free(streams);
	free(dev);
	hipError_t back = hipSetDevice(current);

	return e ? e : back;
}

hipError_t hipExtLaunchMultiKernelMultiDevice(hipLaunchParams *list, int n, unsigned int flags)
{
	return multi_launch("hipExtLaunchMultiKernelMultiDevice", list, n, flags, 0);
}

hipError_t hipLaunchCooperativeKernelMultiDevice(hipLaunchParams *list, int n,
						 unsigned int flags)
{
	return multi_launch("hipLaunchCooperativeKernelMultiDevice", list, n, flags,
			    BH_LAUNCH_COOPERATIVE);
}
