// SPDX-License-Identifier: MIT
/*
 * Memory pools and stream-ordered allocation: hipMallocAsync,
 * hipFreeAsync, hipMallocFromPoolAsync and the hipMemPool* calls.
 *
 * A pool is a list of blocks, each one device allocation (memory.c,
 * listed like hipMalloc's so copies and kernels take it) in one of
 * three states:
 *
 *   USED     the program holds it (from hipMallocAsync until a free)
 *   FREEING  hipFreeAsync was called; the stream has not reached it
 *   FREE     kept for reuse (reserved, not used)
 *
 * Only USED blocks count as the pool's used memory
 * (hipMemPoolAttrUsedMemCurrent): a block stops being used when the
 * program frees it, asynchronously or not, as in ROCm.
 *
 * hipFreeAsync queues a host operation on the stream (hostop.c): when the
 * stream reaches it, the block becomes FREE, and only then can another
 * allocation take it, so work queued before the free never sees its
 * memory reused.  hipFree of a pool's memory synchronises as hipFree
 * does and frees it at once.  An allocation takes the smallest FREE block
 * that fits (at most twice its size), else new device memory.
 *
 * What a pool keeps FREE above its release threshold (0 by default) goes
 * back to the device at the next synchronisation of its device (stream,
 * event, device, hipFree) or hipMemPoolTrimTo; the host-operation thread
 * only changes states (it never calls the loader: hostop.c).
 *
 * Every device has a default pool (its current one until
 * hipDeviceSetMemPool); hipMemPoolCreate makes more.  One lock, held
 * only around the lists and counters, never across a wait or a loader
 * call, guards all pools.
 */
/* memfd_create: _GNU_SOURCE (the build defines it) */
#include "generated/autoconf.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef CONFIG_HOST_OS
#include <sys/mman.h>	/* memfd_create */
#endif
#include <unistd.h>

#include "runtime.h"

#define BLOCK_ALIGN 256		/* allocation granularity (ROCm's too) */

enum block_state { BLOCK_USED, BLOCK_FREEING, BLOCK_FREE };

struct bh_rt_pool_block {
	struct bh_allocation *a;
	struct ihipMemPoolHandle_t *pool;	/* NULL: orphaned (device reset) */
	size_t size;
	enum block_state state;
	/* FREEING: the stream its hipFreeAsync waits on.  A later allocation
	 * on that very stream is ordered after the free, so it may take the
	 * block at once (as ROCm does); each such taking is counted, and the
	 * pending free it overtook then leaves the block alone. */
	struct ihipStream_t *freeing_on;
	/* FREEING: the queue of that stream and the fence of its work before
	 * the free.  A stream that waited (hipStreamWaitEvent) for that queue
	 * up to there is ordered after the free too, and may take the block
	 * when the pool follows event dependencies (ROCm's default). */
	struct bh_rt_queue *freeing_rq;
	uint64_t freeing_after;
	unsigned int retaken;
	struct bh_rt_pool_block *next;
};

struct ihipMemPoolHandle_t {
	struct bh_rt_device *d;
	bool is_default;
	size_t max_size;			/* hipMemPoolProps.maxSize; 0: none */
	uint64_t threshold;			/* hipMemPoolAttrReleaseThreshold */
	uint64_t reserved, reserved_high, used, used_high;
	/* hipMemPoolReuse*: [0] follow event dependencies (used by
	 * pool_alloc), [1] opportunistic and [2] internal dependencies
	 * (recorded: a block is reused once its free has run, which both
	 * allow, or on its own stream, or after an event). */
	int32_t reuse[3];
	hipMemAllocationHandleType handle_types;	/* what it may be exported as */
	uint64_t serial;			/* names it in an exported handle */
	hipMemAccessFlags access[BH_RT_MAX_DEVICES];
	struct bh_rt_pool_block *blocks;
	struct ihipMemPoolHandle_t *next;	/* created pools */
};

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct ihipMemPoolHandle_t defaults[BH_RT_MAX_DEVICES];
static struct ihipMemPoolHandle_t *current[BH_RT_MAX_DEVICES];	/* NULL: the default */
static struct ihipMemPoolHandle_t *created;

static void pool_init(struct ihipMemPoolHandle_t *p, struct bh_rt_device *d)
{
	p->d = d;
	p->reuse[0] = p->reuse[1] = p->reuse[2] = 1;
	for (int i = 0; i < BH_RT_MAX_DEVICES; i++)
		p->access[i] = i == d->ordinal ? hipMemAccessFlagsProtReadWrite :
			       hipMemAccessFlagsProtNone;
}

/* Device @ordinal's default pool, set up on first use; pool lock held. */
static struct ihipMemPoolHandle_t *default_locked(int ordinal)
{
	struct ihipMemPoolHandle_t *p = &defaults[ordinal];

	if (!p->d) {
		pool_init(p, &bh_rt.devs[ordinal]);
		p->is_default = true;
	}
	return p;
}

static struct ihipMemPoolHandle_t *current_locked(int ordinal)
{
	return current[ordinal] ? current[ordinal] : default_locked(ordinal);
}

