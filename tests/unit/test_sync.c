// SPDX-License-Identifier: MIT
/*
 * Fences, waits and order between queues, on the sim board: markers with
 * GPU timestamps, a queue held by WAIT_REG_MEM on host memory until the
 * host writes it, one queue's kernel ordered after another's with
 * bh_queue_wait_queue (the result tells which ran first), and fence
 * values crossing a multiple of 2^32 while waits on them are pending.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <bh/backends.h>

#include "generated/autoconf.h"
#include "pm4.h"
#include "testlib.h"

#define SIM_GFX CONFIG_SIM_TARGET

#define EPOCH (1ull << 32)

static struct bh_platform *plat;
static struct bh_device *dev;
static struct bh_codeobj *co;
static const struct bh_kernel *bounded_k, *lds_k;
static struct bh_mem host;	/* gates, timestamps: host memory the GPU maps */
static struct bh_mem buf;	/* kernel data */

static int setup(void)
{
	struct bh_error err = { 0 };
	size_t size;
	uint8_t *img = test_load_testk(SIM_GFX, &size);

	plat = bh_platform_sim_new();
	if (!img || !plat || bh_device_open(&dev, plat, &err) ||
	    bh_codeobj_load(dev, img, size, &co, &err) ||
	    bh_mem_alloc(dev, 4096, BH_MEM_HOST, &host, &err) ||
	    bh_mem_alloc(dev, 4096, BH_MEM_HOST, &buf, &err)) {
		fprintf(stderr, "sync suite setup: %s\n", err.message);
		free(img);
		return 1;
	}
	free(img);
	bounded_k = bh_codeobj_find_kernel(co, "_Z14bounded_kernelPi");
	lds_k = bh_codeobj_find_kernel(co, "_Z10lds_kernelPf");
	return bounded_k && lds_k ? 0 : 1;
}

static int teardown(void)
{
	struct bh_error err;

	bh_mem_free(dev, &buf);
	bh_mem_free(dev, &host);
	bh_codeobj_unload(co, &err);
	bh_device_close(dev);
	bh_platform_sim_delete(plat);
	return 0;
}

static uint32_t *host_word(unsigned int i)
{
	return (uint32_t *)host.cpu + i;
}

static uint64_t host_va(unsigned int i)
{
	return host.gpu_va + 4ull * i;
}

/* 128 work-items of @k on @q over buf (bounded: p[i] = i; lds: reverse). */
static uint64_t launch(struct bh_queue *q, const struct bh_kernel *k)
{
	struct bh_error err = { 0 };
	uint64_t va = buf.gpu_va, seq = 0;
	void *args[] = { &va };
	struct bh_launch l = { .grid = { 128, 1, 1 }, .block = { 128, 1, 1 }, .args = args };

	CU_ASSERT_EQUAL(bh_queue_launch(q, k, &l, &seq, &err), 0);
	return seq;
}

static void test_encodings(void)
{
	uint32_t dw[16];
	struct pm4_builder b;

	/* WAIT_REG_MEM (docs/facts/dispatch.md §6.3): 7 dwords, FUNCTION
	 * [2:0], MEM_SPACE [5:4] = 1. */
	pm4_init(&b, dw, 16);
	pm4_wait_reg_mem(&b, PM4_WAIT_GE, 0x123456789abcull, 77, 0xffff0000u);
	CU_ASSERT_EQUAL(b.len, 7);
	CU_ASSERT_EQUAL(dw[0], 0xC0053C00u);
	CU_ASSERT_EQUAL(dw[1], 5u | 1u << 4);
	CU_ASSERT_EQUAL(dw[2], 0x56789abcu);
	CU_ASSERT_EQUAL(dw[3], 0x1234u);
	CU_ASSERT_EQUAL(dw[4], 77u);
	CU_ASSERT_EQUAL(dw[5], 0xffff0000u);
	CU_ASSERT_EQUAL((int)BH_WAIT_GE, (int)PM4_WAIT_GE);
	CU_ASSERT_EQUAL((int)BH_WAIT_EQ, 3);
	/* RELEASE_MEM with the GPU clock: DATA_SEL 3 in dw2 [31:29]. */
	pm4_init(&b, dw, 16);
	pm4_release_mem(&b, 0, RELEASE_DATA_GPU_CLOCK, RELEASE_INT_NONE, 0x1000, 0, 0);
	CU_ASSERT_EQUAL(dw[2] >> 29, 3u);
	CU_ASSERT_EQUAL((dw[2] >> 24) & 7, 0u);
}

