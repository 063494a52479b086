// Private memory and calls: a per-thread array indexed at run time
// (scratch), calls through a function pointer, and recursion (a dynamic
// stack).  Expected values are computed by the same C++ on the host.
#include <hip/hip_runtime.h>

#include <cstdio>

__host__ __device__ __noinline__ int square(int x) { return x * x; }
__host__ __device__ __noinline__ int cube(int x) { return x * x * x; }
__host__ __device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

__host__ __device__ int work(const int* in, int i, int which)
{
    int table[40];
    for (int k = 0; k < 40; ++k)
        table[k] = in[(i + k) % 64] * k;
    int (*fn)(int) = which ? cube : square;
    return table[(in[i] & 0x7fffffff) % 40] + fn(i % 13) + fib(i % 12);
}

__global__ void privates(const int* in, int* out, int which)
{
    const int i = threadIdx.x;
    out[i] = work(in, i, which);
}

int main()
{
    int in[64], out[64];
    for (int i = 0; i < 64; ++i)
        in[i] = i * 7919 % 1000;
    int *d_in, *d_out;
    if (hipMalloc(&d_in, sizeof(in)) || hipMalloc(&d_out, sizeof(out)) ||
        hipMemcpy(d_in, in, sizeof(in), hipMemcpyHostToDevice))
        return 1;
    int bad = 0;
    for (int which = 0; which < 2; ++which) {
        privates<<<1, 64>>>(d_in, d_out, which);
        if (hipDeviceSynchronize() || hipMemcpy(out, d_out, sizeof(out), hipMemcpyDeviceToHost))
            return 1;
        for (int i = 0; i < 64; ++i)
            if (out[i] != work(in, i, which) && bad++ < 3)
                std::printf("  which %d thread %d: %d, want %d\n", which, i, out[i],
                            work(in, i, which));
    }
    if (bad) {
        std::printf("privates: FAIL (%d values)\n", bad);
        return 1;
    }
    std::printf("privates: PASS (scratch arrays, indirect calls, recursion)\n");
    return 0;
}
