// SPDX-License-Identifier: MIT
/*
 * Real compiler output on the model: the HIP kernels in tests/model/kernels, built by
 * clang-19 / ld.lld-19 for gfx90a and gfx942 at -O0..-O3 (embedded by
 * tests/model/gen-kernels.py), loaded by a few lines of loader written
 * here from docs/facts/dispatch.md §2-§4 (not the project's loader: the model
 * and the loader are meant to check each other), dispatched through the
 * model's public face only.  -O0 code keeps its locals in scratch, so
 * it exercises the private segment (PSB V# and flat scratch init on
 * gfx90a, architected flat scratch on gfx942) and flat LDS accesses.
 * Expected values are computed here, by hand.
 */
#include <stdio.h>
#include <string.h>

#include "model_kernels.h"
#include "sim.h"
#include "testlib.h"

#define HDR(op, ndw) (0xc0000000u | (uint32_t)((ndw) - 2) << 16 | (uint32_t)(op) << 8)

/* VRAM layout of one run (offsets from BH_SIM_VRAM_BASE). */
#define CODE_OFF	0x000000ull	/* the code object's vaddr 0 */
#define CODE_SPAN	0x100000ull
#define KERNARG_OFF	0x100000ull
#define PACKET_OFF	0x101000ull	/* AQL dispatch packet (dispatch ptr) */
#define QUEUE_OFF	0x102000ull	/* amd_queue_t, zeroed (queue ptr) */
#define RING_OFF	0x110000ull	/* 4 KiB ring */
#define RPTR_OFF	0x111000ull
#define FENCE_OFF	0x111100ull
#define DATA_OFF	0x200000ull
#define SCRATCH_OFF	0x400000ull
#define VRAM_SIZE	(32ull << 20)

#define VA(off) (BH_SIM_VRAM_BASE + (off))

/* Scratch wave slots: the model keeps at most this many waves in flight. */
#define SCRATCH_WAVES	128

struct kd {
	uint32_t group_segment, private_segment, kernarg_size;
	int64_t entry_offset;
	uint32_t rsrc3, rsrc1, rsrc2;
	uint16_t properties, kernarg_preload;
};

struct run {
	const struct model_kernel *k;
	struct bh_sim *sim;
	uint8_t *vram;
	uint32_t ring_words;
	uint64_t wptr;
};

static uint32_t rd32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static void wr32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static void wr16(uint8_t *p, uint16_t v) { memcpy(p, &v, 2); }
static void wr64(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }

static const char *gfx_name(const struct model_kernel *k)
{
	return k->gfx942 ? "gfx942" : "gfx90a";
}

/* Copy the PT_LOAD segments to VRAM at CODE_OFF (memsz beyond filesz is 0). */
static int load_image(struct run *r)
{
	memset(r->vram + CODE_OFF, 0, CODE_SPAN);
	for (unsigned i = 0; i < r->k->nsegs; i++) {
		const struct model_segment *s = &r->k->segs[i];

		if (s->vaddr + s->memsz > CODE_SPAN || s->filesz > s->memsz)
			return -1;
		memcpy(r->vram + CODE_OFF + s->vaddr, s->bytes, s->filesz);
	}
	return 0;
}

static void read_kd(const uint8_t *p, struct kd *kd)
{
	uint16_t props;

	kd->group_segment = rd32(p + 0);
	kd->private_segment = rd32(p + 4);
	kd->kernarg_size = rd32(p + 8);
	memcpy(&kd->entry_offset, p + 16, 8);
	kd->rsrc3 = rd32(p + 44);
	kd->rsrc1 = rd32(p + 48);
	kd->rsrc2 = rd32(p + 52);
	memcpy(&props, p + 56, 2);
	kd->properties = props;
	memcpy(&props, p + 58, 2);
	kd->kernarg_preload = props;
}

static void emit(struct run *r, uint32_t dw)
{
	wr32(r->vram + RING_OFF + 4 * (r->wptr++ % r->ring_words), dw);
}

static void set_sh(struct run *r, uint32_t reg, const uint32_t *v, unsigned n)
{
	emit(r, HDR(0x76, n + 2));
	emit(r, reg - 0x2c00);
	for (unsigned i = 0; i < n; i++)
		emit(r, v[i]);
}

/*
 * User SGPRs in kernel_code_properties order (docs/facts/dispatch.md §3.1).
 * Returns the count, or -1 for an enable this loader does not provide.
 */
