// SPDX-License-Identifier: MIT
/*
 * The model's AQL queue mode through its public face: clang-19's
 * aql_ids kernel (tests/model/kernels, -O0..-O3, gfx90a and gfx942)
 * dispatched by 64-byte AQL packets written here from the HSA layout
 * (header last), completion signals in amd_signal_t layout, barrier-AND
 * and barrier-OR packets, AMD's PM4_IB vendor packet (a PM4 indirect
 * buffer, as ROCr's AqlQueue::ExecutePM4 writes it), a wrapping ring,
 * and every malformed packet the packet processor must refuse.  Expected
 * values are computed here.
 */
#include <stdio.h>
#include <string.h>

#include "model_kernels.h"
#include "sim.h"
#include "testlib.h"

#define VA(off)		(BH_SIM_VRAM_BASE + (off))
#define CODE_OFF	0x000000ull
#define CODE_SPAN	0x100000ull
#define RING_OFF	0x100000ull	/* 16 packets */
#define RING_PACKETS	16
#define READ_INDEX_OFF	0x101000ull
#define QUEUE_OFF	0x101100ull
#define KERNARG_OFF	0x102000ull
#define SIGNAL_OFF	0x103000ull	/* 64 bytes per signal */
#define MAILBOX_OFF	0x104000ull
#define IB_OFF		0x105000ull
#define OUT_OFF		0x200000ull
#define SCRATCH_OFF	0x400000ull
#define SCRATCH_BYTES	(4ull << 20)
#define VRAM_SIZE	(16ull << 20)

enum { T_VENDOR, T_INVALID, T_DISPATCH, T_BARRIER_AND, T_AGENT, T_BARRIER_OR };
/* header: type [7:0], barrier [8], acquire scope [10:9], release [12:11] */
#define HEADER(type) ((uint16_t)((type) | 1u << 8 | 2u << 9 | 2u << 11))

struct aql {
	struct bh_sim *sim;
	uint8_t *vram;
	const struct model_kernel *k;
	uint64_t windex;
};

static void wr16(uint8_t *p, uint16_t v) { memcpy(p, &v, 2); }
static void wr32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static void wr64(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }
static uint64_t rd64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }
static uint32_t rd32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static uint16_t rd16(const uint8_t *p) { uint16_t v; memcpy(&v, p, 2); return v; }

static const struct model_kernel *find(int gfx942, int opt)
{
	for (size_t i = 0; i < sizeof(model_kernels) / sizeof(model_kernels[0]); i++)
		if (!strcmp(model_kernels[i].kernel, "aql_ids") &&
		    model_kernels[i].gfx942 == gfx942 && model_kernels[i].opt == opt)
			return &model_kernels[i];
	return NULL;
}

static int open_aql(struct aql *a, const struct model_kernel *k)
{
	struct bh_sim_config cfg = {
		.gfx = k->gfx942 ? BH_SIM_GFX942 : BH_SIM_GFX90A, .vram_size = VRAM_SIZE,
		.num_cus = 4, .max_instructions = 10000000,
	};
	struct bh_sim_aql_queue q = {
		.ring_va = VA(RING_OFF), .packets = RING_PACKETS,
		.read_index_va = VA(READ_INDEX_OFF), .queue_va = VA(QUEUE_OFF),
		.scratch_va = VA(SCRATCH_OFF), .scratch_bytes = SCRATCH_BYTES,
	};

	memset(a, 0, sizeof(*a));
	a->k = k;
	a->sim = bh_sim_create(&cfg, NULL);
	if (!a->sim)
		return -1;
	a->vram = bh_sim_vram(a->sim);
	for (unsigned i = 0; i < k->nsegs; i++) {
		const struct model_segment *s = &k->segs[i];

		if (s->vaddr + s->memsz > CODE_SPAN)
			return -1;
		memcpy(a->vram + CODE_OFF + s->vaddr, s->bytes, s->filesz);
	}
	/* An empty ring: every header INVALID. */
	for (unsigned i = 0; i < RING_PACKETS; i++)
		wr16(a->vram + RING_OFF + 64 * i, T_INVALID);
	wr64(a->vram + KERNARG_OFF, VA(OUT_OFF));
	return bh_sim_queue_init_aql(a->sim, 0, &q);
}

static uint8_t *slot(struct aql *a, uint64_t index)
{
	return a->vram + RING_OFF + 64 * (index % RING_PACKETS);
}

