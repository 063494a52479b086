/* SPDX-License-Identifier: MIT */
/*
 * The rounded basic operations (__fadd_rd, __dmul_ru, __fmaf_rz, ...;
 * clang's header maps them to __ocml_<op>_rt{e,n,p,z}_f32/_f64 under
 * OCML_BASIC_ROUNDED_OPERATIONS, which bh/math.h defines).
 *
 * +, -, * and fma are single instructions, so the hardware rounds them
 * in any mode: MODE.FP_ROUND is set around the instruction, all three
 * in one asm statement so the compiler cannot move the arithmetic out
 * of the window.  FP_ROUND (MODE[3:0]): [1:0] f32, [3:2] f64/f16;
 * 0 nearest even, 1 towards +inf, 2 towards -inf, 3 towards zero.
 * Kernels run in round-to-nearest-even (RSRC1's FLOAT_MODE; HIP has no
 * way to change it), so the window ends by restoring 0.  The s_nop after
 * each s_setreg is caution: whether a VALU right after an s_setreg of
 * MODE sees the new mode is not in our fact sheets (unverified).
 *
 * Division and square root are multi-instruction expansions whose
 * intermediate steps must not run in a directed mode; they take the
 * correctly rounded nearest result and step it one ulp where the exact
 * residual says the true value lies on the other side (div.c, sqrtr.c).
 */
#ifndef BH_MATH_ROUNDED_H
#define BH_MATH_ROUNDED_H

#include "ocml.h"

#define RND_TE 0
#define RND_TP 1
#define RND_TN 2
#define RND_TZ 3

#define MODE_WINDOW(m, insn)                                                    \
	"s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), " #m "\n\t"               \
	"s_nop 1\n\t" insn "\n\t"                                               \
	"s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0\n\t"                    \
	"s_nop 1"

/* Both FP_ROUND fields set to one mode. */
#define MODE_BITS_TP 5
#define MODE_BITS_TN 10
#define MODE_BITS_TZ 15

/*
 * One ulp up or down from x (x not NaN): the neighbour towards +inf or
 * -inf, through zero (±0 -> ±denorm_min) and up to ±inf.
 */
static inline float next_up_f32(float x)
{
	uint32_t b = as_u32(x);

	if (x == 0.0f)
		return as_f32(1);
	if (isinf_f32(x))
		return x > 0.0f ? x : as_f32(0xff7fffffu);
	return as_f32(x > 0.0f ? b + 1 : b - 1);
}

static inline double next_up_f64(double x)
{
	uint64_t b = as_u64(x);

	if (x == 0.0)
		return as_f64(1);
	if (isinf_f64(x))
		return x > 0.0 ? x : as_f64(0xffefffffffffffffull);
	return as_f64(x > 0.0 ? b + 1 : b - 1);
}

static inline float next_down_f32(float x) { return -next_up_f32(-x); }
static inline double next_down_f64(double x) { return -next_up_f64(-x); }

/*
 * r is the nearest-even result of an operation whose exact value lies
 * above r when side > 0, below when side < 0, at r when side == 0; the
 * result rounded in mode m.  r may be ±inf after overflow (then the
 * exact value is finite and beyond it: side says which way), or ±0
 * after underflow.
 */
#define DIRECTED(T, sfx)                                                        \
	static inline T directed_##sfx(T r, int side, int m)                    \
	{                                                                       \
		if (side == 0 || m == RND_TE)                                   \
			return r;                                               \
		if (m == RND_TP)                                                \
			return side > 0 ? next_up_##sfx(r) : r;                 \
		if (m == RND_TN)                                                \
			return side < 0 ? next_down_##sfx(r) : r;               \
		/* Towards zero: step back when r is the far neighbour. */      \
		if (r > 0 && side < 0)                                          \
			return next_down_##sfx(r);                              \
		if (r < 0 && side > 0)                                          \
			return next_up_##sfx(r);                                \
		return r;                                                       \
	}
DIRECTED(float, f32)
DIRECTED(double, f64)

/*
 * name_rt{n,p,z}_f32/_f64 for one VALU instruction: OP_F32/OP_F64 give
 * the instruction text with %0 the result and %1.. the operands.
 */
#define ROUNDED_VARIANT(op, sfx, T, c, mode, bits, insn, params, ...)          \
	OCML_EXPORT OCML_CONST T __ocml_##op##_rt##mode##_##sfx params;         \
	T __ocml_##op##_rt##mode##_##sfx params                                 \
	{                                                                       \
		T r;                                                            \
                                                                                \
		__asm__ volatile(MODE_WINDOW(bits, insn) : "=&v"(r) : __VA_ARGS__); \
		return r;                                                       \
	}

#endif /* BH_MATH_ROUNDED_H */
