// Timers: clock64()/clock() count at hipDeviceAttributeClockInstructionRate
// kHz, so the difference of two readings measures the work done between
// them.  On gfx9 that is the shader clock (the clock rate); gfx11 has no
// 64-bit cycle counter, and there they read the 64-bit realtime counter
// (its rate is then the wall clock's), which does not wrap: a span of a
// 100 ms host sleep converts to 100 ms.  wall_clock64() counts at the
// constant rate hipDeviceAttributeWallClockRate reports (kHz), so its
// differences convert to elapsed time.
#include <hip/hip_runtime.h>

#include <chrono>
#include <cstdio>
#include <thread>

constexpr int samples = 16;

// Times @iters steps of a little arithmetic with clock64(), and reads
// the clock between the steps; clock() must count alongside it.
__global__ void timed_work(unsigned iters, long long* stamps, long long* cycles,
                           long long* clock_cycles, unsigned* sink)
{
    unsigned x = threadIdx.x + 1;
    const clock_t c0 = clock();
    const long long t0 = clock64();
    for (int s = 0; s < samples; ++s) {
        for (unsigned i = 0; i < iters; ++i)
            x = x * 1664525u + 1013904223u;
        stamps[s] = clock64();
    }
    const long long t1 = clock64();
    const clock_t c1 = clock();
    *cycles = t1 - t0;
    *clock_cycles = (long long)(c1 - c0);
    *sink = x; // keep the work
}

// One wall-clock reading, and one of clock64().
__global__ void wall_now(long long* t)
{
    t[0] = wall_clock64();
    t[1] = clock64();
}

static bool ok(hipError_t e, const char* what)
{
    if (e != hipSuccess)
        std::printf("clocks: FAIL (%s: %s)\n", what, hipGetErrorString(e));
    return e == hipSuccess;
}

int main()
{
    long long *d, h[samples + 3];
    unsigned* sink;
    if (!ok(hipMalloc(&d, sizeof(h)), "hipMalloc") || !ok(hipMalloc(&sink, 4), "hipMalloc"))
        return 1;
    unsigned bad = 0;

    hipDeviceProp_t prop;
    if (!ok(hipGetDeviceProperties(&prop, 0), "properties"))
        return 1;
    // The cycle counter, or a slower timer (gfx11: 10 ns ticks).
    const bool cycles = prop.clockInstructionRate == prop.clockRate;

    // 1. clock64(): increasing readings, and more work takes longer.  A
    //    cycle counter strictly increases and counts each step at least
    //    once; a 10 ns timer may read the same tick twice.
    long long spent[2];
    const unsigned iters[2] = {10, 200};
    for (int r = 0; r < 2; ++r) {
        timed_work<<<1, 1>>>(iters[r], d, d + samples, d + samples + 1, sink);
        if (!ok(hipDeviceSynchronize(), "timed_work") ||
            !ok(hipMemcpy(h, d, sizeof(h), hipMemcpyDeviceToHost), "hipMemcpy"))
            return 1;
        for (int s = 1; s < samples; ++s)
            if ((cycles ? h[s] <= h[s - 1] : h[s] < h[s - 1]) && bad++ < 5)
                std::printf("  clock64 sample %d: %lld, not after %lld\n", s, h[s], h[s - 1]);
        spent[r] = h[samples];
        if (cycles && spent[r] < (long long)(iters[r] * samples) && bad++ < 5)
            std::printf("  %u steps took %lld cycles, fewer than one per step\n",
                        iters[r] * samples, spent[r]);
        if (h[samples + 1] < spent[r] && bad++ < 5)
            std::printf("  clock() advanced %lld over a span clock64() saw as %lld\n",
                        h[samples + 1], spent[r]);
    }
    if (spent[1] <= spent[0] && bad++ < 5)
        std::printf("  %u steps took %lld cycles, %u steps %lld\n", iters[0] * samples,
                    spent[0], iters[1] * samples, spent[1]);

    // 2. Wall clock: the host attribute is the device property, and two
    //    readings taken around a host sleep of 100 ms, converted with it,
    //    span at least the sleep and at most the host's whole measurement.
    int rate_khz = 0, clock_khz = 0;
    if (!ok(hipDeviceGetAttribute(&rate_khz, hipDeviceAttributeWallClockRate, 0), "attribute") ||
        !ok(hipDeviceGetAttribute(&clock_khz, hipDeviceAttributeClockInstructionRate, 0),
            "attribute"))
        return 1;
    if (clock_khz != prop.clockInstructionRate && bad++ < 5)
        std::printf("  clock instruction rate %d kHz, device properties say %d\n", clock_khz,
                    prop.clockInstructionRate);
    if ((rate_khz <= 0 || rate_khz != prop.wallClockRate) && bad++ < 5)
        std::printf("  wall clock rate %d kHz, device properties say %d\n", rate_khz,
                    prop.wallClockRate);
    long long w0[2], w1[2];
    const auto host0 = std::chrono::steady_clock::now();
    wall_now<<<1, 1>>>(d);
    if (!ok(hipMemcpy(w0, d, sizeof(w0), hipMemcpyDeviceToHost), "hipMemcpy"))
        return 1;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    wall_now<<<1, 1>>>(d);
    if (!ok(hipMemcpy(w1, d, sizeof(w1), hipMemcpyDeviceToHost), "hipMemcpy"))
        return 1;
    const double host_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - host0).count();
    const double dev_ms = rate_khz > 0 ? (double)(w1[0] - w0[0]) / rate_khz : -1;
    // A clock tick of slack at each end.
    if ((dev_ms < 100.0 - 0.01 || dev_ms > host_ms + 0.01) && bad++ < 5)
        std::printf("  wall_clock64 measured %.3f ms across a 100 ms sleep (host: %.3f ms)\n",
                    dev_ms, host_ms);
    // 3. A timer clock64() spans the sleep too, converted with its rate:
    //    it did not wrap (a 20-bit cycle counter wraps 250 times in 100 ms).
    const double clock_ms = clock_khz > 0 ? (double)(w1[1] - w0[1]) / clock_khz : -1;
    if (!cycles && (clock_ms < 100.0 - 0.01 || clock_ms > host_ms + 0.01) && bad++ < 5)
        std::printf("  clock64 measured %.3f ms across a 100 ms sleep (host: %.3f ms)\n",
                    clock_ms, host_ms);

    hipFree(d);
    hipFree(sink);
    if (bad) {
        std::printf("clocks: FAIL (%u checks)\n", bad);
        return 1;
    }
    if (cycles)
        std::printf("clocks: PASS (%lld then %lld cycles for %ux more work; %.1f ms of wall "
                    "clock at %d kHz over a 100 ms sleep)\n",
                    spent[0], spent[1], iters[1] / iters[0], dev_ms, rate_khz);
    else
        std::printf("clocks: PASS (clock64 a %d kHz timer: %lld then %lld ticks for %ux more "
                    "work, %.1f ms over a 100 ms sleep; %.1f ms of wall clock at %d kHz)\n",
                    clock_khz, spent[0], spent[1], iters[1] / iters[0], clock_ms, dev_ms,
                    rate_khz);
    return 0;
}
