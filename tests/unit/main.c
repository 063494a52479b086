// SPDX-License-Identifier: MIT
/*
 * The unit-test runner.  Every tests/unit/test_NAME.c defines
 * bh_tests_NAME(), which adds its CUnit suites; the Makefile lists them
 * in unit_list.h.  Runs all (or those named on the command line) and
 * ends with "N passed, N failed", the line CI reads.
 */
#include <stdio.h>
#include <string.h>

#include <CUnit/Basic.h>

#define BH_TEST_SUITE(name) CU_ErrorCode bh_tests_##name(void);
#include "unit_list.h"
#undef BH_TEST_SUITE

struct entry {
	const char *name;
	CU_ErrorCode (*add)(void);
};

static const struct entry entries[] = {
#define BH_TEST_SUITE(name) { #name, bh_tests_##name },
#include "unit_list.h"
#undef BH_TEST_SUITE
};

static int wanted(const char *name, int argc, char **argv)
{
	if (argc < 2)
		return 1;
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], name))
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	for (size_t i = 0; i < sizeof(entries) / sizeof(entries[0]); i++) {
		if (!wanted(entries[i].name, argc, argv))
			continue;
		if (entries[i].add() != CUE_SUCCESS) {
			fprintf(stderr, "cannot register %s: %s\n", entries[i].name,
				CU_get_error_msg());
			CU_cleanup_registry();
			return 2;
		}
	}
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	unsigned run = CU_get_number_of_tests_run();
	unsigned failed = CU_get_number_of_tests_failed();
	/* A suite whose setup failed ran nothing: that is a failure too. */
	unsigned broken = CU_get_number_of_suites_failed();

	CU_cleanup_registry();
	printf("\n%u passed, %u failed\n", run - failed, failed + broken);
	return failed + broken ? 1 : 0;
}
