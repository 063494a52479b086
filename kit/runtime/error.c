// SPDX-License-Identifier: MIT
/*
 * HIP's error state: the last error of each host thread, its one-line
 * description, and the sticky error of a device that faulted.
 *
 * As in CUDA (and HIP from 7.0), the last error is the last call that
 * failed, not the last call: a success does not clear it, only
 * hipGetLastError() does.  hipErrorNotReady is a status, not an error.
 *
 * A GPU fault stops the device's queue, as on hardware, so the fault is
 * sticky: every later wait or launch fails, and hipGetLastError() keeps
 * returning it, until hipDeviceReset() brings up a fresh device.  Later
 * messages name the fault that stopped the device.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "runtime.h"

/* Per thread, as HIP defines them: another thread's failures are not
 * seen here.  A device's sticky fault is every thread's. */
static _Thread_local hipError_t last_error;
static _Thread_local char last_message[2 * BH_ERROR_MAX];

/* The device this thread's API call works on (its stream's, else the
 * current one): a GPU fault a loader error reports is that device's. */
static _Thread_local struct bh_rt_device *focus;
/* A device's sticky error and message: the first fault wins. */
static pthread_mutex_t sticky_lock = PTHREAD_MUTEX_INITIALIZER;

void bh_rt_focus(struct bh_rt_device *d)
{
	focus = d;
}

hipError_t bh_rt_success(void)
{
	return hipSuccess;
}

hipError_t bh_rt_error(hipError_t err, const char *fmt, ...)
{
	va_list ap;

	if (err == hipSuccess || err == hipErrorNotReady)
		return err;
	char raw[sizeof(last_message)];

	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	/* Kernel names as the source spells them, in every message. */
	bh_demangle_text(raw, last_message, sizeof(last_message));
	last_error = err;
	fprintf(stderr, "barehip: %s: %s\n", hipGetErrorName(err), last_message);
	return err;
}

hipError_t bh_rt_loader_error(const struct bh_error *e, hipError_t fallback)
{
	hipError_t h;

	switch (e->code) {
	case BH_EINVAL: h = fallback == hipErrorLaunchFailure ?
			    hipErrorInvalidConfiguration : hipErrorInvalidValue; break;
	case BH_ENOMEM: h = hipErrorOutOfMemory; break;
	case BH_ENOEXEC: h = hipErrorInvalidImage; break;
	case BH_ENOENT: h = hipErrorNotFound; break;
	case BH_ERANGE: h = hipErrorLaunchOutOfResources; break;
	case BH_ETIMEDOUT: h = hipErrorLaunchTimeOut; break;
	case BH_EFAULT: h = hipErrorLaunchFailure; break;
	case BH_EABORT: h = hipErrorLaunchFailure; break;
	case BH_EBOUNDS: h = hipErrorLaunchFailure; break;	/* as ROCm */
	case BH_ENODEV: h = hipErrorNoDevice; break;
	case BH_ENOTSUP: h = hipErrorNotSupported; break;
	default: h = fallback; break;
	}
	if (e->code == BH_EABORT)
		bh_rt_device_abort(e->message);	/* returns only in recover mode */
	if (e->code != BH_EFAULT && e->code != BH_EABORT)
		return bh_rt_error(h, "%s", e->message);
	struct bh_rt_device *d = focus ? focus : bh_rt_current();
	char first[sizeof(d->sticky_message)];

	pthread_mutex_lock(&sticky_lock);
	bool stopped = d->sticky_error != hipSuccess;

	if (stopped) {
		snprintf(first, sizeof(first), "%s", d->sticky_message);
	} else {
		snprintf(d->sticky_message, sizeof(d->sticky_message), "%s", e->message);
		__atomic_store_n(&d->sticky_error, h, __ATOMIC_RELAXED);
	}
	pthread_mutex_unlock(&sticky_lock);
	/* The fault is printed in full once, when it is found; later calls
	 * say which call failed and refer to the fault by its kernel, in
	 * place of the loader's "the queue stopped after ..." */
	if (stopped) {
		const char *k = strstr(first, "kernel '");
		const char *end = k ? strchr(k + 8, '\'') : NULL;
		const char *q = strstr(e->message, "the queue stopped");
		int keep = q ? (int)(q - e->message) : (int)strlen(e->message);
		const char *sep = q ? "" : ": ";

		if (k && end)
			return bh_rt_error(h, "%.*s%sdevice %d is stopped by the GPU fault in "
					   "kernel '%.*s' reported above; hipDeviceReset() recovers",
					   keep, e->message, sep, d->ordinal,
					   (int)(end - k - 8), k + 8);
		return bh_rt_error(h, "%.*s%sdevice %d is stopped by the GPU fault reported "
				   "above; hipDeviceReset() recovers", keep, e->message, sep,
				   d->ordinal);
	}
	return bh_rt_error(h, "%s", e->message);
}

