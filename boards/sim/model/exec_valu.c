// SPDX-License-Identifier: MIT
/*
 * Vector ALU instructions (VOP1, VOP2, VOPC, VOP3, VOP3P, SDWA sources).
 * Per lane under EXEC.  f32/f64 arithmetic is the host's IEEE-754
 * arithmetic, which is bit-exact for add, mul, fma and conversions, in
 * the rounding mode of MODE.FP_ROUND (handlers flagged OP_ROUND_* run
 * with the host mode set, fpmode.c); f16 results round in software.
 * Denormal inputs and results are kept or flushed per MODE.FP_DENORM
 * (fpmode.h: fsrc/fdst, dsrc/ddst, hsrc/d2h_out).  NaN results are quiet; their
 * payload follows the host (x86 propagates the first NaN operand), which
 * AMD documents only as "quiet NaN" — an unverified detail.
 */
#include <fenv.h>
#include <math.h>
#include <string.h>

#include "fpmode.h"
#include "model.h"

#define VOP(name) int x_##name(struct wave *w, const struct insn *in)
#define FOR_LANES(l) for (unsigned l = 0; l < WAVE_LANES; l++) if ((w->exec >> l) & 1)

/* ------------------------------------------------------------ sources */
static uint32_t sdwa_sel(uint32_t v, unsigned sel, bool sext)
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
 * DPP (gfx9 dpp_ctrl): the lane src0 is read from, or -1 if none.
 * quad_perm 0x00-0xff, row_shl 0x101-0x10f, row_shr 0x111-0x11f,
 * row_ror 0x121-0x12f, wave_shl/rol/shr/ror 0x130/0x134/0x138/0x13c,
 * row_mirror 0x140, row_half_mirror 0x141, row_bcast15/31 0x142/0x143.
 */
static int dpp_lane(unsigned ctrl, unsigned l)
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
	switch (ctrl) {
	case 0x130: return l < 63 ? (int)l + 1 : -1;
	case 0x134: return (int)((l + 1) & 63);
	case 0x138: return l > 0 ? (int)l - 1 : -1;
	case 0x13c: return (int)((l - 1) & 63);
	case 0x140: return (int)(row + 15 - r);
	case 0x141: return (int)((l & ~7u) + 7 - (l & 7));
	case 0x142: return l >= 16 ? (int)row - 1 : -1;
	case 0x143: return l >= 32 ? 31 : -1;
	}
	return -2;	/* reserved encoding */
}

static bool dpp_valid(const struct wave *w, int s)
{
	return s >= 0 && ((w->dpp_exec >> s) & 1);
}

/* DPP reads from a disabled or missing lane are "invalid" (GCN3 DPP
 * rules, as LLVM documents bound_ctrl); such lanes keep their old value
 * unless BOUND_CTRL makes the source read 0. */
uint64_t dpp_write_mask(const struct wave *w, const struct insn *in)
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

static uint32_t dpp_read(struct wave *w, const struct insn *in, unsigned l)
{
	int s = dpp_lane((in->sdwa_word >> 8) & 0x1ff, l);

	if (s == -2) {
		wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0, "reserved dpp_ctrl 0x%x",
			   (in->sdwa_word >> 8) & 0x1ff);
		return 0;
	}
	return dpp_valid(w, s) ? w->dpp_src[s] : 0;
}

/* Integer source @i of lane @l (with SDWA selection or DPP when present). */
static uint32_t src(struct wave *w, const struct insn *in, unsigned i, unsigned l)
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

static uint64_t src64(struct wave *w, const struct insn *in, unsigned i, unsigned l, bool f)
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
static const uint32_t *src_lanes(struct wave *w, const struct insn *in, unsigned i,
				 uint32_t tmp[WAVE_LANES])
{
	unsigned code = in->src[i];

	if (!(in->dpp && i == 0) && !(in->sdwa && i < 2)) {
		if (code >= 256 && code - 256 < w->nvgprs)
			return w->v[code - 256];
		if (code < 256) {
			uint32_t v = rd_s32(w, in, code);

			for (unsigned l = 0; l < WAVE_LANES; l++)
				tmp[l] = v;
			return tmp;
		}
	}
	memset(tmp, 0, WAVE_LANES * sizeof(*tmp));
	FOR_LANES(l)
		tmp[l] = src(w, in, i, l);
	return tmp;
}

/* Write @r to VGPR @reg in the EXEC lanes (the caller checked @reg). */
static void put_lanes(struct wave *w, unsigned reg, const uint32_t r[WAVE_LANES])
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
static void src64_lanes(struct wave *w, const struct insn *in, unsigned i,
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

/* Write @r to the VGPR pair at @reg in the EXEC lanes. */
static void put64_lanes(struct wave *w, unsigned reg, const uint64_t r[WAVE_LANES])
{
	uint32_t *lo = w->v[reg], *hi = w->v[reg + 1];
	uint64_t exec = w->exec;

	for (unsigned l = 0; l < WAVE_LANES; l++) {
		bool on = (exec >> l) & 1;

		lo[l] = on ? (uint32_t)r[l] : lo[l];
		hi[l] = on ? (uint32_t)(r[l] >> 32) : hi[l];
	}
}

/*
 * Write an integer result row, applying an SDWA destination select:
 * dst_sel (BYTE_0..3, WORD_0/1, DWORD) places the low bits of the result
 * in that field; dst_unused pads the rest with zeros (0), sign-extends
 * the field upwards and zeroes below it (1), or keeps the old bits (2)
 * (gfx9 ISA, SDWA).
 */
static void put_int(struct wave *w, const struct insn *in, const uint32_t r[WAVE_LANES])
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

/*
 * VOP3b instructions (carry-out / VCC-writing: add_co & co., div_scale,
 * mad_u64_u32) hold SDST where VOP3a holds ABS.  gfx9 opcode numbers.
 */
static bool is_vop3b(const struct insn *in)
{
	unsigned k = in->desc->key;

	return (k >= 0x119 && k <= 0x11e) || k == 0x1e0 || k == 0x1e1 || k == 0x1e8 || k == 0x1e9;
}

/* Reject modifiers the model does not apply on integer instructions. */
static int int_only(struct wave *w, const struct insn *in)
{
	if (in->enc == ENC_VOP3 && (in->neg || in->omod || in->clamp ||
				    (!is_vop3b(in) && in->abs)))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "abs/neg/omod/clamp on an integer VOP3 is not modelled");
	if (in->sdwa && ((in->sdwa_word >> 8) & 7) != 6 && in->enc != ENC_VOPC)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "SDWA dst_sel other than DWORD is not modelled");
	if (in->dpp && (in->sdwa_word & (0xfu << 20)))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "DPP abs/neg on an integer instruction");
	return 0;
}

/*
 * int_only for the row-based integer ops, which also apply an SDWA
 * destination select (put_int).  SDWA neg/abs/clamp/omod on an integer
 * op have no documented integer meaning: refused.
 */
static int int_sdwa_check(struct wave *w, const struct insn *in, bool clamp_ok)
{
	if (in->sdwa && (in->sdwa_word & (3u << 20 | 3u << 28 | 7u << 13)) && in->enc != ENC_VOPC)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "SDWA neg/abs/clamp/omod on an integer instruction");
	if (in->sdwa && ((in->sdwa_word >> 11) & 3) == 3)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "reserved SDWA dst_unused 3");
	if (in->enc == ENC_VOP3 && (in->neg || in->omod || (in->clamp && !clamp_ok) || in->abs ||
				    in->op_sel))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "abs/neg/omod/clamp/op_sel on an integer VOP3 is not modelled");
	if (in->dpp && (in->sdwa_word & (0xfu << 20)))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "DPP abs/neg on an integer instruction");
	return 0;
}

static int int_sdwa_ok(struct wave *w, const struct insn *in)
{
	return int_sdwa_check(w, in, false);
}

static bool vdst_ok(struct wave *w, const struct insn *in, unsigned n)
{
	if (vgpr_ok(w, in->dst, n))
		return true;
	wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
		   "destination v%u beyond the kernel's %u VGPRs", in->dst, w->nvgprs);
	return false;
}

static void set64(struct wave *w, unsigned reg, unsigned l, uint64_t v)
{
	w->v[reg][l] = (uint32_t)v;
	w->v[reg + 1][l] = (uint32_t)(v >> 32);
}

/* -------------------------------------------------------------- floats */
static float f32(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
static uint32_t bits32(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
static double f64(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }
static uint64_t bits64(double d) { uint64_t b; memcpy(&b, &d, 8); return b; }

/* f32 source with VOP3 (or DPP) abs/neg applied. */
static float fsrc(struct wave *w, const struct insn *in, unsigned i, unsigned l)
{
	float f = f32(in->dpp && i == 0 ? dpp_read(w, in, l) : rd_v32(w, in, in->src[i], l));

	if (in->enc == ENC_VOP3) {
		if ((in->abs >> i) & 1 && !is_vop3b(in))	/* VOP3b: the bits are SDST */
			f = fabsf(f);
		if ((in->neg >> i) & 1)
			f = -f;
	} else if (in->dpp && i < 2) {
		if ((in->sdwa_word >> (21 + 2 * i)) & 1)
			f = fabsf(f);
		if ((in->sdwa_word >> (20 + 2 * i)) & 1)
			f = -f;
	}
	return flush_in32(w, f);
}

/*
 * f32 result with VOP3 omod and clamp applied.  A NaN is not multiplied:
 * host arithmetic need not keep its sign and payload (RISC-V returns its
 * canonical NaN), and the model's NaN results are exact bits.
 */
static void fdst(struct wave *w, const struct insn *in, unsigned l, float f)
{
	static const float omod[4] = { 1.0f, 2.0f, 4.0f, 0.5f };

	if (in->enc == ENC_VOP3) {
		if (in->omod && !isnan(f))
			f *= omod[in->omod];
		if (in->clamp)
			f = isnan(f) ? 0.0f : fminf(fmaxf(f, 0.0f), 1.0f);
	}
	w->v[in->dst][l] = bits32(flush_out32(w, f));
}

static double dsrc(struct wave *w, const struct insn *in, unsigned i, unsigned l)
{
	double d = f64(src64(w, in, i, l, true));

	if (in->enc == ENC_VOP3) {
		if ((in->abs >> i) & 1 && !is_vop3b(in))	/* VOP3b: the bits are SDST */
			d = fabs(d);
		if ((in->neg >> i) & 1)
			d = -d;
	}
	return flush_in64(w, d);
}

static void ddst(struct wave *w, const struct insn *in, unsigned l, double d)
{
	static const double omod[4] = { 1.0, 2.0, 4.0, 0.5 };

	if (in->enc == ENC_VOP3) {
		if (in->omod && !isnan(d))	/* as fdst */
			d *= omod[in->omod];
		if (in->clamp)
			d = isnan(d) ? 0.0 : fmin(fmax(d, 0.0), 1.0);
	}
	set64(w, in->dst, l, bits64(flush_out64(w, d)));
}

static int no_sdwa(struct wave *w, const struct insn *in)
{
	if (in->sdwa)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "SDWA on a float instruction is not modelled");
	return 0;
}

/*
 * f32 rows, as the integer rows: source i of every lane with its VOP3 or
 * DPP abs/neg and the f32 denormal flush applied as bit operations (the
 * same results as fsrc), and a result row with omod, clamp and the flush
 * applied (as fdst) and written to the EXEC lanes.
 */
static void fsrc_lanes(struct wave *w, const struct insn *in, unsigned i,
		       float out[WAVE_LANES])
{
	uint32_t t[WAVE_LANES], andm = ~0u, xorm = 0;
	const uint32_t *s = src_lanes(w, in, i, t);

	if (in->enc == ENC_VOP3) {
		if ((in->abs >> i) & 1 && !is_vop3b(in))
			andm = 0x7fffffff;
		if ((in->neg >> i) & 1)
			xorm = 0x80000000;
	} else if (in->dpp && i < 2) {
		if ((in->sdwa_word >> (21 + 2 * i)) & 1)
			andm = 0x7fffffff;
		if ((in->sdwa_word >> (20 + 2 * i)) & 1)
			xorm = 0x80000000;
	}
	uint32_t keep = w->keep_in32;

	for (unsigned l = 0; l < WAVE_LANES; l++) {
		uint32_t b = (s[l] & andm) ^ xorm;

		/* a denormal (exponent 0) flushes to a signed zero */
		b = (b & 0x7f800000) || keep ? b : b & 0x80000000;
		memcpy(&out[l], &b, 4);
	}
}

static void fdst_lanes(struct wave *w, const struct insn *in, float r[WAVE_LANES])
{
	static const float omod[4] = { 1.0f, 2.0f, 4.0f, 0.5f };
	uint32_t bits[WAVE_LANES], keep = w->keep_out32;

	if (in->enc == ENC_VOP3 && (in->omod || in->clamp)) {
		for (unsigned l = 0; l < WAVE_LANES; l++) {
			float f = isnan(r[l]) ? r[l] : r[l] * omod[in->omod];	/* as fdst */

			r[l] = in->clamp ? (isnan(f) ? 0.0f : fminf(fmaxf(f, 0.0f), 1.0f)) : f;
		}
	}
	for (unsigned l = 0; l < WAVE_LANES; l++) {
		uint32_t b;

		memcpy(&b, &r[l], 4);
		bits[l] = (b & 0x7f800000) || keep ? b : b & 0x80000000;
	}
	put_lanes(w, in->dst, bits);
}

#define FLOAT2(name, expr) VOP(name) { \
	float A[WAVE_LANES], B[WAVE_LANES], R[WAVE_LANES]; \
	if (no_sdwa(w, in) || !vdst_ok(w, in, 1)) return -1; \
	fsrc_lanes(w, in, 0, A); fsrc_lanes(w, in, 1, B); \
	for (unsigned l = 0; l < WAVE_LANES; l++) { float a = A[l], b = B[l]; R[l] = (expr); } \
	if (w->sim->fault_pending) return -1; \
	fdst_lanes(w, in, R); return 0; }
