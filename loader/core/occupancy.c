// SPDX-License-Identifier: MIT
/*
 * Occupancy: how many workgroups of a kernel one CU holds at once.  The
 * cooperative-launch check and the HIP occupancy API use it.  Each
 * resource gives a bound; the smallest wins and is named in @limit.
 * The per-generation numbers are in the gfx table (loader/gfx/).
 */
#include "internal.h"

_Static_assert(BH_ARG_KIND_COUNT <= 64, "bh_kernel.arg_kinds is a 64-bit mask");

int bh_kernel_occupancy(const struct bh_device *dev, const struct bh_kernel *k,
			uint32_t block_threads, uint32_t dynamic_lds,
			struct bh_occupancy *out, struct bh_error *err)
{
	const struct bh_gfx *gfx = dev->gfx;
	const struct bh_device_info *di = &dev->info;
	uint32_t wave = k->wavefront_size ? k->wavefront_size : di->wave_size;

	memset(out, 0, sizeof(*out));
	/*
	 * Every quotient below divides by a table entry or by a count
	 * derived from one: a zero there is a defect of the table (or of a
	 * board's report), said as such rather than a SIGFPE.
	 */
	if (!wave || !di->simds_per_cu || !gfx->lds_alloc_granule)
		return bh_fail(err, BH_EINVAL, "kernel '%s': the device reports no %s", k->name,
			       !wave ? "wave size" : !di->simds_per_cu ? "SIMDs per CU" :
			       "LDS allocation granule");
	if (!block_threads || block_threads > di->max_workgroup_size)
		return bh_fail(err, BH_EINVAL, "kernel '%s': %u threads per block is not "
			       "between 1 and %u", k->name, block_threads,
			       di->max_workgroup_size);
	uint32_t waves = (block_threads + wave - 1) / wave;

	/* Waves per SIMD: the hardware slots, then the register files
	 * (RSRC1 holds the granulated allocation the hardware makes). */
	uint32_t per_simd = di->max_waves_per_simd;
	const char *limit = "wave slots";
	const struct bh_gfx_vgprs *file = bh_gfx_vgprs(gfx, wave);

	if (!file)
		return bh_fail(err, BH_EINVAL, "kernel '%s': %s does not run wave%u",
			       k->name, gfx->name, wave);
	/* RSRC1 counts in the encoding granule; the hardware allocates in
	 * its own, which is coarser on gfx11 (loader/gfx/gfx11.c). */
	uint32_t vgprs = ((k->kd.compute_pgm_rsrc1 & 0x3f) + 1) * file->encode_granule;

	if (file->alloc_granule)
		vgprs = (vgprs + file->alloc_granule - 1) / file->alloc_granule *
			file->alloc_granule;
	if (!vgprs)
		return bh_fail(err, BH_EINVAL, "kernel '%s': %s has no VGPR granule for wave%u",
			       k->name, gfx->name, wave);
	if (file->per_simd / vgprs < per_simd) {
		per_simd = file->per_simd / vgprs;
		limit = "VGPRs";
	}
	if (gfx->sgprs_per_simd) {
		/*
		 * GFX9 encodes GRANULATED_WAVEFRONT_SGPR_COUNT in units of 8
		 * but allocates in granules of 16: the field is
		 * 2 * (ceil(sgprs / 16) - 1), always even (AMDGPUUsage,
		 * compute_pgm_rsrc1; LLVM's getNumSGPRBlocks).
		 */
		uint32_t field = (k->kd.compute_pgm_rsrc1 >> 6) & 0xf;
		uint32_t sgprs = (field / 2 + 1) * gfx->sgpr_granule;

		if (sgprs && gfx->sgprs_per_simd / sgprs < per_simd) {
			per_simd = gfx->sgprs_per_simd / sgprs;
			limit = "SGPRs";
		}
	}
	/* A workgroup's waves spread over the CU's SIMDs. */
	uint32_t per_cu = per_simd * di->simds_per_cu / waves;

	if (per_cu > gfx->wgs_per_cu) {
		per_cu = gfx->wgs_per_cu;
		limit = "workgroup slots";
	}
	/*
	 * In 64 bits: static + dynamic LDS near 2^32 must not wrap, nor
	 * must its round-up to the granule (which once made it 0 and the
	 * division below a SIGFPE).  A block needing more than the CU has
	 * fits 0 times, as ROCm's HIP answers (lds_per_cu / total, in
	 * size_t, in clr's occupancy calculation).
	 */
	uint64_t lds = (uint64_t)k->group_segment_fixed_size + dynamic_lds;

	if (lds) {
		uint64_t granulated = (lds + gfx->lds_alloc_granule - 1) /
				      gfx->lds_alloc_granule * gfx->lds_alloc_granule;
		uint64_t fit = gfx->lds_per_cu / granulated;

		if (fit < per_cu) {
			per_cu = (uint32_t)fit;
			limit = "LDS";
		}
	}
	out->waves_per_group = waves;
	out->waves_per_simd = per_simd;
	out->groups_per_cu = per_cu;
	out->max_groups = (uint64_t)per_cu * di->num_cus;
	out->limit = limit;
	return 0;
}

void bh_device_cu_limits(const struct bh_device *dev, struct bh_cu_limits *out)
{
	const struct bh_gfx *gfx = dev->gfx;

	out->simds = dev->info.simds_per_cu;
	out->waves_per_simd = dev->info.max_waves_per_simd;
	out->vgprs_per_simd = gfx->vgprs_per_simd;
	out->vgpr_granule = gfx->vgpr_granule;
	out->sgprs_per_simd = gfx->sgprs_per_simd;
	out->sgpr_granule = gfx->sgpr_granule;
	out->lds_bytes = gfx->lds_per_cu;
	out->lds_granule = gfx->lds_granule;
	out->workgroups = gfx->wgs_per_cu;
}
