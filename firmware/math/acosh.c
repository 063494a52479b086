/* SPDX-License-Identifier: MIT */
/*
 * acosh: log(x + sqrt(x^2 - 1)) for x >= 1, written as log1p(y +
 * sqrt(y^2 + 2y)) with y = x - 1 (exact near 1, where acosh ~
 * sqrt(2y), so the square root is taken as a double-double: y^2 + 2y
 * exactly by FMA and TwoSum, sqrt corrected by its residual); past
 * 2^28, log(x) + ln2.  Float in double: x^2 - 1 is exact for float x,
 * and the log's argument rounding costs 2^-53 / acosh(x) <= 2^-42
 * relative.
 * acosh(1) = +0, NaN below 1, acosh(+inf) = +inf.
 * Measured max error (tests/math/hyperbolic.hip): 0 ulp f32 (CUDA's
 * bound 4), 1 ulp f64 (bound 3).
 */
#include "logk.h"

OCML_EXPORT __attribute__((pure)) float __ocml_acosh_f32(float x);
OCML_EXPORT __attribute__((pure)) double __ocml_acosh_f64(double x);

static inline double acosh_special(double x, double r)
{
	r = !MATH_FINITE_ONLY && x == BH_INF_F64 ? x : r;
	return x < 1.0 || (!MATH_FINITE_ONLY && isnan_f64(x)) ? BH_NAN_F64 : r;
}

float __ocml_acosh_f32(float x)
{
	double xd = x;
	double r = log_lite(xd + __builtin_sqrt(__builtin_fma(xd, xd, -1.0)));

	return (float)acosh_special(xd, r);
}

double __ocml_acosh_f64(double x)
{
	double lo, ul, pl, al, hl;
	double y = x - 1.0;
	/* p = y^2 + 2y = x^2 - 1 as an exact double-double */
	double y2 = y * y, y2l = __builtin_fma(y, y, -y2);
	double ph = two_sum(y + y, y2, &pl);

	pl += y2l;
	/* sqrt(p) = sh + sl: one Newton correction from the FMA residual */
	double sh = __builtin_sqrt(ph);
	double sl = (__builtin_fma(-sh, sh, ph) + pl) * (0.5 * __builtin_amdgcn_rcp(sh));

	sl = sh == 0.0 ? 0.0 : sl;	/* x = 1: 0 * inf */
	/* a = y + sqrt(p), sqrt(p) > y */
	double ah = fast_two_sum(sh, y, &al);
	int big = x > 0x1p28;
	double uh = two_sum(1.0, ah, &ul);

	uh = big ? x : uh;
	ul = big ? 0.0 : ul + (al + sl);
	double hi = log_dd2_f64(uh, ul, &lo);

	/* + ln2 past 2^28: log(x) >= 19.4 > ln2, so Fast2Sum holds */
	hi = fast_two_sum(hi, big ? LN2_HI_F64 : 0.0, &hl);
	double r = hi + (hl + (lo + (big ? LN2_LO_F64 : 0.0)));

	return acosh_special(x, r);
}
