// SPDX-License-Identifier: MIT
/*
 * kmodtest's helpers: checks, sysfs and /proc, module loading, thin
 * ioctl wrappers, guarded memory probes and the echo board mailbox.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#include "kt.h"

int kt_passed, kt_failed;

void kt_check(int ok, const char *name, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		kt_passed++;
		printf("PASS: %s\n", name);
	} else {
		kt_failed++;
		printf("FAIL: %s: ", name);
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		printf("\n");
	}
	fflush(stdout);
}

int kt_err(long ret)
{
	return ret < 0 ? errno : 0;
}

void kt_expect(long ret, int want_errno, const char *name)
{
	int got = kt_err(ret);

	kt_check(got == want_errno, name, "got %s (%d), want %s (%d)",
		 got ? strerror(got) : "success", got,
		 want_errno ? strerror(want_errno) : "success", want_errno);
}

uint64_t kt_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

void kt_sleep_ms(unsigned ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* ------------------------------------------------------- sysfs, proc */

int kt_read_file(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = 0;
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = 0;
	return 0;
}

long long kt_read_num(const char *path)
{
	char buf[64];

	if (kt_read_file(path, buf, sizeof(buf)))
		return -1;
	return strtoll(buf, NULL, 0);
}

int kt_write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;
	int err;

	if (fd < 0)
		return -errno;
	n = write(fd, text, strlen(text));
	err = n < 0 ? -errno : 0;
	close(fd);
	return err;
}

int kt_exists(const char *path)
{
	return access(path, F_OK) == 0;
}

static unsigned pci_attr(const char *dir, const char *name)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return (unsigned)kt_read_num(path);
}

int kt_pci_find(unsigned vendor, unsigned device, struct kt_pci *out)
{
	DIR *d = opendir("/sys/bus/pci/devices");
	struct dirent *e;
	int found = -1;

	if (!d)
		return -1;
	while ((e = readdir(d)) && found) {
		char dir[64], path[128], res[1024];
		char *line, *save;

		if (e->d_name[0] == '.')
			continue;
		snprintf(dir, sizeof(dir), "/sys/bus/pci/devices/%.20s", e->d_name);
		if (pci_attr(dir, "vendor") != vendor || pci_attr(dir, "device") != device)
			continue;
		memset(out, 0, sizeof(*out));
		snprintf(out->addr, sizeof(out->addr), "%.15s", e->d_name);
		snprintf(out->dir, sizeof(out->dir), "%s", dir);
		out->vendor = vendor;
		out->device = device;
		out->subsystem_vendor = pci_attr(dir, "subsystem_vendor");
		out->subsystem_device = pci_attr(dir, "subsystem_device");
		out->class = pci_attr(dir, "class");
		out->revision = pci_attr(dir, "revision");
		{
			unsigned dev, fn;

			sscanf(out->addr, "%x:%x:%x.%x", &out->domain, &out->bus, &dev, &fn);
			out->devfn = (dev << 3) | fn;
		}
		/* "resource": one "start end flags" line per BAR (then ROM...). */
		snprintf(path, sizeof(path), "%s/resource", dir);
		if (kt_read_file(path, res, sizeof(res)))
			break;
		line = strtok_r(res, "\n", &save);
		for (int bar = 0; bar < 6 && line; bar++) {
			unsigned long long start, end, flags;

			if (sscanf(line, "%llx %llx %llx", &start, &end, &flags) == 3 &&
			    end > start) {
				out->bar_start[bar] = start;
				out->bar_size[bar] = end - start + 1;
			}
			line = strtok_r(NULL, "\n", &save);
		}
		found = 0;
	}
	closedir(d);
	return found;
}

long long kt_proc_interrupts(const char *name)
{
	FILE *f = fopen("/proc/interrupts", "r");
	char line[1024];
	long long total = 0;
	int cpus = 0;

	if (!f)
		return -1;
	/* Header: one column per CPU. */
	if (fgets(line, sizeof(line), f))
		for (char *t = strtok(line, " \n"); t; t = strtok(NULL, " \n"))
			cpus++;
	while (fgets(line, sizeof(line), f)) {
		char *p;

		if (!strstr(line, name))
			continue;
		p = strchr(line, ':');
		if (!p)
			continue;
		p++;
		for (int c = 0; c < cpus; c++)
			total += strtoll(p, &p, 10);
	}
	fclose(f);
	return total;
}

/* ------------------------------------------------------------ module */

int kt_module_load(const char *params)
{
	int fd = open("/lib/barehip.ko", O_RDONLY | O_CLOEXEC);
	long ret;

	if (fd < 0)
		return -errno;
	ret = syscall(SYS_finit_module, fd, params, 0);
	ret = ret < 0 ? -errno : 0;
	close(fd);
	return (int)ret;
}

int kt_module_unload(void)
{
	return syscall(SYS_delete_module, "barehip", O_NONBLOCK) < 0 ? -errno : 0;
}

int kt_node_of(const char *pci_addr, char *dev, size_t devlen, char *cls, size_t clslen)
{
	char path[160];
	DIR *d;
	struct dirent *e;
	int ret = -1;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/barehip", pci_addr);
	d = opendir(path);
	if (!d)
		return -1;
	while ((e = readdir(d))) {
		if (strncmp(e->d_name, "barehip", 7))
			continue;
		if (dev)
			snprintf(dev, devlen, "/dev/%s", e->d_name);
		if (cls)
			snprintf(cls, clslen, "/sys/class/barehip/%s", e->d_name);
		ret = 0;
		break;
	}
	closedir(d);
	return ret;
}

