/* SPDX-License-Identifier: MIT */
/*
 * What the instruction files share (exec_valu_*.c, exec_vpacked.c and,
 * for VOP and FOR_LANES, exec_mem.c): the handler signature, the EXEC
 * lane loop, bit casts, the destination check, and the VALU operand
 * helpers -- sources with their SDWA selection, DPP lane and abs/neg
 * modifiers, destinations with omod, clamp, the SDWA destination select
 * and op_sel halves, and the MODE denormal flush (fpmode.h).  Per lane
 * (src, fsrc, dsrc, hsrc; fdst, ddst) or per row of 64 lanes
 * (src_lanes, fsrc_lanes, src64_lanes; put_lanes, put_int, fdst_lanes),
 * which the host compiler vectorises.  Everything is static inline: the
 * handlers' inner loops are the model's hot path.
 */
#ifndef BH_SIM_VALU_H
#define BH_SIM_VALU_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "fpmode.h"
#include "model.h"

/* A handler named in the decode tables (the isa directory, model.h). */
#define VOP(name) int x_##name(struct wave *w, const struct insn *in)
/* @l over the lanes enabled in EXEC. */
#define FOR_LANES(l) for (unsigned l = 0; l < WAVE_LANES; l++) if ((w->exec >> l) & 1)

/* ---------------------------------------------------------- bit casts */
static inline float f32(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
static inline uint32_t bits32(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
static inline double f64(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }
static inline uint64_t bits64(double d) { uint64_t b; memcpy(&b, &d, 8); return b; }

/* ------------------------------------------------------- destinations */
/* Are VGPRs dst..dst+n-1 inside the allocation?  Faults if not. */
static inline bool vdst_ok(struct wave *w, const struct insn *in, unsigned n)
{
	if (vgpr_ok(w, in->dst, n))
		return true;
	wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
		   "destination v%u beyond the kernel's %u VGPRs", in->dst, w->nvgprs);
	return false;
}

static inline void set64(struct wave *w, unsigned reg, unsigned l, uint64_t v)
{
	w->v[reg][l] = (uint32_t)v;
	w->v[reg + 1][l] = (uint32_t)(v >> 32);
}

/* ----------------------------------------------------- SDWA and DPP */
static inline uint32_t sdwa_sel(uint32_t v, unsigned sel, bool sext)
{
	unsigned shift = sel < 4 ? sel * 8 : sel < 6 ? (sel - 4) * 16 : 0;
	unsigned bits = sel < 4 ? 8 : sel < 6 ? 16 : 32;

	if (bits == 32)
		return v;
	v = (v >> shift) & ((1u << bits) - 1);
	if (sext && (v >> (bits - 1)))
		v |= ~0u << bits;
	return v;
}

/*
 * DPP16 dpp_ctrl: the lane src0 is read from, or -1 if none.  Both
 * generations: quad_perm 0x00-0xff, row_shl 0x101-0x10f, row_shr
 * 0x111-0x11f, row_ror 0x121-0x12f, row_mirror 0x140, row_half_mirror
 * 0x141.  gfx9 only: wave_shl/rol/shr/ror 0x130/0x134/0x138/0x13c,
 * row_bcast15/31 0x142/0x143.  gfx10+ (@rows, RDNA3 ISA "DPP16") has no
 * wave-wide moves: row_share 0x150-0x15f (lane n of the row) and
 * row_xmask 0x160-0x16f (lane r ^ n of the row) instead.
 */
static inline int dpp_lane(unsigned ctrl, unsigned l, bool rows)
{
	unsigned row = l & ~15u, r = l & 15, n = ctrl & 15;

	if (ctrl <= 0xff)
		return (int)((l & ~3u) + ((ctrl >> (2 * (l & 3))) & 3));
	if (ctrl >= 0x101 && ctrl <= 0x10f)
		return r + n < 16 ? (int)(l + n) : -1;
	if (ctrl >= 0x111 && ctrl <= 0x11f)
		return r >= n ? (int)(l - n) : -1;
	if (ctrl >= 0x121 && ctrl <= 0x12f)
		return (int)(row + ((r - n) & 15));
	if (ctrl == 0x140)
		return (int)(row + 15 - r);
	if (ctrl == 0x141)
		return (int)((l & ~7u) + 7 - (l & 7));
	if (rows) {
		if (ctrl >= 0x150 && ctrl <= 0x15f)
			return (int)(row + n);
		if (ctrl >= 0x160 && ctrl <= 0x16f)
			return (int)(row + (r ^ n));
		return -2;
	}
	switch (ctrl) {
	case 0x130: return l < 63 ? (int)l + 1 : -1;
	case 0x134: return (int)((l + 1) & 63);
	case 0x138: return l > 0 ? (int)l - 1 : -1;
	case 0x13c: return (int)((l - 1) & 63);
	case 0x142: return l >= 16 ? (int)row - 1 : -1;
	case 0x143: return l >= 32 ? 31 : -1;
	}
	return -2;	/* reserved encoding */
}

static inline bool dpp_valid(const struct wave *w, int s)
{
	return s >= 0 && ((w->dpp_exec >> s) & 1);
}
/* DPP8 (gfx10+): lane l reads lane sel[l % 8] of its group of 8, the
 * selects being 3-bit fields from bit 8 of the DPP8 word. */
static inline unsigned dpp8_lane(uint32_t word, unsigned l)
{
	return (l & ~7u) | ((word >> (8 + 3 * (l & 7))) & 7);
}

/* Lane @l's DPP src0: the snapshot dpp_enter took, 0 from an invalid lane. */
static inline uint32_t dpp_read(struct wave *w, const struct insn *in, unsigned l)
{
	if (in->dpp8)
		return w->dpp_src[dpp8_lane(in->sdwa_word, l)];	/* checked by dpp_enter */
	int s = dpp_lane((in->sdwa_word >> 8) & 0x1ff, l, w->sim->target->isa->dpp_rows);

	if (s == -2) {
		wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0, "reserved dpp_ctrl 0x%x",
			   (in->sdwa_word >> 8) & 0x1ff);
		return 0;
	}
	return dpp_valid(w, s) ? w->dpp_src[s] : 0;
}

