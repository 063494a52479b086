// Launch-path benchmark: many launches of an almost empty kernel with 2,
// 8 or 32 arguments.  Run under callgrind by scripts/bench.sh, which
// divides the host instructions spent launching (minus the in-process
// GPU model) by the number of launches.
// usage: launch [LAUNCHES [ARGS]]   ARGS: 2 (default), 8 or 32
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>

__global__ void tick(int* p, int add)
{
    if (threadIdx.x == 0)
        p[blockIdx.x] += add;
}

__global__ void tick8(int* p, int a, int b, int c, int d, int e, int f, int g)
{
    if (threadIdx.x == 0)
        p[blockIdx.x] += a + b + c + d + e + f + g - 6;
}

#define A4(x) int x##0, int x##1, int x##2, int x##3
__global__ void tick32(int* p, A4(a), A4(b), A4(c), A4(d), A4(e), A4(f), A4(g), int h0, int h1,
                       int h2)
{
    if (threadIdx.x == 0)
        p[blockIdx.x] += a0 + b1 + c2 + d3 + e0 + f1 + g2 + h0 + h1 + h2 - 9;
}

int main(int argc, char** argv)
{
    const int launches = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int nargs = argc > 2 ? std::atoi(argv[2]) : 2;
    int* p = nullptr;
    if (hipMalloc(&p, 4 * sizeof(int)) != hipSuccess || hipMemset(p, 0, 4 * sizeof(int)))
        return 1;
    for (int i = 0; i < launches; ++i) {
        if (nargs == 32)
            tick32<<<4, 64>>>(p, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                              1, 1, 1, 1, 1, 1, 1, 1, 1);
        else if (nargs == 8)
            tick8<<<4, 64>>>(p, 1, 1, 1, 1, 1, 1, 1);
        else
            tick<<<4, 64>>>(p, 1);
    }
    int host[4];
    if (hipDeviceSynchronize() != hipSuccess ||
        hipMemcpy(host, p, sizeof(host), hipMemcpyDeviceToHost) != hipSuccess)
        return 1;
    hipFree(p);
    const bool ok = host[0] == launches && host[3] == launches;
    std::printf("launch: %s (%d launches, %d arguments)\n", ok ? "PASS" : "FAIL", launches,
                nargs);
    return ok ? 0 : 1;
}
