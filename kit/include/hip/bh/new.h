/*
 * barehip: new and delete in device code, over the device heap (malloc
 * and free in hip_runtime.h: firmware/heap.c), as clang's HIP wrapper
 * headers give ROCm's device code.
 *
 * Every form of operator new and delete: plain, array, nothrow, sized
 * delete, the C++17 aligned forms and placement new.  The heap's blocks
 * are 16-byte aligned; a larger alignment allocates alignment more bytes
 * and keeps the block's address just below the aligned pointer, where
 * the aligned delete finds it.
 *
 * Exhaustion: the nothrow forms return nullptr.  The others cannot throw
 * std::bad_alloc in a kernel, and the compiler assumes they never return
 * nullptr, so they do what an uncaught bad_alloc does: stop the kernel
 * (a trap; the launch fails) after printing the size asked for.  (ROCm
 * returns nullptr there, which the optimiser may already have assumed
 * away.)
 */
#pragma once

#include <new>

#pragma clang diagnostic push
/* Replacement new/delete may not be inline in C++; the device ones are
 * (one copy per code object), as in clang's own wrapper. */
#pragma clang diagnostic ignored "-Winline-new-delete"

#define __BH_HEAP_ALIGN 16

__device__ inline void *__bh_new_aligned(__SIZE_TYPE__ size, __SIZE_TYPE__ align)
{
	if (size == 0)
		size = 1;
	if (align <= __BH_HEAP_ALIGN)
		return malloc(size);
	if (size + align < size)	/* overflow: no such block */
		return nullptr;
	char *block = (char *)malloc(size + align);

	if (!block)
		return nullptr;
	/* block is 16-aligned, so there are at least 16 bytes below p. */
	char *p = (char *)(((__UINTPTR_TYPE__)block + align) & ~(__UINTPTR_TYPE__)(align - 1));
	((void **)p)[-1] = block;
	return p;
}

__device__ inline void __bh_delete_aligned(void *p, __SIZE_TYPE__ align)
{
	if (!p)
		return;
	free(align <= __BH_HEAP_ALIGN ? p : ((void **)p)[-1]);
}

__attribute__((noinline, noreturn)) __device__ inline void __bh_new_failed(__SIZE_TYPE__ size)
{
	printf("device operator new: %lu bytes: the device heap is exhausted\n",
	       (unsigned long)size);
	__builtin_trap();
}

__device__ inline void *__bh_new_or_trap(__SIZE_TYPE__ size, __SIZE_TYPE__ align)
{
	void *p = __bh_new_aligned(size, align);

	if (!p)
		__bh_new_failed(size);
	return p;
}

#define __BH_ALIGN(a) ((__SIZE_TYPE__)(a))

/* Allocation. */
__device__ inline void *operator new(__SIZE_TYPE__ size)
{
	return __bh_new_or_trap(size, 1);
}
__device__ inline void *operator new[](__SIZE_TYPE__ size)
{
	return __bh_new_or_trap(size, 1);
}
__device__ inline void *operator new(__SIZE_TYPE__ size, const std::nothrow_t &) noexcept
{
	return __bh_new_aligned(size, 1);
}
__device__ inline void *operator new[](__SIZE_TYPE__ size, const std::nothrow_t &) noexcept
{
	return __bh_new_aligned(size, 1);
}
/* The aligned forms: C++17 (std::align_val_t). */
#if __cpp_aligned_new
__device__ inline void *operator new(__SIZE_TYPE__ size, std::align_val_t a)
{
	return __bh_new_or_trap(size, __BH_ALIGN(a));
}
__device__ inline void *operator new[](__SIZE_TYPE__ size, std::align_val_t a)
{
	return __bh_new_or_trap(size, __BH_ALIGN(a));
}
__device__ inline void *operator new(__SIZE_TYPE__ size, std::align_val_t a,
				     const std::nothrow_t &) noexcept
{
	return __bh_new_aligned(size, __BH_ALIGN(a));
}
__device__ inline void *operator new[](__SIZE_TYPE__ size, std::align_val_t a,
				       const std::nothrow_t &) noexcept
{
	return __bh_new_aligned(size, __BH_ALIGN(a));
}
#endif

/* Deallocation (sizes are not needed: the heap knows its blocks). */
__device__ inline void operator delete(void *p) noexcept
{
	__bh_delete_aligned(p, 1);
}
__device__ inline void operator delete[](void *p) noexcept
{
	__bh_delete_aligned(p, 1);
}
__device__ inline void operator delete(void *p, const std::nothrow_t &) noexcept
{
	__bh_delete_aligned(p, 1);
}
__device__ inline void operator delete[](void *p, const std::nothrow_t &) noexcept
{
	__bh_delete_aligned(p, 1);
}
__device__ inline void operator delete(void *p, __SIZE_TYPE__) noexcept
{
	__bh_delete_aligned(p, 1);
}
__device__ inline void operator delete[](void *p, __SIZE_TYPE__) noexcept
{
	__bh_delete_aligned(p, 1);
}
#if __cpp_aligned_new
__device__ inline void operator delete(void *p, std::align_val_t a) noexcept
{
	__bh_delete_aligned(p, __BH_ALIGN(a));
}
__device__ inline void operator delete[](void *p, std::align_val_t a) noexcept
{
	__bh_delete_aligned(p, __BH_ALIGN(a));
}
__device__ inline void operator delete(void *p, std::align_val_t a, const std::nothrow_t &) noexcept
{
	__bh_delete_aligned(p, __BH_ALIGN(a));
}
__device__ inline void operator delete[](void *p, std::align_val_t a,
					 const std::nothrow_t &) noexcept
{
	__bh_delete_aligned(p, __BH_ALIGN(a));
}
__device__ inline void operator delete(void *p, __SIZE_TYPE__, std::align_val_t a) noexcept
{
	__bh_delete_aligned(p, __BH_ALIGN(a));
}
__device__ inline void operator delete[](void *p, __SIZE_TYPE__, std::align_val_t a) noexcept
{
	__bh_delete_aligned(p, __BH_ALIGN(a));
}
#endif

/* Placement new: the object goes where it is told. */
__device__ inline void *operator new(__SIZE_TYPE__, void *p) noexcept
{
	return p;
}
__device__ inline void *operator new[](__SIZE_TYPE__, void *p) noexcept
{
	return p;
}
__device__ inline void operator delete(void *, void *) noexcept
{
}
__device__ inline void operator delete[](void *, void *) noexcept
{
}

#undef __BH_ALIGN
#undef __BH_HEAP_ALIGN
#pragma clang diagnostic pop
