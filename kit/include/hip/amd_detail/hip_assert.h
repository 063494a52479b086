/* barehip: <hip/amd_detail/hip_assert.h> (ROCm's device assert), a forwarder for code that
 * includes it by name: barehip's <hip/hip_runtime.h> has it. */
#ifndef BH_AMD_DETAIL_HIP_ASSERT_H
#define BH_AMD_DETAIL_HIP_ASSERT_H
#include <hip/hip_runtime.h>
#endif
