// SPDX-License-Identifier: MIT
/*
 * The gfx11 rows (loader/gfx/gfx11.c) and the packets they make, against
 * dwords worked out by hand from Linux gfx_v11_0.c / nvd.h and Mesa
 * sid.h; and the descriptor checks (loader/core/descriptor.c) on real
 * clang-19 descriptor values (docs/facts/dispatch.md §2.5).
 */
#include <string.h>

#include "gfx.h"
#include "internal.h"
#include "pm4.h"
#include "testlib.h"

static void test_rows(void)
{
	static const struct { uint32_t mach; const char *name; uint32_t vgprs, granule; } want[] = {
		/* EF_AMDGPU_MACH (LLVM ELF.h; clang-19 e_flags); VGPRs per
		 * SIMD lane at wave32 and the allocation granule (LLVM
		 * getTotalNumVGPRs / getVGPRAllocGranule). */
		{ 0x041, "gfx1100", 1536, 24 },
		{ 0x044, "gfx1103", 1024, 16 },
		{ 0x04a, "gfx1151", 1536, 24 },
	};

	for (unsigned i = 0; i < 3; i++) {
		const struct bh_gfx *g = bh_gfx_lookup(want[i].mach);

		CU_ASSERT_PTR_NOT_NULL_FATAL(g);
		CU_ASSERT_STRING_EQUAL(g->name, want[i].name);
		CU_ASSERT_FALSE(g->verified);
		CU_ASSERT_EQUAL(g->wave_sizes, BH_GFX_WAVE32 | BH_GFX_WAVE64);
		/* Mesa sid.h R_00B8A0_COMPUTE_PGM_RSRC3: 0xB8A0 / 4. */
		CU_ASSERT_EQUAL(g->reg_pgm_rsrc3, 0x2E28);
		CU_ASSERT_TRUE(g->architected_scratch);
		CU_ASSERT_TRUE(g->order_mode);
		CU_ASSERT_EQUAL(g->tmpring_unit, 256);
		CU_ASSERT_EQUAL(g->tmpring_wavesize_max, 0x7fff);	/* [26:12] */
		CU_ASSERT_TRUE(g->tmpring_waves_per_se);
		CU_ASSERT_EQUAL(g->acquire, BH_ACQUIRE_GFX10);
		/* gfx_v11_0_emit_mem_sync: GL2_INV 14 | GL2_WB 15 | GLM_INV 5 |
		 * GLM_WB 4 | GL1_INV 9 | GLV_INV 8 | GLK_INV 7 | GLI_INV 0. */
		CU_ASSERT_EQUAL(g->acquire_gcr_cntl, 0x0000C3B1u);
		/* gfx_v11_0_ring_emit_fence: SEQ 22 | GL2_WB 21 | GLM_INV 13 |
		 * GLM_WB 12 | CACHE_POLICY(3) << 25 | event 0x14 | index 5 << 8. */
		CU_ASSERT_EQUAL(g->release_mem_event, 0x06603514u);
		CU_ASSERT_EQUAL(g->rsrc1_set, 1u << 20);		/* PRIV */
		CU_ASSERT_EQUAL(g->lds_granule, 512);
		CU_ASSERT_FALSE(g->kernarg_preload);
		CU_ASSERT_EQUAL(g->vgprs_w32.encode_granule, 8);
		CU_ASSERT_EQUAL(g->vgprs_w64.encode_granule, 4);
		CU_ASSERT_EQUAL(g->vgprs_w32.per_simd, want[i].vgprs);
		CU_ASSERT_EQUAL(g->vgprs_w64.per_simd, want[i].vgprs / 2);
		CU_ASSERT_EQUAL(g->vgprs_w32.alloc_granule, want[i].granule);
		CU_ASSERT_EQUAL(g->vgprs_w64.alloc_granule, want[i].granule / 2);
		CU_ASSERT_PTR_EQUAL(bh_gfx_vgprs(g, 32), &g->vgprs_w32);
		CU_ASSERT_PTR_EQUAL(bh_gfx_vgprs(g, 64), &g->vgprs_w64);
		CU_ASSERT_EQUAL(g->sgprs_per_simd, 0);
	}
	/* gfx9 rows: wave64 only, verified, the gfx9 acquire form. */
	const struct bh_gfx *a = bh_gfx_lookup(0x03f);

	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_TRUE(a->verified);
	CU_ASSERT_EQUAL(a->wave_sizes, BH_GFX_WAVE64);
	CU_ASSERT_EQUAL(a->acquire, BH_ACQUIRE_GFX9);
	CU_ASSERT_PTR_NULL(bh_gfx_vgprs(a, 32));
	CU_ASSERT_PTR_NULL(bh_gfx_lookup(0x046));	/* gfx1101: no row */
	CU_ASSERT_PTR_NULL(bh_gfx_lookup(0x036));	/* gfx1030: no row */
}

