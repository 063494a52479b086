// SPDX-License-Identifier: MIT
/*
 * Host operations in stream order: hipLaunchHostFunc and
 * hipStreamAddCallback, and the copies and fills the host CPU does
 * through its view of device memory (memory.c).
 *
 * One operation on a stream's queue is three things:
 *
 *   marker A      the operation may start once A signals (everything
 *                 before it on the queue, and what that waited for, is
 *                 done)
 *   WAIT gate     later work starts once the queue's gate word holds the
 *                 operation's gate value (WAIT_REG_MEM, the CP polls)
 *   marker B      the stream's completion point after the operation
 *
 * A host thread takes the operations whose marker A has signalled, in
 * queue order, runs them and writes their gate values.  The submitting
 * thread never blocks, so a stream can hold work behind a host function
 * that the program releases later, as with HIP.  Gate values count up
 * per queue and are compared for equality: operations of one queue
 * complete in order, so the gate holds the previous value or this one
 * when the CP looks.
 *
 * The host thread touches only memory (fences, gates, the copies' bytes),
 * user callbacks and bh_device_flush_writes, never the rest of the
 * loader (so it never waits for a lock a submitter holds): hardware
 * and the asynchronous sim board notice a written gate by polling; the
 * synchronous one (BAREHIP_SIM_SYNC) at the next doorbell or wait
 * (bh_queue_wait_for rings it again).
 * Callbacks must not call HIP, as in HIP.
 *
 * Without host threads (CONFIG_HOST_THREADS off: a bare-metal board),
 * there is no host thread: the thread in the runtime runs the operations
 * that are ready -- at submit, and whenever it looks at a queue
 * (bh_rt_hostop_activity, which every wait of stream.c calls between
 * slices of its fence wait, and bh_rt_hostop_pump from the queries) --
 * in the same order and with the same gates, inline.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "generated/autoconf.h"
#include "runtime.h"

#define IDLE_POLL_NS 200000	/* an operation waits for its marker: look again */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;
static pthread_t worker;
static bool started, stopping;
/* Which host thread is the current one: one left in a host function at
 * teardown finishes it and goes, without touching anything else. */
static unsigned long generation;
/* Pending operations in submission order (each queue's in its order). */
static struct bh_hostop *pending, **pending_tail = &pending;
static bool running;
static const struct bh_rt_device *running_on;	/* the running operation's device */
static const struct bh_rt_queue *running_rq;	/* ... and queue */
static pthread_cond_t idle = PTHREAD_COND_INITIALIZER;	/* an operation finished */
static uint64_t finished;

/* One gate word per pooled queue (struct bh_rt_queue.index) of its device. */
static uint32_t *gate_word(const struct bh_rt_queue *rq)
{
	return (uint32_t *)rq->d->gates.cpu + rq->index;
}

/*
 * The link to the first operation that may run now (its marker has
 * signalled and it is first of its queue), or NULL.  Cancelled
 * operations count as ready: they are dropped, not run.
 */
static struct bh_hostop **find_ready(void)
{
	for (struct bh_hostop **p = &pending; *p; p = &(*p)->next) {
		struct bh_hostop *op = *p;
		bool first_of_queue = true;

		for (struct bh_hostop *e = pending; e != op; e = e->next)
			if (e->rq == op->rq)
				first_of_queue = false;
		if (first_of_queue &&
		    (op->cancelled || bh_queue_completed(op->rq->q) >= op->after))
			return p;
	}
	return NULL;
}

static struct bh_hostop *take_ready(void)
{
	struct bh_hostop **p = find_ready(), *op;

	if (!p)
		return NULL;
	op = *p;
	*p = op->next;
	if (!*p)
		pending_tail = p;
	return op;
}

