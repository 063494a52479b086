/* barehip: <hip/amd_detail/amd_hip_fp16.h> (ROCm's __half), a forwarder for code that
 * includes it by name: barehip's <hip/hip_fp16.h> has it. */
#ifndef BH_AMD_DETAIL_AMD_HIP_FP16_H
#define BH_AMD_DETAIL_AMD_HIP_FP16_H
#include <hip/hip_fp16.h>
#endif
