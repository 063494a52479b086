// SPDX-License-Identifier: MIT
/*
 * Device bring-up and teardown, device selection and identity, the
 * runtime's version and flags, synchronisation and limits.
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

#include <bh/backends.h>
#include "generated/autoconf.h"
#include "runtime.h"

struct bh_runtime bh_rt;

/* hipSetDevice: each host thread has its own current device (0 at first). */
static _Thread_local int current;

static void teardown_all(void);

/*
 * First use may come from many host threads at once (10 threads whose
 * first HIP call is hipStreamCreate): counting the devices and bringing
 * one up happen once, under this lock, and the flags that say they are
 * done are published (release) only when they are, so a thread that sees
 * them (acquire) sees the device's queue too.  The other locks of the
 * runtime: docs/architecture.md, "Threads".
 */
static pthread_mutex_t bringup = PTHREAD_MUTEX_INITIALIZER;

/* How many devices the board offers, looked up once. */
static unsigned int device_count(void)
{
	if (__atomic_load_n(&bh_rt.counted, __ATOMIC_ACQUIRE))
		return bh_rt.ndev;
	pthread_mutex_lock(&bringup);
	if (!bh_rt.counted) {
		unsigned int n = bh_platform_count();

		bh_rt.ndev = n < BH_RT_MAX_DEVICES ? n : BH_RT_MAX_DEVICES;
		for (unsigned int i = 0; i < BH_RT_MAX_DEVICES; i++) {
			bh_rt.devs[i].ordinal = (int)i;
			bh_rt.devs[i].flags = hipDeviceScheduleSpin;	/* HIP's default */
			bh_rt.devs[i].null_stream.null = true;
			bh_rt.devs[i].null_stream.d = &bh_rt.devs[i];
		}
		atexit(teardown_all);
		__atomic_store_n(&bh_rt.counted, true, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&bringup);
	return bh_rt.ndev;
}

struct bh_rt_device *bh_rt_current(void)
{
	device_count();
	return &bh_rt.devs[current];
}

/*
 * BAREHIP_FENCE_TIMEOUT_MS: how long a wait lets the GPU take (a GPU
 * model on a slow or busy host runs long kernels far slower than
 * hardware).  Read at the first device bring-up; a bad value is refused
 * with a message and the build's default kept.
 */
static void read_fence_timeout(void)
{
	const char *v = getenv("BAREHIP_FENCE_TIMEOUT_MS");
	char *end;
	unsigned long ms;

	if (!v || !*v)
		return;
	errno = 0;
	ms = strtoul(v, &end, 10);
	if (*end || errno || ms < 1 || ms > 86400000ul || *v == '-') {
		fprintf(stderr, "barehip: BAREHIP_FENCE_TIMEOUT_MS=%s is not a number of "
			"milliseconds from 1 to 86400000; the fence timeout stays %u ms\n", v,
			bh_fence_timeout_ms());
		return;
	}
	bh_set_fence_timeout_ms((uint32_t)ms);
}

/* The bring-up itself, under the lock. */
static hipError_t device_bringup(struct bh_rt_device *d)
{
	struct bh_error err = { 0 };
	static bool timeout_read;

	if (!timeout_read) {	/* under the bring-up lock */
		read_fence_timeout();
		timeout_read = true;
	}

	/* BAREHIP_BOARD, or what the machine has; its GPU d->ordinal. */
	d->plat = bh_platform_new_index((unsigned int)d->ordinal, &err);
	if (!d->plat)
		return bh_rt_loader_error(&err, hipErrorNoDevice);
	if (bh_device_open(&d->dev, d->plat, &err) ||
	    bh_queue_create(d->dev, &d->queue, &err))
		return bh_rt_loader_error(&err, hipErrorNoDevice);
	return hipSuccess;
}

hipError_t bh_rt_device_init(struct bh_rt_device *d)
{
	hipError_t e;

	bh_rt_focus(d);
	if (__atomic_load_n(&d->initialized, __ATOMIC_ACQUIRE))
		return d->init_error;
	pthread_mutex_lock(&bringup);
	if (!d->initialized) {
		/* Set before it is published: a failure is sticky. */
		d->init_error = device_bringup(d);
		__atomic_store_n(&d->initialized, true, __ATOMIC_RELEASE);
		e = d->init_error;
	} else {
		e = d->init_error;
		/* Another thread failed the bring-up: say it here too. */
		if (e)
			bh_rt_error(e, "device %d: bring-up failed in another thread", d->ordinal);
	}
	pthread_mutex_unlock(&bringup);
	return e;
}

hipError_t bh_rt_init(void)
{
	return bh_rt_device_init(bh_rt_current());
}

hipError_t bh_rt_cur(struct bh_rt_device **out)
{
	*out = bh_rt_current();
	return bh_rt_device_init(*out);
}

hipError_t bh_rt_device_get(const char *api, int ordinal, struct bh_rt_device **out)
{
	unsigned int n = device_count();

	if (ordinal < 0 || (unsigned int)ordinal >= n) {
		hipError_t e = bh_rt_init();

		if (e)		/* no device at all: say why */
			return e;
		return bh_rt_error(hipErrorInvalidDevice, "%s(%d): there is no device %d (this "
				   "machine has %u: device%s 0%s%.0u)", api, ordinal, ordinal, n,
				   n > 1 ? "s" : "", n > 2 ? " to " : n == 2 ? " and " : "",
				   n > 1 ? n - 1 : 0);
	}
	*out = &bh_rt.devs[ordinal];
	return bh_rt_device_init(*out);
}

/* Drain device @d, then release everything of it in reverse order. */
static void teardown(struct bh_rt_device *d)
{
	const char *stats = getenv("BAREHIP_LOADER_STATS");

	if (d->queue && stats && *stats && strcmp(stats, "0")) {
		struct bh_queue_stats st;

		bh_queue_get_stats(d->queue, &st);
		fprintf(stderr, "loader stats: launches %llu pm4_dwords %llu first_launch_dwords %u "
			"last_launch_dwords %u\n", (unsigned long long)st.launches,
			(unsigned long long)st.pm4_dwords, st.first_launch_dwords,
			st.last_launch_dwords);
	}
	/* Streams first: their host operations and queues reach memory
	 * freed below.  Device destructors need the null queue; unloading
	 * needs it gone (it releases launches that never retired after a
	 * fault). */
	bh_rt_streams_teardown(d);
	bh_rt_fini_all(d);
	if (d->queue)
		bh_queue_destroy(d->queue);
	d->queue = NULL;
	bh_rt_unload_all(d);
	bh_rt_managed_home_all(d);
	bh_rt_mempool_teardown(d);
	bh_rt_arrays_teardown(d);
	bh_rt_free_all(d);
	if (d->dev)
		bh_device_close(d->dev);
	d->dev = NULL;
	if (d->plat)
		bh_platform_delete(d->plat);
	d->plat = NULL;
	d->initialized = false;
	d->init_error = hipSuccess;
	bh_rt_sticky_clear(d);
	d->flags = hipDeviceScheduleSpin;
	d->cache_config = hipFuncCachePreferNone;
}

/* At exit: every device, the last first. */
static void teardown_all(void)
{
	for (unsigned int i = bh_rt.ndev; i-- > 0;)
		teardown(&bh_rt.devs[i]);
}

/* The current device (hipDeviceReset). */
void bh_rt_teardown(void)
{
	teardown(bh_rt_current());
}

hipError_t hipGetDeviceCount(int *count)
{
	if (!count)
		return bh_rt_error(hipErrorInvalidValue, "hipGetDeviceCount: count is NULL");
	/* Device 0 must come up: a machine whose GPU cannot run has none. */
	device_count();
	*count = bh_rt_device_init(&bh_rt.devs[0]) == hipSuccess ? (int)bh_rt.ndev : 0;
	return *count ? bh_rt_success() : hipErrorNoDevice;
}

hipError_t hipInit(unsigned int flags)
{
	if (flags)
		return bh_rt_error(hipErrorInvalidValue, "hipInit(0x%x): flags must be 0", flags);
	return bh_rt_init();
}

/* Both are the HIP API level barehip implements (HIP_VERSION, 7.0), as
 * in HIP, where the driver version is the runtime's too. */
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

hipError_t hipDeviceGet(hipDevice_t *device, int ordinal)
{
	struct bh_rt_device *d;
	hipError_t e;

	if (!device)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceGet: device is NULL");
	e = bh_rt_device_get("hipDeviceGet", ordinal, &d);
	if (e)
		return e;
	*device = ordinal;
	return bh_rt_success();
}

hipError_t hipDeviceGetName(char *name, int len, hipDevice_t device)
{
	struct bh_rt_device *d;
	hipError_t e = bh_rt_device_get("hipDeviceGetName", device, &d);

	if (e)
		return e;
	if (!name || len <= 0)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceGetName: %s",
				   name ? "len must be positive" : "name is NULL");
	snprintf(name, (size_t)len, "%s", bh_device_get_info(d->dev)->name);
	return bh_rt_success();
}

