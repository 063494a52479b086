/* SPDX-License-Identifier: MIT */
/*
 * Refined square-root reciprocals shared by rsqrt, rhypot and rlen.
 *
 * v_rsq_f64 is a hardware estimate (its precision is not in the fact
 * sheets; LLVM refines it twice for f64 sqrt, so about 2^-22 is assumed).
 * Each Newton step e = 1 - s*r^2, r += r*e/2 squares the relative
 * error, so two steps reach the rounding limit of double arithmetic
 * whatever the estimate's last bits.  The sim model returns the exact
 * value, so only these bounds, not the model, vouch for real hardware.
 */
#ifndef BH_MATH_ROOT_H
#define BH_MATH_ROOT_H

#include "ocml.h"

/* 1/sqrt(s) for finite s > 0 with s >= 2^-767 (v_rsq_f64's safe range). */
static inline double rsqrt_newton_f64(double s, int steps)
{
	double r = __builtin_amdgcn_rsq(s);

	for (int i = 0; i < steps; i++) {
		double e = __builtin_fma(-s, r * r, 1.0);

		r = __builtin_fma(0.5 * r, e, r);
	}
	return r;
}

/*
 * The last step with the residual split exactly: r*r = ph + pl (FMA),
 * so e = 1 - s*ph - s*pl loses only the final rounding.
 */
static inline double rsqrt_accurate_f64(double s)
{
	double r = rsqrt_newton_f64(s, 2);
	double ph = r * r, pl = __builtin_fma(r, r, -ph);
	double e = __builtin_fma(-s, ph, 1.0);

	e = __builtin_fma(-s, pl, e);
	return __builtin_fma(0.5 * r, e, r);
}

#endif /* BH_MATH_ROOT_H */
