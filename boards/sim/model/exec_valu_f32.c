// SPDX-License-Identifier: MIT
/*
 * VALU f32 instructions in the ISA manual's order: VOP2, VOP1 (the
 * conversions to and from integers among them), VOP3.  f32 arithmetic
 * is the host's IEEE-754 arithmetic, bit-exact for add, mul, fma and
 * conversions, in the rounding mode of MODE.FP_ROUND (handlers flagged
 * OP_ROUND_F32 run with the host mode set, fpmode.c).  Denormal inputs
 * and results are kept or flushed per MODE.FP_DENORM (valu.h: fsrc,
 * fdst, fsrc_lanes, fdst_lanes).  NaN results are quiet; their payload
 * follows the host (x86 propagates the first NaN operand), which AMD
 * documents only as "quiet NaN" -- an unverified detail.  Compares are
 * in exec_valu_cmp.c, division support in exec_valu_div.c.
 */
#include <math.h>
#include <string.h>

#include "valu.h"

/* ------------------------------------------------------------- VOP2 */
#define FLOAT2(name, expr) VOP(name) { \
	float A[WAVE_LANES], B[WAVE_LANES], R[WAVE_LANES]; \
	if (no_sdwa(w, in) || !vdst_ok(w, in, 1)) return -1; \
	fsrc_lanes(w, in, 0, A); fsrc_lanes(w, in, 1, B); \
	for (unsigned l = 0; l < WAVE_LANES; l++) { float a = A[l], b = B[l]; R[l] = (expr); } \
	if (sim_faulted(w->sim)) return -1; \
	fdst_lanes(w, in, R); return 0; }
FLOAT2(v_add_f32, a + b)
FLOAT2(v_sub_f32, a - b)
FLOAT2(v_subrev_f32, b - a)
FLOAT2(v_mul_f32, a * b)
/*
 * gfx11 V_MUL_DX9_ZERO_F32 (RDNA3 ISA pseudocode): "if S0 == 0.0 or
 * S1 == 0.0 then D = 0.0 else D = S0 * S1" -- DX9's rule that 0 times
 * anything, inf and NaN included, is +0.  The test is on the operands
 * after their modifiers and the denormal input flush, so a flushed
 * denormal counts as zero.  gen-isa.py does not flag it OP_ROUND_F32:
 * it sets the rounding mode itself.
 */
static int mul_dx9_zero(struct wave *w, const struct insn *in)
{
	float A[WAVE_LANES], B[WAVE_LANES], R[WAVE_LANES];

	if (no_sdwa(w, in) || !vdst_ok(w, in, 1))
		return -1;
	fsrc_lanes(w, in, 0, A);
	fsrc_lanes(w, in, 1, B);
	for (unsigned l = 0; l < WAVE_LANES; l++)
		R[l] = A[l] == 0.0f || B[l] == 0.0f ? 0.0f : A[l] * B[l];
	if (sim_faulted(w->sim))
		return -1;
	fdst_lanes(w, in, R);
	return 0;
}
VOP(v_mul_dx9_zero_f32) { return exec_round32(w, in, mul_dx9_zero); }
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
	if (sim_faulted(w->sim)) return -1; \
	w->keep_out32 = ~0u; fdst_lanes(w, in, R); w->keep_out32 = keep; return 0; }
FLOAT2_MINMAX(v_min_f32, min_ieee32(a, b))
FLOAT2_MINMAX(v_max_f32, max_ieee32(a, b))

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

VOP(v_fmac_f32)
{
	if (no_sdwa(w, in) || !vdst_ok(w, in, 1))
		return -1;
	float A[WAVE_LANES], B[WAVE_LANES], R[WAVE_LANES];

	fsrc_lanes(w, in, 0, A);
	fsrc_lanes(w, in, 1, B);
	for (unsigned l = 0; l < WAVE_LANES; l++)
		R[l] = fmaf(A[l], B[l], flush_in32(w, f32(w->v[in->dst][l])));
	if (sim_faulted(w->sim))
		return -1;
	fdst_lanes(w, in, R);
	return 0;
}

