/* SPDX-License-Identifier: MIT */
/*
 * What the runtime knows about a pointer (hipPointerGetAttributes,
 * hipPointerGetAttribute, hipMemGetAddressRange, hipMemPtrGetInfo), and
 * the managed-memory hints (hipMemAdvise, hipMemPrefetchAsync).
 * Managed memory is host memory every device and the host reach in
 * place, so a valid hint moves nothing; it is recorded per 4 KiB page,
 * as hipMemRangeGetAttribute(s) report it back.  Invalid hints are
 * errors.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "image.h"
#include "runtime.h"

#define ADVICE_PAGE 4096u
#define ACCESS_HOST_BIT 31	/* accessed_by: the host (hipCpuDeviceId) */

struct bh_rt_page_advice {
	bool read_mostly, coarse_grain;
	int preferred;		/* device, hipCpuDeviceId or hipInvalidDeviceId */
	int last_prefetch;	/* likewise */
	uint32_t accessed_by;	/* bit d: device d; ACCESS_HOST_BIT: the host */
};

/* The advice lock: every allocation's page records, and the serials. */
static pthread_mutex_t advice_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t next_serial;

uint64_t bh_rt_allocation_serial(struct bh_allocation *a)
{
	pthread_mutex_lock(&advice_lock);
	if (!a->serial)
		a->serial = ++next_serial;
	uint64_t s = a->serial;

	pthread_mutex_unlock(&advice_lock);
	return s;
}

void bh_rt_allocation_forget(struct bh_allocation *a)
{
	free(a->advice);
	a->advice = NULL;
}

static size_t alloc_size(const struct bh_allocation *a)
{
	return a->bytes ? a->bytes : (size_t)a->mem.size;
}

/*
 * The range a program's pointer @ptr (at offset @off into @a's mapping)
 * belongs to, as the driver calls report it: a registration is the bytes
 * hipHostRegister was given, in the view (host or device address) @ptr
 * is in; other memory is its whole allocation.
 */
static void user_range(const struct bh_allocation *a, const void *ptr, size_t off, void **base,
		       size_t *size);

/* Where an allocation starts as the program sees it: the host address
 * of host memory (pinned, registered, managed), else the device's. */
static void *alloc_base(const struct bh_allocation *a)
{
	if (a->mem.cpu && (a->pinned || a->managed))
		return a->mem.cpu;
	return (void *)(uintptr_t)a->mem.gpu_va;
}

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
	if (!a) {
		/* As ROCm 6 (and CUDA 11): memory the runtime does not know
		 * -- malloc, the stack, mmap -- is "unregistered", no error. */
		*attr = (hipPointerAttribute_t){ .type = hipMemoryTypeUnregistered,
						 .device = hipInvalidDeviceId };
		return bh_rt_success();
	}
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

/* [ptr, ptr + count) inside one managed allocation (*@a, from page
 * *@first to *@last), and a device this board has (0) or the host. */
static hipError_t managed_range(const char *api, const void *ptr, size_t count, int device,
				struct bh_allocation **out, size_t *first, size_t *last)
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
	if (count > alloc_size(a) - off)
		return bh_rt_error(hipErrorInvalidValue, "%s(%p, %zu): the range runs past the "
				   "end of its managed allocation", api, ptr, count);
	if (device != hipCpuDeviceId && (device < 0 || (unsigned int)device >= bh_rt.ndev))
		return bh_rt_error(hipErrorInvalidDevice, "%s: device %d: this machine has "
				   "%u device%s (from 0) and the host (hipCpuDeviceId)", api, device,
				   bh_rt.ndev, bh_rt.ndev > 1 ? "s" : "");
	*out = a;
	*first = off / ADVICE_PAGE;
	*last = (off + count - 1) / ADVICE_PAGE;
	return hipSuccess;
}

/* @a's page records, made (with the defaults) on first use; the advice
 * lock held.  NULL: out of host memory. */
static struct bh_rt_page_advice *pages_locked(struct bh_allocation *a)
{
	size_t n = (alloc_size(a) + ADVICE_PAGE - 1) / ADVICE_PAGE;

	if (!a->advice) {
		a->advice = calloc(n, sizeof(*a->advice));
		for (size_t i = 0; a->advice && i < n; i++)
			a->advice[i] = (struct bh_rt_page_advice){
				.preferred = hipInvalidDeviceId,
				.last_prefetch = hipInvalidDeviceId,
			};
	}
	return a->advice;
}

