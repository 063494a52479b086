// SPDX-License-Identifier: MIT
/*
 * The gfx11 model at wave32, through the public API: hand-written RDNA3
 * programs (the .s files of tests/model/programs-gfx1100, assembled by llvm-mc-19)
 * dispatched with CS_W32_EN, their results worked out by hand in the
 * program's header comment.  Also: CS_W32_EN refused on a wave64-only
 * gfx9 target; the gfx11 CP's packet and register forms (the 8-dword
 * ACQUIRE_MEM, RSRC3 at 0x2E28, TMPRING's 15-bit WAVESIZE) and what it
 * refuses; v_movrels/v_movreld and MSG_DEALLOC_VGPRS.
 */
#include <stdio.h>
#include <string.h>

#include "model_programs_gfx1100.h"
#include "model_rig.h"
#include "testlib.h"

#define CS_W32_EN (1u << 15)

/* One group of @threads of @prog on the rig's target, wave32 if @w32;
 * user SGPRs: out in s[0:1], then @s2. */
static void dispatch_s2(const uint32_t *prog, size_t words, uint32_t threads, bool w32,
			uint32_t s2)
{
	uint64_t code = BH_SIM_VRAM_BASE + CODE_OFF, out = BH_SIM_VRAM_BASE + OUT_OFF;
	uint32_t pgm[2] = { (uint32_t)(code >> 8), (uint32_t)(code >> 40) };
	/* 32 VGPRs at the wave32 granule of 8; 3 user SGPRs. */
	uint32_t rsrc[2] = { (RSRC1_DEFAULT & ~0x3fu) | 3u, 3u << 1 };
	uint32_t dims[6] = { 0, 0, 0, threads, 1, 1 };
	uint32_t user[3] = { (uint32_t)out, (uint32_t)(out >> 32), s2 };
	uint32_t zero = 0;

	memcpy(rig.vram + CODE_OFF, prog, words * 4);
	set_sh(0x2e0c, pgm, 2);
	set_sh(0x2e12, rsrc, 2);
	set_sh(0x2e18, &zero, 1);
	set_sh(0x2e04, dims, 6);
	set_sh(0x2e40, user, 3);
	emit(HDR(0x15, 5) | 2);
	emit(1);
	emit(1);
	emit(1);
	emit(1u | (w32 ? CS_W32_EN : 0));
	doorbell();
}

static void dispatch_w(const uint32_t *prog, size_t words, uint32_t threads, bool w32)
{
	dispatch_s2(prog, words, threads, w32, 0);
}

static bool expect(unsigned i, uint32_t want)
{
	if (out_word(i) == want)
		return true;
	fprintf(stderr, "\n  out[%u] = 0x%x, want 0x%x", i, out_word(i), want);
	return false;
}

static void test_wave32_program(void)
{
	struct bh_sim_fault f;
	bool ok = true;

	reset_queue();
	fill_out(0xdeadbeef, 1024);
	dispatch_w(prog1100_wave32, sizeof(prog1100_wave32) / 4, 64, true);
	if (bh_sim_take_fault(rig.sim, &f)) {
		fprintf(stderr, "\n  fault at 0x%llx: %s\n", (unsigned long long)f.pc, f.message);
		CU_FAIL_FATAL("wave32 program faulted");
	}
	for (unsigned t = 0; t < 64 && ok; t++) {
		unsigned l = t % 32, w = t / 32;

		ok = expect(8 * t + 0, t ^ 1) && expect(8 * t + 1, t ^ 7) &&
		     expect(8 * t + 2, t) && expect(8 * t + 3, 107) &&
		     expect(8 * t + 4, l < 16) && expect(8 * t + 5, 0xffff) &&
		     expect(8 * t + 6, l < 5 ? 20 : 10) && expect(8 * t + 7, l == 3 ? 0x55 : 0) &&
		     expect(512 + 4 * t + 0, 32) && expect(512 + 4 * t + 1, 0x1f) &&
		     expect(512 + 4 * t + 2, 32 * w + 31) && expect(512 + 4 * t + 3, 0x1234) &&
		     expect(768 + t, (t ^ 1) + 1000);
	}
	CU_ASSERT_TRUE(ok);
	/* Nothing beyond the 64 threads' records was written. */
	CU_ASSERT_EQUAL(out_word(832), 0xdeadbeef);
}

/* v_movrels/v_movreld, then MSG_DEALLOC_VGPRS before s_endpgm (clean). */
static void test_relative_moves(void)
{
	struct bh_sim_fault f;
	bool ok = true;

	reset_queue();
	fill_out(0xdeadbeef, 1024);
	dispatch_s2(prog1100_relative, sizeof(prog1100_relative) / 4, 64, true, 0);
	if (bh_sim_take_fault(rig.sim, &f)) {
		fprintf(stderr, "\n  fault at 0x%llx: %s\n", (unsigned long long)f.pc, f.message);
		CU_FAIL_FATAL("relative.s faulted");
	}
	for (unsigned t = 0; t < 64 && ok; t++)
		ok = expect(4 * t + 0, t + 300) && expect(4 * t + 1, t) &&
		     expect(4 * t + 2, t + 300) && expect(4 * t + 3, t + 200);
	CU_ASSERT_TRUE(ok);
	CU_ASSERT_EQUAL(out_word(256), 0xdeadbeef);
}

/* A VGPR used after MSG_DEALLOC_VGPRS gave them back is a fault. */
static void test_vgpr_after_dealloc(void)
{
	struct bh_sim_fault f;

	reset_queue();
	dispatch_s2(prog1100_relative, sizeof(prog1100_relative) / 4, 32, true, 1);
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_ILLEGAL_INSTRUCTION);
	ASSERT_CONTAINS(f.message, "v_mov_b32");
}

