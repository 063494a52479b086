/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The few kernel interfaces that changed between Debian 12's 6.1 and
 * later kernels.  Only 6.1 is built and tested; the newer branches
 * follow the upstream changes they name.
 */
#ifndef BAREHIP_COMPAT_H
#define BAREHIP_COMPAT_H

#include <linux/mm.h>
#include <linux/pci.h>
#include <linux/version.h>

/* 6.2 made devnode callbacks take a const struct device. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 2, 0)
#define BAREHIP_DEVNODE_CONST const
#else
#define BAREHIP_DEVNODE_CONST
#endif

/* 6.3 made vm_flags read-only outside the vm_flags_*() helpers. */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 3, 0)
static inline void vm_flags_set(struct vm_area_struct *vma, vm_flags_t flags)
{
	vma->vm_flags |= flags;
}
#endif

/* 6.4 dropped struct class's owner (the module is pinned elsewhere). */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 4, 0)
#define BAREHIP_CLASS_OWNER .owner = THIS_MODULE,
#else
#define BAREHIP_CLASS_OWNER
#endif

/* 6.5 named the processing-accelerator class; amdgpu matches it (MI300). */
#ifndef PCI_CLASS_ACCELERATOR_PROCESSING
#define PCI_CLASS_ACCELERATOR_PROCESSING	0x1200
#endif

/* 6.8 renamed PCI_IRQ_LEGACY. */
#ifndef PCI_IRQ_INTX
#define PCI_IRQ_INTX	PCI_IRQ_LEGACY
#endif

#endif /* BAREHIP_COMPAT_H */
