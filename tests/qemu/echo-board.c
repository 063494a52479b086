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
#include <stdio.h>
#include <string.h>

#include "echo-board.h"
#include "../../boards/sim/server-pci.h"

struct board {
	struct pci_board pci;
	struct echo_mailbox *mbox;
	unsigned long doorbells, interrupts, requests;
};

/* The VRAM pattern the guest checks. */
static void fill_vram(struct board *b)
{
	uint32_t *vram = (uint32_t *)(b->pci.shm + ECHO_VRAM_OFFSET);

	for (uint64_t i = 0; i < ECHO_VRAM_PATTERN_BYTES / 4; i++)
		vram[i] = echo_pattern(ECHO_VRAM_SEED, i);
	b->mbox = (struct echo_mailbox *)(b->pci.shm + ECHO_REGS_OFFSET);
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
	uint64_t half = len / 2;
	uint8_t *ram;

	if (seq == __atomic_load_n(&m->done_seq, __ATOMIC_RELAXED))
		return;		/* coalesced doorbell: nothing new */
	b->requests++;
	switch (op) {
	case ECHO_OP_PING:
		break;
	case ECHO_OP_DMA:
		ram = len < 8 ? NULL : pci_board_guest(&b->pci, addr, len);
		if (!ram) {
			status = ECHO_ERR_RANGE;
			break;
		}
		m->checksum = echo_fnv1a(ram, half);
		for (uint64_t i = 0; i < (len - half) / 4; i++) {
			uint32_t w = echo_pattern(seq, i);

			memcpy(ram + half + 4 * i, &w, 4);
		}
		break;
	case ECHO_OP_VRAM:
		if (addr > ECHO_VRAM_SIZE || len > ECHO_VRAM_SIZE - addr) {
			status = ECHO_ERR_RANGE;
			break;
		}
		m->checksum = echo_fnv1a(b->pci.shm + ECHO_VRAM_OFFSET + addr, len);
		break;
	default:
		status = ECHO_ERR_OP;
	}
	m->status = status;
	__atomic_store_n(&m->done_seq, seq, __ATOMIC_RELEASE);
}

static void on_doorbell(void *ctx, unsigned v, uint64_t rings)
{
	struct board *b = ctx;

	b->doorbells += rings;
	__atomic_fetch_add(&b->mbox->doorbells[v], rings, __ATOMIC_RELAXED);
	serve_request(b);
	if (pci_board_interrupt(&b->pci, v) == 0)
		b->interrupts++;
}

int main(int argc, char **argv)
{
	static const struct pci_board_layout layout = {
		.model_vectors = ECHO_VECTORS, .target = ECHO_TARGET,
		.regs_offset = ECHO_REGS_OFFSET, .regs_size = ECHO_REGS_SIZE,
		.doorbell_offset = ECHO_DOORBELL_OFFSET, .doorbell_size = ECHO_DOORBELL_SIZE,
		.vram_offset = ECHO_VRAM_OFFSET, .vram_size = ECHO_VRAM_SIZE,
	};
	struct pci_board_options o;
	struct board b = { 0 };
	int rc;

	rc = pci_board_options(argc, argv, "echo-board SOCKET [--ram-mb N] [--timeout SECONDS]",
			       &o, NULL, NULL);
	if (rc)
		return rc;
	rc = pci_board_create(&b.pci, "echo-board", ECHO_SHM_SIZE, &o, &layout);
	if (!rc) {
		fill_vram(&b);
		rc = pci_board_start(&b.pci, o.socket, ECHO_VECTORS);
	}
	if (!rc) {
		rc = pci_board_serve(&b.pci, on_doorbell, &b);
		fprintf(stderr, "echo-board: %lu doorbells, %lu requests, %lu interrupts\n",
			b.doorbells, b.requests, b.interrupts);
	}
	pci_board_close(&b.pci);
	return rc < 0 ? 1 : rc;
}
