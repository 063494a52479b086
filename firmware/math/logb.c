/* SPDX-License-Identifier: MIT */
/*
 * logb: the unbiased exponent as a float; logb(±0) = -inf, logb(±inf) =
 * +inf, NaN stays NaN.  v_frexp_exp gives the exponent of any finite x
 * (denormals included); the specials are selected, not branched to.
 */
#include "ocml.h"

OCML_EXPORT OCML_CONST float __ocml_logb_f32(float x);
OCML_EXPORT OCML_CONST double __ocml_logb_f64(double x);

float __ocml_logb_f32(float x)
{
	float r = (float)(exp_f32(x) - 1);

	r = __builtin_isfinite(x) ? r : __builtin_fabsf(x);	/* +inf, NaN */
	return x == 0.0f ? -BH_INF_F32 : r;
}

double __ocml_logb_f64(double x)
{
	double r = (double)(exp_f64(x) - 1);

	r = __builtin_isfinite(x) ? r : __builtin_fabs(x);
	return x == 0.0 ? -BH_INF_F64 : r;
}
