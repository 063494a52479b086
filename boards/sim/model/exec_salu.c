// SPDX-License-Identifier: MIT
/*
 * Scalar instructions: SOP2, SOPK, SOP1, SOPC, SOPP and SMEM.  One short
 * function per instruction; semantics from AMD's Vega/CDNA ISA manuals
 * ("SCC" notes are the documented SCC results).
 */
#include <string.h>

#include "model.h"

#define S0 rd_s32(w, in, in->src[0])
#define S1 rd_s32(w, in, in->src[1])
#define S0_64 rd_s64(w, in, in->src[0])
#define S1_64 rd_s64(w, in, in->src[1])
#define D(v) wr_s32(w, in->dst, (v))
#define D64(v) wr_s64(w, in->dst, (v))
#define SOP(name) int x_##name(struct wave *w, const struct insn *in)

/* ---------------------------------------------------------------- SOP2 */
SOP(s_add_u32) { uint64_t r = (uint64_t)S0 + S1; D((uint32_t)r); w->scc = r >> 32; return 0; }
SOP(s_sub_u32) { uint32_t a = S0, b = S1; D(a - b); w->scc = b > a; return 0; }
SOP(s_addc_u32)
{
	uint64_t r = (uint64_t)S0 + S1 + w->scc;

	D((uint32_t)r);
	w->scc = r >> 32;
	return 0;
}
SOP(s_subb_u32)
{
	uint32_t a = S0, b = S1, c = w->scc;

	D(a - b - c);
	w->scc = (uint64_t)b + c > a;
	return 0;
}
SOP(s_add_i32)
{
	int32_t a = (int32_t)S0, b = (int32_t)S1;
	int32_t r = (int32_t)((uint32_t)a + (uint32_t)b);

	D((uint32_t)r);
	w->scc = ((a >= 0) == (b >= 0)) && ((r >= 0) != (a >= 0));	/* overflow */
	return 0;
}
SOP(s_sub_i32)
{
	int32_t a = (int32_t)S0, b = (int32_t)S1;
	int32_t r = (int32_t)((uint32_t)a - (uint32_t)b);

	D((uint32_t)r);
	w->scc = ((a >= 0) != (b >= 0)) && ((r >= 0) != (a >= 0));
	return 0;
}
SOP(s_min_i32) { int32_t a = (int32_t)S0, b = (int32_t)S1; w->scc = a < b; D((uint32_t)(a < b ? a : b)); return 0; }
SOP(s_min_u32) { uint32_t a = S0, b = S1; w->scc = a < b; D(a < b ? a : b); return 0; }
SOP(s_max_i32) { int32_t a = (int32_t)S0, b = (int32_t)S1; w->scc = a > b; D((uint32_t)(a > b ? a : b)); return 0; }
SOP(s_max_u32) { uint32_t a = S0, b = S1; w->scc = a > b; D(a > b ? a : b); return 0; }
SOP(s_cselect_b32) { D(w->scc ? S0 : S1); return 0; }
SOP(s_cselect_b64) { D64(w->scc ? S0_64 : S1_64); return 0; }

#define LOGIC32(name, expr) SOP(name) { uint32_t a = S0, b = S1, r = (expr); D(r); w->scc = r != 0; return 0; }
#define LOGIC64(name, expr) SOP(name) { uint64_t a = S0_64, b = S1_64, r = (expr); D64(r); w->scc = r != 0; return 0; }
LOGIC32(s_and_b32, a & b)
LOGIC64(s_and_b64, a & b)
LOGIC32(s_or_b32, a | b)
LOGIC64(s_or_b64, a | b)
LOGIC32(s_xor_b32, a ^ b)
LOGIC64(s_xor_b64, a ^ b)
LOGIC32(s_andn2_b32, a & ~b)
LOGIC64(s_andn2_b64, a & ~b)
LOGIC32(s_orn2_b32, a | ~b)
LOGIC64(s_orn2_b64, a | ~b)
LOGIC32(s_lshl_b32, a << (b & 31))
LOGIC32(s_lshr_b32, a >> (b & 31))
LOGIC32(s_ashr_i32, (uint32_t)((int32_t)a >> (b & 31)))
LOGIC32(s_nand_b32, ~(a & b))
LOGIC64(s_nand_b64, ~(a & b))
LOGIC32(s_nor_b32, ~(a | b))
LOGIC64(s_nor_b64, ~(a | b))
LOGIC32(s_xnor_b32, ~(a ^ b))
LOGIC64(s_xnor_b64, ~(a ^ b))
SOP(s_lshl_b64) { uint64_t r = S0_64 << (S1 & 63); D64(r); w->scc = r != 0; return 0; }
SOP(s_lshr_b64) { uint64_t r = S0_64 >> (S1 & 63); D64(r); w->scc = r != 0; return 0; }
SOP(s_ashr_i64) { uint64_t r = (uint64_t)((int64_t)S0_64 >> (S1 & 63)); D64(r); w->scc = r != 0; return 0; }

