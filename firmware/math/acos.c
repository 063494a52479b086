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

/*
 * f32 branch-free, as asin: t = asin x (|x| <= 1/2) or asin s (above),
 * then acos = c + k t with (c, k) = (pi/2, -1), (0, 2) for x > 1/2 and
 * (pi, -2) for x < -1/2; one rounding of a result >= pi/6 or of 2t.
 */
float __ocml_acos_f32(float xf)
{
	double x = (double)xf, ax = __builtin_fabs(x);
	int big = ax > 0.5;
	double z = __builtin_fma(-0.5, ax, 0.5);
	double sq = asin_sqrt_f32(z);
	double u = big ? z : x * x, s = big ? sq : x;
	double t = __builtin_fma(s * u, asin_poly_f32(u), s);
	double k = big ? (x < 0.0 ? -2.0 : 2.0) : -1.0;
	double c = big ? (x < 0.0 ? ASIN_PI_H : 0.0) : ASIN_PIO2_H;
	double v = __builtin_fma(k, t, c);

	return ax <= 1.0 ? (float)v : BH_NAN_F32;
}

/*
 * f64 branch-free as well: the three formulas on one polynomial value,
 * each lane selecting its own (the same arithmetic as separate
 * branches, so the same results; the sums against pi/2 and pi are
 * Fast2Sums, exact as the two-sums were: |x|, 2 sh <= 1).
 */
double __ocml_acos_f64(double x)
{
	double ax = __builtin_fabs(x);
	int big = ax > 0.5;
	double z = __builtin_fma(-0.5, ax, 0.5), sl;
	double sh = asin_sqrt_f64(z, &sl);
	double u = big ? z : x * x, p = asin_poly_f64(u);
	/* |x| <= 1/2: pi/2 - asin x */
	double e, h = fast_two_sum(ASIN_PIO2_H, -x, &e);
	double small = h + (__builtin_fma(-x * u, p, ASIN_PIO2_L) + e);
	/* above: 2 asin(s) = 2 sh + (2 sl + 2 sh z A(z)), or pi minus that */
	double t = 2.0 * __builtin_fma(sh * z, p, sl);
	double pos = __builtin_fma(2.0, sh, t);
	double en, hn = fast_two_sum(ASIN_PI_H, -2.0 * sh, &en);
	double neg = hn + ((ASIN_PI_L - t) + en);
	double v = big ? (x > 0.0 ? pos : neg) : small;

	return ax <= 1.0 ? v : BH_NAN_F64;
}
