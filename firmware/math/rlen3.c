/* SPDX-License-Identifier: MIT */
/* rlen3 (rnorm3d): 1 / the Euclidean length of a 3-vector (len.h). */
#include "len.h"

OCML_EXPORT OCML_CONST float __ocml_rlen3_f32(float x, float y, float z);
OCML_EXPORT OCML_CONST double __ocml_rlen3_f64(double x, double y, double z);

float __ocml_rlen3_f32(float x, float y, float z)
{
	float v[3] = { x, y, z };
	int sp = len_special_f32(v, 3);

	if (sp)
		return sp < 0 ? 0.0f : BH_NAN_F32;
	double s = sumsq_f32(v, 3);

	if (s == 0.0)
		return BH_INF_F32;
	return (float)rsqrt_newton_f64(s, 2);
}

double __ocml_rlen3_f64(double x, double y, double z)
{
	double v[3] = { x, y, z };
	int sp = len_special_f64(v, 3), e;

	if (sp)
		return sp < 0 ? 0.0 : BH_NAN_F64;
	double s = sumsq_scaled_f64(v, 3, &e);

	if (s == 0.0)
		return BH_INF_F64;
	return ldexp_f64(rsqrt_accurate_f64(s), -e);
}
