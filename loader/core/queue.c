// SPDX-License-Identifier: MIT
/*
 * A PM4 compute queue's ring and fence: submissions take increasing
 * fence values, each ending in a RELEASE_MEM of its value; waits retire
 * them, report faults and time out; markers and WAIT_REG_MEMs order
 * work within and between queues.  What a launch puts on the ring is
 * dispatch.c's.
 */
#include "queue.h"

_Static_assert((CONFIG_LOADER_RING_BYTES & (CONFIG_LOADER_RING_BYTES - 1)) == 0,
	       "the ring size must be a power of two");

void bh_queue_get_stats(const struct bh_queue *q, struct bh_queue_stats *out)
{
	bh_lock(q->dev, q->lock);
	*out = q->stats;
	bh_unlock(q->dev, q->lock);
}

static volatile uint64_t *fence_ptr(const struct bh_queue *q)
{
	return (volatile uint64_t *)((uint8_t *)q->ctl.cpu + CTL_FENCE);
}

static uint32_t read_rptr(const struct bh_queue *q)
{
	return __atomic_load_n((uint32_t *)((uint8_t *)q->ctl.cpu + CTL_RPTR),
			       __ATOMIC_ACQUIRE);
}

/* Queues this process has created: each queue's serial number. */
static uint64_t queues_created;

uint64_t bh_queue_serial(const struct bh_queue *q)
{
	return q->serial;
}

int bh_queue_create(struct bh_device *dev, struct bh_queue **out,
		    struct bh_error *err)
{
	struct bh_queue *q;
	int ret;

	*out = NULL;
	q = bh_zalloc(dev, sizeof(*q));
	if (!q)
		return bh_fail(err, BH_ENOMEM, "out of host memory");
	q->dev = dev;
	q->qid = -1;
	ret = bh_mutex_new(dev, &q->lock, err);
	if (ret) {
		bh_free(dev, q);
		return ret;
	}
	q->ring_dwords = CONFIG_LOADER_RING_BYTES / 4;
	q->nslots = BH_MIN(CONFIG_LOADER_KERNARG_POOL_KB * 1024u / SLOT_BYTES,
			   (unsigned)MAX_INFLIGHT);
	ret = bh_mem_alloc(dev, CONFIG_LOADER_RING_BYTES, BH_MEM_HOST, &q->ring, err);
	if (!ret)
		ret = bh_mem_alloc(dev, CTL_BYTES, BH_MEM_HOST, &q->ctl, err);
	if (!ret)
		ret = bh_mem_alloc(dev, (uint64_t)q->nslots * SLOT_BYTES, BH_MEM_HOST,
				   &q->kernargs, err);
	if (!ret) {
		memset(q->ctl.cpu, 0, CTL_BYTES);
		memset(q->ring.cpu, 0, CONFIG_LOADER_RING_BYTES);
		bh_lock(dev, dev->plat_lock);
		ret = dev->plat->queue_create(dev->plat, &q->ring,
					      q->ctl.gpu_va + CTL_RPTR, err);
		if (ret >= 0) {
			q->qid = ret;
			ret = 0;
			q->irq_mailbox = dev->plat->queue_signal &&
				dev->plat->queue_signal(dev->plat, q->qid, &q->mailbox_va,
							&q->mailbox_data) == 1;
		}
		bh_unlock(dev, dev->plat_lock);
	}
	if (ret) {
		bh_queue_destroy(q);
		return ret;
	}
	q->serial = __atomic_add_fetch(&queues_created, 1, __ATOMIC_RELAXED);
	bh_lock(dev, dev->lock);
	q->next_on_dev = dev->queues;
	dev->queues = q;
	bh_unlock(dev, dev->lock);
	*out = q;
	return 0;
}

