/*
 * barehip: the texture-object fetch functions (ROCm's
 * texture_indirect_functions.h) and the surface functions (seed 002),
 * declared with ROCm's signatures but not yet implemented: no barehip
 * target has images (bh/arch.h), so hipDeviceAttributeImageSupport is 0.
 *
 * Why declare them at all: programs guard their image code with
 * `#if !__HIP_NO_IMAGE_SUPPORT`, a macro that is set in the device pass
 * only (as with clang and ROCm), so the host pass still parses the kernel
 * bodies that call tex2D<T>() & co and needs the names.  In the device
 * pass a call is an error that says why, as ROCm's __hip_img_chk__ makes
 * it on targets without images, instead of an undefined symbol at link
 * time.  The host pass never emits device code, so no definition is
 * needed there.
 *
 * The deprecated texture-reference API (texture<T, dim, mode>) is not
 * declared.
 */
#ifndef HIP_BH_TEXTURE_H
#define HIP_BH_TEXTURE_H

#if defined(__HIP_DEVICE_COMPILE__) && __HIP_NO_IMAGE_SUPPORT
#define __BH_IMG \
	__attribute__((unavailable("texture and surface functions are not " \
		"supported by barehip: no target has images "                 \
		"(hipDeviceAttributeImageSupport is 0); guard the call with "  \
		"#if !__HIP_NO_IMAGE_SUPPORT")))
#else
#define __BH_IMG
#endif

/* Each fetch: T f(tex, args) and void f(T *, tex, args). */
#define __BH_TEX(name, ...)                                              \
	template <typename __bhT>                                        \
	__device__ __BH_IMG __bhT name(hipTextureObject_t, __VA_ARGS__); \
	template <typename __bhT>                                        \
	__device__ __BH_IMG void name(__bhT *, hipTextureObject_t, __VA_ARGS__);

__BH_TEX(tex1Dfetch, int)
__BH_TEX(tex1D, float)
__BH_TEX(tex2D, float, float)
__BH_TEX(tex3D, float, float, float)
__BH_TEX(tex1DLayered, float, int)
__BH_TEX(tex2DLayered, float, float, int)
__BH_TEX(texCubemap, float, float, float)
__BH_TEX(texCubemapLayered, float, float, float, int)
__BH_TEX(tex2Dgather, float, float, int = 0)
__BH_TEX(tex1DLod, float, float)
__BH_TEX(tex2DLod, float, float, float)
__BH_TEX(tex3DLod, float, float, float, float)
__BH_TEX(tex1DLayeredLod, float, int, float)
__BH_TEX(tex2DLayeredLod, float, float, int, float)
__BH_TEX(texCubemapLod, float, float, float, float)
__BH_TEX(texCubemapLayeredLod, float, float, float, int, float)
__BH_TEX(tex1DGrad, float, float, float)
__BH_TEX(tex2DGrad, float, float, float2, float2)
__BH_TEX(tex3DGrad, float, float, float, float4, float4)
__BH_TEX(texCubemapGrad, float, float, float, float4, float4)
__BH_TEX(tex1DLayeredGrad, float, int, float, float)
__BH_TEX(tex2DLayeredGrad, float, float, int, float2, float2)
__BH_TEX(texCubemapLayeredGrad, float, float, float, int, float4, float4)
#undef __BH_TEX

/* Surfaces: read(T *, surf, coords), write(T, surf, coords). */
#define __BH_SURF(name, ...)                                              \
	template <typename __bhT>                                         \
	__device__ __BH_IMG void name##read(__bhT *, hipSurfaceObject_t,  \
					    __VA_ARGS__);                 \
	template <typename __bhT>                                         \
	__device__ __BH_IMG void name##write(__bhT, hipSurfaceObject_t,   \
					     __VA_ARGS__);

__BH_SURF(surf1D, int, int = 0)
__BH_SURF(surf2D, int, int)
__BH_SURF(surf3D, int, int, int)
__BH_SURF(surf1DLayered, int, int)
__BH_SURF(surf2DLayered, int, int, int)
__BH_SURF(surfCubemap, int, int, int)
__BH_SURF(surfCubemapLayered, int, int, int, int)
#undef __BH_SURF
#undef __BH_IMG

#endif /* HIP_BH_TEXTURE_H */
