// SPDX-License-Identifier: MIT
/*
 * VALU integer instructions, in the ISA manual's order: VOP2, VOP1,
 * VOP3 (including the 64-bit shifts and multiply-adds) and VOP3P's
 * v_pk_mov_b32.  Integer compares are in exec_valu_cmp.c, packed 16-bit
 * integers in exec_vpacked.c.
 */
#include <math.h>
#include <string.h>

#include "valu.h"

/*
 * Integer ops run on whole rows of 64 lanes: sources come as lane
 * arrays (valu.h), the result is computed for every lane into a local
 * row the host compiler can vectorise, and only EXEC lanes are written
 * back.  The expressions are total (no traps or UB on any input), so
 * computing inactive lanes is harmless.
 */
#define INT1(name, expr) VOP(name) { \
	uint32_t ta[WAVE_LANES], r[WAVE_LANES]; \
	if (int_sdwa_ok(w, in) || !vdst_ok(w, in, 1)) return -1; \
	const uint32_t *A = src_lanes(w, in, 0, ta); \
	for (unsigned l = 0; l < WAVE_LANES; l++) { uint32_t a = A[l]; r[l] = (expr); } \
	if (sim_faulted(w->sim)) return -1; \
	put_int(w, in, r); return 0; }
#define INT2(name, expr) VOP(name) { \
	uint32_t ta[WAVE_LANES], tb[WAVE_LANES], r[WAVE_LANES]; \
	if (int_sdwa_ok(w, in) || !vdst_ok(w, in, 1)) return -1; \
	const uint32_t *A = src_lanes(w, in, 0, ta), *B = src_lanes(w, in, 1, tb); \
	for (unsigned l = 0; l < WAVE_LANES; l++) { uint32_t a = A[l], b = B[l]; r[l] = (expr); } \
	if (sim_faulted(w->sim)) return -1; \
	put_int(w, in, r); return 0; }
#define INT3(name, expr) VOP(name) { \
	uint32_t ta[WAVE_LANES], tb[WAVE_LANES], tc[WAVE_LANES], r[WAVE_LANES]; \
	if (int_sdwa_ok(w, in) || !vdst_ok(w, in, 1)) return -1; \
	const uint32_t *A = src_lanes(w, in, 0, ta), *B = src_lanes(w, in, 1, tb); \
	const uint32_t *C = src_lanes(w, in, 2, tc); \
	for (unsigned l = 0; l < WAVE_LANES; l++) { \
		uint32_t a = A[l], b = B[l], c = C[l]; r[l] = (expr); } \
	if (sim_faulted(w->sim)) return -1; \
	put_int(w, in, r); return 0; }

/*
 * 32-bit unsigned add and subtract, whose VOP3 clamp bit saturates the
 * result to 0..0xffffffff (gfx9 integer clamp; LLVM selects it for
 * uadd.sat and usub.sat).  @expr is evaluated in int64_t.
 */
#define INT2_SAT(name, expr) VOP(name) { \
	uint32_t ta[WAVE_LANES], tb[WAVE_LANES], r[WAVE_LANES]; \
	if (int_sdwa_check(w, in, true) || !vdst_ok(w, in, 1)) return -1; \
	const uint32_t *A = src_lanes(w, in, 0, ta), *B = src_lanes(w, in, 1, tb); \
	bool sat = in->enc == ENC_VOP3 && in->clamp; \
	for (unsigned l = 0; l < WAVE_LANES; l++) { \
		int64_t a = A[l], b = B[l], v = (expr); \
		r[l] = !sat ? (uint32_t)v : v < 0 ? 0 : v > UINT32_MAX ? UINT32_MAX : (uint32_t)v; } \
	if (sim_faulted(w->sim)) return -1; \
	put_int(w, in, r); return 0; }

/*
 * int_only for the row-based integer ops, which also apply an SDWA
 * destination select (put_int).  SDWA neg/abs/clamp/omod on an integer
 * op have no documented integer meaning: refused.
 */
