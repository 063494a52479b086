/* host_only: C compiled by gcc (not as HIP) with <hip/hip_runtime.h>:
 * the host API and dim3 in C, and a kernel launched with hipLaunchKernel. */
#ifdef __HIP__
#error "c_api.c must be compiled by a C compiler, not as HIP"
#endif
#include <stdlib.h>

#include <hip/hip_runtime.h>

#include "host_only.h"

int c_fill(float *device, int n, float first)
{
	float *host = malloc((size_t)n * sizeof(float));
	hipError_t e;

	if (!host)
		return -1;
	for (int i = 0; i < n; i++)
		host[i] = first + (float)i;
	e = hipMemcpy(device, host, (size_t)n * sizeof(float), hipMemcpyHostToDevice);
	free(host);
	return e == hipSuccess ? 0 : -1;
}

int c_launch_saxpy(float a, const float *x, float *y, int n)
{
	dim3 grid = { (uint32_t)(n + 127) / 128, 1, 1 }, block = { 128, 1, 1 };
	void *args[] = { &a, &x, &y, &n };

	if (hipLaunchKernel(saxpy_kernel(), grid, block, args, 0, NULL) != hipSuccess)
		return -1;
	return hipDeviceSynchronize() == hipSuccess ? 0 : -1;
}
