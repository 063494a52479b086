// SPDX-License-Identifier: MIT
/*
 * The kfd backend (loader/platform/kfd.c) through the loader alone, on
 * the fake KFD linked in (BAREHIP_KFDSIM_GFX picks the target):
 *   - the ring wraps many times, every fence retiring in order;
 *   - free VRAM as KFD counts it follows allocations;
 *   - more queues than the GPU gives: a clear error, and a freed queue
 *     is given again;
 *   - a hung kernel: the wait times out naming the kernel, the queue is
 *     destroyed and re-created (its ring rebased) and runs new work;
 *   - a memory fault mid-stream: the kernel and the page are named, the
 *     process's queues stop, and reopening the device recovers;
 *   - host writes to VRAM are flushed (HDP) before the GPU reads them;
 *   - global wave sync (queue_alloc_gws): one queue holds the GPU's GWS
 *     (BH_EBUSY for another until it is destroyed), keeps them through a
 *     reset, and its waves meet at a ds_gws_barrier; ds_gws_* on a queue
 *     without them faults.
 * Usage: backend_test [CODE_OBJECT_DIR] (holding backendk.<gfx>.co; the
 * build's by default).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <bh/backends.h>
#include <bh/loader.h>
#include <bh/platform.h>
#include "generated/autoconf.h"
#include "kfdsim.h"

#define RING_DWORDS (CONFIG_LOADER_RING_BYTES / 4)

static int failures;

#define CHECK(cond, ...)                                                        \
	do {                                                                    \
		if (cond) {                                                     \
			printf("  ok: ");                                       \
		} else {                                                        \
			printf("  FAILED: ");                                   \
			failures++;                                             \
		}                                                               \
		printf(__VA_ARGS__);                                            \
		printf("\n");                                                   \
	} while (0)

struct gpu {
	struct bh_platform *plat;
	struct bh_device *dev;
	struct bh_codeobj *co;
	const struct bh_kernel *fill, *spin, *store, *increment, *gws_init, *gws_meet;
};

static void *read_all(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	void *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)n);
		if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		}
		*size = (size_t)n;
	}
	fclose(f);
	return buf;
}

static int gpu_open(struct gpu *g, const char *dir)
{
	struct bh_error err = { 0 };
	char path[512];
	size_t size = 0;

	memset(g, 0, sizeof(*g));
	g->plat = bh_platform_kfd_new(0);
	if (!g->plat || bh_device_open(&g->dev, g->plat, &err)) {
		printf("  FAILED: opening the kfd backend: %s\n", err.message);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/backendk.%s.co", dir, bh_device_get_info(g->dev)->gfx);
	void *img = read_all(path, &size);

	if (!img || bh_codeobj_load(g->dev, img, size, &g->co, &err)) {
		printf("  FAILED: loading %s: %s\n", path, img ? err.message : "cannot read");
		free(img);
		return -1;
	}
	free(img);
	g->fill = bh_codeobj_find_kernel(g->co, "_Z4fillPii");
	g->spin = bh_codeobj_find_kernel(g->co, "_Z10spin_untilPViPi");
	g->store = bh_codeobj_find_kernel(g->co, "_Z13store_throughPi");
	g->increment = bh_codeobj_find_kernel(g->co, "_Z9incrementPi");
	g->gws_init = bh_codeobj_find_kernel(g->co, "_Z8gws_initj");
	g->gws_meet = bh_codeobj_find_kernel(g->co, "_Z8gws_meetPij");
	return g->fill && g->spin && g->store && g->increment && g->gws_init && g->gws_meet ?
	       0 : -1;
}

static void gpu_close(struct gpu *g)
{
	struct bh_error err;

	if (g->co)
		bh_codeobj_unload(g->co, &err);
	bh_device_close(g->dev);
	bh_platform_kfd_delete(g->plat);
	memset(g, 0, sizeof(*g));
}

static int launch1(struct bh_queue *q, const struct bh_kernel *k, unsigned groups, void **args,
		   uint64_t *seq, struct bh_error *err)
{
	struct bh_launch l = { .grid = { groups * 64, 1, 1 }, .block = { 64, 1, 1 }, .args = args };

	return bh_queue_launch(q, k, &l, seq, err);
}

static void ring_wrap(struct gpu *g)
{
	struct bh_error err = { 0 };
	struct bh_queue *q;
	struct bh_mem buf;
	struct bh_queue_stats st;
	uint64_t seq = 0;
	int bad = 0, n = 20000;

	if (bh_queue_create(g->dev, &q, &err) ||
	    bh_mem_alloc(g->dev, 4096, BH_MEM_HOST, &buf, &err)) {
		CHECK(0, "queue and buffer: %s", err.message);
		return;
	}
	for (int i = 0; i < n && !bad; i++) {
		uint64_t va = buf.gpu_va;
		int v = i;
		void *args[] = { &va, &v };

		bad = launch1(q, g->fill, 1, args, &seq, &err);
		if (!bad && i % 1000 == 999)
			bad = bh_queue_wait(q, seq, &err);
	}
	if (!bad)
		bad = bh_queue_wait(q, seq, &err);
	bh_queue_get_stats(q, &st);
	CHECK(!bad && ((int *)buf.cpu)[63] == n - 1,
	      "%d launches, the last value landed (%s)", n, bad ? err.message : "no error");
	CHECK(st.pm4_dwords > 4ull * RING_DWORDS, "the %u-dword ring wrapped %llu times",
	      RING_DWORDS, (unsigned long long)(st.pm4_dwords / RING_DWORDS));
	bh_mem_free(g->dev, &buf);
	bh_queue_destroy(q);
}

static void many_queues(struct gpu *g)
{
	struct bh_error err = { 0 };
	struct bh_queue *q[64];
	int n = 0;

	while (n < 64 && !bh_queue_create(g->dev, &q[n], &err))
		n++;
	CHECK(n >= 4 && n < 64, "%d queues, then: %s", n, err.message);
	CHECK(strstr(err.message, "compute queue") != NULL, "the error says what ran out");
	if (n) {
		bh_queue_destroy(q[--n]);
		CHECK(!bh_queue_create(g->dev, &q[n], &err), "a freed queue is given again");
		n++;
	}
	/* Every one of them runs work. */
	struct bh_mem buf;
	int ok = !bh_mem_alloc(g->dev, 4096, BH_MEM_HOST, &buf, &err);

	for (int i = 0; i < n && ok; i++) {
		uint64_t va = buf.gpu_va + 256ull * (unsigned)i, seq;
		int v = 100 + i;
		void *args[] = { &va, &v };

		ok = !launch1(q[i], g->fill, 1, args, &seq, &err) && !bh_queue_wait(q[i], seq, &err) &&
		     ((int *)buf.cpu)[64 * i] == 100 + i;
	}
	CHECK(ok, "each of the %d queues ran a kernel (%s)", n, ok ? "" : err.message);
	if (buf.cpu)
		bh_mem_free(g->dev, &buf);
	while (n)
		bh_queue_destroy(q[--n]);
}

