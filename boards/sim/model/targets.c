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
#define CDNA_CU .wave_size = 64, .simds_per_cu = 4, .waves_per_simd = 8, \
		.vgprs_per_simd = 512, .vgpr_granule = 8, .lds_per_cu = 65536, \
		.lds_per_workgroup = 65536, .lds_granule = 512, .wgs_per_cu = 16, \
		.max_workgroup_size = 1024

/* s_memrealtime / RELEASE_MEM timestamps: 100 MHz, as on MI200/MI300. */
#define CDNA_TIMESTAMP_HZ 100000000ull

const struct bh_sim_target bh_sim_targets[BH_SIM_GFX_COUNT] = {
	[BH_SIM_GFX90A] = {
		.gfx = BH_SIM_GFX90A, .name = "gfx90a", .mach = 0x03f, .gfx_version = 90010,
		.clock_hz = 1700000000ull, .timestamp_hz = CDNA_TIMESTAMP_HZ,
		.xnack = false, .sramecc = true,
		/* Absolute flat scratch: the PSB V# and a wave offset SGPR. */
		.architected_scratch = false, .scratch_sve = false,
		CDNA_CU, .isa = &isa_gfx90a,
	},
	[BH_SIM_GFX942] = {
		.gfx = BH_SIM_GFX942, .name = "gfx942", .mach = 0x04c, .gfx_version = 90402,
		.clock_hz = 2100000000ull, .timestamp_hz = CDNA_TIMESTAMP_HZ,
		.xnack = false, .sramecc = true,
		.architected_scratch = true, .scratch_sve = true,
		CDNA_CU, .isa = &isa_gfx942,
	},
};

const struct bh_sim_target *bh_sim_target_by_name(const char *name)
{
	for (unsigned i = 0; name && i < BH_SIM_GFX_COUNT; i++)
		if (!strcmp(bh_sim_targets[i].name, name))
			return &bh_sim_targets[i];
	return NULL;
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
