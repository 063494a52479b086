/* SPDX-License-Identifier: MIT */
/* len4 (norm4d): the Euclidean length of a 4-vector (len.h). */
#include "len.h"

OCML_EXPORT OCML_CONST float __ocml_len4_f32(float x, float y, float z, float w);
OCML_EXPORT OCML_CONST double __ocml_len4_f64(double x, double y, double z, double w);

float __ocml_len4_f32(float x, float y, float z, float w)
{
	float v[4] = { x, y, z, w };
	int sp = len_special_f32(v, 4);

	if (sp)
		return sp < 0 ? BH_INF_F32 : BH_NAN_F32;
	return (float)__builtin_sqrt(sumsq_f32(v, 4));
}

double __ocml_len4_f64(double x, double y, double z, double w)
{
	double v[4] = { x, y, z, w };
	int sp = len_special_f64(v, 4), e;

	if (sp)
		return sp < 0 ? BH_INF_F64 : BH_NAN_F64;
	double s = sumsq_scaled_f64(v, 4, &e);

	return ldexp_f64(__builtin_sqrt(s), e);
}
