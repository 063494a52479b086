// SPDX-License-Identifier: MIT
/*
 * __printf_alloc: room for one buffered printf record.  clang-19 lowers
 * device printf (-mprintf-kind=buffered) to a call of this function with
 * the record size, then stores the record -- a control dword, the 64-bit
 * hash of the format string, the arguments -- at the returned address
 * (format: loader/core/printf.c).
 *
 * The buffer comes from the hidden_printf_buffer kernel argument: a
 * header { u32 used; u32 capacity } then the records.  A record that
 * does not fit returns NULL (clang then skips it), but "used" still
 * grows, so the loader can tell how many bytes were lost.
 */
#include "firmware.h"

typedef __attribute__((address_space(1))) uint8_t gbyte;

BH_EXPORT __attribute__((address_space(1))) void *__printf_alloc(unsigned int bytes)
{
	gbyte *buf;

	__builtin_memcpy(&buf, (const void *)(implicitarg() + IMPLICITARG_PRINTF_BUFFER),
			 sizeof(buf));
	if (!buf)
		return NULL;
	__attribute__((address_space(1))) uint32_t *hdr =
		(__attribute__((address_space(1))) uint32_t *)buf;
	uint32_t capacity = hdr[1];
	/* Device scope: records from every wave of the dispatch share it. */
	uint32_t at = __scoped_atomic_fetch_add(&hdr[0], bytes, __ATOMIC_RELAXED,
						__MEMORY_SCOPE_DEVICE);

	if (at > capacity || bytes > capacity - at)
		return NULL;
	return buf + 8 + at;
}
