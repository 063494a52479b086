// SPDX-License-Identifier: MIT
/*
 * VALU sources that are not plain register reads: the DPP preamble and
 * write mask (the per-lane SDWA selection, DPP lane and abs/neg
 * modifiers themselves are inline in valu.h), reads and writes of
 * single lanes (v_readlane & co.), and the AccVGPR moves.
 */
#include <math.h>
#include <string.h>

#include "valu.h"

/* -------------------------------------------------------------- DPP */
/* DPP reads from a disabled or missing lane are "invalid" (GCN3 DPP
 * rules, as LLVM documents bound_ctrl); such lanes keep their old value
 * unless BOUND_CTRL makes the source read 0. */
static uint64_t dpp_write_mask(const struct wave *w, const struct insn *in)
{
	uint32_t word = in->sdwa_word;
	unsigned ctrl = (word >> 8) & 0x1ff, bank = (word >> 24) & 15, rowm = word >> 28;
	bool bound = (word >> 19) & 1;
	uint64_t mask = 0;

	for (unsigned l = 0; l < WAVE_LANES; l++) {
		if (!((rowm >> (l / 16)) & 1) || !((bank >> ((l & 15) / 4)) & 1))
			continue;
		if (bound || dpp_valid(w, dpp_lane(ctrl, l)))
			mask |= 1ull << l;
	}
	return mask;
}

/*
 * Before a DPP instruction runs (dispatch.c): lanes whose row/bank is
 * masked, or whose source lane is invalid without BOUND_CTRL, keep their
 * old value, so they leave EXEC until the caller restores it.  Lanes
 * read other lanes' src0: it is snapshot, since the destination may be
 * the same register.  0, or -1 after a fault.
 */
int dpp_enter(struct wave *w, const struct insn *in)
{
	if (!vgpr_ok(w, in->src[0] - 256, 1))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "DPP source beyond the kernel's VGPRs");
	memcpy(w->dpp_src, w->v[in->src[0] - 256], sizeof(w->dpp_src));
	w->dpp_exec = w->exec;
	w->exec &= dpp_write_mask(w, in);
	return 0;
}

/* ------------------------------------------------------- lane access */
VOP(v_readfirstlane_b32)
{
	unsigned l = w->exec ? (unsigned)__builtin_ctzll(w->exec) : 0;

	wr_s32(w, in->dst, rd_v32(w, in, in->src[0], l));
	return 0;
}

VOP(v_readlane_b32)
{
	wr_s32(w, in->dst, rd_v32(w, in, in->src[0], rd_s32(w, in, in->src[1]) & 63));
	return 0;
}

/* Writes one lane regardless of EXEC. */
VOP(v_writelane_b32)
{
	if (!vdst_ok(w, in, 1))
		return -1;
	w->v[in->dst][rd_s32(w, in, in->src[1]) & 63] = rd_s32(w, in, in->src[0]);
	return 0;
}

/* --------------------------------------------------------- AccVGPRs */
/*
 * AccVGPR moves (gfx90a/gfx942).  The opcode says which operand is an
 * AccVGPR; a[n] is register acc_base + n of the wave's unified file.
 */
static bool acc_ok(struct wave *w, const struct insn *in, unsigned n)
{
	if (w->acc_base + n < w->nvgprs)
		return true;
	wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
		   "a%u beyond the kernel's %u VGPRs (AccVGPRs start at v%u)", n, w->nvgprs,
		   w->acc_base);
	return false;
}

VOP(v_accvgpr_read_b32)
{
	unsigned a = in->src[0] - 256;

	if (in->src[0] < 256 || !acc_ok(w, in, a) || !vdst_ok(w, in, 1))
		return in->src[0] < 256 ? wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
						     "v_accvgpr_read from a non-register") : -1;
	put_lanes(w, in->dst, w->v[w->acc_base + a]);
	return 0;
}

VOP(v_accvgpr_write_b32)
{
	uint32_t t[WAVE_LANES];

	if (!acc_ok(w, in, in->dst))
		return -1;
	const uint32_t *s = src_lanes(w, in, 0, t);

	if (w->sim->fault_pending)
		return -1;
	put_lanes(w, w->acc_base + in->dst, s);
	return 0;
}

VOP(v_accvgpr_mov_b32)
{
	unsigned a = in->src[0] - 256;

	if (in->src[0] < 256 || in->sdwa || in->dpp)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "v_accvgpr_mov form not modelled");
	if (!acc_ok(w, in, a) || !acc_ok(w, in, in->dst))
		return -1;
	put_lanes(w, w->acc_base + in->dst, w->v[w->acc_base + a]);
	return 0;
}