/* --------------------------------------------------------- sources */
/* Integer source @i of lane @l (with SDWA selection or DPP when present). */
static inline uint32_t src(struct wave *w, const struct insn *in, unsigned i, unsigned l)
{
	if (in->dpp && i == 0)
		return dpp_read(w, in, l);
	uint32_t v = rd_v32(w, in, in->src[i], l);

	if (in->sdwa && i < 2) {
		unsigned sh = i ? 24 : 16;

		v = sdwa_sel(v, (in->sdwa_word >> sh) & 7, (in->sdwa_word >> (sh + 3)) & 1);
	}
	return v;
}

static inline uint64_t src64(struct wave *w, const struct insn *in, unsigned i, unsigned l,
			     bool f)
{
	return rd_v64(w, in, in->src[i], l, f);
}

/*
 * Source @i of every lane at once: a pointer straight into the VGPR file
 * for a plain VGPR, else @tmp filled with the scalar, constant, SDWA or
 * DPP value of each EXEC lane (other lanes of @tmp are 0).  Faults
 * (a VGPR beyond the allocation, a reserved DPP control) are raised as
 * per-lane reads would raise them.
 */
const uint32_t *src_lanes_slow(struct wave *w, const struct insn *in, unsigned i,
			       uint32_t tmp[WAVE_LANES]);

static inline const uint32_t *src_lanes(struct wave *w, const struct insn *in, unsigned i,
					uint32_t tmp[WAVE_LANES])
{
	unsigned code = in->src[i];

	/* The common case, a plain VGPR, inline: the row is the register. */
	if (!(in->dpp && i == 0) && !(in->sdwa && i < 2) && code >= 256 && code - 256 < w->nvgprs)
		return w->v[code - 256];
	return src_lanes_slow(w, in, i, tmp);
}

/* Write @r to VGPR @reg in the EXEC lanes (the caller checked @reg). */
static inline void put_lanes(struct wave *w, unsigned reg, const uint32_t r[WAVE_LANES])
{
	uint32_t *d = w->v[reg];
	uint64_t exec = w->exec;

	if (exec == ~0ull) {
		memcpy(d, r, WAVE_LANES * sizeof(*d));
		return;
	}
	for (unsigned l = 0; l < WAVE_LANES; l++)
		d[l] = (exec >> l) & 1 ? r[l] : d[l];
}

/* 64-bit integer source @i of every lane into @out (EXEC lanes; others 0). */
void src64_lanes(struct wave *w, const struct insn *in, unsigned i,
		 uint64_t out[WAVE_LANES]);

