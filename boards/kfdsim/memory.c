// SPDX-License-Identifier: MIT
/*
 * Memory, after amdgpu_amdkfd_gpuvm.c and kfd_chardev.c: a BO per
 * allocation, handles gpu_id << 32 | id, mapped into the VM of each GPU
 * it is mapped to (here: that GPU's model, at GPU VA = CPU VA).
 *
 * VRAM and GTT BOs are backed by a memfd each, sparse, so a 64 GiB VRAM
 * heap costs nothing until written.  The fake maps it once for itself
 * and the model; the render-node mmap maps the same pages MAP_SHARED at
 * the user's address.  USERPTR BOs are the user's own pages.  The
 * process's doorbell slice and MMIO remap page are memfds too.
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "internal.h"
#include "sim.h"

#define HANDLE(gpu_id, idr)	((uint64_t)(gpu_id) << 32 | (idr))

void kfdsim_bo_release(struct kfdsim_proc *p, struct kfdsim_bo *bo)
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
int kfdsim_doorbells(struct kfdsim_pgpu *g)
{
	void *m;
	int fd;

	if (g->doorbell_fd >= 0)
		return 0;
	if (backing(KFDSIM_DOORBELL_SLICE, "kfdsim-doorbells", &fd, &m))
		return -ENOMEM;
	/* Published under the GPU's lock, which the doorbell thread holds
	 * while it reads the slots. */
	pthread_mutex_lock(&g->lock);
	g->doorbell_fd = fd;
	g->doorbells = m;
	pthread_mutex_unlock(&g->lock);
	return 0;
}

/*
 * The MMIO remap page (amdgpu's rmmio_remap: HDP_MEM_FLUSH_CNTL at 0,
 * HDP_REG_FLUSH_CNTL at 4).  The model has no HDP to flush; the board
 * thread counts the flush requests (kfdsim_hdp_flushes) so a test can
 * see that a runtime asks for them.
 */
int kfdsim_mmio_page(struct kfdsim_pgpu *g)
{
	void *m;
	int fd;

	if (g->mmio_fd >= 0)
		return 0;
	if (backing(KFDSIM_PAGE, "kfdsim-mmio", &fd, &m))
		return -ENOMEM;
	*(volatile uint32_t *)m = KFDSIM_HDP_IDLE;
	/* The doorbell thread looks at the page under the GPU's lock: it
	 * sees it only once it holds the idle value. */
	pthread_mutex_lock(&g->lock);
	g->mmio_fd = fd;
	g->mmio = m;
	pthread_mutex_unlock(&g->lock);
	return 0;
}

/*
 * kfd_process_device_data_by_id: every GPU has a pdd from process
 * creation.  kfd_bind_process_to_device then wants the VM (ACQUIRE_VM):
 * ENODEV without it.
 */
int kfdsim_bind(struct kfdsim_proc *p, int gi)
{
	return p->gpu[gi].acquired_file ? 0 : -ENODEV;
}

struct kfdsim_bo *kfdsim_bo_by_handle(struct kfdsim_proc *p, uint64_t handle)
{
	int gi = kfdsim_gpu_index((uint32_t)(handle >> 32));

	if (gi < 0)
		return NULL;
	for (struct kfdsim_bo *bo = p->bos; bo; bo = bo->next)
		if (bo->gpu == (unsigned)gi && bo->idr == (uint32_t)handle)
			return bo;
	return NULL;
}

int kfdsim_alloc_memory(struct kfdsim_proc *p, struct kfd_ioctl_alloc_memory_of_gpu_args *a)
{
	uint32_t flags = a->flags;
	struct kfdsim_bo *bo;
	struct kfdsim_pgpu *g;
	uint64_t size;
	int gi, err;

	if (a->size == 0)
		return -EINVAL;
	gi = kfdsim_gpu_index(a->gpu_id);
	if (gi < 0)
		return -EINVAL;
	g = &p->gpu[gi];
	/* PUBLIC VRAM needs a large BAR, which these boards have. */
	if ((err = kfdsim_bind(p, gi)))
		return err;
	size = kfdsim_page_align(a->size);
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
	    (a->va_addr % KFDSIM_PAGE || a->va_addr < KFDSIM_PAGE ||
	     a->va_addr > KFDSIM_GPUVM_LIMIT ||
	     size > KFDSIM_GPUVM_LIMIT + 1 - a->va_addr))
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
		err = kfdsim_doorbells(g);
		bo->memfd = g->doorbell_fd;
		bo->kmap = (void *)g->doorbells;
		bo->shared_kmap = true;
	} else if (flags & KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP) {
		err = kfdsim_mmio_page(g);
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

int kfdsim_free_memory(struct kfdsim_proc *p, struct kfd_ioctl_free_memory_of_gpu_args *a)
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
	bo = kfdsim_bo_by_handle(p, a->handle);
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
	kfdsim_bo_release(p, bo);
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
	if (map && (err = kfdsim_bind(p, gi)))
		return err;
	bo = kfdsim_bo_by_handle(p, a->handle);
	if (!bo)
		return -ENOMEM;	/* sic: amdkfd's answer for an unknown handle */
	for (uint32_t i = a->n_success; i < a->n_devices; i++) {
		int pi = kfdsim_gpu_index(ids[i]);

		if (pi < 0)
			return -EINVAL;
		if (map && (err = kfdsim_bind(p, pi)))
			return err;
		struct kfdsim_pgpu *pg = &p->gpu[pi];
		uint32_t bit = 1u << pi;

		pthread_mutex_lock(&pg->lock);
		if (map && !(bo->mapped & bit)) {
			/* VRAM is the GPU's own: a kernel polling it waits for
			 * other waves, not the host (the model's deadlock rule). */
			bool vram = bo->flags & KFD_IOC_ALLOC_MEM_FLAGS_VRAM;

			if (!bo->va || (vram ? bh_sim_vm_map_vram(pg->sim, bo->va, bo->kmap, bo->size) :
					bh_sim_vm_map(pg->sim, bo->va, bo->kmap, bo->size)))
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

int kfdsim_map_memory(struct kfdsim_proc *p, struct kfd_ioctl_map_memory_to_gpu_args *a,
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

int kfdsim_available_memory(struct kfdsim_proc *p, struct kfd_ioctl_get_available_memory_args *a)
{
	int gi = kfdsim_gpu_index(a->gpu_id);

	if (gi < 0)
		return -EINVAL;
	a->available = kfdsim_gpus[gi].vram_size - p->gpu[gi].vram_used;
	return 0;
}

void *kfdsim_map_shared(void *addr, size_t len, int prot, int flags, int fd, off_t off)
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

/* drm_gem_mmap: the BO whose offset range holds the mapping. */
void *kfdsim_render_mmap(struct kfdsim_proc *p, unsigned gi, uint64_t serial, void *addr,
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
		m = kfdsim_map_shared(addr, len, prot, flags, bo->memfd,
				      (off_t)(off - bo->drm_offset));
		err = m == MAP_FAILED ? errno : 0;
		break;
	}
	pthread_mutex_unlock(&p->lock);
	return err ? fail_map(err) : m;
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