/* Whether @p is a live pool (a default one or a created one); lock held. */
static bool valid_locked(const struct ihipMemPoolHandle_t *p)
{
	if (!p)
		return false;
	if (p >= defaults && p < defaults + BH_RT_MAX_DEVICES)
		return p->d != NULL;
	for (const struct ihipMemPoolHandle_t *c = created; c; c = c->next)
		if (c == p)
			return true;
	return false;
}

static hipError_t check_pool(const char *api, hipMemPool_t pool)
{
	pthread_mutex_lock(&pool_lock);
	bool ok = valid_locked(pool);

	pthread_mutex_unlock(&pool_lock);
	if (!pool)
		return bh_rt_error(hipErrorInvalidValue, "%s: mem_pool is NULL", api);
	if (!ok)
		return bh_rt_error(hipErrorInvalidValue, "%s(%p): not a live memory pool", api,
				   (void *)pool);
	return hipSuccess;
}

static hipError_t device_count(int *n)
{
	hipError_t e = hipGetDeviceCount(n);

	if (e)
		*n = 0;
	return e;
}

static void note_used(struct ihipMemPoolHandle_t *p, size_t size)
{
	p->used += size;
	if (p->used > p->used_high)
		p->used_high = p->used;
}

/*
 * Block @b is free again: the stream reached its free (FREEING, no
 * longer counted as used since hipFreeAsync), or hipFree (USED).
 */
static void block_freed_locked(struct bh_rt_pool_block *b)
{
	if (!b->pool) {		/* its device was reset meanwhile */
		free(b);
		return;
	}
	if (b->state == BLOCK_USED)
		b->pool->used -= b->size;
	b->state = BLOCK_FREE;
}

/*
 * Give FREE blocks of @p back to the device until it reserves no more
 * than @keep bytes.  Not with the pool lock held (the loader frees).
 */
static void trim(struct ihipMemPoolHandle_t *p, uint64_t keep)
{
	struct bh_rt_pool_block *gone = NULL;

	pthread_mutex_lock(&pool_lock);
	for (struct bh_rt_pool_block **bp = &p->blocks; *bp && p->reserved > keep;) {
		struct bh_rt_pool_block *b = *bp;

		if (b->state != BLOCK_FREE) {
			bp = &b->next;
			continue;
		}
		*bp = b->next;
		p->reserved -= b->size;
		/* Off the allocation list under the pool lock: a hipFree
		 * racing with this (of memory already freed) either finds
		 * it listed here or not at all (bh_rt_mempool_free). */
		__atomic_store_n(&b->a->pool_block, NULL, __ATOMIC_RELEASE);
		bh_rt_vram_unlist(b->a);
		b->next = gone;
		gone = b;
	}
	pthread_mutex_unlock(&pool_lock);
	while (gone) {
		struct bh_rt_pool_block *b = gone;

		gone = b->next;
		bh_rt_vram_free(b->a);
		free(b);
	}
}

void bh_rt_mempool_sync(struct bh_rt_device *d)
{
	struct ihipMemPoolHandle_t *list[BH_RT_MAX_DEVICES + 64];
	uint64_t keep[BH_RT_MAX_DEVICES + 64];
	unsigned int n = 0;

	pthread_mutex_lock(&pool_lock);
	if (defaults[d->ordinal].d) {
		list[n] = &defaults[d->ordinal];
		keep[n++] = defaults[d->ordinal].threshold;
	}
	for (struct ihipMemPoolHandle_t *c = created; c && n < sizeof(list) / sizeof(list[0]);
	     c = c->next)
		if (c->d == d && c->reserved > c->threshold) {
			list[n] = c;
			keep[n++] = c->threshold;
		}
	pthread_mutex_unlock(&pool_lock);
	/* Created pools stay valid here: only hipMemPoolDestroy ends one,
	 * and a program destroying a pool it synchronises on is racing. */
	for (unsigned int i = 0; i < n; i++)
		trim(list[i], keep[i]);
}

/* Pool @p's blocks are forgotten (their memory goes with the device's
 * allocations); one a pending free still reaches is left to it. */
static void forget_blocks_locked(struct ihipMemPoolHandle_t *p)
{
	while (p->blocks) {
		struct bh_rt_pool_block *b = p->blocks;

		p->blocks = b->next;
		b->a->pool_block = NULL;
		if (b->state == BLOCK_FREEING)
			b->pool = NULL;
		else
			free(b);
	}
	p->reserved = p->used = 0;
}

void bh_rt_mempool_teardown(struct bh_rt_device *d)
{
	pthread_mutex_lock(&pool_lock);
	current[d->ordinal] = NULL;
	if (defaults[d->ordinal].d)
		forget_blocks_locked(&defaults[d->ordinal]);
	for (struct ihipMemPoolHandle_t *c = created; c; c = c->next)
		if (c->d == d)
			forget_blocks_locked(c);
	pthread_mutex_unlock(&pool_lock);
}

