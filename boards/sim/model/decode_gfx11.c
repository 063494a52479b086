// SPDX-License-Identifier: MIT
/*
 * The gfx11 (RDNA3) decoder: gfx1100, gfx1103, gfx1151.  Formats and
 * field positions are AMD's RDNA3 microcode formats, checked field by
 * field against llvm-mc-19 (tests/unit/test_model_decode.c); the opcode
 * tables (isa_gfx1100.h, ...) are generated from llvm-mc-19 encodings of
 * isa/gfx11.insns.  What gfx11 changes from gfx9, as far as decoding goes:
 *   - SMEM has no IMM/SOE bits: the 21-bit offset always applies and the
 *     SGPR offset too unless it is NULL (124);
 *   - VOP3 is 110101 with VOPC/VOP2/VOP1 promoted at 0x000/0x100/0x180;
 *     VOP3 (and VOP3P) may carry a literal and a DPP word (3 dwords);
 *   - no SDWA; DPP8 (src0 0xE9, 0xEA with FI) beside DPP16 (0xFA);
 *   - VOPD: two VALU operations in one 64-bit word (plus a literal);
 *   - DS/FLAT/MUBUF moved their opcode, GDS, cache and offen/idxen bits;
 *     FLAT's "off" SADDR is NULL (124), not 0x7f.
 * Operand codes are kept as encoded: on gfx11 124 is NULL and 125 is M0.
 * A row without a handler (BH_INSN_UNIMPL) decodes; running it is an
 * illegal-instruction fault (dispatch.c).  Not decoded: MTBUF, MIMG, EXP,
 * VINTERP, LDSDIR (clang does not emit them for compute kernels).
 */
#include <string.h>

#include "model.h"

#define BH_INSN(fmt, key, name, fn, flags) { FMT_##fmt, key, name, x_##fn, flags },
#define BH_INSN_UNIMPL(fmt, key, name, fn, flags) { FMT_##fmt, key, name, NULL, flags },
static const struct opdesc gfx1100_rows[] = {
#include "isa_gfx1100.h"
};
static const struct opdesc gfx1103_rows[] = {
#include "isa_gfx1103.h"
};
static const struct opdesc gfx1151_rows[] = {
#include "isa_gfx1151.h"
};
#undef BH_INSN_UNIMPL
#undef BH_INSN

#define NROWS(r) (sizeof(r) / sizeof(r[0]))
static const struct opdesc *gfx1100_table[FMT_COUNT][OPKEYS], *gfx1103_table[FMT_COUNT][OPKEYS],
	*gfx1151_table[FMT_COUNT][OPKEYS];
static bool gfx1100_ready, gfx1103_ready, gfx1151_ready;

#define SRC_LITERAL	255
#define SRC_DPP8	0xe9
#define SRC_DPP8_FI	0xea
#define SRC_DPP16	0xfa
#define SRC_SDWA	0xf9	/* gfx9 only */
#define SGPR_NULL	124
#define VCC_LO		106

/*
 * gfx11 operand codes (RDNA3 ISA, SSRC/SDST table; llvm-mc-19 agrees):
 * s0..s105, NULL 124 (also FLAT's SADDR "off"), M0 125; 102/103 are
 * SGPRs (no FLAT_SCRATCH operand), 251/252 reserved (no src_vccz/execz);
 * HW_ID is split into HW_ID1/HW_ID2, which the model does not model;
 * SHADER_CYCLES is hwreg 29 (LLVM SIDefines.h ID_SHADER_CYCLES, GFX10.3+).
 */
#define GFX11_OPERANDS .gen = 11, .op_m0 = 125, .op_null = SGPR_NULL, .saddr_off = SGPR_NULL, \
	.nsgprs = 106, .flat_scratch_ops = false, .vccz_ops = false, .hwreg_hw_id = OP_NONE, \
	.hwreg_shader_cycles = 29, .dpp_rows = true

const struct bh_sim_isa isa_gfx1100 = {
	.rows = gfx1100_rows, .nrows = NROWS(gfx1100_rows), .table = gfx1100_table,
	.ready = &gfx1100_ready, GFX11_OPERANDS,
};
const struct bh_sim_isa isa_gfx1103 = {
	.rows = gfx1103_rows, .nrows = NROWS(gfx1103_rows), .table = gfx1103_table,
	.ready = &gfx1103_ready, GFX11_OPERANDS,
};
const struct bh_sim_isa isa_gfx1151 = {
	.rows = gfx1151_rows, .nrows = NROWS(gfx1151_rows), .table = gfx1151_table,
	.ready = &gfx1151_ready, GFX11_OPERANDS,
};

static int32_t sext(uint32_t v, unsigned bits)
{
	uint32_t m = 1u << (bits - 1);

	return (int32_t)((v ^ m) - m);
}

