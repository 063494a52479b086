/* barehip: <hip/amd_detail/amd_hip_math_constants.h> (ROCm's HIP_INF_F ...), a forwarder for code that
 * includes it by name: barehip's <hip/hip_math_constants.h> has it. */
#ifndef BH_AMD_DETAIL_AMD_HIP_MATH_CONSTANTS_H
#define BH_AMD_DETAIL_AMD_HIP_MATH_CONSTANTS_H
#include <hip/hip_math_constants.h>
#endif
