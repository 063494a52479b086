// SPDX-License-Identifier: MIT
/*
 * A PM4 compute queue: the ring, its fence, the kernarg slots and the
 * scratch buffer, and the launch that ties them together.  One launch
 * is the packet sequence below; read it top to bottom (ref/dispatch.md
 * §6.7 and §8 are the facts behind each packet).
 */
#include "internal.h"

#include <bh/devabi.h>

#define SLOT_BYTES	8192u		/* kernarg + fake AQL packet */
#define AQL_PACKET_BYTES 64u
#define CTL_RPTR	0		/* u32 the CP reports rptr into */
#define CTL_FENCE	64		/* u64 the RELEASE_MEM writes */
#define CTL_AMD_QUEUE	256		/* amd_queue_t-shaped block (256 B) */
#define CTL_BYTES	4096
#define MAX_INFLIGHT	1024	/* fence values not yet retired (launches and markers) */

/*
 * A WAIT_REG_MEM the queue holds before a fence value: what a timeout
 * names when the queue is stuck behind it.
 */
struct queue_wait {
	uint64_t va;		/* 0: none */
	uint32_t ref;
	uint8_t func;		/* enum pm4_wait_function */
};

/* What a fence value stands for: a launch, or a marker (kernel NULL). */
struct inflight {
	const struct bh_kernel *kernel;
	uint32_t grid[3], block[3];
	struct queue_wait wait;	/* the last wait submitted before it */
};

/*
 * What the queue's SH registers hold after the packets already written
 * (COMPUTE_* 0x2e00..0x2e4f): the CP keeps them per queue between
 * dispatches, so a launch emits only the registers that change.  The
 * shadow starts empty and is dropped whenever the queue may have lost
 * its state (creation, a fault).
 */
#define SHADOW_BASE	0x2e00u
#define SHADOW_REGS	0x50u

struct sh_shadow {
	uint32_t v[SHADOW_REGS];
	uint64_t valid[(SHADOW_REGS + 63) / 64];	/* bit k: v[k] is known */
};

_Static_assert((CONFIG_LOADER_RING_BYTES & (CONFIG_LOADER_RING_BYTES - 1)) == 0,
	       "the ring size must be a power of two");

/*
 * The shape of the queue's previous launch.  A launch of the same kernel
 * (the same load of it: pointers can be reused after an unload) in the
 * same shape finds every SH register but the user data already set, so
 * it skips computing and comparing them.  Dropped with the shadow and
 * when scratch moves.
 */
struct launch_shape {
	const struct bh_kernel *k;
	uint64_t load_id;
	uint32_t grid[3], block[3], dynamic_lds;
};

struct bh_queue {
	struct bh_device *dev;
	int qid;
	struct bh_mem ring, ctl, kernargs, scratch;
	struct bh_mem printf_buf;	/* { u32 used, u32 capacity } + records */
	struct bh_mem coop;		/* a grid-sync record per kernarg slot */
	uint32_t ring_dwords;
	uint32_t nslots;
	uint32_t scratch_wave_units;	/* TMPRING.WAVESIZE */
	uint32_t scratch_waves;		/* TMPRING.WAVES */
	uint64_t wptr;			/* dwords, monotonic */
	uint64_t submitted;		/* last fence value emitted */
	uint64_t retired;		/* last fence value seen */
	uint64_t dropped_from, dropped_to;	/* launches a reset threw away */
	bool faulted;
	bool in_epoch;			/* starting a new fence epoch (begin_seq) */
	struct queue_wait wait;		/* waits since the last fence value */
	struct bh_queue *next_on_dev;	/* dev->queues */
	uint64_t serial;		/* bh_queue_serial */
	struct bh_queue_stats stats;
	struct sh_shadow shadow;
	struct launch_shape shape;	/* valid when shape.k != NULL */
	uint32_t shape_dim[3], shape_initiator;
	struct inflight inflight[MAX_INFLIGHT];
};

static bool shadow_known(const struct sh_shadow *s, uint32_t k)
{
	return s->valid[k / 64] >> (k % 64) & 1;
}

/* SET_SH_REG for the part of @v[0..n) at @reg that differs from the shadow. */
static void set_sh_changed(struct bh_queue *q, struct pm4_builder *b, uint32_t reg,
			   const uint32_t *v, uint32_t n)
{
	uint32_t k0 = reg - SHADOW_BASE, first = n, last = 0;

	/* Common case first: every register known, nothing changed. */
	if (k0 < SHADOW_REGS && n <= SHADOW_REGS - k0) {
		uint32_t i = 0;

		while (i < n && v[i] == q->shadow.v[k0 + i] && shadow_known(&q->shadow, k0 + i))
			i++;
		if (i == n)
			return;
		first = i;
	}
	for (uint32_t i = first == n ? 0 : first; i < n; i++) {
		uint32_t k = k0 + i;

		if (k >= SHADOW_REGS || !shadow_known(&q->shadow, k) || q->shadow.v[k] != v[i]) {
			first = BH_MIN(first, i);
			last = i;
		}
	}
	pm4_set_sh_regs(b, reg + first, v + first, last - first + 1);
	for (uint32_t i = first; i <= last; i++) {
		uint32_t k = k0 + i;

		if (k < SHADOW_REGS) {
			q->shadow.v[k] = v[i];
			q->shadow.valid[k / 64] |= 1ull << (k % 64);
		}
	}
}

