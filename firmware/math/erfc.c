/* SPDX-License-Identifier: MIT */
/*
 * erfc: erfc(-inf) = 2, erfc(+inf) = +0, NaN for NaN.  |x| < 1/2:
 * 1 - erf(x); x >= 1/2: exp(-x^2) erfcx(x) with x^2 split exactly, scaled
 * once at the end (results down to the smallest denormal round once);
 * x <= -1/2: 2 - erfc(-x).  Kernels in sf_erf.h; f32 computes in double
 * with the shorter polynomials.
 * Measured (tests/math/special.hip, 10^5 inputs): f32 1 ulp, f64 2 ulp.
 */
#include "sf_erf.h"

OCML_EXPORT __attribute__((pure)) float __ocml_erfc_f32(float x);
OCML_EXPORT __attribute__((pure)) double __ocml_erfc_f64(double x);

float __ocml_erfc_f32(float x)
{
	float r = (float)sf_erfc(x, 0.0, 0, 0);

	return isnan_f32(x) ? x + x : r;
}

double __ocml_erfc_f64(double x)
{
	double r = sf_erfc(x, 0.0, 0, 1);

	return isnan_f64(x) ? x + x : r;
}
