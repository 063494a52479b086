// SPDX-License-Identifier: MIT
/*
 * The sysfs tree amdkfd and amdgpu expose, written once into the fake's
 * private directory: the KFD topology (kfd_topology.c: node_show,
 * mem_show, kfd_cache_show, iolink_show, in their key order and
 * formats: "%s %u\n" / "%s %llu\n"), the kfd class device, and for each
 * GPU its render node's class link and PCI device directory.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"
#include "sim.h"

/* CRAT io link type PCIe, and HSA heap types (kfd_crat.h, kfd_topology.h). */
#define IOLINK_TYPE_PCIEXPRESS	2
#define HEAP_SYSTEM		0
#define HEAP_FB_PUBLIC		1
#define CACHE_TYPE_DATA		1
#define CACHE_TYPE_HSACU	8

struct writer {
	const char *root;
	char *why;
	int err;
};

static int mkdirs(struct writer *w, const char *path)
{
	char buf[PATH_MAX];

	snprintf(buf, sizeof(buf), "%s", path);
	for (char *s = buf + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = 0;
		if (mkdir(buf, 0755) && errno != EEXIST)
			goto bad;
		*s = '/';
	}
	if (mkdir(buf, 0755) && errno != EEXIST)
		goto bad;
	return 0;
bad:
	if (!w->err)
		snprintf(w->why, 256, "mkdir %s: %s", buf, strerror(errno));
	w->err = -1;
	return -1;
}

/* Write @rel (under root) with printf-formatted contents. */
__attribute__((format(printf, 3, 4)))
static void put(struct writer *w, const char *rel, const char *fmt, ...)
{
	char path[PATH_MAX], dir[PATH_MAX];
	va_list ap;
	FILE *f;

	if (w->err)
		return;
	snprintf(path, sizeof(path), "%s/%s", w->root, rel);
	snprintf(dir, sizeof(dir), "%s", path);
	*strrchr(dir, '/') = 0;
	if (mkdirs(w, dir))
		return;
	f = fopen(path, "w");
	if (!f) {
		snprintf(w->why, 256, "cannot write %s: %s", path, strerror(errno));
		w->err = -1;
		return;
	}
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fclose(f);
}

static void mkdirs_rel(struct writer *w, const char *rel)
{
	char path[PATH_MAX];

	if (w->err)
		return;
	snprintf(path, sizeof(path), "%s/%s", w->root, rel);
	mkdirs(w, path);
}

static void link_to(struct writer *w, const char *rel, const char *target)
{
	char path[PATH_MAX], dir[PATH_MAX];

	if (w->err)
		return;
	snprintf(path, sizeof(path), "%s/%s", w->root, rel);
	snprintf(dir, sizeof(dir), "%s", path);
	*strrchr(dir, '/') = 0;
	if (mkdirs(w, dir))
		return;
	if (symlink(target, path) && errno != EEXIST) {
		snprintf(w->why, 256, "symlink %s: %s", path, strerror(errno));
		w->err = -1;
	}
}

static long cpu_count(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? n : 1;
}

static unsigned long long system_memory(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);

	return pages > 0 && size > 0 ? (unsigned long long)pages * (unsigned long long)size : 0;
}

#define TOPO "devices/virtual/kfd/kfd/topology"

static void iolink(struct writer *w, unsigned node, unsigned idx, unsigned from, unsigned to)
{
	char rel[256];

	snprintf(rel, sizeof(rel), TOPO "/nodes/%u/io_links/%u/properties", node, idx);
	put(w, rel,
	    "type %u\nversion_major 0\nversion_minor 0\nnode_from %u\nnode_to %u\n"
	    "weight 20\nmin_latency 0\nmax_latency 0\nmin_bandwidth 312\n"
	    "max_bandwidth 64000\nrecommended_transfer_size 0\n"
	    "recommended_sdma_engine_id_mask 0\nflags 1\n",
	    IOLINK_TYPE_PCIEXPRESS, from, to);
}

static void cpu_node(struct writer *w, unsigned ngpus)
{
	char rel[256];

	put(w, TOPO "/nodes/0/gpu_id", "0\n");
	put(w, TOPO "/nodes/0/name", "\n");
	put(w, TOPO "/nodes/0/properties",
	    "cpu_cores_count %ld\nsimd_count 0\nmem_banks_count 1\ncaches_count 0\n"
	    "io_links_count %u\np2p_links_count 0\ncpu_core_id_base 0\nsimd_id_base 0\n"
	    "max_waves_per_simd 0\nlds_size_in_kb 0\ngds_size_in_kb 0\nnum_gws 0\n"
	    "wave_front_size 0\narray_count 0\nsimd_arrays_per_engine 0\n"
	    "cu_per_simd_array 0\nsimd_per_cu 0\nmax_slots_scratch_cu 0\n"
	    "gfx_target_version 0\nvendor_id 0\ndevice_id 0\nlocation_id 0\ndomain 0\n"
	    "drm_render_minor 0\nhive_id 0\nnum_sdma_engines 0\n"
	    "num_sdma_xgmi_engines 0\nnum_sdma_queues_per_engine 0\nnum_cp_queues 0\n"
	    "max_engine_clk_ccompute 3000\n",
	    cpu_count(), ngpus);
	put(w, TOPO "/nodes/0/mem_banks/0/properties",
	    "heap_type %u\nsize_in_bytes %llu\nflags 0\nwidth 64\nmem_clk_max 3200\n",
	    HEAP_SYSTEM, system_memory());
	for (unsigned i = 0; i < ngpus; i++)
		iolink(w, 0, i, 0, i + 1);
	snprintf(rel, sizeof(rel), "%s/" TOPO "/nodes/0/caches", w->root);
	mkdirs(w, rel);
	snprintf(rel, sizeof(rel), "%s/" TOPO "/nodes/0/perf", w->root);
	mkdirs(w, rel);
}

