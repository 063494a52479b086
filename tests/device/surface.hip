// Surface functions over HIP arrays: surf1D, surf2D, surf3D, surf1DLayered
// and surf2DLayered, read and write, for 1-, 2- and 4-channel elements of
// 8, 16 and 32 bits, with the x coordinate in bytes.  Boundary modes:
// hipBoundaryModeZero reads 0 and drops writes outside the surface,
// hipBoundaryModeClamp clamps each coordinate, hipBoundaryModeTrap stops
// the kernel (a launch failure the host sees; checked last, since it
// leaves the device in error).  Expectations are computed on the host
// from the copies in and out of the arrays.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>
#include <vector>

#define CHECK(x)                                                                     \
    do {                                                                             \
        hipError_t e_ = (x);                                                         \
        if (e_ != hipSuccess) {                                                      \
            std::printf("surface: FAIL: %s: %s\n", #x, hipGetErrorString(e_));       \
            std::exit(1);                                                            \
        }                                                                            \
    } while (0)

static unsigned failures, checks;
static void expect(bool ok, const char *what, long i, long got, long want)
{
    checks++;
    if (!ok && ++failures <= 20)
        std::printf("  %s [%ld]: got %ld, want %ld\n", what, i, got, want);
}

#if !__HIP_NO_IMAGE_SUPPORT
// out[i] = the element at (x, y, z) of i, read with @mode; then the element
// is overwritten with i + 1000 (out of range: dropped with Zero).
template <typename T>
__global__ void rw2D(hipSurfaceObject_t s, const int4 *at, T *out, int n, int mode)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int4 c = at[i];
    surf2Dread(&out[i], s, c.x * (int)sizeof(T), c.y, mode);
}

template <typename T> __global__ void write2D(hipSurfaceObject_t s, int w, int h)
{
    int x = threadIdx.x, y = blockIdx.x;
    if (x < w && y < h) {
        T v;
        std::memset(&v, 0, sizeof(v));
        unsigned char *b = (unsigned char *)&v;
        for (unsigned k = 0; k < sizeof(T); k++)
            b[k] = (unsigned char)(x * 7 + y * 31 + k * 3 + 1);
        surf2Dwrite(v, s, x * (int)sizeof(T), y);
    }
}

__global__ void write_out_of_range(hipSurfaceObject_t s, int w, int h)
{
    // Zero mode: every one of these is dropped.
    surf2Dwrite(0xdeadbeefu, s, w * 4, 0);
    surf2Dwrite(0xdeadbeefu, s, -4, 1);
    surf2Dwrite(0xdeadbeefu, s, 0, h);
    // Clamp mode: lands on the last element of row 0.
    surf2Dwrite(77u, s, (w + 5) * 4, -3, hipBoundaryModeClamp);
}

__global__ void rw1D(hipSurfaceObject_t s, int *out, int w)
{
    int x = threadIdx.x;
    int v;
    surf1Dread(&v, s, x * 4);
    surf1Dwrite(v * 2 + x, s, x * 4);
    out[x] = surf1Dread<int>(s, (x - 3) * 4, hipBoundaryModeClamp);
    (void)w;
}

__global__ void rw3D(hipSurfaceObject_t s3, hipSurfaceObject_t s2l, hipSurfaceObject_t s1l,
                     short2 *out, int w, int h, int d)
{
    int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
    if (x >= w || y >= h || z >= d)
        return;
    short2 v = make_short2((short)(x + 100 * z), (short)(-y - 1));
    surf3Dwrite(v, s3, x * 4, y, z);
    surf2DLayeredwrite(v, s2l, x * 4, y, z);
    // Every block writes its layer's 1D row with row 0's value, so the read
    // below sees this block's own write: blocks do not wait for each other
    // (only y == 0 writing it raced with the other blocks' reads).
    surf1DLayeredwrite(make_short2(v.x, (short)-1), s1l, x * 4, z);
    __syncthreads();
    short2 a, b, c;
    surf3Dread(&a, s3, x * 4, y, z);
    surf2DLayeredread(&b, s2l, x * 4, y, z);
    surf1DLayeredread(&c, s1l, x * 4, z);
    int i = (z * h + y) * w + x;
    out[3 * i] = a;
    out[3 * i + 1] = b;
    out[3 * i + 2] = c;
}

__global__ void trap(hipSurfaceObject_t s)
{
    unsigned v;
    surf2Dread(&v, s, -4, 0, hipBoundaryModeTrap);
    surf2Dwrite(v, s, 0, 0);
}
#endif

static hipSurfaceObject_t surface_of(hipArray_t a)
{
    hipResourceDesc r{};
    r.resType = hipResourceTypeArray;
    r.res.array.array = a;
    hipSurfaceObject_t s;
    CHECK(hipCreateSurfaceObject(&s, &r));
    return s;
}

