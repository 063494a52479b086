/* SPDX-License-Identifier: MIT */
/*
 * Interprocess memory handles (hipIpcGetMemHandle and friends).
 *
 * A handle names one hipMalloc allocation: the process that made it,
 * the allocation's unique id, its device address and size.  As on ROCm
 * (and CUDA), the process that made a handle cannot open it
 * (hipErrorInvalidContext: the memory is already its own).  Every
 * barehip board gives each process its own GPU address space and none
 * shares an allocation with another process, so a handle from another
 * process is refused with hipErrorNotSupported, naming the reason.
 * hipIpcCloseMemHandle takes only what hipIpcOpenMemHandle gave, which is
 * nothing here: it is hipErrorInvalidValue, as ROCm answers for memory
 * the process allocated itself.
 */
#include <string.h>
#include <unistd.h>

#include "runtime.h"

#define IPC_MAGIC 0x43504948u	/* "HIPC" */

/* What a handle holds (inside its 64 bytes). */
struct ipc_handle {
	uint32_t magic;
	uint32_t pid;
	uint64_t serial;	/* the allocation's unique id */
	uint64_t base;		/* its device address */
	uint64_t size;
};

_Static_assert(sizeof(struct ipc_handle) <= HIP_IPC_HANDLE_SIZE, "handle fits");

hipError_t hipIpcGetMemHandle(hipIpcMemHandle_t *handle, void *dev_ptr)
{
	static const char api[] = "hipIpcGetMemHandle";
	size_t off;
	struct bh_allocation *a;
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	if (!handle || !dev_ptr)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api,
				   handle ? "devPtr" : "handle");
	a = bh_rt_allocation_at(dev_ptr, &off);
	if (!a || a->pinned || a->managed)
		return bh_rt_error(hipErrorInvalidValue, "%s(%p): not inside memory from "
				   "hipMalloc", api, dev_ptr);
	struct ipc_handle h = {
		.magic = IPC_MAGIC, .pid = (uint32_t)getpid(),
		.serial = bh_rt_allocation_serial(a), .base = a->mem.gpu_va,
		.size = a->bytes ? a->bytes : a->mem.size,
	};

	memset(handle, 0, sizeof(*handle));
	memcpy(handle->reserved, &h, sizeof(h));
	return bh_rt_success();
}

hipError_t hipIpcOpenMemHandle(void **dev_ptr, hipIpcMemHandle_t handle, unsigned int flags)
{
	static const char api[] = "hipIpcOpenMemHandle";
	struct ipc_handle h;
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	if (!dev_ptr)
		return bh_rt_error(hipErrorInvalidValue, "%s: devPtr is NULL", api);
	*dev_ptr = NULL;
	if (flags != hipIpcMemLazyEnablePeerAccess)
		return bh_rt_error(hipErrorInvalidValue, "%s: flags 0x%x (must be "
				   "hipIpcMemLazyEnablePeerAccess)", api, flags);
	memcpy(&h, handle.reserved, sizeof(h));
	if (h.magic != IPC_MAGIC || !h.size)
		return bh_rt_error(hipErrorInvalidValue, "%s: not a handle from "
				   "hipIpcGetMemHandle", api);
	if (h.pid == (uint32_t)getpid())
		return bh_rt_error(hipErrorInvalidContext, "%s: the handle is this process's "
				   "own memory (%#llx, %llu bytes): use the pointer itself", api,
				   (unsigned long long)h.base, (unsigned long long)h.size);
	return bh_rt_error(hipErrorNotSupported, "%s: the handle is process %u's memory; "
			   "barehip does not share GPU memory between processes", api, h.pid);
}

hipError_t hipIpcCloseMemHandle(void *dev_ptr)
{
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	return bh_rt_error(hipErrorInvalidValue, "hipIpcCloseMemHandle(%p): not memory "
			   "opened with hipIpcOpenMemHandle", dev_ptr);
}
