/* SPDX-License-Identifier: MIT */
/*
 * log10: log(x) / ln10, the double-double log times log10(e) as a
 * double-double (logk.h).  Specials as log.
 * Measured max error (tests/math/explog.hip): 0 ulp f32 (CUDA's bound
 * 2), 0 ulp f64 (bound 1).
 *
 * native_log10: v_log_f32(x) * log10(2): measured 2 ulp, 2^-24.7
 * absolute in [0.5, 2] (CUDA's __log10f: 3 ulp, 2^-24); denormal inputs
 * read as 0: -inf.
 */
#include "logk.h"
#include "unsafe.h"

#define LOG10E_HI_F64 0x1.bcb7b1526e50ep-2	/* 1/ln10 rounded */
#define LOG10E_LO_F64 0x1.95355baaafad3p-57	/* 1/ln10 - LOG10E_HI */

OCML_EXPORT __attribute__((pure)) float __ocml_log10_f32(float x);
OCML_EXPORT __attribute__((pure)) double __ocml_log10_f64(double x);
OCML_EXPORT __attribute__((pure)) float __ocml_native_log10_f32(float x);

float __ocml_log10_f32(float x)
{
	if (MATH_UNSAFE)	/* -funsafe-math-optimizations: unsafe.h */
		return unsafe_log10_f32(x);
	return log_special_f32(x, (float)(log_lite((double)x) * LOG10E_HI_F64));
}

double __ocml_log10_f64(double x)
{
	double lo, hi = log_dd_f64(x, &lo);
	double ph = hi * LOG10E_HI_F64;
	double pl = __builtin_fma(hi, LOG10E_HI_F64, -ph) +
		    __builtin_fma(hi, LOG10E_LO_F64, lo * LOG10E_HI_F64);

	return log_special(x, ph + pl);
}

float __ocml_native_log10_f32(float x)
{
	return __builtin_amdgcn_logf(x) * 0x1.344136p-2f;
}
