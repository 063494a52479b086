/* SPDX-License-Identifier: MIT */
/*
 * Internals of the sim board's GPU model: the board (memory, queues, SH
 * registers, faults), waves and their registers, and decoded
 * instructions.  Each file owns one part: sim.c (the board, faults),
 * targets.c (the modelled targets: everything that differs between
 * them), mem.c (address translation), queue.c (the queue front end:
 * HQD state, doorbell, poll, reset, fault parking, interrupts), cp.c
 * (PM4 packets) and aql.c (AQL packets), dispatch.c (workgroups and
 * waves), decode.c, decode_gfx11.c and decode_common.[ch] (encodings),
 * operand.[ch] (operands), fpmode.[ch] (MODE's FP controls), trace.c
 * (the instruction trace), and the instruction semantics: exec_salu.c
 * (scalar), exec_mem.c (vector memory) and the VALU by ISA section --
 * exec_valu_src.c (DPP, lane access, AccVGPRs), exec_valu_int.c,
 * exec_valu_f32.c, exec_valu_f64.c, exec_valu_f16.c, exec_valu_cmp.c
 * (VOPC), exec_valu_div.c (division support) and exec_vpacked.c (VOP3P,
 * v_fma_f16), on the shared operand helpers of valu.h; gws.c (the global
 * wave sync resources and their ds_gws_* instructions); pool.c (the host
 * threads a dispatch runs on, docs/architecture.md "Host threads").
 */
#ifndef BH_SIM_MODEL_H
#define BH_SIM_MODEL_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "sim.h"

#define WAVE_LANES	64
#define NUM_SGPRS	102	/* gfx9 user-addressable SGPRs (s0..s101): the fast path */
#define SGPR_SLOTS	106	/* gfx10+ address s0..s105 (struct bh_sim_isa.nsgprs) */
#define MAX_VGPRS	512	/* gfx90a/942: 256 ArchVGPRs + 256 AccVGPRs */
#define MAX_WAVES_PER_WG 32	/* 1024 threads / 32 (wave32) */
/* The CU's occupancy limits are the target's (struct bh_sim_target). */
/* Host memory the resident workgroups' VGPRs may take (the model's own
 * limit; a dispatch that would need more runs fewer groups at once). */
#define RESIDENT_VGPR_BYTES	(512ull << 20)
/* Host ranges mapped into the GPU address space (GART pages, and the
 * process VM of the fake KFD): at most this many at once. */
#define MAP_SLOTS	65536
#define IRQ_SLOTS	64
#define SH_REG_BASE	0x2c00
#define SH_REG_COUNT	0x400
#define OPKEYS		1024	/* opcode keys per format (VOP3 space) */

struct opdesc;

/*
 * A target's opcode table (decode.c): its rows (generated from llvm-mc
 * encodings), indexed by format and opcode key on first use.
 */
struct bh_sim_isa {
	const struct opdesc *rows;
	size_t nrows;
	const struct opdesc *(*table)[OPKEYS];	/* [FMT_COUNT], from rows */
	bool *ready;				/* table is filled */
	unsigned gen;				/* 9 or 11: whose encodings (decoder) */
	/*
	 * The scalar operand codes that differ between generations (gfx9
	 * ISA "Scalar Operands"; RDNA3 ISA, the SSRC/SDST table): operand.c
	 * reads them here, the handlers never compare generations.
	 */
	uint16_t op_m0;			/* 124 on gfx9, 125 on gfx11 */
	uint16_t op_null;		/* gfx11 124 (reads 0, writes dropped); gfx9 OP_NONE */
	uint16_t saddr_off;		/* FLAT/GLOBAL/SCRATCH SADDR "off": 0x7f; gfx11 NULL */
	uint16_t nsgprs;		/* s0..s(n-1): 102 on gfx9, 106 on gfx10+ */
	bool flat_scratch_ops;		/* 102/103 are FLAT_SCRATCH_LO/HI (gfx9) */
	bool vccz_ops;			/* 251/252 are VCCZ/EXECZ (gfx9; reserved on gfx11) */
	uint16_t hwreg_hw_id;		/* s_getreg id of gfx9 HW_ID (4); gfx11 OP_NONE */
	uint16_t hwreg_shader_cycles;	/* s_getreg id of SHADER_CYCLES (gfx10.3+: 29);
					 * gfx9 OP_NONE */
	bool dpp_rows;			/* DPP16 as gfx10+: row_share/row_xmask, no
					 * wave_* or row_bcast (valu.h dpp_lane) */
};
#define OP_NONE	0xffff			/* no such operand code in this generation */
extern const struct bh_sim_isa isa_gfx90a, isa_gfx942;
/* gfx11 (RDNA3) tables, decode_gfx11.c. */
extern const struct bh_sim_isa isa_gfx1100, isa_gfx1103, isa_gfx1151;

