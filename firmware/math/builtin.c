/* SPDX-License-Identifier: MIT */
/*
 * The __ocml names of operations the hardware does in one instruction or
 * LLVM expands inline.  clang-19's __clang_hip_math.h calls the builtins
 * directly, but older clang headers call these names (docs/facts/devlib.md §1:
 * implement the union), so they exist, each as the builtin itself.
 */
#include "ocml.h"

#define UNARY(name, expr32, expr64)                                             \
	OCML_EXPORT OCML_CONST float __ocml_##name##_f32(float x);              \
	OCML_EXPORT OCML_CONST double __ocml_##name##_f64(double x);            \
	float __ocml_##name##_f32(float x) { return expr32; }                  \
	double __ocml_##name##_f64(double x) { return expr64; }
#define BINARY(name, expr32, expr64)                                            \
	OCML_EXPORT OCML_CONST float __ocml_##name##_f32(float x, float y);     \
	OCML_EXPORT OCML_CONST double __ocml_##name##_f64(double x, double y);  \
	float __ocml_##name##_f32(float x, float y) { return expr32; }         \
	double __ocml_##name##_f64(double x, double y) { return expr64; }
#define PREDICATE(name, expr)                                                   \
	OCML_EXPORT OCML_CONST int __ocml_##name##_f32(float x);                \
	OCML_EXPORT OCML_CONST int __ocml_##name##_f64(double x);               \
	int __ocml_##name##_f32(float x) { return expr; }                      \
	int __ocml_##name##_f64(double x) { return expr; }

UNARY(ceil, __builtin_ceilf(x), __builtin_ceil(x))
UNARY(floor, __builtin_floorf(x), __builtin_floor(x))
UNARY(trunc, __builtin_truncf(x), __builtin_trunc(x))
UNARY(rint, __builtin_rintf(x), __builtin_rint(x))
UNARY(nearbyint, __builtin_nearbyintf(x), __builtin_nearbyint(x))
UNARY(round, __builtin_roundf(x), __builtin_round(x))
UNARY(fabs, __builtin_fabsf(x), __builtin_fabs(x))
/* Correctly rounded: LLVM's AMDGPU expansion of llvm.sqrt refines
 * v_sqrt with FMA residuals (tests/device/fdiv.hip checks it bit for bit);
 * f32 only v_sqrt_f32 (about 1 ulp) when MATH_CR_SQRT32 is off. */
UNARY(sqrt, MATH_CR_SQRT32 ? __builtin_sqrtf(x) : __builtin_amdgcn_sqrtf(x), __builtin_sqrt(x))
BINARY(copysign, __builtin_copysignf(x, y), __builtin_copysign(x, y))
BINARY(fmax, __builtin_fmaxf(x, y), __builtin_fmax(x, y))
BINARY(fmin, __builtin_fminf(x, y), __builtin_fmin(x, y))
PREDICATE(isnan, __builtin_isnan(x))
PREDICATE(isinf, __builtin_isinf(x))
PREDICATE(isfinite, __builtin_isfinite(x))
PREDICATE(signbit, __builtin_signbit(x))

/* v_sqrt_f32 alone: about 1 ulp, no refinement (what __fsqrt_rn calls
 * by default, and what CUDA's -prec-sqrt=false gives). */
OCML_EXPORT OCML_CONST float __ocml_native_sqrt_f32(float x);
float __ocml_native_sqrt_f32(float x) { return __builtin_amdgcn_sqrtf(x); }

OCML_EXPORT OCML_CONST float __ocml_fma_f32(float x, float y, float z);
OCML_EXPORT OCML_CONST double __ocml_fma_f64(double x, double y, double z);
float __ocml_fma_f32(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
double __ocml_fma_f64(double x, double y, double z) { return __builtin_fma(x, y, z); }

OCML_EXPORT OCML_CONST float __ocml_ldexp_f32(float x, int e);
OCML_EXPORT OCML_CONST double __ocml_ldexp_f64(double x, int e);
float __ocml_ldexp_f32(float x, int e) { return ldexp_f32(x, e); }
double __ocml_ldexp_f64(double x, int e) { return ldexp_f64(x, e); }

/* frexp: mantissa in [0.5, 1) and exponent; ±0, ±inf and NaN come back
 * unchanged with exponent 0 (llvm.frexp's fix-ups around v_frexp_*). */
OCML_EXPORT float __ocml_frexp_f32(float x, OCML_PRIVATE int *e);
OCML_EXPORT double __ocml_frexp_f64(double x, OCML_PRIVATE int *e);
float __ocml_frexp_f32(float x, OCML_PRIVATE int *e)
{
	int t;
	float m = __builtin_frexpf(x, &t);

	*e = t;
	return m;
}
double __ocml_frexp_f64(double x, OCML_PRIVATE int *e)
{
	int t;
	double m = __builtin_frexp(x, &t);

	*e = t;
	return m;
}
