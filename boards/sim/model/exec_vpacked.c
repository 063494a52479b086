// SPDX-License-Identifier: MIT
/*
 * Half-precision FMA, VOP3P packed math (two f16 or two f32 per lane) and
 * the mixed-precision v_fma_mix family.
 *
 * Rounding: each result is the exact a*b+c rounded once, in MODE's
 * FP_ROUND, as the ISA defines a fused multiply-add.  An f16*f16
 * product is exact in f32; the sum is formed in double with its rounding
 * error (TwoSum) folded in as a sticky bit (round to odd), so the final
 * conversion to f16 rounds once, correctly (half.h).  f16 operands and
 * results follow the f64/f16 denormal mode, f32 ones the f32 mode
 * (fpmode.h); f32 results round in the host's mode (OP_ROUND_F32).
 *
 * Operand selection follows LLVM's AMDGPUUsage / the gfx9 ISA VOP3P
 * rules: op_sel[i] picks the half (or dword) of source i for the low
 * result, op_sel_hi[i] for the high result; neg_lo/neg_hi negate the
 * sources of the low/high result.  For v_fma_mix*, op_sel_hi[i] = 1 makes
 * source i an f16 (its half chosen by op_sel[i]) and neg_hi[i] is abs.
 */
#include <math.h>
#include <string.h>

#include "valu.h"

static int bad(struct wave *w, const struct insn *in, const char *what)
{
	return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0, "%s is not modelled", what);
}

/* ------------------------------------------------------------- VOP3 f16 */
/* gfx9 v_fma_f16 with op_sel (valu.h: hsrc_op_sel, put_op_sel): bits 0-2
 * take the high half of a source, bit 3 writes the high half; the other
 * half of the destination is kept. */
VOP(v_fma_f16)
{
	if (in->omod)
		return bad(w, in, "omod on v_fma_f16");
	if (!vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		float a = hsrc_op_sel(w, in, 0, l), b = hsrc_op_sel(w, in, 1, l);
		float c = hsrc_op_sel(w, in, 2, l);
		uint16_t r = fma16_out(w, a, b, c);

		if (in->clamp)
			r = clamp01_16(w, r);
		put_op_sel(w, in, l, r);
	}
	return sim_faulted(w->sim) ? -1 : 0;
}

/* ---------------------------------------------------------- packed f16 */
/*
 * An inline float constant read as a 16-bit source is the f16 value
 * (rd_v16f).  Which value the high half of such a constant holds in
 * VOP3P (zero, or the value replicated) is not in the fact sheets:
 * selecting it is refused rather than guessed.
 */
static bool const_high_half(struct wave *w, const struct insn *in, unsigned i, bool sel)
{
	if (!sel || in->src[i] < 240 || in->src[i] > 248)
		return false;
	bad(w, in, "the high half of an inline float constant in VOP3P (unverified)");
	return true;
}

/* Source i's half for the low (hi = 0) or high (hi = 1) result. */
static float pk_half(struct wave *w, const struct insn *in, unsigned i, unsigned l, bool hi)
{
	uint32_t v = rd_v16f(w, in, in->src[i], l);
	bool sel = hi ? (in->op_sel_hi >> i) & 1 : (in->op_sel >> i) & 1;

	if (const_high_half(w, in, i, sel))
		return 0;
	float f = h2f_in(w, (uint16_t)(sel ? v >> 16 : v));

	if ((in->neg >> (i + (hi ? 3 : 0))) & 1)
		f = -f;
	return f;
}

/*
 * A literal (gfx11's VOP3P may carry one) is a 32-bit source like a
 * register: op_sel/op_sel_hi pick its halves, as LLVM packs a half2
 * constant into it (v_pk_add_f16 v0, 0xc0003800, v1 adds 0.5 to the low
 * half and -2 to the high one).
 */
