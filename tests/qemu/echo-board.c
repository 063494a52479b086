// SPDX-License-Identifier: MIT
/*
 * echo-board: the host side of the QEMU tests of barehip.ko.  It creates
 * the guest's RAM and the sim board's shared BAR (both memfds, so
 * nothing is left on disk), writes the sim board header, serves QEMU's
 * ivshmem-doorbell protocol as peer 0, and answers the guest's mailbox
 * requests (echo-board.h) with an MSI-X interrupt on the vector the
 * doorbell came in on.
 *
 * Usage: echo-board SOCKET [--ram-mb N] [--timeout SECONDS]
 * Prints "echo-board: ready ram=/proc/PID/fd/N" once it listens; QEMU
 * uses that path as its RAM backend.  Exits when QEMU disconnects, on
 * SIGTERM/SIGINT, or after the timeout (status 3).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* memfd_create */
#endif
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>

#include "echo-board.h"
#include "ivshmem-server.h"
#include "../../kmod/uapi/barehip.h"

struct board {
	struct ivshmem_server ivs;
	int shm_fd, ram_fd;
	uint8_t *shm, *ram;
	uint64_t ram_size;
	struct echo_mailbox *mbox;
	unsigned long doorbells, interrupts, requests;
};

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static uint8_t *memfd_map(const char *name, uint64_t size, int *fd_out)
{
	int fd = memfd_create(name, MFD_CLOEXEC);
	void *p;

	if (fd < 0 || ftruncate(fd, (off_t)size)) {
		fprintf(stderr, "echo-board: memfd %s: %s\n", name, strerror(errno));
		return NULL;
	}
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		fprintf(stderr, "echo-board: mmap %s: %s\n", name, strerror(errno));
		close(fd);
		return NULL;
	}
	*fd_out = fd;
	return p;
}

static void put_le32(__le32 *p, uint32_t v)
{
	uint8_t *b = (uint8_t *)p;

	for (int i = 0; i < 4; i++)
		b[i] = (uint8_t)(v >> (8 * i));
}

static void put_le64(__le64 *p, uint64_t v)
{
	uint8_t *b = (uint8_t *)p;

	for (int i = 0; i < 8; i++)
		b[i] = (uint8_t)(v >> (8 * i));
}

/* The sim board's header, then the VRAM pattern the guest checks. */
static void board_layout(struct board *b)
{
	struct barehip_sim_header *h = (struct barehip_sim_header *)b->shm;
	uint32_t *vram = (uint32_t *)(b->shm + ECHO_VRAM_OFFSET);

	put_le32(&h->magic, BAREHIP_SIM_MAGIC);
	put_le32(&h->version, BAREHIP_SIM_VERSION);
	put_le32(&h->header_size, sizeof(*h));
	put_le32(&h->flags, 0);
	put_le32(&h->model_peer, ECHO_MODEL_PEER);
	put_le32(&h->model_vectors, ECHO_VECTORS);
	snprintf(h->target, sizeof(h->target), "%s", ECHO_TARGET);
	put_le64(&h->regs_offset, ECHO_REGS_OFFSET);
	put_le64(&h->regs_size, ECHO_REGS_SIZE);
	put_le64(&h->doorbell_offset, ECHO_DOORBELL_OFFSET);
	put_le64(&h->doorbell_size, ECHO_DOORBELL_SIZE);
	put_le64(&h->vram_offset, ECHO_VRAM_OFFSET);
	put_le64(&h->vram_size, ECHO_VRAM_SIZE);
	for (uint64_t i = 0; i < ECHO_VRAM_PATTERN_BYTES / 4; i++)
		vram[i] = echo_pattern(ECHO_VRAM_SEED, i);
	b->mbox = (struct echo_mailbox *)(b->shm + ECHO_REGS_OFFSET);
}

/*
 * Guest-physical address -> offset in the RAM file (QEMU 7.2, q35: RAM
 * below 4 GiB is all of it up to 0xb0000000, else 2 GiB; the rest sits
 * at 4 GiB).  Returns 0 and sets @off, or -1 if the range is not RAM.
 */
static int gpa_to_offset(const struct board *b, uint64_t gpa, uint64_t len, uint64_t *off)
{
	uint64_t below4g = b->ram_size < 0xb0000000ull ? b->ram_size : 0x80000000ull;

	if (gpa < below4g)
		*off = gpa;
	else if (gpa >= (1ull << 32))
		*off = gpa - (1ull << 32) + below4g;
	else
		return -1;
	if (*off + len < *off || *off + len > b->ram_size ||
	    (gpa < below4g && gpa + len > below4g))
		return -1;
	return 0;
}

/*
 * Answer the mailbox request, if there is a new one.  The guest owns the
 * mailbox and may change it at any time: read each field once, check,
 * then use only the copies.
 */