static int fetch(struct bh_sim *sim, uint64_t pc, unsigned i, uint32_t *out)
{
	uint8_t *p = mem_translate(sim, pc + 4ull * i, 4);

	if (!p)
		return -1;
	memcpy(out, p, 4);
	return 0;
}

static int illegal(struct bh_sim *sim, const struct insn *in, const char *why)
{
	sim_fault(sim, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in->pc, in->dw, in->len, 0,
		  "%s at pc 0x%llx: %08x %08x (gfx11)", why, (unsigned long long)in->pc,
		  in->dw[0], in->len > 1 ? in->dw[1] : 0);
	return -1;
}

/* Format and opcode key from the first dword; the one-dword formats' fields. */
static enum insn_format classify(uint32_t dw, unsigned *key, struct insn *in)
{
	if (dw >> 23 == 0x17d) {
		*key = (dw >> 8) & 0xff;
		in->dst = (dw >> 16) & 0x7f;
		in->src[0] = dw & 0xff;
		return FMT_SOP1;
	}
	if (dw >> 23 == 0x17e) {
		*key = (dw >> 16) & 0x7f;
		in->src[0] = dw & 0xff;
		in->src[1] = (dw >> 8) & 0xff;
		return FMT_SOPC;
	}
	if (dw >> 23 == 0x17f) {
		*key = (dw >> 16) & 0x7f;
		in->simm16 = (int16_t)(dw & 0xffff);
		return FMT_SOPP;
	}
	if (dw >> 28 == 0xb) {
		*key = (dw >> 23) & 0x1f;
		in->dst = (dw >> 16) & 0x7f;
		in->simm16 = (int16_t)(dw & 0xffff);
		return FMT_SOPK;
	}
	if (dw >> 30 == 2) {
		*key = (dw >> 23) & 0x7f;
		in->dst = (dw >> 16) & 0x7f;
		in->src[0] = dw & 0xff;
		in->src[1] = (dw >> 8) & 0xff;
		return FMT_SOP2;
	}
	if (dw >> 26 == 0x3d) {
		*key = (dw >> 18) & 0xff;
		in->len = 2;
		return FMT_SMEM;
	}
	if (dw >> 25 == 0x3f) {
		*key = 0x180 + ((dw >> 9) & 0xff);
		in->enc = ENC_VOP1;
		in->dst = (dw >> 17) & 0xff;
		in->src[0] = dw & 0x1ff;
		return FMT_VALU;
	}
	if (dw >> 25 == 0x3e) {
		*key = (dw >> 17) & 0xff;
		in->enc = ENC_VOPC;
		in->src[0] = dw & 0x1ff;
		in->src[1] = 256 + ((dw >> 9) & 0xff);
		in->sdst = VCC_LO;	/* wave32; VCC in wave64 */
		return FMT_VALU;
	}
	if (dw >> 31 == 0) {
		*key = 0x100 + ((dw >> 25) & 0x3f);
		in->enc = ENC_VOP2;
		in->dst = (dw >> 17) & 0xff;
		in->src[0] = dw & 0x1ff;
		in->src[1] = 256 + ((dw >> 9) & 0xff);
		in->src[2] = VCC_LO;	/* implicit for cndmask / carry-in */
		in->sdst = VCC_LO;
		return FMT_VALU;
	}
	if (dw >> 26 == 0x35) {
		*key = (dw >> 16) & 0x3ff;
		in->enc = ENC_VOP3;
		in->len = 2;
		return FMT_VALU;
	}
	if (dw >> 24 == 0xcc) {
		*key = (dw >> 16) & 0x7f;
		in->len = 2;
		return FMT_VOP3P;
	}
	if (dw >> 26 == 0x32) {
		*key = (dw >> 22) & 0xf;	/* X; Y is 0x20 + bits 21:17 */
		in->len = 2;
		return FMT_VOPD;
	}
	if (dw >> 26 == 0x36) {
		*key = (dw >> 18) & 0xff;
		in->len = 2;
		return FMT_DS;
	}
	if (dw >> 26 == 0x37) {
		*key = (dw >> 18) & 0x7f;
		in->len = 2;
		return FMT_FLAT;
	}
	if (dw >> 26 == 0x38) {
		*key = (dw >> 18) & 0xff;
		in->len = 2;
		return FMT_MUBUF;
	}
	*key = 0;
	return FMT_COUNT;
}

/* The DPP word of a VOP1/VOP2/VOPC (dword 1) or VOP3/VOP3P (dword 2). */
static void dpp_word(struct insn *in, unsigned marker, uint32_t w)
{
	in->dpp = true;
	in->dpp8 = marker != SRC_DPP16;
	in->dpp_fi = marker == SRC_DPP8_FI || (marker == SRC_DPP16 && (w >> 18) & 1);
	in->sdwa_word = w;
	in->src[0] = 256 + (w & 0xff);
}

