// SPDX-License-Identifier: MIT
/*
 * The sim board's registers, as the kmod and pci backends drive them
 * (simboard.h).  Plain C with the C library's string functions: it
 * builds for Linux and for a board with newlib and no operating system.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "simboard.h"

static const char *const cmd_names[] = {
	[BHSIM_CMD_RESET] = "reset", [BHSIM_CMD_GART_MAP] = "GART map",
	[BHSIM_CMD_GART_UNMAP] = "GART unmap", [BHSIM_CMD_QUEUE_INIT] = "queue init",
	[BHSIM_CMD_QUEUE_FINI] = "queue fini", [BHSIM_CMD_QUEUE_RESET] = "queue reset",
	[BHSIM_CMD_QUEUE_GWS] = "queue GWS",
};

void bh_simboard_init(struct bh_simboard *sb)
{
	memset(sb->queue_used, 0, sizeof(sb->queue_used));
	sb->gws_queue = -1;
	sb->lost = false;
}

void bh_simboard_logf(struct bh_simboard *sb, const char *fmt, ...)
{
	char line[BH_ERROR_MAX];
	int n = snprintf(line, sizeof(line), "%s: ", sb->name);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line + n, sizeof(line) - (size_t)n, fmt, ap);
	va_end(ap);
	sb->log(sb->ctx, line);
}

int bh_simboard_set_timeout(struct bh_simboard *sb, const char *backend, const char *env_name,
			    uint64_t default_ns, struct bh_error *err)
{
	const char *env = getenv(env_name);
	unsigned long long ms;
	char *end;

	sb->cmd_timeout_ns = default_ns;
	if (!env || !*env)
		return 0;
	errno = 0;
	ms = strtoull(env, &end, 10);
	if (errno || *end || !ms || ms > 3600000)
		return bh_fail(err, BH_EINVAL, "%s: %s='%s': want milliseconds, 1 to 3600000",
			       backend, env_name, env);
	sb->cmd_timeout_ns = ms * 1000000ull;
	return 0;
}

int bh_simboard_check(struct bh_simboard *sb, const char *backend, const char *target,
		      uint64_t vram_window, struct bh_error *err)
{
	const struct bhsim_regs *r = sb->regs;

	if (r->magic != BHSIM_REGS_MAGIC || r->version != BHSIM_REGS_VERSION)
		return bh_fail(err, BH_ENODEV, "%s: %s: no sim board registers (magic 0x%x "
			    "version %u; want 0x%x version %u): is barehip-sim serving it?",
			    backend, sb->name, r->magic, r->version, BHSIM_REGS_MAGIC,
			    BHSIM_REGS_VERSION);
	if (strncmp(r->target, target, sizeof(r->target)) || r->vram_size > vram_window ||
	    r->max_queues < 1)
		return bh_fail(err, BH_ENODEV, "%s: %s: the registers (%.16s, %llu bytes "
			    "of VRAM) disagree with the board header (%.16s, %llu)", backend,
			    sb->name, r->target, (unsigned long long)r->vram_size, target,
			    (unsigned long long)vram_window);
	sb->cmd_seq = r->cmd_seq;
	return 0;
}

int bh_simboard_cmd(struct bh_simboard *sb, uint32_t cmd, uint64_t a0, uint64_t a1, uint64_t a2,
		    uint64_t a3, char *why, size_t len)
{
	struct bhsim_regs *r = sb->regs;
	uint64_t start = sb->now_ns(sb->ctx), now, limit = sb->cmd_timeout_ns;
	uint32_t seq = sb->cmd_seq + 1;
	int ret;

	if (sb->lost) {
		snprintf(why, len, "board %s: not sent: %s", cmd_names[cmd], sb->lost_why);
		return BH_SIMBOARD_NOT_SENT;
	}
	r->cmd = cmd;
	r->args[0] = a0;
	r->args[1] = a1;
	r->args[2] = a2;
	r->args[3] = a3;
	r->args[4] = r->args[5] = 0;
	__atomic_store_n(&r->cmd_seq, seq, __ATOMIC_RELEASE);
	sb->cmd_seq = seq;
	ret = sb->ring(sb->ctx, BHSIM_VECTOR_CMD);
	while (!ret && __atomic_load_n(&r->done_seq, __ATOMIC_ACQUIRE) != seq) {
		now = sb->now_ns(sb->ctx);
		if (now - start >= limit) {
			ret = -ETIMEDOUT;
			break;
		}
		ret = sb->wait(sb->ctx, BHSIM_VECTOR_CMD, limit - (now - start));
	}
	if (ret) {
		char *cause = sb->lost_cause;

		if (ret == -ETIMEDOUT)
			snprintf(cause, sizeof(sb->lost_cause), "no answer within %llu ms",
				 (unsigned long long)(limit / 1000000));
		else
			snprintf(cause, sizeof(sb->lost_cause), "cannot ring it: %s",
				 strerror(-ret));
		snprintf(why, len, "board %s: %s", cmd_names[cmd], cause);
		snprintf(sb->lost_why, sizeof(sb->lost_why), "the board is lost: its %s got %s",
			 cmd_names[cmd], ret == -ETIMEDOUT ? cause : "no answer");
		sb->lost = true;
		return BH_SIMBOARD_NO_ANSWER;
	}
	if (__atomic_load_n(&r->status, __ATOMIC_RELAXED)) {
		snprintf(why, len, "board %s: %.*s", cmd_names[cmd], (int)sizeof(r->error),
			 r->error);
		return BH_SIMBOARD_REFUSED;
	}
	return BH_SIMBOARD_DONE;
}

void bh_simboard_ack_faults(struct bh_simboard *sb)
{
	for (unsigned q = 0; q < BHSIM_MAX_QUEUES; q++)
		sb->regs->fault_ack[q] = __atomic_load_n(&sb->regs->queue[q].fault_seq,
							 __ATOMIC_ACQUIRE);
}

void bh_simboard_fill_info(const struct bh_simboard *sb, struct bh_device_info *info)
{
	const struct bhsim_regs *r = sb->regs;

	snprintf(info->name, sizeof(info->name), "%.*s", (int)sizeof(r->name), r->name);
	snprintf(info->gfx, sizeof(info->gfx), "%.*s", (int)sizeof(r->target), r->target);
	info->mach = r->mach;
	info->gfx_version = r->gfx_version;
	info->wave_size = r->wave_size;
	info->num_cus = r->num_cus;
	info->simds_per_cu = r->simds_per_cu;
	info->num_se = r->num_se;
	info->num_gws = r->num_gws;
	info->max_queues = BHSIM_MAX_QUEUES;
	info->max_waves_per_simd = r->max_waves_per_simd;
	info->vram_size = r->vram_size;
	info->vram_gpu_base = r->vram_base;
	info->lds_size = r->lds_size;
	info->max_workgroup_size = r->max_workgroup_size;
	info->clock_hz = r->clock_hz;
	info->timestamp_hz = r->timestamp_hz;
	info->architected_scratch = r->architected_scratch;
	info->xnack = (uint8_t)r->xnack;
	info->sramecc = (uint8_t)r->sramecc;
	info->unified_memory = true;
}

/* ---------------------------------------------------------------- queues */

