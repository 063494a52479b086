// SPDX-License-Identifier: MIT
/*
 * The model's GPU address space: which GART and VM maps it takes.  A map
 * is refused unless all of [va, va + size) lies in the aperture and
 * overlaps neither VRAM nor any existing map (docs/kmod.md: "GART maps
 * of MMIO, past RAM, unaligned, overlapping ... are refused"); maps that
 * only touch are fine.  Sizes near 2^64 must not wrap round into a
 * range that passes.  The host pointer is never dereferenced by a map,
 * so one small buffer serves every attempt.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

#define G BH_SIM_GART_BASE
#define KB(n) ((uint64_t)(n) << 10)

static struct bh_sim *sim;
static void *page;

static int setup(void)
{
	struct bh_sim_config cfg = { .gfx = BH_SIM_GFX90A, .vram_size = 1 << 20, .num_cus = 1 };

	sim = bh_sim_create(&cfg, NULL);
	page = aligned_alloc(4096, KB(64));
	return !sim || !page;
}

static int teardown(void)
{
	bh_sim_destroy(sim);
	free(page);
	return 0;
}

static int gart(uint64_t va, uint64_t size)
{
	return bh_sim_gart_map(sim, va, page, size);
}

/* One map at G + 64 KiB .. G + 80 KiB, and every way to overlap it. */
static void test_gart_overlap(void)
{
	CU_ASSERT_EQUAL_FATAL(gart(G + KB(64), KB(16)), 0);
	CU_ASSERT_EQUAL(gart(G + KB(56), KB(16)), -1);	/* its start */
	CU_ASSERT_EQUAL(gart(G + KB(72), KB(16)), -1);	/* its end */
	CU_ASSERT_EQUAL(gart(G + KB(68), KB(4)), -1);	/* inside it */
	CU_ASSERT_EQUAL(gart(G + KB(60), KB(32)), -1);	/* round it */
	CU_ASSERT_EQUAL(gart(G + KB(64), KB(16)), -1);	/* the same range */
	CU_ASSERT_EQUAL(gart(G + KB(76), KB(4)), -1);	/* its last page */
	/* Touching on either side is fine. */
	CU_ASSERT_EQUAL(gart(G + KB(48), KB(16)), 0);
	CU_ASSERT_EQUAL(gart(G + KB(80), KB(4)), 0);
	/* A range over the gap between two maps and into both. */
	CU_ASSERT_EQUAL(gart(G + KB(128), KB(8)), 0);
	CU_ASSERT_EQUAL(gart(G + KB(84), KB(48)), -1);
	CU_ASSERT_EQUAL(gart(G + KB(84), KB(44)), 0);	/* the gap exactly */
	/* Unmapping frees the range again; an overlap is refused after. */
	CU_ASSERT_EQUAL(bh_sim_gart_unmap(sim, G + KB(64)), 0);
	CU_ASSERT_EQUAL(gart(G + KB(68), KB(4)), 0);
	CU_ASSERT_EQUAL(gart(G + KB(64), KB(8)), -1);
	for (uint64_t va = G + KB(48); va < G + KB(136); va += KB(4))
		bh_sim_gart_unmap(sim, va);
	CU_ASSERT_EQUAL(gart(G + KB(48), KB(88)), 0);
	CU_ASSERT_EQUAL(bh_sim_gart_unmap(sim, G + KB(48)), 0);
}