static void cache(struct writer *w, unsigned node, unsigned idx, unsigned level,
		  unsigned kb, unsigned type, unsigned ncus)
{
	char rel[256], map[4 * 64 + 2];
	size_t n = 0;

	/* One sibling_map bit per CU sharing it (a short map for the L2). */
	for (unsigned i = 0; i < (ncus > 64 ? 64 : ncus); i++)
		n += (size_t)snprintf(map + n, sizeof(map) - n, "%s1", i ? "," : "");
	snprintf(rel, sizeof(rel), TOPO "/nodes/%u/caches/%u/properties", node, idx);
	put(w, rel,
	    "processor_id_low %u\nlevel %u\nsize %u\ncache_line_size %u\n"
	    "cache_lines_per_tag 1\nassociation %u\nlatency 1\ntype %u\nsibling_map %s\n",
	    0x80001000u, level, kb, level == 1 ? 64u : 128u, level == 1 ? 64u : 16u,
	    type, map);
}

static void gpu_node(struct writer *w, const struct kfdsim_gpu *g, unsigned i)
{
	const struct bh_sim_target *t = g->target;
	unsigned xcc = t->gfx == BH_SIM_GFX942 ? 8 : 1;
	unsigned arrays = kfdsim_array_count(g);
	unsigned node = g->node;
	char rel[256], pci[128];

	snprintf(rel, sizeof(rel), TOPO "/nodes/%u/gpu_id", node);
	put(w, rel, "%u\n", g->gpu_id);
	snprintf(rel, sizeof(rel), TOPO "/nodes/%u/name", node);
	/* amdgpu_asic_name[]: Aldebaran has its name, gfx 9.4.3 is IP-discovered. */
	put(w, rel, "%s\n", t->gfx == BH_SIM_GFX942 ? "ip discovery" : "aldebaran");
	snprintf(rel, sizeof(rel), TOPO "/nodes/%u/properties", node);
	put(w, rel,
	    "cpu_cores_count 0\nsimd_count %u\nmem_banks_count 1\ncaches_count 2\n"
	    "io_links_count 1\np2p_links_count 0\ncpu_core_id_base 0\nsimd_id_base %u\n"
	    "max_waves_per_simd %u\nlds_size_in_kb %u\ngds_size_in_kb 0\nnum_gws %u\n"
	    "wave_front_size %u\narray_count %u\nsimd_arrays_per_engine 1\n"
	    "cu_per_simd_array %u\nsimd_per_cu %u\nmax_slots_scratch_cu 32\n"
	    "gfx_target_version %u\nvendor_id %u\ndevice_id %u\nlocation_id %u\n"
	    "domain %u\ndrm_render_minor %u\nhive_id 0\nnum_sdma_engines 2\n"
	    "num_sdma_xgmi_engines %u\nnum_sdma_queues_per_engine 8\nnum_cp_queues %u\n"
	    "max_engine_clk_fcompute %llu\nlocal_mem_size 0\nfw_version %u\n"
	    "capability %u\ndebug_prop %u\nsdma_fw_version %u\nunique_id %llu\n"
	    "num_xcc %u\nmax_engine_clk_ccompute 3000\n",
	    g->num_cus * t->simds_per_cu, 0x80000000u + 0x1000u * i,
	    t->waves_per_simd, t->lds_per_cu / 1024, g->num_gws, t->wave_size, arrays,
	    g->num_cus / arrays, t->simds_per_cu, t->gfx_version, 0x1002u, g->device_id,
	    (unsigned)g->pci_bus << 8 | g->pci_device << 3 | g->pci_function,
	    g->pci_domain, g->render_minor, t->gfx == BH_SIM_GFX942 ? 14u : 3u,
	    KFDSIM_QUEUES_PER_GPU * xcc,
	    (unsigned long long)(t->clock_hz / 1000000),
	    t->gfx == BH_SIM_GFX942 ? 157u : 78u,
	    /* HSA_CAP_: doorbell type 2.0, 4 watch points, SRAM EDC if the target
	     * has it: HSA_CAP_SRAM_EDCSUPPORTED is bit 26; bit 19, its old
	     * place, is RESERVED_WAS_SRAM_EDCSUPPORTED, kept 0 for old user mode */
	    0x2000u | 0x80u | 2u << 8 | (t->sramecc ? 0x04000000u : 0),
	    0u, t->gfx == BH_SIM_GFX942 ? 19u : 9u,
	    0x1000000000000000ull + ((unsigned long long)g->gpu_id << 8),
	    xcc);
	snprintf(rel, sizeof(rel), TOPO "/nodes/%u/mem_banks/0/properties", node);
	put(w, rel, "heap_type %u\nsize_in_bytes %llu\nflags 0\nwidth 4096\nmem_clk_max 1600\n",
	    HEAP_FB_PUBLIC, (unsigned long long)g->vram_size);
	cache(w, node, 0, 1, 16, CACHE_TYPE_DATA | CACHE_TYPE_HSACU, 1);
	cache(w, node, 1, 2, t->gfx == BH_SIM_GFX942 ? 4096 : 8192,
	      CACHE_TYPE_DATA | CACHE_TYPE_HSACU, g->num_cus / xcc);
	iolink(w, node, 0, node, 0);
	snprintf(rel, sizeof(rel), "%s/" TOPO "/nodes/%u/perf", w->root, node);
	mkdirs(w, rel);

	/* The render node: /sys/class/drm/renderD<minor> -> its PCI device. */
	snprintf(pci, sizeof(pci), "devices/pci%04x:00/%04x:%02x:%02x.%x", g->pci_domain,
		 g->pci_domain, g->pci_bus, g->pci_device, g->pci_function);
	snprintf(rel, sizeof(rel), "%s/vendor", pci);
	put(w, rel, "0x1002\n");
	snprintf(rel, sizeof(rel), "%s/device", pci);
	put(w, rel, "0x%04x\n", g->device_id);
	snprintf(rel, sizeof(rel), "%s/subsystem_vendor", pci);
	put(w, rel, "0x1002\n");
	snprintf(rel, sizeof(rel), "%s/subsystem_device", pci);
	put(w, rel, "0x0c34\n");
	snprintf(rel, sizeof(rel), "%s/class", pci);
	put(w, rel, "0x038000\n");
	snprintf(rel, sizeof(rel), "%s/revision", pci);
	put(w, rel, "0x%02x\n", t->gfx == BH_SIM_GFX942 ? 0 : 2);
	snprintf(rel, sizeof(rel), "%s/numa_node", pci);
	put(w, rel, "-1\n");
	snprintf(rel, sizeof(rel), "%s/mem_info_vram_total", pci);
	put(w, rel, "%llu\n", (unsigned long long)g->vram_size);
	snprintf(rel, sizeof(rel), "%s/drm/renderD%u/dev", pci, g->render_minor);
	put(w, rel, "226:%u\n", g->render_minor);
	snprintf(rel, sizeof(rel), "class/drm/renderD%u", g->render_minor);
	char target[192];

	snprintf(target, sizeof(target), "../../%s/drm/renderD%u", pci, g->render_minor);
	link_to(w, rel, target);
	snprintf(rel, sizeof(rel), "%s/drm/renderD%u/device", pci, g->render_minor);
	link_to(w, rel, "../..");
	/* /sys/dev/char/226:<minor>, which libdrm stats to tell a DRM node. */
	snprintf(rel, sizeof(rel), "dev/char/226:%u", g->render_minor);
	snprintf(target, sizeof(target), "../../%s/drm/renderD%u", pci, g->render_minor);
	link_to(w, rel, target);
}

