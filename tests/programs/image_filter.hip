// Image processing with textures and surfaces, as a camera or inspection
// pipeline would do it: a grey 8-bit image is
//   1. resized by 1.75x with bilinear filtering, read through a texture
//      of normalized floats (tex2D<float> with normalized coordinates
//      and clamp-to-edge), written into a float surface;
//   2. run through a 3x3 Sobel edge filter that reads that surface with
//      surf2Dread (hipBoundaryModeClamp: the edge pixels repeat) and
//      writes the gradient magnitude into an 8-bit surface.
// Both steps are checked against the host, which computes the same
// formulas (bilinear weights of 8 fractional bits, as the hardware's).
// On a GPU without images (gfx942) the program says so and passes.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#define CHECK(x)                                                                     \
    do {                                                                             \
        hipError_t e_ = (x);                                                         \
        if (e_ != hipSuccess) {                                                      \
            std::printf("image_filter: FAIL: %s: %s\n", #x, hipGetErrorString(e_));  \
            return 1;                                                                \
        }                                                                            \
    } while (0)

#if !__HIP_NO_IMAGE_SUPPORT
__global__ void resize(hipTextureObject_t src, hipSurfaceObject_t dst, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h)
        return;
    // The centre of the output pixel, in the source's [0, 1] range.
    float v = tex2D<float>(src, (x + 0.5f) / w, (y + 0.5f) / h);
    surf2Dwrite(v, dst, x * (int)sizeof(float), y);
}

__global__ void sobel(hipSurfaceObject_t src, hipSurfaceObject_t dst, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h)
        return;
    float p[3][3];
    for (int j = -1; j <= 1; j++)
        for (int i = -1; i <= 1; i++)
            surf2Dread(&p[j + 1][i + 1], src, (x + i) * (int)sizeof(float), y + j,
                       hipBoundaryModeClamp);
    float gx = (p[0][2] + 2 * p[1][2] + p[2][2]) - (p[0][0] + 2 * p[1][0] + p[2][0]);
    float gy = (p[2][0] + 2 * p[2][1] + p[2][2]) - (p[0][0] + 2 * p[0][1] + p[0][2]);
    float m = sqrtf(gx * gx + gy * gy);
    unsigned char out = (unsigned char)(m > 1.0f ? 255 : m * 255.0f + 0.5f);
    surf2Dwrite(out, dst, x, y);
}
#endif

// The host's bilinear fetch of normalized coordinate (u, v), clamp to edge.
static float bilinear(const std::vector<unsigned char> &img, int w, int h, float u, float v)
{
    auto tap = [](float c, float *a) {
        float b = c - 0.5f, t = std::trunc(b);
        float q = t + std::round((b - t) * 256.0f) / 256.0f;
        *a = q - std::floor(q);
        return (int)std::floor(q);
    };
    auto at = [&](int x, int y) {
        x = x < 0 ? 0 : x >= w ? w - 1 : x;
        y = y < 0 ? 0 : y >= h ? h - 1 : y;
        return img[y * w + x] / 255.0f;
    };
    float a, b;
    int i = tap(u * w, &a), j = tap(v * h, &b);
    return (1 - a) * (1 - b) * at(i, j) + a * (1 - b) * at(i + 1, j) + (1 - a) * b * at(i, j + 1) +
           a * b * at(i + 1, j + 1);
}

