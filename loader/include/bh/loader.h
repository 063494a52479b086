/* SPDX-License-Identifier: MIT */
/*
 * barehip loader core: code objects, kernargs, PM4 queues.
 *
 * Freestanding C.  Everything that touches the operating system or the
 * GPU's apertures goes through struct bh_platform (bh/platform.h).
 * Every function that can fail returns 0 or a negative BH_E* code and
 * fills a struct bh_error whose message names what failed and why.
 */
#ifndef BH_LOADER_H
#define BH_LOADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum bh_status {
	BH_OK = 0,
	BH_EINVAL = -1,		/* bad argument or launch configuration */
	BH_ENOMEM = -2,		/* host or device memory exhausted */
	BH_ENOEXEC = -3,	/* malformed or unsupported code object */
	BH_ENOENT = -4,		/* no such kernel / symbol */
	BH_ERANGE = -5,		/* a device or kernel limit is exceeded */
	BH_ETIMEDOUT = -6,	/* the GPU did not finish in time */
	BH_EFAULT = -7,		/* the GPU faulted */
	BH_ENODEV = -8,		/* no such device / backend failed */
	BH_ENOTSUP = -9,	/* valid but not supported (yet) */
	BH_EBUSY = -10,		/* still in use */
	BH_ENOSPC = -11,	/* a cooperative grid cannot be resident at once */
	BH_EBOUNDS = -13,	/* a block beyond the kernel's __launch_bounds__ */
	BH_EABORT = -12,	/* the GPU faulted: a kernel called abort() or failed
				 * an assert (device printf carried the mark) */
};

#define BH_ERROR_MAX 512

struct bh_error {
	int code;
	char message[BH_ERROR_MAX];
};

const char *bh_status_name(int code);

/* What the board reports about its GPU. */
struct bh_device_info {
	char name[64];		/* marketing-ish name, e.g. "barehip sim (gfx90a)" */
	char gfx[16];		/* "gfx90a" */
	uint32_t mach;		/* EF_AMDGPU_MACH_* */
	uint32_t gfx_version;	/* major*10000 + minor*100 + step, e.g. 90010 */
	unsigned wave_size;	/* 64 on gfx9 */
	unsigned num_cus;
	unsigned simds_per_cu;
	unsigned max_waves_per_simd;
	uint64_t vram_size;
	uint32_t lds_size;	/* bytes per workgroup */
	uint32_t max_workgroup_size;
	uint64_t clock_hz;	/* shader clock */
	uint64_t timestamp_hz;	/* RELEASE_MEM / s_memrealtime clock */
	bool architected_scratch;
	uint8_t xnack;		/* 0 off, 1 on */
	uint8_t sramecc;	/* 0 off, 1 on */
	bool unified_memory;	/* BH_MEM_SHARED allocations work */
	/* The GPU's atomic operations on host memory are atomic with the
	 * host's own (PCIe AtomicOps, or one memory on an APU or a model). */
	bool host_atomics;
	/* Where the GPU sits and what it has besides its CUs: 0 (false)
	 * when the board has or models none of it.  The sim board has no
	 * PCI function, models no caches and no DRAM timing. */
	uint16_t pci_domain;
	uint8_t pci_bus, pci_device, pci_function;
	uint32_t l2_size;		/* bytes */
	uint64_t memory_clock_hz;	/* peak DRAM clock */
	uint32_t memory_bus_width;	/* bits */
	bool integrated;		/* an APU: "VRAM" is system memory */
	unsigned num_se;		/* shader engines; 0 = not reported */
	unsigned num_gws;		/* global wave sync resources a queue
					 * can get (queue_alloc_gws); 0 = none */
	/* The product and its caches besides the L2, for tools and HIP
	 * properties; empty / 0 when the board does not say. */
	char product[64];		/* marketing name, "AMD Instinct MI210" */
	uint32_t l1_size;		/* vector L1 per CU, bytes */
	uint32_t l3_size;		/* Infinity Cache / MALL, bytes */
	unsigned max_queues;		/* hardware queues a process can create */
	/* Where VRAM sits in the GPU's address space when the host cannot
	 * use those addresses ([vram_gpu_base, + vram_size): the sim and
	 * kmod boards' window); 0 when device addresses are host addresses
	 * too (KFD). */
	uint64_t vram_gpu_base;
	bool host_register;		/* bh_mem_register maps the program's own
					 * pages (set by the core from the backend) */
};

