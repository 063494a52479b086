/* SPDX-License-Identifier: MIT */
/*
 * native_sin (the fast __sinf): v_sin_f32 takes revolutions, so
 * sin(x) = sign(x) v_sin(fract(|x| / 2 pi)).  fract of a
 * non-negative value is exact (x - floor(x) on x's grid), so the only
 * errors are the product |x| * 1/(2 pi) (the constant is 2^-24.6 off,
 * the product rounds by half an ulp) and v_sin's own: for |x| <= pi at
 * most 2^-25.3 + 2^-26 revolutions = 2^-22.1 absolute, plus v_sin's
 * 2^-24 if it is 1 ulp off, within CUDA's 2^-21.41 for __sinf on
 * [-pi, pi].  Outside, the absolute error grows as |x| 2^-23.2 (t is
 * within 2^-24 + 2^-24.6 = 2^-23.2 relative); the
 * fract keeps every finite x inside the instruction's |x| < 256
 * revolution range (on gfx9 the hardware is not specified beyond it).
 * ±inf and NaN give NaN.
 * Measured on the gfx90a model (tests/math/trig.hip, 10^5 inputs):
 * 2^-22.12 absolute on [-pi, pi].
 */
#include "ocml.h"

OCML_EXPORT float __ocml_native_sin_f32(float x);

float __ocml_native_sin_f32(float x)
{
	float t = __builtin_amdgcn_fractf(__builtin_fabsf(x) * 0x1.45f306p-3f);

	/* sin x = sign(x) sin|x|: flip, not copy, the sign */
	return as_f32(as_u32(__builtin_amdgcn_sinf(t)) ^ (as_u32(x) & 0x80000000u));
}
