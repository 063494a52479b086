/*
 * barehip: <hip/hip_fp16.h>, half precision as ROCm defines it: __half,
 * __half2, __half_raw, __half2_raw, their conversions, operators,
 * comparisons, arithmetic and math intrinsics, shuffles, atomics and
 * loads.  The types and the conversions and arithmetic that need no
 * device library work in host code too.
 *
 * Where ROCm's header and CUDA's documentation differ, barehip follows
 * the documented behaviour:
 *  - the conversions to integers round in the mode their name says
 *    (ROCm's truncate in every mode), saturate to the integer's range
 *    and turn NaN into 0; those from integers, float and double round
 *    in their mode on the host as on the device (ROCm's host _rd/_ru/_rz
 *    round to nearest);
 *  - the _sat forms clamp to [+0, 1] and turn NaN into +0;
 *  - the unordered half2 predicates (__hbequ2 ...) hold where a lane is
 *    NaN; __hisinf returns -1 for -inf, 1 for +inf, 0 otherwise;
 *  - __hmax/__hmin order -0 below +0.
 * Device math (hexp, h2sin, ...) calls the ocml f16 functions
 * (firmware/math/half.c); the directed float-to-half conversions
 * __ocml_cvtrt{n,p,z}_f16_f32 (firmware/math/cvtf16.c).
 */
#ifndef HIP_FP16_H
#define HIP_FP16_H

#include <hip/hip_runtime.h>

#define HIPRT_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define HIPRT_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define HIPRT_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define HIPRT_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define HIPRT_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
#define HIPRT_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)
#define HIPRT_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)

#define __BH_F16 __host__ __device__ inline

typedef _Float16 _Float16_2 __attribute__((ext_vector_type(2)));

/* ROCm's layout: anonymous structs in anonymous unions (a GNU extension). */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wgnu-anonymous-struct"
#pragma clang diagnostic ignored "-Wnested-anon-types"

struct __half_raw {
	union {
		_Float16 data;
		unsigned short x;
	};
};

struct __half2_raw {
	union {
		struct {
			__half_raw x;
			__half_raw y;
		};
		_Float16_2 data;
	};
};

/* The types __half converts from and to implicitly: arithmetic ones. */
template <typename __bhT> struct __bh_half_float { static constexpr bool value = false; };
template <> struct __bh_half_float<float> { static constexpr bool value = true; };
template <> struct __bh_half_float<double> { static constexpr bool value = true; };
template <> struct __bh_half_float<_Float16> { static constexpr bool value = true; };
template <typename __bhT> struct __bh_half_int { static constexpr bool value = false; };
#define __BH_HALF_INT(T) \
	template <> struct __bh_half_int<T> { static constexpr bool value = true; };
__BH_HALF_INT(bool)
__BH_HALF_INT(char)
__BH_HALF_INT(signed char)
__BH_HALF_INT(unsigned char)
__BH_HALF_INT(short)
__BH_HALF_INT(unsigned short)
__BH_HALF_INT(int)
__BH_HALF_INT(unsigned int)
__BH_HALF_INT(long)
__BH_HALF_INT(unsigned long)
__BH_HALF_INT(long long)
__BH_HALF_INT(unsigned long long)
#undef __BH_HALF_INT
template <bool __bhC, typename __bhT = void> struct __bh_half_enable {};
template <typename __bhT> struct __bh_half_enable<true, __bhT> { typedef __bhT type; };
#define __BH_IF_FLOAT(T) typename __bh_half_enable<__bh_half_float<T>::value>::type * = nullptr
#define __BH_IF_INT(T) typename __bh_half_enable<__bh_half_int<T>::value>::type * = nullptr

/*
 * a / b rounded once to half: the correctly rounded float quotient
 * rounded to half is (24 >= 2 * 11 + 2 bits: no double rounding).  Not
 * clang's f16 division, whose AMDGPU lowering (v_rcp_f32, a product,
 * v_div_fixup_f16) can miss by one ulp (0x0401 / 10 gave 0x0067, not
 * the tie's even 0x0066); on the device an empty asm keeps LLVM from
 * narrowing the float division back to that f16 one.
 */
__BH_F16 _Float16 __bh_hdiv(_Float16 a, _Float16 b)
{
	float q = (float)a / (float)b;
#if defined(__HIP_DEVICE_COMPILE__)
	__asm__("" : "+v"(q));
#endif
	return (_Float16)q;
}

