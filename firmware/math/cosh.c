/* SPDX-License-Identifier: MIT */
/*
 * cosh: (e^|x| + e^-|x|) / 2, even.  Double: e^|x| = 2^n (eh + el)
 * from the expk.h kernel, 1/(eh + el) from v_rcp refined and corrected
 * by its residual, each half scaled by 2^(n-1) or 2^(-n-1) (so e^|x|
 * itself never overflows before the halving, up to the threshold
 * 710.48), then one double-double sum rounded once.  Float: the same
 * in double with the _lite kernel.  cosh(±0) = 1, cosh(±inf) = +inf.
 * Measured max error (tests/math/hyperbolic.hip): 0 ulp f32 (CUDA's
 * bound 2), 1 ulp f64 (bound 1).
 */
#include "expk.h"

OCML_EXPORT __attribute__((pure)) float __ocml_cosh_f32(float x);
OCML_EXPORT __attribute__((pure)) double __ocml_cosh_f64(double x);

float __ocml_cosh_f32(float x)
{
	double e = exp_lite(__builtin_fmin(__builtin_fabs((double)x), 100.0));

	float r = (float)(0.5 * e + 0.5 * rcp1_f64(e));

	return MATH_FINITE_ONLY || !isnan_f32(x) ? r : x;
}

double __ocml_cosh_f64(double x)
{
	double rh, rl, ql, el, il, sl;
	double ax = __builtin_fabs(x);

	ax = ax > 711.0 ? 711.0 : ax;
	int n = exp_reduce_f64(ax, &rh, &rl);
	double qh = expm1_kernel_f64(rh, rl, &ql);
	double eh = exp_from_q(qh, ql, &el);
	double ih = dd_div(1.0, 0.0, eh, el, &il);
	double a = ldexp_f64(eh, n - 1), b = ldexp_f64(ih, -n - 1);
	double s = fast_two_sum(a, b, &sl);	/* a >= b: e^|x| >= 1 */
	double r = s + (sl + (ldexp_f64(el, n - 1) + ldexp_f64(il, -n - 1)));

	/* past the threshold a is +inf and the low parts NaN */
	r = !MATH_FINITE_ONLY && isinf_f64(a) ? a : r;
	return MATH_FINITE_ONLY || !isnan_f64(x) ? r : x;
}
