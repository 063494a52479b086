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
/* The identity map: [0, 1 GiB) device memory (the UART, the GIC, the
 * low PCIe windows and ECAM), [1 GiB, 4 GiB) normal cacheable RAM. */
#define BH_MAP_DEVICE_END	0x40000000ul
#define BH_MAP_END		0x100000000ul

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

#endif
