/* barehip: <hip/amd_detail/hip_cooperative_groups_helper.h> (ROCm's cooperative-groups helpers), a forwarder for code that
 * includes it by name: barehip's <hip/hip_cooperative_groups.h> has it. */
#ifndef BH_AMD_DETAIL_HIP_COOPERATIVE_GROUPS_HELPER_H
#define BH_AMD_DETAIL_HIP_COOPERATIVE_GROUPS_HELPER_H
#include <hip/hip_cooperative_groups.h>
#endif