hipError_t bh_rt_sticky_error(const struct bh_rt_device *d)
{
	return __atomic_load_n(&d->sticky_error, __ATOMIC_RELAXED);
}

void bh_rt_sticky_clear(struct bh_rt_device *d)
{
	last_error = hipSuccess;
	pthread_mutex_lock(&sticky_lock);
	__atomic_store_n(&d->sticky_error, hipSuccess, __ATOMIC_RELAXED);
	d->sticky_message[0] = '\0';
	pthread_mutex_unlock(&sticky_lock);
}

/* This thread's last error, else the current device's fault. */
hipError_t hipGetLastError(void)
{
	hipError_t e = last_error ? last_error : bh_rt_sticky_error(bh_rt_current());

	last_error = hipSuccess;
	return e;
}

hipError_t hipPeekAtLastError(void)
{
	return last_error ? last_error : bh_rt_sticky_error(bh_rt_current());
}

const char *bh_get_last_error_message(void)
{
	return last_message;	/* kept after hipGetLastError() resets the code */
}

/* Every hipError_t: its name and HIP's description of it. */
static const struct {
	hipError_t code;
	const char *name, *text;
} errors[] = {
#define E(code, text) { code, #code, text }
	E(hipSuccess, "no error"),
	E(hipErrorInvalidValue, "invalid argument"),
	E(hipErrorOutOfMemory, "out of memory"),
	E(hipErrorNotInitialized, "initialization error"),
	E(hipErrorDeinitialized, "driver shutting down"),
	E(hipErrorProfilerDisabled, "profiler disabled while using external profiling tool"),
	E(hipErrorProfilerNotInitialized, "profiler is not initialized"),
	E(hipErrorProfilerAlreadyStarted, "profiler already started"),
	E(hipErrorProfilerAlreadyStopped, "profiler already stopped"),
	E(hipErrorInvalidConfiguration, "invalid configuration argument"),
	E(hipErrorInvalidPitchValue, "invalid pitch argument"),
	E(hipErrorInvalidSymbol, "invalid device symbol"),
	E(hipErrorInvalidDevicePointer, "invalid device pointer"),
	E(hipErrorInvalidMemcpyDirection, "invalid copy direction for memcpy"),
	E(hipErrorInsufficientDriver, "driver version is insufficient for runtime version"),
	E(hipErrorMissingConfiguration, "__global__ function call is not configured"),
	E(hipErrorPriorLaunchFailure, "unspecified launch failure in prior launch"),
	E(hipErrorInvalidDeviceFunction, "invalid device function"),
	E(hipErrorNoDevice, "no ROCm-capable device is detected"),
	E(hipErrorInvalidDevice, "invalid device ordinal"),
	E(hipErrorInvalidImage, "device kernel image is invalid"),
	E(hipErrorInvalidContext, "invalid device context"),
	E(hipErrorContextAlreadyCurrent, "context is already current context"),
	E(hipErrorMapFailed, "mapping of buffer object failed"),
	E(hipErrorUnmapFailed, "unmapping of buffer object failed"),
	E(hipErrorArrayIsMapped, "array is mapped"),
	E(hipErrorAlreadyMapped, "resource already mapped"),
	E(hipErrorNoBinaryForGpu, "no kernel image is available for execution on the device"),
	E(hipErrorAlreadyAcquired, "resource already acquired"),
	E(hipErrorNotMapped, "resource not mapped"),
	E(hipErrorNotMappedAsArray, "resource not mapped as array"),
	E(hipErrorNotMappedAsPointer, "resource not mapped as pointer"),
	E(hipErrorECCNotCorrectable, "uncorrectable ECC error encountered"),
	E(hipErrorUnsupportedLimit, "limit is not supported on this architecture"),
	E(hipErrorContextAlreadyInUse,
	  "exclusive-thread device already in use by a different thread"),
	E(hipErrorPeerAccessUnsupported, "peer access is not supported between these two devices"),
	E(hipErrorInvalidKernelFile, "invalid kernel file"),
	E(hipErrorInvalidGraphicsContext, "invalid OpenGL or DirectX context"),
	E(hipErrorInvalidSource, "device kernel image is invalid"),
	E(hipErrorFileNotFound, "file not found"),
	E(hipErrorSharedObjectSymbolNotFound, "shared object symbol not found"),
	E(hipErrorSharedObjectInitFailed, "shared object initialization failed"),
	E(hipErrorOperatingSystem, "OS call failed or operation not supported on this OS"),
	E(hipErrorInvalidHandle, "invalid resource handle"),
	E(hipErrorIllegalState, "the operation cannot be performed in the present state"),
	E(hipErrorNotFound, "named symbol not found"),
	E(hipErrorNotReady, "device not ready"),
	E(hipErrorIllegalAddress, "an illegal memory access was encountered"),
	E(hipErrorLaunchOutOfResources, "too many resources requested for launch"),
	E(hipErrorLaunchTimeOut, "the launch timed out and was terminated"),
	E(hipErrorPeerAccessAlreadyEnabled, "peer access is already enabled"),
	E(hipErrorPeerAccessNotEnabled, "peer access has not been enabled"),
	E(hipErrorSetOnActiveProcess, "cannot set while device is active in this process"),
	E(hipErrorContextIsDestroyed, "context is destroyed"),
	E(hipErrorAssert, "device-side assert triggered"),
	E(hipErrorHostMemoryAlreadyRegistered,
	  "part or all of the requested memory range is already mapped"),
	E(hipErrorHostMemoryNotRegistered,
	  "pointer does not correspond to a registered memory region"),
	E(hipErrorLaunchFailure, "unspecified launch failure"),
	E(hipErrorCooperativeLaunchTooLarge, "too many blocks in cooperative launch"),
	E(hipErrorNotSupported, "operation not supported"),
	E(hipErrorStreamCaptureUnsupported, "operation not permitted when stream is capturing"),
	E(hipErrorStreamCaptureInvalidated,
	  "operation failed due to a previous error during capture"),
	E(hipErrorStreamCaptureMerge,
	  "operation would result in a merge of separate capture sequences"),
	E(hipErrorStreamCaptureUnmatched, "capture was not ended in the same stream as it began"),
	E(hipErrorStreamCaptureUnjoined, "capturing stream has unjoined work"),
	E(hipErrorStreamCaptureIsolation,
	  "dependency created on uncaptured work in another stream"),
	E(hipErrorStreamCaptureImplicit,
	  "operation would make the legacy stream depend on a capturing blocking stream"),
	E(hipErrorCapturedEvent,
	  "operation not permitted on an event last recorded in a capturing stream"),
	E(hipErrorStreamCaptureWrongThread,
	  "attempt to terminate a thread-local capture sequence from another thread"),
	E(hipErrorGraphExecUpdateFailure,
	  "the graph update was not performed because it included changes which violated "
	  "constraints specific to instantiated graph update"),
	E(hipErrorInvalidChannelDescriptor, "invalid channel descriptor"),
	E(hipErrorInvalidTexture, "invalid texture"),
	E(hipErrorUnknown, "unknown error"),
	E(hipErrorRuntimeMemory, "runtime memory call returned error"),
	E(hipErrorRuntimeOther, "runtime call other than memory returned error"),
	E(hipErrorTbd, "marker that more error codes are needed"),
#undef E
};

