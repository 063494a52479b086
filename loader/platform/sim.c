// SPDX-License-Identifier: MIT
/*
 * The sim backend: the GPU model of boards/sim running in this process.
 * It plays the part a kernel driver plays for real boards: VRAM and
 * GART address management, queue (HQD) setup, the doorbell, faults.
 */
#define _DEFAULT_SOURCE		/* MAP_ANONYMOUS, MAP_FIXED_NOREPLACE */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>

#include <pthread.h>

#include <bh/backends.h>
#include <hip/hip_runtime_api.h>	/* bh_demangle (kit/runtime/demangle.c) */
#include "generated/autoconf.h"
#include "../core/range.h"
#include "sim.h"

/* The kernels queued on a queue and not yet ended (BAREHIP_SIM_STATS,
 * BAREHIP_SIM_PROGRESS): the model knows a dispatch by its first
 * instruction, the loader tells which kernel that is (note_launch). */
#define NAMES_PER_QUEUE 32

struct queued_kernel {
	uint64_t pc;
	char name[240];
};

struct sim_platform {
	struct bh_platform ops;
	struct bh_sim *sim;
	struct bh_range vram, gart;
	int queue_used[BH_SIM_MAX_QUEUES];
	int gws_queue;		/* the queue holding the GWS resources, or -1 */
	pthread_mutex_t names_lock;
	struct {
		struct queued_kernel k[NAMES_PER_QUEUE];
		unsigned head, count;
	} names[BH_SIM_MAX_QUEUES];
};

static void sim_note_launch(struct bh_platform *p, int qid, const char *kernel, uint64_t pc)
{
	struct sim_platform *sp = (struct sim_platform *)p;

	if (qid < 0 || qid >= BH_SIM_MAX_QUEUES)
		return;
	pthread_mutex_lock(&sp->names_lock);
	__typeof__(sp->names[0]) *q = &sp->names[qid];

	if (q->count == NAMES_PER_QUEUE) {	/* the oldest goes */
		q->head = (q->head + 1) % NAMES_PER_QUEUE;
		q->count--;
	}
	struct queued_kernel *e = &q->k[(q->head + q->count++) % NAMES_PER_QUEUE];

	e->pc = pc;
	snprintf(e->name, sizeof(e->name), "%s", kernel);
	pthread_mutex_unlock(&sp->names_lock);
}

/* The C++ name of the kernel at @pc on @queue into @out; with @pop, it
 * (and any older entry a failed launch left) leaves the queue. */
static void kernel_at(struct sim_platform *sp, unsigned queue, uint64_t pc, bool pop,
		      char *out, size_t len)
{
	char mangled[240] = "";

	pthread_mutex_lock(&sp->names_lock);
	if (queue < BH_SIM_MAX_QUEUES) {
		__typeof__(sp->names[0]) *q = &sp->names[queue];

		for (unsigned i = 0; i < q->count; i++) {
			const struct queued_kernel *e = &q->k[(q->head + i) % NAMES_PER_QUEUE];

			if (e->pc != pc)
				continue;
			snprintf(mangled, sizeof(mangled), "%s", e->name);
			if (pop) {
				q->head = (q->head + i + 1) % NAMES_PER_QUEUE;
				q->count -= i + 1;
			}
			break;
		}
	}
	pthread_mutex_unlock(&sp->names_lock);
	if (mangled[0])
		bh_demangle(mangled, out, len);
	else
		snprintf(out, len, "the kernel at 0x%llx", (unsigned long long)pc);
}

static void human_bytes(uint64_t b, char *out, size_t len)
{
	if (b >= 10ull << 30)
		snprintf(out, len, "%.1f GiB", (double)b / (1ull << 30));
	else if (b >= 10ull << 20)
		snprintf(out, len, "%.1f MiB", (double)b / (1ull << 20));
	else if (b >= 10ull << 10)
		snprintf(out, len, "%.1f KiB", (double)b / (1ull << 10));
	else
		snprintf(out, len, "%llu B", (unsigned long long)b);
}