static int int_sdwa_check(struct wave *w, const struct insn *in, bool clamp_ok)
{
	if (in->sdwa && (in->sdwa_word & (3u << 20 | 3u << 28 | 7u << 13)) && in->enc != ENC_VOPC)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "SDWA neg/abs/clamp/omod on an integer instruction");
	if (in->sdwa && ((in->sdwa_word >> 11) & 3) == 3)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "reserved SDWA dst_unused 3");
	if (in->enc == ENC_VOP3 && (in->neg || in->omod || (in->clamp && !clamp_ok) || in->abs ||
				    in->op_sel))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "abs/neg/omod/clamp/op_sel on an integer VOP3 is not modelled");
	if (in->dpp && !in->dpp8 && (in->sdwa_word & (0xfu << 20)))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "DPP abs/neg on an integer instruction");
	return 0;
}

static int int_sdwa_ok(struct wave *w, const struct insn *in)
{
	return int_sdwa_check(w, in, false);
}

/* ------------------------------------------------------------- VOP2 */
/*
 * v_cndmask: VOP2 selects on VCC, VOP3 on the SGPR pair in src2.  VOP3
 * abs/neg on src0/src1 act on the sign bit (the compiler uses them to
 * select |x| or -x without a separate instruction).
 */
VOP(v_cndmask_b32)
{
	uint32_t ta[WAVE_LANES], tb[WAVE_LANES], r[WAVE_LANES];

	if (!vdst_ok(w, in, 1))
		return -1;
	if ((in->enc == ENC_VOP3 && (in->omod || in->clamp || (in->neg & 4))) ||
	    (in->sdwa && ((in->sdwa_word >> 8) & 7) != 6))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "v_cndmask modifier not modelled");
	uint64_t mask = rd_mask(w, in, in->src[2]);
	const uint32_t *A = src_lanes(w, in, 0, ta), *B = src_lanes(w, in, 1, tb);
	uint32_t and0 = ~0u, xor0 = 0, and1 = ~0u, xor1 = 0;

	if (in->enc == ENC_VOP3) {
		src_mods(in, 0, false, &and0, &xor0);
		src_mods(in, 1, false, &and1, &xor1);
	}
	for (unsigned l = 0; l < WAVE_LANES; l++)
		r[l] = (mask >> l) & 1 ? (B[l] & and1) ^ xor1 : (A[l] & and0) ^ xor0;
	if (sim_faulted(w->sim))
		return -1;
	put_lanes(w, in->dst, r);
	return 0;
}

INT2(v_mul_u32_u24, (a & 0xffffff) * (b & 0xffffff))
INT2(v_mul_i32_i24, (uint32_t)((int64_t)((int32_t)(a << 8) >> 8) * ((int32_t)(b << 8) >> 8)))
INT2(v_min_i32, (int32_t)a < (int32_t)b ? a : b)
INT2(v_max_i32, (int32_t)a > (int32_t)b ? a : b)
INT2(v_min_u32, a < b ? a : b)
INT2(v_max_u32, a > b ? a : b)
INT2(v_lshrrev_b32, b >> (a & 31))
INT2(v_ashrrev_i32, (uint32_t)((int32_t)b >> (a & 31)))
INT2(v_lshlrev_b32, b << (a & 31))
INT2(v_and_b32, a & b)
INT2(v_or_b32, a | b)
INT2(v_xor_b32, a ^ b)
INT2(v_mul_hi_u32_u24, (uint32_t)(((uint64_t)(a & 0xffffff) * (b & 0xffffff)) >> 32))
INT2(v_mul_hi_i32_i24, (uint32_t)(((int64_t)((int32_t)(a << 8) >> 8) *
				   ((int32_t)(b << 8) >> 8)) >> 32))

/*
 * Carry-out goes to VCC (VOP2) or the VOP3b SDST; carry-in likewise.
 * Whole lane rows, as the INT macros do.
 */
#define CARRY_OP(expr) do { \
	for (unsigned l = 0; l < WAVE_LANES; l++) { \
		uint64_t a = A[l], b = B[l], c = (cin >> l) & 1, r = (expr); (void)c; \
		res[l] = (uint32_t)r; \
		cout |= (r >> 32 & 1) << l; \
	} } while (0)

