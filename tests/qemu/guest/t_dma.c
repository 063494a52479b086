// SPDX-License-Identifier: MIT
/*
 * DMA-coherent buffers: allocation, mapping, freeing, lifetime across
 * free-while-mapped, fork and close, and a real DMA round trip: the host
 * board reads the buffer at its bus address in guest RAM and writes its
 * answer back there.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include "kt.h"

static char cls_dir[64];

static long long live_buffers(void)
{
	char path[96];

	snprintf(path, sizeof(path), "%s/dma_buffers", cls_dir);
	return kt_read_num(path);
}

static long long live_bytes(void)
{
	char path[96];

	snprintf(path, sizeof(path), "%s/dma_bytes", cls_dir);
	return kt_read_num(path);
}

/* The end of guest RAM: the highest "System RAM" range of /proc/iomem
 * (the run script sets the guest's RAM; 0 if unreadable). */
static unsigned long long ram_end(void)
{
	unsigned long long lo, hi, end = 0;
	char line[256];
	FILE *f = fopen("/proc/iomem", "r");

	while (f && fgets(line, sizeof(line), f))
		if (strstr(line, "System RAM") && sscanf(line, " %llx-%llx", &lo, &hi) == 2 &&
		    hi + 1 > end)
			end = hi + 1;
	if (f)
		fclose(f);
	return end;
}

static void test_alloc_free(int fd)
{
	static const uint64_t sizes[] = { KT_PAGE, 5000, 1u << 20 };
	static const uint64_t rounded[] = { KT_PAGE, 2 * KT_PAGE, 1u << 20 };
	struct barehip_dma_alloc a[3];
	long long base = live_buffers(), base_bytes = live_bytes();
	uint64_t total = 0;
	int ok = 1;

	for (int i = 0; i < 3; i++) {
		char name[64];
		int ret = kt_dma_alloc(fd, sizes[i], &a[i]);

		snprintf(name, sizeof(name), "dma: alloc %llu bytes", (unsigned long long)sizes[i]);
		kt_check(ret == 0, name, "%s", strerror(-ret));
		if (ret) {
			ok = 0;
			continue;
		}
		total += rounded[i];
		snprintf(name, sizeof(name), "dma: %llu bytes rounded to pages",
			 (unsigned long long)sizes[i]);
		kt_check(a[i].length == rounded[i], name, "length %llu",
			 (unsigned long long)a[i].length);
		/* No IOMMU: the bus address is guest-physical, inside guest RAM. */
		snprintf(name, sizeof(name), "dma: %llu-byte buffer's bus address is in RAM",
			 (unsigned long long)sizes[i]);
		kt_check(a[i].bus_addr && !(a[i].bus_addr % KT_PAGE) &&
			 a[i].bus_addr + a[i].length <= ram_end(), name, "bus 0x%llx, RAM ends at "
			 "0x%llx", (unsigned long long)a[i].bus_addr, ram_end());
	}
	if (!ok)
		return;
	kt_check(a[0].handle && a[0].handle != a[1].handle && a[1].handle != a[2].handle &&
		 a[0].handle != a[2].handle, "dma: distinct non-zero handles", "%u %u %u",
		 a[0].handle, a[1].handle, a[2].handle);
	kt_check(a[0].mmap_offset != a[1].mmap_offset && !(a[1].mmap_offset % KT_PAGE),
		 "dma: distinct page-aligned mmap offsets", "0x%llx 0x%llx",
		 (unsigned long long)a[0].mmap_offset, (unsigned long long)a[1].mmap_offset);
	kt_check(live_buffers() == base + 3 && live_bytes() == base_bytes + (long long)total,
		 "dma: sysfs counts the live buffers", "%lld buffers %lld bytes",
		 live_buffers(), live_bytes());

	/* Page 1 of a mapping from offset +1 page is page 1 of the whole. */
	{
		volatile uint32_t *whole = kt_map(fd, a[1].mmap_offset, 2 * KT_PAGE);
		volatile uint32_t *second = kt_map(fd, a[1].mmap_offset + KT_PAGE, KT_PAGE);

		kt_check(whole && second, "dma: map whole and from page 1", "%s", strerror(errno));
		if (whole && second) {
			second[7] = 0x600dcafe;
			kt_check(whole[KT_PAGE / 4 + 7] == 0x600dcafe, "dma: offset mappings alias",
				 "0x%x", whole[KT_PAGE / 4 + 7]);
		}
		if (whole)
			munmap((void *)whole, 2 * KT_PAGE);
		if (second)
			munmap((void *)second, KT_PAGE);
	}
	for (int i = 0; i < 3; i++)
		kt_expect(kt_dma_free(fd, a[i].handle), 0, "dma: free");
	kt_check(live_buffers() == base && live_bytes() == base_bytes,
		 "dma: sysfs back to the start after free", "%lld buffers %lld bytes",
		 live_buffers(), live_bytes());
}

