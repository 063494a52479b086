// The device feature macros against the device's properties: on every
// target, each __HIP_ARCH_HAS_* macro as device code sees it must say
// what the matching hipDeviceProp_t.arch flag says (hasWarpVote,
// hasWarpBallot, ... as hipGetDeviceProperties reports them), and the
// seeds' HIP_ARCH_HAS_WARP_VOTE / _BALLOT with them; in host code all of
// them are 0.  __HIP_NO_IMAGE_SUPPORT is 1 in device code exactly when
// the device reports no image support (hipDeviceAttributeImageSupport).
// The kernel also uses the features its macros announce, as a program
// would: a feature said to be there must build and work.
#include <hip/hip_runtime.h>

#include <cstdio>

// Every feature: X(macro, arch flag).
#define FEATURES(X)                                                          \
    X(__HIP_ARCH_HAS_GLOBAL_INT32_ATOMICS__, hasGlobalInt32Atomics)         \
    X(__HIP_ARCH_HAS_GLOBAL_FLOAT_ATOMIC_EXCH__, hasGlobalFloatAtomicExch)  \
    X(__HIP_ARCH_HAS_SHARED_INT32_ATOMICS__, hasSharedInt32Atomics)         \
    X(__HIP_ARCH_HAS_SHARED_FLOAT_ATOMIC_EXCH__, hasSharedFloatAtomicExch)  \
    X(__HIP_ARCH_HAS_FLOAT_ATOMIC_ADD__, hasFloatAtomicAdd)                 \
    X(__HIP_ARCH_HAS_GLOBAL_INT64_ATOMICS__, hasGlobalInt64Atomics)         \
    X(__HIP_ARCH_HAS_SHARED_INT64_ATOMICS__, hasSharedInt64Atomics)         \
    X(__HIP_ARCH_HAS_DOUBLES__, hasDoubles)                                 \
    X(__HIP_ARCH_HAS_WARP_VOTE__, hasWarpVote)                              \
    X(__HIP_ARCH_HAS_WARP_BALLOT__, hasWarpBallot)                          \
    X(__HIP_ARCH_HAS_WARP_SHUFFLE__, hasWarpShuffle)                        \
    X(__HIP_ARCH_HAS_WARP_FUNNEL_SHIFT__, hasFunnelShift)                   \
    X(__HIP_ARCH_HAS_THREAD_FENCE_SYSTEM__, hasThreadFenceSystem)           \
    X(__HIP_ARCH_HAS_SYNC_THREAD_EXT__, hasSyncThreadsExt)                  \
    X(__HIP_ARCH_HAS_SURFACE_FUNCS__, hasSurfaceFuncs)                      \
    X(__HIP_ARCH_HAS_3DGRID__, has3dGrid)                                   \
    X(__HIP_ARCH_HAS_DYNAMIC_PARALLEL__, hasDynamicParallelism)             \
    X(HIP_ARCH_HAS_WARP_VOTE, hasWarpVote)                                  \
    X(HIP_ARCH_HAS_WARP_BALLOT, hasWarpBallot)

#define NAME(M, F) #M,
static const char* const names[] = {FEATURES(NAME)};
constexpr int kFeatures = sizeof(names) / sizeof(names[0]);
constexpr int kThreads = 64;

// What the device code sees: each macro, then __HIP_NO_IMAGE_SUPPORT
// (-1 where it is not defined).
struct Seen {
    int macro[kFeatures];
    int no_image;
    // Results of the features used below (-1: the macro said no).
    int funnel, sync_count, shfl, ballot_bits;
    float float_add;
};

__global__ void features(Seen* seen, float* sum)
{
    const unsigned t = threadIdx.x;

    if (t == 0) {
        int i = 0;
#define STORE(M, F) seen->macro[i++] = M;
        FEATURES(STORE)
#ifdef __HIP_NO_IMAGE_SUPPORT
        seen->no_image = __HIP_NO_IMAGE_SUPPORT;
#else
        seen->no_image = -1;
#endif
    }
#if __HIP_ARCH_HAS_WARP_FUNNEL_SHIFT__
    if (t == 0)
        seen->funnel = (int)__funnelshift_l(0xf0000000u, 0x0000000fu, 4);
#else
    if (t == 0)
        seen->funnel = -1;
#endif
#if __HIP_ARCH_HAS_SYNC_THREAD_EXT__
    int n = __syncthreads_count(t % 3 == 0);
    if (t == 0)
        seen->sync_count = n;
#else
    if (t == 0)
        seen->sync_count = -1;
#endif
#if __HIP_ARCH_HAS_WARP_SHUFFLE__ && __HIP_ARCH_HAS_WARP_BALLOT__
    int from = __shfl((int)t * 10, 3);
    unsigned long long b = __ballot(t < 5);
    if (t == 0) {
        seen->shfl = from;
        seen->ballot_bits = __popcll(b);
    }
#else
    if (t == 0)
        seen->shfl = seen->ballot_bits = -1;
#endif
#if __HIP_ARCH_HAS_FLOAT_ATOMIC_ADD__
    atomicAdd(sum, 0.5f);
#endif
}

