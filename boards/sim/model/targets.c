// SPDX-License-Identifier: MIT
/*
 * The modelled targets (struct bh_sim_target, sim.h): one row per GPU
 * the sim board can be, and the only place a target is told apart from
 * another.  The model reads the row's feature bits and CU limits; the
 * sim backend and barehip-sim report its identity.
 */
#include <stdio.h>
#include <string.h>

#include "model.h"

/*
 * A CDNA (gfx9) CU, as gfx90a and gfx942 have it: wave64; 4 SIMDs of 8
 * wave slots each (LLVM's getMaxWavesPerEU for gfx90a-class parts); a
 * unified file of 512 VGPRs per SIMD lane shared by its waves, allocated
 * in granules of 8 (arch + acc); 64 KiB of LDS, in 512-byte granules
 * (128 dwords); at most 16 workgroups (barrier resources; unverified for
 * CDNA).  SGPRs are not a limit in the model.  Programs that wait on
 * workgroups that cannot be resident together deadlock, here as on
 * hardware, and are reported.
 */
#define CDNA_CU CDNA_CP, .wave_size = 64, .wave32 = false, .simds_per_cu = 4, .waves_per_simd = 8, \
		.vgprs_per_simd = 512, .vgpr_granule = 8, .vgpr_alloc_granule = 8, \
		.lds_per_cu = 65536, \
		.lds_per_workgroup = 65536, .lds_granule = 512, .wgs_per_cu = 16, \
		.max_workgroup_size = 1024

/*
 * The gfx9 CP and SPI (docs/facts/dispatch.md §6): ACQUIRE_MEM of 7
 * dwords with the cache actions in COHER_CNTL; COMPUTE_PGM_RSRC3 at
 * 0x2E2D with ACCUM_OFFSET in [5:0]; COMPUTE_TMPRING_SIZE.WAVESIZE
 * [24:12] in 1 KiB units, WAVES for the whole device.  The shader-engine
 * count is not reported (0), as before: gfx9's scratch does not need it.
 */
#define CDNA_CP .acquire_gcr = false, .reg_pgm_rsrc3 = 0x2e2d, .rsrc3_accum_offset = true, \
		.tmpring_unit = 1024, .tmpring_wavesize_mask = 0x1fff, \
		.tmpring_waves_per_se = false, .shader_engines = 0, .msg_dealloc_vgprs = false, \
		.swizzle_fft_rotate = true

/* s_memrealtime / RELEASE_MEM timestamps: 100 MHz, as on MI200/MI300. */
#define CDNA_TIMESTAMP_HZ 100000000ull

/*
 * An RDNA3 / RDNA3.5 CU as clang compiles for it by default (WGP mode:
 * a workgroup's waves may use both CUs of a WGP; the row counts one CU,
 * half a WGP).  From LLVM AMDGPUBaseInfo.cpp / GCNSubtarget and Mesa
 * ac_gpu_info.c:
 *   - wave32 native (FeatureWavefrontSize32 is clang's default for
 *     gfx10+), wave64 when CS_W32_EN is clear;
 *   - 2 SIMD32 per CU (4 per WGP; Mesa: num_simd_per_compute_unit = 2
 *     on gfx10+);
 *   - 16 wave slots per SIMD (getMaxWavesPerEU: 16 on gfx10.3+);
 *   - VGPRs per SIMD lane at wave32: getTotalNumVGPRs, 1536 with
 *     Feature1_5xVGPRs (gfx1100, gfx1101, gfx1151), else 1024 (gfx1102,
 *     gfx1103); the allocation granule getVGPRAllocGranule (24 / 16 at
 *     wave32); the RSRC1.VGPRS unit getVGPREncodingGranule, 8 at wave32.
 *     At wave64 every one of these halves (dispatch.c);
 *   - LDS: 64 KiB per workgroup, 128 KiB per WGP (so 64 KiB per CU), in
 *     RSRC2.LDS_SIZE units of 512 bytes (Mesa ac_gpu_info.c:
 *     lds_encode_granularity 512 on gfx11; LDS_SIZE counts 128 dwords);
 *   - 16 workgroups per CU: getMaxWorkGroupsPerCU allows 32 barriers per
 *     WGP in WGP mode (inferred per CU as half, as for CDNA unverified);
 *   - architected flat scratch always (FeatureArchitectedFlatScratch is
 *     part of every gfx11 ISA version); SCRATCH_* take the VGPR address
 *     when SVE is set, as on gfx940.
 */