int kfdsim_topology_write(const char *root, const struct kfdsim_gpu *gpus, unsigned n,
			  char *why)
{
	struct writer w = { root, why, 0 };

	mkdirs(&w, root);
	put(&w, TOPO "/generation_id", "1\n");
	put(&w, TOPO "/system_properties", "platform_oem 0\nplatform_id 0\nplatform_rev 0\n");
	put(&w, "devices/virtual/kfd/kfd/dev", "%u:0\n", 235u);
	cpu_node(&w, n);
	for (unsigned i = 0; i < n; i++)
		gpu_node(&w, &gpus[i], i);
	/* The amdgpu module is loaded (lsmod reads these; /proc/modules lists
	 * it too, in preload.c), with no module holding it. */
	put(&w, "module/amdgpu/initstate", "live\n");
	put(&w, "module/amdgpu/refcnt", "0\n");
	put(&w, "module/amdgpu/coresize", "9658368\n");
	put(&w, "module/amdgpu/initsize", "0\n");
	mkdirs_rel(&w, "module/amdgpu/holders");
	/* /sys/class/kfd/kfd is the class device's link, as in sysfs. */
	link_to(&w, "class/kfd/kfd", "../../devices/virtual/kfd/kfd");
	link_to(&w, "dev/char/235:0", "../../devices/virtual/kfd/kfd");
	return w.err;
}