/* Free VRAM as KFD counts it (GET_AVAILABLE_MEMORY) follows allocations. */
static void vram_free(struct gpu *g)
{
	struct bh_error err = { 0 };
	struct bh_mem m;
	uint64_t before = bh_device_vram_free(g->dev), after, total;

	total = bh_device_get_info(g->dev)->vram_size;
	if (bh_mem_alloc(g->dev, 64ull << 20, BH_MEM_VRAM, &m, &err)) {
		CHECK(0, "64 MiB of VRAM: %s", err.message);
		return;
	}
	after = bh_device_vram_free(g->dev);
	CHECK(before <= total && before - after >= 64ull << 20,
	      "free VRAM %llu MiB of %llu, %llu MiB after allocating 64 MiB",
	      (unsigned long long)(before >> 20), (unsigned long long)(total >> 20),
	      (unsigned long long)(after >> 20));
	bh_mem_free(g->dev, &m);
	CHECK(bh_device_vram_free(g->dev) == before, "and back after freeing it");
}

struct opener {
	volatile int *flag;
	unsigned ms;
};

static void *open_later(void *arg)
{
	struct opener *o = arg;
	struct timespec ts = { o->ms / 1000, (long)(o->ms % 1000) * 1000000 };

	nanosleep(&ts, NULL);
	__atomic_store_n(o->flag, 1, __ATOMIC_RELEASE);
	return NULL;
}

