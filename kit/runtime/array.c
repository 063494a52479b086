/* SPDX-License-Identifier: MIT */
/*
 * HIP arrays, texture and surface objects (kit/include/hip/bh/arrays.h).
 * barehip has no arrays yet (issue 22): each call checks its arguments
 * as ROCm does where that needs no array (a NULL out pointer is
 * hipErrorInvalidValue), then refuses with hipErrorNotSupported and a
 * message naming the call.  The driver-style copies of linear memory
 * (hipMemcpyParam2D, hipDrvMemcpy3D) are the 2-D and 3-D copies of
 * memory.c and mem3d.c; only an array side is refused.
 */
#include <stdint.h>

#include "runtime.h"

hipChannelFormatDesc hipCreateChannelDesc(int x, int y, int z, int w, hipChannelFormatKind f)
{
	return (hipChannelFormatDesc){ x, y, z, w, f };
}

static hipError_t no_arrays(const char *api)
{
	return bh_rt_error(hipErrorNotSupported, "%s: HIP arrays, textures and surfaces are "
			   "not supported by barehip (use linear memory: hipMalloc, "
			   "hipMallocPitch, hipMalloc3D)", api);
}

/* A call that makes an object into *@out: NULL is the caller's error. */
static hipError_t no_arrays_out(const char *api, const void *out, const char *name)
{
	if (!out)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api, name);
	return no_arrays(api);
}

hipError_t hipMallocArray(hipArray_t *array, const hipChannelFormatDesc *desc, size_t width,
			  size_t height, unsigned int flags)
{
	(void)height, (void)flags, (void)width;
	if (!desc)
		return bh_rt_error(hipErrorInvalidValue, "hipMallocArray: desc is NULL");
	return no_arrays_out("hipMallocArray", array, "array");
}

hipError_t hipMalloc3DArray(hipArray_t *array, const hipChannelFormatDesc *desc,
			    hipExtent extent, unsigned int flags)
{
	(void)extent, (void)flags;
	if (!desc)
		return bh_rt_error(hipErrorInvalidValue, "hipMalloc3DArray: desc is NULL");
	return no_arrays_out("hipMalloc3DArray", array, "array");
}

hipError_t hipArrayCreate(hipArray_t *array, const HIP_ARRAY_DESCRIPTOR *desc)
{
	if (!desc)
		return bh_rt_error(hipErrorInvalidValue, "hipArrayCreate: pAllocateArray is NULL");
	return no_arrays_out("hipArrayCreate", array, "pHandle");
}

hipError_t hipArray3DCreate(hipArray_t *array, const HIP_ARRAY3D_DESCRIPTOR *desc)
{
	if (!desc)
		return bh_rt_error(hipErrorInvalidValue,
				   "hipArray3DCreate: pAllocateArray is NULL");
	return no_arrays_out("hipArray3DCreate", array, "array");
}

/* No array was ever made, so none can be named: a handle is invalid. */
static hipError_t not_an_array(const char *api, const void *array)
{
	if (!array)
		return bh_rt_error(hipErrorInvalidValue, "%s: the array is NULL", api);
	return bh_rt_error(hipErrorInvalidHandle, "%s(%p): not an array (barehip makes "
			   "none: arrays are not supported)", api, array);
}

hipError_t hipArrayDestroy(hipArray_t array)
{
	return not_an_array("hipArrayDestroy", array);
}

hipError_t hipFreeArray(hipArray_t array)
{
	return not_an_array("hipFreeArray", array);
}

hipError_t hipArrayGetInfo(hipChannelFormatDesc *desc, hipExtent *extent, unsigned int *flags,
			   hipArray_t array)
{
	(void)desc, (void)extent, (void)flags;
	return not_an_array("hipArrayGetInfo", array);
}

hipError_t hipArrayGetDescriptor(HIP_ARRAY_DESCRIPTOR *desc, hipArray_t array)
{
	(void)desc;
	return not_an_array("hipArrayGetDescriptor", array);
}

hipError_t hipArray3DGetDescriptor(HIP_ARRAY3D_DESCRIPTOR *desc, hipArray_t array)
{
	(void)desc;
	return not_an_array("hipArray3DGetDescriptor", array);
}

