// Cooperative groups across the grid, as in the HIP samples: one kernel
// that sums a vector, waits for every block with grid.sync(), and then
// uses the total -- which needs every block resident at once, so it is
// launched with hipLaunchCooperativeKernel on a grid sized from
// hipOccupancyMaxActiveBlocksPerMultiprocessor.  Each block reduces its
// share (shuffles in a thread_block_tile of warpSize threads, then
// shared memory and thread_block.sync()) and publishes a partial sum;
// after the grid barrier each block adds the partials up and every
// thread writes in[i] * n - total (exact in 64-bit integers), checked on
// the host.  A grid one block larger than the
// device holds is refused.
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define HIP_CHECK(expression)                                                  \
    do {                                                                       \
        const hipError_t status = (expression);                                \
        if (status != hipSuccess) {                                            \
            std::fprintf(stderr, "HIP error %d (%s) at %s:%d: %s\n", status,   \
                         hipGetErrorString(status), __FILE__, __LINE__,        \
                         #expression);                                         \
            std::exit(EXIT_FAILURE);                                           \
        }                                                                      \
    } while (0)

namespace cg = cooperative_groups;

constexpr unsigned int BLOCK = 256;

__global__ void center(const int* in, long long* partial, long long* out, unsigned int n)
{
    cg::grid_group grid = cg::this_grid();
    cg::thread_block block = cg::this_thread_block();
    __shared__ long long warp_sums[BLOCK / 64];

    // 1. Each thread sums a grid-stride share; each warp (a tile of
    //    warpSize threads) reduces its lanes' sums by shuffles, and the
    //    block the warps' sums.
    long long mine = 0;
    for (unsigned long long i = grid.thread_rank(); i < n; i += grid.size())
        mine += in[i];
    cg::thread_block_tile<warpSize> warp = cg::tiled_partition<warpSize>(block);
    for (unsigned int offset = warp.size() / 2; offset > 0; offset /= 2)
        mine += warp.shfl_down(mine, offset);
    if (warp.thread_rank() == 0)
        warp_sums[warp.meta_group_rank()] = mine;
    block.sync();
    if (block.thread_rank() == 0) {
        long long sum = 0;
        for (unsigned int w = 0; w < warp.meta_group_size(); ++w)
            sum += warp_sums[w];
        partial[blockIdx.x] = sum;
    }

    // 2. Every block's partial is written once all have passed here.
    grid.sync();

    __shared__ long long total;
    if (block.thread_rank() == 0) {
        long long sum = 0;
        for (unsigned int b = 0; b < gridDim.x; ++b)
            sum += partial[b];
        total = sum;
    }
    block.sync();
    for (unsigned long long i = grid.thread_rank(); i < n; i += grid.size())
        out[i] = static_cast<long long>(in[i]) * n - total;
}

static int run(const int* d_in, const std::vector<int>& in, unsigned int blocks)
{
    const unsigned int n = static_cast<unsigned int>(in.size());
    long long *d_partial{}, *d_out{};
    HIP_CHECK(hipMalloc(&d_partial, blocks * sizeof(long long)));
    HIP_CHECK(hipMalloc(&d_out, n * sizeof(long long)));
    void* args[] = {&d_in, &d_partial, &d_out, const_cast<unsigned int*>(&n)};
    HIP_CHECK(hipLaunchCooperativeKernel(reinterpret_cast<const void*>(center), dim3(blocks),
                                         dim3(BLOCK), args, 0, 0));
    HIP_CHECK(hipDeviceSynchronize());
    std::vector<long long> out(n);
    HIP_CHECK(hipMemcpy(out.data(), d_out, n * sizeof(long long), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d_partial));
    HIP_CHECK(hipFree(d_out));

    long long total = 0;
    for (int v : in)
        total += v;
    int errors = 0;
    for (unsigned int i = 0; i < n; ++i) {
        const long long want = static_cast<long long>(in[i]) * n - total;
        if (out[i] != want && errors++ < 5)
            std::printf("  %u blocks: out[%u] = %lld, expected %lld\n", blocks, i, out[i],
                        want);
    }
    std::printf("  %4u blocks of %u threads, one grid.sync(): %s (sum %lld)\n", blocks, BLOCK,
                errors ? "wrong" : "ok", total);
    return errors;
}

int main()
{
    int device = 0, cooperative = 0, cus = 0, per_cu = 0;
    HIP_CHECK(hipGetDevice(&device));
    HIP_CHECK(hipDeviceGetAttribute(&cooperative, hipDeviceAttributeCooperativeLaunch, device));
    if (!cooperative) {
        std::printf("cooperative_groups: FAIL (device %d does not support cooperative launch)\n",
                    device);
        return EXIT_FAILURE;
    }
    HIP_CHECK(hipDeviceGetAttribute(&cus, hipDeviceAttributeMultiprocessorCount, device));
    HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_cu, center, BLOCK, 0));
    const unsigned int max_blocks = static_cast<unsigned int>(per_cu * cus);
    std::printf("  %d blocks of %u threads per CU x %d CUs = %u resident blocks\n", per_cu,
                BLOCK, cus, max_blocks);

    const unsigned int n = 300007;
    std::vector<int> in(n);
    for (unsigned int i = 0; i < n; ++i)
        in[i] = static_cast<int>((i * 40503u) % 100003) - 50000;
    int* d_in{};
    HIP_CHECK(hipMalloc(&d_in, n * sizeof(int)));
    HIP_CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));

    int errors = per_cu > 0 ? 0 : 1;
    errors += run(d_in, in, max_blocks);   // the whole device at once
    errors += run(d_in, in, 3);            // a small grid: each thread sums many

    // One block more than can be resident: refused up front, not a hang.
    long long* dummy{};
    HIP_CHECK(hipMalloc(&dummy, (max_blocks + 1) * sizeof(long long)));
    void* args[] = {&d_in, &dummy, &dummy, const_cast<unsigned int*>(&n)};
    const hipError_t too_large = hipLaunchCooperativeKernel(
        reinterpret_cast<const void*>(center), dim3(max_blocks + 1), dim3(BLOCK), args, 0, 0);
    if (too_large != hipErrorCooperativeLaunchTooLarge) {
        std::printf("  %u blocks: %s, expected hipErrorCooperativeLaunchTooLarge\n",
                    max_blocks + 1, hipGetErrorName(too_large));
        ++errors;
    } else {
        std::printf("  %u blocks: refused (%s)\n", max_blocks + 1, hipGetErrorString(too_large));
    }
    (void)hipGetLastError();
    HIP_CHECK(hipFree(dummy));
    HIP_CHECK(hipFree(d_in));

    if (errors) {
        std::printf("cooperative_groups: FAIL (%d wrong)\n", errors);
        return EXIT_FAILURE;
    }
    std::printf("cooperative_groups: PASS (grid-wide sum and barrier on %u and 3 blocks)\n",
                max_blocks);
    return EXIT_SUCCESS;
}