static void serve_request(struct board *b)
{
	struct echo_mailbox *m = b->mbox;
	uint32_t seq = __atomic_load_n(&m->seq, __ATOMIC_ACQUIRE);
	uint32_t op = __atomic_load_n(&m->op, __ATOMIC_RELAXED);
	uint64_t addr = __atomic_load_n(&m->addr, __ATOMIC_RELAXED);
	uint64_t len = __atomic_load_n(&m->length, __ATOMIC_RELAXED);
	uint32_t status = ECHO_OK;
	uint64_t off, half = len / 2;

	if (seq == __atomic_load_n(&m->done_seq, __ATOMIC_RELAXED))
		return;		/* coalesced doorbell: nothing new */
	b->requests++;
	switch (op) {
	case ECHO_OP_PING:
		break;
	case ECHO_OP_DMA:
		if (len < 8 || gpa_to_offset(b, addr, len, &off)) {
			status = ECHO_ERR_RANGE;
			break;
		}
		m->checksum = echo_fnv1a(b->ram + off, half);
		for (uint64_t i = 0; i < (len - half) / 4; i++) {
			uint32_t w = echo_pattern(seq, i);

			memcpy(b->ram + off + half + 4 * i, &w, 4);
		}
		break;
	case ECHO_OP_VRAM:
		if (addr > ECHO_VRAM_SIZE || len > ECHO_VRAM_SIZE - addr) {
			status = ECHO_ERR_RANGE;
			break;
		}
		m->checksum = echo_fnv1a(b->shm + ECHO_VRAM_OFFSET + addr, len);
		break;
	default:
		status = ECHO_ERR_OP;
	}
	m->status = status;
	__atomic_store_n(&m->done_seq, seq, __ATOMIC_RELEASE);
}

static void on_doorbell(struct board *b, unsigned v)
{
	uint64_t n;

	if (read(b->ivs.doorbell[v], &n, sizeof(n)) != sizeof(n))
		return;
	b->doorbells += n;
	__atomic_fetch_add(&b->mbox->doorbells[v], n, __ATOMIC_RELAXED);
	serve_request(b);
	if (ivshmem_server_interrupt(&b->ivs, v) == 0)
		b->interrupts++;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Serve until QEMU goes away; 0, or 3 on timeout. */
static int serve(struct board *b, double deadline)
{
	struct pollfd fds[1 + ECHO_VECTORS];

	fds[0] = (struct pollfd){ .fd = b->ivs.client_fd, .events = POLLIN };
	for (unsigned v = 0; v < ECHO_VECTORS; v++)
		fds[1 + v] = (struct pollfd){ .fd = b->ivs.doorbell[v], .events = POLLIN };
	while (!stop) {
		if (now_s() > deadline)
			return 3;
		if (poll(fds, 1 + ECHO_VECTORS, 200) < 0) {
			if (errno == EINTR)
				continue;
			perror("echo-board: poll");
			return 1;
		}
		/* QEMU never sends anything: readable means it has gone. */
		if (fds[0].revents)
			return 0;
		for (unsigned v = 0; v < ECHO_VECTORS; v++)
			if (fds[1 + v].revents & POLLIN)
				on_doorbell(b, v);
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct board b = { .shm_fd = -1, .ram_fd = -1 };
	unsigned long ram_mb = 512, timeout = 120;
	struct sigaction sa = { .sa_handler = on_signal };
	const char *sock;
	double deadline;
	int rc = 1;

	if (argc < 2) {
		fprintf(stderr, "usage: echo-board SOCKET [--ram-mb N] [--timeout SECONDS]\n");
		return 2;
	}
	sock = argv[1];
	for (int i = 2; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--ram-mb"))
			ram_mb = strtoul(argv[i + 1], NULL, 0);
		else if (!strcmp(argv[i], "--timeout"))
			timeout = strtoul(argv[i + 1], NULL, 0);
		else {
			fprintf(stderr, "echo-board: unknown option %s\n", argv[i]);
			return 2;
		}
	}
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	deadline = now_s() + (double)timeout;
	ivshmem_server_init(&b.ivs);

	b.ram_size = (uint64_t)ram_mb << 20;
	b.shm = memfd_map("barehip-sim-bar", ECHO_SHM_SIZE, &b.shm_fd);
	b.ram = memfd_map("barehip-guest-ram", b.ram_size, &b.ram_fd);
	if (!b.shm || !b.ram)
		goto out;
	board_layout(&b);
	if (ivshmem_server_listen(&b.ivs, sock, ECHO_VECTORS))
		goto out;
	printf("echo-board: ready ram=/proc/%d/fd/%d\n", (int)getpid(), b.ram_fd);
	fflush(stdout);

	for (;;) {
		struct pollfd p = { .fd = b.ivs.listen_fd, .events = POLLIN };

		if (stop || now_s() > deadline) {
			fprintf(stderr, "echo-board: QEMU never connected\n");
			rc = 3;
			goto out;
		}
		if (poll(&p, 1, 200) > 0)
			break;
	}
	if (ivshmem_server_accept(&b.ivs, b.shm_fd))
		goto out;
	rc = serve(&b, deadline);
	if (rc == 3)
		fprintf(stderr, "echo-board: timed out after %lu s\n", timeout);
	fprintf(stderr, "echo-board: %lu doorbells, %lu requests, %lu interrupts\n",
		b.doorbells, b.requests, b.interrupts);
out:
	ivshmem_server_close(&b.ivs);
	if (b.shm)
		munmap(b.shm, ECHO_SHM_SIZE);
	if (b.ram)
		munmap(b.ram, b.ram_size);
	if (b.shm_fd >= 0)
		close(b.shm_fd);
	if (b.ram_fd >= 0)
		close(b.ram_fd);
	return rc;
}
