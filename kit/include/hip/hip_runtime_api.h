/*
 * barehip: the HIP host API (C, usable from C++).  Names, types and
 * numeric values follow HIP so that existing programs build unchanged.
 */
#ifndef HIP_RUNTIME_API_H
#define HIP_RUNTIME_API_H

#include <stddef.h>
#include <stdint.h>
#include <hip/hip_version.h>

/* The platform macro HIP programs test (hipcc passes it on AMD). */
#if !defined(__HIP_PLATFORM_AMD__) && !defined(__HIP_PLATFORM_NVIDIA__)
#define __HIP_PLATFORM_AMD__ 1
#endif

#if defined(__HIP__) || defined(__CUDA__)
#define __BH_HD __attribute__((host)) __attribute__((device))
#else
#define __BH_HD
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hipError_t {
	hipSuccess = 0,
	hipErrorInvalidValue = 1,
	hipErrorOutOfMemory = 2,
	hipErrorMemoryAllocation = 2,
	hipErrorNotInitialized = 3,
	hipErrorInitializationError = 3,
	hipErrorInvalidConfiguration = 9,
	hipErrorInvalidPitchValue = 12,
	hipErrorInvalidSymbol = 13,
	hipErrorInvalidDevicePointer = 17,
	hipErrorInvalidMemcpyDirection = 21,
	hipErrorInvalidDeviceFunction = 98,
	hipErrorNoDevice = 100,
	hipErrorInvalidDevice = 101,
	hipErrorInvalidImage = 200,
	hipErrorInvalidContext = 201,
	hipErrorNoBinaryForGpu = 209,
	hipErrorUnsupportedLimit = 215,
	hipErrorInvalidKernelFile = 218,
	hipErrorInvalidSource = 300,
	hipErrorInvalidHandle = 400,
	hipErrorInvalidResourceHandle = 400,
	hipErrorNotFound = 500,
	hipErrorNotReady = 600,
	hipErrorIllegalAddress = 700,
	hipErrorLaunchOutOfResources = 701,
	hipErrorLaunchTimeOut = 702,
	hipErrorLaunchFailure = 719,
	hipErrorCooperativeLaunchTooLarge = 720,
	hipErrorNotSupported = 801,
	hipErrorUnknown = 999,
} hipError_t;

typedef enum hipMemcpyKind {
	hipMemcpyHostToHost = 0,
	hipMemcpyHostToDevice = 1,
	hipMemcpyDeviceToHost = 2,
	hipMemcpyDeviceToDevice = 3,
	hipMemcpyDefault = 4,
} hipMemcpyKind;

typedef struct ihipStream_t *hipStream_t;

/* hipMallocManaged flags. */
#define hipMemAttachGlobal 0x01
#define hipMemAttachHost 0x02

/* hipDeviceSetLimit / hipDeviceGetLimit. */
typedef enum hipLimit_t {
	hipLimitStackSize = 0x0,
	hipLimitPrintfFifoSize = 0x01,
	hipLimitMallocHeapSize = 0x02,
} hipLimit_t;

/* Stream creation flags (hipStreamCreateWithFlags). */
#define hipStreamDefault 0x00
#define hipStreamNonBlocking 0x01

typedef struct dim3 {
	uint32_t x, y, z;
#ifdef __cplusplus
	constexpr __BH_HD dim3(uint32_t _x = 1, uint32_t _y = 1, uint32_t _z = 1)
		: x(_x), y(_y), z(_z) {}
#endif
} dim3;

/* The device properties samples read (field names as in HIP). */
typedef struct hipDeviceProp_t {
	char name[256];
	size_t totalGlobalMem;
	size_t sharedMemPerBlock;
	int regsPerBlock;
	int warpSize;
	size_t memPitch;
	int maxThreadsPerBlock;
	int maxThreadsDim[3];
	int maxGridSize[3];
	int clockRate;			/* kHz */
	size_t totalConstMem;
	int major;
	int minor;
	size_t textureAlignment;
	int deviceOverlap;
	int multiProcessorCount;
	int kernelExecTimeoutEnabled;
	int integrated;
	int canMapHostMemory;
	int computeMode;
	int concurrentKernels;
	int pciDomainID;
	int pciBusID;
	int pciDeviceID;
	int memoryClockRate;		/* kHz */
	int memoryBusWidth;		/* bits */
	int l2CacheSize;
	int maxThreadsPerMultiProcessor;
	int isMultiGpuBoard;
	size_t maxSharedMemoryPerMultiProcessor;
	int clockInstructionRate;	/* kHz */
	int cooperativeLaunch;
	int managedMemory;
	int gcnArch;			/* deprecated: major*100 + minor*10 + stepping */
	char gcnArchName[256];		/* "gfx90a:sramecc+:xnack-" */
	int wallClockRate;		/* kHz (barehip: also an attribute) */
} hipDeviceProp_t;

