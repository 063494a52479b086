// The C++ standard library in device code, as ROCm's clang wrappers give
// it (docs/device-language.md, "The standard library in device code"):
//  - memcpy and memset for every size 0..96 at every alignment of source
//    and destination, and a large unaligned copy, bytes outside the range
//    untouched; memcmp's sign;
//  - __ldg for each type HIP has it for;
//  - placement new (<new>);
//  - std::complex<float> and <double>: * and / (with C99 Annex G's
//    infinities: firmware/complex.c; every pair of special operands
//    against the host's libgcc), abs, arg, norm, conj, polar, exp,
//    log, sqrt, pow, sin, cos, tan, sinh, cosh, tanh, asin, atan;
//  - <cmath>'s std:: overloads: std::sin(float) is float;
//  - <algorithm>'s std::min, std::max, std::clamp;
//  - 'register' (accepted silently, as by nvcc and HIP-Clang).
// The standard headers come first on purpose: the order must not matter.
#include <algorithm>
#include <complex>
#include <cmath>
#include <new>
#include <cstring>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <hip/hip_runtime.h>

#define CHECK(x)                                                                         \
    do {                                                                                 \
        hipError_t e_ = (x);                                                             \
        if (e_ != hipSuccess) {                                                          \
            printf("FAIL: %s: %s\n", #x, hipGetErrorString(e_));                         \
            exit(1);                                                                     \
        }                                                                                \
    } while (0)

static int failures;
#define EXPECT(cond, ...)                                                                \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            if (failures++ < 20) {                                                       \
                printf("FAIL: " __VA_ARGS__);                                            \
                printf("\n");                                                            \
            }                                                                            \
        }                                                                                \
    } while (0)

// ---------------------------------------------------------------- mem*
// One thread per (size, source offset, destination offset): it copies
// (or sets) size bytes into its own slot, which starts filled with 0xEE.
constexpr int kMaxSize = 96, kOffs = 8, kSlot = 128;
constexpr int kCases = (kMaxSize + 1) * kOffs * kOffs;

__device__ inline void decode(int t, int* size, int* so, int* dof)
{
    *size = t / (kOffs * kOffs);
    *so = (t / kOffs) % kOffs;
    *dof = t % kOffs;
}

__global__ void copy_kernel(const unsigned char* src, unsigned char* slots, unsigned char* sets)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= kCases)
        return;
    int size, so, dof;
    decode(t, &size, &so, &dof);
    void* r = memcpy(slots + (size_t)t * kSlot + dof, src + so + t % 13, size);
    if (r != slots + (size_t)t * kSlot + dof)
        slots[(size_t)t * kSlot] = 0;  // the host sees a wrong guard
    r = memset(sets + (size_t)t * kSlot + dof, 0x100 + so, size);  // (unsigned char)c: so
    if (r != sets + (size_t)t * kSlot + dof)
        sets[(size_t)t * kSlot] = 0;
}

// Constant sizes: the compiler expands these inline instead of a loop.
__global__ void copy_fixed(const unsigned char* src, unsigned char* dst)
{
    memcpy(dst + 1, src + 3, 13);
    std::memcpy(dst + 20, src, 64);  // std:: too
    memset(dst + 90, 0x5a, 7);
}

// A large copy and set: one block, the bytes shared out by a loop of
// memcpy's per thread, each at odd offsets.
constexpr size_t kBig = 300001;
__global__ void copy_big(const unsigned char* src, unsigned char* dst, unsigned char* set)
{
    if (threadIdx.x == 0) {
        memcpy(dst + 3, src + 1, kBig);
        memset(set + 5, 0xa7, kBig);
    }
}

__global__ void compare_kernel(const unsigned char* a, const unsigned char* b, int* out)
{
    out[0] = memcmp(a, b, 0);      // nothing compared: 0
    out[1] = memcmp(a, b, 16);     // equal
    out[2] = memcmp(a, b, 40);     // a[20] = 0x10 < b[20] = 0xf0
    out[3] = memcmp(b, a, 40);
    out[4] = memcmp(a + 21, b + 21, 19);
}

