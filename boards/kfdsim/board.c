// SPDX-License-Identifier: MIT
/*
 * The GPUs behind the fake: one model (bh_sim) per GPU of the process,
 * run as hardware runs beside amdkfd.
 *
 * User mode rings a doorbell with a plain store into its doorbell page;
 * nothing traps it, so a doorbell thread per process polls the 64-bit
 * doorbell slot of every live queue and hands a changed value to the
 * model (bh_sim_doorbell).  Every ioctl kicks the thread, so a
 * WAIT_EVENTS right after a doorbell sees the work start at once;
 * otherwise it polls every 20 us while someone waits (or, synchronous, a
 * queue is stalled on memory), and backs off to 5 ms sleeps when nothing
 * happens (no core spent on an idle GPU).
 *
 * Two ways to run the models, as the in-process sim board has
 * (docs/architecture.md, "The board beside the host"):
 *
 *   asynchronous  (the default) each model runs on its own CP thread
 *                 (bh_sim_start): the doorbell thread's bh_sim_doorbell
 *                 returns at once, the CP runs the queue, and what it
 *                 raises (RELEASE_MEM interrupts, faults) wakes the GPU's
 *                 interrupt thread, which sleeps in bh_sim_wait_event and
 *                 does what amdkfd's interrupt handler does with them
 *                 (kfd_signal_event_interrupt, the fault events).  A
 *                 kernel may poll host memory the host writes meanwhile;
 *                 packets of other queues run while a kernel runs.
 *   synchronous   (BAREHIP_SIM_SYNC=1, or Kconfig SIM_ASYNC=n) the
 *                 doorbell thread runs each queue inside bh_sim_doorbell
 *                 to drained, stalled or faulted, re-polls stalled
 *                 queues, then takes the interrupts and faults itself:
 *                 one kernel at a time, deterministic, for debugging.
 *
 * What the doorbell carries: for PM4 the 64-bit dword write pointer,
 * which is what the model takes.  For AQL, ROCr (and tinygrad) store
 * the index of the last packet written (write index - 1), where the
 * model wants the write index: the board adds one.
 *
 * A slot starts at ~0, a value no doorbell write carries, so the first
 * AQL doorbell (packet 0) differs from it.
 *
 * Faults become what amdkfd makes of the interrupts the hardware raises:
 *  - memory (a VM fault): kfd_signal_vm_fault_event, i.e. every MEMORY
 *    event of the process gets memory_exception_data (gpu_id, the page
 *    address, NotPresent), and kfd_dqm_evict_pasid stops all the
 *    process's queues on that GPU; they stay stopped until destroyed;
 *  - watchdog or deadlock (a hang): what follows a GPU reset, i.e.
 *    kfd_signal_reset_event: HW_EXCEPTION events with reset_cause
 *    GPU_HANG and memory_lost (though the fake loses none), and every
 *    queue on the GPU stopped;
 *  - illegal instruction, s_trap, a bad packet, bad register state: on
 *    hardware the wave or CP halts the queue and, without a debugger,
 *    the runtime learns it only through a hang report.  So: the queue
 *    stops and the HW_EXCEPTION events fire (GPU_HANG, memory not lost);
 *    the other queues run on.
 * A destroyed and recreated queue runs again.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>

#include "generated/autoconf.h"
#include "internal.h"
#include "sim.h"

/* How often an idle interrupt thread looks whether the process goes: the
 * model's event count wakes it for everything else. */
#define IH_STOP_CHECK_NS	20000000ull

#define MAX_IRQS 64

struct pending {
	uint32_t irq[MAX_IRQS];
	unsigned nirq;
	bool vm_fault, hang;
	struct kfd_hsa_memory_exception_data mem;
	struct kfd_hsa_hw_exception_data hw;
};

/* kfd_dqm_evict_pasid / a reset: stop every queue of the GPU. */
static void stop_all(struct kfdsim_pgpu *g)
{
	for (unsigned h = 0; h < KFDSIM_QUEUES_PER_GPU; h++)
		if (g->hwq[h] && !g->hwq[h]->evicted) {
			g->hwq[h]->evicted = true;
			bh_sim_queue_reset(g->sim, h);
		}
}

static void fault(struct kfdsim_pgpu *g, unsigned gi, unsigned h, const struct bh_sim_fault *f,
		  struct pending *pe)
{
	uint32_t gpu_id = kfdsim_gpus[gi].gpu_id;