void bh_queue_forget_state(struct bh_queue *q)
{
	memset(&q->shadow, 0, sizeof(q->shadow));
	q->shape.k = NULL;
}

void bh_queue_get_stats(const struct bh_queue *q, struct bh_queue_stats *out)
{
	*out = q->stats;
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
	q->ring_dwords = CONFIG_LOADER_RING_BYTES / 4;
	q->nslots = BH_MIN(CONFIG_LOADER_KERNARG_POOL_KB * 1024u / SLOT_BYTES,
			   (unsigned)MAX_INFLIGHT);
	ret = bh_mem_alloc(dev, CONFIG_LOADER_RING_BYTES, BH_MEM_HOST, &q->ring, err);
	if (!ret)
		ret = bh_mem_alloc(dev, CTL_BYTES, BH_MEM_HOST, &q->ctl, err);
	if (!ret)
		ret = bh_mem_alloc(dev, (uint64_t)q->nslots * SLOT_BYTES, BH_MEM_HOST,
				   &q->kernargs, err);
	if (!ret)
		ret = bh_mem_alloc(dev, CONFIG_LOADER_PRINTF_KB * 1024ull, BH_MEM_HOST,
				   &q->printf_buf, err);
	if (!ret) {
		bh_wr32(q->printf_buf.cpu, 0);
		bh_wr32((uint8_t *)q->printf_buf.cpu + 4, CONFIG_LOADER_PRINTF_KB * 1024u - 8);
	}
	if (!ret) {
		memset(q->ctl.cpu, 0, CTL_BYTES);
		memset(q->ring.cpu, 0, CONFIG_LOADER_RING_BYTES);
		ret = dev->plat->queue_create(dev->plat, &q->ring,
					      q->ctl.gpu_va + CTL_RPTR, err);
		if (ret >= 0) {
			q->qid = ret;
			ret = 0;
		}
	}
	if (ret) {
		bh_queue_destroy(q);
		return ret;
	}
	q->next_on_dev = dev->queues;
	dev->queues = q;
	q->serial = ++queues_created;
	*out = q;
	return 0;
}

void bh_queue_destroy(struct bh_queue *q)
{
	if (!q)
		return;
	struct bh_device *dev = q->dev;

	if (q->qid >= 0) {
		if (!q->faulted)
			bh_queue_finish(q, NULL);
		dev->plat->queue_destroy(dev->plat, q->qid);
	}
	for (struct bh_queue **p = &dev->queues; *p; p = &(*p)->next_on_dev)
		if (*p == q) {
			*p = q->next_on_dev;
			break;
		}
	/* Whatever never retired (fault, timeout) no longer pins its code. */
	for (uint64_t s = q->retired + 1; s <= q->submitted; s++)
		if (q->inflight[s % MAX_INFLIGHT].kernel)
			q->inflight[s % MAX_INFLIGHT].kernel->codeobj->inflight--;
	bh_mem_free(dev, &q->scratch);
	bh_mem_free(dev, &q->coop);
	bh_mem_free(dev, &q->printf_buf);
	bh_mem_free(dev, &q->kernargs);
	bh_mem_free(dev, &q->ctl);
	bh_mem_free(dev, &q->ring);
	bh_free(dev, q);
}

uint64_t bh_queue_last_seq(const struct bh_queue *q)
{
	return q->submitted;
}

bool bh_queue_faulted(const struct bh_queue *q)
{
	return q->faulted;
}

