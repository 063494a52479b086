/* SPDX-License-Identifier: MIT */
/*
 * The only C library routines the freestanding loader core uses.  Every
 * hosted libc and every embedded one (newlib, picolibc) provides them;
 * declaring them here keeps <string.h>/<stdio.h> out of the core.
 */
#ifndef BH_KLIB_H
#define BH_KLIB_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
int vsnprintf(char *restrict buf, size_t size, const char *restrict fmt,
	      va_list ap);

#define BH_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define BH_ALIGN_UP(x, a) (((x) + ((a) - 1)) & ~((__typeof__(x))(a) - 1))
#define BH_MIN(a, b) ((a) < (b) ? (a) : (b))
#define BH_MAX(a, b) ((a) > (b) ? (a) : (b))

static inline uint16_t bh_rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static inline uint32_t bh_rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static inline uint64_t bh_rd64(const uint8_t *p)
{
	return (uint64_t)bh_rd32(p) | (uint64_t)bh_rd32(p + 4) << 32;
}

static inline void bh_wr16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static inline void bh_wr32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static inline void bh_wr64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

#endif /* BH_KLIB_H */