/*
 * ACQUIRE_MEM as Linux gfx_v11_0_emit_mem_sync sends it: COHER_CNTL 0,
 * the whole range, POLL_INTERVAL 10, GCR_CNTL 0xC3B1.  Then the gfx9
 * 7-dword form, which a gfx11 CP does not take.
 */
static void emit_acquire_gfx10(uint32_t coher_cntl, uint32_t gcr_cntl)
{
	emit(HDR(0x58, 8));
	emit(coher_cntl);
	emit(0xffffffffu);
	emit(0x00ffffffu);
	emit(0);
	emit(0);
	emit(0x0000000au);
	emit(gcr_cntl);
	doorbell();
}

static void test_acquire_mem_forms(void)
{
	struct bh_sim_fault f;

	reset_queue();
	emit_acquire_gfx10(0, 0xc3b1);
	CU_ASSERT_EQUAL(bh_sim_take_fault(rig.sim, &f), 0);

	reset_queue();
	emit_acquire_gfx10(0x28c00000u, 0);	/* cache actions in COHER_CNTL: gfx9's */
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_BAD_PACKET);
	ASSERT_CONTAINS(f.message, "COHER_CNTL");

	reset_queue();
	emit_acquire_gfx10(0, 1u << 19);	/* above RANGE_IS_PA */
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
	ASSERT_CONTAINS(f.message, "GCR_CNTL");

	reset_queue();
	emit(HDR(0x58, 7));
	for (int i = 0; i < 6; i++)
		emit(i == 1 ? 0xffffffffu : 0);
	doorbell();
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_BAD_PACKET);
	ASSERT_CONTAINS(f.message, "8 dwords");
}

/*
 * COMPUTE_PGM_RSRC3 is read at 0x2E28 on gfx11: INST_PREF_SIZE (a hint)
 * runs, SHARED_VGPR_CNT is refused; nothing at gfx90a's 0x2E2D matters.
 * TMPRING_SIZE.WAVESIZE is 15 bits: a bit above it is refused.
 */
static void test_rsrc3_and_tmpring(void)
{
	struct bh_sim_fault f;
	uint32_t pref = 0x3fu << 4, ones = 0xffffffffu, shared = 1, zero = 0, big = 1u << 27;

	reset_queue();
	set_sh(0x2e28, &pref, 1);		/* INST_PREF_SIZE */
	set_sh(0x2e2d, &ones, 1);		/* gfx90a's RSRC3 address */
	dispatch_w(prog1100_wave32, sizeof(prog1100_wave32) / 4, 64, true);
	CU_ASSERT_EQUAL(bh_sim_take_fault(rig.sim, &f), 0);

	reset_queue();
	set_sh(0x2e28, &shared, 1);		/* SHARED_VGPR_CNT */
	dispatch_w(prog1100_wave32, sizeof(prog1100_wave32) / 4, 64, true);
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_BAD_STATE);
	ASSERT_CONTAINS(f.message, "RSRC3");

	/* dispatch_w writes TMPRING 0 itself: the bad value goes after it,
	 * and a second DISPATCH_DIRECT reads it. */
	reset_queue();
	set_sh(0x2e28, &zero, 1);
	set_sh(0x2e2d, &zero, 1);
	dispatch_w(prog1100_wave32, sizeof(prog1100_wave32) / 4, 64, true);
	CU_ASSERT_EQUAL(bh_sim_take_fault(rig.sim, &f), 0);
	set_sh(0x2e18, &big, 1);
	emit(HDR(0x15, 5) | 2);
	emit(1);
	emit(1);
	emit(1);
	emit(1u | CS_W32_EN);
	doorbell();
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_BAD_STATE);
	ASSERT_CONTAINS(f.message, "TMPRING");
	reset_queue();
	set_sh(0x2e18, &zero, 1);
	doorbell();
}

static int gfx11_setup(void)
{
	rig_cfg.gfx = BH_SIM_GFX1100;
	return rig_setup();
}

static int gfx11_teardown(void)
{
	rig_teardown();
	rig_cfg.gfx = BH_SIM_GFX90A;
	return 0;
}

/* gfx9 has no wave32: CS_W32_EN is bad register programming. */
static void test_w32_refused_on_gfx9(void)
{
	struct bh_sim_fault f;

	rig_cfg.gfx = BH_SIM_GFX90A;
	CU_ASSERT_EQUAL_FATAL(rig_setup(), 0);
	dispatch_w(prog1100_wave32, sizeof(prog1100_wave32) / 4, 64, true);
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_BAD_STATE);
	ASSERT_CONTAINS(f.message, "CS_W32_EN");
	rig_teardown();
}

CU_ErrorCode bh_tests_model_gfx11(void)
{
	CU_pSuite s = CU_add_suite("model_gfx11", gfx11_setup, gfx11_teardown);
	CU_pSuite g9 = CU_add_suite("model_gfx11_on_gfx9", NULL, NULL);

	if (!s || !g9)
		return CU_get_error();
	CU_add_test(s, "wave32: DPP8/16, VOPD, v_cmpx, VCC_LO, saveexec_b32, M0, global", test_wave32_program);
	CU_add_test(s, "v_movrels/v_movreld, MSG_DEALLOC_VGPRS", test_relative_moves);
	CU_add_test(s, "a VGPR after MSG_DEALLOC_VGPRS faults", test_vgpr_after_dealloc);
	CU_add_test(s, "ACQUIRE_MEM: the gfx10+ form, and what it refuses", test_acquire_mem_forms);
	CU_add_test(s, "RSRC3 at 0x2E28, TMPRING WAVESIZE width", test_rsrc3_and_tmpring);
	CU_add_test(g9, "CS_W32_EN refused on gfx90a", test_w32_refused_on_gfx9);
	return CU_get_error();
}
