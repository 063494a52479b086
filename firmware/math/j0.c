/* SPDX-License-Identifier: MIT */
/*
 * j0, the Bessel function of the first kind of order 0: even; j0(±inf)
 * = +0, NaN for NaN.  Below 8 the pieces of sf_bessel.h (each zero
 * factored out, so relative accuracy holds through 2.405 and 5.520);
 * from 8 on Hankel's asymptotic form with the argument reduced exactly
 * (Payne-Hanek from 2^20), about 2^-53 of the amplitude absolutely.
 * f32 computes in double with the shorter polynomials.
 * Measured (tests/math/bessel.hip, 10^5 inputs): below 8, f32 1 ulp and
 * f64 2 ulp; beyond, 7.5e-9 (f32) and 8e-17 (f64) absolutely.
 */
#include "sf_bessel.h"

OCML_EXPORT float __ocml_j0_f32(float x);
OCML_EXPORT double __ocml_j0_f64(double x);

static inline double j0_kernel(double x, int p64)
{
	double ax = __builtin_fmin(__builtin_fabs(x), 0x1.fffffffffffffp1023);

	if (ax < 8.0)
		return sf_j0_small(ax, p64);
	return SF_BESSEL_ASYM(ax, 0, 1, p64);
}

float __ocml_j0_f32(float x)
{
	float r = (float)j0_kernel(x, 0);

	r = isinf_f32(x) ? 0.0f : r;
	return isnan_f32(x) ? x + x : r;
}

double __ocml_j0_f64(double x)
{
	double r = j0_kernel(x, 1);

	r = isinf_f64(x) ? 0.0 : r;
	return isnan_f64(x) ? x + x : r;
}
