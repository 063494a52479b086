// SPDX-License-Identifier: MIT
/*
 * The board beside the host (bh_sim_start): a doorbell returns before
 * the work is done, the host waits for the interrupt on the board's
 * condition variable, faults reach the queue, another queue's packets run
 * while a dispatch waits, and a queue reset or the board's destruction
 * stops a dispatch that would run forever.  The
 * deadlock detector leaves a wave alone that polls host memory (the host
 * may still write it) and still reports one polling VRAM.  Dispatches of
 * two queues run at once: one polls what the other writes, a fault of
 * one leaves the other running, a deadlock across both names both, a
 * reset stops only its queue's, a queue with GWS runs alone.
 */
#include <string.h>
#include <time.h>

#include "model_rig.h"
#include "testlib.h"

#define CTL_VA (RING_VA + 4096)
#define FLAG_OFF 0x600		/* the host's flag, in the GART page after the ring */

/*
 * s[2:3] = *(u64 *)s[0:1]; poll the dword at s[2:3] (global_load glc,
 * s_sleep 1) until it is non-zero, then store it at s[0:1] + 8.
 */
static const uint32_t prog_poll[] = {
	0xc0060080, 0x00000000,	/* s_load_dwordx2 s[2:3], s[0:1], 0 */
	0xbf8cc07f,		/* s_waitcnt lgkmcnt(0) */
	0x7e020280,		/* v_mov_b32 v0, 0 */
	0xdc518000, 0x01020000,	/* loop: global_load_dword v1, v0, s[2:3] glc */
	0xbf8c0f70,		/* s_waitcnt vmcnt(0) */
	0xbf8e0001,		/* s_sleep 1 */
	0x7d9a0280,		/* v_cmp_ne_u32 vcc, 0, v1 */
	0xbf86fffa,		/* s_cbranch_vccz loop */
	0xdc708008, 0x00000100,	/* global_store_dword v0, v1, s[0:1] offset:8 */
	0xbf810000,		/* s_endpgm */
};

static struct bh_sim_config saved;

static int async_setup(void)
{
	saved = rig_cfg;
	rig_cfg.max_instructions = 0;
	rig_cfg.deadlock_window = 20000;
	return rig_setup() || bh_sim_start(rig.sim);
}

static int async_teardown(void)
{
	int r = rig_teardown();

	rig_cfg = saved;
	return r;
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static void sleep_ms(unsigned ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000 };

	nanosleep(&ts, NULL);
}

static void set_flag(uint32_t v)
{
	__atomic_store_n((uint32_t *)(rig.ctl + FLAG_OFF), v, __ATOMIC_RELEASE);
}

/* Poll @va (its address in out[0..1]); out[2] = 0 first. */
static void dispatch_poll(uint64_t va)
{
	memcpy(rig.vram + OUT_OFF, &va, 8);
	memset(rig.vram + OUT_OFF + 8, 0, 4);
	dispatch(prog_poll, sizeof(prog_poll) / 4, 1, 1, 0, 0);
}

/* Wait (at most @ms) until queue 0 is no longer BUSY; its state. */
static enum bh_sim_queue_state wait_done(unsigned ms)
{
	uint64_t end = now_ms() + ms, seen = 0;
	enum bh_sim_queue_state st;

	while ((st = bh_sim_queue_status(rig.sim, 0, NULL)) == BH_SIM_QUEUE_BUSY &&
	       now_ms() < end)
		bh_sim_wait_event(rig.sim, &seen, 10000000);
	return st;
}