/* BAREHIP_SIM_STATS: one line per dispatch, a small rocprof. */
static void sim_dispatch_done(void *ctx, const struct bh_sim_dispatch_stats *st)
{
	char name[512], rd[32], wr[32], lds[32];

	kernel_at(ctx, st->queue, st->pc, true, name, sizeof(name));
	human_bytes(st->global_read, rd, sizeof(rd));
	human_bytes(st->global_written, wr, sizeof(wr));
	human_bytes(st->lds_bytes, lds, sizeof(lds));
	fprintf(stderr, "sim kernel: %s grid (%u,%u,%u) block (%u,%u,%u): %llu waves, %llu wave "
		"instructions, %llu lane-ops, read %s, written %s, LDS %s, %.3f ms%s\n", name,
		st->groups[0], st->groups[1], st->groups[2], st->block[0], st->block[1],
		st->block[2], (unsigned long long)st->waves,
		(unsigned long long)st->instructions, (unsigned long long)st->valu_lane_ops, rd,
		wr, lds, (double)st->host_ns / 1e6, st->faulted ? " (faulted)" : "");
}

/* BAREHIP_SIM_PROGRESS: how far a long dispatch is. */
static void sim_progress(void *ctx, const struct bh_sim_dispatch_stats *st)
{
	char name[512];

	kernel_at(ctx, st->queue, st->pc, false, name, sizeof(name));
	fprintf(stderr, "sim progress: %s: %llu of %llu workgroups done (%.0f%%), %llu running, "
		"%llu wave instructions, %.1f s\n", name, (unsigned long long)st->groups_done,
		(unsigned long long)st->total_groups,
		st->total_groups ? 100.0 * (double)st->groups_done / (double)st->total_groups : 0.0,
		(unsigned long long)(st->workgroups - st->groups_done),
		(unsigned long long)st->instructions, (double)st->host_ns / 1e9);
}

/* BAREHIP_SIM_PROGRESS=SECONDS: 0 or -1 (bad, @err set). */
static int progress_setting(const char *v, uint64_t *ns, struct bh_error *err)
{
	char *end;
	double s;

	*ns = 0;
	if (!v || !*v || !strcmp(v, "0"))
		return 0;
	s = strtod(v, &end);
	if (*end || end == v || !(s >= 0.01 && s <= 86400)) {
		err->code = BH_EINVAL;
		snprintf(err->message, sizeof(err->message),
			 "sim board: BAREHIP_SIM_PROGRESS='%.32s' is not a number of seconds "
			 "0.01..86400 between progress lines", v);
		return -1;
	}
	*ns = (uint64_t)(s * 1e9);
	return 0;
}

static struct sim_platform *to_sim(struct bh_platform *p)
{
	return (struct sim_platform *)p;
}

static void *grow(void *old, size_t bytes)
{
	if (!bytes) {
		free(old);
		return NULL;
	}
	return realloc(old, bytes);
}

static int sim_open(struct bh_platform *p, struct bh_device_info *info,
		    struct bh_error *err)
{
	struct sim_platform *sp = to_sim(p);
	struct bh_sim_config cfg = {
		.vram_size = (uint64_t)CONFIG_SIM_VRAM_MB << 20,
		.max_instructions = CONFIG_SIM_MAX_INSTRUCTIONS,
		.deadlock_window = CONFIG_SIM_DEADLOCK_WINDOW,
#ifdef CONFIG_SIM_TRACE
		.trace = 1,
#endif
	};
	char why[256] = "";

	const char *gfx = getenv("BAREHIP_SIM_GFX");
	const char *trace = getenv("BAREHIP_SIM_TRACE");

	/* Instruction trace: "all", or one wave as "X,Y,Z:W" (workgroup, wave). */
	if (trace && *trace && strcmp(trace, "0") != 0) {
		unsigned x, y, z, wv;
		char tail;

		if (!strcmp(trace, "all")) {
			cfg.trace = 1;
		} else if (sscanf(trace, "%u,%u,%u:%u%c", &x, &y, &z, &wv, &tail) == 4) {
			cfg.trace = 2;
			cfg.trace_wg[0] = x;
			cfg.trace_wg[1] = y;
			cfg.trace_wg[2] = z;
			cfg.trace_wave = wv;
		} else {
			err->code = BH_EINVAL;
			snprintf(err->message, sizeof(err->message),
				 "sim board: BAREHIP_SIM_TRACE='%.32s': use 'all' or 'X,Y,Z:WAVE'",
				 trace);
			return BH_EINVAL;
		}
	}

