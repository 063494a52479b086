/* SPDX-License-Identifier: MIT */
/*
 * rsqrt: 1/sqrt(x).  rsqrt(±0) = ±inf, rsqrt(+inf) = +0, rsqrt(x < 0)
 * = NaN.  f32: computed in double (x is exact there; two Newton steps
 * take the estimate to the double rounding limit), then rounded once:
 * within 0.5 ulp plus about 2^-28 ulp.  f64: x = m * 4^k with m in
 * [0.5, 2), so neither the estimate nor r*r in the Newton residual meets
 * denormals (r*r underflows for x near DBL_MAX otherwise), then
 * rsqrt_accurate_f64(m) * 2^-k.
 */
#include "root.h"

OCML_EXPORT OCML_CONST float __ocml_rsqrt_f32(float x);
OCML_EXPORT OCML_CONST double __ocml_rsqrt_f64(double x);

float __ocml_rsqrt_f32(float x)
{
	if (x == 0.0f)
		return __builtin_copysignf(BH_INF_F32, x);
	if (!(x > 0.0f) || isinf_f32(x))	/* NaN, negative, +inf */
		return isinf_f32(x) && x > 0.0f ? 0.0f : BH_NAN_F32;
	return (float)rsqrt_newton_f64((double)x, 2);
}

double __ocml_rsqrt_f64(double x)
{
	if (x == 0.0)
		return __builtin_copysign(BH_INF_F64, x);
	if (!(x > 0.0) || isinf_f64(x))
		return isinf_f64(x) && x > 0.0 ? 0.0 : BH_NAN_F64;
	int k = exp_f64(x) >> 1;	/* floor(e / 2) */

	return ldexp_f64(rsqrt_accurate_f64(ldexp_f64(x, -2 * k)), -k);
}