/* Bitfield extract: S1[4:0] offset, S1[22:16] width. */
SOP(s_bfe_u32)
{
	uint32_t a = S0, b = S1, off = b & 31, width = (b >> 16) & 0x7f;
	uint32_t r = width ? (a >> off) & (width >= 32 ? ~0u : (1u << width) - 1) : 0;

	D(r);
	w->scc = r != 0;
	return 0;
}
SOP(s_bfe_i32)
{
	uint32_t a = S0, b = S1, off = b & 31, width = (b >> 16) & 0x7f;
	int32_t r = 0;

	if (width >= 32)
		r = (int32_t)a >> off;
	else if (width)
		r = (int32_t)((a >> off) << (32 - width)) >> (32 - width);
	D((uint32_t)r);
	w->scc = r != 0;
	return 0;
}
/* 64-bit forms: S0 is a pair, S1[5:0] offset, S1[22:16] width. */
static uint64_t bfe64(uint64_t a, uint32_t b, bool sign)
{
	unsigned off = b & 63, width = (b >> 16) & 0x7f;
	uint64_t r;

	if (!width)
		return 0;
	if (width >= 64)
		return sign ? (uint64_t)((int64_t)a >> off) : a >> off;
	r = (a >> off) & ((1ull << width) - 1);
	if (sign && (r >> (width - 1)) & 1)
		r |= ~0ull << width;
	return r;
}
SOP(s_bfe_u64) { uint64_t r = bfe64(S0_64, S1, false); D64(r); w->scc = r != 0; return 0; }
SOP(s_bfe_i64) { uint64_t r = bfe64(S0_64, S1, true); D64(r); w->scc = r != 0; return 0; }
/* Bitfield masks: ((1 << S0) - 1) << S1, no SCC. */
SOP(s_bfm_b32) { D(((1u << (S0 & 31)) - 1) << (S1 & 31)); return 0; }
SOP(s_bfm_b64) { D64(((1ull << (S0 & 63)) - 1) << (S1 & 63)); return 0; }
/* Two 16-bit halves into one dword: {S1 half, S0 half}, no SCC. */
SOP(s_pack_ll_b32_b16) { D((S0 & 0xffff) | S1 << 16); return 0; }
SOP(s_pack_lh_b32_b16) { D((S0 & 0xffff) | (S1 & 0xffff0000)); return 0; }
SOP(s_pack_hh_b32_b16) { D(S0 >> 16 | (S1 & 0xffff0000)); return 0; }
SOP(s_absdiff_i32)
{
	uint32_t r = S0 - S1;

	if ((int32_t)r < 0)
		r = 0u - r;
	D(r);
	w->scc = r != 0;
	return 0;
}
SOP(s_mul_i32) { D(S0 * S1); return 0; }
SOP(s_mul_hi_i32) { D((uint32_t)(((int64_t)(int32_t)S0 * (int32_t)S1) >> 32)); return 0; }
SOP(s_mul_hi_u32) { D((uint32_t)(((uint64_t)S0 * S1) >> 32)); return 0; }

#define LSHL_ADD(n) SOP(s_lshl##n##_add_u32) { \
	uint64_t r = ((uint64_t)S0 << n) + S1; D((uint32_t)r); w->scc = r >> 32 != 0; return 0; }
LSHL_ADD(1)
LSHL_ADD(2)
LSHL_ADD(3)
LSHL_ADD(4)