	if (getenv("BAREHIP_KFDSIM_VERBOSE"))
		fprintf(stderr, "barehip-kfdsim: gpu 0x%x queue %u: %s\n", gpu_id, g->hwq[h]->id,
			f->message);
	switch (f->kind) {
	case BH_SIM_FAULT_MEMORY:
		pe->vm_fault = true;
		memset(&pe->mem, 0, sizeof(pe->mem));
		pe->mem.gpu_id = gpu_id;
		pe->mem.va = f->address & ~(KFDSIM_PAGE - 1);
		pe->mem.failure.NotPresent = 1;	/* the model faults only on unmapped pages */
		pe->mem.ErrorType = KFD_MEM_ERR_NO_RAS;
		stop_all(g);
		break;
	case BH_SIM_FAULT_WATCHDOG:
	case BH_SIM_FAULT_DEADLOCK:
		pe->hang = true;
		pe->hw = (struct kfd_hsa_hw_exception_data){
			.reset_type = KFD_HW_EXCEPTION_WHOLE_GPU_RESET,
			.reset_cause = KFD_HW_EXCEPTION_GPU_HANG,
			.memory_lost = 1,	/* as kfd_signal_reset_event says */
			.gpu_id = gpu_id,
		};
		stop_all(g);
		break;
	default:
		pe->hang = true;
		pe->hw = (struct kfd_hsa_hw_exception_data){
			.reset_type = KFD_HW_EXCEPTION_PER_ENGINE_RESET,
			.reset_cause = KFD_HW_EXCEPTION_GPU_HANG,
			.memory_lost = 0,
			.gpu_id = gpu_id,
		};
		g->hwq[h]->faulted = true;
		break;
	}
}

/*
 * GPU @gi's doorbells (and HDP flush requests) since the last look: each
 * changed slot goes to the model.  Synchronous, the doorbell runs the
 * queue here, and queues stalled on memory are polled again (@stalled:
 * some still are).  Whether a doorbell rang.
 */
static bool ring(struct kfdsim_proc *p, unsigned gi, bool *stalled)
{
	struct kfdsim_pgpu *g = &p->gpu[gi];
	bool busy = false, any_stalled = false;

	pthread_mutex_lock(&g->lock);
	/* A flush request since the last look (two between looks count as
	 * one: the count is a lower bound). */
	if (g->mmio && __atomic_exchange_n((uint32_t *)g->mmio, KFDSIM_HDP_IDLE,
					   __ATOMIC_ACQ_REL) != KFDSIM_HDP_IDLE)
		g->hdp_flushes++;
	for (unsigned h = 0; h < KFDSIM_QUEUES_PER_GPU; h++) {
		struct kfdsim_queue *q = g->hwq[h];

		if (!q || q->evicted || q->faulted)
			continue;
		uint64_t v = __atomic_load_n(&g->doorbells[q->doorbell], __ATOMIC_ACQUIRE);

		if (v != q->last_db) {
			q->last_db = v;
			bh_sim_doorbell(g->sim, h, q->aql ? v + 1 : v);
			busy = true;
		}
		/* The asynchronous CP polls its stalled queues by itself. */
		if (!p->async && bh_sim_queue_status(g->sim, h, NULL) == BH_SIM_QUEUE_STALLED)
			any_stalled = true;
	}
	if (any_stalled && bh_sim_poll(g->sim))
		*stalled = true;
	pthread_mutex_unlock(&g->lock);
	return busy;
}

/*
 * The interrupt handler of GPU @gi: the interrupts the model raised
 * (RELEASE_MEM's) become signal events, the faults that stopped its
 * queues become fault events and stopped queues.  Whether anything came.
 */
static bool interrupts(struct kfdsim_proc *p, unsigned gi)
{
	struct kfdsim_pgpu *g = &p->gpu[gi];
	struct pending pe = { .nirq = 0 };
	bool more = true, any = false;
	uint32_t ctx;

	while (more) {
		pe.nirq = 0;
		pe.vm_fault = pe.hang = false;
		pthread_mutex_lock(&g->lock);
		while (pe.nirq < MAX_IRQS && bh_sim_take_interrupt(g->sim, &ctx))
			pe.irq[pe.nirq++] = ctx;
		more = pe.nirq == MAX_IRQS;
		for (unsigned h = 0; h < KFDSIM_QUEUES_PER_GPU; h++) {
			struct bh_sim_fault f;

			if (g->hwq[h] && !g->hwq[h]->faulted &&
			    bh_sim_queue_status(g->sim, h, NULL) == BH_SIM_QUEUE_ERROR &&
			    bh_sim_take_queue_fault(g->sim, h, &f)) {
				fault(g, gi, h, &f, &pe);
				g->hwq[h]->faulted = true;
			}
		}
		pthread_mutex_unlock(&g->lock);

		/* The interrupt handler's work, outside the GPU's lock. */
		for (unsigned i = 0; i < pe.nirq; i++)
			kfdsim_event_interrupt(p, pe.irq[i]);
		if (pe.vm_fault)
			kfdsim_event_vm_fault(p, &pe.mem);
		if (pe.hang)
			kfdsim_event_hw_exception(p, &pe.hw);
		if (pe.nirq || pe.vm_fault || pe.hang)
			any = true;
	}
	return any;
}

