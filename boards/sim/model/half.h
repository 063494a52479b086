/* SPDX-License-Identifier: MIT */
/*
 * f16 helpers shared by the VALU files: widening (exact), one correct
 * rounding from double (the host's _Float16 conversion), and a fused
 * a*b+c rounded once to f16 (the f16 product is exact in double; the
 * sum's rounding error is folded in as a sticky bit, round to odd, so
 * the final conversion rounds once).  NaN results are quieted.
 */
#ifndef BH_SIM_HALF_H
#define BH_SIM_HALF_H

#include <math.h>
#include <stdint.h>
#include <string.h>

static inline float h2f(uint16_t h)
{
	_Float16 x;

	memcpy(&x, &h, 2);
	return (float)x;
}

static inline uint16_t d2h(double d)
{
	_Float16 x = (_Float16)d;	/* one correct rounding from double */
	uint16_t h;

	memcpy(&h, &x, 2);
	if ((h & 0x7c00) == 0x7c00 && (h & 0x3ff))
		h |= 0x200;		/* quiet NaN */
	return h;
}

/* a*b+c for f16 values, rounded once to f16. */
static inline uint16_t fma16(float a, float b, float c)
{
	double p = (double)a * b;	/* exact: 11 x 11 bits */
	double s = p + c, bp = s - c, e = (p - bp) + (c - (s - bp));	/* TwoSum */

	if (e != 0 && isfinite(s)) {
		uint64_t bits;

		memcpy(&bits, &s, 8);
		if (!(bits & 1))	/* round to odd: a sticky last bit */
			bits += ((e > 0) == (s > 0)) ? 1 : -1;
		memcpy(&s, &bits, 8);
	}
	return d2h(s);
}

#endif
