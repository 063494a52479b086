/* SPDX-License-Identifier: MIT */
/*
 * i0 = cyl_bessel_i0, the modified Bessel function of order 0: even,
 * i0(0) = 1, i0(±inf) = +inf (and the overflow from |x| = 713.99, f32
 * 88.7), NaN for NaN.  Kernels in sf_besseli.h; f32 computes in double
 * with the shorter polynomials.  CUDA documents 6 ulp in both
 * precisions.
 * Measured (tests/math/bessel.hip, 10^5 inputs): f32 1 ulp, f64 3 ulp.
 */
#include "sf_besseli.h"

OCML_EXPORT float __ocml_i0_f32(float x);
OCML_EXPORT double __ocml_i0_f64(double x);

float __ocml_i0_f32(float x)
{
	float r = (float)sf_i0(x, 0);

	return isnan_f32(x) ? x + x : r;
}

double __ocml_i0_f64(double x)
{
	double r = sf_i0(x, 1);

	return isnan_f64(x) ? x + x : r;
}