enum bh_mem_domain {
	BH_MEM_VRAM = 1,	/* device memory; cpu pointer set if host-visible */
	BH_MEM_HOST = 2,	/* host memory mapped for the GPU (coherent) */
	BH_MEM_SHARED = 3,	/* host memory the GPU sees at the same address
				 * (cpu == gpu_va): managed memory.  Only on
				 * boards with unified_memory. */
};

struct bh_mem {
	uint64_t gpu_va;
	void *cpu;		/* NULL if not host-visible */
	uint64_t size;
	unsigned domain;
	void *priv;		/* backend's handle */
};

struct bh_platform;
struct bh_device;
struct bh_codeobj;
struct bh_queue;

/* ---------------------------------------------------------- devices */
int bh_device_open(struct bh_device **out, struct bh_platform *plat,
		   struct bh_error *err);
void bh_device_close(struct bh_device *dev);
const struct bh_device_info *bh_device_get_info(const struct bh_device *dev);
struct bh_platform *bh_device_platform(const struct bh_device *dev);
int bh_mem_alloc(struct bh_device *dev, uint64_t size, unsigned domain,
		 struct bh_mem *out, struct bh_error *err);
void bh_mem_free(struct bh_device *dev, struct bh_mem *mem);
/*
 * Map existing host memory for the GPU (hipHostRegister): the pages
 * holding [@host, @host + @size), at the same address on both sides.
 * BH_ENOTSUP where the board cannot (the sim board maps only memory it
 * allocates).  Freed with bh_mem_free, which leaves the pages alone.
 */
int bh_mem_register(struct bh_device *dev, void *host, uint64_t size, struct bh_mem *out,
		    struct bh_error *err);
/* The host's earlier stores to device memory reach it before the GPU's
 * next read (the platform's flush_writes; nothing where none is needed).
 * Safe from any thread. */
void bh_device_flush_writes(struct bh_device *dev);
/* Bytes of VRAM allocated through bh_mem_alloc (code objects, scratch,
 * the heap and what the runtime allocates) and not yet freed. */
uint64_t bh_device_vram_used(const struct bh_device *dev);
/* VRAM bytes still free: the driver's count where the backend has one
 * (KFD's), else the board's size minus what bh_mem_alloc handed out. */
uint64_t bh_device_vram_free(const struct bh_device *dev);
/*
 * The device heap behind device-side malloc/free (hidden_heap_v1).  It is
 * allocated at the first launch of a kernel that uses it, with the size
 * set here (default CONFIG_LOADER_HEAP_KB); once allocated its size is
 * fixed (BH_EBUSY), as with CUDA's cudaLimitMallocHeapSize.
 */
int bh_device_set_heap_size(struct bh_device *dev, uint64_t bytes, struct bh_error *err);
uint64_t bh_device_heap_size(const struct bh_device *dev);
/*
 * The device printf buffer each queue gets at its first launch of a
 * kernel that calls printf (default CONFIG_LOADER_PRINTF_KB), bytes with
 * its 8-byte header: 64 bytes to 1 GiB.  Once a kernel that prints has
 * run, the size is fixed (BH_EBUSY), as with CUDA's and HIP's
 * cudaLimitPrintfFifoSize / hipLimitPrintfFifoSize.
 */
int bh_device_set_printf_size(struct bh_device *dev, uint64_t bytes, struct bh_error *err);
uint64_t bh_device_printf_size(const struct bh_device *dev);
/*
 * Stack per work-item for kernels whose stack size the compiler cannot
 * bound (recursion, indirect calls: .uses_dynamic_stack), on top of their
 * fixed private segment.  Default BH_DEFAULT_STACK_BYTES.
 */
#define BH_DEFAULT_STACK_BYTES 1024u
int bh_device_set_stack_size(struct bh_device *dev, uint32_t bytes, struct bh_error *err);
uint32_t bh_device_stack_size(const struct bh_device *dev);

