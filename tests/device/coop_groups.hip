// Cooperative groups, the group handles themselves: this_thread_block()
// with group_index(), thread_index(), size(), thread_rank(), is_valid()
// num_threads(), dim_threads(), group_dim() and sync(); this_grid() and
// this_multi_grid() with size(), thread_rank(), is_valid(), num_grids()
// and grid_rank(), and the grid's num_blocks(), block_rank(),
// block_index(), dim_blocks() and group_dim() (the grid in blocks, as
// current HIP has it); the block as a plain thread_group; and the free
// functions sync(g), group_size(g), thread_rank(g) and is_valid(g).
// Every thread of a 3-D grid of partial 3-D blocks records what its
// groups say; the host checks each record against the launch it asked
// for.  (tests/device/gridsync.hip checks that grid.sync() really
// synchronises the whole grid.)
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace cg = cooperative_groups;

// One record per thread.
struct Record {
    unsigned group_index[3], thread_index[3];
    unsigned block_size, block_rank, block_valid;
    unsigned free_size, free_rank, free_valid;
    unsigned grid_valid, grid_size, grid_rank;
    unsigned multi_valid, multi_size, multi_rank, num_grids, grid_index;
    unsigned num_threads, dim_threads[3], group_dim[3], tg_size, tg_rank, tg_type;
    unsigned num_blocks, grid_block_rank, block_index[3], dim_blocks[3], grid_dim[3];
    int reversed;   // what thread_block::sync() let this thread read
};

__device__ unsigned flat_block()
{
    return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
}

__global__ void describe(Record* out, bool cooperative)
{
    __shared__ int slots[1024];
    cg::thread_block block = cg::this_thread_block();
    unsigned n = block.size(), r = block.thread_rank();
    Record* rec = &out[flat_block() * n + r];

    dim3 gi = block.group_index(), ti = block.thread_index();
    rec->group_index[0] = gi.x; rec->group_index[1] = gi.y; rec->group_index[2] = gi.z;
    rec->thread_index[0] = ti.x; rec->thread_index[1] = ti.y; rec->thread_index[2] = ti.z;
    rec->block_size = n;
    rec->block_rank = r;
    rec->block_valid = block.is_valid();
    rec->free_size = cg::group_size(block);
    rec->free_rank = cg::thread_rank(block);
    rec->free_valid = cg::is_valid(block);
    rec->num_threads = block.num_threads();
    dim3 dt = block.dim_threads(), gd = block.group_dim();
    rec->dim_threads[0] = dt.x; rec->dim_threads[1] = dt.y; rec->dim_threads[2] = dt.z;
    rec->group_dim[0] = gd.x; rec->group_dim[1] = gd.y; rec->group_dim[2] = gd.z;
    cg::thread_group any = block;
    rec->tg_size = any.size();
    rec->tg_rank = any.thread_rank();
    rec->tg_type = any.cg_type();

    // The block's barrier: each thread publishes its rank, then reads the
    // slot of its mirror thread, written by another wave for most threads.
    slots[r] = (int)r * 7;
    block.sync();
    rec->reversed = slots[n - 1 - r];
    cg::sync(block);

    cg::grid_group grid = cg::this_grid();
    rec->grid_valid = grid.is_valid();
    rec->num_blocks = grid.num_blocks();
    rec->grid_block_rank = grid.block_rank();
    dim3 bi = grid.block_index(), db = grid.dim_blocks(), gg = grid.group_dim();
    rec->block_index[0] = bi.x; rec->block_index[1] = bi.y; rec->block_index[2] = bi.z;
    rec->dim_blocks[0] = db.x; rec->dim_blocks[1] = db.y; rec->dim_blocks[2] = db.z;
    rec->grid_dim[0] = gg.x; rec->grid_dim[1] = gg.y; rec->grid_dim[2] = gg.z;
    cg::multi_grid_group multi = cg::this_multi_grid();
    rec->multi_valid = multi.is_valid();
    if (cooperative) {
        // Only meaningful (and only allowed to sync) in a cooperative launch.
        rec->grid_size = grid.size();
        rec->grid_rank = grid.thread_rank();
        grid.sync();
        rec->multi_size = multi.size();
        rec->multi_rank = multi.thread_rank();
        rec->num_grids = multi.num_grids();
        rec->grid_index = multi.grid_rank();
    }
}

static int failures;

static void expect(bool ok, const char* what, unsigned b, unsigned t, unsigned got, unsigned want)
{
    if (!ok && failures++ < 10)
        std::printf("FAIL: block %u thread %u: %s is %u, expected %u\n", b, t, what, got, want);
}

#define CHECK(field, want) expect(rec.field == (want), #field, b, t, rec.field, (want))

