/* SPDX-License-Identifier: MIT */
/*
 * Entry of a bare-metal image on QEMU's virt machine (AArch64, EL1: QEMU
 * enters an ELF given with -kernel there, MMU and caches off).
 *
 *   1. FP/SIMD on (CPACR_EL1.FPEN): newlib and compiled C use the vector
 *      registers (memset, printf's floats);
 *   2. the stack (board.ld), the exception vectors (VBAR_EL1);
 *   3. .bss zeroed -- before the MMU: with it off every access is
 *      Device-nGnRnE, so this loop stores aligned doublewords only;
 *   4. bh_board_init (board.c): identity map, MMU and caches on, UART;
 *   5. the C library's start (newlib's __libc_init_array via
 *      bh_board_main), main, exit.
 */
	.section .text.start, "ax"
	.global _start
_start:
	mov	x0, #(3 << 20)
	msr	cpacr_el1, x0			/* FPEN: no trap of FP/SIMD at EL0/EL1 */
	isb
	ldr	x0, =__stack_top
	mov	sp, x0
	ldr	x0, =bh_vectors
	msr	vbar_el1, x0
	isb
	ldr	x0, =__bss_start
	ldr	x1, =__bss_end
1:	cmp	x0, x1
	b.hs	2f
	str	xzr, [x0], #8
	b	1b
2:	bl	bh_board_init
	bl	bh_board_main			/* does not return: exit() */
3:	wfe
	b	3b

/*
 * Exception vectors: 16 entries of 0x80 bytes (current EL with SP0 or
 * SPx, lower EL AArch64 or AArch32; synchronous, IRQ, FIQ, SError each).
 * Every one saves the frame and calls bh_board_exception(kind), which
 * prints the syndrome and stops the image with a failing status.
 */
	.macro	vector kind
	.balign	0x80
	sub	sp, sp, #32
	stp	x0, x1, [sp]
	stp	x29, x30, [sp, #16]
	mov	x0, #\kind
	b	bh_vector_common
	.endm

	.section .text.vectors, "ax"
	.balign	0x800
	.global	bh_vectors
bh_vectors:
	.irp	k, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vector	\k
	.endr

bh_vector_common:
	bl	bh_board_exception		/* noreturn */
4:	wfe
	b	4b

/*
 * bh_semihost(op, arg): an AArch64 semihosting call (HLT #0xF000, w0 the
 * operation, x1 its argument block); QEMU answers with -semihosting.
 */
	.text
	.global	bh_semihost
bh_semihost:
	mov	x1, x1
	hlt	#0xf000
	ret
