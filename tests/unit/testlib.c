// SPDX-License-Identifier: MIT
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bh/backends.h>
#include <bh/loader.h>
#include "testlib.h"

uint8_t *test_read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	long n;

	if (!f) {
		fprintf(stderr, "cannot open %s\n", path);
		return NULL;
	}
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)n);
		if (buf && fread(buf, 1, (size_t)n, f) == (size_t)n) {
			*size = (size_t)n;
		} else {
			free(buf);
			buf = NULL;
		}
	}
	fclose(f);
	if (!buf)
		fprintf(stderr, "cannot read %s\n", path);
	return buf;
}

const char *test_gen_path(const char *name)
{
	static char path[512];

	snprintf(path, sizeof(path), "%s/%s", BH_TEST_GEN_DIR, name);
	return path;
}

uint8_t *test_load_testk(const char *gfx, size_t *size)
{
	char name[64];

	snprintf(name, sizeof(name), "testk.%s.co", gfx);
	return test_read_file(test_gen_path(name), size);
}

struct bh_device *test_sim_device(void)
{
	struct bh_platform *plat = bh_platform_sim_new();
	struct bh_error err = { 0 };
	struct bh_device *dev = NULL;

	if (!plat)
		return NULL;
	if (bh_device_open(&dev, plat, &err)) {
		fprintf(stderr, "sim device: %s\n", err.message);
		bh_platform_sim_delete(plat);
		return NULL;
	}
	return dev;
}

/* bh_device_close does not free the platform; remember it first. */
void test_sim_device_close(struct bh_device *dev)
{
	if (!dev)
		return;
	struct bh_platform *plat = bh_device_platform(dev);

	bh_device_close(dev);
	bh_platform_sim_delete(plat);
}

int test_contains(const char *haystack, const char *needle)
{
	if (!strstr(haystack, needle)) {
		fprintf(stderr, "\n  expected \"%s\" in \"%s\"\n", needle, haystack);
		return 0;
	}
	return 1;
}
