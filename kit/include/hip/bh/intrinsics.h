/*
 * barehip: integer intrinsics, timers, memory fences and the
 * __syncthreads_count/_and/_or block reductions (seed "Integer
 * intrinsics", "Timer functions", "Memory fence instructions",
 * "Synchronization functions"; docs/facts/devlib.md §2.5-2.7, §2.9).
 *
 * Everything here is device code.  Most intrinsics are one or two
 * instructions: clang's generic bit builtins, or the amdgcn builtins
 * whose instruction computes exactly the intrinsic (v_perm_b32 for
 * __byte_perm, v_alignbit_b32 for the funnel shifts).  The block
 * reductions live in the firmware (firmware/wgred.c) under ROCm's ockl
 * names.
 */
#pragma once

#include <time.h>	/* clock_t */

extern "C" {
/* Firmware (firmware/wgred.c): the value reduced over the workgroup,
 * with __syncthreads' barrier and workgroup-scope fences. */
__device__ int __ockl_wgred_add_i32(int x);
__device__ int __ockl_wgred_and_i32(int x);
__device__ int __ockl_wgred_or_i32(int x);
}

/* ---- bit counts and bit order --------------------------------------- */

/* Number of 1 bits. */
__device__ static inline unsigned int __popc(unsigned int x)
{
	return (unsigned int)__builtin_popcount(x);
}
__device__ static inline unsigned int __popcll(unsigned long long int x)
{
	return (unsigned int)__builtin_popcountll(x);
}

/* Leading zero bits; 32 (64) for 0.  int, as in CUDA and ROCm. */
__device__ static inline int __clz(int x)
{
	return x == 0 ? 32 : __builtin_clz((unsigned int)x);
}
__device__ static inline int __clzll(long long int x)
{
	return x == 0 ? 64 : __builtin_clzll((unsigned long long)x);
}

/* 1 + the index of the lowest 1 bit; 0 for 0. */
__device__ static inline unsigned int __ffs(int x)
{
	return (unsigned int)__builtin_ffs(x);
}
__device__ static inline unsigned int __ffsll(long long int x)
{
	return (unsigned int)__builtin_ffsll(x);
}

/*
 * The index of the lowest 1 bit, (unsigned)-1 for 0: __ffs without its
 * +1, which is what v_ffbl_b32 returns.
 */
__device__ static inline unsigned int __lastbit_u32_u32(unsigned int x)
{
	return x == 0 ? ~0u : (unsigned int)__builtin_ctz(x);
}
__device__ static inline unsigned int __lastbit_u32_u64(unsigned long long int x)
{
	return x == 0 ? ~0u : (unsigned int)__builtin_ctzll(x);
}

/* Bits in reverse order: bit 0 becomes bit 31 (63). */
__device__ static inline unsigned int __brev(unsigned int x)
{
	return __builtin_bitreverse32(x);
}
__device__ static inline unsigned long long int __brevll(unsigned long long int x)
{
	return __builtin_bitreverse64(x);
}

/* Position (0-based) of the n-th 1 bit of @m counting from bit 0, n >= 1;
 * -1 if @m has fewer.  A binary search over popcounts of halves. */
__device__ static inline int __bh_nth_set_bit(unsigned long long m, unsigned int n)
{
	if ((unsigned int)__builtin_popcountll(m) < n)
		return -1;
	int pos = 0;

	for (int half = 32; half > 0; half /= 2) {
		unsigned long long low = m & ((1ull << half) - 1);
		unsigned int cnt = (unsigned int)__builtin_popcountll(low);

		if (cnt < n) {		/* it is in the upper half */
			n -= cnt;
			m >>= half;
			pos += half;
		} else {
			m = low;
		}
	}
	return pos;
}

/*
 * __fns64(mask, base, offset): the position of the offset-th 1 bit of
 * @mask found walking from bit @base (included) towards bit 63 when
 * offset > 0, towards bit 0 when offset < 0.  With offset 0: @base if
 * that bit is set.  (unsigned)-1 when there are not enough 1 bits.  A
 * base beyond the top bit has no bits at or above it, and every bit
 * below it.  __fns32 does the same on the low 32 bits of @mask.
 */
