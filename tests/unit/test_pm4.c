// SPDX-License-Identifier: MIT
/* PM4 encodings against the values in docs/facts/dispatch.md §6. */
#include <stdio.h>
#include <string.h>

#include "gfx.h"
#include "pm4.h"
#include "sim.h"
#include "testlib.h"

static void test_headers(void)
{
	uint32_t buf[16];
	struct pm4_builder b;
	const uint32_t dim[3] = { 4, 5, 6 };

	/* §6.1 example headers (shader_type 0; +2 for compute). */
	CU_ASSERT_EQUAL(PM4_NOP_PAD, 0xFFFF1000u);
	CU_ASSERT_EQUAL(PM4_HDR(PM4_SET_SH_REG, 2), 0xC0017600u);
	CU_ASSERT_EQUAL(PM4_HDR(PM4_RELEASE_MEM, 7), 0xC0064900u);
	CU_ASSERT_EQUAL(PM4_HDR(PM4_ACQUIRE_MEM, 6), 0xC0055800u);
	CU_ASSERT_EQUAL(PM4_HDR(PM4_WAIT_REG_MEM, 6), 0xC0053C00u);
	CU_ASSERT_EQUAL(PM4_HDR(PM4_INDIRECT_BUFFER, 3), 0xC0023F00u);
	CU_ASSERT_EQUAL(PM4_HDR(PM4_EVENT_WRITE, 1), 0xC0004600u);

	pm4_init(&b, buf, 16);
	pm4_dispatch_direct(&b, dim, 0x45);
	CU_ASSERT_EQUAL(b.len, 5);
	CU_ASSERT_EQUAL(buf[0], 0xC0031500u | 2);	/* DISPATCH_DIRECT, compute */
	CU_ASSERT_EQUAL(buf[1], 4);
	CU_ASSERT_EQUAL(buf[3], 6);
	CU_ASSERT_EQUAL(buf[4], 0x45);
}

static void test_set_sh_reg(void)
{
	uint32_t buf[8];
	struct pm4_builder b;
	const uint32_t v[2] = { 0x11, 0x22 };

	/* §6.4: register offsets relative to 0x2C00. */
	pm4_init(&b, buf, 8);
	pm4_set_sh_regs(&b, REG_COMPUTE_PGM_LO, v, 2);
	CU_ASSERT_EQUAL(buf[0], 0xC0027600u);
	CU_ASSERT_EQUAL(buf[1], 0x20C);
	CU_ASSERT_EQUAL(buf[2], 0x11);
	CU_ASSERT_EQUAL(buf[3], 0x22);
	pm4_init(&b, buf, 8);
	pm4_set_sh_reg(&b, REG_COMPUTE_USER_DATA_0, 7);
	CU_ASSERT_EQUAL(buf[1], 0x240);
	pm4_set_sh_reg(&b, REG_COMPUTE_PGM_RSRC1, 0);
	CU_ASSERT_EQUAL(buf[4], 0x212);
	CU_ASSERT_EQUAL(REG_COMPUTE_TMPRING_SIZE - PM4_SH_REG_BASE, 0x218);
	CU_ASSERT_EQUAL(REG_COMPUTE_DISPATCH_SCRATCH_BASE_LO, 0x2E10);
	CU_ASSERT_EQUAL(REG_COMPUTE_RESOURCE_LIMITS, 0x2E15);
	CU_ASSERT_EQUAL(REG_COMPUTE_START_X, 0x2E04);
	CU_ASSERT_EQUAL(REG_COMPUTE_NUM_THREAD_X, 0x2E07);
	CU_ASSERT_EQUAL(REG_COMPUTE_RESTART_X, 0x2E1B);
}

static void test_gfx9_rows(void)
{
	const struct bh_gfx *a = bh_gfx_lookup(0x03f), *c = bh_gfx_lookup(0x04c);

	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_PTR_NULL(bh_gfx_lookup(0x02c));	/* gfx900: no table row */
	/* RSRC3 is 0x2E2D on gfx90a/942, not GFX10's 0x2E28 (§6.4, §9). */
	CU_ASSERT_EQUAL(a->reg_pgm_rsrc3, 0x2E2D);
	CU_ASSERT_EQUAL(c->reg_pgm_rsrc3, 0x2E2D);
	CU_ASSERT_FALSE(a->architected_scratch);
	CU_ASSERT_TRUE(c->architected_scratch);
	CU_ASSERT_TRUE(a->order_mode);
	CU_ASSERT_FALSE(c->order_mode);		/* not on gfx940 parts (§6.5) */
	/* Linux gfx9 emit_fence dw1 and emit_mem_sync COHER_CNTL (§6.6). */
	CU_ASSERT_EQUAL(a->release_mem_event, 0x00238514u);
	CU_ASSERT_EQUAL(a->acquire_coher_cntl, 0x28C40000u);
	CU_ASSERT_EQUAL(a->lds_granule, 512);
	CU_ASSERT_EQUAL(a->tmpring_unit, 1024);
	/* Scratch V# word 3 (ROCR InitScratchSRD): element 4 B, stride 64, TID. */
	CU_ASSERT_EQUAL(a->scratch_srd_word3, 0x00ea4facu);
	CU_ASSERT_EQUAL((a->scratch_srd_word3 >> 19) & 3, 1);
	CU_ASSERT_EQUAL((a->scratch_srd_word3 >> 21) & 3, 3);
	CU_ASSERT_EQUAL((a->scratch_srd_word3 >> 23) & 1, 1);
}

