// SPDX-License-Identifier: MIT
/*
 * Streams: in-order work on the loader's queues, the null stream's
 * legacy order, and host waits.
 *
 * Each stream runs on a loader queue (a struct bh_rt_queue of the pool):
 * its own while the board has queues, else one it shares with other
 * streams (a shared queue runs their work in one order, which keeps each
 * stream's order).  Pooled queues live until the device goes, so fence
 * memory another queue's CP may still poll never disappears.
 *
 * Order between queues is the CP's business: a WAIT_REG_MEM on the
 * other queue's fence (bh_queue_wait_queue), never the host.  The null
 * stream is HIP's legacy default stream: its operations wait for the
 * work the blocking streams have submitted, and operations on blocking
 * streams wait for the null stream's; non-blocking streams do neither.
 * hipStreamPerThread is each thread's own default stream, a blocking
 * stream like any other (CUDA's per-thread default stream: it waits for
 * the legacy stream's work, and that for it, but not for other streams);
 * the *_spt calls take the null handle as that stream.
 *
 * Host waits (bh_rt_queue_wait) poll the loader in slices, so that a
 * host operation the queue waits for (a callback, a copy: hostop.c) may
 * take as long as it likes; only a queue that makes no progress while no
 * host operation runs times out.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "generated/autoconf.h"
#include "runtime.h"

/* Between looks at the host operations (without host threads, the look
 * runs them: a shorter slice). */
#ifdef CONFIG_HOST_THREADS
#define WAIT_SLICE_NS 2000000ull
#else
#define WAIT_SLICE_NS 100000ull
#endif
#define TEARDOWN_WAIT_NS 2000000000ull	/* for work still queued at teardown */
#define PRIORITY_GREATEST -1		/* HIP's High */
#define PRIORITY_LEAST 1		/* HIP's Low */

static struct ihipStream_t *streams;	/* live streams (every device's), null streams excluded */
/*
 * The streams lock: the list of live streams, each device's pool of
 * queues (appended to under it; npool published with a release store)
 * and its users.  Taken before a queue's submission lock, never while
 * waiting (but for the drain at teardown).
 */
static pthread_mutex_t streams_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t streams_once = PTHREAD_ONCE_INIT;
static pthread_key_t thread_exit_key;

/* hipStreamPerThread: this thread's default stream on each device. */
static _Thread_local struct ihipStream_t *per_thread[BH_RT_MAX_DEVICES];
static _Thread_local unsigned long per_thread_session[BH_RT_MAX_DEVICES];

static void teardown(struct bh_rt_device *d, bool device_alive);
static void per_thread_exit(void *unused);

static void streams_init(void)
{
	pthread_key_create(&thread_exit_key, per_thread_exit);
}

static void lock_streams(void)
{
	pthread_once(&streams_once, streams_init);
	pthread_mutex_lock(&streams_lock);
}

static void unlock_streams(void)
{
	pthread_mutex_unlock(&streams_lock);
}

unsigned int bh_rt_pool_count(const struct bh_rt_device *d)
{
	return __atomic_load_n(&d->npool, __ATOMIC_ACQUIRE);
}

static void pool_append(struct bh_rt_device *d, struct bh_rt_queue *rq)
{
	d->pool[d->npool] = rq;
	__atomic_store_n(&d->npool, d->npool + 1, __ATOMIC_RELEASE);
}

static struct bh_rt_queue *rq_new(struct bh_rt_device *d, struct bh_queue *q, unsigned int index)
{
	struct bh_rt_queue *rq = calloc(1, sizeof(*rq));

	if (!rq)
		return NULL;
	pthread_mutex_init(&rq->lock, NULL);
	rq->q = q;
	rq->d = d;
	rq->index = index;
	rq->gate_next = 1;
	return rq;
}

void bh_rt_stream_lock(struct ihipStream_t *s)
{
	pthread_mutex_lock(&s->rq->lock);
}

void bh_rt_stream_unlock(struct ihipStream_t *s)
{
	pthread_mutex_unlock(&s->rq->lock);
}

uint64_t bh_rt_stream_last(const struct ihipStream_t *s)
{
	return __atomic_load_n(&s->last, __ATOMIC_RELAXED);
}

