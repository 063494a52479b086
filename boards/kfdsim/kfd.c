// SPDX-License-Identifier: MIT
/*
 * The /dev/kfd ioctls and the mmaps of the fake devices, after
 * kfd_chardev.c: the same dispatch (by _IOC_NR alone, the argument
 * copied in and out with the caller's size), the same argument checks
 * in the same order and the same errnos.  Memory follows
 * amdgpu_amdkfd_gpuvm.c: a BO per allocation, mapped into the VM of each
 * GPU it is mapped to (here: that GPU's model, at GPU VA = CPU VA).
 *
 * VRAM and GTT BOs are backed by a memfd each, sparse, so a 64 GiB VRAM
 * heap costs nothing until written.  The fake maps it once for itself
 * and the model; the render-node mmap maps the same pages MAP_SHARED at
 * the user's address.  USERPTR BOs are the user's own pages.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

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

#define MAX_QUEUE_PERCENTAGE	100
#define MAX_QUEUE_PRIORITY	15
#define MIN_QUEUE_RING_SIZE	1024
#define GPUVM_LIMIT		((1ull << 47) - 1)
#define HANDLE(gpu_id, idr)	((uint64_t)(gpu_id) << 32 | (idr))

static uint64_t page_align(uint64_t v)
{
	return (v + KFDSIM_PAGE - 1) & ~(KFDSIM_PAGE - 1);
}

/* ------------------------------------------------------------ process */