struct dispatch_job;

struct gart_map {
	uint64_t va, size;
	uint8_t *host;
	bool local;		/* the GPU's own memory (bh_sim_vm_map_vram) */
};

/*
 * The global wave sync (GWS) resources a queue owns (gws.c).  Each is a
 * counter with a barrier flag, as the ISA manuals' DS_GWS_* pseudocode
 * keeps it: a barrier resource releases its waiting waves when the last
 * participant arrives (the counter, set to participants - 1, has counted
 * down to 0), a semaphore resource lets a waiting wave through when the
 * counter is above 0.  On hardware the state is per VMID (KFD gives it to
 * one queue of a process); here it lives with the queue it was given to.
 */
enum gws_type { GWS_NONE, GWS_BARRIER, GWS_SEMAPHORE };

struct gws_resource {
	uint32_t counter;
	bool flag;		/* flips each time the barrier releases */
	uint8_t type;		/* enum gws_type: what the last operation made it */
	uint32_t waiting;	/* waves enqueued on it now */
};

struct sim_gws {
	unsigned count;		/* resources 0..count-1 belong to the queue */
	struct gws_resource r[BH_SIM_GWS_RESOURCES];
};

struct sim_queue {
	bool active, faulted;
	bool fault_held;	/* @fault not yet taken by the host */
	struct bh_sim_fault fault;	/* what stopped this queue */
	bool stalled;		/* on a false WAIT_REG_MEM, an AQL barrier, an unwritten packet */
	bool aql;		/* AQL packets (aql.c), else PM4 (cp.c) */
	uint64_t wptr;		/* the last doorbell's write pointer (AQL: packet index) */
	uint64_t ring_va;
	uint32_t ring_dwords;	/* ring size in dwords (AQL: in 64-byte packets) */
	uint64_t rptr_va;	/* where the CP reports rptr (AQL: the 64-bit read index) */
	uint64_t rptr;		/* dwords (AQL: packets) consumed, monotonic */
	uint64_t aql_queue_va;	/* AQL: the queue ptr user SGPR (amd_queue_t) */
	uint64_t aql_scratch_va, aql_scratch_bytes;	/* AQL: scratch backing */
	uint32_t sh[SH_REG_COUNT];	/* this queue's SH registers */
	struct sim_gws gws;		/* its GWS resources (none: count 0) */
	/*
	 * The front end's view (queue.c), under sim->mu.  While @busy, one
	 * thread (the CP running a step, or a host call reprogramming the
	 * queue) owns the run state above (wptr, rptr, stalled, faulted, sh,
	 * gws) without the lock; everyone else reads the published copies.
	 */
	bool busy;
	uint64_t db_wptr;		/* the last doorbell's write pointer */
	uint64_t pub_rptr;		/* rptr, stalled, faulted after the last step */
	bool pub_stalled, pub_faulted;
	unsigned poll_pass;		/* the CP's poll pass that last ran it stalled */
	/* A dispatch of the queue runs beside others (dispatch_start): the
	 * queue stays busy, its rptr at the packet, until the dispatch ends
	 * (sim_cp_dispatch_done).  @abort (atomic) stops it: a reset. */
	bool inflight;
	int abort;
};

/*
 * A host thread running workgroups of a dispatch (dispatch.c).  Worker 0
 * is the thread that calls dispatch_direct; the others are persistent
 * threads made with the board.  Each keeps its own counters and decoded
 * instructions; what others read of it goes through the pub_* fields
 * (atomics), written at the end of each of its scheduling rounds.
 */
struct sim_worker {
	struct bh_sim *sim;
	unsigned id;
	pthread_t thread;		/* not worker 0 */
	bool started;			/* thread runs */
	struct icache *icache;		/* decoded instructions, per dispatch */
	struct bh_sim_stats stats;	/* this dispatch's, merged into sim->stats */
	uint64_t flushed;		/* of stats.instructions, in sim->clock_insns */
	uint64_t since_progress;	/* its wave instructions since its last progress */
	uint64_t progress_marks;	/* wave_progress calls: did anything change */
	/* Published at the end of each round (relaxed; pub_rounds release). */
	uint64_t pub_insns, pub_marks, pub_since, pub_live, pub_rounds;
	bool pub_host_wait;		/* a wave of its polls host memory (dispatch.c) */
	uint64_t seen_rounds;		/* worker 0's deadlock detector: its pub_rounds */
	uint64_t stats_insns;		/* of stats.instructions, added to sim->stats */
	uint64_t job_from;		/* stats.instructions when its round of a dispatch began */
	unsigned code_gen;		/* sim->code_gen its icache was flushed for */
} __attribute__((aligned(64)));

