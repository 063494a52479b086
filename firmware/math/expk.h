/* SPDX-License-Identifier: MIT */
/*
 * The exponential kernels behind exp, exp2, exp10, expm1, pow, pown,
 * sinh, cosh and tanh.
 *
 * Reduction: x = n ln2 + r with n = rint(x / ln2), |r| <= ln2/2, and
 * e^x = 2^n e^r; the final v_ldexp is exact, or rounds once into the
 * denormals.  No table: one polynomial on the whole |r| <= ln2/2,
 *     e^r - 1 = r + r^2 H(r),
 * which gives expm1 its relative accuracy near 0 for free.
 *
 * For exp, x - n*LN2_HI is exact with one FMA: when n != 0, |x| > 1/4,
 * so x and n*LN2_HI both lie on the 2^-54 grid and the difference, below
 * 1/2, needs at most 53 bits of it; n*LN2_LO (below 2^-45) is the rest.
 *
 * Double, plain (exp, exp2, exp10): r = rh - n*LN2_LO rounded once
 * (2^-55 at most: 0.25 ulp), e^r = 1 + r (1 + r H(r)) with the shorter
 * H of exp_h64s (its error 2^-53 scaled by r^2 <= 0.121: 0.2 ulp; the
 * inner rounding 0.35 ulp at most), the final rounding 0.5: within
 * about 1.3 ulp, so at most 1 ulp from the correctly rounded result.
 * Double, double-double (expm1, pow, sinh, cosh, tanh): r as rh + rl and
 * e^(rh+rl) - 1 = rh + w + rl (1 + rh + w), w = rh^2 H(rh) (dropping
 * rl^2/2 < 2^-89), as qh + ql: within about 2^-57 of e^r - 1.
 *
 * Float: exp, exp2 and exp10 are v_exp_f32 of the reduced fraction
 * (|f| <= 1/2, so never a denormal) scaled by v_ldexp: the hardware's
 * documented 1 ulp plus f's rounding (2^-25.5 relative, 0.35 ulp) stays
 * within CUDA's 2; the model's v_exp_f32 is correctly rounded, which the
 * bound does not rely on.  The functions that need more (expm1's bound
 * is 1, sinh/cosh/tanh/pow combine several terms) compute in double with
 * the _lite kernels: a shorter H (2^-35.2) and a plain double r give e^r
 * within 2^-37.5, rounded once to float (denormals included); on
 * gfx90a/gfx942 a double FMA is one instruction like a float one.
 *
 * The kernels convert n to int, which a NaN argument makes undefined:
 * every caller clamps with fmin/fmax (NaN becomes a number) or selects
 * its NaN result from the argument.
 */
#ifndef BH_MATH_EXPK_H
#define BH_MATH_EXPK_H

#include "ddarith.h"

#define LOG2E_F64 0x1.71547652b82fep+0		/* 1/ln2 */
#define LN2_HI_F64 0x1.62e42fefa39efp-1		/* ln2 rounded */
#define LN2_LO_F64 0x1.abc9e3b39803fp-56	/* ln2 - LN2_HI */

/* x clamped to [lo, hi]; NaN becomes lo (the caller selects NaN). */
static inline double clamp_f64(double x, double lo, double hi)
{
	return __builtin_fmin(__builtin_fmax(x, lo), hi);
}

/*
 * H(r) = (e^r - 1 - r) / r^2, minimax on |r| <= ln2/2 + 2^-40
 * (scripts/math/explog_coeffs.py exp_h64): max error 2^-58.42.
 */
static inline double exp_h64(double r)
{
	double h = __builtin_fma(r, 0x1.1f8b45c61c8eep-29, 0x1.af4dde4204b94p-26);

	h = __builtin_fma(r, h, 0x1.27e4ccd1c5466p-22);
	h = __builtin_fma(r, h, 0x1.71de0236f04bcp-19);
	h = __builtin_fma(r, h, 0x1.a01a01acf93ddp-16);
	h = __builtin_fma(r, h, 0x1.a01a01abe6526p-13);
	h = __builtin_fma(r, h, 0x1.6c16c16c15200p-10);
	h = __builtin_fma(r, h, 0x1.11111111100dfp-7);
	h = __builtin_fma(r, h, 0x1.5555555555558p-5);
	h = __builtin_fma(r, h, 0x1.5555555555557p-3);
	return __builtin_fma(r, h, 0.5);
}

/*
 * H one degree shorter for the plain double kernel exp_scaled_f64
 * (scripts/math/explog_coeffs.py exp_h64s): degree 9, max error 2^-52.98
 * on |r| <= ln2/2 + 2^-40.
 */
static inline double exp_h64s(double r)
{
	double h = __builtin_fma(r, 0x1.af631ebc5339bp-26, 0x1.28917d35430e9p-22);

	h = __builtin_fma(r, h, 0x1.71ddf6ba58232p-19);
	h = __builtin_fma(r, h, 0x1.a019b913f5b86p-16);
	h = __builtin_fma(r, h, 0x1.a01a01b009eaap-13);
	h = __builtin_fma(r, h, 0x1.6c16c1788a205p-10);
	h = __builtin_fma(r, h, 0x1.111111110f808p-7);
	h = __builtin_fma(r, h, 0x1.5555555553d67p-5);
	h = __builtin_fma(r, h, 0x1.5555555555558p-3);
	return __builtin_fma(r, h, 0x1.0000000000001p-1);
}

