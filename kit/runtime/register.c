// SPDX-License-Identifier: MIT
/*
 * What clang's HIP host code calls at start-up: __hipRegisterFatBinary
 * for each translation unit's device code, __hipRegisterFunction for each
 * kernel.  The fat binary is a clang offload bundle (written by
 * barehip-cc with clang-offload-bundler); the entry for the device's
 * gfx target is loaded on first use.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

/*
 * The code lock: the registered and loaded device code -- fat binaries
 * and modules (bh_rt.fatbins, module.c's list), functions, variables,
 * managed variables -- and loading a fat binary on a device on first
 * use (once, with its constructors, while other threads wait for it).
 * Recursive (a load binds managed variables, which allocates).  Taken
 * before a stream's or the memory lock; not held by a launch of code
 * already loaded (fb->codeobj[] is published with a release store).
 */
static pthread_mutex_t code_lock;
static pthread_once_t code_once = PTHREAD_ONCE_INIT;

static void code_lock_init(void)
{
	pthread_mutexattr_t a;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&code_lock, &a);
	pthread_mutexattr_destroy(&a);
}

void bh_rt_code_lock(void)
{
	pthread_once(&code_once, code_lock_init);
	pthread_mutex_lock(&code_lock);
}

void bh_rt_code_unlock(void)
{
	pthread_mutex_unlock(&code_lock);
}

#define HIP_FATBIN_MAGIC 0x48495046u	/* "HIPF" */
#define BUNDLE_TRIPLE_PREFIX "hipv4-amdgcn-amd-amdhsa--"

struct fatbin_wrapper {
	unsigned int magic;
	unsigned int version;
	const void *binary;
	const void *unused;
};

void **__hipRegisterFatBinary(const struct fatbin_wrapper *w);
void __hipUnregisterFatBinary(void **handle);
void __hipRegisterFunction(void **handle, const void *host, char *device_fn,
			   const char *device_name, unsigned int thread_limit,
			   void *tid, void *bid, void *block_dim, void *grid_dim,
			   int *wsize);

static uint64_t rd64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

void **__hipRegisterFatBinary(const struct fatbin_wrapper *w)
{
	struct bh_fatbin *fb = calloc(1, sizeof(*fb));

	if (!fb) {
		fprintf(stderr, "barehip: out of memory registering device code\n");
		abort();	/* a static constructor has no way to report */
	}
	fb->bundle = w && w->magic == HIP_FATBIN_MAGIC ? w->binary : NULL;
	fb->bad = !fb->bundle;
	bh_rt_code_lock();	/* a library dlopen()ed while threads run */
	fb->next = bh_rt.fatbins;
	bh_rt.fatbins = fb;
	bh_rt_code_unlock();
	return (void **)fb;
}

void __hipRegisterFunction(void **handle, const void *host, char *device_fn,
			   const char *device_name, unsigned int thread_limit,
			   void *tid, void *bid, void *block_dim, void *grid_dim,
			   int *wsize)
{
	struct bh_function *f = calloc(1, sizeof(*f));

	(void)device_name, (void)thread_limit, (void)tid, (void)bid;
	(void)block_dim, (void)grid_dim, (void)wsize;
	if (!f) {
		fprintf(stderr, "barehip: out of memory registering kernels\n");
		abort();
	}
	f->host = host;
	f->name = device_fn;
	f->fatbin = (struct bh_fatbin *)handle;
	/* Published whole (release): bh_rt_function reads without a lock. */
	bh_rt_code_lock();
	f->next = bh_rt.functions;
	__atomic_store_n(&bh_rt.functions, f, __ATOMIC_RELEASE);
	bh_rt_code_unlock();
}

/* clang's registration of each __device__ / __constant__ variable. */
void __hipRegisterVar(void **handle, char *host_var, char *device_address,
		      const char *device_name, int ext, size_t size, int constant, int global);

void __hipRegisterVar(void **handle, char *host_var, char *device_address,
		      const char *device_name, int ext, size_t size, int constant, int global)
{
	struct bh_var *v = calloc(1, sizeof(*v));

	(void)device_address, (void)ext, (void)global;
	if (!v) {
		fprintf(stderr, "barehip: out of memory registering device variables\n");
		abort();	/* a static constructor has no way to report */
	}
	v->host = host_var;
	v->name = device_name;
	v->size = size;
	v->constant = constant != 0;
	v->fatbin = (struct bh_fatbin *)handle;
	bh_rt_code_lock();
	v->next = bh_rt.vars;
	bh_rt.vars = v;
	bh_rt_code_unlock();
}

/*
 * clang's registration of each __managed__ variable: *pointer is what
 * host code dereferences, init the host storage holding its initial
 * value.  Placed in managed memory at once (host code may use it before
 * any HIP call, as with ROCm); if the device cannot come up, the host
 * storage serves and launches report why.
 */
