// Mipmapped arrays and textures: hipMallocMipmappedArray (and the driver
// forms) of every array shape (1-D, 2-D, 3-D, layered, cubemap),
// hipGetMipmappedArrayLevel, every copy form to and from the levels,
// surfaces and textures on a level, and the Lod and Grad functions over
// the mip chain (tex1DLod, tex2DLod, tex2DGrad, tex3DLod, tex3DGrad, the
// layered and cubemap forms) with point and linear mip filtering, the
// level clamps and bias.
//
// The host reference follows CUDA's texture rules and the model's
// documented assumptions (docs/textures.md, "Mipmaps"):
//   lod  = given (Lod), or log2 of the longer gradient in texels of
//          level 0 (Grad); then + mipmapLevelBias, clamped to
//          [minMipmapLevelClamp, maxMipmapLevelClamp];
//   point mip filter:  level = ceil(lod + 0.5) - 1 (0 for lod <= 0.5),
//                      at most the last;
//   linear mip filter: (1 - f) level(i) + f level(i + 1), i = floor(lod),
//                      f = frac(lod) kept to 8 bits;
//   level l is max(1, size >> l) texels; each level is filtered as a
//   texture of its own (texture.hip's formulas).
// Results within 2^-8 of the texel range (the weights' precision).
#include <hip/hip_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CHECK(x)                                                                     \
    do {                                                                             \
        hipError_t e_ = (x);                                                         \
        if (e_ != hipSuccess) {                                                      \
            std::printf("mipmap: FAIL: %s: %s\n", #x, hipGetErrorString(e_));        \
            std::exit(1);                                                            \
        }                                                                            \
    } while (0)

static unsigned failures, checks;

static void expect(bool ok, const char *what, int i, double got, double want)
{
    checks++;
    if (ok)
        return;
    if (++failures <= 20)
        std::printf("  %s [%d]: got %.9g, want %.9g\n", what, i, got, want);
}

// ------------------------------------------------------------ host reference
struct Level {
    int w, h;
    std::vector<float> v;
    float at(long x, long y) const // clamp to edge
    {
        x = x < 0 ? 0 : x >= w ? w - 1 : x;
        y = y < 0 ? 0 : y >= h ? h - 1 : y;
        return v[(size_t)y * w + x];
    }
};

static long linear_tap(float c, float *a)
{
    float b = c - 0.5f, t = std::trunc(b);
    float q = t + std::round((b - t) * 256.0f) / 256.0f;
    *a = q - std::floor(q);
    return (long)std::floor(q);
}

// One level at normalized (u, v), clamped addressing.
static float filter2d(const Level &L, float u, float v, bool linear)
{
    float x = u * L.w, y = v * L.h;
    if (!linear)
        return L.at((long)std::floor(x), (long)std::floor(y));
    float a, b;
    long i = linear_tap(x, &a), j = linear_tap(y, &b);
    return (1 - a) * (1 - b) * L.at(i, j) + a * (1 - b) * L.at(i + 1, j) +
           (1 - a) * b * L.at(i, j + 1) + a * b * L.at(i + 1, j + 1);
}

struct Desc {
    bool linear, mip_linear;
    float bias, lo, hi;
};

// The mip filtering of @d over levels 0..@last at @lod: @at(l) samples
// level l.
template <typename F> static float mip_reference(int last, float lod, const Desc &d, F at)
{
    lod += d.bias;
    lod = lod < d.lo ? d.lo : lod > d.hi ? d.hi : lod;
    if (!d.mip_linear) {
        int l = lod <= 0.5f ? 0 : (int)std::ceil(lod + 0.5f) - 1;
        return at(l > last ? last : l);
    }
    if (lod < 0)
        lod = 0;
    float i = std::floor(lod), f = std::round((lod - i) * 256) / 256;
    if (f >= 1)
        i += 1, f = 0;
    if (i >= last)
        return at(last);
    float a = at((int)i);
    if (f == 0)
        return a;
    return (1 - f) * a + f * at((int)i + 1);
}

static float reference(const std::vector<Level> &chain, float u, float v, float lod,
                       const Desc &d)
{
    return mip_reference((int)chain.size() - 1, lod, d,
                         [&](int l) { return filter2d(chain[l], u, v, d.linear); });
}

// ------------------------------------------------------------------ kernels
#if !__HIP_NO_IMAGE_SUPPORT
// p: (u, v, lod, gradient scale a) -> tex2DLod, tex2DGrad with
// dPdx = (a / w0, 0), dPdy = (0, a / h0), and tex2D.
__global__ void fetch2d(hipTextureObject_t t, const float4 *p, float *lod, float *grad,
                        float *plain, int n, float w0, float h0, int extended)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float4 q = p[i];
    plain[i] = tex2D<float>(t, q.x, q.y);
    if (extended) {
        lod[i] = tex2DLod<float>(t, q.x, q.y, q.z);
        grad[i] = tex2DGrad<float>(t, q.x, q.y, make_float2(q.w / w0, 0),
                                   make_float2(0, q.w / h0));
    }
}

// tex1DLod at (x, lod), and tex1DGrad with a gradient of 2^lod texels of
// level 0 (@w0 wide): the same LOD.
__global__ void fetch1d(hipTextureObject_t t, const float2 *p, float *out, float *grad, int n,
                        float w0)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = tex1DLod<float>(t, p[i].x, p[i].y);
        grad[i] = tex1DGrad<float>(t, p[i].x, exp2f(p[i].y) / w0, 0);
    }
}

__global__ void fetch_int(hipTextureObject_t t, const float4 *p, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex2DLod<int>(t, p[i].x, p[i].y, p[i].z);
}

// Chains of 3-D, layered and cubemap arrays.  p: (u, v, w or layer, lod).
__global__ void fetch3d(hipTextureObject_t t, const float4 *p, float *lod, float *grad, int n,
                        float w0)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float4 q = p[i];
    lod[i] = tex3DLod<float>(t, q.x, q.y, q.z, q.w);
    // A gradient of 2^lod texels of level 0 along x: the same LOD.
    float a = exp2f(q.w) / w0;
    grad[i] = tex3DGrad<float>(t, q.x, q.y, q.z, make_float4(a, 0, 0, 0),
                               make_float4(0, 0, 0, 0));
}