static void test_doorbell_returns_first(void)
{
	uint32_t ctx;
	uint64_t seen = 0, rptr;

	CU_ASSERT_TRUE(bh_sim_is_async(rig.sim));
	reset_queue();
	set_flag(0);
	dispatch_poll(CTL_VA + FLAG_OFF);
	/* The doorbell returned; the kernel waits for the host. */
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 0, NULL), BH_SIM_QUEUE_BUSY);
	sleep_ms(100);	/* well past the deadlock window of instructions */
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 0, NULL), BH_SIM_QUEUE_BUSY);
	CU_ASSERT_EQUAL(out_word(2), 0);
	CU_ASSERT_FALSE(bh_sim_take_interrupt(rig.sim, &ctx));
	set_flag(5);
	/* The fence's interrupt wakes the waiter. */
	uint64_t end = now_ms() + 5000;

	while (!bh_sim_take_interrupt(rig.sim, &ctx) && now_ms() < end)
		bh_sim_wait_event(rig.sim, &seen, 100000000);
	CU_ASSERT_EQUAL(ctx, 77);
	CU_ASSERT_EQUAL(out_word(2), 5);
	CU_ASSERT_EQUAL(wait_done(5000), BH_SIM_QUEUE_IDLE);
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 0, &rptr), BH_SIM_QUEUE_IDLE);
	CU_ASSERT_EQUAL(rptr, rig.wptr);
}

static void test_fault_while_async(void)
{
	struct bh_sim_fault f;

	reset_queue();
	dispatch_poll(0x12345000);	/* unmapped */
	CU_ASSERT_EQUAL(wait_done(5000), BH_SIM_QUEUE_ERROR);
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_queue_fault(rig.sim, 0, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_MEMORY);
	CU_ASSERT_EQUAL(f.address, 0x12345000);
	/* A stopped queue ignores its doorbell; a reset one runs again. */
	CU_ASSERT_EQUAL(bh_sim_queue_reset(rig.sim, 0), 0);
	set_flag(9);
	dispatch_poll(CTL_VA + FLAG_OFF);
	CU_ASSERT_EQUAL(wait_done(5000), BH_SIM_QUEUE_IDLE);
	CU_ASSERT_EQUAL(out_word(2), 9);
}

static void test_reset_while_running(void)
{
	struct bh_sim_fault f;
	uint64_t rptr, t0;

	reset_queue();
	set_flag(0);
	dispatch_poll(CTL_VA + FLAG_OFF);
	sleep_ms(20);
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 0, NULL), BH_SIM_QUEUE_BUSY);
	t0 = now_ms();
	CU_ASSERT_EQUAL(bh_sim_queue_reset(rig.sim, 0), 0);	/* stops the dispatch */
	CU_ASSERT_TRUE(now_ms() - t0 < 2000);
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 0, &rptr), BH_SIM_QUEUE_IDLE);
	CU_ASSERT_EQUAL(rptr, rig.wptr);
	CU_ASSERT_FALSE(bh_sim_take_queue_fault(rig.sim, 0, &f));	/* reset: clean */
	CU_ASSERT_EQUAL(out_word(2), 0);
	set_flag(3);
	dispatch_poll(CTL_VA + FLAG_OFF);
	CU_ASSERT_EQUAL(wait_done(5000), BH_SIM_QUEUE_IDLE);
	CU_ASSERT_EQUAL(out_word(2), 3);
}

/*
 * While queue 0's dispatch waits for the host, queue 1's packets (a
 * WRITE_DATA and an interrupting RELEASE_MEM) run between its rounds.
 */
