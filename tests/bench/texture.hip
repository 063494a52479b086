// make bench's texture figure: a bilinear 2x upscale of a 512x512 float
// image, once through a texture object (tex2D with linear filtering: the
// texture unit filters, one image_sample a pixel) and once by hand from
// global memory (four loads and the weights in VALU code), so that the
// model's instruction counts per output pixel compare the two.  Checks a
// sample of pixels of each against a host bilinear reference, so a fast
// wrong answer cannot pass.
//
// usage: texture tex|manual
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static const int N = 512, M = 2 * N;

#if !__HIP_NO_IMAGE_SUPPORT
__global__ void upscale_tex(hipTextureObject_t t, float *out, int m)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x < m)
        out[y * m + x] = tex2D<float>(t, (x + 0.5f) / m, (y + 0.5f) / m);
}
#endif

// The same filtering by hand: texel centres at +0.5, clamped edges.
__global__ void upscale_manual(const float *in, float *out, int n, int m)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x >= m)
        return;
    float u = (x + 0.5f) * n / m - 0.5f, v = (y + 0.5f) * n / m - 0.5f;
    float fu = floorf(u), fv = floorf(v), a = u - fu, b = v - fv;
    int i0 = (int)fu, j0 = (int)fv;
    int i1 = min(i0 + 1, n - 1), j1 = min(j0 + 1, n - 1);
    i0 = max(i0, 0);
    j0 = max(j0, 0);
    out[y * m + x] = (1 - a) * (1 - b) * in[j0 * n + i0] + a * (1 - b) * in[j0 * n + i1] +
                     (1 - a) * b * in[j1 * n + i0] + a * b * in[j1 * n + i1];
}

static float host_at(const std::vector<float> &img, int i, int j)
{
    i = i < 0 ? 0 : i >= N ? N - 1 : i;
    j = j < 0 ? 0 : j >= N ? N - 1 : j;
    return img[(size_t)j * N + i];
}

int main(int argc, char **argv)
{
    bool tex = argc > 1 && !std::strcmp(argv[1], "tex");
    std::vector<float> img((size_t)N * N), res((size_t)M * M);
    for (size_t i = 0; i < img.size(); i++)
        img[i] = (float)((i * 2654435761u) % 1000) / 1000.0f;
    float *din, *dout;
    if (hipMalloc(&din, img.size() * 4) || hipMalloc(&dout, res.size() * 4) ||
        hipMemcpy(din, img.data(), img.size() * 4, hipMemcpyHostToDevice))
        return 1;
    if (tex) {
#if !__HIP_NO_IMAGE_SUPPORT || !defined(__HIP_DEVICE_COMPILE__)
        hipArray_t a;
        hipChannelFormatDesc cd = hipCreateChannelDesc<float>();
        if (hipMallocArray(&a, &cd, N, N, 0) ||
            hipMemcpy2DToArray(a, 0, 0, img.data(), N * 4, N * 4, N, hipMemcpyHostToDevice))
            return 1;
        hipResourceDesc r{};
        r.resType = hipResourceTypeArray;
        r.res.array.array = a;
        hipTextureDesc t{};
        t.filterMode = hipFilterModeLinear;
        t.addressMode[0] = t.addressMode[1] = hipAddressModeClamp;
        t.normalizedCoords = 1;
        hipTextureObject_t o;
        if (hipCreateTextureObject(&o, &r, &t, nullptr))
            return 1;
        hipLaunchKernelGGL(upscale_tex, dim3(M / 256, M), dim3(256), 0, 0, o, dout, M);
#endif
    } else {
        hipLaunchKernelGGL(upscale_manual, dim3(M / 256, M), dim3(256), 0, 0, din, dout, N, M);
    }
    if (hipDeviceSynchronize() ||
        hipMemcpy(res.data(), dout, res.size() * 4, hipMemcpyDeviceToHost))
        return 1;
    // The texture unit keeps 8 fractional bits of the position: 2^-8 of
    // the texel range.
    for (size_t k = 0; k < res.size(); k += 997) {
        int x = (int)(k % M), y = (int)(k / M);
        float u = (x + 0.5f) * N / M - 0.5f, v = (y + 0.5f) * N / M - 0.5f;
        int i = (int)std::floor(u), j = (int)std::floor(v);
        float a = u - i, b = v - j;
        float want = (1 - a) * (1 - b) * host_at(img, i, j) + a * (1 - b) * host_at(img, i + 1, j) +
                     (1 - a) * b * host_at(img, i, j + 1) + a * b * host_at(img, i + 1, j + 1);
        if (std::fabs(res[k] - want) > 4e-3f) {
            std::printf("texture bench: FAIL at (%d, %d): %g, want %g\n", x, y, res[k], want);
            return 1;
        }
    }
    std::printf("texture bench (%s): PASS (%dx%d from %dx%d)\n", tex ? "tex2D" : "manual", M, M,
                N, N);
    return 0;
}
