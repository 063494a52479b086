/* SPDX-License-Identifier: MIT */
/*
 * The device math library built for the x86-64 host (tests/sweep/, the
 * exhaustive f32 sweep): ocml.h includes this file instead of its amdgcn
 * declarations when BH_MATH_HOST is defined.
 *
 * Each __builtin_amdgcn_* the firmware uses becomes a host function with
 * the sim model's semantics for that instruction (boards/sim/model/
 * exec_valu_*.c).  The model has no callable function per operation: its
 * handlers are static VOP functions on a wave and a decoded instruction,
 * and their helpers (rcp_d, rev_trig, the 2/pi table) are static too.
 * So the expressions below repeat the model's host-libm expressions
 * operation for operation (same libm calls, same double-to-float
 * roundings), and tests/sweep/xcheck.hip checks each builtin and each
 * swept function bit for bit against the real instructions in the model.
 *
 * The modes are the defaults of a HIP compile (no -ffast-math, no
 * -fgpu-flush-denormals-to-zero): the kernel keeps f32 and f64 denormals
 * (RSRC1 FLOAT_DENORM_MODE 3), which is the host's IEEE arithmetic, and
 * f32 sqrt is correctly rounded.  Only the transcendental instructions
 * flush, whatever the mode, as the model does.
 */
#ifndef BH_MATH_HOST_H
#define BH_MATH_HOST_H

#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define MATH_FINITE_ONLY 0
#define MATH_UNSAFE 0
#define MATH_DAZ 0
#define MATH_CR_SQRT32 1

/*
 * A v_sin/v_cos argument the model faults on (|x| >= 256 revolutions):
 * counted here (the sweep reports it as an error for that input) and
 * the result is a NaN.  Defined by the program that links the host build.
 */
extern _Thread_local unsigned long bh_host_faults;
/* 2/pi as 38 32-bit words, MSB first (1216 bits; the model's table),
 * filled by the program before the first call (tests/sweep/host_rt.c). */
extern uint32_t bh_host_two_over_pi[38];

static inline float bh_host_flush32(float x)
{
	return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x;
}

/* An invalid operation gives the indeterminate NaN 0xffc00000. */
static inline float bh_host_trans_result(float x, double r)
{
	if (isnan(r) && !isnan(x))
		return -NAN;
	return (float)r;
}

/* v_rcp/v_rsq/v_sqrt/v_exp/v_log_f32: flushed input, the double result
 * rounded once to f32, flushed output. */
static inline float bh_host_trans32(float x, double (*fn)(double))
{
	x = bh_host_flush32(x);
	return bh_host_flush32(bh_host_trans_result(x, fn((double)x)));
}

static inline double bh_host_rcp_d(double x) { return 1.0 / x; }
static inline double bh_host_rsq_d(double x) { return 1.0 / sqrt(x); }
static inline double bh_host_exp2_d(double x) { return exp2(x); }
static inline double bh_host_log2_d(double x) { return log2(x); }

static inline float bh_host_rcpf(float x) { return bh_host_trans32(x, bh_host_rcp_d); }
static inline float bh_host_rsqf(float x) { return bh_host_trans32(x, bh_host_rsq_d); }
static inline float bh_host_sqrtf(float x) { return bh_host_trans32(x, sqrt); }
static inline float bh_host_exp2f(float x) { return bh_host_trans32(x, bh_host_exp2_d); }
static inline float bh_host_logf(float x) { return bh_host_trans32(x, bh_host_log2_d); }

/* f64 rcp/rsq: the exact value rounded once (the model's reading). */
static inline double bh_host_rcp(double x) { return bh_host_rcp_d(x); }
static inline double bh_host_rsq(double x) { return bh_host_rsq_d(x); }

/* M_PI (not in strict C11). */
#define BH_HOST_PI 0x1.921fb54442d18p+1

/* v_sin/v_cos_f32: the argument in revolutions, reduced exactly. */
static inline double bh_host_rev_trig(double x, int cosine)
{
	double t = 2 * (x - floor(x)), n = nearbyint(t), f = t - n;
	double v = cosine ? sin(BH_HOST_PI * (0.5 - fabs(f))) : sin(BH_HOST_PI * f);

	if (v == 0)
		return 0.0;
	return fmod(n, 2) != 0 ? -v : v;
}

static inline float bh_host_trig(float xf, int cosine)
{
	double x = xf;

	if (fabs(x) >= 256.0 && isfinite(x)) {
		bh_host_faults++;
		return NAN;
	}
	double v = isfinite(x) ? bh_host_rev_trig(x, cosine) : NAN;

	if (!cosine && x == 0)
		v = x;
	return bh_host_trans_result((float)x, v);
}

