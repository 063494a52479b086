/* barehip: <hip/amd_detail/amd_hip_bf16.h> (ROCm's __hip_bfloat16), a forwarder for code that
 * includes it by name: barehip's <hip/hip_bf16.h> has it. */
#ifndef BH_AMD_DETAIL_AMD_HIP_BF16_H
#define BH_AMD_DETAIL_AMD_HIP_BF16_H
#include <hip/hip_bf16.h>
#endif
