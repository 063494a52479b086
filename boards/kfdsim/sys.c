// SPDX-License-Identifier: MIT
/*
 * bh_kfd_sys_override (loader/include/bh/kfd-sys.h): the system calls of
 * the kfd backend, routed to the fake for its devices and sysfs paths
 * and to the C library for everything else.  Linked into a static
 * barehip program by `barehip-cc --kfdsim`.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bh/kfd-sys.h"
#include "kfdsim.h"

static int sys_open(const char *path, int flags, mode_t mode)
{
	char buf[PATH_MAX];
	const char *real;

	if (kfdsim_init(NULL))
		return open(path, flags, mode);
	if (kfdsim_is_device(path))
		return kfdsim_open(path, flags);
	real = kfdsim_sysfs_path(path, buf, sizeof(buf));
	return open(real ? real : path, flags, mode);
}

static int sys_close(int fd)
{
	return kfdsim_owns(fd) ? kfdsim_close(fd) : close(fd);
}

static ssize_t sys_read(int fd, void *buf, size_t len)
{
	/* /dev/kfd and the render nodes have no read. */
	if (kfdsim_owns(fd)) {
		errno = EINVAL;
		return -1;
	}
	return read(fd, buf, len);
}

static int sys_ioctl(int fd, unsigned long request, void *arg)
{
	return kfdsim_owns(fd) ? kfdsim_ioctl(fd, request, arg) : ioctl(fd, request, arg);
}

static void *sys_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset)
{
	if (!(flags & MAP_ANONYMOUS) && kfdsim_owns(fd))
		return kfdsim_mmap(addr, len, prot, flags, fd, offset);
	return mmap(addr, len, prot, flags, fd, offset);
}

static int sys_munmap(void *addr, size_t len)
{
	kfdsim_munmap_notify(addr, len);
	return munmap(addr, len);
}

static const struct bh_kfd_sys table = {
	.open = sys_open,
	.close = sys_close,
	.read = sys_read,
	.ioctl = sys_ioctl,
	.mmap = sys_mmap,
	.munmap = sys_munmap,
};

const struct bh_kfd_sys *const bh_kfd_sys_override = &table;
