// SPDX-License-Identifier: MIT
/*
 * The PM4 packet processor: fetch PM4 type-3 packets from a queue's ring
 * (through GPU memory, wrapping at the ring's end), execute them, and
 * report the 32-bit rptr back.  Packet layouts: docs/facts/dispatch.md §6.3;
 * the model's behaviour: §8.  Anything else is a BAD_PACKET fault.  The
 * queue itself (doorbell, stalls, faults, reset) is queue.c's.
 */
#include <stdio.h>
#include <string.h>

#include "model.h"
#include "regs.h"

/* The type-3 packets the CP runs, by name (the trace's). */
const char *sim_pm4_name(unsigned op)
{
	switch (op) {
	case PKT3_NOP: return "NOP";
	case PKT3_DISPATCH_DIRECT: return "DISPATCH_DIRECT";
	case PKT3_WRITE_DATA: return "WRITE_DATA";
	case PKT3_WAIT_REG_MEM: return "WAIT_REG_MEM";
	case PKT3_WAIT_REG_MEM64: return "WAIT_REG_MEM64";
	case PKT3_INDIRECT_BUFFER: return "INDIRECT_BUFFER";
	case PKT3_COPY_DATA: return "COPY_DATA";
	case PKT3_EVENT_WRITE: return "EVENT_WRITE";
	case PKT3_RELEASE_MEM: return "RELEASE_MEM";
	case PKT3_ACQUIRE_MEM: return "ACQUIRE_MEM";
	case PKT3_SET_SH_REG: return "SET_SH_REG";
	case PKT3_SET_UCONFIG_REG: return "SET_UCONFIG_REG";
	default: return NULL;
	}
}

#define MAX_PACKET_DWORDS 1024
#define MAX_IB_DEPTH 4
/* A chain longer than this is taken for a loop (an IB chaining to itself). */
#define MAX_IB_CHAIN 4096

struct stream {
	struct bh_sim *sim;
	uint64_t base;		/* ring or IB GPU VA */
	uint32_t size;		/* dwords (ring: power of two) */
	bool ring;
	uint64_t rptr_va;	/* ring: where the 32-bit rptr is reported */
	uint64_t pos;		/* dwords consumed */
	uint64_t end;
	unsigned chained;	/* CHAIN links followed from this IB */
	unsigned budget;	/* ring: packets left to run (0: no limit) */
};

static int fetch(struct stream *s, uint64_t at, uint32_t *out)
{
	uint64_t idx = s->ring ? at % s->size : at;
	uint8_t *p = mem_translate(s->sim, s->base + idx * 4, 4);

	if (!p) {
		sim_fault(s->sim, BH_SIM_FAULT_MEMORY, 0, NULL, 0, s->base + idx * 4,
			  "CP: cannot fetch the command stream at 0x%llx",
			  (unsigned long long)(s->base + idx * 4));
		return -1;
	}
	memcpy(out, p, 4);
	return 0;
}

static int bad_packet(struct bh_sim *sim, const uint32_t *pk, unsigned n, const char *why)
{
	sim_fault(sim, BH_SIM_FAULT_BAD_PACKET, 0, pk, n, 0,
		  "CP: %s (header 0x%08x)", why, pk[0]);
	return -1;
}

/*
 * What the CP writes for the host to see (fences, the read pointer) is
 * a release store, as the write after a real CP's cache flush is to the
 * host that polls it; aligned 4 and 8 byte words, the rest as bytes.
 * (The host side reads them with acquire loads.)
 */
static void publish(uint8_t *p, const void *data, unsigned len)
{
	if (len == 4 && !((uintptr_t)p & 3)) {
		uint32_t v;

		memcpy(&v, data, 4);
		__atomic_store_n((uint32_t *)(void *)p, v, __ATOMIC_RELEASE);
	} else if (len == 8 && !((uintptr_t)p & 7)) {
		uint64_t v;

		memcpy(&v, data, 8);
		__atomic_store_n((uint64_t *)(void *)p, v, __ATOMIC_RELEASE);
	} else {
		__atomic_thread_fence(__ATOMIC_RELEASE);
		memcpy(p, data, len);
	}
}

