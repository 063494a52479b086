// SPDX-License-Identifier: MIT
/*
 * The kfd backend in the environments a user's machine may have, each
 * scripted through the backend's system-call table (bh/kfd-sys.h): no
 * /dev/kfd, /dev/kfd refusing us (groups), a KFD interface older than
 * the backend was written for, a GPU whose target this barehip does not
 * run, a topology without GPUs, and HIP_VISIBLE_DEVICES hiding them.
 * Each must fail at bh_device_open with an error that names the fix.
 * The working path is tested against the fake KFD (tests/kfdsim).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <linux/kfd_ioctl.h>

#include <bh/backends.h>
#include <bh/kfd-sys.h>

#include "testlib.h"

#define TOPO "/sys/devices/virtual/kfd/kfd/topology/nodes/"

/* What the scripted machine has. */
static struct {
	int kfd_errno;		/* open("/dev/kfd") fails with this (0: opens) */
	unsigned major, minor;	/* GET_VERSION */
	unsigned ngpus;		/* GPU nodes after the CPU node 0 */
	unsigned gfx_target_version;
} machine;

static int file_fd(const char *text)
{
	int fd = memfd_create("kfd-env", MFD_CLOEXEC);

	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text)) {
		if (fd >= 0)
			close(fd);
		errno = EIO;
		return -1;
	}
	lseek(fd, 0, SEEK_SET);
	return fd;
}

static int env_open(const char *path, int flags, mode_t mode)
{
	char text[512];
	unsigned n;

	(void)flags;
	(void)mode;
	if (!strcmp(path, "/dev/kfd")) {
		if (machine.kfd_errno) {
			errno = machine.kfd_errno;
			return -1;
		}
		return file_fd("");
	}
	char leaf[32];

	if (sscanf(path, TOPO "%u/%31s", &n, leaf) == 2 && n <= machine.ngpus) {
		if (!strcmp(leaf, "gpu_id")) {
			snprintf(text, sizeof(text), "%u\n", n ? 4660 + n : 0);
			return file_fd(text);
		}
		if (!strcmp(leaf, "properties") && n) {
			snprintf(text, sizeof(text),
				 "simd_count 416\nmax_waves_per_simd 8\nlds_size_in_kb 64\n"
				 "wave_front_size 64\narray_count 8\nsimd_arrays_per_engine 1\n"
				 "simd_per_cu 4\ngfx_target_version %u\ndrm_render_minor %u\n"
				 "num_xcc 1\n", machine.gfx_target_version, 127 + n);
			return file_fd(text);
		}
		if (!strcmp(leaf, "name") && n)
			return file_fd("scripted\n");
	}
	errno = ENOENT;
	return -1;
}

static int env_ioctl(int fd, unsigned long request, void *arg)
{
	(void)fd;
	if (request == AMDKFD_IOC_GET_VERSION) {
		struct kfd_ioctl_get_version_args *v = arg;

		v->major_version = machine.major;
		v->minor_version = machine.minor;
		return 0;
	}
	/* Nothing past discovery is scripted: the cases end before. */
	errno = ENOTTY;
	return -1;
}

static void *env_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	return mmap(addr, len, prot, flags, fd, off);
}

const struct bh_kfd_sys bh_kfd_sys_override = {
	.open = env_open,
	.close = close,
	.read = read,
	.ioctl = env_ioctl,
	.mmap = env_mmap,
	.munmap = munmap,
};

/* bh_device_open on the scripted machine: its error code and message. */
static int open_on(struct bh_error *err)
{
	struct bh_platform *p = bh_platform_kfd_new(0);
	struct bh_device *dev = NULL;
	int ret;

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	memset(err, 0, sizeof(*err));
	ret = bh_device_open(&dev, p, err);
	if (!ret)
		bh_device_close(dev);
	bh_platform_kfd_delete(p);
	return ret;
}

static void machine_ok(void)
{
	machine.kfd_errno = 0;
	machine.major = 1;
	machine.minor = 11;
	machine.ngpus = 1;
	machine.gfx_target_version = 90010;
	unsetenv("HIP_VISIBLE_DEVICES");
	unsetenv("ROCR_VISIBLE_DEVICES");
	unsetenv("CUDA_VISIBLE_DEVICES");
}

static void test_no_kfd(void)
{
	struct bh_error err;

	machine_ok();
	machine.kfd_errno = ENOENT;
	CU_ASSERT_EQUAL(open_on(&err), BH_ENODEV);
	ASSERT_CONTAINS(err.message, "no /dev/kfd");
	ASSERT_CONTAINS(err.message, "amdgpu");
}

static void test_permission(void)
{
	struct bh_error err;

	machine_ok();
	machine.kfd_errno = EACCES;
	CU_ASSERT_EQUAL(open_on(&err), BH_ENODEV);
	ASSERT_CONTAINS(err.message, "permission denied");
	ASSERT_CONTAINS(err.message, "'render' and 'video' groups");
}

static void test_old_version(void)
{
	struct bh_error err;

	machine_ok();
	machine.minor = 3;
	CU_ASSERT_EQUAL(open_on(&err), BH_ENOTSUP);
	ASSERT_CONTAINS(err.message, "version 1.3");
	ASSERT_CONTAINS(err.message, "written for 1.9");
	machine.major = 2;
	machine.minor = 0;
	CU_ASSERT_EQUAL(open_on(&err), BH_ENOTSUP);
	ASSERT_CONTAINS(err.message, "version 2.0");
}

