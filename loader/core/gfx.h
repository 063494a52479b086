/* SPDX-License-Identifier: MIT */
/*
 * Per-GPU-generation facts the PM4 emitter needs: one table row per
 * target (loader/gfx/gfx*.c), never an `if (gfx942)` in the logic.
 */
#ifndef BH_GFX_H
#define BH_GFX_H

#include <stdbool.h>
#include <stdint.h>

/* bh_gfx.wave_sizes: the wave sizes the hardware runs. */
#define BH_GFX_WAVE32		(1u << 0)
#define BH_GFX_WAVE64		(1u << 1)

/* ACQUIRE_MEM packet forms (pm4.c). */
enum bh_gfx_acquire {
	BH_ACQUIRE_GFX9,	/* 7 dwords, COHER_CNTL carries the cache actions */
	BH_ACQUIRE_GFX10,	/* 8 dwords, COHER_CNTL 0, GCR_CNTL in dw7 */
};

/* The VGPR file at one wave size. */
struct bh_gfx_vgprs {
	uint16_t encode_granule;	/* RSRC1.VGPRS unit */
	uint16_t alloc_granule;		/* what the hardware allocates in */
	uint16_t per_simd;		/* per lane; 0 = this wave size is not run */
};

struct bh_gfx {
	uint32_t mach;			/* EF_AMDGPU_MACH_* */
	const char *name;
	/* Checked on real hardware (kfd/kmod).  An unverified row runs on
	 * the sim board, and on a real GPU only when the user opts in
	 * (BAREHIP_UNVERIFIED_GFX=1, loader/platform/kfd.c). */
	bool verified;
	uint32_t wave_sizes;		/* BH_GFX_WAVE32 | BH_GFX_WAVE64 */
	uint32_t reg_pgm_rsrc3;		/* dword address; 0 = none */
	bool architected_scratch;	/* DISPATCH_SCRATCH_BASE, no PSB */
	bool order_mode;		/* DISPATCH_INITIATOR.ORDER_MODE */
	uint32_t tmpring_unit;		/* WAVESIZE unit in bytes */
	uint32_t tmpring_wavesize_max;	/* field maximum */
	bool tmpring_waves_per_se;	/* TMPRING.WAVES counts per shader engine */
	enum bh_gfx_acquire acquire;	/* ACQUIRE_MEM form */
	uint32_t acquire_coher_cntl;	/* ACQUIRE_MEM dw1 (the GFX9 form, pm4.c) */
	uint32_t acquire_gcr_cntl;	/* ACQUIRE_MEM dw7 (the GFX10 form) */
	uint32_t release_mem_event;	/* RELEASE_MEM dw1 */
	uint32_t rsrc1_set;		/* RSRC1 bits the dispatcher sets */
	uint32_t lds_granule;		/* RSRC2.LDS_SIZE unit in bytes */
	uint32_t lds_alloc_granule;	/* what the hardware allocates LDS in */
	uint32_t scratch_srd_word3;	/* PSB V# dword 3 (absolute scratch) */
	bool kernarg_preload;		/* kernel_code_properties preload allowed */
	/* Descriptor bits that must be 0 on this target (descriptor.c). */
	uint32_t kd_rsrc1_zero, kd_rsrc2_zero, kd_rsrc3_zero;
	uint16_t kd_kcp_zero;
	uint32_t rsrc3_shared_vgprs;	/* RSRC3.SHARED_VGPR_COUNT mask (wave64 only) */
	/* Occupancy (occupancy.c): what one CU holds. */
	struct bh_gfx_vgprs vgprs_w32, vgprs_w64;
	uint32_t vgpr_granule;		/* alloc granule at the board's wave size */
	uint32_t vgprs_per_simd;	/* per lane at the board's wave size */
	uint32_t sgpr_granule;		/* RSRC1.SGPRS unit */
	uint32_t sgprs_per_simd;	/* 0: SGPRs never limit waves */
	uint32_t lds_per_cu;		/* bytes */
	uint32_t wgs_per_cu;		/* workgroup (barrier) slots */
};

const struct bh_gfx *bh_gfx_lookup(uint32_t mach);
/* The VGPR file for @wave_size lanes; NULL if the row does not run it. */
const struct bh_gfx_vgprs *bh_gfx_vgprs(const struct bh_gfx *gfx, uint32_t wave_size);

#endif
