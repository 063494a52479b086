// SPDX-License-Identifier: MIT
/*
 * A board as a QEMU PCI function, the host side (see server-pci.h).
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

#include "server-pci.h"
#include "../../kmod/uapi/barehip.h"

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int pci_board_options(int argc, char **argv, const char *usage, struct pci_board_options *o,
		      int (*extra)(void *ctx, const char *opt, const char *value), void *ctx)
{
	*o = (struct pci_board_options){ .ram_mb = 512, .ram_base = ~0ull, .timeout = 120 };
	if (argc < 2 || argv[1][0] == '-') {
		fprintf(stderr, "usage: %s\n", usage);
		return 2;
	}
	o->socket = argv[1];
	for (int i = 2; i < argc; i += 2) {
		const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
		char *end = NULL;

		if (!val) {
			fprintf(stderr, "%s: %s needs a value\nusage: %s\n", argv[0], opt, usage);
			return 2;
		}
		if (!strcmp(opt, "--ram-mb"))
			o->ram_mb = strtoul(val, &end, 0);
		else if (!strcmp(opt, "--ram-base"))
			o->ram_base = strtoull(val, &end, 0);
		else if (!strcmp(opt, "--timeout"))
			o->timeout = strtoul(val, &end, 0);
		else if (!extra || extra(ctx, opt, val)) {
			fprintf(stderr, "%s: bad option %s %s\nusage: %s\n", argv[0], opt, val, usage);
			return 2;
		}
		if (end && (*end || end == val || !strtoul(val, NULL, 0))) {
			fprintf(stderr, "%s: %s wants a positive number, not '%s'\n", argv[0], opt, val);
			return 2;
		}
	}
	return 0;
}

static uint8_t *memfd_map(const char *who, const char *name, uint64_t size, int *fd_out)
{
	int fd = memfd_create(name, MFD_CLOEXEC);
	void *p;

	if (fd < 0 || ftruncate(fd, (off_t)size)) {
		fprintf(stderr, "%s: memfd %s: %s\n", who, name, strerror(errno));
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		fprintf(stderr, "%s: mmap %s: %s\n", who, name, strerror(errno));
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

int pci_board_create(struct pci_board *b, const char *name, uint64_t shm_size,
		     const struct pci_board_options *o, const struct pci_board_layout *l)
{
	struct barehip_sim_header *h;

	memset(b, 0, sizeof(*b));
	b->name = name;
	b->shm_fd = b->ram_fd = -1;
	ivshmem_server_init(&b->ivs);
	b->deadline = now_s() + (double)o->timeout;
	if (!shm_size || (shm_size & (shm_size - 1))) {
		fprintf(stderr, "%s: the BAR (%llu bytes) must be a power of two\n", name,
			(unsigned long long)shm_size);
		return -1;
	}
	b->shm_size = shm_size;
	b->ram_size = (uint64_t)o->ram_mb << 20;
	b->ram_base = o->ram_base;
	b->shm = memfd_map(name, "barehip-sim-bar", b->shm_size, &b->shm_fd);
	b->ram = memfd_map(name, "barehip-guest-ram", b->ram_size, &b->ram_fd);
	if (!b->shm || !b->ram)
		return -1;

	h = (struct barehip_sim_header *)b->shm;
	put_le32(&h->magic, BAREHIP_SIM_MAGIC);
	put_le32(&h->version, BAREHIP_SIM_VERSION);
	put_le32(&h->header_size, sizeof(*h));
	put_le32(&h->flags, 0);
	put_le32(&h->model_peer, 0);	/* the board is the server: peer 0 */
	put_le32(&h->model_vectors, l->model_vectors);
	snprintf(h->target, sizeof(h->target), "%s", l->target);
	put_le64(&h->regs_offset, l->regs_offset);
	put_le64(&h->regs_size, l->regs_size);
	put_le64(&h->doorbell_offset, l->doorbell_offset);
	put_le64(&h->doorbell_size, l->doorbell_size);
	put_le64(&h->vram_offset, l->vram_offset);
	put_le64(&h->vram_size, l->vram_size);
	return 0;
}