/* A fault record of one dispatch (dispatch.c): its waves' faults go here,
 * so a fault stops its own dispatch and none beside it. */
struct sim_fault_rec {
	struct bh_sim_fault fault;
	bool pending;			/* atomic; set last, under fault_lock */
	unsigned queue;			/* the dispatch's */
};
/* At most one dispatch per queue runs, and one more the CP is starting. */
#define MAX_JOBS	(BH_SIM_MAX_QUEUES + 1)

struct bh_sim {
	struct bh_sim_config cfg;
	const struct bh_sim_target *target;		/* the row of cfg.gfx */
	const struct opdesc *const (*ops)[OPKEYS];	/* its decode table */
	uint8_t *vram;
	uint64_t vram_size;
	struct gart_map *maps;		/* sorted by va, not overlapping */
	unsigned nmaps, maps_cap;
	/*
	 * The address space lock.  Whoever runs GPU work (the CP, a
	 * dispatch's workers) holds it for reading while it uses pointers
	 * mem_translate gave, and lets go at least once per scheduling
	 * round (sim_as_quiesce); mem_map/mem_unmap take it for writing.
	 * So a map changes only between rounds, and once bh_sim_gart_unmap
	 * returns no GPU work holds a pointer into the pages it unmapped.
	 * Writer-preferring: a host's map call waits one round, not a
	 * whole kernel.  Never taken twice by one thread.
	 */
	pthread_rwlock_t as_lock;
	unsigned maps_gen;		/* bumped by every map change (hints) */
	struct sim_queue queues[BH_SIM_MAX_QUEUES];
	/* The running queue's SH register file (0x2c00..): compute SH state
	 * belongs to each queue (the gfx9 MQD saves COMPUTE_PGM_*, USER_DATA
	 * and friends), so one queue's SET_SH_REG never leaks into another. */
	uint32_t *sh;
	/* The fault of the work running now.  When a queue's run ends, its
	 * fault moves to that queue (sim_queue.fault), so a fault one stream
	 * left untaken never stops or hides another queue's work. */
	struct bh_sim_fault fault;
	bool fault_pending;
	/* Some fault was ever raised (sticky, atomic): until then
	 * sim_faulted needs one load. */
	bool fault_any;
	uint32_t irq[IRQ_SLOTS];
	unsigned irq_head, irq_count;
	struct bh_sim_stats stats;	/* merged from the workers after each dispatch */
	uint64_t since_progress;	/* the CP's sim_progress (dispatches use the workers') */
	uint64_t progress_marks;
	struct trace_snap *trace_snap;	/* registers before the traced instruction */
	/*
	 * The dispatch workers (dispatch.c): nworkers in all, the caller of
	 * dispatch_direct being worker 0 and the others persistent threads
	 * that wait on pool_cv until a running dispatch has slots of theirs
	 * (pool_want).
	 */
	unsigned nworkers;
	struct sim_worker *workers;
	pthread_mutex_t pool_lock;
	pthread_cond_t pool_cv, done_cv;
	unsigned pool_want;		/* workers 1..pool_want-1 have slots to run */
	unsigned pool_running;		/* helpers in engine_work */
	bool pool_exit;
	bool pool_ready;		/* pool_lock and the conditions exist */
	/*
	 * The dispatches running now (dispatch.c, "the engine"): changed by
	 * worker 0 only (the CP's thread), under pool_lock; the helpers take
	 * a look under it before each round.  @occupancy (atomic) is the
	 * share of the board's CUs their resident groups hold, in
	 * OCC_UNITS; @code_gen (atomic) flushes the workers' icaches.
	 */
	struct dispatch_job *jobs[MAX_JOBS];
	unsigned njobs;
	uint64_t occupancy;
	unsigned code_gen;
	/* Worker 0's deadlock detector over all of them. */
	uint64_t seen_insns, seen_marks, base_insns;
	unsigned over, seen_want;
	/* The first fault wins: sim_fault sets fault and fault_pending
	 * under it.  Workers read fault_pending with sim_faulted. */
	pthread_mutex_t fault_lock;
	/* The GWS resources of all queues (gws.c): shared by every wave. */
	pthread_mutex_t gws_lock;
	/* Wave instructions ever issued, as the workers flush them after
	 * each round (atomic; bh_sim_shader_clock).  Its own cache line:
	 * every worker adds to it. */
	uint64_t clock_insns __attribute__((aligned(64)));
	char clock_pad[56];
	uint64_t clock_base_ns;
	unsigned cur_queue;
	/*
	 * The queue front end (queue.c).  @mu guards the queues' front-end
	 * state, parked faults, the interrupt ring and what follows; it is
	 * never held while GPU work runs (a step drops it) and is taken
	 * after as_lock, never before.  An asynchronous board (bh_sim_start)
	 * has a CP thread; else doorbells run the CP on the caller's thread,
	 * one caller at a time (@draining).
	 */
	pthread_mutex_t mu;
	pthread_cond_t cp_wake;		/* the CP thread: a doorbell, a poll, stop */
	pthread_cond_t changed;		/* hosts: an event, a queue left by a step */
	pthread_t cp_thread;
	bool async, stop, draining;
	uint64_t events;		/* interrupts raised + faults parked */
	uint64_t doorbells;		/* doorbells rung (the idle CP's spin) */
	unsigned rr, poll_pass;		/* round robin; stalled queues' poll pass */
	struct sim_queue *stepping;	/* the queue a step runs now, or NULL */
	/* The CP thread runs other queues' packets between a dispatch's
	 * rounds (sim_cp_between_rounds): a ring dispatch then starts
	 * beside it (dispatch_start), none runs to its end. */
	bool nested;
	uint64_t service_ns;		/* when it last did */
	/* Set (atomically) to stop the running dispatch: its queue is being
	 * reset or the board destroyed.  dispatch.c checks it each round. */
	int cp_abort;
};

