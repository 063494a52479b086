/* SPDX-License-Identifier: MIT */
/* fma(x, y, z) rounded once, to nearest even, up, down or towards zero. */
#include "rounded.h"

#define FMA(sfx, T, fn, insn)                                                   \
	OCML_EXPORT OCML_CONST T __ocml_fma_rte_##sfx(T x, T y, T z);          \
	T __ocml_fma_rte_##sfx(T x, T y, T z) { return fn(x, y, z); }          \
	ROUNDED_VARIANT(fma, sfx, T, v, p, MODE_BITS_TP, insn, (T x, T y, T z),   \
			"v"(x), "v"(y), "v"(z))                                 \
	ROUNDED_VARIANT(fma, sfx, T, v, n, MODE_BITS_TN, insn, (T x, T y, T z),   \
			"v"(x), "v"(y), "v"(z))                                 \
	ROUNDED_VARIANT(fma, sfx, T, v, z, MODE_BITS_TZ, insn, (T x, T y, T z),   \
			"v"(x), "v"(y), "v"(z))

FMA(f32, float, __builtin_fmaf, "v_fma_f32 %0, %1, %2, %3")
FMA(f64, double, __builtin_fma, "v_fma_f64 %0, %1, %2, %3")
