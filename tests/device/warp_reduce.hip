// Warp reductions: __reduce_{add,min,max,and,or,xor}_sync for the base
// types (int and unsigned int; unsigned int for the bitwise ones) and
// HIP's extra types (long long, unsigned long long, float, double; int for
// the bitwise ones), with masks that start at lane 0 or not, have holes,
// name one lane, or split the wave into two groups that reduce separately.
// Only the lanes of a mask take part, and each of them must get the
// result; the expected results are folded on the host.  A block of 100
// threads gives full waves and a partial one (36 lanes at wave64, 4 at
// wave32).  Each case has its masks for both wave sizes (warpSize: 64 on
// gfx9, 32 on gfx11), the wave32 ones the same shapes over 32 lanes.
#define HIP_ENABLE_EXTRA_WARP_SYNC_TYPES
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>

static int kWave;  // the device's warpSize, read in main
constexpr int kThreads = 100, kWaves = (kThreads + 31) / 32;  // waves at wave32, the most

// A case gives each wave two disjoint masks: a lane in A reduces over A,
// a lane in B over B, any other lane sits the call out.
struct Case {
    const char* what;
    unsigned long long a, b;      // wave64
    unsigned long long a32, b32;  // wave32
};
constexpr int kCases = 10;
const Case kCases_[kCases] = {
    {"whole wave", ~0ull, 0, 0xffffffffull, 0},
    {"lanes 0-7", 0xffull, 0, 0xffull, 0},
    {"0xfb: a hole at lane 2", 0xfbull, 0, 0xfbull, 0},
    {"even lanes | odd lanes", 0x5555555555555555ull, 0xaaaaaaaaaaaaaaaaull, 0x55555555ull,
     0xaaaaaaaaull},
    {"sparse low | sparse", 0x00000000f0f0f00full, 0x8000400000000100ull, 0x0000f00full,
     0x80400100ull},
    {"lane 13 | lanes 0 and the last", 1ull << 13, 1ull << 63 | 1, 1ull << 13, 1ull << 31 | 1},
    {"random | its complement", 0x9b3a4f0177c2e5d8ull, ~0x9b3a4f0177c2e5d8ull, 0x77c2e5d8ull,
     0x883d1a27ull},
    {"all but lane 0 | lane 0", ~1ull, 1, 0xfffffffeull, 1},
    {"high half | low half", 0xffffffff00000000ull, 0x00000000ffffffffull, 0xffff0000ull,
     0x0000ffffull},
    {"the partial wave's last lane and the next | lane 1", 3ull << 35, 2, 3ull << 3, 2},
};

struct Masks {
    unsigned long long m[kCases][kWaves][2];  // the cases' masks cut to the lanes that exist
};

#define REDUCER(OP)                                                                  \
    struct OP##_sync {                                                               \
        static constexpr const char* name = "__reduce_" #OP "_sync";                 \
        template <typename T> __device__ T operator()(unsigned long long m, T v) const \
        {                                                                            \
            return __reduce_##OP##_sync(m, v);                                       \
        }                                                                            \
        template <typename T> static T fold(T a, T b);                               \
    };
REDUCER(add)
REDUCER(min)
REDUCER(max)
REDUCER(and)
REDUCER(or)
REDUCER(xor)

// Host folds, written out per operation.
template <typename T> T add_sync::fold(T a, T b) { return a + b; }
template <typename T> T min_sync::fold(T a, T b) { return a < b ? a : b; }
template <typename T> T max_sync::fold(T a, T b) { return a > b ? a : b; }
template <typename T> T and_sync::fold(T a, T b) { return a & b; }
template <typename T> T or_sync::fold(T a, T b) { return a | b; }
template <typename T> T xor_sync::fold(T a, T b) { return a ^ b; }

// Every case: a lane calls the reduction with the mask of its group.
template <typename R, typename T>
__global__ void reduce(const T* in, T* out, Masks masks)
{
    const int t = threadIdx.x, lane = t % warpSize, w = t / warpSize;
    const T v = in[t];
    for (int c = 0; c < kCases; ++c) {
        const unsigned long long a = masks.m[c][w][0], b = masks.m[c][w][1];
        const unsigned long long m = (a >> lane & 1) ? a : (b >> lane & 1) ? b : 0;
        if (m)
            out[c * kThreads + t] = R()(m, v);
    }
}

template <typename T> unsigned long long bits(T v)
{
    unsigned long long b = 0;
    std::memcpy(&b, &v, sizeof(v));
    return b;
}

