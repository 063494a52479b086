// SPDX-License-Identifier: MIT
/*
 * Launch validation and kernarg layout for args_kernel(char, double,
 * int*, pair) and bounded_kernel (__launch_bounds__(128)) from testk.hip.
 * Hidden values are hand-computed from docs/facts/dispatch.md §4.
 */
#include <stdlib.h>
#include <string.h>

#include <bh/loader.h>
#include "generated/autoconf.h"
#include "internal.h"
#include "testlib.h"

#define SIM_GFX CONFIG_SIM_TARGET

static struct bh_device *dev;
static struct bh_codeobj *co;
static const struct bh_kernel *args_k, *bounded_k, *lds_k;

static int setup(void)
{
	struct bh_error err;
	size_t size;
	uint8_t *img;

	dev = test_sim_device();
	img = test_load_testk(SIM_GFX, &size);
	if (!dev || !img || bh_codeobj_load(dev, img, size, &co, &err)) {
		free(img);
		return 1;
	}
	free(img);
	args_k = bh_codeobj_find_kernel(co, "_Z11args_kernelcdPi4pair");
	bounded_k = bh_codeobj_find_kernel(co, "_Z14bounded_kernelPi");
	lds_k = bh_codeobj_find_kernel(co, "_Z10lds_kernelPf");
	return args_k && bounded_k && lds_k ? 0 : 1;
}

static int teardown(void)
{
	struct bh_error err;

	if (co)
		bh_codeobj_unload(co, &err);
	test_sim_device_close(dev);
	return 0;
}

static uint32_t rd32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static uint16_t rd16(const uint8_t *p) { uint16_t v; memcpy(&v, p, 2); return v; }
static uint64_t rd64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }

static void test_explicit_and_hidden(void)
{
	char c = 'x';
	double d = 2.75;
	uint64_t ptr = 0x1000002000ull;
	struct { int a; float b; } pair = { -3, 1.5f };
	void *args[] = { &c, &d, &ptr, &pair };
	/* 1000 x 3 x 1 work-items in blocks of 256 x 2 x 1. */
	struct bh_launch l = { .grid = { 1000, 3, 1 }, .block = { 256, 2, 1 }, .args = args };
	uint8_t ka[512];
	struct bh_error err = { 0 };

	memset(ka, 0xa5, sizeof(ka));
	CU_ASSERT_EQUAL_FATAL(bh_kernarg_build(args_k, &l, ka, sizeof(ka), &err), 0);
	CU_ASSERT_EQUAL(ka[0], 'x');
	CU_ASSERT_EQUAL(ka[1], 0);			/* padding is zero */
	CU_ASSERT_EQUAL(memcmp(ka + 8, &d, 8), 0);
	CU_ASSERT_EQUAL(rd64(ka + 16), ptr);
	CU_ASSERT_EQUAL(memcmp(ka + 24, &pair, 8), 0);
	/* Hidden block at 32. */
	CU_ASSERT_EQUAL(rd32(ka + 32), 3);		/* 1000 / 256 full blocks */
	CU_ASSERT_EQUAL(rd32(ka + 36), 1);		/* 3 / 2 */
	CU_ASSERT_EQUAL(rd32(ka + 40), 1);
	CU_ASSERT_EQUAL(rd16(ka + 44), 256);		/* group sizes */
	CU_ASSERT_EQUAL(rd16(ka + 46), 2);
	CU_ASSERT_EQUAL(rd16(ka + 48), 1);
	CU_ASSERT_EQUAL(rd16(ka + 50), 1000 % 256);	/* remainders */
	CU_ASSERT_EQUAL(rd16(ka + 52), 1);
	CU_ASSERT_EQUAL(rd16(ka + 54), 0);
	CU_ASSERT_EQUAL(rd64(ka + 32 + 40), 0);		/* global offsets */
	CU_ASSERT_EQUAL(rd16(ka + 32 + 64), 2);		/* grid dims */
	/* Everything after the listed arguments is zero up to 288. */
	for (unsigned i = 32 + 66; i < 288; i++)
		if (ka[i] != 0) {
			CU_FAIL("non-zero byte in the hidden block");
			break;
		}
	CU_ASSERT_EQUAL(ka[288], 0xa5);			/* nothing past the end */
}

