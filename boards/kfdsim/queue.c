// SPDX-License-Identifier: MIT
/*
 * Queues, after kfd_chardev.c (set_queue_properties_from_user, the
 * create/destroy/update ioctls) and kfd_queue.c (kfd_queue_acquire_buffers:
 * the ring, rptr/wptr, EOP and CWSR buffers must be BOs mapped on the
 * queue's GPU, of the sizes the node's properties give) and
 * kfd_process_queue_manager.c (pqm_set_gws).  The model's side of a
 * queue is board.c's.
 */
#include <errno.h>
#include <string.h>

#include "internal.h"

#define MAX_QUEUE_PERCENTAGE	100
#define MAX_QUEUE_PRIORITY	15
#define MIN_QUEUE_RING_SIZE	1024

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
	uint64_t total = kfdsim_page_align((uint64_t)(cwsr + debug) * kfdsim_num_xcc(gi));

	if (!(bos[4] = queue_buffer(p, gi, a->ctx_save_restore_address, total)))
		return -EINVAL;
	return 0;
}

int kfdsim_create_queue(struct kfdsim_proc *p, struct kfd_ioctl_create_queue_args *a)
{
	struct kfdsim_bo *bos[5];
	struct kfdsim_queue *q = NULL;
	struct kfdsim_pgpu *g;
	unsigned slot = 0;
	int gi, err;

	if ((err = queue_properties(a)))
		return err;
	gi = kfdsim_gpu_index(a->gpu_id);
	if (gi < 0)
		return -EINVAL;
	if (kfdsim_bind(p, gi))
		return -ESRCH;
	g = &p->gpu[gi];
	if ((err = kfdsim_doorbells(g)))
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
	a->doorbell_offset = KFDSIM_MMAP_DOORBELL | KFDSIM_MMAP_GPU_ID(a->gpu_id) |
			     (uint64_t)slot * 8;
	kfdsim_board_kick(p);
	return 0;
}

static struct kfdsim_queue *queue_by_id(struct kfdsim_proc *p, uint32_t id)
{
	return id < KFDSIM_MAX_QUEUES && p->queues[id].used ? &p->queues[id] : NULL;
}

int kfdsim_destroy_queue(struct kfdsim_proc *p, struct kfd_ioctl_destroy_queue_args *a)
{
	struct kfdsim_queue *q = queue_by_id(p, a->queue_id);

	if (!q)
		return -EINVAL;	/* "Queue id does not match any known queue" */
	/* pqm_destroy_queue: the queue's GWS go back to the process. */
	if (q->gws) {
		p->gpu[q->gpu].num_gws = 0;
		q->gws = false;
	}
	kfdsim_board_queue_stop(p, q);
	for (unsigned i = 0; i < 5; i++)
		if (q->bos[i])
			q->bos[i]->queue_refs[q->gpu]--;
	q->used = false;
	return 0;
}

int kfdsim_update_queue(struct kfdsim_proc *p, struct kfd_ioctl_update_queue_args *a)
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

int kfdsim_set_cu_mask(struct kfdsim_proc *p, struct kfd_ioctl_set_cu_mask_args *a)
{
	uint32_t word;

	if (a->num_cu_mask % 32 || a->num_cu_mask == 0)
		return -EINVAL;
	if (kfdsim_copy_from_user(&word, a->cu_mask_ptr, sizeof(word)))
		return -EFAULT;
	/* pqm_set_cu_mask: "No queue %d exists for operation" */
	return queue_by_id(p, a->queue_id) ? 0 : -EFAULT;
}

/*
 * kfd_ioctl_alloc_queue_gws and pqm_set_gws.  GWS are per process and
 * GPU (qpd.num_gws): one queue holds all of the GPU's (gws_size, whatever
 * num_gws asks; num_gws only says take or give back), so a second ask is
 * EBUSY, from that queue too, until they are given back (num_gws 0) or
 * the queue is destroyed.  Giving back from a queue that does not hold
 * them is not defined by amdkfd (on gfx90a the non-holder's NULL gws
 * goes to amdgpu_amdkfd_remove_gws_from_process, which dereferences it;
 * on gfx 9.4.3 the count is cleared while the holder keeps them): the
 * fake refuses it, EINVAL.  first_gws is 0 once pqm_set_gws ran,
 * whatever it returned (kfd_ioctl copies the arguments out on errors).
 */
int kfdsim_alloc_queue_gws(struct kfdsim_proc *p, struct kfd_ioctl_alloc_queue_gws_args *a)
{
	struct kfdsim_queue *q = queue_by_id(p, a->queue_id);
	struct kfdsim_pgpu *g;
	unsigned size;
	int err = 0;

	if (!q)
		return -EINVAL;
	/* dev->gws is NULL exactly when the topology says num_gws 0 (the fake
	 * runs amdkfd's HWS policy, never NO_HWS). */
	size = kfdsim_gpus[q->gpu].num_gws;
	if (!size)
		return -ENODEV;
	g = &p->gpu[q->gpu];
	if (a->num_gws && g->num_gws)
		err = -EBUSY;	/* "Only allow one queue per process can have GWS" */
	else if (!a->num_gws && (!g->num_gws || !q->gws))
		err = -EINVAL;
	else {
		q->gws = a->num_gws != 0;
		g->num_gws = q->gws ? size : 0;
		kfdsim_board_queue_gws(p, q, g->num_gws);
	}
	a->first_gws = 0;
	return err;
}
