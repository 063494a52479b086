/* SPDX-License-Identifier: MIT */
/*
 * asin and acos share one polynomial: asin s = s + s^3 A(s^2) for
 * |s| <= 1/2.  Beyond |x| = 1/2 the half-angle identity
 * asin|x| = pi/2 - 2 asin(sqrt(z)), z = (1 - |x|)/2 in [0, 1/4] (exact:
 * 1 - |x| by Sterbenz), brings the argument back, with s = sqrt(z) as a
 * double-double so that the cancellation against pi/2 (up to a factor
 * of 3 at |x| = 1/2) does not magnify its rounding.
 *
 * Coefficients: scripts/math/trig_poly.py (relative error of asin on
 * |s| <= 1/2, measured with rounded coefficients).
 */
#ifndef BH_MATH_ASIN_H
#define BH_MATH_ASIN_H

#include "ddarith.h"
#include "trigred.h"

/* pi/2 and pi as double-doubles (2^-107 relative). */
#define ASIN_PIO2_H 0x1.921fb54442d18p+0
#define ASIN_PIO2_L 0x1.1a62633145c07p-54
#define ASIN_PI_H 0x1.921fb54442d18p+1
#define ASIN_PI_L 0x1.1a62633145c07p-53

/* A(u) for f64: u in [0, 1/4], asin within 2^-59.3 relative. */
static inline double asin_poly_f64(double u)
{
	double p = __builtin_fma(u, 0x1.0b4b3847d3061p-5, -0x1.580c97477c760p-6);

	p = __builtin_fma(u, p, 0x1.63a7c04bb2257p-6);
	p = __builtin_fma(u, p, 0x1.e5cdf5589e515p-9);
	p = __builtin_fma(u, p, 0x1.613f5ade4c41ep-7);
	p = __builtin_fma(u, p, 0x1.7584ff398c405p-7);
	p = __builtin_fma(u, p, 0x1.ca1f9fe5e2b08p-7);
	p = __builtin_fma(u, p, 0x1.1c49ef82edc2fp-6);
	p = __builtin_fma(u, p, 0x1.6e8bdeede789ep-6);
	p = __builtin_fma(u, p, 0x1.f1c71a9463d50p-6);
	p = __builtin_fma(u, p, 0x1.6db6db7214303p-5);
	p = __builtin_fma(u, p, 0x1.333333332e101p-4);
	return __builtin_fma(u, p, 0x1.5555555555577p-3);
}

/* A(u) for f32 results (in double): asin within 2^-35.9 relative. */
static inline double asin_poly_f32(double u)
{
	double p = __builtin_fma(u, 0x1.1bd2993f4e2afp-5, 0x1.ec242dc368df8p-8);

	p = __builtin_fma(u, p, 0x1.931fa1eba0bebp-6);
	p = __builtin_fma(u, p, 0x1.ed5d1649ac447p-6);
	p = __builtin_fma(u, p, 0x1.6ddabff94cb03p-5);
	p = __builtin_fma(u, p, 0x1.3332aa05e959fp-4);
	return __builtin_fma(u, p, 0x1.55555605cd892p-3);
}

/*
 * sqrt(z) for z in [0, 1/4] as sh + sl: v_rsq_f64's estimate (about
 * 2^-22 assumed on hardware) and two Newton steps give sh within
 * 2^-52 or so; the FMA residual z - sh^2 then gives sl, leaving about
 * 2^-100.  z = 0 (x = ±1) gives 0 + 0: the estimate is taken of
 * max(z, 2^-100), never of 0.
 */
static inline double asin_sqrt_f64(double z, double *sl)
{
	double r = __builtin_amdgcn_rsq(__builtin_fmax(z, 0x1p-100));

	for (int i = 0; i < 2; i++)
		r = __builtin_fma(0.5 * r, __builtin_fma(-z * r, r, 1.0), r);
	double sh = z * r;

	*sl = __builtin_fma(-sh, sh, z) * (0.5 * r);
	return sh;
}

/* sqrt(z), z in [0, 1/4], to about 2^-44 for f32 results. */
static inline double asin_sqrt_f32(double z)
{
	double r = __builtin_amdgcn_rsq(__builtin_fmax(z, 0x1p-100));

	r = __builtin_fma(0.5 * r, __builtin_fma(-z * r, r, 1.0), r);
	return z * r;
}

#endif /* BH_MATH_ASIN_H */
