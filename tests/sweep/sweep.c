// SPDX-License-Identifier: MIT
/*
 * The exhaustive f32 sweep: the device math library built for the host
 * (the C files of firmware/math with -DBH_MATH_HOST, builtins from host.h) run on
 * every one of the 2^32 inputs of a unary f32 function and compared
 * with the correctly rounded result.
 *
 *   sweep --xcheck FILE        compare the host build with the model's
 *                              results in FILE (written by xcheck.hip):
 *                              every function and builtin bit for bit
 *   sweep [options] FN...      sweep FN (names of fns.h SWEEP_FNS; "all")
 *     --stride S               every S-th input only (a documented subset;
 *                              S odd so every exponent and sign is hit)
 *     --threads T              worker threads (default 2)
 *     --rows                   machine-readable result rows
 *
 * The reference.  MPFR is the oracle (each function correctly rounded to
 * 24 bits with the f32 exponent range and denormals).  As MPFR is some
 * 100 times slower than the function under test, a double-precision
 * value d from glibc filters first: when every value within a relative
 * distance EPS of d rounds to the same f32 c, and the exact value lies
 * within EPS of d, then c is the correctly rounded result.  glibc's
 * test suite fails any double result more than 9 ulps off (the glibc
 * manual, "Errors in Math Functions"; its x86_64 table of known maximum
 * errors lists a few ulps for the functions used here), and 9 ulps is
 * below 2^-48 relative; EPS = 2^-40 leaves a factor of 2^8 over that.
 * The references that are not one glibc call (1/sqrt, 1/cbrt, sinpi and
 * cospi after an exact reduction) add at most an ulp or two.  This is
 * an empirical bound, not a proof, so the sweep
 * also recomputes one input in FILTER_CHECK with MPFR and stops with an
 * error if the filter's c ever differs.  Inputs that the filter cannot
 * decide (d near a rounding boundary, d zero, infinite or NaN) go to
 * MPFR.  The exact functions (sqrt, fabs, ceil, ...) take the exact
 * double value, which is their correctly rounded result.
 *
 * The error is the distance in f32 values from the correctly rounded
 * result, as tests/math/mtest.h counts it: NaN, infinities and zeros
 * (with their sign) must match exactly.
 */
#include <gmp.h>
#include <math.h>
#include <mpfr.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fns.h"
#include "host.h"

#define EPS 0x1p-40
#define FILTER_CHECK 4096

/* host.h's hooks. */
_Thread_local unsigned long bh_host_faults;
uint32_t bh_host_two_over_pi[38];

/* The host build's functions (hidden in the objects; linked statically). */
#define DECL(name, ...) float __ocml_##name##_f32(float x);
SWEEP_FNS(DECL)
XCHECK_FNS(DECL)

static float f32(uint32_t b)
{
	float f;

	memcpy(&f, &b, 4);
	return f;
}

static uint32_t bits32(float f)
{
	uint32_t b;

	memcpy(&b, &f, 4);
	return b;
}

/*
 * 2/pi's fraction bits for host.h's v_trig_preop, from MPFR: word k is
 * bits [32k, 32k + 32) after the binary point.
 */
static void init_two_over_pi(void)
{
	mpfr_t t;
	mpz_t z, w;

	mpfr_init2(t, 1400);
	mpz_init(z);
	mpz_init(w);
	mpfr_const_pi(t, MPFR_RNDN);
	mpfr_ui_div(t, 2, t, MPFR_RNDN);
	mpfr_mul_2ui(t, t, 38 * 32, MPFR_RNDN);
	mpfr_get_z(z, t, MPFR_RNDZ);
	for (int k = 37; k >= 0; k--) {
		mpz_fdiv_r_2exp(w, z, 32);
		bh_host_two_over_pi[k] = (uint32_t)mpz_get_ui(w);
		mpz_fdiv_q_2exp(z, z, 32);
	}
	mpfr_clear(t);
	mpz_clear(z);
	mpz_clear(w);
}