static int write_mem(struct bh_sim *sim, uint64_t va, const void *data, unsigned len,
		     const char *who)
{
	uint8_t *p = mem_translate(sim, va, len);

	if (!p) {
		sim_fault(sim, BH_SIM_FAULT_MEMORY, 0, NULL, 0, va,
			  "CP: %s writes unmapped address 0x%llx", who, (unsigned long long)va);
		return -1;
	}
	publish(p, data, len);
	return 0;
}

/*
 * Whether registers [reg, reg + count) lie in [base, limit).  In 64-bit
 * arithmetic: the packet's dwords are guest-written, and a 32-bit sum
 * would wrap round to a small number and pass (barehip-sim).
 */
static bool reg_range_ok(uint64_t reg, uint64_t count, uint64_t base, uint64_t limit)
{
	return reg >= base && reg <= limit && count <= limit - reg;
}

static int set_regs(struct bh_sim *sim, const uint32_t *pk, unsigned n, uint32_t base,
		    uint32_t limit)
{
	uint64_t first = (uint64_t)base + pk[1];

	if (n < 3)
		return bad_packet(sim, pk, n, "SET_*_REG without a value");
	if (!reg_range_ok(first, n - 2, base, limit))
		return bad_packet(sim, pk, n, "SET_*_REG outside its register range");
	if (base != SH_REG_BASE)
		return 0;	/* UCONFIG registers: accepted, no compute effect */
	for (unsigned i = 2; i < n; i++)
		sim->sh[first - SH_REG_BASE + i - 2] = pk[i];
	return 0;
}

/* RELEASE_MEM: work before it is complete (dispatches run to the end). */
static int release_mem(struct bh_sim *sim, const uint32_t *pk, unsigned n)
{
	if (n != 8)
		return bad_packet(sim, pk, n, "RELEASE_MEM must be 8 dwords");
	uint32_t data_sel = pk[2] >> 29, int_sel = (pk[2] >> 24) & 7;
	uint64_t addr = pk[3] | (uint64_t)pk[4] << 32;
	uint64_t data = pk[5] | (uint64_t)pk[6] << 32;
	int ret = 0;

	switch (data_sel) {
	case 0:
		break;
	case 1:
		if (addr % 4)
			return bad_packet(sim, pk, n, "RELEASE_MEM 32-bit address not aligned");
		ret = write_mem(sim, addr, &data, 4, "RELEASE_MEM");
		break;
	case 2:
	case 3:
		if (addr % 8)
			return bad_packet(sim, pk, n, "RELEASE_MEM 64-bit address not aligned");
		if (data_sel == 3)
			data = bh_sim_clock(sim);
		ret = write_mem(sim, addr, &data, 8, "RELEASE_MEM");
		break;
	default:
		return bad_packet(sim, pk, n, "RELEASE_MEM DATA_SEL not modelled");
	}
	if (ret)
		return ret;
	if (int_sel == 1 || int_sel == 2)
		raise_irq(sim, pk[7]);
	else if (int_sel != 0 && int_sel != 3)
		return bad_packet(sim, pk, n, "RELEASE_MEM INT_SEL not modelled");
	return 0;
}

static int write_data(struct bh_sim *sim, const uint32_t *pk, unsigned n)
{
	if (n < 5)
		return bad_packet(sim, pk, n, "WRITE_DATA without data");
	uint32_t dst_sel = (pk[1] >> 8) & 0xf;
	uint64_t addr = pk[2] | (uint64_t)pk[3] << 32;
	bool one_addr = pk[1] & (1u << 16);

	if (dst_sel != 1 && dst_sel != 2 && dst_sel != 5)
		return bad_packet(sim, pk, n, "WRITE_DATA destination not modelled");
	if (addr % 4)
		return bad_packet(sim, pk, n, "WRITE_DATA address not dword aligned");
	for (unsigned i = 4; i < n; i++)
		if (write_mem(sim, addr + (one_addr ? 0 : 4ull * (i - 4)), &pk[i], 4,
			      "WRITE_DATA"))
			return -1;
	return 0;
}

/*
 * COPY_DATA (Mesa sid.h field layout): SRC_SEL [3:0] register (0),
 * memory (1, 2 = TC_L2), immediate (5) or the GPU timestamp (9); DST_SEL
 * [11:8] register (0) or memory (1, 2, 5); COUNT_SEL [16] 64-bit.  GDS
 * and perf counters do not exist on this board: refused.  Registers are
 * the SH file the model has (0x2c00..0x2fff).
 */
