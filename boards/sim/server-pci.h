/* SPDX-License-Identifier: MIT */
/*
 * A board presented to a QEMU guest as a PCI function, from the host:
 * QEMU's ivshmem-doorbell device, served by this process.  It owns the
 * function's shared BAR and the guest's RAM (both memfds, so nothing is
 * left on disk and the guest's DMA addresses reach the host), writes the
 * sim board header (kmod/uapi/barehip.h) at the start of the BAR,
 * translates guest-physical addresses, and runs the loop that turns
 * QEMU's doorbell eventfds into calls.  barehip-sim (server.c) and the
 * QEMU tests' echo board are both built on it.
 */
#ifndef BH_SERVER_PCI_H
#define BH_SERVER_PCI_H

#include <stdint.h>

#include "server-ivshmem.h"

struct pci_board {
	const char *name;		/* the program, for messages */
	struct ivshmem_server ivs;
	int shm_fd, ram_fd;
	uint8_t *shm, *ram;
	uint64_t shm_size, ram_size;
	/* The guest's RAM is one block at this guest-physical address (Arm's
	 * virt machine: 0x40000000); ~0: QEMU's x86 layout (below and above
	 * 4 GiB). */
	uint64_t ram_base;
	double deadline;		/* CLOCK_MONOTONIC seconds */
};

/* The command line every board takes: SOCKET [--ram-mb N] [--ram-base ADDR] [--timeout S]. */
struct pci_board_options {
	const char *socket;
	unsigned long ram_mb;		/* the guest's RAM (QEMU -m) */
	unsigned long long ram_base;	/* --ram-base, ~0 if not given (x86) */
	unsigned long timeout;		/* seconds until the board gives up */
};

/*
 * Parse argv into @o (defaults: 512 MiB, 120 s).  Options the common
 * set does not know go to @extra (NULL: none), which returns 0 if it
 * took "OPTION VALUE".  Returns 0, or 2 after a usage message.
 */
int pci_board_options(int argc, char **argv, const char *usage, struct pci_board_options *o,
		      int (*extra)(void *ctx, const char *opt, const char *value), void *ctx);

/* The BAR's layout, as the sim board header describes it. */
struct pci_board_layout {
	uint32_t model_vectors;
	const char *target;
	uint64_t regs_offset, regs_size;
	uint64_t doorbell_offset, doorbell_size;
	uint64_t vram_offset, vram_size;
};

/*
 * Create the BAR (@shm_size, a power of two: QEMU asserts it) and the
 * guest's RAM as memfds, mapped here, and write the sim board header.
 * 0, or -1 with a message.  pci_board_close() is safe either way.
 */
int pci_board_create(struct pci_board *b, const char *name, uint64_t shm_size,
		     const struct pci_board_options *o, const struct pci_board_layout *l);

/*
 * The host bytes of guest-physical [@gpa, @gpa + @len), or NULL if that
 * is not all RAM.  DMA addresses are guest-physical: the guest has no
 * IOMMU.
 */
uint8_t *pci_board_guest(const struct pci_board *b, uint64_t gpa, uint64_t len);

/*
 * Listen on the socket with @vectors doorbell vectors, print
 * "NAME: ready ram=PATH" on stdout (QEMU's memory-backend-file path),
 * and accept QEMU.  0, or -1 (3 if the deadline passed first).
 */
int pci_board_start(struct pci_board *b, const char *socket, unsigned vectors);

/*
 * Serve until QEMU goes away (0), a signal (0) or the deadline (3):
 * each doorbell on vector v calls @doorbell with the number of rings
 * the eventfd coalesced.
 */
int pci_board_serve(struct pci_board *b, void (*doorbell)(void *ctx, unsigned vector,
							uint64_t rings),
		    void *ctx);

/* Raise MSI-X vector @vector in the guest.  0 or -1. */
int pci_board_interrupt(struct pci_board *b, unsigned vector);

void pci_board_close(struct pci_board *b);

#endif /* BH_SERVER_PCI_H */
