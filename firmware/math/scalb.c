/* SPDX-License-Identifier: MIT */
/*
 * scalb(x, y) = x * 2^y for an integral float y, rounded once.  A
 * non-integral y, 0 * 2^inf and inf * 2^-inf are NaN; y beyond the
 * exponent range clamps (ldexp then overflows or underflows properly).
 */
#include "ocml.h"

OCML_EXPORT OCML_CONST float __ocml_scalb_f32(float x, float y);
OCML_EXPORT OCML_CONST double __ocml_scalb_f64(double x, double y);
OCML_EXPORT OCML_CONST float __ocml_scalbn_f32(float x, int n);
OCML_EXPORT OCML_CONST double __ocml_scalbn_f64(double x, int n);

float __ocml_scalb_f32(float x, float y)
{
	if (isnan_f32(x) || isnan_f32(y))
		return x + y;
	if (isinf_f32(y))
		return y > 0.0f ? x * y : x / -y;
	if (__builtin_truncf(y) != y)
		return BH_NAN_F32;
	return ldexp_f32(x, (int)__builtin_fminf(__builtin_fmaxf(y, -1024.0f), 1024.0f));
}

double __ocml_scalb_f64(double x, double y)
{
	if (isnan_f64(x) || isnan_f64(y))
		return x + y;
	if (isinf_f64(y))
		return y > 0.0 ? x * y : x / -y;
	if (__builtin_trunc(y) != y)
		return BH_NAN_F64;
	return ldexp_f64(x, (int)__builtin_fmin(__builtin_fmax(y, -4096.0), 4096.0));
}

/* scalbn: the same with an int exponent (v_ldexp takes any int). */
float __ocml_scalbn_f32(float x, int n) { return ldexp_f32(x, n); }
double __ocml_scalbn_f64(double x, int n) { return ldexp_f64(x, n); }
