// SPDX-License-Identifier: MIT
/*
 * The deprecated context API, as ROCm implements it: a context is a
 * device (each device has one, its primary context; hipCtxCreate hands
 * that out again), and each host thread keeps a stack of contexts whose
 * top is the current one.  Making a context current makes its device
 * the thread's current device (hipSetDevice); with an empty stack the
 * current context is the current device's.
 */
#include <stdint.h>

#include "runtime.h"

struct ihipCtx_t {
	int ordinal;
};

#define CTX_STACK_MAX 64

static struct ihipCtx_t contexts[BH_RT_MAX_DEVICES] = {
	{ 0 }, { 1 }, { 2 }, { 3 }, { 4 }, { 5 }, { 6 }, { 7 },
	{ 8 }, { 9 }, { 10 }, { 11 }, { 12 }, { 13 }, { 14 }, { 15 },
};

/* This thread's context stack. */
static _Thread_local hipCtx_t stack[CTX_STACK_MAX];
static _Thread_local unsigned int depth;

/* @ctx is one of ours (the handles are the entries of contexts[]). */
static bool valid(hipCtx_t ctx)
{
	return ctx >= contexts && ctx < contexts + BH_RT_MAX_DEVICES &&
	       ((uintptr_t)ctx - (uintptr_t)contexts) % sizeof(*ctx) == 0;
}

static hipError_t make_current(const char *api, hipCtx_t ctx)
{
	hipError_t e;

	if (!valid(ctx))
		return bh_rt_error(hipErrorInvalidContext, "%s: %p is not a context", api,
				   (void *)ctx);
	e = hipSetDevice(ctx->ordinal);
	return e == hipErrorInvalidDevice ? bh_rt_error(hipErrorInvalidContext, "%s: the "
				"context's device %d does not exist", api, ctx->ordinal) : e;
}

static hipError_t push(const char *api, hipCtx_t ctx)
{
	hipError_t e;

	if (depth == CTX_STACK_MAX)
		return bh_rt_error(hipErrorOutOfMemory, "%s: the thread's context stack is full "
				   "(%d contexts)", api, CTX_STACK_MAX);
	e = make_current(api, ctx);
	if (e)
		return e;
	stack[depth++] = ctx;
	return hipSuccess;
}

hipError_t hipCtxCreate(hipCtx_t *ctx, unsigned int flags, hipDevice_t device)
{
	struct bh_rt_device *d;
	hipError_t e;

	(void)flags;	/* ROCm ignores them too: the device's flags apply */
	if (!ctx)
		return bh_rt_error(hipErrorInvalidValue, "hipCtxCreate: ctx is NULL");
	e = bh_rt_device_get("hipCtxCreate", device, &d);
	if (e)
		return e == hipErrorInvalidDevice ? bh_rt_error(hipErrorInvalidValue,
				"hipCtxCreate: no device %d", device) : e;
	e = push("hipCtxCreate", &contexts[device]);
	if (e)
		return e;
	*ctx = &contexts[device];
	return bh_rt_success();
}

/* The device (its primary context) stays: only this thread's stack
 * forgets it if it is on top, as in ROCm. */
hipError_t hipCtxDestroy(hipCtx_t ctx)
{
	if (!ctx)
		return bh_rt_error(hipErrorInvalidValue, "hipCtxDestroy: ctx is NULL");
	if (!valid(ctx))
		return bh_rt_error(hipErrorInvalidContext, "hipCtxDestroy: %p is not a context",
				   (void *)ctx);
	if (depth && stack[depth - 1] == ctx)
		depth--;
	return bh_rt_success();
}

hipError_t hipCtxPushCurrent(hipCtx_t ctx)
{
	hipError_t e = push("hipCtxPushCurrent", ctx);

	return e ? e : bh_rt_success();
}

hipError_t hipCtxPopCurrent(hipCtx_t *ctx)
{
	if (!depth)
		return bh_rt_error(hipErrorInvalidContext, "hipCtxPopCurrent: the thread's "
				   "context stack is empty");
	if (ctx)
		*ctx = stack[depth - 1];
	depth--;
	if (depth) {
		hipError_t e = make_current("hipCtxPopCurrent", stack[depth - 1]);

		if (e)
			return e;
	}
	return bh_rt_success();
}

/* NULL pops the current context; another replaces the stack's top. */
hipError_t hipCtxSetCurrent(hipCtx_t ctx)
{
	hipError_t e;

	if (!ctx) {
		if (depth)
			depth--;
		return bh_rt_success();
	}
	e = make_current("hipCtxSetCurrent", ctx);
	if (e)
		return e;
	if (depth)
		stack[depth - 1] = ctx;
	else
		stack[depth++] = ctx;
	return bh_rt_success();
}

hipError_t hipCtxGetCurrent(hipCtx_t *ctx)
{
	if (!ctx)
		return bh_rt_error(hipErrorInvalidValue, "hipCtxGetCurrent: ctx is NULL");
	*ctx = depth ? stack[depth - 1] : &contexts[bh_rt_current()->ordinal];
	return bh_rt_success();
}

hipError_t hipCtxGetDevice(hipDevice_t *device)
{
	if (!device)
		return bh_rt_error(hipErrorInvalidValue, "hipCtxGetDevice: device is NULL");
	*device = depth ? stack[depth - 1]->ordinal : bh_rt_current()->ordinal;
	return bh_rt_success();
}

