// Launch-path benchmark: many launches of an almost empty kernel.  Run
// under callgrind by scripts/bench.sh, which divides the host
// instructions spent in bh_queue_launch (minus the in-process GPU model)
// by the number of launches.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>

__global__ void tick(int* p)
{
    if (threadIdx.x == 0)
        p[blockIdx.x] += 1;
}

int main(int argc, char** argv)
{
    const int launches = argc > 1 ? std::atoi(argv[1]) : 1000;
    int* p = nullptr;
    if (hipMalloc(&p, 4 * sizeof(int)) != hipSuccess || hipMemset(p, 0, 4 * sizeof(int)))
        return 1;
    for (int i = 0; i < launches; ++i)
        tick<<<4, 64>>>(p);
    int host[4];
    if (hipDeviceSynchronize() != hipSuccess ||
        hipMemcpy(host, p, sizeof(host), hipMemcpyDeviceToHost) != hipSuccess)
        return 1;
    hipFree(p);
    const bool ok = host[0] == launches && host[3] == launches;
    std::printf("launch: %s (%d launches)\n", ok ? "PASS" : "FAIL", launches);
    return ok ? 0 : 1;
}