/* ---------------------------------------------------------------- SOPK */
SOP(s_movk_i32) { D((uint32_t)in->simm16); return 0; }
SOP(s_cmpk_eq_u32) { w->scc = rd_s32(w, in, in->dst) == (uint16_t)in->simm16; return 0; }
SOP(s_cmpk_lg_u32) { w->scc = rd_s32(w, in, in->dst) != (uint16_t)in->simm16; return 0; }
SOP(s_cmovk_i32) { if (w->scc) D((uint32_t)in->simm16); return 0; }
/* SOPK compares: the register named by SDST against SIMM16, sign- or
 * zero-extended to match the comparison. */
#define CMPK(name, type, ext, op) SOP(name) { \
	w->scc = (type)rd_s32(w, in, in->dst) op (type)(ext)in->simm16; return 0; }
CMPK(s_cmpk_eq_i32, int32_t, int16_t, ==)
CMPK(s_cmpk_lg_i32, int32_t, int16_t, !=)
CMPK(s_cmpk_gt_i32, int32_t, int16_t, >)
CMPK(s_cmpk_ge_i32, int32_t, int16_t, >=)
CMPK(s_cmpk_lt_i32, int32_t, int16_t, <)
CMPK(s_cmpk_le_i32, int32_t, int16_t, <=)
CMPK(s_cmpk_gt_u32, uint32_t, uint16_t, >)
CMPK(s_cmpk_ge_u32, uint32_t, uint16_t, >=)
CMPK(s_cmpk_lt_u32, uint32_t, uint16_t, <)
CMPK(s_cmpk_le_u32, uint32_t, uint16_t, <=)
SOP(s_addk_i32)
{
	int32_t a = (int32_t)rd_s32(w, in, in->dst), b = in->simm16;
	int32_t r = (int32_t)((uint32_t)a + (uint32_t)b);

	D((uint32_t)r);
	w->scc = ((a >= 0) == (b >= 0)) && ((r >= 0) != (a >= 0));
	return 0;
}
SOP(s_mulk_i32) { D(rd_s32(w, in, in->dst) * (uint32_t)in->simm16); return 0; }

/*
 * Hardware registers: hwreg(id, offset, size) in SIMM16 = id[5:0],
 * offset[10:6], size-1 [15:11].  MODE (1) and gfx9's HW_ID (4) are modelled;
 * reading or writing any other is a fault, not a guess.
 */
#define HW_REG_MODE 1	/* the same id on gfx9 and gfx11 */

static void hwreg_field(const struct insn *in, unsigned *id, unsigned *off, uint32_t *mask)
{
	unsigned size = ((in->simm16 >> 11) & 31) + 1;

	*id = in->simm16 & 63;
	*off = (in->simm16 >> 6) & 31;
	*mask = (size >= 32 ? ~0u : (1u << size) - 1) << *off;
}

/* HW_ID (gfx9): wave [3:0], simd [5:4], cu [11:8], sh [12], se [14:13],
 * queue [26:24].  The model places workgroups round-robin on CUs. */
static uint32_t hw_id(const struct wave *w)
{
	const struct workgroup *wg = w->wg;
	unsigned lin = wg->id[0] + 7919u * wg->id[1] + 104729u * wg->id[2];

	return (w->index / 4 & 15) | (w->index % 4) << 4 | (lin % 16) << 8 |
	       ((lin / 16) % 2) << 12 | ((lin / 32) % 4) << 13 |
	       (w->wg->queue & 7) << 24;
}

SOP(s_getreg_b32)
{
	unsigned id, off;
	uint32_t mask, v;

	hwreg_field(in, &id, &off, &mask);
	if (id == HW_REG_MODE)
		v = w->mode;
	else if (id == w->sim->target->isa->hwreg_hw_id)
		v = hw_id(w);
	/* gfx11 SHADER_CYCLES: the shader clock's low 20 bits (RDNA3 ISA,
	 * hardware registers: a 20-bit free-running cycle counter; what
	 * __builtin_readcyclecounter, clock64(), reads on gfx11).  The model's
	 * shader clock is the one s_memtime reads on gfx9 (sim.h). */
	else if (id == w->sim->target->isa->hwreg_shader_cycles)
		v = (uint32_t)(bh_sim_shader_clock(w->sim) & 0xfffff);
	else
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "s_getreg of hardware register %u is not modelled", id);
	D((v & mask) >> off);
	return 0;
}

