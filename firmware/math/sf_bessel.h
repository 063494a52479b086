/* SPDX-License-Identifier: MIT */
/*
 * Kernels of the Bessel functions j0, j1, y0, y1 (and i0, i1's
 * exponential), in double; `p64` picks the f64 or the f32 polynomial set
 * (sf_bessel_coef.h), a constant at every call.
 *
 * Below 8 (where CUDA's bound is relative) each function is a few
 * pieces, split at its extrema so each piece holds at most one zero z,
 * written f(x) = (x - z) P(x - c) with c the piece's centre: x - z_hi is
 * exact there (x is within a factor 2 of z) and z_lo follows, so the
 * result keeps its relative accuracy through the zero; x - c is exact
 * too, and in the centred variable the coefficients round with less
 * loss.  Near 0: j0 = P(x^2), j1 = x P(x^2); y0 and
 * y1 carry log x, so they are split as y0 = (2/pi) log(x/z) j0(x) + E(x)
 * with E = (x^2 - z^2) P(x^2) entire (likewise y1, with x y1 - (2/pi)
 * x log(x/z) j1 = (x^2 - z^2) H(x^2)), z the first zero: both terms
 * vanish at z with the same sign of slope, so nothing cancels.
 *
 * From 8 on, Hankel's asymptotic form: with A = 1/sqrt(pi x),
 *   j0 = A ((P0 + Q0) cos x + (P0 - Q0) sin x)
 *   y0 = A ((P0 + Q0) sin x - (P0 - Q0) cos x)
 *   j1 = A ((P1 + Q1) sin x - (P1 - Q1) cos x)
 *   y1 = -A ((P1 + Q1) cos x + (P1 - Q1) sin x)
 * (cos(x - pi/4) and the like expanded), P = P(1/x^2) and Q = q(1/x^2)/x
 * minimax fits of the exact modulus-phase functions on x >= 8, and sin x,
 * cos x from an argument reduced to a double-double: Cody-Waite with
 * three parts of pi/2 below 2^20, Payne-Hanek with v_trig_preop above.
 */
#ifndef BH_MATH_SF_BESSEL_H
#define BH_MATH_SF_BESSEL_H

#include "sf.h"
#include "sf_bessel_coef.h"

#define SF_2_PI 0x1.45f306dc9c883p-1		/* 2/pi */
#define SF_1_PI_HI 0x1.45f306dc9c883p-2		/* 1/pi */
#define SF_1_PI_LO -0x1.6b01ec5417056p-56
#define SF_PIO2_1 0x1.921fb54442d18p0		/* pi/2 in three parts */
#define SF_PIO2_2 0x1.1a62633145c07p-54
#define SF_PIO2_3 -0x1.f1976b7ed8fbcp-110

/*
 * x = n pi/2 + rh + rl for finite x >= 8; returns n mod 4.  |rh| <=
 * pi/4 (plus a rounding of n near half-way), rl about 2^-100 |rh|.
 *
 * Below 2^20: n = rint(x 2/pi) < 2^20; x - n P1 is exact (FMA; x and n P1
 * lie on 2^-52's grid and their difference is below 1), n P2 is split
 * exactly, n P3 is noise.  From 2^20 on: v_trig_preop gives the 53-bit
 * chunks p0, p1, p2 of 2/pi that matter at x's exponent (the bits before
 * p0 contribute multiples of 4 to x 2/pi, the ones after p2 under
 * 2^-104); x p0 and x p1 are split exactly, x p0 reduced mod 4, and the
 * sum's integer part taken: f = x 2/pi - n in [-1/2, 1/2] as a
 * double-double, then r = f pi/2.  From 2^945 on the chunks come scaled
 * by 2^128 (they would be denormal), so x is scaled down by as much.
 */
