// __launch_bounds__ with both arguments, the grid-size rule and the
// "execution units" they are counted in.
//   __launch_bounds__(MAX_THREADS_PER_BLOCK, MIN_WARPS_PER_EXECUTION_UNIT):
//   the second argument asks that so many waves fit on each SIMD (an
//   "execution unit"; hipDeviceProp_t::executionUnitsPerMultiprocessor
//   of them per CU), so the compiler aims to give each wave at most the
//   SIMD's registers / MIN_WARPS.  clang-19 passes it to LLVM as
//   "amdgpu-waves-per-eu", an occupancy goal: the scheduler works to meet
//   it, and when it cannot (a kernel that needs more registers) the link
//   warns "failed to meet occupancy target" instead of spilling.  Here
//   the kernel can meet it: its registers fit MIN_WARPS waves per SIMD,
//   the occupancy API agrees, and the result is the host's.  On gfx9 at
//   -O2 the same kernel without the second argument takes more (68-80 VGPRs
//   against a budget of 512 / 8 = 64), so the bound is what limits it;
//   gfx11's 1536 registers per lane leave it room either way.
//   The seeds' rule: gridDim * blockDim must stay below 2^32 in every
//   dimension; a launch at 2^32 is refused, naming the kernel and axis.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>

constexpr int N = 48;   // values each thread keeps live at once
constexpr int MIN_WARPS = 8;

// Every a[i] is needed until the end: many VGPRs unless spilled.
template <int> __device__ float mix(const float* in, int t)
{
    float a[N];
#pragma unroll
    for (int i = 0; i < N; ++i)
        a[i] = in[(t * 7 + i * 13) % 1024] * (i + 1);
#pragma unroll
    for (int r = 0; r < 4; ++r) {
#pragma unroll
        for (int i = 0; i < N; ++i)
            a[i] = a[i] * 0.5f + a[(i + r + 1) % N];
    }
    float s = 0;
#pragma unroll
    for (int i = 0; i < N; ++i)
        s += a[i] * (i & 3);
    return s;
}

__global__ void __launch_bounds__(256) free_regs(const float* in, float* out)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    out[t] = mix<0>(in, t);
}

__global__ void __launch_bounds__(256, MIN_WARPS) few_regs(const float* in, float* out)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    out[t] = mix<0>(in, t);
}

__global__ void touch(unsigned* n)
{
    atomicAdd(n, 1u);
}

static float host_mix(const float* in, int t)
{
    float a[N];
    for (int i = 0; i < N; ++i)
        a[i] = in[(t * 7 + i * 13) % 1024] * (i + 1);
    for (int r = 0; r < 4; ++r)
        for (int i = 0; i < N; ++i)
            a[i] = a[i] * 0.5f + a[(i + r + 1) % N];
    float s = 0;
    for (int i = 0; i < N; ++i)
        s += a[i] * (i & 3);
    return s;
}

static int failures;
static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::printf("  FAILED: %s (last message: %s)\n", what, bh_get_last_error_message());
        ++failures;
    }
}

