// SPDX-License-Identifier: MIT
/*
 * The command processor's queue front end, what an HQD is: a queue's
 * programming (bh_sim_queue_init for a PM4 ring, bh_sim_queue_init_aql
 * for an AQL ring), its doorbell and read pointer, its state (idle,
 * busy, stalled, faulted) and reset, the faults that stopped it, the
 * interrupt ring, and the CP that runs the queues.  The packets
 * themselves are the leaf processors': cp.c (PM4) and aql.c (AQL).
 *
 * Two ways to run (docs/architecture.md, "The board beside the host"):
 *
 *   synchronous   (the board as created) a doorbell runs the CP on the
 *                 caller's thread until its queue is drained, stalled or
 *                 faulted, then re-polls stalled queues: deterministic,
 *                 for debugging, tracing and the model's unit tests;
 *   asynchronous  (after bh_sim_start) a CP thread owned by the board
 *                 runs the queues beside the host: a doorbell records the
 *                 write pointer and wakes it.  It goes round the queues
 *                 with work a few packets at a time, and re-polls queues
 *                 stalled on memory (WAIT_REG_MEM, an AQL barrier, an
 *                 unwritten packet) with a backoff from POLL_MIN_NS to
 *                 POLL_MAX_NS, since the host changes memory without a
 *                 doorbell.
 *
 * Locking: sim->mu guards the front-end state (struct sim_queue's
 * published fields, parked faults, the interrupt ring, events).  A step
 * marks its queue busy, drops mu and runs the packets inside as_lock
 * (held for reading, never with mu held); a host call that reprograms a
 * queue waits until it is not busy, and stops a running dispatch first
 * (cp_abort) when the queue is being reset or finished.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "model.h"

/* Ring packets per step of the asynchronous CP before it looks at the
 * other queues (AQL packets and PM4 packets alike): ASYNC_BUDGET when
 * another queue has work, ALONE_BUDGET when none has (fewer trips
 * through the lock). */
#define ASYNC_BUDGET	4
#define ALONE_BUDGET	64
/* The asynchronous CP's re-poll of stalled queues: first after this,
 * doubling while nothing changes, up to POLL_MAX_NS. */
#define POLL_MIN_NS	20000ull
#define POLL_MAX_NS	1000000ull
/* How long bh_sim_wait_event and the idle CP spin (yielding) before they
 * sleep: a sleep and a wake-up cost tens of microseconds. */
#define WAIT_SPIN_NS	20000ull

static uint64_t now_ns(void);

static void lock(struct bh_sim *sim)
{
	pthread_mutex_lock(&sim->mu);
}

static void unlock(struct bh_sim *sim)
{
	pthread_mutex_unlock(&sim->mu);
}

/* Something a waiter sleeps for happened (an interrupt, a fault): mu held. */
static void event(struct bh_sim *sim)
{
	__atomic_store_n(&sim->events, sim->events + 1, __ATOMIC_RELEASE);
	pthread_cond_broadcast(&sim->changed);
}

/*
 * Own queue @q's run state (mu held; returns with mu held): wait until
 * no step runs it, stopping the running dispatch first if @stop.  The
 * caller gives it back with release().
 */
static void claim(struct bh_sim *sim, struct sim_queue *q, bool stop)
{
	while (q->busy) {
		if (stop && sim->stepping == q)
			__atomic_store_n(&sim->cp_abort, 1, __ATOMIC_RELAXED);
		if (stop && q->inflight)	/* its dispatch runs beside others */
			__atomic_store_n(&q->abort, 1, __ATOMIC_RELAXED);
		pthread_cond_wait(&sim->changed, &sim->mu);
	}
	q->busy = true;
}

static void release(struct bh_sim *sim, struct sim_queue *q)
{
	q->busy = false;
	pthread_cond_broadcast(&sim->changed);
}

/* What the host may read of a queue: its run state as it is now. */
static void publish(struct sim_queue *q)
{
	q->pub_rptr = q->rptr;
	q->pub_stalled = q->stalled;
	q->pub_faulted = q->faulted;
}

