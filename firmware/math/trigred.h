/* SPDX-License-Identifier: MIT */
/*
 * Argument reduction for sin, cos, tan and sincos: x = q * pi/2 + r with
 * |r| <= pi/4 (1 + 2^-10), r as a double-double hi + lo accurate enough
 * that even the doubles closest to a multiple of pi/2 (|r| ~ 2^-61 at
 * x = 6381956970095103 * 2^797) keep about 2^-100 relative accuracy.
 *
 * Medium path, |x| < 2^40 (Cody-Waite with FMA): n = rint(x * 2/pi)
 * through the 1.5 * 2^52 shifter (so n's low bits, the quadrant, sit in
 * the low word), then x - n * (P1 + P2 + P3) with pi/2 = P1 + P2 + P3 +
 * O(2^-161).  x - n*P1 is exact: both lie on the 2^-53 grid and the
 * difference is below 1.  n*P2 is split exactly by an FMA, and n*P3 (at
 * most 2^-67) only needs its rounding; the error is n * 2^-160 <= 2^-120
 * absolute.  The product x * 2/pi is off by at most 2^(40-53) quadrants,
 * which the 2^-10 margin of the polynomials covers.
 *
 * Large path, |x| >= 2^40 (Payne-Hanek with v_trig_preop_f64): the
 * instruction returns 53-bit segments of 2/pi aligned to x's exponent
 * (segment j: bits [s + 53j, s + 53j + 53) after the binary point, with
 * s = max(0, e - 1077) for biased exponent e, scaled by 2^128 when
 * e >= 1968 so that the last segments stay normal).  The bits before s
 * multiply x into a multiple of 4 (x = M 2^(e-1075), M < 2^53), so they
 * drop out of x * 2/pi mod 4.  Four segments (212 bits) leave an error
 * below 2^-157; the products are split exactly (FMA), and the sum is
 * taken mod 4 with error-free two-sums, so the fraction F = x*2/pi - n is
 * a double-double good to about 2^-150 absolute.  Then r = F * pi/2.
 */
#ifndef BH_MATH_TRIGRED_H
#define BH_MATH_TRIGRED_H

#include "ocml.h"

/* pi/2 = P1 + P2 + P3 to 2^-161; 2/pi rounded; the rint shifter. */
#define TRIG_PIO2_1 0x1.921fb54442d18p+0
#define TRIG_PIO2_2 0x1.1a62633145c07p-54
#define TRIG_PIO2_3 (-0x1.f1976b7ed8fbcp-110)
#define TRIG_2_PI 0x1.45f306dc9c883p-1
#define TRIG_SHIFTER 0x1.8p+52
#define TRIG_MEDIUM_LIMIT 0x1p+40

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

/* n = rint(x * 2/pi) for |x| < 2^40, with n mod 2^32 in *q. */
static inline double trig_quadrant(double x, int *q)
{
	double t = __builtin_fma(x, TRIG_2_PI, TRIG_SHIFTER);

	*q = (int)(uint32_t)as_u64(t);
	return t - TRIG_SHIFTER;
}

static inline struct trig_red trigred_medium_f64(double x)
{
	struct trig_red red;
	double n = trig_quadrant(x, &red.q);
	double a = __builtin_fma(-n, TRIG_PIO2_1, x);		/* exact */
	double ph = n * TRIG_PIO2_2, pl = __builtin_fma(n, TRIG_PIO2_2, -ph);
	double e;

	red.hi = trig_two_sum(a, -ph, &e);
	red.lo = __builtin_fma(-n, TRIG_PIO2_3, e - pl);
	return red;
}

/* |x| >= 2^40, finite. */
static inline struct trig_red trigred_large_f64(double x)
{
	double ax = __builtin_fabs(x);
	/* trig_preop scales its segments by 2^128 from exponent 1968 on. */
	double xs = (as_u64(ax) >> 52) >= 1968 ? ldexp_f64(ax, -128) : ax;
	double s0 = __builtin_amdgcn_trig_preop(ax, 0);
	double s1 = __builtin_amdgcn_trig_preop(ax, 1);
	double s2 = __builtin_amdgcn_trig_preop(ax, 2);
	double s3 = __builtin_amdgcn_trig_preop(ax, 3);
	/*
	 * p0 < 2^55, p1 < 4, p2 < 2^-51, p3 < 2^-104; each h + l is exact.
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
	double hi = fh * TRIG_PIO2_1;
	double lo = __builtin_fma(fh, TRIG_PIO2_1, -hi);

	lo = __builtin_fma(fh, TRIG_PIO2_2, __builtin_fma(fl, TRIG_PIO2_1, lo));

	struct trig_red red;
	int q = (int)n;

	red.hi = x < 0 ? -hi : hi;
	red.lo = x < 0 ? -lo : lo;
	red.q = x < 0 ? -q : q;
	return red;
}

/* Finite x. */
static inline struct trig_red trigred_f64(double x)
{
	if (__builtin_fabs(x) < TRIG_MEDIUM_LIMIT)
		return trigred_medium_f64(x);
	return trigred_large_f64(x);
}

/*
 * For f32 arguments, r as one double: the medium path without the split
 * of n*P2 (x on the 2^-24 grid or coarser, and f32 results need only
 * about 2^-30 relative), the large path shared with f64.
 */
static inline double trigred_f32(float xf, int *q)
{
	double x = (double)xf;

	if (__builtin_fabs(x) < TRIG_MEDIUM_LIMIT) {
		double n = trig_quadrant(x, q);
		double r = __builtin_fma(-n, TRIG_PIO2_1, x);	/* exact */

		r = __builtin_fma(-n, TRIG_PIO2_2, r);
		return __builtin_fma(-n, TRIG_PIO2_3, r);
	}
	struct trig_red red = trigred_large_f64(x);

	*q = red.q;
	return red.hi + red.lo;
}

#endif /* BH_MATH_TRIGRED_H */