static uint64_t signal_at(struct aql *a, unsigned i, int64_t value, uint64_t mailbox,
			  uint32_t event)
{
	uint8_t *s = a->vram + SIGNAL_OFF + 64 * i;

	memset(s, 0, 64);
	wr64(s, 1);			/* kind: user signal */
	wr64(s + 8, (uint64_t)value);
	wr64(s + 16, mailbox);
	wr32(s + 24, event);
	return VA(SIGNAL_OFF + 64 * i);
}

static int64_t signal_value(struct aql *a, unsigned i)
{
	return (int64_t)rd64(a->vram + SIGNAL_OFF + 64 * i + 8);
}

/* A dispatch packet at the write index; the header goes in last. */
static void put_dispatch(struct aql *a, const uint16_t wg[3], const uint32_t grid[3],
			 unsigned dims, uint64_t signal)
{
	uint8_t *p = slot(a, a->windex++);
	uint32_t priv = 0;

	/* The descriptor's private segment size (scratch at -O0). */
	memcpy(&priv, a->vram + CODE_OFF + a->k->kd + 4, 4);
	memset(p + 2, 0, 62);
	wr16(p + 2, (uint16_t)dims);
	for (unsigned d = 0; d < 3; d++) {
		wr16(p + 4 + 2 * d, wg[d]);
		wr32(p + 12 + 4 * d, grid[d]);
	}
	wr32(p + 24, priv);
	wr32(p + 28, 0);
	wr64(p + 32, VA(CODE_OFF + a->k->kd));
	wr64(p + 40, VA(KERNARG_OFF));
	wr64(p + 56, signal);
	wr16(p, HEADER(T_DISPATCH));
}

static void put_barrier(struct aql *a, bool any, const uint64_t *deps, unsigned n,
			uint64_t signal)
{
	uint8_t *p = slot(a, a->windex++);

	memset(p + 2, 0, 62);
	for (unsigned i = 0; i < n; i++)
		wr64(p + 8 + 8 * i, deps[i]);
	wr64(p + 56, signal);
	wr16(p, HEADER(any ? T_BARRIER_OR : T_BARRIER_AND));
}

/*
 * AMD_AQL_FORMAT_PM4_IB as ROCr 5.2's AqlQueue::ExecutePM4 builds it:
 * vendor header (format 1), PM4 INDIRECT_BUFFER of @ib_dwords at @ib_va
 * (IB_VALID), dw_cnt_remain 10, reserved zero, the completion signal.
 */
#define PM4_IB_JUMP	0xc0023f00u	/* type 3, INDIRECT_BUFFER, 4 dwords */

static uint8_t *put_pm4_ib(struct aql *a, uint16_t header, uint64_t ib_va, uint32_t ib_dwords,
			   uint64_t signal)
{
	uint8_t *p = slot(a, a->windex++);

	memset(p + 2, 0, 62);
	wr16(p + 2, 1);
	wr32(p + 4, PM4_IB_JUMP);
	wr32(p + 8, (uint32_t)ib_va & ~3u);
	wr32(p + 12, (uint32_t)(ib_va >> 32) & 0xffff);
	wr32(p + 16, ib_dwords | 1u << 23);
	wr32(p + 20, 10);
	wr64(p + 56, signal);
	wr16(p, header);
	return p;
}

/* The IB: WRITE_DATA of two dwords to OUT_OFF, then the ACQUIRE_MEM of
 * GpuAgent::InvalidateCodeCaches (I$, K$, TC, TC writeback; all memory). */
static uint32_t put_ib(struct aql *a)
{
	static const uint32_t ib[] = {
		0xc0043700u, 5u << 8, (uint32_t)VA(OUT_OFF), (uint32_t)(VA(OUT_OFF) >> 32),
		0x1234, 0x5678,
		0xc0055800u, 0x28840000u, 0xffffffffu, 0xff, 0, 0, 0,
	};

	memcpy(a->vram + IB_OFF, ib, sizeof(ib));
	return sizeof(ib) / 4;
}

static uint64_t read_index(struct aql *a)
{
	return rd64(a->vram + READ_INDEX_OFF);
}

