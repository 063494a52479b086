/* SPDX-License-Identifier: MIT */
/*
 * libbarehip-kfdsim.so: the fake amdkfd (kfdsim.h) for any dynamically
 * linked program, by LD_PRELOAD (build/bin/barehip-kfdsim sets it).
 *
 * The C library's file, ioctl and mmap entry points are interposed:
 *   - a path the fake replaces (kfdsim_sysfs_path) is rewritten into the
 *     fake's private sysfs tree and handed to the real call, so
 *     directories, symlinks and files there behave as real files do;
 *   - /dev/kfd and the fake render nodes (kfdsim_is_device) open through
 *     kfdsim_open; stat/access on them describe a character device;
 *   - a descriptor the fake owns goes to kfdsim_ioctl/_mmap/_close;
 *   - everything else goes to the next definition (dlsym RTLD_NEXT).
 * Which names: what glibc 2.36 exports and rocminfo, libhsakmt, libdrm,
 * libnuma and ROCr import (nm -D): open/openat and their 64-bit and
 * fortified (_2) forms, fopen, opendir, the stat family (stat@2.33 and
 * the __xstat compatibility names), statx, access, faccessat, realpath
 * (and __realpath_chk, which libdrm calls), readlink (and
 * __readlink_chk), close, ioctl, mmap, munmap, and dup/dup2/dup3/fcntl:
 * libdrm_amdgpu's amdgpu_device_initialize keeps an F_DUPFD_CLOEXEC copy
 * of the render node's descriptor and issues its ioctls on that.
 *
 * A duplicate of a fake descriptor is a real duplicate of its anonymous
 * file (the kernel keeps the number); this library remembers which fake
 * descriptor it stands for and sends its calls there.  The fake's own
 * descriptor is closed (kfdsim_close) only when the program has closed
 * it and every duplicate, as the kernel releases a file on its last
 * reference.
 *
 * The faked machine has amdgpu loaded, so /proc/modules lists it (once:
 * not if the real one already does); rocminfo checks with lsmod.
 *
 * Safety: the fake's own file calls (it writes its sysfs tree with the
 * C library, which binds them to these definitions) and anything while
 * the real functions are being looked up pass straight through, by a
 * thread-local depth.  kfdsim_init runs lazily, on the first path the
 * fake may own (candidate()), never in a constructor.
 *
 * BAREHIP_KFDSIM_LOG=FILE appends one line per fake-device call and
 * rewritten path (the wrapper's --log), for tests that fail.
 */
#include "kfdsim.h"
#include "sim.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define EXPORT __attribute__((visibility("default")))

/* --------------------------------------------------- the real functions */

/* Depth of calls made from inside this library and the fake; the
 * interposers pass those through untouched.  initial-exec: no
 * __tls_get_addr (and no malloc) on the way in. */
static __thread int depth __attribute__((tls_model("initial-exec")));

static void *real_sym(const char *name)
{
	void *p;

	depth++;
	p = dlsym(RTLD_NEXT, name);
	depth--;
	if (!p) {
		static const char msg[] = "barehip-kfdsim: a C library function is missing\n";
		(void)!write(2, msg, sizeof(msg) - 1);
		abort();
	}
	return p;
}

/* REAL(name) evaluates to the next definition of name, looked up once.
 * A racing second lookup finds the same pointer. */
