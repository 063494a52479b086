// SPDX-License-Identifier: MIT
/*
 * The launch path against a recording platform: a fake board whose
 * "CP" checks each PM4 packet's framing, records it, and signals the
 * fence, so the test can assert the exact packet stream the loader
 * emits, ring wrap-around, kernarg-slot reuse, faults and timeouts
 * without the GPU model.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bh/loader.h>
#include <bh/platform.h>
#include "generated/autoconf.h"
#include "pm4.h"
#include "testlib.h"

#ifdef CONFIG_SIM_GFX942
#define SIM_GFX "gfx942"
#define SIM_MACH 0x04c
#else
#define SIM_GFX "gfx90a"
#define SIM_MACH 0x03f
#endif

enum rec_mode { REC_RUN, REC_HANG, REC_FAULT };

struct rec_mem {
	uint64_t va, size;
	void *cpu;
};

struct rec_packet {
	uint32_t op, ndw;
	uint32_t dw[40];
};

struct recorder {
	struct bh_platform ops;
	enum rec_mode mode;
	struct rec_mem mem[64];
	unsigned nmem;
	uint64_t next_va;
	uint64_t ring_va, rptr_va;
	uint32_t ring_dwords;
	uint64_t rptr;			/* dwords consumed, monotonic */
	uint64_t clock;
	unsigned doorbells;
	unsigned resets;
	uint64_t last_wptr;
	struct rec_packet packets[64];	/* of the last doorbell */
	unsigned npackets;
	int bad_framing;
	uint32_t sh[0x400];	/* SH register file as the CP would hold it */
};

static struct recorder *R(struct bh_platform *p) { return (struct recorder *)p; }

static void *va_to_cpu(struct recorder *r, uint64_t va, uint64_t len)
{
	for (unsigned i = 0; i < r->nmem; i++)
		if (va >= r->mem[i].va && va - r->mem[i].va + len <= r->mem[i].size)
			return (uint8_t *)r->mem[i].cpu + (va - r->mem[i].va);
	return NULL;
}

static int rec_open(struct bh_platform *p, struct bh_device_info *info, struct bh_error *err)
{
	(void)p, (void)err;
	strcpy(info->name, "recorder");
	strcpy(info->gfx, SIM_GFX);
	info->mach = SIM_MACH;
	info->wave_size = 64;
	info->num_cus = 2;
	info->simds_per_cu = 4;
	info->max_waves_per_simd = 8;
	info->vram_size = 1 << 30;
	info->lds_size = 65536;
	info->max_workgroup_size = 1024;
	info->sramecc = 1;
	return 0;
}

static void rec_close(struct bh_platform *p) { (void)p; }

static int rec_mem_alloc(struct bh_platform *p, uint64_t size, uint64_t align,
			 unsigned domain, struct bh_mem *out)
{
	struct recorder *r = R(p);

	if (r->nmem == 64)
		return -1;
	size = (size + 4095) & ~4095ull;
	r->next_va = (r->next_va + align - 1) & ~(align - 1);
	out->gpu_va = r->next_va;
	out->cpu = aligned_alloc(4096, size);
	out->size = size;
	out->domain = domain;
	if (!out->cpu)
		return -1;
	memset(out->cpu, 0, size);
	r->mem[r->nmem++] = (struct rec_mem){ out->gpu_va, size, out->cpu };
	r->next_va += size + 0x10000;	/* a guard gap */
	return 0;
}

static void rec_mem_free(struct bh_platform *p, struct bh_mem *m)
{
	struct recorder *r = R(p);

	for (unsigned i = 0; i < r->nmem; i++)
		if (r->mem[i].va == m->gpu_va) {
			free(r->mem[i].cpu);
			r->mem[i] = r->mem[--r->nmem];
			return;
		}
	CU_FAIL("freeing memory the platform never handed out");
}

static int rec_queue_create(struct bh_platform *p, const struct bh_mem *ring,
			    uint64_t rptr_va, struct bh_error *err)
{
	struct recorder *r = R(p);

	(void)err;
	r->ring_va = ring->gpu_va;
	r->ring_dwords = (uint32_t)(ring->size / 4);
	r->rptr_va = rptr_va;
	r->rptr = 0;
	return 3;	/* any id; checked in RELEASE_MEM ctxid */
}

static void rec_queue_destroy(struct bh_platform *p, int qid) { (void)p; (void)qid; }

/* A queue reset: the CP skips what it has not read. */
static int rec_queue_reset(struct bh_platform *p, int qid)
{
	struct recorder *r = R(p);
	uint32_t *rptr = va_to_cpu(r, r->rptr_va, 4);

	CU_ASSERT_EQUAL(qid, 3);
	r->resets++;
	r->rptr = r->last_wptr;
	*rptr = (uint32_t)(r->rptr % r->ring_dwords);
	return 0;
}

