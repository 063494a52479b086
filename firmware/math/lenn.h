/* SPDX-License-Identifier: MIT */
/*
 * The Euclidean length of a vector of any dimension (norm.c, rnorm.c:
 * CUDA's normf(dim, a), rnorm(dim, a) and relatives, "without undue
 * overflow or underflow").  clang-19's header only has a placeholder
 * that sums the squares in the format itself; kit/include/hip/bh/math.h
 * puts these in its place.
 *
 * dim <= 0 is the empty vector, of length 0.  An infinite component
 * makes the length +inf even next to a NaN (as hypot, C99 Annex F);
 * otherwise a NaN makes it NaN.
 *
 * f32: in double, with no scaling: every square of a float is exact in
 * double and lies in [2^-298, 2^256].  The sum of dim squares rounds
 * dim - 1 times at 2^-53, the root (root.h) adds about 2^-44, so before
 * the one rounding to float the relative error is below 2^-43 for
 * dim < 2^10 (2^-33 for dim < 2^20): the result is the correctly
 * rounded one or, within that distance of a tie, its neighbour (1 ulp).
 *
 * f64: two passes.  The first finds the largest |a[i]|, 2^(e-1) <= m
 * < 2^e; the second sums the squares of a[i] 2^-e, each exact as a
 * double-double (FMA) and accumulated with a two-sum, so the sum S in
 * [2^-2, dim) carries a relative error of about dim 2^-104.  A component
 * 2^-1022 below the largest loses bits in the scaling but contributes
 * less than 2^-2044 of S.  S is scaled by an even power of two into
 * [0.5, 2) and the root (or reciprocal root) refined once from the
 * double-double residual, to within 0.5 ulp plus about 2^-50 of it:
 * 1 ulp at most.  The final scaling by 2^k rounds again only for a
 * denormal result, which stays within 1 ulp.
 */
#ifndef BH_MATH_LENN_H
#define BH_MATH_LENN_H

#include "root.h"

/* f32: the sum of squares in double; *inf when some component is. */
static inline double lenn_sumsq_f32(int dim, const float *a, int *inf)
{
	double s = 0.0;
	int k = 0;

	for (int i = 0; i < dim; i++) {
		double t = (double)a[i];

		s = __builtin_fma(t, t, s);
		k |= isinf_f32(a[i]);
	}
	*inf = k;
	return s;
}

/*
 * f64: S = (hi + lo) 2^(2e + 2q) with hi + lo in [0.5, 2); returns e + q
 * through *scale, so that sqrt(S) = sqrt(hi + lo) 2^*scale.  hi = 0 for
 * the zero vector; *inf, *nan say whether a component is infinite or NaN
 * (hi and lo are then meaningless).
 */
static inline double lenn_sumsq_f64(int dim, const double *a, double *lo, int *scale, int *inf,
				    int *nan)
{
	double m = 0.0, s = 0.0, c = 0.0;
	int fi = 0, fn = 0;

	for (int i = 0; i < dim; i++) {
		double x = __builtin_fabs(a[i]);

		m = __builtin_fmax(m, x); /* fmax skips NaN */
		fi |= isinf_f64(x);
		fn |= isnan_f64(x);
	}
	int e = exp_f64(m); /* 0 for m = 0 */

	for (int i = 0; i < dim; i++) {
		double t = ldexp_f64(a[i], -e);
		double p = t * t, pe = __builtin_fma(t, t, -p);
		/* s + p = u + (the two-sum's rounding error) */
		double u = s + p, bp = u - s;

		c += ((s - (u - bp)) + (p - bp)) + pe;
		s = u;
	}
	double hi = s + c;

	*lo = c - (hi - s);
	/* hi = f 2^j, f in [0.5, 1): the even shift 2q, q = floor(j / 2),
	 * puts hi 2^-2q in [0.5, 2). */
	int q = exp_f64(hi) >> 1;

	*lo = ldexp_f64(*lo, -2 * q);
	*scale = e + q;
	*inf = fi;
	*nan = fn;
	return ldexp_f64(hi, -2 * q);
}

#endif /* BH_MATH_LENN_H */