static uint32_t device_bit(int device)
{
	return device == hipCpuDeviceId ? 1u << ACCESS_HOST_BIT : 1u << device;
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
	struct bh_allocation *a;
	size_t first, last;
	/* Read-mostly names no device; its device argument is ignored (ROCm). */
	bool any_device = advice == hipMemAdviseSetReadMostly ||
			  advice == hipMemAdviseUnsetReadMostly;
	hipError_t e = managed_range("hipMemAdvise", ptr, count, any_device ? 0 : device, &a,
				     &first, &last);

	if (e)
		return e;
	pthread_mutex_lock(&advice_lock);
	struct bh_rt_page_advice *p = pages_locked(a);

	for (size_t i = first; p && i <= last; i++) {
		switch (advice) {
		case hipMemAdviseSetReadMostly: p[i].read_mostly = true; break;
		case hipMemAdviseUnsetReadMostly: p[i].read_mostly = false; break;
		case hipMemAdviseSetPreferredLocation: p[i].preferred = device; break;
		case hipMemAdviseUnsetPreferredLocation:
			p[i].preferred = hipInvalidDeviceId;
			break;
		case hipMemAdviseSetAccessedBy: p[i].accessed_by |= device_bit(device); break;
		case hipMemAdviseUnsetAccessedBy: p[i].accessed_by &= ~device_bit(device); break;
		case hipMemAdviseSetCoarseGrain: p[i].coarse_grain = true; break;
		case hipMemAdviseUnsetCoarseGrain: p[i].coarse_grain = false; break;
		}
	}
	pthread_mutex_unlock(&advice_lock);
	if (!p)
		return bh_rt_error(hipErrorOutOfMemory, "hipMemAdvise: out of host memory");
	return bh_rt_success();
}

hipError_t hipMemPrefetchAsync(const void *ptr, size_t count, int device, hipStream_t stream)
{
	struct bh_allocation *a;
	size_t first, last;
	hipError_t e = managed_range("hipMemPrefetchAsync", ptr, count, device, &a, &first,
				     &last);

	if (e)
		return e;
	/* Nothing moves; the stream must be one, and the place is noted. */
	struct ihipStream_t *s;

	e = bh_rt_stream_get(stream, "hipMemPrefetchAsync", hipErrorContextIsDestroyed, &s);
	if (e)
		return e;
	pthread_mutex_lock(&advice_lock);
	struct bh_rt_page_advice *p = pages_locked(a);

	for (size_t i = first; p && i <= last; i++)
		p[i].last_prefetch = device;
	pthread_mutex_unlock(&advice_lock);
	if (!p)
		return bh_rt_error(hipErrorOutOfMemory, "hipMemPrefetchAsync: out of host memory");
	return bh_rt_success();
}

/*
 * One attribute of pages [first, last] of @a into @data (@size bytes):
 * a value every page shares, else the "mixed" answer (0, not read-mostly;
 * hipInvalidDeviceId; Indeterminate); for AccessedBy the devices every
 * page names, then hipInvalidDeviceId to fill @data.
 */
