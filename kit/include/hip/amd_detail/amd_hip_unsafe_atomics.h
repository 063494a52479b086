/* barehip: <hip/amd_detail/amd_hip_unsafe_atomics.h> (ROCm's unsafeAtomicAdd, safeAtomicAdd), a forwarder for code that
 * includes it by name: barehip's <hip/hip_runtime.h> has it. */
#ifndef BH_AMD_DETAIL_AMD_HIP_UNSAFE_ATOMICS_H
#define BH_AMD_DETAIL_AMD_HIP_UNSAFE_ATOMICS_H
#include <hip/hip_runtime.h>
#endif