hipError_t bh_rt_api_loader_error(const char *api, const struct bh_error *e,
				  hipError_t fallback)
{
	struct bh_error named = { .code = e->code };
	const size_t n = sizeof(named.message);

	/* Too long a message loses its tail (the start names the cause), visibly. */
	if (snprintf(named.message, n, "%s: %s", api, e->message) >= (int)n)
		memcpy(named.message + n - 4, "...", 4);
	return bh_rt_loader_error(&named, fallback);
}

/*
 * Device @d went (hipDeviceReset) without bh_rt_streams_teardown:
 * forget its old streams and events without touching what no longer
 * exists.  Called (after bring-up) before any handle is looked up.
 */
static bool went(const struct bh_rt_device *d)
{
	return bh_rt_pool_count(d) && (!d->queue || bh_queue_serial(d->queue) != d->pool_serial);
}

/* d->queue and pool_serial change only at bring-up and teardown, which
 * no other thread overlaps (hipDeviceReset while another thread uses
 * the device is undefined in HIP): looked at without the lock first. */
void bh_rt_streams_check(struct bh_rt_device *d)
{
	if (!went(d))
		return;
	lock_streams();
	if (went(d))
		teardown(d, false);
	unlock_streams();
}

/* The null stream's queue is the device's (d->queue): pool slot 0.
 * The streams lock held. */
static hipError_t null_queue_locked(struct bh_rt_device *d, struct bh_rt_queue **out)
{
	if (went(d))
		teardown(d, false);
	if (!d->npool) {
		struct bh_rt_queue *rq = rq_new(d, d->queue, 0);

		if (!rq)
			return bh_rt_error(hipErrorOutOfMemory, "out of host memory");
		d->pool_serial = bh_queue_serial(d->queue);
		__atomic_store_n(&d->null_stream.rq, rq, __ATOMIC_RELAXED);
		d->streams_active = true;
		pool_append(d, rq);
	}
	*out = d->pool[0];
	return hipSuccess;
}

static hipError_t null_queue(struct bh_rt_device *d, struct bh_rt_queue **out)
{
	hipError_t e;

	bh_rt_streams_check(d);
	if (bh_rt_pool_count(d)) {	/* the common case: no lock */
		*out = d->pool[0];
		return hipSuccess;
	}
	lock_streams();
	e = null_queue_locked(d, out);
	unlock_streams();
	return e;
}

/*
 * A queue for a new stream: an idle pooled one, a new one, or -- when
 * the board has no more -- the least used one (not the null stream's if
 * another exists: a non-blocking stream should not follow it).
 */
static hipError_t take_queue(struct bh_rt_device *d, const char *api, struct bh_rt_queue **out)
{
	struct bh_rt_queue **pool = d->pool;
	struct bh_error err = { 0 };
	struct bh_rt_queue *rq;
	hipError_t e = null_queue_locked(d, &rq);
	unsigned int npool = d->npool;

	if (e)
		return e;
	for (unsigned int i = 1; i < npool; i++)
		if (!pool[i]->users) {
			*out = pool[i];
			return hipSuccess;
		}
	if (npool < BH_RT_MAX_QUEUES) {
		struct bh_queue *q;

		if (!bh_queue_create(d->dev, &q, &err)) {
			rq = rq_new(d, q, npool);
			if (!rq) {
				bh_queue_destroy(q);
				return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory",
						   api);
			}
			pool_append(d, rq);
			*out = rq;
			return hipSuccess;
		}
		if (err.code == BH_ENOMEM && npool == 1)
			return bh_rt_loader_error(&err, hipErrorOutOfMemory);
	}
	/* Out of queues: share, keeping order (the stream waits for its
	 * queue-mates' earlier work, never the other way round). */
	rq = npool > 1 ? pool[1] : pool[0];
	for (unsigned int i = 2; i < npool; i++)
		if (pool[i]->users < rq->users)
			rq = pool[i];
	*out = rq;
	return hipSuccess;
}

static bool is_live_locked(const struct ihipStream_t *s)
{
	for (const struct ihipStream_t *t = streams; t; t = t->next)
		if (t == s)
			return true;
	return false;
}

static bool is_live(const struct ihipStream_t *s)
{
	bool live;

	lock_streams();
	live = is_live_locked(s);
	unlock_streams();
	return live;
}

