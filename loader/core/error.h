/* SPDX-License-Identifier: MIT */
#ifndef BH_ERROR_H
#define BH_ERROR_H

#include <bh/loader.h>
#include "klib.h"

/* Record @code and a formatted message in @err (may be NULL); return @code. */
int bh_fail(struct bh_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

int bh_snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
