// host_only: what the HIP file (kernels.hip) offers the host-only files:
// plain C functions, so g++- and gcc-compiled code can call them.
#ifndef HOST_ONLY_H
#define HOST_ONLY_H

#include <hip/hip_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* y = a * x + y on the device, on @stream (launched with <<<>>>). */
hipError_t launch_saxpy(float a, const float *x, float *y, int n, hipStream_t stream);
/* The saxpy kernel's handle, for hipLaunchKernel from host-only code. */
const void *saxpy_kernel(void);
/* The scale4 kernel (float4 elements, multiplied by a float4). */
const void *scale4_kernel(void);

/* c_api.c (compiled by gcc as C): the C API. */
int c_fill(float *device, int n, float first);
int c_launch_saxpy(float a, const float *x, float *y, int n);

#ifdef __cplusplus
}
#endif

#endif
