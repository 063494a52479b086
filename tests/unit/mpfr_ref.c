// SPDX-License-Identifier: MIT
/*
 * MPFR as the oracle (mpfr_ref.h).  Each format is emulated the way the
 * MPFR manual describes: the operation at the format's precision p, then
 * the exponent range narrowed to the format's (MPFR's exponent e means
 * [0.5, 1) * 2^e) with mpfr_check_range for overflow, then
 * mpfr_subnormalize (which uses the ternary value, so the result is
 * rounded once) for gradual underflow.
 */
#include <math.h>
#include <stdint.h>	/* before mpfr.h: mpfr_set_sj/uj */
#include <string.h>

#include <mpfr.h>

#include "mpfr_ref.h"

struct fmt {
	unsigned prec, exp_bits, bits;
	mpfr_exp_t emin, emax;
};

static const struct fmt fmts[] = {
	[REF_F16] = { 11, 5, 16, -23, 16 },
	[REF_F32] = { 24, 8, 32, -148, 128 },
	[REF_F64] = { 53, 11, 64, -1073, 1024 },
};

static const mpfr_rnd_t rnd[4] = { MPFR_RNDN, MPFR_RNDU, MPFR_RNDD, MPFR_RNDZ };

static uint64_t frac_mask(enum ref_fmt f) { return (1ull << (fmts[f].prec - 1)) - 1; }
static unsigned exp_shift(enum ref_fmt f) { return fmts[f].prec - 1; }
static uint64_t exp_max(enum ref_fmt f) { return (1ull << fmts[f].exp_bits) - 1; }
static uint64_t sign_bit(enum ref_fmt f) { return 1ull << (fmts[f].bits - 1); }

bool ref_is_nan(enum ref_fmt f, uint64_t b)
{
	return ((b >> exp_shift(f)) & exp_max(f)) == exp_max(f) && (b & frac_mask(f));
}

bool ref_is_quiet_nan(enum ref_fmt f, uint64_t b)
{
	return ref_is_nan(f, b) && ((b >> (exp_shift(f) - 1)) & 1);
}

bool ref_is_subnormal(enum ref_fmt f, uint64_t b)
{
	return ((b >> exp_shift(f)) & exp_max(f)) == 0 && (b & frac_mask(f));
}

uint64_t ref_flush(enum ref_fmt f, uint64_t b)
{
	return ref_is_subnormal(f, b) ? b & sign_bit(f) : b;
}

/* Exact value of @b (not NaN) into @x (precision >= 53). */
static void set_bits(mpfr_t x, enum ref_fmt f, uint64_t b)
{
	double d;

	if (f == REF_F64) {
		memcpy(&d, &b, 8);
	} else if (f == REF_F32) {
		float v;
		uint32_t w = (uint32_t)b;

		memcpy(&v, &w, 4);
		d = v;
	} else {
		uint64_t e = (b >> 10) & 31, m = b & 0x3ff;

		d = e == 31 ? INFINITY : e ? ldexp((double)(m | 0x400), (int)e - 25)
					     : ldexp((double)m, -24);
		if (b & 0x8000)
			d = -d;
	}
	mpfr_set_d(x, d, MPFR_RNDN);	/* exact */
}

/* @x, already rounded to the format and subnormalized, as bits. */
static uint64_t get_bits(mpfr_t x, enum ref_fmt f)
{
	if (mpfr_nan_p(x))
		return (exp_max(f) << exp_shift(f)) | 1ull << (exp_shift(f) - 1);
	double d = mpfr_get_d(x, MPFR_RNDN);	/* exact */
	uint64_t b;

	if (f == REF_F64) {
		memcpy(&b, &d, 8);
		return b;
	}
	if (f == REF_F32) {
		float v = (float)d;
		uint32_t w;

		memcpy(&w, &v, 4);
		return w;
	}
	uint64_t s = signbit(d) ? 0x8000 : 0;

	d = fabs(d);
	if (isinf(d))
		return s | 0x7c00;
	if (d == 0)
		return s;
	int e;
	double m = frexp(d, &e);	/* d = m * 2^e, m in [0.5, 1) */

	if (e <= -14)			/* subnormal: d = k * 2^-24 */
		return s | (uint64_t)ldexp(d, 24);
	return s | (uint64_t)(e + 14) << 10 | ((uint64_t)ldexp(m, 11) & 0x3ff);
}

/* Round the exact result of @op into format @out: the operation itself
 * runs at the format's precision in its exponent range. */
uint64_t ref_op(enum ref_op op, enum ref_fmt in, enum ref_fmt out, unsigned rm, uint64_t a,
		uint64_t b, uint64_t c)
{
	const struct fmt *o = &fmts[out];
	mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
	mpfr_t x, y, z, r;
	uint64_t res;
	int t;

	if (ref_is_nan(in, a) || (op != REF_CONVERT && ref_is_nan(in, b)) ||
	    (op == REF_FMA && ref_is_nan(in, c)))
		return (exp_max(out) << exp_shift(out)) | 1ull << (exp_shift(out) - 1);
	mpfr_inits2(64, x, y, z, (mpfr_ptr)0);
	mpfr_init2(r, o->prec);
	set_bits(x, in, a);
	set_bits(y, in, b);
	set_bits(z, in, c);
	switch (op) {
	case REF_ADD: t = mpfr_add(r, x, y, rnd[rm]); break;
	case REF_SUB: t = mpfr_sub(r, x, y, rnd[rm]); break;
	case REF_MUL: t = mpfr_mul(r, x, y, rnd[rm]); break;
	case REF_FMA: t = mpfr_fma(r, x, y, z, rnd[rm]); break;
	default: t = mpfr_set(r, x, rnd[rm]); break;
	}
	mpfr_set_emin(o->emin);
	mpfr_set_emax(o->emax);
	t = mpfr_check_range(r, t, rnd[rm]);
	mpfr_subnormalize(r, t, rnd[rm]);
	mpfr_set_emin(emin);
	mpfr_set_emax(emax);
	res = get_bits(r, out);
	mpfr_clears(x, y, z, r, (mpfr_ptr)0);
	return res;
}

uint64_t ref_from_int(int64_t v, bool is_unsigned, enum ref_fmt out, unsigned rm)
{
	const struct fmt *o = &fmts[out];
	mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
	mpfr_t r;
	uint64_t res;
	int t;

	mpfr_init2(r, o->prec);
	t = is_unsigned ? mpfr_set_uj(r, (uint64_t)v, rnd[rm]) : mpfr_set_sj(r, v, rnd[rm]);
	mpfr_set_emin(o->emin);
	mpfr_set_emax(o->emax);
	t = mpfr_check_range(r, t, rnd[rm]);
	mpfr_subnormalize(r, t, rnd[rm]);
	mpfr_set_emin(emin);
	mpfr_set_emax(emax);
	res = get_bits(r, out);
	mpfr_clear(r);
	return res;
}
