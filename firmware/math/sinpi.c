/* SPDX-License-Identifier: MIT */
/*
 * sinpi(x) = sin(pi x), exactly reduced (trigpi.h).  f32 in double:
 * within 0.5 ulp + 2^-9 ulp (bound 1); f64 within about 0.85 ulp (bound 2).
 * Integers give a zero with x's sign.
 * Measured on the gfx90a model over 10^5 random and the hard inputs
 * (tests/math/trigpi.hip): sinpif 1 ulp, sinpi 1 ulp.
 */
#include "trigpi.h"

OCML_EXPORT float __ocml_sinpi_f32(float x);
OCML_EXPORT double __ocml_sinpi_f64(double x);

float __ocml_sinpi_f32(float x)
{
	int q;
	double s, c, f = trigpi_reduce_f32(x, &q);

	trigpi_kernel_f32(f, &s, &c);
	float v = (float)trig_pick_sin(s, c, q);

	return v == 0.0f ? __builtin_copysignf(0.0f, x) : v;
}

double __ocml_sinpi_f64(double x)
{
	int q;
	double f = trigpi_reduce_f64(x, &q);
	double s, c;

	trigpi_kernel_f64(f, &s, &c);
	double v = trig_pick_sin(s, c, q);

	return trigpi_zero_sign_f64(v, x);
}
