// SPDX-License-Identifier: GPL-2.0
/*
 * Pinned user memory (hipHostRegister): the caller's own pages, held in
 * RAM (pin_user_pages_fast, FOLL_LONGTERM) and mapped for the device
 * page by page, named by a handle that means something only in the open
 * file that pinned them.  The user maps them into the board's GART
 * itself, with the bus addresses returned; they are unpinned by handle
 * or at close.  The rules of DMA buffers (dma.c) hold for them too:
 * charged to the device's limit, published only when complete, never
 * unpinned while the board may still map them, released by remove
 * while the device is still bound.
 */
#include <linux/dma-mapping.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/xarray.h>

#include "barehip_drv.h"
#include "compat.h"

#define BAREHIP_PIN_MAX_HANDLE	0xffffu

/*
 * Unmap and unpin the pages and give back their charge; under dma_lock.
 * The device may have written any of them: they are all marked dirty.
 */
static void barehip_pin_free_pages(struct barehip_pin_range *pin)
{
	struct barehip_dev *bd = pin->bd;
	unsigned long i;

	for (i = 0; i < pin->npages; i++)
		dma_unmap_page(&bd->pdev->dev, pin->bus[i], PAGE_SIZE, DMA_BIDIRECTIONAL);
	unpin_user_pages_dirty_lock(pin->pages, pin->npages, true);
	kvfree(pin->pages);
	pin->pages = NULL;
	list_del_init(&pin->node);
	atomic_dec(&bd->pins);
	atomic64_sub((u64)pin->npages << PAGE_SHIFT, &bd->dma_bytes);
}

/* The handle's end: the pages, unless remove released them already. */
static void barehip_pin_destroy(struct barehip_pin_range *pin)
{
	struct barehip_dev *bd = pin->bd;

	mutex_lock(&bd->dma_lock);
	if (pin->pages)
		barehip_pin_free_pages(pin);
	mutex_unlock(&bd->dma_lock);
	kvfree(pin->bus);
	kfree(pin);
}

/* Pin every page of the range, or none: 0 or -errno. */
static int barehip_pin_pages(struct barehip_pin_range *pin, unsigned long addr)
{
	unsigned long done = 0;
	int ret;

	while (done < pin->npages) {
		ret = pin_user_pages_fast(addr + (done << PAGE_SHIFT), pin->npages - done,
					  FOLL_WRITE | FOLL_LONGTERM, pin->pages + done);
		if (ret <= 0) {
			/* A hole or a read-only page: what gup says, else EFAULT. */
			unpin_user_pages(pin->pages, done);
			return ret ? ret : -EFAULT;
		}
		done += ret;
	}
	return 0;
}

/* Give the caller the bus address of every page, in its array. */
static int barehip_pin_put_bus(const struct barehip_pin_range *pin, u64 uaddr)
{
	u64 __user *out = u64_to_user_ptr(uaddr);
	unsigned long i;

	for (i = 0; i < pin->npages; i++)
		if (put_user((u64)pin->bus[i], out + i))
			return -EFAULT;
	return 0;
}

/* Take a published range out of the file's handles (NULL: none, or not yet published). */
static struct barehip_pin_range *barehip_pin_unpublish(struct barehip_file *bf, u32 handle)
{
	struct barehip_pin_range *pin;

	xa_lock(&bf->pins);
	pin = xa_load(&bf->pins, handle);
	if (pin)
		__xa_erase(&bf->pins, handle);
	xa_unlock(&bf->pins);
	return pin;
}

