// SPDX-License-Identifier: MIT
/*
 * VOP3 division support for f32, f64 and f16: v_div_scale, v_div_fmas
 * and v_div_fixup, in the order the compiler uses them.
 */
#include <math.h>
#include <string.h>

#include "valu.h"

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
	wr_mask(w, in->sdst, vcc);
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
	wr_mask(w, in->sdst, vcc);
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
		float s0 = hsrc_op_sel(w, in, 0, l), s1 = hsrc_op_sel(w, in, 1, l);
		float s2 = hsrc_op_sel(w, in, 2, l);

		put_op_sel(w, in, l, hclamp(w, in, d2h_out(w, div_fixup(s0, s1, s2, &fmt16))));
	}
	return sim_faulted(w->sim) ? -1 : 0;
}
