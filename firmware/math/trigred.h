/* SPDX-License-Identifier: MIT */
/*
 * Argument reduction for sin, cos, tan and sincos: x = q * pi/2 + r with
 * |r| <= pi/4 (1 + 2^-10), r as a double-double hi + lo accurate enough
 * that even the doubles closest to a multiple of pi/2 (|r| ~ 2^-61 at
 * x = 6381956970095103 * 2^797) keep about 2^-100 relative accuracy.
 *
 * One branch-free path for every finite x (a wave whose lanes mix small
 * and large arguments would otherwise run two reductions; the random
 * arguments of the benchmarks do), Payne-Hanek with v_trig_preop_f64: the
 * instruction returns 53-bit segments of 2/pi aligned to x's exponent
 * (segment j: bits [s + 53j, s + 53j + 53) after the binary point, with
 * s = max(0, e - 1077) for biased exponent e, scaled by 2^128 when
 * e >= 1968 so that the last segments stay normal).  The bits before s
 * multiply x into a multiple of 4 (x = M 2^(e-1075), M < 2^53), so they
 * drop out of x * 2/pi mod 4.  Four segments (212 bits) leave an error
 * below 2^-157; the products are split exactly (FMA), and the sum is
 * taken mod 4 with error-free two-sums, so the fraction F = x*2/pi - n is
 * a double-double good to about 2^-150 absolute.  Then r = F * pi/2.
 * The products carry x's sign, so n and r come out signed.  Small x
 * (s = 0) needs nothing special down to |x| ~ 2^-960, where the last
 * products start to underflow: sin and tan return x itself below 2^-26
 * (correctly rounded there), cos is 1 whatever r's relative error.
 */
#ifndef BH_MATH_TRIGRED_H
#define BH_MATH_TRIGRED_H

#include "ocml.h"

/*
 * pi/2 = P1 + P2 to 2^-109 (relative, as r = F (P1 + P2) uses it); the
 * rint shifter 1.5 * 2^52 (trigpi.h).
 */
#define TRIG_PIO2_1 0x1.921fb54442d18p+0
#define TRIG_PIO2_2 0x1.1a62633145c07p-54
#define TRIG_SHIFTER 0x1.8p+52

struct trig_red {
	double hi, lo;	/* r = hi + lo, |r| <= pi/4 (1 + 2^-10) */
	int q;		/* x = q pi/2 + r (mod 2 pi); only q & 3 counts */
};

/* s + e = a + b exactly (Knuth's two-sum: no ordering needed). */
static inline double trig_two_sum(double a, double b, double *e)
{
	double s = a + b, bb = s - a;

	*e = (a - (s - bb)) + (b - bb);
	return s;
}

/* Finite x (|x| >= 2^-960 for a relatively accurate r). */
static inline struct trig_red trigred_f64(double x)
{
	/* trig_preop scales its segments by 2^128 from exponent 1968 on. */
	double xs = ((as_u64(x) >> 52) & 0x7ff) >= 1968 ? ldexp_f64(x, -128) : x;
	double s0 = __builtin_amdgcn_trig_preop(x, 0);
	double s1 = __builtin_amdgcn_trig_preop(x, 1);
	double s2 = __builtin_amdgcn_trig_preop(x, 2);
	double s3 = __builtin_amdgcn_trig_preop(x, 3);
	/*
	 * |p0| < 2^55, |p1| < 4, |p2| < 2^-51, |p3| < 2^-104; each h + l is
	 * exact.
	 */
	double p0h = xs * s0, p0l = __builtin_fma(xs, s0, -p0h);
	double p1h = xs * s1, p1l = __builtin_fma(xs, s1, -p1h);
	double p2h = xs * s2, p2l = __builtin_fma(xs, s2, -p2h);
	double p3 = xs * s3;
	/* p0h mod 4 in [-2, 2]: exact, it is a multiple of ulp(p0h). */
	double t0 = __builtin_fma(-4.0, __builtin_rint(0.25 * p0h), p0h);
	double ea, eb, e1, e2, e3;
	double s = trig_two_sum(t0, p0l, &ea);

	s = trig_two_sum(s, p1h, &eb);		/* |s| < 8 */
	double n = __builtin_rint(s), g = s - n;	/* exact */
	/* The tail, all terms below 2^-50: exact up to the last sum. */
	double a = trig_two_sum(ea, eb, &e1);

	a = trig_two_sum(a, p1l, &e2);
	a = trig_two_sum(a, p2h, &e3);
	double rest = (e1 + e2) + (e3 + p2l) + p3;
	double fl, fh = trig_two_sum(g, a, &fl);

	fl += rest;
	/* r = F * pi/2 */
	struct trig_red red;

	red.hi = fh * TRIG_PIO2_1;
	red.lo = __builtin_fma(fh, TRIG_PIO2_1, -red.hi);
	red.lo = __builtin_fma(fh, TRIG_PIO2_2, __builtin_fma(fl, TRIG_PIO2_1, red.lo));
	red.q = (int)n;
	return red;
}

