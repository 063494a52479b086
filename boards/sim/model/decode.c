// SPDX-License-Identifier: MIT
/*
 * The gfx9 decoder.  Format and opcode come from the fixed encoding bits
 * (AMD's Vega/CDNA ISA formats); the opcode tables (isa_gfx90a.h,
 * isa_gfx942.h) are generated from llvm-mc-19 encodings at build time.
 * An opcode with no table row is an illegal-instruction fault naming
 * the PC and the raw dwords.
 */
#include <pthread.h>

#include "decode_common.h"

#define BH_INSN(fmt, key, name, fn, flags) { FMT_##fmt, key, name, x_##fn, flags },
static const struct opdesc gfx90a_rows[] = {
#include "isa_gfx90a.h"
};
static const struct opdesc gfx942_rows[] = {
#include "isa_gfx942.h"
};
#undef BH_INSN

static const struct opdesc *gfx90a_table[FMT_COUNT][OPKEYS], *gfx942_table[FMT_COUNT][OPKEYS];
static bool gfx90a_ready, gfx942_ready;

/* gfx9 operand codes: M0 124, no NULL, FLAT SADDR off 0x7f, s0..s101,
 * FLAT_SCRATCH at 102/103, VCCZ/EXECZ 251/252, HW_ID hwreg 4. */
#define GFX9_OPERANDS .gen = 9, .op_m0 = 124, .op_null = OP_NONE, .saddr_off = 0x7f, \
	.nsgprs = 102, .flat_scratch_ops = true, .vccz_ops = true, .hwreg_hw_id = 4, .hwreg_shader_cycles = OP_NONE, .dpp_rows = false

const struct bh_sim_isa isa_gfx90a = {
	.rows = gfx90a_rows, .nrows = sizeof(gfx90a_rows) / sizeof(gfx90a_rows[0]),
	.table = gfx90a_table, .ready = &gfx90a_ready, GFX9_OPERANDS,
};
const struct bh_sim_isa isa_gfx942 = {
	.rows = gfx942_rows, .nrows = sizeof(gfx942_rows) / sizeof(gfx942_rows[0]),
	.table = gfx942_table, .ready = &gfx942_ready, GFX9_OPERANDS,
};

/*
 * The tables are filled once per process, by the first board of each ISA.
 * Boards may be created on several host threads at once, so the fill is
 * under a lock and the flag is published with release/acquire.
 */
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

const struct opdesc *const (*decode_table(const struct bh_sim_isa *isa))[OPKEYS]
{
	if (!__atomic_load_n(isa->ready, __ATOMIC_ACQUIRE)) {
		pthread_mutex_lock(&table_lock);
		if (!*isa->ready) {
			for (size_t i = 0; i < isa->nrows; i++)
				isa->table[isa->rows[i].fmt][isa->rows[i].key] = &isa->rows[i];
			__atomic_store_n(isa->ready, true, __ATOMIC_RELEASE);
		}
		pthread_mutex_unlock(&table_lock);
	}
	return (const struct opdesc *const (*)[OPKEYS])isa->table;
}

static int illegal(struct bh_sim *sim, const struct insn *in, const char *why)
{
	return decode_illegal(sim, in, why, "");
}

/* The gfx9 encodings (Vega/CDNA ISA microcode formats), in the order
 * they are tried: VOP3P is the part of VOP3's space that 0x1a7 marks. */
static const struct decode_encoding gfx9_encodings[] = {
	DECODE_SCALAR_ENCODINGS,
	{ .fmt = FMT_SMEM, .shift = 26, .match = 0x30, .key_shift = 18, .key_mask = 0xff },
	/* VOP1/VOP2/VOPC are keyed by their VOP3 opcode. */
	{ .fmt = FMT_VALU, .enc = ENC_VOP1, .shift = 25, .match = 0x3f,
	  .key_shift = 9, .key_mask = 0xff, .key_base = 0x140 },
	{ .fmt = FMT_VALU, .enc = ENC_VOPC, .shift = 25, .match = 0x3e,
	  .key_shift = 17, .key_mask = 0xff },
	{ .fmt = FMT_VALU, .enc = ENC_VOP2, .shift = 31, .match = 0,
	  .key_shift = 25, .key_mask = 0x3f, .key_base = 0x100 },
	{ .fmt = FMT_VOP3P, .shift = 23, .match = 0x1a7, .key_shift = 16, .key_mask = 0x7f },
	{ .fmt = FMT_VALU, .enc = ENC_VOP3, .shift = 26, .match = 0x34,
	  .key_shift = 16, .key_mask = 0x3ff },
	{ .fmt = FMT_DS, .shift = 26, .match = 0x36, .key_shift = 17, .key_mask = 0xff },
	{ .fmt = FMT_FLAT, .shift = 26, .match = 0x37, .key_shift = 18, .key_mask = 0x7f },
	{ .fmt = FMT_MUBUF, .shift = 26, .match = 0x38, .key_shift = 18, .key_mask = 0x7f },
	/* gfx90a only: gfx942 has no image instructions (no table rows). */
	{ .fmt = FMT_MIMG, .shift = 26, .match = 0x3c, .key_shift = 18, .key_mask = 0x7f },
	{ .fmt = FMT_COUNT },
};

