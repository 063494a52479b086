/* SPDX-License-Identifier: MIT */
/*
 * atanh: odd; atanh|x| = log1p(2|x| / (1 - |x|)) / 2 with the quotient
 * as a double-double (1 - |x| exact as a pair), so small |x| keeps its
 * relative accuracy (below 2^-20, x + x^3/3 directly).  Float in
 * double: log((1 + |x|) / (1 - |x|)) / 2, where 1 ± |x| are exact and
 * the quotient's error (2^-44, one Newton step on v_rcp) costs
 * 2^-44 / atanh|x| relative; below 2^-12 the result is x itself
 * (x (1 + x^2/3 ...) rounds to x).  atanh(±0) = ±0, atanh(±1) = ±inf,
 * NaN beyond.
 * Measured max error (tests/math/hyperbolic.hip): 0 ulp f32 (CUDA's
 * bound 3), 0 ulp f64 (bound 2).
 */
#include "logk.h"

OCML_EXPORT __attribute__((pure)) float __ocml_atanh_f32(float x);
OCML_EXPORT __attribute__((pure)) double __ocml_atanh_f64(double x);

static inline double atanh_special(double ax, double r)
{
	r = ax == 1.0 ? BH_INF_F64 : r;
	return ax > 1.0 || (!MATH_FINITE_ONLY && isnan_f64(ax)) ? BH_NAN_F64 : r;
}

float __ocml_atanh_f32(float x)
{
	double ax = __builtin_fabs((double)x);
	double r = 0.5 * log_lite((1.0 + ax) * rcp1_f64(1.0 - ax));

	r = ax < 0x1p-12 ? ax : r;
	return __builtin_copysignf((float)atanh_special(ax, r), x);
}

double __ocml_atanh_f64(double x)
{
	double dl, ql, lo;
	double ax = __builtin_fabs(x);
	double dh = fast_two_sum(1.0, -ax, &dl);
	double qh = dd_div(ax + ax, 0.0, dh, dl, &ql);
	double hi = log1p_dd_f64(qh, ql, &lo);
	/* |x| < 2^-20: x + x^3/3 (the next term is 2^-82 of x); below
	 * 2^-52 the kernel's 1 + a would keep little of a */
	double tiny = __builtin_fma(ax * ax * ax, 1.0 / 3.0, ax);
	double r = ax < 0x1p-20 ? tiny : 0.5 * (hi + lo);

	return __builtin_copysign(atanh_special(ax, r), x);
}
