// SPDX-License-Identifier: MIT
/*
 * The model's host threads (boards/sim/model/pool.c, dispatch.c) on the
 * gfx90a rig at 1, 2 and 4 threads: global atomics of many workgroups
 * count exactly, a flag handshake between workgroups on different
 * threads completes, a fault in one workgroup stops the dispatch and
 * names that workgroup, counters and the shader clock do not depend on
 * the thread count, the watchdog and the deadlock detector see every
 * worker, and a host thread may map and unmap while a dispatch runs.
 * BAREHIP_SIM_THREADS's parsing is here too.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "model_rig.h"
#include "testlib.h"
#include "model_programs.h"

static const unsigned thread_counts[] = { 1, 2, 4 };
#define NCOUNTS (sizeof(thread_counts) / sizeof(thread_counts[0]))

/* A new rig board with @threads host threads. */
static void rig_threads(unsigned threads)
{
	rig_teardown();
	rig_cfg.threads = threads;
	CU_ASSERT_EQUAL_FATAL(rig_setup(), 0);
}

/* Back to the rig every other suite expects. */
static void rig_restore(void)
{
	rig_cfg.deadlock_window = 0;
	rig_threads(1);
}

static float out_f32(unsigned i)
{
	uint32_t u = out_word(i);
	float f;

	memcpy(&f, &u, 4);
	return f;
}

static void test_atomics(void)
{
	struct bh_sim_fault f;
	const unsigned groups = 40, adds = 64 * 200 * groups;

	for (unsigned k = 0; k < NCOUNTS; k++) {
		rig_threads(thread_counts[k]);
		fill_out(0, 8);
		dispatch(prog_pool_atomics, sizeof(prog_pool_atomics) / 4, groups, 64, 0, 0);
		CU_ASSERT_FALSE_FATAL(bh_sim_take_fault(rig.sim, &f));
		CU_ASSERT_EQUAL(out_word(0), adds);
		CU_ASSERT_EQUAL(out_word(2), adds);	/* u64 */
		CU_ASSERT_EQUAL(out_word(3), 0);
		CU_ASSERT_EQUAL(out_f32(4), (float)adds);
	}
	rig_restore();
}

static void test_flag_handshake(void)
{
	struct bh_sim_fault f;

	/*
	 * Group 1 polls until group 0, on another worker, sets the flag.  On a
	 * loaded host that worker may wait long to be scheduled while the
	 * poll runs on: the watchdog must allow seconds of polling.
	 */
	rig_cfg.max_instructions = 200000000;
	for (unsigned k = 0; k < NCOUNTS; k++) {
		rig_threads(thread_counts[k]);
		for (unsigned rep = 0; rep < 20; rep++) {
			fill_out(0, 8);
			reset_queue();
			dispatch(prog_pool_flag, sizeof(prog_pool_flag) / 4, 2, 64, 0, 0);
			CU_ASSERT_FALSE_FATAL(bh_sim_take_fault(rig.sim, &f));
			CU_ASSERT_EQUAL(out_word(1), 1);
			CU_ASSERT_EQUAL(out_word(2), 42);
		}
	}
	rig_cfg.max_instructions = 100000;
	rig_restore();
}

static void test_fault_stops_all(void)
{
	struct bh_sim_fault f;
	struct bh_sim_stats s;

	/* The others poll forever: without the fault stopping them the
	 * dispatch would end at this watchdog, a different fault. */
	rig_cfg.max_instructions = 20000000;
	for (unsigned k = 0; k < NCOUNTS; k++) {
		rig_threads(thread_counts[k]);
		fill_out(0, 32);
		dispatch(prog_pool_fault, sizeof(prog_pool_fault) / 4, 12, 64, 0, 0);
		CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
		CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_MEMORY);
		CU_ASSERT_EQUAL(f.access, BH_SIM_ACCESS_READ);
		CU_ASSERT_EQUAL(f.address, 0x2000);
		CU_ASSERT_EQUAL(f.workgroup[0], 5);
		CU_ASSERT_EQUAL(f.wave, 0);
		ASSERT_CONTAINS(f.message, "lane 0: read");
		bh_sim_get_stats(rig.sim, &s);
		CU_ASSERT(s.instructions < rig_cfg.max_instructions / 2);
	}
	rig_cfg.max_instructions = 100000;
	rig_restore();
}

/* Counters and the shader clock of a deterministic kernel are the same
 * at every thread count (merged from the workers per dispatch). */
