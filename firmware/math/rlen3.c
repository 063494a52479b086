/* SPDX-License-Identifier: MIT */
/* rlen3 (rnorm3d): 1 / the Euclidean length of a 3-vector (len.h). */
#include "len.h"

OCML_EXPORT OCML_CONST float __ocml_rlen3_f32(float x, float y, float z);
OCML_EXPORT OCML_CONST double __ocml_rlen3_f64(double x, double y, double z);

float __ocml_rlen3_f32(float x, float y, float z)
{
	float v[3] = { x, y, z };
	double s = sumsq_f32(v, 3);
	float r = (float)rsqrt_for_f32(s);

	/* Special cases by selection: a NaN has already propagated. */
	r = s == 0.0 ? BH_INF_F32 : r;
	return !MATH_FINITE_ONLY && (isinf_f32(x) || isinf_f32(y) || isinf_f32(z)) ? 0.0f : r;
}

double __ocml_rlen3_f64(double x, double y, double z)
{
	double v[3] = { x, y, z };
	int e;
	double s = sumsq_scaled_f64(v, 3, &e);
	double r = ldexp_f64(rsqrt_unit_f64(s), -e);

	return len_fix_f64(v, 3, s == 0.0 ? BH_INF_F64 : r, 0.0);
}