static hipError_t range_attribute(const char *api, void *data, size_t size,
				  hipMemRangeAttribute attr, struct bh_allocation *a,
				  size_t first, size_t last)
{
	static const struct bh_rt_page_advice dflt = {
		.preferred = hipInvalidDeviceId, .last_prefetch = hipInvalidDeviceId,
	};
	bool sized = attr == hipMemRangeAttributeAccessedBy ? size && size % 4 == 0 : size == 4;

	if (!data)
		return bh_rt_error(hipErrorInvalidValue, "%s: data is NULL", api);
	switch (attr) {
	case hipMemRangeAttributeReadMostly:
	case hipMemRangeAttributePreferredLocation:
	case hipMemRangeAttributeAccessedBy:
	case hipMemRangeAttributeLastPrefetchLocation:
	case hipMemRangeAttributeCoherencyMode:
		break;
	default:
		return bh_rt_error(hipErrorInvalidValue, "%s: unknown attribute %d", api,
				   (int)attr);
	}
	if (!sized)
		return bh_rt_error(hipErrorInvalidValue, "%s: data_size %zu: attribute %d "
				   "takes %s", api, size, (int)attr,
				   attr == hipMemRangeAttributeAccessedBy ?
				   "a multiple of 4 bytes (int device ids)" : "4 bytes");
	pthread_mutex_lock(&advice_lock);
	const struct bh_rt_page_advice *p = a->advice;
	const struct bh_rt_page_advice *f = p ? &p[first] : &dflt;
	bool rm = f->read_mostly, coarse = f->coarse_grain, mixed_grain = false;
	int pref = f->preferred, last_pf = f->last_prefetch;
	uint32_t acc = f->accessed_by;

	for (size_t i = first + 1; p && i <= last; i++) {
		rm = rm && p[i].read_mostly;
		mixed_grain |= p[i].coarse_grain != coarse;
		pref = p[i].preferred == pref ? pref : hipInvalidDeviceId;
		last_pf = p[i].last_prefetch == last_pf ? last_pf : hipInvalidDeviceId;
		acc &= p[i].accessed_by;
	}
	pthread_mutex_unlock(&advice_lock);
	int32_t *out = data;

	switch (attr) {
	case hipMemRangeAttributeReadMostly:
		*out = rm;
		break;
	case hipMemRangeAttributePreferredLocation:
		*out = pref;
		break;
	case hipMemRangeAttributeLastPrefetchLocation:
		*out = last_pf;
		break;
	case hipMemRangeAttributeCoherencyMode:
		*out = mixed_grain ? hipMemRangeCoherencyModeIndeterminate :
		       coarse ? hipMemRangeCoherencyModeCoarseGrain :
		       hipMemRangeCoherencyModeFineGrain;
		break;
	case hipMemRangeAttributeAccessedBy: {
		size_t n = 0, cap = size / 4;

		if (acc & (1u << ACCESS_HOST_BIT) && n < cap)
			out[n++] = hipCpuDeviceId;
		for (int d = 0; d < ACCESS_HOST_BIT && n < cap; d++)
			if (acc & (1u << d))
				out[n++] = d;
		while (n < cap)
			out[n++] = hipInvalidDeviceId;
		break;
	}
	}
	return hipSuccess;
}

/*
 * The one attribute other memory has (as on ROCm, where KFD answers it):
 * its coherency -- device memory coarse-grained, pinned host memory fine.
 * 1 if answered (or refused) here, 0 if @ptr is not such memory.
 */
static int plain_coherency(const char *api, void *data, size_t size,
			   hipMemRangeAttribute attr, const void *ptr, size_t count,
			   hipError_t *e)
{
	size_t off;
	struct bh_allocation *a = ptr ? bh_rt_allocation_at(ptr, &off) : NULL;

	if (!a || a->managed || attr != hipMemRangeAttributeCoherencyMode)
		return 0;
	if (size != 4 || !count || count > alloc_size(a) - off)
		*e = bh_rt_error(hipErrorInvalidValue, "%s(%p, %zu): data_size must be 4 and "
				 "the range inside its allocation", api, ptr, count);
	else
		*(int32_t *)data = a->pinned ? hipMemRangeCoherencyModeFineGrain :
				   hipMemRangeCoherencyModeCoarseGrain;
	return 1;
}

hipError_t hipMemRangeGetAttribute(void *data, size_t data_size, hipMemRangeAttribute attribute,
				   const void *dev_ptr, size_t count)
{
	static const char api[] = "hipMemRangeGetAttribute";
	struct bh_allocation *a;
	size_t first, last;
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	if (!data || !data_size)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s", api,
				   data ? "data_size is 0" : "data is NULL");
	if (plain_coherency(api, data, data_size, attribute, dev_ptr, count, &e))
		return e ? e : bh_rt_success();
	e = managed_range(api, dev_ptr, count, 0, &a, &first, &last);
	if (!e)
		e = range_attribute(api, data, data_size, attribute, a, first, last);
	return e ? e : bh_rt_success();
}

hipError_t hipMemRangeGetAttributes(void **data, size_t *data_sizes,
				    hipMemRangeAttribute *attributes, size_t num_attributes,
				    const void *dev_ptr, size_t count)
{
	static const char api[] = "hipMemRangeGetAttributes";
	struct bh_allocation *a;
	size_t first, last;
	hipError_t e;

	if (!data || !data_sizes || !attributes || !num_attributes)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s", api,
				   !data ? "data is NULL" : !data_sizes ? "data_sizes is NULL" :
				   !attributes ? "attributes is NULL" : "num_attributes is 0");
	e = managed_range(api, dev_ptr, count, 0, &a, &first, &last);
	for (size_t i = 0; !e && i < num_attributes; i++)
		e = range_attribute(api, data[i], data_sizes[i], attributes[i], a, first, last);
	return e ? e : bh_rt_success();
}

