/* SPDX-License-Identifier: MIT */
/* Force-included into every unit test: the suite registration prototypes. */
#ifndef BH_SUITES_H
#define BH_SUITES_H
#include <CUnit/CUnit.h>
#define BH_TEST_SUITE(name) CU_ErrorCode bh_tests_##name(void);
#include "unit_list.h"
#undef BH_TEST_SUITE
#endif