static int setreg(struct wave *w, const struct insn *in, uint32_t value)
{
	unsigned id, off;
	uint32_t mask;

	hwreg_field(in, &id, &off, &mask);
	if (id != HW_REG_MODE)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "s_setreg of hardware register %u is not modelled", id);
	uint32_t mode = (w->mode & ~mask) | ((value << off) & mask);
	const char *why = mode_unsupported(mode);

	if (why)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "s_setreg MODE = 0x%08x: %s", mode, why);
	wave_set_mode(w, mode);
	return 0;
}
SOP(s_setreg_b32) { return setreg(w, in, rd_s32(w, in, in->dst)); }

/*
 * VGPR index mode (gfx9 ISA, S_SET_GPR_IDX_*): while MODE.GPR_IDX_EN is
 * set, every VALU instruction adds M0[7:0] to the VGPR numbers of the
 * operands M0[15:12] enables (bit 0 src0, 1 src1, 2 src2, 3 dst);
 * dispatch.c applies it.  s_set_gpr_idx_on takes the enables from its
 * raw S1 field, not from a register.
 */
SOP(s_set_gpr_idx_on)
{
	w->m0 = (w->m0 & ~0xf0ffu) | (S0 & 0xffu) | (in->src[1] & 15u) << 12;
	wave_set_mode(w, w->mode | MODE_GPR_IDX_EN);
	return 0;
}
SOP(s_set_gpr_idx_off) { (void)in; wave_set_mode(w, w->mode & ~MODE_GPR_IDX_EN); return 0; }
SOP(s_set_gpr_idx_idx) { w->m0 = (w->m0 & ~0xffu) | (S0 & 0xffu); return 0; }
SOP(s_set_gpr_idx_mode) { w->m0 = (w->m0 & ~0xf000u) | ((uint32_t)in->simm16 & 15u) << 12; return 0; }
SOP(s_setreg_imm32_b32) { return setreg(w, in, in->literal); }

/*
 * s_round_mode / s_denorm_mode (gfx10+): SIMM16[3:0] replaces MODE's
 * FP_ROUND [3:0] / FP_DENORM [7:4], as s_setreg of that field would
 * (RDNA3 ISA, S_ROUND_MODE, S_DENORM_MODE).
 */
static int mode_field(struct wave *w, const struct insn *in, unsigned shift)
{
	uint32_t mode = (w->mode & ~(15u << shift)) | ((uint32_t)in->simm16 & 15u) << shift;
	const char *why = mode_unsupported(mode);

	if (why)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "MODE = 0x%08x: %s", mode, why);
	wave_set_mode(w, mode);
	return 0;
}
SOP(s_round_mode) { return mode_field(w, in, 0); }
SOP(s_denorm_mode) { return mode_field(w, in, 4); }

