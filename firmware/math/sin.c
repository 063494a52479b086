/* SPDX-License-Identifier: MIT */
/*
 * sin: odd, sin(±0) = ±0, sin(±inf) = NaN.  Exact reduction to
 * r in [-pi/4, pi/4] (trigred.h: Payne-Hanek with v_trig_preop_f64, one
 * branch-free path for all x), then the kernel of the quadrant (trig.h).
 * f32 computes in double: the reduction's r is good to 2^-50 relative,
 * the kernels to 2^-33, so the one rounding to f32 is within 0.5 ulp +
 * 2^-9 ulp.  f64 is within about 0.6 ulp (bound 2 for both).
 * Measured on the gfx90a model over 10^5 random and the hard inputs
 * (tests/math/trig.hip): sinf 1 ulp, sin 1 ulp.
 */
#include "trig.h"

OCML_EXPORT float __ocml_sin_f32(float x);
OCML_EXPORT double __ocml_sin_f64(double x);

float __ocml_sin_f32(float x)
{
	if (!__builtin_isfinite(x))
		return x - x;		/* NaN, also for ±inf */
	int q;
	double s, c, r = trigred_f32(x, &q);

	trig_sincos_kernel_f32(r, &s, &c);
	float v = (float)trig_pick_sin(s, c, q);

	return x == 0.0f ? x : v;	/* the reduction loses -0's sign */
}

double __ocml_sin_f64(double x)
{
	if (!__builtin_isfinite(x))
		return x - x;
	struct trig_red red = trigred_f64(x);
	struct trig_sc k = trig_sincos_kernel_f64(red.hi, red.lo);
	double v = trig_pick_sin(k.sh, k.ch, red.q);

	return __builtin_fabs(x) < 0x1p-26 ? x : v;	/* sin, tan x = x there */
}