/* ------------------------------------------------------------ setup */
/*
 * Program queue @qid as @init (its ring already checked) and reset its
 * reported read pointer (@rptr_bytes at @rptr_va).  A running dispatch of
 * the queue's previous programming is stopped first.
 */
static int program(struct bh_sim *sim, unsigned qid, const struct sim_queue *init,
		   unsigned rptr_bytes)
{
	struct sim_queue *q = &sim->queues[qid];
	uint8_t *p;

	lock(sim);
	claim(sim, q, true);
	unlock(sim);
	sim_as_enter(sim);
	p = mem_translate(sim, init->rptr_va, rptr_bytes);
	if (p)
		memset(p, 0, rptr_bytes);
	sim_as_leave(sim);
	lock(sim);
	*q = *init;
	q->busy = true;
	publish(q);
	q->db_wptr = 0;
	release(sim, q);
	unlock(sim);
	return 0;
}

/* Whether [va, va+len) is GPU memory now (the host's look, under as_lock). */
static bool mapped(struct bh_sim *sim, uint64_t va, uint64_t len)
{
	sim_as_enter(sim);
	bool ok = mem_translate(sim, va, len) != NULL;

	sim_as_leave(sim);
	return ok;
}

int bh_sim_queue_init(struct bh_sim *sim, unsigned qid, uint64_t ring_va,
		      uint32_t ring_bytes, uint64_t rptr_va)
{
	/* The HQD rules (docs/facts/dispatch.md §7.1): power of two, >= 1 KiB,
	 * 256-byte aligned, and the ring must be in GPU memory. */
	if (qid >= BH_SIM_MAX_QUEUES || ring_bytes < 1024 ||
	    (ring_bytes & (ring_bytes - 1)) || ring_va % 256 || rptr_va % 4 ||
	    !mapped(sim, ring_va, ring_bytes) || !mapped(sim, rptr_va, 4))
		return -1;
	struct sim_queue init = {
		.active = true, .ring_va = ring_va, .ring_dwords = ring_bytes / 4,
		.rptr_va = rptr_va,
	};

	return program(sim, qid, &init, 4);
}

int bh_sim_queue_init_aql(struct bh_sim *sim, unsigned qid, const struct bh_sim_aql_queue *aq)
{
	uint64_t bytes = (uint64_t)aq->packets * 64;

	if (qid >= BH_SIM_MAX_QUEUES || aq->packets < 4 || (aq->packets & (aq->packets - 1)) ||
	    aq->ring_va % 64 || aq->read_index_va % 8 || aq->scratch_va % 256 ||
	    !mapped(sim, aq->ring_va, bytes) || !mapped(sim, aq->read_index_va, 8) ||
	    (aq->scratch_bytes && !mapped(sim, aq->scratch_va, aq->scratch_bytes)))
		return -1;
	struct sim_queue init = {
		.active = true, .aql = true, .ring_va = aq->ring_va, .ring_dwords = aq->packets,
		.rptr_va = aq->read_index_va, .aql_queue_va = aq->queue_va,
		.aql_scratch_va = aq->scratch_va, .aql_scratch_bytes = aq->scratch_bytes,
	};

	return program(sim, qid, &init, 8);
}

void bh_sim_queue_fini(struct bh_sim *sim, unsigned qid)
{
	if (qid >= BH_SIM_MAX_QUEUES)
		return;
	struct sim_queue *q = &sim->queues[qid];

	lock(sim);
	claim(sim, q, true);
	q->active = false;
	release(sim, q);
	unlock(sim);
}

int bh_sim_queue_set_gws(struct bh_sim *sim, unsigned qid, unsigned count)
{
	if (qid >= BH_SIM_MAX_QUEUES)
		return -1;
	struct sim_queue *q = &sim->queues[qid];

	lock(sim);
	claim(sim, q, false);	/* resources change between dispatches */
	int ret = gws_set(sim, qid, count);

	release(sim, q);
	unlock(sim);
	return ret;
}

