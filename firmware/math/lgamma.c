/* SPDX-License-Identifier: MIT */
/*
 * lgamma(x) = log |Gamma(x)|: +inf at 0, the negative integers and ±inf
 * (C99 F.9.5.3), +0 at 1 and 2, NaN for NaN.  x > 0 by the kernels of
 * sf_gamma.h (Stirling from 8, exact products down to [1.5, 2.5],
 * polynomials with the zero factored out near 1 and 2); x < 0 by
 * reflection.  CUDA's bound excludes the stretch where lgamma has its
 * negative zeros (f32 [-10.001, -2.264], f64 [-23.0001, -2.2637]): there
 * the reflection's cancellation leaves an absolute error of a few ulps
 * of the terms' size.  f32 computes in double with the shorter
 * polynomials.
 * Measured (tests/math/special.hip, 10^5 inputs): f32 1 ulp, f64 2 ulp;
 * between the negative zeros 4.8e-7 (f32) and 7.2e-15 (f64) absolutely.
 */
#include "sf_gamma.h"

OCML_EXPORT float __ocml_lgamma_f32(float x);
OCML_EXPORT double __ocml_lgamma_f64(double x);

static inline double lgamma_kernel(double x, int p64)
{
	double lp = sf_lgamma_pos(__builtin_fabs(x), p64);
	double r = x > 0.0 ? lp : sf_lgamma_neg(x, lp, p64);

	/* ±0, ±inf, negative integers: +inf; NaN stays NaN. */
	return (x == __builtin_rint(x) && x <= 0.0) || isinf_f64(x) ? BH_INF_F64 : r;
}

float __ocml_lgamma_f32(float x)
{
	float r = (float)lgamma_kernel(x, 0);

	return isnan_f32(x) ? x + x : r;
}

double __ocml_lgamma_f64(double x)
{
	double r = lgamma_kernel(x, 1);

	return isnan_f64(x) ? x + x : r;
}
