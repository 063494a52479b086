/*
 * barehip: AMD's HIP extensions (ROCm's hip/hip_ext.h).
 *   hipExtMallocWithFlags, hipExtLaunchKernel   (hip_runtime_api.h)
 *   hipExtLaunchKernelGGL: hipLaunchKernelGGL's function template with
 *     a start and a stop event around the kernel, and launch flags.
 * Not provided: hipExtModuleLaunchKernel, hipExtLaunchMultiKernelMultiDevice
 * (docs/headers.md).
 */
#ifndef HIP_EXT_H
#define HIP_EXT_H

#include <hip/hip_common.h>
#include <hip/hip_runtime_api.h>

#if defined(__cplusplus) && defined(__HIP__)
#include <hip/hip_runtime.h>

template <typename... Params, typename... Args>
static inline void hipExtLaunchKernelGGL(void (*kernel)(Params...), const dim3 &numBlocks,
					 const dim3 &dimBlocks, uint32_t sharedMemBytes,
					 hipStream_t stream, hipEvent_t startEvent,
					 hipEvent_t stopEvent, uint32_t flags, Args &&...args)
{
	static_assert(sizeof...(Params) == sizeof...(Args),
		      "hipExtLaunchKernelGGL: the kernel takes a different number of arguments");
	(void)__bh_launch_packed<Params...>(reinterpret_cast<const void *>(kernel), numBlocks,
					    dimBlocks, sharedMemBytes, stream, startEvent,
					    stopEvent, (int)flags, true,
					    static_cast<Params>(args)...);
}
#endif

#endif /* HIP_EXT_H */