static void fields(struct insn *in, enum insn_format fmt)
{
	uint32_t d0 = in->dw[0], d1 = in->dw[1];

	switch (fmt) {
	case FMT_SMEM:
		decode_smem_fields(in);
		in->soe = d0 & (1u << 14);
		in->imm = d0 & (1u << 17);
		in->cpol = (d0 >> 16) & 1;		/* glc */
		break;
	case FMT_VALU:
	case FMT_VOP3P:
		decode_vop3_fields(in, fmt);
		break;
	case FMT_DS:
		decode_ds_fields(in, 16);
		in->acc = (d0 >> 25) & 1;
		break;
	case FMT_FLAT:
		in->seg = (d0 >> 14) & 3;
		in->offset = in->seg == 0 ? (int32_t)(d0 & 0xfff) : decode_sext(d0 & 0x1fff, 13);
		in->sve = d0 & (1u << 13);
		in->addr = d1 & 0xff;
		in->data = (d1 >> 8) & 0xff;
		in->saddr = (d1 >> 16) & 0x7f;
		in->dst = d1 >> 24;
		in->cpol = ((d0 >> 16) & 3) | ((d0 >> 25) & 1) << 2;
		in->acc = (d1 >> 23) & 1;
		break;
	case FMT_MUBUF:
		in->offset = (int32_t)(d0 & 0xfff);
		in->offen = d0 & (1u << 12);
		in->idxen = d0 & (1u << 13);
		in->imm = d0 & (1u << 16);		/* lds */
		in->addr = d1 & 0xff;
		in->data = (d1 >> 8) & 0xff;
		in->src[0] = ((d1 >> 16) & 0x1f) << 2;	/* srsrc */
		in->saddr = d1 >> 24;			/* soffset */
		in->cpol = ((d0 >> 14) & 1) | ((d0 >> 17) & 1) << 1 | ((d0 >> 15) & 1) << 2;
		in->acc = (d1 >> 23) & 1;
		break;
	case FMT_MIMG:
		/* Vega/CDNA MIMG; bit 15 is A16 (R128 reused, the T# is always
		 * 8 dwords), bit 16 TFE on gfx900 but ACC (AGPR data) on gfx90a,
		 * which has no TFE. */
		in->dmask = (d0 >> 8) & 0xf;
		in->unorm = (d0 >> 12) & 1;
		in->da = (d0 >> 14) & 1;
		in->a16 = (d0 >> 15) & 1;
		in->acc = (d0 >> 16) & 1;
		in->lwe = (d0 >> 17) & 1;
		in->cpol = ((d0 >> 13) & 1) | ((d0 >> 25) & 1) << 1;
		in->addr = d1 & 0xff;
		in->data = (d1 >> 8) & 0xff;
		in->src[0] = ((d1 >> 16) & 0x1f) << 2;	/* srsrc */
		in->src[1] = ((d1 >> 21) & 0x1f) << 2;	/* ssamp */
		in->d16 = d1 >> 31;
		in->dim = 0xff;
		break;
	default:
		break;
	}
}

int decode(struct bh_sim *sim, uint64_t pc, struct insn *in)
{
	enum insn_format fmt;
	unsigned key;

	if (sim->target->isa->gen == 11)
		return decode_gfx11(sim, pc, in);
	if (decode_begin(sim, gfx9_encodings, pc, in, &fmt, &key))
		return -1;
	if (fmt == FMT_COUNT)
		return illegal(sim, in, "unknown encoding");
	if (decode_scalar_literal(in, fmt))
		in->len = 2;
	/* VOP1/VOP2/VOPC: src0 255 = literal, 0xF9 = SDWA, 0xFA = DPP. */
	if (fmt == FMT_VALU && in->enc != ENC_VOP3) {
		if (in->src[0] == 255)
			in->len = 2;
		else if (in->src[0] == 0xf9)
			in->len = 2, in->sdwa = true;
		else if (in->src[0] == 0xfa)
			in->len = 2, in->dpp = true;
	}
	for (unsigned i = 1; i < in->len; i++)
		if (decode_fetch(sim, pc, i, &in->dw[i]))
			return illegal(sim, in, "instruction runs into unmapped memory");
	if (fmt == FMT_VALU && in->enc != ENC_VOP3) {
		if (in->src[0] == 255)
			in->literal = in->dw[1];
		if (in->dpp) {
			in->sdwa_word = in->dw[1];
			in->src[0] = 256 + (in->dw[1] & 0xff);
			if (in->enc == ENC_VOPC)
				return illegal(sim, in, "DPP on a compare is not modelled");
		}
		if (in->sdwa) {
			uint32_t s = in->dw[1];

			in->sdwa_word = s;
			in->src[0] = (s & 0xff) + ((s >> 23) & 1 ? 0 : 256);
			if ((s >> 31) & 1)
				in->src[1] = in->src[1] - 256;	/* s1: vsrc1 names an SGPR */
			if (in->enc == ENC_VOPC && (s >> 15) & 1)
				in->sdst = (s >> 8) & 0x7f;
		}
	} else if (in->len == 2 && fmt <= FMT_SOPC) {
		in->literal = in->dw[1];
	}
	fields(in, fmt);
	if (fmt == FMT_FLAT && in->seg == 3)
		return illegal(sim, in, "FLAT segment 3 is reserved");
	in->desc = sim->ops[fmt][key];
	if (!in->desc)
		return illegal(sim, in, "opcode not implemented by the model");
	if (in->desc->flags & OP_LITERAL_K) {
		/* v_madmk/v_fmaak: the literal K follows; src0 is an ordinary operand. */
		if (in->len != 1)
			return illegal(sim, in, "literal-K instruction with SDWA/DPP/literal src0");
		in->len = 2;
		if (decode_fetch(sim, pc, 1, &in->dw[1]))
			return illegal(sim, in, "instruction runs into unmapped memory");
		in->literal = in->dw[1];
	}
	return 0;
}
