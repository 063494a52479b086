/* SPDX-License-Identifier: MIT */
/*
 * What the gfx9 decoder (decode.c) and the gfx11 decoder (decode_gfx11.c)
 * share: instruction fetch, finding the format of the first dword in a
 * generation's table of encodings, the fields of the one-dword formats
 * (SOP*, VOP1/VOP2/VOPC sit in the same bits on both), the SMEM, VOP3,
 * VOP3P and DS fields that did not move between them, and the
 * illegal-instruction fault.  What moved stays in the decoder of its
 * generation.
 */
#ifndef BH_SIM_DECODE_COMMON_H
#define BH_SIM_DECODE_COMMON_H

#include "model.h"

#define SRC_LITERAL	255	/* a source operand code: a literal dword follows */
#define VCC_LO		106	/* VCC (gfx9), VCC_LO (gfx11) */

/*
 * One encoding of a generation: a first dword @dw is of it when
 * dw >> shift == match, and its opcode key (struct opdesc.key) is
 * key_base + ((dw >> key_shift) & key_mask).  A generation lists its
 * encodings in the order they are tried and ends the list with a
 * { .fmt = FMT_COUNT } row.
 */
struct decode_encoding {
	enum insn_format fmt;
	enum valu_enc enc;		/* of FMT_VALU */
	uint8_t shift, key_shift;
	uint16_t match, key_mask, key_base;
};

/* The scalar encodings, alike on gfx9 and gfx11: the head of both lists. */
#define DECODE_SCALAR_ENCODINGS \
	{ .fmt = FMT_SOP1, .shift = 23, .match = 0x17d, .key_shift = 8, .key_mask = 0xff }, \
	{ .fmt = FMT_SOPC, .shift = 23, .match = 0x17e, .key_shift = 16, .key_mask = 0x7f }, \
	{ .fmt = FMT_SOPP, .shift = 23, .match = 0x17f, .key_shift = 16, .key_mask = 0x7f }, \
	{ .fmt = FMT_SOPK, .shift = 28, .match = 0xb, .key_shift = 23, .key_mask = 0x1f }, \
	{ .fmt = FMT_SOP2, .shift = 30, .match = 2, .key_shift = 23, .key_mask = 0x7f }

static inline int32_t decode_sext(uint32_t v, unsigned bits)
{
	uint32_t m = 1u << (bits - 1);

	return (int32_t)((v ^ m) - m);
}

/* Dword @i of the instruction at @pc into @out; 0, or -1 if unmapped. */
int decode_fetch(struct bh_sim *sim, uint64_t pc, unsigned i, uint32_t *out);
/*
 * Start decoding the instruction at @pc into @in: clear it, fetch its
 * first dword and look it up in @encodings.  @fmt and @key say what it
 * is (FMT_COUNT: no such encoding); the fields of a one-dword format are
 * filled, in->len is 2 for the two-dword formats.  -1 after raising a
 * fault (the fetch failed), else 0.
 */
int decode_begin(struct bh_sim *sim, const struct decode_encoding *encodings, uint64_t pc,
		 struct insn *in, enum insn_format *fmt, unsigned *key);
/*
 * Raise the illegal-instruction fault of @in, @why and the dwords read so
 * far, with @note after them (the generation, where not gfx9); -1.
 */
int decode_illegal(struct bh_sim *sim, const struct insn *in, const char *why, const char *note);
/* An SOP1/SOP2/SOPC source of SRC_LITERAL: a literal dword follows. */
bool decode_scalar_literal(const struct insn *in, enum insn_format fmt);
/*
 * Fields of the two-dword formats (dw[0] and dw[1] fetched) in the bits
 * they keep on gfx9 and gfx11: SMEM's SBASE, SDATA, offset and SOFFSET;
 * all of VOP3 (a and b) and VOP3P (@fmt: FMT_VALU or FMT_VOP3P, others
 * are left alone); all of DS but GDS, which sits in dw[0] bit @gds_bit
 * (gfx9 16, gfx11 17).
 */
void decode_smem_fields(struct insn *in);
void decode_vop3_fields(struct insn *in, enum insn_format fmt);
void decode_ds_fields(struct insn *in, unsigned gds_bit);

#endif
