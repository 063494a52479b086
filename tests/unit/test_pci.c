// SPDX-License-Identifier: MIT
/*
 * The pci backend (loader/platform/pci.c) against a scripted machine: a
 * fake host (bh/pci.h) whose config space answers as PCI functions do
 * (BARs read back their size mask after all ones are written, with
 * their type bits), whose "BARs" are host buffers, and whose sim board
 * answers its command mailbox from a thread -- or not at all.  What a
 * board with no operating system meets on a bad day: no device, an AMD
 * GPU the backend does not drive, a BAR missing or of the wrong kind, a
 * BAR larger than its window, no sim board header, a board that does
 * not answer, a fence that never comes.  Each must end in a clear error,
 * with the function's memory decoding and bus mastering off again.
 */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <CUnit/CUnit.h>
#include <bh/loader.h>
#include <bh/pci.h>
#include "../../boards/sim/server-regs.h"
#include "../../kmod/uapi/barehip.h"
#include "testlib.h"

#define SIM_DEV		3		/* ivshmem at 00:03.0 */
#define BAR2_SIZE	(2u << 20)
#define VRAM_OFF	0x100000u
#define VRAM_SIZE	0x100000u
#define POOL_SIZE	(4u << 20)

struct fake_fn {
	bool present;
	uint16_t vendor, device;
	uint32_t command;
	uint64_t bar_size[6];		/* 0: not implemented */
	uint32_t bar_flags[6];		/* the read-only type bits */
	uint32_t bar_val[6];		/* what was written */
};

static struct {
	struct fake_fn fn[32];		/* bus 0, function 0 of each device */
	struct bh_pci_host host;
	uint8_t *bar0, *bar2;
	enum bh_pci_map bar0_how, bar2_how;
	void *pool;
	uint64_t gart_base;		/* the fake board's GART aperture */
	bool answer;			/* the board thread answers commands */
	pthread_t board;
	volatile bool stop;
	unsigned commands[16];		/* what the board was asked, in order */
	unsigned ncommands;
} m;

static uint64_t bar_addr(const struct fake_fn *f, unsigned i)
{
	uint64_t a = f->bar_val[i] & ~0xfull;

	if (f->bar_flags[i] & 4)
		a |= (uint64_t)f->bar_val[i + 1] << 32;
	return a;
}

static uint32_t cfg_read(void *ctx, unsigned bus, unsigned dev, unsigned fn, unsigned off)
{
	const struct fake_fn *f = &m.fn[dev];

	(void)ctx;
	if (bus || fn || !f->present)
		return 0xffffffffu;
	switch (off) {
	case 0x00:
		return f->vendor | (uint32_t)f->device << 16;
	case 0x04:
		return f->command;
	case 0x08:
		return 0x05000001u;
	case 0x0c:
		return 0;
	}
	if (off >= 0x10 && off < 0x28) {
		unsigned i = (off - 0x10) / 4;

		/* The upper half of a 64-bit BAR: the size's upper bits read as 0. */
		if (i && f->bar_flags[i - 1] & 4 && !(f->bar_flags[i - 1] & 1))
			return f->bar_val[i] & (uint32_t)(~(f->bar_size[i - 1] - 1) >> 32);
		if (!f->bar_size[i])
			return 0;
		return (f->bar_val[i] & (uint32_t)~(f->bar_size[i] - 1) & ~0xfu) | f->bar_flags[i];
	}
	return 0;
}

static void cfg_write(void *ctx, unsigned bus, unsigned dev, unsigned fn, unsigned off,
		      uint32_t v)
{
	struct fake_fn *f = &m.fn[dev];

	(void)ctx;
	if (bus || fn || !f->present)
		return;
	if (off == 0x04)
		f->command = v & 0xffffu;
	else if (off >= 0x10 && off < 0x28)
		f->bar_val[(off - 0x10) / 4] = v;
}

