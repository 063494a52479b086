/* SPDX-License-Identifier: MIT */
/* The HIP host runtime's shared state (kit/runtime/). */
#ifndef BH_RUNTIME_H
#define BH_RUNTIME_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include <bh/loader.h>
#include <hip/hip_runtime_api.h>

/* Devices a program may use (HIP ordinals 0 … BH_RT_MAX_DEVICES - 1). */
#define BH_RT_MAX_DEVICES 16

/* One registered fat binary (one translation unit's device code); a
 * module's (module.c) has one device's entry only. */
struct bh_fatbin {
	const void *bundle;
	bool bad;			/* not a HIP fat binary */
	/* Per device: loaded on first use there; why it did not load
	 * (sticky until that device is reset: hipErrorNoBinaryForGpu …). */
	struct bh_codeobj *codeobj[BH_RT_MAX_DEVICES];
	hipError_t load_error[BH_RT_MAX_DEVICES];
	struct bh_fatbin *next;
};

/* A __global__ function: the host-side handle clang registered. */
struct bh_function {
	const void *host;
	const char *name;
	struct bh_fatbin *fatbin;
	struct bh_function *next;
};

/* A __device__/__constant__ variable: its host shadow and device name
 * (__hipRegisterVar), looked up in the loaded code object by name. */
struct bh_var {
	const void *host;
	const char *name;
	size_t size;
	bool constant;
	struct bh_fatbin *fatbin;
	struct bh_var *next;
};

/* A __managed__ variable (__hipRegisterManagedVar): host code reaches it
 * through *pointer, device code through the code object's pointer
 * variable @name; both point at one managed allocation while the device
 * is up, and at the host storage @home (clang's initialised copy) while
 * it is not. */
struct bh_managed {
	void **pointer;
	void *home;
	const char *name;
	size_t size;
	bool on_device;
	struct bh_fatbin *fatbin;
	struct bh_managed *next;
};

struct bh_rt_device;

struct bh_allocation {
	struct bh_mem mem;
	struct bh_rt_device *d;		/* the device it was allocated on */
	bool managed;		/* hipMallocManaged: host and device address */
	bool pinned;		/* hipHostMalloc: host memory the GPU maps */
	bool registered;	/* hipHostRegister: the program's own pages (pinned too) */
	void *registered_ptr;	/* the pointer hipHostRegister was given */
	size_t registered_size;	/* and the bytes it was given */
	/* hipHostRegister: how many registrations share this one's mapped
	 * pages (two small ranges in one page share its mapping, as ROCm
	 * allows); the pages are unmapped when the last one goes.  Shared by
	 * those registrations; read and changed under the memory lock. */
	unsigned int *page_refs;
	unsigned int host_flags;	/* hipHostMalloc flags (hipHostGetFlags) */
	size_t bytes;		/* size asked for (0: mem.size) */
	/* mempool.c: the pool block this memory is (NULL: not a pool's);
	 * set before the allocation is listed, changed under the pool lock */
	struct bh_rt_pool_block *pool_block;
	/* memattr.c: the allocation's unique id (HIP_POINTER_ATTRIBUTE_BUFFER_ID,
	 * IPC handles), given on first use; 0 until then */
	uint64_t serial;
	bool sync_memops;	/* HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS: hipMemcpy D2D waits */
	/* array.c: a HIP array's memory (set before it is listed): hipFree
	 * refuses it, hipFreeArray frees it */
	bool array;
	/* memattr.c: what hipMemAdvise / hipMemPrefetchAsync recorded for
	 * each 4 KiB page of managed memory (hipMemRangeGetAttribute(s));
	 * NULL until the first advice, freed with the allocation */
	struct bh_rt_page_advice *advice;
	struct bh_allocation *next;
};

/* The allocation's unique id, made on first use (memattr.c). */
uint64_t bh_rt_allocation_serial(struct bh_allocation *a);
/* Free what memattr.c keeps for @a (when @a itself is freed). */
void bh_rt_allocation_forget(struct bh_allocation *a);

