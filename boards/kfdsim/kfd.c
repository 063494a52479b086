// SPDX-License-Identifier: MIT
/*
 * The /dev/kfd ioctls and the mmaps of /dev/kfd, after kfd_chardev.c:
 * the same dispatch (by _IOC_NR alone, with the kernel's own direction
 * and size, the argument copied in and out with the caller's size), the
 * same argument checks in the same order and the same errnos.  Memory is
 * memory.c's, queues queue.c's, events event.c's; this file holds the
 * process's setup and teardown, the small ioctls and the dispatch.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "generated/autoconf.h"
#include "internal.h"
#include "sim.h"

/* Not in the 1.11 header: AMDKFD_IOC_RUNTIME_ENABLE (1.14). */
struct kfdsim_runtime_enable_args {
	uint64_t r_debug;
	uint32_t mode_mask;
	uint32_t capabilities_mask;
};
#define KFDSIM_IOC_RUNTIME_ENABLE	0x25
#define KFDSIM_RUNTIME_ENABLE_MASK	1
/* The newest kernels' table ends after DBG_TRAP (0x26). */
#define KFDSIM_IOCTL_COUNT		0x27

/* ------------------------------------------------------------ process */

int kfdsim_proc_setup(struct kfdsim_proc *p)
{
	char why[256];
	static const char *const knobs[] = { "BAREHIP_SIM_DEADLOCK_WINDOW", "BAREHIP_SIM_WATCHDOG" };
	uint64_t counts[] = { CONFIG_SIM_DEADLOCK_WINDOW, CONFIG_SIM_MAX_INSTRUCTIONS };
	unsigned threads;

	/* The sim board's knobs for its deadlock window and watchdog work
	 * here too. */
	for (unsigned i = 0; i < 2; i++) {
		if (bh_sim_count_setting(knobs[i], getenv(knobs[i]), &counts[i], why)) {
			fprintf(stderr, "barehip-kfdsim: %s\n", why);
			return -1;
		}
	}
	/* ... and its host threads. */
	if (bh_sim_threads_setting(getenv("BAREHIP_SIM_THREADS"), CONFIG_SIM_THREADS, &threads,
				   why)) {
		fprintf(stderr, "barehip-kfdsim: %s\n", why);
		return -1;
	}
	pthread_mutex_init(&p->lock, NULL);
	p->next_drm_offset = KFDSIM_DRM_OFFSET_BASE;
	kfdsim_events_init(p);
	for (unsigned i = 0; i < kfdsim_ngpus; i++) {
		struct kfdsim_pgpu *g = &p->gpu[i];
		struct bh_sim_config cfg = {
			.gfx = kfdsim_gpus[i].target->gfx,
			/* The process VM holds the memory; the model's own VRAM
			 * window is one page nobody maps. */
			.vram_size = KFDSIM_PAGE,
			.num_cus = kfdsim_gpus[i].num_cus,
			/* The sim board's watchdog and deadlock detection. */
			.max_instructions = counts[1],
			.deadlock_window = counts[0],
			.threads = threads,
		};

		pthread_mutex_init(&g->lock, NULL);
		g->doorbell_fd = -1;
		g->mmio_fd = -1;
		g->sim = bh_sim_create(&cfg, why);
		if (!g->sim) {
			/* Reached only on allocation failure. */
			for (unsigned j = 0; j < i; j++)
				bh_sim_destroy(p->gpu[j].sim);
			return -1;
		}
	}
	if (kfdsim_board_start(p)) {
		for (unsigned i = 0; i < kfdsim_ngpus; i++)
			bh_sim_destroy(p->gpu[i].sim);
		return -1;
	}
	return 0;
}

void kfdsim_proc_teardown(struct kfdsim_proc *p)
{
	kfdsim_board_stop(p);
	for (unsigned i = 0; i < KFDSIM_MAX_QUEUES; i++)
		if (p->queues[i].used)
			kfdsim_board_queue_stop(p, &p->queues[i]);
	while (p->bos) {
		struct kfdsim_bo *bo = p->bos;

		p->bos = bo->next;
		kfdsim_bo_release(p, bo);
	}
	for (unsigned i = 0; i < kfdsim_ngpus; i++) {
		struct kfdsim_pgpu *g = &p->gpu[i];

		bh_sim_destroy(g->sim);
		if (g->doorbell_fd >= 0) {
			munmap((void *)g->doorbells, KFDSIM_DOORBELL_SLICE);
			close(g->doorbell_fd);
		}
		if (g->mmio_fd >= 0) {
			munmap(g->mmio, KFDSIM_PAGE);
			close(g->mmio_fd);
		}
		pthread_mutex_destroy(&g->lock);
	}
	kfdsim_events_fini(p);
	pthread_mutex_destroy(&p->lock);
}

