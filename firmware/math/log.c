/* SPDX-License-Identifier: MIT */
/*
 * log: the natural logarithm (logk.h).  log(±0) = -inf, log(x < 0) =
 * NaN, log(+inf) = +inf, log(1) = +0; denormal inputs are exact
 * through v_frexp.  Double: the double-double kernel rounded once.
 * Float: the double kernel, rounded to float.
 * Measured max error (tests/math/explog.hip): 0 ulp f32 (CUDA's bound
 * 1), 1 ulp f64 (bound 1).
 *
 * native_log: v_log_f32(x) * ln2: measured 1 ulp, 2^-24.2 absolute in
 * [0.5, 2] (CUDA's __logf: 3 ulp, 2^-21.41); v_log_f32 reads denormal
 * inputs as 0, so they give -inf.
 */
#include "logk.h"
#include "unsafe.h"

OCML_EXPORT __attribute__((pure)) float __ocml_log_f32(float x);
OCML_EXPORT __attribute__((pure)) double __ocml_log_f64(double x);
OCML_EXPORT __attribute__((pure)) float __ocml_native_log_f32(float x);

float __ocml_log_f32(float x)
{
	if (MATH_UNSAFE)	/* -funsafe-math-optimizations: unsafe.h */
		return unsafe_log_f32(x);
	return log_special_f32(x, (float)log_lite((double)x));
}

double __ocml_log_f64(double x)
{
	double lo, hi = log_dd_f64(x, &lo);

	return log_special(x, hi + lo);
}

float __ocml_native_log_f32(float x)
{
	return __builtin_amdgcn_logf(x) * 0x1.62e430p-1f;
}
