/* SPDX-License-Identifier: MIT */
/*
 * exp10: 10^x = 2^n e^r, n = rint(x log2(10)), r = (x - n log10(2)) ln10.
 * Double: a = x - n*LG2_HI is exact with one FMA (for n != 0, |x| >
 * 1/8, so x and n*LG2_HI lie on the 2^-55 grid and |a| < 1/4 needs at
 * most 53 bits of it); (a - n*LG2_LO) ln10, rounded once (2^-55), is r
 * for the expk.h kernel.  Float: x log2(10) = th + tl as for exp, and
 * v_exp_f32 of the fraction scaled by 2^n.
 * +inf above 308.25 (f32: 38.53), +0 below -323.6 (f32: -45.15).
 * Measured max error (tests/math/explog.hip, 10^5 inputs, the model's
 * correctly rounded v_exp_f32): 1 ulp f32 (CUDA's bound 2; with
 * hardware's 1-ulp v_exp_f32 it stays within 1.35 ulp), 1 ulp f64
 * (bound 1).
 *
 * native_exp10: v_exp_f32(x * log2(10)), as clang's __exp10f: measured up
 * to 76 ulp near |x| = 20, 0.97 of CUDA's 2 + floor(2.97|x|); denormal
 * results flush to 0.
 */
#include "expk.h"
#include "unsafe.h"

#define LN10_HI_F64 0x1.26bb1bbb55516p+1	/* ln10 rounded */
#define LN10_LO_F64 -0x1.f48ad494ea3e9p-53	/* ln10 - LN10_HI */
#define LOG2_10_F64 0x1.a934f0979a371p+1	/* log2(10) */
#define LG2_HI_F64 0x1.34413509f79ffp-2		/* log10(2) rounded */
#define LG2_LO_F64 -0x1.9dc1da994fd21p-59	/* log10(2) - LG2_HI */
/* LG2_LO * LN10_HI, rounded (2^-53 of a term below 2^-48) */
#define LG2_LO_LN10_F64 (LG2_LO_F64 * LN10_HI_F64)
#define LOG2_10_F32 0x1.a934f0p+1f
#define LOG2_10_LO_F32 0x1.2f346ep-24f		/* log2(10) - LOG2_10_F32 */

OCML_EXPORT __attribute__((pure)) float __ocml_exp10_f32(float x);
OCML_EXPORT __attribute__((pure)) double __ocml_exp10_f64(double x);
OCML_EXPORT __attribute__((pure)) float __ocml_native_exp10_f32(float x);

float __ocml_exp10_f32(float x)
{
	if (MATH_UNSAFE)	/* -funsafe-math-optimizations: unsafe.h */
		return unsafe_exp10_f32(x);
	float t = __builtin_fminf(__builtin_fmaxf(x, -46.0f), 39.0f);
	float th = t * LOG2_10_F32;
	float tl = __builtin_fmaf(t, LOG2_10_LO_F32, __builtin_fmaf(t, LOG2_10_F32, -th));
	float n = __builtin_rintf(th);
	float y = ldexp_f32(__builtin_amdgcn_exp2f((th - n) + tl), (int)n);

	return MATH_FINITE_ONLY || !isnan_f32(x) ? y : x;
}

double __ocml_exp10_f64(double x)
{
	double t = clamp_f64(x, -330.0, 310.0);
	double n = __builtin_rint(t * LOG2_10_F64);
	double a = __builtin_fma(-n, LG2_HI_F64, t);
	double r = __builtin_fma(a, LN10_HI_F64,
				 __builtin_fma(a, LN10_LO_F64, -n * LG2_LO_LN10_F64));
	double y = exp_scaled_f64(r, n);

	return MATH_FINITE_ONLY || !isnan_f64(x) ? y : x;
}

float __ocml_native_exp10_f32(float x)
{
	return __builtin_amdgcn_exp2f(x * LOG2_10_F32);
}
