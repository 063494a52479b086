// Model throughput, ALU-bound: a long dependent FMA / integer-hash loop
// per thread and one store at the end (make bench: lane-ops per second).
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>

__global__ void alu(float* out, int iters)
{
    float a = threadIdx.x * 0.001f, b = 1.0001f, d = 0.25f;
    unsigned x = threadIdx.x;
    for (int i = 0; i < iters; i++) {
        a = a * b + 0.5f;
        d = d * 0.999f + b;
        x = x * 1664525u + 1013904223u;
        b = b * 0.9999f;
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = a + d + (float)x;
}

int main(int argc, char** argv)
{
    int iters = argc > 1 ? std::atoi(argv[1]) : 1000;
    float* d;
    if (hipMalloc(&d, 256 * 256 * sizeof(float)) != hipSuccess)
        return 1;
    hipLaunchKernelGGL(alu, dim3(256), dim3(256), 0, 0, d, iters);
    if (hipDeviceSynchronize() != hipSuccess)
        return 1;
    std::printf("alu: PASS (%d iterations)\n", iters);
    return 0;
}
