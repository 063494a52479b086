// SPDX-License-Identifier: MIT
/*
 * GFX11 (RDNA3) rows: gfx1100 (Navi31), gfx1103 (Phoenix), gfx1151
 * (Strix Halo).  No real gfx11 GPU has run barehip yet, so the rows are
 * unverified (gfx.h): the kfd backend refuses them unless the user opts
 * in.  Each fact names its source; [U] marks what is inferred.
 */
#include "../core/gfx.h"
#include "../core/pm4.h"
#include "rows.h"

/*
 * ACQUIRE_MEM before each launch: the gfx10+ form, COHER_CNTL 0 and the
 * cache actions in GCR_CNTL -- Linux gfx_v11_0.c gfx_v11_0_emit_mem_sync:
 * GL2_INV | GL2_WB | GLM_INV | GLM_WB | GL1_INV | GLV_INV | GLK_INV |
 * GLI_INV(ALL) = 0xC3B1 (the gfx9 rows use that function's gfx9 twin).
 */
#define GFX11_ACQUIRE (GCR_GL2_INV | GCR_GL2_WB | GCR_GLM_INV | GCR_GLM_WB | GCR_GL1_INV | \
		       GCR_GLV_INV | GCR_GLK_INV | GCR_GLI_INV_ALL)

/*
 * The end-of-launch fence: Linux gfx_v11_0.c gfx_v11_0_ring_emit_fence,
 * RELEASE_MEM dw1 = GCR_SEQ | GL2_WB | GLM_INV | GLM_WB |
 * CACHE_POLICY(3) | EVENT_TYPE(CACHE_FLUSH_AND_INV_TS_EVENT) |
 * EVENT_INDEX(5) = 0x06603514 ("GLM_INV must be set with GLM_WB").
 */
#define GFX11_RELEASE_FENCE (RELEASE_GCR_SEQ | RELEASE_GCR_GL2_WB | RELEASE_GCR_GLM_INV | \
			     RELEASE_GCR_GLM_WB | RELEASE_CACHE_POLICY(3) | \
			     RELEASE_EVENT_TYPE(EVENT_CACHE_FLUSH_AND_INV_TS) | \
			     RELEASE_EVENT_INDEX(5))

/*
 * Descriptor bits that must be 0 on gfx11 (AMDGPUUsage kernel descriptor,
 * GFX10/GFX11 columns; LLVM AMDHSAKernelDescriptor.h):
 * RSRC1: PRIORITY [11:10], PRIV 20, DEBUG_MODE 22, BULKY 24, CDBG_USER 25,
 *   reserved [28:27].  GRANULATED_WAVEFRONT_SGPR_COUNT is "reserved" too,
 *   but clang-19 writes it (docs/facts/dispatch.md §2.1), so it is let be.
 * RSRC2: ENABLE_TRAP_HANDLER 6, the CP-set exception enables 13 and 14,
 *   reserved 31.  (LDS_SIZE is rewritten from the launch, as on gfx9.)
 * RSRC3: TRAP_ON_START 10, TRAP_ON_END 11, reserved [30:12], IMAGE_OP 31.
 * kernel_code_properties: the private segment buffer (0) and flat
 *   scratch init (5) SGPRs, which architected flat scratch has not;
 *   reserved [9:7] and [15:12].
 */
#define GFX11_KD_RSRC1_ZERO (3u << 10 | 1u << 20 | 1u << 22 | 1u << 24 | 1u << 25 | 3u << 27)
#define GFX11_KD_RSRC2_ZERO (1u << 6 | 1u << 13 | 1u << 14 | 1u << 31)
#define GFX11_KD_RSRC3_ZERO 0xfffffc00u
#define GFX11_KD_KCP_ZERO (KCP_PRIVATE_SEGMENT_BUFFER | KCP_FLAT_SCRATCH_INIT | 7u << 7 | \
			   0xfu << 12)

