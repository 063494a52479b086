// SPDX-License-Identifier: MIT
/*
 * hipGetFuncBySymbol: the hipFunction_t of a __global__ function of the
 * program, for the module API (hipModuleLaunchKernel, hipFuncGetAttribute,
 * the module occupancy calls) and hipFuncGetAttributes.  The handle is
 * the function's registration (register.c), valid for the whole run;
 * its kernel is the current device's (the stream's, for a launch), as
 * for <<<>>>.
 */
#include "runtime.h"

struct bh_function *bh_rt_function_handle(const void *handle)
{
	if (!handle)
		return NULL;
	for (struct bh_function *f = __atomic_load_n(&bh_rt.functions, __ATOMIC_ACQUIRE); f;
	     f = f->next)
		if ((const void *)f == handle)
			return f;
	return NULL;
}

hipError_t hipGetFuncBySymbol(hipFunction_t *functionPtr, const void *symbolPtr)
{
	struct bh_function *f;

	if (!functionPtr)
		return bh_rt_error(hipErrorInvalidValue, "hipGetFuncBySymbol: functionPtr is NULL");
	f = symbolPtr ? bh_rt_function(symbolPtr) : NULL;
	if (!f)
		return bh_rt_error(hipErrorInvalidDeviceFunction, "hipGetFuncBySymbol(%p): not a "
				   "registered __global__ function", symbolPtr);
	*functionPtr = (hipFunction_t)f;
	return bh_rt_success();
}