/* An asynchronous GPU's interrupt thread: it sleeps until its model
 * raises something (bh_sim_wait_event's condition variable). */
static void *ih_main(void *arg)
{
	struct kfdsim_pgpu *g = arg;
	uint64_t seen = 0;

	while (!__atomic_load_n(&g->proc->ih_stop, __ATOMIC_ACQUIRE)) {
		bh_sim_wait_event(g->sim, &seen, IH_STOP_CHECK_NS);
		interrupts(g->proc, g->index);
	}
	return NULL;
}

static bool someone_waits(struct kfdsim_proc *p)
{
	bool w;

	pthread_mutex_lock(&p->ev_lock);
	w = p->waits != NULL;
	pthread_mutex_unlock(&p->ev_lock);
	return w;
}

static void *board_main(void *arg)
{
	struct kfdsim_proc *p = arg;
	unsigned idle = 0, seen = 0;

	/* Short sleeps must stay short: 1 us of timer slack, not 50. */
	prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
	for (;;) {
		bool busy = false, stalled = false;

		for (unsigned i = 0; i < kfdsim_ngpus; i++) {
			busy |= ring(p, i, &stalled);
			if (!p->async)
				busy |= interrupts(p, i);
		}
		idle = busy ? 0 : idle + 1;

		/* 20 us while busy or awaited, then 0.1 ms, 1 ms, and 5 ms after ~1 s idle. */
		long us = stalled || idle < 64 || someone_waits(p) ? 20 :
			  idle < 512 ? 100 : idle < 1536 ? 1000 : 5000;
		struct timespec t;

		clock_gettime(CLOCK_MONOTONIC, &t);
		t.tv_nsec += us * 1000;
		if (t.tv_nsec >= 1000000000) {
			t.tv_sec++;
			t.tv_nsec -= 1000000000;
		}
		pthread_mutex_lock(&p->kick_lock);
		if (p->board_stop) {
			pthread_mutex_unlock(&p->kick_lock);
			break;
		}
		if (p->kicks == seen && !busy)
			pthread_cond_timedwait(&p->kick_cond, &p->kick_lock, &t);
		if (p->kicks != seen)
			idle = 0;
		seen = p->kicks;
		pthread_mutex_unlock(&p->kick_lock);
	}
	return NULL;
}

/* The models beside the host unless asked for the synchronous board, as
 * the sim backend decides (loader/platform/sim.c). */
static bool want_async(void)
{
#ifdef CONFIG_SIM_ASYNC
	const char *sync = getenv("BAREHIP_SIM_SYNC");

	return !(sync && *sync && strcmp(sync, "0") != 0);
#else
	return false;
#endif
}

static void stop_interrupt_threads(struct kfdsim_proc *p)
{
	__atomic_store_n(&p->ih_stop, true, __ATOMIC_RELEASE);
	for (unsigned i = 0; i < kfdsim_ngpus; i++) {
		if (p->gpu[i].ih_running)
			pthread_join(p->gpu[i].ih, NULL);
		p->gpu[i].ih_running = false;
	}
}

int kfdsim_board_start(struct kfdsim_proc *p)
{
	pthread_condattr_t ca;

	p->async = want_async();
	for (unsigned i = 0; i < kfdsim_ngpus && p->async; i++) {
		struct kfdsim_pgpu *g = &p->gpu[i];

		g->proc = p;
		g->index = i;
		if (bh_sim_start(g->sim) || pthread_create(&g->ih, NULL, ih_main, g)) {
			fprintf(stderr, "barehip-kfdsim: cannot start the GPU's threads "
				"(BAREHIP_SIM_SYNC=1 runs the board without them)\n");
			stop_interrupt_threads(p);
			return -1;
		}
		g->ih_running = true;
	}
	if (getenv("BAREHIP_KFDSIM_VERBOSE"))
		fprintf(stderr, "barehip-kfdsim: %u GPU(s), %s\n", kfdsim_ngpus,
			p->async ? "asynchronous: each model on its CP thread" :
			"synchronous: the models run inside the doorbells (BAREHIP_SIM_SYNC)");
	pthread_mutex_init(&p->kick_lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&p->kick_cond, &ca);
	pthread_condattr_destroy(&ca);
	if (pthread_create(&p->board, NULL, board_main, p)) {
		stop_interrupt_threads(p);
		pthread_cond_destroy(&p->kick_cond);
		pthread_mutex_destroy(&p->kick_lock);
		return -1;
	}
	p->board_running = true;
	return 0;
}