static void test_stats_equal(void)
{
	struct bh_sim_stats first = { 0 };
	struct bh_sim_fault f;

	for (unsigned k = 0; k < NCOUNTS; k++) {
		struct bh_sim_stats s;

		rig_threads(thread_counts[k]);
		fill_out(0, 8);
		dispatch(prog_pool_atomics, sizeof(prog_pool_atomics) / 4, 33, 64, 0, 0);
		CU_ASSERT_FALSE_FATAL(bh_sim_take_fault(rig.sim, &f));
		bh_sim_get_stats(rig.sim, &s);
		CU_ASSERT_EQUAL(s.dispatches, 1);
		CU_ASSERT_EQUAL(s.workgroups, 33);
		CU_ASSERT_EQUAL(s.waves, 33);
		CU_ASSERT_EQUAL(s.instructions, 33u * (6 + 200 * 6 + 1));
		CU_ASSERT_EQUAL(bh_sim_shader_clock(rig.sim), s.instructions * BH_SIM_CYCLES_PER_INSN);
		if (!k) {
			first = s;
			continue;
		}
		CU_ASSERT_EQUAL(s.instructions, first.instructions);
		CU_ASSERT_EQUAL(s.salu, first.salu);
		CU_ASSERT_EQUAL(s.valu, first.valu);
		CU_ASSERT_EQUAL(s.vmem, first.vmem);
		CU_ASSERT_EQUAL(s.control, first.control);
		CU_ASSERT_EQUAL(s.valu_lane_ops, first.valu_lane_ops);
		CU_ASSERT_EQUAL(s.global_bytes, first.global_bytes);
	}
	rig_restore();
}

/* The watchdog budget counts every worker's instructions; a GWS wait of
 * every wave is found at once across workers. */
static void test_watchdog_deadlock(void)
{
	struct bh_sim_fault f;
	struct bh_sim_stats s;

	for (unsigned k = 0; k < NCOUNTS; k++) {
		rig_threads(thread_counts[k]);
		dispatch(prog_spin, sizeof(prog_spin) / 4, 8, 64, 0, 0);
		CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
		CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_WATCHDOG);
		bh_sim_get_stats(rig.sim, &s);
		/* Stopped at the budget, give or take a round of each worker. */
		CU_ASSERT(s.instructions >= rig_cfg.max_instructions);
		CU_ASSERT(s.instructions < rig_cfg.max_instructions + 4 * 8 * 256);

		reset_queue();
		CU_ASSERT_EQUAL_FATAL(bh_sim_queue_set_gws(rig.sim, 0, 1), 0);
		dispatch(prog_gws_wait, sizeof(prog_gws_wait) / 4, 4, 64, 0, 0);
		CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
		CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_DEADLOCK);
		ASSERT_CONTAINS(f.message, "4 groups resident");
		ASSERT_CONTAINS(f.message, ".0 gws@");
	}
	/* A poll nothing answers (group 0 of the handshake alone), by the window. */
	rig_cfg.deadlock_window = 20000;
	for (unsigned k = 0; k < NCOUNTS; k++) {
		rig_threads(thread_counts[k]);
		fill_out(0, 8);
		dispatch(prog_pool_flag, sizeof(prog_pool_flag) / 4, 1, 64, 0, 0);
		CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
		CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_DEADLOCK);
		ASSERT_CONTAINS(f.message, "(0,0,0).0 poll@");
	}
	rig_restore();
}

static volatile int mapper_done;

/* GART maps and unmaps from another host thread during a dispatch: each
 * takes as_lock for writing, which the workers let go between rounds
 * and the dispatching thread while it waits for them. */
static void *mapper(void *arg)
{
	void *page = aligned_alloc(4096, 4096);

	(void)arg;
	for (unsigned i = 0; i < 300; i++) {
		if (bh_sim_gart_map(rig.sim, RING_VA + 0x100000, page, 4096) ||
		    bh_sim_gart_unmap(rig.sim, RING_VA + 0x100000))
			break;
		if (i == 299)
			mapper_done = 1;
	}
	free(page);
	return NULL;
}

static void test_map_during_dispatch(void)
{
	struct bh_sim_fault f;

	for (unsigned k = 1; k < NCOUNTS; k++) {
		pthread_t t;

		rig_threads(thread_counts[k]);
		mapper_done = 0;
		fill_out(0, 32);
		CU_ASSERT_EQUAL_FATAL(pthread_create(&t, NULL, mapper, NULL), 0);
		dispatch(prog_pool_long, sizeof(prog_pool_long) / 4, 4, 64, 0, 0);
		pthread_join(t, NULL);
		CU_ASSERT_FALSE(bh_sim_take_fault(rig.sim, &f));
		CU_ASSERT_EQUAL(mapper_done, 1);
		CU_ASSERT_EQUAL(out_word(0), 4u * 64 * 2000);
		for (unsigned g = 0; g < 4; g++)
			CU_ASSERT_EQUAL(out_word(16 + g), 1);
	}
	rig_restore();
}