// The host pass sees the macros as 0.
#define HOST_VALUE(M, F) M,
static const int host_values[] = {FEATURES(HOST_VALUE)};

static int failures;

static void expect(bool ok, const char* what, int got, int want)
{
    if (!ok) {
        std::printf("  FAILED: %s: %d, expected %d\n", what, got, want);
        ++failures;
    }
}

int main()
{
    hipDeviceProp_t prop;
    int image = -1;
    Seen* seen;
    float* sum;

    if (hipGetDeviceProperties(&prop, 0) != hipSuccess ||
        hipDeviceGetAttribute(&image, hipDeviceAttributeImageSupport, 0) != hipSuccess ||
        hipMalloc(&seen, sizeof(Seen)) != hipSuccess || hipMalloc(&sum, sizeof(float)) != hipSuccess ||
        hipMemset(seen, 0xff, sizeof(Seen)) != hipSuccess ||
        hipMemset(sum, 0, sizeof(float)) != hipSuccess) {
        std::printf("arch_macros: FAIL (device setup)\n");
        return 1;
    }
    features<<<1, kThreads>>>(seen, sum);
    Seen s;
    float total = 0;
    if (hipDeviceSynchronize() != hipSuccess ||
        hipMemcpy(&s, seen, sizeof(s), hipMemcpyDeviceToHost) != hipSuccess ||
        hipMemcpy(&total, sum, sizeof(total), hipMemcpyDeviceToHost) != hipSuccess) {
        std::printf("arch_macros: FAIL (kernel)\n");
        return 1;
    }

    std::printf("  %s (%s), warpSize %d\n", prop.name, prop.gcnArchName, prop.warpSize);
    const int flags[] = {
#define FLAG(M, F) (int)prop.arch.F,
        FEATURES(FLAG)};
    char what[128];
    for (int i = 0; i < kFeatures; ++i) {
        std::snprintf(what, sizeof(what), "device %s against arch flag", names[i]);
        expect(s.macro[i] == flags[i], what, s.macro[i], flags[i]);
        std::snprintf(what, sizeof(what), "host %s", names[i]);
        expect(host_values[i] == 0, what, host_values[i], 0);
    }
    // The features each macro announced, used.
    expect(!flags[11] || s.funnel == (int)0x000000ffu, "__funnelshift_l(0xf0000000, 0xf, 4)",
           s.funnel, 0xff);
    expect(!flags[13] || s.sync_count == (kThreads + 2) / 3, "__syncthreads_count(t % 3 == 0)",
           s.sync_count, (kThreads + 2) / 3);
    expect(!flags[10] || s.shfl == 30, "__shfl(t * 10, 3)", s.shfl, 30);
    expect(!flags[9] || s.ballot_bits == 5, "popcount of __ballot(t < 5)", s.ballot_bits, 5);
    expect(!flags[4] || total == 0.5f * kThreads, "atomicAdd(float) of 0.5 per thread",
           (int)total, kThreads / 2);
    // Images: __HIP_NO_IMAGE_SUPPORT == 1 exactly where the device has none.
    std::printf("  hipDeviceAttributeImageSupport %d, device __HIP_NO_IMAGE_SUPPORT %d "
                "(-1: undefined)\n",
                image, s.no_image);
    expect(s.no_image == (image ? -1 : 1), "device __HIP_NO_IMAGE_SUPPORT", s.no_image,
           image ? -1 : 1);

    hipFree(seen);
    hipFree(sum);
    if (failures) {
        std::printf("arch_macros: FAIL (%d checks)\n", failures);
        return 1;
    }
    std::printf("arch_macros: PASS (%d macros against the device's properties, host and device)\n",
                kFeatures);
    return 0;
}
