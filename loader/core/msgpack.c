// SPDX-License-Identifier: MIT
/* MessagePack reader (format: github.com/msgpack/msgpack/spec.md). */
#include "msgpack.h"
#include "klib.h"

#define MP_MAX_DEPTH 32

void mp_init(struct mp_cursor *mp, const void *data, size_t size)
{
	mp->p = data;
	mp->end = mp->p + size;
	mp->depth = 0;
	mp->bad = false;
}

static bool fail(struct mp_cursor *mp)
{
	mp->bad = true;
	return false;
}

static bool need(struct mp_cursor *mp, size_t n)
{
	if (mp->bad || (size_t)(mp->end - mp->p) < n)
		return fail(mp);
	return true;
}

static uint64_t be(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < n; i++)
		v = v << 8 | p[i];
	return v;
}

enum mp_type mp_peek(const struct mp_cursor *mp)
{
	if (mp->bad || mp->p >= mp->end)
		return MP_INVALID;
	uint8_t b = *mp->p;

	if (b <= 0x7f || b == 0xcc || b == 0xcd || b == 0xce || b == 0xcf)
		return MP_UINT;
	if (b >= 0xe0 || (b >= 0xd0 && b <= 0xd3))
		return MP_INT;
	if ((b & 0xf0) == 0x80 || b == 0xde || b == 0xdf)
		return MP_MAP;
	if ((b & 0xf0) == 0x90 || b == 0xdc || b == 0xdd)
		return MP_ARRAY;
	if ((b & 0xe0) == 0xa0 || (b >= 0xd9 && b <= 0xdb))
		return MP_STR;
	switch (b) {
	case 0xc0: return MP_NIL;
	case 0xc2: case 0xc3: return MP_BOOL;
	case 0xc4: case 0xc5: case 0xc6: return MP_BIN;
	case 0xca: case 0xcb: return MP_FLOAT;
	case 0xc7: case 0xc8: case 0xc9:
	case 0xd4: case 0xd5: case 0xd6: case 0xd7: case 0xd8: return MP_EXT;
	}
	return MP_INVALID;
}

static bool read_len(struct mp_cursor *mp, unsigned nbytes, uint32_t *out)
{
	if (!need(mp, 1 + nbytes))
		return false;
	*out = (uint32_t)be(mp->p + 1, nbytes);
	mp->p += 1 + nbytes;
	return true;
}

bool mp_read_map(struct mp_cursor *mp, uint32_t *count)
{
	if (!need(mp, 1))
		return false;
	uint8_t b = *mp->p;

	if ((b & 0xf0) == 0x80) {
		*count = b & 0x0f;
		mp->p++;
		return true;
	}
	if (b == 0xde)
		return read_len(mp, 2, count);
	if (b == 0xdf)
		return read_len(mp, 4, count);
	return fail(mp);
}

bool mp_read_array(struct mp_cursor *mp, uint32_t *count)
{
	if (!need(mp, 1))
		return false;
	uint8_t b = *mp->p;

	if ((b & 0xf0) == 0x90) {
		*count = b & 0x0f;
		mp->p++;
		return true;
	}
	if (b == 0xdc)
		return read_len(mp, 2, count);
	if (b == 0xdd)
		return read_len(mp, 4, count);
	return fail(mp);
}

bool mp_read_str(struct mp_cursor *mp, const char **s, uint32_t *len)
{
	if (!need(mp, 1))
		return false;
	uint8_t b = *mp->p;
	bool ok;

	if ((b & 0xe0) == 0xa0) {
		*len = b & 0x1f;
		mp->p++;
		ok = true;
	} else if (b == 0xd9) {
		ok = read_len(mp, 1, len);
	} else if (b == 0xda) {
		ok = read_len(mp, 2, len);
	} else if (b == 0xdb) {
		ok = read_len(mp, 4, len);
	} else {
		return fail(mp);
	}
	if (!ok || !need(mp, *len))
		return false;
	*s = (const char *)mp->p;
	mp->p += *len;
	return true;
}

bool mp_read_uint(struct mp_cursor *mp, uint64_t *v)
{
	if (!need(mp, 1))
		return false;
	uint8_t b = *mp->p;
	unsigned n;
	bool is_signed = false;

	if (b <= 0x7f) {
		*v = b;
		mp->p++;
		return true;
	}
	switch (b) {
	case 0xcc: n = 1; break;
	case 0xcd: n = 2; break;
	case 0xce: n = 4; break;
	case 0xcf: n = 8; break;
	case 0xd0: n = 1; is_signed = true; break;
	case 0xd1: n = 2; is_signed = true; break;
	case 0xd2: n = 4; is_signed = true; break;
	case 0xd3: n = 8; is_signed = true; break;
	default: return fail(mp);
	}
	if (!need(mp, 1 + n))
		return false;
	uint64_t raw = be(mp->p + 1, n);

	/* A signed encoding is fine as long as the value is not negative. */
	if (is_signed && (raw >> (8 * n - 1)) & 1)
		return fail(mp);
	*v = raw;
	mp->p += 1 + n;
	return true;
}

bool mp_read_bool(struct mp_cursor *mp, bool *v)
{
	if (!need(mp, 1))
		return false;
	if (*mp->p != 0xc2 && *mp->p != 0xc3)
		return fail(mp);
	*v = *mp->p == 0xc3;
	mp->p++;
	return true;
}

static bool skip_bytes(struct mp_cursor *mp, size_t hdr, uint64_t n)
{
	if (!need(mp, hdr) || (uint64_t)(mp->end - mp->p - hdr) < n)
		return fail(mp);
	mp->p += hdr + n;
	return true;
}

bool mp_skip(struct mp_cursor *mp)
{
	uint32_t count;
	const char *s;
	uint64_t u;
	bool bv;

	if (!need(mp, 1))
		return false;
	uint8_t b = *mp->p;

	switch (mp_peek(mp)) {
	case MP_NIL:
		mp->p++;
		return true;
	case MP_BOOL:
		return mp_read_bool(mp, &bv);
	case MP_UINT:
		return mp_read_uint(mp, &u);
	case MP_INT:
		if (b >= 0xe0)
			return skip_bytes(mp, 1, 0);
		return skip_bytes(mp, 1, 1u << (b - 0xd0));
	case MP_FLOAT:
		return skip_bytes(mp, 1, b == 0xca ? 4 : 8);
	case MP_STR:
		return mp_read_str(mp, &s, &count);
	case MP_BIN:
		if (!read_len(mp, 1u << (b - 0xc4), &count))
			return false;
		return skip_bytes(mp, 0, count);
	case MP_EXT:
		if (b >= 0xd4 && b <= 0xd8)
			return skip_bytes(mp, 2, 1u << (b - 0xd4));
		if (!read_len(mp, 1u << (b - 0xc7), &count))
			return false;
		return skip_bytes(mp, 1, count);	/* the type byte */
	case MP_ARRAY:
	case MP_MAP: {
		bool map = mp_peek(mp) == MP_MAP;

		if (!(map ? mp_read_map(mp, &count) : mp_read_array(mp, &count)))
			return false;
		if (++mp->depth > MP_MAX_DEPTH)
			return fail(mp);
		uint64_t items = (uint64_t)count * (map ? 2 : 1);

		for (uint64_t i = 0; i < items; i++)
			if (!mp_skip(mp))
				return false;
		mp->depth--;
		return true;
	}
	case MP_INVALID:
		break;
	}
	return fail(mp);
}

bool mp_str_eq(const char *s, uint32_t len, const char *lit)
{
	size_t n = strlen(lit);

	return n == len && memcmp(s, lit, n) == 0;
}