static int carry_op(struct wave *w, const struct insn *in, int kind)
{
	uint32_t ta[WAVE_LANES], tb[WAVE_LANES], res[WAVE_LANES];

	if (int_only(w, in) || !vdst_ok(w, in, 1))
		return -1;
	uint64_t cin = kind >= 3 ? rd_mask(w, in, in->src[2]) : 0, cout = 0;
	const uint32_t *A = src_lanes(w, in, 0, ta), *B = src_lanes(w, in, 1, tb);

	switch (kind) {
	case 0: CARRY_OP(a + b); break;			/* add_co */
	case 1: CARRY_OP(a - b); break;			/* sub_co */
	case 2: CARRY_OP(b - a); break;			/* subrev_co */
	case 3: CARRY_OP(a + b + c); break;		/* addc */
	case 4: CARRY_OP(a - b - c); break;		/* subb */
	default: CARRY_OP(b - a - c); break;		/* subbrev */
	}
	if (sim_faulted(w->sim))
		return -1;
	put_lanes(w, in->dst, res);
	wr_mask(w, in->sdst, cout & w->exec);
	return 0;
}
VOP(v_add_co_u32) { return carry_op(w, in, 0); }
VOP(v_sub_co_u32) { return carry_op(w, in, 1); }
VOP(v_subrev_co_u32) { return carry_op(w, in, 2); }
VOP(v_addc_co_u32) { return carry_op(w, in, 3); }
VOP(v_subb_co_u32) { return carry_op(w, in, 4); }
VOP(v_subbrev_co_u32) { return carry_op(w, in, 5); }

/*
 * 16-bit integer ops (VOP1/VOP2): gfx9 writes the result zero-extended,
 * i.e. the high half of the destination becomes 0 (LLVM
 * GCNSubtarget::zeroesHigh16BitsOfDest: only the VOP3 op_sel forms such
 * as v_mad_u16/v_fma_f16 preserve it).  Shift counts use S0[3:0].
 */
INT2(v_lshlrev_b16, (uint32_t)(uint16_t)(b << (a & 15)))
INT2(v_lshrrev_b16, (uint32_t)((b & 0xffff) >> (a & 15)))
INT2(v_ashrrev_i16, (uint32_t)(uint16_t)((int32_t)(int16_t)b >> (a & 15)))
INT2(v_add_u16, (uint32_t)(uint16_t)(a + b))
INT2(v_sub_u16, (uint32_t)(uint16_t)(a - b))
INT2(v_subrev_u16, (uint32_t)(uint16_t)(b - a))
INT2(v_mul_lo_u16, (uint32_t)(uint16_t)((a & 0xffff) * (b & 0xffff)))
INT2(v_max_u16, (a & 0xffff) > (b & 0xffff) ? a & 0xffff : b & 0xffff)
INT2(v_min_u16, (a & 0xffff) < (b & 0xffff) ? a & 0xffff : b & 0xffff)
INT2(v_max_i16, (uint32_t)(uint16_t)((int16_t)a > (int16_t)b ? a : b))
INT2(v_min_i16, (uint32_t)(uint16_t)((int16_t)a < (int16_t)b ? a : b))

INT2_SAT(v_add_u32, a + b)
INT2_SAT(v_sub_u32, a - b)
INT2_SAT(v_subrev_u32, b - a)

/* ------------------------------------------------------------- VOP1 */
INT1(v_mov_b32, a)
INT1(v_not_b32, ~a)
INT1(v_bfrev_b32, bitrev32(a))
/* Bit scans: -1 (all ones) when no bit is found. */
INT1(v_ffbh_u32, a ? (uint32_t)__builtin_clz(a) : ~0u)
INT1(v_ffbl_b32, a ? (uint32_t)__builtin_ctz(a) : ~0u)
/* Leading bits equal to the sign bit; -1 for 0 and -1. */
INT1(v_ffbh_i32, a == 0 || a == ~0u ? ~0u : (uint32_t)__builtin_clz((int32_t)a < 0 ? ~a : a))

VOP(v_mov_b64)
{
	if (int_only(w, in) || !vdst_ok(w, in, 2))
		return -1;
	FOR_LANES(l)
		set64(w, in->dst, l, src64(w, in, 0, l, false));
	return 0;
}

