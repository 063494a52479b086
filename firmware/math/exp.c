/* SPDX-License-Identifier: MIT */
/*
 * exp: e^x (expk.h).  +inf for x > 709.78 (f32: 88.72), +0 below
 * -745.13 (f32: -103.97), denormal results rounded once by the final
 * v_ldexp; exp(±0) = 1, exp(-inf) = +0, exp(+inf) = +inf, NaN as is.
 * Float: x log2(e) = th + tl (FMA for the product's error, a second
 * constant for log2(e)'s), n = rint(th), 2^((th - n) + tl) by v_exp_f32
 * (its argument within 1/2 + 2^-17, exact but for one rounding), scaled
 * by 2^n.  Measured max error (tests/math/explog.hip, 10^5 inputs, the
 * model's correctly rounded v_exp_f32): 1 ulp f32 (CUDA's bound 2; with
 * hardware's 1-ulp v_exp_f32 it stays within 1.35 ulp), 1 ulp f64
 * (bound 1).
 *
 * native_exp: v_exp_f32(x * log2(e)), as clang's __expf; the product's
 * rounding grows the error with |x|: measured up to 64 ulp near x = -44,
 * 0.98 of CUDA's 2 + floor(1.173|x|); v_exp_f32 flushes denormal results
 * to 0.
 */
#include "expk.h"
#include "unsafe.h"

#define LOG2E_F32 0x1.715476p+0f
#define LOG2E_LO_F32 0x1.4ae0c0p-26f	/* log2(e) - LOG2E_F32 */

OCML_EXPORT __attribute__((pure)) float __ocml_exp_f32(float x);
OCML_EXPORT __attribute__((pure)) double __ocml_exp_f64(double x);
OCML_EXPORT __attribute__((pure)) float __ocml_native_exp_f32(float x);

float __ocml_exp_f32(float x)
{
	if (MATH_UNSAFE)	/* -funsafe-math-optimizations: unsafe.h */
		return unsafe_exp_f32(x);
	float t = __builtin_fminf(__builtin_fmaxf(x, -104.0f), 89.0f);
	float th = t * LOG2E_F32;
	float tl = __builtin_fmaf(t, LOG2E_LO_F32, __builtin_fmaf(t, LOG2E_F32, -th));
	float n = __builtin_rintf(th);
	float y = ldexp_f32(__builtin_amdgcn_exp2f((th - n) + tl), (int)n);

	return MATH_FINITE_ONLY || !isnan_f32(x) ? y : x;
}

double __ocml_exp_f64(double x)
{
	double t = clamp_f64(x, -746.0, 710.0);
	double n = __builtin_rint(t * LOG2E_F64);
	double r = __builtin_fma(-n, LN2_LO_F64, __builtin_fma(-n, LN2_HI_F64, t));
	double y = exp_scaled_f64(r, n);

	return MATH_FINITE_ONLY || !isnan_f64(x) ? y : x;
}

float __ocml_native_exp_f32(float x)
{
	return __builtin_amdgcn_exp2f(x * LOG2E_F32);
}