/* Walk the packets between rptr and @wptr; run RELEASE_MEM. */
static void rec_doorbell(struct bh_platform *p, int qid, uint64_t wptr)
{
	struct recorder *r = R(p);
	uint32_t *ring = va_to_cpu(r, r->ring_va, (uint64_t)r->ring_dwords * 4);

	CU_ASSERT_EQUAL(qid, 3);
	r->doorbells++;
	r->last_wptr = wptr;
	r->npackets = 0;
	if (r->mode == REC_HANG || r->mode == REC_FAULT)
		return;
	while (r->rptr < wptr) {
		uint32_t hdr = ring[r->rptr % r->ring_dwords];
		uint32_t n = ((hdr >> 16) & 0x3fff) + 2;
		struct rec_packet *pk = &r->packets[r->npackets < 64 ? r->npackets++ : 63];

		if ((hdr >> 30) != 3 || r->rptr + n > wptr || n > 40) {
			r->bad_framing++;
			r->rptr = wptr;
			break;
		}
		pk->op = (hdr >> 8) & 0xff;
		pk->ndw = n;
		for (uint32_t i = 0; i < n; i++)
			pk->dw[i] = ring[(r->rptr + i) % r->ring_dwords];
		r->rptr += n;
		if (pk->op == PM4_SET_SH_REG)
			for (uint32_t i = 2; i < n && pk->dw[1] + i - 2 < 0x400; i++)
				r->sh[pk->dw[1] + i - 2] = pk->dw[i];
		if (pk->op == PM4_RELEASE_MEM) {
			uint64_t addr = pk->dw[3] | (uint64_t)pk->dw[4] << 32;
			uint64_t *fence = va_to_cpu(r, addr, 8);

			CU_ASSERT_EQUAL(pk->dw[7], 3);
			CU_ASSERT_PTR_NOT_NULL_FATAL(fence);
			*fence = pk->dw[5] | (uint64_t)pk->dw[6] << 32;
		}
	}
	uint32_t *rptr = va_to_cpu(r, r->rptr_va, 4);

	*rptr = (uint32_t)(r->rptr % r->ring_dwords);
}

static int rec_take_fault(struct bh_platform *p, int qid, struct bh_gpu_fault *f)
{
	(void)qid;
	if (R(p)->mode != REC_FAULT || R(p)->doorbells == 0)
		return 0;
	memset(f, 0, sizeof(*f));
	f->kind = "illegal instruction";
	f->pc = 0x1000001d00ull;
	f->dwords[0] = 0xdeadbeef;
	f->workgroup[0] = 2;
	strcpy(f->detail, "opcode not in table");
	return 1;
}

static void rec_wait(struct bh_platform *p, uint64_t ns) { R(p)->clock += ns; }
static uint64_t rec_now(struct bh_platform *p) { return R(p)->clock += 1000000; }
static void *rec_alloc(struct bh_platform *p, size_t n) { (void)p; return malloc(n); }
static void rec_free(struct bh_platform *p, void *x) { (void)p; free(x); }
static void rec_log(struct bh_platform *p, const char *l) { (void)p; (void)l; }
static void rec_print(struct bh_platform *p, const char *t, size_t n)
{
	(void)p;
	(void)t;
	(void)n;
}

static struct recorder rec;
static struct bh_device *dev;
static struct bh_queue *q;
static struct bh_codeobj *co;
static const struct bh_kernel *args_k, *lds_k, *heap_k, *coop_k;

static int setup(void)
{
	struct bh_error err = { 0 };
	size_t size;
	uint8_t *img = test_load_testk(SIM_GFX, &size);

	memset(&rec, 0, sizeof(rec));
	rec.next_va = 0x100000000ull;
	rec.ops = (struct bh_platform){
		.name = "recorder", .open = rec_open, .close = rec_close,
		.mem_alloc = rec_mem_alloc, .mem_free = rec_mem_free,
		.queue_create = rec_queue_create, .queue_destroy = rec_queue_destroy,
		.doorbell = rec_doorbell, .take_fault = rec_take_fault,
		.wait_interrupt = rec_wait, .now_ns = rec_now,
		.host_alloc = rec_alloc, .host_free = rec_free, .log = rec_log,
		.print = rec_print, .queue_reset = rec_queue_reset,
	};
	if (!img || bh_device_open(&dev, &rec.ops, &err) ||
	    bh_codeobj_load(dev, img, size, &co, &err) ||
	    bh_queue_create(dev, &q, &err)) {
		fprintf(stderr, "queue suite setup: %s\n", err.message);
		free(img);
		return 1;
	}
	free(img);
	args_k = bh_codeobj_find_kernel(co, "_Z11args_kernelcdPi4pair");
	lds_k = bh_codeobj_find_kernel(co, "_Z10lds_kernelPf");
	heap_k = bh_codeobj_find_kernel(co, "_Z11heap_kernelPPi");
	coop_k = bh_codeobj_find_kernel(co, "_Z11coop_kernelPi");
	return args_k && lds_k && heap_k && coop_k ? 0 : 1;
}

static int teardown(void)
{
	struct bh_error err;

	rec.mode = REC_RUN;
	bh_queue_destroy(q);
	bh_codeobj_unload(co, &err);
	bh_device_close(dev);
	return 0;
}

static const struct rec_packet *find_sh(uint32_t reg)
{
	for (unsigned i = 0; i < rec.npackets; i++)
		if (rec.packets[i].op == PM4_SET_SH_REG &&
		    rec.packets[i].dw[1] == reg - PM4_SH_REG_BASE)
			return &rec.packets[i];
	return NULL;
}

static const struct rec_packet *find_op(uint32_t op)
{
	for (unsigned i = 0; i < rec.npackets; i++)
		if (rec.packets[i].op == op)
			return &rec.packets[i];
	return NULL;
}