/* ------------------------------------------------------------ allocation */
static hipError_t pool_alloc(const char *api, struct ihipMemPoolHandle_t *p, size_t size,
			     struct ihipStream_t *s, void **ptr)
{
	size_t want = (size + BLOCK_ALIGN - 1) / BLOCK_ALIGN * BLOCK_ALIGN;
	struct bh_rt_pool_block *best = NULL, *b;
	hipError_t e;

	if (want < size)
		return bh_rt_error(hipErrorOutOfMemory, "%s: %zu bytes is too large", api, size);
	/* What @s has waited for, read before the pool lock (the stream lock
	 * is never taken inside it). */
	struct bh_rt_waited waits[BH_RT_WAITED];
	unsigned int nwaits = bh_rt_stream_waits(s, waits);

	pthread_mutex_lock(&pool_lock);
	for (b = p->blocks; b; b = b->next)
		if (b->state == BLOCK_FREE && b->size >= want && b->size / 2 <= want &&
		    (!best || b->size < best->size))
			best = b;
	for (b = p->blocks; b && !best; b = b->next)
		if (b->state == BLOCK_FREEING && b->freeing_on == s && b->size >= want &&
		    b->size / 2 <= want)
			best = b;
	/* Freed on another stream that @s waited for, past the free. */
	for (b = p->blocks; b && !best && p->reuse[0]; b = b->next) {
		if (b->state != BLOCK_FREEING || b->size < want || b->size / 2 > want)
			continue;
		for (unsigned int i = 0; i < nwaits && !best; i++)
			if (waits[i].rq == b->freeing_rq && waits[i].seq >= b->freeing_after)
				best = b;
	}
	bool retake = best && best->state == BLOCK_FREEING;

	if (retake)
		best->retaken++;	/* its pending free must leave it alone */
	if (best) {
		best->state = BLOCK_USED;
		note_used(p, best->size);
		*ptr = (void *)(uintptr_t)best->a->mem.gpu_va;
		pthread_mutex_unlock(&pool_lock);
		return bh_rt_success();
	}
	/* ROCm's rule for maxSize: new memory must fit beside the pool's
	 * high-water mark of reserved memory, not only beside what it holds
	 * now (hip-tests pins it: after hipMemPoolTrimTo the pool still
	 * refuses; setting hipMemPoolAttrReservedMemHigh to 0 resets it). */
	bool over = p->max_size && p->reserved_high + want > p->max_size;

	pthread_mutex_unlock(&pool_lock);
	if (over)
		return bh_rt_error(hipErrorOutOfMemory, "%s: %zu bytes would take the pool past "
				   "its maxSize of %zu bytes (counted from its reserved high-water "
				   "mark, as ROCm counts it)", api, size, p->max_size);
	b = calloc(1, sizeof(*b));
	if (!b)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	e = bh_rt_vram_alloc(api, p->d, want, b, &b->a);
	if (e == hipErrorOutOfMemory) {
		/* What the pool keeps may be what the device lacks. */
		trim(p, 0);
		e = bh_rt_vram_alloc(api, p->d, want, b, &b->a);
	}
	if (e) {
		free(b);
		return e;
	}
	b->pool = p;
	b->size = want;
	b->state = BLOCK_USED;
	pthread_mutex_lock(&pool_lock);
	b->next = p->blocks;
	p->blocks = b;
	p->reserved += want;
	if (p->reserved > p->reserved_high)
		p->reserved_high = p->reserved;
	note_used(p, want);
	pthread_mutex_unlock(&pool_lock);
	*ptr = (void *)(uintptr_t)b->a->mem.gpu_va;
	return bh_rt_success();
}

/* The stream @stream names, brought up; its device's ordinal. */
static hipError_t stream_of(const char *api, hipStream_t stream, struct ihipStream_t **s)
{
	return bh_rt_stream_get(stream, api, hipErrorInvalidHandle, s);
}

hipError_t hipMallocAsync(void **dev_ptr, size_t size, hipStream_t stream)
{
	static const char api[] = "hipMallocAsync";
	struct ihipMemPoolHandle_t *p;
	struct ihipStream_t *s;
	hipError_t e;

	if (!dev_ptr)
		return bh_rt_error(hipErrorInvalidValue, "%s: dev_ptr is NULL", api);
	*dev_ptr = NULL;
	e = stream_of(api, stream, &s);
	if (e)
		return e;
	if (size == 0)		/* HIP: success, null pointer */
		return bh_rt_success();
	pthread_mutex_lock(&pool_lock);
	p = current_locked(s->d->ordinal);
	pthread_mutex_unlock(&pool_lock);
	return pool_alloc(api, p, size, s, dev_ptr);
}

hipError_t hipMallocFromPoolAsync(void **dev_ptr, size_t size, hipMemPool_t mem_pool,
				  hipStream_t stream)
{
	static const char api[] = "hipMallocFromPoolAsync";
	struct ihipStream_t *s;
	hipError_t e;

	if (!dev_ptr)
		return bh_rt_error(hipErrorInvalidValue, "%s: dev_ptr is NULL", api);
	*dev_ptr = NULL;
	e = check_pool(api, mem_pool);
	if (!e)
		e = stream_of(api, stream, &s);
	if (e)
		return e;
	if (size == 0)
		return bh_rt_success();
	/* The pool's device need not be the stream's (HIP allows it when
	 * that device has access); the memory is the pool's device's. */
	e = bh_rt_device_init(mem_pool->d);
	return e ? e : pool_alloc(api, mem_pool, size, s, dev_ptr);
}

