/* SPDX-License-Identifier: MIT */
/*
 * cbrt: the real cube root, odd (cbrt(-x) = -cbrt(x)); ±0, ±inf and NaN
 * return themselves.  Newton for y^3 = m: y += (m - y^3) / (3y^2), the
 * residual with y^2 split exactly, the division by an estimate (the
 * correction is already 2^-21 small, so its own 2^-22 error is noise).
 */
#include "cbrt.h"

OCML_EXPORT __attribute__((pure)) float __ocml_cbrt_f32(float x);
OCML_EXPORT __attribute__((pure)) double __ocml_cbrt_f64(double x);

static inline double cbrt_step(double y, double m)
{
	double yh = y * y, yl = __builtin_fma(y, y, -yh);
	double r = __builtin_fma(-yh, y, m);

	r = __builtin_fma(-yl, y, r);
	return __builtin_fma(r, (1.0 / 3.0) * __builtin_amdgcn_rcp(yh), y);
}

float __ocml_cbrt_f32(float x)
{
	if (x == 0.0f || isinf_f32(x) || isnan_f32(x))
		return x + x;		/* ±0 and ±inf as they are, NaN quiet */
	int k;
	double m = cbrt_split(__builtin_fabs((double)x), &k);
	double y = cbrt_step(cbrt_estimate(m, 1.0f), m);

	y = cbrt_step(y, m);
	return __builtin_copysignf((float)ldexp_f64(y, k), x);
}

double __ocml_cbrt_f64(double x)
{
	if (x == 0.0 || isinf_f64(x) || isnan_f64(x))
		return x + x;
	int k;
	double m = cbrt_split(__builtin_fabs(x), &k);
	double y = cbrt_step(cbrt_estimate(m, 1.0f), m);

	y = cbrt_step(y, m);
	y = cbrt_step(y, m);
	return __builtin_copysign(ldexp_f64(y, k), x);
}
