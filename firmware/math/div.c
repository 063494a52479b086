/* SPDX-License-Identifier: MIT */
/*
 * x / y rounded to nearest even, up, down or towards zero.  The nearest
 * quotient q (LLVM's correctly rounded expansion) moves one ulp when the
 * residual x - q*y says the exact quotient lies beyond it (rounded.h).
 * f32: the residual in double is exact (q*y has 48 bits, x is close to
 * it).  f64: x, q and y are first scaled by powers of two to about 1, so
 * the FMA residual neither underflows (denormal q) nor overflows, and
 * keeps its sign.  Infinite, zero and NaN operands give exact results.
 */
#include "rounded.h"

static inline int sign_of(double v) { return (v > 0) - (v < 0); }

static inline float div_f32(float x, float y, int m)
{
	float q = x / y;

	if (m == RND_TE || isnan_f32(q) || isinf_f32(x) || isinf_f32(y) || x == 0.0f ||
	    y == 0.0f)
		return q;
	int side;

	if (isinf_f32(q))	/* overflow: the exact quotient is finite */
		side = q > 0.0f ? -1 : 1;
	else
		side = sign_of(__builtin_fma(-(double)q, (double)y, (double)x)) *
		       (y > 0.0f ? 1 : -1);
	return directed_f32(q, side, m);
}

static inline double div_f64(double x, double y, int m)
{
	double q = x / y;

	if (m == RND_TE || isnan_f64(q) || isinf_f64(x) || isinf_f64(y) || x == 0.0 ||
	    y == 0.0)
		return q;
	int side;

	if (isinf_f64(q))
		side = q > 0.0 ? -1 : 1;
	else if (q == 0.0)	/* underflow to zero: the exact quotient is not */
		side = __builtin_signbit(x) != __builtin_signbit(y) ? -1 : 1;
	else {
		int ex = exp_f64(x), eq = exp_f64(q);
		double xs = ldexp_f64(x, -ex), qs = ldexp_f64(q, -eq);
		double ys = ldexp_f64(y, eq - ex);	/* about xs/qs: in (1/4, 4) */

		side = sign_of(__builtin_fma(-qs, ys, xs)) * (y > 0.0 ? 1 : -1);
	}
	return directed_f64(q, side, m);
}

#define DIV(mode, m)                                                            \
	OCML_EXPORT OCML_CONST float __ocml_div_rt##mode##_f32(float x, float y);       \
	OCML_EXPORT OCML_CONST double __ocml_div_rt##mode##_f64(double x, double y);    \
	float __ocml_div_rt##mode##_f32(float x, float y) { return div_f32(x, y, m); }  \
	double __ocml_div_rt##mode##_f64(double x, double y) { return div_f64(x, y, m); }

DIV(e, RND_TE)
DIV(p, RND_TP)
DIV(n, RND_TN)
DIV(z, RND_TZ)
