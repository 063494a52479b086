/* SPDX-License-Identifier: MIT */
/*
 * A PM4 compute queue, shared by its two halves: queue.c owns the ring,
 * the fence and everything that waits on it; dispatch.c turns a launch
 * into packets and hands them to the ring.  dispatch.c calls into
 * queue.c; queue.c only tells dispatch.c, through bh_queue_forget_state,
 * when a reset may have cleared the queue's registers.
 */
#ifndef BH_QUEUE_H
#define BH_QUEUE_H

#include "internal.h"

#define SLOT_BYTES	8192u		/* kernarg + fake AQL packet */
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
	uint64_t ref;
	bool wide;		/* WAIT_REG_MEM64: a qword */
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
 * its state (creation, a fault, a reset: bh_queue_forget_state).
 */
#define SHADOW_BASE	0x2e00u
#define SHADOW_REGS	0x50u

struct sh_shadow {
	uint32_t v[SHADOW_REGS];
	uint64_t valid[(SHADOW_REGS + 63) / 64];	/* bit k: v[k] is known */
};

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

/*
 * One lock per queue (struct bh_queue.lock, a platform mutex) serialises
 * everything below: submissions, waits (a host wait lets it go while it
 * sleeps), retiring.  submitted, wptr and faulted are also read without
 * it (atomically; written with atomic stores under it).
 */
struct bh_queue {
	/* The ring and its fence (queue.c). */
	struct bh_device *dev;
	void *lock;
	int qid;
	struct bh_mem ring, ctl;
	uint32_t ring_dwords;
	uint64_t wptr;			/* dwords, monotonic */
	uint64_t submitted;		/* last fence value emitted */
	uint64_t retired;		/* last fence value seen */
	uint64_t dropped_from, dropped_to;	/* launches a reset threw away */
	bool faulted;
	bool in_epoch;			/* starting a new fence epoch (bh_queue_begin_seq) */
	struct queue_wait wait;		/* waits since the last fence value */
	struct bh_queue *next_on_dev;	/* dev->queues */
	uint64_t serial;		/* bh_queue_serial */
	struct bh_queue_stats stats;
	bool irq_mailbox;		/* fences interrupt through a mailbox write */
	uint64_t mailbox_va;		/* (platform->queue_signal) */
	uint32_t mailbox_data;

	/* What launches use (allocated with the queue, used by dispatch.c). */
	struct bh_mem kernargs, scratch;
	struct bh_mem printf_buf;	/* printf.c: header + records */
	struct bh_mem coop;		/* a grid-sync record per kernarg slot */
	bool gws;			/* holds the device's GWS resources */
	uint32_t nslots;
	uint32_t scratch_wave_units;	/* TMPRING.WAVESIZE */
	uint32_t scratch_waves;		/* TMPRING.WAVES */
	uint32_t scratch_slots;		/* waves with scratch at once, device-wide */
	struct sh_shadow shadow;
	struct launch_shape shape;	/* valid when shape.k != NULL */
	uint32_t shape_dim[3], shape_initiator;

	struct inflight inflight[MAX_INFLIGHT];	/* queue.c; last: it is large */
};

/*
 * queue.c: how a submission gets onto the ring.  A submitter claims the
 * next fence value, reserves ring space, builds its packets
 * ending in the RELEASE_MEM of that value, records what the value
 * stands for, and commits.
 */
int bh_queue_begin_seq(struct bh_queue *q, struct bh_error *err);
/* The lock held (a submission waiting for room or a slot): bh_queue_wait
 * and bh_queue_finish that keep the lock while they sleep. */
int bh_queue_wait_held(struct bh_queue *q, uint64_t seq, struct bh_error *err);
int bh_queue_finish_held(struct bh_queue *q, struct bh_error *err);
void bh_queue_forget_state_held(struct bh_queue *q);
/* The packets that end a submission: the RELEASE_MEM of fence value
 * @seq and the interrupt that wakes a waiter (at most FENCE_DWORDS). */
#define FENCE_DWORDS 16
void bh_queue_emit_fence(struct bh_queue *q, struct pm4_builder *b, uint64_t seq);
int bh_queue_ring_reserve(struct bh_queue *q, uint32_t ndw, struct bh_error *err);
void bh_queue_record_seq(struct bh_queue *q, uint64_t seq, const struct bh_kernel *k,
			 const struct bh_launch *l);
void bh_queue_commit(struct bh_queue *q, const uint32_t *dw, uint32_t n);

#endif
