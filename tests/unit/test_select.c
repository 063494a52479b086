// SPDX-License-Identifier: MIT
/*
 * The board a program gets (loader/platform/select.c) and ROCm's
 * visible-device variables on the one-GPU boards: ROCR_VISIBLE_DEVICES,
 * then HIP_VISIBLE_DEVICES (CUDA_VISIBLE_DEVICES when it is unset) keep
 * or hide the sim board's device 0, read as the kfd backend reads its
 * lists (test_kfd_env.c): the first bad entry ends a list.
 */
#include <stdlib.h>
#include <string.h>

#include <bh/backends.h>
#include "testlib.h"

static const char *const vars[] = {
	"ROCR_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES", "BAREHIP_BOARD",
};
static char *saved[4];

/* The environment as the test found it, afterwards. */
static void save(void)
{
	for (int i = 0; i < 4; i++)
		saved[i] = getenv(vars[i]) ? strdup(getenv(vars[i])) : NULL;
}

static void restore(void)
{
	for (int i = 0; i < 4; i++) {
		if (saved[i])
			setenv(vars[i], saved[i], 1);
		else
			unsetenv(vars[i]);
		free(saved[i]);
		saved[i] = NULL;
	}
}

static void clear(void)
{
	unsetenv("ROCR_VISIBLE_DEVICES");
	unsetenv("HIP_VISIBLE_DEVICES");
	unsetenv("CUDA_VISIBLE_DEVICES");
	setenv("BAREHIP_BOARD", "sim", 1);
}

/* Does the sim board's device 0 open? @why gets the refusal. */
static bool visible(struct bh_error *why)
{
	struct bh_platform *p;

	memset(why, 0, sizeof(*why));
	p = bh_platform_new_index(0, why);
	bh_platform_delete(p);
	return p != NULL;
}

static void test_sim_visible(void)
{
	struct bh_error err;

	save();
	clear();
	CU_ASSERT(visible(&err));
	setenv("HIP_VISIBLE_DEVICES", "0", 1);
	CU_ASSERT(visible(&err));
	setenv("HIP_VISIBLE_DEVICES", "0,1", 1);
	CU_ASSERT(visible(&err));
	setenv("HIP_VISIBLE_DEVICES", "1", 1);
	CU_ASSERT(!visible(&err));
	CU_ASSERT_EQUAL(err.code, BH_ENODEV);
	ASSERT_CONTAINS(err.message, "HIP_VISIBLE_DEVICES='1' hides the sim board's one GPU");
	setenv("HIP_VISIBLE_DEVICES", "", 1);
	CU_ASSERT(!visible(&err));
	setenv("HIP_VISIBLE_DEVICES", "-1", 1);
	CU_ASSERT(!visible(&err));
	/* CUDA_VISIBLE_DEVICES counts only without HIP_VISIBLE_DEVICES. */
	setenv("HIP_VISIBLE_DEVICES", "0", 1);
	setenv("CUDA_VISIBLE_DEVICES", "1", 1);
	CU_ASSERT(visible(&err));
	unsetenv("HIP_VISIBLE_DEVICES");
	CU_ASSERT(!visible(&err));
	ASSERT_CONTAINS(err.message, "CUDA_VISIBLE_DEVICES='1'");
	/* ROCR's list comes first. */
	clear();
	setenv("ROCR_VISIBLE_DEVICES", "2", 1);
	setenv("HIP_VISIBLE_DEVICES", "0", 1);
	CU_ASSERT(!visible(&err));
	ASSERT_CONTAINS(err.message, "ROCR_VISIBLE_DEVICES='2'");
	restore();
}

CU_ErrorCode bh_tests_select(void)
{
	CU_pSuite s = CU_add_suite("select", NULL, NULL);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "HIP/CUDA/ROCR_VISIBLE_DEVICES on the sim board", test_sim_visible);
	return CU_get_error();
}
