/* SPDX-License-Identifier: MIT */
/* rlen4 (rnorm4d): 1 / the Euclidean length of a 4-vector (len.h). */
#include "len.h"

OCML_EXPORT OCML_CONST float __ocml_rlen4_f32(float x, float y, float z, float w);
OCML_EXPORT OCML_CONST double __ocml_rlen4_f64(double x, double y, double z, double w);

float __ocml_rlen4_f32(float x, float y, float z, float w)
{
	float v[4] = { x, y, z, w };
	int sp = len_special_f32(v, 4);

	if (sp)
		return sp < 0 ? 0.0f : BH_NAN_F32;
	double s = sumsq_f32(v, 4);

	if (s == 0.0)
		return BH_INF_F32;
	return (float)rsqrt_newton_f64(s, 2);
}

double __ocml_rlen4_f64(double x, double y, double z, double w)
{
	double v[4] = { x, y, z, w };
	int sp = len_special_f64(v, 4), e;

	if (sp)
		return sp < 0 ? 0.0 : BH_NAN_F64;
	double s = sumsq_scaled_f64(v, 4, &e);

	if (s == 0.0)
		return BH_INF_F64;
	return ldexp_f64(rsqrt_accurate_f64(s), -e);
}