void __hipRegisterManagedVar(void *handle, void **pointer, void *init, const char *name,
			     size_t size, unsigned int align);

void __hipRegisterManagedVar(void *handle, void **pointer, void *init, const char *name,
			     size_t size, unsigned int align)
{
	struct bh_managed *m = calloc(1, sizeof(*m));

	(void)align;	/* managed allocations are page-aligned */
	if (!m) {
		fprintf(stderr, "barehip: out of memory registering managed variables\n");
		abort();	/* a static constructor has no way to report */
	}
	m->pointer = pointer;
	m->home = init;
	m->name = name;
	m->size = size;
	m->fatbin = (struct bh_fatbin *)handle;
	bh_rt_code_lock();
	m->next = bh_rt.managed;
	bh_rt.managed = m;
	*pointer = init;
	bh_rt_managed_place(m);
	bh_rt_code_unlock();
}

/* Move @m's value into managed memory (if it is not there yet). */
hipError_t bh_rt_managed_place(struct bh_managed *m)
{
	void *mem;

	if (m->on_device)
		return hipSuccess;
	hipError_t e = hipMallocManaged(&mem, m->size ? m->size : 1, hipMemAttachGlobal);

	if (e)
		return bh_rt_error(e, "managed variable '%s' (%zu bytes) has no managed memory: %s",
				   m->name, m->size, bh_get_last_error_message());
	memcpy(mem, m->home, m->size);
	*m->pointer = mem;
	m->on_device = true;
	return hipSuccess;
}

/* Before device @d goes away: every managed value in its memory back to
 * host storage, so that host code (static destructors, after
 * hipDeviceReset) still reads it; a later load places it again. */
void bh_rt_managed_home_all(struct bh_rt_device *d)
{
	bh_rt_code_lock();
	for (struct bh_managed *m = bh_rt.managed; m; m = m->next) {
		struct bh_allocation *a;

		if (!m->on_device)
			continue;
		a = bh_rt_find_allocation(*m->pointer, m->size ? m->size : 1);
		if (a && a->d != d)
			continue;
		memcpy(m->home, *m->pointer, m->size);
		*m->pointer = m->home;
		m->on_device = false;
	}
	bh_rt_code_unlock();
}

/* Point the pointer variable in @co (@fb's code object on a device) of
 * each managed variable of @fb at its managed memory (one allocation for
 * every device: managed memory is host memory each GPU maps). */
static hipError_t bind_managed(struct bh_fatbin *fb, struct bh_codeobj *co)
{
	for (struct bh_managed *m = bh_rt.managed; m; m = m->next) {
		struct bh_error err = { 0 };
		struct bh_symbol sym;

		if (m->fatbin != fb)
			continue;
		hipError_t e = bh_rt_managed_place(m);

		if (e)
			return e;
		if (bh_codeobj_find_symbol(co, m->name, &sym) ||
		    sym.size != 8)
			return bh_rt_error(hipErrorInvalidSymbol,
					   "managed variable '%s': the code object has no "
					   "8-byte pointer variable of that name", m->name);
		uint64_t va = (uint64_t)(uintptr_t)*m->pointer;

		if (bh_codeobj_write(co, sym.gpu_va, &va, 8, &err))
			return bh_rt_loader_error(&err, hipErrorInvalidSymbol);
	}
	return hipSuccess;
}

void __hipUnregisterFatBinary(void **handle)
{
	struct bh_fatbin *fb = (struct bh_fatbin *)handle;

	bh_rt_code_lock();

	for (struct bh_managed **p = &bh_rt.managed; *p;) {
		struct bh_managed *m = *p;

		if (m->fatbin == fb) {
			if (m->on_device) {	/* host code may still read it */
				memcpy(m->home, *m->pointer, m->size);
				*m->pointer = m->home;
			}
			*p = m->next;
			free(m);
		} else {
			p = &m->next;
		}
	}

	for (struct bh_var **p = &bh_rt.vars; *p;) {
		struct bh_var *v = *p;

		if (v->fatbin == fb) {
			*p = v->next;
			free(v);
		} else {
			p = &v->next;
		}
	}

	for (struct bh_function **p = &bh_rt.functions; *p;) {
		struct bh_function *f = *p;

		if (f->fatbin == fb) {
			*p = f->next;
			free(f);
		} else {
			p = &f->next;
		}
	}
	for (struct bh_fatbin **p = &bh_rt.fatbins; *p; p = &(*p)->next) {
		if (*p == fb) {
			*p = fb->next;
			break;
		}
	}
	for (unsigned int i = 0; i < BH_RT_MAX_DEVICES; i++) {
		struct bh_rt_device *d = &bh_rt.devs[i];
		struct bh_error err;

		if (!fb->codeobj[i])
			continue;
		if (d->queue && !bh_queue_faulted(d->queue))
			bh_queue_run_fini_kernels(d->queue, fb->codeobj[i], &err);
		if (d->dev)
			bh_codeobj_unload(fb->codeobj[i], NULL);
	}
	bh_rt_code_unlock();
	free(fb);
}

