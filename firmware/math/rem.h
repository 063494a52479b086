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
 * remquo (full != 0, a compile-time constant at each call); remainder's
 * tie rule needs only the quotient's parity, which is the last digit's
 * (every step but a lone first one shifts by s >= 1), and that digit is
 * recovered after the loop from the last step's dividend and remainder
 * (rem_parity), so the loop carries no quotient at all.  Working in
 * mantissas keeps denormal
 * inputs exact; the final ldexp is exact because the remainder lies on
 * y's grid.
 */
#ifndef BH_MATH_REM_H
#define BH_MATH_REM_H

#include "ocml.h"

#define REM_BITS_F32 16
#define REM_BITS_F64 40

/*
 * The parity of the last quotient digit (pre - mx) / my, with pre the
 * last step's shifted dividend (< 2^17 f32, < 2^41 f64) and mx its final
 * remainder: the difference rounds by at most 2^-7 (2^-12), the
 * reciprocal's error adds at most 2^-5 (2^-10), so rint gets the digit.
 */
static inline uint32_t rem_parity_f32(float pre, float mx, float inv)
{
	return __builtin_amdgcn_fractf(0.5f * __builtin_rintf((pre - mx) * inv)) != 0.0f;
}

static inline uint32_t rem_parity_f64(double pre, double mx, double inv)
{
	return __builtin_amdgcn_fract(0.5 * __builtin_rint((pre - mx) * inv)) != 0.0;
}

/*
 * |x| mod |y| for finite x, y with y != 0; *q: the quotient's low bits
 * (full) or its parity in bit 0 (!full).
 */
static inline float rem_core_f32(float ax, float ay, uint32_t *q, int full)
{
	int ey = exp_f32(ay), nb = exp_f32(ax) - ey;

	*q = 0;
	if (nb < 0 || ax == 0.0f)
		return ax;
	float mx = mant_f32(ax), my = mant_f32(ay), inv = rcp_f32(my), pre = 0.0f;
	uint32_t quo = 0;

	for (;;) {
		int s = nb > REM_BITS_F32 ? REM_BITS_F32 : nb;

		pre = ldexp_f32(mx, s);
		float t = __builtin_rintf(pre * inv);

		mx = __builtin_fmaf(-t, my, pre);
		if (mx < 0.0f) {
			mx += my;
			t -= 1.0f;
		}
		if (full)
			quo = (quo << s) + (uint32_t)t;
		nb -= s;
		if (nb == 0)
			break;
	}
	*q = full ? quo : rem_parity_f32(pre, mx, inv);
	return ldexp_f32(mx, ey);
}

static inline double rem_core_f64(double ax, double ay, uint32_t *q, int full)
{
	int ey = exp_f64(ay), nb = exp_f64(ax) - ey;

	*q = 0;
	if (nb < 0 || ax == 0.0)
		return ax;
	double mx = mant_f64(ax), my = mant_f64(ay), inv = rcp_f64(my), pre = 0.0;
	uint64_t quo = 0;

	for (;;) {
		int s = nb > REM_BITS_F64 ? REM_BITS_F64 : nb;

		pre = ldexp_f64(mx, s);
		double t = __builtin_rint(pre * inv);

		mx = __builtin_fma(-t, my, pre);
		if (mx < 0.0) {
			mx += my;
			t -= 1.0;
		}
		if (full)
			quo = (quo << s) + (uint64_t)t;
		nb -= s;
		if (nb == 0)
			break;
	}
	*q = full ? (uint32_t)quo : rem_parity_f64(pre, mx, inv);
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