static void test_mem()
{
    static unsigned char src[kMaxSize + kOffs + 16];
    for (size_t i = 0; i < sizeof(src); i++)
        src[i] = (unsigned char)(i * 37 + 11);
    size_t slots_bytes = (size_t)kCases * kSlot;
    unsigned char *d_src, *d_slots, *d_sets;
    CHECK(hipMalloc(&d_src, sizeof(src)));
    CHECK(hipMalloc(&d_slots, slots_bytes));
    CHECK(hipMalloc(&d_sets, slots_bytes));
    CHECK(hipMemcpy(d_src, src, sizeof(src), hipMemcpyHostToDevice));
    CHECK(hipMemset(d_slots, 0xee, slots_bytes));
    CHECK(hipMemset(d_sets, 0xee, slots_bytes));
    copy_kernel<<<(kCases + 255) / 256, 256>>>(d_src, d_slots, d_sets);
    CHECK(hipDeviceSynchronize());
    unsigned char* slots = (unsigned char*)malloc(slots_bytes);
    unsigned char* sets = (unsigned char*)malloc(slots_bytes);
    CHECK(hipMemcpy(slots, d_slots, slots_bytes, hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(sets, d_sets, slots_bytes, hipMemcpyDeviceToHost));
    int bad = 0;
    for (int t = 0; t < kCases && bad < 10; t++) {
        int size = t / (kOffs * kOffs), so = (t / kOffs) % kOffs, dof = t % kOffs;
        const unsigned char* s = slots + (size_t)t * kSlot;
        const unsigned char* m = sets + (size_t)t * kSlot;
        for (int i = 0; i < kSlot; i++) {
            bool in = i >= dof && i < dof + size;
            unsigned char want = in ? src[so + t % 13 + i - dof] : 0xee;
            unsigned char want_set = in ? (unsigned char)so : 0xee;
            if (s[i] != want || m[i] != want_set) {
                EXPECT(false, "mem: size %d, src +%d, dst +%d: byte %d is %#x/%#x, not %#x/%#x",
                       size, so, dof, i, s[i], m[i], want, want_set);
                bad++;
                break;
            }
        }
    }

    unsigned char fixed[128];
    unsigned char* d_fixed;
    CHECK(hipMalloc(&d_fixed, sizeof(fixed)));
    CHECK(hipMemset(d_fixed, 0xee, sizeof(fixed)));
    copy_fixed<<<1, 1>>>(d_src, d_fixed);
    CHECK(hipMemcpy(fixed, d_fixed, sizeof(fixed), hipMemcpyDeviceToHost));
    for (int i = 0; i < 128; i++) {
        unsigned char want = i >= 1 && i < 14 ? src[i + 2] : i >= 20 && i < 84 ? src[i - 20]
                             : i >= 90 && i < 97 ? 0x5a : 0xee;
        EXPECT(fixed[i] == want, "mem: constant sizes: byte %d is %#x, not %#x", i, fixed[i], want);
    }

    size_t big_bytes = kBig + 16;
    unsigned char* big = (unsigned char*)malloc(big_bytes);
    unsigned char* out = (unsigned char*)malloc(big_bytes);
    unsigned char* set = (unsigned char*)malloc(big_bytes);
    for (size_t i = 0; i < big_bytes; i++)
        big[i] = (unsigned char)(i ^ (i >> 8) ^ (i >> 16));
    unsigned char *d_big, *d_out, *d_set;
    CHECK(hipMalloc(&d_big, big_bytes));
    CHECK(hipMalloc(&d_out, big_bytes));
    CHECK(hipMalloc(&d_set, big_bytes));
    CHECK(hipMemcpy(d_big, big, big_bytes, hipMemcpyHostToDevice));
    CHECK(hipMemset(d_out, 0xee, big_bytes));
    CHECK(hipMemset(d_set, 0xee, big_bytes));
    copy_big<<<1, 64>>>(d_big, d_out, d_set);
    CHECK(hipMemcpy(out, d_out, big_bytes, hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(set, d_set, big_bytes, hipMemcpyDeviceToHost));
    for (size_t i = 0; i < big_bytes; i++) {
        unsigned char want = i >= 3 && i < 3 + kBig ? big[i - 2] : 0xee;
        unsigned char want_set = i >= 5 && i < 5 + kBig ? 0xa7 : 0xee;
        if (out[i] != want || set[i] != want_set) {
            EXPECT(false, "mem: %zu-byte copy/set: byte %zu is %#x/%#x, not %#x/%#x", kBig, i,
                   out[i], set[i], want, want_set);
            break;
        }
    }

    unsigned char a[40], b[40];
    for (int i = 0; i < 40; i++)
        a[i] = b[i] = (unsigned char)(200 + i);
    a[20] = 0x10;
    b[20] = 0xf0;  // unsigned comparison: 0xf0 is the larger
    unsigned char *d_a, *d_b;
    int cmp[5], *d_cmp;
    CHECK(hipMalloc(&d_a, 40));
    CHECK(hipMalloc(&d_b, 40));
    CHECK(hipMalloc(&d_cmp, sizeof(cmp)));
    CHECK(hipMemcpy(d_a, a, 40, hipMemcpyHostToDevice));
    CHECK(hipMemcpy(d_b, b, 40, hipMemcpyHostToDevice));
    compare_kernel<<<1, 1>>>(d_a, d_b, d_cmp);
    CHECK(hipMemcpy(cmp, d_cmp, sizeof(cmp), hipMemcpyDeviceToHost));
    EXPECT(cmp[0] == 0 && cmp[1] == 0 && cmp[2] < 0 && cmp[3] > 0 && cmp[4] == 0,
           "memcmp: %d %d %d %d %d, not 0 0 <0 >0 0", cmp[0], cmp[1], cmp[2], cmp[3], cmp[4]);

    free(slots);
    free(sets);
    free(big);
    free(out);
    free(set);
    CHECK(hipFree(d_src));
    CHECK(hipFree(d_slots));
    CHECK(hipFree(d_sets));
    CHECK(hipFree(d_fixed));
    CHECK(hipFree(d_big));
    CHECK(hipFree(d_out));
    CHECK(hipFree(d_set));
    CHECK(hipFree(d_a));
    CHECK(hipFree(d_b));
    CHECK(hipFree(d_cmp));
}

// ---------------------------------------------------------------- __ldg
struct LdgIn {
    char c; signed char sc; unsigned char uc; short s; unsigned short us; int i; unsigned int ui;
    long l; unsigned long ul; long long ll; unsigned long long ull; float f; double d;
    char2 c2; char4 c4; short2 s2; short4 s4; int2 i2; int4 i4; longlong2 ll2;
    uchar2 uc2; uchar4 uc4; ushort2 us2; uint2 ui2; uint4 ui4; ulonglong2 ull2;
    float2 f2; float4 f4; double2 d2;
};

// The sum of every field read through __ldg, in double (exact here).
__global__ void ldg_kernel(const LdgIn* p, double* out)
{
    static_assert(std::is_same<decltype(__ldg(&p->f)), float>::value, "__ldg(float*) is float");
    static_assert(std::is_same<decltype(__ldg(&p->f4)), float4>::value, "__ldg(float4*)");
    double s = 0;
    s += __ldg(&p->c) + __ldg(&p->sc) + __ldg(&p->uc) + __ldg(&p->s) + __ldg(&p->us);
    s += __ldg(&p->i) + (double)__ldg(&p->ui) + (double)__ldg(&p->l) + (double)__ldg(&p->ul);
    s += (double)__ldg(&p->ll) + (double)__ldg(&p->ull) + __ldg(&p->f) + __ldg(&p->d);
    char2 c2 = __ldg(&p->c2); char4 c4 = __ldg(&p->c4);
    s += c2.x + c2.y + c4.x + c4.y + c4.z + c4.w;
    short2 s2 = __ldg(&p->s2); short4 s4 = __ldg(&p->s4);
    s += s2.x + s2.y + s4.x + s4.y + s4.z + s4.w;
    int2 i2 = __ldg(&p->i2); int4 i4 = __ldg(&p->i4);
    s += i2.x + i2.y + i4.x + i4.y + i4.z + i4.w;
    longlong2 ll2 = __ldg(&p->ll2);
    s += (double)ll2.x + (double)ll2.y;
    uchar2 uc2 = __ldg(&p->uc2); uchar4 uc4 = __ldg(&p->uc4);
    s += uc2.x + uc2.y + uc4.x + uc4.y + uc4.z + uc4.w;
    ushort2 us2 = __ldg(&p->us2);
    s += us2.x + us2.y;
    uint2 ui2 = __ldg(&p->ui2); uint4 ui4 = __ldg(&p->ui4);
    s += (double)ui2.x + ui2.y + (double)ui4.x + ui4.y + ui4.z + ui4.w;
    ulonglong2 ull2 = __ldg(&p->ull2);
    s += (double)ull2.x + (double)ull2.y;
    float2 f2 = __ldg(&p->f2); float4 f4 = __ldg(&p->f4);
    s += f2.x + f2.y + f4.x + f4.y + f4.z + f4.w;
    double2 d2 = __ldg(&p->d2);
    s += d2.x + d2.y;
    *out = s;
}

static void test_ldg()
{
    LdgIn in;
    memset(&in, 0, sizeof(in));
    in.c = 1; in.sc = -2; in.uc = 250; in.s = -300; in.us = 60000; in.i = -70000;
    in.ui = 4000000000u; in.l = -5000000000L; in.ul = 6000000000UL; in.ll = -7000000000LL;
    in.ull = 8000000000ULL; in.f = 0.5f; in.d = 0.25;
    in.c2 = make_char2(3, 4); in.c4 = make_char4(5, 6, 7, 8);
    in.s2 = make_short2(9, 10); in.s4 = make_short4(11, 12, 13, 14);
    in.i2 = make_int2(15, 16); in.i4 = make_int4(17, 18, 19, 20);
    in.ll2 = make_longlong2(21, 22); in.uc2 = make_uchar2(23, 24);
    in.uc4 = make_uchar4(25, 26, 27, 28); in.us2 = make_ushort2(29, 30);
    in.ui2 = make_uint2(31, 32); in.ui4 = make_uint4(33, 34, 35, 36);
    in.ull2 = make_ulonglong2(37, 38); in.f2 = make_float2(39.5f, 40.5f);
    in.f4 = make_float4(41, 42, 43, 44); in.d2 = make_double2(45.125, 46);
    double want = 1 - 2 + 250 - 300 + 60000 - 70000 + 4000000000.0 - 5000000000.0 +
                  6000000000.0 - 7000000000.0 + 8000000000.0 + 0.5 + 0.25 + 0.5 + 0.5 + 0.125;
    for (int k = 3; k <= 46; k++)
        want += k;
    LdgIn* d_in;
    double got, *d_out;
    CHECK(hipMalloc(&d_in, sizeof(in)));
    CHECK(hipMalloc(&d_out, sizeof(double)));
    CHECK(hipMemcpy(d_in, &in, sizeof(in), hipMemcpyHostToDevice));
    ldg_kernel<<<1, 1>>>(d_in, d_out);
    CHECK(hipMemcpy(&got, d_out, sizeof(got), hipMemcpyDeviceToHost));
    EXPECT(got == want, "__ldg: the fields sum to %.17g, not %.17g", got, want);
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_out));
}

