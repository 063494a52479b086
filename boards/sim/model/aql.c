// SPDX-License-Identifier: MIT
/*
 * AQL queue mode: the command processor as an HSA packet processor.  The
 * KFD path on multi-die parts hands the GPU AQL queues rather than PM4
 * rings, so the model accepts both (bh_sim_queue_init_aql; the queue
 * front end, queue.c, runs this file's aql_run on a doorbell or poll).
 *
 * The ring holds 64-byte packets (HSA runtime spec, "Architected Queuing
 * Language"); the doorbell carries the 64-bit write index.  For each
 * packet from the read index on:
 *
 *   - header type INVALID (1): not written yet; processing waits for the
 *     next doorbell or bh_sim_poll();
 *   - KERNEL_DISPATCH (2): the kernel descriptor at kernel_object is read
 *     from GPU memory and turned into the same SH registers a PM4
 *     dispatch programs (PGM, RSRC1/2/3, NUM_THREAD with the partial
 *     group, TMPRING_SIZE, scratch base, USER_DATA in the descriptor's
 *     user-SGPR order), then dispatch_direct() launches it, as the CP
 *     microcode does;
 *   - BARRIER_AND (3) / BARRIER_OR (5): up to five dependency signals;
 *     until all (any) of them are 0 the queue stalls
 *     (BH_SIM_QUEUE_STALLED) and is retried on a doorbell or poll;
 *   - VENDOR_SPECIFIC (0) in AMD's format AMD_AQL_FORMAT_PM4_IB (1), the
 *     packet ROCr's AqlQueue::ExecutePM4 writes on gfx9+ (e.g. the code
 *     cache invalidation after loading a code object): a PM4 command
 *     stream in the slot, run by the CP as PM4 (pm4_ib below);
 *   - anything else (other vendor formats, AGENT_DISPATCH, reserved
 *     types) is a BAD_PACKET fault naming the packet index.
 *
 * Completion: a non-zero completion_signal is the GPU address of an
 * amd_signal_t (ROCR layout: kind @0, value @8, event_mailbox_ptr @16,
 * event_id @24, start_ts @32, end_ts @40); its value is decremented
 * atomically, the timestamps written, and with a mailbox the event id is
 * written there and raised as an interrupt.  Then the read index (64-bit)
 * is published and the packet's header set back to INVALID, as the
 * packet processor releases the slot.
 *
 * The model executes a dispatch (or an IB) to completion before the next
 * packet, so the header's barrier bit always holds; acquire/release fence
 * scopes need no action in its coherent memory.  A scope of 3 (HSA
 * defines none, agent and system: 0..2) is a BAD_PACKET fault.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model.h"
#include "regs.h"

#define AQL_PACKET_BYTES	64
#define AQL_TYPE_VENDOR		0
#define AQL_TYPE_INVALID	1
#define AQL_TYPE_DISPATCH	2
#define AQL_TYPE_BARRIER_AND	3
#define AQL_TYPE_AGENT		4
#define AQL_TYPE_BARRIER_OR	5
/* header: type [7:0], barrier [8], acquire [10:9] and release [12:11]
 * fence scopes (HSA_PACKET_HEADER_SC*_FENCE_SCOPE) */
#define AQL_HEADER_ACQUIRE(h)	(((h) >> 9) & 3)
#define AQL_HEADER_RELEASE(h)	(((h) >> 11) & 3)
#define AQL_FENCE_SCOPE_RESERVED 3

/* hsa_amd_vendor_packet_header_t: AmdFormat in byte 2, byte 3 reserved (0). */
#define AMD_AQL_FORMAT_PM4_IB	1
#define AMD_AQL_FORMAT_BARRIER_VALUE	2	/* HSA_AMD_PACKET_TYPE_BARRIER_VALUE */

/* kernel_code_properties (AMDGPUUsage, kernel descriptor) */
#define KCP_PRIVATE_SEGMENT_BUFFER	(1u << 0)
#define KCP_DISPATCH_PTR		(1u << 1)
#define KCP_QUEUE_PTR			(1u << 2)
#define KCP_KERNARG_SEGMENT_PTR		(1u << 3)
#define KCP_DISPATCH_ID			(1u << 4)
#define KCP_FLAT_SCRATCH_INIT		(1u << 5)
#define KCP_PRIVATE_SEGMENT_SIZE	(1u << 6)
#define KCP_WAVEFRONT_SIZE32		(1u << 10)

