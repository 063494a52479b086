/* SPDX-License-Identifier: MIT */
/*
 * nextafter: the next representable value after x towards y; y when
 * x == y (so nextafter(+0, -0) is -0); NaN if either is NaN.  One step
 * of the integer representation, which also walks through denormals
 * and from the largest finite value to infinity.
 */
#include "ocml.h"

OCML_EXPORT OCML_CONST float __ocml_nextafter_f32(float x, float y);
OCML_EXPORT OCML_CONST double __ocml_nextafter_f64(double x, double y);

float __ocml_nextafter_f32(float x, float y)
{
	if (isnan_f32(x) || isnan_f32(y))
		return x + y;
	if (x == y)
		return y;
	if (x == 0.0f)
		return __builtin_copysignf(as_f32(1), y);
	uint32_t b = as_u32(x);

	/* Away from zero when |y| > |x| on x's side, else towards it. */
	b += (y > x) == (x > 0.0f) ? 1 : (uint32_t)-1;
	return as_f32(b);
}

double __ocml_nextafter_f64(double x, double y)
{
	if (isnan_f64(x) || isnan_f64(y))
		return x + y;
	if (x == y)
		return y;
	if (x == 0.0)
		return __builtin_copysign(as_f64(1), y);
	uint64_t b = as_u64(x);

	b += (y > x) == (x > 0.0) ? 1 : (uint64_t)-1;
	return as_f64(b);
}
