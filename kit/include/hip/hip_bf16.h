/*
 * barehip: <hip/hip_bf16.h>, bfloat16 as ROCm defines it:
 * __hip_bfloat16, __hip_bfloat162 and their raw forms, conversions,
 * operators, comparisons, arithmetic, math, shuffles and atomics, on the
 * device and (all but the math and the atomics) on the host.
 *
 * A bfloat16 is the high half of a float, so every bfloat16 widens to a
 * float exactly and the work is done in float: each arithmetic result
 * is the float result rounded once to bfloat16 (correctly rounded for
 * + - * / sqrt and fma's float-exact product: float's 24 bits >= 2 * 8
 * + 2), the math functions the ocml float function rounded once (within
 * 1 bfloat16 ulp, tests/math/bf16.hip).  Rounding to bfloat16 works on
 * the float's bits (ties to even, NaN stays a quiet NaN).
 *
 * Where ROCm's header and CUDA's documentation differ, barehip follows
 * the documented behaviour, as hip_fp16.h does: conversions to integers
 * round in their mode and saturate (NaN -> 0), conversions from
 * integers and double round once in their mode; the half2-style
 * predicates are lane by lane (__hgt2's high lane, the < operators of
 * __hip_bfloat162, __hbneu2 are each correct here); __hisinf returns
 * -1 for -inf.
 */
#ifndef HIP_BF16_H
#define HIP_BF16_H

#include <hip/hip_runtime.h>

#define __BH_BF __host__ __device__ inline

struct __attribute__((aligned(2))) __hip_bfloat16_raw {
	unsigned short x;
};
struct __attribute__((aligned(4))) __hip_bfloat162_raw {
	unsigned short x;
	unsigned short y;
};

/* ------------------------------------------------- bits and rounding */
__BH_BF float __bh_bf_to_f(unsigned short b)
{
	return __builtin_bit_cast(float, (unsigned int)b << 16);
}

/* f rounded to bfloat16 bits: mode 0 nearest even, 1 towards zero, 2 down, 3 up. */
__BH_BF unsigned short __bh_f_to_bf(float f, int mode)
{
	unsigned int u = __builtin_bit_cast(unsigned int, f);
	unsigned int hi = u >> 16, lo = u & 0xffff;
	bool neg = u >> 31;

	if ((u & 0x7fffffff) > 0x7f800000)
		return (unsigned short)(hi | 0x40);	/* quiet NaN, sign kept */
	switch (mode) {
	case 0:
		return (unsigned short)((u + 0x7fff + (hi & 1)) >> 16);
	case 1:
		return (unsigned short)hi;
	case 2:		/* down: magnitude up for negatives */
		return (unsigned short)(hi + (neg && lo ? 1 : 0));
	default:	/* up: magnitude up for positives */
		return (unsigned short)(hi + (!neg && lo ? 1 : 0));
	}
}

/*
 * A wider value rounded once: first to float towards zero with a sticky
 * last bit ("round to odd", exact when it fits), then to bfloat16 in the
 * mode -- float keeps 16 bits more than bfloat16, so the second rounding
 * sees what the first dropped.
 */
__BH_BF float __bh_odd_from_mag(unsigned long long m, bool neg)
{
	int shift = 0;
	unsigned long long t = m;

	while (t >> 24) {
		t >>= 1;
		shift++;
	}
	unsigned long long kept = m >> shift;
	if (shift && (m & ((1ull << shift) - 1)))
		kept |= 1;
	float f = (float)kept * __builtin_bit_cast(float, (unsigned int)(127 + shift) << 23);

	return neg ? -f : f;
}
__BH_BF float __bh_odd_from_double(double d)
{
	if (d != d)
		return (float)d;
	float f = (float)d;

	if (f - f != 0.0f)	/* rounded to an infinity */
		return d - d != 0.0 ? f : __builtin_bit_cast(float, (f > 0 ? 0u : 0x80000000u) | 0x7f7fffffu);
	if ((double)f == d)
		return f;
	unsigned int u = __builtin_bit_cast(unsigned int, f);

	if (__builtin_fabs((double)f) > __builtin_fabs(d))
		u--;	/* one step towards zero (f is not zero here) */
	return __builtin_bit_cast(float, u | 1);
}

/* p + c (doubles) rounded to odd: the nearest sum, made odd towards the exact one if inexact. */
__BH_BF double __bh_sum_odd(double p, double c)
{
	double s = p + c, v = s - p, e = (p - (s - v)) + (c - v);
	unsigned long long u = __builtin_bit_cast(unsigned long long, s);

	if (e == 0 || s - s != 0 || (u & 1))
		return s;
	/* Even and inexact: the odd neighbour on the exact value's side. */
	return __builtin_bit_cast(double, (e > 0) == (s > 0) ? u + 1 : u - 1);
}