/* Write @r to the VGPR pair at @reg in the EXEC lanes. */
void put64_lanes(struct wave *w, unsigned reg, const uint64_t r[WAVE_LANES]);

/*
 * Write an integer result row, applying an SDWA destination select:
 * dst_sel (BYTE_0..3, WORD_0/1, DWORD) places the low bits of the result
 * in that field; dst_unused pads the rest with zeros (0), sign-extends
 * the field upwards and zeroes below it (1), or keeps the old bits (2)
 * (gfx9 ISA, SDWA).
 */
void put_int(struct wave *w, const struct insn *in, const uint32_t r[WAVE_LANES]);

/* ------------------------------------------------ modifier checks */
/*
 * VOP3b instructions (carry-out / VCC-writing: add_co & co., div_scale,
 * mad_u64_u32) hold SDST where VOP3a holds ABS.  The table row says so
 * (gen-isa.py), whatever the generation's opcode number.
 */
static inline bool is_vop3b(const struct insn *in)
{
	return in->desc->flags & OP_VOP3B;
}

/* Reject modifiers the model does not apply on integer instructions. */
static inline int int_only(struct wave *w, const struct insn *in)
{
	if (in->enc == ENC_VOP3 && (in->neg || in->omod || in->clamp ||
				    (!is_vop3b(in) && in->abs)))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "abs/neg/omod/clamp on an integer VOP3 is not modelled");
	if (in->sdwa && ((in->sdwa_word >> 8) & 7) != 6 && in->enc != ENC_VOPC)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "SDWA dst_sel other than DWORD is not modelled");
	if (in->dpp && !in->dpp8 && (in->sdwa_word & (0xfu << 20)))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "DPP abs/neg on an integer instruction");
	return 0;
}

static inline int no_sdwa(struct wave *w, const struct insn *in)
{
	if (in->sdwa)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "SDWA on a float instruction is not modelled");
	return 0;
}

/* ---------------------------------------------------- f32 and f64 */
/*
 * Source @i's abs and neg modifiers as masks of its sign bit (bit 31 of
 * an f32, of an f64's high word): VOP3's, whose abs bits are SDST in
 * VOP3b; else DPP's for src0 and src1; else, if @sdwa, SDWA's.  The one
 * place source modifiers are decoded: fsrc, fsrc_lanes, dsrc, hsrc,
 * v_cndmask and v_cmp_class use it.
 */
static inline void src_mods(const struct insn *in, unsigned i, bool sdwa, uint32_t *andm,
			    uint32_t *xorm)
{
	bool abs = false, neg = false;

	if (in->enc == ENC_VOP3) {
		abs = (in->abs >> i) & 1 && !is_vop3b(in);
		neg = (in->neg >> i) & 1;
	} else if (sdwa && in->sdwa && i < 2) {
		abs = (in->sdwa_word >> (i ? 29 : 21)) & 1;
		neg = (in->sdwa_word >> (i ? 28 : 20)) & 1;
	} else if (in->dpp && !in->dpp8 && i < 2) {	/* DPP8's word is all lane selects */
		abs = (in->sdwa_word >> (21 + 2 * i)) & 1;
		neg = (in->sdwa_word >> (20 + 2 * i)) & 1;
	}
	*andm = abs ? 0x7fffffff : ~0u;
	*xorm = neg ? 0x80000000 : 0;
}

/* f32 source of lane @l with VOP3 (or DPP) abs/neg and the input flush. */
static inline float fsrc(struct wave *w, const struct insn *in, unsigned i, unsigned l)
{
	uint32_t b = in->dpp && i == 0 ? dpp_read(w, in, l) : rd_v32(w, in, in->src[i], l);
	uint32_t andm, xorm;

	src_mods(in, i, false, &andm, &xorm);
	return flush_in32(w, f32((b & andm) ^ xorm));
}

/*
 * The clamp bit of a float result: [0, 1], and a NaN becomes 0 when
 * MODE.DX10_CLAMP is set and passes through, bits unchanged, when it is
 * clear (gfx9 ISA, MODE: "when set, clamp NaN to zero, otherwise pass
 * NaN thru").
 */
static inline float clamp01(const struct wave *w, float f)
{
	if (isnan(f))
		return w->dx10_clamp ? 0.0f : f;
	return fminf(fmaxf(f, 0.0f), 1.0f);
}

