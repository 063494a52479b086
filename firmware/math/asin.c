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

/*
 * f32 branch-free (a wave mixing both halves would run both): one
 * polynomial on u = x^2 (small) or z (big), t = s + s u A(u) with s = x
 * or sqrt(z) (computed for every lane; z is in [0, 1/2] for any |x| <= 1),
 * so t is asin x (small) or asin s, and pi/2 - 2t rounds by 2^-53 of a
 * result >= pi/6.
 */
float __ocml_asin_f32(float xf)
{
	double x = (double)xf, ax = __builtin_fabs(x);
	int big = ax > 0.5;
	double z = __builtin_fma(-0.5, ax, 0.5);
	double sq = asin_sqrt_f32(z);
	double u = big ? z : x * x, s = big ? sq : x;
	double t = __builtin_fma(s * u, asin_poly_f32(u), s);
	double v = __builtin_copysign(big ? __builtin_fma(-2.0, t, ASIN_PIO2_H) : t, x);

	return ax <= 1.0 ? (float)v : BH_NAN_F32;	/* |x| > 1 or NaN */
}

/*
 * f64 branch-free as well: both halves' formulas on one polynomial
 * value, each lane selecting its own (the same arithmetic as separate
 * branches, so the same results; the sum against pi/2 is a Fast2Sum,
 * exact as the two-sum was: 2 sh <= 1).
 */
double __ocml_asin_f64(double x)
{
	double ax = __builtin_fabs(x);
	int big = ax > 0.5;
	double z = __builtin_fma(-0.5, ax, 0.5), sl;
	double sh = asin_sqrt_f64(z, &sl);
	double u = big ? z : x * x, p = asin_poly_f64(u);
	/* |x| <= 1/2 */
	double small = __builtin_fma(x * u, p, x);
	/* above: pi/2 - 2 (sh + sl + sh z A(z)) */
	double e, h = fast_two_sum(ASIN_PIO2_H, -2.0 * sh, &e);
	double t = __builtin_fma(-2.0 * sh * z, p, ASIN_PIO2_L);

	t = __builtin_fma(-2.0, sl, t) + e;
	double v = big ? __builtin_copysign(h + t, x) : small;

	return ax <= 1.0 ? v : BH_NAN_F64;	/* |x| > 1 or NaN */
}