FLOAT2(v_add_f32, a + b)
FLOAT2(v_sub_f32, a - b)
FLOAT2(v_subrev_f32, b - a)
FLOAT2(v_mul_f32, a * b)
/*
 * min/max (IEEE mode, fpmode.h).  The manual: their output denormal mode
 * is irrelevant -- with input denormals flushed no denormal can come
 * out, with them kept the result is written as is.
 */
#define FLOAT2_MINMAX(name, expr) VOP(name) { \
	float A[WAVE_LANES], B[WAVE_LANES], R[WAVE_LANES]; \
	uint32_t keep = w->keep_out32; \
	if (no_sdwa(w, in) || !vdst_ok(w, in, 1)) return -1; \
	fsrc_lanes(w, in, 0, A); fsrc_lanes(w, in, 1, B); \
	for (unsigned l = 0; l < WAVE_LANES; l++) { float a = A[l], b = B[l]; R[l] = (expr); } \
	if (w->sim->fault_pending) return -1; \
	w->keep_out32 = ~0u; fdst_lanes(w, in, R); w->keep_out32 = keep; return 0; }
FLOAT2_MINMAX(v_min_f32, min_ieee32(a, b))
FLOAT2_MINMAX(v_max_f32, max_ieee32(a, b))

VOP(v_fmac_f32)
{
	if (no_sdwa(w, in) || !vdst_ok(w, in, 1))
		return -1;
	float A[WAVE_LANES], B[WAVE_LANES], R[WAVE_LANES];

	fsrc_lanes(w, in, 0, A);
	fsrc_lanes(w, in, 1, B);
	for (unsigned l = 0; l < WAVE_LANES; l++)
		R[l] = fmaf(A[l], B[l], flush_in32(w, f32(w->v[in->dst][l])));
	if (w->sim->fault_pending)
		return -1;
	fdst_lanes(w, in, R);
	return 0;
}

VOP(v_fma_f32)
{
	if (!vdst_ok(w, in, 1))
		return -1;
	float A[WAVE_LANES], B[WAVE_LANES], C[WAVE_LANES], R[WAVE_LANES];

	fsrc_lanes(w, in, 0, A);
	fsrc_lanes(w, in, 1, B);
	fsrc_lanes(w, in, 2, C);
	for (unsigned l = 0; l < WAVE_LANES; l++)
		R[l] = fmaf(A[l], B[l], C[l]);
	if (w->sim->fault_pending)
		return -1;
	fdst_lanes(w, in, R);
	return 0;
}

VOP(v_fma_f64)
{
	if (!vdst_ok(w, in, 2))
		return -1;
	FOR_LANES(l)
		ddst(w, in, l, fma(dsrc(w, in, 0, l), dsrc(w, in, 1, l), dsrc(w, in, 2, l)));
	return 0;
}
#define FLOAT64_2(name, expr) VOP(name) { \
	if (!vdst_ok(w, in, 2)) return -1; \
	FOR_LANES(l) { double a = dsrc(w, in, 0, l), b = dsrc(w, in, 1, l); ddst(w, in, l, (expr)); } \
	return 0; }
FLOAT64_2(v_add_f64, a + b)
FLOAT64_2(v_mul_f64, a * b)

/* Conversions: round toward zero, saturate, NaN -> 0 (ISA manual). */
static int32_t cvt_i32(double d)
{
	if (isnan(d))
		return 0;
	if (d >= 2147483647.0)
		return INT32_MAX;
	if (d <= -2147483648.0)
		return INT32_MIN;
	return (int32_t)d;
}

static uint32_t cvt_u32(double d)
{
	if (isnan(d) || d <= 0.0)
		return 0;
	if (d >= 4294967295.0)
		return UINT32_MAX;
	return (uint32_t)d;
}

#define CVT(name, n, expr) VOP(name) { \
	if (no_sdwa(w, in) || !vdst_ok(w, in, n)) return -1; \
	FOR_LANES(l) { expr; } return 0; }
/*
 * Integer to f32 with an SDWA source select: LLVM converts a char or
 * short by selecting (and sign-extending) its byte or word, e.g.
 * v_cvt_f32_i32_sdwa v0, sext(v1) src0_sel:BYTE_0.  Only that is
 * modelled: a DWORD destination, no clamp/omod, no float neg/abs on
 * the integer source.
 */
static int int_src_sdwa_ok(struct wave *w, const struct insn *in)
{
	if (in->sdwa && (((in->sdwa_word >> 8) & 7) != 6 || (in->sdwa_word & (7u << 13 | 3u << 20))))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "SDWA on an int-to-float conversion: only a source select is modelled");
	return 0;
}
#define CVT_FROM_INT(name, expr) VOP(name) { \
	if (int_src_sdwa_ok(w, in) || !vdst_ok(w, in, 1)) return -1; \
	FOR_LANES(l) { expr; } return 0; }
CVT_FROM_INT(v_cvt_f32_i32, fdst(w, in, l, (float)(int32_t)src(w, in, 0, l)))
CVT_FROM_INT(v_cvt_f32_u32, fdst(w, in, l, (float)src(w, in, 0, l)))
CVT(v_cvt_i32_f32, 1, w->v[in->dst][l] = (uint32_t)cvt_i32(fsrc(w, in, 0, l)))
CVT(v_cvt_u32_f32, 1, w->v[in->dst][l] = cvt_u32(fsrc(w, in, 0, l)))
CVT(v_cvt_i32_f64, 1, w->v[in->dst][l] = (uint32_t)cvt_i32(dsrc(w, in, 0, l)))
CVT(v_cvt_f64_i32, 2, ddst(w, in, l, (double)(int32_t)src(w, in, 0, l)))
CVT(v_cvt_f32_f64, 1, fdst(w, in, l, (float)dsrc(w, in, 0, l)))
CVT(v_cvt_f64_f32, 2, ddst(w, in, l, (double)fsrc(w, in, 0, l)))

/* ------------------------------------------------------------ integers */
/*
 * Integer ops run on whole rows of 64 lanes: sources come as lane
 * arrays (lanes.h), the result is computed for every lane into a local
 * row the host compiler can vectorise, and only EXEC lanes are written
 * back.  The expressions are total (no traps or UB on any input), so
 * computing inactive lanes is harmless.
 */
#define INT1(name, expr) VOP(name) { \
	uint32_t ta[WAVE_LANES], r[WAVE_LANES]; \
	if (int_sdwa_ok(w, in) || !vdst_ok(w, in, 1)) return -1; \
	const uint32_t *A = src_lanes(w, in, 0, ta); \
	for (unsigned l = 0; l < WAVE_LANES; l++) { uint32_t a = A[l]; r[l] = (expr); } \
	if (w->sim->fault_pending) return -1; \
	put_int(w, in, r); return 0; }
#define INT2(name, expr) VOP(name) { \
	uint32_t ta[WAVE_LANES], tb[WAVE_LANES], r[WAVE_LANES]; \
	if (int_sdwa_ok(w, in) || !vdst_ok(w, in, 1)) return -1; \
	const uint32_t *A = src_lanes(w, in, 0, ta), *B = src_lanes(w, in, 1, tb); \
	for (unsigned l = 0; l < WAVE_LANES; l++) { uint32_t a = A[l], b = B[l]; r[l] = (expr); } \
	if (w->sim->fault_pending) return -1; \
	put_int(w, in, r); return 0; }
#define INT3(name, expr) VOP(name) { \
	uint32_t ta[WAVE_LANES], tb[WAVE_LANES], tc[WAVE_LANES], r[WAVE_LANES]; \
	if (int_sdwa_ok(w, in) || !vdst_ok(w, in, 1)) return -1; \
	const uint32_t *A = src_lanes(w, in, 0, ta), *B = src_lanes(w, in, 1, tb); \
	const uint32_t *C = src_lanes(w, in, 2, tc); \
	for (unsigned l = 0; l < WAVE_LANES; l++) { \
		uint32_t a = A[l], b = B[l], c = C[l]; r[l] = (expr); } \
	if (w->sim->fault_pending) return -1; \
	put_int(w, in, r); return 0; }

/*
 * 32-bit unsigned add and subtract, whose VOP3 clamp bit saturates the
 * result to 0..0xffffffff (gfx9 integer clamp; LLVM selects it for
 * uadd.sat and usub.sat).  @expr is evaluated in int64_t.
 */
#define INT2_SAT(name, expr) VOP(name) { \
	uint32_t ta[WAVE_LANES], tb[WAVE_LANES], r[WAVE_LANES]; \
	if (int_sdwa_check(w, in, true) || !vdst_ok(w, in, 1)) return -1; \
	const uint32_t *A = src_lanes(w, in, 0, ta), *B = src_lanes(w, in, 1, tb); \
	bool sat = in->enc == ENC_VOP3 && in->clamp; \
	for (unsigned l = 0; l < WAVE_LANES; l++) { \
		int64_t a = A[l], b = B[l], v = (expr); \
		r[l] = !sat ? (uint32_t)v : v < 0 ? 0 : v > UINT32_MAX ? UINT32_MAX : (uint32_t)v; } \
	if (w->sim->fault_pending) return -1; \
	put_int(w, in, r); return 0; }

