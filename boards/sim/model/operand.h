/* SPDX-License-Identifier: MIT */
/*
 * Operand reads on the hot path.  Every VALU handler reads its sources
 * lane by lane, so the common cases (a VGPR inside the allocation, an
 * SGPR, an inline integer constant, the literal) are inline here and
 * everything else goes to operand.c, which also raises the faults.
 * Included from model.h only.
 */
#ifndef BH_SIM_OPERAND_H
#define BH_SIM_OPERAND_H

uint32_t rd_s32_slow(struct wave *w, const struct insn *in, unsigned code);
uint32_t rd_v32_slow(struct wave *w, const struct insn *in, unsigned code, unsigned lane);

static inline uint32_t rd_s32(struct wave *w, const struct insn *in, unsigned code)
{
	if (code < NUM_SGPRS)
		return w->sgpr[code];
	if (code >= 128 && code <= 192)		/* inline integers 0..64 */
		return code - 128;
	if (code == 255)			/* the literal */
		return in->literal;
	return rd_s32_slow(w, in, code);
}

static inline uint32_t rd_v32(struct wave *w, const struct insn *in, unsigned code,
			      unsigned lane)
{
	if (code >= 256 && code - 256 < w->nvgprs)
		return w->v[code - 256][lane];
	if (code < 256)
		return rd_s32(w, in, code);
	return rd_v32_slow(w, in, code, lane);	/* beyond the allocation: fault */
}

#endif