void bh_queue_destroy(struct bh_queue *q)
{
	if (!q)
		return;
	struct bh_device *dev = q->dev;

	if (q->qid >= 0) {
		if (!bh_queue_faulted(q))
			bh_queue_finish(q, NULL);
		bh_lock(dev, dev->plat_lock);
		dev->plat->queue_destroy(dev->plat, q->qid);
		bh_unlock(dev, dev->plat_lock);
	}
	bh_lock(dev, dev->lock);
	for (struct bh_queue **p = &dev->queues; *p; p = &(*p)->next_on_dev)
		if (*p == q) {
			*p = q->next_on_dev;
			break;
		}
	bh_unlock(dev, dev->lock);
	/* Whatever never retired (fault, timeout) no longer pins its code. */
	for (uint64_t s = q->retired + 1; s <= q->submitted; s++)
		if (q->inflight[s % MAX_INFLIGHT].kernel)
			__atomic_sub_fetch(&q->inflight[s % MAX_INFLIGHT].kernel->codeobj->inflight,
					   1, __ATOMIC_RELEASE);
	bh_mutex_delete(dev, q->lock);
	bh_mem_free(dev, &q->scratch);
	bh_mem_free(dev, &q->coop);
	bh_mem_free(dev, &q->printf_buf);
	bh_mem_free(dev, &q->kernargs);
	bh_mem_free(dev, &q->ctl);
	bh_mem_free(dev, &q->ring);
	bh_free(dev, q);
}

/* Both read without the queue's lock: written under it with atomic stores. */
uint64_t bh_queue_last_seq(const struct bh_queue *q)
{
	return __atomic_load_n(&q->submitted, __ATOMIC_RELAXED);
}

bool bh_queue_faulted(const struct bh_queue *q)
{
	return __atomic_load_n(&q->faulted, __ATOMIC_RELAXED);
}

static void set_faulted(struct bh_queue *q)
{
	__atomic_store_n(&q->faulted, true, __ATOMIC_RELAXED);
}

static void retire_to(struct bh_queue *q, uint64_t fence)
{
	if (fence > q->submitted)	/* never trust the GPU blindly */
		fence = q->submitted;
	while (q->retired < fence) {
		const struct bh_kernel *k;

		q->retired++;
		k = q->inflight[q->retired % MAX_INFLIGHT].kernel;
		if (k)	/* other queues run the same code object */
			__atomic_sub_fetch(&k->codeobj->inflight, 1, __ATOMIC_RELEASE);
	}
}

static const char *const wait_func_names[] = {
	[PM4_WAIT_ALWAYS] = "any", [PM4_WAIT_LT] = "<", [PM4_WAIT_LE] = "<=",
	[PM4_WAIT_EQ] = "==", [PM4_WAIT_NE] = "!=", [PM4_WAIT_GE] = ">=", [PM4_WAIT_GT] = ">",
};

/* "kernel 'k' grid (…) block (…)" or "the marker at fence N", and the
 * wait the queue held before it, if any (a timeout names what is stuck). */
static void describe_seq(const struct bh_queue *q, uint64_t seq, char *buf,
			 size_t size)
{
	const struct inflight *f = &q->inflight[seq % MAX_INFLIGHT];
	struct bh_launch l = { 0 };
	size_t n;

	for (int d = 0; d < 3; d++) {
		l.grid[d] = f->grid[d];
		l.block[d] = f->block[d];
	}
	if (f->kernel)
		bh_describe_launch(buf, size, f->kernel, &l);
	else
		bh_snprintf(buf, size, "the marker at fence %llu", (unsigned long long)seq);
	n = strlen(buf);
	if (f->wait.va && n < size)
		bh_snprintf(buf + n, size - n, " (queued behind a wait until the %s at 0x%llx "
			    "is %s %llu)", f->wait.wide ? "qword" : "word",
			    (unsigned long long)f->wait.va,
			    f->wait.func <= PM4_WAIT_GT ? wait_func_names[f->wait.func] : "?",
			    (unsigned long long)f->wait.ref);
}