/* Codes that are aliases of others (hipErrorMemoryAllocation …) share
 * the first entry's name: the table lists each value once. */
static int error_index(hipError_t error)
{
	for (size_t i = 0; i < sizeof(errors) / sizeof(errors[0]); i++)
		if (errors[i].code == error)
			return (int)i;
	return -1;
}

const char *hipGetErrorName(hipError_t error)
{
	int i = error_index(error);

	return i < 0 ? "hipErrorUnknown" : errors[i].name;
}

const char *hipGetErrorString(hipError_t error)
{
	int i = error_index(error);

	return i < 0 ? "unknown error" : errors[i].text;
}

/*
 * The driver-API forms: the same name and description, returned through
 * @out, and hipErrorInvalidValue for a value that is no hipError_t (as
 * ROCm, @out then still points at "hipErrorUnknown" / "unknown error").
 */
hipError_t hipDrvGetErrorName(hipError_t error, const char **out)
{
	if (!out)
		return bh_rt_error(hipErrorInvalidValue, "hipDrvGetErrorName: errorString is NULL");
	*out = hipGetErrorName(error);
	if (error_index(error) < 0)
		return bh_rt_error(hipErrorInvalidValue,
				   "hipDrvGetErrorName: %d is not a hipError_t", (int)error);
	return hipSuccess;
}

hipError_t hipDrvGetErrorString(hipError_t error, const char **out)
{
	if (!out)
		return bh_rt_error(hipErrorInvalidValue,
				   "hipDrvGetErrorString: errorString is NULL");
	*out = hipGetErrorString(error);
	if (error_index(error) < 0)
		return bh_rt_error(hipErrorInvalidValue,
				   "hipDrvGetErrorString: %d is not a hipError_t", (int)error);
	return hipSuccess;
}
