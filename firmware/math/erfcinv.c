/* SPDX-License-Identifier: MIT */
/*
 * erfcinv(q) for q in [0, 2]: erfcinv(0) = +inf, erfcinv(2) = -inf, NaN
 * outside and for NaN.  q < 0.4: the guess-and-Halley kernel of sf_erf.h
 * (down to q = 2^-1074, y = 27.2); 0.4 <= q <= 1.6: erfinv(1 - q) by its
 * polynomial (1 - q exact); q > 1.6: -erfcinv(2 - q) (2 - q exact).  f32 computes in double with the shorter polynomials and one
 * Newton step.
 * Measured (tests/math/special.hip, 10^5 inputs): f32 1 ulp, f64 1 ulp.
 */
#include "sf_erf.h"

OCML_EXPORT __attribute__((pure)) float __ocml_erfcinv_f32(float x);
OCML_EXPORT __attribute__((pure)) double __ocml_erfcinv_f64(double x);

static inline double erfcinv_kernel(double q, int p64)
{
	double d = 1.0 - q;

	if (__builtin_fabs(d) <= 0.6) {
		double z = d * d;
		double r = p64 ? SF_POLY(sf_erfinv_r64, z) : SF_POLY(sf_erfinv_r32, z);

		return __builtin_copysign(__builtin_fma(d, r, d), d);
	}
	double t = q < 1.0 ? q : 2.0 - q;
	double y = sf_erfcinv_tail(__builtin_fmax(t, 0x1p-1074), p64);

	return q < 1.0 ? y : -y;
}

float __ocml_erfcinv_f32(float x)
{
	float r = (float)erfcinv_kernel(x, 0);

	r = x == 0.0f ? BH_INF_F32 : x == 2.0f ? -BH_INF_F32 : r;
	return x < 0.0f || x > 2.0f || isnan_f32(x) ? BH_NAN_F32 : r;
}

double __ocml_erfcinv_f64(double x)
{
	double r = erfcinv_kernel(x, 1);

	r = x == 0.0 ? BH_INF_F64 : x == 2.0 ? -BH_INF_F64 : r;
	return x < 0.0 || x > 2.0 || isnan_f64(x) ? BH_NAN_F64 : r;
}
