/* SPDX-License-Identifier: MIT */
/*
 * The simulated AMD GPU ("sim" board), as a host program sees it.
 *
 * The model is a board, not a mock: the host talks to it only through
 * the same things it would have on hardware — GPU memory (VRAM and
 * GART-mapped system pages), a compute queue programmed like an HQD
 * (ring base/size, rptr report address, wptr), and a doorbell.  The
 * model's command processor (queue.c, with the PM4 and AQL packet
 * processors cp.c and aql.c) reads packets from the ring through the
 * GPU address space, programs its SH register file, and launches waves
 * that execute the kernel's real machine code.
 *
 * Nothing here knows about ELF, HIP or kernargs.  Everything the model
 * does not implement is reported as a fault; it never guesses.
 */
#ifndef BH_SIM_H
#define BH_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The modelled targets: each names its row of bh_sim_targets[]. */
enum bh_sim_gfx {
	BH_SIM_GFX90A,	/* CDNA2 (MI200 class) */
	BH_SIM_GFX942,	/* CDNA3 (MI300 class) */
	/*
	 * RDNA3 / 3.5, wave32 (and wave64 where a kernel asks).  Kconfig
	 * can select each; make check runs every device test on gfx1100
	 * (tests/gfx11/gfx11.mk) but not yet on the others.
	 */
	BH_SIM_GFX1100,	/* Navi 31: Radeon RX 7900, PRO W7900 */
	BH_SIM_GFX1103,	/* Phoenix: Radeon 780M */
	BH_SIM_GFX1151,	/* Strix Halo: Radeon 8060S */
	BH_SIM_GFX_COUNT
};

struct bh_sim;
struct bh_sim_isa;	/* a decode table: the model's own (model.h) */

/*
 * One modelled GPU, one row (targets.c): its identity, the clocks and
 * CU limits the board reports, and the feature bits the model reads
 * (sim->target->...) instead of comparing targets.  The sim backend
 * (loader/platform/sim.c) and barehip-sim (boards/sim/server.c) report
 * a row as the device; a new target is a new row, and a new generation
 * adds its decode table and the instruction files that differ.
 */