static void *fake_map(void *ctx, uint64_t pa, uint64_t size, enum bh_pci_map how, uint64_t va)
{
	const struct fake_fn *f = &m.fn[SIM_DEV];

	(void)ctx;
	if (va) {		/* the DMA pool, over the room machine() holds */
		void *p;

		if (va != m.gart_base || size > POOL_SIZE)
			return NULL;
		p = mmap((void *)(uintptr_t)va, size, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
		return p == MAP_FAILED ? NULL : p;
	}
	if (pa == bar_addr(f, 0) && size >= 16) {
		m.bar0_how = how;
		return m.bar0;
	}
	if (pa == bar_addr(f, 2) && size == BAR2_SIZE) {
		m.bar2_how = how;
		return m.bar2;
	}
	return NULL;
}

static uint64_t fake_now(void *ctx)
{
	struct timespec t;

	(void)ctx;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static void fake_relax(void *ctx)
{
	(void)ctx;
	sched_yield();
}

static void fake_log(void *ctx, const char *line)
{
	(void)ctx;
	(void)line;
}

static void fake_print(void *ctx, const char *text, size_t len)
{
	(void)ctx;
	(void)text;
	(void)len;
}

/* The sim board's mailbox: every command done, none of its queues run. */
static void *board_main(void *arg)
{
	struct bhsim_regs *r = arg;

	while (!m.stop) {
		uint32_t seq = __atomic_load_n(&r->cmd_seq, __ATOMIC_ACQUIRE);

		if (seq != r->done_seq) {
			if (m.ncommands < 16)
				m.commands[m.ncommands++] = r->cmd;
			r->status = 0;
			__atomic_store_n(&r->done_seq, seq, __ATOMIC_RELEASE);
		}
		sched_yield();
	}
	return NULL;
}

/* A healthy machine: the sim board at 00:03.0, answering. */
static void machine(bool answer)
{
	struct fake_fn *f = &m.fn[SIM_DEV];
	struct barehip_sim_header *h;
	struct bhsim_regs *r;

	memset(&m.fn, 0, sizeof(m.fn));
	m.ncommands = 0;
	f->present = true;
	f->vendor = 0x1af4;
	f->device = 0x1110;
	f->bar_size[0] = 256;
	f->bar_size[1] = 4096;		/* MSI-X */
	f->bar_size[2] = BAR2_SIZE;
	f->bar_flags[2] = 0x4 | 0x8;	/* 64-bit, prefetchable */
	if (!m.bar0)
		m.bar0 = aligned_alloc(4096, 4096);
	if (!m.bar2)
		m.bar2 = aligned_alloc(4096, BAR2_SIZE);
	memset(m.bar0, 0, 4096);
	memset(m.bar2, 0, BAR2_SIZE);
	h = (struct barehip_sim_header *)m.bar2;
	h->magic = BAREHIP_SIM_MAGIC;
	h->version = BAREHIP_SIM_VERSION;
	h->header_size = sizeof(*h);
	h->model_peer = 0;
	h->model_vectors = BHSIM_VECTORS;
	strcpy(h->target, "gfx90a");
	h->regs_offset = BHSIM_REGS_OFFSET;
	h->regs_size = BHSIM_REGS_SIZE;
	h->doorbell_offset = BHSIM_DOORBELL_OFFSET;
	h->doorbell_size = BHSIM_DOORBELL_SIZE;
	h->vram_offset = VRAM_OFF;
	h->vram_size = VRAM_SIZE;
	r = (struct bhsim_regs *)(m.bar2 + BHSIM_REGS_OFFSET);
	r->magic = BHSIM_REGS_MAGIC;
	r->version = BHSIM_REGS_VERSION;
	strcpy(r->target, "gfx90a");
	strcpy(r->name, "fake sim board");
	r->mach = 0x3f;		/* EF_AMDGPU_MACH_AMDGCN_GFX90A */
	r->gfx_version = 90010;
	r->wave_size = 64;
	r->num_cus = 4;
	r->simds_per_cu = 4;
	r->max_waves_per_simd = 8;
	r->lds_size = 65536;
	r->max_workgroup_size = 1024;
	r->clock_hz = 1700000000;
	r->max_queues = BHSIM_MAX_QUEUES;
	r->vram_base = 0x1000000000ull;
	r->vram_size = VRAM_SIZE;
	/*
	 * The aperture: room this process holds for the pool (a fixed
	 * address could meet the sanitizers' regions or the in-process
	 * board's), reserved until the backend maps the pool over it.
	 */
	if (!m.pool) {
		void *room = mmap(NULL, POOL_SIZE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		CU_ASSERT_FATAL(room != MAP_FAILED);
		m.pool = room;
	}
	m.gart_base = (uint64_t)(uintptr_t)m.pool;
	r->gart_base = m.gart_base;
	r->gart_size = 1ull << 40;
	r->timestamp_hz = 100000000;
	m.host = (struct bh_pci_host){
		.name = "fake", .bus_first = 0, .bus_last = 0,
		.config_read = cfg_read, .config_write = cfg_write,
		.mem32 = { 0x10000000, 0x10000000 }, .mem64 = { 0x8000000000ull, 1ull << 30 },
		.dma_bus = 0x40000000, .dma_size = POOL_SIZE,
		.map = fake_map, .now_ns = fake_now, .relax = fake_relax,
		.log = fake_log, .print = fake_print,
	};
	m.answer = answer;
	m.stop = false;
	if (answer)
		CU_ASSERT_FATAL(!pthread_create(&m.board, NULL, board_main, r));
	setenv("BAREHIP_PCI_CMD_TIMEOUT_MS", "200", 1);
}

static void machine_end(void)
{
	if (m.answer) {
		m.stop = true;
		pthread_join(m.board, NULL);
	}
	if (m.pool)
		munmap(m.pool, POOL_SIZE);	/* the room, or the pool over it */
	m.pool = NULL;
	unsetenv("BAREHIP_PCI_CMD_TIMEOUT_MS");
}

/* Open on the scripted machine; the error's code, its message in @err. */
static int try_open(struct bh_device **dev, struct bh_platform **p, struct bh_error *err)
{
	*p = bh_platform_pci_new(&m.host);
	CU_ASSERT_PTR_NOT_NULL_FATAL(*p);
	memset(err, 0, sizeof(*err));
	return bh_device_open(dev, *p, err);
}

static void expect_refused(int code, const char *a, const char *b)
{
	struct bh_device *dev;
	struct bh_platform *p;
	struct bh_error err;

	CU_ASSERT_EQUAL(try_open(&dev, &p, &err), code);
	ASSERT_CONTAINS(err.message, a);
	if (b)
		ASSERT_CONTAINS(err.message, b);
	/* Whatever happened, the function does not decode or reach RAM. */
	CU_ASSERT_EQUAL(m.fn[SIM_DEV].command & 6, 0);
	bh_platform_pci_delete(p);
	machine_end();
}

static void test_open_close(void)
{
	const struct fake_fn *f = &m.fn[SIM_DEV];
	struct bh_device *dev;
	struct bh_platform *p;
	struct bh_error err;
	struct bh_mem host, vram;

	machine(true);
	if (try_open(&dev, &p, &err)) {
		printf("\n  open: %s\n", err.message);
		CU_FAIL("open");
		machine_end();
		return;
	}
	const struct bh_device_info *info = bh_device_get_info(dev);

	ASSERT_CONTAINS(info->gfx, "gfx90a");
	CU_ASSERT_EQUAL(info->pci_device, SIM_DEV);
	/* BAR0 (and the MSI-X BAR) in the 32-bit window, BAR2 in the 64-bit
	 * one, each aligned to its size; decoding and mastering on. */
	for (unsigned i = 0; i < 3; i++) {
		uint64_t a = bar_addr(f, i);

		bool in_window = i < 2 ? a >= 0x10000000 && a + f->bar_size[i] <= 0x20000000 :
				 a >= 0x8000000000ull && a + BAR2_SIZE <= 0x8040000000ull;

		CU_ASSERT_EQUAL(a % f->bar_size[i], 0);
		CU_ASSERT_TRUE(in_window);
	}
	CU_ASSERT_NOT_EQUAL(bar_addr(f, 0), bar_addr(f, 1));
	CU_ASSERT_EQUAL(f->command & 6, 6);
	CU_ASSERT_EQUAL(m.bar0_how, BH_PCI_MAP_DEVICE);
	CU_ASSERT_EQUAL(m.bar2_how, BH_PCI_MAP_WC);
	/* A reset, then the DMA pool into the GART. */
	CU_ASSERT_TRUE(m.ncommands >= 2 && m.commands[0] == BHSIM_CMD_RESET &&
		       m.commands[1] == BHSIM_CMD_GART_MAP);
	CU_ASSERT_EQUAL(bh_mem_alloc(dev, 8192, BH_MEM_HOST, &host, &err), 0);
	CU_ASSERT_EQUAL(host.cpu, (void *)(uintptr_t)host.gpu_va);
	CU_ASSERT_TRUE(host.gpu_va >= m.gart_base && host.gpu_va < m.gart_base + POOL_SIZE);
	CU_ASSERT_EQUAL(bh_mem_alloc(dev, 8192, BH_MEM_VRAM, &vram, &err), 0);
	CU_ASSERT_EQUAL(vram.cpu, m.bar2 + VRAM_OFF + (vram.gpu_va - 0x1000000000ull));
	bh_mem_free(dev, &vram);
	bh_mem_free(dev, &host);
	bh_device_close(dev);
	CU_ASSERT_EQUAL(f->command & 6, 0);
	bh_platform_pci_delete(p);
	machine_end();
}

static void test_no_device(void)
{
	machine(false);
	m.fn[SIM_DEV].present = false;
	m.fn[1] = (struct fake_fn){ .present = true, .vendor = 0x8086, .device = 0x1234 };
	expect_refused(BH_ENODEV, "no sim board on fake's buses 0-0", NULL);
}

static void test_amd_gpu_named(void)
{
	machine(false);
	m.fn[SIM_DEV].present = false;
	m.fn[1] = (struct fake_fn){ .present = true, .vendor = 0x1002, .device = 0x744c };
	expect_refused(BH_ENODEV, "an AMD GPU (1002:744c) at 00:01.0",
		       "which this backend does not drive yet");
}

static void test_no_usable_bar(void)
{
	machine(false);
	m.fn[SIM_DEV].bar_size[2] = 0;
	expect_refused(BH_ENODEV, "pci 0000:00:03.0: no usable BAR2", "not implemented");
	machine(false);
	m.fn[SIM_DEV].bar_size[2] = 256;
	m.fn[SIM_DEV].bar_flags[2] = 1;
	expect_refused(BH_ENODEV, "no usable BAR2", "an I/O BAR");
	machine(false);
	m.fn[SIM_DEV].bar_size[0] = 0;
	expect_refused(BH_ENODEV, "no usable BAR0", NULL);
}

static void test_bar_too_large(void)
{
	machine(false);
	m.fn[SIM_DEV].bar_size[2] = 1ull << 40;
	expect_refused(BH_ENOMEM, "BAR2 needs 1099511627776 bytes",
		       "the 64-bit window of fake has 1073741824 bytes at 0x8000000000");
}

static void test_no_header(void)
{
	machine(false);
	memset(m.bar2, 0, 4096);
	expect_refused(BH_ENODEV, "ivshmem without the sim board header", "barehip-sim");
}

static void test_not_answering(void)
{
	machine(false);
	expect_refused(BH_ENODEV, "pci 0000:00:03.0: board reset: no answer within 200 ms", NULL);
}

static void test_fence_never_comes(void)
{
	uint32_t old = bh_fence_timeout_ms();
	struct bh_device *dev;
	struct bh_platform *p;
	struct bh_queue *q;
	struct bh_error err;
	uint64_t seq;

	machine(true);
	CU_ASSERT_EQUAL_FATAL(try_open(&dev, &p, &err), 0);
	CU_ASSERT_EQUAL_FATAL(bh_queue_create(dev, &q, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_marker(q, 0, &seq, &err), 0);
	bh_set_fence_timeout_ms(100);
	CU_ASSERT_EQUAL(bh_queue_wait(q, seq, &err), BH_ETIMEDOUT);
	ASSERT_CONTAINS(err.message, "did not finish within 100 ms");
	bh_set_fence_timeout_ms(old);
	bh_queue_destroy(q);
	bh_device_close(dev);
	bh_platform_pci_delete(p);
	machine_end();
}

CU_ErrorCode bh_tests_pci(void)
{
	CU_pSuite s = CU_add_suite("pci", NULL, NULL);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "BARs placed, decoding on, pool and VRAM mapped", test_open_close);
	CU_add_test(s, "no sim board on the bus", test_no_device);
	CU_add_test(s, "an AMD GPU is named, not driven", test_amd_gpu_named);
	CU_add_test(s, "a device with no usable BAR", test_no_usable_bar);
	CU_add_test(s, "a BAR too large for its window", test_bar_too_large);
	CU_add_test(s, "ivshmem without the sim board header", test_no_header);
	CU_add_test(s, "a board that does not answer", test_not_answering);
	CU_add_test(s, "a fence that never comes", test_fence_never_comes);
	return CU_get_error();
}