// ---------------------------------------------------------------- placement new
struct Particle {
    float x, v;
    int id;
    __device__ Particle(float x0, float v0, int i) : x(x0), v(v0), id(i) {}
    __device__ void step(float dt) { x += v * dt; }
};

__global__ void placement_kernel(float* out)
{
    alignas(Particle) __shared__ unsigned char pool[64 * sizeof(Particle)];
    int t = threadIdx.x;
    // Constructed in place in LDS: no heap involved.
    Particle* p = new (pool + t * sizeof(Particle)) Particle(t, 2.0f * t, t);
    p->step(0.5f);
    __syncthreads();
    Particle* q = reinterpret_cast<Particle*>(pool) + (t + 1) % blockDim.x;
    out[t] = q->x + q->id;  // a neighbour's object
    p->~Particle();
}

static void test_placement()
{
    float out[64], *d_out;
    CHECK(hipMalloc(&d_out, sizeof(out)));
    placement_kernel<<<1, 64>>>(d_out);
    CHECK(hipMemcpy(out, d_out, sizeof(out), hipMemcpyDeviceToHost));
    for (int t = 0; t < 64; t++) {
        int n = (t + 1) % 64;
        float want = (float)n + 2.0f * n * 0.5f + n;
        EXPECT(out[t] == want, "placement new: thread %d read %g, not %g", t, out[t], want);
    }
    CHECK(hipFree(d_out));
}

