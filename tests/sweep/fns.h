/* SPDX-License-Identifier: MIT */
/*
 * The unary f32 functions of the exhaustive sweep (tests/sweep/), shared
 * by the device cross-check (xcheck.hip) and the host sweep (sweep.c).
 *
 * SWEEP_FNS: X(name, bound) -- __ocml_<name>_f32, swept over all 2^32
 * inputs against MPFR; bound in ulps is CUDA's (docs/facts/devlib.md §4, the
 * bounds tests/math asserts), 0 for the exact functions.
 * XCHECK_FNS: X(name) -- cross-checked host against model only: no
 * oracle in this program (MPFR has no erfcx, erfinv, ncdf, Bessel I;
 * glibc's double lgamma, tgamma and Bessel functions have no error
 * bound near their zeros that the sweep's filter could rely on), or no
 * accuracy bound (the native_ functions).
 */
#ifndef BH_SWEEP_FNS_H
#define BH_SWEEP_FNS_H

#define SWEEP_FNS(X)                                                            \
	X(sin, 2) X(cos, 2) X(tan, 4) X(sinpi, 1) X(cospi, 1)                   \
	X(exp, 2) X(exp2, 2) X(exp10, 2) X(expm1, 1)                            \
	X(log, 1) X(log2, 1) X(log10, 2) X(log1p, 1)                            \
	X(asin, 2) X(acos, 2) X(atan, 2)                                        \
	X(sinh, 3) X(cosh, 2) X(tanh, 2) X(asinh, 3) X(acosh, 4) X(atanh, 3)    \
	X(rsqrt, 2) X(cbrt, 1) X(rcbrt, 1) X(erf, 2) X(erfc, 4)                 \
	X(sqrt, 0) X(fabs, 0) X(ceil, 0) X(floor, 0) X(trunc, 0) X(rint, 0)     \
	X(nearbyint, 0) X(round, 0) X(logb, 0)

#define XCHECK_FNS(X)                                                           \
	X(erfinv) X(erfcinv) X(erfcx) X(ncdf) X(ncdfinv) X(i0) X(i1)            \
	X(lgamma) X(tgamma) X(j0) X(j1) X(y0) X(y1)                             \
	X(native_sin) X(native_cos) X(native_exp) X(native_exp10)               \
	X(native_log) X(native_log2) X(native_log10) X(native_sqrt)

/*
 * The builtins host.h stands in for, each checked against the model's
 * instruction: X(name, kind), kind F (f32 -> f32), FI (f32 -> int),
 * FxI (f32, int -> f32), D (f64 -> f64), DI (f64 -> int), DxI (f64, int
 * -> f64).  sinf/cosf take inputs below 256 revolutions (the model
 * faults beyond).
 */
#define BUILTINS(X)                                                             \
	X(rcpf, F) X(rsqf, F) X(sqrtf, F) X(exp2f, F) X(logf, F) X(sinf, F)     \
	X(cosf, F) X(fractf, F) X(frexp_mantf, F) X(frexp_expf, FI)             \
	X(ldexpf, FxI) X(rcp, D) X(rsq, D) X(fract, D) X(frexp_mant, D)         \
	X(frexp_exp, DI)                                                        \
	X(ldexp, DxI) X(trig_preop, DxI)

/* One record of the cross-check file: the header, then n inputs of
 * in_size bytes, then n outputs of out_size bytes. */
struct xrec {
	char name[32];
	unsigned n, in_size, out_size;
};

#endif
