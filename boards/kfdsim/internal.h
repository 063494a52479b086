/* SPDX-License-Identifier: MIT */
/*
 * The fake amdkfd's own state, shared by core.c (fds, the process),
 * kfd.c (ioctls, mmap), memory.c (BOs), queue.c (queues), event.c
 * (events) and board.c (the models).
 *
 * Locking, outermost first:
 *   kfdsim_proc.lock   the process (amdkfd's p->mutex): BOs, queues'
 *                      creation, the pdds; every ioctl but WAIT_EVENTS
 *   kfdsim_pgpu.lock   one GPU's queue table and the state the board keeps
 *                      per queue (last doorbell, stopped); the doorbell
 *                      thread and the GPU's interrupt thread take it.  The
 *                      model is thread-safe by itself and takes no lock of
 *                      the fake's, so a model call under it never waits for
 *                      the fake (a synchronous board runs a queue under it)
 *   kfdsim_proc.ev_lock  events, their slots and the waiters (amdkfd's
 *                      event_mutex and ev->lock), with ev_cond
 * The fd table has its own lock (core.c), never held with these.
 */
#ifndef BH_KFDSIM_INTERNAL_H
#define BH_KFDSIM_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <linux/kfd_ioctl.h>

#include "kfdsim.h"

struct bh_sim;

#define KFDSIM_PAGE		4096ull
/* SOC15: the process doorbell slice is 2 pages of 64-bit doorbells. */
#define KFDSIM_DOORBELL_SLICE	8192ull
#define KFDSIM_DOORBELLS	(KFDSIM_DOORBELL_SLICE / 8)
#define KFDSIM_MAX_QUEUES	1024	/* KFD_MAX_NUM_OF_QUEUES_PER_PROCESS */
#define KFDSIM_QUEUES_PER_GPU	8	/* hardware queues the model has */

/* amdkfd's mmap offset encoding (kfd_priv.h), in bytes. */
#define KFDSIM_MMAP_TYPE_SHIFT	62
#define KFDSIM_MMAP_TYPE_MASK	(3ull << KFDSIM_MMAP_TYPE_SHIFT)
#define KFDSIM_MMAP_DOORBELL	(3ull << KFDSIM_MMAP_TYPE_SHIFT)
#define KFDSIM_MMAP_EVENTS	(2ull << KFDSIM_MMAP_TYPE_SHIFT)
#define KFDSIM_MMAP_RESERVED	(1ull << KFDSIM_MMAP_TYPE_SHIFT)
#define KFDSIM_MMAP_MMIO	(0ull << KFDSIM_MMAP_TYPE_SHIFT)
#define KFDSIM_MMAP_GPU_SHIFT	46
#define KFDSIM_MMAP_GPU_MASK	(0xffffull << KFDSIM_MMAP_GPU_SHIFT)
#define KFDSIM_MMAP_GPU_ID(id)	\
	(((uint64_t)(id) << KFDSIM_MMAP_GPU_SHIFT) & KFDSIM_MMAP_GPU_MASK)
/* Render-node BO offsets start where DRM's fake offsets do (4 GiB). */
#define KFDSIM_DRM_OFFSET_BASE	0x100000000ull

/* The kernel's internal ENOTSUPP, which amdkfd lets reach user space. */
#define KFDSIM_ENOTSUPP		524

#define KFDSIM_UNSIGNALED_SLOT	(~0ull)
#define KFDSIM_EVENT_PAGE_SIZE	(KFD_SIGNAL_EVENT_LIMIT * 8ull)

/* A buffer object (amdgpu BO + kgd_mem). */
struct kfdsim_bo {
	struct kfdsim_bo *next;
	unsigned gpu;			/* owner's index */
	uint32_t idr;			/* handle = gpu_id << 32 | idr */
	uint32_t flags;
	uint64_t va, size;		/* size rounded up to pages */
	int memfd;			/* -1 for USERPTR */
	void *kmap;			/* the fake's view (USERPTR: user pages) */
	uint64_t drm_offset;		/* render-node mmap offset */
	uint32_t mapped;		/* bit per GPU index: in that model's VM */
	uint32_t gone;			/* USERPTR: taken out again by munmap */
	unsigned queue_refs[KFDSIM_MAX_GPUS];	/* per GPU VM: queues using it (kfd_queue.c) */
	bool shared_kmap;		/* kmap belongs to someone else */
};

struct kfdsim_queue {
	bool used;
	uint32_t id;			/* queue_id */
	unsigned gpu;
	unsigned hwq;			/* model queue index */
	unsigned doorbell;		/* slot in the doorbell page */
	bool aql;
	bool evicted;			/* stopped by a VM fault (kfd_dqm_evict_pasid) */
	bool faulted;			/* stopped by a queue fault */
	bool gws;			/* holds its GPU's GWS (ALLOC_QUEUE_GWS) */
	uint64_t last_db;
	struct kfdsim_bo *bos[5];	/* ring, rptr, wptr, eop, cwsr refs */
};