/* ------------------------------------------------------------ ioctls */

static int get_version(struct kfd_ioctl_get_version_args *a)
{
	a->major_version = KFD_IOCTL_MAJOR_VERSION;
	a->minor_version = KFD_IOCTL_MINOR_VERSION;
	return 0;
}

/*
 * kfd_init_apertures_v9, with the LDS and scratch apertures the model
 * implements (sim.h: BH_SIM_SHARED_APERTURE, BH_SIM_PRIVATE_APERTURE,
 * 4 GiB each) where amdkfd gives 1 << 48 and 2 << 48: flat addresses
 * must land where the model's SH_MEM_BASES put them.  GPUVM is as v9:
 * PAGE_SIZE .. the 47-bit user limit.
 */
static void apertures(unsigned gi, struct kfd_process_device_apertures *pa)
{
	memset(pa, 0, sizeof(*pa));
	pa->gpu_id = kfdsim_gpus[gi].gpu_id;
	pa->lds_base = BH_SIM_SHARED_APERTURE;
	pa->lds_limit = BH_SIM_SHARED_APERTURE + BH_SIM_APERTURE_SIZE - 1;
	pa->scratch_base = BH_SIM_PRIVATE_APERTURE;
	pa->scratch_limit = BH_SIM_PRIVATE_APERTURE + BH_SIM_APERTURE_SIZE - 1;
	pa->gpuvm_base = KFDSIM_PAGE;
	pa->gpuvm_limit = KFDSIM_GPUVM_LIMIT;
}

static int get_process_apertures(struct kfd_ioctl_get_process_apertures_args *a)
{
	unsigned n = kfdsim_ngpus < NUM_OF_SUPPORTED_GPUS ? kfdsim_ngpus : NUM_OF_SUPPORTED_GPUS;

	for (unsigned i = 0; i < n; i++)
		apertures(i, &a->process_apertures[i]);
	a->num_of_nodes = n;
	return 0;
}

static int get_process_apertures_new(struct kfd_ioctl_get_process_apertures_new_args *a)
{
	struct kfd_process_device_apertures pa[KFDSIM_MAX_GPUS];
	unsigned n;

	/* num_of_nodes 0: the caller asks how many. */
	if (a->num_of_nodes == 0) {
		a->num_of_nodes = kfdsim_ngpus;
		return 0;
	}
	n = a->num_of_nodes < kfdsim_ngpus ? a->num_of_nodes : kfdsim_ngpus;
	for (unsigned i = 0; i < n; i++)
		apertures(i, &pa[i]);
	a->num_of_nodes = n;
	return kfdsim_copy_to_user(a->kfd_process_device_apertures_ptr, pa, n * sizeof(pa[0]));
}

static int acquire_vm(struct kfdsim_proc *p, struct kfd_ioctl_acquire_vm_args *a)
{
	uint64_t serial;
	unsigned rgpu;
	int kind = kfdsim_file_of((int)a->drm_fd, &rgpu, &serial, NULL);
	int gi;

	/* fget of a descriptor that is not open */
	if (!kind && fcntl((int)a->drm_fd, F_GETFD) < 0)
		return -EINVAL;
	gi = kfdsim_gpu_index(a->gpu_id);
	if (gi < 0)
		return -EINVAL;
	if (p->gpu[gi].acquired_file)
		return p->gpu[gi].acquired_file == serial && kind == KFDSIM_FILE_RENDER ?
		       0 : -EBUSY;
	/* Not this GPU's render node: amdgpu_amdkfd_gpuvm_acquire_process_vm fails. */
	if (kind != KFDSIM_FILE_RENDER || rgpu != (unsigned)gi)
		return -EINVAL;
	p->gpu[gi].acquired_file = serial;
	return 0;
}

/*
 * kfd_ioctl_create_event: the first call may hand over a GTT BO as the
 * event page (kfd_kmap_event_page's checks, in its order).
 */