/* ----------------------------------------------------------- xcheck */
/* The host side of each builtin record (fns.h BUILTINS). */
struct fi {
	float x;
	int e;
};
struct di {
	double x;
	int e;
	int pad;
};

static void host_builtin(const char *name, const void *in, void *out)
{
	float f;
	double d;
	int e;
	struct fi a;
	struct di b;

#define B_F(nm) if (!strcmp(name, #nm)) { memcpy(&f, in, 4); f = bh_host_##nm(f); memcpy(out, &f, 4); return; }
#define B_FI(nm) if (!strcmp(name, #nm)) { memcpy(&f, in, 4); e = bh_host_##nm(f); memcpy(out, &e, 4); return; }
#define B_FxI(nm) if (!strcmp(name, #nm)) { memcpy(&a, in, sizeof a); f = bh_host_##nm(a.x, a.e); memcpy(out, &f, 4); return; }
#define B_D(nm) if (!strcmp(name, #nm)) { memcpy(&d, in, 8); d = bh_host_##nm(d); memcpy(out, &d, 8); return; }
#define B_DI(nm) if (!strcmp(name, #nm)) { memcpy(&d, in, 8); e = bh_host_##nm(d); memcpy(out, &e, 4); return; }
#define B_DxI(nm) if (!strcmp(name, #nm)) { memcpy(&b, in, sizeof b); d = bh_host_##nm(b.x, b.e); memcpy(out, &d, 8); return; }
#define HOST_B(nm, kind) B_##kind(nm)
	BUILTINS(HOST_B)
	fprintf(stderr, "sweep: --xcheck: unknown builtin %s\n", name);
	exit(1);
}

typedef float (*fn32)(float);

static fn32 host_fn(const char *name)
{
#define FIND(nm, ...) if (!strcmp(name, #nm)) return __ocml_##nm##_f32;
	SWEEP_FNS(FIND)
	XCHECK_FNS(FIND)
	return NULL;
}

/* Bits of a result of out_size bytes; NaNs of the same width compare
 * equal whatever their payload (counted apart). */
static int same(const void *a, const void *b, unsigned size, unsigned long *payload)
{
	if (!memcmp(a, b, size))
		return 1;
	if (size == 4) {
		float x, y;

		memcpy(&x, a, 4);
		memcpy(&y, b, 4);
		if (isnan(x) && isnan(y))
			return ++*payload, 1;
	} else if (size == 8) {
		double x, y;

		memcpy(&x, a, 8);
		memcpy(&y, b, 8);
		if (isnan(x) && isnan(y))
			return ++*payload, 1;
	}
	return 0;
}

