// SPDX-License-Identifier: MIT
/* The sim board's public face (sim.h): creation, memory, queues, faults. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "model.h"

/* s_memrealtime / RELEASE_MEM timestamps: 100 MHz, as on MI200/MI300. */
#define SIM_CLOCK_HZ 100000000ull

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

struct bh_sim *bh_sim_create(const struct bh_sim_config *cfg, char *why)
{
	struct bh_sim *sim;

	if (cfg->gfx != BH_SIM_GFX90A && cfg->gfx != BH_SIM_GFX942) {
		if (why)
			snprintf(why, 256, "unknown GPU %d", (int)cfg->gfx);
		return NULL;
	}
	if (cfg->vram_size == 0 || cfg->vram_size % 4096) {
		if (why)
			snprintf(why, 256, "VRAM size %llu is not a multiple of 4 KiB",
				 (unsigned long long)cfg->vram_size);
		return NULL;
	}
	sim = calloc(1, sizeof(*sim));
	if (!sim) {
		if (why)
			snprintf(why, 256, "out of memory");
		return NULL;
	}
	sim->cfg = *cfg;
	sim->vram_size = cfg->vram_size;
	/* Reserved, not committed: pages appear as the GPU touches them. */
	sim->vram = mmap(NULL, cfg->vram_size, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (sim->vram == MAP_FAILED) {
		if (why)
			snprintf(why, 256, "cannot reserve %llu bytes of VRAM",
				 (unsigned long long)cfg->vram_size);
		free(sim);
		return NULL;
	}
	sim->icache = calloc(1, sizeof(*sim->icache));
	sim->trace_snap = cfg->trace ? calloc(1, sizeof(*sim->trace_snap)) : NULL;
	if (!sim->icache || (cfg->trace && !sim->trace_snap)) {
		if (why)
			snprintf(why, 256, "out of memory");
		munmap(sim->vram, cfg->vram_size);
		free(sim->icache);
		free(sim->trace_snap);
		free(sim);
		return NULL;
	}
	sim->icache->generation = 1;
	decode_tables_init();
	sim->ops = decode_table(cfg->gfx);
	sim->sh = sim->queues[0].sh;
	sim->clock_base_ns = now_ns();
	return sim;
}

void bh_sim_destroy(struct bh_sim *sim)
{
	if (!sim)
		return;
	munmap(sim->vram, sim->vram_size);
	free(sim->icache);
	free(sim->trace_snap);
	free(sim);
}

void *bh_sim_vram(struct bh_sim *sim)
{
	return sim->vram;
}

uint64_t bh_sim_vram_size(const struct bh_sim *sim)
{
	return sim->vram_size;
}

int bh_sim_gart_map(struct bh_sim *sim, uint64_t va, void *host, uint64_t size)
{
	if (sim->ngart == GART_SLOTS || !host || !size || (va | size) % 4096 ||
	    (uintptr_t)host % 4096 || va < BH_SIM_GART_BASE ||
	    va - BH_SIM_GART_BASE > BH_SIM_GART_SIZE - size ||
	    mem_translate(sim, va, 1))
		return -1;
	sim->gart[sim->ngart++] = (struct gart_map){ va, size, host };
	return 0;
}

int bh_sim_gart_unmap(struct bh_sim *sim, uint64_t va)
{
	for (unsigned i = 0; i < sim->ngart; i++) {
		if (sim->gart[i].va == va) {
			sim->gart[i] = sim->gart[--sim->ngart];
			return 0;
		}
	}
	return -1;
}

int bh_sim_queue_init(struct bh_sim *sim, unsigned qid, uint64_t ring_va,
		      uint32_t ring_bytes, uint64_t rptr_va)
{
	/* The HQD rules (ref/dispatch.md §7.1): power of two, >= 1 KiB,
	 * 256-byte aligned, and the ring must be in GPU memory. */
	if (qid >= BH_SIM_MAX_QUEUES || ring_bytes < 1024 ||
	    (ring_bytes & (ring_bytes - 1)) || ring_va % 256 || rptr_va % 4 ||
	    !mem_translate(sim, ring_va, ring_bytes) || !mem_translate(sim, rptr_va, 4))
		return -1;
	sim->queues[qid] = (struct sim_queue){
		.active = true, .ring_va = ring_va, .ring_dwords = ring_bytes / 4,
		.rptr_va = rptr_va,
	};
	memset(mem_translate(sim, rptr_va, 4), 0, 4);
	return 0;
}

int bh_sim_queue_init_aql(struct bh_sim *sim, unsigned qid, const struct bh_sim_aql_queue *aq)
{
	uint64_t bytes = (uint64_t)aq->packets * 64;

	if (qid >= BH_SIM_MAX_QUEUES || aq->packets < 4 || (aq->packets & (aq->packets - 1)) ||
	    aq->ring_va % 64 || aq->read_index_va % 8 || aq->scratch_va % 256 ||
	    !mem_translate(sim, aq->ring_va, bytes) || !mem_translate(sim, aq->read_index_va, 8) ||
	    (aq->scratch_bytes && !mem_translate(sim, aq->scratch_va, aq->scratch_bytes)))
		return -1;
	sim->queues[qid] = (struct sim_queue){
		.active = true, .aql = true, .ring_va = aq->ring_va, .ring_dwords = aq->packets,
		.rptr_va = aq->read_index_va, .aql_queue_va = aq->queue_va,
		.aql_scratch_va = aq->scratch_va, .aql_scratch_bytes = aq->scratch_bytes,
	};
	memset(mem_translate(sim, aq->read_index_va, 8), 0, 8);
	return 0;
}

void bh_sim_queue_fini(struct bh_sim *sim, unsigned qid)
{
	if (qid < BH_SIM_MAX_QUEUES)
		sim->queues[qid].active = false;
}

void sim_fault(struct bh_sim *sim, enum bh_sim_fault_kind kind, uint64_t pc,
	       const uint32_t *dw, unsigned ndw, uint64_t addr, const char *fmt, ...)
{
	va_list ap;

	if (sim->fault_pending)		/* keep the first: it is the cause */
		return;
	memset(&sim->fault, 0, sizeof(sim->fault));
	sim->fault.kind = kind;
	sim->fault.queue = sim->cur_queue;
	sim->fault.pc = pc;
	for (unsigned i = 0; i < ndw && i < 3; i++)
		sim->fault.dwords[i] = dw[i];
	sim->fault.address = addr;
	va_start(ap, fmt);
	vsnprintf(sim->fault.message, sizeof(sim->fault.message), fmt, ap);
	va_end(ap);
	sim->fault_pending = true;
	if (sim->cfg.trace)
		fprintf(stderr, "sim: FAULT %s\n", sim->fault.message);
}

int bh_sim_take_queue_fault(struct bh_sim *sim, unsigned qid, struct bh_sim_fault *out)
{
	if (qid >= BH_SIM_MAX_QUEUES || !sim->queues[qid].fault_held)
		return 0;
	*out = sim->queues[qid].fault;
	sim->queues[qid].fault_held = false;
	return 1;
}

int bh_sim_take_fault(struct bh_sim *sim, struct bh_sim_fault *out)
{
	if (sim->fault_pending) {	/* work run outside a queue */
		*out = sim->fault;
		sim->fault_pending = false;
		return 1;
	}
	for (unsigned i = 0; i < BH_SIM_MAX_QUEUES; i++)
		if (bh_sim_take_queue_fault(sim, i, out))
			return 1;
	return 0;
}

const char *bh_sim_fault_name(enum bh_sim_fault_kind kind)
{
	switch (kind) {
	case BH_SIM_FAULT_ILLEGAL_INSTRUCTION: return "illegal instruction";
	case BH_SIM_FAULT_MEMORY: return "memory violation";
	case BH_SIM_FAULT_BAD_PACKET: return "bad PM4 packet";
	case BH_SIM_FAULT_TRAP: return "trap";
	case BH_SIM_FAULT_WATCHDOG: return "watchdog timeout";
	case BH_SIM_FAULT_BAD_STATE: return "bad dispatch state";
	case BH_SIM_FAULT_DEADLOCK: return "deadlock (no progress)";
	case BH_SIM_FAULT_NONE: break;
	}
	return "fault";
}

int bh_sim_take_interrupt(struct bh_sim *sim, uint32_t *ctxid)
{
	if (!sim->irq_count)
		return 0;
	*ctxid = sim->irq[sim->irq_head];
	sim->irq_head = (sim->irq_head + 1) % IRQ_SLOTS;
	sim->irq_count--;
	return 1;
}

uint64_t bh_sim_clock(const struct bh_sim *sim)
{
	return (now_ns() - sim->clock_base_ns) / (1000000000ull / SIM_CLOCK_HZ);
}

uint64_t bh_sim_clock_hz(const struct bh_sim *sim)
{
	(void)sim;
	return SIM_CLOCK_HZ;
}

/* A wave64 instruction occupies its SIMD's 16 lanes for four cycles. */
uint64_t bh_sim_shader_clock(const struct bh_sim *sim)
{
	return sim->stats.instructions * BH_SIM_CYCLES_PER_INSN;
}

void bh_sim_get_stats(const struct bh_sim *sim, struct bh_sim_stats *out)
{
	*out = sim->stats;
}
