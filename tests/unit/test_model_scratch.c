// SPDX-License-Identifier: MIT
/*
 * The private segment on both scratch models, through the public API:
 * gfx90a (the kernel builds FLAT_SCRATCH from FS init + the wave offset
 * SGPR, and also reaches scratch through the swizzled PSB V#) and gfx942
 * (architected: FLAT_SCRATCH = DISPATCH_SCRATCH_BASE + wave offset).
 * Every view of a lane's private dword k must land on the same bytes:
 * slot_base + (k * 64 + lane) * 4 (AMDGPUUsage "Private Segment",
 * docs/facts/dispatch.md §3.3), each wave in its own TMPRING slot.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "model_programs.h"
#include "model_programs_gfx942.h"
#include "sim.h"
#include "testlib.h"

#define HDR(op, ndw) (0xc0000000u | (uint32_t)((ndw) - 2) << 16 | (uint32_t)(op) << 8)
#define VA(off) (BH_SIM_VRAM_BASE + (off))
#define CODE_OFF	0x1000ull
#define RING_OFF	0x10000ull	/* 1 KiB ring */
#define RPTR_OFF	0x11000ull
#define FENCE_OFF	0x11100ull
#define OUT_OFF		0x20000ull
#define SCRATCH_OFF	0x100000ull
#define WAVES		32		/* TMPRING_SIZE.WAVES */
#define WAVE_KIB	2		/* TMPRING_SIZE.WAVESIZE: 32 bytes per lane */
#define SLOT_BYTES	(WAVE_KIB * 1024u)

struct rig {
	struct bh_sim *sim;
	uint8_t *vram;
	uint64_t wptr;
};

static void emit(struct rig *r, uint32_t dw)
{
	memcpy(r->vram + RING_OFF + 4 * (r->wptr++ % 256), &dw, 4);
}

static void set_sh(struct rig *r, uint32_t reg, const uint32_t *v, unsigned n)
{
	emit(r, HDR(0x76, n + 2));
	emit(r, reg - 0x2c00);
	for (unsigned i = 0; i < n; i++)
		emit(r, v[i]);
}

static uint32_t word(const struct rig *r, uint64_t off)
{
	uint32_t v;

	memcpy(&v, r->vram + off, 4);
	return v;
}

static int open_rig(struct rig *r, enum bh_sim_gfx gfx)
{
	struct bh_sim_config cfg = { .gfx = gfx, .vram_size = 4 << 20, .num_cus = 1,
				     .max_instructions = 100000 };

	memset(r, 0, sizeof(*r));
	r->sim = bh_sim_create(&cfg, NULL);
	if (!r->sim)
		return -1;
	r->vram = bh_sim_vram(r->sim);
	return bh_sim_queue_init(r->sim, 0, VA(RING_OFF), 1024, VA(RPTR_OFF));
}

/* One group of 128 threads (two waves) of @prog with @user SGPRs. */
static void run(struct rig *r, const uint32_t *prog, size_t words, const uint32_t *user,
		unsigned nuser, bool architected)
{
	uint64_t code = VA(CODE_OFF);
	uint32_t pgm[2] = { (uint32_t)(code >> 8), (uint32_t)(code >> 40) };
	/* 16 VGPRs, f32 denormals kept; SCRATCH_EN and the user SGPR count. */
	uint32_t rsrc[2] = { 0x00af0001, 1u | nuser << 1 };
	uint32_t tmpring = WAVES | WAVE_KIB << 12;
	uint32_t sbase[2] = { (uint32_t)(VA(SCRATCH_OFF) >> 8), (uint32_t)(VA(SCRATCH_OFF) >> 40) };
	uint32_t threads[6] = { 0, 0, 0, 128, 1, 1 };

	memcpy(r->vram + CODE_OFF, prog, words * 4);
	set_sh(r, 0x2e0c, pgm, 2);
	set_sh(r, 0x2e12, rsrc, 2);
	set_sh(r, 0x2e18, &tmpring, 1);
	if (architected)
		set_sh(r, 0x2e10, sbase, 2);
	set_sh(r, 0x2e04, threads, 6);
	set_sh(r, 0x2e40, user, nuser);
	emit(r, HDR(0x15, 5) | 2);
	emit(r, 1);
	emit(r, 1);
	emit(r, 1);
	emit(r, 1);
	bh_sim_doorbell(r->sim, 0, r->wptr);
}

/*
 * out[2t] and out[2t+1] are private dwords 2 and 3 read back through a
 * different view than the one that wrote them; the backing bytes of
 * each wave must sit in a TMPRING slot of their own.
 */