struct bh_sim_target {
	enum bh_sim_gfx gfx;		/* its index in bh_sim_targets[] */
	const char *name;		/* code-object target, e.g. "gfx90a" */
	uint32_t mach;			/* ELF e_flags EF_AMDGPU_MACH */
	uint32_t gfx_version;		/* major*10000 + minor*100 + step */
	uint64_t clock_hz;		/* shader clock the board reports */
	uint64_t timestamp_hz;		/* s_memrealtime / RELEASE_MEM timestamps */
	unsigned num_cus;		/* the part's CUs (MI210, MI300X, RX 7900 XTX,
					 * Radeon 780M, Radeon 8060S) */
	bool xnack, sramecc;		/* target features of the code it runs */
	/* The product the row stands for and its caches, as ROCm reports
	 * them (rocminfo, hipDeviceProp_t); the model runs no caches, the
	 * sizes are what a program tuning for the part reads. */
	const char *product;		/* marketing name */
	unsigned l1_bytes;		/* vector L1 (gfx11: L0) per CU */
	unsigned l2_bytes;		/* L2 (MI300X: one XCD's, as ROCm reports) */
	unsigned l3_bytes;		/* Infinity Cache / MALL; 0: none */
	/* Feature bits. */
	bool architected_scratch;	/* flat scratch from DISPATCH_SCRATCH_BASE:
					 * no PSB V#, no scratch wave offset SGPR */
	bool scratch_sve;		/* SCRATCH_* use the VGPR address when SVE is
					 * set (gfx940), else when SADDR is off */
	/* The CP and SPI registers that moved between generations. */
	bool acquire_gcr;		/* ACQUIRE_MEM is the gfx10+ 8-dword form with
					 * GCR_CNTL in dw7 (else gfx9's 7 dwords) */
	uint32_t reg_pgm_rsrc3;		/* COMPUTE_PGM_RSRC3 dword address */
	bool rsrc3_accum_offset;	/* RSRC3[5:0] is ACCUM_OFFSET (gfx90a/gfx940);
					 * else RSRC3 is gfx11's (SHARED_VGPR_CNT,
					 * INST_PREF_SIZE, TRAP_ON_START/END, ...) */
	unsigned tmpring_unit;		/* TMPRING_SIZE.WAVESIZE unit, bytes */
	uint32_t tmpring_wavesize_mask;	/* WAVESIZE field width at bit 12 */
	bool tmpring_waves_per_se;	/* TMPRING_SIZE.WAVES counts per shader engine */
	unsigned shader_engines;	/* the part's SEs (what the board reports) */
	bool msg_dealloc_vgprs;		/* s_sendmsg 3 is MSG_DEALLOC_VGPRS (gfx11+) */
	bool swizzle_fft_rotate;	/* ds_swizzle's FFT and rotate modes, offset
					 * >= 0xc000 (gfx9+: LLVM's AsmParser takes
					 * swizzle(FFT,..)/(ROTATE,..) from GFX9 on) */
	/* The CU, which bounds the workgroups resident at once. */
	unsigned wave_size;		/* lanes of the target's native waves (HIP's
					 * warpSize): 64 on gfx9, 32 on gfx11 */
	bool wave32;			/* COMPUTE_DISPATCH_INITIATOR.CS_W32_EN picks
					 * wave32, else wave64 (gfx10+); gfx9: wave64 only */
	unsigned simds_per_cu;
	unsigned waves_per_simd;	/* wave slots per SIMD */
	unsigned vgprs_per_simd;	/* per lane, shared by its waves, at wave_size
					 * (a gfx11 wave64 counts each of its VGPRs twice) */
	unsigned vgpr_granule;		/* RSRC1.VGPRS unit (arch + acc), at wave_size */
	unsigned vgpr_alloc_granule;	/* what a wave takes from vgprs_per_simd is
					 * rounded up to this, at wave_size */
	unsigned lds_per_cu;		/* bytes */
	unsigned lds_per_workgroup;	/* bytes */
	unsigned lds_granule;		/* RSRC2.LDS_SIZE unit, bytes */
	unsigned wgs_per_cu;		/* workgroup (barrier) slots */
	unsigned max_workgroup_size;	/* work-items */
	const struct bh_sim_isa *isa;	/* the decoder's opcode table */
};

extern const struct bh_sim_target bh_sim_targets[BH_SIM_GFX_COUNT];

/* The row of target @name ("gfx942") or @mach; NULL if not modelled. */
const struct bh_sim_target *bh_sim_target_by_name(const char *name);
const struct bh_sim_target *bh_sim_target_by_mach(uint32_t mach);
/* The CUs a board modelling @t reports: @cfg_cus (Kconfig's
 * SIM_NUM_CUS) when @t is the configured target @cfg_name, else the
 * part's own count, so BAREHIP_SIM_GFX=gfx1100 on a gfx90a build is a
 * 96-CU gfx1100, not a 104-CU one. */
unsigned bh_sim_target_cus(const struct bh_sim_target *t, const char *cfg_name,
			   unsigned cfg_cus);
/* The modelled targets' names joined by @sep, in @buf (for messages). */
const char *bh_sim_target_names(char *buf, size_t size, const char *sep);
/* The target board @sim models. */
const struct bh_sim_target *bh_sim_get_target(const struct bh_sim *sim);

/*
 * Fixed board facts: where VRAM and the GART aperture sit in the GPU
 * virtual address space, and the flat apertures (SH_MEM_BASES) that
 * src_shared_base / src_private_base report.  Real drivers choose the
 * apertures per VMID; these values mirror the 64-bit layout amdgpu
 * uses on gfx9 (apertures above the 48-bit GPUVM range).
 */
#define BH_SIM_VRAM_BASE	0x0000001000000000ull
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define BH_SIM_UNDER_TSAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) || defined(BH_SIM_UNDER_TSAN)
/*
 * The in-process board maps host memory at its GART address (one pointer
 * for CPU and GPU).  ThreadSanitizer's x86_64 layout keeps its shadow and
 * metadata above 0x0100'0000'0000 and refuses application mappings there,
 * so a TSan build puts the aperture in TSan's low application range:
 * 256 GiB at 256 GiB, above VRAM (which must then end below 256 GiB).
 */
