// SPDX-License-Identifier: MIT
/*
 * Global wave sync (GWS): the 64 counters a GPU has for waves of
 * different workgroups to meet (a barrier) or take turns (a semaphore),
 * and the DS instructions that reach them (ds_gws_init, ds_gws_barrier,
 * ds_gws_sema_v, ds_gws_sema_br, ds_gws_sema_p, ds_gws_sema_release_all;
 * the same on gfx9 and gfx11, at other opcodes).
 *
 * Semantics: the DS_GWS_* pseudocode of AMD's Vega ISA manual, which the
 * CDNA and RDNA3 manuals keep.  The resource is M0[21:16] plus the
 * instruction's offset field, modulo 64; the value an instruction takes
 * (init, barrier, sema_br) is its data VGPR (the ADDR field) in the first
 * active lane.
 *   init        counter = value, flag = 0
 *   barrier     counter 0: the last participant -- flag flips (every
 *               waiter goes on), counter = value (ready for the next);
 *               else counter -= 1 and wait for the flag to flip.  So a
 *               barrier of N waves is initialised with N - 1.
 *   sema_v      counter += 1           sema_br   counter += value
 *   sema_p      wait until counter > 0, then counter -= 1
 *   release_all counter = the waves waiting, so all of them go on.
 * A waiting wave does not retire its instruction (the s_waitcnt after it
 * never sees the DS return) until the resource lets it go.
 *
 * Where the manuals say nothing, the model stops with a fault instead of
 * guessing: a queue without GWS (KFD gives it to one queue per process,
 * AMDKFD_IOC_ALLOC_QUEUE_GWS), a resource beyond the queue's allocation,
 * no active lane to take a value from, an init of a resource waves wait
 * on, and a barrier wave meeting semaphore waiters or the reverse.  A
 * semaphore's waiters are let through in the order the model's scheduler
 * polls them, not in the hardware's arrival order (unspecified to
 * software).  Waves that can never be released are a deadlock
 * (dispatch.c): the model runs one dispatch at a time, so a wave cannot
 * wait for a later dispatch's waves.
 */
#include "model.h"
#include "valu.h"		/* FOR_LANES */

int gws_set(struct bh_sim *sim, unsigned qid, unsigned count)
{
	if (qid >= BH_SIM_MAX_QUEUES || !sim->queues[qid].active || count > BH_SIM_GWS_RESOURCES)
		return -1;
	struct sim_gws *g = &sim->queues[qid].gws;

	pthread_mutex_lock(&sim->gws_lock);
	memset(g, 0, sizeof(*g));
	g->count = count;
	pthread_mutex_unlock(&sim->gws_lock);
	return 0;
}

static const char *const type_name[] = { "unused", "barrier", "semaphore" };

/* The resource @in names for wave @w, or NULL after a fault. */
static struct gws_resource *resource(struct wave *w, const struct insn *in)
{
	struct sim_gws *g = &w->sim->queues[w->wg->queue].gws;
	unsigned rid = ((w->m0 >> 16) + (unsigned)in->offset) & 63;

	if (!g->count) {
		wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
			   "%s on queue %u, which has no GWS resources (a KFD queue gets them "
			   "with ALLOC_QUEUE_GWS; barehip gives them to a cooperative launch's "
			   "queue)", in->desc->name, w->wg->queue);
		return NULL;
	}
	if (rid >= g->count) {
		wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
			   "%s of GWS resource %u (M0[21:16] %u + offset %d); queue %u has "
			   "resources 0..%u", in->desc->name, rid, (w->m0 >> 16) & 63, in->offset,
			   w->wg->queue, g->count - 1);
		return NULL;
	}
	w->gws_rid = (uint8_t)rid;
	return &g->r[rid];
}

/* The data VGPR of the first active lane; -1 after a fault. */
static int64_t value(struct wave *w, const struct insn *in)
{
	if (!(w->exec & wave_lanes(w))) {
		wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
			   "%s with EXEC 0: no lane to take the value from", in->desc->name);
		return -1;
	}
	if (!vgpr_ok(w, in->addr, 1)) {
		wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
			   "%s reads v%u beyond the wave's %u VGPRs", in->desc->name, in->addr,
			   w->nvgprs);
		return -1;
	}
	return w->v[in->addr][__builtin_ctzll(w->exec)];
}

/* A wave of kind @type meets resource @r: its waiters must be the same kind. */
static int same_kind(struct wave *w, const struct insn *in, struct gws_resource *r,
		     enum gws_type type)
{
	if (r->waiting && r->type != type)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "%s on GWS resource %u while %u waves wait on it as a %s",
				  in->desc->name, w->gws_rid, r->waiting, type_name[r->type]);
	r->type = (uint8_t)type;
	return 0;
}

static void enqueue(struct wave *w, struct gws_resource *r, enum gws_type type)
{
	w->gws_wait = (uint8_t)type;
	w->gws_flag = r->flag;
	r->waiting++;
}