static void retire_to(struct bh_queue *q, uint64_t fence)
{
	if (fence > q->submitted)	/* never trust the GPU blindly */
		fence = q->submitted;
	while (q->retired < fence) {
		const struct bh_kernel *k;

		q->retired++;
		k = q->inflight[q->retired % MAX_INFLIGHT].kernel;
		if (k)
			k->codeobj->inflight--;
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
		bh_snprintf(buf + n, size - n, " (queued behind a wait until the word at 0x%llx "
			    "is %s %u)", (unsigned long long)f->wait.va,
			    f->wait.func <= PM4_WAIT_GT ? wait_func_names[f->wait.func] : "?",
			    f->wait.ref);
}

static const char *find_format(void *ctx, uint64_t hash)
{
	return bh_device_printf_format(ctx, hash);
}

static void print_text(void *ctx, const char *text, size_t len)
{
	struct bh_platform *plat = ctx;

	plat->print(plat, text, len);
}

/*
 * Decode and print what the device wrote to the printf buffer, then
 * empty it.  Only with nothing in flight (a running dispatch may still
 * be appending) or after a fault stopped the queue: then the output
 * shows what led to it, e.g. a failed device assert's message.  Records print in buffer order, so one thread's lines
 * keep their order.
 */
static void drain_printf(struct bh_queue *q)
{
	uint8_t *buf = q->printf_buf.cpu;
	uint32_t used, cap;

	if (!buf || (q->retired != q->submitted && !q->faulted))
		return;
	used = __atomic_load_n((uint32_t *)buf, __ATOMIC_ACQUIRE);
	cap = bh_rd32(buf + 4);
	if (!used)
		return;
	bh_printf_decode(buf + 8, BH_MIN(used, cap), find_format, q->dev, print_text,
			 q->dev->plat);
	if (used > cap) {
		char note[128];
		int n = bh_snprintf(note, sizeof(note), "[barehip: %u bytes of device printf "
				    "output lost: the %u-byte buffer is full "
				    "(CONFIG_LOADER_PRINTF_KB)]\n", used - cap, cap);

		if (n > 0)
			q->dev->plat->print(q->dev->plat, note, (size_t)n);
	}
	__atomic_store_n((uint32_t *)buf, 0, __ATOMIC_RELEASE);
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

	if (!plat->queue_reset || plat->queue_reset(plat, q->qid)) {
		q->faulted = true;
		return false;
	}
	q->dropped_from = q->retired + 1;
	q->dropped_to = q->submitted;
	retire_to(q, q->submitted);
	bh_queue_forget_state(q);	/* the reset may have cleared registers */
	return true;
}

/*
 * Whether the CP stopped short of the queue's write pointer: on a board
 * whose CP re-evaluates a false WAIT_REG_MEM only when a doorbell rings
 * (the in-process sim board), the memory it polls may have changed since.
 */
static bool cp_behind(const struct bh_queue *q)
{
	return read_rptr(q) % q->ring_dwords != (uint32_t)(q->wptr % q->ring_dwords);
}

/* Ring the doorbell again with the unchanged write pointer: hardware
 * re-polls its WAIT_REG_MEMs on its own and ignores this; the sim board
 * re-runs its stalled queues. */
static void kick(struct bh_queue *q)
{
	q->dev->plat->doorbell(q->dev->plat, q->qid, q->wptr);
}

int bh_queue_wait_for(struct bh_queue *q, uint64_t seq, uint64_t timeout_ns,
		      bool reset_on_timeout, struct bh_error *err)
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
		/* The CP runs in order: the oldest unretired launch faulted. */
		describe_seq(q, q->retired + 1, what, sizeof(what));
		if (plat->take_fault(plat, q->qid, &f)) {
			q->faulted = true;
			drain_printf(q);
			return bh_fail(err, BH_EFAULT,
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
			if (!reset_on_timeout)
				return bh_fail(err, BH_EBUSY, "%s has not finished yet", what);
			bool reset = timeout_reset(q);

			/* 0: the caller has waited the configured time itself. */
			uint64_t ms = timeout_ns ? timeout_ns / 1000000u
						 : CONFIG_LOADER_FENCE_TIMEOUT_MS;

			return bh_fail(err, BH_ETIMEDOUT,
				       "%s did not finish within %llu ms; %s", what,
				       (unsigned long long)ms,
				       reset ? "the queue was reset and runs new work (launches "
					       "not yet run were dropped)"
					     : "the queue is stopped until the device is reset");
		}
		plat->wait_interrupt(plat, timeout_ns - (now - start));
		kicked = false;
	}
}

int bh_queue_wait(struct bh_queue *q, uint64_t seq, struct bh_error *err)
{
	return bh_queue_wait_for(q, seq, (uint64_t)CONFIG_LOADER_FENCE_TIMEOUT_MS * 1000000u,
				 true, err);
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
	return bh_queue_wait(q, q->submitted, err);
}

/* Make room for @ndw dwords; the CP reports how far it has read. */
static int ring_reserve(struct bh_queue *q, uint32_t ndw, struct bh_error *err)
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
		int ret = bh_queue_wait(q, q->retired + 1, err);

		if (ret)
			return ret;
	}
}