hipError_t hipDeviceComputeCapability(int *major, int *minor, hipDevice_t device)
{
	struct bh_rt_device *d;
	hipError_t e = bh_rt_device_get("hipDeviceComputeCapability", device, &d);

	if (e)
		return e;
	if (!major || !minor)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceComputeCapability: %s is NULL",
				   major ? "minor" : "major");
	*major = (int)(bh_device_get_info(d->dev)->gfx_version / 10000);
	*minor = (int)(bh_device_get_info(d->dev)->gfx_version / 100 % 100);
	return bh_rt_success();
}

hipError_t hipDeviceTotalMem(size_t *bytes, hipDevice_t device)
{
	struct bh_rt_device *d;
	hipError_t e = bh_rt_device_get("hipDeviceTotalMem", device, &d);

	if (e)
		return e;
	if (!bytes)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceTotalMem: bytes is NULL");
	*bytes = (size_t)bh_device_get_info(d->dev)->vram_size;
	return bh_rt_success();
}

/* The PCI location as "domain:bus:device.function" in hex. */
#define PCI_BUS_ID_LEN 13	/* "dddd:bb:dd.f" and its NUL */

hipError_t hipDeviceGetPCIBusId(char *bus_id, int len, int device)
{
	const struct bh_device_info *i;
	struct bh_rt_device *d;
	hipError_t e = bh_rt_device_get("hipDeviceGetPCIBusId", device, &d);

	if (e)
		return e;
	if (!bus_id)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceGetPCIBusId: pciBusId is NULL");
	/* A short buffer gets what fits, NUL-terminated, and the call fails
	 * (ROCm and CUDA both fill it so). */
	i = bh_device_get_info(d->dev);
	if (len > 0)
		snprintf(bus_id, (size_t)len, "%04x:%02x:%02x.%x", i->pci_domain, i->pci_bus,
			 i->pci_device, i->pci_function);
	if (len < PCI_BUS_ID_LEN)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceGetPCIBusId: len %d leaves no "
				   "room for the %d bytes of \"dddd:bb:dd.f\"", len,
				   PCI_BUS_ID_LEN);
	return bh_rt_success();
}

