// SPDX-License-Identifier: MIT
/*
 * The command processor's queue front end, what an HQD is: a queue's
 * programming (bh_sim_queue_init for a PM4 ring, bh_sim_queue_init_aql
 * for an AQL ring), its doorbell and read pointer, its state (idle,
 * stalled, faulted) and reset, the faults that stopped it, and the
 * interrupt ring.  The packets themselves are the leaf processors':
 * cp.c (PM4) and aql.c (AQL), run from here on a doorbell or a poll.
 */
#include <string.h>

#include "model.h"

/* ------------------------------------------------------------ setup */
int bh_sim_queue_init(struct bh_sim *sim, unsigned qid, uint64_t ring_va,
		      uint32_t ring_bytes, uint64_t rptr_va)
{
	/* The HQD rules (docs/facts/dispatch.md §7.1): power of two, >= 1 KiB,
	 * 256-byte aligned, and the ring must be in GPU memory. */
	if (qid >= BH_SIM_MAX_QUEUES || ring_bytes < 1024 ||
	    (ring_bytes & (ring_bytes - 1)) || ring_va % 256 || rptr_va % 4 ||
	    !mem_translate(sim, ring_va, ring_bytes) || !mem_translate(sim, rptr_va, 4))
		return -1;
	sim->queues[qid] = (struct sim_queue){
		.active = true, .ring_va = ring_va, .ring_dwords = ring_bytes / 4,
		.rptr_va = rptr_va,
	};
	memset(mem_translate(sim, rptr_va, 4), 0, 4);
	return 0;
}

int bh_sim_queue_init_aql(struct bh_sim *sim, unsigned qid, const struct bh_sim_aql_queue *aq)
{
	uint64_t bytes = (uint64_t)aq->packets * 64;

	if (qid >= BH_SIM_MAX_QUEUES || aq->packets < 4 || (aq->packets & (aq->packets - 1)) ||
	    aq->ring_va % 64 || aq->read_index_va % 8 || aq->scratch_va % 256 ||
	    !mem_translate(sim, aq->ring_va, bytes) || !mem_translate(sim, aq->read_index_va, 8) ||
	    (aq->scratch_bytes && !mem_translate(sim, aq->scratch_va, aq->scratch_bytes)))
		return -1;
	sim->queues[qid] = (struct sim_queue){
		.active = true, .aql = true, .ring_va = aq->ring_va, .ring_dwords = aq->packets,
		.rptr_va = aq->read_index_va, .aql_queue_va = aq->queue_va,
		.aql_scratch_va = aq->scratch_va, .aql_scratch_bytes = aq->scratch_bytes,
	};
	memset(mem_translate(sim, aq->read_index_va, 8), 0, 8);
	return 0;
}

void bh_sim_queue_fini(struct bh_sim *sim, unsigned qid)
{
	if (qid < BH_SIM_MAX_QUEUES)
		sim->queues[qid].active = false;
}

/* --------------------------------------------------------- running */
/* Hand the fault of the run that just ended to queue @q. */
static void park_fault(struct bh_sim *sim, struct sim_queue *q)
{
	if (!sim->fault_pending)
		return;
	if (!q->fault_held) {	/* else keep the first: it is the cause */
		q->fault = sim->fault;
		q->fault_held = true;
	}
	sim->fault_pending = false;
}

/*
 * Run queue @qid from its rptr to its last doorbell, with its packet
 * processor, in its SH register file; a fault it raised stays with it.
 */
static void run_queue(struct bh_sim *sim, unsigned qid)
{
	struct sim_queue *q = &sim->queues[qid];

	sim->cur_queue = qid;
	sim->sh = q->sh;
	sim_as_enter(sim);
	if (q->aql)
		aql_run(sim, q);
	else
		pm4_run(sim, q);
	sim_as_leave(sim);
	park_fault(sim, q);
}

/* Retry stalled queues until none makes progress; how many still wait. */
unsigned bh_sim_poll(struct bh_sim *sim)
{
	unsigned stalled;
	bool moved;

	do {
		moved = false;
		stalled = 0;
		for (unsigned i = 0; i < BH_SIM_MAX_QUEUES; i++) {
			struct sim_queue *q = &sim->queues[i];

			if (!q->active || q->faulted || !q->stalled)
				continue;
			uint64_t before = q->rptr;

			run_queue(sim, i);
			moved |= q->rptr != before;
			stalled += q->stalled;
		}
	} while (moved && stalled);
	return stalled;
}