static void launch(const struct bh_kernel *k, uint32_t grid, uint32_t block,
		   uint32_t dyn_lds, uint64_t *seq)
{
	struct bh_error err = { 0 };
	char c = 'q';
	double d = 1;
	uint64_t ptr = 0x4242;
	uint64_t pair = 0x0102030405060708ull;
	void *args[] = { &c, &d, &ptr, &pair };
	void *ptr_arg[] = { &ptr };	/* one-pointer kernels */
	struct bh_launch l = { .grid = { grid, 1, 1 }, .block = { block, 1, 1 },
			       .dynamic_lds = dyn_lds, .args = k->nexplicit == 1 ? ptr_arg : args };

	CU_ASSERT_EQUAL(bh_queue_launch(q, k, &l, seq, &err), 0);
	if (err.code)
		fprintf(stderr, "%s\n", err.message);
}

static void test_packet_stream(void)
{
	uint64_t seq;
	struct bh_error err = { 0 };

	bh_queue_forget_state(q);		/* see every register */
	launch(args_k, 1000, 256, 0, &seq);
	CU_ASSERT_EQUAL(bh_queue_wait(q, seq, &err), 0);
	CU_ASSERT_EQUAL(rec.bad_framing, 0);
	/* The order of docs/facts/dispatch.md §6.7: caches, program,
	 * resources, user data, go, fence. */
	CU_ASSERT_EQUAL(rec.packets[0].op, PM4_ACQUIRE_MEM);
	CU_ASSERT_EQUAL(rec.packets[rec.npackets - 2].op, PM4_DISPATCH_DIRECT);
	CU_ASSERT_EQUAL(rec.packets[rec.npackets - 1].op, PM4_RELEASE_MEM);

	const struct rec_packet *pgm = find_sh(REG_COMPUTE_PGM_LO);

	CU_ASSERT_PTR_NOT_NULL_FATAL(pgm);
	CU_ASSERT_EQUAL(pgm->dw[2], (uint32_t)(args_k->entry_va >> 8));
	CU_ASSERT_EQUAL(pgm->dw[3], (uint32_t)(args_k->entry_va >> 40));
	const struct rec_packet *rsrc = find_sh(REG_COMPUTE_PGM_RSRC1);

	CU_ASSERT_PTR_NOT_NULL_FATAL(rsrc);
	CU_ASSERT_EQUAL(rsrc->dw[2], args_k->kd.compute_pgm_rsrc1);
	CU_ASSERT_EQUAL(rsrc->dw[3], args_k->kd.compute_pgm_rsrc2);	/* no LDS */
	const struct rec_packet *r3 = find_sh(0x2E2D);

	CU_ASSERT_PTR_NOT_NULL_FATAL(r3);
	CU_ASSERT_EQUAL(r3->dw[2], args_k->kd.compute_pgm_rsrc3);

	/* 1000 items in 256-blocks: 4 groups, the last one has 232. */
	const struct rec_packet *nt = find_sh(REG_COMPUTE_START_X);

	CU_ASSERT_PTR_NOT_NULL_FATAL(nt);
	CU_ASSERT_EQUAL(nt->dw[2], 0);
	CU_ASSERT_EQUAL(nt->dw[5], 256u | 232u << 16);
	CU_ASSERT_EQUAL(nt->dw[6], 1);
	const struct rec_packet *dd = find_op(PM4_DISPATCH_DIRECT);

	CU_ASSERT_EQUAL(dd->dw[1], 4);
	CU_ASSERT_EQUAL(dd->dw[2], 1);
	CU_ASSERT_EQUAL(dd->dw[3], 1);
	CU_ASSERT_TRUE(dd->dw[4] & DISPATCH_COMPUTE_SHADER_EN);
	CU_ASSERT_TRUE(dd->dw[4] & DISPATCH_PARTIAL_TG_EN);

	/* User SGPRs in descriptor order; the kernarg pointer holds our args. */
	const struct rec_packet *ud = find_sh(REG_COMPUTE_USER_DATA_0);
	uint16_t kcp = args_k->kd.kernel_code_properties;
	unsigned i = 2;

	CU_ASSERT_PTR_NOT_NULL_FATAL(ud);
	CU_ASSERT_EQUAL(ud->ndw - 2, RSRC2_USER_SGPR(args_k->kd.compute_pgm_rsrc2));
	if (kcp & KCP_PRIVATE_SEGMENT_BUFFER)
		i += 4;
	if (kcp & KCP_DISPATCH_PTR) {
		uint64_t pkt = ud->dw[i] | (uint64_t)ud->dw[i + 1] << 32;
		uint8_t *aql = va_to_cpu(&rec, pkt, 64);

		CU_ASSERT_PTR_NOT_NULL_FATAL(aql);
		CU_ASSERT_EQUAL(aql[0], 2);			/* KERNEL_DISPATCH */
		CU_ASSERT_EQUAL(aql[4] | aql[5] << 8, 256);	/* workgroup_size_x */
		CU_ASSERT_EQUAL(aql[12] | aql[13] << 8, 1000);	/* grid_size_x */
		i += 2;
	}
	if (kcp & KCP_QUEUE_PTR)
		i += 2;
	CU_ASSERT_TRUE_FATAL(kcp & KCP_KERNARG_SEGMENT_PTR);
	uint64_t ka = ud->dw[i] | (uint64_t)ud->dw[i + 1] << 32;
	uint8_t *kcpu = va_to_cpu(&rec, ka, 288);

	CU_ASSERT_PTR_NOT_NULL_FATAL(kcpu);
	CU_ASSERT_EQUAL(ka % 64, 0);
	CU_ASSERT_EQUAL(kcpu[0], 'q');
	CU_ASSERT_EQUAL(kcpu[16], 0x42);
	CU_ASSERT_EQUAL(kcpu[32], 3);		/* hidden_block_count_x */

	const struct rec_packet *rel = find_op(PM4_RELEASE_MEM);

	CU_ASSERT_EQUAL(rel->dw[1], 0x00238514u);
	CU_ASSERT_EQUAL(rel->dw[5], (uint32_t)seq);
}

