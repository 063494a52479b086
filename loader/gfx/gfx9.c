// SPDX-License-Identifier: MIT
/*
 * GFX9 (CDNA) rows: gfx90a and gfx942.  Facts from docs/facts/dispatch.md:
 * RSRC3 at 0x2E2D on both (§6.4); gfx942 has architected flat scratch
 * (§3.3); Mesa leaves ORDER_MODE off on gfx940-class compute parts
 * (§6.5); the fence is Linux's gfx9 emit_fence (§6.6).
 */
#include "../core/gfx.h"
#include "../core/pm4.h"
#include "rows.h"

#define GFX9_RELEASE_FENCE (RELEASE_GFX9_TCL1_ACTION | RELEASE_GFX9_TC_ACTION | \
			    RELEASE_GFX9_TC_WB_ACTION | RELEASE_GFX9_TC_MD_ACTION | \
			    RELEASE_EVENT_TYPE(EVENT_CACHE_FLUSH_AND_INV_TS) | \
			    RELEASE_EVENT_INDEX(5))
#define GFX9_ACQUIRE (COHER_SH_ICACHE | COHER_SH_KCACHE | COHER_TC | COHER_TCL1 | \
		      COHER_TC_WB)

/*
 * PSB V# dword 3 for the swizzled private segment, as ROCR's
 * InitScratchSRD builds it (docs/facts/dispatch.md §3.3): DST_SEL X,Y,Z,W
 * (4,5,6,7 in [11:0]), NUM_FORMAT UINT (4 << 12), DATA_FORMAT 32
 * (4 << 15), ELEMENT_SIZE 4 bytes (1 << 19), INDEX_STRIDE 64 (3 << 21),
 * ADD_TID_ENABLE (1 << 23).  tinygrad's 0x20c14000 decodes to INDEX_STRIDE
 * 32 and no ELEMENT_SIZE, which does not give wave64's dword-interleaved
 * private layout, so it is not used.
 */
#define GFX9_SCRATCH_SRD_WORD3 (0xfacu | 4u << 12 | 4u << 15 | 1u << 19 | 3u << 21 | 1u << 23)

/*
 * What one CDNA CU holds: 4 SIMDs, each with 512 VGPRs per lane shared
 * by arch and acc registers (allocated in granules of 8) and 800 SGPRs
 * (granules of 16), 64 KiB of LDS, and 16 workgroup barrier slots.  The
 * SGPR file and the workgroup slots are not in our fact sheets: they
 * follow LLVM's AMDGPU occupancy rules (GCNSubtarget), and the sim
 * model's residency uses the same numbers (boards/sim/model/targets.c).
 */
#define GFX9_OCCUPANCY .vgprs_w64 = { 8, 8, 512 }, .vgpr_granule = 8, .vgprs_per_simd = 512, \
		       .sgpr_granule = 16, .sgprs_per_simd = 800, .lds_per_cu = 65536, \
		       .lds_alloc_granule = 512, \
		       .wgs_per_cu = 16

/*
 * What every gfx9 row shares: wave64 only, the GFX9 ACQUIRE_MEM form,
 * kernarg preload (gfx90a/gfx940, AMDGPUUsage kernarg_preload), and no
 * descriptor checks beyond the wave size: these rows predate them, and
 * their launches stay as they were.  Run on real hardware through kfd.
 */
#define GFX9_COMMON .verified = true, .wave_sizes = BH_GFX_WAVE64, \
		    .acquire = BH_ACQUIRE_GFX9, .kernarg_preload = true

const struct bh_gfx bh_gfx9_rows[] = {
	{
		.mach = 0x03f, .name = "gfx90a", GFX9_COMMON,
		.reg_pgm_rsrc3 = REG_COMPUTE_PGM_RSRC3_GFX90A,
		.architected_scratch = false, .order_mode = true,
		.tmpring_unit = 1024, .tmpring_wavesize_max = 0x1fff,
		.acquire_coher_cntl = GFX9_ACQUIRE,
		.release_mem_event = GFX9_RELEASE_FENCE,
		.lds_granule = 512, .scratch_srd_word3 = GFX9_SCRATCH_SRD_WORD3,
		GFX9_OCCUPANCY,
	},
	{
		.mach = 0x04c, .name = "gfx942", GFX9_COMMON,
		.reg_pgm_rsrc3 = REG_COMPUTE_PGM_RSRC3_GFX90A,
		.architected_scratch = true, .order_mode = false,
		.tmpring_unit = 1024, .tmpring_wavesize_max = 0x1fff,
		.acquire_coher_cntl = GFX9_ACQUIRE,
		.release_mem_event = GFX9_RELEASE_FENCE,
		.lds_granule = 512, .scratch_srd_word3 = GFX9_SCRATCH_SRD_WORD3,
		GFX9_OCCUPANCY,
	},
};

const unsigned bh_gfx9_nrows = sizeof(bh_gfx9_rows) / sizeof(bh_gfx9_rows[0]);