__global__ void fetch_layered(hipTextureObject_t t2, hipTextureObject_t t1, const float4 *p,
                              float *lod2, float *grad2, float *lod1, float *grad1, int n,
                              float w0)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float4 q = p[i];
    int layer = (int)q.z;
    float a = exp2f(q.w) / w0;
    lod2[i] = tex2DLayeredLod<float>(t2, q.x, q.y, layer, q.w);
    grad2[i] = tex2DLayeredGrad<float>(t2, q.x, q.y, layer, make_float2(a, 0),
                                       make_float2(0, 0));
    lod1[i] = tex1DLayeredLod<float>(t1, q.x, layer, q.w);
    grad1[i] = tex1DLayeredGrad<float>(t1, q.x, layer, a, 0);
}

// Along each axis (+x, -x, +y, -y, +z, -z: faces 0..5) of cube `layer`.
__global__ void fetch_cube(hipTextureObject_t t, hipTextureObject_t tl, float lod, int layer,
                           float *out, float *outl)
{
    int f = threadIdx.x;
    float d[3] = {0, 0, 0};
    d[f / 2] = f % 2 ? -1.0f : 1.0f;
    out[f] = texCubemapLod<float>(t, d[0], d[1], d[2], lod);
    outl[f] = texCubemapLayeredLod<float>(tl, d[0], d[1], d[2], layer, lod);
}

// One level of a layered chain as a texture of its own.
__global__ void fetch_level(hipTextureObject_t t, float *out, int w, int h)
{
    int x = threadIdx.x, y = blockIdx.x, layer = blockIdx.y;
    out[(layer * h + y) * w + x] = tex2DLayered<float>(t, x + 0.5f, y + 0.5f, layer);
}

// Double every texel of one level of a 3-D chain through a surface.
__global__ void twice3d(hipSurfaceObject_t s, int w)
{
    int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
    if (x < w)
        surf3Dwrite(2 * surf3Dread<float>(s, x * 4, y, z), s, x * 4, y, z);
}

// Double every texel of a level through a surface.
__global__ void twice(hipSurfaceObject_t s, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x < w && y < h)
        surf2Dwrite(2 * surf2Dread<float>(s, x * 4, y), s, x * 4, y);
}
#endif

// ----------------------------------------------------------------- helpers
template <typename T> static T *to_device(const std::vector<T> &v)
{
    T *p;
    CHECK(hipMalloc(&p, v.size() * sizeof(T)));
    CHECK(hipMemcpy(p, v.data(), v.size() * sizeof(T), hipMemcpyHostToDevice));
    return p;
}

template <typename T> static std::vector<T> from_device(const T *p, size_t n)
{
    std::vector<T> v(n);
    CHECK(hipMemcpy(v.data(), p, n * sizeof(T), hipMemcpyDeviceToHost));
    return v;
}

// A float mip chain of w x h (h 0: 1-D), level l filled with l + [0, 0.25)
// through its level array.
static hipMipmappedArray_t make_chain(int w, int h, unsigned levels, std::vector<Level> &chain)
{
    hipMipmappedArray_t m;
    hipChannelFormatDesc cd = hipCreateChannelDesc<float>();
    CHECK(hipMallocMipmappedArray(&m, &cd, make_hipExtent(w, h, 0), levels, 0));
    chain.clear();
    for (unsigned l = 0;; l++) {
        hipArray_t a;
        if (hipGetMipmappedArrayLevel(&a, m, l) != hipSuccess)
            break;
        hipChannelFormatDesc got;
        hipExtent e;
        unsigned flags;
        CHECK(hipArrayGetInfo(&got, &e, &flags, a));
        Level L{(int)e.width, e.height ? (int)e.height : 1, {}};
        expect(L.w == (w >> l ? w >> l : 1), "level width", (int)l, L.w, w >> l ? w >> l : 1);
        int hl = h >> l ? h >> l : 1;
        expect(!h ? e.height == 0 : L.h == hl, "level height", (int)l, (double)e.height, hl);
        L.v.resize((size_t)L.w * L.h);
        for (float &x : L.v)
            x = (float)l + (float)(rand() % 64) / 256;
        CHECK(hipMemcpy2DToArray(a, 0, 0, L.v.data(), L.w * sizeof(float), L.w * sizeof(float),
                                 L.h, hipMemcpyHostToDevice));
        chain.push_back(L);
    }
    (void)hipGetLastError(); // the level past the last
    return m;
}

// A level of a 3-D, layered or cubemap chain: w x h x d texels (d: 3-D
// slices, layers or faces; h 1 for 1-D layers), slice by slice.
struct Level3 {
    int w, h, d;
    std::vector<float> v;
    float at(long x, long y, long z) const // clamp to edge
    {
        x = x < 0 ? 0 : x >= w ? w - 1 : x;
        y = y < 0 ? 0 : y >= h ? h - 1 : y;
        z = z < 0 ? 0 : z >= d ? d - 1 : z;
        return v[((size_t)z * h + y) * w + x];
    }
    Level slice(int z) const // one layer as a 2-D level
    {
        Level L{w, h, {}};
        L.v.assign(v.begin() + (size_t)z * w * h, v.begin() + (size_t)(z + 1) * w * h);
        return L;
    }
};

static int halve(int n, unsigned l) { return n >> l ? n >> l : 1; }

/*
 * A float mip chain of hipExtent (w, h, d) with @flags, level l filled
 * with l + [0, 0.25) (or @face_value(face, l) for cubemaps: one value a
 * face) through hipMemcpy3D into its level array, whose extent is
 * checked: a 3-D level halves the depth, layers and faces stay.
 */
