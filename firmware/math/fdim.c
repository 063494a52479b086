/* SPDX-License-Identifier: MIT */
/* fdim: x - y when x > y, else +0; NaN if either is NaN.  One rounding. */
#include "ocml.h"

OCML_EXPORT OCML_CONST float __ocml_fdim_f32(float x, float y);
OCML_EXPORT OCML_CONST double __ocml_fdim_f64(double x, double y);

float __ocml_fdim_f32(float x, float y)
{
	if (isnan_f32(x) || isnan_f32(y))
		return x + y;
	return x > y ? x - y : 0.0f;
}

double __ocml_fdim_f64(double x, double y)
{
	if (isnan_f64(x) || isnan_f64(y))
		return x + y;
	return x > y ? x - y : 0.0;
}
