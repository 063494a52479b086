/* SPDX-License-Identifier: MIT */
/*
 * fdim: x - y when x > y, else +0; NaN if either is NaN.  One rounding.
 * !(x <= y) is true for x > y and for any NaN, where x - y is NaN: one
 * compare and one select, no separate NaN test.
 */
#include "ocml.h"

OCML_EXPORT OCML_CONST float __ocml_fdim_f32(float x, float y);
OCML_EXPORT OCML_CONST double __ocml_fdim_f64(double x, double y);

float __ocml_fdim_f32(float x, float y)
{
	return !(x <= y) ? x - y : 0.0f;
}

double __ocml_fdim_f64(double x, double y)
{
	return !(x <= y) ? x - y : 0.0;
}