static void test_acquire_mem_gfx10(void)
{
	uint32_t buf[16];
	struct pm4_builder b;
	const struct bh_gfx *g = bh_gfx_lookup(0x041);
	/* PACKET3(ACQUIRE_MEM, 6) as Linux writes it (nvd.h), 8 dwords. */
	const uint32_t want[8] = { 0xC0065800u, 0, 0xffffffffu, 0x00ffffffu, 0, 0,
				   0x0000000au, 0x0000C3B1u };

	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	pm4_init(&b, buf, 16);
	pm4_acquire_mem_gfx10(&b, g->acquire_gcr_cntl);
	CU_ASSERT_EQUAL(b.len, 8);
	CU_ASSERT_EQUAL(memcmp(buf, want, sizeof(want)), 0);
}

static void test_release_mem_gfx11(void)
{
	uint32_t buf[16];
	struct pm4_builder b;
	const struct bh_gfx *g = bh_gfx_lookup(0x044);
	/* The fence of gfx_v11_0_ring_emit_fence with 64-bit data and an
	 * interrupt: DATA_SEL 2 << 29 | INT_SEL 2 << 24 = 0x42000000. */
	const uint32_t want[8] = { 0xC0064900u, 0x06603514u, 0x42000000u, 0x9abcdef0u,
				   0x00001234u, 7, 0, 3 };

	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	pm4_init(&b, buf, 16);
	pm4_release_mem(&b, g->release_mem_event, RELEASE_DATA_64, RELEASE_INT_AFTER_WRITE,
			0x12349abcdef0ull, 7, 3);
	CU_ASSERT_EQUAL(b.len, 8);
	CU_ASSERT_EQUAL(memcmp(buf, want, sizeof(want)), 0);
}

static void test_initiator_and_tmpring_bits(void)
{
	/* Mesa sid.h S_00B800_*: the wave32 dispatch radeonsi sends on gfx11
	 * (COMPUTE_SHADER_EN | FORCE_START_AT_000 | ORDER_MODE | CS_W32_EN). */
	CU_ASSERT_EQUAL(DISPATCH_COMPUTE_SHADER_EN | DISPATCH_FORCE_START_AT_000 |
			DISPATCH_ORDER_MODE | DISPATCH_CS_W32_EN, 0x8045u);
	CU_ASSERT_EQUAL(KCP_WAVEFRONT_SIZE32, 0x400);	/* kcp bit 10 */
	/* 260 bytes per lane at wave32: 8320 bytes = 33 units of 256. */
	CU_ASSERT_EQUAL(TMPRING_SIZE(96, 33), 96u | 33u << 12);
	CU_ASSERT_EQUAL(REG_COMPUTE_DISPATCH_SCRATCH_BASE_LO - PM4_SH_REG_BASE, 0x210);
}

/* A kernel as clang-19 builds it for gfx1100 (docs/facts/dispatch.md §2.5). */
static struct bh_kernel kernel(uint32_t wave)
{
	struct bh_kernel k;

	memset(&k, 0, sizeof(k));
	k.name = "scratchy";
	k.wavefront_size = wave;
	k.kd.compute_pgm_rsrc1 = 0x60af0000;
	k.kd.compute_pgm_rsrc2 = wave == 32 ? 0x9f : 0x85;	/* 15 user SGPRs (padded) : 2 */
	k.kd.kernel_code_properties = wave == 32 ? 0x408 : 0x008;
	return k;
}

