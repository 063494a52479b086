// SPDX-License-Identifier: MIT
/*
 * Code-object loading on the sim device, with clang-19/ld.lld-19 output
 * of tests/unit/testk.hip.  Expected values are worked out from the v5
 * ABI by hand (see the comments in testk.hip), not read back from the
 * loader.
 */
#include <stdlib.h>
#include <string.h>

#include <bh/loader.h>
#include "generated/autoconf.h"
#include "sim.h"
#include "testlib.h"

#ifdef CONFIG_SIM_GFX942
#define SIM_GFX "gfx942"
#define OTHER_GFX "gfx90a"
#else
#define SIM_GFX "gfx90a"
#define OTHER_GFX "gfx942"
#endif

static struct bh_device *dev;
static uint8_t *image;
static size_t image_size;

static int setup(void)
{
	dev = test_sim_device();
	image = test_load_testk(SIM_GFX, &image_size);
	return dev && image ? 0 : 1;
}

static int teardown(void)
{
	free(image);
	image = NULL;
	test_sim_device_close(dev);
	return 0;
}

static void test_load_and_lookup(void)
{
	struct bh_error err = { 0 };
	struct bh_codeobj *co;
	struct bh_symbol sym;

	CU_ASSERT_EQUAL_FATAL(bh_codeobj_load(dev, image, image_size, &co, &err), 0);
	CU_ASSERT_EQUAL(bh_codeobj_kernel_count(co), 5);
	ASSERT_CONTAINS(bh_codeobj_target(co), "amdgcn-amd-amdhsa--" SIM_GFX);

	const struct bh_kernel *k = bh_codeobj_find_kernel(co, "_Z11args_kernelcdPi4pair");

	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	CU_ASSERT_PTR_EQUAL(bh_codeobj_find_kernel(co, "_Z11args_kernelcdPi4pair.kd"), k);
	CU_ASSERT_EQUAL(k->nexplicit, 4);
	CU_ASSERT_EQUAL(k->args[0].offset, 0);	/* char */
	CU_ASSERT_EQUAL(k->args[0].size, 1);
	CU_ASSERT_EQUAL(k->args[1].offset, 8);	/* double */
	CU_ASSERT_EQUAL(k->args[2].offset, 16);	/* int* */
	CU_ASSERT_EQUAL(k->args[2].kind, BH_ARG_GLOBAL_BUFFER);
	CU_ASSERT_EQUAL(k->args[3].offset, 24);	/* struct pair */
	CU_ASSERT_EQUAL(k->args[3].size, 8);
	CU_ASSERT_EQUAL(k->explicit_size, 32);
	CU_ASSERT_EQUAL(k->kernarg_size, 32 + 256);	/* v5 hidden block */
	CU_ASSERT_EQUAL(k->args[4].offset, 32);
	CU_ASSERT_EQUAL(k->args[4].kind, BH_ARG_HIDDEN_BLOCK_COUNT_X);
	CU_ASSERT_EQUAL(k->wavefront_size, 64);
	CU_ASSERT_EQUAL(k->max_flat_workgroup_size, 1024);
	CU_ASSERT_EQUAL(k->kd_va % 64, 0);
	CU_ASSERT_EQUAL(k->entry_va % 256, 0);
	CU_ASSERT_EQUAL(k->kd.kernarg_size, 288);

	const struct bh_kernel *b = bh_codeobj_find_kernel(co, "_Z14bounded_kernelPi");

	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_EQUAL(b->max_flat_workgroup_size, 128);	/* __launch_bounds__ */

	const struct bh_kernel *l = bh_codeobj_find_kernel(co, "_Z10lds_kernelPf");

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	CU_ASSERT_EQUAL(l->group_segment_fixed_size, 4096);
	CU_ASSERT_EQUAL(l->kd.group_segment_fixed_size, 4096);
	CU_ASSERT_PTR_NULL(bh_codeobj_find_kernel(co, "no_such_kernel"));

	/* counter_ptr = &counter: RELATIVE64 applied against the load base. */
	struct bh_symbol counter;

	CU_ASSERT_EQUAL(bh_codeobj_find_symbol(co, "counter", &counter), 0);
	CU_ASSERT_EQUAL(counter.size, 4);
	CU_ASSERT_EQUAL(bh_codeobj_find_symbol(co, "counter_ptr", &sym), 0);
	CU_ASSERT_EQUAL(sym.size, 8);
	CU_ASSERT_EQUAL(bh_codeobj_find_symbol(co, "nope", &sym), BH_ENOENT);
	CU_ASSERT_EQUAL(bh_codeobj_unload(co, &err), 0);
}

