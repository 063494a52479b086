/* SPDX-License-Identifier: MIT */
/*
 * cvtrtn/cvtrtp/cvtrtz_f16_f32: float to half rounded down, up and
 * towards zero (hip_fp16's __float2half_rd/ru/rz call these).
 *
 * v_cvt_f16_f32 rounds to nearest (the kernel's MODE keeps the f16
 * rounding at RNE), so its result is one of the two halves around x, or
 * an infinity past the largest half.  Half to float is exact, so
 * comparing the widened result with x tells which side it landed on,
 * and one step of the half's bit pattern reaches the other neighbour.
 * Stepping down from +inf gives the largest finite half (65504), which
 * is what rounding down or towards zero wants for a finite x beyond
 * it.  A NaN compares false and passes through as the conversion's
 * quiet NaN.  No branch: the steps are selects.
 */
#include "ocml.h"

OCML_EXPORT OCML_CONST _Float16 __ocml_cvtrtn_f16_f32(float x);
OCML_EXPORT OCML_CONST _Float16 __ocml_cvtrtp_f16_f32(float x);
OCML_EXPORT OCML_CONST _Float16 __ocml_cvtrtz_f16_f32(float x);

static inline uint16_t as_u16(_Float16 h) { return __builtin_bit_cast(uint16_t, h); }
static inline _Float16 as_f16(uint16_t b) { return __builtin_bit_cast(_Float16, b); }

/* The neighbour of @h one step towards -inf (@up 0) or +inf (@up 1). */
static inline _Float16 step_f16(_Float16 h, int up)
{
	uint16_t b = as_u16(h);

	if ((b & 0x7fff) == 0)	/* from either zero: the smallest denormal */
		return as_f16(up ? 0x0001 : 0x8001);
	/* Positive values grow with their bits, negative ones shrink. */
	return as_f16((uint16_t)(b + (((b >> 15) == 0) == (up != 0) ? 1 : -1)));
}

_Float16 __ocml_cvtrtn_f16_f32(float x)
{
	_Float16 h = (_Float16)x;

	return (float)h > x ? step_f16(h, 0) : h;
}

_Float16 __ocml_cvtrtp_f16_f32(float x)
{
	_Float16 h = (_Float16)x;

	return (float)h < x ? step_f16(h, 1) : h;
}

_Float16 __ocml_cvtrtz_f16_f32(float x)
{
	_Float16 h = (_Float16)x;

	/* |h| > |x| means h is not zero: one step towards zero. */
	return __builtin_fabsf((float)h) > __builtin_fabsf(x) ?
	       as_f16((uint16_t)(as_u16(h) - 1)) : h;
}
