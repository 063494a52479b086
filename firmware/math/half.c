/* SPDX-License-Identifier: MIT */
/*
 * The half-precision functions of the ocml ABI (__ocml_<fn>_f16 and the
 * two-lane __ocml_<fn>_2f16 that clang's __clang_hip_libdevice_declares.h
 * declares and hip_fp16.h's hexp, h2sin & co call).
 *
 * Every half is a float exactly and every half result lies far inside
 * float's range, so each function evaluates the float function on the
 * widened input and rounds once to half (v_cvt_f16_f32).  The float
 * result is within 1 float ulp (2^-23 relative), so the half is the
 * correctly rounded one unless the exact value lies within 2^-13 half
 * ulps of a midpoint: at most 1 half ulp off (tests/math/half.hip checks
 * all 2^16 inputs of each against MPFR).  sqrt and the rounding
 * functions are exact this way (sqrt: 24 >= 2 * 11 + 2 bits).
 */
#include "ocml.h"

typedef _Float16 h2_t __attribute__((ext_vector_type(2)));
typedef short i2_t __attribute__((ext_vector_type(2)));

float __ocml_exp_f32(float x);
float __ocml_exp2_f32(float x);
float __ocml_exp10_f32(float x);
float __ocml_log_f32(float x);
float __ocml_log2_f32(float x);
float __ocml_log10_f32(float x);
float __ocml_sin_f32(float x);
float __ocml_cos_f32(float x);
float __ocml_pown_f32(float x, int n);

/* fn_f16 from the float function, and fn_2f16 lane by lane. */
#define HALF_FN(name, expr)                                                          \
	OCML_EXPORT _Float16 __ocml_##name##_f16(_Float16 h);                        \
	OCML_EXPORT h2_t __ocml_##name##_2f16(h2_t h);                               \
	_Float16 __ocml_##name##_f16(_Float16 h)                                     \
	{                                                                            \
		float x = (float)h;                                                  \
		return (_Float16)(expr);                                             \
	}                                                                            \
	h2_t __ocml_##name##_2f16(h2_t h)                                            \
	{                                                                            \
		return (h2_t){ __ocml_##name##_f16(h.x), __ocml_##name##_f16(h.y) }; \
	}

HALF_FN(exp, __ocml_exp_f32(x))
HALF_FN(exp2, __ocml_exp2_f32(x))
HALF_FN(exp10, __ocml_exp10_f32(x))
HALF_FN(log, __ocml_log_f32(x))
HALF_FN(log2, __ocml_log2_f32(x))
HALF_FN(log10, __ocml_log10_f32(x))
HALF_FN(sin, __ocml_sin_f32(x))
HALF_FN(cos, __ocml_cos_f32(x))
/* 1/sqrt: v_rsq_f32 (1 ulp); half's denormals are float normals. */
HALF_FN(rsqrt, __builtin_amdgcn_rsqf(x))
HALF_FN(sqrt, __builtin_sqrtf(x))
HALF_FN(ceil, __builtin_ceilf(x))
HALF_FN(floor, __builtin_floorf(x))
HALF_FN(trunc, __builtin_truncf(x))
HALF_FN(rint, __builtin_rintf(x))
HALF_FN(fabs, __builtin_fabsf(x))

OCML_EXPORT _Float16 __ocml_fma_f16(_Float16 a, _Float16 b, _Float16 c);
OCML_EXPORT h2_t __ocml_fma_2f16(h2_t a, h2_t b, h2_t c);
OCML_EXPORT _Float16 __ocml_fmax_f16(_Float16 a, _Float16 b);
OCML_EXPORT _Float16 __ocml_fmin_f16(_Float16 a, _Float16 b);
OCML_EXPORT int __ocml_isinf_f16(_Float16 h);
OCML_EXPORT int __ocml_isnan_f16(_Float16 h);
OCML_EXPORT i2_t __ocml_isinf_2f16(h2_t h);
OCML_EXPORT i2_t __ocml_isnan_2f16(h2_t h);
OCML_EXPORT _Float16 __ocml_pown_f16(_Float16 x, int n);
OCML_EXPORT h2_t __ocml_pown_2f16(h2_t x, i2_t n);

/* v_fma_f16: one rounding. */
_Float16 __ocml_fma_f16(_Float16 a, _Float16 b, _Float16 c)
{
	return __builtin_fmaf16(a, b, c);
}

h2_t __ocml_fma_2f16(h2_t a, h2_t b, h2_t c)
{
	return __builtin_elementwise_fma(a, b, c);
}

_Float16 __ocml_fmax_f16(_Float16 a, _Float16 b)
{
	return __builtin_fmaxf16(a, b);
}

_Float16 __ocml_fmin_f16(_Float16 a, _Float16 b)
{
	return __builtin_fminf16(a, b);
}

int __ocml_isinf_f16(_Float16 h)
{
	return __builtin_isinf(h);
}

int __ocml_isnan_f16(_Float16 h)
{
	return __builtin_isnan(h);
}

/* The vector forms answer -1 (all bits) for true, as OpenCL's do. */
i2_t __ocml_isinf_2f16(h2_t h)
{
	return (i2_t){ (short)-__builtin_isinf(h.x), (short)-__builtin_isinf(h.y) };
}

i2_t __ocml_isnan_2f16(h2_t h)
{
	return (i2_t){ (short)-__builtin_isnan(h.x), (short)-__builtin_isnan(h.y) };
}

_Float16 __ocml_pown_f16(_Float16 x, int n)
{
	return (_Float16)__ocml_pown_f32((float)x, n);
}

h2_t __ocml_pown_2f16(h2_t x, i2_t n)
{
	return (h2_t){ __ocml_pown_f16(x.x, n.x), __ocml_pown_f16(x.y, n.y) };
}
