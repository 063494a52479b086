// SPDX-License-Identifier: MIT
/*
 * gfx11.5 (gfx1150+, RDNA3.5) scalar floating point: SOP1 conversions
 * and roundings, SOP2 arithmetic, SOPC compares into SCC.  LLVM selects
 * them for uniform f32 math.  Each is the VALU operation of the same
 * name on one value (RDNA3.5 ISA pseudocode, e.g. S_ADD_F32 "D0.f32 =
 * S0.f32 + S1.f32"), under the same MODE fields: f32 denormal inputs and
 * results per FP_DENORM (fpmode.h), f32 rounding per FP_ROUND (the f16
 * result of s_cvt_f16_f32 in the f16/f64 mode, as v_cvt_f16_f32).  None
 * writes SCC except the compares.
 *
 * Inferred, not read: s_cvt_f16_f32 writes its f16 to bits 15:0 of the
 * SGPR and zeroes bits 31:16 (the pseudocode writes D0.f16 only).
 */
#include <math.h>

#include "valu.h"

#define S0F flush_in32(w, f32(rd_s32(w, in, in->src[0])))
#define S1F flush_in32(w, f32(rd_s32(w, in, in->src[1])))
#define SOP(name) int x_##name(struct wave *w, const struct insn *in)

static void put_f32(struct wave *w, const struct insn *in, float f)
{
	wr_s32(w, in->dst, bits32(flush_out32(w, f)));
}

/* A rounding operation: its body runs in the f32 FP_ROUND host mode. */
#define SOP_ROUNDED(name, expr) \
	static int name##_body(struct wave *w, const struct insn *in) \
	{ put_f32(w, in, (expr)); return 0; } \
	SOP(name) { return exec_round32(w, in, name##_body); }
/* An exact one: no rounding mode. */
#define SOP_EXACT(name, expr) SOP(name) { put_f32(w, in, (expr)); return 0; }

/* ------------------------------------------------------------------ SOP1 */
SOP_ROUNDED(s_cvt_f32_i32, (float)(int32_t)rd_s32(w, in, in->src[0]))
SOP_ROUNDED(s_cvt_f32_u32, (float)rd_s32(w, in, in->src[0]))
SOP(s_cvt_i32_f32) { wr_s32(w, in->dst, (uint32_t)cvt_i32(S0F)); return 0; }
SOP(s_cvt_u32_f32) { wr_s32(w, in->dst, cvt_u32(S0F)); return 0; }
SOP(s_cvt_f16_f32) { wr_s32(w, in->dst, d2h_out(w, S0F)); return 0; }
SOP_EXACT(s_cvt_f32_f16, h2f_in(w, (uint16_t)rd_s32(w, in, in->src[0])))
SOP_EXACT(s_ceil_f32, ceilf(S0F))
SOP_EXACT(s_floor_f32, floorf(S0F))
SOP_EXACT(s_trunc_f32, truncf(S0F))
SOP_EXACT(s_rndne_f32, rintf(S0F))	/* exact; rintf in nearest-even mode */

/* ------------------------------------------------------------------ SOP2 */
SOP_ROUNDED(s_add_f32, S0F + S1F)
SOP_ROUNDED(s_sub_f32, S0F - S1F)
SOP_ROUNDED(s_mul_f32, S0F * S1F)
SOP_ROUNDED(s_fmac_f32, fmaf(S0F, S1F, flush_in32(w, f32(rd_s32(w, in, in->dst)))))
/* s_fmaak_f32 D = S0 * S1 + K; s_fmamk_f32 D = S0 * K + S1 (K: literal) */
SOP_ROUNDED(s_fmaak_f32, fmaf(S0F, S1F, flush_in32(w, f32(in->literal))))
SOP_ROUNDED(s_fmamk_f32, fmaf(S0F, flush_in32(w, f32(in->literal)), S1F))
/* IEEE-mode min/max as v_min_f32/v_max_f32: the result is written unflushed
 * (a denormal can only come out of a kept denormal input). */
SOP(s_min_f32) { wr_s32(w, in->dst, bits32(min_ieee32(S0F, S1F))); return 0; }
SOP(s_max_f32) { wr_s32(w, in->dst, bits32(max_ieee32(S0F, S1F))); return 0; }

/* ------------------------------------------------------------------ SOPC */
/* SCC = the compare; the ordered ones are false on a NaN, neq is true. */
#define SCMP(name, expr) SOP(name) { float a = S0F, b = S1F; w->scc = (expr); return 0; }
SCMP(s_cmp_lt_f32, a < b)
SCMP(s_cmp_eq_f32, a == b)
SCMP(s_cmp_le_f32, a <= b)
SCMP(s_cmp_gt_f32, a > b)
SCMP(s_cmp_lg_f32, a < b || a > b)
SCMP(s_cmp_ge_f32, a >= b)
SCMP(s_cmp_o_f32, !isnan(a) && !isnan(b))
SCMP(s_cmp_u_f32, isnan(a) || isnan(b))
SCMP(s_cmp_neq_f32, !(a == b))