static void test_threads_setting(void)
{
	char why[256] = "";
	unsigned n = 99;

	CU_ASSERT_EQUAL(bh_sim_threads_setting(NULL, 3, &n, why), 0);
	CU_ASSERT_EQUAL(n, 3);
	CU_ASSERT_EQUAL(bh_sim_threads_setting("", 5, &n, why), 0);
	CU_ASSERT_EQUAL(n, 5);
	CU_ASSERT_EQUAL(bh_sim_threads_setting("4", 0, &n, why), 0);
	CU_ASSERT_EQUAL(n, 4);
	CU_ASSERT_EQUAL(bh_sim_threads_setting("0", 2, &n, why), 0);
	CU_ASSERT_EQUAL(n, 0);
	CU_ASSERT_EQUAL(bh_sim_threads_setting("256", 0, &n, why), 0);
	CU_ASSERT_EQUAL(n, 256);
	n = 7;
	CU_ASSERT_EQUAL(bh_sim_threads_setting("257", 0, &n, why), -1);
	ASSERT_CONTAINS(why, "BAREHIP_SIM_THREADS='257' is not a count of host threads");
	CU_ASSERT_EQUAL(bh_sim_threads_setting("-1", 0, &n, why), -1);
	CU_ASSERT_EQUAL(bh_sim_threads_setting("2x", 0, &n, why), -1);
	CU_ASSERT_EQUAL(bh_sim_threads_setting(" 2", 0, &n, why), -1);
	CU_ASSERT_EQUAL(bh_sim_threads_setting("99999999999999999999", 0, &n, why), -1);
	CU_ASSERT_EQUAL(n, 7);	/* untouched on error */
}

/* BAREHIP_SIM_DEADLOCK_WINDOW / _WATCHDOG: counts of wave instructions. */
static void test_count_setting(void)
{
	const char *k = "BAREHIP_SIM_WATCHDOG";
	uint64_t n = 9;
	char why[256];

	CU_ASSERT_EQUAL(bh_sim_count_setting(k, NULL, &n, why), 0);
	CU_ASSERT_EQUAL(n, 9);	/* unset: the default stays */
	CU_ASSERT_EQUAL(bh_sim_count_setting(k, "", &n, why), 0);
	CU_ASSERT_EQUAL(n, 9);
	CU_ASSERT_EQUAL(bh_sim_count_setting(k, "0", &n, why), 0);
	CU_ASSERT_EQUAL(n, 0);
	CU_ASSERT_EQUAL(bh_sim_count_setting(k, "18446744073709551615", &n, why), 0);
	CU_ASSERT_EQUAL(n, UINT64_MAX);
	n = 5;
	CU_ASSERT_EQUAL(bh_sim_count_setting(k, "18446744073709551616", &n, why), -1);
	ASSERT_CONTAINS(why, "BAREHIP_SIM_WATCHDOG='18446744073709551616' is not a count of wave "
			"instructions");
	CU_ASSERT_EQUAL(bh_sim_count_setting(k, "-1", &n, why), -1);
	CU_ASSERT_EQUAL(bh_sim_count_setting(k, "+1", &n, why), -1);
	CU_ASSERT_EQUAL(bh_sim_count_setting(k, " 1", &n, why), -1);
	CU_ASSERT_EQUAL(bh_sim_count_setting("BAREHIP_SIM_DEADLOCK_WINDOW", "1e6", &n, why), -1);
	ASSERT_CONTAINS(why, "BAREHIP_SIM_DEADLOCK_WINDOW='1e6'");
	CU_ASSERT_EQUAL(n, 5);	/* untouched on error */
}

CU_ErrorCode bh_tests_model_pool(void)
{
	CU_pSuite s = CU_add_suite("model_pool", rig_setup, rig_teardown);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "global atomics of 40 groups exact at 1, 2, 4 threads", test_atomics);
	CU_add_test(s, "a flag handshake between two groups", test_flag_handshake);
	CU_add_test(s, "a fault in group 5 stops all, names group 5", test_fault_stops_all);
	CU_add_test(s, "counters and shader clock equal at 1, 2, 4 threads", test_stats_equal);
	CU_add_test(s, "watchdog and deadlock over every worker", test_watchdog_deadlock);
	CU_add_test(s, "GART map/unmap while 2 and 4 threads run", test_map_during_dispatch);
	CU_add_test(s, "BAREHIP_SIM_THREADS parsing", test_threads_setting);
	CU_add_test(s, "BAREHIP_SIM_DEADLOCK_WINDOW/_WATCHDOG parsing", test_count_setting);
	return CU_get_error();
}
