// host_only: the HIP file -- the kernels and a launcher; main is in a
// g++-compiled .cpp (main.cpp) and more host code in a gcc-compiled .c.
#include <hip/hip_runtime.h>

#include "host_only.h"

__global__ void saxpy(float a, const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}

__global__ void scale4(float4* v, float4 by, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] = v[i] * by;
}

extern "C" hipError_t launch_saxpy(float a, const float* x, float* y, int n, hipStream_t stream)
{
    saxpy<<<(n + 255) / 256, 256, 0, stream>>>(a, x, y, n);
    return hipGetLastError();
}

extern "C" const void* saxpy_kernel(void) { return reinterpret_cast<const void*>(saxpy); }
extern "C" const void* scale4_kernel(void) { return reinterpret_cast<const void*>(scale4); }