static int copy_data(struct bh_sim *sim, const uint32_t *pk, unsigned n)
{
	if (n != 6)
		return bad_packet(sim, pk, n, "COPY_DATA must be 6 dwords");
	unsigned src = pk[1] & 0xf, dst = (pk[1] >> 8) & 0xf, bytes = pk[1] & (1u << 16) ? 8 : 4;
	uint64_t saddr = pk[2] | (uint64_t)pk[3] << 32, daddr = pk[4] | (uint64_t)pk[5] << 32;
	uint32_t v[2] = { 0, 0 };

	switch (src) {
	case 0:
		if (!reg_range_ok(pk[2], bytes / 4, SH_REG_BASE, SH_REG_BASE + SH_REG_COUNT))
			return bad_packet(sim, pk, n, "COPY_DATA source register not modelled");
		for (unsigned i = 0; i < bytes / 4; i++)
			v[i] = sim->sh[pk[2] - SH_REG_BASE + i];
		break;
	case 1:
	case 2: {
		if (saddr % bytes)
			return bad_packet(sim, pk, n, "COPY_DATA source address misaligned");
		uint8_t *p = mem_translate(sim, saddr, bytes);

		if (!p) {
			sim_fault(sim, BH_SIM_FAULT_MEMORY, 0, pk, 3, saddr,
				  "CP: COPY_DATA reads unmapped address 0x%llx",
				  (unsigned long long)saddr);
			return -1;
		}
		memcpy(v, p, bytes);
		break;
	}
	case 5:
		v[0] = pk[2];
		v[1] = pk[3];
		break;
	case 9: {
		uint64_t t = bh_sim_clock(sim);

		v[0] = (uint32_t)t;
		v[1] = (uint32_t)(t >> 32);
		break;
	}
	default:
		return bad_packet(sim, pk, n, "COPY_DATA source not modelled (GDS, perf counters)");
	}
	if (dst == 0) {
		if (!reg_range_ok(pk[4], bytes / 4, SH_REG_BASE, SH_REG_BASE + SH_REG_COUNT))
			return bad_packet(sim, pk, n, "COPY_DATA destination register not modelled");
		for (unsigned i = 0; i < bytes / 4; i++)
			sim->sh[pk[4] - SH_REG_BASE + i] = v[i];
		return 0;
	}
	if (dst != 1 && dst != 2 && dst != 5)
		return bad_packet(sim, pk, n, "COPY_DATA destination not modelled (GDS, perf counters)");
	if (daddr % bytes)
		return bad_packet(sim, pk, n, "COPY_DATA destination address misaligned");
	return write_mem(sim, daddr, v, bytes, "COPY_DATA");
}

/*
 * WAIT_REG_MEM (7 dwords: a dword) and WAIT_REG_MEM64 (9 dwords: a
 * qword at an 8-byte aligned address, reference and mask in two dwords
 * each, low first).  A false condition stalls the queue at this packet
 * (returns 1); the CP polls again on the next doorbell of any queue or
 * bh_sim_poll().  Only at ring level: resuming inside an IB would need
 * the IB stack saved, which this model does not do, so a false wait
 * inside an IB is refused.
 */
