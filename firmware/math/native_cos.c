/* SPDX-License-Identifier: MIT */
/*
 * native_cos (the fast __cosf): v_cos_f32(fract(|x| / 2 pi)), the same
 * reduction and error budget as native_sin.c: within 2^-22.1 absolute
 * on [-pi, pi] (plus 2^-24 for a 1-ulp v_cos), CUDA's bound for __cosf
 * being 2^-21.19; outside [-pi, pi] it grows as |x| 2^-23.2.  ±inf and
 * NaN give NaN.
 * Measured on the gfx90a model (tests/math/trig.hip, 10^5 inputs):
 * 2^-22.39 absolute on [-pi, pi].
 */
#include "ocml.h"

OCML_EXPORT float __ocml_native_cos_f32(float x);

float __ocml_native_cos_f32(float x)
{
	return __builtin_amdgcn_cosf(__builtin_amdgcn_fractf(__builtin_fabsf(x) * 0x1.45f306p-3f));
}
