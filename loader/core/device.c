// SPDX-License-Identifier: MIT
/* A device: one board behind one platform backend. */
#include "internal.h"

void *bh_zalloc(struct bh_device *dev, size_t size)
{
	void *p = dev->plat->host_alloc(dev->plat, size ? size : 1);

	if (p)
		memset(p, 0, size);
	return p;
}

void bh_free(struct bh_device *dev, void *ptr)
{
	if (ptr)
		dev->plat->host_free(dev->plat, ptr);
}

int bh_mutex_new(struct bh_device *dev, void **out, struct bh_error *err)
{
	*out = NULL;
	if (!dev->plat->mutex_create)
		return 0;
	*out = dev->plat->mutex_create(dev->plat);
	return *out ? 0 : bh_fail(err, BH_ENOMEM, "out of host memory for a lock");
}

void bh_mutex_delete(struct bh_device *dev, void *m)
{
	if (m)
		dev->plat->mutex_destroy(dev->plat, m);
}

void bh_log(struct bh_device *dev, const char *fmt, ...)
{
	char line[BH_ERROR_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	dev->plat->log(dev->plat, line);
}

int bh_device_open(struct bh_device **out, struct bh_platform *plat,
		   struct bh_error *err)
{
	struct bh_device_info info;
	struct bh_device *dev;
	int ret;

	*out = NULL;
	if (!plat || !plat->open || !plat->host_alloc)
		return bh_fail(err, BH_EINVAL, "no platform backend given");
	memset(&info, 0, sizeof(info));
	ret = plat->open(plat, &info, err);
	if (ret)
		return ret;
	const struct bh_gfx *gfx = bh_gfx_lookup(info.mach);

	if (!gfx) {
		plat->close(plat);
		return bh_fail(err, BH_ENOTSUP,
			       "%s: GPU %s (mach 0x%x) has no PM4 table in this loader",
			       plat->name, info.gfx, info.mach);
	}
	dev = plat->host_alloc(plat, sizeof(*dev));
	if (!dev) {
		plat->close(plat);
		return bh_fail(err, BH_ENOMEM, "out of host memory");
	}
	memset(dev, 0, sizeof(*dev));
	dev->plat = plat;
	info.host_register = plat->mem_register != NULL;
	dev->info = info;
	dev->gfx = gfx;
	dev->heap_arena = CONFIG_LOADER_HEAP_KB * 1024ull;
	dev->stack_size = BH_DEFAULT_STACK_BYTES;
	dev->printf_size = CONFIG_LOADER_PRINTF_KB * 1024ull;
	ret = bh_mutex_new(dev, &dev->lock, err);
	if (!ret)
		ret = bh_mutex_new(dev, &dev->plat_lock, err);
	if (ret) {
		bh_mutex_delete(dev, dev->lock);
		plat->host_free(plat, dev);
		plat->close(plat);
		return ret;
	}
	*out = dev;
	return 0;
}

void bh_device_close(struct bh_device *dev)
{
	if (!dev)
		return;
	struct bh_platform *plat = dev->plat;

	bh_mem_free(dev, &dev->heap);
	bh_mutex_delete(dev, dev->plat_lock);
	bh_mutex_delete(dev, dev->lock);
	plat->host_free(plat, dev);
	plat->close(plat);
}

const struct bh_device_info *bh_device_get_info(const struct bh_device *dev)
{
	return &dev->info;
}

int bh_mem_alloc(struct bh_device *dev, uint64_t size, unsigned domain,
		 struct bh_mem *out, struct bh_error *err)
{
	memset(out, 0, sizeof(*out));
	if (size == 0)
		return bh_fail(err, BH_EINVAL, "zero-sized allocation");
	if (domain != BH_MEM_VRAM && domain != BH_MEM_HOST && domain != BH_MEM_SHARED)
		return bh_fail(err, BH_EINVAL, "bad memory domain %u", domain);
	if (domain == BH_MEM_SHARED && !dev->info.unified_memory)
		return bh_fail(err, BH_ENOTSUP, "%s cannot map host memory at host addresses "
			       "(managed memory)", dev->info.name);
	bh_lock(dev, dev->plat_lock);
	int ret = dev->plat->mem_alloc(dev->plat, size, 4096, domain, out);

	bh_unlock(dev, dev->plat_lock);
	if (ret)
		return bh_fail(err, BH_ENOMEM,
			       "cannot allocate %llu bytes of %s memory on %s",
			       (unsigned long long)size,
			       domain == BH_MEM_VRAM ? "device" :
			       domain == BH_MEM_SHARED ? "managed" : "host",
			       dev->info.name);
	if (domain == BH_MEM_VRAM)
		__atomic_add_fetch(&dev->vram_used, out->size, __ATOMIC_RELAXED);
	return 0;
}

void bh_mem_free(struct bh_device *dev, struct bh_mem *mem)
{
	if (mem && mem->size && mem->domain == BH_MEM_VRAM)
		__atomic_sub_fetch(&dev->vram_used, mem->size, __ATOMIC_RELAXED);
	if (mem && mem->size) {
		bh_lock(dev, dev->plat_lock);
		dev->plat->mem_free(dev->plat, mem);
		bh_unlock(dev, dev->plat_lock);
	}
	if (mem)
		memset(mem, 0, sizeof(*mem));
}

int bh_mem_register(struct bh_device *dev, void *host, uint64_t size, struct bh_mem *out,
		    struct bh_error *err)
{
	uintptr_t start = (uintptr_t)host & ~(uintptr_t)4095;
	uint64_t end = ((uint64_t)(uintptr_t)host + size + 4095) & ~4095ull;

	if (!host || !size || (uint64_t)(uintptr_t)host + size < size)
		return bh_fail(err, BH_EINVAL, "registering %llu bytes at %p: empty or wraps",
			       (unsigned long long)size, host);
	if (!dev->plat->mem_register)
		return bh_fail(err, BH_ENOTSUP, "%s cannot map existing host memory for the GPU",
			       dev->info.name);
	bh_lock(dev, dev->plat_lock);
	int ret = dev->plat->mem_register(dev->plat, (void *)start, end - start, out);

	bh_unlock(dev, dev->plat_lock);
	if (ret)
		return bh_fail(err, BH_ENOMEM, "%s could not map the %llu bytes at %p for the GPU",
			       dev->info.name, (unsigned long long)size, host);
	return 0;
}

void bh_device_flush_writes(struct bh_device *dev)
{
	if (dev->plat->flush_writes)
		dev->plat->flush_writes(dev->plat);
}

uint64_t bh_device_vram_used(const struct bh_device *dev)
{
	return __atomic_load_n(&dev->vram_used, __ATOMIC_RELAXED);
}

uint64_t bh_device_vram_free(const struct bh_device *dev)
{
	uint64_t bytes, used = bh_device_vram_used(dev);
	int ret = -1;

	if (dev->plat->mem_available) {
		bh_lock(dev, dev->plat_lock);
		ret = dev->plat->mem_available(dev->plat, &bytes);
		bh_unlock(dev, dev->plat_lock);
	}
	if (!ret)
		return BH_MIN(bytes, dev->info.vram_size);
	return dev->info.vram_size - BH_MIN(used, dev->info.vram_size);
}

struct bh_platform *bh_device_platform(const struct bh_device *dev)
{
	return dev->plat;
}

int bh_device_set_stack_size(struct bh_device *dev, uint32_t bytes, struct bh_error *err)
{
	/* The per-wave scratch slot must fit TMPRING.WAVESIZE; the launch
	 * checks the total, this only keeps the number sane. */
	if (bytes % 4 || bytes > 1u << 20)
		return bh_fail(err, BH_EINVAL, "a stack of %u bytes per work-item: it must be "
			       "a multiple of 4 and at most 1 MiB", bytes);
	__atomic_store_n(&dev->stack_size, bytes, __ATOMIC_RELAXED);
	return 0;
}

uint32_t bh_device_stack_size(const struct bh_device *dev)
{
	return __atomic_load_n(&dev->stack_size, __ATOMIC_RELAXED);
}
