/* SPDX-License-Identifier: MIT */
/*
 * Kernels of the error-function family (erf, erfc, erfcx, ncdf and
 * their inverses), in double; `p64` picks the f64 or the f32 polynomial
 * set (sf_erf_coef.h), a constant at every call.
 *
 * The pieces:
 *  - erf(x) = x + x R(x^2) for |x| <= 1 (a single rounding at the end);
 *  - erfcx(x) = exp(x^2) erfc(x) for x >= 0 from Shepherd and
 *    Laframboise's variable t = (x - 3)/(x + 3) in [-1, 1): (1 + 2x)
 *    erfcx(x) is smooth and within [1, 2/sqrt(pi)] on all of [0, inf),
 *    one polynomial in t covers it;
 *  - erfc(x) = exp(-x^2) erfcx(x), the square split exactly (x^2 =
 *    h + l) so exp sees the whole argument: exp(-x^2) is ill-conditioned
 *    in x^2 (an error d in the argument is an error d relative), and
 *    x^2 is up to 745;
 *  - erfcinv(q) for q <= 1/2 from a guess in t = 1/sqrt(-log q) and one
 *    Halley (f64) or Newton (f32) step on log(erfc(y)) = log(q), which is
 *    nearly linear in y^2 (its curvature is about 1/y), so the step keeps
 *    its order at every y up to 27.3 (q = 2^-1074).
 */
#ifndef BH_MATH_SF_ERF_H
#define BH_MATH_SF_ERF_H

#include "sf.h"
#include "sf_erf_coef.h"

#define SF_2_SQRTPI 0x1.20dd750429b6dp0		/* 2/sqrt(pi) */
#define SF_1_SQRTPI 0x1.20dd750429b6dp-1	/* 1/sqrt(pi) */
#define SF_SQRTPI_2 0x1.c5bf891b4ef6bp-1	/* sqrt(pi)/2 */

/* erf(x) for |x| <= 1: x + x R(x^2), R within 2^-56.3 of erf(x)/x - 1. */
static inline double sf_erf_small(double x, int p64)
{
	double z = x * x;
	double r = p64 ? SF_POLY(sf_erf_r64, z) : SF_POLY(sf_erf_r32, z);

	return __builtin_fma(x, r, x);
}

/*
 * erfcx(x) for finite x >= 0.  F(t) is within 2^-54.4 (f64 set); t is
 * formed to about half an ulp (numerator and denominator split exactly,
 * one correction), which moves F by less than 2^-54 (|F'| <= 1.31, and
 * <= 0.6 from x = 1/3 on).  F = c0 + t G(t) goes into the division as a
 * double-double (F's own rounding would cost up to 1.7 ulp of erfcx,
 * whose mantissa can be near 2 where F's is near 1.1), 1 + 2x is split
 * exactly, and the quotient corrected once: about 1 ulp in all.  Near
 * t = -1 (x -> 0) Horner's
 * roundings are not damped by powers of t, and erfcx < 1 has half F's
 * ulp, so the f64 path takes x < 1/2 another way: exp(x^2) (1 - erf(x))
 * with one rounding in the last step (about 1.5 ulp; the cancellation
 * is at most a factor 2.1).  Beyond 2^27 erfcx(x) = 1/(sqrt(pi) x) to
 * within 2^-55 (the next term is -1/(2x^2)); that quotient is scaled by
 * 2^-600 to keep 1/x out of the denormals before the last step.
 */
static inline double sf_erfcx_pos(double x, int p64)
{
	if (p64 && x < 0.5) {
		double sl, sh = sf_two_prod(x, x, &sl);
		int k;
		double e = sf_exp(sh, sl, &k, p64);

		e = ldexp_f64(e, k);
		return __builtin_fma(-e, sf_erf_small(x, p64), e);
	}
	double nl, nh = sf_two_sum(x, -3.0, &nl);
	double dl, dh = sf_two_sum(x, 3.0, &dl);
	double rt = sf_rcp(dh), t = nh * rt;

	t = __builtin_fma(__builtin_fma(-t, dh, nh) + (nl - t * dl), rt, t);
	/* F = c0 + t G(t), kept as fh + fl into the division. */
	double g = p64 ? sf_horner(sf_erfcx_f64 + 1, SF_N(sf_erfcx_f64) - 1, t) :
			 sf_horner(sf_erfcx_f32 + 1, SF_N(sf_erfcx_f32) - 1, t);
	double c0 = p64 ? sf_erfcx_f64[0] : sf_erfcx_f32[0];
	double pe, p = sf_two_prod(t, g, &pe);
	double fl, fh = sf_two_sum(c0, p, &fl);
	double d = sf_two_sum(1.0, x + x, &dl);
	double rd = sf_rcp(d), q = fh * rd;

	fl += pe;
	q = __builtin_fma(__builtin_fma(-q, d, fh) + (fl - q * dl), rd, q);
	if (x > 0x1p27) {
		double xs = ldexp_f64(x, -600), r = sf_rcp(xs);

		q = SF_1_SQRTPI * r;
		q = __builtin_fma(__builtin_fma(-q, xs, SF_1_SQRTPI), r, q);
		q = ldexp_f64(q, -600);
	}
	return q;
}

