// SPDX-License-Identifier: MIT
/*
 * Memory: device, managed and pinned host allocations, and the copies
 * and fills between them.
 *
 * Device pointers are GPU virtual addresses; pinned host memory
 * (hipHostMalloc) is mapped for the GPU at the address the host uses
 * when the board has unified memory, so kernels may take it directly.
 * Every copy is checked against the allocations it touches.
 *
 * The host CPU moves the bytes, through its view of device memory (the
 * sim board's VRAM is host-visible).  The synchronous calls (hipMemcpy,
 * hipMemset, …) first wait for the null stream and the blocking streams
 * (the legacy default stream's order; their *_spt forms: for this
 * thread's default stream and the null stream), then copy.  The asynchronous ones
 * become host operations in stream order (hostop.c): they start once the
 * stream's earlier work is done and the stream's later work starts once
 * they are; the calling thread does not wait, except for what HIP makes
 * synchronous: a copy into pageable host memory returns once it is done,
 * and one out of pageable host memory takes a staging copy first, so the
 * source may change as soon as the call returns.
 */
#include "generated/autoconf.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef CONFIG_HOST_OS
#include <sys/mman.h>	/* mincore */
#endif

#include "runtime.h"

/* What a pointer is, as far as a copy is concerned. */
enum ptr_kind {
	PTR_PAGEABLE,	/* host memory the runtime does not know */
	PTR_DEVICE,	/* hipMalloc memory or a code object's global */
	PTR_MANAGED,	/* hipMallocManaged: host and device */
	PTR_PINNED,	/* hipHostMalloc: host memory the GPU maps */
};

static const char *const kind_names[] = {
	[PTR_PAGEABLE] = "pageable host memory", [PTR_DEVICE] = "device memory",
	[PTR_MANAGED] = "managed memory", [PTR_PINNED] = "pinned host memory",
};

static size_t alloc_bytes(const struct bh_allocation *a)
{
	return a->bytes ? a->bytes : (size_t)a->mem.size;
}

/*
 * The memory lock: the list of allocations (bh_rt.allocations).  Held to
 * look up, add and remove, never while waiting for the device.  What a
 * lookup returns stays valid while the program does not free it (HIP:
 * freeing memory another thread still uses is the program's bug).
 */
static pthread_mutex_t mem_lock = PTHREAD_MUTEX_INITIALIZER;

static struct bh_allocation *containing_locked(const void *ptr, size_t *off);

/* The allocation @ptr points into, by its device or its host address;
 * *@off is @ptr's offset in it. */
static struct bh_allocation *containing(const void *ptr, size_t *off)
{
	struct bh_allocation *a;

	pthread_mutex_lock(&mem_lock);
	a = containing_locked(ptr, off);
	pthread_mutex_unlock(&mem_lock);
	return a;
}

static void add_allocation(struct bh_allocation *a)
{
	pthread_mutex_lock(&mem_lock);
	a->next = bh_rt.allocations;
	bh_rt.allocations = a;
	pthread_mutex_unlock(&mem_lock);
}

/*
 * The offsets from @a's base that belong to it, [*lo, *hi): all of it,
 * but for registered memory only the bytes registered -- the whole pages
 * around them are mapped, and the rest of those pages is other memory of
 * the program's (hip-tests' hipHostRegister_Memcpy copies into a malloc
 * block that starts in the last page of a registered one).
 */
static void owned_span(const struct bh_allocation *a, size_t *lo, size_t *hi)
{
	*lo = a->registered ? (size_t)((uintptr_t)a->registered_ptr - (uintptr_t)a->mem.cpu) : 0;
	*hi = a->registered ? *lo + a->registered_size : alloc_bytes(a);
}

static struct bh_allocation *containing_locked(const void *ptr, size_t *off)
{
	uintptr_t p = (uintptr_t)ptr;

	for (struct bh_allocation *a = bh_rt.allocations; a; a = a->next) {
		uintptr_t gpu = (uintptr_t)a->mem.gpu_va, cpu = (uintptr_t)a->mem.cpu;
		size_t lo, hi;

		owned_span(a, &lo, &hi);
		if (p >= gpu && p - gpu >= lo && p - gpu < hi) {
			*off = p - gpu;
			return a;
		}
		if (cpu && p >= cpu && p - cpu >= lo && p - cpu < hi) {
			*off = p - cpu;
			return a;
		}
	}
	return NULL;
}

struct bh_allocation *bh_rt_allocation_at(const void *ptr, size_t *off)
{
	return containing(ptr, off);
}

struct bh_allocation *bh_rt_find_allocation(const void *ptr, size_t size)
{
	size_t off, lo, hi;
	struct bh_allocation *a = containing(ptr, &off);

	if (!a)
		return NULL;
	owned_span(a, &lo, &hi);
	return size <= hi - off ? a : NULL;
}

/* Under the memory lock: whether @a's mapping goes with it (not while
 * another registration shares its pages). */
static bool last_mapping_locked(struct bh_allocation *a)
{
	if (!a->page_refs)
		return true;
	if (--*a->page_refs)
		return false;
	free(a->page_refs);
	return true;
}

void bh_rt_free_all(struct bh_rt_device *d)
{
	pthread_mutex_lock(&mem_lock);
	for (struct bh_allocation **p = &bh_rt.allocations; *p;) {
		struct bh_allocation *a = *p;

		if (a->d != d) {
			p = &a->next;
			continue;
		}
		*p = a->next;
		if (last_mapping_locked(a) && d->dev)
			bh_mem_free(d->dev, &a->mem);
		bh_rt_allocation_forget(a);
		free(a);
	}
	pthread_mutex_unlock(&mem_lock);
}

/* What [ptr, ptr + size) is, its host address and the device it is
 * on (NULL: pageable host memory). */
struct view {
	enum ptr_kind kind;
	uint8_t *cpu;
	struct bh_rt_device *d;
};

static hipError_t classify(const char *api, const char *what, const void *ptr, size_t size,
			   struct view *out)
{
	size_t off;
	struct bh_allocation *a = containing(ptr, &off);

