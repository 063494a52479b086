/* SPDX-License-Identifier: MIT */
/*
 * pown: x^n for an int n, as pow(x, (double)n) (powk.h); the int is
 * exact in double (a float y could not hold n beyond 2^24, and would
 * lose the odd bit that decides the sign of (-x)^n).  pown(x, 0) = 1
 * even for NaN x; pown(±0, n < 0) = ±inf for odd n, +inf for even.
 * Measured max error (tests/math/explog.hip): 1 ulp f32, 1 ulp f64
 * (checked against pow's bounds, 4 and 2).
 */
#include "powk.h"
#include "unsafe.h"

OCML_EXPORT __attribute__((pure)) float __ocml_pown_f32(float x, int n);
OCML_EXPORT __attribute__((pure)) double __ocml_pown_f64(double x, int n);

float __ocml_pown_f32(float x, int n)
{
	double xd = x, y = n;

	if (MATH_UNSAFE)	/* the special cases stay; the core is unsafe.h's */
		return (float)pow_fixup(xd, y, unsafe_powcore_f32(__builtin_fabsf(x), (float)n));
	return (float)pow_fixup(xd, y, pow_core_lite(__builtin_fabs(xd), y));
}

double __ocml_pown_f64(double x, int n)
{
	double y = n;

	return pow_fixup(x, y, pow_core_f64(__builtin_fabs(x), y));
}
