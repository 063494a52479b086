// SPDX-License-Identifier: MIT
/*
 * The gfx9 decoder.  Format and opcode come from the fixed encoding bits
 * (AMD's Vega/CDNA ISA formats); the opcode tables (isa_gfx90a.h,
 * isa_gfx942.h) are generated from llvm-mc-19 encodings at build time.
 * An opcode with no table row is an illegal-instruction fault naming
 * the PC and the raw dwords.
 */
#include <string.h>

#include "model.h"

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

const struct opdesc *const (*decode_table(const struct bh_sim_isa *isa))[OPKEYS]
{
	if (!*isa->ready) {
		for (size_t i = 0; i < isa->nrows; i++)
			isa->table[isa->rows[i].fmt][isa->rows[i].key] = &isa->rows[i];
		*isa->ready = true;
	}
	return (const struct opdesc *const (*)[OPKEYS])isa->table;
}

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
		  "%s at pc 0x%llx: %08x %08x", why, (unsigned long long)in->pc, in->dw[0],
		  in->len > 1 ? in->dw[1] : 0);
	return -1;
}

/* Scalar formats: a source of 255 means a literal dword follows. */
static void scalar_literal(struct insn *in, unsigned nsrc)
{
	for (unsigned i = 0; i < nsrc; i++)
		if (in->src[i] == 255)
			in->len = 2;
}

static enum insn_format classify(uint32_t dw, unsigned *key, struct insn *in)
{
	if (dw >> 23 == 0x17d) {
		*key = (dw >> 8) & 0xff;
		in->dst = (dw >> 16) & 0x7f;
		in->src[0] = dw & 0xff;
		scalar_literal(in, 1);
		return FMT_SOP1;
	}
	if (dw >> 23 == 0x17e) {
		*key = (dw >> 16) & 0x7f;
		in->src[0] = dw & 0xff;
		in->src[1] = (dw >> 8) & 0xff;
		scalar_literal(in, 2);
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
		scalar_literal(in, 2);
		return FMT_SOP2;
	}
	if (dw >> 26 == 0x30) {
		*key = (dw >> 18) & 0xff;
		in->len = 2;
		return FMT_SMEM;
	}
	if (dw >> 25 == 0x3f) {
		*key = 0x140 + ((dw >> 9) & 0xff);
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
		in->sdst = 106;		/* VCC */
		return FMT_VALU;
	}
	if (dw >> 31 == 0) {
		*key = 0x100 + ((dw >> 25) & 0x3f);
		in->enc = ENC_VOP2;
		in->dst = (dw >> 17) & 0xff;
		in->src[0] = dw & 0x1ff;
		in->src[1] = 256 + ((dw >> 9) & 0xff);
		in->src[2] = 106;	/* implicit VCC for cndmask / carry-in */
		in->sdst = 106;
		return FMT_VALU;
	}
	if (dw >> 23 == 0x1a7) {
		*key = (dw >> 16) & 0x7f;
		in->len = 2;
		return FMT_VOP3P;
	}
	if (dw >> 26 == 0x34) {
		*key = (dw >> 16) & 0x3ff;
		in->enc = ENC_VOP3;
		in->len = 2;
		return FMT_VALU;
	}
	if (dw >> 26 == 0x36) {
		*key = (dw >> 17) & 0xff;
		in->len = 2;
		return FMT_DS;
	}
	if (dw >> 26 == 0x37) {
		*key = (dw >> 18) & 0x7f;
		in->len = 2;
		return FMT_FLAT;
	}
	if (dw >> 26 == 0x38) {
		*key = (dw >> 18) & 0x7f;
		in->len = 2;
		return FMT_MUBUF;
	}
	*key = 0;
	return FMT_COUNT;
}

static void fields(struct insn *in, enum insn_format fmt)
{
	uint32_t d0 = in->dw[0], d1 = in->dw[1];

	switch (fmt) {
	case FMT_SMEM:
		in->addr = (d0 & 0x3f) << 1;		/* sbase pair */
		in->dst = (d0 >> 6) & 0x7f;		/* sdata */
		in->soe = d0 & (1u << 14);
		in->imm = d0 & (1u << 17);
		in->offset = sext(d1 & 0x1fffff, 21);
		in->saddr = (d1 >> 25) & 0x7f;		/* soffset */
		in->cpol = (d0 >> 16) & 1;		/* glc */
		break;
	case FMT_VALU:
		if (in->enc != ENC_VOP3)
			break;
		in->dst = d0 & 0xff;
		in->sdst = (d0 >> 8) & 0x7f;
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
		in->op_sel_hi = ((d1 >> 27) & 3) | (((d0 >> 14) & 1) << 2);
		in->clamp = (d0 >> 15) & 1;
		in->src[0] = d1 & 0x1ff;
		in->src[1] = (d1 >> 9) & 0x1ff;
		in->src[2] = (d1 >> 18) & 0x1ff;
		in->neg = ((d1 >> 29) & 7) | (((d0 >> 8) & 7) << 3);
		break;
	case FMT_DS:
		in->offset = (int32_t)(d0 & 0xffff);
		in->offset1 = (d0 >> 8) & 0xff;
		in->addr = d1 & 0xff;
		in->data = (d1 >> 8) & 0xff;
		in->src[2] = (d1 >> 16) & 0xff;		/* data1 */
		in->dst = d1 >> 24;
		in->imm = d0 & (1u << 16);		/* gds */
		break;
	case FMT_FLAT:
		in->seg = (d0 >> 14) & 3;
		in->offset = in->seg == 0 ? (int32_t)(d0 & 0xfff) : sext(d0 & 0x1fff, 13);
		in->sve = d0 & (1u << 13);
		in->addr = d1 & 0xff;
		in->data = (d1 >> 8) & 0xff;
		in->saddr = (d1 >> 16) & 0x7f;
		in->dst = d1 >> 24;
		in->cpol = ((d0 >> 16) & 3) | ((d0 >> 25) & 1) << 2;
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
		break;
	default:
		break;
	}
}

int decode(struct bh_sim *sim, uint64_t pc, struct insn *in)
{
	unsigned key;

	if (sim->target->isa->gen == 11)
		return decode_gfx11(sim, pc, in);
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
		if (fetch(sim, pc, i, &in->dw[i]))
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
		if (fetch(sim, pc, 1, &in->dw[1]))
			return illegal(sim, in, "instruction runs into unmapped memory");
		in->literal = in->dw[1];
	}
	return 0;
}