static void test_wrong_target(void)
{
	struct bh_error err;

	machine_ok();
	machine.gfx_target_version = 100300;
	CU_ASSERT_EQUAL(open_on(&err), BH_ENOTSUP);
	ASSERT_CONTAINS(err.message, "is a gfx1030");
	ASSERT_CONTAINS(err.message, "gfx90a and gfx942");
}

/*
 * A gfx11 GPU has a PM4 table, but one not yet checked on hardware: it is
 * refused with the opt-in named, and BAREHIP_UNVERIFIED_GFX=1 lets the
 * open go on past that check (to whatever the scripted machine does next).
 */
static void test_unverified_target(void)
{
	const unsigned versions[] = { 110000, 110003, 110501 };
	const char *names[] = { "is a gfx1100", "is a gfx1103", "is a gfx1151" };
	struct bh_error err;

	for (unsigned i = 0; i < 3; i++) {
		machine_ok();
		unsetenv("BAREHIP_UNVERIFIED_GFX");
		machine.gfx_target_version = versions[i];
		CU_ASSERT_EQUAL(open_on(&err), BH_ENOTSUP);
		ASSERT_CONTAINS(err.message, names[i]);
		ASSERT_CONTAINS(err.message, "not been checked on a real GPU");
		ASSERT_CONTAINS(err.message, "BAREHIP_UNVERIFIED_GFX=1");
		setenv("BAREHIP_UNVERIFIED_GFX", "yes", 1);	/* only "1" opts in */
		CU_ASSERT_EQUAL(open_on(&err), BH_ENOTSUP);
		setenv("BAREHIP_UNVERIFIED_GFX", "1", 1);
		open_on(&err);
		CU_ASSERT_FALSE(test_contains(err.message, "not been checked"));
		unsetenv("BAREHIP_UNVERIFIED_GFX");
	}
	/* The gfx9 rows are verified: no opt-in needed. */
	machine_ok();
	open_on(&err);
	CU_ASSERT_FALSE(test_contains(err.message, "not been checked"));
}

static void test_no_gpu(void)
{
	struct bh_error err;

	machine_ok();
	machine.ngpus = 0;
	CU_ASSERT_EQUAL(open_on(&err), BH_ENODEV);
	ASSERT_CONTAINS(err.message, "lists no GPU");
}

static void test_visible_devices(void)
{
	struct bh_error err;

	machine_ok();
	machine.ngpus = 2;
	setenv("HIP_VISIBLE_DEVICES", "", 1);
	CU_ASSERT_EQUAL(open_on(&err), BH_ENODEV);
	ASSERT_CONTAINS(err.message, "2 GPUs");
	ASSERT_CONTAINS(err.message, "hide them all");
	/* An index past the GPUs ends the list (as ROCm reads it). */
	setenv("HIP_VISIBLE_DEVICES", "7", 1);
	CU_ASSERT_EQUAL(open_on(&err), BH_ENODEV);
	/* ROCR first, then HIP among what ROCR left: GPU 1, then its index 0. */
	setenv("ROCR_VISIBLE_DEVICES", "1", 1);
	setenv("HIP_VISIBLE_DEVICES", "1", 1);
	CU_ASSERT_EQUAL(open_on(&err), BH_ENODEV);
	machine_ok();
}

/* Every visible GPU is a device; an ordinal past them is refused by name. */
static void test_count(void)
{
	struct bh_platform *p;
	struct bh_device *dev = NULL;
	struct bh_error err = { 0 };

	machine_ok();
	machine.ngpus = 3;
	CU_ASSERT_EQUAL(bh_platform_kfd_count(), 3);
	setenv("HIP_VISIBLE_DEVICES", "2,0", 1);
	CU_ASSERT_EQUAL(bh_platform_kfd_count(), 2);
	setenv("ROCR_VISIBLE_DEVICES", "1", 1);
	CU_ASSERT_EQUAL(bh_platform_kfd_count(), 0);	/* HIP's 2 is past ROCR's one */
	setenv("HIP_VISIBLE_DEVICES", "0", 1);
	CU_ASSERT_EQUAL(bh_platform_kfd_count(), 1);
	unsetenv("ROCR_VISIBLE_DEVICES");
	setenv("HIP_VISIBLE_DEVICES", "", 1);
	CU_ASSERT_EQUAL(bh_platform_kfd_count(), 0);
	unsetenv("HIP_VISIBLE_DEVICES");
	p = bh_platform_kfd_new(3);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(bh_device_open(&dev, p, &err), BH_ENODEV);
	ASSERT_CONTAINS(err.message, "there is no GPU 3: 3 visible (gfx90a, gfx90a, gfx90a)");
	bh_platform_kfd_delete(p);
	machine.ngpus = 0;
	CU_ASSERT_EQUAL(bh_platform_kfd_count(), 0);
	machine_ok();
}

CU_ErrorCode bh_tests_kfd_env(void)
{
	CU_pSuite s = CU_add_suite("kfd_env", NULL, NULL);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "no /dev/kfd names the driver", test_no_kfd);
	CU_add_test(s, "EACCES names the groups", test_permission);
	CU_add_test(s, "an old KFD interface is refused by version", test_old_version);
	CU_add_test(s, "a GPU target barehip does not run", test_wrong_target);
	CU_add_test(s, "a topology without GPUs", test_no_gpu);
	CU_add_test(s, "an unverified gfx11 GPU needs the opt-in", test_unverified_target);
	CU_add_test(s, "HIP/ROCR_VISIBLE_DEVICES", test_visible_devices);
	CU_add_test(s, "device count and ordinals", test_count);
	return CU_get_error();
}
