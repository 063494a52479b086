/* SPDX-License-Identifier: MIT */
/*
 * pow: x^y = e^(y log|x|) (powk.h), with every C99 Annex F special case
 * (pow(x, ±0) = 1 even for NaN x, pow(1, y) = 1 even for NaN y,
 * pow(-1, ±inf) = 1, signs for negative x and odd integral y, NaN for
 * negative x and non-integral y).
 * Measured max error (tests/math/explog.hip): 1 ulp f32 (CUDA's bound
 * 4), 1 ulp f64 (bound 2).
 */
#include "powk.h"
#include "unsafe.h"

OCML_EXPORT __attribute__((pure)) float __ocml_pow_f32(float x, float y);
OCML_EXPORT __attribute__((pure)) double __ocml_pow_f64(double x, double y);

float __ocml_pow_f32(float x, float y)
{
	double xd = x, yd = y;

	if (MATH_UNSAFE)	/* the special cases stay; the core is unsafe.h's */
		return (float)pow_fixup(xd, yd, unsafe_powcore_f32(__builtin_fabsf(x), y));
	return (float)pow_fixup(xd, yd, pow_core_lite(__builtin_fabs(xd), yd));
}

double __ocml_pow_f64(double x, double y)
{
	return pow_fixup(x, y, pow_core_f64(__builtin_fabs(x), y));
}
