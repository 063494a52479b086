/* barehip: <hip/amd_detail/amd_hip_cooperative_groups.h> (ROCm's cooperative groups), a forwarder for code that
 * includes it by name: barehip's <hip/hip_cooperative_groups.h> has it. */
#ifndef BH_AMD_DETAIL_AMD_HIP_COOPERATIVE_GROUPS_H
#define BH_AMD_DETAIL_AMD_HIP_COOPERATIVE_GROUPS_H
#include <hip/hip_cooperative_groups.h>
#endif
