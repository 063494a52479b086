// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/barehipN: open and close, the ioctl dispatcher and its argument
 * rules, device info, and mmap of the BAR windows.
 */
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "barehip_drv.h"
#include "compat.h"

/*
 * Copy an ioctl argument in.  It starts with its own size (argsz): at
 * least @min_size, at most a page; bytes past what this module knows
 * must be zero (a newer caller asking for something we cannot do).
 */
int barehip_copy_arg(void *karg, size_t ksize, size_t min_size, const void __user *uarg,
		     u32 *usize)
{
	u32 argsz;
	int ret;

	if (get_user(argsz, (const u32 __user *)uarg))
		return -EFAULT;
	if (argsz < min_size || argsz > PAGE_SIZE)
		return -EINVAL;
	ret = copy_struct_from_user(karg, ksize, uarg, argsz);
	if (ret == -E2BIG)
		return -EINVAL;
	if (ret)
		return ret;
	*usize = argsz;
	return 0;
}

/* Copy a result out: no more than the caller's struct, argsz = bytes filled. */
int barehip_copy_result(void __user *uarg, u32 usize, const void *karg, size_t ksize)
{
	u32 filled = min_t(size_t, usize, ksize);

	if (copy_to_user(uarg, karg, filled) || put_user(filled, (u32 __user *)uarg))
		return -EFAULT;
	return 0;
}

static void barehip_fill_window(struct barehip_window *out, const struct barehip_bar_window *w)
{
	out->size = w->size;
	out->mmap_offset = w->size ? barehip_region_offset(w->region) : 0;
}

static long barehip_ioctl_info(struct barehip_file *bf, void __user *uarg)
{
	struct barehip_dev *bd = bf->bd;
	struct pci_dev *pdev = bd->pdev;
	struct barehip_info info;
	unsigned int i;
	u32 usize;
	long ret;

	ret = barehip_copy_arg(&info, sizeof(info), sizeof(info), uarg, &usize);
	if (ret)
		return ret;
	memset(&info, 0, sizeof(info));
	info.board = bd->board;
	info.vendor = pdev->vendor;
	info.device = pdev->device;
	info.subsystem_vendor = pdev->subsystem_vendor;
	info.subsystem_device = pdev->subsystem_device;
	info.pci_class = pdev->class;
	info.pci_revision = pdev->revision;
	info.pci_domain = pci_domain_nr(pdev->bus);
	info.pci_bus = pdev->bus->number;
	info.pci_devfn = pdev->devfn;
	info.irq_mode = bd->irq_mode;
	info.irq_vectors = bd->nvec;
	info.signature = bd->signature;
	info.board_version = bd->board_version;
	memcpy(info.target, bd->target, sizeof(info.target));
	for (i = 0; i < ARRAY_SIZE(info.bar_size); i++)
		info.bar_size[i] = pci_resource_len(pdev, i);
	barehip_fill_window(&info.regs, &bd->regs);
	barehip_fill_window(&info.doorbell, &bd->doorbell);
	barehip_fill_window(&info.vram, &bd->vram);
	info.model_vectors = bd->model_vectors;
	info.dma_bits = bd->dma_bits;
	info.dma_max_size = BAREHIP_DMA_MAX_SIZE;
	return barehip_copy_result(uarg, usize, &info, sizeof(info));
}

/*
 * Commands are matched without their size bits: the struct's argsz is
 * its version, so a caller built against a grown struct still reaches
 * the same command.
 */
#define BAREHIP_CMD(cmd)	((cmd) & ~IOCSIZE_MASK)

static long barehip_ioctl(struct file *filp, unsigned int cmd, unsigned long arg)
{
	struct barehip_file *bf = filp->private_data;
	void __user *uarg = (void __user *)arg;

	/* After remove nothing works: remove freed the DMA memory already. */
	if (READ_ONCE(bf->bd->dead))
		return _IOC_TYPE(cmd) == BAREHIP_IOC_MAGIC ? -ENODEV : -ENOTTY;

	switch (BAREHIP_CMD(cmd)) {
	case BAREHIP_CMD(BAREHIP_IOC_INFO):
		return barehip_ioctl_info(bf, uarg);
	case BAREHIP_CMD(BAREHIP_IOC_DMA_ALLOC):
		return barehip_ioctl_dma_alloc(bf, uarg);
	case BAREHIP_CMD(BAREHIP_IOC_DMA_FREE):
		return barehip_ioctl_dma_free(bf, uarg);
	case BAREHIP_CMD(BAREHIP_IOC_WAIT_IRQ):
		return barehip_ioctl_wait_irq(bf, uarg);
	case BAREHIP_CMD(BAREHIP_IOC_NOTIFY):
		return barehip_ioctl_notify(bf, uarg);
	case BAREHIP_CMD(BAREHIP_IOC_PIN):
		return barehip_ioctl_pin(bf, uarg);
	case BAREHIP_CMD(BAREHIP_IOC_UNPIN):
		return barehip_ioctl_unpin(bf, uarg);
	}
	return -ENOTTY;
}

/*
 * BAR windows are filled in on fault, one page at a time, under
 * remove_sem: once remove has zapped the mappings, no fault can map the
 * BAR again (the access gets SIGBUS instead).
 */
