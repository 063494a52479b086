/* SPDX-License-Identifier: MIT */
/* len4 (norm4d): the Euclidean length of a 4-vector (len.h). */
#include "len.h"

OCML_EXPORT OCML_CONST float __ocml_len4_f32(float x, float y, float z, float w);
OCML_EXPORT OCML_CONST double __ocml_len4_f64(double x, double y, double z, double w);

float __ocml_len4_f32(float x, float y, float z, float w)
{
	float v[4] = { x, y, z, w };
	float r = (float)sqrt_for_f32(sumsq_f32(v, 4));

	/* An infinite component wins over NaN (the sum would be NaN). */
	return !MATH_FINITE_ONLY && (isinf_f32(x) || isinf_f32(y) || isinf_f32(z) || isinf_f32(w)) ? BH_INF_F32 : r;
}

double __ocml_len4_f64(double x, double y, double z, double w)
{
	double v[4] = { x, y, z, w };
	int e;
	double s = sumsq_scaled_f64(v, 4, &e);
	double r = ldexp_f64(sqrt_unit_f64(s), e);

	return len_fix_f64(v, 4, s == 0.0 ? 0.0 : r, BH_INF_F64);
}