struct __half {
protected:
	union {
		_Float16 data;
		unsigned short __x;
	};

public:
	__half() = default;
	__BH_F16 constexpr __half(const __half_raw &r) : data{ r.data } {}
#if !defined(__HIP_NO_HALF_CONVERSIONS__)
	__BH_F16 __half(_Float16 x) : data{ x } {}
	template <typename __bhT, __BH_IF_FLOAT(__bhT)> __BH_F16 __half(__bhT x) : data{ (_Float16)x } {}
	template <typename __bhT, __BH_IF_INT(__bhT)> __BH_F16 __half(__bhT x) : data{ (_Float16)x } {}
	template <typename __bhT, __BH_IF_FLOAT(__bhT)> __BH_F16 __half &operator=(__bhT x)
	{
		data = (_Float16)x;
		return *this;
	}
	template <typename __bhT, __BH_IF_INT(__bhT)> __BH_F16 __half &operator=(__bhT x)
	{
		data = (_Float16)x;
		return *this;
	}
	template <typename __bhT, __BH_IF_FLOAT(__bhT)> __BH_F16 operator __bhT() const { return (__bhT)data; }
	template <typename __bhT, __BH_IF_INT(__bhT)> __BH_F16 operator __bhT() const { return (__bhT)data; }
#endif
	__half(const __half &) = default;
	__half &operator=(const __half &) = default;
	__BH_F16 __half &operator=(const __half_raw &r)
	{
		data = r.data;
		return *this;
	}
	__BH_F16 volatile __half &operator=(const __half_raw &r) volatile
	{
		data = r.data;
		return *this;
	}
	__BH_F16 operator __half_raw() const { return __half_raw{ { data } }; }
	__BH_F16 operator __half_raw() const volatile { return __half_raw{ { data } }; }

#if !defined(__HIP_NO_HALF_OPERATORS__)
	__BH_F16 __half &operator+=(const __half &y)
	{
		data += y.data;
		return *this;
	}
	__BH_F16 __half &operator-=(const __half &y)
	{
		data -= y.data;
		return *this;
	}
	__BH_F16 __half &operator*=(const __half &y)
	{
		data *= y.data;
		return *this;
	}
	__BH_F16 __half &operator/=(const __half &y)
	{
		data = __bh_hdiv(data, y.data);
		return *this;
	}
	__BH_F16 __half &operator++()
	{
		data += (_Float16)1;
		return *this;
	}
	__BH_F16 __half operator++(int)
	{
		__half t = *this;
		data += (_Float16)1;
		return t;
	}
	__BH_F16 __half &operator--()
	{
		data -= (_Float16)1;
		return *this;
	}
	__BH_F16 __half operator--(int)
	{
		__half t = *this;
		data -= (_Float16)1;
		return t;
	}
	__BH_F16 __half operator+() const { return *this; }
	__BH_F16 __half operator-() const { return __half_raw{ { (_Float16)-data } }; }

	friend __BH_F16 __half operator+(__half a, const __half &b) { return a += b; }
	friend __BH_F16 __half operator-(__half a, const __half &b) { return a -= b; }
	friend __BH_F16 __half operator*(__half a, const __half &b) { return a *= b; }
	friend __BH_F16 __half operator/(__half a, const __half &b) { return a /= b; }
	friend __BH_F16 bool operator==(const __half &a, const __half &b) { return a.data == b.data; }
	friend __BH_F16 bool operator!=(const __half &a, const __half &b) { return a.data != b.data; }
	friend __BH_F16 bool operator<(const __half &a, const __half &b) { return a.data < b.data; }
	friend __BH_F16 bool operator>(const __half &a, const __half &b) { return a.data > b.data; }
	friend __BH_F16 bool operator<=(const __half &a, const __half &b) { return a.data <= b.data; }
	friend __BH_F16 bool operator>=(const __half &a, const __half &b) { return a.data >= b.data; }
#endif
};

struct __half2 {
	union {
		struct {
			__half x;
			__half y;
		};
		_Float16_2 data;
	};

	__half2() = default;
	__BH_F16 __half2(const __half2_raw &r) : data{ r.data } {}
	__BH_F16 __half2(_Float16_2 v) : data{ v } {}
	__BH_F16 constexpr __half2(const __half &a, const __half &b) : x(a), y(b) {}
	__half2(const __half2 &) = default;
	__half2 &operator=(const __half2 &) = default;
	__BH_F16 __half2 &operator=(const __half2_raw &r)
	{
		data = r.data;
		return *this;
	}
	__BH_F16 operator _Float16_2() const { return data; }
	__BH_F16 operator __half2_raw() const
	{
		__half2_raw r;
		r.data = data;
		return r;
	}

#if !defined(__HIP_NO_HALF_OPERATORS__)
	__BH_F16 __half2 &operator+=(const __half2 &b)
	{
		data += b.data;
		return *this;
	}
	__BH_F16 __half2 &operator-=(const __half2 &b)
	{
		data -= b.data;
		return *this;
	}
	__BH_F16 __half2 &operator*=(const __half2 &b)
	{
		data *= b.data;
		return *this;
	}
	__BH_F16 __half2 &operator/=(const __half2 &b)
	{
		data = _Float16_2{ __bh_hdiv(data.x, b.data.x), __bh_hdiv(data.y, b.data.y) };
		return *this;
	}
	__BH_F16 __half2 &operator++() { return *this += _Float16_2{ 1, 1 }; }
	__BH_F16 __half2 operator++(int)
	{
		__half2 t = *this;
		*this += _Float16_2{ 1, 1 };
		return t;
	}
	__BH_F16 __half2 &operator--() { return *this -= _Float16_2{ 1, 1 }; }
	__BH_F16 __half2 operator--(int)
	{
		__half2 t = *this;
		*this -= _Float16_2{ 1, 1 };
		return t;
	}
	__BH_F16 __half2 operator+() const { return *this; }
	__BH_F16 __half2 operator-() const { return __half2(-data); }

