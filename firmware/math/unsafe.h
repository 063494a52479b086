/* SPDX-License-Identifier: MIT */
/*
 * The unsafe-math forms of the f32 exponentials, logarithms and powers
 * (MATH_UNSAFE: -ffast-math or -funsafe-math-optimizations), the same
 * set ocml changes under __oclc_unsafe_math_opt.  Each is the bare
 * hardware instruction with one rounded product, as CUDA's __expf,
 * __exp10f, __logf, __log10f and __powf are, so the error is theirs:
 *   exp    2 + floor(|1.173 x|) ulp       exp10  2 + floor(|2.97 x|) ulp
 *   exp2   2 ulp                          log2   2 ulp, 2^-22 abs in [0.5, 2]
 *   log    3 ulp, 2^-21.41 abs in [0.5, 2]
 *   log10  3 ulp, 2^-24 abs in [0.5, 2]
 *   pow    2 + floor(|2.1 y log2|x||) ulp (exp2 of a product whose error
 *          grows with it: v_log's ulp and the product's rounding, times
 *          ln 2 and 2 ulp per relative 2^-23); a result within that
 *          error of the overflow threshold (|x^y| >= 2^127) may overflow
 * (tests/math/unsafe.hip checks them on the model, whose v_exp_f32 and
 * v_log_f32 are correctly rounded; exp10 reaches its bound there, and
 * hardware's 1-ulp instructions may add up to one ulp more).  Unsafe math is not
 * finite-only or DAZ: infinities, NaNs and denormals stay right.
 * v_exp_f32 flushes denormal results and v_log_f32 denormal inputs, so
 * those are moved 64 (exp) or 32 (log) binades into range and scaled
 * back, as ocml does; under DAZ that is skipped.
 */
#ifndef BH_UNSAFE_H
#define BH_UNSAFE_H

#include "ocml.h"

/* 2^t for any t: below -126 the result is a denormal v_exp_f32 flushes. */
static inline float unsafe_exp2_f32(float t)
{
	if (MATH_DAZ)
		return __builtin_amdgcn_exp2f(t);
	int s = t < -126.0f;

	return __builtin_amdgcn_exp2f(t + (s ? 64.0f : 0.0f)) * (s ? 0x1p-64f : 1.0f);
}

static inline float unsafe_exp_f32(float x)
{
	return unsafe_exp2_f32(x * 0x1.715476p+0f);	/* log2(e) */
}

static inline float unsafe_exp10_f32(float x)
{
	return unsafe_exp2_f32(x * 0x1.a934f0p+1f);	/* log2(10) */
}

/*
 * log2(x) + k: a denormal x (v_log_f32 reads it as a zero) is scaled by
 * 2^32 first and @k lowered by 32, so a negative one still gives NaN.
 * Zeros, infinities and NaNs (scaled or not) give v_log_f32's -inf,
 * NaN for negatives, +inf and NaN.
 */
static inline float unsafe_log2_scaled_f32(float x, float *k)
{
	int s = !MATH_DAZ && __builtin_fabsf(x) < 0x1p-126f;

	*k = s ? -32.0f : 0.0f;
	return __builtin_amdgcn_logf(x * (s ? 0x1p+32f : 1.0f));
}

static inline float unsafe_log2_f32(float x)
{
	float k, l = unsafe_log2_scaled_f32(x, &k);

	return l + k;
}

/* (log2(x) + k) * c in one rounding, from the scaled log2. */
static inline float unsafe_logc_f32(float x, float c)
{
	float k, l = unsafe_log2_scaled_f32(x, &k);

	return __builtin_fmaf(l, c, k * c);
}

static inline float unsafe_log_f32(float x)
{
	return unsafe_logc_f32(x, 0x1.62e430p-1f);	/* ln(2) */
}

static inline float unsafe_log10_f32(float x)
{
	return unsafe_logc_f32(x, 0x1.344136p-2f);	/* log10(2) */
}

/* |x|^y for the pow family's core; the callers keep their special cases. */
static inline float unsafe_powcore_f32(float ax, float y)
{
	return unsafe_exp2_f32(y * unsafe_log2_f32(ax));
}

#endif /* BH_UNSAFE_H */
