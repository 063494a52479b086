// SPDX-License-Identifier: MIT
/*
 * libFuzzer target: code-object loading (ELF headers, segments,
 * relocations, .dynsym, the metadata note and its msgpack) on the sim
 * board.  Every input must end in success or an error with a message;
 * ASan and UBSan turn any out-of-bounds access, leak or UB into a crash.
 * Seeds: real clang-19/ld.lld-19 code objects (make fuzz / make check).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <bh/backends.h>
#include <bh/loader.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct bh_device *device(void)
{
	static struct bh_device *dev;
	struct bh_error err = { 0 };

	if (!dev) {
		struct bh_platform *plat = bh_platform_sim_new();

		if (!plat || bh_device_open(&dev, plat, &err)) {
			fprintf(stderr, "fuzz: no sim device: %s\n", err.message);
			abort();
		}
	}
	return dev;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bh_error err = { 0 };
	struct bh_codeobj *co = NULL;
	int ret = bh_codeobj_load(device(), data, size, &co, &err);

	if (ret) {
		if (!err.message[0])
			abort();	/* every failure must say why */
		return 0;
	}
	for (unsigned i = 0; i < bh_codeobj_kernel_count(co); i++) {
		const struct bh_kernel *k = bh_codeobj_kernel(co, i);

		if (bh_codeobj_find_kernel(co, k->name) != k &&
		    bh_codeobj_find_kernel(co, k->name) == NULL)
			abort();
	}
	if (bh_codeobj_unload(co, &err))
		abort();
	return 0;
}