static int create_event(struct kfdsim_proc *p, struct kfd_ioctl_create_event_args *a)
{
	uint64_t size = 0, handle = a->event_page_offset;
	void *page = NULL;
	int err = 0, fd = -1;

	pthread_mutex_lock(&p->ev_lock);
	if (handle) {
		int gi = kfdsim_gpu_index((uint32_t)(handle >> 32));
		struct kfdsim_bo *bo;

		if (p->slots)
			err = -EINVAL;	/* "Event page is already set" */
		else if (gi < 0)
			err = -EINVAL;
		else if ((err = kfdsim_bind(p, gi)))
			;
		else if (!(bo = kfdsim_bo_by_handle(p, handle)))
			err = -EINVAL;	/* "Can't find BO" */
		/*
		 * amdgpu_amdkfd_gpuvm_map_gtt_bo_to_kernel refuses USERPTR and
		 * pins the BO in GTT; the fake takes GTT BOs only, and only
		 * ones that hold the whole page amdkfd then initialises.
		 */
		else if (!(bo->flags & KFD_IOC_ALLOC_MEM_FLAGS_GTT) ||
			 bo->size < KFDSIM_EVENT_PAGE_SIZE)
			err = -EINVAL;
		else {
			page = bo->kmap;
			size = bo->size;
			fd = bo->memfd;
		}
	}
	if (!err)
		err = kfdsim_event_create(p, a, page, size, handle, fd);
	pthread_mutex_unlock(&p->ev_lock);
	return err;
}

static int get_clock_counters(struct kfdsim_proc *p, struct kfd_ioctl_get_clock_counters_args *a)
{
	struct timespec ts;
	int gi = kfdsim_gpu_index(a->gpu_id);

	a->gpu_clock_counter = gi >= 0 ? bh_sim_clock(p->gpu[gi].sim) : 0;
	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	a->cpu_clock_counter = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	clock_gettime(CLOCK_BOOTTIME, &ts);
	a->system_clock_counter = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	a->system_clock_freq = 1000000000ull;
	return 0;
}

static int set_memory_policy(struct kfdsim_proc *p, struct kfd_ioctl_set_memory_policy_args *a)
{
	int gi;

	if (a->default_policy > KFD_IOC_CACHE_POLICY_NONCOHERENT ||
	    a->alternate_policy > KFD_IOC_CACHE_POLICY_NONCOHERENT)
		return -EINVAL;
	gi = kfdsim_gpu_index(a->gpu_id);
	if (gi < 0)
		return -EINVAL;
	return kfdsim_bind(p, gi) ? -ESRCH : 0;
}

static int set_scratch_backing_va(struct kfdsim_proc *p,
				  struct kfd_ioctl_set_scratch_backing_va_args *a)
{
	int gi = kfdsim_gpu_index(a->gpu_id);

	if (gi < 0)
		return -EINVAL;
	if (kfdsim_bind(p, gi))
		return -ENODEV;
	p->gpu[gi].scratch_va = a->va_addr;
	return 0;
}

static int set_trap_handler(struct kfdsim_proc *p, struct kfd_ioctl_set_trap_handler_args *a)
{
	int gi = kfdsim_gpu_index(a->gpu_id);

	if (gi < 0)
		return -EINVAL;
	/* Accepted; the model runs no trap handler (s_trap faults the queue). */
	return kfdsim_bind(p, gi) ? -ESRCH : 0;
}

static int get_tile_config(struct kfd_ioctl_get_tile_config_args *a)
{
	/* gfx9 has no tile mode tables: amdgpu hands out zeroed arrays. */
	static const uint32_t zero[32];

	if (kfdsim_gpu_index(a->gpu_id) < 0)
		return -EINVAL;
	a->gb_addr_config = 0x2a114042;	/* ALDEBARAN_GB_ADDR_CONFIG_GOLDEN */
	a->num_banks = 0;
	a->num_ranks = 0;
	if (a->num_tile_configs > 32)
		a->num_tile_configs = 32;
	if (kfdsim_copy_to_user(a->tile_config_ptr, zero, a->num_tile_configs * 4u)) {
		a->num_tile_configs = 0;
		return -EFAULT;
	}
	if (a->num_macro_tile_configs > 16)
		a->num_macro_tile_configs = 16;
	if (kfdsim_copy_to_user(a->macro_tile_config_ptr, zero, a->num_macro_tile_configs * 4u)) {
		a->num_macro_tile_configs = 0;
		return -EFAULT;
	}
	return 0;
}