struct __attribute__((aligned(2))) __hip_bfloat16 {
protected:
	unsigned short __x;

public:
	__hip_bfloat16() = default;
	__BH_BF constexpr __hip_bfloat16(const __hip_bfloat16_raw &r) : __x(r.x) {}
	__BH_BF __hip_bfloat16(float f) : __x(__bh_f_to_bf(f, 0)) {}
	__BH_BF __hip_bfloat16(double d) : __x(__bh_f_to_bf(__bh_odd_from_double(d), 0)) {}
	__BH_BF __hip_bfloat16(int v) : __x(__bh_f_to_bf(__bh_odd_from_mag(v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v, v < 0), 0)) {}
	__BH_BF __hip_bfloat16(unsigned int v) : __x(__bh_f_to_bf(__bh_odd_from_mag(v, false), 0)) {}
	__BH_BF __hip_bfloat16(short v) : __x(__bh_f_to_bf((float)v, 0)) {}
	__BH_BF __hip_bfloat16(unsigned short v) : __x(__bh_f_to_bf((float)v, 0)) {}
	__hip_bfloat16(const __hip_bfloat16 &) = default;
	__hip_bfloat16 &operator=(const __hip_bfloat16 &) = default;

	__BH_BF operator __hip_bfloat16_raw() const { return __hip_bfloat16_raw{ __x }; }
	__BH_BF operator __hip_bfloat16_raw() const volatile { return __hip_bfloat16_raw{ __x }; }
	__BH_BF operator float() const { return __bh_bf_to_f(__x); }
	__BH_BF explicit operator bool() const { return (__x & 0x7fff) != 0; }
	__BH_BF __hip_bfloat16 &operator=(const __hip_bfloat16_raw &r)
	{
		__x = r.x;
		return *this;
	}
	__BH_BF volatile __hip_bfloat16 &operator=(const __hip_bfloat16_raw &r) volatile
	{
		__x = r.x;
		return *this;
	}
	__BH_BF __hip_bfloat16 &operator=(float f)
	{
		__x = __bh_f_to_bf(f, 0);
		return *this;
	}
	__BH_BF __hip_bfloat16 &operator=(double d)
	{
		__x = __bh_f_to_bf(__bh_odd_from_double(d), 0);
		return *this;
	}
};

struct __attribute__((aligned(4))) __hip_bfloat162 {
	__hip_bfloat16 x;
	__hip_bfloat16 y;

	__hip_bfloat162() = default;
	__BH_BF constexpr __hip_bfloat162(const __hip_bfloat16 &a, const __hip_bfloat16 &b) : x(a), y(b) {}
	__BH_BF __hip_bfloat162(const __hip_bfloat162_raw &r)
		: x(__hip_bfloat16_raw{ r.x }), y(__hip_bfloat16_raw{ r.y }) {}
	__hip_bfloat162(const __hip_bfloat162 &) = default;
	__hip_bfloat162 &operator=(const __hip_bfloat162 &) = default;
	__BH_BF __hip_bfloat162 &operator=(const __hip_bfloat162_raw &r)
	{
		x = __hip_bfloat16_raw{ r.x };
		y = __hip_bfloat16_raw{ r.y };
		return *this;
	}
	__BH_BF operator __hip_bfloat162_raw() const
	{
		return __hip_bfloat162_raw{ static_cast<__hip_bfloat16_raw>(x).x,
					    static_cast<__hip_bfloat16_raw>(y).x };
	}
	__BH_BF operator float2() const { return make_float2((float)x, (float)y); }
};

#define HIPRT_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)
#define HIPRT_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define HIPRT_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define HIPRT_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7F7FU)
#define HIPRT_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define HIPRT_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define HIPRT_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)

/* ------------------------------------------------------- bit casts */
__BH_BF unsigned short __bfloat16_as_ushort(__hip_bfloat16 h) { return static_cast<__hip_bfloat16_raw>(h).x; }
__BH_BF short __bfloat16_as_short(__hip_bfloat16 h) { return (short)__bfloat16_as_ushort(h); }
__BH_BF __hip_bfloat16 __ushort_as_bfloat16(unsigned short b) { return __hip_bfloat16_raw{ b }; }
__BH_BF __hip_bfloat16 __short_as_bfloat16(short b) { return __hip_bfloat16_raw{ (unsigned short)b }; }
__BH_BF __hip_bfloat16 __bh_bf(float f) { return __ushort_as_bfloat16(__bh_f_to_bf(f, 0)); }