/* The aperture [G, G + BH_SIM_GART_SIZE): the whole range must lie in it. */
static void test_gart_aperture(void)
{
	uint64_t end = G + BH_SIM_GART_SIZE;

	CU_ASSERT_EQUAL(gart(end - KB(4), KB(8)), -1);		/* runs past the end */
	CU_ASSERT_EQUAL(gart(end, KB(4)), -1);			/* starts at the end */
	CU_ASSERT_EQUAL(gart(G - KB(4), KB(8)), -1);		/* starts below */
	CU_ASSERT_EQUAL(gart(G, BH_SIM_GART_SIZE + KB(4)), -1);	/* larger than it */
	CU_ASSERT_EQUAL(gart(end - KB(4), KB(4)), 0);		/* its last page */
	CU_ASSERT_EQUAL(bh_sim_gart_unmap(sim, end - KB(4)), 0);
	/* Sizes whose end wraps round 2^64 (or the aperture's size). */
	CU_ASSERT_EQUAL(gart(G + KB(4), UINT64_MAX - KB(4) + 1), -1);
	CU_ASSERT_EQUAL(gart(G + KB(4), UINT64_MAX - BH_SIM_GART_SIZE + 1), -1);
	CU_ASSERT_EQUAL(gart(end - KB(4), UINT64_MAX - KB(4) + 1), -1);
	CU_ASSERT_EQUAL(gart(UINT64_MAX - KB(4) + 1, KB(8)), -1);
	CU_ASSERT_EQUAL(gart(G, 0), -1);
	CU_ASSERT_EQUAL(gart(G + 1, KB(4)), -1);		/* unaligned */
	CU_ASSERT_EQUAL(gart(G, KB(4) + 1), -1);
}

/* VM maps: anywhere below BH_SIM_VM_LIMIT, never over VRAM or a map. */
static void test_vm_ranges(void)
{
	uint64_t vram_end = BH_SIM_VRAM_BASE + bh_sim_vram_size(sim);

	CU_ASSERT_EQUAL(bh_sim_vm_map(sim, BH_SIM_VRAM_BASE - KB(4), page, KB(8)), -1);
	CU_ASSERT_EQUAL(bh_sim_vm_map(sim, vram_end - KB(4), page, KB(8)), -1);
	CU_ASSERT_EQUAL(bh_sim_vm_map(sim, BH_SIM_VRAM_BASE - KB(4), page,
				      bh_sim_vram_size(sim) + KB(8)), -1);
	CU_ASSERT_EQUAL(bh_sim_vm_map(sim, BH_SIM_VRAM_BASE - KB(4), page, KB(4)), 0);
	CU_ASSERT_EQUAL(bh_sim_vm_map(sim, vram_end, page, KB(4)), 0);
	CU_ASSERT_EQUAL(bh_sim_vm_map(sim, BH_SIM_VM_LIMIT - KB(4), page, KB(8)), -1);
	CU_ASSERT_EQUAL(bh_sim_vm_map(sim, KB(4), page, UINT64_MAX - KB(4) + 1), -1);
	CU_ASSERT_EQUAL(bh_sim_vm_map(sim, KB(64), page, KB(16)), 0);
	CU_ASSERT_EQUAL(bh_sim_vm_map(sim, KB(60), page, KB(32)), -1);
	CU_ASSERT_EQUAL(bh_sim_vm_map(sim, KB(72), page, KB(4)), -1);
	CU_ASSERT_EQUAL(bh_sim_vm_unmap(sim, KB(64)), 0);
	CU_ASSERT_EQUAL(bh_sim_vm_unmap(sim, BH_SIM_VRAM_BASE - KB(4)), 0);
	CU_ASSERT_EQUAL(bh_sim_vm_unmap(sim, vram_end), 0);
}

/* A board whose VRAM would reach into the GART aperture is refused, by name. */
static void test_vram_below_gart(void)
{
	struct bh_sim_config cfg = { .gfx = BH_SIM_GFX90A, .num_cus = 1 };
	char why[256] = "";

	cfg.vram_size = G - BH_SIM_VRAM_BASE + KB(4);
	CU_ASSERT_PTR_NULL(bh_sim_create(&cfg, why));
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "reaches the GART aperture"));
}

CU_ErrorCode bh_tests_model_mem(void)
{
	CU_pSuite s = CU_add_suite("model_mem", setup, teardown);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "GART maps: overlaps refused, touching accepted", test_gart_overlap);
	CU_add_test(s, "GART maps: the whole range inside the aperture", test_gart_aperture);
	CU_add_test(s, "VM maps: VRAM, the limit and other maps", test_vm_ranges);
	CU_add_test(s, "VRAM that would reach the GART aperture is refused",
		    test_vram_below_gart);
	return CU_get_error();
}
