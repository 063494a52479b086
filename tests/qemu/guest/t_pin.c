// SPDX-License-Identifier: MIT
/*
 * Pinned user memory (BAREHIP_IOC_PIN / UNPIN, what hipHostRegister
 * uses): the process's own pages pinned, their bus addresses returned,
 * read and written there by the host board (a real DMA, page by page:
 * the pages need not be contiguous), unpinned by handle or by close;
 * every bad argument refused with its errno and nothing left pinned;
 * pinned bytes charged to the device's dma_max_mb with DMA buffers.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include "kt.h"

#define MAX_MB_PARAM	"/sys/module/barehip/parameters/dma_max_mb"

static char cls_dir[64];

static long long sysfs_num(const char *attr)
{
	char path[96];

	snprintf(path, sizeof(path), "%s/%s", cls_dir, attr);
	return kt_read_num(path);
}

static int pin_raw(int fd, uint64_t addr, uint64_t length, uint64_t *bus, uint32_t flags,
		   uint32_t reserved, uint32_t *handle)
{
	struct barehip_pin p = {
		.argsz = sizeof(p), .flags = flags, .addr = addr, .length = length,
		.bus_addrs = (uint64_t)(uintptr_t)bus, .reserved = reserved,
	};
	int ret = ioctl(fd, BAREHIP_IOC_PIN, &p) < 0 ? -errno : 0;

	if (!ret && handle)
		*handle = p.handle;
	return ret;
}

static int pin(int fd, const void *addr, uint64_t length, uint64_t *bus, uint32_t *handle)
{
	return pin_raw(fd, (uint64_t)(uintptr_t)addr, length, bus, 0, 0, handle);
}

static int unpin(int fd, uint32_t handle)
{
	struct barehip_unpin u = { .argsz = sizeof(u), .handle = handle };

	return ioctl(fd, BAREHIP_IOC_UNPIN, &u) < 0 ? -errno : 0;
}

static void *anon(size_t len, int prot)
{
	void *p = mmap(NULL, len, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

/*
 * Pin four pages of ordinary process memory; the board checksums the
 * first half of each page at the bus address the module gave and writes
 * its pattern into the second half, which the process then reads in
 * its own mapping.
 */
static void test_pin_dma(struct kt_env *env, int fd)
{
	enum { PAGES = 4 };
	long long pins = sysfs_num("pins"), bytes = sysfs_num("dma_bytes");
	uint8_t *mem = anon(PAGES * KT_PAGE, PROT_READ | PROT_WRITE);
	uint64_t bus[PAGES] = { 0 };
	unsigned bad_addr = 0, bad_dma = 0, bad_sum = 0;
	struct kt_board b;
	uint32_t handle = 0;
	int ret;

	if (!mem || kt_board_open(&b, env->sim.addr)) {
		kt_check(0, "pin: setup", "%s", strerror(errno));
		return;
	}
	for (size_t i = 0; i < PAGES * KT_PAGE / 4; i++)
		((uint32_t *)mem)[i] = echo_pattern(0x91, i);
	ret = pin(fd, mem, PAGES * KT_PAGE, bus, &handle);
	kt_check(ret == 0 && handle, "pin: four pages of process memory", "%s, handle %u",
		 strerror(-ret), handle);
	if (ret)
		goto out;
	for (int i = 0; i < PAGES; i++)
		bad_addr += !bus[i] || bus[i] % KT_PAGE;
	kt_check(bad_addr == 0, "pin: a page-aligned bus address for every page",
		 "%u bad: 0x%llx 0x%llx 0x%llx 0x%llx", bad_addr, (unsigned long long)bus[0],
		 (unsigned long long)bus[1], (unsigned long long)bus[2], (unsigned long long)bus[3]);
	kt_check(sysfs_num("pins") == pins + 1 &&
		 sysfs_num("dma_bytes") == bytes + (long long)(PAGES * KT_PAGE),
		 "pin: sysfs counts the range, its bytes charged with DMA memory",
		 "pins %lld -> %lld, dma_bytes %lld -> %lld", pins, sysfs_num("pins"), bytes,
		 sysfs_num("dma_bytes"));
	for (int i = 0; i < PAGES; i++) {
		uint8_t *page = mem + i * KT_PAGE;
		uint64_t sum = 0, want = echo_fnv1a(page, KT_PAGE / 2);
		int st = kt_board_request(&b, 1, ECHO_OP_DMA, bus[i], KT_PAGE, &sum);

		bad_sum += st != ECHO_OK || sum != want;
		for (size_t w = 0; w < KT_PAGE / 8; w++)
			bad_dma += ((uint32_t *)(page + KT_PAGE / 2))[w] != echo_pattern(b.seq, w);
	}
	kt_check(bad_sum == 0, "pin: the board reads each page at its bus address",
		 "%u of %d pages read wrong", bad_sum, PAGES);
	kt_check(bad_dma == 0, "pin: the board's writes show in the process's own memory",
		 "%u words differ", bad_dma);
	kt_expect(unpin(fd, handle), 0, "pin: unpin");
	kt_check(sysfs_num("pins") == pins && sysfs_num("dma_bytes") == bytes,
		 "pin: unpin gives the pages and the charge back", "pins %lld, dma_bytes %lld",
		 sysfs_num("pins"), sysfs_num("dma_bytes"));
	kt_expect(unpin(fd, handle), EINVAL, "pin: a second unpin of the handle");
	/* The pages are the process's as before. */
	mem[5] = 0x5a;
	kt_check(mem[5] == 0x5a, "pin: the memory is usable after unpin", "0x%x", mem[5]);
out:
	kt_board_close(&b);
	munmap(mem, PAGES * KT_PAGE);
}

