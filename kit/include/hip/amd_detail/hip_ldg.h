/* barehip: <hip/amd_detail/hip_ldg.h> (ROCm's __ldg), a forwarder for code that
 * includes it by name: barehip's <hip/hip_runtime.h> has it. */
#ifndef BH_AMD_DETAIL_HIP_LDG_H
#define BH_AMD_DETAIL_HIP_LDG_H
#include <hip/hip_runtime.h>
#endif
