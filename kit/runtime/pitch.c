/* SPDX-License-Identifier: MIT */
/*
 * Pitched 2-D memory: hipMallocPitch and hipMemset2D(Async).  Rows start
 * every `pitch` bytes; the pitch is the width rounded up to 256 bytes (a
 * row start aligned for any access the compiler makes, and the texture
 * pitch alignment the board reports).  hipMemcpy2D is in memory.c.
 * The *_spt forms: on this thread's default stream (bh_rt_spt).
 */
#include "runtime.h"

#define PITCH_ALIGN 256

hipError_t hipMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height)
{
	if (!ptr || !pitch)
		return bh_rt_error(hipErrorInvalidValue, "hipMallocPitch: %s is NULL",
				   ptr ? "pitch" : "ptr");
	*ptr = NULL;
	*pitch = 0;
	if (!width || !height)
		return bh_rt_success();		/* as hipMalloc(0): a NULL pointer */
	size_t p = (width + PITCH_ALIGN - 1) / PITCH_ALIGN * PITCH_ALIGN;

	/* ROCm's codes: a width that overflows is a bad value, more rows
	 * than memory can hold out of memory (hip-tests' hipMallocPitch.cc). */
	if (p < width)
		return bh_rt_error(hipErrorInvalidValue, "hipMallocPitch: a row of %zu bytes "
				   "overflows the address space", width);
	if (height > SIZE_MAX / p)
		return bh_rt_error(hipErrorOutOfMemory, "hipMallocPitch: %zu rows of %zu bytes "
				   "overflow the address space", height, width);
	hipError_t e = hipMalloc(ptr, p * height);

	if (e)
		return e;
	*pitch = p;
	return hipSuccess;
}

/* The driver API's form: elements of 4, 8 or 16 bytes (as ROCm). */
hipError_t hipMemAllocPitch(hipDeviceptr_t *dptr, size_t *pitch, size_t width_bytes,
			    size_t height, unsigned int element_size_bytes)
{
	if (!width_bytes || !height)
		return bh_rt_error(hipErrorInvalidValue, "hipMemAllocPitch: %s is 0",
				   width_bytes ? "height" : "widthInBytes");
	if (element_size_bytes != 4 && element_size_bytes != 8 && element_size_bytes != 16)
		return bh_rt_error(hipErrorInvalidValue, "hipMemAllocPitch: elementSizeBytes %u "
				   "is not 4, 8 or 16", element_size_bytes);
	return hipMallocPitch(dptr, pitch, width_bytes, height);
}

hipError_t hipMemset2DAsync(void *dst, size_t pitch, int value, size_t width, size_t height,
			    hipStream_t stream)
{
	if (!width || !height)
		return bh_rt_success();
	if (!dst)
		return bh_rt_error(hipErrorInvalidValue, "hipMemset2D: dst is NULL");
	/* ROCm's code (hip-tests' hipMemsetNegative): not the copies' pitch error. */
	if (pitch < width)
		return bh_rt_error(hipErrorInvalidValue, "hipMemset2D: pitch %zu is less "
				   "than the width %zu", pitch, width);
	if ((height - 1) > (SIZE_MAX - width) / pitch)
		return bh_rt_error(hipErrorInvalidValue, "hipMemset2D: %zu rows of pitch %zu "
				   "overflow the address space", height, pitch);
	/* The whole extent must be one allocation before anything is set. */
	if (!bh_rt_find_allocation(dst, (height - 1) * pitch + width))
		return bh_rt_error(hipErrorInvalidValue, "hipMemset2D(%p): %zu rows of %zu "
				   "bytes at pitch %zu are not inside one allocation", dst,
				   height, width, pitch);
	/* A full-pitch extent is one fill; otherwise one per row, in order
	 * on the stream. */
	if (pitch == width)
		return hipMemsetAsync(dst, value, width * height, stream);
	for (size_t r = 0; r < height; r++) {
		hipError_t e = hipMemsetAsync((char *)dst + r * pitch, value, width, stream);

		if (e)
			return e;
	}
	return hipSuccess;
}

/* Device memory is not waited for (bh_rt_async_device_memory), as in ROCm. */
hipError_t hipMemset2D(void *dst, size_t pitch, int value, size_t width, size_t height)
{
	hipError_t e = hipMemset2DAsync(dst, pitch, value, width, height, NULL);

	if (e || bh_rt_async_device_memory(dst))
		return e;
	return hipStreamSynchronize(NULL);
}

hipError_t hipMemset2DAsync_spt(void *dst, size_t pitch, int value, size_t width, size_t height,
				hipStream_t stream)
{
	return hipMemset2DAsync(dst, pitch, value, width, height, bh_rt_spt(stream));
}

/* On this thread's default stream, waited for. */
hipError_t hipMemset2D_spt(void *dst, size_t pitch, int value, size_t width, size_t height)
{
	hipError_t e = hipMemset2DAsync(dst, pitch, value, width, height, hipStreamPerThread);

	if (e || bh_rt_async_device_memory(dst))
		return e;
	return hipStreamSynchronize(hipStreamPerThread);
}
