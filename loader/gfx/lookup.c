// SPDX-License-Identifier: MIT
/* The loader's gfx table: every generation's rows, found by EF_AMDGPU_MACH. */
#include "rows.h"

static const struct {
	const struct bh_gfx *rows;
	const unsigned *n;
} generations[] = {
	{ bh_gfx9_rows, &bh_gfx9_nrows },
	{ bh_gfx11_rows, &bh_gfx11_nrows },
};

const struct bh_gfx *bh_gfx_lookup(uint32_t mach)
{
	for (unsigned g = 0; g < sizeof(generations) / sizeof(generations[0]); g++)
		for (unsigned i = 0; i < *generations[g].n; i++)
			if (generations[g].rows[i].mach == mach)
				return &generations[g].rows[i];
	return 0;
}

const struct bh_gfx_vgprs *bh_gfx_vgprs(const struct bh_gfx *gfx, uint32_t wave_size)
{
	const struct bh_gfx_vgprs *v = wave_size == 32 ? &gfx->vgprs_w32 :
				       wave_size == 64 ? &gfx->vgprs_w64 : 0;

	return v && v->per_simd ? v : 0;
}
