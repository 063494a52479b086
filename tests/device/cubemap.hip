// Cubemaps: texCubemap and texCubemapLayered (and their Lod and Grad
// forms), surfCubemap and surfCubemapLayered, and the face-selection
// builtins they stand on (__builtin_amdgcn_cubeid/sc/tc/ma).
//
// The host reference is CUDA's cubemap table: the major axis of (x, y, z)
// picks the face (+x 0, -x 1, +y 2, -y 3, +z 4, -z 5; ties go to z, then
// y), the face coordinates are
//   +x: s = -z, t = -y    -x: s =  z, t = -y
//   +y: s =  x, t =  z    -y: s =  x, t = -z
//   +z: s =  x, t = -y    -z: s = -x, t = -y
// divided by |major| and mapped to [0, 1] by (s + 1) / 2; the texel is
// then fetched from that face like a 2D texture with its edges clamped
// (no filtering across faces).  A cubemap of L layers holds 6 * L faces,
// layer by layer.  Point results must be exact (directions are kept away
// from texel edges); linear ones within 2^-8 (the weights' precision).
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CHECK(x)                                                                     \
    do {                                                                             \
        hipError_t e_ = (x);                                                         \
        if (e_ != hipSuccess) {                                                      \
            std::printf("cubemap: FAIL: %s: %s\n", #x, hipGetErrorString(e_));       \
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
struct Face {
    int face;
    float s, t, m; // s, t: the numerators; m: |major|
};

static Face face_of(float x, float y, float z)
{
    float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
    if (az >= ax && az >= ay)
        return z < 0 ? Face{5, -x, -y, az} : Face{4, x, -y, az};
    if (ay >= ax)
        return y < 0 ? Face{3, x, -z, ay} : Face{2, x, z, ay};
    return x < 0 ? Face{1, z, -y, ax} : Face{0, -z, -y, ax};
}

// The direction through face coordinates (u, v) in [0, 1] of @face.
static void direction(int face, float u, float v, float d[3])
{
    float s = 2 * u - 1, t = 2 * v - 1;
    switch (face) {
    case 0: d[0] = 1, d[1] = -t, d[2] = -s; break;
    case 1: d[0] = -1, d[1] = -t, d[2] = s; break;
    case 2: d[0] = s, d[1] = 1, d[2] = t; break;
    case 3: d[0] = s, d[1] = -1, d[2] = -t; break;
    case 4: d[0] = s, d[1] = -t, d[2] = 1; break;
    default: d[0] = -s, d[1] = -t, d[2] = -1; break;
    }
}

struct Cube {
    int w, layers;
    std::vector<float> v; // (layer * 6 + face, y, x)
    float at(int slice, long x, long y) const
    {
        x = x < 0 ? 0 : x >= w ? w - 1 : x; // each face clamps to its edges
        y = y < 0 ? 0 : y >= w ? w - 1 : y;
        return v[((size_t)slice * w + y) * w + x];
    }
};

// The lower bilinear tap of @c (texel space), the fraction kept to 8 bits.
static long linear_tap(float c, float *a)
{
    float b = c - 0.5f, t = std::trunc(b);
    float q = t + std::round((b - t) * 256.0f) / 256.0f;
    *a = q - std::floor(q);
    return (long)std::floor(q);
}

// texCubemapLayered at direction @d; *edge: the point is within 1e-3
// texel of a texel edge (where float rounding may pick either texel).
static float reference(const Cube &c, const float d[3], int layer, bool linear, bool *edge)
{
    Face f = face_of(d[0], d[1], d[2]);
    float u = (f.s / f.m + 1) / 2 * c.w, v = (f.t / f.m + 1) / 2 * c.w;
    int slice = (layer < 0 ? 0 : layer >= c.layers ? c.layers - 1 : layer) * 6 + f.face;
    if (!linear) {
        float fu = u - std::floor(u), fv = v - std::floor(v);
        *edge = fu < 1e-3f || fu > 1 - 1e-3f || fv < 1e-3f || fv > 1 - 1e-3f;
        return c.at(slice, (long)std::floor(u), (long)std::floor(v));
    }
    *edge = false;
    float a, b;
    long i = linear_tap(u, &a), j = linear_tap(v, &b);
    return (1 - a) * (1 - b) * c.at(slice, i, j) + a * (1 - b) * c.at(slice, i + 1, j) +
           (1 - a) * b * c.at(slice, i, j + 1) + a * b * c.at(slice, i + 1, j + 1);
}

// ------------------------------------------------------------------ kernels
// The face-selection builtins (every target has v_cube*).
__global__ void cube_ops(const float4 *d, float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float x = d[i].x, y = d[i].y, z = d[i].z;
        out[i] = make_float4(__builtin_amdgcn_cubeid(x, y, z), __builtin_amdgcn_cubesc(x, y, z),
                             __builtin_amdgcn_cubetc(x, y, z), __builtin_amdgcn_cubema(x, y, z));
    }
}

#if !__HIP_NO_IMAGE_SUPPORT
// Constant directions f16 holds exactly: clang packs the face coordinates
// two to a VGPR (A16) -- the texels of the same directions at run time.
__global__ void fetch_constants(hipTextureObject_t t, float *out)
{
    out[0] = texCubemap<float>(t, 1.0f, 0.375f, -0.125f);
    out[1] = texCubemap<float>(t, -0.375f, -1.0f, 0.625f);
    out[2] = texCubemapLayered<float>(t, 0.125f, 0.625f, -1.0f, 2);
}

// .w of @d is the layer.
__global__ void fetch(hipTextureObject_t t, const float4 *d, float *plain, float *layered,
                      float *lod, float *grad, int n, int extended)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float4 p = d[i];
    plain[i] = texCubemap<float>(t, p.x, p.y, p.z);
    layered[i] = texCubemapLayered<float>(t, p.x, p.y, p.z, (int)p.w);
    if (extended) { // one level: every LOD fetches level 0
        float4 dx = make_float4(0.01f, 0, 0, 0), dy = make_float4(0, 0.01f, 0, 0);
        lod[i] = texCubemapLod<float>(t, p.x, p.y, p.z, 0.0f) -
                 texCubemapLayeredLod<float>(t, p.x, p.y, p.z, (int)p.w, 3.0f);
        grad[i] = texCubemapGrad<float>(t, p.x, p.y, p.z, dx, dy) -
                  texCubemapLayeredGrad<float>(t, p.x, p.y, p.z, (int)p.w, dy, dx);
    }
}

// Write texel (x, y) of every face of every layer: value 1000 * slice + the
// texel's index; then read back, with bad faces and layers in each mode.
__global__ void surf_write(hipSurfaceObject_t s, int w, int layers)
{
    int x = threadIdx.x, y = blockIdx.x;
    for (int l = 0; l < layers; l++)
        for (int f = 0; f < 6; f++) {
            float v = 1000.0f * (l * 6 + f) + y * w + x;
            if (l == 0)
                surfCubemapwrite(v, s, x * (int)sizeof(float), y, f);
            else
                surfCubemapLayeredwrite(v, s, x * (int)sizeof(float), y, l * 6 + f);
        }
    // Outside (face 6; layerFace past the last): dropped (Zero).
    surfCubemapwrite(-1.0f, s, x * 4, y, 6);
    surfCubemapLayeredwrite(-1.0f, s, x * 4, y, 6 * layers);
}

__global__ void surf_read(hipSurfaceObject_t s, float *out, int w, int layers)
{
    int x = threadIdx.x, y = blockIdx.x, n = w * w;
    for (int l = 0; l < layers; l++)
        for (int f = 0; f < 6; f++)
            out[(l * 6 + f) * n + y * w + x] =
                l ? surfCubemapLayeredread<float>(s, x * 4, y, l * 6 + f)
                  : surfCubemapread<float>(s, x * 4, y, f);
    float *tail = out + 6 * layers * n + 4 * (y * w + x);
    surfCubemapread(&tail[0], s, x * 4, y, 6);                              // 0
    surfCubemapread(&tail[1], s, x * 4, y, 7, hipBoundaryModeClamp);        // face 5
    surfCubemapLayeredread(&tail[2], s, x * 4, y, 6 * layers + 2, hipBoundaryModeClamp);
    surfCubemapLayeredread(&tail[3], s, x * 4, y, -1);                      // 0
}
#endif

// ----------------------------------------------------------------- tests
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

static void test_cube_ops()
{
    // Axis directions, ties (z wins over y over x), -0, and a spread.
    std::vector<float4> d = {
        {1, 0, 0, 0},      {-1, 0, 0, 0},   {0, 1, 0, 0},    {0, -1, 0, 0},
        {0, 0, 1, 0},      {0, 0, -1, 0},   {1, 1, 1, 0},    {-1, -1, -1, 0},
        {1, 1, 0, 0},      {-2, 2, 0, 0},   {3, 0, -3, 0},   {0, -4, 4, 0},
        {0.5f, -0.25f, -0.0f, 0}, {-0.0f, 0, 0, 0}, {0.3f, -0.9f, 0.2f, 0},
        {-7, 2.5f, 6.9f, 0},
    };
    srand(7);
    for (int k = 0; k < 240; k++)
        d.push_back({(float)(rand() % 2001 - 1000) / 250, (float)(rand() % 2001 - 1000) / 250,
                     (float)(rand() % 2001 - 1000) / 250, 0});
    int n = (int)d.size();
    float4 *dd = to_device(d), *dout;
    CHECK(hipMalloc(&dout, n * sizeof(float4)));
    cube_ops<<<(n + 63) / 64, 64>>>(dd, dout, n);
    CHECK(hipGetLastError());
    std::vector<float4> got = from_device(dout, n);
    for (int i = 0; i < n; i++) {
        Face f = face_of(d[i].x, d[i].y, d[i].z);
        // cubema is 2 * the signed major coordinate.
        float major = f.face < 2 ? d[i].x : f.face < 4 ? d[i].y : d[i].z;
        expect(got[i].x == (float)f.face, "cubeid", i, got[i].x, f.face);
        expect(got[i].y == f.s, "cubesc", i, got[i].y, f.s);
        expect(got[i].z == f.t, "cubetc", i, got[i].z, f.t);
        expect(got[i].w == 2 * major, "cubema", i, got[i].w, 2 * major);
    }
    CHECK(hipFree(dd));
    CHECK(hipFree(dout));
}

#if !__HIP_NO_IMAGE_SUPPORT || !defined(__HIP_DEVICE_COMPILE__)
static hipArray_t cube_array(int w, int layers)
{
    hipArray_t a;
    hipChannelFormatDesc cd = hipCreateChannelDesc<float>();
    CHECK(hipMalloc3DArray(&a, &cd, make_hipExtent(w, w, 6 * layers),
                           hipArrayCubemap | (layers > 1 ? hipArrayLayered : 0)));
    return a;
}

static void copy_in(hipArray_t a, const Cube &c)
{
    hipMemcpy3DParms p{};
    p.srcPtr = make_hipPitchedPtr((void *)c.v.data(), c.w * sizeof(float), c.w, c.w);
    p.dstArray = a;
    p.extent = make_hipExtent(c.w, c.w, 6 * c.layers);
    p.kind = hipMemcpyHostToDevice;
    CHECK(hipMemcpy3D(&p));
}

static void test_texture(bool gfx90a)
{
    Cube c{8, 3, {}};
    c.v.resize((size_t)6 * c.layers * c.w * c.w);
    srand(11);
    for (float &x : c.v)
        x = (float)(rand() % 1024) / 1024;
    hipArray_t a = cube_array(c.w, c.layers);
    copy_in(a, c);

    // Every texel centre of every face and layer, then random directions
    // (layers -1 .. layers: clamped).
    std::vector<float4> d;
    for (int l = 0; l < c.layers; l++)
        for (int f = 0; f < 6; f++)
            for (int y = 0; y < c.w; y++)
                for (int x = 0; x < c.w; x++) {
                    float p[3];
                    direction(f, (x + 0.5f) / c.w, (y + 0.5f) / c.w, p);
                    float k = 0.5f + (float)((x * 7 + y * 3 + f) % 5); // any length
                    d.push_back({k * p[0], k * p[1], k * p[2], (float)l});
                }
    int centres = (int)d.size();
    for (int k = 0; k < 2000; k++)
        d.push_back({(float)(rand() % 2001 - 1000) / 97, (float)(rand() % 2001 - 1000) / 97,
                     (float)(rand() % 2001 - 1000) / 97, (float)(rand() % (c.layers + 2) - 1)});
    int n = (int)d.size();
    float4 *dd = to_device(d);
    float *out[4];
    for (auto &o : out)
        CHECK(hipMalloc(&o, n * sizeof(float)));

    for (int linear = 0; linear < 2; linear++) {
        hipResourceDesc r{};
        r.resType = hipResourceTypeArray;
        r.res.array.array = a;
        hipTextureDesc t{};
        t.filterMode = linear ? hipFilterModeLinear : hipFilterModePoint;
        t.addressMode[0] = t.addressMode[1] = hipAddressModeWrap; // not for cubemaps
        t.normalizedCoords = 0;                                    // nor this
        hipTextureObject_t o;
        hipError_t e = hipCreateTextureObject(&o, &r, &t, nullptr);
        if (gfx90a && linear) { // no filtering of layered textures on MI200
            expect(e == hipErrorNotSupported, "gfx90a: linear cubemap refused", 0, e, 0);
            (void)hipGetLastError();
            break;
        }
        CHECK(e);
        fetch<<<(n + 63) / 64, 64>>>(o, dd, out[0], out[1], out[2], out[3], n, !gfx90a);
        CHECK(hipGetLastError());
        std::vector<float> plain = from_device(out[0], n), lay = from_device(out[1], n);
        std::vector<float> lod = from_device(out[2], n), grad = from_device(out[3], n);
        float tol = linear ? 1.0f / 256 + 1e-6f : 0;
        for (int i = 0; i < n; i++) {
            float p[3] = {d[i].x, d[i].y, d[i].z};
            bool edge, edge0;
            float want = reference(c, p, (int)d[i].w, linear, &edge);
            float want0 = reference(c, p, 0, linear, &edge0);
            if (i < centres && edge)
                expect(false, "a texel centre is near an edge", i, 0, 0);
            if (!edge0)
                expect(std::fabs(plain[i] - want0) <= tol,
                       linear ? "texCubemap linear" : "texCubemap point", i, plain[i], want0);
            if (!edge)
                expect(std::fabs(lay[i] - want) <= tol,
                       linear ? "texCubemapLayered linear" : "texCubemapLayered point", i,
                       lay[i], want);
        }
        if (!linear) {
            fetch_constants<<<1, 1>>>(o, out[0]);
            CHECK(hipGetLastError());
            std::vector<float> k = from_device(out[0], 3);
            // Texel centres, not edges (an edge may round either way).
            const float dirs[3][4] = {{1.0f, 0.375f, -0.125f, 0}, {-0.375f, -1.0f, 0.625f, 0},
                                      {0.125f, 0.625f, -1.0f, 2}};
            for (int i = 0; i < 3; i++) {
                bool edge;
                float want = reference(c, dirs[i], (int)dirs[i][3], false, &edge);
                expect(!edge && k[i] == want, "constant directions (A16)", i, k[i], want);
            }
        }
        if (!gfx90a) {
            // One mip level: every LOD and gradient fetches level 0 alike.
            for (int i = 0; i < n; i += 7) {
                float p[3] = {d[i].x, d[i].y, d[i].z};
                bool edge;
                float w0 = reference(c, p, 0, linear, &edge);
                float wl = reference(c, p, (int)d[i].w, linear, &edge);
                expect(std::fabs(lod[i] - (w0 - wl)) <= 2 * tol + 1e-6f || edge,
                       "texCubemapLod - texCubemapLayeredLod", i, lod[i], w0 - wl);
                expect(std::fabs(grad[i] - (w0 - wl)) <= 2 * tol + 1e-6f || edge,
                       "texCubemapGrad - texCubemapLayeredGrad", i, grad[i], w0 - wl);
            }
        }
        CHECK(hipDestroyTextureObject(o));
    }
    for (auto &o : out)
        CHECK(hipFree(o));
    CHECK(hipFree(dd));
    CHECK(hipFreeArray(a));
}

static void test_surface()
{
    const int w = 8, layers = 2, n = w * w;
    hipArray_t a = cube_array(w, layers);
    hipResourceDesc r{};
    r.resType = hipResourceTypeArray;
    r.res.array.array = a;
    hipSurfaceObject_t s;
    CHECK(hipCreateSurfaceObject(&s, &r));
    surf_write<<<w, w>>>(s, w, layers);
    CHECK(hipGetLastError());

    // The faces in the array as written: layer by layer, 6 faces each.
    Cube c{w, layers, std::vector<float>((size_t)6 * layers * n)};
    hipMemcpy3DParms p{};
    p.srcArray = a;
    p.dstPtr = make_hipPitchedPtr(c.v.data(), w * sizeof(float), w, w);
    p.extent = make_hipExtent(w, w, 6 * layers);
    p.kind = hipMemcpyDeviceToHost;
    CHECK(hipMemcpy3D(&p));
    for (int i = 0; i < 6 * layers * n; i++)
        expect(c.v[i] == 1000.0f * (i / n) + i % n, "surfCubemap(Layered)write", i, c.v[i],
               1000.0f * (i / n) + i % n);

    float *dout;
    size_t total = (size_t)6 * layers * n + 4 * n;
    CHECK(hipMalloc(&dout, total * sizeof(float)));
    surf_read<<<w, w>>>(s, dout, w, layers);
    CHECK(hipGetLastError());
    std::vector<float> got = from_device(dout, total);
    for (int i = 0; i < 6 * layers * n; i++)
        expect(got[i] == c.v[i], "surfCubemap(Layered)read", i, got[i], c.v[i]);
    for (int t = 0; t < n; t++) {
        const float *q = &got[(size_t)6 * layers * n + 4 * t];
        expect(q[0] == 0, "face 6, Zero: 0", t, q[0], 0);
        expect(q[1] == c.v[5 * n + t], "face 7, Clamp: face 5", t, q[1], c.v[5 * n + t]);
        float last = c.v[((layers - 1) * 6 + 5) * n + t];
        expect(q[2] == last, "layerFace past the end, Clamp: the last face", t, q[2], last);
        expect(q[3] == 0, "layerFace -1, Zero: 0", t, q[3], 0);
    }
    CHECK(hipFree(dout));
    CHECK(hipDestroySurfaceObject(s));
    CHECK(hipFreeArray(a));
}
#endif

static void test_limits(bool images)
{
    int cube = 0, layered = 0;
    CHECK(hipDeviceGetAttribute(&cube, hipDeviceAttributeMaxTextureCubemap, 0));
    hipDeviceProp_t p;
    CHECK(hipGetDeviceProperties(&p, 0));
    layered = p.maxTextureCubemapLayered[1];
    expect(cube == (images ? 16384 : 0), "hipDeviceAttributeMaxTextureCubemap", 0, cube,
           images ? 16384 : 0);
    expect(layered == (images ? 8192 / 6 : 0), "maxTextureCubemapLayered[1]", 0, layered,
           images ? 8192 / 6 : 0);
    // Faces are square, and a cubemap has 6 of them per layer.
    hipArray_t a;
    hipChannelFormatDesc cd = hipCreateChannelDesc<float>();
    expect(hipMalloc3DArray(&a, &cd, make_hipExtent(8, 4, 6), hipArrayCubemap) ==
               hipErrorInvalidValue,
           "8 x 4 faces refused", 0, 0, 0);
    expect(hipMalloc3DArray(&a, &cd, make_hipExtent(8, 8, 5), hipArrayCubemap) ==
               hipErrorInvalidValue,
           "5 faces refused", 0, 0, 0);
    (void)hipGetLastError(); // clear the error those left
}

int main()
{
    int images = 0;
    hipDeviceProp_t p;
    CHECK(hipGetDeviceProperties(&p, 0));
    CHECK(hipDeviceGetAttribute(&images, hipDeviceAttributeImageSupport, 0));
    bool gfx90a = !std::strncmp(p.gcnArchName, "gfx90a", 6);
    test_cube_ops();
    test_limits(images);
#if !__HIP_NO_IMAGE_SUPPORT || !defined(__HIP_DEVICE_COMPILE__)
    if (images) {
        test_texture(gfx90a);
        test_surface();
    }
#endif
    if (failures) {
        std::printf("cubemap: FAIL (%u of %u checks on %s)\n", failures, checks, p.gcnArchName);
        return 1;
    }
    std::printf("cubemap: PASS (%u checks on %s%s)\n", checks, p.gcnArchName,
                images ? "" : ": no images, face selection only");
    return 0;
}
