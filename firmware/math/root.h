/* SPDX-License-Identifier: MIT */
/*
 * Refined square roots and their reciprocals from v_rsq_f64 (rsqrt,
 * hypot, rhypot, len, rlen).
 *
 * v_rsq_f64 is a hardware estimate whose precision is not in the fact
 * sheets; LLVM refines it three times for f64 sqrt, so about 2^-22 is
 * assumed here.  The sim model returns the exact value, so only these
 * error bounds, not the model, vouch for real hardware.
 */
#ifndef BH_MATH_ROOT_H
#define BH_MATH_ROOT_H

#include "ocml.h"

/*
 * For results that end as f32 (2^-24 is all they need): sqrt(s) and
 * 1/sqrt(s) for s in [2^-767, 2^767] from v_rsq_f64's estimate r and one
 * Newton step, within about 2^-44 relative (3e^2/8 for e = 1 - s r^2 of
 * about 2^-22), so the final rounding to f32 is wrong only when the
 * exact result is within 2^-44 of a rounding boundary.  s = 0 gives 0
 * and +inf respectively.
 */
static inline double sqrt_for_f32(double s)
{
	double r = __builtin_amdgcn_rsq(s), g = s * r;
	double e = __builtin_fma(-g, r, 1.0);
	double y = __builtin_fma(0.5 * g, e, g);

	return s == 0.0 ? 0.0 : y;
}

static inline double rsqrt_for_f32(double s)
{
	double r = __builtin_amdgcn_rsq(s);
	double e = __builtin_fma(-(s * r), r, 1.0);

	return __builtin_fma(0.5 * r, e, r);
}

/*
 * sqrt(s) and 1/sqrt(s) to about 0.5 ulp for s in [2^-8, 8], where no
 * scaling is needed: v_rsq_f64's estimate, a Goldschmidt pair
 * (g ~ sqrt(s), h ~ 1/(2 sqrt(s))) refined once, and a last correction
 * from the FMA residual s - g^2 (the scheme LLVM uses for f64 sqrt,
 * without its range scaling).
 */
static inline double sqrt_unit_f64(double s)
{
	double r = __builtin_amdgcn_rsq(s), g = s * r, h = 0.5 * r;
	double e = __builtin_fma(-g, h, 0.5);

	g = __builtin_fma(g, e, g);
	h = __builtin_fma(h, e, h);
	double d = __builtin_fma(-g, g, s);

	g = __builtin_fma(d, h, g);
	d = __builtin_fma(-g, g, s);
	return __builtin_fma(d, h, g);
}

/* The third-order step of rsqrt.c from v_rsq_f64's estimate. */
static inline double rsqrt_unit_f64(double s)
{
	double r = __builtin_amdgcn_rsq(s);
	double e = __builtin_fma(-(s * r), r, 1.0);

	return __builtin_fma(r * e, __builtin_fma(e, 0.375, 0.5), r);
}

#endif /* BH_MATH_ROOT_H */
