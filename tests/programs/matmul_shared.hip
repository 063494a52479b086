// Tiled matrix multiply in shared memory, as in the HIP samples:
// C = A * B with A M x K and B K x N, each block computing a TILE x TILE
// tile of C from TILE x TILE tiles of A and B staged in __shared__
// memory, with __syncthreads() between loading and using a tile.  The
// sizes are no multiples of the tile, so the edge tiles load zeros
// outside the matrices and store only inside.  Entries are small
// integers, so every sum is exact in float and the host reference must
// match bit for bit whatever the order of additions.
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

constexpr int TILE = 16;

__global__ void matmul_tiled(const float* A, const float* B, float* C, int M, int N, int K)
{
    __shared__ float a_tile[TILE][TILE];
    __shared__ float b_tile[TILE][TILE + 1];   // +1: no bank conflicts on columns

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;
    float sum = 0.0f;

    for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
        const int a_col = t * TILE + tx, b_row = t * TILE + ty;
        a_tile[ty][tx] = (row < M && a_col < K) ? A[row * K + a_col] : 0.0f;
        b_tile[ty][tx] = (b_row < K && col < N) ? B[b_row * N + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += a_tile[ty][k] * b_tile[k][tx];
        __syncthreads();
    }
    if (row < M && col < N)
        C[row * N + col] = sum;
}

static int run(int M, int N, int K)
{
    std::vector<float> A(static_cast<size_t>(M) * K), B(static_cast<size_t>(K) * N);
    std::vector<float> C(static_cast<size_t>(M) * N, -1.0f), ref(C.size());
    for (int i = 0; i < M * K; ++i)
        A[i] = static_cast<float>((i * 37 + 11) % 17 - 8);
    for (int i = 0; i < K * N; ++i)
        B[i] = static_cast<float>((i * 53 + 5) % 13 - 6);
    for (int r = 0; r < M; ++r)
        for (int c = 0; c < N; ++c) {
            float s = 0.0f;
            for (int k = 0; k < K; ++k)
                s += A[r * K + k] * B[k * N + c];
            ref[r * N + c] = s;
        }

    float *dA{}, *dB{}, *dC{};
    HIP_CHECK(hipMalloc(&dA, A.size() * sizeof(float)));
    HIP_CHECK(hipMalloc(&dB, B.size() * sizeof(float)));
    HIP_CHECK(hipMalloc(&dC, C.size() * sizeof(float)));
    HIP_CHECK(hipMemcpy(dA, A.data(), A.size() * sizeof(float), hipMemcpyHostToDevice));
    HIP_CHECK(hipMemcpy(dB, B.data(), B.size() * sizeof(float), hipMemcpyHostToDevice));
    HIP_CHECK(hipMemcpy(dC, C.data(), C.size() * sizeof(float), hipMemcpyHostToDevice));

    const dim3 block(TILE, TILE);
    const dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    hipLaunchKernelGGL(matmul_tiled, grid, block, 0, 0, dA, dB, dC, M, N, K);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipMemcpy(C.data(), dC, C.size() * sizeof(float), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(dA));
    HIP_CHECK(hipFree(dB));
    HIP_CHECK(hipFree(dC));

    int errors = 0;
    for (int i = 0; i < M * N; ++i)
        if (C[i] != ref[i] && errors++ < 5)
            std::printf("  %dx%dx%d: C[%d][%d] = %g, expected %g\n", M, N, K, i / N, i % N,
                        C[i], ref[i]);
    std::printf("  %3d x %3d = (%3d x %3d) * (%3d x %3d), %u x %u blocks: %s\n", M, N, M, K, K,
                N, grid.x, grid.y, errors ? "wrong" : "ok");
    return errors;
}

int main()
{
    // Tile multiples and not, in each dimension, down to a single row.
    const int sizes[][3] = {{64, 48, 32}, {77, 45, 130}, {1, 33, 17}, {100, 1, 5}, {31, 29, 47}};
    int errors = 0;
    for (const auto& s : sizes)
        errors += run(s[0], s[1], s[2]);
    if (errors) {
        std::printf("matmul_shared: FAIL (%d elements wrong)\n", errors);
        return EXIT_FAILURE;
    }
    std::printf("matmul_shared: PASS (%zu products, %dx%d tiles in shared memory)\n",
                sizeof(sizes) / sizeof(sizes[0]), TILE, TILE);
    return EXIT_SUCCESS;
}
