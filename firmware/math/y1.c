/* SPDX-License-Identifier: MIT */
/*
 * y1, the Bessel function of the second kind of order 1, for x > 0:
 * y1(0) = -inf, NaN for x < 0 and NaN, y1(+inf) = +0.  Below 2^-32 y1 =
 * -2/(pi x) to double precision (by a true division: it overflows
 * below 3.5e-309); up to 3.68 (2/pi) log(x/z1) j1(x) + (x^2 - z1^2)
 * P(x^2)/x (sf_bessel.h; z1 = 2.197); then the zero 5.430 factored out,
 * a plain piece on [7, 8], and Hankel's asymptotic form from 8 on.  f32
 * computes in double with the shorter polynomials.
 * Measured (tests/math/bessel.hip, 10^5 inputs): below 8, f32 1 ulp and
 * f64 3 ulp; beyond, 1.5e-8 (f32) and 1.1e-16 (f64) absolutely.
 */
#include "sf_bessel.h"

OCML_EXPORT float __ocml_y1_f32(float x);
OCML_EXPORT double __ocml_y1_f64(double x);

static inline double y1_small(double x, int p64)
{
	const double *z = sf_y1_zeros;
	double d;

	if (x < 0x1p-32)
		return -SF_2_PI / x;
	if (x <= 3.68) {
		d = (x - z[0]) - z[1];
		double l = sf_log_ratio(x, d, z[0], sf_y1_logz1[0], sf_y1_logz1[1], p64);
		double h = d * (x + z[0]) * SF_BESSEL_POLY(y1_d0, x * x, p64);
		/* h / x with one correction */
		double rx = sf_rcp(x), f = h * rx;

		f = __builtin_fma(__builtin_fma(-f, x, h), rx, f);
		return __builtin_fma(SF_2_PI * l, sf_j1_small(x, p64), f);
	}
	if (x < 7.0) {
		d = (x - z[2]) - z[3];
		return d * SF_BESSEL_POLY(y1_d1, x - SF_Y1_D1_C, p64);
	}
	return SF_BESSEL_POLY(y1_d2, x - SF_Y1_D2_C, p64);
}

static inline double y1_kernel(double x, int p64)
{
	double xc = __builtin_fmin(x, 0x1.fffffffffffffp1023);

	return xc < 8.0 ? y1_small(xc, p64) : -SF_BESSEL_ASYM(xc, 1, 1, p64);
}

float __ocml_y1_f32(float x)
{
	float r = (float)y1_kernel(x, 0);

	r = x == BH_INF_F32 ? 0.0f : x == 0.0f ? -BH_INF_F32 : r;
	return x < 0.0f || isnan_f32(x) ? BH_NAN_F32 : r;
}

double __ocml_y1_f64(double x)
{
	double r = y1_kernel(x, 1);

	r = x == BH_INF_F64 ? 0.0 : x == 0.0 ? -BH_INF_F64 : r;
	return x < 0.0 || isnan_f64(x) ? BH_NAN_F64 : r;
}
