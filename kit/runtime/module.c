// SPDX-License-Identifier: MIT
/*
 * The HIP module API: device code loaded at run time.  hipModuleLoad
 * reads a file, hipModuleLoadData takes an image in memory; either is a
 * code object itself or a clang offload bundle holding one per target
 * (what `barehip-cc --genco` and `hipcc --genco` write), from which the
 * board's target is picked as for the program's own device code
 * (register.c).  hipModuleGetFunction names a kernel, hipModuleGetGlobal
 * a global variable, hipModuleLaunchKernel launches with its arguments
 * as an array of pointers (kernelParams) or as one buffer laid out like
 * the kernel's arguments (extra).
 *
 * A module keeps a copy of its image and sits on the runtime's list of
 * device code (bh_rt.fatbins): hipMemcpy reaches its globals, device
 * teardown runs its destructors, and after hipDeviceReset it is loaded
 * again on its next use, so its handles stay valid until
 * hipModuleUnload.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <hip/hip_ext.h>

#include "runtime.h"

#define ELF_MAGIC "\177ELF"
#define ELF_HEADER_SIZE 64
#define EM_AMDGPU 224
#define EF_AMDGPU_MACH 0xff
#define CCOB_MAGIC "CCOB"	/* clang --offload-compress */
/* An image whose headers claim more than this is corrupt, not large. */
#define IMAGE_MAX ((size_t)1 << 30)

/* A function handle: a kernel of a module, by name (its code object is
 * loaded anew after hipDeviceReset). */
struct ihipModuleSymbol_t {
	char *name;
	struct ihipModuleSymbol_t *next;
};

/* A module is the device's that was current when it was loaded, as in
 * HIP; its code object is loaded there only. */
struct ihipModule_t {
	struct bh_fatbin fb;		/* .bundle is @image; on bh_rt.fatbins */
	struct bh_rt_device *d;
	unsigned char *image;		/* our copy: the caller may free theirs */
	size_t size;
	const void *code;		/* the board's code object inside @image */
	size_t code_size;
	char what[256];			/* "'k.co'" / "the image at 0x…", for errors */
	struct ihipModuleSymbol_t *functions;
	struct ihipModule_t *next;
};

static struct ihipModule_t *modules;

/* @m's code object on its device (NULL: not loaded there now). */
static struct bh_codeobj **code_of(struct ihipModule_t *m)
{
	return &m->fb.codeobj[m->d->ordinal];
}

/* EF_AMDGPU_MACH values (LLVM's AMDGPUUsage), to name a code object's
 * target in errors. */
static const struct {
	unsigned mach;
	const char *gfx;
} machs[] = {
	{ 0x30, "gfx908" }, { 0x3f, "gfx90a" }, { 0x40, "gfx940" }, { 0x4b, "gfx941" },
	{ 0x4c, "gfx942" }, { 0x4f, "gfx950" }, { 0x36, "gfx1030" }, { 0x41, "gfx1100" },
};

static const char *mach_name(unsigned mach)
{
	for (size_t i = 0; i < sizeof(machs) / sizeof(machs[0]); i++)
		if (machs[i].mach == mach)
			return machs[i].gfx;
	return "an unknown target";
}

