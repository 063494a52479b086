/* SPDX-License-Identifier: MIT */
/* len3 (norm3d): the Euclidean length of a 3-vector (len.h). */
#include "len.h"

OCML_EXPORT OCML_CONST float __ocml_len3_f32(float x, float y, float z);
OCML_EXPORT OCML_CONST double __ocml_len3_f64(double x, double y, double z);

float __ocml_len3_f32(float x, float y, float z)
{
	float v[3] = { x, y, z };
	int sp = len_special_f32(v, 3);

	if (sp)
		return sp < 0 ? BH_INF_F32 : BH_NAN_F32;
	return (float)__builtin_sqrt(sumsq_f32(v, 3));
}

double __ocml_len3_f64(double x, double y, double z)
{
	double v[3] = { x, y, z };
	int sp = len_special_f64(v, 3), e;

	if (sp)
		return sp < 0 ? BH_INF_F64 : BH_NAN_F64;
	double s = sumsq_scaled_f64(v, 3, &e);

	return ldexp_f64(__builtin_sqrt(s), e);
}