int bh_simboard_queue_create(struct bh_simboard *sb, const struct bh_mem *ring, uint64_t rptr_va,
			     struct bh_error *err)
{
	unsigned n = sb->regs->max_queues < BHSIM_MAX_QUEUES ? sb->regs->max_queues :
								 BHSIM_MAX_QUEUES;
	char why[256];

	for (unsigned q = 0; q < n; q++) {
		int ret;

		if (sb->queue_used[q])
			continue;
		ret = bh_simboard_cmd(sb, BHSIM_CMD_QUEUE_INIT, q, ring->gpu_va, ring->size,
				      rptr_va, why, sizeof(why));
		if (ret)
			return bh_fail(err, ret == BH_SIMBOARD_REFUSED ? BH_EINVAL : BH_ENODEV,
				    "%s: %s", sb->name, why);
		sb->queue_used[q] = true;
		return (int)q;
	}
	return bh_fail(err, BH_ERANGE, "%s: the board has no free compute queue (%u in use)",
		    sb->name, n);
}

void bh_simboard_queue_destroy(struct bh_simboard *sb, int qid)
{
	char why[256];

	/* A lost board was reported once: its queues go quietly. */
	if (bh_simboard_cmd(sb, BHSIM_CMD_QUEUE_FINI, (uint64_t)qid, 0, 0, 0, why, sizeof(why)) &&
	    !sb->lost)
		bh_simboard_logf(sb, "%s", why);
	sb->queue_used[qid] = false;
	if (sb->gws_queue == qid)
		sb->gws_queue = -1;
}