static void test_other_queue_runs_beside(void)
{
	const uint64_t ring1 = BH_SIM_VRAM_BASE + 0x20000, rptr1 = ring1 + 0x1000;
	uint32_t *r1 = (uint32_t *)(rig.vram + 0x20000), ctx, v;
	uint64_t end, seen = 0;
	unsigned n = 0;

	reset_queue();
	set_flag(0);
	CU_ASSERT_EQUAL_FATAL(bh_sim_queue_init(rig.sim, 1, ring1, 1024, rptr1), 0);
	memset(rig.vram + OUT_OFF + 0x200, 0, 4);
	dispatch_poll(CTL_VA + FLAG_OFF);
	sleep_ms(20);
	while (bh_sim_take_interrupt(rig.sim, &ctx))
		;
	/* WRITE_DATA 0xabc to out + 0x200, then RELEASE_MEM interrupt 99. */
	r1[n++] = HDR(0x37, 5);
	r1[n++] = 5u << 8 | 1u << 20;
	r1[n++] = (uint32_t)(BH_SIM_VRAM_BASE + OUT_OFF + 0x200);
	r1[n++] = (uint32_t)((BH_SIM_VRAM_BASE + OUT_OFF + 0x200) >> 32);
	r1[n++] = 0xabc;
	r1[n++] = HDR(0x49, 8);
	r1[n++] = 0x00238514u;
	r1[n++] = 0u << 29 | 2u << 24;
	r1[n++] = 0;
	r1[n++] = 0;
	r1[n++] = 0;
	r1[n++] = 0;
	r1[n++] = 99;
	bh_sim_doorbell(rig.sim, 1, n);
	end = now_ms() + 5000;
	ctx = 0;
	while (!bh_sim_take_interrupt(rig.sim, &ctx) && now_ms() < end)
		bh_sim_wait_event(rig.sim, &seen, 100000000);
	CU_ASSERT_EQUAL(ctx, 99);
	memcpy(&v, rig.vram + OUT_OFF + 0x200, 4);
	CU_ASSERT_EQUAL(v, 0xabc);
	/* The interrupt came from inside queue 1's step: it ends soon after. */
	end = now_ms() + 1000;
	while (bh_sim_queue_status(rig.sim, 1, NULL) == BH_SIM_QUEUE_BUSY && now_ms() < end)
		sleep_ms(1);
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 1, NULL), BH_SIM_QUEUE_IDLE);
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 0, NULL), BH_SIM_QUEUE_BUSY);
	set_flag(1);
	CU_ASSERT_EQUAL(wait_done(5000), BH_SIM_QUEUE_IDLE);
	bh_sim_queue_fini(rig.sim, 1);
}

/*
 * The same with the dispatch on two host threads (8 polling groups), and
 * a bad packet on queue 1: queue 1 stops with its own fault while queue
 * 0's dispatch runs on, unfaulted, and ends when the host sets the flag.
 * (The CP serves queue 1 between the dispatch's rounds; its fault must
 * neither stop the dispatch's workers nor pass for theirs.)
 */
static void test_other_queue_fault_beside_workers(void)
{
	const uint64_t ring1 = BH_SIM_VRAM_BASE + 0x20000, rptr1 = ring1 + 0x1000;
	uint32_t *r1 = (uint32_t *)(rig.vram + 0x20000);
	struct bh_sim_fault f;
	uint64_t end;

	rig_teardown();
	rig_cfg.threads = 2;
	rig_cfg.num_cus = 4;
	CU_ASSERT_EQUAL_FATAL(rig_setup(), 0);
	CU_ASSERT_EQUAL_FATAL(bh_sim_start(rig.sim), 0);
	r1 = (uint32_t *)(rig.vram + 0x20000);
	set_flag(0);
	CU_ASSERT_EQUAL_FATAL(bh_sim_queue_init(rig.sim, 1, ring1, 1024, rptr1), 0);
	memcpy(rig.vram + OUT_OFF, &(uint64_t){ CTL_VA + FLAG_OFF }, 8);
	dispatch(prog_poll, sizeof(prog_poll) / 4, 8, 1, 0, 0);
	sleep_ms(20);
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 0, NULL), BH_SIM_QUEUE_BUSY);
	r1[0] = HDR(0xee, 0);		/* no such PM4 opcode */
	r1[1] = 0;
	bh_sim_doorbell(rig.sim, 1, 2);
	end = now_ms() + 5000;
	while (bh_sim_queue_status(rig.sim, 1, NULL) != BH_SIM_QUEUE_ERROR && now_ms() < end)
		sleep_ms(1);
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 1, NULL), BH_SIM_QUEUE_ERROR);
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_queue_fault(rig.sim, 1, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_BAD_PACKET);
	CU_ASSERT_EQUAL(f.queue, 1);
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 0, NULL), BH_SIM_QUEUE_BUSY);
	set_flag(1);
	CU_ASSERT_EQUAL(wait_done(5000), BH_SIM_QUEUE_IDLE);
	CU_ASSERT_EQUAL(bh_sim_take_queue_fault(rig.sim, 0, &f), 0);
	bh_sim_queue_fini(rig.sim, 1);
	rig_teardown();
	rig_cfg.threads = 1;
	rig_cfg.num_cus = 1;
	CU_ASSERT_EQUAL_FATAL(rig_setup(), 0);
	CU_ASSERT_EQUAL_FATAL(bh_sim_start(rig.sim), 0);
}

