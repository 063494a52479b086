// SPDX-License-Identifier: MIT
/*
 * The qemu-virt-aarch64 board: the identity map and caches, the PL011
 * UART, the generic timer, the exception report and the exit through
 * semihosting.  Freestanding; built with -mstrict-align, because
 * bh_board_init runs with the MMU off, where every access is
 * Device-nGnRnE and an unaligned one faults.
 */
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
 * One level-1 table of 1 GiB blocks (4 KiB granule, TCR_EL1.T0SZ 32: a
 * 4 GiB address space, starting at level 1).  Block descriptor bits:
 * valid+block 0b01, AttrIndx 4:2 (MAIR index), SH 9:8, AF 10, PXN 53,
 * UXN 54.  MAIR: index 0 Device-nGnRnE (0x00), index 1 Normal
 * write-back read/write-allocate (0xff).
 */
#define PTE_BLOCK	0x1ul
#define PTE_ATTR(i)	((uint64_t)(i) << 2)
#define PTE_SH_INNER	(3ul << 8)
#define PTE_AF		BIT(10)
#define PTE_PXN		BIT(53)
#define PTE_UXN		BIT(54)

static uint64_t l1_table[4] __attribute__((aligned(4096)));

#define TCR_T0SZ(n)	((uint64_t)(n))
#define TCR_IRGN0_WBWA	(1ul << 8)
#define TCR_ORGN0_WBWA	(1ul << 10)
#define TCR_SH0_INNER	(3ul << 12)
#define TCR_EPD1	BIT(23)
#define TCR_IPS_36BIT	(1ul << 32)

#define SCTLR_M		BIT(0)
#define SCTLR_A		BIT(1)
#define SCTLR_C		BIT(2)
#define SCTLR_I		BIT(12)

static void mmu_init(void)
{
	for (uint64_t gb = 0; gb < BH_MAP_END >> 30; gb++) {
		uint64_t pa = gb << 30;

		if (pa < BH_MAP_DEVICE_END)
			l1_table[gb] = pa | PTE_BLOCK | PTE_ATTR(0) | PTE_AF | PTE_PXN | PTE_UXN;
		else
			l1_table[gb] = pa | PTE_BLOCK | PTE_ATTR(1) | PTE_SH_INNER | PTE_AF;
	}
	uint64_t mair = 0x00ul | 0xfful << 8;
	uint64_t tcr = TCR_T0SZ(32) | TCR_IRGN0_WBWA | TCR_ORGN0_WBWA | TCR_SH0_INNER |
		       TCR_EPD1 | TCR_IPS_36BIT;
	uint64_t sctlr;

	__asm__ volatile("dsb sy\n\t"
			 "msr mair_el1, %0\n\t"
			 "msr tcr_el1, %1\n\t"
			 "msr ttbr0_el1, %2\n\t"
			 "isb\n\t"
			 "tlbi vmalle1\n\t"
			 "dsb ish\n\t"
			 "isb" :: "r"(mair), "r"(tcr), "r"(l1_table) : "memory");
	__asm__ volatile("mrs %0, sctlr_el1" : "=r"(sctlr));
	sctlr = (sctlr | SCTLR_M | SCTLR_C | SCTLR_I) & ~SCTLR_A;
	__asm__ volatile("msr sctlr_el1, %0\n\tisb" :: "r"(sctlr) : "memory");
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
