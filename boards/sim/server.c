// SPDX-License-Identifier: MIT
/*
 * barehip-sim: the sim board as a PCI function of a QEMU guest.  The GPU
 * model of boards/sim/model runs here, on the host, unchanged; this file
 * is the glue a real board has in silicon:
 *
 *   - the ivshmem shared BAR is the board's BAR: the sim board header,
 *     the register window (server-regs.h), the doorbell page, and VRAM,
 *     which is also the model's VRAM (the guest maps the same pages);
 *   - the guest's RAM is shared with QEMU, so a bus address the guest's
 *     barehip.ko hands out is a guest-physical address the model reaches
 *     through its GART (pci_board_guest);
 *   - the guest rings through QEMU's ivshmem doorbell, which arrives as
 *     an eventfd; a queue doorbell hands the queues whose write pointer
 *     moved to the model's CP, which runs beside the guest on its own
 *     thread (BAREHIP_SIM_SYNC=1: inside the doorbell, synchronously),
 *     and RELEASE_MEM interrupts and faults go back to the guest as
 *     MSI-X (from the notifier thread).
 *
 * Usage: barehip-sim SOCKET [--ram-mb N] [--ram-base ADDR] [--timeout SECONDS]
 *                    [--gfx gfx90a|gfx942] [--vram-mb N] [--threads N]
 *                    [--inject ignore:gart-unmap[:N]]
 * (--ram-base: the guest's RAM is one block at this guest-physical
 * address, as on Arm's virt machine (0x40000000); without it, QEMU's x86
 * layout.  --vram-mb: the VRAM in MiB, 16..196608, as BAREHIP_SIM_VRAM_MB, which
 * it overrides; default Kconfig's SIM_VRAM_MB.  --threads: the model's
 * host threads, as BAREHIP_SIM_THREADS, which it overrides; 0 = one per
 * online core.  --inject, a fault for tests: the
 * first N GART unmap commands, default all, are neither done nor
 * answered, as by a board that hung.)
 * Prints "barehip-sim: ready ram=/proc/PID/fd/N" once it listens (QEMU's
 * memory-backend-file path); docs/kmod.md has the QEMU command line.
 * Exits when QEMU disconnects, on SIGTERM/SIGINT, or after the timeout
 * (status 3).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* fallocate */
#endif
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "generated/autoconf.h"
#include "model/sim.h"
#include "server-pci.h"
#include "server-regs.h"

_Static_assert(BHSIM_MAX_QUEUES == BH_SIM_MAX_QUEUES, "one doorbell slot per model queue");

struct server {
	struct pci_board pci;
	const struct bh_sim_target *target;	/* what the board reports (sim.h) */
	struct bh_sim_config cfg;
	struct bh_sim *sim;
	struct bhsim_regs *regs;
	uint64_t *doorbell;		/* the doorbell page: one wptr per queue */
	bool active[BHSIM_MAX_QUEUES];
	uint64_t wptr[BHSIM_MAX_QUEUES];	/* the last write pointer the CP got */
	struct bh_sim_stats total;	/* the models reset so far */
	/*
	 * The board runs beside the guest (bh_sim_start) unless
	 * BAREHIP_SIM_SYNC=1: a doorbell returns at once, and the notifier
	 * thread publishes queue states and faults and raises the queue MSI
	 * when the model raises an interrupt or a queue faults.  @lock
	 * serialises publish() between it and the serving thread.
	 */
	bool async;
	pthread_t notifier;
	bool notifying, stop_notifier;
	pthread_mutex_t lock;
	/* --inject: GART unmaps still to swallow (ULONG_MAX: all), and the
	 * last one swallowed (a ring with nothing new must not run it). */
	unsigned long swallow_unmaps;
	bool swallowed;
	uint32_t swallowed_seq;
};

static void add_stats(struct bh_sim_stats *t, const struct bh_sim *sim)
{
	struct bh_sim_stats s;

	bh_sim_get_stats(sim, &s);
	t->dispatches += s.dispatches;
	t->waves += s.waves;
	t->instructions += s.instructions;
}

