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

// The targets the sim board models, with what each must report: CDNA
// (gfx9) runs wave64, RDNA3 (gfx11) wave32.
struct Target {
    const char* name;
    int warp_size, major;
};
const Target kTargets[] = {
    {"gfx90a", 64, 9}, {"gfx942", 64, 9},
    {"gfx1100", 32, 11}, {"gfx1103", 32, 11}, {"gfx1151", 32, 11},
};

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
    const Target* t = nullptr;
    for (const Target& k : kTargets) {
        const size_t n = std::strlen(k.name);
        if (!std::strncmp(p.gcnArchName, k.name, n) &&
            (p.gcnArchName[n] == 0 || p.gcnArchName[n] == ':'))
            t = &k;
    }
    if (!t) {
        std::printf("properties: FAIL (gcnArchName %s is not a modelled target)\n", p.gcnArchName);
        return 1;
    }
    check(std::strstr(p.name, t->name) != nullptr, "name names the target");
    check(p.warpSize == t->warp_size, "warpSize (64 on gfx9, 32 on gfx11)");
    check(p.maxThreadsPerBlock == 1024, "maxThreadsPerBlock 1024");
    check(p.sharedMemPerBlock == 65536, "64 KiB of LDS per block");
    check(p.major == t->major, "major (9 or 11)");
    check(p.multiProcessorCount > 0, "some CUs");
    int v = 0;
    check(hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, 0) == hipSuccess &&
          v == t->warp_size, "attribute warp size");
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