static uint16_t rd16(const unsigned char *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint64_t rd64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

/* Does @p start with @magic?  Byte by byte: an image of unknown size is
 * never read past its first byte that differs. */
static bool starts_with(const unsigned char *p, size_t size, const char *magic)
{
	size_t n = strlen(magic);

	if (size && size < n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (p[i] != (unsigned char)magic[i])
			return false;
	return true;
}

/*
 * The size of an image of which hipModuleLoadData gets only the address:
 * a code object ends with its section header table (ld.lld's layout),
 * a bundle with its last entry.  Only headers are read; whatever else
 * lies past what they claim, the loader's checks against that size
 * refuse.
 */
static hipError_t image_size(const char *api, const unsigned char *p, size_t *size)
{
	uint64_t end = 0;

	if (starts_with(p, 0, ELF_MAGIC)) {
		uint64_t ph = rd64(p + 32) + (uint64_t)rd16(p + 54) * rd16(p + 56);
		uint64_t sh = rd64(p + 40) + (uint64_t)rd16(p + 58) * rd16(p + 60);

		end = ph > sh ? ph : sh;
		if (end < ELF_HEADER_SIZE)
			end = ELF_HEADER_SIZE;
	} else if (starts_with(p, 0, BH_BUNDLE_MAGIC)) {
		uint64_t n = rd64(p + 24);
		size_t at = 32;

		if (n > 1024)
			return bh_rt_error(hipErrorInvalidImage, "%s: the offload bundle at %p "
					   "claims %llu entries", api, (const void *)p,
					   (unsigned long long)n);
		end = at;
		for (uint64_t i = 0; i < n; i++) {
			uint64_t off = rd64(p + at), esize = rd64(p + at + 8);
			uint64_t tlen = rd64(p + at + 16);

			if (tlen > 4096 || off > IMAGE_MAX || esize > IMAGE_MAX)
				return bh_rt_error(hipErrorInvalidImage, "%s: entry %llu of the "
						   "offload bundle at %p is corrupt", api,
						   (unsigned long long)i, (const void *)p);
			at += 24 + tlen;
			if (off + esize > end)
				end = off + esize;
		}
		if (at > end)
			end = at;
	} else if (starts_with(p, 0, CCOB_MAGIC)) {
		return bh_rt_error(hipErrorNotSupported, "%s: the image at %p is a compressed "
				   "offload bundle; rebuild it without --offload-compress", api,
				   (const void *)p);
	} else {
		return bh_rt_error(hipErrorInvalidImage, "%s: the image at %p is neither a code "
				   "object (ELF) nor a clang offload bundle", api, (const void *)p);
	}
	if (end > IMAGE_MAX)
		return bh_rt_error(hipErrorInvalidImage, "%s: the headers of the image at %p "
				   "claim %llu bytes", api, (const void *)p,
				   (unsigned long long)end);
	*size = (size_t)end;
	return hipSuccess;
}

/* Find the board's code object in @m's image: the image itself, or its
 * bundle's entry for the board's target. */
static hipError_t select_code(const char *api, struct ihipModule_t *m)
{
	const struct bh_device_info *info = bh_device_get_info(m->d->dev);
	const unsigned char *p = m->image;
	char found[256];

	if (starts_with(p, m->size, ELF_MAGIC)) {
		if (m->size < ELF_HEADER_SIZE)
			return bh_rt_error(hipErrorInvalidImage, "%s: %s is a truncated ELF file "
					   "(%zu bytes)", api, m->what, m->size);
		if (rd16(p + 18) != EM_AMDGPU)
			return bh_rt_error(hipErrorInvalidImage, "%s: %s is an ELF file for "
					   "machine %u, not an AMDGPU code object", api, m->what,
					   rd16(p + 18));
		unsigned mach = (unsigned)p[48] & EF_AMDGPU_MACH;

		if (mach != info->mach)
			return bh_rt_error(hipErrorNoBinaryForGpu, "%s: %s is a code object for "
					   "%s (EF_AMDGPU_MACH 0x%03x), the device is %s; rebuild "
					   "it with --offload-arch=%s", api, m->what,
					   mach_name(mach), mach, info->gfx, info->gfx);
		m->code = p;
		m->code_size = m->size;
		return hipSuccess;
	}
	if (starts_with(p, m->size, CCOB_MAGIC))
		return bh_rt_error(hipErrorNotSupported, "%s: %s is a compressed offload "
				   "bundle; rebuild it without --offload-compress", api, m->what);
	if (!starts_with(p, m->size, BH_BUNDLE_MAGIC))
		return bh_rt_error(hipErrorInvalidImage, "%s: %s is neither a code object (ELF) "
				   "nor a clang offload bundle", api, m->what);
	switch (bh_rt_bundle_select(p, m->size, info->gfx, &m->code, &m->code_size, found,
				    sizeof(found))) {
	case 0:
		return hipSuccess;
	case BH_ENOENT:
		return bh_rt_error(hipErrorNoBinaryForGpu, "%s: %s has no code object for %s "
				   "(it holds: %s); rebuild it with --offload-arch=%s", api,
				   m->what, info->gfx, found[0] ? found : "none", info->gfx);
	default:
		return bh_rt_error(hipErrorInvalidImage, "%s: %s: %s", api, m->what, found);
	}
}

/* Load @m's code object onto the device (at hipModuleLoad*, and again
 * on first use after hipDeviceReset) and run its device constructors. */
static hipError_t load_code(const char *api, struct ihipModule_t *m)
{
	struct bh_error err = { 0 };
	struct bh_codeobj **co = code_of(m);
	hipError_t e = bh_rt_device_init(m->d);

	if (e)
		return e;
	if (*co)
		return hipSuccess;
	e = select_code(api, m);
	if (e)
		return e;
	if (bh_codeobj_load(m->d->dev, m->code, m->code_size, co, &err))
		return bh_rt_error(err.code == BH_ENOMEM || err.code == BH_ERANGE ?
				   hipErrorOutOfMemory : err.code == BH_ENOTSUP ?
				   hipErrorNotSupported : hipErrorInvalidImage,
				   "%s: %s: %s", api, m->what, err.message);
	/* The loader's message names the constructor kernel and the cause. */
	if (bh_queue_run_init_kernels(m->d->queue, *co, &err)) {
		e = bh_rt_loader_error(&err, hipErrorSharedObjectInitFailed);
		bh_codeobj_unload(*co, NULL);
		*co = NULL;
		return e;
	}
	return hipSuccess;
}

static void module_free(struct ihipModule_t *m)
{
	while (m->functions) {
		struct ihipModuleSymbol_t *f = m->functions;

		m->functions = f->next;
		free(f->name);
		free(f);
	}
	free(m->image);
	free(m);
}

/* Take @image (@size bytes, ours now) as a new module. */
static hipError_t module_create(const char *api, hipModule_t *out, unsigned char *image,
				size_t size, const char *what)
{
	struct ihipModule_t *m = calloc(1, sizeof(*m));

	if (!m) {
		free(image);
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	}
	m->image = image;
	m->size = size;
	m->d = bh_rt_current();
	m->fb.bundle = image;
	snprintf(m->what, sizeof(m->what), "%s", what);
	hipError_t e = load_code(api, m);

	if (e) {
		module_free(m);
		return e;
	}
	bh_rt_code_lock();
	m->fb.next = bh_rt.fatbins;
	bh_rt.fatbins = &m->fb;
	m->next = modules;
	modules = m;
	bh_rt_code_unlock();
	*out = m;
	return bh_rt_success();
}

hipError_t hipModuleLoad(hipModule_t *module, const char *fname)
{
	static const char api[] = "hipModuleLoad";
	unsigned char *image = NULL;
	char what[sizeof(((struct ihipModule_t *)0)->what)];
	long size = 0;

	if (!module || !fname)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api,
				   module ? "fname" : "module");
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	FILE *f = fopen(fname, "rb");
	struct stat st;

	if (!f)
		return bh_rt_error(hipErrorFileNotFound, "%s('%s'): %s", api, fname,
				   strerror(errno));
	if (fstat(fileno(f), &st)) {
		e = bh_rt_error(hipErrorFileNotFound, "%s('%s'): %s", api, fname,
				strerror(errno));
	} else if (!S_ISREG(st.st_mode)) {
		e = bh_rt_error(hipErrorFileNotFound, "%s('%s'): not a regular file", api,
				fname);
	} else if ((size = (long)st.st_size) == 0 || (size_t)size > IMAGE_MAX) {
		e = bh_rt_error(hipErrorInvalidImage, "%s('%s'): %ld bytes is no code object",
				api, fname, size);
	} else if (!(image = malloc((size_t)size))) {
		e = bh_rt_error(hipErrorOutOfMemory, "%s('%s'): out of host memory", api, fname);
	} else if (fread(image, 1, (size_t)size, f) != (size_t)size) {
		e = bh_rt_error(hipErrorFileNotFound, "%s('%s'): short read", api, fname);
	}
	fclose(f);
	if (e) {
		free(image);
		return e;
	}
	snprintf(what, sizeof(what), "'%s'", fname);
	return module_create(api, module, image, (size_t)size, what);
}

static hipError_t load_data(const char *api, hipModule_t *module, const void *image)
{
	unsigned char *copy;
	char what[64];
	size_t size = 0;

	if (!module || !image)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api,
				   module ? "image" : "module");
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	e = image_size(api, image, &size);
	if (e)
		return e;
	copy = malloc(size);
	if (!copy)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory for %zu bytes",
				   api, size);
	memcpy(copy, image, size);
	snprintf(what, sizeof(what), "the image at %p", image);
	return module_create(api, module, copy, size, what);
}