static void hang_and_reset(struct gpu *g)
{
	struct bh_error err = { 0 };
	struct bh_queue *q;
	struct bh_mem flag, out;
	uint64_t seq, seq2;
	pthread_t t;

	if (bh_queue_create(g->dev, &q, &err) ||
	    bh_mem_alloc(g->dev, 4096, BH_MEM_HOST, &flag, &err) ||
	    bh_mem_alloc(g->dev, 4096, BH_MEM_HOST, &out, &err)) {
		CHECK(0, "queue and buffers: %s", err.message);
		return;
	}
	memset(flag.cpu, 0, 4096);
	memset(out.cpu, 0, 4096);
	/* A launch first, so the ring is not at its start when it resets. */
	uint64_t ova = out.gpu_va + 1024, fva = flag.gpu_va, o2 = out.gpu_va;
	int v = 5;
	void *fargs[] = { &ova, &v }, *sargs[] = { &fva, &o2 };

	launch1(q, g->fill, 1, fargs, &seq, &err);
	bh_queue_wait(q, seq, &err);
	CHECK(!launch1(q, g->spin, 1, sargs, &seq, &err), "a kernel that waits for the host");
	/* The host lets it finish only after the wait gave up: the queue's
	 * destruction waits for the running dispatch, as a preemption does. */
	struct opener o = { (volatile int *)flag.cpu, 1000 };

	pthread_create(&t, NULL, open_later, &o);
	int r = bh_queue_wait_for(q, seq, 300000000ull, true, &err);

	CHECK(r == BH_ETIMEDOUT && strstr(err.message, "spin_until") &&
	      strstr(err.message, "the queue was reset"),
	      "the wait times out naming the kernel: %s", err.message);
	pthread_join(t, NULL);
	v = 9;
	ova = out.gpu_va + 2048;
	r = launch1(q, g->fill, 2, fargs, &seq2, &err);
	if (!r)
		r = bh_queue_wait(q, seq2, &err);
	CHECK(!r && ((int *)out.cpu)[512] == 9 && ((int *)out.cpu)[512 + 127] == 9,
	      "the re-created queue runs new work (%s)", r ? err.message : "values landed");
	bh_mem_free(g->dev, &flag);
	bh_mem_free(g->dev, &out);
	bh_queue_destroy(q);
}

static void fault_and_recover(struct gpu *g, const char *dir)
{
	struct bh_error err = { 0 };
	struct bh_queue *q, *other;
	struct bh_mem buf;
	uint64_t seq, bad_va = 0x1230;

	if (bh_queue_create(g->dev, &q, &err) || bh_queue_create(g->dev, &other, &err) ||
	    bh_mem_alloc(g->dev, 4096, BH_MEM_HOST, &buf, &err)) {
		CHECK(0, "queues and buffer: %s", err.message);
		return;
	}
	uint64_t va = buf.gpu_va;
	int v = 3;
	void *fargs[] = { &va, &v }, *bargs[] = { &bad_va };

	launch1(q, g->fill, 1, fargs, &seq, &err);
	launch1(q, g->store, 1, bargs, &seq, &err);
	launch1(q, g->fill, 1, fargs, &seq, &err);
	int r = bh_queue_wait(q, seq, &err);

	CHECK(r == BH_EFAULT && strstr(err.message, "store_through") &&
	      strstr(err.message, "memory violation") && strstr(err.message, "page at 0x1000"),
	      "the fault names the kernel and the page: %s", err.message);
	r = launch1(other, g->fill, 1, fargs, &seq, &err);
	if (!r)
		r = bh_queue_wait(other, seq, &err);
	CHECK(r == BH_EFAULT && strstr(err.message, "stopped by an earlier fault"),
	      "KFD stopped the process's other queue too: %s", err.message);
	bh_mem_free(g->dev, &buf);
	bh_queue_destroy(other);
	bh_queue_destroy(q);
	gpu_close(g);
	/* Recovery: a new KFD process. */
	if (gpu_open(g, dir)) {
		CHECK(0, "reopening the device after the fault");
		return;
	}
	r = bh_queue_create(g->dev, &q, &err) || bh_mem_alloc(g->dev, 4096, BH_MEM_HOST, &buf, &err);
	va = buf.gpu_va;
	v = 11;
	if (!r)
		r = launch1(q, g->fill, 1, fargs, &seq, &err) || bh_queue_wait(q, seq, &err);
	CHECK(!r && ((int *)buf.cpu)[0] == 11, "after reopening, the GPU runs work (%s)",
	      r ? err.message : "value landed");
	if (!r) {
		bh_mem_free(g->dev, &buf);
		bh_queue_destroy(q);
	}
}

