// SPDX-License-Identifier: MIT
/*
 * The device goes away under open files (a sysfs unbind): mappings die
 * with SIGBUS, sleepers wake, every call fails with ENODEV, and closing
 * still works.  Then, with the BAR free again, the sim board header is
 * corrupted field by field through sysfs: the module must refuse to
 * bind each time, and bind again once the header is restored.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include "kt.h"

static int bound(const struct kt_pci *pci)
{
	char path[128];

	snprintf(path, sizeof(path), "/sys/bus/pci/drivers/barehip/%s", pci->addr);
	return kt_exists(path);
}

/* Whether the kernel log has a line that contains @what. */
static int log_has(const char *what)
{
	int size = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0), n, found;
	char *log;

	if (size <= 0 || !(log = malloc((size_t)size + 1)))
		return 0;
	n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, log, size);
	log[n > 0 ? n : 0] = 0;
	found = strstr(log, what) != NULL;
	free(log);
	return found;
}

void test_unbind(struct kt_env *env)
{
	struct barehip_dma_alloc a, gone;
	struct barehip_info in;
	volatile uint32_t *vram = NULL, *dma = NULL;
	uint64_t vram_offset;
	void *p_new;
	struct pollfd p;
	uint32_t v = 0;
	char dev[64], msg[128];
	int fd, status = -1, ret;
	uint8_t *user = mmap(NULL, 2 * KT_PAGE, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct barehip_pin pin = {
		.argsz = sizeof(pin), .addr = (uint64_t)(uintptr_t)user, .length = 2 * KT_PAGE,
	};
	struct barehip_unpin unpin = { .argsz = sizeof(unpin) };
	uint64_t bus[2];
	pid_t pid;

	kt_node_of(env->sim.addr, dev, sizeof(dev), NULL, 0);
	fd = kt_open_node(env->sim.addr, O_RDWR);
	if (fd < 0 || kt_info(fd, &in) || kt_dma_alloc(fd, KT_PAGE, &a) ||
	    !(vram = kt_map(fd, in.vram.mmap_offset, KT_PAGE)) ||
	    !(dma = kt_map(fd, a.mmap_offset, KT_PAGE)) || user == MAP_FAILED) {
		kt_check(0, "unbind: setup", "%s", strerror(errno));
		return;
	}
	/* And a pinned range of the process's own memory. */
	pin.bus_addrs = (uint64_t)(uintptr_t)bus;
	kt_expect(ioctl(fd, BAREHIP_IOC_PIN, &pin), 0, "unbind: pin two pages");
	unpin.handle = pin.handle;
	vram[16] = 1;
	dma[0] = 2;

	/* A child sleeps in read() on the same file. */
	pid = fork();
	if (pid == 0) {
		struct barehip_irq_event ev;
		ssize_t n = read(fd, &ev, sizeof(ev));

		_exit(n < 0 && errno == ENODEV ? 0 : 1);
	}
	kt_sleep_ms(50);

	ret = kt_write_file("/sys/bus/pci/drivers/barehip/unbind", env->sim.addr);
	kt_check(ret == 0 && !bound(&env->sim), "unbind: with a file open and mapped", "%s",
		 strerror(-ret));
	waitpid(pid, &status, 0);
	kt_check(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		 "unbind: a sleeping read wakes with ENODEV", "status 0x%x", status);
	kt_check(kt_probe_read(vram + 16, &v) == SIGBUS, "unbind: BAR mapping gone (SIGBUS)",
		 "read gave 0x%x", v);
	kt_check(kt_probe_read(dma, &v) == SIGBUS, "unbind: DMA mapping gone (SIGBUS)",
		 "read gave 0x%x", v);
	vram_offset = in.vram.mmap_offset;
	ret = kt_info(fd, &in);
	kt_check(ret == -ENODEV, "unbind: info says ENODEV", "%s", strerror(-ret));
	kt_check(kt_dma_alloc(fd, KT_PAGE, &gone) == -ENODEV, "unbind: alloc says ENODEV", "%s",
		 strerror(errno));
	kt_check(kt_notify(fd, 0) == -ENODEV, "unbind: notify says ENODEV", "%s", strerror(errno));
	p = (struct pollfd){ .fd = fd, .events = POLLIN };
	kt_check(poll(&p, 1, 0) == 1 && (p.revents & (POLLERR | POLLHUP)),
		 "unbind: poll reports the hangup", "revents 0x%x", p.revents);
	p_new = kt_map(fd, vram_offset, KT_PAGE);
	ret = p_new ? 0 : errno;
	kt_check(ret == ENODEV, "unbind: new mappings refused", "%s",
		 ret ? strerror(ret) : "mapped");
	kt_check(!kt_exists(dev), "unbind: node removed", "%s still there", dev);
	/*
	 * The DMA memory went with the binding (with an IOMMU, freeing it
	 * later would use a domain that is gone): the handle is dead too.
	 */
	snprintf(msg, sizeof(msg), "%s: removed: freed 1 DMA buffers still held", env->sim.addr);
	kt_check(log_has(msg), "unbind: the file's DMA memory is freed at remove",
		 "no '%s' in the kernel log", msg);
	kt_expect(kt_dma_free(fd, a.handle), ENODEV, "unbind: free says ENODEV");
	/* So did the pinned pages: unpinned there and then, the handle dead. */
	snprintf(msg, sizeof(msg), "%s: removed: unpinned 1 user ranges still held",
		 env->sim.addr);
	kt_check(log_has(msg), "unbind: the file's pinned pages are unpinned at remove",
		 "no '%s' in the kernel log", msg);
	kt_expect(ioctl(fd, BAREHIP_IOC_UNPIN, &unpin), ENODEV, "unbind: unpin says ENODEV");
	kt_expect(ioctl(fd, BAREHIP_IOC_PIN, &pin), ENODEV, "unbind: pin says ENODEV");
	user[0] = 3;	/* the process's own memory all along */
	munmap(user, 2 * KT_PAGE);
	munmap((void *)vram, KT_PAGE);
	munmap((void *)dma, KT_PAGE);
	kt_expect(close(fd), 0, "unbind: close");
}

/*
 * Write @len bytes at @off of the shared BAR through sysfs.  Mapped
 * afresh each time: with IO_STRICT_DEVMEM a driver's request of the
 * region (even a probe that then refuses) revokes earlier mappings.
 */
static int bar_write(struct kt_env *env, size_t off, const void *bytes, size_t len, void *old)
{
	char path[128];
	volatile uint8_t *bar;
	int fd;

	snprintf(path, sizeof(path), "%s/resource2", env->sim.dir);
	fd = open(path, O_RDWR | O_SYNC);
	if (fd < 0)
		return -1;
	bar = mmap(NULL, KT_PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	if (bar == MAP_FAILED)
		return -1;
	if (old)
		memcpy(old, (const void *)(bar + off), len);
	memcpy((void *)(bar + off), bytes, len);
	munmap((void *)bar, KT_PAGE);
	return 0;
}

/* One corruption of the header: the module must not bind. */
static void refuse(struct kt_env *env, size_t off, const void *bytes, size_t len,
		   const char *what)
{
	uint8_t saved[64];
	char name[96];

	snprintf(name, sizeof(name), "sim header: refused with %s", what);
	if (bar_write(env, off, bytes, len, saved)) {
		kt_check(0, name, "cannot write the BAR through sysfs: %s", strerror(errno));
		return;
	}
	kt_write_file("/sys/bus/pci/drivers/barehip/bind", env->sim.addr);
	kt_check(!bound(&env->sim) && kt_node_of(env->sim.addr, NULL, 0, NULL, 0) != 0, name,
		 "the module bound it");
	if (bound(&env->sim))
		kt_write_file("/sys/bus/pci/drivers/barehip/unbind", env->sim.addr);
	if (bar_write(env, off, saved, len, NULL))
		kt_check(0, "sim header: restore", "%s", strerror(errno));
}

#define HOFF(field) offsetof(struct barehip_sim_header, field)

void test_sim_header(struct kt_env *env)
{
	uint64_t beyond = (uint64_t)ECHO_SHM_SIZE, overlap = ECHO_REGS_OFFSET;
	uint64_t unaligned = ECHO_VRAM_OFFSET + 12, zero = 0, huge = ~0ull - 0xfff;
	uint32_t bad_magic = 0x4d495343, v2 = 2, flags = 1, peer = 0x10000, hsize = 8;
	char target_unterminated[16], target_bad[16] = "gfx90a;rm";
	struct barehip_info in;
	int fd, ret;

	/* Unbound, the BAR is free again: sysfs may map it. */
	if (bound(&env->sim)) {
		kt_check(0, "sim header: device unbound first", "still bound");
		return;
	}
	memset(target_unterminated, 'a', sizeof(target_unterminated));
	refuse(env, HOFF(magic), &bad_magic, 4, "a wrong signature");
	refuse(env, HOFF(version), &v2, 4, "version 2");
	refuse(env, HOFF(header_size), &hsize, 4, "a short header size");
	refuse(env, HOFF(flags), &flags, 4, "unknown flags");
	refuse(env, HOFF(model_peer), &peer, 4, "a peer id past 16 bits");
	refuse(env, HOFF(target), target_unterminated, 16, "an unterminated target");
	refuse(env, HOFF(target), target_bad, 16, "a target with a bad character");
	refuse(env, HOFF(target), &zero, 8, "an empty target");
	refuse(env, HOFF(vram_offset), &beyond, 8, "VRAM past the BAR");
	refuse(env, HOFF(vram_offset), &unaligned, 8, "unaligned VRAM");
	refuse(env, HOFF(vram_size), &huge, 8, "a VRAM size that overflows");
	refuse(env, HOFF(vram_size), &zero, 8, "an empty VRAM window");
	refuse(env, HOFF(doorbell_offset), &overlap, 8, "doorbells over the registers");
	refuse(env, HOFF(regs_offset), &zero, 8, "registers over the header page");

	ret = kt_write_file("/sys/bus/pci/drivers/barehip/bind", env->sim.addr);
	kt_check(ret == 0 && bound(&env->sim), "sim header: binds again once restored", "%s",
		 strerror(-ret));
	fd = kt_open_node(env->sim.addr, O_RDWR);
	kt_check(fd >= 0 && kt_info(fd, &in) == 0 && in.board == BAREHIP_BOARD_SIM &&
		 !memcmp(in.target, env->header.target, sizeof(in.target)),
		 "sim header: rebound device works", "%s", strerror(errno));
	if (fd >= 0)
		close(fd);
}