/*
 * Word 3 of the swizzled private-segment V# the packet processor builds
 * for gfx9 (ROCR's layout): ADD_TID_ENABLE, INDEX_STRIDE 64, ELEMENT_SIZE
 * 4 bytes, a 32-bit format.  The model's MUBUF path checks the fields.
 */
#define AQL_SCRATCH_SRD_WORD3	0x00ea4facu

static uint64_t rd64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }
static uint32_t rd32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static uint16_t rd16(const uint8_t *p) { uint16_t v; memcpy(&v, p, 2); return v; }

static int aql_fault(struct bh_sim *sim, uint64_t index, const uint8_t *pk, const char *fmt,
		     ...) __attribute__((format(printf, 4, 5)));

static int aql_fault(struct bh_sim *sim, uint64_t index, const uint8_t *pk, const char *fmt,
		     ...)
{
	uint32_t dw[3] = { 0, 0, 0 };
	char why[192];
	va_list ap;

	if (pk)
		memcpy(dw, pk, 12);
	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	sim_fault(sim, BH_SIM_FAULT_BAD_PACKET, 0, dw, 3, 0, "AQL packet %llu: %s",
		  (unsigned long long)index, why);
	return -1;
}

/* The signal's value, or -1 with a fault if its memory is unmapped. */
static int signal_value(struct bh_sim *sim, uint64_t index, uint64_t handle, int64_t *value)
{
	uint8_t *p = handle % 8 ? NULL : mem_translate(sim, handle + 8, 8);

	if (!p)
		return aql_fault(sim, index, NULL, "dependency signal 0x%llx is not a mapped, "
				 "aligned signal", (unsigned long long)handle);
	memcpy(value, p, 8);
	return 0;
}

static int complete_signal(struct bh_sim *sim, uint64_t index, uint64_t handle,
			   uint64_t start)
{
	uint8_t *s = handle % 8 ? NULL : mem_translate(sim, handle, 48);

	if (!s)
		return aql_fault(sim, index, NULL, "completion_signal 0x%llx is not a mapped, "
				 "aligned signal", (unsigned long long)handle);
	uint64_t value = rd64(s + 8) - 1, end = bh_sim_clock(sim), mailbox = rd64(s + 16);
	uint32_t event = rd32(s + 24);

	memcpy(s + 32, &start, 8);
	memcpy(s + 40, &end, 8);
	memcpy(s + 8, &value, 8);
	sim_progress(sim);
	if (mailbox) {
		uint8_t *m = mailbox % 8 ? NULL : mem_translate(sim, mailbox, 8);
		uint64_t ev = event;

		if (!m)
			return aql_fault(sim, index, NULL, "signal event mailbox 0x%llx is unmapped "
					 "or misaligned", (unsigned long long)mailbox);
		memcpy(m, &ev, 8);
		raise_irq(sim, event);
	}
	return 0;
}

static void set_sh(struct bh_sim *sim, uint32_t reg, uint32_t value)
{
	SH(sim, reg) = value;
}

