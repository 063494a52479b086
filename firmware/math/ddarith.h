/* SPDX-License-Identifier: MIT */
/*
 * Double-double steps for the exp/log family: a value carried as an
 * unevaluated sum hi + lo (|lo| about ulp(hi) or less) keeps about 106
 * bits through the reductions whose rounding would otherwise cost most
 * of an ulp (pow's y*log(x), expm1's 2^n - 1, log's e*ln2 + log(m)).
 */
#ifndef BH_MATH_DDARITH_H
#define BH_MATH_DDARITH_H

#include "ocml.h"

/* a + b = s + *e exactly, when a is zero or |a| >= |b| (Fast2Sum). */
static inline double fast_two_sum(double a, double b, double *e)
{
	double s = a + b;

	*e = (a - s) + b;
	return s;
}

/* a + b = s + *e exactly, any order (Knuth's TwoSum). */
static inline double two_sum(double a, double b, double *e)
{
	double s = a + b, bb = s - a;

	*e = (a - (s - bb)) + (b - bb);
	return s;
}

/*
 * 1/d to about 2^-44 relative: one Newton step on v_rcp_f64, assuming
 * only that the estimate is within 2^-22 (the sim model's is correctly
 * rounded).  Callers that need more correct the quotient with its exact
 * FMA residual, which squares this error again.
 */
static inline double rcp1_f64(double d)
{
	double r = __builtin_amdgcn_rcp(d);

	return __builtin_fma(r, __builtin_fma(-d, r, 1.0), r);
}

/*
 * (ah + al) / (dh + dl) as a double-double, relative error about 2^-88:
 * q = ah/dh to 2^-44, then the residual ah + al - q (dh + dl), whose
 * main part the FMA forms exactly, gives the correction.
 */
static inline double dd_div(double ah, double al, double dh, double dl, double *ql)
{
	double inv = rcp1_f64(dh), qh = ah * inv;
	double rem = __builtin_fma(-qh, dh, ah) + (al - qh * dl);

	*ql = rem * inv;
	return qh;
}

#endif /* BH_MATH_DDARITH_H */
