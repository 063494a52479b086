// SPDX-License-Identifier: MIT
/* Device bring-up and teardown, device selection, synchronisation. */
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

#include <bh/backends.h>
#include "generated/autoconf.h"
#include "runtime.h"

struct bh_runtime bh_rt;

hipError_t bh_rt_init(void)
{
	struct bh_error err = { 0 };

	if (bh_rt.initialized)
		return bh_rt.init_error;
	bh_rt.initialized = true;
#ifdef CONFIG_BACKEND_SIM
	bh_rt.plat = bh_platform_sim_new();
#endif
	if (!bh_rt.plat) {
		bh_rt.init_error = bh_rt_error(hipErrorNoDevice,
					       "no platform backend could be created");
		return bh_rt.init_error;
	}
	if (bh_device_open(&bh_rt.dev, bh_rt.plat, &err) ||
	    bh_queue_create(bh_rt.dev, &bh_rt.queue, &err)) {
		bh_rt.init_error = bh_rt_loader_error(&err, hipErrorNoDevice);
		return bh_rt.init_error;
	}
	atexit(bh_rt_teardown);
	return hipSuccess;
}

/* At exit: drain the GPU, then release everything in reverse order. */
void bh_rt_teardown(void)
{
	const char *stats = getenv("BAREHIP_LOADER_STATS");

	if (bh_rt.queue && stats && *stats && strcmp(stats, "0")) {
		struct bh_queue_stats st;

		bh_queue_get_stats(bh_rt.queue, &st);
		fprintf(stderr, "loader stats: launches %llu pm4_dwords %llu first_launch_dwords %u "
			"last_launch_dwords %u\n", (unsigned long long)st.launches,
			(unsigned long long)st.pm4_dwords, st.first_launch_dwords,
			st.last_launch_dwords);
	}
	/* Device destructors need the queue; unloading needs it gone (it
	 * releases launches that never retired after a fault). */
	bh_rt_fini_all();
	if (bh_rt.queue)
		bh_queue_destroy(bh_rt.queue);
	bh_rt.queue = NULL;
	bh_rt_unload_all();
	bh_rt_managed_home_all();
	bh_rt_free_all();
	if (bh_rt.dev)
		bh_device_close(bh_rt.dev);
	bh_rt.dev = NULL;
	if (bh_rt.plat)
		bh_platform_sim_delete(bh_rt.plat);
	bh_rt.plat = NULL;
	bh_rt.initialized = false;
	bh_rt.init_error = hipSuccess;
}

hipError_t hipGetDeviceCount(int *count)
{
	if (!count)
		return bh_rt_error(hipErrorInvalidValue, "hipGetDeviceCount: count is NULL");
	*count = bh_rt_init() == hipSuccess ? 1 : 0;
	return *count ? bh_rt_success() : hipErrorNoDevice;
}

hipError_t hipSetDevice(int device)
{
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	if (device != 0)
		return bh_rt_error(hipErrorInvalidDevice,
				   "hipSetDevice(%d): this board has one device (0)", device);
	return bh_rt_success();
}

hipError_t hipGetDevice(int *device)
{
	if (!device)
		return bh_rt_error(hipErrorInvalidValue, "hipGetDevice: device is NULL");
	*device = 0;
	return bh_rt_init();
}

hipError_t hipDeviceSynchronize(void)
{
	struct bh_error err = { 0 };
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	if (bh_queue_finish(bh_rt.queue, &err))
		return bh_rt_loader_error(&err, hipErrorLaunchFailure);
	return bh_rt_success();
}

/*
 * Drop every allocation and loaded code object and start a fresh
 * device: the way back after a GPU fault.
 */
hipError_t hipDeviceReset(void)
{
	bh_rt_teardown();
	return bh_rt_init();
}

/*
 * Limits: the device heap behind kernels' malloc (settable until the
 * first kernel that uses it), the dynamic stack of kernels whose stack
 * the compiler cannot bound, and the printf buffer (fixed by Kconfig).
 */
hipError_t hipDeviceSetLimit(hipLimit_t limit, size_t value)
{
	struct bh_error err = { 0 };
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	switch (limit) {
	case hipLimitMallocHeapSize:
		if (bh_device_set_heap_size(bh_rt.dev, value, &err))
			return bh_rt_error(hipErrorInvalidValue,
					   "hipDeviceSetLimit(hipLimitMallocHeapSize, %zu): %s",
					   value, err.message);
		return bh_rt_success();
	case hipLimitStackSize:
		if (value > UINT32_MAX || bh_device_set_stack_size(bh_rt.dev, (uint32_t)value, &err))
			return bh_rt_error(hipErrorInvalidValue,
					   "hipDeviceSetLimit(hipLimitStackSize, %zu): %s", value,
					   value > UINT32_MAX ? "too large" : err.message);
		return bh_rt_success();
	case hipLimitPrintfFifoSize:
		if (value == CONFIG_LOADER_PRINTF_KB * 1024ull)
			return bh_rt_success();
		return bh_rt_error(hipErrorUnsupportedLimit,
				   "hipDeviceSetLimit(hipLimitPrintfFifoSize, %zu): the printf "
				   "buffer is %u KiB, set by CONFIG_LOADER_PRINTF_KB", value,
				   CONFIG_LOADER_PRINTF_KB);
	}
	return bh_rt_error(hipErrorUnsupportedLimit, "hipDeviceSetLimit: unknown limit %d",
			   (int)limit);
}

hipError_t hipDeviceGetLimit(size_t *value, hipLimit_t limit)
{
	hipError_t e;

	if (!value)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceGetLimit: value is NULL");
	e = bh_rt_init();
	if (e)
		return e;
	switch (limit) {
	case hipLimitMallocHeapSize:
		*value = (size_t)bh_device_heap_size(bh_rt.dev);
		return bh_rt_success();
	case hipLimitStackSize:
		*value = bh_device_stack_size(bh_rt.dev);
		return bh_rt_success();
	case hipLimitPrintfFifoSize:
		*value = CONFIG_LOADER_PRINTF_KB * 1024ull;
		return bh_rt_success();
	}
	return bh_rt_error(hipErrorUnsupportedLimit, "hipDeviceGetLimit: unknown limit %d",
			   (int)limit);
}