	friend __BH_F16 __half2 operator+(__half2 a, const __half2 &b) { return a += b; }
	friend __BH_F16 __half2 operator-(__half2 a, const __half2 &b) { return a -= b; }
	friend __BH_F16 __half2 operator*(__half2 a, const __half2 &b) { return a *= b; }
	friend __BH_F16 __half2 operator/(__half2 a, const __half2 &b) { return a /= b; }
	/* Both lanes must satisfy the relation. */
	friend __BH_F16 bool operator==(const __half2 &a, const __half2 &b)
	{
		return a.data.x == b.data.x && a.data.y == b.data.y;
	}
	friend __BH_F16 bool operator!=(const __half2 &a, const __half2 &b) { return !(a == b); }
	friend __BH_F16 bool operator<(const __half2 &a, const __half2 &b)
	{
		return a.data.x < b.data.x && a.data.y < b.data.y;
	}
	friend __BH_F16 bool operator>(const __half2 &a, const __half2 &b) { return b < a; }
	friend __BH_F16 bool operator<=(const __half2 &a, const __half2 &b) { return !(b < a); }
	friend __BH_F16 bool operator>=(const __half2 &a, const __half2 &b) { return !(a < b); }
#endif
};

#pragma clang diagnostic pop

#if !defined(HIP_NO_HALF)
typedef __half half;
typedef __half2 half2;
#endif

/* ------------------------------------------------------ raw access */
__BH_F16 _Float16 __bh_h(__half h) { return static_cast<__half_raw>(h).data; }
__BH_F16 __half __bh_mk(_Float16 v) { return __half_raw{ { v } }; }
__BH_F16 _Float16_2 __bh_h2(__half2 h) { return h.data; }

/* ------------------------------------------------- pairs and lanes */
__BH_F16 __half2 make_half2(__half x, __half y) { return __half2(x, y); }
__BH_F16 __half __low2half(__half2 a) { return __bh_mk(a.data.x); }
__BH_F16 __half __high2half(__half2 a) { return __bh_mk(a.data.y); }
__BH_F16 __half2 __half2half2(__half a) { return __half2(a, a); }
__BH_F16 __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }
__BH_F16 __half2 __low2half2(__half2 a) { return _Float16_2{ a.data.x, a.data.x }; }
__BH_F16 __half2 __high2half2(__half2 a) { return _Float16_2{ a.data.y, a.data.y }; }
__BH_F16 __half2 __lows2half2(__half2 a, __half2 b) { return _Float16_2{ a.data.x, b.data.x }; }
__BH_F16 __half2 __highs2half2(__half2 a, __half2 b) { return _Float16_2{ a.data.y, b.data.y }; }
__BH_F16 __half2 __lowhigh2highlow(__half2 a) { return _Float16_2{ a.data.y, a.data.x }; }

/* ------------------------------------------------------- bit casts */
__BH_F16 short __half_as_short(__half h) { return (short)static_cast<__half_raw>(h).x; }
__BH_F16 unsigned short __half_as_ushort(__half h) { return static_cast<__half_raw>(h).x; }
__BH_F16 __half __short_as_half(short v)
{
	__half_raw r;
	r.x = (unsigned short)v;
	return r;
}
__BH_F16 __half __ushort_as_half(unsigned short v)
{
	__half_raw r;
	r.x = v;
	return r;
}

/* ---------------------------------------------- float/double -> half */
/*
 * Round to nearest: v_cvt_f16_f32 on the device.  Directed: the ocml
 * conversions on the device; on the host, the nearest half, stepped to
 * its neighbour when it lies on the wrong side of x (half to float is
 * exact), as firmware/math/cvtf16.c does.
 */
__BH_F16 __half __float2half(float x) { return __bh_mk((_Float16)x); }
__BH_F16 __half __float2half_rn(float x) { return __bh_mk((_Float16)x); }

__host__ inline unsigned short __bh_half_step(unsigned short b, bool up)
{
	if ((b & 0x7fff) == 0)
		return up ? 0x0001 : 0x8001;
	return (unsigned short)(b + (((b >> 15) == 0) == up ? 1 : -1));
}
__host__ inline __half __float2half_rd(float x)
{
	__half h = __float2half_rn(x);
	return (float)__bh_h(h) > x ? __ushort_as_half(__bh_half_step(__half_as_ushort(h), false)) : h;
}
__host__ inline __half __float2half_ru(float x)
{
	__half h = __float2half_rn(x);
	return (float)__bh_h(h) < x ? __ushort_as_half(__bh_half_step(__half_as_ushort(h), true)) : h;
}
__host__ inline __half __float2half_rz(float x)
{
	__half h = __float2half_rn(x);
	return __builtin_fabsf((float)__bh_h(h)) > __builtin_fabsf(x) ?
	       __ushort_as_half((unsigned short)(__half_as_ushort(h) - 1)) : h;
}
__device__ inline __half __float2half_rd(float x) { return __bh_mk(__ocml_cvtrtn_f16_f32(x)); }
__device__ inline __half __float2half_ru(float x) { return __bh_mk(__ocml_cvtrtp_f16_f32(x)); }
__device__ inline __half __float2half_rz(float x) { return __bh_mk(__ocml_cvtrtz_f16_f32(x)); }

