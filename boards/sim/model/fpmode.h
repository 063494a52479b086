/* SPDX-License-Identifier: MIT */
/*
 * The MODE register's floating-point controls as the VALU files apply
 * them (gfx9 ISA, "MODE" hardware register):
 *
 *   FP_ROUND  [1:0] f32, [3:2] f64 and f16: 0 nearest even, 1 toward +inf,
 *             2 toward -inf, 3 toward zero;
 *   FP_DENORM [5:4] f32, [7:6] f64 and f16: bit 0 keeps denormal inputs,
 *             bit 1 keeps denormal results (0 flushes both, 3 keeps both).
 *
 * A flushed denormal becomes a zero of its sign.  Results are flushed
 * after rounding to the destination format (a result that rounds up to
 * the smallest normal is kept); that order is not stated in the fact
 * sheets and is the model's reading of "flush output denorms".
 *
 * f32 and f64 arithmetic runs in the host's rounding mode, set from
 * MODE around each instruction that rounds (fpmode.c); f16 results are
 * rounded in software (half.h, d2h_rm).
 */
#ifndef BH_SIM_FPMODE_H
#define BH_SIM_FPMODE_H

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "half.h"
#include "model.h"

static inline float flush_in32(const struct wave *w, float f)
{
	return !w->keep_in32 && fpclassify(f) == FP_SUBNORMAL ? copysignf(0.0f, f) : f;
}

static inline float flush_out32(const struct wave *w, float f)
{
	return !w->keep_out32 && fpclassify(f) == FP_SUBNORMAL ? copysignf(0.0f, f) : f;
}

static inline double flush_in64(const struct wave *w, double d)
{
	return !w->keep_in64 && fpclassify(d) == FP_SUBNORMAL ? copysign(0.0, d) : d;
}

static inline double flush_out64(const struct wave *w, double d)
{
	return !w->keep_out64 && fpclassify(d) == FP_SUBNORMAL ? copysign(0.0, d) : d;
}

/* f16 shares the f64 controls. */
static inline uint16_t flush_in16(const struct wave *w, uint16_t h)
{
	return !w->keep_in64 && (h & 0x7c00) == 0 ? h & 0x8000 : h;
}

static inline uint16_t flush_out16(const struct wave *w, uint16_t h)
{
	return !w->keep_out64 && (h & 0x7c00) == 0 ? h & 0x8000 : h;
}

/* An f16 operand widened to f32, after the input flush. */
static inline float h2f_in(const struct wave *w, uint16_t h)
{
	return h2f(flush_in16(w, h));
}

/* @d (exact or rounded to odd) as an f16 result in the wave's mode. */
static inline uint16_t d2h_out(const struct wave *w, double d)
{
	return flush_out16(w, d2h_rm(d, w->round64));
}

static inline uint16_t fma16_out(const struct wave *w, float a, float b, float c)
{
	return flush_out16(w, fma16_rm(a, b, c, w->round64));
}

static inline uint16_t mul16_out(const struct wave *w, float a, float b)
{
	return flush_out16(w, mul16_rm(a, b, w->round64));
}

/*
 * v_min/v_max in IEEE mode (gfx9 ISA pseudocode of V_MIN_F32): a
 * signaling NaN operand gives that NaN quieted (S0 before S1), a quiet
 * NaN loses to a number, and -0 orders below +0.  The host's fminf
 * leaves the last two unspecified, so the model spells them out.
 */
static inline bool is_snan32(float f)
{
	uint32_t b;

	memcpy(&b, &f, 4);
	return (b & 0x7fc00000u) == 0x7f800000u && (b & 0x3fffffu);
}

static inline float quiet32(float f)
{
	uint32_t b;

	memcpy(&b, &f, 4);
	b |= 0x400000u;
	memcpy(&f, &b, 4);
	return f;
}

static inline float min_ieee32(float a, float b)
{
	if (isnan(a) || isnan(b)) {
		if (is_snan32(a) || is_snan32(b))
			return quiet32(is_snan32(a) ? a : b);
		return isnan(a) ? b : a;
	}
	if (a == b)
		return signbit(a) ? a : b;
	return a < b ? a : b;
}

static inline float max_ieee32(float a, float b)
{
	if (isnan(a) || isnan(b)) {
		if (is_snan32(a) || is_snan32(b))
			return quiet32(is_snan32(a) ? a : b);
		return isnan(a) ? b : a;
	}
	if (a == b)
		return signbit(a) ? b : a;
	return a > b ? a : b;
}

static inline bool is_snan64(double d)
{
	uint64_t b;

	memcpy(&b, &d, 8);
	return (b & 0x7ff8000000000000ull) == 0x7ff0000000000000ull &&
	       (b & 0x0007ffffffffffffull);
}

static inline double quiet64(double d)
{
	uint64_t b;

	memcpy(&b, &d, 8);
	b |= 0x0008000000000000ull;
	memcpy(&d, &b, 8);
	return d;
}

static inline double min_ieee64(double a, double b)
{
	if (isnan(a) || isnan(b)) {
		if (is_snan64(a) || is_snan64(b))
			return quiet64(is_snan64(a) ? a : b);
		return isnan(a) ? b : a;
	}
	if (a == b)
		return signbit(a) ? a : b;
	return a < b ? a : b;
}

static inline double max_ieee64(double a, double b)
{
	if (isnan(a) || isnan(b)) {
		if (is_snan64(a) || is_snan64(b))
			return quiet64(is_snan64(a) ? a : b);
		return isnan(a) ? b : a;
	}
	if (a == b)
		return signbit(a) ? b : a;
	return a > b ? a : b;
}

#endif
