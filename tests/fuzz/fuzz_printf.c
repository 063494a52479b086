// SPDX-License-Identifier: MIT
/*
 * libFuzzer target: the device printf decoder (loader/core/printf.c).
 * The input is taken as the printf buffer's records; formats are looked
 * up by hash in a fixed table that uses every conversion, flag, '*'
 * width/precision and length modifier, so arbitrary bytes reach every
 * path.  Any out-of-bounds read, leak or UB is a crash (ASan, UBSan).
 * Seeds: well-formed records written by make (fuzz-printf seeds).
 */
#include <stddef.h>
#include <stdint.h>

#include "internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const formats[] = {
	"plain text\n",
	"%d %i %u %o %x %X %c %%\n",
	"%s|%-8s|%.3s|%*s|%.*s\n",
	"%f %e %g %a %F %E %G %A %10.4f\n",
	"%hhd %hd %ld %lld %jd %zd %td %hhu %llu %p\n",
	"%*d %-*d %0*.*f %+d % d %#x %#o\n",
	"%n %q %",
};

static const char *find(void *ctx, uint64_t hash)
{
	(void)ctx;
	if (hash % 11 == 10)
		return NULL;	/* a format no code object has */
	return formats[hash % 11 % (sizeof(formats) / sizeof(formats[0]))];
}

static void out(void *ctx, const char *text, size_t len)
{
	volatile char sink = 0;

	(void)ctx;
	for (size_t i = 0; i < len; i++)
		sink ^= text[i];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bh_printf_decode(data, size, find, NULL, out, NULL);
	return 0;
}