/*
 * The same H for the double computations of the float functions
 * (exp_h32): degree 6, max error 2^-35.17 on |r| <= ln2/2 + 2^-40.
 */
static inline double exp_h32(double r)
{
	double h = __builtin_fma(r, 0x1.a15a549d590b7p-16, 0x1.a1516cac37798p-13);

	h = __builtin_fma(r, h, 0x1.6c165237aa699p-10);
	h = __builtin_fma(r, h, 0x1.1110c638a1bd4p-7);
	h = __builtin_fma(r, h, 0x1.5555556f06da6p-5);
	h = __builtin_fma(r, h, 0x1.5555556751350p-3);
	return __builtin_fma(r, h, 0x1.fffffffffc0cap-2);
}

/*
 * 2^n e^r for |r| <= ln2/2 + 2^-40 (the plain double kernel): Horner to
 * the end, e^r = 1 + r (1 + r H(r)); the inner sum rounds by 2^-53
 * relative, r times that is 0.35 ulp at most, then the final rounding.
 */
static inline double exp_scaled_f64(double r, double n)
{
	double e = __builtin_fma(r, __builtin_fma(r, exp_h64s(r), 1.0), 1.0);

	return ldexp_f64(e, (int)n);
}

/* x = n ln2 + rh + rl for |x| <= 1100 (see above for exactness). */
static inline int exp_reduce_f64(double x, double *rh, double *rl)
{
	double n = __builtin_rint(x * LOG2E_F64);

	*rh = __builtin_fma(-n, LN2_HI_F64, x);
	*rl = -n * LN2_LO_F64;
	return (int)n;
}

/*
 * e^(rh+rl) - 1 = qh + *ql for |rh| <= ln2/2 + 2^-40, |rl| <= 2^-40.
 * qh + ql by Fast2Sum: when |rh| < |v| both are below 2^-40 and the
 * sum's rounding error, below 2^-93, does not matter.
 */
static inline double expm1_kernel_f64(double rh, double rl, double *ql)
{
	double w = rh * rh * exp_h64(rh);
	double v = __builtin_fma(rl, rh + w, rl) + w;

	return fast_two_sum(rh, v, ql);
}

/* e^r = 1 + q as eh + *el (Fast2Sum: |q| < 0.42). */
static inline double exp_from_q(double qh, double ql, double *el)
{
	double eh = fast_two_sum(1.0, qh, el);

	*el += ql;
	return eh;
}

/*
 * e^x - 1 = hi + *lo for -40 <= x <= 709.79, within about 2^-56
 * relative: p q + c with p = 2^n and c = p - 1, exact for n <= 53 (and
 * 0 for n = 0, where the result is q itself, relative).  The FMA rounds
 * once and its error is recovered exactly (h - c is exact by Sterbenz
 * but for n = 1 with q < -1/4, where its rounding is 2^-56 of the
 * result).  Past n = 53, 2 (p q + p) with p = 2^(n-1) (finite even for
 * n = 1024), the -1 in the low part; the final doubling is exact, or
 * overflows as expm1 does.
 */
static inline double expm1_dd_f64(double x, double *lo)
{
	double rh, rl, ql;
	int n = exp_reduce_f64(x, &rh, &rl);
	double qh = expm1_kernel_f64(rh, rl, &ql);
	int big = n > 53;
	double p = ldexp_f64(1.0, n - big);
	double c = big ? p : p - 1.0;
	double h = __builtin_fma(p, qh, c);
	double hl = __builtin_fma(-p, qh, h - c);

	*lo = ldexp_f64(__builtin_fma(p, ql, (big ? -0.5 : 0.0) - hl), big);
	return ldexp_f64(h, big);
}

/*
 * e^t for the float functions, t within [-200, 200] (beyond, every f32
 * result is 0 or inf already): within 2^-37.5 relative.
 */
static inline double exp_lite(double t)
{
	double n = __builtin_rint(t * LOG2E_F64);
	double r = __builtin_fma(-n, LN2_HI_F64, t);
	double q = __builtin_fma(r * r, exp_h32(r), r);

	return ldexp_f64(1.0 + q, (int)n);
}

/*
 * 2^t for the float functions, t within [-300, 300]: n = rint(t) and
 * t - n are exact, so an integral t gives 2^t exactly (and the final
 * conversion then rounds a tie such as 2^-150 to even, as it should).
 * Within 2^-37.5 relative.
 */
static inline double exp2_lite(double t)
{
	double n = __builtin_rint(t);
	double r = (t - n) * LN2_HI_F64;
	double q = __builtin_fma(r * r, exp_h32(r), r);

	return ldexp_f64(1.0 + q, (int)n);
}

/*
 * e^t - 1 for the float functions, t within [-200, 200]: 2^n q +
 * (2^n - 1), one rounding, where the cancellation magnifies q's error at
 * most 2.4 times (n = -1); for n = 0 that is 1 * q + 0, q itself with its
 * 2^-36.7 relative error (no select needed).
 */
static inline double expm1_lite(double t)
{
	double n = __builtin_rint(t * LOG2E_F64);
	double r = __builtin_fma(-n, LN2_HI_F64, t);
	double q = __builtin_fma(r * r, exp_h32(r), r);
	double p = ldexp_f64(1.0, (int)n);

	return __builtin_fma(p, q, p - 1.0);
}

#endif /* BH_MATH_EXPK_H */