/* The kernel descriptor and packet as the SH registers of a dispatch. */
static int program_dispatch(struct bh_sim *sim, struct sim_queue *q, uint64_t index,
			    uint64_t packet_va, const uint8_t *pk, uint32_t dim[3],
			    uint32_t *initiator)
{
	const struct bh_sim_target *t = sim->target;
	uint16_t setup = rd16(pk + 2);
	unsigned dims = setup & 3;
	uint64_t kd_va = rd64(pk + 32), kernarg = rd64(pk + 40);
	uint32_t priv = rd32(pk + 24), group = rd32(pk + 28);
	uint32_t wg[3] = { rd16(pk + 4), rd16(pk + 6), rd16(pk + 8) };
	uint32_t grid[3] = { rd32(pk + 12), rd32(pk + 16), rd32(pk + 20) };
	const uint8_t *kd = kd_va % 64 ? NULL : mem_translate(sim, kd_va, 64);

	if (dims < 1)
		return aql_fault(sim, index, pk, "setup dimensions %u (1..3)", dims);
	for (unsigned d = 0; d < 3; d++) {
		/* A zero size is an error; unused dimensions must be 1 (HSA). */
		if (!wg[d])
			return aql_fault(sim, index, pk, "workgroup_size_%c is 0", "xyz"[d]);
		if (!grid[d])
			return aql_fault(sim, index, pk, "grid_size_%c is 0", "xyz"[d]);
		if (d >= dims && (wg[d] != 1 || grid[d] != 1))
			return aql_fault(sim, index, pk, "workgroup/grid size %u x %u in "
					 "dimension %u, beyond setup's %u, is not 1", wg[d], grid[d],
					 d, dims);
	}
	if ((uint64_t)wg[0] * wg[1] * wg[2] > t->max_workgroup_size)
		return aql_fault(sim, index, pk, "workgroup %u x %u x %u exceeds %u "
				 "work-items", wg[0], wg[1], wg[2], t->max_workgroup_size);
	if (!kd)
		return aql_fault(sim, index, pk, "kernel_object 0x%llx is unmapped or not "
				 "64-byte aligned", (unsigned long long)kd_va);
	uint64_t entry = kd_va + (uint64_t)(int64_t)rd64(kd + 16);
	uint32_t rsrc3 = rd32(kd + 44), rsrc1 = rd32(kd + 48), rsrc2 = rd32(kd + 52);
	uint16_t kcp = rd16(kd + 56), preload = rd16(kd + 58);

	if (entry % 256)
		return aql_fault(sim, index, pk, "kernel entry 0x%llx is not 256-byte "
				 "aligned", (unsigned long long)entry);
	if (kcp & KCP_WAVEFRONT_SIZE32)
		return aql_fault(sim, index, pk, "kernel descriptor asks for wave32 on a "
				 "wave64-only gfx9 part");
	if (preload & 0x7f)
		return aql_fault(sim, index, pk, "kernel descriptor asks for kernarg "
				 "preload, not modelled in AQL mode");
	if (rsrc2 & 1 && priv && !q->aql_scratch_bytes)
		return aql_fault(sim, index, pk, "private_segment_size %u bytes per "
				 "work-item, but the queue has no scratch", priv);
	/* Scratch: the per-wave slice in 1 KiB units, as many waves as fit. */
	uint32_t wave_kib = (uint32_t)(((uint64_t)priv * 64 + 1023) / 1024);
	uint64_t waves = wave_kib ? q->aql_scratch_bytes / ((uint64_t)wave_kib * 1024) : 0;

	if (wave_kib > 0x1fff)
		return aql_fault(sim, index, pk, "private_segment_size %u bytes per "
				 "work-item is too large", priv);
	if (wave_kib && !waves)
		return aql_fault(sim, index, pk, "private_segment_size %u bytes per "
				 "work-item: the queue's scratch holds no wave", priv);
	/* User SGPRs in the descriptor's order (AMDGPUUsage, initial state). */
	uint32_t user[16], n = 0, count = (rsrc2 >> 1) & 0x1f;
	uint64_t queue_va = q->aql_queue_va;
	struct { uint32_t bit, words; uint64_t value; } srcs[] = {
		{ KCP_PRIVATE_SEGMENT_BUFFER, 4, 0 },
		{ KCP_DISPATCH_PTR, 2, packet_va },
		{ KCP_QUEUE_PTR, 2, queue_va },
		{ KCP_KERNARG_SEGMENT_PTR, 2, kernarg },
		{ KCP_DISPATCH_ID, 2, index },
		{ KCP_FLAT_SCRATCH_INIT, 2, q->aql_scratch_va },
		{ KCP_PRIVATE_SEGMENT_SIZE, 1, priv },
	};

	for (unsigned i = 0; i < sizeof(srcs) / sizeof(srcs[0]); i++) {
		if (!(kcp & srcs[i].bit))
			continue;
		if (n + srcs[i].words > 16)
			return aql_fault(sim, index, pk, "kernel descriptor enables more than "
					 "16 user SGPRs");
		if (srcs[i].bit == KCP_PRIVATE_SEGMENT_BUFFER) {
			uint64_t base = q->aql_scratch_va | (q->aql_scratch_bytes ? 1ull << 63 : 0);

			user[n++] = (uint32_t)base;
			user[n++] = (uint32_t)(base >> 32);
			user[n++] = (uint32_t)(q->aql_scratch_bytes > 0xffffffffu ? 0xffffffffu
						: q->aql_scratch_bytes);
			user[n++] = AQL_SCRATCH_SRD_WORD3;
		} else {
			user[n++] = (uint32_t)srcs[i].value;
			if (srcs[i].words == 2)
				user[n++] = (uint32_t)(srcs[i].value >> 32);
		}
	}
	if (n > count)
		return aql_fault(sim, index, pk, "kernel descriptor enables %u user SGPRs, "
				 "more than RSRC2.USER_SGPR_COUNT %u", n, count);
	/* LDS: the packet's group segment (static + dynamic), in granules. */
	uint32_t lds_blocks = (group + t->lds_granule - 1) / t->lds_granule;

	if (group > t->lds_per_workgroup)
		return aql_fault(sim, index, pk, "group_segment_size %u bytes exceeds %u KiB",
				 group, t->lds_per_workgroup / 1024);
	rsrc2 = (rsrc2 & ~(0x1ffu << 15)) | lds_blocks << 15;
	set_sh(sim, mmCOMPUTE_PGM_LO, (uint32_t)(entry >> 8));
	set_sh(sim, mmCOMPUTE_PGM_HI, (uint32_t)(entry >> 40));
	set_sh(sim, mmCOMPUTE_PGM_RSRC1, rsrc1);
	set_sh(sim, mmCOMPUTE_PGM_RSRC2, rsrc2);
	set_sh(sim, t->reg_pgm_rsrc3, rsrc3);
	set_sh(sim, mmCOMPUTE_TMPRING_SIZE,
	       wave_kib ? (uint32_t)(waves > 0xfff ? 0xfff : waves) | wave_kib << 12 : 0);
	set_sh(sim, mmCOMPUTE_DISPATCH_SCRATCH_BASE_LO, (uint32_t)(q->aql_scratch_va >> 8));
	set_sh(sim, mmCOMPUTE_DISPATCH_SCRATCH_BASE_HI, (uint32_t)(q->aql_scratch_va >> 40));
	for (unsigned i = 0; i < 16; i++)
		set_sh(sim, mmCOMPUTE_USER_DATA_0 + i, i < n ? user[i] : 0);
	*initiator = 1;		/* COMPUTE_SHADER_EN */
	for (unsigned d = 0; d < 3; d++) {
		uint32_t rem = grid[d] % wg[d];

		dim[d] = grid[d] / wg[d] + (rem != 0);
		set_sh(sim, mmCOMPUTE_START_X + d, 0);
		set_sh(sim, mmCOMPUTE_NUM_THREAD_X + d, wg[d] | rem << 16);
		if (rem)
			*initiator |= 2;	/* PARTIAL_TG_EN */
	}
	return 0;
}