static int pk_f16(struct wave *w, const struct insn *in, unsigned nsrc, int op)
{
	if (!vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		uint16_t r[2];

		for (unsigned h = 0; h < 2; h++) {
			float a = pk_half(w, in, 0, l, h), b = pk_half(w, in, 1, l, h);
			float c = nsrc == 3 ? pk_half(w, in, 2, l, h) : 0.0f;

			switch (op) {
			case 0: r[h] = fma16_out(w, a, b, c); break;		/* fma */
			case 1: r[h] = mul16_out(w, a, b); break;		/* mul: a*b is exact */
			default: r[h] = fma16_out(w, a, 1.0f, b); break;	/* add */
			}
			if (in->clamp)
				r[h] = clamp01_16(w, r[h]);
		}
		w->v[in->dst][l] = r[0] | (uint32_t)r[1] << 16;
	}
	return sim_faulted(w->sim) ? -1 : 0;
}
VOP(v_pk_fma_f16) { return pk_f16(w, in, 3, 0); }

/* The raw half of source i for the low or high result (no modifiers). */
static uint16_t pk_raw(struct wave *w, const struct insn *in, unsigned i, unsigned l, bool hi)
{
	uint32_t v = in->src[i] >= 240 && in->src[i] <= 248 ? rd_v16f(w, in, in->src[i], l)
							    : rd_v32(w, in, in->src[i], l);
	bool sel = hi ? (in->op_sel_hi >> i) & 1 : (in->op_sel >> i) & 1;

	return (uint16_t)(sel ? v >> 16 : v);
}

/* v_pk_max_f16 / v_pk_min_f16: IEEE-mode min/max per half (fpmode.h);
 * a signaling NaN is checked on the raw half, before widening. */
static int pk_minmax_f16(struct wave *w, const struct insn *in, bool max)
{
	if (!vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		uint16_t r[2];

		for (unsigned h = 0; h < 2; h++) {
			float a = pk_half(w, in, 0, l, h), b = pk_half(w, in, 1, l, h);
			uint16_t ra = pk_raw(w, in, 0, l, h), rb = pk_raw(w, in, 1, l, h);

			if (is_snan16(ra) || is_snan16(rb))
				r[h] = (uint16_t)(((is_snan16(ra) ? ra : rb) & 0x7fff) | 0x200 |
						  (signbit(is_snan16(ra) ? a : b) ? 0x8000 : 0));
			else
				r[h] = flush_out16(w, d2h(max ? max_ieee32(a, b) : min_ieee32(a, b)));
			if (in->clamp)
				r[h] = clamp01_16(w, r[h]);
		}
		w->v[in->dst][l] = r[0] | (uint32_t)r[1] << 16;
	}
	return sim_faulted(w->sim) ? -1 : 0;
}
VOP(v_pk_max_f16) { return pk_minmax_f16(w, in, true); }
VOP(v_pk_min_f16) { return pk_minmax_f16(w, in, false); }

/* ------------------------------------------------------- packed 16-bit int */
/*
 * Two 16-bit integers per lane, halves chosen by op_sel / op_sel_hi as
 * for f16.  An inline integer constant is its 32-bit value, split in
 * halves (LLVM encodes splat constants with op_sel_hi clear for that
 * reason).  Shift counts use the low 4 bits.  Clamp saturates add, sub
 * and mad to the type's range; neg modifiers do not apply to integers.
 */
enum { PK_ADD_U, PK_SUB_U, PK_ADD_I, PK_SUB_I, PK_MUL_LO, PK_LSHL, PK_LSHR, PK_ASHR,
	PK_MAX_I, PK_MIN_I, PK_MAX_U, PK_MIN_U, PK_MAD_U, PK_MAD_I };

static uint16_t sat16(int64_t v, bool is_signed)
{
	if (is_signed)
		v = v < -32768 ? -32768 : v > 32767 ? 32767 : v;
	else
		v = v < 0 ? 0 : v > 65535 ? 65535 : v;
	return (uint16_t)v;
}

