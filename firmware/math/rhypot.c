/* SPDX-License-Identifier: MIT */
/* rhypot: 1/sqrt(x^2 + y^2); +0 when a component is infinite, +inf at 0. */
#include "len.h"

OCML_EXPORT OCML_CONST float __ocml_rhypot_f32(float x, float y);
OCML_EXPORT OCML_CONST double __ocml_rhypot_f64(double x, double y);

float __ocml_rhypot_f32(float x, float y)
{
	float v[2] = { x, y };
	double s = sumsq_f32(v, 2);
	float r = (float)rsqrt_for_f32(s);

	/* Special cases by selection: a NaN has already propagated. */
	r = s == 0.0 ? BH_INF_F32 : r;
	return !MATH_FINITE_ONLY && (isinf_f32(x) || isinf_f32(y)) ? 0.0f : r;
}

double __ocml_rhypot_f64(double x, double y)
{
	double v[2] = { x, y };
	int e;
	double s = sumsq_scaled_f64(v, 2, &e);
	double r = ldexp_f64(rsqrt_unit_f64(s), -e);

	return len_fix_f64(v, 2, s == 0.0 ? BH_INF_F64 : r, 0.0);
}