static inline int sf_rem_pio2(double x, double *rh, double *rl)
{
	double n, fh, fl;

	if (x < 0x1p20) {
		n = __builtin_rint(x * SF_2_PI);
		double r1 = __builtin_fma(-n, SF_PIO2_1, x);
		double tl, th = sf_two_prod(n, SF_PIO2_2, &tl);
		double e, h = sf_two_sum(r1, -th, &e);

		*rh = sf_fast_two_sum(h, e - __builtin_fma(n, SF_PIO2_3, tl), rl);
		return (int)n & 3;
	}
	double p0 = __builtin_amdgcn_trig_preop(x, 0);
	double p1 = __builtin_amdgcn_trig_preop(x, 1);
	double p2 = __builtin_amdgcn_trig_preop(x, 2);
	double xs = x >= 0x1p945 ? x * 0x1p-128 : x;
	double l0, h0 = sf_two_prod(xs, p0, &l0);
	double l1, h1 = sf_two_prod(xs, p1, &l1);
	double e1, e2, s;

	h0 -= 4.0 * __builtin_floor(h0 * 0.25);		/* exact */
	s = sf_two_sum(h0, h1, &e1);
	s = sf_two_sum(s, l0, &e2);
	n = __builtin_rint(s);
	fh = sf_fast_two_sum(s - n, e1 + e2 + l1 + xs * p2, &fl);
	*rh = fh * SF_PIO2_1;
	*rl = __builtin_fma(fh, SF_PIO2_1, -*rh) + __builtin_fma(fh, SF_PIO2_2, fl * SF_PIO2_1);
	return (int)n & 3;
}

/* sin x and cos x for finite x >= 8, each within about an ulp of 1. */
static inline void sf_sincos(double x, double *sx, double *cx, int p64)
{
	double rh, rl;
	int q = sf_rem_pio2(x, &rh, &rl);
	double z = rh * rh;
	double sp = p64 ? SF_POLY(sf_bes_sin64, z) : SF_POLY(sf_bes_sin32, z);
	double cp = p64 ? SF_POLY(sf_bes_cos64, z) : SF_POLY(sf_bes_cos32, z);
	/* sin(rh + rl) = sin rh + rl cos rh, cos(rh + rl) = cos rh - rl sin rh */
	double s = rh + __builtin_fma(rh * z, sp, rl);
	double hz = 0.5 * z, w = 1.0 - hz;
	double c = w + (((1.0 - w) - hz) + __builtin_fma(z * z, cp, -rh * rl));

	*sx = (q & 1) ? c : s;
	*cx = (q & 1) ? s : c;
	*sx = (q & 2) ? -*sx : *sx;
	*cx = ((q + 1) & 2) ? -*cx : *cx;
}

/*
 * The asymptotic form for x >= 8: returns A (u c + v s) when `cos_first`,
 * else A (u s - v c), with u = P + Q, v = P - Q, A = 1/sqrt(pi x) (rsq and
 * one Newton step on pi x, itself split exactly).  The error is about
 * 2^-53 of A absolutely.  x up to the largest double: 1/x^2 then
 * underflows to 0 harmlessly, and pi x is formed as pi (x/4) * 4.
 */
static inline double sf_bessel_asym(double x, const double *pc, int np, const double *qc, int nq,
				    int cos_first, int p64)
{
	double rx = sf_rcp(x), z = rx * rx;
	double p = sf_horner(pc, np, z), q = sf_horner(qc, nq, z) * rx;
	double s, c;

	sf_sincos(x, &s, &c, p64);
	double u = p + q, v = p - q;
	double r = cos_first ? __builtin_fma(u, c, v * s) : __builtin_fma(u, s, -v * c);
	/* T = pi x/4 = t + tl (pi in two parts, the product split), y =
	 * rsq(t) and one Newton step on T: y = 2/sqrt(pi x), A = y/2. */
	double x4 = 0.25 * x, tl, t = sf_two_prod(SF_PIO2_1 * 2.0, x4, &tl);

	tl = __builtin_fma(SF_PIO2_2 * 2.0, x4, tl);
	double y = __builtin_amdgcn_rsq(t);
	double yy = y * y, e = __builtin_fma(-t, yy, 1.0) - tl * yy;

	y = __builtin_fma(0.5 * y, e, y);
	return 0.5 * (y * r);
}