hipError_t hipModuleLoadData(hipModule_t *module, const void *image)
{
	return load_data("hipModuleLoadData", module, image);
}

/* The JIT options are for PTX; a code object needs none (as in ROCm). */
hipError_t hipModuleLoadDataEx(hipModule_t *module, const void *image, unsigned int numOptions,
			       hipJitOption *options, void **optionValues)
{
	if (numOptions && (!options || !optionValues))
		return bh_rt_error(hipErrorInvalidValue, "hipModuleLoadDataEx: %u options but "
				   "options or optionValues is NULL", numOptions);
	return load_data("hipModuleLoadDataEx", module, image);
}

/* The code lock held (the module stays while it is). */
static struct ihipModule_t *find_module(hipModule_t module)
{
	for (struct ihipModule_t *m = modules; m; m = m->next)
		if (m == module)
			return m;
	return NULL;
}

/*
 * Out of the lists under the code lock (no other thread finds it from
 * then on), then drained, its destructors run and unloaded without it:
 * other threads load and launch meanwhile.
 */
hipError_t hipModuleUnload(hipModule_t module)
{
	bh_rt_code_lock();
	struct ihipModule_t *m = find_module(module);
	struct bh_error err = { 0 };
	hipError_t e = hipSuccess;

	if (!m) {
		bh_rt_code_unlock();
		return bh_rt_error(hipErrorInvalidResourceHandle, "hipModuleUnload(%p): not a "
				   "loaded module", (void *)module);
	}
	for (struct ihipModule_t **p = &modules; *p; p = &(*p)->next) {
		if (*p == m) {
			*p = m->next;
			break;
		}
	}
	for (struct bh_fatbin **p = &bh_rt.fatbins; *p; p = &(*p)->next) {
		if (*p == &m->fb) {
			*p = m->fb.next;
			break;
		}
	}
	bh_rt_code_unlock();
	if (*code_of(m)) {
		/* Its kernels may still run on any stream of its device. */
		e = bh_rt_streams_synchronize(m->d, "hipModuleUnload");
		if (!e && bh_queue_run_fini_kernels(m->d->queue, *code_of(m), &err))
			e = bh_rt_loader_error(&err, hipErrorLaunchFailure);
		bh_codeobj_unload(*code_of(m), NULL);
	}
	module_free(m);
	return e ? e : bh_rt_success();
}

