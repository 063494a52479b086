// SPDX-License-Identifier: MIT
/*
 * The kfd backend: a real AMD GPU through the stock amdgpu driver's KFD
 * interface (/dev/kfd, <linux/kfd_ioctl.h>), as a ROCm-free runtime
 * drives it (docs/facts/kfd-and-pm4-practice.md §1): the topology in
 * sysfs, a process VM acquired on the render node, buffer objects at
 * GPU VA = CPU VA, PM4 user queues with 64-bit doorbells, and signal
 * events a waiter sleeps on.  Only the kernel's UAPI header: no libdrm,
 * no libhsakmt, no ROCm.
 *
 * Every system call goes through a struct bh_kfd_sys (bh/kfd-sys.h), the
 * C library's unless a test build linked the fake KFD in.
 */
#define _DEFAULT_SOURCE		/* MAP_ANONYMOUS, MAP_NORESERVE */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <linux/kfd_ioctl.h>

#include <bh/backends.h>
#include <bh/kfd-sys.h>
#include "generated/autoconf.h"
#include "../core/gfx.h"
#include "../core/klib.h"

#define TOPOLOGY "/sys/devices/virtual/kfd/kfd/topology"
#define KFD_NODE "/dev/kfd"
#define MAX_GPUS 64
#define MAX_QUEUES 32
/* The event page: KFD_SIGNAL_EVENT_LIMIT 8-byte slots (amdkfd). */
#define EVENT_PAGE_BYTES (4096 * 8)
/* What amdkfd writes to a slot nobody has signalled. */
#define SLOT_UNSIGNALED 0xffffffffffffffffull
/* The doorbells of a process on one GPU: 1024 64-bit slots (gfx9+). */
#define DOORBELL_BYTES 8192
/* This backend uses ioctls of KFD 1.x up to AVAILABLE_MEMORY (1.9). */
#define KFD_MIN_MINOR 9
/* AMDKFD_IOC_RUNTIME_ENABLE (KFD 1.14, Linux 6.5): newer than the
 * 6.1 UAPI header Debian 12 ships, so its number and layout here. */
struct kfd_runtime_enable_args {
	__u64 r_debug;
	__u32 mode_mask;
	__u32 capabilities_mask;
};
#define KFD_IOC_RUNTIME_ENABLE AMDKFD_IOWR(0x25, struct kfd_runtime_enable_args)

/* The GPU a topology node describes: what its properties file says. */
struct kfd_node {
	unsigned node;
	uint32_t gpu_id;
	uint32_t gfx_target_version;
	unsigned simd_count, simd_per_cu, array_count, simd_arrays_per_engine;
	unsigned cu_per_simd_array, max_waves_per_simd, lds_size_in_kb, wave_front_size;
	unsigned drm_render_minor, num_xcc, max_engine_clk_fcompute, cpu_cores_count;
	unsigned num_gws;		/* global wave sync resources; 0 none */
	uint32_t location_id, domain, capability;
	uint64_t vram_size;
	unsigned mem_clk_max, mem_width;
	char name[32];
};

/* How many GPUs one process may have open at once (HIP devices). */
#define MAX_OPEN 16

/* A buffer object: the handle KFD gave and how it is mapped here. */
struct kfd_bo {
	uint64_t handle;
	uint64_t va, size;
	void *cpu;
	unsigned domain;
	bool borrowed;		/* the process's own pages (registered) */
	/* Host memory is mapped for every open GPU of the process (as ROCm
	 * does: pinned memory is reachable from all devices); VRAM only for
	 * its own.  The GPUs it is mapped for, and its place on the
	 * process's list of host buffers. */
	uint32_t mapped[MAX_OPEN];
	unsigned nmapped;
	struct kfd_bo *next_host;
};

struct kfd_queue {
	bool used;
	uint32_t queue_id;
	volatile uint64_t *doorbell;
	volatile uint64_t *wptr;	/* the CP polls it (write_pointer_address) */
	uint64_t wptr_va;
	uint64_t ring_va, ring_size, rptr_va;
	uint32_t *ring;
	uint64_t wptr_base;		/* loader wptr where the HQD's is 0 (resets) */
	struct kfd_bo eop, cwsr;
	uint32_t event_id, event_slot;
	bool gws;			/* holds the GPU's GWS (ALLOC_QUEUE_GWS) */
};

/*
 * What amdkfd keeps per process, shared by the open GPUs: /dev/kfd is
 * opened once (a second open names the same kfd_process), the signal
 * event page is set once, and the memory and hardware exception events
 * fire for every GPU (their data names the GPU).
 */
struct kfd_process {
	unsigned refs;			/* open GPUs */
	int fd;
	unsigned minor;			/* KFD interface 1.minor */
	struct kfd_platform *open[MAX_OPEN];
	struct kfd_bo events_bo;	/* the signal page, once a GPU made it */
	bool event_page_set;		/* KFD has events_bo as its signal page */
	uint32_t mem_event, hw_event;
	struct kfd_bo *host;		/* every host buffer of the process */
	/* The GPU VMs acquired: amdkfd binds a GPU of the process to one
	 * render-node file for the process's life (a second ACQUIRE_VM
	 * with another file is EBUSY), and the process lives as long as
	 * its mm, not its /dev/kfd file.  So once a VM is acquired, the
	 * render node, /dev/kfd, the event page and the fault events stay
	 * open until the program ends, and a GPU closed and opened again
	 * (hipDeviceReset) reuses them, as ROCr does. */
	struct {
		uint32_t gpu_id;
		int drm_fd;
	} vm[MAX_OPEN];
	unsigned nvm;
	bool runtime_enabled;
};

static struct kfd_process proc = { .fd = -1 };

struct kfd_platform {
	struct bh_platform ops;
	const struct bh_kfd_sys *sys;
	int kfd_fd, drm_fd;		/* kfd_fd: proc.fd while open */
	unsigned want;			/* which visible GPU (HIP device ordinal) */
	struct kfd_node gpu;
	unsigned gpu_index, ngpus;	/* among the visible GPUs */
	uint64_t gpuvm_base, gpuvm_limit;
	uint32_t eop_size, ctl_stack_size, cwsr_size, debug_size;
	struct kfd_bo wptr_bo;
	uint8_t *doorbells;
	/* The MMIO remap page (NULL where KFD offers none: an APU, a kernel
	 * page larger than 4 KiB): HDP_MEM_FLUSH_CNTL, the register amdgpu
	 * writes to flush the host data path. */
	struct kfd_bo mmio;
	volatile uint32_t *hdp_flush;
	bool fault_seen;		/* a fault stopped this GPU's queues */
	bool fault_memory;		/* a memory fault (else a hardware exception) */
	bool fault_told;		/* take_fault reported it once */
	uint64_t fault_va;		/* its address */
	char fault_detail[256];
	struct kfd_queue q[MAX_QUEUES];
	/* Each live queue's signal event, 0 for none: what wait_interrupt
	 * (any thread, no lock) waits on while queues come and go. */
	uint32_t wait_ids[MAX_QUEUES];
};

static struct kfd_platform *to_kfd(struct bh_platform *p)
{
	return (struct kfd_platform *)p;
}

/* ---------------------------------------------------------- system calls */
static int libc_open(const char *path, int flags, mode_t mode)
{
	return open(path, flags, mode);
}

static int libc_ioctl(int fd, unsigned long request, void *arg)
{
	return ioctl(fd, request, arg);
}

static const struct bh_kfd_sys libc_sys = {
	.open = libc_open,
	.close = close,
	.read = read,
	.ioctl = libc_ioctl,
	.mmap = mmap,
	.munmap = munmap,
};

/* An ioctl, restarted when a signal interrupts it (as libhsakmt does). */
static int kfd_ioctl(struct kfd_platform *kp, unsigned long req, void *arg)
{
	int ret;

	do
		ret = kp->sys->ioctl(kp->kfd_fd, req, arg);
	while (ret == -1 && (errno == EINTR || errno == EAGAIN));
	return ret;
}

static int fail(struct bh_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int fail(struct bh_error *err, int code, const char *fmt, ...)
{
	va_list ap;

	err->code = code;
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof(err->message), fmt, ap);
	va_end(ap);
	return code;
}

