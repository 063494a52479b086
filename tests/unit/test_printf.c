// SPDX-License-Identifier: MIT
/*
 * The device printf decoder (loader/core/printf.c) on records written
 * here byte by byte in clang-19's buffered layout: every conversion
 * against the host's own printf, and malformed records, which must stop
 * decoding with a note rather than read past the buffer.
 */
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "testlib.h"

struct rec {
	uint8_t b[512];
	size_t n;
};

static void begin(struct rec *r, uint64_t hash)
{
	size_t at = r->n;

	memset(r->b + at, 0, 12);
	memcpy(r->b + at + 4, &hash, 8);
	r->n += 12;
}

static void end(struct rec *r, size_t start)
{
	uint32_t control = (uint32_t)(r->n - start) << 2 | 2;

	memcpy(r->b + start, &control, 4);
}

static void item(struct rec *r, uint64_t v)
{
	memcpy(r->b + r->n, &v, 8);
	r->n += 8;
}

static void fitem(struct rec *r, double d)
{
	memcpy(r->b + r->n, &d, 8);
	r->n += 8;
}

static void sitem(struct rec *r, const char *s)
{
	size_t len = strlen(s) + 1, pad = (len + 7) & ~(size_t)7;

	memset(r->b + r->n, 0, pad);
	memcpy(r->b + r->n, s, len);
	r->n += pad;
}

static const char *const fmts[] = {
	"a=%d b=%u c=%x d=%5.2f e=%s f=%c g=%%\n",
	"%lld %llu %hhd %hu %-6s| %*d %.*f %e %g %p\n",
	"\036%s: Device-side assertion failed.\n",	/* assert.h's abort mark */
	"\036",					/* abort()'s */
};

static const char *find(void *ctx, uint64_t hash)
{
	(void)ctx;
	return hash < 4 ? fmts[hash] : NULL;
}

static char text[4096];
static size_t text_len;

static void out(void *ctx, const char *s, size_t n)
{
	(void)ctx;
	if (text_len + n < sizeof(text)) {
		memcpy(text + text_len, s, n);
		text_len += n;
		text[text_len] = 0;
	}
}

static int decode(const struct rec *r)
{
	text_len = 0;
	text[0] = 0;
	return bh_printf_decode(r->b, r->n, find, NULL, out, NULL);
}

static void test_conversions(void)
{
	struct rec r = { .n = 0 };
	char want[512];
	size_t s;

	s = r.n;
	begin(&r, 0);
	item(&r, (uint64_t)-7);
	item(&r, 4000000000u);
	item(&r, 0xbeef);
	fitem(&r, 3.14159);
	sitem(&r, "device");
	item(&r, 'Z');
	end(&r, s);
	s = r.n;
	begin(&r, 1);
	item(&r, (uint64_t)-1234567890123LL);
	item(&r, 18446744073709551615ull);
	item(&r, 0x1fd);		/* %hhd of 0x1fd: (signed char)0xfd = -3 */
	item(&r, 0x12345);		/* %hu: 0x2345 */
	sitem(&r, "ab");
	item(&r, 6);			/* '*' width */
	item(&r, 42);
	item(&r, 3);			/* '*' precision */
	fitem(&r, 2.0 / 3.0);
	fitem(&r, 1e-10);
	fitem(&r, 100000.0);
	item(&r, 0x1234);
	end(&r, s);
	CU_ASSERT_EQUAL(decode(&r), 0);
	snprintf(want, sizeof(want), fmts[0], -7, 4000000000u, 0xbeef, 3.14159, "device", 'Z');
	snprintf(want + strlen(want), sizeof(want) - strlen(want),
		 "%lld %llu %hhd %hu %-6s| %*d %.*f %e %g 0x1234\n", -1234567890123LL,
		 18446744073709551615ull, (signed char)-3, (unsigned short)0x2345, "ab", 6, 42, 3,
		 2.0 / 3.0, 1e-10, 100000.0);
	CU_ASSERT_STRING_EQUAL(text, want);
}

static void test_malformed(void)
{
	struct rec r = { .n = 0 };
	size_t s = 0;

	/* Items run out before the format does. */
	begin(&r, 0);
	item(&r, 1);
	end(&r, s);
	CU_ASSERT_EQUAL(decode(&r), -1);
	ASSERT_CONTAINS(text, "does not match its format");
	/* A size past the buffer, a size of 0, no constant-format bit. */
	uint32_t bad[3] = { 400u << 2 | 2, 0, 12u << 2 };

	for (int i = 0; i < 3; i++) {
		memset(&r, 0, sizeof(r));
		memcpy(r.b, &bad[i], 4);
		r.n = 16;
		CU_ASSERT_EQUAL(decode(&r), -1);
		ASSERT_CONTAINS(text, "malformed");
	}
	/* A %s without its NUL inside the record. */
	memset(&r, 0, sizeof(r));
	begin(&r, 0);
	item(&r, 1);
	item(&r, 2);
	item(&r, 3);
	fitem(&r, 1.0);
	memcpy(r.b + r.n, "ABCDEFGH", 8);
	r.n += 8;
	end(&r, 0);
	CU_ASSERT_EQUAL(decode(&r), -1);
	/* An unknown format: noted, and the next record still prints. */
	memset(&r, 0, sizeof(r));
	begin(&r, 99);
	end(&r, 0);
	s = r.n;
	begin(&r, 0);
	item(&r, 1);
	item(&r, 2);
	item(&r, 3);
	fitem(&r, 1.0);
	sitem(&r, "x");
	item(&r, 'y');
	end(&r, s);
	CU_ASSERT_EQUAL(decode(&r), 0);
	ASSERT_CONTAINS(text, "in no loaded code object");
	ASSERT_CONTAINS(text, "a=1 b=2 c=3 d= 1.00 e=x f=y g=%");
}

/* A format starting with the abort mark: printed without it, and said. */
static void test_abort_mark(void)
{
	struct rec r = { .n = 0 };
	size_t s = r.n;

	begin(&r, 0);
	item(&r, 7);
	item(&r, 8);
	item(&r, 9);
	fitem(&r, 1.0);
	sitem(&r, "x");
	item(&r, 'y');
	end(&r, s);
	CU_ASSERT_EQUAL(decode(&r), 0);		/* no mark: 0 */
	s = r.n;
	begin(&r, 2);
	sitem(&r, "k.hip:3");
	end(&r, s);
	s = r.n;
	begin(&r, 3);
	end(&r, s);
	CU_ASSERT_EQUAL(decode(&r), 1);
	CU_ASSERT_STRING_EQUAL(text, "a=7 b=8 c=9 d= 1.00 e=x f=y g=%\n"
			       "k.hip:3: Device-side assertion failed.\n");
}

CU_ErrorCode bh_tests_printf(void)
{
	CU_pSuite s = CU_add_suite("printf", NULL, NULL);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "every conversion, as the host's printf", test_conversions);
	CU_add_test(s, "malformed records stop with a note", test_malformed);
	CU_add_test(s, "the abort mark is said, not printed", test_abort_mark);
	return CU_get_error();
}