	if (a) {
		if (size > alloc_bytes(a) - off)
			return bh_rt_error(hipErrorInvalidValue, "%s: %s %p: %zu bytes are not "
					   "inside a %s allocation: they run past the end of its "
					   "%zu bytes", api, what, ptr, size,
					   a->pinned ? "pinned host" : a->managed ? "managed" :
					   "device", alloc_bytes(a));
		if (!a->mem.cpu)
			return bh_rt_error(hipErrorNotSupported, "%s: %s %p: this board does not "
					   "map that memory for the host", api, what, ptr);
		out->kind = a->pinned ? PTR_PINNED : a->managed ? PTR_MANAGED : PTR_DEVICE;
		out->cpu = (uint8_t *)a->mem.cpu + off;
		out->d = a->d;
		return hipSuccess;
	}
	out->cpu = bh_rt_symbol_view(ptr, size, &out->d);	/* a __device__ variable */
	out->kind = out->cpu ? PTR_DEVICE : PTR_PAGEABLE;
	if (out->cpu)
		return hipSuccess;
	/* A device address outside every allocation (one past the end of
	 * one, or freed memory) is not host memory: refused, not touched. */
	for (unsigned int i = 0; i < bh_rt.ndev; i++) {
		const struct bh_rt_device *d = &bh_rt.devs[i];
		const struct bh_device_info *info = d->dev ? bh_device_get_info(d->dev) : NULL;
		uintptr_t p = (uintptr_t)ptr;

		if (info && info->vram_gpu_base && p >= info->vram_gpu_base &&
		    p - info->vram_gpu_base < info->vram_size)
			return bh_rt_error(hipErrorInvalidValue, "%s: %s %p: %zu bytes are not "
					   "inside any allocation (device %d's address space)", api,
					   what, ptr, size, d->ordinal);
	}
	out->cpu = (uint8_t *)(uintptr_t)ptr;
	return hipSuccess;
}

static const char *kind_name(hipMemcpyKind k)
{
	switch (k) {
	case hipMemcpyHostToHost: return "HostToHost";
	case hipMemcpyHostToDevice: return "HostToDevice";
	case hipMemcpyDeviceToHost: return "DeviceToHost";
	case hipMemcpyDeviceToDevice: return "DeviceToDevice";
	case hipMemcpyDefault: return "Default";
	case hipMemcpyDeviceToDeviceNoCU: return "DeviceToDeviceNoCU";
	}
	return "?";
}

/*
 * A 3-D copy: @depth slices of @height rows of @width bytes; rows start
 * every pitch bytes, slices every slice bytes (a 2-D copy is one slice,
 * a 1-D copy one row).
 */
struct copy {
	void *dst;
	const void *src;
	size_t dpitch, spitch, width, height;
	hipMemcpyKind kind;
	size_t depth, dslice, sslice;
};

static void copy_rows(uint8_t *dst, const uint8_t *src, size_t dpitch, size_t spitch,
		      size_t width, size_t height)
{
	if (dpitch == width && spitch == width) {
		memmove(dst, src, width * height);
		return;
	}
	for (size_t r = 0; r < height; r++)
		memmove(dst + r * dpitch, src + r * spitch, width);
}

static void copy_slices(uint8_t *dst, const uint8_t *src, size_t dpitch, size_t spitch,
			size_t width, size_t height, size_t depth, size_t dslice, size_t sslice)
{
	for (size_t z = 0; z < depth; z++)
		copy_rows(dst + z * dslice, src + z * sslice, dpitch, spitch, width, height);
}

static void run_copy(struct bh_hostop *op)
{
	copy_slices(op->u.copy.dst, op->u.copy.src, op->u.copy.dpitch, op->u.copy.spitch,
		    op->u.copy.width, op->u.copy.height, op->u.copy.depth, op->u.copy.dslice,
		    op->u.copy.sslice);
}

static void copy_done(struct bh_hostop *op)
{
	free(op->u.copy.staging);
}

/*
 * Bytes a pitched box spans: (depth - 1) slices of @slice, then (height
 * - 1) rows of @pitch, then one of @width.
 */
static bool span(size_t pitch, size_t width, size_t height, size_t depth, size_t slice,
		 size_t *out)
{
	size_t plane;

	if (height > 1 && pitch > (SIZE_MAX - width) / (height - 1))
		return false;
	plane = pitch * (height - 1) + width;
	if (depth > 1 && slice > (SIZE_MAX - plane) / (depth - 1))
		return false;
	*out = slice * (depth - 1) + plane;
	return true;
}

/*
 * Check @c and find both sides' host views.  A side the kind names as
 * device memory must be device, managed or pinned memory; one it names
 * as host memory must not be device memory.  hipMemcpyDefault infers
 * the direction from the pointers (unified addressing).
 */
static hipError_t check_copy(const char *api, struct copy *c, struct view *d, struct view *s)
{
	size_t dbytes, sbytes;
	hipError_t e;

	if (!c->dst || !c->src)
		return bh_rt_error(hipErrorInvalidValue, "%s(%s, %zu bytes): %s is NULL", api,
				   kind_name(c->kind), c->width * c->height * c->depth,
				   c->dst ? "src" : "dst");
	if (c->kind == hipMemcpyDeviceToDeviceNoCU)
		c->kind = hipMemcpyDeviceToDevice;	/* the host copies either way */
	if ((unsigned int)c->kind > hipMemcpyDefault)
		return bh_rt_error(hipErrorInvalidMemcpyDirection, "%s: bad hipMemcpyKind %d",
				   api, (int)c->kind);
	if (!span(c->dpitch, c->width, c->height, c->depth, c->dslice, &dbytes) ||
	    !span(c->spitch, c->width, c->height, c->depth, c->sslice, &sbytes))
		return bh_rt_error(hipErrorInvalidValue, "%s: %zu x %zu rows of pitch %zu/%zu "
				   "overflow the address space", api, c->depth, c->height,
				   c->dpitch, c->spitch);
	e = classify(api, "dst", c->dst, dbytes, d);
	if (!e)
		e = classify(api, "src", c->src, sbytes, s);
	if (e)
		return e;
	if (c->kind == hipMemcpyDefault)
		return hipSuccess;
	bool dst_dev = c->kind == hipMemcpyHostToDevice || c->kind == hipMemcpyDeviceToDevice;
	bool src_dev = c->kind == hipMemcpyDeviceToHost || c->kind == hipMemcpyDeviceToDevice;
	const struct view *bad = NULL;
	const char *side = NULL;

	if (dst_dev ? d->kind == PTR_PAGEABLE : d->kind == PTR_DEVICE)
		bad = d, side = "dst";
	else if (src_dev ? s->kind == PTR_PAGEABLE : s->kind == PTR_DEVICE)
		bad = s, side = "src";
	if (bad)
		return bh_rt_error(hipErrorInvalidValue, "%s(%s): %s %p is %s, where the kind "
				   "says %s memory", api, kind_name(c->kind), side,
				   bad == d ? c->dst : c->src, kind_names[bad->kind],
				   bad->kind == PTR_DEVICE ? "host" : "device");
	return hipSuccess;
}

