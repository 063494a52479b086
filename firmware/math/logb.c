/* SPDX-License-Identifier: MIT */
/* logb: the unbiased exponent as a float; logb(±0) = -inf, logb(±inf) = +inf. */
#include "ocml.h"

OCML_EXPORT OCML_CONST float __ocml_logb_f32(float x);
OCML_EXPORT OCML_CONST double __ocml_logb_f64(double x);

float __ocml_logb_f32(float x)
{
	if (x == 0.0f)
		return -BH_INF_F32;
	if (isnan_f32(x) || isinf_f32(x))
		return x * x;		/* NaN stays NaN, ±inf becomes +inf */
	return (float)(exp_f32(x) - 1);
}

double __ocml_logb_f64(double x)
{
	if (x == 0.0)
		return -BH_INF_F64;
	if (isnan_f64(x) || isinf_f64(x))
		return x * x;
	return (double)(exp_f64(x) - 1);
}
