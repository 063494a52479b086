// SPDX-License-Identifier: MIT
/*
 * The qemu-virt-aarch64 board: the identity map and caches, the PL011
 * UART, the generic timer, the exception report and the exit through
 * semihosting.  Freestanding; built with -mstrict-align, because
 * bh_board_init runs with the MMU off, where every access is
 * Device-nGnRnE and an unaligned one faults.
 */
#include <stdbool.h>

#include "board.h"

#define BIT(n) (1ul << (n))

/* ------------------------------------------------------------------ UART */
#define UART_DR		0x00
#define UART_FR		0x18
#define UART_FR_TXFF	BIT(5)

static volatile uint32_t *uart_reg(unsigned off)
{
	return (volatile uint32_t *)(BH_UART_BASE + off);
}

void bh_uart_putc(char c)
{
	while (*uart_reg(UART_FR) & UART_FR_TXFF)
		;
	*uart_reg(UART_DR) = (uint8_t)c;
}

void bh_uart_write(const char *s, unsigned long n)
{
	for (unsigned long i = 0; i < n; i++) {
		if (s[i] == '\n')
			bh_uart_putc('\r');
		bh_uart_putc(s[i]);
	}
}

static void uart_puts(const char *s)
{
	while (*s)
		bh_uart_write(s++, 1);
}

static void uart_hex(uint64_t v)
{
	char b[19] = "0x";

	for (int i = 0; i < 16; i++)
		b[2 + i] = "0123456789abcdef"[(v >> (60 - 4 * i)) & 15];
	b[18] = 0;
	uart_puts(b);
}

/* ------------------------------------------------------------------- MMU */
/*
 * Translation tables with a 4 KiB granule and a 48-bit virtual address
 * space (TCR_EL1.T0SZ 16, walks start at level 0): 1 GiB blocks at
 * level 1, 2 MiB blocks at level 2, pages at level 3, whichever the
 * alignment of a range allows.  Tables come from a static pool.
 *
 * At start-up: [0, 1 GiB) device memory (UART, GIC, the PCIe window
 * below 4 GiB), [1 GiB, 4 GiB) normal write-back memory, the PCIe ECAM
 * (above 4 GiB on this machine) device memory.  bh_board_map adds more
 * at run time: the PCI backend maps the BARs it assigns in the 64-bit
 * window, and the DMA pool again at the GPU address its GART gives it
 * (docs/baremetal.md).
 *
 * Descriptor bits: valid 0, table/page 1, AttrIndx 4:2 (MAIR index),
 * SH 9:8, AF 10, PXN 53, UXN 54.
 */
#define PTE_VALID	0x1ul
#define PTE_TABLE	0x3ul		/* levels 0-2: next table; level 3: page */
#define PTE_ATTR(i)	((uint64_t)(i) << 2)
#define PTE_SH_INNER	(3ul << 8)
#define PTE_AF		BIT(10)
#define PTE_PXN		BIT(53)
#define PTE_UXN		BIT(54)
#define PTE_ADDR	0x0000fffffffff000ul

/* MAIR_EL1 attribute indexes (enum bh_map_kind). */
#define MAIR_VALUE	(0x00ul | 0xfful << 8 | 0x44ul << 16)	/* nGnRnE, WB, NC */

#define TABLE_POOL	24
static uint64_t tables[TABLE_POOL][512] __attribute__((aligned(4096)));
static unsigned tables_used = 1;	/* tables[0] is level 0 */

#define TCR_T0SZ(n)	((uint64_t)(n))
#define TCR_IRGN0_WBWA	(1ul << 8)
#define TCR_ORGN0_WBWA	(1ul << 10)
#define TCR_SH0_INNER	(3ul << 12)
#define TCR_EPD1	BIT(23)
#define TCR_IPS_40BIT	(2ul << 32)	/* the 64-bit PCIe window ends at 1 TiB */

#define SCTLR_M		BIT(0)
#define SCTLR_A		BIT(1)
#define SCTLR_C		BIT(2)
#define SCTLR_I		BIT(12)

static bool mmu_on;

static uint64_t leaf_bits(enum bh_map_kind kind)
{
	switch (kind) {
	case BH_MAP_NORMAL:
		return PTE_ATTR(1) | PTE_SH_INNER | PTE_AF;
	case BH_MAP_WRITE_COMBINE:
		return PTE_ATTR(2) | PTE_AF | PTE_PXN | PTE_UXN;
	default:
		return PTE_ATTR(0) | PTE_AF | PTE_PXN | PTE_UXN;
	}
}

/* The table entry @e points to, made (from the pool) if it is empty. */
static uint64_t *next_table(uint64_t *e)
{
	if ((*e & 3) == PTE_TABLE)
		return (uint64_t *)(*e & PTE_ADDR);
	if (*e & PTE_VALID || tables_used == TABLE_POOL)
		return 0;	/* a block is there already, or no table left */
	uint64_t *t = tables[tables_used++];

	*e = (uint64_t)t | PTE_TABLE;
	return t;
}

