/* SPDX-License-Identifier: MIT */
/*
 * Correctly rounded IEEE reference results from MPFR, in any of the four
 * rounding modes and with gradual underflow, for checking the GPU
 * model's arithmetic bit for bit.  Values travel as raw bits of their
 * format (f16, f32 or f64).
 */
#ifndef BH_TEST_MPFR_REF_H
#define BH_TEST_MPFR_REF_H

#include <stdbool.h>
#include <stdint.h>

enum ref_fmt { REF_F16, REF_F32, REF_F64 };

/* MODE.FP_ROUND encoding: 0 nearest even, 1 toward +inf, 2 toward -inf, 3 toward zero. */
enum ref_op { REF_ADD, REF_SUB, REF_MUL, REF_FMA, REF_CONVERT };

/*
 * op(a, b, c) with a, b, c in @in (REF_CONVERT: a only, converted to
 * @out), rounded once to @out in mode @rm.  A NaN result is returned as
 * the format's default quiet NaN; compare NaNs with ref_is_nan.
 */
uint64_t ref_op(enum ref_op op, enum ref_fmt in, enum ref_fmt out, unsigned rm, uint64_t a,
		uint64_t b, uint64_t c);

/* A signed integer (or unsigned, @is_unsigned) rounded to @out in mode @rm. */
uint64_t ref_from_int(int64_t v, bool is_unsigned, enum ref_fmt out, unsigned rm);

bool ref_is_nan(enum ref_fmt f, uint64_t bits);
bool ref_is_quiet_nan(enum ref_fmt f, uint64_t bits);
bool ref_is_subnormal(enum ref_fmt f, uint64_t bits);
/* A subnormal @bits becomes the zero of its sign (a denormal flush). */
uint64_t ref_flush(enum ref_fmt f, uint64_t bits);

#endif