hipError_t hipGetChannelDesc(hipChannelFormatDesc *desc, hipArray_const_t array)
{
	(void)desc;
	return not_an_array("hipGetChannelDesc", array);
}

hipError_t hipMallocMipmappedArray(hipMipmappedArray_t *mipmapped,
				   const hipChannelFormatDesc *desc, hipExtent extent,
				   unsigned int levels, unsigned int flags)
{
	(void)extent, (void)levels, (void)flags;
	if (!desc)
		return bh_rt_error(hipErrorInvalidValue, "hipMallocMipmappedArray: desc is NULL");
	return no_arrays_out("hipMallocMipmappedArray", mipmapped, "mipmappedArray");
}

hipError_t hipFreeMipmappedArray(hipMipmappedArray_t mipmapped)
{
	return not_an_array("hipFreeMipmappedArray", mipmapped);
}

hipError_t hipGetMipmappedArrayLevel(hipArray_t *level_array, hipMipmappedArray_const_t mipmapped,
				     unsigned int level)
{
	(void)level;
	if (!level_array)
		return bh_rt_error(hipErrorInvalidValue,
				   "hipGetMipmappedArrayLevel: levelArray is NULL");
	return not_an_array("hipGetMipmappedArrayLevel", mipmapped);
}

/*
 * The 2-D copies to and from arrays, checked in ROCm's order: the
 * direction, the linear side (NULL: hipErrorInvalidValue; a pitch of 0
 * or below the row: hipErrorInvalidPitchValue), then the array (NULL or
 * not one: hipErrorInvalidHandle, as ROCm's hipMemcpy2DValidateArray).
 */
static hipError_t array2d(const char *api, hipMemcpyKind kind, const void *buf, size_t pitch,
			  size_t width, const void *array)
{
	if ((unsigned int)kind > hipMemcpyDefault && kind != hipMemcpyDeviceToDeviceNoCU)
		return bh_rt_error(hipErrorInvalidMemcpyDirection, "%s: kind %d is not a copy "
				   "direction", api, (int)kind);
	if (!buf)
		return bh_rt_error(hipErrorInvalidValue, "%s: the linear side is NULL", api);
	if (!pitch || pitch < width)
		return bh_rt_error(hipErrorInvalidPitchValue, "%s: pitch %zu is below the row of "
				   "%zu bytes", api, pitch, width);
	if (!array)
		return bh_rt_error(hipErrorInvalidHandle, "%s: the array is NULL", api);
	return not_an_array(api, array);
}

hipError_t hipMemcpy2DToArray(hipArray_t dst, size_t wOffset, size_t hOffset, const void *src,
			      size_t spitch, size_t width, size_t height, hipMemcpyKind kind)
{
	(void)wOffset, (void)hOffset, (void)height;
	return array2d("hipMemcpy2DToArray", kind, src, spitch, width, dst);
}

hipError_t hipMemcpy2DToArrayAsync(hipArray_t dst, size_t wOffset, size_t hOffset,
				   const void *src, size_t spitch, size_t width, size_t height,
				   hipMemcpyKind kind, hipStream_t stream)
{
	(void)wOffset, (void)hOffset, (void)height, (void)stream;
	return array2d("hipMemcpy2DToArrayAsync", kind, src, spitch, width, dst);
}

hipError_t hipMemcpy2DFromArray(void *dst, size_t dpitch, hipArray_const_t src, size_t wOffset,
				size_t hOffset, size_t width, size_t height, hipMemcpyKind kind)
{
	(void)wOffset, (void)hOffset, (void)height;
	return array2d("hipMemcpy2DFromArray", kind, dst, dpitch, width, src);
}

hipError_t hipMemcpy2DFromArrayAsync(void *dst, size_t dpitch, hipArray_const_t src,
				     size_t wOffset, size_t hOffset, size_t width, size_t height,
				     hipMemcpyKind kind, hipStream_t stream)
{
	(void)wOffset, (void)hOffset, (void)height, (void)stream;
	return array2d("hipMemcpy2DFromArrayAsync", kind, dst, dpitch, width, src);
}