/*
 * Guest-physical address -> offset in the RAM file.  QEMU 7.2, q35: RAM
 * below 4 GiB is all of it up to 0xb0000000, else 2 GiB; the rest sits
 * at 4 GiB.  With --ram-base (Arm's virt machine): one block there.
 */
uint8_t *pci_board_guest(const struct pci_board *b, uint64_t gpa, uint64_t len)
{
	uint64_t below4g = b->ram_size < 0xb0000000ull ? b->ram_size : 0x80000000ull;
	uint64_t off;

	if (b->ram_base != ~0ull) {
		off = gpa - b->ram_base;
		if (gpa < b->ram_base || off + len < off || off + len > b->ram_size)
			return NULL;
		return b->ram + off;
	}
	if (gpa < below4g)
		off = gpa;
	else if (gpa >= (1ull << 32))
		off = gpa - (1ull << 32) + below4g;
	else
		return NULL;
	if (off + len < off || off + len > b->ram_size ||
	    (gpa < below4g && gpa + len > below4g))
		return NULL;
	return b->ram + off;
}

int pci_board_start(struct pci_board *b, const char *socket, unsigned vectors)
{
	struct sigaction sa = { .sa_handler = on_signal };

	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	if (ivshmem_server_listen(&b->ivs, socket, vectors))
		return -1;
	/* QEMU maps the guest's RAM from this path: our memfd, through /proc. */
	printf("%s: ready ram=/proc/%d/fd/%d\n", b->name, (int)getpid(), b->ram_fd);
	fflush(stdout);
	for (;;) {
		struct pollfd p = { .fd = b->ivs.listen_fd, .events = POLLIN };

		if (stop || now_s() > b->deadline) {
			fprintf(stderr, "%s: QEMU never connected\n", b->name);
			return 3;
		}
		if (poll(&p, 1, 200) > 0)
			break;
	}
	return ivshmem_server_accept(&b->ivs, b->shm_fd);
}

int pci_board_serve(struct pci_board *b, void (*doorbell)(void *ctx, unsigned vector,
							uint64_t rings),
		    void *ctx)
{
	struct pollfd fds[1 + IVSHMEM_MAX_VECTORS];
	unsigned n = b->ivs.vectors;

	fds[0] = (struct pollfd){ .fd = b->ivs.client_fd, .events = POLLIN };
	for (unsigned v = 0; v < n; v++)
		fds[1 + v] = (struct pollfd){ .fd = b->ivs.doorbell[v], .events = POLLIN };
	while (!stop) {
		if (now_s() > b->deadline) {
			fprintf(stderr, "%s: timed out\n", b->name);
			return 3;
		}
		if (poll(fds, 1 + n, 200) < 0) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "%s: poll: %s\n", b->name, strerror(errno));
			return 1;
		}
		/* QEMU never sends anything: readable means it has gone. */
		if (fds[0].revents)
			return 0;
		for (unsigned v = 0; v < n; v++) {
			uint64_t rings;

			if (!(fds[1 + v].revents & POLLIN) ||
			    read(b->ivs.doorbell[v], &rings, sizeof(rings)) != sizeof(rings))
				continue;
			doorbell(ctx, v, rings);
		}
	}
	return 0;
}

int pci_board_interrupt(struct pci_board *b, unsigned vector)
{
	return ivshmem_server_interrupt(&b->ivs, vector);
}

void pci_board_close(struct pci_board *b)
{
	ivshmem_server_close(&b->ivs);
	if (b->shm)
		munmap(b->shm, b->shm_size);
	if (b->ram)
		munmap(b->ram, b->ram_size);
	if (b->shm_fd >= 0)
		close(b->shm_fd);
	if (b->ram_fd >= 0)
		close(b->ram_fd);
	b->shm = b->ram = NULL;
	b->shm_fd = b->ram_fd = -1;
}
