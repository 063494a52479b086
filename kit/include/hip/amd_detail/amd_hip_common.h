/* barehip: <hip/amd_detail/amd_hip_common.h> (ROCm's platform macros), a forwarder for code that
 * includes it by name: barehip's <hip/hip_common.h> has it. */
#ifndef BH_AMD_DETAIL_AMD_HIP_COMMON_H
#define BH_AMD_DETAIL_AMD_HIP_COMMON_H
#include <hip/hip_common.h>
#endif