/* ------------------------------------------------------------------ free */
struct free_op {
	struct bh_hostop op;		/* first: hostop.c frees the whole */
	struct bh_rt_pool_block *b;
	bool ran;
};

static void free_run(struct bh_hostop *op)
{
	struct free_op *f = (struct free_op *)op;

	pthread_mutex_lock(&pool_lock);
	if (f->b->retaken)
		f->b->retaken--;	/* a later allocation on the stream holds it */
	else
		block_freed_locked(f->b);
	f->ran = true;
	pthread_mutex_unlock(&pool_lock);
}

static void free_done(struct bh_hostop *op)
{
	struct free_op *f = (struct free_op *)op;

	if (f->ran)
		return;
	pthread_mutex_lock(&pool_lock);
	if (op->cancelled && f->b->retaken) {
		f->b->retaken--;
	} else if (op->cancelled) {
		block_freed_locked(f->b);	/* the stream stopped: nothing uses it */
	} else if (!f->b->pool) {
		free(f->b);
	} else {				/* never queued: the program still holds it */
		f->b->state = BLOCK_USED;
		note_used(f->b->pool, f->b->size);
	}
	pthread_mutex_unlock(&pool_lock);
}

hipError_t hipFreeAsync(void *dev_ptr, hipStream_t stream)
{
	static const char api[] = "hipFreeAsync";
	struct bh_allocation *a;
	struct ihipStream_t *s;
	struct free_op *f;
	size_t off;
	hipError_t e;

	if (!dev_ptr)
		return bh_rt_error(hipErrorInvalidValue, "%s: dev_ptr is NULL", api);
	e = stream_of(api, stream, &s);
	if (e)
		return e;
	a = bh_rt_allocation_at(dev_ptr, &off);
	if (!a || off || a->pinned || a->registered || a->managed)
		return bh_rt_error(hipErrorInvalidValue, "%s(%p): not a pointer returned by "
				   "hipMallocAsync or hipMalloc", api, dev_ptr);
	if (!__atomic_load_n(&a->pool_block, __ATOMIC_ACQUIRE)) {
		/* hipMalloc memory, as ROCm takes it: freed once the stream
		 * has reached this point (and hipFree's own wait). */
		e = bh_rt_stream_synchronize(s, api);
		return e ? e : hipFree(dev_ptr);
	}
	f = calloc(1, sizeof(*f));
	if (!f)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	/* The stream's work before this free: its queue and last fence (the
	 * free's own marker comes after it). */
	bh_rt_stream_lock(s);
	struct bh_rt_queue *rq = s->rq;
	uint64_t after = s->last;

	bh_rt_stream_unlock(s);
	pthread_mutex_lock(&pool_lock);
	/* Freed twice, and released by a trim meanwhile: no longer listed. */
	struct bh_rt_pool_block *b = bh_rt_allocation_listed(a) ? a->pool_block : NULL;
	enum block_state was = b ? b->state : BLOCK_FREE;

	if (b && was == BLOCK_USED) {
		b->state = BLOCK_FREEING;
		b->freeing_on = s;
		b->freeing_rq = rq;
		b->freeing_after = after;
		b->pool->used -= b->size;
	}
	pthread_mutex_unlock(&pool_lock);
	if (!b || was != BLOCK_USED) {
		free(f);
		return bh_rt_error(hipErrorInvalidValue, "%s(%p): already freed%s", api, dev_ptr,
				   was == BLOCK_FREEING ? " (a hipFreeAsync is pending)" : "");
	}
	f->b = b;
	f->op.run = free_run;
	f->op.done = free_done;
	return bh_rt_hostop_submit(s, &f->op, api);
}

hipError_t bh_rt_mempool_free(struct bh_allocation *a)
{
	static const char api[] = "hipFree";
	/* Read before the block is free: then another thread's trim may
	 * release @a at any moment. */
	struct bh_rt_device *d = a->d, *cur = bh_rt_current();
	void *ptr = (void *)(uintptr_t)a->mem.gpu_va;
	hipError_t e = bh_rt_streams_synchronize(d, api);

	if (!e && cur != d)
		e = bh_rt_streams_synchronize(cur, api);
	if (e)
		return e;
	pthread_mutex_lock(&pool_lock);
	/* Freed twice, and released by a trim meanwhile: no longer listed. */
	struct bh_rt_pool_block *b = bh_rt_allocation_listed(a) ? a->pool_block : NULL;
	enum block_state was = b ? b->state : BLOCK_FREE;

	if (b && was == BLOCK_USED)
		block_freed_locked(b);
	pthread_mutex_unlock(&pool_lock);
	if (!b || was != BLOCK_USED)
		return bh_rt_error(hipErrorInvalidValue, "%s(%p): already freed%s", api,
				   ptr, was == BLOCK_FREEING ? " (a hipFreeAsync is pending)" : "");
	bh_rt_mempool_sync(d);
	return bh_rt_success();
}