/* ------------------------------------------------------------- VOP1 */
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
CVT_FROM_INT(v_cvt_f32_ubyte0, fdst(w, in, l, (float)(src(w, in, 0, l) & 0xff)))
CVT_FROM_INT(v_cvt_f32_ubyte1, fdst(w, in, l, (float)((src(w, in, 0, l) >> 8) & 0xff)))
CVT_FROM_INT(v_cvt_f32_ubyte2, fdst(w, in, l, (float)((src(w, in, 0, l) >> 16) & 0xff)))
CVT_FROM_INT(v_cvt_f32_ubyte3, fdst(w, in, l, (float)(src(w, in, 0, l) >> 24)))
CVT(v_trunc_f32, 1, fdst(w, in, l, truncf(fsrc(w, in, 0, l))))
CVT(v_floor_f32, 1, fdst(w, in, l, floorf(fsrc(w, in, 0, l))))
CVT(v_ceil_f32, 1, fdst(w, in, l, ceilf(fsrc(w, in, 0, l))))
CVT(v_rndne_f32, 1, fdst(w, in, l, rintf(fsrc(w, in, 0, l))))

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
static double exp2_d(double x) { return exp2(x); }
static double log2_d(double x) { return log2(x); }
VOP(v_rcp_f32) { return trans_f32(w, in, rcp_d); }
VOP(v_rsq_f32) { return trans_f32(w, in, rsq_d); }
VOP(v_sqrt_f32) { return trans_f32(w, in, sqrt); }
VOP(v_exp_f32) { return trans_f32(w, in, exp2_d); }
VOP(v_log_f32) { return trans_f32(w, in, log2_d); }

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

/* ------------------------------------------------------------- VOP3 */
VOP(v_mad_f32)
{
	if (!vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l)
		fdst(w, in, l, legacy_mad(fsrc(w, in, 0, l), fsrc(w, in, 1, l), fsrc(w, in, 2, l)));
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
	if (sim_faulted(w->sim))
		return -1;
	fdst_lanes(w, in, R);
	return 0;
}

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
	if (sim_faulted(w->sim)) return -1; \
	fdst_lanes(w, in, R); return 0; }

FLOAT3(v_min3_f32, min_ieee32(min_ieee32(a, b), c))
FLOAT3(v_max3_f32, max_ieee32(max_ieee32(a, b), c))
FLOAT3(v_med3_f32, med3_f(a, b, c))
/*
 * Cube-map face selection (v_cubeid/sc/tc/ma, as LLVM folds them in
 * ConstantFoldAMDGCNCubeIntrinsic): the major axis is z if |z| >= |x|
 * and |z| >= |y|, else y if |y| >= |x|, else x; the face id is 2 * axis
 * plus 1 for a negative direction; sc and tc are the face's s and t
 * numerators (GL's table); cubema is 2 * the signed major coordinate.
 * -0 and NaN count as positive (the sign tests are "< 0").
 */
static void cube_face(float x, float y, float z, float *id, float *sc, float *tc, float *ma)
{
	if (fabsf(z) >= fabsf(x) && fabsf(z) >= fabsf(y)) {
		*id = z < 0 ? 5.0f : 4.0f;
		*sc = z < 0 ? -x : x;
		*tc = -y;
		*ma = z;
	} else if (fabsf(y) >= fabsf(x)) {
		*id = y < 0 ? 3.0f : 2.0f;
		*sc = x;
		*tc = y < 0 ? -z : z;
		*ma = y;
	} else {
		*id = x < 0 ? 1.0f : 0.0f;
		*sc = x < 0 ? z : -z;
		*tc = -y;
		*ma = x;
	}
	*ma *= 2.0f;
}

static float cube_id(float x, float y, float z)
{
	float r[4];

	cube_face(x, y, z, &r[0], &r[1], &r[2], &r[3]);
	return r[0];
}

static float cube_sc(float x, float y, float z)
{
	float r[4];

	cube_face(x, y, z, &r[0], &r[1], &r[2], &r[3]);
	return r[1];
}

static float cube_tc(float x, float y, float z)
{
	float r[4];

	cube_face(x, y, z, &r[0], &r[1], &r[2], &r[3]);
	return r[2];
}

static float cube_ma(float x, float y, float z)
{
	float r[4];

	cube_face(x, y, z, &r[0], &r[1], &r[2], &r[3]);
	return r[3];
}

FLOAT3(v_cubeid_f32, cube_id(a, b, c))
FLOAT3(v_cubesc_f32, cube_sc(a, b, c))
FLOAT3(v_cubetc_f32, cube_tc(a, b, c))
FLOAT3(v_cubema_f32, cube_ma(a, b, c))
/* gfx11 (RDNA3 ISA, V_MAXMIN_F32 / V_MINMAX_F32): the two IEEE-mode
 * operations of v_max_f32 and v_min_f32 in turn, NaN rules included. */
FLOAT3(v_maxmin_f32, min_ieee32(max_ieee32(a, b), c))
FLOAT3(v_minmax_f32, max_ieee32(min_ieee32(a, b), c))

VOP(v_ldexp_f32)
{
	if (!vdst_ok(w, in, 1))
		return -1;
	FOR_LANES(l)
		fdst(w, in, l, ldexpf(fsrc(w, in, 0, l), clamp_exp(src(w, in, 1, l))));
	return 0;
}