static uint16_t pk_int_op(int op, uint16_t a, uint16_t b, uint16_t c, bool clamp)
{
	int32_t sa = (int16_t)a, sb = (int16_t)b, sc = (int16_t)c;

	switch (op) {
	case PK_ADD_U: return clamp ? sat16((int64_t)a + b, false) : (uint16_t)(a + b);
	case PK_SUB_U: return clamp ? sat16((int64_t)a - b, false) : (uint16_t)(a - b);
	case PK_ADD_I: return clamp ? sat16((int64_t)sa + sb, true) : (uint16_t)(sa + sb);
	case PK_SUB_I: return clamp ? sat16((int64_t)sa - sb, true) : (uint16_t)(sa - sb);
	case PK_MUL_LO: return (uint16_t)((uint32_t)a * b);
	/* shifts: D = S1 >> S0[3:0] (the "rev" forms) */
	case PK_LSHL: return (uint16_t)(b << (a & 15));
	case PK_LSHR: return (uint16_t)(b >> (a & 15));
	case PK_ASHR: return (uint16_t)(sb >> (a & 15));
	case PK_MAX_I: return (uint16_t)(sa > sb ? sa : sb);
	case PK_MIN_I: return (uint16_t)(sa < sb ? sa : sb);
	case PK_MAX_U: return a > b ? a : b;
	case PK_MIN_U: return a < b ? a : b;
	case PK_MAD_U: return clamp ? sat16((int64_t)a * b + c, false) : (uint16_t)(a * b + c);
	default: return clamp ? sat16((int64_t)sa * sb + sc, true) : (uint16_t)(sa * sb + sc);
	}
}

static int pk_int(struct wave *w, const struct insn *in, int op)
{
	bool three = op == PK_MAD_U || op == PK_MAD_I;
	bool clamp_ok = op <= PK_SUB_I || three;

	if (in->neg || (in->clamp && !clamp_ok))
		return bad(w, in, "neg, or clamp, on this packed integer instruction");
	for (unsigned i = 0; i < (three ? 3u : 2u); i++)
		if (in->src[i] >= 240 && in->src[i] <= 248)
			return bad(w, in, "an inline float constant in packed integer math");
	if (!vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		uint16_t r[2];

		for (unsigned h = 0; h < 2; h++)
			r[h] = pk_int_op(op, pk_raw(w, in, 0, l, h), pk_raw(w, in, 1, l, h),
					 three ? pk_raw(w, in, 2, l, h) : 0, in->clamp);
		w->v[in->dst][l] = r[0] | (uint32_t)r[1] << 16;
	}
	return sim_faulted(w->sim) ? -1 : 0;
}
VOP(v_pk_add_u16) { return pk_int(w, in, PK_ADD_U); }
VOP(v_pk_sub_u16) { return pk_int(w, in, PK_SUB_U); }
VOP(v_pk_add_i16) { return pk_int(w, in, PK_ADD_I); }
VOP(v_pk_sub_i16) { return pk_int(w, in, PK_SUB_I); }
VOP(v_pk_mul_lo_u16) { return pk_int(w, in, PK_MUL_LO); }
VOP(v_pk_lshlrev_b16) { return pk_int(w, in, PK_LSHL); }
VOP(v_pk_lshrrev_b16) { return pk_int(w, in, PK_LSHR); }
VOP(v_pk_ashrrev_i16) { return pk_int(w, in, PK_ASHR); }
VOP(v_pk_max_i16) { return pk_int(w, in, PK_MAX_I); }
VOP(v_pk_min_i16) { return pk_int(w, in, PK_MIN_I); }
VOP(v_pk_max_u16) { return pk_int(w, in, PK_MAX_U); }
VOP(v_pk_min_u16) { return pk_int(w, in, PK_MIN_U); }
VOP(v_pk_mad_u16) { return pk_int(w, in, PK_MAD_U); }
VOP(v_pk_mad_i16) { return pk_int(w, in, PK_MAD_I); }
VOP(v_pk_mul_f16) { return pk_f16(w, in, 2, 1); }
VOP(v_pk_add_f16) { return pk_f16(w, in, 2, 2); }

/* ----------------------------------------------------------- v_fma_mix */
static float mix_src(struct wave *w, const struct insn *in, unsigned i, unsigned l)
{
	bool f16 = (in->op_sel_hi >> i) & 1;
	uint32_t v = f16 ? rd_v16f(w, in, in->src[i], l) : rd_v32(w, in, in->src[i], l);
	float f;

	if (f16 && const_high_half(w, in, i, (in->op_sel >> i) & 1))
		return 0;
	if (f16)
		f = h2f_in(w, (uint16_t)((in->op_sel >> i) & 1 ? v >> 16 : v));
	else
		f = flush_in32(w, f32(v));
	if ((in->neg >> (i + 3)) & 1)	/* neg_hi is abs for the mix forms */
		f = fabsf(f);
	if ((in->neg >> i) & 1)
		f = -f;
	return f;
}

