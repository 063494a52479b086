// SPDX-License-Identifier: MIT
/*
 * Interrupts on the qemu-virt-aarch64 board: the GICv2 (distributor and
 * CPU interface), its v2m frame, which turns a PCI function's MSI-X
 * writes into SPIs, and the virtual timer, which ends a sleep.
 *
 * bh_board_msi gives a PCI backend the address and data of an MSI: a
 * write of an SPI number to the frame's MSI_SETSPI_NS register raises
 * that SPI (edge-triggered).  The IRQ vector (start.S) calls
 * bh_board_irq, which counts each SPI and acknowledges it; a sleeping
 * CPU (bh_board_sleep: WFI with the virtual timer armed for the
 * deadline) wakes on either.  Under QEMU's TCG a WFI really stops the
 * virtual CPU, which leaves the host's cores to barehip-sim.
 *
 * Built with -mgeneral-regs-only: bh_board_irq runs inside any code,
 * and start.S saves only the general registers around it.
 */
#include <stdbool.h>

#include "board.h"

#define GICD			0x08000000ul
#define GICC			0x08010000ul
#define V2M			0x08020000ul
#define GICD_CTLR		0x000
#define GICD_ISENABLER		0x100
#define GICD_IPRIORITYR		0x400
#define GICD_ITARGETSR		0x800
#define GICD_ICFGR		0xc00
#define GICC_CTLR		0x000
#define GICC_PMR		0x004
#define GICC_IAR		0x00c
#define GICC_EOIR		0x010
#define V2M_MSI_TYPER		0x008	/* base SPI 25:16, count 9:0 */
#define V2M_MSI_SETSPI_NS	0x040
#define TIMER_PPI		27	/* the EL1 virtual timer */
#define SPURIOUS		1020

#define MAX_MSI			32

static bool gic_on;
static unsigned spi_base, spi_num;
static volatile uint64_t msi_count[MAX_MSI];

static volatile uint32_t *reg(uint64_t base, unsigned off)
{
	return (volatile uint32_t *)(base + off);
}

static volatile uint8_t *reg8(uint64_t base, unsigned off)
{
	return (volatile uint8_t *)(base + off);
}

/* Interrupt @id: enabled, to CPU 0, priority 0x80, edge- or level-triggered. */
static void enable(unsigned id, bool edge)
{
	*reg8(GICD, GICD_IPRIORITYR + id) = 0x80;
	if (id >= 32) {
		*reg8(GICD, GICD_ITARGETSR + id) = 1;
		uint32_t cfg = *reg(GICD, GICD_ICFGR + id / 16 * 4);
		unsigned shift = id % 16 * 2 + 1;

		cfg = edge ? cfg | 1u << shift : cfg & ~(1u << shift);
		*reg(GICD, GICD_ICFGR + id / 16 * 4) = cfg;
	}
	*reg(GICD, GICD_ISENABLER + id / 32 * 4) = 1u << (id % 32);
}

static void gic_init(void)
{
	uint32_t typer = *reg(V2M, V2M_MSI_TYPER);

	spi_base = typer >> 16 & 0x3ff;
	spi_num = typer & 0x3ff;
	*reg(GICD, GICD_CTLR) = 1;
	*reg(GICC, GICC_PMR) = 0xff;
	*reg(GICC, GICC_CTLR) = 1;
	enable(TIMER_PPI, false);
	__asm__ volatile("dsb sy\n\tmsr daifclr, #2\n\tisb" ::: "memory");	/* IRQs on */
	gic_on = true;
}

int bh_board_msi(unsigned n, uint64_t *addr, uint32_t *data)
{
	if (!gic_on)
		gic_init();
	if (n >= MAX_MSI || n >= spi_num)
		return -1;
	enable(spi_base + n, true);
	*addr = V2M + V2M_MSI_SETSPI_NS;
	*data = spi_base + n;
	return 0;
}

uint64_t bh_board_msi_count(unsigned n)
{
	return n < MAX_MSI ? msi_count[n] : 0;
}

void bh_board_irq(void);
void bh_board_irq(void)
{
	for (;;) {
		uint32_t iar = *reg(GICC, GICC_IAR), id = iar & 0x3ff;

		if (id >= SPURIOUS)
			return;
		if (id == TIMER_PPI)	/* the deadline: mask it, the sleeper looks */
			__asm__ volatile("msr cntv_ctl_el0, %0\n\tisb" :: "r"(2ul));
		else if (id >= spi_base && id - spi_base < MAX_MSI)
			msi_count[id - spi_base]++;
		*reg(GICC, GICC_EOIR) = iar;
	}
}

void bh_board_sleep(unsigned n, uint64_t seen, uint64_t until_ticks)
{
	if (!gic_on || n >= MAX_MSI) {
		__asm__ volatile("yield");
		return;
	}
	/*
	 * IRQs masked from the look at the count to the WFI, so that an MSI
	 * in between is not taken first and slept through: WFI wakes on a
	 * pending interrupt even while it is masked, and the unmask after it
	 * takes it.
	 */
	__asm__ volatile("msr daifset, #2\n\t"
			 "msr cntv_cval_el0, %0\n\t"
			 "msr cntv_ctl_el0, %1\n\t"
			 "isb" :: "r"(until_ticks), "r"(1ul) : "memory");
	if (msi_count[n] == seen && bh_timer_ticks() < until_ticks)
		__asm__ volatile("wfi" ::: "memory");
	__asm__ volatile("msr daifclr, #2\n\tisb" ::: "memory");
	__asm__ volatile("msr cntv_ctl_el0, %0\n\tisb" :: "r"(0ul));
}
