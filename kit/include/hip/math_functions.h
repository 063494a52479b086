/*
 * barehip: <hip/math_functions.h>, as ROCm provides it: the device math
 * functions (sinf, std::sin, __fdividef, norm3d, ...; hip/bh/math.h) for
 * code that includes this header rather than hip_runtime.h.  In a HIP
 * compilation this is hip_runtime.h (the math needs the kernel language
 * around it); a host-only compilation gets the C++ <cmath>.
 */
#ifndef HIP_MATH_FUNCTIONS_H
#define HIP_MATH_FUNCTIONS_H

#if defined(__HIP__)
#include <hip/hip_runtime.h>
#elif defined(__cplusplus)
#include <cmath>
#else
#include <math.h>
#endif

#endif /* HIP_MATH_FUNCTIONS_H */
