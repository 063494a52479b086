/* SPDX-License-Identifier: MIT */
/*
 * y0, the Bessel function of the second kind of order 0, for x > 0:
 * y0(0) = -inf, NaN for x < 0 and NaN, y0(+inf) = +0.  Up to 2.2:
 * (2/pi) log(x/z1) j0(x) + (x^2 - z1^2) P(x^2) (sf_bessel.h: both terms
 * vanish at the first zero z1 = 0.894 with slopes of one sign, and the
 * log is log1p's near z1); then the zeros 3.958 and 7.086 factored out;
 * from 8 on Hankel's asymptotic form.  f32 computes in double with the
 * shorter polynomials.
 * Measured (tests/math/bessel.hip, 10^5 inputs): below 8, f32 1 ulp and
 * f64 3 ulp; beyond, 1.5e-8 (f32) and 9e-17 (f64) absolutely.
 */
#include "sf_bessel.h"

OCML_EXPORT float __ocml_y0_f32(float x);
OCML_EXPORT double __ocml_y0_f64(double x);

static inline double y0_small(double x, int p64)
{
	const double *z = sf_y0_zeros;
	double d;

	if (x <= 2.2) {
		d = (x - z[0]) - z[1];
		double l = sf_log_ratio(x, d, z[0], sf_y0_logz1[0], sf_y0_logz1[1], p64);
		double e = d * (x + z[0]) * SF_BESSEL_POLY(y0_c0, x * x, p64);

		return __builtin_fma(SF_2_PI * l, sf_j0_small(x, p64), e);
	}
	if (x < 5.43) {
		d = (x - z[2]) - z[3];
		return d * SF_BESSEL_POLY(y0_c1, x - SF_Y0_C1_C, p64);
	}
	d = (x - z[4]) - z[5];
	return d * SF_BESSEL_POLY(y0_c2, x - SF_Y0_C2_C, p64);
}

static inline double y0_kernel(double x, int p64)
{
	double xc = __builtin_fmin(x, 0x1.fffffffffffffp1023);

	return xc < 8.0 ? y0_small(xc, p64) : SF_BESSEL_ASYM(xc, 0, 0, p64);
}

float __ocml_y0_f32(float x)
{
	float r = (float)y0_kernel(x, 0);

	r = x == BH_INF_F32 ? 0.0f : x == 0.0f ? -BH_INF_F32 : r;
	return x < 0.0f || isnan_f32(x) ? BH_NAN_F32 : r;
}

double __ocml_y0_f64(double x)
{
	double r = y0_kernel(x, 1);

	r = x == BH_INF_F64 ? 0.0 : x == 0.0 ? -BH_INF_F64 : r;
	return x < 0.0 || isnan_f64(x) ? BH_NAN_F64 : r;
}
