// SPDX-License-Identifier: MIT
/*
 * Events: a point in a stream.  Recording one submits a marker to the
 * stream's queue: a RELEASE_MEM that writes the GPU clock into the
 * event's timestamp slot once everything before it has completed
 * (unless the event was created with hipEventDisableTiming), then the
 * fence value that marks the point.  Query and synchronize look at that
 * fence; hipStreamWaitEvent makes another queue's CP wait for it
 * (WAIT_REG_MEM on the fence, stream.c); hipEventElapsedTime subtracts
 * two timestamps, in ticks of the board's timestamp clock.
 *
 * Timestamp slots are 8-byte words in pages of host memory the GPU
 * maps.  A slot whose event is destroyed while its record is pending
 * is reused only after the record has signalled, so a late GPU write
 * never lands in another event.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime.h"

#define SLOT_PAGE_BYTES 4096u
#define SLOTS_PER_PAGE (SLOT_PAGE_BYTES / 8)

struct bh_rt_slot_page {
	struct bh_mem mem;
	uint64_t used[SLOTS_PER_PAGE / 64];
	struct bh_rt_slot_page *next;
};

struct slot {
	struct bh_rt_slot_page *page;
	unsigned int index;
};

/* An event belongs to the device current at its creation; it is
 * recorded on that device's streams only (as in HIP). */
struct ihipEvent_t {
	struct bh_rt_device *d;
	unsigned int flags;
	struct slot ts;			/* page NULL: hipEventDisableTiming */
	struct bh_rt_queue *rq;		/* of the last record; NULL: never recorded */
	uint64_t seq;			/* its fence value */
	struct ihipEvent_t *next;	/* the live events */
};

/* A slot that still has a record in flight: free once @seq of @rq signals. */
struct bh_rt_zombie {
	struct slot ts;
	struct bh_rt_queue *rq;
	uint64_t seq;
	struct bh_rt_zombie *next;
};

static struct ihipEvent_t *events;	/* every device's */
/* The event lock: the list, each event's last record (rq, seq), the slot
 * pages and zombies.  Taken after a queue's submission lock (a record
 * notes its fence under both), never while waiting. */
static pthread_mutex_t ev_lock = PTHREAD_MUTEX_INITIALIZER;

/* @e's last record as one pair: (NULL, 0) if never recorded. */
static void last_record(const struct ihipEvent_t *e, struct bh_rt_queue **rq, uint64_t *seq)
{
	pthread_mutex_lock(&ev_lock);
	*rq = e->rq;
	*seq = e->seq;
	pthread_mutex_unlock(&ev_lock);
}

static volatile uint64_t *slot_cpu(struct slot s)
{
	return (volatile uint64_t *)s.page->mem.cpu + s.index;
}

static uint64_t slot_va(struct slot s)
{
	return s.page->mem.gpu_va + 8ull * s.index;
}

static void slot_free(struct slot s)
{
	s.page->used[s.index / 64] &= ~(1ull << (s.index % 64));
}

/* Zombie slots of @d whose records have signalled are free again. */
static void reap(struct bh_rt_device *d)
{
	for (struct bh_rt_zombie **z = &d->zombies; *z;) {
		struct bh_rt_zombie *y = *z;

		if (bh_queue_completed(y->rq->q) >= y->seq) {
			slot_free(y->ts);
			*z = y->next;
			free(y);
		} else {
			z = &y->next;
		}
	}
}

static hipError_t slot_alloc(struct bh_rt_device *d, const char *api, struct slot *out)
{
	struct bh_error err = { 0 };
	struct bh_rt_slot_page *p;

	reap(d);
	for (p = d->slot_pages; p; p = p->next)
		for (unsigned int w = 0; w < SLOTS_PER_PAGE / 64; w++)
			if (~p->used[w]) {
				unsigned int bit = (unsigned int)__builtin_ctzll(~p->used[w]);

				p->used[w] |= 1ull << bit;
				*out = (struct slot){ p, w * 64 + bit };
				return hipSuccess;
			}
	p = calloc(1, sizeof(*p));
	if (!p)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	if (bh_mem_alloc(d->dev, SLOT_PAGE_BYTES, BH_MEM_HOST, &p->mem, &err)) {
		free(p);
		return bh_rt_api_loader_error(api, &err, hipErrorOutOfMemory);
	}
	memset(p->mem.cpu, 0, SLOT_PAGE_BYTES);
	p->next = d->slot_pages;
	d->slot_pages = p;
	p->used[0] = 1;
	*out = (struct slot){ p, 0 };
	return hipSuccess;
}

