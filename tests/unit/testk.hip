// Kernels whose code objects the loader unit tests take apart.  The
// expected metadata values in test_codeobj.c are worked out by hand from
// the code object v5 ABI (docs/facts/dispatch.md §1.3, §4).
#include <hip/hip_runtime.h>

struct pair {
    int a;
    float b;
};

__device__ int counter;                 // a global: symbol lookup
__device__ int* counter_ptr = &counter; // a relocated pointer (RELATIVE64)

// Explicit args: c at 0, d at 8, p at 16, s at 24 (8 bytes) -> 32 bytes;
// hidden v5 block follows at 32.
__global__ void args_kernel(char c, double d, int* p, pair s)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        p[0] = c;
        p[1] = static_cast<int>(d);
        p[2] = s.a + static_cast<int>(s.b);
        p[3] = blockDim.x * gridDim.x + blockDim.y * gridDim.y + blockDim.z * gridDim.z;
        *counter_ptr += 1;
    }
}

__global__ void __launch_bounds__(128) bounded_kernel(int* p)
{
    p[threadIdx.x] = threadIdx.x;
}

__global__ void lds_kernel(float* out)
{
    __shared__ float tile[1024];        // 4096 bytes of static LDS
    tile[threadIdx.x] = out[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
}

// Device malloc: its metadata asks for hidden_heap_v1.
__global__ void heap_kernel(int** out)
{
    out[threadIdx.x] = static_cast<int*>(malloc(64));
}

// Grid sync: its metadata asks for hidden_multigrid_sync_arg.
extern "C" __device__ void __ockl_grid_sync(void);
__global__ void coop_kernel(int* p)
{
    __ockl_grid_sync();
    p[blockIdx.x] = 1;
}
