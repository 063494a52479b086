// Kernels for the barehip-run test (tests/tools/barehip-run-test.sh).
#include <hip/hip_runtime.h>

extern "C" __global__ void scale(float* y, float a, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * (float)i;
}

extern "C" __global__ void mix(long long* out, long long v, short s, unsigned char c, double d)
{
    out[0] = v + s + c;
    out[1] = (long long)(d * 4.0);
}

extern "C" __global__ void __launch_bounds__(64) bounded(int* p)
{
    p[threadIdx.x] = (int)threadIdx.x;
}

extern "C" __global__ void say(int v)
{
    if (threadIdx.x == 0)
        printf("say %d from block %u\n", v, blockIdx.x);
}

extern "C" __global__ void sum(const int* in, int* out, unsigned n)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        int s = 0;
        for (unsigned i = 0; i < n; ++i)
            s += in[i];
        out[0] = s;
    }
}

// Device global constructors and destructors: barehip-run runs the code
// object's init kernel after loading and its fini kernel before unloading.
__device__ int boot_value;
__attribute__((constructor)) __device__ void boot() { boot_value = 42; }
__attribute__((destructor)) __device__ void goodbye() { printf("fini ran: %d\n", boot_value); }

extern "C" __global__ void read_boot(int* out) { *out = boot_value; }

// C++ names: barehip-run takes "saxpy(float, float const*, float*,
// unsigned int)", "saxpy", "ns::fill<int>" as well as the symbols.
__global__ void saxpy(float a, const float* x, float* y, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}

namespace ns {
template <typename T> __global__ void fill(T* out, T v, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = v;
}
template __global__ void fill<int>(int*, int, unsigned);
template __global__ void fill<double>(double*, double, unsigned);
} // namespace ns

// A long kernel for BAREHIP_SIM_PROGRESS: n steps of an LCG per lane.
extern "C" __global__ void spin(unsigned n, unsigned* out)
{
    unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
    for (unsigned i = 0; i < n; ++i)
        x = x * 1664525u + 1013904223u;
    out[blockIdx.x * blockDim.x + threadIdx.x] = x;
}