static void test_relocation_applied(void)
{
	struct bh_error err = { 0 };
	struct bh_codeobj *co1, *co2;
	struct bh_symbol p1, c1, p2, c2;
	struct bh_mem dummy;

	/* Two loads land at different bases; each pointer follows its own. */
	CU_ASSERT_EQUAL_FATAL(bh_codeobj_load(dev, image, image_size, &co1, &err), 0);
	CU_ASSERT_EQUAL_FATAL(bh_mem_alloc(dev, 12345, BH_MEM_VRAM, &dummy, &err), 0);
	CU_ASSERT_EQUAL_FATAL(bh_codeobj_load(dev, image, image_size, &co2, &err), 0);
	CU_ASSERT_EQUAL(bh_codeobj_find_symbol(co1, "counter_ptr", &p1), 0);
	CU_ASSERT_EQUAL(bh_codeobj_find_symbol(co1, "counter", &c1), 0);
	CU_ASSERT_EQUAL(bh_codeobj_find_symbol(co2, "counter_ptr", &p2), 0);
	CU_ASSERT_EQUAL(bh_codeobj_find_symbol(co2, "counter", &c2), 0);
	CU_ASSERT_NOT_EQUAL(c1.gpu_va, c2.gpu_va);
	/* The sim board's VRAM is one host-visible mapping at BH_SIM_VRAM_BASE. */
	uint8_t *vram = (uint8_t *)dummy.cpu - (dummy.gpu_va - BH_SIM_VRAM_BASE);
	uint64_t v1, v2;

	memcpy(&v1, vram + (p1.gpu_va - BH_SIM_VRAM_BASE), 8);
	memcpy(&v2, vram + (p2.gpu_va - BH_SIM_VRAM_BASE), 8);
	CU_ASSERT_EQUAL(v1, c1.gpu_va);
	CU_ASSERT_EQUAL(v2, c2.gpu_va);
	bh_codeobj_unload(co2, &err);
	bh_mem_free(dev, &dummy);
	bh_codeobj_unload(co1, &err);
}

/* Load a patched copy; expect failure with @code and @text. */
static void expect_reject(const uint8_t *img, size_t size, int code, const char *text)
{
	struct bh_error err = { 0 };
	struct bh_codeobj *co = NULL;
	int ret = bh_codeobj_load(dev, img, size, &co, &err);

	CU_ASSERT_EQUAL(ret, code);
	CU_ASSERT_PTR_NULL(co);
	if (ret == 0)
		bh_codeobj_unload(co, &err);
	else
		ASSERT_CONTAINS(err.message, text);
}

static void test_bad_headers(void)
{
	uint8_t *c = malloc(image_size);

	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
#define PATCHED(off, val, code, text) do {				\
		memcpy(c, image, image_size);				\
		c[off] = (uint8_t)(val);				\
		expect_reject(c, image_size, code, text);		\
	} while (0)
	PATCHED(0, 0x7e, BH_ENOEXEC, "not an ELF");
	PATCHED(4, 1, BH_ENOEXEC, "ELF64");		/* ELFCLASS32 */
	PATCHED(7, 65, BH_ENOEXEC, "OS ABI is 65");	/* PAL */
	PATCHED(8, 1, BH_ENOEXEC, "v3");		/* code object v3 */
	PATCHED(8, 0, BH_ENOEXEC, "v2");
	PATCHED(8, 4, BH_ENOEXEC, "v6");
	PATCHED(16, 1, BH_ENOEXEC, "ET_DYN");		/* ET_REL */
	PATCHED(18, 62, BH_ENOEXEC, "EM_AMDGPU");	/* x86-64 */
	PATCHED(48, 0x2c, BH_ENOEXEC, "mach 0x02c");	/* gfx900 */
	/* xnack+ on an xnack- board */
	memcpy(c, image, image_size);
	c[49] = (uint8_t)((c[49] & ~0x03) | 0x03);
	expect_reject(c, image_size, BH_ENOEXEC, "xnack+");
#undef PATCHED
	free(c);
	expect_reject(image, 40, BH_ENOEXEC, "not an ELF");
	expect_reject(image, 64, BH_ENOEXEC, "truncated");
}

static void test_other_target_rejected(void)
{
	size_t size;
	uint8_t *other = test_load_testk(OTHER_GFX, &size);

	CU_ASSERT_PTR_NOT_NULL_FATAL(other);
	expect_reject(other, size, BH_ENOEXEC, "the device is " SIM_GFX);
	free(other);
}

