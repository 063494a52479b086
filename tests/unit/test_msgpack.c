// SPDX-License-Identifier: MIT
/* The msgpack reader on hand-encoded input (spec: msgpack/spec.md). */
#include <string.h>

#include "msgpack.h"
#include "testlib.h"

static void test_scalars(void)
{
	/* [7, 0xcc 200, 0xcd 0x1234, 0xce, 0xcf, true, "ab"] */
	static const uint8_t b[] = {
		0x97, 0x07, 0xcc, 200, 0xcd, 0x12, 0x34, 0xce, 0, 1, 0, 0,
		0xcf, 0, 0, 0, 1, 0, 0, 0, 0, 0xc3, 0xa2, 'a', 'b',
	};
	struct mp_cursor mp;
	uint32_t n, len;
	uint64_t v;
	bool t;
	const char *s;

	mp_init(&mp, b, sizeof(b));
	CU_ASSERT_TRUE(mp_read_array(&mp, &n));
	CU_ASSERT_EQUAL(n, 7);
	CU_ASSERT_TRUE(mp_read_uint(&mp, &v)); CU_ASSERT_EQUAL(v, 7);
	CU_ASSERT_TRUE(mp_read_uint(&mp, &v)); CU_ASSERT_EQUAL(v, 200);
	CU_ASSERT_TRUE(mp_read_uint(&mp, &v)); CU_ASSERT_EQUAL(v, 0x1234);
	CU_ASSERT_TRUE(mp_read_uint(&mp, &v)); CU_ASSERT_EQUAL(v, 0x10000);
	CU_ASSERT_TRUE(mp_read_uint(&mp, &v)); CU_ASSERT_EQUAL(v, 0x100000000ull);
	CU_ASSERT_TRUE(mp_read_bool(&mp, &t)); CU_ASSERT_TRUE(t);
	CU_ASSERT_TRUE(mp_read_str(&mp, &s, &len));
	CU_ASSERT_TRUE(mp_str_eq(s, len, "ab"));
	CU_ASSERT_EQUAL(mp_peek(&mp), MP_INVALID);	/* at the end */
}

static void test_negative_rejected(void)
{
	static const uint8_t neg_fix[] = { 0xff };		/* -1 */
	static const uint8_t neg_i8[] = { 0xd0, 0x80 };		/* -128 */
	static const uint8_t pos_i8[] = { 0xd0, 0x05 };		/* 5 as int8 */
	struct mp_cursor mp;
	uint64_t v;

	mp_init(&mp, neg_fix, sizeof(neg_fix));
	CU_ASSERT_FALSE(mp_read_uint(&mp, &v));
	CU_ASSERT_TRUE(mp.bad);
	mp_init(&mp, neg_i8, sizeof(neg_i8));
	CU_ASSERT_FALSE(mp_read_uint(&mp, &v));
	mp_init(&mp, pos_i8, sizeof(pos_i8));
	CU_ASSERT_TRUE(mp_read_uint(&mp, &v));
	CU_ASSERT_EQUAL(v, 5);
}

static void test_truncated(void)
{
	/* A str8 claiming 10 bytes with 2 present, and cut-off integers. */
	static const uint8_t str[] = { 0xd9, 10, 'a', 'b' };
	static const uint8_t u32[] = { 0xce, 0, 0 };
	static const uint8_t map16[] = { 0xde, 0 };
	struct mp_cursor mp;
	const char *s;
	uint32_t len;
	uint64_t v;

	mp_init(&mp, str, sizeof(str));
	CU_ASSERT_FALSE(mp_read_str(&mp, &s, &len));
	mp_init(&mp, u32, sizeof(u32));
	CU_ASSERT_FALSE(mp_read_uint(&mp, &v));
	mp_init(&mp, map16, sizeof(map16));
	CU_ASSERT_FALSE(mp_read_map(&mp, &len));
	mp_init(&mp, str, 0);
	CU_ASSERT_FALSE(mp_skip(&mp));
}

static void test_skip_nested(void)
{
	/* {"k": [1, {"x": nil}, 2.5 (f64), bin8 "zz", fixext1]} then 9 */
	static const uint8_t b[] = {
		0x81, 0xa1, 'k', 0x95, 0x01, 0x81, 0xa1, 'x', 0xc0,
		0xcb, 0x40, 0x04, 0, 0, 0, 0, 0, 0, 0xc4, 2, 'z', 'z',
		0xd4, 0x01, 0x02, 0x09,
	};
	struct mp_cursor mp;
	uint64_t v;

	mp_init(&mp, b, sizeof(b));
	CU_ASSERT_TRUE(mp_skip(&mp));
	CU_ASSERT_TRUE(mp_read_uint(&mp, &v));
	CU_ASSERT_EQUAL(v, 9);
}

static void test_depth_limit(void)
{
	uint8_t deep[64];
	struct mp_cursor mp;

	/* 64 nested one-element arrays: deeper than the reader allows. */
	memset(deep, 0x91, sizeof(deep));
	mp_init(&mp, deep, sizeof(deep));
	CU_ASSERT_FALSE(mp_skip(&mp));
	CU_ASSERT_TRUE(mp.bad);
}

static void test_huge_count(void)
{
	/* An array32 claiming 2^32-1 elements in 5 bytes must fail fast. */
	static const uint8_t b[] = { 0xdd, 0xff, 0xff, 0xff, 0xff };
	struct mp_cursor mp;

	mp_init(&mp, b, sizeof(b));
	CU_ASSERT_FALSE(mp_skip(&mp));
}

CU_ErrorCode bh_tests_msgpack(void)
{
	CU_pSuite s = CU_add_suite("msgpack", NULL, NULL);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "scalars and strings", test_scalars);
	CU_add_test(s, "negative integers are not sizes", test_negative_rejected);
	CU_add_test(s, "truncated input", test_truncated);
	CU_add_test(s, "skip nested values", test_skip_nested);
	CU_add_test(s, "nesting depth limit", test_depth_limit);
	CU_add_test(s, "huge element count", test_huge_count);
	return CU_get_error();
}
