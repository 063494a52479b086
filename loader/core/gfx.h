/* SPDX-License-Identifier: MIT */
/*
 * Per-GPU-generation facts the PM4 emitter needs: one table row per
 * target (loader/gfx/gfx*.c), never an `if (gfx942)` in the logic.
 */
#ifndef BH_GFX_H
#define BH_GFX_H

#include <stdbool.h>
#include <stdint.h>

struct bh_gfx {
	uint32_t mach;			/* EF_AMDGPU_MACH_* */
	const char *name;
	uint32_t reg_pgm_rsrc3;		/* dword address; 0 = none */
	bool architected_scratch;	/* DISPATCH_SCRATCH_BASE, no PSB */
	bool order_mode;		/* DISPATCH_INITIATOR.ORDER_MODE */
	uint32_t tmpring_unit;		/* WAVESIZE unit in bytes */
	uint32_t tmpring_wavesize_max;	/* field maximum */
	uint32_t acquire_coher_cntl;	/* ACQUIRE_MEM dw1 (the GFX9 form, pm4.c) */
	uint32_t release_mem_event;	/* RELEASE_MEM dw1 */
	uint32_t lds_granule;		/* RSRC2.LDS_SIZE unit in bytes */
	uint32_t scratch_srd_word3;	/* PSB V# dword 3 (absolute scratch) */
	/* Occupancy (occupancy.c): what one CU holds. */
	uint32_t vgpr_granule;		/* RSRC1.VGPRS unit (wave64) */
	uint32_t vgprs_per_simd;	/* per lane, arch + acc unified */
	uint32_t sgpr_granule;		/* RSRC1.SGPRS unit */
	uint32_t sgprs_per_simd;	/* 0: SGPRs never limit waves */
	uint32_t lds_per_cu;		/* bytes */
	uint32_t wgs_per_cu;		/* workgroup (barrier) slots */
};

const struct bh_gfx *bh_gfx_lookup(uint32_t mach);

#endif