/* ------------------------------------------------------------- VOP3 */
INT3(v_mad_u32_u24, (a & 0xffffff) * (b & 0xffffff) + c)
INT3(v_mad_i32_i24, (uint32_t)((int64_t)((int32_t)(a << 8) >> 8) * ((int32_t)(b << 8) >> 8)) + c)
INT3(v_bfe_u32, (c & 31) ? (a >> (b & 31)) & ((1u << (c & 31)) - 1) : 0)
INT3(v_bfe_i32, (c & 31) ? (uint32_t)((int32_t)((a >> (b & 31)) << (32 - (c & 31))) >> (32 - (c & 31))) : 0)
INT3(v_bfi_b32, (a & b) | (~a & c))
INT3(v_alignbit_b32, (uint32_t)((((uint64_t)a << 32) | b) >> (c & 31)))

static uint32_t med3_u(uint32_t a, uint32_t b, uint32_t c)
{
	uint32_t lo = a < b ? a : b, hi = a < b ? b : a;

	return c < lo ? lo : c > hi ? hi : c;
}

static int32_t med3_i(int32_t a, int32_t b, int32_t c)
{
	int32_t lo = a < b ? a : b, hi = a < b ? b : a;

	return c < lo ? lo : c > hi ? hi : c;
}

#define MIN(x, y) ((x) < (y) ? (x) : (y))
#define MAX(x, y) ((x) > (y) ? (x) : (y))
INT3(v_min3_u32, MIN(MIN(a, b), c))
INT3(v_max3_u32, MAX(MAX(a, b), c))
INT3(v_med3_u32, med3_u(a, b, c))
INT3(v_min3_i32, (uint32_t)MIN(MIN((int32_t)a, (int32_t)b), (int32_t)c))
INT3(v_max3_i32, (uint32_t)MAX(MAX((int32_t)a, (int32_t)b), (int32_t)c))
INT3(v_med3_i32, (uint32_t)med3_i((int32_t)a, (int32_t)b, (int32_t)c))
/* gfx11 (RDNA3 ISA, V_MAXMIN_U32 & co.): maxmin = min(max(S0, S1), S2),
 * minmax = max(min(S0, S1), S2). */
INT3(v_maxmin_u32, MIN(MAX(a, b), c))
INT3(v_minmax_u32, MAX(MIN(a, b), c))
INT3(v_maxmin_i32, (uint32_t)MIN(MAX((int32_t)a, (int32_t)b), (int32_t)c))
INT3(v_minmax_i32, (uint32_t)MAX(MIN((int32_t)a, (int32_t)b), (int32_t)c))

/* |S0 - S1| + S2, an unsigned difference (LLVM selects it for umax - umin). */
INT3(v_sad_u32, (a > b ? a - b : b - a) + c)

VOP(v_mad_u64_u32)
{
	if (int_only(w, in) || !vdst_ok(w, in, 2))
		return -1;
	uint64_t cout = 0;

	FOR_LANES(l) {
		unsigned __int128 r = (unsigned __int128)((uint64_t)src(w, in, 0, l) *
							  src(w, in, 1, l)) +
				      src64(w, in, 2, l, false);

		set64(w, in->dst, l, (uint64_t)r);
		if (r >> 64)
			cout |= 1ull << l;
	}
	wr_mask(w, in->sdst, cout);
	return 0;
}

/*
 * {SDST, D} = S0.i32 * S1.i32 + S2.i64 as a 65-bit signed value; SDST
 * gets bit 64 (AMD's RDNA pseudo-code for the same opcode; the gfx9
 * manual only names the carry-out -- unverified there).
 */
VOP(v_mad_i64_i32)
{
	if (int_only(w, in) || !vdst_ok(w, in, 2))
		return -1;
	uint64_t cout = 0;

	FOR_LANES(l) {
		__int128 r = (__int128)((int64_t)(int32_t)src(w, in, 0, l) *
					(int32_t)src(w, in, 1, l)) +
			     (int64_t)src64(w, in, 2, l, false);

		set64(w, in->dst, l, (uint64_t)r);
		if (((unsigned __int128)r >> 64) & 1)
			cout |= 1ull << l;
	}
	wr_mask(w, in->sdst, cout);
	return 0;
}