	/* Deadlock-detection window and watchdog overrides: counts of wave
	 * instructions (tests use a short window; a kernel that spins on the
	 * shader clock for seconds needs a longer watchdog). */
	static const char *const counts[] = { "BAREHIP_SIM_DEADLOCK_WINDOW", "BAREHIP_SIM_WATCHDOG" };
	uint64_t *dst[] = { &cfg.deadlock_window, &cfg.max_instructions };

	for (unsigned int i = 0; i < 2; i++) {
		if (bh_sim_count_setting(counts[i], getenv(counts[i]), dst[i], why)) {
			err->code = BH_EINVAL;
			snprintf(err->message, sizeof(err->message), "sim board: %s", why);
			return BH_EINVAL;
		}
	}
	/* The model's host threads: Kconfig, or BAREHIP_SIM_THREADS. */
	if (bh_sim_threads_setting(getenv("BAREHIP_SIM_THREADS"), CONFIG_SIM_THREADS,
				   &cfg.threads, why)) {
		err->code = BH_EINVAL;
		snprintf(err->message, sizeof(err->message), "sim board: %s", why);
		return BH_EINVAL;
	}
	/* Per-kernel lines and progress (BAREHIP_SIM_STATS, _PROGRESS). */
	const char *stats = getenv("BAREHIP_SIM_STATS");

	if (progress_setting(getenv("BAREHIP_SIM_PROGRESS"), &cfg.progress_ns, err))
		return BH_EINVAL;
	if (stats && *stats && strcmp(stats, "0") != 0)
		cfg.dispatch_done = sim_dispatch_done;
	if (cfg.progress_ns)
		cfg.progress = sim_progress;
	if (cfg.dispatch_done || cfg.progress) {
		cfg.stats_ctx = sp;
		sp->ops.note_launch = sim_note_launch;
	}
	/* The VRAM size: Kconfig, or BAREHIP_SIM_VRAM_MB for this run. */
	if (bh_sim_vram_setting(getenv("BAREHIP_SIM_VRAM_MB"), CONFIG_SIM_VRAM_MB,
				&cfg.vram_size, why)) {
		err->code = BH_EINVAL;
		snprintf(err->message, sizeof(err->message), "sim board: %s", why);
		return BH_EINVAL;
	}
	/* The board's target comes from Kconfig; BAREHIP_SIM_GFX overrides it
	 * so one binary (it carries code objects for every target) can be
	 * tested on each model.  What the target is: its bh_sim_targets[] row. */
	const char *name = CONFIG_SIM_TARGET;
	if (gfx && *gfx)
		name = gfx;
	const struct bh_sim_target *t = bh_sim_target_by_name(name);

	if (!t) {
		char names[128];

		err->code = BH_EINVAL;
		snprintf(err->message, sizeof(err->message),
			 "sim board: BAREHIP_SIM_GFX='%.32s' is not a modelled target (%s)", name,
			 bh_sim_target_names(names, sizeof(names), " or "));
		return BH_EINVAL;
	}
	cfg.gfx = t->gfx;
	cfg.num_cus = bh_sim_target_cus(t, CONFIG_SIM_TARGET, CONFIG_SIM_NUM_CUS);
	snprintf(info->gfx, sizeof(info->gfx), "%s", t->name);
	info->mach = t->mach;
	info->gfx_version = t->gfx_version;
	info->architected_scratch = t->architected_scratch;
	info->clock_hz = t->clock_hz;
	sp->sim = bh_sim_create(&cfg, why);
	if (!sp->sim) {
		err->code = BH_ENODEV;
		snprintf(err->message, sizeof(err->message),
			 "sim board: cannot create the GPU model: %s", why);
		return BH_ENODEV;
	}
	snprintf(info->name, sizeof(info->name), "barehip sim (%s)", info->gfx);
	info->wave_size = t->wave_size;
	info->num_cus = cfg.num_cus;
	info->simds_per_cu = t->simds_per_cu;
	/* gfx11 counts TMPRING_SIZE.WAVES per shader engine: the loader
	 * divides by what the board reports, the model multiplies back. */
	info->num_se = t->shader_engines;
	info->max_waves_per_simd = t->waves_per_simd;
	info->vram_size = cfg.vram_size;
	info->vram_gpu_base = BH_SIM_VRAM_BASE;
	info->lds_size = t->lds_per_workgroup;
	info->max_workgroup_size = t->max_workgroup_size;
	info->timestamp_hz = bh_sim_clock_hz(sp->sim);
	info->xnack = t->xnack;
	info->sramecc = t->sramecc;
	info->unified_memory = true;
	/* The model performs a kernel's atomics on host memory with the
	 * host's own atomic instructions, in the same memory. */
	info->host_atomics = true;
	info->num_gws = BH_SIM_GWS_RESOURCES;
	info->max_queues = BH_SIM_MAX_QUEUES;
	/* The modelled product's name and caches (the model runs none). */
	snprintf(info->product, sizeof(info->product), "%s", t->product);
	info->l1_size = t->l1_bytes;
	info->l2_size = t->l2_bytes;
	info->l3_size = t->l3_bytes;
	/* The board beside the host, unless asked for the synchronous one
	 * (for debugging; a trace is readable only from that one). */
	const char *sync = getenv("BAREHIP_SIM_SYNC");
#ifdef CONFIG_SIM_ASYNC
	bool async = !cfg.trace && !(sync && *sync && strcmp(sync, "0") != 0);
#else
	bool async = false;