hipError_t hipMemcpy2DArrayToArray(hipArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
				   hipArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc,
				   size_t width, size_t height, hipMemcpyKind kind)
{
	static const char api[] = "hipMemcpy2DArrayToArray";

	(void)wOffsetDst, (void)hOffsetDst, (void)wOffsetSrc, (void)hOffsetSrc;
	(void)width, (void)height;
	if ((unsigned int)kind > hipMemcpyDefault && kind != hipMemcpyDeviceToDeviceNoCU)
		return bh_rt_error(hipErrorInvalidMemcpyDirection, "%s: kind %d is not a copy "
				   "direction", api, (int)kind);
	if (!src || !dst)
		return bh_rt_error(hipErrorInvalidHandle, "%s: the %s array is NULL", api,
				   src ? "destination" : "source");
	return not_an_array(api, src);
}

hipError_t hipMemcpyToArray(hipArray_t dst, size_t wOffset, size_t hOffset, const void *src,
			    size_t count, hipMemcpyKind kind)
{
	(void)wOffset, (void)hOffset, (void)src, (void)count, (void)kind;
	return not_an_array("hipMemcpyToArray", dst);
}

hipError_t hipMemcpyFromArray(void *dst, hipArray_const_t src, size_t wOffset, size_t hOffset,
			      size_t count, hipMemcpyKind kind)
{
	(void)dst, (void)wOffset, (void)hOffset, (void)count, (void)kind;
	return not_an_array("hipMemcpyFromArray", src);
}

hipError_t hipMemcpyAtoH(void *dst, hipArray_t src, size_t srcOffset, size_t count)
{
	(void)dst, (void)srcOffset, (void)count;
	return not_an_array("hipMemcpyAtoH", src);
}

hipError_t hipMemcpyHtoA(hipArray_t dst, size_t dstOffset, const void *src, size_t count)
{
	(void)dstOffset, (void)src, (void)count;
	return not_an_array("hipMemcpyHtoA", dst);
}

hipError_t hipMemcpyAtoHAsync(void *dst, hipArray_t src, size_t srcOffset, size_t count,
			      hipStream_t stream)
{
	(void)dst, (void)srcOffset, (void)count, (void)stream;
	return not_an_array("hipMemcpyAtoHAsync", src);
}

hipError_t hipMemcpyHtoAAsync(hipArray_t dst, size_t dstOffset, const void *src, size_t count,
			      hipStream_t stream)
{
	(void)dstOffset, (void)src, (void)count, (void)stream;
	return not_an_array("hipMemcpyHtoAAsync", dst);
}

hipError_t hipMemcpyAtoD(hipDeviceptr_t dst, hipArray_t src, size_t srcOffset, size_t count)
{
	(void)dst, (void)srcOffset, (void)count;
	return not_an_array("hipMemcpyAtoD", src);
}

hipError_t hipMemcpyDtoA(hipArray_t dst, size_t dstOffset, hipDeviceptr_t src, size_t count)
{
	(void)dstOffset, (void)src, (void)count;
	return not_an_array("hipMemcpyDtoA", dst);
}

hipError_t hipMemcpyAtoA(hipArray_t dst, size_t dstOffset, hipArray_t src, size_t srcOffset,
			 size_t count)
{
	(void)dstOffset, (void)srcOffset, (void)count;
	return not_an_array("hipMemcpyAtoA", dst ? (const void *)src : NULL);
}

/*
 * One side of a driver-style copy: its linear address, or a refusal.
 * Host memory is taken at the host pointer, device and unified memory at
 * the device pointer (one address space on every board).
 */
static hipError_t side_base(const char *api, const char *side, hipMemoryType type,
			    const void *host, const void *device, hipArray_const_t array,
			    const void **base)
{
	switch (type) {
	case hipMemoryTypeHost:
		*base = host;
		break;
	case hipMemoryTypeDevice:
	case hipMemoryTypeUnified:
	case hipMemoryTypeManaged:
		*base = device;
		break;
	case hipMemoryTypeArray:
		if (!array)
			return bh_rt_error(hipErrorInvalidValue, "%s: the %s array is NULL", api,
					   side);
		return no_arrays(api);
	default:
		return bh_rt_error(hipErrorInvalidValue, "%s: %sMemoryType %d is not a memory "
				   "type", api, side, (int)type);
	}
	if (!*base)
		return bh_rt_error(hipErrorInvalidValue, "%s: the %s %s pointer is NULL", api,
				   side, type == hipMemoryTypeHost ? "host" : "device");
	return hipSuccess;
}