/* The doorbell thread and the interrupt threads end; the models' CP
 * threads go with the models (bh_sim_destroy). */
void kfdsim_board_stop(struct kfdsim_proc *p)
{
	if (!p->board_running)
		return;
	pthread_mutex_lock(&p->kick_lock);
	p->board_stop = true;
	pthread_cond_signal(&p->kick_cond);
	pthread_mutex_unlock(&p->kick_lock);
	pthread_join(p->board, NULL);
	p->board_running = false;
	stop_interrupt_threads(p);
	pthread_cond_destroy(&p->kick_cond);
	pthread_mutex_destroy(&p->kick_lock);
}

void kfdsim_board_kick(struct kfdsim_proc *p)
{
	pthread_mutex_lock(&p->kick_lock);
	p->kicks++;
	pthread_cond_signal(&p->kick_cond);
	pthread_mutex_unlock(&p->kick_lock);
}

/* amd_queue_t: write_dispatch_id at 56, read_dispatch_id at 128. */
#define AMD_QUEUE_WRITE_ID	56
#define AMD_QUEUE_READ_ID	128

int kfdsim_board_queue_start(struct kfdsim_proc *p, struct kfdsim_queue *q,
			     const struct kfd_ioctl_create_queue_args *a)
{
	struct kfdsim_pgpu *g = &p->gpu[q->gpu];
	unsigned h;
	int r;

	for (h = 0; h < KFDSIM_QUEUES_PER_GPU && g->hwq[h]; h++)
		;
	/* The model has 8 hardware queues and no scheduler to share them. */
	if (h == KFDSIM_QUEUES_PER_GPU)
		return -ENOSPC;
	bh_sim_queue_reset(g->sim, h);
	if (q->aql) {
		struct bh_sim_aql_queue aq = {
			.ring_va = a->ring_base_address,
			.packets = a->ring_size / 64,
			.read_index_va = a->read_pointer_address,
			/* ROCr's pointers sit in its amd_queue_t: give the CP that. */
			.queue_va = a->read_pointer_address - a->write_pointer_address ==
				    AMD_QUEUE_READ_ID - AMD_QUEUE_WRITE_ID ?
				    a->write_pointer_address - AMD_QUEUE_WRITE_ID : 0,
			/* Scratch is the runtime's, in amd_queue_t; not modelled here. */
			.scratch_va = 0,
			.scratch_bytes = 0,
		};

		r = bh_sim_queue_init_aql(g->sim, h, &aq);
	} else {
		r = bh_sim_queue_init(g->sim, h, a->ring_base_address, a->ring_size,
				      a->read_pointer_address);
	}
	if (r)
		return -EINVAL;	/* a ring the CP cannot take (alignment) */
	q->hwq = h;
	q->last_db = ~0ull;
	__atomic_store_n(&g->doorbells[q->doorbell], ~0ull, __ATOMIC_RELEASE);
	g->hwq[h] = q;
	return 0;
}

void kfdsim_board_queue_stop(struct kfdsim_proc *p, struct kfdsim_queue *q)
{
	struct kfdsim_pgpu *g = &p->gpu[q->gpu];

	pthread_mutex_lock(&g->lock);
	if (g->hwq[q->hwq] == q) {
		bh_sim_queue_reset(g->sim, q->hwq);
		bh_sim_queue_set_gws(g->sim, q->hwq, 0);
		bh_sim_queue_fini(g->sim, q->hwq);
		g->hwq[q->hwq] = NULL;
	}
	pthread_mutex_unlock(&g->lock);
}

/*
 * The model gives the resources only between dispatches of the queue
 * (bh_sim_queue_set_gws waits for a running one to end; the synchronous
 * board runs each to its end under the GPU's lock), so no wave waits in
 * a resource that goes.
 */
void kfdsim_board_queue_gws(struct kfdsim_proc *p, struct kfdsim_queue *q, unsigned count)
{
	struct kfdsim_pgpu *g = &p->gpu[q->gpu];

	pthread_mutex_lock(&g->lock);
	if (g->hwq[q->hwq] == q)
		bh_sim_queue_set_gws(g->sim, q->hwq, count);
	pthread_mutex_unlock(&g->lock);
}
