/* SPDX-License-Identifier: MIT */
/*
 * rnorm (CUDA's rnormf(dim, a), rnorm(dim, a)): 1 / the Euclidean length
 * of a vector of dim components, without undue overflow or underflow
 * (lenn.h): +inf for the zero (or empty) vector, +0 when a component is
 * infinite.  Within 1 ulp of the correctly rounded result by the argument
 * in lenn.h (dim < 2^20).  Measured (tests/math/norm.hip, dim 0 to 16):
 * f32 0 ulp, f64 1 ulp (the worst cases found are denormal results,
 * rounded twice).
 */
#include "lenn.h"

OCML_EXPORT __attribute__((pure)) float __bh_rnorm_f32(int dim, const float *a);
OCML_EXPORT __attribute__((pure)) double __bh_rnorm_f64(int dim, const double *a);

float __bh_rnorm_f32(int dim, const float *a)
{
	int inf;
	double s = lenn_sumsq_f32(dim, a, &inf);
	float r = (float)rsqrt_for_f32(s);

	/* 0 * inf in the Newton step would make the zero vector's NaN. */
	r = s == 0.0 ? BH_INF_F32 : r;
	return !MATH_FINITE_ONLY && inf ? 0.0f : r;
}

double __bh_rnorm_f64(int dim, const double *a)
{
	double lo;
	int scale, inf, nan;
	double hi = lenn_sumsq_f64(dim, a, &lo, &scale, &inf, &nan);

	/* y ~ 1/sqrt(hi), refined once against hi + lo: with the exact
	 * residual e = 1 - (hi + lo) y^2 (hi y = g + gl exactly),
	 * 1/sqrt(hi + lo) = y (1 + e/2 + O(e^2)). */
	double y = rsqrt_unit_f64(hi);
	double g = hi * y, gl = __builtin_fma(hi, y, -g);
	double e = __builtin_fma(-g, y, 1.0);

	e = __builtin_fma(-gl, y, e);
	e = __builtin_fma(-(lo * y), y, e);
	double r = ldexp_f64(__builtin_fma(0.5 * y, e, y), -scale);

	r = hi == 0.0 ? BH_INF_F64 : r;
	if (MATH_FINITE_ONLY)
		return r;
	return inf ? 0.0 : nan ? BH_NAN_F64 : r;
}
