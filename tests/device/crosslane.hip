// Cross-lane operations: a wave reduction through ds_bpermute (what
// __shfl_down is built on) and an inclusive scan through DPP row shifts
// and row broadcasts, checked against sums computed on the host.
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void wave_sum(const int* in, int* out)
{
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    const int lane = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
    for (int offset = 32; offset > 0; offset >>= 1)
        v += __builtin_amdgcn_ds_bpermute(((lane + offset) & 63) << 2, v);
    if (lane == 0)
        out[blockIdx.x * (blockDim.x / 64) + threadIdx.x / 64] = v;
}

// The classic GCN wave64 inclusive scan: row_shr 1/2/4/8 within rows of
// 16, then row_bcast:15 and row_bcast:31 to carry across rows.
__global__ void wave_scan(const int* in, int* out)
{
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    v += __builtin_amdgcn_update_dpp(0, v, 0x111, 0xf, 0xf, false);
    v += __builtin_amdgcn_update_dpp(0, v, 0x112, 0xf, 0xf, false);
    v += __builtin_amdgcn_update_dpp(0, v, 0x114, 0xf, 0xf, false);
    v += __builtin_amdgcn_update_dpp(0, v, 0x118, 0xf, 0xf, false);
    v += __builtin_amdgcn_update_dpp(0, v, 0x142, 0xa, 0xf, false);
    v += __builtin_amdgcn_update_dpp(0, v, 0x143, 0xc, 0xf, false);
    out[i] = v;
}

int main()
{
    constexpr int n = 512;
    int in[n], sums[n / 64], scan[n];
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
    for (int w = 0; w < n / 64; ++w) {
        int want = 0;
        for (int l = 0; l < 64; ++l) {
            want += in[w * 64 + l];
            if (scan[w * 64 + l] != want && bad++ < 3)
                std::printf("  scan wave %d lane %d: %d, want %d\n", w, l, scan[w * 64 + l], want);
        }
        if (sums[w] != want && bad++ < 6)
            std::printf("  sum wave %d: %d, want %d\n", w, sums[w], want);
    }
    if (bad) {
        std::printf("crosslane: FAIL (%d values)\n", bad);
        return 1;
    }
    std::printf("crosslane: PASS (ds_bpermute reduction and DPP scan over %d waves)\n", n / 64);
    return 0;
}