/* ----------------------------------------------------------------- pools */
hipError_t hipMemPoolCreate(hipMemPool_t *mem_pool, const hipMemPoolProps *props)
{
	static const char api[] = "hipMemPoolCreate";
	struct ihipMemPoolHandle_t *p;
	int n;

	if (!mem_pool || !props)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api,
				   mem_pool ? "pool_props" : "mem_pool");
	if (props->allocType != hipMemAllocationTypePinned)
		return bh_rt_error(hipErrorInvalidValue, "%s: allocType %d: only "
				   "hipMemAllocationTypePinned", api, (int)props->allocType);
	device_count(&n);
	if (props->location.type != hipMemLocationTypeDevice || props->location.id < 0 ||
	    props->location.id >= n)
		return bh_rt_error(hipErrorInvalidValue, "%s: location (type %d, id %d) is not a "
				   "device (there %s %d)", api, (int)props->location.type,
				   props->location.id, n == 1 ? "is" : "are", n);
	if (props->handleTypes != hipMemHandleTypeNone &&
	    props->handleTypes != hipMemHandleTypePosixFileDescriptor)
		return bh_rt_error(hipErrorNotSupported, "%s: handleTypes 0x%x: only "
				   "hipMemHandleTypePosixFileDescriptor (Linux)", api,
				   (unsigned)props->handleTypes);
	struct bh_rt_device *d;
	hipError_t e = bh_rt_device_get(api, props->location.id, &d);

	if (e)
		return e;
	p = calloc(1, sizeof(*p));
	if (!p)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	pool_init(p, d);
	p->max_size = props->maxSize;
	p->handle_types = props->handleTypes;
	pthread_mutex_lock(&pool_lock);
	static uint64_t next_serial;

	p->serial = ++next_serial;
	p->next = created;
	created = p;
	pthread_mutex_unlock(&pool_lock);
	*mem_pool = p;
	return bh_rt_success();
}

/*
 * The pool ends now: its free memory goes back to the device once its
 * pending frees are done (the device is synchronised); memory the program
 * still holds stays valid as plain device memory that hipFree or
 * hipFreeAsync frees.
 */
hipError_t hipMemPoolDestroy(hipMemPool_t mem_pool)
{
	static const char api[] = "hipMemPoolDestroy";
	hipError_t e = check_pool(api, mem_pool);

	if (e)
		return e;
	if (mem_pool->is_default)
		return bh_rt_error(hipErrorInvalidValue, "%s: the default pool of device %d "
				   "cannot be destroyed", api, mem_pool->d->ordinal);
	e = bh_rt_streams_synchronize(mem_pool->d, api);
	if (e)
		return e;
	pthread_mutex_lock(&pool_lock);
	for (struct ihipMemPoolHandle_t **pp = &created; *pp; pp = &(*pp)->next)
		if (*pp == mem_pool) {
			*pp = mem_pool->next;
			break;
		}
	if (current[mem_pool->d->ordinal] == mem_pool)
		current[mem_pool->d->ordinal] = NULL;
	for (struct bh_rt_pool_block **bp = &mem_pool->blocks; *bp;) {
		struct bh_rt_pool_block *b = *bp;

		if (b->state == BLOCK_FREE) {
			bp = &b->next;
			continue;
		}
		/* Still held: plain device memory from here.  (A free queued
		 * by another thread meanwhile finds it orphaned.) */
		*bp = b->next;
		__atomic_store_n(&b->a->pool_block, NULL, __ATOMIC_RELEASE);
		mem_pool->reserved -= b->size;
		if (b->state == BLOCK_FREEING)
			b->pool = NULL;
		else
			free(b);
	}
	pthread_mutex_unlock(&pool_lock);
	trim(mem_pool, 0);
	free(mem_pool);
	return bh_rt_success();
}

hipError_t hipMemPoolTrimTo(hipMemPool_t mem_pool, size_t min_bytes_to_hold)
{
	hipError_t e = check_pool("hipMemPoolTrimTo", mem_pool);

	if (e)
		return e;
	trim(mem_pool, min_bytes_to_hold);
	return bh_rt_success();
}

