/* SPDX-License-Identifier: MIT */
/*
 * barehip: the virtual memory management API (hipMemAddressReserve,
 * hipMemCreate, hipMemMap ...) -- the types and calls, so that programs
 * using them compile and can ask.  barehip does not support it: its
 * boards give no way yet to map one physical allocation at a virtual
 * address of the program's choosing, so
 * hipDeviceAttributeVirtualMemoryManagementSupported is 0 and every call
 * returns hipErrorNotSupported after its argument checks
 * (kit/runtime/vmm.c).  Programs are expected to read the attribute
 * first, as ROCm's own tests do.
 *
 * Included by <hip/hip_runtime_api.h>, inside its extern "C" block, after
 * hipMemLocation, hipMemAccessDesc and hipMemAllocationHandleType.
 * Layouts and enumerator values are ROCm's (the ABI).
 */
#ifndef HIP_BH_VMM_H
#define HIP_BH_VMM_H

typedef struct ihipMemGenericAllocationHandle *hipMemGenericAllocationHandle_t;

typedef struct hipMemAllocationProp {
	hipMemAllocationType type;
	hipMemAllocationHandleType requestedHandleType;
	hipMemLocation location;
	void *win32HandleMetaData;
	struct {
		unsigned char compressionType;
		unsigned char gpuDirectRDMACapable;
		unsigned short usage;
	} allocFlags;
} hipMemAllocationProp;

typedef enum hipMemAllocationGranularity_flags {
	hipMemAllocationGranularityMinimum = 0x0,
	hipMemAllocationGranularityRecommended = 0x1,
} hipMemAllocationGranularity_flags;

hipError_t hipMemAddressReserve(void **ptr, size_t size, size_t alignment, void *addr,
				unsigned long long flags);
hipError_t hipMemAddressFree(void *devPtr, size_t size);
hipError_t hipMemCreate(hipMemGenericAllocationHandle_t *handle, size_t size,
			const hipMemAllocationProp *prop, unsigned long long flags);
hipError_t hipMemRelease(hipMemGenericAllocationHandle_t handle);
hipError_t hipMemMap(void *ptr, size_t size, size_t offset, hipMemGenericAllocationHandle_t handle,
		     unsigned long long flags);
hipError_t hipMemUnmap(void *ptr, size_t size);
hipError_t hipMemSetAccess(void *ptr, size_t size, const hipMemAccessDesc *desc, size_t count);
hipError_t hipMemGetAccess(unsigned long long *flags, const hipMemLocation *location, void *ptr);
hipError_t hipMemGetAllocationGranularity(size_t *granularity, const hipMemAllocationProp *prop,
					  hipMemAllocationGranularity_flags option);
hipError_t hipMemGetAllocationPropertiesFromHandle(hipMemAllocationProp *prop,
						   hipMemGenericAllocationHandle_t handle);
hipError_t hipMemExportToShareableHandle(void *shareableHandle,
					 hipMemGenericAllocationHandle_t handle,
					 hipMemAllocationHandleType handleType,
					 unsigned long long flags);
hipError_t hipMemImportFromShareableHandle(hipMemGenericAllocationHandle_t *handle, void *osHandle,
					   hipMemAllocationHandleType shHandleType);
hipError_t hipMemRetainAllocationHandle(hipMemGenericAllocationHandle_t *handle, void *addr);

#endif /* HIP_BH_VMM_H */
