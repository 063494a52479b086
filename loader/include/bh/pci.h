/* SPDX-License-Identifier: MIT */
/*
 * The pci backend's view of the system under it (loader/platform/pci.c):
 * what a board with no operating system provides, and what a process on
 * Linux could provide later through /sys/bus/pci (config space through
 * the "config" file, BARs through "resourceN") or VFIO.  The backend
 * itself finds the GPU, sizes and assigns its BARs, turns on memory
 * decoding and bus mastering, and drives it; it makes no system call.
 *
 * Addresses: a BAR's bus address equals the CPU physical address (a
 * host bridge without address translation); DMA memory is a pool of
 * physically contiguous memory the device reaches at its bus address
 * (no IOMMU).  A board whose bridge translates, or which has an IOMMU,
 * says so in map() and dma_bus.
 */
#ifndef BH_PCI_H
#define BH_PCI_H

#include <stddef.h>
#include <stdint.h>

#include "platform.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How the CPU maps a range (struct bh_pci_host.map). */
enum bh_pci_map {
	BH_PCI_MAP_DEVICE,	/* registers: uncached, no merging, strict order */
	BH_PCI_MAP_WC,		/* a prefetchable BAR: uncached, write-combining */
	BH_PCI_MAP_RAM,		/* DMA memory: as the rest of RAM */
};

/* A window of the host bridge that BARs are placed in. */
struct bh_pci_window {
	uint64_t base, size;	/* bus (= CPU physical) addresses; size 0: none */
};

struct bh_pci_host {
	const char *name;	/* the board, for messages */
	void *ctx;

	/* Config space: the buses to scan, 32-bit reads and writes. */
	unsigned bus_first, bus_last;
	uint32_t (*config_read)(void *ctx, unsigned bus, unsigned dev, unsigned fn,
				unsigned off);
	void (*config_write)(void *ctx, unsigned bus, unsigned dev, unsigned fn, unsigned off,
			     uint32_t value);

	/* 32-bit BARs (and 64-bit non-prefetchable ones) go in mem32,
	 * 64-bit prefetchable BARs in mem64 (mem32 if it has no mem64). */
	struct bh_pci_window mem32, mem64;

	/* The DMA pool: @dma_size bytes at bus address @dma_bus. */
	uint64_t dma_bus, dma_size;

	/*
	 * Make physical [@pa, @pa + @size) reachable by the CPU, at virtual
	 * address @va if it is not 0 (the DMA pool at its GPU address, so
	 * that one pointer serves the CPU and the GPU), else where the board
	 * likes.  Returns the CPU address, or NULL.
	 */
	void *(*map)(void *ctx, uint64_t pa, uint64_t size, enum bh_pci_map how, uint64_t va);
	/*
	 * Optional (hipHostRegister): the bus address of the program's memory
	 * [@cpu, @cpu + @size) if it is RAM the device reaches, contiguous on
	 * the bus and staying put; else ~0.  NULL: registering is not offered.
	 */
	uint64_t (*bus_address)(void *ctx, const void *cpu, uint64_t size);

	/*
	 * Optional, all three or none: message-signalled interrupts.  msi:
	 * the address and data whose write raises interrupt @n (0, 1, ...);
	 * 0, or -1 if there is no such interrupt.  msi_count: how many times
	 * interrupt @n has come.  msi_wait: sleep until msi_count(@n) differs
	 * from @seen or @timeout_ns has passed.  Without them (or without
	 * MSI-X on the device) the backend polls.
	 */
	int (*msi)(void *ctx, unsigned n, uint64_t *addr, uint32_t *data);
	uint64_t (*msi_count)(void *ctx, unsigned n);
	void (*msi_wait)(void *ctx, unsigned n, uint64_t seen, uint64_t timeout_ns);

	/* A monotonic clock, and a short pause between two looks at memory. */
	uint64_t (*now_ns)(void *ctx);
	void (*relax)(void *ctx);

	void (*log)(void *ctx, const char *line);
	/* The program's standard output (device printf). */
	void (*print)(void *ctx, const char *text, size_t len);
};

/*
 * A platform over @host (which must outlive it).  NULL if out of memory.
 * Opening it scans the buses; the first sim board found (QEMU's
 * ivshmem-doorbell function served by barehip-sim) is the device.
 */
struct bh_platform *bh_platform_pci_new(const struct bh_pci_host *host);
void bh_platform_pci_delete(struct bh_platform *p);

/* The board's own host (boards/<board>/pci_host.c), for select.c. */
const struct bh_pci_host *bh_board_pci_host(void);

#ifdef __cplusplus
}
#endif
#endif /* BH_PCI_H */