int kfdsim_proc_setup(struct kfdsim_proc *p)
{
	char why[256];

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
			.max_instructions = 0,
			.deadlock_window = 1ull << 28,
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

static void bo_release(struct kfdsim_proc *p, struct kfdsim_bo *bo)
{
	for (unsigned i = 0; i < kfdsim_ngpus; i++)
		if (bo->mapped & ~bo->gone & (1u << i))
			bh_sim_vm_unmap(p->gpu[i].sim, bo->va);
	if (bo->memfd >= 0 && !bo->shared_kmap) {
		munmap(bo->kmap, bo->size);
		close(bo->memfd);
	}
	free(bo);
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
		bo_release(p, bo);
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

/* A sparse memfd of @size, and the fake's mapping of it. */
static int backing(uint64_t size, const char *name, int *fd, void **map)
{
	*fd = memfd_create(name, MFD_CLOEXEC);
	if (*fd < 0)
		return -ENOMEM;
	if (ftruncate(*fd, (off_t)size)) {
		close(*fd);
		return -ENOMEM;
	}
	*map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, *fd, 0);
	if (*map == MAP_FAILED) {
		close(*fd);
		return -ENOMEM;
	}
	return 0;
}

/* kfd_alloc_process_doorbells: the slice of 1024 64-bit doorbells. */
static int doorbells(struct kfdsim_pgpu *g)
{
	void *m;

	if (g->doorbell_fd >= 0)
		return 0;
	if (backing(KFDSIM_DOORBELL_SLICE, "kfdsim-doorbells", &g->doorbell_fd, &m))
		return -ENOMEM;
	g->doorbells = m;
	return 0;
}

/* The MMIO remap page: writes to it (HDP flushes) have nothing to do here. */
static int mmio_page(struct kfdsim_pgpu *g)
{
	if (g->mmio_fd >= 0)
		return 0;
	return backing(KFDSIM_PAGE, "kfdsim-mmio", &g->mmio_fd, &g->mmio) ? -ENOMEM : 0;
}

/*
 * kfd_process_device_data_by_id: every GPU has a pdd from process
 * creation.  kfd_bind_process_to_device then wants the VM (ACQUIRE_VM):
 * ENODEV without it.
 */
static int pdd_by_id(uint32_t gpu_id)
{
	return kfdsim_gpu_index(gpu_id);
}

static int bind(struct kfdsim_proc *p, int gi)
{
	return p->gpu[gi].acquired_file ? 0 : -ENODEV;
}

static struct kfdsim_bo *bo_by_handle(struct kfdsim_proc *p, uint64_t handle)
{
	int gi = kfdsim_gpu_index((uint32_t)(handle >> 32));

	if (gi < 0)
		return NULL;
	for (struct kfdsim_bo *bo = p->bos; bo; bo = bo->next)
		if (bo->gpu == (unsigned)gi && bo->idr == (uint32_t)handle)
			return bo;
	return NULL;
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
	pa->gpuvm_limit = GPUVM_LIMIT;
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
	gi = pdd_by_id(a->gpu_id);
	if (gi < 0)
		return -EINVAL;
	if (p->gpu[gi].acquired_file)
		return p->gpu[gi].acquired_file == serial && kind == KFDSIM_FILE_RENDER ? 0 : -EBUSY;
	/* Not this GPU's render node: amdgpu_amdkfd_gpuvm_acquire_process_vm fails. */
	if (kind != KFDSIM_FILE_RENDER || rgpu != (unsigned)gi)
		return -EINVAL;
	p->gpu[gi].acquired_file = serial;
	return 0;
}

static int alloc_memory(struct kfdsim_proc *p, struct kfd_ioctl_alloc_memory_of_gpu_args *a)
{
	uint32_t flags = a->flags;
	struct kfdsim_bo *bo;
	struct kfdsim_pgpu *g;
	uint64_t size;
	int gi, err;

	if (a->size == 0)
		return -EINVAL;
	gi = pdd_by_id(a->gpu_id);
	if (gi < 0)
		return -EINVAL;
	g = &p->gpu[gi];
	/* PUBLIC VRAM needs a large BAR, which these boards have. */
	if ((err = bind(p, gi)))
		return err;
	size = page_align(a->size);
	if ((flags & KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL) && a->size != KFDSIM_DOORBELL_SLICE)
		return -EINVAL;
	if ((flags & KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP) && a->size != KFDSIM_PAGE)
		return -EINVAL;
	/*
	 * The VA is checked here, not at the first map as amdgpu_vm_bo_map
	 * does: the model maps whole pages below the 47-bit limit.  VRAM
	 * without a VA (0: for export) is allowed, and cannot be mapped.
	 */
	if (!(a->va_addr == 0 && (flags & KFD_IOC_ALLOC_MEM_FLAGS_VRAM)) &&
	    (a->va_addr % KFDSIM_PAGE || a->va_addr < KFDSIM_PAGE || a->va_addr > GPUVM_LIMIT ||
	     size > GPUVM_LIMIT + 1 - a->va_addr))
		return -EINVAL;
	bo = calloc(1, sizeof(*bo));
	if (!bo)
		return -ENOMEM;
	bo->gpu = (unsigned)gi;
	bo->flags = flags;
	bo->va = a->va_addr;
	bo->size = size;
	bo->memfd = -1;
	if (flags & KFD_IOC_ALLOC_MEM_FLAGS_VRAM) {
		uint64_t charge = flags & KFD_IOC_ALLOC_MEM_FLAGS_AQL_QUEUE_MEM ? size / 2 : size;

		/* amdgpu_amdkfd_reserve_mem_limit */
		if (charge > kfdsim_gpus[gi].vram_size - g->vram_used) {
			free(bo);
			return -ENOMEM;
		}
		err = backing(size, "kfdsim-vram", &bo->memfd, &bo->kmap);
		if (!err)
			g->vram_used += charge;
	} else if (flags & KFD_IOC_ALLOC_MEM_FLAGS_GTT) {
		err = backing(size, "kfdsim-gtt", &bo->memfd, &bo->kmap);
	} else if (flags & KFD_IOC_ALLOC_MEM_FLAGS_USERPTR) {
		char probe;

		/* The user's pages must exist (get_user_pages: EFAULT). */
		err = 0;
		if (!a->mmap_offset || a->mmap_offset % KFDSIM_PAGE)
			err = -EINVAL;
		else if (kfdsim_copy_from_user(&probe, a->mmap_offset, 1) ||
			 kfdsim_copy_from_user(&probe, a->mmap_offset + size - 1, 1))
			err = -EFAULT;
		bo->kmap = (void *)(uintptr_t)a->mmap_offset;
		bo->shared_kmap = true;
	} else if (flags & KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL) {
		err = doorbells(g);
		bo->memfd = g->doorbell_fd;
		bo->kmap = (void *)g->doorbells;
		bo->shared_kmap = true;
	} else if (flags & KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP) {
		err = mmio_page(g);
		bo->memfd = g->mmio_fd;
		bo->kmap = g->mmio;
		bo->shared_kmap = true;
	} else {
		err = -EINVAL;	/* no domain */
	}
	if (err) {
		if (bo->memfd >= 0 && !bo->shared_kmap) {
			munmap(bo->kmap, bo->size);
			close(bo->memfd);
		}
		free(bo);
		return err;
	}
	bo->idr = g->next_idr++;
	bo->drm_offset = p->next_drm_offset;
	p->next_drm_offset += size;
	bo->next = p->bos;
	p->bos = bo;
	a->handle = HANDLE(a->gpu_id, bo->idr);
	a->mmap_offset = bo->drm_offset;
	/* MMIO is mapped through /dev/kfd. */
	if (flags & KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP)
		a->mmap_offset = KFDSIM_MMAP_MMIO | KFDSIM_MMAP_GPU_ID(a->gpu_id);
	return 0;
}

static int free_memory(struct kfdsim_proc *p, struct kfd_ioctl_free_memory_of_gpu_args *a)
{
	struct kfdsim_bo *bo;
	int ret = 0;

	pthread_mutex_lock(&p->ev_lock);
	if (p->signal_handle && p->signal_handle == a->handle)
		ret = -EPERM;	/* "Free signal BO is not allowed" */
	pthread_mutex_unlock(&p->ev_lock);
	if (ret)
		return ret;
	if (kfdsim_gpu_index((uint32_t)(a->handle >> 32)) < 0)
		return -EINVAL;
	bo = bo_by_handle(p, a->handle);
	if (!bo)
		return -EINVAL;
	/* Still mapped (a queue's buffer always is): amdgpu_amdkfd_gpuvm_free_memory_of_gpu */
	if (bo->mapped)
		return -EBUSY;
	if (bo->flags & KFD_IOC_ALLOC_MEM_FLAGS_VRAM)
		p->gpu[bo->gpu].vram_used -= bo->flags & KFD_IOC_ALLOC_MEM_FLAGS_AQL_QUEUE_MEM ?
					     bo->size / 2 : bo->size;
	for (struct kfdsim_bo **pp = &p->bos; *pp; pp = &(*pp)->next)
		if (*pp == bo) {
			*pp = bo->next;
			break;
		}
	bo_release(p, bo);
	return 0;
}

/*
 * kfd_ioctl_map_memory_to_gpu / _unmap_memory_from_gpu: from device
 * n_success on, n_success counting the GPUs done.  Unmapping binds no
 * device (it needs no VM to take a mapping away).
 */
static int map_devices(struct kfdsim_proc *p, struct kfd_ioctl_map_memory_to_gpu_args *a,
		       bool map, const uint32_t *ids)
{
	struct kfdsim_bo *bo;
	int gi, err;

	gi = kfdsim_gpu_index((uint32_t)(a->handle >> 32));
	if (gi < 0)
		return -EINVAL;
	if (map && (err = bind(p, gi)))
		return err;
	bo = bo_by_handle(p, a->handle);
	if (!bo)
		return -ENOMEM;	/* sic: amdkfd's answer for an unknown handle */
	for (uint32_t i = a->n_success; i < a->n_devices; i++) {
		int pi = kfdsim_gpu_index(ids[i]);

		if (pi < 0)
			return -EINVAL;
		if (map && (err = bind(p, pi)))
			return err;
		struct kfdsim_pgpu *pg = &p->gpu[pi];
		uint32_t bit = 1u << pi;

		pthread_mutex_lock(&pg->lock);
		if (map && !(bo->mapped & bit)) {
			if (!bo->va || bh_sim_vm_map(pg->sim, bo->va, bo->kmap, bo->size))
				err = -EINVAL;	/* overlaps a mapping */
			else
				bo->mapped |= bit;
		} else if (!map) {
			if (!(bo->mapped & bit))
				err = -EINVAL;	/* not attached to that GPU */
			else if (bo->queue_refs[pi])
				err = -EBUSY;	/* unmap_bo_from_gpuvm: a queue's buffer */
			else {
				if (!(bo->gone & bit))
					bh_sim_vm_unmap(pg->sim, bo->va);
				bo->mapped &= ~bit;
				bo->gone &= ~bit;
			}
		}
		pthread_mutex_unlock(&pg->lock);
		if (err)
			return err;
		a->n_success = i + 1;
	}
	return 0;
}

static int map_or_unmap(struct kfdsim_proc *p, struct kfd_ioctl_map_memory_to_gpu_args *a,
			bool map)
{
	uint32_t *ids;
	int err;

	if (!a->n_devices)
		return -EINVAL;	/* "Device IDs array empty" */
	if (a->n_success > a->n_devices)
		return -EINVAL;	/* "n_success exceeds n_devices" */
	ids = malloc(a->n_devices * sizeof(*ids));
	if (!ids)
		return -ENOMEM;
	err = kfdsim_copy_from_user(ids, a->device_ids_array_ptr, a->n_devices * sizeof(*ids));
	if (!err)
		err = map_devices(p, a, map, ids);
	free(ids);
	return err;
}

static int available_memory(struct kfdsim_proc *p, struct kfd_ioctl_get_available_memory_args *a)
{
	int gi = pdd_by_id(a->gpu_id);

	if (gi < 0)
		return -EINVAL;
	a->available = kfdsim_gpus[gi].vram_size - p->gpu[gi].vram_used;
	return 0;
}

/* ------------------------------------------------------------ queues */

/* The user pointer check of set_queue_properties_from_user (access_ok). */
static bool access_ok(uint64_t addr)
{
	return addr < (1ull << 47);
}

static int queue_properties(struct kfd_ioctl_create_queue_args *a)
{
	if ((a->queue_percentage & 0xff) > MAX_QUEUE_PERCENTAGE)
		return -EINVAL;
	if (a->queue_priority > MAX_QUEUE_PRIORITY)
		return -EINVAL;
	if (a->ring_base_address && !access_ok(a->ring_base_address))
		return -EFAULT;
	if (a->ring_size & (a->ring_size - 1))
		return -EINVAL;		/* "Ring size must be a power of 2 or 0" */
	if (a->ring_size < MIN_QUEUE_RING_SIZE)
		a->ring_size = MIN_QUEUE_RING_SIZE;	/* clamped, and told back */
	if (!access_ok(a->read_pointer_address) || !access_ok(a->write_pointer_address))
		return -EFAULT;
	if (a->eop_buffer_address && !access_ok(a->eop_buffer_address))
		return -EFAULT;
	if (a->ctx_save_restore_address && !access_ok(a->ctx_save_restore_address))
		return -EFAULT;
	switch (a->queue_type) {
	case KFD_IOC_QUEUE_TYPE_COMPUTE:
	case KFD_IOC_QUEUE_TYPE_COMPUTE_AQL:
		return 0;
	default:
		/* The model has no SDMA engine: refused as an unknown type is. */
		return -KFDSIM_ENOTSUPP;
	}
}

/*
 * kfd_queue_buffer_get: the buffer at @addr must be a BO mapped on the
 * queue's GPU that starts at @addr's page and, if @expected is a page
 * or more, is exactly @expected >> PAGE_SHIFT pages long (a smaller
 * @expected, e.g. a 2 KiB ring, checks no size: amdkfd's rounding).
 */
static struct kfdsim_bo *queue_buffer(struct kfdsim_proc *p, unsigned gi, uint64_t addr,
				      uint64_t expected)
{
	uint64_t page = addr & ~(KFDSIM_PAGE - 1);

	for (struct kfdsim_bo *bo = p->bos; bo; bo = bo->next) {
		if (!(bo->mapped & (1u << gi)) || addr < bo->va || addr - bo->va >= bo->size)
			continue;
		if (bo->va != page || (expected / KFDSIM_PAGE &&
				       expected / KFDSIM_PAGE != bo->size / KFDSIM_PAGE))
			return NULL;
		return bo;
	}
	return NULL;
}

static int acquire_buffers(struct kfdsim_proc *p, unsigned gi,
			   const struct kfd_ioctl_create_queue_args *a, struct kfdsim_bo *bos[5])
{
	uint32_t ctl, cwsr, debug, eop;

	kfdsim_cwsr_sizes(gi, &ctl, &cwsr, &debug, &eop);
	memset(bos, 0, 5 * sizeof(bos[0]));
	if (!(bos[0] = queue_buffer(p, gi, a->write_pointer_address, KFDSIM_PAGE)) ||
	    !(bos[1] = queue_buffer(p, gi, a->read_pointer_address, KFDSIM_PAGE)) ||
	    !(bos[2] = queue_buffer(p, gi, a->ring_base_address, a->ring_size)))
		return -EINVAL;
	if (a->eop_buffer_address) {
		if (a->eop_buffer_size != eop)
			return -EINVAL;
		if (!(bos[3] = queue_buffer(p, gi, a->eop_buffer_address, a->eop_buffer_size)))
			return -EINVAL;
	}
	if (a->ctl_stack_size != ctl || a->ctx_save_restore_size != cwsr)
		return -EINVAL;
	uint64_t total = page_align((uint64_t)(cwsr + debug) * kfdsim_num_xcc(gi));

	if (!(bos[4] = queue_buffer(p, gi, a->ctx_save_restore_address, total)))
		return -EINVAL;
	return 0;
}

static int create_queue(struct kfdsim_proc *p, struct kfd_ioctl_create_queue_args *a)
{
	struct kfdsim_bo *bos[5];
	struct kfdsim_queue *q = NULL;
	struct kfdsim_pgpu *g;
	unsigned slot = 0;
	int gi, err;

	if ((err = queue_properties(a)))
		return err;
	gi = pdd_by_id(a->gpu_id);
	if (gi < 0)
		return -EINVAL;
	if (bind(p, gi))
		return -ESRCH;
	g = &p->gpu[gi];
	if ((err = doorbells(g)))
		return err;
	if ((err = acquire_buffers(p, (unsigned)gi, a, bos)))
		return err;
	for (unsigned i = 0; i < KFDSIM_MAX_QUEUES && !q; i++)
		if (!p->queues[i].used)
			q = &p->queues[i];
	if (!q)
		return -ENOSPC;
	/* The lowest free doorbell of the process on this GPU. */
	for (slot = 0; slot < KFDSIM_DOORBELLS; slot++) {
		bool busy = false;

		for (unsigned i = 0; i < KFDSIM_MAX_QUEUES && !busy; i++)
			busy = p->queues[i].used && p->queues[i].gpu == (unsigned)gi &&
			       p->queues[i].doorbell == slot;
		if (!busy)
			break;
	}
	memset(q, 0, sizeof(*q));
	q->id = (uint32_t)(q - p->queues);
	q->gpu = (unsigned)gi;
	q->doorbell = slot;
	q->aql = a->queue_type == KFD_IOC_QUEUE_TYPE_COMPUTE_AQL;
	pthread_mutex_lock(&g->lock);
	err = kfdsim_board_queue_start(p, q, a);
	pthread_mutex_unlock(&g->lock);
	if (err)
		return err;
	for (unsigned i = 0; i < 5; i++) {
		q->bos[i] = bos[i];
		if (bos[i])
			bos[i]->queue_refs[gi]++;
	}
	q->used = true;
	a->queue_id = q->id;
	a->doorbell_offset = KFDSIM_MMAP_DOORBELL | KFDSIM_MMAP_GPU_ID(a->gpu_id) | (uint64_t)slot * 8;
	kfdsim_board_kick(p);
	return 0;
}

static struct kfdsim_queue *queue_by_id(struct kfdsim_proc *p, uint32_t id)
{
	return id < KFDSIM_MAX_QUEUES && p->queues[id].used ? &p->queues[id] : NULL;
}

static int destroy_queue(struct kfdsim_proc *p, struct kfd_ioctl_destroy_queue_args *a)
{
	struct kfdsim_queue *q = queue_by_id(p, a->queue_id);

	if (!q)
		return -EINVAL;	/* "Queue id does not match any known queue" */
	kfdsim_board_queue_stop(p, q);
	for (unsigned i = 0; i < 5; i++)
		if (q->bos[i])
			q->bos[i]->queue_refs[q->gpu]--;
	q->used = false;
	return 0;
}

static int update_queue(struct kfdsim_proc *p, struct kfd_ioctl_update_queue_args *a)
{
	if ((a->queue_percentage & 0xff) > MAX_QUEUE_PERCENTAGE ||
	    a->queue_priority > MAX_QUEUE_PRIORITY)
		return -EINVAL;
	if (a->ring_base_address && !access_ok(a->ring_base_address))
		return -EFAULT;
	if (a->ring_size & (a->ring_size - 1))
		return -EINVAL;
	if (a->ring_size < MIN_QUEUE_RING_SIZE)
		a->ring_size = MIN_QUEUE_RING_SIZE;
	/* pqm_update_queue_properties: "No queue %d exists for update operation" */
	if (!queue_by_id(p, a->queue_id))
		return -EFAULT;
	/* Moving a ring is not modelled: the queue keeps its ring. */
	return 0;
}

/* ------------------------------------------------------------ events */

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
		else if ((err = bind(p, gi)))
			;
		else if (!(bo = bo_by_handle(p, handle)))
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

/* ------------------------------------------------------------ the rest */

static int get_clock_counters(struct kfdsim_proc *p, struct kfd_ioctl_get_clock_counters_args *a)
{
	struct timespec ts;
	int gi = pdd_by_id(a->gpu_id);

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
	gi = pdd_by_id(a->gpu_id);
	if (gi < 0)
		return -EINVAL;
	return bind(p, gi) ? -ESRCH : 0;
}

static int set_scratch_backing_va(struct kfdsim_proc *p,
				  struct kfd_ioctl_set_scratch_backing_va_args *a)
{
	int gi = pdd_by_id(a->gpu_id);

	if (gi < 0)
		return -EINVAL;
	if (bind(p, gi))
		return -ENODEV;
	p->gpu[gi].scratch_va = a->va_addr;
	return 0;
}

static int set_trap_handler(struct kfdsim_proc *p, struct kfd_ioctl_set_trap_handler_args *a)
{
	int gi = pdd_by_id(a->gpu_id);

	if (gi < 0)
		return -EINVAL;
	/* Accepted; the model runs no trap handler (s_trap faults the queue). */
	return bind(p, gi) ? -ESRCH : 0;
}

static int get_tile_config(struct kfd_ioctl_get_tile_config_args *a)
{
	/* gfx9 has no tile mode tables: amdgpu hands out zeroed arrays. */
	static const uint32_t zero[32];

	if (pdd_by_id(a->gpu_id) < 0)
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

static int set_cu_mask(struct kfdsim_proc *p, struct kfd_ioctl_set_cu_mask_args *a)
{
	uint32_t word;

	if (a->num_cu_mask % 32 || a->num_cu_mask == 0)
		return -EINVAL;
	if (kfdsim_copy_from_user(&word, a->cu_mask_ptr, sizeof(word)))
		return -EFAULT;
	/* pqm_set_cu_mask: "No queue %d exists for operation" */
	return queue_by_id(p, a->queue_id) ? 0 : -EFAULT;
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
	case 0x02: return create_queue(p, k);
	case 0x03: return destroy_queue(p, k);
	case 0x04: return set_memory_policy(p, k);
	case 0x05: return get_clock_counters(p, k);
	case 0x06: return get_process_apertures(k);
	case 0x07: return update_queue(p, k);
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
	case 0x16: return alloc_memory(p, k);
	case 0x17: return free_memory(p, k);
	case 0x18: return map_or_unmap(p, k, true);
	case 0x19: return map_or_unmap(p, k, false);
	case 0x1a: return set_cu_mask(p, k);
	case 0x21: return set_xnack_mode(p, k);
	case 0x23: return available_memory(p, k);
	case KFDSIM_IOC_RUNTIME_ENABLE: return runtime_enable(p, k);
	case 0x20:
		return -EPERM;	/* SVM: a kernel without CONFIG_HSA_AMD_SVM */
	case 0x22:
		return -EACCES;	/* CRIU: needs CAP_CHECKPOINT_RESTORE */
	default:
		/* Wave state, dmabuf, GWS, SMI, debug trap: not modelled. */
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

static void *map_fd(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	/* Device memory is shared whatever the caller asked. */
	flags = (flags & ~(MAP_PRIVATE | MAP_SHARED)) | MAP_SHARED;
	return mmap(addr, len, prot, flags, fd, off);
}

static void *fail_map(int err)
{
	errno = err;
	return MAP_FAILED;
}

static void *kfd_mmap(struct kfdsim_proc *p, void *addr, size_t len, int prot, int flags,
		      uint64_t off)
{
	int gi = kfdsim_gpu_index((uint32_t)((off & KFDSIM_MMAP_GPU_MASK) >> KFDSIM_MMAP_GPU_SHIFT));
	void *m = MAP_FAILED;
	int fd, err = 0;

	switch (off & KFDSIM_MMAP_TYPE_MASK) {
	case KFDSIM_MMAP_DOORBELL:
		if (gi < 0)
			return fail_map(EINVAL);
		if (len != KFDSIM_DOORBELL_SLICE)
			return fail_map(EINVAL);
		pthread_mutex_lock(&p->lock);
		err = -doorbells(&p->gpu[gi]);
		if (!err)
			m = map_fd(addr, len, prot, flags, p->gpu[gi].doorbell_fd, 0);
		pthread_mutex_unlock(&p->lock);
		return err ? fail_map(err) : m;
	case KFDSIM_MMAP_EVENTS:
		fd = kfdsim_event_mmap_fd(p, len);
		return fd < 0 ? fail_map(-fd) : map_fd(addr, len, prot, flags, fd, 0);
	case KFDSIM_MMAP_MMIO:
		if (gi < 0 || len != KFDSIM_PAGE)
			return fail_map(EINVAL);
		pthread_mutex_lock(&p->lock);
		err = -mmio_page(&p->gpu[gi]);
		if (!err)
			m = map_fd(addr, len, prot, flags, p->gpu[gi].mmio_fd, 0);
		pthread_mutex_unlock(&p->lock);
		return err ? fail_map(err) : m;
	default:
		return fail_map(EINVAL);
	}
}

/* drm_gem_mmap: the BO whose offset range holds the mapping. */
static void *render_mmap(struct kfdsim_proc *p, unsigned gi, uint64_t serial, void *addr,
			 size_t len, int prot, int flags, uint64_t off)
{
	void *m = MAP_FAILED;
	int err = EINVAL;

	if (!p)
		return fail_map(EINVAL);
	pthread_mutex_lock(&p->lock);
	for (struct kfdsim_bo *bo = p->bos; bo; bo = bo->next) {
		if (off < bo->drm_offset || off - bo->drm_offset >= bo->size)
			continue;
		if (len > bo->size - (off - bo->drm_offset))
			break;
		/* drm_vma_node_is_allowed: the BO's GPU's acquired render file. */
		if (bo->gpu != gi || p->gpu[gi].acquired_file != serial) {
			err = EACCES;
			break;
		}
		if (bo->flags & KFD_IOC_ALLOC_MEM_FLAGS_USERPTR) {
			err = EPERM;	/* amdgpu_gem_object_mmap refuses userptr */
			break;
		}
		m = map_fd(addr, len, prot, flags, bo->memfd, (off_t)(off - bo->drm_offset));
		err = m == MAP_FAILED ? errno : 0;
		break;
	}
	pthread_mutex_unlock(&p->lock);
	return err ? fail_map(err) : m;
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
	return render_mmap(kfdsim_process(), gi, serial, addr, len, prot, flags,
			   (uint64_t)offset);
}

/*
 * VRAM and GTT BOs need nothing: the fake keeps its own view of their
 * pages until FREE, as amdkfd keeps the BO.  USERPTR BOs are the user's
 * pages themselves: amdgpu's MMU notifier invalidates them when they go,
 * and so does this, by taking them out of the models' VMs (the GPU then
 * faults on them instead of the board touching unmapped memory).  The
 * BO stays mapped as far as the ioctls are concerned; amdkfd would
 * restore it if the range came back, which is not modelled.
 */
void kfdsim_munmap_notify(void *addr, size_t len)
{
	struct kfdsim_proc *p;
	uint64_t a = (uint64_t)(uintptr_t)addr;

	if (kfdsim_inside())
		return;		/* the fake's own views, maybe under its locks */
	p = kfdsim_process();
	if (!p || p->pid != getpid())
		return;
	pthread_mutex_lock(&p->lock);
	for (struct kfdsim_bo *bo = p->bos; bo; bo = bo->next) {
		uint64_t u = (uint64_t)(uintptr_t)bo->kmap;

		if (!(bo->flags & KFD_IOC_ALLOC_MEM_FLAGS_USERPTR) || a >= u + bo->size ||
		    u >= a + len)
			continue;
		for (unsigned i = 0; i < kfdsim_ngpus; i++) {
			if (!(bo->mapped & ~bo->gone & (1u << i)))
				continue;
			pthread_mutex_lock(&p->gpu[i].lock);
			bh_sim_vm_unmap(p->gpu[i].sim, bo->va);
			pthread_mutex_unlock(&p->gpu[i].lock);
			bo->gone |= 1u << i;
		}
	}
	pthread_mutex_unlock(&p->lock);
}
