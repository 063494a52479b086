/* SPDX-License-Identifier: MIT */
/*
 * hypot: sqrt(x^2 + y^2) without undue overflow or underflow (len.h).
 * f64 adds one correction: with the squares and r^2 split exactly by
 * FMA, d = a^2 + b^2 - r^2 is known to a few ulps of itself and
 * r + d/(2r) is within about 0.5 ulp, where the plain sqrt of the
 * rounded sum could be off by one.
 */
#include "len.h"

OCML_EXPORT OCML_CONST float __ocml_hypot_f32(float x, float y);
OCML_EXPORT OCML_CONST double __ocml_hypot_f64(double x, double y);

float __ocml_hypot_f32(float x, float y)
{
	float v[2] = { x, y };
	int sp = len_special_f32(v, 2);

	if (sp)
		return sp < 0 ? BH_INF_F32 : BH_NAN_F32;
	return (float)__builtin_sqrt(sumsq_f32(v, 2));
}

double __ocml_hypot_f64(double x, double y)
{
	double v[2] = { x, y };
	int sp = len_special_f64(v, 2), e;

	if (sp)
		return sp < 0 ? BH_INF_F64 : BH_NAN_F64;
	double ax = __builtin_fabs(x), ay = __builtin_fabs(y);
	double a = __builtin_fmax(ax, ay), b = __builtin_fmin(ax, ay);

	if (b == 0.0)
		return a;
	e = exp_f64(a);
	a = ldexp_f64(a, -e);		/* [0.5, 1) */
	b = ldexp_f64(b, -e);
	double r = __builtin_sqrt(__builtin_fma(a, a, b * b));
	/* d = (a^2 - r^2) + b^2 + the low parts; a^2 - r^2 and its sum
	 * with b^2 are exact (Sterbenz: r^2 lies in [a^2, 2a^2]). */
	double ph = r * r, pl = __builtin_fma(r, r, -ph);
	double ah = a * a, al = __builtin_fma(a, a, -ah);
	double bh = b * b, bl = __builtin_fma(b, b, -bh);
	double d = ((ah - ph) + bh) + ((al + bl) - pl);

	r = __builtin_fma(d, 0.5 * __builtin_amdgcn_rcp(r), r);
	return ldexp_f64(r, e);
}