static bool is_live(const struct ihipEvent_t *e)
{
	bool live = false;

	pthread_mutex_lock(&ev_lock);
	for (const struct ihipEvent_t *x = events; x && !live; x = x->next)
		live = x == e;
	pthread_mutex_unlock(&ev_lock);
	return live;
}

/* @event as a live event, or @invalid (HIP's code for @api). */
static hipError_t get(hipEvent_t event, const char *api, hipError_t invalid,
		      struct ihipEvent_t **out)
{
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	bh_rt_streams_check(bh_rt_current());
	if (!event)
		return bh_rt_error(hipErrorInvalidHandle, "%s: event is NULL", api);
	if (is_live(event))
		bh_rt_streams_check(event->d);	/* its device may have gone */
	if (!is_live(event))
		return bh_rt_error(invalid, "%s: event %p does not exist (destroyed, or "
				   "created before hipDeviceReset)", api, (void *)event);
	bh_rt_focus(event->d);
	*out = event;
	return hipSuccess;
}

hipError_t hipEventCreateWithFlags(hipEvent_t *event, unsigned flags)
{
	const unsigned int known = hipEventBlockingSync | hipEventDisableTiming |
				   hipEventInterprocess | hipEventDisableSystemFence |
				   hipEventReleaseToDevice | hipEventReleaseToSystem;
	const unsigned int release = hipEventDisableSystemFence | hipEventReleaseToDevice |
				     hipEventReleaseToSystem;
	struct ihipEvent_t *e;
	struct bh_rt_device *d;
	hipError_t err;

	if (!event)
		return bh_rt_error(hipErrorInvalidValue, "hipEventCreateWithFlags: event is NULL");
	if (flags & ~known)
		return bh_rt_error(hipErrorInvalidValue, "hipEventCreateWithFlags: unknown "
				   "flags 0x%x", flags & ~known);
	if (__builtin_popcount(flags & release) > 1)
		return bh_rt_error(hipErrorInvalidValue, "hipEventCreateWithFlags(0x%x): at "
				   "most one of the release-scope flags", flags);
	if ((flags & hipEventInterprocess) && !(flags & hipEventDisableTiming))
		return bh_rt_error(hipErrorInvalidValue, "hipEventCreateWithFlags(0x%x): "
				   "hipEventInterprocess needs hipEventDisableTiming", flags);
	err = bh_rt_cur(&d);
	if (err)
		return err;
	bh_rt_streams_check(d);
	e = calloc(1, sizeof(*e));
	if (!e)
		return bh_rt_error(hipErrorOutOfMemory, "hipEventCreateWithFlags: out of host "
				   "memory");
	e->d = d;
	e->flags = flags;
	pthread_mutex_lock(&ev_lock);
	if (!(flags & hipEventDisableTiming)) {
		err = slot_alloc(d, "hipEventCreateWithFlags", &e->ts);
		if (err) {
			pthread_mutex_unlock(&ev_lock);
			free(e);
			return err;
		}
	}
	e->next = events;
	events = e;
	pthread_mutex_unlock(&ev_lock);
	*event = e;
	return bh_rt_success();
}

hipError_t hipEventCreate(hipEvent_t *event)
{
	if (!event)
		return bh_rt_error(hipErrorInvalidValue, "hipEventCreate: event is NULL");
	return hipEventCreateWithFlags(event, hipEventDefault);
}