/* The host writes a kernel's input into VRAM; the launch flushes the HDP
 * (the board sees the request) and the kernel reads what was written. */
static void hdp_flush(struct gpu *g)
{
	struct bh_error err = { 0 };
	struct bh_queue *q;
	struct bh_mem buf;
	uint64_t seq, before = kfdsim_hdp_flushes(0), after = before;
	int r = bh_queue_create(g->dev, &q, &err) || bh_mem_alloc(g->dev, 4096, BH_MEM_VRAM, &buf,
								     &err);

	if (r) {
		CHECK(0, "hdp: a queue and VRAM: %s", err.message);
		return;
	}
	uint64_t va = buf.gpu_va;
	void *args[] = { &va };

	((volatile int *)buf.cpu)[0] = 41;	/* through the BAR */
	r = launch1(q, g->increment, 1, args, &seq, &err) || bh_queue_wait(q, seq, &err);
	for (int i = 0; i < 1000 && after == before; i++) {
		usleep(1000);	/* the board thread looks every 20 us while busy */
		after = kfdsim_hdp_flushes(0);
	}
	CHECK(!r && after > before, "the launch flushed the host's VRAM writes first (%llu "
	      "flush requests seen)", (unsigned long long)(after - before));
	CHECK(!r && ((volatile int *)buf.cpu)[0] == 42, "the kernel read the value written "
	      "(42 == %d)", ((volatile int *)buf.cpu)[0]);
	bh_mem_free(g->dev, &buf);
	bh_queue_destroy(q);
}

/*
 * The loader keeps its queues' platform ids to itself: the test learns
 * them by watching the backend's queue_create.
 */
static int (*real_queue_create)(struct bh_platform *p, const struct bh_mem *ring,
				uint64_t rptr_va, struct bh_error *err);
static int last_qid = -1;

static int spy_queue_create(struct bh_platform *p, const struct bh_mem *ring, uint64_t rptr_va,
			    struct bh_error *err)
{
	int r = real_queue_create(p, ring, rptr_va, err);

	if (r >= 0)
		last_qid = r;
	return r;
}

static int queue_with_id(struct gpu *g, struct bh_queue **q, int *qid, struct bh_error *err)
{
	int r;

	real_queue_create = g->plat->queue_create;
	g->plat->queue_create = spy_queue_create;
	last_qid = -1;
	r = bh_queue_create(g->dev, q, err);
	g->plat->queue_create = real_queue_create;
	*qid = last_qid;
	return r;
}

#define GWS_WAVES 16

/* gws_init, then gws_meet over GWS_WAVES one-wave blocks; how many waves
 * counted all the marks (GWS_WAVES when the barrier held), or -1. */
static int gws_barrier_run(struct gpu *g, struct bh_queue *q, struct bh_mem *buf,
			   struct bh_error *err)
{
	unsigned waves = GWS_WAVES, v = GWS_WAVES - 1;
	uint64_t va = buf->gpu_va, seq;
	void *iargs[] = { &v }, *margs[] = { &va, &waves };
	int n = 0;

	memset(buf->cpu, 0, 4096);
	if (launch1(q, g->gws_init, 1, iargs, &seq, err) ||
	    launch1(q, g->gws_meet, GWS_WAVES, margs, &seq, err) || bh_queue_wait(q, seq, err))
		return -1;
	for (int i = 0; i < GWS_WAVES; i++)
		n += ((int *)buf->cpu)[GWS_WAVES + i] == GWS_WAVES;
	return n;
}

