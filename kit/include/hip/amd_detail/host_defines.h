/* barehip: <hip/amd_detail/host_defines.h> (ROCm's __host__, __device__, __global__ ... macros), a forwarder for code that
 * includes it by name: barehip's <hip/hip_runtime.h> has it. */
#ifndef BH_AMD_DETAIL_HOST_DEFINES_H
#define BH_AMD_DETAIL_HOST_DEFINES_H
#include <hip/hip_runtime.h>
#endif
