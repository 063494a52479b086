/*
 * barehip: <hip/hip_bfloat16.h>, the older bfloat16 type of ROCm (used by
 * rocBLAS-era code; new code uses __hip_bfloat16 from hip_bf16.h).
 *
 * struct hip_bfloat16 { uint16_t data; }: the top 16 bits of an IEEE
 * float.  From float it rounds to nearest, ties to even, and keeps NaNs
 * NaN (quiet); hip_bfloat16(f, hip_bfloat16::truncate) drops the low
 * bits instead.  To float it is exact.  In C++: conversions both ways,
 * arithmetic and comparisons through float, ++/--, +=..., std::isinf,
 * and std::isinf, isnan, iszero, abs, sin, cos, real, for host and
 * device code.  In C: the struct and the two
 * conversion functions.
 */
#ifndef HIP_BFLOAT16_H
#define HIP_BFLOAT16_H

#include <stdint.h>
#include <string.h>

#if defined(__HIP__) || defined(__CUDA__)
#define __BH_BF16_HD __attribute__((host)) __attribute__((device))
#else
#define __BH_BF16_HD
#endif

static inline __BH_BF16_HD uint16_t __bh_bfloat16_round(float f)
{
	uint32_t u;

	__builtin_memcpy(&u, &f, sizeof(u));
	if ((u & 0x7fffffffu) > 0x7f800000u)	/* NaN: stays NaN, quiet */
		return (uint16_t)((u >> 16) | 0x40);
	u += 0x7fffu + ((u >> 16) & 1u);		/* to nearest, ties to even */
	return (uint16_t)(u >> 16);
}

static inline __BH_BF16_HD float __bh_bfloat16_to_float(uint16_t data)
{
	uint32_t u = (uint32_t)data << 16;
	float f;

	__builtin_memcpy(&f, &u, sizeof(f));
	return f;
}

#ifdef __cplusplus
#include <ostream>

struct hip_bfloat16 {
	uint16_t data;

	enum truncate_t { truncate };

	__BH_BF16_HD hip_bfloat16() = default;
	__BH_BF16_HD hip_bfloat16(float f) : data(__bh_bfloat16_round(f)) {}
	__BH_BF16_HD explicit hip_bfloat16(float f, truncate_t)
	{
		uint32_t u;

		__builtin_memcpy(&u, &f, sizeof(u));
		data = (uint16_t)(u >> 16);
		if ((u & 0x7fffffffu) > 0x7f800000u && !(data & 0x7f))
			data |= 1;	/* a NaN truncated to infinity stays NaN */
	}
	__BH_BF16_HD operator float() const { return __bh_bfloat16_to_float(data); }

	static __BH_BF16_HD hip_bfloat16 round_to_bfloat16(float f) { return hip_bfloat16(f); }
	static __BH_BF16_HD hip_bfloat16 round_to_bfloat16(float f, truncate_t)
	{
		return hip_bfloat16(f, truncate);
	}
	__BH_BF16_HD hip_bfloat16 &operator=(float f)
	{
		data = __bh_bfloat16_round(f);
		return *this;
	}
};

inline std::ostream &operator<<(std::ostream &os, const hip_bfloat16 &bf16)
{
	return os << float(bf16);
}

#define __BH_BF16_BINARY(op)                                                           \
	inline __BH_BF16_HD hip_bfloat16 operator op(hip_bfloat16 a, hip_bfloat16 b)    \
	{                                                                              \
		return hip_bfloat16(float(a) op float(b));                             \
	}                                                                              \
	inline __BH_BF16_HD hip_bfloat16 &operator op##=(hip_bfloat16 & a, hip_bfloat16 b) \
	{                                                                              \
		return a = a op b;                                                     \
	}
__BH_BF16_BINARY(+)
__BH_BF16_BINARY(-)
__BH_BF16_BINARY(*)
__BH_BF16_BINARY(/)
#undef __BH_BF16_BINARY

#define __BH_BF16_COMPARE(op)                                                   \
	inline __BH_BF16_HD bool operator op(hip_bfloat16 a, hip_bfloat16 b)     \
	{                                                                       \
		return float(a) op float(b);                                    \
	}
__BH_BF16_COMPARE(==)
__BH_BF16_COMPARE(!=)
__BH_BF16_COMPARE(<)
__BH_BF16_COMPARE(<=)
__BH_BF16_COMPARE(>)
__BH_BF16_COMPARE(>=)
#undef __BH_BF16_COMPARE

inline __BH_BF16_HD hip_bfloat16 operator+(hip_bfloat16 a) { return a; }
inline __BH_BF16_HD hip_bfloat16 operator-(hip_bfloat16 a)
{
	a.data ^= 0x8000;
	return a;
}
inline __BH_BF16_HD hip_bfloat16 &operator++(hip_bfloat16 &a) { return a += hip_bfloat16(1.0f); }
inline __BH_BF16_HD hip_bfloat16 &operator--(hip_bfloat16 &a) { return a -= hip_bfloat16(1.0f); }
inline __BH_BF16_HD hip_bfloat16 operator++(hip_bfloat16 &a, int)
{
	hip_bfloat16 old = a;
	++a;
	return old;
}
inline __BH_BF16_HD hip_bfloat16 operator--(hip_bfloat16 &a, int)
{
	hip_bfloat16 old = a;
	--a;
	return old;
}

namespace std {
inline __BH_BF16_HD bool isinf(hip_bfloat16 a) { return (a.data & 0x7fff) == 0x7f80; }
inline __BH_BF16_HD bool isnan(hip_bfloat16 a) { return (a.data & 0x7fff) > 0x7f80; }
inline __BH_BF16_HD bool iszero(hip_bfloat16 a) { return (a.data & 0x7fff) == 0; }
inline __BH_BF16_HD hip_bfloat16 abs(hip_bfloat16 a)
{
	a.data &= 0x7fff;
	return a;
}
inline __BH_BF16_HD hip_bfloat16 sin(hip_bfloat16 a) { return hip_bfloat16(__builtin_sinf(float(a))); }
inline __BH_BF16_HD hip_bfloat16 cos(hip_bfloat16 a) { return hip_bfloat16(__builtin_cosf(float(a))); }
inline __BH_BF16_HD constexpr hip_bfloat16 real(const hip_bfloat16 &a) { return a; }
} // namespace std

#else /* C */

typedef struct {
	uint16_t data;
} hip_bfloat16;

#endif /* __cplusplus */

/* Both languages: the conversions by name. */
static inline __BH_BF16_HD hip_bfloat16 float_to_hip_bfloat16(float f)
{
	hip_bfloat16 b;

	b.data = __bh_bfloat16_round(f);
	return b;
}
static inline __BH_BF16_HD float hip_bfloat16_to_float(hip_bfloat16 b)
{
	return __bh_bfloat16_to_float(b.data);
}

#endif /* HIP_BFLOAT16_H */
