/*
 * barehip: HIP's atomic functions (seed "Atomic functions").
 *
 * Plain atomicX is a relaxed read-modify-write at agent (device) scope;
 * atomicX_system is the same at system scope (host and other devices).
 * Every function takes a generic pointer, so it works on global memory
 * and on LDS (__shared__): the __hip_atomic_* builtins leave the choice
 * of flat, global or DS instruction to the backend.
 *
 * The overload set is the seeds' table with TYPE = int, unsigned int,
 * unsigned long, unsigned long long, float, double (add, sub, min, max,
 * exch, CAS), INTEGER = the four integer types (and, or, xor), long long
 * for min and max only, unsigned int for inc and dec -- as ROCm, so that
 * code which adds its own overloads for the rest (a common CUDA idiom)
 * still compiles.
 *
 * Floating point add and sub: without -munsafe-fp-atomics they are the
 * compiler's fetch_add, which is correct on every kind of memory (clang-19
 * makes it a compare-and-swap loop on gfx90a and the FP atomic
 * instruction on gfx942, whose FP atomics also work on fine-grained
 * memory).  -munsafe-fp-atomics (it defines __AMDGCN_UNSAFE_FP_ATOMICS__)
 * routes atomicAdd/atomicSub on float and double through unsafeAtomicAdd,
 * the hardware FP atomics, as HIP does: on gfx90a they are undefined on
 * fine-grained host memory, and they may flush denormals.
 * unsafeAtomicAdd always uses the hardware; safeAtomicAdd is always a
 * compare-and-swap loop (and so are safeAtomicMin/Max; unsafeAtomicMin/Max
 * on double use the hardware where it has them).  The _system forms are never routed to the
 * unsafe path.
 */
#pragma once

/* clang-19 predefines these in both passes; older compilers did not. */
#ifndef __HIP_MEMORY_SCOPE_AGENT
#define __HIP_MEMORY_SCOPE_SINGLETHREAD 1
#define __HIP_MEMORY_SCOPE_WAVEFRONT 2
#define __HIP_MEMORY_SCOPE_WORKGROUP 3
#define __HIP_MEMORY_SCOPE_AGENT 4
#define __HIP_MEMORY_SCOPE_SYSTEM 5
#endif

#define __BH_AGENT __HIP_MEMORY_SCOPE_AGENT
#define __BH_SYSTEM __HIP_MEMORY_SCOPE_SYSTEM

/*
 * Targets with the FP add atomics unsafeAtomicAdd needs: global and DS
 * add for f32 and f64 (gfx90a, gfx940, gfx942; not gfx941, where ROCm
 * routes every atomic through compare-and-swap).  Elsewhere
 * unsafeAtomicAdd is the compiler's fetch_add.
 */
#if defined(__gfx90a__) || defined(__gfx940__) || defined(__gfx942__)
#define __BH_HW_FP_ADD 1
#endif

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
__BH_INT_RMW(unsigned long long)
__BH_RMW(atomicMin, __hip_atomic_fetch_min, long long)
__BH_RMW(atomicMax, __hip_atomic_fetch_max, long long)

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
__BH_CAS(unsigned long long)

/* float and double compare bit patterns, as the hardware does: -0.0
 * does not match +0.0, and a NaN matches itself. */
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

__BH_RMW(atomicExch, __hip_atomic_exchange, float)
__BH_RMW(atomicExch, __hip_atomic_exchange, double)

/*
 * ---- safe and unsafe floating-point add --------------------------------
 * safeAtomicAdd: a compare-and-swap loop, correct on any memory whatever
 * the compiler flags.  unsafeAtomicAdd: the hardware FP atomic, picked by
 * the address's segment (a generic pointer may point anywhere): ds_add
 * for LDS, global_atomic_add for the rest.  Private memory, which no
 * other thread can see and which has no atomics, gets a plain add.
 */
/*
 * A 64-bit flat compare-and-swap does not work on a scratch address
 * (LLVM #109410; LLVM 20 adds this check itself, clang-19 does not): the
 * loops below update private memory, which no other thread sees, plainly.
 */
template <class __bhT> __device__ inline bool __bh_private64(__bhT *address)
{
#if defined(__HIP_DEVICE_COMPILE__)	/* the host pass has no amdgcn builtins */
	return sizeof(__bhT) == 8 && __builtin_amdgcn_is_private((const void *)address);
#else
	(void)address;
	return false;
#endif
}

template <class __bhT, class __bhU> __device__ inline __bhT __bh_atomic_add_cas(__bhT *address, __bhT val)
{
	__bhU *p = (__bhU *)address;
	if (__bh_private64(address)) {
		__bhT old = *address;
		*address = old + val;
		return old;
	}
	__bhU old = __hip_atomic_load(p, __ATOMIC_RELAXED, __BH_AGENT);

	while (!__hip_atomic_compare_exchange_weak(
		p, &old, __builtin_bit_cast(__bhU, __builtin_bit_cast(__bhT, old) + val),
		__ATOMIC_RELAXED, __ATOMIC_RELAXED, __BH_AGENT))
		;
	return __builtin_bit_cast(__bhT, old);
}

