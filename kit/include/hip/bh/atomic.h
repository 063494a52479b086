/*
 * barehip: HIP's atomic functions (seed "Atomic functions").
 *
 * Plain atomicX is a relaxed read-modify-write at agent (device) scope;
 * atomicX_system is the same at system scope (host and other devices).
 * Both work on global and LDS (__shared__) addresses: clang's
 * __hip_atomic_* builtins take generic pointers and the backend picks
 * the flat, global or DS instruction.
 *
 * Floating point: atomicAdd/Sub on float and double are exact atomic
 * read-modify-writes.  Without -munsafe-fp-atomics the compiler makes
 * them compare-and-swap loops, correct on every kind of memory; with it
 * (the macro __AMDGCN_UNSAFE_FP_ATOMICS__) it may use the hardware FP
 * atomics, which are undefined on fine-grained host memory and may flush
 * denormals.  unsafeAtomicAdd always uses the hardware instructions;
 * safeAtomicAdd is always the loop.
 */
#pragma once

#define __BH_AGENT __HIP_MEMORY_SCOPE_AGENT
#define __BH_SYSTEM __HIP_MEMORY_SCOPE_SYSTEM

/* ---- add, sub, exchange, min, max, and, or, xor on integers ---------- */
#define __BH_RMW(NAME, BUILTIN, T)                                                        \
	__device__ inline T NAME(T *address, T val)                                       \
	{                                                                                 \
		return BUILTIN(address, val, __ATOMIC_RELAXED, __BH_AGENT);              \
	}                                                                                 \
	__device__ inline T NAME##_system(T *address, T val)                              \
	{                                                                                 \
		return BUILTIN(address, val, __ATOMIC_RELAXED, __BH_SYSTEM);             \
	}

#define __BH_INT_RMW(T)                                                                   \
	__BH_RMW(atomicAdd, __hip_atomic_fetch_add, T)                                    \
	__BH_RMW(atomicSub, __hip_atomic_fetch_sub, T)                                    \
	__BH_RMW(atomicExch, __hip_atomic_exchange, T)                                    \
	__BH_RMW(atomicMin, __hip_atomic_fetch_min, T)                                    \
	__BH_RMW(atomicMax, __hip_atomic_fetch_max, T)                                    \
	__BH_RMW(atomicAnd, __hip_atomic_fetch_and, T)                                    \
	__BH_RMW(atomicOr, __hip_atomic_fetch_or, T)                                      \
	__BH_RMW(atomicXor, __hip_atomic_fetch_xor, T)

__BH_INT_RMW(int)
__BH_INT_RMW(unsigned int)
__BH_INT_RMW(unsigned long)
__BH_INT_RMW(long long)
__BH_INT_RMW(unsigned long long)

/* ---- compare and swap: returns the old value ------------------------ */
#define __BH_CAS(T)                                                                       \
	__device__ inline T atomicCAS(T *address, T compare, T val)                       \
	{                                                                                 \
		__hip_atomic_compare_exchange_strong(address, &compare, val,              \
						     __ATOMIC_RELAXED, __ATOMIC_RELAXED,  \
						     __BH_AGENT);                         \
		return compare;                                                           \
	}                                                                                 \
	__device__ inline T atomicCAS_system(T *address, T compare, T val)                \
	{                                                                                 \
		__hip_atomic_compare_exchange_strong(address, &compare, val,              \
						     __ATOMIC_RELAXED, __ATOMIC_RELAXED,  \
						     __BH_SYSTEM);                        \
		return compare;                                                           \
	}

__BH_CAS(int)
__BH_CAS(unsigned int)
__BH_CAS(unsigned long)
__BH_CAS(long long)
__BH_CAS(unsigned long long)

/* float and double compare bitwise, as the hardware does. */
#define __BH_FCAS(T, U)                                                                   \
	__device__ inline T atomicCAS(T *address, T compare, T val)                       \
	{                                                                                 \
		return __builtin_bit_cast(                                                \
			T, atomicCAS((U *)address, __builtin_bit_cast(U, compare),        \
				     __builtin_bit_cast(U, val)));                        \
	}                                                                                 \
	__device__ inline T atomicCAS_system(T *address, T compare, T val)                \
	{                                                                                 \
		return __builtin_bit_cast(                                                \
			T, atomicCAS_system((U *)address, __builtin_bit_cast(U, compare), \
					    __builtin_bit_cast(U, val)));                 \
	}
__BH_FCAS(float, unsigned int)
__BH_FCAS(double, unsigned long long)

/* ---- float and double add, sub, exchange ----------------------------- */
__BH_RMW(atomicAdd, __hip_atomic_fetch_add, float)
__BH_RMW(atomicAdd, __hip_atomic_fetch_add, double)
__BH_RMW(atomicSub, __hip_atomic_fetch_sub, float)
__BH_RMW(atomicSub, __hip_atomic_fetch_sub, double)
__BH_RMW(atomicExch, __hip_atomic_exchange, float)
__BH_RMW(atomicExch, __hip_atomic_exchange, double)

/*
 * ---- float and double min and max ------------------------------------
 * Compare-and-swap loops that order -0.0 below +0.0 and ignore a NaN
 * operand as fminf/fmaxf do (a NaN already stored is replaced).  The
 * loop stops as soon as the stored value needs no change.
 */
