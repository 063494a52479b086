// SPDX-License-Identifier: MIT
/*
 * DISPATCH_DIRECT: the SPI's part.  Read the program, resources and
 * user data from the SH registers, form workgroups and waves (wave64, or
 * wave32 where the target has it and CS_W32_EN asks) with
 * the initial register state of the hardware ABI (docs/facts/dispatch.md §3 and
 * §8.4), and run each workgroup's waves round-robin until all end.
 */
#include <sched.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "model.h"
#include "regs.h"

#define QUANTUM 256	/* instructions a wave runs before the next one */

struct launch {
	uint64_t pc;
	/* What waves start with, copied from the queue's SH registers once:
	 * the CP may switch the board's SH file to another queue's between
	 * rounds while workers still start workgroups of this dispatch. */
	uint32_t user_data[16];
	unsigned queue;
	uint32_t rsrc1, rsrc2, rsrc3;
	uint32_t mode;			/* initial MODE, from RSRC1 */
	unsigned wg_waves;		/* waves of a full workgroup: scratch slots per group */
	unsigned wave_size;		/* 64, or 32 with CS_W32_EN where the family has it */
	unsigned user_sgprs, tidig;
	bool tgid_en[3], tg_size_en, scratch_en;
	uint32_t lds_size;
	unsigned nvgprs;
	unsigned vgprs_per_simd;	/* the target's, at this wave size */
	unsigned vgpr_alloc_granule;	/* likewise */
	unsigned acc_base;		/* first AccVGPR: RSRC3.ACCUM_OFFSET */
	uint32_t full[3], partial[3];
	bool partial_en;
	uint32_t start[3];
	uint32_t tmp_waves, tmp_wave_bytes;
	uint64_t scratch_base;		/* architected: DISPATCH_SCRATCH_BASE */
	bool architected;
	uint64_t budget;		/* watchdog */
};

