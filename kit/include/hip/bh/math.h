/*
 * Device math: sinf, std::sin, norm3d, __expf and the rest.  clang's own
 * HIP math headers (part of clang, not of ROCm) declare them for device
 * code, as clang's HIP runtime wrapper would; they call the __ocml_*
 * ABI, which barehip's firmware implements (firmware/math/), or clang
 * builtins the backend expands inline.  A function the firmware does
 * not have yet fails at the device link with "undefined symbol:
 * __ocml_<name>".
 */
#ifndef HIP_BH_MATH_H
#define HIP_BH_MATH_H

/*
 * The rounded operations (__fadd_rd, __fsqrt_rn, __ddiv_ru, ...) call
 * __ocml_<op>_rt{e,n,p,z}: all correctly rounded in their mode (without
 * this, clang maps __fsqrt_rn to the ~1 ulp native sqrt and offers no
 * _rd/_ru/_rz at all).
 */
#ifndef OCML_BASIC_ROUNDED_OPERATIONS
#define OCML_BASIC_ROUNDED_OPERATIONS 1
#endif

#include <cmath>
#include <cstdlib>
#include <__clang_hip_libdevice_declares.h>
#include <__clang_hip_math.h>
#include <__clang_hip_stdlib.h>
#include <__clang_cuda_math_forward_declares.h>
#include <__clang_hip_cmath.h>

#endif /* HIP_BH_MATH_H */
