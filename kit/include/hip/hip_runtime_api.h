/*
 * barehip: the HIP host API (C, usable from C++).  Names, types and
 * numeric values follow HIP so that existing programs build unchanged.
 */
#ifndef HIP_RUNTIME_API_H
#define HIP_RUNTIME_API_H

/* What ROCm's hip_runtime_api.h brings in too (programs rely on it:
 * memset and memcpy from <string.h>, the platform macros). */
#include <string.h>
#include <stddef.h>
#include <stdint.h>
#include <hip/hip_version.h>
#include <hip/hip_common.h>
#include <hip/linker_types.h>

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
	hipErrorDeinitialized = 4,
	hipErrorProfilerDisabled = 5,
	hipErrorProfilerNotInitialized = 6,
	hipErrorProfilerAlreadyStarted = 7,
	hipErrorProfilerAlreadyStopped = 8,
	hipErrorInvalidConfiguration = 9,
	hipErrorInvalidPitchValue = 12,
	hipErrorInvalidSymbol = 13,
	hipErrorInvalidDevicePointer = 17,
	hipErrorInvalidMemcpyDirection = 21,
	hipErrorInsufficientDriver = 35,
	hipErrorMissingConfiguration = 52,
	hipErrorPriorLaunchFailure = 53,
	hipErrorInvalidDeviceFunction = 98,
	hipErrorNoDevice = 100,
	hipErrorInvalidDevice = 101,
	hipErrorInvalidImage = 200,
	hipErrorInvalidContext = 201,
	hipErrorContextAlreadyCurrent = 202,
	hipErrorMapFailed = 205,
	hipErrorMapBufferObjectFailed = 205,
	hipErrorUnmapFailed = 206,
	hipErrorArrayIsMapped = 207,
	hipErrorAlreadyMapped = 208,
	hipErrorNoBinaryForGpu = 209,
	hipErrorAlreadyAcquired = 210,
	hipErrorNotMapped = 211,
	hipErrorNotMappedAsArray = 212,
	hipErrorNotMappedAsPointer = 213,
	hipErrorECCNotCorrectable = 214,
	hipErrorUnsupportedLimit = 215,
	hipErrorContextAlreadyInUse = 216,
	hipErrorPeerAccessUnsupported = 217,
	hipErrorInvalidKernelFile = 218,
	hipErrorInvalidGraphicsContext = 219,
	hipErrorInvalidSource = 300,
	hipErrorFileNotFound = 301,
	hipErrorSharedObjectSymbolNotFound = 302,
	hipErrorSharedObjectInitFailed = 303,
	hipErrorOperatingSystem = 304,
	hipErrorInvalidHandle = 400,
	hipErrorInvalidResourceHandle = 400,
	hipErrorIllegalState = 401,
	hipErrorNotFound = 500,
	hipErrorNotReady = 600,
	hipErrorIllegalAddress = 700,
	hipErrorLaunchOutOfResources = 701,
	hipErrorLaunchTimeOut = 702,
	hipErrorPeerAccessAlreadyEnabled = 704,
	hipErrorPeerAccessNotEnabled = 705,
	hipErrorSetOnActiveProcess = 708,
	hipErrorContextIsDestroyed = 709,
	hipErrorAssert = 710,
	hipErrorHostMemoryAlreadyRegistered = 712,
	hipErrorHostMemoryNotRegistered = 713,
	hipErrorLaunchFailure = 719,
	hipErrorCooperativeLaunchTooLarge = 720,
	hipErrorNotSupported = 801,
	hipErrorStreamCaptureUnsupported = 900,
	hipErrorStreamCaptureInvalidated = 901,
	hipErrorStreamCaptureMerge = 902,
	hipErrorStreamCaptureUnmatched = 903,
	hipErrorStreamCaptureUnjoined = 904,
	hipErrorStreamCaptureIsolation = 905,
	hipErrorStreamCaptureImplicit = 906,
	hipErrorCapturedEvent = 907,
	hipErrorStreamCaptureWrongThread = 908,
	hipErrorGraphExecUpdateFailure = 910,
	hipErrorInvalidChannelDescriptor = 911,
	hipErrorInvalidTexture = 912,
	hipErrorUnknown = 999,
	hipErrorRuntimeMemory = 1052,
	hipErrorRuntimeOther = 1053,
	hipErrorTbd = 1054,
} hipError_t;