hipError_t hipEventDestroy(hipEvent_t event)
{
	struct ihipEvent_t *e;
	hipError_t err = get(event, "hipEventDestroy", hipErrorContextIsDestroyed, &e);

	if (err)
		return err;
	bool found = false;

	pthread_mutex_lock(&ev_lock);
	for (struct ihipEvent_t **p = &events; *p; p = &(*p)->next)
		if (*p == e) {
			*p = e->next;
			found = true;
			break;
		}
	if (!found) {
		pthread_mutex_unlock(&ev_lock);
		return bh_rt_error(hipErrorContextIsDestroyed, "hipEventDestroy: event %p was "
				   "destroyed by another thread meanwhile", (void *)event);
	}
	if (e->ts.page) {
		struct bh_rt_zombie *z = NULL;

		/* HIP returns at once; a record in flight keeps the slot. */
		if (e->rq && bh_queue_completed(e->rq->q) < e->seq)
			z = malloc(sizeof(*z));
		if (z) {
			*z = (struct bh_rt_zombie){ e->ts, e->rq, e->seq, e->d->zombies };
			e->d->zombies = z;
		} else if (!e->rq || bh_queue_completed(e->rq->q) >= e->seq) {
			slot_free(e->ts);
		}	/* else: out of memory, the slot stays used (leaks 8 bytes) */
	}
	pthread_mutex_unlock(&ev_lock);
	free(e);
	return bh_rt_success();
}

hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream)
{
	struct bh_error err = { 0 };
	struct ihipStream_t *s;
	struct ihipEvent_t *e;
	uint64_t seq;
	hipError_t h = get(event, "hipEventRecord", hipErrorInvalidHandle, &e);

	if (!h)
		h = bh_rt_stream_get(stream, "hipEventRecord", hipErrorContextIsDestroyed, &s);
	if (!h && s->d != e->d)
		h = bh_rt_error(hipErrorInvalidHandle, "hipEventRecord: the event is device %d's, "
				"the stream device %d's (record it on its own device's streams)",
				e->d->ordinal, s->d->ordinal);
	if (h)
		return h;
	if (bh_rt_capturing(s))		/* the capture's nodes so far (graph.c) */
		return bh_rt_capture_event_record(s, e);
	bh_rt_stream_lock(s);
	h = bh_rt_stream_begin(s, "hipEventRecord");
	if (!h && bh_queue_marker(s->rq->q, e->ts.page ? slot_va(e->ts) : 0, &seq, &err))
		h = bh_rt_api_loader_error("hipEventRecord", &err, hipErrorLaunchFailure);
	if (!h) {
		pthread_mutex_lock(&ev_lock);
		e->rq = s->rq;
		e->seq = seq;
		pthread_mutex_unlock(&ev_lock);
		bh_rt_stream_end(s, seq);
	}
	bh_rt_stream_unlock(s);
	return h ? h : bh_rt_success();
}

/* Never recorded: HIP says there is nothing to wait for. */
hipError_t hipEventQuery(hipEvent_t event)
{
	struct ihipEvent_t *e;
	struct bh_rt_queue *rq;
	uint64_t seq;
	hipError_t err = get(event, "hipEventQuery", hipErrorInvalidHandle, &e);

	if (err)
		return err;
	last_record(e, &rq, &seq);
	return rq ? bh_rt_queue_query(rq, seq, "hipEventQuery") : hipSuccess;
}

/* hipEventBlockingSync or not, the host sleeps between looks at the
 * fence (the loader waits for the interrupt). */
hipError_t hipEventSynchronize(hipEvent_t event)
{
	struct ihipEvent_t *e;
	struct bh_rt_queue *rq;
	uint64_t seq;
	hipError_t err = get(event, "hipEventSynchronize", hipErrorInvalidHandle, &e);

	if (err)
		return err;
	last_record(e, &rq, &seq);
	if (!rq)
		return hipSuccess;
	err = bh_rt_queue_wait(rq, seq, "hipEventSynchronize");
	if (err)
		return err;
	bh_rt_mempool_sync(rq->d);	/* a synchronisation point for the pools */
	return bh_rt_success();
}

/*
 * HIP's rules: both events recorded (else hipErrorInvalidHandle), both
 * with timing (else hipErrorInvalidHandle), both complete (else
 * hipErrorNotReady).  The time may be negative if @stop's point came
 * first.
 */
hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop)
{
	const char *api = "hipEventElapsedTime";
	struct ihipEvent_t *a, *b;
	hipError_t err;

	if (!ms)
		return bh_rt_error(hipErrorInvalidValue, "%s: ms is NULL", api);
	if (!start || !stop)
		return bh_rt_error(hipErrorInvalidHandle, "%s: %s event is NULL", api,
				   start ? "stop" : "start");
	err = get(start, api, hipErrorInvalidHandle, &a);
	if (!err)
		err = get(stop, api, hipErrorInvalidHandle, &b);
	if (err)
		return err;
	struct bh_rt_queue *arq, *brq;
	uint64_t aseq, bseq;

	if (a->d != b->d)
		return bh_rt_error(hipErrorInvalidHandle, "%s: the events are of devices %d and "
				   "%d (their clocks are not one)", api, a->d->ordinal, b->d->ordinal);
	last_record(a, &arq, &aseq);
	last_record(b, &brq, &bseq);
	if (!arq || !brq)
		return bh_rt_error(hipErrorInvalidHandle, "%s: the %s event was never recorded",
				   api, arq ? "stop" : "start");
	if ((a->flags | b->flags) & hipEventDisableTiming)
		return bh_rt_error(hipErrorInvalidHandle, "%s: the %s event was created with "
				   "hipEventDisableTiming", api,
				   a->flags & hipEventDisableTiming ? "start" : "stop");
	err = bh_rt_queue_query(arq, aseq, api);
	if (!err)
		err = bh_rt_queue_query(brq, bseq, api);
	if (err)
		return err;
	int64_t ticks = (int64_t)(*slot_cpu(b->ts) - *slot_cpu(a->ts));
	uint64_t hz = bh_device_get_info(a->d->dev)->timestamp_hz;

	*ms = (float)((double)ticks * 1000.0 / (double)hz);
	return bh_rt_success();
}

/* @s now waits for @rq up to @seq; stream lock held.  The oldest entry
 * makes room (forgetting a wait only loses a chance to reuse memory). */
static void note_wait(struct ihipStream_t *s, struct bh_rt_queue *rq, uint64_t seq)
{
	unsigned int i;

	for (i = 0; i < s->nwaited && s->waited[i].rq != rq; i++)
		;
	if (i < s->nwaited) {
		if (seq > s->waited[i].seq)
			s->waited[i].seq = seq;
		return;
	}
	if (s->nwaited == BH_RT_WAITED) {
		memmove(&s->waited[0], &s->waited[1], sizeof(s->waited[0]) * (BH_RT_WAITED - 1));
		s->nwaited--;
	}
	s->waited[s->nwaited].rq = rq;
	s->waited[s->nwaited].seq = seq;
	s->nwaited++;
}

unsigned int bh_rt_stream_waits(struct ihipStream_t *s, struct bh_rt_waited *out)
{
	unsigned int n;

	bh_rt_stream_lock(s);
	n = s->nwaited;
	memcpy(out, s->waited, n * sizeof(*out));
	bh_rt_stream_unlock(s);
	return n;
}

hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int flags)
{
	struct ihipStream_t *s;
	struct ihipEvent_t *e;
	struct bh_rt_queue *rq;
	uint64_t seq;
	hipError_t err = get(event, "hipStreamWaitEvent", hipErrorInvalidHandle, &e);

	if (!err)
		err = bh_rt_stream_get(stream, "hipStreamWaitEvent", hipErrorInvalidHandle, &s);
	if (err)
		return err;
	if (flags)
		return bh_rt_error(hipErrorInvalidValue, "hipStreamWaitEvent: flags must be 0");
	/* An event recorded in a capture: @s joins it (graph.c). */
	bool captured;

	err = bh_rt_capture_event_wait(s, e, &captured);
	if (err || captured)
		return err ? err : bh_rt_success();
	last_record(e, &rq, &seq);
	if (!rq)
		return bh_rt_success();	/* nothing recorded: nothing to wait for */
	/* The CP waits; the host does not.  Only this stream: HIP says the
	 * default stream's work is not implied. */
	bh_rt_stream_lock(s);
	err = bh_rt_queue_wait_queue(s->rq, rq, seq, "hipStreamWaitEvent");
	/*
	 * The wait is the stream's work, as in ROCm (a barrier packet): a
	 * marker behind it makes hipStreamSynchronize, hipStreamQuery and the
	 * null stream on this stream wait for the event too.  Not needed when
	 * the event is this queue's own or already done.
	 */
	if (!err && rq != s->rq)
		note_wait(s, rq, seq);
	if (!err && rq != s->rq && bh_queue_completed(rq->q) < seq) {
		struct bh_error lerr = { 0 };
		uint64_t mark;

		if (bh_queue_marker(s->rq->q, 0, &mark, &lerr))
			err = bh_rt_api_loader_error("hipStreamWaitEvent", &lerr,
						     hipErrorLaunchFailure);
		else
			bh_rt_stream_end(s, mark);
	}
	bh_rt_stream_unlock(s);
	return err ? err : bh_rt_success();
}

