// SPDX-License-Identifier: MIT
/*
 * The fake amdkfd (boards/kfdsim), driven as the kfd backend will drive
 * it: only through bh_kfd_sys_override.  Topology, the VM, memory of
 * each kind, a PM4 compute queue whose RELEASE_MEM signals an event,
 * several threads at once with queues, events and memory of their own,
 * a GPU memory fault and its MEMORY event, GWS given to one queue at a
 * time (ALLOC_QUEUE_GWS), and amdkfd's errnos.
 * One line per case, a summary, PASS if all passed.  It wants two GPUs
 * or more (BAREHIP_KFDSIM_GPUS, 2 unless set) and takes the target from
 * BAREHIP_KFDSIM_GFX, else from make check's BAREHIP_SIM_GFX.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <dirent.h>
#include <unistd.h>
#include <linux/kfd_ioctl.h>

#include "bh/kfd-sys.h"

#define PAGE 4096ull
#define PKT3(op, ndw)	((3u << 30) | (((uint32_t)(ndw) - 1) & 0x3fff) << 16 | ((op) & 0xff) << 8)
#define OP_WRITE_DATA	0x37
#define OP_RELEASE_MEM	0x49
#define WRITE_DATA_MEM	(5u << 8 | 1u << 20)	/* DST_SEL memory, WR_CONFIRM */
#define KFD_MMAP_MMIO_TEST	(0ull << 62)
#define EOP_TS_EVENT	(0x14u | 5u << 8)	/* CACHE_FLUSH_AND_INV_TS, EVENT_INDEX 5 */

static const struct bh_kfd_sys *sys;
static unsigned passed, failed;

__attribute__((format(printf, 2, 3)))
static void check(int ok, const char *fmt, ...)
{
	va_list ap;

	printf("%s ", ok ? "ok  " : "FAIL");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (ok)
		passed++;
	else
		failed++;
}

/* ioctl's errno (0 on success). */
static int kio(int fd, unsigned long req, void *arg)
{
	return sys->ioctl(fd, req, arg) ? errno : 0;
}

static int read_file(const char *path, char *buf, size_t size)
{
	int fd = sys->open(path, O_RDONLY, 0);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = sys->read(fd, buf, size - 1);
	sys->close(fd);
	if (n < 0)
		return -1;
	buf[n] = 0;
	return 0;
}

static unsigned long long prop(const char *text, const char *key)
{
	size_t n = strlen(key);

	for (const char *s = text; s && *s; s = strchr(s, '\n'), s = s ? s + 1 : s)
		if (!strncmp(s, key, n) && s[n] == ' ')
			return strtoull(s + n + 1, NULL, 10);
	return ~0ull;
}

struct gpu {
	uint32_t id;
	unsigned minor, gfxv, simd, simd_per_cu, arrays, arrays_per_se, xcc, num_gws;
	int render;
};

static int topology(unsigned node, struct gpu *g)
{
	char path[128], buf[8192];

	snprintf(path, sizeof(path), "/sys/devices/virtual/kfd/kfd/topology/nodes/%u/gpu_id", node);
	if (read_file(path, buf, sizeof(buf)))
		return -1;
	g->id = (uint32_t)strtoul(buf, NULL, 10);
	snprintf(path, sizeof(path), "/sys/class/kfd/kfd/topology/nodes/%u/properties", node);
	if (read_file(path, buf, sizeof(buf)))
		return -1;
	g->minor = (unsigned)prop(buf, "drm_render_minor");
	g->gfxv = (unsigned)prop(buf, "gfx_target_version");
	g->simd = (unsigned)prop(buf, "simd_count");
	g->simd_per_cu = (unsigned)prop(buf, "simd_per_cu");
	g->arrays = (unsigned)prop(buf, "array_count");
	g->arrays_per_se = (unsigned)prop(buf, "simd_arrays_per_engine");
	g->xcc = (unsigned)prop(buf, "num_xcc");
	g->num_gws = (unsigned)prop(buf, "num_gws");
	return 0;
}

/* kfd_queue_ctx_save_restore_size on gfx9, from the node's properties. */
static void cwsr_sizes(const struct gpu *g, uint32_t *ctl, uint32_t *cwsr, uint64_t *total)
{
	uint32_t cu = g->simd / g->simd_per_cu / g->xcc;
	uint32_t waves = cu * 40, lim = g->arrays / g->arrays_per_se * 512;
	uint32_t wg, dbg;

	if (waves > lim)
		waves = lim;
	wg = (uint32_t)((cu * (0x80000u + 0x4000 + 0x10000 + 0x1000) + PAGE - 1) & ~(PAGE - 1));
	*ctl = (uint32_t)((40 + waves * 8 + 8 + PAGE - 1) & ~(PAGE - 1));
	*cwsr = *ctl + wg;
	dbg = (waves * 32 + 63) & ~63u;
	*total = ((uint64_t)(*cwsr + dbg) * g->xcc + PAGE - 1) & ~(PAGE - 1);
}

struct bo {
	uint64_t handle, va, size, offset;
	void *cpu;
};