static hipMipmappedArray_t make_chain3(int w, int h, int d, unsigned flags, unsigned levels,
                                       std::vector<Level3> &chain,
                                       float (*face_value)(int, int) = nullptr)
{
    hipMipmappedArray_t m;
    hipChannelFormatDesc cd = hipCreateChannelDesc<float>();
    CHECK(hipMallocMipmappedArray(&m, &cd, make_hipExtent(w, h, d), levels, flags));
    bool is3d = !(flags & (hipArrayLayered | hipArrayCubemap));
    chain.clear();
    for (unsigned l = 0;; l++) {
        hipArray_t a;
        if (hipGetMipmappedArrayLevel(&a, m, l) != hipSuccess)
            break;
        hipExtent e;
        CHECK(hipArrayGetInfo(nullptr, &e, nullptr, a));
        Level3 L{halve(w, l), h ? halve(h, l) : 1, is3d ? halve(d, l) : d, {}};
        expect((int)e.width == L.w && (int)e.height == (h ? L.h : 0) && (int)e.depth == L.d,
               "level extent", (int)l, (double)e.depth, L.d);
        L.v.resize((size_t)L.w * L.h * L.d);
        for (size_t i = 0; i < L.v.size(); i++)
            L.v[i] = face_value ? face_value((int)(i / ((size_t)L.w * L.h)), (int)l)
                                : (float)l + (float)(rand() % 64) / 256;
        hipMemcpy3DParms p{};
        p.srcPtr = make_hipPitchedPtr(L.v.data(), L.w * 4, L.w, L.h);
        p.dstArray = a;
        p.extent = make_hipExtent(L.w, L.h, L.d);
        p.kind = hipMemcpyHostToDevice;
        CHECK(hipMemcpy3D(&p));
        chain.push_back(L);
    }
    (void)hipGetLastError(); // the level past the last
    return m;
}

// The levels of layered and 3-D chains: every slice holds the whole chain
// (image.h), so a level's slices are a chain apart -- every copy form
// must agree with that.
static void test_layered_arrays()
{
    std::vector<Level3> chain;
    // 3-D: levels clamp to 1 + log2(max(w, h, d)) = 5 (depth 17 is the longest).
    hipMipmappedArray_t m = make_chain3(13, 9, 17, 0, 99, chain);
    expect(chain.size() == 5, "13 x 9 x 17: 5 levels", 0, (double)chain.size(), 5);
    for (size_t l = 0; l < chain.size(); l++) {
        const Level3 &L = chain[l];
        hipArray_t a;
        CHECK(hipGetMipmappedArrayLevel(&a, m, (unsigned)l));
        std::vector<float> back(L.v.size(), -1), flat(L.v.size(), -1);
        hipMemcpy3DParms p{};
        p.srcArray = a;
        p.dstPtr = make_hipPitchedPtr(back.data(), L.w * 4, L.w, L.h);
        p.extent = make_hipExtent(L.w, L.h, L.d);
        p.kind = hipMemcpyDeviceToHost;
        CHECK(hipMemcpy3D(&p));
        expect(back == L.v, "3-D level: hipMemcpy3D back", (int)l, 0, 0);
        // The 1-D form: the rows of all slices, one after another.
        CHECK(hipMemcpyFromArray(flat.data(), a, 0, 0, flat.size() * 4, hipMemcpyDeviceToHost));
        expect(flat == L.v, "3-D level: hipMemcpyFromArray back", (int)l, 0, 0);
    }
    CHECK(hipFreeMipmappedArray(m));

    // 2-D layered (5 layers): back through the driver's 3-D copy.
    m = make_chain3(10, 6, 5, hipArrayLayered, 4, chain);
    expect(chain.size() == 4, "10 x 6, 5 layers: 4 levels", 0, (double)chain.size(), 4);
    for (size_t l = 0; l < chain.size(); l++) {
        const Level3 &L = chain[l];
        hipArray_t a;
        CHECK(hipGetMipmappedArrayLevel(&a, m, (unsigned)l));
        std::vector<float> back(L.v.size(), -1);
        HIP_MEMCPY3D c{};
        c.srcMemoryType = hipMemoryTypeArray;
        c.srcArray = a;
        c.dstMemoryType = hipMemoryTypeHost;
        c.dstHost = back.data();
        c.dstPitch = L.w * 4;
        c.dstHeight = L.h;
        c.WidthInBytes = L.w * 4;
        c.Height = L.h;
        c.Depth = L.d;
        CHECK(hipDrvMemcpy3D(&c));
        expect(back == L.v, "2-D layered level: hipDrvMemcpy3D back", (int)l, 0, 0);
    }
    CHECK(hipFreeMipmappedArray(m));

    // 1-D layered (7 layers): the 2-D copies take the layers as rows.
    m = make_chain3(20, 0, 7, hipArrayLayered, 5, chain);
    for (size_t l = 0; l < chain.size(); l++) {
        const Level3 &L = chain[l];
        hipArray_t a;
        CHECK(hipGetMipmappedArrayLevel(&a, m, (unsigned)l));
        std::vector<float> v(L.v.size()), back(L.v.size(), -1);
        for (size_t i = 0; i < v.size(); i++)
            v[i] = -(float)(l * 1000 + i);
        CHECK(hipMemcpy2DToArray(a, 0, 0, v.data(), L.w * 4, L.w * 4, L.d,
                                 hipMemcpyHostToDevice));
        CHECK(hipMemcpy2DFromArray(back.data(), L.w * 4, a, 0, 0, L.w * 4, L.d,
                                   hipMemcpyDeviceToHost));
        expect(back == v, "1-D layered level: layers as rows, there and back", (int)l, 0, 0);
        hipMemcpy3DParms p{};
        p.srcArray = a;
        p.dstPtr = make_hipPitchedPtr(back.data(), L.w * 4, L.w, 1);
        p.extent = make_hipExtent(L.w, 1, L.d);
        p.kind = hipMemcpyDeviceToHost;
        CHECK(hipMemcpy3D(&p));
        expect(back == v, "1-D layered level: hipMemcpy3D sees the same layers", (int)l, 0,
               0);
    }
    // The levels do not overlap: level 0 still holds what make_chain3 wrote
    // after every other level was rewritten.
    {
        hipArray_t a;
        CHECK(hipGetMipmappedArrayLevel(&a, m, 0));
        std::vector<float> back(chain[0].v.size());
        CHECK(hipMemcpy2DToArray(a, 0, 0, chain[0].v.data(), 80, 80, 7, hipMemcpyHostToDevice));
        for (unsigned l = 1; l < chain.size(); l++) {
            hipArray_t b;
            CHECK(hipGetMipmappedArrayLevel(&b, m, l));
            std::vector<float> junk(chain[l].v.size(), 1e9f);
            CHECK(hipMemcpy2DToArray(b, 0, 0, junk.data(), chain[l].w * 4, chain[l].w * 4, 7,
                                     hipMemcpyHostToDevice));
        }
        CHECK(hipMemcpy2DFromArray(back.data(), 80, a, 0, 0, 80, 7, hipMemcpyDeviceToHost));
        expect(back == chain[0].v, "1-D layered: level 0 untouched by the others", 0, 0, 0);
    }
    CHECK(hipFreeMipmappedArray(m));

    // Cubemaps and layered cubemaps: square faces, 6 (* layers) of them.
    m = make_chain3(8, 8, 6, hipArrayCubemap, 9, chain);
    expect(chain.size() == 4, "8 x 8 cubemap: 4 levels", 0, (double)chain.size(), 4);
    CHECK(hipFreeMipmappedArray(m));
    m = make_chain3(4, 4, 12, hipArrayCubemap | hipArrayLayered, 3, chain);
    expect(chain.size() == 3 && chain[2].d == 12, "layered cubemap: 3 levels of 12 faces", 0,
           (double)chain.size(), 3);
    CHECK(hipFreeMipmappedArray(m));
}