static void ring_commit(struct bh_queue *q, const uint32_t *dw, uint32_t n)
{
	uint32_t *ring = q->ring.cpu;
	uint32_t at = (uint32_t)q->wptr & (q->ring_dwords - 1);
	uint32_t head = BH_MIN(n, q->ring_dwords - at);

	/* Up to the end of the ring, then the rest from its start. */
	memcpy(ring + at, dw, head * 4);
	memcpy(ring, dw + head, (n - head) * 4);
	q->wptr += n;
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
static int new_epoch(struct bh_queue *q, struct bh_error *err)
{
	uint64_t seq = 0;
	int ret;

	q->in_epoch = true;
	ret = bh_queue_finish(q, err);
	for (struct bh_queue *p = q->dev->queues; !ret && p; p = p->next_on_dev)
		if (p != q && !p->faulted)
			ret = bh_queue_finish(p, err);
	if (!ret)
		ret = bh_queue_marker(q, 0, &seq, err);
	if (!ret)
		ret = bh_queue_wait(q, seq, err);
	q->in_epoch = false;
	return ret;
}

/* Before a submission takes fence value q->submitted + 1. */
static int begin_seq(struct bh_queue *q, struct bh_error *err)
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
		return bh_queue_wait(q, seq - MAX_INFLIGHT, err);
	return 0;
}

/* Fence value @seq now stands for launch @k (NULL: a marker). */
static void record_seq(struct bh_queue *q, uint64_t seq, const struct bh_kernel *k,
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
		k->codeobj->inflight++;
	q->submitted = seq;
}

int bh_queue_marker(struct bh_queue *q, uint64_t timestamp_va, uint64_t *seq_out,
		    struct bh_error *err)
{
	const struct bh_gfx *gfx = q->dev->gfx;
	struct pm4_builder b;
	uint32_t pkt[16];
	int ret;

	if (timestamp_va % 8)
		return bh_fail(err, BH_EINVAL, "timestamp address 0x%llx is not 8-byte aligned",
			       (unsigned long long)timestamp_va);
	ret = begin_seq(q, err);
	if (!ret)
		ret = ring_reserve(q, BH_ARRAY_SIZE(pkt), err);
	if (ret)
		return ret;
	uint64_t seq = q->submitted + 1;

	pm4_init(&b, pkt, BH_ARRAY_SIZE(pkt));
	if (timestamp_va)	/* the GPU clock once earlier work is done (§6.3) */
		pm4_release_mem(&b, gfx->release_mem_event, RELEASE_DATA_GPU_CLOCK,
				RELEASE_INT_NONE, timestamp_va, 0, (uint32_t)q->qid);
	pm4_release_mem(&b, gfx->release_mem_event, RELEASE_DATA_64, RELEASE_INT_AFTER_WRITE,
			q->ctl.gpu_va + CTL_FENCE, seq, (uint32_t)q->qid);
	record_seq(q, seq, NULL, NULL);
	q->stats.pm4_dwords += b.len;
	ring_commit(q, pkt, b.len);
	if (seq_out)
		*seq_out = seq;
	return 0;
}

int bh_queue_wait_mem(struct bh_queue *q, uint64_t va, uint32_t ref, uint32_t mask,
		      enum bh_wait_func func, struct bh_error *err)
{
	struct pm4_builder b;
	uint32_t pkt[8];
	int ret;

	if (q->faulted)
		return bh_fail(err, BH_EFAULT, "the queue stopped after a GPU fault; "
			       "reset the device");
	if (!va || va % 4)
		return bh_fail(err, BH_EINVAL, "a wait on address 0x%llx: it must be a "
			       "non-null, dword-aligned GPU address", (unsigned long long)va);
	if (func < BH_WAIT_LT || func > BH_WAIT_GT)
		return bh_fail(err, BH_EINVAL, "unknown wait function %d", (int)func);
	ret = ring_reserve(q, BH_ARRAY_SIZE(pkt), err);
	if (ret)
		return ret;
	pm4_init(&b, pkt, BH_ARRAY_SIZE(pkt));
	pm4_wait_reg_mem(&b, (enum pm4_wait_function)func, va, ref, mask);
	q->wait = (struct queue_wait){ va, ref, (uint8_t)func };
	q->stats.pm4_dwords += b.len;
	ring_commit(q, pkt, b.len);
	return 0;
}

int bh_queue_wait_queue(struct bh_queue *q, struct bh_queue *other, uint64_t seq,
			struct bh_error *err)
{
	if (other->dev != q->dev)
		return bh_fail(err, BH_EINVAL, "a queue cannot wait for a queue of another device");
	if (seq > other->submitted)
		return bh_fail(err, BH_EINVAL, "waiting for fence %llu of a queue that has "
			       "submitted %llu", (unsigned long long)seq,
			       (unsigned long long)other->submitted);
	if (other == q || seq == 0)
		return 0;	/* a queue runs in order */
	retire_to(other, bh_queue_completed(other));
	if (other->retired >= seq)
		return 0;
	if (other->faulted)
		return bh_fail(err, BH_EFAULT, "waiting for a queue that a GPU fault stopped");
	/* The low 32 bits suffice within one fence epoch (new_epoch). */
	return bh_queue_wait_mem(q, other->ctl.gpu_va + CTL_FENCE, (uint32_t)seq, 0xffffffffu,
				 BH_WAIT_GE, err);
}

