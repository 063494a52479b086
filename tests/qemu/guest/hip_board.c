// SPDX-License-Identifier: MIT
/*
 * The sim board's register protocol (boards/sim/server-regs.h) from a
 * hostile guest: bad commands, queues, GART mappings and packets get an
 * error or a fault, never a dead board.  A second, independent user of
 * the protocol beside the loader's kmod backend, written from the header.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include "kt.h"
#include "../../../boards/sim/server-regs.h"

struct board {
	int fd;
	struct barehip_info info;
	struct bhsim_regs *regs;
	uint64_t *doorbell;
	uint64_t cmd_irqs, queue_irqs;
};

/* One command; the board's status (0 or -1), or -2 if it never answered. */
static int cmd(struct board *b, uint32_t op, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3)
{
	struct bhsim_regs *r = b->regs;
	uint32_t seq = r->cmd_seq + 1;

	r->cmd = op;
	r->args[0] = a0;
	r->args[1] = a1;
	r->args[2] = a2;
	r->args[3] = a3;
	__atomic_store_n(&r->cmd_seq, seq, __ATOMIC_RELEASE);
	if (kt_notify(b->fd, BHSIM_VECTOR_CMD))
		return -2;
	for (int i = 0; i < 50 && __atomic_load_n(&r->done_seq, __ATOMIC_ACQUIRE) != seq; i++)
		kt_wait(b->fd, BHSIM_VECTOR_CMD, &b->cmd_irqs, 100 * KT_MS);
	if (__atomic_load_n(&r->done_seq, __ATOMIC_ACQUIRE) != seq)
		return -2;
	return r->status;
}

/* A refused command: status -1 and a reason that mentions @why. */
static void refused(struct board *b, const char *name, const char *why, uint32_t op,
		    uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3)
{
	int st = cmd(b, op, a0, a1, a2, a3);

	kt_check(st == -1 && strstr(b->regs->error, why), name, "status %d, error '%.100s'", st,
		 b->regs->error);
}

/* Open the board and map its registers (no reset); 0 or -1. */
static int board_open(struct board *b, const char *node)
{
	b->fd = open(node, O_RDWR | O_CLOEXEC);
	if (b->fd < 0 || kt_info(b->fd, &b->info))
		return -1;
	b->regs = kt_map(b->fd, b->info.regs.mmap_offset, b->info.regs.size);
	if (!b->regs || b->regs->magic != BHSIM_REGS_MAGIC)
		return -1;
	b->cmd_irqs = kt_irq_count(b->fd, BHSIM_VECTOR_CMD);
	return 0;
}

/*
 * A process killed with a buffer GART-mapped and a queue on it, without
 * the loader's orderly reset: before it frees that memory, the module
 * resets the board (and waits for its answer), so the board can no
 * longer write into pages the kernel reuses, and the next user finds
 * neither the mapping nor the queue.
 */
static void test_killed_user(const char *node)
{
	int pipefd[2], status = -1;
	struct board b = { .fd = -1 };
	struct barehip_dma_alloc dma;
	uint64_t gart;
	char c = 'n';
	pid_t pid;

	if (pipe(pipefd)) {
		kt_check(0, "board: killed user: pipe", "%s", strerror(errno));
		return;
	}
	pid = fork();
	if (pid == 0) {
		int ok = board_open(&b, node) == 0 && kt_dma_alloc(b.fd, 8192, &dma) == 0;

		gart = ok ? b.regs->gart_base : 0;
		ok = ok && cmd(&b, BHSIM_CMD_RESET, ~0ull, 0, 0, 0) == 0 &&
		     cmd(&b, BHSIM_CMD_GART_MAP, gart, dma.bus_addr, 8192, 0) == 0 &&
		     cmd(&b, BHSIM_CMD_QUEUE_INIT, 0, gart, 4096, gart + 4096) == 0 &&
		     b.regs->queue[0].state != BHSIM_QUEUE_INACTIVE;
		if (write(pipefd[1], ok ? "y" : "n", 1) != 1)
			_exit(1);
		for (;;)
			pause();
	}
	close(pipefd[1]);
	if (read(pipefd[0], &c, 1) != 1)
		c = 'n';
	close(pipefd[0]);
	kt_check(c == 'y', "board: killed user: it maps a buffer and starts a queue", "child failed");
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	kt_check(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "board: killed user: SIGKILL",
		 "status 0x%x", status);

	/* A new user, who does not reset the board first. */
	if (board_open(&b, node)) {
		kt_check(0, "board: killed user: open again", "%s", strerror(errno));
		goto out;
	}
	gart = b.regs->gart_base;
	kt_check(b.regs->queue[0].state == BHSIM_QUEUE_INACTIVE,
		 "board: killed user: its queue is gone", "queue 0 state %u",
		 b.regs->queue[0].state);
	if (kt_dma_alloc(b.fd, 8192, &dma) == 0) {
		/* The killed process's entry would overlap this one. */
		kt_check(cmd(&b, BHSIM_CMD_GART_MAP, gart, dma.bus_addr, 8192, 0) == 0,
			 "board: killed user: its GART mapping is gone", "%.100s",
			 b.regs->error);
		kt_dma_free(b.fd, dma.handle);
	}
	cmd(&b, BHSIM_CMD_RESET, ~0ull, 0, 0, 0);
out:
	if (b.regs)
		munmap(b.regs, b.info.regs.size);
	if (b.fd >= 0)
		close(b.fd);
}