INT1(v_mov_b32, a)
INT1(v_not_b32, ~a)
INT1(v_bfrev_b32, bitrev32(a))
INT2_SAT(v_add_u32, a + b)
INT2_SAT(v_sub_u32, a - b)
INT2_SAT(v_subrev_u32, b - a)
INT2(v_mul_u32_u24, (a & 0xffffff) * (b & 0xffffff))
INT2(v_mul_i32_i24, (uint32_t)((int64_t)((int32_t)(a << 8) >> 8) * ((int32_t)(b << 8) >> 8)))
INT2(v_min_i32, (int32_t)a < (int32_t)b ? a : b)
INT2(v_max_i32, (int32_t)a > (int32_t)b ? a : b)
INT2(v_min_u32, a < b ? a : b)
INT2(v_max_u32, a > b ? a : b)
INT2(v_lshrrev_b32, b >> (a & 31))
INT2(v_ashrrev_i32, (uint32_t)((int32_t)b >> (a & 31)))
INT2(v_lshlrev_b32, b << (a & 31))
INT2(v_and_b32, a & b)
INT2(v_or_b32, a | b)
INT2(v_xor_b32, a ^ b)
INT2(v_mul_lo_u32, a * b)
INT2(v_mul_hi_u32, (uint32_t)(((uint64_t)a * b) >> 32))
INT3(v_mad_u32_u24, (a & 0xffffff) * (b & 0xffffff) + c)
INT3(v_bfe_u32, (c & 31) ? (a >> (b & 31)) & ((1u << (c & 31)) - 1) : 0)
INT3(v_bfe_i32, (c & 31) ? (uint32_t)((int32_t)((a >> (b & 31)) << (32 - (c & 31))) >> (32 - (c & 31))) : 0)
INT3(v_bfi_b32, (a & b) | (~a & c))
INT2(v_bfm_b32, ((1u << (a & 31)) - 1) << (b & 31))
INT3(v_alignbit_b32, (uint32_t)((((uint64_t)a << 32) | b) >> (c & 31)))
/* |S0 - S1| + S2, an unsigned difference (LLVM selects it for umax - umin). */
INT3(v_sad_u32, (a > b ? a - b : b - a) + c)
INT3(v_lshl_add_u32, (a << (b & 31)) + c)
INT3(v_add_lshl_u32, (a + b) << (c & 31))
INT3(v_add3_u32, a + b + c)
INT3(v_xad_u32, (a ^ b) + c)
INT3(v_lshl_or_b32, (a << (b & 31)) | c)
INT3(v_and_or_b32, (a & b) | c)
INT3(v_or3_b32, a | b | c)

/*
 * v_cndmask: VOP2 selects on VCC, VOP3 on the SGPR pair in src2.  VOP3
 * abs/neg on src0/src1 act on the sign bit (the compiler uses them to
 * select |x| or -x without a separate instruction).
 */
VOP(v_cndmask_b32)
{
	uint32_t ta[WAVE_LANES], tb[WAVE_LANES], r[WAVE_LANES];

	if (!vdst_ok(w, in, 1))
		return -1;
	if ((in->enc == ENC_VOP3 && (in->omod || in->clamp || (in->neg & 4))) ||
	    (in->sdwa && ((in->sdwa_word >> 8) & 7) != 6))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "v_cndmask modifier not modelled");
	uint64_t mask = rd_s64(w, in, in->src[2]);
	const uint32_t *A = src_lanes(w, in, 0, ta), *B = src_lanes(w, in, 1, tb);
	uint32_t and0 = ~0u, xor0 = 0, and1 = ~0u, xor1 = 0;

	if (in->enc == ENC_VOP3) {
		and0 = in->abs & 1 ? 0x7fffffff : ~0u;
		xor0 = in->neg & 1 ? 0x80000000 : 0;
		and1 = in->abs & 2 ? 0x7fffffff : ~0u;
		xor1 = in->neg & 2 ? 0x80000000 : 0;
	}
	for (unsigned l = 0; l < WAVE_LANES; l++)
		r[l] = (mask >> l) & 1 ? (B[l] & and1) ^ xor1 : (A[l] & and0) ^ xor0;
	if (w->sim->fault_pending)
		return -1;
	put_lanes(w, in->dst, r);
	return 0;
}

/*
 * Carry-out goes to VCC (VOP2) or the VOP3b SDST; carry-in likewise.
 * Whole lane rows, as the INT macros do.
 */
#define CARRY_OP(expr) do { \
	for (unsigned l = 0; l < WAVE_LANES; l++) { \
		uint64_t a = A[l], b = B[l], c = (cin >> l) & 1, r = (expr); (void)c; \
		res[l] = (uint32_t)r; \
		cout |= (r >> 32 & 1) << l; \
	} } while (0)

static int carry_op(struct wave *w, const struct insn *in, int kind)
{
	uint32_t ta[WAVE_LANES], tb[WAVE_LANES], res[WAVE_LANES];

	if (int_only(w, in) || !vdst_ok(w, in, 1))
		return -1;
	uint64_t cin = kind >= 3 ? rd_s64(w, in, in->src[2]) : 0, cout = 0;
	const uint32_t *A = src_lanes(w, in, 0, ta), *B = src_lanes(w, in, 1, tb);

	switch (kind) {
	case 0: CARRY_OP(a + b); break;			/* add_co */
	case 1: CARRY_OP(a - b); break;			/* sub_co */
	case 2: CARRY_OP(b - a); break;			/* subrev_co */
	case 3: CARRY_OP(a + b + c); break;		/* addc */
	case 4: CARRY_OP(a - b - c); break;		/* subb */
	default: CARRY_OP(b - a - c); break;		/* subbrev */
	}
	if (w->sim->fault_pending)
		return -1;
	put_lanes(w, in->dst, res);
	wr_s64(w, in->sdst, cout & w->exec);
	return 0;
}
VOP(v_add_co_u32) { return carry_op(w, in, 0); }
VOP(v_sub_co_u32) { return carry_op(w, in, 1); }
VOP(v_subrev_co_u32) { return carry_op(w, in, 2); }
VOP(v_addc_co_u32) { return carry_op(w, in, 3); }
VOP(v_subb_co_u32) { return carry_op(w, in, 4); }
VOP(v_subbrev_co_u32) { return carry_op(w, in, 5); }

VOP(v_mad_u64_u32)
{
	if (int_only(w, in) || !vdst_ok(w, in, 2))
		return -1;
	uint64_t cout = 0;

	FOR_LANES(l) {
		unsigned __int128 r = (unsigned __int128)((uint64_t)src(w, in, 0, l) *
							  src(w, in, 1, l)) +
				      src64(w, in, 2, l, false);

		set64(w, in->dst, l, (uint64_t)r);
		if (r >> 64)
			cout |= 1ull << l;
	}
	wr_s64(w, in->sdst, cout);
	return 0;
}

#define SHIFT64(name, expr) VOP(name) { \
	uint32_t ta[WAVE_LANES]; uint64_t V[WAVE_LANES], r[WAVE_LANES]; \
	if (int_only(w, in) || !vdst_ok(w, in, 2)) return -1; \
	const uint32_t *S = src_lanes(w, in, 0, ta); src64_lanes(w, in, 1, V); \
	for (unsigned l = 0; l < WAVE_LANES; l++) { unsigned s = S[l] & 63; uint64_t v = V[l]; \
		r[l] = (expr); } \
	if (w->sim->fault_pending) return -1; \
	put64_lanes(w, in->dst, r); return 0; }
SHIFT64(v_lshlrev_b64, v << s)
SHIFT64(v_lshrrev_b64, v >> s)
SHIFT64(v_ashrrev_i64, (uint64_t)((int64_t)v >> s))

/* gfx940: D = (S0 << S1) + S2, 64-bit.  LLVM limits the shift to 0..4;
 * the model takes S1[2:0] (the field width is unverified beyond that). */
VOP(v_lshl_add_u64)
{
	if (int_only(w, in) || !vdst_ok(w, in, 2))
		return -1;
	FOR_LANES(l) {
		unsigned s = src(w, in, 1, l);

		if (s > 4)
			return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
					  "v_lshl_add_u64 shift %u > 4 is not modelled", s);
		set64(w, in->dst, l, (src64(w, in, 0, l, false) << s) + src64(w, in, 2, l, false));
	}
	return 0;
}

VOP(v_mov_b64)
{
	if (int_only(w, in) || !vdst_ok(w, in, 2))
		return -1;
	FOR_LANES(l)
		set64(w, in->dst, l, src64(w, in, 0, l, false));
	return 0;
}

/* gfx90a VOP3P: D.lo = S0[op_sel[0]], D.hi = S1[op_sel[1]] (64-bit sources). */
VOP(v_pk_mov_b32)
{
	if (!vdst_ok(w, in, 2))
		return -1;
	if (in->neg || in->clamp)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "v_pk_mov_b32 with neg/clamp is not modelled");
	FOR_LANES(l) {
		uint64_t a = src64(w, in, 0, l, false), b = src64(w, in, 1, l, false);
		uint32_t lo = (uint32_t)(in->op_sel & 1 ? a >> 32 : a);
		uint32_t hi = (uint32_t)(in->op_sel & 2 ? b >> 32 : b);

		w->v[in->dst][l] = lo;
		w->v[in->dst + 1][l] = hi;
	}
	return 0;
}

/*
 * 16-bit integer ops (VOP1/VOP2): gfx9 writes the result zero-extended,
 * i.e. the high half of the destination becomes 0 (LLVM
 * GCNSubtarget::zeroesHigh16BitsOfDest: only the VOP3 op_sel forms such
 * as v_mad_u16/v_fma_f16 preserve it).  Shift counts use S0[3:0].
 */
INT2(v_lshlrev_b16, (uint32_t)(uint16_t)(b << (a & 15)))
INT2(v_lshrrev_b16, (uint32_t)((b & 0xffff) >> (a & 15)))
INT2(v_ashrrev_i16, (uint32_t)(uint16_t)((int32_t)(int16_t)b >> (a & 15)))
INT2(v_add_u16, (uint32_t)(uint16_t)(a + b))
INT2(v_sub_u16, (uint32_t)(uint16_t)(a - b))
INT2(v_subrev_u16, (uint32_t)(uint16_t)(b - a))
INT2(v_mul_lo_u16, (uint32_t)(uint16_t)((a & 0xffff) * (b & 0xffff)))
INT2(v_max_u16, (a & 0xffff) > (b & 0xffff) ? a & 0xffff : b & 0xffff)
INT2(v_min_u16, (a & 0xffff) < (b & 0xffff) ? a & 0xffff : b & 0xffff)
INT2(v_max_i16, (uint32_t)(uint16_t)((int16_t)a > (int16_t)b ? a : b))
INT2(v_min_i16, (uint32_t)(uint16_t)((int16_t)a < (int16_t)b ? a : b))

/*
 * v_perm_b32: each result byte is picked from the eight bytes of
 * {S0, S1} (S1 is bytes 0-3) by the matching selector byte of S2;
 * selectors 8-11 give the sign of bytes 1, 3, 5, 7 replicated, 12 gives
 * 0x00 and 13 and above 0xff (gfx9 ISA, V_PERM_B32).
 */
static uint32_t perm_byte(uint64_t data, unsigned sel)
{
	if (sel < 8)
		return (uint32_t)(data >> (8 * sel)) & 0xff;
	if (sel < 12)
		return (data >> (16 * (sel - 8) + 15)) & 1 ? 0xff : 0;
	return sel == 12 ? 0 : 0xff;
}

INT3(v_perm_b32, perm_byte((uint64_t)a << 32 | b, c & 0xff) |
		 perm_byte((uint64_t)a << 32 | b, (c >> 8) & 0xff) << 8 |
		 perm_byte((uint64_t)a << 32 | b, (c >> 16) & 0xff) << 16 |
		 perm_byte((uint64_t)a << 32 | b, c >> 24) << 24)

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

/* ----------------------------------------------------------- compares */
/* VOPC writes all 64 bits: inactive lanes read 0.  e32 -> VCC/SDWA sdst,
 * e64 -> the SGPR pair in the VOP3 vdst field. */
static void cmp_result(struct wave *w, const struct insn *in, uint64_t mask)
{
	wr_s64(w, in->enc == ENC_VOP3 ? in->dst : in->sdst, mask);
}

#define CMP(name, type, expr) VOP(name) { \
	uint32_t ta[WAVE_LANES], tb[WAVE_LANES]; uint64_t m = 0; \
	if (int_only(w, in)) return -1; \
	const uint32_t *A = src_lanes(w, in, 0, ta), *B = src_lanes(w, in, 1, tb); \
	for (unsigned l = 0; l < WAVE_LANES; l++) { type a = (type)A[l], b = (type)B[l]; \
		m |= (uint64_t)(expr) << l; } \
	if (w->sim->fault_pending) return -1; \
	cmp_result(w, in, m & w->exec); return 0; }
