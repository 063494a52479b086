// Model throughput, memory-bound: a grid-stride scale-and-add over 16 MiB
// (make bench: lane-ops and global bytes per second).
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>

__global__ void stream(const float* in, float* out, int n, int reps)
{
    for (int r = 0; r < reps; r++)
        for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
            out[i] = in[i] * 2.0f + (float)r;
}

int main(int argc, char** argv)
{
    int reps = argc > 1 ? std::atoi(argv[1]) : 4, n = 1 << 22;
    float *a, *b;
    if (hipMalloc(&a, n * sizeof(float)) != hipSuccess || hipMalloc(&b, n * sizeof(float)) != hipSuccess ||
        hipMemset(a, 0, n * sizeof(float)) != hipSuccess)
        return 1;
    hipLaunchKernelGGL(stream, dim3(256), dim3(256), 0, 0, a, b, n, reps);
    if (hipDeviceSynchronize() != hipSuccess)
        return 1;
    float h;
    if (hipMemcpy(&h, b + 12345, sizeof(h), hipMemcpyDeviceToHost) != hipSuccess || h != (float)(reps - 1))
        return 1;
    std::printf("stream: PASS (%d passes over %d floats)\n", reps, n);
    return 0;
}
