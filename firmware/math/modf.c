/* SPDX-License-Identifier: MIT */
/*
 * modf: the integral part in *ip, the fraction returned, both exact and
 * with the sign of x (-3.0 gives -0.0 and -3.0; ±inf gives ±0 and ±inf).
 */
#include "ocml.h"

OCML_EXPORT float __ocml_modf_f32(float x, OCML_PRIVATE float *ip);
OCML_EXPORT double __ocml_modf_f64(double x, OCML_PRIVATE double *ip);

float __ocml_modf_f32(float x, OCML_PRIVATE float *ip)
{
	float i = __builtin_truncf(x);

	*ip = i;
	/* x - i is +0 for integral x, and NaN for ±inf: fix the sign/inf. */
	return __builtin_copysignf(isinf_f32(x) ? 0.0f : x - i, x);
}

double __ocml_modf_f64(double x, OCML_PRIVATE double *ip)
{
	double i = __builtin_trunc(x);

	*ip = i;
	return __builtin_copysign(isinf_f64(x) ? 0.0 : x - i, x);
}