/* ----------------------------------------------------------- memory */
/* The host bytes behind [va, va+len) in VRAM or GART, or NULL. */
uint8_t *mem_translate(struct bh_sim *sim, uint64_t va, uint64_t len);
/* Map/unmap host pages at @va (checked: aligned, no overlap); 0 or -1.
 * They take as_lock for writing: the caller must not hold it. */
int mem_map(struct bh_sim *sim, uint64_t va, void *host, uint64_t size, bool local);
/* Whether @va is host memory the host may write while a kernel runs: a
 * GART or VM page not mapped as the GPU's own.  as_lock held. */
bool mem_is_host(struct bh_sim *sim, uint64_t va);
int mem_unmap(struct bh_sim *sim, uint64_t va);
/* as_lock for GPU work: enter before translating, leave after the last
 * use of a translated pointer, quiesce (leave + enter) between rounds. */
void sim_as_enter(struct bh_sim *sim);
void sim_as_leave(struct bh_sim *sim);
void sim_as_quiesce(struct bh_sim *sim);

/* Something another wave could be waiting for happened (deadlock
 * detection): the CP's (outside dispatches), and a wave's. */
static inline void sim_progress(struct bh_sim *sim)
{
	sim->since_progress = 0;
	sim->progress_marks++;
}

/* The fault record of the dispatch this thread runs a round of, or NULL. */
extern _Thread_local struct sim_fault_rec *sim_cur_fault;
/* Whether a fault stopped the work: the dispatch's this thread runs,
 * else the CP's. */
static inline bool sim_faulted(const struct bh_sim *sim)
{
	if (__builtin_expect(!__atomic_load_n(&sim->fault_any, __ATOMIC_ACQUIRE), 1))
		return false;
	const struct sim_fault_rec *r = sim_cur_fault;

	return r ? __atomic_load_n(&r->pending, __ATOMIC_ACQUIRE)
		 : __atomic_load_n(&sim->fault_pending, __ATOMIC_ACQUIRE);
}

/*
 * Bit reversal (s_brev_b64, v_bfrev_b32).  Portable C: clang's
 * __builtin_bitreverse* are not in GCC, which cross toolchains for
 * embedded hosts usually are (tests/cross).
 */
static inline uint32_t bitrev32(uint32_t v)
{
	v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
	v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
	v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
	v = ((v >> 8) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8);
	return (v >> 16) | (v << 16);
}

static inline uint64_t bitrev64(uint64_t v)
{
	return (uint64_t)bitrev32((uint32_t)v) << 32 | bitrev32((uint32_t)(v >> 32));
}

