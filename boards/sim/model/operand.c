// SPDX-License-Identifier: MIT
/*
 * Operand access: SGPRs, special registers, inline constants, literals
 * and VGPRs by their 9-bit operand code (AMD gfx9 ISA, "Scalar/Vector
 * Operands"; RDNA3 ISA, the SSRC/SDST table).  The codes that moved
 * between generations (M0, NULL, SGPRs 102..105, FLAT_SCRATCH, VCCZ and
 * EXECZ) come from the decode table's struct bh_sim_isa.  An operand the
 * model does not know is a fault, reported through the wave; the step
 * loop stops after the handler returns.
 *
 * Wave32 (RDNA3 ISA, "Wave32 and Wave64"): EXEC and VCC are 32 bits, in
 * EXEC_LO and VCC_LO.  VCC_HI is then an ordinary SGPR (LLVM allocates
 * it in wave32: llvm-project #87783).  EXEC_HI reads 0; a write of 0 is
 * accepted and any other value is a fault: what hardware does with it is
 * not written down in the ISA text the model follows.
 */
#include <string.h>

#include "model.h"

#define OP_FLAT_SCR_LO	102
#define OP_FLAT_SCR_HI	103
#define OP_XNACK_LO	104
#define OP_XNACK_HI	105
#define OP_VCC_LO	106
#define OP_VCC_HI	107
#define OP_EXEC_LO	126
#define OP_EXEC_HI	127
#define OP_SHARED_BASE	235
#define OP_SHARED_LIMIT	236
#define OP_PRIVATE_BASE	237
#define OP_PRIVATE_LIMIT 238
#define OP_VCCZ		251
#define OP_EXECZ	252
#define OP_SCC		253
#define OP_LITERAL	255

/* Inline float constants 240..248 as f32 and f64 bit patterns. */
static const uint32_t inline_f32[] = {
	0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000, 0xc0000000,
	0x40800000, 0xc0800000, 0x3e22f983,	/* 1/(2*pi) */
};
/* The same constants for 16-bit float operands (f16 encodings). */
static const uint16_t inline_f16[] = {
	0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118,
};
static const uint64_t inline_f64[] = {
	0x3fe0000000000000ull, 0xbfe0000000000000ull, 0x3ff0000000000000ull,
	0xbff0000000000000ull, 0x4000000000000000ull, 0xc000000000000000ull,
	0x4010000000000000ull, 0xc010000000000000ull, 0x3fc45f306dc9c882ull,
};

static uint32_t bad_operand(struct wave *w, const struct insn *in, unsigned code,
			    const char *what)
{
	wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
		   "operand %u (%s) is not modelled", code, what);
	return 0;
}

static uint64_t aperture(unsigned code)
{
	switch (code) {
	case OP_SHARED_BASE: return BH_SIM_SHARED_APERTURE;
	case OP_SHARED_LIMIT: return BH_SIM_SHARED_APERTURE + BH_SIM_APERTURE_SIZE - 1;
	case OP_PRIVATE_BASE: return BH_SIM_PRIVATE_APERTURE;
	default: return BH_SIM_PRIVATE_APERTURE + BH_SIM_APERTURE_SIZE - 1;
	}
}

static const struct bh_sim_isa *isa_of(const struct wave *w)
{
	return w->sim->target->isa;
}

static bool wave32(const struct wave *w)
{
	return w->wave_size == 32;
}

