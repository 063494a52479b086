/* SPDX-License-Identifier: MIT */
/*
 * cospi(x) = cos(pi x), exactly reduced (trigpi.h).  f32 in double:
 * within 0.5 ulp + 2^-9 ulp (bound 1); f64 within about 0.85 ulp (bound 2).
 * Half-integers give +0 (adding +0 turns -0 into +0 and nothing else).
 * Measured on the gfx90a model over 10^5 random and the hard inputs
 * (tests/math/trigpi.hip): cospif 1 ulp, cospi 1 ulp.
 */
#include "trigpi.h"

OCML_EXPORT float __ocml_cospi_f32(float x);
OCML_EXPORT double __ocml_cospi_f64(double x);

float __ocml_cospi_f32(float x)
{
	int q;
	double s, c, f = trigpi_reduce_f32(x, &q);

	trigpi_kernel_f32(f, &s, &c);
	return (float)trig_pick_cos(s, c, q) + 0.0f;
}

double __ocml_cospi_f64(double x)
{
	int q;
	double f = trigpi_reduce_f64(x, &q);
	double s, c;

	trigpi_kernel_f64(f, &s, &c);

	return trig_pick_cos(s, c, q) + 0.0;
}
