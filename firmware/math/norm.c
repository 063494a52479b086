/* SPDX-License-Identifier: MIT */
/*
 * norm (CUDA's normf(dim, a), norm(dim, a)): the Euclidean length of a
 * vector of dim components, without undue overflow or underflow
 * (lenn.h).  Within 1 ulp of the correctly rounded result by the
 * argument in lenn.h (dim < 2^20).  Measured (tests/math/norm.hip, dim 0
 * to 16): f32 0 ulp, f64 1 ulp (the worst cases found are denormal
 * results, rounded twice).
 */
#include "lenn.h"

OCML_EXPORT __attribute__((pure)) float __bh_norm_f32(int dim, const float *a);
OCML_EXPORT __attribute__((pure)) double __bh_norm_f64(int dim, const double *a);

float __bh_norm_f32(int dim, const float *a)
{
	int inf;
	float r = (float)sqrt_for_f32(lenn_sumsq_f32(dim, a, &inf));

	/* A NaN has propagated through the sum; an infinity wins over it. */
	return !MATH_FINITE_ONLY && inf ? BH_INF_F32 : r;
}

double __bh_norm_f64(int dim, const double *a)
{
	double lo;
	int scale, inf, nan;
	double hi = lenn_sumsq_f64(dim, a, &lo, &scale, &inf, &nan);

	/* sqrt(hi + lo): the root of hi, corrected by the exact residual
	 * hi - g^2 plus lo over 2g. */
	double g = sqrt_unit_f64(hi), h = 0.5 * rsqrt_unit_f64(hi);
	double d = __builtin_fma(-g, g, hi) + lo;
	double r = ldexp_f64(__builtin_fma(d, h, g), scale);

	r = hi == 0.0 ? 0.0 : r;
	if (MATH_FINITE_ONLY)
		return r;
	return inf ? BH_INF_F64 : nan ? BH_NAN_F64 : r;
}