/* ----------------------------------------------------- conversions */
__BH_BF float __bfloat162float(__hip_bfloat16 a) { return __bh_bf_to_f(__bfloat16_as_ushort(a)); }
__BH_BF __hip_bfloat16 __float2bfloat16(float f) { return __bh_bf(f); }
__BH_BF __hip_bfloat16 __float2bfloat16_rn(float f) { return __bh_bf(f); }
__BH_BF __hip_bfloat16 __float2bfloat16_rz(float f) { return __ushort_as_bfloat16(__bh_f_to_bf(f, 1)); }
__BH_BF __hip_bfloat16 __float2bfloat16_rd(float f) { return __ushort_as_bfloat16(__bh_f_to_bf(f, 2)); }
__BH_BF __hip_bfloat16 __float2bfloat16_ru(float f) { return __ushort_as_bfloat16(__bh_f_to_bf(f, 3)); }
__BH_BF __hip_bfloat16 __double2bfloat16(double d)
{
	return __ushort_as_bfloat16(__bh_f_to_bf(__bh_odd_from_double(d), 0));
}
__BH_BF __hip_bfloat162 __float2bfloat162_rn(float f) { return __hip_bfloat162(__bh_bf(f), __bh_bf(f)); }
__BH_BF __hip_bfloat162 __floats2bfloat162_rn(float a, float b) { return __hip_bfloat162(__bh_bf(a), __bh_bf(b)); }
__BH_BF __hip_bfloat162 __float22bfloat162_rn(float2 v) { return __floats2bfloat162_rn(v.x, v.y); }
__BH_BF float2 __bfloat1622float2(__hip_bfloat162 a) { return make_float2((float)a.x, (float)a.y); }
__BH_BF __hip_bfloat162 __bfloat162bfloat162(__hip_bfloat16 a) { return __hip_bfloat162(a, a); }
__BH_BF __hip_bfloat162 __halves2bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) { return __hip_bfloat162(a, b); }
__BH_BF __hip_bfloat16 __low2bfloat16(__hip_bfloat162 a) { return a.x; }
__BH_BF __hip_bfloat16 __high2bfloat16(__hip_bfloat162 a) { return a.y; }
__BH_BF __hip_bfloat162 __low2bfloat162(__hip_bfloat162 a) { return __hip_bfloat162(a.x, a.x); }
__BH_BF __hip_bfloat162 __high2bfloat162(__hip_bfloat162 a) { return __hip_bfloat162(a.y, a.y); }
__BH_BF __hip_bfloat162 __lows2bfloat162(__hip_bfloat162 a, __hip_bfloat162 b) { return __hip_bfloat162(a.x, b.x); }
__BH_BF __hip_bfloat162 __highs2bfloat162(__hip_bfloat162 a, __hip_bfloat162 b) { return __hip_bfloat162(a.y, b.y); }
__BH_BF __hip_bfloat162 __lowhigh2highlow(__hip_bfloat162 a) { return __hip_bfloat162(a.y, a.x); }
__BH_BF float __low2float(__hip_bfloat162 a) { return __bfloat162float(a.x); }
__BH_BF float __high2float(__hip_bfloat162 a) { return __bfloat162float(a.y); }
__BH_BF __hip_bfloat162 make_bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) { return __hip_bfloat162(a, b); }

/* bfloat16 -> integer: the (exact) float rounded in the mode, saturated, NaN -> 0. */
template <typename __bhI> __BH_BF __bhI __bh_bf_to_int(float f, __bhI lo, __bhI hi)
{
	if (f != f)
		return 0;
	if (f <= (float)lo)
		return lo;
	if (f >= (float)hi)
		return hi;
	return (__bhI)f;
}
#define __BH_BF2INT(NAME, I, LO, HI)                                                          \
	__BH_BF I __bfloat162##NAME##_rn(__hip_bfloat16 h)                                    \
	{                                                                                     \
		return __bh_bf_to_int<I>(__builtin_rintf(__bfloat162float(h)), LO, HI);       \
	}                                                                                     \
	__BH_BF I __bfloat162##NAME##_rz(__hip_bfloat16 h)                                    \
	{                                                                                     \
		return __bh_bf_to_int<I>(__builtin_truncf(__bfloat162float(h)), LO, HI);      \
	}                                                                                     \
	__BH_BF I __bfloat162##NAME##_rd(__hip_bfloat16 h)                                    \
	{                                                                                     \
		return __bh_bf_to_int<I>(__builtin_floorf(__bfloat162float(h)), LO, HI);      \
	}                                                                                     \
	__BH_BF I __bfloat162##NAME##_ru(__hip_bfloat16 h)                                    \
	{                                                                                     \
		return __bh_bf_to_int<I>(__builtin_ceilf(__bfloat162float(h)), LO, HI);       \
	}
__BH_BF2INT(int, int, (-2147483647 - 1), 2147483647)
__BH_BF2INT(uint, unsigned int, 0u, 4294967295u)
__BH_BF2INT(short, short, (short)-32768, (short)32767)
__BH_BF2INT(ushort, unsigned short, (unsigned short)0, (unsigned short)65535)
__BH_BF2INT(ll, long long, (-9223372036854775807ll - 1), 9223372036854775807ll)
__BH_BF2INT(ull, unsigned long long, 0ull, 18446744073709551615ull)
#undef __BH_BF2INT