CMP(v_cmp_eq_u32, uint32_t, a == b)
CMP(v_cmp_ne_u32, uint32_t, a != b)
CMP(v_cmp_lt_u32, uint32_t, a < b)
CMP(v_cmp_le_u32, uint32_t, a <= b)
CMP(v_cmp_gt_u32, uint32_t, a > b)
CMP(v_cmp_ge_u32, uint32_t, a >= b)
CMP(v_cmp_eq_i32, int32_t, a == b)
CMP(v_cmp_ne_i32, int32_t, a != b)
CMP(v_cmp_lt_i32, int32_t, a < b)
CMP(v_cmp_le_i32, int32_t, a <= b)
CMP(v_cmp_gt_i32, int32_t, a > b)
CMP(v_cmp_ge_i32, int32_t, a >= b)
CMP(v_cmp_eq_u16, uint16_t, a == b)
CMP(v_cmp_ne_u16, uint16_t, a != b)
CMP(v_cmp_lt_u16, uint16_t, a < b)
CMP(v_cmp_le_u16, uint16_t, a <= b)
CMP(v_cmp_gt_u16, uint16_t, a > b)
CMP(v_cmp_ge_u16, uint16_t, a >= b)
CMP(v_cmp_eq_i16, int16_t, a == b)
CMP(v_cmp_ne_i16, int16_t, a != b)
CMP(v_cmp_lt_i16, int16_t, a < b)
CMP(v_cmp_le_i16, int16_t, a <= b)
CMP(v_cmp_gt_i16, int16_t, a > b)
CMP(v_cmp_ge_i16, int16_t, a >= b)

#define CMP64(name, expr) VOP(name) { \
	uint64_t A[WAVE_LANES], B[WAVE_LANES], m = 0; \
	if (int_only(w, in)) return -1; \
	src64_lanes(w, in, 0, A); src64_lanes(w, in, 1, B); \
	for (unsigned l = 0; l < WAVE_LANES; l++) { uint64_t a = A[l], b = B[l]; \
		m |= (uint64_t)(expr) << l; } \
	if (w->sim->fault_pending) return -1; \
	cmp_result(w, in, m & w->exec); return 0; }
CMP64(v_cmp_eq_u64, a == b)
CMP64(v_cmp_ne_u64, a != b)
CMP64(v_cmp_lt_u64, a < b)
CMP64(v_cmp_gt_u64, a > b)

/* Ordered compares are false on NaN; "neq" is the unordered not-equal. */
#define FCMP(name, expr) VOP(name) { \
	float A[WAVE_LANES], B[WAVE_LANES]; uint64_t m = 0; \
	if (no_sdwa(w, in)) return -1; \
	fsrc_lanes(w, in, 0, A); fsrc_lanes(w, in, 1, B); \
	for (unsigned l = 0; l < WAVE_LANES; l++) { float a = A[l], b = B[l]; \
		m |= (uint64_t)(expr) << l; } \
	if (w->sim->fault_pending) return -1; \
	cmp_result(w, in, m & w->exec); return 0; }
FCMP(v_cmp_lt_f32, a < b)
FCMP(v_cmp_gt_f32, a > b)
FCMP(v_cmp_eq_f32, a == b)
FCMP(v_cmp_neq_f32, !(a == b))

/*
 * gfx9 v_cmpx_*: the compare result goes to VCC (or SDST) as for v_cmp,
 * and also to EXEC (GFX10 dropped the VCC write; gfx9 keeps both).
 * Lanes that were inactive read 0, so EXEC only ever shrinks.
 */
#define CMPX(name, base) VOP(name) { \
	if (x_##base(w, in)) return -1; \
	w->exec = rd_s64(w, in, in->enc == ENC_VOP3 ? in->dst : in->sdst); return 0; }
CMPX(v_cmpx_eq_u32, v_cmp_eq_u32)
CMPX(v_cmpx_ne_u32, v_cmp_ne_u32)
CMPX(v_cmpx_lt_u32, v_cmp_lt_u32)
CMPX(v_cmpx_le_u32, v_cmp_le_u32)
CMPX(v_cmpx_gt_u32, v_cmp_gt_u32)
CMPX(v_cmpx_ge_u32, v_cmp_ge_u32)
CMPX(v_cmpx_eq_i32, v_cmp_eq_i32)
CMPX(v_cmpx_ne_i32, v_cmp_ne_i32)
CMPX(v_cmpx_lt_i32, v_cmp_lt_i32)
CMPX(v_cmpx_le_i32, v_cmp_le_i32)
CMPX(v_cmpx_gt_i32, v_cmp_gt_i32)
CMPX(v_cmpx_ge_i32, v_cmp_ge_i32)

/* ------------------------------------------------- more integer ops */
INT2(v_mul_hi_i32, (uint32_t)(((int64_t)(int32_t)a * (int32_t)b) >> 32))
INT2(v_mul_hi_u32_u24, (uint32_t)(((uint64_t)(a & 0xffffff) * (b & 0xffffff)) >> 32))
INT2(v_mul_hi_i32_i24, (uint32_t)(((int64_t)((int32_t)(a << 8) >> 8) *
				   ((int32_t)(b << 8) >> 8)) >> 32))
INT3(v_mad_i32_i24, (uint32_t)((int64_t)((int32_t)(a << 8) >> 8) * ((int32_t)(b << 8) >> 8)) + c)
INT2(v_bcnt_u32_b32, (uint32_t)__builtin_popcount(a) + b)
/* Bit scans: -1 (all ones) when no bit is found. */
INT1(v_ffbh_u32, a ? (uint32_t)__builtin_clz(a) : ~0u)
INT1(v_ffbl_b32, a ? (uint32_t)__builtin_ctz(a) : ~0u)
/* Leading bits equal to the sign bit; -1 for 0 and -1. */
INT1(v_ffbh_i32, a == 0 || a == ~0u ? ~0u : (uint32_t)__builtin_clz((int32_t)a < 0 ? ~a : a))

static uint32_t med3_u(uint32_t a, uint32_t b, uint32_t c)
{
	uint32_t lo = a < b ? a : b, hi = a < b ? b : a;

	return c < lo ? lo : c > hi ? hi : c;
}

static int32_t med3_i(int32_t a, int32_t b, int32_t c)
{
	int32_t lo = a < b ? a : b, hi = a < b ? b : a;

	return c < lo ? lo : c > hi ? hi : c;
}

#define MIN(x, y) ((x) < (y) ? (x) : (y))
#define MAX(x, y) ((x) > (y) ? (x) : (y))
INT3(v_min3_u32, MIN(MIN(a, b), c))
INT3(v_max3_u32, MAX(MAX(a, b), c))
INT3(v_med3_u32, med3_u(a, b, c))
INT3(v_min3_i32, (uint32_t)MIN(MIN((int32_t)a, (int32_t)b), (int32_t)c))
INT3(v_max3_i32, (uint32_t)MAX(MAX((int32_t)a, (int32_t)b), (int32_t)c))
INT3(v_med3_i32, (uint32_t)med3_i((int32_t)a, (int32_t)b, (int32_t)c))

/*
 * f32 min3/max3 with IEEE-mode NaN handling (a NaN operand loses, as in
 * v_min_f32).  med3: the ISA's rule -- any NaN gives min3, otherwise the
 * middle value picked by comparing against max3.
 */
#define FLOAT3(name, expr) VOP(name) { \
	float A[WAVE_LANES], B[WAVE_LANES], C[WAVE_LANES], R[WAVE_LANES]; \
	if (no_sdwa(w, in) || !vdst_ok(w, in, 1)) return -1; \
	fsrc_lanes(w, in, 0, A); fsrc_lanes(w, in, 1, B); fsrc_lanes(w, in, 2, C); \
	for (unsigned l = 0; l < WAVE_LANES; l++) { \
		float a = A[l], b = B[l], c = C[l]; R[l] = (expr); } \
	if (w->sim->fault_pending) return -1; \
	fdst_lanes(w, in, R); return 0; }

static float med3_f(float a, float b, float c)
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
FLOAT3(v_min3_f32, min_ieee32(min_ieee32(a, b), c))
FLOAT3(v_max3_f32, max_ieee32(max_ieee32(a, b), c))
FLOAT3(v_med3_f32, med3_f(a, b, c))

/*
 * {SDST, D} = S0.i32 * S1.i32 + S2.i64 as a 65-bit signed value; SDST
 * gets bit 64 (AMD's RDNA pseudo-code for the same opcode; the gfx9
 * manual only names the carry-out -- unverified there).
 */
VOP(v_mad_i64_i32)
{
	if (int_only(w, in) || !vdst_ok(w, in, 2))
		return -1;
	uint64_t cout = 0;

	FOR_LANES(l) {
		__int128 r = (__int128)((int64_t)(int32_t)src(w, in, 0, l) *
					(int32_t)src(w, in, 1, l)) +
			     (int64_t)src64(w, in, 2, l, false);

		set64(w, in->dst, l, (uint64_t)r);
		if (((unsigned __int128)r >> 64) & 1)
			cout |= 1ull << l;
	}
	wr_s64(w, in->sdst, cout);
	return 0;
}

/* Count of set bits of S0 in the lanes below this one (lanes 0..31 for
 * _lo, 32..63 for _hi), plus S1: the lane-id idiom. */
VOP(v_mbcnt_lo_u32_b32)
{
	if (int_only(w, in) || !vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		uint32_t mask = l >= 32 ? ~0u : (1u << l) - 1;

		w->v[in->dst][l] = (uint32_t)__builtin_popcount(src(w, in, 0, l) & mask) +
				   src(w, in, 1, l);
	}
	return 0;
}

VOP(v_mbcnt_hi_u32_b32)
{
	if (int_only(w, in) || !vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		uint32_t mask = l <= 32 ? 0 : (1u << (l - 32)) - 1;

		w->v[in->dst][l] = (uint32_t)__builtin_popcount(src(w, in, 0, l) & mask) +
				   src(w, in, 1, l);
	}
	return 0;
}

/* ------------------------------------------------ more float ops */
/*
 * gfx90a's legacy MAD/MAC: an unfused multiply then add, each rounded.
 * The ISA lists them without denormal support; the model flushes their
 * f32 denormal inputs, product and result whatever MODE says (unverified
 * on hardware; LLVM selects them only when f32 denormals are flushed).
 */
static float flush_always(float f)
{
	return fpclassify(f) == FP_SUBNORMAL ? copysignf(0.0f, f) : f;
}

static float legacy_mad(float a, float b, float c)
{
	float m = flush_always(a) * flush_always(b), r;

	c = flush_always(c);

	if (fpclassify(m) == FP_SUBNORMAL)
		m = copysignf(0.0f, m);
	r = m + c;
	return fpclassify(r) == FP_SUBNORMAL ? copysignf(0.0f, r) : r;
}

static float literal_f32(const struct insn *in) { return f32(in->literal); }

FLOAT2(v_madmk_f32, legacy_mad(a, literal_f32(in), b))
FLOAT2(v_madak_f32, legacy_mad(a, b, literal_f32(in)))
FLOAT2(v_fmamk_f32, fmaf(a, literal_f32(in), b))
FLOAT2(v_fmaak_f32, fmaf(a, b, literal_f32(in)))

VOP(v_mac_f32)
{
	if (no_sdwa(w, in) || !vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l)
		fdst(w, in, l, legacy_mad(fsrc(w, in, 0, l), fsrc(w, in, 1, l),
					  f32(w->v[in->dst][l])));
	return 0;
}

VOP(v_mad_f32)
{
	if (!vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l)
		fdst(w, in, l, legacy_mad(fsrc(w, in, 0, l), fsrc(w, in, 1, l), fsrc(w, in, 2, l)));
	return 0;
}