static inline double clamp01_64(const struct wave *w, double d)
{
	if (isnan(d))
		return w->dx10_clamp ? 0.0 : d;
	return fmin(fmax(d, 0.0), 1.0);
}

/* An f16 NaN is kept as its own bits (no trip through f32). */
static inline uint16_t clamp01_16(const struct wave *w, uint16_t h)
{
	if ((h & 0x7fff) > 0x7c00)
		return w->dx10_clamp ? 0 : h;
	return d2h(clamp01(w, h2f(h)));
}

/*
 * f32 result with VOP3 omod and clamp applied.  A NaN is not multiplied:
 * host arithmetic need not keep its sign and payload (RISC-V returns its
 * canonical NaN), and the model's NaN results are exact bits.
 */
static inline void fdst(struct wave *w, const struct insn *in, unsigned l, float f)
{
	static const float omod[4] = { 1.0f, 2.0f, 4.0f, 0.5f };

	if (in->enc == ENC_VOP3) {
		if (in->omod && !isnan(f))
			f *= omod[in->omod];
		if (in->clamp)
			f = clamp01(w, f);
	}
	w->v[in->dst][l] = bits32(flush_out32(w, f));
}

/* src_mods' masks applied to a 64-bit value (its high word's sign bit). */
static inline uint64_t mods64(uint64_t b, uint32_t andm, uint32_t xorm)
{
	return (b & ((uint64_t)andm << 32 | 0xffffffffu)) ^ (uint64_t)xorm << 32;
}

/* f64 source with VOP3 abs/neg and the input flush. */
static inline double dsrc(struct wave *w, const struct insn *in, unsigned i, unsigned l)
{
	uint32_t andm = ~0u, xorm = 0;

	if (in->enc == ENC_VOP3)
		src_mods(in, i, false, &andm, &xorm);
	return flush_in64(w, f64(mods64(src64(w, in, i, l, true), andm, xorm)));
}

static inline void ddst(struct wave *w, const struct insn *in, unsigned l, double d)
{
	static const double omod[4] = { 1.0, 2.0, 4.0, 0.5 };

	if (in->enc == ENC_VOP3) {
		if (in->omod && !isnan(d))	/* as fdst */
			d *= omod[in->omod];
		if (in->clamp)
			d = clamp01_64(w, d);
	}
	set64(w, in->dst, l, bits64(flush_out64(w, d)));
}

/*
 * f32 rows, as the integer rows: source i of every lane with its VOP3 or
 * DPP abs/neg and the f32 denormal flush applied as bit operations (the
 * same results as fsrc), and a result row with omod, clamp and the flush
 * applied (as fdst) and written to the EXEC lanes.
 */
void fsrc_lanes(struct wave *w, const struct insn *in, unsigned i,
		float out[WAVE_LANES]);

void fdst_lanes(struct wave *w, const struct insn *in, float r[WAVE_LANES]);

/* Conversions: round toward zero, saturate, NaN -> 0 (ISA manual). */
static inline int32_t cvt_i32(double d)
{
	if (isnan(d))
		return 0;
	if (d >= 2147483647.0)
		return INT32_MAX;
	if (d <= -2147483648.0)
		return INT32_MIN;
	return (int32_t)d;
}

static inline uint32_t cvt_u32(double d)
{
	if (isnan(d) || d <= 0.0)
		return 0;
	if (d >= 4294967295.0)
		return UINT32_MAX;
	return (uint32_t)d;
}

/* A conversion or other one-source op, lane by lane, with @n result VGPRs. */
#define CVT(name, n, expr) VOP(name) { \
	if (no_sdwa(w, in) || !vdst_ok(w, in, n)) return -1; \
	FOR_LANES(l) { expr; } return 0; }

/* ldexp: the exponent is a signed 32-bit integer (src1, no modifiers). */
static inline int clamp_exp(uint32_t e)
{
	int32_t x = (int32_t)e;

	return x > 10000 ? 10000 : x < -10000 ? -10000 : x;
}

/* rcp and rsq in double, for the f32 and f64 transcendentals. */
static inline double rcp_d(double x) { return 1.0 / x; }
static inline double rsq_d(double x) { return 1.0 / sqrt(x); }

/* med3 of floats (v_med3_f32, v_med3_f16): the ISA's rule -- any NaN
 * gives min3, otherwise the middle value picked against max3. */