/* ---------------------------------------------------------------- SOP1 */
SOP(s_mov_b32) { D(S0); return 0; }
SOP(s_mov_b64) { D64(S0_64); return 0; }
SOP(s_cmov_b32) { if (w->scc) D(S0); return 0; }
SOP(s_cmov_b64) { if (w->scc) D64(S0_64); return 0; }
SOP(s_brev_b64) { D64(bitrev64(S0_64)); return 0; }
SOP(s_bcnt0_i32_b32) { uint32_t r = (uint32_t)__builtin_popcount(~S0); D(r); w->scc = r != 0; return 0; }
SOP(s_flbit_i32_b64) { uint64_t a = S0_64; D(a ? (uint32_t)__builtin_clzll(a) : ~0u); return 0; }
/* Leading bits equal to the sign bit; -1 for 0 and -1. */
SOP(s_flbit_i32)
{
	uint32_t a = S0;

	D(a == 0 || a == ~0u ? ~0u : (uint32_t)__builtin_clz((int32_t)a < 0 ? ~a : a));
	return 0;
}
/* Set or clear bit S0[4:0] of the destination (read-modify-write). */
SOP(s_bitset0_b32) { D(rd_s32(w, in, in->dst) & ~(1u << (S0 & 31))); return 0; }
SOP(s_bitset1_b32) { D(rd_s32(w, in, in->dst) | (1u << (S0 & 31))); return 0; }
SOP(s_not_b32) { uint32_t r = ~S0; D(r); w->scc = r != 0; return 0; }
SOP(s_not_b64) { uint64_t r = ~S0_64; D64(r); w->scc = r != 0; return 0; }
SOP(s_brev_b32)
{
	uint32_t a = S0, r = 0;

	for (int i = 0; i < 32; i++)
		r |= ((a >> i) & 1) << (31 - i);
	D(r);
	return 0;
}
SOP(s_bcnt1_i32_b32) { uint32_t r = (uint32_t)__builtin_popcount(S0); D(r); w->scc = r != 0; return 0; }
SOP(s_bcnt1_i32_b64) { uint32_t r = (uint32_t)__builtin_popcountll(S0_64); D(r); w->scc = r != 0; return 0; }
SOP(s_ff1_i32_b32) { uint32_t a = S0; D(a ? (uint32_t)__builtin_ctz(a) : ~0u); return 0; }
SOP(s_ff1_i32_b64) { uint64_t a = S0_64; D(a ? (uint32_t)__builtin_ctzll(a) : ~0u); return 0; }
SOP(s_flbit_i32_b32) { uint32_t a = S0; D(a ? (uint32_t)__builtin_clz(a) : ~0u); return 0; }
SOP(s_sext_i32_i8) { D((uint32_t)(int32_t)(int8_t)S0); return 0; }
SOP(s_sext_i32_i16) { D((uint32_t)(int32_t)(int16_t)S0); return 0; }
SOP(s_abs_i32)
{
	int32_t a = (int32_t)S0;
	uint32_t r = a < 0 ? 0u - (uint32_t)a : (uint32_t)a;

	D(r);
	w->scc = r != 0;
	return 0;
}
/* w->pc already points at the next instruction. */
SOP(s_getpc_b64) { D64(w->pc); return 0; }
SOP(s_setpc_b64) { w->pc = S0_64; return 0; }
SOP(s_swappc_b64) { uint64_t target = S0_64; D64(w->pc); w->pc = target; return 0; }

#define SAVEEXEC(name, expr) SOP(name) { \
	uint64_t s = S0_64, e = w->exec; D64(e); w->exec = (expr); w->scc = w->exec != 0; return 0; }
SAVEEXEC(s_and_saveexec_b64, s & e)
SAVEEXEC(s_or_saveexec_b64, s | e)
SAVEEXEC(s_xor_saveexec_b64, s ^ e)
SAVEEXEC(s_andn2_saveexec_b64, s & ~e)
SAVEEXEC(s_orn2_saveexec_b64, s | ~e)
SAVEEXEC(s_nand_saveexec_b64, ~(s & e))
SAVEEXEC(s_nor_saveexec_b64, ~(s | e))
SAVEEXEC(s_xnor_saveexec_b64, ~(s ^ e))
/*
 * The gfx10+ 32-bit forms (RDNA3 ISA, S_AND_SAVEEXEC_B32 & co.): EXEC_LO
 * is saved to the destination and replaced; SCC = EXEC_LO != 0.  In
 * wave32 EXEC_LO is all of EXEC.
 */
#define SAVEEXEC32(name, expr) SOP(name) { \
	uint32_t s = S0, e = (uint32_t)w->exec, r; D(e); r = (expr); \
	w->exec = (w->exec & ~0xffffffffull) | r; w->scc = r != 0; return 0; }
SAVEEXEC32(s_and_saveexec_b32, s & e)
SAVEEXEC32(s_or_saveexec_b32, s | e)
SAVEEXEC32(s_xor_saveexec_b32, s ^ e)
SAVEEXEC32(s_and_not1_saveexec_b32, s & ~e)
SAVEEXEC32(s_or_not1_saveexec_b32, s | ~e)
SAVEEXEC(s_andn1_saveexec_b64, ~s & e)
SAVEEXEC(s_orn1_saveexec_b64, ~s | e)
/* wrexec: EXEC changes and D receives the new EXEC, not the old one. */
#define WREXEC(name, expr) SOP(name) { \
	uint64_t s = S0_64, e = w->exec; w->exec = (expr); D64(w->exec); w->scc = w->exec != 0; return 0; }
WREXEC(s_andn1_wrexec_b64, ~s & e)
WREXEC(s_andn2_wrexec_b64, s & ~e)

