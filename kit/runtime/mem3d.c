/* SPDX-License-Identifier: MIT */
/*
 * Pitched 3-D memory: hipMalloc3D, hipMemcpy3D(Async), hipMemset3D(Async).
 * A pitched pointer is rows of `pitch` bytes, `ysize` rows to a slice;
 * a box at (x, y, z) of width x height x depth starts at
 * ptr + z * pitch * ysize + y * pitch + x.  Widths and x are in bytes;
 * hipMemcpy3D's array sides (srcArray, dstArray: x and the width in
 * texels) become the same copy of the array's memory (array.c).
 * Every box is checked whole before a byte moves: a copy or fill that
 * would leave its allocation or overlap its own rows is refused.
 */
#include <stdint.h>

#include "runtime.h"

#define PITCH_ALIGN 256	/* as hipMallocPitch (pitch.c) */

hipError_t hipMalloc3D(hipPitchedPtr *pitchedDevPtr, hipExtent extent)
{
	if (!pitchedDevPtr)
		return bh_rt_error(hipErrorInvalidValue, "hipMalloc3D: pitchedDevPtr is NULL");
	*pitchedDevPtr = (hipPitchedPtr){ NULL, 0, extent.width, extent.height };
	if (!extent.width || !extent.height || !extent.depth)
		return bh_rt_success();		/* as hipMalloc(0): a NULL pointer */
	size_t pitch = (extent.width + PITCH_ALIGN - 1) / PITCH_ALIGN * PITCH_ALIGN;

	/* A row that overflows is a bad width; more rows or slices than
	 * memory can hold is out of memory (ROCm's codes: hip-tests'
	 * hipMallocPitch.cc hipMalloc3D Negative). */
	if (pitch < extent.width)
		return bh_rt_error(hipErrorInvalidValue, "hipMalloc3D: a row of %zu bytes "
				   "overflows the address space", extent.width);
	if (extent.height > SIZE_MAX / pitch || extent.depth > SIZE_MAX / (pitch * extent.height))
		return bh_rt_error(hipErrorOutOfMemory, "hipMalloc3D: %zu x %zu x %zu bytes "
				   "overflow the address space", extent.width, extent.height,
				   extent.depth);
	hipError_t e = hipMalloc(&pitchedDevPtr->ptr, pitch * extent.height * extent.depth);

	if (e)
		return e;
	pitchedDevPtr->pitch = pitch;
	return hipSuccess;
}

/*
 * Where the box at @pos of @ext starts in @p, and its slice stride.
 * The rows must fit the pitch, and with more than one slice the rows
 * must fit a slice (else slices would overlap).  @side names it.
 */
static hipError_t box(const char *api, const char *side, hipPitchedPtr p, hipPos pos,
		      hipExtent ext, hipError_t pitch_code, size_t given_slice, uint8_t **start,
		      size_t *slice)
{
	if (!p.ptr)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s.ptr is NULL", api, side);
	if (pos.x > p.pitch || ext.width > p.pitch - pos.x)
		return bh_rt_error(pitch_code, "%s: %s rows of %zu bytes at x %zu "
				   "do not fit its pitch of %zu bytes", api, side, ext.width,
				   pos.x, p.pitch);
	if ((ext.depth > 1 || pos.z) && (pos.y > p.ysize || ext.height > p.ysize - pos.y))
		return bh_rt_error(hipErrorInvalidValue, "%s: %s: %zu rows at y %zu do not fit "
				   "its slices of ysize %zu rows", api, side, ext.height, pos.y,
				   p.ysize);
	if (p.ysize && p.pitch > SIZE_MAX / p.ysize)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s: slices of %zu x %zu bytes "
				   "overflow the address space", api, side, p.ysize, p.pitch);
	*slice = given_slice ? given_slice : p.pitch * p.ysize;
	/* The offset of (x, y, z); the extent's own span is checked by the copy. */
	size_t oz, oy, off;

	if (__builtin_mul_overflow(pos.z, *slice, &oz) ||
	    __builtin_mul_overflow(pos.y, p.pitch, &oy) ||
	    __builtin_add_overflow(oz, oy, &off) || __builtin_add_overflow(off, pos.x, &off) ||
	    off > UINTPTR_MAX - (uintptr_t)p.ptr)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s position (%zu, %zu, %zu) "
				   "overflows the address space", api, side, pos.x, pos.y, pos.z);
	*start = (uint8_t *)p.ptr + off;
	return hipSuccess;
}

hipError_t bh_rt_copy3d_params(const char *api, const hipMemcpy3DParms *p, const size_t slice[2],
			       bool async, hipStream_t stream)
{
	uint8_t *dst, *src;
	size_t dslice, sslice;
	const hipExtent x = p->extent;

	if (!x.width || !x.height || !x.depth)
		return bh_rt_success();
	hipError_t e = box(api, "dstPtr", p->dstPtr, p->dstPos, x, hipErrorInvalidPitchValue,
			   slice[1], &dst, &dslice);

	if (!e)
		e = box(api, "srcPtr", p->srcPtr, p->srcPos, x, hipErrorInvalidPitchValue, slice[0],
			&src, &sslice);
	if (e)
		return e;
	return bh_rt_copy3d(api, dst, p->dstPtr.pitch, dslice, src, p->srcPtr.pitch, sslice,
			    x.width, x.height, x.depth, p->kind, async, stream);
}