static int set_xnack_mode(struct kfdsim_proc *p, struct kfd_ioctl_set_xnack_mode_args *a)
{
	if (a->xnack_enabled < 0) {
		a->xnack_enabled = p->xnack;
		return 0;
	}
	for (unsigned i = 0; i < KFDSIM_MAX_QUEUES; i++)
		if (p->queues[i].used)
			return -EBUSY;	/* "Process has user queues running" */
	if (a->xnack_enabled == p->xnack)
		return 0;
	/* The model does not retry faults: like a GPU without XNACK. */
	return -EPERM;
}

static int runtime_enable(struct kfdsim_proc *p, struct kfdsim_runtime_enable_args *a)
{
	if (!(a->mode_mask & KFDSIM_RUNTIME_ENABLE_MASK)) {
		p->runtime_enabled = false;
		return 0;
	}
	if (p->runtime_enabled)
		return -EBUSY;
	for (unsigned i = 0; i < KFDSIM_MAX_QUEUES; i++)
		if (p->queues[i].used)
			return -EEXIST;	/* queues made before the runtime */
	p->runtime_enabled = true;
	a->capabilities_mask = 0;
	return 0;
}

static int dispatch(struct kfdsim_proc *p, unsigned nr, void *k)
{
	switch (nr) {
	case 0x01: return get_version(k);
	case 0x02: return kfdsim_create_queue(p, k);
	case 0x03: return kfdsim_destroy_queue(p, k);
	case 0x04: return set_memory_policy(p, k);
	case 0x05: return get_clock_counters(p, k);
	case 0x06: return get_process_apertures(k);
	case 0x07: return kfdsim_update_queue(p, k);
	case 0x08: return create_event(p, k);
	case 0x09: case 0x0a: case 0x0b: {
		uint32_t id = *(uint32_t *)k;
		int r;

		pthread_mutex_lock(&p->ev_lock);
		r = nr == 0x09 ? kfdsim_event_destroy(p, id) :
		    nr == 0x0a ? kfdsim_event_set(p, id) : kfdsim_event_reset(p, id);
		pthread_mutex_unlock(&p->ev_lock);
		return r;
	}
	case 0x0d: case 0x0e: case 0x0f: case 0x10:
		return -EPERM;	/* the deprecated debugger ioctls */
	case 0x11: return set_scratch_backing_va(p, k);
	case 0x12: return get_tile_config(k);
	case 0x13: return set_trap_handler(p, k);
	case 0x14: return get_process_apertures_new(k);
	case 0x15: return acquire_vm(p, k);
	case 0x16: return kfdsim_alloc_memory(p, k);
	case 0x17: return kfdsim_free_memory(p, k);
	case 0x18: return kfdsim_map_memory(p, k, true);
	case 0x19: return kfdsim_map_memory(p, k, false);
	case 0x1a: return kfdsim_set_cu_mask(p, k);
	case 0x1e: return kfdsim_alloc_queue_gws(p, k);
	case 0x21: return set_xnack_mode(p, k);
	case 0x23: return kfdsim_available_memory(p, k);
	case KFDSIM_IOC_RUNTIME_ENABLE: return runtime_enable(p, k);
	case 0x20:
		return -EPERM;	/* SVM: a kernel without CONFIG_HSA_AMD_SVM */
	case 0x22:
		return -EACCES;	/* CRIU: needs CAP_CHECKPOINT_RESTORE */
	default:
		/* Wave state, dmabuf, SMI, debug trap: not modelled. */
		return -EINVAL;
	}
}

/*
 * The kernel's own command for each number: kfd_ioctl takes the
 * direction and the larger size from it, never from the caller's.
 * The 1.11 header stops at AVAILABLE_MEMORY (0x23); the newer commands
 * are spelled here with the sizes of their argument structs.
 */