// ------------------------------------------------------------------- tests
static void test_arrays()
{
    // Levels clamp to 1 + log2(max(w, h)); each level copies back exactly.
    std::vector<Level> chain;
    hipMipmappedArray_t m = make_chain(10, 6, 99, chain);
    expect(chain.size() == 4, "10 x 6: levels clamped to 4", 0, (double)chain.size(), 4);
    for (size_t l = 0; l < chain.size(); l++) {
        hipArray_t a;
        CHECK(hipGetMipmappedArrayLevel(&a, m, (unsigned)l));
        std::vector<float> back(chain[l].v.size());
        CHECK(hipMemcpy2DFromArray(back.data(), chain[l].w * sizeof(float), a, 0, 0,
                                   chain[l].w * sizeof(float), chain[l].h,
                                   hipMemcpyDeviceToHost));
        expect(back == chain[l].v, "level copies back", (int)l, 0, 0);
        // Freeing a level (as ROCm's users do) releases nothing: it goes
        // with the mipmapped array, and still copies back.
        expect(hipFreeArray(a) == hipSuccess, "freeing a level succeeds", (int)l, 0, 0);
        std::fill(back.begin(), back.end(), -1.0f);
        CHECK(hipMemcpy2DFromArray(back.data(), chain[l].w * sizeof(float), a, 0, 0,
                                   chain[l].w * sizeof(float), chain[l].h,
                                   hipMemcpyDeviceToHost));
        expect(back == chain[l].v, "a freed level still copies back", (int)l, 0, 0);
    }
    hipArray_t a;
    expect(hipGetMipmappedArrayLevel(&a, m, 4) == hipErrorInvalidValue, "level 4 of 4", 0, 0,
           0);
    CHECK(hipFreeMipmappedArray(m));
    expect(hipFreeMipmappedArray(m) == hipErrorInvalidValue, "freed twice", 0, 0, 0);
    expect(hipGetMipmappedArrayLevel(&a, m, 0) == hipErrorInvalidHandle, "level of a freed one",
           0, 0, 0);

    // The driver forms.
    HIP_ARRAY3D_DESCRIPTOR d{};
    d.Width = 64;
    d.Height = 0;
    d.Format = HIP_AD_FORMAT_UNSIGNED_INT8;
    d.NumChannels = 4;
    CHECK(hipMipmappedArrayCreate(&m, &d, 7));
    CHECK(hipMipmappedArrayGetLevel(&a, m, 6));
    hipExtent e;
    CHECK(hipArrayGetInfo(nullptr, &e, nullptr, a));
    expect(e.width == 1 && e.height == 0, "64-texel 1-D: level 6 is 1 texel", 0,
           (double)e.width, 1);
    CHECK(hipMipmappedArrayDestroy(m));

    // Refusals.
    hipChannelFormatDesc cd = hipCreateChannelDesc<float>();
    expect(hipMallocMipmappedArray(&m, &cd, make_hipExtent(8, 8, 0), 0, 0) ==
               hipErrorInvalidValue,
           "0 levels", 0, 0, 0);
    expect(hipMallocMipmappedArray(&m, &cd, make_hipExtent(8, 4, 6), 2, hipArrayCubemap) ==
               hipErrorInvalidValue,
           "a cubemap chain of 8 x 4 faces", 0, 0, 0);
    (void)hipGetLastError();
}

#if !__HIP_NO_IMAGE_SUPPORT || !defined(__HIP_DEVICE_COMPILE__)
static hipTextureObject_t mip_texture(hipMipmappedArray_t m, const Desc &d, bool normalized,
                                      hipError_t *err)
{
    hipResourceDesc r{};
    r.resType = hipResourceTypeMipmappedArray;
    r.res.mipmap.mipmap = m;
    hipTextureDesc t{};
    t.filterMode = d.linear ? hipFilterModeLinear : hipFilterModePoint;
    t.mipmapFilterMode = d.mip_linear ? hipFilterModeLinear : hipFilterModePoint;
    t.mipmapLevelBias = d.bias;
    t.minMipmapLevelClamp = d.lo;
    t.maxMipmapLevelClamp = d.hi;
    t.addressMode[0] = t.addressMode[1] = hipAddressModeClamp;
    t.normalizedCoords = normalized;
    hipTextureObject_t o = nullptr;
    *err = hipCreateTextureObject(&o, &r, &t, nullptr);
    return o;
}

