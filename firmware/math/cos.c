/* SPDX-License-Identifier: MIT */
/*
 * cos: even, cos(±0) = 1, cos(±inf) = NaN.  The reduction and kernels
 * of sin (trigred.h, trig.h), the quadrant shifted by one.  f32 within
 * 0.5 ulp + 2^-9 ulp, f64 within about 0.6 ulp (bound 2 for both).
 * Measured on the gfx90a model over 10^5 random and the hard inputs
 * (tests/math/trig.hip): cosf 1 ulp, cos 1 ulp.
 */
#include "trig.h"

OCML_EXPORT float __ocml_cos_f32(float x);
OCML_EXPORT double __ocml_cos_f64(double x);

float __ocml_cos_f32(float x)
{
	if (!__builtin_isfinite(x))
		return x - x;
	int q;
	double s, c, r = trigred_f32(x, &q);

	trig_sincos_kernel_f32(r, &s, &c);
	return (float)trig_pick_cos(s, c, q);
}

double __ocml_cos_f64(double x)
{
	if (!__builtin_isfinite(x))
		return x - x;
	struct trig_red red = trigred_f64(x);
	struct trig_sc k = trig_sincos_kernel_f64(red.hi, red.lo);

	return trig_pick_cos(k.sh, k.ch, red.q);
}