/* --------------------------------------- dispatches of two queues */
#define RING1_OFF	0x20000		/* queue 1's ring, in VRAM */
#define CODE1_OFF	0x1800		/* queue 1's program */
#define OUT1_OFF	(OUT_OFF + 0x400)	/* queue 1's s[0:1] */

/* s[0:1] + 0x100 = 7 (every lane). */
static const uint32_t prog_store7[] = {
	0x7e000280,		/* v_mov_b32 v0, 0 */
	0x7e020287,		/* v_mov_b32 v1, 7 */
	0xdc708100, 0x00000100,	/* global_store_dword v0, v1, s[0:1] offset:256 */
	0xbf810000,		/* s_endpgm */
};

/* s[0:1] + 0x100 = 5, then a store to unmapped 0x12345000. */
static const uint32_t prog_store5_fault[] = {
	0x7e000280,		/* v_mov_b32 v0, 0 */
	0x7e020285,		/* v_mov_b32 v1, 5 */
	0xdc708100, 0x00000100,	/* global_store_dword v0, v1, s[0:1] offset:256 */
	0xbf8c0f70,		/* s_waitcnt vmcnt(0) */
	0x7e0402ff, 0x12345000,	/* v_mov_b32 v2, 0x12345000 */
	0x7e060280,		/* v_mov_b32 v3, 0 */
	0xdc708000, 0x007f0102,	/* global_store_dword v[2:3], v1, off */
	0xbf810000,		/* s_endpgm */
};

static uint32_t *ring1(void)
{
	return (uint32_t *)(rig.vram + RING1_OFF);
}

static void sh1(unsigned *n, uint32_t reg, const uint32_t *v, unsigned count)
{
	ring1()[(*n)++] = HDR(SET_SH, count + 2);
	ring1()[(*n)++] = reg - 0x2c00;
	for (unsigned i = 0; i < count; i++)
		ring1()[(*n)++] = v[i];
}

/*
 * Program queue 1 (a ring in VRAM) and ring its doorbell for one group of
 * 64 threads of @prog (at CODE1_OFF, s[0:1] = VRAM + @user_off), then an
 * interrupting RELEASE_MEM with context 99.
 */
static void dispatch1(const uint32_t *prog, size_t words, uint64_t user_off)
{
	const uint64_t ring = BH_SIM_VRAM_BASE + RING1_OFF, code = BH_SIM_VRAM_BASE + CODE1_OFF;
	const uint64_t user = BH_SIM_VRAM_BASE + user_off;
	uint32_t pgm[2] = { (uint32_t)(code >> 8), (uint32_t)(code >> 40) };
	uint32_t rsrc[2] = { RSRC1_DEFAULT, (2u << 1) | (1u << 7) };
	uint32_t threads[6] = { 0, 0, 0, 64, 1, 1 }, zero = 0;
	uint32_t ud[2] = { (uint32_t)user, (uint32_t)(user >> 32) };
	unsigned n = 0;

	CU_ASSERT_EQUAL_FATAL(bh_sim_queue_init(rig.sim, 1, ring, 1024, ring + 0x1000), 0);
	memcpy(rig.vram + CODE1_OFF, prog, words * 4);
	sh1(&n, 0x2e0c, pgm, 2);
	sh1(&n, 0x2e12, rsrc, 2);
	sh1(&n, 0x2e18, &zero, 1);
	sh1(&n, 0x2e04, threads, 6);
	sh1(&n, 0x2e40, ud, 2);
	ring1()[n++] = HDR(0x15, 5) | 2;
	ring1()[n++] = 1;
	ring1()[n++] = 1;
	ring1()[n++] = 1;
	ring1()[n++] = 1;
	ring1()[n++] = HDR(0x49, 8);
	ring1()[n++] = 0x00238514u;
	ring1()[n++] = 2u << 24;	/* interrupt, no data */
	for (unsigned i = 0; i < 4; i++)
		ring1()[n++] = 0;
	ring1()[n++] = 99;
	bh_sim_doorbell(rig.sim, 1, n);
}