/* The ids kernel's output for one dispatch of @grid: 0, or -1 with a message. */
static int check_ids(struct aql *a, const uint32_t grid[3])
{
	uint32_t n = grid[0] * grid[1] * grid[2];
	const uint8_t *out = a->vram + OUT_OFF;

	if (rd32(out) != n)
		return fprintf(stderr, "\n  %u work-items ran, want %u", rd32(out), n), -1;
	for (uint32_t z = 0; z < grid[2]; z++)
		for (uint32_t y = 0; y < grid[1]; y++)
			for (uint32_t x = 0; x < grid[0]; x++) {
				uint32_t i = (z * grid[1] + y) * grid[0] + x;
				uint32_t want = x | y << 10 | z << 20;

				if (rd32(out + 4 + 4 * i) != want)
					return fprintf(stderr, "\n  (%u,%u,%u): 0x%x, want 0x%x",
						       x, y, z, rd32(out + 4 + 4 * i), want), -1;
			}
	if (rd32(out + 4 + 4 * n) != 0xdeadbeef)
		return fprintf(stderr, "\n  wrote past the grid"), -1;
	return 0;
}

static void clear_out(struct aql *a, uint32_t n)
{
	memset(a->vram + OUT_OFF, 0, 4);
	for (uint32_t i = 0; i <= n; i++)
		wr32(a->vram + OUT_OFF + 4 + 4 * i, 0xdeadbeef);
}

/* A 3-D dispatch with partial groups in every dimension, on each variant. */
static void run_ids(int gfx942)
{
	for (int opt = 0; opt <= 3; opt++) {
		const struct model_kernel *k = find(gfx942, opt);
		struct aql a;
		struct bh_sim_fault f;
		uint16_t wg[3] = { 8, 4, 2 };
		uint32_t grid[3] = { 13, 7, 3 };
		uint32_t ctx;
		uint64_t rptr;

		CU_ASSERT_PTR_NOT_NULL_FATAL(k);
		CU_ASSERT_EQUAL_FATAL(open_aql(&a, k), 0);
		clear_out(&a, 13 * 7 * 3);
		uint64_t sig = signal_at(&a, 0, 1, VA(MAILBOX_OFF), 0x77);

		put_dispatch(&a, wg, grid, 3, sig);
		bh_sim_doorbell(a.sim, 0, a.windex);
		if (bh_sim_take_fault(a.sim, &f)) {
			fprintf(stderr, "\n  aql_ids %s -O%d: %s", gfx942 ? "gfx942" : "gfx90a", opt,
				f.message);
			CU_FAIL("the AQL dispatch faulted");
		}
		CU_ASSERT_EQUAL(check_ids(&a, grid), 0);
		CU_ASSERT_EQUAL(signal_value(&a, 0), 0);
		CU_ASSERT_EQUAL(rd64(a.vram + MAILBOX_OFF), 0x77);
		CU_ASSERT_TRUE(bh_sim_take_interrupt(a.sim, &ctx) && ctx == 0x77);
		CU_ASSERT_EQUAL(read_index(&a), 1);
		CU_ASSERT_EQUAL(rd16(slot(&a, 0)) & 0xff, T_INVALID);	/* slot released */
		CU_ASSERT_EQUAL(bh_sim_queue_status(a.sim, 0, &rptr), BH_SIM_QUEUE_IDLE);
		CU_ASSERT_EQUAL(rptr, 1);
		/* start_ts <= end_ts, both written */
		uint8_t *s = a.vram + SIGNAL_OFF;

		CU_ASSERT_TRUE(rd64(s + 40) >= rd64(s + 32) && rd64(s + 40) != 0);
		bh_sim_destroy(a.sim);
	}
}

static void test_ids_gfx90a(void) { run_ids(0); }
static void test_ids_gfx942(void) { run_ids(1); }

/* Barrier packets stall the queue until their signals allow; a header
 * still INVALID at the write index waits for the producer. */