/*
 * Print and empty what the device wrote to the printf buffer.  Only with
 * nothing in flight (a running dispatch may still be appending) or after
 * a fault stopped the queue: then the output shows what led to it, e.g.
 * a failed device assert's message.
 */
static bool drain_printf(struct bh_queue *q)
{
	if (q->retired == q->submitted || q->faulted)
		return bh_printf_drain(q->dev, &q->printf_buf);
	return false;
}

/*
 * After a timeout: have the platform drop what the queue has not run, so
 * that new launches run.  The launches thrown away are remembered (a
 * wait for one fails) and no longer pin their code objects.  Returns
 * whether the queue runs again; if the platform cannot reset it, the
 * queue stops like after a fault.
 */
static bool timeout_reset(struct bh_queue *q)
{
	struct bh_platform *plat = q->dev->plat;

	bh_lock(q->dev, q->dev->plat_lock);
	int ret = !plat->queue_reset || plat->queue_reset(plat, q->qid);

	bh_unlock(q->dev, q->dev->plat_lock);
	if (ret) {
		set_faulted(q);
		return false;
	}
	q->dropped_from = q->retired + 1;
	q->dropped_to = q->submitted;
	retire_to(q, q->submitted);
	bh_queue_forget_state_held(q);	/* the reset may have cleared registers */
	return true;
}

/*
 * Whether the CP stopped short of the queue's write pointer: on a board
 * whose CP re-evaluates a false WAIT_REG_MEM only when a doorbell rings
 * (the in-process sim board in its synchronous mode, BAREHIP_SIM_SYNC),
 * the memory it polls may have changed since.  Hardware and the
 * asynchronous sim board re-poll on their own.
 */
/* Called in every wait's loop (bh_set_wait_hook): a host with one thread
 * runs its host operations there. */
static void (*wait_hook)(void);

static bool cp_behind(const struct bh_queue *q)
{
	return read_rptr(q) % q->ring_dwords != (uint32_t)(q->wptr % q->ring_dwords);
}

/* Ring the doorbell again with the unchanged write pointer: hardware
 * re-polls its WAIT_REG_MEMs on its own and ignores this; the
 * synchronous sim board re-runs its stalled queues. */
static void kick(struct bh_queue *q)
{
	q->dev->plat->doorbell(q->dev->plat, q->qid, q->wptr);
}

/*
 * The wait, the queue's lock held.  @drop: let it go while sleeping, so
 * that other threads submit to and wait on the queue meanwhile (a host
 * wait); not while a submission waits for room (bh_queue_wait_held).
 */
