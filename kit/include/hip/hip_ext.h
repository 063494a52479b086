/*
 * barehip: AMD's HIP extensions (ROCm's hip/hip_ext.h).
 *   hipExtMallocWithFlags, hipExtLaunchKernel   (hip_runtime_api.h)
 *   hipExtLaunchKernelGGL: hipLaunchKernelGGL's function template with
 *     a start and a stop event around the kernel, and launch flags.
 *   hipExtModuleLaunchKernel (and its older name hipHccModuleLaunchKernel):
 *     hipModuleLaunchKernel with the grid in work-items (a partial last
 *     block when the block does not divide it) and a start and a stop
 *     event around the kernel (kit/runtime/module.c)
 *   hipExtLaunchMultiKernelMultiDevice   (hip_runtime_api.h)
 */
#ifndef HIP_EXT_H
#define HIP_EXT_H

#include <hip/hip_common.h>
#include <hip/hip_runtime_api.h>

#ifdef __cplusplus
#define BH_EXT_DEFAULT(v) = v
extern "C" {
#else
#define BH_EXT_DEFAULT(v)
#endif
hipError_t hipExtModuleLaunchKernel(hipFunction_t f, uint32_t globalWorkSizeX,
				    uint32_t globalWorkSizeY, uint32_t globalWorkSizeZ,
				    uint32_t localWorkSizeX, uint32_t localWorkSizeY,
				    uint32_t localWorkSizeZ, size_t sharedMemBytes,
				    hipStream_t hStream, void **kernelParams, void **extra,
				    hipEvent_t startEvent BH_EXT_DEFAULT(NULL),
				    hipEvent_t stopEvent BH_EXT_DEFAULT(NULL),
				    uint32_t flags BH_EXT_DEFAULT(0));
__attribute__((deprecated("use hipExtModuleLaunchKernel")))
hipError_t hipHccModuleLaunchKernel(hipFunction_t f, uint32_t globalWorkSizeX,
				    uint32_t globalWorkSizeY, uint32_t globalWorkSizeZ,
				    uint32_t localWorkSizeX, uint32_t localWorkSizeY,
				    uint32_t localWorkSizeZ, size_t sharedMemBytes,
				    hipStream_t hStream, void **kernelParams, void **extra,
				    hipEvent_t startEvent BH_EXT_DEFAULT(NULL),
				    hipEvent_t stopEvent BH_EXT_DEFAULT(NULL));
#ifdef __cplusplus
}
#endif
#undef BH_EXT_DEFAULT

#if defined(__cplusplus) && defined(__HIP__)
#include <hip/hip_runtime.h>

/* As hipLaunchKernelGGL's function-template form (bh/launch_ggl.h). */
template <typename... __bhArgs, typename __bhF = void (*)(__bhArgs...)>
static inline void hipExtLaunchKernelGGL(__bhF kernel, const dim3 &numBlocks, const dim3 &dimBlocks,
					 uint32_t sharedMemBytes, hipStream_t stream,
					 hipEvent_t startEvent, hipEvent_t stopEvent, uint32_t flags,
					 __bhArgs... args)
{
	(void)__bh_launch_as(kernel, numBlocks, dimBlocks, sharedMemBytes, stream, startEvent,
			     stopEvent, (int)flags, true, args...);
}
#endif

#endif /* HIP_EXT_H */