#ifdef CONFIG_HOST_THREADS
static void *host_thread(void *arg)
{
	unsigned long me = (unsigned long)(uintptr_t)arg;

	pthread_mutex_lock(&lock);
	for (;;) {
		struct bh_hostop *op = take_ready();

		if (!op) {
			if (stopping && !pending)
				break;
			if (!pending) {
				pthread_cond_wait(&wake, &lock);
			} else {
				struct timespec t;

				clock_gettime(CLOCK_REALTIME, &t);
				t.tv_nsec += IDLE_POLL_NS;
				if (t.tv_nsec >= 1000000000) {
					t.tv_sec++;
					t.tv_nsec -= 1000000000;
				}
				pthread_cond_timedwait(&wake, &lock, &t);
			}
			continue;
		}
		bool cancelled = op->cancelled, run = !cancelled || op->run_on_error;

		running = run;
		running_on = op->rq->d;
		running_rq = op->rq;
		pthread_mutex_unlock(&lock);
		if (run)
			op->run(op);
		pthread_mutex_lock(&lock);
		if (generation != me) {
			/* Abandoned at teardown while in a host function that
			 * took too long: the device and the gates are gone. */
			pthread_mutex_unlock(&lock);
			if (op->done)
				op->done(op);
			free(op);
			return NULL;
		}
		/* Release: the operation's writes before the gate (through
		 * the BAR: flushed first, as the CP reads on without a
		 * doorbell). */
		if (!cancelled) {
			bh_device_flush_writes(op->rq->d->dev);
			__atomic_store_n(gate_word(op->rq), op->gate_value, __ATOMIC_RELEASE);
		}
		running = false;
		running_rq = NULL;
		finished++;
		pthread_cond_broadcast(&idle);
		pthread_mutex_unlock(&lock);
		if (op->done)
			op->done(op);
		free(op);
		pthread_mutex_lock(&lock);
	}
	pthread_mutex_unlock(&lock);
	return NULL;
}
#endif

#ifndef CONFIG_HOST_THREADS
/* The gate after @op (not cancelled): its writes first, through the BAR. */
static void open_gate(struct bh_hostop *op)
{
	bh_device_flush_writes(op->rq->d->dev);
	__atomic_store_n(gate_word(op->rq), op->gate_value, __ATOMIC_RELEASE);
}

void bh_rt_hostop_pump(void)
{
	static bool pumping;	/* a callback that calls HIP, against the rules */
	struct bh_hostop *op;

	if (pumping)
		return;
	pumping = true;
	while ((op = take_ready())) {
		bool cancelled = op->cancelled;

		running = true;
		running_on = op->rq->d;
		running_rq = op->rq;
		if (!cancelled || op->run_on_error)
			op->run(op);
		if (!cancelled)
			open_gate(op);
		running = false;
		running_rq = NULL;
		finished++;
		if (op->done)
			op->done(op);
		free(op);
	}
	pumping = false;
}
#else
/* The host thread runs them. */
void bh_rt_hostop_pump(void)
{
}
#endif

/* The gates and the thread, once, whichever thread submits first. */
static hipError_t start(struct bh_rt_device *d, const char *api)
{
	struct bh_error err = { 0 };
	hipError_t e = hipSuccess;

	pthread_mutex_lock(&lock);
#ifndef CONFIG_HOST_THREADS
	bh_set_wait_hook(bh_rt_hostop_pump);	/* every fence wait runs them */
#endif
	if (!d->gates.size) {
		struct bh_mem gates;

		if (bh_mem_alloc(d->dev, BH_RT_MAX_QUEUES * sizeof(uint32_t), BH_MEM_HOST,
				 &gates, &err)) {
			pthread_mutex_unlock(&lock);
			return bh_rt_api_loader_error(api, &err, hipErrorOutOfMemory);
		}
		memset(gates.cpu, 0, BH_RT_MAX_QUEUES * sizeof(uint32_t));
		d->gates = gates;
	}
#ifdef CONFIG_HOST_THREADS
	if (!started) {
		stopping = false;
		if (pthread_create(&worker, NULL, host_thread, (void *)(uintptr_t)generation))
			e = hipErrorOutOfMemory;
		else
			started = true;
	}
#endif
	pthread_mutex_unlock(&lock);
	if (e)
		return bh_rt_error(e, "%s: cannot start the host operation thread", api);
	return hipSuccess;
}

hipError_t bh_rt_hostop_submit(struct ihipStream_t *s, struct bh_hostop *op, const char *api)
{
	struct bh_rt_queue *rq = s->rq;
	struct bh_error err = { 0 };
	uint64_t after, end;
	hipError_t e = start(rq->d, api);

	if (e)
		goto fail;
	bh_rt_stream_lock(s);
	e = bh_rt_stream_begin(s, api);
	if (e) {
		bh_rt_stream_unlock(s);
		goto fail;
	}
	if (bh_queue_marker(rq->q, 0, &after, &err) ||
	    bh_queue_wait_mem(rq->q, rq->d->gates.gpu_va + rq->index * sizeof(uint32_t),
			      rq->gate_next, 0xffffffffu, BH_WAIT_EQ, &err)) {
		bh_rt_stream_unlock(s);
		e = bh_rt_api_loader_error(api, &err, hipErrorLaunchFailure);
		goto fail;
	}
	op->rq = rq;
	op->after = after;
	op->gate_value = rq->gate_next++;
	op->next = NULL;
	pthread_mutex_lock(&lock);
	*pending_tail = op;
	pending_tail = &op->next;
	pthread_cond_signal(&wake);
	pthread_mutex_unlock(&lock);
	/* From here the operation runs whatever happens below. */
	if (bh_queue_marker(rq->q, 0, &end, &err)) {
		bh_rt_stream_unlock(s);
		return bh_rt_api_loader_error(api, &err, hipErrorLaunchFailure);
	}
	bh_rt_stream_end(s, end);
	bh_rt_stream_unlock(s);
	bh_rt_hostop_pump();	/* no threads: it may be ready now */
	return bh_rt_success();
fail:
	if (op->done)
		op->done(op);
	free(op);
	return e;
}