static int xcheck(const char *path)
{
	FILE *f = fopen(path, "rb");
	struct xrec h;
	int bad = 0, records = 0;
	unsigned long total = 0;

	if (!f) {
		perror(path);
		return 1;
	}
	while (fread(&h, sizeof h, 1, f) == 1) {
		h.name[sizeof h.name - 1] = 0;
		if (h.n > (1u << 26) || h.in_size > 16 || h.out_size > 8) {
			fprintf(stderr, "sweep: %s: record %s: bad header\n", path, h.name);
			return 1;
		}
		unsigned char *in = malloc((size_t)h.n * h.in_size);
		unsigned char *out = malloc((size_t)h.n * h.out_size);

		if (!in || !out || fread(in, h.in_size, h.n, f) != h.n ||
		    fread(out, h.out_size, h.n, f) != h.n) {
			fprintf(stderr, "sweep: %s: record %s: truncated\n", path, h.name);
			return 1;
		}
		const char *bname = !strncmp(h.name, "__builtin_amdgcn_", 17) ? h.name + 17 : NULL;
		fn32 fn = bname ? NULL : host_fn(h.name);

		if (!bname && (!fn || h.in_size != 4 || h.out_size != 4)) {
			fprintf(stderr, "sweep: %s: record %s: not a function of this build\n",
				path, h.name);
			return 1;
		}
		unsigned long diff = 0, payload = 0;

		bh_host_faults = 0;
		for (unsigned i = 0; i < h.n; i++) {
			unsigned char got[8] = { 0 };

			if (bname) {
				host_builtin(bname, in + (size_t)i * h.in_size, got);
			} else {
				float x, y;

				memcpy(&x, in + (size_t)i * 4, 4);
				y = fn(x);
				memcpy(got, &y, 4);
			}
			if (same(got, out + (size_t)i * h.out_size, h.out_size, &payload))
				continue;
			if (diff++ < 3) {
				uint64_t gi = 0, wi = 0, xi = 0;

				memcpy(&gi, got, h.out_size);
				memcpy(&wi, out + (size_t)i * h.out_size, h.out_size);
				memcpy(&xi, in + (size_t)i * h.in_size, h.in_size < 8 ? h.in_size : 8);
				fprintf(stderr, "  %s: input 0x%llx: host 0x%llx, model 0x%llx\n",
					h.name, (unsigned long long)xi, (unsigned long long)gi,
					(unsigned long long)wi);
			}
		}
		if (bh_host_faults) {
			fprintf(stderr, "  %s: %lu inputs hit a model fault in the host build\n",
				h.name, bh_host_faults);
			diff++;
		}
		printf("XCHECK|%s|%u|%s|%lu\n", h.name, h.n, diff ? "DIFFER" : "identical", payload);
		if (diff)
			bad++;
		records++;
		total += h.n;
		free(in);
		free(out);
	}
	fclose(f);
	if (!records) {
		fprintf(stderr, "sweep: %s: no records\n", path);
		return 1;
	}
	if (bad) {
		printf("sweep --xcheck: FAIL: %d of %d records differ between host build and model\n",
		       bad, records);
		return 1;
	}
	printf("sweep --xcheck: PASS: %d records, %lu inputs, host build bit-identical to the model\n",
	       records, total);
	return 0;
}

/* ------------------------------------------------------- references */
typedef int (*mpfr_fn)(mpfr_t, const mpfr_t, mpfr_rnd_t);

static int m_rsqrt(mpfr_t r, const mpfr_t x, mpfr_rnd_t rnd) { return mpfr_rec_sqrt(r, x, rnd); }
static int m_rcbrt(mpfr_t r, const mpfr_t x, mpfr_rnd_t rnd) { return mpfr_rootn_si(r, x, -3, rnd); }
static int m_fabs(mpfr_t r, const mpfr_t x, mpfr_rnd_t rnd) { return mpfr_abs(r, x, rnd); }

/* sinpi/cospi in double: x reduced exactly to [-1, 1] (x - 2 round(x/2)
 * is exact for any f32 x in double), then to a quarter period so that
 * sin and cos are well conditioned: pi * r has error 2^-52 relative. */
static double pi_reduce(double x, int *quadrant)
{
	double r = x - 2 * nearbyint(x / 2);	/* [-1, 1] */
	double q = nearbyint(2 * r);		/* -2..2 */

	*quadrant = (int)q;
	return r - q / 2;			/* [-1/4, 1/4], exact */
}

static double d_sinpi(double x)
{
	int q;
	double f = pi_reduce(x, &q) * M_PI;

	switch (q) {
	case 0: return sin(f);
	case 1: return cos(f);
	case -1: return -cos(f);
	default: return -sin(f);
	}
}

static double d_cospi(double x)
{
	int q;
	double f = pi_reduce(x, &q) * M_PI;

	switch (q) {
	case 0: return cos(f);
	case 1: return -sin(f);
	case -1: return sin(f);
	default: return -cos(f);
	}
}

static double d_rsqrt(double x) { return 1.0 / sqrt(x); }
static double d_rcbrt(double x) { return 1.0 / cbrt(x); }

/* Special values where MPFR's convention differs from C/IEEE (as
 * tests/math's fix hooks): rsqrt(-0) = -inf; sinpi(±n) = ±0; cospi(n +
 * 1/2) = +0. */
