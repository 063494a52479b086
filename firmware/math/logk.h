/* SPDX-License-Identifier: MIT */
/*
 * The logarithm kernels behind log, log2, log10, log1p, pow, pown,
 * asinh, acosh and atanh.
 *
 * Reduction: u = 2^e m with m in [sqrt(1/2), sqrt(2)) (v_frexp, exact,
 * denormals included), f = m - 1 (exact, Sterbenz), s = f / (2 + f), so
 * |s| <= 3 - 2 sqrt(2) = 0.1716 and
 *     log(m) = 2 atanh(s) = 2s + s^3 P(s^2),
 * P a minimax polynomial; no table.  log(u) = e ln2 + log(m); with
 * m >= sqrt(1/2) that sum never cancels by more than a factor 2, and
 * for e = 0 the result is relative to s, so it stays accurate near 1.
 *
 * Double (log_dd_f64): everything in double-double, because pow needs
 * y*log(x) to 2^-53 absolute with |y log x| up to 745, i.e. log(x) to
 * about 2^-63 relative.  s = sh + sl from the exact FMA residual of the
 * division; P's constant term is a double-double; s^3 and s^3 P keep
 * their FMA low parts.  P's error (2^-61.2, below) enters as s^3 dP,
 * below 2^-66 relative to log(m) ~ 2s; the double evaluation of z Q(z)
 * (2^-53 of |zQ| <= 0.012) likewise stays below 2^-65.  The hi + lo
 * result is within about 2^-64 relative (measured on 20000 inputs:
 * 2^-64.7, and 2^-65.0 with v_rcp_f64 made 2^-22 wrong on purpose).
 *
 * Float (log_lite): double throughout, P of degree 4 (2^-37.0, scaled
 * by s^2/2 <= 2^-6), s from one Newton step on v_rcp_f64 (2^-44):
 * within about 2^-42.5 relative, so the float result is within 0.5 ulp
 * + 2^-18 ulp.
 */
#ifndef BH_MATH_LOGK_H
#define BH_MATH_LOGK_H

#include "expk.h"

#define SQRT_HALF_F64 0x1.6a09e667f3bcdp-1

/* u = 2^e m, m in [sqrt(1/2), sqrt(2)), for finite u > 0. */
static inline double log_split(double u, int *e)
{
	double m = mant_f64(u);
	int k = exp_f64(u);
	int low = m < SQRT_HALF_F64;

	*e = low ? k - 1 : k;
	return low ? m + m : m;
}

/*
 * log(m) = hi + *lo with u = 2^e m (*e), for finite u > 0, about 2^-64
 * relative.  P(z) = (2 atanh(s) - 2s) / s^3, z = s^2 in [0, 0.02944],
 * minimax (scripts/math/explog_coeffs.py log_p64): degree 8, the
 * constant term as a double-double, max error 2^-61.21.
 */
static inline double log_m_dd_f64(double u, int *e, double *lo)
{
	double m = log_split(u, e);
	double f = m - 1.0;
	double dl, sl;
	double dh = fast_two_sum(2.0, f, &dl);
	double sh = dd_div(f, 0.0, dh, dl, &sl);

	double z = sh * sh, zl = __builtin_fma(sh, sh, -z);
	/* P's argument is s^2 = z + 2 sh sl: with z alone, an sh off by
	 * 2^-44 (a 2^-22 v_rcp) would cost 0.4 s^4 2^-44 = 2^-55.6 of log */
	double zp = __builtin_fma(sh + sh, sl, z);
	double q = __builtin_fma(zp, 0x1.e6bb407b03b6dp-4, 0x1.debd81ffe7649p-4);

	q = __builtin_fma(zp, q, 0x1.111d2f82a5666p-3);
	q = __builtin_fma(zp, q, 0x1.3b137affc1c9bp-3);
	q = __builtin_fma(zp, q, 0x1.745d17d40d659p-3);
	q = __builtin_fma(zp, q, 0x1.c71c71c64b27bp-3);
	q = __builtin_fma(zp, q, 0x1.2492492492964p-2);
	q = __builtin_fma(zp, q, 0x1.9999999999998p-2);
	/* P = c0 + z Q(z), c0 = 0x1.5555555555555p-1 + 0x1.5575f524793d5p-55 */
	double pl, ph = fast_two_sum(0x1.5555555555555p-1, zp * q, &pl);

	pl += 0x1.5575f524793d5p-55;
	/* s^3 = sh^3 + 3 sh^2 sl (sl^2 terms are below 2^-100) */
	double s3 = z * sh;
	double s3l = __builtin_fma(z, sh, -s3) + __builtin_fma(zl, sh, 3.0 * z * sl);
	/* T = s^3 P */
	double th = s3 * ph;
	double tl = __builtin_fma(s3, ph, -th) + __builtin_fma(s3, pl, s3l * ph);
	/* log(m) = 2s + T, |T| < |2s| / 50 */
	double rl, rh = fast_two_sum(2.0 * sh, th, &rl);

	*lo = rl + (tl + 2.0 * sl);
	return rh;
}

