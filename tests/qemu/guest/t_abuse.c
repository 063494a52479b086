// SPDX-License-Identifier: MIT
/*
 * Abuse: every argument a caller can get wrong, a closed fd, another
 * process's handles, and a random ioctl/mmap storm.  Each must end in
 * the documented errno (EINVAL, EFAULT, ENOMEM, ENOTTY, ...), never in
 * a kernel complaint (test_dmesg checks the log afterwards).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include "kt.h"

static const unsigned long commands[] = {
	BAREHIP_IOC_INFO, BAREHIP_IOC_DMA_ALLOC, BAREHIP_IOC_DMA_FREE,
	BAREHIP_IOC_WAIT_IRQ, BAREHIP_IOC_NOTIFY, BAREHIP_IOC_PIN, BAREHIP_IOC_UNPIN,
};
static const char *const command_names[] = {
	"info", "alloc", "free", "wait", "notify", "pin", "unpin",
};
#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static void test_bad_commands(int fd)
{
	int dummy[64] = { 0 };

	kt_expect(ioctl(fd, _IOWR(BAREHIP_IOC_MAGIC, 0x7f, int), dummy), ENOTTY,
		  "abuse: unknown command number");
	kt_expect(ioctl(fd, _IOWR('X', 0x00, struct barehip_info), dummy), ENOTTY,
		  "abuse: foreign ioctl type");
	kt_expect(ioctl(fd, TCGETS, dummy), ENOTTY, "abuse: a tty ioctl");
	kt_expect(ioctl(fd, _IO(BAREHIP_IOC_MAGIC, 0x07)), ENOTTY, "abuse: command past the last");
}

/* Pointers: NULL, unmapped, read-only, straddling into a hole. */
static void test_bad_pointers(int fd)
{
	uint8_t *pages = mmap(NULL, 2 * KT_PAGE, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char name[80];

	for (unsigned i = 0; i < NCOMMANDS; i++) {
		snprintf(name, sizeof(name), "abuse: %s with a NULL argument", command_names[i]);
		kt_expect(ioctl(fd, commands[i], NULL), EFAULT, name);
		snprintf(name, sizeof(name), "abuse: %s with a wild pointer", command_names[i]);
		kt_expect(ioctl(fd, commands[i], (void *)0xdead0000ul), EFAULT, name);
	}
	if (pages == MAP_FAILED)
		return;
	munmap(pages + KT_PAGE, KT_PAGE);	/* a hole after page 0 */
	{
		/* The struct runs off the end of the mapped page. */
		struct barehip_info *at_end = (void *)(pages + KT_PAGE - 16);

		memset(pages, 0, KT_PAGE);
		at_end->argsz = sizeof(struct barehip_info);
		kt_expect(ioctl(fd, BAREHIP_IOC_INFO, at_end), EFAULT,
			  "abuse: info straddling an unmapped page");
	}
	{
		/* A struct the module cannot write back into. */
		struct barehip_info *ro = (void *)pages;

		memset(ro, 0, sizeof(*ro));
		ro->argsz = sizeof(*ro);
		mprotect(pages, KT_PAGE, PROT_READ);
		kt_expect(ioctl(fd, BAREHIP_IOC_INFO, ro), EFAULT,
			  "abuse: info into read-only memory");
	}
	{
		/* An odd address is fine: the copy does not care. */
		uint8_t raw[sizeof(struct barehip_info) + 8] = { 0 };
		struct barehip_info tmp = { .argsz = sizeof(tmp) };

		memcpy(raw + 3, &tmp, sizeof(tmp));
		kt_expect(ioctl(fd, BAREHIP_IOC_INFO, raw + 3), 0,
			  "abuse: unaligned argument works");
	}
	munmap(pages, KT_PAGE);
}

/* argsz 0, short, huge, for every command. */
static void test_bad_sizes(int fd)
{
	uint8_t buf[2 * KT_PAGE] = { 0 };
	static const uint32_t sizes[] = { 0, 4, 7, KT_PAGE + 1, 0xffffffffu };
	char name[80];

	for (unsigned i = 0; i < NCOMMANDS; i++) {
		for (unsigned s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
			memcpy(buf, &sizes[s], 4);
			snprintf(name, sizeof(name), "abuse: %s with argsz %u", command_names[i],
				 sizes[s]);
			kt_expect(ioctl(fd, commands[i], buf), EINVAL, name);
		}
	}
}

static int alloc_raw(int fd, uint32_t flags, uint64_t length, uint32_t reserved)
{
	struct barehip_dma_alloc a = {
		.argsz = sizeof(a), .flags = flags, .length = length, .reserved = reserved,
	};
	int ret = ioctl(fd, BAREHIP_IOC_DMA_ALLOC, &a);

	if (ret == 0)
		kt_dma_free(fd, a.handle);
	return ret;
}

static void test_bad_alloc(int fd, const char *pci_addr)
{
	char path[96];
	struct barehip_dma_alloc a, b, c;
	int ret, fd2;

	kt_expect(alloc_raw(fd, 0, 0, 0), EINVAL, "abuse: alloc 0 bytes");
	kt_expect(alloc_raw(fd, 0, (256ull << 20) + 1, 0), EINVAL, "abuse: alloc past the maximum");
	kt_expect(alloc_raw(fd, 0, ~0ull, 0), EINVAL, "abuse: alloc 2^64-1 bytes (overflow)");
	kt_expect(alloc_raw(fd, 0, 1ull << 63, 0), EINVAL, "abuse: alloc 2^63 bytes");
	kt_expect(alloc_raw(fd, 0, ~0ull - KT_PAGE + 2, 0), EINVAL,
		  "abuse: alloc that overflows when rounded to pages");
	kt_expect(alloc_raw(fd, 1, KT_PAGE, 0), EINVAL, "abuse: alloc with unknown flags");
	kt_expect(alloc_raw(fd, 0, KT_PAGE, 7), EINVAL, "abuse: alloc with reserved set");
	/* The maximum is allowed but cannot be contiguous in this guest. */
	ret = alloc_raw(fd, 0, 256ull << 20, 0);
	kt_check(ret == 0 || errno == ENOMEM, "abuse: alloc 256 MiB fails cleanly or works",
		 "%s", strerror(errno));

	/*
	 * The device's limit (a writable module parameter), shared by all
	 * its open files: a second open cannot add to what the first holds.
	 */
	snprintf(path, sizeof(path), "/sys/module/barehip/parameters/dma_max_mb");
	kt_write_file(path, "1");
	kt_check(kt_dma_alloc(fd, 512 << 10, &a) == 0 && kt_dma_alloc(fd, 512 << 10, &b) == 0,
		 "abuse: device limit: 1 MiB fits", "%s", strerror(errno));
	kt_check(kt_dma_alloc(fd, KT_PAGE, &c) == -ENOMEM, "abuse: device limit: one page more",
		 "%s", strerror(errno));
	fd2 = kt_open_node(pci_addr, O_RDWR);
	kt_check(fd2 >= 0 && kt_dma_alloc(fd2, KT_PAGE, &c) == -ENOMEM,
		 "abuse: device limit: a second open gets no more", "%s", strerror(errno));
	kt_dma_free(fd, a.handle);
	kt_check(kt_dma_alloc(fd2, 256 << 10, &c) == 0 && kt_dma_alloc(fd2, 256 << 10, &c) == 0,
		 "abuse: device limit: a free in one open makes room in the other", "%s",
		 strerror(errno));
	kt_check(kt_dma_alloc(fd, KT_PAGE, &c) == -ENOMEM,
		 "abuse: device limit: ... and only that much", "%s", strerror(errno));
	if (fd2 >= 0)
		close(fd2);
	kt_check(kt_dma_alloc(fd, 512 << 10, &c) == 0,
		 "abuse: device limit: closing the other open gives its charge back", "%s",
		 strerror(errno));
	kt_dma_free(fd, b.handle);
	kt_dma_free(fd, c.handle);
	kt_write_file(path, "1024");
}

static void test_bad_handles(int fd)
{
	struct barehip_dma_alloc a;
	uint64_t size;
	void *p;

	kt_expect(kt_dma_free(fd, 0), EINVAL, "abuse: free handle 0");
	kt_expect(kt_dma_free(fd, 77), EINVAL, "abuse: free a handle never given");
	kt_expect(kt_dma_free(fd, 4096), EINVAL, "abuse: free a handle past the range");
	kt_expect(kt_dma_free(fd, 0xffffffffu), EINVAL, "abuse: free handle 2^32-1");
	if (kt_dma_alloc(fd, 2 * KT_PAGE, &a))
		return;
	size = a.length;
	p = mmap(NULL, size + KT_PAGE, PROT_READ, MAP_SHARED, fd, (off_t)a.mmap_offset);
	kt_check(p == MAP_FAILED && errno == EINVAL, "abuse: mmap past the end of a buffer", "%s",
		 p == MAP_FAILED ? strerror(errno) : "mapped");
	p = mmap(NULL, KT_PAGE, PROT_READ, MAP_SHARED, fd, (off_t)(a.mmap_offset + size));
	kt_check(p == MAP_FAILED && errno == EINVAL, "abuse: mmap at the end of a buffer", "%s",
		 p == MAP_FAILED ? strerror(errno) : "mapped");
	p = mmap(NULL, KT_PAGE, PROT_READ, MAP_PRIVATE, fd, (off_t)a.mmap_offset);
	kt_check(p == MAP_FAILED && errno == EINVAL, "abuse: private mapping of a buffer", "%s",
		 p == MAP_FAILED ? strerror(errno) : "mapped");
	p = mmap(NULL, KT_PAGE, PROT_READ, MAP_SHARED, fd, (off_t)(a.mmap_offset + (1ull << 28)));
	kt_check(p == MAP_FAILED && errno == EINVAL, "abuse: mmap of the next handle's slot", "%s",
		 p == MAP_FAILED ? strerror(errno) : "mapped");
	kt_expect(kt_dma_free(fd, a.handle), 0, "abuse: free");
	kt_expect(kt_dma_free(fd, a.handle), EINVAL, "abuse: double free");
	p = mmap(NULL, KT_PAGE, PROT_READ, MAP_SHARED, fd, (off_t)a.mmap_offset);
	kt_check(p == MAP_FAILED && errno == EINVAL, "abuse: mmap a freed buffer", "%s",
		 p == MAP_FAILED ? strerror(errno) : "mapped");
}

static void test_bad_wait_notify(struct kt_env *env, int fd)
{
	struct barehip_wait_irq w = { .argsz = sizeof(w), .vector = 0 };
	uint64_t c;
	int edu;

	w.flags = 1;
	kt_expect(ioctl(fd, BAREHIP_IOC_WAIT_IRQ, &w), EINVAL, "abuse: wait with unknown flags");
	w.flags = 0;
	w.reserved = 1;
	kt_expect(ioctl(fd, BAREHIP_IOC_WAIT_IRQ, &w), EINVAL, "abuse: wait with reserved set");
	w.reserved = 0;
	w.vector = ECHO_VECTORS;
	kt_expect(ioctl(fd, BAREHIP_IOC_WAIT_IRQ, &w), EINVAL,
		  "abuse: wait on a vector past the last");
	w.vector = 0xfffffffe;
	kt_expect(ioctl(fd, BAREHIP_IOC_WAIT_IRQ, &w), EINVAL, "abuse: wait on vector 2^32-2");
	c = kt_irq_count(fd, 0);
	kt_expect(kt_wait(fd, 0, &c, 0), ETIMEDOUT, "abuse: wait without sleeping, nothing new");
	c = kt_irq_count(fd, 0);
	kt_expect(kt_wait(fd, 0, &c, 1000), ETIMEDOUT, "abuse: wait 1 us, nothing new");
	c = kt_irq_count(fd, 0) + 5;
	kt_expect(kt_wait(fd, 0, &c, ~0ull), 0, "abuse: wait forever on a stale count returns");

	kt_expect(kt_notify(fd, ECHO_VECTORS), EINVAL, "abuse: notify a vector past the model's");
	kt_expect(kt_notify(fd, 0xffff), EINVAL, "abuse: notify vector 0xffff");
	kt_expect(kt_notify(fd, 0x10000), EINVAL, "abuse: notify vector 0x10000");
	edu = kt_open_node(env->edu.addr, O_RDWR);
	if (edu >= 0) {
		kt_expect(kt_notify(edu, 0), ENOTTY, "abuse: notify on a board without doorbells");
		close(edu);
	}
}

static void test_bad_file_ops(struct kt_env *env, int fd)
{
	struct barehip_irq_event ev;
	char buf[16];
	int nb = kt_open_node(env->sim.addr, O_RDWR | O_NONBLOCK);
	int closed;

	kt_expect(read(fd, buf, 0), EINVAL, "abuse: read 0 bytes");
	kt_expect(read(fd, buf, sizeof(ev) - 1), EINVAL, "abuse: read less than an event");
	kt_expect(write(fd, buf, sizeof(buf)), EINVAL, "abuse: write");
	kt_expect(lseek(fd, 0, SEEK_SET), ESPIPE, "abuse: lseek");
	if (nb >= 0) {
		kt_expect(read(nb, &ev, sizeof(ev)), EAGAIN,
			  "abuse: non-blocking read, nothing new");
		close(nb);
	}
	closed = kt_open_node(env->sim.addr, O_RDWR);
	close(closed);
	{
		struct barehip_info in = { .argsz = sizeof(in) };

		kt_expect(ioctl(closed, BAREHIP_IOC_INFO, &in), EBADF,
			  "abuse: ioctl on a closed fd");
		kt_check(mmap(NULL, KT_PAGE, PROT_READ, MAP_SHARED, closed, 0) == MAP_FAILED &&
			 errno == EBADF, "abuse: mmap on a closed fd", "%s", strerror(errno));
	}
}

/* Another process opens the device itself: it cannot reach our buffers. */
static void test_two_processes(struct kt_env *env, int fd)
{
	struct barehip_dma_alloc a;
	volatile uint32_t *mine;
	int pipefd[2], status = -1;
	char verdict[8] = "";
	pid_t pid;

	if (kt_dma_alloc(fd, KT_PAGE, &a) || !(mine = kt_map(fd, a.mmap_offset, KT_PAGE)) ||
	    pipe(pipefd)) {
		kt_check(0, "abuse two processes: setup", "%s", strerror(errno));
		return;
	}
	for (unsigned i = 0; i < KT_PAGE / 4; i++)
		mine[i] = 0x5ec2e7;
	pid = fork();
	if (pid == 0) {
		/* The child's own file: our handle and offset mean nothing there. */
		int cfd = kt_open_node(env->sim.addr, O_RDWR);
		struct barehip_dma_alloc ca;
		volatile uint32_t *p;
		char v[4] = "ok";
		int leaked = 0;

		if (cfd < 0)
			_exit(2);
		p = mmap(NULL, KT_PAGE, PROT_READ, MAP_SHARED, cfd, (off_t)a.mmap_offset);
		if (p != MAP_FAILED || errno != EINVAL)
			v[0] = 'm';
		if (kt_dma_free(cfd, a.handle) != -EINVAL)
			v[1] = 'f';
		/* Its own buffer, maybe under the same handle number, is its own. */
		if (kt_dma_alloc(cfd, KT_PAGE, &ca) == 0 &&
		    (p = kt_map(cfd, ca.mmap_offset, KT_PAGE))) {
			for (unsigned i = 0; i < KT_PAGE / 4; i++)
				leaked |= p[i] == 0x5ec2e7;
			if (leaked)
				v[0] = 'L';
		}
		if (write(pipefd[1], v, 2) != 2)
			_exit(3);
		_exit(0);	/* exits holding its buffer: exit must free it */
	}
	close(pipefd[1]);
	if (read(pipefd[0], verdict, 2) != 2)
		verdict[0] = '?';
	waitpid(pid, &status, 0);
	close(pipefd[0]);
	kt_check(verdict[0] != 'm', "abuse two processes: other file cannot map our buffer",
		 "child mapped it");
	kt_check(verdict[1] != 'f', "abuse two processes: other file cannot free our handle",
		 "child freed it");
	kt_check(verdict[0] != 'L' && !strcmp(verdict, "ok"),
		 "abuse two processes: its own buffer shows none of ours", "verdict '%s'", verdict);
	kt_check(mine[0] == 0x5ec2e7 && mine[KT_PAGE / 4 - 1] == 0x5ec2e7,
		 "abuse two processes: our buffer untouched", "0x%x", mine[0]);
	munmap((void *)mine, KT_PAGE);
	kt_dma_free(fd, a.handle);
}

/* xorshift64*: a fixed seed, so a failure reproduces. */
static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dull;
}