typedef enum hipDeviceAttribute_t {
	hipDeviceAttributeMaxThreadsPerBlock,
	hipDeviceAttributeMaxBlockDimX,
	hipDeviceAttributeMaxBlockDimY,
	hipDeviceAttributeMaxBlockDimZ,
	hipDeviceAttributeMaxGridDimX,
	hipDeviceAttributeMaxGridDimY,
	hipDeviceAttributeMaxGridDimZ,
	hipDeviceAttributeMaxSharedMemoryPerBlock,
	hipDeviceAttributeWarpSize,
	hipDeviceAttributeClockRate,
	hipDeviceAttributeMemoryClockRate,
	hipDeviceAttributeMultiprocessorCount,
	hipDeviceAttributeComputeCapabilityMajor,
	hipDeviceAttributeComputeCapabilityMinor,
	hipDeviceAttributeMaxThreadsPerMultiProcessor,
	hipDeviceAttributeWallClockRate,
	hipDeviceAttributeCooperativeLaunch,
	hipDeviceAttributeIntegrated,
	hipDeviceAttributeConcurrentKernels,
} hipDeviceAttribute_t;

hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int device);
hipError_t hipDeviceGetAttribute(int *value, hipDeviceAttribute_t attr, int device);
hipError_t hipGetDeviceCount(int *count);
hipError_t hipSetDevice(int device);
hipError_t hipGetDevice(int *device);
hipError_t hipDeviceSynchronize(void);
hipError_t hipDeviceReset(void);

hipError_t hipGetLastError(void);
hipError_t hipPeekAtLastError(void);
const char *hipGetErrorString(hipError_t error);
const char *hipGetErrorName(hipError_t error);

hipError_t hipMalloc(void **ptr, size_t size);
hipError_t hipFree(void *ptr);
hipError_t hipMemcpy(void *dst, const void *src, size_t size, hipMemcpyKind kind);
hipError_t hipMemset(void *dst, int value, size_t size);
hipError_t hipMallocManaged(void **ptr, size_t size, unsigned int flags);
/*
 * __device__ / __constant__ variables from the host.  @symbol is the
 * variable (in C++ pass it directly, or HIP_SYMBOL(var)); its device
 * address works with hipMemcpy and in kernel arguments.
 */
hipError_t hipGetSymbolAddress(void **devPtr, const void *symbol);
hipError_t hipGetSymbolSize(size_t *size, const void *symbol);
hipError_t hipMemcpyToSymbol(const void *symbol, const void *src, size_t sizeBytes,
			     size_t offset, hipMemcpyKind kind);
hipError_t hipMemcpyFromSymbol(void *dst, const void *symbol, size_t sizeBytes,
			       size_t offset, hipMemcpyKind kind);
hipError_t hipMemcpyToSymbolAsync(const void *symbol, const void *src, size_t sizeBytes,
				  size_t offset, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t sizeBytes,
				    size_t offset, hipMemcpyKind kind, hipStream_t stream);
#define HIP_SYMBOL(X) (&(X))

hipError_t hipDeviceSetLimit(hipLimit_t limit, size_t value);
hipError_t hipDeviceGetLimit(size_t *value, hipLimit_t limit);

hipError_t hipLaunchKernel(const void *function_address, dim3 numBlocks,
			   dim3 dimBlocks, void **args, size_t sharedMemBytes,
			   hipStream_t stream);

/*
 * A launch whose blocks can all be resident at once, so that they may
 * synchronise (cooperative groups' grid.sync()).  Refused with
 * hipErrorCooperativeLaunchTooLarge when the device cannot hold them.
 */
hipError_t hipLaunchCooperativeKernel(const void *f, dim3 gridDim, dim3 blockDim,
				      void **kernelParams, unsigned int sharedMemBytes,
				      hipStream_t stream);

/* Workgroups of kernel @f with @blockSize threads one CU holds at once. */
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *f,
							int blockSize,
							size_t dynSharedMemPerBlk);

/* Used by clang for <<<...>>> (-fhip-new-launch-api). */
hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim,
				      size_t sharedMem, hipStream_t stream);
hipError_t __hipPopCallConfiguration(dim3 *gridDim, dim3 *blockDim,
				     size_t *sharedMem, hipStream_t *stream);

/*
 * barehip extension: the one-line description of the last error this
 * thread's HIP calls produced (kernel, dimensions, cause), or "" if there
 * was none.  hipGetLastError() resets the code, not this message.
 */
const char *bhGetLastErrorMessage(void);

#ifdef __cplusplus
} /* extern "C" */