static void test_descriptor_checks(void)
{
	const struct bh_gfx *g11 = bh_gfx_lookup(0x041), *g9 = bh_gfx_lookup(0x03f);
	struct bh_error err;
	struct bh_kernel k;

	CU_ASSERT_PTR_NOT_NULL_FATAL(g11);
	CU_ASSERT_PTR_NOT_NULL_FATAL(g9);
	/* clang-19's own descriptors pass, at both wave sizes. */
	k = kernel(32);
	CU_ASSERT_EQUAL(bh_kd_validate(g11, &k, &err), 0);
	k = kernel(64);
	CU_ASSERT_EQUAL(bh_kd_validate(g11, &k, &err), 0);
	k.kd.compute_pgm_rsrc3 = 2;			/* SHARED_VGPR_COUNT: wave64 may */
	CU_ASSERT_EQUAL(bh_kd_validate(g11, &k, &err), 0);

	/* A wave32 kernel on a wave64-only target. */
	k = kernel(32);
	CU_ASSERT_EQUAL(bh_kd_validate(g9, &k, &err), BH_ENOEXEC);
	ASSERT_CONTAINS(err.message, "'scratchy' is built for wave32; gfx90a runs wave64 only");
	/* ... and the reverse, on a target that runs wave32 only. */
	struct bh_gfx w32_only = *g11;

	w32_only.wave_sizes = BH_GFX_WAVE32;
	k = kernel(64);
	CU_ASSERT_EQUAL(bh_kd_validate(&w32_only, &k, &err), BH_ENOEXEC);
	ASSERT_CONTAINS(err.message, "built for wave64; gfx1100 runs wave32 only");

	/* Metadata and the descriptor's wave32 bit disagree. */
	k = kernel(32);
	k.wavefront_size = 64;
	CU_ASSERT_EQUAL(bh_kd_validate(g11, &k, &err), BH_ENOEXEC);
	ASSERT_CONTAINS(err.message, "metadata says wave64");
	ASSERT_CONTAINS(err.message, "ENABLE_WAVEFRONT_SIZE32 bit says wave32");

	/* SHARED_VGPR_COUNT is wave64 only. */
	k = kernel(32);
	k.kd.compute_pgm_rsrc3 = 1;
	CU_ASSERT_EQUAL(bh_kd_validate(g11, &k, &err), BH_ENOEXEC);
	ASSERT_CONTAINS(err.message, "SHARED_VGPR_COUNT 1");

	/* Fields that must be 0 on gfx11. */
	static const struct { int field; uint32_t bit; const char *name; } zero[] = {
		{ 1, 1u << 20, "RSRC1" },	/* PRIV: the dispatcher's to set */
		{ 1, 1u << 10, "RSRC1" },	/* PRIORITY */
		{ 2, 1u << 6, "RSRC2" },	/* ENABLE_TRAP_HANDLER */
		{ 3, 1u << 10, "RSRC3" },	/* TRAP_ON_START */
		{ 3, 1u << 31, "RSRC3" },	/* IMAGE_OP */
		{ 4, 1u << 0, "kernel_code_properties" },	/* PSB: architected */
		{ 4, 1u << 5, "kernel_code_properties" },	/* flat scratch init */
	};
	for (unsigned i = 0; i < sizeof(zero) / sizeof(zero[0]); i++) {
		k = kernel(32);
		if (zero[i].field == 1)
			k.kd.compute_pgm_rsrc1 |= zero[i].bit;
		else if (zero[i].field == 2)
			k.kd.compute_pgm_rsrc2 |= zero[i].bit;
		else if (zero[i].field == 3)
			k.kd.compute_pgm_rsrc3 |= zero[i].bit;
		else
			k.kd.kernel_code_properties |= (uint16_t)zero[i].bit;
		CU_ASSERT_EQUAL(bh_kd_validate(g11, &k, &err), BH_ENOEXEC);
		ASSERT_CONTAINS(err.message, zero[i].name);
		ASSERT_CONTAINS(err.message, "must be 0 on gfx1100");
		/* The gfx9 rows keep their old checks only. */
		k.wavefront_size = 64;
		k.kd.kernel_code_properties &= (uint16_t)~KCP_WAVEFRONT_SIZE32;
		CU_ASSERT_EQUAL(bh_kd_validate(g9, &k, &err), 0);
	}
	/* No kernarg preload on gfx11. */
	k = kernel(32);
	k.kd.kernarg_preload = 1;
	CU_ASSERT_EQUAL(bh_kd_validate(g11, &k, &err), BH_ENOEXEC);
	ASSERT_CONTAINS(err.message, "kernarg preload");
}

CU_ErrorCode bh_tests_gfx11(void)
{
	CU_pSuite s = CU_add_suite("gfx11", NULL, NULL);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "gfx11 table rows", test_rows);
	CU_add_test(s, "ACQUIRE_MEM, gfx10+ form", test_acquire_mem_gfx10);
	CU_add_test(s, "RELEASE_MEM fence, gfx11 GCR bits", test_release_mem_gfx11);
	CU_add_test(s, "DISPATCH_INITIATOR and TMPRING bits", test_initiator_and_tmpring_bits);
	CU_add_test(s, "descriptor checks: wave size, must-be-zero fields", test_descriptor_checks);
	return CU_get_error();
}
