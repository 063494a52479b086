/* SPDX-License-Identifier: MIT */
/* x - y rounded to nearest even, up, down or towards zero (rounded.h). */
#include "rounded.h"

#define SUB(sfx, T, insn)                                                       \
	OCML_EXPORT OCML_CONST T __ocml_sub_rte_##sfx(T x, T y);               \
	T __ocml_sub_rte_##sfx(T x, T y) { return x - y; }                     \
	ROUNDED_VARIANT(sub, sfx, T, v, p, MODE_BITS_TP, insn, (T x, T y), "v"(x), "v"(y)) \
	ROUNDED_VARIANT(sub, sfx, T, v, n, MODE_BITS_TN, insn, (T x, T y), "v"(x), "v"(y)) \
	ROUNDED_VARIANT(sub, sfx, T, v, z, MODE_BITS_TZ, insn, (T x, T y), "v"(x), "v"(y))

SUB(f32, float, "v_sub_f32 %0, %1, %2")
/* gfx9 has no v_sub_f64: an add of the negated operand. */
SUB(f64, double, "v_add_f64 %0, %1, -%2")