static void test_2d()
{
    const int w = 16, h = 8;
    std::vector<Level> chain;
    hipMipmappedArray_t m = make_chain(w, h, 5, chain);
    std::vector<float4> p;
    const float lods[] = {-1, 0, 0.25f, 0.5f, 0.51f, 0.75f, 1, 1.3f, 1.5f, 2.25f, 2.5f,
                          3.9f, 4, 7};
    for (float lod : lods)
        for (int k = 0; k < 24; k++)
            p.push_back({(float)(rand() % 1000) / 1000, (float)(rand() % 1000) / 1000, lod,
                         0});
    // Gradients of a, in texels of level 0: lod = log2(a).
    const float grads[] = {0.5f, 1, 2, 3, 4, 6, 8, 16, 64};
    for (float a : grads)
        for (int k = 0; k < 24; k++)
            p.push_back({(float)(rand() % 1000) / 1000, (float)(rand() % 1000) / 1000,
                         std::log2(a), a});
    int n = (int)p.size();
    float4 *dp = to_device(p);
    float *out[3];
    for (auto &o : out)
        CHECK(hipMalloc(&o, n * sizeof(float)));
    const Desc descs[] = {
        {false, false, 0, 0, 4}, {true, false, 0, 0, 4}, {false, true, 0, 0, 4},
        {true, true, 0, 0, 4},   {true, true, 1, 0, 4},  {false, true, -0.5f, 1, 2.5f},
        {true, false, 0, 0, 0},  {true, true, 0.3f, 0.5f, 3},
    };
    int di = 0;
    for (const Desc &d : descs) {
        hipError_t e;
        hipTextureObject_t o = mip_texture(m, d, true, &e);
        CHECK(e);
        fetch2d<<<(n + 63) / 64, 64>>>(o, dp, out[0], out[1], out[2], n, w, h, 1);
        CHECK(hipGetLastError());
        std::vector<float> lod = from_device(out[0], n), grad = from_device(out[1], n),
                           plain = from_device(out[2], n);
        float tol = 5e-3f; // 2^-8 of a texel range below 0.25, plus the levels' spacing
        for (int i = 0; i < n; i++) {
            char what[96];
            std::snprintf(what, sizeof(what), "desc %d (%s, mip %s, bias %g, %g..%g) lod %g",
                          di, d.linear ? "linear" : "point", d.mip_linear ? "linear" : "point",
                          (double)d.bias, (double)d.lo, (double)d.hi, (double)p[i].z);
            bool is_grad = p[i].w != 0;
            if (!is_grad) {
                float want = reference(chain, p[i].x, p[i].y, p[i].z, d);
                expect(std::fabs(lod[i] - want) <= tol, what, i, lod[i], want);
            } else {
                float want = reference(chain, p[i].x, p[i].y, p[i].z, d);
                std::snprintf(what, sizeof(what), "desc %d tex2DGrad a %g", di,
                              (double)p[i].w);
                expect(std::fabs(grad[i] - want) <= tol, what, i, grad[i], want);
            }
            // tex2D: LOD 0 (a compute wave has no derivatives).
            float want0 = reference(chain, p[i].x, p[i].y, 0, d);
            expect(std::fabs(plain[i] - want0) <= tol, "tex2D: level of LOD 0", i, plain[i],
                   want0);
        }
        CHECK(hipDestroyTextureObject(o));
        di++;
    }
    // Refusals: texel coordinates (CUDA needs normalized ones), a bias
    // out of the hardware's range, clamps the wrong way round.
    hipError_t e;
    mip_texture(m, {false, false, 0, 0, 4}, false, &e);
    expect(e == hipErrorInvalidValue, "unnormalized coordinates refused", 0, e, 0);
    mip_texture(m, {false, false, 40, 0, 4}, true, &e);
    expect(e == hipErrorInvalidValue, "bias 40 refused", 0, e, 0);
    mip_texture(m, {false, false, 0, 3, 1}, true, &e);
    expect(e == hipErrorInvalidValue, "min clamp above max refused", 0, e, 0);
    (void)hipGetLastError();
    for (auto &o : out)
        CHECK(hipFree(o));
    CHECK(hipFree(dp));
    CHECK(hipFreeMipmappedArray(m));
}

// A resource view of levels 1..2: the view's LOD 0 is level 1, and it
// stops at level 2 (BASE_LEVEL and LAST_LEVEL of the T#).
static void test_level_view()
{
    std::vector<Level> chain;
    hipMipmappedArray_t m = make_chain(16, 8, 5, chain);
    hipResourceDesc r{};
    r.resType = hipResourceTypeMipmappedArray;
    r.res.mipmap.mipmap = m;
    hipTextureDesc t{};
    t.normalizedCoords = 1;
    t.maxMipmapLevelClamp = 4;
    hipResourceViewDesc v{};
    v.firstMipmapLevel = 1;
    v.lastMipmapLevel = 2;
    hipTextureObject_t o;
    CHECK(hipCreateTextureObject(&o, &r, &t, &v));
    std::vector<float4> p;
    for (float lod : {0.0f, 1.0f, 3.0f})
        for (int k = 0; k < 32; k++)
            p.push_back({(float)(rand() % 1000) / 1000, (float)(rand() % 1000) / 1000, lod, 0});
    int n = (int)p.size();
    float4 *dp = to_device(p);
    float *out[3];
    for (auto &x : out)
        CHECK(hipMalloc(&x, n * sizeof(float)));
    fetch2d<<<(n + 63) / 64, 64>>>(o, dp, out[0], out[1], out[2], n, 8, 4, 1);
    CHECK(hipGetLastError());
    std::vector<float> got = from_device(out[0], n);
    for (int i = 0; i < n; i++) {
        int l = 1 + (p[i].z >= 1 ? 1 : 0);
        float want = filter2d(chain[l], p[i].x, p[i].y, false);
        expect(got[i] == want, "a view of levels 1..2", i, got[i], want);
    }
    CHECK(hipDestroyTextureObject(o));
    v.lastMipmapLevel = 5; // beyond the chain
    expect(hipCreateTextureObject(&o, &r, &t, &v) == hipErrorInvalidValue,
           "a view beyond the chain", 0, 0, 0);
    (void)hipGetLastError();
    for (auto &x : out)
        CHECK(hipFree(x));
    CHECK(hipFree(dp));
    CHECK(hipFreeMipmappedArray(m));
}

// A chain whose sizes are not powers of two: the levels' layout (addrlib's
// rounded-up sizes) and their API sizes (rounded down) must agree between
// the runtime's copies and the sampler.
static void test_odd_sizes()
{
    std::vector<Level> chain;
    hipMipmappedArray_t m = make_chain(13, 7, 4, chain);
    std::vector<float4> p;
    for (int l = 0; l < 4; l++)
        for (int y = 0; y < chain[l].h; y++)
            for (int x = 0; x < chain[l].w; x++)
                p.push_back({(x + 0.5f) / chain[l].w, (y + 0.5f) / chain[l].h, (float)l, 0});
    int n = (int)p.size();
    float4 *dp = to_device(p);
    float *out[3];
    for (auto &o : out)
        CHECK(hipMalloc(&o, n * sizeof(float)));
    Desc d{false, false, 0, 0, 3};
    hipError_t e;
    hipTextureObject_t o = mip_texture(m, d, true, &e);
    CHECK(e);
    fetch2d<<<(n + 63) / 64, 64>>>(o, dp, out[0], out[1], out[2], n, 13, 7, 1);
    CHECK(hipGetLastError());
    std::vector<float> got = from_device(out[0], n);
    for (int i = 0, k = 0; i < 4; i++)
        for (int t = 0; t < chain[i].w * chain[i].h; t++, k++)
            expect(got[k] == chain[i].v[t], "13 x 7: every texel of every level", k, got[k],
                   chain[i].v[t]);
    CHECK(hipDestroyTextureObject(o));
    for (auto &x : out)
        CHECK(hipFree(x));
    CHECK(hipFree(dp));
    CHECK(hipFreeMipmappedArray(m));
}

