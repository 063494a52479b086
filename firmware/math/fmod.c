/* SPDX-License-Identifier: MIT */
/* fmod: x - trunc(x/y)*y, exact (0 ulp); the sign of x. */
#include "rem.h"

OCML_EXPORT OCML_CONST float __ocml_fmod_f32(float x, float y);
OCML_EXPORT OCML_CONST double __ocml_fmod_f64(double x, double y);

float __ocml_fmod_f32(float x, float y)
{
	float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y);
	uint32_t q;

	if (isnan_f32(x) || isnan_f32(y) || isinf_f32(x) || y == 0.0f)
		return BH_NAN_F32;
	if (isinf_f32(y))
		return x;
	return __builtin_copysignf(rem_core_f32(ax, ay, &q, 0), x);
}

double __ocml_fmod_f64(double x, double y)
{
	double ax = __builtin_fabs(x), ay = __builtin_fabs(y);
	uint32_t q;

	if (isnan_f64(x) || isnan_f64(y) || isinf_f64(x) || y == 0.0)
		return BH_NAN_F64;
	if (isinf_f64(y))
		return x;
	return __builtin_copysign(rem_core_f64(ax, ay, &q, 0), x);
}
