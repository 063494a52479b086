/* SPDX-License-Identifier: MIT */
/*
 * atan2(y, x): the angle of (x, y) in [-pi, pi], with C99 Annex F's
 * signed zeros and infinities (atan.h).  f32 in double: 0.5 ulp + 2^-10
 * (bound 3); f64 about 0.6 ulp (bound 2).
 * Measured on the gfx90a model over 10^5 random and the hard inputs
 * (tests/math/atrig.hip): atan2f 1 ulp, atan2 1 ulp.
 */
#include "atan.h"

OCML_EXPORT __attribute__((const)) float __ocml_atan2_f32(float y, float x);
OCML_EXPORT __attribute__((const)) double __ocml_atan2_f64(double y, double x);

float __ocml_atan2_f32(float y, float x)
{
	if (isnan_f32(x) || isnan_f32(y))
		return x + y;
	return (float)atan2_core_f32((double)y, (double)x);
}

double __ocml_atan2_f64(double y, double x)
{
	if (isnan_f64(x) || isnan_f64(y))
		return x + y;
	return atan2_core_f64(y, x);
}
