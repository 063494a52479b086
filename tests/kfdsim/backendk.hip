// Kernels the kfd backend test (backend_test.c) launches through the
// loader alone, on the fake KFD.
#include <hip/hip_runtime.h>

// p[i] = v for each work-item.
__global__ void fill(int* p, int v)
{
    p[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// Waits until the host sets *flag, then writes 1 to *out: a kernel that
// runs as long as the host wants.
__global__ void spin_until(volatile int* flag, int* out)
{
    while (!*flag)
        __builtin_amdgcn_s_sleep(8);
    *out = 1;
}

// A store through a bad pointer: a GPU memory fault.
__global__ void store_through(int* p)
{
    *p = 7;
}

// Adds one to *p: reads what the host wrote.
__global__ void increment(int* p)
{
    if (threadIdx.x == 0)
        *p += 1;
}