/* Random commands, sizes and fields; only documented outcomes allowed. */
static void test_fuzz(struct kt_env *env)
{
	static const uint32_t struct_sizes[] = {
		sizeof(struct barehip_info), sizeof(struct barehip_dma_alloc),
		sizeof(struct barehip_dma_free), sizeof(struct barehip_wait_irq),
		sizeof(struct barehip_notify), sizeof(struct barehip_pin),
		sizeof(struct barehip_unpin),
	};
	/* What plausible pins pin: pages of this process (t_pin.c has the rest). */
	static uint64_t pin_bus[16];
	uint8_t *pin_mem = mmap(NULL, 16 * KT_PAGE, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int fd = kt_open_node(env->sim.addr, O_RDWR);
	unsigned long ok = 0, bad = 0, maps = 0;
	int first_bad = 0, first_cmd = 0;
	uint8_t buf[512];

	if (fd < 0 || pin_mem == MAP_FAILED)
		return;
	for (int iter = 0; iter < 20000; iter++) {
		unsigned nr = rnd() % 9;	/* 7 and 8: no such command */
		unsigned dir = rnd() % 4, size = rnd() % 2 ? struct_sizes[nr % 7] : rnd() % 256;
		unsigned long cmd = _IOC(dir, BAREHIP_IOC_MAGIC, nr, size);
		uint32_t argsz;
		int ret, err;

		for (unsigned i = 0; i < sizeof(buf); i++)
			buf[i] = (uint8_t)rnd();
		switch (rnd() % 4) {
		case 0:
			argsz = (uint32_t)rnd();
			break;
		case 1:
			argsz = (uint32_t)(rnd() % 64);
			break;
		default:
			argsz = struct_sizes[nr % 7];
			memset(buf + argsz, 0, sizeof(buf) - argsz);
		}
		memcpy(buf, &argsz, 4);
		/*
		 * Half the time, plausible fields, so the success paths, double
		 * frees and stale handles get their share.  Fields that would
		 * sleep or allocate a lot are always kept small.
		 */
		if (rnd() % 2) {
			struct barehip_dma_alloc *a = (void *)buf;
			struct barehip_dma_free *f = (void *)buf;
			struct barehip_wait_irq *w = (void *)buf;
			struct barehip_notify *n = (void *)buf;
			struct barehip_pin *p = (void *)buf;
			struct barehip_unpin *u = (void *)buf;

			if (nr == 1) {
				a->flags = a->reserved = 0;
				a->length %= 1u << 16;
			} else if (nr == 2) {
				f->handle %= 8;
			} else if (nr == 3) {
				w->flags = w->reserved = 0;
				w->vector = rnd() % 2 ? BAREHIP_VECTOR_ANY : (uint32_t)(rnd() % 5);
			} else if (nr == 4) {
				n->vector %= ECHO_VECTORS + 2;
			} else if (nr == 5) {
				p->flags = p->reserved = 0;
				p->addr = (uint64_t)(uintptr_t)pin_mem + (rnd() % 12) * KT_PAGE;
				p->length = (rnd() % 5) * KT_PAGE;
				p->bus_addrs = (uint64_t)(uintptr_t)pin_bus;
			} else if (nr == 6) {
				u->handle %= 8;
			}
		}
		if (nr == 3)
			((struct barehip_wait_irq *)buf)->timeout_ns %= 2000;
		if (nr == 1)
			((struct barehip_dma_alloc *)buf)->length %= 64u << 20;
		ret = ioctl(fd, cmd, buf);
		err = ret < 0 ? errno : 0;
		if (!err || err == EINVAL || err == EFAULT || err == ENOMEM || err == ENOTTY ||
		    err == ETIMEDOUT)
			ok++;
		else if (!bad++) {
			first_bad = err;
			first_cmd = (int)nr;
		}
	}
	/* And random mappings. */
	for (int iter = 0; iter < 2000; iter++) {
		uint64_t region = rnd() % 6;
		uint64_t off = region << 40 | ((rnd() % 0x4000) << 12);
		size_t len = (1 + rnd() % 8) * KT_PAGE;
		void *p;

		if (region == 4)	/* DMA buffers: a handle in bits 28 and up */
			off = region << 40 | (rnd() % 8) << 28 | (rnd() % 4) << 12;
		p = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, (off_t)off);
		if (p != MAP_FAILED) {
			maps++;
			munmap(p, len);
		} else if (errno != EINVAL) {
			if (!bad++)
				first_bad = errno;
		}
	}
	kt_check(bad == 0, "abuse fuzz: 20000 random ioctls and 2000 mmaps, documented errors only",
		 "%lu unexpected (first: %s on command %d)", bad, strerror(first_bad), first_cmd);
	printf("abuse fuzz: %lu ioctls ended as documented, %lu random mappings succeeded\n", ok,
	       maps);
	close(fd);	/* unpins what the fuzzing pinned */
	munmap(pin_mem, 16 * KT_PAGE);
}

void test_abuse(struct kt_env *env)
{
	int fd = kt_open_node(env->sim.addr, O_RDWR);
	int before = kt_passed + kt_failed;

	if (fd < 0) {
		kt_check(0, "abuse: open", "%s", strerror(errno));
		return;
	}
	test_bad_commands(fd);
	test_bad_pointers(fd);
	test_bad_sizes(fd);
	test_bad_alloc(fd, env->sim.addr);
	test_bad_handles(fd);
	test_bad_wait_notify(env, fd);
	test_bad_file_ops(env, fd);
	test_two_processes(env, fd);
	close(fd);
	test_fuzz(env);
	printf("abuse: %d cases tried\n", kt_passed + kt_failed - before);
}
