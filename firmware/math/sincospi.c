/* SPDX-License-Identifier: MIT */
/*
 * sincospi: sinpi(x) returned, cospi(x) stored through the private
 * pointer, from one exact reduction (trigpi.h; sinpi.c and cospi.c give
 * the error bounds and the signs of zero).
 * Measured on the gfx90a model over 10^5 random and the hard inputs
 * (tests/math/trigpi.hip): 1 ulp for each output in both precisions.
 */
#include "trigpi.h"

OCML_EXPORT float __ocml_sincospi_f32(float x, OCML_PRIVATE float *cp);
OCML_EXPORT double __ocml_sincospi_f64(double x, OCML_PRIVATE double *cp);

float __ocml_sincospi_f32(float x, OCML_PRIVATE float *cp)
{
	int q;
	double s, c, f = trigpi_reduce_f32(x, &q);

	trigpi_kernel_f32(f, &s, &c);
	*cp = (float)trig_pick_cos(s, c, q) + 0.0f;
	float v = (float)trig_pick_sin(s, c, q);

	return v == 0.0f ? __builtin_copysignf(0.0f, x) : v;
}

double __ocml_sincospi_f64(double x, OCML_PRIVATE double *cp)
{
	int q;
	double f = trigpi_reduce_f64(x, &q);
	double s, c;

	trigpi_kernel_f64(f, &s, &c);

	*cp = trig_pick_cos(s, c, q) + 0.0;
	double v = trig_pick_sin(s, c, q);

	return trigpi_zero_sign_f64(v, x);
}
