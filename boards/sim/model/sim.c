// SPDX-License-Identifier: MIT
/* The sim board's public face (sim.h): creation, memory, faults, clocks.
 * Queues are queue.c's. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "model.h"

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

struct bh_sim *bh_sim_create(const struct bh_sim_config *cfg, char *why)
{
	struct bh_sim *sim;

	if ((unsigned)cfg->gfx >= BH_SIM_GFX_COUNT) {
		if (why)
			snprintf(why, 256, "unknown GPU %d", (int)cfg->gfx);
		return NULL;
	}
	if (cfg->vram_size == 0 || cfg->vram_size % 4096) {
		if (why)
			snprintf(why, 256, "VRAM size %llu is not a multiple of 4 KiB",
				 (unsigned long long)cfg->vram_size);
		return NULL;
	}
	/* VRAM and the GART aperture must not overlap in the GPU's address space. */
	if (cfg->vram_size > BH_SIM_GART_BASE - BH_SIM_VRAM_BASE) {
		if (why)
			snprintf(why, 256, "VRAM size %llu MiB reaches the GART aperture at 0x%llx",
				 (unsigned long long)(cfg->vram_size >> 20),
				 (unsigned long long)BH_SIM_GART_BASE);
		return NULL;
	}
	sim = calloc(1, sizeof(*sim));
	if (!sim) {
		if (why)
			snprintf(why, 256, "out of memory");
		return NULL;
	}
	sim->cfg = *cfg;
	sim->target = &bh_sim_targets[cfg->gfx];
	sim->vram_size = cfg->vram_size;
	/* Reserved, not committed: pages appear as the GPU touches them. */
	sim->vram = mmap(NULL, cfg->vram_size, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (sim->vram == MAP_FAILED) {
		if (why)
			snprintf(why, 256, "cannot reserve %llu bytes of VRAM",
				 (unsigned long long)cfg->vram_size);
		free(sim);
		return NULL;
	}
	sim->trace_snap = cfg->trace ? calloc(1, sizeof(*sim->trace_snap)) : NULL;
	if (cfg->trace && !sim->trace_snap) {
		if (why)
			snprintf(why, 256, "out of memory");
		munmap(sim->vram, cfg->vram_size);
		free(sim);
		return NULL;
	}
	pthread_mutex_init(&sim->fault_lock, NULL);
	pthread_mutex_init(&sim->gws_lock, NULL);
	{
		/* Writer-preferring (a glibc extension; elsewhere the default
		 * kind): a host map waits for one scheduling round. */
		pthread_rwlockattr_t a;

		pthread_rwlockattr_init(&a);
#ifdef __GLIBC__
		pthread_rwlockattr_setkind_np(&a, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
#endif
		pthread_rwlock_init(&sim->as_lock, &a);
		pthread_rwlockattr_destroy(&a);
	}
	sim_queues_init(sim);
	sim->ops = decode_table(sim->target->isa);
	sim->sh = sim->queues[0].sh;
	sim->clock_base_ns = now_ns();
	if (sim_pool_start(sim, why)) {
		bh_sim_destroy(sim);
		return NULL;
	}
	return sim;
}

void bh_sim_destroy(struct bh_sim *sim)
{
	if (!sim)
		return;
	sim_queues_fini(sim);	/* the CP thread first: it uses the rest */
	sim_pool_stop(sim);	/* then the dispatch workers it woke */
	munmap(sim->vram, sim->vram_size);
	pthread_rwlock_destroy(&sim->as_lock);
	pthread_mutex_destroy(&sim->fault_lock);
	pthread_mutex_destroy(&sim->gws_lock);
	free(sim->maps);
	free(sim->trace_snap);
	free(sim);
}

int bh_sim_threads_setting(const char *env, unsigned dflt, unsigned *threads, char *why)
{
	unsigned long v = 0;
	const char *c;

	if (!env || !*env) {
		*threads = dflt;
		return 0;
	}
	for (c = env; *c >= '0' && *c <= '9' && v <= 256; c++)
		v = v * 10 + (unsigned long)(*c - '0');
	if (*c || v > 256) {
		if (why)
			snprintf(why, 256, "BAREHIP_SIM_THREADS='%.32s' is not a count of host "
				 "threads 0..256 (0: one per online core)", env);
		return -1;
	}
	*threads = (unsigned)v;
	return 0;
}

int bh_sim_count_setting(const char *name, const char *env, uint64_t *count, char *why)
{
	uint64_t v = 0;
	const char *c;

	if (!env || !*env)
		return 0;
	/* Digits only: no sign, no blanks, no wrap past 2^64-1. */
	for (c = env; *c >= '0' && *c <= '9'; c++) {
		unsigned d = (unsigned)(*c - '0');

		if (v > (UINT64_MAX - d) / 10)
			break;
		v = v * 10 + d;
	}
	if (*c) {
		if (why)
			snprintf(why, 256, "%s='%.32s' is not a count of wave instructions "
				 "(0 .. 2^64-1)", name, env);
		return -1;
	}
	*count = v;
	return 0;
}

int bh_sim_vram_setting(const char *env, unsigned dflt_mb, uint64_t *bytes, char *why)
{
	unsigned long v = 0;
	const char *c;

	if (!env || !*env) {
		*bytes = (uint64_t)dflt_mb << 20;
		return 0;
	}
	for (c = env; *c >= '0' && *c <= '9' && v <= BH_SIM_VRAM_MAX_MB; c++)
		v = v * 10 + (unsigned long)(*c - '0');
	if (*c || v < 16 || v > BH_SIM_VRAM_MAX_MB) {
		if (why)
			snprintf(why, 256, "BAREHIP_SIM_VRAM_MB='%.32s' is not a VRAM size in MiB "
				 "%u..%u", env, 16u, BH_SIM_VRAM_MAX_MB);
		return -1;
	}
	*bytes = (uint64_t)v << 20;
	return 0;
}

void *bh_sim_vram(struct bh_sim *sim)
{
	return sim->vram;
}

uint64_t bh_sim_vram_size(const struct bh_sim *sim)
{
	return sim->vram_size;
}

int bh_sim_gart_map(struct bh_sim *sim, uint64_t va, void *host, uint64_t size)
{
	if (va < BH_SIM_GART_BASE || size > BH_SIM_GART_SIZE ||
	    va - BH_SIM_GART_BASE > BH_SIM_GART_SIZE - size)
		return -1;
	return mem_map(sim, va, host, size, false);
}

int bh_sim_gart_unmap(struct bh_sim *sim, uint64_t va)
{
	return mem_unmap(sim, va);
}

static int vm_map(struct bh_sim *sim, uint64_t va, void *host, uint64_t size, bool local)
{
	if (va < 4096 || size > BH_SIM_VM_LIMIT || va > BH_SIM_VM_LIMIT - size)
		return -1;
	return mem_map(sim, va, host, size, local);
}

int bh_sim_vm_map(struct bh_sim *sim, uint64_t va, void *host, uint64_t size)
{
	return vm_map(sim, va, host, size, false);
}

int bh_sim_vm_map_vram(struct bh_sim *sim, uint64_t va, void *host, uint64_t size)
{
	return vm_map(sim, va, host, size, true);
}

int bh_sim_vm_unmap(struct bh_sim *sim, uint64_t va)
{
	return mem_unmap(sim, va);
}

_Thread_local struct wave *sim_cur_wave;
_Thread_local struct sim_fault_slot *sim_fault_redirect;
_Thread_local struct sim_worker *sim_cur_worker;
_Thread_local struct sim_fault_rec *sim_cur_fault;

/*
 * The first fault wins (it is the cause): set under fault_lock, so two
 * workers faulting at once leave one whole record, with the workgroup
 * and wave of the one that raised it (@w, else the wave this thread
 * runs).  fault_pending is published last: the workers stop on it.
 */
static void vfault(struct bh_sim *sim, struct wave *w, enum bh_sim_fault_kind kind, uint64_t pc,
		   const uint32_t *dw, unsigned ndw, uint64_t addr, enum bh_sim_access access,
		   const char *fmt, va_list ap) __attribute__((format(printf, 9, 0)));

/* Fill @f: one fault record, of the wave @w if any. */
static void fill_fault(struct bh_sim_fault *f, const struct wave *w, unsigned queue,
		       enum bh_sim_fault_kind kind, uint64_t pc, const uint32_t *dw, unsigned ndw,
		       uint64_t addr, enum bh_sim_access access, const char *fmt, va_list ap)
	__attribute__((format(printf, 10, 0)));

static void fill_fault(struct bh_sim_fault *f, const struct wave *w, unsigned queue,
		       enum bh_sim_fault_kind kind, uint64_t pc, const uint32_t *dw, unsigned ndw,
		       uint64_t addr, enum bh_sim_access access, const char *fmt, va_list ap)
{
	memset(f, 0, sizeof(*f));
	f->kind = kind;
	f->queue = queue;
	f->pc = pc;
	for (unsigned i = 0; i < ndw && i < 3; i++)
		f->dwords[i] = dw[i];
	f->address = addr;
	f->access = access;
	vsnprintf(f->message, sizeof(f->message), fmt, ap);
	if (w) {
		for (int d = 0; d < 3; d++)
			f->workgroup[d] = w->wg->id[d];
		f->wave = w->index;
	}
}

static void vfault(struct bh_sim *sim, struct wave *w, enum bh_sim_fault_kind kind, uint64_t pc,
		   const uint32_t *dw, unsigned ndw, uint64_t addr, enum bh_sim_access access,
		   const char *fmt, va_list ap)
{
	struct sim_fault_slot *slot = sim_fault_redirect;
	struct sim_fault_rec *rec = sim_cur_fault;

	if (!w && sim_cur_wave && sim_cur_wave->sim == sim)
		w = sim_cur_wave;
	if (w && w->wg->fault)
		rec = w->wg->fault;
	if (rec) {
		/* A dispatch's: its first fault stops it, and only it. */
		pthread_mutex_lock(&sim->fault_lock);
		if (!rec->pending) {
			fill_fault(&rec->fault, w, w ? w->wg->queue : rec->queue, kind, pc, dw,
				   ndw, addr, access, fmt, ap);
			__atomic_store_n(&rec->pending, true, __ATOMIC_RELEASE);
			__atomic_store_n(&sim->fault_any, true, __ATOMIC_RELEASE);
			if (sim->cfg.trace)
				fprintf(stderr, "sim: FAULT %s\n", rec->fault.message);
		}
		pthread_mutex_unlock(&sim->fault_lock);
		return;
	}
	if (slot && slot->sim == sim) {
		/* The CP serving another queue: no wave of the dispatch. */
		if (!slot->pending)
			fill_fault(&slot->fault, NULL, sim->cur_queue, kind, pc, dw, ndw, addr,
				   access, fmt, ap);
		slot->pending = true;
		return;
	}
	pthread_mutex_lock(&sim->fault_lock);
	if (sim->fault_pending) {
		pthread_mutex_unlock(&sim->fault_lock);
		return;
	}
	fill_fault(&sim->fault, w, w ? w->wg->queue : sim->cur_queue, kind, pc, dw, ndw, addr,
		   access, fmt, ap);
	__atomic_store_n(&sim->fault_pending, true, __ATOMIC_RELEASE);
	__atomic_store_n(&sim->fault_any, true, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&sim->fault_lock);
	if (sim->cfg.trace)
		fprintf(stderr, "sim: FAULT %s\n", sim->fault.message);
}

void sim_fault(struct bh_sim *sim, enum bh_sim_fault_kind kind, uint64_t pc,
	       const uint32_t *dw, unsigned ndw, uint64_t addr, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfault(sim, NULL, kind, pc, dw, ndw, addr, BH_SIM_ACCESS_NONE, fmt, ap);
	va_end(ap);
}

static void fault_with(struct bh_sim *sim, struct wave *w, enum bh_sim_fault_kind kind,
		       uint64_t pc, const uint32_t *dw, unsigned ndw, uint64_t addr,
		       enum bh_sim_access access, const char *fmt, ...)
	__attribute__((format(printf, 9, 10)));

static void fault_with(struct bh_sim *sim, struct wave *w, enum bh_sim_fault_kind kind,
		       uint64_t pc, const uint32_t *dw, unsigned ndw, uint64_t addr,
		       enum bh_sim_access access, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfault(sim, w, kind, pc, dw, ndw, addr, access, fmt, ap);
	va_end(ap);
}

static int vwave_fault(struct wave *w, enum bh_sim_fault_kind kind, const struct insn *in,
		       uint64_t addr, enum bh_sim_access access, const char *fmt, va_list ap)
	__attribute__((format(printf, 6, 0)));

static int vwave_fault(struct wave *w, enum bh_sim_fault_kind kind, const struct insn *in,
		       uint64_t addr, enum bh_sim_access access, const char *fmt, va_list ap)
{
	char msg[200];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (!in)
		in = w->cur;	/* a fault raised by an operand helper */
	fault_with(w->sim, w, kind, in ? in->pc : w->pc, in ? in->dw : NULL, in ? in->len : 0,
		   addr, access, "%s%s%s", in && in->desc ? in->desc->name : "",
		   in && in->desc ? ": " : "", msg);
	return -1;
}

int wave_fault(struct wave *w, enum bh_sim_fault_kind kind, const struct insn *in,
	       uint64_t addr, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwave_fault(w, kind, in, addr, BH_SIM_ACCESS_NONE, fmt, ap);
	va_end(ap);
	return -1;
}

int wave_fault_access(struct wave *w, const struct insn *in, uint64_t addr,
		      enum bh_sim_access access, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwave_fault(w, BH_SIM_FAULT_MEMORY, in, addr, access, fmt, ap);
	va_end(ap);
	return -1;
}

const char *bh_sim_fault_name(enum bh_sim_fault_kind kind)
{
	switch (kind) {
	case BH_SIM_FAULT_ILLEGAL_INSTRUCTION: return "illegal instruction";
	case BH_SIM_FAULT_MEMORY: return "memory violation";
	case BH_SIM_FAULT_BAD_PACKET: return "bad PM4 packet";
	case BH_SIM_FAULT_TRAP: return "trap";
	case BH_SIM_FAULT_WATCHDOG: return "watchdog timeout";
	case BH_SIM_FAULT_BAD_STATE: return "bad dispatch state";
	case BH_SIM_FAULT_DEADLOCK: return "deadlock (no progress)";
	case BH_SIM_FAULT_NONE: break;
	}
	return "fault";
}

uint64_t bh_sim_clock(const struct bh_sim *sim)
{
	return (now_ns() - sim->clock_base_ns) / (1000000000ull / sim->target->timestamp_hz);
}

uint64_t bh_sim_clock_hz(const struct bh_sim *sim)
{
	return sim->target->timestamp_hz;
}

/*
 * A wave64 instruction occupies its SIMD's 16 lanes for four cycles.
 * The count is every worker's flushed instructions (each flushes after
 * its rounds) and, on a worker's own thread, those it has not flushed
 * yet: monotonic for every reader, exact with one worker.
 */
uint64_t bh_sim_shader_clock(const struct bh_sim *sim)
{
	uint64_t n = __atomic_load_n(&sim->clock_insns, __ATOMIC_RELAXED);
	const struct sim_worker *wk = sim_cur_worker;

	if (wk && wk->sim == sim)
		n += wk->stats.instructions - wk->flushed;
	return n * BH_SIM_CYCLES_PER_INSN;
}

/* The workers' counters are merged in at the end of each dispatch. */
void bh_sim_get_stats(const struct bh_sim *sim, struct bh_sim_stats *out)
{
	/* The workers add to them (atomics) after each round. */
	const uint64_t *in = (const uint64_t *)&sim->stats;
	uint64_t *o = (uint64_t *)out;

	for (size_t i = 0; i < sizeof(*out) / sizeof(uint64_t); i++)
		o[i] = __atomic_load_n(&in[i], __ATOMIC_RELAXED);
}