enum fix_kind { FIX_NONE, FIX_RSQRT, FIX_SINPI, FIX_COSPI };

static enum fix_kind fix_kind(const char *name)
{
	return !strcmp(name, "rsqrt") ? FIX_RSQRT : !strcmp(name, "sinpi") ? FIX_SINPI :
	       !strcmp(name, "cospi") ? FIX_COSPI : FIX_NONE;
}

static int fix(enum fix_kind k, float x, float *want)
{
	switch (k) {
	case FIX_RSQRT:
		if (x == 0 && signbit(x)) {
			*want = -INFINITY;
			return 1;
		}
		return 0;
	case FIX_SINPI:
		if (isfinite(x) && x == floorf(x)) {
			*want = copysignf(0.0f, x);
			return 1;
		}
		return 0;
	case FIX_COSPI:
		if (isfinite(x) && x != floorf(x) && 2 * x == floorf(2 * x)) {
			*want = 0.0f;
			return 1;
		}
		return 0;
	default:
		return 0;
	}
}

struct fn {
	const char *name;
	fn32 f;
	double bound;
	double (*d)(double);	/* glibc double reference */
	mpfr_fn m;		/* MPFR, or NULL: d is exact */
	enum fix_kind fix;
};

#define REF(nm, dfn, mfn) if (!strcmp(name, #nm)) { fn->d = dfn; fn->m = mfn; return 1; }
static int set_refs(const char *name, struct fn *fn)
{
	REF(sin, sin, mpfr_sin) REF(cos, cos, mpfr_cos) REF(tan, tan, mpfr_tan)
	REF(sinpi, d_sinpi, mpfr_sinpi) REF(cospi, d_cospi, mpfr_cospi)
	REF(exp, exp, mpfr_exp) REF(exp2, exp2, mpfr_exp2) REF(exp10, exp10, mpfr_exp10)
	REF(expm1, expm1, mpfr_expm1)
	REF(log, log, mpfr_log) REF(log2, log2, mpfr_log2) REF(log10, log10, mpfr_log10)
	REF(log1p, log1p, mpfr_log1p)
	REF(asin, asin, mpfr_asin) REF(acos, acos, mpfr_acos) REF(atan, atan, mpfr_atan)
	REF(sinh, sinh, mpfr_sinh) REF(cosh, cosh, mpfr_cosh) REF(tanh, tanh, mpfr_tanh)
	REF(asinh, asinh, mpfr_asinh) REF(acosh, acosh, mpfr_acosh) REF(atanh, atanh, mpfr_atanh)
	REF(rsqrt, d_rsqrt, m_rsqrt) REF(cbrt, cbrt, mpfr_cbrt) REF(rcbrt, d_rcbrt, m_rcbrt)
	REF(erf, erf, mpfr_erf) REF(erfc, erfc, mpfr_erfc)
	/* Exact in double: the correctly rounded result itself. */
	REF(sqrt, sqrt, NULL) REF(fabs, fabs, NULL) REF(ceil, ceil, NULL)
	REF(floor, floor, NULL) REF(trunc, trunc, NULL) REF(rint, rint, NULL)
	REF(nearbyint, nearbyint, NULL) REF(round, round, NULL) REF(logb, logb, NULL)
	(void)m_fabs;
	return 0;
}

static int find_fn(const char *name, struct fn *fn)
{
	memset(fn, 0, sizeof *fn);
#define SET(nm, b) if (!strcmp(name, #nm)) { fn->name = #nm; fn->f = __ocml_##nm##_f32; fn->bound = b; }
	SWEEP_FNS(SET)
	fn->fix = fix_kind(name);
	return fn->name && set_refs(name, fn);
}

/* MPFR's correctly rounded f32 result (in the f32 exponent range). */
static float mpfr_ref(const struct fn *fn, float x, mpfr_t mx, mpfr_t r)
{
	mpfr_set_flt(mx, x, MPFR_RNDN);
	int t = fn->m(r, mx, MPFR_RNDN);

	t = mpfr_check_range(r, t, MPFR_RNDN);
	mpfr_subnormalize(r, t, MPFR_RNDN);
	return mpfr_get_flt(r, MPFR_RNDN);
}

