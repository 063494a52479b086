/*
 * rsqrt: 1/sqrt(x).  rsqrt(±0) = ±inf, rsqrt(+inf) = +0, rsqrt(x < 0)
 * = NaN.
 *
 * f32: v_rsq_f32 itself, documented within 1 ulp (CUDA's bound is 2); it
 * flushes denormal inputs, so those are scaled by 2^24 first (and the
 * result by 2^12) unless denormals are zeros anyway (MATH_DAZ).  Its
 * special cases are IEEE's.
 *
 * f64: v_rsq_f64's estimate r (assumed good to about 2^-22; LLVM's own
 * f64 sqrt refines it three times) and one third-order step: with
 * e = 1 - x r^2, 1/sqrt(x) = r (1 - e)^-1/2 = r (1 + e/2 + 3e^2/8 + ...),
 * so r + r e (1/2 + 3e/8) leaves about 5e^3/16 (2^-64) plus rounding.
 * The residual is formed as (x*r)*r so that r*r cannot underflow for x
 * near DBL_MAX; denormal x is scaled by 2^256 first (v_rsq_f64's
 * behaviour on denormals is not in the fact sheets).
 */
#include "root.h"

OCML_EXPORT OCML_CONST float __ocml_rsqrt_f32(float x);
OCML_EXPORT OCML_CONST double __ocml_rsqrt_f64(double x);

float __ocml_rsqrt_f32(float x)
{
	int tiny = !MATH_DAZ && __builtin_fabsf(x) < 0x1p-126f && x != 0.0f;
	float r = __builtin_amdgcn_rsqf(tiny ? x * 0x1p24f : x);

	return tiny ? r * 0x1p12f : r;
}

double __ocml_rsqrt_f64(double x)
{
	int tiny = x < 0x1p-1022;
	double xs = tiny ? x * 0x1p256 : x, r = __builtin_amdgcn_rsq(xs);

	double e = __builtin_fma(-(xs * r), r, 1.0);

	r = __builtin_fma(r * e, __builtin_fma(e, 0.375, 0.5), r);
	r = tiny ? r * 0x1p128 : r;
	/* ±0, +inf, negatives and NaN: v_rsq_f64's own IEEE answers (the
	 * Newton steps would turn inf * 0 into NaN). */
	return x > 0.0 && x < BH_INF_F64 ? r : __builtin_amdgcn_rsq(x);
}