/* Every bad argument: its errno, and nothing left pinned or charged. */
static void test_pin_bad(struct kt_env *env, int fd)
{
	long long pins = sysfs_num("pins"), bytes = sysfs_num("dma_bytes");
	uint8_t *mem = anon(4 * KT_PAGE, PROT_READ | PROT_WRITE);
	uint8_t *ro = anon(KT_PAGE, PROT_READ);
	uint64_t *bus = calloc(4, sizeof(*bus));
	uint64_t *bus_ro = anon(KT_PAGE, PROT_READ);
	uint8_t *hole;
	struct barehip_dma_alloc a;
	void *dma_map;
	uint32_t handle = 0;
	int fd2;

	if (!mem || !ro || !bus || !bus_ro) {
		kt_check(0, "pin bad: setup", "%s", strerror(errno));
		return;
	}
	memset(mem, 1, 4 * KT_PAGE);
	kt_expect(pin(fd, mem, 0, bus, NULL), EINVAL, "pin bad: zero length");
	kt_expect(pin(fd, mem + 16, KT_PAGE, bus, NULL), EINVAL, "pin bad: unaligned address");
	kt_expect(pin(fd, mem, KT_PAGE + 16, bus, NULL), EINVAL, "pin bad: unaligned length");
	kt_expect(pin_raw(fd, ~0ull & ~(KT_PAGE - 1), 2 * KT_PAGE, bus, 0, 0, NULL), EINVAL,
		  "pin bad: a range that wraps");
	kt_expect(pin(fd, mem, BAREHIP_PIN_MAX_SIZE + KT_PAGE, bus, NULL), EINVAL,
		  "pin bad: more pages than BAREHIP_PIN_MAX_SIZE");
	kt_expect(pin_raw(fd, (uint64_t)(uintptr_t)mem, KT_PAGE, bus, 1, 0, NULL), EINVAL,
		  "pin bad: unknown flags");
	kt_expect(pin_raw(fd, (uint64_t)(uintptr_t)mem, KT_PAGE, bus, 0, 3, NULL), EINVAL,
		  "pin bad: reserved set");
	kt_expect(pin_raw(fd, 0xffff888000000000ull, KT_PAGE, bus, 0, 0, NULL), EFAULT,
		  "pin bad: a kernel address");

	/* Pages that are not there, or not writable. */
	hole = anon(2 * KT_PAGE, PROT_READ | PROT_WRITE);
	if (hole) {
		hole[0] = 1;
		munmap(hole + KT_PAGE, KT_PAGE);
		kt_expect(pin(fd, hole + KT_PAGE, KT_PAGE, bus, NULL), EFAULT,
			  "pin bad: a range not mapped in the process");
		kt_expect(pin(fd, hole, 2 * KT_PAGE, bus, NULL), EFAULT,
			  "pin bad: a range whose second page is not mapped");
		munmap(hole, KT_PAGE);
	}
	kt_expect(pin(fd, ro, KT_PAGE, bus, NULL), EFAULT, "pin bad: a read-only mapping");
	if (kt_dma_alloc(fd, KT_PAGE, &a) == 0) {
		dma_map = kt_map(fd, a.mmap_offset, KT_PAGE);
		if (dma_map) {
			kt_expect(pin(fd, dma_map, KT_PAGE, bus, NULL), EFAULT,
				  "pin bad: the module's own DMA buffer mapping (no struct page)");
			munmap(dma_map, KT_PAGE);
		}
		kt_dma_free(fd, a.handle);
	}

	/* The bus address array cannot be written: the pages go back. */
	kt_expect(pin(fd, mem, 4 * KT_PAGE, NULL, NULL), EFAULT,
		  "pin bad: bus address array NULL");
	kt_expect(pin(fd, mem, 4 * KT_PAGE, bus_ro, NULL), EFAULT,
		  "pin bad: bus address array read-only");
	kt_expect(pin_raw(fd, (uint64_t)(uintptr_t)mem, KT_PAGE, (uint64_t *)0xffff888000000000ull,
			  0, 0, NULL), EFAULT, "pin bad: bus address array in the kernel");
	kt_check(sysfs_num("pins") == pins && sysfs_num("dma_bytes") == bytes,
		 "pin bad: nothing left pinned or charged by the refusals",
		 "pins %lld -> %lld, dma_bytes %lld -> %lld", pins, sysfs_num("pins"), bytes,
		 sysfs_num("dma_bytes"));

	/* Handles. */
	kt_expect(unpin(fd, 0), EINVAL, "pin bad: unpin handle 0");
	kt_expect(unpin(fd, 77), EINVAL, "pin bad: unpin a handle never given");
	kt_expect(unpin(fd, 0xffffffffu), EINVAL, "pin bad: unpin handle 2^32-1");
	if (pin(fd, mem, KT_PAGE, bus, &handle) == 0) {
		/* Handles of one kind do not name the other. */
		kt_expect(kt_dma_free(fd, handle), EINVAL, "pin bad: DMA_FREE of a pin handle");
		fd2 = kt_open_node(env->sim.addr, O_RDWR);
		kt_expect(unpin(fd2, handle), EINVAL, "pin bad: unpin from another open file");
		if (fd2 >= 0)
			close(fd2);
		kt_check(sysfs_num("pins") == pins + 1, "pin bad: the range survives both",
			 "pins %lld", sysfs_num("pins"));
		kt_expect(unpin(fd, handle), 0, "pin bad: unpin after the refusals");
		kt_expect(unpin(fd, handle), EINVAL, "pin bad: double unpin");
	} else {
		kt_check(0, "pin bad: a pin to refuse handles against", "%s", strerror(errno));
	}
	munmap(mem, 4 * KT_PAGE);
	munmap(ro, KT_PAGE);
	munmap(bus_ro, KT_PAGE);
	free(bus);
}