/* Per process and GPU (amdkfd's kfd_process_device) and its model. */
struct kfdsim_pgpu {
	pthread_mutex_t lock;
	struct bh_sim *sim;
	uint64_t acquired_file;		/* serial of the ACQUIRE_VM render file, 0 none */
	uint64_t vram_used;
	uint32_t next_idr;
	uint64_t scratch_va;
	int doorbell_fd;		/* memfd of the doorbell slice, -1 until needed */
	volatile uint64_t *doorbells;
	int mmio_fd;			/* the MMIO remap page (HDP flush) */
	void *mmio;
	uint64_t hdp_flushes;		/* writes seen to HDP_MEM_FLUSH_CNTL */
	unsigned num_gws;		/* qpd.num_gws: GWS one queue holds, 0 none */
	struct kfdsim_queue *hwq[KFDSIM_QUEUES_PER_GPU];
	/* The interrupt handler thread of an asynchronous board (board.c). */
	struct kfdsim_proc *proc;
	unsigned index;
	pthread_t ih;
	bool ih_running;
};

struct kfdsim_event {
	uint32_t id, type;
	bool auto_reset, signaled;
	struct kfd_hsa_memory_exception_data mem;
	struct kfd_hsa_hw_exception_data hw;
};

struct kfdsim_waiter {
	struct kfdsim_event *ev;
	bool activated;
	bool gone;			/* its event was destroyed */
};

struct kfdsim_wait {
	struct kfdsim_wait *next;
	struct kfdsim_waiter *w;
	unsigned n;
};

struct kfdsim_proc {
	pid_t pid;
	unsigned refs;			/* open /dev/kfd files */
	pthread_mutex_t lock;
	struct kfdsim_pgpu gpu[KFDSIM_MAX_GPUS];
	struct kfdsim_bo *bos;
	uint64_t next_drm_offset;
	struct kfdsim_queue queues[KFDSIM_MAX_QUEUES];
	bool runtime_enabled;
	bool xnack;

	/* Events (event.c), under ev_lock. */
	pthread_mutex_t ev_lock;
	pthread_cond_t ev_cond;
	struct kfdsim_event **events;	/* by id, signal ids < 4096 */
	unsigned nevents, cap_events;
	uint64_t *slots;		/* the event page */
	uint64_t signal_mapped_size;
	uint64_t signal_handle;		/* user BO given as the page, 0 none */
	int own_page_fd;		/* the fake's event page, -1 none */
	int signal_fd;			/* what an EVENTS mmap maps: either page, -1 none */
	unsigned signal_count;
	struct kfdsim_wait *waits;
	uint32_t next_other_id;

	/* The board (board.c): the doorbell thread, and whether the models
	 * run beside it on their CP threads (else inside its doorbells). */
	bool async;
	bool ih_stop;			/* the interrupt threads end (atomic) */
	pthread_t board;
	bool board_running, board_stop;
	pthread_mutex_t kick_lock;
	pthread_cond_t kick_cond;
	unsigned kicks;
};

/* What HDP_MEM_FLUSH_CNTL (dword 0 of the MMIO remap page) holds while
 * no flush is pending; a store of anything else is a flush request. */
#define KFDSIM_HDP_IDLE 0xffffffffu

/* core.c */
extern struct kfdsim_gpu kfdsim_gpus[KFDSIM_MAX_GPUS];
extern unsigned kfdsim_ngpus;
int kfdsim_gpu_index(uint32_t gpu_id);		/* -1 if none */
enum kfdsim_file { KFDSIM_FILE_KFD = 1, KFDSIM_FILE_RENDER };
/*
 * What @fd is (0 if not ours); the GPU of a render file, its serial,
 * and the process a /dev/kfd file belongs to (in a forked child, still
 * the parent's: its pid tells).
 */
int kfdsim_file_of(int fd, unsigned *gpu, uint64_t *serial, struct kfdsim_proc **proc);
/* drm.c: a DRM ioctl on GPU @gpu's render node (as ioctl(2)). */
int kfdsim_drm_ioctl(unsigned gpu, unsigned long request, void *arg);
/* The calling process's kfd process (NULL: it has no /dev/kfd open). */
struct kfdsim_proc *kfdsim_process(void);
/* This thread is inside the fake (its own munmaps are not the user's). */
void kfdsim_enter(void);
void kfdsim_leave(void);
bool kfdsim_inside(void);
int kfdsim_copy_from_user(void *dst, uint64_t src, size_t len);
int kfdsim_copy_to_user(uint64_t dst, const void *src, size_t len);
/* CWSR and EOP sizes of GPU @i, as kfd_queue_ctx_save_restore_size. */
void kfdsim_cwsr_sizes(unsigned i, uint32_t *ctl_stack, uint32_t *cwsr, uint32_t *debug,
		       uint32_t *eop);