/*
 * The wait before a synchronous copy or fill, on the current device and
 * each device whose memory it touches (@a, @b; NULL: none): for the
 * legacy default stream's work (@order NULL), or, in a *_spt call
 * (@order hipStreamPerThread), for this thread's default stream's.
 */
static hipError_t sync_order(const char *api, hipStream_t order, struct bh_rt_device *a,
			     struct bh_rt_device *b)
{
	hipError_t (*wait)(struct bh_rt_device *, const char *) =
		order == hipStreamPerThread ? bh_rt_per_thread_synchronize
					    : bh_rt_legacy_synchronize;
	struct bh_rt_device *cur = bh_rt_current();
	hipError_t e = wait(cur, api);

	if (!e && a && a != cur)
		e = wait(a, api);
	if (!e && b && b != cur && b != a)
		e = wait(b, api);
	return e;
}

/* The synchronous copies: after @order's work (sync_order). */
static hipError_t copy_sync(const char *api, struct copy *c, hipStream_t order)
{
	struct view d, s;
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	if (!c->width || !c->height || !c->depth)
		return bh_rt_success();
	e = check_copy(api, c, &d, &s);
	if (!e)
		e = sync_order(api, order, d.d, s.d);
	if (e)
		return e;
	BH_RT_LOG(3, "%s ( dst %p, src %p, %zu x %zu x %zu bytes, kind %d )", api, c->dst,
		  c->src, c->width, c->height, c->depth, (int)c->kind);
	copy_slices(d.cpu, s.cpu, c->dpitch, c->spitch, c->width, c->height, c->depth, c->dslice,
		    c->sslice);
	return bh_rt_success();
}

static hipError_t copy_async(const char *api, struct copy *c, hipStream_t stream);

/*
 * Device memory (not pinned, managed or registered host memory) without
 * HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS: a synchronous memset there, or a
 * device-to-device hipMemcpy, does not synchronise with the host, as in
 * ROCm and CUDA -- it runs in its stream's order and the call returns at
 * once.  SYNC_MEMOPS (hipPointerSetAttribute) makes it wait, as the
 * driver API defines that attribute.  Returns @p's device (NULL: not
 * such memory).
 */
struct bh_rt_device *bh_rt_async_device_memory(const void *p)
{
	size_t off;
	struct bh_allocation *a = containing(p, &off);

	if (!a || a->pinned || a->managed || a->registered ||
	    __atomic_load_n(&a->sync_memops, __ATOMIC_RELAXED))
		return NULL;
	return a->d;
}

/* hipMemcpy, hipMemcpyDtoD, hipMemcpy2D (hipMemcpyParam2D), hipMemcpy3D
 * and the array copies: between two such allocations of one device, in
 * @order's stream order, without waiting. */
static hipError_t copy_1d(const char *api, struct copy *c, hipStream_t order)
{
	struct bh_rt_device *d = bh_rt_async_device_memory(c->dst);

	if (d && d == bh_rt_async_device_memory(c->src) && c->kind != hipMemcpyHostToDevice &&
	    c->kind != hipMemcpyDeviceToHost && c->kind != hipMemcpyHostToHost)
		return copy_async(api, c, order);
	return copy_sync(api, c, order);
}

/* The asynchronous ones: a host operation on @stream. */
static hipError_t copy_async(const char *api, struct copy *c, hipStream_t stream)
{
	struct ihipStream_t *st;
	struct bh_hostop *op;
	struct view d, s;
	hipError_t e = bh_rt_stream_get(stream, api, hipErrorContextIsDestroyed, &st);

	if (e)
		return e;
	if (!c->width || !c->height || !c->depth)
		return bh_rt_success();
	e = check_copy(api, c, &d, &s);
	if (e)
		return e;
	if (bh_rt_capturing(st))	/* a graph node (graph.c): the pointers, not the bytes */
		return bh_rt_capture_copy(api, st, c->dst, c->dpitch, c->dslice, c->src, c->spitch,
					  c->sslice, c->width, c->height, c->depth, c->kind);
	if ((d.kind == PTR_PAGEABLE || d.kind == PTR_PINNED) &&
	    (s.kind == PTR_PAGEABLE || s.kind == PTR_PINNED)) {
		/* Host memory to host memory is fully synchronous with the
		 * host, even asynchronous (ROCm and CUDA): after the stream's
		 * work, then the copy, before the call returns. */
		e = bh_rt_stream_synchronize(st, api);
		if (e)
			return e;
		copy_slices(d.cpu, s.cpu, c->dpitch, c->spitch, c->width, c->height, c->depth,
			    c->dslice, c->sslice);
		return bh_rt_success();
	}
	op = calloc(1, sizeof(*op));
	if (!op)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	op->run = run_copy;
	op->done = copy_done;
	op->u.copy.dst = d.cpu;
	op->u.copy.src = s.cpu;
	op->u.copy.dpitch = c->dpitch;
	op->u.copy.spitch = c->spitch;
	op->u.copy.width = c->width;
	op->u.copy.height = c->height;
	op->u.copy.depth = c->depth;
	op->u.copy.dslice = c->dslice;
	op->u.copy.sslice = c->sslice;
	if (s.kind == PTR_PAGEABLE) {
		/* The caller may reuse a pageable source at once: stage it,
		 * packed (no larger than the span just checked). */
		size_t plane = c->width * c->height;
		uint8_t *staging = malloc(plane * c->depth);

		if (!staging) {
			free(op);
			return bh_rt_error(hipErrorOutOfMemory, "%s: no host memory to stage "
					   "%zu bytes", api, plane * c->depth);
		}
		copy_slices(staging, s.cpu, c->width, c->spitch, c->width, c->height, c->depth,
			    plane, c->sslice);
		op->u.copy.staging = staging;
		op->u.copy.src = staging;
		op->u.copy.spitch = c->width;
		op->u.copy.sslice = plane;
	}
	e = bh_rt_hostop_submit(st, op, api);
	if (e)
		return e;
	/* Into pageable memory: done when the call returns, as in HIP. */
	if (d.kind == PTR_PAGEABLE)
		e = bh_rt_queue_wait(st->rq, bh_rt_stream_last(st), api);
	return e ? e : bh_rt_success();
}

static struct copy linear(void *dst, const void *src, size_t size, hipMemcpyKind kind)
{
	return (struct copy){ dst, src, size, size, size, 1, kind, 1, 0, 0 };
}

