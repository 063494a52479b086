// bfloat16 (<hip/hip_bf16.h>) in kernels and on the host, checked
// against references the host computes in float:
//  - comparisons __heq ... __hgeu, their bfloat162 forms (__heq2,
//    __hbeq2, __hbequ2 ...), the operators, __hmax/__hmin (and _nan),
//    __hneg, __habs, __hisnan, __hisinf on every pair of a set covering
//    zeros, denormals, normals, the largest values, infinities and NaN;
//    the same in host code;
//  - all 2^16 bfloat16s to float and to int, short, unsigned and long
//    long in the four rounding modes (tests/math/bf16.hip checks the
//    arithmetic, the math and the conversions to bfloat16 against MPFR);
//  - shuffles of __hip_bfloat16 and __hip_bfloat162 and their _sync
//    forms, atomicAdd on both;
//  - host arithmetic and conversions.
#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

using bf = __hip_bfloat16;
using bf2 = __hip_bfloat162;

#define CHECK(call)                                                                   \
    do {                                                                              \
        hipError_t e_ = (call);                                                       \
        if (e_ != hipSuccess) {                                                       \
            printf("bf16: %s: %s\n", #call, hipGetErrorString(e_));                   \
            exit(1);                                                                  \
        }                                                                             \
    } while (0)

static int failures;

static float value(unsigned short b) { return __bfloat162float(__ushort_as_bfloat16(b)); }

// ------------------------------------------------------------ pairs
// Per pair: 12 scalar predicates, then the bfloat162 forms (lanes (a, b)
// against (b, a)): bit 0 low lane, bit 1 high lane, bit 2 both-lanes form;
// then 6 results: max, min, max_nan, min_nan, neg, abs.
constexpr int kCmp = 12, kRes = 6;

__host__ __device__ static void pair_ops(bf x, bf y, unsigned char* c, unsigned char* c2,
                                         unsigned short* r)
{
    bool s[kCmp] = {__heq(x, y), __hne(x, y), __hlt(x, y), __hle(x, y), __hgt(x, y),
                    __hge(x, y), __hequ(x, y), __hneu(x, y), __hltu(x, y), __hleu(x, y),
                    __hgtu(x, y), __hgeu(x, y)};
    bf2 p(x, y), q(y, x);
    bf2 v[kCmp] = {__heq2(p, q), __hne2(p, q), __hlt2(p, q), __hle2(p, q), __hgt2(p, q),
                   __hge2(p, q), __hequ2(p, q), __hneu2(p, q), __hltu2(p, q), __hleu2(p, q),
                   __hgtu2(p, q), __hgeu2(p, q)};
    bool b[kCmp] = {__hbeq2(p, q), __hbne2(p, q), __hblt2(p, q), __hble2(p, q), __hbgt2(p, q),
                    __hbge2(p, q), __hbequ2(p, q), __hbneu2(p, q), __hbltu2(p, q),
                    __hbleu2(p, q), __hbgtu2(p, q), __hbgeu2(p, q)};
    for (int k = 0; k < kCmp; k++) {
        c[k] = s[k];
        c2[k] = (__low2float(v[k]) == 1.0f) | (__high2float(v[k]) == 1.0f) << 1 | b[k] << 2;
    }
    c2[0] |= (unsigned char)(__hisnan(x) << 3 | (__hisinf(x) + 1) << 4);
    c2[1] |= (unsigned char)((x == y) << 6 | (x < y) << 7);
    c2[2] |= (unsigned char)((p == q) << 6 | (p < q) << 7);
    r[0] = __bfloat16_as_ushort(__hmax(x, y));
    r[1] = __bfloat16_as_ushort(__hmin(x, y));
    r[2] = __bfloat16_as_ushort(__hmax_nan(x, y));
    r[3] = __bfloat16_as_ushort(__hmin_nan(x, y));
    r[4] = __bfloat16_as_ushort(-x);
    r[5] = __bfloat16_as_ushort(__habs(x));
}

__global__ void pairs_kernel(const bf* a, const bf* b, unsigned char* c, unsigned char* c2,
                             unsigned short* r, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        pair_ops(a[i], b[i], c + i * kCmp, c2 + i * kCmp, r + i * kRes);
}

static bool cmp_ref(int op, float a, float b)
{
    bool un = std::isnan(a) || std::isnan(b);
    const bool v[kCmp] = {a == b,  !un && a != b, a < b,       a <= b,      a > b,       a >= b,
                          un || a == b, a != b, un || a < b, un || a <= b, un || a > b, un || a >= b};
    return v[op];
}

static unsigned short canon(unsigned short b) { return (b & 0x7fff) > 0x7f80 ? 0x7fc0 : b; }

static void check_pairs()
{
    const unsigned short v[] = {0x0000, 0x0001, 0x007f, 0x0080, 0x3f00, 0x3f7f, 0x3f80, 0x3f81,
                                0x4000, 0x4040, 0x7f7e, 0x7f7f, 0x7f80, 0x7fc0};
    std::vector<unsigned short> ops, a, b;
    for (unsigned short x : v)
        ops.push_back(x), ops.push_back((unsigned short)(x | 0x8000));
    for (unsigned short x : ops)
        for (unsigned short y : ops)
            a.push_back(x), b.push_back(y);
    int n = (int)a.size();
    bf *da, *db;
    unsigned char *dc, *dc2;
    unsigned short* dr;
    CHECK(hipMalloc(&da, n * 2));
    CHECK(hipMalloc(&db, n * 2));
    CHECK(hipMalloc(&dc, n * kCmp));
    CHECK(hipMalloc(&dc2, n * kCmp));
    CHECK(hipMalloc(&dr, n * kRes * 2));
    CHECK(hipMemcpy(da, a.data(), n * 2, hipMemcpyHostToDevice));
    CHECK(hipMemcpy(db, b.data(), n * 2, hipMemcpyHostToDevice));
    pairs_kernel<<<(n + 255) / 256, 256>>>(da, db, dc, dc2, dr, n);
    CHECK(hipDeviceSynchronize());
    std::vector<unsigned char> c(n * kCmp), c2(n * kCmp);
    std::vector<unsigned short> r(n * kRes);
    CHECK(hipMemcpy(c.data(), dc, c.size(), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(c2.data(), dc2, c2.size(), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(r.data(), dr, r.size() * 2, hipMemcpyDeviceToHost));
    int before = failures;
    for (int i = 0; i < n; i++) {
        float fa = value(a[i]), fb = value(b[i]);
        unsigned char want[kCmp], want2[kCmp];
        unsigned short wr[kRes];
        for (int k = 0; k < kCmp; k++) {
            bool w = cmp_ref(k, fa, fb), ws = cmp_ref(k, fb, fa);
            want[k] = w;
            want2[k] = (unsigned char)(w | ws << 1 | (w && ws) << 2);
        }
        want2[0] |= (unsigned char)(std::isnan(fa) << 3 |
                                    (std::isinf(fa) ? (fa > 0 ? 2 : 0) : 1) << 4);
        want2[1] |= (unsigned char)((fa == fb) << 6 | (fa < fb) << 7);
        want2[2] |= (unsigned char)((fa == fb) << 6 | (fa < fb && fb < fa) << 7);
        auto mm = [&](bool max, bool nan) -> unsigned short {
            if (std::isnan(fa) || std::isnan(fb))
                return nan || (std::isnan(fa) && std::isnan(fb)) ? 0x7fff
                                                                 : std::isnan(fa) ? b[i] : a[i];
            if (fa == fb)
                return max ? (a[i] & b[i]) : (a[i] | b[i]);
            return (fa > fb) == max ? a[i] : b[i];
        };
        wr[0] = mm(true, false), wr[1] = mm(false, false), wr[2] = mm(true, true),
        wr[3] = mm(false, true), wr[4] = a[i] ^ 0x8000, wr[5] = a[i] & 0x7fff;
        // The host runs the same code.
        unsigned char hc[kCmp], hc2[kCmp];
        unsigned short hr[kRes];
        pair_ops(__ushort_as_bfloat16(a[i]), __ushort_as_bfloat16(b[i]), hc, hc2, hr);
        for (int k = 0; k < kCmp; k++) {
            if ((c[i * kCmp + k] != want[k] || hc[k] != want[k]) && failures++ < 20)
                printf("  predicate %d (%a, %a): device %d host %d, want %d\n", k, fa, fb,
                       c[i * kCmp + k], hc[k], want[k]);
            if ((c2[i * kCmp + k] != want2[k] || hc2[k] != want2[k]) && failures++ < 20)
                printf("  bfloat162 predicate %d (%a, %a): device %#x host %#x, want %#x\n", k,
                       fa, fb, c2[i * kCmp + k], hc2[k], want2[k]);
        }
        for (int k = 0; k < kRes; k++)
            if ((canon(r[i * kRes + k]) != canon(wr[k]) || canon(hr[k]) != canon(wr[k])) &&
                failures++ < 20)
                printf("  max/min/neg/abs %d (%a, %a): device %04x host %04x, want %04x\n", k, fa,
                       fb, r[i * kRes + k], hr[k], wr[k]);
    }
    printf("  comparisons, max/min, neg/abs on %d pairs, device and host: %s\n", n,
           failures == before ? "ok" : "FAIL");
    CHECK(hipFree(da));
    CHECK(hipFree(db));
    CHECK(hipFree(dc));
    CHECK(hipFree(dc2));
    CHECK(hipFree(dr));
}

// ------------------------------------------------------- conversions
__global__ void convert_kernel(float* f, long long* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    bf h = __ushort_as_bfloat16((unsigned short)i);
    f[i] = __bfloat162float(h);
    long long* o = out + (size_t)i * 16;
    o[0] = __bfloat162int_rn(h), o[1] = __bfloat162int_rz(h), o[2] = __bfloat162int_rd(h),
    o[3] = __bfloat162int_ru(h);
    o[4] = __bfloat162short_rn(h), o[5] = __bfloat162short_rz(h), o[6] = __bfloat162short_rd(h),
    o[7] = __bfloat162short_ru(h);
    o[8] = __bfloat162uint_rn(h), o[9] = __bfloat162uint_rz(h), o[10] = __bfloat162uint_rd(h),
    o[11] = __bfloat162uint_ru(h);
    o[12] = __bfloat162ll_rn(h), o[13] = __bfloat162ll_rz(h), o[14] = __bfloat162ll_rd(h),
    o[15] = __bfloat162ll_ru(h);
}

static long long to_int_ref(double v, long long lo, long long hi)
{
    if (std::isnan(v))
        return 0;
    return v <= (double)lo ? lo : v >= (double)hi ? hi : (long long)v;
}

static void check_conversions()
{
    const int n = 65536;
    float* df;
    long long* dout;
    CHECK(hipMalloc(&df, n * sizeof(float)));
    CHECK(hipMalloc(&dout, (size_t)n * 16 * sizeof(long long)));
    convert_kernel<<<n / 256, 256>>>(df, dout);
    CHECK(hipDeviceSynchronize());
    std::vector<float> f(n);
    std::vector<long long> out((size_t)n * 16);
    CHECK(hipMemcpy(f.data(), df, n * sizeof(float), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(out.data(), dout, out.size() * sizeof(long long), hipMemcpyDeviceToHost));
    const long long lo[4] = {INT32_MIN, INT16_MIN, 0, INT64_MIN};
    const long long hi[4] = {INT32_MAX, INT16_MAX, UINT32_MAX, INT64_MAX};
    int before = failures;
    for (int i = 0; i < n; i++) {
        uint32_t want_bits = (uint32_t)i << 16;
        float w;
        memcpy(&w, &want_bits, 4);
        if (memcmp(&f[i], &w, 4) != 0 && failures++ < 20)
            printf("  __bfloat162float(0x%04x): got %a\n", i, f[i]);
        double v = w;
        const double r[4] = {std::nearbyint(v), std::trunc(v), std::floor(v), std::ceil(v)};
        for (int t = 0; t < 4; t++)
            for (int m = 0; m < 4; m++) {
                long long got = out[(size_t)i * 16 + t * 4 + m];
                if (t == 2)
                    got = (unsigned int)got;
                long long want = to_int_ref(r[m], lo[t], hi[t]);
                if (got != want && failures++ < 20)
                    printf("  bfloat16 %a to integer type %d mode %d: got %lld, want %lld\n", v,
                           t, m, got, want);
            }
        bf h = __ushort_as_bfloat16((unsigned short)i);
        if (((long long)__bfloat162int_rn(h) != to_int_ref(r[0], lo[0], hi[0]) ||
             (long long)__bfloat162ll_rd(h) != to_int_ref(r[2], lo[3], hi[3])) &&
            failures++ < 20)
            printf("  host bfloat16 %a to integer wrong\n", v);
    }
    printf("  all 2^16 bfloat16s to float and int/short/uint/ll in 4 modes: %s\n",
           failures == before ? "ok" : "FAIL");
    CHECK(hipFree(df));
    CHECK(hipFree(dout));
}

// ------------------------------------------------ shuffles and atomics
__global__ void lanes_kernel(float* out, bf* sum, bf2* sum2)
{
    int l = threadIdx.x;
    bf v = __float2bfloat16(l / 4.0f);
    bf2 v2(v, -v);
    float* o = out + l * 8;
    o[0] = __bfloat162float(__shfl(v, 3));
    o[1] = __bfloat162float(__shfl_up(v, 1));
    o[2] = __bfloat162float(__shfl_down(v, 2));
    o[3] = __bfloat162float(__shfl_xor(v, 1));
    o[4] = __low2float(__shfl_sync(~0ull, v2, 5));
    o[5] = __high2float(__shfl_xor_sync(~0ull, v2, 2));
    o[6] = __bfloat162float(atomicAdd(sum, __float2bfloat16(1.0f)));
    atomicAdd(sum2, bf2(__float2bfloat16(0.5f), __float2bfloat16(-2.0f)));
}

static void check_lanes(int n)
{
    float* dout;
    bf* ds;
    bf2* ds2;
    CHECK(hipMalloc(&dout, n * 8 * sizeof(float)));
    CHECK(hipMalloc(&ds, 4 * sizeof(bf)));
    CHECK(hipMalloc(&ds2, sizeof(bf2)));
    unsigned short init[4] = {0x1234, 0, 0x5678, 0};
    CHECK(hipMemcpy(ds, init, sizeof init, hipMemcpyHostToDevice));
    CHECK(hipMemset(ds2, 0, sizeof(bf2)));
    lanes_kernel<<<1, n>>>(dout, ds + 1, ds2);
    CHECK(hipDeviceSynchronize());
    std::vector<float> o(n * 8);
    unsigned short s[4];
    bf2 s2;
    CHECK(hipMemcpy(o.data(), dout, o.size() * sizeof(float), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(s, ds, sizeof s, hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(&s2, ds2, sizeof s2, hipMemcpyDeviceToHost));
    int before = failures;
    std::vector<bool> seen(n);
    for (int l = 0; l < n; l++) {
        const float want[6] = {3 / 4.0f, (l >= 1 ? l - 1 : l) / 4.0f,
                               (l + 2 < n ? l + 2 : l) / 4.0f, (l ^ 1) / 4.0f, 5 / 4.0f,
                               -((l ^ 2) / 4.0f)};
        for (int k = 0; k < 6; k++)
            if (o[l * 8 + k] != want[k] && failures++ < 20)
                printf("  lane %d: shuffle %d: got %g, want %g\n", l, k, o[l * 8 + k], want[k]);
        int old = (int)o[l * 8 + 6];
        if (old < 0 || old >= n || seen[old])
            printf("  lane %d: atomicAdd returned %d twice or out of range\n", l, old), failures++;
        else
            seen[old] = true;
    }
    // n <= 64: every count is exact in bfloat16's 8 bits.
    if (s[0] != 0x1234 || s[2] != 0x5678 || value(s[1]) != n || s[3] != 0)
        printf("  atomicAdd(bf16*): words %04x %04x %04x %04x\n", s[0], s[1], s[2], s[3]),
            failures++;
    if (__low2float(s2) != 0.5f * n || __high2float(s2) != -2.0f * n)
        printf("  atomicAdd(bf162*): got (%g, %g)\n", __low2float(s2), __high2float(s2)),
            failures++;
    printf("  shuffles and atomics over a wave of %d: %s\n", n, failures == before ? "ok" : "FAIL");
    CHECK(hipFree(dout));
    CHECK(hipFree(ds));
    CHECK(hipFree(ds2));
}

// The wave size the kernels run at (warpSize in device code: a wave64
// build on gfx11 runs 64 lanes on a device whose native size is 32).
__global__ void wave_size_kernel(int* w)
{
    *w = warpSize;
}

static int device_warp_size()
{
    int *d, w;
    CHECK(hipMalloc(&d, sizeof w));
    wave_size_kernel<<<1, 1>>>(d);
    CHECK(hipMemcpy(&w, d, sizeof w, hipMemcpyDeviceToHost));
    CHECK(hipFree(d));
    return w;
}

int main()
{
    printf("bf16: hip_bf16.h on the device and the host\n");
    // Host-side use.
    bf a = 1.5f, b = __float2bfloat16_rd(0.1f);
    bf c = a * b + a;
    if (__bfloat16_as_ushort(b) != 0x3dcc || __bfloat16_as_ushort(__float2bfloat16_ru(0.1f)) != 0x3dcd ||
        __bfloat162float(c) != 1.6484375f || __bfloat16_as_ushort(__int2bfloat16_rz(257)) != 0x4380 ||
        __bfloat16_as_ushort(__int2bfloat16_ru(257)) != 0x4381 ||
        __bfloat16_as_ushort(__double2bfloat16(1.0 + 0x1p-8 + 0x1p-40)) != 0x3f81)
        printf("  host arithmetic/conversions wrong: %04x %g\n", __bfloat16_as_ushort(b),
               __bfloat162float(c)),
            failures++;
    check_pairs();
    check_conversions();
    check_lanes(device_warp_size());
    if (failures) {
        printf("bf16: FAIL (%d)\n", failures);
        return 1;
    }
    printf("bf16: PASS\n");
    return 0;
}
