/* SPDX-License-Identifier: MIT */
/* rhypot: 1/sqrt(x^2 + y^2); +0 when a component is infinite, +inf at 0. */
#include "len.h"

OCML_EXPORT OCML_CONST float __ocml_rhypot_f32(float x, float y);
OCML_EXPORT OCML_CONST double __ocml_rhypot_f64(double x, double y);

/*
 * f32: the squares are exact in double and their sum rounds once (as the
 * FMA of len.h would).  Both zero make s = 0, where v_rsq_f64's +inf is
 * clamped to 2^600 so that the Newton step stays finite; the conversion
 * to float then gives +inf.  A NaN propagates through s and the step
 * (the clamp turns it into 2^600, but s r is NaN again).  An infinite
 * component, even next to a NaN, gives +0: the max of the squares (no
 * quieting needed for computed values) ignores a NaN.
 */
float __ocml_rhypot_f32(float x, float y)
{
	double a = (double)x * (double)x, b = (double)y * (double)y, s = a + b;
	double r = __builtin_fmin(__builtin_amdgcn_rsq(s), 0x1p600);
	double e = __builtin_fma(-(s * r), r, 1.0);
	float rf = (float)__builtin_fma(0.5 * r, e, r);

	return !MATH_FINITE_ONLY && __builtin_fmax(a, b) == BH_INF_F64 ? 0.0f : rf;
}

/*
 * f64: both zero make s = 0 (+inf), an infinite component, even next to
 * a NaN, gives +0; otherwise a NaN has propagated through s.
 */
double __ocml_rhypot_f64(double x, double y)
{
	double v[2] = { x, y };
	int e;
	double s = sumsq_scaled_f64(v, 2, &e);
	double r = ldexp_f64(rsqrt_unit_f64(s), -e);
	int inf = !MATH_FINITE_ONLY && (isinf_f64(x) || isinf_f64(y));

	return inf || s == 0.0 ? (inf ? 0.0 : BH_INF_F64) : r;
}