// ---------------------------------------------------------------- std::complex
// Every function on a few arguments; the host computes the same with its
// own libstdc++ and the results must agree to a few ulps.
constexpr int kZ = 4, kFns = 20;

template <typename T>
__host__ __device__ void complex_fns(std::complex<T> z, std::complex<T> w, std::complex<T>* r)
{
    r[0] = z * w;
    r[1] = z / w;
    r[2] = std::abs(z);
    r[3] = std::arg(z);
    r[4] = std::norm(z);
    r[5] = std::conj(z) + std::polar(T(2), T(0.75));
    r[6] = std::exp(z);
    r[7] = std::log(z);
    r[8] = std::sqrt(z);
    r[9] = std::pow(z, w);
    r[10] = std::pow(z, T(2.5));
    r[11] = std::sin(z);
    r[12] = std::cos(z);
    r[13] = std::tan(z);
    r[14] = std::sinh(z);
    r[15] = std::cosh(z);
    r[16] = std::tanh(z);
    r[17] = std::asin(z);
    r[18] = std::atan(z);
    r[19] = std::log10(z) - z * T(3) + w;
}

template <typename T>
__global__ void complex_kernel(const std::complex<T>* z, const std::complex<T>* w,
                               std::complex<T>* r)
{
    int t = threadIdx.x;
    complex_fns(z[t], w[t], r + t * kFns);
}

