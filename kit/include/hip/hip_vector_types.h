/*
 * barehip: HIP's short vector types -- char1 .. double4 and their
 * make_<type>() constructors -- for host and device code alike.
 *
 * Layout follows ROCm (amd_hip_vector_types.h), so that arrays of them
 * can be copied between host and device and passed to kernels:
 *   T1: size and alignment of T
 *   T2: size 2*sizeof(T), aligned to 2*sizeof(T)  (float2: 8, double2: 16)
 *   T3: size 3*sizeof(T), aligned to T            (float3: 12 bytes, 4)
 *   T4: size 4*sizeof(T), aligned to 4*sizeof(T)  (float4: 16, double4: 32)
 *
 * In C++ every type is HIP_vector_type<T, n> (as in ROCm) with members
 * .x .y .z .w, and HIP's operators:
 *   - constructors: default (uninitialised, trivial), element-wise from
 *     n scalars, and explicit from one scalar -- which, as in HIP 7.0
 *     (barehip's HIP_VERSION), sets .x and zeroes the rest (HIP 6 and
 *     older broadcast it), in host and device code alike;
 *   - component-wise + - * / and, for integer elements, % & | ^ << >>,
 *     each also with a scalar on either side (the scalar is broadcast),
 *     and the compound assignments (+= ... >>=) with a vector or scalar;
 *   - unary + and -, ~ (integers), ++ and -- (prefix and postfix);
 *   - == and != give one bool: all components equal (or not);
 *   - v[i] reads or writes component i.
 * There are no implicit conversions between vector types (HIP has none).
 * C code gets plain structs with the same layout and make_<type>().
 */
#ifndef HIP_VECTOR_TYPES_H
#define HIP_VECTOR_TYPES_H

#if defined(__HIP__) || defined(__CUDA__)
#define __BH_VHD __attribute__((host)) __attribute__((device))
#else
#define __BH_VHD
#endif

/* The element types, as (name, type, make_ parameter type). */
#define __BH_VEC_ELEMENTS(X)                                \
	X(char, char, signed char)                          \
	X(uchar, unsigned char, unsigned char)              \
	X(short, short, short)                              \
	X(ushort, unsigned short, unsigned short)           \
	X(int, int, int)                                    \
	X(uint, unsigned int, unsigned int)                 \
	X(long, long, long)                                 \
	X(ulong, unsigned long, unsigned long)              \
	X(longlong, long long, long long)                   \
	X(ulonglong, unsigned long long, unsigned long long) \
	X(float, float, float)                              \
	X(double, double, double)

#ifdef __cplusplus

/* "if constexpr" and the fold below are fine in C++14 too, as clang extensions. */
#ifdef __clang__
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc++17-extensions"
#endif

/* Small traits of our own: the header needs no standard library. */
template <bool __bhB> struct __bh_vec_enable {};
template <> struct __bh_vec_enable<true> { typedef int type; };
#define __BH_VEC_IF(...) typename __bh_vec_enable<(__VA_ARGS__)>::type = 0

template <class __bhT> struct __bh_vec_is_int { static constexpr bool value = false; };
#define __BH_VEC_INT(T) \
	template <> struct __bh_vec_is_int<T> { static constexpr bool value = true; };
__BH_VEC_INT(bool) __BH_VEC_INT(char) __BH_VEC_INT(signed char) __BH_VEC_INT(unsigned char)
__BH_VEC_INT(short) __BH_VEC_INT(unsigned short) __BH_VEC_INT(int) __BH_VEC_INT(unsigned int)
__BH_VEC_INT(long) __BH_VEC_INT(unsigned long) __BH_VEC_INT(long long)
__BH_VEC_INT(unsigned long long)
#undef __BH_VEC_INT

/* Is U implicitly convertible to T?  (A builtin in clang; g++ may lack it.) */
#if defined(__has_builtin)
#if __has_builtin(__is_convertible_to)
#define __BH_VEC_CONVERTS(U, T) __is_convertible_to(U, T)
#endif
#endif
#ifndef __BH_VEC_CONVERTS
template <class __bhU, class __bhT> struct __bh_vec_converts {
	static void __take(__bhT);
	template <class __bhV> static __bhV &&__make();
	template <class __bhV, class = decltype(__take(__make<__bhV>()))> static char __test(int);
	template <class __bhV> static long __test(...);
	static constexpr bool value = sizeof(__test<__bhU>(0)) == 1;
};
#define __BH_VEC_CONVERTS(U, T) __bh_vec_converts<U, T>::value
#endif

/* Tag of the internal broadcast constructor (scalar operands, ++, --). */
struct __bh_vec_fill {};

/* The storage: plain members, aligned as ROCm aligns them. */
template <class __bhT, unsigned int n> struct __bh_vec_base;