#if !__HIP_NO_IMAGE_SUPPORT || !defined(__HIP_DEVICE_COMPILE__)
// Write a pattern through the surface, read it back by copy and through
// surf2Dread at in- and out-of-range coordinates (Zero and Clamp).
template <typename T> static void test_2d(const char *name)
{
    const int w = 21, h = 9;
    hipArray_t a;
    hipChannelFormatDesc cd = hipCreateChannelDesc<T>();
    CHECK(hipMallocArray(&a, &cd, w, h, hipArraySurfaceLoadStore));
    hipSurfaceObject_t s = surface_of(a);
    hipLaunchKernelGGL(write2D<T>, dim3(h), dim3(32), 0, 0, s, w, h);
    std::vector<T> got(w * h);
    CHECK(hipMemcpy2DFromArray(got.data(), w * sizeof(T), a, 0, 0, w * sizeof(T), h,
                               hipMemcpyDeviceToHost));
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const unsigned char *b = (const unsigned char *)&got[y * w + x];
            for (unsigned k = 0; k < sizeof(T); k++)
                expect(b[k] == (unsigned char)(x * 7 + y * 31 + k * 3 + 1), name,
                       (y * w + x) * 16 + k, b[k], (unsigned char)(x * 7 + y * 31 + k * 3 + 1));
        }
    std::vector<int4> at;
    for (int y = -2; y <= h + 1; y++)
        for (int x = -2; x <= w + 1; x += 3)
            at.push_back(make_int4(x, y, 0, 0));
    int4 *dat;
    T *dout;
    CHECK(hipMalloc(&dat, at.size() * sizeof(int4)));
    CHECK(hipMalloc(&dout, at.size() * sizeof(T)));
    CHECK(hipMemcpy(dat, at.data(), at.size() * sizeof(int4), hipMemcpyHostToDevice));
    for (int mode : {hipBoundaryModeZero, hipBoundaryModeClamp}) {
        hipLaunchKernelGGL(rw2D<T>, dim3((at.size() + 63) / 64), dim3(64), 0, 0, s, dat, dout,
                           (int)at.size(), mode);
        std::vector<T> r(at.size());
        CHECK(hipMemcpy(r.data(), dout, r.size() * sizeof(T), hipMemcpyDeviceToHost));
        for (size_t i = 0; i < at.size(); i++) {
            int x = at[i].x, y = at[i].y;
            bool in = x >= 0 && x < w && y >= 0 && y < h;
            if (mode == hipBoundaryModeClamp) {
                x = x < 0 ? 0 : x >= w ? w - 1 : x;
                y = y < 0 ? 0 : y >= h ? h - 1 : y;
                in = true;
            }
            T want;
            std::memset(&want, 0, sizeof(want));
            if (in)
                want = got[y * w + x];
            expect(!std::memcmp(&r[i], &want, sizeof(T)),
                   mode == hipBoundaryModeZero ? "surf2Dread zero" : "surf2Dread clamp",
                   (long)i, *(const unsigned char *)&r[i], *(const unsigned char *)&want);
        }
    }
    CHECK(hipFree(dat));
    CHECK(hipFree(dout));
    CHECK(hipDestroySurfaceObject(s));
    CHECK(hipFreeArray(a));
}