/* Wait (at most @ms) until queue @q is neither BUSY nor STALLED. */
static enum bh_sim_queue_state wait_queue(unsigned q, unsigned ms)
{
	uint64_t end = now_ms() + ms, seen = 0;
	enum bh_sim_queue_state st;

	while (((st = bh_sim_queue_status(rig.sim, q, NULL)) == BH_SIM_QUEUE_BUSY ||
		st == BH_SIM_QUEUE_STALLED) && now_ms() < end)
		bh_sim_wait_event(rig.sim, &seen, 10000000);
	return st;
}

/* The interrupts raised so far, as a bit mask of 77 (1) and 99 (2). */
static unsigned irqs(void)
{
	unsigned m = 0;
	uint32_t ctx;

	while (bh_sim_take_interrupt(rig.sim, &ctx))
		m |= ctx == 77 ? 1 : ctx == 99 ? 2 : 4;
	return m;
}

static void clear_word(unsigned off)
{
	memset(rig.vram + off, 0, 4);
}

/* A new board with deadlock window @w (the suite's is short): a poll of
 * what the other queue writes must not end before that queue starts. */
static void window(uint64_t w)
{
	rig_teardown();
	rig_cfg.deadlock_window = w;
	CU_ASSERT_EQUAL_FATAL(rig_setup(), 0);
	CU_ASSERT_EQUAL_FATAL(bh_sim_start(rig.sim), 0);
}

/*
 * Queue 0's dispatch polls a VRAM word that only queue 1's dispatch
 * writes: run one after the other, queue 0's would be a deadlock.
 */
static void test_dispatch_beside_dispatch(void)
{
	struct bh_sim_fault f;

	window(50000000);
	reset_queue();
	irqs();
	clear_word(OUT_OFF + 0x100);
	dispatch_poll(BH_SIM_VRAM_BASE + OUT_OFF + 0x100);
	sleep_ms(5);
	dispatch1(prog_store7, sizeof(prog_store7) / 4, OUT_OFF);
	CU_ASSERT_EQUAL(wait_queue(1, 5000), BH_SIM_QUEUE_IDLE);
	CU_ASSERT_EQUAL(wait_done(5000), BH_SIM_QUEUE_IDLE);
	CU_ASSERT_EQUAL(out_word(2), 7);
	CU_ASSERT_EQUAL(irqs(), 3);
	CU_ASSERT_EQUAL(bh_sim_take_queue_fault(rig.sim, 0, &f), 0);
	CU_ASSERT_EQUAL(bh_sim_take_queue_fault(rig.sim, 1, &f), 0);
	bh_sim_queue_fini(rig.sim, 1);
	window(20000);
}

/*
 * Queue 1's dispatch writes the word queue 0's polls, then faults: queue
 * 1 stops with its own fault, queue 0's dispatch ends unfaulted.
 */