__device__ static inline unsigned int __bh_fns(unsigned long long mask, unsigned int bits,
					       unsigned int base, int offset)
{
	if (offset == 0)
		return base < bits && ((mask >> base) & 1) ? base : ~0u;
	if (offset > 0) {
		if (base >= bits)
			return ~0u;
		return (unsigned int)__bh_nth_set_bit(mask & (~0ull << base), (unsigned int)offset);
	}
	/* Walk downwards: bit-reverse the bits at or below base. */
	unsigned int top = base < bits ? base : bits - 1;
	unsigned long long below = mask & (~0ull >> (63 - top));
	/* -(offset + 1) + 1 keeps offset == INT_MIN defined. */
	unsigned int n = (unsigned int)(-(offset + 1)) + 1u;
	int r = __bh_nth_set_bit(__builtin_bitreverse64(below), n);

	return r < 0 ? ~0u : 63u - (unsigned int)r;
}
__device__ static inline unsigned int __fns64(unsigned long long int mask, unsigned int base,
					      int offset)
{
	return __bh_fns(mask, 64, base, offset);
}
__device__ static inline unsigned int __fns32(unsigned long long int mask, unsigned int base,
					      int offset)
{
	return __bh_fns(mask & 0xffffffffull, 32, base, offset);
}
__device__ static inline unsigned int __fns(unsigned int mask, unsigned int base, int offset)
{
	return __fns32(mask, base, offset);
}

/* ---- bit fields and byte permutes ----------------------------------- */

/*
 * __bitextract_u32(src, offset, width): @width bits of @src from bit
 * @offset, zero-extended; offset and width are taken mod 32 and width 0
 * gives 0.  As in ROCm, the field is cut out with a left shift by
 * 32 - offset - width and a right shift by 32 - width, both shift
 * amounts mod 32 as the shift instructions take them.  So when the
 * field runs past bit 31 (offset + width > 32) the result is not
 * v_bfe_u32's: its low 32 - offset bits are 0 and above them sit the
 * low offset + width - 32 bits of @src.  __bitextract_u64 is the same
 * with 64.
 */
__device__ static inline unsigned int __bitextract_u32(unsigned int src0, unsigned int offset,
						       unsigned int width)
{
	offset &= 31;
	width &= 31;
	return width == 0 ? 0 : (src0 << ((32 - offset - width) & 31)) >> (32 - width);
}
__device__ static inline unsigned long long int __bitextract_u64(unsigned long long int src0,
								unsigned int offset,
								unsigned int width)
{
	offset &= 63;
	width &= 63;
	return width == 0 ? 0 : (src0 << ((64 - offset - width) & 63)) >> (64 - width);
}

/* __bitinsert_u32(src0, src1, offset, width): @src0 with its @width bits
 * from @offset replaced by the low bits of @src1 (mod 32, as above; width
 * 0 gives @src0, and field bits past bit 31 are dropped, as in ROCm). */
__device__ static inline unsigned int __bitinsert_u32(unsigned int src0, unsigned int src1,
						      unsigned int offset, unsigned int width)
{
	offset &= 31;
	width &= 31;
	unsigned int mask = ((1u << width) - 1) << offset;

	return (src0 & ~mask) | ((src1 << offset) & mask);
}
__device__ static inline unsigned long long int __bitinsert_u64(unsigned long long int src0,
							       unsigned long long int src1,
							       unsigned int offset,
							       unsigned int width)
{
	offset &= 63;
	width &= 63;
	unsigned long long mask = ((1ull << width) - 1) << offset;

	return (src0 & ~mask) | ((src1 << offset) & mask);
}

/*
 * __byte_perm(x, y, s) (CUDA semantics): byte n of the result is byte
 * (s >> 4n) & 7 of the 8-byte value y:x (x is bytes 0-3).  Bit 3 of each
 * selector nibble and s[31:16] are ignored.  v_perm_b32 picks bytes the
 * same way, one selector byte per result byte and with y:x in its
 * operand order, so the nibbles only need spreading into bytes (free
 * for a constant selector).
 */
__device__ static inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s)
{
	unsigned int sel = (s & 0x7) | (s & 0x70) << 4 | (s & 0x700) << 8 | (s & 0x7000) << 12;

	return __builtin_amdgcn_perm(y, x, sel);
}

/*
 * Funnel shifts of the 64-bit value hi:lo.  _l: shift left, return the
 * high word; _r: shift right, return the low word.  The plain forms take
 * the shift mod 32, the c forms clamp it to 32.  Left: one 64-bit shift
 * (v_lshlrev_b64); right: v_alignbit_b32(hi, lo, s), which is
 * (hi:lo >> (s & 31)).
 */
