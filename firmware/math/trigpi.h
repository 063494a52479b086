/* SPDX-License-Identifier: MIT */
/*
 * sinpi, cospi, sincospi: sin(pi x) and cos(pi x) without the rounding of
 * pi x.  The reduction is exact in the argument's own format: x mod 2 by
 * x - 2 rint(x/2) (in [-1, 1], on x's grid; every |x| >= 2^53 (f64) or
 * 2^24 (f32) is even and gives 0), then k = rint(2x) in [-2, 2] and
 * f = x - k/2 in [-1/4, 1/4], so sin(pi x) = (s, c, -s, -c)[k & 3] with
 * s = sin(pi f), c = cos(pi f) (the quadrant rule of trig.h).
 *
 * Annex F / IEEE 754 signs: sinpi(±n) = ±0 for integers n (the sign of
 * x), cospi(n + 1/2) = +0; inf and NaN give NaN.
 *
 * Coefficients: scripts/math/trig_poly.py (relative error of sin(pi f)
 * and cos(pi f) on |f| <= 1/4, measured with rounded coefficients).
 */
#ifndef BH_MATH_TRIGPI_H
#define BH_MATH_TRIGPI_H

#include "trig.h"

/* pi = PI_H + PI_L; pi^2/2 = C1_H + C1_L (each to 2^-105 relative). */
#define TRIGPI_PI_H 0x1.921fb54442d18p+1
#define TRIGPI_PI_L 0x1.1a62633145c07p-53
#define TRIGPI_C1_H 0x1.3bd3cc9be45dep+2
#define TRIGPI_C1_L 0x1.692b71366cc04p-52

/*
 * f = x2 - k/2 exactly for x2 in [-1, 1] (NaN stays NaN), k = rint(2 x2)
 * through the 1.5 * 2^52 shifter, so the quadrant comes from the low
 * word without a float-to-int conversion of a possible NaN.
 */
static inline double trigpi_split(double x2, int *q)
{
	double t = __builtin_fma(2.0, x2, TRIG_SHIFTER);

	*q = (int)(uint32_t)as_u64(t);
	return __builtin_fma(-0.5, t - TRIG_SHIFTER, x2);
}

static inline double trigpi_reduce_f64(double x, int *q)
{
	return trigpi_split(__builtin_fma(-2.0, __builtin_rint(0.5 * x), x), q);
}

static inline double trigpi_reduce_f32(float x, int *q)
{
	return trigpi_split((double)__builtin_fmaf(-2.0f, __builtin_rintf(0.5f * x), x), q);
}

/*
 * sin(pi f), cos(pi f) as double-doubles: pi f split exactly (FMA) plus
 * f PI_L, and 1 - (pi^2/2) f^2 with f^2 and the product split exactly,
 * so each is within about 2^-56 of the function before hi + lo.
 */
static inline struct trig_sc trigpi_kernel_f64(double f)
{
	struct trig_sc k;
	double u = f * f, ul = __builtin_fma(f, f, -u);

	/* sinpi_f64: sin(pi f) = pi f + f^3 Q(f^2), u in [0, 1/16]: <= 2^-56.9 */
	double s = __builtin_fma(u, 0x1.e3ff27bdadb36p-12, -0x1.e3009897605b1p-8);

	s = __builtin_fma(u, s, 0x1.5078300c421f3p-4);
	s = __builtin_fma(u, s, -0x1.32d2cce324134p-1);
	s = __builtin_fma(u, s, 0x1.466bc67758cb2p+1);
	s = __builtin_fma(u, s, -0x1.4abbce625be46p+2);
	double ph = f * TRIGPI_PI_H;
	double pl = __builtin_fma(f, TRIGPI_PI_H, -ph);
	double corr = __builtin_fma(f * u, s, __builtin_fma(f, TRIGPI_PI_L, pl));

	k.sh = ph + corr;
	k.sl = (ph - k.sh) + corr;

	/* cospi_f64: cos(pi f) = 1 - pi^2 f^2/2 + f^4 R(f^2): <= 2^-58.9 */
	double c = __builtin_fma(u, -0x1.b2973cd6e9a9dp-14, 0x1.f9ccfd2e2e83cp-10);

	c = __builtin_fma(u, c, -0x1.a6d1ed8f6cbe8p-6);
	c = __builtin_fma(u, c, 0x1.e1f50684f4bb4p-3);
	c = __builtin_fma(u, c, -0x1.55d3c7e3ca533p+0);
	c = __builtin_fma(u, c, 0x1.03c1f081b5abcp+2);
	double hz = TRIGPI_C1_H * u;
	double hzl = __builtin_fma(TRIGPI_C1_H, u, -hz);

	hzl = __builtin_fma(TRIGPI_C1_H, ul, __builtin_fma(TRIGPI_C1_L, u, hzl));
	double w = 1.0 - hz;		/* hz <= 0.31: (1 - w) - hz is exact */
	double tail = ((1.0 - w) - hz) - hzl;

	tail = __builtin_fma(u * u, c, tail);
	k.ch = w + tail;
	k.cl = (w - k.ch) + tail;
	return k;
}

/* For f32 results, in double: within 2^-33 relative. */
static inline void trigpi_kernel_f32(double f, double *sp, double *cp)
{
	double u = f * f;

	/* sinpi_f32: u in [0, 1/16]: <= 2^-37.5 */
	double s = __builtin_fma(u, 0x1.4be09db658db9p-4, -0x1.32cb0d03305c3p-1);

	s = __builtin_fma(u, s, 0x1.466bbc1ff09aap+1);
	s = __builtin_fma(u, s, -0x1.4abbce59bf0a2p+2);
	*sp = __builtin_fma(f * u, s, f * TRIGPI_PI_H);

	/* cospi_f32: u in [0, 1/16]: <= 2^-33.0 */
	double c = __builtin_fma(u, 0x1.dacc2fe92fd8cp-3, -0x1.55c9df51c0389p+0);

	c = __builtin_fma(u, c, 0x1.03c1e7eefa997p+2);
	*cp = __builtin_fma(u * u, c, __builtin_fma(-TRIGPI_C1_H, u, 1.0));
}

#endif /* BH_MATH_TRIGPI_H */
