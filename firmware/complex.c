// SPDX-License-Identifier: MIT
/*
 * Complex multiply and divide (C99 Annex G.5.1), the helpers clang calls
 * for _Complex float and double arithmetic, and so for std::complex's
 * operators in device code: __mulsc3, __muldc3 (multiply), __divsc3,
 * __divdc3 (divide).  The plain formulas, then, when both parts came out
 * NaN, the Annex's recovery of the infinite (or zero) result an infinite
 * operand (or a zero divisor) implies.  The divisor is scaled by a power
 * of two first, so that c^2 + d^2 neither overflows nor underflows.
 */
#include "firmware.h"

/* Each product rounded on its own, as libgcc's: a*c - b*d fused would
 * make (x, x)/(y, y) complex, not real. */
#pragma STDC FP_CONTRACT OFF

BH_EXPORT float _Complex __mulsc3(float a, float b, float c, float d);
BH_EXPORT float _Complex __divsc3(float a, float b, float c, float d);
BH_EXPORT double _Complex __muldc3(double a, double b, double c, double d);
BH_EXPORT double _Complex __divdc3(double a, double b, double c, double d);

#define COMPLEX_OPS(T, SUF, MUL, DIV, FREXP_EXP, LDEXP)                                 \
	static inline int isnan_##SUF(T x) { return x != x; }                          \
	static inline int isinf_##SUF(T x) { return __builtin_fabs##SUF(x) == (T)__builtin_inf(); } \
	static inline int isfin_##SUF(T x) { return __builtin_fabs##SUF(x) < (T)__builtin_inf(); } \
	/* 1 or 0 by whether x is infinite, with x's sign. */                          \
	static inline T box_##SUF(T x) { return __builtin_copysign##SUF(isinf_##SUF(x) ? 1 : 0, x); } \
	/* x, or 0 with x's sign when x is NaN. */                                      \
	static inline T unnan_##SUF(T x) { return isnan_##SUF(x) ? __builtin_copysign##SUF(0, x) : x; } \
                                                                                        \
	BH_EXPORT T _Complex MUL(T a, T b, T c, T d)      \
	{                                                                               \
		T ac = a * c, bd = b * d, ad = a * d, bc = b * c;                      \
		T x = ac - bd, y = ad + bc;                                             \
                                                                                        \
		if (isnan_##SUF(x) && isnan_##SUF(y)) {                                 \
			int again = 0;                                                  \
                                                                                        \
			if (isinf_##SUF(a) || isinf_##SUF(b)) {                         \
				a = box_##SUF(a);                                       \
				b = box_##SUF(b);                                       \
				c = unnan_##SUF(c);                                     \
				d = unnan_##SUF(d);                                     \
				again = 1;                                              \
			}                                                               \
			if (isinf_##SUF(c) || isinf_##SUF(d)) {                         \
				c = box_##SUF(c);                                       \
				d = box_##SUF(d);                                       \
				a = unnan_##SUF(a);                                     \
				b = unnan_##SUF(b);                                     \
				again = 1;                                              \
			}                                                               \
			if (!again && (isinf_##SUF(ac) || isinf_##SUF(bd) ||           \
				       isinf_##SUF(ad) || isinf_##SUF(bc))) {           \
				a = unnan_##SUF(a);                                     \
				b = unnan_##SUF(b);                                     \
				c = unnan_##SUF(c);                                     \
				d = unnan_##SUF(d);                                     \
				again = 1;                                              \
			}                                                               \
			if (again) {                                                    \
				x = (T)__builtin_inf() * (a * c - b * d);               \
				y = (T)__builtin_inf() * (a * d + b * c);               \
			}                                                               \
		}                                                                       \
		return __builtin_complex(x, y);                                          \
	}                                                                               \
                                                                                        \
	BH_EXPORT T _Complex DIV(T a, T b, T c, T d)      \
	{                                                                               \
		T m = __builtin_fmax##SUF(__builtin_fabs##SUF(c), __builtin_fabs##SUF(d)); \
		int scale = 0;                                                          \
                                                                                        \
		/* logb(m): finite for finite nonzero m only. */                       \
		if (isfin_##SUF(m) && m != 0) {                                         \
			scale = FREXP_EXP(m) - 1;                                       \
			c = LDEXP(c, -scale);                                           \
			d = LDEXP(d, -scale);                                           \
		}                                                                       \
		T den = c * c + d * d;                                                  \
		T x = LDEXP((a * c + b * d) / den, -scale);                             \
		T y = LDEXP((b * c - a * d) / den, -scale);                             \
                                                                                        \
		if (isnan_##SUF(x) && isnan_##SUF(y)) {                                 \
			if (den == 0 && (!isnan_##SUF(a) || !isnan_##SUF(b))) {         \
				x = __builtin_copysign##SUF((T)__builtin_inf(), c) * a; \
				y = __builtin_copysign##SUF((T)__builtin_inf(), c) * b; \
			} else if ((isinf_##SUF(a) || isinf_##SUF(b)) && isfin_##SUF(c) && \
				   isfin_##SUF(d)) {                                    \
				a = box_##SUF(a);                                       \
				b = box_##SUF(b);                                       \
				x = (T)__builtin_inf() * (a * c + b * d);               \
				y = (T)__builtin_inf() * (b * c - a * d);               \
			} else if (isinf_##SUF(m) && isfin_##SUF(a) && isfin_##SUF(b)) { \
				c = box_##SUF(c);                                       \
				d = box_##SUF(d);                                       \
				x = 0 * (a * c + b * d);                                \
				y = 0 * (b * c - a * d);                                \
			}                                                               \
		}                                                                       \
		return __builtin_complex(x, y);                                          \
	}

COMPLEX_OPS(float, f, __mulsc3, __divsc3, __builtin_amdgcn_frexp_expf, __builtin_amdgcn_ldexpf)
COMPLEX_OPS(double, , __muldc3, __divdc3, __builtin_amdgcn_frexp_exp, __builtin_amdgcn_ldexp)