static hipError_t create(const char *api, hipStream_t *out, unsigned int flags, int priority)
{
	struct ihipStream_t *s;
	struct bh_rt_device *d;
	hipError_t e;

	if (!out)
		return bh_rt_error(hipErrorInvalidValue, "%s: stream is NULL", api);
	if (flags != hipStreamDefault && flags != hipStreamNonBlocking)
		return bh_rt_error(hipErrorInvalidValue, "%s: flags 0x%x are neither "
				   "hipStreamDefault nor hipStreamNonBlocking", api, flags);
	e = bh_rt_cur(&d);
	if (e)
		return e;
	s = calloc(1, sizeof(*s));
	if (!s)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	s->d = d;
	lock_streams();
	e = take_queue(d, api, &s->rq);
	if (e) {
		unlock_streams();
		free(s);
		return e;
	}
	s->rq->users++;
	s->flags = flags;
	/* Out-of-range priorities are clamped, as HIP does. */
	s->priority = priority < PRIORITY_GREATEST ? PRIORITY_GREATEST :
		      priority > PRIORITY_LEAST ? PRIORITY_LEAST : priority;
	s->next = streams;
	streams = s;
	unlock_streams();
	*out = s;
	return bh_rt_success();
}

hipError_t hipStreamCreate(hipStream_t *stream)
{
	return create("hipStreamCreate", stream, hipStreamDefault, 0);
}

hipError_t hipStreamCreateWithFlags(hipStream_t *stream, unsigned int flags)
{
	return create("hipStreamCreateWithFlags", stream, flags, 0);
}

/* The sim board's queues have no priorities: kept and reported only. */
hipError_t hipStreamCreateWithPriority(hipStream_t *stream, unsigned int flags, int priority)
{
	return create("hipStreamCreateWithPriority", stream, flags, priority);
}

/*
 * A CU mask is recorded (hipExtStreamGetCUMask reads it back) but not
 * applied: the sim board's model, like barehip.ko's queues, runs every
 * queue on all CUs (docs/conformance.md, "CU masks").  As ROCm: bits beyond
 * the device's CUs are dropped, and a mask that leaves no CU is the
 * default (all CUs).
 */
hipError_t hipExtStreamCreateWithCUMask(hipStream_t *stream, uint32_t cuMaskSize,
					const uint32_t *cuMask)
{
	static const char api[] = "hipExtStreamCreateWithCUMask";
	struct bh_rt_device *d;
	unsigned int cus, words;
	uint32_t any = 0;
	hipError_t e;

	if (!stream || !cuMask || !cuMaskSize)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s", api, !stream ? "stream is NULL" :
				   !cuMask ? "cuMask is NULL" : "cuMaskSize is 0");
	e = bh_rt_cur(&d);
	if (e)
		return e;
	cus = bh_device_get_info(d->dev)->num_cus;
	words = (cus + 31) / 32;
	if (words > BH_RT_CU_MASK_WORDS)
		words = BH_RT_CU_MASK_WORDS;
	e = create(api, stream, hipStreamDefault, 0);
	if (e)
		return e;
	for (unsigned int i = 0; i < words; i++) {
		uint32_t have = i < cuMaskSize ? cuMask[i] : 0;

		if (cus < 32 * (i + 1))
			have &= (1u << (cus - 32 * i)) - 1;
		(*stream)->cu_mask[i] = have;
		any |= have;
	}
	(*stream)->cu_mask_words = any ? words : 0;
	return bh_rt_success();
}

hipError_t hipExtStreamGetCUMask(hipStream_t stream, uint32_t cuMaskSize, uint32_t *cuMask)
{
	static const char api[] = "hipExtStreamGetCUMask";
	struct ihipStream_t *s;
	unsigned int cus;
	hipError_t e;

	if (!cuMask || !cuMaskSize)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s", api,
				   !cuMask ? "cuMask is NULL" : "cuMaskSize is 0");
	e = bh_rt_stream_get(stream, api, hipErrorContextIsDestroyed, &s);
	if (e)
		return e;
	cus = bh_device_get_info(s->d->dev)->num_cus;
	for (uint32_t i = 0; i < cuMaskSize; i++) {
		uint32_t all = cus >= 32 * (i + 1) ? 0xffffffffu :
			       cus > 32 * i ? (1u << (cus - 32 * i)) - 1 : 0;

		cuMask[i] = !s->cu_mask_words ? all : i < s->cu_mask_words ? s->cu_mask[i] : 0;
	}
	return bh_rt_success();
}

