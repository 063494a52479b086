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
 * illegal-instruction fault (dispatch.c).  Not decoded: MTBUF, EXP,
 * VINTERP, LDSDIR (clang does not emit them for compute kernels).
 */
#include "decode_common.h"

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

#define SRC_DPP8	0xe9
#define SRC_DPP8_FI	0xea
#define SRC_DPP16	0xfa
#define SRC_SDWA	0xf9	/* gfx9 only */
#define SGPR_NULL	124

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

static int illegal(struct bh_sim *sim, const struct insn *in, const char *why)
{
	return decode_illegal(sim, in, why, " (gfx11)");
}

/* The gfx11 encodings (RDNA3 ISA microcode formats), in the order they
 * are tried. */
static const struct decode_encoding gfx11_encodings[] = {
	DECODE_SCALAR_ENCODINGS,
	{ .fmt = FMT_SMEM, .shift = 26, .match = 0x3d, .key_shift = 18, .key_mask = 0xff },
	/* VOP1/VOP2/VOPC are keyed by their VOP3 opcode: VOPC 0x000+,
	 * VOP2 0x100+, VOP1 0x180+. */
	{ .fmt = FMT_VALU, .enc = ENC_VOP1, .shift = 25, .match = 0x3f,
	  .key_shift = 9, .key_mask = 0xff, .key_base = 0x180 },
	{ .fmt = FMT_VALU, .enc = ENC_VOPC, .shift = 25, .match = 0x3e,
	  .key_shift = 17, .key_mask = 0xff },
	{ .fmt = FMT_VALU, .enc = ENC_VOP2, .shift = 31, .match = 0,
	  .key_shift = 25, .key_mask = 0x3f, .key_base = 0x100 },
	{ .fmt = FMT_VALU, .enc = ENC_VOP3, .shift = 26, .match = 0x35,
	  .key_shift = 16, .key_mask = 0x3ff },
	{ .fmt = FMT_VOP3P, .shift = 24, .match = 0xcc, .key_shift = 16, .key_mask = 0x7f },
	/* VOPD keys X; Y is 0x20 + bits 21:17. */
	{ .fmt = FMT_VOPD, .shift = 26, .match = 0x32, .key_shift = 22, .key_mask = 0xf },
	{ .fmt = FMT_DS, .shift = 26, .match = 0x36, .key_shift = 18, .key_mask = 0xff },
	{ .fmt = FMT_FLAT, .shift = 26, .match = 0x37, .key_shift = 18, .key_mask = 0x7f },
	{ .fmt = FMT_MUBUF, .shift = 26, .match = 0x38, .key_shift = 18, .key_mask = 0xff },
	{ .fmt = FMT_MIMG, .shift = 26, .match = 0x3c, .key_shift = 18, .key_mask = 0xff },
	{ .fmt = FMT_COUNT },
};

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
		decode_smem_fields(in);
		/* gfx9's IMM and SOE, as gfx11 means them: always an
		 * immediate offset, and an SGPR offset unless NULL. */
		in->imm = true;
		in->soe = in->saddr != SGPR_NULL;
		in->cpol = ((d0 >> 14) & 1) | ((d0 >> 13) & 1) << 3;	/* glc, dlc */
		break;
	case FMT_VALU:
	case FMT_VOP3P:
		decode_vop3_fields(in, fmt);
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
		decode_ds_fields(in, 17);
		break;
	case FMT_FLAT:
		in->seg = (d0 >> 16) & 3;
		/* FLAT: 12 bits unsigned; GLOBAL/SCRATCH: 13 bits signed. */
		in->offset = in->seg == SEG_FLAT ? (int32_t)(d0 & 0xfff)
						 : decode_sext(d0 & 0x1fff, 13);
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
	case FMT_MIMG:
		/* RDNA3 MIMG: NSA 0, DIM 4:2, UNORM 7, DMASK 11:8, SLC 12,
		 * DLC 13, GLC 14, R128 15, A16 16, D16 17; dword 1: VADDR,
		 * VDATA, SRSRC 20:16, TFE 21, LWE 22, SSAMP 30:26.  NSA: one
		 * more dword, the VGPRs of addresses 1..4 by byte. */
		in->nsa = d0 & 1;
		in->dim = (d0 >> 2) & 7;
		in->unorm = (d0 >> 7) & 1;
		in->dmask = (d0 >> 8) & 0xf;
		in->cpol = ((d0 >> 14) & 1) | ((d0 >> 12) & 1) << 1 | ((d0 >> 13) & 1) << 3;
		in->r128 = (d0 >> 15) & 1;
		in->a16 = (d0 >> 16) & 1;
		in->d16 = (d0 >> 17) & 1;
		in->addr = d1 & 0xff;
		in->data = (d1 >> 8) & 0xff;
		in->src[0] = ((d1 >> 16) & 0x1f) << 2;	/* srsrc */
		in->tfe = (d1 >> 21) & 1;
		in->lwe = (d1 >> 22) & 1;
		in->src[1] = ((d1 >> 26) & 0x1f) << 2;	/* ssamp */
		if (in->nsa)
			for (unsigned i = 0; i < 4; i++)
				in->nsa_addr[i] = (uint8_t)(in->dw[2] >> (8 * i));
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
	if (fmt == FMT_MIMG)
		return in->dw[0] & 1;		/* NSA: one dword of addresses */
	if ((fmt == FMT_VALU && in->enc == ENC_VOP3) || fmt == FMT_VOP3P) {
		for (unsigned i = 0; i < 3; i++)
			if (((in->dw[1] >> (9 * i)) & 0x1ff) == SRC_LITERAL)
				return 1;
	}
	return 0;
}

int decode_gfx11(struct bh_sim *sim, uint64_t pc, struct insn *in)
{
	enum insn_format fmt;
	unsigned key;

	if (decode_begin(sim, gfx11_encodings, pc, in, &fmt, &key))
		return -1;
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
	if (decode_scalar_literal(in, fmt))
		in->len = 2;
	if (fmt <= FMT_SOPC && in->desc->flags & OP_LITERAL_K)
		in->len = 2;			/* K: s_setreg_imm32_b32, s_fmaak_f32 */
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
		if (decode_fetch(sim, pc, i, &in->dw[i]))
			return illegal(sim, in, "instruction runs into unmapped memory");
	if (in->len == 2) {
		/* Now the later dwords of the wider formats. */
		unsigned n = extra_dwords(in, fmt);

		if (fmt == FMT_VOPD && ((in->dw[0] & 0x1ff) == SRC_LITERAL ||
					(in->dw[1] & 0x1ff) == SRC_LITERAL ||
					(in->desc->flags | in->desc_y->flags) & OP_LITERAL_K))
			n = 1;			/* one literal, shared by X and Y */
		for (unsigned i = 0; i < n; i++, in->len++)
			if (decode_fetch(sim, pc, in->len, &in->dw[in->len]))
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
