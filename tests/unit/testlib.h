/* SPDX-License-Identifier: MIT */
/* Helpers shared by the unit tests. */
#ifndef BH_TESTLIB_H
#define BH_TESTLIB_H

#include <stddef.h>
#include <stdint.h>

#include <CUnit/CUnit.h>
#include <bh/platform.h>

/* Whole file into a malloc'd buffer; NULL (with a message) if not.
 * Safe in suite setup functions: no CUnit assertions. */
uint8_t *test_read_file(const char *path, size_t *size);
/* Path of a generated test input: BH_TEST_GEN_DIR "/" name. */
const char *test_gen_path(const char *name);
/* The code object of tests/unit/testk.hip for the sim board's target. */
uint8_t *test_load_testk(const char *gfx, size_t *size);

/* A sim-board device (opened fresh each call); NULL if it fails. */
struct bh_device *test_sim_device(void);
void test_sim_device_close(struct bh_device *dev);

/* True if @haystack contains @needle (for error-message assertions). */
int test_contains(const char *haystack, const char *needle);

#define ASSERT_CONTAINS(h, n) CU_ASSERT_TRUE(test_contains((h), (n)))

#endif