static void user_range(const struct bh_allocation *a, const void *ptr, size_t off, void **base,
		       size_t *size)
{
	if (a->registered) {
		size_t lo = (size_t)((uintptr_t)a->registered_ptr - (uintptr_t)a->mem.cpu);

		*base = (uint8_t *)ptr - (off - lo);
		*size = a->registered_size;
		return;
	}
	*base = alloc_base(a);
	*size = alloc_size(a);
}

/* The allocation @ptr points into, as the driver calls find it. */
hipError_t hipMemGetAddressRange(hipDeviceptr_t *base, size_t *size, hipDeviceptr_t ptr)
{
	size_t off;
	struct bh_allocation *a;
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	if (!base || !size)
		return bh_rt_error(hipErrorInvalidValue, "hipMemGetAddressRange: %s is NULL",
				   base ? "psize" : "pbase");
	a = ptr ? bh_rt_allocation_at(ptr, &off) : NULL;
	if (!a)		/* ROCm's answer for an address it does not know */
		return bh_rt_error(hipErrorNotFound, "hipMemGetAddressRange(%p): not inside "
				   "memory from a HIP allocation", ptr);
	void *b;

	user_range(a, ptr, off, &b, size);
	*base = b;
	return bh_rt_success();
}

hipError_t hipMemPtrGetInfo(void *ptr, size_t *size)
{
	size_t off;
	struct bh_allocation *a;
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	if (!ptr || !size)
		return bh_rt_error(hipErrorInvalidValue, "hipMemPtrGetInfo: %s is NULL",
				   ptr ? "size" : "ptr");
	a = bh_rt_allocation_at(ptr, &off);
	if (!a)
		return bh_rt_error(hipErrorInvalidValue, "hipMemPtrGetInfo(%p): not inside "
				   "memory from a HIP allocation", ptr);
	void *b;

	user_range(a, ptr, off, &b, size);
	return bh_rt_success();
}

/*
 * One driver pointer attribute, as ROCm answers it: memory the runtime
 * does not know is hipErrorInvalidValue (with the attribute's "none"
 * written), what ROCm does not support either is hipErrorNotSupported.
 * Managed memory is host memory to this call (ROCm's rule; the runtime
 * call hipPointerGetAttributes says hipMemoryTypeManaged).
 */
static hipError_t pointer_attribute(const char *api, void *data, hipPointer_attribute attr,
				    const void *ptr)
{
	size_t off;
	struct bh_allocation *a = bh_rt_allocation_at(ptr, &off);
	bool host = a && (a->pinned || a->managed);

	/* ROCm's: a hipArray_t handle passed as the pointer is array memory
	 * (hip-tests' hipPointerGetAttribute.cc, AMD only). */
	if (attr == HIP_POINTER_ATTRIBUTE_MEMORY_TYPE && !a &&
	    bh_rt_array_valid((const struct hipArray *)ptr)) {
		*(uint32_t *)data = hipMemoryTypeArray;
		return bh_rt_success();
	}
	switch (attr) {
	case HIP_POINTER_ATTRIBUTE_MEMORY_TYPE:
		*(uint32_t *)data = !a ? 0 : host ? hipMemoryTypeHost : hipMemoryTypeDevice;
		break;
	case HIP_POINTER_ATTRIBUTE_DEVICE_POINTER:
		*(void **)data = a ? (void *)(uintptr_t)(a->mem.gpu_va + off) : NULL;
		break;
	case HIP_POINTER_ATTRIBUTE_HOST_POINTER:
		*(void **)data = host && a->mem.cpu ? (uint8_t *)a->mem.cpu + off : NULL;
		if (a && !host)
			return bh_rt_error(hipErrorInvalidValue, "%s(%p): device memory has no "
					   "host pointer", api, ptr);
		break;
	case HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS:
		*(bool *)data = a && __atomic_load_n(&a->sync_memops, __ATOMIC_RELAXED);
		break;
	case HIP_POINTER_ATTRIBUTE_BUFFER_ID:
		*(uint32_t *)data = a ? (uint32_t)bh_rt_allocation_serial(a) : 0;
		break;
	case HIP_POINTER_ATTRIBUTE_IS_MANAGED:
		*(bool *)data = a && a->managed;
		break;
	case HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
		*(int *)data = a ? a->d->ordinal : hipInvalidDeviceId;
		break;
	case HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR:
	case HIP_POINTER_ATTRIBUTE_RANGE_SIZE: {
		void *b = NULL;
		size_t n = 0;

		if (a)
			user_range(a, ptr, off, &b, &n);
		if (attr == HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR)
			*(void **)data = b;
		else
			*(uint32_t *)data = (uint32_t)n;
		break;
	}
	case HIP_POINTER_ATTRIBUTE_MAPPED:
		*(bool *)data = a != NULL;
		break;
	case HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS:
		*(uint32_t *)data = 0;
		return hipSuccess;	/* ROCm: read-write for every pointer */
	case HIP_POINTER_ATTRIBUTE_CONTEXT:
	case HIP_POINTER_ATTRIBUTE_P2P_TOKENS:
	case HIP_POINTER_ATTRIBUTE_IS_LEGACY_HIP_IPC_CAPABLE:
	case HIP_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES:
	case HIP_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE:
	case HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE:
		return bh_rt_error(hipErrorNotSupported, "%s: attribute %d is not supported "
				   "(nor by ROCm)", api, (int)attr);
	default:
		return bh_rt_error(hipErrorInvalidValue, "%s: unknown attribute %d", api,
				   (int)attr);
	}
	if (!a)
		return bh_rt_error(hipErrorInvalidValue, "%s(%p): not inside memory from a HIP "
				   "allocation", api, ptr);
	return hipSuccess;
}