hipError_t hipMemcpy(void *dst, const void *src, size_t size, hipMemcpyKind kind)
{
	struct copy c = linear(dst, src, size, kind);

	return copy_1d("hipMemcpy", &c, NULL);
}

hipError_t hipMemcpy_spt(void *dst, const void *src, size_t size, hipMemcpyKind kind)
{
	struct copy c = linear(dst, src, size, kind);

	return copy_1d("hipMemcpy", &c, hipStreamPerThread);
}

hipError_t hipMemcpyAsync(void *dst, const void *src, size_t size, hipMemcpyKind kind,
			  hipStream_t stream)
{
	struct copy c = linear(dst, src, size, kind);

	return copy_async("hipMemcpyAsync", &c, stream);
}

hipError_t hipMemcpyAsync_spt(void *dst, const void *src, size_t size, hipMemcpyKind kind,
			      hipStream_t stream)
{
	return hipMemcpyAsync(dst, src, size, kind, bh_rt_spt(stream));
}

/* A copy on @stream that returns once it is done. */
hipError_t hipMemcpyWithStream(void *dst, const void *src, size_t size, hipMemcpyKind kind,
			       hipStream_t stream)
{
	struct copy c = linear(dst, src, size, kind);
	struct ihipStream_t *s;
	hipError_t e = copy_async("hipMemcpyWithStream", &c, stream);

	if (!e)
		e = bh_rt_stream_get(stream, "hipMemcpyWithStream", hipErrorContextIsDestroyed,
				     &s);
	if (!e)
		e = bh_rt_queue_wait(s->rq, bh_rt_stream_last(s), "hipMemcpyWithStream");
	return e;
}

hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void *src, size_t size)
{
	struct copy c = linear(dst, src, size, hipMemcpyHostToDevice);

	return copy_sync("hipMemcpyHtoD", &c, NULL);
}

hipError_t hipMemcpyDtoH(void *dst, hipDeviceptr_t src, size_t size)
{
	struct copy c = linear(dst, src, size, hipMemcpyDeviceToHost);

	return copy_sync("hipMemcpyDtoH", &c, NULL);
}

hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t size)
{
	struct copy c = linear(dst, src, size, hipMemcpyDeviceToDevice);

	return copy_1d("hipMemcpyDtoD", &c, NULL);
}

hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, void *src, size_t size, hipStream_t stream)
{
	struct copy c = linear(dst, src, size, hipMemcpyHostToDevice);

	return copy_async("hipMemcpyHtoDAsync", &c, stream);
}

hipError_t hipMemcpyDtoHAsync(void *dst, hipDeviceptr_t src, size_t size, hipStream_t stream)
{
	struct copy c = linear(dst, src, size, hipMemcpyDeviceToHost);

	return copy_async("hipMemcpyDtoHAsync", &c, stream);
}

hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t size,
			      hipStream_t stream)
{
	struct copy c = linear(dst, src, size, hipMemcpyDeviceToDevice);

	return copy_async("hipMemcpyDtoDAsync", &c, stream);
}

/* A 3-D copy, checked whole before a byte moves (mem3d.c). */
hipError_t bh_rt_copy3d(const char *api, void *dst, size_t dpitch, size_t dslice,
			const void *src, size_t spitch, size_t sslice, size_t width,
			size_t height, size_t depth, hipMemcpyKind kind, bool async,
			hipStream_t stream)
{
	struct copy c = { dst, src, dpitch, spitch, width, height, kind, depth, dslice, sslice };

	/* The synchronous form between two device allocations does not wait
	 * either (copy_1d): ROCm's and CUDA's rule, which hip-tests'
	 * hipMemcpy3D DeviceToDevice_Synchronization_Behavior checks with a
	 * blocked stream. */
	return async ? copy_async(api, &c, stream) : copy_1d(api, &c, stream);
}

/* HIP: nothing to copy is success; a row wider than a pitch is not. */
static hipError_t check_pitches(const char *api, size_t dpitch, size_t spitch, size_t width,
				size_t height)
{
	if (!width || !height)
		return hipSuccess;
	if (width > dpitch || width > spitch)
		return bh_rt_error(hipErrorInvalidPitchValue, "%s: rows of %zu bytes do not fit "
				   "the %s pitch of %zu bytes", api, width,
				   width > dpitch ? "destination" : "source",
				   width > dpitch ? dpitch : spitch);
	return hipSuccess;
}

hipError_t hipMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
		       size_t height, hipMemcpyKind kind)
{
	struct copy c = { dst, src, dpitch, spitch, width, height, kind, 1, 0, 0 };
	hipError_t e = check_pitches("hipMemcpy2D", dpitch, spitch, width, height);

	return e ? e : copy_1d("hipMemcpy2D", &c, NULL);
}

hipError_t hipMemcpy2D_spt(void *dst, size_t dpitch, const void *src, size_t spitch,
			   size_t width, size_t height, hipMemcpyKind kind)
{
	struct copy c = { dst, src, dpitch, spitch, width, height, kind, 1, 0, 0 };
	hipError_t e = check_pitches("hipMemcpy2D", dpitch, spitch, width, height);

	return e ? e : copy_1d("hipMemcpy2D", &c, hipStreamPerThread);
}

hipError_t hipMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
			    size_t width, size_t height, hipMemcpyKind kind, hipStream_t stream)
{
	struct copy c = { dst, src, dpitch, spitch, width, height, kind, 1, 0, 0 };
	hipError_t e = check_pitches("hipMemcpy2DAsync", dpitch, spitch, width, height);

	return e ? e : copy_async("hipMemcpy2DAsync", &c, stream);
}

hipError_t hipMemcpy2DAsync_spt(void *dst, size_t dpitch, const void *src, size_t spitch,
				size_t width, size_t height, hipMemcpyKind kind,
				hipStream_t stream)
{
	return hipMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind,
				bh_rt_spt(stream));
}

/* ------------------------------------------------------------- fills */
static void fill(uint8_t *dst, uint32_t value, size_t unit, size_t count)
{
	if (unit == 1) {
		memset(dst, (int)value, count);
		return;
	}
	uint16_t v16 = (uint16_t)value;
	const void *v = unit == 2 ? (const void *)&v16 : (const void *)&value;

	for (size_t i = 0; i < count; i++)
		memcpy(dst + i * unit, v, unit);
}

static void run_fill(struct bh_hostop *op)
{
	fill(op->u.fill.dst, op->u.fill.value, op->u.fill.unit, op->u.fill.count);
}