/* ----------------------------------------------------- code objects */
enum bh_arg_kind {
	BH_ARG_BY_VALUE,
	BH_ARG_GLOBAL_BUFFER,
	BH_ARG_DYNAMIC_SHARED_POINTER,
	BH_ARG_HIDDEN_NONE,
	BH_ARG_HIDDEN_BLOCK_COUNT_X,
	BH_ARG_HIDDEN_BLOCK_COUNT_Y,
	BH_ARG_HIDDEN_BLOCK_COUNT_Z,
	BH_ARG_HIDDEN_GROUP_SIZE_X,
	BH_ARG_HIDDEN_GROUP_SIZE_Y,
	BH_ARG_HIDDEN_GROUP_SIZE_Z,
	BH_ARG_HIDDEN_REMAINDER_X,
	BH_ARG_HIDDEN_REMAINDER_Y,
	BH_ARG_HIDDEN_REMAINDER_Z,
	BH_ARG_HIDDEN_GLOBAL_OFFSET_X,
	BH_ARG_HIDDEN_GLOBAL_OFFSET_Y,
	BH_ARG_HIDDEN_GLOBAL_OFFSET_Z,
	BH_ARG_HIDDEN_GRID_DIMS,
	BH_ARG_HIDDEN_PRINTF_BUFFER,
	BH_ARG_HIDDEN_HOSTCALL_BUFFER,
	BH_ARG_HIDDEN_MULTIGRID_SYNC_ARG,
	BH_ARG_HIDDEN_HEAP_V1,
	BH_ARG_HIDDEN_DEFAULT_QUEUE,
	BH_ARG_HIDDEN_COMPLETION_ACTION,
	BH_ARG_HIDDEN_DYNAMIC_LDS_SIZE,
	BH_ARG_HIDDEN_PRIVATE_BASE,
	BH_ARG_HIDDEN_SHARED_BASE,
	BH_ARG_HIDDEN_QUEUE_PTR,
	BH_ARG_KIND_COUNT
};

struct bh_kernel_arg {
	uint32_t offset;
	uint32_t size;
	enum bh_arg_kind kind;
};

/* The 64-byte kernel descriptor (AMDHSAKernelDescriptor.h). */
struct bh_kernel_descriptor {
	uint32_t group_segment_fixed_size;
	uint32_t private_segment_fixed_size;
	uint32_t kernarg_size;
	uint32_t reserved0;
	int64_t kernel_code_entry_byte_offset;
	uint8_t reserved1[20];
	uint32_t compute_pgm_rsrc3;
	uint32_t compute_pgm_rsrc1;
	uint32_t compute_pgm_rsrc2;
	uint16_t kernel_code_properties;
	uint16_t kernarg_preload;
	uint32_t reserved3;
};

struct bh_kernel {
	const char *name;		/* .name */
	const char *symbol;		/* .symbol ("name.kd") */
	uint64_t kd_va;			/* GPU VA of the descriptor */
	uint64_t entry_va;		/* GPU VA of the first instruction */
	struct bh_kernel_descriptor kd;
	uint32_t kernarg_size;
	uint32_t kernarg_align;
	uint32_t explicit_size;		/* bytes of explicit arguments */
	uint32_t group_segment_fixed_size;
	uint32_t private_segment_fixed_size;
	uint32_t wavefront_size;
	uint32_t max_flat_workgroup_size;
	uint32_t reqd_workgroup_size[3];	/* 0 if not given */
	uint32_t sgpr_count, vgpr_count, agpr_count;
	bool uses_dynamic_stack;
	/* .kind: a normal kernel, or one that runs the device's global
	 * constructors (init, at load) or destructors (fini, at unload). */
	enum { BH_KERNEL_NORMAL, BH_KERNEL_INIT, BH_KERNEL_FINI } kind;
	uint64_t arg_kinds;		/* bit (1 << enum bh_arg_kind) per kind present */
	unsigned nargs;
	unsigned nexplicit;		/* args[0..nexplicit) are explicit */
	struct bh_kernel_arg *args;
	struct bh_codeobj *codeobj;
};

struct bh_symbol {
	const char *name;
	uint64_t gpu_va;
	uint64_t size;
};

int bh_codeobj_load(struct bh_device *dev, const void *image, size_t size,
		    struct bh_codeobj **out, struct bh_error *err);
/* Fails with BH_EBUSY while launches of its kernels are in flight. */
int bh_codeobj_unload(struct bh_codeobj *co, struct bh_error *err);
unsigned bh_codeobj_kernel_count(const struct bh_codeobj *co);
const struct bh_kernel *bh_codeobj_kernel(const struct bh_codeobj *co,
					  unsigned i);
/* By source name ("_Z5saxpyfPKfPfj") or descriptor symbol ("….kd"). */
const struct bh_kernel *bh_codeobj_find_kernel(const struct bh_codeobj *co,
					       const char *name);
/* A global variable (STT_OBJECT) by name. */
int bh_codeobj_find_symbol(const struct bh_codeobj *co, const char *name,
			   struct bh_symbol *out);
const char *bh_codeobj_target(const struct bh_codeobj *co);
/* Host copies to and from a code object's globals (GPU VA from a symbol). */
int bh_codeobj_write(struct bh_codeobj *co, uint64_t va, const void *src, size_t size,
		     struct bh_error *err);
int bh_codeobj_read(const struct bh_codeobj *co, uint64_t va, void *dst, size_t size,
		    struct bh_error *err);
