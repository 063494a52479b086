/* SPDX-License-Identifier: MIT */
/*
 * remquo: remainder(x, y), and in *quo the low 3 bits of the rounded
 * quotient with the sign of x/y (C99 asks for at least 3 bits).
 */
#include "rem.h"

OCML_EXPORT float __ocml_remquo_f32(float x, float y, OCML_PRIVATE int *quo);
OCML_EXPORT double __ocml_remquo_f64(double x, double y, OCML_PRIVATE int *quo);

static inline int signed_quo(uint32_t q, int negative)
{
	int v = (int)(q & 7);

	return negative ? -v : v;
}

float __ocml_remquo_f32(float x, float y, OCML_PRIVATE int *quo)
{
	float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y);
	uint32_t q;

	*quo = 0;
	if (isnan_f32(x) || isnan_f32(y) || isinf_f32(x) || y == 0.0f)
		return BH_NAN_F32;
	if (isinf_f32(y))
		return x;
	float r = rem_core_f32(ax, ay, &q, 1);

	REM_NEAREST(r, ay, q);
	*quo = signed_quo(q, __builtin_signbit(x) != __builtin_signbit(y));
	return __builtin_signbit(x) ? -r : r;
}

double __ocml_remquo_f64(double x, double y, OCML_PRIVATE int *quo)
{
	double ax = __builtin_fabs(x), ay = __builtin_fabs(y);
	uint32_t q;

	*quo = 0;
	if (isnan_f64(x) || isnan_f64(y) || isinf_f64(x) || y == 0.0)
		return BH_NAN_F64;
	if (isinf_f64(y))
		return x;
	double r = rem_core_f64(ax, ay, &q, 1);

	REM_NEAREST(r, ay, q);
	*quo = signed_quo(q, __builtin_signbit(x) != __builtin_signbit(y));
	return __builtin_signbit(x) ? -r : r;
}
