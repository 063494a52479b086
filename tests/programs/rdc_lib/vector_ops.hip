// Part of a static device library (librdcmath.a, an ar archive of
// -fgpu-rdc objects): device functions and a device variable other
// files use, and a kernel whose host stub lives here too.
#include <hip/hip_runtime.h>

#include "rdc_lib.h"

__device__ float norm_scale = 1.0f;

// Same name as a static function in polynomial.hip: each file keeps its own.
static __device__ float twice(float x) { return x + x; }

__device__ float dot3(const float* a, const float* b)
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

__device__ float scaled_twice(float x) { return twice(x) * norm_scale; }

// v[i] (3 floats each) *= norm_scale / |v[i]|^2
__global__ void normalize_sq(float* v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float len2 = dot3(v + 3 * i, v + 3 * i);
        for (int c = 0; c < 3; c++)
            v[3 * i + c] *= norm_scale / len2;
    }
}