int bh_queue_set_next_seq(struct bh_queue *q, uint64_t seq, struct bh_error *err)
{
	retire_to(q, bh_queue_completed(q));
	if (q->retired != q->submitted)
		return bh_fail(err, BH_EBUSY, "the queue still has work in flight");
	if (seq <= q->submitted + 1)
		return bh_fail(err, BH_EINVAL, "fence values only grow (next is %llu)",
			       (unsigned long long)(q->submitted + 1));
	q->submitted = q->retired = seq - 1;
	q->dropped_from = q->dropped_to = 0;
	__atomic_store_n(fence_ptr(q), seq - 1, __ATOMIC_RELEASE);
	return 0;
}

/* Per-wave scratch for @k; grows (after draining the queue) on demand. */
static int scratch_prepare(struct bh_queue *q, const struct bh_kernel *k,
			   struct bh_error *err)
{
	const struct bh_device_info *di = &q->dev->info;
	const struct bh_gfx *gfx = q->dev->gfx;
	uint64_t lane = k->kd.private_segment_fixed_size;

	if (k->uses_dynamic_stack || (k->kd.kernel_code_properties & KCP_USES_DYNAMIC_STACK))
		lane += q->dev->stack_size;
	if (lane == 0)
		return 0;
	uint64_t units = (lane * di->wave_size + gfx->tmpring_unit - 1) / gfx->tmpring_unit;

	if (units > gfx->tmpring_wavesize_max)
		return bh_fail(err, BH_ERANGE,
			       "kernel '%s' needs %llu bytes of scratch per work-item, "
			       "more than the hardware allows", k->name,
			       (unsigned long long)lane);
	if (units <= q->scratch_wave_units)
		return 0;
	int ret = bh_queue_finish(q, err);

	if (ret)
		return ret;
	bh_mem_free(q->dev, &q->scratch);
	q->scratch_wave_units = 0;
	q->shape.k = NULL;		/* scratch registers change */
	/* Enough slots for every wave the device can hold at once. */
	uint32_t waves = BH_MIN(di->num_cus * di->simds_per_cu * di->max_waves_per_simd,
				4095u);
	ret = bh_mem_alloc(q->dev, (uint64_t)waves * units * gfx->tmpring_unit,
			   BH_MEM_VRAM, &q->scratch, err);
	if (ret)
		return ret;
	q->scratch_wave_units = (uint32_t)units;
	q->scratch_waves = waves;
	return 0;
}

static void write_aql_packet(uint8_t *p, const struct bh_kernel *k,
			     const struct bh_launch *l, uint64_t kernarg_va,
			     uint32_t dims)
{
	/* hsa_kernel_dispatch_packet_t (ref/dispatch.md §5.1). */
	memset(p, 0, AQL_PACKET_BYTES);
	bh_wr16(p + 0, 2);		/* HSA_PACKET_TYPE_KERNEL_DISPATCH */
	bh_wr16(p + 2, (uint16_t)dims);	/* setup */
	for (int d = 0; d < 3; d++) {
		bh_wr16(p + 4 + 2 * d, (uint16_t)l->block[d]);
		bh_wr32(p + 12 + 4 * d, l->grid[d]);
	}
	bh_wr32(p + 24, k->kd.private_segment_fixed_size);
	bh_wr32(p + 28, k->group_segment_fixed_size + l->dynamic_lds);
	bh_wr64(p + 32, k->kd_va);
	bh_wr64(p + 40, kernarg_va);
}

struct user_sgprs {
	uint32_t v[16];
	uint32_t n;
	bool overflow;
};

static void push(struct user_sgprs *u, uint32_t v)
{
	if (u->n < 16)
		u->v[u->n++] = v;
	else
		u->overflow = true;
}

static void push64(struct user_sgprs *u, uint64_t v)
{
	push(u, (uint32_t)v);
	push(u, (uint32_t)(v >> 32));
}

/* User SGPRs in the order the descriptor enables them (§3.1). */
static int build_user_sgprs(struct bh_queue *q, const struct bh_kernel *k,
			    uint64_t kernarg_va, const uint8_t *kernarg,
			    uint64_t packet_va, uint64_t seq,
			    struct user_sgprs *u, struct bh_error *err)
{
	uint16_t kcp = k->kd.kernel_code_properties;
	uint32_t preload_len = k->kd.kernarg_preload & 0x7f;
	uint32_t preload_off = k->kd.kernarg_preload >> 7;
	uint32_t rsrc2_count = RSRC2_USER_SGPR(k->kd.compute_pgm_rsrc2);