	(void)sync;
#endif

	if (async && bh_sim_start(sp->sim)) {
		bh_sim_destroy(sp->sim);
		sp->sim = NULL;
		err->code = BH_ENODEV;
		snprintf(err->message, sizeof(err->message),
			 "sim board: cannot start its CP thread (BAREHIP_SIM_SYNC=1 runs "
			 "the board without it)");
		return BH_ENODEV;
	}
	bh_range_init(&sp->vram, BH_SIM_VRAM_BASE, cfg.vram_size, grow);
	bh_range_init(&sp->gart, BH_SIM_GART_BASE, BH_SIM_GART_SIZE, grow);
	return 0;
}

static void sim_close(struct bh_platform *p)
{
	struct sim_platform *sp = to_sim(p);
	const char *stats = getenv("BAREHIP_SIM_STATS");

	/* The model's counters for the whole run (make bench reads them). */
	if (stats && *stats && strcmp(stats, "0") != 0) {
		struct bh_sim_stats st;

		bh_sim_get_stats(sp->sim, &st);
		fprintf(stderr, "sim stats: dispatches %llu workgroups %llu waves %llu "
			"instructions %llu salu %llu smem %llu valu %llu lds %llu vmem %llu "
			"control %llu valu_lane_ops %llu lds_bytes %llu global_bytes %llu\n",
			(unsigned long long)st.dispatches, (unsigned long long)st.workgroups,
			(unsigned long long)st.waves, (unsigned long long)st.instructions,
			(unsigned long long)st.salu, (unsigned long long)st.smem,
			(unsigned long long)st.valu, (unsigned long long)st.lds,
			(unsigned long long)st.vmem, (unsigned long long)st.control,
			(unsigned long long)st.valu_lane_ops, (unsigned long long)st.lds_bytes,
			(unsigned long long)st.global_bytes);
	}
	bh_sim_destroy(sp->sim);
	sp->sim = NULL;
	bh_range_fini(&sp->vram);
	bh_range_fini(&sp->gart);
}

static int sim_mem_alloc(struct bh_platform *p, uint64_t size, uint64_t align,
			 unsigned domain, struct bh_mem *out)
{
	struct sim_platform *sp = to_sim(p);
	uint64_t va;

	size = (size + 4095) & ~4095ull;
	if (domain == BH_MEM_VRAM) {
		if (bh_range_alloc(&sp->vram, size, align, &va))
			return -1;
		out->cpu = (uint8_t *)bh_sim_vram(sp->sim) + (va - BH_SIM_VRAM_BASE);
	} else if (domain == BH_MEM_SHARED) {
		/*
		 * Unified memory: host pages placed at the very address the
		 * GPU sees them at (in the GART aperture), so one pointer
		 * works on both sides.  The address is free in the host too,
		 * or mmap refuses and so does the allocation.
		 */
		if (bh_range_alloc(&sp->gart, size, align, &va))
			return -1;
		void *host = mmap((void *)(uintptr_t)va, size, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);

		if (host != (void *)(uintptr_t)va || bh_sim_gart_map(sp->sim, va, host, size)) {
			if (host != MAP_FAILED)
				munmap(host, size);
			bh_range_free(&sp->gart, va);
			return -1;
		}
		out->cpu = host;
	} else {
		void *host = aligned_alloc(4096, size);

		if (!host)
			return -1;
		if (bh_range_alloc(&sp->gart, size, align, &va) ||
		    bh_sim_gart_map(sp->sim, va, host, size)) {
			bh_range_free(&sp->gart, va);
			free(host);
			return -1;
		}
		out->cpu = host;
	}
	out->gpu_va = va;
	out->size = size;
	out->domain = domain;
	return 0;
}

