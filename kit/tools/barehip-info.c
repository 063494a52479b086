// SPDX-License-Identifier: MIT
/*
 * barehip-info: what the board reports about each of its GPUs, the
 * facts rocminfo users look for (marketing name, ISA string, workgroup
 * and grid limits, caches, clocks, memory pools, queues), as text or as
 * JSON (--json).  The board is the one every barehip program would get
 * (BAREHIP_BOARD, else barehip.ko's /dev/barehip0 when present, else the
 * kfd backend, else the in-process sim board), after the HIP version the
 * runtime reports.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <bh/backends.h>
#include <bh/loader.h>
#include <hip/hip_runtime_api.h>
#include "generated/autoconf.h"

static const char usage[] =
	"usage: barehip-info [--json] [--help]\n"
	"\n"
	"Print what the board reports about each GPU: identity (marketing name,\n"
	"target, ISA string with its features), compute units, workgroup and grid\n"
	"limits, caches, clocks, memory pools and queues, after the HIP version.\n"
	"\n"
	"  --json   the same facts as one JSON object (python3 -m json.tool reads it)\n"
	"  --help   this text\n"
	"\n"
	"The board is the one every barehip program gets: BAREHIP_BOARD (sim, kfd,\n"
	"kmod[:/dev/barehipN]), else /dev/barehip0, else /dev/kfd, else the sim\n"
	"board (BAREHIP_SIM_GFX, BAREHIP_SIM_VRAM_MB choose what it models).\n"
	"Exit status: 0, 1 when a device cannot be opened, 2 for a bad argument.\n";

/*
 * HIP's grid limits in blocks (kit/runtime/properties.c reports the
 * same as hipDeviceProp_t.maxGridSize), and the dispatch packet's, in
 * work-items per dimension (32-bit sizes, rocminfo's "Grid Max Size").
 */
static const unsigned long long hip_grid_blocks[3] = { 2147483647ull, 65535, 65535 };
static const unsigned long long grid_work_items = 4294967295ull;

/* ---------------------------------------------------------- JSON out */
struct json {
	bool first;		/* no member yet at this level */
	int depth;
};

static void json_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

static void json_key(struct json *j, const char *key)
{
	printf("%s\n%*s", j->first ? "" : ",", j->depth * 2, "");
	j->first = false;
	if (key) {
		json_string(key);
		printf(": ");
	}
}

static void json_open(struct json *j, const char *key, char bracket)
{
	json_key(j, key);
	putchar(bracket);
	j->first = true;
	j->depth++;
}

static void json_close(struct json *j, char bracket)
{
	j->depth--;
	printf("\n%*s%c", j->depth * 2, "", bracket);
	j->first = false;
}

static void json_str(struct json *j, const char *key, const char *v)
{
	json_key(j, key);
	json_string(v);
}

static void json_num(struct json *j, const char *key, unsigned long long v)
{
	json_key(j, key);
	printf("%llu", v);
}

static void json_bool(struct json *j, const char *key, bool v)
{
	json_key(j, key);
	printf("%s", v ? "true" : "false");
}

static void json_dims(struct json *j, const char *key, const unsigned long long v[3])
{
	json_key(j, key);
	printf("[%llu, %llu, %llu]", v[0], v[1], v[2]);
}

/* ------------------------------------------------------------ facts */
/*
 * The ISA name as the HSA runtime reports it: gfx9 targets carry their
 * sramecc and xnack features; gfx10+ targets have none (LLVM's
 * AMDGPUUsage "Processors" table).
 */
static void isa_name(const struct bh_device_info *i, char *out, size_t len)
{
	if (i->gfx_version / 10000 == 9)
		snprintf(out, len, "amdgcn-amd-amdhsa--%s:sramecc%c:xnack%c", i->gfx,
			 i->sramecc ? '+' : '-', i->xnack ? '+' : '-');
	else
		snprintf(out, len, "amdgcn-amd-amdhsa--%s", i->gfx);
}

/* Host memory the GPU can map (hipHostMalloc): the machine's RAM. */
static unsigned long long host_ram(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);

	return pages > 0 && page > 0 ? (unsigned long long)pages * (unsigned long long)page : 0;
}

static void text_size(const char *what, unsigned long long bytes)
{
	if (!bytes)
		printf("%s none", what);
	else if (bytes % (1ull << 20) == 0)
		printf("%s %llu MiB", what, bytes >> 20);
	else
		printf("%s %llu KiB", what, bytes >> 10);
}

