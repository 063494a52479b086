// SPDX-License-Identifier: MIT
/*
 * The device heap behind kernels' malloc/free (hidden_heap_v1).  The
 * loader only lays it out (bh/devabi.h); the allocator itself is
 * firmware/heap.c, running on the GPU.  One heap per device, created at
 * the first launch of a kernel that uses it, so that programs that never
 * call malloc pay nothing.
 */
#include "internal.h"

#include <bh/devabi.h>

int bh_device_set_heap_size(struct bh_device *dev, uint64_t bytes, struct bh_error *err)
{
	int ret = 0;

	bh_lock(dev, dev->lock);
	if (dev->heap.size)
		ret = bh_fail(err, BH_EBUSY, "the device heap (%llu bytes) is in use by "
			      "kernels already; set its size before the first kernel that "
			      "calls malloc", (unsigned long long)dev->heap_arena);
	else if (bytes < BH_HEAP_PAGE || bytes > (1ull << 40))
		ret = bh_fail(err, BH_EINVAL, "a device heap of %llu bytes: it must be "
			      "between %u bytes and 1 TiB", (unsigned long long)bytes,
			      BH_HEAP_PAGE);
	else
		dev->heap_arena = bytes;
	bh_unlock(dev, dev->lock);
	return ret;
}

uint64_t bh_device_heap_size(const struct bh_device *dev)
{
	uint64_t bytes;

	bh_lock(dev, dev->lock);
	bytes = dev->heap_arena;
	bh_unlock(dev, dev->lock);
	return bytes;
}

static int heap_prepare(struct bh_device *dev, uint64_t *va, struct bh_error *err);

/* Launches on several queues at once: one of them lays the heap out. */
int bh_heap_prepare(struct bh_device *dev, uint64_t *va, struct bh_error *err)
{
	int ret;

	bh_lock(dev, dev->lock);
	ret = heap_prepare(dev, va, err);
	bh_unlock(dev, dev->lock);
	return ret;
}

static int heap_prepare(struct bh_device *dev, uint64_t *va, struct bh_error *err)
{
	if (dev->heap.size) {
		*va = dev->heap.gpu_va;
		return 0;
	}
	/* Whole pages only: the arena never exceeds what was asked for. */
	uint64_t npages = dev->heap_arena >> BH_HEAP_PAGE_SHIFT;
	uint64_t state = BH_ALIGN_UP(BH_HEAP_HEADER_BYTES, 64);
	uint64_t bitmap = BH_ALIGN_UP(state + 4 * npages, 64);
	uint64_t arena = BH_ALIGN_UP(bitmap + 4ull * BH_HEAP_BITMAP_WORDS * npages, 4096);
	int ret = bh_mem_alloc(dev, arena + (npages << BH_HEAP_PAGE_SHIFT), BH_MEM_VRAM,
			       &dev->heap, err);

	if (ret)
		return ret;
	if (!dev->heap.cpu) {
		/* Laying it out needs host access; boards without a visible
		 * VRAM BAR would need a CP fill first. */
		bh_mem_free(dev, &dev->heap);
		return bh_fail(err, BH_ENOTSUP, "%s: the device heap needs host-visible "
			       "device memory", dev->info.name);
	}
	uint8_t *h = dev->heap.cpu;

	memset(h, 0, arena);
	bh_wr32(h + BH_HEAP_OFF_MAGIC, BH_HEAP_MAGIC);
	bh_wr32(h + BH_HEAP_OFF_NPAGES, (uint32_t)npages);
	bh_wr32(h + BH_HEAP_OFF_STATE, (uint32_t)state);
	bh_wr32(h + BH_HEAP_OFF_BITMAP, (uint32_t)bitmap);
	bh_wr64(h + BH_HEAP_OFF_ARENA, arena);
	*va = dev->heap.gpu_va;
	return 0;
}