/* 1: the barrier's dependencies are met; 0: not yet; -1: a fault. */
static int barrier_ready(struct bh_sim *sim, uint64_t index, const uint8_t *pk, bool any)
{
	unsigned deps = 0, zero = 0;

	for (unsigned i = 0; i < 5; i++) {
		uint64_t h = rd64(pk + 8 + 8 * i);
		int64_t v = 0;

		if (!h)
			continue;
		if (signal_value(sim, index, h, &v))
			return -1;
		deps++;
		zero += v == 0;
	}
	if (!deps)
		return 1;
	return any ? zero > 0 : zero == deps;
}

/*
 * AMD_AQL_FORMAT_PM4_IB (ROCr amd_aql_queue.cpp, AqlQueue::ExecutePM4;
 * aqlprofile's amd_aql_pm4_ib_packet_t): after the 4-byte vendor header,
 * dwords 1..4 hold a PM4 INDIRECT_BUFFER packet, dword 5 (dw_cnt_remain)
 * is 10 (the slot's dwords after it), dwords 6..13 are reserved and
 * 14..15 the completion signal.  ROCr puts nothing but that one IB
 * jump in the slot and zeroes the rest; the model takes exactly that
 * and refuses any other slot contents rather than guess what the
 * firmware makes of them.
 */
#define PM4_IB_DW_CNT_REMAIN	10

