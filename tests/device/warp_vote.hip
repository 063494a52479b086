// Warp vote and ballot: __ballot, __any, __all, __activemask and the
// _sync forms, checked lane by lane against bit sets worked out on the
// host for the device's wave size (warpSize: 64 on gfx9, 32 on gfx11,
// where ballots are 64-bit with the upper half 0).  Blocks have 100
// threads, so each block's last wave is partial (36 lanes at wave64, 4 at
// wave32); votes also run inside divergent branches (odd lanes, lanes
// below a cut: 37 at wave64, 18 at wave32) and with one mask per half wave.
#include <hip/hip_runtime.h>

#include <cstdio>

static int kWave;  // the device's warpSize, read in main
constexpr int kThreads = 100, kBlocks = 2, kN = kThreads * kBlocks;
constexpr unsigned long long kUnset = 0x5e5e5e5e5e5e5e5eull;  // not written by the kernel

enum {
    BALLOT, ANY, ALL, ACTIVE,                    // the whole wave
    SIDE_BALLOT, SIDE_ACTIVE, SIDE_ALL,          // odd and even lanes, each in its branch
    ALL_LT37, LT37_BALLOT, LT37_ANY, LT37_ALL, LT37_ALL_LT37,  // lanes below 37
    HALF_BALLOT, HALF_ANY, HALF_ALL,             // _sync, one mask per half wave
    SYNC_BALLOT, SYNC_ANY, SYNC_ALL,             // _sync, mask = every lane of the wave
    WARP_SIZE,
    kOut
};
const char* const kNames[kOut] = {
    "__ballot", "__any", "__all", "__activemask",
    "__ballot (odd/even branch)", "__activemask (odd/even branch)", "__all (odd/even branch)",
    "__all(lane < cut)", "__ballot (lane < cut)", "__any (lane < cut)", "__all (lane < cut)",
    "__all(lane < cut) (lane < cut)",
    "__ballot_sync (half mask)", "__any_sync (half mask)", "__all_sync (half mask)",
    "__ballot_sync (wave mask)", "__any_sync (wave mask)", "__all_sync (wave mask)",
    "warpSize",
};