__device__ inline float safeAtomicAdd(float *address, float val)
{
	return __bh_atomic_add_cas<float, unsigned int>(address, val);
}
__device__ inline double safeAtomicAdd(double *address, double val)
{
	return __bh_atomic_add_cas<double, unsigned long long>(address, val);
}

#if defined(__BH_HW_FP_ADD)
#define __BH_UNSAFE_ADD(T, DS_ADD, GLOBAL_ADD)                                            \
	__device__ inline T unsafeAtomicAdd(T *address, T val)                            \
	{                                                                                 \
		if (__builtin_amdgcn_is_shared((const void *)address))                    \
			return DS_ADD((__attribute__((address_space(3))) T *)address, val);  \
		if (__builtin_amdgcn_is_private((const void *)address)) {                 \
			T old = *address;                                                 \
			*address = old + val;                                             \
			return old;                                                       \
		}                                                                         \
		return GLOBAL_ADD((__attribute__((address_space(1))) T *)address, val);      \
	}
__BH_UNSAFE_ADD(float, __builtin_amdgcn_ds_atomic_fadd_f32,
		__builtin_amdgcn_global_atomic_fadd_f32)
__BH_UNSAFE_ADD(double, __builtin_amdgcn_ds_atomic_fadd_f64,
		__builtin_amdgcn_global_atomic_fadd_f64)
#undef __BH_UNSAFE_ADD
#else
__device__ inline float unsafeAtomicAdd(float *address, float val)
{
	return __hip_atomic_fetch_add(address, val, __ATOMIC_RELAXED, __BH_AGENT);
}
/*
 * Without an f64 add atomic (gfx11) the compiler's fetch_add is a
 * compare-and-swap loop, on a generic pointer a 64-bit flat cmpswap --
 * which does not work on a scratch address ("64-bit flat cmpxchg
 * instructions do not work correctly for scratch addresses", LLVM
 * #109410, which from LLVM 20 adds this same check; clang-19 does not).
 * So private memory gets the plain add, as on the targets above.
 */
__device__ inline double unsafeAtomicAdd(double *address, double val)
{
#if defined(__HIP_DEVICE_COMPILE__)	/* the host pass has no amdgcn builtins */
	if (__builtin_amdgcn_is_private((const void *)address)) {
		double old = *address;
		*address = old + val;
		return old;
	}
#endif
	return __hip_atomic_fetch_add(address, val, __ATOMIC_RELAXED, __BH_AGENT);
}
#endif

/* ---- float and double add and sub ------------------------------------ */
#define __BH_FADD(T)                                                                      \
	__device__ inline T atomicAdd(T *address, T val)                                  \
	{                                                                                 \
		return __BH_FADD_AGENT(address, val);                                     \
	}                                                                                 \
	__device__ inline T atomicSub(T *address, T val)                                  \
	{                                                                                 \
		return __BH_FADD_AGENT(address, -val);	/* x - y is x + (-y) exactly */  \
	}                                                                                 \
	__device__ inline T atomicAdd_system(T *address, T val)                           \
	{                                                                                 \
		return __hip_atomic_fetch_add(address, val, __ATOMIC_RELAXED, __BH_SYSTEM);  \
	}                                                                                 \
	__device__ inline T atomicSub_system(T *address, T val)                           \
	{                                                                                 \
		return __hip_atomic_fetch_add(address, -val, __ATOMIC_RELAXED, __BH_SYSTEM); \
	}
#if defined(__AMDGCN_UNSAFE_FP_ATOMICS__)
#define __BH_FADD_AGENT(a, v) unsafeAtomicAdd(a, v)
#else
#define __BH_FADD_AGENT(a, v) __hip_atomic_fetch_add(a, v, __ATOMIC_RELAXED, __BH_AGENT)
#endif
__BH_FADD(float)
__BH_FADD(double)
#undef __BH_FADD_AGENT

/* ROCm's old spelling of a float add whose result is not wanted. */
__attribute__((deprecated("use atomicAdd instead"))) __device__ inline void
atomicAddNoRet(float *address, float val)
{
	(void)atomicAdd(address, val);
}

/*
 * ---- float and double min and max ------------------------------------
 * Compare-and-swap loops (with or without -munsafe-fp-atomics) with the
 * meaning of fminf/fmaxf, made total on zeros: -0.0 orders below +0.0,
 * a NaN operand leaves the stored value alone, and a stored NaN is
 * replaced by any number (as the hardware's IEEE min/max would; ROCm's
 * loop, which only compares with <, keeps a stored NaN).  The loop
 * stops as soon as the stored value needs no change, so once the extreme
 * is in place the other threads only read.
 */