/* kind 0: f32 result; 1: f16 into the low half; 2: f16 into the high half. */
static int fma_mix(struct wave *w, const struct insn *in, int kind)
{
	if (in->src[0] == 255 || in->src[1] == 255 || in->src[2] == 255)
		return bad(w, in, "a literal in v_fma_mix");
	if (!vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		float a = mix_src(w, in, 0, l), b = mix_src(w, in, 1, l), c = mix_src(w, in, 2, l);
		uint32_t *d = &w->v[in->dst][l];

		if (kind == 0) {
			float r = flush_out32(w, fmaf(a, b, c));

			*d = bits32(in->clamp ? clamp01(w, r) : r);
			continue;
		}
		/* f32-exact inputs: one rounding to f16 through round-to-odd */
		uint16_t r = fma16_out(w, a, b, c);

		if (in->clamp)
			r = clamp01_16(w, r);
		*d = kind == 1 ? (*d & 0xffff0000u) | r : (*d & 0xffff) | (uint32_t)r << 16;
	}
	return sim_faulted(w->sim) ? -1 : 0;
}
VOP(v_fma_mix_f32) { return fma_mix(w, in, 0); }
VOP(v_fma_mixlo_f16) { return fma_mix(w, in, 1); }
VOP(v_fma_mixhi_f16) { return fma_mix(w, in, 2); }

/* ---------------------------------------------------- packed f32 (90a+) */
/*
 * Each source is a 64-bit register pair.  An inline constant is a 32-bit
 * value (LLVM: OPERAND_REG_INLINE_C_V2FP32 operands are IEEE single, 4
 * bytes): its low dword.  What the hardware reads as its high dword is
 * not in the fact sheets (unverified), so the model takes the constant
 * only where that does not matter -- both halves select the low dword
 * (op_sel 0, op_sel_hi 0: LLVM's "v_pk_add_f32 v[0:1], v[2:3], 1.0
 * op_sel_hi:[1,0]"), or the constant is 0 -- and refuses the rest, and
 * literals.
 */
static uint64_t pk32_src(struct wave *w, const struct insn *in, unsigned i, unsigned l)
{
	unsigned code = in->src[i];

	if (code >= 256)
		return rd_v64(w, in, code, l, false);
	if (code < NUM_SGPRS || code == 106 /* vcc */ || code == 126 /* exec */)
		return rd_s64(w, in, code);
	if (code >= 128 && code <= 248 && code != 255) {
		uint32_t k = rd_s32(w, in, code);
		bool high = ((in->op_sel | in->op_sel_hi) >> i) & 1;

		if (!high || k == 0)
			return k;
	}
	bad(w, in, "a literal, or the high dword of an inline constant, in packed f32 math");
	return 0;
}

static float pk32_part(struct wave *w, const struct insn *in, uint64_t v, unsigned i, bool hi)
{
	bool sel = hi ? (in->op_sel_hi >> i) & 1 : (in->op_sel >> i) & 1;
	float f = flush_in32(w, f32((uint32_t)(sel ? v >> 32 : v)));

	if ((in->neg >> (i + (hi ? 3 : 0))) & 1)
		f = -f;
	return f;
}

static int pk_f32(struct wave *w, const struct insn *in, unsigned nsrc, int op)
{
	if (!vdst_ok(w, in, 2))
		return -1;
	FOR_LANES(l) {
		uint64_t s[3] = { 0, 0, 0 };
		float r[2];

		for (unsigned i = 0; i < nsrc; i++)
			s[i] = pk32_src(w, in, i, l);
		if (sim_faulted(w->sim))
			return -1;
		for (unsigned h = 0; h < 2; h++) {
			float a = pk32_part(w, in, s[0], 0, h), b = pk32_part(w, in, s[1], 1, h);

			switch (op) {
			case 0: r[h] = fmaf(a, b, pk32_part(w, in, s[2], 2, h)); break;
			case 1: r[h] = a * b; break;
			default: r[h] = a + b; break;
			}
			r[h] = flush_out32(w, r[h]);
			if (in->clamp)
				r[h] = clamp01(w, r[h]);
		}
		w->v[in->dst][l] = bits32(r[0]);
		w->v[in->dst + 1][l] = bits32(r[1]);
	}
	return 0;
}
VOP(v_pk_fma_f32) { return pk_f32(w, in, 3, 0); }
VOP(v_pk_mul_f32) { return pk_f32(w, in, 2, 1); }
VOP(v_pk_add_f32) { return pk_f32(w, in, 2, 2); }

