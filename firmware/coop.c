// SPDX-License-Identifier: MIT
/*
 * Cooperative groups across workgroups: grid.sync() and the multi-grid
 * queries, over the record the loader gives a cooperative launch through
 * hidden_multigrid_sync_arg (format: loader/include/bh/devabi.h).  The
 * loader only accepts a cooperative grid whose workgroups can all be
 * resident at once, so waiting for every one of them cannot deadlock.
 *
 * The barrier is a counter and a generation: each workgroup's first
 * thread adds itself to "arrived"; the last one resets the counter and
 * bumps the generation, which the others wait for.  A workgroup can only
 * reach the next barrier after seeing the new generation, so the reset
 * is never raced.
 */
#include "firmware.h"

#include <bh/devabi.h>

typedef GLOBAL uint32_t gu32;

#define DEV __MEMORY_SCOPE_DEVICE

static GLOBAL uint8_t *coop_record(void)
{
	return implicitarg_ptr(IMPLICITARG_MULTIGRID_SYNC);
}

static bool first_in_group(void)
{
	return __builtin_amdgcn_workitem_id_x() == 0 && __builtin_amdgcn_workitem_id_y() == 0 &&
	       __builtin_amdgcn_workitem_id_z() == 0;
}

/* One arrival at the counter barrier of @rec for @n participants. */
static void barrier_arrive(GLOBAL uint8_t *rec, uint32_t n)
{
	gu32 *arrived = (gu32 *)(rec + BH_COOP_OFF_ARRIVED);
	gu32 *generation = (gu32 *)(rec + BH_COOP_OFF_GENERATION);
	uint32_t gen = __scoped_atomic_load_n(generation, __ATOMIC_ACQUIRE, DEV);

	if (__scoped_atomic_fetch_add(arrived, 1, __ATOMIC_ACQ_REL, DEV) == n - 1) {
		__scoped_atomic_store_n(arrived, 0, __ATOMIC_RELAXED, DEV);
		__scoped_atomic_store_n(generation, gen + 1, __ATOMIC_RELEASE, DEV);
	} else {
		while (__scoped_atomic_load_n(generation, __ATOMIC_ACQUIRE, DEV) == gen)
			__builtin_amdgcn_s_sleep(1);
	}
}

BH_EXPORT int __ockl_grid_is_valid(void)
{
	return coop_record() != NULL;
}

BH_EXPORT void __ockl_grid_sync(void)
{
	GLOBAL uint8_t *rec = coop_record();

	/* grid.sync() in a launch that was not cooperative: its blocks
	 * need not be resident together, so waiting could hang forever.
	 * Trap instead: the host reports the kernel and the fault. */
	if (!rec)
		__builtin_trap();
	/* Every thread's writes reach device scope before its workgroup
	 * arrives; after the barrier every thread sees everyone's. */
	__builtin_amdgcn_fence(__ATOMIC_RELEASE, "agent");
	__builtin_amdgcn_s_barrier();
	if (first_in_group())
		barrier_arrive(rec, *(gu32 *)(rec + BH_COOP_OFF_NUM_GROUPS));
	__builtin_amdgcn_s_barrier();
	__builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "agent");
}

BH_EXPORT int __ockl_multi_grid_is_valid(void)
{
	return coop_record() != NULL;
}

BH_EXPORT uint32_t __ockl_multi_grid_num_grids(void)
{
	GLOBAL uint8_t *rec = coop_record();

	return rec ? *(gu32 *)(rec + BH_COOP_OFF_NUM_GRIDS) : 1;
}

BH_EXPORT uint32_t __ockl_multi_grid_grid_rank(void)
{
	GLOBAL uint8_t *rec = coop_record();

	return rec ? *(gu32 *)(rec + BH_COOP_OFF_GRID_RANK) : 0;
}

/*
 * barehip launches one grid per cooperative launch (multi-device
 * launches are not offered), so the multi-grid is the grid itself: its
 * size and ranks are the grid's, and its sync is a grid sync.
 */
BH_EXPORT uint32_t __ockl_multi_grid_size(void)
{
	return (uint32_t)(__ockl_get_global_size(0) * __ockl_get_global_size(1) *
			  __ockl_get_global_size(2));
}

BH_EXPORT uint32_t __ockl_multi_grid_thread_rank(void)
{
	uint32_t rank = 0;

	for (int d = 2; d >= 0; d--)
		rank = rank * (uint32_t)__ockl_get_global_size((unsigned int)d) +
		       (uint32_t)__ockl_get_global_id((unsigned int)d);
	return rank;
}

BH_EXPORT void __ockl_multi_grid_sync(void)
{
	GLOBAL uint8_t *rec = coop_record();

	if (!rec || *(gu32 *)(rec + BH_COOP_OFF_NUM_GRIDS) != 1)
		__builtin_trap();	/* see above: one grid only */
	__ockl_grid_sync();
}