static void test_raw_args(void)
{
	uint8_t raw[32], ka[512];
	struct bh_error err = { 0 };
	struct bh_launch l = { .grid = { 64, 1, 1 }, .block = { 64, 1, 1 },
			       .raw_args = raw, .raw_size = sizeof(raw) };

	for (unsigned i = 0; i < sizeof(raw); i++)
		raw[i] = (uint8_t)(i + 1);
	CU_ASSERT_EQUAL(bh_launch_validate(dev, args_k, &l, &err), 0);
	CU_ASSERT_EQUAL(bh_kernarg_build(args_k, &l, ka, sizeof(ka), &err), 0);
	CU_ASSERT_EQUAL(memcmp(ka, raw, sizeof(raw)), 0);
	CU_ASSERT_EQUAL(rd32(ka + 32), 1);
	l.raw_size = 24;
	CU_ASSERT_EQUAL(bh_launch_validate(dev, args_k, &l, &err), BH_EINVAL);
	ASSERT_CONTAINS(err.message, "24 bytes of arguments given, the kernel takes 32");
}

static void expect_invalid(const struct bh_kernel *k, struct bh_launch l, int code,
			   const char *text)
{
	struct bh_error err = { 0 };
	int x = 0;
	void *args[] = { &x, &x, &x, &x };

	if (!l.raw_args)
		l.args = args;
	CU_ASSERT_EQUAL(bh_launch_validate(dev, k, &l, &err), code);
	ASSERT_CONTAINS(err.message, text);
}

static void test_validation_names_the_cause(void)
{
	expect_invalid(args_k, (struct bh_launch){ .grid = { 0, 1, 1 }, .block = { 64, 1, 1 } },
		       BH_EINVAL, "kernel '_Z11args_kernelcdPi4pair' grid (0,1,1) block (64,1,1): grid.x is zero");
	expect_invalid(args_k, (struct bh_launch){ .grid = { 64, 1, 1 }, .block = { 64, 0, 1 } },
		       BH_EINVAL, "block.y is zero");
	expect_invalid(args_k, (struct bh_launch){ .grid = { 2048, 1, 1 }, .block = { 2048, 1, 1 } },
		       BH_EINVAL, "block.x = 2048 exceeds the device limit 1024");
	expect_invalid(args_k, (struct bh_launch){ .grid = { 512, 4, 1 }, .block = { 512, 4, 1 } },
		       BH_EINVAL, "2048 threads per block exceed the device limit 1024");
	expect_invalid(bounded_k, (struct bh_launch){ .grid = { 1024, 1, 1 }, .block = { 256, 1, 1 } },
		       BH_EBOUNDS, "exceed the kernel's __launch_bounds__ (max_flat_workgroup_size 128)");
	expect_invalid(lds_k, (struct bh_launch){ .grid = { 64, 1, 1 }, .block = { 64, 1, 1 },
						   .dynamic_lds = 65536 },
		       BH_ERANGE, "69632 bytes of LDS (4096 static + 65536 dynamic)");
	expect_invalid(NULL, (struct bh_launch){ .grid = { 1, 1, 1 }, .block = { 1, 1, 1 } },
		       BH_EINVAL, "null kernel");

	struct bh_error err = { 0 };
	struct bh_launch ok = { .grid = { 128, 1, 1 }, .block = { 128, 1, 1 } };
	int x;
	void *args[] = { &x };

	ok.args = args;
	CU_ASSERT_EQUAL(bh_launch_validate(dev, bounded_k, &ok, &err), 0);
	ok.args = NULL;
	CU_ASSERT_EQUAL(bh_launch_validate(dev, bounded_k, &ok, &err), BH_EINVAL);
	ASSERT_CONTAINS(err.message, "takes 1 arguments, none given");
}

CU_ErrorCode bh_tests_kernarg(void)
{
	CU_pSuite s = CU_add_suite("kernarg", setup, teardown);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "explicit and hidden v5 arguments", test_explicit_and_hidden);
	CU_add_test(s, "raw argument buffer", test_raw_args);
	CU_add_test(s, "validation names kernel, dims and cause", test_validation_names_the_cause);
	return CU_get_error();
}
