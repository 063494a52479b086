// ROCm's lane functions (<hip/bh/lanes.h>), which ROCm's libraries call
// by name: __lane_id, __mbcnt_lo/__mbcnt_hi, __lanemask_lt/gt/eq (with
// every lane active and with only the lanes whose index is 1 mod 3),
// __hip_ds_bpermute(f) and __hip_ds_permute(f) (reversal of the wave),
// __hip_ds_swizzle(f) (swap neighbours; a quad permutation) and
// __hip_move_dpp (row_shr:1 with bound_ctrl; quad_perm [1,0,3,2]),
// against what the host expects of each lane at the wave size.
#include <hip/hip_runtime.h>

#include <cstdint>
#include <cstdio>
#include <vector>

#define CHECK(call)                                                                   \
    do {                                                                              \
        hipError_t e_ = (call);                                                       \
        if (e_ != hipSuccess) {                                                       \
            printf("lane_functions: %s: %s\n", #call, hipGetErrorString(e_));         \
            return 1;                                                                 \
        }                                                                             \
    } while (0)

constexpr int kOut = 14;

__global__ void lanes(uint64_t *out, unsigned long long pattern)
{
    const unsigned t = threadIdx.x;
    uint64_t *o = out + t * kOut;
    const unsigned v = 1000 + t;
    const int ws = warpSize;

    o[0] = __lane_id();
    o[1] = __mbcnt_lo((unsigned)pattern, 7);
    o[2] = __mbcnt_hi((unsigned)(pattern >> 32), __mbcnt_lo((unsigned)pattern, 0));
    o[3] = __lanemask_lt();
    o[4] = __lanemask_gt();
    o[5] = __lanemask_eq();
    if (t % ws % 3 == 1) {
        o[6] = __lanemask_lt();
        o[7] = __lanemask_gt();
    }
    const int rev = ws - 1 - (int)(t % ws);
    o[8] = __hip_ds_bpermute(rev * 4, v);
    o[9] = __float_as_uint(__hip_ds_permutef(rev * 4, (float)v));
    o[10] = __hip_ds_swizzle(v, 0x041f);		// bitmask mode: lane ^ 1
    o[11] = __hip_ds_swizzle(v, 0x8000 | 0x1b);	// quad mode: lanes 3,2,1,0
    o[12] = (unsigned)__hip_move_dpp((int)v, 0x111, 0xf, 0xf, true);	// row_shr:1
    o[13] = (unsigned)__hip_move_dpp((int)v, 0xb1, 0xf, 0xf, false);	// quad_perm 1,0,3,2
}

// The wave size the kernels were built for: a gfx11 build with
// -mwavefrontsize64 runs wave64 where the device reports 32.
__global__ void wave_size(int *w)
{
    *w = warpSize;
}

int main()
{
    int *dws, ws;
    CHECK(hipMalloc(&dws, sizeof ws));
    wave_size<<<1, 1>>>(dws);
    CHECK(hipMemcpy(&ws, dws, sizeof ws, hipMemcpyDeviceToHost));
    CHECK(hipFree(dws));
    const int n = 2 * ws;	// two waves
    const unsigned long long pattern = 0xf0e1d2c3b4a59687ull;
    uint64_t *d;
    CHECK(hipMalloc(&d, n * kOut * 8));
    CHECK(hipMemset(d, 0, n * kOut * 8));
    lanes<<<1, n>>>(d, pattern);
    CHECK(hipGetLastError());
    std::vector<uint64_t> o(n * kOut);
    CHECK(hipMemcpy(o.data(), d, o.size() * 8, hipMemcpyDeviceToHost));
    CHECK(hipFree(d));

    const uint64_t all = ws == 64 ? ~0ull : 0xffffffffull;
    uint64_t ones = 0;	// the lanes 1 mod 3 of each wave
    for (int l = 0; l < ws; l++)
        if (l % 3 == 1)
            ones |= 1ull << l;
    int bad = 0;
    auto pop = [](uint64_t x) { return (uint64_t)__builtin_popcountll(x); };
    for (int t = 0; t < n; t++) {
        const int l = t % ws;
        const uint64_t below = (1ull << l) - 1;
        const uint64_t above = all & ~below & ~(1ull << l);
        // A lane's value; its wave's lanes are t - l .. t - l + ws - 1.
        auto val = [&](int lane) { return (uint64_t)(1000 + (t - l) + lane); };
        const int quad = l & ~3;
        uint64_t want[kOut] = {
            (uint64_t)l,
            7 + pop(pattern & 0xffffffffull & below),
            pop(pattern & below),
            below,
            above,
            1ull << l,
            l % 3 == 1 ? below & ones : 0,
            l % 3 == 1 ? above & ones : 0,
            val(ws - 1 - l),
            0, // permute: filled below (float bits)
            val(l ^ 1),
            val(quad + 3 - (l & 3)),
            (l % 16) == 0 ? 0 : val(l - 1),
            val(quad + ((l & 3) ^ 1)),
        };
        float f = (float)val(ws - 1 - l);
        uint32_t fb;
        __builtin_memcpy(&fb, &f, 4);
        want[9] = fb;
        for (int k = 0; k < kOut; k++)
            if (o[t * kOut + k] != want[k] && bad++ < 10)
                printf("lane %d (thread %d), value %d: 0x%llx, expected 0x%llx\n", l, t, k,
                       (unsigned long long)o[t * kOut + k], (unsigned long long)want[k]);
    }
    printf("lane_functions (wave%d): %d lanes x %d values: %s\n", ws, n, kOut,
           bad ? "FAILED" : "PASS");
    return bad != 0;
}