/* integer -> bfloat16, rounded once in the mode (0 rn, 1 rz, 2 rd, 3 ru). */
template <typename __bhI> __BH_BF __hip_bfloat16 __bh_int_to_bf(__bhI v, int mode)
{
	bool neg = (__bhI)-1 < (__bhI)0 && v < (__bhI)0;
	unsigned long long m = neg ? 0ull - (unsigned long long)v : (unsigned long long)v;

	return __ushort_as_bfloat16(__bh_f_to_bf(__bh_odd_from_mag(m, neg), mode));
}
#define __BH_INT2BF(NAME, I)                                                                   \
	__BH_BF __hip_bfloat16 __##NAME##2bfloat16_rn(I v) { return __bh_int_to_bf<I>(v, 0); } \
	__BH_BF __hip_bfloat16 __##NAME##2bfloat16_rz(I v) { return __bh_int_to_bf<I>(v, 1); } \
	__BH_BF __hip_bfloat16 __##NAME##2bfloat16_rd(I v) { return __bh_int_to_bf<I>(v, 2); } \
	__BH_BF __hip_bfloat16 __##NAME##2bfloat16_ru(I v) { return __bh_int_to_bf<I>(v, 3); }
__BH_INT2BF(int, int)
__BH_INT2BF(uint, unsigned int)
__BH_INT2BF(short, short)
__BH_INT2BF(ushort, unsigned short)
__BH_INT2BF(ll, long long)
__BH_INT2BF(ull, unsigned long long)
#undef __BH_INT2BF