static void run(dim3 grid, dim3 block, bool cooperative)
{
    unsigned nblocks = grid.x * grid.y * grid.z, nthreads = block.x * block.y * block.z;
    size_t total = (size_t)nblocks * nthreads;
    Record* d = nullptr;

    if (hipMalloc(&d, total * sizeof(Record)) != hipSuccess ||
        hipMemset(d, 0xff, total * sizeof(Record)) != hipSuccess) {
        std::printf("FAIL: hipMalloc/hipMemset\n");
        std::exit(1);
    }
    hipError_t err;
    if (cooperative) {
        bool coop = true;
        void* args[] = {&d, &coop};
        err = hipLaunchCooperativeKernel((const void*)describe, grid, block, args, 0, 0);
    } else {
        describe<<<grid, block>>>(d, false);
        err = hipGetLastError();
    }
    if (err == hipSuccess)
        err = hipDeviceSynchronize();
    if (err != hipSuccess) {
        std::printf("FAIL: launch: %s\n", hipGetErrorString(err));
        std::exit(1);
    }
    std::vector<Record> h(total);
    hipMemcpy(h.data(), d, total * sizeof(Record), hipMemcpyDeviceToHost);
    hipFree(d);

    // Expectations from the launch alone: x-fastest ranks in blocks and
    // in the grid, as HIP defines them.
    for (unsigned bz = 0; bz < grid.z; bz++)
    for (unsigned by = 0; by < grid.y; by++)
    for (unsigned bx = 0; bx < grid.x; bx++)
    for (unsigned tz = 0; tz < block.z; tz++)
    for (unsigned ty = 0; ty < block.y; ty++)
    for (unsigned tx = 0; tx < block.x; tx++) {
        unsigned b = bx + grid.x * (by + grid.y * bz);
        unsigned t = tx + block.x * (ty + block.y * tz);
        const Record& rec = h[(size_t)b * nthreads + t];

        CHECK(group_index[0], bx); CHECK(group_index[1], by); CHECK(group_index[2], bz);
        CHECK(thread_index[0], tx); CHECK(thread_index[1], ty); CHECK(thread_index[2], tz);
        CHECK(block_size, nthreads);
        CHECK(block_rank, t);
        CHECK(block_valid, 1u);
        CHECK(free_size, nthreads);
        CHECK(free_rank, t);
        CHECK(free_valid, 1u);
        CHECK(reversed, (nthreads - 1 - t) * 7);
        CHECK(num_threads, nthreads);
        CHECK(dim_threads[0], block.x); CHECK(dim_threads[1], block.y); CHECK(dim_threads[2], block.z);
        CHECK(group_dim[0], block.x); CHECK(group_dim[1], block.y); CHECK(group_dim[2], block.z);
        CHECK(tg_size, nthreads);
        CHECK(tg_rank, t);
        CHECK(tg_type, 3u);  // ROCm's cg_workgroup
        CHECK(num_blocks, nblocks);
        CHECK(grid_block_rank, b);
        CHECK(block_index[0], bx); CHECK(block_index[1], by); CHECK(block_index[2], bz);
        CHECK(dim_blocks[0], grid.x); CHECK(dim_blocks[1], grid.y); CHECK(dim_blocks[2], grid.z);
        CHECK(grid_dim[0], grid.x); CHECK(grid_dim[1], grid.y); CHECK(grid_dim[2], grid.z);
        CHECK(grid_valid, cooperative ? 1u : 0u);
        CHECK(multi_valid, cooperative ? 1u : 0u);
        if (cooperative) {
            CHECK(grid_size, (unsigned)total);
            CHECK(grid_rank, b * nthreads + t);
            CHECK(multi_size, (unsigned)total);
            // ROCm's multi-grid rank (ockl) is the work-item's global
            // linear id, x-fastest over the whole grid of threads -- not
            // the block-major order of grid.thread_rank().
            unsigned gx = bx * block.x + tx, gy = by * block.y + ty, gz = bz * block.z + tz;
            CHECK(multi_rank, gx + grid.x * block.x * (gy + grid.y * block.y * gz));
            CHECK(num_grids, 1u);
            CHECK(grid_index, 0u);
        }
    }
}

int main()
{
    // Blocks of 5x3x7 = 105 threads: two waves, the second partial.
    run(dim3(3, 2, 2), dim3(5, 3, 7), false);
    run(dim3(4, 3, 2), dim3(5, 3, 7), true);
    // One full 1024-thread block per x, and 1-D blocks of 1 thread.
    run(dim3(2, 1, 1), dim3(16, 8, 8), true);
    run(dim3(7, 1, 1), dim3(1, 1, 1), true);
    if (failures) {
        std::printf("coop_groups: FAIL (%d mismatches)\n", failures);
        return 1;
    }
    std::printf("coop_groups: PASS (thread_block, grid and multi_grid handles on 4 launches)\n");
    return 0;
}