unsigned kfdsim_num_xcc(unsigned i);
/* Shader arrays (array_count; one per shader engine): MI210 8, MI300X 4 per XCC. */
unsigned kfdsim_array_count(const struct kfdsim_gpu *g);

/* kfd.c */
int kfdsim_proc_setup(struct kfdsim_proc *p);
void kfdsim_proc_teardown(struct kfdsim_proc *p);

/* memory.c (under the process lock) */
#define KFDSIM_GPUVM_LIMIT	((1ull << 47) - 1)
static inline uint64_t kfdsim_page_align(uint64_t v)
{
	return (v + KFDSIM_PAGE - 1) & ~(KFDSIM_PAGE - 1);
}
int kfdsim_bind(struct kfdsim_proc *p, int gi);	/* 0, or -ENODEV before ACQUIRE_VM */
struct kfdsim_bo *kfdsim_bo_by_handle(struct kfdsim_proc *p, uint64_t handle);
void kfdsim_bo_release(struct kfdsim_proc *p, struct kfdsim_bo *bo);
int kfdsim_doorbells(struct kfdsim_pgpu *g);
int kfdsim_mmio_page(struct kfdsim_pgpu *g);
int kfdsim_alloc_memory(struct kfdsim_proc *p, struct kfd_ioctl_alloc_memory_of_gpu_args *a);
int kfdsim_free_memory(struct kfdsim_proc *p, struct kfd_ioctl_free_memory_of_gpu_args *a);
int kfdsim_map_memory(struct kfdsim_proc *p, struct kfd_ioctl_map_memory_to_gpu_args *a,
		      bool map);
int kfdsim_available_memory(struct kfdsim_proc *p,
			    struct kfd_ioctl_get_available_memory_args *a);
/* mmap of a device memfd: always MAP_SHARED, whatever the caller asked. */
void *kfdsim_map_shared(void *addr, size_t len, int prot, int flags, int fd, off_t off);
/* Takes the process lock itself. */
void *kfdsim_render_mmap(struct kfdsim_proc *p, unsigned gi, uint64_t serial, void *addr,
			 size_t len, int prot, int flags, uint64_t off);

/* queue.c (under the process lock) */
int kfdsim_create_queue(struct kfdsim_proc *p, struct kfd_ioctl_create_queue_args *a);
int kfdsim_destroy_queue(struct kfdsim_proc *p, struct kfd_ioctl_destroy_queue_args *a);
int kfdsim_update_queue(struct kfdsim_proc *p, struct kfd_ioctl_update_queue_args *a);
int kfdsim_set_cu_mask(struct kfdsim_proc *p, struct kfd_ioctl_set_cu_mask_args *a);
int kfdsim_alloc_queue_gws(struct kfdsim_proc *p, struct kfd_ioctl_alloc_queue_gws_args *a);

/* event.c (callers hold ev_lock unless said) */
int kfdsim_events_init(struct kfdsim_proc *p);
void kfdsim_events_fini(struct kfdsim_proc *p);
int kfdsim_event_create(struct kfdsim_proc *p, struct kfd_ioctl_create_event_args *a,
			void *user_page, uint64_t user_size, uint64_t handle, int fd);
int kfdsim_event_destroy(struct kfdsim_proc *p, uint32_t id);
int kfdsim_event_set(struct kfdsim_proc *p, uint32_t id);
int kfdsim_event_reset(struct kfdsim_proc *p, uint32_t id);
int kfdsim_event_wait(struct kfdsim_proc *p, struct kfd_ioctl_wait_events_args *a);
/* From the board: these take ev_lock themselves. */
void kfdsim_event_interrupt(struct kfdsim_proc *p, uint32_t ctxid);
void kfdsim_event_vm_fault(struct kfdsim_proc *p, const struct kfd_hsa_memory_exception_data *d);
void kfdsim_event_hw_exception(struct kfdsim_proc *p, const struct kfd_hsa_hw_exception_data *d);
int kfdsim_event_mmap_fd(struct kfdsim_proc *p, size_t len);	/* fd or -errno */

/* board.c */
int kfdsim_board_start(struct kfdsim_proc *p);
void kfdsim_board_stop(struct kfdsim_proc *p);
void kfdsim_board_kick(struct kfdsim_proc *p);
/* Run under the GPU's lock: start/stop a queue on its model. */
int kfdsim_board_queue_start(struct kfdsim_proc *p, struct kfdsim_queue *q,
			     const struct kfd_ioctl_create_queue_args *a);
void kfdsim_board_queue_stop(struct kfdsim_proc *p, struct kfdsim_queue *q);
/* Give the queue's model queue the first @count GWS resources (0: none);
 * takes the GPU's lock itself. */
void kfdsim_board_queue_gws(struct kfdsim_proc *p, struct kfdsim_queue *q, unsigned count);

#endif /* BH_KFDSIM_INTERNAL_H */