#define BH_SIM_GART_BASE	0x0000004000000000ull
#define BH_SIM_GART_SIZE	0x0000004000000000ull
#else
#define BH_SIM_GART_BASE	0x0000400000000000ull
#define BH_SIM_GART_SIZE	0x0000100000000000ull
#endif
/* The largest VRAM that fits below the GART aperture (192 GiB, an
 * MI300X's, in every build). */
#define BH_SIM_VRAM_MAX_MB	196608u
#define BH_SIM_SHARED_APERTURE	0x1000000000000000ull	/* LDS   */
#define BH_SIM_PRIVATE_APERTURE	0x2000000000000000ull	/* scratch */
#define BH_SIM_APERTURE_SIZE	0x0000000100000000ull	/* 4 GiB each */

#define BH_SIM_MAX_QUEUES	8

struct bh_sim_dispatch_stats;

struct bh_sim_config {
	enum bh_sim_gfx gfx;		/* the target: a row of bh_sim_targets[] */
	uint64_t vram_size;		/* bytes, multiple of 4096 */
	unsigned num_cus;		/* reported, and bounds waves in flight */
	uint64_t max_instructions;	/* per dispatch watchdog; 0 = none */
	/*
	 * Deadlock detection: this many wave instructions in a row without
	 * progress (a store to global or LDS memory, an atomic that changed
	 * memory, a global load from an address other than the wave's
	 * previous one, a wave ending, a barrier releasing, a workgroup
	 * starting)
	 * stop the dispatch with BH_SIM_FAULT_DEADLOCK.  0 = off.  With more
	 * than 256 live waves the window grows with them (window / 256
	 * instructions per live wave).
	 */
	uint64_t deadlock_window;
	/*
	 * Instruction trace to stderr: 0 off, 1 every wave, 2 only wave
	 * trace_wave of workgroup trace_wg.
	 */
	int trace;
	unsigned trace_wg[3], trace_wave;
	/*
	 * Host threads that run a dispatch's workgroups (Kconfig
	 * SIM_THREADS, BAREHIP_SIM_THREADS): 0 = one per online core.
	 * 1 runs every wave on the dispatching thread in one fixed order;
	 * a trace always runs so.
	 */
	unsigned threads;
	/*
	 * Called on the board's thread when a dispatch ends, and every
	 * progress_ns of host time while one runs (0: never), with its
	 * counters; NULL: not called.  They must not call into the board.
	 */
	void (*dispatch_done)(void *ctx, const struct bh_sim_dispatch_stats *st);
	void (*progress)(void *ctx, const struct bh_sim_dispatch_stats *st);
	void *stats_ctx;
	uint64_t progress_ns;
};

enum bh_sim_fault_kind {
	BH_SIM_FAULT_NONE = 0,
	BH_SIM_FAULT_ILLEGAL_INSTRUCTION,	/* unknown or unimplemented */
	BH_SIM_FAULT_MEMORY,			/* unmapped / out of range */
	BH_SIM_FAULT_BAD_PACKET,		/* PM4 the CP cannot execute */
	BH_SIM_FAULT_TRAP,			/* s_trap 2 (llvm.trap) */
	BH_SIM_FAULT_WATCHDOG,			/* max_instructions exceeded */
	BH_SIM_FAULT_BAD_STATE,			/* bad register programming */
	BH_SIM_FAULT_DEADLOCK,			/* resident waves make no progress */
};

enum bh_sim_access {
	BH_SIM_ACCESS_NONE = 0,
	BH_SIM_ACCESS_READ,
	BH_SIM_ACCESS_WRITE,
	BH_SIM_ACCESS_ATOMIC,	/* read-modify-write */
};

struct bh_sim_fault {
	enum bh_sim_fault_kind kind;
	unsigned queue;
	uint64_t pc;		/* GPU VA of the faulting instruction */
	uint32_t dwords[3];	/* raw instruction (or packet) dwords */
	uint64_t address;	/* faulting memory address, if any */
	enum bh_sim_access access;	/* memory faults: what the access was */
	unsigned workgroup[3];	/* workgroup id of the faulting wave */
	unsigned wave;		/* wave index inside the workgroup */
	char message[256];	/* one line, human readable */
};