/* --------------------------------------------------------- running */
/* Hand the fault of the step that just ended to queue @q (mu held). */
static void park_fault(struct bh_sim *sim, struct sim_queue *q)
{
	if (!sim->fault_pending)
		return;
	if (!q->fault_held) {	/* else keep the first: it is the cause */
		q->fault = sim->fault;
		q->fault_held = true;
	}
	sim->fault_pending = false;
	event(sim);
}

/*
 * One step of queue @qid (mu held, the queue runnable and not busy):
 * run its packets from rptr towards the last doorbell, at most @budget
 * of them (0: all), with its packet processor in its SH register file,
 * without mu.  A fault it raised stays with the queue.  Returns whether
 * the queue moved (its rptr, or it stopped on a fault).
 */
static bool step(struct bh_sim *sim, unsigned qid, unsigned budget)
{
	struct sim_queue *q = &sim->queues[qid];
	uint64_t before = q->pub_rptr;

	q->busy = true;
	q->wptr = q->db_wptr;
	sim->stepping = q;
	__atomic_store_n(&sim->cp_abort, 0, __ATOMIC_RELAXED);
	unlock(sim);
	/* The run state below is this thread's until release(). */
	sim->cur_queue = qid;
	sim->sh = q->sh;
	sim_as_enter(sim);
	if (q->aql)
		aql_run(sim, q, budget);
	else
		pm4_run(sim, q, budget);
	sim_as_leave(sim);
	lock(sim);
	sim->stepping = NULL;
	__atomic_store_n(&sim->cp_abort, 0, __ATOMIC_RELAXED);
	park_fault(sim, q);
	if (q->pub_faulted)	/* a bad doorbell while it ran */
		q->faulted = true;
	publish(q);
	/* A dispatch of it runs on: the queue is its until it ends
	 * (sim_cp_dispatch_done). */
	if (!q->inflight)
		release(sim, q);
	return q->rptr != before || q->faulted;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

void sim_cp_between_rounds(struct bh_sim *sim)
{
	if (sim->nested || sim->fault_pending || !__atomic_load_n(&sim->async, __ATOMIC_RELAXED))
		return;
	uint64_t t = now_ns();

	if (t - sim->service_ns < POLL_MIN_NS)
		return;
	sim->service_ns = t;
	uint32_t *sh = sim->sh;
	unsigned cur = sim->cur_queue;
	struct sim_fault_slot slot = { .sim = sim };

	sim->nested = true;
	sim_fault_redirect = &slot;
	lock(sim);
	for (unsigned i = 0; i < BH_SIM_MAX_QUEUES; i++) {
		struct sim_queue *q = &sim->queues[i];

		if (!q->active || q->busy || q->pub_faulted ||
		    (!q->pub_stalled && q->db_wptr == q->pub_rptr))
			continue;
		/* As step(), inside the running dispatch's as_lock. */
		q->busy = true;
		q->wptr = q->db_wptr;
		unlock(sim);
		sim->cur_queue = i;
		sim->sh = q->sh;
		if (q->aql)
			aql_run(sim, q, ASYNC_BUDGET);
		else
			pm4_run(sim, q, ASYNC_BUDGET);
		lock(sim);
		if (slot.pending) {	/* as park_fault, from the CP's own record */
			if (!q->fault_held) {
				q->fault = slot.fault;
				q->fault_held = true;
			}
			slot.pending = false;
			event(sim);
		}
		if (q->pub_faulted)
			q->faulted = true;
		publish(q);
		if (!q->inflight)
			release(sim, q);
	}
	unlock(sim);
	sim_fault_redirect = NULL;
	sim->nested = false;
	sim->sh = sh;
	sim->cur_queue = cur;
}

void sim_cp_dispatch_done(struct bh_sim *sim, unsigned qid, unsigned dwords,
			  const struct sim_fault_rec *fault)
{
	struct sim_queue *q = &sim->queues[qid];

	lock(sim);
	if (fault) {
		/* As park_fault: the queue stops at the dispatch's packet. */
		q->faulted = true;
		if (!q->fault_held) {
			q->fault = fault->fault;
			q->fault_held = true;
		}
		event(sim);
	} else {
		uint8_t *rp;

		q->rptr += dwords;
		rp = mem_translate(sim, q->rptr_va, 4);	/* as_lock is held */
		if (rp)
			__atomic_store_n((uint32_t *)rp, (uint32_t)(q->rptr % q->ring_dwords),
					 __ATOMIC_RELEASE);
	}
	__atomic_store_n(&q->abort, 0, __ATOMIC_RELAXED);
	q->inflight = false;
	if (q->pub_faulted)	/* a bad doorbell while it ran */
		q->faulted = true;
	publish(q);
	release(sim, q);
	sim->poll_pass++;	/* work moved: stalled queues may go on */
	unlock(sim);
}

/* Whether queue @q can be stepped now (mu held). */
static bool runnable(const struct bh_sim *sim, const struct sim_queue *q)
{
	if (!q->active || q->busy || q->pub_faulted)
		return false;
	if (q->pub_stalled)	/* poll it once per pass */
		return q->poll_pass != sim->poll_pass;
	return q->db_wptr != q->pub_rptr;
}

/* ----------------------------------------------- synchronous board */
/*
 * Retry stalled queues until none makes progress; how many still wait
 * (mu held, this thread draining).
 */
static unsigned poll_locked(struct bh_sim *sim)
{
	unsigned stalled;
	bool moved;

	do {
		moved = false;
		stalled = 0;
		for (unsigned i = 0; i < BH_SIM_MAX_QUEUES; i++) {
			struct sim_queue *q = &sim->queues[i];

			if (!q->active || q->busy || q->pub_faulted || !q->pub_stalled)
				continue;
			moved |= step(sim, i, 0);
			stalled += q->pub_stalled;
		}
	} while (moved && stalled);
	return stalled;
}

/* Become the one host thread running the synchronous CP (mu held). */
static void drain_begin(struct bh_sim *sim)
{
	while (sim->draining)
		pthread_cond_wait(&sim->changed, &sim->mu);
	sim->draining = true;
}

static void drain_end(struct bh_sim *sim)
{
	sim->draining = false;
	pthread_cond_broadcast(&sim->changed);
}

/* ---------------------------------------------- asynchronous board */
static void add_ns(struct timespec *ts, uint64_t ns)
{
	ns += (uint64_t)ts->tv_nsec;
	ts->tv_sec += (time_t)(ns / 1000000000ull);
	ts->tv_nsec = (long)(ns % 1000000000ull);
}

static void *cp_main(void *arg)
{
	struct bh_sim *sim = arg;
	uint64_t backoff = POLL_MIN_NS;

	lock(sim);
	while (!sim->stop) {
		bool any_stalled = false, ran = false;

		/* Dispatches run beside the queues: a round of worker 0's
		 * part of them, then a queue's step. */
		if (sim_engine_busy(sim)) {
			unlock(sim);
			sim_as_enter(sim);
			sim_engine_round(sim);
			sim_as_leave(sim);
			lock(sim);
		}

		for (unsigned k = 0; k < BH_SIM_MAX_QUEUES && !ran; k++) {
			unsigned i = (sim->rr + k) % BH_SIM_MAX_QUEUES;
			struct sim_queue *q = &sim->queues[i];

			if (!runnable(sim, q))
				continue;
			bool was_stalled = q->pub_stalled;

			unsigned budget = ALONE_BUDGET;

			for (unsigned j = 0; j < BH_SIM_MAX_QUEUES; j++)
				if (j != i && runnable(sim, &sim->queues[j]))
					budget = ASYNC_BUDGET;
			q->poll_pass = sim->poll_pass;
			sim->rr = i + 1;
			ran = true;
			if (step(sim, i, budget) || !was_stalled) {
				/* Work moved: what it wrote may release a stalled
				 * queue, so poll them again, soon. */
				sim->poll_pass++;
				backoff = POLL_MIN_NS;
			}
		}
		if (ran || sim->stop)
			continue;
		if (sim_engine_busy(sim)) {
			/* No sleep while dispatches run: poll stalled queues
			 * again every POLL_MIN_NS. */
			uint64_t t = now_ns();

			if (t - sim->service_ns >= POLL_MIN_NS) {
				sim->service_ns = t;
				sim->poll_pass++;
			}
			continue;
		}
		for (unsigned i = 0; i < BH_SIM_MAX_QUEUES; i++) {
			const struct sim_queue *q = &sim->queues[i];

			any_stalled |= q->active && !q->pub_faulted && q->pub_stalled;
		}
		if (!any_stalled) {
			/* A short spin first: launches come in bursts. */
			uint64_t seq = sim->doorbells, t0 = now_ns();

			unlock(sim);
			while (__atomic_load_n(&sim->doorbells, __ATOMIC_RELAXED) == seq &&
			       !__atomic_load_n(&sim->stop, __ATOMIC_RELAXED) &&
			       now_ns() - t0 < WAIT_SPIN_NS)
				sched_yield();
			lock(sim);
			if (sim->doorbells == seq && !sim->stop)
				pthread_cond_wait(&sim->cp_wake, &sim->mu);
		} else {
			struct timespec ts;

			clock_gettime(CLOCK_MONOTONIC, &ts);
			add_ns(&ts, backoff);
			if (pthread_cond_timedwait(&sim->cp_wake, &sim->mu, &ts) == ETIMEDOUT)
				backoff = backoff * 2 > POLL_MAX_NS ? POLL_MAX_NS : backoff * 2;
			else
				backoff = POLL_MIN_NS;
		}
		sim->poll_pass++;
	}
	/* The board goes: stop the dispatches still running. */
	while (sim_engine_busy(sim)) {
		for (unsigned i = 0; i < BH_SIM_MAX_QUEUES; i++)
			if (sim->queues[i].inflight)
				__atomic_store_n(&sim->queues[i].abort, 1, __ATOMIC_RELAXED);
		unlock(sim);
		sim_as_enter(sim);
		sim_engine_round(sim);
		sim_as_leave(sim);
		lock(sim);
	}
	unlock(sim);
	return NULL;
}

void sim_queues_init(struct bh_sim *sim)
{
	pthread_condattr_t a;

	pthread_mutex_init(&sim->mu, NULL);
	pthread_condattr_init(&a);
	pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
	pthread_cond_init(&sim->cp_wake, &a);
	pthread_cond_init(&sim->changed, &a);
	pthread_condattr_destroy(&a);
}

void sim_queues_fini(struct bh_sim *sim)
{
	sim_cp_stop(sim);
	pthread_cond_destroy(&sim->cp_wake);
	pthread_cond_destroy(&sim->changed);
	pthread_mutex_destroy(&sim->mu);
}

int bh_sim_start(struct bh_sim *sim)
{
	int ret = 0;

	lock(sim);
	if (!sim->async) {
		sim->stop = false;
		/* Set before the thread exists: dispatch.c reads it there. */
		__atomic_store_n(&sim->async, true, __ATOMIC_RELAXED);
		if (pthread_create(&sim->cp_thread, NULL, cp_main, sim)) {
			__atomic_store_n(&sim->async, false, __ATOMIC_RELAXED);
			ret = -1;
		}
	}
	unlock(sim);
	return ret;
}

bool bh_sim_is_async(struct bh_sim *sim)
{
	return __atomic_load_n(&sim->async, __ATOMIC_RELAXED);
}

void sim_cp_stop(struct bh_sim *sim)
{
	lock(sim);
	if (!sim->async) {
		unlock(sim);
		return;
	}
	__atomic_store_n(&sim->stop, true, __ATOMIC_RELAXED);
	if (sim->stepping)	/* stop the running dispatch */
		__atomic_store_n(&sim->cp_abort, 1, __ATOMIC_RELAXED);
	pthread_cond_signal(&sim->cp_wake);
	unlock(sim);
	pthread_join(sim->cp_thread, NULL);
	lock(sim);
	__atomic_store_n(&sim->async, false, __ATOMIC_RELAXED);
	unlock(sim);
}

/* ------------------------------------------------------------ host */
unsigned bh_sim_poll(struct bh_sim *sim)
{
	unsigned stalled = 0;

	lock(sim);
	if (sim->async) {
		for (unsigned i = 0; i < BH_SIM_MAX_QUEUES; i++) {
			const struct sim_queue *q = &sim->queues[i];

			stalled += q->active && !q->pub_faulted && q->pub_stalled;
		}
		pthread_cond_signal(&sim->cp_wake);
	} else {
		drain_begin(sim);
		stalled = poll_locked(sim);
		drain_end(sim);
	}
	unlock(sim);
	return stalled;
}

void bh_sim_doorbell(struct bh_sim *sim, unsigned qid, uint64_t wptr)
{
	if (qid >= BH_SIM_MAX_QUEUES)
		return;
	struct sim_queue *q = &sim->queues[qid];

	lock(sim);
	if (!q->active || q->pub_faulted)
		goto out;	/* a stopped queue ignores its doorbell */
	if (wptr < q->pub_rptr || wptr - q->pub_rptr > q->ring_dwords) {
		/* Raised here, not by a step: straight to the queue. */
		if (!q->fault_held) {
			memset(&q->fault, 0, sizeof(q->fault));
			q->fault.kind = BH_SIM_FAULT_BAD_STATE;
			q->fault.queue = qid;
			q->fault.dwords[0] = (uint32_t)wptr;
			q->fault.dwords[1] = (uint32_t)(wptr >> 32);
			snprintf(q->fault.message, sizeof(q->fault.message),
				 "doorbell %s %llu is behind %s %llu or more than a ring ahead",
				 q->aql ? "write index" : "wptr", (unsigned long long)wptr,
				 q->aql ? "read index" : "rptr",
				 (unsigned long long)q->pub_rptr);
			q->fault_held = true;
		}
		if (!q->busy)
			q->faulted = true;
		q->pub_faulted = true;	/* a running step publishes it again */
		event(sim);
		goto out;
	}
	q->db_wptr = wptr;
	if (sim->async) {
		__atomic_store_n(&sim->doorbells, sim->doorbells + 1, __ATOMIC_RELAXED);
		pthread_cond_signal(&sim->cp_wake);
		/* ... or the CP, if it waits for dispatch workers (dispatch.c). */
		pthread_cond_broadcast(&sim->done_cv);
		goto out;
	}
	drain_begin(sim);
	if (runnable(sim, q) && !q->pub_stalled)
		step(sim, qid, 0);
	/* This queue's work may be what another queue's WAIT_REG_MEM polls. */
	poll_locked(sim);
	drain_end(sim);
out:
	unlock(sim);
}

enum bh_sim_queue_state bh_sim_queue_status(const struct bh_sim *csim, unsigned qid,
					    uint64_t *rptr)
{
	struct bh_sim *sim = (struct bh_sim *)csim;	/* the lock */
	enum bh_sim_queue_state st;

	if (qid >= BH_SIM_MAX_QUEUES)
		return BH_SIM_QUEUE_INACTIVE;
	const struct sim_queue *q = &sim->queues[qid];

	lock(sim);
	if (!q->active) {
		st = BH_SIM_QUEUE_INACTIVE;
	} else {
		if (rptr)
			*rptr = q->pub_rptr;
		st = q->pub_faulted ? BH_SIM_QUEUE_ERROR
		   : q->pub_stalled ? BH_SIM_QUEUE_STALLED
		   : q->busy || q->db_wptr != q->pub_rptr ? BH_SIM_QUEUE_BUSY
		   : BH_SIM_QUEUE_IDLE;
	}
	unlock(sim);
	return st;
}

int bh_sim_queue_reset(struct bh_sim *sim, unsigned qid)
{
	if (qid >= BH_SIM_MAX_QUEUES)
		return -1;
	struct sim_queue *q = &sim->queues[qid];
	uint8_t *p;

	lock(sim);
	if (!q->active) {
		unlock(sim);
		return -1;
	}
	claim(sim, q, true);	/* a running dispatch of it stops */
	q->faulted = q->stalled = false;
	q->fault_held = false;	/* a reset queue starts clean */
	if (q->db_wptr > q->rptr)
		q->rptr = q->db_wptr;	/* drop what was not run */
	q->wptr = q->db_wptr = q->rptr;
	publish(q);
	uint64_t rptr = q->aql ? q->rptr : q->rptr % q->ring_dwords;
	unsigned bytes = q->aql ? 8 : 4;	/* AQL: the 64-bit read index */
	uint64_t va = q->rptr_va;

	unlock(sim);
	sim_as_enter(sim);
	p = mem_translate(sim, va, bytes);
	if (p)
		memcpy(p, &rptr, bytes);	/* little-endian: the low dword */
	sim_as_leave(sim);
	lock(sim);
	release(sim, q);
	unlock(sim);
	return 0;
}

/* ----------------------------------------------------------- faults */
static int take_queue_fault(struct bh_sim *sim, unsigned qid, struct bh_sim_fault *out)
{
	if (!sim->queues[qid].fault_held)
		return 0;
	*out = sim->queues[qid].fault;
	sim->queues[qid].fault_held = false;
	return 1;
}

int bh_sim_take_queue_fault(struct bh_sim *sim, unsigned qid, struct bh_sim_fault *out)
{
	if (qid >= BH_SIM_MAX_QUEUES)
		return 0;
	lock(sim);
	int r = take_queue_fault(sim, qid, out);

	unlock(sim);
	return r;
}

/* Work run outside a queue (a unit test's direct decode) leaves its
 * fault on the board; a step's is parked with its queue. */
int bh_sim_take_fault(struct bh_sim *sim, struct bh_sim_fault *out)
{
	int r = 0;

	lock(sim);
	if (!sim->stepping && sim->fault_pending) {
		*out = sim->fault;
		sim->fault_pending = false;
		r = 1;
	}
	for (unsigned i = 0; i < BH_SIM_MAX_QUEUES && !r; i++)
		r = take_queue_fault(sim, i, out);
	unlock(sim);
	return r;
}

/* ------------------------------------------------------- interrupts */
/* Called by a step (mu not held). */
void raise_irq(struct bh_sim *sim, uint32_t ctxid)
{
	lock(sim);
	if (sim->irq_count == IRQ_SLOTS)	/* IH ring overflow: drop oldest */
		sim->irq_head = (sim->irq_head + 1) % IRQ_SLOTS, sim->irq_count--;
	sim->irq[(sim->irq_head + sim->irq_count) % IRQ_SLOTS] = ctxid;
	sim->irq_count++;
	event(sim);
	unlock(sim);
}

int bh_sim_take_interrupt(struct bh_sim *sim, uint32_t *ctxid)
{
	int r = 0;

	lock(sim);
	if (sim->irq_count) {
		*ctxid = sim->irq[sim->irq_head];
		sim->irq_head = (sim->irq_head + 1) % IRQ_SLOTS;
		sim->irq_count--;
		r = 1;
	}
	unlock(sim);
	return r;
}

int bh_sim_wait_event(struct bh_sim *sim, uint64_t *seen, uint64_t timeout_ns)
{
	struct timespec ts;
	int r;

	/* A short spin first: a fence often comes within microseconds, and
	 * a sleep and wake-up cost tens of them. */
	if (__atomic_load_n(&sim->async, __ATOMIC_RELAXED)) {
		uint64_t t0 = now_ns();

		while (__atomic_load_n(&sim->events, __ATOMIC_ACQUIRE) == *seen &&
		       now_ns() - t0 < WAIT_SPIN_NS && now_ns() - t0 < timeout_ns)
			sched_yield();
	}
	clock_gettime(CLOCK_MONOTONIC, &ts);
	add_ns(&ts, timeout_ns);
	lock(sim);
	while (sim->events == *seen) {
		if (pthread_cond_timedwait(&sim->changed, &sim->mu, &ts) == ETIMEDOUT)
			break;
	}
	r = sim->events != *seen;
	*seen = sim->events;
	unlock(sim);
	return r;
}
