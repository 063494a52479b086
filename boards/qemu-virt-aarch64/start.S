/* SPDX-License-Identifier: MIT */
/*
 * Entry of a bare-metal image on QEMU's virt machine (AArch64, EL1: QEMU
 * enters an ELF given with -kernel there, MMU and caches off).
 *
 *   1. FP/SIMD on (CPACR_EL1.FPEN): newlib and compiled C use the vector
 *      registers (memset, printf's floats);
 *   2. the stack (board.ld), the exception vectors (VBAR_EL1);
 *   3. .bss zeroed -- before the MMU: with it off every access is
 *      Device-nGnRnE, so this loop stores aligned doublewords only --
 *      and .tbss (bytes), TPIDR_EL0 pointing at the one thread's TLS
 *      (board.ld);
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
2:	ldr	x0, =__tbss_start		/* the thread's TLS: .tbss zeroed */
	ldr	x1, =__tbss_end
5:	cmp	x0, x1
	b.hs	6f
	strb	wzr, [x0], #1
	b	5b
6:	ldr	x0, =__tls_start
	sub	x0, x0, #16			/* TPIDR_EL0 + 16 is the block */
	msr	tpidr_el0, x0
	bl	bh_board_init
	bl	bh_board_main			/* does not return: exit() */
3:	wfe
	b	3b

/*
 * Exception vectors: 16 entries of 0x80 bytes (current EL with SP0 or
 * SPx, lower EL AArch64 or AArch32; synchronous, IRQ, FIQ, SError each).
 * An IRQ at EL1 goes to bh_irq_entry (below); every other one saves the
 * frame and calls bh_board_exception(kind), which prints the syndrome
 * and stops the image with a failing status.
 */
	.macro	vector kind
	.balign	0x80
	.if	\kind == 5
	b	bh_irq_entry			/* an IRQ at EL1: irq.c */
	.else
	sub	sp, sp, #32
	stp	x0, x1, [sp]
	stp	x29, x30, [sp, #16]
	mov	x0, #\kind
	b	bh_vector_common
	.endif
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
 * An IRQ taken at EL1 (the GIC's: an MSI, the timer): the registers a C
 * call may change saved -- the general ones, and ELR/SPSR; bh_board_irq
 * is built with -mgeneral-regs-only, so FP/SIMD state stays as it was
 * -- then bh_board_irq, then back to the interrupted code.
 */
bh_irq_entry:
	sub	sp, sp, #192
	stp	x0, x1, [sp, #0]
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	stp	x8, x9, [sp, #64]
	stp	x10, x11, [sp, #80]
	stp	x12, x13, [sp, #96]
	stp	x14, x15, [sp, #112]
	stp	x16, x17, [sp, #128]
	stp	x18, x29, [sp, #144]
	mrs	x0, elr_el1
	mrs	x1, spsr_el1
	stp	x30, x0, [sp, #160]
	str	x1, [sp, #176]
	bl	bh_board_irq
	ldr	x1, [sp, #176]
	ldp	x30, x0, [sp, #160]
	msr	elr_el1, x0
	msr	spsr_el1, x1
	ldp	x18, x29, [sp, #144]
	ldp	x16, x17, [sp, #128]
	ldp	x14, x15, [sp, #112]
	ldp	x12, x13, [sp, #96]
	ldp	x10, x11, [sp, #80]
	ldp	x8, x9, [sp, #64]
	ldp	x6, x7, [sp, #48]
	ldp	x4, x5, [sp, #32]
	ldp	x2, x3, [sp, #16]
	ldp	x0, x1, [sp, #0]
	add	sp, sp, #192
	eret

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