hipError_t hipDeviceGetStreamPriorityRange(int *least, int *greatest)
{
	if (least)
		*least = PRIORITY_LEAST;
	if (greatest)
		*greatest = PRIORITY_GREATEST;
	return bh_rt_init();
}

/* This thread's default stream on @d, or NULL if it has none (yet, or
 * any more: hipDeviceReset took it away). */
static struct ihipStream_t *per_thread_stream(const struct bh_rt_device *d)
{
	int i = d->ordinal;

	if (per_thread_session[i] != __atomic_load_n(&d->session, __ATOMIC_RELAXED))
		return NULL;
	return per_thread[i];
}

/* The null stream and hipStreamPerThread are the current device's. */
hipError_t bh_rt_stream_get(hipStream_t h, const char *api, hipError_t invalid,
			    struct ihipStream_t **out)
{
	struct bh_rt_device *d;
	hipError_t e = bh_rt_cur(&d);

	if (e)
		return e;
	bh_rt_streams_check(d);
	if (!h || h == hipStreamLegacy) {
		struct bh_rt_queue *rq;

		e = null_queue(d, &rq);
		*out = &d->null_stream;
		return e;
	}
	if (h == hipStreamPerThread) {
		int i = d->ordinal;

		/* Only this thread creates or uses its entry, and only its
		 * exit or the device's teardown (which bumps the session)
		 * frees it: no handle to it is ever given out, so
		 * hipStreamDestroy cannot.  Looked up without a lock: in a
		 * per-thread program every call comes here. */
		if (!per_thread_stream(d)) {
			hipStream_t s;

			e = create(api, &s, hipStreamDefault, 0);
			if (e)
				return e;
			per_thread[i] = s;
			per_thread_session[i] = __atomic_load_n(&d->session, __ATOMIC_RELAXED);
			/* Destroyed when this thread exits (per_thread_exit). */
			pthread_setspecific(thread_exit_key, (void *)1);
		}
		*out = per_thread[i];
		return hipSuccess;
	}
	if (!is_live(h))
		return bh_rt_error(invalid, "%s: stream %p does not exist (destroyed, or "
				   "created before hipDeviceReset)", api, (void *)h);
	/* Work on another device's stream goes to that device. */
	bh_rt_streams_check(h->d);
	bh_rt_focus(h->d);
	*out = h;
	return hipSuccess;
}

hipError_t bh_rt_queue_wait_queue(struct bh_rt_queue *waiter, struct bh_rt_queue *producer,
				  uint64_t seq, const char *api)
{
	struct bh_error err = { 0 };

	/* The waiter's submission lock is held: waited[] is its own. */
	uint64_t *waited = &waiter->waited[producer->d->ordinal][producer->index];

	if (waiter == producer || !seq || *waited >= seq)
		return hipSuccess;
	/* A CP waits only for its own device's queues (the loader's fences
	 * are per device): across devices the host waits, then the work
	 * is submitted. */
	if (waiter->d != producer->d)
		return bh_rt_queue_wait(producer, seq, api);
	if (bh_queue_wait_queue(waiter->q, producer->q, seq, &err))
		return bh_rt_api_loader_error(api, &err, hipErrorLaunchFailure);
	*waited = seq;
	return hipSuccess;
}

/* Written under the queue's submission lock, read by the null stream's
 * operations and waits on other threads. */
static uint64_t blocking_last(const struct bh_rt_queue *rq)
{
	return __atomic_load_n(&rq->blocking_last, __ATOMIC_RELAXED);
}

hipError_t bh_rt_stream_begin(struct ihipStream_t *s, const char *api)
{
	struct bh_rt_device *d = s->d;
	struct bh_rt_queue *nq;
	hipError_t e = hipSuccess;

	/* bh_rt_stream_get made the pool: its null queue, without looking
	 * again whether the device went (a launch's cost). */
	if (bh_rt_pool_count(d))
		nq = d->pool[0];
	else
		e = null_queue(d, &nq);
	if (e)
		return e;
	if (s->null) {
		unsigned int n = bh_rt_pool_count(d);

		for (unsigned int i = 1; i < n && !e; i++)
			e = bh_rt_queue_wait_queue(nq, d->pool[i], blocking_last(d->pool[i]), api);
		return e;
	}
	if (s->flags & hipStreamNonBlocking)
		return hipSuccess;
	/* Anything on the runtime's queue is null-stream work (device
	 * constructors, module launches): wait for all of it. */
	return bh_rt_queue_wait_queue(s->rq, nq, bh_queue_last_seq(nq->q), api);
}