static int wait_held(struct bh_queue *q, uint64_t seq, uint64_t timeout_ns,
		     bool reset_on_timeout, bool drop, struct bh_error *err)
{
	struct bh_platform *plat = q->dev->plat;
	uint64_t start = 0;
	struct bh_gpu_fault f;
	bool kicked = false, timing = false;
	char what[320];

	if (seq > q->submitted)
		return bh_fail(err, BH_EINVAL, "waiting for fence %llu, only %llu submitted",
			       (unsigned long long)seq, (unsigned long long)q->submitted);
	if (seq >= q->dropped_from && seq <= q->dropped_to && q->dropped_from)
		return bh_fail(err, BH_ETIMEDOUT, "launch %llu was dropped when the queue "
			       "was reset after a timeout", (unsigned long long)seq);
	for (;;) {
		retire_to(q, __atomic_load_n(fence_ptr(q), __ATOMIC_ACQUIRE));
		if (q->retired >= seq) {
			drain_printf(q);
			return 0;
		}
		if (q->faulted)
			return bh_fail(err, BH_EFAULT,
				       "the queue stopped after an earlier GPU fault");
		memset(&f, 0, sizeof(f));
		if (plat->take_fault(plat, q->qid, &f)) {
			/*
			 * The CP runs in order: the oldest unretired launch
			 * faulted.  Read the fence again first: launches before
			 * it may have finished since the look above (the fault
			 * came after their fences landed, and none lands after
			 * it), and the name must be the faulting kernel's.
			 */
			retire_to(q, __atomic_load_n(fence_ptr(q), __ATOMIC_ACQUIRE));
			describe_seq(q, q->retired + 1, what, sizeof(what));
			set_faulted(q);
			/*
			 * A kernel's abort() and failed assert print a marked
			 * record before they trap: the fault is the program's
			 * own request to stop (the board sees only a trap, or on
			 * KFD a hardware exception).
			 */
			int code = drain_printf(q) ? BH_EABORT : BH_EFAULT;

			if (f.unlocated)
				return bh_fail(err, code, "%s: GPU %s: %s", what, f.kind,
					       f.detail);
			return bh_fail(err, code,
				       "%s: GPU %s at pc 0x%llx [%08x %08x] address 0x%llx, "
				       "workgroup (%u,%u,%u) wave %u: %s", what, f.kind,
				       (unsigned long long)f.pc, f.dwords[0], f.dwords[1],
				       (unsigned long long)f.address, f.workgroup[0],
				       f.workgroup[1], f.workgroup[2], f.wave, f.detail);
		}
		if (!kicked && cp_behind(q)) {
			kick(q);
			kicked = true;
			continue;	/* look at the fence again first */
		}
		uint64_t now = plat->now_ns(plat);

		if (!timing) {		/* the common case returned above, clock unread */
			start = now;
			timing = true;
		}
		if (now - start >= timeout_ns) {
			describe_seq(q, q->retired + 1, what, sizeof(what));
			if (!reset_on_timeout)
				return bh_fail(err, BH_EBUSY, "%s has not finished yet", what);
			bool reset = timeout_reset(q);

			/* 0: the caller has waited the configured time itself. */
			uint64_t ms = timeout_ns ? timeout_ns / 1000000u : bh_fence_timeout_ms();

			return bh_fail(err, BH_ETIMEDOUT,
				       "%s did not finish within %llu ms; %s", what,
				       (unsigned long long)ms,
				       reset ? "the queue was reset and runs new work (launches "
					       "not yet run were dropped)"
					     : "the queue is stopped until the device is reset");
		}
		if (drop)
			bh_unlock(q->dev, q->lock);
		if (wait_hook)
			wait_hook();
		plat->wait_interrupt(plat, timeout_ns - (now - start));
		if (drop)
			bh_lock(q->dev, q->lock);
		kicked = false;
	}
}

int bh_queue_wait_for(struct bh_queue *q, uint64_t seq, uint64_t timeout_ns,
		      bool reset_on_timeout, struct bh_error *err)
{
	int ret;

	bh_lock(q->dev, q->lock);
	ret = wait_held(q, seq, timeout_ns, reset_on_timeout, true, err);
	bh_unlock(q->dev, q->lock);
	return ret;
}

static uint32_t fence_timeout_ms = CONFIG_LOADER_FENCE_TIMEOUT_MS;

void bh_set_wait_hook(void (*hook)(void))
{
	wait_hook = hook;
}

void bh_set_fence_timeout_ms(uint32_t ms)
{
	if (ms)
		__atomic_store_n(&fence_timeout_ms, ms, __ATOMIC_RELAXED);
}

uint32_t bh_fence_timeout_ms(void)
{
	return __atomic_load_n(&fence_timeout_ms, __ATOMIC_RELAXED);
}

#define FENCE_TIMEOUT_NS ((uint64_t)bh_fence_timeout_ms() * 1000000u)

int bh_queue_wait(struct bh_queue *q, uint64_t seq, struct bh_error *err)
{
	return bh_queue_wait_for(q, seq, FENCE_TIMEOUT_NS, true, err);
}

int bh_queue_wait_held(struct bh_queue *q, uint64_t seq, struct bh_error *err)
{
	return wait_held(q, seq, FENCE_TIMEOUT_NS, true, false, err);
}