/* gfx9's v_mad_legacy_u16: the pre-gfx9 v_mad_u16 (no op_sel), high half zeroed. */
INT3(v_mad_legacy_u16, (uint32_t)(uint16_t)((a & 0xffff) * (b & 0xffff) + c))

/*
 * 16-bit multiply-adds (VOP3 only): v_mad_u16 / v_mad_i16
 * D.16 = S0.16 * S1.16 + S2.16, and v_mad_u32_u16 / v_mad_i32_i16
 * D.32 = S0.16 * S1.16 + S2.32 with the 16-bit operands zero- or
 * sign-extended (gfx9 and RDNA3 ISA).  The low 16 bits of a 16-bit
 * result are the same signed or unsigned; the VOP3 clamp bit (which
 * would saturate) is refused with the other modifiers (int_only).
 * op_sel bit i takes the high half of 16-bit source i; for the 16-bit
 * results op_sel bit 3 writes the high half of the destination, and the
 * other half is kept -- the model's convention for the VOP3 op_sel forms
 * (put_op_sel, as v_fma_f16; LLVM's zeroesHigh16BitsOfDest: gfx9
 * preserves).  Whether gfx11 keeps or zeroes that half is not verified.
 */
static int mad16(struct wave *w, const struct insn *in, bool sign, bool wide)
{
	uint32_t ta[WAVE_LANES], tb[WAVE_LANES], tc[WAVE_LANES];

	if (int_only(w, in) || !vdst_ok(w, in, 1))
		return -1;
	if (wide && (in->op_sel & 0xc))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "op_sel on a 32-bit operand of a 16-bit multiply-add");
	const uint32_t *A = src_lanes(w, in, 0, ta), *B = src_lanes(w, in, 1, tb);
	const uint32_t *C = src_lanes(w, in, 2, tc);

	if (sim_faulted(w->sim))
		return -1;
	FOR_LANES(l) {
		uint32_t a = (in->op_sel & 1) ? A[l] >> 16 : A[l];
		uint32_t b = (in->op_sel & 2) ? B[l] >> 16 : B[l];
		uint32_t c = (in->op_sel & 4) ? C[l] >> 16 : C[l];
		uint32_t p = sign ? (uint32_t)((int32_t)(int16_t)a * (int32_t)(int16_t)b)
				  : (a & 0xffff) * (b & 0xffff);

		if (wide)
			w->v[in->dst][l] = p + c;
		else
			put_op_sel(w, in, l, (uint16_t)(p + c));
	}
	return 0;
}
VOP(v_mad_u16) { return mad16(w, in, false, false); }
VOP(v_mad_i16) { return mad16(w, in, true, false); }
VOP(v_mad_u32_u16) { return mad16(w, in, false, true); }
VOP(v_mad_i32_i16) { return mad16(w, in, true, true); }

/*
 * v_perm_b32: each result byte is picked from the eight bytes of
 * {S0, S1} (S1 is bytes 0-3) by the matching selector byte of S2;
 * selectors 8-11 give the sign of bytes 1, 3, 5, 7 replicated, 12 gives
 * 0x00 and 13 and above 0xff (gfx9 ISA, V_PERM_B32).
 */
static uint32_t perm_byte(uint64_t data, unsigned sel)
{
	if (sel < 8)
		return (uint32_t)(data >> (8 * sel)) & 0xff;
	if (sel < 12)
		return (data >> (16 * (sel - 8) + 15)) & 1 ? 0xff : 0;
	return sel == 12 ? 0 : 0xff;
}

INT3(v_perm_b32, perm_byte((uint64_t)a << 32 | b, c & 0xff) |
		 perm_byte((uint64_t)a << 32 | b, (c >> 8) & 0xff) << 8 |
		 perm_byte((uint64_t)a << 32 | b, (c >> 16) & 0xff) << 16 |
		 perm_byte((uint64_t)a << 32 | b, c >> 24) << 24)

