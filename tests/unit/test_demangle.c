// SPDX-License-Identifier: MIT
/*
 * Kernel names in messages (kit/runtime/demangle.c): bh_demangle turns a
 * mangled C++ name into the source's spelling and leaves anything else
 * alone; bh_demangle_text does it for every mangled name in a message,
 * but not inside a longer identifier, and keeps a symbol marked with
 * BH_RT_SYMBOL_MARK as it is (the name hipModuleGetFunction takes).  The
 * unit-test binary links the C++ library's __cxa_demangle as HIP
 * programs do (tests/unit/unit.mk).
 */
#include <string.h>

#include <hip/hip_runtime_api.h>
#include "runtime.h"
#include "testlib.h"

static void test_one_name(void)
{
	char out[128];

	CU_ASSERT_EQUAL(bh_demangle("_Z5saxpyfPKfPfj", out, sizeof(out)),
			strlen("saxpy(float, float const*, float*, unsigned int)"));
	CU_ASSERT_STRING_EQUAL(out, "saxpy(float, float const*, float*, unsigned int)");
	bh_demangle("_ZN2ns4fillIiEEvPT_S1_j", out, sizeof(out));
	CU_ASSERT_STRING_EQUAL(out, "void ns::fill<int>(int*, int, unsigned int)");
	/* Not mangled, or not valid: as it is. */
	bh_demangle("scale", out, sizeof(out));
	CU_ASSERT_STRING_EQUAL(out, "scale");
	bh_demangle("_Zjunk", out, sizeof(out));
	CU_ASSERT_STRING_EQUAL(out, "_Zjunk");
	/* Truncated to the room given, the full length returned. */
	CU_ASSERT_EQUAL(bh_demangle("_Z3fooi", out, 4), strlen("foo(int)"));
	CU_ASSERT_STRING_EQUAL(out, "foo");
}

static void test_text(void)
{
	char out[256];

	bh_demangle_text("kernel '_Z13store_throughPi' grid (1,1,1): fault", out, sizeof(out));
	CU_ASSERT_STRING_EQUAL(out, "kernel 'store_through(int*)' grid (1,1,1): fault");
	bh_demangle_text("_Z3fooi and _Z3barv", out, sizeof(out));
	CU_ASSERT_STRING_EQUAL(out, "foo(int) and bar()");
	/* Inside an identifier: not a name of its own. */
	bh_demangle_text("x_Z3fooi and path/_Zq", out, sizeof(out));
	CU_ASSERT_STRING_EQUAL(out, "x_Z3fooi and path/_Zq");
	/* Marked: kept mangled, the mark dropped. */
	char marked[64];

	snprintf(marked, sizeof(marked), "it has: %c_Z3fooi = foo(int)", BH_RT_SYMBOL_MARK);
	bh_demangle_text(marked, out, sizeof(out));
	CU_ASSERT_STRING_EQUAL(out, "it has: _Z3fooi = foo(int)");
	/* A small buffer ends the text, terminated. */
	bh_demangle_text("kernel '_Z13store_throughPi'", out, 12);
	CU_ASSERT_STRING_EQUAL(out, "kernel 'sto");
}

CU_ErrorCode bh_tests_demangle(void)
{
	CU_pSuite s = CU_add_suite("demangle", NULL, NULL);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "one name", test_one_name);
	CU_add_test(s, "names in a message", test_text);
	return CU_get_error();
}
