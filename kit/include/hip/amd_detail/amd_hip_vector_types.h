/* barehip: <hip/amd_detail/amd_hip_vector_types.h> (ROCm's vector types), a forwarder for code that
 * includes it by name: barehip's <hip/hip_vector_types.h> has it. */
#ifndef BH_AMD_DETAIL_AMD_HIP_VECTOR_TYPES_H
#define BH_AMD_DETAIL_AMD_HIP_VECTOR_TYPES_H
#include <hip/hip_vector_types.h>
#endif