static unsigned stream_dwords(void)
{
	unsigned n = 0;

	for (unsigned i = 0; i < rec.npackets; i++)
		n += rec.packets[i].ndw;
	return n;
}

/*
 * A launch programs only the SH registers that changed since the
 * queue's previous launch: the same launch again re-sends just the user
 * SGPRs (a new kernarg slot); a new grid re-sends NUM_THREAD; forgetting
 * the state brings everything back.
 */
static void test_changed_registers_only(void)
{
	struct bh_error err = { 0 };
	uint64_t seq;
	unsigned full, again, regrid;

	bh_queue_forget_state(q);
	launch(args_k, 1000, 256, 0, &seq);
	full = stream_dwords();
	CU_ASSERT_PTR_NOT_NULL(find_sh(REG_COMPUTE_PGM_LO));
	CU_ASSERT_PTR_NOT_NULL(find_sh(REG_COMPUTE_START_X));
	launch(args_k, 1000, 256, 0, &seq);
	again = stream_dwords();
	CU_ASSERT_PTR_NULL(find_sh(REG_COMPUTE_PGM_LO));
	CU_ASSERT_PTR_NULL(find_sh(REG_COMPUTE_PGM_RSRC1));
	CU_ASSERT_PTR_NULL(find_sh(REG_COMPUTE_TMPRING_SIZE));
	CU_ASSERT_PTR_NULL(find_sh(REG_COMPUTE_START_X));
	CU_ASSERT_PTR_NULL(find_sh(REG_COMPUTE_NUM_THREAD_X));
	CU_ASSERT_PTR_NOT_NULL(find_op(PM4_ACQUIRE_MEM));
	CU_ASSERT_PTR_NOT_NULL(find_op(PM4_DISPATCH_DIRECT));
	CU_ASSERT_TRUE(again < full);
	/* A partial last group of another size: only NUM_THREAD_X changes. */
	launch(args_k, 1001, 256, 0, &seq);
	regrid = stream_dwords();
	const struct rec_packet *nt = find_sh(REG_COMPUTE_NUM_THREAD_X);

	CU_ASSERT_PTR_NOT_NULL_FATAL(nt);
	CU_ASSERT_EQUAL(nt->ndw, 3);			/* one register */
	CU_ASSERT_EQUAL(nt->dw[2], 256u | 233u << 16);
	CU_ASSERT_PTR_NULL(find_sh(REG_COMPUTE_START_X));
	CU_ASSERT_EQUAL(regrid, again + 3);
	/* Another kernel: its program and resources are sent. */
	launch(lds_k, 256, 256, 0, &seq);
	CU_ASSERT_PTR_NOT_NULL(find_sh(REG_COMPUTE_PGM_LO));
	bh_queue_forget_state(q);
	launch(args_k, 1000, 256, 0, &seq);
	CU_ASSERT_EQUAL(stream_dwords(), full);
	CU_ASSERT_EQUAL(bh_queue_wait(q, seq, &err), 0);
	printf("\n  PM4 dwords per dispatch: %u first, %u steady ", full, again);
}

static uint32_t sh_reg(uint32_t reg)
{
	return rec.sh[reg - PM4_SH_REG_BASE];
}

/*
 * A launch in the same shape as the previous one skips its registers
 * (but the user data); it must not be fooled by another load of the same
 * kernel, or by a kernel that reuses an unloaded one's memory: after
 * every launch the CP's register file holds the launched kernel's
 * program.
 */
