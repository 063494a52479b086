// threadIdx, blockIdx, blockDim and gridDim in all three dimensions.
// Every thread writes its coordinates; the host checks each one against
// the launch it asked for (hand-computed expectations, no GPU model help).
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

struct coords {
    unsigned tx, ty, tz, bx, by, bz, dx, dy, dz, gx, gy, gz;
};

__global__ void where_am_i(coords* out)
{
    const unsigned block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    const unsigned thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    coords& c = out[block * (blockDim.x * blockDim.y * blockDim.z) + thread];
    c.tx = threadIdx.x; c.ty = threadIdx.y; c.tz = threadIdx.z;
    c.bx = blockIdx.x;  c.by = blockIdx.y;  c.bz = blockIdx.z;
    c.dx = blockDim.x;  c.dy = blockDim.y;  c.dz = blockDim.z;
    c.gx = gridDim.x;   c.gy = gridDim.y;   c.gz = gridDim.z;
}

static int check(dim3 grid, dim3 block)
{
    const unsigned per_block = block.x * block.y * block.z;
    const unsigned n = grid.x * grid.y * grid.z * per_block;
    std::vector<coords> host(n);
    coords* dev = nullptr;

    if (hipMalloc(&dev, n * sizeof(coords)) != hipSuccess) return 1;
    if (hipMemset(dev, 0xff, n * sizeof(coords)) != hipSuccess) return 1;
    where_am_i<<<grid, block>>>(dev);
    if (hipGetLastError() != hipSuccess || hipDeviceSynchronize() != hipSuccess) return 1;
    if (hipMemcpy(host.data(), dev, n * sizeof(coords), hipMemcpyDeviceToHost) != hipSuccess) return 1;
    hipFree(dev);

    unsigned bad = 0;
    for (unsigned bz = 0; bz < grid.z; ++bz)
    for (unsigned by = 0; by < grid.y; ++by)
    for (unsigned bx = 0; bx < grid.x; ++bx)
    for (unsigned tz = 0; tz < block.z; ++tz)
    for (unsigned ty = 0; ty < block.y; ++ty)
    for (unsigned tx = 0; tx < block.x; ++tx) {
        const unsigned b = bx + grid.x * (by + grid.y * bz);
        const coords& c = host[b * per_block + tx + block.x * (ty + block.y * tz)];
        const coords want = {tx, ty, tz, bx, by, bz, block.x, block.y, block.z,
                             grid.x, grid.y, grid.z};
        if (c.tx != want.tx || c.ty != want.ty || c.tz != want.tz ||
            c.bx != want.bx || c.by != want.by || c.bz != want.bz ||
            c.dx != want.dx || c.dy != want.dy || c.dz != want.dz ||
            c.gx != want.gx || c.gy != want.gy || c.gz != want.gz) {
            if (bad++ < 3)
                std::printf("  grid (%u,%u,%u) block (%u,%u,%u): thread (%u,%u,%u) of block "
                            "(%u,%u,%u) saw thread (%u,%u,%u) block (%u,%u,%u) dim (%u,%u,%u) "
                            "grid (%u,%u,%u)\n", grid.x, grid.y, grid.z, block.x, block.y,
                            block.z, tx, ty, tz, bx, by, bz, c.tx, c.ty, c.tz, c.bx, c.by,
                            c.bz, c.dx, c.dy, c.dz, c.gx, c.gy, c.gz);
        }
    }
    return bad != 0;
}

int main()
{
    const dim3 cases[][2] = {
        {dim3(3), dim3(64)},                // 1-D, one wave per block
        {dim3(2), dim3(100)},               // partial second wave
        {dim3(4, 3), dim3(8, 8)},           // 2-D
        {dim3(2, 3, 4), dim3(4, 2, 8)},     // 3-D, several waves per block
        {dim3(1, 1, 2), dim3(1, 1, 64)},    // z only
        {dim3(5, 1, 1), dim3(1024)},        // the largest block
    };
    int failures = 0;
    for (const auto& c : cases)
        failures += check(c[0], c[1]);
    if (failures) {
        std::printf("builtins: FAIL (%d launch shapes wrong)\n", failures);
        return 1;
    }
    std::printf("builtins: PASS (%zu launch shapes, threadIdx/blockIdx/blockDim/gridDim in x, y, z)\n",
                sizeof(cases) / sizeof(cases[0]));
    return 0;
}
