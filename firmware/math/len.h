/* SPDX-License-Identifier: MIT */
/*
 * Euclidean lengths (hypot, len3, len4 and their reciprocals).
 *
 * C99 Annex F: an infinite component makes the length +inf even when
 * another is NaN; otherwise a NaN makes it NaN.
 *
 * f32: in double, where every square is exact and the sum of up to four
 * rounds at 2^-53; the (reciprocal) root comes from v_rsq_f64 and one
 * Newton step (root.h), about 2^-44, so the single rounding to float
 * dominates (0.5 ulp plus a hair).  f64: scaled by the largest component's exponent so no
 * square overflows or underflows (a component 2^-1000 below the largest
 * underflows harmlessly), summed with FMAs, square root, scaled back.
 */
#ifndef BH_MATH_LEN_H
#define BH_MATH_LEN_H

#include "root.h"

static inline double sumsq_f32(const float *v, int n)
{
	double s = 0.0;

	for (int i = 0; i < n; i++)
		s = __builtin_fma((double)v[i], (double)v[i], s);
	return s;
}

/*
 * The sum of squares of v scaled by 2^-2e, e the exponent of the largest
 * |v[i]|: in [0.25, n) (0 when every v[i] is 0, e then 0).  Branch-free;
 * infinities and NaNs come out as garbage for the caller to override.
 */
static inline double sumsq_scaled_f64(const double *v, int n, int *e)
{
	double m = 0.0, s = 0.0;

	for (int i = 0; i < n; i++)
		m = __builtin_fmax(m, __builtin_fabs(v[i]));
	*e = exp_f64(m);
	for (int i = 0; i < n; i++) {
		double t = ldexp_f64(v[i], -*e);

		s = __builtin_fma(t, t, s);
	}
	return s;
}

/* +inf for an infinite component, else NaN for a NaN, else r. */
static inline double len_fix_f64(const double *v, int n, double r, double inf_value)
{
	int inf = 0, nan = 0;

	for (int i = 0; i < n; i++) {
		inf |= isinf_f64(v[i]);
		nan |= isnan_f64(v[i]);
	}
	return inf ? inf_value : nan ? BH_NAN_F64 : r;
}

#endif /* BH_MATH_LEN_H */