void bh_sim_doorbell(struct bh_sim *sim, unsigned qid, uint64_t wptr)
{
	if (qid >= BH_SIM_MAX_QUEUES)
		return;
	struct sim_queue *q = &sim->queues[qid];

	if (!q->active || q->faulted)
		return;		/* a stopped queue ignores its doorbell */
	if (wptr < q->rptr || wptr - q->rptr > q->ring_dwords) {
		uint32_t dw[2] = { (uint32_t)wptr, (uint32_t)(wptr >> 32) };

		sim->cur_queue = qid;
		sim_fault(sim, BH_SIM_FAULT_BAD_STATE, 0, dw, 2, 0,
			  "doorbell %s %llu is behind %s %llu or more than a ring ahead",
			  q->aql ? "write index" : "wptr", (unsigned long long)wptr,
			  q->aql ? "read index" : "rptr", (unsigned long long)q->rptr);
		q->faulted = true;
		park_fault(sim, q);
		return;
	}
	q->wptr = wptr;
	run_queue(sim, qid);
	/* This queue's work may be what another queue's WAIT_REG_MEM polls. */
	bh_sim_poll(sim);
}

enum bh_sim_queue_state bh_sim_queue_status(const struct bh_sim *sim, unsigned qid,
					    uint64_t *rptr)
{
	if (qid >= BH_SIM_MAX_QUEUES || !sim->queues[qid].active)
		return BH_SIM_QUEUE_INACTIVE;
	const struct sim_queue *q = &sim->queues[qid];

	if (rptr)
		*rptr = q->rptr;
	return q->faulted ? BH_SIM_QUEUE_ERROR : q->stalled ? BH_SIM_QUEUE_STALLED
			  : BH_SIM_QUEUE_IDLE;
}

int bh_sim_queue_reset(struct bh_sim *sim, unsigned qid)
{
	if (qid >= BH_SIM_MAX_QUEUES || !sim->queues[qid].active)
		return -1;
	struct sim_queue *q = &sim->queues[qid];
	uint32_t rptr;
	uint8_t *p;

	q->faulted = q->stalled = false;
	q->fault_held = false;	/* a reset queue starts clean */
	if (q->wptr > q->rptr)
		q->rptr = q->wptr;	/* drop what was not run */
	if (q->aql) {		/* the 64-bit read index */
		p = mem_translate(sim, q->rptr_va, 8);
		if (p)
			memcpy(p, &q->rptr, 8);
		return 0;
	}
	rptr = (uint32_t)(q->rptr % q->ring_dwords);
	p = mem_translate(sim, q->rptr_va, 4);
	if (p)
		memcpy(p, &rptr, 4);
	return 0;
}

/* ----------------------------------------------------------- faults */
int bh_sim_take_queue_fault(struct bh_sim *sim, unsigned qid, struct bh_sim_fault *out)
{
	if (qid >= BH_SIM_MAX_QUEUES || !sim->queues[qid].fault_held)
		return 0;
	*out = sim->queues[qid].fault;
	sim->queues[qid].fault_held = false;
	return 1;
}

int bh_sim_take_fault(struct bh_sim *sim, struct bh_sim_fault *out)
{
	if (sim->fault_pending) {	/* work run outside a queue */
		*out = sim->fault;
		sim->fault_pending = false;
		return 1;
	}
	for (unsigned i = 0; i < BH_SIM_MAX_QUEUES; i++)
		if (bh_sim_take_queue_fault(sim, i, out))
			return 1;
	return 0;
}

/* ------------------------------------------------------- interrupts */
/* Waves on any dispatch worker raise interrupts (s_sendmsg): irq_lock. */
void raise_irq(struct bh_sim *sim, uint32_t ctxid)
{
	pthread_mutex_lock(&sim->irq_lock);
	if (sim->irq_count == IRQ_SLOTS)	/* IH ring overflow: drop oldest */
		sim->irq_head = (sim->irq_head + 1) % IRQ_SLOTS, sim->irq_count--;
	sim->irq[(sim->irq_head + sim->irq_count) % IRQ_SLOTS] = ctxid;
	sim->irq_count++;
	pthread_mutex_unlock(&sim->irq_lock);
}

int bh_sim_take_interrupt(struct bh_sim *sim, uint32_t *ctxid)
{
	int ret = 0;

	pthread_mutex_lock(&sim->irq_lock);
	if (sim->irq_count) {
		*ctxid = sim->irq[sim->irq_head];
		sim->irq_head = (sim->irq_head + 1) % IRQ_SLOTS;
		sim->irq_count--;
		ret = 1;
	}
	pthread_mutex_unlock(&sim->irq_lock);
	return ret;
}