/* Memory unmapped while pinned: the pin keeps the pages until unpin. */
static void test_unmap_while_pinned(int fd)
{
	long long pins = sysfs_num("pins");
	uint8_t *mem = anon(2 * KT_PAGE, PROT_READ | PROT_WRITE);
	uint64_t bus[2];
	uint32_t handle;

	if (!mem || pin(fd, mem, 2 * KT_PAGE, bus, &handle)) {
		kt_check(0, "pin unmapped: setup", "%s", strerror(errno));
		return;
	}
	munmap(mem, 2 * KT_PAGE);
	kt_check(sysfs_num("pins") == pins + 1, "pin unmapped: still pinned after munmap",
		 "pins %lld", sysfs_num("pins"));
	kt_expect(unpin(fd, handle), 0, "pin unmapped: unpin after munmap");
	kt_check(sysfs_num("pins") == pins, "pin unmapped: gone after unpin", "pins %lld",
		 sysfs_num("pins"));
}

/* Close unpins what the file still holds. */
static void test_pin_close(struct kt_env *env)
{
	long long pins = sysfs_num("pins"), bytes = sysfs_num("dma_bytes");
	uint8_t *mem = anon(6 * KT_PAGE, PROT_READ | PROT_WRITE);
	int fd = kt_open_node(env->sim.addr, O_RDWR);
	uint64_t bus[2];
	int n = 0;

	if (!mem || fd < 0) {
		kt_check(0, "pin close: setup", "%s", strerror(errno));
		return;
	}
	for (int i = 0; i < 3; i++)
		n += pin(fd, mem + 2 * i * KT_PAGE, 2 * KT_PAGE, bus, NULL) == 0;
	/* The same pages twice: each pin holds them. */
	n += pin(fd, mem, 2 * KT_PAGE, bus, NULL) == 0;
	kt_check(n == 4 && sysfs_num("pins") == pins + 4, "pin close: four ranges pinned",
		 "%d pinned, pins %lld", n, sysfs_num("pins"));
	close(fd);
	kt_check(sysfs_num("pins") == pins && sysfs_num("dma_bytes") == bytes,
		 "pin close: close unpins them all", "pins %lld, dma_bytes %lld",
		 sysfs_num("pins"), sysfs_num("dma_bytes"));
	munmap(mem, 6 * KT_PAGE);
}