/* ----------------------------------------------- queues (queue.c) */
/* Queue an interrupt for bh_sim_take_interrupt. */
void raise_irq(struct bh_sim *sim, uint32_t ctxid);
/*
 * The packet processors the front end runs a queue with: from q->rptr to
 * q->wptr, advancing q->rptr (and publishing it), setting q->stalled or
 * q->faulted (the fault raised with sim_fault) where they stop.
 */
void pm4_run(struct bh_sim *sim, struct sim_queue *q, unsigned budget);	/* cp.c */
int pm4_call_ib(struct bh_sim *sim, const uint32_t pk[4]);	/* cp.c, for aql.c */
void aql_run(struct bh_sim *sim, struct sim_queue *q, unsigned budget);	/* aql.c */
/* @budget: at most this many ring packets (0: no limit), so the CP can
 * go round its queues at packet boundaries. */
/* Set queue @qid's GWS resources (gws.c; queue.c owns the queue then). */
int gws_set(struct bh_sim *sim, unsigned qid, unsigned count);
/* The front end's locks (bh_sim_create), and its CP thread stopped and
 * the locks gone (bh_sim_destroy). */
void sim_queues_init(struct bh_sim *sim);
void sim_queues_fini(struct bh_sim *sim);
void sim_cp_stop(struct bh_sim *sim);
/*
 * Called by the dispatch loop between rounds, as_lock held for reading:
 * on an asynchronous board, every POLL_MIN_NS at most, the CP runs the
 * other queues' packets (markers, waits, fences, writes), so one long
 * kernel does not hold them up -- as a real CP's other pipes would not
 * be; a ring dispatch among them starts beside the running one, an IB
 * waits for the CP's next step.
 */
void sim_cp_between_rounds(struct bh_sim *sim);
/* Whether the running dispatch must stop (cp_abort, for dispatch.c). */
static inline bool sim_cp_aborting(struct bh_sim *sim)
{
	return __atomic_load_n(&sim->cp_abort, __ATOMIC_RELAXED) != 0;
}

/* ------------------------------------------------- faults (sim.c) */
void sim_fault(struct bh_sim *sim, enum bh_sim_fault_kind kind, uint64_t pc,
	       const uint32_t *dw, unsigned ndw, uint64_t addr, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));

/* ------------------------------------------------------------ waves */
struct workgroup;

struct wave {
	struct bh_sim *sim;
	struct sim_worker *wk;		/* the worker running it */
	struct workgroup *wg;
	unsigned index;			/* inside the workgroup */
	unsigned scratch_slot;		/* which TMPRING wave slot it owns */
	uint64_t pc;
	uint32_t sgpr[SGPR_SLOTS];
	/*
	 * EXEC and VCC: lane masks of wave_size bits.  A wave32 keeps bits
	 * 63:32 of both zero; its VCC_HI is an ordinary SGPR (LLVM allocates
	 * it in wave32 since llvm-project #87783) held in vcc_hi32.
	 */
	uint64_t vcc, exec;
	uint32_t vcc_hi32;
	uint64_t flat_scratch;		/* absolute base of this wave's scratch */
	uint32_t m0;
	bool scc;
	bool done, at_barrier;
	bool yield;			/* s_sleep: end this scheduling quantum */
	/* Waiting in a GWS resource (gws.c): on its barrier (for the flag to
	 * differ from gws_flag) or its semaphore (for the counter). */
	uint8_t gws_wait;		/* enum gws_type; GWS_NONE: not waiting */
	uint8_t gws_rid;
	bool gws_flag;
	unsigned wave_size;		/* lanes: 64 (or 32), set per dispatch */
	uint32_t nvgprs;
	uint32_t acc_base;		/* a0 is VGPR acc_base (gfx90a/942 unified file) */
	uint32_t (*v)[WAVE_LANES];	/* v[reg][lane] */
	uint64_t scratch_base;		/* VA of this wave's scratch slice */
	uint64_t scratch_size;		/* bytes in the slice */
	uint64_t last_load;		/* first lane's address of the last global load */
	uint64_t last_sload;		/* address of the last scalar load */
	/* This quantum the wave showed it waits rather than computes: it
	 * slept, re-read the address it read last, or ran an atomic that
	 * changed nothing (dispatch.c: deadlock detection). */
	bool waited;
	/* This quantum it read the real-time clock (s_memrealtime,
	 * GET_REALTIME): a wait for time, which always passes, is progress
	 * even when the wave sleeps between reads (hip-tests' Delay kernel:
	 * wall_clock64() and s_sleep until an interval has gone by). */
	bool read_clock;
	uint32_t mode;			/* the MODE hardware register */
#define MODE_GPR_IDX_EN (1u << 27)	/* VGPR index mode (dispatch.c) */
	/* MODE's FP controls, decoded by wave_set_mode (fpmode.h) */
	uint32_t keep_in32, keep_out32;	/* ~0: keep f32 denormals, 0: flush */
	bool keep_in64, keep_out64;	/* the same for f64 and f16 */
	bool dx10_clamp;		/* a clamped NaN becomes 0 (else passes) */
	uint8_t round32, round64;	/* FP_ROUND of f32, of f64 and f16 */
	uint8_t host_round;		/* OP_ROUND_* classes not nearest-even */
	const struct insn *cur;		/* the instruction executing now */
	uint64_t dpp_exec;		/* EXEC before a DPP write mask */
	uint32_t dpp_src[WAVE_LANES];	/* src0 as it was before a DPP op wrote */
};