/* The double filter: c if every value within EPS of d rounds to c. */
static int filter(double d, float *c)
{
	if (!isfinite(d) || d == 0)
		return 0;
	double m = fabs(d) * EPS;
	float lo = (float)(d - m), hi = (float)(d + m);

	if (bits32(lo) != bits32(hi))
		return 0;
	*c = lo;
	return 1;
}

/* Ulps between got and the correctly rounded want (mtest.h's rule). */
static double ulp_error(float got, float want)
{
	if (isnan(want) || isnan(got))
		return isnan(want) && isnan(got) ? 0 : INFINITY;
	if (isinf(want) || want == 0)
		return bits32(got) == bits32(want) ? 0 : INFINITY;
	if (isinf(got))
		return INFINITY;
	uint32_t a = bits32(got), b = bits32(want);
	int64_t oa = (a >> 31) ? -(int64_t)(a & 0x7fffffff) : (int64_t)a;
	int64_t ob = (b >> 31) ? -(int64_t)(b & 0x7fffffff) : (int64_t)b;

	return (double)(oa > ob ? oa - ob : ob - oa);
}

struct job {
	const struct fn *fn;
	uint64_t count, stride;
	_Atomic uint64_t next;	/* next chunk */
	pthread_mutex_t lock;
	/* merged results */
	double max_err;
	uint32_t worst;
	float worst_got, worst_want;
	uint64_t over, inputs, mpfr_calls, faults, filter_mismatch;
	uint32_t mismatch_x;
};

#define CHUNK 65536

static void *worker(void *arg)
{
	struct job *j = arg;
	const struct fn *fn = j->fn;
	mpfr_t mx, r;
	double max_err = -1;
	uint32_t worst = 0;
	float wg = 0, ww = 0;
	uint64_t over = 0, inputs = 0, calls = 0, faults = 0, fm = 0;
	uint32_t fm_x = 0;

	mpfr_set_emin(-148);	/* per thread (MPFR's state is thread-local) */
	mpfr_set_emax(128);
	mpfr_init2(mx, 24);
	mpfr_init2(r, 24);
	for (;;) {
		uint64_t c = atomic_fetch_add(&j->next, 1), lo = c * CHUNK;

		if (lo >= j->count)
			break;
		uint64_t hi = lo + CHUNK < j->count ? lo + CHUNK : j->count;

		for (uint64_t i = lo; i < hi; i++) {
			uint32_t xb = (uint32_t)(i * j->stride);
			float x = f32(xb), want, got;

			bh_host_faults = 0;
			got = fn->f(x);
			if (bh_host_faults) {
				faults++;
				got = NAN;
			}
			if (!fix(fn->fix, x, &want)) {
				double d = fn->d((double)x);

				if (!fn->m) {
					want = (float)d;
				} else if (filter(d, &want)) {
					if ((i & (FILTER_CHECK - 1)) == 0) {
						float m = mpfr_ref(fn, x, mx, r);

						calls++;
						if (bits32(m) != bits32(want))
							fm++, fm_x = xb;
					}
				} else {
					want = mpfr_ref(fn, x, mx, r);
					calls++;
				}
			}
			double e = bh_host_faults ? INFINITY : ulp_error(got, want);

			inputs++;
			if (e > fn->bound)
				over++;
			if (e > max_err) {
				max_err = e;
				worst = xb;
				wg = got;
				ww = want;
			}
		}
	}
	mpfr_clear(mx);
	mpfr_clear(r);
	mpfr_free_cache();
	pthread_mutex_lock(&j->lock);
	if (max_err > j->max_err) {
		j->max_err = max_err;
		j->worst = worst;
		j->worst_got = wg;
		j->worst_want = ww;
	}
	j->over += over;
	j->inputs += inputs;
	j->mpfr_calls += calls;
	j->faults += faults;
	j->filter_mismatch += fm;
	if (fm)
		j->mismatch_x = fm_x;
	pthread_mutex_unlock(&j->lock);
	return NULL;
}

