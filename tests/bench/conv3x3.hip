// The slowest case of ROCm's public samples, as the issue measures it: a
// 3x3 convolution over a 4096x4096 image, launched 10 times (make bench:
// wall time at 1 and N model threads).  Checks a sample of pixels on the
// host, so a fast wrong answer cannot pass.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

__constant__ float mask[9];

__global__ void conv3x3(const float* in, float* out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h)
        return;
    float s = 0.0f;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int xx = x + dx, yy = y + dy;
            if (xx >= 0 && xx < w && yy >= 0 && yy < h)
                s += mask[(dy + 1) * 3 + dx + 1] * in[yy * w + xx];
        }
    out[y * w + x] = s;
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? std::atoi(argv[1]) : 4096, reps = argc > 2 ? std::atoi(argv[2]) : 10;
    size_t px = (size_t)n * n;
    std::vector<float> img(px), res(px);
    const float m[9] = { 0.0625f, 0.125f, 0.0625f, 0.125f, 0.25f, 0.125f, 0.0625f, 0.125f, 0.0625f };
    for (size_t i = 0; i < px; i++)
        img[i] = (float)((i * 2654435761u) % 1000) / 1000.0f;
    float *din, *dout;
    if (hipMalloc(&din, px * 4) || hipMalloc(&dout, px * 4) ||
        hipMemcpyToSymbol(HIP_SYMBOL(mask), m, sizeof(m)) ||
        hipMemcpy(din, img.data(), px * 4, hipMemcpyHostToDevice))
        return 1;
    dim3 block(16, 16), grid((n + 15) / 16, (n + 15) / 16);
    // One wait per launch: each launch is bounded by the loader's fence
    // timeout (LOADER_FENCE_TIMEOUT_MS), not the ten of them together.
    for (int r = 0; r < reps; r++) {
        hipLaunchKernelGGL(conv3x3, grid, block, 0, 0, din, dout, n, n);
        if (hipDeviceSynchronize())
            return 1;
    }
    if (hipMemcpy(res.data(), dout, px * 4, hipMemcpyDeviceToHost))
        return 1;
    for (size_t i = 0; i < px; i += 9973) {
        int x = (int)(i % n), y = (int)(i / n);
        float s = 0.0f;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int xx = x + dx, yy = y + dy;
                if (xx >= 0 && xx < n && yy >= 0 && yy < n)
                    s += m[(dy + 1) * 3 + dx + 1] * img[(size_t)yy * n + xx];
            }
        if (std::fabs(s - res[i]) > 1e-5f) {
            std::printf("conv3x3: FAIL at (%d,%d): %g, want %g\n", x, y, res[i], s);
            return 1;
        }
    }
    std::printf("conv3x3: PASS (%dx%d, %d launches)\n", n, n, reps);
    return 0;
}