struct workgroup {
	struct bh_sim *sim;
	unsigned id[3];
	unsigned nwaves;
	unsigned live;			/* waves not yet ended */
	struct wave waves[MAX_WAVES_PER_WG];
	uint8_t *lds;
	uint32_t lds_size;
	/* The queue its dispatch came from (HW_ID, GWS, faults): not the
	 * board's cur_queue, which the CP switches while it serves other
	 * queues between the dispatch's rounds. */
	unsigned queue;
	struct sim_fault_rec *fault;	/* its dispatch's */
};

/* -------------------------------------------------------- decoding */
enum insn_format {
	FMT_SOP2, FMT_SOPK, FMT_SOP1, FMT_SOPC, FMT_SOPP, FMT_SMEM,
	FMT_VALU, FMT_VOP3P, FMT_DS, FMT_FLAT, FMT_MUBUF,
	FMT_VOPD,	/* gfx11 dual issue: keys X opcode, 0x20 + Y opcode */
	FMT_MIMG,	/* image instructions (exec_image.c) */
	FMT_COUNT
};

/* FLAT-format segment field (SEG, bits 15:14). */
enum { SEG_FLAT = 0, SEG_SCRATCH = 1, SEG_GLOBAL = 2 };

/* How the VALU instruction was encoded (operand fields differ). */
enum valu_enc { ENC_VOP1, ENC_VOP2, ENC_VOPC, ENC_VOP3 };

struct insn;
typedef int (*exec_fn)(struct wave *w, const struct insn *in);

#define OP_LITERAL_K 1	/* a mandatory literal (v_madmk, v_fmaak, s_setreg_imm32) */
/* The handler's f32 (f64) arithmetic rounds in the host's rounding
 * mode, which must follow MODE.FP_ROUND (fpmode.c). */
#define OP_ROUND_F32 2
#define OP_ROUND_F64 4
/* The VOP3 form is VOP3b: SDST where VOP3a has ABS (add_co, div_scale...). */
#define OP_VOP3B 8

struct opdesc {
	enum insn_format fmt;
	uint16_t key;
	const char *name;
	exec_fn exec;
	unsigned flags;
};

struct insn {
	const struct opdesc *desc;
	uint64_t pc;
	uint32_t dw[3];
	unsigned len;			/* dwords, with literal / SDWA word */
	enum valu_enc enc;
	/* Operand codes: 0..255 scalar/inline/special, 256..511 VGPRs. */
	uint16_t src[3];
	uint16_t dst;			/* VGPR number, or SGPR code */
	uint16_t sdst;			/* VOP3b carry-out / VOPC e64 dst */
	uint32_t literal;
	int32_t simm16;
	uint8_t abs, neg, clamp, omod;
	bool sdwa, dpp;
	bool dpp8, dpp_fi;		/* gfx11: DPP8 lane selects; DPP fetch-inactive */
	uint32_t sdwa_word;		/* also the DPP control word (DPP8: the selects) */
	/* gfx11 VOPD: the Y operation (X is desc, dst, src[0..1]) */
	const struct opdesc *desc_y;
	uint16_t dst_y, src_y[2];
	/* memory */
	int32_t offset;
	uint16_t offset1;
	uint8_t seg;			/* FLAT: SEG_FLAT, SEG_SCRATCH, SEG_GLOBAL */
	uint16_t addr, data, saddr;
	bool imm, soe, sve, offen, idxen;
	/* gfx90a/942 FLAT, MUBUF, DS: the data and destination registers are
	 * AccVGPRs (a[n] = unified register acc_base + n; exec_mem.c) */
	bool acc;
	/* cache policy: 1 glc (gfx940 sc0), 2 slc (nt), 4 gfx90a scc / gfx940 sc1,
	 * 8 gfx11 dlc;
	 * decoded for the trace and the decoder test, no effect in the model */
	uint8_t cpol;
	uint8_t op_sel, op_sel_hi;
	/*
	 * MIMG (exec_image.c): addr is the first address VGPR, data VDATA,
	 * src[0] the T# and src[1] the S# SGPR; gfx11 NSA lists the VGPRs
	 * of addresses 1..4 in nsa_addr.  dim: gfx11's DIM field (the T#
	 * TYPE - 8); gfx9 has none (0xff) and uses the T#'s TYPE.
	 */
	uint8_t dmask, dim, nsa_addr[4];
	bool unorm, da, a16, d16, tfe, lwe, r128, nsa;
};