static inline float med3_f(float a, float b, float c)
{
	float mx = max_ieee32(max_ieee32(a, b), c);

	if (isnan(a) || isnan(b) || isnan(c))
		return min_ieee32(min_ieee32(a, b), c);
	if (mx == a)
		return max_ieee32(b, c);
	if (mx == b)
		return max_ieee32(a, c);
	return max_ieee32(a, b);
}

/*
 * sin/cos of @x revolutions, reduced exactly first: t = 2 * frac(x) in
 * [0, 2), n = nearest integer, f = t - n in [-0.5, 0.5]; then
 * sin(pi t) = (-1)^n sin(pi f) and cos(pi t) = (-1)^n sin(pi (0.5 - |f|)),
 * so the quarter points are exact (cos(0.25 rev) = 0, not cos(pi/2)'s
 * 6e-17 in double).
 */
static inline double rev_trig(double x, bool cosine)
{
	double t = 2 * (x - floor(x)), n = nearbyint(t), f = t - n;
	double v = cosine ? sin(M_PI * (0.5 - fabs(f))) : sin(M_PI * f);

	if (v == 0)
		return 0.0;
	return fmod(n, 2) != 0 ? -v : v;
}

/* ------------------------------------------------------------- f16 */
/*
 * f16 VOP1/VOP2/VOPC and their VOP3 forms.  gfx9 writes these results to
 * the low half and zeroes the high half (LLVM
 * GCNSubtarget::zeroesHigh16BitsOfDest); an SDWA destination select
 * places them instead (put_int).  Sources: the low half, or the SDWA
 * selected word; abs/neg from VOP3, SDWA or DPP.  Each result is the
 * exact value rounded once to nearest even (half.h).  VOP3 op_sel and
 * omod on these opcodes are refused: gfx9 gives op_sel only to the
 * VOP3-only f16 instructions (hsrc_op_sel, put_op_sel).
 */
static inline int f16_mods_ok(struct wave *w, const struct insn *in)
{
	if (in->enc == ENC_VOP3 && (in->op_sel || in->omod))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "op_sel/omod on this f16 instruction is not modelled");
	if (in->sdwa && (in->sdwa_word & (7u << 13)) && in->enc != ENC_VOPC)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "SDWA clamp/omod on an f16 instruction is not modelled");
	if (in->sdwa && ((in->sdwa_word >> 11) & 3) == 3)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "reserved SDWA dst_unused 3");
	return 0;
}

static inline float hsrc(struct wave *w, const struct insn *in, unsigned i, unsigned l)
{
	unsigned code = in->src[i];
	/* inline float constants are f16 values here */
	uint32_t v = code >= 240 && code <= 248 && !(in->dpp && i == 0) ? rd_v16f(w, in, code, l)
									: src(w, in, i, l);
	float f = h2f_in(w, (uint16_t)v);
	uint32_t andm, xorm;

	src_mods(in, i, true, &andm, &xorm);
	if (!(andm >> 31))
		f = fabsf(f);
	return xorm ? -f : f;
}

static inline uint16_t hclamp(const struct wave *w, const struct insn *in, uint16_t h)
{
	if (in->enc != ENC_VOP3 || !in->clamp)
		return h;
	return clamp01_16(w, h);
}

static inline bool is_snan16(uint16_t h)
{
	return (h & 0x7e00) == 0x7c00 && (h & 0x1ff);
}

/*
 * The VOP3-only f16 instructions with op_sel (gfx9: v_fma_f16,
 * v_div_fixup_f16 & co.): source @i is the high half of its register
 * when op_sel bit i is set, with VOP3 abs/neg; op_sel bit 3 writes the
 * result to the high half of the destination, and the other half is
 * kept.
 */
static inline float hsrc_op_sel(struct wave *w, const struct insn *in, unsigned i, unsigned l)
{
	uint32_t v = rd_v16f(w, in, in->src[i], l);
	float f = h2f_in(w, (uint16_t)((in->op_sel >> i) & 1 ? v >> 16 : v));

	if ((in->abs >> i) & 1)
		f = fabsf(f);
	return (in->neg >> i) & 1 ? -f : f;
}

static inline void put_op_sel(struct wave *w, const struct insn *in, unsigned l, uint16_t r)
{
	uint32_t *d = &w->v[in->dst][l];

	*d = in->op_sel & 8 ? (*d & 0xffff) | (uint32_t)r << 16 : (*d & 0xffff0000u) | r;
}

#endif
