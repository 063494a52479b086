/* SPDX-License-Identifier: MIT */
/*
 * i1 = cyl_bessel_i1, the modified Bessel function of order 1: odd,
 * i1(±0) = ±0, i1(±inf) = ±inf (and the overflow from |x| = 713.98, f32
 * 88.7), NaN for NaN; i1(x) = x/2 holds down to the denormals.  Kernels
 * in sf_besseli.h; f32 computes in double with the shorter polynomials.
 * CUDA documents 6 ulp in both precisions.
 * Measured (tests/math/bessel.hip, 10^5 inputs): f32 1 ulp, f64 3 ulp.
 */
#include "sf_besseli.h"

OCML_EXPORT float __ocml_i1_f32(float x);
OCML_EXPORT double __ocml_i1_f64(double x);

float __ocml_i1_f32(float x)
{
	float r = __builtin_copysignf((float)sf_i1(x, 0), x);

	return isnan_f32(x) ? x + x : r;
}

double __ocml_i1_f64(double x)
{
	double r = __builtin_copysign(sf_i1(x, 1), x);

	return isnan_f64(x) ? x + x : r;
}