template <typename R, typename T> int run(const char* type, const T* in, const Masks& masks)
{
    static T out[kCases * kThreads];
    std::memset(out, 0x5e, sizeof(out));  // lanes outside every mask keep this
    T unset = out[0];
    T *d_in = nullptr, *d_out = nullptr;
    if (hipMalloc(&d_in, kThreads * sizeof(T)) || hipMalloc(&d_out, sizeof(out)) ||
        hipMemcpy(d_in, in, kThreads * sizeof(T), hipMemcpyHostToDevice) ||
        hipMemcpy(d_out, out, sizeof(out), hipMemcpyHostToDevice))
        return 1000;
    reduce<R, T><<<1, kThreads>>>(d_in, d_out, masks);
    if (hipDeviceSynchronize() || hipMemcpy(out, d_out, sizeof(out), hipMemcpyDeviceToHost))
        return 1000;
    hipFree(d_in);
    hipFree(d_out);

    int bad = 0;
    for (int c = 0; c < kCases; ++c)
        for (int t = 0; t < kThreads; ++t) {  // lanes of waves past the last are never read
            const int lane = t % kWave, w = t / kWave;
            const unsigned long long a = masks.m[c][w][0], b = masks.m[c][w][1];
            const unsigned long long m = (a >> lane & 1) ? a : (b >> lane & 1) ? b : 0;
            T want = unset;
            bool first = true;
            for (int l = 0; l < kWave; ++l)
                if (m >> l & 1) {
                    want = first ? in[w * kWave + l] : R::fold(want, in[w * kWave + l]);
                    first = false;
                }
            const T got = out[c * kThreads + t];
            if (std::memcmp(&got, &want, sizeof(T)) && bad++ < 6)
                std::printf("  %s(%s) %s, wave %d mask %#llx, thread %d: %#llx, want %#llx\n",
                            R::name, type, kCases_[c].what, w, m, t, bits(got), bits(want));
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
        return std::printf("warp_reduce: FAIL (the device code's warpSize reads %d)\n", kWave), 1;
    Masks masks = {};
    const int waves = (kThreads + kWave - 1) / kWave;
    for (int c = 0; c < kCases; ++c)
        for (int w = 0; w < waves; ++w) {
            const int lanes = kThreads - w * kWave < kWave ? kThreads - w * kWave : kWave;
            const unsigned long long exist = lanes == 64 ? ~0ull : (1ull << lanes) - 1;
            const unsigned long long a = kWave == 64 ? kCases_[c].a : kCases_[c].a32;
            const unsigned long long b = kWave == 64 ? kCases_[c].b : kCases_[c].b32;
            if (a & b)
                return std::printf("warp_reduce: case %d: masks overlap\n", c), 1;
            masks.m[c][w][0] = a & exist;
            masks.m[c][w][1] = b & exist;
        }

    // Values: signed ones of both signs; unsigned ones above 2^31 and 2^63
    // (where signed and unsigned order differ) whose sums wrap; floats
    // that add exactly in any order; bit patterns for the bitwise ones.
    static int i32[kThreads];
    static unsigned u32[kThreads];
    static long long i64[kThreads];
    static unsigned long long u64[kThreads];
    static float f32[kThreads];
    static double f64[kThreads];
    for (int t = 0; t < kThreads; ++t) {
        const unsigned long long h = (unsigned long long)(t + 1) * 0x9e3779b97f4a7c15ull;
        i32[t] = (int)(h >> 40) - (1 << 23);
        u32[t] = (unsigned)(h >> 32);
        i64[t] = (long long)(h >> 12) - (1ll << 51);
        u64[t] = h;
        f32[t] = (float)((int)(h >> 52) - 2048) * 0.25f;
        f64[t] = (double)((long long)(h >> 24) - (1ll << 39)) + 0.5;
    }

    int bad = 0;
    bad += run<add_sync>("int", i32, masks) + run<add_sync>("unsigned", u32, masks);
    bad += run<min_sync>("int", i32, masks) + run<min_sync>("unsigned", u32, masks);
    bad += run<max_sync>("int", i32, masks) + run<max_sync>("unsigned", u32, masks);
    bad += run<and_sync>("unsigned", u32, masks) + run<or_sync>("unsigned", u32, masks);
    bad += run<xor_sync>("unsigned", u32, masks);
    // HIP_ENABLE_EXTRA_WARP_SYNC_TYPES
    bad += run<add_sync>("long long", i64, masks) + run<add_sync>("unsigned long long", u64, masks);
    bad += run<add_sync>("float", f32, masks) + run<add_sync>("double", f64, masks);
    bad += run<min_sync>("long long", i64, masks) + run<min_sync>("unsigned long long", u64, masks);
    bad += run<min_sync>("float", f32, masks) + run<min_sync>("double", f64, masks);
    bad += run<max_sync>("long long", i64, masks) + run<max_sync>("unsigned long long", u64, masks);
    bad += run<max_sync>("float", f32, masks) + run<max_sync>("double", f64, masks);
    bad += run<and_sync>("int", i32, masks) + run<and_sync>("long long", i64, masks) +
           run<and_sync>("unsigned long long", u64, masks);
    bad += run<or_sync>("int", i32, masks) + run<or_sync>("long long", i64, masks) +
           run<or_sync>("unsigned long long", u64, masks);
    bad += run<xor_sync>("int", i32, masks) + run<xor_sync>("long long", i64, masks) +
           run<xor_sync>("unsigned long long", u64, masks);
    if (bad) {
        std::printf("warp_reduce: FAIL (%d values)\n", bad);
        return 1;
    }
    std::printf("warp_reduce: PASS (6 operations, 30 operation/type pairs, %d masks incl. "
                "holes and split waves, %d threads, wave%d)\n", kCases, kThreads, kWave);
    return 0;
}