uint32_t rd_s32_slow(struct wave *w, const struct insn *in, unsigned code)
{
	const struct bh_sim_isa *isa = isa_of(w);

	if (code < isa->nsgprs)
		return w->sgpr[code];
	if (code == isa->op_m0)
		return w->m0;
	if (code == isa->op_null)
		return 0;
	if (!isa->flat_scratch_ops && (code == OP_FLAT_SCR_LO || code == OP_FLAT_SCR_HI ||
				       code == OP_XNACK_LO || code == OP_XNACK_HI))
		return bad_operand(w, in, code, "reserved on this generation");
	if (!isa->vccz_ops && (code == OP_VCCZ || code == OP_EXECZ))
		return bad_operand(w, in, code, "reserved on this generation");
	if (code >= 128 && code <= 192)
		return code - 128;
	if (code >= 193 && code <= 208)
		return (uint32_t)(192 - (int)code);
	if (code >= 240 && code <= 248)
		return inline_f32[code - 240];
	switch (code) {
	case OP_FLAT_SCR_LO: return (uint32_t)w->flat_scratch;
	case OP_FLAT_SCR_HI: return (uint32_t)(w->flat_scratch >> 32);
	case OP_XNACK_LO: case OP_XNACK_HI: return 0;	/* xnack off */
	case OP_VCC_LO: return (uint32_t)w->vcc;
	case OP_VCC_HI: return wave32(w) ? w->vcc_hi32 : (uint32_t)(w->vcc >> 32);
	case OP_EXEC_LO: return (uint32_t)w->exec;
	case OP_EXEC_HI: return (uint32_t)(w->exec >> 32);
	case OP_SHARED_BASE: case OP_SHARED_LIMIT:
	case OP_PRIVATE_BASE: case OP_PRIVATE_LIMIT:
		/* 32-bit reads give the aperture's high half (AMDGPUUsage). */
		return (uint32_t)(aperture(code) >> 32);
	case OP_VCCZ: return w->vcc == 0;
	case OP_EXECZ: return w->exec == 0;
	case OP_SCC: return w->scc;
	case OP_LITERAL: return in->literal;
	}
	return bad_operand(w, in, code, code >= 256 ? "VGPR in a scalar slot" : "special");
}

uint64_t rd_s64(struct wave *w, const struct insn *in, unsigned code)
{
	const struct bh_sim_isa *isa = isa_of(w);

	if (code + 1 < isa->nsgprs)
		return w->sgpr[code] | (uint64_t)w->sgpr[code + 1] << 32;
	if (code == isa->op_null)
		return 0;
	if (!isa->flat_scratch_ops && (code == OP_FLAT_SCR_LO || code == OP_XNACK_LO))
		return bad_operand(w, in, code, "reserved on this generation");
	if (code >= 128 && code <= 192)
		return code - 128;
	if (code >= 193 && code <= 208)
		return (uint64_t)(int64_t)(192 - (int)code);
	if (code >= 240 && code <= 248)
		return inline_f64[code - 240];
	switch (code) {
	case OP_FLAT_SCR_LO: return w->flat_scratch;
	case OP_XNACK_LO: return 0;
	case OP_VCC_LO: return w->vcc | (wave32(w) ? (uint64_t)w->vcc_hi32 << 32 : 0);
	case OP_EXEC_LO: return w->exec;
	case OP_SHARED_BASE: case OP_SHARED_LIMIT:
	case OP_PRIVATE_BASE: case OP_PRIVATE_LIMIT:
		return aperture(code);
	case OP_VCCZ: case OP_EXECZ: case OP_SCC:
		return rd_s32(w, in, code);
	}
	/*
	 * A 32-bit literal in a 64-bit integer slot: zero-extended for
	 * unsigned and bitwise (u64/b64) operands, sign-extended for signed
	 * (i64) ones (llvm PR #70274).  clang relies on the zero extension:
	 * at -O0 it materialises 0x00000000ffffffff as "s_mov_b64 s[6:7],
	 * 0xffffffff".  LLVM never emits a literal with bit 31 set for a
	 * signed operand, so that case stops rather than guess.
	 */
	if (code == OP_LITERAL && (!(in->literal >> 31) || !strstr(in->desc->name, "_i64")))
		return in->literal;
	return bad_operand(w, in, code, code == OP_LITERAL ? "64-bit literal with bit 31 set"
				       : "64-bit special");
}

