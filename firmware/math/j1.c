/* SPDX-License-Identifier: MIT */
/*
 * j1, the Bessel function of the first kind of order 1: odd; j1(±inf)
 * = ±0, NaN for NaN.  Below 8 the pieces of sf_bessel.h (x P(x^2) near
 * 0, so j1(x) = x/2 holds down to the denormals, and each zero factored
 * out); from 8 on Hankel's asymptotic form with the argument reduced
 * exactly, about 2^-53 of the amplitude absolutely.  f32 computes in
 * double with the shorter polynomials.
 * Measured (tests/math/bessel.hip, 10^5 inputs): below 8, f32 1 ulp and
 * f64 2 ulp; beyond, 1.5e-8 (f32) and 9.7e-17 (f64) absolutely.
 */
#include "sf_bessel.h"

OCML_EXPORT float __ocml_j1_f32(float x);
OCML_EXPORT double __ocml_j1_f64(double x);

static inline double j1_kernel(double x, int p64)
{
	double ax = __builtin_fmin(__builtin_fabs(x), 0x1.fffffffffffffp1023);
	double r = ax < 8.0 ? sf_j1_small(ax, p64) : SF_BESSEL_ASYM(ax, 1, 0, p64);

	r = isinf_f64(x) ? 0.0 : r;
	return __builtin_signbit(x) ? -r : r;	/* odd: j1(-0) = -0 */
}

float __ocml_j1_f32(float x)
{
	float r = (float)j1_kernel(x, 0);

	return isnan_f32(x) ? x + x : r;
}

double __ocml_j1_f64(double x)
{
	double r = j1_kernel(x, 1);

	return isnan_f64(x) ? x + x : r;
}