/* <<<grid, block>>> leaves shared memory and stream to these defaults. */
extern "C" hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim,
						 size_t sharedMem = 0,
						 hipStream_t stream = 0);

/*
 * The symbol calls with C++ defaults, taking the variable itself (as
 * CUDA's runtime does) as well as a pointer to it.  A pointer argument
 * is the symbol's address; any other object is the symbol.
 */
template <class T> struct __bh_not_pointer { static constexpr bool value = true; };
template <class T> struct __bh_not_pointer<T *> { static constexpr bool value = false; };
template <bool B> struct __bh_enable_if {};
template <> struct __bh_enable_if<true> { typedef hipError_t type; };

extern "C" hipError_t hipMemcpyToSymbol(const void *symbol, const void *src, size_t sizeBytes,
					size_t offset = 0,
					hipMemcpyKind kind = hipMemcpyHostToDevice);
template <class T>
static inline typename __bh_enable_if<__bh_not_pointer<T>::value>::type
hipMemcpyToSymbol(const T &symbol, const void *src, size_t sizeBytes, size_t offset = 0,
		  hipMemcpyKind kind = hipMemcpyHostToDevice)
{
	return ::hipMemcpyToSymbol((const void *)&symbol, src, sizeBytes, offset, kind);
}
extern "C" hipError_t hipMemcpyFromSymbol(void *dst, const void *symbol, size_t sizeBytes,
					  size_t offset = 0,
					  hipMemcpyKind kind = hipMemcpyDeviceToHost);
template <class T>
static inline typename __bh_enable_if<__bh_not_pointer<T>::value>::type
hipMemcpyFromSymbol(void *dst, const T &symbol, size_t sizeBytes, size_t offset = 0,
		    hipMemcpyKind kind = hipMemcpyDeviceToHost)
{
	return ::hipMemcpyFromSymbol(dst, (const void *)&symbol, sizeBytes, offset, kind);
}
extern "C" hipError_t hipMemcpyToSymbolAsync(const void *symbol, const void *src,
					     size_t sizeBytes, size_t offset,
					     hipMemcpyKind kind, hipStream_t stream = 0);
template <class T>
static inline typename __bh_enable_if<__bh_not_pointer<T>::value>::type
hipMemcpyToSymbolAsync(const T &symbol, const void *src, size_t sizeBytes, size_t offset,
		       hipMemcpyKind kind, hipStream_t stream = 0)
{
	return ::hipMemcpyToSymbolAsync((const void *)&symbol, src, sizeBytes, offset, kind,
					stream);
}
extern "C" hipError_t hipMemcpyFromSymbolAsync(void *dst, const void *symbol,
					       size_t sizeBytes, size_t offset,
					       hipMemcpyKind kind, hipStream_t stream = 0);
template <class T>
static inline typename __bh_enable_if<__bh_not_pointer<T>::value>::type
hipMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t sizeBytes, size_t offset,
			 hipMemcpyKind kind, hipStream_t stream = 0)
{
	return ::hipMemcpyFromSymbolAsync(dst, (const void *)&symbol, sizeBytes, offset, kind,
					  stream);
}
template <class T>
static inline typename __bh_enable_if<__bh_not_pointer<T>::value>::type
hipGetSymbolAddress(void **devPtr, const T &symbol)
{
	return ::hipGetSymbolAddress(devPtr, (const void *)&symbol);
}
template <class T>
static inline typename __bh_enable_if<__bh_not_pointer<T>::value>::type
hipGetSymbolSize(size_t *size, const T &symbol)
{
	return ::hipGetSymbolSize(size, (const void *)&symbol);
}

template <class T>
static inline hipError_t hipMalloc(T **ptr, size_t size)
{
	return hipMalloc(reinterpret_cast<void **>(ptr), size);
}

template <class T>
static inline hipError_t hipMallocManaged(T **ptr, size_t size,
					  unsigned int flags = hipMemAttachGlobal)
{
	return hipMallocManaged(reinterpret_cast<void **>(ptr), size, flags);
}

template <class F>
static inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, F *f,
								      int blockSize,
								      size_t dynSharedMemPerBlk)
{
	return hipOccupancyMaxActiveBlocksPerMultiprocessor(
		numBlocks, reinterpret_cast<const void *>(f), blockSize, dynSharedMemPerBlk);
}

template <class F>
static inline hipError_t hipLaunchCooperativeKernel(F *f, dim3 gridDim, dim3 blockDim,
						    void **kernelParams,
						    unsigned int sharedMemBytes,
						    hipStream_t stream)
{
	return hipLaunchCooperativeKernel(reinterpret_cast<const void *>(f), gridDim,
					  blockDim, kernelParams, sharedMemBytes, stream);
}
#endif

#endif /* HIP_RUNTIME_API_H */
