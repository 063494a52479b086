// SPDX-License-Identifier: MIT
/*
 * Loading and unloading barehip.ko; its sysfs entries and device nodes.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "kt.h"

/* Bad parameters fail the load cleanly, leaving nothing behind. */
void test_module_bad_params(void)
{
	static const char *const bad[] = {
		"ids=1234", "ids=1234:zz", "ids=12345:1", "ids=1234:5678:9", "irq_mode=maybe",
	};
	char name[96];

	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int ret = kt_module_load(bad[i]);

		snprintf(name, sizeof(name), "module: load with %s refused", bad[i]);
		kt_check(ret == -EINVAL && !kt_exists("/sys/module/barehip") &&
			 !kt_exists("/sys/class/barehip") &&
			 !kt_exists("/sys/bus/pci/drivers/barehip"), name, "load: %s",
			 strerror(-ret));
	}
}

void test_module_load(struct kt_env *env, const char *params)
{
	char state[32] = "";
	int ret = kt_module_load(params);

	(void)env;
	kt_check(ret == 0, "module: load", "finit_module(\"%s\"): %s", params, strerror(-ret));
	kt_read_file("/sys/module/barehip/initstate", state, sizeof(state));
	kt_check(!strcmp(state, "live"), "module: initstate live", "initstate '%s'", state);
	kt_check(kt_exists("/sys/class/barehip"), "module: class registered",
		 "/sys/class/barehip missing");
	ret = kt_module_load(params);
	kt_check(ret == -EEXIST, "module: second load refused", "got %s", strerror(-ret));
}

/* One bound device: driver link, class device, node number, mode, group. */
static void check_node(struct kt_env *env, const struct kt_pci *pci, const char *board,
		       const char *target, const char *irq)
{
	char name[96], path[160], dev[64], cls[64], buf[64];
	unsigned maj = 0, min = 0;
	struct stat st;

	snprintf(path, sizeof(path), "/sys/bus/pci/drivers/barehip/%s", pci->addr);
	snprintf(name, sizeof(name), "nodes: %s bound to barehip", pci->addr);
	kt_check(kt_exists(path), name, "%s missing", path);
	snprintf(name, sizeof(name), "nodes: %s has a barehip class device", pci->addr);
	if (kt_node_of(pci->addr, dev, sizeof(dev), cls, sizeof(cls))) {
		kt_check(0, name, "no barehip entry under %s", pci->dir);
		return;
	}
	kt_check(kt_exists(cls), name, "%s missing", cls);

	snprintf(path, sizeof(path), "%s/dev", cls);
	kt_read_file(path, buf, sizeof(buf));
	sscanf(buf, "%u:%u", &maj, &min);
	snprintf(name, sizeof(name), "nodes: %s is a char device", dev);
	kt_check(stat(dev, &st) == 0 && S_ISCHR(st.st_mode), name, "stat: %s", strerror(errno));
	snprintf(name, sizeof(name), "nodes: %s number matches sysfs dev", dev);
	kt_check(major(st.st_rdev) == maj && minor(st.st_rdev) == min, name,
		 "node %u:%u, sysfs %s", major(st.st_rdev), minor(st.st_rdev), buf);
	snprintf(name, sizeof(name), "nodes: %s mode 0660", dev);
	kt_check((st.st_mode & 07777) == 0660, name, "mode %04o", st.st_mode & 07777);
	snprintf(name, sizeof(name), "nodes: %s owner root, group %u", dev, env->gid);
	kt_check(st.st_uid == 0 && st.st_gid == env->gid, name, "uid %u gid %u",
		 st.st_uid, st.st_gid);

	snprintf(path, sizeof(path), "%s/board", cls);
	kt_read_file(path, buf, sizeof(buf));
	snprintf(name, sizeof(name), "nodes: %s board '%s'", cls, board);
	kt_check(!strcmp(buf, board), name, "'%s'", buf);
	snprintf(path, sizeof(path), "%s/target", cls);
	kt_read_file(path, buf, sizeof(buf));
	snprintf(name, sizeof(name), "nodes: %s target '%s'", cls, target);
	kt_check(!strcmp(buf, target), name, "'%s'", buf);
	snprintf(path, sizeof(path), "%s/irq_mode", cls);
	kt_read_file(path, buf, sizeof(buf));
	snprintf(name, sizeof(name), "nodes: %s irq_mode '%s'", cls, irq);
	kt_check(!strcmp(buf, irq), name, "'%s'", buf);
}

/*
 * The nodes of the bound devices: the sim board with interrupts
 * @sim_irq ("msix 4"), and edu with @edu_irq, or not bound at all if
 * @edu_irq is NULL.
 */
void test_nodes(struct kt_env *env, const char *sim_irq, const char *edu_irq)
{
	check_node(env, &env->sim, "sim", env->header.target, sim_irq);
	if (edu_irq)
		check_node(env, &env->edu, "amd", "", edu_irq);
	else
		kt_check(kt_node_of(env->edu.addr, NULL, 0, NULL, 0) != 0,
			 "nodes: edu not bound without ids=", "edu has a barehip node");
}

/*
 * Unload is refused while anything holds the module: an open file, or
 * only a mapping whose file was closed.  Then it goes, with its nodes.
 */
void test_module_unload(struct kt_env *env)
{
	struct barehip_dma_alloc a;
	char dev[64];
	void *map = NULL;
	int fd, ret;

	kt_node_of(env->sim.addr, dev, sizeof(dev), NULL, 0);
	fd = open(dev, O_RDWR | O_CLOEXEC);
	kt_check(fd >= 0, "unload: open node", "%s: %s", dev, strerror(errno));
	ret = kt_module_unload();
	kt_check(ret == -EWOULDBLOCK, "unload: refused while a file is open",
		 "delete_module: %s", strerror(-ret));
	kt_check(kt_read_num("/sys/module/barehip/refcnt") >= 1, "unload: refcnt counts the file",
		 "refcnt %lld", kt_read_num("/sys/module/barehip/refcnt"));

	if (fd >= 0 && !kt_dma_alloc(fd, KT_PAGE, &a))
		map = kt_map(fd, a.mmap_offset, KT_PAGE);
	kt_check(map != NULL, "unload: map a DMA buffer", "%s", strerror(errno));
	if (fd >= 0)
		close(fd);
	ret = kt_module_unload();
	kt_check(ret == -EWOULDBLOCK, "unload: refused while only a mapping remains",
		 "delete_module: %s", strerror(-ret));
	if (map) {
		((volatile uint32_t *)map)[0] = 0xfeedf00d;
		kt_check(((volatile uint32_t *)map)[0] == 0xfeedf00d,
			 "unload: mapping still works after close", "readback differs");
		munmap(map, KT_PAGE);
	}

	ret = kt_module_unload();
	kt_check(ret == 0, "unload: succeeds once nothing holds it", "delete_module: %s",
		 strerror(-ret));
	kt_check(!kt_exists(dev), "unload: node removed", "%s still there", dev);
	kt_check(!kt_exists("/sys/class/barehip"), "unload: class removed",
		 "/sys/class/barehip still there");
	kt_check(!kt_exists("/sys/module/barehip"), "unload: module gone",
		 "/sys/module/barehip still there");
	ret = kt_module_unload();
	kt_check(ret == -ENOENT, "unload: second unload says not loaded", "got %s",
		 strerror(-ret));
}
