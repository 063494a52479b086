/* barehip: <hip/amd_detail/amd_warp_functions.h> (ROCm's shuffles, votes, ballots), a forwarder for code that
 * includes it by name: barehip's <hip/hip_runtime.h> has it. */
#ifndef BH_AMD_DETAIL_AMD_WARP_FUNCTIONS_H
#define BH_AMD_DETAIL_AMD_WARP_FUNCTIONS_H
#include <hip/hip_runtime.h>
#endif
