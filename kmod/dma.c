// SPDX-License-Identifier: GPL-2.0
/*
 * DMA-coherent buffers: allocated by an open file, named by a handle
 * that means something only in that file, mapped into user space, and
 * freed when the handle is freed and the last mapping is gone, or when
 * the file is closed.  Another process (another open file) can neither
 * name nor map them.
 */
#include <linux/dma-mapping.h>
#include <linux/kref.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/xarray.h>

#include "barehip_drv.h"
#include "compat.h"

/* Free a buffer's memory and its charge; under dma_lock. */
static void barehip_dma_free_memory(struct barehip_dma_buf *buf)
{
	struct barehip_dev *bd = buf->bd;

	dma_free_coherent(&bd->pdev->dev, buf->size, buf->cpu, buf->bus);
	buf->cpu = NULL;
	list_del_init(&buf->node);
	atomic_dec(&bd->dma_buffers);
	atomic64_sub(buf->size, &bd->dma_bytes);
}

/* The last reference: the memory, unless remove freed it already. */
static void barehip_dma_buf_release(struct kref *ref)
{
	struct barehip_dma_buf *buf = container_of(ref, struct barehip_dma_buf, ref);
	struct barehip_dev *bd = buf->bd;

	mutex_lock(&bd->dma_lock);
	if (buf->cpu)
		barehip_dma_free_memory(buf);
	mutex_unlock(&bd->dma_lock);
	kfree(buf);
}

static void barehip_dma_put(struct barehip_dma_buf *buf)
{
	kref_put(&buf->ref, barehip_dma_buf_release);
}

/*
 * Take a published buffer out of the file's handles, with the handle's
 * reference.  A handle that DMA_ALLOC has reserved but not yet published
 * is left alone (NULL): erasing it would let its slot be handed out
 * twice.
 */
static struct barehip_dma_buf *barehip_dma_unpublish(struct barehip_file *bf, u32 handle)
{
	struct barehip_dma_buf *buf;

	xa_lock(&bf->bufs);
	buf = xa_load(&bf->bufs, handle);
	if (buf)
		__xa_erase(&bf->bufs, handle);
	xa_unlock(&bf->bufs);
	return buf;
}

long barehip_ioctl_dma_alloc(struct barehip_file *bf, void __user *uarg)
{
	struct barehip_dev *bd = bf->bd;
	u64 limit = (u64)barehip_dma_max_mb << 20;
	struct barehip_dma_alloc a;
	struct barehip_dma_buf *buf;
	u32 usize, handle;
	size_t len;
	long ret;

	ret = barehip_copy_arg(&a, sizeof(a), sizeof(a), uarg, &usize);
	if (ret)
		return ret;
	if (a.flags || a.reserved || !a.length || a.length > BAREHIP_DMA_MAX_SIZE)
		return -EINVAL;
	len = PAGE_ALIGN(a.length);

	/*
	 * The limit is the device's, for all its open files together (N
	 * opens must not pin N times as much); charged up front so racing
	 * allocations see it, and given back when the memory is freed.
	 */
	if ((u64)atomic64_add_return(len, &bd->dma_bytes) > limit) {
		ret = -ENOMEM;
		goto err_account;
	}
	buf = kzalloc(sizeof(*buf), GFP_KERNEL);
	if (!buf) {
		ret = -ENOMEM;
		goto err_account;
	}
	kref_init(&buf->ref);
	buf->bd = bd;
	INIT_LIST_HEAD(&buf->node);
	buf->size = len;

	down_read(&bd->remove_sem);
	if (bd->dead) {
		up_read(&bd->remove_sem);
		ret = -ENODEV;
		goto err_free;
	}
	/* Large requests may simply not fit: fail quietly, no allocator splat. */
	buf->cpu = dma_alloc_coherent(&bd->pdev->dev, len, &buf->bus,
				      GFP_KERNEL | __GFP_NOWARN);
	if (!buf->cpu) {
		up_read(&bd->remove_sem);
		ret = -ENOMEM;
		goto err_free;
	}
	/* Listed before remove can run: it frees what is listed. */
	mutex_lock(&bd->dma_lock);
	list_add(&buf->node, &bd->dma_list);
	atomic_inc(&bd->dma_buffers);
	mutex_unlock(&bd->dma_lock);
	up_read(&bd->remove_sem);

	/*
	 * Reserve a handle (a NULL entry: lookups, DMA_FREE and mmap do not
	 * see it), finish the buffer, and only then publish it: from then on
	 * another thread may free it, so it is not touched again here.
	 * Cyclic handles: a stale handle does not name a new buffer soon.
	 */
	ret = xa_alloc_cyclic(&bf->bufs, &handle, NULL, XA_LIMIT(1, BAREHIP_DMA_MAX_HANDLE),
			      &bf->next_handle, GFP_KERNEL);
	if (ret < 0) {
		barehip_dma_put(buf);	/* frees and un-accounts everything */
		return ret == -EBUSY ? -ENOMEM : ret;
	}
	buf->handle = handle;
	a.length = len;
	a.handle = handle;
	a.bus_addr = buf->bus;
	a.mmap_offset = barehip_region_offset(BAREHIP_REGION_DMA) +
			((u64)handle << BAREHIP_DMA_SHIFT);
	/* The slot is reserved: storing into it allocates nothing, cannot fail. */
	xa_store(&bf->bufs, handle, buf, GFP_KERNEL);

	ret = barehip_copy_result(uarg, usize, &a, sizeof(a));
	if (ret) {
		/* The caller never learnt the handle: take the buffer back. */
		buf = barehip_dma_unpublish(bf, handle);
		if (buf)
			barehip_dma_put(buf);
	}
	return ret;

err_free:
	kfree(buf);
err_account:
	atomic64_sub(len, &bd->dma_bytes);
	return ret;
}

