// SPDX-License-Identifier: MIT
/*
 * Workgroup reductions under ockl's names, behind __syncthreads_count,
 * __syncthreads_and and __syncthreads_or (docs/facts/devlib.md §2.5): a
 * barrier that also combines one int from every thread of the block.
 *
 * Each wave first reduces its own lanes.  For 0/1 values (what the
 * __syncthreads_* functions pass) that is one ballot: a popcount for add,
 * a compare with EXEC for and, a test for or.  Other values skip the
 * wave step and every lane goes to LDS itself.  Across the waves, one
 * LDS word, between barriers:
 *
 *   1. each wave's first active lane stores the identity;
 *   2. barrier; each wave adds its part with an LDS atomic;
 *   3. barrier; every thread reads the result;
 *   4. barrier, so that the next reduction's step 1 cannot overwrite
 *      the word before everyone has read it.
 *
 * Every wave writes the identity in step 1 (the stores are the same
 * value), so no particular thread must be alive: threads that returned
 * early simply do not take part, as with __syncthreads.  A workgroup of
 * one wave needs no LDS and no barrier.
 */
#include "firmware.h"

/* Exported to kernels (hip/bh/intrinsics.h declares them). */
BH_EXPORT int __ockl_wgred_add_i32(int x);
BH_EXPORT int __ockl_wgred_and_i32(int x);
BH_EXPORT int __ockl_wgred_or_i32(int x);

enum wgred_op { WGRED_ADD, WGRED_AND, WGRED_OR };

/* The LDS word (LDS cannot be initialised: loader_uninitialized). */
static __attribute__((address_space(3), loader_uninitialized)) uint32_t wgred_word;

#define WG __MEMORY_SCOPE_WRKGRP

/* Lanes of this wave for which @pred is true (bit n: lane n). */
static uint64_t ballot(bool pred)
{
#if __AMDGCN_WAVEFRONT_SIZE__ == 64
	return __builtin_amdgcn_ballot_w64(pred);
#else
	return __builtin_amdgcn_ballot_w32(pred);
#endif
}

static uint32_t identity(enum wgred_op op)
{
	return op == WGRED_AND ? ~0u : 0u;
}

/* The wave's reduction of 0/1 values, from the lanes that hold 1. */
static uint32_t wave_reduce_bool(enum wgred_op op, bool x)
{
	uint64_t ones = ballot(x);

	switch (op) {
	case WGRED_ADD:
		return (uint32_t)__builtin_popcountll(ones);
	case WGRED_AND:
		return ones == ballot(true);
	default:
		return ones != 0;
	}
}

static void lds_combine(enum wgred_op op, uint32_t v)
{
	switch (op) {
	case WGRED_ADD:
		__scoped_atomic_fetch_add(&wgred_word, v, __ATOMIC_RELAXED, WG);
		break;
	case WGRED_AND:
		__scoped_atomic_fetch_and(&wgred_word, v, __ATOMIC_RELAXED, WG);
		break;
	default:
		__scoped_atomic_fetch_or(&wgred_word, v, __ATOMIC_RELAXED, WG);
		break;
	}
}

static uint32_t wgred(enum wgred_op op, uint32_t x)
{
	/* Uniform: do all active lanes hold 0 or 1? */
	bool boolean = ballot(x > 1) == 0;
	uint32_t wave = boolean ? wave_reduce_bool(op, x != 0) : 0;
	size_t threads = __ockl_get_local_size(0) * __ockl_get_local_size(1) *
			 __ockl_get_local_size(2);

	if (boolean && threads <= __AMDGCN_WAVEFRONT_SIZE__) {
		/* One wave: only __syncthreads' ordering remains to give. */
		__builtin_amdgcn_fence(__ATOMIC_ACQ_REL, "workgroup");
		return wave;
	}
	bool leader = lane_id() == (uint32_t)__builtin_ctzll(ballot(true));

	if (leader)
		__scoped_atomic_store_n(&wgred_word, identity(op), __ATOMIC_RELAXED, WG);
	__syncthreads();
	if (!boolean)
		lds_combine(op, x);		/* every lane: general values */
	else if (leader)
		lds_combine(op, wave);
	__syncthreads();
	uint32_t r = __scoped_atomic_load_n(&wgred_word, __ATOMIC_RELAXED, WG);

	__syncthreads();
	return r;
}

BH_EXPORT int __ockl_wgred_add_i32(int x)
{
	return (int)wgred(WGRED_ADD, (uint32_t)x);
}

BH_EXPORT int __ockl_wgred_and_i32(int x)
{
	return (int)wgred(WGRED_AND, (uint32_t)x);
}

BH_EXPORT int __ockl_wgred_or_i32(int x)
{
	return (int)wgred(WGRED_OR, (uint32_t)x);
}
