/* barehip: <hip/amd_detail/amd_hip_runtime_pt_api.h> (ROCm's per-thread default stream API), a forwarder for code that
 * includes it by name: barehip's <hip/hip_runtime_api.h> has it. */
#ifndef BH_AMD_DETAIL_AMD_HIP_RUNTIME_PT_API_H
#define BH_AMD_DETAIL_AMD_HIP_RUNTIME_PT_API_H
#include <hip/hip_runtime_api.h>
#endif
