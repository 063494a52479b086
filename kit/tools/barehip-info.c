// SPDX-License-Identifier: MIT
/*
 * barehip-info: what the board reports about its GPU.  The board is the
 * one every barehip program would get (BAREHIP_BOARD, else barehip.ko's
 * /dev/barehip0 when present, else the in-process sim board).
 */
#include <stdio.h>

#include <bh/backends.h>
#include <bh/loader.h>

int main(void)
{
	struct bh_error err = { 0 };
	struct bh_platform *plat = bh_platform_new(&err);
	struct bh_device *dev;

	if (!plat || bh_device_open(&dev, plat, &err)) {
		fprintf(stderr, "barehip-info: %s\n", err.message);
		bh_platform_delete(plat);
		return 1;
	}
	const struct bh_device_info *i = bh_device_get_info(dev);

	printf("device 0: %s\n", i->name);
	printf("  board             %s\n", plat->name);
	printf("  target            %s (mach 0x%03x, gfx version %u)\n", i->gfx, i->mach,
	       i->gfx_version);
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