int bh_queue_test(struct bh_queue *q, uint64_t seq, struct bh_error *err)
{
	return bh_queue_wait_for(q, seq, 0, false, err);
}

uint64_t bh_queue_completed(const struct bh_queue *q)
{
	return __atomic_load_n(fence_ptr(q), __ATOMIC_ACQUIRE);
}

int bh_queue_finish(struct bh_queue *q, struct bh_error *err)
{
	int ret;

	bh_lock(q->dev, q->lock);
	ret = wait_held(q, q->submitted, FENCE_TIMEOUT_NS, true, true, err);
	bh_unlock(q->dev, q->lock);
	return ret;
}

int bh_queue_finish_held(struct bh_queue *q, struct bh_error *err)
{
	return bh_queue_wait_held(q, q->submitted, err);
}

/* Make room for @ndw dwords; the CP reports how far it has read. */
int bh_queue_ring_reserve(struct bh_queue *q, uint32_t ndw, struct bh_error *err)
{
	for (;;) {
		uint32_t rptr = read_rptr(q) % q->ring_dwords;
		uint32_t used = (uint32_t)((q->wptr % q->ring_dwords) + q->ring_dwords - rptr) %
				q->ring_dwords;

		/* Never fill the ring: wptr == rptr must keep meaning empty. */
		if (used + ndw < q->ring_dwords)
			return 0;
		if (q->retired == q->submitted)
			return bh_fail(err, BH_ERANGE, "a %u-dword packet does not fit "
				       "the %u-dword ring", ndw, q->ring_dwords);
		int ret = bh_queue_wait_held(q, q->retired + 1, err);

		if (ret)
			return ret;
	}
}

/* Append @dw[0..n) to the ring (space reserved) and ring the doorbell. */
void bh_queue_commit(struct bh_queue *q, const uint32_t *dw, uint32_t n)
{
	uint32_t *ring = q->ring.cpu;
	uint32_t at = (uint32_t)q->wptr & (q->ring_dwords - 1);
	uint32_t head = BH_MIN(n, q->ring_dwords - at);

	/* Up to the end of the ring, then the rest from its start. */
	memcpy(ring + at, dw, head * 4);
	memcpy(ring, dw + head, (n - head) * 4);
	__atomic_store_n(&q->wptr, q->wptr + n, __ATOMIC_RELAXED);	/* drain_other reads it */
	q->stats.pm4_dwords += n;
	__atomic_thread_fence(__ATOMIC_RELEASE);
	q->dev->plat->doorbell(q->dev->plat, q->qid, q->wptr);
}

/*
 * Other queues wait for this one by comparing the low 32 bits of its
 * fence (WAIT_REG_MEM is a 32-bit compare, bh_queue_wait_queue).  When
 * the fence is about to cross a multiple of 2^32 such a compare would go
 * wrong for a wait not yet evaluated, or for a wait on the new epoch
 * evaluated while the fence still shows 0xffffffff.  So before the first
 * value of a new epoch every queue of the device drains (every pending
 * wait has been passed), and the epoch's first value is a marker that
 * has signalled before anything else can be submitted.  Once per 2^32
 * submissions of one queue.
 */
static int marker_held(struct bh_queue *q, uint64_t timestamp_va, uint64_t *seq_out,
		       struct bh_error *err);

/*
 * Wait until the other queue @p has run what it had submitted, without
 * its lock (it may be held by a thread submitting to it, or crossing its
 * own epoch): its fence and submission count are read atomically, and
 * the doorbell rung again with its write pointer, as kick() does.
 */
static int drain_other(struct bh_queue *p, struct bh_error *err)
{
	struct bh_platform *plat = p->dev->plat;
	uint64_t target = bh_queue_last_seq(p), start = plat->now_ns(plat);

	while (bh_queue_completed(p) < target && !bh_queue_faulted(p)) {
		if (plat->now_ns(plat) - start >= FENCE_TIMEOUT_NS)
			return bh_fail(err, BH_ETIMEDOUT, "a new fence epoch: queue %d did not "
				       "drain within %u ms", p->qid, bh_fence_timeout_ms());
		plat->doorbell(plat, p->qid, __atomic_load_n(&p->wptr, __ATOMIC_RELAXED));
		if (wait_hook)
			wait_hook();
		plat->wait_interrupt(plat, 1000000);
	}
	return 0;
}

