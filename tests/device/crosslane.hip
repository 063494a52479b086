// Cross-lane operations: a wave reduction through ds_bpermute (what
// __shfl_down is built on) and an inclusive scan through DPP row shifts,
// carried across rows of 16 lanes by DPP row broadcasts (gfx9) or, where
// DPP has none (gfx10+: LLVM refuses row_bcast there), by v_readlane;
// checked against sums computed on the host for the device's wave size.
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void wave_sum(const int* in, int* out)
{
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    const int lane = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
    for (int offset = warpSize / 2; offset > 0; offset >>= 1)
        v += __builtin_amdgcn_ds_bpermute(((lane + offset) & (warpSize - 1)) << 2, v);
    if (lane == 0)
        out[blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize] = v;
}

// The classic GCN wave64 inclusive scan: row_shr 1/2/4/8 within rows of
// 16, then row_bcast:15 and row_bcast:31 to carry across rows.  A gfx11
// wave32 has two rows: lanes 16-31 add lane 15's row total.
__global__ void wave_scan(const int* in, int* out)
{
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    v += __builtin_amdgcn_update_dpp(0, v, 0x111, 0xf, 0xf, false);
    v += __builtin_amdgcn_update_dpp(0, v, 0x112, 0xf, 0xf, false);
    v += __builtin_amdgcn_update_dpp(0, v, 0x114, 0xf, 0xf, false);
    v += __builtin_amdgcn_update_dpp(0, v, 0x118, 0xf, 0xf, false);
#if defined(__GFX9__)
    v += __builtin_amdgcn_update_dpp(0, v, 0x142, 0xa, 0xf, false);
    v += __builtin_amdgcn_update_dpp(0, v, 0x143, 0xc, 0xf, false);
#elif defined(__HIP_DEVICE_COMPILE__)
    static_assert(__AMDGCN_WAVEFRONT_SIZE == 32, "the gfx10+ scan is written for wave32");
    const int row15 = __builtin_amdgcn_readlane(v, 15);
    if (threadIdx.x % 32 >= 16)
        v += row15;
#endif
    out[i] = v;
}

int main()
{
    constexpr int n = 512;
    int in[n], sums[n / 32], scan[n], wave = 0;
    if (hipDeviceGetAttribute(&wave, hipDeviceAttributeWarpSize, 0) || (wave != 32 && wave != 64))
        return 1;
    for (int i = 0; i < n; ++i)
        in[i] = (i * 37) % 101 - 50;
    int *d_in, *d_sum, *d_scan;
    if (hipMalloc(&d_in, sizeof(in)) || hipMalloc(&d_sum, sizeof(sums)) ||
        hipMalloc(&d_scan, sizeof(scan)) ||
        hipMemcpy(d_in, in, sizeof(in), hipMemcpyHostToDevice))
        return 1;
    wave_sum<<<2, 256>>>(d_in, d_sum);
    wave_scan<<<2, 256>>>(d_in, d_scan);
    if (hipDeviceSynchronize() || hipMemcpy(sums, d_sum, sizeof(sums), hipMemcpyDeviceToHost) ||
        hipMemcpy(scan, d_scan, sizeof(scan), hipMemcpyDeviceToHost))
        return 1;
    int bad = 0;
    for (int w = 0; w < n / wave; ++w) {
        int want = 0;
        for (int l = 0; l < wave; ++l) {
            want += in[w * wave + l];
            if (scan[w * wave + l] != want && bad++ < 3)
                std::printf("  scan wave %d lane %d: %d, want %d\n", w, l, scan[w * wave + l],
                            want);
        }
        if (sums[w] != want && bad++ < 6)
            std::printf("  sum wave %d: %d, want %d\n", w, sums[w], want);
    }
    if (bad) {
        std::printf("crosslane: FAIL (%d values)\n", bad);
        return 1;
    }
    std::printf("crosslane: PASS (ds_bpermute reduction and DPP scan over %d waves of %d)\n",
                n / wave, wave);
    return 0;
}