static hipError_t copy3d(const char *api, const hipMemcpy3DParms *p, bool async,
			 hipStream_t stream)
{
	size_t slice[2] = { 0, 0 };
	hipMemcpy3DParms resolved;

	if (!p)
		return bh_rt_error(hipErrorInvalidValue, "%s: p is NULL", api);
	if (p->srcArray || p->dstArray) {	/* the array's memory (array.c) */
		hipError_t e = bh_rt_array_params(api, p, &resolved, slice);

		if (e)
			return e;
		p = &resolved;
	}
	return bh_rt_copy3d_params(api, p, slice, async, stream);
}

hipError_t hipMemcpy3D(const hipMemcpy3DParms *p)
{
	return copy3d("hipMemcpy3D", p, false, NULL);
}

hipError_t hipMemcpy3DAsync(const hipMemcpy3DParms *p, hipStream_t stream)
{
	return copy3d("hipMemcpy3DAsync", p, true, stream);
}

hipError_t hipMemset3DAsync(hipPitchedPtr p, int value, hipExtent extent, hipStream_t stream)
{
	const char *api = "hipMemset3D";
	uint8_t *start;
	size_t slice, plane;
	hipError_t e;

	if (!extent.width || !extent.height || !extent.depth)
		return bh_rt_success();
	/* A fill wider than the pitch: hipErrorInvalidValue (ROCm's; its
	 * copies say hipErrorInvalidPitchValue -- hip-tests' hipMemsetNegative). */
	e = box(api, "pitchedDevPtr", p, (hipPos){ 0, 0, 0 }, extent, hipErrorInvalidValue, 0,
		&start, &slice);
	if (e)
		return e;
	/* The whole box in one allocation before anything is set (the
	 * spans cannot overflow: box() bounded pitch * ysize). */
	plane = (extent.height - 1) * p.pitch + extent.width;
	if (extent.depth > 1 && slice > (SIZE_MAX - plane) / (extent.depth - 1))
		return bh_rt_error(hipErrorInvalidValue, "%s: %zu slices of %zu bytes overflow "
				   "the address space", api, extent.depth, slice);
	if (!bh_rt_find_allocation(start, (extent.depth - 1) * slice + plane))
		return bh_rt_error(hipErrorInvalidValue, "%s(%p): %zu x %zu x %zu bytes at pitch "
				   "%zu, %zu rows to a slice, are not inside one allocation", api,
				   p.ptr, extent.width, extent.height, extent.depth, p.pitch,
				   p.ysize);
	/* Slices that are whole, contiguous planes are one fill. */
	if (extent.width == p.pitch && (extent.depth == 1 || extent.height == p.ysize))
		return hipMemsetAsync(start, value, extent.width * extent.height * extent.depth,
				      stream);
	for (size_t z = 0; z < extent.depth; z++) {
		e = hipMemset2DAsync(start + z * slice, p.pitch, value, extent.width,
				     extent.height, stream);
		if (e)
			return e;
	}
	return hipSuccess;
}

/* Device memory is not waited for (bh_rt_async_device_memory), as in ROCm. */
hipError_t hipMemset3D(hipPitchedPtr p, int value, hipExtent extent)
{
	hipError_t e = hipMemset3DAsync(p, value, extent, NULL);

	if (e || bh_rt_async_device_memory(p.ptr))
		return e;
	return hipStreamSynchronize(NULL);
}

/* The per-thread default stream's forms (bh_rt_spt): the synchronous
 * ones wait for this thread's default stream, not the legacy stream. */
hipError_t hipMemcpy3D_spt(const hipMemcpy3DParms *p)
{
	return copy3d("hipMemcpy3D", p, false, hipStreamPerThread);
}

hipError_t hipMemcpy3DAsync_spt(const hipMemcpy3DParms *p, hipStream_t stream)
{
	return copy3d("hipMemcpy3DAsync", p, true, bh_rt_spt(stream));
}

hipError_t hipMemset3DAsync_spt(hipPitchedPtr p, int value, hipExtent extent, hipStream_t stream)
{
	return hipMemset3DAsync(p, value, extent, bh_rt_spt(stream));
}

hipError_t hipMemset3D_spt(hipPitchedPtr p, int value, hipExtent extent)
{
	hipError_t e = hipMemset3DAsync(p, value, extent, hipStreamPerThread);

	if (e || bh_rt_async_device_memory(p.ptr))
		return e;
	return hipStreamSynchronize(hipStreamPerThread);
}
