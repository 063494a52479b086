// Dynamic shared memory and device globals, as in the HIP samples: a
// kernel whose shared buffer is sized at launch (extern __shared__, its
// size the third <<<>>> argument), reading its parameters from
// __constant__ and __device__ variables the host sets with
// hipMemcpyToSymbol, and counting its work in a __device__ counter the
// host reads back with hipMemcpyFromSymbol.
//
// Each block reverses its slice of the input through shared memory and
// applies out = scale * v + bias[slice % 4]; the slice length is the
// block size, so one binary runs with several shared-memory sizes.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <algorithm>
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

__constant__ int bias[4];
__device__ int scale;
__device__ unsigned int blocks_done;

__global__ void reverse_slices(const int* in, int* out, unsigned int n)
{
    extern __shared__ int slice[];   // blockDim.x ints, sized by the launch
    const unsigned int base = blockIdx.x * blockDim.x;
    const unsigned int len = n - base < blockDim.x ? n - base : blockDim.x;

    if (threadIdx.x < len)
        slice[threadIdx.x] = in[base + threadIdx.x];
    __syncthreads();
    if (threadIdx.x < len)
        out[base + threadIdx.x] = scale * slice[len - 1 - threadIdx.x] + bias[blockIdx.x % 4];
    if (threadIdx.x == 0)
        atomicAdd(&blocks_done, 1u);
}

// The same through HIP's older macro for dynamic shared memory, with a
// second type, to show both spellings share one allocation per block.
__global__ void sum_slices(const int* in, long long* sums, unsigned int n)
{
    HIP_DYNAMIC_SHARED(long long, partial)
    const unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

    partial[threadIdx.x] = i < n ? in[i] : 0;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s /= 2) {
        if (threadIdx.x < s)
            partial[threadIdx.x] += partial[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        sums[blockIdx.x] = partial[0];
}

static int run(unsigned int n, unsigned int block, int s, const int (&b)[4])
{
    std::vector<int> in(n), out(n, 0);
    for (unsigned int i = 0; i < n; ++i)
        in[i] = static_cast<int>((i * 2654435761u) % 2001) - 1000;
    const unsigned int grid = (n + block - 1) / block;
    const unsigned int zero = 0;

    HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(scale), &s, sizeof(s)));
    HIP_CHECK(hipMemcpyToSymbol(bias, b, sizeof(b)));
    HIP_CHECK(hipMemcpyToSymbol(blocks_done, &zero, sizeof(zero)));

    int *d_in{}, *d_out{};
    long long* d_sums{};
    HIP_CHECK(hipMalloc(&d_in, n * sizeof(int)));
    HIP_CHECK(hipMalloc(&d_out, n * sizeof(int)));
    HIP_CHECK(hipMalloc(&d_sums, grid * sizeof(long long)));
    HIP_CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));

    reverse_slices<<<grid, block, block * sizeof(int)>>>(d_in, d_out, n);
    HIP_CHECK(hipGetLastError());
    sum_slices<<<grid, block, block * sizeof(long long)>>>(d_in, d_sums, n);
    HIP_CHECK(hipGetLastError());

    std::vector<long long> sums(grid);
    unsigned int done = 0;
    HIP_CHECK(hipMemcpy(out.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(sums.data(), d_sums, grid * sizeof(long long), hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpyFromSymbol(&done, HIP_SYMBOL(blocks_done), sizeof(done)));
    HIP_CHECK(hipFree(d_in));
    HIP_CHECK(hipFree(d_out));
    HIP_CHECK(hipFree(d_sums));

    int errors = 0;
    for (unsigned int blk = 0; blk < grid; ++blk) {
        const unsigned int base = blk * block, len = std::min(block, n - base);
        long long want_sum = 0;
        for (unsigned int t = 0; t < len; ++t) {
            const int want = s * in[base + len - 1 - t] + b[blk % 4];
            if (out[base + t] != want && errors++ < 5)
                std::printf("  n %u block %u: out[%u] = %d, expected %d\n", n, block,
                            base + t, out[base + t], want);
            want_sum += in[base + t];
        }
        if (sums[blk] != want_sum && errors++ < 5)
            std::printf("  n %u block %u: sum of slice %u = %lld, expected %lld\n", n, block,
                        blk, sums[blk], want_sum);
    }
    if (done != grid && errors++ < 5)
        std::printf("  blocks_done = %u, expected %u\n", done, grid);
    std::printf("  %6u ints in blocks of %4u: %5zu + %5zu bytes of dynamic shared memory, "
                "scale %d: %s\n", n, block, block * sizeof(int), block * sizeof(long long), s,
                errors ? "wrong" : "ok");
    return errors;
}

int main()
{
    const int b1[4] = {1, -2, 3, -4}, b2[4] = {100, 200, 300, 400};
    int errors = run(1000, 64, 3, b1);
    errors += run(5000, 256, -2, b2);
    errors += run(4099, 1024, 7, b1);   // 8 KiB of long long per block
    if (errors) {
        std::printf("dynamic_shared: FAIL (%d wrong)\n", errors);
        return EXIT_FAILURE;
    }
    std::printf("dynamic_shared: PASS (3 launch sizes, symbols set and read back)\n");
    return EXIT_SUCCESS;
}