hipError_t hipDeviceGetByPCIBusId(int *device, const char *bus_id)
{
	unsigned int domain, bus, dev, fn;
	char list[160] = "";
	hipError_t e;

	if (!device || !bus_id)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceGetByPCIBusId: %s is NULL",
				   device ? "pciBusId" : "device");
	e = bh_rt_init();
	if (e)
		return e;
	/* "dddd:bb:dd.f", or "bb:dd.f" in domain 0. */
	if (sscanf(bus_id, "%x:%x:%x.%x", &domain, &bus, &dev, &fn) != 4) {
		domain = 0;
		if (sscanf(bus_id, "%x:%x.%x", &bus, &dev, &fn) != 3)
			return bh_rt_error(hipErrorInvalidValue, "hipDeviceGetByPCIBusId('%.32s'): "
					   "not a PCI bus id (dddd:bb:dd.f)", bus_id);
	}
	for (unsigned int n = 0; n < bh_rt.ndev; n++) {
		struct bh_rt_device *d;
		const struct bh_device_info *i;

		if (bh_rt_device_get("hipDeviceGetByPCIBusId", (int)n, &d))
			continue;
		i = bh_device_get_info(d->dev);
		if (domain == i->pci_domain && bus == i->pci_bus && dev == i->pci_device &&
		    fn == i->pci_function) {
			*device = (int)n;
			return bh_rt_success();
		}
		snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%u at "
			 "%04x:%02x:%02x.%x", n ? ", " : "", n, i->pci_domain, i->pci_bus,
			 i->pci_device, i->pci_function);
	}
	return bh_rt_error(hipErrorInvalidDevice, "hipDeviceGetByPCIBusId('%.32s'): no device "
			   "there (device %s)", bus_id, list);
}