/* @m's kernels by name, for the error that names one it lacks. */
static void list_kernels(const struct bh_codeobj *co, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = 0;
	for (unsigned i = 0; i < bh_codeobj_kernel_count(co) && at + 1 < len; i++) {
		const struct bh_kernel *k = bh_codeobj_kernel(co, i);

		char pretty[256];

		if (k->kind != BH_KERNEL_NORMAL)
			continue;
		/* The symbol hipModuleGetFunction takes, and the C++ name. */
		bh_demangle(k->name, pretty, sizeof(pretty));
		at += (size_t)snprintf(buf + at, len - at, "%s%c%s", at ? ", " : "",
				       BH_RT_SYMBOL_MARK, k->name);
		if (at + 1 < len && strcmp(pretty, k->name))
			at += (size_t)snprintf(buf + at, len - at, " = %s", pretty);
	}
	if (at >= len)
		at = len - 1;
	if (!at)
		snprintf(buf, len, "none");
}

static hipError_t get_function(hipFunction_t *function, hipModule_t module, const char *kname);

hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module, const char *kname)
{
	bh_rt_code_lock();
	hipError_t e = get_function(function, module, kname);

	bh_rt_code_unlock();
	return e;
}

static hipError_t get_function(hipFunction_t *function, hipModule_t module, const char *kname)
{
	static const char api[] = "hipModuleGetFunction";
	struct ihipModule_t *m = find_module(module);
	char names[1024];

	if (!function || !kname || !*kname)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s", api,
				   function ? "no kernel name" : "function is NULL");
	if (!m)
		return bh_rt_error(hipErrorInvalidResourceHandle, "%s(%p, '%s'): not a loaded "
				   "module", api, (void *)module, kname);
	hipError_t e = load_code(api, m);

	if (e)
		return e;
	const struct bh_kernel *k = bh_codeobj_find_kernel(*code_of(m), kname);

	if (!k || k->kind != BH_KERNEL_NORMAL) {
		list_kernels(*code_of(m), names, sizeof(names));
		return bh_rt_error(hipErrorNotFound, "%s: %s has no kernel '%s' (it has: %s)",
				   api, m->what, kname, names);
	}
	for (struct ihipModuleSymbol_t *f = m->functions; f; f = f->next) {
		if (!strcmp(f->name, k->name)) {
			*function = f;
			return bh_rt_success();
		}
	}
	struct ihipModuleSymbol_t *f = calloc(1, sizeof(*f));

	if (!f || !(f->name = strdup(k->name))) {
		free(f);
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	}
	f->next = m->functions;
	m->functions = f;
	*function = f;
	return bh_rt_success();
}

static hipError_t get_global(hipDeviceptr_t *dptr, size_t *bytes, hipModule_t module,
			     const char *name);

