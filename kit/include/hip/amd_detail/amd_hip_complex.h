/* barehip: <hip/amd_detail/amd_hip_complex.h> (ROCm's hipFloatComplex), a forwarder for code that
 * includes it by name: barehip's <hip/hip_complex.h> has it. */
#ifndef BH_AMD_DETAIL_AMD_HIP_COMPLEX_H
#define BH_AMD_DETAIL_AMD_HIP_COMPLEX_H
#include <hip/hip_complex.h>
#endif