/* Every prefix and thousands of byte flips: errors, never crashes. */
static void test_corruption_is_safe(void)
{
	uint8_t *c = malloc(image_size);
	struct bh_error err;
	struct bh_codeobj *co;
	uint32_t seed = 12345;
	unsigned loaded = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	for (size_t n = 0; n < image_size; n += 97) {
		CU_ASSERT_NOT_EQUAL(bh_codeobj_load(dev, image, n, &co, &err), 0);
	}
	for (int i = 0; i < 3000; i++) {
		memcpy(c, image, image_size);
		for (int j = 0; j < 4; j++) {
			seed = seed * 1103515245u + 12345u;
			c[(seed >> 8) % image_size] ^= (uint8_t)(1u << (seed & 7));
		}
		if (bh_codeobj_load(dev, c, image_size, &co, &err) == 0) {
			loaded++;	/* flips in padding or code bytes */
			CU_ASSERT_EQUAL(bh_codeobj_unload(co, &err), 0);
		} else {
			CU_ASSERT_NOT_EQUAL(err.message[0], 0);
		}
	}
	CU_ASSERT_TRUE(loaded < 3000);
	free(c);
}

/*
 * An untrusted kernel_code_entry_byte_offset: the signed offset is added
 * to the descriptor's address in unsigned 64-bit arithmetic (no signed
 * overflow for UBSan to find) and the entry must land in the loaded
 * text: extremes, an entry before the image, one at image offset 0 (the
 * read-only data, 256-byte aligned and inside the image: accepted once),
 * and one past the end are all refused with a message.
 */
static void test_entry_offset(void)
{
	struct bh_error err = { 0 };
	struct bh_codeobj *co;
	uint8_t *c = malloc(image_size);

	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_EQUAL_FATAL(bh_codeobj_load(dev, image, image_size, &co, &err), 0);
	const struct bh_kernel *k = bh_codeobj_kernel(co, 0);
	int64_t good = k->kd.kernel_code_entry_byte_offset;
	/* The descriptor's bytes in the file, and its image offset from the
	 * PT_LOAD segment that holds them. */
	const uint8_t *kd = memmem(image, image_size, &k->kd, sizeof(k->kd));
	uint64_t kd_off = UINT64_MAX, phoff = 0;
	uint16_t phnum = 0;

	CU_ASSERT_EQUAL(bh_codeobj_unload(co, &err), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(kd);
	size_t at = (size_t)(kd - image);

	memcpy(&phoff, image + 32, 8);		/* Elf64_Ehdr.e_phoff */
	memcpy(&phnum, image + 56, 2);		/* .e_phnum */
	for (unsigned i = 0; i < phnum; i++) {
		const uint8_t *ph = image + phoff + (size_t)i * 56;
		uint32_t type;
		uint64_t off, va, filesz;

		memcpy(&type, ph, 4);
		memcpy(&off, ph + 8, 8);
		memcpy(&va, ph + 16, 8);
		memcpy(&filesz, ph + 32, 8);
		if (type == 1 /* PT_LOAD */ && at >= off && at < off + filesz)
			kd_off = va + (at - off);
	}
	CU_ASSERT_NOT_EQUAL_FATAL(kd_off, UINT64_MAX);
	at += 16;	/* kernel_code_entry_byte_offset */
	const int64_t bad[] = {
		INT64_MAX, INT64_MIN, INT64_MAX - 255, INT64_MIN + 256,
		-(int64_t)kd_off - 256,		/* before the image */
		-(int64_t)kd_off,		/* image offset 0: data, not code */
		(int64_t)(1ull << 40),		/* far past the end */
		good + 1,			/* not 256-byte aligned */
	};

	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memcpy(c, image, image_size);
		memcpy(c + at, &bad[i], 8);
		expect_reject(c, image_size, BH_ENOEXEC, "entry offset");
	}
	/* The original value still loads. */
	memcpy(c, image, image_size);
	memcpy(c + at, &good, 8);
	CU_ASSERT_EQUAL(bh_codeobj_load(dev, c, image_size, &co, &err), 0);
	if (co)
		CU_ASSERT_EQUAL(bh_codeobj_unload(co, &err), 0);
	free(c);
}

CU_ErrorCode bh_tests_codeobj(void)
{
	CU_pSuite s = CU_add_suite("codeobj", setup, teardown);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "load, metadata and lookup", test_load_and_lookup);
	CU_add_test(s, "relocations follow the load base", test_relocation_applied);
	CU_add_test(s, "bad headers are named", test_bad_headers);
	CU_add_test(s, "other target rejected", test_other_target_rejected);
	CU_add_test(s, "corruption is safe", test_corruption_is_safe);
	CU_add_test(s, "untrusted entry offsets are safe", test_entry_offset);
	return CU_get_error();
}