/*
 * @count elements of @unit bytes at @dst get @value; on @stream, or
 * synchronously in @stream's order (@async false; sync_order).  HIP
 * fills device, managed and pinned memory, not pageable host memory.
 */
static hipError_t fill_common(const char *api, void *dst, uint32_t value, size_t unit,
			      size_t count, bool async, hipStream_t stream)
{
	struct ihipStream_t *s = NULL;
	struct bh_hostop *op;
	struct view v;
	hipError_t e = async ? bh_rt_stream_get(stream, api, hipErrorContextIsDestroyed, &s)
			     : bh_rt_init();

	if (e || !count)
		return e;
	if (!dst)
		return bh_rt_error(hipErrorInvalidValue, "%s: dst is NULL", api);
	if (count > SIZE_MAX / unit)
		return bh_rt_error(hipErrorInvalidValue, "%s: %zu elements of %zu bytes overflow",
				   api, count, unit);
	e = classify(api, "dst", dst, count * unit, &v);
	if (e)
		return e;
	if (v.kind == PTR_PAGEABLE)
		return bh_rt_error(hipErrorInvalidValue, "%s(%p, %zu bytes): not inside a "
				   "device, managed or pinned allocation", api, dst, count * unit);
	if (async && bh_rt_capturing(s))	/* a graph node (graph.c) */
		return bh_rt_capture_fill(api, s, dst, value, unit, count);
	if (!async && v.kind == PTR_DEVICE && bh_rt_async_device_memory(dst)) {
		/* hipMemset of device memory: the host does not wait (ROCm) */
		async = true;
		e = bh_rt_stream_get(stream, api, hipErrorContextIsDestroyed, &s);
		if (e)
			return e;
		if (bh_rt_capturing(s))
			return bh_rt_capture_fill(api, s, dst, value, unit, count);
	}
	if (!async) {
		e = sync_order(api, stream, v.d, NULL);
		if (e)
			return e;
		fill(v.cpu, value, unit, count);
		return bh_rt_success();
	}
	op = calloc(1, sizeof(*op));
	if (!op)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	op->run = run_fill;
	op->u.fill.dst = v.cpu;
	op->u.fill.value = value;
	op->u.fill.unit = unit;
	op->u.fill.count = count;
	e = bh_rt_hostop_submit(s, op, api);
	return e ? e : bh_rt_success();
}

hipError_t hipMemset(void *dst, int value, size_t size)
{
	return fill_common("hipMemset", dst, (uint8_t)value, 1, size, false, NULL);
}

hipError_t hipMemsetAsync(void *dst, int value, size_t size, hipStream_t stream)
{
	return fill_common("hipMemsetAsync", dst, (uint8_t)value, 1, size, true, stream);
}

hipError_t hipMemset_spt(void *dst, int value, size_t size)
{
	return fill_common("hipMemset", dst, (uint8_t)value, 1, size, false, hipStreamPerThread);
}

hipError_t hipMemsetAsync_spt(void *dst, int value, size_t size, hipStream_t stream)
{
	return hipMemsetAsync(dst, value, size, bh_rt_spt(stream));
}

hipError_t hipMemsetD8(hipDeviceptr_t dst, unsigned char value, size_t count)
{
	return fill_common("hipMemsetD8", dst, value, 1, count, false, NULL);
}

hipError_t hipMemsetD8Async(hipDeviceptr_t dst, unsigned char value, size_t count,
			    hipStream_t stream)
{
	return fill_common("hipMemsetD8Async", dst, value, 1, count, true, stream);
}

hipError_t hipMemsetD16(hipDeviceptr_t dst, unsigned short value, size_t count)
{
	return fill_common("hipMemsetD16", dst, value, 2, count, false, NULL);
}

hipError_t hipMemsetD16Async(hipDeviceptr_t dst, unsigned short value, size_t count,
			     hipStream_t stream)
{
	return fill_common("hipMemsetD16Async", dst, value, 2, count, true, stream);
}

hipError_t hipMemsetD32(hipDeviceptr_t dst, int value, size_t count)
{
	return fill_common("hipMemsetD32", dst, (uint32_t)value, 4, count, false, NULL);
}

hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count, hipStream_t stream)
{
	return fill_common("hipMemsetD32Async", dst, (uint32_t)value, 4, count, true, stream);
}

/* --------------------------------------------------------- allocation */
/* A new allocation on the current device. */
static hipError_t track(const char *api, size_t size, unsigned int domain,
			struct bh_allocation **out)
{
	struct bh_error err = { 0 };
	struct bh_rt_device *d = bh_rt_current();
	struct bh_allocation *a = calloc(1, sizeof(*a));

	if (!a)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	a->d = d;
	if (bh_mem_alloc(d->dev, size, domain, &a->mem, &err)) {
		free(a);
		return bh_rt_api_loader_error(api, &err, hipErrorOutOfMemory);
	}
	a->bytes = size;
	add_allocation(a);
	*out = a;
	BH_RT_LOG(3, "%s ( %zu bytes ) = %p on device %d", api, size,
		  a->mem.cpu && domain != BH_MEM_VRAM ? a->mem.cpu : (void *)(uintptr_t)a->mem.gpu_va,
		  d->ordinal);
	return hipSuccess;
}

hipError_t bh_rt_vram_alloc(const char *api, struct bh_rt_device *d, size_t size,
			    struct bh_rt_pool_block *block, struct bh_allocation **out)
{
	struct bh_error err = { 0 };
	struct bh_allocation *a = calloc(1, sizeof(*a));

	if (!a)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	a->d = d;
	a->pool_block = block;
	if (bh_mem_alloc(d->dev, size, BH_MEM_VRAM, &a->mem, &err)) {
		free(a);
		return bh_rt_api_loader_error(api, &err, hipErrorOutOfMemory);
	}
	a->bytes = size;
	add_allocation(a);
	*out = a;
	return hipSuccess;
}

hipError_t bh_rt_array_mem_alloc(const char *api, struct bh_rt_device *d, size_t size,
				 struct bh_allocation **out)
{
	struct bh_error err = { 0 };
	struct bh_allocation *a = calloc(1, sizeof(*a));

	if (!a)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	a->d = d;
	a->array = true;
	if (bh_mem_alloc(d->dev, size, BH_MEM_VRAM, &a->mem, &err)) {
		free(a);
		return bh_rt_api_loader_error(api, &err, hipErrorOutOfMemory);
	}
	a->bytes = size;
	add_allocation(a);
	*out = a;
	BH_RT_LOG(3, "%s ( %zu bytes ) = %p on device %d", api, size,
		  (void *)(uintptr_t)a->mem.gpu_va, d->ordinal);
	return hipSuccess;
}

