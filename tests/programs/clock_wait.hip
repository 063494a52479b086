// A kernel that waits for time to pass: it reads the constant-rate clock
// (wall_clock64) and sleeps between reads until an interval has gone by, as
// hip-tests' Delay kernel does to hold a stream busy.  On the sim board such
// a wave is waiting for time, which always passes: it must not be taken for
// a deadlock (the window is made small here so that the old rule, "a
// sleeping wave makes no progress", would stop it at once).  A wave that
// sleeps while polling memory nobody writes is still a deadlock.
#include <hip/hip_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

__global__ void delay(unsigned int ms, unsigned int ticks_per_ms, int* done)
{
    while (ms--) {
        unsigned long long start = wall_clock64();
        while (wall_clock64() - start < ticks_per_ms)
            __builtin_amdgcn_s_sleep(10);
    }
    *done = 1;
}

__global__ void stuck(volatile int* flag)
{
    while (*flag == 0)
        __builtin_amdgcn_s_sleep(10);
}

int main()
{
    setenv("BAREHIP_SIM_DEADLOCK_WINDOW", "20000", 1);
    int rate = 0, *done, *flag;
    if (hipDeviceGetAttribute(&rate, hipDeviceAttributeWallClockRate, 0) || !rate)
        return 1;
    if (hipMalloc(&done, sizeof(int)) || hipMemset(done, 0, sizeof(int)) ||
        hipMalloc(&flag, sizeof(int)) || hipMemset(flag, 0, sizeof(int)))
        return 1;
    auto t0 = std::chrono::steady_clock::now();
    delay<<<1, 1>>>(200, rate, done);
    hipError_t e = hipDeviceSynchronize();
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    int h = 0;
    if (!e)
        e = hipMemcpy(&h, done, sizeof(h), hipMemcpyDeviceToHost);
    bool ok = e == hipSuccess && h == 1 && ms >= 200.0;
    if (!ok)
        std::printf("  FAILED: a 200 ms wall-clock wait: %s, done %d, %.0f ms\n",
                    hipGetErrorName(e), h, ms);
    // A sleeping poll of device memory that never changes is still found.
    stuck<<<1, 1>>>(flag);
    e = hipDeviceSynchronize();
    if (e != hipErrorLaunchFailure) {
        std::printf("  FAILED: a stuck poll: %s, expected hipErrorLaunchFailure\n",
                    hipGetErrorName(e));
        ok = false;
    }
    std::printf("clock_wait: %s\n", ok ? "PASS" : "FAILED");
    return ok ? 0 : 1;
}