void wr_s32(struct wave *w, unsigned code, uint32_t v)
{
	const struct bh_sim_isa *isa = isa_of(w);

	if (code < isa->nsgprs) {
		w->sgpr[code] = v;
		return;
	}
	if (code == isa->op_m0) {
		w->m0 = v;
		return;
	}
	if (code == isa->op_null)
		return;				/* NULL: the write is dropped */
	if (code == OP_EXEC_HI && wave32(w)) {
		if (v)
			wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, NULL, 0,
				   "wave32 write of 0x%x to EXEC_HI is not modelled", v);
		return;
	}
	if (code == OP_VCC_HI && wave32(w)) {
		w->vcc_hi32 = v;
		return;
	}
	switch (code) {
	case OP_FLAT_SCR_LO:
		w->flat_scratch = (w->flat_scratch & ~0xffffffffull) | v;
		return;
	case OP_FLAT_SCR_HI:
		w->flat_scratch = (w->flat_scratch & 0xffffffffull) | (uint64_t)v << 32;
		return;
	case OP_VCC_LO: w->vcc = (w->vcc & ~0xffffffffull) | v; return;
	case OP_VCC_HI: w->vcc = (w->vcc & 0xffffffffull) | (uint64_t)v << 32; return;
	case OP_EXEC_LO: w->exec = (w->exec & ~0xffffffffull) | v; return;
	case OP_EXEC_HI: w->exec = (w->exec & 0xffffffffull) | (uint64_t)v << 32; return;
	}
	wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, NULL, 0,
		   "write to scalar destination %u is not modelled", code);
}

void wr_s64(struct wave *w, unsigned code, uint64_t v)
{
	if (code == isa_of(w)->op_null)
		return;
	wr_s32(w, code, (uint32_t)v);
	wr_s32(w, code + 1, (uint32_t)(v >> 32));
}

uint64_t rd_mask(struct wave *w, const struct insn *in, unsigned code)
{
	return wave32(w) ? rd_s32(w, in, code) : rd_s64(w, in, code);
}

void wr_mask(struct wave *w, unsigned code, uint64_t v)
{
	if (wave32(w))
		wr_s32(w, code, (uint32_t)v);
	else
		wr_s64(w, code, v);
}

bool vgpr_ok(const struct wave *w, unsigned reg, unsigned count)
{
	return reg + count <= w->nvgprs;
}

static uint32_t vgpr(struct wave *w, const struct insn *in, unsigned reg, unsigned lane)
{
	if (!vgpr_ok(w, reg, 1))
		return bad_operand(w, in, 256 + reg, "VGPR beyond the kernel's allocation");
	return w->v[reg][lane];
}

uint32_t rd_v32_slow(struct wave *w, const struct insn *in, unsigned code, unsigned lane)
{
	return code >= 256 ? vgpr(w, in, code - 256, lane) : rd_s32_slow(w, in, code);
}

uint64_t rd_v64(struct wave *w, const struct insn *in, unsigned code, unsigned lane,
		bool is_float)
{
	if (code >= 256)
		return vgpr(w, in, code - 256, lane) |
		       (uint64_t)vgpr(w, in, code - 255, lane) << 32;
	if (code == OP_LITERAL && is_float)
		return (uint64_t)in->literal << 32;	/* high half of an f64 */
	/* Inline float constants in a 64-bit slot are f64 patterns, for
	 * integer ops too: llvm-mc decodes them so, and clang materialises
	 * double 1.0 as "v_mov_b64 v[0:1], 1.0" on gfx942. */
	return rd_s64(w, in, code);
}

/* An f16 operand's 32 bits: inline float constants are f16 values in the
 * low half (high half zero); everything else reads as rd_v32. */
uint32_t rd_v16f(struct wave *w, const struct insn *in, unsigned code, unsigned lane)
{
	if (code >= 240 && code <= 248)
		return inline_f16[code - 240];
	return rd_v32(w, in, code, lane);
}
