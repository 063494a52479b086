/* SPDX-License-Identifier: MIT */
/*
 * tan: odd, tan(±0) = ±0, tan(±inf) = NaN.  tan = sin r / cos r in even
 * quadrants and -cos r / sin r in odd ones (trig.h), so near the poles
 * the small denominator is sin r of the exactly reduced r.  f32: the
 * quotient in double (one Newton-refined reciprocal, 2^-50), the
 * kernels' 2^-33 twice, one rounding: within 0.5 ulp + 2^-8 ulp (bound
 * 4).  f64: a double-double quotient, about 0.6 ulp (bound 2).
 * Measured on the gfx90a model over 10^5 random and the hard inputs
 * (tests/math/trig.hip): tanf 1 ulp, tan 1 ulp.
 */
#include "trig.h"

OCML_EXPORT float __ocml_tan_f32(float x);
OCML_EXPORT double __ocml_tan_f64(double x);

float __ocml_tan_f32(float x)
{
	if (!__builtin_isfinite(x))
		return x - x;
	int q;
	double s, c, r = trigred_f32(x, &q);

	trig_sincos_kernel_f32(r, &s, &c);
	int odd = q & 1;
	double n = odd ? -c : s, d = odd ? s : c;
	/*
	 * |d| > 2^-30: no float lies closer to a multiple of pi/2 than
	 * 16367173 * 2^72 (2^-29.2 off; tests/math/trig.hip finds it).
	 */
	double y = __builtin_amdgcn_rcp(d);

	y = __builtin_fma(__builtin_fma(-d, y, 1.0), y, y);
	float v = (float)(n * y);

	return x == 0.0f ? x : v;
}

double __ocml_tan_f64(double x)
{
	if (!__builtin_isfinite(x))
		return x - x;
	struct trig_red red = trigred_f64(x);
	double v = trig_tan_f64(trig_sincos_kernel_f64(red.hi, red.lo), red.q);

	return __builtin_fabs(x) < 0x1p-26 ? x : v;	/* sin, tan x = x there */
}