static void gws(struct gpu *g, const char *dir)
{
	const struct bh_device_info *info = bh_device_get_info(g->dev);
	struct bh_platform *p = g->plat;
	struct bh_error err = { 0 };
	struct bh_queue *q, *other, *none;
	struct bh_mem buf;
	int qid, oqid, nqid, r, n;

	CHECK(info->num_gws == 64, "the device has %u GWS resources (KFD's num_gws)",
	      info->num_gws);
	CHECK(p->queue_alloc_gws != NULL, "the kfd backend gives queues GWS (queue_alloc_gws)");
	if (!p->queue_alloc_gws)
		return;
	if (queue_with_id(g, &q, &qid, &err) || queue_with_id(g, &other, &oqid, &err) ||
	    bh_mem_alloc(g->dev, 4096, BH_MEM_HOST, &buf, &err)) {
		CHECK(0, "gws: queues and a buffer: %s", err.message);
		return;
	}
	r = p->queue_alloc_gws(p, qid, &err);
	CHECK(r == 0, "queue %d gets the GPU's GWS (%s)", qid, r ? err.message : "0");
	CHECK(p->queue_alloc_gws(p, qid, &err) == 0, "asked again, the same queue: 0");
	r = p->queue_alloc_gws(p, oqid, &err);
	CHECK(r == BH_EBUSY && strstr(err.message, "another queue"),
	      "another queue: BH_EBUSY: %s", err.message);
	n = gws_barrier_run(g, q, &buf, &err);
	CHECK(n == GWS_WAVES, "%d waves met at a ds_gws_barrier, each saw all %d marks after it "
	      "(%d did; %s)", GWS_WAVES, GWS_WAVES, n, n < 0 ? err.message : "no error");
	/* A reset re-creates the HQD: the new one takes the GWS again.  (The
	 * loader resets a queue after a timeout and then programs every
	 * register again; called directly here, the test tells it to.) */
	r = p->queue_reset(p, qid);
	bh_queue_forget_state(q);
	n = r ? -1 : gws_barrier_run(g, q, &buf, &err);
	CHECK(n == GWS_WAVES, "after a queue reset the queue still has them (%d of %d; %s)", n,
	      GWS_WAVES, n < 0 ? err.message : "no error");
	r = p->queue_alloc_gws(p, oqid, &err);
	CHECK(r == BH_EBUSY, "and the other queue still gets BH_EBUSY");
	bh_queue_destroy(q);
	r = p->queue_alloc_gws(p, oqid, &err);
	CHECK(r == 0, "destroying the holder gave them back: the other queue gets them (%s)",
	      r ? err.message : "0");
	n = r ? -1 : gws_barrier_run(g, other, &buf, &err);
	CHECK(n == GWS_WAVES, "and its waves meet at the barrier (%d of %d; %s)", n, GWS_WAVES,
	      n < 0 ? err.message : "no error");

	/* ds_gws_* on a queue without GWS: the model faults the wave (an
	 * illegal instruction: KFD's HW_EXCEPTION), the loader reports it. */
	if (queue_with_id(g, &none, &nqid, &err)) {
		CHECK(0, "gws: a third queue: %s", err.message);
	} else {
		n = gws_barrier_run(g, none, &buf, &err);
		CHECK(n < 0 && strstr(err.message, "gws_init") &&
		      strstr(err.message, "hardware exception"),
		      "ds_gws_init on a queue without GWS faults: %s", err.message);
		bh_queue_destroy(none);
	}
	bh_mem_free(g->dev, &buf);
	bh_queue_destroy(other);
	/* The fault stopped the GPU for this process: a new one. */
	gpu_close(g);
	if (gpu_open(g, dir))
		CHECK(0, "reopening the device after the GWS fault");
}

int main(int argc, char **argv)
{
	struct gpu g;
	const char *dir = argc > 1 ? argv[1] : BACKENDK_DIR;

	if (argc > 2) {
		fprintf(stderr, "usage: %s [CODE_OBJECT_DIR]\n", argv[0]);
		return 2;
	}
	/* The spinning kernel makes no progress the model could see: only the
	 * loader's timeout may end it here. */
	setenv("BAREHIP_SIM_DEADLOCK_WINDOW", "0", 1);
	if (gpu_open(&g, dir))
		return 1;
	printf("kfd backend on %s\n", bh_device_get_info(g.dev)->name);
	ring_wrap(&g);
	vram_free(&g);
	many_queues(&g);
	hang_and_reset(&g);
	hdp_flush(&g);
	gws(&g, dir);
	fault_and_recover(&g, dir);
	gpu_close(&g);
	printf("backend_test: %s (%d failed)\n", failures ? "FAIL" : "PASS", failures);
	return failures ? 1 : 0;
}
