// The kernels of the vecops library and the host functions that launch
// them (include/vecops.h).
#include <hip/hip_runtime.h>
#include "vecops.h"

__global__ void axpy_kernel(float a, const float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}

__global__ void sum_kernel(const int *v, int n, int *sum)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
		atomicAdd(sum, v[i]);
}

hipError_t vecops_axpy(float a, const float *x, float *y, int n)
{
	axpy_kernel<<<(n + 255) / 256, 256>>>(a, x, y, n);
	return hipGetLastError();
}

hipError_t vecops_sum(const int *v, int n, int *sum)
{
	hipError_t err = hipMemset(sum, 0, sizeof(int));
	if (err != hipSuccess)
		return err;
	sum_kernel<<<8, 128>>>(v, n, sum);
	return hipGetLastError();
}