	memset(u, 0, sizeof(*u));
	if (kcp & KCP_PRIVATE_SEGMENT_BUFFER) {
		/* Swizzled scratch V#: base, SWIZZLE_ENABLE, size, format. */
		push64(u, q->scratch.gpu_va | (q->scratch.size ? 1ull << 63 : 0));
		push(u, (uint32_t)BH_MIN(q->scratch.size, 0xffffffffull));
		push(u, q->dev->gfx->scratch_srd_word3);
	}
	if (kcp & KCP_DISPATCH_PTR)
		push64(u, packet_va);
	if (kcp & KCP_QUEUE_PTR)
		push64(u, q->ctl.gpu_va + CTL_AMD_QUEUE);
	if (kcp & KCP_KERNARG_SEGMENT_PTR)
		push64(u, kernarg_va);
	if (kcp & KCP_DISPATCH_ID)
		push64(u, seq);
	if (kcp & KCP_FLAT_SCRATCH_INIT)
		push64(u, q->scratch.gpu_va);
	if (preload_len) {
		if ((preload_off + preload_len) * 4 > k->kernarg_size)
			return bh_fail(err, BH_ENOEXEC,
				       "kernel '%s': kernarg preload reads past the kernarg",
				       k->name);
		for (uint32_t i = 0; i < preload_len; i++)
			push(u, bh_rd32(kernarg + 4 * (preload_off + i)));
	}
	if (kcp & KCP_PRIVATE_SEGMENT_SIZE)
		push(u, k->kd.private_segment_fixed_size);
	if (u->overflow || u->n > rsrc2_count)
		return bh_fail(err, BH_ENOEXEC,
			       "kernel '%s': descriptor enables %s%u user SGPRs but "
			       "RSRC2.USER_SGPR_COUNT is %u", k->name,
			       u->overflow ? "more than " : "", u->n, rsrc2_count);
	/* gfx11 wave32 pads USER_SGPR_COUNT; the padding is never read. */
	while (u->n < rsrc2_count)
		push(u, 0);
	return 0;
}

/*
 * A cooperative launch needs all its workgroups resident at once (grid
 * sync waits for every one of them): refuse grids the device cannot
 * hold, and give the launch its grid-sync record.
 */
static int coop_prepare(struct bh_queue *q, const struct bh_kernel *k,
			const struct bh_launch *l, uint32_t slot, uint64_t *record,
			struct bh_error *err)
{
	struct bh_occupancy occ;
	uint64_t groups = 1;
	char what[256];
	int ret;

	for (int d = 0; d < 3; d++)
		groups *= (l->grid[d] + l->block[d] - 1) / l->block[d];
	ret = bh_kernel_occupancy(q->dev, k, l->block[0] * l->block[1] * l->block[2],
				  l->dynamic_lds, &occ, err);
	if (ret)
		return ret;
	uint64_t limit = occ.max_groups;
	const char *why = occ.limit;

	/* Waves that use scratch also need one of TMPRING's wave slots. */
	if (q->scratch.size && q->scratch_waves / occ.waves_per_group < limit) {
		limit = q->scratch_waves / occ.waves_per_group;
		why = "scratch wave slots";
	}
	if (groups > limit || groups > UINT32_MAX) {
		bh_describe_launch(what, sizeof(what), k, l);
		return bh_fail(err, BH_ENOSPC, "%s: a cooperative launch of %llu workgroups "
			       "cannot be resident at once; the device holds at most %llu "
			       "(%u per CU x %u CUs, bound by %s)", what,
			       (unsigned long long)groups, (unsigned long long)limit,
			       occ.groups_per_cu, q->dev->info.num_cus, why);
	}
	if (!q->coop.size) {
		ret = bh_mem_alloc(q->dev, (uint64_t)q->nslots * BH_COOP_RECORD_BYTES,
				   BH_MEM_VRAM, &q->coop, err);
		if (ret)
			return ret;
	}
	*record = q->coop.gpu_va + (uint64_t)slot * BH_COOP_RECORD_BYTES;
	return 0;
}

static uint32_t groups_of(const struct bh_launch *l, int d)
{
	return l->grid[d] / l->block[d] + (l->grid[d] % l->block[d] ? 1 : 0);
}

static uint32_t grid_dims(const struct bh_launch *l)
{
	return l->grid[2] > 1 || l->block[2] > 1 ? 3 :
	       l->grid[1] > 1 || l->block[1] > 1 ? 2 : 1;
}