static void test_1d_int()
{
    // 1-D, linear mip filter.
    std::vector<Level> chain;
    hipMipmappedArray_t m = make_chain(32, 0, 6, chain);
    std::vector<float2> p;
    for (int k = 0; k < 200; k++)
        p.push_back({(float)(rand() % 1000) / 1000, (float)(rand() % 600) / 100});
    int n = (int)p.size();
    float2 *dp = to_device(p);
    float *out, *gout;
    CHECK(hipMalloc(&out, n * sizeof(float)));
    CHECK(hipMalloc(&gout, n * sizeof(float)));
    Desc d{true, true, 0, 0, 5};
    hipError_t e;
    hipTextureObject_t o = mip_texture(m, d, true, &e);
    CHECK(e);
    fetch1d<<<(n + 63) / 64, 64>>>(o, dp, out, gout, n, 32);
    CHECK(hipGetLastError());
    std::vector<float> got = from_device(out, n), grad = from_device(gout, n);
    for (int i = 0; i < n; i++) {
        float want = reference(chain, p[i].x, 0.5f, p[i].y, d);
        expect(std::fabs(got[i] - want) <= 5e-3f, "tex1DLod linear/linear", i, got[i], want);
        expect(std::fabs(grad[i] - want) <= 5e-3f, "tex1DGrad linear/linear", i, grad[i],
               want);
    }
    CHECK(hipDestroyTextureObject(o));
    CHECK(hipFree(out));
    CHECK(hipFree(gout));
    CHECK(hipFree(dp));
    CHECK(hipFreeMipmappedArray(m));

    // int texels, read as such: exact, point filters only.
    hipChannelFormatDesc cd = hipCreateChannelDesc<int>();
    CHECK(hipMallocMipmappedArray(&m, &cd, make_hipExtent(8, 8, 0), 4, 0));
    for (unsigned l = 0; l < 4; l++) {
        hipArray_t a;
        CHECK(hipGetMipmappedArrayLevel(&a, m, l));
        int s = 8 >> l;
        std::vector<int> v(s * s);
        for (int t = 0; t < s * s; t++)
            v[t] = (int)l * 1000 + t;
        CHECK(hipMemcpy2DToArray(a, 0, 0, v.data(), s * 4, s * 4, s, hipMemcpyHostToDevice));
    }
    std::vector<float4> q;
    for (int l = 0; l < 4; l++)
        for (int t = 0; t < 16; t++)
            q.push_back({(t % 4 + 0.5f) / 4, (t / 4 + 0.5f) / 4, (float)l, 0});
    n = (int)q.size();
    float4 *dq = to_device(q);
    int *iout;
    CHECK(hipMalloc(&iout, n * sizeof(int)));
    o = mip_texture(m, {false, false, 0, 0, 3}, true, &e);
    CHECK(e);
    fetch_int<<<1, n>>>(o, dq, iout, n);
    CHECK(hipGetLastError());
    std::vector<int> ig = from_device(iout, n);
    for (int i = 0; i < n; i++) {
        int l = (int)q[i].z, s = 8 >> l;
        int want = l * 1000 + (int)(q[i].y * s) * s + (int)(q[i].x * s);
        expect(ig[i] == want, "tex2DLod<int>", i, ig[i], want);
    }
    CHECK(hipDestroyTextureObject(o));
    CHECK(hipFree(iout));
    CHECK(hipFree(dq));
    CHECK(hipFreeMipmappedArray(m));
}

// Chains of 3-D, layered and cubemap arrays sampled with their Lod and
// Grad functions, a level of a layered chain as a texture of its own, and
// a surface on a level of a 3-D chain.
static float face_value(int i, int l) { return 100.0f * (i / 6) + 10.0f * l + i % 6; }