void bh_rt_stream_end(struct ihipStream_t *s, uint64_t seq)
{
	__atomic_store_n(&s->last, seq, __ATOMIC_RELAXED);
	if (!s->null && !(s->flags & hipStreamNonBlocking))
		__atomic_store_n(&s->rq->blocking_last, seq, __ATOMIC_RELAXED);
}

hipError_t bh_rt_queue_query(struct bh_rt_queue *rq, uint64_t seq, const char *api)
{
	struct bh_error err = { 0 };
	int ret;

	if (!seq)
		return hipSuccess;
	bh_rt_hostop_pump();
	ret = bh_queue_test(rq->q, seq, &err);
	if (ret == BH_EBUSY)
		return hipErrorNotReady;
	if (ret) {
		hipError_t e = bh_rt_api_loader_error(api, &err, hipErrorLaunchFailure);

		bh_rt_hostop_cancel(rq, e);
		return e;
	}
	return hipSuccess;
}

hipError_t bh_rt_queue_wait(struct bh_rt_queue *rq, uint64_t seq, const char *api)
{
	const uint64_t timeout = (uint64_t)bh_fence_timeout_ms() * 1000000u;
	struct bh_error err = { 0 };
	uint64_t stalled = 0, finished = 0, seen;
	bool running;
	int ret;

	if (!seq)
		return hipSuccess;
	bh_rt_hostop_activity(&running, &finished);
	for (;;) {
		ret = bh_queue_wait_for(rq->q, seq, WAIT_SLICE_NS, false, &err);
		if (ret != BH_EBUSY)
			break;
		bh_rt_hostop_activity(&running, &seen);
		if (running || seen != finished) {
			/* A host operation made progress: the queue may wait
			 * for it, and user code may take its time. */
			stalled = 0;
			finished = seen;
			continue;
		}
		stalled += WAIT_SLICE_NS;
		if (stalled >= timeout) {
			ret = bh_queue_wait_for(rq->q, seq, 0, true, &err);
			break;
		}
	}
	if (!ret)
		return hipSuccess;
	/* The queue faulted or was reset: what it held is gone (its stream
	 * callbacks are called with the error). */
	hipError_t e = bh_rt_api_loader_error(api, &err, hipErrorLaunchFailure);

	bh_rt_hostop_cancel(rq, e);
	return e;
}

/* Wait for @d's null stream and what its blocking streams submitted. */
hipError_t bh_rt_legacy_synchronize(struct bh_rt_device *d, const char *api)
{
	struct bh_rt_queue *nq;
	hipError_t e = bh_rt_device_init(d);

	if (!e)
		e = null_queue(d, &nq);
	if (e)
		return e;
	unsigned int n = bh_rt_pool_count(d);

	e = bh_rt_queue_wait(nq, bh_queue_last_seq(nq->q), api);
	for (unsigned int i = 1; i < n && !e; i++)
		e = bh_rt_queue_wait(d->pool[i], blocking_last(d->pool[i]), api);
	return e;
}

hipError_t bh_rt_per_thread_synchronize(struct bh_rt_device *d, const char *api)
{
	struct ihipStream_t *s;
	struct bh_rt_queue *nq;
	hipError_t e = bh_rt_device_init(d);

	if (!e)
		e = null_queue(d, &nq);
	if (e)
		return e;
	e = bh_rt_queue_wait(nq, bh_queue_last_seq(nq->q), api);
	s = per_thread_stream(d);
	if (!e && s)
		e = bh_rt_queue_wait(s->rq, bh_rt_stream_last(s), api);
	return e;
}

hipError_t bh_rt_stream_synchronize(struct ihipStream_t *s, const char *api)
{
	if (s->null)
		return bh_rt_legacy_synchronize(s->d, api);
	return bh_rt_queue_wait(s->rq, bh_rt_stream_last(s), api);
}