/* The board reads the first half at the bus address, writes the second. */
static void test_round_trip(struct kt_env *env, int fd)
{
	struct barehip_dma_alloc a;
	struct kt_board b;
	volatile uint32_t *buf;
	uint64_t sum = 0, want;
	size_t half, bad = 0;
	int st;

	if (kt_board_open(&b, env->sim.addr) || kt_dma_alloc(fd, 1u << 20, &a)) {
		kt_check(0, "dma round trip: setup", "%s", strerror(errno));
		return;
	}
	buf = kt_map(fd, a.mmap_offset, a.length);
	if (!buf) {
		kt_check(0, "dma round trip: map", "%s", strerror(errno));
		goto out;
	}
	half = a.length / 2;
	for (size_t i = 0; i < half / 4; i++)
		buf[i] = echo_pattern(0x77, i);
	memset((void *)((uint8_t *)buf + half), 0, half);
	want = echo_fnv1a((const volatile uint8_t *)buf, half);
	st = kt_board_request(&b, 1, ECHO_OP_DMA, a.bus_addr, a.length, &sum);
	kt_check(st == ECHO_OK && sum == want,
		 "dma round trip: the board reads the buffer at its bus address",
		 "status %d, checksum 0x%llx want 0x%llx", st, (unsigned long long)sum,
		 (unsigned long long)want);
	for (size_t i = 0; i < half / 4; i++)
		bad += buf[half / 4 + i] != echo_pattern(b.seq, i);
	kt_check(bad == 0, "dma round trip: the board's writes show in the mapping",
		 "%zu of %zu words differ", bad, half / 4);
	munmap((void *)buf, a.length);
out:
	kt_dma_free(fd, a.handle);
	kt_board_close(&b);
}

/* Free while mapped: the memory stays until munmap, the handle goes now. */
static void test_free_while_mapped(int fd)
{
	struct barehip_dma_alloc a;
	volatile uint32_t *p;
	long long base = live_buffers();

	if (kt_dma_alloc(fd, KT_PAGE, &a) || !(p = kt_map(fd, a.mmap_offset, KT_PAGE))) {
		kt_check(0, "dma free-while-mapped: setup", "%s", strerror(errno));
		return;
	}
	p[0] = 0xa11ce;
	kt_expect(kt_dma_free(fd, a.handle), 0, "dma free-while-mapped: free succeeds");
	kt_check(p[0] == 0xa11ce && live_buffers() == base + 1,
		 "dma free-while-mapped: memory lives on while mapped", "value 0x%x, %lld live",
		 p[0], live_buffers());
	kt_check(kt_map(fd, a.mmap_offset, KT_PAGE) == NULL && errno == EINVAL,
		 "dma free-while-mapped: the handle is gone for new mappings", "%s",
		 strerror(errno));
	munmap((void *)p, KT_PAGE);
	kt_check(live_buffers() == base, "dma free-while-mapped: freed by munmap", "%lld live",
		 live_buffers());
}

/* fork: the child's copy of the mapping is the same memory, and counted. */
static void test_fork(int fd)
{
	struct barehip_dma_alloc a;
	volatile uint32_t *p;
	long long base = live_buffers();
	int status = -1;
	pid_t pid;

	if (kt_dma_alloc(fd, KT_PAGE, &a) || !(p = kt_map(fd, a.mmap_offset, KT_PAGE))) {
		kt_check(0, "dma fork: setup", "%s", strerror(errno));
		return;
	}
	kt_dma_free(fd, a.handle);	/* only the mappings hold it now */
	p[1] = 1;
	pid = fork();
	if (pid == 0) {
		p[1] = 0xc41d;
		_exit(0);
	}
	waitpid(pid, &status, 0);
	kt_check(p[1] == 0xc41d, "dma fork: the child wrote the same memory", "0x%x", p[1]);
	kt_check(live_buffers() == base + 1, "dma fork: alive after the child exits", "%lld",
		 live_buffers());
	munmap((void *)p, KT_PAGE);
	kt_check(live_buffers() == base, "dma fork: freed with the last mapping", "%lld",
		 live_buffers());
}