static unsigned long kernel_cmd(unsigned nr)
{
	static const unsigned long cmds[KFDSIM_IOCTL_COUNT] = {
		[0x01] = AMDKFD_IOC_GET_VERSION,
		[0x02] = AMDKFD_IOC_CREATE_QUEUE,
		[0x03] = AMDKFD_IOC_DESTROY_QUEUE,
		[0x04] = AMDKFD_IOC_SET_MEMORY_POLICY,
		[0x05] = AMDKFD_IOC_GET_CLOCK_COUNTERS,
		[0x06] = AMDKFD_IOC_GET_PROCESS_APERTURES,
		[0x07] = AMDKFD_IOC_UPDATE_QUEUE,
		[0x08] = AMDKFD_IOC_CREATE_EVENT,
		[0x09] = AMDKFD_IOC_DESTROY_EVENT,
		[0x0a] = AMDKFD_IOC_SET_EVENT,
		[0x0b] = AMDKFD_IOC_RESET_EVENT,
		[0x0c] = AMDKFD_IOC_WAIT_EVENTS,
		[0x0d] = AMDKFD_IOC_DBG_REGISTER_DEPRECATED,
		[0x0e] = AMDKFD_IOC_DBG_UNREGISTER_DEPRECATED,
		[0x0f] = AMDKFD_IOC_DBG_ADDRESS_WATCH_DEPRECATED,
		[0x10] = AMDKFD_IOC_DBG_WAVE_CONTROL_DEPRECATED,
		[0x11] = AMDKFD_IOC_SET_SCRATCH_BACKING_VA,
		[0x12] = AMDKFD_IOC_GET_TILE_CONFIG,
		[0x13] = AMDKFD_IOC_SET_TRAP_HANDLER,
		[0x14] = AMDKFD_IOC_GET_PROCESS_APERTURES_NEW,
		[0x15] = AMDKFD_IOC_ACQUIRE_VM,
		[0x16] = AMDKFD_IOC_ALLOC_MEMORY_OF_GPU,
		[0x17] = AMDKFD_IOC_FREE_MEMORY_OF_GPU,
		[0x18] = AMDKFD_IOC_MAP_MEMORY_TO_GPU,
		[0x19] = AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU,
		[0x1a] = AMDKFD_IOC_SET_CU_MASK,
		[0x1b] = AMDKFD_IOC_GET_QUEUE_WAVE_STATE,
		[0x1c] = AMDKFD_IOC_GET_DMABUF_INFO,
		[0x1d] = AMDKFD_IOC_IMPORT_DMABUF,
		[0x1e] = AMDKFD_IOC_ALLOC_QUEUE_GWS,
		[0x1f] = AMDKFD_IOC_SMI_EVENTS,
		[0x20] = AMDKFD_IOC_SVM,
		[0x21] = AMDKFD_IOC_SET_XNACK_MODE,
		[0x22] = AMDKFD_IOC_CRIU_OP,
		[0x23] = AMDKFD_IOC_AVAILABLE_MEMORY,
		[0x24] = _IOC(_IOC_READ | _IOC_WRITE, 'K', 0x24, 16),	/* EXPORT_DMABUF */
		[KFDSIM_IOC_RUNTIME_ENABLE] = _IOWR('K', KFDSIM_IOC_RUNTIME_ENABLE,
						   struct kfdsim_runtime_enable_args),
		[0x26] = _IOC(_IOC_READ | _IOC_WRITE, 'K', 0x26, 32),	/* DBG_TRAP */
	};

	return cmds[nr];
}

static int do_ioctl(int fd, unsigned long request, void *arg);

int kfdsim_ioctl(int fd, unsigned long request, void *arg)
{
	int r;

	kfdsim_enter();
	r = do_ioctl(fd, request, arg);
	kfdsim_leave();
	return r;
}

