/* SPDX-License-Identifier: GPL-2.0 */
/*
 * barehip.ko internals: one struct barehip_dev per bound PCI function,
 * one struct barehip_file per open of its /dev/barehipN.
 */
#ifndef BAREHIP_DRV_H
#define BAREHIP_DRV_H

#include <linux/atomic.h>
#include <linux/cdev.h>
#include <linux/device.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/rwsem.h>
#include <linux/wait.h>
#include <linux/xarray.h>

#include "uapi/barehip.h"

#define BAREHIP_NAME		"barehip"
#define BAREHIP_MAX_DEVICES	64

/*
 * File offsets of what mmap can reach: bits 40 and up pick the region,
 * the rest is the offset inside it.  DMA buffers sit 256 MiB apart, by
 * handle.  Userspace takes the offsets from the ioctls, never from here.
 */
#define BAREHIP_REGION_SHIFT	40
#define BAREHIP_REGION_REGS	1
#define BAREHIP_REGION_DOORBELL	2
#define BAREHIP_REGION_VRAM	3
#define BAREHIP_REGION_DMA	4
#define BAREHIP_DMA_SHIFT	28
#define BAREHIP_DMA_MAX_SIZE	(1ULL << BAREHIP_DMA_SHIFT)
#define BAREHIP_DMA_MAX_HANDLE	((1U << (BAREHIP_REGION_SHIFT - BAREHIP_DMA_SHIFT)) - 1)

static inline u64 barehip_region_offset(unsigned int region)
{
	return (u64)region << BAREHIP_REGION_SHIFT;
}

/* A BAR range user space may map. */
struct barehip_bar_window {
	unsigned int region;	/* BAREHIP_REGION_* */
	phys_addr_t phys;	/* page aligned */
	u64 size;		/* whole pages; 0 = absent */
	bool write_combine;
};

struct barehip_vector {
	struct barehip_dev *bd;
	unsigned int index;
	atomic64_t count;
};

struct barehip_dev {
	struct pci_dev *pdev;
	struct device dev;		/* the char device; owns this struct */
	struct cdev cdev;
	int minor;

	/* What the board is, fixed at probe. */
	u32 board;			/* BAREHIP_BOARD_* */
	char target[BAREHIP_TARGET_LEN];
	u32 signature, board_version;
	u32 model_peer, model_vectors;	/* sim board */
	void __iomem *ivshmem_regs;	/* sim board: ivshmem BAR0 */
	void __iomem *sim_regs;		/* sim board: its register window */
	struct mutex board_lock;	/* the module's own board commands */
	struct barehip_bar_window regs, doorbell, vram;
	unsigned int dma_bits;

	/* Interrupts. */
	u32 irq_mode;
	unsigned int nvec;
	char irq_name[32];
	atomic_t intx_masked;		/* INTx: the handler masked the line */
	struct barehip_vector vec[BAREHIP_MAX_VECTORS];
	atomic64_t irq_total;
	wait_queue_head_t irq_wait;

	/*
	 * Held for reading by everything that touches the hardware for a
	 * user (ioctls, faults on BAR mappings); taken for writing once, by
	 * remove, which sets @dead so nothing reaches the device after.
	 */
	struct rw_semaphore remove_sem;
	bool dead;

	/* Open files, so remove can zap their mappings. */
	struct mutex files_lock;
	struct list_head files;

	/*
	 * DMA buffers of all files: live buffers, and bytes charged against
	 * dma_max_mb (live, plus allocations in flight).  sysfs; leak checks.
	 */
	atomic_t dma_buffers;
	atomic64_t dma_bytes;
	/*
	 * Every buffer whose memory is allocated, so remove can free it
	 * while the device is still bound (with an IOMMU, its domain goes
	 * with the binding).  The lock serialises freeing the memory.
	 */
	struct mutex dma_lock;
	struct list_head dma_list;

	/*
	 * Pinned user ranges of all files (their bytes are charged to
	 * dma_bytes too): live ones, and every one whose pages are pinned,
	 * under dma_lock, for remove as dma_list.
	 */
	atomic_t pins;
	struct list_head pin_list;
};

struct barehip_file {
	struct barehip_dev *bd;
	struct file *filp;
	struct list_head node;		/* in bd->files */
	struct xarray bufs;		/* handle -> struct barehip_dma_buf */
	u32 next_handle;
	struct xarray pins;		/* handle -> struct barehip_pin_range */
	u32 next_pin_handle;

	/* read(): interrupt counters as this file last reported them. */
	struct mutex read_lock;
	u64 seen_total;
	u64 seen_vec[BAREHIP_MAX_VECTORS];
};

struct barehip_dma_buf {
	struct kref ref;		/* the handle, plus one per mapping */
	struct barehip_dev *bd;
	struct list_head node;		/* in bd->dma_list while @cpu is memory */
	bool parked;			/* the board may map it: kept until remove */
	u32 handle;
	size_t size;
	void *cpu;
	dma_addr_t bus;
};

/*
 * A user range pinned for the device.  Only its handle refers to it (it
 * is never mapped through the module): unpin or close frees it, or, if
 * the board may still map it, parks it until remove.
 */
struct barehip_pin_range {
	struct barehip_dev *bd;
	struct list_head node;		/* in bd->pin_list while @pages are pinned */
	bool parked;			/* the board may map it: kept until remove */
	unsigned long npages;
	struct page **pages;		/* NULL once unpinned */
	dma_addr_t *bus;		/* page i's bus address */
};

extern const struct file_operations barehip_fops;
extern unsigned int barehip_dma_max_mb;
extern unsigned int barehip_board_timeout_ms;

/* board.c */
int barehip_board_probe(struct barehip_dev *bd);
const char *barehip_board_name(u32 board);
void barehip_board_notify(struct barehip_dev *bd, u32 vector);
int barehip_board_quiesce(struct barehip_dev *bd);

/* irq.c */
int barehip_irq_parse_mode(const char *mode, unsigned int *flags);
int barehip_irq_setup(struct barehip_dev *bd, const char *mode);
void barehip_irq_teardown(struct barehip_dev *bd);
void barehip_irq_rearm(struct barehip_dev *bd);
const char *barehip_irq_mode_name(u32 mode);
long barehip_ioctl_wait_irq(struct barehip_file *bf, void __user *uarg);
long barehip_ioctl_notify(struct barehip_file *bf, void __user *uarg);
ssize_t barehip_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos);
__poll_t barehip_poll(struct file *filp, struct poll_table_struct *wait);

/* dma.c */
long barehip_ioctl_dma_alloc(struct barehip_file *bf, void __user *uarg);
long barehip_ioctl_dma_free(struct barehip_file *bf, void __user *uarg);
int barehip_dma_mmap(struct barehip_file *bf, struct vm_area_struct *vma, u64 offset);
void barehip_dma_release_all(struct barehip_file *bf);
void barehip_dma_remove(struct barehip_dev *bd);

/* pin.c */
long barehip_ioctl_pin(struct barehip_file *bf, void __user *uarg);
long barehip_ioctl_unpin(struct barehip_file *bf, void __user *uarg);
void barehip_pin_release_all(struct barehip_file *bf, bool quiet);
void barehip_pin_remove(struct barehip_dev *bd);

/* file.c */
int barehip_copy_arg(void *karg, size_t ksize, size_t min_size, const void __user *uarg,
		     u32 *usize);
int barehip_copy_result(void __user *uarg, u32 usize, const void *karg, size_t ksize);
void barehip_zap_mappings(struct barehip_dev *bd);

#endif /* BAREHIP_DRV_H */
