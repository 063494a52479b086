// SPDX-License-Identifier: MIT
/*
 * VALU f64 instructions in the ISA manual's order: VOP1 (conversions,
 * rounding, fract/frexp, rcp/rsq/sqrt), VOP2 (gfx90a's v_fmac_f64),
 * VOP3.  As for f32 (exec_valu_f32.c): host IEEE-754 arithmetic in
 * MODE's rounding (OP_ROUND_F64), the denormal mode applied by dsrc and
 * ddst (valu.h).  Compares are in exec_valu_cmp.c, division support in
 * exec_valu_div.c.
 */
#include <fenv.h>
#include <math.h>
#include <string.h>

#include "valu.h"

/* ------------------------------------------------------------- VOP1 */
CVT(v_cvt_i32_f64, 1, w->v[in->dst][l] = (uint32_t)cvt_i32(dsrc(w, in, 0, l)))
CVT(v_cvt_f64_i32, 2, ddst(w, in, l, (double)(int32_t)src(w, in, 0, l)))
CVT(v_cvt_f32_f64, 1, fdst(w, in, l, (float)dsrc(w, in, 0, l)))
CVT(v_cvt_f64_f32, 2, ddst(w, in, l, (double)fsrc(w, in, 0, l)))
CVT(v_cvt_f64_u32, 2, ddst(w, in, l, (double)src(w, in, 0, l)))
CVT(v_cvt_u32_f64, 1, w->v[in->dst][l] = cvt_u32(dsrc(w, in, 0, l)))
CVT(v_trunc_f64, 2, ddst(w, in, l, trunc(dsrc(w, in, 0, l))))
CVT(v_floor_f64, 2, ddst(w, in, l, floor(dsrc(w, in, 0, l))))
CVT(v_ceil_f64, 2, ddst(w, in, l, ceil(dsrc(w, in, 0, l))))
/* Ties to even whatever MODE says (rint under the host's default mode:
 * gen-isa.py leaves exact handlers out of the MODE rounding set). */
CVT(v_rndne_f64, 2, ddst(w, in, l, rint(dsrc(w, in, 0, l))))

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

/* ------------------------------------------------------------- VOP2 */
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

/* ------------------------------------------------------------- VOP3 */
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

/* min/max: the output denormal mode does not apply (see v_min_f32). */
#define FLOAT64_MINMAX(name, expr) VOP(name) { \
	bool keep = w->keep_out64; \
	if (!vdst_ok(w, in, 2)) return -1; \
	w->keep_out64 = true; \
	FOR_LANES(l) { double a = dsrc(w, in, 0, l), b = dsrc(w, in, 1, l); ddst(w, in, l, (expr)); } \
	w->keep_out64 = keep; return 0; }
FLOAT64_MINMAX(v_min_f64, min_ieee64(a, b))
FLOAT64_MINMAX(v_max_f64, max_ieee64(a, b))

VOP(v_ldexp_f64)
{
	if (!vdst_ok(w, in, 2))
		return -1;
	FOR_LANES(l)
		ddst(w, in, l, ldexp(dsrc(w, in, 0, l), clamp_exp(src(w, in, 1, l))));
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