/*
 * erfc(xh + xl) = m 2^k for xh >= 1/2 (erfcx at xh; |xl| <= 2^-50 xh
 * moves erfcx by far less than an ulp), exp(-(xh + xl)^2) with the square
 * as a double-double.  The caller scales: ldexp(m, k).  xh <= 28.
 */
static inline double sf_erfc_pos(double xh, double xl, int *k, int p64)
{
	double sl, sh = sf_two_prod(xh, xh, &sl);

	sl = __builtin_fma(2.0 * xh, xl, sl);
	double m = sf_exp(-sh, -sl, k, p64);

	return m * sf_erfcx_pos(xh, p64);
}

/*
 * erfc(x + xl) 2^scale (scale 0 or -1) for finite x, any sign, as a
 * double (denormal results rounded once).  |x| < 1/2: 1 - erf(x);
 * x >= 1/2: the erfcx path; x <= -1/2: 2 - erfc(-x).  Beyond 28 erfc is
 * below 2^-1075: 0.
 */
static inline double sf_erfc(double x, double xl, int scale, int p64)
{
	double ax = __builtin_fabs(x);

	if (ax < 0.5)
		return ldexp_f64(1.0 - sf_erf_small(x + xl, p64), scale);
	int k;
	double m = sf_erfc_pos(__builtin_fmin(ax, 28.0), x < 0.0 ? -xl : xl, &k, p64);

	if (x < 0.0)
		return ldexp_f64(2.0 - ldexp_f64(m, k), scale);
	return ldexp_f64(m, k + scale);
}

/*
 * erfcinv(q) for 0 < q <= 0.4 (y >= 0.595).  Guess y0 = G(t)/t, t =
 * 1/sqrt(w), w = -log q (G within 2^-20.4 relative, f64 set; 2^-18.7 for
 * the f32 set, whose q >= 2^-149).  Then f(y) = log(erfc(y)/q) with
 * erfc(y0)/q = 1 + d, f = log1p(d) (d about 2 y^2 (y0/y - 1)), f' =
 * -D, D = 2/(sqrt(pi) erfcx(y)), f''/(2f') = (D - 2y)/2 ~ 1/(2y):
 * Newton's step n = f/D, Halley's n (1 - n (D - 2y)/2) to first order
 * (the dropped term is n^3, below 2^-57 y).  erfc(y0)/q: exp's scale 2^k
 * moves into q (exact: q 2^-k is near m erfcx(y0), far from overflow),
 * so d comes from one FMA.  The error of erfc(y0) (about 2 ulp) passes
 * into y scaled by (sqrt(pi)/2) erfcx(y)/y, at most 0.75 from q = 0.4 on
 * (1.1 at q = 1/2, why the polynomial of erfinv goes to 0.6).
 */
static inline double sf_erfcinv_tail(double q, int p64)
{
	double wl, w = -sf_log(q, &wl, p64);
	double t = __builtin_amdgcn_rsq(w), s = w * t;
	double g = p64 ? SF_POLY(sf_erfcinv_g64, t) : SF_POLY(sf_erfcinv_g32, t);
	double y = g * s;
	double e = sf_erfcx_pos(y, p64);
	double sl, sh = sf_two_prod(y, y, &sl);
	int k;
	double m = sf_exp(-sh, -sl, &k, p64);
	double qs = ldexp_f64(q, -k);
	double d = __builtin_fma(m, e, -qs) * sf_rcp(qs);
	/* log1p(d): |d| <= 2 y^2 |y0/y - 1| < 0.002, so six terms leave
	 * d^7/7 < 2^-65, which moves y by that over 2y^2. */
	static const double l1p[] = { 1.0, -1.0 / 2, 1.0 / 3, -1.0 / 4, 1.0 / 5, -1.0 / 6 };
	double f = d * SF_POLY(l1p, d);
	double n = SF_SQRTPI_2 * e * f;

	if (p64) {
		double dd = SF_2_SQRTPI * sf_rcp(e) - 2.0 * y;

		n = __builtin_fma(-n, 0.5 * n * dd, n);
	}
	return y + n;
}

#endif /* BH_MATH_SF_ERF_H */