static void unlink_locked(struct bh_allocation *a);
static hipError_t release(const char *api, struct bh_allocation *a);

hipError_t bh_rt_array_mem_free(const char *api, struct bh_allocation *a)
{
	pthread_mutex_lock(&mem_lock);
	unlink_locked(a);
	pthread_mutex_unlock(&mem_lock);
	return release(api, a);
}

void bh_rt_vram_unlist(struct bh_allocation *a)
{
	pthread_mutex_lock(&mem_lock);
	unlink_locked(a);
	pthread_mutex_unlock(&mem_lock);
}

void bh_rt_vram_free(struct bh_allocation *a)
{
	bh_mem_free(a->d->dev, &a->mem);
	bh_rt_allocation_forget(a);
	free(a);
}

bool bh_rt_allocation_listed(const struct bh_allocation *a)
{
	bool found = false;

	pthread_mutex_lock(&mem_lock);
	for (const struct bh_allocation *x = bh_rt.allocations; x && !found; x = x->next)
		found = x == a;
	pthread_mutex_unlock(&mem_lock);
	return found;
}

/* Take @a off the list, the memory lock held: found, checked and
 * unlinked in one hold, so of two threads freeing it one gets it. */
static void unlink_locked(struct bh_allocation *a)
{
	for (struct bh_allocation **p = &bh_rt.allocations; *p; p = &(*p)->next)
		if (*p == a) {
			*p = a->next;
			break;
		}
}

/* Free @a (unlinked) once no stream can still use it (HIP's frees
 * synchronise the device; here the one it is on, and the current one);
 * if that wait fails, it goes back on the list and stays allocated. */
static hipError_t release(const char *api, struct bh_allocation *a)
{
	struct bh_rt_device *cur = bh_rt_current();
	hipError_t e = bh_rt_streams_synchronize(a->d, api);

	if (!e && cur != a->d)
		e = bh_rt_streams_synchronize(cur, api);
	if (e) {
		add_allocation(a);
		return e;
	}
	BH_RT_LOG(3, "%s ( %p, %zu bytes ) on device %d", api, (void *)(uintptr_t)a->mem.gpu_va,
		  a->bytes, a->d->ordinal);
	pthread_mutex_lock(&mem_lock);
	bool last = last_mapping_locked(a);

	pthread_mutex_unlock(&mem_lock);
	if (last)
		bh_mem_free(a->d->dev, &a->mem);
	bh_rt_allocation_forget(a);
	free(a);
	return bh_rt_success();
}

hipError_t hipMalloc(void **ptr, size_t size)
{
	struct bh_allocation *a;
	hipError_t e;

	if (!ptr)
		return bh_rt_error(hipErrorInvalidValue, "hipMalloc: ptr is NULL");
	*ptr = NULL;
	if (size == 0)		/* HIP: success, null pointer */
		return bh_rt_success();
	e = bh_rt_init();
	if (!e)
		e = track("hipMalloc", size, BH_MEM_VRAM, &a);
	if (e)
		return e;
	*ptr = (void *)(uintptr_t)a->mem.gpu_va;
	return bh_rt_success();
}

/* Any allocation by its base address (HIP frees pinned memory too). */
hipError_t hipFree(void *ptr)
{
	hipError_t e = bh_rt_init();

	if (e || !ptr)
		return e;
	struct bh_allocation *a;

	pthread_mutex_lock(&mem_lock);
	for (a = bh_rt.allocations; a; a = a->next)
		if (a->mem.gpu_va == (uint64_t)(uintptr_t)ptr || a->mem.cpu == ptr)
			break;
	bool registered = a && a->registered, array = a && a->array;
	/* A pool's memory goes back to its pool (mempool.c), listed still. */
	bool pooled = a && __atomic_load_n(&a->pool_block, __ATOMIC_ACQUIRE);

	if (a && !registered && !pooled && !array)
		unlink_locked(a);
	pthread_mutex_unlock(&mem_lock);
	if (array)
		return bh_rt_error(hipErrorInvalidValue, "hipFree(%p): the memory of a HIP array "
				   "(use hipFreeArray on the array)", ptr);
	if (pooled)
		return bh_rt_mempool_free(a);
	if (registered)
		return bh_rt_error(hipErrorInvalidValue, "hipFree(%p): "
				   "host memory registered with hipHostRegister "
				   "(use hipHostUnregister)", ptr);
	if (a)
		return release("hipFree", a);
	return bh_rt_error(hipErrorInvalidValue,
			   "hipFree(%p): not a pointer returned by hipMalloc", ptr);
}

/*
 * Managed memory: one address for host and device.  The board must map
 * host memory at the address the GPU uses (the sim board does); both
 * sides then see the same pages, coherently.  Accesses from the host
 * while kernels run are the program's to order (hipDeviceSynchronize).
 */
hipError_t hipMallocManaged(void **ptr, size_t size, unsigned int flags)
{
	struct bh_allocation *a;
	hipError_t e;

	if (!ptr)
		return bh_rt_error(hipErrorInvalidValue, "hipMallocManaged: ptr is NULL");
	*ptr = NULL;
	if (flags != hipMemAttachGlobal && flags != hipMemAttachHost)
		return bh_rt_error(hipErrorInvalidValue,
				   "hipMallocManaged(%zu bytes): flags 0x%x are neither "
				   "hipMemAttachGlobal nor hipMemAttachHost", size, flags);
	if (size == 0)
		return bh_rt_error(hipErrorInvalidValue, "hipMallocManaged: size is 0");
	e = bh_rt_init();
	if (!e)
		e = track("hipMallocManaged", size, BH_MEM_SHARED, &a);
	if (e)
		return e;
	a->managed = true;
	*ptr = a->mem.cpu;
	return bh_rt_success();
}

/*
 * Pinned host memory.  Always mapped for the device (so Mapped and
 * Portable change nothing on a one-device board) and coherent (the sim
 * board has no caches to bypass); WriteCombined and NumaUser are
 * accepted as hints.  Where the board has unified memory the host
 * address is also the device address.
 */