static int new_epoch(struct bh_queue *q, struct bh_error *err)
{
	uint64_t seq = 0;
	int ret;

	q->in_epoch = true;
	ret = bh_queue_finish_held(q, err);
	/* The device's lock keeps the list; nothing the others need. */
	bh_lock(q->dev, q->dev->lock);
	for (struct bh_queue *p = q->dev->queues; !ret && p; p = p->next_on_dev)
		if (p != q)
			ret = drain_other(p, err);
	bh_unlock(q->dev, q->dev->lock);
	if (!ret)
		ret = marker_held(q, 0, &seq, err);
	if (!ret)
		ret = bh_queue_wait_held(q, seq, err);
	q->in_epoch = false;
	return ret;
}

/* Before a submission takes fence value q->submitted + 1. */
int bh_queue_begin_seq(struct bh_queue *q, struct bh_error *err)
{
	uint64_t seq = q->submitted + 1;

	if (q->faulted)
		return bh_fail(err, BH_EFAULT, "the queue stopped after a GPU fault; "
			       "reset the device");
	if ((uint32_t)seq == 0 && !q->in_epoch) {
		int ret = new_epoch(q, err);

		if (ret)
			return ret;
		seq = q->submitted + 1;
	}
	/* inflight[seq] is free once seq - MAX_INFLIGHT has retired. */
	if (seq > MAX_INFLIGHT)
		return bh_queue_wait_held(q, seq - MAX_INFLIGHT, err);
	return 0;
}

/* Fence value @seq now stands for launch @k (NULL: a marker). */
void bh_queue_record_seq(struct bh_queue *q, uint64_t seq, const struct bh_kernel *k,
			 const struct bh_launch *l)
{
	struct inflight *f = &q->inflight[seq % MAX_INFLIGHT];

	f->kernel = k;
	for (int d = 0; d < 3; d++) {
		f->grid[d] = l ? l->grid[d] : 0;
		f->block[d] = l ? l->block[d] : 0;
	}
	f->wait = q->wait;
	q->wait.va = 0;
	if (k)
		__atomic_add_fetch(&k->codeobj->inflight, 1, __ATOMIC_RELAXED);
	__atomic_store_n(&q->submitted, seq, __ATOMIC_RELAXED);
}

int bh_queue_marker(struct bh_queue *q, uint64_t timestamp_va, uint64_t *seq_out,
		    struct bh_error *err)
{
	int ret;

	bh_lock(q->dev, q->lock);
	ret = marker_held(q, timestamp_va, seq_out, err);
	bh_unlock(q->dev, q->lock);
	return ret;
}

static int marker_held(struct bh_queue *q, uint64_t timestamp_va, uint64_t *seq_out,
		       struct bh_error *err)
{
	const struct bh_gfx *gfx = q->dev->gfx;
	struct pm4_builder b;
	uint32_t pkt[8 + FENCE_DWORDS];
	int ret;

	if (timestamp_va % 8)
		return bh_fail(err, BH_EINVAL, "timestamp address 0x%llx is not 8-byte aligned",
			       (unsigned long long)timestamp_va);
	ret = bh_queue_begin_seq(q, err);
	if (!ret)
		ret = bh_queue_ring_reserve(q, BH_ARRAY_SIZE(pkt), err);
	if (ret)
		return ret;
	uint64_t seq = q->submitted + 1;