/* The host address of [va, va + size) inside the loaded image, or NULL
 * (not inside it, or the board does not map code objects for the host). */
void *bh_codeobj_host_view(const struct bh_codeobj *co, uint64_t va, size_t size);

/*
 * How many workgroups of @k with @block_threads work-items and
 * @dynamic_lds bytes of dynamic LDS one CU holds at once, from the
 * descriptor's VGPR/SGPR/LDS use and the device (waves per SIMD, VGPR
 * and SGPR files, LDS, workgroup slots).  @limit names the resource
 * that binds.
 */
struct bh_occupancy {
	uint32_t waves_per_group;
	uint32_t groups_per_cu;
	uint32_t waves_per_simd;	/* of this kernel, by registers */
	uint64_t max_groups;		/* groups_per_cu x compute units */
	const char *limit;
};
int bh_kernel_occupancy(const struct bh_device *dev, const struct bh_kernel *k,
			uint32_t block_threads, uint32_t dynamic_lds,
			struct bh_occupancy *out, struct bh_error *err);

/* What one compute unit holds: the resources bh_kernel_occupancy shares
 * out (HIP's per-multiprocessor properties come from here). */
struct bh_cu_limits {
	uint32_t simds;
	uint32_t waves_per_simd;	/* wave slots */
	uint32_t vgprs_per_simd;	/* per lane, arch + acc registers */
	uint32_t vgpr_granule;
	uint32_t sgprs_per_simd;	/* 0: SGPRs never limit waves */
	uint32_t sgpr_granule;
	uint32_t lds_bytes;
	uint32_t lds_granule;
	uint32_t workgroups;		/* workgroup (barrier) slots */
};
void bh_device_cu_limits(const struct bh_device *dev, struct bh_cu_limits *out);

/* ----------------------------------------------------------- launch */
struct bh_launch {
	uint32_t grid[3];	/* work-items per dimension (not groups) */
	uint32_t block[3];	/* work-items per workgroup */
	uint32_t dynamic_lds;	/* bytes of dynamic LDS on top of static */
	/* Explicit arguments: either HIP-style pointers, one per arg ... */
	void *const *args;
	/* ... or one buffer laid out as the kernel's explicit kernarg. */
	const void *raw_args;
	size_t raw_size;
	uint32_t flags;		/* BH_LAUNCH_* */
};

/*
 * A cooperative launch: every workgroup must be resident at once (the
 * launch is refused otherwise), it starts after the queue's earlier
 * work has finished, and it gets a grid-sync record
 * (hidden_multigrid_sync_arg) for cooperative groups' grid.sync().
 */
#define BH_LAUNCH_COOPERATIVE	(1u << 0)

int bh_queue_create(struct bh_device *dev, struct bh_queue **out,
		    struct bh_error *err);
/* Waits for outstanding work first. */
void bh_queue_destroy(struct bh_queue *q);
/*
 * Validate, build kernarg and PM4, ring the doorbell.  On success
 * *seq (if non-NULL) is the fence value that marks completion.
 */
int bh_queue_launch(struct bh_queue *q, const struct bh_kernel *k,
		    const struct bh_launch *l, uint64_t *seq,
		    struct bh_error *err);
/*
 * Run @co's .kind init kernels (device global constructors; after
 * loading) or fini kernels (destructors; before unloading) on @q, one
 * work-item each, and wait for them.
 */
int bh_queue_run_init_kernels(struct bh_queue *q, const struct bh_codeobj *co,
			      struct bh_error *err);
int bh_queue_run_fini_kernels(struct bh_queue *q, const struct bh_codeobj *co,
			      struct bh_error *err);
/* Wait until fence value @seq has signalled (or a fault/timeout). */
int bh_queue_wait(struct bh_queue *q, uint64_t seq, struct bh_error *err);
int bh_queue_finish(struct bh_queue *q, struct bh_error *err);
uint64_t bh_queue_last_seq(const struct bh_queue *q);
/* The queue is unusable after a fault until reset (re-created). */
bool bh_queue_faulted(const struct bh_queue *q);
/*
 * Launches emit only the SH registers that changed since the queue's
 * previous launch.  Forget what the queue holds, so that the next launch
 * programs every register (after anything else wrote the queue's
 * registers; tests use it to see a complete packet stream).
 */
void bh_queue_forget_state(struct bh_queue *q);

/* What a queue has submitted: launches and PM4 dwords (the first launch's
 * separately: it programs every register). */
struct bh_queue_stats {
	uint64_t launches;
	uint64_t pm4_dwords;
	uint32_t first_launch_dwords, last_launch_dwords;
};
void bh_queue_get_stats(const struct bh_queue *q, struct bh_queue_stats *out);