static void test_shapes()
{
    const int w = 13, h = 5, d = 3;
    hipChannelFormatDesc cd = hipCreateChannelDesc<short2>();
    hipChannelFormatDesc ci = hipCreateChannelDesc<int>();
    hipArray_t a3, a2l, a1l, a1, au;
    CHECK(hipMalloc3DArray(&a3, &cd, make_hipExtent(w, h, d), hipArraySurfaceLoadStore));
    CHECK(hipMalloc3DArray(&a2l, &cd, make_hipExtent(w, h, d),
                           hipArrayLayered | hipArraySurfaceLoadStore));
    CHECK(hipMalloc3DArray(&a1l, &cd, make_hipExtent(w, 0, d),
                           hipArrayLayered | hipArraySurfaceLoadStore));
    CHECK(hipMallocArray(&a1, &ci, 40, 0, hipArraySurfaceLoadStore));
    CHECK(hipMallocArray(&au, &ci, 8, 4, hipArraySurfaceLoadStore));
    hipSurfaceObject_t s3 = surface_of(a3), s2l = surface_of(a2l), s1l = surface_of(a1l);
    hipSurfaceObject_t s1 = surface_of(a1), su = surface_of(au);
    short2 *d3;
    CHECK(hipMalloc(&d3, 3 * w * h * d * sizeof(short2)));
    hipLaunchKernelGGL(rw3D, dim3(h, d), dim3(w), 0, 0, s3, s2l, s1l, d3, w, h, d);
    std::vector<short2> r(3 * w * h * d);
    CHECK(hipMemcpy(r.data(), d3, r.size() * sizeof(short2), hipMemcpyDeviceToHost));
    for (int z = 0; z < d; z++)
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                int i = (z * h + y) * w + x;
                short wx = (short)(x + 100 * z), wy = (short)(-y - 1);
                for (int k = 0; k < 3; k++) {
                    short ey = k == 2 ? -1 : wy; // the 1D layered one: row 0's
                    expect(r[3 * i + k].x == wx && r[3 * i + k].y == ey,
                           k == 0 ? "surf3D" : k == 1 ? "surf2DLayered" : "surf1DLayered", i,
                           r[3 * i + k].x * 65536L + r[3 * i + k].y, wx * 65536L + ey);
                }
            }
    // surf1D: read, write back 2v + x, and clamped reads.
    std::vector<int> v(40), back(40);
    for (int i = 0; i < 40; i++)
        v[i] = i * i;
    CHECK(hipMemcpyToArray(a1, 0, 0, v.data(), 160, hipMemcpyHostToDevice));
    int *d1;
    CHECK(hipMalloc(&d1, 160));
    hipLaunchKernelGGL(rw1D, dim3(1), dim3(40), 0, 0, s1, d1, 40);
    std::vector<int> o(40);
    CHECK(hipMemcpy(o.data(), d1, 160, hipMemcpyDeviceToHost));
    CHECK(hipMemcpyFromArray(back.data(), a1, 0, 0, 160, hipMemcpyDeviceToHost));
    for (int i = 0; i < 40; i++) {
        expect(back[i] == 2 * v[i] + i, "surf1Dwrite", i, back[i], 2 * v[i] + i);
        // Clamped read of x - 3 (before or after the write of that element).
        int j = i - 3 < 0 ? 0 : i - 3;
        expect(o[i] == v[j] || o[i] == 2 * v[j] + j, "surf1Dread clamp", i, o[i], v[j]);
    }
    // Writes outside: dropped (Zero) or clamped.
    std::vector<unsigned> zeros(32, 0), u(32);
    CHECK(hipMemcpy2DToArray(au, 0, 0, zeros.data(), 32, 32, 4, hipMemcpyHostToDevice));
    hipLaunchKernelGGL(write_out_of_range, dim3(1), dim3(1), 0, 0, su, 8, 4);
    CHECK(hipMemcpy2DFromArray(u.data(), 32, au, 0, 0, 32, 4, hipMemcpyDeviceToHost));
    for (int i = 0; i < 32; i++)
        expect(u[i] == (i == 7 ? 77u : 0u), "writes outside", i, u[i], i == 7 ? 77 : 0);
    CHECK(hipFree(d3));
    CHECK(hipFree(d1));
    for (hipSurfaceObject_t s : {s3, s2l, s1l, s1, su})
        CHECK(hipDestroySurfaceObject(s));
    for (hipArray_t a : {a3, a2l, a1l, a1, au})
        CHECK(hipFreeArray(a));
}
#endif

int main()
{
    int images = 0;
    CHECK(hipDeviceGetAttribute(&images, hipDeviceAttributeImageSupport, 0));
    if (!images) {
        std::printf("surface: PASS (no images on this device)\n");
        return 0;
    }
#if !__HIP_NO_IMAGE_SUPPORT || !defined(__HIP_DEVICE_COMPILE__)
    test_2d<unsigned char>("uchar");
    test_2d<uchar2>("uchar2");
    test_2d<char4>("char4");
    test_2d<short>("short");
    test_2d<ushort4>("ushort4");
    test_2d<int>("int");
    test_2d<uint2>("uint2");
    test_2d<float>("float");
    test_2d<float4>("float4");
    test_shapes();
    // Trap: the kernel stops with a launch failure that names it.
    hipArray_t a;
    hipChannelFormatDesc ci = hipCreateChannelDesc<unsigned>();
    CHECK(hipMallocArray(&a, &ci, 4, 4, hipArraySurfaceLoadStore));
    hipSurfaceObject_t s = surface_of(a);
    hipLaunchKernelGGL(trap, dim3(1), dim3(1), 0, 0, s);
    hipError_t e = hipDeviceSynchronize();
    expect(e != hipSuccess, "hipBoundaryModeTrap stops the kernel", 0, e, 1);
#endif
    if (failures) {
        std::printf("surface: FAIL (%u of %u checks)\n", failures, checks);
        return 1;
    }
    std::printf("surface: PASS (%u checks)\n", checks);
    return 0;
}