static void test_barriers(void)
{
	struct aql a;
	uint16_t wg[3] = { 64, 1, 1 };
	uint32_t grid[3] = { 100, 1, 1 };
	uint64_t rptr;

	CU_ASSERT_EQUAL_FATAL(open_aql(&a, find(0, 2)), 0);
	uint64_t s1 = signal_at(&a, 1, 1, 0, 0), s2 = signal_at(&a, 2, 1, 0, 0);
	uint64_t done = signal_at(&a, 3, 2, 0, 0);
	uint64_t deps_and[2] = { s1, s2 }, deps_or[2] = { s1, s2 };

	/* AND over s1, s2, then a dispatch. */
	clear_out(&a, 100);
	put_barrier(&a, false, deps_and, 2, done);
	put_dispatch(&a, wg, grid, 1, done);
	bh_sim_doorbell(a.sim, 0, a.windex);
	CU_ASSERT_EQUAL(bh_sim_queue_status(a.sim, 0, &rptr), BH_SIM_QUEUE_STALLED);
	CU_ASSERT_EQUAL(rptr, 0);
	CU_ASSERT_EQUAL(rd32(a.vram + OUT_OFF), 0);
	wr64(a.vram + SIGNAL_OFF + 64 * 1 + 8, 0);		/* s1 = 0: still waits for s2 */
	CU_ASSERT_EQUAL(bh_sim_poll(a.sim), 1);
	wr64(a.vram + SIGNAL_OFF + 64 * 2 + 8, 0);		/* s2 = 0: runs */
	CU_ASSERT_EQUAL(bh_sim_poll(a.sim), 0);
	CU_ASSERT_EQUAL(read_index(&a), 2);
	CU_ASSERT_EQUAL(check_ids(&a, grid), 0);
	CU_ASSERT_EQUAL(signal_value(&a, 3), 0);		/* both packets completed */
	/* OR over s1 = s2 = 1: waits until one is 0. */
	signal_at(&a, 1, 1, 0, 0);
	signal_at(&a, 2, 1, 0, 0);
	put_barrier(&a, true, deps_or, 2, 0);
	bh_sim_doorbell(a.sim, 0, a.windex);
	CU_ASSERT_EQUAL(bh_sim_queue_status(a.sim, 0, NULL), BH_SIM_QUEUE_STALLED);
	wr64(a.vram + SIGNAL_OFF + 64 * 2 + 8, 0);
	CU_ASSERT_EQUAL(bh_sim_poll(a.sim), 0);
	CU_ASSERT_EQUAL(read_index(&a), 3);
	/* The doorbell runs ahead of the header: the packet waits. */
	uint8_t *p = slot(&a, a.windex);

	clear_out(&a, 100);
	put_dispatch(&a, wg, grid, 1, 0);
	wr16(p, T_INVALID);
	bh_sim_doorbell(a.sim, 0, a.windex);
	CU_ASSERT_EQUAL(bh_sim_queue_status(a.sim, 0, NULL), BH_SIM_QUEUE_STALLED);
	wr16(p, HEADER(T_DISPATCH));
	CU_ASSERT_EQUAL(bh_sim_poll(a.sim), 0);
	CU_ASSERT_EQUAL(check_ids(&a, grid), 0);
	CU_ASSERT_EQUAL(read_index(&a), 4);
	bh_sim_destroy(a.sim);
}

/* More packets than ring slots, in batches: every completion counted. */
static void test_wrap(void)
{
	struct aql a;
	uint16_t wg[3] = { 64, 1, 1 };
	uint32_t grid[3] = { 64, 1, 1 };
	struct bh_sim_stats st;

	CU_ASSERT_EQUAL_FATAL(open_aql(&a, find(1, 3)), 0);
	uint64_t sig = signal_at(&a, 0, 100, 0, 0);

	for (unsigned batch = 0; batch < 10; batch++) {
		for (unsigned i = 0; i < 10; i++)
			put_dispatch(&a, wg, grid, 1, sig);
		bh_sim_doorbell(a.sim, 0, a.windex);
	}
	CU_ASSERT_EQUAL(read_index(&a), 100);
	CU_ASSERT_EQUAL(signal_value(&a, 0), 0);
	CU_ASSERT_EQUAL(rd32(a.vram + OUT_OFF), 64 * 100);
	bh_sim_get_stats(a.sim, &st);
	CU_ASSERT_EQUAL(st.dispatches, 100);
	bh_sim_destroy(a.sim);
}

/* PM4_IB packets run their IB and complete like any packet; in ROCr 5.2's
 * form (no barrier bit, no fences, no signal) too, then a dispatch. */