/* log(u) = hi + *lo for finite u > 0, about 2^-64 relative. */
static inline double log_dd_f64(double u, double *lo)
{
	int e;
	double rl, rh = log_m_dd_f64(u, &e, &rl);
	/* + e ln2, the product's error kept by the FMA */
	double de = (double)e;
	double eh = de * LN2_HI_F64;
	double el = __builtin_fma(de, LN2_HI_F64, -eh) + de * LN2_LO_F64;
	double hl, hi = fast_two_sum(eh, rh, &hl);

	*lo = hl + (rl + el);
	return hi;
}

/*
 * log(uh + ul) = hi + *lo for a double-double uh + ul > 0 with |ul| <=
 * ulp(uh): log(uh) + ul/uh (the next term, (ul/uh)^2 / 2, is below
 * 2^-105).  The quotient needs more than v_rcp's bits: near uh = 1
 * (acosh(1 + 2^-52), log1p(2^-21)) ul/uh is 2^-28 of the result.
 */
static inline double log_dd2_f64(double uh, double ul, double *lo)
{
	double hi = log_dd_f64(uh, lo);

	*lo += ul * rcp1_f64(uh);
	return hi;
}

/*
 * log(1 + ah + al) = hi + *lo for ah + al > -1: 1 + a as an exact
 * double-double (TwoSum), then log_dd2.
 */
static inline double log1p_dd_f64(double ah, double al, double *lo)
{
	double ul, uh = two_sum(1.0, ah, &ul);

	return log_dd2_f64(uh, ul + al, lo);
}

/*
 * log(m) for the float functions, u = 2^e m, finite u > 0: within about
 * 2^-42.5 relative.  P (log_p32): degree 4 on [0, 0.02944], max error
 * 2^-37.02.
 */
static inline double log_lite_m(double u, double *e)
{
	int k;
	double m = log_split(u, &k);
	double f = m - 1.0;
	double s = f * rcp1_f64(2.0 + f);
	double z = s * s;
	double p = __builtin_fma(z, 0x1.8c945ef701906p-3, 0x1.c67a5cf222e97p-3);

	p = __builtin_fma(z, p, 0x1.2493250b2f71fp-2);
	p = __builtin_fma(z, p, 0x1.999998c940b52p-2);
	p = __builtin_fma(z, p, 0x1.55555555651d8p-1);
	*e = (double)k;
	return __builtin_fma(s * z, p, s + s);
}

/* log(u) for the float functions (e ln2 + log(m), never cancelling by
 * more than a factor 2; LN2's rounding is 2^-53 of it). */
static inline double log_lite(double u)
{
	double e, lm = log_lite_m(u, &e);

	return __builtin_fma(e, LN2_HI_F64, lm);
}

/* log2(u) for the float functions: e + log(m)/ln2, exactly e for u =
 * 2^e (pow's exact powers of two rely on it). */
static inline double log2_lite(double u)
{
	double e, lm = log_lite_m(u, &e);

	return __builtin_fma(lm, LOG2E_F64, e);
}

/*
 * log(1 + a) for the float functions, a > -1: log(u) of u = 1 + a
 * rounded, plus the rounding error over u (which keeps tiny a exact, so
 * the quotient needs more than v_rcp's 2^-22).
 */
static inline double log1p_lite(double a)
{
	double u = 1.0 + a;

	return log_lite(u) + (a - (u - 1.0)) * rcp1_f64(u);
}

/* log, log2 and log10 of x given r, the kernel's value for finite
 * x > 0: -inf for ±0, NaN for x < 0 and NaN, +inf for +inf (with
 * finite-only math, only the zero and negative cases remain). */
static inline double log_special(double x, double r)
{
	r = !MATH_FINITE_ONLY && x == BH_INF_F64 ? x : r;
	r = x < 0.0 || (!MATH_FINITE_ONLY && isnan_f64(x)) ? BH_NAN_F64 : r;
	return x == 0.0 ? -BH_INF_F64 : r;
}

static inline float log_special_f32(float x, float r)
{
	r = !MATH_FINITE_ONLY && x == BH_INF_F32 ? x : r;
	r = x < 0.0f || (!MATH_FINITE_ONLY && isnan_f32(x)) ? BH_NAN_F32 : r;
	return x == 0.0f ? -BH_INF_F32 : r;
}

#endif /* BH_MATH_LOGK_H */
