// SPDX-License-Identifier: MIT
/*
 * hipExtMallocWithFlags: device memory with one of AMD's allocation
 * kinds.  The boards' VRAM is coherent for the host and every agent (the
 * sim board's is host memory), so fine-grained, uncached and contiguous
 * memory are device memory as hipMalloc gives it; signal memory is 8
 * bytes, as ROCm requires, of coherent host memory the GPU maps.
 */
#include "runtime.h"

hipError_t hipExtMallocWithFlags(void **ptr, size_t sizeBytes, unsigned int flags)
{
	static const char api[] = "hipExtMallocWithFlags";

	if (!ptr)
		return bh_rt_error(hipErrorInvalidValue, "%s: ptr is NULL", api);
	*ptr = NULL;
	switch (flags) {
	case hipDeviceMallocDefault:
	case hipDeviceMallocFinegrained:
	case hipDeviceMallocUncached:
	case hipDeviceMallocContiguous:
		break;
	case hipMallocSignalMemory:
		if (sizeBytes != 8)
			return bh_rt_error(hipErrorInvalidValue, "%s: signal memory is 8 bytes, "
					   "not %zu", api, sizeBytes);
		/* A word both sides poll (hipStreamWaitValue64, the host):
		 * coherent host memory the GPU maps, as ROCm's signal memory
		 * is; hipFree frees it. */
		return hipHostMalloc(ptr, sizeBytes, hipHostMallocCoherent);
	default:
		return bh_rt_error(hipErrorInvalidValue, "%s: unknown flags 0x%x (one "
				   "hipDeviceMalloc* value)", api, flags);
	}
	return hipMalloc(ptr, sizeBytes);
}