/* What priv holds for memory that sim_mem_register mapped: the pages
 * stay the program's, only the mapping goes. */
static char sim_registered;

/*
 * hipHostRegister: the program's own pages, mapped for the model at
 * their own address (as KFD's USERPTR maps them), so the host pointer is
 * the device pointer.  Not inside the GART aperture, whose addresses
 * the board hands out itself (such pages are already the board's).
 */
static int sim_mem_register(struct bh_platform *p, void *host, uint64_t size, struct bh_mem *out)
{
	struct sim_platform *sp = to_sim(p);
	uint64_t va = (uint64_t)(uintptr_t)host;

	if ((va < BH_SIM_GART_BASE + BH_SIM_GART_SIZE && BH_SIM_GART_BASE < va + size) ||
	    bh_sim_vm_map(sp->sim, va, host, size)) {
		errno = EEXIST;		/* an address the board uses, or mapped */
		return -1;
	}
	out->gpu_va = va;
	out->cpu = host;
	out->size = size;
	out->domain = BH_MEM_HOST;
	out->priv = &sim_registered;
	return 0;
}

static void sim_mem_free(struct bh_platform *p, struct bh_mem *mem)
{
	struct sim_platform *sp = to_sim(p);

	if (mem->priv == &sim_registered) {
		bh_sim_vm_unmap(sp->sim, mem->gpu_va);
	} else if (mem->domain == BH_MEM_VRAM) {
		bh_range_free(&sp->vram, mem->gpu_va);
	} else if (mem->domain == BH_MEM_SHARED) {
		bh_sim_gart_unmap(sp->sim, mem->gpu_va);
		bh_range_free(&sp->gart, mem->gpu_va);
		munmap(mem->cpu, mem->size);
	} else {
		bh_sim_gart_unmap(sp->sim, mem->gpu_va);
		bh_range_free(&sp->gart, mem->gpu_va);
		free(mem->cpu);
	}
}

static int sim_queue_create(struct bh_platform *p, const struct bh_mem *ring,
			    uint64_t rptr_va, struct bh_error *err)
{
	struct sim_platform *sp = to_sim(p);

	for (int q = 0; q < BH_SIM_MAX_QUEUES; q++) {
		if (sp->queue_used[q])
			continue;
		if (bh_sim_queue_init(sp->sim, (unsigned)q, ring->gpu_va,
				      (uint32_t)ring->size, rptr_va)) {
			err->code = BH_EINVAL;
			snprintf(err->message, sizeof(err->message),
				 "sim board rejected the queue (ring 0x%llx, %llu bytes)",
				 (unsigned long long)ring->gpu_va,
				 (unsigned long long)ring->size);
			return BH_EINVAL;
		}
		sp->queue_used[q] = 1;
		return q;
	}
	err->code = BH_ERANGE;
	snprintf(err->message, sizeof(err->message),
		 "sim board has no free compute queue (%d in use)", BH_SIM_MAX_QUEUES);
	return BH_ERANGE;
}

/* As KFD: one queue holds all the GWS resources until it is destroyed. */
static int sim_queue_alloc_gws(struct bh_platform *p, int qid, struct bh_error *err)
{
	struct sim_platform *sp = to_sim(p);

	if (sp->gws_queue == qid)
		return 0;
	if (sp->gws_queue >= 0) {
		err->code = BH_EBUSY;
		snprintf(err->message, sizeof(err->message),
			 "sim board: queue %d holds the GWS resources", sp->gws_queue);
		return BH_EBUSY;
	}
	if (bh_sim_queue_set_gws(sp->sim, (unsigned)qid, BH_SIM_GWS_RESOURCES)) {
		err->code = BH_EINVAL;
		snprintf(err->message, sizeof(err->message),
			 "sim board: no queue %d to give GWS resources to", qid);
		return BH_EINVAL;
	}
	sp->gws_queue = qid;
	return 0;
}

