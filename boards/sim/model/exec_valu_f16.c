// SPDX-License-Identifier: MIT
/*
 * VALU f16 instructions (VOP2, VOP1 and their VOP3 forms, then the
 * VOP3-only ones): results in the low half with the high half zeroed, or
 * placed by an SDWA destination select; sources, modifiers and clamp as
 * valu.h's hsrc, f16_mods_ok and hclamp describe.  Each result is the
 * exact value rounded once in MODE's f16 rounding mode (half.h,
 * fpmode.h).  v_fma_f16 and packed f16 are in exec_vpacked.c, f16
 * compares in exec_valu_cmp.c, v_div_fixup_f16 in exec_valu_div.c.
 */
#include <math.h>
#include <string.h>

#include "valu.h"

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
	H_RCP, H_RSQ, H_LOG, H_EXP, H_SIN, H_COS, H_FRACT, H_FREXP_MANT, H_FREXP_EXP, H_LDEXP,
	H_FMAC, H_FMAMK, H_FMAAK };

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
	/* v_fmac_f16's accumulator is the destination: VOP3 has no src2
	 * modifiers for it (LLVM's VOP3 form carries none). */
	if (op == H_FMAC && in->enc == ENC_VOP3 && ((in->abs | in->neg) & 4))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "abs/neg on v_fmac_f16's accumulator is not modelled");
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
			/* D = S0 * S1 + D.f16 (the low half of the old destination) */
			case H_FMAC: h = fma16_out(w, a, b, h2f_in(w, (uint16_t)w->v[in->dst][l])); break;
			/* K: the literal's low 16 bits, an f16 (input denormal mode) */
			case H_FMAMK: h = fma16_out(w, a, h2f_in(w, (uint16_t)in->literal), b); break;
			case H_FMAAK: h = fma16_out(w, a, b, h2f_in(w, (uint16_t)in->literal)); break;
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
		r[l] = hclamp(w, in, h);
	}
	if (sim_faulted(w->sim))
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
/*
 * gfx11's VOP2 f16 multiply-adds (gfx10+; gfx9 has only v_mac_f16 /
 * v_madmk_f16 / v_madak_f16, not modelled): one fused a*b+c rounded once
 * in MODE's f16 rounding mode (fma16_out).  The result goes to the low
 * half and the high half is zeroed, the model's convention for these f16
 * results on gfx9 and gfx11 alike; whether gfx11 hardware zeroes or
 * preserves the high half is not verified (LLVM does not rely on either
 * for gfx10+: GCNSubtarget::zeroesHigh16BitsOfDest).
 */
VOP(v_fmac_f16) { return f16_op(w, in, H_FMAC); }
VOP(v_fmamk_f16) { return f16_op(w, in, H_FMAMK); }
VOP(v_fmaak_f16) { return f16_op(w, in, H_FMAAK); }

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

		r[l] = hclamp(w, in, flush_out16(w, d2h(v)));
	}
	if (sim_faulted(w->sim))
		return -1;
	put_int(w, in, r);
	return 0;
}
VOP(v_min3_f16) { return f16_3(w, in, 0); }
VOP(v_max3_f16) { return f16_3(w, in, 1); }
VOP(v_med3_f16) { return f16_3(w, in, 2); }

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
	return sim_faulted(w->sim) ? -1 : 0;
}

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
	return sim_faulted(w->sim) ? -1 : 0;
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
	return sim_faulted(w->sim) ? -1 : 0;
}
