// SPDX-License-Identifier: MIT
/*
 * The fake amdkfd's core: configuration, the GPUs, the private sysfs
 * tree, the device file descriptors and the one kfd process.
 *
 * As in amdkfd, every /dev/kfd file of a process shares one kfd process
 * (kfd_create_process looks it up by mm); it goes, with its queues,
 * events and memory, when the last of them is closed.  Render-node
 * files stand alone: ACQUIRE_VM ties one to a GPU of the process.
 */
#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <ftw.h>
#include <signal.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

#include "internal.h"
#include "sim.h"

struct kfdsim_gpu kfdsim_gpus[KFDSIM_MAX_GPUS];
unsigned kfdsim_ngpus;

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static int init_result;
static char init_why[256];
static char root[PATH_MAX];		/* the private tree: root/sys/... */

/* The fake files: a real fd each, and what it is. */
struct file_entry {
	int fd;
	enum kfdsim_file kind;
	unsigned gpu;
	uint64_t serial;		/* never reused, unlike fd numbers */
	struct kfdsim_proc *proc;	/* /dev/kfd: its process */
};
static pthread_mutex_t files_lock = PTHREAD_MUTEX_INITIALIZER;
static struct file_entry *files;
static unsigned nfiles, cap_files;
static uint64_t next_serial = 1;
static struct kfdsim_proc *proc;	/* under files_lock */

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static pid_t owner;			/* the process that made the tree */