static void test_pm4_ib(void)
{
	struct aql a;
	struct bh_sim_fault f;
	uint16_t wg[3] = { 64, 1, 1 };
	uint32_t grid[3] = { 64, 1, 1 };
	uint64_t rptr;

	CU_ASSERT_EQUAL_FATAL(open_aql(&a, find(0, 2)), 0);
	uint32_t n = put_ib(&a);
	uint64_t sig = signal_at(&a, 0, 1, 0, 0);

	put_pm4_ib(&a, HEADER(T_VENDOR), VA(IB_OFF), n, sig);
	bh_sim_doorbell(a.sim, 0, a.windex);
	if (bh_sim_take_fault(a.sim, &f)) {
		fprintf(stderr, "\n  PM4_IB: %s", f.message);
		CU_FAIL("the PM4_IB packet faulted");
	}
	CU_ASSERT_EQUAL(rd32(a.vram + OUT_OFF), 0x1234);
	CU_ASSERT_EQUAL(rd32(a.vram + OUT_OFF + 4), 0x5678);
	CU_ASSERT_EQUAL(signal_value(&a, 0), 0);
	CU_ASSERT_EQUAL(read_index(&a), 1);
	CU_ASSERT_EQUAL(rd16(slot(&a, 0)) & 0xff, T_INVALID);
	/* ROCr 5.2.3: header type only, completion_signal 0; a dispatch after. */
	memset(a.vram + OUT_OFF, 0, 8);
	put_pm4_ib(&a, T_VENDOR, VA(IB_OFF), n, 0);
	put_dispatch(&a, wg, grid, 1, 0);
	bh_sim_doorbell(a.sim, 0, a.windex);
	CU_ASSERT_FALSE(bh_sim_take_fault(a.sim, &f));
	CU_ASSERT_EQUAL(read_index(&a), 3);
	CU_ASSERT_EQUAL(bh_sim_queue_status(a.sim, 0, &rptr), BH_SIM_QUEUE_IDLE);
	CU_ASSERT_EQUAL(rptr, 3);
	/* In order: the IB wrote 0x1234, then 64 work-items added 1 each. */
	CU_ASSERT_EQUAL(rd32(a.vram + OUT_OFF), 0x1234 + 64);
	bh_sim_destroy(a.sim);
}

/* Each malformed packet: a BAD_PACKET fault naming it, the queue in
 * ERROR; after a reset the next packet runs. */
static void test_bad_packets(void)
{
	static const struct {
		const char *what;
		int field;		/* which part to break */
	} cases[] = {
		{ "AMD vendor packet format 0", 0 },
		{ "workgroup_size_y is 0", 1 },
		{ "grid_size_x is 0", 2 },
		{ "setup dimensions 0", 3 },
		{ "kernel_object 0x", 4 },
		{ "beyond setup", 5 },
		{ "completion_signal 0x", 6 },
		{ "exceeds 1024", 7 },
		{ "dependency signal 0x", 8 },
		{ "packet type 4 is not modelled", 9 },
		{ "reserved fence scope", 10 },
		{ "AMD vendor packet BARRIER_VALUE", 11 },
		{ "AMD vendor packet format 7", 12 },
		{ "header byte 3 is 0x01", 13 },
		{ "dw_cnt_remain is 9", 14 },
		{ "reserved dword 9 is 0x00000001", 15 },
		{ "is not a 4-dword PM4 INDIRECT_BUFFER", 16 },
		{ "INDIRECT_BUFFER without VALID", 17 },
		{ "chained INDIRECT_BUFFER outside an IB", 18 },
		{ "opcode not modelled", 19 },
	};
	struct aql a;
	uint16_t wg[3] = { 64, 1, 1 };
	uint32_t grid[3] = { 64, 1, 1 };

	CU_ASSERT_EQUAL_FATAL(open_aql(&a, find(0, 1)), 0);
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct bh_sim_fault f;
		uint64_t index = a.windex;
		uint8_t *p = slot(&a, index);

		if (cases[c].field == 8) {
			uint64_t dep = VA(VRAM_SIZE + 0x1000);	/* unmapped */

			put_barrier(&a, false, &dep, 1, 0);
		} else if (cases[c].field >= 11) {
			put_pm4_ib(&a, HEADER(T_VENDOR), VA(IB_OFF), put_ib(&a), 0);
		} else {
			put_dispatch(&a, wg, grid, 1, 0);
		}
		switch (cases[c].field) {
		case 0: wr16(p + 2, 0); wr16(p, HEADER(T_VENDOR)); break;
		case 1: wr16(p + 6, 0); break;
		case 2: wr32(p + 12, 0); break;
		case 3: wr16(p + 2, 0); break;
		case 4: wr64(p + 32, VA(VRAM_SIZE + 0x1000)); break;
		case 5: wr16(p + 8, 2); break;			/* z size 2 in a 1-D packet */
		case 6: wr64(p + 56, VA(VRAM_SIZE + 0x40)); break;
		case 7: wr16(p + 4, 1024); wr16(p + 2, 2); wr16(p + 6, 2);
			wr32(p + 16, 2); break;
		case 9: wr16(p, HEADER(T_AGENT)); break;
		case 10: wr16(p, (uint16_t)(HEADER(T_DISPATCH) | 3u << 11)); break;
		case 11: p[2] = 2; break;
		case 12: p[2] = 7; break;
		case 13: p[3] = 1; break;
		case 14: wr32(p + 20, 9); break;
		case 15: wr32(p + 36, 1); break;
		case 16: wr32(p + 4, 0xc0021000u); break;	/* a NOP */
		case 17: wr32(p + 16, rd32(p + 16) & ~(1u << 23)); break;
		case 18: wr32(p + 16, rd32(p + 16) | 1u << 20); break;
		case 19: wr32(a.vram + IB_OFF, 0xc0009900u); break;	/* opcode 0x99 */
		default: break;
		}
		bh_sim_doorbell(a.sim, 0, a.windex);
		CU_ASSERT_EQUAL(bh_sim_queue_status(a.sim, 0, NULL), BH_SIM_QUEUE_ERROR);
		CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(a.sim, &f), 1);
		CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_BAD_PACKET);
		ASSERT_CONTAINS(f.message, cases[c].what);
		char idx[32];

		snprintf(idx, sizeof(idx), "AQL packet %llu", (unsigned long long)index);
		if (cases[c].field < 17)	/* 17..19: the CP's, inside the IB */
			ASSERT_CONTAINS(f.message, idx);
		/* Reset, then a good dispatch runs. */
		CU_ASSERT_EQUAL(bh_sim_queue_reset(a.sim, 0), 0);
		CU_ASSERT_EQUAL(read_index(&a), a.windex);
		clear_out(&a, 64);
		put_dispatch(&a, wg, grid, 1, 0);
		bh_sim_doorbell(a.sim, 0, a.windex);
		CU_ASSERT_FALSE(bh_sim_take_fault(a.sim, &f));
		CU_ASSERT_EQUAL(check_ids(&a, grid), 0);
	}
	/* A doorbell more than a ring ahead is refused too. */
	{
		struct bh_sim_fault f;

		bh_sim_doorbell(a.sim, 0, a.windex + RING_PACKETS + 1);
		CU_ASSERT_EQUAL(bh_sim_take_fault(a.sim, &f), 1);
		ASSERT_CONTAINS(f.message, "write index");
	}
	bh_sim_destroy(a.sim);
}