static void test_fault_beside_dispatch(void)
{
	struct bh_sim_fault f;

	window(50000000);
	reset_queue();
	irqs();
	clear_word(OUT_OFF + 0x100);
	dispatch_poll(BH_SIM_VRAM_BASE + OUT_OFF + 0x100);
	sleep_ms(5);
	dispatch1(prog_store5_fault, sizeof(prog_store5_fault) / 4, OUT_OFF);
	CU_ASSERT_EQUAL(wait_queue(1, 5000), BH_SIM_QUEUE_ERROR);
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_queue_fault(rig.sim, 1, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_MEMORY);
	CU_ASSERT_EQUAL(f.queue, 1);
	CU_ASSERT_EQUAL(f.address, 0x12345000);
	CU_ASSERT_EQUAL(wait_done(5000), BH_SIM_QUEUE_IDLE);
	CU_ASSERT_EQUAL(out_word(2), 5);
	CU_ASSERT_EQUAL(irqs(), 1);	/* queue 1 stopped before its RELEASE_MEM */
	CU_ASSERT_EQUAL(bh_sim_take_queue_fault(rig.sim, 0, &f), 0);
	bh_sim_queue_fini(rig.sim, 1);
	window(20000);
}

/* Both poll VRAM nothing writes: one deadlock, reported to both queues,
 * naming the waves of both. */
static void test_deadlock_across_queues(void)
{
	struct bh_sim_fault f0, f1;
	uint64_t flag1 = BH_SIM_VRAM_BASE + OUT_OFF + 0x300;

	reset_queue();
	clear_word(OUT_OFF + 0x100);
	clear_word(OUT_OFF + 0x300);
	memcpy(rig.vram + OUT1_OFF, &flag1, 8);
	memcpy(rig.vram + CODE1_OFF + 0x400, prog_poll, sizeof(prog_poll));
	dispatch_poll(BH_SIM_VRAM_BASE + OUT_OFF + 0x100);
	dispatch1(prog_poll, sizeof(prog_poll) / 4, OUT1_OFF);
	CU_ASSERT_EQUAL(wait_queue(1, 10000), BH_SIM_QUEUE_ERROR);
	CU_ASSERT_EQUAL(wait_done(10000), BH_SIM_QUEUE_ERROR);
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_queue_fault(rig.sim, 0, &f0), 1);
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_queue_fault(rig.sim, 1, &f1), 1);
	CU_ASSERT_EQUAL(f0.kind, BH_SIM_FAULT_DEADLOCK);
	CU_ASSERT_EQUAL(f1.kind, BH_SIM_FAULT_DEADLOCK);
	CU_ASSERT_EQUAL(f0.queue, 0);
	CU_ASSERT_EQUAL(f1.queue, 1);
	ASSERT_CONTAINS(f0.message, "q0 (0,0,0)");
	ASSERT_CONTAINS(f0.message, "q1 (0,0,0)");
	ASSERT_CONTAINS(f1.message, "q1 (0,0,0)");
	bh_sim_queue_fini(rig.sim, 1);
}

/* A reset of queue 1 stops its dispatch, and only it. */
static void test_reset_beside_dispatch(void)
{
	struct bh_sim_fault f;
	uint64_t host_flag = CTL_VA + FLAG_OFF, rptr;

	reset_queue();
	set_flag(0);
	memcpy(rig.vram + OUT1_OFF, &host_flag, 8);
	dispatch_poll(CTL_VA + FLAG_OFF);
	dispatch1(prog_poll, sizeof(prog_poll) / 4, OUT1_OFF);
	sleep_ms(20);
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 1, NULL), BH_SIM_QUEUE_BUSY);
	CU_ASSERT_EQUAL(bh_sim_queue_reset(rig.sim, 1), 0);
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 1, &rptr), BH_SIM_QUEUE_IDLE);
	CU_ASSERT_FALSE(bh_sim_take_queue_fault(rig.sim, 1, &f));	/* reset: clean */
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 0, NULL), BH_SIM_QUEUE_BUSY);
	set_flag(4);
	CU_ASSERT_EQUAL(wait_done(5000), BH_SIM_QUEUE_IDLE);
	CU_ASSERT_EQUAL(out_word(2), 4);
	CU_ASSERT_EQUAL(bh_sim_take_queue_fault(rig.sim, 0, &f), 0);
	bh_sim_queue_fini(rig.sim, 1);
}

/*
 * A dispatch of a queue with GWS (a cooperative launch, which counts on
 * all of the board) does not start beside another: queue 0's poll of
 * what it would write ends as a deadlock, then queue 1's runs.
 */