static void test_release_and_acquire(void)
{
	uint32_t buf[16];
	struct pm4_builder b;

	pm4_init(&b, buf, 16);
	pm4_release_mem(&b, 0x00238514u, 2, 2, 0x123456789abcull, 0x1122334455667788ull, 9);
	CU_ASSERT_EQUAL(b.len, 8);
	CU_ASSERT_EQUAL(buf[1], 0x00238514u);
	CU_ASSERT_EQUAL(buf[2], 0x42000000u);	/* 64-bit data + interrupt (§6.6) */
	CU_ASSERT_EQUAL(buf[3], 0x56789abcu);
	CU_ASSERT_EQUAL(buf[4], 0x1234u);
	CU_ASSERT_EQUAL(buf[5], 0x55667788u);
	CU_ASSERT_EQUAL(buf[6], 0x11223344u);
	CU_ASSERT_EQUAL(buf[7], 9);
	pm4_init(&b, buf, 16);
	pm4_acquire_mem_gfx9(&b, 0x28C40000u);
	CU_ASSERT_EQUAL(b.len, 7);
	CU_ASSERT_EQUAL(buf[0], 0xC0055800u);
	CU_ASSERT_EQUAL(buf[2], 0xffffffffu);
	CU_ASSERT_EQUAL(buf[3], 0x00ffffffu);
	CU_ASSERT_EQUAL(buf[6], 0xa);
}

static void test_overflow_is_reported(void)
{
	uint32_t buf[3];
	struct pm4_builder b;

	pm4_init(&b, buf, 3);
	pm4_set_sh_reg(&b, REG_COMPUTE_PGM_LO, 1);
	CU_ASSERT_FALSE(b.overflow);
	pm4_set_sh_reg(&b, REG_COMPUTE_PGM_LO, 1);
	CU_ASSERT_TRUE(b.overflow);
	CU_ASSERT_EQUAL(b.len, 3);
}

/*
 * The sim board's targets (boards/sim/model/targets.c) and the loader's
 * PM4 rows (loader/gfx/gfx9.c) are two homes on purpose -- the model
 * knows what a GPU is, the loader what to emit for it -- but the facts
 * both hold must agree (among them where RSRC3 sits, the ACQUIRE_MEM
 * form and TMPRING's layout, which the model checks and the loader
 * emits), and every modelled target needs a PM4 row.
 */
static void test_sim_targets_have_rows(void)
{
	char names[64];

	for (unsigned i = 0; i < BH_SIM_GFX_COUNT; i++) {
		const struct bh_sim_target *t = &bh_sim_targets[i];
		const struct bh_gfx *g = bh_gfx_lookup(t->mach);

		CU_ASSERT_EQUAL(t->gfx, (enum bh_sim_gfx)i);
		CU_ASSERT_PTR_EQUAL(bh_sim_target_by_name(t->name), t);
		CU_ASSERT_PTR_EQUAL(bh_sim_target_by_mach(t->mach), t);
		CU_ASSERT_PTR_NOT_NULL_FATAL(g);
		CU_ASSERT_STRING_EQUAL(g->name, t->name);
		CU_ASSERT_EQUAL(g->architected_scratch, t->architected_scratch);
		CU_ASSERT_EQUAL(g->lds_granule, t->lds_granule);
		/* The loader counts allocation granules (the model also keeps
		 * RSRC1.VGPRS' unit, 8 on both generations). */
		CU_ASSERT_EQUAL(g->vgpr_granule, t->vgpr_alloc_granule);
		CU_ASSERT_EQUAL(g->vgprs_per_simd, t->vgprs_per_simd);
		CU_ASSERT_EQUAL(g->lds_per_cu, t->lds_per_cu);
		CU_ASSERT_EQUAL(g->wgs_per_cu, t->wgs_per_cu);
		CU_ASSERT_EQUAL(g->reg_pgm_rsrc3, t->reg_pgm_rsrc3);
		CU_ASSERT_EQUAL(g->acquire == BH_ACQUIRE_GFX10, t->acquire_gcr);
		CU_ASSERT_EQUAL(g->tmpring_unit, t->tmpring_unit);
		CU_ASSERT_EQUAL(g->tmpring_wavesize_max, t->tmpring_wavesize_mask);
		CU_ASSERT_EQUAL(g->tmpring_waves_per_se, t->tmpring_waves_per_se);
	}
	CU_ASSERT_PTR_NULL(bh_sim_target_by_name("gfx900"));
	CU_ASSERT_PTR_NULL(bh_sim_target_by_name(NULL));
	CU_ASSERT_PTR_NULL(bh_sim_target_by_mach(0x02c));
	CU_ASSERT_STRING_EQUAL(bh_sim_target_names(names, sizeof(names), " or "),
			       "gfx90a or gfx942 or gfx1100 or gfx1103 or gfx1151");
	CU_ASSERT_STRING_EQUAL(bh_sim_target_names(names, 8, "|"), "gfx90a|");
}

CU_ErrorCode bh_tests_pm4(void)
{
	CU_pSuite s = CU_add_suite("pm4", NULL, NULL);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "packet headers", test_headers);
	CU_add_test(s, "SET_SH_REG offsets", test_set_sh_reg);
	CU_add_test(s, "gfx9 table rows", test_gfx9_rows);
	CU_add_test(s, "every sim target has an agreeing PM4 row", test_sim_targets_have_rows);
	CU_add_test(s, "RELEASE_MEM and ACQUIRE_MEM", test_release_and_acquire);
	CU_add_test(s, "builder overflow", test_overflow_is_reported);
	return CU_get_error();
}