typedef enum hipMemcpyKind {
	hipMemcpyHostToHost = 0,
	hipMemcpyHostToDevice = 1,
	hipMemcpyDeviceToHost = 2,
	hipMemcpyDeviceToDevice = 3,
	hipMemcpyDefault = 4,
	/* ROCm: device to device without the compute units (a DMA engine);
	 * on barehip every copy is the host's, so it is DeviceToDevice. */
	hipMemcpyDeviceToDeviceNoCU = 1024,
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
	hipLimitRange,		/* the limits there are; from here: hipErrorInvalidValue */
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

/* Device-side features (hipDeviceProp_t.arch), as in HIP. */
typedef struct hipDeviceArch_t {
	unsigned hasGlobalInt32Atomics : 1;
	unsigned hasGlobalFloatAtomicExch : 1;
	unsigned hasSharedInt32Atomics : 1;
	unsigned hasSharedFloatAtomicExch : 1;
	unsigned hasFloatAtomicAdd : 1;
	unsigned hasGlobalInt64Atomics : 1;
	unsigned hasSharedInt64Atomics : 1;
	unsigned hasDoubles : 1;
	unsigned hasWarpVote : 1;
	unsigned hasWarpBallot : 1;
	unsigned hasWarpShuffle : 1;
	unsigned hasFunnelShift : 1;
	unsigned hasThreadFenceSystem : 1;
	unsigned hasSyncThreadsExt : 1;
	unsigned hasSurfaceFuncs : 1;
	unsigned has3dGrid : 1;
	unsigned hasDynamicParallelism : 1;
} hipDeviceArch_t;

typedef struct hipUUID_t {
	char bytes[16];
} hipUUID;

/*
 * The device properties (HIP 6's field names and order; the texture and
 * surface limits are 0: barehip has no images).  Sizes in bytes, clocks
 * in kHz.  hipGetDeviceProperties fills them from what the board reports.
 */
typedef struct hipDeviceProp_t {
	char name[256];
	hipUUID uuid;
	char luid[8];
	unsigned int luidDeviceNodeMask;
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
	size_t texturePitchAlignment;
	int deviceOverlap;
	int multiProcessorCount;
	int kernelExecTimeoutEnabled;
	int integrated;
	int canMapHostMemory;
	int computeMode;
	int maxTexture1D;
	int maxTexture1DMipmap;
	int maxTexture1DLinear;
	int maxTexture2D[2];
	int maxTexture2DMipmap[2];
	int maxTexture2DLinear[3];
	int maxTexture2DGather[2];
	int maxTexture3D[3];
	int maxTexture3DAlt[3];
	int maxTextureCubemap;
	int maxTexture1DLayered[2];
	int maxTexture2DLayered[3];
	int maxTextureCubemapLayered[2];
	int maxSurface1D;
	int maxSurface2D[2];
	int maxSurface3D[3];
	int maxSurface1DLayered[2];
	int maxSurface2DLayered[3];
	int maxSurfaceCubemap;
	int maxSurfaceCubemapLayered[2];
	size_t surfaceAlignment;
	int concurrentKernels;
	int ECCEnabled;
	int pciBusID;
	int pciDeviceID;		/* the PCI device (slot) number */
	int pciDomainID;
	int tccDriver;
	int asyncEngineCount;
	int unifiedAddressing;
	int memoryClockRate;		/* kHz */
	int memoryBusWidth;		/* bits */
	int l2CacheSize;
	int persistingL2CacheMaxSize;
	int maxThreadsPerMultiProcessor;
	int streamPrioritiesSupported;
	int globalL1CacheSupported;
	int localL1CacheSupported;
	size_t sharedMemPerMultiprocessor;
	int regsPerMultiprocessor;
	int managedMemory;
	int isMultiGpuBoard;
	int multiGpuBoardGroupID;
	int hostNativeAtomicSupported;
	int singleToDoublePrecisionPerfRatio;
	int pageableMemoryAccess;
	int concurrentManagedAccess;
	int computePreemptionSupported;
	int canUseHostPointerForRegisteredMem;
	int cooperativeLaunch;
	int cooperativeMultiDeviceLaunch;
	size_t sharedMemPerBlockOptin;
	int pageableMemoryAccessUsesHostPageTables;
	int directManagedMemAccessFromHost;
	int maxBlocksPerMultiProcessor;
	int accessPolicyMaxWindowSize;
	size_t reservedSharedMemPerBlock;
	int hostRegisterSupported;
	int sparseHipArraySupported;
	int hostRegisterReadOnlySupported;
	int timelineSemaphoreInteropSupported;
	int memoryPoolsSupported;
	int gpuDirectRDMASupported;
	unsigned int gpuDirectRDMAFlushWritesOptions;
	int gpuDirectRDMAWritesOrdering;
	unsigned int memoryPoolSupportedHandleTypes;
	int deferredMappingHipArraySupported;
	int ipcEventSupported;
	int clusterLaunch;
	int unifiedFunctionPointers;
	/* HIP only */
	char gcnArchName[256];		/* target ID, "gfx90a:sramecc+:xnack-" */
	size_t maxSharedMemoryPerMultiProcessor;
	int clockInstructionRate;	/* kHz: the clock of device clock()/clock64() */
	hipDeviceArch_t arch;
	unsigned int *hdpMemFlushCntl;
	unsigned int *hdpRegFlushCntl;
	int cooperativeMultiDeviceUnmatchedFunc;
	int cooperativeMultiDeviceUnmatchedGridDim;
	int cooperativeMultiDeviceUnmatchedBlockDim;
	int cooperativeMultiDeviceUnmatchedSharedMem;
	int isLargeBar;
	int asicRevision;
	/* barehip: deprecated HIP fields some programs still read */
	int gcnArch;			/* major*100 + minor*10 + stepping */
	int wallClockRate;		/* kHz of wall_clock64() (also an attribute) */
	/* The seeds' field (not in ROCm's struct): SIMDs per CU, the
	 * "execution units" of __launch_bounds__'s second argument. */
	int executionUnitsPerMultiprocessor;
} hipDeviceProp_t;

/* hipDeviceGetAttribute: HIP's names and numeric values. */
typedef enum hipDeviceAttribute_t {
	hipDeviceAttributeCudaCompatibleBegin = 0,
	hipDeviceAttributeEccEnabled = hipDeviceAttributeCudaCompatibleBegin,
	hipDeviceAttributeAccessPolicyMaxWindowSize,
	hipDeviceAttributeAsyncEngineCount,
	hipDeviceAttributeCanMapHostMemory,
	hipDeviceAttributeCanUseHostPointerForRegisteredMem,
	hipDeviceAttributeClockRate,
	hipDeviceAttributeComputeMode,
	hipDeviceAttributeComputePreemptionSupported,
	hipDeviceAttributeConcurrentKernels,
	hipDeviceAttributeConcurrentManagedAccess,
	hipDeviceAttributeCooperativeLaunch,
	hipDeviceAttributeCooperativeMultiDeviceLaunch,
	hipDeviceAttributeDeviceOverlap,
	hipDeviceAttributeDirectManagedMemAccessFromHost,
	hipDeviceAttributeGlobalL1CacheSupported,
	hipDeviceAttributeHostNativeAtomicSupported,
	hipDeviceAttributeIntegrated,
	hipDeviceAttributeIsMultiGpuBoard,
	hipDeviceAttributeKernelExecTimeout,
	hipDeviceAttributeL2CacheSize,
	hipDeviceAttributeLocalL1CacheSupported,
	hipDeviceAttributeLuid,
	hipDeviceAttributeLuidDeviceNodeMask,
	hipDeviceAttributeComputeCapabilityMajor,
	hipDeviceAttributeManagedMemory,
	hipDeviceAttributeMaxBlocksPerMultiProcessor,
	hipDeviceAttributeMaxBlockDimX,
	hipDeviceAttributeMaxBlockDimY,
	hipDeviceAttributeMaxBlockDimZ,
	hipDeviceAttributeMaxGridDimX,
	hipDeviceAttributeMaxGridDimY,
	hipDeviceAttributeMaxGridDimZ,
	hipDeviceAttributeMaxSurface1D,
	hipDeviceAttributeMaxSurface1DLayered,
	hipDeviceAttributeMaxSurface2D,
	hipDeviceAttributeMaxSurface2DLayered,
	hipDeviceAttributeMaxSurface3D,
	hipDeviceAttributeMaxSurfaceCubemap,
	hipDeviceAttributeMaxSurfaceCubemapLayered,
	hipDeviceAttributeMaxTexture1DWidth,
	hipDeviceAttributeMaxTexture1DLayered,
	hipDeviceAttributeMaxTexture1DLinear,
	hipDeviceAttributeMaxTexture1DMipmap,
	hipDeviceAttributeMaxTexture2DWidth,
	hipDeviceAttributeMaxTexture2DHeight,
	hipDeviceAttributeMaxTexture2DGather,
	hipDeviceAttributeMaxTexture2DLayered,
	hipDeviceAttributeMaxTexture2DLinear,
	hipDeviceAttributeMaxTexture2DMipmap,
	hipDeviceAttributeMaxTexture3DWidth,
	hipDeviceAttributeMaxTexture3DHeight,
	hipDeviceAttributeMaxTexture3DDepth,
	hipDeviceAttributeMaxTexture3DAlt,
	hipDeviceAttributeMaxTextureCubemap,
	hipDeviceAttributeMaxTextureCubemapLayered,
	hipDeviceAttributeMaxThreadsDim,
	hipDeviceAttributeMaxThreadsPerBlock,
	hipDeviceAttributeMaxThreadsPerMultiProcessor,
	hipDeviceAttributeMaxPitch,
	hipDeviceAttributeMemoryBusWidth,
	hipDeviceAttributeMemoryClockRate,
	hipDeviceAttributeComputeCapabilityMinor,
	hipDeviceAttributeMultiGpuBoardGroupID,
	hipDeviceAttributeMultiprocessorCount,
	hipDeviceAttributeUnused1,
	hipDeviceAttributePageableMemoryAccess,
	hipDeviceAttributePageableMemoryAccessUsesHostPageTables,
	hipDeviceAttributePciBusId,
	hipDeviceAttributePciDeviceId,
	hipDeviceAttributePciDomainID,
	hipDeviceAttributePersistingL2CacheMaxSize,
	hipDeviceAttributeMaxRegistersPerBlock,
	hipDeviceAttributeMaxRegistersPerMultiprocessor,
	hipDeviceAttributeReservedSharedMemPerBlock,
	hipDeviceAttributeMaxSharedMemoryPerBlock,
	hipDeviceAttributeSharedMemPerBlockOptin,
	hipDeviceAttributeSharedMemPerMultiprocessor,
	hipDeviceAttributeSingleToDoublePrecisionPerfRatio,
	hipDeviceAttributeStreamPrioritiesSupported,
	hipDeviceAttributeSurfaceAlignment,
	hipDeviceAttributeTccDriver,
	hipDeviceAttributeTextureAlignment,
	hipDeviceAttributeTexturePitchAlignment,
	hipDeviceAttributeTotalConstantMemory,
	hipDeviceAttributeTotalGlobalMem,
	hipDeviceAttributeUnifiedAddressing,
	hipDeviceAttributeUnused2,
	hipDeviceAttributeWarpSize,
	hipDeviceAttributeMemoryPoolsSupported,
	hipDeviceAttributeVirtualMemoryManagementSupported,
	hipDeviceAttributeHostRegisterSupported,
	hipDeviceAttributeMemoryPoolSupportedHandleTypes,

	hipDeviceAttributeCudaCompatibleEnd = 9999,
	hipDeviceAttributeAmdSpecificBegin = 10000,

	hipDeviceAttributeClockInstructionRate = hipDeviceAttributeAmdSpecificBegin,
	hipDeviceAttributeUnused3,
	hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,
	hipDeviceAttributeUnused4,
	hipDeviceAttributeUnused5,
	hipDeviceAttributeHdpMemFlushCntl,	/* unsigned int *: pass a pointer's room */
	hipDeviceAttributeHdpRegFlushCntl,
	hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc,
	hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim,
	hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim,
	hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem,
	hipDeviceAttributeIsLargeBar,
	hipDeviceAttributeAsicRevision,
	hipDeviceAttributeCanUseStreamWaitValue,
	hipDeviceAttributeImageSupport,
	hipDeviceAttributePhysicalMultiProcessorCount,
	hipDeviceAttributeFineGrainSupport,
	hipDeviceAttributeWallClockRate,

	hipDeviceAttributeAmdSpecificEnd = 19999,
	hipDeviceAttributeVendorSpecificBegin = 20000,
} hipDeviceAttribute_t;

enum hipComputeMode {
	hipComputeModeDefault = 0,
	hipComputeModeExclusive = 1,
	hipComputeModeProhibited = 2,
	hipComputeModeExclusiveProcess = 3,
};

/* A device handle: its ordinal (hipDeviceGet). */
typedef int hipDevice_t;

/* hipSetDeviceFlags / hipGetDeviceFlags. */
#define hipDeviceScheduleAuto 0x0
#define hipDeviceScheduleSpin 0x1
#define hipDeviceScheduleYield 0x2
#define hipDeviceScheduleBlockingSync 0x4
#define hipDeviceScheduleMask 0x7
#define hipDeviceMapHost 0x8
#define hipDeviceLmemResizeToMax 0x10

/* What hipFuncGetAttributes reports about a __global__ function. */
typedef struct hipFuncAttributes {
	int binaryVersion;		/* gfx major*10 + minor: 90 for gfx90a */
	int cacheModeCA;
	size_t constSizeBytes;		/* __constant__ variables of its code object */
	size_t localSizeBytes;		/* private (scratch) bytes per work-item */
	int maxDynamicSharedSizeBytes;
	int maxThreadsPerBlock;		/* __launch_bounds__, or the device limit */
	int numRegs;			/* VGPRs per work-item (incl. AccVGPRs) */
	int preferredShmemCarveout;
	int ptxVersion;			/* = binaryVersion */
	size_t sharedSizeBytes;		/* static __shared__ bytes per block */
} hipFuncAttributes;

/* hipOccupancy*WithFlags. */
#define hipOccupancyDefault 0x00
#define hipOccupancyDisableCachingOverride 0x01

hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int device);
hipError_t hipDeviceGetAttribute(int *value, hipDeviceAttribute_t attr, int device);
hipError_t hipGetDeviceCount(int *count);
hipError_t hipSetDevice(int device);
hipError_t hipGetDevice(int *device);
hipError_t hipDeviceSynchronize(void);
hipError_t hipDeviceReset(void);

/* Devices: initialisation, identity, versions (HIP_VERSION), flags. */
hipError_t hipInit(unsigned int flags);
hipError_t hipDriverGetVersion(int *driverVersion);
hipError_t hipRuntimeGetVersion(int *runtimeVersion);
hipError_t hipDeviceGet(hipDevice_t *device, int ordinal);
hipError_t hipDeviceGetName(char *name, int len, hipDevice_t device);
hipError_t hipDeviceComputeCapability(int *major, int *minor, hipDevice_t device);
hipError_t hipDeviceTotalMem(size_t *bytes, hipDevice_t device);
/* "dddd:bb:dd.f"; a @len short of its 13 bytes gets what fits and fails. */
hipError_t hipDeviceGetPCIBusId(char *pciBusId, int len, int device);
hipError_t hipDeviceGetByPCIBusId(int *device, const char *pciBusId);
/* The device that best matches the non-zero fields of @prop. */
hipError_t hipChooseDevice(int *device, const hipDeviceProp_t *prop);
hipError_t hipSetDeviceFlags(unsigned int flags);
hipError_t hipGetDeviceFlags(unsigned int *flags);