int main()
{
    int images = 0;
    CHECK(hipDeviceGetAttribute(&images, hipDeviceAttributeImageSupport, 0));
    if (!images) {
        std::printf("image_filter: PASS (the device has no images: nothing to run)\n");
        return 0;
    }
    const int w = 48, h = 32, ow = w * 7 / 4, oh = h * 7 / 4;
    // A test card: a bright disc on a gradient.
    std::vector<unsigned char> img(w * h);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            float dx = x - 20.0f, dy = y - 15.0f;
            img[y * w + x] = dx * dx + dy * dy < 90 ? 230 : (unsigned char)(x * 2 + y);
        }

    // The source: an 8-bit array read as normalized floats, bilinear.
    hipChannelFormatDesc c8 = hipCreateChannelDesc<unsigned char>();
    hipChannelFormatDesc cf = hipCreateChannelDesc<float>();
    hipArray_t src, mid, edges;
    CHECK(hipMallocArray(&src, &c8, w, h, 0));
    CHECK(hipMemcpy2DToArray(src, 0, 0, img.data(), w, w, h, hipMemcpyHostToDevice));
    CHECK(hipMallocArray(&mid, &cf, ow, oh, hipArraySurfaceLoadStore));
    CHECK(hipMallocArray(&edges, &c8, ow, oh, hipArraySurfaceLoadStore));

    hipResourceDesc r{};
    r.resType = hipResourceTypeArray;
    r.res.array.array = src;
    hipTextureDesc t{};
    t.addressMode[0] = t.addressMode[1] = hipAddressModeClamp;
    t.filterMode = hipFilterModeLinear;
    t.readMode = hipReadModeNormalizedFloat;
    t.normalizedCoords = 1;
    hipTextureObject_t tex;
    CHECK(hipCreateTextureObject(&tex, &r, &t, nullptr));
    hipSurfaceObject_t smid, sedges;
    r.res.array.array = mid;
    CHECK(hipCreateSurfaceObject(&smid, &r));
    r.res.array.array = edges;
    CHECK(hipCreateSurfaceObject(&sedges, &r));

    dim3 block(16, 8), grid((ow + 15) / 16, (oh + 7) / 8);
#if !__HIP_NO_IMAGE_SUPPORT
    hipLaunchKernelGGL(resize, grid, block, 0, 0, tex, smid, ow, oh);
    hipLaunchKernelGGL(sobel, grid, block, 0, 0, smid, sedges, ow, oh);
#endif
    CHECK(hipGetLastError());
    std::vector<float> big(ow * oh);
    std::vector<unsigned char> out(ow * oh);
    CHECK(hipMemcpy2DFromArray(big.data(), ow * 4, mid, 0, 0, ow * 4, oh, hipMemcpyDeviceToHost));
    CHECK(hipMemcpy2DFromArray(out.data(), ow, edges, 0, 0, ow, oh, hipMemcpyDeviceToHost));

    // The host's pipeline.
    unsigned bad = 0, edge_pixels = 0;
    std::vector<float> want(ow * oh);
    for (int y = 0; y < oh; y++)
        for (int x = 0; x < ow; x++) {
            want[y * ow + x] = bilinear(img, w, h, (x + 0.5f) / ow, (y + 0.5f) / oh);
            if (std::fabs(big[y * ow + x] - want[y * ow + x]) > 1.0f / 256 && ++bad <= 5)
                std::printf("  resize (%d, %d): %g, want %g\n", x, y, big[y * ow + x],
                            want[y * ow + x]);
        }
    for (int y = 0; y < oh; y++)
        for (int x = 0; x < ow; x++) {
            auto P = [&](int i, int j) {
                i = i < 0 ? 0 : i >= ow ? ow - 1 : i;
                j = j < 0 ? 0 : j >= oh ? oh - 1 : j;
                return big[j * ow + i];   // the device's resize: the filter alone is checked
            };
            float gx = (P(x + 1, y - 1) + 2 * P(x + 1, y) + P(x + 1, y + 1)) -
                       (P(x - 1, y - 1) + 2 * P(x - 1, y) + P(x - 1, y + 1));
            float gy = (P(x - 1, y + 1) + 2 * P(x, y + 1) + P(x + 1, y + 1)) -
                       (P(x - 1, y - 1) + 2 * P(x, y - 1) + P(x + 1, y - 1));
            float m = std::sqrt(gx * gx + gy * gy);
            int e = m > 1.0f ? 255 : (int)(m * 255.0f + 0.5f);
            edge_pixels += e > 64;
            if (std::abs(e - out[y * ow + x]) > 1 && ++bad <= 10)
                std::printf("  sobel (%d, %d): %d, want %d\n", x, y, out[y * ow + x], e);
        }
    CHECK(hipDestroyTextureObject(tex));
    CHECK(hipDestroySurfaceObject(smid));
    CHECK(hipDestroySurfaceObject(sedges));
    CHECK(hipFreeArray(src));
    CHECK(hipFreeArray(mid));
    CHECK(hipFreeArray(edges));
    // The disc's rim must show as edges: a filter that does nothing fails.
    if (bad || edge_pixels < 40) {
        std::printf("image_filter: FAIL (%u pixels differ, %u edge pixels)\n", bad, edge_pixels);
        return 1;
    }
    std::printf("image_filter: PASS (%dx%d -> %dx%d bilinear, Sobel: %u edge pixels)\n", w, h,
                ow, oh, edge_pixels);
    return 0;
}
