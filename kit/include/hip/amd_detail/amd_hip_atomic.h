/* barehip: <hip/amd_detail/amd_hip_atomic.h> (ROCm's atomicAdd and co), a forwarder for code that
 * includes it by name: barehip's <hip/hip_runtime.h> has it. */
#ifndef BH_AMD_DETAIL_AMD_HIP_ATOMIC_H
#define BH_AMD_DETAIL_AMD_HIP_ATOMIC_H
#include <hip/hip_runtime.h>
#endif
