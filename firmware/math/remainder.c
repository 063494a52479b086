/* SPDX-License-Identifier: MIT */
/* remainder: IEEE x - n*y with n = x/y rounded to nearest even; exact. */
#include "rem.h"

OCML_EXPORT OCML_CONST float __ocml_remainder_f32(float x, float y);
OCML_EXPORT OCML_CONST double __ocml_remainder_f64(double x, double y);

float __ocml_remainder_f32(float x, float y)
{
	float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y);
	uint32_t q;

	if (isnan_f32(x) || isnan_f32(y) || isinf_f32(x) || y == 0.0f)
		return BH_NAN_F32;
	if (isinf_f32(y))
		return x;
	float r = rem_core_f32(ax, ay, &q, 0);

	REM_NEAREST(r, ay, q);
	/* A zero result keeps the sign of x. */
	return __builtin_signbit(x) ? -r : r;
}

double __ocml_remainder_f64(double x, double y)
{
	double ax = __builtin_fabs(x), ay = __builtin_fabs(y);
	uint32_t q;

	if (isnan_f64(x) || isnan_f64(y) || isinf_f64(x) || y == 0.0)
		return BH_NAN_F64;
	if (isinf_f64(y))
		return x;
	double r = rem_core_f64(ax, ay, &q, 0);

	REM_NEAREST(r, ay, q);
	return __builtin_signbit(x) ? -r : r;
}