static vm_fault_t barehip_bar_fault(struct vm_fault *vmf)
{
	struct vm_area_struct *vma = vmf->vma;
	struct barehip_bar_window *w = vma->vm_private_data;
	struct barehip_file *bf = vma->vm_file->private_data;
	struct barehip_dev *bd = bf->bd;
	u64 page = vmf->pgoff - (barehip_region_offset(w->region) >> PAGE_SHIFT);
	vm_fault_t ret = VM_FAULT_SIGBUS;

	if (page >= w->size >> PAGE_SHIFT)
		return VM_FAULT_SIGBUS;
	down_read(&bd->remove_sem);
	if (!bd->dead)
		ret = vmf_insert_pfn_prot(vma, vmf->address, (w->phys >> PAGE_SHIFT) + page,
					  vma->vm_page_prot);
	up_read(&bd->remove_sem);
	return ret;
}

static const struct vm_operations_struct barehip_bar_vm_ops = {
	.fault = barehip_bar_fault,
};

static int barehip_bar_mmap(struct barehip_dev *bd, struct vm_area_struct *vma,
			    struct barehip_bar_window *w, u64 in)
{
	u64 len = vma->vm_end - vma->vm_start;

	if (!w->size || in >= w->size || len > w->size - in)
		return -EINVAL;
	if (READ_ONCE(bd->dead))
		return -ENODEV;
	vma->vm_page_prot = w->write_combine ? pgprot_writecombine(vma->vm_page_prot) :
					       pgprot_noncached(vma->vm_page_prot);
	vm_flags_set(vma, VM_IO | VM_PFNMAP | VM_DONTEXPAND | VM_DONTDUMP);
	vma->vm_private_data = w;
	vma->vm_ops = &barehip_bar_vm_ops;
	return 0;
}

static int barehip_mmap(struct file *filp, struct vm_area_struct *vma)
{
	struct barehip_file *bf = filp->private_data;
	struct barehip_dev *bd = bf->bd;
	u64 offset = (u64)vma->vm_pgoff << PAGE_SHIFT;
	u64 in = offset & (barehip_region_offset(1) - 1);

	/* A private (copy-on-write) view of a device makes no sense. */
	if (!(vma->vm_flags & VM_SHARED))
		return -EINVAL;
	switch (offset >> BAREHIP_REGION_SHIFT) {
	case BAREHIP_REGION_REGS:
		return barehip_bar_mmap(bd, vma, &bd->regs, in);
	case BAREHIP_REGION_DOORBELL:
		return barehip_bar_mmap(bd, vma, &bd->doorbell, in);
	case BAREHIP_REGION_VRAM:
		return barehip_bar_mmap(bd, vma, &bd->vram, in);
	case BAREHIP_REGION_DMA:
		return barehip_dma_mmap(bf, vma, in);
	}
	return -EINVAL;
}

static int barehip_open(struct inode *inode, struct file *filp)
{
	struct barehip_dev *bd = container_of(inode->i_cdev, struct barehip_dev, cdev);
	struct barehip_file *bf;
	unsigned int i;

	bf = kzalloc(sizeof(*bf), GFP_KERNEL);
	if (!bf)
		return -ENOMEM;
	bf->bd = bd;
	bf->filp = filp;
	xa_init_flags(&bf->bufs, XA_FLAGS_ALLOC1);
	xa_init_flags(&bf->pins, XA_FLAGS_ALLOC1);
	mutex_init(&bf->read_lock);
	/* A new file reports only interrupts that arrive after it opened. */
	bf->seen_total = atomic64_read(&bd->irq_total);
	for (i = 0; i < BAREHIP_MAX_VECTORS; i++)
		bf->seen_vec[i] = atomic64_read(&bd->vec[i].count);

	mutex_lock(&bd->files_lock);
	if (bd->dead) {
		mutex_unlock(&bd->files_lock);
		kfree(bf);
		return -ENODEV;
	}
	get_device(&bd->dev);
	list_add(&bf->node, &bd->files);
	mutex_unlock(&bd->files_lock);

	filp->private_data = bf;
	return nonseekable_open(inode, filp);
}

static int barehip_release(struct inode *inode, struct file *filp)
{
	struct barehip_file *bf = filp->private_data;
	struct barehip_dev *bd = bf->bd;

	mutex_lock(&bd->files_lock);
	list_del(&bf->node);
	mutex_unlock(&bd->files_lock);
	barehip_dma_release_all(bf);
	mutex_destroy(&bf->read_lock);
	kfree(bf);
	put_device(&bd->dev);
	return 0;
}

/* Remove: take every user mapping of the device away. */
void barehip_zap_mappings(struct barehip_dev *bd)
{
	struct barehip_file *bf;

	mutex_lock(&bd->files_lock);
	list_for_each_entry(bf, &bd->files, node)
		unmap_mapping_range(bf->filp->f_mapping, 0, 0, 1);
	mutex_unlock(&bd->files_lock);
}

const struct file_operations barehip_fops = {
	.owner = THIS_MODULE,
	.open = barehip_open,
	.release = barehip_release,
	.read = barehip_read,
	.poll = barehip_poll,
	.unlocked_ioctl = barehip_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.mmap = barehip_mmap,
};