/*
 * log(x / z) for x > 0, z = zh + zl > 0 with log z = lzh + lzl: within
 * 2^-60 or so of itself when x is within z/4 of z (log1p of u = (x - z)/z
 * by 2 atanh(u / (2 + u)), the series of sf_log), else log x - log z in
 * double-double (2^-60 absolutely, and the result is then above 0.22).
 * d = x - z, already formed by the caller.
 */
static inline double sf_log_ratio(double x, double d, double zh, double lzh, double lzl,
				  int p64)
{
	if (__builtin_fabs(d) <= 0.25 * zh) {
		double u = d * sf_rcp(zh), den = 2.0 + u;
		double s = u * sf_rcp(den);
		double ss = s * s;
		double pp = p64 ? SF_POLY(sf_log_p64, ss) : SF_POLY(sf_log_p32, ss);

		return __builtin_fma(s * ss, pp, 2.0 * s);
	}
	double lo, hi = sf_log(x, &lo, p64);

	return (hi - lzh) + (lo - lzl);
}

/* The asymptotic form with order n's P and Q, in the precision p64 picks. */
#define SF_BESSEL_ASYM(x, n, cos_first, p64)                                            \
	((p64) ? sf_bessel_asym((x), sf_bes_p##n##_64, SF_N(sf_bes_p##n##_64),            \
				sf_bes_q##n##_64, SF_N(sf_bes_q##n##_64), (cos_first), 1) :  \
		 sf_bessel_asym((x), sf_bes_p##n##_32, SF_N(sf_bes_p##n##_32),            \
				sf_bes_q##n##_32, SF_N(sf_bes_q##n##_32), (cos_first), 0))

/* A piece's polynomial in the precision p64 picks. */
#define SF_BESSEL_POLY(piece, t, p64)                                                 \
	((p64) ? SF_POLY(sf_##piece##_64, (t)) : SF_POLY(sf_##piece##_32, (t)))

/* j0(x) for 0 <= x < 8: P(x^2) to 1.5, around the zeros z1, z2, then a
 * plain piece from 7.02 (a piece of z2 up to 8 would lose 3 bits there,
 * where j0/(x - z2) gets small against its terms). */
static inline double sf_j0_small(double x, int p64)
{
	const double *z = sf_j0_zeros;
	double d;

	if (x < 1.5)
		return SF_BESSEL_POLY(j0_a0, x * x, p64);
	if (x < 3.83) {
		d = (x - z[0]) - z[1];
		return d * SF_BESSEL_POLY(j0_a1, x - SF_J0_A1_C, p64);
	}
	if (x < 7.02) {
		d = (x - z[2]) - z[3];
		return d * SF_BESSEL_POLY(j0_a2, x - SF_J0_A2_C, p64);
	}
	return SF_BESSEL_POLY(j0_a3, x - SF_J0_A3_C, p64);
}

/* j1(x) for 0 <= x < 8: x P(x^2) to 2, then around the zeros z1, z2. */
static inline double sf_j1_small(double x, int p64)
{
	const double *z = sf_j1_zeros;
	double d;

	if (x < 2.0)
		return x * SF_BESSEL_POLY(j1_b0, x * x, p64);
	if (x < 5.33) {
		d = (x - z[0]) - z[1];
		return d * SF_BESSEL_POLY(j1_b1, x - SF_J1_B1_C, p64);
	}
	d = (x - z[2]) - z[3];
	return d * SF_BESSEL_POLY(j1_b2, x - SF_J1_B2_C, p64);
}

#endif /* BH_MATH_SF_BESSEL_H */