/* Everything every queue of @d has been given (hipDeviceSynchronize, hipFree). */
hipError_t bh_rt_streams_synchronize(struct bh_rt_device *d, const char *api)
{
	struct bh_rt_queue *nq;
	hipError_t e = bh_rt_device_init(d), first = hipSuccess;

	if (!e)
		e = null_queue(d, &nq);
	if (e)
		return e;
	unsigned int n = bh_rt_pool_count(d);

	for (unsigned int i = 0; i < n; i++) {
		e = bh_rt_queue_wait(d->pool[i], bh_queue_last_seq(d->pool[i]->q), api);
		if (e && !first)
			first = e;
	}
	return first;
}

void bh_rt_streams_capture_leave(const void *c)
{
	lock_streams();
	for (struct ihipStream_t *s = streams; s; s = s->next)
		bh_rt_capture_leave_if(s, c);
	unlock_streams();
}

/* Unlink and free live stream @s; false if it was not live (any more). */
static bool stream_remove(struct ihipStream_t *s)
{
	bool found = false;

	lock_streams();
	for (struct ihipStream_t **p = &streams; *p; p = &(*p)->next)
		if (*p == s) {
			*p = s->next;
			found = true;
			break;
		}
	/* A destroyed blocking stream's work still orders the null stream:
	 * rq->blocking_last keeps it. */
	if (found)
		s->rq->users--;
	unlock_streams();
	if (found)
		free(s);
	return found;
}

/*
 * A thread that used hipStreamPerThread exits: its streams go, as in
 * HIP (their work still finishes on the pooled queue).  One whose device
 * was reset meanwhile is gone already (not live).
 */
static void per_thread_exit(void *unused)
{
	(void)unused;
	for (unsigned int i = 0; i < BH_RT_MAX_DEVICES; i++) {
		struct ihipStream_t *s = per_thread[i];

		per_thread[i] = NULL;
		/* Not one that took a freed stream's address after a reset. */
		if (s && per_thread_session[i] ==
		    __atomic_load_n(&bh_rt.devs[i].session, __ATOMIC_RELAXED))
			stream_remove(s);
	}
}

/*
 * HIP may destroy a stream whose work is still running: the work
 * finishes on the pooled queue, which the next new stream may reuse
 * (behind that work).
 */
hipError_t hipStreamDestroy(hipStream_t stream)
{
	struct ihipStream_t *s;
	hipError_t e;

	if (!stream)
		return bh_rt_error(hipErrorInvalidHandle, "hipStreamDestroy: the null stream "
				   "cannot be destroyed");
	if (stream == hipStreamLegacy || stream == hipStreamPerThread)
		return bh_rt_error(hipErrorInvalidResourceHandle, "hipStreamDestroy: %s cannot "
				   "be destroyed", stream == hipStreamLegacy ? "hipStreamLegacy"
				   : "hipStreamPerThread");
	e = bh_rt_stream_get(stream, "hipStreamDestroy", hipErrorContextIsDestroyed, &s);
	if (e)
		return e;
	if (!stream_remove(s))
		return bh_rt_error(hipErrorContextIsDestroyed, "hipStreamDestroy: stream %p was "
				   "destroyed by another thread meanwhile", (void *)stream);
	return bh_rt_success();
}

hipError_t hipStreamQuery(hipStream_t stream)
{
	struct ihipStream_t *s;
	hipError_t e = bh_rt_stream_get(stream, "hipStreamQuery", hipErrorContextIsDestroyed, &s);

	if (e)
		return e;
	if (bh_rt_capturing(s))
		return bh_rt_capture_forbid("hipStreamQuery", s);
	if (!s->null)
		return bh_rt_queue_query(s->rq, bh_rt_stream_last(s), "hipStreamQuery");
	/* The null stream, with the blocking streams it would wait for. */
	unsigned int n = bh_rt_pool_count(s->d);

	e = bh_rt_queue_query(s->rq, bh_queue_last_seq(s->rq->q), "hipStreamQuery");
	for (unsigned int i = 1; i < n && !e; i++)
		e = bh_rt_queue_query(s->d->pool[i], blocking_last(s->d->pool[i]),
				      "hipStreamQuery");
	return e;
}