/* double -> half in one rounding (never through float: no double rounding). */
__BH_F16 __half __double2half(double x) { return __bh_mk((_Float16)x); }

__BH_F16 __half2 __float2half2_rn(float x) { return _Float16_2{ (_Float16)x, (_Float16)x }; }
__BH_F16 __half2 __floats2half2_rn(float x, float y) { return _Float16_2{ (_Float16)x, (_Float16)y }; }
__BH_F16 __half2 __float22half2_rn(float2 v) { return __floats2half2_rn(v.x, v.y); }

/* ------------------------------------------------------ half -> float */
__BH_F16 float __half2float(__half h) { return (float)__bh_h(h); }
__BH_F16 float __low2float(__half2 a) { return (float)a.data.x; }
__BH_F16 float __high2float(__half2 a) { return (float)a.data.y; }
__BH_F16 float2 __half22float2(__half2 a) { return make_float2((float)a.data.x, (float)a.data.y); }

/* ------------------------------------------------ half <-> integers */
/*
 * half -> integer: round the (exact) float in the mode, then NaN -> 0
 * and saturate to the integer type's range (every half is within long
 * long's, only the infinities saturate there).
 */
template <typename __bhI> __BH_F16 __bhI __bh_half_to_int(float f, __bhI lo, __bhI hi)
{
	if (f != f)
		return 0;
	if (f <= (float)lo)
		return lo;
	if (f >= (float)hi)
		return hi;
	return (__bhI)f;
}
#define __BH_HALF2INT(NAME, I, LO, HI)                                                  \
	__BH_F16 I __half2##NAME##_rn(__half h)                                          \
	{                                                                               \
		return __bh_half_to_int<I>(__builtin_rintf(__half2float(h)), LO, HI);   \
	}                                                                               \
	__BH_F16 I __half2##NAME##_rz(__half h)                                          \
	{                                                                               \
		return __bh_half_to_int<I>(__builtin_truncf(__half2float(h)), LO, HI);  \
	}                                                                               \
	__BH_F16 I __half2##NAME##_rd(__half h)                                          \
	{                                                                               \
		return __bh_half_to_int<I>(__builtin_floorf(__half2float(h)), LO, HI);  \
	}                                                                               \
	__BH_F16 I __half2##NAME##_ru(__half h)                                          \
	{                                                                               \
		return __bh_half_to_int<I>(__builtin_ceilf(__half2float(h)), LO, HI);   \
	}
__BH_HALF2INT(int, int, (-2147483647 - 1), 2147483647)
__BH_HALF2INT(uint, unsigned int, 0u, 4294967295u)
__BH_HALF2INT(short, short, (short)-32768, (short)32767)
__BH_HALF2INT(ushort, unsigned short, (unsigned short)0, (unsigned short)65535)
__BH_HALF2INT(ll, long long, (-9223372036854775807ll - 1), 9223372036854775807ll)
__BH_HALF2INT(ull, unsigned long long, 0ull, 18446744073709551615ull)
#undef __BH_HALF2INT
/* CUDA's: to a signed char / unsigned char, towards zero. */
__BH_F16 signed char __half2char_rz(__half h)
{
	return __bh_half_to_int<signed char>(__builtin_truncf(__half2float(h)), -128, 127);
}
__BH_F16 unsigned char __half2uchar_rz(__half h)
{
	return __bh_half_to_int<unsigned char>(__builtin_truncf(__half2float(h)), 0, 255);
}

/*
 * integer -> half: every integer beyond +-65536 rounds to what +-65536
 * does in every mode (past the largest half, 65504), so the integer is
 * clamped to that, converted to float exactly and rounded once.
 */
template <typename __bhI> __BH_F16 float __bh_int_for_half(__bhI v)
{
	if ((__bhI)-1 < (__bhI)0) {
		long long s = (long long)v;

		return s > 65536 ? 65536.0f : s < -65536 ? -65536.0f : (float)s;
	}
	unsigned long long u = (unsigned long long)v;

	return u > 65536 ? 65536.0f : (float)u;
}
#define __BH_INT2HALF(NAME, I)                                                                 \
	__BH_F16 __half __##NAME##2half_rn(I v) { return __float2half_rn(__bh_int_for_half(v)); } \
	__BH_F16 __half __##NAME##2half_rz(I v) { return __float2half_rz(__bh_int_for_half(v)); } \
	__BH_F16 __half __##NAME##2half_rd(I v) { return __float2half_rd(__bh_int_for_half(v)); } \
	__BH_F16 __half __##NAME##2half_ru(I v) { return __float2half_ru(__bh_int_for_half(v)); }
__BH_INT2HALF(int, int)
__BH_INT2HALF(uint, unsigned int)
__BH_INT2HALF(short, short)
__BH_INT2HALF(ushort, unsigned short)
__BH_INT2HALF(ll, long long)
__BH_INT2HALF(ull, unsigned long long)
#undef __BH_INT2HALF