template <class __bhT> struct __bh_vec_base<__bhT, 1> {
	__bhT x;
	__bh_vec_base() = default;
	__BH_VHD constexpr __bh_vec_base(__bh_vec_fill, __bhT a) : x(a) {}
	__BH_VHD constexpr explicit __bh_vec_base(__bhT a) : x(a) {}
};

template <class __bhT> struct alignas(2 * sizeof(__bhT)) __bh_vec_base<__bhT, 2> {
	__bhT x, y;
	__bh_vec_base() = default;
	__BH_VHD constexpr __bh_vec_base(__bh_vec_fill, __bhT a) : x(a), y(a) {}
	__BH_VHD constexpr explicit __bh_vec_base(__bhT a, __bhT b = __bhT()) : x(a), y(b) {}
};

template <class __bhT> struct __bh_vec_base<__bhT, 3> {
	__bhT x, y, z;
	__bh_vec_base() = default;
	__BH_VHD constexpr __bh_vec_base(__bh_vec_fill, __bhT a) : x(a), y(a), z(a) {}
	__BH_VHD constexpr explicit __bh_vec_base(__bhT a, __bhT b = __bhT(), __bhT c = __bhT()) : x(a), y(b), z(c) {}
};

template <class __bhT> struct alignas(4 * sizeof(__bhT)) __bh_vec_base<__bhT, 4> {
	__bhT x, y, z, w;
	__bh_vec_base() = default;
	__BH_VHD constexpr __bh_vec_base(__bh_vec_fill, __bhT a) : x(a), y(a), z(a), w(a) {}
	__BH_VHD constexpr explicit __bh_vec_base(__bhT a, __bhT b = __bhT(), __bhT c = __bhT(), __bhT d = __bhT())
		: x(a), y(b), z(c), w(d)
	{
	}
};

template <class __bhT, unsigned int rank> struct HIP_vector_type : __bh_vec_base<__bhT, rank> {
	static_assert(rank >= 1 && rank <= 4, "HIP vectors have 1 to 4 components");
	typedef __bhT value_type;

	HIP_vector_type() = default;
	/* One scalar: explicit, and it sets .x only (HIP 7.0's rule). */
	template <class __bhU, __BH_VEC_IF(__BH_VEC_CONVERTS(__bhU, __bhT))>
	__BH_VHD constexpr explicit HIP_vector_type(__bhU s) : __bh_vec_base<__bhT, rank>(static_cast<__bhT>(s))
	{
	}
	/*
	 * One scalar per component.  (The first is separate so that this is
	 * never a default constructor: the types stay trivial.)
	 */
	template <class U0, class... __bhU,
		  __BH_VEC_IF(rank > 1 && 1 + sizeof...(__bhU) == rank && __BH_VEC_CONVERTS(U0, __bhT) &&
			      (__BH_VEC_CONVERTS(__bhU, __bhT) && ...))>
	__BH_VHD constexpr HIP_vector_type(U0 s0, __bhU... s)
		: __bh_vec_base<__bhT, rank>(static_cast<__bhT>(s0), static_cast<__bhT>(s)...)
	{
	}
	/* s in every component (what scalar operands become). */
	__BH_VHD constexpr HIP_vector_type(__bh_vec_fill f, __bhT s) : __bh_vec_base<__bhT, rank>(f, s) {}

	__BH_VHD __bhT &operator[](decltype(sizeof(0)) i) { return (&this->x)[i]; }
	__BH_VHD const __bhT &operator[](decltype(sizeof(0)) i) const { return (&this->x)[i]; }
};

/*
 * The operators are templates outside the class, so that only those a
 * program uses are instantiated.  The scalar operand's type is not
 * deduced (__bh_vec_scalar): T comes from the vector, and the scalar
 * converts to it implicitly -- v * 2 works for a float4.
 */
template <class __bhT> struct __bh_vec_scalar { typedef __bhT type; };
#define __BH_VEC_T template <class __bhT, unsigned int n>
#define __BH_VEC_INT_T template <class __bhT, unsigned int n, __BH_VEC_IF(__bh_vec_is_int<__bhT>::value)>
#define __BH_VEC_V HIP_vector_type<__bhT, n>
#define __BH_VEC_S typename __bh_vec_scalar<__bhT>::type

/* "STMT(c, ARG);" for each component c the vector has. */
#define __BH_VEC_EACH(STMT, ARG)                   \
	do {                                       \
		STMT(x, ARG);                      \
		if constexpr (n > 1) STMT(y, ARG); \
		if constexpr (n > 2) STMT(z, ARG); \
		if constexpr (n > 3) STMT(w, ARG); \
	} while (0)
#define __BH_VEC_ASSIGN(c, OP) a.c OP b.c
#define __BH_VEC_UNARY(c, OP) a.c = OP a.c
#define __BH_VEC_EQUAL(c, _) eq = eq && a.c == b.c