INT3(v_lshl_add_u32, (a << (b & 31)) + c)
INT3(v_add_lshl_u32, (a + b) << (c & 31))
INT3(v_add3_u32, a + b + c)
INT3(v_xad_u32, (a ^ b) + c)
INT3(v_lshl_or_b32, (a << (b & 31)) | c)
INT3(v_and_or_b32, (a & b) | c)
INT3(v_or3_b32, a | b | c)
INT2(v_mul_lo_u32, a * b)
INT2(v_mul_hi_u32, (uint32_t)(((uint64_t)a * b) >> 32))
INT2(v_mul_hi_i32, (uint32_t)(((int64_t)(int32_t)a * (int32_t)b) >> 32))
INT2(v_bcnt_u32_b32, (uint32_t)__builtin_popcount(a) + b)

/* Count of set bits of S0 in the lanes below this one (lanes 0..31 for
 * _lo, 32..63 for _hi), plus S1: the lane-id idiom. */
VOP(v_mbcnt_lo_u32_b32)
{
	if (int_only(w, in) || !vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		uint32_t mask = l >= 32 ? ~0u : (1u << l) - 1;

		w->v[in->dst][l] = (uint32_t)__builtin_popcount(src(w, in, 0, l) & mask) +
				   src(w, in, 1, l);
	}
	return 0;
}

VOP(v_mbcnt_hi_u32_b32)
{
	if (int_only(w, in) || !vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		uint32_t mask = l <= 32 ? 0 : (1u << (l - 32)) - 1;

		w->v[in->dst][l] = (uint32_t)__builtin_popcount(src(w, in, 0, l) & mask) +
				   src(w, in, 1, l);
	}
	return 0;
}

#define SHIFT64(name, expr) VOP(name) { \
	uint32_t ta[WAVE_LANES]; uint64_t V[WAVE_LANES], r[WAVE_LANES]; \
	if (int_only(w, in) || !vdst_ok(w, in, 2)) return -1; \
	const uint32_t *S = src_lanes(w, in, 0, ta); src64_lanes(w, in, 1, V); \
	for (unsigned l = 0; l < WAVE_LANES; l++) { unsigned s = S[l] & 63; uint64_t v = V[l]; \
		r[l] = (expr); } \
	if (sim_faulted(w->sim)) return -1; \
	put64_lanes(w, in->dst, r); return 0; }
SHIFT64(v_lshlrev_b64, v << s)
SHIFT64(v_lshrrev_b64, v >> s)
SHIFT64(v_ashrrev_i64, (uint64_t)((int64_t)v >> s))

INT2(v_bfm_b32, ((1u << (a & 31)) - 1) << (b & 31))

/* gfx940: D = (S0 << S1) + S2, 64-bit.  LLVM limits the shift to 0..4;
 * the model takes S1[2:0] (the field width is unverified beyond that). */
VOP(v_lshl_add_u64)
{
	if (int_only(w, in) || !vdst_ok(w, in, 2))
		return -1;
	FOR_LANES(l) {
		unsigned s = src(w, in, 1, l);

		if (s > 4)
			return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
					  "v_lshl_add_u64 shift %u > 4 is not modelled", s);
		set64(w, in->dst, l, (src64(w, in, 0, l, false) << s) + src64(w, in, 2, l, false));
	}
	return 0;
}

/* ------------------------------------------------------------ VOP3P */
/* gfx90a VOP3P: D.lo = S0[op_sel[0]], D.hi = S1[op_sel[1]] (64-bit sources). */
VOP(v_pk_mov_b32)
{
	if (!vdst_ok(w, in, 2))
		return -1;
	if (in->neg || in->clamp)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "v_pk_mov_b32 with neg/clamp is not modelled");
	FOR_LANES(l) {
		uint64_t a = src64(w, in, 0, l, false), b = src64(w, in, 1, l, false);
		uint32_t lo = (uint32_t)(in->op_sel & 1 ? a >> 32 : a);
		uint32_t hi = (uint32_t)(in->op_sel & 2 ? b >> 32 : b);

		w->v[in->dst][l] = lo;
		w->v[in->dst + 1][l] = hi;
	}
	return 0;
}