/* ------------------------------------------------- loads and stores */
/* Plain accesses: the cache hints have no meaning on the model. */
#define __BH_HALF_LDST(T)                                              \
	__device__ inline T __ldg(const T *p) { return *p; }           \
	__device__ inline T __ldcg(const T *p) { return *p; }          \
	__device__ inline T __ldca(const T *p) { return *p; }          \
	__device__ inline T __ldcs(const T *p) { return *p; }          \
	__device__ inline T __ldlu(const T *p) { return *p; }          \
	__device__ inline T __ldcv(const T *p) { return *p; }          \
	__device__ inline void __stwb(T *p, T v) { *p = v; }           \
	__device__ inline void __stcg(T *p, T v) { *p = v; }           \
	__device__ inline void __stcs(T *p, T v) { *p = v; }           \
	__device__ inline void __stwt(T *p, T v) { *p = v; }
__BH_HALF_LDST(__half)
__BH_HALF_LDST(__half2)
#undef __BH_HALF_LDST

/* ------------------------------------------------------- comparisons */
__BH_F16 bool __hisnan(__half a) { return (__half_as_ushort(a) & 0x7fff) > 0x7c00; }
/* -1 for -inf, 1 for +inf, 0 otherwise (CUDA's; true for either inf). */
__BH_F16 int __hisinf(__half a)
{
	unsigned short b = __half_as_ushort(a);
	return b == 0x7c00 ? 1 : b == 0xfc00 ? -1 : 0;
}