/*
 * Cache and shared-memory hints.  AMD GPUs have no L1/LDS split to choose
 * and bank LDS in 4-byte words: the hints change nothing, values outside
 * the enums are refused; the device's cache preference reads back as set.
 */
typedef enum hipFuncCache_t {
	hipFuncCachePreferNone,
	hipFuncCachePreferShared,
	hipFuncCachePreferL1,
	hipFuncCachePreferEqual,
} hipFuncCache_t;
typedef enum hipSharedMemConfig {
	hipSharedMemBankSizeDefault,
	hipSharedMemBankSizeFourByte,
	hipSharedMemBankSizeEightByte,
} hipSharedMemConfig;
hipError_t hipDeviceSetCacheConfig(hipFuncCache_t cacheConfig);
hipError_t hipDeviceGetCacheConfig(hipFuncCache_t *cacheConfig);
hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config);
hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig *pConfig);
hipError_t hipFuncSetCacheConfig(const void *func, hipFuncCache_t config);
hipError_t hipFuncSetSharedMemConfig(const void *func, hipSharedMemConfig config);
/* Checked, then nothing to do: a launch may use all the LDS left after the
 * kernel's static LDS already; the carveout is a hint AMD GPUs ignore. */
typedef enum hipFuncAttribute {
	hipFuncAttributeMaxDynamicSharedMemorySize = 8,
	hipFuncAttributePreferredSharedMemoryCarveout = 9,
	hipFuncAttributeMax
} hipFuncAttribute;
hipError_t hipFuncSetAttribute(const void *func, hipFuncAttribute attr, int value);

/*
 * Kernels and occupancy, from the code object's kernel descriptor
 * (VGPRs, SGPRs, LDS) and what one compute unit of the board holds.
 * @func / @f is the __global__ function (in C++ pass it directly).
 */
hipError_t hipFuncGetAttributes(hipFuncAttributes *attr, const void *func);
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *f,
								 int blockSize,
								 size_t dynSharedMemPerBlk,
								 unsigned int flags);
/* The block size that keeps the most threads resident per CU (the
 * largest such) and the grid that fills every CU with it. */
hipError_t hipOccupancyMaxPotentialBlockSize(int *gridSize, int *blockSize, const void *f,
					     size_t dynSharedMemPerBlk, int blockSizeLimit);

/*
 * Errors.  A GPU fault (memory violation, trap, illegal instruction) is
 * sticky, as in CUDA: the device stops, hipGetLastError/PeekAtLastError
 * keep returning hipErrorLaunchFailure, and work on the device fails,
 * until hipDeviceReset().  Every other error is cleared by hipGetLastError.
 */
hipError_t hipGetLastError(void);
hipError_t hipPeekAtLastError(void);
const char *hipGetErrorString(hipError_t error);
const char *hipGetErrorName(hipError_t error);
/*
 * A HIP function by name (ROCm's dlsym over its library; here every hip*
 * function of libbarehip.a).  @hipVersion and @flags choose nothing: each
 * name has one version.  hipErrorInvalidValue and
 * HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND for a name that is none.
 */
typedef enum hipDriverProcAddressQueryResult {
	HIP_GET_PROC_ADDRESS_SUCCESS = 0,
	HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND = 1,
	HIP_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT = 2,
} hipDriverProcAddressQueryResult;
hipError_t hipGetProcAddress(const char *symbol, void **pfn, int hipVersion, uint64_t flags,
			     hipDriverProcAddressQueryResult *symbolStatus);

/* The driver-API forms: hipErrorInvalidValue for a value no hipError_t has. */
hipError_t hipDrvGetErrorName(hipError_t error, const char **errorString);
hipError_t hipDrvGetErrorString(hipError_t error, const char **errorString);

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
/* ROCm's HIP_SYMBOL(X) is X in C++: the symbol calls take the variable
 * itself (their templates below), and &HIP_SYMBOL(x) is its address.  C
 * has no templates, so there it is the address. */
#ifdef __cplusplus
#define HIP_SYMBOL(X) X
#else
#define HIP_SYMBOL(X) (&(X))
#endif
/* Internal to the symbol templates: @var if it is a registered
 * __device__/__constant__ variable, else @ptr. */
const void *__hipSymbolArg(const void *var, const void *ptr);

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

/*
 * Modules: device code loaded at run time (kit/runtime/module.c).  An
 * image is a code object or a clang offload bundle holding one per
 * target (barehip-cc --genco); the board's target is picked from it.
 * Kernel arguments go as kernelParams (one pointer per argument) or as
 * extra, one buffer laid out as the kernel's arguments:
 *   { HIP_LAUNCH_PARAM_BUFFER_POINTER, &buf, HIP_LAUNCH_PARAM_BUFFER_SIZE,
 *     &size, HIP_LAUNCH_PARAM_END }
 * Grid sizes count blocks, as in hipLaunchKernel.
 */
typedef struct ihipModule_t *hipModule_t;
typedef struct ihipModuleSymbol_t *hipFunction_t;
typedef void *hipDeviceptr_t;

#define HIP_LAUNCH_PARAM_BUFFER_POINTER ((void *)0x01)
#define HIP_LAUNCH_PARAM_BUFFER_SIZE ((void *)0x02)
#define HIP_LAUNCH_PARAM_END ((void *)0x03)

/* hipModuleLoadDataEx options (hipJitOption, <hip/linker_types.h>): for
 * PTX JIT, a code object needs none. */

/* hipFuncGetAttribute (a module's function). */
typedef enum hipFunction_attribute {
	HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
	HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
	HIP_FUNC_ATTRIBUTE_CONST_SIZE_BYTES,
	HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES,
	HIP_FUNC_ATTRIBUTE_NUM_REGS,
	HIP_FUNC_ATTRIBUTE_PTX_VERSION,
	HIP_FUNC_ATTRIBUTE_BINARY_VERSION,
	HIP_FUNC_ATTRIBUTE_CACHE_MODE_CA,
	HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
	HIP_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
	HIP_FUNC_ATTRIBUTE_MAX
} hipFunction_attribute;

hipError_t hipModuleLoad(hipModule_t *module, const char *fname);
hipError_t hipModuleLoadData(hipModule_t *module, const void *image);
hipError_t hipModuleLoadDataEx(hipModule_t *module, const void *image, unsigned int numOptions,
			       hipJitOption *options, void **optionValues);
/* Runs the module's device destructors, then frees it and its functions. */
hipError_t hipModuleUnload(hipModule_t module);
hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module, const char *kname);
/* Either of @dptr and @bytes may be NULL. */
hipError_t hipModuleGetGlobal(hipDeviceptr_t *dptr, size_t *bytes, hipModule_t hmod,
			      const char *name);
hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
				 unsigned int gridDimZ, unsigned int blockDimX,
				 unsigned int blockDimY, unsigned int blockDimZ,
				 unsigned int sharedMemBytes, hipStream_t stream,
				 void **kernelParams, void **extra);
hipError_t hipModuleLaunchCooperativeKernel(hipFunction_t f, unsigned int gridDimX,
					    unsigned int gridDimY, unsigned int gridDimZ,
					    unsigned int blockDimX, unsigned int blockDimY,
					    unsigned int blockDimZ, unsigned int sharedMemBytes,
					    hipStream_t stream, void **kernelParams);
hipError_t hipFuncGetAttribute(int *value, hipFunction_attribute attrib, hipFunction_t hfunc);
hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, hipFunction_t f,
							      int blockSize,
							      size_t dynSharedMemPerBlk);
hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks,
								       hipFunction_t f,
								       int blockSize,
								       size_t dynSharedMemPerBlk,
								       unsigned int flags);
hipError_t hipModuleOccupancyMaxPotentialBlockSize(int *gridSize, int *blockSize, hipFunction_t f,
						   size_t dynSharedMemPerBlk, int blockSizeLimit);
hipError_t hipModuleOccupancyMaxPotentialBlockSizeWithFlags(int *gridSize, int *blockSize,
							    hipFunction_t f,
							    size_t dynSharedMemPerBlk,
							    int blockSizeLimit, unsigned int flags);

/* ------------------------------------------------------------------
 * Streams, events, pinned host memory and asynchronous copies
 * (kit/runtime/stream.c, event.c, hostop.c, memory.c).
 */
typedef struct ihipEvent_t *hipEvent_t;
/* hipLaunchHostFunc / hipStreamAddCallback: run on a runtime thread, in
 * stream order; they must not call HIP. */
typedef void (*hipHostFn_t)(void *userData);
typedef void (*hipStreamCallback_t)(hipStream_t stream, hipError_t status, void *userData);

/* The legacy default stream (the null stream) and this thread's default
 * stream (a blocking stream of its own). */
#define hipStreamLegacy ((hipStream_t)1)
#define hipStreamPerThread ((hipStream_t)2)

/* hipEventCreateWithFlags */
#define hipEventDefault 0x0
#define hipEventBlockingSync 0x1
#define hipEventDisableTiming 0x2
#define hipEventInterprocess 0x4
#define hipEventDisableSystemFence 0x20000000
#define hipEventReleaseToDevice 0x40000000
#define hipEventReleaseToSystem 0x80000000