VOP(v_fmac_f64)
{
	if (!vdst_ok(w, in, 2))
		return -1;
	FOR_LANES(l) {
		double c = f64(w->v[in->dst][l] | (uint64_t)w->v[in->dst + 1][l] << 32);

		ddst(w, in, l, fma(dsrc(w, in, 0, l), dsrc(w, in, 1, l), c));
	}
	return 0;
}

/* min/max: the output denormal mode does not apply (see v_min_f32). */
#define FLOAT64_MINMAX(name, expr) VOP(name) { \
	bool keep = w->keep_out64; \
	if (!vdst_ok(w, in, 2)) return -1; \
	w->keep_out64 = true; \
	FOR_LANES(l) { double a = dsrc(w, in, 0, l), b = dsrc(w, in, 1, l); ddst(w, in, l, (expr)); } \
	w->keep_out64 = keep; return 0; }
FLOAT64_MINMAX(v_min_f64, min_ieee64(a, b))
FLOAT64_MINMAX(v_max_f64, max_ieee64(a, b))

CVT(v_cvt_f64_u32, 2, ddst(w, in, l, (double)src(w, in, 0, l)))
CVT(v_cvt_u32_f64, 1, w->v[in->dst][l] = cvt_u32(dsrc(w, in, 0, l)))
CVT_FROM_INT(v_cvt_f32_ubyte0, fdst(w, in, l, (float)(src(w, in, 0, l) & 0xff)))
CVT_FROM_INT(v_cvt_f32_ubyte1, fdst(w, in, l, (float)((src(w, in, 0, l) >> 8) & 0xff)))
CVT_FROM_INT(v_cvt_f32_ubyte2, fdst(w, in, l, (float)((src(w, in, 0, l) >> 16) & 0xff)))
CVT_FROM_INT(v_cvt_f32_ubyte3, fdst(w, in, l, (float)(src(w, in, 0, l) >> 24)))
CVT(v_trunc_f32, 1, fdst(w, in, l, truncf(fsrc(w, in, 0, l))))
CVT(v_floor_f32, 1, fdst(w, in, l, floorf(fsrc(w, in, 0, l))))
CVT(v_ceil_f32, 1, fdst(w, in, l, ceilf(fsrc(w, in, 0, l))))
CVT(v_rndne_f32, 1, fdst(w, in, l, rintf(fsrc(w, in, 0, l))))
CVT(v_trunc_f64, 2, ddst(w, in, l, trunc(dsrc(w, in, 0, l))))
CVT(v_floor_f64, 2, ddst(w, in, l, floor(dsrc(w, in, 0, l))))
CVT(v_ceil_f64, 2, ddst(w, in, l, ceil(dsrc(w, in, 0, l))))
/* Ties to even whatever MODE says (rint under the host's default mode:
 * gen-isa.py leaves exact handlers out of the MODE rounding set). */
CVT(v_rndne_f64, 2, ddst(w, in, l, rint(dsrc(w, in, 0, l))))

/* ldexp: the exponent is a signed 32-bit integer (src1, no modifiers). */
static int clamp_exp(uint32_t e)
{
	int32_t x = (int32_t)e;

	return x > 10000 ? 10000 : x < -10000 ? -10000 : x;
}
VOP(v_ldexp_f32)
{
	if (!vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l)
		fdst(w, in, l, ldexpf(fsrc(w, in, 0, l), clamp_exp(src(w, in, 1, l))));
	return 0;
}
/*
 * v_trig_preop_f64: a 53-bit segment of 2/pi for Payne-Hanek range
 * reduction (gfx9 ISA, V_TRIG_PREOP_F64; LLVM's constant folder agrees):
 * shift = 53 * S1[4:0], plus exponent(S0) - 1077 when the biased
 * exponent of S0 exceeds 1077; the result is bits [shift, shift+53) of
 * the 1201-bit fraction of 2/pi, as an integer times 2^(-53 - shift),
 * scaled up by 2^128 when exponent(S0) >= 1968; rounding toward zero.
 * The table is 2/pi in 32-bit words, MSB first (checked in
 * test_model_exec.c against the C library's M_2_PIl); a segment that
 * reaches past the documented 1201 bits faults rather than guess.
 */
static const uint32_t two_over_pi[38] = {
	0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041,
	0xfe5163ab, 0xdebbc561, 0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c,
	0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484, 0xe99c7026, 0xb45f7e41,
	0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f,
	0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d,
	0x7527bac7, 0xebe5f17b, 0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08,
	0x56033046, 0xfc7b6bab,
};

static uint64_t two_over_pi_bits(unsigned shift)	/* bits [shift, shift + 53) */
{
	uint64_t r = 0;

	for (unsigned b = shift; b < shift + 53; b++)
		r = r << 1 | ((two_over_pi[b / 32] >> (31 - b % 32)) & 1);
	return r;
}

VOP(v_trig_preop_f64)
{
	if (!vdst_ok(w, in, 2))
		return -1;
	FOR_LANES(l) {
		double x = dsrc(w, in, 0, l);
		unsigned seg = src(w, in, 1, l) & 31;
		uint64_t xb;

		memcpy(&xb, &x, 8);
		unsigned e = (unsigned)(xb >> 52) & 0x7ff, shift = seg * 53 + (e > 1077 ? e - 1077 : 0);

		if (shift + 53 > 1201)
			return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
					  "v_trig_preop_f64 segment %u at exponent %u reaches past "
					  "the 1201 documented bits of 2/pi", seg, e);
		int scale = -53 - (int)shift + (e >= 1968 ? 128 : 0);
		int mode = fegetround();

		fesetround(FE_TOWARDZERO);	/* only a denormal result rounds */
		double r = ldexp((double)two_over_pi_bits(shift), scale);

		fesetround(mode);
		ddst(w, in, l, r);
	}
	return 0;
}

VOP(v_ldexp_f64)
{
	if (!vdst_ok(w, in, 2))
		return -1;
	FOR_LANES(l)
		ddst(w, in, l, ldexp(dsrc(w, in, 0, l), clamp_exp(src(w, in, 1, l))));
	return 0;
}

/*
 * Transcendentals.  Reference: each result is the exact function computed
 * in double precision by the host libm and rounded once to f32, which is
 * within the hardware's documented 1 ULP for v_rcp/v_rsq/v_sqrt/v_exp/
 * v_log.  The ISA manual's notes and functional examples (RDNA3 text,
 * taken to hold for gfx9) are followed: these five flush denormal inputs
 * and results whatever MODE says (the compiler scales around that), an
 * invalid operation gives the indeterminate NaN 0xffc00000 (log(-1),
 * sqrt(-inf), rsq(-inf)), rcp(±0) = ±inf, rsq(-0) = -inf, log(±0) = -inf,
 * exp(-inf) = 0.  v_sin/v_cos take their argument in revolutions
 * (sin(2*pi*x)) and keep denormals; older GCN manuals give them a valid
 * range of |x| < 256 revolutions while RDNA3's says full range -- the
 * gfx9 behaviour beyond 256 is unverified, so the model faults loudly.
 */
static float trans_result(float x, double r)
{
	if (isnan(x))			/* quieted in bits: see fdst */
		return quiet32(x);
	if (isnan(r))
		return -NAN;		/* 0xffc00000 */
	return (float)r;
}

static int trans_f32(struct wave *w, const struct insn *in, double (*fn)(double))
{
	if (no_sdwa(w, in) || !vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		float x = fsrc(w, in, 0, l);

		if (fpclassify(x) == FP_SUBNORMAL)	/* flushed, whatever MODE says */
			x = copysignf(0.0f, x);
		float r = trans_result(x, fn((double)x));

		if (fpclassify(r) == FP_SUBNORMAL)
			r = copysignf(0.0f, r);
		fdst(w, in, l, r);
	}
	return 0;
}
static double rcp_d(double x) { return 1.0 / x; }
static double rsq_d(double x) { return 1.0 / sqrt(x); }
static double exp2_d(double x) { return exp2(x); }
static double log2_d(double x) { return log2(x); }
VOP(v_rcp_f32) { return trans_f32(w, in, rcp_d); }
VOP(v_rsq_f32) { return trans_f32(w, in, rsq_d); }
VOP(v_sqrt_f32) { return trans_f32(w, in, sqrt); }
VOP(v_exp_f32) { return trans_f32(w, in, exp2_d); }
VOP(v_log_f32) { return trans_f32(w, in, log2_d); }

/*
 * sin/cos of @x revolutions, reduced exactly first: t = 2 * frac(x) in
 * [0, 2), n = nearest integer, f = t - n in [-0.5, 0.5]; then
 * sin(pi t) = (-1)^n sin(pi f) and cos(pi t) = (-1)^n sin(pi (0.5 - |f|)),
 * so the quarter points are exact (cos(0.25 rev) = 0, not cos(pi/2)'s
 * 6e-17 in double).
 */
static double rev_trig(double x, bool cosine)
{
	double t = 2 * (x - floor(x)), n = nearbyint(t), f = t - n;
	double v = cosine ? sin(M_PI * (0.5 - fabs(f))) : sin(M_PI * f);

	if (v == 0)
		return 0.0;
	return fmod(n, 2) != 0 ? -v : v;
}

static int trig(struct wave *w, const struct insn *in, bool cosine)
{
	if (no_sdwa(w, in) || !vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		float xf = fsrc(w, in, 0, l);
		double x = xf;

		if (fabs(x) >= 256.0 && isfinite(x))
			return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
					  "v_sin/v_cos input %g revolutions is outside the "
					  "hardware's valid range (|x| < 256)", x);
		double v = isfinite(x) ? rev_trig(x, cosine) : NAN;

		if (!cosine && x == 0)
			v = x;		/* sin(-0) = -0 */
		fdst(w, in, l, trans_result(xf, v));
	}
	return 0;
}
VOP(v_sin_f32) { return trig(w, in, false); }
VOP(v_cos_f32) { return trig(w, in, true); }

/* fract(x) = x - floor(x), kept below 1.0 (0x3f7fffff); NaN/inf -> NaN. */
VOP(v_fract_f32)
{
	if (no_sdwa(w, in) || !vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		float x = fsrc(w, in, 0, l);
		float r = isfinite(x) ? fminf(x - floorf(x), 0x1.fffffep-1f) : NAN;

		fdst(w, in, l, r);
	}
	return 0;
}

/* frexp: mantissa in [0.5, 1) with x's sign; NaN/inf pass through (mant)
 * or give 0 (exp), per the ISA's special cases. */
/* f64 forms of fract / frexp: same rules as f32 (fract below 1.0). */
VOP(v_fract_f64)
{
	if (!vdst_ok(w, in, 2))
		return -1;
	FOR_LANES(l) {
		double x = dsrc(w, in, 0, l);

		ddst(w, in, l, isfinite(x) ? fmin(x - floor(x), 0x1.fffffffffffffp-1) : NAN);
	}
	return 0;
}

VOP(v_frexp_mant_f64)
{
	if (!vdst_ok(w, in, 2))
		return -1;
	FOR_LANES(l) {
		double x = dsrc(w, in, 0, l);
		int e;

		ddst(w, in, l, isfinite(x) ? frexp(x, &e) : x);
	}
	return 0;
}

VOP(v_frexp_exp_i32_f64)
{
	if (!vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		double x = dsrc(w, in, 0, l);
		int e = 0;

		if (isfinite(x))
			frexp(x, &e);
		w->v[in->dst][l] = (uint32_t)e;
	}
	return 0;
}

VOP(v_frexp_mant_f32)
{
	if (no_sdwa(w, in) || !vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		float x = fsrc(w, in, 0, l);
		int e;

		fdst(w, in, l, isfinite(x) ? frexpf(x, &e) : x);
	}
	return 0;
}
VOP(v_frexp_exp_i32_f32)
{
	if (no_sdwa(w, in) || !vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		float x = fsrc(w, in, 0, l);
		int e = 0;

		if (isfinite(x))
			frexpf(x, &e);
		w->v[in->dst][l] = (uint32_t)e;
	}
	return 0;
}