static int bad_state(struct bh_sim *sim, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int bad_state(struct bh_sim *sim, const char *fmt, ...)
{
	char msg[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	sim_fault(sim, BH_SIM_FAULT_BAD_STATE, 0, NULL, 0, 0, "dispatch: %s", msg);
	return -1;
}

static int read_launch(struct bh_sim *sim, uint32_t initiator, struct launch *l)
{
	const struct bh_sim_target *t = sim->target;

	memset(l, 0, sizeof(*l));
	if (!(initiator & 1))
		return bad_state(sim, "COMPUTE_SHADER_EN is clear");
	if (initiator & (1u << 5))
		return bad_state(sim, "USE_THREAD_DIMENSIONS is not modelled (semantics unverified)");
	/* The wave size is a property of each dispatch: CS_W32_EN (bit 15)
	 * on gfx10+ (Mesa sid.h S_00B800_CS_W32_EN; the loader sets it from
	 * the kernel descriptor's ENABLE_WAVEFRONT_SIZE32).  The register rows
	 * are WAVE_LANES wide, so wave32 fits without change; a wave32 keeps
	 * lanes 32..63 out of EXEC.  gfx9 parts run wave64 only. */
	if ((initiator & (1u << 15)) && !t->wave32)
		return bad_state(sim, "CS_W32_EN on a wave64-only %s", t->name);
	l->wave_size = initiator & (1u << 15) ? 32 : 64;
	l->pc = ((uint64_t)(SH(sim, mmCOMPUTE_PGM_HI) & 0xff) << 32 |
		 SH(sim, mmCOMPUTE_PGM_LO)) << 8;
	for (unsigned i = 0; i < 16; i++)
		l->user_data[i] = SH(sim, mmCOMPUTE_USER_DATA_0 + i);
	l->queue = sim->cur_queue;
	l->rsrc1 = SH(sim, mmCOMPUTE_PGM_RSRC1);
	l->rsrc2 = SH(sim, mmCOMPUTE_PGM_RSRC2);
	l->user_sgprs = (l->rsrc2 >> 1) & 0x1f;
	l->scratch_en = l->rsrc2 & 1;
	for (int d = 0; d < 3; d++) {
		l->tgid_en[d] = l->rsrc2 & (1u << (7 + d));
		uint32_t nt = SH(sim, mmCOMPUTE_NUM_THREAD_X + d);

		l->full[d] = nt & 0xffff;
		l->partial[d] = nt >> 16;
		l->start[d] = SH(sim, mmCOMPUTE_START_X + d);
		if (l->full[d] == 0)
			return bad_state(sim, "NUM_THREAD_%c is zero", "XYZ"[d]);
	}
	l->tg_size_en = l->rsrc2 & (1u << 10);
	l->tidig = (l->rsrc2 >> 11) & 3;
	l->partial_en = initiator & 2;
	/* A partial group is the remainder of a full one: never larger.
	 * (Workgroup storage is sized from the full group.) */
	for (int d = 0; d < 3; d++)
		if (l->partial_en && l->partial[d] > l->full[d])
			return bad_state(sim, "NUM_THREAD_%c: PARTIAL %u exceeds FULL %u",
					 "XYZ"[d], l->partial[d], l->full[d]);
	l->lds_size = ((l->rsrc2 >> 15) & 0x1ff) * t->lds_granule;
	if (l->lds_size > t->lds_per_workgroup)
		return bad_state(sim, "RSRC2.LDS_SIZE asks for %u bytes, more than %u KiB",
				 l->lds_size, t->lds_per_workgroup / 1024);
	/* gfx90a/gfx940: unified VGPR file (arch + acc).  The row's VGPR
	 * facts are at its native wave size; a gfx11 wave64 has half the
	 * granules and half the registers per SIMD lane of a wave32 (LLVM
	 * getVGPREncodingGranule / getVGPRAllocGranule / getTotalNumVGPRs). */
	l->nvgprs = ((l->rsrc1 & 0x3f) + 1) * (t->vgpr_granule * t->wave_size / l->wave_size);
	l->vgprs_per_simd = t->vgprs_per_simd * t->wave_size / l->wave_size;
	l->vgpr_alloc_granule = t->vgpr_alloc_granule * t->wave_size / l->wave_size;
	if (l->nvgprs > MAX_VGPRS)
		return bad_state(sim, "RSRC1 asks for %u VGPRs", l->nvgprs);
	/* RSRC3 sits where the target has it (targets.c).  gfx90a/gfx940:
	 * AccVGPRs follow the ArchVGPRs at ACCUM_OFFSET (RSRC3[5:0], in
	 * units of 4 registers minus one) inside the same allocation.
	 * gfx11: INST_PREF_SIZE [9:4] is a prefetch hint the model needs
	 * not honour; shared VGPRs (SHARED_VGPR_CNT [3:0], wave64 only),
	 * TRAP_ON_START/END and the rest are not modelled: refused. */
	l->rsrc3 = sim->sh[t->reg_pgm_rsrc3 - SH_REG_BASE];
	if (t->rsrc3_accum_offset)
		l->acc_base = ((l->rsrc3 & 0x3f) + 1) * 4;
	else if (l->rsrc3 & ~(0x3fu << 4))
		return bad_state(sim, "COMPUTE_PGM_RSRC3 0x%08x: only INST_PREF_SIZE is modelled "
				 "on %s (shared VGPRs, trap on start/end are not)", l->rsrc3, t->name);
	/* RSRC1 FLOAT_MODE [19:12], DX10_CLAMP [21] and IEEE_MODE [23]
	 * become the waves' MODE (the rest of MODE starts at zero). */
	l->mode = ((l->rsrc1 >> 12) & 0xff) | ((l->rsrc1 >> 21) & 1) << 8 |
		  ((l->rsrc1 >> 23) & 1) << 9;
	const char *why = mode_unsupported(l->mode);

	if (why)
		return bad_state(sim, "COMPUTE_PGM_RSRC1 0x%08x: %s", l->rsrc1, why);
	uint32_t tmpring = SH(sim, mmCOMPUTE_TMPRING_SIZE);

	/* WAVES [11:0]: scratch wave slots, per shader engine where the
	 * target counts them so (the board's SEs share one ring); WAVESIZE
	 * from bit 12 in the target's unit and width (targets.c). */
	l->tmp_waves = tmpring & 0xfff;
	if (t->tmpring_waves_per_se) {
		if (!t->shader_engines)
			return bad_state(sim, "%s counts TMPRING_SIZE.WAVES per shader engine "
					 "but its row has no engine count", t->name);
		l->tmp_waves *= t->shader_engines;
	}
	if ((tmpring >> 12) & ~t->tmpring_wavesize_mask)
		return bad_state(sim, "COMPUTE_TMPRING_SIZE 0x%08x: bits above WAVESIZE", tmpring);
	l->tmp_wave_bytes = ((tmpring >> 12) & t->tmpring_wavesize_mask) * t->tmpring_unit;
	l->architected = t->architected_scratch;
	l->scratch_base = ((uint64_t)SH(sim, mmCOMPUTE_DISPATCH_SCRATCH_BASE_HI) << 40) |
			  ((uint64_t)SH(sim, mmCOMPUTE_DISPATCH_SCRATCH_BASE_LO) << 8);
	l->budget = sim->cfg.max_instructions;
	return 0;
}

static void init_wave(struct wave *w, const struct launch *l, unsigned threads,
		      const uint32_t size[3])
{
	unsigned s = l->user_sgprs;

	w->pc = l->pc;
	memset(w->sgpr, 0, sizeof(w->sgpr));
	for (unsigned i = 0; i < s && i < 16; i++)
		w->sgpr[i] = l->user_data[i];
	for (int d = 0; d < 3; d++)
		if (l->tgid_en[d])
			w->sgpr[s++] = w->wg->id[d];
	if (l->tg_size_en)
		w->sgpr[s++] = (w->index == 0 ? 1u << 31 : 0) | (w->wg->nwaves & 0x3f);
	w->scratch_size = l->scratch_en ? l->tmp_wave_bytes : 0;
	w->scratch_base = 0;
	w->last_load = w->last_sload = ~0ull;
	w->waited = false;
	w->flat_scratch = 0;
	if (l->scratch_en) {
		uint64_t wave_offset = (uint64_t)w->scratch_slot * l->tmp_wave_bytes;

		if (l->architected) {
			w->scratch_base = l->scratch_base + wave_offset;
			w->flat_scratch = w->scratch_base;
		} else {
			w->sgpr[s++] = (uint32_t)wave_offset;	/* scratch wave offset */
		}
	}
	unsigned first = w->index * l->wave_size;
	unsigned lanes = threads - first < l->wave_size ? threads - first : l->wave_size;

	w->wave_size = l->wave_size;

	w->exec = lanes == 64 ? ~0ull : (1ull << lanes) - 1;
	w->vcc = 0;
	w->vcc_hi32 = 0;
	w->m0 = 0;
	w->scc = false;
	w->done = w->at_barrier = w->yield = false;
	w->gws_wait = GWS_NONE;
	wave_set_mode(w, l->mode);
	memset(w->v, 0, (size_t)w->nvgprs * sizeof(*w->v));
	for (unsigned lane = 0; lane < lanes; lane++) {
		unsigned t = first + lane;
		uint32_t x = t % size[0], y = (t / size[0]) % size[1], z = t / (size[0] * size[1]);

		/* gfx90a/942 pack the work-item ids into v0. */
		w->v[0][lane] = x | (l->tidig >= 1 ? y << 10 : 0) | (l->tidig >= 2 ? z << 20 : 0);
	}
}

static const struct insn *fetch_decoded(struct wave *w)
{
	struct icache *ic = w->wk->icache;
	unsigned i = (unsigned)(w->pc >> 2) % ICACHE_SLOTS;

	if (ic->gen[i] == ic->generation && ic->tag[i] == w->pc)
		return &ic->slot[i];
	/* A decode fault names this wave (sim_cur_wave). */
	if (decode(w->sim, w->pc, &ic->slot[i])) {
		ic->gen[i] = 0;
		return NULL;
	}
	/* A table row without a handler (BH_INSN_UNIMPL: known to the
	 * decoder, no semantics yet) is a loud fault, never a no-op. */
	if (!ic->slot[i].desc->exec || (ic->slot[i].desc_y && !ic->slot[i].desc_y->exec)) {
		const struct opdesc *d = ic->slot[i].desc->exec ? ic->slot[i].desc_y : ic->slot[i].desc;

		ic->gen[i] = 0;
		wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, &ic->slot[i], 0,
			   "%s decodes but is not implemented by the model", d->name);
		return NULL;
	}
	ic->tag[i] = w->pc;
	ic->gen[i] = ic->generation;
	return &ic->slot[i];
}

/* Per-class counters (bh_sim_stats): a table lookup and two adds. */
static void count_class(struct bh_sim_stats *st, const struct wave *w, const struct insn *in)
{
	switch (in->desc->fmt) {
	case FMT_SOP2: case FMT_SOPK: case FMT_SOP1: case FMT_SOPC:
		st->salu++;
		break;
	case FMT_SOPP:
		st->control++;
		break;
	case FMT_SMEM:
		st->smem++;
		break;
	case FMT_VALU: case FMT_VOP3P:
		st->valu++;
		st->valu_lane_ops += (uint64_t)__builtin_popcountll(w->exec);
		break;
	case FMT_VOPD:		/* two VALU operations */
		st->valu += 2;
		st->valu_lane_ops += 2ull * (uint64_t)__builtin_popcountll(w->exec);
		break;
	case FMT_DS:
		st->lds++;
		break;
	default:
		st->vmem++;
		break;
	}
}

static inline int run_plain(struct wave *w, const struct insn *in)
{
	if (__builtin_expect(w->host_round & in->desc->flags, 0))
		return exec_host_rounded(w, in);
	return in->desc->exec(w, in);
}

/* Whether a VALU instruction's dst is a VGPR (compares and lane reads
 * write SGPRs, which index mode leaves alone). */
static bool vgpr_dst(const struct insn *in)
{
	const char *n = in->desc->name;

	return in->enc != ENC_VOPC && strncmp(n, "v_cmp", 5) && strncmp(n, "v_readlane", 10) &&
	       strncmp(n, "v_readfirstlane", 15);
}

/*
 * A VALU instruction in VGPR index mode (exec_salu.c, s_set_gpr_idx_on):
 * the enabled VGPR operands moved up by M0[7:0].  An index past the
 * wave's VGPRs faults in the handler's range checks, as any bad VGPR.
 */
static int run_indexed(struct wave *w, const struct insn *in)
{
	struct insn x = *in;
	unsigned idx = w->m0 & 0xff, en = (w->m0 >> 12) & 15;

	for (unsigned k = 0; k < 3; k++)
		if ((en >> k & 1) && x.src[k] >= 256)
			x.src[k] = (uint16_t)(x.src[k] + idx);
	if ((en & 8) && vgpr_dst(in))
		x.dst = (uint16_t)(x.dst + idx);
	return run_plain(w, &x);
}

/*
 * VOPD (RDNA3 ISA, "VOPD"): two VALU operations, X and Y, issued as one;
 * both read their sources before either writes, so "v_dual_mov_b32 v0,
 * v1 :: v_dual_mov_b32 v1, v0" swaps.  Their destinations differ (VDSTY
 * has the other parity, decode_gfx11.c).  X runs first; its destination
 * gets its old values back while Y runs, then X's results.  Each half is
 * the VOP2/VOP1 operation of its table row, with VCC_LO as
 * v_dual_cndmask's mask.
 */
static int run_vopd(struct wave *w, const struct insn *in)
{
	struct insn x = *in, y = *in;
	uint32_t old[WAVE_LANES], res[WAVE_LANES];

	x.enc = y.enc = ENC_VOP2;
	x.desc_y = y.desc_y = NULL;
	y.desc = in->desc_y;
	y.dst = in->dst_y;
	y.src[0] = in->src_y[0];
	y.src[1] = in->src_y[1];
	if (!vgpr_ok(w, x.dst, 1) || !vgpr_ok(w, y.dst, 1))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "VOPD destination v%u or v%u beyond the kernel's %u VGPRs",
				  x.dst, y.dst, w->nvgprs);
	memcpy(old, w->v[x.dst], sizeof(old));
	if (run_plain(w, &x) || w->sim->fault_pending)
		return -1;
	memcpy(res, w->v[x.dst], sizeof(res));
	memcpy(w->v[x.dst], old, sizeof(old));
	if (run_plain(w, &y) || w->sim->fault_pending)
		return -1;
	memcpy(w->v[x.dst], res, sizeof(res));
	return 0;
}

