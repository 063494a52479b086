/* SPDX-License-Identifier: MIT */
/*
 * Kernels shared by the special functions (erf, gamma and Bessel
 * families): double-double arithmetic, exp and log to more than double
 * precision, sinpi.  All work in double; the f32 functions use the same
 * kernels with shorter polynomials (the `p64` flag, a compile-time
 * constant at every call, picks the coefficient set).
 *
 * Double-double: a value hi + lo with |lo| <= ulp(hi)/2, the exact
 * products and sums from FMA (Dekker, Knuth).
 */
#ifndef BH_MATH_SF_H
#define BH_MATH_SF_H

#include "ocml.h"
#include "sf_coef.h"

#define SF_N(c) ((int)(sizeof(c) / sizeof((c)[0])))
#define SF_POLY(c, x) sf_horner((c), SF_N(c), (x))

/* sum c[i] x^i by Horner with FMA; the loop unrolls into immediates. */
static inline double sf_horner(const double *c, int n, double x)
{
	double y = c[n - 1];

	for (int i = n - 2; i >= 0; i--)
		y = __builtin_fma(y, x, c[i]);
	return y;
}

/* a + b = s + *e exactly. */
static inline double sf_two_sum(double a, double b, double *e)
{
	double s = a + b, bb = s - a;

	*e = (a - (s - bb)) + (b - bb);
	return s;
}

/* a + b = s + *e exactly, for |a| >= |b| (or a == 0). */
static inline double sf_fast_two_sum(double a, double b, double *e)
{
	double s = a + b;

	*e = b - (s - a);
	return s;
}

/* a * b = p + *e exactly (no overflow or underflow). */
static inline double sf_two_prod(double a, double b, double *e)
{
	double p = a * b;

	*e = __builtin_fma(a, b, -p);
	return p;
}

/* (ah + al) * b as a double-double, error about 2^-104 relative. */
static inline double sf_dd_mul_d(double ah, double al, double b, double *lo)
{
	double e, p = sf_two_prod(ah, b, &e);

	return sf_fast_two_sum(p, __builtin_fma(al, b, e), lo);
}

/* 1/y to within 2^-52 or so: v_rcp_f64 and two Newton steps. */
static inline double sf_rcp(double y)
{
	return rcp_f64(y);
}

/* ln 2 = SF_LN2_HI + SF_LN2_LO; the high part has 42 bits, so k * HI is
 * exact for |k| < 2^11. */
#define SF_LN2_HI 0x1.62e42fefa3800p-1
#define SF_LN2_LO 0x1.ef35793c7673p-45
#define SF_LOG2E 0x1.71547652b82fep0

/*
 * exp(h + l) = m * 2^k with m in [0.7, 1.42]: the caller scales once at
 * the end (ldexp), so results near the overflow and underflow thresholds
 * round once.  h finite with |h| < 1100 (k stays in range for ldexp);
 * |l| <= 2^-40 |h| or so.
 *
 * k = rint(h / ln 2); r = h - k ln2 computed as rh + rl: rh = h - k HI is
 * exact (FMA; k HI has at most 53 bits and rh is small), rl = l - k LO,
 * summed and split again so r = rh + rl with |rl| <= ulp(rh).  Then
 * e^r = 1 + s with s = r + r^2 H(r) (sf_exp_h64: H within 2^-58.4, so
 * s within 2^-61 absolute), and e^(r + rl) = (1 + s)(1 + rl) = 1 + (s + rl)
 * up to rl s < 2^-55 relative.  Two roundings in the final sums: the
 * result is within about 0.6 ulp (f64 set); about 2^-38 with the f32 set.
 */
static inline double sf_exp(double h, double l, int *k, int p64)
{
	double kd = __builtin_rint(h * SF_LOG2E);
	double rh = __builtin_fma(-kd, SF_LN2_HI, h);
	double rl = __builtin_fma(-kd, SF_LN2_LO, l);
	double e, r = sf_two_sum(rh, rl, &e);
	double hp = p64 ? SF_POLY(sf_exp_h64, r) : SF_POLY(sf_exp_h32, r);
	double s = __builtin_fma(r * r, hp, r);

	*k = (int)kd;
	return 1.0 + (s + e);
}

/* exp(h + l) to the same accuracy, scaled: for results in range. */
static inline double sf_exp_full(double h, double l, int p64)
{
	int k;
	double m = sf_exp(h, l, &k, p64);

	return ldexp_f64(m, k);
}

/*
 * log(x) = hi + *lo for finite x > 0 (denormals too), relative error
 * about 2^-62 (f64 set; 2^-40 with the f32 set).
 *
 * x = m 2^e with m in [sqrt(1/2), sqrt(2)); log(m) = 2 atanh(s),
 * s = (m - 1)/(m + 1), s^2 <= 0.0295.  m - 1 is exact; m + 1 = a + al
 * exactly; s = sh + sl with sh = (m - 1)/a rounded and sl from the exact
 * residual.  log(m) = 2 sh + (2 sl + sh^3 P(sh^2)) (sf_log_p64: P within
 * 2^-54.6, which enters scaled by sh^3 <= 0.0051, i.e. 2^-62 relative);
 * e ln2 is added in double-double (e * SF_LN2_HI exact).
 */
static inline double sf_log(double x, double *lo, int p64)
{
	double m = mant_f64(x);
	int e = exp_f64(x), lowm = m < 0x1.6a09e667f3bcdp-1;

	m = lowm ? m + m : m;
	e -= lowm;
	double f = m - 1.0;
	double a = m + 1.0, al = m - (a - 1.0);
	double ra = sf_rcp(a);
	double sh = f * ra;
	double sl = (__builtin_fma(-sh, a, f) - sh * al) * ra;
	double z = sh * sh;
	double pp = p64 ? SF_POLY(sf_log_p64, z) : SF_POLY(sf_log_p32, z);
	double t = __builtin_fma(sh * z, pp, 2.0 * sl);
	double ed = (double)e, el;
	double hi = sf_two_sum(ed * SF_LN2_HI, 2.0 * sh, &el);

	return sf_fast_two_sum(hi, el + __builtin_fma(ed, SF_LN2_LO, t), lo);
}

/*
 * sin(pi x) for finite x, within about 1 ulp: x = q/2 + r with q =
 * rint(2x) and |r| <= 1/4 (both exact), then sin or cos of pi r by the
 * quadrant q mod 4.  From 2^52 on every x is an even or odd integer,
 * sinpi(x) = 0, and x is replaced by 0 first (2x would overflow).  sinpi(-0) = -0; integers give +-0 with the sign of x.
 */
static inline double sf_sinpi(double x, int p64)
{
	x = __builtin_fabs(x) < 0x1p52 ? x : __builtin_copysign(0.0, x);
	double q = __builtin_rint(x + x);
	double r = __builtin_fma(-0.5, q, x);
	double z = r * r;
	double sp = p64 ? SF_POLY(sf_sinpi_s64, z) : SF_POLY(sf_sinpi_s32, z);
	double cp = p64 ? SF_POLY(sf_cospi_c64, z) : SF_POLY(sf_cospi_c32, z);
	double s = r * sp, c = __builtin_fma(-z, cp, 1.0);
	/* q mod 4 without overflow: q - 4 floor(q/4) is exact. */
	int n = (int)(q - 4.0 * __builtin_floor(q * 0.25));
	double v = (n & 1) ? c : s;

	v = (n & 2) ? -v : v;
	/* sin(pi n) is +-0 with the sign of x (r = 0 gives +0 above). */
	return v == 0.0 ? __builtin_copysign(0.0, x) : v;
}

#endif /* BH_MATH_SF_H */