static void test_layered_sampling()
{
    const float lods[] = {-1, 0, 0.25f, 1, 1.25f, 1.5f, 2, 2.75f, 3, 3.5f, 6};
    // 3-D, 16 x 8 x 12 (5 levels): point texels, point and linear mip filters.
    std::vector<Level3> c3;
    hipMipmappedArray_t m3 = make_chain3(16, 8, 12, 0, 5, c3);
    std::vector<float4> p;
    for (float lod : lods)
        for (int k = 0; k < 40; k++)
            p.push_back({(float)(rand() % 1000) / 1000, (float)(rand() % 1000) / 1000,
                         (float)(rand() % 1000) / 1000, lod});
    int n = (int)p.size();
    float4 *dp = to_device(p);
    float *out[4];
    for (auto &o : out)
        CHECK(hipMalloc(&o, n * sizeof(float)));
    for (const Desc &d : {Desc{false, false, 0, 0, 4}, Desc{false, true, 0, 0, 4},
                          Desc{false, true, 0.5f, 1, 3}}) {
        hipError_t e;
        hipTextureObject_t o = mip_texture(m3, d, true, &e);
        CHECK(e);
        fetch3d<<<(n + 63) / 64, 64>>>(o, dp, out[0], out[1], n, 16);
        CHECK(hipGetLastError());
        std::vector<float> lod = from_device(out[0], n), grad = from_device(out[1], n);
        for (int i = 0; i < n; i++) {
            float4 q = p[i];
            float want = mip_reference(4, q.w, d, [&](int l) {
                const Level3 &L = c3[l];
                return L.at((long)std::floor(q.x * L.w), (long)std::floor(q.y * L.h),
                            (long)std::floor(q.z * L.d));
            });
            expect(std::fabs(lod[i] - want) <= 5e-3f, "tex3DLod", i, lod[i], want);
            expect(std::fabs(grad[i] - want) <= 5e-3f, "tex3DGrad", i, grad[i], want);
        }
        CHECK(hipDestroyTextureObject(o));
    }

    // Layered: 2-D 12 x 10 and 1-D 24, 4 layers each; bilinear texels, linear mips.
    std::vector<Level3> c2, c1;
    hipMipmappedArray_t m2 = make_chain3(12, 10, 4, hipArrayLayered, 4, c2);
    hipMipmappedArray_t m1 = make_chain3(24, 0, 4, hipArrayLayered, 5, c1);
    for (int i = 0; i < n; i++)
        p[i].z = (float)(rand() % 4);
    CHECK(hipMemcpy(dp, p.data(), n * sizeof(float4), hipMemcpyHostToDevice));
    for (const Desc &d : {Desc{true, true, 0, 0, 4}, Desc{false, false, 0, 0, 4},
                          Desc{true, true, -0.5f, 0.5f, 2.5f}}) {
        hipError_t e;
        hipTextureObject_t o2 = mip_texture(m2, d, true, &e);
        CHECK(e);
        hipTextureObject_t o1 = mip_texture(m1, d, true, &e);
        CHECK(e);
        fetch_layered<<<(n + 63) / 64, 64>>>(o2, o1, dp, out[0], out[1], out[2], out[3], n, 12);
        CHECK(hipGetLastError());
        std::vector<float> got[4];
        for (int k = 0; k < 4; k++)
            got[k] = from_device(out[k], n);
        for (int i = 0; i < n; i++) {
            float4 q = p[i];
            int layer = (int)q.z;
            float want2 = mip_reference(3, q.w, d, [&](int l) {
                return filter2d(c2[l].slice(layer), q.x, q.y, d.linear);
            });
            float want1 = mip_reference(4, q.w, d, [&](int l) {
                return filter2d(c1[l].slice(layer), q.x, 0.5f, d.linear);
            });
            expect(std::fabs(got[0][i] - want2) <= 5e-3f, "tex2DLayeredLod", i, got[0][i],
                   want2);
            // The gradient is along x of level 0 (12 texels): the same LOD.
            expect(std::fabs(got[1][i] - want2) <= 5e-3f, "tex2DLayeredGrad", i, got[1][i],
                   want2);
            expect(std::fabs(got[2][i] - want1) <= 5e-3f, "tex1DLayeredLod", i, got[2][i],
                   want1);
        }
        CHECK(hipDestroyTextureObject(o2));
        CHECK(hipDestroyTextureObject(o1));
    }
    // tex1DLayeredGrad's gradient is in 24ths: run once more with w0 = 24.
    {
        Desc d{true, true, 0, 0, 4};
        hipError_t e;
        hipTextureObject_t o2 = mip_texture(m2, d, true, &e), o1 = mip_texture(m1, d, true, &e);
        CHECK(e);
        fetch_layered<<<(n + 63) / 64, 64>>>(o2, o1, dp, out[0], out[1], out[2], out[3], n, 24);
        CHECK(hipGetLastError());
        std::vector<float> g1 = from_device(out[3], n);
        for (int i = 0; i < n; i++) {
            float4 q = p[i];
            float want = mip_reference(4, q.w, d, [&](int l) {
                return filter2d(c1[l].slice((int)q.z), q.x, 0.5f, true);
            });
            expect(std::fabs(g1[i] - want) <= 5e-3f, "tex1DLayeredGrad", i, g1[i], want);
        }
        CHECK(hipDestroyTextureObject(o2));
        CHECK(hipDestroyTextureObject(o1));
    }

    // A level of the 2-D layered chain as a texture of its own: texel centres exact.
    {
        hipArray_t a;
        CHECK(hipGetMipmappedArrayLevel(&a, m2, 1));
        hipResourceDesc r{};
        r.resType = hipResourceTypeArray;
        r.res.array.array = a;
        hipTextureDesc t{};
        hipTextureObject_t o;
        CHECK(hipCreateTextureObject(&o, &r, &t, nullptr));
        const Level3 &L = c2[1];
        fetch_level<<<dim3(L.h, L.d), L.w>>>(o, out[0], L.w, L.h);
        CHECK(hipGetLastError());
        std::vector<float> got = from_device(out[0], L.v.size());
        expect(got == L.v, "level 1 of a layered chain as a texture", 0, 0, 0);
        CHECK(hipDestroyTextureObject(o));
    }

    // A surface on level 1 of the 3-D chain doubles it; the copies and the
    // chain's sampler both see the doubled texels.
    {
        hipArray_t a;
        CHECK(hipGetMipmappedArrayLevel(&a, m3, 1));
        hipResourceDesc r{};
        r.resType = hipResourceTypeArray;
        r.res.array.array = a;
        hipSurfaceObject_t sf;
        CHECK(hipCreateSurfaceObject(&sf, &r));
        const Level3 &L = c3[1];
        twice3d<<<dim3(L.h, L.d), 64>>>(sf, L.w);
        CHECK(hipGetLastError());
        std::vector<float> back(L.v.size()), twice(L.v.size());
        for (size_t i = 0; i < twice.size(); i++)
            twice[i] = 2 * L.v[i];
        hipMemcpy3DParms cp{};
        cp.srcArray = a;
        cp.dstPtr = make_hipPitchedPtr(back.data(), L.w * 4, L.w, L.h);
        cp.extent = make_hipExtent(L.w, L.h, L.d);
        cp.kind = hipMemcpyDeviceToHost;
        CHECK(hipMemcpy3D(&cp));
        expect(back == twice, "surface on level 1 of a 3-D chain", 0, 0, 0);
        std::vector<float4> q;
        for (int z = 0; z < L.d; z++)
            for (int y = 0; y < L.h; y++)
                for (int x = 0; x < L.w; x++)
                    q.push_back({(x + 0.5f) / L.w, (y + 0.5f) / L.h, (z + 0.5f) / L.d, 1});
        float4 *dq = to_device(q);
        hipError_t e;
        hipTextureObject_t o = mip_texture(m3, {false, false, 0, 0, 4}, true, &e);
        CHECK(e);
        fetch3d<<<((int)q.size() + 63) / 64, 64>>>(o, dq, out[0], out[1], (int)q.size(), 16);
        CHECK(hipGetLastError());
        std::vector<float> got = from_device(out[0], q.size());
        expect(got == twice, "the chain samples the surface's writes (tex3DLod 1)", 0, 0, 0);
        CHECK(hipDestroyTextureObject(o));
        CHECK(hipDestroySurfaceObject(sf));
        CHECK(hipFree(dq));
    }

    // Cubemaps: one value a face and level (face_value), along each axis.
    std::vector<Level3> cc, ccl;
    hipMipmappedArray_t mc = make_chain3(16, 16, 6, hipArrayCubemap, 5, cc, face_value);
    hipMipmappedArray_t mcl =
        make_chain3(8, 8, 18, hipArrayCubemap | hipArrayLayered, 4, ccl, face_value);
    for (const Desc &d : {Desc{false, false, 0, 0, 4}, Desc{true, true, 0, 0, 4}}) {
        hipError_t e;
        hipTextureObject_t o = mip_texture(mc, d, true, &e), ol = mip_texture(mcl, d, true, &e);
        CHECK(e);
        for (float lod : {0.0f, 1.0f, 1.5f, 2.25f, 3.0f, 4.0f})
            for (int layer = 0; layer < 3; layer++) {
                fetch_cube<<<1, 6>>>(o, ol, lod, layer, out[0], out[1]);
                CHECK(hipGetLastError());
                std::vector<float> a = from_device(out[0], 6), b = from_device(out[1], 6);
                for (int f = 0; f < 6; f++) {
                    float want = mip_reference(4, lod, d, [&](int l) { return face_value(f, l); });
                    float wantl = mip_reference(3, lod, d, [&](int l) {
                        return face_value(layer * 6 + f, l);
                    });
                    expect(std::fabs(a[f] - want) <= 1e-3f, "texCubemapLod", f, a[f], want);
                    expect(std::fabs(b[f] - wantl) <= 1e-3f, "texCubemapLayeredLod",
                           layer * 6 + f, b[f], wantl);
                }
            }
        CHECK(hipDestroyTextureObject(o));
        CHECK(hipDestroyTextureObject(ol));
    }
    for (auto &o : out)
        CHECK(hipFree(o));
    CHECK(hipFree(dp));
    for (hipMipmappedArray_t x : {m3, m2, m1, mc, mcl})
        CHECK(hipFreeMipmappedArray(x));
}