static bool publish(struct server *s);

/* The asynchronous board's completions, to the guest (see struct server). */
static void *notifier_main(void *arg)
{
	struct server *s = arg;
	uint64_t seen = 0;

	while (!__atomic_load_n(&s->stop_notifier, __ATOMIC_ACQUIRE)) {
		if (!bh_sim_wait_event(s->sim, &seen, 100000000))
			continue;
		pthread_mutex_lock(&s->lock);
		bool irq = publish(s);

		pthread_mutex_unlock(&s->lock);
		if (irq && pci_board_interrupt(&s->pci, BHSIM_VECTOR_QUEUE) == 0)
			__atomic_fetch_add(&s->regs->interrupts, 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

static void notifier_stop(struct server *s)
{
	if (!s->notifying)
		return;
	__atomic_store_n(&s->stop_notifier, true, __ATOMIC_RELEASE);
	pthread_join(s->notifier, NULL);
	s->notifying = false;
	s->stop_notifier = false;
}

/*
 * A fresh model.  Its VRAM is made the BAR's VRAM window: the model
 * reserves its own (anonymous) VRAM, which is replaced in place by the
 * shared pages, so the model's pointers stay valid and the guest sees
 * what the CP writes.  VRAM and the doorbells start out zero, as with a
 * new in-process board.  0, or -1 with @why.
 */
static int model_reset(struct server *s, uint64_t deadlock_window, char *why, size_t len)
{
	struct bhsim_regs *r = s->regs;
	char err[256] = "";
	void *vram;

	notifier_stop(s);
	if (s->sim) {
		add_stats(&s->total, s->sim);
		bh_sim_destroy(s->sim);
		s->sim = NULL;
	}
	if (fallocate(s->pci.shm_fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
		      BHSIM_VRAM_OFFSET, (off_t)s->cfg.vram_size)) {
		snprintf(why, len, "cannot clear VRAM: %s", strerror(errno));
		return -1;
	}
	memset(s->doorbell, 0, BHSIM_DOORBELL_SIZE);
	memset(s->active, 0, sizeof(s->active));
	memset(s->wptr, 0, sizeof(s->wptr));
	for (unsigned q = 0; q < BHSIM_MAX_QUEUES; q++) {
		r->queue[q].state = BHSIM_QUEUE_INACTIVE;
		r->queue[q].rptr = 0;
	}

	s->cfg.deadlock_window = deadlock_window == ~0ull ? CONFIG_SIM_DEADLOCK_WINDOW :
							   deadlock_window;
	s->sim = bh_sim_create(&s->cfg, err);
	if (!s->sim) {
		snprintf(why, len, "cannot create the GPU model: %s", err);
		return -1;
	}
	vram = bh_sim_vram(s->sim);
	if (mmap(vram, s->cfg.vram_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED,
		 s->pci.shm_fd, BHSIM_VRAM_OFFSET) != vram) {
		snprintf(why, len, "cannot map VRAM into the model: %s", strerror(errno));
		bh_sim_destroy(s->sim);
		s->sim = NULL;
		return -1;
	}
	if (s->async && (bh_sim_start(s->sim) ||
			 pthread_create(&s->notifier, NULL, notifier_main, s))) {
		snprintf(why, len, "cannot start the board's threads (BAREHIP_SIM_SYNC=1 runs "
			 "it without them)");
		bh_sim_destroy(s->sim);
		s->sim = NULL;
		return -1;
	}
	s->notifying = s->async;
	return 0;
}

/* What the guest sees of its queues after the CP ran: states, faults. */
static bool publish(struct server *s)
{
	struct bhsim_regs *r = s->regs;
	struct bh_sim_fault f;
	uint32_t ctxid;
	bool irq = false;

	for (unsigned q = 0; q < BHSIM_MAX_QUEUES; q++) {
		uint64_t rptr = 0;

		r->queue[q].state = bh_sim_queue_status(s->sim, q, &rptr);
		r->queue[q].rptr = rptr;
	}
	while (bh_sim_take_fault(s->sim, &f)) {
		struct bhsim_queue_regs *qr = &r->queue[f.queue < BHSIM_MAX_QUEUES ? f.queue : 0];
		struct bhsim_fault *out = &qr->fault;

		snprintf(out->kind, sizeof(out->kind), "%s", bh_sim_fault_name(f.kind));
		out->pc = f.pc;
		out->address = f.address;
		memcpy(out->dwords, f.dwords, sizeof(out->dwords));
		out->wave = f.wave;
		memcpy(out->workgroup, f.workgroup, sizeof(out->workgroup));
		out->access = f.access;
		snprintf(out->message, sizeof(out->message), "%s", f.message);
		__atomic_store_n(&qr->fault_seq, qr->fault_seq + 1, __ATOMIC_RELEASE);
		r->faults++;
		irq = true;
	}
	while (bh_sim_take_interrupt(s->sim, &ctxid))
		irq = true;
	return irq;
}

static int run_command(struct server *s, uint32_t cmd, const uint64_t *a, char *why, size_t len)
{
	uint8_t *host;

	if (cmd != BHSIM_CMD_RESET && cmd != BHSIM_CMD_GART_MAP && cmd != BHSIM_CMD_GART_UNMAP &&
	    a[0] >= BHSIM_MAX_QUEUES) {
		snprintf(why, len, "queue %llu does not exist (%u queues)",
			 (unsigned long long)a[0], BHSIM_MAX_QUEUES);
		return -1;
	}
	if (cmd == BHSIM_CMD_RESET)
		return model_reset(s, a[0], why, len);
	if (!s->sim) {
		snprintf(why, len, "the board has no model since a failed reset");
		return -1;
	}
	switch (cmd) {
	case BHSIM_CMD_GART_MAP:
		host = pci_board_guest(&s->pci, a[1], a[2]);
		if (!host || !a[2]) {
			snprintf(why, len, "bus address 0x%llx, %llu bytes, is not guest RAM",
				 (unsigned long long)a[1], (unsigned long long)a[2]);
			return -1;
		}
		if (bh_sim_gart_map(s->sim, a[0], host, a[2])) {
			snprintf(why, len, "GART refuses 0x%llx (%llu bytes): unaligned, outside "
				 "the aperture, overlapping or out of slots",
				 (unsigned long long)a[0], (unsigned long long)a[2]);
			return -1;
		}
		return 0;
	case BHSIM_CMD_GART_UNMAP:
		if (bh_sim_gart_unmap(s->sim, a[0])) {
			snprintf(why, len, "nothing is mapped at 0x%llx", (unsigned long long)a[0]);
			return -1;
		}
		return 0;
	case BHSIM_CMD_QUEUE_INIT:
		if (a[2] > UINT32_MAX ||
		    bh_sim_queue_init(s->sim, (unsigned)a[0], a[1], (uint32_t)a[2], a[3])) {
			snprintf(why, len, "queue %u: ring 0x%llx (%llu bytes) or rptr 0x%llx "
				 "refused", (unsigned)a[0], (unsigned long long)a[1],
				 (unsigned long long)a[2], (unsigned long long)a[3]);
			return -1;
		}
		s->active[a[0]] = true;
		s->wptr[a[0]] = 0;
		__atomic_store_n(&s->doorbell[a[0]], 0, __ATOMIC_RELAXED);
		return 0;
	case BHSIM_CMD_QUEUE_FINI:
		bh_sim_queue_fini(s->sim, (unsigned)a[0]);
		s->active[a[0]] = false;
		return 0;
	case BHSIM_CMD_QUEUE_GWS:
		if (a[1] > BH_SIM_GWS_RESOURCES ||
		    bh_sim_queue_set_gws(s->sim, (unsigned)a[0], (unsigned)a[1])) {
			snprintf(why, len, "queue %u: cannot have %llu GWS resources (at most %u, "
				 "on an initialised queue)", (unsigned)a[0], (unsigned long long)a[1],
				 BH_SIM_GWS_RESOURCES);
			return -1;
		}
		return 0;
	case BHSIM_CMD_QUEUE_RESET:
		if (bh_sim_queue_reset(s->sim, (unsigned)a[0])) {
			snprintf(why, len, "queue %u cannot be reset", (unsigned)a[0]);
			return -1;
		}
		return 0;
	}
	snprintf(why, len, "unknown command %u", cmd);
	return -1;
}

/*
 * The command mailbox.  The guest may change it at any time: the
 * command and its arguments are read once, after cmd_seq.
 */
static void on_command(struct server *s)
{
	struct bhsim_regs *r = s->regs;
	uint32_t seq = __atomic_load_n(&r->cmd_seq, __ATOMIC_ACQUIRE);
	uint64_t args[6];
	char why[sizeof(r->error)] = "";
	bool queue_irq;
	uint32_t cmd;
	int status;

	if (seq == r->done_seq || (s->swallowed && seq == s->swallowed_seq))
		return;		/* a coalesced ring: nothing new */
	cmd = __atomic_load_n(&r->cmd, __ATOMIC_RELAXED);
	for (int i = 0; i < 6; i++)
		args[i] = __atomic_load_n(&r->args[i], __ATOMIC_RELAXED);
	if (cmd == BHSIM_CMD_GART_UNMAP && s->swallow_unmaps) {
		if (s->swallow_unmaps != ULONG_MAX)
			s->swallow_unmaps--;
		s->swallowed = true;
		s->swallowed_seq = seq;
		fprintf(stderr, "barehip-sim: --inject: GART unmap of 0x%llx swallowed (not done, "
			"not answered)\n", (unsigned long long)args[0]);
		return;
	}
	status = run_command(s, cmd, args, why, sizeof(why));
	r->commands++;
	memcpy(r->error, why, sizeof(why));
	r->status = status;
	pthread_mutex_lock(&s->lock);
	queue_irq = s->sim && publish(s);
	pthread_mutex_unlock(&s->lock);
	__atomic_store_n(&r->done_seq, seq, __ATOMIC_RELEASE);
	if (pci_board_interrupt(&s->pci, BHSIM_VECTOR_CMD) == 0)
		__atomic_fetch_add(&r->interrupts, 1, __ATOMIC_RELAXED);
	if (queue_irq && pci_board_interrupt(&s->pci, BHSIM_VECTOR_QUEUE) == 0)
		__atomic_fetch_add(&r->interrupts, 1, __ATOMIC_RELAXED);
}

/*
 * Queue doorbells: the CP runs every queue whose write pointer moved.
 * A ring with none moved is a kick (the loader saw a queue behind its
 * write pointer): queues stalled on WAIT_REG_MEM look at memory again.
 */
static void on_doorbell(struct server *s)
{
	bool moved = false;

	if (!s->sim)
		return;
	for (unsigned q = 0; q < BHSIM_MAX_QUEUES; q++) {
		uint64_t w;

		if (!s->active[q])
			continue;
		w = __atomic_load_n(&s->doorbell[q], __ATOMIC_ACQUIRE);
		if (w == s->wptr[q])
			continue;
		s->wptr[q] = w;
		moved = true;
		bh_sim_doorbell(s->sim, q, w);
	}
	if (!moved)
		bh_sim_poll(s->sim);
	pthread_mutex_lock(&s->lock);
	bool irq = publish(s);

	pthread_mutex_unlock(&s->lock);
	if (irq && pci_board_interrupt(&s->pci, BHSIM_VECTOR_QUEUE) == 0)
		__atomic_fetch_add(&s->regs->interrupts, 1, __ATOMIC_RELAXED);
}

static void on_ring(void *ctx, unsigned vector, uint64_t rings)
{
	struct server *s = ctx;

	if (vector == BHSIM_VECTOR_CMD) {
		on_command(s);
	} else if (vector == BHSIM_VECTOR_QUEUE) {
		s->regs->doorbells += rings;
		on_doorbell(s);
	}
}

/* The identity registers: what the loader reads instead of asking a driver
 * (the target's row, as the in-process board reports it). */
static void write_identity(struct server *s)
{
	struct bhsim_regs *r = s->regs;
	const struct bh_sim_target *t = s->target;

	r->magic = BHSIM_REGS_MAGIC;
	r->version = BHSIM_REGS_VERSION;
	snprintf(r->target, sizeof(r->target), "%s", t->name);
	snprintf(r->name, sizeof(r->name), "barehip sim (%s)", t->name);
	r->mach = t->mach;
	r->gfx_version = t->gfx_version;
	r->wave_size = t->wave_size;
	r->num_cus = s->cfg.num_cus;
	r->simds_per_cu = t->simds_per_cu;
	r->max_waves_per_simd = t->waves_per_simd;
	r->lds_size = t->lds_per_workgroup;
	r->max_workgroup_size = t->max_workgroup_size;
	r->architected_scratch = t->architected_scratch;
	r->xnack = t->xnack;
	r->sramecc = t->sramecc;
	r->max_queues = BHSIM_MAX_QUEUES;
	r->num_se = t->shader_engines;
	r->num_gws = BH_SIM_GWS_RESOURCES;
	r->clock_hz = t->clock_hz;
	r->timestamp_hz = bh_sim_clock_hz(s->sim);
	r->vram_base = BH_SIM_VRAM_BASE;
	r->vram_size = s->cfg.vram_size;
	r->gart_base = BH_SIM_GART_BASE;
	r->gart_size = BH_SIM_GART_SIZE;
}

struct extra_options {
	const char *gfx;
	const char *vram_mb;	/* --vram-mb, else BAREHIP_SIM_VRAM_MB */
	const char *threads;
	unsigned long swallow_unmaps;
};

static int extra_option(void *ctx, const char *opt, const char *value)
{
	struct extra_options *x = ctx;
	char *end;

	if (!strcmp(opt, "--gfx")) {
		x->gfx = value;
		return 0;
	}
	if (!strcmp(opt, "--vram-mb")) {
		x->vram_mb = value;	/* checked with BAREHIP_SIM_VRAM_MB's rule */
		return 0;
	}
	if (!strcmp(opt, "--threads")) {
		x->threads = value;
		return 0;
	}
	if (!strcmp(opt, "--inject")) {
		const char *what = "ignore:gart-unmap";
		size_t n = strlen(what);

		if (strncmp(value, what, n) || (value[n] && value[n] != ':'))
			return -1;
		x->swallow_unmaps = ULONG_MAX;
		if (value[n]) {
			x->swallow_unmaps = strtoul(value + n + 1, &end, 10);
			return *end || end == value + n + 1 || !x->swallow_unmaps ||
			       x->swallow_unmaps == ULONG_MAX;
		}
		return 0;
	}
	return -1;
}

int main(int argc, char **argv)
{
	struct extra_options x = {
		.gfx = CONFIG_SIM_TARGET,
	};
	static struct server s;
	struct pci_board_layout layout = {
		.model_vectors = BHSIM_VECTORS,
		.regs_offset = BHSIM_REGS_OFFSET, .regs_size = BHSIM_REGS_SIZE,
		.doorbell_offset = BHSIM_DOORBELL_OFFSET, .doorbell_size = BHSIM_DOORBELL_SIZE,
		.vram_offset = BHSIM_VRAM_OFFSET,
	};
	struct pci_board_options o;
	uint64_t bar = 1;
	char why[256], names[128], usage[320];
	int rc;

	snprintf(usage, sizeof(usage), "barehip-sim SOCKET [--ram-mb N] [--ram-base ADDR] [--timeout SECONDS] "
		 "[--gfx %s] [--vram-mb N] [--threads N] [--inject ignore:gart-unmap[:N]]",
		 bh_sim_target_names(names, sizeof(names), "|"));
	rc = pci_board_options(argc, argv, usage, &o, extra_option, &x);
	if (rc)
		return rc;
	s.swallow_unmaps = x.swallow_unmaps;
	s.target = bh_sim_target_by_name(x.gfx);
	if (!s.target) {
		fprintf(stderr, "barehip-sim: --gfx %s is not a modelled target (%s)\n", x.gfx,
			bh_sim_target_names(names, sizeof(names), ", "));
		return 2;
	}
	s.cfg = (struct bh_sim_config){
		.gfx = s.target->gfx,
		.num_cus = bh_sim_target_cus(s.target, CONFIG_SIM_TARGET, CONFIG_SIM_NUM_CUS),
		.max_instructions = CONFIG_SIM_MAX_INSTRUCTIONS,
	};
	/* The VRAM size as the in-process board takes it (Kconfig's, or
	 * BAREHIP_SIM_VRAM_MB), --vram-mb first; backed lazily by the BAR's
	 * shared file, so a large board costs the pages the guest touches. */
	if (bh_sim_vram_setting(x.vram_mb ? x.vram_mb : getenv("BAREHIP_SIM_VRAM_MB"),
				CONFIG_SIM_VRAM_MB, &s.cfg.vram_size, why)) {
		if (x.vram_mb)
			fprintf(stderr, "barehip-sim: --vram-mb %.32s is not a VRAM size in MiB "
				"16..%u\n", x.vram_mb, BH_SIM_VRAM_MAX_MB);
		else
			fprintf(stderr, "barehip-sim: %s\n", why);
		return 2;
	}
	if (bh_sim_threads_setting(x.threads ? x.threads : getenv("BAREHIP_SIM_THREADS"),
				   CONFIG_SIM_THREADS, &s.cfg.threads, why)) {
		fprintf(stderr, "barehip-sim: %s%s\n", x.threads ? "--threads: " : "", why);
		return 2;
	}
	layout.target = s.target->name;
	layout.vram_size = s.cfg.vram_size;
	while (bar < BHSIM_VRAM_OFFSET + s.cfg.vram_size)	/* QEMU wants a power of two */
		bar <<= 1;

	const char *sync = getenv("BAREHIP_SIM_SYNC");

#ifdef CONFIG_SIM_ASYNC
	s.async = !(sync && *sync && strcmp(sync, "0") != 0);
#else
	s.async = false;
#endif
	pthread_mutex_init(&s.lock, NULL);
	rc = pci_board_create(&s.pci, "barehip-sim", bar, &o, &layout) ? 1 : 0;
	if (!rc) {
		s.regs = (struct bhsim_regs *)(s.pci.shm + BHSIM_REGS_OFFSET);
		s.doorbell = (uint64_t *)(s.pci.shm + BHSIM_DOORBELL_OFFSET);
		if (model_reset(&s, ~0ull, why, sizeof(why))) {
			fprintf(stderr, "barehip-sim: %s\n", why);
			rc = 1;
		}
	}
	if (!rc) {
		write_identity(&s);
		rc = pci_board_start(&s.pci, o.socket, BHSIM_VECTORS);
	}
	if (!rc) {
		rc = pci_board_serve(&s.pci, on_ring, &s);
		if (s.sim)
			add_stats(&s.total, s.sim);
		fprintf(stderr, "barehip-sim: %llu commands, %llu doorbells, %llu interrupts, "
			"%llu faults; %llu dispatches, %llu waves, %llu wave instructions\n",
			(unsigned long long)s.regs->commands, (unsigned long long)s.regs->doorbells,
			(unsigned long long)s.regs->interrupts, (unsigned long long)s.regs->faults,
			(unsigned long long)s.total.dispatches, (unsigned long long)s.total.waves,
			(unsigned long long)s.total.instructions);
	}
	notifier_stop(&s);
	bh_sim_destroy(s.sim);
	pci_board_close(&s.pci);
	return rc < 0 ? 1 : rc;
}
