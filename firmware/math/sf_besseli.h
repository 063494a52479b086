/* SPDX-License-Identifier: MIT */
/*
 * The modified Bessel functions i0 and i1 (cyl_bessel_i0/i1), in double;
 * `p64` picks the f64 or the f32 polynomial set (sf_besseli_coef.h).
 * Up to 8: i0 = P(x^2), i1 = x P(x^2) (all coefficients positive, no
 * cancellation).  Beyond: i_n(x) = e^x G(v) / sqrt(x) with G a fit of
 * sqrt(x) e^-x i_n(x) in v = 16/x - 1 (centred: in 1/x the coefficients
 * grow and cancel), e^x as m 2^k so the overflow (713.99 for f64) rounds
 * once, 1/sqrt(x) from rsq and one Newton step.  About 2.5 ulp
 * (f64) at worst: G and its evaluation 1, exp 0.6, the products.
 */
#ifndef BH_MATH_SF_BESSELI_H
#define BH_MATH_SF_BESSELI_H

#include "sf.h"
#include "sf_besseli_coef.h"

/* e^x G(16/x - 1) / sqrt(x) for 8 < x <= 1000, g the fit (n terms). */
static inline double sf_besseli_large(double x, const double *g, int n, int p64)
{
	int k;
	double m = sf_exp(x, 0.0, &k, p64);
	double y = __builtin_amdgcn_rsq(x), yy = y * y;

	y = __builtin_fma(0.5 * y, __builtin_fma(-x, yy, 1.0), y);
	double v = __builtin_fma(16.0, sf_rcp(x), -1.0);	/* 16/x - 1 in [-1, 1) */

	return ldexp_f64(m * (sf_horner(g, n, v) * y), k);
}

#define SF_BESSELI_LARGE(x, n, p64)                                                   \
	((p64) ? sf_besseli_large((x), sf_i##n##_large64, SF_N(sf_i##n##_large64), 1) : \
		 sf_besseli_large((x), sf_i##n##_large32, SF_N(sf_i##n##_large32), 0))

/* i0(|x|) and i1(|x|) for finite or infinite x (NaN is the caller's). */
static inline double sf_i0(double x, int p64)
{
	double ax = __builtin_fmin(__builtin_fabs(x), 1000.0);

	if (ax <= 8.0)
		return p64 ? SF_POLY(sf_i0_small64, ax * ax) : SF_POLY(sf_i0_small32, ax * ax);
	return SF_BESSELI_LARGE(ax, 0, p64);
}

static inline double sf_i1(double x, int p64)
{
	double ax = __builtin_fmin(__builtin_fabs(x), 1000.0);

	if (ax <= 8.0)
		return ax * (p64 ? SF_POLY(sf_i1_small64, ax * ax) : SF_POLY(sf_i1_small32, ax * ax));
	return SF_BESSELI_LARGE(ax, 1, p64);
}

#endif /* BH_MATH_SF_BESSELI_H */
