// hipGetDeviceProperties / hipDeviceGetAttribute report the board:
// checked against the sim board's facts and the device's own view
// (warpSize inside a kernel).
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>

__global__ void device_warp_size(int* out)
{
    *out = warpSize;
}

int main()
{
    int count = 0, bad = 0;
    hipDeviceProp_t p;
    if (hipGetDeviceCount(&count) != hipSuccess || count != 1 ||
        hipGetDeviceProperties(&p, 0) != hipSuccess)
        return 1;
    std::printf("  device 0: %s (%s), %d CUs, %zu MiB, wave%d\n", p.name, p.gcnArchName,
                p.multiProcessorCount, p.totalGlobalMem >> 20, p.warpSize);
    auto check = [&](bool ok, const char* what) {
        if (!ok) { std::printf("  wrong: %s\n", what); ++bad; }
    };
    check(std::strncmp(p.gcnArchName, "gfx9", 4) == 0, "gcnArchName is a gfx9 target");
    check(std::strstr(p.name, "gfx") != nullptr, "name names the target");
    check(p.warpSize == 64, "warpSize 64");
    check(p.maxThreadsPerBlock == 1024, "maxThreadsPerBlock 1024");
    check(p.sharedMemPerBlock == 65536, "64 KiB of LDS per block");
    check(p.major == 9, "major 9");
    check(p.multiProcessorCount > 0, "some CUs");
    int v = 0;
    check(hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, 0) == hipSuccess && v == 64,
          "attribute warp size");
    check(hipDeviceGetAttribute(&v, hipDeviceAttributeWallClockRate, 0) == hipSuccess && v > 0,
          "wall clock rate");
    check(hipGetDeviceProperties(&p, 1) == hipErrorInvalidDevice, "device 1 does not exist");
    (void)hipGetLastError();
    int* d = nullptr;
    int w = 0;
    if (hipMalloc(&d, sizeof(int)) != hipSuccess)
        return 1;
    device_warp_size<<<1, 1>>>(d);
    check(hipDeviceSynchronize() == hipSuccess &&
          hipMemcpy(&w, d, sizeof(w), hipMemcpyDeviceToHost) == hipSuccess && w == p.warpSize,
          "the device's warpSize matches the property");
    hipFree(d);
    if (bad) {
        std::printf("properties: FAIL (%d)\n", bad);
        return 1;
    }
    std::printf("properties: PASS (%s, %d CUs)\n", p.gcnArchName, p.multiProcessorCount);
    return 0;
}