#define BH_RT_MAX_QUEUES 16
#define BH_RT_CU_MASK_WORDS 8		/* CU masks of up to 256 CUs */

struct bh_rt_queue;
struct bh_rt_graph_capture;
struct bh_rt_slot_page;
struct bh_rt_zombie;

/*
 * A stream: in-order work on one device.  The null (legacy default)
 * stream is each device's own (struct bh_rt_device.null_stream).
 */
#define BH_RT_WAITED 4
struct ihipStream_t {
	unsigned int flags;		/* hipStreamDefault / hipStreamNonBlocking */
	int priority;
	bool null;			/* the null (legacy default) stream */
	struct bh_rt_device *d;		/* its device */
	struct bh_rt_queue *rq;
	uint64_t last;			/* fence on rq of its last operation; 0: none */
	/* hipExtStreamCreateWithCUMask: the CUs it may use (bit i of word j:
	 * CU 32*j + i), recorded only: every board runs a stream's work on
	 * all CUs.  cu_mask_words 0: all of them. */
	uint32_t cu_mask[BH_RT_CU_MASK_WORDS];
	unsigned int cu_mask_words;
	struct bh_rt_graph_capture *capture;	/* graph.c: being captured (NULL: not) */
	/* event.c: what hipStreamWaitEvent made this stream wait for, the
	 * highest fence per queue (the last BH_RT_WAITED queues): its later
	 * work runs after that queue's work up to there.  mempool.c reuses
	 * memory freed there (hipMemPoolReuseFollowEventDependencies).
	 * Under the stream lock. */
	struct bh_rt_waited { struct bh_rt_queue *rq; uint64_t seq; } waited[BH_RT_WAITED];
	unsigned int nwaited;
	struct ihipStream_t *next;	/* the live streams */
};
/* event.c: a copy of @s's waits (into @out, BH_RT_WAITED of them at
 * most); how many. */
unsigned int bh_rt_stream_waits(struct ihipStream_t *s, struct bh_rt_waited *out);

/*
 * One HIP device: a board backend (one GPU) brought up on first use,
 * and what the runtime keeps per device.  hipDeviceReset tears down the
 * current device only.
 */
struct bh_rt_device {
	int ordinal;
	bool initialized;
	hipError_t init_error;
	struct bh_platform *plat;
	struct bh_device *dev;
	struct bh_queue *queue;		/* the null stream's (pool slot 0) */
	unsigned int flags;		/* hipSetDeviceFlags */
	hipFuncCache_t cache_config;	/* hipDeviceSetCacheConfig (a hint) */
	/* error.c: the GPU fault that stopped this device */
	hipError_t sticky_error;
	char sticky_message[BH_ERROR_MAX];
	/* stream.c: the pooled queues and the null stream */
	struct bh_rt_queue *pool[BH_RT_MAX_QUEUES];
	unsigned int npool;
	uint64_t pool_serial;		/* bh_queue_serial of pool[0]->q */
	struct ihipStream_t null_stream;
	bool streams_active;		/* something to tear down */
	unsigned long session;		/* bumped at teardown: per-thread streams go */
	/* event.c: timestamp slots */
	struct bh_rt_slot_page *slot_pages;
	struct bh_rt_zombie *zombies;
	/* hostop.c: one gate word per pooled queue */
	struct bh_mem gates;
};

struct bh_runtime {
	bool counted;			/* ndev is known */
	unsigned int ndev;		/* devices the board offers */
	struct bh_rt_device devs[BH_RT_MAX_DEVICES];
	struct bh_fatbin *fatbins;
	struct bh_function *functions;
	struct bh_var *vars;
	struct bh_managed *managed;
	struct bh_allocation *allocations;	/* every device's */
};

extern struct bh_runtime bh_rt;

/* The calling thread's current device (hipSetDevice; 0 at first), not
 * necessarily up. */