hipError_t hipMemPoolSetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr, void *value)
{
	static const char api[] = "hipMemPoolSetAttribute";
	hipError_t e = check_pool(api, mem_pool);
	const char *why = NULL;

	if (e)
		return e;
	if (!value)
		return bh_rt_error(hipErrorInvalidValue, "%s: value is NULL", api);
	pthread_mutex_lock(&pool_lock);
	switch (attr) {
	case hipMemPoolReuseFollowEventDependencies:
	case hipMemPoolReuseAllowOpportunistic:
	case hipMemPoolReuseAllowInternalDependencies:
		mem_pool->reuse[attr - hipMemPoolReuseFollowEventDependencies] = *(int32_t *)value;
		break;
	case hipMemPoolAttrReleaseThreshold:
		mem_pool->threshold = *(uint64_t *)value;
		break;
	case hipMemPoolAttrReservedMemHigh:
	case hipMemPoolAttrUsedMemHigh:
		if (*(uint64_t *)value != 0) {
			why = "a high-water mark can only be reset, to 0";
			break;
		}
		/* Reset to 0, as ROCm does (CUDA: to the current value).  AMD's
		 * conformance tests ask 0 right after a hipFreeAsync that has
		 * not run yet, while this pool still counts the block. */
		if (attr == hipMemPoolAttrReservedMemHigh)
			mem_pool->reserved_high = 0;
		else
			mem_pool->used_high = 0;
		break;
	case hipMemPoolAttrReservedMemCurrent:
	case hipMemPoolAttrUsedMemCurrent:
		why = "it is read-only";
		break;
	default:
		why = "no such attribute";
	}
	pthread_mutex_unlock(&pool_lock);
	if (why)
		return bh_rt_error(hipErrorInvalidValue, "%s(attribute %d): %s", api, (int)attr,
				   why);
	return bh_rt_success();
}

hipError_t hipMemPoolGetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr, void *value)
{
	static const char api[] = "hipMemPoolGetAttribute";
	hipError_t e = check_pool(api, mem_pool);
	bool known = true;

	if (e)
		return e;
	if (!value)
		return bh_rt_error(hipErrorInvalidValue, "%s: value is NULL", api);
	pthread_mutex_lock(&pool_lock);
	switch (attr) {
	case hipMemPoolReuseFollowEventDependencies:
	case hipMemPoolReuseAllowOpportunistic:
	case hipMemPoolReuseAllowInternalDependencies:
		*(int32_t *)value = mem_pool->reuse[attr - hipMemPoolReuseFollowEventDependencies];
		break;
	case hipMemPoolAttrReleaseThreshold: *(uint64_t *)value = mem_pool->threshold; break;
	case hipMemPoolAttrReservedMemCurrent: *(uint64_t *)value = mem_pool->reserved; break;
	case hipMemPoolAttrReservedMemHigh: *(uint64_t *)value = mem_pool->reserved_high; break;
	case hipMemPoolAttrUsedMemCurrent: *(uint64_t *)value = mem_pool->used; break;
	case hipMemPoolAttrUsedMemHigh: *(uint64_t *)value = mem_pool->used_high; break;
	default: known = false;
	}
	pthread_mutex_unlock(&pool_lock);
	if (!known)
		return bh_rt_error(hipErrorInvalidValue, "%s(attribute %d): no such attribute",
				   api, (int)attr);
	return bh_rt_success();
}

/* A device location of this program's, or why not. */
static hipError_t check_location(const char *api, const hipMemLocation *loc)
{
	int n;

	device_count(&n);
	if (loc->type != hipMemLocationTypeDevice || loc->id < 0 || loc->id >= n)
		return bh_rt_error(hipErrorInvalidValue, "%s: location (type %d, id %d) is not a "
				   "device (there %s %d)", api, (int)loc->type, loc->id,
				   n == 1 ? "is" : "are", n);
	return hipSuccess;
}

/*
 * Which devices may reach the pool's memory.  The pool's own device
 * always has read-write access (asking for less there is refused, as
 * HIP does); for the others the flags are kept and reported (every
 * device of a board reaches every other's memory: peer.c).
 */
hipError_t hipMemPoolSetAccess(hipMemPool_t mem_pool, const hipMemAccessDesc *desc_list,
			       size_t count)
{
	static const char api[] = "hipMemPoolSetAccess";
	hipError_t e = check_pool(api, mem_pool);

	if (e)
		return e;
	if (!desc_list)
		return bh_rt_error(hipErrorInvalidValue, "%s: desc_list is NULL", api);
	for (size_t i = 0; i < count; i++) {
		hipMemAccessFlags f = desc_list[i].flags;
		int n;

		/* A device that is none: hipErrorInvalidDevice here, as ROCm
		 * answers (other location types: hipErrorInvalidValue). */
		device_count(&n);
		if (desc_list[i].location.type == hipMemLocationTypeDevice &&
		    (desc_list[i].location.id < 0 || desc_list[i].location.id >= n))
			return bh_rt_error(hipErrorInvalidDevice, "%s: desc_list[%zu]: device %d "
					   "(there %s %d)", api, i, desc_list[i].location.id,
					   n == 1 ? "is" : "are", n);
		e = check_location(api, &desc_list[i].location);
		if (e)
			return e;
		if (f != hipMemAccessFlagsProtNone && f != hipMemAccessFlagsProtRead &&
		    f != hipMemAccessFlagsProtReadWrite)
			return bh_rt_error(hipErrorInvalidValue, "%s: desc_list[%zu].flags %d: "
					   "not a hipMemAccessFlags value", api, i, (int)f);
		if (desc_list[i].location.id == mem_pool->d->ordinal &&
		    f != hipMemAccessFlagsProtReadWrite)
			return bh_rt_error(hipErrorInvalidDevice, "%s: the pool's own device %d "
					   "always has read-write access", api,
					   mem_pool->d->ordinal);
	}
	pthread_mutex_lock(&pool_lock);
	for (size_t i = 0; i < count; i++)
		mem_pool->access[desc_list[i].location.id] = desc_list[i].flags;
	pthread_mutex_unlock(&pool_lock);
	return bh_rt_success();
}

