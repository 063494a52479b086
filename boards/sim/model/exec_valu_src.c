// SPDX-License-Identifier: MIT
/*
 * VALU sources that are not plain register reads: the DPP preamble and
 * write mask (the per-lane SDWA selection, DPP lane and abs/neg
 * modifiers themselves are inline in valu.h), the row helpers of valu.h
 * beyond their inline fast paths, reads and writes of single lanes
 * (v_readlane & co.), and the AccVGPR moves.
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
	bool bound = (word >> 19) & 1, rows = w->sim->target->isa->dpp_rows;
	uint64_t mask = 0;

	for (unsigned l = 0; l < WAVE_LANES; l++) {
		if (!((rowm >> (l / 16)) & 1) || !((bank >> ((l & 15) / 4)) & 1))
			continue;
		if (bound || dpp_valid(w, dpp_lane(ctrl, l, rows)))
			mask |= 1ull << l;
	}
	return mask;
}

/*
 * What gfx10+ added and the model does not follow: FI (fetch inactive:
 * read lanes outside EXEC as if they were active) on DPP16 and DPP8,
 * and DPP8 reads of a lane outside EXEC without FI (the RDNA3 text the
 * model follows does not say what they return).  Faults; else 0.
 */
static int dpp_gfx10_unmodelled(struct wave *w, const struct insn *in)
{
	if (in->dpp_fi)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "DPP fetch-inactive (fi:1) is not modelled");
	if (!in->dpp8)
		return 0;
	for (unsigned l = 0; l < WAVE_LANES; l++)
		if ((w->exec >> l) & 1 && !((w->exec >> dpp8_lane(in->sdwa_word, l)) & 1))
			return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
					  "DPP8: lane %u reads lane %u, outside EXEC (not modelled)",
					  l, dpp8_lane(in->sdwa_word, l));
	return 0;
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
	if (dpp_gfx10_unmodelled(w, in))
		return -1;
	memcpy(w->dpp_src, w->v[in->src[0] - 256], sizeof(w->dpp_src));
	w->dpp_exec = w->exec;
	if (!in->dpp8)			/* DPP8 has no row/bank masks nor bound_ctrl */
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
	wr_s32(w, in->dst, rd_v32(w, in, in->src[0], rd_s32(w, in, in->src[1]) & (w->wave_size - 1)));
	return 0;
}

/*
 * Relative moves (RDNA3 ISA, V_MOVRELS_B32 / V_MOVRELD_B32): the VGPR
 * number of the source (movrels) or of the destination (movreld) plus
 * M0 -- "addr = SRC0.u32; addr += M0.u32; D0.b32 = VGPR[laneId][addr]"
 * and "addr = DST.u32; addr += M0.u32; VGPR[laneId][addr] = S0.b32".
 * The relative operand must be a VGPR; an index past the kernel's VGPRs
 * faults (hardware would read or clobber another wave's registers).
 */
static int movrel_reg(struct wave *w, const struct insn *in, unsigned code, unsigned *reg)
{
	uint64_t r = (uint64_t)(code - 256) + w->m0;

	if (code < 256)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "%s: the relative operand must be a VGPR", in->desc->name);
	if (r >= w->nvgprs)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "%s: v%u + M0 (%u) is beyond the kernel's %u VGPRs",
				  in->desc->name, code - 256, w->m0, w->nvgprs);
	*reg = (unsigned)r;
	return 0;
}

VOP(v_movrels_b32)
{
	unsigned src;

	if (!vdst_ok(w, in, 1) || movrel_reg(w, in, in->src[0], &src))
		return -1;
	put_lanes(w, in->dst, w->v[src]);
	return 0;
}

VOP(v_movreld_b32)
{
	uint32_t s[WAVE_LANES];
	unsigned dst;

	if (movrel_reg(w, in, in->dst + 256, &dst))
		return -1;
	for (unsigned l = 0; l < WAVE_LANES; l++)
		s[l] = rd_v32(w, in, in->src[0], l);
	put_lanes(w, dst, s);
	return 0;
}

/* Writes one lane regardless of EXEC.  The lane select is taken modulo
 * the wave size (SSRC1[5:0] in wave64, [4:0] in wave32: RDNA3 ISA). */
