// SPDX-License-Identifier: MIT
/*
 * TEMPORARY (issue 18, until the thread-safe asynchronous sim board
 * merges): today's in-process sim board runs a whole dispatch inside the
 * doorbell and its bh_sim_* calls are not safe from several threads.  So
 * that the thread tests exercise the runtime and loader now, every call
 * into the sim backend is serialised here by one mutex.  Nothing but
 * select.c uses this; revert the commit that added it once the board is
 * thread-safe.
 */
#include <pthread.h>
#include <time.h>

#include <bh/backends.h>

static pthread_mutex_t board = PTHREAD_MUTEX_INITIALIZER;
static struct bh_platform orig;	/* the sim backend's own operations (one board) */

#define LOCKED(call) ({ pthread_mutex_lock(&board); __typeof__(call) r_ = (call); \
			pthread_mutex_unlock(&board); r_; })
#define LOCKED_VOID(call) do { pthread_mutex_lock(&board); call; \
			       pthread_mutex_unlock(&board); } while (0)

static int s_mem_alloc(struct bh_platform *p, uint64_t size, uint64_t align, unsigned domain,
		       struct bh_mem *out)
{
	return LOCKED(orig.mem_alloc(p, size, align, domain, out));
}

static void s_mem_free(struct bh_platform *p, struct bh_mem *mem)
{
	LOCKED_VOID(orig.mem_free(p, mem));
}

static int s_mem_register(struct bh_platform *p, void *host, uint64_t size, struct bh_mem *out)
{
	return LOCKED(orig.mem_register(p, host, size, out));
}

static int s_queue_create(struct bh_platform *p, const struct bh_mem *ring, uint64_t rptr_va,
			  struct bh_error *err)
{
	return LOCKED(orig.queue_create(p, ring, rptr_va, err));
}

static void s_queue_destroy(struct bh_platform *p, int qid)
{
	LOCKED_VOID(orig.queue_destroy(p, qid));
}

static int s_queue_alloc_gws(struct bh_platform *p, int qid, struct bh_error *err)
{
	return LOCKED(orig.queue_alloc_gws(p, qid, err));
}

static int s_queue_reset(struct bh_platform *p, int qid)
{
	return LOCKED(orig.queue_reset(p, qid));
}

static void s_doorbell(struct bh_platform *p, int qid, uint64_t wptr)
{
	LOCKED_VOID(orig.doorbell(p, qid, wptr));
}

static int s_take_fault(struct bh_platform *p, int qid, struct bh_gpu_fault *out)
{
	return LOCKED(orig.take_fault(p, qid, out));
}

/* The board's look at its interrupts under the lock, the sleep outside. */
static void s_wait_interrupt(struct bh_platform *p, uint64_t timeout_ns)
{
	struct timespec ts = { 0, 100000 };

	LOCKED_VOID(orig.wait_interrupt(p, 0));
	if (timeout_ns < (uint64_t)ts.tv_nsec)
		ts.tv_nsec = (long)timeout_ns;
	nanosleep(&ts, NULL);
}

void bh_platform_serialise(struct bh_platform *p)
{
	orig = *p;
	p->mem_alloc = s_mem_alloc;
	p->mem_free = s_mem_free;
	if (p->mem_register)
		p->mem_register = s_mem_register;
	p->queue_create = s_queue_create;
	p->queue_destroy = s_queue_destroy;
	if (p->queue_alloc_gws)
		p->queue_alloc_gws = s_queue_alloc_gws;
	if (p->queue_reset)
		p->queue_reset = s_queue_reset;
	p->doorbell = s_doorbell;
	p->take_fault = s_take_fault;
	p->wait_interrupt = s_wait_interrupt;
}
