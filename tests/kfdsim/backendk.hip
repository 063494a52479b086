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

// Global wave sync (GWS) resource 0 set up as a barrier of @v + 1 waves:
// needs a queue given the GPU's GWS (ALLOC_QUEUE_GWS).
__global__ void gws_init(unsigned v)
{
    __builtin_amdgcn_ds_gws_init(v, 0);
}

// One wave per block: each marks p[block], meets the others at the GWS
// barrier (resource 0, set up by gws_init for @waves), then counts the
// marks into p[waves + block]; every count is @waves only if no wave
// left the barrier before the last arrived.
__global__ void gws_meet(int* p, unsigned waves)
{
    if (threadIdx.x == 0)
        p[blockIdx.x] = 1;
    __threadfence();
    __builtin_amdgcn_ds_gws_barrier(waves - 1, 0);
    int sum = 0;
    for (unsigned i = 0; i < waves; i++)
        sum += ((volatile int*)p)[i];
    if (threadIdx.x == 0)
        p[waves + blockIdx.x] = sum;
}