__global__ void vote(const int* pred, unsigned long long* out, int* features)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const int lane = threadIdx.x % warpSize, cut = warpSize * 37 / 64;
    const int p = pred[t];
    unsigned long long* o = out + t * kOut;

    // Votes of the whole wave: a partial wave votes over its lanes only.
    o[BALLOT] = __ballot(p);
    o[ANY] = __any(p);
    o[ALL] = __all(p);
    o[ACTIVE] = __activemask();
    o[WARP_SIZE] = warpSize;

    // The same code on both sides of a branch: each side votes alone.
    if (lane & 1) {
        o[SIDE_BALLOT] = __ballot(p);
        o[SIDE_ACTIVE] = __activemask();
        o[SIDE_ALL] = __all(p);
    } else {
        o[SIDE_BALLOT] = __ballot(p);
        o[SIDE_ACTIVE] = __activemask();
        o[SIDE_ALL] = __all(p);
    }

    // False for a full wave, true where lanes below the cut are all there is.
    o[ALL_LT37] = __all(lane < cut);
    if (lane < cut) {
        o[LT37_BALLOT] = __ballot(p);
        o[LT37_ANY] = __any(p);
        o[LT37_ALL] = __all(p);
        o[LT37_ALL_LT37] = __all(lane < cut);
    }

    // Each half wave as its own group: a lane names the lanes of its half.
    const unsigned long long wave = __activemask();
    const unsigned long long lo = (1ull << warpSize / 2) - 1;
    const unsigned long long half = wave & (lane < warpSize / 2 ? lo : ~lo);
    o[HALF_BALLOT] = __ballot_sync(half, p);
    o[HALF_ANY] = __any_sync(half, p);
    o[HALF_ALL] = __all_sync(half, p);
    o[SYNC_BALLOT] = __ballot_sync(wave, p);
    o[SYNC_ANY] = __any_sync(wave, p);
    o[SYNC_ALL] = __all_sync(wave, p);

    if (t == 0) {
        features[0] = HIP_ARCH_HAS_WARP_VOTE;
        features[1] = HIP_ARCH_HAS_WARP_BALLOT;
        features[2] = __HIP_ARCH_HAS_WARP_VOTE__ + __HIP_ARCH_HAS_WARP_BALLOT__ +
                      __HIP_ARCH_HAS_WARP_SHUFFLE__;
    }
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
        return std::printf("warp_vote: FAIL (the device code's warpSize reads %d)\n", kWave), 1;
    // Predicates: mostly a mix of zero and non-zero values whose low bit
    // is often clear (a vote tests "non-zero", not bit 0); some groups are
    // forced all-true or all-false so that __all and __any go both ways.
    static int pred[kN];
    for (int t = 0; t < kN; ++t) {
        unsigned h = (unsigned)t * 2654435761u;
        pred[t] = (h >> 28) % 3 == 0 ? 0 : (int)(h & 0xff00u) + 0x100;
        if (t < kWave / 2) pred[t] = -7 * (t + 1);                   // block 0 wave 0, low half: all true
        if (t >= kThreads && t < kThreads + kWave) pred[t] = 0;      // block 1 wave 0: all false
        if (t >= kThreads + kWave) pred[t] = 1 << (t % 31);          // block 1's later waves: all true
        if (t == kThreads + kWave + 13) pred[t] = (int)0x80000000;   // still true
        if (t >= kWave + kWave / 2 && t < kThreads) pred[t] = 0;     // block 0 from wave 1's high half: false
    }

    static unsigned long long out[kN * kOut];
    for (auto& v : out)
        v = kUnset;
    int* d_pred = nullptr;
    int* d_feat = nullptr;
    unsigned long long* d_out = nullptr;
    int features[3] = {};
    if (hipMalloc(&d_pred, sizeof(pred)) || hipMalloc(&d_out, sizeof(out)) ||
        hipMalloc(&d_feat, sizeof(features)) ||
        hipMemcpy(d_pred, pred, sizeof(pred), hipMemcpyHostToDevice) ||
        hipMemcpy(d_out, out, sizeof(out), hipMemcpyHostToDevice))
        return 1;
    vote<<<kBlocks, kThreads>>>(d_pred, d_out, d_feat);
    if (hipDeviceSynchronize() || hipMemcpy(out, d_out, sizeof(out), hipMemcpyDeviceToHost) ||
        hipMemcpy(features, d_feat, sizeof(features), hipMemcpyDeviceToHost))
        return 1;

    int bad = 0;
    auto check = [&](int t, int what, unsigned long long want) {
        unsigned long long got = out[t * kOut + what];
        if (got != want && bad++ < 12)
            std::printf("  thread %d %s: %#llx, want %#llx\n", t, kNames[what], got, want);
    };
    const unsigned long long lo_half = (1ull << kWave / 2) - 1, odd = 0xaaaaaaaaaaaaaaaaull;
    const int cut = kWave * 37 / 64;
    for (int t = 0; t < kN; ++t) {
        const int b = t / kThreads, w = t % kThreads / kWave, lane = t % kThreads % kWave;
        const int base = b * kThreads + w * kWave;
        const int lanes = kThreads - w * kWave < kWave ? kThreads - w * kWave : kWave;
        // E: the lanes that exist; P: those with a true predicate.
        const unsigned long long E = lanes == 64 ? ~0ull : (1ull << lanes) - 1;
        unsigned long long P = 0;
        for (int l = 0; l < lanes; ++l)
            if (pred[base + l] != 0)
                P |= 1ull << l;

        check(t, BALLOT, P);
        check(t, ANY, P != 0);
        check(t, ALL, P == E);
        check(t, ACTIVE, E);
        check(t, WARP_SIZE, kWave);

        const unsigned long long side = E & (lane & 1 ? odd : ~odd);
        check(t, SIDE_BALLOT, P & side);
        check(t, SIDE_ACTIVE, side);
        check(t, SIDE_ALL, (P & side) == side);

        const unsigned long long below = E & ((1ull << cut) - 1);
        check(t, ALL_LT37, below == E);
        check(t, LT37_BALLOT, lane < cut ? P & below : kUnset);
        check(t, LT37_ANY, lane < cut ? (P & below) != 0 : kUnset);
        check(t, LT37_ALL, lane < cut ? (P & below) == below : kUnset);
        check(t, LT37_ALL_LT37, lane < cut ? 1 : kUnset);

        const unsigned long long half = E & (lane < kWave / 2 ? lo_half : ~lo_half);
        check(t, HALF_BALLOT, P & half);
        check(t, HALF_ANY, (P & half) != 0);
        check(t, HALF_ALL, (P & half) == half);
        check(t, SYNC_BALLOT, P);
        check(t, SYNC_ANY, P != 0);
        check(t, SYNC_ALL, P == E);
    }
    if (features[0] != 1 || features[1] != 1 || features[2] != 3) {
        std::printf("  device feature macros: vote %d ballot %d, __HIP_ARCH_HAS_WARP_* sum %d\n",
                    features[0], features[1], features[2]);
        ++bad;
    }
    if (HIP_ARCH_HAS_WARP_VOTE || HIP_ARCH_HAS_WARP_BALLOT || __HIP_ARCH_HAS_WARP_SHUFFLE__) {
        std::printf("  feature macros are not 0 in host code\n");
        ++bad;
    }
    if (bad) {
        std::printf("warp_vote: FAIL (%d values)\n", bad);
        return 1;
    }
    std::printf("warp_vote: PASS (%d threads in blocks of %d, wave%d: ballot/any/all/activemask, "
                "divergent, _sync with half-wave masks)\n", kN, kThreads, kWave);
    return 0;
}
