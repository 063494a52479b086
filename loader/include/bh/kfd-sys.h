/* SPDX-License-Identifier: MIT */
/*
 * The system calls the kfd backend (loader/platform/kfd.c) makes, as one
 * table.  Normally they are the C library's.  A test build links the fake
 * KFD (boards/kfdsim, `barehip-cc --kfdsim`) which defines
 * bh_kfd_sys_override, so the same static program drives an emulated
 * amdkfd in-process exactly as it would drive /dev/kfd: barehip's
 * programs are static, so LD_PRELOAD cannot reach them.
 *
 * Every entry has the C library's contract: -1 (MAP_FAILED for mmap)
 * with errno set on failure.
 */
#ifndef BH_KFD_SYS_H
#define BH_KFD_SYS_H

#include <stddef.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

struct bh_kfd_sys {
	int (*open)(const char *path, int flags, mode_t mode);
	int (*close)(int fd);
	ssize_t (*read)(int fd, void *buf, size_t len);
	int (*ioctl)(int fd, unsigned long request, void *arg);
	void *(*mmap)(void *addr, size_t len, int prot, int flags, int fd, off_t offset);
	int (*munmap)(void *addr, size_t len);
};

/*
 * Defined only by the fake KFD.  Weak here so a program without it links
 * and uses the C library: test its address (&bh_kfd_sys_override), which
 * is NULL when nothing defines it.
 */
extern const struct bh_kfd_sys bh_kfd_sys_override __attribute__((weak));

#ifdef __cplusplus
}
#endif
#endif /* BH_KFD_SYS_H */