long barehip_ioctl_dma_free(struct barehip_file *bf, void __user *uarg)
{
	struct barehip_dma_free f;
	struct barehip_dma_buf *buf;
	u32 usize;
	long ret;

	ret = barehip_copy_arg(&f, sizeof(f), sizeof(f), uarg, &usize);
	if (ret)
		return ret;
	if (!f.handle || f.handle > BAREHIP_DMA_MAX_HANDLE)
		return -EINVAL;
	/* Mappings keep their own references: the memory stays until munmap. */
	buf = barehip_dma_unpublish(bf, f.handle);
	if (!buf)
		return -EINVAL;
	barehip_dma_put(buf);
	return 0;
}

/* Each VMA (a fork's copy or a split half too) holds a buffer reference. */
static void barehip_dma_vm_open(struct vm_area_struct *vma)
{
	struct barehip_dma_buf *buf = vma->vm_private_data;

	kref_get(&buf->ref);
}

static void barehip_dma_vm_close(struct vm_area_struct *vma)
{
	barehip_dma_put(vma->vm_private_data);
}

static const struct vm_operations_struct barehip_dma_vm_ops = {
	.open = barehip_dma_vm_open,
	.close = barehip_dma_vm_close,
};

int barehip_dma_mmap(struct barehip_file *bf, struct vm_area_struct *vma, u64 offset)
{
	struct barehip_dev *bd = bf->bd;
	u64 handle = offset >> BAREHIP_DMA_SHIFT;
	u64 in = offset & (BAREHIP_DMA_MAX_SIZE - 1);
	u64 len = vma->vm_end - vma->vm_start;
	struct barehip_dma_buf *buf;
	int ret;

	if (!handle || handle > BAREHIP_DMA_MAX_HANDLE)
		return -EINVAL;
	xa_lock(&bf->bufs);
	buf = xa_load(&bf->bufs, handle);
	if (buf)
		kref_get(&buf->ref);
	xa_unlock(&bf->bufs);
	if (!buf)
		return -EINVAL;

	if (in >= buf->size || len > buf->size - in) {
		ret = -EINVAL;
		goto err_put;
	}
	down_read(&bd->remove_sem);
	if (bd->dead) {
		up_read(&bd->remove_sem);
		ret = -ENODEV;
		goto err_put;
	}
	/* dma_mmap_coherent() takes the page offset inside the buffer here. */
	vma->vm_pgoff = in >> PAGE_SHIFT;
	vm_flags_set(vma, VM_DONTEXPAND | VM_DONTDUMP);
	ret = dma_mmap_coherent(&bd->pdev->dev, vma, buf->cpu, buf->bus, buf->size);
	up_read(&bd->remove_sem);
	if (ret) {
		ret = -EINVAL;
		goto err_put;
	}
	vma->vm_private_data = buf;
	vma->vm_ops = &barehip_dma_vm_ops;
	return 0;

err_put:
	barehip_dma_put(buf);
	return ret;
}

/*
 * Close: nothing maps the file any more, so every buffer (and pinned
 * range, pin.c) goes now, once the board has let go of them (a killed process did not unmap its GART
 * entries).  If the board does not answer, the memory is parked, not
 * freed: it stays allocated and charged until the device is removed.
 */
void barehip_dma_release_all(struct barehip_file *bf)
{
	struct barehip_dev *bd = bf->bd;
	/* One reset covers the file's buffers and its pinned ranges (pin.c). */
	bool quiet = (xa_empty(&bf->bufs) && xa_empty(&bf->pins)) ||
		     !barehip_board_quiesce(bd);
	struct barehip_dma_buf *buf;
	unsigned long handle;
	unsigned int parked = 0;

	xa_for_each(&bf->bufs, handle, buf) {
		xa_erase(&bf->bufs, handle);
		if (quiet) {
			barehip_dma_put(buf);
			continue;
		}
		/* The handle's reference stays with the buffer: only remove frees it. */
		mutex_lock(&bd->dma_lock);
		if (buf->cpu) {
			buf->parked = true;
			parked++;
			mutex_unlock(&bd->dma_lock);
		} else {
			mutex_unlock(&bd->dma_lock);
			barehip_dma_put(buf);
		}
	}
	xa_destroy(&bf->bufs);
	if (parked)
		dev_warn(&bd->pdev->dev,
			 "the board may still map %u DMA buffers of a closed file: kept until the device is removed\n",
			 parked);
	barehip_pin_release_all(bf, quiet);
}

/*
 * Remove (unbind, hot unplug): the device stops mastering the bus, then
 * every buffer's memory is freed while the binding (and with an IOMMU,
 * its domain) still exists.  User mappings were zapped already; handles
 * and VMAs keep only the empty struct until close and munmap.
 */
void barehip_dma_remove(struct barehip_dev *bd)
{
	struct barehip_dma_buf *buf, *tmp;
	unsigned int n = 0;

	pci_clear_master(bd->pdev);
	mutex_lock(&bd->dma_lock);
	list_for_each_entry_safe(buf, tmp, &bd->dma_list, node) {
		bool parked = buf->parked;

		barehip_dma_free_memory(buf);
		if (parked)	/* its file is closed: nothing else refers to it */
			kfree(buf);
		n++;
	}
	mutex_unlock(&bd->dma_lock);
	if (n)
		dev_info(&bd->pdev->dev, "removed: freed %u DMA buffers still held\n", n);
}