void bh_rt_hostop_activity(bool *is_running, uint64_t *count)
{
	bh_rt_hostop_pump();
	pthread_mutex_lock(&lock);
	*is_running = running || find_ready();
	*count = finished;
	pthread_mutex_unlock(&lock);
}

/*
 * What a stopped queue held is gone.  Host functions and copies are
 * dropped: CUDA's documentation of cudaLaunchHostFunc says such a
 * function is not called after an error, and ROCm's HIP (clr) has no
 * error path for them at all -- by default ROCr ends the process at a
 * GPU memory fault, and clr always passes hipSuccess to callbacks.  A
 * stream callback, whose type carries a status for exactly this, is
 * called with the error, as CUDA documents for cudaStreamAddCallback.
 */
void bh_rt_hostop_cancel(struct bh_rt_queue *rq, hipError_t status)
{
	const uint64_t timeout = (uint64_t)bh_fence_timeout_ms() * 1000000u;
	struct timespec until;
	bool left = false;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += (time_t)(timeout / 1000000000u);
	until.tv_nsec += (long)(timeout % 1000000000u);
	if (until.tv_nsec >= 1000000000) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000;
	}
	pthread_mutex_lock(&lock);
	for (struct bh_hostop *op = pending; op; op = op->next)
		if (op->rq == rq && !op->cancelled) {
			op->cancelled = true;
			op->status = status;
			left |= op->run_on_error;
		}
	pthread_cond_signal(&wake);
#ifndef CONFIG_HOST_THREADS
	pthread_mutex_unlock(&lock);
	bh_rt_hostop_pump();	/* the callbacks, with the error, here */
	(void)left;
	(void)until;
	return;
#endif
	/* Until the callbacks have been called (a callback that waits for
	 * the program is given the fence timeout, then left running). */
	while (left && started) {
		left = running_rq == rq;
		for (struct bh_hostop *op = pending; op && !left; op = op->next)
			left = op->rq == rq;
		if (left && pthread_cond_timedwait(&idle, &lock, &until))
			break;
	}
	pthread_mutex_unlock(&lock);
}

/*
 * Device @d goes.  Normally nothing of it is left to run (teardown
 * waited for its queues).  A host function of it that is still running
 * -- one that waits for something the program will never do -- is
 * abandoned: its thread finishes it and exits on its own, and a new
 * thread serves the other devices.  With nothing left to do the thread
 * stops (the next operation starts it again).
 */
void bh_rt_hostop_shutdown(struct bh_rt_device *d, bool device_alive)
{
	struct bh_hostop *drop = NULL;
	bool join = false, restart = false;

	/* What has not started never will. */
	pthread_mutex_lock(&lock);
	for (struct bh_hostop **p = &pending; *p;) {
		struct bh_hostop *op = *p;

		if (op->rq->d == d) {
			*p = op->next;
			op->next = drop;
			drop = op;
		} else {
			p = &op->next;
		}
	}
	pending_tail = &pending;
	while (*pending_tail)
		pending_tail = &(*pending_tail)->next;
	if (started) {
		if (running && running_on == d) {
			generation++;
			running = false;
			stopping = true;
			pthread_detach(worker);
			started = false;
			restart = pending != NULL;
		} else if (!pending && !running) {
			stopping = true;
			join = true;
		}
		pthread_cond_signal(&wake);
	}
	pthread_mutex_unlock(&lock);
	if (join) {
		pthread_join(worker, NULL);
		pthread_mutex_lock(&lock);
		started = false;
		pthread_mutex_unlock(&lock);
	}
#ifdef CONFIG_HOST_THREADS
	if (restart) {
		pthread_mutex_lock(&lock);
		stopping = false;
		if (!pthread_create(&worker, NULL, host_thread, (void *)(uintptr_t)generation))
			started = true;
		pthread_mutex_unlock(&lock);
	}
#else
	(void)restart;	/* no thread to start again */
#endif
	while (drop) {
		struct bh_hostop *op = drop;

		drop = op->next;
		if (op->done)
			op->done(op);
		free(op);
	}
	if (device_alive && d->gates.size)
		bh_mem_free(d->dev, &d->gates);
	memset(&d->gates, 0, sizeof(d->gates));
}