hipError_t hipModuleGetGlobal(hipDeviceptr_t *dptr, size_t *bytes, hipModule_t module,
			      const char *name)
{
	bh_rt_code_lock();
	hipError_t e = get_global(dptr, bytes, module, name);

	bh_rt_code_unlock();
	return e;
}

static hipError_t get_global(hipDeviceptr_t *dptr, size_t *bytes, hipModule_t module,
			     const char *name)
{
	static const char api[] = "hipModuleGetGlobal";
	struct ihipModule_t *m = find_module(module);
	struct bh_symbol sym;

	if ((!dptr && !bytes) || !name || !*name)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s", api,
				   name && *name ? "dptr and bytes are both NULL" :
				   "no variable name");
	if (!m)
		return bh_rt_error(hipErrorInvalidResourceHandle, "%s(%p, '%s'): not a loaded "
				   "module", api, (void *)module, name);
	hipError_t e = load_code(api, m);

	if (e)
		return e;
	if (bh_codeobj_find_symbol(*code_of(m), name, &sym))
		return bh_rt_error(hipErrorNotFound, "%s: %s has no global variable '%s'", api,
				   m->what, name);
	if (dptr)
		*dptr = (hipDeviceptr_t)(uintptr_t)sym.gpu_va;
	if (bytes)
		*bytes = (size_t)sym.size;
	return bh_rt_success();
}

/* The kernel behind @function, its module loaded (again, after a reset).
 * A NULL function is @null_error (HIP's answer differs by call). */
static _Thread_local struct bh_rt_device *kernel_device;	/* of the last function_kernel */

static hipError_t function_kernel_locked(const char *api, hipFunction_t function,
					 hipError_t null_error, const struct bh_kernel **k);

static hipError_t function_kernel(const char *api, hipFunction_t function,
				  hipError_t null_error, const struct bh_kernel **k)
{
	/* A __global__ function's handle (hipGetFuncBySymbol): the current
	 * device's kernel. */
	struct bh_function *fn = bh_rt_function_handle(function);

	if (fn) {
		hipError_t e = bh_rt_init();

		if (e)
			return e;
		kernel_device = bh_rt_current();
		return bh_rt_kernel(kernel_device, fn, k);
	}
	bh_rt_code_lock();
	hipError_t e = function_kernel_locked(api, function, null_error, k);

	bh_rt_code_unlock();
	return e;
}

static hipError_t function_kernel_locked(const char *api, hipFunction_t function,
					 hipError_t null_error, const struct bh_kernel **k)
{
	for (struct ihipModule_t *m = modules; m; m = m->next) {
		for (struct ihipModuleSymbol_t *f = m->functions; f; f = f->next) {
			if (f != function)
				continue;
			hipError_t e = load_code(api, m);

			if (e)
				return e;
			kernel_device = m->d;
			*k = bh_codeobj_find_kernel(*code_of(m), f->name);
			if (!*k)	/* the image is ours and unchanged */
				return bh_rt_error(hipErrorInvalidDeviceFunction, "%s: kernel '%s' "
						   "is gone from %s", api, f->name, m->what);
			return hipSuccess;
		}
	}
	if (!function)
		return bh_rt_error(null_error, "%s: the function is NULL", api);
	return bh_rt_error(hipErrorInvalidResourceHandle, "%s(%p): not a function of a loaded "
			   "module (hipModuleGetFunction; hipModuleUnload ends it)", api,
			   (void *)function);
}

/* Largest power of two not above @n (1 for 0). */
static size_t pow2_floor(size_t n)
{
	size_t p = 1;

	while (p <= n / 2)
		p *= 2;
	return p;
}

/*
 * The `extra` form: { HIP_LAUNCH_PARAM_BUFFER_POINTER, buf,
 * HIP_LAUNCH_PARAM_BUFFER_SIZE, &size, HIP_LAUNCH_PARAM_END }, pairs in
 * any order.  The buffer holds the explicit arguments at their kernarg
 * offsets; a struct of them may end in padding up to its alignment,
 * which is at most the largest argument's (rounded down to a power of
 * two), so sizes from explicit_size to explicit_size rounded up to that
 * are what such a struct can measure.
 */
static hipError_t extra_args(const char *api, const struct bh_kernel *k, void **extra,
			     struct bh_launch *l)
{
	const void *buf = NULL;
	const size_t *size = NULL;
	unsigned i;