/*
 * Every launch looks its function up: without a lock (a recursive
 * mutex costs a tenth of a launch).  Functions are only added at the
 * head, published with a release store; they are removed only when
 * their fat binary is unregistered (static destructors, or a library
 * unloaded), when no thread may launch them any more.
 */
struct bh_function *bh_rt_function(const void *host)
{
	for (struct bh_function *f = __atomic_load_n(&bh_rt.functions, __ATOMIC_ACQUIRE); f;
	     f = f->next)
		if (f->host == host)
			return f;
	return NULL;
}

/* Device global destructors of every code object loaded on @d, while
 * its queue still runs (not after a fault: the queue has stopped). */
void bh_rt_fini_all(struct bh_rt_device *d)
{
	struct bh_error err;

	if (!d->queue || bh_queue_faulted(d->queue))
		return;
	bh_rt_code_lock();
	for (struct bh_fatbin *fb = bh_rt.fatbins; fb; fb = fb->next)
		if (fb->codeobj[d->ordinal])
			bh_queue_run_fini_kernels(d->queue, fb->codeobj[d->ordinal], &err);
	bh_rt_code_unlock();
}

/* After @d's queue is gone (it unpins launches that never retired). */
void bh_rt_unload_all(struct bh_rt_device *d)
{
	struct bh_error err;

	bh_rt_code_lock();
	for (struct bh_fatbin *fb = bh_rt.fatbins; fb; fb = fb->next) {
		if (fb->codeobj[d->ordinal])
			bh_codeobj_unload(fb->codeobj[d->ordinal], &err);
		__atomic_store_n(&fb->codeobj[d->ordinal], NULL, __ATOMIC_RELAXED);
		__atomic_store_n(&fb->load_error[d->ordinal], hipSuccess, __ATOMIC_RELAXED);
	}
	bh_rt_code_unlock();
}

/* Does bundle target id "gfx90a[:feature±…]" run on device @gfx? */
static bool target_matches(const char *id, size_t len, const char *gfx)
{
	size_t n = strlen(gfx);

	return len >= n && !memcmp(id, gfx, n) && (len == n || id[n] == ':');
}

/* Append "id" to the comma-separated list @found (truncated when full). */
static void list_target(char *found, size_t found_len, size_t *flen, const char *id, size_t idlen)
{
	if (*flen + 1 >= found_len)
		return;
	*flen += (size_t)snprintf(found + *flen, found_len - *flen, "%s%.*s", *flen ? ", " : "",
				  (int)idlen, id);
	if (*flen >= found_len)
		*flen = found_len - 1;
}

int bh_rt_bundle_select(const void *bundle, size_t size, const char *gfx, const void **co,
			size_t *co_size, char *found, size_t found_len)
{
	const unsigned char *b = bundle;
	size_t plen = strlen(BUNDLE_TRIPLE_PREFIX), flen = 0;

	found[0] = 0;
	/* A bundle read from a file or from memory the user gave is
	 * checked against its size; one compiled into the program is not. */
	if (size && (size < 32 || memcmp(b, BH_BUNDLE_MAGIC, strlen(BH_BUNDLE_MAGIC)))) {
		snprintf(found, found_len, "%zu bytes are not a clang offload bundle", size);
		return BH_ENOEXEC;
	}
	uint64_t n = rd64(b + 24);
	size_t at = 32;

	for (uint64_t i = 0; i < n && i < 1024; i++) {
		if (size && (size - at < 24 || rd64(b + at + 16) > size - at - 24)) {
			snprintf(found, found_len, "bundle entry %llu of %llu lies past its "
				 "%zu bytes", (unsigned long long)i, (unsigned long long)n, size);
			return BH_ENOEXEC;
		}
		const unsigned char *e = b + at;
		uint64_t off = rd64(e), esize = rd64(e + 8), tlen = rd64(e + 16);
		const char *triple = (const char *)e + 24;

		at += 24 + tlen;
		if (tlen <= plen || memcmp(triple, BUNDLE_TRIPLE_PREFIX, plen))
			continue;
		const char *id = triple + plen;
		size_t idlen = tlen - plen;

		list_target(found, found_len, &flen, id, idlen);
		if (!target_matches(id, idlen, gfx))
			continue;
		if (size && (off > size || esize > size - off)) {
			snprintf(found, found_len, "the %.*s code object (%llu bytes at %llu) lies "
				 "past the bundle's %zu bytes", (int)idlen, id,
				 (unsigned long long)esize, (unsigned long long)off, size);
			return BH_ENOEXEC;
		}
		*co = b + off;
		*co_size = esize;
		return 0;
	}
	return BH_ENOENT;
}

