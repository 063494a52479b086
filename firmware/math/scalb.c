/* SPDX-License-Identifier: MIT */
/*
 * scalb(x, y) = x * 2^y for an integral float y, rounded once.  A
 * non-integral y, 0 * 2^inf and inf * 2^-inf are NaN; y beyond the
 * exponent range overflows or underflows properly.
 *
 * Branch-free.  v_cvt_i32 saturates (±inf to INT_MAX/INT_MIN, NaN to 0)
 * and v_ldexp takes any int, so ldexp(x, (int)y) is right for every
 * integral or infinite y except the two NaN cases 0 * 2^+inf and
 * inf * 2^-inf.  Those show as a NaN product p = x * e with
 * e = 2^frexp_mant(y): the mantissa of a finite y lies in (-1, 1), so
 * e in (1/2, 2); v_frexp_mant keeps ±inf, so e is +inf for y = +inf and
 * 0 for y = -inf; p is NaN exactly for those two cases and for a NaN x
 * or y.  Only e's class matters, so v_exp_f32's last bit (1 ulp on
 * hardware) changes nothing.  A non-integral y fails trunc(y) == y, as
 * does a NaN y.
 */
#include "ocml.h"

OCML_EXPORT OCML_CONST float __ocml_scalb_f32(float x, float y);
OCML_EXPORT OCML_CONST double __ocml_scalb_f64(double x, double y);
OCML_EXPORT OCML_CONST float __ocml_scalbn_f32(float x, int n);
OCML_EXPORT OCML_CONST double __ocml_scalbn_f64(double x, int n);

float __ocml_scalb_f32(float x, float y)
{
	float p = x * __builtin_amdgcn_exp2f(mant_f32(y));
	float r = ldexp_f32(x, (int)y);

	return (isnan_f32(p) || __builtin_truncf(y) != y) ? BH_NAN_F32 : r;
}

double __ocml_scalb_f64(double x, double y)
{
	double p = x * (double)__builtin_amdgcn_exp2f((float)mant_f64(y));
	double r = ldexp_f64(x, (int)y);

	return (isnan_f64(p) || __builtin_trunc(y) != y) ? BH_NAN_F64 : r;
}

/* scalbn: the same with an int exponent (v_ldexp takes any int). */
float __ocml_scalbn_f32(float x, int n) { return ldexp_f32(x, n); }
double __ocml_scalbn_f64(double x, int n) { return ldexp_f64(x, n); }
