// SPDX-License-Identifier: MIT
/*
 * The part of decoding gfx9 and gfx11 share (decode_common.h): fetch,
 * the encoding lookup and the fields that sit in the same bits on both.
 */
#include <string.h>

#include "decode_common.h"

int decode_fetch(struct bh_sim *sim, uint64_t pc, unsigned i, uint32_t *out)
{
	uint8_t *p = mem_translate(sim, pc + 4ull * i, 4);

	if (!p)
		return -1;
	memcpy(out, p, 4);
	return 0;
}

/* The fields of the one-dword formats; the others just say how long they are. */
static void one_dword_fields(struct insn *in, enum insn_format fmt, uint32_t dw)
{
	switch (fmt) {
	case FMT_SOP1:
		in->dst = (dw >> 16) & 0x7f;
		in->src[0] = dw & 0xff;
		break;
	case FMT_SOPC:
		in->src[0] = dw & 0xff;
		in->src[1] = (dw >> 8) & 0xff;
		break;
	case FMT_SOPP:
		in->simm16 = (int16_t)(dw & 0xffff);
		break;
	case FMT_SOPK:
		in->dst = (dw >> 16) & 0x7f;
		in->simm16 = (int16_t)(dw & 0xffff);
		break;
	case FMT_SOP2:
		in->dst = (dw >> 16) & 0x7f;
		in->src[0] = dw & 0xff;
		in->src[1] = (dw >> 8) & 0xff;
		break;
	case FMT_VALU:
		switch (in->enc) {
		case ENC_VOP1:
			in->dst = (dw >> 17) & 0xff;
			in->src[0] = dw & 0x1ff;
			break;
		case ENC_VOPC:
			in->src[0] = dw & 0x1ff;
			in->src[1] = 256 + ((dw >> 9) & 0xff);
			in->sdst = VCC_LO;	/* VCC (gfx11 wave32: VCC_LO) */
			break;
		case ENC_VOP2:
			in->dst = (dw >> 17) & 0xff;
			in->src[0] = dw & 0x1ff;
			in->src[1] = 256 + ((dw >> 9) & 0xff);
			in->src[2] = VCC_LO;	/* implicit for cndmask / carry-in */
			in->sdst = VCC_LO;
			break;
		case ENC_VOP3:
			in->len = 2;
			break;
		}
		break;
	default:
		in->len = 2;
		break;
	}
}

int decode_begin(struct bh_sim *sim, const struct decode_encoding *encodings, uint64_t pc,
		 struct insn *in, enum insn_format *fmt, unsigned *key)
{
	const struct decode_encoding *e = encodings;
	uint32_t dw;

	memset(in, 0, sizeof(*in));
	in->pc = pc;
	in->len = 1;
	if (decode_fetch(sim, pc, 0, &in->dw[0])) {
		sim_fault(sim, BH_SIM_FAULT_MEMORY, pc, NULL, 0, pc,
			  "instruction fetch from unmapped address 0x%llx",
			  (unsigned long long)pc);
		return -1;
	}
	dw = in->dw[0];
	while (e->fmt != FMT_COUNT && dw >> e->shift != e->match)
		e++;
	*fmt = e->fmt;
	*key = 0;
	if (e->fmt == FMT_COUNT)
		return 0;
	*key = e->key_base + ((dw >> e->key_shift) & e->key_mask);
	if (e->fmt == FMT_VALU)
		in->enc = e->enc;
	one_dword_fields(in, e->fmt, dw);
	return 0;
}

bool decode_scalar_literal(const struct insn *in, enum insn_format fmt)
{
	if (fmt != FMT_SOP1 && fmt != FMT_SOP2 && fmt != FMT_SOPC)
		return false;
	return in->src[0] == SRC_LITERAL || in->src[1] == SRC_LITERAL;
}

int decode_illegal(struct bh_sim *sim, const struct insn *in, const char *why, const char *note)
{
	sim_fault(sim, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in->pc, in->dw, in->len, 0,
		  "%s at pc 0x%llx: %08x %08x%s", why, (unsigned long long)in->pc, in->dw[0],
		  in->len > 1 ? in->dw[1] : 0, note);
	return -1;
}

void decode_smem_fields(struct insn *in)
{
	uint32_t d0 = in->dw[0], d1 = in->dw[1];

	in->addr = (d0 & 0x3f) << 1;		/* sbase pair */
	in->dst = (d0 >> 6) & 0x7f;		/* sdata */
	in->offset = decode_sext(d1 & 0x1fffff, 21);
	in->saddr = d1 >> 25;			/* soffset */
}

static void vop3_fields(struct insn *in)
{
	uint32_t d0 = in->dw[0], d1 = in->dw[1];

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
}

static void vop3p_fields(struct insn *in)
{
	uint32_t d0 = in->dw[0], d1 = in->dw[1];

	in->dst = d0 & 0xff;
	in->op_sel = (d0 >> 11) & 7;
	in->op_sel_hi = ((d1 >> 27) & 3) | ((d0 >> 14) & 1) << 2;
	in->clamp = (d0 >> 15) & 1;
	in->src[0] = d1 & 0x1ff;
	in->src[1] = (d1 >> 9) & 0x1ff;
	in->src[2] = (d1 >> 18) & 0x1ff;
	in->neg = ((d1 >> 29) & 7) | ((d0 >> 8) & 7) << 3;	/* neg_lo, neg_hi */
}

void decode_vop3_fields(struct insn *in, enum insn_format fmt)
{
	if (fmt == FMT_VOP3P)
		vop3p_fields(in);
	else if (fmt == FMT_VALU && in->enc == ENC_VOP3)
		vop3_fields(in);
}

void decode_ds_fields(struct insn *in, unsigned gds_bit)
{
	uint32_t d0 = in->dw[0], d1 = in->dw[1];

	in->offset = (int32_t)(d0 & 0xffff);
	in->offset1 = (d0 >> 8) & 0xff;
	in->imm = (d0 >> gds_bit) & 1;		/* gds */
	in->addr = d1 & 0xff;
	in->data = (d1 >> 8) & 0xff;
	in->src[2] = (d1 >> 16) & 0xff;		/* data1 */
	in->dst = d1 >> 24;
}