int bh_board_map(uint64_t va, uint64_t pa, uint64_t size, enum bh_map_kind kind)
{
	const uint64_t page = 4096, end = va + size;

	if ((va | pa | size) & (page - 1) || end < va || end > (1ul << 48))
		return -1;
	while (va < end) {
		uint64_t *t = tables[0], *e;
		unsigned level;

		/* The largest block the alignment and the size left allow. */
		for (level = 0;; level++) {
			unsigned shift = 39 - 9 * level;
			uint64_t block = 1ul << shift;

			e = &t[va >> shift & 511];
			if (level >= 1 && !((va | pa) & (block - 1)) && end - va >= block)
				break;
			if (level == 3)
				break;
			t = next_table(e);
			if (!t)
				return -1;
		}
		uint64_t block = 1ul << (39 - 9 * level);

		if (*e & PTE_VALID && (*e & PTE_ADDR) != pa)
			return -1;	/* mapped to something else */
		*e = pa | leaf_bits(kind) | (level == 3 ? PTE_TABLE : PTE_VALID);
		va += block;
		pa += block;
	}
	if (mmu_on)
		__asm__ volatile("dsb ishst\n\t"
				 "tlbi vmalle1\n\t"
				 "dsb ish\n\t"
				 "isb" ::: "memory");
	return 0;
}

static void mmu_init(void)
{
	uint64_t tcr = TCR_T0SZ(16) | TCR_IRGN0_WBWA | TCR_ORGN0_WBWA | TCR_SH0_INNER |
		       TCR_EPD1 | TCR_IPS_40BIT;
	uint64_t sctlr;

	/* Nothing can be reported yet (no UART before the map): a board
	 * whose map does not fit its table pool stops here. */
	if (bh_board_map(0, 0, BH_MAP_DEVICE_END, BH_MAP_DEVICE) ||
	    bh_board_map(BH_MAP_DEVICE_END, BH_MAP_DEVICE_END, BH_MAP_END - BH_MAP_DEVICE_END,
			 BH_MAP_NORMAL) ||
	    bh_board_map(BH_PCIE_ECAM_BASE, BH_PCIE_ECAM_BASE, BH_PCIE_ECAM_SIZE, BH_MAP_DEVICE))
		for (;;)
			__asm__ volatile("wfe");
	__asm__ volatile("dsb sy\n\t"
			 "msr mair_el1, %0\n\t"
			 "msr tcr_el1, %1\n\t"
			 "msr ttbr0_el1, %2\n\t"
			 "isb\n\t"
			 "tlbi vmalle1\n\t"
			 "dsb ish\n\t"
			 "isb" :: "r"(MAIR_VALUE), "r"(tcr), "r"(tables[0]) : "memory");
	__asm__ volatile("mrs %0, sctlr_el1" : "=r"(sctlr));
	sctlr = (sctlr | SCTLR_M | SCTLR_C | SCTLR_I) & ~SCTLR_A;
	__asm__ volatile("msr sctlr_el1, %0\n\tisb" :: "r"(sctlr) : "memory");
	mmu_on = true;
}

void bh_board_init(void)
{
	mmu_init();
}

/* ----------------------------------------------------------------- timer */
uint64_t bh_timer_ticks(void)
{
	uint64_t v;

	__asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(v));
	return v;
}

uint64_t bh_timer_hz(void)
{
	uint64_t v;

	__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(v));
	return v;
}

/* ------------------------------------------------------------ exit, faults */
void bh_board_exit(int status)
{
	/* SYS_EXIT's block: the reason and, as AArch64 allows, the status. */
	uint64_t block[2] = { BH_SH_EXIT_APPLICATION, (uint64_t)(int64_t)status };

	bh_semihost(BH_SH_SYS_EXIT, block);
	for (;;)		/* no debugger answered: stop here */
		__asm__ volatile("wfe");
}

static const char *const kinds[16] = {
	"synchronous (EL1t)", "IRQ (EL1t)", "FIQ (EL1t)", "SError (EL1t)",
	"synchronous", "IRQ", "FIQ", "SError",
	"synchronous (from EL0)", "IRQ (from EL0)", "FIQ (from EL0)", "SError (from EL0)",
	"synchronous (from AArch32)", "IRQ (from AArch32)", "FIQ (from AArch32)",
	"SError (from AArch32)",
};

void bh_board_exception(unsigned kind) __attribute__((noreturn));
void bh_board_exception(unsigned kind)
{
	uint64_t esr, elr, far;

	__asm__ volatile("mrs %0, esr_el1\n\tmrs %1, elr_el1\n\tmrs %2, far_el1"
			 : "=r"(esr), "=r"(elr), "=r"(far));
	uart_puts("\nbarehip board: exception: ");
	uart_puts(kinds[kind & 15]);
	uart_puts(", ESR ");
	uart_hex(esr);
	uart_puts(" (class ");
	uart_hex(esr >> 26 & 0x3f);
	uart_puts("), ELR ");
	uart_hex(elr);
	uart_puts(", FAR ");
	uart_hex(far);
	uart_puts("\n");
	bh_board_exit(128 + (int)(kind & 15));
}
