// SPDX-License-Identifier: MIT
/*
 * Device memory: hipMalloc/hipFree and synchronous copies.  Device
 * pointers are GPU virtual addresses; every copy is checked against the
 * allocation it touches.  The sim board's VRAM is host-visible, so the
 * CPU copies through its mapping after draining the null stream (HIP's
 * legacy-stream ordering).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

struct bh_allocation *bh_rt_find_allocation(const void *ptr, size_t size)
{
	uint64_t va = (uint64_t)(uintptr_t)ptr;

	for (struct bh_allocation *a = bh_rt.allocations; a; a = a->next)
		if (va >= a->mem.gpu_va && va - a->mem.gpu_va <= a->mem.size &&
		    size <= a->mem.size - (va - a->mem.gpu_va))
			return a;
	return NULL;
}

void bh_rt_free_all(void)
{
	while (bh_rt.allocations) {
		struct bh_allocation *a = bh_rt.allocations;

		bh_rt.allocations = a->next;
		if (bh_rt.dev)
			bh_mem_free(bh_rt.dev, &a->mem);
		free(a);
	}
}

hipError_t hipMalloc(void **ptr, size_t size)
{
	struct bh_error err = { 0 };
	hipError_t e;

	if (!ptr)
		return bh_rt_error(hipErrorInvalidValue, "hipMalloc: ptr is NULL");
	*ptr = NULL;
	if (size == 0)		/* HIP: success, null pointer */
		return bh_rt_success();
	e = bh_rt_init();
	if (e)
		return e;
	struct bh_allocation *a = calloc(1, sizeof(*a));

	if (!a)
		return bh_rt_error(hipErrorOutOfMemory, "hipMalloc: out of host memory");
	if (bh_mem_alloc(bh_rt.dev, size, BH_MEM_VRAM, &a->mem, &err)) {
		free(a);
		return bh_rt_loader_error(&err, hipErrorOutOfMemory);
	}
	a->next = bh_rt.allocations;
	bh_rt.allocations = a;
	*ptr = (void *)(uintptr_t)a->mem.gpu_va;
	return bh_rt_success();
}

hipError_t hipFree(void *ptr)
{
	struct bh_error err = { 0 };

	if (!ptr)
		return bh_rt_success();
	for (struct bh_allocation **p = &bh_rt.allocations; *p; p = &(*p)->next) {
		struct bh_allocation *a = *p;

		if (a->mem.gpu_va != (uint64_t)(uintptr_t)ptr)
			continue;
		/* A kernel may still use it: HIP's hipFree synchronises. */
		if (bh_queue_finish(bh_rt.queue, &err))
			return bh_rt_loader_error(&err, hipErrorLaunchFailure);
		*p = a->next;
		bh_mem_free(bh_rt.dev, &a->mem);
		free(a);
		return bh_rt_success();
	}
	return bh_rt_error(hipErrorInvalidDevicePointer,
			   "hipFree(%p): not a pointer returned by hipMalloc", ptr);
}

static const char *kind_name(hipMemcpyKind k)
{
	switch (k) {
	case hipMemcpyHostToHost: return "HostToHost";
	case hipMemcpyHostToDevice: return "HostToDevice";
	case hipMemcpyDeviceToHost: return "DeviceToHost";
	case hipMemcpyDeviceToDevice: return "DeviceToDevice";
	case hipMemcpyDefault: return "Default";
	}
	return "?";
}

/* The CPU address behind @ptr: device memory through its mapping. */
static void *cpu_view(struct bh_allocation *a, const void *ptr)
{
	return (uint8_t *)a->mem.cpu + ((uint64_t)(uintptr_t)ptr - a->mem.gpu_va);
}

