// SPDX-License-Identifier: MIT
/*
 * dbgexit N: leave QEMU with exit status (N << 1) | 1 through the
 * isa-debug-exit device at port 0xf4.  (A kernel panic makes QEMU exit
 * with 0, so the harness can tell "guest said N" from "guest died".)
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/io.h>
#include <sys/reboot.h>

int main(int argc, char **argv)
{
	unsigned value = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 0;

	sync();
	if (ioperm(0xf4, 4, 1)) {
		perror("dbgexit: ioperm");
	} else {
		outl(value, 0xf4);
	}
	/* Not reached under QEMU with isa-debug-exit; elsewhere, power off. */
	reboot(RB_POWER_OFF);
	return 1;
}