/* Close frees what the file still holds. */
static void test_close(struct kt_env *env)
{
	struct barehip_dma_alloc a;
	long long base = live_buffers();
	int fd = kt_open_node(env->sim.addr, O_RDWR);
	int n = 0;

	for (int i = 0; i < 5; i++)
		n += kt_dma_alloc(fd, 3 * KT_PAGE, &a) == 0;
	kt_check(n == 5 && live_buffers() == base + 5, "dma close: five buffers held",
		 "%d allocated, %lld live", n, live_buffers());
	close(fd);
	kt_check(live_buffers() == base, "dma close: all freed by close", "%lld live",
		 live_buffers());
}

/*
 * DMA_ALLOC against DMA_FREE of guessed handles, on one open file shared
 * by two processes (a fork shares the file and its handles, as threads
 * would): the allocator publishes each buffer only once it is complete,
 * so a free that guesses the next handle either misses (EINVAL) or frees
 * a whole buffer (0).  Nothing leaks, nothing else comes back.
 */
static void test_alloc_free_race(struct kt_env *env)
{
	volatile uint32_t *shared = mmap(NULL, KT_PAGE, PROT_READ | PROT_WRITE,
					 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	long long base = live_buffers();
	int fd = kt_open_node(env->sim.addr, O_RDWR);
	int status = -1, bad_alloc = 0, allocs = 0;
	pid_t pid;

	if (fd < 0 || shared == MAP_FAILED) {
		kt_check(0, "dma race: setup", "%s", strerror(errno));
		return;
	}
	shared[0] = 0;	/* stop */
	shared[1] = 0;	/* the allocator's latest handle */
	pid = fork();
	if (pid == 0) {
		unsigned frees = 0, misses = 0, bad = 0;

		while (!shared[0]) {
			for (uint32_t d = 0; d < 3; d++) {
				int ret = kt_dma_free(fd, shared[1] + d);

				frees += ret == 0;
				misses += ret == -EINVAL;
				bad += ret && ret != -EINVAL;
			}
		}
		shared[2] = frees;
		shared[3] = bad;
		_exit(0);
	}
	for (uint64_t t0 = kt_now_ns(); kt_now_ns() - t0 < 1500 * KT_MS;) {
		struct barehip_dma_alloc a;
		int ret = kt_dma_alloc(fd, KT_PAGE, &a);

		allocs++;
		if (ret == 0)
			shared[1] = a.handle;
		else
			bad_alloc += ret != -ENOMEM;
	}
	shared[0] = 1;
	waitpid(pid, &status, 0);
	kt_check(WIFEXITED(status) && WEXITSTATUS(status) == 0 && shared[3] == 0,
		 "dma race: frees of guessed handles give 0 or EINVAL",
		 "status 0x%x, %u other errors", status, shared[3]);
	kt_check(bad_alloc == 0, "dma race: allocations give 0 or ENOMEM",
		 "%d of %d failed otherwise", bad_alloc, allocs);
	kt_check(shared[2] > 0, "dma race: some guessed frees hit a live buffer",
		 "%u frees in %d allocations", shared[2], allocs);
	close(fd);
	kt_check(live_buffers() == base, "dma race: close frees what is left", "%lld live",
		 live_buffers());
	munmap((void *)shared, KT_PAGE);
}

void test_dma(struct kt_env *env)
{
	int fd = kt_open_node(env->sim.addr, O_RDWR);

	kt_node_of(env->sim.addr, NULL, 0, cls_dir, sizeof(cls_dir));
	kt_check(fd >= 0, "dma: open", "%s", strerror(errno));
	if (fd < 0)
		return;
	test_alloc_free(fd);
	test_round_trip(env, fd);
	test_free_while_mapped(fd);
	test_fork(fd);
	close(fd);
	test_close(env);
	test_alloc_free_race(env);
	kt_check(live_buffers() == 0 && live_bytes() == 0, "dma: nothing left allocated",
		 "%lld buffers %lld bytes", live_buffers(), live_bytes());
}
