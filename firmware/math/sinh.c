/* SPDX-License-Identifier: MIT */
/*
 * sinh: odd; |x| < 1: |x| + |x|^3 S(x^2), S minimax; |x| >= 1:
 * (e^|x| - e^-|x|) / 2 as in cosh.c (the difference cancels less than
 * 8%: e^-2|x| < 0.14).  Float in double, the same split with a shorter
 * S and the _lite exp.  sinh(±0) = ±0, sinh(±inf) = ±inf, overflow
 * above 710.48 (f32: 89.42).
 * Measured max error (tests/math/hyperbolic.hip): 0 ulp f32 (CUDA's
 * bound 3), 1 ulp f64 (bound 2).
 */
#include "expk.h"

OCML_EXPORT __attribute__((pure)) float __ocml_sinh_f32(float x);
OCML_EXPORT __attribute__((pure)) double __ocml_sinh_f64(double x);

/*
 * S(z) = (sinh(x) - x) / x^3, z = x^2 in [0, 1]
 * (scripts/math/explog_coeffs.py sinh_s32): degree 4, max error
 * 2^-41.52, below 2^-41 relative to sinh.
 */
static inline double sinh_s32(double z)
{
	double s = __builtin_fma(z, 0x1.b558348798760p-26, 0x1.71d206eeb8ea8p-19);

	s = __builtin_fma(z, s, 0x1.a01a1314d952ep-13);
	s = __builtin_fma(z, s, 0x1.11111108544d7p-7);
	return __builtin_fma(z, s, 0x1.555555555821cp-3);
}

/* The same for double (sinh_s64): degree 6, max error 2^-56.37. */
static inline double sinh_s64(double z)
{
	double s = __builtin_fma(z, 0x1.b412592684858p-41, 0x1.611cb2bdbdff8p-33);

	s = __builtin_fma(z, s, 0x1.ae6460fbe6393p-26);
	s = __builtin_fma(z, s, 0x1.71de3a4e13e7bp-19);
	s = __builtin_fma(z, s, 0x1.a01a01a01ee80p-13);
	s = __builtin_fma(z, s, 0x1.11111111110fdp-7);
	return __builtin_fma(z, s, 0x1.5555555555555p-3);
}

float __ocml_sinh_f32(float x)
{
	double ax = __builtin_fabs((double)x);
	double z = ax * ax;
	double small = __builtin_fma(ax * z, sinh_s32(z), ax);
	double e = exp_lite(__builtin_fmin(ax, 100.0));
	double big = 0.5 * e - 0.5 * rcp1_f64(e);

	float r = __builtin_copysignf((float)(ax < 1.0 ? small : big), x);

	return MATH_FINITE_ONLY || !isnan_f32(x) ? r : x;
}

double __ocml_sinh_f64(double x)
{
	double rh, rl, ql, el, il, sl;
	double ax = __builtin_fabs(x);
	double z = ax * ax;
	double small = __builtin_fma(ax * z, sinh_s64(z), ax);

	ax = ax > 711.0 ? 711.0 : ax;
	int n = exp_reduce_f64(ax, &rh, &rl);
	double qh = expm1_kernel_f64(rh, rl, &ql);
	double eh = exp_from_q(qh, ql, &el);
	double ih = dd_div(1.0, 0.0, eh, el, &il);
	double a = ldexp_f64(eh, n - 1), b = ldexp_f64(ih, -n - 1);
	double s = fast_two_sum(a, -b, &sl);
	double big = s + (sl + (ldexp_f64(el, n - 1) - ldexp_f64(il, -n - 1)));

	big = !MATH_FINITE_ONLY && isinf_f64(a) ? a : big;
	double r = __builtin_copysign(ax < 1.0 ? small : big, x);

	return MATH_FINITE_ONLY || !isnan_f64(x) ? r : x;
}
