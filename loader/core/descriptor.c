// SPDX-License-Identifier: MIT
/*
 * A kernel descriptor against the target it is loaded for: the wave
 * size it was built for, and the fields the target says must be 0 (the
 * row's masks, loader/gfx/).  Facts: docs/facts/dispatch.md §2, LLVM
 * AMDGPUUsage "Kernel Descriptor".
 */
#include "internal.h"
#include "pm4.h"

static const char *waves_run(const struct bh_gfx *gfx)
{
	return gfx->wave_sizes == BH_GFX_WAVE64 ? "wave64 only" :
	       gfx->wave_sizes == BH_GFX_WAVE32 ? "wave32 only" : "wave32 and wave64";
}

static int zero_field(const struct bh_kernel *k, const struct bh_gfx *gfx,
		      const char *field, uint32_t value, uint32_t must_be_zero,
		      struct bh_error *err)
{
	if (!(value & must_be_zero))
		return 0;
	return bh_fail(err, BH_ENOEXEC, "kernel '%s': descriptor %s is 0x%08x; bits 0x%08x "
		       "must be 0 on %s", k->name, field, value, value & must_be_zero,
		       gfx->name);
}

int bh_kd_validate(const struct bh_gfx *gfx, const struct bh_kernel *k, struct bh_error *err)
{
	const struct bh_kernel_descriptor *kd = &k->kd;
	bool w32 = kd->kernel_code_properties & KCP_WAVEFRONT_SIZE32;
	uint32_t wave = w32 ? 32 : 64;
	int ret;

	/* The metadata and the descriptor must tell the same wave size. */
	if (k->wavefront_size != wave)
		return bh_fail(err, BH_ENOEXEC, "kernel '%s': metadata says wave%u but the "
			       "descriptor's ENABLE_WAVEFRONT_SIZE32 bit says wave%u", k->name,
			       k->wavefront_size, wave);
	if (!(gfx->wave_sizes & (w32 ? BH_GFX_WAVE32 : BH_GFX_WAVE64)))
		return bh_fail(err, BH_ENOEXEC, "kernel '%s' is built for wave%u; %s runs %s",
			       k->name, wave, gfx->name, waves_run(gfx));
	/* SHARED_VGPR_COUNT is a wave64 field (AMDGPUUsage compute_pgm_rsrc3). */
	if (w32 && (kd->compute_pgm_rsrc3 & gfx->rsrc3_shared_vgprs))
		return bh_fail(err, BH_ENOEXEC, "kernel '%s': a wave32 descriptor with "
			       "RSRC3.SHARED_VGPR_COUNT %u (wave64 only)", k->name,
			       kd->compute_pgm_rsrc3 & gfx->rsrc3_shared_vgprs);
	if (kd->kernarg_preload && !gfx->kernarg_preload)
		return bh_fail(err, BH_ENOEXEC, "kernel '%s': descriptor asks for kernarg "
			       "preload, which %s has not", k->name, gfx->name);
	ret = zero_field(k, gfx, "COMPUTE_PGM_RSRC1", kd->compute_pgm_rsrc1,
			 gfx->kd_rsrc1_zero, err);
	if (!ret)
		ret = zero_field(k, gfx, "COMPUTE_PGM_RSRC2", kd->compute_pgm_rsrc2,
				 gfx->kd_rsrc2_zero, err);
	if (!ret)
		ret = zero_field(k, gfx, "COMPUTE_PGM_RSRC3", kd->compute_pgm_rsrc3,
				 gfx->kd_rsrc3_zero, err);
	if (!ret)
		ret = zero_field(k, gfx, "kernel_code_properties", kd->kernel_code_properties,
				 gfx->kd_kcp_zero, err);
	return ret;
}