static bool is_dpp(unsigned src0)
{
	return src0 == SRC_DPP8 || src0 == SRC_DPP8_FI || src0 == SRC_DPP16;
}

/* Fields of the two-dword formats (dw[0], dw[1] fetched). */
static void fields(struct insn *in, enum insn_format fmt)
{
	uint32_t d0 = in->dw[0], d1 = in->dw[1];

	switch (fmt) {
	case FMT_SMEM:
		in->addr = (d0 & 0x3f) << 1;		/* sbase pair */
		in->dst = (d0 >> 6) & 0x7f;		/* sdata */
		in->offset = sext(d1 & 0x1fffff, 21);
		in->saddr = d1 >> 25;			/* soffset */
		/* gfx9's IMM and SOE, as gfx11 means them: always an
		 * immediate offset, and an SGPR offset unless NULL. */
		in->imm = true;
		in->soe = in->saddr != SGPR_NULL;
		in->cpol = ((d0 >> 14) & 1) | ((d0 >> 13) & 1) << 3;	/* glc, dlc */
		break;
	case FMT_VALU:
		if (in->enc != ENC_VOP3)
			break;
		in->dst = d0 & 0xff;
		in->sdst = (d0 >> 8) & 0x7f;		/* VOP3b: the same bits as abs/op_sel */
		in->abs = (d0 >> 8) & 7;
		in->op_sel = (d0 >> 11) & 0xf;
		in->clamp = (d0 >> 15) & 1;
		in->src[0] = d1 & 0x1ff;
		in->src[1] = (d1 >> 9) & 0x1ff;
		in->src[2] = (d1 >> 18) & 0x1ff;
		in->omod = (d1 >> 27) & 3;
		in->neg = (d1 >> 29) & 7;
		break;
	case FMT_VOP3P:
		in->dst = d0 & 0xff;
		in->op_sel = (d0 >> 11) & 7;
		in->op_sel_hi = ((d1 >> 27) & 3) | ((d0 >> 14) & 1) << 2;
		in->clamp = (d0 >> 15) & 1;
		in->src[0] = d1 & 0x1ff;
		in->src[1] = (d1 >> 9) & 0x1ff;
		in->src[2] = (d1 >> 18) & 0x1ff;
		in->neg = ((d1 >> 29) & 7) | ((d0 >> 8) & 7) << 3;	/* neg_lo, neg_hi */
		break;
	case FMT_VOPD:
		in->src[0] = d0 & 0x1ff;
		in->src[1] = 256 + ((d0 >> 9) & 0xff);
		in->src[2] = VCC_LO;			/* v_dual_cndmask's implicit mask */
		in->dst = d1 >> 24;
		in->src_y[0] = d1 & 0x1ff;
		in->src_y[1] = 256 + ((d1 >> 9) & 0xff);
		/* VDSTY drops its low bit: the opposite parity of VDSTX. */
		in->dst_y = (uint16_t)(((d1 >> 17) & 0x7f) << 1 | ((in->dst & 1) ^ 1));
		break;
	case FMT_DS:
		in->offset = (int32_t)(d0 & 0xffff);
		in->offset1 = (d0 >> 8) & 0xff;
		in->imm = (d0 >> 17) & 1;		/* gds */
		in->addr = d1 & 0xff;
		in->data = (d1 >> 8) & 0xff;
		in->src[2] = (d1 >> 16) & 0xff;		/* data1 */
		in->dst = d1 >> 24;
		break;
	case FMT_FLAT:
		in->seg = (d0 >> 16) & 3;
		/* FLAT: 12 bits unsigned; GLOBAL/SCRATCH: 13 bits signed. */
		in->offset = in->seg == SEG_FLAT ? (int32_t)(d0 & 0xfff) : sext(d0 & 0x1fff, 13);
		in->cpol = ((d0 >> 14) & 1) | ((d0 >> 15) & 1) << 1 | ((d0 >> 13) & 1) << 3;
		in->addr = d1 & 0xff;
		in->data = (d1 >> 8) & 0xff;
		in->saddr = (d1 >> 16) & 0x7f;
		in->sve = (d1 >> 23) & 1;		/* scratch: VADDR is used */
		in->dst = d1 >> 24;
		break;
	case FMT_MUBUF:
		in->offset = (int32_t)(d0 & 0xfff);
		in->cpol = ((d0 >> 14) & 1) | ((d0 >> 12) & 1) << 1 | ((d0 >> 13) & 1) << 3;
		in->addr = d1 & 0xff;
		in->data = (d1 >> 8) & 0xff;
		in->src[0] = ((d1 >> 16) & 0x1f) << 2;	/* srsrc */
		in->offen = (d1 >> 22) & 1;
		in->idxen = (d1 >> 23) & 1;
		in->saddr = d1 >> 24;			/* soffset */
		break;
	default:
		break;
	}
}

