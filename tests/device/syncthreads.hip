// __syncthreads: a block of 256 threads (four wave64 waves) reverses an
// array through __shared__ memory.  Without a working barrier, waves read
// slots other waves have not written yet.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

constexpr unsigned block_size = 256;

__global__ void reverse_blocks(const int* in, int* out)
{
    __shared__ int tile[block_size];
    const unsigned base = blockIdx.x * blockDim.x;
    tile[threadIdx.x] = in[base + threadIdx.x] * 3 + 1;
    __syncthreads();
    out[base + threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
}

int main()
{
    constexpr unsigned blocks = 8, n = blocks * block_size;
    std::vector<int> in(n), out(n, -1);
    for (unsigned i = 0; i < n; ++i)
        in[i] = static_cast<int>(i * 7 % 1001) - 500;

    int *d_in = nullptr, *d_out = nullptr;
    if (hipMalloc(&d_in, n * sizeof(int)) != hipSuccess ||
        hipMalloc(&d_out, n * sizeof(int)) != hipSuccess ||
        hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice) != hipSuccess)
        return 1;
    reverse_blocks<<<blocks, block_size>>>(d_in, d_out);
    if (hipDeviceSynchronize() != hipSuccess ||
        hipMemcpy(out.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost) != hipSuccess)
        return 1;
    hipFree(d_in);
    hipFree(d_out);

    unsigned bad = 0;
    for (unsigned b = 0; b < blocks; ++b)
        for (unsigned t = 0; t < block_size; ++t) {
            const int want = in[b * block_size + (block_size - 1 - t)] * 3 + 1;
            if (out[b * block_size + t] != want && bad++ < 3)
                std::printf("  block %u thread %u: got %d, want %d\n", b, t,
                            out[b * block_size + t], want);
        }
    if (bad) {
        std::printf("syncthreads: FAIL (%u of %u elements)\n", bad, n);
        return 1;
    }
    std::printf("syncthreads: PASS (%u blocks of %u threads reversed through LDS)\n", blocks,
                block_size);
    return 0;
}