static inline int run(struct wave *w, const struct insn *in)
{
	if (__builtin_expect(in->desc->fmt == FMT_VOPD, 0))
		return run_vopd(w, in);
	if (__builtin_expect(w->mode & MODE_GPR_IDX_EN, 0) &&
	    (in->desc->fmt == FMT_VALU || in->desc->fmt == FMT_VOP3P))
		return run_indexed(w, in);
	return run_plain(w, in);
}

struct resident {
	struct workgroup wg;
	uint32_t (*vgprs)[WAVE_LANES];
	uint8_t *lds;
	bool busy;
};

/*
 * The board's CUs as a share: a resident group of a dispatch of which
 * the board holds L groups at once (resident_limit) takes OCC_UNITS / L,
 * so dispatches running together never hold more than the board.
 */
#define OCC_UNITS	(1ull << 40)

/*
 * A dispatch running (the engine: every running dispatch's groups share
 * the board and its workers).  Resident slot i belongs to worker
 * i % stride; each worker runs rounds over its slots of every running
 * dispatch, every resident group of its own in turn (so none waits
 * behind a spinning one), and starts the next workgroup of the grid
 * (next, shared) in a slot that became free, while the board has room.
 */
struct dispatch_job {
	struct bh_sim *sim;
	struct launch l;
	uint32_t dim[3];
	struct resident *res;
	unsigned nres;
	unsigned nworkers;	/* workers its slots go to once it runs on */
	unsigned stride;	/* 1 while worker 0 runs its first round, then nworkers */
	uint64_t total;
	uint64_t next;		/* atomic: the next workgroup to start */
	uint64_t live;		/* atomic: groups resident or being started */
	uint64_t cost;		/* OCC_UNITS per resident group */
	uint64_t insns;		/* atomic: its wave instructions (the watchdog's) */
	unsigned queue;
	bool exclusive;		/* its queue has GWS: it runs alone */
	unsigned dwords;	/* its ring packet (dispatch_start), 0: dispatch_direct */
	bool published;		/* in sim->jobs */
	bool finished;		/* ended: a dispatch_direct or first-round caller frees it */
	bool stop;		/* atomic: stopped by the deadlock detector */
	unsigned refs;		/* atomic: helpers in a round over it */
	int ret;		/* atomic: a worker's failure */
	struct sim_fault_rec fault;
	/* Its own counters (bh_sim_dispatch_stats), added by each worker
	 * after its round over it (atomics), and when it started. */
	uint64_t n_groups, n_waves, n_lane_ops, n_read, n_written, n_lds;
	uint64_t t0, next_report;
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* @j's counters so far, for the dispatch_done and progress callbacks. */
static void job_stats(const struct dispatch_job *j, struct bh_sim_dispatch_stats *st)
{
	memset(st, 0, sizeof(*st));
	st->queue = j->queue;
	st->pc = j->l.pc;
	memcpy(st->groups, j->dim, sizeof(st->groups));
	memcpy(st->block, j->l.full, sizeof(st->block));
	st->total_groups = j->total;
	st->workgroups = __atomic_load_n(&j->n_groups, __ATOMIC_RELAXED);
	uint64_t started = __atomic_load_n(&j->next, __ATOMIC_RELAXED);
	uint64_t live = __atomic_load_n(&j->live, __ATOMIC_RELAXED);

	started = started < j->total ? started : j->total;
	st->groups_done = started > live ? started - live : 0;
	st->waves = __atomic_load_n(&j->n_waves, __ATOMIC_RELAXED);
	st->instructions = __atomic_load_n(&j->insns, __ATOMIC_RELAXED);
	st->valu_lane_ops = __atomic_load_n(&j->n_lane_ops, __ATOMIC_RELAXED);
	st->global_read = __atomic_load_n(&j->n_read, __ATOMIC_RELAXED);
	st->global_written = __atomic_load_n(&j->n_written, __ATOMIC_RELAXED);
	st->lds_bytes = __atomic_load_n(&j->n_lds, __ATOMIC_RELAXED);
	st->host_ns = now_ns() - j->t0;
	st->faulted = __atomic_load_n(&j->fault.pending, __ATOMIC_ACQUIRE);
}

/* Wave instructions of dispatch @j so far, as worker @wk sees them. */
static inline uint64_t issued(const struct dispatch_job *j, const struct sim_worker *wk)
{
	return __atomic_load_n(&j->insns, __ATOMIC_RELAXED) + wk->stats.instructions -
	       wk->job_from;
}

static int step(struct wave *w, struct dispatch_job *j)
{
	struct sim_worker *wk = w->wk;
	const struct insn *in;

	/* The budget is the dispatch's: every worker's instructions of it count. */
	if (j->l.budget && issued(j, wk) >= j->l.budget)
		return wave_fault(w, BH_SIM_FAULT_WATCHDOG, NULL, 0,
				  "the dispatch issued %llu wave instructions (watchdog)",
				  (unsigned long long)j->l.budget);
	in = fetch_decoded(w);
	if (!in)
		return -1;
	struct trace_snap *snap = NULL;

	if (w->sim->cfg.trace && trace_selected(w)) {
		snap = w->sim->trace_snap;
		trace_before(w, in, snap);
	}
	wk->stats.instructions++;
	wk->since_progress++;
	count_class(&wk->stats, w, in);
	w->pc += 4ull * in->len;
	w->cur = in;
	int ret;

	if (in->dpp) {
		/* DPP narrows EXEC to the lanes that may write (exec_valu_src.c). */
		uint64_t exec = w->exec;

		if (dpp_enter(w, in))
			return -1;
		ret = run(w, in);
		w->exec = exec;
	} else {
		ret = run(w, in);
	}
	if (snap)
		trace_after(w, snap);
	/* Operand helpers report faults without a return path: check here. */
	return ret || sim_faulted(w->sim) ? -1 : 0;
}

/* One scheduling round: each wave runs up to QUANTUM instructions. */
static int run_round(struct workgroup *wg, struct dispatch_job *j)
{
	unsigned waiting = 0, live_before = wg->live;
	struct sim_worker *wk = wg->waves[0].wk;

	wg->live = 0;
	for (unsigned i = 0; i < wg->nwaves; i++) {
		struct wave *w = &wg->waves[i];

		sim_cur_wave = w;
		/* A wave in a GWS wait goes on only once its resource lets it. */
		bool held = w->gws_wait && !gws_try_release(w);
		uint64_t before = wk->stats.instructions;

		w->waited = false;
		w->read_clock = false;
		for (unsigned n = 0; n < QUANTUM && !held && !w->done && !w->at_barrier &&
				     !w->yield && !w->gws_wait; n++)
			if (step(w, j)) {
				sim_cur_wave = NULL;
				return -1;
			}
		/* A wave that ran and showed no sign of waiting (no sleep, no
		 * re-read of what it read last, no atomic that changed nothing)
		 * is computing: that is progress, however long its loop runs
		 * without a store.  So is one that read the real-time clock:
		 * it waits for time, which passes (the watchdog still bounds
		 * it). */
		if (wk->stats.instructions != before && (!w->waited || w->read_clock))
			wave_progress(w);
		w->yield = false;
		if (!w->done)
			wg->live++;
		if (w->at_barrier)
			waiting++;
	}
	sim_cur_wave = NULL;
	if (wg->live < live_before)
		wave_progress(&wg->waves[0]);		/* a wave ended */
	/* Every wave still running has reached s_barrier: release. */
	if (wg->live && waiting == wg->live) {
		for (unsigned i = 0; i < wg->nwaves; i++)
			wg->waves[i].at_barrier = false;
		wave_progress(&wg->waves[0]);
	}
	return 0;
}

static uint32_t group_size(const struct launch *l, int d, uint32_t idx, uint32_t count)
{
	return l->partial_en && idx == count - 1 && l->partial[d] ? l->partial[d] : l->full[d];
}

/* Start workgroup number @n (x fastest) of @j in @r, resident slot @slot, on worker @wk. */
static int launch_workgroup(struct sim_worker *wk, struct dispatch_job *j, uint64_t n,
			    struct resident *r, unsigned slot)
{
	struct bh_sim *sim = wk->sim;
	const struct launch *l = &j->l;
	const uint32_t *dim = j->dim;
	uint32_t x = (uint32_t)(n % dim[0]), y = (uint32_t)(n / dim[0] % dim[1]);
	uint32_t z = (uint32_t)(n / ((uint64_t)dim[0] * dim[1]));
	uint32_t size[3] = { group_size(l, 0, x, dim[0]), group_size(l, 1, y, dim[1]),
			     group_size(l, 2, z, dim[2]) };
	unsigned threads = size[0] * size[1] * size[2];
	struct workgroup *wg = &r->wg;