// Annex G: products and quotients of infinities and zeros.
template <typename T>
__global__ void complex_special(std::complex<T>* r)
{
    const T inf = INFINITY, nan = NAN;
    volatile T one = 1, zero = 0;  // not folded by the compiler
    r[0] = std::complex<T>(inf, nan) * std::complex<T>(one, one);    // infinite
    r[1] = std::complex<T>(one, one) / std::complex<T>(zero, zero);  // infinite
    r[2] = std::complex<T>(one, one) / std::complex<T>(inf, nan);    // zero
    r[3] = std::complex<T>(inf, one) / std::complex<T>(one, one);    // infinite
    r[4] = std::complex<T>(T(1e30), T(1e30)) / std::complex<T>(T(2e30), T(2e30)); // 0.5
    r[5] = std::complex<T>(nan, one) * std::complex<T>(one, one);    // NaN stays
}

static bool near(double a, double b, double tol)
{
    return std::fabs(a - b) <= tol * std::max(std::fabs(b), 1e-30);
}

template <typename T>
static bool close(std::complex<T> a, std::complex<T> b, T tol)
{
    T scale = std::max(std::abs(b), T(1e-30));
    return std::abs(a - b) <= tol * scale;
}

// Every pair of operands whose parts come from a set of special values,
// multiplied and divided on the device and on the host (libgcc's helpers,
// also C99 Annex G): the results must be of the same kind -- NaN, infinite
// or finite -- and finite ones close.
constexpr int kSpecials = 9, kPairs = kSpecials * kSpecials * kSpecials * kSpecials;

template <typename T>
__host__ __device__ T special_value(int k)
{
    const T v[kSpecials] = {T(0), -T(0), T(1), T(-2.5), T(INFINITY), -T(INFINITY), T(NAN),
                            T(1e30), T(1e-30)};
    return v[k];
}

template <typename T>
__host__ __device__ void special_pair(int p, std::complex<T>* a, std::complex<T>* b)
{
    *a = std::complex<T>(special_value<T>(p % kSpecials),
                         special_value<T>(p / kSpecials % kSpecials));
    p /= kSpecials * kSpecials;
    *b = std::complex<T>(special_value<T>(p % kSpecials), special_value<T>(p / kSpecials));
}

template <typename T>
__global__ void complex_annex_g(std::complex<T>* prod, std::complex<T>* quot)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= kPairs)
        return;
    std::complex<T> a, b;
    special_pair(p, &a, &b);
    prod[p] = a * b;
    quot[p] = a / b;
}

template <typename T>
static int kind(std::complex<T> z)
{
    if (std::isnan(z.real()) && std::isnan(z.imag()))
        return 0;
    if (std::isinf(z.real()) || std::isinf(z.imag()))
        return 1;
    return 2;
}