hipError_t hipMemcpy(void *dst, const void *src, size_t size, hipMemcpyKind kind)
{
	struct bh_error err = { 0 };
	hipError_t e;

	if (size == 0)
		return bh_rt_success();
	if (!dst || !src)
		return bh_rt_error(hipErrorInvalidValue,
				   "hipMemcpy(%s, %zu bytes): %s is NULL", kind_name(kind),
				   size, dst ? "src" : "dst");
	if ((unsigned)kind > hipMemcpyDefault)
		return bh_rt_error(hipErrorInvalidMemcpyDirection,
				   "hipMemcpy: bad hipMemcpyKind %d", (int)kind);
	e = bh_rt_init();
	if (e)
		return e;
	/* Device memory: an allocation, or a code object's global variable
	 * (a pointer from hipGetSymbolAddress).  The host views of each. */
	struct bh_allocation *da = bh_rt_find_allocation(dst, size);
	struct bh_allocation *sa = bh_rt_find_allocation(src, size);
	void *dview = da ? cpu_view(da, dst) : bh_rt_symbol_view(dst, size);
	void *sview = sa ? cpu_view(sa, src) : bh_rt_symbol_view(src, size);
	bool dst_managed = da && da->managed, src_managed = sa && sa->managed;

	if (kind == hipMemcpyDefault)	/* unified addressing: infer it */
		kind = dview ? (sview ? hipMemcpyDeviceToDevice : hipMemcpyHostToDevice)
			     : (sview ? hipMemcpyDeviceToHost : hipMemcpyHostToHost);
	bool dst_dev = kind == hipMemcpyHostToDevice || kind == hipMemcpyDeviceToDevice;
	bool src_dev = kind == hipMemcpyDeviceToHost || kind == hipMemcpyDeviceToDevice;

	if ((dst_dev && !dview) || (src_dev && !sview))
		return bh_rt_error(hipErrorInvalidValue,
				   "hipMemcpy(%s, %zu bytes): %s %p is not inside a device "
				   "allocation of that size", kind_name(kind), size,
				   dst_dev && !dview ? "dst" : "src",
				   dst_dev && !dview ? dst : src);
	if ((!dst_dev && dview && !dst_managed) || (!src_dev && sview && !src_managed))
		return bh_rt_error(hipErrorInvalidValue,
				   "hipMemcpy(%s, %zu bytes): %s %p is device memory",
				   kind_name(kind), size, !dst_dev && dview ? "dst" : "src",
				   !dst_dev && dview ? dst : src);
	if (bh_queue_finish(bh_rt.queue, &err))
		return bh_rt_loader_error(&err, hipErrorLaunchFailure);
	memmove(dst_dev ? dview : dst, src_dev ? sview : src, size);
	return bh_rt_success();
}

hipError_t hipMemset(void *dst, int value, size_t size)
{
	struct bh_error err = { 0 };
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	struct bh_allocation *a = bh_rt_find_allocation(dst, size);
	void *view = a ? cpu_view(a, dst) : bh_rt_symbol_view(dst, size);

	if (!view)
		return bh_rt_error(hipErrorInvalidValue,
				   "hipMemset(%p, %zu bytes): not inside a device allocation",
				   dst, size);
	if (bh_queue_finish(bh_rt.queue, &err))
		return bh_rt_loader_error(&err, hipErrorLaunchFailure);
	memset(view, value, size);
	return bh_rt_success();
}

/*
 * Managed memory: one address for host and device.  The board must map
 * host memory at the address the GPU uses (the sim board does); both
 * sides then see the same pages, coherently.  Accesses from the host
 * while kernels run are the program's to order (hipDeviceSynchronize).
 */
hipError_t hipMallocManaged(void **ptr, size_t size, unsigned int flags)
{
	struct bh_error err = { 0 };
	hipError_t e;

	if (!ptr)
		return bh_rt_error(hipErrorInvalidValue, "hipMallocManaged: ptr is NULL");
	*ptr = NULL;
	if (flags != hipMemAttachGlobal && flags != hipMemAttachHost)
		return bh_rt_error(hipErrorInvalidValue,
				   "hipMallocManaged(%zu bytes): flags 0x%x are neither "
				   "hipMemAttachGlobal nor hipMemAttachHost", size, flags);
	if (size == 0)
		return bh_rt_error(hipErrorInvalidValue, "hipMallocManaged: size is 0");
	e = bh_rt_init();
	if (e)
		return e;
	struct bh_allocation *a = calloc(1, sizeof(*a));

	if (!a)
		return bh_rt_error(hipErrorOutOfMemory, "hipMallocManaged: out of host memory");
	if (bh_mem_alloc(bh_rt.dev, size, BH_MEM_SHARED, &a->mem, &err)) {
		free(a);
		return bh_rt_loader_error(&err, hipErrorOutOfMemory);
	}
	a->managed = true;
	a->next = bh_rt.allocations;
	bh_rt.allocations = a;
	*ptr = a->mem.cpu;
	return bh_rt_success();
}
