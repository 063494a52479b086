/* SPDX-License-Identifier: MIT */
/*
 * Kernels of lgamma and tgamma, in double; `p64` picks the f64 or the
 * f32 polynomial set (sf_gamma_coef.h), a constant at every call.
 *
 * lgamma(x), x > 0:
 *  - x >= 8: Stirling, (x - 1/2) log x - x + log(2 pi)/2 + S(1/x^2)/x,
 *    with log x and the product in double-double, S a minimax fit of
 *    the summed series;
 *  - 2.5 <= x < 8: lgamma(2 + a) + log((x-1)...(x-n)), a = x - 2 - n in
 *    [-1/2, 1/2]: the factors x - j are exact, their product a
 *    double-double;
 *  - near the zeros 1 and 2, polynomials in t = x - 1 and x - 2 with the
 *    factor t pulled out, so the result keeps its relative accuracy as
 *    it goes to 0: lgamma(1 + t) = t P1(t), t in [-1/4, 1/2];
 *    lgamma(2 + t) = t P2(t), t in [-1/2, 1/2];
 *  - x < 3/4: lgamma(x) = lgamma(1 + x) - log x by the same polynomials
 *    (P1 at x, or P2 at x - 1), never forming 1 + x.
 * Gamma(x) (tgamma):
 *  - -8 < x < 8: Gamma(1 + a) = 1/Q(a) for a in [-1/2, 1/2] (1/Gamma is
 *    entire, so Q converges fast), times or divided by the factors that
 *    step from 1 + a to x, all exact (x - j, or x + j for x < 0), their
 *    product a double-double: poles are approached with full relative
 *    accuracy;
 *  - x >= 8: exp of Stirling's sum in double-double;
 *  - x <= -8: reflection, Gamma(x) = -pi / (x sinpi(x) Gamma(-x)).
 * Results near overflow and underflow are scaled once at the end.
 */
#ifndef BH_MATH_SF_GAMMA_H
#define BH_MATH_SF_GAMMA_H

#include "sf.h"
#include "sf_gamma_coef.h"

#define SF_HALF_LOG_2PI_HI 0x1.d67f1c864beb5p-1	/* log(2 pi)/2 */
#define SF_HALF_LOG_2PI_LO -0x1.65b5a1b7ff5dfp-55
#define SF_LOG_PI_HI 0x1.250d048e7a1bdp0		/* log(pi) */
#define SF_LOG_PI_LO 0x1.7abf2ad8d5088p-57
#define SF_PI_HI 0x1.921fb54442d18p1
#define SF_PI_LO 0x1.1a62633145c07p-53

/*
 * (x - 1/2) log x - x + log(2 pi)/2 + S(1/x^2)/x = hi + *lo for
 * 8 <= x <= 2^1020 (the caller clamps), to about 2^-100 relative: the
 * exponent of Gamma (tgamma) and lgamma itself.  Written as (x - 1/2)
 * (log x - 1) + (log(2 pi)/2 - 1/2) + S/x: log x - 1 is exact (log x >=
 * 2), and the main product overflows only where the result does (a NaN
 * then, which the caller turns into +inf).  x - 1/2 is exact below 2^52
 * and harmless above (the term it drops is log(x)/2 against x log x).
 */
static inline double sf_stirling(double x, double *lo, int p64)
{
	double ll, lh = sf_log(x, &ll, p64);
	double y = x - 0.5;
	double pl, ph = sf_two_prod(y, lh - 1.0, &pl);
	double rx = sf_rcp(x), z = rx * rx;
	double s = p64 ? SF_POLY(sf_stirling_64, z) : SF_POLY(sf_stirling_32, z);
	double el, eh = sf_two_sum(ph, SF_HALF_LOG_2PI_HI - 0.5, &el);

	pl = __builtin_fma(y, ll, pl) + (SF_HALF_LOG_2PI_LO + __builtin_fma(s, rx, el));
	return sf_fast_two_sum(eh, pl, lo);
}

/* lgamma(1 + t) for t in [-1/4, 1/2], lgamma(2 + t) for t in [-1/2, 1/2]. */
static inline double sf_lg1(double t, int p64)
{
	/* + 0: lgamma(1) is +0, and t P1(t) would be -0 (P1(0) < 0). */
	return t * (p64 ? SF_POLY(sf_lg1_64, t) : SF_POLY(sf_lg1_32, t)) + 0.0;
}

static inline double sf_lg2(double t, int p64)
{
	return t * (p64 ? SF_POLY(sf_lg2_64, t) : SF_POLY(sf_lg2_32, t));
}

/*
 * lgamma(x) for finite x > 0 (denormals too); +inf where it overflows
 * (x > 2.55e305).  About 1 ulp for the f64 set: each branch adds
 * terms of one sign or of well-separated size, with the logarithm in
 * double-double.
 */