static int user_sgprs(const struct kd *kd, uint32_t scratch_bytes, uint32_t *u)
{
	uint64_t scratch = VA(SCRATCH_OFF), kernarg = VA(KERNARG_OFF);
	int n = 0;

	if (kd->properties & ~0x7fu & ~(1u << 11))
		return -1;	/* wave32, or bits this test does not know */
	if (kd->properties & 1) {
		/* Private segment buffer V#: SWIZZLE_ENABLE (word1 bit 31),
		 * NUM_RECORDS, and word3 = DST_SEL XYZW, NUM_FORMAT UINT,
		 * DATA_FORMAT 32, ELEMENT_SIZE 4 B, INDEX_STRIDE 64,
		 * ADD_TID_ENABLE: the private-segment layout of §3.3. */
		u[n++] = (uint32_t)scratch;
		u[n++] = (uint32_t)(scratch >> 32) | 1u << 31;
		u[n++] = scratch_bytes;
		u[n++] = 0xfacu | 4u << 12 | 4u << 15 | 1u << 19 | 3u << 21 | 1u << 23;
	}
	if (kd->properties & 2) {
		u[n++] = (uint32_t)VA(PACKET_OFF);
		u[n++] = (uint32_t)(VA(PACKET_OFF) >> 32);
	}
	if (kd->properties & 4) {
		u[n++] = (uint32_t)VA(QUEUE_OFF);
		u[n++] = (uint32_t)(VA(QUEUE_OFF) >> 32);
	}
	if (kd->properties & 8) {
		u[n++] = (uint32_t)kernarg;
		u[n++] = (uint32_t)(kernarg >> 32);
	}
	if (kd->properties & 16) {
		u[n++] = 0;	/* dispatch id */
		u[n++] = 0;
	}
	if (kd->properties & 32) {
		/* Flat scratch init: the queue's scratch base; the kernel adds
		 * its wave offset (so flat and buffer views agree). */
		u[n++] = (uint32_t)scratch;
		u[n++] = (uint32_t)(scratch >> 32);
	}
	if (kd->properties & 64)
		u[n++] = kd->private_segment;
	return n;
}

/* Hidden arguments (code object v5): block count, group size, remainder. */
static void hidden_args(struct run *r, uint32_t grid, uint32_t block)
{
	uint8_t *ka = r->vram + KERNARG_OFF;
	const struct model_kernel *k = r->k;

	if (k->off_block_count_x == 0xffffffffu)	/* the kernel reads none */
		return;
	wr32(ka + k->off_block_count_x, (grid + block - 1) / block);
	wr32(ka + k->off_block_count_x + 4, 1);
	wr32(ka + k->off_block_count_x + 8, 1);
	wr16(ka + k->off_group_size_x, (uint16_t)block);
	wr16(ka + k->off_group_size_x + 2, 1);
	wr16(ka + k->off_group_size_x + 4, 1);
	wr16(ka + k->off_remainder_x, (uint16_t)(grid % block));
	wr16(ka + k->off_remainder_x + 2, 0);
	wr16(ka + k->off_remainder_x + 4, 0);
}

/* The AQL packet a dispatch ptr points at (fields the kernel may read). */
static void aql_packet(struct run *r, const struct kd *kd, uint32_t grid, uint32_t block)
{
	uint8_t *p = r->vram + PACKET_OFF;

	memset(p, 0, 64);
	wr16(p + 2, 1);			/* setup: 1 dimension */
	wr16(p + 4, (uint16_t)block);
	wr16(p + 6, 1);
	wr16(p + 8, 1);
	wr32(p + 12, grid);
	wr32(p + 16, 1);
	wr32(p + 20, 1);
	wr32(p + 24, kd->private_segment);
	wr32(p + 28, kd->group_segment);
	wr64(p + 32, VA(CODE_OFF + r->k->kd));
	wr64(p + 40, VA(KERNARG_OFF));
}

/*
 * Load, write the explicit kernel arguments @args, dispatch @grid
 * work-items in groups of @block, wait for the fence.  0 on success; on
 * failure prints why and returns -1.
 */