int main()
{
    hipDeviceProp_t prop;
    expect(hipGetDeviceProperties(&prop, 0) == hipSuccess, "hipGetDeviceProperties");
    // gfx9 CUs have 4 SIMD64s; gfx11 CUs 2 SIMD32s (a WGP is two CUs).
    const bool gfx11 = !std::strncmp(prop.gcnArchName, "gfx11", 5);
    expect(prop.executionUnitsPerMultiprocessor == (gfx11 ? 2 : 4),
           "executionUnitsPerMultiprocessor: 4 SIMDs per CU on gfx9, 2 on gfx11");
    // regsPerMultiprocessor counts every SIMD's file, one register per lane.
    const int per_simd_lane =
        prop.regsPerMultiprocessor / (prop.executionUnitsPerMultiprocessor * prop.warpSize);
    expect(per_simd_lane == 512 || per_simd_lane == 1024 || per_simd_lane == 1536,
           "VGPRs per SIMD lane from the properties");

    hipFuncAttributes free_a, few_a;
    expect(hipFuncGetAttributes(&free_a, reinterpret_cast<const void*>(free_regs)) == hipSuccess &&
           hipFuncGetAttributes(&few_a, reinterpret_cast<const void*>(few_regs)) == hipSuccess,
           "hipFuncGetAttributes");
    expect(free_a.maxThreadsPerBlock == 256 && few_a.maxThreadsPerBlock == 256,
           "the first argument bounds the block");
    expect(few_a.numRegs * MIN_WARPS <= per_simd_lane,
           "the second argument: MIN_WARPS waves' registers fit in a SIMD");
    expect(few_a.numRegs <= free_a.numRegs, "bounded, no more registers than unbounded");
#ifdef __OPTIMIZE__
    if (!gfx11)
        expect(free_a.numRegs * MIN_WARPS > per_simd_lane &&
                       few_a.numRegs < free_a.numRegs,
               "gfx9 -O2: unbounded needs more than MIN_WARPS waves' share, bounded fewer");
#endif
    int blocks = 0;
    expect(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, few_regs, 256, 0) == hipSuccess,
           "hipOccupancyMaxActiveBlocksPerMultiprocessor");
    expect(blocks * (256 / prop.warpSize) / prop.executionUnitsPerMultiprocessor >= MIN_WARPS,
           "the occupancy API: at least MIN_WARPS waves per SIMD");

    const int threads = 2048;
    float *in, *out_free, *out_few;
    float h_in[1024], h_free[threads], h_few[threads];
    for (int i = 0; i < 1024; ++i)
        h_in[i] = static_cast<float>((i * 37) % 101) / 16.0f;
    expect(hipMalloc(&in, sizeof(h_in)) == hipSuccess && hipMalloc(&out_free, sizeof(h_free)) ==
           hipSuccess && hipMalloc(&out_few, sizeof(h_few)) == hipSuccess, "hipMalloc");
    expect(hipMemcpy(in, h_in, sizeof(h_in), hipMemcpyHostToDevice) == hipSuccess, "copy");
    free_regs<<<threads / 256, 256>>>(in, out_free);
    few_regs<<<threads / 256, 256>>>(in, out_few);
    expect(hipDeviceSynchronize() == hipSuccess, "both kernels run");
    expect(hipMemcpy(h_free, out_free, sizeof(h_free), hipMemcpyDeviceToHost) == hipSuccess &&
           hipMemcpy(h_few, out_few, sizeof(h_few), hipMemcpyDeviceToHost) == hipSuccess, "copy");
    int wrong = 0;
    for (int t = 0; t < threads; ++t) {
        const float want = host_mix(h_in, t);
        // Same operations in the same order, but the device may fuse.
        const float tol = 1e-5f * (want < 0 ? -want : want) + 1e-5f;
        if (h_few[t] != h_free[t] || h_free[t] - want > tol || want - h_free[t] > tol)
            ++wrong;
    }
    expect(wrong == 0, "bounded and unbounded kernels give the host's result");
    few_regs<<<1, 512>>>(in, out_few);
    expect(hipGetLastError() == hipErrorLaunchFailure &&
           std::strstr(bh_get_last_error_message(), "__launch_bounds__") != nullptr,
           "a 512-thread block refused by __launch_bounds__(256, 8)");

    // gridDim * blockDim >= 2^32 in a dimension: refused, by axis.
    unsigned* n;
    expect(hipMalloc(&n, 4) == hipSuccess && hipMemset(n, 0, 4) == hipSuccess, "hipMalloc");
    touch<<<dim3(1u << 22), dim3(1024)>>>(n);
    expect(hipGetLastError() == hipErrorInvalidConfiguration &&
           std::strstr(bh_get_last_error_message(), "x dimension has 4294967296 work-items"),
           "x: 2^22 blocks of 1024 refused");
    touch<<<dim3(1, 1u << 23), dim3(1, 512)>>>(n);
    expect(hipGetLastError() == hipErrorInvalidConfiguration &&
           std::strstr(bh_get_last_error_message(), "y dimension"), "y: 2^32 refused");
    touch<<<dim3(1, 1, 1u << 26), dim3(1, 1, 64)>>>(n);
    expect(hipGetLastError() == hipErrorInvalidConfiguration &&
           std::strstr(bh_get_last_error_message(), "z dimension") &&
           std::strstr(bh_get_last_error_message(), "touch"), "z: 2^32 refused, kernel named");
    // Large legal grids run every block (the largest legal ones, 2^32 - 1
    // work-items, would take the model hours: not run here).
    touch<<<dim3(3, 40000), dim3(1)>>>(n);
    touch<<<dim3(1, 1, 20000), dim3(2, 2, 2)>>>(n);
    unsigned h_n = 0;
    expect(hipDeviceSynchronize() == hipSuccess &&
           hipMemcpy(&h_n, n, 4, hipMemcpyDeviceToHost) == hipSuccess, "large grids run");
    expect(h_n == 3u * 40000 + 20000u * 8, "every thread of the large grids ran once");

    std::printf("launch_bounds: %s (registers %d unbounded, %d with (256, %d) of %d per SIMD "
                "lane; %d execution units per CU; 2^32 refused on x, y, z)\n",
                failures ? "FAIL" : "PASS", free_a.numRegs, few_a.numRegs, MIN_WARPS,
                per_simd_lane, prop.executionUnitsPerMultiprocessor);
    return failures ? 1 : 0;
}
