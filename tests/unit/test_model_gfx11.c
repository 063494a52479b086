// SPDX-License-Identifier: MIT
/*
 * The gfx11 model at wave32, through the public API: hand-written RDNA3
 * programs (the .s files of tests/model/programs-gfx1100, assembled by llvm-mc-19)
 * dispatched with CS_W32_EN, their results worked out by hand in the
 * program's header comment.  Also: CS_W32_EN refused on a wave64-only
 * gfx9 target.
 */
#include <stdio.h>
#include <string.h>

#include "model_programs_gfx1100.h"
#include "model_rig.h"
#include "testlib.h"

#define CS_W32_EN (1u << 15)

/* One group of @threads of @prog on the rig's target, wave32 if @w32. */
static void dispatch_w(const uint32_t *prog, size_t words, uint32_t threads, bool w32)
{
	uint64_t code = BH_SIM_VRAM_BASE + CODE_OFF, out = BH_SIM_VRAM_BASE + OUT_OFF;
	uint32_t pgm[2] = { (uint32_t)(code >> 8), (uint32_t)(code >> 40) };
	/* 32 VGPRs at the wave32 granule of 8; 2 user SGPRs. */
	uint32_t rsrc[2] = { (RSRC1_DEFAULT & ~0x3fu) | 3u, 2u << 1 };
	uint32_t dims[6] = { 0, 0, 0, threads, 1, 1 };
	uint32_t user[2] = { (uint32_t)out, (uint32_t)(out >> 32) };
	uint32_t zero = 0;

	memcpy(rig.vram + CODE_OFF, prog, words * 4);
	set_sh(0x2e0c, pgm, 2);
	set_sh(0x2e12, rsrc, 2);
	set_sh(0x2e18, &zero, 1);
	set_sh(0x2e04, dims, 6);
	set_sh(0x2e40, user, 2);
	emit(HDR(0x15, 5) | 2);
	emit(1);
	emit(1);
	emit(1);
	emit(1u | (w32 ? CS_W32_EN : 0));
	doorbell();
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
	CU_add_test(g9, "CS_W32_EN refused on gfx90a", test_w32_refused_on_gfx9);
	return CU_get_error();
}
