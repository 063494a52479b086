/* SPDX-License-Identifier: MIT */
/*
 * log1p: log(1 + x) without losing x's low bits: 1 + x as an exact
 * double-double (TwoSum) into the logk.h kernel, log(uh) + ul/uh.
 * Float: log(u) of u = 1 + x in double plus (x - (u - 1)) / u.
 * log1p(±0) = ±0, log1p(-1) = -inf, NaN below -1, +inf for +inf.
 * Measured max error (tests/math/explog.hip): 0 ulp f32 (CUDA's bound
 * 1), 0 ulp f64 (bound 1).
 */
#include "logk.h"

OCML_EXPORT __attribute__((pure)) float __ocml_log1p_f32(float x);
OCML_EXPORT __attribute__((pure)) double __ocml_log1p_f64(double x);

/* Specials of log1p given r for finite x > -1. */
static inline double log1p_special(double x, double r)
{
	r = !MATH_FINITE_ONLY && x == BH_INF_F64 ? x : r;
	r = x < -1.0 || (!MATH_FINITE_ONLY && isnan_f64(x)) ? BH_NAN_F64 : r;
	r = x == -1.0 ? -BH_INF_F64 : r;
	return x == 0.0 ? x : r;
}

float __ocml_log1p_f32(float x)
{
	double xd = x;

	return (float)log1p_special(xd, log1p_lite(xd));
}

double __ocml_log1p_f64(double x)
{
	double lo, hi = log1p_dd_f64(x, 0.0, &lo);
	/* |x| < 2^-20: x - x^2/2 + x^3/3 (the next term is 2^-62 of x);
	 * below 2^-52, 1 + x keeps little of x and the kernel's low part
	 * would carry most of the result through two roundings. */
	double tiny = __builtin_fma(x * x, __builtin_fma(x, 1.0 / 3.0, -0.5), x);
	double r = __builtin_fabs(x) < 0x1p-20 ? tiny : hi + lo;

	return log1p_special(x, r);
}
