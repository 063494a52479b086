// LDS tiling: a matrix transpose through a padded 16x16 __shared__ tile
// (2-D blocks, __syncthreads between the phases), plus a log buffer that
// threads append records to with an atomic cursor, as a device printf
// would.  Expected values come from the host.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

constexpr int tile = 16;

__global__ void transpose(const float* in, float* out, int n)
{
    __shared__ float t[tile][tile + 1];   // +1: no bank conflicts on the column read
    int x = blockIdx.x * tile + threadIdx.x, y = blockIdx.y * tile + threadIdx.y;
    t[threadIdx.y][threadIdx.x] = in[y * n + x];
    __syncthreads();
    x = blockIdx.y * tile + threadIdx.x;
    y = blockIdx.x * tile + threadIdx.y;
    out[y * n + x] = t[threadIdx.x][threadIdx.y];
}

__global__ void log_records(unsigned* buf, unsigned capacity)
{
    const unsigned slot = __hip_atomic_fetch_add(&buf[0], 3u, __ATOMIC_RELAXED,
                                                 __HIP_MEMORY_SCOPE_AGENT);
    if (slot + 3 <= capacity) {
        buf[1 + slot] = 0xabcd0000u | blockIdx.x;
        buf[2 + slot] = threadIdx.x;
        buf[3 + slot] = blockIdx.x * blockDim.x + threadIdx.x;
    }
}

int main()
{
    constexpr int n = 128;
    std::vector<float> in(n * n), out(n * n);
    for (int i = 0; i < n * n; ++i)
        in[i] = static_cast<float>(i) * 0.25f - 1000.0f;
    float *d_in, *d_out;
    constexpr unsigned records = 4 * 96, cap = 3 * records;
    std::vector<unsigned> log(1 + cap);
    unsigned* d_log;
    if (hipMalloc(&d_in, n * n * 4) || hipMalloc(&d_out, n * n * 4) ||
        hipMalloc(&d_log, (1 + cap) * 4) || hipMemset(d_log, 0, (1 + cap) * 4) ||
        hipMemcpy(d_in, in.data(), n * n * 4, hipMemcpyHostToDevice))
        return 1;
    transpose<<<dim3(n / tile, n / tile), dim3(tile, tile)>>>(d_in, d_out, n);
    log_records<<<4, 96>>>(d_log, cap);
    if (hipDeviceSynchronize() ||
        hipMemcpy(out.data(), d_out, n * n * 4, hipMemcpyDeviceToHost) ||
        hipMemcpy(log.data(), d_log, (1 + cap) * 4, hipMemcpyDeviceToHost))
        return 1;
    int bad = 0;
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x)
            if (out[y * n + x] != in[x * n + y] && bad++ < 3)
                std::printf("  out[%d][%d] = %g, want %g\n", y, x, out[y * n + x], in[x * n + y]);
    // Every thread logged exactly one well-formed record.
    std::vector<int> seen(records, 0);
    if (log[0] != cap && bad++ < 6)
        std::printf("  log cursor %u, want %u\n", log[0], cap);
    for (unsigned r = 0; r < records; ++r) {
        const unsigned* rec = &log[1 + 3 * r];
        const unsigned g = rec[2];
        if (g >= records || (rec[0] & 0xffff0000u) != 0xabcd0000u ||
            rec[0] - 0xabcd0000u != g / 96 || rec[1] != g % 96 || seen[g]++) {
            if (bad++ < 9)
                std::printf("  bad record %u: %x %u %u\n", r, rec[0], rec[1], rec[2]);
        }
    }
    if (bad) {
        std::printf("transpose: FAIL (%d)\n", bad);
        return 1;
    }
    std::printf("transpose: PASS (%dx%d through padded LDS tiles; %u log records)\n", n, n, records);
    return 0;
}
