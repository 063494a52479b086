/* SPDX-License-Identifier: MIT */
/*
 * f16 helpers shared by the VALU files: widening (exact), one correct
 * rounding from double (to nearest even), and a fused
 * a*b+c rounded once to f16 (the f16 product is exact in double; the
 * sum's rounding error is folded in as a sticky bit, round to odd, so
 * the final conversion rounds once).  NaN results are quieted.
 */
#ifndef BH_SIM_HALF_H
#define BH_SIM_HALF_H

#include <math.h>
#include <stdint.h>
#include <string.h>

/*
 * The conversions are integer code rather than the host's _Float16: GCC
 * 12 (Debian 12's) has no _Float16 for riscv64, and where it exists the
 * conversion may follow the host's rounding mode (libgcc's on x86 and
 * AArch64's FCVT do) or not, which the model must not depend on.  NaNs keep their sign and the top of their
 * payload and come out quiet, as the hardware conversions do.
 */
static inline float h2f(uint16_t h)
{
	uint32_t sign = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff, b;
	float f;

	if (e == 0x1f) {
		b = sign | 0x7f800000 | (m ? 0x400000 | m << 13 : 0);
	} else if (e) {
		b = sign | (e + 112) << 23 | m << 13;
	} else {
		f = (float)m * 0x1p-24f;	/* a denormal (or zero): exact */
		return sign ? -f : f;
	}
	memcpy(&f, &b, 4);
	return f;
}

static inline uint16_t d2h(double d)
{
	uint64_t b, m, rem, half;
	uint16_t sign;
	int e;

	memcpy(&b, &d, 8);
	sign = (uint16_t)(b >> 48 & 0x8000);
	e = (int)(b >> 52 & 0x7ff) - 1023;
	m = b & 0xfffffffffffffull;
	if (e == 1024)			/* inf, NaN (quiet, top payload bits) */
		return sign | 0x7c00 | (m ? 0x200 | (uint16_t)(m >> 42 & 0x1ff) : 0);
	if (e > 15)
		return sign | 0x7c00;
	if (e < -25)			/* below half the least denormal: zero */
		return sign;
	/* Keep 11 bits (normal) or fewer (denormal); round to nearest even. */
	unsigned shift = e >= -14 ? 42 : (unsigned)(28 - e);

	m |= 1ull << 52;
	rem = m & ((1ull << shift) - 1);
	half = 1ull << (shift - 1);
	m >>= shift;
	if (rem > half || (rem == half && (m & 1)))
		m++;
	/* A carry out of the mantissa moves to the next binade (or inf). */
	return sign | (uint16_t)(e >= -14 ? ((uint64_t)(e + 15) << 10) + m - 1024 : m);
}

/* The f16 value next to @h toward +inf (@up) or -inf; h is not NaN or inf
 * in that direction. */
static inline uint16_t h_step(uint16_t h, int up)
{
	if ((h & 0x7fff) == 0)		/* ±0: the smallest denormal of the sign */
		return up ? 0x0001 : 0x8001;
	return (uint16_t)(((h >> 15) == 0) == (up != 0) ? h + 1 : h - 1);
}

/*
 * @d rounded to f16 in FP_ROUND mode @rm (0 nearest even, 1 toward +inf,
 * 2 toward -inf, 3 toward zero): the nearest-even result, moved one step
 * when it lies on the wrong side of @d.  Overflow follows IEEE (toward
 * zero and away from the rounding direction give the largest finite).
 */
static inline uint16_t d2h_rm(double d, unsigned rm)
{
	uint16_t h = d2h(d);
	double back = (double)h2f(h);

	if (rm == 0 || isnan(d) || back == d)
		return h;
	if (rm == 1 && back < d)
		return h_step(h, 1);
	if (rm == 2 && back > d)
		return h_step(h, 0);
	if (rm == 3 && fabs(back) > fabs(d))
		return h_step(h, d < 0);
	return h;
}

/* The same for f32 results (@d exact or rounded to odd in double). */
static inline float d2f_rm(double d, unsigned rm)
{
	float f = (float)d;

	if (rm == 0 || isnan(d) || (double)f == d)
		return f;
	if (rm == 1 && (double)f < d)
		return nextafterf(f, INFINITY);
	if (rm == 2 && (double)f > d)
		return nextafterf(f, -INFINITY);
	if (rm == 3 && fabs((double)f) > fabs(d))
		return nextafterf(f, 0.0f);
	return f;
}

/*
 * a*b+c for f16 values, rounded once to f16 in FP_ROUND mode @rm.  An
 * exactly zero sum of opposite signs is -0 only when rounding toward
 * -inf (IEEE 754 §6.3), which the host's nearest-even sum cannot show.
 */
static inline uint16_t fma16_rm(float a, float b, float c, unsigned rm)
{
	double p = (double)a * b;	/* exact: 11 x 11 bits */
	double s = p + c, bp = s - c, e = (p - bp) + (c - (s - bp));	/* TwoSum */

	if (s == 0 && rm == 2 && !(p == 0 && c == 0 && !signbit(p) && !signbit(c)))
		return 0x8000;
	if (e != 0 && isfinite(s)) {
		uint64_t bits;

		memcpy(&bits, &s, 8);
		if (!(bits & 1))	/* round to odd: a sticky last bit */
			bits += ((e > 0) == (s > 0)) ? 1 : -1;
		memcpy(&s, &bits, 8);
	}
	return d2h_rm(s, rm);
}

static inline uint16_t fma16(float a, float b, float c) { return fma16_rm(a, b, c, 0); }

/* a*b for f16 values: the product is exact in double. */
static inline uint16_t mul16_rm(float a, float b, unsigned rm)
{
	return d2h_rm((double)a * b, rm);
}

#endif
