// SPDX-License-Identifier: MIT
/*
 * The virtual memory management API (kit/include/hip/bh/vmm.h), refused.
 * Mapping a physical allocation at a virtual address of the program's
 * choosing needs each board to alias device memory (the sim model maps
 * VRAM at one fixed window; barehip.ko's GART maps host pages only), so
 * hipDeviceAttributeVirtualMemoryManagementSupported is 0 (properties.c).
 * Each call checks its arguments as ROCm does -- a NULL out pointer or a
 * zero size is hipErrorInvalidValue -- and then returns
 * hipErrorNotSupported with a message saying what to use instead.
 */
#include "runtime.h"

static hipError_t refuse(const char *api)
{
	return bh_rt_error(hipErrorNotSupported, "%s: barehip does not support the virtual "
			   "memory management API (hipDeviceAttributeVirtualMemoryManagementSupported "
			   "is 0); allocate with hipMalloc or hipMallocAsync", api);
}

static hipError_t invalid(const char *api, const char *why)
{
	return bh_rt_error(hipErrorInvalidValue, "%s: %s", api, why);
}

hipError_t hipMemAddressReserve(void **ptr, size_t size, size_t alignment, void *addr,
				unsigned long long flags)
{
	static const char api[] = "hipMemAddressReserve";

	(void)alignment;
	(void)addr;
	if (!ptr || !size)
		return invalid(api, !ptr ? "ptr is NULL" : "size is 0");
	*ptr = NULL;
	if (flags)
		return invalid(api, "flags must be 0");
	return refuse(api);
}

hipError_t hipMemAddressFree(void *dev_ptr, size_t size)
{
	static const char api[] = "hipMemAddressFree";

	if (!dev_ptr || !size)
		return invalid(api, !dev_ptr ? "devPtr is NULL" : "size is 0");
	return refuse(api);
}

hipError_t hipMemCreate(hipMemGenericAllocationHandle_t *handle, size_t size,
			const hipMemAllocationProp *prop, unsigned long long flags)
{
	static const char api[] = "hipMemCreate";

	if (!handle || !prop || !size)
		return invalid(api, !handle ? "handle is NULL" : !prop ? "prop is NULL" :
			       "size is 0");
	*handle = NULL;
	if (flags)
		return invalid(api, "flags must be 0");
	return refuse(api);
}

hipError_t hipMemRelease(hipMemGenericAllocationHandle_t handle)
{
	if (!handle)
		return invalid("hipMemRelease", "handle is NULL");
	return refuse("hipMemRelease");
}

hipError_t hipMemMap(void *ptr, size_t size, size_t offset, hipMemGenericAllocationHandle_t handle,
		     unsigned long long flags)
{
	static const char api[] = "hipMemMap";

	(void)offset;
	if (!ptr || !size || !handle)
		return invalid(api, !ptr ? "ptr is NULL" : !size ? "size is 0" : "handle is NULL");
	if (flags)
		return invalid(api, "flags must be 0");
	return refuse(api);
}

hipError_t hipMemUnmap(void *ptr, size_t size)
{
	if (!ptr || !size)
		return invalid("hipMemUnmap", !ptr ? "ptr is NULL" : "size is 0");
	return refuse("hipMemUnmap");
}

hipError_t hipMemSetAccess(void *ptr, size_t size, const hipMemAccessDesc *desc, size_t count)
{
	static const char api[] = "hipMemSetAccess";

	if (!ptr || !size || !desc || !count)
		return invalid(api, !ptr ? "ptr is NULL" : !size ? "size is 0" :
			       !desc ? "desc is NULL" : "count is 0");
	return refuse(api);
}

hipError_t hipMemGetAccess(unsigned long long *flags, const hipMemLocation *location, void *ptr)
{
	static const char api[] = "hipMemGetAccess";

	if (!flags || !location || !ptr)
		return invalid(api, !flags ? "flags is NULL" : !location ? "location is NULL" :
			       "ptr is NULL");
	return refuse(api);
}

hipError_t hipMemGetAllocationGranularity(size_t *granularity, const hipMemAllocationProp *prop,
					  hipMemAllocationGranularity_flags option)
{
	static const char api[] = "hipMemGetAllocationGranularity";

	if (!granularity || !prop)
		return invalid(api, !granularity ? "granularity is NULL" : "prop is NULL");
	if (option != hipMemAllocationGranularityMinimum &&
	    option != hipMemAllocationGranularityRecommended)
		return invalid(api, "option is not a hipMemAllocationGranularity_flags");
	return refuse(api);
}

hipError_t hipMemGetAllocationPropertiesFromHandle(hipMemAllocationProp *prop,
						   hipMemGenericAllocationHandle_t handle)
{
	static const char api[] = "hipMemGetAllocationPropertiesFromHandle";

	if (!prop || !handle)
		return invalid(api, !prop ? "prop is NULL" : "handle is NULL");
	return refuse(api);
}

hipError_t hipMemExportToShareableHandle(void *shareable, hipMemGenericAllocationHandle_t handle,
					 hipMemAllocationHandleType type, unsigned long long flags)
{
	static const char api[] = "hipMemExportToShareableHandle";

	(void)type;
	if (!shareable || !handle)
		return invalid(api, !shareable ? "shareableHandle is NULL" : "handle is NULL");
	if (flags)
		return invalid(api, "flags must be 0");
	return refuse(api);
}

hipError_t hipMemImportFromShareableHandle(hipMemGenericAllocationHandle_t *handle, void *os_handle,
					   hipMemAllocationHandleType type)
{
	static const char api[] = "hipMemImportFromShareableHandle";

	(void)type;
	if (!handle || !os_handle)
		return invalid(api, !handle ? "handle is NULL" : "osHandle is NULL");
	*handle = NULL;
	return refuse(api);
}

hipError_t hipMemRetainAllocationHandle(hipMemGenericAllocationHandle_t *handle, void *addr)
{
	static const char api[] = "hipMemRetainAllocationHandle";

	if (!handle || !addr)
		return invalid(api, !handle ? "handle is NULL" : "addr is NULL");
	*handle = NULL;
	return refuse(api);
}