/* hipHostMalloc / hipHostAlloc / hipExtHostAlloc */
#define hipHostMallocDefault 0x0
#define hipHostAllocDefault 0x0
#define hipHostMallocPortable 0x1
#define hipHostAllocPortable 0x1
#define hipHostMallocMapped 0x2
#define hipHostAllocMapped 0x2
#define hipHostMallocWriteCombined 0x4
#define hipHostAllocWriteCombined 0x4
#define hipHostMallocNumaUser 0x20000000
#define hipExtHostAllocNumaUser 0x20000000
#define hipHostMallocCoherent 0x40000000
#define hipExtHostAllocCoherent 0x40000000
#define hipHostMallocNonCoherent 0x80000000
#define hipExtHostAllocNonCoherent 0x80000000

/* hipHostRegister */
#define hipHostRegisterDefault 0x0
#define hipHostRegisterPortable 0x1
#define hipHostRegisterMapped 0x2
#define hipHostRegisterIoMemory 0x4
#define hipHostRegisterReadOnly 0x08

hipError_t hipStreamCreate(hipStream_t *stream);
hipError_t hipStreamCreateWithFlags(hipStream_t *stream, unsigned int flags);
hipError_t hipStreamCreateWithPriority(hipStream_t *stream, unsigned int flags, int priority);
hipError_t hipDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority);
hipError_t hipStreamDestroy(hipStream_t stream);
hipError_t hipStreamQuery(hipStream_t stream);
hipError_t hipStreamSynchronize(hipStream_t stream);
hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int flags);
hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int *flags);
hipError_t hipStreamGetPriority(hipStream_t stream, int *priority);
hipError_t hipStreamGetDevice(hipStream_t stream, hipDevice_t *device);
hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback, void *userData,
				unsigned int flags);
hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void *userData);

hipError_t hipEventCreate(hipEvent_t *event);
hipError_t hipEventCreateWithFlags(hipEvent_t *event, unsigned flags);
hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream);
hipError_t hipEventDestroy(hipEvent_t event);
hipError_t hipEventSynchronize(hipEvent_t event);
hipError_t hipEventQuery(hipEvent_t event);
hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop);

hipError_t hipMemcpyAsync(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind,
			  hipStream_t stream);
hipError_t hipMemcpyWithStream(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind,
			       hipStream_t stream);
hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void *src, size_t sizeBytes);
hipError_t hipMemcpyDtoH(void *dst, hipDeviceptr_t src, size_t sizeBytes);
hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes);
hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, void *src, size_t sizeBytes,
			      hipStream_t stream);
hipError_t hipMemcpyDtoHAsync(void *dst, hipDeviceptr_t src, size_t sizeBytes,
			      hipStream_t stream);
hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes,
			      hipStream_t stream);
hipError_t hipMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
		       size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
			    size_t width, size_t height, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemsetAsync(void *dst, int value, size_t sizeBytes, hipStream_t stream);
hipError_t hipMemsetD8(hipDeviceptr_t dest, unsigned char value, size_t count);
hipError_t hipMemsetD8Async(hipDeviceptr_t dest, unsigned char value, size_t count,
			    hipStream_t stream);
hipError_t hipMemsetD16(hipDeviceptr_t dest, unsigned short value, size_t count);
hipError_t hipMemsetD16Async(hipDeviceptr_t dest, unsigned short value, size_t count,
			     hipStream_t stream);
hipError_t hipMemsetD32(hipDeviceptr_t dest, int value, size_t count);
hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count, hipStream_t stream);
hipError_t hipMemGetInfo(size_t *free, size_t *total);

/*
 * Pinned host memory: mapped for the GPU at the address the host uses
 * (on boards with unified memory), so kernels may take the pointer
 * itself; hipHostGetDevicePointer gives the device address in any case.
 */
hipError_t hipHostMalloc(void **ptr, size_t size, unsigned int flags);
hipError_t hipHostAlloc(void **ptr, size_t size, unsigned int flags);
hipError_t hipExtHostAlloc(void **ptr, size_t size, unsigned int flags);
hipError_t hipMallocHost(void **ptr, size_t size);
hipError_t hipHostFree(void *ptr);
hipError_t hipFreeHost(void *ptr);
hipError_t hipHostGetDevicePointer(void **devPtr, void *hstPtr, unsigned int flags);
hipError_t hipHostGetFlags(unsigned int *flagsPtr, void *hostPtr);
/* Refused with hipErrorNotSupported where the board cannot map existing
 * host pages for the GPU (the sim board cannot). */
hipError_t hipHostRegister(void *hostPtr, size_t sizeBytes, unsigned int flags);
hipError_t hipHostUnregister(void *hostPtr);

/* Pitched 2-D memory: rows of pitch bytes (a multiple of 256). */
hipError_t hipMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height);
hipError_t hipMemset2D(void *dst, size_t pitch, int value, size_t width, size_t height);
hipError_t hipMemset2DAsync(void *dst, size_t pitch, int value, size_t width, size_t height,
			    hipStream_t stream);

/*
 * Pitched 3-D memory: depth slices of ysize rows of pitch bytes.  Widths
 * are in bytes (linear memory).  Arrays (hipArray_t, the texture
 * formats) are not supported: a copy naming one is refused with
 * hipErrorNotSupported.
 */
typedef struct hipArray *hipArray_t;
typedef struct hipPitchedPtr {
	void *ptr;
	size_t pitch;
	size_t xsize;
	size_t ysize;
} hipPitchedPtr;
typedef struct hipExtent {
	size_t width;
	size_t height;
	size_t depth;
} hipExtent;
typedef struct hipPos {
	size_t x;
	size_t y;
	size_t z;
} hipPos;
typedef struct hipMemcpy3DParms {
	hipArray_t srcArray;
	struct hipPos srcPos;
	struct hipPitchedPtr srcPtr;
	hipArray_t dstArray;
	struct hipPos dstPos;
	struct hipPitchedPtr dstPtr;
	struct hipExtent extent;
	hipMemcpyKind kind;
} hipMemcpy3DParms;

static inline hipPitchedPtr make_hipPitchedPtr(void *d, size_t p, size_t xsz, size_t ysz)
{
	hipPitchedPtr r = { d, p, xsz, ysz };

	return r;
}

static inline hipPos make_hipPos(size_t x, size_t y, size_t z)
{
	hipPos r = { x, y, z };

	return r;
}

static inline hipExtent make_hipExtent(size_t w, size_t h, size_t d)
{
	hipExtent r = { w, h, d };

	return r;
}

hipError_t hipMalloc3D(hipPitchedPtr *pitchedDevPtr, hipExtent extent);
hipError_t hipMemcpy3D(const hipMemcpy3DParms *p);
hipError_t hipMemcpy3DAsync(const hipMemcpy3DParms *p, hipStream_t stream);
hipError_t hipMemset3D(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent);
hipError_t hipMemset3DAsync(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent,
			    hipStream_t stream);

/* What a pointer is (HIP's values; unknown pointers: hipErrorInvalidValue). */
typedef enum hipMemoryType {
	hipMemoryTypeUnregistered = 0,
	hipMemoryTypeHost = 1,
	hipMemoryTypeDevice = 2,
	hipMemoryTypeManaged = 3,
	hipMemoryTypeArray = 10,
	hipMemoryTypeUnified = 11
} hipMemoryType;

typedef struct hipPointerAttribute_t {
	enum hipMemoryType type;
	int device;
	void *devicePointer;
	void *hostPointer;
	int isManaged;
	unsigned allocationFlags;
} hipPointerAttribute_t;

hipError_t hipPointerGetAttributes(hipPointerAttribute_t *attributes, const void *ptr);

/* The driver API's pointer attributes (hipPointerGetAttribute). */
typedef enum hipPointer_attribute {
	HIP_POINTER_ATTRIBUTE_CONTEXT = 1,
	HIP_POINTER_ATTRIBUTE_MEMORY_TYPE,
	HIP_POINTER_ATTRIBUTE_DEVICE_POINTER,
	HIP_POINTER_ATTRIBUTE_HOST_POINTER,
	HIP_POINTER_ATTRIBUTE_P2P_TOKENS,
	HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS,
	HIP_POINTER_ATTRIBUTE_BUFFER_ID,
	HIP_POINTER_ATTRIBUTE_IS_MANAGED,
	HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
	HIP_POINTER_ATTRIBUTE_IS_LEGACY_HIP_IPC_CAPABLE,
	HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR,
	HIP_POINTER_ATTRIBUTE_RANGE_SIZE,
	HIP_POINTER_ATTRIBUTE_MAPPED,
	HIP_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES,
	HIP_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE,
	HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS,
	HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE
} hipPointer_attribute;

hipError_t hipPointerGetAttribute(void *data, hipPointer_attribute attribute, hipDeviceptr_t ptr);
hipError_t hipDrvPointerGetAttributes(unsigned int num_attributes,
				      hipPointer_attribute *attributes, void **data,
				      hipDeviceptr_t ptr);
hipError_t hipPointerSetAttribute(const void *value, hipPointer_attribute attribute,
				  hipDeviceptr_t ptr);

/* The allocation [*base, *base + *size) that @ptr points into. */
hipError_t hipMemGetAddressRange(hipDeviceptr_t *base, size_t *size, hipDeviceptr_t ptr);
/* The size of the allocation @ptr points into. */
hipError_t hipMemPtrGetInfo(void *ptr, size_t *size);

/* What hipMemAdvise and hipMemPrefetchAsync recorded for managed memory. */
typedef enum hipMemRangeCoherencyMode {
	hipMemRangeCoherencyModeFineGrain = 0,
	hipMemRangeCoherencyModeCoarseGrain = 1,
	hipMemRangeCoherencyModeIndeterminate = 2
} hipMemRangeCoherencyMode;
typedef enum hipMemRangeAttribute {
	hipMemRangeAttributeReadMostly = 1,
	hipMemRangeAttributePreferredLocation = 2,
	hipMemRangeAttributeAccessedBy = 3,
	hipMemRangeAttributeLastPrefetchLocation = 4,
	hipMemRangeAttributeCoherencyMode = 100
} hipMemRangeAttribute;
hipError_t hipMemRangeGetAttribute(void *data, size_t data_size, hipMemRangeAttribute attribute,
				   const void *dev_ptr, size_t count);
