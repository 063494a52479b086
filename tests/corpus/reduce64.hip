// A double-precision block reduction through shared memory, the classic
// tree with a stride halving each step.  With 64-bit elements 64 apart
// clang pairs the loads and stores into ds_read2st64_b64 /
// ds_write2st64_b64.  Each block's sum is checked against the host's.
#include "common.h"

constexpr int kBlock = 256;

__global__ void block_sums(const double* in, double* out)
{
    __shared__ double s[kBlock * 2];
    int t = threadIdx.x;
    const double* p = in + (size_t)blockIdx.x * kBlock * 2;
    s[t] = p[t];
    s[t + kBlock] = p[t + kBlock];
    __syncthreads();
    for (int stride = kBlock; stride > 0; stride >>= 1) {
        if (t < stride)
            s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = s[0];
}

int main()
{
    const int blocks = 40, n = blocks * kBlock * 2;
    double *in, *out;
    CHECK(hipMallocManaged(&in, n * sizeof(double)));
    CHECK(hipMallocManaged(&out, blocks * sizeof(double)));
    // Small integers times 2^-10: every partial sum is exact, so the
    // order of additions cannot matter.
    for (int i = 0; i < n; i++)
        in[i] = (double)((i * 7919) % 1000 - 500) * 0x1p-10;
    block_sums<<<blocks, kBlock>>>(in, out);
    CHECK(hipDeviceSynchronize());
    for (int b = 0; b < blocks; b++) {
        double want = 0;
        for (int i = 0; i < kBlock * 2; i++)
            want += in[b * kBlock * 2 + i];
        EXPECT(out[b] == want, "block %d: %a, want %a", b, out[b], want);
    }
    CHECK(hipFree(in));
    CHECK(hipFree(out));
    return finish("reduce64");
}
