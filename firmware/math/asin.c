/* SPDX-License-Identifier: MIT */
/*
 * asin: odd, asin(±0) = ±0, NaN for |x| > 1.  |x| <= 1/2: x + x^3 A(x^2);
 * above: pi/2 - 2 (s + s z A(z)), s = sqrt((1 - |x|)/2) (asin.h).  f32
 * computes in double (2^-35 relative, then one rounding: 0.5 ulp +
 * 2^-11); f64 keeps pi/2 - 2s as an exact two-sum and s as a
 * double-double, about 0.6 ulp (bound 2 for both).
 * Measured on the gfx90a model over 10^5 random and the hard inputs
 * (tests/math/atrig.hip): asinf 1 ulp, asin 1 ulp.
 */
#include "asin.h"

OCML_EXPORT __attribute__((const)) float __ocml_asin_f32(float x);
OCML_EXPORT __attribute__((const)) double __ocml_asin_f64(double x);

float __ocml_asin_f32(float xf)
{
	double x = (double)xf, ax = __builtin_fabs(x);

	if (!(ax <= 1.0))
		return BH_NAN_F32;	/* |x| > 1 or NaN */
	if (ax <= 0.5) {
		double u = x * x;

		return (float)__builtin_fma(x * u, asin_poly_f32(u), x);
	}
	double z = __builtin_fma(-0.5, ax, 0.5);
	double s = asin_sqrt_f32(z);
	/* asin(s) = s (1 + z A(z)) since s^2 = z */
	double v = __builtin_fma(-2.0 * s, __builtin_fma(z, asin_poly_f32(z), 1.0), ASIN_PIO2_H);

	return (float)__builtin_copysign(v, x);
}

double __ocml_asin_f64(double x)
{
	double ax = __builtin_fabs(x);

	if (!(ax <= 1.0))
		return BH_NAN_F64;
	if (ax <= 0.5) {
		double u = x * x;

		return __builtin_fma(x * u, asin_poly_f64(u), x);
	}
	double z = __builtin_fma(-0.5, ax, 0.5), sl;
	double sh = asin_sqrt_f64(z, &sl);
	double e, h = trig_two_sum(ASIN_PIO2_H, -2.0 * sh, &e);
	double t = __builtin_fma(-2.0 * sh * z, asin_poly_f64(z), ASIN_PIO2_L);

	t = __builtin_fma(-2.0, sl, t) + e;
	return __builtin_copysign(h + t, x);
}