/*
 * For f32 arguments, r as one double, by one branch-free path for every
 * finite x (a wave whose lanes mix small and large arguments would
 * otherwise run two reductions).  An f32 x has 24 significant bits and
 * |x| < 2^128, so three segments of 2/pi (v_trig_preop_f64, as above;
 * s = 0 for |x| < 2^54, no 2^128 scaling below exponent 1968) suffice:
 * x * 2/pi mod 4 = p0 + p1 + p2 + O(2^-104) with p0 = x s0 < 2^55,
 * p1 < 4, p2 < 2^-51, the products taken with x's sign so that n and r
 * come out signed.  p0 and p1 are split exactly (FMA); p0h mod 4 = t0
 * is exact; t0 + p0l is a fast two-sum (t0 is a multiple of ulp(p0h),
 * |p0l| <= ulp(p0h)/2), u + p1h a two-sum; n = rint of the sum, its
 * remainder g is exact, and the tail (the two sums' errors, p1l, p2:
 * each below 2^-49) is added with errors below 2^-100.  So F = g + tail
 * is within about 2^-100 of x * 2/pi - n, |F| <= 1/2 + 2^-48, and
 * r = F pi/2 is within 2^-52 relative: no float lies closer to a
 * multiple of pi/2 than 2^-29.2 (16367173 * 2^72, tests/math/trig.hip
 * finds it).  For tiny x everything scales with x (all products stay
 * normal doubles), so r keeps its relative accuracy there too.
 */
static inline double trigred_f32(float xf, int *q)
{
	double x = (double)xf;
	double s0 = __builtin_amdgcn_trig_preop(x, 0);
	double s1 = __builtin_amdgcn_trig_preop(x, 1);
	double s2 = __builtin_amdgcn_trig_preop(x, 2);
	double p0h = x * s0, p0l = __builtin_fma(x, s0, -p0h);
	double p1h = x * s1, p1l = __builtin_fma(x, s1, -p1h);
	double p2 = x * s2;
	double t0 = __builtin_fma(-4.0, __builtin_rint(0.25 * p0h), p0h);
	double u = t0 + p0l, eu = p0l - (u - t0);	/* fast two-sum */
	double e1, s = trig_two_sum(u, p1h, &e1);	/* |s| < 8 */
	double n = __builtin_rint(s), g = s - n;	/* exact */
	double tail = (eu + e1) + (p1l + p2);

	*q = (int)n;
	/* r = (g + tail) pi/2; g P1's rounding is relative to r */
	return __builtin_fma(g, TRIG_PIO2_1, __builtin_fma(tail, TRIG_PIO2_1, g * TRIG_PIO2_2));
}

#endif /* BH_MATH_TRIGRED_H */