static int sweep(const char *name, uint64_t stride, int threads, int rows)
{
	struct fn fn;
	struct job j;
	pthread_t t[64];
	struct timespec t0, t1;

	if (!find_fn(name, &fn)) {
		fprintf(stderr, "sweep: %s: not a swept function (tests/sweep/fns.h SWEEP_FNS)\n",
			name);
		return 2;
	}
	memset(&j, 0, sizeof j);
	j.fn = &fn;
	j.stride = stride;
	j.count = ((1ull << 32) + stride - 1) / stride;
	j.max_err = -1;
	pthread_mutex_init(&j.lock, NULL);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int i = 0; i < threads; i++)
		if (pthread_create(&t[i], NULL, worker, &j)) {
			fprintf(stderr, "sweep: %s: cannot start a thread\n", name);
			return 1;
		}
	for (int i = 0; i < threads; i++)
		pthread_join(t[i], NULL);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;

	if (j.filter_mismatch) {
		fprintf(stderr, "sweep: %s: the double filter disagreed with MPFR on %llu inputs "
			"(e.g. 0x%08x): its error bound does not hold\n", name,
			(unsigned long long)j.filter_mismatch, j.mismatch_x);
		return 1;
	}
	int pass = j.over == 0;

	if (rows)
		printf("SWEEP|%s|%llu|%llu|%g|0x%08x|%a|%a|%g|%llu|%s|%.0f|%llu\n", name,
		       (unsigned long long)j.inputs, (unsigned long long)stride, j.max_err, j.worst,
		       (double)j.worst_got, (double)j.worst_want, fn.bound,
		       (unsigned long long)j.over, pass ? "pass" : "FAIL", secs,
		       (unsigned long long)j.faults);
	else
		printf("  %-10s %llu inputs (stride %llu): max %g ulp at 0x%08x (%a -> %a, want %a), "
		       "bound %g, %llu over, %llu faults, %llu MPFR calls, %.0f s %s\n", name,
		       (unsigned long long)j.inputs, (unsigned long long)stride, j.max_err, j.worst,
		       (double)f32(j.worst), (double)j.worst_got, (double)j.worst_want, fn.bound,
		       (unsigned long long)j.over, (unsigned long long)j.faults,
		       (unsigned long long)j.mpfr_calls, secs, pass ? "PASS" : "FAIL");
	fflush(stdout);
	return pass ? 0 : 1;
}

int main(int argc, char **argv)
{
	uint64_t stride = 1;
	int threads = 2, rows = 0, rc = 0, any = 0;

	init_two_over_pi();
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--xcheck") && i + 1 < argc)
			return xcheck(argv[i + 1]);
		if (!strcmp(argv[i], "--stride") && i + 1 < argc) {
			stride = strtoull(argv[++i], NULL, 0);
			if (stride == 0 || stride % 2 == 0) {
				fprintf(stderr, "sweep: --stride must be odd\n");
				return 2;
			}
		} else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
			threads = atoi(argv[++i]);
			if (threads < 1 || threads > 64) {
				fprintf(stderr, "sweep: --threads must be 1..64\n");
				return 2;
			}
		} else if (!strcmp(argv[i], "--rows")) {
			rows = 1;
		} else if (!strcmp(argv[i], "all")) {
#define ALL(nm, ...) rc |= sweep(#nm, stride, threads, rows);
			SWEEP_FNS(ALL)
			any = 1;
		} else if (argv[i][0] != '-') {
			rc |= sweep(argv[i], stride, threads, rows);
			any = 1;
		} else {
			any = 0;
			break;
		}
	}
	if (!any) {
		fprintf(stderr, "usage: %s --xcheck FILE | [--stride S] [--threads T] [--rows] FN...|all\n",
			argv[0]);
		return 2;
	}
	return rc;
}