__device__ static inline unsigned int __bh_hi_of_shl(unsigned int lo, unsigned int hi,
						     unsigned int s)
{
	return (unsigned int)((((unsigned long long)hi << 32 | lo) << s) >> 32);
}
__device__ static inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi,
						      unsigned int shift)
{
	return __bh_hi_of_shl(lo, hi, shift & 31);
}
__device__ static inline unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi,
						       unsigned int shift)
{
	return __bh_hi_of_shl(lo, hi, shift < 32 ? shift : 32);
}
__device__ static inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi,
						      unsigned int shift)
{
	return __builtin_amdgcn_alignbit(hi, lo, shift & 31);
}
__device__ static inline unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi,
						       unsigned int shift)
{
	return shift >= 32 ? hi : __builtin_amdgcn_alignbit(hi, lo, shift);
}

/* ---- averages and sums of absolute differences ----------------------- */

/*
 * Averages without overflow: (x + y) >> 1 and (x + y + 1) >> 1 computed
 * in 33 bits (the signed forms round towards -infinity, as an arithmetic
 * shift does).  The signed forms return int, as in CUDA.
 */
__device__ static inline int __hadd(int x, int y)
{
	return (int)(((long long)x + y) >> 1);
}
__device__ static inline int __rhadd(int x, int y)
{
	return (int)(((long long)x + y + 1) >> 1);
}
__device__ static inline unsigned int __uhadd(unsigned int x, unsigned int y)
{
	return (unsigned int)(((unsigned long long)x + y) >> 1);
}
__device__ static inline unsigned int __urhadd(unsigned int x, unsigned int y)
{
	return (unsigned int)(((unsigned long long)x + y + 1) >> 1);
}

/* |x - y| + z, the difference exact and the sum mod 2^32. */
__device__ static inline unsigned int __sad(int x, int y, unsigned int z)
{
	return (x > y ? (unsigned int)x - (unsigned int)y : (unsigned int)y - (unsigned int)x) + z;
}
__device__ static inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z)
{
	return (x > y ? x - y : y - x) + z;
}

/* ---- multiplications ------------------------------------------------ */

/* The low 32 bits of the product of the low 24 bits of x and y (signed:
 * bit 23 is the sign).  v_mul_i32_i24 / v_mul_u32_u24. */
__device__ static inline int __mul24(int x, int y)
{
	int a = (int)((unsigned int)x << 8) >> 8, b = (int)((unsigned int)y << 8) >> 8;

	return (int)((unsigned int)a * (unsigned int)b);
}
__device__ static inline unsigned int __umul24(unsigned int x, unsigned int y)
{
	return (x & 0xffffff) * (y & 0xffffff);
}

/* The high half of the full product. */
__device__ static inline int __mulhi(int x, int y)
{
	return (int)(((long long)x * y) >> 32);
}
__device__ static inline unsigned int __umulhi(unsigned int x, unsigned int y)
{
	return (unsigned int)(((unsigned long long)x * y) >> 32);
}
__device__ static inline long long int __mul64hi(long long int x, long long int y)
{
	return (long long)(((__int128)x * y) >> 64);
}
__device__ static inline unsigned long long int __umul64hi(unsigned long long int x,
							  unsigned long long int y)
{
	return (unsigned long long)(((unsigned __int128)x * y) >> 64);
}

/* ---- type punning and conversions ------------------------------------ */

/* The bits of a float or double as an integer, and back. */
__device__ static inline int __float_as_int(float x)
{
	return __builtin_bit_cast(int, x);
}
__device__ static inline unsigned int __float_as_uint(float x)
{
	return __builtin_bit_cast(unsigned int, x);
}
__device__ static inline float __int_as_float(int x)
{
	return __builtin_bit_cast(float, x);
}
__device__ static inline float __uint_as_float(unsigned int x)
{
	return __builtin_bit_cast(float, x);
}
__device__ static inline long long int __double_as_longlong(double x)
{
	return __builtin_bit_cast(long long int, x);
}
__device__ static inline double __longlong_as_double(long long int x)
{
	return __builtin_bit_cast(double, x);
}
/* The high and low 32 bits of a double, and a double from them. */
__device__ static inline int __double2hiint(double x)
{
	return (int)(__builtin_bit_cast(unsigned long long, x) >> 32);
}
__device__ static inline int __double2loint(double x)
{
	return (int)__builtin_bit_cast(unsigned long long, x);
}
__device__ static inline double __hiloint2double(int hi, int lo)
{
	return __builtin_bit_cast(double, (unsigned long long)(unsigned int)hi << 32 |
						  (unsigned int)lo);
}

