/* barehip: <hip/amd_detail/amd_math_functions.h> (ROCm's device math), a forwarder for code that
 * includes it by name: barehip's <hip/math_functions.h> has it. */
#ifndef BH_AMD_DETAIL_AMD_MATH_FUNCTIONS_H
#define BH_AMD_DETAIL_AMD_MATH_FUNCTIONS_H
#include <hip/math_functions.h>
#endif
