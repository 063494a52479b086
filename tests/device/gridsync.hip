// Cooperative groups across the whole grid: hipLaunchCooperativeKernel
// and grid.sync().  Each block publishes a value, the grid synchronises,
// and each block reads its neighbour's value -- which is only right if
// the sync really waited for every block.  Several rounds, on a grid
// far larger than one CU holds, then on the largest grid the device can
// hold at once (occupancy from hipOccupancyMaxActiveBlocksPerMultiprocessor),
// and one block more, which must be refused.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

#include <cstdio>
#include <cstring>

namespace cg = cooperative_groups;

constexpr int rounds = 3;

// Blocks run at different speeds: block b dawdles b steps first, so
// without a real grid barrier block b would read block b+1's slot before
// block b+1 has written it.
__device__ void dawdle(unsigned int b)
{
    for (unsigned int i = 0; i < 4 * b; ++i)
        __builtin_amdgcn_s_sleep(1);
}

__global__ void neighbours(int* slots, int* wrong, unsigned int* info)
{
    cg::grid_group grid = cg::this_grid();
    cg::thread_block block = cg::this_thread_block();
    const unsigned int b = blockIdx.x, nb = gridDim.x;

    for (int r = 0; r < rounds; ++r) {
        if (block.thread_rank() == 0) {
            dawdle(b);
            slots[b] = r * 100000 + static_cast<int>(b);
        }
        grid.sync();
        // Every thread reads the next block's slot, written before the
        // sync by another block.
        const int want = r * 100000 + static_cast<int>((b + 1) % nb);
        if (slots[(b + 1) % nb] != want)
            __hip_atomic_fetch_add(wrong, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
        grid.sync();	// nobody overwrites a slot before all have read it
    }
    if (grid.thread_rank() == 0) {
        cg::multi_grid_group mg = cg::this_multi_grid();
        info[0] = grid.is_valid();
        info[1] = grid.size();
        info[2] = mg.num_grids();
        info[3] = mg.grid_rank();
        info[4] = mg.size();
        info[5] = mg.is_valid();
    }
    // Thread ranks are unique and dense: each marks its own.
    __hip_atomic_fetch_add(&info[8 + grid.thread_rank() % 8], 1u, __ATOMIC_RELAXED,
                           __HIP_MEMORY_SCOPE_AGENT);
}

// 40 KiB of LDS: the LDS bounds how many blocks a CU holds.
__global__ void lds_heavy(int* slots, int* wrong)
{
    __shared__ int scratch[10240];
    const unsigned int b = blockIdx.x, nb = gridDim.x;
    scratch[threadIdx.x] = static_cast<int>(b);
    __syncthreads();
    if (threadIdx.x == 0) {
        dawdle(b);
        slots[b] = scratch[0] + 1;
    }
    cg::this_grid().sync();
    if (threadIdx.x == 0 && slots[(b + 1) % nb] != static_cast<int>((b + 1) % nb) + 1)
        __hip_atomic_fetch_add(wrong, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

__global__ void not_cooperative(int* valid)
{
    *valid = cg::this_grid().is_valid() ? 1 : 0;
}

static int fail(const char* what)
{
    std::printf("gridsync: FAIL: %s\n", what);
    return 1;
}

int main()
{
    hipDeviceProp_t prop;
    if (hipGetDeviceProperties(&prop, 0) || !prop.cooperativeLaunch)
        return fail("the device does not offer cooperative launches");
    const int cus = prop.multiProcessorCount;

    int *slots, *wrong;
    unsigned int* info;
    if (hipMalloc(&slots, 4096 * sizeof(int)) || hipMalloc(&wrong, sizeof(int)) ||
        hipMalloc(&info, 16 * sizeof(unsigned int)) || hipMemset(wrong, 0, sizeof(int)) ||
        hipMemset(info, 0, 16 * sizeof(unsigned int)))
        return fail("setup");

    // 3 rounds over 300 blocks of 128 threads, or as many as the device
    // holds at once where that is fewer (a 12-CU Radeon 780M: 96).
    int threads = 128, fit = 0;
    if (hipOccupancyMaxActiveBlocksPerMultiprocessor(&fit, neighbours, threads, 0) || fit < 1)
        return fail("occupancy of the neighbours kernel");
    int blocks = fit * cus < 300 ? fit * cus : 300;
    const int round_blocks = blocks;
    void* args[] = { &slots, &wrong, &info };
    if (hipLaunchCooperativeKernel(neighbours, dim3(blocks), dim3(threads), args, 0, 0) ||
        hipDeviceSynchronize())
        return fail("cooperative launch");
    int h_wrong = -1;
    unsigned int h_info[16];
    if (hipMemcpy(&h_wrong, wrong, sizeof(int), hipMemcpyDeviceToHost) ||
        hipMemcpy(h_info, info, sizeof(h_info), hipMemcpyDeviceToHost))
        return fail("copy back");
    if (h_wrong) {
        std::printf("  %d reads saw a value from the wrong round\n", h_wrong);
        return fail("grid.sync() did not synchronise");
    }
    const unsigned int total = blocks * threads;
    if (h_info[0] != 1 || h_info[1] != total || h_info[2] != 1 || h_info[3] != 0 ||
        h_info[4] != total || h_info[5] != 1)
        return fail("grid/multi-grid queries");
    for (int i = 0; i < 8; ++i)
        if (h_info[8 + i] != total / 8)
            return fail("grid thread ranks are not dense");

    // The largest grid that fits, by the occupancy API, then one more.
    int per_cu = 0;
    if (hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_cu, lds_heavy, 256, 0) || per_cu != 1)
        return fail("occupancy of a 40 KiB-LDS kernel (want 1 block per CU)");
    blocks = per_cu * cus;
    void* args2[] = { &slots, &wrong };
    if (hipLaunchCooperativeKernel(lds_heavy, dim3(blocks), dim3(256), args2, 0, 0) ||
        hipDeviceSynchronize())
        return fail("the largest resident grid");
    if (hipMemcpy(&h_wrong, wrong, sizeof(int), hipMemcpyDeviceToHost) || h_wrong)
        return fail("grid.sync() on the largest resident grid");
    hipError_t e = hipLaunchCooperativeKernel(lds_heavy, dim3(blocks + 1), dim3(256), args2, 0, 0);
    if (e != hipErrorCooperativeLaunchTooLarge || !std::strstr(bh_get_last_error_message(), "LDS"))
        return fail("a grid one block too large was not refused (naming LDS)");
    (void)hipGetLastError();

    // An ordinary launch is not a valid grid group.
    if (hipMemset(wrong, 0x7f, sizeof(int)))
        return fail("memset");
    not_cooperative<<<2, 64>>>(wrong);
    if (hipDeviceSynchronize() || hipMemcpy(&h_wrong, wrong, sizeof(int), hipMemcpyDeviceToHost) ||
        h_wrong != 0)
        return fail("this_grid().is_valid() outside a cooperative launch");

    std::printf("gridsync: PASS (%d rounds over %d blocks; %d blocks = %d per CU x %d CUs "
                "at the limit, %d refused)\n", rounds, round_blocks, blocks, per_cu, cus,
                blocks + 1);
    return 0;
}