/*
 * The gfx11 CP and SPI:
 *   - ACQUIRE_MEM is the gfx10+ form, 8 dwords with GCR_CNTL in the last
 *     (Linux gfx_v11_0.c gfx_v11_0_emit_mem_sync; Mesa sid.h
 *     S_586_GLI_INV ... S_586_SEQ are its fields);
 *   - COMPUTE_PGM_RSRC3 at 0x2E28 (Mesa sid.h R_00B8A0_COMPUTE_PGM_RSRC3:
 *     0xB8A0 / 4 = 0x2E28); its fields SHARED_VGPR_CNT [3:0],
 *     INST_PREF_SIZE [9:4], TRAP_ON_START 10, TRAP_ON_END 11, IMAGE_OP 31
 *     (AMDGPUUsage, compute_pgm_rsrc3 for GFX10-GFX11): no ACCUM_OFFSET;
 *   - COMPUTE_TMPRING_SIZE.WAVESIZE [26:12] in 256-byte units, WAVES per
 *     shader engine (radv radv_emit_compute_scratch and radeonsi
 *     si_compute: DIV_ROUND_UP(size, gfx11 ? 256 : 1024), waves /= num_se;
 *     LLVM's gfx11 TMPRING tests align the wave's scratch to 256 and mask
 *     it with 0x7fff);
 *   - s_sendmsg id 3 is MSG_DEALLOC_VGPRS (LLVM SIDefines.h
 *     ID_DEALLOC_VGPRS_GFX11Plus; SIInsertWaitcnts sends it before
 *     s_endpgm so the VGPRs free while stores drain).
 * Both CPs' shaders have ds_swizzle's FFT and rotate modes (LLVM's
 * AMDGPUAsmParser accepts swizzle(FFT,...) and swizzle(ROTATE,...) on
 * GFX9 and later and refuses them before: "... mode swizzle not
 * supported on this GPU"; test/MC/AMDGPU/ds_swizzle.s).
 * Shader engines [U: AMD's product descriptions, not read from a driver
 * table]: Navi 31 6, Phoenix 1, Strix Halo 2.  They only size the scratch
 * ring here: the board reports the count, the loader divides by it and
 * the model multiplies by it again, so a wrong count cannot overrun.
 */
#define RDNA3_CP .acquire_gcr = true, .reg_pgm_rsrc3 = 0x2e28, .rsrc3_accum_offset = false, \
		.tmpring_unit = 256, .tmpring_wavesize_mask = 0x7fff, \
		.tmpring_waves_per_se = true, .msg_dealloc_vgprs = true, .swizzle_fft_rotate = true

#define RDNA3_CU RDNA3_CP, .wave_size = 32, .wave32 = true, .simds_per_cu = 2, .waves_per_simd = 16, \
		.vgpr_granule = 8, .lds_per_cu = 65536, .lds_per_workgroup = 65536, \
		.lds_granule = 512, .wgs_per_cu = 16, .max_workgroup_size = 1024, \
		.architected_scratch = true, .scratch_sve = true, \
		.xnack = false, .sramecc = false
#define RDNA3_VGPRS_1_5X .vgprs_per_simd = 1536, .vgpr_alloc_granule = 24
#define RDNA3_VGPRS .vgprs_per_simd = 1024, .vgpr_alloc_granule = 16

/* RDNA3 timestamps (s_sendmsg_rtn REALTIME, RELEASE_MEM): the 100 MHz
 * reference clock amdgpu reports as gpu_counter_freq on Navi 3x;
 * inferred for the APUs (gfx1103, gfx1151), not read. */
#define RDNA3_TIMESTAMP_HZ 100000000ull

/*
 * Products and caches: AMD's data sheets and CDNA2/CDNA3/RDNA3 white
 * papers -- MI210: 16 KiB L1 per CU, 8 MiB L2; MI300X: 32 KiB L1 per
 * CU, 4 MiB L2 per XCD (what rocminfo and hipDeviceProp_t report),
 * 256 MiB Infinity Cache; RX 7900 XTX: 32 KiB L0 per CU, 6 MiB L2,
 * 96 MiB Infinity Cache; Radeon 780M (Phoenix): 2 MiB L2; Radeon 8060S
 * (Strix Halo): 2 MiB L2, 32 MiB MALL.
 */
