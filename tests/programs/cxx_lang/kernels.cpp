// cxx_lang: a .cpp file compiled as HIP because the command says so
// (barehip-cc -x hip -c kernels.cpp), with its kernel and launcher.
#ifndef __HIP__
#error "kernels.cpp must be compiled as HIP (-x hip)"
#endif
#include <hip/hip_runtime.h>

#include "cxx_lang.h"

__global__ void square(int* p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] *= p[i];
}

int launch_square(int* device_buffer, int n)
{
    square<<<(n + 255) / 256, 256>>>(device_buffer, n);
    return hipGetLastError() == hipSuccess ? 0 : -1;
}