static int do_ioctl(int fd, unsigned long request, void *arg)
{
	unsigned nr = _IOC_NR(request), usize = _IOC_SIZE(request), asize, dir;
	uint64_t kdata[64];		/* the largest argument is 400 bytes */
	struct kfdsim_proc *p = NULL;
	unsigned gpu = 0;
	int kind = kfdsim_file_of(fd, &gpu, NULL, &p), ret;

	if (!kind) {
		errno = EBADF;
		return -1;
	}
	if (kind == KFDSIM_FILE_RENDER)
		return kfdsim_drm_ioctl(gpu, request, arg);	/* drm.c */
	/* kfd_ioctl: an unknown number is -EINVAL (retcode's initial value) up
	 * to Linux 6.1 and long after; -ENOTTY only since 57af162bfc8c. */
	if (nr >= KFDSIM_IOCTL_COUNT || nr < 0x01) {
		errno = EINVAL;
		return -1;
	}
	dir = _IOC_DIR(kernel_cmd(nr));
	asize = _IOC_SIZE(kernel_cmd(nr));
	/* Only the process that opened /dev/kfd may use it. */
	if (!p || p->pid != getpid()) {
		errno = EBADF;
		return -1;
	}
	if (usize > sizeof(kdata) || asize > sizeof(kdata)) {
		errno = ENOMEM;
		return -1;
	}
	memset(kdata, 0, sizeof(kdata));
	if (dir & _IOC_WRITE) {
		if (kfdsim_copy_from_user(kdata, (uintptr_t)arg, usize)) {
			errno = EFAULT;
			return -1;
		}
	}
	kfdsim_board_kick(p);
	if (nr == 0x0c) {	/* WAIT_EVENTS takes no process lock */
		ret = kfdsim_event_wait(p, (void *)kdata);
	} else {
		pthread_mutex_lock(&p->lock);
		ret = dispatch(p, nr, kdata);
		pthread_mutex_unlock(&p->lock);
	}
	if ((dir & _IOC_READ) && kfdsim_copy_to_user((uintptr_t)arg, kdata, usize))
		ret = -EFAULT;
	if (ret) {
		errno = -ret;
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------ mmap */

static void *fail_map(int err)
{
	errno = err;
	return MAP_FAILED;
}

static void *kfd_mmap(struct kfdsim_proc *p, void *addr, size_t len, int prot, int flags,
		      uint64_t off)
{
	uint32_t gpu_id = (uint32_t)((off & KFDSIM_MMAP_GPU_MASK) >> KFDSIM_MMAP_GPU_SHIFT);
	int gi = kfdsim_gpu_index(gpu_id);
	void *m = MAP_FAILED;
	int fd, err = 0;

	switch (off & KFDSIM_MMAP_TYPE_MASK) {
	case KFDSIM_MMAP_DOORBELL:
		if (gi < 0)
			return fail_map(EINVAL);
		if (len != KFDSIM_DOORBELL_SLICE)
			return fail_map(EINVAL);
		pthread_mutex_lock(&p->lock);
		err = -kfdsim_doorbells(&p->gpu[gi]);
		if (!err)
			m = kfdsim_map_shared(addr, len, prot, flags, p->gpu[gi].doorbell_fd, 0);
		pthread_mutex_unlock(&p->lock);
		return err ? fail_map(err) : m;
	case KFDSIM_MMAP_EVENTS:
		fd = kfdsim_event_mmap_fd(p, len);
		return fd < 0 ? fail_map(-fd) : kfdsim_map_shared(addr, len, prot, flags, fd, 0);
	case KFDSIM_MMAP_MMIO:
		if (gi < 0 || len != KFDSIM_PAGE)
			return fail_map(EINVAL);
		pthread_mutex_lock(&p->lock);
		err = -kfdsim_mmio_page(&p->gpu[gi]);
		if (!err)
			m = kfdsim_map_shared(addr, len, prot, flags, p->gpu[gi].mmio_fd, 0);
		pthread_mutex_unlock(&p->lock);
		return err ? fail_map(err) : m;
	default:
		return fail_map(EINVAL);
	}
}

static void *do_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset);

void *kfdsim_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset)
{
	void *m;
	int err;

	kfdsim_enter();
	m = do_mmap(addr, len, prot, flags, fd, offset);
	err = errno;
	kfdsim_leave();
	errno = err;
	return m;
}

static void *do_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset)
{
	struct kfdsim_proc *p = NULL;
	uint64_t serial;
	unsigned gi;
	int kind = kfdsim_file_of(fd, &gi, &serial, &p);

	if (!kind)
		return fail_map(EBADF);
	if ((uint64_t)offset % KFDSIM_PAGE)
		return fail_map(EINVAL);
	if (kind == KFDSIM_FILE_KFD) {
		if (!p || p->pid != getpid())
			return fail_map(EBADF);
		return kfd_mmap(p, addr, len, prot, flags, (uint64_t)offset);
	}
	return kfdsim_render_mmap(kfdsim_process(), gi, serial, addr, len, prot, flags,
			   (uint64_t)offset);
}
