/*
 * barehip: the HIP kernel language and host API in one header, as in
 * ROCm.  Compiled twice by barehip-cc: once for the host, once for each
 * GPU target (__HIP_DEVICE_COMPILE__).  Device built-ins are provided
 * by barehip's firmware (__ockl_* names, as clang's own headers expect).
 */
#ifndef HIP_RUNTIME_H
#define HIP_RUNTIME_H

#include <hip/hip_common.h>
#include <hip/hip_runtime_api.h>
/* As ROCm's hip_runtime.h: C++ gets <thread> (std::this_thread and
 * std::chrono), which ROCm's libraries use without including it
 * (rocPRIM's device_transform.hpp, lookback_scan_state.hpp). */
#if defined(__cplusplus)
#include <thread>
#endif

#if !defined(__HIP__)
/*
 * A host-only translation unit (gcc, g++, clang++ without -x hip), as
 * ROCm allows: the host API (hip_runtime_api.h), the vector types and
 * dim3 on the host, and the kernel-language keywords defined away, so
 * that declarations shared with HIP files read.  Kernels are compiled
 * and launched in HIP files; this one may call them through a
 * launcher, or hipLaunchKernel with a kernel's handle.
 */
#include <hip/hip_vector_types.h>
#ifndef __host__
#define __host__
#endif
#ifndef __device__
#define __device__
#endif
#ifndef __global__
#define __global__
#endif
#ifndef __shared__
#define __shared__
#endif
#ifndef __constant__
#define __constant__
#endif
#ifndef __managed__
#define __managed__
#endif
/* Empty, as in ROCm: libstdc++'s __attribute__((__noinline__)) stays valid. */
#define __noinline__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __hip_launch_bounds__(...)
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#else /* __HIP__ */

/* The short unsigned names ROCm's device headers give HIP programs
 * (hip-tests' surface tests use uchar); glibc's sys/types.h has three of
 * them as the same types, which C and C++ allow twice. */
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef unsigned long long ullong;

#ifndef __host__
#define __host__ __attribute__((host))
#endif
#ifndef __device__
#define __device__ __attribute__((device))
#endif
#ifndef __global__
#define __global__ __attribute__((global))
#endif
#ifndef __shared__
#define __shared__ __attribute__((shared))
#endif
#ifndef __constant__
#define __constant__ __attribute__((constant))
#endif
#ifndef __managed__
#define __managed__ __attribute__((managed))
#endif
/*
 * __noinline__: clang-19 knows it as a keyword in HIP (its
 * cuda_noinline_keyword feature), which also reads right inside
 * libstdc++'s __attribute__((__noinline__)) and [[gnu::__noinline__]]
 * (<memory>, <string>, <filesystem>, <execution> ... after this header).
 * Only a compiler without it gets the macro, as in ROCm's host_defines.h.
 */
#if !__has_feature(cuda_noinline_keyword)
#define __noinline__ __attribute__((noinline))
#endif
#define __forceinline__ inline __attribute__((always_inline))
/*
 * __launch_bounds__(MAX_THREADS[, MIN_WARPS]): the AMDGPU attributes
 * behind it (as ROCm's headers do).  MAX_THREADS becomes the kernel's
 * .max_flat_workgroup_size, which the loader enforces at launch.
 */
#define __BH_LB1(max) __attribute__((amdgpu_flat_work_group_size(1, max)))
#define __BH_LB2(max, min) \
	__attribute__((amdgpu_flat_work_group_size(1, max), amdgpu_waves_per_eu(min)))
#define __BH_LB_PICK(_1, _2, NAME, ...) NAME
#define __launch_bounds__(...) __BH_LB_PICK(__VA_ARGS__, __BH_LB2, __BH_LB1, )(__VA_ARGS__)
/*
 * The older seeds' spelling (000, 001): MAX_THREADS_PER_BLOCK and
 * MIN_WARPS_PER_EXECUTION_UNIT, which is what __launch_bounds__'s second
 * argument already means here.
 */
#define __hip_launch_bounds__(...) __launch_bounds__(__VA_ARGS__)

/* Dynamic LDS: the size comes from the launch's shared-memory argument. */
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
#define HIP_DYNAMIC_SHARED_ATTRIBUTE

/* hipLaunchKernelGGL: a macro, or a function template under HIP_TEMPLATE_KERNEL_LAUNCH. */
#include <hip/bh/launch_ggl.h>
/*
 * The legacy kernel form of the older seeds: a kernel whose first
 * parameter is a hipLaunchParm (an int nobody reads, as in ROCm).
 * hipLaunchKernel(kernel, grid, block, shared, stream, args...) passes
 * it; hipLaunchKernelGGL passes only the arguments it is given, so a
 * caller of such a kernel names it.  An overload, not a macro as in old
 * HIP: hipLaunchKernel(function, grid, block, args, shared, stream) is
 * also the runtime API's launch (hip_runtime_api.h), and a kernel (a
 * function, not a const void *) picks this one.  A statement, as the old
 * macro was: hipGetLastError says how the launch went.
 */
