/*
 * barehip: memcpy, memset and memcmp in device code.  ROCm's headers give
 * device code memcpy and memset; memcmp is barehip's addition.
 *
 * memcpy and memset are the compiler's: the AMDGPU back end expands
 * them inline, as wide loads and stores and a loop when the size is not
 * a constant, for any alignment.  memcmp is a byte loop (firmware has
 * no string library); it compares as unsigned char, as C requires.
 */
#ifndef HIP_BH_STRING_H
#define HIP_BH_STRING_H

__device__ inline static void *memcpy(void *dst, const void *src, __SIZE_TYPE__ n)
{
	__builtin_memcpy(dst, src, n);
	return dst;
}

__device__ inline static void *memset(void *dst, int c, __SIZE_TYPE__ n)
{
	__builtin_memset(dst, c, n);
	return dst;
}

__device__ inline static int memcmp(const void *a, const void *b, __SIZE_TYPE__ n)
{
	const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;

	for (__SIZE_TYPE__ i = 0; i < n; i++)
		if (p[i] != q[i])
			return p[i] < q[i] ? -1 : 1;
	return 0;
}

/* std::memcpy & co too, whether <cstring> came before or after. */
namespace std {
using ::memcpy;
using ::memset;
using ::memcmp;
}

#endif /* HIP_BH_STRING_H */