hipError_t hipPointerGetAttribute(void *data, hipPointer_attribute attribute, hipDeviceptr_t ptr)
{
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	if (!data || !ptr)
		return bh_rt_error(hipErrorInvalidValue, "hipPointerGetAttribute: %s is NULL",
				   data ? "ptr" : "data");
	e = pointer_attribute("hipPointerGetAttribute", data, attribute, ptr);
	return e ? e : bh_rt_success();
}

/* Every attribute in turn; as ROCm, one the pointer lacks gets its
 * "none" value and the call still succeeds. */
hipError_t hipDrvPointerGetAttributes(unsigned int num_attributes,
				      hipPointer_attribute *attributes, void **data,
				      hipDeviceptr_t ptr)
{
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	if (!num_attributes || !attributes || !data || !ptr)
		return bh_rt_error(hipErrorInvalidValue, "hipDrvPointerGetAttributes: %s",
				   !num_attributes ? "numAttributes is 0" :
				   !attributes ? "attributes is NULL" : !data ? "data is NULL" :
				   "ptr is NULL");
	for (unsigned int i = 0; i < num_attributes; i++) {
		if (!data[i])
			return bh_rt_error(hipErrorInvalidValue, "hipDrvPointerGetAttributes: "
					   "data[%u] is NULL", i);
		(void)pointer_attribute("hipDrvPointerGetAttributes", data[i], attributes[i],
					ptr);
	}
	return bh_rt_success();
}

/* Only SYNC_MEMOPS can be set (as ROCm); every copy here is ordered
 * already, so it is recorded and read back. */
hipError_t hipPointerSetAttribute(const void *value, hipPointer_attribute attribute,
				  hipDeviceptr_t ptr)
{
	static const char api[] = "hipPointerSetAttribute";
	size_t off;
	struct bh_allocation *a;
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	if (!value || !ptr)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api,
				   value ? "ptr" : "value");
	if (attribute != HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS)
		return bh_rt_error(hipErrorInvalidValue, "%s: only "
				   "HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS can be set, not %d", api,
				   (int)attribute);
	unsigned int v = *(const unsigned int *)value;

	if (v > 1)
		return bh_rt_error(hipErrorInvalidValue, "%s: SYNC_MEMOPS is 0 or 1, not %u",
				   api, v);
	a = bh_rt_allocation_at(ptr, &off);
	if (!a)
		return bh_rt_error(hipErrorInvalidDevicePointer, "%s(%p): not inside memory "
				   "from a HIP allocation", api, ptr);
	__atomic_store_n(&a->sync_memops, v != 0, __ATOMIC_RELAXED);
	return bh_rt_success();
}