template <class __bhT, class __bhU, bool Max, int Scope>
__device__ inline __bhT __bh_atomic_fminmax(__bhT *address, __bhT val)
{
	__bhU *p = (__bhU *)address;
	__bhU old = __hip_atomic_load(p, __ATOMIC_RELAXED, Scope);
	bool priv = __bh_private64(address);

	for (;;) {
		__bhT cur = __builtin_bit_cast(__bhT, old);
		bool take;

		if (val != val)
			take = false;			/* NaN operand: keep */
		else if (cur != cur)
			take = true;			/* NaN stored: replace */
		else if (val == cur)			/* equal, or ±0: the sign decides */
			take = Max ? (__builtin_signbit(cur) && !__builtin_signbit(val))
				   : (!__builtin_signbit(cur) && __builtin_signbit(val));
		else
			take = Max ? val > cur : val < cur;
		if (!take)
			return cur;
		if (priv) {
			*address = val;
			return cur;
		}
		if (__hip_atomic_compare_exchange_weak(p, &old, __builtin_bit_cast(__bhU, val),
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
 * ---- safe and unsafe floating-point min and max -----------------------
 * safeAtomicMin/Max: atomicMin/Max's compare-and-swap loop, whatever the
 * compiler flags.  unsafeAtomicMin/Max: on double, the hardware's
 * flat_atomic_min/max_f64 where the target has them (gfx90a, gfx940,
 * gfx942; the IEEE minNum/maxNum of v_min/max_f64, so NaN and zeros
 * behave as in atomicMin/Max), with ROCm's conditions: coarse-grained
 * memory, not host memory.  Private memory gets a plain update, as
 * unsafeAtomicAdd does.  Float, and double elsewhere, have no such
 * instruction and use the loop (as ROCm does).
 */
__device__ inline float safeAtomicMin(float *address, float val)
{
	return atomicMin(address, val);
}
__device__ inline float safeAtomicMax(float *address, float val)
{
	return atomicMax(address, val);
}
__device__ inline double safeAtomicMin(double *address, double val)
{
	return atomicMin(address, val);
}
__device__ inline double safeAtomicMax(double *address, double val)
{
	return atomicMax(address, val);
}
__device__ inline float unsafeAtomicMin(float *address, float val)
{
	return atomicMin(address, val);
}
__device__ inline float unsafeAtomicMax(float *address, float val)
{
	return atomicMax(address, val);
}
#if defined(__BH_HW_FP_ADD)
#define __BH_UNSAFE_MINMAX(NAME, FLAT, PLAIN)                                             \
	__device__ inline double NAME(double *address, double val)                        \
	{                                                                                 \
		if (__builtin_amdgcn_is_private((const void *)address)) {                 \
			double old = *address;                                            \
			*address = PLAIN(old, val);                                       \
			return old;                                                       \
		}                                                                         \
		return FLAT(address, val);                                                \
	}
__BH_UNSAFE_MINMAX(unsafeAtomicMin, __builtin_amdgcn_flat_atomic_fmin_f64, __builtin_fmin)
__BH_UNSAFE_MINMAX(unsafeAtomicMax, __builtin_amdgcn_flat_atomic_fmax_f64, __builtin_fmax)
#undef __BH_UNSAFE_MINMAX
#else
__device__ inline double unsafeAtomicMin(double *address, double val)
{
	return atomicMin(address, val);
}
__device__ inline double unsafeAtomicMax(double *address, double val)
{
	return atomicMax(address, val);
}
#endif

/*
 * ---- atomicInc / atomicDec: CUDA's wrapping counters ------------------
 * inc: old >= val ? 0 : old + 1;  dec: (old == 0 || old > val) ? val : old - 1.
 * One hardware instruction (flat/global/ds _inc/_dec) does exactly this;
 * clang's builtins take a generic pointer and a scope name ("" = system).
 * The one-argument forms of the seeds' table count through the whole
 * unsigned range (val = 0xffffffff: inc wraps to 0, dec from 0 to max).
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
__device__ inline unsigned int atomicInc_system(unsigned int *address)
{
	return atomicInc_system(address, 0xffffffffu);
}
__device__ inline unsigned int atomicDec_system(unsigned int *address)
{
	return atomicDec_system(address, 0xffffffffu);
}

#undef __BH_RMW
#undef __BH_INT_RMW
#undef __BH_CAS
#undef __BH_FCAS
#undef __BH_FADD
#undef __BH_FMINMAX
#undef __BH_AGENT
#undef __BH_SYSTEM
#undef __BH_HW_FP_ADD