hipError_t hipMemPoolGetAccess(hipMemAccessFlags *flags, hipMemPool_t mem_pool,
			       hipMemLocation *location)
{
	static const char api[] = "hipMemPoolGetAccess";
	hipError_t e;

	if (!flags || !location)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api,
				   flags ? "location" : "flags");
	e = check_pool(api, mem_pool);
	if (!e)
		e = check_location(api, location);
	if (e)
		return e;
	pthread_mutex_lock(&pool_lock);
	*flags = mem_pool->access[location->id];
	pthread_mutex_unlock(&pool_lock);
	return bh_rt_success();
}

/*
 * hipDeviceGetDefaultMemPool and hipDeviceGetMemPool: one pool of @device,
 * picked by @get under pool_lock.  ROCm answers a bad device with
 * hipErrorInvalidDevice for the first and hipErrorInvalidValue for the
 * second (@bad_device).
 */
static hipError_t device_pool(const char *api, hipMemPool_t *mem_pool, int device,
			      hipError_t bad_device, hipMemPool_t (*get)(int device))
{
	int n;

	if (!mem_pool)
		return bh_rt_error(hipErrorInvalidValue, "%s: mem_pool is NULL", api);
	device_count(&n);
	if (device < 0 || device >= n)
		return bh_rt_error(bad_device, "%s: device %d (there %s %d)", api,
				   device, n == 1 ? "is" : "are", n);
	pthread_mutex_lock(&pool_lock);
	*mem_pool = get(device);
	pthread_mutex_unlock(&pool_lock);
	return bh_rt_success();
}

hipError_t hipDeviceGetDefaultMemPool(hipMemPool_t *mem_pool, int device)
{
	return device_pool("hipDeviceGetDefaultMemPool", mem_pool, device,
			   hipErrorInvalidDevice, default_locked);
}

hipError_t hipDeviceGetMemPool(hipMemPool_t *mem_pool, int device)
{
	return device_pool("hipDeviceGetMemPool", mem_pool, device, hipErrorInvalidValue,
			   current_locked);
}

hipError_t hipDeviceSetMemPool(int device, hipMemPool_t mem_pool)
{
	static const char api[] = "hipDeviceSetMemPool";
	hipError_t e;
	int n;

	device_count(&n);
	if (device < 0 || device >= n)
		return bh_rt_error(hipErrorInvalidValue, "%s: device %d (there %s %d)", api,
				   device, n == 1 ? "is" : "are", n);
	e = check_pool(api, mem_pool);
	if (e)
		return e;
	if (mem_pool->d->ordinal != device)
		return bh_rt_error(hipErrorInvalidDevice, "%s: the pool is device %d's, not "
				   "device %d's", api, mem_pool->d->ordinal, device);
	pthread_mutex_lock(&pool_lock);
	current[device] = mem_pool->is_default ? NULL : mem_pool;
	pthread_mutex_unlock(&pool_lock);
	return bh_rt_success();
}

/*
 * Sharing pools.  An exported pool is a memory file (memfd) holding who
 * exported which pool; an exported pointer is 64 bytes naming the
 * process, the allocation's unique id and its address.  The process that
 * exported them gets the pool and the pointer back on import; another
 * process is told that barehip does not share GPU memory between
 * processes (every board keeps each process's GPU memory its own).
 */
#define SHARE_MAGIC 0x4c4f4f50u	/* "POOL" */

struct shared_pool {
	uint32_t magic;
	uint32_t pid;
	uint64_t serial;
};

struct shared_ptr {
	uint32_t magic;
	uint32_t pid;
	uint64_t serial;	/* the allocation's (bh_rt_allocation_serial) */
	uint64_t base;
	uint64_t size;
};

_Static_assert(sizeof(struct shared_ptr) <= sizeof(hipMemPoolPtrExportData), "fits");

hipError_t hipMemPoolExportToShareableHandle(void *shared_handle, hipMemPool_t mem_pool,
					     hipMemAllocationHandleType handle_type,
					     unsigned int flags)
{
	static const char api[] = "hipMemPoolExportToShareableHandle";

	if (!shared_handle || !mem_pool || flags)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s", api, !shared_handle ?
				   "shared_handle is NULL" : !mem_pool ? "mem_pool is NULL" :
				   "flags must be 0");
	hipError_t e = check_pool(api, mem_pool);

	if (e)
		return e;
	if (handle_type == hipMemHandleTypeNone || handle_type != mem_pool->handle_types)
		return bh_rt_error(hipErrorInvalidValue, "%s: handle type 0x%x: the pool was made "
				   "with handleTypes 0x%x", api, (unsigned)handle_type,
				   (unsigned)mem_pool->handle_types);
