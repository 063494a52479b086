/* barehip: <hip/amd_detail/amd_hip_bfloat16.h> (ROCm's hip_bfloat16), a forwarder for code that
 * includes it by name: barehip's <hip/hip_bfloat16.h> has it. */
#ifndef BH_AMD_DETAIL_AMD_HIP_BFLOAT16_H
#define BH_AMD_DETAIL_AMD_HIP_BFLOAT16_H
#include <hip/hip_bfloat16.h>
#endif