static hipError_t load_fatbin(struct bh_rt_device *d, struct bh_fatbin *fb)
{
	const unsigned char *b = fb->bundle;
	const struct bh_device_info *info = bh_device_get_info(d->dev);
	struct bh_codeobj **co = &fb->codeobj[d->ordinal];
	char found[256];
	const void *image;
	size_t size;

	if (memcmp(b, BH_BUNDLE_MAGIC, strlen(BH_BUNDLE_MAGIC)) != 0)
		return bh_rt_error(hipErrorInvalidKernelFile,
				   "device code is not an uncompressed clang offload bundle");
	if (bh_rt_bundle_select(b, 0, info->gfx, &image, &size, found, sizeof(found)))
		return bh_rt_error(hipErrorNoBinaryForGpu,
				   "no code object for %s (device %d) in this program (built for: "
				   "%s); select %s in `make menuconfig` or pass --offload-arch=%s",
				   info->gfx, d->ordinal, found[0] ? found : "nothing", info->gfx,
				   info->gfx);

	struct bh_error err = { 0 };
	struct bh_codeobj *loaded;

	if (bh_codeobj_load(d->dev, image, size, &loaded, &err))
		return bh_rt_loader_error(&err, hipErrorInvalidImage);
	BH_RT_LOG(3, "loaded the %s code object (%zu bytes, %u kernels) on device %d",
		  info->gfx, size, bh_codeobj_kernel_count(loaded), d->ordinal);
	if (bh_rt_log_level() >= 4)
		for (unsigned i = 0; i < bh_codeobj_kernel_count(loaded); i++)
			BH_RT_LOG(4, "  kernel '%s'", bh_codeobj_kernel(loaded, i)->name);
	hipError_t bound = bind_managed(fb, loaded);

	if (bound) {
		bh_codeobj_unload(loaded, NULL);
		return bound;
	}
	/* Device global constructors run once, right after loading; other
	 * threads see the code object only after they have (release). */
	hipError_t e = hipSuccess;

	if (bh_queue_run_init_kernels(d->queue, loaded, &err)) {
		/* Kept loaded (teardown unloads it), its error sticky first. */
		e = bh_rt_loader_error(&err, hipErrorInitializationError);
		__atomic_store_n(&fb->load_error[d->ordinal], e, __ATOMIC_RELAXED);
	}
	__atomic_store_n(co, loaded, __ATOMIC_RELEASE);
	return e;
}

/* Loaded on each device where it is first used there. */
static hipError_t fatbin_load(struct bh_rt_device *d, struct bh_fatbin *fb, const char *what)
{
	hipError_t *le = &fb->load_error[d->ordinal];

	if (fb->bad)
		return bh_rt_error(hipErrorInvalidKernelFile, "'%s': its device code is not a "
				   "HIP fat binary", what);
	if (*le)
		return bh_rt_error(*le, "'%s': its device code did not load on device %d", what,
				   d->ordinal);
	if (!fb->codeobj[d->ordinal]) {
		hipError_t e = load_fatbin(d, fb);

		if (e) {
			__atomic_store_n(le, e, __ATOMIC_RELAXED);	/* read without the lock */
			return e;
		}
	}
	return hipSuccess;
}

hipError_t bh_rt_fatbin_load(struct bh_rt_device *d, struct bh_fatbin *fb, const char *what)
{
	hipError_t e;

	/* Loaded (constructors run) already: the common case, no lock.
	 * The launch's stream_begin orders it after the constructors. */
	if (__atomic_load_n(&fb->codeobj[d->ordinal], __ATOMIC_ACQUIRE) &&
	    !__atomic_load_n(&fb->load_error[d->ordinal], __ATOMIC_RELAXED))
		return hipSuccess;
	bh_rt_code_lock();
	e = fatbin_load(d, fb, what);
	bh_rt_code_unlock();
	return e;
}

hipError_t bh_rt_kernel(struct bh_rt_device *d, const struct bh_function *f,
			const struct bh_kernel **out)
{
	hipError_t e = bh_rt_fatbin_load(d, f->fatbin, f->name);

	if (e)
		return e;
	*out = bh_codeobj_find_kernel(f->fatbin->codeobj[d->ordinal], f->name);
	if (!*out)
		return bh_rt_error(hipErrorInvalidDeviceFunction,
				   "kernel '%s' is not in its code object", f->name);
	return hipSuccess;
}