static void test_same_shape_other_load(void)
{
	struct bh_error err = { 0 };
	struct bh_codeobj *co2, *co3;
	size_t size;
	uint64_t seq;
	uint8_t *img = test_load_testk(SIM_GFX, &size);

	CU_ASSERT_PTR_NOT_NULL_FATAL(img);
	launch(args_k, 1000, 256, 0, &seq);
	CU_ASSERT_EQUAL(sh_reg(REG_COMPUTE_PGM_LO), (uint32_t)(args_k->entry_va >> 8));
	CU_ASSERT_EQUAL_FATAL(bh_codeobj_load(dev, img, size, &co2, &err), 0);
	const struct bh_kernel *k2 = bh_codeobj_find_kernel(co2, "_Z11args_kernelcdPi4pair");

	CU_ASSERT_PTR_NOT_NULL_FATAL(k2);
	CU_ASSERT_NOT_EQUAL(k2->entry_va, args_k->entry_va);
	launch(k2, 1000, 256, 0, &seq);
	CU_ASSERT_EQUAL(sh_reg(REG_COMPUTE_PGM_LO), (uint32_t)(k2->entry_va >> 8));
	CU_ASSERT_EQUAL(bh_queue_wait(q, seq, &err), 0);
	CU_ASSERT_EQUAL(bh_codeobj_unload(co2, &err), 0);
	/* A fresh load may get co2's memory (host and GPU) back. */
	CU_ASSERT_EQUAL_FATAL(bh_codeobj_load(dev, img, size, &co3, &err), 0);
	const struct bh_kernel *k3 = bh_codeobj_find_kernel(co3, "_Z14bounded_kernelPi");

	CU_ASSERT_PTR_NOT_NULL_FATAL(k3);
	launch(k3, 1000, 100, 0, &seq);
	CU_ASSERT_EQUAL(sh_reg(REG_COMPUTE_PGM_LO), (uint32_t)(k3->entry_va >> 8));
	CU_ASSERT_EQUAL(sh_reg(REG_COMPUTE_PGM_RSRC1), k3->kd.compute_pgm_rsrc1);
	CU_ASSERT_EQUAL(bh_queue_wait(q, seq, &err), 0);
	CU_ASSERT_EQUAL(bh_codeobj_unload(co3, &err), 0);
	launch(args_k, 1000, 256, 0, &seq);
	CU_ASSERT_EQUAL(sh_reg(REG_COMPUTE_PGM_LO), (uint32_t)(args_k->entry_va >> 8));
	CU_ASSERT_EQUAL(sh_reg(REG_COMPUTE_NUM_THREAD_X), 256u | 232u << 16);
	CU_ASSERT_EQUAL(bh_queue_wait(q, seq, &err), 0);
	free(img);
}

static void test_lds_granules(void)
{
	uint64_t seq;
	struct bh_error err = { 0 };

	/* 4096 static + 1000 dynamic = 5096 bytes = 10 granules of 512. */
	bh_queue_forget_state(q);		/* see every register */
	launch(lds_k, 64, 64, 1000, &seq);
	CU_ASSERT_EQUAL(bh_queue_wait(q, seq, &err), 0);
	const struct rec_packet *rsrc = find_sh(REG_COMPUTE_PGM_RSRC1);

	CU_ASSERT_PTR_NOT_NULL_FATAL(rsrc);
	CU_ASSERT_EQUAL((rsrc->dw[3] & RSRC2_LDS_SIZE_MASK) >> RSRC2_LDS_SIZE_SHIFT, 10);
}