static void kfd_logf(struct kfd_platform *kp, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void kfd_logf(struct kfd_platform *kp, const char *fmt, ...)
{
	char line[BH_ERROR_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	kp->ops.log(&kp->ops, line);
}

/* --------------------------------------------------------------- topology */
/* Reads a small sysfs file whole; its length, or -1 with errno. */
static ssize_t read_file(struct kfd_platform *kp, const char *path, char *buf, size_t size)
{
	int fd = kp->sys->open(path, O_RDONLY | O_CLOEXEC, 0);
	size_t len = 0;

	if (fd < 0)
		return -1;
	while (len + 1 < size) {
		ssize_t n = kp->sys->read(fd, buf + len, size - 1 - len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += (size_t)n;
	}
	kp->sys->close(fd);
	buf[len] = 0;
	return (ssize_t)len;
}

/* The value of "key value" line @key in @text, or @dflt. */
static uint64_t prop(const char *text, const char *key, uint64_t dflt)
{
	size_t klen = strlen(key);

	for (const char *l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL)
		if (!strncmp(l, key, klen) && l[klen] == ' ')
			return strtoull(l + klen + 1, NULL, 10);
	return dflt;
}

/* Node @n's description; 0 (a GPU), 1 (a CPU-only node), -1 (no node). */
static int read_node(struct kfd_platform *kp, unsigned n, struct kfd_node *out)
{
	char path[160], text[4096];

	snprintf(path, sizeof(path), TOPOLOGY "/nodes/%u/gpu_id", n);
	if (read_file(kp, path, text, sizeof(text)) < 0)
		return -1;
	memset(out, 0, sizeof(*out));
	out->node = n;
	out->gpu_id = (uint32_t)strtoul(text, NULL, 10);
	if (!out->gpu_id)
		return 1;
	snprintf(path, sizeof(path), TOPOLOGY "/nodes/%u/name", n);
	if (read_file(kp, path, out->name, sizeof(out->name)) > 0)
		out->name[strcspn(out->name, "\n")] = 0;
	snprintf(path, sizeof(path), TOPOLOGY "/nodes/%u/properties", n);
	if (read_file(kp, path, text, sizeof(text)) <= 0)
		return -1;
	out->gfx_target_version = (uint32_t)prop(text, "gfx_target_version", 0);
	out->simd_count = (unsigned)prop(text, "simd_count", 0);
	out->simd_per_cu = (unsigned)prop(text, "simd_per_cu", 4);
	out->array_count = (unsigned)prop(text, "array_count", 1);
	out->simd_arrays_per_engine = (unsigned)prop(text, "simd_arrays_per_engine", 1);
	out->cu_per_simd_array = (unsigned)prop(text, "cu_per_simd_array", 0);
	out->max_waves_per_simd = (unsigned)prop(text, "max_waves_per_simd", 8);
	out->lds_size_in_kb = (unsigned)prop(text, "lds_size_in_kb", 64);
	out->wave_front_size = (unsigned)prop(text, "wave_front_size", 64);
	out->drm_render_minor = (unsigned)prop(text, "drm_render_minor", 0);
	out->num_xcc = (unsigned)prop(text, "num_xcc", 1);
	out->max_engine_clk_fcompute = (unsigned)prop(text, "max_engine_clk_fcompute", 0);
	out->cpu_cores_count = (unsigned)prop(text, "cpu_cores_count", 0);
	out->location_id = (uint32_t)prop(text, "location_id", 0);
	out->domain = (uint32_t)prop(text, "domain", 0);
	out->capability = (uint32_t)prop(text, "capability", 0);
	/* KFD says 0 where the GPU has GWS but its firmware or scheduling
	 * policy gives none (kfd_topology.c). */
	out->num_gws = (unsigned)prop(text, "num_gws", 0);
	if (!out->num_xcc)
		out->num_xcc = 1;
	if (!out->simd_per_cu)
		out->simd_per_cu = 4;
	/* Memory: the banks that are the GPU's own (heap types 1 public and
	 * 2 private frame buffer); an APU has only system memory. */
	for (unsigned b = 0; b < 16; b++) {
		snprintf(path, sizeof(path), TOPOLOGY "/nodes/%u/mem_banks/%u/properties", n, b);
		if (read_file(kp, path, text, sizeof(text)) <= 0)
			break;
		uint64_t heap = prop(text, "heap_type", 0);

		if (heap == 1 || heap == 2) {
			out->vram_size += prop(text, "size_in_bytes", 0);
			out->mem_clk_max = (unsigned)prop(text, "mem_clk_max", 0);
			out->mem_width = (unsigned)prop(text, "width", 0);
		}
	}
	return 0;
}

/* The code-object target of gfx_target_version (90010 -> gfx90a). */
static void target_name(uint32_t v, char *buf, size_t size)
{
	snprintf(buf, size, "gfx%u%x%x", v / 10000, (v / 100) % 100, v % 100);
}

/* EF_AMDGPU_MACH of the targets a KFD may report (LLVM AMDGPUUsage). */
static uint32_t target_mach(uint32_t v)
{
	static const struct {
		uint32_t version, mach;
	} t[] = {
		{ 90008, 0x30 }, { 90010, 0x3f }, { 90400, 0x40 }, { 90401, 0x4b },
		{ 90402, 0x4c }, { 90500, 0x4f }, { 100300, 0x36 }, { 110000, 0x41 },
		{ 110001, 0x42 }, { 110002, 0x43 }, { 110003, 0x44 }, { 110500, 0x46 },
		{ 110501, 0x4a }, { 120000, 0x48 }, { 120001, 0x4e },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (t[i].version == v)
			return t[i].mach;
	return 0;
}

/*
 * A row not yet checked on real hardware (gfx.h bh_gfx.verified) drives
 * a real GPU only when the user asks for it.
 */
#define UNVERIFIED_ENV "BAREHIP_UNVERIFIED_GFX"

static bool runs_row(const struct bh_gfx *row)
{
	const char *v = getenv(UNVERIFIED_ENV);

	return row->verified || (v && !strcmp(v, "1"));
}

/*
 * Which GPUs the program may use, as ROCm: ROCR_VISIBLE_DEVICES picks
 * among all of them, then HIP_VISIBLE_DEVICES (or CUDA_VISIBLE_DEVICES)
 * among those.  A list of indices; the first bad entry ends it, and an
 * empty list hides every GPU.  Fills @map with the visible GPUs' indices
 * into the full list; returns how many.
 */
static unsigned apply_visible(const char *var, unsigned *map, unsigned n)
{
	const char *v = getenv(var);
	unsigned out[MAX_GPUS], k = 0;

	if (!v)
		return n;
	for (const char *s = v; *s && k < MAX_GPUS;) {
		char *end;
		long i = strtol(s, &end, 10);

		if (end == s || i < 0 || i >= (long)n || (*end && *end != ','))
			break;
		bool dup = false;

		for (unsigned j = 0; j < k; j++)
			dup |= out[j] == map[i];
		if (dup)
			break;
		out[k++] = map[i];
		s = *end ? end + 1 : end;
	}
	memcpy(map, out, k * sizeof(*map));
	return k;
}

static int discover(struct kfd_platform *kp, struct bh_error *err)
{
	struct kfd_node nodes[MAX_GPUS];
	unsigned map[MAX_GPUS], n = 0, visible;
	char names[256] = "";

	for (unsigned i = 0; n < MAX_GPUS; i++) {
		int r = read_node(kp, i, &nodes[n]);

		if (r < 0)
			break;
		if (r == 0) {
			map[n] = n;
			n++;
		}
	}
	if (!n)
		return fail(err, BH_ENODEV, "kfd backend: " TOPOLOGY " lists no GPU "
			    "(/dev/kfd exists, but amdgpu found no GPU it can run compute on)");
	visible = apply_visible("ROCR_VISIBLE_DEVICES", map, n);
	visible = apply_visible(getenv("HIP_VISIBLE_DEVICES") ? "HIP_VISIBLE_DEVICES"
							       : "CUDA_VISIBLE_DEVICES", map, visible);
	if (!visible)
		return fail(err, BH_ENODEV, "kfd backend: the machine has %u GPU%s, but "
			    "ROCR_VISIBLE_DEVICES / HIP_VISIBLE_DEVICES hide%s them all", n,
			    n == 1 ? "" : "s", n == 1 ? "s" : "");
	kp->ngpus = visible;
	if (kp->want >= visible) {
		for (unsigned i = 0; i < visible; i++) {
			char t[16];

			target_name(nodes[map[i]].gfx_target_version, t, sizeof(t));
			snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s",
				 i ? ", " : "", t);
		}
		return fail(err, BH_ENODEV, "kfd backend: there is no GPU %u: %u visible (%s)",
			    kp->want, visible, names);
	}
	kp->gpu_index = map[kp->want];
	kp->gpu = nodes[map[kp->want]];
	return 0;
}

/* ---------------------------------------------------------------- memory */
/* Reserves @size bytes of address space aligned to @align (GPU VA = CPU VA). */
static uint64_t reserve_va(struct kfd_platform *kp, uint64_t size, uint64_t align)
{
	uint8_t *p = kp->sys->mmap(NULL, size + align, PROT_NONE,
				   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (p == MAP_FAILED)
		return 0;
	uint64_t va = ((uint64_t)(uintptr_t)p + align - 1) & ~(align - 1);

	if (va > (uintptr_t)p)
		kp->sys->munmap(p, va - (uintptr_t)p);
	if ((uintptr_t)p + size + align > va + size)
		kp->sys->munmap((void *)(uintptr_t)(va + size),
				(uintptr_t)p + size + align - (va + size));
	return va;
}

/* Map @bo for GPU @id (once), remembering it. */
static int map_one(struct kfd_platform *kp, struct kfd_bo *bo, uint32_t id)
{
	struct kfd_ioctl_map_memory_to_gpu_args m = {
		.handle = bo->handle,
		.device_ids_array_ptr = (uint64_t)(uintptr_t)&id,
		.n_devices = 1,
	};

	for (unsigned i = 0; i < bo->nmapped; i++)
		if (bo->mapped[i] == id)
			return 0;
	if (bo->nmapped == MAX_OPEN) {
		errno = ENOSPC;
		return -1;
	}
	if (kfd_ioctl(kp, AMDKFD_IOC_MAP_MEMORY_TO_GPU, &m) || m.n_success != 1)
		return -1;
	bo->mapped[bo->nmapped++] = id;
	return 0;
}

/* Unmap @bo from GPU @id if it is mapped there. */
static void unmap_one(struct kfd_platform *kp, struct kfd_bo *bo, uint32_t id)
{
	struct kfd_ioctl_unmap_memory_from_gpu_args u = {
		.handle = bo->handle,
		.device_ids_array_ptr = (uint64_t)(uintptr_t)&id,
		.n_devices = 1,
	};

	for (unsigned i = 0; i < bo->nmapped; i++)
		if (bo->mapped[i] == id) {
			if (kfd_ioctl(kp, AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU, &u))
				kfd_logf(kp, "kfd backend: unmapping 0x%llx from GPU 0x%x: %s",
					 (unsigned long long)bo->va, id, strerror(errno));
			bo->mapped[i] = bo->mapped[--bo->nmapped];
			return;
		}
}

/*
 * Map a new buffer for its GPU and, host memory, for every other open
 * GPU of the process too (then it goes on the process's host list, so
 * GPUs opened later map it as well).
 */
static int map_to_gpu(struct kfd_platform *kp, struct kfd_bo *bo)
{
	if (map_one(kp, bo, kp->gpu.gpu_id))
		return -1;
	if (bo->domain == BH_MEM_VRAM)
		return 0;
	for (unsigned i = 0; i < MAX_OPEN; i++)
		if (proc.open[i] && proc.open[i] != kp &&
		    map_one(kp, bo, proc.open[i]->gpu.gpu_id)) {
			int e = errno;

			while (bo->nmapped)
				unmap_one(kp, bo, bo->mapped[0]);
			errno = e;
			return -1;
		}
	bo->next_host = proc.host;
	proc.host = bo;
	return 0;
}

static void bo_free(struct kfd_platform *kp, struct kfd_bo *bo)
{
	struct kfd_ioctl_free_memory_of_gpu_args f = { .handle = bo->handle };

	if (!bo->size)
		return;
	for (struct kfd_bo **h = &proc.host; *h; h = &(*h)->next_host)
		if (*h == bo) {
			*h = bo->next_host;
			break;
		}
	while (bo->nmapped)
		unmap_one(kp, bo, bo->mapped[0]);
	if (!bo->borrowed)
		kp->sys->munmap((void *)(uintptr_t)bo->va, bo->size);
	if (kfd_ioctl(kp, AMDKFD_IOC_FREE_MEMORY_OF_GPU, &f))
		kfd_logf(kp, "kfd backend: freeing 0x%llx: %s", (unsigned long long)bo->va,
			 strerror(errno));
	memset(bo, 0, sizeof(*bo));
}

/*
 * A buffer object of @size bytes, mapped for the GPU at a VA that is also
 * its CPU address.  VRAM is CPU-visible (KFD's PUBLIC flag, which needs
 * the BAR to cover it); HOST is uncached GTT (rings, fences, signals and
 * pinned host memory: coherent with the CPU); SHARED is the process's own
 * pages registered as USERPTR.  0, or -1 with errno and a log line.
 */
static int bo_alloc(struct kfd_platform *kp, uint64_t size, uint64_t align, unsigned domain,
		    struct kfd_bo *bo)
{
	/* WRITABLE is (1 << 31) in the UAPI header: an int overflow, so
	 * spelled unsigned here. */
	const uint32_t base = 0x80000000u | KFD_IOC_ALLOC_MEM_FLAGS_EXECUTABLE |
			      KFD_IOC_ALLOC_MEM_FLAGS_NO_SUBSTITUTE;
	struct kfd_ioctl_alloc_memory_of_gpu_args a = { .size = size, .gpu_id = kp->gpu.gpu_id };
	void *cpu;
	int e;

	memset(bo, 0, sizeof(*bo));
	size = (size + 4095) & ~4095ull;
	a.size = size;
	if (align < 4096)
		align = 4096;
	if (domain == BH_MEM_SHARED) {
		/* Userptr: ordinary pages, registered where they already are. */
		uint64_t va = reserve_va(kp, size, align);

		if (!va)
			return -1;
		cpu = kp->sys->mmap((void *)(uintptr_t)va, size, PROT_READ | PROT_WRITE,
				    MAP_SHARED | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
		if (cpu == MAP_FAILED) {
			e = errno;
			kp->sys->munmap((void *)(uintptr_t)va, size);
			errno = e;
			return -1;
		}
		a.va_addr = va;
		a.mmap_offset = va;
		a.flags = base | KFD_IOC_ALLOC_MEM_FLAGS_USERPTR;
		if (kfd_ioctl(kp, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &a)) {
			e = errno;
			kfd_logf(kp, "kfd backend: registering %llu bytes of host memory: %s",
				 (unsigned long long)size, strerror(e));
			kp->sys->munmap(cpu, size);
			errno = e;
			return -1;
		}
	} else {
		uint64_t va = reserve_va(kp, size, align);

		if (!va)
			return -1;
		a.va_addr = va;
		if (domain == BH_MEM_VRAM)
			a.flags = base | KFD_IOC_ALLOC_MEM_FLAGS_VRAM | KFD_IOC_ALLOC_MEM_FLAGS_PUBLIC;
		else
			a.flags = base | KFD_IOC_ALLOC_MEM_FLAGS_GTT |
				  KFD_IOC_ALLOC_MEM_FLAGS_COHERENT | KFD_IOC_ALLOC_MEM_FLAGS_UNCACHED;
		if (kfd_ioctl(kp, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &a)) {
			e = errno;
			if (domain == BH_MEM_VRAM && e == EINVAL)
				kfd_logf(kp, "kfd backend: cannot allocate %llu bytes of CPU-visible "
					 "VRAM (EINVAL): enable resizable BAR (\"Re-Size BAR "
					 "support\" and \"Above 4G decoding\" in the firmware setup)",
					 (unsigned long long)size);
			else
				kfd_logf(kp, "kfd backend: allocating %llu bytes of %s: %s%s",
					 (unsigned long long)size,
					 domain == BH_MEM_VRAM ? "VRAM" : "GTT", strerror(e),
					 e == ENOMEM ? " (out of GPU memory)" : "");
			kp->sys->munmap((void *)(uintptr_t)va, size);
			errno = e;
			return -1;
		}
		cpu = kp->sys->mmap((void *)(uintptr_t)va, size, PROT_READ | PROT_WRITE,
				    MAP_SHARED | MAP_FIXED, kp->drm_fd, (off_t)a.mmap_offset);
		if (cpu == MAP_FAILED) {
			struct kfd_ioctl_free_memory_of_gpu_args f = { .handle = a.handle };

			e = errno;
			kfd_logf(kp, "kfd backend: mapping a %llu-byte buffer for the CPU: %s",
				 (unsigned long long)size, strerror(e));
			kfd_ioctl(kp, AMDKFD_IOC_FREE_MEMORY_OF_GPU, &f);
			kp->sys->munmap((void *)(uintptr_t)va, size);
			errno = e;
			return -1;
		}
	}
	bo->handle = a.handle;
	bo->va = a.va_addr;
	bo->size = size;
	bo->cpu = cpu;
	bo->domain = domain;
	if (map_to_gpu(kp, bo)) {
		struct kfd_ioctl_free_memory_of_gpu_args f = { .handle = a.handle };

		e = errno;
		kfd_logf(kp, "kfd backend: mapping 0x%llx (%llu bytes) for the GPU: %s",
			 (unsigned long long)bo->va, (unsigned long long)size, strerror(e));
		kp->sys->munmap(cpu, size);
		kfd_ioctl(kp, AMDKFD_IOC_FREE_MEMORY_OF_GPU, &f);
		memset(bo, 0, sizeof(*bo));
		errno = e;
		return -1;
	}
	return 0;
}

static int kfd_mem_alloc(struct bh_platform *p, uint64_t size, uint64_t align, unsigned domain,
			 struct bh_mem *out)
{
	struct kfd_platform *kp = to_kfd(p);
	struct kfd_bo *bo = malloc(sizeof(*bo));

	if (!bo)
		return -1;
	if (bo_alloc(kp, size, align, domain, bo)) {
		free(bo);
		return -1;
	}
	out->gpu_va = bo->va;
	out->cpu = bo->cpu;
	out->size = bo->size;
	out->domain = domain;
	out->priv = bo;
	return 0;
}

static void kfd_mem_free(struct bh_platform *p, struct bh_mem *mem)
{
	struct kfd_bo *bo = mem->priv;

	if (!bo)
		return;
	bo_free(to_kfd(p), bo);
	free(bo);
	mem->priv = NULL;
}

/* hipHostRegister: the process's own pages, as USERPTR at their address. */
static int kfd_mem_register(struct bh_platform *p, void *host, uint64_t size, struct bh_mem *out)
{
	struct kfd_platform *kp = to_kfd(p);
	struct kfd_bo *bo = calloc(1, sizeof(*bo));
	struct kfd_ioctl_alloc_memory_of_gpu_args a = {
		.va_addr = (uint64_t)(uintptr_t)host,
		.size = size,
		.mmap_offset = (uint64_t)(uintptr_t)host,
		.gpu_id = kp->gpu.gpu_id,
		.flags = 0x80000000u /* WRITABLE */ | KFD_IOC_ALLOC_MEM_FLAGS_EXECUTABLE |
			 KFD_IOC_ALLOC_MEM_FLAGS_NO_SUBSTITUTE | KFD_IOC_ALLOC_MEM_FLAGS_USERPTR,
	};
	int e;

	if (!bo)
		return -1;
	if (kfd_ioctl(kp, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &a)) {
		e = errno;
		kfd_logf(kp, "kfd backend: registering %llu bytes of host memory at %p: %s",
			 (unsigned long long)size, host, strerror(e));
		free(bo);
		errno = e;
		return -1;
	}
	*bo = (struct kfd_bo){ .handle = a.handle, .va = a.va_addr, .size = size, .cpu = host,
			       .domain = BH_MEM_HOST, .borrowed = true };
	if (map_to_gpu(kp, bo)) {
		struct kfd_ioctl_free_memory_of_gpu_args f = { .handle = a.handle };

		e = errno;
		kfd_ioctl(kp, AMDKFD_IOC_FREE_MEMORY_OF_GPU, &f);
		free(bo);
		errno = e;
		return -1;
	}
	out->gpu_va = bo->va;
	out->cpu = host;
	out->size = size;
	out->domain = BH_MEM_HOST;
	out->priv = bo;
	return 0;
}

/* AMDKFD_IOC_GET_AVAILABLE_MEMORY (KFD 1.9): what amdgpu would still give. */
static int kfd_mem_available(struct bh_platform *p, uint64_t *bytes)
{
	struct kfd_platform *kp = to_kfd(p);
	struct kfd_ioctl_get_available_memory_args a = { .gpu_id = kp->gpu.gpu_id };

	if (kfd_ioctl(kp, AMDKFD_IOC_AVAILABLE_MEMORY, &a))
		return -1;
	*bytes = a.available;
	return 0;
}

/* ------------------------------------------------------------------ open */
/*
 * The context save area amdkfd requires of a user queue (kfd_queue.c,
 * kfd_queue_ctx_save_restore_size), from the node's properties: a
 * workgroup's worth of registers and LDS per CU, a control stack per
 * wave, and debugger bytes per wave; the EOP buffer's size per target.
 */
static void queue_sizes(struct kfd_platform *kp)
{
	const struct kfd_node *n = &kp->gpu;
	uint32_t v = n->gfx_target_version;
	uint32_t vgpr = v == 90008 || v == 90010 || v / 100 == 904 || v / 100 == 905 ? 0x80000
			: v == 110000 || v == 110001 || v == 110501 || v / 10000 == 12 ? 0x60000
			: 0x40000;
	uint32_t per_cu = vgpr + 0x4000 /* SGPRs */ + 0x10000 /* LDS */ + 0x1000 /* HWREG */;
	uint32_t cus = n->simd_count / n->simd_per_cu / n->num_xcc;
	uint32_t waves = v < 100100 ? BH_MIN(cus * 40, n->array_count /
					     BH_MAX(n->simd_arrays_per_engine, 1u) * 512)
				    : cus * 32;
	uint32_t wg = (cus * per_cu + 4095) & ~4095u;
	uint32_t ctl = waves * (v >= 100100 ? 12 : 8) + 8;

	ctl = (40 /* save area header */ + ctl + 4095) & ~4095u;
	if (v / 10000 == 10)
		ctl = BH_MIN(ctl, 0x7000u);
	kp->ctl_stack_size = ctl;
	kp->cwsr_size = (ctl + wg + 4095) & ~4095u;
	kp->debug_size = (waves * 32 + 63) & ~63u;
	kp->eop_size = v == 80002 ? 0x8000 : 4096;	/* Tonga's is larger */
}

static int create_event(struct kfd_platform *kp, uint32_t type, bool auto_reset, uint32_t *id,
			uint32_t *slot, struct bh_error *err)
{
	struct kfd_ioctl_create_event_args e = {
		.event_type = type,
		.auto_reset = auto_reset,
		.node_id = kp->gpu.node,
	};

	/* The first signal event tells KFD where its slots live (later ones
	 * may not: amdkfd refuses a second event page). */
	if (type == KFD_IOC_EVENT_SIGNAL && !proc.event_page_set)
		e.event_page_offset = proc.events_bo.handle;
	if (kfd_ioctl(kp, AMDKFD_IOC_CREATE_EVENT, &e))
		return fail(err, BH_ENODEV, "kfd backend: creating a %s event: %s",
			    type == KFD_IOC_EVENT_SIGNAL ? "signal" : "fault", strerror(errno));
	*id = e.event_id;
	if (type == KFD_IOC_EVENT_SIGNAL)
		proc.event_page_set = true;
	if (slot)
		*slot = e.event_slot_index;
	return 0;
}

/*
 * /dev/kfd for the process, opened by its first GPU and checked once;
 * the GPU takes a place among the open ones.
 */
static int process_join(struct kfd_platform *kp, struct bh_error *err)
{
	struct kfd_ioctl_get_version_args ver = { 0 };
	unsigned slot;

	for (slot = 0; slot < MAX_OPEN && proc.open[slot]; slot++)
		;
	if (slot == MAX_OPEN)
		return fail(err, BH_ERANGE, "kfd backend: %d GPUs open in this process, no more",
			    MAX_OPEN);
	if (proc.fd < 0) {
		int fd = kp->sys->open(KFD_NODE, O_RDWR | O_CLOEXEC, 0);

		if (fd < 0) {
			int e = errno;

			if (e == ENOENT)
				return fail(err, BH_ENODEV, "kfd backend: no " KFD_NODE ": the "
					    "amdgpu kernel driver is not loaded, or found no GPU "
					    "(modprobe amdgpu; dmesg | grep amdgpu)");
			if (e == EACCES || e == EPERM)
				return fail(err, BH_ENODEV, "kfd backend: " KFD_NODE ": permission "
					    "denied: add the user to the 'render' and 'video' "
					    "groups (sudo usermod -aG render,video $USER, then log "
					    "in again)");
			return fail(err, BH_ENODEV, "kfd backend: cannot open " KFD_NODE ": %s",
				    strerror(e));
		}
		kp->kfd_fd = fd;
		if (kfd_ioctl(kp, AMDKFD_IOC_GET_VERSION, &ver)) {
			int ret = fail(err, BH_ENODEV, "kfd backend: " KFD_NODE ": GET_VERSION: %s",
				       strerror(errno));

			kp->sys->close(fd);
			kp->kfd_fd = -1;
			return ret;
		}
		if (ver.major_version != 1 || ver.minor_version < KFD_MIN_MINOR) {
			kp->sys->close(fd);
			kp->kfd_fd = -1;
			return fail(err, BH_ENOTSUP, "kfd backend: the kernel's KFD interface is "
				    "version %u.%u; this barehip was written for 1.%u and later 1.x "
				    "(Linux 5.14 or newer)", ver.major_version, ver.minor_version,
				    KFD_MIN_MINOR);
		}
		proc.fd = fd;
		proc.minor = ver.minor_version;
	}
	kp->kfd_fd = proc.fd;
	proc.open[slot] = kp;
	proc.refs++;
	return 0;
}

/*
 * The GPU leaves the process: host buffers of the other GPUs are
 * unmapped from it; the last one out closes /dev/kfd, which ends the
 * process's events and signal page (amdkfd refuses to free that page:
 * EPERM; it goes with the process).
 */
static void process_leave(struct kfd_platform *kp)
{
	for (unsigned i = 0; i < MAX_OPEN; i++)
		if (proc.open[i] == kp) {
			proc.open[i] = NULL;
			proc.refs--;
		}
	for (struct kfd_bo *bo = proc.host; bo && kp->gpu.gpu_id; bo = bo->next_host)
		unmap_one(kp, bo, kp->gpu.gpu_id);
	if (proc.refs || proc.nvm)
		return;
	for (uint32_t *ev = &proc.mem_event; ev <= &proc.hw_event; ev++)
		if (*ev) {
			struct kfd_ioctl_destroy_event_args d = { .event_id = *ev };

			kfd_ioctl(kp, AMDKFD_IOC_DESTROY_EVENT, &d);
			*ev = 0;
		}
	if (proc.events_bo.size)
		kp->sys->munmap(proc.events_bo.cpu, proc.events_bo.size);
	memset(&proc.events_bo, 0, sizeof(proc.events_bo));
	proc.event_page_set = false;
	proc.runtime_enabled = false;
	proc.host = NULL;
	kp->sys->close(proc.fd);
	proc.fd = -1;
}

/*
 * The host's writes to VRAM go through the BAR and the HDP (host data
 * path), whose write buffer the GPU does not see into: they must be
 * flushed before the GPU reads what they wrote, as amdgpu does by writing
 * HDP_MEM_FLUSH_CNTL, which KFD remaps into a page a process may map
 * (KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP).  Without that page (an APU, whose
 * VRAM is system memory, or no remap on this kernel) nothing is flushed.
 */
static void map_mmio(struct kfd_platform *kp)
{
	struct kfd_ioctl_alloc_memory_of_gpu_args a = {
		.size = 4096,
		.gpu_id = kp->gpu.gpu_id,
		.flags = 0x80000000u /* WRITABLE */ | KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP |
			 KFD_IOC_ALLOC_MEM_FLAGS_NO_SUBSTITUTE,
	};
	uint64_t va = reserve_va(kp, 4096, 4096);
	void *cpu;

	if (!va)
		return;
	a.va_addr = va;
	if (kfd_ioctl(kp, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &a)) {
		kp->sys->munmap((void *)(uintptr_t)va, 4096);
		return;
	}
	cpu = kp->sys->mmap((void *)(uintptr_t)va, 4096, PROT_READ | PROT_WRITE,
			    MAP_SHARED | MAP_FIXED, kp->kfd_fd, (off_t)a.mmap_offset);
	if (cpu == MAP_FAILED) {
		struct kfd_ioctl_free_memory_of_gpu_args f = { .handle = a.handle };

		kfd_logf(kp, "kfd backend: mapping the MMIO remap page (HDP flush): %s; host "
			 "writes to VRAM are not flushed", strerror(errno));
		kfd_ioctl(kp, AMDKFD_IOC_FREE_MEMORY_OF_GPU, &f);
		kp->sys->munmap((void *)(uintptr_t)va, 4096);
		return;
	}
	kp->mmio = (struct kfd_bo){ .handle = a.handle, .va = va, .size = 4096, .cpu = cpu,
				    .domain = BH_MEM_HOST };
	kp->hdp_flush = (volatile uint32_t *)((uint8_t *)cpu + KFD_MMIO_REMAP_HDP_MEM_FLUSH_CNTL);
}

/* Earlier host stores to VRAM reach it before what follows (a doorbell,
 * a gate word the CP polls). */
static void kfd_flush_writes(struct bh_platform *p)
{
	struct kfd_platform *kp = to_kfd(p);

	if (!kp->hdp_flush)
		return;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	/* The value amdgpu writes; threads flush at once (an atomic store). */
	__atomic_store_n(kp->hdp_flush, 0, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

static int kfd_open(struct bh_platform *p, struct bh_device_info *info, struct bh_error *err)
{
	struct kfd_platform *kp = to_kfd(p);
	char path[64], gfx[16];
	int ret;

	ret = process_join(kp, err);
	if (ret)
		return ret;
	ret = discover(kp, err);
	if (ret)
		goto out;
	target_name(kp->gpu.gfx_target_version, gfx, sizeof(gfx));
	info->mach = target_mach(kp->gpu.gfx_target_version);
	const struct bh_gfx *row = info->mach ? bh_gfx_lookup(info->mach) : NULL;

	if (!row) {
		ret = fail(err, BH_ENOTSUP, "kfd backend: GPU %u (KFD node %u, %s) is a %s; this "
			   "barehip runs gfx90a and gfx942 GPUs", kp->gpu_index, kp->gpu.node,
			   kp->gpu.name, gfx);
		goto out;
	}
	if (!runs_row(row)) {
		ret = fail(err, BH_ENOTSUP, "kfd backend: GPU %u (KFD node %u, %s) is a %s, whose "
			   "PM4 table has not been checked on a real GPU yet; set "
			   UNVERIFIED_ENV "=1 to try it anyway (docs/deploying.md)",
			   kp->gpu_index, kp->gpu.node, kp->gpu.name, gfx);
		goto out;
	}
	snprintf(path, sizeof(path), "/dev/dri/renderD%u", kp->gpu.drm_render_minor);
	for (unsigned i = 0; i < proc.nvm; i++)
		if (proc.vm[i].gpu_id == kp->gpu.gpu_id)
			kp->drm_fd = proc.vm[i].drm_fd;
	if (kp->drm_fd < 0) {
		int fd = kp->sys->open(path, O_RDWR | O_CLOEXEC, 0);

		if (fd < 0) {
			ret = fail(err, BH_ENODEV, "kfd backend: cannot open %s: %s%s", path,
				   strerror(errno), errno == EACCES ? " (add the user to the "
				   "'render' group)" : "");
			goto out;
		}
		struct kfd_ioctl_acquire_vm_args vm = { .drm_fd = (uint32_t)fd,
							.gpu_id = kp->gpu.gpu_id };

		if (proc.nvm == MAX_OPEN || kfd_ioctl(kp, AMDKFD_IOC_ACQUIRE_VM, &vm)) {
			ret = fail(err, BH_ENODEV, "kfd backend: acquiring the GPU VM of %s: %s",
				   path, proc.nvm == MAX_OPEN ? "too many GPUs" : strerror(errno));
			kp->sys->close(fd);
			goto out;
		}
		proc.vm[proc.nvm].gpu_id = kp->gpu.gpu_id;
		proc.vm[proc.nvm++].drm_fd = fd;
		kp->drm_fd = fd;
	}
	struct kfd_process_device_apertures ap[MAX_GPUS];
	struct kfd_ioctl_get_process_apertures_new_args apa = {
		.kfd_process_device_apertures_ptr = (uint64_t)(uintptr_t)ap,
		.num_of_nodes = MAX_GPUS,
	};

	if (kfd_ioctl(kp, AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &apa)) {
		ret = fail(err, BH_ENODEV, "kfd backend: process apertures: %s", strerror(errno));
		goto out;
	}
	for (unsigned i = 0; i < apa.num_of_nodes && i < MAX_GPUS; i++)
		if (ap[i].gpu_id == kp->gpu.gpu_id) {
			kp->gpuvm_base = ap[i].gpuvm_base;
			kp->gpuvm_limit = ap[i].gpuvm_limit;
		}
	if (proc.minor >= 14 && !proc.runtime_enabled) {
		struct kfd_runtime_enable_args re = { 0 };

		/* Tells KFD a runtime is up (debugger support); older kernels
		 * do not have it and need nothing. */
		if (kfd_ioctl(kp, KFD_IOC_RUNTIME_ENABLE, &re) && errno != EBUSY) {
			ret = fail(err, BH_ENODEV, "kfd backend: RUNTIME_ENABLE: %s",
				   strerror(errno));
			goto out;
		}
		proc.runtime_enabled = true;
	}
	queue_sizes(kp);
	/* The other GPUs' host memory (rings, fences, pinned buffers) is
	 * this GPU's to reach too. */
	for (struct kfd_bo *bo = proc.host; bo; bo = bo->next_host)
		if (map_one(kp, bo, kp->gpu.gpu_id)) {
			ret = fail(err, BH_ENOMEM, "kfd backend: mapping the process's host "
				   "memory for GPU %u: %s", kp->want, strerror(errno));
			goto out;
		}
	/* The process's signal event page (the first GPU makes it) and this
	 * GPU's page of queue write pointers. */
	if ((!proc.events_bo.size &&
	     bo_alloc(kp, EVENT_PAGE_BYTES, 4096, BH_MEM_HOST, &proc.events_bo)) ||
	    bo_alloc(kp, 4096, 4096, BH_MEM_HOST, &kp->wptr_bo)) {
		ret = fail(err, BH_ENOMEM, "kfd backend: cannot allocate the event and "
			   "write-pointer pages: %s", strerror(errno));
		goto out;
	}
	memset(kp->wptr_bo.cpu, 0, 4096);
	map_mmio(kp);
	ret = 0;
	if (!proc.mem_event)
		ret = create_event(kp, KFD_IOC_EVENT_MEMORY, true, &proc.mem_event, NULL, err);
	if (!ret && !proc.hw_event)
		ret = create_event(kp, KFD_IOC_EVENT_HW_EXCEPTION, true, &proc.hw_event, NULL,
				   err);
	if (ret)
		goto out;

	const struct kfd_node *n = &kp->gpu;

	snprintf(info->gfx, sizeof(info->gfx), "%s", gfx);
	snprintf(info->name, sizeof(info->name), "%s%s(%s)", n->name, *n->name ? " " : "",
		 gfx);
	info->gfx_version = (n->gfx_target_version / 10000) * 10000 +
			    ((n->gfx_target_version / 100) % 100) * 100 + n->gfx_target_version % 100;
	info->wave_size = n->wave_front_size;
	/* Shader engines: KFD's array_count is every shader array, and
	 * simd_arrays_per_engine those of one engine (kfd_topology.c) [U:
	 * read as such, not checked on gfx11]; 0 (unknown) unless exact. */
	if (n->simd_arrays_per_engine && n->array_count % n->simd_arrays_per_engine == 0)
		info->num_se = n->array_count / n->simd_arrays_per_engine;
	info->simds_per_cu = n->simd_per_cu;
	info->num_cus = n->simd_count / n->simd_per_cu;
	info->max_waves_per_simd = n->max_waves_per_simd;
	info->vram_size = n->vram_size;
	info->lds_size = n->lds_size_in_kb * 1024;
	info->max_workgroup_size = 1024;
	info->clock_hz = (uint64_t)n->max_engine_clk_fcompute * 1000000;
	/* s_memrealtime and RELEASE_MEM's GPU clock count the 100 MHz SOC
	 * reference clock on gfx9 (the model does the same). */
	info->timestamp_hz = 100000000;
	info->architected_scratch = n->gfx_target_version >= 90400;
	/* HSA_CAP_SRAM_EDCSUPPORTED (bit 26; bit 19 is its retired place):
	 * ECC on the SRAMs, so the code's sramecc feature must be on. */
	info->sramecc = (n->capability & 0x04000000) != 0;
	struct kfd_ioctl_set_xnack_mode_args xn = { .xnack_enabled = -1 };

	info->xnack = !kfd_ioctl(kp, AMDKFD_IOC_SET_XNACK_MODE, &xn) && xn.xnack_enabled > 0;
	info->unified_memory = true;
	info->pci_domain = (uint16_t)n->domain;
	info->pci_bus = (uint8_t)(n->location_id >> 8);
	info->pci_device = (uint8_t)((n->location_id >> 3) & 0x1f);
	info->pci_function = (uint8_t)(n->location_id & 7);
	info->memory_clock_hz = (uint64_t)n->mem_clk_max * 1000000;
	info->memory_bus_width = n->mem_width;
	info->integrated = n->cpu_cores_count > 0;
	/* An APU shares the host's memory controller; whether a discrete
	 * GPU's PCIe link carries AtomicOps is in the node's io_links,
	 * which this backend does not read yet: not claimed. */
	info->host_atomics = info->integrated;
	info->num_gws = n->num_gws;
	info->max_queues = MAX_QUEUES;
	return 0;
out:
	p->close(p);
	return ret;
}

static void queue_free(struct kfd_platform *kp, struct kfd_queue *q)
{
	bo_free(kp, &q->eop);
	bo_free(kp, &q->cwsr);
	if (q->event_id) {
		struct kfd_ioctl_destroy_event_args d = { .event_id = q->event_id };

		kfd_ioctl(kp, AMDKFD_IOC_DESTROY_EVENT, &d);
	}
	memset(q, 0, sizeof(*q));
}

static void kfd_close(struct bh_platform *p)
{
	struct kfd_platform *kp = to_kfd(p);

	if (kp->kfd_fd < 0)
		return;
	for (unsigned i = 0; i < MAX_QUEUES; i++)
		if (kp->q[i].used)
			p->queue_destroy(p, (int)i);
	bo_free(kp, &kp->wptr_bo);
	if (kp->mmio.size) {
		struct kfd_ioctl_free_memory_of_gpu_args f = { .handle = kp->mmio.handle };

		kp->sys->munmap(kp->mmio.cpu, kp->mmio.size);
		kfd_ioctl(kp, AMDKFD_IOC_FREE_MEMORY_OF_GPU, &f);
		memset(&kp->mmio, 0, sizeof(kp->mmio));
		kp->hdp_flush = NULL;
	}
	if (kp->doorbells)
		kp->sys->munmap(kp->doorbells, DOORBELL_BYTES);
	kp->doorbells = NULL;
	process_leave(kp);
	kp->kfd_fd = kp->drm_fd = -1;	/* the render node stays the process's */
}

/* ---------------------------------------------------------------- queues */
static int hqd_create(struct kfd_platform *kp, struct kfd_queue *q, struct bh_error *err)
{
	struct kfd_ioctl_create_queue_args c = {
		.ring_base_address = q->ring_va,
		.ring_size = (uint32_t)q->ring_size,
		.write_pointer_address = q->wptr_va,
		.read_pointer_address = q->rptr_va,
		.gpu_id = kp->gpu.gpu_id,
		.queue_type = KFD_IOC_QUEUE_TYPE_COMPUTE,
		.queue_percentage = KFD_MAX_QUEUE_PERCENTAGE,
		.queue_priority = 7,
		.eop_buffer_address = q->eop.va,
		.eop_buffer_size = kp->eop_size,
		.ctx_save_restore_address = q->cwsr.va,
		.ctx_save_restore_size = kp->cwsr_size,
		.ctl_stack_size = kp->ctl_stack_size,
	};

	*q->wptr = 0;
	if (kfd_ioctl(kp, AMDKFD_IOC_CREATE_QUEUE, &c))
		return fail(err, BH_ENODEV, "kfd backend: creating a compute queue: %s",
			    strerror(errno));
	q->queue_id = c.queue_id;
	/* The process's doorbell pages, mapped once; the queue's slot is the
	 * offset's low bits. */
	if (!kp->doorbells) {
		void *d = kp->sys->mmap(NULL, DOORBELL_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED,
					kp->kfd_fd,
					(off_t)(c.doorbell_offset & ~(uint64_t)(DOORBELL_BYTES - 1)));

		if (d == MAP_FAILED) {
			struct kfd_ioctl_destroy_queue_args dq = { .queue_id = c.queue_id };

			kfd_ioctl(kp, AMDKFD_IOC_DESTROY_QUEUE, &dq);
			return fail(err, BH_ENODEV, "kfd backend: mapping the doorbells: %s",
				    strerror(errno));
		}
		kp->doorbells = d;
	}
	q->doorbell = (volatile uint64_t *)(kp->doorbells +
					    (c.doorbell_offset & (DOORBELL_BYTES - 1)));
	return 0;
}

static int kfd_queue_create(struct bh_platform *p, const struct bh_mem *ring, uint64_t rptr_va,
			    struct bh_error *err)
{
	struct kfd_platform *kp = to_kfd(p);
	unsigned i;
	int ret;

	for (i = 0; i < MAX_QUEUES && kp->q[i].used; i++)
		;
	if (i == MAX_QUEUES)
		return fail(err, BH_ERANGE, "kfd backend: %d compute queues in use, no more",
			    MAX_QUEUES);
	struct kfd_queue *q = &kp->q[i];

	memset(q, 0, sizeof(*q));
	q->ring_va = ring->gpu_va;
	q->ring_size = ring->size;
	q->ring = ring->cpu;
	q->rptr_va = rptr_va;
	q->wptr_va = kp->wptr_bo.va + 8 * i;
	q->wptr = (volatile uint64_t *)((uint8_t *)kp->wptr_bo.cpu + 8 * i);
	if (bo_alloc(kp, kp->eop_size, 4096, BH_MEM_VRAM, &q->eop) ||
	    bo_alloc(kp, (uint64_t)(kp->cwsr_size + kp->debug_size) * kp->gpu.num_xcc, 4096,
		     BH_MEM_VRAM, &q->cwsr)) {
		ret = fail(err, BH_ENOMEM, "kfd backend: cannot allocate a queue's EOP buffer "
			   "and context save area (%u bytes): %s",
			   (kp->cwsr_size + kp->debug_size) * kp->gpu.num_xcc, strerror(errno));
		queue_free(kp, q);
		return ret;
	}
	ret = create_event(kp, KFD_IOC_EVENT_SIGNAL, true, &q->event_id, &q->event_slot, err);
	if (!ret)
		ret = hqd_create(kp, q, err);
	if (ret) {
		queue_free(kp, q);
		return ret;
	}
	q->used = true;
	__atomic_store_n(&kp->wait_ids[i], q->event_id, __ATOMIC_RELEASE);
	return (int)i;
}

static void kfd_queue_destroy(struct bh_platform *p, int qid)
{
	struct kfd_platform *kp = to_kfd(p);
	struct kfd_queue *q = &kp->q[qid];
	struct kfd_ioctl_destroy_queue_args d = { .queue_id = q->queue_id };

	if (!q->used)
		return;
	__atomic_store_n(&kp->wait_ids[qid], 0, __ATOMIC_RELEASE);
	if (kfd_ioctl(kp, AMDKFD_IOC_DESTROY_QUEUE, &d))
		kfd_logf(kp, "kfd backend: destroying queue %u: %s", q->queue_id,
			 strerror(errno));
	queue_free(kp, q);
}

/* ALLOC_QUEUE_GWS: all of the GPU's GWS to queue @q (amdkfd gives them all,
 * whatever num_gws asks; first_gws is always 0). */
static int gws_alloc(struct kfd_platform *kp, struct kfd_queue *q, struct bh_error *err)
{
	struct kfd_ioctl_alloc_queue_gws_args a = {
		.queue_id = q->queue_id,
		.num_gws = kp->gpu.num_gws,
	};

	if (kfd_ioctl(kp, AMDKFD_IOC_ALLOC_QUEUE_GWS, &a) == 0) {
		q->gws = true;
		return 0;
	}
	switch (errno) {
	case EBUSY:
		/* pqm_set_gws: one queue of a process per GPU (or a debugger
		 * is attached, kfd_dbg_has_gws_support). */
		return fail(err, BH_EBUSY, "kfd backend: GPU %u (KFD node %u, %s): KFD queue %u "
			    "cannot have the global wave sync (GWS) resources: another queue "
			    "of this process holds them (KFD gives them to one queue at a "
			    "time, until it is destroyed)", kp->gpu_index, kp->gpu.node,
			    kp->gpu.name, q->queue_id);
	case ENODEV:
		return fail(err, BH_ENOTSUP, "kfd backend: GPU %u (KFD node %u, %s): KFD has no "
			    "global wave sync (GWS) resources for KFD queue %u (no GWS support in "
			    "the MEC firmware or the hardware scheduler is off)",
			    kp->gpu_index, kp->gpu.node, kp->gpu.name, q->queue_id);
	default:
		return fail(err, BH_ENODEV, "kfd backend: GPU %u (KFD node %u, %s): giving KFD "
			    "queue %u the global wave sync (GWS) resources: ALLOC_QUEUE_GWS: %s",
			    kp->gpu_index, kp->gpu.node, kp->gpu.name, q->queue_id,
			    strerror(errno));
	}
}

/* The queue's GWS go back when KFD destroys it: nothing to release here. */
static int kfd_queue_alloc_gws(struct bh_platform *p, int qid, struct bh_error *err)
{
	struct kfd_platform *kp = to_kfd(p);

	if (qid < 0 || qid >= MAX_QUEUES || !kp->q[qid].used)
		return fail(err, BH_EINVAL, "kfd backend: no queue %d to give GWS to", qid);
	/* Asked again: KFD would say EBUSY, but the queue has what it wants. */
	if (kp->q[qid].gws)
		return 0;
	if (!kp->gpu.num_gws)
		return fail(err, BH_ENOTSUP, "kfd backend: GPU %u (KFD node %u, %s) has no global "
			    "wave sync (GWS) resources (its KFD topology says num_gws 0)",
			    kp->gpu_index, kp->gpu.node, kp->gpu.name);
	return gws_alloc(kp, &kp->q[qid], err);
}

static int kfd_queue_signal(struct bh_platform *p, int qid, uint64_t *mailbox_va,
			    uint32_t *data)
{
	struct kfd_platform *kp = to_kfd(p);
	struct kfd_queue *q = &kp->q[qid];

	*mailbox_va = proc.events_bo.va + 8ull * q->event_slot;
	*data = q->event_id;
	return 1;
}

/*
 * A new HQD starts at ring offset 0 with its own write pointer at 0, while
 * the loader's write pointer keeps counting: from now on the HQD's is the
 * loader's minus wptr_base, a multiple of the ring size, and the part of
 * the ring before the loader's position becomes a NOP the CP skips.
 */
static int kfd_queue_reset(struct bh_platform *p, int qid)
{
	struct kfd_platform *kp = to_kfd(p);
	struct kfd_queue *q = &kp->q[qid];
	struct kfd_ioctl_destroy_queue_args d = { .queue_id = q->queue_id };
	struct bh_error err;
	uint64_t ring_dw = q->ring_size / 4;
	uint64_t w = q->wptr_base + *q->wptr;

	if (kfd_ioctl(kp, AMDKFD_IOC_DESTROY_QUEUE, &d))
		return -1;
	q->wptr_base = w - w % ring_dw;
	uint64_t skip = w % ring_dw;

	/* NOPs over [0, skip): PACKET3(NOP, n) spans n + 2 dwords (n < 0x3fff);
	 * PACKET3(NOP, 0x3fff) is one dword. */
	for (uint64_t at = 0; at < skip;) {
		uint64_t n = BH_MIN(skip - at, 0x3000u);

		if (n == 1)
			q->ring[at] = 0xffff1000u;
		else
			q->ring[at] = 0xc0001000u | (uint32_t)((n - 2) << 16);
		at += n;
	}
	if (hqd_create(kp, q, &err)) {
		kfd_logf(kp, "%s", err.message);
		q->used = false;
		__atomic_store_n(&kp->wait_ids[qid], 0, __ATOMIC_RELEASE);
		return -1;
	}
	/* The destroyed HQD's GWS went back to KFD: the new one takes them
	 * again, so the queue stays what it was. */
	if (q->gws && gws_alloc(kp, q, &err)) {
		kfd_logf(kp, "%s", err.message);
		q->gws = false;
	}
	if (skip) {
		*q->wptr = skip;
		__atomic_thread_fence(__ATOMIC_RELEASE);
		*q->doorbell = skip;
	}
	return 0;
}

static void kfd_doorbell(struct bh_platform *p, int qid, uint64_t wptr)
{
	struct kfd_queue *q = &to_kfd(p)->q[qid];

	/* What the host wrote to VRAM (kernel arguments, copies, code)
	 * before the work that reads it. */
	kfd_flush_writes(p);
	*q->wptr = wptr - q->wptr_base;
	/* The packets and the write pointer reach memory before the CP is
	 * told to fetch them. */
	__atomic_thread_fence(__ATOMIC_RELEASE);
	*q->doorbell = wptr - q->wptr_base;
}

/* ---------------------------------------------------- waits and faults */
static int wait_events(struct kfd_platform *kp, struct kfd_event_data *ev, unsigned n,
		       uint32_t timeout_ms)
{
	struct kfd_ioctl_wait_events_args w = {
		.events_ptr = (uint64_t)(uintptr_t)ev,
		.num_events = n,
		.wait_for_all = 0,
		.timeout = timeout_ms,
	};

	if (kfd_ioctl(kp, AMDKFD_IOC_WAIT_EVENTS, &w))
		return -1;
	return w.wait_result == KFD_IOC_WAIT_RESULT_COMPLETE;
}

/* The open GPU with KFD id @gpu_id (NULL: not open here). */
static struct kfd_platform *open_gpu(uint32_t gpu_id)
{
	for (unsigned i = 0; i < MAX_OPEN; i++)
		if (proc.open[i] && proc.open[i]->gpu.gpu_id == gpu_id)
			return proc.open[i];
	return NULL;
}

/* What a fault event's data holds until WAIT_EVENTS copies a fired
 * event's data over it: its gpu_id, which no GPU has. */
#define NOT_FIRED 0xffffffffu

static void arm(struct kfd_event_data *ev, uint32_t id)
{
	*ev = (struct kfd_event_data){ .event_id = id };
	if (id == proc.mem_event)
		ev->memory_exception_data.gpu_id = NOT_FIRED;
	else
		ev->hw_exception_data.gpu_id = NOT_FIRED;
}

/* Record fault @detail on the GPU @to (NULL: every open GPU). */
static void fault_to(struct kfd_platform *to, const char *detail, bool memory, uint64_t va)
{
	for (unsigned i = 0; i < MAX_OPEN; i++) {
		struct kfd_platform *g = proc.open[i];

		if (!g || (to && g != to) || g->fault_seen)
			continue;
		snprintf(g->fault_detail, sizeof(g->fault_detail), "%s", detail);
		g->fault_va = va;
		g->fault_memory = memory;
		g->fault_seen = true;
	}
}

/*
 * The fault events are auto-reset, as ROCr makes them: a fired one wakes
 * one wait and WAIT_EVENTS copies its data out.  Whichever wait took it
 * (a poll or a sleep in wait_interrupt) hands it here, to the GPU the
 * data names.  (RESET_EVENT cannot re-arm them: amdkfd lets the CPU
 * reset only signal events.)
 */
static void route_faults(const struct kfd_event_data *ev, unsigned n)
{
	char detail[256];

	for (unsigned i = 0; i < n; i++) {
		if (ev[i].event_id == proc.mem_event &&
		    ev[i].memory_exception_data.gpu_id != NOT_FIRED) {
			const struct kfd_hsa_memory_exception_data *m = &ev[i].memory_exception_data;

			snprintf(detail, sizeof(detail),
				 "in the page at 0x%llx (%s%s%s%s; KFD reports pages, not "
				 "addresses); KFD stopped every queue of this process on the GPU",
				 (unsigned long long)m->va,
				 m->failure.NotPresent ? "page not present" : "",
				 m->failure.ReadOnly ? " write to a read-only page" : "",
				 m->failure.NoExecute ? " execute from a no-execute page" : "",
				 m->failure.imprecise ? ", imprecise" : "");
			fault_to(open_gpu(m->gpu_id), detail, true, m->va);
		} else if (ev[i].event_id == proc.hw_event &&
			   ev[i].hw_exception_data.gpu_id != NOT_FIRED) {
			const struct kfd_hsa_hw_exception_data *h = &ev[i].hw_exception_data;

			/* KFD does not say what stopped the wave: a trap (abort,
			 * a failed assert), an illegal instruction, a bad packet
			 * or a hang the driver reset. */
			snprintf(detail, sizeof(detail),
				 "a trap, an illegal instruction or a hang (KFD reset type %u, "
				 "cause %u%s); KFD stopped the process's queues",
				 h->reset_type, h->reset_cause,
				 h->memory_lost ? ", VRAM contents lost" : "");
			fault_to(open_gpu(h->gpu_id), detail, false, 0);
		}
	}
}

static void poll_process_faults(struct kfd_platform *kp)
{
	struct kfd_event_data ev[2];

	arm(&ev[0], proc.mem_event);
	arm(&ev[1], proc.hw_event);
	if (wait_events(kp, ev, 2, 0) == 1)
		route_faults(ev, 2);
}

/* Whether a fault stopped this GPU's queues; fills kp->fault_detail once. */
static bool poll_faults(struct kfd_platform *kp)
{
	if (!kp->fault_seen)
		poll_process_faults(kp);
	return kp->fault_seen;
}

static int kfd_take_fault(struct bh_platform *p, int qid, struct bh_gpu_fault *out)
{
	struct kfd_platform *kp = to_kfd(p);

	(void)qid;
	if (!poll_faults(kp))
		return 0;
	memset(out, 0, sizeof(*out));
	out->kind = kp->fault_memory ? "memory violation" : "hardware exception";
	out->address = kp->fault_va;
	out->unlocated = true;	/* KFD reports no pc, wave or workgroup */
	/* KFD does not say which queue faulted: the first waiter hears of
	 * it as its own, the others as what stopped them. */
	snprintf(out->detail, sizeof(out->detail), "%s%.200s",
		 kp->fault_told ? "stopped by an earlier fault of this process: " : "",
		 kp->fault_detail);
	kp->fault_told = true;
	return 1;
}

/* Sleep in WAIT_EVENTS on every queue's signal event and the fault events. */
static void kfd_wait_interrupt(struct bh_platform *p, uint64_t timeout_ns)
{
	struct kfd_platform *kp = to_kfd(p);
	struct kfd_event_data ev[MAX_QUEUES + 2];
	unsigned n = 0;
	uint64_t ms = (timeout_ns + 999999) / 1000000;

	for (unsigned i = 0; i < MAX_QUEUES; i++) {
		uint32_t id = __atomic_load_n(&kp->wait_ids[i], __ATOMIC_ACQUIRE);

		if (id)
			ev[n++] = (struct kfd_event_data){ .event_id = id };
	}
	/* A fault event that fires wakes this wait, which takes its data. */
	arm(&ev[n++], proc.mem_event);
	arm(&ev[n++], proc.hw_event);
	if (wait_events(kp, ev, n, (uint32_t)BH_MIN(ms ? ms : 1, 1000u)) == 1)
		route_faults(ev + n - 2, 2);
}

static uint64_t kfd_now_ns(struct bh_platform *p)
{
	struct timespec ts;

	(void)p;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void *kfd_host_alloc(struct bh_platform *p, size_t size)
{
	(void)p;
	return malloc(size);
}

static void kfd_host_free(struct bh_platform *p, void *ptr)
{
	(void)p;
	free(ptr);
}

static void kfd_log(struct bh_platform *p, const char *line)
{
	(void)p;
	fprintf(stderr, "barehip: %s\n", line);
}

static void kfd_print(struct bh_platform *p, const char *text, size_t len)
{
	(void)p;
	fwrite(text, 1, len, stdout);
	fflush(stdout);
}

struct bh_platform *bh_platform_kfd_new(unsigned index)
{
	struct kfd_platform *kp = calloc(1, sizeof(*kp));

	if (!kp)
		return NULL;
	kp->want = index;
	kp->sys = &bh_kfd_sys_override ? &bh_kfd_sys_override : &libc_sys;
	kp->kfd_fd = kp->drm_fd = -1;
	kp->ops = (struct bh_platform){
		.name = "kfd",
		.ctx = kp,
		.open = kfd_open,
		.close = kfd_close,
		.mem_alloc = kfd_mem_alloc,
		.mem_free = kfd_mem_free,
		.mem_available = kfd_mem_available,
		.mem_register = kfd_mem_register,
		.queue_create = kfd_queue_create,
		.queue_destroy = kfd_queue_destroy,
		.queue_alloc_gws = kfd_queue_alloc_gws,
		.queue_reset = kfd_queue_reset,
		.queue_signal = kfd_queue_signal,
		.doorbell = kfd_doorbell,
		.flush_writes = kfd_flush_writes,
		.take_fault = kfd_take_fault,
		.wait_interrupt = kfd_wait_interrupt,
		.now_ns = kfd_now_ns,
		.host_alloc = kfd_host_alloc,
		.host_free = kfd_host_free,
		.log = kfd_log,
		.print = kfd_print,
	};
	return &kp->ops;
}

void bh_platform_kfd_delete(struct bh_platform *p)
{
	free(p);
}

/* How many GPUs discovery finds visible (0: none, or no KFD topology). */
unsigned bh_platform_kfd_count(void)
{
	struct kfd_platform kp = { .sys = &bh_kfd_sys_override ? &bh_kfd_sys_override : &libc_sys,
				   .kfd_fd = -1, .drm_fd = -1 };
	struct bh_error err;

	return discover(&kp, &err) ? 0 : kp.ngpus;
}

/*
 * Whether this machine has a KFD with a GPU this barehip runs (the
 * automatic board choice): a topology node with a supported target, and
 * /dev/kfd (also when it refuses us: kfd_open then names the fix).
 */
bool bh_platform_kfd_present(void)
{
	struct kfd_platform kp = { .sys = &libc_sys };
	struct kfd_node n;
	bool supported = false;

	/* A test build with the fake KFD linked in behaves as the same
	 * program without it unless BAREHIP_BOARD=kfd asks for the fake. */
	if (&bh_kfd_sys_override)
		return false;

	for (unsigned i = 0; !supported && i < MAX_GPUS; i++) {
		int r = read_node(&kp, i, &n);

		if (r < 0)
			break;
		const struct bh_gfx *row = r == 0 && target_mach(n.gfx_target_version) ?
					   bh_gfx_lookup(target_mach(n.gfx_target_version)) : NULL;

		supported = row && runs_row(row);
	}
	if (!supported)
		return false;
	int fd = kp.sys->open(KFD_NODE, O_RDWR | O_CLOEXEC, 0);

	if (fd < 0)
		return errno == EACCES || errno == EPERM;
	kp.sys->close(fd);
	return true;
}
