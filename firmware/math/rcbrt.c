/* SPDX-License-Identifier: MIT */
/*
 * rcbrt: 1/cbrt(x), odd; rcbrt(±0) = ±inf, rcbrt(±inf) = ±0, NaN stays.
 * Newton for y^-3 = m: y += y * (1 - m y^3) / 3.
 */
#include "cbrt.h"

OCML_EXPORT __attribute__((pure)) float __ocml_rcbrt_f32(float x);
OCML_EXPORT __attribute__((pure)) double __ocml_rcbrt_f64(double x);

/* f32: as cbrt (cbrt.c): the estimate from |x| (denormals scaled by
 * 2^24, the result by 2^8), one Newton step in double, one rounding. */
float __ocml_rcbrt_f32(float x)
{
	float ax = __builtin_fabsf(x);
	int tiny = !MATH_DAZ && ax < 0x1p-126f;
	double m = tiny ? ax * 0x1p24f : ax;
	double y = cbrt_estimate(m, -1.0f);
	double e = __builtin_fma(-(m * y), y * y, 1.0);

	y = __builtin_fma(y * (1.0 / 3.0), e, y);
	float r = __builtin_copysignf((float)(tiny ? y * 0x1p8 : y), x);

	r = x == 0.0f ? __builtin_copysignf(BH_INF_F32, x) : r;
	r = isinf_f32(x) ? __builtin_copysignf(0.0f, x) : r;
	return isnan_f32(x) ? x + x : r;
}

/*
 * f64: m = |x| / 2^3k in [0.5, 4) (cbrt.h); a plain step from the 2^-21
 * estimate (2^-42), then one with y^2 split exactly, so 1 - m y^3 is
 * formed with only m*y rounded (2^-53, below the result's rounding).
 */
double __ocml_rcbrt_f64(double x)
{
	int k;
	double m = cbrt_split(__builtin_fabs(x), &k);
	double y = cbrt_estimate(m, -1.0f);
	double e = __builtin_fma(-(m * y), y * y, 1.0);

	y = __builtin_fma(y * (1.0 / 3.0), e, y);
	double yh = y * y, yl = __builtin_fma(y, y, -yh), my = m * y;

	e = __builtin_fma(-my, yh, 1.0);
	e = __builtin_fma(-my, yl, e);
	y = __builtin_fma(y * (1.0 / 3.0), e, y);
	double r = __builtin_copysign(ldexp_f64(y, -k), x);

	/*
	 * Selected, not branched: rcbrt(±0) = ±inf, rcbrt(±inf) = ±0 and a
	 * quiet NaN, v_rcp_f64's exact IEEE answers for those inputs.
	 */
	return x == 0.0 || isinf_f64(x) || isnan_f64(x) ? __builtin_amdgcn_rcp(x) : r;
}
