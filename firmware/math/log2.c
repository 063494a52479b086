/* SPDX-License-Identifier: MIT */
/*
 * log2: double: e + log(m) / ln2 for x = 2^e m, the double-double log(m)
 * (logk.h) times log2(e) as a double-double, so log2(2^k) = k exactly;
 * specials as log.
 * Float: v_log_f32 (below).
 * Measured max error (tests/math/explog.hip): 1 ulp f32 in the model, at
 * denormal inputs, where l - 32 rounds again (CUDA's bound 1; v_log_f32's
 * documented 1 ulp on hardware), 1 ulp f64 (bound 1).
 *
 * native_log2: v_log_f32 itself: 0 ulp in the model (1 ulp documented
 * for hardware; CUDA's __log2f: 2 ulp, 2^-22 absolute in [0.5, 2]);
 * denormal inputs read as 0: -inf.
 */
#include "logk.h"

#define LOG2E_LO_F64 0x1.777d0ffda0d24p-56	/* 1/ln2 - LOG2E_F64 */

OCML_EXPORT __attribute__((pure)) float __ocml_log2_f32(float x);
OCML_EXPORT __attribute__((pure)) double __ocml_log2_f64(double x);
OCML_EXPORT __attribute__((pure)) float __ocml_native_log2_f32(float x);

/*
 * v_log_f32 (documented 1 ulp, CUDA's bound; the model's is correctly
 * rounded), denormal inputs, which it reads as 0, scaled by 2^32 first.
 * Its own special values are C99's: -inf for ±0, NaN below 0 and for
 * NaN, +inf for +inf.
 */
float __ocml_log2_f32(float x)
{
	int tiny = !MATH_DAZ && __builtin_fabsf(x) < 0x1p-126f;
	float l = __builtin_amdgcn_logf(tiny ? x * 0x1p32f : x);

	return tiny ? l - 32.0f : l;
}

/*
 * e + log(m) log2(e): log(m) (|log2 m| <= 1/2) times log2(e) as a
 * double-double, then e added exactly (Fast2Sum: e = 0 or |e| >= 1).
 */
double __ocml_log2_f64(double x)
{
	int e;
	double lo, hi = log_m_dd_f64(x, &e, &lo);
	double ph = hi * LOG2E_F64;
	double pl = __builtin_fma(hi, LOG2E_F64, -ph) + __builtin_fma(hi, LOG2E_LO_F64, lo * LOG2E_F64);
	double sl, sh = fast_two_sum((double)e, ph, &sl);

	return log_special(x, sh + (sl + pl));
}

float __ocml_native_log2_f32(float x)
{
	return __builtin_amdgcn_logf(x);
}