	wg->sim = sim;
	wg->id[0] = l->start[0] + x;
	wg->id[1] = l->start[1] + y;
	wg->id[2] = l->start[2] + z;
	wg->nwaves = (threads + l->wave_size - 1) / l->wave_size;
	wg->live = wg->nwaves;
	wg->lds = r->lds;
	wg->lds_size = l->lds_size;
	wg->queue = l->queue;
	wg->fault = &j->fault;
	if (wg->nwaves > MAX_WAVES_PER_WG)
		return bad_state(sim, "a workgroup of %u threads", threads);
	if (l->scratch_en && slot * l->wg_waves + wg->nwaves > l->tmp_waves)
		return bad_state(sim, "workgroups need %u scratch waves, TMPRING_SIZE.WAVES is %u",
				 slot * l->wg_waves + wg->nwaves, l->tmp_waves);
	if (r->lds)
		memset(r->lds, 0, l->lds_size);
	for (unsigned i = 0; i < wg->nwaves; i++) {
		struct wave *w = &wg->waves[i];

		w->sim = sim;
		w->wk = wk;
		w->wg = wg;
		w->index = i;
		w->scratch_slot = slot * l->wg_waves + i;
		w->nvgprs = l->nvgprs;
		w->acc_base = l->acc_base;
		w->v = r->vgprs + (size_t)i * l->nvgprs;
		init_wave(w, l, threads, size);
	}
	r->busy = true;
	wk->stats.workgroups++;
	wk->stats.waves += wg->nwaves;
	return 0;
}

static void free_residents(struct resident *r, unsigned n)
{
	for (unsigned i = 0; r && i < n; i++) {
		free(r[i].vgprs);
		free(r[i].lds);
	}
	free(r);
}

/*
 * Whether one of worker @wk's resident waves last read host memory with
 * a vector load (a GART or VM page, not VRAM -- the board's or a KFD's
 * VRAM BO, bh_sim_vm_map_vram -- scratch or LDS) while the
 * board runs beside the host (bh_sim_start): the host can still write
 * it, so a spin on it is a wait for the host, not a deadlock, and the
 * loader's fence timeout bounds it (docs/architecture.md).  A
 * synchronous board runs inside the host's doorbell call, so there
 * nothing answers and the spin is reported.  Vector loads only: volatile
 * and atomic loads are never scalar, and kernel arguments (scalar loads)
 * often live in host memory.  A poll by atomic read-modify-write
 * (atomicCAS, atomicAdd 0) is not seen here.  Each worker asks about its
 * own slots after its round and publishes the answer (pub_host_wait).
 */
static bool waits_for_host(struct bh_sim *sim, const struct resident *res, unsigned nres,
			   unsigned first, unsigned stride)
{
	if (!__atomic_load_n(&sim->async, __ATOMIC_RELAXED))
		return false;
	for (unsigned i = first; i < nres; i += stride) {
		if (!res[i].busy)
			continue;
		for (unsigned k = 0; k < res[i].wg.nwaves; k++) {
			const struct wave *w = &res[i].wg.waves[k];
			uint64_t a = w->last_load;

			if (w->done || w->at_barrier || w->gws_wait || a == ~0ull)
				continue;
			if (mem_is_host(sim, a))
				return true;
		}
	}
	return false;
}

/*
 * How many workgroups of this dispatch the board holds at once: the CU's
 * occupancy (waves, VGPRs, LDS, workgroup slots) times its CUs, bounded
 * by the scratch wave slots TMPRING provides and by the model's host
 * memory budget.  0 (with a fault) when not even one group fits a CU.
 */
static uint64_t resident_limit(struct bh_sim *sim, struct launch *l, unsigned waves)
{
	const struct bh_sim_target *t = sim->target;
	unsigned g = l->vgpr_alloc_granule;
	unsigned by_vgprs = l->vgprs_per_simd / ((l->nvgprs + g - 1) / g * g);
	unsigned per_simd = by_vgprs < t->waves_per_simd ? by_vgprs : t->waves_per_simd;
	unsigned per_cu = per_simd * t->simds_per_cu / waves;

	if (l->lds_size && t->lds_per_cu / l->lds_size < per_cu)
		per_cu = t->lds_per_cu / l->lds_size;
	if (per_cu > t->wgs_per_cu)
		per_cu = t->wgs_per_cu;
	if (!per_cu) {
		bad_state(sim, "a workgroup of %u waves with %u VGPRs does not fit a CU "
			  "(%u wave slots per SIMD, %u VGPRs each)", waves, l->nvgprs,
			  t->waves_per_simd, l->vgprs_per_simd);
		return 0;
	}
	uint64_t limit = (uint64_t)per_cu * (sim->cfg.num_cus ? sim->cfg.num_cus : 1);
	uint64_t bytes = (uint64_t)waves * l->nvgprs * WAVE_LANES * 4;

	if (limit > RESIDENT_VGPR_BYTES / bytes)
		limit = RESIDENT_VGPR_BYTES / bytes ? RESIDENT_VGPR_BYTES / bytes : 1;
	if (l->scratch_en && limit > l->tmp_waves / waves)
		limit = l->tmp_waves / waves ? l->tmp_waves / waves : 1;
	return limit;
}

/* Workgroups of the grid not started yet. */
static uint64_t pending(const struct dispatch_job *j)
{
	uint64_t next = __atomic_load_n(&j->next, __ATOMIC_SEQ_CST);

	return next < j->total ? j->total - next : 0;
}

/* Every group started and ended.  @next is read before @live: a worker
 * counts a group in @live before it takes its number. */
static bool drained(const struct dispatch_job *j)
{
	return !pending(j) && !__atomic_load_n(&j->live, __ATOMIC_SEQ_CST);
}

/* Nothing of @j runs any more: drained, faulted or stopped. */
static bool job_over(const struct dispatch_job *j)
{
	return __atomic_load_n(&j->fault.pending, __ATOMIC_ACQUIRE) ||
	       __atomic_load_n(&j->ret, __ATOMIC_RELAXED) ||
	       __atomic_load_n(&j->stop, __ATOMIC_ACQUIRE) || drained(j);
}

/* Take (give back) a resident group's share of the board. */
static bool occupy(struct bh_sim *sim, const struct dispatch_job *j)
{
	uint64_t cur = __atomic_load_n(&sim->occupancy, __ATOMIC_RELAXED);

	do {
		if (cur + j->cost > OCC_UNITS)
			return false;
	} while (!__atomic_compare_exchange_n(&sim->occupancy, &cur, cur + j->cost, true,
					      __ATOMIC_RELAXED, __ATOMIC_RELAXED));
	return true;
}

static void vacate(struct bh_sim *sim, const struct dispatch_job *j)
{
	__atomic_fetch_sub(&sim->occupancy, j->cost, __ATOMIC_RELAXED);
}

/* A new dispatch may have new code: a worker drops its decoded
 * instructions before its next round. */
static void icache_check(struct sim_worker *wk)
{
	unsigned gen = __atomic_load_n(&wk->sim->code_gen, __ATOMIC_ACQUIRE);

	if (wk->code_gen == gen)
		return;
	wk->code_gen = gen;
	if (++wk->icache->generation == 0) {
		memset(wk->icache->gen, 0, sizeof(wk->icache->gen));
		wk->icache->generation = 1;
	}
}

/*
 * Make the worker's counters visible to the others (worker 0's detector,
 * the shader clock) and add its statistics to the board's.
 */
static void publish(struct sim_worker *wk, uint64_t live, bool host_wait)
{
	struct bh_sim *sim = wk->sim;
	uint64_t n = wk->stats.instructions - wk->flushed;
	uint64_t *to = (uint64_t *)&sim->stats, *from = (uint64_t *)&wk->stats;
	const size_t insns = offsetof(struct bh_sim_stats, instructions) / sizeof(uint64_t);

	if (n)
		__atomic_fetch_add(&sim->clock_insns, n, __ATOMIC_RELAXED);
	wk->flushed = wk->stats.instructions;
	for (size_t i = 0; i < sizeof(wk->stats) / sizeof(uint64_t); i++) {
		uint64_t d = from[i];

		if (i == insns) {	/* its own counter goes on: the detector's */
			d = from[i] - wk->stats_insns;
			wk->stats_insns = from[i];
		} else {
			from[i] = 0;
		}
		if (d)
			__atomic_fetch_add(&to[i], d, __ATOMIC_RELAXED);
	}
	__atomic_store_n(&wk->pub_insns, wk->stats.instructions, __ATOMIC_RELAXED);
	__atomic_store_n(&wk->pub_marks, wk->progress_marks, __ATOMIC_RELAXED);
	__atomic_store_n(&wk->pub_since, wk->since_progress, __ATOMIC_RELAXED);
	__atomic_store_n(&wk->pub_live, live, __ATOMIC_RELAXED);
	__atomic_store_n(&wk->pub_host_wait, host_wait, __ATOMIC_RELAXED);
	__atomic_store_n(&wk->pub_rounds, wk->pub_rounds + 1, __ATOMIC_RELEASE);
}

/*
 * Worker @wk's round over its slots of dispatch @j (slot i is worker
 * i % @stride's): start a group in each free slot while the grid has
 * groups left and the board has room, and run each resident group's
 * round.  Adds to @busy the slots still resident, to @live their waves.
 */
static void job_round(struct dispatch_job *j, struct sim_worker *wk, unsigned stride,
		      unsigned *busy, uint64_t *live, bool *host_wait)
{
	struct bh_sim *sim = j->sim;
	struct resident *res = j->res;
	int ret = 0;

	if (job_over(j))
		return;
	sim_cur_fault = &j->fault;
	wk->job_from = wk->stats.instructions;
	/* publish() empties the counters after the worker's rounds, not
	 * during this one: what they grow by here is @j's. */
	struct bh_sim_stats from = wk->stats;

	for (unsigned i = wk->id; i < j->nres && !ret; i += stride) {
		if (!res[i].busy && pending(j) && occupy(sim, j)) {
			__atomic_fetch_add(&j->live, 1, __ATOMIC_SEQ_CST);
			uint64_t n = __atomic_fetch_add(&j->next, 1, __ATOMIC_SEQ_CST);

			if (n < j->total) {
				ret = launch_workgroup(wk, j, n, &res[i], i);
				wk->since_progress = 0;
				wk->progress_marks++;
			}
			if (!res[i].busy) {	/* none left, or it failed */
				vacate(sim, j);
				__atomic_fetch_sub(&j->live, 1, __ATOMIC_SEQ_CST);
			}
		}
		if (!ret && res[i].busy) {
			ret = run_round(&res[i].wg, j);
			if (!res[i].wg.live) {
				res[i].busy = false;
				vacate(sim, j);
				__atomic_fetch_sub(&j->live, 1, __ATOMIC_SEQ_CST);
			} else {
				(*busy)++;
				*live += res[i].wg.live;
			}
		}
	}
	__atomic_fetch_add(&j->insns, wk->stats.instructions - wk->job_from, __ATOMIC_RELAXED);
	wk->job_from = wk->stats.instructions;
	if (sim->cfg.dispatch_done || sim->cfg.progress) {
		__atomic_fetch_add(&j->n_groups, wk->stats.workgroups - from.workgroups,
				   __ATOMIC_RELAXED);
		__atomic_fetch_add(&j->n_waves, wk->stats.waves - from.waves, __ATOMIC_RELAXED);
		__atomic_fetch_add(&j->n_lane_ops, wk->stats.valu_lane_ops - from.valu_lane_ops,
				   __ATOMIC_RELAXED);
		__atomic_fetch_add(&j->n_read, wk->stats.global_read - from.global_read,
				   __ATOMIC_RELAXED);
		__atomic_fetch_add(&j->n_written, wk->stats.global_written - from.global_written,
				   __ATOMIC_RELAXED);
		__atomic_fetch_add(&j->n_lds, wk->stats.lds_bytes - from.lds_bytes,
				   __ATOMIC_RELAXED);
	}
	*host_wait |= waits_for_host(sim, res, j->nres, wk->id, stride);
	if (ret)
		__atomic_store_n(&j->ret, ret, __ATOMIC_RELAXED);
	sim_cur_fault = NULL;
}

/* Forget the detector's view: the set of workers changed. */
static void detector_reset(struct bh_sim *sim, unsigned want)
{
	uint64_t insns = 0, marks = 0;

	for (unsigned i = 0; i < want; i++) {
		struct sim_worker *wk = &sim->workers[i];

		insns += __atomic_load_n(&wk->pub_insns, __ATOMIC_RELAXED);
		marks += __atomic_load_n(&wk->pub_marks, __ATOMIC_RELAXED);
		wk->seen_rounds = __atomic_load_n(&wk->pub_rounds, __ATOMIC_ACQUIRE);
	}
	sim->seen_insns = insns;
	sim->seen_marks = marks;
	sim->base_insns = insns;
	sim->over = 0;
	sim->seen_want = want;
}

/*
 * Whether the running dispatches are deadlocked, by what the workers
 * published (worker 0 asks after each of its rounds; @since gets the
 * instructions counted since the last progress).  Progress of any of
 * them counts for all: a wave polling memory that another dispatch will
 * write waits, it is not stuck, while that one runs.  With one worker it
 * sees each round as it ends: exactly the single-threaded rule.  With
 * more, "nothing changed" needs two rounds of every worker with slots
 * since the counters last moved: the second began after the snapshot,
 * so it saw whatever any worker did before.
 */
static bool deadlocked(struct bh_sim *sim, uint64_t *since)
{
	unsigned want = sim->pool_want > 1 ? sim->pool_want : 1;
	uint64_t insns = 0, marks = 0, live = 0, need = want == 1 ? 1 : 2;
	bool all_rounds = true, host_wait = false;

	if (want != sim->seen_want)
		detector_reset(sim, want);
	for (unsigned i = 0; i < want; i++) {
		struct sim_worker *wk = &sim->workers[i];
		uint64_t rounds = __atomic_load_n(&wk->pub_rounds, __ATOMIC_ACQUIRE);

		insns += __atomic_load_n(&wk->pub_insns, __ATOMIC_RELAXED);
		marks += __atomic_load_n(&wk->pub_marks, __ATOMIC_RELAXED);
		live += __atomic_load_n(&wk->pub_live, __ATOMIC_RELAXED);
		host_wait |= __atomic_load_n(&wk->pub_host_wait, __ATOMIC_RELAXED);
		if (rounds < wk->seen_rounds + need)
			all_rounds = false;
	}
	bool changed = insns != sim->seen_insns || marks != sim->seen_marks;

	if (marks != sim->seen_marks)
		sim->base_insns = insns;
	if (changed || all_rounds) {
		sim->seen_insns = insns;
		sim->seen_marks = marks;
		for (unsigned i = 0; i < want; i++)
			sim->workers[i].seen_rounds = __atomic_load_n(&sim->workers[i].pub_rounds,
								      __ATOMIC_ACQUIRE);
	}
	/* One worker counts exactly; more count from the last round whose
	 * end showed a progress mark. */
	*since = want == 1 ? sim->workers[0].since_progress : insns - sim->base_insns;
	/* The window is for up to 256 live waves; beyond, each live wave
	 * gets window/256 of its own instructions, so that many waves in a
	 * long loop without stores are not taken for a deadlock. */
	uint64_t window = sim->cfg.deadlock_window * (live > 256 ? (live + 255) / 256 : 1);
	/* Every resident wave waits (in GWS, or at an s_barrier held by
	 * one that does) and nothing changed: nothing ever will. */
	bool stuck = !changed && all_rounds;

	/* A wave polling host memory on a board beside the host: the host
	 * may still answer (waits_for_host). */
	if (!stuck && sim->cfg.deadlock_window && *since >= window && host_wait) {
		if (want == 1)
			sim->workers[0].since_progress = 0;
		sim->base_insns = insns;
		*since = 0;
	}
	/* With more workers a check can read one worker's instructions of
	 * a round before its marks: the window must be found passed twice. */
	sim->over = sim->cfg.deadlock_window && *since >= window ? sim->over + 1 : 0;
	return sim->over >= need || stuck;
}

/*
 * No progress for the configured window: every resident wave of every
 * running dispatch waits (at a barrier, in GWS, or polling memory or
 * sleeping) and none computes.  Say so with the setting's name first
 * (the message is short: 256 bytes), then how many workgroups are
 * resident and never started -- the usual cause is a wait on a workgroup
 * that cannot become resident, or on a flag nothing will set -- and the
 * first waves: where each waits and on what (with its queue, "qN", when
 * dispatches of several queues wait on each other).  Each dispatch gets
 * the fault, naming its own first wave.
 */
static void deadlock(struct bh_sim *sim, struct dispatch_job **jobs, unsigned njobs,
		     uint64_t since)
{
	char where[256] = "";
	unsigned n = 0, resident = 0, several = njobs > 1;
	uint64_t left = 0;

	for (unsigned k = 0; k < njobs; k++) {
		const struct dispatch_job *j = jobs[k];

		left += pending(j);
		for (unsigned i = 0; i < j->nres; i++) {
			if (!j->res[i].busy)
				continue;
			resident++;
			for (unsigned m = 0; m < j->res[i].wg.nwaves; m++) {
				const struct wave *w = &j->res[i].wg.waves[m];

				if (w->done || n >= sizeof(where) - 48)
					continue;
				n += (unsigned)snprintf(where + n, sizeof(where) - n, "%s", n ? ", " : "");
				if (several)
					n += (unsigned)snprintf(where + n, sizeof(where) - n, "q%u ",
								j->queue);
				n += (unsigned)snprintf(where + n, sizeof(where) - n,
							"(%u,%u,%u).%u %s@0x%llx", w->wg->id[0],
							w->wg->id[1], w->wg->id[2], w->index,
							w->at_barrier ? "barrier" : w->gws_wait ? "gws"
							: "poll", (unsigned long long)w->pc);
			}
		}
	}
	for (unsigned k = 0; k < njobs; k++) {
		struct dispatch_job *j = jobs[k];
		const struct wave *first = NULL;

		for (unsigned i = 0; i < j->nres && !first; i++)
			for (unsigned m = 0; j->res[i].busy && m < j->res[i].wg.nwaves; m++)
				if (!first && !j->res[i].wg.waves[m].done)
					first = &j->res[i].wg.waves[m];
		sim_cur_fault = &j->fault;
		sim_fault(sim, BH_SIM_FAULT_DEADLOCK, first ? first->pc : 0, NULL, 0, 0,
			  "deadlock: every wave waits, none computes or stores, for %llu wave "
			  "instructions (BAREHIP_SIM_DEADLOCK_WINDOW); %u groups resident, %llu not "
			  "started; %s", (unsigned long long)since, resident,
			  (unsigned long long)left, where);
		sim_cur_fault = NULL;
		if (first && j->fault.fault.kind == BH_SIM_FAULT_DEADLOCK) {
			for (int d = 0; d < 3; d++)
				j->fault.fault.workgroup[d] = first->wg->id[d];
			j->fault.fault.wave = first->index;
		}
	}
}

static void abort_fault(struct bh_sim *sim, struct dispatch_job *j)
{
	sim_cur_fault = &j->fault;
	sim_fault(sim, BH_SIM_FAULT_BAD_STATE, 0, NULL, 0, 0,
		  "dispatch stopped: its queue was reset or the board destroyed while it ran");
	sim_cur_fault = NULL;
}

static void job_free(struct dispatch_job *j)
{
	free_residents(j->res, j->nres);
	free(j);
}

/* @j ended (worker 0, no worker in it): give back what it held; one that
 * ran beside others ends its packet in its queue. */
static void job_end(struct bh_sim *sim, struct dispatch_job *j)
{
	if (sim->cfg.dispatch_done) {
		struct bh_sim_dispatch_stats st;

		job_stats(j, &st);
		sim->cfg.dispatch_done(sim->cfg.stats_ctx, &st);
	}
	for (unsigned i = 0; i < j->nres; i++)
		if (j->res[i].busy)	/* a fault or a stop left it resident */
			vacate(sim, j);
	gws_dispatch_end(sim, j->queue);
	if (j->published && j->dwords) {
		sim_cp_dispatch_done(sim, j->queue, j->dwords,
				     __atomic_load_n(&j->fault.pending, __ATOMIC_ACQUIRE) ?
				     &j->fault : NULL);
		job_free(j);
		return;
	}
	j->finished = true;
}

/* Who runs rounds: workers 1..pool_want-1 (pool_lock held). */
static void set_want(struct bh_sim *sim)
{
	unsigned want = 0;

	for (unsigned k = 0; k < sim->njobs; k++)
		if (sim->jobs[k]->stride > want)
			want = sim->jobs[k]->stride;
	sim->pool_want = want;
}

/* Worker 0: end the dispatches that are over (and report a deadlock). */
static void reap(struct bh_sim *sim, uint64_t since)
{
	struct dispatch_job *over[MAX_JOBS], *stuck[MAX_JOBS], *keep[MAX_JOBS];
	unsigned n = 0, nstuck = 0, nkeep = 0;

	for (unsigned k = 0; k < sim->njobs; k++) {
		if (job_over(sim->jobs[k]))
			over[n++] = sim->jobs[k];
		else
			keep[nkeep++] = sim->jobs[k];
	}
	if (!n)
		return;
	pthread_mutex_lock(&sim->pool_lock);
	memcpy(sim->jobs, keep, nkeep * sizeof(keep[0]));
	sim->njobs = nkeep;
	set_want(sim);
	pthread_mutex_unlock(&sim->pool_lock);
	for (unsigned k = 0; k < n; k++) {
		struct dispatch_job *j = over[k];

		while (__atomic_load_n(&j->refs, __ATOMIC_ACQUIRE))
			sched_yield();
		/* A stop that came as the last groups ended is no deadlock. */
		if (j->stop && !drained(j) && !__atomic_load_n(&j->fault.pending, __ATOMIC_ACQUIRE))
			stuck[nstuck++] = j;
	}
	if (nstuck)
		deadlock(sim, stuck, nstuck, since);
	for (unsigned k = 0; k < n; k++)
		job_end(sim, over[k]);
}

/* Make @j run beside the others, on its workers. */
static void enqueue(struct bh_sim *sim, struct dispatch_job *j)
{
	if (j->nworkers > 1)
		for (unsigned i = 0; i < j->nres; i++)
			for (unsigned k = 0; k < MAX_WAVES_PER_WG; k++)
				j->res[i].wg.waves[k].wk = &sim->workers[i % j->nworkers];
	pthread_mutex_lock(&sim->pool_lock);
	if (!sim->njobs)
		sim->seen_want = 0;	/* a fresh start for the detector */
	j->stride = j->nworkers;
	j->published = true;
	sim->jobs[sim->njobs++] = j;
	set_want(sim);
	pthread_cond_broadcast(&sim->pool_cv);
	pthread_mutex_unlock(&sim->pool_lock);
}

bool sim_engine_busy(struct bh_sim *sim)
{
	return sim->njobs != 0;
}

/* Worker 0 has nothing of its own to run: wait a little for the others. */
static void idle_wait(struct bh_sim *sim)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	t.tv_nsec += 1000000;
	if (t.tv_nsec >= 1000000000) {
		t.tv_sec++;
		t.tv_nsec -= 1000000000;
	}
	/* Out of the address space lock: a host map must not wait for a
	 * thread that only waits. */
	sim_as_leave(sim);
	pthread_mutex_lock(&sim->pool_lock);
	pthread_cond_timedwait(&sim->done_cv, &sim->pool_lock, &t);
	pthread_mutex_unlock(&sim->pool_lock);
	sim_as_enter(sim);
}