/*
 * Decoded instructions by PC, valid for one dispatch (code may change
 * between dispatches, never during one).  Direct-mapped.
 */
#define ICACHE_SLOTS 4096

struct icache {
	uint32_t generation;		/* bumped per dispatch: cheap invalidation */
	uint32_t gen[ICACHE_SLOTS];
	uint64_t tag[ICACHE_SLOTS];	/* pc of the decoded slot */
	struct insn slot[ICACHE_SLOTS];
};

/* Decode one instruction at @pc; 0, or -1 after raising a fault. */
int decode(struct bh_sim *sim, uint64_t pc, struct insn *in);
/* The same for gfx11 encodings (decode_gfx11.c), by sim->ops. */
int decode_gfx11(struct bh_sim *sim, uint64_t pc, struct insn *in);
/* The opcode table of @isa, indexed on the first call. */
const struct opdesc *const (*decode_table(const struct bh_sim_isa *isa))[OPKEYS];

static inline void wave_progress(struct wave *w)
{
	w->wk->since_progress = 0;
	w->wk->progress_marks++;
}

/* ------------------------------------------------------------ trace */
struct trace_snap {
	uint32_t sgpr[SGPR_SLOTS];
	uint64_t vcc, exec;
	uint32_t m0;
	bool scc, vdst;
	unsigned vreg, nv;
	uint32_t v[4][WAVE_LANES];
};

bool trace_selected(const struct wave *w);
void trace_before(const struct wave *w, const struct insn *in, struct trace_snap *t);
/* exec_mem.c: lane @l's address for a FLAT/GLOBAL/SCRATCH instruction. */
uint64_t sim_flat_lane_addr(struct wave *w, const struct insn *in, unsigned l);
/* cp.c: a PM4 type-3 opcode's name ("SET_SH_REG"), or NULL. */
const char *sim_pm4_name(unsigned op);
void trace_after(const struct wave *w, const struct trace_snap *t);

/* ------------------------------------------------------- execution */
/*
 * Run a dispatch to its end (with any others running beside it).  The
 * caller holds as_lock for reading and holds it again on return; it is
 * left while the caller waits for the other workers (so a host map is
 * never blocked by a waiting thread).
 */
int dispatch_direct(struct bh_sim *sim, const uint32_t dim[3], uint32_t initiator);
/*
 * Start a dispatch of the current queue that runs beside the others (the
 * asynchronous board's ring DISPATCH_DIRECT, cp.c): 0 when it ended
 * already (a short one ends in its first round), 1 when it runs on (the
 * queue waits: sim_cp_dispatch_done steps it past its @dwords packet
 * when it ends), 3 when it may not start yet (a dispatch of a queue with
 * GWS runs alone), -1 on a fault.  Caller as dispatch_direct.
 */
int dispatch_start(struct bh_sim *sim, const uint32_t dim[3], uint32_t initiator,
		   unsigned dwords);
/* The CP's thread (queue.c): whether dispatches run; run a round of
 * worker 0's part of them (as_lock held), ending those that are done. */
bool sim_engine_busy(struct bh_sim *sim);
void sim_engine_round(struct bh_sim *sim);
/* A dispatch that ran beside others ended (@fault: how, or NULL). */
void sim_cp_dispatch_done(struct bh_sim *sim, unsigned qid, unsigned dwords,
			  const struct sim_fault_rec *fault);