/* The HIP version the runtime implements (HIP_VERSION's encoding). */
hipError_t hipCtxGetApiVersion(hipCtx_t ctx, int *apiVersion)
{
	if (!apiVersion)
		return bh_rt_error(hipErrorInvalidValue, "hipCtxGetApiVersion: apiVersion is NULL");
	if (ctx && !valid(ctx))
		return bh_rt_error(hipErrorInvalidContext, "hipCtxGetApiVersion: %p is not a "
				   "context", (void *)ctx);
	*apiVersion = HIP_VERSION;
	return bh_rt_success();
}

hipError_t hipCtxGetFlags(unsigned int *flags)
{
	return hipGetDeviceFlags(flags);
}

hipError_t hipCtxSynchronize(void)
{
	return hipDeviceSynchronize();
}

hipError_t hipCtxEnablePeerAccess(hipCtx_t peerCtx, unsigned int flags)
{
	if (!valid(peerCtx))
		return bh_rt_error(hipErrorInvalidValue, "hipCtxEnablePeerAccess: %p is not a "
				   "context", (void *)peerCtx);
	return hipDeviceEnablePeerAccess(peerCtx->ordinal, flags);
}

hipError_t hipCtxDisablePeerAccess(hipCtx_t peerCtx)
{
	if (!valid(peerCtx))
		return bh_rt_error(hipErrorInvalidValue, "hipCtxDisablePeerAccess: %p is not a "
				   "context", (void *)peerCtx);
	return hipDeviceDisablePeerAccess(peerCtx->ordinal);
}

static hipError_t primary(const char *api, hipDevice_t dev, struct bh_rt_device **out)
{
	int n = 0;
	hipError_t e = hipGetDeviceCount(&n);

	if (e)
		return e;
	if (dev < 0 || dev >= n)
		return bh_rt_error(hipErrorInvalidDevice, "%s: no device %d (%d present)", api, dev,
				   n);
	*out = &bh_rt.devs[dev];
	return hipSuccess;
}

/* Active: the device is up (a primary context exists once it is). */
hipError_t hipDevicePrimaryCtxGetState(hipDevice_t dev, unsigned int *flags, int *active)
{
	struct bh_rt_device *d;
	hipError_t e = primary("hipDevicePrimaryCtxGetState", dev, &d);

	if (e)
		return e;
	if (!flags || !active)
		return bh_rt_error(hipErrorInvalidValue, "hipDevicePrimaryCtxGetState: %s is NULL",
				   flags ? "active" : "flags");
	*flags = __atomic_load_n(&d->flags, __ATOMIC_RELAXED);
	*active = __atomic_load_n(&d->initialized, __ATOMIC_ACQUIRE) ? 1 : 0;
	return bh_rt_success();
}

hipError_t hipDevicePrimaryCtxRetain(hipCtx_t *pctx, hipDevice_t dev)
{
	struct bh_rt_device *d;
	hipError_t e = primary("hipDevicePrimaryCtxRetain", dev, &d);

	if (e)
		return e;
	if (!pctx)
		return bh_rt_error(hipErrorInvalidValue, "hipDevicePrimaryCtxRetain: pctx is NULL");
	e = bh_rt_device_init(d);
	if (e)
		return e;
	*pctx = &contexts[dev];
	return bh_rt_success();
}

/* The primary context lives as long as the device: nothing to release. */
hipError_t hipDevicePrimaryCtxRelease(hipDevice_t dev)
{
	struct bh_rt_device *d;
	hipError_t e = primary("hipDevicePrimaryCtxRelease", dev, &d);

	return e ? e : bh_rt_success();
}

/* hipDeviceReset of device @dev (this thread's current device is kept). */
hipError_t hipDevicePrimaryCtxReset(hipDevice_t dev)
{
	struct bh_rt_device *d;
	int was = bh_rt_current()->ordinal;
	hipError_t e = primary("hipDevicePrimaryCtxReset", dev, &d);

	if (!e)
		e = hipSetDevice(dev);
	if (!e)
		e = hipDeviceReset();
	if (was != dev) {
		hipError_t back = hipSetDevice(was);

		if (!e)
			e = back;
	}
	return e;
}

/* As ROCm: the flags of an active primary context cannot change. */
hipError_t hipDevicePrimaryCtxSetFlags(hipDevice_t dev, unsigned int flags)
{
	struct bh_rt_device *d;
	hipError_t e = primary("hipDevicePrimaryCtxSetFlags", dev, &d);

	if (e)
		return e;
	if (__atomic_load_n(&d->initialized, __ATOMIC_ACQUIRE))
		return bh_rt_error(hipErrorContextAlreadyInUse, "hipDevicePrimaryCtxSetFlags: "
				   "device %d is already active", dev);
	if (flags & ~(unsigned int)(hipDeviceScheduleMask | hipDeviceMapHost |
				    hipDeviceLmemResizeToMax))
		return bh_rt_error(hipErrorInvalidValue, "hipDevicePrimaryCtxSetFlags: unknown "
				   "flags 0x%x", flags);
	__atomic_store_n(&d->flags, flags & hipDeviceScheduleMask, __ATOMIC_RELAXED);
	return bh_rt_success();
}
