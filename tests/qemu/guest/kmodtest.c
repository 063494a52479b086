// SPDX-License-Identifier: MIT
/*
 * kmodtest: the QEMU guest's test of barehip.ko, start to end.  The
 * guest has the sim board (ivshmem-doorbell, served by the host's echo
 * board) and QEMU's edu device, which stands in for "some other PCI
 * function bound with ids=" and gives the MSI and INTx paths.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>

#include "kt.h"

/* Before the module: the header as the PCI core shows the BAR. */
static int read_header(struct kt_env *env)
{
	char path[128];
	void *bar;
	int fd;

	snprintf(path, sizeof(path), "%s/resource2", env->sim.dir);
	fd = open(path, O_RDONLY | O_SYNC);
	if (fd < 0)
		return -1;
	bar = mmap(NULL, KT_PAGE, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (bar == MAP_FAILED)
		return -1;
	memcpy(&env->header, bar, sizeof(env->header));
	munmap(bar, KT_PAGE);
	return 0;
}

/*
 * The kernel cannot look a group up by name; without udev, user space
 * does and passes the number (gid=).  -1 if /etc/group has no @name.
 */
static long group_id(const char *name)
{
	FILE *f = fopen("/etc/group", "r");
	char line[256];
	long gid = -1;

	while (f && gid < 0 && fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (colon && (size_t)(colon - line) == strlen(name) &&
		    !strncmp(line, name, strlen(name)))
			sscanf(colon, ":%*[^:]:%ld", &gid);
	}
	if (f)
		fclose(f);
	return gid;
}

int main(void)
{
	struct kt_env env = { 0 };
	long video = group_id("video");
	char params[128], msix[16];

	setvbuf(stdout, NULL, _IOLBF, 0);
	kt_check(video > 0, "setup: /etc/group names the video group", "no video group");
	env.gid = video > 0 ? (unsigned)video : 0;
	kt_check(kt_pci_find(0x1af4, 0x1110, &env.sim) == 0, "setup: ivshmem function present",
		 "no 1af4:1110 in sysfs");
	kt_check(kt_pci_find(0x1234, 0x11e8, &env.edu) == 0, "setup: edu function present",
		 "no 1234:11e8 in sysfs");
	kt_check(read_header(&env) == 0 && env.header.magic == BAREHIP_SIM_MAGIC,
		 "setup: sim board header visible in BAR2", "magic 0x%x", env.header.magic);
	/* run.sh boots with slub_debug on the kmalloc caches barehip uses. */
	kt_check(kt_read_num("/sys/kernel/slab/kmalloc-2k/poison") == 1 &&
		 kt_read_num("/sys/kernel/slab/kmalloc-64/red_zone") == 1,
		 "setup: slab poisoning and red zones on", "slub_debug is off");
	if (kt_failed)
		goto out;
	test_dmesg_mark();

	test_module_bad_params();

	/* First load: edu bound through ids=, the node group through gid=. */
	snprintf(msix, sizeof(msix), "msix %d", ECHO_VECTORS);
	snprintf(params, sizeof(params), "ids=1234:11e8 gid=%u", env.gid);
	test_module_load(&env, params);
	test_nodes(&env, msix, "msi 1");
	test_info(&env);
	test_mmap(&env);
	test_dma(&env);
	test_pin(&env);
	test_irq(&env);
	test_abuse(&env);
	test_unbind(&env);
	test_sim_header(&env);
	test_module_unload(&env);

	/* Second load: INTx only; and no ids=, then edu is left alone. */
	snprintf(params, sizeof(params), "irq_mode=intx gid=%u", env.gid);
	test_module_load(&env, params);
	test_nodes(&env, "none 0", NULL);
	kt_write_file("/sys/bus/pci/drivers/barehip/new_id", "1234 11e8");
	kt_check(kt_node_of(env.edu.addr, NULL, 0, NULL, 0) == 0, "new_id: binds edu at run time",
		 "no node for edu");
	test_nodes(&env, "none 0", "intx 1");
	test_intx(&env);
	test_module_unload(&env);

	test_dmesg();
out:
	printf("kmodtest: %d passed, %d failed\n", kt_passed, kt_failed);
	return kt_failed ? 1 : 0;
}