#ifndef CONFIG_HOST_OS
	return bh_rt_error(hipErrorNotSupported, "%s: a shareable handle is a file descriptor "
			   "for another process; this host has no operating system", api);
#else
	struct shared_pool sp = { SHARE_MAGIC, (uint32_t)getpid(), mem_pool->serial };
	int fd = memfd_create("barehip-mempool", MFD_CLOEXEC);

	if (fd < 0 || write(fd, &sp, sizeof(sp)) != (ssize_t)sizeof(sp)) {
		int err = errno;

		if (fd >= 0)
			close(fd);
		return bh_rt_error(hipErrorOutOfMemory, "%s: cannot make the handle's file: %s",
				   api, strerror(err));
	}
	*(int *)shared_handle = fd;
	return bh_rt_success();
#endif
}

hipError_t hipMemPoolImportFromShareableHandle(hipMemPool_t *mem_pool, void *shared_handle,
					       hipMemAllocationHandleType handle_type,
					       unsigned int flags)
{
	static const char api[] = "hipMemPoolImportFromShareableHandle";
	struct shared_pool sp;

	if (!mem_pool || !shared_handle || flags || handle_type == hipMemHandleTypeNone)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s", api, !mem_pool ?
				   "mem_pool is NULL" : !shared_handle ? "shared_handle is NULL" :
				   flags ? "flags must be 0" : "handle type hipMemHandleTypeNone");
	if (handle_type != hipMemHandleTypePosixFileDescriptor)
		return bh_rt_error(hipErrorNotSupported, "%s: handle type 0x%x: only "
				   "hipMemHandleTypePosixFileDescriptor", api, (unsigned)handle_type);
	/* The descriptor travels in the pointer's low 32 bits (as ROCm's). */
	int fd = (int)(uint32_t)(uintptr_t)shared_handle;

	if (pread(fd, &sp, sizeof(sp), 0) != (ssize_t)sizeof(sp) || sp.magic != SHARE_MAGIC)
		return bh_rt_error(hipErrorInvalidValue, "%s: descriptor %d is not a handle from "
				   "hipMemPoolExportToShareableHandle", api, fd);
	if (sp.pid != (uint32_t)getpid())
		return bh_rt_error(hipErrorNotSupported, "%s: the pool is process %u's; barehip "
				   "does not share GPU memory between processes", api, sp.pid);
	pthread_mutex_lock(&pool_lock);
	struct ihipMemPoolHandle_t *p = created;

	while (p && p->serial != sp.serial)
		p = p->next;
	pthread_mutex_unlock(&pool_lock);
	if (!p)
		return bh_rt_error(hipErrorInvalidValue, "%s: the exported pool was destroyed",
				   api);
	*mem_pool = p;
	return bh_rt_success();
}

hipError_t hipMemPoolExportPointer(hipMemPoolPtrExportData *export_data, void *dev_ptr)
{
	static const char api[] = "hipMemPoolExportPointer";
	size_t off;
	struct bh_allocation *a;

	if (!export_data || !dev_ptr)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api,
				   export_data ? "ptr" : "export_data");
	a = bh_rt_allocation_at(dev_ptr, &off);
	if (!a || a->pinned || a->managed)
		return bh_rt_error(hipErrorInvalidValue, "%s(%p): not device memory from a pool",
				   api, dev_ptr);
	struct shared_ptr sp = {
		SHARE_MAGIC, (uint32_t)getpid(), bh_rt_allocation_serial(a),
		(uint64_t)(uintptr_t)dev_ptr, (a->bytes ? a->bytes : a->mem.size) - off,
	};

	memset(export_data, 0, sizeof(*export_data));
	memcpy(export_data->reserved, &sp, sizeof(sp));
	return bh_rt_success();
}

hipError_t hipMemPoolImportPointer(void **dev_ptr, hipMemPool_t mem_pool,
				   hipMemPoolPtrExportData *export_data)
{
	static const char api[] = "hipMemPoolImportPointer";
	struct shared_ptr sp;
	size_t off;

	if (!dev_ptr || !mem_pool || !export_data)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api, !dev_ptr ? "ptr" :
				   !mem_pool ? "mem_pool" : "export_data");
	hipError_t e = check_pool(api, mem_pool);

	if (e)
		return e;
	memcpy(&sp, export_data->reserved, sizeof(sp));
	if (sp.magic != SHARE_MAGIC)
		return bh_rt_error(hipErrorInvalidValue, "%s: not data from "
				   "hipMemPoolExportPointer", api);
	if (sp.pid != (uint32_t)getpid())
		return bh_rt_error(hipErrorNotSupported, "%s: the pointer is process %u's; "
				   "barehip does not share GPU memory between processes", api,
				   sp.pid);
	struct bh_allocation *a = bh_rt_allocation_at((void *)(uintptr_t)sp.base, &off);

	if (!a || bh_rt_allocation_serial(a) != sp.serial)
		return bh_rt_error(hipErrorInvalidValue, "%s: the exported memory was freed", api);
	*dev_ptr = (void *)(uintptr_t)sp.base;
	return bh_rt_success();
}