struct bh_sim_stats {
	uint64_t packets;
	uint64_t dispatches;
	uint64_t workgroups;
	uint64_t waves;
	uint64_t instructions;	/* wave instructions issued */
	/* Wave instructions by class (they add up to instructions). */
	uint64_t salu, smem, valu, lds, vmem, control;
	uint64_t valu_lane_ops;	/* VALU instructions x active lanes */
	uint64_t lds_bytes;	/* moved by DS loads and stores (active lanes) */
	uint64_t global_bytes;	/* moved by FLAT/GLOBAL loads and stores, not scratch */
	uint64_t global_read;	/* of them, loaded */
	uint64_t global_written;	/* of them, stored */
};

/*
 * One dispatch's counters (bh_sim_config.dispatch_done, .progress): what
 * the kernel at @pc did with a grid of @groups workgroups of @block
 * work-items, and the host time since its packet.
 */
struct bh_sim_dispatch_stats {
	unsigned queue;
	uint64_t pc;			/* the kernel's first instruction */
	uint32_t groups[3], block[3];
	uint64_t total_groups;		/* in the grid */
	uint64_t workgroups, waves;	/* started so far */
	uint64_t groups_done;		/* ended so far */
	uint64_t instructions;		/* wave instructions */
	uint64_t valu_lane_ops;
	uint64_t global_read, global_written, lds_bytes;
	uint64_t host_ns;
	bool faulted;
};

/*
 * The model's host threads (bh_sim_config.threads) from @env, the
 * value of BAREHIP_SIM_THREADS (NULL or empty: @dflt, Kconfig's
 * SIM_THREADS): a count 0..256, 0 meaning one per online core.
 * 0, or -1 with @why (256 bytes) saying what is wrong.
 */
int bh_sim_threads_setting(const char *env, unsigned dflt, unsigned *threads, char *why);

/*
 * A count of wave instructions (the deadlock window, the watchdog) from
 * @env, the value of the environment variable @name: NULL or empty
 * leaves *@count as it is.  0, or -1 with @why (256 bytes) naming
 * @name and what is wrong.
 */
int bh_sim_count_setting(const char *name, const char *env, uint64_t *count, char *why);

/*
 * The board's VRAM size in bytes (bh_sim_config.vram_size) from @env,
 * the value of BAREHIP_SIM_VRAM_MB (NULL or empty: @dflt_mb, Kconfig's
 * SIM_VRAM_MB): MiB, 16 .. BH_SIM_VRAM_MAX_MB.  The model reserves it
 * without committing memory, so a large board costs address space
 * until kernels touch it.  0, or -1 with @why (256 bytes) saying what
 * is wrong.
 */
int bh_sim_vram_setting(const char *env, unsigned dflt_mb, uint64_t *bytes, char *why);

/* Returns NULL and fills @why (if non-NULL, 256 bytes) on failure. */
struct bh_sim *bh_sim_create(const struct bh_sim_config *cfg, char *why);
void bh_sim_destroy(struct bh_sim *sim);

/* Host (CPU) view of VRAM: BH_SIM_VRAM_BASE + off is vram + off. */
void *bh_sim_vram(struct bh_sim *sim);
uint64_t bh_sim_vram_size(const struct bh_sim *sim);

/*
 * GART: map host memory at a GPU VA inside the GART aperture.  @gpu_va,
 * @host and @size must be 4 KiB aligned.  Returns 0 or -1.
 */
int bh_sim_gart_map(struct bh_sim *sim, uint64_t gpu_va, void *host,
		    uint64_t size);
int bh_sim_gart_unmap(struct bh_sim *sim, uint64_t gpu_va);

/*
 * The process VM a KFD gives (the fake KFD, barehip-kfdsim): host pages
 * mapped at any 4 KiB-aligned GPU VA below BH_SIM_VM_LIMIT (the 47-bit
 * user range, where GPU VA = CPU VA) that overlaps neither VRAM's window
 * nor another mapping.  Returns 0 or -1.
 */