/* ---------------------------------------------------------------- SOPC */
#define CMP32(name, type, op) SOP(name) { w->scc = (type)S0 op (type)S1; return 0; }
CMP32(s_cmp_eq_i32, int32_t, ==)
CMP32(s_cmp_lg_i32, int32_t, !=)
CMP32(s_cmp_gt_i32, int32_t, >)
CMP32(s_cmp_ge_i32, int32_t, >=)
CMP32(s_cmp_lt_i32, int32_t, <)
CMP32(s_cmp_le_i32, int32_t, <=)
CMP32(s_cmp_eq_u32, uint32_t, ==)
CMP32(s_cmp_lg_u32, uint32_t, !=)
CMP32(s_cmp_gt_u32, uint32_t, >)
CMP32(s_cmp_ge_u32, uint32_t, >=)
CMP32(s_cmp_lt_u32, uint32_t, <)
CMP32(s_cmp_le_u32, uint32_t, <=)
SOP(s_cmp_eq_u64) { w->scc = S0_64 == S1_64; return 0; }
SOP(s_cmp_lg_u64) { w->scc = S0_64 != S1_64; return 0; }
SOP(s_bitcmp0_b32) { w->scc = !((S0 >> (S1 & 31)) & 1); return 0; }
SOP(s_bitcmp1_b32) { w->scc = (S0 >> (S1 & 31)) & 1; return 0; }
SOP(s_bitcmp0_b64) { w->scc = !((S0_64 >> (S1 & 63)) & 1); return 0; }
SOP(s_bitcmp1_b64) { w->scc = (S0_64 >> (S1 & 63)) & 1; return 0; }

/* ---------------------------------------------------------------- SOPP */
/* Also s_waitcnt: memory is synchronous.  A wait is where a program's
 * release (gfx11: s_waitcnt_vscnt before the flag store) or acquire
 * happens: an acquire-release host fence, no instruction on x86 (whose
 * stores and loads keep their order), a barrier on weaker hosts. */
SOP(s_nop) { (void)w; (void)in; __atomic_thread_fence(__ATOMIC_ACQ_REL); return 0; }
SOP(s_endpgm) { (void)in; w->done = true; return 0; }
/*
 * s_sleep N: the wave sleeps about 64 * N[6:0] clocks.  The model has no
 * clock per wave; the wave gives up the rest of its scheduling quantum
 * so that the waves it waits for run (a spin-wait's s_sleep then costs
 * one instruction per round, not a quantum).  s_sleep 0 is a no-op.
 */
SOP(s_sleep) { if (in->simm16 & 0x7f) w->yield = w->waited = true; return 0; }
SOP(s_barrier) { (void)in; w->at_barrier = true; return 0; }

static int branch(struct wave *w, const struct insn *in, bool taken)
{
	if (taken)
		w->pc += (int64_t)in->simm16 * 4;
	return 0;
}
SOP(s_branch) { return branch(w, in, true); }
SOP(s_cbranch_scc0) { return branch(w, in, !w->scc); }
SOP(s_cbranch_scc1) { return branch(w, in, w->scc); }
SOP(s_cbranch_vccz) { return branch(w, in, w->vcc == 0); }
SOP(s_cbranch_vccnz) { return branch(w, in, w->vcc != 0); }
SOP(s_cbranch_execz) { return branch(w, in, w->exec == 0); }
SOP(s_cbranch_execnz) { return branch(w, in, w->exec != 0); }

/* No trap handler is installed (TRAP_PRESENT = 0): a trap stops the queue. */
SOP(s_trap)
{
	return wave_fault(w, BH_SIM_FAULT_TRAP, in, 0, "s_trap %d%s", in->simm16 & 0xff,
			  (in->simm16 & 0xff) == 2 ? " (llvm.trap: abort or failed assert)" : "");
}

/*
 * s_sethalt (gfx11): SIMM16[0] set halts the wave until the host resumes
 * it (a debugger's business); clear, it is a no-op.  LLVM ends its
 * simulated trap on gfx1100-gfx1103 this way (s_trap 2, then an
 * interrupt, then "s_sethalt 5; s_branch -1"), so a kernel only gets
 * here if a trap handler returned.  No host resumes a wave on this
 * board: the halt stops the dispatch with a fault that says so, rather
 * than a hang until the watchdog.
 */
SOP(s_sethalt)
{
	if (!(in->simm16 & 1))
		return 0;
	return wave_fault(w, BH_SIM_FAULT_TRAP, in, 0, "s_sethalt %d: the wave halted itself "
			  "and nothing resumes it", in->simm16 & 0xffff);
}