static inline float bh_host_sinf(float x) { return bh_host_trig(x, 0); }
static inline float bh_host_cosf(float x) { return bh_host_trig(x, 1); }

static inline float bh_host_fractf(float x)
{
	return isfinite(x) ? fminf(x - floorf(x), 0x1.fffffep-1f) : NAN;
}

static inline double bh_host_fract(double x)
{
	return isfinite(x) ? fmin(x - floor(x), 0x1.fffffffffffffp-1) : NAN;
}

/* v_ldexp: the exponent operand clamped (any |e| > 10000 saturates). */
static inline int bh_host_clamp_exp(int e)
{
	return e > 10000 ? 10000 : e < -10000 ? -10000 : e;
}

static inline float bh_host_ldexpf(float x, int e) { return ldexpf(x, bh_host_clamp_exp(e)); }
static inline double bh_host_ldexp(double x, int e) { return ldexp(x, bh_host_clamp_exp(e)); }

static inline float bh_host_frexp_mantf(float x)
{
	int e;

	return isfinite(x) ? frexpf(x, &e) : x;
}

static inline double bh_host_frexp_mant(double x)
{
	int e;

	return isfinite(x) ? frexp(x, &e) : x;
}

static inline int bh_host_frexp_expf(float x)
{
	int e = 0;

	if (isfinite(x))
		frexpf(x, &e);
	return e;
}

static inline int bh_host_frexp_exp(double x)
{
	int e = 0;

	if (isfinite(x))
		frexp(x, &e);
	return e;
}

/*
 * v_trig_preop_f64: bits [shift, shift + 53) of 2/pi times 2^(-53 - shift),
 * shift = 53 * seg plus the exponent excess over 1077, scaled by 2^128 for
 * huge arguments; only a denormal result rounds (toward zero).  A segment
 * past the table faults in the model: counted here.
 */
static inline double bh_host_trig_preop(double x, int seg)
{
	uint64_t xb;

	memcpy(&xb, &x, 8);
	unsigned e = (unsigned)(xb >> 52) & 0x7ff;
	unsigned shift = (unsigned)(seg & 31) * 53 + (e > 1077 ? e - 1077 : 0);

	if (shift + 53 > 1201) {
		bh_host_faults++;
		return NAN;
	}
	/* The 53 bits from a 96-bit window of three words (shift <= 1148,
	 * so the window ends within the 38 words). */
	unsigned k = shift / 32, o = shift % 32;
	unsigned __int128 w = (unsigned __int128)bh_host_two_over_pi[k] << 64 |
			      (uint64_t)bh_host_two_over_pi[k + 1] << 32 | bh_host_two_over_pi[k + 2];
	uint64_t r = (uint64_t)(w >> (96 - o - 53)) & ((1ull << 53) - 1);
	int scale = -53 - (int)shift + (e >= 1968 ? 128 : 0);

	/* A normal result is exact; only a denormal one rounds (toward
	 * zero, as the model's), which needs the host's mode switched. */
	if (r == 0 || 63 - __builtin_clzll(r) + scale >= -1022)
		return ldexp((double)r, scale);
	int mode = fegetround();

	fesetround(FE_TOWARDZERO);
	double v = ldexp((double)r, scale);

	fesetround(mode);
	return v;
}

#define __builtin_amdgcn_rcpf bh_host_rcpf
#define __builtin_amdgcn_rsqf bh_host_rsqf
#define __builtin_amdgcn_sqrtf bh_host_sqrtf
#define __builtin_amdgcn_exp2f bh_host_exp2f
#define __builtin_amdgcn_logf bh_host_logf
#define __builtin_amdgcn_sinf bh_host_sinf
#define __builtin_amdgcn_cosf bh_host_cosf
#define __builtin_amdgcn_fractf bh_host_fractf
#define __builtin_amdgcn_fract bh_host_fract
#define __builtin_amdgcn_rcp bh_host_rcp
#define __builtin_amdgcn_rsq bh_host_rsq
#define __builtin_amdgcn_ldexpf bh_host_ldexpf
#define __builtin_amdgcn_ldexp bh_host_ldexp
#define __builtin_amdgcn_frexp_mantf bh_host_frexp_mantf
#define __builtin_amdgcn_frexp_mant bh_host_frexp_mant
#define __builtin_amdgcn_frexp_expf bh_host_frexp_expf
#define __builtin_amdgcn_frexp_exp bh_host_frexp_exp
#define __builtin_amdgcn_trig_preop bh_host_trig_preop

#endif /* BH_MATH_HOST_H */