hipError_t hipMemRangeGetAttributes(void **data, size_t *data_sizes,
				    hipMemRangeAttribute *attributes, size_t num_attributes,
				    const void *dev_ptr, size_t count);

/*
 * Interprocess memory handles.  A handle names a hipMalloc allocation;
 * opened in the process that made it, it gives the allocation's own
 * address.  Every board runs one process's GPU work apart from
 * another's, so a handle from another process is refused
 * (hipErrorInvalidValue: it names no allocation here).
 */
#define HIP_IPC_HANDLE_SIZE 64
#define hipIpcMemLazyEnablePeerAccess 0x01
typedef struct hipIpcMemHandle_st {
	char reserved[HIP_IPC_HANDLE_SIZE];
} hipIpcMemHandle_t;
hipError_t hipIpcGetMemHandle(hipIpcMemHandle_t *handle, void *dev_ptr);
hipError_t hipIpcOpenMemHandle(void **dev_ptr, hipIpcMemHandle_t handle, unsigned int flags);
hipError_t hipIpcCloseMemHandle(void *dev_ptr);

/* The driver API's names for pinned host memory and pitched memory. */
hipError_t hipMemAllocHost(void **ptr, size_t size);
hipError_t hipMemAllocPitch(hipDeviceptr_t *dptr, size_t *pitch, size_t width_bytes,
			    size_t height, unsigned int element_size_bytes);

#include <hip/bh/arrays.h>

/* Managed-memory hints: checked, then nothing to do on a one-device
 * board whose managed memory both sides reach in place. */
#define hipCpuDeviceId ((int)-1)
#define hipInvalidDeviceId ((int)-2)
typedef enum hipMemoryAdvise {
	hipMemAdviseSetReadMostly = 1,
	hipMemAdviseUnsetReadMostly = 2,
	hipMemAdviseSetPreferredLocation = 3,
	hipMemAdviseUnsetPreferredLocation = 4,
	hipMemAdviseSetAccessedBy = 5,
	hipMemAdviseUnsetAccessedBy = 6,
	hipMemAdviseSetCoarseGrain = 100,
	hipMemAdviseUnsetCoarseGrain = 101
} hipMemoryAdvise;
hipError_t hipMemAdvise(const void *devPtr, size_t count, hipMemoryAdvise advice, int device);
hipError_t hipMemPrefetchAsync(const void *devPtr, size_t count, int device,
			       hipStream_t stream);

/* Peer access: no device maps another's memory, so no device is a peer. */
hipError_t hipDeviceCanAccessPeer(int *canAccessPeer, int deviceId, int peerDeviceId);
hipError_t hipDeviceEnablePeerAccess(int peerDeviceId, unsigned int flags);
hipError_t hipDeviceDisablePeerAccess(int peerDeviceId);
/* How two devices connect: through the host, PCIe (HSA link type 2), 2 hops. */
hipError_t hipExtGetLinkTypeAndHopCount(int device1, int device2, uint32_t *linktype,
					uint32_t *hopcount);
hipError_t hipMemcpyPeer(void *dst, int dstDeviceId, const void *src, int srcDeviceId,
			 size_t sizeBytes);
hipError_t hipMemcpyPeerAsync(void *dst, int dstDeviceId, const void *src, int srcDevice,
			      size_t sizeBytes, hipStream_t stream);

/*
 * Stream-ordered allocation (mempool.c): hipMallocAsync takes memory from
 * the stream's device's current pool; hipFreeAsync gives it back when
 * the stream reaches the free, and only then can another allocation
 * reuse it.  A pool keeps freed memory for reuse up to its release
 * threshold (hipMemPoolAttrReleaseThreshold, 0 by default): more than
 * that goes back to the device at the next stream, event or device
 * synchronisation, or hipMemPoolTrimTo.
 */
typedef struct ihipMemPoolHandle_t *hipMemPool_t;
typedef enum hipMemPoolAttr {
	hipMemPoolReuseFollowEventDependencies = 0x1,
	hipMemPoolReuseAllowOpportunistic = 0x2,
	hipMemPoolReuseAllowInternalDependencies = 0x3,
	hipMemPoolAttrReleaseThreshold = 0x4,
	hipMemPoolAttrReservedMemCurrent = 0x5,
	hipMemPoolAttrReservedMemHigh = 0x6,
	hipMemPoolAttrUsedMemCurrent = 0x7,
	hipMemPoolAttrUsedMemHigh = 0x8,
} hipMemPoolAttr;
typedef enum hipMemLocationType {
	hipMemLocationTypeInvalid = 0,
	hipMemLocationTypeDevice = 1,
} hipMemLocationType;
typedef struct hipMemLocation {
	hipMemLocationType type;
	int id;
} hipMemLocation;
typedef enum hipMemAccessFlags {
	hipMemAccessFlagsProtNone = 0,
	hipMemAccessFlagsProtRead = 1,
	hipMemAccessFlagsProtReadWrite = 3,
} hipMemAccessFlags;
typedef struct hipMemAccessDesc {
	hipMemLocation location;
	hipMemAccessFlags flags;
} hipMemAccessDesc;
typedef enum hipMemAllocationType {
	hipMemAllocationTypeInvalid = 0x0,
	hipMemAllocationTypePinned = 0x1,
	hipMemAllocationTypeMax = 0x7FFFFFFF,
} hipMemAllocationType;
typedef enum hipMemAllocationHandleType {
	hipMemHandleTypeNone = 0x0,
	hipMemHandleTypePosixFileDescriptor = 0x1,
	hipMemHandleTypeWin32 = 0x2,
	hipMemHandleTypeWin32Kmt = 0x4,
} hipMemAllocationHandleType;
typedef struct hipMemPoolProps {
	hipMemAllocationType allocType;
	hipMemAllocationHandleType handleTypes;
	hipMemLocation location;
	void *win32SecurityAttributes;
	size_t maxSize;			/* 0: no limit but the device's */
	unsigned char reserved[56];
} hipMemPoolProps;
/* The virtual memory management API: declared, not supported. */
#include <hip/bh/vmm.h>
/* External memory and semaphores: declared, nothing to import. */
#include <hip/bh/external.h>

hipError_t hipMallocAsync(void **dev_ptr, size_t size, hipStream_t stream);
hipError_t hipFreeAsync(void *dev_ptr, hipStream_t stream);
hipError_t hipMallocFromPoolAsync(void **dev_ptr, size_t size, hipMemPool_t mem_pool,
				  hipStream_t stream);
hipError_t hipMemPoolCreate(hipMemPool_t *mem_pool, const hipMemPoolProps *pool_props);
hipError_t hipMemPoolDestroy(hipMemPool_t mem_pool);
hipError_t hipMemPoolTrimTo(hipMemPool_t mem_pool, size_t min_bytes_to_hold);
hipError_t hipMemPoolSetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr, void *value);
hipError_t hipMemPoolGetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr, void *value);
hipError_t hipMemPoolSetAccess(hipMemPool_t mem_pool, const hipMemAccessDesc *desc_list,
			       size_t count);
hipError_t hipMemPoolGetAccess(hipMemAccessFlags *flags, hipMemPool_t mem_pool,
			       hipMemLocation *location);

/*
 * Sharing a pool (one made with handleTypes hipMemHandleTypePosixFileDescriptor):
 * the handle is a file descriptor (in *(int *)shared_handle) and a pointer
 * is exported as 64 bytes.  Imported in the process that exported them,
 * they give back the pool and the pointer; no barehip board shares GPU
 * memory between processes, so another process's import is refused
 * (hipErrorNotSupported).
 */
typedef struct hipMemPoolPtrExportData {
	unsigned char reserved[64];
} hipMemPoolPtrExportData;
hipError_t hipMemPoolExportToShareableHandle(void *shared_handle, hipMemPool_t mem_pool,
					     hipMemAllocationHandleType handle_type,
					     unsigned int flags);
hipError_t hipMemPoolImportFromShareableHandle(hipMemPool_t *mem_pool, void *shared_handle,
					       hipMemAllocationHandleType handle_type,
					       unsigned int flags);
hipError_t hipMemPoolExportPointer(hipMemPoolPtrExportData *export_data, void *dev_ptr);
hipError_t hipMemPoolImportPointer(void **dev_ptr, hipMemPool_t mem_pool,
				   hipMemPoolPtrExportData *export_data);
hipError_t hipDeviceGetDefaultMemPool(hipMemPool_t *mem_pool, int device);
hipError_t hipDeviceGetMemPool(hipMemPool_t *mem_pool, int device);
hipError_t hipDeviceSetMemPool(int device, hipMemPool_t mem_pool);

/* The device's UUID (uuid.c): stable for a board, distinct per device. */
hipError_t hipDeviceGetUuid(hipUUID *uuid, hipDevice_t device);

/* The hipFunction_t of a __global__ function (funcsym.c), for the module API. */
hipError_t hipGetFuncBySymbol(hipFunction_t *functionPtr, const void *symbolPtr);

/*
 * AMD extensions (ext_malloc.c, launch.c).  hipExtMallocWithFlags: device
 * memory with hipDeviceMalloc* flags (the sim board's VRAM is coherent,
 * so fine-grained and uncached memory are plain device memory there).
 * hipExtLaunchKernel: hipLaunchKernel that records @startEvent before
 * the kernel and @stopEvent after it (either may be NULL); flags 0 or
 * hipExtAnyOrderLaunch (kernels of one stream still run in order here).
 */