/* ------------------------------------------------------ dot2 (gfx11) */
/*
 * RDNA3 ISA pseudocode of V_DOT2_F32_F16 and V_DOT2ACC_F32_F16:
 *
 *   tmp = S2.f32 (dot2acc: D0.f32);
 *   tmp += f16_to_f32(S0[15:0]) * f16_to_f32(S1[15:0]);
 *   tmp += f16_to_f32(S0[31:16]) * f16_to_f32(S1[31:16]);
 *   D0.f32 = tmp
 *
 * An f16 product is exact in f32 (11 + 11 significand bits), so the
 * model rounds the two additions in f32, in that order, as the pseudocode
 * reads.  Whether the hardware instead rounds once (a fused dot) is not
 * in the ISA text: unverified, and the semantic tests avoid inputs where
 * the two differ.  f16 inputs follow the f16 denormal mode, the result
 * the f32 one; the rounding mode is the f32 one (exec_round32: gen-isa.py
 * does not flag these rows).
 */
static float dot2_acc(struct wave *w, float acc, float a0, float b0, float a1, float b1)
{
	acc += a0 * b0;
	acc += a1 * b1;
	return flush_out32(w, acc);
}

/* VOP3P: src0/src1 halves by op_sel (low product) and op_sel_hi (high
 * product) with neg_lo/neg_hi, as the packed f16 ops; src2 an f32 whose
 * neg_lo bit negates it (as v_fma_mix's f32 sources). */
static int dot2_f32_f16(struct wave *w, const struct insn *in)
{
	if (in->src[0] == 255 || in->src[1] == 255 || in->src[2] == 255)
		return bad(w, in, "a literal in v_dot2_f32_f16");
	if ((in->op_sel & 4) || !(in->op_sel_hi & 4) || (in->neg & 0x20))
		return bad(w, in, "op_sel/op_sel_hi/neg_hi on the f32 src2 of v_dot2_f32_f16");
	if (!vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		float c = flush_in32(w, f32(rd_v32(w, in, in->src[2], l)));
		float r = dot2_acc(w, (in->neg & 4) ? -c : c,
				   pk_half(w, in, 0, l, false), pk_half(w, in, 1, l, false),
				   pk_half(w, in, 0, l, true), pk_half(w, in, 1, l, true));

		w->v[in->dst][l] = bits32(in->clamp ? clamp01(w, r) : r);
	}
	return sim_faulted(w->sim) ? -1 : 0;
}
VOP(v_dot2_f32_f16) { return exec_round32(w, in, dot2_f32_f16); }

/*
 * VOP2 (and VOPD's X or Y): D += dot2(S0, S1), no modifiers.  An inline
 * float constant as a packed f16 source would need its high half, which
 * the fact sheets do not give (see const_high_half): refused.
 */
static int dot2acc_f32_f16(struct wave *w, const struct insn *in)
{
	if (in->enc != ENC_VOP2 || in->dpp || in->sdwa)
		return bad(w, in, "v_dot2acc_f32_f16 other than plain VOP2/VOPD");
	for (unsigned i = 0; i < 2; i++)
		if (in->src[i] >= 240 && in->src[i] <= 248)
			return bad(w, in, "an inline float constant as a packed f16 source (unverified)");
	if (!vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		uint32_t a = rd_v32(w, in, in->src[0], l), b = rd_v32(w, in, in->src[1], l);
		float acc = flush_in32(w, f32(w->v[in->dst][l]));

		w->v[in->dst][l] = bits32(dot2_acc(w, acc, h2f_in(w, (uint16_t)a),
						   h2f_in(w, (uint16_t)b), h2f_in(w, (uint16_t)(a >> 16)),
						   h2f_in(w, (uint16_t)(b >> 16))));
	}
	return sim_faulted(w->sim) ? -1 : 0;
}
VOP(v_dot2acc_f32_f16) { return exec_round32(w, in, dot2acc_f32_f16); }
