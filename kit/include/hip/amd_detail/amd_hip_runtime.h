/* barehip: <hip/amd_detail/amd_hip_runtime.h> (ROCm's kernel language and runtime), a forwarder for code that
 * includes it by name: barehip's <hip/hip_runtime.h> has it. */
#ifndef BH_AMD_DETAIL_AMD_HIP_RUNTIME_H
#define BH_AMD_DETAIL_AMD_HIP_RUNTIME_H
#include <hip/hip_runtime.h>
#endif
