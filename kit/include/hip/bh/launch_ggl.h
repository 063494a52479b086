/*
 * barehip: hipLaunchKernelGGL, in both of ROCm's forms.
 *
 * By default a macro that becomes kernel<<<grid, block, shared, stream>>>
 * (args) (a statement).  Its first argument is a macro argument, so a
 * template kernel with several template arguments needs
 * HIP_KERNEL_NAME(kernel<A, B>) or parentheses around it.
 *
 * With HIP_TEMPLATE_KERNEL_LAUNCH defined before the HIP headers, a
 * function template instead: hipLaunchKernelGGL(kernel<A, B>, grid,
 * block, shared, stream, args...) compiles as it is.  Each argument is
 * converted to the type of the kernel's parameter (as a call would), the
 * launch goes through hipLaunchKernel, and its error is what
 * hipGetLastError/hipPeekAtLastError report, as with <<<>>>.
 *
 * hipExtLaunchKernelGGL (hip_ext.h) shares the argument packing.
 */
#ifndef BH_LAUNCH_GGL_H
#define BH_LAUNCH_GGL_H

#define HIP_KERNEL_NAME(...) __VA_ARGS__

/* The kernel's parameters, already converted, handed over by address. */
template <typename... Params>
static inline hipError_t __bh_launch_packed(const void *kernel, const dim3 &numBlocks,
					    const dim3 &dimBlocks, size_t sharedMemBytes,
					    hipStream_t stream, hipEvent_t startEvent,
					    hipEvent_t stopEvent, int flags, bool ext,
					    Params... params)
{
	void *args[sizeof...(Params) ? sizeof...(Params) : 1] = {
		const_cast<void *>(static_cast<const void *>(&params))...
	};
	if (ext)
		return hipExtLaunchKernel(kernel, numBlocks, dimBlocks, args, sharedMemBytes,
					  stream, startEvent, stopEvent, flags);
	return hipLaunchKernel(kernel, numBlocks, dimBlocks, args, sharedMemBytes, stream);
}

/*
 * The launch with the kernel's own parameter types, read from its
 * pointer type: each argument converted as a call would convert it.
 */
template <typename... Params, typename... Args>
static inline hipError_t __bh_launch_as(void (*kernel)(Params...), const dim3 &numBlocks,
					const dim3 &dimBlocks, size_t sharedMemBytes,
					hipStream_t stream, hipEvent_t startEvent,
					hipEvent_t stopEvent, int flags, bool ext, Args &&...args)
{
	static_assert(sizeof...(Params) == sizeof...(Args),
		      "hipLaunchKernelGGL / hipExtLaunchKernelGGL: the kernel takes a different "
		      "number of arguments");
	return __bh_launch_packed<Params...>(reinterpret_cast<const void *>(kernel), numBlocks,
					     dimBlocks, sharedMemBytes, stream, startEvent,
					     stopEvent, flags, ext, static_cast<Params>(args)...);
}

/*
 * The function-template launches take the kernel as F, which defaults to
 * void (*)(Args...) as in ROCm: a template kernel named without its
 * template arguments (HipTest::vectorADD rather than vectorADD<int>) is
 * then the specialisation that takes the arguments' types.
 */
#ifdef HIP_TEMPLATE_KERNEL_LAUNCH
template <typename... __bhArgs, typename __bhF = void (*)(__bhArgs...)>
static inline void hipLaunchKernelGGL(__bhF kernel, const dim3 &numBlocks, const dim3 &dimBlocks,
				      uint32_t sharedMemBytes, hipStream_t stream, __bhArgs... args)
{
	(void)__bh_launch_as(kernel, numBlocks, dimBlocks, sharedMemBytes, stream, nullptr, nullptr,
			     0, false, args...);
}
#else
#define hipLaunchKernelGGLInternal(kernelName, numBlocks, numThreads, memPerBlock, streamId, ...) \
	do {                                                                                   \
		kernelName<<<(numBlocks), (numThreads), (memPerBlock), (streamId)>>>(__VA_ARGS__); \
	} while (0)
#define hipLaunchKernelGGL(kernelName, ...) hipLaunchKernelGGLInternal((kernelName), __VA_ARGS__)
#endif

#endif /* BH_LAUNCH_GGL_H */