/* At exit; a forked child that exits leaves its parent's tree alone. */
static void remove_tree(void)
{
	if (root[0] && getpid() == owner)
		nftw(root, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/*
 * Trees of processes that died without running atexit (killed by a
 * signal, or _exit) are removed by the next process that makes one:
 * each tree names its owner in root/owner.  A tree without that file
 * (still being made, or from an older version) is left alone.
 */
static void reap_orphans(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		char path[PATH_MAX], text[32] = "";
		long pid;
		FILE *f;

		if (strncmp(e->d_name, "barehip-kfdsim.", 15))
			continue;
		snprintf(path, sizeof(path), "%s/%s/owner", dir, e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		pid = fgets(text, sizeof(text), f) ? strtol(text, NULL, 10) : 0;
		fclose(f);
		if (pid <= 0 || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		nftw(path, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	}
	closedir(d);
}

static int fail(char *why, const char *fmt, const char *a, const char *b)
{
	snprintf(why, 256, fmt, a, b);
	fprintf(stderr, "barehip-kfdsim: %s\n", why);
	return -1;
}

/* A row per GPU: MI210-like for gfx90a, MI300X-like for gfx942. */
static void fill_gpu(struct kfdsim_gpu *g, unsigned i, const struct bh_sim_target *t,
		     unsigned num_gws)
{
	bool mi300 = t->gfx == BH_SIM_GFX942;

	g->node = i + 1;
	/* amdkfd hashes PCI and IP data into 16 bits; any stable non-zero id. */
	g->gpu_id = (mi300 ? 0xa1c0u : 0x40f0u) + 0x111u * i;
	g->render_minor = KFDSIM_FIRST_RENDER_MINOR + i;
	g->target = t;
	g->num_cus = mi300 ? 304 : 104;
	g->vram_size = (mi300 ? 192ull : 64ull) << 30;
	g->gtt_size = 512ull << 30;
	/* A PCI domain of its own, so no real device's sysfs path is shadowed. */
	g->pci_domain = 0x00ff;
	g->pci_bus = (uint8_t)(0x03 + i);
	g->pci_device = 0;
	g->pci_function = 0;
	g->device_id = mi300 ? 0x74a1 : 0x740f;
	g->num_gws = num_gws;
}

static void do_init(void)
{
	char *why = init_why;
	const char *gfx = getenv("BAREHIP_KFDSIM_GFX");
	const char *n = getenv("BAREHIP_KFDSIM_GPUS");
	const char *gws = getenv("BAREHIP_KFDSIM_GWS");
	const struct bh_sim_target *t;
	unsigned count = 1, num_gws = BH_SIM_GWS_RESOURCES;

	if (!gfx || !*gfx)
		gfx = "gfx90a";
	t = bh_sim_target_by_name(gfx);
	/* The fake's topology, queue sizes and CWSR checks are amdkfd's for
	 * gfx9; gfx11 GPUs (modelled, not yet faked) are refused. */
	if (!t || t->gfx_version / 10000 != 9) {
		init_result = fail(why, "BAREHIP_KFDSIM_GFX=%s: %s (gfx90a or gfx942)", gfx,
				   t ? "the fake KFD emulates gfx9 GPUs only" :
				   "not a modelled target");
		return;
	}
	if (n && *n) {
		char *end;
		long v = strtol(n, &end, 10);

		if (*end || v < 1 || v > KFDSIM_MAX_GPUS) {
			init_result = fail(why, "BAREHIP_KFDSIM_GPUS=%s: want a number of GPUs%s",
					   n, " from 1 to 8");
			return;
		}
		count = (unsigned)v;
	}
	/* amdgpu's gws_size is 64 on gfx9; KFD reports 0 where the MEC
	 * firmware or the scheduling policy gives no GWS (kfd_gws_init). */
	if (gws && *gws) {
		if (strcmp(gws, "0") && strcmp(gws, "64")) {
			init_result = fail(why, "BAREHIP_KFDSIM_GWS=%s: want 64 (the GPU's global "
					   "wave sync resources) or 0 (none)%s", gws, "");
			return;
		}
		num_gws = (unsigned)atoi(gws);
	}
	for (unsigned i = 0; i < count; i++)
		fill_gpu(&kfdsim_gpus[i], i, t, num_gws);

	const char *tmp = getenv("TMPDIR");

	if (!tmp || !*tmp)
		tmp = "/tmp";
	reap_orphans(tmp);
	snprintf(root, sizeof(root), "%s/barehip-kfdsim.XXXXXX", tmp);
	if (!mkdtemp(root)) {
		root[0] = 0;
		init_result = fail(why, "cannot make the sysfs directory: %s%s",
				   strerror(errno), "");
		return;
	}
	owner = getpid();
	atexit(remove_tree);
	char sys[PATH_MAX];
	FILE *of;

	snprintf(sys, sizeof(sys), "%s/owner", root);
	of = fopen(sys, "w");
	if (of) {
		fprintf(of, "%ld\n", (long)owner);
		fclose(of);
	}

	snprintf(sys, sizeof(sys), "%s/sys", root);
	if (kfdsim_topology_write(sys, kfdsim_gpus, count, why)) {
		fprintf(stderr, "barehip-kfdsim: %s\n", why);
		init_result = -1;
		return;
	}
	kfdsim_ngpus = count;
}

/*
 * Reentrancy.  Under an LD_PRELOAD interposer the fake's own libc calls
 * (fopen while writing the tree, munmap under the process lock) come
 * back to it through the interposer.  While this thread is inside the
 * initialisation, the fake does not exist yet (every path is the real
 * one); while it is inside an ioctl, mmap, open or close, a munmap
 * notification is the fake's own and ignored.
 */
static __thread int initialising;
static __thread int inside;

void kfdsim_enter(void)
{
	inside++;
}

void kfdsim_leave(void)
{
	inside--;
}

int kfdsim_init(char *why)
{
	if (initialising) {
		if (why)
			snprintf(why, 256, "barehip-kfdsim is initialising");
		return -1;
	}
	initialising = 1;
	pthread_once(&init_once, do_init);
	initialising = 0;
	if (init_result && why)
		memcpy(why, init_why, sizeof(init_why));
	return init_result;
}

bool kfdsim_inside(void)
{
	return inside > 0;
}

static bool ready(void)
{
	return kfdsim_init(NULL) == 0;
}

unsigned kfdsim_gpu_count(void)
{
	return ready() ? kfdsim_ngpus : 0;
}

const struct kfdsim_gpu *kfdsim_gpu(unsigned i)
{
	return ready() && i < kfdsim_ngpus ? &kfdsim_gpus[i] : NULL;
}

int kfdsim_gpu_index(uint32_t gpu_id)
{
	for (unsigned i = 0; i < kfdsim_ngpus; i++)
		if (gpu_id && kfdsim_gpus[i].gpu_id == gpu_id)
			return (int)i;
	return -1;
}

unsigned kfdsim_num_xcc(unsigned i)
{
	return kfdsim_gpus[i].target->gfx == BH_SIM_GFX942 ? 8 : 1;
}

unsigned kfdsim_array_count(const struct kfdsim_gpu *g)
{
	return g->target->gfx == BH_SIM_GFX942 ? 8 * 4 : 8;
}

/* kfd_queue.c's kfd_queue_ctx_save_restore_size for gfx9 (both targets). */
void kfdsim_cwsr_sizes(unsigned i, uint32_t *ctl_stack, uint32_t *cwsr, uint32_t *debug,
		       uint32_t *eop)
{
	const struct kfdsim_gpu *g = &kfdsim_gpus[i];
	uint32_t cu = g->num_cus / kfdsim_num_xcc(i);
	uint32_t arrays = kfdsim_array_count(g);	/* / simd_arrays_per_engine (1) */
	uint32_t waves = cu * 40 < arrays * 512 ? cu * 40 : arrays * 512;
	uint32_t wg = cu * (0x80000 + 0x4000 + 0x10000 + 0x1000);	/* VGPR SGPR LDS HWREG */
	uint32_t ctl = (uint32_t)((40 + waves * 8 + 8 + KFDSIM_PAGE - 1) & ~(KFDSIM_PAGE - 1));

	wg = (uint32_t)((wg + KFDSIM_PAGE - 1) & ~(KFDSIM_PAGE - 1));
	*ctl_stack = ctl;
	*cwsr = ctl + wg;
	*debug = (waves * 32 + 63) & ~63u;
	*eop = 4096;
}

/* ------------------------------------------------------------ paths */

static bool prefix(const char *path, const char *p, const char **rest)
{
	size_t n = strlen(p);

	if (strncmp(path, p, n) || (path[n] && path[n] != '/'))
		return false;
	*rest = path + n;
	return true;
}

static int render_minor_of(const char *s, const char **rest)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (end == s || v < KFDSIM_FIRST_RENDER_MINOR ||
	    v >= KFDSIM_FIRST_RENDER_MINOR + (long)kfdsim_ngpus)
		return -1;
	*rest = end;
	return (int)v;
}

static void pci_dir(unsigned i, char *buf, size_t size)
{
	const struct kfdsim_gpu *g = &kfdsim_gpus[i];

	snprintf(buf, size, "/sys/devices/pci%04x:00/%04x:%02x:%02x.%x", g->pci_domain,
		 g->pci_domain, g->pci_bus, g->pci_device, g->pci_function);
}

const char *kfdsim_sysfs_path(const char *path, char *buf, size_t size)
{
	const char *rest;
	char dir[128];
	bool ours = false;

	if (!path || path[0] != '/' || !ready())
		return NULL;
	if (prefix(path, "/sys/devices/virtual/kfd", &rest) ||
	    prefix(path, "/sys/class/kfd", &rest) || prefix(path, "/sys/module/amdgpu", &rest))
		ours = true;
	else if (!strncmp(path, "/sys/class/drm/renderD", 22)) {
		ours = render_minor_of(path + 22, &rest) >= 0 && (!*rest || *rest == '/');
	} else if (!strncmp(path, "/sys/dev/char/226:", 18)) {
		/* The render nodes' char device links (libdrm's drmNodeIsDRM). */
		ours = render_minor_of(path + 18, &rest) >= 0 && (!*rest || *rest == '/');
	} else if (prefix(path, "/sys/dev/char/235:0", &rest)) {
		ours = true;			/* /dev/kfd's (its "dev" file) */
	} else {
		for (unsigned i = 0; i < kfdsim_ngpus && !ours; i++) {
			pci_dir(i, dir, sizeof(dir));
			ours = prefix(path, dir, &rest);
		}
	}
	if (!ours || strstr(path, "/../"))
		return NULL;
	if ((size_t)snprintf(buf, size, "%s%s", root, path) >= size)
		return NULL;
	return buf;
}

bool kfdsim_is_device(const char *path)
{
	const char *rest;

	if (!path || !ready())
		return false;
	if (!strcmp(path, "/dev/kfd"))
		return true;
	if (strncmp(path, "/dev/dri/renderD", 16))
		return false;
	return render_minor_of(path + 16, &rest) >= 0 && !*rest;
}

/* ------------------------------------------------------------ user memory */

/*
 * copy_from_user/copy_to_user: the kernel answers EFAULT for a bad
 * pointer where a plain memcpy here would crash, so go through the
 * kernel too.
 */
int kfdsim_copy_from_user(void *dst, uint64_t src, size_t len)
{
	struct iovec l = { dst, len }, r = { (void *)(uintptr_t)src, len };

	if (!len)
		return 0;
	if (!src || process_vm_readv(getpid(), &l, 1, &r, 1, 0) != (ssize_t)len)
		return -EFAULT;
	return 0;
}

int kfdsim_copy_to_user(uint64_t dst, const void *src, size_t len)
{
	struct iovec l = { (void *)src, len }, r = { (void *)(uintptr_t)dst, len };

	if (!len)
		return 0;
	if (!dst || process_vm_writev(getpid(), &l, 1, &r, 1, 0) != (ssize_t)len)
		return -EFAULT;
	return 0;
}

/* ------------------------------------------------------------ files */

static struct file_entry *find_file(int fd)
{
	for (unsigned i = 0; i < nfiles; i++)
		if (files[i].fd == fd)
			return &files[i];
	return NULL;
}

static struct kfdsim_proc *proc_create(void)
{
	struct kfdsim_proc *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->pid = getpid();
	if (kfdsim_proc_setup(p)) {
		free(p);
		return NULL;
	}
	return p;
}

static int open_device(const char *path, int flags);

int kfdsim_open(const char *path, int flags)
{
	int fd;

	kfdsim_enter();
	fd = open_device(path, flags);
	kfdsim_leave();
	return fd;
}

static int open_device(const char *path, int flags)
{
	enum kfdsim_file kind;
	unsigned gpu = 0;
	const char *rest;

	if (!kfdsim_is_device(path)) {
		errno = ENOENT;
		return -1;
	}
	if (!strcmp(path, "/dev/kfd")) {
		kind = KFDSIM_FILE_KFD;
	} else {
		kind = KFDSIM_FILE_RENDER;
		gpu = (unsigned)(render_minor_of(path + 16, &rest) - KFDSIM_FIRST_RENDER_MINOR);
	}
	/* An anonymous file: its number is ours until closed. */
	int fd = memfd_create(kind == KFDSIM_FILE_KFD ? "kfdsim-kfd" : "kfdsim-render",
			      (flags & O_CLOEXEC) ? MFD_CLOEXEC : 0);

	if (fd < 0)
		return -1;
	pthread_mutex_lock(&files_lock);
	if (nfiles == cap_files) {
		unsigned cap = cap_files ? 2 * cap_files : 16;
		struct file_entry *f = realloc(files, cap * sizeof(*f));

		if (!f)
			goto nomem;
		files = f;
		cap_files = cap;
	}
	if (kind == KFDSIM_FILE_KFD) {
		/* A forked child's copy of its parent's process is not its
		 * own: like amdkfd, give the child a process of its own. */
		if (proc && proc->pid != getpid())
			proc = NULL;
		if (!proc && !(proc = proc_create()))
			goto nomem;
		proc->refs++;
	}
	files[nfiles++] = (struct file_entry){ fd, kind, gpu, next_serial++,
					       kind == KFDSIM_FILE_KFD ? proc : NULL };
	pthread_mutex_unlock(&files_lock);
	return fd;
nomem:
	pthread_mutex_unlock(&files_lock);
	close(fd);
	errno = ENOMEM;
	return -1;
}

bool kfdsim_owns(int fd)
{
	bool r;

	if (fd < 0)
		return false;
	pthread_mutex_lock(&files_lock);
	r = find_file(fd) != NULL;
	pthread_mutex_unlock(&files_lock);
	return r;
}

int kfdsim_file_of(int fd, unsigned *gpu, uint64_t *serial, struct kfdsim_proc **pp)
{
	struct file_entry *f;
	int kind = 0;

	pthread_mutex_lock(&files_lock);
	f = find_file(fd);
	if (f) {
		kind = f->kind;
		if (gpu)
			*gpu = f->gpu;
		if (serial)
			*serial = f->serial;
		if (pp)
			*pp = f->proc;
	}
	pthread_mutex_unlock(&files_lock);
	return kind;
}

struct kfdsim_proc *kfdsim_process(void)
{
	struct kfdsim_proc *p;

	pthread_mutex_lock(&files_lock);
	p = proc && proc->pid == getpid() ? proc : NULL;
	pthread_mutex_unlock(&files_lock);
	return p;
}

uint64_t kfdsim_hdp_flushes(unsigned i)
{
	struct kfdsim_proc *p = kfdsim_process();
	uint64_t n = 0;

	if (p && i < KFDSIM_MAX_GPUS) {
		pthread_mutex_lock(&p->gpu[i].lock);
		n = p->gpu[i].hdp_flushes;
		pthread_mutex_unlock(&p->gpu[i].lock);
	}
	return n;
}

int kfdsim_close(int fd)
{
	struct kfdsim_proc *dead = NULL;
	struct file_entry *f;

	pthread_mutex_lock(&files_lock);
	f = find_file(fd);
	if (!f) {
		pthread_mutex_unlock(&files_lock);
		errno = EBADF;
		return -1;
	}
	/* A child closing what it inherited leaves the parent's process be. */
	if (f->kind == KFDSIM_FILE_KFD && f->proc == proc && proc->pid == getpid() &&
	    --proc->refs == 0) {
		dead = proc;
		proc = NULL;
	}
	*f = files[--nfiles];
	pthread_mutex_unlock(&files_lock);
	/* The release (kfd_process_notifier_release): queues, events, memory. */
	if (dead) {
		kfdsim_enter();
		kfdsim_proc_teardown(dead);
		kfdsim_leave();
		free(dead);
	}
	return close(fd);
}
