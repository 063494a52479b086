// Warp shuffles: __shfl, __shfl_up, __shfl_down and __shfl_xor (and their
// _sync forms) for every documented type, every width from 1 to warpSize
// (64 on gfx9, 32 on gfx11; a width beyond warpSize is outside HIP's
// definition and not checked) plus the default, and in-range and
// out-of-range lanes, deltas and masks.
// Each lane's result is checked against the source lane worked out on the
// host from the definitions: the wave is cut into segments of `width`
// lanes; __shfl reads lane srcLane % width of the segment, up/down read
// lane -/+ delta unless that leaves the segment (then the lane keeps its
// own value), xor reads lane ^ mask unless that lies in a later segment.
// Blocks have 100 threads (at wave64 a full wave and one of 36 lanes); shuffles
// also run in odd lanes only and in lanes below a cut (37 at wave64, 18 at
// wave32).  A lane that reads a lane
// which does not take part (outside the branch or the block) gets 0, as
// on AMD hardware (ds_bpermute).
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>

static int kWave;  // the device's warpSize, read in main
constexpr int kThreads = 100;
constexpr int kKinds = 4, kWidths = 8, kParams = 7;  // width index 7: the default width
constexpr int kRes = kKinds * kWidths * kParams;
constexpr int kModes = 4;
const char* const kKindNames[kKinds] = {"__shfl", "__shfl_up", "__shfl_down", "__shfl_xor"};
const char* const kModeNames[kModes] = {"all lanes", "odd lanes", "lanes < cut", "_sync"};

// srcLane, delta, delta, laneMask: in range, at the edges and beyond.
struct Params {
    int p[kKinds][kParams];
};
constexpr Params kP = {{
    {0, 1, 5, 37, 63, -1, 70},
    {0, 1, 3, 17, 33, 63, 64},
    {0, 1, 3, 17, 33, 63, 64},
    {0, 1, 6, 21, 32, 63, 64},
}};

template <typename T>
__device__ T shuffle(bool sync, int kind, int width, int p, T v)
{
    const unsigned long long mask = __activemask();
    if (width == 0) {  // the default width, warpSize
        switch (kind) {
        case 0: return sync ? __shfl_sync(mask, v, p) : __shfl(v, p);
        case 1: return sync ? __shfl_up_sync(mask, v, (unsigned)p) : __shfl_up(v, (unsigned)p);
        case 2: return sync ? __shfl_down_sync(mask, v, (unsigned)p) : __shfl_down(v, (unsigned)p);
        default: return sync ? __shfl_xor_sync(mask, v, p) : __shfl_xor(v, p);
        }
    }
    switch (kind) {
    case 0: return sync ? __shfl_sync(mask, v, p, width) : __shfl(v, p, width);
    case 1: return sync ? __shfl_up_sync(mask, v, (unsigned)p, width) : __shfl_up(v, (unsigned)p, width);
    case 2: return sync ? __shfl_down_sync(mask, v, (unsigned)p, width) : __shfl_down(v, (unsigned)p, width);
    default: return sync ? __shfl_xor_sync(mask, v, p, width) : __shfl_xor(v, p, width);
    }
}

// Every kind x width x parameter, in the lanes that `mode` selects.
template <typename T>
__global__ void shuffles(const T* in, T* out, int mode, Params params)
{
    const int t = threadIdx.x, lane = t % warpSize;
    if ((mode == 1 && !(lane & 1)) || (mode == 2 && lane >= warpSize * 37 / 64))
        return;
    const T v = in[t];
    T* o = out + t * kRes;
    for (int k = 0; k < kKinds; ++k)
        for (int wi = 0; wi < kWidths; ++wi)
            for (int pi = 0; pi < kParams; ++pi)
                o[(k * kWidths + wi) * kParams + pi] =
                    shuffle(mode == 3, k, wi < 7 ? 1 << wi : 0, params.p[k][pi], v);
}

// The lane that `lane` reads, from the definitions (not the index math).
int source_lane(int kind, int width, int p, int lane)
{
    const int seg = lane / width, pos = lane % width;
    switch (kind) {
    case 0: return seg * width + ((p % width) + width) % width;
    case 1: return p > pos ? lane : lane - p;
    case 2: return pos + p >= width ? lane : lane + p;
    default: return (lane ^ p) / width > seg ? lane : lane ^ p;  // a later segment: own value
    }
}