static int trans_f64(struct wave *w, const struct insn *in, double (*fn)(double))
{
	if (no_sdwa(w, in) || !vdst_ok(w, in, 2))
		return -1;
	FOR_LANES(l)
		ddst(w, in, l, fn(dsrc(w, in, 0, l)));
	return 0;
}
/* f64 rcp/rsq are approximations on hardware (an FMA refinement follows in
 * compiled code); the exact value is within their documented error. */
VOP(v_rcp_f64) { return trans_f64(w, in, rcp_d); }
VOP(v_rsq_f64) { return trans_f64(w, in, rsq_d); }
VOP(v_sqrt_f64) { return trans_f64(w, in, sqrt); }

/* ----------------------------------------------------- more compares */
FCMP(v_cmp_le_f32, a <= b)
FCMP(v_cmp_ge_f32, a >= b)
FCMP(v_cmp_lg_f32, a < b || a > b)
FCMP(v_cmp_o_f32, !isnan(a) && !isnan(b))
FCMP(v_cmp_u_f32, isnan(a) || isnan(b))
FCMP(v_cmp_nlt_f32, !(a < b))
FCMP(v_cmp_ngt_f32, !(a > b))
FCMP(v_cmp_nge_f32, !(a >= b))
FCMP(v_cmp_nle_f32, !(a <= b))
FCMP(v_cmp_nlg_f32, !(a < b || a > b))

#define DCMP(name, expr) VOP(name) { \
	uint64_t m = 0; if (no_sdwa(w, in)) return -1; \
	FOR_LANES(l) { double a = dsrc(w, in, 0, l), b = dsrc(w, in, 1, l); \
		if (expr) m |= 1ull << l; } cmp_result(w, in, m); return 0; }
DCMP(v_cmp_lt_f64, a < b)
DCMP(v_cmp_gt_f64, a > b)
DCMP(v_cmp_le_f64, a <= b)
DCMP(v_cmp_ge_f64, a >= b)
DCMP(v_cmp_eq_f64, a == b)
DCMP(v_cmp_neq_f64, !(a == b))
DCMP(v_cmp_lg_f64, a < b || a > b)
DCMP(v_cmp_o_f64, !isnan(a) && !isnan(b))
DCMP(v_cmp_u_f64, isnan(a) || isnan(b))
DCMP(v_cmp_nlt_f64, !(a < b))
DCMP(v_cmp_ngt_f64, !(a > b))
DCMP(v_cmp_nge_f64, !(a >= b))
DCMP(v_cmp_nle_f64, !(a <= b))
DCMP(v_cmp_nlg_f64, !(a < b || a > b))

CMP64(v_cmp_lt_i64, (int64_t)a < (int64_t)b)
CMP64(v_cmp_gt_i64, (int64_t)a > (int64_t)b)
CMP64(v_cmp_le_i64, (int64_t)a <= (int64_t)b)
CMP64(v_cmp_ge_i64, (int64_t)a >= (int64_t)b)
CMP64(v_cmp_le_u64, a <= b)
CMP64(v_cmp_ge_u64, a >= b)
CMP64(v_cmp_eq_i64, a == b)
CMP64(v_cmp_ne_i64, a != b)

/* v_cmp_class: S1 bits 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal,
 * 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf. */
static unsigned class_bit(double x, bool snan, bool denorm)
{
	if (isnan(x))
		return snan ? 0 : 1;
	bool neg = signbit(x);

	if (isinf(x))
		return neg ? 2 : 9;
	if (x == 0)
		return neg ? 5 : 6;
	if (denorm)
		return neg ? 4 : 7;
	return neg ? 3 : 8;
}

VOP(v_cmp_class_f32)
{
	uint64_t m = 0;

	if (no_sdwa(w, in))
		return -1;
	FOR_LANES(l) {
		uint32_t b = rd_v32(w, in, in->src[0], l);
		float x = f32(b);

		if (in->enc == ENC_VOP3 && (in->abs & 1))
			x = fabsf(x), b &= 0x7fffffff;
		if (in->enc == ENC_VOP3 && (in->neg & 1))
			x = -x, b ^= 0x80000000;
		bool snan = isnan(x) && !(b & 0x00400000);
		unsigned bit = class_bit(x, snan, fpclassify(x) == FP_SUBNORMAL);

		if ((src(w, in, 1, l) >> bit) & 1)
			m |= 1ull << l;
	}
	cmp_result(w, in, m);
	return 0;
}

VOP(v_cmp_class_f64)
{
	uint64_t m = 0;

	if (no_sdwa(w, in))
		return -1;
	FOR_LANES(l) {
		uint64_t b = src64(w, in, 0, l, true);
		double x = f64(b);

		if (in->enc == ENC_VOP3 && (in->abs & 1))
			x = fabs(x), b &= ~(1ull << 63);
		if (in->enc == ENC_VOP3 && (in->neg & 1))
			x = -x, b ^= 1ull << 63;
		bool snan = isnan(x) && !(b & (1ull << 51));
		unsigned bit = class_bit(x, snan, fpclassify(x) == FP_SUBNORMAL);

		if ((src(w, in, 1, l) >> bit) & 1)
			m |= 1ull << l;
	}
	cmp_result(w, in, m);
	return 0;
}

/*
 * Division support.  The compiler divides n/d as: scale d and n with
 * v_div_scale (which also sets VCC when the quotient must be rescaled),
 * refine a v_rcp estimate with FMAs, v_div_fmas (which applies the
 * rescale on VCC lanes) and v_div_fixup (IEEE special cases).
 *
 * Reference: the pseudocode of AMD's CDNA4 ISA manual (gfx950, a gfx9
 * family part; §12.11 VOP3A/VOP3B), whose text the RDNA3 manual repeats.  Followed as written for v_div_fixup (special
 * cases, the 0xffc00000 "indeterminate" NaN, NaN quieting, the underflow
 * test) and for v_div_scale.  Four places where the text cannot be
 * literal, and what the model does instead:
 *   - for f32 operands v_div_scale tests "1.0 / 64'F(S1) == DENORM.f64",
 *     never true; but v_rcp_f32 flushes denormal results (manual), so an
 *     f32 division by |d| > 2^126 would return 0 unless d is rescaled:
 *     the model tests 1/S1 against the f32 denormal range;
 *   - v_div_scale_f64's "1/S1 and S2/S1 both denormal" branch scales a
 *     denominator above 2^1022 by 2^+128, which overflows; the model
 *     scales it by 2^-128, like the "1/S1 denormal" branch after it;
 *   - v_div_fixup's "exponent(S1) == 255: OVERFLOW" is unreachable as
 *     written; the model reads it as the quotient S0 (see div_fixup);
 *   - v_div_fmas writes "2^32 * fma" (f32) / "2^64 * fma" (f64) on VCC
 *     lanes, a fixed factor that cannot undo v_div_scale's 2^+-64
 *     (2^+-128) pre-scaling in both directions; the model rescales by
 *     2^+-64 (2^+-128), upward when the scaled quotient S2 is >= 2 (the
 *     rule CLRX's GCN experiments and tinygrad's RDNA3 hardware tests
 *     report; with v_div_fixup giving inf for a NaN quotient, as they
 *     also report).
 * tests/device/fdiv.hip and tests/corpus/divsqrt.hip check whole f32/f64
 * divisions, special and denormal values included, bit for bit against
 * the host's correctly rounded IEEE results.
 */
struct fmt_desc {
	int exp_bits_max;	/* all-ones biased exponent */
	int big_gap;		/* exponent(n) - exponent(d) that risks overflow */
	int tiny_num;		/* numerator exponent that risks underflow */
	int scale;		/* ldexp step */
	int underflow_gap;	/* fixup: quotient certainly underflows */
	int frexp_bias;		/* frexp's [0.5,1) exponent to the biased one */
};

static const struct fmt_desc fmt32 = { 255, 96, 23, 64, -150, 126 };
static const struct fmt_desc fmt64 = { 2047, 768, 53, 128, -1075, 1022 };
/* f16: only v_div_fixup_f16 uses it (no f16 div_scale/div_fmas exist). */
static const struct fmt_desc fmt16 = { 31, 0, 0, 0, -100000, 14 };	/* no underflow case */

static int biased_exp(double x, const struct fmt_desc *f)
{
	int e;

	if (x == 0 || !isfinite(x))
		return x == 0 ? 0 : f->exp_bits_max;
	frexp(x, &e);
	e += f->frexp_bias;
	return e < 0 ? 0 : e;
}

static bool is_denorm(double x, const struct fmt_desc *f)
{
	return x != 0 && isfinite(x) && fabs(x) < (f == &fmt32 ? 0x1p-126 : 0x1p-1022);
}

/* Is 1/S1 a denormal of the operands' format?  (See the note above on
 * the manual's "DENORM.f64" for f32 operands.) */
static bool rcp_denorm(double d, const struct fmt_desc *f)
{
	return is_denorm(1.0 / d, f);
}

/* Returns the scaled S0 and sets *vcc; @s0 is S0, @d S1, @n S2. */
static double div_scale(double s0, double d, double n, bool *vcc, const struct fmt_desc *f)
{
	double r = s0;

	*vcc = false;
	if (n == 0 || d == 0)
		return NAN;
	if (biased_exp(n, f) - biased_exp(d, f) >= f->big_gap) {
		*vcc = true;
		if (s0 == d)
			r = ldexp(s0, f->scale);
	} else if (is_denorm(d, f)) {
		r = ldexp(s0, f->scale);
	} else if (rcp_denorm(d, f) && is_denorm(n / d, f)) {
		/* Huge denominator, tiny quotient: shrink the denominator
		 * (the manual's 2^+128 here would overflow; see above). */
		*vcc = true;
		if (s0 == d)
			r = ldexp(s0, -f->scale);
	} else if (rcp_denorm(d, f)) {
		r = ldexp(s0, -f->scale);
	} else if (is_denorm(n / d, f)) {
		*vcc = true;
		if (s0 == n)
			r = ldexp(s0, f->scale);
	} else if (biased_exp(n, f) <= f->tiny_num) {
		r = ldexp(s0, f->scale);
	}
	return r;
}

VOP(v_div_scale_f32)
{
	uint64_t vcc = 0;

	if (!vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		bool v;
		/* Computed in double: the tests above need the exact quotient's class. */
		double r = div_scale(fsrc(w, in, 0, l), fsrc(w, in, 1, l), fsrc(w, in, 2, l), &v,
				     &fmt32);

		w->v[in->dst][l] = bits32((float)r);
		if (v)
			vcc |= 1ull << l;
	}
	wr_s64(w, in->sdst, vcc);
	return 0;
}

VOP(v_div_scale_f64)
{
	uint64_t vcc = 0;

	if (!vdst_ok(w, in, 2))
		return -1;
	FOR_LANES(l) {
		bool v;
		/* 1/d and n/d in double are the hardware's tests' own precision. */
		double r = div_scale(dsrc(w, in, 0, l), dsrc(w, in, 1, l), dsrc(w, in, 2, l), &v,
				     &fmt64);

		set64(w, in->dst, l, bits64(r));
		if (v)
			vcc |= 1ull << l;
	}
	wr_s64(w, in->sdst, vcc);
	return 0;
}

/*
 * D = fma(S0, S1, S2); on VCC lanes the quotient was computed from scaled
 * operands, so rescale by 2^+-64 (f32) / 2^+-128 (f64), upward when the
 * approximate quotient S2 is >= 2, downward otherwise, rounding once
 * (fma_scaled below: an fma in a wider format before the scaling would
 * round twice, which the f64 x87 version did for results that land in
 * the denormal range or need all 53 bits).
 */
/* "Input denormals are not flushed, but output flushing is allowed." */
static float fsrc_noflush(struct wave *w, const struct insn *in, unsigned i, unsigned l)
{
	uint32_t keep = w->keep_in32;
	float f;

	w->keep_in32 = ~0u;
	f = fsrc(w, in, i, l);
	w->keep_in32 = keep;
	return f;
}

static double dsrc_noflush(struct wave *w, const struct insn *in, unsigned i, unsigned l)
{
	bool keep = w->keep_in64;
	double d;

	w->keep_in64 = true;
	d = dsrc(w, in, i, l);
	w->keep_in64 = keep;
	return d;
}

