/* SPDX-License-Identifier: MIT */
/* Loader-core internals shared between its files. */
#ifndef BH_INTERNAL_H
#define BH_INTERNAL_H

#include <bh/loader.h>
#include <bh/platform.h>
#include "error.h"
#include "klib.h"
#include "gfx.h"
#include "pm4.h"
#include "generated/autoconf.h"

/*
 * Locks (docs/architecture.md, "Threads"), taken in this order:
 * a queue's lock (struct bh_queue.lock), then the device's lock, then its
 * platform lock.  NULL on a platform without mutexes.
 */
struct bh_device {
	struct bh_platform *plat;
	void *lock;			/* codeobjs, queues, heap, loads, stack_size */
	void *plat_lock;		/* the platform's control operations */
	struct bh_device_info info;
	const struct bh_gfx *gfx;
	unsigned ncodeobjs;
	struct bh_codeobj *codeobjs;	/* loaded, newest first (printf formats) */
	struct bh_mem heap;		/* device malloc (heap.c); allocated lazily */
	uint64_t heap_arena;		/* usable bytes the heap will have */
	uint32_t stack_size;		/* per work-item, kernels with dynamic stack */
	uint64_t printf_size;		/* bytes of each queue's printf buffer */
	bool printf_used;		/* a queue has one: the size is fixed */
	uint64_t loads;			/* code objects loaded so far (load ids) */
	struct bh_queue *queues;	/* every queue of the device (fence epochs) */
	uint64_t vram_used;		/* bytes of VRAM allocated through bh_mem_alloc */
};

/* heap.c: the heap's GPU address, allocating it on first use. */
int bh_heap_prepare(struct bh_device *dev, uint64_t *va, struct bh_error *err);

/* One amdhsa.printf entry: "<id>:<n>:<16 hex digits of the hash>,<format>". */
struct bh_printf_fmt {
	uint64_t hash;
	const char *fmt;
};

/*
 * printf.c: decode the buffered printf records in @data[0..len) (the
 * buffer after its 8-byte header), looking formats up with @find, and
 * write the text through @out.  Returns 0; 1 when a record's format
 * starts with BH_PRINTF_ABORT_MARK (kit/include/hip/bh/assert.h: the
 * kernel is about to abort or fail an assert; the mark itself is not
 * printed); or -1 after writing a note about a malformed record
 * (decoding stops there).
 */
#define BH_PRINTF_ABORT_MARK '\036'
typedef const char *(*bh_printf_find_fn)(void *ctx, uint64_t hash);
typedef void (*bh_printf_out_fn)(void *ctx, const char *text, size_t len);
int bh_printf_decode(const uint8_t *data, size_t len, bh_printf_find_fn find, void *find_ctx,
		     bh_printf_out_fn out, void *out_ctx);
/*
 * printf.c: a queue's printf buffer (dev->printf_size bytes, empty),
 * allocated at the queue's first launch of a kernel that prints, and
 * printing then emptying it, formats looked up in the device's loaded
 * code objects.
 */
int bh_printf_buffer_alloc(struct bh_device *dev, struct bh_mem *buf, struct bh_error *err);
/* Returns whether the records carried the abort mark. */
bool bh_printf_drain(struct bh_device *dev, struct bh_mem *buf);

struct bh_codeobj {
	struct bh_device *dev;
	struct bh_mem mem;		/* all PT_LOAD segments */
	uint64_t base;			/* GPU VA of p_vaddr 0 */
	char *strings;			/* pool owning every name below */
	size_t strings_used, strings_size;
	unsigned nkernels;
	struct bh_kernel *kernels;
	unsigned nsyms;
	struct bh_symbol *syms;
	char target[64];
	unsigned abi_version;		/* 5 for code object v5 */
	unsigned inflight;		/* launches not yet retired */
	uint64_t load_id;		/* unique per device, never reused */
	unsigned nprintf;		/* amdhsa.printf: buffered printf formats */
	struct bh_printf_fmt *printf_fmts;
	struct bh_codeobj *next;	/* the device's loaded code objects */
};

/* Take and release a platform mutex (nothing when @m is NULL). */
static inline void bh_lock(const struct bh_device *dev, void *m)
{
	if (m)
		dev->plat->mutex_lock(dev->plat, m);
}

static inline void bh_unlock(const struct bh_device *dev, void *m)
{
	if (m)
		dev->plat->mutex_unlock(dev->plat, m);
}

/* A new mutex in *@out (NULL without platform mutexes); BH_ENOMEM if none. */
int bh_mutex_new(struct bh_device *dev, void **out, struct bh_error *err);
void bh_mutex_delete(struct bh_device *dev, void *m);

void *bh_zalloc(struct bh_device *dev, size_t size);
void bh_free(struct bh_device *dev, void *ptr);
void bh_log(struct bh_device *dev, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* metadata.c: parse the NT_AMDGPU_METADATA msgpack map into @co. */
int bh_metadata_parse(struct bh_codeobj *co, const uint8_t *note,
		      size_t size, struct bh_error *err);
/* Copy @len bytes of @s into the code object's string pool. */
const char *bh_codeobj_strdup(struct bh_codeobj *co, const char *s,
			      size_t len);

/* kernarg.c */
int bh_kernarg_build(const struct bh_kernel *k, const struct bh_launch *l,
		     uint8_t *out, size_t out_size, struct bh_error *err);
/* Pointers the queue provides to hidden arguments (0: none). */
struct bh_hidden_ptrs {
	uint64_t printf_buffer;		/* hidden_printf_buffer */
	uint64_t queue_ptr;		/* hidden_queue_ptr */
	uint64_t heap;			/* hidden_heap_v1 */
	uint64_t multigrid_sync;	/* hidden_multigrid_sync_arg */
};
int bh_kernarg_build_ex(const struct bh_kernel *k, const struct bh_launch *l,
			const struct bh_hidden_ptrs *h, uint8_t *out, size_t out_size,
			struct bh_error *err);
/* Formats "kernel 'name' grid (x,y,z) block (x,y,z)" for error messages. */
void bh_describe_launch(char *buf, size_t size, const struct bh_kernel *k,
			const struct bh_launch *l);
/* The descriptor of @k against target @gfx (descriptor.c). */
int bh_kd_validate(const struct bh_gfx *gfx, const struct bh_kernel *k, struct bh_error *err);
int bh_launch_validate(const struct bh_device *dev, const struct bh_kernel *k,
		       const struct bh_launch *l, struct bh_error *err);

#endif