// Distinct, never-zero values whose two 32-bit halves both vary.
template <typename T> T value(int t)
{
    const unsigned long long h = (unsigned long long)(t + 1) * 0x9e3779b97f4a7c15ull;
    if (__is_floating_point(T))
        return (T)((t + 1) * 1.25e9 + 0.5);  // double: both halves vary
    if (sizeof(T) == 4)
        return (T)(unsigned)(h >> 32 | 1);
    return (T)(h | 1);
}

template <typename T> unsigned long long bits(T v)
{
    unsigned long long b = 0;
    std::memcpy(&b, &v, sizeof(v));
    return b;
}

template <typename T> int run(const char* type)
{
    static T in[kThreads], out[kModes][kThreads * kRes];
    for (int t = 0; t < kThreads; ++t)
        in[t] = value<T>(t);
    std::memset(out, 0x5e, sizeof(out));  // lanes a mode leaves out keep this
    T *d_in = nullptr, *d_out = nullptr;
    if (hipMalloc(&d_in, sizeof(in)) || hipMalloc(&d_out, sizeof(out)) ||
        hipMemcpy(d_in, in, sizeof(in), hipMemcpyHostToDevice) ||
        hipMemcpy(d_out, out, sizeof(out), hipMemcpyHostToDevice))
        return 1000;
    for (int m = 0; m < kModes; ++m)
        shuffles<T><<<1, kThreads>>>(d_in, d_out + m * kThreads * kRes, m, kP);
    if (hipDeviceSynchronize() || hipMemcpy(out, d_out, sizeof(out), hipMemcpyDeviceToHost))
        return 1000;
    hipFree(d_in);
    hipFree(d_out);

    int bad = 0;
    T unset;
    std::memset(&unset, 0x5e, sizeof(unset));
    for (int m = 0; m < kModes; ++m)
        for (int t = 0; t < kThreads; ++t) {
            const int lane = t % kWave, base = t - lane;
            const int lanes = kThreads - base < kWave ? kThreads - base : kWave;
            unsigned long long active = lanes == 64 ? ~0ull : (1ull << lanes) - 1;
            if (m == 1) active &= 0xaaaaaaaaaaaaaaaaull;
            if (m == 2) active &= (1ull << kWave * 37 / 64) - 1;
            for (int k = 0; k < kKinds; ++k)
                for (int wi = 0; wi < kWidths; ++wi)
                    for (int pi = 0; pi < kParams && (wi == 7 || 1 << wi <= kWave); ++pi) {
                        const int width = wi < 7 ? 1 << wi : kWave, p = kP.p[k][pi];
                        const int src = source_lane(k, width, p, lane);
                        T want = T(0);
                        if (!(active >> lane & 1))
                            want = unset;
                        else if (active >> src & 1)
                            want = in[base + src];
                        const T got = out[m][t * kRes + (k * kWidths + wi) * kParams + pi];
                        if (std::memcmp(&got, &want, sizeof(T)) && bad++ < 8)
                            std::printf("  %s %s(%d, width %d%s), %s, thread %d: %#llx, want "
                                        "%#llx (lane %d)\n",
                                        type, kKindNames[k], p, width, wi < 7 ? "" : " default",
                                        kModeNames[m], t, bits(got), bits(want), src);
                    }
        }
    return bad;
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
        return std::printf("warp_shfl: FAIL (the device code's warpSize reads %d)\n", kWave), 1;
    int bad = run<int>("int") + run<unsigned int>("unsigned int") + run<long>("long") +
              run<unsigned long>("unsigned long") + run<long long>("long long") +
              run<unsigned long long>("unsigned long long") + run<float>("float") +
              run<double>("double");
    if (bad) {
        std::printf("warp_shfl: FAIL (%d values)\n", bad);
        return 1;
    }
    std::printf("warp_shfl: PASS (4 kinds x 8 types x widths 1..%d and default x %d "
                "parameters; all, odd and < cut lanes, _sync; %d threads)\n",
                kWave, kParams, kThreads);
    return 0;
}