	for (i = 0; i < 16 && extra[i] != HIP_LAUNCH_PARAM_END; i += 2) {
		if (extra[i] == HIP_LAUNCH_PARAM_BUFFER_POINTER)
			buf = extra[i + 1];
		else if (extra[i] == HIP_LAUNCH_PARAM_BUFFER_SIZE)
			size = extra[i + 1];
		else
			return bh_rt_error(hipErrorInvalidValue, "%s(kernel '%s'): extra[%u] is "
					   "%p, not HIP_LAUNCH_PARAM_BUFFER_POINTER, _SIZE or "
					   "_END", api, k->name, i, extra[i]);
	}
	if (i >= 16)
		return bh_rt_error(hipErrorInvalidValue, "%s(kernel '%s'): extra does not end "
				   "with HIP_LAUNCH_PARAM_END", api, k->name);
	if (!buf || !size)
		return bh_rt_error(hipErrorInvalidValue, "%s(kernel '%s'): extra gives no "
				   "HIP_LAUNCH_PARAM_%s", api, k->name,
				   buf ? "BUFFER_SIZE" : "BUFFER_POINTER");
	size_t largest = 1;

	for (unsigned a = 0; a < k->nexplicit; a++)
		if (k->args[a].size > largest)
			largest = k->args[a].size;
	size_t align = pow2_floor(largest);
	size_t max = (k->explicit_size + align - 1) / align * align;

	if (*size < k->explicit_size || *size > max)
		return bh_rt_error(hipErrorInvalidValue, "%s(kernel '%s'): the argument buffer "
				   "is %zu bytes; the kernel's %u arguments take %u%s", api,
				   k->name, *size, k->nexplicit, k->explicit_size,
				   max > k->explicit_size ? " (with a struct's padding, up to "
				   "that rounded to its alignment)" : "");
	l->raw_args = buf;
	l->raw_size = k->explicit_size;
	return hipSuccess;
}

/*
 * HIP's answers (ROCm's, which hip-tests check): no function is an
 * invalid image, an empty grid and an oversized block are wrong values,
 * an empty block a wrong configuration, arguments both ways or neither
 * (for a kernel that takes some) wrong values.
 */
static hipError_t launch_sized(const char *api, hipFunction_t f, bool items,
			       unsigned int gx, unsigned int gy, unsigned int gz,
			       unsigned int bx, unsigned int by, unsigned int bz,
			       size_t shared, hipStream_t stream, void **params, void **extra,
			       uint32_t flags);

/* (gx, gy, gz) counts blocks. */
static hipError_t module_launch(const char *api, hipFunction_t f, unsigned int gx,
				unsigned int gy, unsigned int gz, unsigned int bx,
				unsigned int by, unsigned int bz, unsigned int shared,
				hipStream_t stream, void **params, void **extra, uint32_t flags)
{
	return launch_sized(api, f, false, gx, gy, gz, bx, by, bz, shared, stream, params,
			    extra, flags);
}

/* (gx, gy, gz) counts blocks, or with @items work-items (AMD's global
 * work size). */
static hipError_t launch_sized(const char *api, hipFunction_t f, bool items,
			       unsigned int gx, unsigned int gy, unsigned int gz,
			       unsigned int bx, unsigned int by, unsigned int bz,
			       size_t shared, hipStream_t stream, void **params, void **extra,
			       uint32_t flags)
{
	struct bh_launch l = { .args = params, .flags = flags };
	const struct bh_kernel *k;
	hipError_t e = function_kernel(api, f, hipErrorInvalidImage, &k);

	if (e)
		return e;
	if (!gx || !gy || !gz)
		return bh_rt_error(hipErrorInvalidValue, "%s(kernel '%s'): %s (%u,%u,%u) is "
				   "empty", api, k->name, items ? "work size" : "grid", gx, gy,
				   gz);
	if (!bx || !by || !bz)
		return bh_rt_error(hipErrorInvalidConfiguration, "%s(kernel '%s'): block "
				   "(%u,%u,%u) is empty", api, k->name, bx, by, bz);
	uint64_t threads = (uint64_t)bx * by * bz;
	uint32_t max = bh_device_get_info(bh_rt_current()->dev)->max_workgroup_size;

	if (threads > max)
		return bh_rt_error(hipErrorInvalidValue, "%s(kernel '%s'): block (%u,%u,%u) "
				   "has %llu threads, the device takes %u", api, k->name, bx, by,
				   bz, (unsigned long long)threads, max);
	if (params && extra)
		return bh_rt_error(hipErrorInvalidValue, "%s(kernel '%s'): both kernelParams "
				   "and extra given; pass one", api, k->name);
	if (!params && !extra && k->nexplicit)
		return bh_rt_error(hipErrorInvalidValue, "%s(kernel '%s'): it takes %u "
				   "arguments; pass kernelParams or extra", api, k->name,
				   k->nexplicit);
	if (extra) {
		e = extra_args(api, k, extra, &l);
		if (e)
			return e;
	}
	struct ihipStream_t *s;

	e = bh_rt_stream_get(stream, api, hipErrorContextIsDestroyed, &s);
	if (e)
		return e;
	if (s->d != kernel_device)
		return bh_rt_error(hipErrorInvalidResourceHandle, "%s(kernel '%s'): the kernel's "
				   "module is another device's than the stream (device %d)", api,
				   k->name, s->d->ordinal);
	if (items)
		return bh_rt_launch_items(api, k, (const uint32_t[3]){ gx, gy, gz },
					  (dim3){ bx, by, bz }, shared, s, &l);
	return bh_rt_launch(api, k, (dim3){ gx, gy, gz }, (dim3){ bx, by, bz }, shared, s, &l);
}