static void sim_queue_destroy(struct bh_platform *p, int qid)
{
	struct sim_platform *sp = to_sim(p);

	if (sp->gws_queue == qid)
		sp->gws_queue = -1;
	bh_sim_queue_fini(sp->sim, (unsigned)qid);
	sp->queue_used[qid] = 0;
}

static int sim_queue_reset(struct bh_platform *p, int qid)
{
	return bh_sim_queue_reset(to_sim(p)->sim, (unsigned)qid);
}

static void sim_doorbell(struct bh_platform *p, int qid, uint64_t wptr)
{
	bh_sim_doorbell(to_sim(p)->sim, (unsigned)qid, wptr);
}

static int sim_take_fault(struct bh_platform *p, int qid, struct bh_gpu_fault *out)
{
	struct bh_sim_fault f;

	if (qid < 0 || !bh_sim_take_queue_fault(to_sim(p)->sim, (unsigned)qid, &f))
		return 0;
	out->kind = bh_sim_fault_name(f.kind);
	out->pc = f.pc;
	memcpy(out->dwords, f.dwords, sizeof(out->dwords));
	out->address = f.address;
	memcpy(out->workgroup, f.workgroup, sizeof(out->workgroup));
	out->wave = f.wave;
	snprintf(out->detail, sizeof(out->detail), "%s", f.message);
	return 1;
}

static uint64_t sim_now_ns(struct bh_platform *p)
{
	struct timespec ts;

	(void)p;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/*
 * Sleep until the board raises an interrupt or a queue faults (on its
 * condition variable).  What this thread saw last is its own, so that
 * with several waiting threads none sleeps through an event another
 * took: the first call of a thread returns at once, it looks at its
 * fence again.  A synchronous board has done the work by now (or
 * stalled on memory the host writes): nothing will come but another
 * thread's doorbell, so the sleep is short, as the loader rings again.
 */
static void sim_wait_interrupt(struct bh_platform *p, uint64_t timeout_ns)
{
	static _Thread_local uint64_t seen;
	struct bh_sim *sim = to_sim(p)->sim;

	if (!bh_sim_is_async(sim) && timeout_ns > 1000000)
		timeout_ns = 1000000;
	bh_sim_wait_event(sim, &seen, timeout_ns);
}

static void *sim_host_alloc(struct bh_platform *p, size_t size)
{
	(void)p;
	return malloc(size);
}

static void sim_host_free(struct bh_platform *p, void *ptr)
{
	(void)p;
	free(ptr);
}

static void sim_log(struct bh_platform *p, const char *line)
{
	(void)p;
	fprintf(stderr, "barehip: %s\n", line);
}

static void sim_print(struct bh_platform *p, const char *text, size_t len)
{
	(void)p;
	fwrite(text, 1, len, stdout);
	fflush(stdout);
}

struct bh_platform *bh_platform_sim_new(void)
{
	struct sim_platform *sp = calloc(1, sizeof(*sp));

	if (!sp)
		return NULL;
	sp->gws_queue = -1;
	pthread_mutex_init(&sp->names_lock, NULL);
	sp->ops = (struct bh_platform){
		.name = "sim",
		.ctx = sp,
		.open = sim_open,
		.close = sim_close,
		.mem_alloc = sim_mem_alloc,
		.mem_free = sim_mem_free,
		.mem_register = sim_mem_register,
		.queue_create = sim_queue_create,
		.queue_destroy = sim_queue_destroy,
		.queue_alloc_gws = sim_queue_alloc_gws,
		.doorbell = sim_doorbell,
		.take_fault = sim_take_fault,
		.wait_interrupt = sim_wait_interrupt,
		.now_ns = sim_now_ns,
		.host_alloc = sim_host_alloc,
		.host_free = sim_host_free,
		.log = sim_log,
		.queue_reset = sim_queue_reset,
		.print = sim_print,
	};
	return &sp->ops;
}

void bh_platform_sim_delete(struct bh_platform *p)
{
	if (p)
		pthread_mutex_destroy(&to_sim(p)->names_lock);
	free(p);
}