struct bh_rt_device *bh_rt_current(void);
/* Bring the current device up on first use; hipSuccess or why not. */
hipError_t bh_rt_init(void);
/* Bring device @d up on first use (its error is sticky until reset). */
hipError_t bh_rt_device_init(struct bh_rt_device *d);
/* Device @ordinal, brought up, or an error naming @api. */
hipError_t bh_rt_device_get(const char *api, int ordinal, struct bh_rt_device **out);
/* The current device, brought up (the common start of an API call). */
hipError_t bh_rt_cur(struct bh_rt_device **out);
void bh_rt_teardown(void);

/* Record @err as the last error; print its message; return it. */
hipError_t bh_rt_error(hipError_t err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Map a loader status (and its message) to a HIP error. */
hipError_t bh_rt_loader_error(const struct bh_error *e, hipError_t fallback);
/* device_abort.c: a kernel's abort()/assert; returns only in recover mode. */
void bh_rt_device_abort(const char *api_message);
/*
 * demangle.c: messages name kernels as the source spells them
 * (bh_demangle_text in bh_rt_error and the log); a symbol the user must
 * type as it is (hipModuleGetFunction's names) follows BH_RT_SYMBOL_MARK,
 * which keeps it mangled and is dropped.
 */
#define BH_RT_SYMBOL_MARK '\001'
/* log.c: AMD_LOG_LEVEL (0..4) and a ROCm-shaped log line at level @at. */
int bh_rt_log_level(void);
void bh_rt_log(int at, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* The arguments are evaluated only when the level logs (launches call it). */
#define BH_RT_LOG(at, ...)                                                    \
	do {                                                                  \
		if (bh_rt_log_level() >= (at))                               \
			bh_rt_log(at, __FILE_NAME__, __LINE__, __VA_ARGS__);  \
	} while (0)
hipError_t bh_rt_success(void);
/* error.c: the GPU fault that stopped device @d (hipSuccess if none);
 * clear it and this thread's last error (hipDeviceReset). */
hipError_t bh_rt_sticky_error(const struct bh_rt_device *d);
/* error.c: the device this thread's call works on from here (a GPU fault
 * reported through bh_rt_loader_error stops that device). */
void bh_rt_focus(struct bh_rt_device *d);
void bh_rt_sticky_clear(struct bh_rt_device *d);

/* occupancy.c: HIP's view of kernel @k (also for module functions).
 * @const_bytes: the __constant__ variables of its code object. */
void bh_rt_kernel_attributes(const struct bh_kernel *k, size_t const_bytes,
			     hipFuncAttributes *out);
hipError_t bh_rt_max_active_blocks(const char *api, const struct bh_kernel *k, int block_size,
				   size_t dynamic_lds, unsigned int flags, int *num_blocks);
hipError_t bh_rt_max_potential_block_size(const char *api, const struct bh_kernel *k,
					  size_t dynamic_lds, int block_size_limit,
					  int *grid_size, int *block_size);

/* register.c: the code lock (recursive): registered and loaded device
 * code, modules, and a fat binary's first load on a device. */
void bh_rt_code_lock(void);
void bh_rt_code_unlock(void);
/* register.c: make sure @f's code object is loaded on @d; find its kernel. */
hipError_t bh_rt_kernel(struct bh_rt_device *d, const struct bh_function *f,
			const struct bh_kernel **out);
/* register.c: make sure @fb's code object is loaded on @d (what: for errors). */
hipError_t bh_rt_fatbin_load(struct bh_rt_device *d, struct bh_fatbin *fb, const char *what);
/*
 * register.c: the code object for device @gfx in the clang offload
 * bundle at @bundle (its hipv4 entry whose target id names @gfx,
 * features aside).  @size bounds the bundle (0: compiled into the
 * program, trusted).  0 and *co, *co_size; BH_ENOENT when no entry
 * matches (@found lists the target ids present, comma-separated);
 * BH_ENOEXEC when the bundle is malformed (@found says how).
 */
#define BH_BUNDLE_MAGIC "__CLANG_OFFLOAD_BUNDLE__"
int bh_rt_bundle_select(const void *bundle, size_t size, const char *gfx, const void **co,
			size_t *co_size, char *found, size_t found_len);
/* launch.c: launch loaded kernel @k on stream @s (of @k's device); @grid
 * counts blocks, @l carries the arguments (args or raw_args) and flags. */
hipError_t bh_rt_launch(const char *api, const struct bh_kernel *k, dim3 grid, dim3 block,
			size_t shared, struct ihipStream_t *s, struct bh_launch *l);
/* The same over @items work-items per dimension (a partial last block
 * when the block does not divide them): hipExtModuleLaunchKernel. */
hipError_t bh_rt_launch_items(const char *api, const struct bh_kernel *k,
			      const uint32_t items[3], dim3 block, size_t shared,
			      struct ihipStream_t *s, struct bh_launch *l);
/* symbol.c: the host view of [ptr, ptr+size) inside a loaded code
 * object's globals (a hipGetSymbolAddress pointer) on any device, or
 * NULL; *@owner (if not NULL) is that device. */
void *bh_rt_symbol_view(const void *ptr, size_t size, struct bh_rt_device **owner);
struct bh_function *bh_rt_function(const void *host);
/* Device destructors of @d's code objects; their unloading. */
void bh_rt_fini_all(struct bh_rt_device *d);
void bh_rt_unload_all(struct bh_rt_device *d);

/* memory.c: @p's device if it is device memory whose synchronous
 * memsets and device-to-device copies do not wait for the host (ROCm's
 * rule; not with SYNC_MEMOPS set), else NULL. */
struct bh_rt_device *bh_rt_async_device_memory(const void *p);
/* memory.c: the allocation containing [ptr, ptr+size), or NULL. */
struct bh_allocation *bh_rt_find_allocation(const void *ptr, size_t size);
/* memory.c: the allocation @ptr points into by its device or host address,
 * and *@off, its offset there; NULL if none. */
struct bh_allocation *bh_rt_allocation_at(const void *ptr, size_t *off);
/* memory.c: device memory on @d for a pool (listed with @block as its
 * pool_block); its release: off the list (lookups no longer find it),
 * then freed (no wait: the pool knows it is unused); whether @a is
 * still listed. */
hipError_t bh_rt_vram_alloc(const char *api, struct bh_rt_device *d, size_t size,
			    struct bh_rt_pool_block *block, struct bh_allocation **out);
void bh_rt_vram_unlist(struct bh_allocation *a);
void bh_rt_vram_free(struct bh_allocation *a);
bool bh_rt_allocation_listed(const struct bh_allocation *a);
/* mempool.c: hipFree of a pool's memory @a (synchronises like hipFree);
 * release what pools of @d keep above their release threshold (a
 * synchronisation point); forget @d's pool memory (the device goes,
 * before its allocations are freed). */
hipError_t bh_rt_mempool_free(struct bh_allocation *a);
void bh_rt_mempool_sync(struct bh_rt_device *d);
void bh_rt_mempool_teardown(struct bh_rt_device *d);
/* funcsym.c: the registered function behind a hipGetFuncBySymbol handle. */
struct bh_function *bh_rt_function_handle(const void *handle);
/* uuid.c: device @d's UUID (stable for its board; @d brought up). */
void bh_rt_device_uuid(const struct bh_rt_device *d, hipUUID *out);
/* memory.c: free @d's allocations (the device is going). */
void bh_rt_free_all(struct bh_rt_device *d);
/* register.c: managed variables into managed memory, or back home (those
 * whose memory is @d's). */
hipError_t bh_rt_managed_place(struct bh_managed *m);
void bh_rt_managed_home_all(struct bh_rt_device *d);

/* ------------------------------------------------------------------
 * Streams, events and host operations (stream.c, event.c, hostop.c).
 *
 * Every stream runs on a loader queue (struct bh_rt_queue): its own
 * while the board has queues, shared with other streams after that
 * (a shared queue keeps each stream's order; streams on it also wait
 * for each other).  Queues stay pooled until the device goes, so fence
 * memory another queue may still poll never disappears; a new stream
 * takes an idle pooled queue first.
 */
struct bh_rt_queue {
	/* Held from bh_rt_stream_lock to bh_rt_stream_unlock: one
	 * submission (its waits, its work, its fence) at a time, so that
	 * waited[], gate_next and the streams' last fences stay in order. */
	pthread_mutex_t lock;
	struct bh_queue *q;
	struct bh_rt_device *d;		/* its device */
	unsigned int index;		/* in the pool (0: the null stream's) */
	unsigned int users;		/* live streams on it */
	uint64_t blocking_last;		/* fence of the last operation of a blocking stream */
	uint32_t gate_next;		/* host operations: the next gate value */
	/* Fence of queue i of device d that this queue already waits for
	 * (no need to emit the same WAIT_REG_MEM again). */
	uint64_t waited[BH_RT_MAX_DEVICES][BH_RT_MAX_QUEUES];
};

/*
 * The stream behind handle @h (NULL and hipStreamLegacy: the null
 * stream; hipStreamPerThread: this thread's default stream), bringing
 * the device up.  A handle that is not a live stream is refused with
 * @invalid (what HIP returns for that call) and a message naming @api.
 */
hipError_t bh_rt_stream_get(hipStream_t h, const char *api, hipError_t invalid,
			    struct ihipStream_t **out);
/*
 * Around an operation on @s, from before bh_rt_stream_begin to after
 * bh_rt_stream_end (or its failure): the submission lock of its queue.
 * Never held across a host wait for the device, except the wait for a
 * producer on another device (bh_rt_queue_wait_queue).
 */
void bh_rt_stream_lock(struct ihipStream_t *s);
void bh_rt_stream_unlock(struct ihipStream_t *s);
/* The fence of @s's last operation (read from any thread). */
uint64_t bh_rt_stream_last(const struct ihipStream_t *s);
/* How many pooled queues @d has (they are only ever appended to until
 * the device goes: pool[0 .. that) may be read without a lock). */
unsigned int bh_rt_pool_count(const struct bh_rt_device *d);
/* Before an operation on @s: the legacy default stream's implicit order
 * (null stream work waits for the blocking streams and they for it),
 * as waits the queues' CPs execute. */
hipError_t bh_rt_stream_begin(struct ihipStream_t *s, const char *api);
/* After it: @seq is the fence that marks its completion. */
void bh_rt_stream_end(struct ihipStream_t *s, uint64_t seq);
/* Host waits: for @s (the null stream: with the blocking streams), for
 * what the null stream and the blocking streams have submitted (the
 * synchronous copies), for every stream (hipDeviceSynchronize). */
hipError_t bh_rt_stream_synchronize(struct ihipStream_t *s, const char *api);
hipError_t bh_rt_legacy_synchronize(struct bh_rt_device *d, const char *api);
/* A synchronous call's wait in a *_spt call: what this thread's default
 * stream on @d was given (if it has one) and the null stream's work
 * before now (which that blocking stream would wait for); not the other
 * threads' streams. */
hipError_t bh_rt_per_thread_synchronize(struct bh_rt_device *d, const char *api);
hipError_t bh_rt_streams_synchronize(struct bh_rt_device *d, const char *api);
/*
 * The *_spt forms of the stream calls (HIP_API_PER_THREAD_DEFAULT_STREAM):
 * the null stream is this thread's default stream.  hipStreamLegacy
 * still names the legacy one.
 */
static inline hipStream_t bh_rt_spt(hipStream_t stream)
{
	return stream ? stream : hipStreamPerThread;
}
/* Host wait for fence @seq of @rq: no timeout while host operations run
 * (their callbacks are user code), the loader's timeout otherwise. */
hipError_t bh_rt_queue_wait(struct bh_rt_queue *rq, uint64_t seq, const char *api);
/* 0 done, hipErrorNotReady, or the error that stopped the queue. */
hipError_t bh_rt_queue_query(struct bh_rt_queue *rq, uint64_t seq, const char *api);
/* @waiter's later work waits for fence @seq of @producer (deduplicated). */
hipError_t bh_rt_queue_wait_queue(struct bh_rt_queue *waiter, struct bh_rt_queue *producer,
				  uint64_t seq, const char *api);
/*
 * At device teardown, before the null queue goes: wait for every stream,
 * stop the host-operation thread, release events and streams.  All their
 * handles become invalid.  Safe to call when nothing was created.
 */
void bh_rt_streams_teardown(struct bh_rt_device *d);
/* Forget streams and events of a device that went without the above. */
void bh_rt_streams_check(struct bh_rt_device *d);

/* A loader error of @api's (its message prefixed with @api). */
hipError_t bh_rt_api_loader_error(const char *api, const struct bh_error *e,
				  hipError_t fallback);

/* event.c: every event goes (teardown); @device_alive: their memory may
 * be freed (else the device went first). */
void bh_rt_events_teardown(struct bh_rt_device *d, bool device_alive);

/*
 * Unlink and free() the nodes of device @dev from the list whose first
 * node *@head is (nodes linked by ->next, naming their device in ->d):
 * the live streams (stream.c) and events (event.c) of a device that goes.
 */
#define BH_RT_FREE_DEVICE_NODES(head, dev) do {				\
		for (__typeof__(*(head)) *p_ = (head); *p_;) {		\
			__typeof__(**(head)) *n_ = *p_;			\
									\
			if (n_->d == (dev)) {				\
				*p_ = n_->next;				\
				free(n_);				\
			} else {					\
				p_ = &n_->next;				\
			}						\
		}							\
	} while (0)

/*
 * hostop.c: work the host CPU does in stream order -- host functions,
 * copies and fills through the host's view of device memory.  The
 * stream's queue gets a marker (the operation may start once it
 * signals) and a WAIT_REG_MEM on a gate word (later work starts once
 * the operation has finished); a host thread runs the operation between
 * the two.  @run executes it; @done (optional) frees what it owns, also
 * when it is cancelled.
 */
struct bh_hostop {
	void (*run)(struct bh_hostop *op);
	void (*done)(struct bh_hostop *op);
	struct bh_rt_queue *rq;
	uint64_t after;			/* runs once rq's fence reaches this */
	uint32_t gate_value;		/* then the gate word of rq gets this */
	bool cancelled;
	/* Runs even when cancelled, with @status (a stream callback: it is
	 * told the stream's error, as hipStreamCallback_t promises). */
	bool run_on_error;
	hipError_t status;		/* hipSuccess, or why it was cancelled */
	struct bh_hostop *next;
	union {
		struct {
			hipHostFn_t fn;
			void *data;
		} call;
		struct {
			hipStreamCallback_t fn;
			hipStream_t stream;
			void *data;
		} callback;
		struct {	/* rows of @width bytes: dst/src advance by their
				 * pitch, and by their slice from one slice to the next */
			uint8_t *dst;
			const uint8_t *src;
			size_t dpitch, spitch, width, height;
			size_t depth, dslice, sslice;
			void *staging;	/* freed when done */
		} copy;
		struct {
			uint8_t *dst;
			uint32_t value;
			size_t unit, count;	/* @count elements of @unit bytes */
		} fill;
	} u;
};
/*
 * Copy @depth slices of @height rows of @width bytes (rows @dpitch /
 * @spitch apart, slices @dslice / @sslice); every byte of both boxes is
 * checked against the allocations before any moves.  On @stream when
 * @async, else synchronously in @stream's order: NULL, the legacy
 * default stream's; hipStreamPerThread, this thread's (memory.c).
 */
hipError_t bh_rt_copy3d(const char *api, void *dst, size_t dpitch, size_t dslice,
			const void *src, size_t spitch, size_t sslice, size_t width,
			size_t height, size_t depth, hipMemcpyKind kind, bool async,
			hipStream_t stream);

/* Queue @op (allocated with malloc; hostop owns it from here) on @s. */
hipError_t bh_rt_hostop_submit(struct ihipStream_t *s, struct bh_hostop *op, const char *api);
/* Whether a host operation is running, and how many have finished
 * (without host threads it runs those that are ready first). */
void bh_rt_hostop_activity(bool *running, uint64_t *finished);
/* Without host threads: run the host operations that are ready, here.
 * With them: nothing (the host operation thread runs them). */
void bh_rt_hostop_pump(void);
/*
 * The queue of @rq stopped with @status: its operations that have not run
 * are dropped, except stream callbacks, which run with @status; then wait
 * (up to the fence timeout) until none of them is left, so that a
 * synchronisation that reports the error has also called the callbacks.
 */
void bh_rt_hostop_cancel(struct bh_rt_queue *rq, hipError_t status);
/* Stop the host thread (after cancelling what is left); free the gates
 * (@device_alive; else the device went first). */
void bh_rt_hostop_shutdown(struct bh_rt_device *d, bool device_alive);

/*
 * graph.c: stream capture.  While @s captures, its launches, copies,
 * fills and host functions become graph nodes (these return what the
 * API call returns); event records and waits link the streams of one
 * capture; synchronising calls on it are refused (bh_rt_capture_forbid).
 */
bool bh_rt_capturing(const struct ihipStream_t *s);
hipError_t bh_rt_capture_kernel(const char *api, struct ihipStream_t *s,
				const struct bh_kernel *k, dim3 grid, dim3 block, size_t shared,
				const struct bh_launch *l);
hipError_t bh_rt_capture_copy(const char *api, struct ihipStream_t *s, void *dst, size_t dpitch,
			      size_t dslice, const void *src, size_t spitch, size_t sslice,
			      size_t width, size_t height, size_t depth, hipMemcpyKind kind);
hipError_t bh_rt_capture_fill(const char *api, struct ihipStream_t *s, void *dst, uint32_t value,
			      size_t unit, size_t count);
hipError_t bh_rt_capture_host(const char *api, struct ihipStream_t *s, hipHostFn_t fn,
			      void *data);
hipError_t bh_rt_capture_event_record(struct ihipStream_t *s, const void *event);
hipError_t bh_rt_capture_event_wait(struct ihipStream_t *s, const void *event, bool *handled);
hipError_t bh_rt_capture_forbid(const char *api, struct ihipStream_t *s);
/* stream.c: every live stream in capture @c leaves it (graph.c's
 * bh_rt_capture_leave_if on each). */
void bh_rt_streams_capture_leave(const void *c);
void bh_rt_capture_leave_if(struct ihipStream_t *s, const void *c);

/* array.c: a driver-style 3-D copy (HIP_MEMCPY3D) as a hipMemcpy3DParms
 * of pitched pointers (an array side resolved to its memory, checked). */
hipError_t bh_rt_drv3d_params(const char *api, const HIP_MEMCPY3D *c, hipMemcpy3DParms *p,
			      size_t slice[2]);
/* array.c: hipMemcpy3D's parameters with an array side (srcArray or
 * dstArray) as the same copy between pitched pointers: positions and
 * the width in bytes, the array's box checked against it. */
hipError_t bh_rt_array_params(const char *api, const hipMemcpy3DParms *in, hipMemcpy3DParms *out,
			      size_t slice[2]);
/* @slice: the source's and destination's slice strides where an array
 * side's slices are not pitch * ysize apart (a level of a layered or 3-D
 * mip chain), else 0. */
/* mem3d.c: a hipMemcpy3D of pitched pointers, with such slice strides. */
hipError_t bh_rt_copy3d_params(const char *api, const hipMemcpy3DParms *p, const size_t slice[2],
			       bool async, hipStream_t stream);
/* array.c: forget @d's arrays (the device goes; bh_rt_free_all frees
 * their memory). */
void bh_rt_arrays_teardown(struct bh_rt_device *d);
/* memory.c: @size bytes of device memory on @d for an array (listed,
 * marked so that hipFree refuses it); its release, as hipFree's (after
 * the device's streams; on failure it stays allocated and listed). */
hipError_t bh_rt_array_mem_alloc(const char *api, struct bh_rt_device *d, size_t size,
				 struct bh_allocation **out);
hipError_t bh_rt_array_mem_free(const char *api, struct bh_allocation *a);

#endif