static void check(struct rig *r)
{
	struct bh_sim_fault f;
	int slot_of[2] = { -1, -1 };

	if (bh_sim_take_fault(r->sim, &f)) {
		fprintf(stderr, "\n  fault at 0x%llx: %s\n", (unsigned long long)f.pc, f.message);
		CU_FAIL_FATAL("scratch program faulted");
	}
	for (unsigned t = 0; t < 128; t++) {
		CU_ASSERT_EQUAL(word(r, OUT_OFF + 8 * t), 100 + t);
		CU_ASSERT_EQUAL(word(r, OUT_OFF + 8 * t + 4), 200 + t);
	}
	for (unsigned w = 0; w < 2; w++) {
		for (unsigned s = 0; s < WAVES && slot_of[w] < 0; s++) {
			uint64_t base = SCRATCH_OFF + (uint64_t)s * SLOT_BYTES;
			bool all = true;

			for (unsigned lane = 0; lane < 64 && all; lane++)
				all = word(r, base + (2 * 64 + lane) * 4) == 100 + 64 * w + lane &&
				      word(r, base + (3 * 64 + lane) * 4) == 200 + 64 * w + lane;
			if (all)
				slot_of[w] = (int)s;
		}
		CU_ASSERT_TRUE(slot_of[w] >= 0);
	}
	CU_ASSERT_NOT_EQUAL(slot_of[0], slot_of[1]);
}

static void test_gfx90a_views(void)
{
	struct rig r;
	uint64_t scratch = VA(SCRATCH_OFF), out = VA(OUT_OFF);
	uint32_t user[8] = {
		/* PSB V#: base, SWIZZLE_ENABLE, NUM_RECORDS, word3 with
		 * ELEMENT_SIZE 4, INDEX_STRIDE 64, ADD_TID_ENABLE. */
		(uint32_t)scratch, (uint32_t)(scratch >> 32) | 1u << 31, WAVES * SLOT_BYTES,
		0xfacu | 4u << 12 | 4u << 15 | 1u << 19 | 3u << 21 | 1u << 23,
		(uint32_t)scratch, (uint32_t)(scratch >> 32),	/* FS init */
		(uint32_t)out, (uint32_t)(out >> 32),
	};

	CU_ASSERT_EQUAL_FATAL(open_rig(&r, BH_SIM_GFX90A), 0);
	run(&r, prog_scratch_views, sizeof(prog_scratch_views) / 4, user, 8, false);
	check(&r);
	bh_sim_destroy(r.sim);
}

static void test_gfx942_views(void)
{
	struct rig r;
	uint64_t out = VA(OUT_OFF);
	uint32_t user[2] = { (uint32_t)out, (uint32_t)(out >> 32) };

	CU_ASSERT_EQUAL_FATAL(open_rig(&r, BH_SIM_GFX942), 0);
	run(&r, prog942_scratch_views, sizeof(prog942_scratch_views) / 4, user, 2, true);
	check(&r);
	bh_sim_destroy(r.sim);
}

/*
 * A private offset below 0 (-4): 64-bit 2^64 - 4, whose end wrapped round
 * to 0 and passed the slot's bounds check, so the lanes read the 256
 * bytes below the wave's TMPRING slot.  It is a memory fault.
 */
static void test_gfx942_below_slot(void)
{
	struct rig r;
	struct bh_sim_fault f;
	uint64_t out = VA(OUT_OFF);
	uint32_t user[2] = { (uint32_t)out, (uint32_t)(out >> 32) };

	CU_ASSERT_EQUAL_FATAL(open_rig(&r, BH_SIM_GFX942), 0);
	run(&r, prog942_scratch_below, sizeof(prog942_scratch_below) / 4, user, 2, true);
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(r.sim, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_MEMORY);
	ASSERT_CONTAINS(f.message, "outside the wave's scratch");
	bh_sim_destroy(r.sim);
}

/* A V# the model does not implement (no swizzle) is refused, not guessed. */
static void test_gfx90a_plain_buffer_refused(void)
{
	struct rig r;
	struct bh_sim_fault f;
	uint64_t scratch = VA(SCRATCH_OFF), out = VA(OUT_OFF);
	uint32_t user[8] = { (uint32_t)scratch, (uint32_t)(scratch >> 32), WAVES * SLOT_BYTES,
			     0xfacu | 4u << 12 | 4u << 15, (uint32_t)scratch,
			     (uint32_t)(scratch >> 32), (uint32_t)out, (uint32_t)(out >> 32) };

	CU_ASSERT_EQUAL_FATAL(open_rig(&r, BH_SIM_GFX90A), 0);
	run(&r, prog_scratch_views, sizeof(prog_scratch_views) / 4, user, 8, false);
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(r.sim, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_ILLEGAL_INSTRUCTION);
	ASSERT_CONTAINS(f.message, "MUBUF");
	bh_sim_destroy(r.sim);
}

CU_ErrorCode bh_tests_model_scratch(void)
{
	CU_pSuite s = CU_add_suite("model_scratch", NULL, NULL);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "gfx90a: MUBUF, scratch_* and flat private agree", test_gfx90a_views);
	CU_add_test(s, "gfx942: architected scratch and flat private agree", test_gfx942_views);
	CU_add_test(s, "gfx90a: unswizzled buffer refused", test_gfx90a_plain_buffer_refused);
	CU_add_test(s, "gfx942: a private offset below 0 faults", test_gfx942_below_slot);
	return CU_get_error();
}