/*
 * AMD's module launch (hip_ext.h): the grid in work-items, not blocks --
 * a size the block does not divide ends in a partial workgroup, as in an
 * AQL packet -- with @startEvent recorded on the stream just before the
 * kernel and @stopEvent just after it (either may be NULL), and flags 0
 * or hipExtAnyOrderLaunch (kernels of one stream run in order here, which
 * that allows).  hipHccModuleLaunchKernel is its older name.
 */
static hipError_t ext_module_launch(const char *api, hipFunction_t f, uint32_t gx, uint32_t gy,
				    uint32_t gz, uint32_t bx, uint32_t by, uint32_t bz,
				    size_t shared, hipStream_t stream, void **params,
				    void **extra, hipEvent_t start, hipEvent_t stop,
				    uint32_t flags)
{
	hipError_t e;

	if (flags & ~(uint32_t)hipExtAnyOrderLaunch)
		return bh_rt_error(hipErrorInvalidValue, "%s: unknown flags 0x%x", api, flags);
	if (start) {
		e = hipEventRecord(start, stream);
		if (e)
			return e;
	}
	e = launch_sized(api, f, true, gx, gy, gz, bx, by, bz, shared, stream, params, extra,
			 0);
	if (e || !stop)
		return e;
	return hipEventRecord(stop, stream);
}

hipError_t hipExtModuleLaunchKernel(hipFunction_t f, uint32_t globalWorkSizeX,
				    uint32_t globalWorkSizeY, uint32_t globalWorkSizeZ,
				    uint32_t localWorkSizeX, uint32_t localWorkSizeY,
				    uint32_t localWorkSizeZ, size_t sharedMemBytes,
				    hipStream_t hStream, void **kernelParams, void **extra,
				    hipEvent_t startEvent, hipEvent_t stopEvent, uint32_t flags)
{
	return ext_module_launch("hipExtModuleLaunchKernel", f, globalWorkSizeX,
				 globalWorkSizeY, globalWorkSizeZ, localWorkSizeX,
				 localWorkSizeY, localWorkSizeZ, sharedMemBytes, hStream,
				 kernelParams, extra, startEvent, stopEvent, flags);
}

hipError_t hipHccModuleLaunchKernel(hipFunction_t f, uint32_t globalWorkSizeX,
				    uint32_t globalWorkSizeY, uint32_t globalWorkSizeZ,
				    uint32_t localWorkSizeX, uint32_t localWorkSizeY,
				    uint32_t localWorkSizeZ, size_t sharedMemBytes,
				    hipStream_t hStream, void **kernelParams, void **extra,
				    hipEvent_t startEvent, hipEvent_t stopEvent)
{
	return ext_module_launch("hipHccModuleLaunchKernel", f, globalWorkSizeX,
				 globalWorkSizeY, globalWorkSizeZ, localWorkSizeX,
				 localWorkSizeY, localWorkSizeZ, sharedMemBytes, hStream,
				 kernelParams, extra, startEvent, stopEvent, 0);
}

hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
				 unsigned int gridDimZ, unsigned int blockDimX,
				 unsigned int blockDimY, unsigned int blockDimZ,
				 unsigned int sharedMemBytes, hipStream_t stream,
				 void **kernelParams, void **extra)
{
	return module_launch("hipModuleLaunchKernel", f, gridDimX, gridDimY, gridDimZ,
			     blockDimX, blockDimY, blockDimZ, sharedMemBytes, stream,
			     kernelParams, extra, 0);
}