static void test_marker_timestamps(void)
{
	struct bh_error err = { 0 };
	struct bh_queue *q;
	uint64_t s1, s2, s3, *ts = (uint64_t *)host.cpu + 8;

	CU_ASSERT_EQUAL_FATAL(bh_queue_create(dev, &q, &err), 0);
	memset(ts, 0, 16);
	CU_ASSERT_EQUAL(bh_queue_marker(q, host.gpu_va + 64, &s1, &err), 0);
	s2 = launch(q, bounded_k);
	CU_ASSERT_EQUAL(bh_queue_marker(q, host.gpu_va + 72, &s3, &err), 0);
	/* Fence values number every submission, markers included. */
	CU_ASSERT_EQUAL(s2, s1 + 1);
	CU_ASSERT_EQUAL(s3, s2 + 1);
	CU_ASSERT_EQUAL(bh_queue_wait(q, s3, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_completed(q), s3);
	CU_ASSERT_NOT_EQUAL(ts[0], 0);
	CU_ASSERT_TRUE(ts[1] >= ts[0]);
	/* No timestamp: only the fence. */
	ts[0] = 0;
	CU_ASSERT_EQUAL(bh_queue_marker(q, 0, &s1, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_wait(q, s1, &err), 0);
	CU_ASSERT_EQUAL(ts[0], 0);
	CU_ASSERT_EQUAL(bh_queue_marker(q, host.gpu_va + 4, &s1, &err), BH_EINVAL);
	ASSERT_CONTAINS(err.message, "not 8-byte aligned");
	bh_queue_destroy(q);
}

static void test_wait_mem(void)
{
	struct bh_error err = { 0 };
	struct bh_queue *q;
	const int *p = buf.cpu;
	uint64_t seq;

	CU_ASSERT_EQUAL_FATAL(bh_queue_create(dev, &q, &err), 0);
	memset(buf.cpu, 0xff, 4096);
	*host_word(0) = 0;
	CU_ASSERT_EQUAL(bh_queue_wait_mem(q, host_va(0), 1, 0xffffffffu, BH_WAIT_EQ, &err), 0);
	seq = launch(q, bounded_k);
	/* Held: the kernel has not run. */
	CU_ASSERT_EQUAL(bh_queue_test(q, seq, &err), BH_EBUSY);
	CU_ASSERT_EQUAL(p[5], -1);
	CU_ASSERT_EQUAL(bh_queue_wait_for(q, seq, 3000000, false, &err), BH_EBUSY);
	ASSERT_CONTAINS(err.message, "kernel '_Z14bounded_kernelPi'");
	ASSERT_CONTAINS(err.message, "queued behind a wait until the word at");
	ASSERT_CONTAINS(err.message, "is == 1");
	/* The host writes the word: the queue runs on. */
	__atomic_store_n(host_word(0), 1, __ATOMIC_RELEASE);
	CU_ASSERT_EQUAL(bh_queue_wait_for(q, seq, 2000000000u, false, &err), 0);
	CU_ASSERT_EQUAL(p[5], 5);
	CU_ASSERT_EQUAL(bh_queue_wait_mem(q, host_va(0) + 2, 1, 1, BH_WAIT_EQ, &err), BH_EINVAL);
	CU_ASSERT_EQUAL(bh_queue_wait_mem(q, host_va(0), 1, 1, (enum bh_wait_func)7, &err),
			BH_EINVAL);
	bh_queue_destroy(q);
}

/*
 * bounded_kernel on A writes p[i] = i; lds_kernel on B reverses the 128
 * words.  In order the result is p[i] = 127 - i; had B run first (A is
 * held by a gate), the reversal would be overwritten: p[i] = i.
 */
static void test_wait_queue(void)
{
	struct bh_error err = { 0 };
	struct bh_queue *a, *b;
	struct bh_queue_stats st0, st1;
	const int *p = buf.cpu;
	uint64_t sa, sb;

	CU_ASSERT_EQUAL_FATAL(bh_queue_create(dev, &a, &err), 0);
	CU_ASSERT_EQUAL_FATAL(bh_queue_create(dev, &b, &err), 0);
	memset(buf.cpu, 0, 4096);
	*host_word(1) = 0;
	CU_ASSERT_EQUAL(bh_queue_wait_mem(a, host_va(1), 1, 0xffffffffu, BH_WAIT_GE, &err), 0);
	sa = launch(a, bounded_k);
	CU_ASSERT_EQUAL(bh_queue_wait_queue(b, a, sa, &err), 0);
	sb = launch(b, lds_k);
	CU_ASSERT_EQUAL(bh_queue_test(b, sb, &err), BH_EBUSY);
	CU_ASSERT_EQUAL(bh_queue_test(a, sa, &err), BH_EBUSY);
	__atomic_store_n(host_word(1), 1, __ATOMIC_RELEASE);
	/* Waiting for B is enough: the wait looks at the stalled queues. */
	CU_ASSERT_EQUAL(bh_queue_wait(b, sb, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_test(a, sa, &err), 0);
	for (int i = 0; i < 128; i++)
		if (p[i] != 127 - i) {
			CU_FAIL("queue B's kernel did not run after queue A's");
			break;
		}
	/* A fence that has signalled costs nothing; one queue runs in order. */
	bh_queue_get_stats(b, &st0);
	CU_ASSERT_EQUAL(bh_queue_wait_queue(b, a, sa, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_wait_queue(b, b, sb, &err), 0);
	bh_queue_get_stats(b, &st1);
	CU_ASSERT_EQUAL(st1.pm4_dwords, st0.pm4_dwords);
	CU_ASSERT_EQUAL(bh_queue_wait_queue(b, a, sa + 5, &err), BH_EINVAL);
	ASSERT_CONTAINS(err.message, "submitted");
	bh_queue_destroy(b);
	bh_queue_destroy(a);
}

/* Host writes after a delay, from another thread (the gates the queues
 * wait for while the loader is busy draining them). */
struct delayed_write {
	uint32_t *word;
	uint32_t value;
	long ms;
};

static void *write_later(void *arg)
{
	const struct delayed_write *w = arg;
	struct timespec t = { w->ms / 1000, (w->ms % 1000) * 1000000 };

	nanosleep(&t, NULL);
	__atomic_store_n(w->word, w->value, __ATOMIC_RELEASE);
	return NULL;
}

static void test_fence_epochs(void)
{
	struct bh_error err = { 0 };
	struct bh_queue *a, *b;
	uint64_t a0, a1, c1, c2, c3, b1, b2;
	pthread_t t1, t2;

	CU_ASSERT_EQUAL_FATAL(bh_queue_create(dev, &a, &err), 0);
	CU_ASSERT_EQUAL_FATAL(bh_queue_create(dev, &b, &err), 0);
	*host_word(2) = 0;
	*host_word(3) = 0;
	CU_ASSERT_EQUAL(bh_queue_set_next_seq(a, EPOCH - 1, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_set_next_seq(a, 5, &err), BH_EINVAL);
	CU_ASSERT_EQUAL(bh_queue_marker(a, 0, &a0, &err), 0);
	CU_ASSERT_EQUAL(a0, EPOCH - 1);

	/* 1. A held; its next value starts an epoch.  B waits for it: B
	 * must never pass while A has not signalled (the fence still shows
	 * 0xffffffff, which is >= the low half of any new value). */
	struct delayed_write open_a = { host_word(2), 1, 50 };

	CU_ASSERT_EQUAL(bh_queue_wait_mem(a, host_va(2), 1, 0xffffffffu, BH_WAIT_GE, &err), 0);
	CU_ASSERT_EQUAL_FATAL(pthread_create(&t1, NULL, write_later, &open_a), 0);
	CU_ASSERT_EQUAL(bh_queue_marker(a, 0, &a1, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_wait_queue(b, a, a1, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_marker(b, 0, &b1, &err), 0);
	CU_ASSERT_FALSE(bh_queue_test(b, b1, &err) == 0 && bh_queue_test(a, a1, &err) != 0);
	pthread_join(t1, NULL);
	CU_ASSERT_EQUAL(bh_queue_wait(a, a1, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_wait(b, b1, &err), 0);
	CU_ASSERT_EQUAL(a1, EPOCH + 1);		/* EPOCH itself is the epoch's marker */

	/* 2. B waits for A's last values of an epoch, B itself held, while A
	 * moves into the next epoch: B's wait must still pass. */
	CU_ASSERT_EQUAL(bh_queue_set_next_seq(a, 2 * EPOCH - 2, &err), 0);
	struct delayed_write open_a2 = { host_word(2), 2, 50 }, open_b = { host_word(3), 1, 100 };

	CU_ASSERT_EQUAL(bh_queue_wait_mem(a, host_va(2), 2, 0xffffffffu, BH_WAIT_GE, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_marker(a, 0, &c1, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_wait_mem(b, host_va(3), 1, 0xffffffffu, BH_WAIT_GE, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_wait_queue(b, a, c1, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_marker(b, 0, &b2, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_marker(a, 0, &c2, &err), 0);
	CU_ASSERT_EQUAL_FATAL(pthread_create(&t1, NULL, write_later, &open_a2), 0);
	CU_ASSERT_EQUAL_FATAL(pthread_create(&t2, NULL, write_later, &open_b), 0);
	CU_ASSERT_EQUAL(bh_queue_marker(a, 0, &c3, &err), 0);	/* drains A and B */
	pthread_join(t1, NULL);
	pthread_join(t2, NULL);
	CU_ASSERT_EQUAL(c3, 2 * EPOCH + 1);
	CU_ASSERT_EQUAL(bh_queue_wait_for(b, b2, 2000000000ull, false, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_wait(a, c3, &err), 0);
	CU_ASSERT_TRUE(c2 == 2 * EPOCH - 1);
	bh_queue_destroy(b);
	bh_queue_destroy(a);
}

static void test_misuse(void)
{
	struct bh_error err = { 0 };
	struct bh_platform *p2 = bh_platform_sim_new();
	struct bh_device *d2;
	struct bh_queue *q, *q2;
	uint64_t seq;

	CU_ASSERT_EQUAL_FATAL(bh_queue_create(dev, &q, &err), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p2);
	CU_ASSERT_EQUAL_FATAL(bh_device_open(&d2, p2, &err), 0);
	CU_ASSERT_EQUAL_FATAL(bh_queue_create(d2, &q2, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_marker(q2, 0, &seq, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_wait_queue(q, q2, seq, &err), BH_EINVAL);
	ASSERT_CONTAINS(err.message, "another device");
	/* Renumbering needs an idle queue. */
	*host_word(4) = 0;
	CU_ASSERT_EQUAL(bh_queue_wait_mem(q, host_va(4), 1, 1, BH_WAIT_EQ, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_marker(q, 0, &seq, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_set_next_seq(q, 1000, &err), BH_EBUSY);
	*host_word(4) = 1;
	CU_ASSERT_EQUAL(bh_queue_wait(q, seq, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_set_next_seq(q, 1000, &err), 0);
	CU_ASSERT_EQUAL(bh_queue_marker(q, 0, &seq, &err), 0);
	CU_ASSERT_EQUAL(seq, 1000);
	/* Every queue its own serial number, even at a reused address. */
	CU_ASSERT_NOT_EQUAL(bh_queue_serial(q), bh_queue_serial(q2));
	uint64_t serial = bh_queue_serial(q2);

	bh_queue_destroy(q2);
	CU_ASSERT_EQUAL_FATAL(bh_queue_create(d2, &q2, &err), 0);
	CU_ASSERT_TRUE(bh_queue_serial(q2) > serial);
	/* VRAM accounting (hipMemGetInfo): allocations count, host memory not. */
	struct bh_mem v, h;
	uint64_t used = bh_device_vram_used(d2);

	CU_ASSERT_EQUAL(bh_mem_alloc(d2, 1 << 20, BH_MEM_VRAM, &v, &err), 0);
	CU_ASSERT_EQUAL(bh_mem_alloc(d2, 1 << 20, BH_MEM_HOST, &h, &err), 0);
	CU_ASSERT_EQUAL(bh_device_vram_used(d2), used + (1 << 20));
	bh_mem_free(d2, &v);
	bh_mem_free(d2, &h);
	CU_ASSERT_EQUAL(bh_device_vram_used(d2), used);
	bh_queue_destroy(q2);
	bh_device_close(d2);
	bh_platform_sim_delete(p2);
	bh_queue_destroy(q);
}

CU_ErrorCode bh_tests_sync(void)
{
	CU_pSuite s = CU_add_suite("sync", setup, teardown);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "WAIT_REG_MEM and timestamp encodings", test_encodings);
	CU_add_test(s, "markers: fence values and GPU timestamps", test_marker_timestamps);
	CU_add_test(s, "WAIT_REG_MEM holds a queue until the host writes", test_wait_mem);
	CU_add_test(s, "one queue's kernel after another's", test_wait_queue);
	CU_add_test(s, "fence values crossing 2^32 with waits pending", test_fence_epochs);
	CU_add_test(s, "other device, renumbering, serials, VRAM use", test_misuse);
	return CU_get_error();
}