static int pm4_ib(struct bh_sim *sim, uint64_t index, const uint8_t *pk)
{
	uint32_t dw[16];

	memcpy(dw, pk, sizeof(dw));
	if (pk[3])
		return aql_fault(sim, index, pk, "vendor packet header byte 3 is 0x%02x, "
				 "reserved (0)", pk[3]);
	if (dw[5] != PM4_IB_DW_CNT_REMAIN)
		return aql_fault(sim, index, pk, "PM4_IB dw_cnt_remain is %u; the slot "
				 "holds one 4-dword INDIRECT_BUFFER, leaving %u", dw[5],
				 PM4_IB_DW_CNT_REMAIN);
	for (unsigned i = 6; i < 14; i++)
		if (dw[i])
			return aql_fault(sim, index, pk, "PM4_IB reserved dword %u is 0x%08x, "
					 "not 0", i, dw[i]);
	if (dw[1] >> 30 != 3 || ((dw[1] >> 8) & 0xff) != PKT3_INDIRECT_BUFFER ||
	    ((dw[1] >> 16) & 0x3fff) != 2)
		return aql_fault(sim, index, pk, "PM4_IB slot command 0x%08x is not a "
				 "4-dword PM4 INDIRECT_BUFFER", dw[1]);
	return pm4_call_ib(sim, &dw[1]);
}

static int vendor_packet(struct bh_sim *sim, uint64_t index, const uint8_t *pk)
{
	switch (pk[2]) {
	case AMD_AQL_FORMAT_PM4_IB:
		return pm4_ib(sim, index, pk);
	case AMD_AQL_FORMAT_BARRIER_VALUE:
		return aql_fault(sim, index, pk, "AMD vendor packet BARRIER_VALUE is not "
				 "modelled");
	}
	return aql_fault(sim, index, pk, "AMD vendor packet format %u is not modelled", pk[2]);
}

void aql_run(struct bh_sim *sim, struct sim_queue *q, unsigned budget)
{
	q->stalled = false;
	for (unsigned n = 0; q->rptr < q->wptr && (!budget || n < budget); n++) {
		uint64_t index = q->rptr;
		uint64_t va = q->ring_va + (index % q->ring_dwords) * AQL_PACKET_BYTES;
		uint8_t *slot = mem_translate(sim, va, AQL_PACKET_BYTES), pk[AQL_PACKET_BYTES];

		if (!slot) {
			sim_fault(sim, BH_SIM_FAULT_MEMORY, 0, NULL, 0, va,
				  "CP: cannot fetch AQL packet %llu at 0x%llx",
				  (unsigned long long)index, (unsigned long long)va);
			q->faulted = true;
			return;
		}
		memcpy(pk, slot, sizeof(pk));
		unsigned type = pk[0];
		uint16_t header = rd16(pk);
		uint64_t start = bh_sim_clock(sim);
		int r = 0;

		if (type == AQL_TYPE_INVALID) {
			q->stalled = true;	/* the producer has not written it yet */
			return;
		}
		/* Between another dispatch's rounds (queue.c): no dispatch, no
		 * PM4 IB; the packet waits for the CP's next step. */
		if (sim->nested && (type == AQL_TYPE_DISPATCH || type == AQL_TYPE_VENDOR))
			return;
		if (AQL_HEADER_ACQUIRE(header) == AQL_FENCE_SCOPE_RESERVED ||
		    AQL_HEADER_RELEASE(header) == AQL_FENCE_SCOPE_RESERVED) {
			r = aql_fault(sim, index, pk, "header 0x%04x has a reserved fence scope "
				      "(3)", header);
		} else if (type == AQL_TYPE_DISPATCH) {
			uint32_t dim[3], initiator = 0;

			r = program_dispatch(sim, q, index, va, pk, dim, &initiator);
			if (!r)
				r = dispatch_direct(sim, dim, initiator);
		} else if (type == AQL_TYPE_BARRIER_AND || type == AQL_TYPE_BARRIER_OR) {
			int ready = barrier_ready(sim, index, pk, type == AQL_TYPE_BARRIER_OR);

			if (ready == 0) {
				q->stalled = true;
				return;
			}
			r = ready < 0 ? -1 : 0;
		} else if (type == AQL_TYPE_VENDOR) {
			r = vendor_packet(sim, index, pk);
		} else {
			r = aql_fault(sim, index, pk, "packet type %u is not modelled "
				      "(agent dispatch or reserved)", type);
		}
		uint64_t signal = rd64(pk + 56);

		if (!r && signal)
			r = complete_signal(sim, index, signal, start);
		if (r) {
			q->faulted = true;
			return;
		}
		/* Release the slot: header type INVALID, then the read index. */
		uint16_t invalid = AQL_TYPE_INVALID;
		uint8_t *ri = mem_translate(sim, q->rptr_va, 8);

		memcpy(slot, &invalid, 2);
		q->rptr = index + 1;
		if (ri)
			memcpy(ri, &q->rptr, 8);
		sim->stats.packets++;
	}
}