static void show_text(unsigned n, const struct bh_platform *plat, struct bh_device *dev)
{
	const struct bh_device_info *i = bh_device_get_info(dev);
	unsigned long long wg = i->max_workgroup_size;
	struct bh_cu_limits cu;
	char isa[96];

	bh_device_cu_limits(dev, &cu);
	isa_name(i, isa, sizeof(isa));
	printf("device %u: %s\n", n, i->name);
	printf("  marketing name    %s\n", i->product[0] ? i->product : i->name);
	printf("  board             %s\n", plat->name);
	printf("  target            %s (mach 0x%03x, gfx version %u)\n", i->gfx, i->mach,
	       i->gfx_version);
	printf("  ISA               %s\n", isa);
	printf("  PCI bus id        %04x:%02x:%02x.%x\n", i->pci_domain, i->pci_bus,
	       i->pci_device, i->pci_function);
	printf("  wave size         %u\n", i->wave_size);
	printf("  compute units     %u (%u SIMDs, %u waves each)\n", i->num_cus,
	       i->simds_per_cu, i->max_waves_per_simd);
	if (i->num_se)
		printf("  shader engines    %u\n", i->num_se);
	printf("  VRAM              %llu MiB\n", (unsigned long long)(i->vram_size >> 20));
	printf("  LDS per workgroup %u bytes\n", i->lds_size);
	printf("  max block         %u threads\n", i->max_workgroup_size);
	printf("  block dims max    %llu x %llu x %llu\n", wg, wg, wg);
	printf("  grid dims max     %llu x %llu x %llu blocks (HIP), %llu work-items each "
	       "(dispatch)\n", hip_grid_blocks[0], hip_grid_blocks[1], hip_grid_blocks[2],
	       grid_work_items);
	printf("  caches           ");
	text_size(" L1", i->l1_size);
	printf(" per CU,");
	text_size(" L2", i->l2_size);
	printf(",");
	text_size(" L3", i->l3_size);
	printf(", LDS %u KiB per CU\n", cu.lds_bytes >> 10);
	printf("  shader clock      %llu MHz\n", (unsigned long long)(i->clock_hz / 1000000));
	printf("  timestamp clock   %llu Hz\n", (unsigned long long)i->timestamp_hz);
	if (i->memory_clock_hz)
		printf("  memory clock      %llu MHz, %u-bit bus\n",
		       (unsigned long long)(i->memory_clock_hz / 1000000), i->memory_bus_width);
	printf("  memory pools      VRAM, coarse-grained: %llu MiB (%llu MiB free)\n",
	       (unsigned long long)(i->vram_size >> 20),
	       (unsigned long long)(bh_device_vram_free(dev) >> 20));
	printf("                    host, fine-grained: %llu MiB\n", host_ram() >> 20);
	if (i->unified_memory)
		printf("                    managed (one address on host and GPU)\n");
	printf("  queues            %u (PM4 compute, %u-byte rings)\n", i->max_queues,
	       CONFIG_LOADER_RING_BYTES);
	printf("  GWS resources     %u\n", i->num_gws);
	printf("  flat scratch      %s\n", i->architected_scratch ? "architected" : "absolute");
	printf("  xnack %s, sramecc %s\n", i->xnack ? "on" : "off", i->sramecc ? "on" : "off");
}

static void show_json(struct json *j, unsigned n, const struct bh_platform *plat,
		      struct bh_device *dev)
{
	const struct bh_device_info *i = bh_device_get_info(dev);
	unsigned long long wg = i->max_workgroup_size;
	unsigned long long wg3[3] = { wg, wg, wg };
	unsigned long long gw3[3] = { grid_work_items, grid_work_items, grid_work_items };
	struct bh_cu_limits cu;
	char isa[96], pci[32];

