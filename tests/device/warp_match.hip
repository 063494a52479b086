// Warp match: __match_any (which lanes hold my value) and __match_all
// (does every lane hold the same value), plain and _sync, for int, 64-bit,
// float and double values, checked lane by lane against masks worked out
// on the host for the device's wave size (warpSize: 64 on gfx9, 32 on
// gfx11, where the masks are 64-bit with the upper half 0).  Blocks have
// 100 threads (full waves and a partial one: 36 lanes at wave64, 4 at
// wave32); some calls run in divergent branches or with one mask per half
// wave.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>

static int kWave;  // the device's warpSize, read in main
constexpr int kThreads = 100, kBlocks = 2, kN = kThreads * kBlocks;
constexpr unsigned long long kUnset = 0x5e5e5e5e5e5e5e5eull;  // not written by the kernel

struct Inputs {
    int i[kN];                  // a handful of distinct values
    unsigned long long u[kN];   // values that differ only in their upper halves
    float f[kN];                // includes NaN, +0.0 and -0.0
    double d[kN];
    long long same[kN];         // equal across each wave, except at `odd_one`
};
constexpr int kOddOne = 70;     // block 0, lane 6 of wave 1 (wave64) or 2 (wave32): the one that differs

enum {
    ANY_I, ANY_U, ANY_F, ANY_D,        // __match_any over the whole wave
    ANY_ODD,                           // __match_any in odd lanes only
    ALL_SAME, ALL_SAME_PRED,           // __match_all, values equal (except kOddOne's wave)
    ALL_I, ALL_I_PRED,                 // __match_all, values differ
    ALL_ODD, ALL_ODD_PRED,             // __match_all in odd lanes, where they agree
    ALL_U_HI, ALL_U_HI_PRED,           // __match_all, low halves equal, upper halves differ
    SYNC_ANY, SYNC_ALL, SYNC_ALL_PRED, // _sync with one mask per half wave
    kOut
};
const char* const kNames[kOut] = {
    "__match_any(int)", "__match_any(unsigned long long)", "__match_any(float)",
    "__match_any(double)", "__match_any (odd lanes)",
    "__match_all (same)", "__match_all pred (same)", "__match_all(int)", "__match_all(int) pred",
    "__match_all (odd lanes)", "__match_all pred (odd lanes)",
    "__match_all (upper halves differ)", "__match_all pred (upper halves differ)",
    "__match_any_sync (half)", "__match_all_sync (half)", "__match_all_sync pred (half)",
};

__global__ void match(const Inputs* in, unsigned long long* out)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const int lane = threadIdx.x % warpSize;
    unsigned long long* o = out + t * kOut;
    int pred;

    o[ANY_I] = __match_any(in->i[t]);
    o[ANY_U] = __match_any(in->u[t]);
    o[ANY_F] = __match_any(in->f[t]);
    o[ANY_D] = __match_any(in->d[t]);
    if (lane & 1)
        o[ANY_ODD] = __match_any(in->i[t]);

    o[ALL_SAME] = __match_all(in->same[t], &pred);
    o[ALL_SAME_PRED] = pred;
    o[ALL_I] = __match_all(in->i[t], &pred);
    o[ALL_I_PRED] = pred;
    // Odd lanes agree among themselves (lane & 1 is 1 for each of them).
    if (lane & 1) {
        o[ALL_ODD] = __match_all(lane & 1, &pred);
        o[ALL_ODD_PRED] = pred;
    }
    const unsigned long long upper_differs = 0x1234ull | (unsigned long long)(lane & 3) << 40;
    o[ALL_U_HI] = __match_all(upper_differs, &pred);
    o[ALL_U_HI_PRED] = pred;

    // Each half wave as its own group, both halves in the same call.  In
    // the lower half the value is the same everywhere; the upper half has
    // the per-lane ints (never 2.5).
    const unsigned long long lo = (1ull << warpSize / 2) - 1;
    const unsigned long long half = __activemask() & (lane < warpSize / 2 ? lo : ~lo);
    o[SYNC_ANY] = __match_any_sync(half, in->i[t]);
    const double v = lane < warpSize / 2 ? 2.5 : in->i[t];
    o[SYNC_ALL] = __match_all_sync(half, v, &pred);
    o[SYNC_ALL_PRED] = pred;
}

// The wave size the kernels were built for.  warpSize is a constant of
// the device code: 64 on gfx9, 32 on gfx11 -- or 64 there too when built
// with -mwavefrontsize64, while hipDeviceAttributeWarpSize stays the
// device's native 32.  So the host asks the device code itself.
__global__ void read_warp_size(int* w)
{
    *w = warpSize;
}

static int device_warp_size()
{
    int *d = nullptr, h = 0;
    if (hipMalloc(&d, sizeof(int)) != hipSuccess)
        return 0;
    read_warp_size<<<1, 1>>>(d);
    if (hipMemcpy(&h, d, sizeof(int), hipMemcpyDeviceToHost) != hipSuccess)
        h = 0;
    hipFree(d);
    return h;
}