static hipError_t host_alloc(const char *api, void **ptr, size_t size, unsigned int flags,
			     unsigned int allowed)
{
	const unsigned int coherence = hipHostMallocCoherent | hipHostMallocNonCoherent;
	struct bh_allocation *a;
	hipError_t e;

	if (!ptr)
		return bh_rt_error(hipErrorInvalidValue, "%s: ptr is NULL", api);
	*ptr = NULL;
	if (flags & ~allowed)
		return bh_rt_error(hipErrorInvalidValue, "%s: unknown flags 0x%x", api,
				   flags & ~allowed);
	if ((flags & coherence) == coherence)
		return bh_rt_error(hipErrorInvalidValue, "%s: both hipHostMallocCoherent and "
				   "hipHostMallocNonCoherent", api);
	e = bh_rt_init();
	if (e || !size)		/* HIP: size 0 is success and a null pointer */
		return e;
	e = track(api, size, bh_device_get_info(bh_rt_current()->dev)->unified_memory ? BH_MEM_SHARED :
		  BH_MEM_HOST, &a);
	if (e)
		return e;
	a->pinned = true;
	a->host_flags = flags;
	*ptr = a->mem.cpu;
	return bh_rt_success();
}

#define HOST_MALLOC_FLAGS (hipHostMallocPortable | hipHostMallocMapped | \
			   hipHostMallocWriteCombined | hipHostMallocNumaUser | \
			   hipHostMallocCoherent | hipHostMallocNonCoherent)
#define HOST_ALLOC_FLAGS (hipHostAllocPortable | hipHostAllocMapped | hipHostAllocWriteCombined)

hipError_t hipHostMalloc(void **ptr, size_t size, unsigned int flags)
{
	return host_alloc("hipHostMalloc", ptr, size, flags, HOST_MALLOC_FLAGS);
}

hipError_t hipExtHostAlloc(void **ptr, size_t size, unsigned int flags)
{
	return host_alloc("hipExtHostAlloc", ptr, size, flags, HOST_MALLOC_FLAGS);
}

/* The CUDA-style call: only the three cudaHostAlloc flags. */
hipError_t hipHostAlloc(void **ptr, size_t size, unsigned int flags)
{
	return host_alloc("hipHostAlloc", ptr, size, flags, HOST_ALLOC_FLAGS);
}

hipError_t hipMallocHost(void **ptr, size_t size)
{
	return host_alloc("hipMallocHost", ptr, size, 0, 0);
}

hipError_t hipMemAllocHost(void **ptr, size_t size)
{
	return host_alloc("hipMemAllocHost", ptr, size, 0, 0);
}

static struct bh_allocation *pinned_containing(const void *ptr, size_t *off)
{
	struct bh_allocation *a = containing(ptr, off);

	return a && a->pinned ? a : NULL;
}

static hipError_t host_free(const char *api, void *ptr)
{
	size_t off;
	struct bh_allocation *a;
	hipError_t e = bh_rt_init();

	if (e || !ptr)
		return e;
	pthread_mutex_lock(&mem_lock);
	a = containing_locked(ptr, &off);
	const char *why = !a ? "" : a->registered ? " (registered: use hipHostUnregister)" :
			  !a->pinned ? " (device memory: use hipFree)" : off ? "" : NULL;

	if (!why)
		unlink_locked(a);
	pthread_mutex_unlock(&mem_lock);
	if (why)
		return bh_rt_error(hipErrorInvalidValue, "%s(%p): not a pointer returned by "
				   "hipHostMalloc%s", api, ptr, why);
	return release(api, a);
}

hipError_t hipHostFree(void *ptr)
{
	return host_free("hipHostFree", ptr);
}

hipError_t hipFreeHost(void *ptr)
{
	return host_free("hipFreeHost", ptr);
}

hipError_t hipHostGetDevicePointer(void **dev_ptr, void *host_ptr, unsigned int flags)
{
	size_t off;
	struct bh_allocation *a;
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	if (!dev_ptr || !host_ptr)
		return bh_rt_error(hipErrorInvalidValue, "hipHostGetDevicePointer: %s is NULL",
				   dev_ptr ? "hstPtr" : "devPtr");
	if (flags)
		return bh_rt_error(hipErrorInvalidValue, "hipHostGetDevicePointer: flags must "
				   "be 0");
	a = containing(host_ptr, &off);
	if (!a || !(a->pinned || a->managed))
		return bh_rt_error(hipErrorInvalidValue, "hipHostGetDevicePointer(%p): not "
				   "inside memory from hipHostMalloc or hipMallocManaged",
				   host_ptr);
	*dev_ptr = (void *)(uintptr_t)(a->mem.gpu_va + off);
	return bh_rt_success();
}

hipError_t hipHostGetFlags(unsigned int *flags, void *host_ptr)
{
	size_t off;
	struct bh_allocation *a;
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	if (!flags || !host_ptr)
		return bh_rt_error(hipErrorInvalidValue, "hipHostGetFlags: %s is NULL",
				   flags ? "hostPtr" : "flagsPtr");
	a = pinned_containing(host_ptr, &off);
	if (!a)
		return bh_rt_error(hipErrorInvalidValue, "hipHostGetFlags(%p): not inside memory "
				   "from hipHostMalloc", host_ptr);
	*flags = a->host_flags;
	return bh_rt_success();
}

/*
 * Registering existing host memory: the board maps those very pages for
 * the GPU at their own address (KFD's USERPTR; the sim board maps the
 * program's pages into its model).  The whole pages around the range are
 * mapped, as ROCm pins them.  A range inside pages another registration
 * already maps shares that mapping (reference-counted), even where their
 * bytes overlap: ROCm refuses no overlap.  A range that shares a page with
 * another registration and also reaches pages it does not map is refused:
 * one page cannot be mapped twice, and barehip does not split mappings.
 */
static hipError_t register_conflict(void *host_ptr, size_t size, uintptr_t lo, uintptr_t hi,
				    struct bh_allocation **share)
{
	*share = NULL;
	for (struct bh_allocation *a = bh_rt.allocations; a; a = a->next) {
		uintptr_t c = (uintptr_t)a->mem.cpu;

		if (!c || !(c < hi && lo < c + a->mem.size))
			continue;	/* no page in common */
		if (a->registered) {
			/*
			 * Inside pages a registration maps, even over its bytes:
			 * share them.  ROCm registers such a range again (its
			 * hipHostRegister never refuses an overlap; hip-tests'
			 * hipStreamValue registers a word at the address of an
			 * earlier, never unregistered one).  Each registration is
			 * unregistered by its own pointer.
			 */
			if (c <= lo && hi <= c + a->mem.size) {
				*share = a;
				continue;
			}
			return bh_rt_error(hipErrorHostMemoryAlreadyRegistered,
					   "hipHostRegister(%p, %zu bytes): shares a page with the "
					   "%zu bytes registered at %p and reaches pages that "
					   "registration does not map (barehip maps a page for one "
					   "registration and the ranges inside it)", host_ptr, size,
					   a->registered_size, a->registered_ptr);
		}
		return bh_rt_error(hipErrorHostMemoryAlreadyRegistered,
				   "hipHostRegister(%p, %zu bytes): overlaps %s memory at %p",
				   host_ptr, size, a->pinned ? "pinned host (hipHostMalloc)" :
				   a->managed ? "managed" : "device", a->mem.cpu);
	}
	return hipSuccess;
}

