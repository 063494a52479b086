// SPDX-License-Identifier: MIT
/*
 * What the pci backend (loader/platform/pci.c) needs from this board
 * (bh/pci.h): the ECAM, the host bridge's windows, the DMA pool, the
 * MMU to map BARs and the pool, MSIs through the GIC's v2m frame
 * (irq.c), the generic timer, the UART.
 */
#include <stdio.h>
#include <unistd.h>

#include <bh/pci.h>
#include "board.h"

static volatile uint32_t *ecam(unsigned bus, unsigned dev, unsigned fn, unsigned off)
{
	return (volatile uint32_t *)(BH_PCIE_ECAM_BASE + ((uint64_t)bus << 20) +
				     ((uint64_t)dev << 15) + ((uint64_t)fn << 12) + (off & 0xffcu));
}

static uint32_t config_read(void *ctx, unsigned bus, unsigned dev, unsigned fn, unsigned off)
{
	(void)ctx;
	return *ecam(bus, dev, fn, off);
}

static void config_write(void *ctx, unsigned bus, unsigned dev, unsigned fn, unsigned off,
			 uint32_t value)
{
	(void)ctx;
	*ecam(bus, dev, fn, off) = value;
	__asm__ volatile("dsb sy" ::: "memory");	/* the write lands before what follows */
}

static void *map(void *ctx, uint64_t pa, uint64_t size, enum bh_pci_map how, uint64_t va)
{
	static const enum bh_map_kind kinds[] = {
		[BH_PCI_MAP_DEVICE] = BH_MAP_DEVICE,
		[BH_PCI_MAP_WC] = BH_MAP_WRITE_COMBINE,
		[BH_PCI_MAP_RAM] = BH_MAP_NORMAL,
	};

	(void)ctx;
	/* Below 1 GiB (the 32-bit window) everything is device memory already. */
	if (!va && pa + size <= BH_MAP_DEVICE_END && how == BH_PCI_MAP_DEVICE)
		return (void *)(uintptr_t)pa;
	if (!va)
		va = pa;
	return bh_board_map(va, pa, size, kinds[how]) ? NULL : (void *)(uintptr_t)va;
}

/* RAM is identity-mapped: a CPU address in it is its bus address. */
static uint64_t bus_address(void *ctx, const void *cpu, uint64_t size)
{
	uint64_t a = (uint64_t)(uintptr_t)cpu;

	(void)ctx;
	if (a < BH_RAM_BASE || a + size < a || a + size > BH_RAM_BASE + BH_RAM_MIN)
		return ~0ull;
	return a;
}

static uint64_t now_ns(void *ctx)
{
	uint64_t t = bh_timer_ticks(), hz = bh_timer_hz();

	(void)ctx;
	return t / hz * 1000000000ull + t % hz * 1000000000ull / hz;
}

/* About a microsecond: the board writes its answers into shared memory. */
static void relax(void *ctx)
{
	uint64_t end = bh_timer_ticks() + bh_timer_hz() / 1000000 + 1;

	(void)ctx;
	while (bh_timer_ticks() < end)
		__asm__ volatile("yield");
}

static int msi(void *ctx, unsigned n, uint64_t *addr, uint32_t *data)
{
	(void)ctx;
	return bh_board_msi(n, addr, data);
}

static uint64_t msi_count(void *ctx, unsigned n)
{
	(void)ctx;
	return bh_board_msi_count(n);
}

static void msi_wait(void *ctx, unsigned n, uint64_t seen, uint64_t timeout_ns)
{
	uint64_t hz = bh_timer_hz(), ticks = timeout_ns / 1000000000ull * hz +
					    timeout_ns % 1000000000ull * hz / 1000000000ull;

	(void)ctx;
	bh_board_sleep(n, seen, bh_timer_ticks() + ticks + 1);
}

static void log_line(void *ctx, const char *line)
{
	(void)ctx;
	fprintf(stderr, "barehip: %s\n", line);
}

static void print(void *ctx, const char *text, size_t len)
{
	(void)ctx;
	fflush(stdout);
	write(1, text, len);
}

static const struct bh_pci_host host = {
	.name = "qemu-virt-aarch64",
	.bus_first = 0,
	.bus_last = BH_PCIE_ECAM_SIZE / (1u << 20) - 1,
	.config_read = config_read,
	.config_write = config_write,
	.mem32 = { BH_PCIE_MMIO32_BASE, BH_PCIE_MMIO32_SIZE },
	.mem64 = { BH_PCIE_MMIO64_BASE, BH_PCIE_MMIO64_SIZE },
	.dma_bus = BH_DMA_BASE,
	.dma_size = BH_DMA_SIZE,
	.map = map,
	.bus_address = bus_address,
	.msi = msi,
	.msi_count = msi_count,
	.msi_wait = msi_wait,
	.now_ns = now_ns,
	.relax = relax,
	.log = log_line,
	.print = print,
};

const struct bh_pci_host *bh_board_pci_host(void)
{
	return &host;
}