void test_board_protocol(const char *node)
{
	struct board b = { .fd = open(node, O_RDWR | O_CLOEXEC) };
	uint64_t gart = 0, bus = 0, fault_seq;
	struct barehip_dma_alloc dma;
	uint32_t *ring = NULL;

	if (b.fd < 0 || kt_info(b.fd, &b.info)) {
		kt_check(0, "board: open and info", "%s", strerror(errno));
		return;
	}
	b.regs = kt_map(b.fd, b.info.regs.mmap_offset, b.info.regs.size);
	b.doorbell = kt_map(b.fd, b.info.doorbell.mmap_offset, b.info.doorbell.size);
	kt_check(b.regs && b.doorbell && b.regs->magic == BHSIM_REGS_MAGIC &&
		 b.regs->version == BHSIM_REGS_VERSION, "board: registers mapped, magic and version",
		 "%s", b.regs ? "bad magic" : strerror(errno));
	if (!b.regs || !b.doorbell)
		goto out;
	b.cmd_irqs = kt_irq_count(b.fd, BHSIM_VECTOR_CMD);
	b.queue_irqs = kt_irq_count(b.fd, BHSIM_VECTOR_QUEUE);
	gart = b.regs->gart_base;

	kt_check(cmd(&b, BHSIM_CMD_RESET, ~0ull, 0, 0, 0) == 0, "board: reset", "%.100s",
		 b.regs->error);
	refused(&b, "board: unknown command refused", "unknown command", 99, 0, 0, 0, 0);
	refused(&b, "board: queue id past the last refused", "does not exist",
		BHSIM_CMD_QUEUE_INIT, BHSIM_MAX_QUEUES, gart, 4096, gart + 4096);
	refused(&b, "board: a ring nothing maps refused", "refused", BHSIM_CMD_QUEUE_INIT, 0, gart,
		4096, gart + 4096);
	refused(&b, "board: GART map of MMIO (not RAM) refused", "not guest RAM",
		BHSIM_CMD_GART_MAP, gart, 0xfebf0000ull, 4096, 0);
	refused(&b, "board: GART map past guest RAM refused", "not guest RAM",
		BHSIM_CMD_GART_MAP, gart, 1ull << 40, 4096, 0);
	refused(&b, "board: GART unmap of nothing refused", "nothing is mapped",
		BHSIM_CMD_GART_UNMAP, gart, 0, 0, 0);

	/* A real buffer: outside the aperture refused, inside accepted once. */
	if (kt_dma_alloc(b.fd, 8192, &dma)) {
		kt_check(0, "board: DMA buffer for a ring", "%s", strerror(errno));
		goto reset;
	}
	bus = dma.bus_addr;
	ring = kt_map(b.fd, dma.mmap_offset, 8192);
	refused(&b, "board: GART map outside the aperture refused", "GART refuses",
		BHSIM_CMD_GART_MAP, b.regs->vram_base, bus, 8192, 0);
	refused(&b, "board: unaligned GART map refused", "GART refuses", BHSIM_CMD_GART_MAP,
		gart + 8, bus, 8192, 0);
	kt_check(cmd(&b, BHSIM_CMD_GART_MAP, gart, bus, 8192, 0) == 0, "board: GART map of a "
		 "DMA buffer", "%.100s", b.regs->error);
	refused(&b, "board: overlapping GART map refused", "GART refuses", BHSIM_CMD_GART_MAP,
		gart + 4096, bus, 4096, 0);
	refused(&b, "board: ring size not a power of two refused", "refused",
		BHSIM_CMD_QUEUE_INIT, 0, gart, 3000, gart + 4096);
	kt_check(cmd(&b, BHSIM_CMD_QUEUE_INIT, 0, gart, 4096, gart + 4096) == 0,
		 "board: queue on the buffer", "%.100s", b.regs->error);

	/* Garbage in the ring: a fault, raised as an interrupt, and the board lives. */
	fault_seq = b.regs->queue[0].fault_seq;
	if (ring) {
		for (int i = 0; i < 1024; i++)
			ring[i] = 0xdeadbeef;
		__atomic_store_n(&b.doorbell[0], 16, __ATOMIC_RELEASE);
		kt_notify(b.fd, BHSIM_VECTOR_QUEUE);
		for (int i = 0; i < 50 && b.regs->queue[0].fault_seq == fault_seq; i++)
			kt_wait(b.fd, BHSIM_VECTOR_QUEUE, &b.queue_irqs, 100 * KT_MS);
	}
	kt_check(b.regs->queue[0].fault_seq != fault_seq &&
		 !strcmp(b.regs->queue[0].fault.kind, "bad PM4 packet") &&
		 b.regs->queue[0].state == BHSIM_QUEUE_ERROR,
		 "board: a garbage ring faults the queue, with an interrupt",
		 "fault_seq %u, kind '%.32s', state %u", b.regs->queue[0].fault_seq,
		 b.regs->queue[0].fault.kind, b.regs->queue[0].state);
	kt_check(cmd(&b, BHSIM_CMD_QUEUE_RESET, 0, 0, 0, 0) == 0 &&
		 cmd(&b, BHSIM_CMD_QUEUE_FINI, 0, 0, 0, 0) == 0 &&
		 cmd(&b, BHSIM_CMD_GART_UNMAP, gart, 0, 0, 0) == 0,
		 "board: queue reset, fini and unmap after the fault", "%.100s", b.regs->error);
	if (ring)
		munmap(ring, 8192);
	kt_dma_free(b.fd, dma.handle);
reset:
	kt_check(cmd(&b, BHSIM_CMD_RESET, ~0ull, 0, 0, 0) == 0, "board: reset at the end",
		 "%.100s", b.regs->error);
out:
	if (b.regs)
		munmap(b.regs, b.info.regs.size);
	if (b.doorbell)
		munmap(b.doorbell, b.info.doorbell.size);
	close(b.fd);
	test_killed_user(node);
}