#define hipDeviceMallocDefault 0x0
#define hipDeviceMallocFinegrained 0x1
#define hipMallocSignalMemory 0x2
#define hipDeviceMallocUncached 0x3
#define hipDeviceMallocContiguous 0x4
#define hipExtAnyOrderLaunch 0x01
hipError_t hipExtMallocWithFlags(void **ptr, size_t sizeBytes, unsigned int flags);
hipError_t hipExtLaunchKernel(const void *function_address, dim3 numBlocks, dim3 dimBlocks,
			      void **args, size_t sharedMemBytes, hipStream_t stream,
			      hipEvent_t startEvent, hipEvent_t stopEvent, int flags);
/*
 * hipExtLaunchMultiKernelMultiDevice (launch.c): one launch per entry of
 * @launchParamsList, each kernel on its own stream's device.  Unless
 * @flags says otherwise, no kernel starts before the work queued earlier
 * on every listed stream is done (hipCooperativeLaunchMultiDeviceNoPreSync
 * drops that), and nothing queued later on any of the streams starts
 * before every kernel is done (...NoPostSync drops that).
 */
typedef struct hipLaunchParams_t {
	void *func;		/* the __global__ function (its host stub) */
	dim3 gridDim;
	dim3 blockDim;
	void **args;
	size_t sharedMem;
	hipStream_t stream;
} hipLaunchParams;
#define hipCooperativeLaunchMultiDeviceNoPreSync 0x01
#define hipCooperativeLaunchMultiDeviceNoPostSync 0x02
hipError_t hipExtLaunchMultiKernelMultiDevice(hipLaunchParams *launchParamsList, int numDevices,
					      unsigned int flags);
/*
 * The cooperative form: each entry a cooperative launch on its own device.
 * barehip runs it on one device; several are hipErrorNotSupported
 * (hipDeviceAttributeCooperativeMultiDeviceLaunch is 0).
 */
hipError_t hipLaunchCooperativeKernelMultiDevice(hipLaunchParams *launchParamsList,
						 int numDevices, unsigned int flags);

/* Used by clang for <<<...>>> (-fhip-new-launch-api). */
hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim,
				      size_t sharedMem, hipStream_t stream);
hipError_t __hipPopCallConfiguration(dim3 *gridDim, dim3 *blockDim,
				     size_t *sharedMem, hipStream_t *stream);

/*
 * The launch API from before <<<>>> (deprecated, kept by ROCm):
 * hipConfigureCall pushes a configuration as <<<>>> does, hipSetupArgument
 * puts @size bytes at @offset of the kernel's arguments (as laid out in
 * its kernarg), hipLaunchByPtr launches kernel @func with them.
 */
hipError_t hipConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem, hipStream_t stream);
hipError_t hipSetupArgument(const void *arg, size_t size, size_t offset);
hipError_t hipLaunchByPtr(const void *func);

/*
 * barehip extension: the one-line description of the last error this
 * thread's HIP calls produced (kernel, dimensions, cause), or "" if there
 * was none.  hipGetLastError() resets the code, not this message.
 */
const char *bh_get_last_error_message(void);
/*
 * barehip extension: how long a wait lets the GPU take before it fails
 * with hipErrorLaunchTimeOut, in milliseconds (default: the build's, 30 s;
 * BAREHIP_FENCE_TIMEOUT_MS sets it at the first device bring-up).  Any
 * thread; 0 is ignored.
 */
void bh_set_fence_timeout_ms(uint32_t ms);
uint32_t bh_fence_timeout_ms(void);

/*
 * barehip extension: a symbol as the C++ source spells it.  bh_demangle
 * writes the demangled form of @name ("_Z5saxpyfPKfPf" ->
 * "saxpy(float, float const*, float*)"), or @name itself when it is not
 * a mangled C++ name, into @out (at most @len bytes with the NUL) and
 * returns its full length.  bh_demangle_text copies @in to @out with
 * every mangled name in it demangled.  Both use the C++ library's
 * __cxa_demangle; a program linked without one gets names unchanged.
 */
size_t bh_demangle(const char *name, char *out, size_t len);
void bh_demangle_text(const char *in, char *out, size_t len);

/*
 * barehip extension: what a kernel's abort() or failed assert does.
 * BH_DEVICE_ABORT_TERMINATE (the default, as HIP on ROCm): the host
 * prints the device's message and the cause, then calls abort().
 * BH_DEVICE_ABORT_RECOVER: the wait that sees it fails with
 * hipErrorLaunchFailure, like any GPU fault; hipDeviceReset() recovers.
 * The environment variable BAREHIP_DEVICE_ABORT=terminate|recover sets
 * the mode at start-up.  Returns the previous mode, or -1 (and changes
 * nothing) for another value.
 */
#define BH_DEVICE_ABORT_TERMINATE 0
#define BH_DEVICE_ABORT_RECOVER 1
int bh_set_device_abort_mode(int mode);

#ifdef __cplusplus
} /* extern "C" */

/* <<<grid, block>>> leaves shared memory and stream to these defaults. */
extern "C" hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim,
						 size_t sharedMem = 0,
						 hipStream_t stream = 0);
extern "C" hipError_t hipConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
				       hipStream_t stream = 0);

/*
 * The symbol calls with C++ defaults, taking the variable itself (as
 * CUDA's runtime and ROCm do, HIP_SYMBOL(var) included) as well as a
 * pointer to it.  An argument of pointer type is ambiguous: a
 * __device__ int *p is a symbol, &x is a pointer to one.  The first is
 * registered with the runtime, the second is not (it binds to a
 * temporary), so __hipSymbolArg tells them apart.  A const void * goes
 * to the C function directly (an exact match wins over a template).
 */
template <class __bhT> static inline const void *__bh_symbol(const __bhT &s)
{
	return (const void *)&s;
}
template <class __bhT> static inline const void *__bh_symbol(__bhT *const &s)
{
	return __hipSymbolArg((const void *)&s, (const void *)s);
}

extern "C" hipError_t hipMemcpyToSymbol(const void *symbol, const void *src, size_t sizeBytes,
					size_t offset = 0,
					hipMemcpyKind kind = hipMemcpyHostToDevice);
template <class __bhT>
static inline hipError_t
hipMemcpyToSymbol(const __bhT &symbol, const void *src, size_t sizeBytes, size_t offset = 0,
		  hipMemcpyKind kind = hipMemcpyHostToDevice)
{
	return ::hipMemcpyToSymbol(__bh_symbol(symbol), src, sizeBytes, offset, kind);
}
extern "C" hipError_t hipMemcpyFromSymbol(void *dst, const void *symbol, size_t sizeBytes,
					  size_t offset = 0,
					  hipMemcpyKind kind = hipMemcpyDeviceToHost);
template <class __bhT>
static inline hipError_t
hipMemcpyFromSymbol(void *dst, const __bhT &symbol, size_t sizeBytes, size_t offset = 0,
		    hipMemcpyKind kind = hipMemcpyDeviceToHost)
{
	return ::hipMemcpyFromSymbol(dst, __bh_symbol(symbol), sizeBytes, offset, kind);
}
extern "C" hipError_t hipMemcpyToSymbolAsync(const void *symbol, const void *src,
					     size_t sizeBytes, size_t offset,
					     hipMemcpyKind kind, hipStream_t stream = 0);
template <class __bhT>
static inline hipError_t
hipMemcpyToSymbolAsync(const __bhT &symbol, const void *src, size_t sizeBytes, size_t offset,
		       hipMemcpyKind kind, hipStream_t stream = 0)
{
	return ::hipMemcpyToSymbolAsync(__bh_symbol(symbol), src, sizeBytes, offset, kind,
					stream);
}
extern "C" hipError_t hipMemcpyFromSymbolAsync(void *dst, const void *symbol,
					       size_t sizeBytes, size_t offset,
					       hipMemcpyKind kind, hipStream_t stream = 0);
template <class __bhT>
static inline hipError_t
hipMemcpyFromSymbolAsync(void *dst, const __bhT &symbol, size_t sizeBytes, size_t offset,
			 hipMemcpyKind kind, hipStream_t stream = 0)
{
	return ::hipMemcpyFromSymbolAsync(dst, __bh_symbol(symbol), sizeBytes, offset, kind,
					  stream);
}
template <class __bhT>
static inline hipError_t
hipGetSymbolAddress(void **devPtr, const __bhT &symbol)
{
	return ::hipGetSymbolAddress(devPtr, __bh_symbol(symbol));
}
template <class __bhT>
static inline hipError_t
hipGetSymbolSize(size_t *size, const __bhT &symbol)
{
	return ::hipGetSymbolSize(size, __bh_symbol(symbol));
}

template <class __bhT>
static inline hipError_t hipMalloc(__bhT **ptr, size_t size)
{
	return hipMalloc(reinterpret_cast<void **>(ptr), size);
}

template <class __bhT>
static inline hipError_t hipMallocAsync(__bhT **ptr, size_t size, hipStream_t stream)
{
	return hipMallocAsync(reinterpret_cast<void **>(ptr), size, stream);
}
template <class __bhT>
static inline hipError_t hipMallocFromPoolAsync(__bhT **ptr, size_t size, hipMemPool_t pool,
						hipStream_t stream)
{
	return hipMallocFromPoolAsync(reinterpret_cast<void **>(ptr), size, pool, stream);
}
template <class __bhT>
static inline hipError_t hipExtMallocWithFlags(__bhT **ptr, size_t size, unsigned int flags)
{
	return hipExtMallocWithFlags(reinterpret_cast<void **>(ptr), size, flags);
}

template <class __bhT>
static inline hipError_t hipMallocManaged(__bhT **ptr, size_t size,
					  unsigned int flags = hipMemAttachGlobal)
{
	return hipMallocManaged(reinterpret_cast<void **>(ptr), size, flags);
}

/* T is the function pointer type, as ROCm declares it, so that an explicit
 * hipOccupancyMaxActiveBlocksPerMultiprocessor<void (*)(int *)>(...) compiles. */