void sim_engine_round(struct bh_sim *sim)
{
	struct sim_worker *wk = &sim->workers[0];
	uint64_t live = 0, since = 0;
	unsigned busy = 0;
	bool host_wait = false, running = false;

	sim_cur_worker = wk;
	icache_check(wk);
	for (unsigned k = 0; k < sim->njobs; k++)
		job_round(sim->jobs[k], wk, sim->jobs[k]->stride, &busy, &live, &host_wait);
	publish(wk, live, host_wait);
	for (unsigned k = 0; k < sim->njobs; k++) {
		struct dispatch_job *j = sim->jobs[k];

		if (job_over(j))
			continue;
		/* Its queue is reset, or the board goes: it stops. */
		if (__atomic_load_n(&sim->queues[j->queue].abort, __ATOMIC_RELAXED) ||
		    (!j->dwords && sim_cp_aborting(sim)))
			abort_fault(sim, j);
		else
			running = true;
	}
	/* A long dispatch says how far it is, every progress_ns. */
	if (running && sim->cfg.progress && sim->cfg.progress_ns) {
		uint64_t t = now_ns();

		for (unsigned k = 0; k < sim->njobs; k++) {
			struct dispatch_job *j = sim->jobs[k];
			struct bh_sim_dispatch_stats st;

			if (job_over(j) || t < j->next_report)
				continue;
			j->next_report = t + sim->cfg.progress_ns;
			job_stats(j, &st);
			sim->cfg.progress(sim->cfg.stats_ctx, &st);
		}
	}
	if (running && deadlocked(sim, &since))
		for (unsigned k = 0; k < sim->njobs; k++)
			__atomic_store_n(&sim->jobs[k]->stop, true, __ATOMIC_RELEASE);
	reap(sim, since);
	if (sim->njobs && !busy && sim->pool_want > 1)
		idle_wait(sim);
	/* Between rounds no translated pointer is live: a host map or
	 * unmap waiting for the address space goes now. */
	sim_as_quiesce(sim);
	sim_cur_worker = NULL;
}