/*
 * The sign of the rounding error of r = fma(a, b, c), i.e. of
 * a*b + c - r: Boldo and Muller's ErrFma, exact while a*b does not
 * underflow (the scaled operands of a division never do).
 */
#define FMA_ERR_SIGN(T, fmaf_)                                                  \
	static int fma_err_sign_##T(T a, T b, T c, T r)                         \
	{                                                                       \
		T u1 = a * b, u2 = fmaf_(a, b, -u1);                            \
		T a1 = c + u2, t = a1 - c, z = (c - (a1 - t)) + (u2 - t);       \
		T b1 = u1 + a1, t2 = b1 - u1;                                   \
		T b2 = (u1 - (b1 - t2)) + (a1 - t2);                            \
		T g = (b1 - r) + b2, e = g + z;                                 \
                                                                                \
		if (e == 0)                                                     \
			e = (g - (e - z)) + (z - (e - g));                      \
		return (e > 0) - (e < 0);                                       \
	}
FMA_ERR_SIGN(float, fmaf)
FMA_ERR_SIGN(double, fma)

/*
 * fma(a, b, c) * 2^k rounded once, as v_div_fmas does on VCC lanes.  The
 * scaling is exact unless the result lands among the denormals; there
 * the once-rounded fma r can sit exactly halfway between two denormals
 * when the exact value does not, and the error's sign breaks that tie.
 */
#define FMA_SCALED(T, fmaf_, ldexpf_, truncf_, mant_bits, denorm_exp)            \
	static T fma_scaled_##T(T a, T b, T c, int k)                           \
	{                                                                       \
		T r = fmaf_(a, b, c), y = ldexpf_(r, k);                        \
		/* r * 2^k in units of the smallest denormal; below 2^mant_bits \
		 * it is a denormal (y may have rounded up to the smallest      \
		 * normal, so y itself cannot tell). */                          \
		T m = ldexpf_(r, k - (denorm_exp)), i = truncf_(m);             \
                                                                                \
		if (!isfinite(r) || r == 0 || fabs((double)m) >= 0x1p##mant_bits || \
		    fabs((double)(m - i)) != 0.5)                               \
			return y;                                               \
		int s = fma_err_sign_##T(a, b, c, r), away = r > 0 ? s > 0 : s < 0; \
                                                                                \
		if (s == 0)                                                     \
			return y;	/* a true tie: nearest even */          \
		return ldexpf_(away ? i + (r > 0 ? 1 : -1) : i, denorm_exp);   \
	}
FMA_SCALED(float, fmaf, ldexpf, truncf, 23, -149)
FMA_SCALED(double, fma, ldexp, trunc, 52, -1074)

VOP(v_div_fmas_f32)
{
	if (!vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		float a = fsrc_noflush(w, in, 0, l), b = fsrc_noflush(w, in, 1, l);
		float q = fsrc_noflush(w, in, 2, l);

		if (!((w->vcc >> l) & 1)) {
			fdst(w, in, l, fmaf(a, b, q));
			continue;
		}
		fdst(w, in, l, fma_scaled_float(a, b, q, fabsf(q) >= 2.0f ? fmt32.scale : -fmt32.scale));
	}
	return 0;
}

VOP(v_div_fmas_f64)
{
	if (!vdst_ok(w, in, 2))
		return -1;
	FOR_LANES(l) {
		double a = dsrc_noflush(w, in, 0, l), b = dsrc_noflush(w, in, 1, l);
		double q = dsrc_noflush(w, in, 2, l);

		if (!((w->vcc >> l) & 1)) {
			ddst(w, in, l, fma(a, b, q));
			continue;
		}
		ddst(w, in, l, fma_scaled_double(a, b, q, fabs(q) >= 2.0 ? fmt64.scale : -fmt64.scale));
	}
	return 0;
}

/* S0 quotient, S1 denominator, S2 numerator: the manual's special cases.
 * @nan_bits is the format's "indeterminate" NaN (0xffc00000 & co), which
 * the callers write for 0/0 and inf/inf; here it is any negative NaN. */
static double div_fixup(double q, double d, double n, const struct fmt_desc *f)
{
	bool neg = signbit(d) != signbit(n);
	double inf = neg ? -INFINITY : INFINITY, zero = neg ? -0.0 : 0.0;

	if (isnan(n))
		return quiet64(n);	/* in bits: see fdst */
	if (isnan(d))
		return quiet64(d);
	if ((d == 0 && n == 0) || (isinf(d) && isinf(n)))
		return -NAN;		/* the indeterminate NaN: sign set */
	if (d == 0 || isinf(n))
		return inf;
	if (isinf(d) || n == 0)
		return zero;
	if (biased_exp(n, f) - biased_exp(d, f) < f->underflow_gap)
		return zero;		/* UNDERFLOW: taken as a signed zero (unverified) */
	/* The manual's "exponent(S1) == 255: OVERFLOW" cannot fire as written
	 * (an inf/NaN S1 was handled above); read as the quotient S0, which
	 * is inf or NaN when a finite division overflowed in the scaled
	 * Newton steps. */
	if (!isfinite(q))
		return inf;
	return neg ? -fabs(q) : fabs(q);
}

VOP(v_div_fixup_f32)
{
	if (!vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		float d = fsrc(w, in, 1, l), n = fsrc(w, in, 2, l);
		double r;

		/* NaNs stay f32 bits: widening one need not keep its payload (RISC-V). */
		if (isnan(n) || isnan(d)) {
			fdst(w, in, l, quiet32(isnan(n) ? n : d));
			continue;
		}
		r = div_fixup(fsrc(w, in, 0, l), d, n, &fmt32);
		fdst(w, in, l, isnan(r) ? -NAN : (float)r);
	}
	return 0;
}

VOP(v_div_fixup_f64)
{
	if (!vdst_ok(w, in, 2))
		return -1;
	FOR_LANES(l)
		ddst(w, in, l, div_fixup(dsrc(w, in, 0, l), dsrc(w, in, 1, l), dsrc(w, in, 2, l),
					 &fmt64));
	return 0;
}

/* ---------------------------------------------------------------- f16 */
/*
 * f16 VOP1/VOP2/VOPC and their VOP3 forms.  gfx9 writes these results to
 * the low half and zeroes the high half (LLVM
 * GCNSubtarget::zeroesHigh16BitsOfDest); an SDWA destination select
 * places them instead (put_int).  Sources: the low half, or the SDWA
 * selected word; abs/neg from VOP3, SDWA or DPP.  Each result is the
 * exact value rounded once to nearest even (half.h).  VOP3 op_sel and
 * omod on these opcodes are refused: gfx9 gives op_sel only to the
 * VOP3-only f16 instructions.
 */
static int f16_mods_ok(struct wave *w, const struct insn *in)
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

static float hsrc(struct wave *w, const struct insn *in, unsigned i, unsigned l)
{
	unsigned code = in->src[i];
	/* inline float constants are f16 values here */
	uint32_t v = code >= 240 && code <= 248 && !(in->dpp && i == 0) ? rd_v16f(w, in, code, l)
									: src(w, in, i, l);
	float f = h2f_in(w, (uint16_t)v);
	bool abs = false, neg = false;

	if (in->enc == ENC_VOP3) {
		abs = (in->abs >> i) & 1;
		neg = (in->neg >> i) & 1;
	} else if (in->sdwa && i < 2) {
		abs = (in->sdwa_word >> (i ? 29 : 21)) & 1;
		neg = (in->sdwa_word >> (i ? 28 : 20)) & 1;
	} else if (in->dpp && i < 2) {
		abs = (in->sdwa_word >> (21 + 2 * i)) & 1;
		neg = (in->sdwa_word >> (20 + 2 * i)) & 1;
	}
	if (abs)
		f = fabsf(f);
	return neg ? -f : f;
}

static uint16_t hclamp(const struct insn *in, uint16_t h)
{
	if (in->enc != ENC_VOP3 || !in->clamp)
		return h;
	float f = h2f(h);

	return d2h(isnan(f) ? 0.0f : fminf(fmaxf(f, 0.0f), 1.0f));
}

/*
 * f16 transcendentals: computed in double by the host libm and rounded
 * once to f16 (nearest even; like the f32 forms they do not follow
 * MODE.FP_ROUND), which is within the hardware's documented 1 ULP.
 * Special values and the |x| < 256 revolutions range of v_sin/v_cos as
 * for f32 (trans_f32, trig).
 */
static int f16_trans(struct wave *w, const struct insn *in, int op, float x, uint16_t *h);

enum { H_ADD, H_SUB, H_SUBREV, H_MUL, H_MAX, H_MIN, H_SQRT, H_CVT_F16_F32, H_FLOOR, H_CEIL,
	H_TRUNC, H_RNDNE, H_CVT_F16_I16, H_CVT_F16_U16, H_CVT_I16_F16, H_CVT_U16_F16,
	H_RCP, H_RSQ, H_LOG, H_EXP, H_SIN, H_COS, H_FRACT, H_FREXP_MANT, H_FREXP_EXP, H_LDEXP };

static bool is_snan16(uint16_t h)
{
	return (h & 0x7e00) == 0x7c00 && (h & 0x1ff);
}

/* f16 -> 16-bit integer: toward zero, saturating, NaN -> 0 (as the f32 forms). */
static uint32_t h_to_int(float f, bool sign)
{
	if (isnan(f))
		return 0;
	f = truncf(f);
	if (sign)
		return (uint16_t)(int16_t)(f < -32768.0f ? -32768.0f : f > 32767.0f ? 32767.0f : f);
	return (uint16_t)(f < 0.0f ? 0.0f : f > 65535.0f ? 65535.0f : f);
}

