/* SPDX-License-Identifier: MIT */
/*
 * The qemu-virt-aarch64 board: what a port to another SoC replaces
 * (docs/baremetal.md).  QEMU's virt machine memory map (hw/arm/virt.c):
 */
#ifndef BH_BOARD_H
#define BH_BOARD_H

#include <stdint.h>

#define BH_UART_BASE	0x09000000ul	/* PL011 */
#define BH_RAM_BASE	0x40000000ul
/* The identity map at start-up: [0, 1 GiB) device memory (the UART, the
 * GIC, the PCIe window below 4 GiB), [1 GiB, 4 GiB) normal cacheable
 * RAM, and the PCIe ECAM. */
#define BH_MAP_DEVICE_END	0x40000000ul
#define BH_MAP_END		0x100000000ul

/*
 * The PCIe host bridge (QEMU's "pcie@10000000" node, virt 7.2 with
 * highmem, as its device tree gives it): ECAM for buses 0-255 above
 * 4 GiB, a 32-bit memory window and a 64-bit one at 512 GiB.  CPU
 * physical addresses equal bus addresses (no translation), and there is
 * no IOMMU: a device reaches RAM at its physical address.
 */
#define BH_PCIE_ECAM_BASE	0x4010000000ul
#define BH_PCIE_ECAM_SIZE	0x10000000ul	/* 256 buses x 1 MiB */
#define BH_PCIE_MMIO32_BASE	0x10000000ul
#define BH_PCIE_MMIO32_SIZE	0x2eff0000ul
#define BH_PCIE_MMIO64_BASE	0x8000000000ul
#define BH_PCIE_MMIO64_SIZE	0x8000000000ul

/*
 * RAM: QEMU's -m must be at least BH_RAM_MIN.  The image, its stack and
 * the heap (malloc) take the first 256 MiB (board.ld); the rest, to
 * BH_RAM_MIN, is the DMA pool: physically contiguous memory for the
 * GPU (hipHostMalloc, the loader's rings and fences).
 */
#define BH_RAM_MIN		0x40000000ul	/* 1 GiB */
#define BH_DMA_BASE		0x50000000ul
#define BH_DMA_SIZE		(BH_RAM_BASE + BH_RAM_MIN - BH_DMA_BASE)

/* How bh_board_map maps a range (the MAIR index in board.c). */
enum bh_map_kind {
	BH_MAP_DEVICE = 0,		/* Device-nGnRnE: registers */
	BH_MAP_NORMAL = 1,		/* normal, write-back cached: RAM */
	BH_MAP_WRITE_COMBINE = 2,	/* normal, non-cacheable: prefetchable BARs */
};

/*
 * Map [@va, @va + @size) to physical [@pa, ...) (4 KiB aligned), with
 * the largest blocks the alignment allows.  0, or -1 if the range is
 * misaligned, already mapped elsewhere, or the table pool is used up.
 */
int bh_board_map(uint64_t va, uint64_t pa, uint64_t size, enum bh_map_kind kind);

/* semihosting operations (Arm's semihosting specification) */
#define BH_SH_SYS_EXIT		0x18
#define BH_SH_EXIT_APPLICATION	0x20026	/* ADP_Stopped_ApplicationExit */

long bh_semihost(long op, void *arg);
void bh_uart_putc(char c);
void bh_uart_write(const char *s, unsigned long n);
/* Stop the image: QEMU (with -semihosting) exits with @status. */
void bh_board_exit(int status) __attribute__((noreturn));
/* The generic timer: ticks and their frequency. */
uint64_t bh_timer_ticks(void);
uint64_t bh_timer_hz(void);


/*
 * Message-signalled interrupts (irq.c: the GICv2 and its v2m frame).
 * bh_board_msi: the address and data that raise MSI @n (0, 1, ...), its
 * interrupt enabled; -1 if the frame has no such SPI.
 * bh_board_msi_count: how many times MSI @n has come.
 * bh_board_sleep: sleep (WFI) until MSI @n's count differs from @seen or
 * the timer reaches @until_ticks.
 */
int bh_board_msi(unsigned n, uint64_t *addr, uint32_t *data);
uint64_t bh_board_msi_count(unsigned n);
void bh_board_sleep(unsigned n, uint64_t seen, uint64_t until_ticks);

#endif