long barehip_ioctl_pin(struct barehip_file *bf, void __user *uarg)
{
	struct barehip_dev *bd = bf->bd;
	u64 limit = (u64)barehip_dma_max_mb << 20;
	struct barehip_pin_range *pin;
	struct barehip_pin p;
	unsigned long i;
	u32 usize, handle;
	long ret;

	ret = barehip_copy_arg(&p, sizeof(p), sizeof(p), uarg, &usize);
	if (ret)
		return ret;
	if (p.flags || p.reserved || !p.length || !PAGE_ALIGNED(p.addr) ||
	    !PAGE_ALIGNED(p.length) || p.length > BAREHIP_PIN_MAX_SIZE ||
	    p.addr + p.length < p.addr)
		return -EINVAL;
	/* Kernel addresses, or a bus address array that cannot be written. */
	if (!access_ok(u64_to_user_ptr(p.addr), p.length) ||
	    !access_ok(u64_to_user_ptr(p.bus_addrs), (p.length >> PAGE_SHIFT) * sizeof(u64)))
		return -EFAULT;

	/*
	 * The device's limit (dma_max_mb), as for DMA buffers: pinned pages
	 * cost the machine what a DMA buffer does (RAM that can be neither
	 * reclaimed nor moved, reachable by the device), and the one limit
	 * bounds both together, for all users of the device.  RLIMIT_MEMLOCK
	 * (account_locked_vm) would count the same pages a second time, per
	 * process, and Debian's 8 MiB default would refuse ordinary
	 * registrations that the device's limit allows.
	 */
	if ((u64)atomic64_add_return(p.length, &bd->dma_bytes) > limit) {
		ret = -ENOMEM;
		goto err_account;
	}
	pin = kzalloc(sizeof(*pin), GFP_KERNEL);
	if (!pin) {
		ret = -ENOMEM;
		goto err_account;
	}
	pin->bd = bd;
	INIT_LIST_HEAD(&pin->node);
	pin->npages = p.length >> PAGE_SHIFT;
	pin->pages = kvmalloc_array(pin->npages, sizeof(*pin->pages), GFP_KERNEL);
	pin->bus = kvmalloc_array(pin->npages, sizeof(*pin->bus), GFP_KERNEL);
	if (!pin->pages || !pin->bus) {
		ret = -ENOMEM;
		goto err_free;
	}
	ret = barehip_pin_pages(pin, p.addr);
	if (ret)
		goto err_free;

	down_read(&bd->remove_sem);
	if (bd->dead) {
		ret = -ENODEV;
		goto err_unpin;
	}
	for (i = 0; i < pin->npages; i++) {
		pin->bus[i] = dma_map_page(&bd->pdev->dev, pin->pages[i], 0, PAGE_SIZE,
					   DMA_BIDIRECTIONAL);
		if (dma_mapping_error(&bd->pdev->dev, pin->bus[i])) {
			while (i--)
				dma_unmap_page(&bd->pdev->dev, pin->bus[i], PAGE_SIZE,
					       DMA_BIDIRECTIONAL);
			ret = -ENOMEM;
			goto err_unpin;
		}
	}
	/* Listed before remove can run: it releases what is listed. */
	mutex_lock(&bd->dma_lock);
	list_add(&pin->node, &bd->pin_list);
	atomic_inc(&bd->pins);
	mutex_unlock(&bd->dma_lock);
	up_read(&bd->remove_sem);

	/*
	 * Reserve a handle (a NULL entry UNPIN does not see), tell the caller
	 * the bus addresses, then publish: from then on another thread may
	 * unpin it, so it is not touched again here.
	 */
	ret = xa_alloc_cyclic(&bf->pins, &handle, NULL, XA_LIMIT(1, BAREHIP_PIN_MAX_HANDLE),
			      &bf->next_pin_handle, GFP_KERNEL);
	if (ret < 0) {
		barehip_pin_destroy(pin);	/* unpins and un-accounts everything */
		return ret == -EBUSY ? -ENOMEM : ret;
	}
	ret = barehip_pin_put_bus(pin, p.bus_addrs);
	if (ret) {
		xa_erase(&bf->pins, handle);
		barehip_pin_destroy(pin);
		return ret;
	}
	p.handle = handle;
	/* The slot is reserved: storing into it allocates nothing, cannot fail. */
	xa_store(&bf->pins, handle, pin, GFP_KERNEL);

	ret = barehip_copy_result(uarg, usize, &p, sizeof(p));
	if (ret) {
		/* The caller never learnt the handle: take the pages back. */
		pin = barehip_pin_unpublish(bf, handle);
		if (pin)
			barehip_pin_destroy(pin);
	}
	return ret;

err_unpin:
	up_read(&bd->remove_sem);
	unpin_user_pages(pin->pages, pin->npages);
err_free:
	kvfree(pin->pages);
	kvfree(pin->bus);
	kfree(pin);
err_account:
	atomic64_sub(p.length, &bd->dma_bytes);
	return ret;
}

/*
 * Unpin at once: the caller (the loader) unpins only what the board has
 * confirmed it no longer maps, and leaves the rest to close.
 */
long barehip_ioctl_unpin(struct barehip_file *bf, void __user *uarg)
{
	struct barehip_pin_range *pin;
	struct barehip_unpin u;
	u32 usize;
	long ret;

	ret = barehip_copy_arg(&u, sizeof(u), sizeof(u), uarg, &usize);
	if (ret)
		return ret;
	if (!u.handle || u.handle > BAREHIP_PIN_MAX_HANDLE)
		return -EINVAL;
	pin = barehip_pin_unpublish(bf, u.handle);
	if (!pin)
		return -EINVAL;
	barehip_pin_destroy(pin);
	return 0;
}

/*
 * Close: every range goes now if the board is quiet (it answered the
 * reset, or there is no board to reset: barehip_dma_release_all); else
 * the pages stay pinned and charged until the device is removed.
 */
void barehip_pin_release_all(struct barehip_file *bf, bool quiet)
{
	struct barehip_dev *bd = bf->bd;
	struct barehip_pin_range *pin;
	unsigned long handle;
	unsigned int parked = 0;

	xa_for_each(&bf->pins, handle, pin) {
		xa_erase(&bf->pins, handle);
		if (quiet) {
			barehip_pin_destroy(pin);
			continue;
		}
		mutex_lock(&bd->dma_lock);
		if (pin->pages) {
			pin->parked = true;	/* remove frees it */
			parked++;
			mutex_unlock(&bd->dma_lock);
		} else {
			mutex_unlock(&bd->dma_lock);
			barehip_pin_destroy(pin);
		}
	}
	xa_destroy(&bf->pins);
	if (parked)
		dev_warn(&bd->pdev->dev,
			 "the board may still map %u pinned ranges of a closed file: kept until the device is removed\n",
			 parked);
}

/*
 * Remove, after barehip_dma_remove turned bus mastering off: every
 * range is unmapped and unpinned while the device is still bound.
 * Handles keep the empty struct until close; parked ones go now.
 */
void barehip_pin_remove(struct barehip_dev *bd)
{
	struct barehip_pin_range *pin, *tmp;
	unsigned int n = 0;

	mutex_lock(&bd->dma_lock);
	list_for_each_entry_safe(pin, tmp, &bd->pin_list, node) {
		bool parked = pin->parked;

		barehip_pin_free_pages(pin);
		if (parked) {	/* its file is closed: nothing else refers to it */
			kvfree(pin->bus);
			kfree(pin);
		}
		n++;
	}
	mutex_unlock(&bd->dma_lock);
	if (n)
		dev_info(&bd->pdev->dev, "removed: unpinned %u user ranges still held\n", n);
}
