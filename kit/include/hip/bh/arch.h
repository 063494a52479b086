/*
 * barehip: what the device code of every target has, as macros --
 * the __HIP_ARCH_HAS_* feature macros and __HIP_NO_IMAGE_SUPPORT.
 *
 * Each feature macro is 1 in device code where barehip's kernel language
 * provides the feature, and says the same as the matching flag of
 * hipDeviceProp_t.arch (kit/runtime/properties.c), so a program may ask
 * either; tests/device/arch_macros.hip holds the two together.  In host
 * code they are 0, as ROCm's hip_common.h sets them.  barehip provides
 * the funnel shifts and __syncthreads_count/_and/_or on every target (ROCm
 * says 0 for both); it has no surface functions and no dynamic parallelism.
 * The seeds spell the vote and ballot ones without underscores too.
 */
#pragma once

#if defined(__HIP_DEVICE_COMPILE__)
#define __BH_ARCH_HAS 1
#else
#define __BH_ARCH_HAS 0
#endif

#define __HIP_ARCH_HAS_GLOBAL_INT32_ATOMICS__ __BH_ARCH_HAS
#define __HIP_ARCH_HAS_GLOBAL_FLOAT_ATOMIC_EXCH__ __BH_ARCH_HAS
#define __HIP_ARCH_HAS_SHARED_INT32_ATOMICS__ __BH_ARCH_HAS
#define __HIP_ARCH_HAS_SHARED_FLOAT_ATOMIC_EXCH__ __BH_ARCH_HAS
#define __HIP_ARCH_HAS_FLOAT_ATOMIC_ADD__ __BH_ARCH_HAS
#define __HIP_ARCH_HAS_GLOBAL_INT64_ATOMICS__ __BH_ARCH_HAS
#define __HIP_ARCH_HAS_SHARED_INT64_ATOMICS__ __BH_ARCH_HAS
#define __HIP_ARCH_HAS_DOUBLES__ __BH_ARCH_HAS
#define __HIP_ARCH_HAS_WARP_VOTE__ __BH_ARCH_HAS
#define __HIP_ARCH_HAS_WARP_BALLOT__ __BH_ARCH_HAS
#define __HIP_ARCH_HAS_WARP_SHUFFLE__ __BH_ARCH_HAS
#define __HIP_ARCH_HAS_WARP_FUNNEL_SHIFT__ __BH_ARCH_HAS
#define __HIP_ARCH_HAS_THREAD_FENCE_SYSTEM__ __BH_ARCH_HAS
#define __HIP_ARCH_HAS_SYNC_THREAD_EXT__ __BH_ARCH_HAS
#define __HIP_ARCH_HAS_SURFACE_FUNCS__ 0
#define __HIP_ARCH_HAS_3DGRID__ __BH_ARCH_HAS
#define __HIP_ARCH_HAS_DYNAMIC_PARALLEL__ 0
#define HIP_ARCH_HAS_WARP_VOTE __HIP_ARCH_HAS_WARP_VOTE__
#define HIP_ARCH_HAS_WARP_BALLOT __HIP_ARCH_HAS_WARP_BALLOT__

/*
 * No target has images in barehip (no texture or surface functions, and
 * hipDeviceAttributeImageSupport is 0), so device code sees
 * __HIP_NO_IMAGE_SUPPORT == 1 on every target, not only where clang
 * defines it (targets without image instructions, such as gfx942).  Host
 * code asks hipDeviceAttributeImageSupport, as in ROCm.
 */
#if defined(__HIP_DEVICE_COMPILE__)
#ifndef __HIP_NO_IMAGE_SUPPORT
#define __HIP_NO_IMAGE_SUPPORT 1
#endif
#ifndef __HIP_NO_IMAGE_SUPPORT__
#define __HIP_NO_IMAGE_SUPPORT__ 1
#endif
#endif