#define BH_SIM_VM_LIMIT	0x0000800000000000ull
int bh_sim_vm_map(struct bh_sim *sim, uint64_t gpu_va, void *host, uint64_t size);
/*
 * The same for memory that is the GPU's own (a KFD VRAM BO), which only
 * GPU work writes while a kernel runs: a wave spinning on it waits for
 * other waves, and if none comes it is a deadlock, as on the board's VRAM
 * (host memory, mapped by bh_sim_vm_map or bh_sim_gart_map, the host
 * may still write: the asynchronous board waits for it).
 */
int bh_sim_vm_map_vram(struct bh_sim *sim, uint64_t gpu_va, void *host, uint64_t size);
int bh_sim_vm_unmap(struct bh_sim *sim, uint64_t gpu_va);

/*
 * Program compute queue @qid (what the driver does with an MQD):
 * ring at @ring_va of @ring_bytes (power of two, >= 1024, 256-byte
 * aligned), the CP writes its 32-bit dword rptr to @rptr_va.
 * Returns 0 or -1.
 */
int bh_sim_queue_init(struct bh_sim *sim, unsigned qid, uint64_t ring_va,
		      uint32_t ring_bytes, uint64_t rptr_va);
void bh_sim_queue_fini(struct bh_sim *sim, unsigned qid);

/*
 * Program compute queue @qid as an AQL queue (HSA packet processor):
 * @ring_va holds @packets 64-byte packets (a power of two >= 4, ring
 * 64-byte aligned); the CP publishes its 64-bit read index at
 * @read_index_va and passes @queue_va (an amd_queue_t, or 0) to kernels
 * that ask for the queue pointer.  Dispatches that need scratch use
 * @scratch_va / @scratch_bytes (256-byte aligned; 0 bytes: none).  The
 * doorbell then carries the 64-bit packet write index.  Returns 0 or -1.
 */
struct bh_sim_aql_queue {
	uint64_t ring_va;
	uint32_t packets;
	uint64_t read_index_va;
	uint64_t queue_va;
	uint64_t scratch_va, scratch_bytes;
};
int bh_sim_queue_init_aql(struct bh_sim *sim, unsigned qid, const struct bh_sim_aql_queue *aq);

/*
 * Give queue @qid the first @count of the GPU's global wave sync (GWS)
 * resources (0: take them away), as KFD's ALLOC_QUEUE_GWS does for the
 * one queue of a process that may use them.  The ds_gws_* instructions
 * of its waves reach resources 0..@count-1 (model.h: struct sim_gws);
 * any other resource id, or a queue without GWS, is a fault.  The
 * resources' state starts zero and lasts until the queue is
 * re-initialised or loses them: it survives dispatches (a resource can be
 * set up by one kernel and used by the next).  Returns 0, or -1 for a bad
 * @qid or @count.
 */
#define BH_SIM_GWS_RESOURCES	64
int bh_sim_queue_set_gws(struct bh_sim *sim, unsigned qid, unsigned count);

/*
 * Run the board beside the host: start its CP thread.  Until then (and
 * if this is never called) the board is synchronous: a doorbell runs the
 * CP on the caller's thread until the queue is drained, stalled or
 * faulted -- deterministic, for debugging, tracing and unit tests.  Once
 * started, a doorbell records the write pointer and returns; the CP
 * thread goes round the queues with work, re-polls stalled queues by
 * itself (every 20 us to 1 ms) and raises interrupts and faults as it
 * goes (bh_sim_wait_event).  bh_sim_destroy stops it, stopping a running
 * dispatch.  Every bh_sim_* call is safe from any host thread in both
 * modes.  Returns 0, or -1 if the thread cannot be created.
 */
int bh_sim_start(struct bh_sim *sim);
bool bh_sim_is_async(struct bh_sim *sim);

/*
 * Doorbell write: @wptr is the new 64-bit dword write pointer (AQL: the
 * packet write index).  A synchronous board runs its CP here until the
 * queue is drained, stalled or faulted; an asynchronous one wakes its CP
 * thread and returns.  A faulted queue stops fetching until reset or
 * re-initialised.
 */