/* The worker pool (pool.c): made by bh_sim_create, ended by bh_sim_destroy. */
int sim_pool_start(struct bh_sim *sim, char *why);
void sim_pool_stop(struct bh_sim *sim);
/* dispatch.c: helper @wk's rounds over the running dispatches, until
 * none has slots of it (pool_want). */
void engine_work(struct sim_worker *wk);
/* The wave this thread runs now (sim_fault names its workgroup), or NULL. */
extern _Thread_local struct wave *sim_cur_wave;
/*
 * A fault record of the CP's own while it serves other queues between a
 * dispatch's rounds (queue.c, sim_cp_between_rounds): their faults go
 * here, not to the board's record, so they neither stop the dispatch's
 * workers nor pass for the dispatch's fault.  Set on the CP's thread only.
 */
struct sim_fault_slot {
	const struct bh_sim *sim;
	struct bh_sim_fault fault;
	bool pending;
};
extern _Thread_local struct sim_fault_slot *sim_fault_redirect;
/* The worker this thread is in a dispatch (bh_sim_shader_clock), or NULL. */
extern _Thread_local struct sim_worker *sim_cur_worker;
/* GWS (gws.c): true when waiting wave @w may go on (it has taken what it
 * waited for); and forget the waves of a dispatch that ended (faulted)
 * with some still enqueued. */
bool gws_try_release(struct wave *w);
void gws_dispatch_end(struct bh_sim *sim, unsigned queue);
/* A fault of wave @w at @in (NULL: the instruction executing now); sim.c. */
int wave_fault(struct wave *w, enum bh_sim_fault_kind kind, const struct insn *in,
	       uint64_t addr, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* The same for a memory access of kind @access. */
int wave_fault_access(struct wave *w, const struct insn *in, uint64_t addr,
		      enum bh_sim_access access, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* MODE (fpmode.c): why @mode cannot be modelled, or NULL. */
const char *mode_unsupported(uint32_t mode);
void wave_set_mode(struct wave *w, uint32_t mode);
/* Run a handler whose rounding the host must do in the wave's FP_ROUND. */
int exec_host_rounded(struct wave *w, const struct insn *in);
/* Run @body in the host rounding mode of the wave's f32 FP_ROUND. */
int exec_round32(struct wave *w, const struct insn *in, exec_fn body);

/* Operand access (operand.c). */
uint64_t rd_s64(struct wave *w, const struct insn *in, unsigned code);
/* A lane mask operand (VCC, an SDST, a carry): wave_size bits, so an
 * SGPR pair in wave64 and one SGPR in wave32 (RDNA3 ISA, "Wave32"). */
uint64_t rd_mask(struct wave *w, const struct insn *in, unsigned code);
void wr_mask(struct wave *w, unsigned code, uint64_t v);
/* All lanes of this wave's size: ~0 in wave64, 0xffffffff in wave32. */
static inline uint64_t wave_lanes(const struct wave *w)
{
	return w->wave_size == 64 ? ~0ull : (1ull << w->wave_size) - 1;
}
void wr_s32(struct wave *w, unsigned code, uint32_t v);
void wr_s64(struct wave *w, unsigned code, uint64_t v);
uint64_t rd_v64(struct wave *w, const struct insn *in, unsigned code, unsigned lane,
		bool is_float);
bool vgpr_ok(const struct wave *w, unsigned reg, unsigned count);
uint32_t rd_v16f(struct wave *w, const struct insn *in, unsigned code, unsigned lane);
#include "operand.h"	/* rd_s32 / rd_v32 fast paths */

/* Before a DPP instruction (exec_valu_src.c): snapshot src0 and narrow
 * EXEC to the lanes that may write; the caller restores EXEC.  0 or -1. */
int dpp_enter(struct wave *w, const struct insn *in);

/* Memory for a lane's flat address (global, LDS or scratch aperture). */
uint8_t *flat_translate(struct wave *w, const struct insn *in, uint64_t addr,
			unsigned lane, unsigned len, unsigned seg);

/* Handlers, one per BH_INSN row (BH_INSN_UNIMPL rows have none). */
#define BH_INSN(fmt, key, name, fn, flags) int x_##fn(struct wave *w, const struct insn *in);
#define BH_INSN_UNIMPL(fmt, key, name, fn, flags)
#include "isa_gfx90a.h"
#include "isa_gfx942.h"
#include "isa_gfx1100.h"
#include "isa_gfx1151.h"
#undef BH_INSN_UNIMPL
#undef BH_INSN

#endif