/* ------------------------------------------------------- comparisons */
__BH_BF bool __hisnan(__hip_bfloat16 a) { return (__bfloat16_as_ushort(a) & 0x7fff) > 0x7f80; }
__BH_BF int __hisinf(__hip_bfloat16 a)
{
	unsigned short b = __bfloat16_as_ushort(a);
	return b == 0x7f80 ? 1 : b == 0xff80 ? -1 : 0;
}
#define __BH_BFCMP(NAME, EXPR)                                                              \
	__BH_BF bool __h##NAME(__hip_bfloat16 a_, __hip_bfloat16 b_)                        \
	{                                                                                   \
		float a = __bfloat162float(a_), b = __bfloat162float(b_);                   \
		return EXPR;                                                                \
	}                                                                                   \
	__BH_BF __hip_bfloat162 __h##NAME##2(__hip_bfloat162 a, __hip_bfloat162 b)          \
	{                                                                                   \
		return __hip_bfloat162(__h##NAME(a.x, b.x) ? HIPRT_ONE_BF16 : HIPRT_ZERO_BF16, \
				       __h##NAME(a.y, b.y) ? HIPRT_ONE_BF16 : HIPRT_ZERO_BF16); \
	}                                                                                   \
	__BH_BF bool __hb##NAME##2(__hip_bfloat162 a, __hip_bfloat162 b)                    \
	{                                                                                   \
		return __h##NAME(a.x, b.x) && __h##NAME(a.y, b.y);                          \
	}
__BH_BFCMP(eq, a == b)
__BH_BFCMP(ne, a < b || a > b)
__BH_BFCMP(lt, a < b)
__BH_BFCMP(le, a <= b)
__BH_BFCMP(gt, a > b)
__BH_BFCMP(ge, a >= b)
__BH_BFCMP(equ, !(a < b || a > b))
__BH_BFCMP(neu, !(a == b))
__BH_BFCMP(ltu, !(a >= b))
__BH_BFCMP(leu, !(a > b))
__BH_BFCMP(gtu, !(a <= b))
__BH_BFCMP(geu, !(a < b))
#undef __BH_BFCMP
__BH_BF __hip_bfloat162 __hisnan2(__hip_bfloat162 a)
{
	return __hip_bfloat162(__hisnan(a.x) ? HIPRT_ONE_BF16 : HIPRT_ZERO_BF16,
			       __hisnan(a.y) ? HIPRT_ONE_BF16 : HIPRT_ZERO_BF16);
}

__BH_BF bool operator==(const __hip_bfloat16 &a, const __hip_bfloat16 &b) { return __heq(a, b); }
__BH_BF bool operator!=(const __hip_bfloat16 &a, const __hip_bfloat16 &b) { return __hneu(a, b); }
__BH_BF bool operator<(const __hip_bfloat16 &a, const __hip_bfloat16 &b) { return __hlt(a, b); }
__BH_BF bool operator<=(const __hip_bfloat16 &a, const __hip_bfloat16 &b) { return __hle(a, b); }
__BH_BF bool operator>(const __hip_bfloat16 &a, const __hip_bfloat16 &b) { return __hgt(a, b); }
__BH_BF bool operator>=(const __hip_bfloat16 &a, const __hip_bfloat16 &b) { return __hge(a, b); }
/* Both lanes must satisfy the relation. */
__BH_BF bool operator==(const __hip_bfloat162 &a, const __hip_bfloat162 &b) { return __hbeq2(a, b); }
__BH_BF bool operator!=(const __hip_bfloat162 &a, const __hip_bfloat162 &b) { return !__hbeq2(a, b); }
__BH_BF bool operator<(const __hip_bfloat162 &a, const __hip_bfloat162 &b) { return __hblt2(a, b); }
__BH_BF bool operator<=(const __hip_bfloat162 &a, const __hip_bfloat162 &b) { return __hble2(a, b); }
__BH_BF bool operator>(const __hip_bfloat162 &a, const __hip_bfloat162 &b) { return __hbgt2(a, b); }
__BH_BF bool operator>=(const __hip_bfloat162 &a, const __hip_bfloat162 &b) { return __hbge2(a, b); }

/* max/min: a NaN operand gives the other (both: the canonical NaN); -0 below +0. */
__BH_BF __hip_bfloat16 __hmax(__hip_bfloat16 a, __hip_bfloat16 b)
{
	bool na = __hisnan(a), nb = __hisnan(b);
	if (na || nb)
		return na && nb ? HIPRT_NAN_BF16 : na ? b : a;
	if (__heq(a, b))
		return __ushort_as_bfloat16(__bfloat16_as_ushort(a) & __bfloat16_as_ushort(b));
	return __hgt(a, b) ? a : b;
}
__BH_BF __hip_bfloat16 __hmin(__hip_bfloat16 a, __hip_bfloat16 b)
{
	bool na = __hisnan(a), nb = __hisnan(b);
	if (na || nb)
		return na && nb ? HIPRT_NAN_BF16 : na ? b : a;
	if (__heq(a, b))
		return __ushort_as_bfloat16(__bfloat16_as_ushort(a) | __bfloat16_as_ushort(b));
	return __hlt(a, b) ? a : b;
}
__BH_BF __hip_bfloat16 __hmax_nan(__hip_bfloat16 a, __hip_bfloat16 b)
{
	return __hisnan(a) || __hisnan(b) ? HIPRT_NAN_BF16 : __hmax(a, b);
}
__BH_BF __hip_bfloat16 __hmin_nan(__hip_bfloat16 a, __hip_bfloat16 b)
{
	return __hisnan(a) || __hisnan(b) ? HIPRT_NAN_BF16 : __hmin(a, b);
}
__BH_BF __hip_bfloat162 __hmax2(__hip_bfloat162 a, __hip_bfloat162 b) { return __hip_bfloat162(__hmax(a.x, b.x), __hmax(a.y, b.y)); }
__BH_BF __hip_bfloat162 __hmin2(__hip_bfloat162 a, __hip_bfloat162 b) { return __hip_bfloat162(__hmin(a.x, b.x), __hmin(a.y, b.y)); }
__BH_BF __hip_bfloat162 __hmax2_nan(__hip_bfloat162 a, __hip_bfloat162 b) { return __hip_bfloat162(__hmax_nan(a.x, b.x), __hmax_nan(a.y, b.y)); }
__BH_BF __hip_bfloat162 __hmin2_nan(__hip_bfloat162 a, __hip_bfloat162 b) { return __hip_bfloat162(__hmin_nan(a.x, b.x), __hmin_nan(a.y, b.y)); }

/* -------------------------------------------------------- arithmetic */
/*
 * The float result behind an empty asm on the device, so that LLVM
 * cannot narrow the float operation into a bf16 one.
 */
__BH_BF float __bh_bf_keep(float f)
{
#if defined(__HIP_DEVICE_COMPILE__)
	__asm__("" : "+v"(f));
#endif
	return f;
}
__BH_BF __hip_bfloat16 __bh_bf_sat(__hip_bfloat16 a)
{
	float v = __bfloat162float(a);
	return !(v > 0.0f) ? HIPRT_ZERO_BF16 : v > 1.0f ? HIPRT_ONE_BF16 : a;
}
#define __BH_BFARITH(NAME, OP)                                                                      \
	__BH_BF __hip_bfloat16 __h##NAME(__hip_bfloat16 a, __hip_bfloat16 b)                        \
	{                                                                                           \
		return __bh_bf(__bh_bf_keep(__bfloat162float(a) OP __bfloat162float(b)));           \
	}                                                                                           \
	__BH_BF __hip_bfloat16 __h##NAME##_rn(__hip_bfloat16 a, __hip_bfloat16 b) { return __h##NAME(a, b); } \
	__BH_BF __hip_bfloat16 __h##NAME##_sat(__hip_bfloat16 a, __hip_bfloat16 b)                  \
	{                                                                                           \
		return __bh_bf_sat(__h##NAME(a, b));                                                \
	}                                                                                           \
	__BH_BF __hip_bfloat162 __h##NAME##2(__hip_bfloat162 a, __hip_bfloat162 b)                  \
	{                                                                                           \
		return __hip_bfloat162(__h##NAME(a.x, b.x), __h##NAME(a.y, b.y));                   \
	}                                                                                           \
	__BH_BF __hip_bfloat162 __h##NAME##2_rn(__hip_bfloat162 a, __hip_bfloat162 b) { return __h##NAME##2(a, b); } \
	__BH_BF __hip_bfloat162 __h##NAME##2_sat(__hip_bfloat162 a, __hip_bfloat162 b)              \
	{                                                                                           \
		return __hip_bfloat162(__bh_bf_sat(__h##NAME(a.x, b.x)), __bh_bf_sat(__h##NAME(a.y, b.y))); \
	}
__BH_BFARITH(add, +)
__BH_BFARITH(sub, -)
__BH_BFARITH(mul, *)
#undef __BH_BFARITH
__BH_BF __hip_bfloat16 __hdiv(__hip_bfloat16 a, __hip_bfloat16 b)
{
	return __bh_bf(__bh_bf_keep(__bfloat162float(a) / __bfloat162float(b)));
}
__BH_BF __hip_bfloat162 __h2div(__hip_bfloat162 a, __hip_bfloat162 b)
{
	return __hip_bfloat162(__hdiv(a.x, b.x), __hdiv(a.y, b.y));
}
__BH_BF __hip_bfloat16 __hneg(__hip_bfloat16 a) { return __ushort_as_bfloat16(__bfloat16_as_ushort(a) ^ 0x8000); }
__BH_BF __hip_bfloat16 __habs(__hip_bfloat16 a) { return __ushort_as_bfloat16(__bfloat16_as_ushort(a) & 0x7fff); }
__BH_BF __hip_bfloat162 __hneg2(__hip_bfloat162 a) { return __hip_bfloat162(__hneg(a.x), __hneg(a.y)); }
__BH_BF __hip_bfloat162 __habs2(__hip_bfloat162 a) { return __hip_bfloat162(__habs(a.x), __habs(a.y)); }
/* a * b is exact (16 bits); the sum rounded to odd in double, then once to bfloat16. */
__device__ inline __hip_bfloat16 __hfma(__hip_bfloat16 a, __hip_bfloat16 b, __hip_bfloat16 c)
{
	double p = (double)__bfloat162float(a) * __bfloat162float(b);

	return __double2bfloat16(__bh_sum_odd(p, __bfloat162float(c)));
}
__device__ inline __hip_bfloat16 __hfma_sat(__hip_bfloat16 a, __hip_bfloat16 b, __hip_bfloat16 c)
{
	return __bh_bf_sat(__hfma(a, b, c));
}
__device__ inline __hip_bfloat16 __hfma_relu(__hip_bfloat16 a, __hip_bfloat16 b, __hip_bfloat16 c)
{
	__hip_bfloat16 r = __hfma(a, b, c);
	return !(__bfloat162float(r) > 0.0f) ? HIPRT_ZERO_BF16 : r;
}
__device__ inline __hip_bfloat162 __hfma2(__hip_bfloat162 a, __hip_bfloat162 b, __hip_bfloat162 c)
{
	return __hip_bfloat162(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
__device__ inline __hip_bfloat162 __hfma2_sat(__hip_bfloat162 a, __hip_bfloat162 b, __hip_bfloat162 c)
{
	return __hip_bfloat162(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y));
}
__device__ inline __hip_bfloat162 __hfma2_relu(__hip_bfloat162 a, __hip_bfloat162 b, __hip_bfloat162 c)
{
	return __hip_bfloat162(__hfma_relu(a.x, b.x, c.x), __hfma_relu(a.y, b.y, c.y));
}

__BH_BF __hip_bfloat16 operator+(const __hip_bfloat16 &a, const __hip_bfloat16 &b) { return __hadd(a, b); }
__BH_BF __hip_bfloat16 operator-(const __hip_bfloat16 &a, const __hip_bfloat16 &b) { return __hsub(a, b); }
__BH_BF __hip_bfloat16 operator*(const __hip_bfloat16 &a, const __hip_bfloat16 &b) { return __hmul(a, b); }
__BH_BF __hip_bfloat16 operator/(const __hip_bfloat16 &a, const __hip_bfloat16 &b) { return __hdiv(a, b); }
__BH_BF __hip_bfloat16 operator+(const __hip_bfloat16 &a) { return a; }
__BH_BF __hip_bfloat16 operator-(const __hip_bfloat16 &a) { return __hneg(a); }
__BH_BF __hip_bfloat16 &operator+=(__hip_bfloat16 &a, const __hip_bfloat16 &b) { return a = __hadd(a, b); }
__BH_BF __hip_bfloat16 &operator-=(__hip_bfloat16 &a, const __hip_bfloat16 &b) { return a = __hsub(a, b); }
__BH_BF __hip_bfloat16 &operator*=(__hip_bfloat16 &a, const __hip_bfloat16 &b) { return a = __hmul(a, b); }
__BH_BF __hip_bfloat16 &operator/=(__hip_bfloat16 &a, const __hip_bfloat16 &b) { return a = __hdiv(a, b); }
__BH_BF __hip_bfloat16 &operator++(__hip_bfloat16 &a) { return a = __hadd(a, HIPRT_ONE_BF16); }
__BH_BF __hip_bfloat16 &operator--(__hip_bfloat16 &a) { return a = __hsub(a, HIPRT_ONE_BF16); }
__BH_BF __hip_bfloat16 operator++(__hip_bfloat16 &a, int)
{
	__hip_bfloat16 t = a;
	a = __hadd(a, HIPRT_ONE_BF16);
	return t;
}
__BH_BF __hip_bfloat16 operator--(__hip_bfloat16 &a, int)
{
	__hip_bfloat16 t = a;
	a = __hsub(a, HIPRT_ONE_BF16);
	return t;
}
__BH_BF __hip_bfloat162 operator+(const __hip_bfloat162 &a, const __hip_bfloat162 &b) { return __hadd2(a, b); }
__BH_BF __hip_bfloat162 operator-(const __hip_bfloat162 &a, const __hip_bfloat162 &b) { return __hsub2(a, b); }
__BH_BF __hip_bfloat162 operator*(const __hip_bfloat162 &a, const __hip_bfloat162 &b) { return __hmul2(a, b); }
__BH_BF __hip_bfloat162 operator/(const __hip_bfloat162 &a, const __hip_bfloat162 &b) { return __h2div(a, b); }
__BH_BF __hip_bfloat162 operator+(const __hip_bfloat162 &a) { return a; }
__BH_BF __hip_bfloat162 operator-(const __hip_bfloat162 &a) { return __hneg2(a); }
__BH_BF __hip_bfloat162 &operator+=(__hip_bfloat162 &a, const __hip_bfloat162 &b) { return a = __hadd2(a, b); }
__BH_BF __hip_bfloat162 &operator-=(__hip_bfloat162 &a, const __hip_bfloat162 &b) { return a = __hsub2(a, b); }
__BH_BF __hip_bfloat162 &operator*=(__hip_bfloat162 &a, const __hip_bfloat162 &b) { return a = __hmul2(a, b); }
__BH_BF __hip_bfloat162 &operator/=(__hip_bfloat162 &a, const __hip_bfloat162 &b) { return a = __h2div(a, b); }

/* -------------------------------------------------------------- math */
/* The ocml float function (firmware/math/), rounded once to bfloat16. */
#define __BH_BFMATH(NAME, EXPR)                                                           \
	__device__ inline __hip_bfloat16 NAME(__hip_bfloat16 a_)                          \
	{                                                                                 \
		float a = __bfloat162float(a_);                                           \
		return __bh_bf(__bh_bf_keep(EXPR));                                       \
	}
__BH_BFMATH(hexp, __ocml_exp_f32(a))
__BH_BFMATH(hexp2, __ocml_exp2_f32(a))
__BH_BFMATH(hexp10, __ocml_exp10_f32(a))
__BH_BFMATH(hlog, __ocml_log_f32(a))
__BH_BFMATH(hlog2, __ocml_log2_f32(a))
__BH_BFMATH(hlog10, __ocml_log10_f32(a))
__BH_BFMATH(hsin, __ocml_sin_f32(a))
__BH_BFMATH(hcos, __ocml_cos_f32(a))
__BH_BFMATH(hsqrt, __builtin_sqrtf(a))
__BH_BFMATH(hrsqrt, __ocml_rsqrt_f32(a))
__BH_BFMATH(hrcp, 1.0f / a)
__BH_BFMATH(hceil, __builtin_ceilf(a))
__BH_BFMATH(hfloor, __builtin_floorf(a))
__BH_BFMATH(htrunc, __builtin_truncf(a))
__BH_BFMATH(hrint, __builtin_rintf(a))
#undef __BH_BFMATH
#define __BH_BFMATH2(NAME) \
	__device__ inline __hip_bfloat162 h2##NAME(__hip_bfloat162 a) { return __hip_bfloat162(h##NAME(a.x), h##NAME(a.y)); }
__BH_BFMATH2(exp)
__BH_BFMATH2(exp2)
__BH_BFMATH2(exp10)
__BH_BFMATH2(log)
__BH_BFMATH2(log2)
__BH_BFMATH2(log10)
__BH_BFMATH2(sin)
__BH_BFMATH2(cos)
__BH_BFMATH2(sqrt)
__BH_BFMATH2(rsqrt)
__BH_BFMATH2(rcp)
__BH_BFMATH2(ceil)
__BH_BFMATH2(floor)
__BH_BFMATH2(trunc)
__BH_BFMATH2(rint)
#undef __BH_BFMATH2

/* ---------------------------------------------------------- shuffles */
#define __BH_BF_SHFL(T)                                                                     \
	__device__ inline T __shfl(T v, int src, int width = warpSize)                      \
	{                                                                                   \
		return __bh_warp_bpermute_t(__bh_warp_shfl_src(src, width), v);             \
	}                                                                                   \
	__device__ inline T __shfl_up(T v, unsigned int delta, int width = warpSize)        \
	{                                                                                   \
		return __bh_warp_bpermute_t(__bh_warp_shfl_up_src(delta, width), v);        \
	}                                                                                   \
	__device__ inline T __shfl_down(T v, unsigned int delta, int width = warpSize)      \
	{                                                                                   \
		return __bh_warp_bpermute_t(__bh_warp_shfl_down_src(delta, width), v);      \
	}                                                                                   \
	__device__ inline T __shfl_xor(T v, int mask, int width = warpSize)                 \
	{                                                                                   \
		return __bh_warp_bpermute_t(__bh_warp_shfl_xor_src(mask, width), v);        \
	}
__BH_BF_SHFL(__hip_bfloat16)
__BH_BF_SHFL(__hip_bfloat162)
#undef __BH_BF_SHFL

/* ----------------------------------------------------------- atomics */
/* A compare-and-swap loop on the 32-bit word; each returns the old value. */
__device__ inline __hip_bfloat162 atomicAdd(__hip_bfloat162 *address, __hip_bfloat162 val)
{
	unsigned int *p = (unsigned int *)address;
	unsigned int old = __hip_atomic_load(p, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT), want;

	do {
		__hip_bfloat162 sum = __hadd2(__builtin_bit_cast(__hip_bfloat162, old), val);
		want = __builtin_bit_cast(unsigned int, sum);
	} while (!__hip_atomic_compare_exchange_strong(p, &old, want, __ATOMIC_RELAXED,
						       __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT));
	return __builtin_bit_cast(__hip_bfloat162, old);
}
__device__ inline __hip_bfloat16 atomicAdd(__hip_bfloat16 *address, __hip_bfloat16 val)
{
	unsigned long long a = (unsigned long long)address;
	unsigned int *p = (unsigned int *)(a & ~3ull);
	unsigned int shift = (unsigned int)(a & 2) * 8;
	unsigned int old = __hip_atomic_load(p, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT), want;

	do {
		__hip_bfloat16 h = __ushort_as_bfloat16((unsigned short)(old >> shift));
		unsigned int sum = __bfloat16_as_ushort(__hadd(h, val));
		want = (old & ~(0xffffu << shift)) | sum << shift;
	} while (!__hip_atomic_compare_exchange_strong(p, &old, want, __ATOMIC_RELAXED,
						       __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT));
	return __ushort_as_bfloat16((unsigned short)(old >> shift));
}
/*
 * unsafeAtomicAdd on a __hip_bfloat162: flat_atomic_pk_add_bf16 on
 * gfx940-942 (any address); the loop elsewhere (gfx90a and gfx11 have no
 * packed bf16 atomic).
 */
__device__ inline __hip_bfloat162 unsafeAtomicAdd(__hip_bfloat162 *address, __hip_bfloat162 val)
{
#if defined(__gfx940__) || defined(__gfx941__) || defined(__gfx942__)
	typedef short __bh_v2s __attribute__((ext_vector_type(2)));
	if (__builtin_amdgcn_is_shared(address))	/* ds_pk_add_rtn_bf16 */
		return __builtin_bit_cast(__hip_bfloat162, __builtin_amdgcn_ds_atomic_fadd_v2bf16(
			(__attribute__((address_space(3))) __bh_v2s *)address,
			__builtin_bit_cast(__bh_v2s, val)));
	return __builtin_bit_cast(__hip_bfloat162, __builtin_amdgcn_flat_atomic_fadd_v2bf16(
		(__bh_v2s *)address, __builtin_bit_cast(__bh_v2s, val)));
#else
	return atomicAdd(address, val);
#endif
}
__device__ inline __hip_bfloat16 unsafeAtomicAdd(__hip_bfloat16 *address, __hip_bfloat16 val) { return atomicAdd(address, val); }

#undef __BH_BF

#endif /* HIP_BF16_H */
