/* SPDX-License-Identifier: MIT */
/*
 * expm1: e^x - 1 without the cancellation near 0 (expk.h: the kernel's
 * q = e^r - 1 is itself relative to r).  Double: 2^n (1 + q) - 1 as a
 * double-double (expk.h), one final rounding.  Float: the same in double, one
 * rounding to float.  expm1(±0) = ±0, -1 from x < -37.4 (f32: -17.3)
 * and for -inf, +inf above 709.78 (f32: 88.72).
 * Measured max error (tests/math/explog.hip): 0 ulp f32 (CUDA's bound
 * 1), 1 ulp f64 (bound 1).
 */
#include "expk.h"

OCML_EXPORT __attribute__((pure)) float __ocml_expm1_f32(float x);
OCML_EXPORT __attribute__((pure)) double __ocml_expm1_f64(double x);

float __ocml_expm1_f32(float x)
{
	/* clamped after the conversion, whose result needs no quieting */
	double t = clamp_f64((double)x, -100.0, 100.0);
	/* expm1 has x's sign, which keeps -0's */
	float r = __builtin_copysignf((float)expm1_lite(t), x);

	return MATH_FINITE_ONLY || !isnan_f32(x) ? r : x;
}

double __ocml_expm1_f64(double x)
{
	double lo;
	double t = clamp_f64(x, -40.0, 710.0);
	double hi = expm1_dd_f64(t, &lo);
	/* expm1 has x's sign, which keeps -0's */
	double r = __builtin_copysign(hi + lo, x);
	return MATH_FINITE_ONLY || !isnan_f64(x) ? r : x;
}
