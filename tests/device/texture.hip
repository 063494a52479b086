// Texture objects over HIP arrays, pitched and linear memory, fetched with
// tex1D/tex2D/tex3D, the layered forms and tex1Dfetch, against a host
// reference written from the HIP/CUDA texture-fetching formulas:
//   point:  tex(x) = T[floor(x)]
//   linear: tex(x) = (1 - a) T[i] + a T[i + 1], i = floor(xB), a = frac(xB),
//           xB = x - 0.5 with its fraction kept to 8 bits (the hardware's
//           weight precision; hip-tests' reference does the same)
// with x = u * size for normalized coordinates, and the address modes
// wrap, mirror, clamp and border applied to each texel index.  Point
// results and integer reads must be exact; linear ones within 2^-8 of the
// texel range (the weights' precision).  Also the LOD, gradient and
// gather forms; on gfx942, which has no images, the refusals.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#define CHECK(x)                                                                     \
    do {                                                                             \
        hipError_t e_ = (x);                                                         \
        if (e_ != hipSuccess) {                                                      \
            std::printf("texture: FAIL: %s: %s\n", #x, hipGetErrorString(e_));       \
            std::exit(1);                                                            \
        }                                                                            \
    } while (0)

static unsigned failures, checks;

static void expect(bool ok, const char *what, int i, float got, float want)
{
    checks++;
    if (ok)
        return;
    if (++failures <= 20)
        std::printf("  %s [%d]: got %.9g, want %.9g\n", what, i, got, want);
}

// ------------------------------------------------------------ host reference
// A texel index after the address mode; -1: the border.
static long address(long i, long n, hipTextureAddressMode m)
{
    switch (m) {
    case hipAddressModeWrap:
        return ((i % n) + n) % n;
    case hipAddressModeMirror: {
        long k = ((i % (2 * n)) + 2 * n) % (2 * n);
        return k < n ? k : 2 * n - 1 - k;
    }
    case hipAddressModeClamp:
        return i < 0 ? 0 : i >= n ? n - 1 : i;
    default:
        return i < 0 || i >= n ? -1 : i;
    }
}

struct Image {
    int w, h, d;                         // d: depth or layers
    std::vector<float> v;                // one channel, as read (normalized or not)
    float at(long x, long y, long z) const { return v[(z * h + y) * w + x]; }
};

// The lower bilinear tap of texel-space coordinate @c and the weight of the
// upper one: c - 0.5 with its fraction kept to 8 bits.
static long linear_tap(float c, float *a)
{
    float b = c - 0.5f, t = std::trunc(b);
    float q = t + std::round((b - t) * 256.0f) / 256.0f;
    *a = q - std::floor(q);
    return (long)std::floor(q);
}

// Fetch one channel at texel-space coordinates (x, y, z); dims = 1, 2 or 3
// spatial axes; layer >= 0 for a layered image.
static float reference(const Image &im, int dims, float x, float y, float z, int layer,
                       bool linear, const hipTextureAddressMode *mode)
{
    float c[3] = {x, y, z};
    long n[3] = {im.w, im.h, im.d};
    long i0[3] = {0, 0, 0};
    float a[3] = {0, 0, 0};
    for (int k = 0; k < dims; k++) {
        if (!linear) {
            i0[k] = (long)std::floor(c[k]);
            continue;
        }
        i0[k] = linear_tap(c[k], &a[k]);
    }
    double sum = 0;
    for (int t = 0; t < (1 << dims); t++) {
        if (!linear && t)
            break;
        double wgt = 1;
        long idx[3] = {0, 0, layer < 0 ? 0 : layer};
        bool border = false;
        for (int k = 0; k < dims; k++) {
            int hi = (t >> k) & 1;
            wgt *= linear ? (hi ? a[k] : 1 - a[k]) : 1;
            long j = address(i0[k] + hi, n[k], mode[k]);
            border |= j < 0;
            idx[k] = j;
        }
        sum += wgt * (border ? 0.0 : im.at(idx[0], idx[1], idx[2]));
    }
    return (float)sum;
}

// ------------------------------------------------------------------ kernels
#if !__HIP_NO_IMAGE_SUPPORT
__global__ void fetch1D(hipTextureObject_t t, const float *x, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex1D<float>(t, x[i]);
}

__global__ void fetch2D(hipTextureObject_t t, const float2 *xy, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex2D<float>(t, xy[i].x, xy[i].y);
}

__global__ void fetch3D(hipTextureObject_t t, const float4 *p, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex3D<float>(t, p[i].x, p[i].y, p[i].z);
}

__global__ void fetch1DLayered(hipTextureObject_t t, const float4 *p, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex1DLayered<float>(t, p[i].x, (int)p[i].w);
}

__global__ void fetch2DLayered(hipTextureObject_t t, const float4 *p, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex2DLayered<float>(t, p[i].x, p[i].y, (int)p[i].w);
}

// Vector element types: all four channels of a uchar4 texture, read as
// normalized floats (float4) and as the integers (uchar4).
__global__ void fetchRGBA(hipTextureObject_t tn, hipTextureObject_t te, float4 *norm,
                          uchar4 *elem, int w, int h)
{
    int x = threadIdx.x, y = blockIdx.x;
    norm[y * w + x] = tex2D<float4>(tn, x + 0.5f, y + 0.5f);
    tex2D(&elem[y * w + x], te, x + 0.5f, y + 0.5f); // the out-pointer form
}

__global__ void fetchLinear(hipTextureObject_t t, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex1Dfetch<int>(t, i - 2); // two before the start: 0
}

// Constant indices: the same texels as computed ones.
__global__ void fetchConstants(hipTextureObject_t lin, int *out)
{
    out[threadIdx.x] = threadIdx.x == 0 ? tex1Dfetch<int>(lin, 3)
                     : threadIdx.x == 1 ? tex1Dfetch<int>(lin, 257)
                                        : tex1Dfetch<int>(lin, -1); // outside: 0
}

__global__ void fetchConstants2D(hipTextureObject_t t, float *out)
{
    out[0] = tex2DLod<float>(t, 0.3125f, 0.5625f, 0.0f);   // texel (x 2, y 4) of 8 x 8
    out[1] = tex2DLod<float>(t, 0.875f, 0.125f, 0.0f);     // texel (7, 1)
}

// Explicit LOD, gradients and gather (a one-level texture: level 0).  On
// gfx90a, which has no such instructions, the device functions sample
// the one level and gather the four taps by sampling their centres.
__global__ void fetchExtended(hipTextureObject_t t, const float2 *xy, float *lod, float *grad,
                              float4 *gather, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    lod[i] = tex2DLod<float>(t, xy[i].x, xy[i].y, 0.0f);
    grad[i] = tex2DGrad<float>(t, xy[i].x, xy[i].y, make_float2(0.01f, 0), make_float2(0, 0.01f));
    gather[i] = tex2Dgather<float4>(t, xy[i].x, xy[i].y, 0);
}
#endif

// ------------------------------------------------------------------- tests
static hipTextureObject_t make_texture(hipArray_t a, hipTextureAddressMode m,
                                       hipTextureFilterMode f, bool normalized,
                                       hipTextureReadMode rm = hipReadModeElementType)
{
    hipResourceDesc r{};
    r.resType = hipResourceTypeArray;
    r.res.array.array = a;
    hipTextureDesc t{};
    t.addressMode[0] = t.addressMode[1] = t.addressMode[2] = m;
    t.filterMode = f;
    t.normalizedCoords = normalized;
    t.readMode = rm;
    hipTextureObject_t o = nullptr;
    CHECK(hipCreateTextureObject(&o, &r, &t, nullptr));
    return o;
}

static const hipTextureAddressMode modes[] = {hipAddressModeWrap, hipAddressModeClamp,
                                              hipAddressModeMirror, hipAddressModeBorder};
static const char *const mode_names[] = {"wrap", "clamp", "mirror", "border"};

// Coordinates inside, on texel edges and centres, and outside the image.
static std::vector<float> coords(int n, bool normalized)
{
    std::vector<float> c;
    for (float t = -1.3f; t <= n + 1.6f; t += 0.37f)
        c.push_back(t);
    for (int i = -1; i <= n; i++) {
        c.push_back((float)i);
        c.push_back(i + 0.5f);
        c.push_back(i + 0.25f);
    }
    if (normalized)
        for (float &x : c)
            x /= (float)n;
    return c;
}

static void compare(const char *what, const std::vector<float> &got,
                    const std::vector<float> &want, bool linear)
{
    for (size_t i = 0; i < got.size(); i++) {
        float tol = linear ? 1.0f / 256 : 0.0f;
        expect(std::fabs(got[i] - want[i]) <= tol, what, (int)i, got[i], want[i]);
    }
}

template <typename T> static T *to_device(const std::vector<T> &v)
{
    T *p = nullptr;
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

#if !__HIP_NO_IMAGE_SUPPORT || !defined(__HIP_DEVICE_COMPILE__)
// A float image 13 x 7 (x 5 for 3D and layered): odd sizes, so rows are padded.
static Image float_image(int w, int h, int d)
{
    Image im{w, h, d, {}};
    for (int z = 0; z < d; z++)
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                im.v.push_back((float)(x * 3 + y * 50 + z * 700) * 0.25f - 40.0f);
    return im;
}

static void test_2d()
{
    Image im = float_image(13, 7, 1);
    hipArray_t a;
    hipChannelFormatDesc cd = hipCreateChannelDesc<float>();
    CHECK(hipMallocArray(&a, &cd, im.w, im.h, 0));
    CHECK(hipMemcpy2DToArray(a, 0, 0, im.v.data(), im.w * sizeof(float), im.w * sizeof(float),
                             im.h, hipMemcpyHostToDevice));
    for (int norm = 0; norm < 2; norm++)
        for (int mi = 0; mi < 4; mi++)
            for (int lin = 0; lin < 2; lin++) {
                // HIP: wrap and mirror need normalized coordinates.
                if (!norm && (mi == 0 || mi == 2))
                    continue;
                hipTextureObject_t t = make_texture(a, modes[mi], lin ? hipFilterModeLinear
                                                                      : hipFilterModePoint,
                                                    norm);
                std::vector<float> cx = coords(im.w, norm), cy = coords(im.h, norm);
                std::vector<float2> xy;
                std::vector<float> want;
                for (size_t i = 0; i < cx.size(); i += 2)
                    for (size_t j = 0; j < cy.size(); j += 3) {
                        xy.push_back(make_float2(cx[i], cy[j]));
                        hipTextureAddressMode m[3] = {modes[mi], modes[mi], modes[mi]};
                        want.push_back(reference(im, 2, norm ? cx[i] * im.w : cx[i],
                                                 norm ? cy[j] * im.h : cy[j], 0, -1, lin, m));
                    }
                float2 *dxy = to_device(xy);
                float *dout;
                CHECK(hipMalloc(&dout, xy.size() * sizeof(float)));
                hipLaunchKernelGGL(fetch2D, dim3((xy.size() + 63) / 64), dim3(64), 0, 0, t, dxy,
                                   dout, (int)xy.size());
                CHECK(hipDeviceSynchronize());
                char what[64];
                std::snprintf(what, sizeof(what), "tex2D %s %s %s", mode_names[mi],
                              lin ? "linear" : "point", norm ? "normalized" : "texels");
                compare(what, from_device(dout, xy.size()), want, lin);
                CHECK(hipFree(dxy));
                CHECK(hipFree(dout));
                CHECK(hipDestroyTextureObject(t));
            }
    CHECK(hipFreeArray(a));
}

static void test_1d_3d_layered(bool gfx90a)
{
    Image im1 = float_image(37, 1, 1), im3 = float_image(9, 6, 5);
    hipChannelFormatDesc cd = hipCreateChannelDesc<float>();
    hipArray_t a1, a3, al1, al2;
    CHECK(hipMallocArray(&a1, &cd, im1.w, 0, 0));
    CHECK(hipMemcpyToArray(a1, 0, 0, im1.v.data(), im1.v.size() * 4, hipMemcpyHostToDevice));
    CHECK(hipMalloc3DArray(&a3, &cd, make_hipExtent(im3.w, im3.h, im3.d), 0));
    CHECK(hipMalloc3DArray(&al2, &cd, make_hipExtent(im3.w, im3.h, im3.d), hipArrayLayered));
    Image im1l = float_image(11, 1, 4);
    CHECK(hipMalloc3DArray(&al1, &cd, make_hipExtent(im1l.w, 0, im1l.d), hipArrayLayered));
    for (hipArray_t a : {a3, al2}) {
        hipMemcpy3DParms p{};
        p.srcPtr = make_hipPitchedPtr(im3.v.data(), im3.w * 4, im3.w, im3.h);
        p.dstArray = a;
        p.extent = make_hipExtent(im3.w, im3.h, im3.d);
        p.kind = hipMemcpyHostToDevice;
        CHECK(hipMemcpy3D(&p));
    }
    {
        hipMemcpy3DParms p{};
        p.srcPtr = make_hipPitchedPtr(im1l.v.data(), im1l.w * 4, im1l.w, 1);
        p.dstArray = al1;
        p.extent = make_hipExtent(im1l.w, 1, im1l.d);
        p.kind = hipMemcpyHostToDevice;
        CHECK(hipMemcpy3D(&p));
    }
    for (int lin = 0; lin < 2; lin++)
        for (int mi : {1, 3}) {                       // clamp, border; unnormalized
            hipTextureFilterMode f = lin ? hipFilterModeLinear : hipFilterModePoint;
            hipTextureAddressMode m[3] = {modes[mi], modes[mi], modes[mi]};
            char what[64];
            // 1D, normalized with wrap too.
            for (int norm = 0; norm < 2; norm++) {
                hipTextureAddressMode m1 = norm ? hipAddressModeWrap : modes[mi];
                hipTextureAddressMode mm[3] = {m1, m1, m1};
                hipTextureObject_t t = make_texture(a1, m1, f, norm);
                std::vector<float> x = coords(im1.w, norm), want;
                for (float c : x)
                    want.push_back(reference(im1, 1, norm ? c * im1.w : c, 0, 0, -1, lin, mm));
                float *dx = to_device(x), *dout;
                CHECK(hipMalloc(&dout, x.size() * 4));
                hipLaunchKernelGGL(fetch1D, dim3((x.size() + 63) / 64), dim3(64), 0, 0, t, dx,
                                   dout, (int)x.size());
                CHECK(hipDeviceSynchronize());
                std::snprintf(what, sizeof(what), "tex1D %s %s", mode_names[norm ? 0 : mi],
                              lin ? "linear" : "point");
                compare(what, from_device(dout, x.size()), want, lin);
                CHECK(hipFree(dx));
                CHECK(hipFree(dout));
                CHECK(hipDestroyTextureObject(t));
            }
            // gfx90a cannot filter 3D or layered images (ROCm refuses too).
            if (gfx90a && lin) {
                hipResourceDesc r{};
                r.resType = hipResourceTypeArray;
                r.res.array.array = a3;
                hipTextureDesc td{};
                td.filterMode = hipFilterModeLinear;
                hipTextureObject_t t;
                expect(hipCreateTextureObject(&t, &r, &td, nullptr) == hipErrorNotSupported,
                       "gfx90a: linear 3D refused", 0, 0, 0);
                continue;
            }
            std::vector<float4> p;
            std::vector<float> w3, wl2, wl1;
            std::vector<float> cx = coords(im3.w, false), cy = coords(im3.h, false),
                               cz = coords(im3.d, false);
            for (size_t i = 0; i < cx.size(); i += 3)
                for (size_t j = 0; j < cy.size(); j += 4)
                    for (size_t k = 0; k < cz.size(); k += 5) {
                        int layer = (int)std::floor(cz[k]);
                        p.push_back(make_float4(cx[i], cy[j], cz[k], (float)layer));
                        w3.push_back(reference(im3, 3, cx[i], cy[j], cz[k], -1, lin, m));
                        int l2 = layer < 0 ? 0 : layer >= im3.d ? im3.d - 1 : layer;
                        wl2.push_back(reference(im3, 2, cx[i], cy[j], 0, l2, lin, m));
                        int l1 = layer < 0 ? 0 : layer >= im1l.d ? im1l.d - 1 : layer;
                        wl1.push_back(reference(im1l, 1, cx[i], 0, 0, l1, lin, m));
                    }
            float4 *dp = to_device(p);
            float *dout;
            CHECK(hipMalloc(&dout, p.size() * 4));
            struct {
                hipArray_t a;
                void (*k)(hipTextureObject_t, const float4 *, float *, int);
                const std::vector<float> *want;
                const char *name;
            } runs[] = {{a3, fetch3D, &w3, "tex3D"},
                        {al2, fetch2DLayered, &wl2, "tex2DLayered"},
                        {al1, fetch1DLayered, &wl1, "tex1DLayered"}};
            for (auto &r : runs) {
                hipTextureObject_t t = make_texture(r.a, modes[mi], f, false);
                hipLaunchKernelGGL(r.k, dim3((p.size() + 63) / 64), dim3(64), 0, 0, t, dp, dout,
                                   (int)p.size());
                CHECK(hipDeviceSynchronize());
                std::snprintf(what, sizeof(what), "%s %s %s", r.name, mode_names[mi],
                              lin ? "linear" : "point");
                compare(what, from_device(dout, p.size()), *r.want, lin);
                CHECK(hipDestroyTextureObject(t));
            }
            CHECK(hipFree(dp));
            CHECK(hipFree(dout));
        }
    for (hipArray_t a : {a1, a3, al1, al2})
        CHECK(hipFreeArray(a));
}

// uchar4 read as normalized floats (v / 255) and as integers.
static void test_formats()
{
    const int w = 19, h = 3;
    std::vector<uchar4> px(w * h);
    for (int i = 0; i < w * h; i++)
        px[i] = make_uchar4(i * 7, 255 - i, i * 13 + 1, i == 5 ? 255 : i);
    hipArray_t a;
    hipChannelFormatDesc cd = hipCreateChannelDesc<uchar4>();
    CHECK(hipMallocArray(&a, &cd, w, h, 0));
    CHECK(hipMemcpy2DToArray(a, 0, 0, px.data(), w * 4, w * 4, h, hipMemcpyHostToDevice));
    hipTextureObject_t tn = make_texture(a, hipAddressModeClamp, hipFilterModePoint, false,
                                         hipReadModeNormalizedFloat);
    hipTextureObject_t te = make_texture(a, hipAddressModeClamp, hipFilterModePoint, false);
    float4 *dn;
    uchar4 *de;
    CHECK(hipMalloc(&dn, w * h * sizeof(float4)));
    CHECK(hipMalloc(&de, w * h * sizeof(uchar4)));
    hipLaunchKernelGGL(fetchRGBA, dim3(h), dim3(w), 0, 0, tn, te, dn, de, w, h);
    CHECK(hipDeviceSynchronize());
    std::vector<float4> n = from_device(dn, w * h);
    std::vector<uchar4> e = from_device(de, w * h);
    for (int i = 0; i < w * h; i++) {
        const unsigned char *c = &px[i].x;
        const float *f = &n[i].x;
        const unsigned char *g = &e[i].x;
        for (int k = 0; k < 4; k++) {
            expect(f[k] == c[k] / 255.0f, "uchar4 normalized", i * 4 + k, f[k], c[k] / 255.0f);
            expect(g[k] == c[k], "uchar4 element", i * 4 + k, g[k], c[k]);
        }
    }
    CHECK(hipDestroyTextureObject(tn));
    CHECK(hipDestroyTextureObject(te));
    CHECK(hipFree(dn));
    CHECK(hipFree(de));
    CHECK(hipFreeArray(a));
}

// tex1Dfetch over linear device memory: out of range reads 0.
static void test_linear()
{
    const int n = 300;
    std::vector<int> v(n);
    for (int i = 0; i < n; i++)
        v[i] = i * i - 5000;
    int *d = to_device(v), *out;
    CHECK(hipMalloc(&out, (n + 4) * sizeof(int)));
    hipResourceDesc r{};
    r.resType = hipResourceTypeLinear;
    r.res.linear.devPtr = d;
    r.res.linear.desc = hipCreateChannelDesc<int>();
    r.res.linear.sizeInBytes = n * sizeof(int);
    hipTextureDesc t{};
    hipTextureObject_t o;
    CHECK(hipCreateTextureObject(&o, &r, &t, nullptr));
    hipLaunchKernelGGL(fetchLinear, dim3(5), dim3(64), 0, 0, o, out, n + 4);
    CHECK(hipDeviceSynchronize());
    std::vector<int> got = from_device(out, n + 4);
    for (int i = 0; i < n + 4; i++) {
        int want = i - 2 >= 0 && i - 2 < n ? v[i - 2] : 0;
        expect(got[i] == want, "tex1Dfetch", i, (float)got[i], (float)want);
    }
    hipLaunchKernelGGL(fetchConstants, dim3(1), dim3(3), 0, 0, o, out);
    CHECK(hipDeviceSynchronize());
    got = from_device(out, 3);
    expect(got[0] == v[3], "tex1Dfetch(3), constant", 0, (float)got[0], (float)v[3]);
    expect(got[1] == v[257], "tex1Dfetch(257), constant", 1, (float)got[1], (float)v[257]);
    expect(got[2] == 0, "tex1Dfetch(-1), constant: outside", 2, (float)got[2], 0);
    CHECK(hipDestroyTextureObject(o));
    CHECK(hipFree(d));
    CHECK(hipFree(out));
}

// A linear texture is a typed buffer, not a 1D image: far more texels
// than an image row's 16384.  Each thread fetches texel i as uchar4 read
// as normalized floats (c / 255) and as float2 elements.
__global__ void fetchLinearWide(hipTextureObject_t rgba, hipTextureObject_t f2, float4 *norm,
                                float2 *elem, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        norm[i] = tex1Dfetch<float4>(rgba, i);
        tex1Dfetch(&elem[i], f2, i); // the out-pointer form
    }
}

static void test_linear_wide()
{
    const int n = 100003, extra = 5; // the last `extra` fetches are past the end
    std::vector<uchar4> px(n);
    std::vector<float2> fv(n);
    for (int i = 0; i < n; i++) {
        unsigned h = (unsigned)i * 2654435761u;
        px[i] = make_uchar4(h & 255, (h >> 8) & 255, (h >> 16) & 255, h >> 24);
        fv[i] = make_float2(i * 0.25f - 7.0f, -(float)i);
    }
    uchar4 *dpx = to_device(px);
    float2 *dfv = to_device(fv), *delem;
    float4 *dnorm;
    CHECK(hipMalloc(&dnorm, (n + extra) * sizeof(float4)));
    CHECK(hipMalloc(&delem, (n + extra) * sizeof(float2)));
    hipResourceDesc r{};
    r.resType = hipResourceTypeLinear;
    r.res.linear.devPtr = dpx;
    r.res.linear.desc = hipCreateChannelDesc<uchar4>();
    r.res.linear.sizeInBytes = n * sizeof(uchar4);
    hipTextureDesc t{};
    t.readMode = hipReadModeNormalizedFloat;
    hipTextureObject_t orgba, of2;
    CHECK(hipCreateTextureObject(&orgba, &r, &t, nullptr));
    r.res.linear.devPtr = dfv;
    r.res.linear.desc = hipCreateChannelDesc<float2>();
    r.res.linear.sizeInBytes = n * sizeof(float2);
    t.readMode = hipReadModeElementType;
    CHECK(hipCreateTextureObject(&of2, &r, &t, nullptr));
    hipLaunchKernelGGL(fetchLinearWide, dim3(64), dim3(256), 0, 0, orgba, of2, dnorm, delem,
                       n + extra);
    CHECK(hipDeviceSynchronize());
    std::vector<float4> norm = from_device(dnorm, n + extra);
    std::vector<float2> elem = from_device(delem, n + extra);
    for (int i = 0; i < n + extra; i++) {
        bool in = i < n;
        float want[4] = {in ? px[i].x / 255.0f : 0, in ? px[i].y / 255.0f : 0,
                         in ? px[i].z / 255.0f : 0, in ? px[i].w / 255.0f : 0};
        float got[4] = {norm[i].x, norm[i].y, norm[i].z, norm[i].w};
        for (int c = 0; c < 4; c++)
            expect(got[c] == want[c], "tex1Dfetch<float4> of uchar4, 100003 texels", i, got[c],
                   want[c]);
        expect(elem[i].x == (in ? fv[i].x : 0) && elem[i].y == (in ? fv[i].y : 0),
               "tex1Dfetch<float2>, 100003 texels", i, elem[i].x, in ? fv[i].x : 0);
    }
    CHECK(hipDestroyTextureObject(orgba));
    CHECK(hipDestroyTextureObject(of2));

    // The limit: hipDeviceAttributeMaxTexture1DLinear texels, one more is refused.
    int max = 0;
    CHECK(hipDeviceGetAttribute(&max, hipDeviceAttributeMaxTexture1DLinear, 0));
    expect(max == 1 << 27, "hipDeviceAttributeMaxTexture1DLinear", 0, (float)max, 1 << 27);
    r.res.linear.desc = hipCreateChannelDesc<float>();
    r.res.linear.sizeInBytes = ((size_t)max + 1) * sizeof(float);
    hipTextureObject_t o;
    expect(hipCreateTextureObject(&o, &r, &t, nullptr) == hipErrorInvalidValue,
           "a linear texture of maxTexture1DLinear + 1 texels", 0, 0, 0);
    CHECK(hipFree(dpx));
    CHECK(hipFree(dfv));
    CHECK(hipFree(dnorm));
    CHECK(hipFree(delem));
}

static void test_extended()
{
    Image im = float_image(13, 7, 1);
    hipArray_t a;
    hipChannelFormatDesc cd = hipCreateChannelDesc<float>();
    CHECK(hipMallocArray(&a, &cd, im.w, im.h, 0));
    CHECK(hipMemcpy2DToArray(a, 0, 0, im.v.data(), im.w * 4, im.w * 4, im.h,
                             hipMemcpyHostToDevice));
    hipTextureObject_t t = make_texture(a, hipAddressModeClamp, hipFilterModeLinear, false);
    hipTextureAddressMode m[3] = {hipAddressModeClamp, hipAddressModeClamp, hipAddressModeClamp};
    std::vector<float2> xy;
    std::vector<float> want;
    std::vector<float4> wantg;
    for (float x = -0.7f; x < im.w + 1; x += 1.3f)
        for (float y = -0.4f; y < im.h + 1; y += 0.9f) {
            xy.push_back(make_float2(x, y));
            want.push_back(reference(im, 2, x, y, 0, -1, true, m));
            // gather: the four bilinear taps (i0,j1) (i1,j1) (i1,j0) (i0,j0).
            float unused;
            long i0 = linear_tap(x, &unused), j0 = linear_tap(y, &unused);
            auto T = [&](long i, long j) {
                return im.at(address(i, im.w, m[0]), address(j, im.h, m[1]), 0);
            };
            wantg.push_back(make_float4(T(i0, j0 + 1), T(i0 + 1, j0 + 1), T(i0 + 1, j0),
                                        T(i0, j0)));
        }
    float2 *dxy = to_device(xy);
    float *dl, *dg;
    float4 *dga;
    CHECK(hipMalloc(&dl, xy.size() * 4));
    CHECK(hipMalloc(&dg, xy.size() * 4));
    CHECK(hipMalloc(&dga, xy.size() * 16));
#if !__HIP_NO_IMAGE_SUPPORT
    hipLaunchKernelGGL(fetchExtended, dim3((xy.size() + 63) / 64), dim3(64), 0, 0, t, dxy, dl,
                       dg, dga, (int)xy.size());
#endif
    CHECK(hipDeviceSynchronize());
    compare("tex2DLod", from_device(dl, xy.size()), want, true);
    compare("tex2DGrad", from_device(dg, xy.size()), want, true);
    std::vector<float4> g = from_device(dga, xy.size());
    for (size_t i = 0; i < xy.size(); i++) {
        const float *a4 = &g[i].x, *b4 = &wantg[i].x;
        for (int k = 0; k < 4; k++)
            expect(a4[k] == b4[k], "tex2Dgather", (int)i * 4 + k, a4[k], b4[k]);
    }
    // Gather takes the bilinear footprint whatever the filter mode: the
    // same four taps through a point-filtered texture.
    {
        hipTextureObject_t tp = make_texture(a, hipAddressModeClamp, hipFilterModePoint, false);
#if !__HIP_NO_IMAGE_SUPPORT
        hipLaunchKernelGGL(fetchExtended, dim3((xy.size() + 63) / 64), dim3(64), 0, 0, tp, dxy,
                           dl, dg, dga, (int)xy.size());
#endif
        CHECK(hipDeviceSynchronize());
        g = from_device(dga, xy.size());
        for (size_t i = 0; i < xy.size(); i++) {
            const float *a4 = &g[i].x, *b4 = &wantg[i].x;
            for (int k = 0; k < 4; k++)
                expect(a4[k] == b4[k], "tex2Dgather, point-filtered texture", (int)i * 4 + k,
                       a4[k], b4[k]);
        }
        CHECK(hipDestroyTextureObject(tp));
    }
    // Constant normalized coordinates (A16 instructions), point filtering.
    {
        Image e8 = float_image(8, 8, 1);
        hipArray_t a8;
        CHECK(hipMallocArray(&a8, &cd, 8, 8, 0));
        CHECK(hipMemcpy2DToArray(a8, 0, 0, e8.v.data(), 32, 32, 8, hipMemcpyHostToDevice));
        hipTextureObject_t t8 = make_texture(a8, hipAddressModeClamp, hipFilterModePoint, true);
#if !__HIP_NO_IMAGE_SUPPORT
        hipLaunchKernelGGL(fetchConstants2D, dim3(1), dim3(1), 0, 0, t8, dl);
#endif
        CHECK(hipDeviceSynchronize());
        std::vector<float> c2 = from_device(dl, 2);
        expect(c2[0] == e8.at(2, 4, 0), "tex2DLod at constants, A16", 0, c2[0], e8.at(2, 4, 0));
        expect(c2[1] == e8.at(7, 1, 0), "tex2DLod at constants, A16", 1, c2[1], e8.at(7, 1, 0));
        CHECK(hipDestroyTextureObject(t8));
        CHECK(hipFreeArray(a8));
    }
    CHECK(hipDestroyTextureObject(t));
    CHECK(hipFree(dxy));
    CHECK(hipFree(dl));
    CHECK(hipFree(dg));
    CHECK(hipFree(dga));
    CHECK(hipFreeArray(a));
}
// Resource views (CUDA's rules): layers 1..2 of a 4-layer 2-D array are
// the view's layers 0..1 (a layer beyond clamps to the view's last); a
// view's format must be the resource's; a view is for arrays only.
static void test_views()
{
    Image im = float_image(6, 5, 4);
    hipChannelFormatDesc cd = hipCreateChannelDesc<float>();
    hipArray_t a;
    CHECK(hipMalloc3DArray(&a, &cd, make_hipExtent(im.w, im.h, im.d), hipArrayLayered));
    hipMemcpy3DParms cp{};
    cp.srcPtr = make_hipPitchedPtr(im.v.data(), im.w * 4, im.w, im.h);
    cp.dstArray = a;
    cp.extent = make_hipExtent(im.w, im.h, im.d);
    cp.kind = hipMemcpyHostToDevice;
    CHECK(hipMemcpy3D(&cp));
    hipResourceDesc r{};
    r.resType = hipResourceTypeArray;
    r.res.array.array = a;
    hipTextureDesc t{};
    hipResourceViewDesc v{};
    v.format = hipResViewFormatFloat1;
    v.width = im.w;
    v.height = im.h;
    v.firstLayer = 1;
    v.lastLayer = 2;
    hipTextureObject_t o;
    CHECK(hipCreateTextureObject(&o, &r, &t, &v));
    std::vector<float4> p;
    std::vector<float> want;
    for (int layer = 0; layer < 4; layer++) // the view's layers 0, 1, then clamped
        for (int y = 0; y < im.h; y++)
            for (int x = 0; x < im.w; x++) {
                p.push_back(make_float4(x + 0.5f, y + 0.5f, 0, (float)layer));
                want.push_back(im.at(x, y, 1 + (layer < 1 ? layer : 1)));
            }
    float4 *dp = to_device(p);
    float *dout;
    CHECK(hipMalloc(&dout, p.size() * 4));
    hipLaunchKernelGGL(fetch2DLayered, dim3((p.size() + 63) / 64), dim3(64), 0, 0, o, dp, dout,
                       (int)p.size());
    CHECK(hipDeviceSynchronize());
    std::vector<float> got = from_device(dout, p.size());
    for (size_t i = 0; i < got.size(); i++)
        expect(got[i] == want[i], "view of layers 1..2", (int)i, got[i], want[i]);
    hipResourceViewDesc back{};
    CHECK(hipGetTextureObjectResourceViewDesc(&back, o));
    expect(back.firstLayer == 1 && back.lastLayer == 2 && back.format == v.format,
           "hipGetTextureObjectResourceViewDesc", 0, (float)back.lastLayer, 2);
    HIP_RESOURCE_VIEW_DESC dback{};
    CHECK(hipTexObjectGetResourceViewDesc(&dback, o));
    expect(dback.firstLayer == 1 && dback.lastLayer == 2 &&
               dback.format == HIP_RES_VIEW_FORMAT_FLOAT_1X32,
           "hipTexObjectGetResourceViewDesc", 0, (float)dback.lastLayer, 2);
    CHECK(hipDestroyTextureObject(o));
    // The width in bytes, as hip-tests pass it (ROCm takes it).
    v.width = im.w * 4;
    CHECK(hipCreateTextureObject(&o, &r, &t, &v));
    CHECK(hipDestroyTextureObject(o));
    v.width = im.w;
    v.format = hipResViewFormatSignedInt1; // another format: no reinterpreting
    expect(hipCreateTextureObject(&o, &r, &t, &v) == hipErrorInvalidValue, "view format", 0, 0,
           0);
    v.format = hipResViewFormatFloat1;
    v.lastLayer = 4; // beyond the 4 layers
    expect(hipCreateTextureObject(&o, &r, &t, &v) == hipErrorInvalidValue, "view layers", 0, 0,
           0);
    v.lastLayer = 2;
    v.lastMipmapLevel = 1; // no mip chain
    expect(hipCreateTextureObject(&o, &r, &t, &v) == hipErrorInvalidValue, "view levels", 0, 0,
           0);
    v.lastMipmapLevel = 0;
    v.width = 7; // neither the width nor its bytes
    expect(hipCreateTextureObject(&o, &r, &t, &v) == hipErrorInvalidValue, "view width", 0, 0,
           0);
    // A view of linear memory: refused (an all-zero one is no view).
    hipResourceDesc lin{};
    lin.resType = hipResourceTypeLinear;
    lin.res.linear.devPtr = dout;
    lin.res.linear.desc = cd;
    lin.res.linear.sizeInBytes = 64;
    v = hipResourceViewDesc{};
    CHECK(hipCreateTextureObject(&o, &lin, &t, &v));
    CHECK(hipDestroyTextureObject(o));
    v.format = hipResViewFormatFloat1;
    expect(hipCreateTextureObject(&o, &lin, &t, &v) == hipErrorInvalidValue, "view of linear",
           0, 0, 0);
    (void)hipGetLastError();
    CHECK(hipFree(dp));
    CHECK(hipFree(dout));
    CHECK(hipFreeArray(a));
}

#endif

// What every device refuses, with the error HIP gives.
static void test_refusals(bool images)
{
    hipArray_t a;
    hipChannelFormatDesc cd = hipCreateChannelDesc<int>();
    CHECK(hipMallocArray(&a, &cd, 8, 8, 0));
    hipResourceDesc r{};
    r.resType = hipResourceTypeArray;
    r.res.array.array = a;
    hipTextureDesc t{};
    hipTextureObject_t o;
    hipSurfaceObject_t s;
    if (!images) {
        expect(hipCreateTextureObject(&o, &r, &t, nullptr) == hipErrorNotSupported,
               "no images: texture refused", 0, 0, 0);
        expect(hipCreateSurfaceObject(&s, &r) == hipErrorNotSupported,
               "no images: surface refused", 0, 0, 0);
        CHECK(hipFreeArray(a));
        return;
    }
    expect(hipCreateTextureObject(nullptr, &r, &t, nullptr) == hipErrorInvalidValue,
           "NULL object", 0, 0, 0);
    t.filterMode = hipFilterModeLinear; // integers read as integers do not filter
    expect(hipCreateTextureObject(&o, &r, &t, nullptr) == hipErrorInvalidValue,
           "linear filter of int", 0, 0, 0);
    t.filterMode = hipFilterModePoint;
    t.addressMode[0] = hipAddressModeBorder;
    t.borderColor[0] = 0.5f; // not a hardware border colour
    expect(hipCreateTextureObject(&o, &r, &t, nullptr) == hipErrorNotSupported,
           "border colour", 0, 0, 0);
    t.borderColor[0] = 0;
    CHECK(hipCreateTextureObject(&o, &r, &t, nullptr));
    hipResourceDesc back{};
    CHECK(hipGetTextureObjectResourceDesc(&back, o));
    expect(back.res.array.array == a, "resource desc back", 0, 0, 0);
    CHECK(hipDestroyTextureObject(o));
    expect(hipDestroyTextureObject(o) == hipErrorInvalidValue, "double destroy", 0, 0, 0);
    hipResourceDesc lin{};
    lin.resType = hipResourceTypeLinear;
    lin.res.linear.devPtr = (void *)0x1234; // not aligned, not device memory
    lin.res.linear.desc = cd;
    lin.res.linear.sizeInBytes = 64;
    expect(hipCreateTextureObject(&o, &lin, &t, nullptr) == hipErrorInvalidValue,
           "unaligned linear", 0, 0, 0);
    CHECK(hipFreeArray(a));
}

int main()
{
    int dev = 0, images = 0;
    hipDeviceProp_t p;
    CHECK(hipGetDeviceProperties(&p, dev));
    CHECK(hipDeviceGetAttribute(&images, hipDeviceAttributeImageSupport, dev));
    bool gfx90a = !std::strncmp(p.gcnArchName, "gfx90a", 6);
    bool gfx942 = !std::strncmp(p.gcnArchName, "gfx942", 6);
    expect(images == !gfx942, "hipDeviceAttributeImageSupport", 0, (float)images, !gfx942);
    test_refusals(images);
#if !__HIP_NO_IMAGE_SUPPORT || !defined(__HIP_DEVICE_COMPILE__)
    if (images) {
        test_2d();
        test_1d_3d_layered(gfx90a);
        test_formats();
        test_linear();
        test_linear_wide();
        test_views();
        test_extended();
    }
#endif
    if (failures) {
        std::printf("texture: FAIL (%u of %u checks on %s)\n", failures, checks, p.gcnArchName);
        return 1;
    }
    std::printf("texture: PASS (%u checks on %s%s)\n", checks, p.gcnArchName,
                images ? "" : ": no images, refusals only");
    return 0;
}