/*
 * Program, resources, scratch, group shape: every SH register of a launch
 * except the user data, sent where it changed.  Leaves the group counts
 * and the dispatch initiator in q->shape_dim/shape_initiator.
 */
static void set_shape_regs(struct bh_queue *q, struct pm4_builder *b,
			   const struct bh_kernel *k, const struct bh_launch *l)
{
	const struct bh_gfx *gfx = q->dev->gfx;
	uint32_t num_thread[3], initiator = DISPATCH_COMPUTE_SHADER_EN |
					    DISPATCH_FORCE_START_AT_000;

	for (int d = 0; d < 3; d++) {
		uint32_t rem = l->grid[d] % l->block[d];

		q->shape_dim[d] = l->grid[d] / l->block[d] + (rem ? 1 : 0);
		num_thread[d] = NUM_THREAD(l->block[d], rem);
		if (rem)
			initiator |= DISPATCH_PARTIAL_TG_EN;
	}
	if (gfx->order_mode)
		initiator |= DISPATCH_ORDER_MODE;
	q->shape_initiator = initiator;

	uint32_t lds = k->group_segment_fixed_size + l->dynamic_lds;
	uint32_t rsrc2 = (k->kd.compute_pgm_rsrc2 & ~RSRC2_LDS_SIZE_MASK) |
			 ((lds + gfx->lds_granule - 1) / gfx->lds_granule)
				 << RSRC2_LDS_SIZE_SHIFT;
	uint64_t entry = k->entry_va + ((k->kd.kernarg_preload & 0x7f) ? 256 : 0);
	uint32_t start_and_threads[6] = { 0, 0, 0, num_thread[0], num_thread[1],
					  num_thread[2] };
	uint32_t pgm[2] = { (uint32_t)(entry >> 8), (uint32_t)(entry >> 40) };
	uint32_t rsrc[2] = { k->kd.compute_pgm_rsrc1, rsrc2 };
	uint32_t restart[3] = { 0, 0, 0 };
	uint32_t scratch_base[2] = { (uint32_t)(q->scratch.gpu_va >> 8),
				     (uint32_t)(q->scratch.gpu_va >> 40) };
	uint32_t tmpring = q->scratch.size ? TMPRING_SIZE(q->scratch_waves,
							  q->scratch_wave_units) : 0;
	uint32_t zero = 0;

	set_sh_changed(q, b, REG_COMPUTE_PGM_LO, pgm, 2);
	set_sh_changed(q, b, REG_COMPUTE_PGM_RSRC1, rsrc, 2);
	if (gfx->reg_pgm_rsrc3)
		set_sh_changed(q, b, gfx->reg_pgm_rsrc3, &k->kd.compute_pgm_rsrc3, 1);
	if (gfx->architected_scratch)
		set_sh_changed(q, b, REG_COMPUTE_DISPATCH_SCRATCH_BASE_LO, scratch_base, 2);
	set_sh_changed(q, b, REG_COMPUTE_TMPRING_SIZE, &tmpring, 1);
	set_sh_changed(q, b, REG_COMPUTE_RESOURCE_LIMITS, &zero, 1);
	set_sh_changed(q, b, REG_COMPUTE_START_X, start_and_threads, 6);
	set_sh_changed(q, b, REG_COMPUTE_RESTART_X, restart, 3);
}

int bh_queue_launch(struct bh_queue *q, const struct bh_kernel *k,
		    const struct bh_launch *l, uint64_t *seq_out,
		    struct bh_error *err)
{
	const struct bh_gfx *gfx = q->dev->gfx;
	struct user_sgprs u;
	struct pm4_builder b;
	uint32_t pkt[160];
	int ret;

	if (q->faulted)
		return bh_fail(err, BH_EFAULT, "the queue stopped after a GPU fault; "
			       "reset the device");
	ret = bh_launch_validate(q->dev, k, l, err);
	if (ret)
		return ret;
	if (k->codeobj->dev != q->dev)
		return bh_fail(err, BH_EINVAL, "kernel '%s' is loaded on another device",
			       k->name);
	uint32_t packet_off = BH_ALIGN_UP(k->kernarg_size, AQL_PACKET_BYTES);

	if (packet_off + AQL_PACKET_BYTES > SLOT_BYTES)
		return bh_fail(err, BH_ERANGE, "kernel '%s': %u bytes of kernarg exceed "
			       "the loader's %u-byte slots", k->name, k->kernarg_size,
			       SLOT_BYTES - AQL_PACKET_BYTES);
	if (l->flags & ~BH_LAUNCH_COOPERATIVE) {
		char what[256];

		bh_describe_launch(what, sizeof(what), k, l);
		return bh_fail(err, BH_EINVAL, "%s: unknown launch flags 0x%x", what, l->flags);
	}
	ret = scratch_prepare(q, k, err);
	if (ret)
		return ret;

