/* SPDX-License-Identifier: MIT */
/*
 * The sim board's registers as a backend drives them (its register
 * window, doorbell page and command mailbox: boards/sim/server-regs.h),
 * whatever carries them: the kmod backend reaches them through
 * barehip.ko's mappings and ioctls, the pci backend through BARs it
 * assigned itself.  The transport gives three things: ring a doorbell
 * vector, wait for a vector's interrupt (or poll), and the time.
 *
 * Everything else is here, once: board commands and what a lost board
 * means, queue setup, doorbells, faults and the device's identity.
 * Single-threaded per board: the loader core calls the control
 * operations one at a time (struct bh_platform).
 */
#ifndef BH_SIMBOARD_H
#define BH_SIMBOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <bh/platform.h>
#include "../../boards/sim/server-regs.h"

/* What became of a board command (bh_simboard_cmd's return value). */
enum {
	BH_SIMBOARD_DONE = 0,
	BH_SIMBOARD_REFUSED = -1,	/* the board answered: it did not do it */
	BH_SIMBOARD_NO_ANSWER = -2,	/* no answer (timeout, transport): it may have done it */
	BH_SIMBOARD_NOT_SENT = -3,	/* the board was lost already */
};

struct bh_simboard {
	const char *name;		/* for messages: "/dev/barehip0", "pci 0000:00:03.0" */
	struct bhsim_regs *regs;
	uint64_t *doorbell;		/* one 64-bit wptr slot per queue */

	/* The transport. */
	void *ctx;
	/* Ring doorbell vector @vector; 0 or -errno. */
	int (*ring)(void *ctx, uint32_t vector);
	/*
	 * Wait up to @timeout_ns for vector @vector's next interrupt (a
	 * transport without interrupts polls: it may return at once).  0 (an
	 * interrupt or time to look again), or -errno: the command fails.
	 */
	int (*wait)(void *ctx, uint32_t vector, uint64_t timeout_ns);
	uint64_t (*now_ns)(void *ctx);
	void (*log)(void *ctx, const char *line);

	uint64_t cmd_timeout_ns;
	uint32_t cmd_seq;
	/*
	 * A command went unanswered: the board's state is unknown, so it is
	 * lost for this process.  Commands fail at once, waits on queues
	 * report it.
	 */
	bool lost;
	char lost_why[200], lost_cause[80];
	bool queue_used[BHSIM_MAX_QUEUES];
	int gws_queue;			/* the queue holding the GWS resources, or -1 */
	char fault_kind[BHSIM_MAX_QUEUES][sizeof(((struct bhsim_fault *)0)->kind)];
};

/* Before the registers are mapped: no queues, no GWS, nothing lost. */
void bh_simboard_init(struct bh_simboard *sb);

/* printf-style message through @sb->log, prefixed with the board's name. */
void bh_simboard_logf(struct bh_simboard *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * The command timeout: @env_name's milliseconds (1 to 3600000), else
 * @default_ns.  0, or BH_EINVAL naming the variable (@backend: "kmod
 * backend").
 */
int bh_simboard_set_timeout(struct bh_simboard *sb, const char *backend, const char *env_name,
			    uint64_t default_ns, struct bh_error *err);

/*
 * Check the mapped registers (magic, version, @target as the board's
 * header names it, VRAM no larger than the @vram_window) and take the
 * board's command sequence.  0, or a BH_E* code with @err filled;
 * @backend names the caller in the message ("kmod backend").
 */
int bh_simboard_check(struct bh_simboard *sb, const char *backend, const char *target,
		      uint64_t vram_window, struct bh_error *err);

/*
 * One command through the board's mailbox: arguments, then the sequence
 * number, ring, and wait for the board's answer.  BH_SIMBOARD_DONE, or
 * another BH_SIMBOARD_* with the reason in @why.  The first command
 * without an answer loses the board: later ones are not sent.
 */
int bh_simboard_cmd(struct bh_simboard *sb, uint32_t cmd, uint64_t a0, uint64_t a1, uint64_t a2,
		    uint64_t a3, char *why, size_t len);

/* After a reset: faults of an earlier process are not ours. */
void bh_simboard_ack_faults(struct bh_simboard *sb);

/* The device's identity from the registers (the PCI location is the caller's). */
void bh_simboard_fill_info(const struct bh_simboard *sb, struct bh_device_info *info);

/* struct bh_platform's queue operations, on the board. */
int bh_simboard_queue_create(struct bh_simboard *sb, const struct bh_mem *ring, uint64_t rptr_va,
			     struct bh_error *err);
void bh_simboard_queue_destroy(struct bh_simboard *sb, int qid);
int bh_simboard_queue_alloc_gws(struct bh_simboard *sb, int qid, struct bh_error *err);
int bh_simboard_queue_reset(struct bh_simboard *sb, int qid);
/* Store the wptr in the queue's slot and ring; 0 or the ring's -errno. */
int bh_simboard_doorbell(struct bh_simboard *sb, int qid, uint64_t wptr);
int bh_simboard_take_fault(struct bh_simboard *sb, int qid, struct bh_gpu_fault *out);
/* Whether a queue of ours waits on memory (WAIT_REG_MEM): the core must look again soon. */
bool bh_simboard_stalled(const struct bh_simboard *sb);

#endif /* BH_SIMBOARD_H */
