/*
 * barehip: <hip/device_functions.h>, as ROCm provides it: the device
 * functions (integer and conversion intrinsics, atomics, warp functions,
 * clocks, fences, device printf/malloc/new) for code that includes this
 * header rather than hip_runtime.h.  They are all part of the kernel
 * language barehip's hip_runtime.h defines (hip/bh/), so in a HIP
 * compilation this is hip_runtime.h; a host-only C/C++ compilation gets
 * the host API.
 */
#ifndef HIP_DEVICE_FUNCTIONS_H
#define HIP_DEVICE_FUNCTIONS_H

#if defined(__HIP__)
#include <hip/hip_runtime.h>
#else
#include <hip/hip_runtime_api.h>
#endif

#endif /* HIP_DEVICE_FUNCTIONS_H */
