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
 * says 0 for both); surface functions where the target has image
 * instructions (gfx90a, gfx11; not gfx942); no dynamic parallelism.
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
/* Surface functions: on targets with image instructions (bh/texture.h). */
#if defined(__HIP_DEVICE_COMPILE__) && !defined(__HIP_NO_IMAGE_SUPPORT)
#define __HIP_ARCH_HAS_SURFACE_FUNCS__ 1
#else
#define __HIP_ARCH_HAS_SURFACE_FUNCS__ 0
#endif
#define __HIP_ARCH_HAS_3DGRID__ __BH_ARCH_HAS
#define __HIP_ARCH_HAS_DYNAMIC_PARALLEL__ 0
#define HIP_ARCH_HAS_WARP_VOTE __HIP_ARCH_HAS_WARP_VOTE__
#define HIP_ARCH_HAS_WARP_BALLOT __HIP_ARCH_HAS_WARP_BALLOT__

/*
 * __HIP_NO_IMAGE_SUPPORT is clang's: set (device pass only) for targets
 * without image instructions (gfx942), unset where texture and surface
 * functions work (gfx90a, gfx1100: hip/bh/texture.h).  Host code asks
 * hipDeviceAttributeImageSupport, as in ROCm.
 */
