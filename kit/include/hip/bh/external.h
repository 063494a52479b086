/* SPDX-License-Identifier: MIT */
/*
 * barehip: external resource interoperability (hipImportExternalMemory,
 * hipImportExternalSemaphore, ...) -- memory and semaphores exported by
 * Vulkan, Direct3D or another process's driver.  The types and calls are
 * declared so that programs using them compile; barehip imports nothing:
 * its boards have no handle type another API could export to them (no
 * dma-buf or sync-file import in barehip.ko, the KFD board has no
 * Vulkan driver beside it).  Every call checks its arguments as ROCm
 * does, then an import is hipErrorNotSupported; since no handle can
 * exist, a call on one is hipErrorInvalidValue (kit/runtime/external.c).
 *
 * Included by <hip/hip_runtime_api.h>, inside its extern "C" block.
 * Layouts and enumerator values are ROCm's (the ABI).
 */
#ifndef HIP_BH_EXTERNAL_H
#define HIP_BH_EXTERNAL_H

#define hipExternalMemoryDedicated 0x1

typedef enum hipExternalMemoryHandleType_enum {
	hipExternalMemoryHandleTypeOpaqueFd = 1,
	hipExternalMemoryHandleTypeOpaqueWin32 = 2,
	hipExternalMemoryHandleTypeOpaqueWin32Kmt = 3,
	hipExternalMemoryHandleTypeD3D12Heap = 4,
	hipExternalMemoryHandleTypeD3D12Resource = 5,
	hipExternalMemoryHandleTypeD3D11Resource = 6,
	hipExternalMemoryHandleTypeD3D11ResourceKmt = 7,
	hipExternalMemoryHandleTypeNvSciBuf = 8
} hipExternalMemoryHandleType;

typedef struct hipExternalMemoryHandleDesc_st {
	hipExternalMemoryHandleType type;
	union {
		int fd;
		struct {
			void *handle;
			const void *name;
		} win32;
		const void *nvSciBufObject;
	} handle;
	unsigned long long size;
	unsigned int flags;
	unsigned int reserved[16];
} hipExternalMemoryHandleDesc;

typedef struct hipExternalMemoryBufferDesc_st {
	unsigned long long offset;
	unsigned long long size;
	unsigned int flags;
	unsigned int reserved[16];
} hipExternalMemoryBufferDesc;

typedef struct hipExternalMemoryMipmappedArrayDesc_st {
	unsigned long long offset;
	hipChannelFormatDesc formatDesc;
	hipExtent extent;
	unsigned int flags;
	unsigned int numLevels;
} hipExternalMemoryMipmappedArrayDesc;

typedef void *hipExternalMemory_t;

typedef enum hipExternalSemaphoreHandleType_enum {
	hipExternalSemaphoreHandleTypeOpaqueFd = 1,
	hipExternalSemaphoreHandleTypeOpaqueWin32 = 2,
	hipExternalSemaphoreHandleTypeOpaqueWin32Kmt = 3,
	hipExternalSemaphoreHandleTypeD3D12Fence = 4,
	hipExternalSemaphoreHandleTypeD3D11Fence = 5,
	hipExternalSemaphoreHandleTypeNvSciSync = 6,
	hipExternalSemaphoreHandleTypeKeyedMutex = 7,
	hipExternalSemaphoreHandleTypeKeyedMutexKmt = 8,
	hipExternalSemaphoreHandleTypeTimelineSemaphoreFd = 9,
	hipExternalSemaphoreHandleTypeTimelineSemaphoreWin32 = 10
} hipExternalSemaphoreHandleType;

typedef struct hipExternalSemaphoreHandleDesc_st {
	hipExternalSemaphoreHandleType type;
	union {
		int fd;
		struct {
			void *handle;
			const void *name;
		} win32;
		const void *NvSciSyncObj;
	} handle;
	unsigned int flags;
	unsigned int reserved[16];
} hipExternalSemaphoreHandleDesc;

typedef void *hipExternalSemaphore_t;

typedef struct hipExternalSemaphoreSignalParams_st {
	struct {
		struct {
			unsigned long long value;
		} fence;
		union {
			void *fence;
			unsigned long long reserved;
		} nvSciSync;
		struct {
			unsigned long long key;
		} keyedMutex;
		unsigned int reserved[12];
	} params;
	unsigned int flags;
	unsigned int reserved[16];
} hipExternalSemaphoreSignalParams;

typedef struct hipExternalSemaphoreWaitParams_st {
	struct {
		struct {
			unsigned long long value;
		} fence;
		union {
			void *fence;
			unsigned long long reserved;
		} nvSciSync;
		struct {
			unsigned long long key;
			unsigned int timeoutMs;
		} keyedMutex;
		unsigned int reserved[10];
	} params;
	unsigned int flags;
	unsigned int reserved[16];
} hipExternalSemaphoreWaitParams;

hipError_t hipImportExternalMemory(hipExternalMemory_t *extMem_out,
				   const hipExternalMemoryHandleDesc *memHandleDesc);
hipError_t hipExternalMemoryGetMappedBuffer(void **devPtr, hipExternalMemory_t extMem,
					    const hipExternalMemoryBufferDesc *bufferDesc);
hipError_t hipExternalMemoryGetMappedMipmappedArray(
	hipMipmappedArray_t *mipmap, hipExternalMemory_t extMem,
	const hipExternalMemoryMipmappedArrayDesc *mipmapDesc);
hipError_t hipDestroyExternalMemory(hipExternalMemory_t extMem);
hipError_t hipImportExternalSemaphore(hipExternalSemaphore_t *extSem_out,
				      const hipExternalSemaphoreHandleDesc *semHandleDesc);
hipError_t hipSignalExternalSemaphoresAsync(const hipExternalSemaphore_t *extSemArray,
					    const hipExternalSemaphoreSignalParams *paramsArray,
					    unsigned int numExtSems, hipStream_t stream);
hipError_t hipWaitExternalSemaphoresAsync(const hipExternalSemaphore_t *extSemArray,
					  const hipExternalSemaphoreWaitParams *paramsArray,
					  unsigned int numExtSems, hipStream_t stream);
hipError_t hipDestroyExternalSemaphore(hipExternalSemaphore_t extSem);

#endif /* HIP_BH_EXTERNAL_H */