/*
 * Floating point to integer in one rounding mode: _rn to nearest even,
 * _rz towards zero, _ru up, _rd down (v_rndne, v_trunc, v_ceil,
 * v_floor), then to the integer type.  Out of range, the result
 * saturates as the hardware's v_cvt_i32/u32 do, and as ROCm's (whose
 * plain C++ casts compile to those instructions) give for the 32-bit
 * types: below the range the type's minimum (0 for the unsigned
 * types, so -1.0 gives 0), above it the maximum, NaN 0.  The 64-bit
 * types, which ROCm leaves to LLVM's expansions (undefined out of
 * range), saturate the same way here.
 */
template <class __bhI, class __bhF> __device__ static inline __bhI __bh_f2i_sat(__bhF r)
{
	constexpr bool sgn = (__bhI)-1 < 0;
	constexpr int bits = sizeof(__bhI) * 8;
	/* The type's range [lo, hi) as F: powers of two, exact. */
	constexpr __bhF half = (__bhF)(1ull << (bits - 1));
	constexpr __bhF lo = sgn ? -half : 0, hi = sgn ? half : 2 * half;
	constexpr __bhI imin = sgn ? (__bhI)(1ull << (bits - 1)) : 0;
	constexpr __bhI imax = sgn ? (__bhI)(~0ull >> (65 - bits)) : (__bhI)~0ull;

	if (r != r)
		return 0;
	if (r < lo)
		return imin;
	if (r >= hi)
		return imax;
	return (__bhI)r;
}

#define __BH_F2I(NAME, I, F, RN, RZ, RU, RD)                                              \
	__device__ static inline I NAME##_rn(F x) { return __bh_f2i_sat<I, F>(RN(x)); }   \
	__device__ static inline I NAME##_rz(F x) { return __bh_f2i_sat<I, F>(RZ(x)); }   \
	__device__ static inline I NAME##_ru(F x) { return __bh_f2i_sat<I, F>(RU(x)); }   \
	__device__ static inline I NAME##_rd(F x) { return __bh_f2i_sat<I, F>(RD(x)); }
#define __BH_F2I_F32(NAME, I)                                                             \
	__BH_F2I(NAME, I, float, __builtin_rintf, __builtin_truncf, __builtin_ceilf,      \
		 __builtin_floorf)
#define __BH_F2I_F64(NAME, I)                                                             \
	__BH_F2I(NAME, I, double, __builtin_rint, __builtin_trunc, __builtin_ceil,        \
		 __builtin_floor)
__BH_F2I_F32(__float2int, int)
__BH_F2I_F32(__float2uint, unsigned int)
__BH_F2I_F32(__float2ll, long long int)
__BH_F2I_F32(__float2ull, unsigned long long int)
__BH_F2I_F64(__double2int, int)
__BH_F2I_F64(__double2uint, unsigned int)
__BH_F2I_F64(__double2ll, long long int)
__BH_F2I_F64(__double2ull, unsigned long long int)
#undef __BH_F2I_F64
#undef __BH_F2I_F32
#undef __BH_F2I

/*
 * Integers to floating point, and double to float, in one rounding
 * mode.  _rn is the plain conversion (the hardware's, or LLVM's
 * expansion for 64-bit integers: one rounding, to nearest even); the
 * directed modes are ROCm's __ocml_cvtrt{n,p,z} functions, in the
 * firmware (firmware/math/cvt.c).  int and unsigned to double are exact
 * (only _rn exists, as in CUDA).
 */
#define __BH_CVT_DECL(T, to, from, S)                                                     \
	extern "C" __device__ __attribute__((const)) T __ocml_cvtrtn_##to##_##from(S);    \
	extern "C" __device__ __attribute__((const)) T __ocml_cvtrtp_##to##_##from(S);    \
	extern "C" __device__ __attribute__((const)) T __ocml_cvtrtz_##to##_##from(S);
__BH_CVT_DECL(float, f32, f64, double)
__BH_CVT_DECL(float, f32, s32, int)
__BH_CVT_DECL(float, f32, u32, unsigned int)
__BH_CVT_DECL(float, f32, s64, long long int)
__BH_CVT_DECL(float, f32, u64, unsigned long long int)
__BH_CVT_DECL(double, f64, s64, long long int)
__BH_CVT_DECL(double, f64, u64, unsigned long long int)
#undef __BH_CVT_DECL

