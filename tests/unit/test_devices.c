// SPDX-License-Identifier: MIT
/*
 * Several devices in one process: two sim boards, each with its own
 * queue and its own copy of testk's code object, run bounded_kernel
 * independently; a kernel loaded on one device cannot be launched on
 * the other's queue; everything unloads and closes cleanly.
 */
#include <stdlib.h>
#include <string.h>

#include <bh/backends.h>

#include "generated/autoconf.h"
#include "internal.h"
#include "testlib.h"

#define SIM_GFX CONFIG_SIM_TARGET

#define NDEV 2

struct board {
	struct bh_platform *plat;
	struct bh_device *dev;
	struct bh_queue *q;
	struct bh_codeobj *co;
	const struct bh_kernel *k;
	struct bh_mem buf;
};

static void test_two_devices(void)
{
	struct board b[NDEV];
	struct bh_error err = { 0 };
	size_t size;
	uint8_t *img = test_load_testk(SIM_GFX, &size);

	CU_ASSERT_PTR_NOT_NULL_FATAL(img);
	memset(b, 0, sizeof(b));
	for (int i = 0; i < NDEV; i++) {
		b[i].plat = bh_platform_sim_new();
		CU_ASSERT_PTR_NOT_NULL_FATAL(b[i].plat);
		CU_ASSERT_EQUAL_FATAL(bh_device_open(&b[i].dev, b[i].plat, &err), 0);
		CU_ASSERT_EQUAL_FATAL(bh_queue_create(b[i].dev, &b[i].q, &err), 0);
		CU_ASSERT_EQUAL_FATAL(bh_codeobj_load(b[i].dev, img, size, &b[i].co, &err), 0);
		b[i].k = bh_codeobj_find_kernel(b[i].co, "_Z14bounded_kernelPi");
		CU_ASSERT_PTR_NOT_NULL_FATAL(b[i].k);
		CU_ASSERT_EQUAL_FATAL(bh_mem_alloc(b[i].dev, 4096, BH_MEM_HOST, &b[i].buf, &err), 0);
		memset(b[i].buf.cpu, 0xff, 4096);
	}
	/* Different block sizes on each, so the results tell them apart. */
	for (int i = 0; i < NDEV; i++) {
		uint64_t va = b[i].buf.gpu_va, seq;
		void *args[] = { &va };
		struct bh_launch l = { .grid = { 32u + 32u * (unsigned)i, 1, 1 },
				       .block = { 32u + 32u * (unsigned)i, 1, 1 }, .args = args };

		CU_ASSERT_EQUAL(bh_queue_launch(b[i].q, b[i].k, &l, &seq, &err), 0);
		CU_ASSERT_EQUAL(bh_queue_wait(b[i].q, seq, &err), 0);
	}
	for (int i = 0; i < NDEV; i++) {
		const int *p = b[i].buf.cpu;
		int n = 32 + 32 * i;

		CU_ASSERT_EQUAL(p[0], 0);
		CU_ASSERT_EQUAL(p[n - 1], n - 1);
		CU_ASSERT_EQUAL(p[n], -1);		/* untouched */
	}
	/* Device 0's kernel on device 1's queue. */
	{
		uint64_t va = b[1].buf.gpu_va;
		void *args[] = { &va };
		struct bh_launch l = { .grid = { 32, 1, 1 }, .block = { 32, 1, 1 }, .args = args };

		CU_ASSERT_EQUAL(bh_queue_launch(b[1].q, b[0].k, &l, NULL, &err), BH_EINVAL);
		ASSERT_CONTAINS(err.message, "loaded on another device");
	}
	for (int i = 0; i < NDEV; i++) {
		bh_mem_free(b[i].dev, &b[i].buf);
		CU_ASSERT_EQUAL(bh_codeobj_unload(b[i].co, &err), 0);
		bh_queue_destroy(b[i].q);
		bh_device_close(b[i].dev);
		bh_platform_sim_delete(b[i].plat);
	}
	free(img);
}

CU_ErrorCode bh_tests_devices(void)
{
	CU_pSuite s = CU_add_suite("devices", NULL, NULL);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "two sim devices in one process", test_two_devices);
	return CU_get_error();
}
