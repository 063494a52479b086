/* SPDX-License-Identifier: MIT */
/* len3 (norm3d): the Euclidean length of a 3-vector (len.h). */
#include "len.h"

OCML_EXPORT OCML_CONST float __ocml_len3_f32(float x, float y, float z);
OCML_EXPORT OCML_CONST double __ocml_len3_f64(double x, double y, double z);

float __ocml_len3_f32(float x, float y, float z)
{
	float v[3] = { x, y, z };
	float r = (float)sqrt_for_f32(sumsq_f32(v, 3));

	/* An infinite component wins over NaN (the sum would be NaN). */
	return !MATH_FINITE_ONLY && (isinf_f32(x) || isinf_f32(y) || isinf_f32(z)) ? BH_INF_F32 : r;
}

double __ocml_len3_f64(double x, double y, double z)
{
	double v[3] = { x, y, z };
	int e;
	double s = sumsq_scaled_f64(v, 3, &e);
	double r = ldexp_f64(sqrt_unit_f64(s), e);

	return len_fix_f64(v, 3, s == 0.0 ? 0.0 : r, BH_INF_F64);
}