/*
 * What every gfx11 row shares.
 * - Wave32 and wave64 (clang-19 defaults to wave32; -mwavefrontsize64 gives
 *   kcp bit 10 = 0).  The dispatcher copies kcp ENABLE_WAVEFRONT_SIZE32
 *   into DISPATCH_INITIATOR.CS_W32_EN (bit 15; Mesa sid.h
 *   S_00B800_CS_W32_EN, radv/radeonsi compute dispatch).
 * - COMPUTE_PGM_RSRC3 at 0x2E28 (Mesa sid.h R_00B8A0_COMPUTE_PGM_RSRC3;
 *   Linux gc_11_0_0_offset.h regCOMPUTE_PGM_RSRC3 + GC base 0x1260), not
 *   gfx90a's 0x2E2D.
 * - ORDER_MODE: Mesa si_compute.c sets it on GFX7+ except gfx940-class
 *   compute parts.
 * - Architected flat scratch always (AMDGPUUsage; llvm-mc-19 rejects
 *   .amdhsa_user_sgpr_flat_scratch_init for gfx11): the scratch base in
 *   COMPUTE_DISPATCH_SCRATCH_BASE_LO/HI (va >> 8, va >> 40).
 * - COMPUTE_TMPRING_SIZE: WAVESIZE [26:12] (15 bits) in 256-byte units,
 *   and WAVES counts per shader engine (radv radv_emit_compute_scratch /
 *   si_compute: DIV_ROUND_UP(size, gfx11 ? 256 : 1024), waves /= num_se).
 * - RSRC1.PRIV = 1 on every dispatch: AMD's workaround for gfx11 CWSR with
 *   PM4 dispatch (the AQL packet processor does it itself; ROCT commit
 *   507637ed, kfdtest NeedCwsrWA, tinygrad ops_amd.py "Set rsrc1.priv=1 on
 *   gfx11 to workaround cwsr"; docs/facts/kfd-and-pm4-practice.md §2.3).
 * - No kernarg preload (AMDGPUUsage: GFX90A/GFX940 only).
 * - LDS_SIZE in 512-byte granules (AMDGPUUsage GFX7-GFX12: 128 dwords).
 * - User-SGPR padding: clang-19 pads RSRC2.USER_SGPR_COUNT of wave32
 *   kernels on gfx1100 to 15 (LLVM FeatureUserSGPRInit16Bug, on 11.0.0 to
 *   11.0.2; observed, docs/facts/dispatch.md §3.4); gfx1103 and gfx1151
 *   do not pad.  The dispatcher sends zeros up to the count on every row.
 * - Occupancy of one CU (half a WGP; KFD counts CUs): LDS 64 KiB (128 KiB
 *   per WGP, at most 64 KiB per workgroup), 16 barrier slots (LLVM
 *   AMDGPUBaseInfo getMaxWorkGroupsPerCU: 32 per WGP in WGP mode); SGPRs
 *   never limit waves on GFX10+ (LLVM getMaxNumSGPRs).  LDS is allocated
 *   in 1 KiB on GFX10.3+ (Mesa ac_gpu_info.c lds_alloc_granularity) [U:
 *   from memory; the larger granule only makes occupancy conservative].
 */
#define GFX11_COMMON .verified = false, .wave_sizes = BH_GFX_WAVE32 | BH_GFX_WAVE64, \
	.reg_pgm_rsrc3 = REG_COMPUTE_PGM_RSRC3_GFX10, .architected_scratch = true, \
	.order_mode = true, .tmpring_unit = 256, .tmpring_wavesize_max = 0x7fff, \
	.tmpring_waves_per_se = true, .acquire = BH_ACQUIRE_GFX10, \
	.acquire_gcr_cntl = GFX11_ACQUIRE, .release_mem_event = GFX11_RELEASE_FENCE, \
	.rsrc1_set = RSRC1_PRIV, .lds_granule = 512, .lds_alloc_granule = 1024, \
	.kernarg_preload = false, \
	.kd_rsrc1_zero = GFX11_KD_RSRC1_ZERO, .kd_rsrc2_zero = GFX11_KD_RSRC2_ZERO, \
	.kd_rsrc3_zero = GFX11_KD_RSRC3_ZERO, .kd_kcp_zero = GFX11_KD_KCP_ZERO, \
	.rsrc3_shared_vgprs = 0xf, .sgpr_granule = 0, .sgprs_per_simd = 0, \
	.lds_per_cu = 65536, .wgs_per_cu = 16

/*
 * The VGPR file (LLVM AMDGPUBaseInfo getVGPRAllocGranule,
 * getVGPREncodingGranule, getTotalNumVGPRs): RSRC1.VGPRS counts 8 at
 * wave32 and 4 at wave64.  Parts with FeatureGFX11FullVGPRs (gfx1100,
 * gfx1101, gfx1151) have 1536 VGPRs per SIMD lane at wave32 (768 at
 * wave64), allocated in 24 (12); the others (gfx1102, gfx1103) 1024
 * (512) in 16 (8).  Checked against clang-19's "Occupancy" for a kernel
 * of 100 VGPRs: 12 and 7 on gfx1100 and gfx1151, 9 and 4 on gfx1103.
 */
#define GFX11_FULL_VGPRS .vgprs_w32 = { 8, 24, 1536 }, .vgprs_w64 = { 4, 12, 768 }, \
			 .vgpr_granule = 24, .vgprs_per_simd = 1536
#define GFX11_VGPRS .vgprs_w32 = { 8, 16, 1024 }, .vgprs_w64 = { 4, 8, 512 }, \
		    .vgpr_granule = 16, .vgprs_per_simd = 1024

/* EF_AMDGPU_MACH: LLVM ELF.h EF_AMDGPU_MACH_AMDGCN_GFX1100 (0x041),
 * _GFX1103 (0x044), _GFX1151 (0x04a); clang-19's e_flags agree. */
const struct bh_gfx bh_gfx11_rows[] = {
	{ .mach = 0x041, .name = "gfx1100", GFX11_COMMON, GFX11_FULL_VGPRS },
	{ .mach = 0x044, .name = "gfx1103", GFX11_COMMON, GFX11_VGPRS },
	{ .mach = 0x04a, .name = "gfx1151", GFX11_COMMON, GFX11_FULL_VGPRS },
};

const unsigned bh_gfx11_nrows = sizeof(bh_gfx11_rows) / sizeof(bh_gfx11_rows[0]);