static int wait_reg_mem(struct bh_sim *sim, const uint32_t *pk, unsigned n, unsigned depth,
			bool wide)
{
	const char *name = wide ? "WAIT_REG_MEM64" : "WAIT_REG_MEM";
	const unsigned size = wide ? 8 : 4;

	if (n != (wide ? 9u : 7u))
		return bad_packet(sim, pk, n, wide ? "WAIT_REG_MEM64 must be 9 dwords" :
				  "WAIT_REG_MEM must be 7 dwords");
	if (((pk[1] >> 4) & 3) != 1)
		return bad_packet(sim, pk, n, "WAIT_REG_MEM on a register is not modelled");
	if ((pk[1] >> 6) & 3)
		return bad_packet(sim, pk, n, "WAIT_REG_MEM write-then-wait is not modelled");
	uint64_t addr = pk[2] | (uint64_t)pk[3] << 32;

	if (addr % size)
		return bad_packet(sim, pk, n, wide ? "WAIT_REG_MEM64 address not qword aligned" :
				  "WAIT_REG_MEM address not dword aligned");
	uint8_t *p = mem_translate(sim, addr, size);
	uint64_t v, ref, mask;

	if (!p) {
		sim_fault(sim, BH_SIM_FAULT_MEMORY, 0, pk, 3, addr,
			  "CP: %s polls unmapped address 0x%llx", name,
			  (unsigned long long)addr);
		return -1;
	}
	/* The host (or another queue) writes the word it polls: an acquire
	 * load, so what it published before is visible after the wait (the
	 * address is aligned to its size, checked above, and so is its host
	 * page). */
	if (wide) {
		v = __atomic_load_n((const uint64_t *)(const void *)p, __ATOMIC_ACQUIRE);
		ref = pk[4] | (uint64_t)pk[5] << 32;
		mask = pk[6] | (uint64_t)pk[7] << 32;
	} else {
		v = __atomic_load_n((const uint32_t *)(const void *)p, __ATOMIC_ACQUIRE);
		ref = pk[4];
		mask = pk[5];
	}
	v &= mask;
	bool ok;

	switch (pk[1] & 7) {
	case 0: ok = true; break;
	case 1: ok = v < ref; break;
	case 2: ok = v <= ref; break;
	case 3: ok = v == ref; break;
	case 4: ok = v != ref; break;
	case 5: ok = v >= ref; break;
	case 6: ok = v > ref; break;
	default: return bad_packet(sim, pk, n, "WAIT_REG_MEM bad function");
	}
	if (!ok && depth > 0)
		return bad_packet(sim, pk, n, "WAIT_REG_MEM inside an IB whose condition is false "
				  "(the model stalls only at ring level)");
	return ok ? 0 : 2;
}

/*
 * EVENT_WRITE: only CS_PARTIAL_FLUSH (the 2-dword form).  Dispatches run
 * to completion, so the flush has nothing left to wait for.  Other events
 * carry addresses or act on caches/counters the model does not have.
 */
static int event_write(struct bh_sim *sim, const uint32_t *pk, unsigned n)
{
	if (n < 2)
		return bad_packet(sim, pk, n, "EVENT_WRITE without an event");
	if ((pk[1] & 0x3f) != EVENT_CS_PARTIAL_FLUSH)
		return bad_packet(sim, pk, n, "EVENT_WRITE event type not modelled "
				  "(only CS_PARTIAL_FLUSH)");
	if (((pk[1] >> 8) & 0xf) != EVENT_INDEX_CS_PARTIAL_FLUSH || n != 2)
		return bad_packet(sim, pk, n, "CS_PARTIAL_FLUSH must be 2 dwords, EVENT_INDEX 4");
	return 0;
}

/*
 * ACQUIRE_MEM: the model's caches are coherent, so the cache actions
 * have nothing to do; the framing is checked against the target's form.
 * gfx9: 7 dwords, the actions in COHER_CNTL (dw1).  gfx10+: 8 dwords,
 * COHER_CNTL 0 for compute and the actions in GCR_CNTL (dw7; Linux
 * gfx_v11_0.c gfx_v11_0_emit_mem_sync).  GCR_CNTL's fields end at
 * RANGE_IS_PA, bit 18 (Mesa sid.h S_586_*); a higher bit is refused, as
 * is a range other than "everything" (the model tracks no address
 * ranges: COHER_SIZE 0xffffffff/0xffffff and base 0, as Linux sends).
 */
static int acquire_mem(struct bh_sim *sim, const uint32_t *pk, unsigned n)
{
	if (!sim->target->acquire_gcr)
		return n == 7 ? 0 : bad_packet(sim, pk, n, "ACQUIRE_MEM must be 7 dwords on gfx9");
	if (n != 8)
		return bad_packet(sim, pk, n, "ACQUIRE_MEM must be 8 dwords on gfx10+ "
				  "(COHER_CNTL, range, POLL_INTERVAL, GCR_CNTL)");
	if (pk[1])
		return bad_packet(sim, pk, n, "ACQUIRE_MEM COHER_CNTL is not modelled on gfx10+ "
				  "(cache actions belong in GCR_CNTL)");
	if (pk[2] != 0xffffffffu || (pk[3] & 0xffffff) != 0xffffff || pk[4] || pk[5])
		return bad_packet(sim, pk, n, "ACQUIRE_MEM over a partial range is not modelled");
	if (pk[7] >> 19)
		return bad_packet(sim, pk, n, "ACQUIRE_MEM GCR_CNTL has bits above RANGE_IS_PA");
	return 0;
}

