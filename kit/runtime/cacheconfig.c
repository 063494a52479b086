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

/*
 * The device forms and the deprecated context forms (hipCtx*) act alike
 * on the current device: a context is its device's primary context
 * (context.c).  api names the entry point in errors.
 */
static hipError_t set_cache(const char *api, hipFuncCache_t config)
{
	struct bh_rt_device *d;
	hipError_t e;

	if (!cache_config_valid(config))
		return bh_rt_error(hipErrorInvalidValue, "%s: %d is not a hipFuncCache_t", api,
				   (int)config);
	e = bh_rt_cur(&d);
	if (e)
		return e;
	__atomic_store_n(&d->cache_config, config, __ATOMIC_RELAXED);
	return bh_rt_success();
}

static hipError_t get_cache(const char *api, hipFuncCache_t *config)
{
	struct bh_rt_device *d;
	hipError_t e;

	if (!config)
		return bh_rt_error(hipErrorInvalidValue, "%s: cacheConfig is NULL", api);
	e = bh_rt_cur(&d);
	if (e)
		return e;
	*config = __atomic_load_n(&d->cache_config, __ATOMIC_RELAXED);
	return bh_rt_success();
}

static hipError_t set_shared(const char *api, hipSharedMemConfig config)
{
	struct bh_rt_device *d;

	if (!shared_config_valid(config))
		return bh_rt_error(hipErrorInvalidValue, "%s: %d is not a hipSharedMemConfig", api,
				   (int)config);
	return bh_rt_cur(&d);
}

static hipError_t get_shared(const char *api, hipSharedMemConfig *config)
{
	struct bh_rt_device *d;
	hipError_t e;

	if (!config)
		return bh_rt_error(hipErrorInvalidValue, "%s: pConfig is NULL", api);
	e = bh_rt_cur(&d);
	if (e)
		return e;
	*config = hipSharedMemBankSizeFourByte;
	return bh_rt_success();
}

hipError_t hipDeviceSetCacheConfig(hipFuncCache_t config)
{
	return set_cache("hipDeviceSetCacheConfig", config);
}

hipError_t hipDeviceGetCacheConfig(hipFuncCache_t *config)
{
	return get_cache("hipDeviceGetCacheConfig", config);
}

hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config)
{
	return set_shared("hipDeviceSetSharedMemConfig", config);
}

hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig *config)
{
	return get_shared("hipDeviceGetSharedMemConfig", config);
}

hipError_t hipCtxSetCacheConfig(hipFuncCache_t config)
{
	return set_cache("hipCtxSetCacheConfig", config);
}

hipError_t hipCtxGetCacheConfig(hipFuncCache_t *config)
{
	return get_cache("hipCtxGetCacheConfig", config);
}

hipError_t hipCtxSetSharedMemConfig(hipSharedMemConfig config)
{
	return set_shared("hipCtxSetSharedMemConfig", config);
}

hipError_t hipCtxGetSharedMemConfig(hipSharedMemConfig *config)
{
	return get_shared("hipCtxGetSharedMemConfig", config);
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

/*
 * hipFuncSetAttribute: the dynamic shared memory a kernel may ask for, and
 * the LDS carveout hint.  Checked as ROCm checks them -- a registered
 * kernel, a known attribute, at most the LDS its static use leaves, a
 * carveout from -1 to 100 -- and not kept: every launch may already use
 * all the LDS left after the kernel's static LDS (hipFuncGetAttributes'
 * maxDynamicSharedSizeBytes), so there is nothing to raise.
 */
hipError_t hipFuncSetAttribute(const void *func, hipFuncAttribute attr, int value)
{
	static const char api[] = "hipFuncSetAttribute";
	struct bh_function *f = func ? bh_rt_function(func) : NULL;
	const struct bh_kernel *k;
	struct bh_rt_device *d;
	hipError_t e;

	if (!f)
		return bh_rt_error(hipErrorInvalidDeviceFunction,
				   "%s(%p): not a registered __global__ function", api, func);
	if (attr != hipFuncAttributeMaxDynamicSharedMemorySize &&
	    attr != hipFuncAttributePreferredSharedMemoryCarveout)
		return bh_rt_error(hipErrorInvalidValue, "%s: %d is not a hipFuncAttribute", api,
				   (int)attr);
	e = bh_rt_cur(&d);
	if (!e)
		e = bh_rt_kernel(d, f, &k);
	if (e)
		return e;
	if (attr == hipFuncAttributePreferredSharedMemoryCarveout) {
		if (value < -1 || value > 100)
			return bh_rt_error(hipErrorInvalidValue, "%s(kernel '%s'): carveout %d is "
					   "not a percentage (or -1)", api, k->name, value);
		return bh_rt_success();
	}
	uint32_t lds = bh_device_get_info(d->dev)->lds_size;
	uint32_t left = k->group_segment_fixed_size < lds ? lds - k->group_segment_fixed_size : 0;

	if (value < 0 || (uint32_t)value > left)
		return bh_rt_error(hipErrorInvalidValue, "%s(kernel '%s'): %d bytes of dynamic "
				   "shared memory; the kernel's static %u leave %u", api, k->name,
				   value, k->group_segment_fixed_size, left);
	return bh_rt_success();
}