int main()
{
    kWave = device_warp_size();
    if (kWave != 32 && kWave != 64)
        return std::printf("warp_match: FAIL (the device code's warpSize reads %d)\n", kWave), 1;
    static Inputs in;
    for (int t = 0; t < kN; ++t) {
        const unsigned h = (unsigned)t * 2654435761u >> 7;
        in.i[t] = (int)(h % 5) - 2;                               // -2 .. 2
        in.u[t] = 0x9abcdef0ull | (unsigned long long)(h % 3) << 32;  // same low halves
        const float fs[] = {1.5f, -0.0f, 0.0f, __builtin_nanf(""), 3e38f};
        in.f[t] = fs[h % 5];
        in.d[t] = h % 4 ? 1e300 * (h % 4) : -1.0;
        in.same[t] = 0x7777000011112222ll;
    }
    in.same[kOddOne] = 0x7777000011112223ll;

    static unsigned long long out[kN * kOut];
    for (auto& v : out)
        v = kUnset;
    Inputs* d_in = nullptr;
    unsigned long long* d_out = nullptr;
    if (hipMalloc(&d_in, sizeof(in)) || hipMalloc(&d_out, sizeof(out)) ||
        hipMemcpy(d_in, &in, sizeof(in), hipMemcpyHostToDevice) ||
        hipMemcpy(d_out, out, sizeof(out), hipMemcpyHostToDevice))
        return 1;
    match<<<kBlocks, kThreads>>>(d_in, d_out);
    if (hipDeviceSynchronize() || hipMemcpy(out, d_out, sizeof(out), hipMemcpyDeviceToHost))
        return 1;

    int bad = 0;
    auto check = [&](int t, int what, unsigned long long want) {
        unsigned long long got = out[t * kOut + what];
        if (got != want && bad++ < 12)
            std::printf("  thread %d %s: %#llx, want %#llx\n", t, kNames[what], got, want);
    };
    // The lanes of `set` whose value has the same bits as lane `me`'s.
    auto same_bits = [](const void* vals, size_t size, int base, int me, unsigned long long set) {
        unsigned long long m = 0;
        const char* v = static_cast<const char*>(vals);
        for (int l = 0; l < kWave; ++l)
            if ((set >> l & 1) && !std::memcmp(v + (base + l) * size, v + (base + me) * size, size))
                m |= 1ull << l;
        return m;
    };
    const unsigned long long odd = 0xaaaaaaaaaaaaaaaaull, lo_half = (1ull << kWave / 2) - 1;
    for (int t = 0; t < kN; ++t) {
        const int w = t % kThreads / kWave, lane = t % kThreads % kWave;
        const int base = t - lane;
        const int lanes = kThreads - w * kWave < kWave ? kThreads - w * kWave : kWave;
        const unsigned long long E = lanes == 64 ? ~0ull : (1ull << lanes) - 1;

        check(t, ANY_I, same_bits(in.i, sizeof(int), base, lane, E));
        check(t, ANY_U, same_bits(in.u, sizeof(long long), base, lane, E));
        check(t, ANY_F, same_bits(in.f, sizeof(float), base, lane, E));
        check(t, ANY_D, same_bits(in.d, sizeof(double), base, lane, E));
        check(t, ANY_ODD, lane & 1 ? same_bits(in.i, sizeof(int), base, lane, E & odd) : kUnset);

        const bool odd_one_here = kOddOne >= base && kOddOne < base + lanes;
        check(t, ALL_SAME, odd_one_here ? 0 : E);
        check(t, ALL_SAME_PRED, !odd_one_here);
        const bool ints_agree = same_bits(in.i, sizeof(int), base, lane, E) == E;
        check(t, ALL_I, ints_agree ? E : 0);
        check(t, ALL_I_PRED, ints_agree);
        check(t, ALL_ODD, lane & 1 ? E & odd : kUnset);
        check(t, ALL_ODD_PRED, lane & 1 ? 1 : kUnset);
        check(t, ALL_U_HI, 0);
        check(t, ALL_U_HI_PRED, 0);

        const unsigned long long half = E & (lane < kWave / 2 ? lo_half : ~lo_half);
        check(t, SYNC_ANY, same_bits(in.i, sizeof(int), base, lane, half));
        const bool half_agrees = lane < kWave / 2 || same_bits(in.i, sizeof(int), base, lane, half) == half;
        check(t, SYNC_ALL, half_agrees ? half : 0);
        check(t, SYNC_ALL_PRED, half_agrees);
    }
    if (bad) {
        std::printf("warp_match: FAIL (%d values)\n", bad);
        return 1;
    }
    std::printf("warp_match: PASS (%d threads in blocks of %d, wave%d: match_any/match_all, "
                "int/64-bit/float/double, divergent, _sync with half-wave masks)\n",
                kN, kThreads, kWave);
    return 0;
}