static void test_gws_dispatch_runs_alone(void)
{
	struct bh_sim_fault f;

	reset_queue();
	irqs();
	clear_word(OUT_OFF + 0x100);
	dispatch_poll(BH_SIM_VRAM_BASE + OUT_OFF + 0x100);
	sleep_ms(5);
	CU_ASSERT_EQUAL_FATAL(bh_sim_queue_init(rig.sim, 1, BH_SIM_VRAM_BASE + RING1_OFF, 1024,
						BH_SIM_VRAM_BASE + RING1_OFF + 0x1000), 0);
	CU_ASSERT_EQUAL_FATAL(bh_sim_queue_set_gws(rig.sim, 1, 1), 0);
	dispatch1(prog_store7, sizeof(prog_store7) / 4, OUT_OFF + 0x200);
	CU_ASSERT_EQUAL(wait_done(10000), BH_SIM_QUEUE_ERROR);
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_queue_fault(rig.sim, 0, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_DEADLOCK);
	CU_ASSERT_EQUAL(wait_queue(1, 5000), BH_SIM_QUEUE_IDLE);
	CU_ASSERT_EQUAL(out_word(0x300 / 4), 7);
	CU_ASSERT_EQUAL(bh_sim_queue_set_gws(rig.sim, 1, 0), 0);
	bh_sim_queue_fini(rig.sim, 1);
}

/* A wave polling VRAM nothing writes is a deadlock, even asynchronous. */
static void test_deadlock_on_vram(void)
{
	struct bh_sim_fault f;

	reset_queue();
	memset(rig.vram + OUT_OFF + 0x100, 0, 4);
	dispatch_poll(BH_SIM_VRAM_BASE + OUT_OFF + 0x100);
	CU_ASSERT_EQUAL(wait_done(10000), BH_SIM_QUEUE_ERROR);
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_queue_fault(rig.sim, 0, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_DEADLOCK);
	ASSERT_CONTAINS(f.message, "poll@");
}

/* The board goes while a dispatch would run forever. */
static void test_destroy_while_running(void)
{
	uint64_t t0;

	reset_queue();
	set_flag(0);
	dispatch_poll(CTL_VA + FLAG_OFF);
	sleep_ms(20);
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 0, NULL), BH_SIM_QUEUE_BUSY);
	t0 = now_ms();
	rig_teardown();
	CU_ASSERT_TRUE(now_ms() - t0 < 2000);
	CU_ASSERT_EQUAL_FATAL(rig_setup(), 0);	/* for the suite's teardown */
}

CU_ErrorCode bh_tests_model_async(void)
{
	CU_pSuite s = CU_add_suite("model_async", async_setup, async_teardown);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "a doorbell returns before the work is done", test_doorbell_returns_first);
	CU_add_test(s, "a fault while running asynchronously", test_fault_while_async);
	CU_add_test(s, "queue reset while a dispatch runs", test_reset_while_running);
	CU_add_test(s, "another queue's packets run beside a dispatch",
		    test_other_queue_runs_beside);
	CU_add_test(s, "another queue's fault beside a dispatch on two threads",
		    test_other_queue_fault_beside_workers);
	CU_add_test(s, "a wave polling VRAM is still a deadlock", test_deadlock_on_vram);
	CU_add_test(s, "a dispatch polls what another queue's dispatch writes",
		    test_dispatch_beside_dispatch);
	CU_add_test(s, "a fault beside a running dispatch", test_fault_beside_dispatch);
	CU_add_test(s, "a deadlock across two queues' dispatches", test_deadlock_across_queues);
	CU_add_test(s, "a reset stops its queue's dispatch only", test_reset_beside_dispatch);
	CU_add_test(s, "a dispatch of a queue with GWS runs alone", test_gws_dispatch_runs_alone);
	CU_add_test(s, "destroy while a dispatch runs", test_destroy_while_running);
	return CU_get_error();
}