typedef int hipLaunchParm;
template <typename... Params, typename... Args>
static inline void hipLaunchKernel(void (*kernel)(hipLaunchParm, Params...), dim3 numBlocks,
				   dim3 numThreads, size_t memPerBlock, hipStream_t stream,
				   Args &&...args)
{
	kernel<<<numBlocks, numThreads, memPerBlock, stream>>>(hipLaunchParm{}, args...);
}

extern "C" {
/* Firmware (firmware/workitem.c, firmware/sync.c). */
__device__ size_t __ockl_get_local_id(unsigned int dim);
__device__ size_t __ockl_get_group_id(unsigned int dim);
__device__ size_t __ockl_get_local_size(unsigned int dim);
__device__ size_t __ockl_get_num_groups(unsigned int dim);
__device__ size_t __ockl_get_global_id(unsigned int dim);
__device__ void __syncthreads(void);
/*
 * Device printf: barehip-cc compiles with -mprintf-kind=buffered, so
 * clang lowers each call to records in the printf buffer (allocated by
 * firmware/printf.c) that the loader decodes after the dispatch.
 */
__device__ int printf(const char *fmt, ...);

/* Device heap (firmware/heap.c): the names clang's own HIP headers use. */
__device__ unsigned long long __ockl_dm_alloc(unsigned long long size);
__device__ void __ockl_dm_dealloc(unsigned long long addr);
/*
 * malloc and free in kernels: 16-byte aligned blocks from the device
 * heap (CONFIG_LOADER_HEAP_KB, or hipDeviceSetLimit(hipLimitMallocHeapSize)
 * before the first kernel that uses it).  NULL when the heap is full.
 * Freeing a pointer malloc did not return, or freeing it twice, stops
 * the kernel with an error.
 */
__attribute__((weak)) inline __device__ void *malloc(size_t size)
{
	return (void *)__ockl_dm_alloc(size);
}
__attribute__((weak)) inline __device__ void free(void *ptr)
{
	__ockl_dm_dealloc((unsigned long long)ptr);
}
}

/*
 * threadIdx & co: empty objects whose .x/.y/.z are properties (clang's
 * __declspec(property), as its own CUDA/HIP built-in variables use) that
 * call the firmware, so they cost no memory or kernarg, and read as plain
 * unsigned ints everywhere -- in arithmetic, templates and printf's
 * variable arguments alike.
 */
#define __BH_COORD(TYPE, FN)                                                  \
	struct TYPE {                                                         \
		__declspec(property(get = __get_x)) unsigned int x;           \
		__declspec(property(get = __get_y)) unsigned int y;           \
		__declspec(property(get = __get_z)) unsigned int z;           \
		static __device__ unsigned int __get_x() { return (unsigned int)FN(0); } \
		static __device__ unsigned int __get_y() { return (unsigned int)FN(1); } \
		static __device__ unsigned int __get_z() { return (unsigned int)FN(2); } \
		__device__ operator dim3() const { return dim3(x, y, z); }    \
	}

__BH_COORD(__hip_threadIdx_t, __ockl_get_local_id);
__BH_COORD(__hip_blockIdx_t, __ockl_get_group_id);
__BH_COORD(__hip_blockDim_t, __ockl_get_local_size);
__BH_COORD(__hip_gridDim_t, __ockl_get_num_groups);
#undef __BH_COORD

static constexpr __hip_threadIdx_t threadIdx{};
static constexpr __hip_blockIdx_t blockIdx{};
static constexpr __hip_blockDim_t blockDim{};
static constexpr __hip_gridDim_t gridDim{};

#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)

static constexpr int warpSize = __AMDGCN_WAVEFRONT_SIZE__;

/* The rest of the kernel language, one concept per header. */
#include <hip/bh/arch.h>		/* __HIP_ARCH_HAS_*, __HIP_NO_IMAGE_SUPPORT */
#include <hip/hip_vector_types.h>	/* char1 .. double4, make_* */
#include <hip/bh/intrinsics.h>	/* integer intrinsics, clocks, fences, syncthreads_* */
#include <hip/bh/atomic.h>		/* atomicAdd & co */
#include <hip/bh/warp.h>		/* vote, ballot, match, shuffles, reductions */
#include <hip/bh/lanes.h>		/* __lane_id, __lanemask_*, __hip_ds_*, __hip_move_dpp */
#include <hip/bh/assert.h>		/* assert() and abort() in kernels */
#include <hip/bh/cxxabi.h>		/* pure and deleted virtual functions */
#include <hip/bh/new.h>		/* new and delete in kernels (the device heap) */
#include <hip/bh/math.h>		/* sinf, std::sin & co (firmware/math/) */
#include <hip/bh/string.h>		/* memcpy, memset, memcmp in kernels */
#include <hip/bh/ldg.h>		/* __ldg */
#include <hip/bh/texture.h>	/* tex2D & co, surf2Dread & co: declared only */
#endif /* __HIP__ */

#endif /* HIP_RUNTIME_H */