/* As KFD: one queue holds all the GWS resources until it is destroyed. */
int bh_simboard_queue_alloc_gws(struct bh_simboard *sb, int qid, struct bh_error *err)
{
	char why[256];

	if (sb->gws_queue == qid)
		return 0;
	if (sb->gws_queue >= 0)
		return bh_fail(err, BH_EBUSY, "%s: queue %d holds the GWS resources", sb->name,
			    sb->gws_queue);
	if (!sb->regs->num_gws)
		return bh_fail(err, BH_ENOTSUP, "%s: the board has no GWS resources", sb->name);
	if (bh_simboard_cmd(sb, BHSIM_CMD_QUEUE_GWS, (uint64_t)qid, sb->regs->num_gws, 0, 0, why,
			    sizeof(why)))
		return bh_fail(err, BH_EINVAL, "%s: %s", sb->name, why);
	sb->gws_queue = qid;
	return 0;
}

int bh_simboard_queue_reset(struct bh_simboard *sb, int qid)
{
	char why[256];

	if (bh_simboard_cmd(sb, BHSIM_CMD_QUEUE_RESET, (uint64_t)qid, 0, 0, 0, why, sizeof(why))) {
		bh_simboard_logf(sb, "%s", why);
		return -1;
	}
	return 0;
}

int bh_simboard_doorbell(struct bh_simboard *sb, int qid, uint64_t wptr)
{
	__atomic_store_n(&sb->doorbell[qid], wptr, __ATOMIC_RELEASE);
	return sb->ring(sb->ctx, BHSIM_VECTOR_QUEUE);
}

int bh_simboard_take_fault(struct bh_simboard *sb, int qid, struct bh_gpu_fault *out)
{
	struct bhsim_queue_regs *qr = &sb->regs->queue[qid];
	uint32_t seq = __atomic_load_n(&qr->fault_seq, __ATOMIC_ACQUIRE);
	const struct bhsim_fault *f = &qr->fault;

	/* Nothing a lost board reports is trusted: its queues stop, at once. */
	if (sb->lost) {
		out->kind = "board lost";
		out->unlocated = true;
		snprintf(out->detail, sizeof(out->detail), "%s", sb->lost_why);
		return 1;
	}
	if (seq == sb->regs->fault_ack[qid])
		return 0;
	/*
	 * The board's strings need not end in a NUL: at most size - 1 of
	 * their bytes are taken (what snprintf would keep anyway).
	 */
	snprintf(sb->fault_kind[qid], sizeof(sb->fault_kind[qid]), "%.*s",
		 (int)sizeof(f->kind) - 1, f->kind);
	out->kind = sb->fault_kind[qid];
	out->pc = f->pc;
	memcpy(out->dwords, f->dwords, sizeof(out->dwords));
	out->address = f->address;
	memcpy(out->workgroup, f->workgroup, sizeof(out->workgroup));
	out->wave = f->wave;
	snprintf(out->detail, sizeof(out->detail), "%.*s", (int)sizeof(f->message) - 1,
		 f->message);
	__atomic_store_n(&sb->regs->fault_ack[qid], seq, __ATOMIC_RELEASE);
	return 1;
}

bool bh_simboard_stalled(const struct bh_simboard *sb)
{
	for (unsigned q = 0; q < BHSIM_MAX_QUEUES; q++)
		if (sb->queue_used[q] &&
		    __atomic_load_n(&sb->regs->queue[q].state, __ATOMIC_RELAXED) ==
			    BHSIM_QUEUE_STALLED)
			return true;
	return false;
}
