// SPDX-License-Identifier: MIT
/*
 * Device bring-up and teardown, device selection and identity, the
 * runtime's version and flags, synchronisation and limits.
 */
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

#include <bh/backends.h>
#include "generated/autoconf.h"
#include "runtime.h"

struct bh_runtime bh_rt;

/* hipSetDeviceFlags: HIP's default is to spin while waiting. */
static unsigned int device_flags = hipDeviceScheduleSpin;

hipError_t bh_rt_init(void)
{
	struct bh_error err = { 0 };

	if (bh_rt.initialized)
		return bh_rt.init_error;
	bh_rt.initialized = true;
	bh_rt.plat = bh_platform_new(&err);	/* BAREHIP_BOARD, or what the machine has */
	if (!bh_rt.plat) {
		bh_rt.init_error = bh_rt_loader_error(&err, hipErrorNoDevice);
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
	/* Streams first: their host operations and queues reach memory
	 * freed below.  Device destructors need the null queue; unloading
	 * needs it gone (it releases launches that never retired after a
	 * fault). */
	bh_rt_streams_teardown();
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
		bh_platform_delete(bh_rt.plat);
	bh_rt.plat = NULL;
	bh_rt.initialized = false;
	bh_rt.init_error = hipSuccess;
	bh_rt_sticky_clear();
	device_flags = hipDeviceScheduleSpin;
}

hipError_t hipGetDeviceCount(int *count)
{
	if (!count)
		return bh_rt_error(hipErrorInvalidValue, "hipGetDeviceCount: count is NULL");
	*count = bh_rt_init() == hipSuccess ? 1 : 0;
	return *count ? bh_rt_success() : hipErrorNoDevice;
}

hipError_t hipInit(unsigned int flags)
{
	if (flags)
		return bh_rt_error(hipErrorInvalidValue, "hipInit(0x%x): flags must be 0", flags);
	return bh_rt_init();
}

/* Both are the HIP API level barehip implements (HIP_VERSION), as in
 * HIP, where the driver version is the runtime's too. */
hipError_t hipDriverGetVersion(int *version)
{
	if (!version)
		return bh_rt_error(hipErrorInvalidValue, "hipDriverGetVersion: version is NULL");
	*version = HIP_VERSION;
	return bh_rt_success();
}

hipError_t hipRuntimeGetVersion(int *version)
{
	if (!version)
		return bh_rt_error(hipErrorInvalidValue, "hipRuntimeGetVersion: version is NULL");
	*version = HIP_VERSION;
	return bh_rt_success();
}

/* The board's one device, or why not (for @api's message). */
static hipError_t the_device(const char *api, int device)
{
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	if (device != 0)
		return bh_rt_error(hipErrorInvalidDevice,
				   "%s: device %d does not exist (this board has one device, 0)",
				   api, device);
	return hipSuccess;
}

hipError_t hipDeviceGet(hipDevice_t *device, int ordinal)
{
	hipError_t e;

	if (!device)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceGet: device is NULL");
	e = the_device("hipDeviceGet", ordinal);
	if (e)
		return e;
	*device = ordinal;
	return bh_rt_success();
}

hipError_t hipDeviceGetName(char *name, int len, hipDevice_t device)
{
	hipError_t e = the_device("hipDeviceGetName", device);

	if (e)
		return e;
	if (!name || len <= 0)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceGetName: %s",
				   name ? "len must be positive" : "name is NULL");
	snprintf(name, (size_t)len, "%s", bh_device_get_info(bh_rt.dev)->name);
	return bh_rt_success();
}

hipError_t hipDeviceComputeCapability(int *major, int *minor, hipDevice_t device)
{
	hipError_t e = the_device("hipDeviceComputeCapability", device);

	if (e)
		return e;
	if (!major || !minor)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceComputeCapability: %s is NULL",
				   major ? "minor" : "major");
	*major = (int)(bh_device_get_info(bh_rt.dev)->gfx_version / 10000);
	*minor = (int)(bh_device_get_info(bh_rt.dev)->gfx_version / 100 % 100);
	return bh_rt_success();
}

hipError_t hipDeviceTotalMem(size_t *bytes, hipDevice_t device)
{
	hipError_t e = the_device("hipDeviceTotalMem", device);

	if (e)
		return e;
	if (!bytes)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceTotalMem: bytes is NULL");
	*bytes = (size_t)bh_device_get_info(bh_rt.dev)->vram_size;
	return bh_rt_success();
}