/* dma_max_mb bounds pinned and DMA memory together. */
static void test_pin_limit(struct kt_env *env, int fd)
{
	size_t len = 768 << 10;
	uint8_t *mem = anon(2 * len, PROT_READ | PROT_WRITE);
	uint64_t *bus = calloc(2 * len / KT_PAGE, sizeof(*bus));
	struct barehip_dma_alloc a;
	uint32_t h1 = 0, h2 = 0;
	int fd2;

	if (!mem || !bus) {
		kt_check(0, "pin limit: setup", "%s", strerror(errno));
		return;
	}
	kt_write_file(MAX_MB_PARAM, "1");
	kt_expect(pin(fd, mem, 2 * len, bus, NULL), ENOMEM,
		  "pin limit: 1.5 MiB over a 1 MiB limit");
	kt_expect(pin(fd, mem, len, bus, &h1), 0, "pin limit: 768 KiB under it");
	kt_expect(kt_dma_alloc(fd, 512 << 10, &a), ENOMEM,
		  "pin limit: DMA memory counts the pinned bytes");
	fd2 = kt_open_node(env->sim.addr, O_RDWR);
	kt_expect(pin(fd2, mem + len, 512 << 10, bus, NULL), ENOMEM,
		  "pin limit: another open file gets no more");
	kt_expect(pin(fd2, mem + len, 256 << 10, bus, &h2), 0,
		  "pin limit: ... but what is left");
	kt_expect(unpin(fd, h1), 0, "pin limit: unpin");
	kt_check(kt_dma_alloc(fd, 512 << 10, &a) == 0, "pin limit: unpinning makes room",
		 "%s", strerror(errno));
	kt_dma_free(fd, a.handle);
	if (fd2 >= 0)
		close(fd2);
	kt_write_file(MAX_MB_PARAM, "1024");
	munmap(mem, 2 * len);
	free(bus);
}

void test_pin(struct kt_env *env)
{
	int fd = kt_open_node(env->sim.addr, O_RDWR);

	kt_node_of(env->sim.addr, NULL, 0, cls_dir, sizeof(cls_dir));
	kt_check(fd >= 0 && sysfs_num("pins") == 0, "pin: open, nothing pinned", "%s, pins %lld",
		 strerror(errno), sysfs_num("pins"));
	if (fd < 0)
		return;
	test_pin_dma(env, fd);
	test_pin_bad(env, fd);
	test_unmap_while_pinned(fd);
	test_pin_limit(env, fd);
	close(fd);
	test_pin_close(env);
	kt_check(sysfs_num("pins") == 0 && sysfs_num("dma_bytes") == 0,
		 "pin: nothing left pinned", "pins %lld, dma_bytes %lld", sysfs_num("pins"),
		 sysfs_num("dma_bytes"));
}
