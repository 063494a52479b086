/* SPDX-License-Identifier: MIT */
/*
 * sincos: sin(x) returned, cos(x) stored through the private pointer,
 * from one reduction and one pair of kernels (sin.c, cos.c say why they
 * are within 0.6 ulp).
 * Measured on the gfx90a model over 10^5 random and the hard inputs
 * (tests/math/trig.hip): 1 ulp for each output in both precisions.
 */
#include "trig.h"

OCML_EXPORT float __ocml_sincos_f32(float x, OCML_PRIVATE float *cp);
OCML_EXPORT double __ocml_sincos_f64(double x, OCML_PRIVATE double *cp);

float __ocml_sincos_f32(float x, OCML_PRIVATE float *cp)
{
	if (!__builtin_isfinite(x)) {
		*cp = x - x;
		return x - x;
	}
	int q;
	double s, c, r = trigred_f32(x, &q);

	trig_sincos_kernel_f32(r, &s, &c);
	*cp = (float)trig_pick_cos(s, c, q);
	float v = (float)trig_pick_sin(s, c, q);

	return x == 0.0f ? x : v;
}

double __ocml_sincos_f64(double x, OCML_PRIVATE double *cp)
{
	if (!__builtin_isfinite(x)) {
		*cp = x - x;
		return x - x;
	}
	struct trig_red red = trigred_f64(x);
	struct trig_sc k = trig_sincos_kernel_f64(red.hi, red.lo);

	*cp = trig_pick_cos(k.sh, k.ch, red.q);
	double v = trig_pick_sin(k.sh, k.ch, red.q);

	return __builtin_fabs(x) < 0x1p-26 ? x : v;	/* sin, tan x = x there */
}