template <class __bhT>
static inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, __bhT f,
								      int blockSize,
								      size_t dynSharedMemPerBlk)
{
	return hipOccupancyMaxActiveBlocksPerMultiprocessor(
		numBlocks, reinterpret_cast<const void *>(f), blockSize, dynSharedMemPerBlk);
}

/* The occupancy and attribute calls taking the __global__ function itself. */
template <class __bhT>
static inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
	int *numBlocks, __bhT f, int blockSize, size_t dynSharedMemPerBlk,
	unsigned int flags = hipOccupancyDefault)
{
	return hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
		numBlocks, reinterpret_cast<const void *>(f), blockSize, dynSharedMemPerBlk, flags);
}
template <class __bhT>
static inline hipError_t hipOccupancyMaxPotentialBlockSize(int *gridSize, int *blockSize, __bhT f,
							   size_t dynSharedMemPerBlk = 0,
							   int blockSizeLimit = 0)
{
	return hipOccupancyMaxPotentialBlockSize(gridSize, blockSize,
						 reinterpret_cast<const void *>(f),
						 dynSharedMemPerBlk, blockSizeLimit);
}
template <class __bhT>
static inline hipError_t hipOccupancyMaxPotentialBlockSizeWithFlags(
	int *gridSize, int *blockSize, __bhT f, size_t dynSharedMemPerBlk = 0, int blockSizeLimit = 0,
	unsigned int flags = hipOccupancyDefault)
{
	if (flags != hipOccupancyDefault && flags != hipOccupancyDisableCachingOverride)
		return hipErrorInvalidValue;
	return hipOccupancyMaxPotentialBlockSize(gridSize, blockSize,
						 reinterpret_cast<const void *>(f),
						 dynSharedMemPerBlk, blockSizeLimit);
}
template <class __bhF>
static inline hipError_t hipFuncGetAttributes(hipFuncAttributes *attr, __bhF *func)
{
	return hipFuncGetAttributes(attr, reinterpret_cast<const void *>(func));
}

/*
 * hipOccupancyMaxPotentialBlockSize with the dynamic shared memory a
 * function of the block size: @smem(blockSize) gives the bytes.  The
 * same search as the C function: every multiple of the warp size up to
 * the limit (the limit itself when it is not one), the size with the
 * most resident threads per CU winning, the largest on a tie.  Fails
 * with hipErrorInvalidValue when no block size fits at all.
 */
template <class UnaryFunction, class __bhT>
static inline hipError_t hipOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
	int *gridSize, int *blockSize, __bhT func, UnaryFunction smem, int blockSizeLimit = 0,
	unsigned int flags = hipOccupancyDefault)
{
	const void *f = reinterpret_cast<const void *>(func);
	hipFuncAttributes attr;
	int dev = 0, warp = 0, cus = 0;
	hipError_t e;

	/* No function is a wrong value here, as ROCm's template answers. */
	if (!gridSize || !blockSize || !f || blockSizeLimit < 0)
		return hipErrorInvalidValue;
	if ((e = hipGetDevice(&dev)) != hipSuccess ||
	    (e = hipDeviceGetAttribute(&warp, hipDeviceAttributeWarpSize, dev)) != hipSuccess ||
	    (e = hipDeviceGetAttribute(&cus, hipDeviceAttributeMultiprocessorCount, dev)) !=
		    hipSuccess ||
	    (e = hipFuncGetAttributes(&attr, f)) != hipSuccess)
		return e;
	int limit = attr.maxThreadsPerBlock;

	if (blockSizeLimit > 0 && blockSizeLimit < limit)
		limit = blockSizeLimit;
	int best = 0, best_blocks = 0;

	for (int top = (limit + warp - 1) / warp * warp; top > 0; top -= warp) {
		int size = top < limit ? top : limit, blocks = 0;

		e = hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
			&blocks, f, size, static_cast<size_t>(smem(size)), flags);
		if (e != hipSuccess)
			return e;
		if ((long long)size * blocks > (long long)best * best_blocks) {
			best = size;
			best_blocks = blocks;
		}
	}
	*gridSize = best_blocks * cus;
	*blockSize = best;
	return best ? hipSuccess : hipErrorInvalidValue;
}
template <class UnaryFunction, class __bhT>
static inline hipError_t hipOccupancyMaxPotentialBlockSizeVariableSMem(
	int *gridSize, int *blockSize, __bhT func, UnaryFunction smem, int blockSizeLimit = 0)
{
	return hipOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
		gridSize, blockSize, func, smem, blockSizeLimit, hipOccupancyDefault);
}

template <class __bhF>
static inline hipError_t hipLaunchCooperativeKernel(__bhF *f, dim3 gridDim, dim3 blockDim,
						    void **kernelParams,
						    unsigned int sharedMemBytes,
						    hipStream_t stream)
{
	return hipLaunchCooperativeKernel(reinterpret_cast<const void *>(f), gridDim,
					  blockDim, kernelParams, sharedMemBytes, stream);
}

/* Streams, events and asynchronous copies: HIP's C++ default arguments. */
extern "C" hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event,
					 unsigned int flags = 0);
extern "C" hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream = 0);
extern "C" hipError_t hipMemcpyAsync(void *dst, const void *src, size_t sizeBytes,
				     hipMemcpyKind kind, hipStream_t stream = 0);
extern "C" hipError_t hipMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
				       size_t spitch, size_t width, size_t height,
				       hipMemcpyKind kind, hipStream_t stream = 0);
extern "C" hipError_t hipMemsetAsync(void *dst, int value, size_t sizeBytes,
				     hipStream_t stream = 0);
extern "C" hipError_t hipMemsetD8Async(hipDeviceptr_t dest, unsigned char value, size_t count,
				       hipStream_t stream = 0);
extern "C" hipError_t hipMemset2DAsync(void *dst, size_t pitch, int value, size_t width,
				       size_t height, hipStream_t stream = 0);
extern "C" hipError_t hipMemcpy3DAsync(const hipMemcpy3DParms *p, hipStream_t stream = 0);
extern "C" hipError_t hipMemset3DAsync(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent,
				       hipStream_t stream = 0);
extern "C" hipError_t hipMemPrefetchAsync(const void *devPtr, size_t count, int device,
					  hipStream_t stream = 0);
extern "C" hipError_t hipMemcpyPeerAsync(void *dst, int dstDeviceId, const void *src,
					 int srcDevice, size_t sizeBytes, hipStream_t stream = 0);
template <class __bhT>
static inline hipError_t hipMallocPitch(__bhT **ptr, size_t *pitch, size_t width, size_t height)
{
	return hipMallocPitch(reinterpret_cast<void **>(ptr), pitch, width, height);
}
extern "C" hipError_t hipMemsetD16Async(hipDeviceptr_t dest, unsigned short value,
					size_t count, hipStream_t stream = 0);
extern "C" hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count,
					hipStream_t stream = 0);

/* T may be volatile (a host flag a kernel writes): the C-style cast
 * takes the qualifier off, as ROCm's does; reinterpret_cast cannot. */
template <class __bhT>
static inline hipError_t hipHostMalloc(__bhT **ptr, size_t size,
				       unsigned int flags = hipHostMallocDefault)
{
	return hipHostMalloc((void **)ptr, size, flags);
}

template <class __bhT>
static inline hipError_t hipHostAlloc(__bhT **ptr, size_t size,
				      unsigned int flags = hipHostAllocDefault)
{
	return hipHostAlloc((void **)ptr, size, flags);
}

/* Defaults of the array calls (kit/include/hip/bh/arrays.h). */
extern "C" hipError_t hipMallocArray(hipArray_t *array, const hipChannelFormatDesc *desc,
				     size_t width, size_t height = 0,
				     unsigned int flags = hipArrayDefault);
extern "C" hipError_t hipMemcpy2DToArrayAsync(hipArray_t dst, size_t wOffset, size_t hOffset,
					      const void *src, size_t spitch, size_t width,
					      size_t height, hipMemcpyKind kind,
					      hipStream_t stream = 0);
extern "C" hipError_t hipMemcpy2DFromArrayAsync(void *dst, size_t dpitch, hipArray_const_t src,
						size_t wOffset, size_t hOffset, size_t width,
						size_t height, hipMemcpyKind kind,
						hipStream_t stream = 0);
extern "C" hipError_t hipMemcpyParam2DAsync(const hip_Memcpy2D *copy, hipStream_t stream = 0);

/*
 * The channel layout of an element of type T: a scalar is one channel,
 * a HIP vector type (char2, float4 ...) one channel per component, each
 * of its component's bits, signed, unsigned or float.
 */
template <class __bhT, bool = __is_class(__bhT)> struct __bh_channel {
	typedef __bhT component;
	enum { count = 1 };
};
template <class __bhT> struct __bh_channel<__bhT, true> {
	typedef __typeof__(((__bhT *)0)->x) component;
	enum { count = sizeof(__bhT) / sizeof(component) };
};
template <class __bhT>
static inline hipChannelFormatDesc hipCreateChannelDesc()
{
	typedef typename __bh_channel<__bhT>::component __bhC;
	const int n = __bh_channel<__bhT>::count, bits = (int)sizeof(__bhC) * 8;
	const hipChannelFormatKind kind = (__bhC)0.5 != (__bhC)0 ? hipChannelFormatKindFloat :
					  (__bhC)-1 < (__bhC)0 ? hipChannelFormatKindSigned :
					  hipChannelFormatKindUnsigned;

	return hipCreateChannelDesc(bits, n > 1 ? bits : 0, n > 2 ? bits : 0, n > 3 ? bits : 0,
				    kind);
}
#endif

