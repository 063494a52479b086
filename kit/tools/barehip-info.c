// SPDX-License-Identifier: MIT
/*
 * barehip-info: what the board reports about each of its GPUs.  The board is the
 * one every barehip program would get (BAREHIP_BOARD, else barehip.ko's
 * /dev/barehip0 when present, else the in-process sim board), after the HIP
 * version the runtime reports.
 */
#include <stdio.h>

#include <bh/backends.h>
#include <bh/loader.h>
#include <hip/hip_runtime_api.h>

static int show(unsigned int n)
{
	struct bh_error err = { 0 };
	struct bh_platform *plat = bh_platform_new_index(n, &err);
	struct bh_device *dev;

	if (!plat || bh_device_open(&dev, plat, &err)) {
		fprintf(stderr, "barehip-info: device %u: %s\n", n, err.message);
		bh_platform_delete(plat);
		return 1;
	}
	const struct bh_device_info *i = bh_device_get_info(dev);

	printf("device %u: %s\n", n, i->name);
	printf("  board             %s\n", plat->name);
	printf("  target            %s (mach 0x%03x, gfx version %u)\n", i->gfx, i->mach,
	       i->gfx_version);
	printf("  PCI bus id        %04x:%02x:%02x.%x\n", i->pci_domain, i->pci_bus,
	       i->pci_device, i->pci_function);
	printf("  wave size         %u\n", i->wave_size);
	printf("  compute units     %u (%u SIMDs, %u waves each)\n", i->num_cus,
	       i->simds_per_cu, i->max_waves_per_simd);
	printf("  VRAM              %llu MiB\n", (unsigned long long)(i->vram_size >> 20));
	printf("  LDS per workgroup %u bytes\n", i->lds_size);
	printf("  max block         %u threads\n", i->max_workgroup_size);
	printf("  timestamp clock   %llu Hz\n", (unsigned long long)i->timestamp_hz);
	printf("  flat scratch      %s\n", i->architected_scratch ? "architected" : "absolute");
	printf("  xnack %s, sramecc %s\n", i->xnack ? "on" : "off", i->sramecc ? "on" : "off");
	bh_device_close(dev);
	bh_platform_delete(plat);
	return 0;
}

/*
 * What hipRuntimeGetVersion and hipDriverGetVersion report, decoded as
 * HIP_VERSION encodes it (major * 10^7 + minor * 10^5 + patch).
 */
static int show_hip_version(void)
{
	int rt = 0, drv = 0;

	if (hipRuntimeGetVersion(&rt) != hipSuccess || hipDriverGetVersion(&drv) != hipSuccess) {
		fprintf(stderr, "barehip-info: the HIP version: %s\n",
			hipGetErrorString(hipGetLastError()));
		return 1;
	}
	printf("HIP version %d.%d.%d (hipRuntimeGetVersion %d, hipDriverGetVersion %d)\n",
	       rt / 10000000, rt / 100000 % 100, rt % 100000, rt, drv);
	return 0;
}

/* Every device of the board (the kfd backend: every visible GPU). */
int main(void)
{
	unsigned int n = bh_platform_count();
	int ret = show_hip_version();

	for (unsigned int i = 0; i < n; i++)
		ret |= show(i);
	return ret;
}