template <class T, class U, bool Max, int Scope>
__device__ inline T __bh_atomic_fminmax(T *address, T val)
{
	U *p = (U *)address;
	U old = __hip_atomic_load(p, __ATOMIC_RELAXED, Scope);

	for (;;) {
		T cur = __builtin_bit_cast(T, old);
		bool take;

		if (val != val)
			take = false;			/* NaN operand: keep */
		else if (cur != cur)
			take = true;			/* NaN stored: replace */
		else if (val == cur)			/* ±0: the sign decides */
			take = Max ? (__builtin_signbit(cur) && !__builtin_signbit(val))
				   : (!__builtin_signbit(cur) && __builtin_signbit(val));
		else
			take = Max ? val > cur : val < cur;
		if (!take)
			return cur;
		if (__hip_atomic_compare_exchange_weak(p, &old, __builtin_bit_cast(U, val),
						       __ATOMIC_RELAXED, __ATOMIC_RELAXED, Scope))
			return cur;
	}
}

#define __BH_FMINMAX(T, U)                                                                \
	__device__ inline T atomicMin(T *a, T v)                                          \
	{                                                                                 \
		return __bh_atomic_fminmax<T, U, false, __BH_AGENT>(a, v);                \
	}                                                                                 \
	__device__ inline T atomicMax(T *a, T v)                                          \
	{                                                                                 \
		return __bh_atomic_fminmax<T, U, true, __BH_AGENT>(a, v);                 \
	}                                                                                 \
	__device__ inline T atomicMin_system(T *a, T v)                                   \
	{                                                                                 \
		return __bh_atomic_fminmax<T, U, false, __BH_SYSTEM>(a, v);               \
	}                                                                                 \
	__device__ inline T atomicMax_system(T *a, T v)                                   \
	{                                                                                 \
		return __bh_atomic_fminmax<T, U, true, __BH_SYSTEM>(a, v);                \
	}
__BH_FMINMAX(float, unsigned int)
__BH_FMINMAX(double, unsigned long long)

/*
 * ---- atomicInc / atomicDec: CUDA's wrapping counters ------------------
 * inc: old >= val ? 0 : old + 1;  dec: (old == 0 || old > val) ? val : old - 1.
 * One hardware instruction (buffer/flat/ds _inc/_dec) does exactly this.
 * The one-argument forms of the seeds' table count through the whole
 * unsigned range (val = 0xffffffff).
 */
__device__ inline unsigned int atomicInc(unsigned int *address, unsigned int val)
{
	return __builtin_amdgcn_atomic_inc32(address, val, __ATOMIC_RELAXED, "agent");
}
__device__ inline unsigned int atomicDec(unsigned int *address, unsigned int val)
{
	return __builtin_amdgcn_atomic_dec32(address, val, __ATOMIC_RELAXED, "agent");
}
__device__ inline unsigned int atomicInc_system(unsigned int *address, unsigned int val)
{
	return __builtin_amdgcn_atomic_inc32(address, val, __ATOMIC_RELAXED, "");
}
__device__ inline unsigned int atomicDec_system(unsigned int *address, unsigned int val)
{
	return __builtin_amdgcn_atomic_dec32(address, val, __ATOMIC_RELAXED, "");
}
__device__ inline unsigned int atomicInc(unsigned int *address)
{
	return atomicInc(address, 0xffffffffu);
}
__device__ inline unsigned int atomicDec(unsigned int *address)
{
	return atomicDec(address, 0xffffffffu);
}

/*
 * ---- safe and unsafe floating-point add --------------------------------
 * unsafeAtomicAdd: the hardware FP atomic on global and LDS addresses
 * (gfx90a/gfx942 have both, for f32 and f64); private memory, which no
 * other thread can see, is a plain add.  safeAtomicAdd: a compare-and-
 * swap loop, correct on any memory whatever the compiler flags.
 */
template <class T, class U> __device__ inline T __bh_atomic_add_cas(T *address, T val)
{
	U *p = (U *)address;
	U old = __hip_atomic_load(p, __ATOMIC_RELAXED, __BH_AGENT);

	while (!__hip_atomic_compare_exchange_weak(
		p, &old, __builtin_bit_cast(U, __builtin_bit_cast(T, old) + val),
		__ATOMIC_RELAXED, __ATOMIC_RELAXED, __BH_AGENT))
		;
	return __builtin_bit_cast(T, old);
}

__device__ inline float safeAtomicAdd(float *address, float val)
{
	return __bh_atomic_add_cas<float, unsigned int>(address, val);
}
__device__ inline double safeAtomicAdd(double *address, double val)
{
	return __bh_atomic_add_cas<double, unsigned long long>(address, val);
}

typedef __attribute__((address_space(1))) float __bh_global_float;
typedef __attribute__((address_space(3))) float __bh_lds_float;
typedef __attribute__((address_space(1))) double __bh_global_double;
typedef __attribute__((address_space(3))) double __bh_lds_double;

__device__ inline float unsafeAtomicAdd(float *address, float val)
{
	if (__builtin_amdgcn_is_shared((const __attribute__((address_space(0))) void *)address))
		return __builtin_amdgcn_ds_atomic_fadd_f32((__bh_lds_float *)address, val);
	if (__builtin_amdgcn_is_private((const __attribute__((address_space(0))) void *)address)) {
		float old = *address;

		*address = old + val;
		return old;
	}
	return __builtin_amdgcn_global_atomic_fadd_f32((__bh_global_float *)address, val);
}

__device__ inline double unsafeAtomicAdd(double *address, double val)
{
	if (__builtin_amdgcn_is_shared((const __attribute__((address_space(0))) void *)address))
		return __builtin_amdgcn_ds_atomic_fadd_f64((__bh_lds_double *)address, val);
	if (__builtin_amdgcn_is_private((const __attribute__((address_space(0))) void *)address)) {
		double old = *address;

		*address = old + val;
		return old;
	}
	return __builtin_amdgcn_global_atomic_fadd_f64((__bh_global_double *)address, val);
}

#undef __BH_RMW
#undef __BH_INT_RMW
#undef __BH_CAS
#undef __BH_FCAS
#undef __BH_FMINMAX