void engine_work(struct sim_worker *wk)
{
	struct bh_sim *sim = wk->sim;

	sim_cur_worker = wk;
	sim_as_enter(sim);
	for (;;) {
		struct dispatch_job *mine[MAX_JOBS];
		unsigned n = 0, busy = 0;
		uint64_t live = 0, before = wk->stats.instructions;
		bool host_wait = false, ended = false;

		pthread_mutex_lock(&sim->pool_lock);
		if (wk->id >= sim->pool_want) {
			sim->pool_running--;
			pthread_mutex_unlock(&sim->pool_lock);
			break;
		}
		for (unsigned k = 0; k < sim->njobs; k++) {
			struct dispatch_job *j = sim->jobs[k];

			if (wk->id < j->stride && !job_over(j)) {
				__atomic_fetch_add(&j->refs, 1, __ATOMIC_RELAXED);
				mine[n++] = j;
			}
		}
		pthread_mutex_unlock(&sim->pool_lock);
		icache_check(wk);
		for (unsigned k = 0; k < n; k++)
			job_round(mine[k], wk, mine[k]->stride, &busy, &live, &host_wait);
		publish(wk, live, host_wait);
		for (unsigned k = 0; k < n; k++) {
			ended |= job_over(mine[k]);
			/* Not a look at it after this: worker 0 may free it. */
			__atomic_fetch_sub(&mine[k]->refs, 1, __ATOMIC_RELEASE);
		}
		if (ended) {
			pthread_mutex_lock(&sim->pool_lock);
			pthread_cond_broadcast(&sim->done_cv);
			pthread_mutex_unlock(&sim->pool_lock);
		}
		if (wk->stats.instructions == before) {
			/* Only waiting waves here: let a worker sharing the core run. */
			sched_yield();
		}
		sim_as_quiesce(sim);
	}
	sim_as_leave(sim);
	sim_cur_worker = NULL;
}