/* ------------------------------------- fences, waits, order between queues */
/*
 * A fence value with no work of its own: it signals once everything
 * submitted to @q before it has completed.  With @timestamp_va (GPU
 * address, 8-byte aligned; 0 for none) the CP first writes the 64-bit
 * GPU clock there at that point (RELEASE_MEM DATA_SEL 3; ticks of
 * bh_device_info.timestamp_hz).
 */
int bh_queue_marker(struct bh_queue *q, uint64_t timestamp_va, uint64_t *seq,
		    struct bh_error *err);

/* WAIT_REG_MEM compare functions: (word & mask) FUNC reference. */
enum bh_wait_func {
	BH_WAIT_LT = 1,
	BH_WAIT_LE = 2,
	BH_WAIT_EQ = 3,
	BH_WAIT_NE = 4,
	BH_WAIT_GE = 5,
	BH_WAIT_GT = 6,
};
/*
 * Work submitted to @q after this starts only once the 32-bit word at
 * GPU address @va (dword aligned), masked with @mask, compares @func
 * @ref.  The CP polls the memory; the host is not involved.
 */
int bh_queue_wait_mem(struct bh_queue *q, uint64_t va, uint32_t ref, uint32_t mask,
		      enum bh_wait_func func, struct bh_error *err);
/* The same on the 64-bit word at @va (8-byte aligned): WAIT_REG_MEM64. */
int bh_queue_wait_mem64(struct bh_queue *q, uint64_t va, uint64_t ref, uint64_t mask,
			enum bh_wait_func func, struct bh_error *err);
/*
 * Once everything submitted to @q before it has completed, the CP writes
 * @value (@size 4 or 8 bytes, little-endian) to GPU address @va (aligned
 * to @size); *@seq (if non-NULL) is the fence value that marks the write
 * done.
 */
int bh_queue_write_mem(struct bh_queue *q, uint64_t va, uint64_t value, unsigned int size,
		       uint64_t *seq, struct bh_error *err);
/*
 * Work submitted to @q after this starts only once @other's fence has
 * reached @seq (a WAIT_REG_MEM on @other's fence; both queues on one
 * device).  Emits nothing when @other is @q or @seq has signalled.
 */
int bh_queue_wait_queue(struct bh_queue *q, struct bh_queue *other, uint64_t seq,
			struct bh_error *err);
/*
 * How long bh_queue_wait, bh_queue_finish and the runtime's waits let a
 * fence take before they report a timeout (default: Kconfig
 * LOADER_FENCE_TIMEOUT_MS).  A simulated GPU runs kernels far slower
 * than hardware: the runtime sets it from BAREHIP_FENCE_TIMEOUT_MS.
 * Any thread; 0 is refused (keeps the old value).
 */
void bh_set_fence_timeout_ms(uint32_t ms);
uint32_t bh_fence_timeout_ms(void);
/*
 * @hook (NULL: none) runs in every fence wait's loop, before each sleep:
 * a host with one thread (the runtime without CONFIG_HOST_THREADS) runs
 * its host operations there, whose gates the waited-for work may be
 * queued behind.  It must not call the loader.  Set once, before use.
 */
void bh_set_wait_hook(void (*hook)(void));
/*
 * bh_queue_wait with a time limit.  When @timeout_ns pass without @seq
 * signalling: with @reset_on_timeout, the timeout error and queue reset
 * of bh_queue_wait; without, BH_EBUSY and nothing else happens.
 */
int bh_queue_wait_for(struct bh_queue *q, uint64_t seq, uint64_t timeout_ns,
		      bool reset_on_timeout, struct bh_error *err);
/* Without blocking: 0 if @seq has signalled, BH_EBUSY if not yet, or
 * the fault that stopped the queue. */
int bh_queue_test(struct bh_queue *q, uint64_t seq, struct bh_error *err);
/* The fence value the GPU has written.  Reads memory only, so any thread
 * may call it while the queue exists. */
uint64_t bh_queue_completed(const struct bh_queue *q);
/* A number no other queue of this process has had (a freed queue's
 * address may come back for a new one). */
uint64_t bh_queue_serial(const struct bh_queue *q);
/* Number an idle queue's next submission @seq (fence values only grow):
 * lets tests cross a 2^32 fence epoch without 2^32 submissions. */
int bh_queue_set_next_seq(struct bh_queue *q, uint64_t seq, struct bh_error *err);

#ifdef __cplusplus
}
#endif
#endif /* BH_LOADER_H */
