// SPDX-License-Identifier: MIT
/*
 * VOPC: the compares, in the ISA manual's order -- class, f16, f32, f64,
 * 16-bit, 32-bit (and gfx9's v_cmpx forms), 64-bit integers.  The
 * result mask goes to VCC (e32, SDWA: its SDST) or the VOP3 destination
 * pair; lanes outside EXEC read 0.
 */
#include <math.h>
#include <string.h>

#include "valu.h"

/* VOPC writes a whole lane mask (wave_size bits): inactive lanes read 0.
 * e32 -> VCC (VCC_LO in wave32)/SDWA sdst, e64 -> the SGPR (pair in
 * wave64) in the VOP3 vdst field. */
static void cmp_result(struct wave *w, const struct insn *in, uint64_t mask)
{
	wr_mask(w, in->enc == ENC_VOP3 ? in->dst : in->sdst, mask);
}

#define CMP(name, type, expr) VOP(name) { \
	uint32_t ta[WAVE_LANES], tb[WAVE_LANES]; uint64_t m = 0; \
	if (int_only(w, in)) return -1; \
	const uint32_t *A = src_lanes(w, in, 0, ta), *B = src_lanes(w, in, 1, tb); \
	for (unsigned l = 0; l < WAVE_LANES; l++) { type a = (type)A[l], b = (type)B[l]; \
		m |= (uint64_t)(expr) << l; } \
	if (sim_faulted(w->sim)) return -1; \
	cmp_result(w, in, m & w->exec); return 0; }
#define CMP64(name, expr) VOP(name) { \
	uint64_t A[WAVE_LANES], B[WAVE_LANES], m = 0; \
	if (int_only(w, in)) return -1; \
	src64_lanes(w, in, 0, A); src64_lanes(w, in, 1, B); \
	for (unsigned l = 0; l < WAVE_LANES; l++) { uint64_t a = A[l], b = B[l]; \
		m |= (uint64_t)(expr) << l; } \
	if (sim_faulted(w->sim)) return -1; \
	cmp_result(w, in, m & w->exec); return 0; }
/* Ordered compares are false on NaN; "neq" is the unordered not-equal. */
#define FCMP(name, expr) VOP(name) { \
	float A[WAVE_LANES], B[WAVE_LANES]; uint64_t m = 0; \
	if (no_sdwa(w, in)) return -1; \
	fsrc_lanes(w, in, 0, A); fsrc_lanes(w, in, 1, B); \
	for (unsigned l = 0; l < WAVE_LANES; l++) { float a = A[l], b = B[l]; \
		m |= (uint64_t)(expr) << l; } \
	if (sim_faulted(w->sim)) return -1; \
	cmp_result(w, in, m & w->exec); return 0; }
#define DCMP(name, expr) VOP(name) { \
	uint64_t m = 0; if (no_sdwa(w, in)) return -1; \
	FOR_LANES(l) { double a = dsrc(w, in, 0, l), b = dsrc(w, in, 1, l); \
		if (expr) m |= 1ull << l; } cmp_result(w, in, m); return 0; }
/* f16 compares: ordered ones are false on NaN, the "n" forms are their negations. */
#define HCMP(name, expr) VOP(name) { \
	uint64_t m = 0; \
	if (f16_mods_ok(w, in)) return -1; \
	FOR_LANES(l) { float a = hsrc(w, in, 0, l), b = hsrc(w, in, 1, l); \
		if (expr) m |= 1ull << l; } \
	if (sim_faulted(w->sim)) return -1; \
	cmp_result(w, in, m); return 0; }

/*
 * gfx9 v_cmpx_*: the compare result goes to VCC (or SDST) as for v_cmp,
 * and also to EXEC (GFX10 dropped the VCC write; gfx9 keeps both).
 * Lanes that were inactive read 0, so EXEC only ever shrinks.
 */
#define CMPX(name, base) VOP(name) { \
	if (x_##base(w, in)) return -1; \
	w->exec = rd_mask(w, in, in->enc == ENC_VOP3 ? in->dst : in->sdst); return 0; }

/*
 * gfx10+ v_cmpx_* (RDNA3 ISA, VOPC "V_CMPX_*": "EXEC = result"): the
 * mask goes to EXEC only, nothing to VCC or an SGPR; the VOP3 form's
 * VDST field holds EXEC_LO (126).  The base compare computes it, lanes
 * outside EXEC reading 0, so EXEC only shrinks.
 */
#define EXEC_LO_CODE 126
#define CMPX_EXEC(op) VOP(v_cmpx_##op##_exec) { \
	struct insn x = *in; x.dst = x.sdst = EXEC_LO_CODE; return x_v_cmp_##op(w, &x); }

