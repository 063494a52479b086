// SPDX-License-Identifier: MIT
/*
 * __device__ and __constant__ variables from the host: their device
 * address and size, and copies to and from them.  clang registers each
 * variable's host shadow (__hipRegisterVar, register.c); the variable
 * itself lives in its code object, found there by name once the code
 * object is loaded (on first use, as for kernels).
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "runtime.h"

static struct bh_var *find_var(const void *symbol)
{
	struct bh_var *v;

	bh_rt_code_lock();
	for (v = bh_rt.vars; v; v = v->next)
		if (v->host == symbol)
			break;
	bh_rt_code_unlock();
	return v;
}

/*
 * The C++ symbol templates (hip_runtime_api.h) cannot tell a pointer
 * variable that is a symbol (__device__ int *p, passed as p) from a
 * pointer to a symbol (&x): @var is where the argument lives, @ptr its
 * value.  Only a registered variable lives at a registered address.
 */
const void *__hipSymbolArg(const void *var, const void *ptr)
{
	return find_var(var) ? var : ptr;
}

/* The device address and size of @symbol on the current device (each
 * device has its own copy of the variable; for errors: @api). */
static hipError_t lookup(const char *api, const void *symbol, uint64_t *va, size_t *size)
{
	struct bh_rt_device *d;
	hipError_t e = bh_rt_cur(&d);

	if (e)
		return e;
	struct bh_var *v = find_var(symbol);

	if (!v)
		return bh_rt_error(hipErrorInvalidSymbol,
				   "%s(%p): not a __device__ or __constant__ variable of this "
				   "program (pass the variable itself, or HIP_SYMBOL(var))",
				   api, symbol);
	e = bh_rt_fatbin_load(d, v->fatbin, v->name);
	if (e)
		return e;
	struct bh_symbol sym;

	if (bh_codeobj_find_symbol(v->fatbin->codeobj[d->ordinal], v->name, &sym))
		return bh_rt_error(hipErrorInvalidSymbol,
				   "%s: variable '%s' is not in its code object", api, v->name);
	*va = sym.gpu_va;
	*size = sym.size ? sym.size : v->size;
	return hipSuccess;
}

void *bh_rt_symbol_view(const void *ptr, size_t size, struct bh_rt_device **owner)
{
	bh_rt_code_lock();
	for (struct bh_fatbin *fb = bh_rt.fatbins; fb; fb = fb->next)
		for (unsigned int i = 0; i < BH_RT_MAX_DEVICES; i++) {
			void *view;

			if (fb->codeobj[i] &&
			    (view = bh_codeobj_host_view(fb->codeobj[i], (uint64_t)(uintptr_t)ptr,
							 size))) {
				bh_rt_code_unlock();
				if (owner)
					*owner = &bh_rt.devs[i];
				return view;
			}
		}
	bh_rt_code_unlock();
	if (owner)
		*owner = NULL;
	return NULL;
}

hipError_t hipGetSymbolAddress(void **devPtr, const void *symbol)
{
	uint64_t va;
	size_t size;

	if (!devPtr)
		return bh_rt_error(hipErrorInvalidValue, "hipGetSymbolAddress: devPtr is NULL");
	hipError_t e = lookup("hipGetSymbolAddress", symbol, &va, &size);

	if (e)
		return e;
	*devPtr = (void *)(uintptr_t)va;
	return bh_rt_success();
}

hipError_t hipGetSymbolSize(size_t *size, const void *symbol)
{
	uint64_t va;

	if (!size)
		return bh_rt_error(hipErrorInvalidValue, "hipGetSymbolSize: size is NULL");
	hipError_t e = lookup("hipGetSymbolSize", symbol, &va, size);

	return e ? e : bh_rt_success();
}