VOP(v_writelane_b32)
{
	if (!vdst_ok(w, in, 1))
		return -1;
	w->v[in->dst][rd_s32(w, in, in->src[1]) & (w->wave_size - 1)] = rd_s32(w, in, in->src[0]);
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

	if (sim_faulted(w->sim))
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

/* ----------------------------------------------------- source rows */
/*
 * The row helpers of valu.h run once per instruction, so they live here
 * out of line, one copy: inlined into every handler of the six VALU files
 * they cost ~130 KB of host text for a model 2-3% faster (callgrind,
 * tests/bench/alu.hip).  src_lanes' plain-VGPR case and put_lanes stay
 * inline, which keeps the model as fast as before the split.
 */
/* src_lanes' other cases: scalar sources, DPP, SDWA, out-of-range VGPRs. */
const uint32_t *src_lanes_slow(struct wave *w, const struct insn *in, unsigned i,
			       uint32_t tmp[WAVE_LANES])
{
	unsigned code = in->src[i];

	if (!(in->dpp && i == 0) && !(in->sdwa && i < 2) && code < 256) {
		uint32_t v = rd_s32(w, in, code);

		for (unsigned l = 0; l < WAVE_LANES; l++)
			tmp[l] = v;
		return tmp;
	}
	memset(tmp, 0, WAVE_LANES * sizeof(*tmp));
	FOR_LANES(l)
		tmp[l] = src(w, in, i, l);
	return tmp;
}


void src64_lanes(struct wave *w, const struct insn *in, unsigned i,
		 uint64_t out[WAVE_LANES])
{
	unsigned code = in->src[i];

	if (code >= 256 && code - 256 + 2 <= w->nvgprs) {
		const uint32_t *lo = w->v[code - 256], *hi = w->v[code - 255];

		for (unsigned l = 0; l < WAVE_LANES; l++)
			out[l] = lo[l] | (uint64_t)hi[l] << 32;
		return;
	}
	memset(out, 0, WAVE_LANES * sizeof(*out));
	if (code < 256) {
		uint64_t v = rd_v64(w, in, code, 0, false);

		FOR_LANES(l)
			out[l] = v;
		return;
	}
	FOR_LANES(l)
		out[l] = src64(w, in, i, l, false);
}

void put64_lanes(struct wave *w, unsigned reg, const uint64_t r[WAVE_LANES])
{
	uint32_t *lo = w->v[reg], *hi = w->v[reg + 1];
	uint64_t exec = w->exec;

	for (unsigned l = 0; l < WAVE_LANES; l++) {
		bool on = (exec >> l) & 1;

		lo[l] = on ? (uint32_t)r[l] : lo[l];
		hi[l] = on ? (uint32_t)(r[l] >> 32) : hi[l];
	}
}

void put_int(struct wave *w, const struct insn *in, const uint32_t r[WAVE_LANES])
{
	unsigned sel = (in->sdwa_word >> 8) & 7, unused = (in->sdwa_word >> 11) & 3;

	if (!in->sdwa || sel >= 6) {
		put_lanes(w, in->dst, r);
		return;
	}
	unsigned shift = sel < 4 ? sel * 8 : (sel - 4) * 16, bits = sel < 4 ? 8 : 16;
	uint32_t fmask = ((1u << bits) - 1) << shift, d[WAVE_LANES];

	for (unsigned l = 0; l < WAVE_LANES; l++) {
		uint32_t f = (r[l] << shift) & fmask;

		if (unused == 2)
			d[l] = (w->v[in->dst][l] & ~fmask) | f;
		else if (unused == 1 && (f >> (shift + bits - 1)) & 1)
			d[l] = f | (shift + bits < 32 ? ~0u << (shift + bits) : 0);
		else
			d[l] = f;
	}
	put_lanes(w, in->dst, d);
}

void fsrc_lanes(struct wave *w, const struct insn *in, unsigned i,
		float out[WAVE_LANES])
{
	uint32_t t[WAVE_LANES], andm, xorm;
	const uint32_t *s = src_lanes(w, in, i, t);

	src_mods(in, i, false, &andm, &xorm);
	uint32_t keep = w->keep_in32;

	for (unsigned l = 0; l < WAVE_LANES; l++) {
		uint32_t b = (s[l] & andm) ^ xorm;

		/* a denormal (exponent 0) flushes to a signed zero */
		b = (b & 0x7f800000) || keep ? b : b & 0x80000000;
		memcpy(&out[l], &b, 4);
	}
}

void fdst_lanes(struct wave *w, const struct insn *in, float r[WAVE_LANES])
{
	static const float omod[4] = { 1.0f, 2.0f, 4.0f, 0.5f };
	uint32_t bits[WAVE_LANES], keep = w->keep_out32;

	if (in->enc == ENC_VOP3 && (in->omod || in->clamp)) {
		for (unsigned l = 0; l < WAVE_LANES; l++) {
			float f = isnan(r[l]) ? r[l] : r[l] * omod[in->omod];	/* as fdst */

			r[l] = in->clamp ? clamp01(w, f) : f;
		}
	}
	for (unsigned l = 0; l < WAVE_LANES; l++) {
		uint32_t b;

		memcpy(&b, &r[l], 4);
		bits[l] = (b & 0x7f800000) || keep ? b : b & 0x80000000;
	}
	put_lanes(w, in->dst, bits);
}

/* ------------------------------------------------------ permlane (gfx11) */
/*
 * V_PERMLANE16_B32 / V_PERMLANEX16_B32 (RDNA3 ISA pseudocode): lane i of
 * each row of 16 reads lane sel[i] of a row, where the 64-bit select is
 * { S2, S1 } in nibbles (lane i's select is bits 4i+3:4i).  permlane16
 * reads its own row; permlanex16 the other row of its 32-lane half
 * (rows 0 <-> 1, 2 <-> 3).  All of src0 is read before any lane writes,
 * so D may be src0.  A wave64 repeats the selects in its upper half.
 *
 * VOP3 op_sel[0] is FI and op_sel[1] BC (LLVM: llvm.amdgcn.permlane16's
 * fi and bound_control operands).  The model applies DPP's rules to
 * them, as LLVM's permlane lowering with an "old" operand implies: a
 * source lane outside EXEC is read as any lane when FI is set; without
 * FI it is invalid, and the destination lane then reads 0 with BC set
 * or keeps its old value with BC clear.  That reading of FI/BC for
 * permlane is inferred from DPP, not stated for these instructions in
 * the ISA text the model follows.
 */
static int permlane(struct wave *w, const struct insn *in, bool cross)
{
	uint32_t src[WAVE_LANES], r[WAVE_LANES];
	bool fi = in->op_sel & 1, bc = in->op_sel & 2;
	uint64_t sel, write = 0;

	if (in->abs || in->neg || in->clamp || in->omod || (in->op_sel & ~3u))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "%s: abs/neg/clamp/omod/op_sel[2:3] are not modelled",
				  in->desc->name);
	if (in->src[0] < 256 || !vgpr_ok(w, in->src[0] - 256, 1) || !vdst_ok(w, in, 1))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "%s: src0 must be a VGPR of the kernel", in->desc->name);
	sel = rd_s32(w, in, in->src[1]) | (uint64_t)rd_s32(w, in, in->src[2]) << 32;
	memcpy(src, w->v[in->src[0] - 256], sizeof(src));
	for (unsigned l = 0; l < w->wave_size; l++) {
		unsigned row = (l / 16) ^ (cross ? 1u : 0u);
		unsigned s = row * 16 + (unsigned)((sel >> (4 * (l & 15))) & 15);
		bool valid = fi || ((w->exec >> s) & 1);

		r[l] = valid ? src[s] : 0;
		if (valid || bc)
			write |= 1ull << l;
	}
	for (unsigned l = 0; l < w->wave_size; l++)
		if ((w->exec & write) >> l & 1)
			w->v[in->dst][l] = r[l];
	return 0;
}

VOP(v_permlane16_b32) { return permlane(w, in, false); }
VOP(v_permlanex16_b32) { return permlane(w, in, true); }
