/* SPDX-License-Identifier: MIT */
/*
 * A bounds-checked MessagePack reader for NT_AMDGPU_METADATA.  It reads
 * in place (strings point into the note) and never allocates.  Every
 * reader returns false on malformed or truncated input or a type
 * mismatch; the cursor is then unusable (mp->bad is set).
 */
#ifndef BH_MSGPACK_H
#define BH_MSGPACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct mp_cursor {
	const uint8_t *p;
	const uint8_t *end;
	unsigned depth;		/* nesting guard for mp_skip */
	bool bad;
};

enum mp_type {
	MP_NIL, MP_BOOL, MP_INT, MP_UINT, MP_FLOAT, MP_STR, MP_BIN,
	MP_ARRAY, MP_MAP, MP_EXT, MP_INVALID
};

void mp_init(struct mp_cursor *mp, const void *data, size_t size);
enum mp_type mp_peek(const struct mp_cursor *mp);
bool mp_read_map(struct mp_cursor *mp, uint32_t *count);
bool mp_read_array(struct mp_cursor *mp, uint32_t *count);
bool mp_read_str(struct mp_cursor *mp, const char **s, uint32_t *len);
/* Any integer that fits in uint64_t (negative values fail). */
bool mp_read_uint(struct mp_cursor *mp, uint64_t *v);
bool mp_read_bool(struct mp_cursor *mp, bool *v);
/* Skip one complete value, however nested (up to 32 levels). */
bool mp_skip(struct mp_cursor *mp);
/* Compare a string read with mp_read_str against a C string. */
bool mp_str_eq(const char *s, uint32_t len, const char *lit);

#endif