	bh_device_cu_limits(dev, &cu);
	isa_name(i, isa, sizeof(isa));
	snprintf(pci, sizeof(pci), "%04x:%02x:%02x.%x", i->pci_domain, i->pci_bus,
		 i->pci_device, i->pci_function);
	json_open(j, NULL, '{');
	json_num(j, "index", n);
	json_str(j, "name", i->name);
	json_str(j, "marketing_name", i->product[0] ? i->product : i->name);
	json_str(j, "board", plat->name);
	json_str(j, "gfx", i->gfx);
	json_num(j, "mach", i->mach);
	json_num(j, "gfx_version", i->gfx_version);
	json_str(j, "isa", isa);
	json_str(j, "pci_bus_id", pci);
	json_num(j, "wave_size", i->wave_size);
	json_num(j, "compute_units", i->num_cus);
	json_num(j, "simds_per_cu", i->simds_per_cu);
	json_num(j, "waves_per_simd", i->max_waves_per_simd);
	json_num(j, "shader_engines", i->num_se);
	json_num(j, "max_workgroup_size", wg);
	json_dims(j, "max_workgroup_dims", wg3);
	json_dims(j, "max_grid_blocks", hip_grid_blocks);
	json_dims(j, "max_grid_work_items", gw3);
	json_num(j, "lds_per_workgroup", i->lds_size);
	json_open(j, "caches", '{');
	json_num(j, "l1_per_cu", i->l1_size);
	json_num(j, "l2", i->l2_size);
	json_num(j, "l3", i->l3_size);
	json_num(j, "lds_per_cu", cu.lds_bytes);
	json_close(j, '}');
	json_open(j, "clocks", '{');
	json_num(j, "shader_hz", i->clock_hz);
	json_num(j, "timestamp_hz", i->timestamp_hz);
	json_num(j, "memory_hz", i->memory_clock_hz);
	json_num(j, "memory_bus_width", i->memory_bus_width);
	json_close(j, '}');
	json_open(j, "memory_pools", '[');
	json_open(j, NULL, '{');
	json_str(j, "segment", "global");
	json_str(j, "location", "vram");
	json_str(j, "kind", "coarse-grained");
	json_num(j, "size", i->vram_size);
	json_num(j, "free", bh_device_vram_free(dev));
	json_close(j, '}');
	json_open(j, NULL, '{');
	json_str(j, "segment", "global");
	json_str(j, "location", "host");
	json_str(j, "kind", "fine-grained");
	json_num(j, "size", host_ram());
	json_close(j, '}');
	if (i->unified_memory) {
		json_open(j, NULL, '{');
		json_str(j, "segment", "global");
		json_str(j, "location", "host");
		json_str(j, "kind", "managed");
		json_num(j, "size", host_ram());
		json_close(j, '}');
	}
	json_open(j, NULL, '{');
	json_str(j, "segment", "group");
	json_str(j, "location", "lds");
	json_num(j, "size", i->lds_size);
	json_close(j, '}');
	json_close(j, ']');
	json_open(j, "queues", '{');
	json_num(j, "max", i->max_queues);
	json_str(j, "type", "pm4-compute");
	json_num(j, "ring_bytes", CONFIG_LOADER_RING_BYTES);
	json_close(j, '}');
	json_num(j, "gws_resources", i->num_gws);
	json_str(j, "flat_scratch", i->architected_scratch ? "architected" : "absolute");
	json_bool(j, "xnack", i->xnack);
	json_bool(j, "sramecc", i->sramecc);
	json_bool(j, "unified_memory", i->unified_memory);
	json_close(j, '}');
}

/* Open device @n and show it; 1 (after saying why) when it cannot be
 * opened: JSON gets an entry with the error, so the output stays valid. */
static int show(unsigned n, struct json *j)
{
	struct bh_error err = { 0 };
	struct bh_platform *plat = bh_platform_new_index(n, &err);
	struct bh_device *dev;

	if (!plat || bh_device_open(&dev, plat, &err)) {
		fprintf(stderr, "barehip-info: device %u: %s\n", n, err.message);
		if (j) {
			json_open(j, NULL, '{');
			json_num(j, "index", n);
			json_str(j, "error", err.message);
			json_close(j, '}');
		}
		bh_platform_delete(plat);
		return 1;
	}
	if (j)
		show_json(j, n, plat, dev);
	else
		show_text(n, plat, dev);
	bh_device_close(dev);
	bh_platform_delete(plat);
	return 0;
}

/*
 * What hipRuntimeGetVersion and hipDriverGetVersion report, decoded as
 * HIP_VERSION encodes it (major * 10^7 + minor * 10^5 + patch).
 */
static int hip_version(int *rt, int *drv)
{
	if (hipRuntimeGetVersion(rt) != hipSuccess || hipDriverGetVersion(drv) != hipSuccess) {
		fprintf(stderr, "barehip-info: the HIP version: %s\n",
			hipGetErrorString(hipGetLastError()));
		return 1;
	}
	return 0;
}

/* Every device of the board (the kfd backend: every visible GPU). */
int main(int argc, char **argv)
{
	bool json = false;
	int rt = 0, drv = 0, ret;
	unsigned n;

	for (int a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "--help") || !strcmp(argv[a], "-h")) {
			fputs(usage, stdout);
			return 0;
		} else if (!strcmp(argv[a], "--json")) {
			json = true;
		} else {
			fprintf(stderr, "barehip-info: unknown argument '%s' (barehip-info --help "
				"lists the options)\n", argv[a]);
			return 2;
		}
	}
	n = bh_platform_count();
	ret = hip_version(&rt, &drv);
	if (!json) {
		if (!ret)
			printf("HIP version %d.%d.%d (hipRuntimeGetVersion %d, "
			       "hipDriverGetVersion %d)\n", rt / 10000000, rt / 100000 % 100,
			       rt % 100000, rt, drv);
		for (unsigned i = 0; i < n; i++)
			ret |= show(i, NULL);
		return ret;
	}

	struct json j = { .first = true, .depth = 0 };
	char version[32];

	snprintf(version, sizeof(version), "%d.%d.%d", rt / 10000000, rt / 100000 % 100,
		 rt % 100000);
	putchar('{');
	j.depth = 1;
	json_str(&j, "hip_version", version);
	json_num(&j, "hip_runtime_version", (unsigned long long)rt);
	json_num(&j, "hip_driver_version", (unsigned long long)drv);
	json_open(&j, "devices", '[');
	for (unsigned i = 0; i < n; i++)
		ret |= show(i, &j);
	json_close(&j, ']');
	printf("\n}\n");
	return ret;
}