/* An interprocess event's handle: who made it, and which event. */
struct ipc_event_handle {
	char magic[8];
	uint64_t pid;
	uint64_t event;
};
_Static_assert(sizeof(struct ipc_event_handle) <= HIP_IPC_HANDLE_SIZE, "handle fits");
static const char ipc_magic[8] = "bhipcev";

hipError_t hipIpcGetEventHandle(hipIpcEventHandle_t *handle, hipEvent_t event)
{
	struct ipc_event_handle h = { .pid = (uint64_t)getpid() };
	struct ihipEvent_t *e;
	hipError_t err;

	if (!handle)
		return bh_rt_error(hipErrorInvalidValue, "hipIpcGetEventHandle: handle is NULL");
	err = get(event, "hipIpcGetEventHandle", hipErrorInvalidHandle, &e);
	if (err)
		return err;
	if (!(e->flags & hipEventInterprocess))
		return bh_rt_error(hipErrorInvalidConfiguration, "hipIpcGetEventHandle: the event "
				   "was not made with hipEventInterprocess");
	memcpy(h.magic, ipc_magic, sizeof(h.magic));
	h.event = (uint64_t)(uintptr_t)e;
	memset(handle, 0, sizeof(*handle));
	memcpy(handle->reserved, &h, sizeof(h));
	return bh_rt_success();
}

/* As ROCm: an event's own process opens its handle with
 * hipErrorInvalidContext (use the event itself). */
hipError_t hipIpcOpenEventHandle(hipEvent_t *event, hipIpcEventHandle_t handle)
{
	struct ipc_event_handle h;

	if (!event)
		return bh_rt_error(hipErrorInvalidValue, "hipIpcOpenEventHandle: event is NULL");
	memcpy(&h, handle.reserved, sizeof(h));
	if (memcmp(h.magic, ipc_magic, sizeof(h.magic)))
		return bh_rt_error(hipErrorInvalidValue, "hipIpcOpenEventHandle: not a handle from "
				   "hipIpcGetEventHandle");
	if (h.pid == (uint64_t)getpid())
		return bh_rt_error(hipErrorInvalidContext, "hipIpcOpenEventHandle: the event is "
				   "this process's own (use it directly)");
	return bh_rt_error(hipErrorNotSupported, "hipIpcOpenEventHandle: the event is process "
			   "%llu's; barehip events do not cross processes (their fences live in "
			   "the creating process's queues)", (unsigned long long)h.pid);
}

/* Device @d goes: its events, with their slots. */
void bh_rt_events_teardown(struct bh_rt_device *d, bool device_alive)
{
	pthread_mutex_lock(&ev_lock);
	BH_RT_FREE_DEVICE_NODES(&events, d);
	while (d->zombies) {
		struct bh_rt_zombie *z = d->zombies;

		d->zombies = z->next;
		free(z);
	}
	while (d->slot_pages) {
		struct bh_rt_slot_page *p = d->slot_pages;

		d->slot_pages = p->next;
		if (device_alive)
			bh_mem_free(d->dev, &p->mem);
		free(p);
	}
	pthread_mutex_unlock(&ev_lock);
}

/* The per-thread default stream's forms (bh_rt_spt). */
hipError_t hipEventRecord_spt(hipEvent_t event, hipStream_t stream)
{
	return hipEventRecord(event, bh_rt_spt(stream));
}

hipError_t hipStreamWaitEvent_spt(hipStream_t stream, hipEvent_t event, unsigned int flags)
{
	return hipStreamWaitEvent(bh_rt_spt(stream), event, flags);
}
