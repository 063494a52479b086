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
 *
 * Where ockl uses the global wave sync (GWS) hardware barrier for grid
 * sync (gfx90a; its AVOID_GWS keeps gfx940-942, whose GWS is per XCD
 * while a grid spans XCDs, and gfx11+ on the memory barrier), and the
 * launch's queue holds the GWS resources (the record says so), only the
 * first grid sync of a launch is the memory barrier: its last arrival
 * arms GWS resource 0 for the grid's workgroups (ds_gws_init, count - 1)
 * while every other workgroup waits, and every later sync is one
 * ds_gws_barrier per workgroup, which re-arms itself.  ROCm instead runs
 * an init kernel before each cooperative launch; arming inside the first
 * sync needs no extra dispatch.
 */
#include "firmware.h"

#include <bh/devabi.h>

typedef GLOBAL uint32_t gu32;

#if defined(__gfx90a__)
#define GRID_SYNC_GWS 1
/* GWS resource 0 as a barrier of @n waves; one of them arriving. */
static void gws_arm(uint32_t n)
{
	__builtin_amdgcn_ds_gws_init(n - 1, 0);
}

static void gws_barrier(uint32_t n)
{
	__builtin_amdgcn_ds_gws_barrier(n - 1, 0);
}
#else
#define GRID_SYNC_GWS 0
static void gws_arm(uint32_t n)
{
	(void)n;
}

static void gws_barrier(uint32_t n)
{
	(void)n;
}
#endif

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

/*
 * One arrival at the counter barrier of @rec for @n participants; the
 * last one arms GWS resource 0 for them first if @arm_gws.
 */
static void barrier_arrive(GLOBAL uint8_t *rec, uint32_t n, bool arm_gws)
{
	gu32 *arrived = (gu32 *)(rec + BH_COOP_OFF_ARRIVED);
	gu32 *generation = (gu32 *)(rec + BH_COOP_OFF_GENERATION);
	uint32_t gen = __scoped_atomic_load_n(generation, __ATOMIC_ACQUIRE, DEV);

	if (__scoped_atomic_fetch_add(arrived, 1, __ATOMIC_ACQ_REL, DEV) == n - 1) {
		if (arm_gws)
			gws_arm(n);
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
	if (first_in_group()) {
		uint32_t n = *(gu32 *)(rec + BH_COOP_OFF_NUM_GROUPS);
		bool gws = GRID_SYNC_GWS && *(gu32 *)(rec + BH_COOP_OFF_GWS);

		/* Generation 0: this launch's first sync (see the top). */
		if (gws && __scoped_atomic_load_n((gu32 *)(rec + BH_COOP_OFF_GENERATION),
						  __ATOMIC_ACQUIRE, DEV))
			gws_barrier(n);
		else
			barrier_arrive(rec, n, gws);
	}
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
