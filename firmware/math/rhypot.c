/* SPDX-License-Identifier: MIT */
/* rhypot: 1/sqrt(x^2 + y^2); +0 when a component is infinite, +inf at 0. */
#include "len.h"

OCML_EXPORT OCML_CONST float __ocml_rhypot_f32(float x, float y);
OCML_EXPORT OCML_CONST double __ocml_rhypot_f64(double x, double y);

float __ocml_rhypot_f32(float x, float y)
{
	float v[2] = { x, y };
	int sp = len_special_f32(v, 2);

	if (sp)
		return sp < 0 ? 0.0f : BH_NAN_F32;
	double s = sumsq_f32(v, 2);

	if (s == 0.0)
		return BH_INF_F32;
	/* s >= 2^-298 here: inside v_rsq_f64's safe range. */
	return (float)rsqrt_newton_f64(s, 2);
}

double __ocml_rhypot_f64(double x, double y)
{
	double v[2] = { x, y };
	int sp = len_special_f64(v, 2), e;

	if (sp)
		return sp < 0 ? 0.0 : BH_NAN_F64;
	double s = sumsq_scaled_f64(v, 2, &e);

	if (s == 0.0)
		return BH_INF_F64;
	return ldexp_f64(rsqrt_accurate_f64(s), -e);
}
