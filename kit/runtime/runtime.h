/* SPDX-License-Identifier: MIT */
/* The HIP host runtime's shared state (kit/runtime/). */
#ifndef BH_RUNTIME_H
#define BH_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>

#include <bh/loader.h>
#include <hip/hip_runtime_api.h>

/* One registered fat binary (one translation unit's device code). */
struct bh_fatbin {
	const void *bundle;
	struct bh_codeobj *codeobj;	/* loaded on first use */
	hipError_t load_error;		/* sticky: hipErrorNoBinaryForGpu … */
	struct bh_fatbin *next;
};

/* A __global__ function: the host-side handle clang registered. */
struct bh_function {
	const void *host;
	const char *name;
	struct bh_fatbin *fatbin;
	struct bh_function *next;
};

/* A __device__/__constant__ variable: its host shadow and device name
 * (__hipRegisterVar), looked up in the loaded code object by name. */
struct bh_var {
	const void *host;
	const char *name;
	size_t size;
	bool constant;
	struct bh_fatbin *fatbin;
	struct bh_var *next;
};

/* A __managed__ variable (__hipRegisterManagedVar): host code reaches it
 * through *pointer, device code through the code object's pointer
 * variable @name; both point at one managed allocation while the device
 * is up, and at the host storage @home (clang's initialised copy) while
 * it is not. */
struct bh_managed {
	void **pointer;
	void *home;
	const char *name;
	size_t size;
	bool on_device;
	struct bh_fatbin *fatbin;
	struct bh_managed *next;
};

struct bh_allocation {
	struct bh_mem mem;
	bool managed;		/* hipMallocManaged: host and device address */
	struct bh_allocation *next;
};

struct bh_runtime {
	bool initialized;
	hipError_t init_error;
	struct bh_platform *plat;
	struct bh_device *dev;
	struct bh_queue *queue;		/* the null stream */
	struct bh_fatbin *fatbins;
	struct bh_function *functions;
	struct bh_var *vars;
	struct bh_managed *managed;
	struct bh_allocation *allocations;
};

extern struct bh_runtime bh_rt;

/* Bring the device up on first use; hipSuccess or why not. */
hipError_t bh_rt_init(void);
void bh_rt_teardown(void);

/* Record @err as the last error; print its message; return it. */
hipError_t bh_rt_error(hipError_t err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Map a loader status (and its message) to a HIP error. */
hipError_t bh_rt_loader_error(const struct bh_error *e, hipError_t fallback);
hipError_t bh_rt_success(void);

/* register.c: make sure @f's code object is loaded; find its kernel. */
hipError_t bh_rt_kernel(const struct bh_function *f, const struct bh_kernel **out);
/* register.c: make sure @fb's code object is loaded (what: for errors). */
hipError_t bh_rt_fatbin_load(struct bh_fatbin *fb, const char *what);
/* symbol.c: the host view of [ptr, ptr+size) inside a loaded code
 * object's globals (a hipGetSymbolAddress pointer), or NULL. */
void *bh_rt_symbol_view(const void *ptr, size_t size);
struct bh_function *bh_rt_function(const void *host);
void bh_rt_fini_all(void);
void bh_rt_unload_all(void);

/* memory.c: the allocation containing [ptr, ptr+size), or NULL. */
struct bh_allocation *bh_rt_find_allocation(const void *ptr, size_t size);
void bh_rt_free_all(void);
/* register.c: managed variables into managed memory, or back home. */
hipError_t bh_rt_managed_place(struct bh_managed *m);
void bh_rt_managed_home_all(void);

#endif
