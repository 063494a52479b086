// SPDX-License-Identifier: MIT
/*
 * The GPU virtual address space of the board: VRAM at BH_SIM_VRAM_BASE
 * and GART-mapped host pages.  Everything else is unmapped: an access
 * there is a memory fault, never a host access.
 */
#include "model.h"

uint8_t *mem_translate(struct bh_sim *sim, uint64_t va, uint64_t len)
{
	if (va >= BH_SIM_VRAM_BASE && va - BH_SIM_VRAM_BASE <= sim->vram_size &&
	    len <= sim->vram_size - (va - BH_SIM_VRAM_BASE))
		return sim->vram + (va - BH_SIM_VRAM_BASE);
	for (unsigned i = 0; i < sim->ngart; i++) {
		const struct gart_map *g = &sim->gart[i];

		if (va >= g->va && va - g->va <= g->size && len <= g->size - (va - g->va))
			return g->host + (va - g->va);
	}
	return NULL;
}
