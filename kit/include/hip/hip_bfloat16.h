/*
 * barehip: <hip/hip_bfloat16.h>, the older bfloat16 type of ROCm's
 * libraries (rocBLAS, rocPRIM's rocprim::bfloat16): struct hip_bfloat16,
 * one uint16_t 'data' holding the high half of a float.
 *
 * As ROCm defines it: built from a float explicitly, rounded to nearest
 * even (a NaN stays a NaN), or truncated with hip_bfloat16::truncate;
 * widened to float implicitly and exactly; arithmetic, comparisons and
 * ++/-- done in float and rounded once; std::isinf, std::isnan and
 * std::iszero.  Host and device alike.  C, C++ before C++11, and host
 * compilers that are not HIP get the bare struct (same layout).
 *
 * The rounding is <hip/hip_bf16.h>'s (__bh_f_to_bf), so both bfloat16
 * types round alike.  tests/device/bfloat16_legacy.hip checks it.
 */
#ifndef HIP_BFLOAT16_H
#define HIP_BFLOAT16_H

#if !defined(__cplusplus) || __cplusplus < 201103L || !defined(__HIPCC__)

#include <stdint.h>
typedef struct {
	uint16_t data;
} hip_bfloat16;

#else

#include <cstdint>
#include <ostream>
#include <type_traits>
#include <hip/hip_bf16.h>

struct hip_bfloat16 {
	uint16_t data;

	enum truncate_t { truncate };

	__host__ __device__ hip_bfloat16() = default;
	explicit __host__ __device__ hip_bfloat16(float f) : data(__bh_f_to_bf(f, 0)) {}
	explicit __host__ __device__ hip_bfloat16(float f, truncate_t)
		: data(truncate_bits(f)) {}

	__host__ __device__ operator float() const { return __bh_bf_to_f(data); }

	static __host__ __device__ hip_bfloat16 round_to_bfloat16(float f)
	{
		hip_bfloat16 r;
		r.data = __bh_f_to_bf(f, 0);
		return r;
	}
	static __host__ __device__ hip_bfloat16 round_to_bfloat16(float f, truncate_t)
	{
		hip_bfloat16 r;
		r.data = truncate_bits(f);
		return r;
	}

private:
	/* The high half; a NaN whose payload is all in the low half stays
	 * a NaN (quiet, sign kept). */
	static __host__ __device__ uint16_t truncate_bits(float f)
	{
		uint32_t u = __builtin_bit_cast(uint32_t, f);
		if ((u & 0x7fffffff) > 0x7f800000)
			return (uint16_t)((u >> 16) | 0x40);
		return (uint16_t)(u >> 16);
	}
};

static_assert(std::is_standard_layout<hip_bfloat16>::value, "hip_bfloat16: C layout");
static_assert(std::is_trivial<hip_bfloat16>::value, "hip_bfloat16: trivial, as ROCm's");
static_assert(sizeof(hip_bfloat16) == 2, "hip_bfloat16: 16 bits");

inline std::ostream &operator<<(std::ostream &os, const hip_bfloat16 &b)
{
	return os << float(b);
}

#define __BH_BF16_OP(op)                                                       \
	inline __host__ __device__ hip_bfloat16 operator op(hip_bfloat16 a, hip_bfloat16 b) \
	{                                                                      \
		return hip_bfloat16(float(a) op float(b));                     \
	}                                                                      \
	inline __host__ __device__ hip_bfloat16 &operator op##=(hip_bfloat16 &a, hip_bfloat16 b) \
	{                                                                      \
		return a = a op b;                                             \
	}
__BH_BF16_OP(+)
__BH_BF16_OP(-)
__BH_BF16_OP(*)
__BH_BF16_OP(/)
#undef __BH_BF16_OP

#define __BH_BF16_CMP(op)                                                      \
	inline __host__ __device__ bool operator op(hip_bfloat16 a, hip_bfloat16 b) \
	{                                                                      \
		return float(a) op float(b);                                   \
	}
__BH_BF16_CMP(<)
__BH_BF16_CMP(<=)
__BH_BF16_CMP(>)
__BH_BF16_CMP(>=)
__BH_BF16_CMP(==)
__BH_BF16_CMP(!=)
#undef __BH_BF16_CMP

inline __host__ __device__ hip_bfloat16 operator+(hip_bfloat16 a) { return a; }
inline __host__ __device__ hip_bfloat16 operator-(hip_bfloat16 a)
{
	a.data ^= 0x8000;
	return a;
}
inline __host__ __device__ hip_bfloat16 &operator++(hip_bfloat16 &a)
{
	return a = hip_bfloat16(float(a) + 1.0f);
}
inline __host__ __device__ hip_bfloat16 &operator--(hip_bfloat16 &a)
{
	return a = hip_bfloat16(float(a) - 1.0f);
}
inline __host__ __device__ hip_bfloat16 operator++(hip_bfloat16 &a, int)
{
	hip_bfloat16 old = a;
	++a;
	return old;
}
inline __host__ __device__ hip_bfloat16 operator--(hip_bfloat16 &a, int)
{
	hip_bfloat16 old = a;
	--a;
	return old;
}

namespace std {
constexpr __host__ __device__ bool isinf(hip_bfloat16 a) { return (a.data & 0x7fff) == 0x7f80; }
constexpr __host__ __device__ bool isnan(hip_bfloat16 a) { return (a.data & 0x7fff) > 0x7f80; }
constexpr __host__ __device__ bool iszero(hip_bfloat16 a) { return (a.data & 0x7fff) == 0; }
} // namespace std

#endif
#endif /* HIP_BFLOAT16_H */
