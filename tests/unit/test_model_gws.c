// SPDX-License-Identifier: MIT
/*
 * The model's global wave sync (GWS) resources (boards/sim/model/gws.c)
 * on the gfx90a rig: a semaphore's release_all, the resource id from M0
 * and the offset, and the cases the model refuses loudly -- a queue
 * without GWS, a resource beyond the allocation, no active lane, a
 * barrier meeting semaphore waiters, an init under waiters -- and a wait
 * nothing can end, reported as a deadlock at once.  The barrier, the
 * semaphores as a mutex and sema_br run on every target in
 * tests/device/gws.hip.
 */
#include <string.h>

#include "model_rig.h"
#include "testlib.h"
#include "model_programs.h"

/* Re-arm the rig's queue, with @count GWS resources. */
static void gws_queue(unsigned count)
{
	reset_queue();
	CU_ASSERT_EQUAL_FATAL(bh_sim_queue_set_gws(rig.sim, 0, count), 0);
}

static void expect_fault(enum bh_sim_fault_kind kind, const char *text)
{
	struct bh_sim_fault f;

	CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
	CU_ASSERT_EQUAL(f.kind, kind);
	ASSERT_CONTAINS(f.message, text);
}

static void test_release_all(void)
{
	struct bh_sim_fault f;

	gws_queue(BH_SIM_GWS_RESOURCES);
	fill_out(0, 2);
	dispatch(prog_gws_release_all, sizeof(prog_gws_release_all) / 4, 4, 64, 0, 0);
	CU_ASSERT_FALSE_FATAL(bh_sim_take_fault(rig.sim, &f));
	/* The three waiters, released at once, each add 1 in all 64 lanes. */
	CU_ASSERT_EQUAL(out_word(0), 3 * 64);
	CU_ASSERT_EQUAL(out_word(1), 1);
	/* The resources outlive the dispatch: the three credits release_all
	 * gave were taken, so a new waiter waits (and deadlocks). */
	dispatch(prog_gws_wait, sizeof(prog_gws_wait) / 4, 1, 64, 0, 0);
	expect_fault(BH_SIM_FAULT_DEADLOCK, " gws@");
}

static void test_resource_ids(void)
{
	/* Resource 1 ((63 + 2) mod 64) is the queue's; 60 is beyond its 4. */
	gws_queue(4);
	dispatch(prog_gws_rid, sizeof(prog_gws_rid) / 4, 1, 64, 0, 0);
	expect_fault(BH_SIM_FAULT_ILLEGAL_INSTRUCTION, "GWS resource 60 (M0[21:16] 60 + offset 0)");
	/* A queue without GWS faults at the first ds_gws. */
	reset_queue();
	dispatch(prog_gws_rid, sizeof(prog_gws_rid) / 4, 1, 64, 0, 0);
	expect_fault(BH_SIM_FAULT_ILLEGAL_INSTRUCTION, "which has no GWS resources");
	/* Only a live queue gets resources, and at most 64. */
	CU_ASSERT_EQUAL(bh_sim_queue_set_gws(rig.sim, 0, BH_SIM_GWS_RESOURCES + 1), -1);
	CU_ASSERT_EQUAL(bh_sim_queue_set_gws(rig.sim, 5, 1), -1);
	CU_ASSERT_EQUAL(bh_sim_queue_set_gws(rig.sim, BH_SIM_MAX_QUEUES, 1), -1);
}

static void test_refusals(void)
{
	gws_queue(BH_SIM_GWS_RESOURCES);
	dispatch(prog_gws_exec0, sizeof(prog_gws_exec0) / 4, 1, 64, 0, 0);
	expect_fault(BH_SIM_FAULT_ILLEGAL_INSTRUCTION, "EXEC 0");

	gws_queue(BH_SIM_GWS_RESOURCES);
	dispatch(prog_gws_mixed, sizeof(prog_gws_mixed) / 4, 2, 64, 0, 0);
	expect_fault(BH_SIM_FAULT_ILLEGAL_INSTRUCTION, "while 1 waves wait on it as a semaphore");

	gws_queue(BH_SIM_GWS_RESOURCES);
	dispatch(prog_gws_reinit, sizeof(prog_gws_reinit) / 4, 2, 64, 0, 0);
	expect_fault(BH_SIM_FAULT_ILLEGAL_INSTRUCTION, "ds_gws_init of GWS resource 0 while 1 waves");

	/* A wait nothing can end is found at once, not after the window. */
	gws_queue(BH_SIM_GWS_RESOURCES);
	dispatch(prog_gws_wait, sizeof(prog_gws_wait) / 4, 2, 64, 0, 0);
	expect_fault(BH_SIM_FAULT_DEADLOCK, "(1,0,0).0 gws@");
	/* ... and the queue's resources forget the waves of that dispatch. */
	reset_queue();
	CU_ASSERT_EQUAL(bh_sim_queue_set_gws(rig.sim, 0, 1), 0);
	dispatch(prog_gws_exec0, sizeof(prog_gws_exec0) / 4, 1, 64, 0, 0);
	expect_fault(BH_SIM_FAULT_ILLEGAL_INSTRUCTION, "EXEC 0");
}

CU_ErrorCode bh_tests_model_gws(void)
{
	CU_pSuite s = CU_add_suite("model_gws", rig_setup, rig_teardown);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "sema_p waiters and release_all; state outlives a dispatch",
		    test_release_all);
	CU_add_test(s, "resource id from M0 and offset; queues without GWS", test_resource_ids);
	CU_add_test(s, "EXEC 0, barrier or init meeting waiters, a wait forever",
		    test_refusals);
	return CU_get_error();
}
