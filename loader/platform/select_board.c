// SPDX-License-Identifier: MIT
/*
 * Which backend a program runs on, on a board with no operating system
 * (in place of select.c, which looks at the machine's device files): the
 * pci backend over the board's own PCI host (boards/<board>/pci_host.c),
 * one device.  No locks: such a runtime has one thread
 * (CONFIG_HOST_THREADS off).
 */
#include <stdio.h>

#include <bh/backends.h>
#include <bh/pci.h>

unsigned bh_platform_count(void)
{
	return 1;
}

struct bh_platform *bh_platform_new(struct bh_error *err)
{
	return bh_platform_new_index(0, err);
}

struct bh_platform *bh_platform_new_index(unsigned index, struct bh_error *err)
{
	struct bh_platform *p;

	if (index) {
		err->code = BH_ENODEV;
		snprintf(err->message, sizeof(err->message), "the %s board has one device (0), "
			 "not %u", bh_board_pci_host()->name, index);
		return NULL;
	}
	p = bh_platform_pci_new(bh_board_pci_host());
	if (!p) {
		err->code = BH_ENOMEM;
		snprintf(err->message, sizeof(err->message), "out of memory for the pci backend");
	}
	return p;
}

void bh_platform_install_locks(struct bh_platform *p)
{
	(void)p;	/* one thread: the core locks nothing */
}

void bh_platform_delete(struct bh_platform *p)
{
	if (p)
		bh_platform_pci_delete(p);
}