static int gws_init(struct wave *w, const struct insn *in)
{
	struct gws_resource *r = resource(w, in);
	int64_t v = r ? value(w, in) : -1;

	if (v < 0)
		return -1;
	if (r->waiting)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "ds_gws_init of GWS resource %u while %u waves wait on it "
				  "(undefined in the ISA manuals)", w->gws_rid, r->waiting);
	r->counter = (uint32_t)v;
	r->flag = false;
	r->type = GWS_NONE;
	wave_progress(w);
	return 0;
}

static int gws_barrier(struct wave *w, const struct insn *in)
{
	struct gws_resource *r = resource(w, in);
	int64_t v = r ? value(w, in) : -1;

	if (v < 0 || same_kind(w, in, r, GWS_BARRIER))
		return -1;
	if (r->counter == 0) {
		/* The last participant: everyone waiting goes on (their flag
		 * now differs) and the barrier is armed again. */
		r->flag = !r->flag;
		r->counter = (uint32_t)v;
		wave_progress(w);
		return 0;
	}
	r->counter--;
	enqueue(w, r, GWS_BARRIER);
	return 0;
}

static int gws_sema_v(struct wave *w, const struct insn *in)
{
	struct gws_resource *r = resource(w, in);

	if (!r || same_kind(w, in, r, GWS_SEMAPHORE))
		return -1;
	r->counter++;
	wave_progress(w);
	return 0;
}

static int gws_sema_br(struct wave *w, const struct insn *in)
{
	struct gws_resource *r = resource(w, in);
	int64_t v = r ? value(w, in) : -1;

	if (v < 0 || same_kind(w, in, r, GWS_SEMAPHORE))
		return -1;
	r->counter += (uint32_t)v;
	wave_progress(w);
	return 0;
}

static int gws_sema_release_all(struct wave *w, const struct insn *in)
{
	struct gws_resource *r = resource(w, in);

	if (!r || same_kind(w, in, r, GWS_SEMAPHORE))
		return -1;
	r->counter = r->waiting;
	wave_progress(w);
	return 0;
}

static int gws_sema_p(struct wave *w, const struct insn *in)
{
	struct gws_resource *r = resource(w, in);

	if (!r || same_kind(w, in, r, GWS_SEMAPHORE))
		return -1;
	if (r->counter > 0) {
		r->counter--;
		return 0;
	}
	enqueue(w, r, GWS_SEMAPHORE);
	return 0;
}

static bool try_release(struct wave *w)
{
	struct gws_resource *r = &w->sim->queues[w->wg->queue].gws.r[w->gws_rid];

	if (w->gws_wait == GWS_BARRIER ? r->flag == w->gws_flag : r->counter == 0)
		return false;
	if (w->gws_wait == GWS_SEMAPHORE)
		r->counter--;
	r->waiting--;
	w->gws_wait = GWS_NONE;
	wave_progress(w);
	return true;
}

static void dispatch_end(struct bh_sim *sim, unsigned queue)
{
	struct sim_gws *g = &sim->queues[queue].gws;

	for (unsigned i = 0; i < g->count; i++)
		g->r[i].waiting = 0;
}

/*
 * The resources are shared by every wave of the queue, which may run on
 * any of the dispatch's host threads: each operation holds gws_lock (a
 * fault raised inside takes fault_lock after it, never the other way).
 */
int x_ds_gws_init(struct wave *w, const struct insn *in)
{
	pthread_mutex_lock(&w->sim->gws_lock);
	int ret = gws_init(w, in);

	pthread_mutex_unlock(&w->sim->gws_lock);
	return ret;
}

int x_ds_gws_barrier(struct wave *w, const struct insn *in)
{
	pthread_mutex_lock(&w->sim->gws_lock);
	int ret = gws_barrier(w, in);

	pthread_mutex_unlock(&w->sim->gws_lock);
	return ret;
}

int x_ds_gws_sema_v(struct wave *w, const struct insn *in)
{
	pthread_mutex_lock(&w->sim->gws_lock);
	int ret = gws_sema_v(w, in);

	pthread_mutex_unlock(&w->sim->gws_lock);
	return ret;
}

int x_ds_gws_sema_br(struct wave *w, const struct insn *in)
{
	pthread_mutex_lock(&w->sim->gws_lock);
	int ret = gws_sema_br(w, in);

	pthread_mutex_unlock(&w->sim->gws_lock);
	return ret;
}

int x_ds_gws_sema_release_all(struct wave *w, const struct insn *in)
{
	pthread_mutex_lock(&w->sim->gws_lock);
	int ret = gws_sema_release_all(w, in);

	pthread_mutex_unlock(&w->sim->gws_lock);
	return ret;
}

int x_ds_gws_sema_p(struct wave *w, const struct insn *in)
{
	pthread_mutex_lock(&w->sim->gws_lock);
	int ret = gws_sema_p(w, in);

	pthread_mutex_unlock(&w->sim->gws_lock);
	return ret;
}

bool gws_try_release(struct wave *w)
{
	pthread_mutex_lock(&w->sim->gws_lock);
	bool ret = try_release(w);

	pthread_mutex_unlock(&w->sim->gws_lock);
	return ret;
}

void gws_dispatch_end(struct bh_sim *sim, unsigned queue)
{
	pthread_mutex_lock(&sim->gws_lock);
	dispatch_end(sim, queue);
	pthread_mutex_unlock(&sim->gws_lock);
}