static int launch(struct run *r, const void *args, size_t nargs, uint32_t grid,
		  uint32_t block)
{
	const struct model_kernel *k = r->k;
	struct bh_sim_fault f;
	struct kd kd;
	uint32_t u[16], ctx = 0;
	uint64_t fence = 0;

	if (load_image(r) || k->kd + 64 > CODE_SPAN)
		return fprintf(stderr, "\n  code object does not fit\n"), -1;
	read_kd(r->vram + CODE_OFF + k->kd, &kd);

	uint64_t entry = VA(CODE_OFF + k->kd) + (uint64_t)kd.entry_offset;
	uint32_t groups = (grid + block - 1) / block, rem = grid % block;
	/* TMPRING_SIZE.WAVESIZE in 1 KiB units per wave (gfx9). */
	uint32_t wave_kib = (kd.private_segment * 64 + 1023) / 1024;
	uint32_t scratch_bytes = SCRATCH_WAVES * wave_kib * 1024;
	uint32_t tmpring = (kd.rsrc2 & 1) ? SCRATCH_WAVES | wave_kib << 12 : 0;
	uint32_t rsrc2 = kd.rsrc2 | ((kd.group_segment + 511) / 512) << 15;
	int nuser = user_sgprs(&kd, scratch_bytes, u);

	/* Preloaded kernargs would move the entry by 256 bytes (§3.1);
	 * clang-19 does not emit them unless asked. */
	if (kd.kernarg_preload & 0x7f)
		return fprintf(stderr, "\n  kernarg preload is not handled here\n"), -1;
	if (entry % 256 || nuser < 0 || (unsigned)nuser != ((kd.rsrc2 >> 1) & 0x1f))
		return fprintf(stderr, "\n  entry 0x%llx, %d user SGPRs for RSRC2's %u\n",
			       (unsigned long long)entry, nuser, (kd.rsrc2 >> 1) & 0x1f), -1;
	if (SCRATCH_OFF + scratch_bytes > VRAM_SIZE)
		return fprintf(stderr, "\n  scratch too large\n"), -1;
	if (nargs > kd.kernarg_size || kd.kernarg_size > 0x1000)
		return fprintf(stderr, "\n  kernarg size %u\n", kd.kernarg_size), -1;
	memset(r->vram + KERNARG_OFF, 0, 0x1000);
	memcpy(r->vram + KERNARG_OFF, args, nargs);
	memset(r->vram + QUEUE_OFF, 0, 256);
	hidden_args(r, grid, block);
	aql_packet(r, &kd, grid, block);

	uint32_t pgm[2] = { (uint32_t)(entry >> 8), (uint32_t)(entry >> 40) };
	uint32_t rsrc[2] = { kd.rsrc1, rsrc2 };
	uint32_t sbase[2] = { (uint32_t)(VA(SCRATCH_OFF) >> 8), (uint32_t)(VA(SCRATCH_OFF) >> 40) };
	uint32_t threads[6] = { 0, 0, 0, block | (rem << 16), 1, 1 };

	set_sh(r, 0x2e0c, pgm, 2);
	set_sh(r, 0x2e12, rsrc, 2);
	set_sh(r, 0x2e2d, &kd.rsrc3, 1);
	set_sh(r, 0x2e18, &tmpring, 1);
	if (k->gfx942)
		set_sh(r, 0x2e10, sbase, 2);
	set_sh(r, 0x2e04, threads, 6);
	if (nuser)
		set_sh(r, 0x2e40, u, (unsigned)nuser);
	emit(r, HDR(0x15, 5) | 2);
	emit(r, groups);
	emit(r, 1);
	emit(r, 1);
	emit(r, 1u | (rem ? 2u : 0));		/* COMPUTE_SHADER_EN, PARTIAL_TG_EN */
	emit(r, HDR(0x49, 8));			/* RELEASE_MEM: 64-bit, interrupt */
	emit(r, 0x00238514u);
	emit(r, 2u << 29 | 2u << 24);
	emit(r, (uint32_t)VA(FENCE_OFF));
	emit(r, (uint32_t)(VA(FENCE_OFF) >> 32));
	emit(r, 0x600d);
	emit(r, 0);
	emit(r, 0xc0ffee);
	bh_sim_doorbell(r->sim, 0, r->wptr);

	if (bh_sim_take_fault(r->sim, &f))
		return fprintf(stderr, "\n  %s %s -O%d: fault %d at pc 0x%llx (%08x %08x): %s\n",
			       k->kernel, gfx_name(k), k->opt, (int)f.kind,
			       (unsigned long long)f.pc, f.dwords[0], f.dwords[1], f.message), -1;
	memcpy(&fence, r->vram + FENCE_OFF, 8);
	if (fence != 0x600d || !bh_sim_take_interrupt(r->sim, &ctx) || ctx != 0xc0ffee)
		return fprintf(stderr, "\n  no fence / interrupt\n"), -1;
	return 0;
}

static int open_run(struct run *r, const struct model_kernel *k)
{
	struct bh_sim_config cfg = {
		.gfx = k->gfx942 ? BH_SIM_GFX942 : BH_SIM_GFX90A, .vram_size = VRAM_SIZE,
		.num_cus = 4, .max_instructions = 10000000,
	};
	char why[256];

	memset(r, 0, sizeof(*r));
	r->k = k;
	r->sim = bh_sim_create(&cfg, why);
	if (!r->sim)
		return fprintf(stderr, "\n  bh_sim_create: %s\n", why), -1;
	r->vram = bh_sim_vram(r->sim);
	r->ring_words = 1024;
	return bh_sim_queue_init(r->sim, 0, VA(RING_OFF), 4 * r->ring_words, VA(RPTR_OFF));
}

static float f32(uint32_t b)
{
	float f;

	memcpy(&f, &b, 4);
	return f;
}

