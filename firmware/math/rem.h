/* SPDX-License-Identifier: MIT */
/*
 * The exact remainder behind fmod, remainder and remquo: long division
 * of |x| by |y| in floating point, several quotient bits per step.
 *
 * With mx, my the mantissas of |x|, |y| in [0.5, 1) and nb the exponent
 * difference, each step shifts mx left by s <= BITS, guesses the
 * quotient digit t = rint(mx * (1/my)), and takes mx - t * my with one
 * FMA.  That difference is exact: both terms lie on my's grid (2^-24 or
 * 2^-53) and it is smaller than 1 in magnitude.  The guess is within one
 * of the true digit (for f32: t < 2^17 and the reciprocal is within
 * 2^-22, so the product is off by less than 2^-5), so one correction
 * makes 0 <= mx < my.  The low bits of the quotient ride along for
 * remainder's tie rule and remquo.  Working in mantissas keeps denormal
 * inputs exact; the final ldexp is exact because the remainder lies on
 * y's grid.
 */
#ifndef BH_MATH_REM_H
#define BH_MATH_REM_H

#include "ocml.h"

#define REM_BITS_F32 16
#define REM_BITS_F64 40

/* |x| mod |y| for finite x, y with y != 0; *q: the quotient's low bits. */
static inline float rem_core_f32(float ax, float ay, uint32_t *q)
{
	int ey = exp_f32(ay), nb = exp_f32(ax) - ey;

	*q = 0;
	if (nb < 0 || ax == 0.0f)
		return ax;
	float mx = mant_f32(ax), my = mant_f32(ay), inv = rcp_f32(my);
	uint32_t quo = 0;

	for (;;) {
		int s = nb > REM_BITS_F32 ? REM_BITS_F32 : nb;

		mx = ldexp_f32(mx, s);
		float t = __builtin_rintf(mx * inv);

		mx = __builtin_fmaf(-t, my, mx);
		if (mx < 0.0f) {
			mx += my;
			t -= 1.0f;
		}
		quo = (quo << s) + (uint32_t)t;
		nb -= s;
		if (nb == 0)
			break;
	}
	*q = quo;
	return ldexp_f32(mx, ey);
}

static inline double rem_core_f64(double ax, double ay, uint32_t *q)
{
	int ey = exp_f64(ay), nb = exp_f64(ax) - ey;

	*q = 0;
	if (nb < 0 || ax == 0.0)
		return ax;
	double mx = mant_f64(ax), my = mant_f64(ay), inv = rcp_f64(my);
	uint64_t quo = 0;

	for (;;) {
		int s = nb > REM_BITS_F64 ? REM_BITS_F64 : nb;

		mx = ldexp_f64(mx, s);
		double t = __builtin_rint(mx * inv);

		mx = __builtin_fma(-t, my, mx);
		if (mx < 0.0) {
			mx += my;
			t -= 1.0;
		}
		quo = (quo << s) + (uint64_t)t;
		nb -= s;
		if (nb == 0)
			break;
	}
	*q = (uint32_t)quo;
	return ldexp_f64(mx, ey);
}

/*
 * Round the quotient to nearest, ties to even: r in [0, ay) becomes
 * r - ay when r > ay/2, or r == ay/2 and the quotient is odd.  ay - r
 * is exact (both on ay's grid, below ay), so no halving of ay (which
 * would be inexact for the smallest denormal) is needed.
 */
#define REM_NEAREST(r, ay, q)                                                   \
	do {                                                                    \
		__typeof__(r) rest_ = (ay) - (r);                               \
		if ((r) > rest_ || ((r) == rest_ && ((q) & 1))) {               \
			(r) = -rest_;                                           \
			(q)++;                                                  \
		}                                                               \
	} while (0)

#endif /* BH_MATH_REM_H */
