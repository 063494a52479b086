/* SPDX-License-Identifier: MIT */
/*
 * The sin/cos kernels behind sin, cos, tan and sincos: sin and cos of
 * the reduced argument r = hi + lo (|r| <= pi/4 (1 + 2^-10), trigred.h),
 * both always (a wave evaluates both anyway when its lanes fall in
 * different quadrants), then the quadrant picks and signs them.
 *
 * Coefficients: scripts/math/trig_poly.py (Remez, weighted to the
 * relative error of the function; the bound printed there is measured
 * with the coefficients rounded to double).
 */
#ifndef BH_MATH_TRIG_H
#define BH_MATH_TRIG_H

#include "trigred.h"

/* sin, cos of r as double-doubles (hi + lo), within about 2^-56 of the
 * function (polynomial 2^-56.7, evaluation ~2^-56) before the hi + lo
 * sum, so the rounded result is within 0.6 ulp. */
struct trig_sc {
	double sh, sl, ch, cl;
};

static inline struct trig_sc trig_sincos_kernel_f64(double hi, double lo)
{
	struct trig_sc k;
	double u = hi * hi, ul = __builtin_fma(hi, hi, -u);

	/* sin_f64: sin r = r + r^3 S(r^2), u in [0, 0.618]: <= 2^-56.7 */
	double s = __builtin_fma(u, 0x1.5d8e08012a305p-33, -0x1.ae5e54932712dp-26);

	s = __builtin_fma(u, s, 0x1.71de356067afep-19);
	s = __builtin_fma(u, s, -0x1.a01a019bf5aa8p-13);
	s = __builtin_fma(u, s, 0x1.111111110f791p-7);
	s = __builtin_fma(u, s, -0x1.5555555555548p-3);
	/* sin(hi + lo) = sin hi + lo cos hi, cos hi ~ 1 - u/2 */
	double corr = __builtin_fma(hi * u, s, __builtin_fma(-0.5 * u, lo, lo));

	k.sh = hi + corr;
	k.sl = (hi - k.sh) + corr;

	/* cos_f64: cos r = 1 - r^2/2 + r^4 C(r^2), u in [0, 0.618]: <= 2^-59.2 */
	double c = __builtin_fma(u, -0x1.8fa29cf9beea1p-37, 0x1.1ee9d3f35e96fp-29);

	c = __builtin_fma(u, c, -0x1.27e4f7e55f263p-22);
	c = __builtin_fma(u, c, 0x1.a01a019c7d065p-16);
	c = __builtin_fma(u, c, -0x1.6c16c16c14f49p-10);
	c = __builtin_fma(u, c, 0x1.555555555554bp-5);
	/*
	 * 1 - hi^2/2 with hi^2 = u + ul exactly; 1 - hz is rounded, its
	 * error (1 - w) - hz is exact (Sterbenz); cos(hi + lo) subtracts
	 * lo sin hi ~ lo hi.
	 */
	double hz = 0.5 * u, w = 1.0 - hz;
	double tail = ((1.0 - w) - hz) - 0.5 * ul;

	tail = __builtin_fma(-hi, lo, tail);
	tail = __builtin_fma(u * u, c, tail);
	k.ch = w + tail;
	k.cl = (w - k.ch) + tail;
	return k;
}

/* sin, cos of r for f32 results, in double: within 2^-33 relative. */
static inline void trig_sincos_kernel_f32(double r, double *sp, double *cp)
{
	double u = r * r;

	/* sin_f32: u in [0, 0.618]: <= 2^-37.5 */
	double s = __builtin_fma(u, 0x1.6ccf6d0f2c32fp-19, -0x1.a00f749e01133p-13);

	s = __builtin_fma(u, s, 0x1.1111085d52ee1p-7);
	s = __builtin_fma(u, s, -0x1.5555554c5fe04p-3);
	*sp = __builtin_fma(r * u, s, r);

	/* cos_f32: u in [0, 0.618]: <= 2^-33.0 */
	double c = __builtin_fma(u, 0x1.99e87d63debaep-16, -0x1.6c0c28f0d500ap-10);

	c = __builtin_fma(u, c, 0x1.55554a001c65dp-5);
	*cp = __builtin_fma(u * u, c, __builtin_fma(-0.5, u, 1.0));
}

/*
 * Quadrant q: sin x = (s, c, -s, -c)[q & 3], cos x = (c, -s, -c, s)[q & 3].
 * Selects, not branches; the negation flips the sign bit (bit 1 of q, or
 * of q + 1, shifted to bit 63).
 */
static inline double trig_negate_if(double v, uint32_t bit1)
{
	return as_f64(as_u64(v) ^ ((uint64_t)((bit1 << 30) & 0x80000000u) << 32));
}

static inline double trig_pick_sin(double s, double c, int q)
{
	return trig_negate_if((q & 1) ? c : s, (uint32_t)q);
}

static inline double trig_pick_cos(double s, double c, int q)
{
	return trig_negate_if((q & 1) ? s : c, (uint32_t)q + 1);
}

/*
 * tan = s/c for even q, -c/s for odd q, from the double-doubles: the
 * quotient of the high parts, then one correction with the FMA residual
 * (n - q0 d) / d that folds in both low parts, so the result is within
 * about 0.5 ulp + the kernels' 2^-56 (bound 2).
 */
static inline double trig_tan_f64(struct trig_sc k, int q)
{
	int odd = q & 1;
	double nh = odd ? k.ch : k.sh, nl = odd ? k.cl : k.sl;
	double dh = odd ? k.sh : k.ch, dl = odd ? k.sl : k.cl;
	double y = rcp_f64(dh), q0 = nh * y;
	double rem = __builtin_fma(-q0, dh, nh) + nl;

	rem = __builtin_fma(-q0, dl, rem);
	double t = __builtin_fma(rem, y, q0);

	return odd ? -t : t;
}

#endif /* BH_MATH_TRIG_H */