/* How many dwords follow the first two: a literal or a DPP word. */
static unsigned extra_dwords(const struct insn *in, enum insn_format fmt)
{
	if (fmt == FMT_VALU && in->enc == ENC_VOP3) {
		uint32_t d1 = in->dw[1];

		if (is_dpp(d1 & 0x1ff))
			return 1;
	}
	if ((fmt == FMT_VALU && in->enc == ENC_VOP3) || fmt == FMT_VOP3P) {
		for (unsigned i = 0; i < 3; i++)
			if (((in->dw[1] >> (9 * i)) & 0x1ff) == SRC_LITERAL)
				return 1;
	}
	return 0;
}

int decode_gfx11(struct bh_sim *sim, uint64_t pc, struct insn *in)
{
	unsigned key;

	memset(in, 0, sizeof(*in));
	in->pc = pc;
	in->len = 1;
	if (fetch(sim, pc, 0, &in->dw[0])) {
		sim_fault(sim, BH_SIM_FAULT_MEMORY, pc, NULL, 0, pc,
			  "instruction fetch from unmapped address 0x%llx",
			  (unsigned long long)pc);
		return -1;
	}
	enum insn_format fmt = classify(in->dw[0], &key, in);

	if (fmt == FMT_COUNT)
		return illegal(sim, in, "unknown encoding");
	in->desc = sim->ops[fmt][key];
	if (!in->desc)
		return illegal(sim, in, "opcode not implemented by the model");
	if (fmt == FMT_VOPD) {
		in->desc_y = sim->ops[FMT_VOPD][0x20 + ((in->dw[0] >> 17) & 0x1f)];
		if (!in->desc_y)
			return illegal(sim, in, "VOPD Y opcode not implemented by the model");
	}
	/* Second dwords of the one-dword formats: a literal, DPP. */
	if (fmt <= FMT_SOPC && fmt != FMT_SOPP && fmt != FMT_SOPK &&
	    (in->src[0] == SRC_LITERAL || in->src[1] == SRC_LITERAL ||
	     in->desc->flags & OP_LITERAL_K))
		in->len = 2;
	if (fmt == FMT_SOPK && in->desc->flags & OP_LITERAL_K)
		in->len = 2;			/* s_setreg_imm32_b32 */
	if (fmt == FMT_VALU && in->enc != ENC_VOP3) {
		if (in->src[0] == SRC_SDWA)
			return illegal(sim, in, "SDWA does not exist on gfx11");
		if (in->src[0] == SRC_LITERAL || is_dpp(in->src[0]) ||
		    in->desc->flags & OP_LITERAL_K)
			in->len = 2;
		if (in->desc->flags & OP_LITERAL_K && (in->src[0] == SRC_LITERAL || is_dpp(in->src[0])))
			return illegal(sim, in, "literal-K instruction with DPP/literal src0");
	}
	for (unsigned i = 1; i < in->len; i++)
		if (fetch(sim, pc, i, &in->dw[i]))
			return illegal(sim, in, "instruction runs into unmapped memory");
	if (in->len == 2) {
		/* Now the later dwords of the wider formats. */
		unsigned n = extra_dwords(in, fmt);

		if (fmt == FMT_VOPD && ((in->dw[0] & 0x1ff) == SRC_LITERAL ||
					(in->dw[1] & 0x1ff) == SRC_LITERAL ||
					(in->desc->flags | in->desc_y->flags) & OP_LITERAL_K))
			n = 1;			/* one literal, shared by X and Y */
		for (unsigned i = 0; i < n; i++, in->len++)
			if (fetch(sim, pc, in->len, &in->dw[in->len]))
				return illegal(sim, in, "instruction runs into unmapped memory");
	}
	fields(in, fmt);
	if (fmt == FMT_FLAT && in->seg == 3)
		return illegal(sim, in, "FLAT segment 3 is reserved");
	if (fmt == FMT_VALU && in->enc != ENC_VOP3) {
		if (in->src[0] == SRC_LITERAL || in->desc->flags & OP_LITERAL_K)
			in->literal = in->dw[1];
		else if (is_dpp(in->src[0]))
			dpp_word(in, in->src[0], in->dw[1]);
	} else if ((fmt == FMT_VALU || fmt == FMT_VOP3P) && in->len == 3) {
		if (is_dpp(in->src[0]))
			dpp_word(in, in->src[0], in->dw[2]);
		else
			in->literal = in->dw[2];
	} else if (fmt == FMT_VOPD && in->len == 3) {
		in->literal = in->dw[2];
	} else if (in->len == 2 && fmt <= FMT_SOPC) {
		in->literal = in->dw[1];
	}
	return 0;
}