static int run_stream(struct bh_sim *sim, struct stream *s, unsigned depth);

/*
 * INDIRECT_BUFFER: run the IB and come back.  With CHAIN (bit 20) the IB
 * replaces the rest of the current IB instead (returns 1: @s now points
 * at it); chaining from the ring itself is refused.
 */
static int indirect_buffer(struct bh_sim *sim, const uint32_t *pk, unsigned n,
			   unsigned depth, struct stream *s)
{
	if (n != 4)
		return bad_packet(sim, pk, n, "INDIRECT_BUFFER must be 4 dwords");
	if (!(pk[3] & (1u << 23)))
		return bad_packet(sim, pk, n, "INDIRECT_BUFFER without VALID");
	if (depth >= MAX_IB_DEPTH)
		return bad_packet(sim, pk, n, "INDIRECT_BUFFER nested too deep");
	struct stream ib = {
		.sim = sim, .base = (pk[1] & ~3u) | (uint64_t)(pk[2] & 0xffff) << 32,
		.size = pk[3] & 0xfffff, .ring = false, .pos = 0, .end = pk[3] & 0xfffff,
	};

	if (pk[3] & (1u << 20)) {
		if (s->ring)
			return bad_packet(sim, pk, n, "chained INDIRECT_BUFFER in the ring "
					  "(chaining links IBs)");
		if (++s->chained > MAX_IB_CHAIN)
			return bad_packet(sim, pk, n, "too many chained INDIRECT_BUFFERs (a loop?)");
		s->base = ib.base;
		s->size = ib.size;
		s->pos = 0;
		s->end = ib.end;
		return 1;
	}
	return run_stream(sim, &ib, depth + 1);
}

static int execute(struct bh_sim *sim, const uint32_t *pk, unsigned n, unsigned depth,
		   struct stream *s)
{
	uint32_t op = (pk[0] >> 8) & 0xff;

	/* Between another dispatch's rounds (queue.c): no IB (which may hold
	 * a dispatch), and no dispatch but one in the ring of an asynchronous
	 * board, which starts beside the running one; the packet waits for
	 * the CP's next step. */
	if (sim->nested && (op == PKT3_INDIRECT_BUFFER ||
			    (op == PKT3_DISPATCH_DIRECT && (depth || !bh_sim_is_async(sim)))))
		return 3;
	sim->stats.packets++;
	switch (op) {
	case PKT3_NOP:
		return 0;
	case PKT3_SET_SH_REG:
		return set_regs(sim, pk, n, SH_REG_BASE, SH_REG_BASE + SH_REG_COUNT);
	case PKT3_SET_UCONFIG_REG:
		return set_regs(sim, pk, n, 0xc000, 0xc400);
	case PKT3_DISPATCH_DIRECT:
		if (n != 5)
			return bad_packet(sim, pk, n, "DISPATCH_DIRECT must be 5 dwords");
		/* In the ring of an asynchronous board it runs beside the other
		 * queues' dispatches (the queue waits for it: 4), as on the
		 * MEC's pipes; else to its end here. */
		if (!depth && bh_sim_is_async(sim)) {
			int r = dispatch_start(sim, &pk[1], pk[4], n);

			if (r == 3)
				sim->stats.packets--;	/* it comes again */
			return r == 1 ? 4 : r;
		}
		return dispatch_direct(sim, &pk[1], pk[4]);
	case PKT3_RELEASE_MEM:
		return release_mem(sim, pk, n);
	case PKT3_ACQUIRE_MEM:
		return acquire_mem(sim, pk, n);
	case PKT3_EVENT_WRITE:
		return event_write(sim, pk, n);
	case PKT3_WAIT_REG_MEM:
		return wait_reg_mem(sim, pk, n, depth, false);
	case PKT3_WAIT_REG_MEM64:
		return wait_reg_mem(sim, pk, n, depth, true);
	case PKT3_WRITE_DATA:
		return write_data(sim, pk, n);
	case PKT3_INDIRECT_BUFFER:
		return indirect_buffer(sim, pk, n, depth, s);
	case PKT3_COPY_DATA:
		return copy_data(sim, pk, n);
	}
	return bad_packet(sim, pk, n, "opcode not modelled");
}

