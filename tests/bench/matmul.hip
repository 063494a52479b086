// The other slow public-sample case: a 1024x1024 single-precision matrix
// multiply with 16x16 shared-memory tiles (make bench: wall time at 1 and
// N model threads).  Checks sampled elements against a host dot product.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define TILE 16

__global__ void matmul(const float* a, const float* b, float* c, int n)
{
    __shared__ float ta[TILE][TILE], tb[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    float s = 0.0f;
    for (int k0 = 0; k0 < n; k0 += TILE) {
        ta[threadIdx.y][threadIdx.x] = a[row * n + k0 + threadIdx.x];
        tb[threadIdx.y][threadIdx.x] = b[(k0 + threadIdx.y) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            s += ta[threadIdx.y][k] * tb[k][threadIdx.x];
        __syncthreads();
    }
    c[row * n + col] = s;
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? std::atoi(argv[1]) : 1024;
    if (n % TILE) {
        std::printf("matmul: n must be a multiple of %d\n", TILE);
        return 1;
    }
    size_t e = (size_t)n * n;
    std::vector<float> a(e), b(e), c(e);
    for (size_t i = 0; i < e; i++) {
        a[i] = (float)(i % 17) * 0.125f;
        b[i] = (float)(i % 13) * 0.25f;
    }
    float *da, *db, *dc;
    if (hipMalloc(&da, e * 4) || hipMalloc(&db, e * 4) || hipMalloc(&dc, e * 4) ||
        hipMemcpy(da, a.data(), e * 4, hipMemcpyHostToDevice) ||
        hipMemcpy(db, b.data(), e * 4, hipMemcpyHostToDevice))
        return 1;
    hipLaunchKernelGGL(matmul, dim3(n / TILE, n / TILE), dim3(TILE, TILE), 0, 0, da, db, dc, n);
    if (hipDeviceSynchronize() || hipMemcpy(c.data(), dc, e * 4, hipMemcpyDeviceToHost))
        return 1;
    for (size_t i = 0; i < e; i += 7919) {
        size_t r = i / n, col = i % n;
        double s = 0;
        for (int k = 0; k < n; k++)
            s += (double)a[r * n + k] * b[(size_t)k * n + col];
        // Every product and partial sum is a multiple of 1/32 below 2^24: exact in float.
        if (std::fabs(s - c[i]) > 0) {
            std::printf("matmul: FAIL at (%zu,%zu): %g, want %g\n", r, col, c[i], s);
            return 1;
        }
    }
    std::printf("matmul: PASS (%dx%d)\n", n, n);
    return 0;
}
