// SPDX-License-Identifier: MIT
/* HIP's error state: the last error and its one-line description. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "runtime.h"

static _Thread_local hipError_t last_error;
static _Thread_local char last_message[BH_ERROR_MAX + 64];

hipError_t bh_rt_success(void)
{
	return hipSuccess;
}

hipError_t bh_rt_error(hipError_t err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(last_message, sizeof(last_message), fmt, ap);
	va_end(ap);
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
	case BH_ENODEV: h = hipErrorNoDevice; break;
	case BH_ENOTSUP: h = hipErrorNotSupported; break;
	default: h = fallback; break;
	}
	return bh_rt_error(h, "%s", e->message);
}

hipError_t hipGetLastError(void)
{
	hipError_t e = last_error;

	last_error = hipSuccess;
	return e;
}

hipError_t hipPeekAtLastError(void)
{
	return last_error;
}

const char *bhGetLastErrorMessage(void)
{
	return last_message;	/* kept after hipGetLastError() resets the code */
}

static const struct {
	hipError_t code;
	const char *name, *text;
} errors[] = {
	{ hipSuccess, "hipSuccess", "no error" },
	{ hipErrorInvalidValue, "hipErrorInvalidValue", "invalid argument" },
	{ hipErrorOutOfMemory, "hipErrorOutOfMemory", "out of memory" },
	{ hipErrorNotInitialized, "hipErrorNotInitialized", "initialization error" },
	{ hipErrorInvalidConfiguration, "hipErrorInvalidConfiguration", "invalid configuration argument" },
	{ hipErrorInvalidPitchValue, "hipErrorInvalidPitchValue", "invalid pitch argument" },
	{ hipErrorInvalidSymbol, "hipErrorInvalidSymbol", "invalid device symbol" },
	{ hipErrorInvalidDevicePointer, "hipErrorInvalidDevicePointer", "invalid device pointer" },
	{ hipErrorInvalidMemcpyDirection, "hipErrorInvalidMemcpyDirection", "invalid copy direction for memcpy" },
	{ hipErrorInvalidDeviceFunction, "hipErrorInvalidDeviceFunction", "invalid device function" },
	{ hipErrorNoDevice, "hipErrorNoDevice", "no ROCm-capable device is detected" },
	{ hipErrorInvalidDevice, "hipErrorInvalidDevice", "invalid device ordinal" },
	{ hipErrorInvalidImage, "hipErrorInvalidImage", "device kernel image is invalid" },
	{ hipErrorInvalidContext, "hipErrorInvalidContext", "invalid device context" },
	{ hipErrorNoBinaryForGpu, "hipErrorNoBinaryForGpu", "no kernel image is available for execution on the device" },
	{ hipErrorInvalidKernelFile, "hipErrorInvalidKernelFile", "invalid kernel file" },
	{ hipErrorInvalidSource, "hipErrorInvalidSource", "device kernel image is invalid" },
	{ hipErrorInvalidHandle, "hipErrorInvalidHandle", "invalid resource handle" },
	{ hipErrorNotFound, "hipErrorNotFound", "named symbol not found" },
	{ hipErrorNotReady, "hipErrorNotReady", "device not ready" },
	{ hipErrorIllegalAddress, "hipErrorIllegalAddress", "an illegal memory access was encountered" },
	{ hipErrorLaunchOutOfResources, "hipErrorLaunchOutOfResources", "too many resources requested for launch" },
	{ hipErrorLaunchTimeOut, "hipErrorLaunchTimeOut", "the launch timed out and was terminated" },
	{ hipErrorLaunchFailure, "hipErrorLaunchFailure", "unspecified launch failure" },
	{ hipErrorCooperativeLaunchTooLarge, "hipErrorCooperativeLaunchTooLarge", "too many blocks in cooperative launch" },
	{ hipErrorUnsupportedLimit, "hipErrorUnsupportedLimit", "limit is not supported on this architecture" },
	{ hipErrorNotSupported, "hipErrorNotSupported", "operation not supported" },
	{ hipErrorUnknown, "hipErrorUnknown", "unknown error" },
};

const char *hipGetErrorName(hipError_t error)
{
	for (size_t i = 0; i < sizeof(errors) / sizeof(errors[0]); i++)
		if (errors[i].code == error)
			return errors[i].name;
	return "hipErrorUnknown";
}

const char *hipGetErrorString(hipError_t error)
{
	for (size_t i = 0; i < sizeof(errors) / sizeof(errors[0]); i++)
		if (errors[i].code == error)
			return errors[i].text;
	return "unknown error";
}