#define REAL(name) \
	({ \
		static __typeof__(&name) real_##name##_p; \
		__typeof__(&name) rp__ = __atomic_load_n(&real_##name##_p, __ATOMIC_ACQUIRE); \
		if (!rp__) { \
			rp__ = (__typeof__(&name))real_sym(#name); \
			__atomic_store_n(&real_##name##_p, rp__, __ATOMIC_RELEASE); \
		} \
		rp__; \
	})

/* glibc's compatibility and fortified names have no prototypes. */
int __open_2(const char *path, int flags);
int __open64_2(const char *path, int flags);
int __openat_2(int dirfd, const char *path, int flags);
int __openat64_2(int dirfd, const char *path, int flags);
int __xstat(int ver, const char *path, struct stat *st);
int __xstat64(int ver, const char *path, struct stat64 *st);
int __lxstat(int ver, const char *path, struct stat *st);
int __lxstat64(int ver, const char *path, struct stat64 *st);
int __fxstat(int ver, int fd, struct stat *st);
int __fxstat64(int ver, int fd, struct stat64 *st);
int __fxstatat(int ver, int dirfd, const char *path, struct stat *st, int flags);
int __fxstatat64(int ver, int dirfd, const char *path, struct stat64 *st, int flags);
char *__realpath_chk(const char *path, char *resolved, size_t resolvedlen);
ssize_t __readlink_chk(const char *path, char *buf, size_t len, size_t buflen);

/* ------------------------------------------------------------- the log */

static int log_fd = -1;

static void logf_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void logf_(const char *fmt, ...)
{
	char line[512];
	va_list ap;
	int n;

	if (log_fd < 0)
		return;
	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (n > (int)sizeof(line) - 2)
		n = sizeof(line) - 2;
	line[n++] = '\n';
	depth++;
	(void)!write(log_fd, line, n);
	depth--;
}

/* ---------------------------------------------------------------- init */

enum { INIT_NOT, INIT_OK, INIT_FAILED };
static int init_state;			/* atomic */
static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;

/* The private tree's root and the real prefix it stands for, worked out
 * from one mapping (realpath's answers are mapped back). */
static char priv_root[PATH_MAX], real_root[PATH_MAX];

static void find_roots(void)
{
	static const char probe[] = "/sys/class/kfd";
	char buf[PATH_MAX];
	const char *p = kfdsim_sysfs_path(probe, buf, sizeof(buf));
	size_t lp, lo = sizeof(probe) - 1;

	if (!p)
		return;
	lp = strlen(p);
	while (lp > 0 && lo > 0 && p[lp - 1] == probe[lo - 1]) {
		lp--;
		lo--;
	}
	/* Cut at a path boundary. */
	while (lo < sizeof(probe) - 1 && probe[lo] != '/') {
		lp++;
		lo++;
	}
	memcpy(priv_root, p, lp);
	priv_root[lp] = 0;
	memcpy(real_root, probe, lo);
	real_root[lo] = 0;
}

static bool ready(void)
{
	int st = __atomic_load_n(&init_state, __ATOMIC_ACQUIRE);
	char why[256];

	if (st != INIT_NOT)
		return st == INIT_OK;
	pthread_mutex_lock(&init_lock);
	st = __atomic_load_n(&init_state, __ATOMIC_ACQUIRE);
	if (st == INIT_NOT) {
		const char *log = getenv("BAREHIP_KFDSIM_LOG");

		depth++;
		if (log && *log)
			log_fd = REAL(open)(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
		if (kfdsim_init(why) == 0) {
			find_roots();
			st = INIT_OK;
			logf_("[%d] kfdsim: %u GPU(s), sysfs %s -> %s", getpid(),
			      kfdsim_gpu_count(), real_root, priv_root);
			for (unsigned i = 0; i < kfdsim_gpu_count(); i++) {
				const struct kfdsim_gpu *g = kfdsim_gpu(i);

				logf_("gpu %u: node %u gpu_id %#x renderD%u %s cus %u vram %#llx",
				      i, g->node, g->gpu_id, g->render_minor,
				      g->target ? g->target->name : "?", g->num_cus,
				      (unsigned long long)g->vram_size);
			}
		} else {
			st = INIT_FAILED;
			logf_("[%d] kfdsim_init failed: %s", getpid(), why);
		}
		depth--;
		__atomic_store_n(&init_state, st, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&init_lock);
	return st == INIT_OK;
}

/*
 * Whether a path may concern the fake (cheap: most opens do not).  Only
 * these start the fake up, so a program that never looks at a GPU
 * (a shell opening /dev/null) never builds a sysfs tree.
 */
static bool candidate(const char *path)
{
	static const char *const prefixes[] = {
		"/dev/kfd", "/dev/dri/", "/sys/devices/virtual/kfd", "/sys/class/kfd",
		"/sys/class/drm/", "/sys/dev/char/", "/sys/module/amdgpu",
		"/sys/devices/pci",	/* the render nodes' PCI devices */
		"/proc/modules",
	};

	if (!path || path[0] != '/' || (path[1] != 'd' && path[1] != 's' && path[1] != 'p'))
		return false;
	for (unsigned i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (!strncmp(path, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

/* ------------------------------------------------------ descriptor table */

/*
 * For each real descriptor the fake is behind: the fake's descriptor it
 * stands for (itself for the one kfdsim_open returned), and for the
 * fake's descriptor whether the program still has it open.
 */
#define MAX_FDS 4096
static pthread_mutex_t fd_lock = PTHREAD_MUTEX_INITIALIZER;
static int fd_target[MAX_FDS];		/* fake fd + 1; 0: not ours */
static bool fd_app_closed[MAX_FDS];
static int fd_refs[MAX_FDS];		/* fake fd: open aliases incl. itself */
static char fd_dev[MAX_FDS][24];	/* fake fd: the device path it opened */
static int any_fake;			/* atomic: a fake fd was ever opened */

/* The fake descriptor behind @fd, or -1. */
static int target_of(int fd)
{
	int t = -1;

	if (fd < 0 || !__atomic_load_n(&any_fake, __ATOMIC_ACQUIRE))
		return -1;
	pthread_mutex_lock(&fd_lock);
	if (fd < MAX_FDS && fd_target[fd] && !(fd_target[fd] - 1 == fd && fd_app_closed[fd]))
		t = fd_target[fd] - 1;
	pthread_mutex_unlock(&fd_lock);
	if (t < 0 && kfdsim_owns(fd))
		t = fd;			/* opened before we tracked (cannot happen) */
	return t;
}

static void track_open(int fd, const char *path)
{
	if (fd < 0 || fd >= MAX_FDS)
		return;
	pthread_mutex_lock(&fd_lock);
	snprintf(fd_dev[fd], sizeof(fd_dev[fd]), "%s", path);
	fd_target[fd] = fd + 1;
	fd_app_closed[fd] = false;
	fd_refs[fd] = 1;
	pthread_mutex_unlock(&fd_lock);
	__atomic_store_n(&any_fake, 1, __ATOMIC_RELEASE);
}

/* @newfd is now a duplicate of @oldfd (which the fake is behind). */
static void track_dup(int oldfd, int newfd)
{
	int t;

	if (newfd < 0 || newfd >= MAX_FDS || oldfd < 0 || oldfd >= MAX_FDS)
		return;
	pthread_mutex_lock(&fd_lock);
	t = fd_target[oldfd] - 1;
	if (t >= 0) {
		fd_target[newfd] = t + 1;
		fd_refs[t]++;
	}
	pthread_mutex_unlock(&fd_lock);
}

/*
 * The program closes @fd.  1: it was ours and is handled (result in
 * *ret); 0: not ours.
 */
static int untrack_close(int fd, int *ret)
{
	int t, close_fake = -1, close_real = -1;

	if (fd < 0 || fd >= MAX_FDS || !__atomic_load_n(&any_fake, __ATOMIC_ACQUIRE))
		return 0;
	pthread_mutex_lock(&fd_lock);
	t = fd_target[fd] - 1;
	if (t < 0 || (t == fd && fd_app_closed[fd])) {
		pthread_mutex_unlock(&fd_lock);
		return 0;
	}
	if (t == fd)
		fd_app_closed[fd] = true;	/* the fake's: kept until the last alias */
	else {
		fd_target[fd] = 0;
		close_real = fd;
	}
	if (--fd_refs[t] == 0) {
		fd_target[t] = 0;
		fd_app_closed[t] = false;
		close_fake = t;
	}
	pthread_mutex_unlock(&fd_lock);
	*ret = 0;
	depth++;
	if (close_real >= 0 && REAL(close)(close_real) < 0)
		*ret = -1;
	if (close_fake >= 0) {
		logf_("close(%d): kfdsim_close(%d)", fd, close_fake);
		if (kfdsim_close(close_fake) < 0)
			*ret = -1;
	}
	depth--;
	return 1;
}

/* A descriptor number is being reused by dup2/dup3 onto it. */
static void forget_before_reuse(int fd)
{
	int r;

	untrack_close(fd, &r);
}

/* ---------------------------------------------------------------- paths */

/* /proc/modules with amdgpu in it: the faked machine has it loaded. */
static int open_proc_modules(int flags)
{
	static const char line[] = "amdgpu 9658368 0 - Live 0x0000000000000000\n";
	char buf[65536];
	int in, out;
	ssize_t n;
	bool has = false;
	size_t total = 0;

	depth++;
	in = REAL(open)("/proc/modules", O_RDONLY | O_CLOEXEC);
	out = memfd_create("modules", (flags & O_CLOEXEC) ? MFD_CLOEXEC : 0);
	if (out < 0) {
		if (in >= 0)
			REAL(close)(in);
		depth--;
		return -1;
	}
	while (in >= 0 && (n = read(in, buf + total, sizeof(buf) - 1 - total)) > 0)
		total += n;
	if (in >= 0)
		REAL(close)(in);
	buf[total] = 0;
	has = !strncmp(buf, "amdgpu ", 7) || strstr(buf, "\namdgpu ");
	if (write(out, buf, total) != (ssize_t)total ||
	    (!has && write(out, line, sizeof(line) - 1) != sizeof(line) - 1)) {
		REAL(close)(out);
		depth--;
		return -1;
	}
	lseek(out, 0, SEEK_SET);
	depth--;
	logf_("open(/proc/modules): with amdgpu");
	return out;
}

enum kind { K_PASS, K_DEVICE, K_MODULES };

/*
 * Classify @path; for K_PASS @*out is the path to use (rewritten into
 * @buf when the fake replaces it).
 */
static enum kind classify(const char *path, char *buf, size_t size, const char **out)
{
	const char *p;

	*out = path;
	if (depth || !candidate(path) || !ready())
		return K_PASS;
	if (!strcmp(path, "/proc/modules"))
		return K_MODULES;
	if (kfdsim_is_device(path))
		return K_DEVICE;
	p = kfdsim_sysfs_path(path, buf, size);
	if (p) {
		logf_("path %s -> %s", path, p);
		*out = p;
	}
	return K_PASS;
}

static int device_open(const char *path, int flags)
{
	int fd;

	depth++;
	fd = kfdsim_open(path, flags);
	depth--;
	if (fd >= 0)
		track_open(fd, path);
	logf_("open(%s, %#x) = %d%s%s", path, flags, fd, fd < 0 ? " " : "",
	      fd < 0 ? strerror(errno) : "");
	return fd;
}

static mode_t mode_arg(int flags, va_list ap)
{
	return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? va_arg(ap, mode_t) : 0;
}

/* Every open-like call: @real_open is the real function with a mode. */
#define OPEN_BODY(path, flags, mode, call_real) \
	do { \
		char buf_[PATH_MAX]; \
		const char *p_; \
		switch (classify(path, buf_, sizeof(buf_), &p_)) { \
		case K_DEVICE: \
			return device_open(path, flags); \
		case K_MODULES: \
			return open_proc_modules(flags); \
		default: { \
			const char *path_ = p_; \
			(void)path_; \
			return call_real; \
		} \
		} \
	} while (0)

EXPORT int open(const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = mode_arg(flags, ap);
	va_end(ap);
	OPEN_BODY(path, flags, mode, REAL(open)(path_, flags, mode));
}

EXPORT int open64(const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = mode_arg(flags, ap);
	va_end(ap);
	OPEN_BODY(path, flags, mode, REAL(open64)(path_, flags, mode));
}

EXPORT int openat(int dirfd, const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = mode_arg(flags, ap);
	va_end(ap);
	OPEN_BODY(path, flags, mode, REAL(openat)(dirfd, path_, flags, mode));
}

EXPORT int openat64(int dirfd, const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = mode_arg(flags, ap);
	va_end(ap);
	OPEN_BODY(path, flags, mode, REAL(openat64)(dirfd, path_, flags, mode));
}

EXPORT int __open_2(const char *path, int flags)
{
	OPEN_BODY(path, flags, 0, REAL(__open_2)(path_, flags));
}

EXPORT int __open64_2(const char *path, int flags)
{
	OPEN_BODY(path, flags, 0, REAL(__open64_2)(path_, flags));
}

EXPORT int __openat_2(int dirfd, const char *path, int flags)
{
	OPEN_BODY(path, flags, 0, REAL(__openat_2)(dirfd, path_, flags));
}

EXPORT int __openat64_2(int dirfd, const char *path, int flags)
{
	OPEN_BODY(path, flags, 0, REAL(__openat64_2)(dirfd, path_, flags));
}

/* fopen of a fake device: a stream on its descriptor. */
static int fopen_flags(const char *mode)
{
	int f = strchr(mode, '+') ? O_RDWR : mode[0] == 'r' ? O_RDONLY : O_WRONLY;

	if (strchr(mode, 'e'))
		f |= O_CLOEXEC;
	return f;
}

#define FOPEN_BODY(path, mode, real) \
	do { \
		char buf_[PATH_MAX]; \
		const char *p_; \
		int fd_; \
		FILE *f_; \
		switch (classify(path, buf_, sizeof(buf_), &p_)) { \
		case K_DEVICE: \
			fd_ = device_open(path, fopen_flags(mode)); \
			break; \
		case K_MODULES: \
			fd_ = open_proc_modules(fopen_flags(mode)); \
			break; \
		default: \
			return real(p_, mode); \
		} \
		if (fd_ < 0) \
			return NULL; \
		f_ = fdopen(fd_, mode); \
		if (!f_) { \
			int e_ = errno; \
			close(fd_); \
			errno = e_; \
		} \
		return f_; \
	} while (0)

EXPORT FILE *fopen(const char *path, const char *mode)
{
	FOPEN_BODY(path, mode, REAL(fopen));
}

EXPORT FILE *fopen64(const char *path, const char *mode)
{
	FOPEN_BODY(path, mode, REAL(fopen64));
}

EXPORT DIR *opendir(const char *path)
{
	char buf[PATH_MAX];
	const char *p;

	if (classify(path, buf, sizeof(buf), &p) == K_DEVICE) {
		errno = ENOTDIR;
		return NULL;
	}
	return REAL(opendir)(p);
}

/* ------------------------------------------------------------ stat family */

/* Device numbers: the render nodes are DRM's (major 226); /dev/kfd has a
 * dynamic major, here the one it gets on a typical 6.1 machine. */
#define KFD_MAJOR 235
#define DRM_MAJOR 226

static void device_stat(const char *path, struct stat64 *st)
{
	unsigned minor;

	memset(st, 0, sizeof(*st));
	st->st_mode = S_IFCHR | 0666;
	st->st_nlink = 1;
	st->st_blksize = 4096;
	st->st_dev = makedev(0, 5);		/* devtmpfs */
	if (sscanf(path, "/dev/dri/renderD%u", &minor) == 1)
		st->st_rdev = makedev(DRM_MAJOR, minor);
	else
		st->st_rdev = makedev(KFD_MAJOR, 0);
}

/* The device a fake descriptor (or a duplicate) was opened as. */
static void fd_stat(int t, struct stat64 *st)
{
	char path[sizeof(fd_dev[0])];

	pthread_mutex_lock(&fd_lock);
	memcpy(path, fd_dev[t], sizeof(path));
	pthread_mutex_unlock(&fd_lock);
	device_stat(path, st);
}

static void to_stat(const struct stat64 *s, struct stat *d)
{
	/* On x86_64 the two layouts are the same. */
	_Static_assert(sizeof(struct stat) == sizeof(struct stat64), "stat layout");
	memcpy(d, s, sizeof(*d));
}

#define STAT_PATH_BODY(path, st, st64, real_call) \
	do { \
		char buf_[PATH_MAX]; \
		const char *p_; \
		struct stat64 s_; \
		switch (classify(path, buf_, sizeof(buf_), &p_)) { \
		case K_DEVICE: \
			device_stat(path, &s_); \
			if (st64) \
				memcpy((void *)(st), &s_, sizeof(s_)); \
			else \
				to_stat(&s_, (struct stat *)(void *)(st)); \
			return 0; \
		default: { \
			const char *path_ = p_; \
			return real_call; \
		} \
		} \
	} while (0)

EXPORT int stat(const char *path, struct stat *st)
{
	STAT_PATH_BODY(path, st, 0, REAL(stat)(path_, st));
}

EXPORT int stat64(const char *path, struct stat64 *st)
{
	STAT_PATH_BODY(path, st, 1, REAL(stat64)(path_, st));
}

EXPORT int lstat(const char *path, struct stat *st)
{
	STAT_PATH_BODY(path, st, 0, REAL(lstat)(path_, st));
}

EXPORT int lstat64(const char *path, struct stat64 *st)
{
	STAT_PATH_BODY(path, st, 1, REAL(lstat64)(path_, st));
}

EXPORT int fstatat(int dirfd, const char *path, struct stat *st, int flags)
{
	if (!*path && (flags & AT_EMPTY_PATH))
		return fstat(dirfd, st);
	STAT_PATH_BODY(path, st, 0, REAL(fstatat)(dirfd, path_, st, flags));
}

EXPORT int fstatat64(int dirfd, const char *path, struct stat64 *st, int flags)
{
	if (!*path && (flags & AT_EMPTY_PATH))
		return fstat64(dirfd, st);
	STAT_PATH_BODY(path, st, 1, REAL(fstatat64)(dirfd, path_, st, flags));
}

EXPORT int __xstat(int ver, const char *path, struct stat *st)
{
	STAT_PATH_BODY(path, st, 0, REAL(__xstat)(ver, path_, st));
}

EXPORT int __xstat64(int ver, const char *path, struct stat64 *st)
{
	STAT_PATH_BODY(path, st, 1, REAL(__xstat64)(ver, path_, st));
}

EXPORT int __lxstat(int ver, const char *path, struct stat *st)
{
	STAT_PATH_BODY(path, st, 0, REAL(__lxstat)(ver, path_, st));
}

EXPORT int __lxstat64(int ver, const char *path, struct stat64 *st)
{
	STAT_PATH_BODY(path, st, 1, REAL(__lxstat64)(ver, path_, st));
}

EXPORT int __fxstatat(int ver, int dirfd, const char *path, struct stat *st, int flags)
{
	if (!*path && (flags & AT_EMPTY_PATH))
		return __fxstat(ver, dirfd, st);
	STAT_PATH_BODY(path, st, 0, REAL(__fxstatat)(ver, dirfd, path_, st, flags));
}

EXPORT int __fxstatat64(int ver, int dirfd, const char *path, struct stat64 *st, int flags)
{
	if (!*path && (flags & AT_EMPTY_PATH))
		return __fxstat64(ver, dirfd, st);
	STAT_PATH_BODY(path, st, 1, REAL(__fxstatat64)(ver, dirfd, path_, st, flags));
}

#define FSTAT_BODY(fd, st, st64, real_call) \
	do { \
		struct stat64 s_; \
		int t_; \
		if (depth || (t_ = target_of(fd)) < 0 || t_ >= MAX_FDS) \
			return real_call; \
		fd_stat(t_, &s_); \
		if (st64) \
			memcpy((void *)(st), &s_, sizeof(s_)); \
		else \
			to_stat(&s_, (struct stat *)(void *)(st)); \
		return 0; \
	} while (0)

EXPORT int fstat(int fd, struct stat *st)
{
	FSTAT_BODY(fd, st, 0, REAL(fstat)(fd, st));
}

EXPORT int fstat64(int fd, struct stat64 *st)
{
	FSTAT_BODY(fd, st, 1, REAL(fstat64)(fd, st));
}

EXPORT int __fxstat(int ver, int fd, struct stat *st)
{
	FSTAT_BODY(fd, st, 0, REAL(__fxstat)(ver, fd, st));
}

EXPORT int __fxstat64(int ver, int fd, struct stat64 *st)
{
	FSTAT_BODY(fd, st, 1, REAL(__fxstat64)(ver, fd, st));
}

EXPORT int statx(int dirfd, const char *path, int flags, unsigned mask, struct statx *stx)
{
	char buf[PATH_MAX];
	const char *p;
	struct stat64 s;

	int t;

	if (!depth && !*path && (flags & AT_EMPTY_PATH) && (t = target_of(dirfd)) >= 0 &&
	    t < MAX_FDS) {
		fd_stat(t, &s);		/* statx(fd, "", AT_EMPTY_PATH) of a fake file */
	} else if (classify(path, buf, sizeof(buf), &p) != K_DEVICE) {
		return REAL(statx)(dirfd, p, flags, mask, stx);
	} else {
		device_stat(path, &s);
	}
	memset(stx, 0, sizeof(*stx));
	stx->stx_mask = STATX_BASIC_STATS;
	stx->stx_mode = s.st_mode;
	stx->stx_nlink = 1;
	stx->stx_blksize = s.st_blksize;
	stx->stx_rdev_major = major(s.st_rdev);
	stx->stx_rdev_minor = minor(s.st_rdev);
	stx->stx_dev_major = major(s.st_dev);
	stx->stx_dev_minor = minor(s.st_dev);
	return 0;
}

EXPORT int access(const char *path, int mode)
{
	char buf[PATH_MAX];
	const char *p;

	if (classify(path, buf, sizeof(buf), &p) == K_DEVICE)
		return 0;		/* crw-rw-rw- */
	return REAL(access)(p, mode);
}

EXPORT int faccessat(int dirfd, const char *path, int mode, int flags)
{
	char buf[PATH_MAX];
	const char *p;

	if (classify(path, buf, sizeof(buf), &p) == K_DEVICE)
		return 0;
	return REAL(faccessat)(dirfd, p, mode, flags);
}

/* A resolved path inside the private tree, as the path under /sys it
 * stands for (in place; @resolved holds PATH_MAX bytes). */
static void unmap_resolved(char *resolved)
{
	size_t lp = strlen(priv_root), lr = strlen(real_root);
	char tmp[PATH_MAX];

	if (!resolved || !lp || strncmp(resolved, priv_root, lp) ||
	    (resolved[lp] && resolved[lp] != '/'))
		return;
	if (snprintf(tmp, sizeof(tmp), "%s%s", real_root, resolved + lp) >= (int)sizeof(tmp))
		return;
	(void)lr;
	strcpy(resolved, tmp);
}

EXPORT char *realpath(const char *path, char *resolved)
{
	char buf[PATH_MAX];
	const char *p;
	char *r;

	switch (classify(path, buf, sizeof(buf), &p)) {
	case K_DEVICE:
		if (!resolved && !(resolved = malloc(PATH_MAX)))
			return NULL;
		snprintf(resolved, PATH_MAX, "%s", path);
		return resolved;
	default:
		break;
	}
	r = REAL(realpath)(p, resolved);
	if (r && p != path)
		unmap_resolved(r);
	return r;
}

EXPORT char *__realpath_chk(const char *path, char *resolved, size_t resolvedlen)
{
	if (resolvedlen < PATH_MAX) {
		/* glibc's check: the buffer must hold PATH_MAX. */
		return REAL(__realpath_chk)(path, resolved, resolvedlen);
	}
	return realpath(path, resolved);
}

EXPORT ssize_t readlink(const char *path, char *out, size_t len)
{
	char buf[PATH_MAX];
	const char *p;

	if (classify(path, buf, sizeof(buf), &p) == K_DEVICE) {
		errno = EINVAL;		/* a device node is not a link */
		return -1;
	}
	return REAL(readlink)(p, out, len);
}

EXPORT ssize_t __readlink_chk(const char *path, char *out, size_t len, size_t buflen)
{
	if (len > buflen)
		return REAL(__readlink_chk)(path, out, len, buflen);
	return readlink(path, out, len);
}

/* ---------------------------------------------------- descriptor calls */

EXPORT int close(int fd)
{
	int ret;

	if (!depth && untrack_close(fd, &ret))
		return ret;
	return REAL(close)(fd);
}

EXPORT int ioctl(int fd, unsigned long request, ...)
{
	va_list ap;
	void *arg;
	int t, ret, e;

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (depth || (t = target_of(fd)) < 0)
		return REAL(ioctl)(fd, request, arg);
	depth++;
	ret = kfdsim_ioctl(t, request, arg);
	e = errno;
	depth--;
	logf_("ioctl(%d, %#lx [dir %lu type '%c' nr %#lx size %lu]) = %d%s%s", fd, request,
	      (unsigned long)_IOC_DIR(request), (int)_IOC_TYPE(request),
	      (unsigned long)_IOC_NR(request), (unsigned long)_IOC_SIZE(request), ret,
	      ret < 0 ? " " : "", ret < 0 ? strerror(e) : "");
	errno = e;
	return ret;
}

static void *fake_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off, int t)
{
	void *p;
	int e;

	depth++;
	p = kfdsim_mmap(addr, len, prot, flags, t, off);
	e = errno;
	depth--;
	logf_("mmap(%p, %#zx, prot %#x, flags %#x, fd %d, off %#llx) = %p%s%s", addr, len, prot,
	      flags, fd, (unsigned long long)off, p, p == MAP_FAILED ? " " : "",
	      p == MAP_FAILED ? strerror(e) : "");
	errno = e;
	return p;
}

EXPORT void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	int t;

	if (depth || fd < 0 || (flags & MAP_ANONYMOUS) || (t = target_of(fd)) < 0)
		return REAL(mmap)(addr, len, prot, flags, fd, off);
	return fake_mmap(addr, len, prot, flags, fd, off, t);
}

EXPORT void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off64_t off)
{
	int t;

	if (depth || fd < 0 || (flags & MAP_ANONYMOUS) || (t = target_of(fd)) < 0)
		return REAL(mmap64)(addr, len, prot, flags, fd, off);
	return fake_mmap(addr, len, prot, flags, fd, off, t);
}

EXPORT int munmap(void *addr, size_t len)
{
	if (!depth && __atomic_load_n(&any_fake, __ATOMIC_ACQUIRE)) {
		depth++;
		kfdsim_munmap_notify(addr, len);
		depth--;
	}
	return REAL(munmap)(addr, len);
}

/* dup family: a duplicate of a fake descriptor stands for it too. */
EXPORT int dup(int fd)
{
	int r = REAL(dup)(fd);

	if (r >= 0 && !depth && target_of(fd) >= 0)
		track_dup(fd, r);
	return r;
}

EXPORT int dup2(int fd, int fd2)
{
	int r;

	if (!depth && fd != fd2)
		forget_before_reuse(fd2);
	r = REAL(dup2)(fd, fd2);
	if (r >= 0 && !depth && fd != fd2 && target_of(fd) >= 0)
		track_dup(fd, r);
	return r;
}

EXPORT int dup3(int fd, int fd2, int flags)
{
	int r;

	if (!depth && fd != fd2)
		forget_before_reuse(fd2);
	r = REAL(dup3)(fd, fd2, flags);
	if (r >= 0 && !depth && target_of(fd) >= 0)
		track_dup(fd, r);
	return r;
}

static int fcntl_common(int (*real)(int, int, ...), int fd, int cmd, va_list ap)
{
	/* Every fcntl argument is an int or a pointer: pass a long. */
	unsigned long arg = va_arg(ap, unsigned long);
	int r = real(fd, cmd, arg);

	if (r >= 0 && !depth && (cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC) &&
	    target_of(fd) >= 0)
		track_dup(fd, r);
	return r;
}

EXPORT int fcntl(int fd, int cmd, ...)
{
	va_list ap;
	int r;

	va_start(ap, cmd);
	r = fcntl_common(REAL(fcntl), fd, cmd, ap);
	va_end(ap);
	return r;
}

int fcntl64(int fd, int cmd, ...);
EXPORT int fcntl64(int fd, int cmd, ...)
{
	va_list ap;
	int r;

	va_start(ap, cmd);
	r = fcntl_common(REAL(fcntl64), fd, cmd, ap);
	va_end(ap);
	return r;
}