/*
 * HIP picks the device meeting the most requested (non-zero) fields of
 * @prop, the first such; device 0 if none meets any.  The fields
 * compared are those hipChooseDevice compares in HIP: major, minor,
 * totalGlobalMem, sharedMemPerBlock, maxThreadsPerBlock,
 * totalConstMem, multiProcessorCount, and the integrated and
 * canMapHostMemory flags.
 */
hipError_t hipChooseDevice(int *device, const hipDeviceProp_t *prop)
{
	int best = 0, best_score = -1;
	hipError_t e;

	if (!device || !prop)
		return bh_rt_error(hipErrorInvalidValue, "hipChooseDevice: %s is NULL",
				   device ? "prop" : "device");
	e = bh_rt_init();
	if (e)
		return e;
	for (unsigned int n = 0; n < bh_rt.ndev; n++) {
		hipDeviceProp_t p;
		int score = 0;

		if (hipGetDeviceProperties(&p, (int)n))
			continue;
		score += prop->major && p.major >= prop->major;
		score += prop->minor && p.minor >= prop->minor;
		score += prop->totalGlobalMem && p.totalGlobalMem >= prop->totalGlobalMem;
		score += prop->sharedMemPerBlock && p.sharedMemPerBlock >= prop->sharedMemPerBlock;
		score += prop->maxThreadsPerBlock &&
			 p.maxThreadsPerBlock >= prop->maxThreadsPerBlock;
		score += prop->totalConstMem && p.totalConstMem >= prop->totalConstMem;
		score += prop->multiProcessorCount &&
			 p.multiProcessorCount >= prop->multiProcessorCount;
		score += prop->integrated && p.integrated == prop->integrated;
		score += prop->canMapHostMemory && p.canMapHostMemory == prop->canMapHostMemory;
		if (score > best_score) {
			best_score = score;
			best = (int)n;
		}
	}
	*device = best;
	return bh_rt_success();
}

/*
 * How host threads wait for the current device.  Any one scheduling
 * flag, plus hipDeviceMapHost (host memory is always mappable) and
 * hipDeviceLmemResizeToMax (ignored, as in HIP).  The loader waits by
 * polling its fence, then sleeping where the board can (kfd); the flags
 * are kept for hipGetDeviceFlags.
 */
hipError_t hipSetDeviceFlags(unsigned int flags)
{
	const unsigned int known = hipDeviceScheduleMask | hipDeviceMapHost |
				   hipDeviceLmemResizeToMax;
	const unsigned int schedule = flags & hipDeviceScheduleMask;
	struct bh_rt_device *d;
	hipError_t e = bh_rt_cur(&d);

	if (e)
		return e;
	if (flags & ~known)
		return bh_rt_error(hipErrorInvalidValue, "hipSetDeviceFlags(0x%x): unknown flags "
				   "0x%x", flags, flags & ~known);
	if (schedule & (schedule - 1))
		return bh_rt_error(hipErrorInvalidValue, "hipSetDeviceFlags(0x%x): more than one "
				   "scheduling flag", flags);
	__atomic_store_n(&d->flags, schedule, __ATOMIC_RELAXED);
	return bh_rt_success();
}

hipError_t hipGetDeviceFlags(unsigned int *flags)
{
	if (!flags)
		return bh_rt_error(hipErrorInvalidValue, "hipGetDeviceFlags: flags is NULL");
	*flags = __atomic_load_n(&bh_rt_current()->flags, __ATOMIC_RELAXED);
	return bh_rt_success();
}

