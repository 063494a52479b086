/* SPDX-License-Identifier: MIT */
/*
 * Shared definitions of barehip's device math library (firmware/math/).
 *
 * Every file implements one function of the __ocml_<fn>_f32/_f64 ABI
 * that clang-19's __clang_hip_math.h calls (docs/facts/devlib.md §1), in both
 * precisions: special cases first, then the computation.  The hardware's
 * exact helpers (v_ldexp, v_frexp_mant/exp, v_fract, v_rcp, v_rsq,
 * v_trig_preop) come in through the amdgcn builtins below.
 */
#ifndef BH_OCML_H
#define BH_OCML_H

#include <stdint.h>

#define OCML_EXPORT __attribute__((visibility("hidden")))
#define OCML_CONST __attribute__((const))
#ifdef BH_MATH_HOST
/* The host build of tests/sweep: builtins and modes from host.h. */
#include "host.h"
#define OCML_PRIVATE
#else
#define OCML_PRIVATE __attribute__((address_space(5)))
#endif

static inline uint32_t as_u32(float x) { return __builtin_bit_cast(uint32_t, x); }
static inline float as_f32(uint32_t x) { return __builtin_bit_cast(float, x); }
static inline uint64_t as_u64(double x) { return __builtin_bit_cast(uint64_t, x); }
static inline double as_f64(uint64_t x) { return __builtin_bit_cast(double, x); }

#define BH_INF_F32 __builtin_inff()
#define BH_INF_F64 __builtin_inf()
#define BH_NAN_F32 __builtin_nanf("")
#define BH_NAN_F64 __builtin_nan("")

/*
 * The math modes, fixed per code object: barehip-cc links one definition
 * of each (firmware/modes/mode.c), chosen by the compile flags, and LTO
 * folds every test of them away.
 *   MATH_FINITE_ONLY  -ffast-math, -ffinite-math-only: no inf or NaN in or
 *                     out, so special-case selections may be skipped;
 *   MATH_UNSAFE       -ffast-math, -funsafe-math-optimizations: lower
 *                     accuracy allowed;
 *   MATH_DAZ          -fgpu-flush-denormals-to-zero: f32 denormals are
 *                     zeros (no rescaling for them);
 *   MATH_CR_SQRT32    (default; off with -fno-hip-fp32-correctly-rounded-
 *                     divide-sqrt): f32 sqrt correctly rounded.
 */
#ifndef BH_MATH_HOST
extern const __attribute__((address_space(4))) unsigned char __oclc_finite_only_opt;
extern const __attribute__((address_space(4))) unsigned char __oclc_unsafe_math_opt;
extern const __attribute__((address_space(4))) unsigned char __oclc_daz_opt;
extern const __attribute__((address_space(4))) unsigned char __oclc_correctly_rounded_sqrt32;
#define MATH_FINITE_ONLY (__oclc_finite_only_opt != 0)
#define MATH_UNSAFE (__oclc_unsafe_math_opt != 0)
#define MATH_DAZ (__oclc_daz_opt != 0)
#define MATH_CR_SQRT32 (__oclc_correctly_rounded_sqrt32 != 0)
#endif

/* Exact helpers: v_ldexp, v_frexp_mant (in [0.5, 1)), v_frexp_exp. */
static inline float ldexp_f32(float x, int e) { return __builtin_amdgcn_ldexpf(x, e); }
static inline double ldexp_f64(double x, int e) { return __builtin_amdgcn_ldexp(x, e); }
static inline float mant_f32(float x) { return __builtin_amdgcn_frexp_mantf(x); }
static inline double mant_f64(double x) { return __builtin_amdgcn_frexp_mant(x); }
static inline int exp_f32(float x) { return __builtin_amdgcn_frexp_expf(x); }
static inline int exp_f64(double x) { return __builtin_amdgcn_frexp_exp(x); }

static inline int isnan_f32(float x) { return __builtin_isnan(x); }
static inline int isnan_f64(double x) { return __builtin_isnan(x); }
static inline int isinf_f32(float x) { return __builtin_isinf(x); }
static inline int isinf_f64(double x) { return __builtin_isinf(x); }

/*
 * 1/y for y in [0.5, 1): v_rcp_f32 is within 1 ulp; for f64 one Newton
 * step on v_rcp_f64 gives about 2^-52 relative error.
 */
static inline float rcp_f32(float y) { return __builtin_amdgcn_rcpf(y); }
static inline double rcp_f64(double y)
{
	double r = __builtin_amdgcn_rcp(y);
	double e = __builtin_fma(-y, r, 1.0);

	r = __builtin_fma(r, e, r);
	e = __builtin_fma(-y, r, 1.0);
	return __builtin_fma(r, e, r);
}

#endif /* BH_OCML_H */