template <typename T>
static void test_complex(const char* name, T tol)
{
    std::complex<T> z[kZ] = {{T(0.5), T(1.25)}, {T(-2), T(0.75)}, {T(3), T(-4)},
                             {T(-0.3), T(-0.2)}};
    std::complex<T> w[kZ] = {{T(1.5), T(-0.5)}, {T(0.25), T(2)}, {T(-1), T(1)}, {T(2), T(0.1)}};
    std::complex<T> *d_z, *d_w, *d_r, r[kZ * kFns], want[kFns];
    CHECK(hipMalloc(&d_z, sizeof(z)));
    CHECK(hipMalloc(&d_w, sizeof(w)));
    CHECK(hipMalloc(&d_r, sizeof(r)));
    CHECK(hipMemcpy(d_z, z, sizeof(z), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(d_w, w, sizeof(w), hipMemcpyHostToDevice));
    complex_kernel<T><<<1, kZ>>>(d_z, d_w, d_r);
    CHECK(hipMemcpy(r, d_r, sizeof(r), hipMemcpyDeviceToHost));
    for (int t = 0; t < kZ; t++) {
        complex_fns(z[t], w[t], want);
        for (int f = 0; f < kFns; f++) {
            std::complex<T> g = r[t * kFns + f];
            EXPECT(close(g, want[f], tol),
                   "complex<%s> fn %d of (%g,%g), (%g,%g): (%.9g,%.9g), not (%.9g,%.9g)", name,
                   f, (double)z[t].real(), (double)z[t].imag(), (double)w[t].real(),
                   (double)w[t].imag(), (double)g.real(), (double)g.imag(),
                   (double)want[f].real(), (double)want[f].imag());
        }
    }
    complex_special<T><<<1, 1>>>(d_r);
    CHECK(hipMemcpy(r, d_r, 6 * sizeof(r[0]), hipMemcpyDeviceToHost));
    EXPECT(std::isinf(std::abs(r[0])), "complex<%s>: (inf,nan)*(1,1) is (%g,%g), not infinite",
           name, (double)r[0].real(), (double)r[0].imag());
    EXPECT(std::isinf(std::abs(r[1])), "complex<%s>: (1,1)/0 is (%g,%g), not infinite", name,
           (double)r[1].real(), (double)r[1].imag());
    EXPECT(r[2].real() == 0 && r[2].imag() == 0, "complex<%s>: (1,1)/(inf,nan) is (%g,%g), not 0",
           name, (double)r[2].real(), (double)r[2].imag());
    EXPECT(std::isinf(std::abs(r[3])), "complex<%s>: (inf,1)/(1,1) is (%g,%g), not infinite", name,
           (double)r[3].real(), (double)r[3].imag());
    EXPECT(near(r[4].real(), 0.5, 1e-6) && std::fabs(r[4].imag()) < 1e-6,
           "complex<%s>: (1e30,1e30)/(2e30,2e30) is (%g,%g), not 0.5 (overflow?)", name,
           (double)r[4].real(), (double)r[4].imag());
    EXPECT(std::isnan(r[5].real()) && std::isnan(r[5].imag()),
           "complex<%s>: (nan,1)*(1,1) is (%g,%g), not NaN", name, (double)r[5].real(),
           (double)r[5].imag());
    CHECK(hipFree(d_z));
    CHECK(hipFree(d_w));
    CHECK(hipFree(d_r));

    std::complex<T>*prod = new std::complex<T>[kPairs], *quot = new std::complex<T>[kPairs];
    std::complex<T>*d_prod, *d_quot;
    CHECK(hipMalloc(&d_prod, kPairs * sizeof(*prod)));
    CHECK(hipMalloc(&d_quot, kPairs * sizeof(*quot)));
    complex_annex_g<T><<<(kPairs + 255) / 256, 256>>>(d_prod, d_quot);
    CHECK(hipMemcpy(prod, d_prod, kPairs * sizeof(*prod), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(quot, d_quot, kPairs * sizeof(*quot), hipMemcpyDeviceToHost));
    for (int p = 0; p < kPairs; p++) {
        std::complex<T> a, b;
        special_pair(p, &a, &b);
        std::complex<T> got[2] = {prod[p], quot[p]}, want[2] = {a * b, a / b};
        for (int op = 0; op < 2; op++)
            EXPECT(kind(got[op]) == kind(want[op]) &&
                       (kind(want[op]) != 2 || close(got[op], want[op], tol)),
                   "complex<%s>: (%g,%g) %c (%g,%g) is (%g,%g), not (%g,%g)", name,
                   (double)a.real(), (double)a.imag(), op ? '/' : '*', (double)b.real(),
                   (double)b.imag(), (double)got[op].real(), (double)got[op].imag(),
                   (double)want[op].real(), (double)want[op].imag());
    }
    delete[] prod;
    delete[] quot;
    CHECK(hipFree(d_prod));
    CHECK(hipFree(d_quot));
}

// ---------------------------------------------------------------- <cmath>, <algorithm>, register
__global__ void cmath_algo_kernel(const float* in, float* f, double* d, int* i)
{
    register int t = threadIdx.x;  // accepted, silently
    float x = in[t];
    static_assert(std::is_same<decltype(std::sin(x)), float>::value, "std::sin(float) is float");
    f[t * 4 + 0] = std::sin(x);
    f[t * 4 + 1] = std::exp(x) + std::sqrt(std::fabs(x));
    f[t * 4 + 2] = std::atan2(x, 2.0f) + std::hypot(x, 3.0f);
    f[t * 4 + 3] = std::fmax(x, 0.25f) + std::floor(x) + std::copysign(1.0f, x);
    d[t * 2 + 0] = std::pow((double)x, 3);
    d[t * 2 + 1] = std::cbrt((double)x) + std::abs(-2.5);
    i[t * 4 + 0] = std::min(t, 5);
    i[t * 4 + 1] = std::max(t * 3, 7);
    i[t * 4 + 2] = std::clamp(t - 4, -2, 3);
    i[t * 4 + 3] = std::abs(-t) + std::min({t, 3, 9}) + (int)std::max(x, -1.0f);
}

static void test_cmath_algo()
{
    constexpr int n = 12;
    float in[n], f[n * 4], *d_in, *d_f;
    double d[n * 2], *d_d;
    int i[n * 4], *d_i;
    for (int t = 0; t < n; t++)
        in[t] = -2.7f + 0.61f * t;
    CHECK(hipMalloc(&d_in, sizeof(in)));
    CHECK(hipMalloc(&d_f, sizeof(f)));
    CHECK(hipMalloc(&d_d, sizeof(d)));
    CHECK(hipMalloc(&d_i, sizeof(i)));
    CHECK(hipMemcpy(d_in, in, sizeof(in), hipMemcpyHostToDevice));
    cmath_algo_kernel<<<1, n>>>(d_in, d_f, d_d, d_i);
    CHECK(hipMemcpy(f, d_f, sizeof(f), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(d, d_d, sizeof(d), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(i, d_i, sizeof(i), hipMemcpyDeviceToHost));
    for (register int t = 0; t < n; t++) {  // host code too
        float x = in[t];
        float wf[4] = {std::sin(x), std::exp(x) + std::sqrt(std::fabs(x)),
                       std::atan2(x, 2.0f) + std::hypot(x, 3.0f),
                       std::fmax(x, 0.25f) + std::floor(x) + std::copysign(1.0f, x)};
        double wd[2] = {std::pow((double)x, 3), std::cbrt((double)x) + 2.5};
        int wi[4] = {std::min(t, 5), std::max(t * 3, 7), std::clamp(t - 4, -2, 3),
                     t + std::min({t, 3, 9}) + (int)std::max(x, -1.0f)};
        for (int k = 0; k < 4; k++)
            EXPECT(near(f[t * 4 + k], wf[k], 4e-7), "cmath float %d of %g: %.9g, not %.9g", k, x,
                   f[t * 4 + k], wf[k]);
        for (int k = 0; k < 2; k++)
            EXPECT(near(d[t * 2 + k], wd[k], 1e-15), "cmath double %d of %g: %.17g, not %.17g",
                   k, x, d[t * 2 + k], wd[k]);
        for (int k = 0; k < 4; k++)
            EXPECT(i[t * 4 + k] == wi[k], "algorithm %d at %d: %d, not %d", k, t,
                   i[t * 4 + k], wi[k]);
    }
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_f));
    CHECK(hipFree(d_d));
    CHECK(hipFree(d_i));
}

int main()
{
    test_mem();
    test_ldg();
    test_placement();
    test_complex<float>("float", 1e-5f);
    test_complex<double>("double", 1e-13);
    test_cmath_algo();
    if (failures) {
        printf("FAIL: %d checks failed\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