/* ------------------------------------------------------------------
 * The per-thread default stream (kit/runtime, "Threads" in
 * docs/architecture.md).  Each call below has a form *_spt in which the
 * null stream (0, NULL) is the calling thread's default stream
 * (hipStreamPerThread) instead of the legacy default stream, and the
 * synchronous copies and fills wait for that stream only (and for the
 * legacy stream's earlier work, as any blocking stream does), not for
 * the other threads' streams.  The *_spt functions are always there;
 * compiling with -fgpu-default-stream=per-thread (barehip-cc
 * --default-stream per-thread) defines HIP_API_PER_THREAD_DEFAULT_STREAM,
 * which maps these names to them as ROCm's headers do, and makes clang's
 * <<<...>>> call hipLaunchKernel_spt.  Calls not listed (hipModuleLaunchKernel,
 * hipMemsetD8Async, hipMemcpyHtoDAsync, ...) keep the legacy null stream,
 * as in ROCm: pass hipStreamPerThread there.
 */
#ifdef __cplusplus
extern "C" {
#endif
hipError_t hipMemcpy_spt(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind);
hipError_t hipMemcpyAsync_spt(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind,
			      hipStream_t stream);
hipError_t hipMemset_spt(void *dst, int value, size_t sizeBytes);
hipError_t hipMemsetAsync_spt(void *dst, int value, size_t sizeBytes, hipStream_t stream);
hipError_t hipMemcpy2D_spt(void *dst, size_t dpitch, const void *src, size_t spitch,
			   size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DAsync_spt(void *dst, size_t dpitch, const void *src, size_t spitch,
				size_t width, size_t height, hipMemcpyKind kind,
				hipStream_t stream);
hipError_t hipMemset2D_spt(void *dst, size_t pitch, int value, size_t width, size_t height);
hipError_t hipMemset2DAsync_spt(void *dst, size_t pitch, int value, size_t width,
				size_t height, hipStream_t stream);
hipError_t hipMemcpy3D_spt(const hipMemcpy3DParms *p);
hipError_t hipMemcpy3DAsync_spt(const hipMemcpy3DParms *p, hipStream_t stream);
hipError_t hipMemset3D_spt(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent);
hipError_t hipMemset3DAsync_spt(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent,
				hipStream_t stream);
hipError_t hipMemcpyToSymbol_spt(const void *symbol, const void *src, size_t sizeBytes,
				 size_t offset, hipMemcpyKind kind);
hipError_t hipMemcpyFromSymbol_spt(void *dst, const void *symbol, size_t sizeBytes,
				   size_t offset, hipMemcpyKind kind);
hipError_t hipMemcpyToSymbolAsync_spt(const void *symbol, const void *src, size_t sizeBytes,
				      size_t offset, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemcpyFromSymbolAsync_spt(void *dst, const void *symbol, size_t sizeBytes,
					size_t offset, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipStreamQuery_spt(hipStream_t stream);
hipError_t hipStreamSynchronize_spt(hipStream_t stream);
hipError_t hipStreamGetFlags_spt(hipStream_t stream, unsigned int *flags);
hipError_t hipStreamGetPriority_spt(hipStream_t stream, int *priority);
hipError_t hipStreamWaitEvent_spt(hipStream_t stream, hipEvent_t event, unsigned int flags);
hipError_t hipStreamAddCallback_spt(hipStream_t stream, hipStreamCallback_t callback,
				    void *userData, unsigned int flags);
hipError_t hipLaunchHostFunc_spt(hipStream_t stream, hipHostFn_t fn, void *userData);
hipError_t hipEventRecord_spt(hipEvent_t event, hipStream_t stream);
hipError_t hipLaunchKernel_spt(const void *function_address, dim3 numBlocks, dim3 dimBlocks,
			       void **args, size_t sharedMemBytes, hipStream_t stream);
hipError_t hipLaunchCooperativeKernel_spt(const void *f, dim3 gridDim, dim3 blockDim,
					  void **kernelParams, unsigned int sharedMemBytes,
					  hipStream_t stream);
#ifdef __cplusplus
} /* extern "C" */

/* The C++ conveniences of their base calls (above). */
extern "C" hipError_t hipMemcpyAsync_spt(void *dst, const void *src, size_t sizeBytes,
					 hipMemcpyKind kind, hipStream_t stream = 0);
extern "C" hipError_t hipMemsetAsync_spt(void *dst, int value, size_t sizeBytes,
					 hipStream_t stream = 0);
extern "C" hipError_t hipMemcpy2DAsync_spt(void *dst, size_t dpitch, const void *src,
					   size_t spitch, size_t width, size_t height,
					   hipMemcpyKind kind, hipStream_t stream = 0);
extern "C" hipError_t hipMemset2DAsync_spt(void *dst, size_t pitch, int value, size_t width,
					   size_t height, hipStream_t stream = 0);
extern "C" hipError_t hipMemcpy3DAsync_spt(const hipMemcpy3DParms *p, hipStream_t stream = 0);
extern "C" hipError_t hipMemset3DAsync_spt(hipPitchedPtr pitchedDevPtr, int value,
					   hipExtent extent, hipStream_t stream = 0);
extern "C" hipError_t hipStreamWaitEvent_spt(hipStream_t stream, hipEvent_t event,
					     unsigned int flags = 0);
extern "C" hipError_t hipEventRecord_spt(hipEvent_t event, hipStream_t stream = 0);
extern "C" hipError_t hipMemcpyToSymbol_spt(const void *symbol, const void *src,
					    size_t sizeBytes, size_t offset = 0,
					    hipMemcpyKind kind = hipMemcpyHostToDevice);
extern "C" hipError_t hipMemcpyFromSymbol_spt(void *dst, const void *symbol, size_t sizeBytes,
					      size_t offset = 0,
					      hipMemcpyKind kind = hipMemcpyDeviceToHost);
extern "C" hipError_t hipMemcpyToSymbolAsync_spt(const void *symbol, const void *src,
						 size_t sizeBytes, size_t offset,
						 hipMemcpyKind kind, hipStream_t stream = 0);
extern "C" hipError_t hipMemcpyFromSymbolAsync_spt(void *dst, const void *symbol,
						   size_t sizeBytes, size_t offset,
						   hipMemcpyKind kind, hipStream_t stream = 0);
template <class __bhT>
static inline hipError_t
hipMemcpyToSymbol_spt(const __bhT &symbol, const void *src, size_t sizeBytes, size_t offset = 0,
		      hipMemcpyKind kind = hipMemcpyHostToDevice)
{
	return ::hipMemcpyToSymbol_spt(__bh_symbol(symbol), src, sizeBytes, offset, kind);
}
template <class __bhT>
static inline hipError_t
hipMemcpyFromSymbol_spt(void *dst, const __bhT &symbol, size_t sizeBytes, size_t offset = 0,
			hipMemcpyKind kind = hipMemcpyDeviceToHost)
{
	return ::hipMemcpyFromSymbol_spt(dst, __bh_symbol(symbol), sizeBytes, offset, kind);
}
template <class __bhT>
static inline hipError_t
hipMemcpyToSymbolAsync_spt(const __bhT &symbol, const void *src, size_t sizeBytes, size_t offset,
			   hipMemcpyKind kind, hipStream_t stream = 0)
{
	return ::hipMemcpyToSymbolAsync_spt(__bh_symbol(symbol), src, sizeBytes, offset, kind,
					    stream);
}
template <class __bhT>
static inline hipError_t
hipMemcpyFromSymbolAsync_spt(void *dst, const __bhT &symbol, size_t sizeBytes, size_t offset,
			     hipMemcpyKind kind, hipStream_t stream = 0)
{
	return ::hipMemcpyFromSymbolAsync_spt(dst, __bh_symbol(symbol), sizeBytes, offset,
					      kind, stream);
}
template <class __bhF>
static inline hipError_t hipLaunchCooperativeKernel_spt(__bhF *f, dim3 gridDim, dim3 blockDim,
							void **kernelParams,
							unsigned int sharedMemBytes,
							hipStream_t stream)
{
	return hipLaunchCooperativeKernel_spt(reinterpret_cast<const void *>(f), gridDim,
					      blockDim, kernelParams, sharedMemBytes, stream);
}
#endif

/* Last, so that every declaration above keeps its own name. */
#ifdef HIP_API_PER_THREAD_DEFAULT_STREAM
#define hipMemcpy hipMemcpy_spt
#define hipMemcpyAsync hipMemcpyAsync_spt
#define hipMemset hipMemset_spt
#define hipMemsetAsync hipMemsetAsync_spt
#define hipMemcpy2D hipMemcpy2D_spt
#define hipMemcpy2DAsync hipMemcpy2DAsync_spt
#define hipMemset2D hipMemset2D_spt
#define hipMemset2DAsync hipMemset2DAsync_spt
#define hipMemcpy3D hipMemcpy3D_spt
#define hipMemcpy3DAsync hipMemcpy3DAsync_spt
#define hipMemset3D hipMemset3D_spt
#define hipMemset3DAsync hipMemset3DAsync_spt
#define hipMemcpyToSymbol hipMemcpyToSymbol_spt
#define hipMemcpyFromSymbol hipMemcpyFromSymbol_spt
#define hipMemcpyToSymbolAsync hipMemcpyToSymbolAsync_spt
#define hipMemcpyFromSymbolAsync hipMemcpyFromSymbolAsync_spt
#define hipStreamQuery hipStreamQuery_spt
#define hipStreamSynchronize hipStreamSynchronize_spt
#define hipStreamGetFlags hipStreamGetFlags_spt
#define hipStreamGetPriority hipStreamGetPriority_spt
#define hipStreamWaitEvent hipStreamWaitEvent_spt
#define hipStreamAddCallback hipStreamAddCallback_spt
#define hipLaunchHostFunc hipLaunchHostFunc_spt
#define hipEventRecord hipEventRecord_spt
#define hipLaunchKernel hipLaunchKernel_spt
#define hipLaunchCooperativeKernel hipLaunchCooperativeKernel_spt
#endif

/* Stream memory operations, CU masks, contexts; graphs and stream capture. */
#include <hip/bh/stream_ops.h>
#include <hip/bh/graph.h>

#endif /* HIP_RUNTIME_API_H */
