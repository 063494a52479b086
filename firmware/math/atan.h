/* SPDX-License-Identifier: MIT */
/*
 * atan2(y, x), and atan(x) = atan2(x, 1), from one reduction.  With
 * mn = min(|x|, |y|), mx = max(|x|, |y|):
 *   v = mn/mx <= tan(pi/8):  phi = atan(mn / mx)
 *   otherwise:                phi = pi/4 + atan((mn - mx) / (mn + mx))
 * so the polynomial only sees |t| <= tan(pi/8); then
 *   theta' = |y| > |x| ? pi/2 - phi : phi,  theta = x < 0 ? pi - theta'
 * : theta', and the result takes y's sign.  All of it is
 * theta = k pi/4 + S atan(t) with k in 0..4 and S = ±1.
 *
 * f64: both operands are scaled by one power of two so that mx is in
 * [1, 2) (no overflow in mn + mx, no denormal reciprocal); when that
 * makes mn denormal, the result is below 2^-1021 and is the quotient
 * mn/mx itself, divided unscaled.  a = mn - mx and
 * b = mn + mx are split by two-sums, the quotient carries its FMA
 * residual as tl, and atan(th + tl) = atan(th) + tl / (1 + th^2).
 * f32 computes the same in double without scaling (quotients of floats
 * cannot overflow a double).
 *
 * Annex F: atan2(±0, +0) = ±0, atan2(±0, -0) = ±pi, atan2(y, ±0) =
 * ±pi/2, atan2(±inf, ±inf) = ±pi/4 or ±3pi/4, atan2(finite, ±inf) = ±0
 * or ±pi; NaN in, NaN out.
 *
 * Coefficients: scripts/math/trig_poly.py (relative error of atan on
 * |t| <= tan(pi/8), measured with rounded coefficients).
 */
#ifndef BH_MATH_ATAN_H
#define BH_MATH_ATAN_H

#include "trigred.h"

#define ATAN_TAN_PI_8 0x1.a827999fcef32p-2
#define ATAN_PIO4_H 0x1.921fb54442d18p-1
#define ATAN_PIO4_L 0x1.1a62633145c07p-55

/* T(u), atan t = t + t^3 T(t^2), u in [0, 0.1716]: within 2^-57.4. */
static inline double atan_poly_f64(double u)
{
	double p = __builtin_fma(u, -0x1.255b14a0088cbp-6, 0x1.37ce0b6c73712p-5);

	p = __builtin_fma(u, p, -0x1.9ccf7655d7ceep-5);
	p = __builtin_fma(u, p, 0x1.df0e7e2289196p-5);
	p = __builtin_fma(u, p, -0x1.10eba8a254856p-4);
	p = __builtin_fma(u, p, 0x1.3b11179194099p-4);
	p = __builtin_fma(u, p, -0x1.745cf8c33d611p-4);
	p = __builtin_fma(u, p, 0x1.c71c70e50c39cp-4);
	p = __builtin_fma(u, p, -0x1.24924922aa486p-3);
	p = __builtin_fma(u, p, 0x1.99999999957ccp-3);
	return __builtin_fma(u, p, -0x1.555555555553dp-2);
}

/* T(u) for f32 results: within 2^-35.4. */
static inline double atan_poly_f32(double u)
{
	double p = __builtin_fma(u, 0x1.84a1ddc20936ep-5, -0x1.5b301c176df7bp-4);

	p = __builtin_fma(u, p, 0x1.c463fb5f8ae1cp-4);
	p = __builtin_fma(u, p, -0x1.247eda47438fdp-3);
	p = __builtin_fma(u, p, 0x1.999918a026ac7p-3);
	return __builtin_fma(u, p, -0x1.555554c603c93p-2);
}

/*
 * The reduction's bookkeeping for |y| = ay, |x| = ax (not NaN; inf and
 * zero allowed): *mn, *mx cleaned of infinities and double zeros, *k
 * the multiple of pi/4, *neg whether atan(t) is subtracted, *red whether
 * t = (mn - mx)/(mn + mx).
 */
static inline void atan_setup(double ay, double ax, int xneg, double *mn, double *mx,
			      int *k, int *neg, int *red)
{
	int swap = ay > ax;
	double lo = swap ? ax : ay, hi = swap ? ay : ax;

	/* one infinity: the ratio is 0; two: it is 1; two zeros: 0/1 */
	lo = isinf_f64(hi) ? (isinf_f64(lo) ? 1.0 : 0.0) : lo;
	hi = isinf_f64(hi) || hi == 0.0 ? 1.0 : hi;
	*red = lo > ATAN_TAN_PI_8 * hi;
	int kk = swap ? 2 - *red : *red;

	*k = xneg ? 4 - kk : kk;
	*neg = swap ^ xneg;
	*mn = lo;
	*mx = hi;
}

/* |theta| as k pi/4 + S atan(t) in double-double, then rounded. */
static inline double atan2_core_f64(double y, double x)
{
	double mn, mx;
	int k, neg, red;

	atan_setup(__builtin_fabs(y), __builtin_fabs(x), __builtin_signbit(x), &mn, &mx,
		   &k, &neg, &red);
	int sc = 1 - exp_f64(mx);	/* mx in [1, 2) after scaling */
	double smn = ldexp_f64(mn, sc), smx = ldexp_f64(mx, sc);
	double al = 0.0, bl = 0.0;
	double ah = red ? trig_two_sum(smn, -smx, &al) : smn;
	double bh = red ? trig_two_sum(smn, smx, &bl) : smx;
	double yb = rcp_f64(bh), th = ah * yb;
	double rem = __builtin_fma(-th, bh, ah) + al;

	rem = __builtin_fma(-th, bl, rem);
	double tl = rem * yb;

	/*
	 * A scaled mn below 2^-1022 has been rounded, and rounding the
	 * quotient again could miss the correctly rounded denormal (or
	 * zero) result.  The result is then mn/mx itself (atan t = t to
	 * 2^-2000), so the IEEE division of the unscaled values gives it
	 * with one rounding.  Rare: a branch.
	 */
	if (smn < 0x1p-1022) {
		th = mn / mx;
		tl = 0.0;
	}
	double u = th * th;
	/* atan(th + tl) = th + (tl (1 - u) + th u T(u)) to 2^-58 */
	double corr = __builtin_fma(th * u, atan_poly_f64(u), __builtin_fma(-tl, u, tl));
	double kd = (double)k;
	double bhi = kd * ATAN_PIO4_H;
	double blo = __builtin_fma(kd, ATAN_PIO4_H, -bhi);
	double e, h = trig_two_sum(bhi, neg ? -th : th, &e);

	blo = __builtin_fma(kd, ATAN_PIO4_L, blo) + e;
	double v = h + (neg ? blo - corr : blo + corr);

	return __builtin_copysign(v, y);
}

static inline double atan2_core_f32(double y, double x)
{
	double mn, mx;
	int k, neg, red;

	atan_setup(__builtin_fabs(y), __builtin_fabs(x), __builtin_signbit(x), &mn, &mx,
		   &k, &neg, &red);
	/* floats: mn - mx and mn + mx are exact in double */
	double a = red ? mn - mx : mn, b = red ? mn + mx : mx;
	double t = a * rcp_f64(b), u = t * t;
	double at = __builtin_fma(t * u, atan_poly_f32(u), t);
	double v = __builtin_fma((double)k, ATAN_PIO4_H, neg ? -at : at);

	return __builtin_copysign(v, y);
}

#endif /* BH_MATH_ATAN_H */
