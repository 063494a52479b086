/* SPDX-License-Identifier: MIT */
/*
 * rcbrt: 1/cbrt(x), odd; rcbrt(±0) = ±inf, rcbrt(±inf) = ±0, NaN stays.
 * Newton for y^-3 = m: y += y * (1 - m y^3) / 3, the residual with y^2
 * split exactly (cbrt.h).
 */
#include "cbrt.h"

OCML_EXPORT __attribute__((pure)) float __ocml_rcbrt_f32(float x);
OCML_EXPORT __attribute__((pure)) double __ocml_rcbrt_f64(double x);

static inline double rcbrt_step(double y, double m)
{
	double yh = y * y, yl = __builtin_fma(y, y, -yh);
	double my = m * y;		/* rounded: 2^-53, below the result's rounding */
	double e = __builtin_fma(-my, yh, 1.0);

	e = __builtin_fma(-my, yl, e);
	return __builtin_fma(y * (1.0 / 3.0), e, y);
}

float __ocml_rcbrt_f32(float x)
{
	if (isnan_f32(x))
		return x + x;
	if (x == 0.0f)
		return __builtin_copysignf(BH_INF_F32, x);
	if (isinf_f32(x))
		return __builtin_copysignf(0.0f, x);
	int k;
	double m = cbrt_split(__builtin_fabs((double)x), &k);
	double y = rcbrt_step(cbrt_estimate(m, -1.0f), m);

	y = rcbrt_step(y, m);
	return __builtin_copysignf((float)ldexp_f64(y, -k), x);
}

double __ocml_rcbrt_f64(double x)
{
	if (isnan_f64(x))
		return x + x;
	if (x == 0.0)
		return __builtin_copysign(BH_INF_F64, x);
	if (isinf_f64(x))
		return __builtin_copysign(0.0, x);
	int k;
	double m = cbrt_split(__builtin_fabs(x), &k);
	double y = rcbrt_step(cbrt_estimate(m, -1.0f), m);

	y = rcbrt_step(y, m);
	y = rcbrt_step(y, m);
	return __builtin_copysign(ldexp_f64(y, -k), x);
}