	struct bh_hidden_ptrs hidden = {
		.printf_buffer = q->printf_buf.gpu_va,
		.queue_ptr = q->ctl.gpu_va + CTL_AMD_QUEUE,
	};

	if (k->arg_kinds & (1ull << BH_ARG_HIDDEN_HEAP_V1)) {
		ret = bh_heap_prepare(q->dev, &hidden.heap, err);
		if (ret)
			return ret;
	}
	ret = begin_seq(q, err);
	if (ret)
		return ret;
	uint64_t seq = q->submitted + 1;

	/* The kernarg slot of seq is free once seq - nslots has retired. */
	if (seq > q->nslots) {
		ret = bh_queue_wait(q, seq - q->nslots, err);
		if (ret)
			return ret;
	}
	uint32_t slot = (uint32_t)(seq % q->nslots);
	uint8_t *kernarg = (uint8_t *)q->kernargs.cpu + (uint64_t)slot * SLOT_BYTES;
	uint64_t kernarg_va = q->kernargs.gpu_va + (uint64_t)slot * SLOT_BYTES;
	uint64_t packet_va = kernarg_va + packet_off;

	if (l->flags & BH_LAUNCH_COOPERATIVE) {
		ret = coop_prepare(q, k, l, slot, &hidden.multigrid_sync, err);
		if (ret)
			return ret;
	}
	ret = bh_kernarg_build_ex(k, l, &hidden, kernarg, SLOT_BYTES - AQL_PACKET_BYTES, err);
	if (ret)
		return ret;
	write_aql_packet(kernarg + packet_off, k, l, kernarg_va, grid_dims(l));
	ret = build_user_sgprs(q, k, kernarg_va, kernarg, packet_va, seq, &u, err);
	if (ret)
		return ret;

	struct launch_shape shape;

	memset(&shape, 0, sizeof(shape));	/* padding too: compared bytewise */
	shape.k = k;
	shape.load_id = k->codeobj->load_id;
	for (int d = 0; d < 3; d++) {
		shape.grid[d] = l->grid[d];
		shape.block[d] = l->block[d];
	}
	shape.dynamic_lds = l->dynamic_lds;
	bool same_shape = q->shape.k && !memcmp(&shape, &q->shape, sizeof(shape));

	/* Room for the longest launch first: once packets are built the
	 * shadow says what the ring holds, so nothing may fail after. */
	ret = ring_reserve(q, BH_ARRAY_SIZE(pkt), err);
	if (ret)
		return ret;
	pm4_init(&b, pkt, BH_ARRAY_SIZE(pkt));
	if (hidden.multigrid_sync) {
		/* Cooperative: the CUs to itself (earlier work finished), and a
		 * fresh grid-sync record: nobody arrived, generation 0, one
		 * grid of all the workgroups, which is its own multi-grid. */
		uint32_t rec[BH_COOP_INIT_DWORDS] = {
			[BH_COOP_OFF_NUM_GROUPS / 4] = groups_of(l, 0) * groups_of(l, 1) *
							groups_of(l, 2),
			[BH_COOP_OFF_NUM_GRIDS / 4] = 1,
			[BH_COOP_OFF_MULTI / 4] = (uint32_t)hidden.multigrid_sync,
			[BH_COOP_OFF_MULTI / 4 + 1] = (uint32_t)(hidden.multigrid_sync >> 32),
		};

		pm4_cs_partial_flush(&b);
		pm4_write_data(&b, hidden.multigrid_sync, rec, BH_COOP_INIT_DWORDS);
	}
	pm4_acquire_mem_gfx9(&b, gfx->acquire_coher_cntl);
	if (!same_shape) {
		set_shape_regs(q, &b, k, l);
		q->shape = shape;
	}
	if (u.n)
		set_sh_changed(q, &b, REG_COMPUTE_USER_DATA_0, u.v, u.n);
	pm4_dispatch_direct(&b, q->shape_dim, q->shape_initiator);
	pm4_release_mem(&b, gfx->release_mem_event, RELEASE_DATA_64, RELEASE_INT_AFTER_WRITE,
			q->ctl.gpu_va + CTL_FENCE, seq, (uint32_t)q->qid);
	if (b.overflow) {		/* cannot happen: pkt holds the longest launch */
		bh_queue_forget_state(q);
		return bh_fail(err, BH_ERANGE, "launch packets overflow the builder");
	}

	record_seq(q, seq, k, l);
	if (!q->stats.launches)
		q->stats.first_launch_dwords = b.len;
	q->stats.last_launch_dwords = b.len;
	q->stats.launches++;
	q->stats.pm4_dwords += b.len;
	ring_commit(q, pkt, b.len);
	if (seq_out)
		*seq_out = seq;
	return 0;
}