// A level is an array: a surface on it writes what the mipmapped texture
// then samples.
static void test_level_surface()
{
    std::vector<Level> chain;
    hipMipmappedArray_t m = make_chain(16, 16, 5, chain);
    hipArray_t a;
    CHECK(hipGetMipmappedArrayLevel(&a, m, 2));
    hipResourceDesc r{};
    r.resType = hipResourceTypeArray;
    r.res.array.array = a;
    hipSurfaceObject_t s;
    CHECK(hipCreateSurfaceObject(&s, &r));
    twice<<<dim3(1, 4), 64>>>(s, 4, 4);
    CHECK(hipGetLastError());
    std::vector<float> back(16);
    CHECK(hipMemcpy2DFromArray(back.data(), 16, a, 0, 0, 16, 4, hipMemcpyDeviceToHost));
    for (int t = 0; t < 16; t++)
        expect(back[t] == 2 * chain[2].v[t], "surface on level 2", t, back[t],
               2 * chain[2].v[t]);
    CHECK(hipDestroySurfaceObject(s));
    CHECK(hipFreeMipmappedArray(m));
}
#endif

int main()
{
    int images = 0;
    hipDeviceProp_t p;
    CHECK(hipGetDeviceProperties(&p, 0));
    CHECK(hipDeviceGetAttribute(&images, hipDeviceAttributeImageSupport, 0));
    bool gfx11 = !std::strncmp(p.gcnArchName, "gfx11", 5);
    srand(5);
    int m1 = 0, m2[2] = {p.maxTexture2DMipmap[0], p.maxTexture2DMipmap[1]};
    CHECK(hipDeviceGetAttribute(&m1, hipDeviceAttributeMaxTexture1DMipmap, 0));
    expect(m1 == (gfx11 ? 16384 : 0), "hipDeviceAttributeMaxTexture1DMipmap", 0, m1,
           gfx11 ? 16384 : 0);
    expect(m2[0] == (gfx11 ? 16384 : 0) && m2[1] == m2[0], "maxTexture2DMipmap", 0, m2[0],
           gfx11 ? 16384 : 0);
    test_arrays();
    test_layered_arrays();
#if !__HIP_NO_IMAGE_SUPPORT || !defined(__HIP_DEVICE_COMPILE__)
    if (images && !gfx11) {
        // MI200 has no mip levels: the chain is refused, its levels are not.
        std::vector<Level> chain;
        hipMipmappedArray_t m = make_chain(8, 8, 4, chain);
        hipError_t e;
        mip_texture(m, {false, false, 0, 0, 3}, true, &e);
        expect(e == hipErrorNotSupported, "gfx90a: mipmapped texture refused", 0, e, 0);
        (void)hipGetLastError();
        CHECK(hipFreeMipmappedArray(m));
        // A level of a layered chain: its layers are a chain apart, which
        // only a T# with mip levels can say.
        std::vector<Level3> c2;
        m = make_chain3(8, 8, 3, hipArrayLayered, 3, c2);
        hipArray_t a;
        CHECK(hipGetMipmappedArrayLevel(&a, m, 1));
        hipResourceDesc r{};
        r.resType = hipResourceTypeArray;
        r.res.array.array = a;
        hipTextureDesc t{};
        hipTextureObject_t o;
        expect(hipCreateTextureObject(&o, &r, &t, nullptr) == hipErrorNotSupported,
               "gfx90a: a level of a layered chain refused", 0, 0, 0);
        (void)hipGetLastError();
        CHECK(hipFreeMipmappedArray(m));
    }
    if (images)
        test_level_surface();
    if (gfx11) {
        test_2d();
        test_odd_sizes();
        test_1d_int();
        test_layered_sampling();
        test_level_view();
    }
#endif
    if (failures) {
        std::printf("mipmap: FAIL (%u of %u checks on %s)\n", failures, checks, p.gcnArchName);
        return 1;
    }
    std::printf("mipmap: PASS (%u checks on %s%s)\n", checks, p.gcnArchName,
                gfx11 ? "" : ": arrays and levels only (no mip sampling)");
    return 0;
}
