/* SPDX-License-Identifier: MIT */
/*
 * erf: odd, erf(±0) = ±0, erf(±inf) = ±1.  |x| <= 1: x + x R(x^2) (one
 * rounding at the end); beyond, 1 - erfc(|x|) with erfc from the erfcx
 * kernel (sf_erf.h), whose few-ulp error shrinks by erfc/erf <= 0.19
 * there; from |x| = 6 on erfc < 2^-54 and the result is ±1.
 * f32 computes in double with the shorter polynomials.
 * Measured (tests/math/special.hip, 10^5 inputs): f32 1 ulp, f64 1 ulp.
 */
#include "sf_erf.h"

OCML_EXPORT __attribute__((pure)) float __ocml_erf_f32(float x);
OCML_EXPORT __attribute__((pure)) double __ocml_erf_f64(double x);

static inline double erf_kernel(double x, int p64)
{
	double ax = __builtin_fabs(x);

	if (ax <= 1.0)
		return sf_erf_small(x, p64);
	int k;
	double m = sf_erfc_pos(__builtin_fmin(ax, 6.0), 0.0, &k, p64);

	return __builtin_copysign(1.0 - ldexp_f64(m, k), x);
}

float __ocml_erf_f32(float x)
{
	float r = (float)erf_kernel(x, 0);

	return isnan_f32(x) ? x + x : r;
}

double __ocml_erf_f64(double x)
{
	double r = erf_kernel(x, 1);

	return isnan_f64(x) ? x + x : r;
}