/* The PCI location as "domain:bus:device.function" in hex. */
#define PCI_BUS_ID_LEN 13	/* "dddd:bb:dd.f" and its NUL */

hipError_t hipDeviceGetPCIBusId(char *bus_id, int len, int device)
{
	const struct bh_device_info *i;
	hipError_t e = the_device("hipDeviceGetPCIBusId", device);

	if (e)
		return e;
	if (!bus_id || len < PCI_BUS_ID_LEN)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceGetPCIBusId: %s", bus_id ?
				   "len must leave room for 13 bytes" : "pciBusId is NULL");
	i = bh_device_get_info(bh_rt.dev);
	snprintf(bus_id, (size_t)len, "%04x:%02x:%02x.%x", i->pci_domain, i->pci_bus,
		 i->pci_device, i->pci_function);
	return bh_rt_success();
}

hipError_t hipDeviceGetByPCIBusId(int *device, const char *bus_id)
{
	const struct bh_device_info *i;
	unsigned int domain, bus, dev, fn;
	hipError_t e;

	if (!device || !bus_id)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceGetByPCIBusId: %s is NULL",
				   device ? "pciBusId" : "device");
	e = bh_rt_init();
	if (e)
		return e;
	i = bh_device_get_info(bh_rt.dev);
	/* "dddd:bb:dd.f", or "bb:dd.f" in domain 0. */
	if (sscanf(bus_id, "%x:%x:%x.%x", &domain, &bus, &dev, &fn) != 4) {
		domain = 0;
		if (sscanf(bus_id, "%x:%x.%x", &bus, &dev, &fn) != 3)
			return bh_rt_error(hipErrorInvalidValue, "hipDeviceGetByPCIBusId('%.32s'): "
					   "not a PCI bus id (dddd:bb:dd.f)", bus_id);
	}
	if (domain != i->pci_domain || bus != i->pci_bus || dev != i->pci_device ||
	    fn != i->pci_function)
		return bh_rt_error(hipErrorInvalidDevice, "hipDeviceGetByPCIBusId('%.32s'): no "
				   "device there (device 0 is at %04x:%02x:%02x.%x)", bus_id,
				   i->pci_domain, i->pci_bus, i->pci_device, i->pci_function);
	*device = 0;
	return bh_rt_success();
}

/* HIP picks the device meeting the most requested (non-zero) fields,
 * device 0 if none does; with one device that is always device 0. */
hipError_t hipChooseDevice(int *device, const hipDeviceProp_t *prop)
{
	hipError_t e;

	if (!device || !prop)
		return bh_rt_error(hipErrorInvalidValue, "hipChooseDevice: %s is NULL",
				   device ? "prop" : "device");
	e = bh_rt_init();
	if (e)
		return e;
	*device = 0;
	return bh_rt_success();
}

/*
 * How host threads wait for the device.  Any one scheduling flag, plus
 * hipDeviceMapHost (host memory is always mappable) and
 * hipDeviceLmemResizeToMax (ignored, as in HIP).  The loader waits by
 * polling its fence either way; the flags are kept for hipGetDeviceFlags.
 */
hipError_t hipSetDeviceFlags(unsigned int flags)
{
	const unsigned int known = hipDeviceScheduleMask | hipDeviceMapHost |
				   hipDeviceLmemResizeToMax;
	const unsigned int schedule = flags & hipDeviceScheduleMask;
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	if (flags & ~known)
		return bh_rt_error(hipErrorInvalidValue, "hipSetDeviceFlags(0x%x): unknown flags "
				   "0x%x", flags, flags & ~known);
	if (schedule & (schedule - 1))
		return bh_rt_error(hipErrorInvalidValue, "hipSetDeviceFlags(0x%x): more than one "
				   "scheduling flag", flags);
	device_flags = schedule;
	return bh_rt_success();
}

hipError_t hipGetDeviceFlags(unsigned int *flags)
{
	if (!flags)
		return bh_rt_error(hipErrorInvalidValue, "hipGetDeviceFlags: flags is NULL");
	*flags = device_flags;
	return bh_rt_success();
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
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	/* Every stream, the null one included. */
	return bh_rt_streams_synchronize("hipDeviceSynchronize");
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
