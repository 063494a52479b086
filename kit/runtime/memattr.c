/* SPDX-License-Identifier: MIT */
/*
 * What the runtime knows about a pointer (hipPointerGetAttributes), and
 * the managed-memory hints (hipMemAdvise, hipMemPrefetchAsync).
 * Managed memory is host memory every device and the host reach in
 * place, so a valid hint changes nothing; invalid ones are errors.
 */
#include "runtime.h"

hipError_t hipPointerGetAttributes(hipPointerAttribute_t *attr, const void *ptr)
{
	size_t off;
	struct bh_allocation *a;
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	if (!attr || !ptr)
		return bh_rt_error(hipErrorInvalidValue, "hipPointerGetAttributes: %s is NULL",
				   attr ? "ptr" : "attributes");
	a = bh_rt_allocation_at(ptr, &off);
	if (!a)
		/* HIP keeps CUDA's pre-11 rule: memory it does not know is an
		 * error, not "unregistered". */
		return bh_rt_error(hipErrorInvalidValue, "hipPointerGetAttributes(%p): not "
				   "inside memory from hipMalloc, hipMallocManaged or "
				   "hipHostMalloc", ptr);
	attr->type = a->managed ? hipMemoryTypeManaged :
		     a->pinned ? hipMemoryTypeHost : hipMemoryTypeDevice;
	attr->device = a->d->ordinal;
	attr->devicePointer = (void *)(uintptr_t)(a->mem.gpu_va + off);
	/* Device memory has a host address only where the board maps it. */
	attr->hostPointer = a->mem.cpu && (a->managed || a->pinned) ?
			    (uint8_t *)a->mem.cpu + off : NULL;
	attr->isManaged = a->managed;
	attr->allocationFlags = a->pinned ? a->host_flags : 0;
	return bh_rt_success();
}

/* [ptr, ptr + count) inside one managed allocation, and a device this
 * board has (0) or the host. */
static hipError_t managed_range(const char *api, const void *ptr, size_t count, int device)
{
	size_t off;
	struct bh_allocation *a;
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	if (!ptr || !count)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s", api,
				   ptr ? "count is 0" : "devPtr is NULL");
	a = bh_rt_allocation_at(ptr, &off);
	if (!a || !a->managed)
		return bh_rt_error(hipErrorInvalidValue, "%s(%p): not inside memory from "
				   "hipMallocManaged", api, ptr);
	if (count > (a->bytes ? a->bytes : a->mem.size) - off)
		return bh_rt_error(hipErrorInvalidValue, "%s(%p, %zu): the range runs past the "
				   "end of its managed allocation", api, ptr, count);
	if (device != hipCpuDeviceId && (device < 0 || (unsigned int)device >= bh_rt.ndev))
		return bh_rt_error(hipErrorInvalidDevice, "%s: device %d: this machine has "
				   "%u device%s (from 0) and the host (hipCpuDeviceId)", api, device,
				   bh_rt.ndev, bh_rt.ndev > 1 ? "s" : "");
	return hipSuccess;
}

hipError_t hipMemAdvise(const void *ptr, size_t count, hipMemoryAdvise advice, int device)
{
	switch (advice) {
	case hipMemAdviseSetReadMostly:
	case hipMemAdviseUnsetReadMostly:
	case hipMemAdviseSetPreferredLocation:
	case hipMemAdviseUnsetPreferredLocation:
	case hipMemAdviseSetAccessedBy:
	case hipMemAdviseUnsetAccessedBy:
	case hipMemAdviseSetCoarseGrain:
	case hipMemAdviseUnsetCoarseGrain:
		break;
	default:
		return bh_rt_error(hipErrorInvalidValue, "hipMemAdvise: unknown advice %d",
				   (int)advice);
	}
	hipError_t e = managed_range("hipMemAdvise", ptr, count, device);

	return e ? e : bh_rt_success();
}

hipError_t hipMemPrefetchAsync(const void *ptr, size_t count, int device, hipStream_t stream)
{
	hipError_t e = managed_range("hipMemPrefetchAsync", ptr, count, device);

	if (e)
		return e;
	/* Nothing moves; only the stream must be one. */
	struct ihipStream_t *s;

	e = bh_rt_stream_get(stream, "hipMemPrefetchAsync", hipErrorContextIsDestroyed, &s);
	return e ? e : bh_rt_success();
}