#define __BH_CVT(NAME, T, to, from, S)                                                    \
	__device__ static inline T NAME##_rn(S x) { return (T)x; }                        \
	__device__ static inline T NAME##_rz(S x) { return __ocml_cvtrtz_##to##_##from(x); } \
	__device__ static inline T NAME##_ru(S x) { return __ocml_cvtrtp_##to##_##from(x); } \
	__device__ static inline T NAME##_rd(S x) { return __ocml_cvtrtn_##to##_##from(x); }
__BH_CVT(__double2float, float, f32, f64, double)
__BH_CVT(__int2float, float, f32, s32, int)
__BH_CVT(__uint2float, float, f32, u32, unsigned int)
__BH_CVT(__ll2float, float, f32, s64, long long int)
__BH_CVT(__ull2float, float, f32, u64, unsigned long long int)
__BH_CVT(__ll2double, double, f64, s64, long long int)
__BH_CVT(__ull2double, double, f64, u64, unsigned long long int)
#undef __BH_CVT

__device__ static inline double __int2double_rn(int x)
{
	return (double)x;
}
__device__ static inline double __uint2double_rn(unsigned int x)
{
	return (double)x;
}

/* ---- memory fences -------------------------------------------------- */

/*
 * Sequentially consistent fences: this thread's earlier memory accesses
 * are seen by the block (_block), the device (plain) or the device, the
 * host and other devices (_system) before its later ones.
 */
__device__ static inline void __threadfence_block(void)
{
	__builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup");
}
__device__ static inline void __threadfence(void)
{
	__builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent");
}
__device__ static inline void __threadfence_system(void)
{
	__builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "");
}

/* ---- barriers with a block-wide reduction --------------------------- */

/*
 * __syncthreads() that also returns, to every thread of the block, how
 * many threads passed a non-zero predicate (_count), whether all did
 * (_and) or whether any did (_or).
 */
__device__ static inline int __syncthreads_count(int predicate)
{
	return __ockl_wgred_add_i32(predicate != 0);
}
__device__ static inline int __syncthreads_and(int predicate)
{
	return __ockl_wgred_and_i32(predicate != 0);
}
__device__ static inline int __syncthreads_or(int predicate)
{
	return __ockl_wgred_or_i32(predicate != 0);
}

/* ---- timers --------------------------------------------------------- */

/*
 * clock64(): a 64-bit counter at hipDeviceAttributeClockInstructionRate
 * kHz whose differences measure time spent.  gfx9 has s_memtime, the
 * shader clock (the same rate as hipDeviceAttributeClockRate).  gfx11
 * has no 64-bit cycle counter: __builtin_readcyclecounter() reads
 * SHADER_CYCLES, 20 bits that wrap every 0.4 ms at 2.5 GHz (why the
 * seeds say clock() "does not work properly" on RDNA3 in ROCm).  There
 * clock64() reads the 64-bit REALTIME counter instead (the GET_REALTIME
 * message), which never wraps, and the device reports its rate as the
 * clock instruction rate: resolution 10 ns rather than one cycle, but
 * monotonic and correctly scaled.
 * wall_clock64(): a constant-rate counter (s_memrealtime, or the
 * GET_REALTIME message on gfx11+) at hipDeviceAttributeWallClockRate kHz.
 */
__device__ static inline long long int __clock64(void)
{
#if __has_builtin(__builtin_amdgcn_s_memtime)
	return (long long)__builtin_amdgcn_s_memtime();
#elif defined(__GFX11__)
	return (long long)__builtin_amdgcn_s_sendmsg_rtnl(0x83);	/* MSG_RTN_GET_REALTIME */
#else
	return (long long)__builtin_readcyclecounter();
#endif
}
__device__ static inline clock_t __clock(void)
{
	return (clock_t)__clock64();
}
__device__ static inline long long int clock64(void)
{
	return __clock64();
}
__device__ static inline clock_t clock(void)
{
	return __clock();
}
__device__ static inline long long int wall_clock64(void)
{
#if defined(__GFX11__) || defined(__GFX12__)
	return (long long)__builtin_amdgcn_s_sendmsg_rtnl(0x83);	/* MSG_RTN_GET_REALTIME */
#else
	return (long long)__builtin_amdgcn_s_memrealtime();
#endif
}
