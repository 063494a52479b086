/*
 * barehip: <hip/hip_common.h>, as ROCm's: the platform and compiler
 * macros every HIP header and many programs test.  Host-only C and C++
 * compilations (gcc, g++, clang without -x hip) include it too.
 */
#ifndef HIP_COMMON_H
#define HIP_COMMON_H

/* The platform HIP programs test (hipcc passes it on AMD). */
#if !defined(__HIP_PLATFORM_AMD__) && !defined(__HIP_PLATFORM_NVIDIA__)
#define __HIP_PLATFORM_AMD__ 1
#endif
#if defined(__HIP_PLATFORM_AMD__) && !defined(__HIP_PLATFORM_HCC__)
#define __HIP_PLATFORM_HCC__ 1		/* ROCm's older spelling */
#endif

/* Compiled by clang as HIP (a host or a device pass). */
#if defined(__clang__) && defined(__HIP__)
#define __HIP_CLANG_ONLY__ 1
#else
#define __HIP_CLANG_ONLY__ 0
#endif

/* barehip is linked statically: nothing to export or import. */
#ifndef HIP_PUBLIC_API
#define HIP_PUBLIC_API
#endif
#ifndef HIP_INTERNAL_EXPORTED_API
#define HIP_INTERNAL_EXPORTED_API
#endif

#if defined(__GNUC__)
#define DEPRECATED(msg) __attribute__((deprecated(msg)))
#else
#define DEPRECATED(msg)
#endif
#define HIP_DEPRECATED_MSG "This API is marked as deprecated and may not be supported in future releases."

#endif /* HIP_COMMON_H */