/* Reserve VA, allocate there, map on the GPU and (not USERPTR) into the CPU. */
static int alloc(int kfd, struct gpu *g, uint64_t size, uint32_t flags, struct bo *b)
{
	struct kfd_ioctl_alloc_memory_of_gpu_args a = { 0 };
	struct kfd_ioctl_map_memory_to_gpu_args m = { 0 };
	void *va;
	int err;

	va = sys->mmap(NULL, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (va == MAP_FAILED)
		return ENOMEM;
	if (flags & KFD_IOC_ALLOC_MEM_FLAGS_USERPTR) {
		sys->munmap(va, size);
		va = sys->mmap(va, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		a.mmap_offset = (uint64_t)(uintptr_t)va;
	}
	a.va_addr = (uint64_t)(uintptr_t)va;
	a.size = size;
	a.gpu_id = g->id;
	/* The header's WRITABLE is (1 << 31), an int overflow: spelled here. */
	a.flags = flags | 0x80000000u | KFD_IOC_ALLOC_MEM_FLAGS_EXECUTABLE;
	if ((err = kio(kfd, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &a))) {
		sys->munmap(va, size);
		return err;
	}
	b->handle = a.handle;
	b->va = a.va_addr;
	b->size = size;
	b->offset = a.mmap_offset;
	b->cpu = va;
	if (!(flags & KFD_IOC_ALLOC_MEM_FLAGS_USERPTR) &&
	    sys->mmap(va, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, g->render,
		      (off_t)a.mmap_offset) != va)
		return errno;
	m.handle = a.handle;
	m.device_ids_array_ptr = (uint64_t)(uintptr_t)&g->id;
	m.n_devices = 1;
	return kio(kfd, AMDKFD_IOC_MAP_MEMORY_TO_GPU, &m);
}

static int unmap(int kfd, struct gpu *g, struct bo *b)
{
	struct kfd_ioctl_unmap_memory_from_gpu_args m = {
		.handle = b->handle,
		.device_ids_array_ptr = (uint64_t)(uintptr_t)&g->id,
		.n_devices = 1,
	};

	return kio(kfd, AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU, &m);
}

static int free_bo(int kfd, struct bo *b)
{
	struct kfd_ioctl_free_memory_of_gpu_args f = { .handle = b->handle };

	return kio(kfd, AMDKFD_IOC_FREE_MEMORY_OF_GPU, &f);
}

/* A PM4 compute queue and what it writes. */
struct queue {
	struct kfd_ioctl_create_queue_args args;
	uint32_t *ring;
	uint64_t *rptr, *wptr;
	volatile uint64_t *doorbell;
	uint64_t put;
};

static void emit(struct queue *q, const uint32_t *dw, unsigned n)
{
	uint32_t mask = q->args.ring_size / 4 - 1;

	for (unsigned i = 0; i < n; i++)
		q->ring[(q->put + i) & mask] = dw[i];
	q->put += n;
}

static void submit(struct queue *q)
{
	__atomic_store_n(q->wptr, q->put, __ATOMIC_RELAXED);
	atomic_thread_fence(memory_order_release);
	*q->doorbell = q->put;
}

static void write_data(struct queue *q, uint64_t addr, uint32_t value)
{
	uint32_t p[] = { PKT3(OP_WRITE_DATA, 4), WRITE_DATA_MEM, (uint32_t)addr,
			 (uint32_t)(addr >> 32), value };

	emit(q, p, 5);
}

/* RELEASE_MEM: the event id into its slot, then interrupt with ctxid = id. */
static void signal_event(struct queue *q, uint64_t slot, uint32_t id)
{
	uint32_t p[] = { PKT3(OP_RELEASE_MEM, 7), EOP_TS_EVENT, 2u << 29 | 2u << 24,
			 (uint32_t)slot, (uint32_t)(slot >> 32), id, 0, id };

	emit(q, p, 8);
}

static int wait_event(int kfd, uint32_t id, uint32_t ms, struct kfd_event_data *out)
{
	struct kfd_event_data d = { .event_id = id };
	struct kfd_ioctl_wait_events_args w = {
		.events_ptr = (uint64_t)(uintptr_t)&d, .num_events = 1, .timeout = ms,
	};
	int err = kio(kfd, AMDKFD_IOC_WAIT_EVENTS, &w);

	if (out)
		*out = d;
	return err ? -err : (int)w.wait_result;
}

/* Whether the 64-bit read index at @p reaches @want within a second. */
static bool read_index_reaches(const uint64_t *p, uint64_t want)
{
	for (unsigned i = 0; i < 100000; i++) {
		if (__atomic_load_n(p, __ATOMIC_ACQUIRE) == want)
			return true;
		usleep(10);
	}
	return false;
}

/* Whether the 32-bit read pointer at @p reaches @want within a second. */
static bool rptr_reaches(const uint32_t *p, uint32_t want)
{
	for (unsigned i = 0; i < 100000; i++) {
		if (__atomic_load_n(p, __ATOMIC_ACQUIRE) == want)
			return true;
		usleep(10);
	}
	return false;
}

static int create_event(int kfd, uint32_t type, uint64_t page, struct kfd_ioctl_create_event_args *e)
{
	memset(e, 0, sizeof(*e));
	e->event_type = type;
	e->auto_reset = 1;
	e->event_page_offset = page;
	return kio(kfd, AMDKFD_IOC_CREATE_EVENT, e);
}

struct destroyer {
	int kfd;
	uint32_t id;
};

/* DESTROY_EVENT from another thread while the main thread waits on it. */
static void *destroy_later(void *arg)
{
	struct destroyer *d = arg;
	struct kfd_ioctl_destroy_event_args de = { .event_id = d->id };

	usleep(50 * 1000);
	kio(d->kfd, AMDKFD_IOC_DESTROY_EVENT, &de);
	return NULL;
}

/*
 * Several threads at once, as a runtime with threads of its own drives
 * amdkfd: each worker has its own PM4 queue and signal event and makes
 * round trips (WRITE_DATA, RELEASE_MEM with an interrupt, WAIT_EVENTS),
 * and between them allocates, maps, unmaps and frees memory, while the
 * other workers do the same and the board runs their queues.
 */
#define WORKERS		4
#define WORKER_ROUNDS	100

struct worker {
	int kfd;
	struct gpu *g;
	void *dbpage;
	uint64_t events_va;
	uint32_t ctl, cwsr;
	uint64_t total;
	unsigned setup_ok, rounds_ok, memory_ok, teardown_ok;
};

static void *work(void *arg)
{
	const uint32_t gtt = KFD_IOC_ALLOC_MEM_FLAGS_GTT | KFD_IOC_ALLOC_MEM_FLAGS_COHERENT |
			     KFD_IOC_ALLOC_MEM_FLAGS_UNCACHED;
	const uint32_t vram = KFD_IOC_ALLOC_MEM_FLAGS_VRAM | KFD_IOC_ALLOC_MEM_FLAGS_PUBLIC;
	struct worker *w = arg;
	struct bo data, ring, ptrs, eop, ctx;
	struct kfd_ioctl_create_event_args ev;
	struct queue q = { 0 };

	if (alloc(w->kfd, w->g, PAGE, vram, &data) || alloc(w->kfd, w->g, 4096, gtt, &ring) ||
	    alloc(w->kfd, w->g, 4096, gtt, &ptrs) || alloc(w->kfd, w->g, 4096, vram, &eop) ||
	    alloc(w->kfd, w->g, w->total, vram, &ctx) ||
	    create_event(w->kfd, KFD_IOC_EVENT_SIGNAL, 0, &ev))
		return NULL;
	q.args = (struct kfd_ioctl_create_queue_args){
		.ring_base_address = ring.va, .ring_size = 4096,
		.write_pointer_address = ptrs.va, .read_pointer_address = ptrs.va + 64,
		.gpu_id = w->g->id, .queue_type = KFD_IOC_QUEUE_TYPE_COMPUTE,
		.queue_percentage = 100, .queue_priority = 7,
		.eop_buffer_address = eop.va, .eop_buffer_size = 4096,
		.ctx_save_restore_address = ctx.va, .ctx_save_restore_size = w->cwsr,
		.ctl_stack_size = w->ctl,
	};
	if (kio(w->kfd, AMDKFD_IOC_CREATE_QUEUE, &q.args))
		return NULL;
	q.ring = ring.cpu;
	q.wptr = ptrs.cpu;
	q.rptr = (uint64_t *)((char *)ptrs.cpu + 64);
	q.doorbell = (volatile uint64_t *)((char *)w->dbpage + (q.args.doorbell_offset & 0x1fff));
	w->setup_ok = 1;
	uint64_t slot = w->events_va + 8ull * ev.event_slot_index;

	for (unsigned i = 0; i < WORKER_ROUNDS; i++) {
		struct bo tmp;
		uint32_t value = (uint32_t)(q.args.queue_id << 16 | i);

		write_data(&q, data.va + 4 * (i % 1024), value);
		signal_event(&q, slot, ev.event_id);
		submit(&q);
		if (!alloc(w->kfd, w->g, 64 * 1024, gtt, &tmp) && !unmap(w->kfd, w->g, &tmp) &&
		    !free_bo(w->kfd, &tmp))
			w->memory_ok++;
		sys->munmap(tmp.cpu, 64 * 1024);
		if (wait_event(w->kfd, ev.event_id, 5000, NULL) == KFD_IOC_WAIT_RESULT_COMPLETE &&
		    ((uint32_t *)data.cpu)[i % 1024] == value)
			w->rounds_ok++;
	}
	struct kfd_ioctl_destroy_queue_args dq = { .queue_id = q.args.queue_id };
	struct kfd_ioctl_destroy_event_args de = { .event_id = ev.event_id };
	struct bo *bos[] = { &data, &ring, &ptrs, &eop, &ctx };

	w->teardown_ok = !kio(w->kfd, AMDKFD_IOC_DESTROY_QUEUE, &dq) &&
			 !kio(w->kfd, AMDKFD_IOC_DESTROY_EVENT, &de);
	for (unsigned i = 0; i < 5; i++) {
		if (unmap(w->kfd, w->g, bos[i]) || free_bo(w->kfd, bos[i]))
			w->teardown_ok = 0;
		sys->munmap(bos[i]->cpu, bos[i]->size);
	}
	return NULL;
}

/* A bad configuration: the devices are not there, stderr names the variable. */
static int init_error_mode(void)
{
	int fd = bh_kfd_sys_override.open("/dev/kfd", O_RDWR, 0);

	printf("open: %s\n", fd < 0 ? strerror(errno) : "opened");
	return fd < 0 ? 3 : 0;
}

static void check_init_error(const char *self, const char *env, const char *name)
{
	char cmd[512], out[1024] = "";
	size_t n = 0;
	FILE *f;
	int status;

	snprintf(cmd, sizeof(cmd), "%s %s --init-error 2>&1", env, self);
	f = popen(cmd, "r");
	if (f) {
		n = fread(out, 1, sizeof(out) - 1, f);
		out[n] = 0;
	}
	status = f ? pclose(f) : -1;
	check(WIFEXITED(status) && WEXITSTATUS(status) == 3 && strstr(out, name),
	      "%s: refused, naming %s", env, name);
}

/*
 * BAREHIP_KFDSIM_GWS=0, in a child: the node says num_gws 0 and a queue
 * asking for GWS gets ENODEV.  Exit 0 if so, 3 otherwise.
 */
static int no_gws_mode(void)
{
	const uint32_t gtt = KFD_IOC_ALLOC_MEM_FLAGS_GTT;
	const uint32_t vram = KFD_IOC_ALLOC_MEM_FLAGS_VRAM;
	struct gpu g = { 0 };
	struct bo ring, ptrs, eop, ctx;
	uint32_t ctl, cwsr;
	uint64_t total;
	char path[64];
	int kfd, err;

	sys = &bh_kfd_sys_override;
	if (topology(1, &g) || g.num_gws != 0) {
		printf("num_gws %u, want 0\n", g.num_gws);
		return 3;
	}
	kfd = sys->open("/dev/kfd", O_RDWR, 0);
	snprintf(path, sizeof(path), "/dev/dri/renderD%u", g.minor);
	g.render = sys->open(path, O_RDWR, 0);
	struct kfd_ioctl_acquire_vm_args vm = { .drm_fd = (uint32_t)g.render, .gpu_id = g.id };

	cwsr_sizes(&g, &ctl, &cwsr, &total);
	if (kfd < 0 || g.render < 0 || kio(kfd, AMDKFD_IOC_ACQUIRE_VM, &vm) ||
	    alloc(kfd, &g, 4096, gtt, &ring) || alloc(kfd, &g, 4096, gtt, &ptrs) ||
	    alloc(kfd, &g, 4096, vram, &eop) || alloc(kfd, &g, total, vram, &ctx)) {
		printf("setup failed\n");
		return 3;
	}
	struct kfd_ioctl_create_queue_args c = {
		.ring_base_address = ring.va, .ring_size = 4096,
		.write_pointer_address = ptrs.va, .read_pointer_address = ptrs.va + 64,
		.gpu_id = g.id, .queue_type = KFD_IOC_QUEUE_TYPE_COMPUTE,
		.queue_percentage = 100, .queue_priority = 7,
		.eop_buffer_address = eop.va, .eop_buffer_size = 4096,
		.ctx_save_restore_address = ctx.va, .ctx_save_restore_size = cwsr,
		.ctl_stack_size = ctl,
	};

	if ((err = kio(kfd, AMDKFD_IOC_CREATE_QUEUE, &c))) {
		printf("CREATE_QUEUE: %s\n", strerror(err));
		return 3;
	}
	struct kfd_ioctl_alloc_queue_gws_args a = { .queue_id = c.queue_id, .num_gws = 64 };

	err = kio(kfd, AMDKFD_IOC_ALLOC_QUEUE_GWS, &a);
	printf("ALLOC_QUEUE_GWS: %s\n", strerror(err));
	return err == ENODEV ? 0 : 3;
}

static void check_no_gws(const char *self)
{
	char cmd[512], out[1024] = "";
	size_t n = 0;
	FILE *f;
	int status;

	snprintf(cmd, sizeof(cmd), "BAREHIP_KFDSIM_GWS=0 %s --no-gws 2>&1", self);
	f = popen(cmd, "r");
	if (f) {
		n = fread(out, 1, sizeof(out) - 1, f);
		out[n] = 0;
	}
	status = f ? pclose(f) : -1;
	out[strcspn(out, "\n")] = 0;
	check(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	      "BAREHIP_KFDSIM_GWS=0: node num_gws 0, ALLOC_QUEUE_GWS ENODEV (%s)", out);
}

/*
 * The trees of processes killed before their atexit ran are removed by
 * the next process that starts the fake: in a private TMPDIR, a tree
 * whose owner is dead goes; one whose owner lives, and one without an
 * owner file, stay; the child's own tree goes at its exit.
 */
static bool exists(const char *dir, const char *name)
{
	char p[512];
	struct stat st;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	return stat(p, &st) == 0;
}

static void make_tree(const char *dir, const char *name, long owner)
{
	char p[512];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	mkdir(p, 0700);
	snprintf(p, sizeof(p), "%s/%s/sys", dir, name);
	mkdir(p, 0700);
	if (owner < 0)
		return;
	snprintf(p, sizeof(p), "%s/%s/owner", dir, name);
	f = fopen(p, "w");
	if (f) {
		fprintf(f, "%ld\n", owner);
		fclose(f);
	}
}

static void check_reap(const char *self)
{
	char dir[] = "/tmp/kfdsim-reap.XXXXXX", cmd[512];
	pid_t dead = fork();
	int status;

	if (dead == 0)
		_exit(0);
	waitpid(dead, &status, 0);
	if (!mkdtemp(dir)) {
		check(0, "reap: mkdtemp: %s", strerror(errno));
		return;
	}
	make_tree(dir, "barehip-kfdsim.dead00", dead);
	make_tree(dir, "barehip-kfdsim.live00", getpid());
	make_tree(dir, "barehip-kfdsim.noown0", -1);
	snprintf(cmd, sizeof(cmd), "TMPDIR=%s %s --init-error > /dev/null 2>&1", dir, self);
	status = system(cmd);
	unsigned left = 0;
	DIR *d = opendir(dir);

	for (struct dirent *e; d && (e = readdir(d));)
		left += !strncmp(e->d_name, "barehip-kfdsim.", 15);
	if (d)
		closedir(d);
	check(WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
	      !exists(dir, "barehip-kfdsim.dead00") && exists(dir, "barehip-kfdsim.live00") &&
	      exists(dir, "barehip-kfdsim.noown0") && left == 2,
	      "reap: a dead process's tree removed, a live one's and an unowned one kept, "
	      "the child's own removed at exit (%u trees left)", left);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd) != 0)
		check(0, "reap: cannot remove %s", dir);
}