/*
 * A dispatch of the current queue, its launch read and its storage made
 * (@out NULL and 0 for an empty grid; -1 with a fault when it cannot
 * run).  The CP's thread, as_lock held.
 */
static int job_new(struct bh_sim *sim, const uint32_t dim[3], uint32_t initiator,
		   unsigned dwords, struct dispatch_job **out)
{
	struct dispatch_job *j = calloc(1, sizeof(*j));

	*out = NULL;
	if (!j)
		return bad_state(sim, "out of host memory for a dispatch");
	if (read_launch(sim, initiator, &j->l)) {
		free(j);
		return -1;
	}
	sim->stats.dispatches++;
	uint64_t total = (uint64_t)dim[0] * dim[1] * dim[2];

	if (total == 0) {
		free(j);
		return 0;
	}
	/* VGPR storage for the largest workgroup this dispatch has. */
	uint64_t max_threads = (uint64_t)j->l.full[0] * j->l.full[1] * j->l.full[2];
	size_t max_waves = (size_t)((max_threads + j->l.wave_size - 1) / j->l.wave_size);

	if (max_waves > MAX_WAVES_PER_WG) {
		free(j);
		return bad_state(sim, "NUM_THREAD asks for %llu threads per workgroup",
				 (unsigned long long)max_threads);
	}
	j->l.wg_waves = (unsigned)max_waves;
	uint64_t limit = resident_limit(sim, &j->l, (unsigned)max_waves);

	if (!limit) {
		free(j);
		return -1;
	}
	j->sim = sim;
	j->t0 = now_ns();
	j->next_report = j->t0 + sim->cfg.progress_ns;
	memcpy(j->dim, dim, sizeof(j->dim));
	j->total = total;
	j->nres = (unsigned)(total < limit ? total : limit);
	j->nworkers = sim->nworkers < j->nres ? sim->nworkers : j->nres;
	j->stride = 1;
	j->cost = OCC_UNITS / limit;
	j->queue = j->l.queue;
	j->fault.queue = j->l.queue;
	j->exclusive = sim->queues[j->queue].gws.count > 0;
	j->dwords = dwords;
	j->res = calloc(j->nres, sizeof(*j->res));
	for (unsigned i = 0; j->res && i < j->nres; i++) {
		j->res[i].vgprs = calloc(max_waves * j->l.nvgprs, sizeof(*j->res[i].vgprs));
		j->res[i].lds = j->l.lds_size ? calloc(1, j->l.lds_size) : NULL;
		if (!j->res[i].vgprs || (j->l.lds_size && !j->res[i].lds))
			break;
		if (i == j->nres - 1)
			*out = j;
	}
	if (!*out) {
		job_free(j);
		return bad_state(sim, "out of host memory for workgroups");
	}
	/* Code may have changed since the last dispatch. */
	__atomic_fetch_add(&sim->code_gen, 1, __ATOMIC_RELEASE);
	return 0;
}

