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

/* pi = PI_H + PI_L (to 2^-105 relative); pi^2/2 rounded (C1_H = pi^2/2 -
 * 0x1.692b71366cc04p-52). */
#define TRIGPI_PI_H 0x1.921fb54442d18p+1
#define TRIGPI_PI_L 0x1.1a62633145c07p-53
#define TRIGPI_C1_H 0x1.3bd3cc9be45dep+2

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
 * sin(pi f), cos(pi f) in double, each with one final rounding of a sum
 * whose other errors stay below 0.35 ulp, so within 0.85 ulp of the
 * function and at most 1 ulp from the correctly rounded result (the
 * bound is 2; the picks and negations are exact):
 *   sin: pi f = f PI_H (exact inside the final FMA) + f PI_L + f^3 Q(f^2);
 *        the correction is below 0.11 of the result and its roundings
 *        (u, f u, Q's evaluation) stay below 2^-54 relative (0.2 ulp).
 *   cos: w = 1 - C1_H u rounded, its error recovered by a second FMA on
 *        1 - w (exact, Sterbenz), plus f^4 R(f^2); left out are C1_L u
 *        (below 2^-55.5) and C1_H (f^2 - u), u's rounding (below
 *        2^-55.7), together 0.33 ulp of a result >= 0.707.
 */
static inline void trigpi_kernel_f64(double f, double *sp, double *cp)
{
	double u = f * f;

	/* sinpi_f64: sin(pi f) = pi f + f^3 Q(f^2), u in [0, 1/16]: <= 2^-56.9 */
	double s = __builtin_fma(u, 0x1.e3ff27bdadb36p-12, -0x1.e3009897605b1p-8);

	s = __builtin_fma(u, s, 0x1.5078300c421f3p-4);
	s = __builtin_fma(u, s, -0x1.32d2cce324134p-1);
	s = __builtin_fma(u, s, 0x1.466bc67758cb2p+1);
	s = __builtin_fma(u, s, -0x1.4abbce625be46p+2);
	*sp = __builtin_fma(f, TRIGPI_PI_H, __builtin_fma(f * u, s, f * TRIGPI_PI_L));

	/* cospi_f64: cos(pi f) = 1 - pi^2 f^2/2 + f^4 R(f^2): <= 2^-58.9 */
	double c = __builtin_fma(u, -0x1.b2973cd6e9a9dp-14, 0x1.f9ccfd2e2e83cp-10);

	c = __builtin_fma(u, c, -0x1.a6d1ed8f6cbe8p-6);
	c = __builtin_fma(u, c, 0x1.e1f50684f4bb4p-3);
	c = __builtin_fma(u, c, -0x1.55d3c7e3ca533p+0);
	c = __builtin_fma(u, c, 0x1.03c1f081b5abcp+2);
	double w = __builtin_fma(-TRIGPI_C1_H, u, 1.0);
	double tail = __builtin_fma(-TRIGPI_C1_H, u, 1.0 - w);

	*cp = w + __builtin_fma(u * u, c, tail);
}

/*
 * sinpi's zero: the sign of x (Annex F), whatever the quadrant's sign;
 * only the high word of a zero needs changing.
 */
static inline double trigpi_zero_sign_f64(double v, double x)
{
	uint64_t b = as_u64(v);
	uint32_t hi = (uint32_t)(b >> 32);
	uint32_t zhi = (hi & 0x7fffffffu) | ((uint32_t)(as_u64(x) >> 32) & 0x80000000u);

	return as_f64((uint64_t)(v == 0.0 ? zhi : hi) << 32 | (uint32_t)b);
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