/* ------------------------------------------------------------ class */
/* v_cmp_class (abs/neg from VOP3 only): S1 bits 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal,
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
	uint32_t andm = ~0u, xorm = 0;

	if (no_sdwa(w, in))
		return -1;
	if (in->enc == ENC_VOP3)
		src_mods(in, 0, false, &andm, &xorm);
	FOR_LANES(l) {
		uint32_t b = (rd_v32(w, in, in->src[0], l) & andm) ^ xorm;
		float x = f32(b);
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
	uint32_t andm = ~0u, xorm = 0;

	if (no_sdwa(w, in))
		return -1;
	if (in->enc == ENC_VOP3)
		src_mods(in, 0, false, &andm, &xorm);
	FOR_LANES(l) {
		uint64_t b = mods64(src64(w, in, 0, l, true), andm, xorm);
		double x = f64(b);
		bool snan = isnan(x) && !(b & (1ull << 51));
		unsigned bit = class_bit(x, snan, fpclassify(x) == FP_SUBNORMAL);

		if ((src(w, in, 1, l) >> bit) & 1)
			m |= 1ull << l;
	}
	cmp_result(w, in, m);
	return 0;
}

/* The f16 class compare: S1's mask bits as for v_cmp_class_f32. */
VOP(v_cmp_class_f16)
{
	uint64_t m = 0;
	uint32_t andm = ~0u, xorm = 0;

	if (f16_mods_ok(w, in))
		return -1;
	if (in->enc == ENC_VOP3)
		src_mods(in, 0, false, &andm, &xorm);
	FOR_LANES(l) {
		uint16_t b = (uint16_t)((src(w, in, 0, l) & (andm >> 16)) ^ (xorm >> 16));
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

/* -------------------------------------------------------------- f16 */
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

/* -------------------------------------------------------------- f32 */
FCMP(v_cmp_lt_f32, a < b)
FCMP(v_cmp_gt_f32, a > b)
FCMP(v_cmp_eq_f32, a == b)
FCMP(v_cmp_neq_f32, !(a == b))
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

/* -------------------------------------------------------------- f64 */
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

/* ------------------------------------------------------- 16-bit int */
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

/* ------------------------------------------------------- 32-bit int */
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

/* ------------------------------------------------------- 64-bit int */
CMP64(v_cmp_eq_u64, a == b)
CMP64(v_cmp_ne_u64, a != b)
CMP64(v_cmp_lt_u64, a < b)
CMP64(v_cmp_gt_u64, a > b)

CMP64(v_cmp_lt_i64, (int64_t)a < (int64_t)b)
CMP64(v_cmp_gt_i64, (int64_t)a > (int64_t)b)
CMP64(v_cmp_le_i64, (int64_t)a <= (int64_t)b)
CMP64(v_cmp_ge_i64, (int64_t)a >= (int64_t)b)
CMP64(v_cmp_le_u64, a <= b)
CMP64(v_cmp_ge_u64, a >= b)
CMP64(v_cmp_eq_i64, a == b)
CMP64(v_cmp_ne_i64, a != b)

/* The gfx11 v_cmpx forms (isa/gfx11.insns), one per base compare. */
CMPX_EXEC(class_f16)
CMPX_EXEC(class_f32)
CMPX_EXEC(class_f64)
CMPX_EXEC(eq_f16)
CMPX_EXEC(eq_f32)
CMPX_EXEC(eq_f64)
CMPX_EXEC(eq_i16)
CMPX_EXEC(eq_i32)
CMPX_EXEC(eq_i64)
CMPX_EXEC(eq_u16)
CMPX_EXEC(eq_u32)
CMPX_EXEC(eq_u64)
CMPX_EXEC(ge_f16)
CMPX_EXEC(ge_f32)
CMPX_EXEC(ge_f64)
CMPX_EXEC(ge_i16)
CMPX_EXEC(ge_i32)
CMPX_EXEC(ge_i64)
CMPX_EXEC(ge_u16)
CMPX_EXEC(ge_u32)
CMPX_EXEC(ge_u64)
CMPX_EXEC(gt_f16)
CMPX_EXEC(gt_f32)
CMPX_EXEC(gt_f64)
CMPX_EXEC(gt_i16)
CMPX_EXEC(gt_i32)
CMPX_EXEC(gt_i64)
CMPX_EXEC(gt_u16)
CMPX_EXEC(gt_u32)
CMPX_EXEC(gt_u64)
CMPX_EXEC(le_f16)
CMPX_EXEC(le_f32)
CMPX_EXEC(le_f64)
CMPX_EXEC(le_i16)
CMPX_EXEC(le_i32)
CMPX_EXEC(le_i64)
CMPX_EXEC(le_u16)
CMPX_EXEC(le_u32)
CMPX_EXEC(le_u64)
CMPX_EXEC(lg_f16)
CMPX_EXEC(lg_f32)
CMPX_EXEC(lg_f64)
CMPX_EXEC(lt_f16)
CMPX_EXEC(lt_f32)
CMPX_EXEC(lt_f64)
CMPX_EXEC(lt_i16)
CMPX_EXEC(lt_i32)
CMPX_EXEC(lt_i64)
CMPX_EXEC(lt_u16)
CMPX_EXEC(lt_u32)
CMPX_EXEC(lt_u64)
CMPX_EXEC(ne_i16)
CMPX_EXEC(ne_i32)
CMPX_EXEC(ne_i64)
CMPX_EXEC(ne_u16)
CMPX_EXEC(ne_u32)
CMPX_EXEC(ne_u64)
CMPX_EXEC(neq_f16)
CMPX_EXEC(neq_f32)
CMPX_EXEC(neq_f64)
CMPX_EXEC(nge_f16)
CMPX_EXEC(nge_f32)
CMPX_EXEC(nge_f64)
CMPX_EXEC(ngt_f16)
CMPX_EXEC(ngt_f32)
CMPX_EXEC(ngt_f64)
CMPX_EXEC(nle_f16)
CMPX_EXEC(nle_f32)
CMPX_EXEC(nle_f64)
CMPX_EXEC(nlg_f16)
CMPX_EXEC(nlg_f32)
CMPX_EXEC(nlg_f64)
CMPX_EXEC(nlt_f16)
CMPX_EXEC(nlt_f32)
CMPX_EXEC(nlt_f64)
CMPX_EXEC(o_f16)
CMPX_EXEC(o_f32)
CMPX_EXEC(o_f64)
CMPX_EXEC(u_f16)
CMPX_EXEC(u_f32)
CMPX_EXEC(u_f64)
