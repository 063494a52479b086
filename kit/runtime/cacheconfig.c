// SPDX-License-Identifier: MIT
/*
 * The cache and shared-memory configuration hints.  AMD GPUs have no
 * L1/LDS split to choose and bank their LDS in 4-byte words, so neither
 * hint changes anything, as on ROCm.  Values outside the enums are
 * refused (hipErrorInvalidValue), as ROCm does.  Unlike ROCm, which
 * always answers hipFuncCachePreferNone, the device's cache preference
 * reads back as last set (what CUDA does and hip-tests checks); the bank
 * size always reads hipSharedMemBankSizeFourByte, the hardware's.
 */
#include "runtime.h"

static bool cache_config_valid(hipFuncCache_t c)
{
	return c == hipFuncCachePreferNone || c == hipFuncCachePreferShared ||
	       c == hipFuncCachePreferL1 || c == hipFuncCachePreferEqual;
}

static bool shared_config_valid(hipSharedMemConfig c)
{
	return c == hipSharedMemBankSizeDefault || c == hipSharedMemBankSizeFourByte ||
	       c == hipSharedMemBankSizeEightByte;
}

hipError_t hipDeviceSetCacheConfig(hipFuncCache_t config)
{
	struct bh_rt_device *d;
	hipError_t e;

	if (!cache_config_valid(config))
		return bh_rt_error(hipErrorInvalidValue,
				   "hipDeviceSetCacheConfig: %d is not a hipFuncCache_t", (int)config);
	e = bh_rt_cur(&d);
	if (e)
		return e;
	__atomic_store_n(&d->cache_config, config, __ATOMIC_RELAXED);
	return bh_rt_success();
}

hipError_t hipDeviceGetCacheConfig(hipFuncCache_t *config)
{
	struct bh_rt_device *d;
	hipError_t e;

	if (!config)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceGetCacheConfig: cacheConfig is NULL");
	e = bh_rt_cur(&d);
	if (e)
		return e;
	*config = __atomic_load_n(&d->cache_config, __ATOMIC_RELAXED);
	return bh_rt_success();
}

hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config)
{
	struct bh_rt_device *d;

	if (!shared_config_valid(config))
		return bh_rt_error(hipErrorInvalidValue,
				   "hipDeviceSetSharedMemConfig: %d is not a hipSharedMemConfig",
				   (int)config);
	return bh_rt_cur(&d);
}

hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig *config)
{
	struct bh_rt_device *d;
	hipError_t e;

	if (!config)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceGetSharedMemConfig: pConfig is NULL");
	e = bh_rt_cur(&d);
	if (e)
		return e;
	*config = hipSharedMemBankSizeFourByte;
	return bh_rt_success();
}

/* The per-kernel forms: a registered __global__ function and a valid hint. */
static hipError_t func_hint(const char *api, const void *func, bool valid, int value)
{
	if (!func || !bh_rt_function(func))
		return bh_rt_error(hipErrorInvalidDeviceFunction,
				   "%s(%p): not a registered __global__ function", api, func);
	if (!valid)
		return bh_rt_error(hipErrorInvalidValue, "%s: %d is not a valid setting", api,
				   value);
	return bh_rt_success();
}

hipError_t hipFuncSetCacheConfig(const void *func, hipFuncCache_t config)
{
	return func_hint("hipFuncSetCacheConfig", func, cache_config_valid(config), (int)config);
}

hipError_t hipFuncSetSharedMemConfig(const void *func, hipSharedMemConfig config)
{
	return func_hint("hipFuncSetSharedMemConfig", func, shared_config_valid(config),
			 (int)config);
}
