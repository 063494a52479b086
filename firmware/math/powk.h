/* SPDX-License-Identifier: MIT */
/*
 * pow and pown: x^y = e^(y log|x|), and C99 Annex F's special cases.
 *
 * Double: log|x| = lh + ll to about 2^-64 relative (logk.h), t = y log|x|
 * as th + tl with the product's error from the FMA, then e^t from the
 * expk.h kernel fed the double-double t.  |t| <= 745 for every result
 * that neither overflows nor underflows, so t is known to 2^-54.5
 * absolute: 0.35 ulp at most in the result, plus the exp kernel's
 * 2^-57 and the final rounding (measured: 1 ulp; CUDA's bound is 2).
 * Float: the same in double with the _lite kernels in base 2 (2^-42.5
 * and 2^-37.5): y log2|x| is within 2^-42 relative, |t| <= 150, so 2^t
 * is within 2^-34.5 relative and the float result within 0.5 ulp +
 * 2^-10 ulp.
 */
#ifndef BH_MATH_POWK_H
#define BH_MATH_POWK_H

#include "logk.h"

/* ax^y for finite ax > 0 and finite y. */
static inline double pow_core_f64(double ax, double y)
{
	double ll, lh = log_dd_f64(ax, &ll);
	double th = y * lh;
	double tl = __builtin_fma(y, lh, -th) + y * ll;
	/* Past the overflow (709.78) or underflow (-745.13) threshold, or
	 * th = ±inf, the result saturates; keep the reduction in range. */
	int sat = th > 710.0 || th < -746.0;

	th = th > 710.0 ? 710.0 : th;
	th = th < -746.0 ? -746.0 : th;
	tl = sat ? 0.0 : tl;
	double n = __builtin_rint(th * LOG2E_F64);
	double rh = __builtin_fma(-n, LN2_HI_F64, th);	/* exact, as for exp */
	double rl = __builtin_fma(-n, LN2_LO_F64, tl);
	double ql, el;
	double qh = expm1_kernel_f64(rh, rl, &ql);
	double eh = exp_from_q(qh, ql, &el);

	return ldexp_f64(eh + el, (int)n);
}

/*
 * ax^y for the float functions: finite ax > 0, y finite.  In base 2, so
 * that a power of two to an integral power is exact before the final
 * conversion rounds it (2^-150 must tie to 0, not become 2^-149).
 */
static inline double pow_core_lite(double ax, double y)
{
	return exp2_lite(clamp_f64(y * log2_lite(ax), -300.0, 300.0));
}

/*
 * The result of pow(x, y) given r = |x|^y from a core (x, y exact in
 * double, so this serves float too):
 *  - y = ±0 or x = 1: 1, even for NaN;
 *  - otherwise a NaN argument: NaN;
 *  - y = ±inf: 1 for x = -1, else +inf if (|x| < 1) == (y < 0), else +0;
 *  - x = ±0 or ±inf: +inf if (x == 0) == (y < 0), else +0, negated for
 *    x = -0 or -inf and an odd integer y;
 *  - finite x < 0: -r for odd integer y, r for even, NaN otherwise.
 * All selects: a wave never diverges on them.  With finite-only math the
 * infinite and NaN arguments are not tested.
 */
static inline double pow_fixup(double x, double y, double r)
{
	double ax = __builtin_fabs(x);
	int yint = __builtin_trunc(y) == y;
	/* |y| >= 2^53 is even: 0.5 y is then an integer too */
	int yodd = yint && __builtin_trunc(0.5 * y) != 0.5 * y;
	int neg = __builtin_signbit(x) && yodd;

	r = x < 0.0 && yodd ? -r : r;
	r = x < 0.0 && !yint ? BH_NAN_F64 : r;
	double zi = (ax == 0.0) == (y < 0.0) ? BH_INF_F64 : 0.0;

	r = ax == 0.0 || ax == BH_INF_F64 ? (neg ? -zi : zi) : r;
	double yi = (ax < 1.0) == (y < 0.0) ? BH_INF_F64 : 0.0;

	r = !MATH_FINITE_ONLY && isinf_f64(y) ? (ax == 1.0 ? 1.0 : yi) : r;
	r = !MATH_FINITE_ONLY && (isnan_f64(x) || isnan_f64(y)) ? BH_NAN_F64 : r;
	return y == 0.0 || x == 1.0 ? 1.0 : r;
}

#endif /* BH_MATH_POWK_H */
