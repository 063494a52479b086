/* SPDX-License-Identifier: MIT */
/*
 * atan: odd, atan(±0) = ±0, atan(±inf) = ±pi/2; atan(x) = atan2(x, 1)
 * through the shared reduction of atan.h.  f32 in double: 0.5 ulp +
 * 2^-10 (bound 2); f64 about 0.6 ulp (bound 2).
 * Measured on the gfx90a model over 10^5 random and the hard inputs
 * (tests/math/atrig.hip): atanf 1 ulp, atan 1 ulp.
 */
#include "atan.h"

OCML_EXPORT __attribute__((const)) float __ocml_atan_f32(float x);
OCML_EXPORT __attribute__((const)) double __ocml_atan_f64(double x);

float __ocml_atan_f32(float x)
{
	if (isnan_f32(x))
		return x + x;
	return (float)atan2_core_f32((double)x, 1.0);
}

double __ocml_atan_f64(double x)
{
	if (isnan_f64(x))
		return x + x;
	return atan2_core_f64(x, 1.0);
}