/*
 * OP= with a vector, and OP: vector OP vector, vector OP scalar, scalar
 * OP vector (a scalar is broadcast to every component).  OP= with a
 * scalar (below) only for + - * /: as in ROCm, v %= s, v &= s, v <<= s
 * and the rest do not compile (hip-tests checks it); v = v % s does.
 */
#define __BH_VEC_SCALAR_ASSIGN(OP, TEMPLATE)                                                  \
	TEMPLATE __BH_VHD constexpr __BH_VEC_V &operator OP##=(__BH_VEC_V &a, __BH_VEC_S s)      \
	{                                                                                     \
		return a OP## = __BH_VEC_V(__bh_vec_fill(), s);                               \
	}
#define __BH_VEC_BINARY(OP, TEMPLATE)                                                         \
	TEMPLATE __BH_VHD constexpr __BH_VEC_V &operator OP##=(__BH_VEC_V &a, const __BH_VEC_V &b) \
	{                                                                                     \
		__BH_VEC_EACH(__BH_VEC_ASSIGN, OP##=);                                        \
		return a;                                                                     \
	}                                                                                     \
	TEMPLATE __BH_VHD constexpr __BH_VEC_V operator OP(__BH_VEC_V a, const __BH_VEC_V &b)   \
	{                                                                                     \
		return a OP## = b;                                                            \
	}                                                                                     \
	TEMPLATE __BH_VHD constexpr __BH_VEC_V operator OP(__BH_VEC_V a, __BH_VEC_S s)          \
	{                                                                                     \
		return a OP## = __BH_VEC_V(__bh_vec_fill(), s);                               \
	}                                                                                     \
	TEMPLATE __BH_VHD constexpr __BH_VEC_V operator OP(__BH_VEC_S s, const __BH_VEC_V &b)   \
	{                                                                                     \
		__BH_VEC_V a(__bh_vec_fill(), s);                                             \
		return a OP## = b;                                                            \
	}

__BH_VEC_BINARY(+, __BH_VEC_T)
__BH_VEC_BINARY(-, __BH_VEC_T)
__BH_VEC_BINARY(*, __BH_VEC_T)
__BH_VEC_BINARY(/, __BH_VEC_T)
__BH_VEC_SCALAR_ASSIGN(+, __BH_VEC_T)
__BH_VEC_SCALAR_ASSIGN(-, __BH_VEC_T)
__BH_VEC_SCALAR_ASSIGN(*, __BH_VEC_T)
__BH_VEC_SCALAR_ASSIGN(/, __BH_VEC_T)
/* Integer elements only. */
__BH_VEC_BINARY(%, __BH_VEC_INT_T)
__BH_VEC_BINARY(&, __BH_VEC_INT_T)
__BH_VEC_BINARY(|, __BH_VEC_INT_T)
__BH_VEC_BINARY(^, __BH_VEC_INT_T)
__BH_VEC_BINARY(<<, __BH_VEC_INT_T)
__BH_VEC_BINARY(>>, __BH_VEC_INT_T)

__BH_VEC_T __BH_VHD constexpr __BH_VEC_V operator+(const __BH_VEC_V &a) { return a; }
/* Negation only for signed elements (and float, double), as in HIP. */
template <class __bhT, unsigned int n, __BH_VEC_IF(__bhT(-1) < __bhT(0))>
__BH_VHD constexpr __BH_VEC_V operator-(__BH_VEC_V a)
{
	__BH_VEC_EACH(__BH_VEC_UNARY, -);
	return a;
}
__BH_VEC_INT_T __BH_VHD constexpr __BH_VEC_V operator~(__BH_VEC_V a)
{
	__BH_VEC_EACH(__BH_VEC_UNARY, ~);
	return a;
}

__BH_VEC_T __BH_VHD constexpr __BH_VEC_V &operator++(__BH_VEC_V &a) { return a += __bhT(1); }
__BH_VEC_T __BH_VHD constexpr __BH_VEC_V &operator--(__BH_VEC_V &a) { return a -= __bhT(1); }
__BH_VEC_T __BH_VHD constexpr __BH_VEC_V operator++(__BH_VEC_V &a, int)
{
	__BH_VEC_V old = a;
	a += __bhT(1);
	return old;
}
__BH_VEC_T __BH_VHD constexpr __BH_VEC_V operator--(__BH_VEC_V &a, int)
{
	__BH_VEC_V old = a;
	a -= __bhT(1);
	return old;
}

/* One bool for the whole vector: are all components equal? */
__BH_VEC_T __BH_VHD constexpr bool operator==(const __BH_VEC_V &a, const __BH_VEC_V &b)
{
	bool eq = true;
	__BH_VEC_EACH(__BH_VEC_EQUAL, );
	return eq;
}
__BH_VEC_T __BH_VHD constexpr bool operator==(const __BH_VEC_V &a, __BH_VEC_S s)
{
	return a == __BH_VEC_V(__bh_vec_fill(), s);
}
__BH_VEC_T __BH_VHD constexpr bool operator==(__BH_VEC_S s, const __BH_VEC_V &b)
{
	return __BH_VEC_V(__bh_vec_fill(), s) == b;
}
__BH_VEC_T __BH_VHD constexpr bool operator!=(const __BH_VEC_V &a, const __BH_VEC_V &b)
{
	return !(a == b);
}
__BH_VEC_T __BH_VHD constexpr bool operator!=(const __BH_VEC_V &a, __BH_VEC_S s) { return !(a == s); }
__BH_VEC_T __BH_VHD constexpr bool operator!=(__BH_VEC_S s, const __BH_VEC_V &b) { return !(b == s); }

#ifdef __clang__
#pragma clang diagnostic pop
#endif

#undef __BH_VEC_BINARY
#undef __BH_VEC_SCALAR_ASSIGN
#undef __BH_VEC_T
#undef __BH_VEC_INT_T
#undef __BH_VEC_V
#undef __BH_VEC_S
#undef __BH_VEC_EQUAL
#undef __BH_VEC_UNARY
#undef __BH_VEC_ASSIGN
#undef __BH_VEC_EACH
#undef __BH_VEC_IF
#undef __BH_VEC_CONVERTS

#define __BH_VEC_DEFINE(name, T, P)                                                       \
	typedef HIP_vector_type<T, 1> name##1;                                             \
	typedef HIP_vector_type<T, 2> name##2;                                             \
	typedef HIP_vector_type<T, 3> name##3;                                             \
	typedef HIP_vector_type<T, 4> name##4;                                             \
	__BH_VHD constexpr name##1 make_##name##1(P x) { return name##1(x); }               \
	__BH_VHD constexpr name##2 make_##name##2(P x, P y) { return name##2(x, y); }       \
	__BH_VHD constexpr name##3 make_##name##3(P x, P y, P z) { return name##3(x, y, z); } \
	__BH_VHD constexpr name##4 make_##name##4(P x, P y, P z, P w)                     \
	{                                                                                  \
		return name##4(x, y, z, w);                                                \
	}

#else /* C: plain structs with the same layout. */

#define __BH_VEC_DEFINE(name, T, P)                                                        \
	typedef struct { T x; } name##1;                                                    \
	typedef struct __attribute__((aligned(2 * sizeof(T)))) { T x, y; } name##2;         \
	typedef struct { T x, y, z; } name##3;                                              \
	typedef struct __attribute__((aligned(4 * sizeof(T)))) { T x, y, z, w; } name##4;   \
	static inline name##1 make_##name##1(P x) { name##1 r = {x}; return r; }            \
	static inline name##2 make_##name##2(P x, P y) { name##2 r = {x, y}; return r; }    \
	static inline name##3 make_##name##3(P x, P y, P z)                                 \
	{                                                                                   \
		name##3 r = {x, y, z};                                                      \
		return r;                                                                   \
	}                                                                                   \
	static inline name##4 make_##name##4(P x, P y, P z, P w)                            \
	{                                                                                   \
		name##4 r = {x, y, z, w};                                                   \
		return r;                                                                   \
	}

#endif /* __cplusplus */

__BH_VEC_ELEMENTS(__BH_VEC_DEFINE)
#undef __BH_VEC_DEFINE

/* The layout contract above, checked for every type. */
#ifdef __cplusplus
#define __BH_VEC_ASSERT(name, n, size, align) \
	static_assert(sizeof(name##n) == (size) && alignof(name##n) == (align), "layout of " #name #n);
#else
#define __BH_VEC_ASSERT(name, n, size, align) \
	_Static_assert(sizeof(name##n) == (size) && _Alignof(name##n) == (align), "layout of " #name #n);
#endif
#define __BH_VEC_LAYOUT(name, T, P)                                \
	__BH_VEC_ASSERT(name, 1, sizeof(T), sizeof(T))             \
	__BH_VEC_ASSERT(name, 2, 2 * sizeof(T), 2 * sizeof(T))     \
	__BH_VEC_ASSERT(name, 3, 3 * sizeof(T), sizeof(T))         \
	__BH_VEC_ASSERT(name, 4, 4 * sizeof(T), 4 * sizeof(T))
__BH_VEC_ELEMENTS(__BH_VEC_LAYOUT)
#undef __BH_VEC_LAYOUT
#undef __BH_VEC_ASSERT
#undef __BH_VEC_ELEMENTS
#undef __BH_VHD

#endif /* HIP_VECTOR_TYPES_H */
