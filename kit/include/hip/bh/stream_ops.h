/*
 * barehip: stream memory operations, CU masks and the deprecated context
 * API (included by <hip/hip_runtime_api.h>; names, types and values as
 * ROCm declares them).
 */
#ifndef BH_HIP_STREAM_OPS_H
#define BH_HIP_STREAM_OPS_H

#ifdef __cplusplus
extern "C" {
#define BH_DEFAULT_ARG(x) = x
#else
#define BH_DEFAULT_ARG(x)
#endif

/* hipStreamWaitValue32/64 conditions (kit/runtime/streamvalue.c). */
#define hipStreamWaitValueGte 0x0
#define hipStreamWaitValueEq 0x1
#define hipStreamWaitValueAnd 0x2
#define hipStreamWaitValueNor 0x3

hipError_t hipStreamWaitValue32(hipStream_t stream, void *ptr, uint32_t value, unsigned int flags,
				uint32_t mask BH_DEFAULT_ARG(0xFFFFFFFF));
hipError_t hipStreamWaitValue64(hipStream_t stream, void *ptr, uint64_t value, unsigned int flags,
				uint64_t mask BH_DEFAULT_ARG(0xFFFFFFFFFFFFFFFF));
hipError_t hipStreamWriteValue32(hipStream_t stream, void *ptr, uint32_t value, unsigned int flags);
hipError_t hipStreamWriteValue64(hipStream_t stream, void *ptr, uint64_t value, unsigned int flags);

/*
 * Managed memory attached to a stream: checked, then nothing to do
 * (every board's managed memory is coherent for host and device).
 */
#ifndef hipMemAttachSingle
#define hipMemAttachSingle 0x04
#endif
hipError_t hipStreamAttachMemAsync(hipStream_t stream, void *dev_ptr,
				   size_t length BH_DEFAULT_ARG(0),
				   unsigned int flags BH_DEFAULT_ARG(hipMemAttachSingle));

/* CU masks: bit i of word j is CU 32*j + i (kit/runtime/cumask.c). */
hipError_t hipExtStreamCreateWithCUMask(hipStream_t *stream, uint32_t cuMaskSize,
					const uint32_t *cuMask);
hipError_t hipExtStreamGetCUMask(hipStream_t stream, uint32_t cuMaskSize, uint32_t *cuMask);

/*
 * Interprocess events (kit/runtime/event.c): an event made with
 * hipEventInterprocess (and hipEventDisableTiming) works in its own
 * process and gives a handle; opening the handle in the same process is
 * hipErrorInvalidContext (as in ROCm), in another one
 * hipErrorNotSupported (its fence lives in the creator's queues).
 */
#ifndef HIP_IPC_HANDLE_SIZE
#define HIP_IPC_HANDLE_SIZE 64
#endif
typedef struct hipIpcEventHandle_st {
	char reserved[HIP_IPC_HANDLE_SIZE];
} hipIpcEventHandle_t;
hipError_t hipIpcGetEventHandle(hipIpcEventHandle_t *handle, hipEvent_t event);
hipError_t hipIpcOpenEventHandle(hipEvent_t *event, hipIpcEventHandle_t handle);

/* The deprecated context API: a context is a device (kit/runtime/context.c). */
typedef struct ihipCtx_t *hipCtx_t;

hipError_t hipCtxCreate(hipCtx_t *ctx, unsigned int flags, hipDevice_t device);
hipError_t hipCtxDestroy(hipCtx_t ctx);
hipError_t hipCtxPopCurrent(hipCtx_t *ctx);
hipError_t hipCtxPushCurrent(hipCtx_t ctx);
hipError_t hipCtxSetCurrent(hipCtx_t ctx);
hipError_t hipCtxGetCurrent(hipCtx_t *ctx);
hipError_t hipCtxGetDevice(hipDevice_t *device);
hipError_t hipCtxGetApiVersion(hipCtx_t ctx, int *apiVersion);
hipError_t hipCtxGetFlags(unsigned int *flags);
hipError_t hipCtxSynchronize(void);
hipError_t hipCtxEnablePeerAccess(hipCtx_t peerCtx, unsigned int flags);
hipError_t hipCtxDisablePeerAccess(hipCtx_t peerCtx);
/* The current device's hints, as hipDeviceGet/Set*Config (cacheconfig.c). */
hipError_t hipCtxGetCacheConfig(hipFuncCache_t *cacheConfig);
hipError_t hipCtxSetCacheConfig(hipFuncCache_t cacheConfig);
hipError_t hipCtxGetSharedMemConfig(hipSharedMemConfig *pConfig);
hipError_t hipCtxSetSharedMemConfig(hipSharedMemConfig config);
hipError_t hipDevicePrimaryCtxGetState(hipDevice_t dev, unsigned int *flags, int *active);
hipError_t hipDevicePrimaryCtxRelease(hipDevice_t dev);
hipError_t hipDevicePrimaryCtxRetain(hipCtx_t *pctx, hipDevice_t dev);
hipError_t hipDevicePrimaryCtxReset(hipDevice_t dev);
hipError_t hipDevicePrimaryCtxSetFlags(hipDevice_t dev, unsigned int flags);

#undef BH_DEFAULT_ARG
#ifdef __cplusplus
} /* extern "C" */
#endif
#endif