static inline double sf_lgamma_pos(double x, int p64)
{
	double lo, hi;

	if (x >= 8.0) {
		hi = sf_stirling(__builtin_fmin(x, 0x1p1020), &lo, p64);
		double r = hi + lo;

		return isnan_f64(r) ? BH_INF_F64 : r;
	}
	if (x >= 2.5) {
		/* x = 2 + a + n, n >= 1; the factors x - j are exact. */
		double n = __builtin_floor(x - 1.5), a = (x - 2.0) - n;
		double pl = 0.0, ph = x - 1.0;

		for (double j = 2.0; j <= n; j += 1.0)
			ph = sf_dd_mul_d(ph, pl, x - j, &pl);
		hi = sf_log(ph, &lo, p64);
		return hi + (sf_lg2(a, p64) + (lo + pl * sf_rcp(ph)));
	}
	if (x >= 1.5)
		return sf_lg2(x - 2.0, p64);
	if (x >= 0.75)
		return sf_lg1(x - 1.0, p64);
	/* lgamma(1 + x) - log x */
	hi = sf_log(x, &lo, p64);
	double g = x >= 0.5 ? sf_lg2(x - 1.0, p64) : sf_lg1(x, p64);

	return (g - lo) - hi;
}

/*
 * lgamma(x) for finite x < 0 from lp = lgamma(-x): log(pi / |x sinpi(x)|)
 * - lp, the product |x sinpi(x)| as a double-double and its logarithm as
 * one, so the first term is good to about 2^-100 absolutely; +inf at the
 * poles.  Near the negative zeros of lgamma (between -2 and -23) the two
 * terms cancel, leaving a few ulps of their size absolutely.  Tiny |x|
 * (below 2^-58, where gamma |x| is below 2^-54 log |x|): -log |x|.  The
 * caller computes lp for every lane with sf_lgamma_pos, so a wave of
 * mixed signs runs that once.
 */
static inline double sf_lgamma_neg(double x, double lp, int p64)
{
	double ax = -x, lo, hi;

	if (ax < 0x1p-58) {
		hi = sf_log(ax, &lo, p64);
		return -hi;
	}
	double s = __builtin_fabs(sf_sinpi(x, p64));
	double dl, dh = sf_two_prod(ax, s, &dl);

	hi = sf_log(dh, &lo, p64);
	lo += dl * sf_rcp(dh);
	double r = (SF_LOG_PI_HI - hi) + ((SF_LOG_PI_LO - lo) - lp);

	return s == 0.0 ? BH_INF_F64 : r;
}

/*
 * Gamma(x) for -8 < x < 8, x not a pole: with n = rint(x) and a = x - n
 * in [-1/2, 1/2] (exact), Gamma(x) = Gamma(1 + a) (x-1)(x-2)...(1+a) for
 * n >= 1, and Gamma(1 + a) / (x (x+1) ... a) for n <= 0.  Gamma(1 + a) =
 * 1/Q(a), Q within 2^-58 (f64 set).  One correction step makes the
 * quotient good to half an ulp more: about 1.5 ulp in all.
 */
static inline double sf_tgamma_mid(double x, int p64)
{
	double n = __builtin_rint(x), m = n - 1.0, a = x - n;
	double q = p64 ? SF_POLY(sf_rgamma_64, a) : SF_POLY(sf_rgamma_32, a);
	double pl = 0.0, ph = 1.0;

	if (m >= 0.0) {
		for (double j = 1.0; j <= m; j += 1.0)
			ph = sf_dd_mul_d(ph, pl, x - j, &pl);
		/* (ph + pl) / q */
		double rq = sf_rcp(q), r = ph * rq;

		return __builtin_fma(__builtin_fma(-r, q, ph) + pl, rq, r);
	}
	for (double j = 0.0; j <= -n; j += 1.0)
		ph = sf_dd_mul_d(ph, pl, x + j, &pl);
	/* 1 / (q (ph + pl)) */
	double dl, dh = sf_dd_mul_d(ph, pl, q, &dl);
	double rd = sf_rcp(dh);

	return __builtin_fma(__builtin_fma(-rd, dh, 1.0) - rd * dl, rd, rd);
}

/*
 * Gamma(x) = mant * 2^k for 8 <= x (clamped to 200 by the caller; the
 * result overflows from 171.63 on): exp of Stirling's sum, which is a
 * double-double, so the exponential (about 0.6 ulp) is all the error.
 */
static inline double sf_tgamma_big(double x, int *k, int p64)
{
	double lo, hi = sf_stirling(x, &lo, p64);

	return sf_exp(hi, lo, k, p64);
}

#endif /* BH_MATH_SF_GAMMA_H */