static void test_ring_wraps_and_slots_recycle(void)
{
	uint64_t seq = 0, first;
	struct bh_error err = { 0 };
	unsigned before = rec.doorbells;

	launch(args_k, 64, 64, 0, &first);
	/* 10^5 dispatches: many trips round the ring and the kernarg pool,
	 * every completion accounted for. */
	for (int i = 0; i < 100000; i++)
		launch(args_k, 64, 64, 0, &seq);
	CU_ASSERT_EQUAL(seq, first + 100000);
	CU_ASSERT_EQUAL(bh_queue_wait(q, seq, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_last_seq(q), seq);
	CU_ASSERT_EQUAL(rec.doorbells - before, 100001);
	CU_ASSERT_TRUE(rec.rptr > 2ull * rec.ring_dwords);
	CU_ASSERT_EQUAL(rec.bad_framing, 0);
}

/* The kernarg of the last launch, from its user SGPRs. */
static uint8_t *last_kernarg(const struct bh_kernel *k)
{
	/* Registers are re-sent only when they change: read the file. */
	const uint32_t *ud = &rec.sh[REG_COMPUTE_USER_DATA_0 - PM4_SH_REG_BASE];
	uint16_t kcp = k->kd.kernel_code_properties;
	unsigned i = 0;

	i += kcp & KCP_PRIVATE_SEGMENT_BUFFER ? 4 : 0;
	i += kcp & KCP_DISPATCH_PTR ? 2 : 0;
	i += kcp & KCP_QUEUE_PTR ? 2 : 0;
	if (!(kcp & KCP_KERNARG_SEGMENT_PTR))
		return NULL;
	return va_to_cpu(&rec, ud[i] | (uint64_t)ud[i + 1] << 32, k->kernarg_size);
}

static uint64_t hidden_value(const struct bh_kernel *k, const uint8_t *ka, enum bh_arg_kind kind)
{
	for (unsigned i = 0; i < k->nargs; i++)
		if (k->args[i].kind == kind) {
			uint64_t v = 0;

			memcpy(&v, ka + k->args[i].offset, k->args[i].size);
			return v;
		}
	return ~0ull;
}

/*
 * Occupancy, worked out by hand from the gfx9 CU (4 SIMDs x 8 waves,
 * 512 VGPRs and 800 SGPRs per SIMD, 64 KiB LDS, 16 workgroup slots) and
 * the recorder's 2 CUs.
 */
static void test_occupancy(void)
{
	struct bh_error err = { 0 };
	struct bh_occupancy o;

	/* lds_kernel: 4096 bytes static.  One wave per group: 32 waves a
	 * CU, capped by 16 slots (LDS would allow 16 too). */
	CU_ASSERT_EQUAL(bh_kernel_occupancy(dev, lds_k, 64, 0, &o, &err), 0);
	CU_ASSERT_EQUAL(o.waves_per_group, 1);
	CU_ASSERT_EQUAL(o.groups_per_cu, 16);
	CU_ASSERT_EQUAL(o.max_groups, 32);
	CU_ASSERT_STRING_EQUAL(o.limit, "workgroup slots");
	/* + 1000 dynamic: 5096 -> 10 granules of 512 = 5120; 65536 / 5120 = 12. */
	CU_ASSERT_EQUAL(bh_kernel_occupancy(dev, lds_k, 64, 1000, &o, &err), 0);
	CU_ASSERT_EQUAL(o.groups_per_cu, 12);
	CU_ASSERT_STRING_EQUAL(o.limit, "LDS");
	/* 1024 threads = 16 waves: 32 wave slots hold 2 groups. */
	CU_ASSERT_EQUAL(bh_kernel_occupancy(dev, lds_k, 1024, 0, &o, &err), 0);
	CU_ASSERT_EQUAL(o.waves_per_group, 16);
	CU_ASSERT_EQUAL(o.groups_per_cu, 2);
	CU_ASSERT_STRING_EQUAL(o.limit, "wave slots");
	/* 5 waves per group: 32 / 5 = 6. */
	CU_ASSERT_EQUAL(bh_kernel_occupancy(dev, lds_k, 257, 0, &o, &err), 0);
	CU_ASSERT_EQUAL(o.groups_per_cu, 6);

	/* A descriptor with 128 VGPRs (RSRC1.VGPRS = 15) and 112 SGPRs
	 * (GFX9 RSRC1.SGPRS = 2 * (112 / 16 - 1) = 12): 512 / 128 = 4 waves
	 * per SIMD; 800 / 112 = 7 would allow more. */
	struct bh_kernel fat = *lds_k;

	fat.kd.compute_pgm_rsrc1 = (fat.kd.compute_pgm_rsrc1 & ~0x3ffu) | 15u | 12u << 6;
	CU_ASSERT_EQUAL(bh_kernel_occupancy(dev, &fat, 64, 0, &o, &err), 0);
	CU_ASSERT_EQUAL(o.waves_per_simd, 4);
	CU_ASSERT_EQUAL(o.groups_per_cu, 16);	/* 16 one-wave groups */
	CU_ASSERT_EQUAL(bh_kernel_occupancy(dev, &fat, 256, 0, &o, &err), 0);
	CU_ASSERT_EQUAL(o.groups_per_cu, 4);
	CU_ASSERT_STRING_EQUAL(o.limit, "VGPRs");
	/* 16 VGPRs, 112 SGPRs: the SGPR file allows 7 waves per SIMD. */
	fat.kd.compute_pgm_rsrc1 = (fat.kd.compute_pgm_rsrc1 & ~0x3ffu) | 1u | 12u << 6;
	CU_ASSERT_EQUAL(bh_kernel_occupancy(dev, &fat, 256, 0, &o, &err), 0);
	CU_ASSERT_EQUAL(o.waves_per_simd, 7);
	CU_ASSERT_EQUAL(o.groups_per_cu, 7);
	CU_ASSERT_STRING_EQUAL(o.limit, "SGPRs");
	/* RSRC1.SGPRS = 6 is 64 SGPRs (not 112): 800 / 64 = 12, no limit. */
	fat.kd.compute_pgm_rsrc1 = (fat.kd.compute_pgm_rsrc1 & ~0x3ffu) | 1u | 6u << 6;
	CU_ASSERT_EQUAL(bh_kernel_occupancy(dev, &fat, 256, 0, &o, &err), 0);
	CU_ASSERT_EQUAL(o.waves_per_simd, 8);
	CU_ASSERT_EQUAL(o.groups_per_cu, 8);
	/* Dynamic LDS near 2^32: the sum with the static 4096 bytes wraps
	 * to 0, its round-up to the granule wraps to 0 (once a SIGFPE); no
	 * group fits either way. */
	CU_ASSERT_EQUAL(bh_kernel_occupancy(dev, lds_k, 64, 0xfffff000u, &o, &err), 0);
	CU_ASSERT_EQUAL(o.groups_per_cu, 0);
	CU_ASSERT_EQUAL(o.max_groups, 0);
	CU_ASSERT_STRING_EQUAL(o.limit, "LDS");
	CU_ASSERT_EQUAL(bh_kernel_occupancy(dev, lds_k, 64, 0xffffefffu, &o, &err), 0);
	CU_ASSERT_EQUAL(o.groups_per_cu, 0);
	CU_ASSERT_EQUAL(bh_kernel_occupancy(dev, lds_k, 64, UINT32_MAX, &o, &err), 0);
	CU_ASSERT_EQUAL(o.groups_per_cu, 0);
	/* Exactly the CU's LDS: one group. */
	CU_ASSERT_EQUAL(bh_kernel_occupancy(dev, lds_k, 64, 65536 - 4096, &o, &err), 0);
	CU_ASSERT_EQUAL(o.groups_per_cu, 1);
	CU_ASSERT_EQUAL(bh_kernel_occupancy(dev, lds_k, 0, 0, &o, &err), BH_EINVAL);
	CU_ASSERT_EQUAL(bh_kernel_occupancy(dev, lds_k, 1025, 0, &o, &err), BH_EINVAL);
}

/*
 * A cooperative launch: refused when its groups cannot all be resident;
 * otherwise it waits for earlier work (CS_PARTIAL_FLUSH), writes a fresh
 * grid-sync record (WRITE_DATA) and passes its address in
 * hidden_multigrid_sync_arg.  Ordinary launches pass 0.
 */
static void test_cooperative_launch(void)
{
	struct bh_error err = { 0 };
	struct bh_occupancy o;
	uint64_t seq;
	uint64_t ptr = 0x4242;
	void *args[] = { &ptr };

	CU_ASSERT_TRUE_FATAL(coop_k->arg_kinds & (1ull << BH_ARG_HIDDEN_MULTIGRID_SYNC_ARG));
	CU_ASSERT_EQUAL_FATAL(bh_kernel_occupancy(dev, coop_k, 256, 0, &o, &err), 0);
	uint32_t groups = (uint32_t)o.max_groups;
	struct bh_launch l = { .grid = { groups * 256, 1, 1 }, .block = { 256, 1, 1 },
			       .args = args, .flags = BH_LAUNCH_COOPERATIVE };

	CU_ASSERT_EQUAL(bh_queue_launch(q, coop_k, &l, &seq, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_wait(q, seq, &err), 0);
	CU_ASSERT_EQUAL(rec.packets[0].op, PM4_EVENT_WRITE);
	CU_ASSERT_EQUAL(rec.packets[0].dw[1], EVENT_CS_PARTIAL_FLUSH | 4u << 8);
	const struct rec_packet *wd = find_op(PM4_WRITE_DATA);

	CU_ASSERT_PTR_NOT_NULL_FATAL(wd);
	CU_ASSERT_EQUAL(wd->ndw, 4 + 8);
	uint64_t record = wd->dw[2] | (uint64_t)wd->dw[3] << 32;
	const uint32_t *init = &wd->dw[4];

	CU_ASSERT_EQUAL(init[0], 0);			/* arrived */
	CU_ASSERT_EQUAL(init[1], 0);			/* generation */
	CU_ASSERT_EQUAL(init[2], groups);		/* workgroups */
	CU_ASSERT_EQUAL(init[3], 0);			/* grid rank */
	CU_ASSERT_EQUAL(init[4], 1);			/* grids */
	CU_ASSERT_EQUAL(init[6] | (uint64_t)init[7] << 32, record);	/* multi = itself */
	uint8_t *ka = last_kernarg(coop_k);

	CU_ASSERT_PTR_NOT_NULL_FATAL(ka);
	CU_ASSERT_EQUAL(hidden_value(coop_k, ka, BH_ARG_HIDDEN_MULTIGRID_SYNC_ARG), record);

	/* One group more than the device holds. */
	l.grid[0] += 256;
	CU_ASSERT_EQUAL(bh_queue_launch(q, coop_k, &l, &seq, &err), BH_ENOSPC);
	ASSERT_CONTAINS(err.message, "_Z11coop_kernelPi");
	ASSERT_CONTAINS(err.message, "cooperative launch");
	ASSERT_CONTAINS(err.message, "at most");

	/* Not cooperative: no record, and the argument is 0. */
	l.flags = 0;
	CU_ASSERT_EQUAL(bh_queue_launch(q, coop_k, &l, &seq, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_wait(q, seq, &err), 0);
	CU_ASSERT_PTR_NULL(find_op(PM4_WRITE_DATA));
	ka = last_kernarg(coop_k);
	CU_ASSERT_PTR_NOT_NULL_FATAL(ka);
	CU_ASSERT_EQUAL(hidden_value(coop_k, ka, BH_ARG_HIDDEN_MULTIGRID_SYNC_ARG), 0);
	l.flags = 0x80;
	CU_ASSERT_EQUAL(bh_queue_launch(q, coop_k, &l, &seq, &err), BH_EINVAL);
	ASSERT_CONTAINS(err.message, "unknown launch flags");
}

/*
 * The device heap: its size is settable until a kernel that uses it is
 * launched; that launch lays it out (bh/devabi.h) and passes it in
 * hidden_heap_v1.  Kernels that do not use it do not create it.
 */
static void test_heap_argument(void)
{
	struct bh_error err = { 0 };
	uint64_t seq, ptr = 0x4242;
	void *args[] = { &ptr };
	struct bh_launch l = { .grid = { 64, 1, 1 }, .block = { 64, 1, 1 }, .args = args };

	CU_ASSERT_FALSE(args_k->arg_kinds & (1ull << BH_ARG_HIDDEN_HEAP_V1));
	CU_ASSERT_TRUE_FATAL(heap_k->arg_kinds & (1ull << BH_ARG_HIDDEN_HEAP_V1));
	CU_ASSERT_EQUAL(bh_device_set_heap_size(dev, 1000, &err), BH_EINVAL);
	CU_ASSERT_EQUAL(bh_device_set_heap_size(dev, 1u << 20, &err), 0);
	CU_ASSERT_EQUAL(bh_device_heap_size(dev), 1u << 20);
	CU_ASSERT_EQUAL(bh_queue_launch(q, heap_k, &l, &seq, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_wait(q, seq, &err), 0);
	uint8_t *ka = last_kernarg(heap_k);

	CU_ASSERT_PTR_NOT_NULL_FATAL(ka);
	uint64_t heap = hidden_value(heap_k, ka, BH_ARG_HIDDEN_HEAP_V1);
	uint8_t *h = va_to_cpu(&rec, heap, 4096);

	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	uint32_t magic, npages, state, bitmap;
	uint64_t arena;

	memcpy(&magic, h + 0, 4);
	memcpy(&npages, h + 4, 4);
	memcpy(&state, h + 8, 4);
	memcpy(&bitmap, h + 12, 4);
	memcpy(&arena, h + 16, 8);
	CU_ASSERT_EQUAL(magic, 0x50414548u);
	CU_ASSERT_EQUAL(npages, 16);			/* 1 MiB / 64 KiB */
	CU_ASSERT_TRUE(state >= 76 && bitmap >= state + 4 * 16);
	CU_ASSERT_TRUE(arena >= bitmap + 16 * 512 && arena % 4096 == 0);
	CU_ASSERT_PTR_NOT_NULL(va_to_cpu(&rec, heap + arena, 16u << 16));
	/* The same heap for the next launch; no resizing now. */
	CU_ASSERT_EQUAL(bh_queue_launch(q, heap_k, &l, &seq, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_wait(q, seq, &err), 0);
	ka = last_kernarg(heap_k);
	CU_ASSERT_EQUAL(hidden_value(heap_k, ka, BH_ARG_HIDDEN_HEAP_V1), heap);
	CU_ASSERT_EQUAL(bh_device_set_heap_size(dev, 2u << 20, &err), BH_EBUSY);
	ASSERT_CONTAINS(err.message, "before the first kernel");
}

static void test_timeout_names_the_kernel(void)
{
	uint64_t seq;
	struct bh_error err = { 0 };

	rec.mode = REC_HANG;
	launch(args_k, 512, 128, 0, &seq);
	CU_ASSERT_EQUAL(bh_codeobj_unload(co, &err), BH_EBUSY);
	ASSERT_CONTAINS(err.message, "still has 1 launches in flight");
	CU_ASSERT_EQUAL(bh_queue_wait(q, seq, &err), BH_ETIMEDOUT);
	ASSERT_CONTAINS(err.message, "kernel '_Z11args_kernelcdPi4pair' grid (4,1,1) block (128,1,1)");
	ASSERT_CONTAINS(err.message, "did not finish within");
	ASSERT_CONTAINS(err.message, "the queue was reset");
	CU_ASSERT_EQUAL(rec.resets, 1);
	/* The hung launch was dropped: waiting for it says so ... */
	CU_ASSERT_EQUAL(bh_queue_wait(q, seq, &err), BH_ETIMEDOUT);
	ASSERT_CONTAINS(err.message, "dropped when the queue was reset");
	/* ... and the queue runs new work, with every register re-sent. */
	rec.mode = REC_RUN;
	launch(args_k, 512, 128, 0, &seq);
	CU_ASSERT_PTR_NOT_NULL(find_sh(REG_COMPUTE_PGM_LO));
	CU_ASSERT_EQUAL(bh_queue_wait(q, seq, &err), 0);
	CU_ASSERT_EQUAL(bh_codeobj_unload(co, &err), 0);
	/* reload for the remaining tests */
	size_t size;
	uint8_t *img = test_load_testk(SIM_GFX, &size);

	CU_ASSERT_EQUAL_FATAL(bh_codeobj_load(dev, img, size, &co, &err), 0);
	free(img);
	args_k = bh_codeobj_find_kernel(co, "_Z11args_kernelcdPi4pair");
}

static void test_fault_names_the_kernel(void)
{
	uint64_t seq;
	struct bh_error err = { 0 };

	rec.mode = REC_FAULT;
	launch(args_k, 1000, 256, 0, &seq);
	CU_ASSERT_EQUAL(bh_queue_wait(q, seq, &err), BH_EFAULT);
	ASSERT_CONTAINS(err.message, "kernel '_Z11args_kernelcdPi4pair' grid (4,1,1) block (256,1,1)");
	ASSERT_CONTAINS(err.message, "illegal instruction at pc 0x1000001d00 [deadbeef");
	ASSERT_CONTAINS(err.message, "workgroup (2,0,0)");
	CU_ASSERT_TRUE(bh_queue_faulted(q));
	struct bh_launch l = { .grid = { 1, 1, 1 }, .block = { 1, 1, 1 } };

	CU_ASSERT_EQUAL(bh_queue_launch(q, args_k, &l, NULL, &err), BH_EFAULT);
	ASSERT_CONTAINS(err.message, "stopped after a GPU fault");
}

CU_ErrorCode bh_tests_queue(void)
{
	CU_pSuite s = CU_add_suite("queue", setup, teardown);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "launch packet stream", test_packet_stream);
	CU_add_test(s, "only changed SH registers are re-sent", test_changed_registers_only);
	CU_add_test(s, "same shape, other load: registers follow", test_same_shape_other_load);
	CU_add_test(s, "LDS size in 512-byte granules", test_lds_granules);
	CU_add_test(s, "ring wrap and kernarg reuse", test_ring_wraps_and_slots_recycle);
	CU_add_test(s, "occupancy per CU (hand-computed)", test_occupancy);
	CU_add_test(s, "cooperative launch: record, refusal", test_cooperative_launch);
	CU_add_test(s, "device heap in hidden_heap_v1", test_heap_argument);
	CU_add_test(s, "timeout names the kernel", test_timeout_names_the_kernel);
	CU_add_test(s, "fault names the kernel", test_fault_names_the_kernel);
	return CU_get_error();
}
