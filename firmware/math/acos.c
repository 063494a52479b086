/* SPDX-License-Identifier: MIT */
/*
 * acos: acos(1) = +0, acos(-1) = pi, NaN for |x| > 1.  |x| <= 1/2:
 * pi/2 - asin x; x > 1/2: 2 asin(s); x < -1/2: pi - 2 asin(s), with
 * s = sqrt((1 - |x|)/2) (asin.h).  f32 in double (0.5 ulp + 2^-11);
 * f64 with exact two-sums against pi/2 and pi and s as a double-double,
 * about 0.6 ulp (bound 2 for both).
 * Measured on the gfx90a model over 10^5 random and the hard inputs
 * (tests/math/atrig.hip): acosf 1 ulp, acos 1 ulp.
 */
#include "asin.h"

OCML_EXPORT __attribute__((const)) float __ocml_acos_f32(float x);
OCML_EXPORT __attribute__((const)) double __ocml_acos_f64(double x);

float __ocml_acos_f32(float xf)
{
	double x = (double)xf, ax = __builtin_fabs(x);

	if (!(ax <= 1.0))
		return BH_NAN_F32;
	if (ax <= 0.5) {
		double u = x * x;

		return (float)(ASIN_PIO2_H - __builtin_fma(x * u, asin_poly_f32(u), x));
	}
	double z = __builtin_fma(-0.5, ax, 0.5);
	double s = asin_sqrt_f32(z);
	double a = 2.0 * __builtin_fma(s * z, asin_poly_f32(z), s);	/* 2 asin(s) */

	return (float)(x < 0.0 ? ASIN_PI_H - a : a);
}

double __ocml_acos_f64(double x)
{
	double ax = __builtin_fabs(x);

	if (!(ax <= 1.0))
		return BH_NAN_F64;
	if (ax <= 0.5) {
		double u = x * x, e;
		double h = trig_two_sum(ASIN_PIO2_H, -x, &e);

		return h + (__builtin_fma(-x * u, asin_poly_f64(u), ASIN_PIO2_L) + e);
	}
	double z = __builtin_fma(-0.5, ax, 0.5), sl;
	double sh = asin_sqrt_f64(z, &sl);
	/* 2 asin(s) = 2 sh + (2 sl + 2 sh z A(z)) */
	double t = 2.0 * __builtin_fma(sh * z, asin_poly_f64(z), sl);

	if (x > 0.0)
		return __builtin_fma(2.0, sh, t);
	double e, h = trig_two_sum(ASIN_PI_H, -2.0 * sh, &e);

	return h + ((ASIN_PI_L - t) + e);
}