void bh_sim_doorbell(struct bh_sim *sim, unsigned qid, uint64_t wptr);

/*
 * Re-run queues stalled on WAIT_REG_MEM (the host changed memory they
 * poll).  A doorbell on any queue does the same; an asynchronous board's
 * CP also does it by itself, and this only wakes it.  Returns how many
 * queues are still stalled (asynchronous: as last seen).
 */
unsigned bh_sim_poll(struct bh_sim *sim);

/*
 * Sleep until the board raises an interrupt or a queue faults after the
 * event count @*seen, or @timeout_ns passes; @*seen becomes the count.
 * 1 if something happened, 0 on timeout.  Start with *seen = 0: the
 * first call returns at once if anything ever happened (a waiter looks
 * at its fence again, then sleeps for what comes next).
 */
int bh_sim_wait_event(struct bh_sim *sim, uint64_t *seen, uint64_t timeout_ns);

enum bh_sim_queue_state {
	BH_SIM_QUEUE_INACTIVE,	/* never initialised, or finished */
	BH_SIM_QUEUE_IDLE,	/* everything up to the last doorbell done */
	BH_SIM_QUEUE_STALLED,	/* waiting on WAIT_REG_MEM */
	BH_SIM_QUEUE_ERROR,	/* stopped by a fault; see bh_sim_take_fault */
	BH_SIM_QUEUE_BUSY,	/* the CP runs its work (asynchronous board): the
				 * packets up to the last doorbell are not all done */
};

/* The state of queue @qid and its dword read pointer (if @rptr). */
enum bh_sim_queue_state bh_sim_queue_status(const struct bh_sim *sim, unsigned qid,
					    uint64_t *rptr);

/*
 * Clear a queue's error (or stall): the packets between its read pointer
 * and the last doorbell are dropped, as a driver's queue reset does, and
 * the next doorbell runs new work.  A dispatch of it running now is
 * stopped first (its waves go, as a queue preemption's would).  Returns
 * 0, or -1 for a bad @qid.  bh_sim_queue_init* and bh_sim_queue_fini
 * stop a running dispatch of the queue the same way.
 */
int bh_sim_queue_reset(struct bh_sim *sim, unsigned qid);

/*
 * 1 and fills @out if a fault is pending (and clears it); else 0.  The
 * first takes any fault (work run outside a queue first, then queues in
 * order); the second only the fault that stopped queue @qid.
 */
int bh_sim_take_fault(struct bh_sim *sim, struct bh_sim_fault *out);
int bh_sim_take_queue_fault(struct bh_sim *sim, unsigned qid, struct bh_sim_fault *out);

/* A fault kind in words, e.g. "memory violation". */
const char *bh_sim_fault_name(enum bh_sim_fault_kind kind);

/*
 * Interrupts raised by RELEASE_MEM INT_SEL 1/2 (and friends): 1 and
 * the INT_CTXID in @ctxid if one is pending (and pops it); else 0.
 */
int bh_sim_take_interrupt(struct bh_sim *sim, uint32_t *ctxid);

/* GPU timestamp (RELEASE_MEM DATA_SEL 3, s_memrealtime): host time at the
 * target's constant bh_sim_clock_hz(), counted from bh_sim_create. */
uint64_t bh_sim_clock(const struct bh_sim *sim);
uint64_t bh_sim_clock_hz(const struct bh_sim *sim);
/*
 * The shader clock (s_memtime, HIP's clock64()): BH_SIM_CYCLES_PER_INSN
 * cycles per wave instruction the device has issued, so it is monotonic
 * and its differences measure the work done in between (the model runs
 * one wave at a time, so that is the device's work, not one wave's).
 */
#define BH_SIM_CYCLES_PER_INSN 4
uint64_t bh_sim_shader_clock(const struct bh_sim *sim);

void bh_sim_get_stats(const struct bh_sim *sim, struct bh_sim_stats *out);

#ifdef __cplusplus
}
#endif
#endif /* BH_SIM_H */