static int f16_op(struct wave *w, const struct insn *in, int op)
{
	uint32_t r[WAVE_LANES];

	if (f16_mods_ok(w, in) || !vdst_ok(w, in, 1))
		return -1;
	memset(r, 0, sizeof(r));
	FOR_LANES(l) {
		uint16_t h = 0;

		if (op == H_CVT_F16_F32) {
			h = d2h_out(w, (double)fsrc(w, in, 0, l));	/* f32 source, one rounding */
		} else if (op == H_CVT_F16_I16 || op == H_CVT_F16_U16) {
			uint32_t v = src(w, in, 0, l);

			h = d2h_out(w, op == H_CVT_F16_I16 ? (double)(int16_t)v : (double)(uint16_t)v);
		} else if (op == H_CVT_I16_F16 || op == H_CVT_U16_F16) {
			h = (uint16_t)h_to_int(hsrc(w, in, 0, l), op == H_CVT_I16_F16);
		} else if (op >= H_FLOOR && op <= H_RNDNE) {
			/* exact: an integral f16 value is representable */
			float x = hsrc(w, in, 0, l);

			h = d2h_out(w, op == H_FLOOR ? floorf(x) : op == H_CEIL ? ceilf(x) :
				op == H_TRUNC ? truncf(x) : nearbyintf(x));
		} else if (op == H_SQRT) {
			h = d2h_out(w, sqrt((double)hsrc(w, in, 0, l)));	/* 53 >= 2*11+2 bits */
		} else if (op >= H_RCP && op <= H_COS) {
			if (f16_trans(w, in, op, hsrc(w, in, 0, l), &h))
				return -1;
		} else if (op >= H_FRACT && op <= H_FREXP_EXP) {
			float x = hsrc(w, in, 0, l);
			int e = 0;

			if (op == H_FRACT)	/* exact in f32; kept below 1.0 (0x3bff) */
				h = d2h(isfinite(x) ? fminf(x - floorf(x), 0x1.ffcp-1f) : NAN);
			else if (op == H_FREXP_MANT)
				h = isfinite(x) ? d2h(frexpf(x, &e)) : d2h(x);
			else
				h = (uint16_t)(isfinite(x) ? (frexpf(x, &e), e) : 0);
			if (op != H_FREXP_EXP)
				h = flush_out16(w, h);
		} else if (op == H_LDEXP) {
			/* S1 is an i16 exponent; beyond +-64 the result is already
			 * 0/inf before rounding, and double keeps it exact. */
			int e = (int16_t)src(w, in, 1, l);

			e = e < -64 ? -64 : e > 64 ? 64 : e;
			h = d2h_out(w, ldexp((double)hsrc(w, in, 0, l), e));
		} else {
			float a = hsrc(w, in, 0, l), b = hsrc(w, in, 1, l);

			switch (op) {
			case H_ADD: h = fma16_out(w, a, 1.0f, b); break;
			case H_SUB: h = fma16_out(w, a, 1.0f, -b); break;
			case H_SUBREV: h = fma16_out(w, b, 1.0f, -a); break;
			case H_MUL: h = mul16_out(w, a, b); break;
			/* IEEE mode: a NaN operand loses, as for f32 */
			case H_MAX: h = d2h_out(w, max_ieee32(a, b)); break;
			default: h = d2h_out(w, min_ieee32(a, b)); break;	/* H_MIN */
			}
			/* The f16 -> f32 widening may quiet a signaling NaN: check
			 * the raw halves for min/max's sNaN rule. */
			uint16_t ha = (uint16_t)src(w, in, 0, l), hb = (uint16_t)src(w, in, 1, l);

			if ((op == H_MAX || op == H_MIN) && (is_snan16(ha) || is_snan16(hb)))
				h = (uint16_t)(((is_snan16(ha) ? ha : hb) & 0x7fff) | 0x200 |
					       (signbit(is_snan16(ha) ? a : b) ? 0x8000 : 0));
		}
		r[l] = hclamp(in, h);
	}
	if (w->sim->fault_pending)
		return -1;
	put_int(w, in, r);
	return 0;
}
static int f16_trans(struct wave *w, const struct insn *in, int op, float x, uint16_t *h)
{
	double d = x, r;

	switch (op) {
	case H_RCP: r = 1.0 / d; break;
	case H_RSQ: r = 1.0 / sqrt(d); break;
	case H_LOG: r = log2(d); break;
	case H_EXP: r = exp2(d); break;
	default:
		if (fabs(d) >= 256.0 && isfinite(d))
			return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
					  "v_sin/v_cos_f16 input %g revolutions is outside the "
					  "hardware's valid range (|x| < 256)", d);
		r = !isfinite(x) ? NAN : rev_trig(d, op == H_COS);
		if (op == H_SIN && d == 0)
			r = d;	/* sin(-0) = -0 */
		break;
	}
	if (isnan(r) && !isnan(x))
		r = -NAN;		/* the indeterminate NaN, 0xfe00 */
	*h = flush_out16(w, d2h(r));
	return 0;
}

VOP(v_add_f16) { return f16_op(w, in, H_ADD); }
VOP(v_sub_f16) { return f16_op(w, in, H_SUB); }
VOP(v_subrev_f16) { return f16_op(w, in, H_SUBREV); }
VOP(v_mul_f16) { return f16_op(w, in, H_MUL); }
VOP(v_max_f16) { return f16_op(w, in, H_MAX); }
VOP(v_min_f16) { return f16_op(w, in, H_MIN); }
VOP(v_sqrt_f16) { return f16_op(w, in, H_SQRT); }
VOP(v_cvt_f16_f32) { return f16_op(w, in, H_CVT_F16_F32); }
VOP(v_floor_f16) { return f16_op(w, in, H_FLOOR); }
VOP(v_ceil_f16) { return f16_op(w, in, H_CEIL); }
VOP(v_trunc_f16) { return f16_op(w, in, H_TRUNC); }
VOP(v_rndne_f16) { return f16_op(w, in, H_RNDNE); }
VOP(v_cvt_f16_i16) { return f16_op(w, in, H_CVT_F16_I16); }
VOP(v_cvt_f16_u16) { return f16_op(w, in, H_CVT_F16_U16); }
VOP(v_cvt_i16_f16) { return f16_op(w, in, H_CVT_I16_F16); }
VOP(v_cvt_u16_f16) { return f16_op(w, in, H_CVT_U16_F16); }
VOP(v_rcp_f16) { return f16_op(w, in, H_RCP); }
VOP(v_rsq_f16) { return f16_op(w, in, H_RSQ); }
VOP(v_log_f16) { return f16_op(w, in, H_LOG); }
VOP(v_exp_f16) { return f16_op(w, in, H_EXP); }
VOP(v_sin_f16) { return f16_op(w, in, H_SIN); }
VOP(v_cos_f16) { return f16_op(w, in, H_COS); }
VOP(v_fract_f16) { return f16_op(w, in, H_FRACT); }
VOP(v_frexp_mant_f16) { return f16_op(w, in, H_FREXP_MANT); }
VOP(v_frexp_exp_i16_f16) { return f16_op(w, in, H_FREXP_EXP); }
VOP(v_ldexp_f16) { return f16_op(w, in, H_LDEXP); }

/* The f16 class compare: S1's mask bits as for v_cmp_class_f32. */
VOP(v_cmp_class_f16)
{
	uint64_t m = 0;

	if (f16_mods_ok(w, in))
		return -1;
	FOR_LANES(l) {
		uint16_t b = (uint16_t)src(w, in, 0, l);

		if (in->enc == ENC_VOP3 && (in->abs & 1))
			b &= 0x7fff;
		if (in->enc == ENC_VOP3 && (in->neg & 1))
			b ^= 0x8000;
		float x = h2f(b);
		bool nan = (b & 0x7c00) == 0x7c00 && (b & 0x3ff);
		unsigned bit = nan ? ((b & 0x200) ? 1 : 0)
				   : class_bit(x, false, (b & 0x7c00) == 0 && (b & 0x3ff));

		if ((src(w, in, 1, l) >> bit) & 1)
			m |= 1ull << l;
	}
	cmp_result(w, in, m);
	return 0;
}

/* min3/max3/med3 of f16 values: the f32 rules (IEEE-mode min/max). */
static int f16_3(struct wave *w, const struct insn *in, int kind)
{
	uint32_t r[WAVE_LANES];

	if (in->op_sel || in->omod)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "op_sel/omod on this f16 instruction is not modelled");
	if (!vdst_ok(w, in, 1))
		return -1;
	memset(r, 0, sizeof(r));
	FOR_LANES(l) {
		float a = hsrc(w, in, 0, l), b = hsrc(w, in, 1, l), c = hsrc(w, in, 2, l);
		float v = kind == 0 ? min_ieee32(min_ieee32(a, b), c) :
			  kind == 1 ? max_ieee32(max_ieee32(a, b), c) : med3_f(a, b, c);

		r[l] = hclamp(in, flush_out16(w, d2h(v)));
	}
	if (w->sim->fault_pending)
		return -1;
	put_int(w, in, r);
	return 0;
}
VOP(v_min3_f16) { return f16_3(w, in, 0); }
VOP(v_max3_f16) { return f16_3(w, in, 1); }
VOP(v_med3_f16) { return f16_3(w, in, 2); }

/* gfx9's v_mad_legacy_u16: the pre-gfx9 v_mad_u16 (no op_sel), high half zeroed. */
INT3(v_mad_legacy_u16, (uint32_t)(uint16_t)((a & 0xffff) * (b & 0xffff) + c))

/* f16 -> f32 is exact; the f32 result follows the f32 output modifiers. */
VOP(v_cvt_f32_f16)
{
	if (f16_mods_ok(w, in) || !vdst_ok(w, in, 1))
		return -1;
	if (in->sdwa && ((in->sdwa_word >> 8) & 7) != 6)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "SDWA dst_sel on v_cvt_f32_f16 is not modelled");
	FOR_LANES(l)
		fdst(w, in, l, hsrc(w, in, 0, l));
	return w->sim->fault_pending ? -1 : 0;
}

/* f16 compares: ordered ones are false on NaN, the "n" forms are their negations. */
#define HCMP(name, expr) VOP(name) { \
	uint64_t m = 0; \
	if (f16_mods_ok(w, in)) return -1; \
	FOR_LANES(l) { float a = hsrc(w, in, 0, l), b = hsrc(w, in, 1, l); \
		if (expr) m |= 1ull << l; } \
	if (w->sim->fault_pending) return -1; \
	cmp_result(w, in, m); return 0; }
HCMP(v_cmp_lt_f16, a < b)
HCMP(v_cmp_eq_f16, a == b)
HCMP(v_cmp_le_f16, a <= b)
HCMP(v_cmp_gt_f16, a > b)
HCMP(v_cmp_lg_f16, a < b || a > b)
HCMP(v_cmp_ge_f16, a >= b)
HCMP(v_cmp_o_f16, !isnan(a) && !isnan(b))
HCMP(v_cmp_u_f16, isnan(a) || isnan(b))
HCMP(v_cmp_nge_f16, !(a >= b))
HCMP(v_cmp_nlg_f16, !(a < b || a > b))
HCMP(v_cmp_ngt_f16, !(a > b))
HCMP(v_cmp_nle_f16, !(a <= b))
HCMP(v_cmp_neq_f16, !(a == b))
HCMP(v_cmp_nlt_f16, !(a < b))

/*
 * v_pack_b32_f16: D = { S1.f16, S0.f16 } (S0 in the low half); op_sel
 * picks the high half of a source, abs/neg act on the sign bit.
 */
VOP(v_pack_b32_f16)
{
	if (in->omod || in->clamp || (in->op_sel & ~3u))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "v_pack_b32_f16 modifier not modelled");
	if (!vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		uint32_t h[2];

		for (unsigned i = 0; i < 2; i++) {
			uint32_t v = rd_v16f(w, in, in->src[i], l);

			h[i] = ((in->op_sel >> i) & 1 ? v >> 16 : v) & 0xffff;
			if ((in->abs >> i) & 1)
				h[i] &= 0x7fff;
			if ((in->neg >> i) & 1)
				h[i] ^= 0x8000;
		}
		w->v[in->dst][l] = h[0] | h[1] << 16;
	}
	return w->sim->fault_pending ? -1 : 0;
}

/*
 * v_cvt_pkrtz_f16_f32: D = { f16(S1), f16(S0) }, each rounded toward zero
 * whatever MODE says (the ISA names the rounding in the opcode); f32
 * inputs and f16 results follow the denormal modes.
 */
VOP(v_cvt_pkrtz_f16_f32)
{
	if (in->omod || in->clamp)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "v_cvt_pkrtz_f16_f32 omod/clamp not modelled");
	if (!vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		uint16_t lo = flush_out16(w, d2h_rm((double)fsrc(w, in, 0, l), 3));
		uint16_t hi = flush_out16(w, d2h_rm((double)fsrc(w, in, 1, l), 3));

		w->v[in->dst][l] = lo | (uint32_t)hi << 16;
	}
	return w->sim->fault_pending ? -1 : 0;
}

/*
 * v_div_fixup_f16 (the gfx9 VOP3 form with op_sel: bits 0-2 take the high
 * half of a source, bit 3 writes the high half and keeps the low one):
 * the special cases of div_fixup with f16 limits.
 */
VOP(v_div_fixup_f16)
{
	if (in->omod)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "omod on v_div_fixup_f16 is not modelled");
	if (!vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l) {
		float s[3];

		for (unsigned i = 0; i < 3; i++) {
			uint32_t v = rd_v16f(w, in, in->src[i], l);
			float f = h2f_in(w, (uint16_t)((in->op_sel >> i) & 1 ? v >> 16 : v));

			if ((in->abs >> i) & 1)
				f = fabsf(f);
			s[i] = (in->neg >> i) & 1 ? -f : f;
		}
		uint16_t r = hclamp(in, d2h_out(w, div_fixup(s[0], s[1], s[2], &fmt16)));
		uint32_t *d = &w->v[in->dst][l];

		*d = in->op_sel & 8 ? (*d & 0xffff) | (uint32_t)r << 16 : (*d & 0xffff0000u) | r;
	}
	return w->sim->fault_pending ? -1 : 0;
}