/*
 * s_sendmsg: the message id is SIMM16[3:0] (gfx9 ISA, S_SENDMSG).  The
 * one a compute wave sends to the host is MSG_INTERRUPT (1), which
 * raises an interrupt carrying M0[23:0]; the graphics messages (GS,
 * ordered PS, ...) and the system ones have no meaning on this board and
 * stop the wave loudly.
 */
SOP(s_sendmsg)
{
	unsigned id = in->simm16 & 0xf;

	if (id == 1) {
		raise_irq(w->sim, w->m0 & 0xffffff);
		return 0;
	}
	/* gfx11 MSG_DEALLOC_VGPRS (3): the wave gives its VGPRs back before
	 * s_endpgm.  Stores already wrote memory here, so nothing waits; the
	 * wave keeps no VGPRs, and any later VGPR access faults (every
	 * VGPR operand is checked against nvgprs), as using freed registers
	 * is undefined on hardware. */
	if (id == 3 && w->sim->target->msg_dealloc_vgprs) {
		w->nvgprs = 0;
		return 0;
	}
	return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
			  "s_sendmsg message %u is not modelled (only MSG_INTERRUPT, and "
			  "MSG_DEALLOC_VGPRS on gfx11)", id);
}

/*
 * s_sendmsg_rtn (gfx11): a message whose answer is written to SDST; the
 * id is the raw 8-bit S0 field (LLVM's MSG_RTN_*).  The model answers
 * MSG_RTN_GET_REALTIME (131), the constant-rate timestamp clock that
 * s_memrealtime read before gfx11 (the _b32 form gets its low half);
 * the others (doorbell, DDID, TMA/TBA, save-wave) have no meaning on
 * this board and stop the wave.
 */
#define MSG_RTN_GET_REALTIME 131

static int sendmsg_rtn(struct wave *w, const struct insn *in, bool b64)
{
	unsigned id = in->src[0];

	if (id != MSG_RTN_GET_REALTIME)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "s_sendmsg_rtn message %u is not modelled (only GET_REALTIME)", id);
	uint64_t t = bh_sim_clock(w->sim);

	w->read_clock = true;
	if (b64)
		D64(t);
	else
		D((uint32_t)t);
	return 0;
}
SOP(s_sendmsg_rtn_b32) { return sendmsg_rtn(w, in, false); }
SOP(s_sendmsg_rtn_b64) { return sendmsg_rtn(w, in, true); }

/* ---------------------------------------------------------------- SMEM */
static int s_load(struct wave *w, const struct insn *in, unsigned n)
{
	uint64_t addr = rd_s64(w, in, in->addr);

	addr += in->imm ? (int64_t)in->offset : rd_s32(w, in, (unsigned)in->offset & 0x7f);
	if (in->soe)
		addr += rd_s32(w, in, in->saddr);
	addr &= ~3ull;		/* SMEM ignores the low two address bits */
	uint8_t *p = mem_translate(w->sim, addr, 4ull * n);

	if (!p)
		return wave_fault(w, BH_SIM_FAULT_MEMORY, in, addr,
				  "scalar load of %u bytes at unmapped 0x%llx", 4 * n,
				  (unsigned long long)addr);
	for (unsigned i = 0; i < n; i++) {
		uint32_t v;

		memcpy(&v, p + 4 * i, 4);
		wr_s32(w, in->dst + i, v);
	}
	/* Reading the same address again is polling (deadlock detection). */
	if (addr == w->last_sload)
		w->waited = true;
	w->last_sload = addr;
	return 0;
}
SOP(s_load_dword) { return s_load(w, in, 1); }
SOP(s_load_dwordx2) { return s_load(w, in, 2); }
SOP(s_load_dwordx4) { return s_load(w, in, 4); }
SOP(s_load_dwordx8) { return s_load(w, in, 8); }
SOP(s_load_dwordx16) { return s_load(w, in, 16); }
/* s_memtime: the shader clock (counts work); s_memrealtime: the
 * constant-rate timestamp clock (counts host time). */
SOP(s_memtime) { D64(bh_sim_shader_clock(w->sim)); return 0; }
SOP(s_memrealtime) { w->read_clock = true; D64(bh_sim_clock(w->sim)); return 0; }
SOP(s_cache_nop) { (void)w; (void)in; return 0; }