static int run_stream(struct bh_sim *sim, struct stream *s, unsigned depth)
{
	uint32_t pk[MAX_PACKET_DWORDS];

	while (s->pos < s->end) {
		if (fetch(s, s->pos, &pk[0]))
			return -1;
		uint32_t type = pk[0] >> 30;

		if (type != 3)
			return bad_packet(sim, pk, 1, type == 2 ? "type-2 filler on a compute queue"
					  : "type-0/1 packets are not modelled");
		/* PACKET3(NOP, 0x3FFF) is a one-dword pad. */
		unsigned n = pk[0] == PM4_NOP_PAD ? 1 : ((pk[0] >> 16) & 0x3fff) + 2;

		if (n > MAX_PACKET_DWORDS || s->pos + n > s->end)
			return bad_packet(sim, pk, 1, "packet runs past the write pointer");
		for (unsigned i = 1; i < n; i++)
			if (fetch(s, s->pos + i, &pk[i]))
				return -1;
		if (sim->cfg.trace) {
			unsigned op = (pk[0] >> 8) & 0xff;
			const char *name = sim_pm4_name(op);

			if (op == PKT3_SET_SH_REG && n >= 2)
				fprintf(stderr, "sim: CP packet SET_SH_REG (0x%02x), %u dwords: "
					"%u register%s from 0x%x\n", op, n, n - 2, n == 3 ? "" : "s",
					0x2c00 + (pk[1] & 0xffff));
			else
				fprintf(stderr, "sim: CP packet %s (0x%02x), %u dwords\n",
					name ? name : "(unknown)", op, n);
		}
		int r = execute(sim, pk, n, depth, s);

		if (r < 0)
			return -1;
		if (r == 2)		/* WAIT_REG_MEM false: stall at this packet */
			return 2;
		if (r == 3)		/* deferred (nested): stop before it */
			return 3;
		if (r == 4)		/* a dispatch running on: the queue waits at it */
			return 4;
		if (r > 0)		/* chained: @s is the new IB, from its start */
			continue;
		s->pos += n;
		if (s->ring) {
			uint32_t rptr = (uint32_t)(s->pos % s->size);
			uint8_t *rp = mem_translate(sim, s->rptr_va, 4);

			if (rp)
				publish(rp, &rptr, 4);
			if (s->budget && !--s->budget)
				return 0;	/* the CP goes round its queues */
		}
	}
	return 0;
}

/*
 * An INDIRECT_BUFFER packet that is not in a ring: the one an AQL queue's
 * PM4_IB packet carries (aql.c).  Its IB runs as one called from a ring
 * (depth 1: a false WAIT_REG_MEM in it is refused).  CHAIN would replace
 * the rest of an IB, and there is none: refused.
 */
int pm4_call_ib(struct bh_sim *sim, const uint32_t pk[4])
{
	unsigned n = ((pk[0] >> 16) & 0x3fff) + 2;
	struct stream none = { .sim = sim, .ring = true };

	if (pk[0] >> 30 != 3 || ((pk[0] >> 8) & 0xff) != PKT3_INDIRECT_BUFFER)
		return bad_packet(sim, pk, 1, "not an INDIRECT_BUFFER packet");
	if (n != 4)
		return bad_packet(sim, pk, 4, "INDIRECT_BUFFER must be 4 dwords");
	if (pk[3] & (1u << 20))
		return bad_packet(sim, pk, 4, "chained INDIRECT_BUFFER outside an IB");
	if (sim->cfg.trace)
		fprintf(stderr, "sim: CP packet INDIRECT_BUFFER (0x%02x), 4 dwords (AQL PM4_IB)\n",
			PKT3_INDIRECT_BUFFER);
	sim->stats.packets++;
	return indirect_buffer(sim, pk, n, 0, &none) < 0 ? -1 : 0;
}

void pm4_run(struct bh_sim *sim, struct sim_queue *q, unsigned budget)
{
	struct stream s = {
		.sim = sim, .base = q->ring_va, .size = q->ring_dwords, .ring = true,
		.rptr_va = q->rptr_va, .pos = q->rptr, .end = q->wptr, .budget = budget,
	};
	int r = run_stream(sim, &s, 0);

	q->stalled = r == 2;
	q->inflight = r == 4;
	if (r < 0)
		q->faulted = true;
	q->rptr = s.pos;
}