	pm4_init(&b, pkt, BH_ARRAY_SIZE(pkt));
	if (timestamp_va)	/* the GPU clock once earlier work is done (§6.3) */
		pm4_release_mem(&b, gfx->release_mem_event, RELEASE_DATA_GPU_CLOCK,
				RELEASE_INT_NONE, timestamp_va, 0, (uint32_t)q->qid);
	bh_queue_emit_fence(q, &b, seq);
	bh_queue_record_seq(q, seq, NULL, NULL);
	bh_queue_commit(q, pkt, b.len);
	if (seq_out)
		*seq_out = seq;
	return 0;
}

void bh_queue_emit_fence(struct bh_queue *q, struct pm4_builder *b, uint64_t seq)
{
	uint32_t event = q->dev->gfx->release_mem_event;

	if (!q->irq_mailbox) {
		pm4_release_mem(b, event, RELEASE_DATA_64, RELEASE_INT_AFTER_WRITE,
				q->ctl.gpu_va + CTL_FENCE, seq, (uint32_t)q->qid);
		return;
	}
	/* KFD: the fence, then the signal event's slot, whose write the
	 * interrupt handler checks before it wakes the waiter (the slot
	 * must hold something other than "unsignaled"). */
	pm4_release_mem(b, event, RELEASE_DATA_64, RELEASE_INT_NONE,
			q->ctl.gpu_va + CTL_FENCE, seq, 0);
	pm4_release_mem(b, event, RELEASE_DATA_32, RELEASE_INT_AFTER_WRITE, q->mailbox_va,
			q->mailbox_data, q->mailbox_data);
}

static int wait_mem_held(struct bh_queue *q, uint64_t va, uint64_t ref, uint64_t mask,
			 enum bh_wait_func func, bool wide, struct bh_error *err);

int bh_queue_wait_mem(struct bh_queue *q, uint64_t va, uint32_t ref, uint32_t mask,
		      enum bh_wait_func func, struct bh_error *err)
{
	int ret;

	bh_lock(q->dev, q->lock);
	ret = wait_mem_held(q, va, ref, mask, func, false, err);
	bh_unlock(q->dev, q->lock);
	return ret;
}

int bh_queue_wait_mem64(struct bh_queue *q, uint64_t va, uint64_t ref, uint64_t mask,
			enum bh_wait_func func, struct bh_error *err)
{
	int ret;

	bh_lock(q->dev, q->lock);
	ret = wait_mem_held(q, va, ref, mask, func, true, err);
	bh_unlock(q->dev, q->lock);
	return ret;
}

static int wait_mem_held(struct bh_queue *q, uint64_t va, uint64_t ref, uint64_t mask,
			 enum bh_wait_func func, bool wide, struct bh_error *err)
{
	const unsigned int size = wide ? 8 : 4;
	struct pm4_builder b;
	uint32_t pkt[9];
	int ret;

	if (q->faulted)
		return bh_fail(err, BH_EFAULT, "the queue stopped after a GPU fault; "
			       "reset the device");
	if (!va || va % size)
		return bh_fail(err, BH_EINVAL, "a wait on address 0x%llx: it must be a "
			       "non-null, %s-aligned GPU address", (unsigned long long)va,
			       wide ? "qword" : "dword");
	if (func < BH_WAIT_LT || func > BH_WAIT_GT)
		return bh_fail(err, BH_EINVAL, "unknown wait function %d", (int)func);
	ret = bh_queue_ring_reserve(q, BH_ARRAY_SIZE(pkt), err);
	if (ret)
		return ret;
	pm4_init(&b, pkt, BH_ARRAY_SIZE(pkt));
	if (wide)
		pm4_wait_reg_mem64(&b, (enum pm4_wait_function)func, va, ref, mask);
	else
		pm4_wait_reg_mem(&b, (enum pm4_wait_function)func, va, (uint32_t)ref,
				 (uint32_t)mask);
	q->wait = (struct queue_wait){ va, ref, wide, (uint8_t)func };
	bh_queue_commit(q, pkt, b.len);
	return 0;
}

