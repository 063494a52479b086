/*
 * barehip: <hip/hip_complex.h>, HIP's complex numbers (ROCm's
 * amd_hip_complex.h API), for host and device code, C and C++.
 *
 * hipFloatComplex is float2 and hipDoubleComplex double2 (real part .x,
 * imaginary part .y), so arrays of them are float2/double2 arrays and
 * the vector types' component-wise + - * / apply; hipComplex is
 * hipFloatComplex.  Unlike ROCm's:
 *  - hipCdivf/hipCdiv scale the divisor by |re| + |im| first (as CUDA's
 *    cuCdivf does), so quotients of large or tiny numbers do not
 *    overflow or underflow in the intermediate |q|^2;
 *  - hipCabsf/hipCabs are hypot, without undue overflow or underflow.
 * hipCsqabsf is |z|^2 computed plainly, as in ROCm.
 */
#ifndef HIP_COMPLEX_H
#define HIP_COMPLEX_H

#if defined(__HIP__)
#include <hip/hip_runtime.h>	/* the device math (hypot, fabs) */
#define __BH_CHD __attribute__((host)) __attribute__((device))
#else
#include <hip/hip_vector_types.h>
#define __BH_CHD
#endif
#ifdef __cplusplus
#include <cmath>
#else
#include <math.h>
#endif

/* One precision: T the element, C the complex type, S the suffix of the
 * functions (f or none), M the make_ function, ABS/HYPOT the math. */
#define __BH_COMPLEX(T, C, S, M, ABS, HYPOT)                                            \
	__BH_CHD static inline C M(T re, T im)                                          \
	{                                                                               \
		C z;                                                                    \
		z.x = re;                                                               \
		z.y = im;                                                               \
		return z;                                                               \
	}                                                                               \
	__BH_CHD static inline T hipCreal##S(C z) { return z.x; }                       \
	__BH_CHD static inline T hipCimag##S(C z) { return z.y; }                       \
	__BH_CHD static inline C hipConj##S(C z) { return M(z.x, -z.y); }               \
	__BH_CHD static inline T hipCsqabs##S(C z) { return z.x * z.x + z.y * z.y; }    \
	__BH_CHD static inline C hipCadd##S(C p, C q) { return M(p.x + q.x, p.y + q.y); } \
	__BH_CHD static inline C hipCsub##S(C p, C q) { return M(p.x - q.x, p.y - q.y); } \
	__BH_CHD static inline C hipCmul##S(C p, C q)                                   \
	{                                                                               \
		return M(p.x * q.x - p.y * q.y, p.y * q.x + p.x * q.y);                 \
	}                                                                               \
	/* p / q with q scaled by 1 / (|q.x| + |q.y|) first. */                         \
	__BH_CHD static inline C hipCdiv##S(C p, C q)                                   \
	{                                                                               \
		T s = ABS(q.x) + ABS(q.y), inv = (T)1 / s;                              \
		T pr = p.x * inv, pi = p.y * inv, qr = q.x * inv, qi = q.y * inv;       \
		T d = (T)1 / (qr * qr + qi * qi);                                       \
		return M((pr * qr + pi * qi) * d, (pi * qr - pr * qi) * d);             \
	}                                                                               \
	__BH_CHD static inline T hipCabs##S(C z) { return HYPOT(z.x, z.y); }            \
	/* p q + r, ROCm's order of operations. */                                      \
	__BH_CHD static inline C hipCfma##S(C p, C q, C r)                              \
	{                                                                               \
		T re = (p.x * q.x) + r.x, im = (q.x * p.y) + r.y;                       \
		return M(-(p.y * q.y) + re, (p.x * q.y) + im);                          \
	}

typedef float2 hipFloatComplex;
typedef double2 hipDoubleComplex;
typedef hipFloatComplex hipComplex;

__BH_COMPLEX(float, hipFloatComplex, f, make_hipFloatComplex, fabsf, hypotf)
__BH_COMPLEX(double, hipDoubleComplex, , make_hipDoubleComplex, fabs, hypot)
#undef __BH_COMPLEX

__BH_CHD static inline hipComplex make_hipComplex(float re, float im)
{
	return make_hipFloatComplex(re, im);
}
__BH_CHD static inline hipFloatComplex hipComplexDoubleToFloat(hipDoubleComplex z)
{
	return make_hipFloatComplex((float)z.x, (float)z.y);
}
__BH_CHD static inline hipDoubleComplex hipComplexFloatToDouble(hipFloatComplex z)
{
	return make_hipDoubleComplex((double)z.x, (double)z.y);
}

#undef __BH_CHD
#endif /* HIP_COMPLEX_H */