#define __BH_HCMP(NAME, EXPR)                                                         \
	__BH_F16 bool __h##NAME(__half a_, __half b_)                                  \
	{                                                                             \
		_Float16 a = __bh_h(a_), b = __bh_h(b_);                              \
		return EXPR;                                                          \
	}                                                                             \
	__BH_F16 __half2 __h##NAME##2(__half2 a_, __half2 b_)                          \
	{                                                                             \
		return _Float16_2{ __h##NAME(__low2half(a_), __low2half(b_)) ?        \
				   (_Float16)1 : (_Float16)0,                         \
				   __h##NAME(__high2half(a_), __high2half(b_)) ?      \
				   (_Float16)1 : (_Float16)0 };                       \
	}                                                                             \
	__BH_F16 unsigned __h##NAME##2_mask(__half2 a_, __half2 b_)                    \
	{                                                                             \
		return (__h##NAME(__low2half(a_), __low2half(b_)) ? 0xffffu : 0u) |   \
		       (__h##NAME(__high2half(a_), __high2half(b_)) ? 0xffff0000u : 0u); \
	}                                                                             \
	__BH_F16 bool __hb##NAME##2(__half2 a_, __half2 b_)                            \
	{                                                                             \
		return __h##NAME(__low2half(a_), __low2half(b_)) &&                   \
		       __h##NAME(__high2half(a_), __high2half(b_));                   \
	}
/* Ordered: false where either is NaN; unordered (..u): true there. */
__BH_HCMP(eq, a == b)
__BH_HCMP(ne, a < b || a > b)
__BH_HCMP(lt, a < b)
__BH_HCMP(le, a <= b)
__BH_HCMP(gt, a > b)
__BH_HCMP(ge, a >= b)
__BH_HCMP(equ, !(a < b || a > b))
__BH_HCMP(neu, !(a == b))
__BH_HCMP(ltu, !(a >= b))
__BH_HCMP(leu, !(a > b))
__BH_HCMP(gtu, !(a <= b))
__BH_HCMP(geu, !(a < b))
#undef __BH_HCMP

__BH_F16 __half2 __hisnan2(__half2 a)
{
	return _Float16_2{ __hisnan(__low2half(a)) ? (_Float16)1 : (_Float16)0,
			   __hisnan(__high2half(a)) ? (_Float16)1 : (_Float16)0 };
}
__BH_F16 __half2 __hisinf2(__half2 a)
{
	return _Float16_2{ __hisinf(__low2half(a)) ? (_Float16)1 : (_Float16)0,
			   __hisinf(__high2half(a)) ? (_Float16)1 : (_Float16)0 };
}

/*
 * max/min: a NaN operand gives the other one (both NaN: the canonical
 * NaN); -0 is below +0.  The _nan forms give a NaN when either is.
 */
__BH_F16 __half __hmax(__half a, __half b)
{
	bool na = __hisnan(a), nb = __hisnan(b);
	if (na || nb)
		return na && nb ? HIPRT_NAN_FP16 : na ? b : a;
	if (__bh_h(a) == __bh_h(b))	/* equal, or zeros of either sign */
		return __ushort_as_half(__half_as_ushort(a) & __half_as_ushort(b));
	return __bh_h(a) > __bh_h(b) ? a : b;
}
__BH_F16 __half __hmin(__half a, __half b)
{
	bool na = __hisnan(a), nb = __hisnan(b);
	if (na || nb)
		return na && nb ? HIPRT_NAN_FP16 : na ? b : a;
	if (__bh_h(a) == __bh_h(b))
		return __ushort_as_half(__half_as_ushort(a) | __half_as_ushort(b));
	return __bh_h(a) < __bh_h(b) ? a : b;
}
__BH_F16 __half __hmax_nan(__half a, __half b)
{
	return __hisnan(a) || __hisnan(b) ? HIPRT_NAN_FP16 : __hmax(a, b);
}
__BH_F16 __half __hmin_nan(__half a, __half b)
{
	return __hisnan(a) || __hisnan(b) ? HIPRT_NAN_FP16 : __hmin(a, b);
}
__BH_F16 __half2 __hmax2(__half2 a, __half2 b)
{
	return __half2(__hmax(__low2half(a), __low2half(b)), __hmax(__high2half(a), __high2half(b)));
}
__BH_F16 __half2 __hmin2(__half2 a, __half2 b)
{
	return __half2(__hmin(__low2half(a), __low2half(b)), __hmin(__high2half(a), __high2half(b)));
}
__BH_F16 __half2 __hmax2_nan(__half2 a, __half2 b)
{
	return __half2(__hmax_nan(__low2half(a), __low2half(b)),
		       __hmax_nan(__high2half(a), __high2half(b)));
}
__BH_F16 __half2 __hmin2_nan(__half2 a, __half2 b)
{
	return __half2(__hmin_nan(__low2half(a), __low2half(b)),
		       __hmin_nan(__high2half(a), __high2half(b)));
}

/* -------------------------------------------------------- arithmetic */
/* [+0, 1], NaN -> +0 (the hardware's clamp). */
__BH_F16 __half __bh_sat(__half a)
{
	_Float16 v = __bh_h(a);
	return !(v > (_Float16)0) ? __bh_mk((_Float16)0) : v > (_Float16)1 ? __bh_mk((_Float16)1) : a;
}
__BH_F16 __half2 __bh_sat2(__half2 a)
{
	return __half2(__bh_sat(__low2half(a)), __bh_sat(__high2half(a)));
}

/*
 * Each is one correctly rounded operation (round to nearest even);
 * the _rn forms also keep the compiler from contracting them into an
 * fma, which the plain ones allow.
 */
#define __BH_HARITH(NAME, OP)                                                           \
	__BH_F16 __half __h##NAME(__half a, __half b) { return __bh_mk(__bh_h(a) OP __bh_h(b)); } \
	__BH_F16 __half __h##NAME##_rn(__half a, __half b)                               \
	{                                                                               \
		_Pragma("clang fp contract(off)") return __bh_mk(__bh_h(a) OP __bh_h(b)); \
	}                                                                               \
	__BH_F16 __half __h##NAME##_sat(__half a, __half b)                              \
	{                                                                               \
		return __bh_sat(__h##NAME(a, b));                                       \
	}
__BH_HARITH(add, +)
__BH_HARITH(sub, -)
__BH_HARITH(mul, *)
#undef __BH_HARITH
__BH_F16 __half __hdiv(__half a, __half b) { return __bh_mk(__bh_hdiv(__bh_h(a), __bh_h(b))); }

#define __BH_HARITH2(NAME, OP)                                                          \
	__BH_F16 __half2 __h##NAME##2(__half2 a, __half2 b) { return __half2(a.data OP b.data); } \
	__BH_F16 __half2 __h##NAME##2_rn(__half2 a, __half2 b)                           \
	{                                                                               \
		_Pragma("clang fp contract(off)") return __half2(a.data OP b.data);     \
	}                                                                               \
	__BH_F16 __half2 __h##NAME##2_sat(__half2 a, __half2 b)                          \
	{                                                                               \
		return __bh_sat2(__h##NAME##2(a, b));                                   \
	}
__BH_HARITH2(add, +)
__BH_HARITH2(sub, -)
__BH_HARITH2(mul, *)
#undef __BH_HARITH2
/* Not through /=, which __HIP_NO_HALF_OPERATORS__ removes. */
__BH_F16 __half2 __h2div(__half2 a, __half2 b)
{
	return __half2(_Float16_2{ __bh_hdiv(a.data.x, b.data.x), __bh_hdiv(a.data.y, b.data.y) });
}

__BH_F16 __half __hneg(__half a) { return __ushort_as_half(__half_as_ushort(a) ^ 0x8000); }
__BH_F16 __half __habs(__half a) { return __ushort_as_half(__half_as_ushort(a) & 0x7fff); }
__BH_F16 __half2 __hneg2(__half2 a) { return __half2(__hneg(__low2half(a)), __hneg(__high2half(a))); }
__BH_F16 __half2 __habs2(__half2 a) { return __half2(__habs(__low2half(a)), __habs(__high2half(a))); }

/* a * b + c rounded once (v_fma_f16, v_pk_fma_f16). */
__device__ inline __half __hfma(__half a, __half b, __half c)
{
	return __bh_mk(__builtin_fmaf16(__bh_h(a), __bh_h(b), __bh_h(c)));
}
__device__ inline __half __hfma_sat(__half a, __half b, __half c) { return __bh_sat(__hfma(a, b, c)); }
/* CUDA's: negative results and NaN become +0. */
__device__ inline __half __hfma_relu(__half a, __half b, __half c)
{
	__half r = __hfma(a, b, c);
	return !(__bh_h(r) > (_Float16)0) ? __bh_mk((_Float16)0) : r;
}
__device__ inline __half2 __hfma2(__half2 a, __half2 b, __half2 c)
{
	return __half2(__builtin_elementwise_fma(a.data, b.data, c.data));
}
__device__ inline __half2 __hfma2_sat(__half2 a, __half2 b, __half2 c)
{
	return __bh_sat2(__hfma2(a, b, c));
}
__device__ inline __half2 __hfma2_relu(__half2 a, __half2 b, __half2 c)
{
	__half2 r = __hfma2(a, b, c);
	return __half2(_Float16_2{ !(r.data.x > (_Float16)0) ? (_Float16)0 : r.data.x,
				   !(r.data.y > (_Float16)0) ? (_Float16)0 : r.data.y });
}
/* The complex product (a.x + i a.y)(b.x + i b.y) + c, in half2 lanes. */
__device__ inline __half2 __hcmadd(__half2 a, __half2 b, __half2 c)
{
	_Float16 re = __builtin_fmaf16(a.data.x, b.data.x, c.data.x);
	_Float16 im = __builtin_fmaf16(a.data.x, b.data.y, c.data.y);
	re = __builtin_fmaf16(-a.data.y, b.data.y, re);
	im = __builtin_fmaf16(a.data.y, b.data.x, im);
	return _Float16_2{ re, im };
}

/* a.x * b.x + a.y * b.y + c in float (v_dot2_f32_f16 where there is one). */
__device__ inline float amd_mixed_dot(__half2 a, __half2 b, float c, bool saturate)
{
	float r = __builtin_fmaf((float)a.data.x, (float)b.data.x,
				 __builtin_fmaf((float)a.data.y, (float)b.data.y, c));
	return saturate ? __builtin_fminf(__builtin_fmaxf(r, 0.0f), 1.0f) : r;
}

/* -------------------------------------------------------------- math */
/* Exact: the hardware's rounding instructions (v_{trunc,ceil,floor,rndne}_f16). */
__device__ inline __half htrunc(__half a) { return __bh_mk(__builtin_elementwise_trunc(__bh_h(a))); }
__device__ inline __half hceil(__half a) { return __bh_mk(__builtin_elementwise_ceil(__bh_h(a))); }
__device__ inline __half hfloor(__half a) { return __bh_mk(__builtin_elementwise_floor(__bh_h(a))); }
__device__ inline __half hrint(__half a) { return __bh_mk(__builtin_elementwise_rint(__bh_h(a))); }
__device__ inline __half hsqrt(__half a) { return __bh_mk(__ocml_sqrt_f16(__bh_h(a))); }
/* 1/x: a correctly rounded division. */
__device__ inline __half hrcp(__half a) { return __bh_mk(__bh_hdiv((_Float16)1, __bh_h(a))); }
__device__ inline __half hrsqrt(__half a) { return __bh_mk(__ocml_rsqrt_f16(__bh_h(a))); }
__device__ inline __half hexp(__half a) { return __bh_mk(__ocml_exp_f16(__bh_h(a))); }
__device__ inline __half hexp2(__half a) { return __bh_mk(__ocml_exp2_f16(__bh_h(a))); }
__device__ inline __half hexp10(__half a) { return __bh_mk(__ocml_exp10_f16(__bh_h(a))); }
__device__ inline __half hlog(__half a) { return __bh_mk(__ocml_log_f16(__bh_h(a))); }
__device__ inline __half hlog2(__half a) { return __bh_mk(__ocml_log2_f16(__bh_h(a))); }
__device__ inline __half hlog10(__half a) { return __bh_mk(__ocml_log10_f16(__bh_h(a))); }
__device__ inline __half hsin(__half a) { return __bh_mk(__ocml_sin_f16(__bh_h(a))); }
__device__ inline __half hcos(__half a) { return __bh_mk(__ocml_cos_f16(__bh_h(a))); }

__device__ inline __half2 h2trunc(__half2 a) { return __half2(__builtin_elementwise_trunc(a.data)); }
__device__ inline __half2 h2ceil(__half2 a) { return __half2(__builtin_elementwise_ceil(a.data)); }
__device__ inline __half2 h2floor(__half2 a) { return __half2(__builtin_elementwise_floor(a.data)); }
__device__ inline __half2 h2rint(__half2 a) { return __half2(__builtin_elementwise_rint(a.data)); }
__device__ inline __half2 h2sqrt(__half2 a) { return __half2(__ocml_sqrt_2f16(a.data)); }
__device__ inline __half2 h2rcp(__half2 a) { return __h2div(_Float16_2{ 1, 1 }, a); }
__device__ inline __half2 h2rsqrt(__half2 a) { return __half2(__ocml_rsqrt_2f16(a.data)); }
__device__ inline __half2 h2exp(__half2 a) { return __half2(__ocml_exp_2f16(a.data)); }
__device__ inline __half2 h2exp2(__half2 a) { return __half2(__ocml_exp2_2f16(a.data)); }
__device__ inline __half2 h2exp10(__half2 a) { return __half2(__ocml_exp10_2f16(a.data)); }
__device__ inline __half2 h2log(__half2 a) { return __half2(__ocml_log_2f16(a.data)); }
__device__ inline __half2 h2log2(__half2 a) { return __half2(__ocml_log2_2f16(a.data)); }
__device__ inline __half2 h2log10(__half2 a) { return __half2(__ocml_log10_2f16(a.data)); }
__device__ inline __half2 h2sin(__half2 a) { return __half2(__ocml_sin_2f16(a.data)); }
__device__ inline __half2 h2cos(__half2 a) { return __half2(__ocml_cos_2f16(a.data)); }

/* ---------------------------------------------------------- shuffles */
/* As 32-bit values (the half in the low 16 bits); the _sync forms are warp.h's templates. */
#define __BH_HALF_SHFL(T)                                                                   \
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
__BH_HALF_SHFL(__half)
__BH_HALF_SHFL(__half2)
#undef __BH_HALF_SHFL

/* The warp reductions on half (HIP's extra types, as warp.h's). */
#if defined(HIP_ENABLE_EXTRA_WARP_SYNC_TYPES) && !defined(HIP_DISABLE_WARP_SYNC_BUILTINS) && \
	!defined(__HIP_NO_HALF_OPERATORS__)
template <typename MaskT> __device__ inline __half __reduce_add_sync(MaskT mask, __half v)
{
	return __bh_warp_reduce(__bh_warp_sync_mask(mask), v, __bh_warp_op_add());
}
template <typename MaskT> __device__ inline __half __reduce_min_sync(MaskT mask, __half v)
{
	return __bh_warp_reduce(__bh_warp_sync_mask(mask), v, __bh_warp_op_min());
}
template <typename MaskT> __device__ inline __half __reduce_max_sync(MaskT mask, __half v)
{
	return __bh_warp_reduce(__bh_warp_sync_mask(mask), v, __bh_warp_op_max());
}
#endif

/* ----------------------------------------------------------- atomics */
/*
 * atomicAdd on a __half2 (both lanes, each rounded to nearest) and on a
 * __half (the other half of its 32-bit word unchanged): a compare-and-
 * swap loop on the word; each returns the old value.  unsafeAtomicAdd
 * on a __half is the same; on a __half2 see below.
 */
__device__ inline __half2 atomicAdd(__half2 *address, __half2 val)
{
	unsigned int *p = (unsigned int *)address;
	unsigned int old = __hip_atomic_load(p, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT), want;

	do {
		__half2 sum = __hadd2(__builtin_bit_cast(__half2, old), val);
		want = __builtin_bit_cast(unsigned int, sum);
	} while (!__hip_atomic_compare_exchange_strong(p, &old, want, __ATOMIC_RELAXED,
						       __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT));
	return __builtin_bit_cast(__half2, old);
}
__device__ inline __half atomicAdd(__half *address, __half val)
{
	unsigned long long a = (unsigned long long)address;
	unsigned int *p = (unsigned int *)(a & ~3ull);
	unsigned int shift = (unsigned int)(a & 2) * 8;
	unsigned int old = __hip_atomic_load(p, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT), want;

	do {
		__half h = __ushort_as_half((unsigned short)(old >> shift));
		unsigned int sum = __half_as_ushort(__hadd(h, val));
		want = (old & ~(0xffffu << shift)) | sum << shift;
	} while (!__hip_atomic_compare_exchange_strong(p, &old, want, __ATOMIC_RELAXED,
						       __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT));
	return __ushort_as_half((unsigned short)(old >> shift));
}
/*
 * unsafeAtomicAdd on a __half2 uses the packed add instruction where the
 * target has one: flat_atomic_pk_add_f16 on gfx940-942 (any address),
 * global_atomic_pk_add_f16 on gfx90a (global memory only; LDS and private
 * fall back to the loop).  gfx11 has none.  atomicAdd stays the loop.
 */
__device__ inline __half2 unsafeAtomicAdd(__half2 *address, __half2 val)
{
#if defined(__gfx940__) || defined(__gfx941__) || defined(__gfx942__) || defined(__gfx90a__)
	typedef _Float16 __bh_v2h __attribute__((ext_vector_type(2)));
	__bh_v2h v = __builtin_bit_cast(__bh_v2h, val);
#if defined(__gfx90a__)
	if (!__builtin_amdgcn_is_shared(address) && !__builtin_amdgcn_is_private(address))
		return __builtin_bit_cast(__half2, __builtin_amdgcn_global_atomic_fadd_v2f16(
			(__attribute__((address_space(1))) __bh_v2h *)address, v));
#else
	if (__builtin_amdgcn_is_shared(address))	/* ds_pk_add_rtn_f16 */
		return __builtin_bit_cast(__half2, __builtin_amdgcn_ds_atomic_fadd_v2f16(
			(__attribute__((address_space(3))) __bh_v2h *)address, v));
	return __builtin_bit_cast(__half2,
				  __builtin_amdgcn_flat_atomic_fadd_v2f16((__bh_v2h *)address, v));
#endif
#endif
	return atomicAdd(address, val);
}
__device__ inline __half unsafeAtomicAdd(__half *address, __half val) { return atomicAdd(address, val); }

#undef __BH_IF_FLOAT
#undef __BH_IF_INT
#undef __BH_F16

#endif /* HIP_FP16_H */
