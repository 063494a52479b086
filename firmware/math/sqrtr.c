/* SPDX-License-Identifier: MIT */
/*
 * sqrt(x) rounded to nearest even, up, down or towards zero: the nearest
 * root s (LLVM's correctly rounded expansion) moves one ulp when the
 * residual x - s*s says the exact root lies beyond it (rounded.h).  f32:
 * the residual in double is exact.  f64: s and x are scaled by 2^-k and
 * 2^-2k to about 1 first, so s*s cannot underflow.
 */
#include "rounded.h"

static inline int sign_of(double v) { return (v > 0) - (v < 0); }

static inline float sqrt_f32(float x, int m)
{
	float s = __builtin_sqrtf(x);

	if (m == RND_TE || !(x > 0.0f) || isinf_f32(x))
		return s;
	return directed_f32(s, sign_of(__builtin_fma(-(double)s, (double)s, (double)x)), m);
}

static inline double sqrt_f64(double x, int m)
{
	double s = __builtin_sqrt(x);

	if (m == RND_TE || !(x > 0.0) || isinf_f64(x))
		return s;
	int k = exp_f64(s);
	double ss = ldexp_f64(s, -k), xs = ldexp_f64(x, -2 * k);

	return directed_f64(s, sign_of(__builtin_fma(-ss, ss, xs)), m);
}

#define SQRT(mode, m)                                                           \
	OCML_EXPORT OCML_CONST float __ocml_sqrt_rt##mode##_f32(float x);      \
	OCML_EXPORT OCML_CONST double __ocml_sqrt_rt##mode##_f64(double x);    \
	float __ocml_sqrt_rt##mode##_f32(float x) { return sqrt_f32(x, m); }   \
	double __ocml_sqrt_rt##mode##_f64(double x) { return sqrt_f64(x, m); }

SQRT(e, RND_TE)
SQRT(p, RND_TP)
SQRT(n, RND_TN)
SQRT(z, RND_TZ)
