/* SPDX-License-Identifier: MIT */
/*
 * The small interface between the loader core and a backend (sim,
 * kmod, kfd).  The core never makes a system call; a backend owns the
 * apertures, DMA memory, doorbells, interrupts, time and logging.
 */
#ifndef BH_PLATFORM_H
#define BH_PLATFORM_H

#include "loader.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A GPU fault as the backend reports it. */
struct bh_gpu_fault {
	const char *kind;	/* "illegal instruction", "memory violation", … */
	uint64_t pc;
	uint32_t dwords[3];
	uint64_t address;
	unsigned workgroup[3];
	unsigned wave;
	bool unlocated;		/* pc, dwords, workgroup and wave unknown */
	char detail[256];
};

struct bh_platform {
	const char *name;
	void *ctx;

	int (*open)(struct bh_platform *p, struct bh_device_info *info,
		    struct bh_error *err);
	void (*close)(struct bh_platform *p);

	/* Device-visible memory; @align is a power of two >= 4096. */
	int (*mem_alloc)(struct bh_platform *p, uint64_t size, uint64_t align,
			 unsigned domain, struct bh_mem *out);
	void (*mem_free)(struct bh_platform *p, struct bh_mem *mem);
	/*
	 * Optional: map the process's own pages [@host, @host + @size) (page
	 * aligned) for the GPU: at their CPU address where the backend can
	 * (KFD's USERPTR, the sim board), else at the GPU address it puts in
	 * @out->gpu_va (kmod: pinned by barehip.ko, mapped into the GART);
	 * @out->cpu is @host.  Released with mem_free, which leaves the pages
	 * to their owner.  0, or -1 with errno (the cause logged).
	 */
	int (*mem_register)(struct bh_platform *p, void *host, uint64_t size,
			    struct bh_mem *out);
	/* Optional: VRAM bytes still free for this process, as the driver
	 * counts them (other processes' use included).  0, or -1 if unknown. */
	int (*mem_available)(struct bh_platform *p, uint64_t *bytes);

	/*
	 * A compute queue over @ring (PM4), the CP reporting its rptr at
	 * @rptr_va.  Returns a queue id >= 0 or a BH_E* code.
	 */
	int (*queue_create)(struct bh_platform *p, const struct bh_mem *ring,
			    uint64_t rptr_va, struct bh_error *err);
	void (*queue_destroy)(struct bh_platform *p, int qid);
	/*
	 * Optional: give queue @qid the device's global wave sync (GWS)
	 * resources (bh_device_info.num_gws of them, numbered from 0) for
	 * its waves' ds_gws_* instructions, as KFD's ALLOC_QUEUE_GWS does.
	 * One queue of a process holds them at a time; they go back when
	 * that queue is destroyed.  0, BH_EBUSY if another queue holds them,
	 * or another BH_E* code.
	 */
	int (*queue_alloc_gws)(struct bh_platform *p, int qid, struct bh_error *err);
	/* Drop what the queue has not run (after a timeout) and make it run
	 * new work again; the CP reports rptr = wptr.  0, or -1 if it cannot
	 * (then the queue stays stopped until the device is reset). */
	int (*queue_reset)(struct bh_platform *p, int qid);
	/*
	 * Optional: how a fence on queue @qid wakes a waiter sleeping in
	 * wait_interrupt.  If present and it returns 1, a fence's own
	 * RELEASE_MEM raises no interrupt; a second RELEASE_MEM writes @*data
	 * (32 bits) to @*mailbox_va and interrupts with context id @*data (a
	 * KFD signal event: its slot in the event page, and its id).  Absent
	 * or 0: the fence's RELEASE_MEM interrupts with the queue id.
	 */
	int (*queue_signal)(struct bh_platform *p, int qid, uint64_t *mailbox_va,
			    uint32_t *data);
	/* Write the 64-bit dword wptr to the queue's doorbell (after what
	 * flush_writes does, where the backend needs it). */
	void (*doorbell)(struct bh_platform *p, int qid, uint64_t wptr);
	/*
	 * Optional: make the host's earlier stores to device memory visible
	 * to the GPU (an HDP flush on a discrete GPU behind a BAR).  Called by
	 * the runtime after a host copy into device memory that the GPU reads
	 * without a doorbell in between; safe from any thread.
	 */
	void (*flush_writes)(struct bh_platform *p);

	/* 1 and fills @out if the GPU reported a fault on @qid. */
	int (*take_fault)(struct bh_platform *p, int qid,
			  struct bh_gpu_fault *out);
	/* Sleep until an interrupt arrives or @timeout_ns passes. */
	void (*wait_interrupt)(struct bh_platform *p, uint64_t timeout_ns);
	uint64_t (*now_ns)(struct bh_platform *p);

	/*
	 * Optional locks, all four or none (NULL: a single-threaded
	 * platform, the core locks nothing).  A mutex is not recursive;
	 * mutex_create returns NULL when out of memory.  With them, the core
	 * is safe from several host threads: it calls the control operations
	 * (mem_*, queue_create/destroy/alloc_gws/reset/signal) one at a time
	 * per platform, and doorbell, flush_writes, take_fault,
	 * wait_interrupt, now_ns, host_alloc/free, log and print from any
	 * thread at any time (docs/architecture.md, "Threads").
	 */
	void *(*mutex_create)(struct bh_platform *p);
	void (*mutex_lock)(struct bh_platform *p, void *m);
	void (*mutex_unlock)(struct bh_platform *p, void *m);
	void (*mutex_destroy)(struct bh_platform *p, void *m);

	/* Host memory for the loader's own bookkeeping. */
	void *(*host_alloc)(struct bh_platform *p, size_t size);
	void (*host_free)(struct bh_platform *p, void *ptr);
	void (*log)(struct bh_platform *p, const char *line);
	/* The program's standard output (device printf text). */
	void (*print)(struct bh_platform *p, const char *text, size_t len);
	/* Optional: the kernel (its .name and first instruction) of the
	 * dispatch about to be queued on @qid, before its doorbell, for a
	 * board that reports per-kernel counters (the sim board's
	 * BAREHIP_SIM_STATS).  From the thread launching, queue lock held. */
	void (*note_launch)(struct bh_platform *p, int qid, const char *kernel,
			    uint64_t entry_va);
};

#ifdef __cplusplus
}
#endif
#endif /* BH_PLATFORM_H */