/* Whether @j may not start now: a dispatch of a queue with GWS (a
 * cooperative launch) runs alone, with all of the board. */
static bool conflicts(const struct bh_sim *sim, bool exclusive)
{
	if (!sim->njobs)
		return false;
	if (exclusive || sim->njobs >= MAX_JOBS - 1)
		return true;
	for (unsigned k = 0; k < sim->njobs; k++)
		if (sim->jobs[k]->exclusive)
			return true;
	return false;
}

/*
 * The first round of @j runs here alone, on worker 0: a small dispatch
 * (most of a program's launches) ends in it and never wakes a thread.
 * Work left after it goes to its workers (enqueue).
 */
static void first_round(struct bh_sim *sim, struct dispatch_job *j)
{
	struct sim_worker *wk = &sim->workers[0];
	uint64_t live = 0;
	unsigned busy = 0;
	bool host_wait = false;

	sim_cur_worker = wk;
	icache_check(wk);
	if (!sim->njobs)
		wk->since_progress = 0;
	job_round(j, wk, 1, &busy, &live, &host_wait);
	publish(wk, live, host_wait);
	sim_cur_worker = NULL;
	if (job_over(j))
		job_end(sim, j);
	else
		enqueue(sim, j);
}

/* @j ended on the CP's thread: its fault becomes the CP's (the caller's
 * packet fails with it); freed. */
static int job_result(struct bh_sim *sim, struct dispatch_job *j)
{
	int ret = __atomic_load_n(&j->ret, __ATOMIC_RELAXED) ? -1 : 0;

	if (__atomic_load_n(&j->fault.pending, __ATOMIC_ACQUIRE)) {
		pthread_mutex_lock(&sim->fault_lock);
		if (!sim->fault_pending) {
			sim->fault = j->fault.fault;
			__atomic_store_n(&sim->fault_pending, true, __ATOMIC_RELEASE);
			__atomic_store_n(&sim->fault_any, true, __ATOMIC_RELEASE);
		}
		pthread_mutex_unlock(&sim->fault_lock);
		ret = -1;
	}
	job_free(j);
	return ret;
}

/*
 * Workgroups run concurrently, as many at a time as the board holds
 * (resident_limit, shared with the dispatches running beside), their
 * waves interleaved round-robin, so that one workgroup may wait on
 * memory written by another; with more than one worker, groups of
 * different workers run on different host threads.  One worker runs
 * everything in the order the single-threaded model always did (traces
 * and faults the same, run after run).
 */
int dispatch_direct(struct bh_sim *sim, const uint32_t dim[3], uint32_t initiator)
{
	struct dispatch_job *j;
	bool async = __atomic_load_n(&sim->async, __ATOMIC_RELAXED);

	/* A dispatch that must run alone waits for the others first. */
	while (conflicts(sim, sim->queues[sim->cur_queue].gws.count > 0)) {
		sim_engine_round(sim);
		if (async)
			sim_cp_between_rounds(sim);
	}
	int r = job_new(sim, dim, initiator, 0, &j);

	if (r || !j)
		return r;
	first_round(sim, j);
	while (!j->finished) {
		sim_engine_round(sim);
		/* Other queues' packets, on the CP's thread (worker 0): they
		 * switch the board's SH registers and current queue, which the
		 * workers no longer read (the launch holds its user data, each
		 * workgroup its queue), and fault into the CP's own record
		 * (sim_fault_redirect), not the dispatch's; a dispatch of
		 * theirs starts beside this one (dispatch_start). */
		if (!j->finished && async)
			sim_cp_between_rounds(sim);
	}
	return job_result(sim, j);
}

int dispatch_start(struct bh_sim *sim, const uint32_t dim[3], uint32_t initiator,
		   unsigned dwords)
{
	struct dispatch_job *j;

	if (conflicts(sim, sim->queues[sim->cur_queue].gws.count > 0))
		return 3;
	int r = job_new(sim, dim, initiator, dwords, &j);

	if (r || !j)
		return r;
	/* Between another dispatch's rounds: it joins them (no round here,
	 * inside the CP's service of other queues). */
	if (sim->nested) {
		enqueue(sim, j);
		return 1;
	}
	first_round(sim, j);
	if (!j->finished)
		return 1;
	return job_result(sim, j);
}
