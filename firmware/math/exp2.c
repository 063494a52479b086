/* SPDX-License-Identifier: MIT */
/*
 * exp2: 2^x = 2^n 2^f with n = rint(x) and f = x - n exact, so integral
 * x gives 2^x exactly (and the one tie, f32 2^-150 or f64 2^-1075,
 * rounds to even: 0).  Double: e^(f ln2), f ln2 rounded once (2^-55),
 * into the expk.h kernel.  Float: v_exp_f32(f), |f| <= 1/2, scaled by
 * v_ldexp.  +inf from x >= 1024 (f32: 128), +0 below -1075 (f32: -150).
 * Measured max error (tests/math/explog.hip, 10^5 inputs, the model's
 * correctly rounded v_exp_f32): 1 ulp f32, at denormal results (CUDA's
 * bound 2; on hardware v_exp_f32's documented 1 ulp), 1 ulp f64 (bound 1).
 */
#include "expk.h"
#include "unsafe.h"

OCML_EXPORT __attribute__((pure)) float __ocml_exp2_f32(float x);
OCML_EXPORT __attribute__((pure)) double __ocml_exp2_f64(double x);

float __ocml_exp2_f32(float x)
{
	if (MATH_UNSAFE)	/* -funsafe-math-optimizations: unsafe.h */
		return unsafe_exp2_f32(x);
	float t = __builtin_fminf(__builtin_fmaxf(x, -160.0f), 160.0f);
	float n = __builtin_rintf(t);
	float y = ldexp_f32(__builtin_amdgcn_exp2f(t - n), (int)n);

	return MATH_FINITE_ONLY || !isnan_f32(x) ? y : x;
}

double __ocml_exp2_f64(double x)
{
	double t = clamp_f64(x, -1080.0, 1025.0);
	double n = __builtin_rint(t), f = t - n;
	double y = exp_scaled_f64(__builtin_fma(f, LN2_HI_F64, f * LN2_LO_F64), n);

	return MATH_FINITE_ONLY || !isnan_f64(x) ? y : x;
}