/* [offset, offset + count) of @symbol, checked; its device address. */
static hipError_t symbol_range(const char *api, const void *symbol, size_t count,
			       size_t offset, void **at)
{
	uint64_t va;
	size_t size;
	hipError_t e = lookup(api, symbol, &va, &size);

	if (e)
		return e;
	if (offset > size || count > size - offset)
		return bh_rt_error(hipErrorInvalidValue,
				   "%s('%s', %zu bytes at offset %zu): the variable has %zu bytes",
				   api, find_var(symbol)->name, count, offset, size);
	*at = (void *)(uintptr_t)(va + offset);
	return hipSuccess;
}

/*
 * The checks every symbol copy shares: @kind is one a copy in that
 * direction (@to: into the variable) allows, and the range is inside the
 * variable.  The device address of the range in @at.
 */
static hipError_t symbol_copy(const char *api, bool to, const void *symbol, size_t count,
			      size_t offset, hipMemcpyKind kind, void **at)
{
	hipMemcpyKind host = to ? hipMemcpyHostToDevice : hipMemcpyDeviceToHost;

	if (kind != host && kind != hipMemcpyDeviceToDevice && kind != hipMemcpyDefault)
		return bh_rt_error(hipErrorInvalidMemcpyDirection,
				   "%s: kind must be %s, DeviceToDevice or Default", api,
				   to ? "HostToDevice" : "DeviceToHost");
	return symbol_range(api, symbol, count, offset, at);
}

hipError_t hipMemcpyToSymbol(const void *symbol, const void *src, size_t count,
			     size_t offset, hipMemcpyKind kind)
{
	void *at;
	hipError_t e = symbol_copy("hipMemcpyToSymbol", true, symbol, count, offset, kind, &at);

	return e ? e : hipMemcpy(at, src, count, kind);
}

hipError_t hipMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
			       size_t offset, hipMemcpyKind kind)
{
	void *at;
	hipError_t e = symbol_copy("hipMemcpyFromSymbol", false, symbol, count, offset, kind,
				   &at);

	return e ? e : hipMemcpy(dst, at, count, kind);
}

/* The stream forms: the same checks, then an ordinary async copy on the
 * stream. */
hipError_t hipMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
				  size_t offset, hipMemcpyKind kind, hipStream_t stream)
{
	void *at;
	hipError_t e = symbol_copy("hipMemcpyToSymbolAsync", true, symbol, count, offset, kind,
				   &at);

	return e ? e : hipMemcpyAsync(at, src, count, kind, stream);
}

hipError_t hipMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count,
				    size_t offset, hipMemcpyKind kind, hipStream_t stream)
{
	void *at;
	hipError_t e = symbol_copy("hipMemcpyFromSymbolAsync", false, symbol, count, offset,
				   kind, &at);

	return e ? e : hipMemcpyAsync(dst, at, count, kind, stream);
}

/* The per-thread default stream's forms (bh_rt_spt). */
hipError_t hipMemcpyToSymbol_spt(const void *symbol, const void *src, size_t count,
				 size_t offset, hipMemcpyKind kind)
{
	void *at;
	hipError_t e = symbol_copy("hipMemcpyToSymbol", true, symbol, count, offset, kind, &at);

	return e ? e : hipMemcpy_spt(at, src, count, kind);
}

hipError_t hipMemcpyFromSymbol_spt(void *dst, const void *symbol, size_t count,
				   size_t offset, hipMemcpyKind kind)
{
	void *at;
	hipError_t e = symbol_copy("hipMemcpyFromSymbol", false, symbol, count, offset, kind,
				   &at);

	return e ? e : hipMemcpy_spt(dst, at, count, kind);
}

hipError_t hipMemcpyToSymbolAsync_spt(const void *symbol, const void *src, size_t count,
				      size_t offset, hipMemcpyKind kind, hipStream_t stream)
{
	return hipMemcpyToSymbolAsync(symbol, src, count, offset, kind, bh_rt_spt(stream));
}

hipError_t hipMemcpyFromSymbolAsync_spt(void *dst, const void *symbol, size_t count,
					size_t offset, hipMemcpyKind kind, hipStream_t stream)
{
	return hipMemcpyFromSymbolAsync(dst, symbol, count, offset, kind, bh_rt_spt(stream));
}
