// SPDX-License-Identifier: MIT
/*
 * The GPU virtual address space of the board: VRAM at BH_SIM_VRAM_BASE
 * and host pages mapped in (the GART aperture, or anywhere in the
 * 48-bit user range for the process VM a KFD gives).  Everything else is
 * unmapped: an access there is a memory fault, never a host access.
 */
#include <stdlib.h>

#include "model.h"

/* The index of the first map whose end lies above @va (nmaps if none). */
static unsigned map_search(const struct bh_sim *sim, uint64_t va)
{
	unsigned lo = 0, hi = sim->nmaps;

	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;
		const struct gart_map *g = &sim->maps[mid];

		if (va - g->va < g->size || va < g->va)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

static bool map_holds(const struct gart_map *g, uint64_t va, uint64_t len)
{
	return va >= g->va && va - g->va < g->size && len <= g->size - (va - g->va);
}

/*
 * Most accesses hit the buffer the previous one did.  The hint is the
 * thread's own (the CP, each dispatch worker and the host translate at
 * once) and valid for one board and one generation of its maps.
 */
static _Thread_local struct {
	const struct bh_sim *sim;
	unsigned gen, idx;
} hint;

uint8_t *mem_translate(struct bh_sim *sim, uint64_t va, uint64_t len)
{
	if (va >= BH_SIM_VRAM_BASE && va - BH_SIM_VRAM_BASE <= sim->vram_size &&
	    len <= sim->vram_size - (va - BH_SIM_VRAM_BASE))
		return sim->vram + (va - BH_SIM_VRAM_BASE);
	if (!sim->nmaps)
		return NULL;
	if (hint.sim == sim && hint.gen == sim->maps_gen && hint.idx < sim->nmaps &&
	    map_holds(&sim->maps[hint.idx], va, len))
		return sim->maps[hint.idx].host + (va - sim->maps[hint.idx].va);
	unsigned i = map_search(sim, va);

	if (i == sim->nmaps || !map_holds(&sim->maps[i], va, len))
		return NULL;
	hint.sim = sim;
	hint.gen = sim->maps_gen;
	hint.idx = i;
	return sim->maps[i].host + (va - sim->maps[i].va);
}

void sim_as_enter(struct bh_sim *sim)
{
	pthread_rwlock_rdlock(&sim->as_lock);
}

void sim_as_leave(struct bh_sim *sim)
{
	pthread_rwlock_unlock(&sim->as_lock);
}

void sim_as_quiesce(struct bh_sim *sim)
{
	pthread_rwlock_unlock(&sim->as_lock);
	pthread_rwlock_rdlock(&sim->as_lock);
}

/* Whether [va, va+size) overlaps VRAM or a map. */
static bool map_overlaps(const struct bh_sim *sim, uint64_t va, uint64_t size)
{
	uint64_t vram_end = BH_SIM_VRAM_BASE + sim->vram_size;

	if (va < vram_end && BH_SIM_VRAM_BASE < va + size)
		return true;
	unsigned i = map_search(sim, va);

	return i < sim->nmaps && sim->maps[i].va < va + size;
}

static int map_locked(struct bh_sim *sim, uint64_t va, void *host, uint64_t size, bool local)
{
	if (!host || !size || (va | size) % 4096 || (uintptr_t)host % 4096 ||
	    va + size < va || map_overlaps(sim, va, size) || sim->nmaps == MAP_SLOTS)
		return -1;
	if (sim->nmaps == sim->maps_cap) {
		unsigned cap = sim->maps_cap ? sim->maps_cap * 2 : 64;
		struct gart_map *m = realloc(sim->maps, cap * sizeof(*m));

		if (!m)
			return -1;
		sim->maps = m;
		sim->maps_cap = cap;
	}
	unsigned i = map_search(sim, va);

	for (unsigned j = sim->nmaps; j > i; j--)
		sim->maps[j] = sim->maps[j - 1];
	sim->maps[i] = (struct gart_map){ va, size, host, local };
	sim->nmaps++;
	return 0;
}

static int unmap_locked(struct bh_sim *sim, uint64_t va)
{
	unsigned i = map_search(sim, va);

	if (i == sim->nmaps || sim->maps[i].va != va)
		return -1;
	for (; i + 1 < sim->nmaps; i++)
		sim->maps[i] = sim->maps[i + 1];
	sim->nmaps--;
	return 0;
}

int mem_map(struct bh_sim *sim, uint64_t va, void *host, uint64_t size, bool local)
{
	pthread_rwlock_wrlock(&sim->as_lock);
	int ret = map_locked(sim, va, host, size, local);

	sim->maps_gen++;
	pthread_rwlock_unlock(&sim->as_lock);
	return ret;
}

int mem_unmap(struct bh_sim *sim, uint64_t va)
{
	pthread_rwlock_wrlock(&sim->as_lock);
	int ret = unmap_locked(sim, va);

	sim->maps_gen++;
	pthread_rwlock_unlock(&sim->as_lock);
	return ret;
}

bool mem_is_host(struct bh_sim *sim, uint64_t va)
{
	if (va >= BH_SIM_SHARED_APERTURE || va - BH_SIM_VRAM_BASE < sim->vram_size)
		return false;
	unsigned i = map_search(sim, va);

	return i < sim->nmaps && map_holds(&sim->maps[i], va, 1) && !sim->maps[i].local;
}