const struct bh_sim_target bh_sim_targets[BH_SIM_GFX_COUNT] = {
	[BH_SIM_GFX90A] = {
		.gfx = BH_SIM_GFX90A, .name = "gfx90a", .mach = 0x03f, .gfx_version = 90010,
		.clock_hz = 1700000000ull, .timestamp_hz = CDNA_TIMESTAMP_HZ, .num_cus = 104,
		.xnack = false, .sramecc = true,
		.product = "AMD Instinct MI210", .l1_bytes = 16 << 10, .l2_bytes = 8 << 20,
		/* Absolute flat scratch: the PSB V# and a wave offset SGPR. */
		.architected_scratch = false, .scratch_sve = false,
		CDNA_CU, .isa = &isa_gfx90a,
	},
	[BH_SIM_GFX942] = {
		.gfx = BH_SIM_GFX942, .name = "gfx942", .mach = 0x04c, .gfx_version = 90402,
		.clock_hz = 2100000000ull, .timestamp_hz = CDNA_TIMESTAMP_HZ, .num_cus = 304,
		.xnack = false, .sramecc = true,
		.product = "AMD Instinct MI300X", .l1_bytes = 32 << 10, .l2_bytes = 4 << 20,
		.l3_bytes = 256u << 20,
		.architected_scratch = true, .scratch_sve = true,
		CDNA_CU, .isa = &isa_gfx942,
	},
	/* Clocks: the parts' maximum shader clocks (RX 7900 XTX 2.5 GHz,
	 * Radeon 780M 2.7 GHz, Radeon 8060S 2.9 GHz); CUs: the same parts'
	 * (96, 12, 40; 48, 6 and 20 WGPs). */
	[BH_SIM_GFX1100] = {
		.gfx = BH_SIM_GFX1100, .name = "gfx1100", .mach = 0x041, .gfx_version = 110000,
		.clock_hz = 2500000000ull, .timestamp_hz = RDNA3_TIMESTAMP_HZ, .num_cus = 96,
		.product = "AMD Radeon RX 7900 XTX", .l1_bytes = 32 << 10, .l2_bytes = 6 << 20,
		.l3_bytes = 96u << 20,
		RDNA3_CU, RDNA3_VGPRS_1_5X, .shader_engines = 6, .isa = &isa_gfx1100,
	},
	[BH_SIM_GFX1103] = {
		.gfx = BH_SIM_GFX1103, .name = "gfx1103", .mach = 0x044, .gfx_version = 110003,
		.clock_hz = 2700000000ull, .timestamp_hz = RDNA3_TIMESTAMP_HZ, .num_cus = 12,
		.product = "AMD Radeon 780M", .l1_bytes = 32 << 10, .l2_bytes = 2 << 20,
		RDNA3_CU, RDNA3_VGPRS, .shader_engines = 1, .isa = &isa_gfx1103,
	},
	[BH_SIM_GFX1151] = {
		.gfx = BH_SIM_GFX1151, .name = "gfx1151", .mach = 0x04a, .gfx_version = 110501,
		.clock_hz = 2900000000ull, .timestamp_hz = RDNA3_TIMESTAMP_HZ, .num_cus = 40,
		.product = "AMD Radeon 8060S", .l1_bytes = 32 << 10, .l2_bytes = 2 << 20,
		.l3_bytes = 32u << 20,
		RDNA3_CU, RDNA3_VGPRS_1_5X, .shader_engines = 2, .isa = &isa_gfx1151,
	},
};

const struct bh_sim_target *bh_sim_target_by_name(const char *name)
{
	for (unsigned i = 0; name && i < BH_SIM_GFX_COUNT; i++)
		if (!strcmp(bh_sim_targets[i].name, name))
			return &bh_sim_targets[i];
	return NULL;
}

unsigned bh_sim_target_cus(const struct bh_sim_target *t, const char *cfg_name,
			   unsigned cfg_cus)
{
	return cfg_name && !strcmp(t->name, cfg_name) && cfg_cus ? cfg_cus : t->num_cus;
}

const struct bh_sim_target *bh_sim_target_by_mach(uint32_t mach)
{
	for (unsigned i = 0; i < BH_SIM_GFX_COUNT; i++)
		if (bh_sim_targets[i].mach == mach)
			return &bh_sim_targets[i];
	return NULL;
}

const char *bh_sim_target_names(char *buf, size_t size, const char *sep)
{
	size_t n = 0;

	if (!size)
		return buf;
	buf[0] = 0;
	for (unsigned i = 0; i < BH_SIM_GFX_COUNT && n < size; i++) {
		int w = snprintf(buf + n, size - n, "%s%s", i ? sep : "", bh_sim_targets[i].name);

		if (w < 0)
			break;
		n += (size_t)w;
	}
	return buf;
}

const struct bh_sim_target *bh_sim_get_target(const struct bh_sim *sim)
{
	return sim->target;
}