int kt_open_node(const char *pci_addr, int flags)
{
	char dev[64];

	if (kt_node_of(pci_addr, dev, sizeof(dev), NULL, 0))
		return -1;
	return open(dev, flags | O_CLOEXEC);
}

/* ----------------------------------------------------------- ioctls */

int kt_info(int fd, struct barehip_info *info)
{
	memset(info, 0, sizeof(*info));
	info->argsz = sizeof(*info);
	return ioctl(fd, BAREHIP_IOC_INFO, info) < 0 ? -errno : 0;
}

int kt_dma_alloc(int fd, uint64_t length, struct barehip_dma_alloc *out)
{
	memset(out, 0, sizeof(*out));
	out->argsz = sizeof(*out);
	out->length = length;
	return ioctl(fd, BAREHIP_IOC_DMA_ALLOC, out) < 0 ? -errno : 0;
}

int kt_dma_free(int fd, uint32_t handle)
{
	struct barehip_dma_free f = { .argsz = sizeof(f), .handle = handle };

	return ioctl(fd, BAREHIP_IOC_DMA_FREE, &f) < 0 ? -errno : 0;
}

int kt_wait(int fd, uint32_t vector, uint64_t *count, uint64_t timeout_ns)
{
	struct barehip_wait_irq w = {
		.argsz = sizeof(w), .vector = vector, .count = *count, .timeout_ns = timeout_ns,
	};

	if (ioctl(fd, BAREHIP_IOC_WAIT_IRQ, &w) < 0)
		return -errno;
	*count = w.count;
	return 0;
}

uint64_t kt_irq_count(int fd, uint32_t vector)
{
	/* Waiting on a count it cannot have returns at once with the real one. */
	uint64_t c = ~0ull;

	if (kt_wait(fd, vector, &c, 0))
		return ~0ull;
	return c;
}

int kt_notify(int fd, uint32_t vector)
{
	struct barehip_notify n = { .argsz = sizeof(n), .vector = vector };

	return ioctl(fd, BAREHIP_IOC_NOTIFY, &n) < 0 ? -errno : 0;
}

void *kt_map(int fd, uint64_t offset, size_t len)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)offset);

	return p == MAP_FAILED ? NULL : p;
}

/* --------------------------------------------------- guarded probes */

static sigjmp_buf probe_jmp;

static void probe_handler(int sig)
{
	siglongjmp(probe_jmp, sig);
}

static int probe(const volatile uint32_t *rp, volatile uint32_t *wp, uint32_t *value,
		 uint32_t wvalue)
{
	struct sigaction sa = { .sa_handler = probe_handler }, obus, osegv;
	int sig;

	sigaction(SIGBUS, &sa, &obus);
	sigaction(SIGSEGV, &sa, &osegv);
	sig = sigsetjmp(probe_jmp, 1);
	if (!sig) {
		if (rp)
			*value = *rp;
		else
			*wp = wvalue;
	}
	sigaction(SIGBUS, &obus, NULL);
	sigaction(SIGSEGV, &osegv, NULL);
	return sig;
}

int kt_probe_read(const volatile uint32_t *p, uint32_t *value)
{
	return probe(p, NULL, value, 0);
}

int kt_probe_write(volatile uint32_t *p, uint32_t value)
{
	return probe(NULL, p, NULL, value);
}

/* -------------------------------------------------------- echo board */

int kt_board_open(struct kt_board *b, const char *pci_addr)
{
	memset(b, 0, sizeof(*b));
	b->fd = kt_open_node(pci_addr, O_RDWR);
	if (b->fd < 0)
		return -1;
	if (kt_info(b->fd, &b->info) || b->info.regs.size < KT_PAGE)
		goto err;
	b->regs = kt_map(b->fd, b->info.regs.mmap_offset, KT_PAGE);
	if (!b->regs)
		goto err;
	b->mbox = b->regs;
	b->seq = b->mbox->done_seq;
	return 0;
err:
	close(b->fd);
	b->fd = -1;
	return -1;
}

void kt_board_close(struct kt_board *b)
{
	if (b->regs)
		munmap(b->regs, KT_PAGE);
	if (b->fd >= 0)
		close(b->fd);
	b->regs = NULL;
	b->fd = -1;
}

int kt_board_request(struct kt_board *b, unsigned vector, uint32_t op, uint64_t addr,
		     uint64_t length, uint64_t *checksum)
{
	volatile struct echo_mailbox *m = b->mbox;
	uint64_t count = kt_irq_count(b->fd, vector);
	uint64_t deadline = kt_now_ns() + 2000 * KT_MS;
	int ret;

	m->op = op;
	m->addr = addr;
	m->length = length;
	__atomic_store_n(&m->seq, ++b->seq, __ATOMIC_RELEASE);
	ret = kt_notify(b->fd, vector);
	if (ret)
		return ret;
	/*
	 * The board answers, then interrupts.  Wait for both: the answer in
	 * the mailbox and the interrupt counter moving past its value
	 * before the doorbell (interrupts only say "look again").
	 */
	for (uint64_t seen = count; seen == count;) {
		uint64_t now = kt_now_ns();

		if (now >= deadline)
			return -ETIMEDOUT;
		ret = kt_wait(b->fd, vector, &seen, deadline - now);
		if (ret)
			return ret;
	}
	while (__atomic_load_n(&m->done_seq, __ATOMIC_ACQUIRE) != b->seq)
		if (kt_now_ns() >= deadline)
			return -ETIMEDOUT;
	if (checksum)
		*checksum = m->checksum;
	return (int)m->status;
}