/*
 * Whether every page of [lo, hi) is mapped in this process (mincore says
 * ENOMEM otherwise), so that no board is given pages that are not there:
 * the sim board's model would fault the host process on them.  As ROCm,
 * such a registration is hipErrorInvalidValue.
 */
#ifndef CONFIG_HOST_OS
/* No operating system: memory is the board's, and its backend refuses
 * what is not RAM it can reach (the pci backend's bus_address). */
static bool mapped(uintptr_t lo, uintptr_t hi)
{
	return lo < hi;
}
#else
static bool mapped(uintptr_t lo, uintptr_t hi)
{
	unsigned char vec[1024];

	for (uintptr_t p = lo; p < hi;) {
		size_t len = hi - p < sizeof(vec) * 4096 ? hi - p : sizeof(vec) * 4096;

		if (mincore((void *)p, len, vec))
			return false;
		p += len;
	}
	return true;
}
#endif

hipError_t hipHostRegister(void *host_ptr, size_t size, unsigned int flags)
{
	struct bh_error err = { 0 };
	struct bh_allocation *a, *share;
	uintptr_t lo = (uintptr_t)host_ptr & ~(uintptr_t)4095;
	uintptr_t hi = ((uintptr_t)host_ptr + size + 4095) & ~(uintptr_t)4095;
	struct bh_rt_device *d;
	hipError_t e = bh_rt_cur(&d);

	if (e)
		return e;
	if (!host_ptr || !size || flags > 15 || (uintptr_t)host_ptr + size < size)
		return bh_rt_error(hipErrorInvalidValue, "hipHostRegister(%p, %zu bytes, 0x%x): "
				   "%s", host_ptr, size, flags, !host_ptr ? "hostPtr is NULL" :
				   !size ? "size is 0" : flags > 15 ? "unknown flags" :
				   "the range wraps");
	if (!mapped(lo, hi))
		return bh_rt_error(hipErrorInvalidValue, "hipHostRegister(%p, %zu bytes): not all "
				   "of it is memory this process has mapped", host_ptr, size);
	/* Checked and registered under the memory lock (one wins a race). */
	pthread_mutex_lock(&mem_lock);
	e = register_conflict(host_ptr, size, lo, hi, &share);
	a = e ? NULL : calloc(1, sizeof(*a));
	if (!e && !a)
		e = bh_rt_error(hipErrorOutOfMemory, "hipHostRegister: out of host memory");
	if (!e && share && !share->page_refs) {
		share->page_refs = malloc(sizeof(*share->page_refs));
		if (share->page_refs)
			*share->page_refs = 1;
		else
			e = bh_rt_error(hipErrorOutOfMemory, "hipHostRegister: out of host memory");
	}
	if (e) {
		pthread_mutex_unlock(&mem_lock);
		free(a);
		return e;
	}
	a->d = d;
	if (share) {		/* inside pages already mapped: share them */
		a->mem = share->mem;
		a->page_refs = share->page_refs;
		++*a->page_refs;
	} else if (bh_mem_register(d->dev, host_ptr, size, &a->mem, &err)) {
		pthread_mutex_unlock(&mem_lock);
		free(a);
		if (err.code == BH_ENOTSUP)
			return bh_rt_error(hipErrorNotSupported, "hipHostRegister(%p, %zu bytes): "
					   "%s; allocate it with hipHostMalloc instead", host_ptr,
					   size, err.message);
		return bh_rt_api_loader_error("hipHostRegister", &err, hipErrorOutOfMemory);
	}
	a->pinned = true;
	a->registered = true;
	a->registered_ptr = host_ptr;
	a->registered_size = size;
	a->host_flags = flags;
	a->next = bh_rt.allocations;
	bh_rt.allocations = a;
	pthread_mutex_unlock(&mem_lock);
	return bh_rt_success();
}

hipError_t hipHostUnregister(void *host_ptr)
{
	size_t off;
	struct bh_allocation *a;
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	if (!host_ptr)
		return bh_rt_error(hipErrorInvalidValue, "hipHostUnregister: hostPtr is NULL");
	pthread_mutex_lock(&mem_lock);
	/* The registration of this very pointer (several may share a page),
	 * else the one it lies inside, for the message. */
	for (a = bh_rt.allocations; a; a = a->next)
		if (a->registered && a->registered_ptr == host_ptr)
			break;
	if (!a)
		a = containing_locked(host_ptr, &off);
	if (a && !a->registered)
		a = NULL;
	/* As ROCm: the very pointer that was registered, not one inside. */
	void *registered = a ? a->registered_ptr : NULL;

	if (a && registered == host_ptr)
		unlink_locked(a);
	pthread_mutex_unlock(&mem_lock);
	if (!a)
		return bh_rt_error(hipErrorHostMemoryNotRegistered, "hipHostUnregister(%p): not "
				   "registered with hipHostRegister", host_ptr);
	if (registered != host_ptr)
		return bh_rt_error(hipErrorHostMemoryNotRegistered, "hipHostUnregister(%p): "
				   "inside the memory registered at %p; unregister that pointer",
				   host_ptr, registered);
	return release("hipHostUnregister", a);
}

/*
 * Free: the board's VRAM less what the loader has allocated from it
 * (this program's hipMalloc memory, code objects, scratch, the device
 * heap).  Pinned and managed memory are host memory.
 */
hipError_t hipMemGetInfo(size_t *free_bytes, size_t *total)
{
	const struct bh_device_info *i;
	struct bh_rt_device *d;
	hipError_t e = bh_rt_cur(&d);

	if (e)
		return e;
	i = bh_device_get_info(d->dev);
	if (free_bytes)
		*free_bytes = (size_t)bh_device_vram_free(d->dev);
	if (total)
		*total = (size_t)i->vram_size;
	return bh_rt_success();
}