hipError_t hipStreamSynchronize(hipStream_t stream)
{
	struct ihipStream_t *s;
	hipError_t e = bh_rt_stream_get(stream, "hipStreamSynchronize",
					hipErrorContextIsDestroyed, &s);

	if (e)
		return e;
	if (bh_rt_capturing(s))
		return bh_rt_capture_forbid("hipStreamSynchronize", s);
	e = bh_rt_stream_synchronize(s, "hipStreamSynchronize");
	if (e)
		return e;
	bh_rt_mempool_sync(s->d);	/* a synchronisation point for the pools */
	return bh_rt_success();
}

/* As HIP: a NULL stream is hipErrorInvalidValue here. */
hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int *flags)
{
	struct ihipStream_t *s;
	hipError_t e;

	if (!flags || !stream)
		return bh_rt_error(hipErrorInvalidValue, "hipStreamGetFlags: %s is NULL",
				   flags ? "stream" : "flags");
	e = bh_rt_stream_get(stream, "hipStreamGetFlags", hipErrorContextIsDestroyed, &s);
	if (e)
		return e;
	*flags = s->flags;
	return bh_rt_success();
}

hipError_t hipStreamGetPriority(hipStream_t stream, int *priority)
{
	struct ihipStream_t *s;
	hipError_t e;

	if (!priority)
		return bh_rt_error(hipErrorInvalidValue, "hipStreamGetPriority: priority is NULL");
	e = bh_rt_stream_get(stream, "hipStreamGetPriority", hipErrorContextIsDestroyed, &s);
	if (e)
		return e;
	*priority = s->priority;
	return bh_rt_success();
}

hipError_t hipStreamGetDevice(hipStream_t stream, hipDevice_t *device)
{
	struct ihipStream_t *s;
	hipError_t e;

	if (!device)
		return bh_rt_error(hipErrorInvalidValue, "hipStreamGetDevice: device is NULL");
	e = bh_rt_stream_get(stream, "hipStreamGetDevice", hipErrorContextIsDestroyed, &s);
	if (e)
		return e;
	*device = s->d->ordinal;
	return bh_rt_success();
}

static void run_host_fn(struct bh_hostop *op)
{
	op->u.call.fn(op->u.call.data);
}

static void run_callback(struct bh_hostop *op)
{
	op->u.callback.fn(op->u.callback.stream, op->status, op->u.callback.data);
}

hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void *data)
{
	struct ihipStream_t *s;
	struct bh_hostop *op;
	hipError_t e;

	if (!fn)
		return bh_rt_error(hipErrorInvalidValue, "hipLaunchHostFunc: fn is NULL");
	e = bh_rt_stream_get(stream, "hipLaunchHostFunc", hipErrorContextIsDestroyed, &s);
	if (e)
		return e;
	if (bh_rt_capturing(s))
		return bh_rt_capture_host("hipLaunchHostFunc", s, fn, data);
	op = calloc(1, sizeof(*op));
	if (!op)
		return bh_rt_error(hipErrorOutOfMemory, "hipLaunchHostFunc: out of host memory");
	op->run = run_host_fn;
	op->u.call.fn = fn;
	op->u.call.data = data;
	return bh_rt_hostop_submit(s, op, "hipLaunchHostFunc");
}

/* The callback is told @stream, the handle the program passed. */
static hipError_t add_callback(hipStream_t on, hipStream_t stream, hipStreamCallback_t callback,
			       void *data, unsigned int flags)
{
	struct ihipStream_t *s;
	struct bh_hostop *op;
	hipError_t e;

	if (!callback || flags)
		return bh_rt_error(hipErrorInvalidValue, "hipStreamAddCallback: %s",
				   callback ? "flags must be 0" : "callback is NULL");
	e = bh_rt_stream_get(on, "hipStreamAddCallback", hipErrorContextIsDestroyed, &s);
	if (e)
		return e;
	if (bh_rt_capturing(s))		/* hipLaunchHostFunc is the capturable form */
		return bh_rt_capture_forbid("hipStreamAddCallback", s);
	op = calloc(1, sizeof(*op));
	if (!op)
		return bh_rt_error(hipErrorOutOfMemory, "hipStreamAddCallback: out of host memory");
	op->run = run_callback;
	op->run_on_error = true;
	op->status = hipSuccess;
	op->u.callback.fn = callback;
	op->u.callback.stream = stream;
	op->u.callback.data = data;
	return bh_rt_hostop_submit(s, op, "hipStreamAddCallback");
}

hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback, void *data,
				unsigned int flags)
{
	return add_callback(stream, stream, callback, data, flags);
}

/* The per-thread default stream's forms (bh_rt_spt); errors name the
 * call as the program wrote it. */
hipError_t hipStreamAddCallback_spt(hipStream_t stream, hipStreamCallback_t callback, void *data,
				    unsigned int flags)
{
	return add_callback(bh_rt_spt(stream), stream, callback, data, flags);
}

hipError_t hipLaunchHostFunc_spt(hipStream_t stream, hipHostFn_t fn, void *data)
{
	return hipLaunchHostFunc(bh_rt_spt(stream), fn, data);
}

hipError_t hipStreamQuery_spt(hipStream_t stream)
{
	return hipStreamQuery(bh_rt_spt(stream));
}

hipError_t hipStreamSynchronize_spt(hipStream_t stream)
{
	return hipStreamSynchronize(bh_rt_spt(stream));
}

hipError_t hipStreamGetFlags_spt(hipStream_t stream, unsigned int *flags)
{
	return hipStreamGetFlags(bh_rt_spt(stream), flags);
}

hipError_t hipStreamGetPriority_spt(hipStream_t stream, int *priority)
{
	return hipStreamGetPriority(bh_rt_spt(stream), priority);
}

/*
 * @device_alive: the queues and memory still exist (the normal case);
 * otherwise device @d went first and only host-side state is dropped.
 */
static void teardown(struct bh_rt_device *d, bool device_alive)
{
	if (!d->streams_active)
		return;
	/* Let queued work finish; errors went to whoever waited for it.
	 * Work still held after a while (behind a host function that
	 * waits for something the program will no longer do) is dropped. */
	for (unsigned int i = 0; i < d->npool && device_alive; i++) {
		struct bh_error err = { 0 };
		struct bh_queue *q = d->pool[i]->q;

		if (bh_queue_faulted(q))
			continue;
		int ret = bh_queue_wait_for(q, bh_queue_last_seq(q), TEARDOWN_WAIT_NS, true, &err);

		if (ret == BH_ETIMEDOUT)
			bh_rt_error(hipErrorLaunchTimeOut, "device %d teardown: %s", d->ordinal,
				    err.message);
		/* A kernel's abort nobody waited for still ends the program,
		 * as ROCr's queue-error handler would have. */
		if (ret == BH_EABORT)
			bh_rt_device_abort(err.message);
	}
	bh_rt_hostop_shutdown(d, device_alive);
	bh_rt_events_teardown(d, device_alive);
	BH_RT_FREE_DEVICE_NODES(&streams, d);
	/* Slot 0 wraps the device's own queue, which device.c destroys. */
	for (unsigned int i = 1; i < d->npool && device_alive; i++)
		bh_queue_destroy(d->pool[i]->q);
	/* Other devices' queues stop waiting for this one's fences. */
	for (unsigned int n = 0; n < BH_RT_MAX_DEVICES; n++)
		for (unsigned int i = 0; i < bh_rt.devs[n].npool; i++)
			memset(bh_rt.devs[n].pool[i]->waited[d->ordinal], 0,
			       sizeof(bh_rt.devs[n].pool[i]->waited[0]));
	for (unsigned int i = 0; i < d->npool; i++) {
		pthread_mutex_destroy(&d->pool[i]->lock);
		free(d->pool[i]);
	}
	__atomic_store_n(&d->npool, 0, __ATOMIC_RELEASE);
	__atomic_store_n(&d->null_stream.rq, NULL, __ATOMIC_RELAXED);
	__atomic_store_n(&d->null_stream.last, 0, __ATOMIC_RELAXED);
	__atomic_add_fetch(&d->session, 1, __ATOMIC_RELAXED);
	d->streams_active = false;
}

/* hipDeviceReset or exit: other threads no longer use the device (as in
 * HIP, resetting a device other threads work on is undefined). */
void bh_rt_streams_teardown(struct bh_rt_device *d)
{
	lock_streams();
	teardown(d, d->npool && d->queue && bh_queue_serial(d->queue) == d->pool_serial);
	unlock_streams();
}
