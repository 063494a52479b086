/* SPDX-License-Identifier: MIT */
/*
 * Cube roots (cbrt, rcbrt).  The estimate is exp2(±log2(m)/3) with the
 * f32 hardware v_log/v_exp (about 2^-21) on a mantissa m in [0.5, 4)
 * whose exponent is a multiple of 3 away from x's, so the estimate never
 * meets denormals or overflow; Newton steps in double then square its
 * error (2^-42, then the double rounding limit).
 */
#ifndef BH_MATH_CBRT_H
#define BH_MATH_CBRT_H

#include "ocml.h"

/* |x| = m * 2^(3k) with m in [0.5, 4); x finite and non-zero. */
static inline double cbrt_split(double ax, int *k)
{
	int e = exp_f64(ax);
	/*
	 * floor(e / 3) for e in [-1073, 1024], branch-free: n = e + 3075 is
	 * positive and (n * 43691) >> 17 = floor(n / 3) for every n < 5000
	 * (checked exhaustively), so q = that - 1025.
	 */
	int q = (int)(((uint32_t)(e + 3075) * 43691u) >> 17) - 1025;

	*k = q;
	return ldexp_f64(ax, -3 * q);
}

static inline double cbrt_estimate(double m, float sign)
{
	float l = __builtin_amdgcn_logf((float)m);

	return (double)__builtin_amdgcn_exp2f(sign * l * (1.0f / 3.0f));
}

#endif /* BH_MATH_CBRT_H */
