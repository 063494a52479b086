// SPDX-License-Identifier: MIT
/*
 * The LD_PRELOAD library's own contract (boards/kfdsim/preload.c), run
 * under build/bin/barehip-kfdsim: the faked paths through every kind of
 * call (stat, statx, access, realpath, readlink, opendir, fopen, open,
 * /proc/modules), the device files (a character device; ioctl through
 * a dup and an F_DUPFD_CLOEXEC copy, which outlive the original), and
 * a real path left alone.  Each check prints a line.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/kfd_ioctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

static int failures;

static void check(const char *what, int ok)
{
	printf("%-60s %s\n", what, ok ? "ok" : "FAIL");
	if (!ok)
		failures++;
}

static int version(int fd, unsigned *major)
{
	struct kfd_ioctl_get_version_args v = { 0 };

	if (ioctl(fd, AMDKFD_IOC_GET_VERSION, &v))
		return -1;
	*major = v.major_version;
	return 0;
}

int main(void)
{
	struct stat st;
	struct statx sx;
	char buf[PATH_MAX], *r;
	ssize_t n;
	unsigned major = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	check("stat(/dev/kfd): a character device",
	      !stat("/dev/kfd", &st) && S_ISCHR(st.st_mode));
	check("statx(/dev/kfd): a character device",
	      !statx(AT_FDCWD, "/dev/kfd", 0, STATX_BASIC_STATS, &sx) && S_ISCHR(sx.stx_mode));
	check("stat(/dev/dri/renderD128): char 226:128",
	      !stat("/dev/dri/renderD128", &st) && S_ISCHR(st.st_mode) &&
		      major(st.st_rdev) == 226 && minor(st.st_rdev) == 128);
	check("access(/dev/kfd, R_OK | W_OK)", !access("/dev/kfd", R_OK | W_OK));
	check("faccessat(/sys/class/kfd/kfd/topology/nodes)",
	      !faccessat(AT_FDCWD, "/sys/class/kfd/kfd/topology/nodes", R_OK, 0));
	r = realpath("/sys/class/kfd/kfd", buf);
	check("realpath(/sys/class/kfd/kfd) = /sys/devices/virtual/kfd/kfd",
	      r && !strcmp(r, "/sys/devices/virtual/kfd/kfd"));
	n = readlink("/sys/class/drm/renderD128", buf, sizeof(buf) - 1);
	if (n >= 0)
		buf[n] = 0;
	check("readlink(/sys/class/drm/renderD128) -> ../../devices/pci...",
	      n > 0 && !strncmp(buf, "../../devices/pci", 17));
	check("stat(/sys/dev/char/226:128/device/drm) (libdrm's DRM test)",
	      !stat("/sys/dev/char/226:128/device/drm", &st) && S_ISDIR(st.st_mode));

	DIR *d = opendir("/sys/devices/virtual/kfd/kfd/topology/nodes");
	int nodes = 0;
	struct dirent *e;

	while (d && (e = readdir(d)))
		nodes += e->d_name[0] != '.';
	if (d)
		closedir(d);
	check("opendir(topology/nodes): nodes 0 and 1", nodes == 2);

	FILE *f = fopen("/sys/devices/virtual/kfd/kfd/topology/nodes/1/gpu_id", "r");
	unsigned gpu_id = 0;

	check("fopen(nodes/1/gpu_id): a non-zero gpu_id",
	      f && fscanf(f, "%u", &gpu_id) == 1 && gpu_id);
	if (f)
		fclose(f);
	int sfd = open("/sys/class/kfd/kfd/topology/generation_id", O_RDONLY);

	n = sfd >= 0 ? read(sfd, buf, sizeof(buf)) : -1;
	check("open+read(/sys/class/kfd/kfd/topology/generation_id)", n > 0);
	if (sfd >= 0)
		close(sfd);
	f = fopen("/proc/modules", "r");
	int amdgpu = 0;

	while (f && fgets(buf, sizeof(buf), f))
		amdgpu |= !strncmp(buf, "amdgpu ", 7);
	if (f)
		fclose(f);
	check("/proc/modules lists amdgpu", amdgpu);
	check("a real path is left alone (stat /)", !stat("/", &st) && S_ISDIR(st.st_mode));
	check("a missing device is missing (/dev/dri/renderD200: ENOENT)",
	      open("/dev/dri/renderD200", O_RDWR) < 0 && errno == ENOENT);

	int kfd = open("/dev/kfd", O_RDWR | O_CLOEXEC);

	check("open(/dev/kfd)", kfd >= 0);
	check("fstat(kfd): a character device", !fstat(kfd, &st) && S_ISCHR(st.st_mode));
	check("statx(kfd, \"\", AT_EMPTY_PATH): a character device",
	      !statx(kfd, "", AT_EMPTY_PATH, STATX_BASIC_STATS, &sx) && S_ISCHR(sx.stx_mode));
	check("fstatat(kfd, \"\", AT_EMPTY_PATH): a character device",
	      !fstatat(kfd, "", &st, AT_EMPTY_PATH) && S_ISCHR(st.st_mode));
	check("AMDKFD_IOC_GET_VERSION: 1.x", !version(kfd, &major) && major == 1);
	int d1 = dup(kfd), d2 = fcntl(kfd, F_DUPFD_CLOEXEC, 0);

	check("dup and F_DUPFD_CLOEXEC copies", d1 >= 0 && d2 >= 0);
	check("close(the original)", !close(kfd));
	check("GET_VERSION through the dup after the original's close",
	      !version(d1, &major) && major == 1);
	check("close(dup)", !close(d1));
	check("GET_VERSION through the F_DUPFD copy", !version(d2, &major) && major == 1);
	check("close(the F_DUPFD copy)", !close(d2));
	check("ioctl on the closed number: EBADF",
	      version(d2, &major) < 0 && errno == EBADF);

	if (failures) {
		printf("%d failure(s)\n", failures);
		return 1;
	}
	printf("PASS preload\n");
	return 0;
}
