/* SPDX-License-Identifier: MIT */
/*
 * __ocml_cvtrt{n,p,z}_<to>_<from>: conversions rounded down, up or
 * towards zero, ROCm's names for what __double2float_rd, __int2float_ru,
 * __ll2double_rz and the other directed conversions call (bh/intrinsics.h).
 *
 * The plain conversion rounds to nearest even (the kernel's MODE; the
 * instructions or LLVM's expansions of the 64-bit ones round once).
 * Its result r is one of the two values of the target format around the
 * exact source value, or an infinity past the largest finite one; an
 * exact comparison of r with the source tells on which side the source
 * lies, and directed_*() (rounded.h) steps r to the other neighbour when
 * the mode wants it.  A NaN compares equal to nothing: it passes through.
 *
 * The integer comparisons: r is an integer whenever the source is (the
 * format holds every integer up to its precision exactly, and above it
 * only integers), so r converts back exactly unless it rounded up to
 * 2^63 (2^64 unsigned), which is then above the source.
 */
#include "rounded.h"

/* Which side of r the exact value lies: 1 above, -1 below, 0 at r. */
static inline int side_f32_f64(float r, double x)
{
	return x > (double)r ? 1 : x < (double)r ? -1 : 0;
}
static inline int side_i64(long long x, long long r)
{
	return x > r ? 1 : x < r ? -1 : 0;
}
static inline int side_u64(unsigned long long x, unsigned long long r)
{
	return x > r ? 1 : x < r ? -1 : 0;
}
/* r (a value of the target format, an integer) against the int64 x. */
#define SIDE_S64(r, x) ((r) >= 0x1p63 ? -1 : side_i64(x, (long long)(r)))
#define SIDE_U64(r, x) ((r) >= 0x1p64 ? -1 : side_u64(x, (unsigned long long)(r)))

#define CVT(to, T, from, S, SIDE)                                               \
	OCML_EXPORT OCML_CONST T __ocml_cvtrtn_##to##_##from(S x);              \
	OCML_EXPORT OCML_CONST T __ocml_cvtrtp_##to##_##from(S x);              \
	OCML_EXPORT OCML_CONST T __ocml_cvtrtz_##to##_##from(S x);              \
	T __ocml_cvtrtn_##to##_##from(S x)                                      \
	{                                                                       \
		T r = (T)x;                                                     \
		return directed_##to(r, SIDE(r, x), RND_TN);                    \
	}                                                                       \
	T __ocml_cvtrtp_##to##_##from(S x)                                      \
	{                                                                       \
		T r = (T)x;                                                     \
		return directed_##to(r, SIDE(r, x), RND_TP);                    \
	}                                                                       \
	T __ocml_cvtrtz_##to##_##from(S x)                                      \
	{                                                                       \
		T r = (T)x;                                                     \
		return directed_##to(r, SIDE(r, x), RND_TZ);                    \
	}

/* double to float: r widens exactly. */
#define SIDE_F64(r, x) side_f32_f64(r, x)
/* int and unsigned to float: r is within 2^32, so int64 holds it. */
#define SIDE_S32(r, x) side_i64(x, (long long)(r))
#define SIDE_U32(r, x) side_i64(x, (long long)(r))

CVT(f32, float, f64, double, SIDE_F64)
CVT(f32, float, s32, int32_t, SIDE_S32)
CVT(f32, float, u32, uint32_t, SIDE_U32)
CVT(f32, float, s64, int64_t, SIDE_S64)
CVT(f32, float, u64, uint64_t, SIDE_U64)
CVT(f64, double, s64, int64_t, SIDE_S64)
CVT(f64, double, u64, uint64_t, SIDE_U64)
