// SPDX-License-Identifier: MIT
/*
 * External resource interoperability (kit/include/hip/bh/external.h):
 * barehip imports no memory or semaphore from another API, so an import
 * is hipErrorNotSupported once its arguments are checked, and since no
 * handle can exist, every call on one is hipErrorInvalidValue.
 */
#include "runtime.h"

static hipError_t no_import(const char *api, const char *what)
{
	return bh_rt_error(hipErrorNotSupported, "%s: barehip cannot import external %s (no "
			   "board has a handle type another API exports to it)", api, what);
}

static hipError_t no_handle(const char *api, const char *what, const void *h)
{
	return bh_rt_error(hipErrorInvalidValue, "%s: %p is not an imported external %s%s", api,
			   h, what, h ? " (barehip imports none)" : "");
}

hipError_t hipImportExternalMemory(hipExternalMemory_t *extMem_out,
				   const hipExternalMemoryHandleDesc *desc)
{
	static const char api[] = "hipImportExternalMemory";

	if (!extMem_out || !desc)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api,
				   extMem_out ? "memHandleDesc" : "extMem_out");
	if (desc->type < hipExternalMemoryHandleTypeOpaqueFd ||
	    desc->type > hipExternalMemoryHandleTypeNvSciBuf)
		return bh_rt_error(hipErrorInvalidValue, "%s: handle type %d is not one", api,
				   (int)desc->type);
	if (!desc->size)
		return bh_rt_error(hipErrorInvalidValue, "%s: size is 0", api);
	return no_import(api, "memory");
}

hipError_t hipExternalMemoryGetMappedBuffer(void **devPtr, hipExternalMemory_t extMem,
					    const hipExternalMemoryBufferDesc *bufferDesc)
{
	static const char api[] = "hipExternalMemoryGetMappedBuffer";

	if (!devPtr || !bufferDesc)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api,
				   devPtr ? "bufferDesc" : "devPtr");
	return no_handle(api, "memory", extMem);
}

hipError_t hipExternalMemoryGetMappedMipmappedArray(
	hipMipmappedArray_t *mipmap, hipExternalMemory_t extMem,
	const hipExternalMemoryMipmappedArrayDesc *mipmapDesc)
{
	static const char api[] = "hipExternalMemoryGetMappedMipmappedArray";

	if (!mipmap || !mipmapDesc)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api,
				   mipmap ? "mipmapDesc" : "mipmap");
	return no_handle(api, "memory", extMem);
}

hipError_t hipDestroyExternalMemory(hipExternalMemory_t extMem)
{
	return no_handle("hipDestroyExternalMemory", "memory", extMem);
}

hipError_t hipImportExternalSemaphore(hipExternalSemaphore_t *extSem_out,
				      const hipExternalSemaphoreHandleDesc *desc)
{
	static const char api[] = "hipImportExternalSemaphore";

	if (!extSem_out || !desc)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api,
				   extSem_out ? "semHandleDesc" : "extSem_out");
	if (desc->type < hipExternalSemaphoreHandleTypeOpaqueFd ||
	    desc->type > hipExternalSemaphoreHandleTypeTimelineSemaphoreWin32)
		return bh_rt_error(hipErrorInvalidValue, "%s: handle type %d is not one", api,
				   (int)desc->type);
	return no_import(api, "semaphores");
}

/* Signal and wait: the arrays, then each handle (none can be valid). */
static hipError_t sems(const char *api, const hipExternalSemaphore_t *sem, const void *params,
		       unsigned int n)
{
	if (n && (!sem || !params))
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL with %u semaphores", api,
				   sem ? "paramsArray" : "extSemArray", n);
	if (n)
		return no_handle(api, "semaphore", sem[0]);
	return bh_rt_success();
}

hipError_t hipSignalExternalSemaphoresAsync(const hipExternalSemaphore_t *extSemArray,
					    const hipExternalSemaphoreSignalParams *paramsArray,
					    unsigned int numExtSems, hipStream_t stream)
{
	(void)stream;
	return sems("hipSignalExternalSemaphoresAsync", extSemArray, paramsArray, numExtSems);
}

hipError_t hipWaitExternalSemaphoresAsync(const hipExternalSemaphore_t *extSemArray,
					  const hipExternalSemaphoreWaitParams *paramsArray,
					  unsigned int numExtSems, hipStream_t stream)
{
	(void)stream;
	return sems("hipWaitExternalSemaphoresAsync", extSemArray, paramsArray, numExtSems);
}

hipError_t hipDestroyExternalSemaphore(hipExternalSemaphore_t extSem)
{
	return no_handle("hipDestroyExternalSemaphore", "semaphore", extSem);
}
