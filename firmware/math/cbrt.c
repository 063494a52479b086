/* SPDX-License-Identifier: MIT */
/*
 * cbrt: the real cube root, odd (cbrt(-x) = -cbrt(x)); ±0, ±inf and NaN
 * return themselves.  Newton for y^3 = m: y += (m - y^3) / (3y^2), the
 * division by an estimate (the correction is already 2^-21 small, so its
 * own 2^-22 error is noise).
 */
#include "cbrt.h"

OCML_EXPORT __attribute__((pure)) float __ocml_cbrt_f32(float x);
OCML_EXPORT __attribute__((pure)) double __ocml_cbrt_f64(double x);

/*
 * f32: the estimate straight from |x| (every normal float's log2 is in
 * v_log_f32's range; denormals are scaled by 2^24 first and the root by
 * 2^-8 after), one Newton step in double (about 2^-42 left, far below
 * f32's rounding; the plain residual is enough), one rounding to float.
 */
float __ocml_cbrt_f32(float x)
{
	float ax = __builtin_fabsf(x);
	int tiny = !MATH_DAZ && ax < 0x1p-126f;
	double m = tiny ? ax * 0x1p24f : ax;
	double y = cbrt_estimate(m, 1.0f), yy = y * y;

	y = __builtin_fma(__builtin_fma(-yy, y, m), (1.0 / 3.0) * __builtin_amdgcn_rcp(yy), y);
	float r = __builtin_copysignf((float)(tiny ? y * 0x1p-8 : y), x);

	/* ±0 and ±inf as they are, NaN quiet: selected, not branched. */
	return x == 0.0f || isinf_f32(x) || isnan_f32(x) ? x + x : r;
}

/*
 * f64: m = |x| / 2^3k in [0.5, 4) (cbrt.h); a plain step from the 2^-21
 * estimate (2^-42), then one with y^2 split exactly so the residual
 * m - y^3 loses nothing.
 */
static inline double cbrt_step(double y, double m)
{
	double yh = y * y, yl = __builtin_fma(y, y, -yh);
	double r = __builtin_fma(-yh, y, m);

	r = __builtin_fma(-yl, y, r);
	return __builtin_fma(r, (1.0 / 3.0) * __builtin_amdgcn_rcp(yh), y);
}

double __ocml_cbrt_f64(double x)
{
	int k;
	double m = cbrt_split(__builtin_fabs(x), &k);
	double y = cbrt_estimate(m, 1.0f), yy = y * y;

	y = __builtin_fma(__builtin_fma(-yy, y, m), (1.0 / 3.0) * __builtin_amdgcn_rcp(yy), y);
	y = cbrt_step(y, m);
	double r = __builtin_copysign(ldexp_f64(y, k), x);

	/* ±0 and ±inf as they are, NaN quiet: selected, not branched. */
	return x == 0.0 || isinf_f64(x) || isnan_f64(x) ? x + x : r;
}