hipError_t hipModuleLaunchCooperativeKernel(hipFunction_t f, unsigned int gridDimX,
					    unsigned int gridDimY, unsigned int gridDimZ,
					    unsigned int blockDimX, unsigned int blockDimY,
					    unsigned int blockDimZ, unsigned int sharedMemBytes,
					    hipStream_t stream, void **kernelParams)
{
	return module_launch("hipModuleLaunchCooperativeKernel", f, gridDimX, gridDimY,
			     gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes, stream,
			     kernelParams, NULL, BH_LAUNCH_COOPERATIVE);
}

hipError_t hipFuncGetAttribute(int *value, hipFunction_attribute attrib, hipFunction_t hfunc)
{
	static const char api[] = "hipFuncGetAttribute";
	const struct bh_kernel *k;
	hipFuncAttributes a;

	if (!value)
		return bh_rt_error(hipErrorInvalidValue, "%s: value is NULL", api);
	hipError_t e = function_kernel(api, hfunc, hipErrorInvalidHandle, &k);

	if (e)
		return e;
	/* A module's __constant__ variables are not told apart from its
	 * __device__ ones: constSizeBytes is 0. */
	bh_rt_kernel_attributes(k, 0, &a);
	switch (attrib) {
	case HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *value = a.maxThreadsPerBlock; break;
	case HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES: *value = (int)a.sharedSizeBytes; break;
	case HIP_FUNC_ATTRIBUTE_CONST_SIZE_BYTES: *value = (int)a.constSizeBytes; break;
	case HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES: *value = (int)a.localSizeBytes; break;
	case HIP_FUNC_ATTRIBUTE_NUM_REGS: *value = a.numRegs; break;
	case HIP_FUNC_ATTRIBUTE_PTX_VERSION: *value = a.ptxVersion; break;
	case HIP_FUNC_ATTRIBUTE_BINARY_VERSION: *value = a.binaryVersion; break;
	case HIP_FUNC_ATTRIBUTE_CACHE_MODE_CA: *value = a.cacheModeCA; break;
	case HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
		*value = a.maxDynamicSharedSizeBytes;
		break;
	case HIP_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
		*value = a.preferredShmemCarveout;
		break;
	default:
		return bh_rt_error(hipErrorInvalidValue, "%s(kernel '%s'): unknown attribute %d",
				   api, k->name, (int)attrib);
	}
	return bh_rt_success();
}

hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks,
								       hipFunction_t f,
								       int blockSize,
								       size_t dynSharedMemPerBlk,
								       unsigned int flags)
{
	static const char api[] = "hipModuleOccupancyMaxActiveBlocksPerMultiprocessor";
	const struct bh_kernel *k;

	if (!numBlocks)
		return bh_rt_error(hipErrorInvalidValue, "%s: numBlocks is NULL", api);
	*numBlocks = 0;
	hipError_t e = function_kernel(api, f, hipErrorInvalidHandle, &k);

	return e ? e : bh_rt_max_active_blocks(api, k, blockSize, dynSharedMemPerBlk, flags,
					       numBlocks);
}

hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, hipFunction_t f,
							      int blockSize,
							      size_t dynSharedMemPerBlk)
{
	return hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
		numBlocks, f, blockSize, dynSharedMemPerBlk, hipOccupancyDefault);
}

hipError_t hipModuleOccupancyMaxPotentialBlockSizeWithFlags(int *gridSize, int *blockSize,
							    hipFunction_t f,
							    size_t dynSharedMemPerBlk,
							    int blockSizeLimit, unsigned int flags)
{
	static const char api[] = "hipModuleOccupancyMaxPotentialBlockSize";
	const struct bh_kernel *k;

	if (!gridSize || !blockSize)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api,
				   gridSize ? "blockSize" : "gridSize");
	if (flags != hipOccupancyDefault && flags != hipOccupancyDisableCachingOverride)
		return bh_rt_error(hipErrorInvalidValue, "%s: unknown flags 0x%x", api, flags);
	hipError_t e = function_kernel(api, f, hipErrorInvalidHandle, &k);

	return e ? e : bh_rt_max_potential_block_size(api, k, dynSharedMemPerBlk,
						      blockSizeLimit, gridSize, blockSize);
}

hipError_t hipModuleOccupancyMaxPotentialBlockSize(int *gridSize, int *blockSize, hipFunction_t f,
						   size_t dynSharedMemPerBlk, int blockSizeLimit)
{
	return hipModuleOccupancyMaxPotentialBlockSizeWithFlags(
		gridSize, blockSize, f, dynSharedMemPerBlk, blockSizeLimit, hipOccupancyDefault);
}