/* Queue setup the board refuses. */
static void test_bad_setup(void)
{
	struct bh_sim_config cfg = { .gfx = BH_SIM_GFX90A, .vram_size = VRAM_SIZE, .num_cus = 1 };
	struct bh_sim *sim = bh_sim_create(&cfg, NULL);
	struct bh_sim_aql_queue q = {
		.ring_va = VA(RING_OFF), .packets = 12,		/* not a power of two */
		.read_index_va = VA(READ_INDEX_OFF),
	};

	CU_ASSERT_PTR_NOT_NULL_FATAL(sim);
	CU_ASSERT_EQUAL(bh_sim_queue_init_aql(sim, 0, &q), -1);
	q.packets = 16;
	q.ring_va = VA(RING_OFF + 8);				/* misaligned */
	CU_ASSERT_EQUAL(bh_sim_queue_init_aql(sim, 0, &q), -1);
	q.ring_va = VA(VRAM_SIZE);				/* unmapped */
	CU_ASSERT_EQUAL(bh_sim_queue_init_aql(sim, 0, &q), -1);
	q.ring_va = VA(RING_OFF);
	CU_ASSERT_EQUAL(bh_sim_queue_init_aql(sim, BH_SIM_MAX_QUEUES, &q), -1);
	CU_ASSERT_EQUAL(bh_sim_queue_init_aql(sim, 0, &q), 0);
	bh_sim_destroy(sim);
}

CU_ErrorCode bh_tests_model_aql(void)
{
	CU_pSuite s = CU_add_suite("model_aql", NULL, NULL);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "AQL dispatch, 3-D partial groups, -O0..-O3, gfx90a", test_ids_gfx90a);
	CU_add_test(s, "AQL dispatch, 3-D partial groups, -O0..-O3, gfx942", test_ids_gfx942);
	CU_add_test(s, "barrier-AND/OR packets and an unwritten header stall", test_barriers);
	CU_add_test(s, "PM4_IB vendor packets run their indirect buffer", test_pm4_ib);
	CU_add_test(s, "100 dispatches through a 16-packet ring", test_wrap);
	CU_add_test(s, "malformed packets fault; reset recovers", test_bad_packets);
	CU_add_test(s, "AQL queue setup the board refuses", test_bad_setup);
	return CU_get_error();
}
