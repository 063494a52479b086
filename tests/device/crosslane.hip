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
// 16, then row_bcast:15 and row_bcast:31 to carry across rows.  On gfx11
// each row adds the totals of the rows before it, read with v_readlane
// from their lane 15: two rows at wave32, four at wave64.
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
    const int row = (int)(threadIdx.x % warpSize) / 16;
    int carry = 0;
    for (int r = 0; r < warpSize / 16 - 1; ++r) {
        const int total = __builtin_amdgcn_readlane(v, 16 * r + 15);
        if (row > r)
            carry += total;
    }
    v += carry;
#endif
    out[i] = v;
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
    constexpr int n = 512;
    int in[n], sums[n / 32], scan[n];
    const int wave = device_warp_size();
    if (wave != 32 && wave != 64)
        return std::printf("crosslane: FAIL (the device code's warpSize reads %d)\n", wave), 1;
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