/* The calling thread's device from now on, brought up (as HIP does). */
hipError_t hipSetDevice(int device)
{
	struct bh_rt_device *d;
	hipError_t e = bh_rt_device_get("hipSetDevice", device, &d);

	if (e)
		return e;
	current = device;
	return bh_rt_success();
}

hipError_t hipGetDevice(int *device)
{
	if (!device)
		return bh_rt_error(hipErrorInvalidValue, "hipGetDevice: device is NULL");
	*device = bh_rt_current()->ordinal;
	return bh_rt_init();
}

hipError_t hipDeviceSynchronize(void)
{
	struct bh_rt_device *d;
	hipError_t e = bh_rt_cur(&d);

	if (e)
		return e;
	/* Every stream of the device, the null one included. */
	e = bh_rt_streams_synchronize(d, "hipDeviceSynchronize");
	if (!e)
		bh_rt_mempool_sync(d);	/* pools give back what they keep above threshold */
	return e;
}

/*
 * Drop every allocation and loaded code object of the current device
 * and start it afresh: the way back after a GPU fault.  Other devices
 * are untouched.
 */
hipError_t hipDeviceReset(void)
{
	bh_rt_teardown();
	return bh_rt_init();
}

/*
 * Limits: the device heap behind kernels' malloc (settable until the
 * first kernel that uses it), the dynamic stack of kernels whose stack
 * the compiler cannot bound, and the printf buffer of each stream
 * (settable until the first kernel that prints).  A value from
 * hipLimitRange up is a wrong value, any other unknown one (negative) an
 * unsupported limit: ROCm's answers, which hip-tests checks.
 */
static hipError_t unknown_limit(const char *api, hipLimit_t limit)
{
	if ((int)limit >= (int)hipLimitRange)
		return bh_rt_error(hipErrorInvalidValue, "%s: %d is not a hipLimit_t", api,
				   (int)limit);
	return bh_rt_error(hipErrorUnsupportedLimit, "%s: unknown limit %d", api, (int)limit);
}

hipError_t hipDeviceSetLimit(hipLimit_t limit, size_t value)
{
	struct bh_error err = { 0 };
	struct bh_rt_device *d;
	hipError_t e = bh_rt_cur(&d);

	if (e)
		return e;
	switch (limit) {
	case hipLimitMallocHeapSize:
		if (bh_device_set_heap_size(d->dev, value, &err))
			return bh_rt_error(hipErrorInvalidValue,
					   "hipDeviceSetLimit(hipLimitMallocHeapSize, %zu): %s",
					   value, err.message);
		return bh_rt_success();
	case hipLimitStackSize:
		if (value > UINT32_MAX || bh_device_set_stack_size(d->dev, (uint32_t)value, &err))
			return bh_rt_error(hipErrorInvalidValue,
					   "hipDeviceSetLimit(hipLimitStackSize, %zu): %s", value,
					   value > UINT32_MAX ? "too large" : err.message);
		return bh_rt_success();
	case hipLimitPrintfFifoSize:
		/* As CUDA's cudaLimitPrintfFifoSize, which HIP's documents:
		 * before the first kernel that prints, else invalid. */
		if (bh_device_set_printf_size(d->dev, value, &err))
			return bh_rt_error(hipErrorInvalidValue,
					   "hipDeviceSetLimit(hipLimitPrintfFifoSize, %zu): %s",
					   value, err.message);
		return bh_rt_success();
	default:
		break;
	}
	return unknown_limit("hipDeviceSetLimit", limit);
}

hipError_t hipDeviceGetLimit(size_t *value, hipLimit_t limit)
{
	struct bh_rt_device *d;
	hipError_t e;

	if (!value)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceGetLimit: value is NULL");
	e = bh_rt_cur(&d);
	if (e)
		return e;
	switch (limit) {
	case hipLimitMallocHeapSize:
		*value = (size_t)bh_device_heap_size(d->dev);
		return bh_rt_success();
	case hipLimitStackSize:
		*value = bh_device_stack_size(d->dev);
		return bh_rt_success();
	case hipLimitPrintfFifoSize:
		*value = (size_t)bh_device_printf_size(d->dev);
		return bh_rt_success();
	default:
		break;
	}
	return unknown_limit("hipDeviceGetLimit", limit);
}
