/*
 * Device math: sinf, std::sin, norm3d, __expf and the rest.  clang's own
 * HIP math headers (part of clang, not of ROCm) declare them for device
 * code, as clang's HIP runtime wrapper would; they call the __ocml_*
 * ABI, which barehip's firmware implements (firmware/math/), or clang
 * builtins the backend expands inline.  A function the firmware does
 * not have yet fails at the device link with "undefined symbol:
 * __ocml_<name>".
 */
#ifndef HIP_BH_MATH_H
#define HIP_BH_MATH_H

/*
 * The rounded operations (__fadd_rd, __fsqrt_rn, __ddiv_ru, ...) call
 * __ocml_<op>_rt{e,n,p,z}: all correctly rounded in their mode (without
 * this, clang maps __fsqrt_rn to the ~1 ulp native sqrt and offers no
 * _rd/_ru/_rz at all).
 */
#ifndef OCML_BASIC_ROUNDED_OPERATIONS
#define OCML_BASIC_ROUNDED_OPERATIONS 1
#endif

#include <cmath>
#include <cstdlib>
#include <__clang_hip_libdevice_declares.h>

/*
 * clang-19's definitions of these are moved out of the way (renamed
 * while its header is read) and replaced below:
 *  - normf, norm, rnormf, rnorm: a placeholder ("until OCML adds
 *    support") that sums the squares in the format itself, so the
 *    length overflows to inf from components of about 2^64 (f32) and
 *    2^512 (f64), and underflows to 0 (rnorm: inf) below 2^-75 and
 *    2^-538; CUDA's computes it without undue overflow or underflow;
 *  - scalblnf, scalbln: pass a long exponent below INT_MIN to the int
 *    of v_ldexp, truncated (scalblnf(1, -2^32 + 1) was 2, not 0);
 *  - __saturatef: returns NaN for NaN, and -0 for -0; CUDA's returns
 *    +0 for both;
 *  - nanf, nan: hand the 'x' of a "0x..." tag to the hex parser, which
 *    rejects it, so every hex tag gave payload 0;
 *  - __frsqrt_rn: is the bare v_rsq_f32 (about 1 ulp, denormal inputs
 *    read as 0: rsqrt(2^-149) was inf); CUDA's is correctly rounded.
 */
#define normf __bh_clang_normf
#define norm __bh_clang_norm
#define rnormf __bh_clang_rnormf
#define rnorm __bh_clang_rnorm
#define scalblnf __bh_clang_scalblnf
#define scalbln __bh_clang_scalbln
#define __saturatef __bh_clang_saturatef
#define nanf __bh_clang_nanf
#define nan __bh_clang_nan
#define __frsqrt_rn __bh_clang_frsqrt_rn
#include <__clang_hip_math.h>
#undef __frsqrt_rn
#undef nanf
#undef nan
#undef normf
#undef norm
#undef rnormf
#undef rnorm
#undef scalblnf
#undef scalbln
#undef __saturatef

/* firmware/math/norm.c and rnorm.c, scaled and within 1 ulp. */
extern "C" __device__ __attribute__((pure)) float __bh_norm_f32(int dim, const float *a);
extern "C" __device__ __attribute__((pure)) double __bh_norm_f64(int dim, const double *a);
extern "C" __device__ __attribute__((pure)) float __bh_rnorm_f32(int dim, const float *a);
extern "C" __device__ __attribute__((pure)) double __bh_rnorm_f64(int dim, const double *a);

static __device__ inline float normf(int dim, const float *a) { return __bh_norm_f32(dim, a); }
static __device__ inline double norm(int dim, const double *a) { return __bh_norm_f64(dim, a); }
static __device__ inline float rnormf(int dim, const float *a) { return __bh_rnorm_f32(dim, a); }
static __device__ inline double rnorm(int dim, const double *a) { return __bh_rnorm_f64(dim, a); }

/*
 * x 2^n for a long n: v_ldexp takes an int, and beyond the int range
 * every finite x has overflowed or underflowed already, so clamping n
 * changes nothing.
 */
static __device__ inline float scalblnf(float x, long n)
{
	return __builtin_amdgcn_ldexpf(x, n < INT_MIN ? INT_MIN : n > INT_MAX ? INT_MAX : (int)n);
}
static __device__ inline double scalbln(double x, long n)
{
	return __builtin_amdgcn_ldexp(x, n < INT_MIN ? INT_MIN : n > INT_MAX ? INT_MAX : (int)n);
}

/* Clamp to [+0, 1]; NaN gives +0 (CUDA's __saturatef). */
static __device__ inline float __saturatef(float x)
{
	return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f;
}

/*
 * 1/sqrt(x) correctly rounded.  In double: v_rsq_f64's estimate r (taken
 * as good to 2^-22) and one third-order step against the exact residual
 * e = 1 - x r^2 (x r = g + gl exactly) leave 5e^3/16 (2^-64) plus the
 * last rounding, 2^-53 relative.  Over every float (1/sqrt(x 4^k) =
 * 2^-k/sqrt(x), so x in [1, 4) decides; tests/math/intrin.hip checks it
 * exhaustively) the exact value is at least 2^-51.7 (relative) from a
 * midpoint of the float grid (closest at x = 0x1.7431c6p+1), so rounding
 * the double to float rounds it correctly.  ±0, inf, negatives and NaN: v_rsq's own IEEE
 * answers.
 */
static __device__ inline float __frsqrt_rn(float x)
{
	double d = x, r = __builtin_amdgcn_rsq(d);
	double g = d * r, gl = __builtin_fma(d, r, -g);
	double e = __builtin_fma(-gl, r, __builtin_fma(-g, r, 1.0));

	r = __builtin_fma(r * e, __builtin_fma(e, 0.375, 0.5), r);
	return (float)(x > 0.0f && x < __builtin_inff() ? r : __builtin_amdgcn_rsq(d));
}

/*
 * nan(tag): C99's strtod("NAN(tag)").  The payload is the tag read as an
 * unsigned integer, hex after 0x, octal after 0, else decimal (modulo
 * 2^64), or 0 when the tag is not such a number, kept to the bits below
 * the quiet bit: glibc's reading.
 */
static __device__ inline unsigned long long __bh_nan_payload(const char *t)
{
	unsigned long long r = 0;
	unsigned int base = 10;

	if (t[0] == '0') {
		base = 8;
		t++;
		if (*t == 'x' || *t == 'X') {
			base = 16;
			t++;
		}
	}
	for (; *t; t++) {
		unsigned int c = (unsigned char)*t, d;

		if (c - '0' < 10u)
			d = c - '0';
		else if ((c | 32u) - 'a' < 6u)
			d = (c | 32u) - 'a' + 10;
		else
			return 0;
		if (d >= base)
			return 0;
		r = r * base + d;
	}
	return r;
}
static __device__ inline float nanf(const char *tag)
{
	return __builtin_bit_cast(float, 0x7fc00000u | (unsigned int)(__bh_nan_payload(tag) & 0x3fffffu));
}
static __device__ inline double nan(const char *tag)
{
	return __builtin_bit_cast(double, 0x7ff8000000000000ull |
					      (__bh_nan_payload(tag) & 0x7ffffffffffffull));
}

#include <__clang_hip_stdlib.h>
#include <__clang_cuda_math_forward_declares.h>
#include <__clang_hip_cmath.h>

#endif /* HIP_BH_MATH_H */