static hipError_t param2d(const char *api, const hip_Memcpy2D *c, bool async, hipStream_t stream)
{
	const void *src, *dst;
	hipError_t e;

	if (!c)
		return bh_rt_error(hipErrorInvalidValue, "%s: pCopy is NULL", api);
	e = side_base(api, "src", c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray,
		      &src);
	if (!e)
		e = side_base(api, "dst", c->dstMemoryType, c->dstHost, c->dstDevice,
				   c->dstArray, &dst);
	if (e)
		return e;
	size_t so = c->srcY * c->srcPitch + c->srcXInBytes;
	size_t doff = c->dstY * c->dstPitch + c->dstXInBytes;

	if ((c->srcPitch && c->srcY > SIZE_MAX / c->srcPitch) ||
	    (c->dstPitch && c->dstY > SIZE_MAX / c->dstPitch))
		return bh_rt_error(hipErrorInvalidValue, "%s: the start row overflows the "
				   "address space", api);
	src = (const uint8_t *)src + so;
	dst = (const uint8_t *)dst + doff;
	if (async)
		return hipMemcpy2DAsync((void *)(uintptr_t)dst, c->dstPitch, src, c->srcPitch,
					c->WidthInBytes, c->Height, hipMemcpyDefault, stream);
	return hipMemcpy2D((void *)(uintptr_t)dst, c->dstPitch, src, c->srcPitch,
			   c->WidthInBytes, c->Height, hipMemcpyDefault);
}

hipError_t hipMemcpyParam2D(const hip_Memcpy2D *copy)
{
	return param2d("hipMemcpyParam2D", copy, false, NULL);
}

hipError_t hipMemcpyParam2DAsync(const hip_Memcpy2D *copy, hipStream_t stream)
{
	return param2d("hipMemcpyParam2DAsync", copy, true, stream);
}

hipError_t hipDrvMemcpy2DUnaligned(const hip_Memcpy2D *copy)
{
	return param2d("hipDrvMemcpy2DUnaligned", copy, false, NULL);
}

/* A driver-style 3-D copy as the runtime's: @c's sides resolved. */
hipError_t bh_rt_drv3d_params(const char *api, const HIP_MEMCPY3D *c, hipMemcpy3DParms *p)
{
	const void *src, *dst;
	hipError_t e;

	if (!c)
		return bh_rt_error(hipErrorInvalidValue, "%s: pCopy is NULL", api);
	if (c->srcLOD || c->dstLOD)
		return bh_rt_error(hipErrorInvalidValue, "%s: srcLOD and dstLOD must be 0", api);
	e = side_base(api, "src", c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray,
		      &src);
	if (!e)
		e = side_base(api, "dst", c->dstMemoryType, c->dstHost, c->dstDevice,
				   c->dstArray, &dst);
	if (e)
		return e;
	*p = (hipMemcpy3DParms){
		.srcPos = { c->srcXInBytes, c->srcY, c->srcZ },
		.srcPtr = { (void *)(uintptr_t)src, c->srcPitch, c->WidthInBytes, c->srcHeight },
		.dstPos = { c->dstXInBytes, c->dstY, c->dstZ },
		.dstPtr = { (void *)(uintptr_t)dst, c->dstPitch, c->WidthInBytes, c->dstHeight },
		.extent = { c->WidthInBytes, c->Height, c->Depth },
		.kind = hipMemcpyDefault,
	};
	return hipSuccess;
}

static hipError_t drv3d(const char *api, const HIP_MEMCPY3D *c, bool async, hipStream_t stream)
{
	hipMemcpy3DParms p;
	hipError_t e = bh_rt_drv3d_params(api, c, &p);

	if (e)
		return e;
	return async ? hipMemcpy3DAsync(&p, stream) : hipMemcpy3D(&p);
}

hipError_t hipDrvMemcpy3D(const HIP_MEMCPY3D *copy)
{
	return drv3d("hipDrvMemcpy3D", copy, false, NULL);
}

hipError_t hipDrvMemcpy3DAsync(const HIP_MEMCPY3D *copy, hipStream_t stream)
{
	return drv3d("hipDrvMemcpy3DAsync", copy, true, stream);
}