static uint32_t bits(float f)
{
	uint32_t b;

	memcpy(&b, &f, 4);
	return b;
}

/*
 * saxpy(2.5, x, y, 290) over 300 work-items in groups of 128: three
 * groups, the last one partial (44), and lanes 290..299 masked by the
 * kernel's own i < n.  x[i] = i/4 and y[i] = 1000 - i make every product
 * and sum exact in f32, so fused and unfused code agree bit for bit.
 */
static int run_saxpy(struct run *r)
{
	enum { N = 290, GRID = 300, BLOCK = 128, ALLOC = 384 };
	const uint64_t x = DATA_OFF, y = DATA_OFF + 0x10000;
	uint8_t args[28] = { 0 };
	float a = 2.5f;

	for (unsigned i = 0; i < ALLOC; i++) {
		wr32(r->vram + x + 4 * i, bits((float)i * 0.25f));
		wr32(r->vram + y + 4 * i, bits(1000.0f - (float)i));
	}
	/* float a @0, const float *x @8, float *y @16, unsigned n @24 */
	memcpy(args, &a, 4);
	wr64(args + 8, VA(x));
	wr64(args + 16, VA(y));
	wr32(args + 24, N);
	if (launch(r, args, sizeof(args), GRID, BLOCK))
		return -1;
	for (unsigned i = 0; i < ALLOC; i++) {
		float want = i < N ? 2.5f * ((float)i * 0.25f) + (1000.0f - (float)i)
				   : 1000.0f - (float)i;
		uint32_t got = rd32(r->vram + y + 4 * i);

		if (got != bits(want))
			return fprintf(stderr, "\n  y[%u] = %g, want %g\n", i, f32(got), want), -1;
	}
	return 0;
}

/*
 * lds_reverse(d) over 2 groups of 256 (four waves each, so s_barrier
 * really has to hold waves back): d[g*256 + t] = old d[g*256 + 255 - t].
 */
static int run_lds_reverse(struct run *r)
{
	enum { BLOCK = 256, GROUPS = 2 };
	const uint64_t d = DATA_OFF;
	uint8_t args[8];

	for (unsigned i = 0; i < BLOCK * GROUPS; i++)
		wr32(r->vram + d + 4 * i, bits((float)(3 * i + 7)));
	wr64(args, VA(d));
	if (launch(r, args, sizeof(args), BLOCK * GROUPS, BLOCK))
		return -1;
	for (unsigned i = 0; i < BLOCK * GROUPS; i++) {
		unsigned g = i / BLOCK, t = i % BLOCK, src = g * BLOCK + (BLOCK - 1 - t);
		uint32_t got = rd32(r->vram + d + 4 * i);

		if (got != bits((float)(3 * src + 7)))
			return fprintf(stderr, "\n  d[%u] = %g, want %u\n", i, f32(got),
				       3 * src + 7), -1;
	}
	return 0;
}

/* Run every embedded build of @kernel for one target; each must pass. */
static void run_all(const char *kernel, int gfx942, int (*body)(struct run *))
{
	unsigned n = 0;

	for (size_t i = 0; i < sizeof(model_kernels) / sizeof(model_kernels[0]); i++) {
		const struct model_kernel *k = &model_kernels[i];
		struct run r;

		if (strcmp(k->kernel, kernel) || k->gfx942 != gfx942)
			continue;
		n++;
		if (open_run(&r, k) || body(&r)) {
			fprintf(stderr, "  (%s, %s, -O%d; it uses: %s)\n", kernel, gfx_name(k),
				k->opt, k->mnemonics);
			CU_FAIL("compiled kernel did not run correctly on the model");
		}
		if (r.sim)
			bh_sim_destroy(r.sim);
	}
	CU_ASSERT_EQUAL(n, 4);	/* -O0 .. -O3 */
}

static void test_saxpy_gfx90a(void) { run_all("saxpy", 0, run_saxpy); }
static void test_saxpy_gfx942(void) { run_all("saxpy", 1, run_saxpy); }
static void test_lds_gfx90a(void) { run_all("lds_reverse", 0, run_lds_reverse); }
static void test_lds_gfx942(void) { run_all("lds_reverse", 1, run_lds_reverse); }

CU_ErrorCode bh_tests_model_kernels(void)
{
	CU_pSuite s = CU_add_suite("model_kernels", NULL, NULL);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "clang-19 saxpy -O0..-O3 on gfx90a", test_saxpy_gfx90a);
	CU_add_test(s, "clang-19 saxpy -O0..-O3 on gfx942", test_saxpy_gfx942);
	CU_add_test(s, "clang-19 LDS reverse -O0..-O3 on gfx90a", test_lds_gfx90a);
	CU_add_test(s, "clang-19 LDS reverse -O0..-O3 on gfx942", test_lds_gfx942);
	return CU_get_error();
}