int bh_queue_write_mem(struct bh_queue *q, uint64_t va, uint64_t value, unsigned int size,
		       uint64_t *seq_out, struct bh_error *err)
{
	const struct bh_gfx *gfx = q->dev->gfx;
	struct pm4_builder b;
	uint32_t pkt[8 + FENCE_DWORDS];
	int ret;

	if (size != 4 && size != 8)
		return bh_fail(err, BH_EINVAL, "a write of %u bytes (4 or 8)", size);
	if (!va || va % size)
		return bh_fail(err, BH_EINVAL, "a write to address 0x%llx: it must be a "
			       "non-null, %u-byte aligned GPU address", (unsigned long long)va,
			       size);
	bh_lock(q->dev, q->lock);
	ret = bh_queue_begin_seq(q, err);
	if (!ret)
		ret = bh_queue_ring_reserve(q, BH_ARRAY_SIZE(pkt), err);
	if (ret) {
		bh_unlock(q->dev, q->lock);
		return ret;
	}
	uint64_t seq = q->submitted + 1;

	pm4_init(&b, pkt, BH_ARRAY_SIZE(pkt));
	/* The value once earlier work is done, as a timestamp is (§6.3). */
	pm4_release_mem(&b, gfx->release_mem_event, size == 8 ? RELEASE_DATA_64 : RELEASE_DATA_32,
			RELEASE_INT_NONE, va, value, (uint32_t)q->qid);
	bh_queue_emit_fence(q, &b, seq);
	bh_queue_record_seq(q, seq, NULL, NULL);
	bh_queue_commit(q, pkt, b.len);
	bh_unlock(q->dev, q->lock);
	if (seq_out)
		*seq_out = seq;
	return 0;
}

int bh_queue_wait_queue(struct bh_queue *q, struct bh_queue *other, uint64_t seq,
			struct bh_error *err)
{
	uint64_t submitted, retired;
	bool faulted;

	if (other->dev != q->dev)
		return bh_fail(err, BH_EINVAL, "a queue cannot wait for a queue of another device");
	/* One queue's lock at a time: @other's to look, then @q's to wait. */
	bh_lock(other->dev, other->lock);
	retire_to(other, bh_queue_completed(other));
	submitted = other->submitted;
	retired = other->retired;
	faulted = other->faulted;
	bh_unlock(other->dev, other->lock);
	if (seq > submitted)
		return bh_fail(err, BH_EINVAL, "waiting for fence %llu of a queue that has "
			       "submitted %llu", (unsigned long long)seq,
			       (unsigned long long)submitted);
	if (other == q || seq == 0 || retired >= seq)
		return 0;	/* a queue runs in order; or done already */
	if (faulted)
		return bh_fail(err, BH_EFAULT, "waiting for a queue that a GPU fault stopped");
	/* The low 32 bits suffice within one fence epoch (new_epoch). */
	return bh_queue_wait_mem(q, other->ctl.gpu_va + CTL_FENCE, (uint32_t)seq, 0xffffffffu,
				 BH_WAIT_GE, err);
}

int bh_queue_set_next_seq(struct bh_queue *q, uint64_t seq, struct bh_error *err)
{
	int ret = 0;

	bh_lock(q->dev, q->lock);
	retire_to(q, bh_queue_completed(q));
	if (q->retired != q->submitted) {
		ret = bh_fail(err, BH_EBUSY, "the queue still has work in flight");
	} else if (seq <= q->submitted + 1) {
		ret = bh_fail(err, BH_EINVAL, "fence values only grow (next is %llu)",
			      (unsigned long long)(q->submitted + 1));
	} else {
		__atomic_store_n(&q->submitted, seq - 1, __ATOMIC_RELAXED);
		q->retired = seq - 1;
		q->dropped_from = q->dropped_to = 0;
		__atomic_store_n(fence_ptr(q), seq - 1, __ATOMIC_RELEASE);
	}
	bh_unlock(q->dev, q->lock);
	return ret;
}