int main(int argc, char **argv)
{
	struct gpu g[2] = { 0 };
	char path[64], buf[256];
	int kfd, err;

	if (argc > 1 && !strcmp(argv[1], "--init-error"))
		return init_error_mode();
	if (argc > 1 && !strcmp(argv[1], "--no-gws"))
		return no_gws_mode();

	if (!&bh_kfd_sys_override || !(sys = &bh_kfd_sys_override)) {
		printf("FAIL no bh_kfd_sys_override\n");
		return 1;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	/* make check's "prog@gfx942" names the model's target in BAREHIP_SIM_GFX. */
	const char *gfx = getenv("BAREHIP_SIM_GFX");

	if (gfx && *gfx)
		setenv("BAREHIP_KFDSIM_GFX", gfx, 0);
	setenv("BAREHIP_KFDSIM_GPUS", "2", 0);
	gfx = getenv("BAREHIP_KFDSIM_GFX");
	unsigned want_gfxv = gfx && !strcmp(gfx, "gfx942") ? 90402 : 90010;

	/* ---- configuration errors (in a child process each) */
	check_init_error(argv[0], "BAREHIP_KFDSIM_GPUS=9", "BAREHIP_KFDSIM_GPUS");
	check_init_error(argv[0], "BAREHIP_KFDSIM_GFX=gfx1100", "BAREHIP_KFDSIM_GFX");
	check_init_error(argv[0], "BAREHIP_KFDSIM_GWS=32", "BAREHIP_KFDSIM_GWS");
	check_no_gws(argv[0]);
	check_reap(argv[0]);

	/* ---- topology */
	check(read_file("/sys/devices/virtual/kfd/kfd/topology/generation_id", buf, sizeof(buf)) == 0,
	      "topology: generation_id readable");
	check(read_file("/sys/devices/virtual/kfd/kfd/topology/nodes/0/properties", buf,
			sizeof(buf)) == 0,
	      "topology: CPU node 0");
	for (unsigned i = 0; i < 2; i++) {
		check(topology(i + 1, &g[i]) == 0 && g[i].id && g[i].gfxv == want_gfxv &&
		      g[i].num_gws == 64,
		      "topology: node %u gpu_id 0x%x gfx_target_version %u render minor %u "
		      "num_gws %u", i + 1, g[i].id, g[i].gfxv, g[i].minor, g[i].num_gws);
		snprintf(path, sizeof(path), "/sys/class/drm/renderD%u/device/vendor", g[i].minor);
		check(read_file(path, buf, sizeof(buf)) == 0 && !strcmp(buf, "0x1002\n"),
		      "sysfs: %s is AMD's", path);
	}

	/* ---- open, version, VM */
	kfd = sys->open("/dev/kfd", O_RDWR | O_CLOEXEC, 0);
	check(kfd >= 0, "open /dev/kfd");
	for (unsigned i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "/dev/dri/renderD%u", g[i].minor);
		g[i].render = sys->open(path, O_RDWR | O_CLOEXEC, 0);
		check(g[i].render >= 0, "open %s", path);
	}
	struct kfd_ioctl_get_version_args ver = { 0 };

	check(kio(kfd, AMDKFD_IOC_GET_VERSION, &ver) == 0 && ver.major_version == 1 &&
	      ver.minor_version == KFD_IOCTL_MINOR_VERSION, "GET_VERSION %u.%u",
	      ver.major_version, ver.minor_version);

	struct bo early;

	err = alloc(kfd, &g[0], PAGE, KFD_IOC_ALLOC_MEM_FLAGS_GTT, &early);
	check(err == ENODEV, "ALLOC before ACQUIRE_VM: ENODEV (got %s)", strerror(err));

	struct kfd_ioctl_acquire_vm_args vm = { .drm_fd = (uint32_t)kfd, .gpu_id = g[0].id };

	err = kio(kfd, AMDKFD_IOC_ACQUIRE_VM, &vm);
	check(err == EINVAL, "ACQUIRE_VM with /dev/kfd as the DRM fd: EINVAL (got %s)", strerror(err));
	vm.drm_fd = (uint32_t)g[1].render;
	err = kio(kfd, AMDKFD_IOC_ACQUIRE_VM, &vm);
	check(err == EINVAL, "ACQUIRE_VM with another GPU's render node: EINVAL (got %s)", strerror(err));
	vm.drm_fd = (uint32_t)g[0].render;
	check(kio(kfd, AMDKFD_IOC_ACQUIRE_VM, &vm) == 0, "ACQUIRE_VM gpu 0");
	check(kio(kfd, AMDKFD_IOC_ACQUIRE_VM, &vm) == 0, "ACQUIRE_VM again with the same file: 0");
	snprintf(path, sizeof(path), "/dev/dri/renderD%u", g[0].minor);
	int other = sys->open(path, O_RDWR, 0);

	vm.drm_fd = (uint32_t)other;
	err = kio(kfd, AMDKFD_IOC_ACQUIRE_VM, &vm);
	check(err == EBUSY, "ACQUIRE_VM with a second file: EBUSY (got %s)", strerror(err));
	sys->close(other);
	vm.gpu_id = 0x1234;
	err = kio(kfd, AMDKFD_IOC_ACQUIRE_VM, &vm);
	check(err == EINVAL, "ACQUIRE_VM bad gpu_id: EINVAL (got %s)", strerror(err));

	/* ---- a forked child: the parent's /dev/kfd is not its own */
	pid_t child = fork();

	if (child == 0) {
		int bad = sys->ioctl(kfd, AMDKFD_IOC_GET_VERSION, &ver) ? errno : 0;
		int own = sys->open("/dev/kfd", O_RDWR, 0);
		struct kfd_ioctl_acquire_vm_args cvm = { .drm_fd = (uint32_t)g[0].render,
							 .gpu_id = g[0].id };
		int ok = own >= 0 && !kio(own, AMDKFD_IOC_GET_VERSION, &ver) &&
			 !kio(own, AMDKFD_IOC_ACQUIRE_VM, &cvm);

		_exit(bad == EBADF && ok ? 0 : 1);
	}
	int status = -1;

	waitpid(child, &status, 0);
	check(child > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0,
	      "fork: the child gets EBADF on the parent's /dev/kfd, a process of its own on a new one");
	check(read_file("/sys/devices/virtual/kfd/kfd/topology/generation_id", buf, sizeof(buf)) == 0,
	      "the child's exit left the sysfs tree");

	/* ---- apertures */
	struct kfd_ioctl_get_process_apertures_new_args ap = { 0 };
	struct kfd_process_device_apertures pa[8];
	unsigned ngpus = 0;

	for (unsigned n = 1; n <= 8; n++) {
		snprintf(path, sizeof(path), "/sys/class/kfd/kfd/topology/nodes/%u/gpu_id", n);
		if (read_file(path, buf, sizeof(buf)) == 0)
			ngpus++;
	}
	check(kio(kfd, AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &ap) == 0 && ap.num_of_nodes == ngpus,
	      "APERTURES_NEW with 0 nodes: count %u, one per GPU node", ap.num_of_nodes);
	ap.kfd_process_device_apertures_ptr = (uint64_t)(uintptr_t)pa;
	check(kio(kfd, AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &ap) == 0 && pa[0].gpu_id == g[0].id &&
	      pa[0].lds_base == 0x1000000000000000ull && pa[0].scratch_base == 0x2000000000000000ull &&
	      pa[0].gpuvm_base == PAGE && pa[0].gpuvm_limit == (1ull << 47) - 1,
	      "APERTURES_NEW: lds 0x%" PRIx64 " scratch 0x%" PRIx64 " gpuvm 0x%" PRIx64 "..0x%" PRIx64,
	      (uint64_t)pa[0].lds_base, (uint64_t)pa[0].scratch_base, (uint64_t)pa[0].gpuvm_base,
	      (uint64_t)pa[0].gpuvm_limit);

	/* ---- memory */
	const uint32_t gtt = KFD_IOC_ALLOC_MEM_FLAGS_GTT | KFD_IOC_ALLOC_MEM_FLAGS_COHERENT |
			     KFD_IOC_ALLOC_MEM_FLAGS_UNCACHED;
	const uint32_t vram = KFD_IOC_ALLOC_MEM_FLAGS_VRAM | KFD_IOC_ALLOC_MEM_FLAGS_PUBLIC;
	struct bo data, host, ring, ptrs, eop, ctx, events;
	struct kfd_ioctl_get_available_memory_args avail = { .gpu_id = g[0].id };
	uint64_t before;

	kio(kfd, AMDKFD_IOC_AVAILABLE_MEMORY, &avail);
	before = avail.available;
	check(alloc(kfd, &g[0], 1 << 20, vram, &data) == 0, "VRAM 1 MiB at 0x%" PRIx64, data.va);
	kio(kfd, AMDKFD_IOC_AVAILABLE_MEMORY, &avail);
	check(before - avail.available == 1 << 20, "AVAILABLE_MEMORY drops by 1 MiB");
	check(alloc(kfd, &g[0], 64 * 1024, KFD_IOC_ALLOC_MEM_FLAGS_USERPTR, &host) == 0,
	      "USERPTR 64 KiB at 0x%" PRIx64, host.va);
	check(alloc(kfd, &g[0], 4096, gtt, &ring) == 0, "GTT ring");
	check(alloc(kfd, &g[0], 4096, gtt, &ptrs) == 0, "GTT rptr/wptr page");
	check(alloc(kfd, &g[0], 4096, vram, &eop) == 0, "VRAM EOP buffer");
	uint32_t ctl, cwsr;
	uint64_t total;

	cwsr_sizes(&g[0], &ctl, &cwsr, &total);
	check(alloc(kfd, &g[0], total, vram, &ctx) == 0, "VRAM CWSR area %" PRIu64 " KiB", total >> 10);
	check(alloc(kfd, &g[0], KFD_SIGNAL_EVENT_LIMIT * 8, gtt, &events) == 0, "GTT event page");
	((uint32_t *)data.cpu)[0] = 1;
	check(((uint32_t *)data.cpu)[0] == 1, "VRAM BO is CPU-writable through the render mmap");

	/* ---- events */
	struct kfd_ioctl_create_event_args sig, mem, hw;

	check(create_event(kfd, KFD_IOC_EVENT_SIGNAL, events.handle, &sig) == 0 &&
	      sig.event_id == 1 && sig.event_slot_index == sig.event_id &&
	      ((uint64_t *)events.cpu)[0] == ~0ull,
	      "CREATE_EVENT signal in the user page: id %u (0 is reserved), page unsignalled",
	      sig.event_id);
	check(create_event(kfd, KFD_IOC_EVENT_MEMORY, 0, &mem) == 0 && mem.event_id >= 4096,
	      "CREATE_EVENT memory: id %u", mem.event_id);
	check(create_event(kfd, KFD_IOC_EVENT_HW_EXCEPTION, 0, &hw) == 0,
	      "CREATE_EVENT hw exception: id %u", hw.event_id);
	struct kfd_ioctl_create_event_args again;

	err = create_event(kfd, KFD_IOC_EVENT_SIGNAL, events.handle, &again);
	check(err == EINVAL, "a second event page: EINVAL (got %s)", strerror(err));
	check(wait_event(kfd, sig.event_id, 10, NULL) == KFD_IOC_WAIT_RESULT_TIMEOUT,
	      "WAIT_EVENTS 10 ms on a quiet event: TIMEOUT");
	struct kfd_ioctl_set_event_args se = { .event_id = sig.event_id };

	check(kio(kfd, AMDKFD_IOC_SET_EVENT, &se) == 0 &&
	      wait_event(kfd, sig.event_id, 0, NULL) == KFD_IOC_WAIT_RESULT_COMPLETE &&
	      wait_event(kfd, sig.event_id, 0, NULL) == KFD_IOC_WAIT_RESULT_TIMEOUT,
	      "SET_EVENT, then one WAIT completes (auto reset)");
	se.event_id = mem.event_id;
	err = kio(kfd, AMDKFD_IOC_SET_EVENT, &se);
	check(err == EINVAL, "SET_EVENT on a memory event: EINVAL (got %s)", strerror(err));

	/* ---- queue */
	struct queue q = { 0 };

	q.args = (struct kfd_ioctl_create_queue_args){
		.ring_base_address = ring.va, .ring_size = 4096,
		.write_pointer_address = ptrs.va, .read_pointer_address = ptrs.va + 64,
		.gpu_id = g[0].id, .queue_type = KFD_IOC_QUEUE_TYPE_COMPUTE,
		.queue_percentage = 100, .queue_priority = 7,
		.eop_buffer_address = eop.va, .eop_buffer_size = 4096,
		.ctx_save_restore_address = ctx.va, .ctx_save_restore_size = cwsr,
		.ctl_stack_size = ctl,
	};
	struct kfd_ioctl_create_queue_args bad = q.args;

	bad.queue_type = KFD_IOC_QUEUE_TYPE_SDMA;
	err = kio(kfd, AMDKFD_IOC_CREATE_QUEUE, &bad);
	check(err == 524, "CREATE_QUEUE SDMA: ENOTSUPP (524) (got %d)", err);
	bad = q.args;
	bad.queue_type = 7;
	err = kio(kfd, AMDKFD_IOC_CREATE_QUEUE, &bad);
	check(err == 524, "CREATE_QUEUE type 7: ENOTSUPP (524) (got %d)", err);
	bad = q.args;
	bad.ring_size = 3000;
	err = kio(kfd, AMDKFD_IOC_CREATE_QUEUE, &bad);
	check(err == EINVAL, "CREATE_QUEUE ring size 3000: EINVAL (got %s)", strerror(err));
	bad = q.args;
	bad.ctl_stack_size += 4096;
	err = kio(kfd, AMDKFD_IOC_CREATE_QUEUE, &bad);
	check(err == EINVAL, "CREATE_QUEUE wrong control stack size: EINVAL (got %s)", strerror(err));
	bad = q.args;
	bad.ring_size = 8192;
	err = kio(kfd, AMDKFD_IOC_CREATE_QUEUE, &bad);
	check(err == EINVAL, "CREATE_QUEUE ring larger than its BO: EINVAL (got %s)", strerror(err));
	bad = q.args;
	bad.read_pointer_address = data.va + PAGE;
	err = kio(kfd, AMDKFD_IOC_CREATE_QUEUE, &bad);
	check(err == EINVAL, "CREATE_QUEUE rptr not at the start of a 1-page BO: EINVAL (got %s)",
	      strerror(err));
	bad = q.args;
	bad.gpu_id = g[1].id;
	err = kio(kfd, AMDKFD_IOC_CREATE_QUEUE, &bad);
	check(err == ESRCH, "CREATE_QUEUE on a GPU without VM: ESRCH (got %s)", strerror(err));
	bad = q.args;
	bad.queue_priority = 16;
	err = kio(kfd, AMDKFD_IOC_CREATE_QUEUE, &bad);
	check(err == EINVAL, "CREATE_QUEUE priority 16: EINVAL (got %s)", strerror(err));

	check(kio(kfd, AMDKFD_IOC_CREATE_QUEUE, &q.args) == 0, "CREATE_QUEUE PM4: id %u doorbell 0x%llx",
	      q.args.queue_id, (unsigned long long)q.args.doorbell_offset);
	uint64_t dboff = q.args.doorbell_offset;
	void *dbpage = sys->mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, kfd,
				 (off_t)(dboff & ~0x1fffull));

	check(dbpage != MAP_FAILED, "mmap the doorbell page");
	q.ring = ring.cpu;
	q.wptr = ptrs.cpu;
	q.rptr = (uint64_t *)((char *)ptrs.cpu + 64);
	q.doorbell = (volatile uint64_t *)((char *)dbpage + (dboff & 0x1fff));

	/* ---- work: a value into VRAM, then the event */
	uint64_t slot = events.va + 8ull * sig.event_slot_index;

	write_data(&q, data.va + 16, 0xc0ffee);
	write_data(&q, host.va + 8, 0xbeef);
	signal_event(&q, slot, sig.event_id);
	submit(&q);
	err = wait_event(kfd, sig.event_id, 5000, NULL);
	check(err == KFD_IOC_WAIT_RESULT_COMPLETE, "WAIT_EVENTS on the queue's event: %d", err);
	check(((uint32_t *)data.cpu)[4] == 0xc0ffee, "WRITE_DATA landed in VRAM: 0x%x",
	      ((uint32_t *)data.cpu)[4]);
	check(((uint32_t *)host.cpu)[2] == 0xbeef, "WRITE_DATA landed in USERPTR memory: 0x%x",
	      ((uint32_t *)host.cpu)[2]);
	/* The CP reports its read pointer as it goes: on the asynchronous
	 * board after the interrupt of the last packet, maybe. */
	check(rptr_reaches((uint32_t *)q.rptr, q.put), "rptr reports %u dwords",
	      *(uint32_t *)q.rptr);
	check(((uint64_t *)events.cpu)[sig.event_slot_index] == ~0ull,
	      "the slot is rearmed after the interrupt");

	/* Many round trips: the board notices each doorbell. */
	unsigned rounds = 0;

	for (unsigned i = 0; i < 200; i++) {
		write_data(&q, data.va + 32, i);
		signal_event(&q, slot, sig.event_id);
		submit(&q);
		if (wait_event(kfd, sig.event_id, 5000, NULL) == KFD_IOC_WAIT_RESULT_COMPLETE &&
		    ((uint32_t *)data.cpu)[8] == i)
			rounds++;
	}
	check(rounds == 200, "200 submit/wait round trips (%u)", rounds);

	/* ---- several threads at once */
	struct worker wk[WORKERS];
	pthread_t wt[WORKERS];
	unsigned setups = 0, rounds_ok = 0, memory_ok = 0, teardowns = 0;

	for (unsigned i = 0; i < WORKERS; i++) {
		wk[i] = (struct worker){ .kfd = kfd, .g = &g[0], .dbpage = dbpage,
					 .events_va = events.va, .ctl = ctl, .cwsr = cwsr,
					 .total = total };
		pthread_create(&wt[i], NULL, work, &wk[i]);
	}
	for (unsigned i = 0; i < WORKERS; i++) {
		pthread_join(wt[i], NULL);
		setups += wk[i].setup_ok;
		rounds_ok += wk[i].rounds_ok;
		memory_ok += wk[i].memory_ok;
		teardowns += wk[i].teardown_ok;
	}
	check(setups == WORKERS && rounds_ok == WORKERS * WORKER_ROUNDS &&
	      memory_ok == WORKERS * WORKER_ROUNDS && teardowns == WORKERS,
	      "%u threads at once, each with its queue and event: %u/%u queues made, %u/%u "
	      "round trips, %u/%u allocate-map-unmap-free, %u/%u torn down", WORKERS, setups,
	      WORKERS, rounds_ok, WORKERS * WORKER_ROUNDS, memory_ok, WORKERS * WORKER_ROUNDS,
	      teardowns, WORKERS);
	/* The main thread's queue ran on beside them. */
	write_data(&q, data.va + 56, 0x7e57);
	signal_event(&q, slot, sig.event_id);
	submit(&q);
	check(wait_event(kfd, sig.event_id, 5000, NULL) == KFD_IOC_WAIT_RESULT_COMPLETE &&
	      ((uint32_t *)data.cpu)[14] == 0x7e57, "the first queue still runs after them");

	/* ---- an AQL queue: a barrier packet whose completion signal interrupts */
	struct bo aring, aq, asig;

	check(alloc(kfd, &g[0], 4096, gtt, &aring) == 0 && alloc(kfd, &g[0], 4096, gtt, &aq) == 0 &&
	      alloc(kfd, &g[0], 4096, gtt, &asig) == 0, "GTT AQL ring, amd_queue_t, signal");
	struct kfd_ioctl_create_queue_args qa = q.args;

	qa.queue_type = KFD_IOC_QUEUE_TYPE_COMPUTE_AQL;
	qa.ring_base_address = aring.va;
	qa.write_pointer_address = aq.va + 56;	/* amd_queue_t.write_dispatch_id */
	qa.read_pointer_address = aq.va + 128;	/* amd_queue_t.read_dispatch_id */
	check(kio(kfd, AMDKFD_IOC_CREATE_QUEUE, &qa) == 0 && qa.queue_id != q.args.queue_id &&
	      (qa.doorbell_offset & 0x1fff) == (dboff & 0x1fff) + 8,
	      "CREATE_QUEUE AQL: id %u, the next doorbell", qa.queue_id);
	volatile uint64_t *adb = (volatile uint64_t *)((char *)dbpage + (qa.doorbell_offset & 0x1fff));
	uint64_t *sigp = asig.cpu;
	unsigned aql_ok = 0;

	memset(aring.cpu, 0, 4096);
	for (unsigned i = 0; i < 64; i++)	/* every slot INVALID */
		((uint16_t *)aring.cpu)[i * 32] = 1;
	for (uint64_t idx = 0; idx < 3; idx++) {
		uint8_t *pk = (uint8_t *)aring.cpu + (idx % 64) * 64;
		uint64_t sigva = asig.va;

		sigp[0] = 0;			/* kind */
		sigp[1] = 1;			/* value */
		sigp[2] = slot;			/* event_mailbox_ptr */
		sigp[3] = sig.event_id;		/* event_id */
		memset(pk + 2, 0, 62);
		memcpy(pk + 56, &sigva, 8);	/* completion_signal */
		/* BARRIER_AND, barrier bit, system-scope fences; the header last. */
		__atomic_store_n((uint16_t *)pk, (uint16_t)(3 | 1 << 8 | 2 << 9 | 2 << 11),
				 __ATOMIC_RELEASE);
		__atomic_store_n((uint64_t *)((char *)aq.cpu + 56), idx + 1, __ATOMIC_RELEASE);
		*adb = idx;			/* ROCr rings with the packet's index */
		/* The model's packet processor writes the read index just after
		 * it raised the signal's interrupt: on the asynchronous board the
		 * wait may return between the two. */
		if (wait_event(kfd, sig.event_id, 5000, NULL) == KFD_IOC_WAIT_RESULT_COMPLETE &&
		    sigp[1] == 0 && read_index_reaches((uint64_t *)((char *)aq.cpu + 128), idx + 1))
			aql_ok++;
	}
	check(aql_ok == 3, "AQL barrier packets completed, signalled, read index published (%u/3)",
	      aql_ok);
	/* ---- GWS: all 64 to one queue of the process at a time */
	struct kfd_ioctl_alloc_queue_gws_args gws = {
		.queue_id = q.args.queue_id, .num_gws = 1, .first_gws = 77,
	};

	err = kio(kfd, AMDKFD_IOC_ALLOC_QUEUE_GWS, &gws);
	check(err == 0 && gws.first_gws == 0, "ALLOC_QUEUE_GWS PM4 queue %u: first_gws %u (%s)",
	      gws.queue_id, gws.first_gws, strerror(err));
	err = kio(kfd, AMDKFD_IOC_ALLOC_QUEUE_GWS, &gws);
	check(err == EBUSY, "ALLOC_QUEUE_GWS the same queue again: EBUSY (got %s)", strerror(err));
	gws.queue_id = qa.queue_id;
	gws.num_gws = 64;
	err = kio(kfd, AMDKFD_IOC_ALLOC_QUEUE_GWS, &gws);
	check(err == EBUSY, "ALLOC_QUEUE_GWS a second queue: EBUSY (got %s)", strerror(err));
	gws.num_gws = 0;
	err = kio(kfd, AMDKFD_IOC_ALLOC_QUEUE_GWS, &gws);
	check(err == EINVAL, "num_gws 0 from a queue that does not hold them: EINVAL (got %s)",
	      strerror(err));
	gws.queue_id = q.args.queue_id;
	err = kio(kfd, AMDKFD_IOC_ALLOC_QUEUE_GWS, &gws);
	check(err == 0, "num_gws 0 gives them back (%s)", strerror(err));
	err = kio(kfd, AMDKFD_IOC_ALLOC_QUEUE_GWS, &gws);
	check(err == EINVAL, "num_gws 0 with none held: EINVAL (got %s)", strerror(err));
	gws = (struct kfd_ioctl_alloc_queue_gws_args){ .queue_id = qa.queue_id, .num_gws = 64 };
	err = kio(kfd, AMDKFD_IOC_ALLOC_QUEUE_GWS, &gws);
	check(err == 0 && gws.first_gws == 0, "then the other queue gets them (%s)", strerror(err));
	gws.queue_id = 999;
	err = kio(kfd, AMDKFD_IOC_ALLOC_QUEUE_GWS, &gws);
	check(err == EINVAL, "ALLOC_QUEUE_GWS unknown queue: EINVAL (got %s)", strerror(err));
	/* The PM4 queue still runs with GWS on another queue. */
	write_data(&q, data.va + 40, 0x6a5);
	signal_event(&q, slot, sig.event_id);
	submit(&q);
	check(wait_event(kfd, sig.event_id, 5000, NULL) == KFD_IOC_WAIT_RESULT_COMPLETE &&
	      ((uint32_t *)data.cpu)[10] == 0x6a5, "the PM4 queue runs beside the GWS holder");

	struct kfd_ioctl_destroy_queue_args dqa = { .queue_id = qa.queue_id };

	check(kio(kfd, AMDKFD_IOC_DESTROY_QUEUE, &dqa) == 0, "DESTROY_QUEUE AQL");
	gws = (struct kfd_ioctl_alloc_queue_gws_args){ .queue_id = q.args.queue_id, .num_gws = 1 };
	err = kio(kfd, AMDKFD_IOC_ALLOC_QUEUE_GWS, &gws);
	check(err == 0, "destroying the holder gave them back: the PM4 queue gets them (%s)",
	      strerror(err));
	gws.num_gws = 0;
	kio(kfd, AMDKFD_IOC_ALLOC_QUEUE_GWS, &gws);

	/* ---- errors on memory */
	err = unmap(kfd, &g[0], &ring);
	check(err == EBUSY, "UNMAP of a live queue's ring: EBUSY (got %s)", strerror(err));
	err = free_bo(kfd, &data);
	check(err == EBUSY, "FREE of a mapped BO: EBUSY (got %s)", strerror(err));
	err = free_bo(kfd, &events);
	check(err == EPERM, "FREE of the event page BO: EPERM (got %s)", strerror(err));
	struct kfd_ioctl_alloc_memory_of_gpu_args am = {
		.va_addr = 0x200000000ull, .size = 0, .gpu_id = g[0].id, .flags = gtt,
	};
	err = kio(kfd, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &am);
	check(err == EINVAL, "ALLOC size 0: EINVAL (got %s)", strerror(err));
	am.size = PAGE;
	am.gpu_id = 0xdead;
	err = kio(kfd, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &am);
	check(err == EINVAL, "ALLOC bad gpu_id: EINVAL (got %s)", strerror(err));
	am.gpu_id = g[0].id;
	am.size = 1ull << 40;
	am.flags = vram;
	err = kio(kfd, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &am);
	check(err == ENOMEM, "ALLOC 1 TiB of VRAM: ENOMEM (got %s)", strerror(err));
	struct kfd_ioctl_map_memory_to_gpu_args mm = {
		.handle = data.handle, .device_ids_array_ptr = (uint64_t)(uintptr_t)&g[1].id,
		.n_devices = 1,
	};
	err = kio(kfd, AMDKFD_IOC_MAP_MEMORY_TO_GPU, &mm);
	check(err == ENODEV && mm.n_success == 0, "MAP to a GPU without VM: ENODEV (got %s)",
	      strerror(err));
	uint32_t nobody = 77;

	mm.device_ids_array_ptr = (uint64_t)(uintptr_t)&nobody;
	err = kio(kfd, AMDKFD_IOC_MAP_MEMORY_TO_GPU, &mm);
	check(err == EINVAL, "MAP to an unknown gpu_id: EINVAL (got %s)", strerror(err));
	mm.n_devices = 0;
	err = kio(kfd, AMDKFD_IOC_MAP_MEMORY_TO_GPU, &mm);
	check(err == EINVAL, "MAP with no devices: EINVAL (got %s)", strerror(err));
	mm.n_devices = 1;
	mm.device_ids_array_ptr = 8;
	err = kio(kfd, AMDKFD_IOC_MAP_MEMORY_TO_GPU, &mm);
	check(err == EFAULT, "MAP with a bad device array: EFAULT (got %s)", strerror(err));
	err = sys->ioctl(kfd, AMDKFD_IOC_GET_VERSION, (void *)8) ? errno : 0;
	check(err == EFAULT, "an ioctl argument at a bad address: EFAULT (got %s)", strerror(err));
	err = kio(kfd, _IOWR('K', 0x7f, struct kfd_ioctl_get_version_args), &ver);
	check(err == EINVAL, "ioctl number 0x7f: EINVAL, as 6.1 (got %s)", strerror(err));
	err = kio(kfd, _IOWR('K', 0x00, struct kfd_ioctl_get_version_args), &ver);
	check(err == EINVAL, "ioctl number 0: EINVAL, as 6.1 (got %s)", strerror(err));
	struct kfd_ioctl_destroy_queue_args dq = { .queue_id = 999 };

	err = kio(kfd, AMDKFD_IOC_DESTROY_QUEUE, &dq);
	check(err == EINVAL, "DESTROY_QUEUE unknown id: EINVAL (got %s)", strerror(err));
	struct kfd_ioctl_destroy_event_args de = { .event_id = 3000 };

	err = kio(kfd, AMDKFD_IOC_DESTROY_EVENT, &de);
	check(err == EINVAL, "DESTROY_EVENT unknown id: EINVAL (got %s)", strerror(err));
	void *bad_map = sys->mmap(NULL, 4096, PROT_READ, MAP_SHARED, g[1].render, (off_t)data.offset);

	check(bad_map == MAP_FAILED && errno == EACCES,
	      "render mmap of a BO through another GPU's file: EACCES");

	/* ---- a GPU memory fault */
	const uint64_t hole = 0x100000000ull + 0x1230;

	write_data(&q, hole, 1);
	signal_event(&q, slot, sig.event_id);
	submit(&q);
	struct kfd_event_data md;

	err = wait_event(kfd, mem.event_id, 5000, &md);
	check(err == KFD_IOC_WAIT_RESULT_COMPLETE && md.memory_exception_data.gpu_id == g[0].id &&
	      md.memory_exception_data.va == (hole & ~(PAGE - 1)) &&
	      md.memory_exception_data.failure.NotPresent,
	      "MEMORY event: gpu 0x%x va 0x%llx not-present %u", md.memory_exception_data.gpu_id,
	      (unsigned long long)md.memory_exception_data.va,
	      md.memory_exception_data.failure.NotPresent);
	check(wait_event(kfd, sig.event_id, 20, NULL) == KFD_IOC_WAIT_RESULT_TIMEOUT,
	      "the faulted queue stops: its later RELEASE_MEM never runs");

	/* ---- destroy and recreate: the queue runs again */
	dq.queue_id = q.args.queue_id;
	check(kio(kfd, AMDKFD_IOC_DESTROY_QUEUE, &dq) == 0, "DESTROY_QUEUE");
	memset(ring.cpu, 0, 4096);
	memset(ptrs.cpu, 0, 4096);
	q.put = 0;
	check(kio(kfd, AMDKFD_IOC_CREATE_QUEUE, &q.args) == 0 && q.args.doorbell_offset == dboff,
	      "CREATE_QUEUE again, same doorbell");
	write_data(&q, data.va + 48, 0x5a5a);
	signal_event(&q, slot, sig.event_id);
	submit(&q);
	check(wait_event(kfd, sig.event_id, 5000, NULL) == KFD_IOC_WAIT_RESULT_COMPLETE &&
	      ((uint32_t *)data.cpu)[12] == 0x5a5a, "the recreated queue runs");

	/* ---- a packet the CP cannot run: HW_EXCEPTION, that queue stops */
	uint32_t junk[] = { PKT3(0x99, 1), 0 };
	struct kfd_event_data hd;

	emit(&q, junk, 2);
	signal_event(&q, slot, sig.event_id);
	submit(&q);
	err = wait_event(kfd, hw.event_id, 5000, &hd);
	check(err == KFD_IOC_WAIT_RESULT_COMPLETE && hd.hw_exception_data.gpu_id == g[0].id &&
	      hd.hw_exception_data.reset_cause == KFD_HW_EXCEPTION_GPU_HANG,
	      "bad PM4 packet: HW_EXCEPTION event for gpu 0x%x", hd.hw_exception_data.gpu_id);
	check(wait_event(kfd, sig.event_id, 20, NULL) == KFD_IOC_WAIT_RESULT_TIMEOUT,
	      "the queue stopped at the bad packet");
	check(kio(kfd, AMDKFD_IOC_DESTROY_QUEUE, &dq) == 0 &&
	      (memset(ring.cpu, 0, 4096), memset(ptrs.cpu, 0, 4096), q.put = 0,
	       kio(kfd, AMDKFD_IOC_CREATE_QUEUE, &q.args)) == 0, "DESTROY and CREATE_QUEUE again");
	dq.queue_id = q.args.queue_id;

	/* ---- waits on several events; a destroyed event fails a wait */
	struct kfd_ioctl_create_event_args e2;
	struct kfd_event_data two[2] = { { .event_id = sig.event_id } };

	check(create_event(kfd, KFD_IOC_EVENT_SIGNAL, 0, &e2) == 0 && e2.event_id == 2,
	      "CREATE_EVENT a second signal event: id %u", e2.event_id);
	two[1].event_id = e2.event_id;
	struct kfd_ioctl_wait_events_args wa = {
		.events_ptr = (uint64_t)(uintptr_t)two, .num_events = 2, .wait_for_all = 1,
		.timeout = 10,
	};
	se.event_id = e2.event_id;
	kio(kfd, AMDKFD_IOC_SET_EVENT, &se);
	err = kio(kfd, AMDKFD_IOC_WAIT_EVENTS, &wa);
	check(err == 0 && wa.wait_result == KFD_IOC_WAIT_RESULT_TIMEOUT,
	      "wait_for_all with one of two set: TIMEOUT");
	/* That wait consumed e2 (auto reset, a woken waiter): set it again. */
	kio(kfd, AMDKFD_IOC_SET_EVENT, &se);
	signal_event(&q, slot, sig.event_id);
	submit(&q);
	wa.timeout = 5000;
	err = kio(kfd, AMDKFD_IOC_WAIT_EVENTS, &wa);
	check(err == 0 && wa.wait_result == KFD_IOC_WAIT_RESULT_COMPLETE,
	      "wait_for_all once the GPU set the other: COMPLETE");
	struct destroyer d = { kfd, e2.event_id };
	pthread_t t;

	pthread_create(&t, NULL, destroy_later, &d);
	wa.num_events = 1;
	wa.events_ptr = (uint64_t)(uintptr_t)&two[1];
	wa.timeout = 5000;
	err = kio(kfd, AMDKFD_IOC_WAIT_EVENTS, &wa);
	pthread_join(t, NULL);
	check(err == EIO && wa.wait_result == KFD_IOC_WAIT_RESULT_FAIL,
	      "an event destroyed during the wait: EIO, FAIL (got %s)", strerror(err));

	/* ---- USERPTR pages unmapped by the user leave the GPU's VM */
	sys->munmap(host.cpu, host.size);
	write_data(&q, host.va + 4, 2);
	submit(&q);
	err = wait_event(kfd, mem.event_id, 5000, &md);
	check(err == KFD_IOC_WAIT_RESULT_COMPLETE && md.memory_exception_data.va == host.va,
	      "GPU write to munmapped USERPTR pages: MEMORY event at 0x%llx",
	      (unsigned long long)md.memory_exception_data.va);
	host.cpu = sys->mmap(host.cpu, host.size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	/* ---- MMIO remap and doorbell BOs */
	struct kfd_ioctl_alloc_memory_of_gpu_args mmio = {
		.va_addr = 0x300000000ull, .size = PAGE, .gpu_id = g[0].id,
		.flags = KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP,
	};
	check(kio(kfd, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &mmio) == 0 &&
	      mmio.mmap_offset == (KFD_MMAP_MMIO_TEST | (uint64_t)g[0].id << 46),
	      "ALLOC MMIO_REMAP: offset 0x%llx", (unsigned long long)mmio.mmap_offset);
	void *hdp = sys->mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, kfd,
			      (off_t)mmio.mmap_offset);

	check(hdp != MAP_FAILED, "mmap the MMIO remap page through /dev/kfd");
	if (hdp != MAP_FAILED) {
		*(volatile uint32_t *)hdp = 1;	/* an HDP flush */
		sys->munmap(hdp, PAGE);
	}
	struct kfd_ioctl_alloc_memory_of_gpu_args dbm = {
		.va_addr = 0x300100000ull, .size = PAGE, .gpu_id = g[0].id,
		.flags = KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL,
	};
	err = kio(kfd, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &dbm);
	check(err == EINVAL, "ALLOC DOORBELL of one page: EINVAL (got %s)", strerror(err));
	dbm.size = 8192;
	check(kio(kfd, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &dbm) == 0, "ALLOC DOORBELL of the 8 KiB slice");

	/* ---- teardown */
	check(kio(kfd, AMDKFD_IOC_DESTROY_QUEUE, &dq) == 0, "DESTROY_QUEUE");
	check(unmap(kfd, &g[0], &data) == 0 && free_bo(kfd, &data) == 0, "UNMAP and FREE VRAM");
	err = unmap(kfd, &g[0], &data);
	check(err == ENOMEM, "UNMAP of a freed handle: ENOMEM, as amdkfd (got %s)", strerror(err));
	sys->munmap(dbpage, 8192);
	check(sys->close(kfd) == 0, "close /dev/kfd: the process goes");
	kfd = sys->open("/dev/kfd", O_RDWR, 0);
	err = alloc(kfd, &g[0], PAGE, gtt, &early);
	check(err == ENODEV, "a new process needs ACQUIRE_VM again: ENODEV (got %s)", strerror(err));
	err = create_event(kfd, KFD_IOC_EVENT_SIGNAL, 0, &sig);
	check(err == 0 && sig.event_page_offset == 2ull << 62,
	      "CREATE_EVENT without a page: the fake's, offset 0x%llx",
	      (unsigned long long)sig.event_page_offset);
	void *evp = sys->mmap(NULL, 2 * KFD_SIGNAL_EVENT_LIMIT * 8, PROT_READ, MAP_SHARED, kfd,
			      (off_t)sig.event_page_offset);

	check(evp == MAP_FAILED && errno == EINVAL, "mmap of 64 KiB of the event page: EINVAL");
	evp = sys->mmap(NULL, KFD_SIGNAL_EVENT_LIMIT * 8, PROT_READ | PROT_WRITE, MAP_SHARED, kfd,
			(off_t)sig.event_page_offset);
	check(evp != MAP_FAILED && ((uint64_t *)evp)[sig.event_slot_index] == ~0ull,
	      "mmap the event page: slot %u unsignalled", sig.event_slot_index);
	if (evp != MAP_FAILED)
		sys->munmap(evp, KFD_SIGNAL_EVENT_LIMIT * 8);
	sys->close(kfd);
	for (unsigned i = 0; i < 2; i++)
		sys->close(g[i].render);
	struct bo *user[] = { &data, &host, &ring, &ptrs, &eop, &ctx, &events, &aring, &aq, &asig };

	for (unsigned i = 0; i < sizeof(user) / sizeof(user[0]); i++)
		sys->munmap(user[i]->cpu, user[i]->size);

	printf("%u passed, %u failed\n", passed, failed);
	if (failed)
		return 1;
	printf("PASS\n");
	return 0;
}
