// Half precision (<hip/hip_fp16.h>) in kernels and on the host, checked
// against references the host computes in float and double:
//  - arithmetic: __hadd/__hsub/__hmul/__hdiv (and _rn, _sat), the
//    operators, __hneg, __habs, __hmin/__hmax (and _nan) on every pair
//    of a set of halves that covers zeros, denormals, normals, the
//    largest halves, infinities and NaN; their half2 forms lane by lane;
//  - comparisons: __heq ... __hgtu, __hisnan, __hisinf and the half2
//    forms (__heq2, __hbeq2, __hbequ2 ...) on the same pairs;
//  - conversions of all 2^16 halves to float and to int, short, unsigned
//    and long long in the four rounding modes (tests/math/half.hip checks
//    the conversions to half against MPFR);
//  - shuffles of __half and __half2 (and their _sync forms), the warp
//    reductions on half (HIP_ENABLE_EXTRA_WARP_SYNC_TYPES; the whole wave,
//    and the even and odd lanes as two masks with holes), atomicAdd on
//    __half and __half2, __ldg;
//  - the same arithmetic and conversions in host code.
// A reference for one rounded operation on halves: the float operation
// rounded to half (float's 24 bits >= 2 * 11 + 2: no double rounding).
#define HIP_ENABLE_EXTRA_WARP_SYNC_TYPES
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#define CHECK(call)                                                                   \
    do {                                                                              \
        hipError_t e_ = (call);                                                       \
        if (e_ != hipSuccess) {                                                       \
            printf("half: %s: %s\n", #call, hipGetErrorString(e_));                   \
            exit(1);                                                                  \
        }                                                                             \
    } while (0)

static int failures;

static void expect_bits(const char* what, unsigned got, unsigned want, float a, float b)
{
    if (got != want && failures++ < 20)
        printf("  %s(%a, %a): got 0x%04x, want 0x%04x\n", what, a, b, got, want);
}

// Halves equal as results: the same bits, or both NaN (any payload).
static unsigned canon(unsigned short b)
{
    return (b & 0x7fff) > 0x7c00 ? 0x7e00 : b;
}

static unsigned short bits_of(float f)  // f rounded to nearest half
{
    return __half_as_ushort(__float2half_rn(f));
}

// ------------------------------------------------------------ pairs
// The operand set: each of these halves, both signs, every pair.
static std::vector<unsigned short> operands()
{
    const unsigned short v[] = {0x0000, 0x0001, 0x0002, 0x03ff, 0x0400, 0x0401, 0x1000, 0x2e66,
                                0x3800, 0x3bff, 0x3c00, 0x3c01, 0x3e00, 0x4000, 0x4200, 0x4248,
                                0x4900, 0x5640, 0x6400, 0x7800, 0x7bfe, 0x7bff, 0x7c00, 0x7e00};
    std::vector<unsigned short> out;
    for (unsigned short b : v) {
        out.push_back(b);
        out.push_back((unsigned short)(b | 0x8000));
    }
    return out;
}

enum { kAdd, kSub, kMul, kDiv, kAddRn, kSubRn, kMulRn, kAddSat, kSubSat, kMulSat, kOpAdd, kOpSub,
       kOpMul, kOpDiv, kMax, kMin, kMaxNan, kMinNan, kNeg, kAbs, kFma, kFmaSat, kArith };
enum { kEq, kNe, kLt, kLe, kGt, kGe, kEqu, kNeu, kLtu, kLeu, kGtu, kGeu, kCmp };
static const char* const kArithNames[kArith] = {
    "__hadd", "__hsub", "__hmul", "__hdiv", "__hadd_rn", "__hsub_rn", "__hmul_rn", "__hadd_sat",
    "__hsub_sat", "__hmul_sat", "operator+", "operator-", "operator*", "operator/", "__hmax",
    "__hmin", "__hmax_nan", "__hmin_nan", "__hneg", "__habs", "__hfma(a, b, -b)",
    "__hfma_sat(a, b, -b)"};
static const char* const kCmpNames[kCmp] = {"eq", "ne", "lt", "le", "gt", "ge",
                                            "equ", "neu", "ltu", "leu", "gtu", "geu"};

// One half op: the device and the host run the same function.
__host__ __device__ static __half arith(int op, __half a, __half b)
{
    switch (op) {
    case kAdd: return __hadd(a, b);
    case kSub: return __hsub(a, b);
    case kMul: return __hmul(a, b);
    case kDiv: return __hdiv(a, b);
    case kAddRn: return __hadd_rn(a, b);
    case kSubRn: return __hsub_rn(a, b);
    case kMulRn: return __hmul_rn(a, b);
    case kAddSat: return __hadd_sat(a, b);
    case kSubSat: return __hsub_sat(a, b);
    case kMulSat: return __hmul_sat(a, b);
    case kOpAdd: return a + b;
    case kOpSub: return a - b;
    case kOpMul: return a * b;
    case kOpDiv: return a / b;
    case kMax: return __hmax(a, b);
    case kMin: return __hmin(a, b);
    case kMaxNan: return __hmax_nan(a, b);
    case kMinNan: return __hmin_nan(a, b);
    case kNeg: return __hneg(a);
    default: return __habs(a);
    }
}

__host__ __device__ static bool compare(int op, __half a, __half b)
{
    switch (op) {
    case kEq: return __heq(a, b);
    case kNe: return __hne(a, b);
    case kLt: return __hlt(a, b);
    case kLe: return __hle(a, b);
    case kGt: return __hgt(a, b);
    case kGe: return __hge(a, b);
    case kEqu: return __hequ(a, b);
    case kNeu: return __hneu(a, b);
    case kLtu: return __hltu(a, b);
    case kLeu: return __hleu(a, b);
    case kGtu: return __hgtu(a, b);
    default: return __hgeu(a, b);
    }
}

// Thread i takes pair i: every op on it, the half forms and the half2
// forms (the pair in the low lane, swapped in the high lane).
__global__ void pairs_kernel(const __half* a, const __half* b, unsigned short* out,
                             unsigned short* out2, unsigned char* cmp, unsigned char* cmp2,
                             int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    __half x = a[i], y = b[i];
    for (int op = 0; op < kFma; op++)
        out[i * kArith + op] = __half_as_ushort(arith(op, x, y));
    out[i * kArith + kFma] = __half_as_ushort(__hfma(x, y, __hneg(y)));
    out[i * kArith + kFmaSat] = __half_as_ushort(__hfma_sat(x, y, __hneg(y)));
    for (int op = 0; op < kCmp; op++)
        cmp[i * kCmp + op] = compare(op, x, y);

    __half2 p = __halves2half2(x, y), q = __halves2half2(y, x);
    __half2 r2[kArith] = {__hadd2(p, q), __hsub2(p, q), __hmul2(p, q), __h2div(p, q),
                          __hadd2_rn(p, q), __hsub2_rn(p, q), __hmul2_rn(p, q),
                          __hadd2_sat(p, q), __hsub2_sat(p, q), __hmul2_sat(p, q), p + q, p - q,
                          p * q, p / q, __hmax2(p, q), __hmin2(p, q), __hmax2_nan(p, q),
                          __hmin2_nan(p, q), __hneg2(p), __habs2(p), __hfma2(p, q, __hneg2(q)),
                          __hfma2_sat(p, q, __hneg2(q))};
    for (int op = 0; op < kArith; op++) {
        out2[(i * kArith + op) * 2] = __half_as_ushort(__low2half(r2[op]));
        out2[(i * kArith + op) * 2 + 1] = __half_as_ushort(__high2half(r2[op]));
    }
    // Lane predicates as 1.0/0.0 halves, and the both-lanes forms.
    __half2 c2[kCmp] = {__heq2(p, q), __hne2(p, q), __hlt2(p, q), __hle2(p, q),
                        __hgt2(p, q), __hge2(p, q), __hequ2(p, q), __hneu2(p, q),
                        __hltu2(p, q), __hleu2(p, q), __hgtu2(p, q), __hgeu2(p, q)};
    bool b2[kCmp] = {__hbeq2(p, q), __hbne2(p, q), __hblt2(p, q), __hble2(p, q),
                     __hbgt2(p, q), __hbge2(p, q), __hbequ2(p, q), __hbneu2(p, q),
                     __hbltu2(p, q), __hbleu2(p, q), __hbgtu2(p, q), __hbgeu2(p, q)};
    for (int op = 0; op < kCmp; op++)
        cmp2[i * kCmp + op] = (unsigned char)(__low2float(c2[op]) == 1.0f) |
                              (unsigned char)(__high2float(c2[op]) == 1.0f) << 1 |
                              (unsigned char)b2[op] << 2;
    cmp2[i * kCmp] |= (unsigned char)(__hisnan(x) << 3 | (__hisinf(x) + 1) << 4);
}

// The reference for an arithmetic op, from float.
static unsigned short arith_ref(int op, unsigned short ab, unsigned short bb)
{
    float a = __half2float(__ushort_as_half(ab)), b = __half2float(__ushort_as_half(bb));
    auto sat = [](unsigned short h) -> unsigned short {
        float v = __half2float(__ushort_as_half(h));
        return !(v > 0) ? 0 : v > 1 ? 0x3c00 : h;
    };
    auto maxmin = [&](bool max, bool nan) -> unsigned short {
        if (std::isnan(a) || std::isnan(b))
            return nan || (std::isnan(a) && std::isnan(b)) ? 0x7fff : std::isnan(a) ? bb : ab;
        if (a == b)
            return max ? (ab & bb) : (ab | bb);  // zeros: +0 is the larger
        return (a > b) == max ? ab : bb;
    };
    switch (op) {
    case kAdd: case kAddRn: case kOpAdd: return bits_of(a + b);
    case kSub: case kSubRn: case kOpSub: return bits_of(a - b);
    case kMul: case kMulRn: case kOpMul: return bits_of(a * b);
    case kDiv: case kOpDiv: return bits_of(a / b);
    case kAddSat: return sat(bits_of(a + b));
    case kSubSat: return sat(bits_of(a - b));
    case kMulSat: return sat(bits_of(a * b));
    case kMax: return maxmin(true, false);
    case kMin: return maxmin(false, false);
    case kMaxNan: return maxmin(true, true);
    case kMinNan: return maxmin(false, true);
    case kNeg: return ab ^ 0x8000;
    case kAbs: return ab & 0x7fff;
    // a * b - b: the double product is exact (22 bits), the sum then
    // rounded once to double and to half: exact enough for these operands
    // (checked against MPFR over random inputs in tests/math/half.hip).
    case kFma: return bits_of((float)((double)a * b - b));
    default: return sat(bits_of((float)((double)a * b - b)));
    }
}

static bool compare_ref(int op, float a, float b)
{
    bool un = std::isnan(a) || std::isnan(b);
    switch (op) {
    case kEq: return a == b;
    case kNe: return !un && a != b;
    case kLt: return a < b;
    case kLe: return a <= b;
    case kGt: return a > b;
    case kGe: return a >= b;
    case kEqu: return un || a == b;
    case kNeu: return a != b;
    case kLtu: return un || a < b;
    case kLeu: return un || a <= b;
    case kGtu: return un || a > b;
    default: return un || a >= b;
    }
}

static void check_pairs()
{
    std::vector<unsigned short> ops = operands(), a, b;
    for (unsigned short x : ops)
        for (unsigned short y : ops)
            a.push_back(x), b.push_back(y);
    int n = (int)a.size();
    __half *da, *db;
    unsigned short *dout, *dout2;
    unsigned char *dcmp, *dcmp2;
    CHECK(hipMalloc(&da, n * sizeof(__half)));
    CHECK(hipMalloc(&db, n * sizeof(__half)));
    CHECK(hipMalloc(&dout, n * kArith * sizeof(unsigned short)));
    CHECK(hipMalloc(&dout2, n * kArith * 2 * sizeof(unsigned short)));
    CHECK(hipMalloc(&dcmp, n * kCmp));
    CHECK(hipMalloc(&dcmp2, n * kCmp));
    CHECK(hipMemcpy(da, a.data(), n * sizeof(__half), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(db, b.data(), n * sizeof(__half), hipMemcpyHostToDevice));
    pairs_kernel<<<(n + 255) / 256, 256>>>(da, db, dout, dout2, dcmp, dcmp2, n);
    CHECK(hipDeviceSynchronize());
    std::vector<unsigned short> out(n * kArith), out2(n * kArith * 2);
    std::vector<unsigned char> cmp(n * kCmp), cmp2(n * kCmp);
    CHECK(hipMemcpy(out.data(), dout, out.size() * 2, hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(out2.data(), dout2, out2.size() * 2, hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(cmp.data(), dcmp, cmp.size(), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(cmp2.data(), dcmp2, cmp2.size(), hipMemcpyDeviceToHost));

    int before = failures;
    for (int i = 0; i < n; i++) {
        float fa = __half2float(__ushort_as_half(a[i])), fb = __half2float(__ushort_as_half(b[i]));
        for (int op = 0; op < kArith; op++) {
            unsigned want = canon(arith_ref(op, a[i], b[i]));
            unsigned wswap = canon(arith_ref(op, b[i], a[i]));
            // -b for fma's addend in the swapped lane is -a.
            if (op == kFma || op == kFmaSat)
                wswap = canon(op == kFma ? bits_of((float)((double)fb * fa - fa))
                                         : arith_ref(kFmaSat, b[i], a[i]));
            expect_bits(kArithNames[op], canon(out[i * kArith + op]), want, fa, fb);
            expect_bits(kArithNames[op], canon(out2[(i * kArith + op) * 2]), want, fa, fb);
            expect_bits(kArithNames[op], canon(out2[(i * kArith + op) * 2 + 1]), wswap, fb, fa);
            // Host code: the same functions (not fma: a device intrinsic).
            if (op < kFma)
                expect_bits(kArithNames[op],
                            canon(__half_as_ushort(
                                arith(op, __ushort_as_half(a[i]), __ushort_as_half(b[i])))),
                            want, fa, fb);
        }
        for (int op = 0; op < kCmp; op++) {
            bool w = compare_ref(op, fa, fb), ws = compare_ref(op, fb, fa);
            unsigned want2 = w | ws << 1 | (w && ws) << 2;
            if (op == kEq)
                want2 |= std::isnan(fa) << 3 | (std::isinf(fa) ? (fa > 0 ? 2 : 0) : 1) << 4;
            if (cmp[i * kCmp + op] != w && failures++ < 20)
                printf("  __h%s(%a, %a): got %d\n", kCmpNames[op], fa, fb, cmp[i * kCmp + op]);
            if (compare(op, __ushort_as_half(a[i]), __ushort_as_half(b[i])) != w &&
                failures++ < 20)
                printf("  host __h%s(%a, %a) wrong\n", kCmpNames[op], fa, fb);
            if (cmp2[i * kCmp + op] != want2 && failures++ < 20)
                printf("  __h%s2/__hb%s2/__hisnan/__hisinf(%a, %a): got %#x, want %#x\n",
                       kCmpNames[op], kCmpNames[op], fa, fb, cmp2[i * kCmp + op], want2);
        }
    }
    printf("  arithmetic and comparisons on %d pairs, half and half2, device and host: %s\n",
           n, failures == before ? "ok" : "FAIL");
    CHECK(hipFree(da));
    CHECK(hipFree(db));
    CHECK(hipFree(dout));
    CHECK(hipFree(dout2));
    CHECK(hipFree(dcmp));
    CHECK(hipFree(dcmp2));
}

// ------------------------------------------------------- conversions
constexpr int kConv = 17;  // to float; to int, short, unsigned, long long x 4 modes
__global__ void convert_kernel(const __half* in, float* f, long long* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    __half h = __ldg(in + i);
    f[i] = __half2float(h);
    long long* o = out + (size_t)i * (kConv - 1);
    o[0] = __half2int_rn(h), o[1] = __half2int_rz(h), o[2] = __half2int_rd(h),
    o[3] = __half2int_ru(h);
    o[4] = __half2short_rn(h), o[5] = __half2short_rz(h), o[6] = __half2short_rd(h),
    o[7] = __half2short_ru(h);
    o[8] = __half2uint_rn(h), o[9] = __half2uint_rz(h), o[10] = __half2uint_rd(h),
    o[11] = __half2uint_ru(h);
    o[12] = __half2ll_rn(h), o[13] = __half2ll_rz(h), o[14] = __half2ll_rd(h),
    o[15] = __half2ll_ru(h);
}

// v (integral) saturated to [lo, hi] of the type; NaN -> 0.
static long long to_int_ref(double v, long long lo, long long hi)
{
    if (std::isnan(v))
        return 0;
    return v <= (double)lo ? lo : v >= (double)hi ? hi : (long long)v;
}

static void check_conversions()
{
    const int n = 65536;
    std::vector<unsigned short> all(n);
    for (int i = 0; i < n; i++)
        all[i] = (unsigned short)i;
    __half* din;
    float* df;
    long long* dout;
    CHECK(hipMalloc(&din, n * sizeof(__half)));
    CHECK(hipMemcpy(din, all.data(), n * sizeof(__half), hipMemcpyHostToDevice));
    CHECK(hipMalloc(&df, n * sizeof(float)));
    CHECK(hipMalloc(&dout, (size_t)n * (kConv - 1) * sizeof(long long)));
    convert_kernel<<<n / 256, 256>>>(din, df, dout);
    CHECK(hipDeviceSynchronize());
    std::vector<float> f(n);
    std::vector<long long> out((size_t)n * (kConv - 1));
    CHECK(hipMemcpy(f.data(), df, n * sizeof(float), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(out.data(), dout, out.size() * sizeof(long long), hipMemcpyDeviceToHost));
    int before = failures;
    static const char* const kTypes[4] = {"int", "short", "uint", "ll"};
    static const char* const kModes[4] = {"rn", "rz", "rd", "ru"};
    const long long lo[4] = {INT32_MIN, INT16_MIN, 0, INT64_MIN};
    const long long hi[4] = {INT32_MAX, INT16_MAX, UINT32_MAX, INT64_MAX};
    for (int i = 0; i < n; i++) {
        _Float16 h;
        unsigned short b = (unsigned short)i;
        memcpy(&h, &b, 2);
        double v = (double)h;
        float fw = (float)h;
        if (memcmp(&f[i], &fw, 4) != 0 && !std::isnan(v) && failures++ < 20)
            printf("  __half2float(0x%04x): got %a\n", b, f[i]);
        const double r[4] = {std::nearbyint(v), std::trunc(v), std::floor(v), std::ceil(v)};
        for (int t = 0; t < 4; t++)
            for (int m = 0; m < 4; m++) {
                long long want = to_int_ref(r[m], lo[t], hi[t]);
                long long got = out[(size_t)i * (kConv - 1) + t * 4 + m];
                if (t == 2)
                    got = (unsigned int)got;
                if (got != want && failures++ < 20)
                    printf("  __half2%s_%s(%a): got %lld, want %lld\n", kTypes[t], kModes[m],
                           v, got, want);
            }
        // The host forms of two of them.
        if ((long long)__half2int_rd(__ushort_as_half(b)) != to_int_ref(r[2], lo[0], hi[0]) &&
            failures++ < 20)
            printf("  host __half2int_rd(%a) wrong\n", v);
        if ((long long)__half2ll_ru(__ushort_as_half(b)) != to_int_ref(r[3], lo[3], hi[3]) &&
            failures++ < 20)
            printf("  host __half2ll_ru(%a) wrong\n", v);
    }
    printf("  all 2^16 halves to float and to int/short/uint/ll in 4 modes: %s\n",
           failures == before ? "ok" : "FAIL");
    CHECK(hipFree(din));
    CHECK(hipFree(df));
    CHECK(hipFree(dout));
}

// ------------------------------------------- shuffles, reductions, atomics
// Lane l holds l / 4 (exact in half).  Each lane reads its neighbours
// through every shuffle, the wave's sum, min and max, and adds into
// shared counters.
__global__ void lanes_kernel(float* out, __half* hsum, __half2* h2sum)
{
    int l = threadIdx.x;
    __half v = __float2half(l / 4.0f);
    __half2 v2 = __halves2half2(v, __hneg(v));
    float* o = out + l * 14;
    o[0] = __half2float(__shfl(v, 3));
    o[1] = __half2float(__shfl_up(v, 1));
    o[2] = __half2float(__shfl_down(v, 2));
    o[3] = __half2float(__shfl_xor(v, 1));
    o[4] = __low2float(__shfl_sync(~0ull, v2, 5));
    o[5] = __high2float(__shfl_xor_sync(~0ull, v2, 2));
    o[6] = __high2float(__shfl_up_sync(~0ull, v2, 3, 16));
    o[7] = __low2float(__shfl_down_sync(~0ull, v2, 1, 8));
    o[8] = __half2float(__reduce_add_sync(~0ull, v));
    o[9] = __half2float(__reduce_min_sync(~0ull, __hneg(v)));
    o[10] = __half2float(__reduce_max_sync(~0ull, v));
    o[11] = __half2float(atomicAdd(hsum, __float2half(1.0f)));  // old values: 0 .. n-1, once each
    // Two masks with holes, reducing separately: the even and the odd lanes.
    unsigned long long even = 0x5555555555555555ull, mine = l & 1 ? ~even : even;
    o[12] = __half2float(__reduce_add_sync(mine, v));
    o[13] = __half2float(__reduce_max_sync(mine, __hneg(v)));
    atomicAdd(h2sum, __halves2half2(__float2half(0.5f), __float2half(-2.0f)));
}

static void check_lanes(int wave)
{
    int n = wave;  // one wave
    float* dout;
    __half* dh;
    __half2* dh2;
    CHECK(hipMalloc(&dout, n * 14 * sizeof(float)));
    CHECK(hipMalloc(&dh, 4 * sizeof(__half)));
    CHECK(hipMalloc(&dh2, sizeof(__half2)));
    // The counter is the odd half of a word whose other half must stay.
    unsigned short init[4] = {0x1234, 0, 0x5678, 0};
    CHECK(hipMemcpy(dh, init, sizeof init, hipMemcpyHostToDevice));
    CHECK(hipMemset(dh2, 0, sizeof(__half2)));
    lanes_kernel<<<1, n>>>(dout, dh + 1, dh2);
    CHECK(hipDeviceSynchronize());
    std::vector<float> o(n * 14);
    unsigned short h[4];
    __half2 h2;
    CHECK(hipMemcpy(o.data(), dout, o.size() * sizeof(float), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(h, dh, sizeof h, hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(&h2, dh2, sizeof h2, hipMemcpyDeviceToHost));
    int before = failures;
    std::vector<bool> seen(n);
    float sum = 0;
    float parity_sum[2] = {0, 0};
    for (int l = 0; l < n; l++)
        sum += l / 4.0f, parity_sum[l & 1] += l / 4.0f;
    for (int l = 0; l < n; l++) {
        auto seg = [&](int w) { return l & ~(w - 1); };
        const float want[14] = {
            3 / 4.0f,
            (l >= 1 ? l - 1 : l) / 4.0f,
            (l + 2 < n ? l + 2 : l) / 4.0f,
            (l ^ 1) / 4.0f,
            5 / 4.0f,
            -((l ^ 2) / 4.0f),
            -((l - seg(16) >= 3 ? l - 3 : l) / 4.0f),
            (l - seg(8) + 1 < 8 ? l + 1 : l) / 4.0f,
            sum,
            -(n - 1) / 4.0f,
            (n - 1) / 4.0f,
            0,  // (the atomic: checked below)
            parity_sum[l & 1],
            -(l & 1) / 4.0f,
        };
        for (int k = 0; k < 14; k++)
            if (k != 11 && o[l * 14 + k] != want[k] && failures++ < 20)
                printf("  lane %d: shuffle/reduction %d: got %g, want %g\n", l, k,
                       o[l * 14 + k], want[k]);
        int old = (int)o[l * 14 + 11];
        if (old < 0 || old >= n || seen[old])
            printf("  lane %d: atomicAdd(__half*) returned %d twice or out of range\n", l, old),
                failures++;
        else
            seen[old] = true;
    }
    if (h[0] != 0x1234 || h[2] != 0x5678 || __half2float(__ushort_as_half(h[1])) != n ||
        h[3] != 0)
        printf("  atomicAdd(__half*): words %04x %04x %04x %04x, want 1234 %04x 5678 0000\n",
               h[0], h[1], h[2], h[3], bits_of((float)n)),
            failures++;
    if (__low2float(h2) != 0.5f * n || __high2float(h2) != -2.0f * n)
        printf("  atomicAdd(__half2*): got (%g, %g), want (%g, %g)\n", __low2float(h2),
               __high2float(h2), 0.5f * n, -2.0f * n),
            failures++;
    printf("  shuffles, reductions and atomics over a wave of %d: %s\n", n,
           failures == before ? "ok" : "FAIL");
    CHECK(hipFree(dout));
    CHECK(hipFree(dh));
    CHECK(hipFree(dh2));
}

// ----------------------------------------------------- math, h2 forms
// Each h2 function's lanes must equal the scalar one's (which
// tests/math/half.hip checks against MPFR over all 2^16 inputs), on
// 2^14 halves: every 8th and its third neighbour, so every exponent.
__global__ void h2_kernel(unsigned int* bad)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    __half x = __ushort_as_half((unsigned short)(8 * i)), y = __ushort_as_half((unsigned short)(8 * i + 3));
    __half2 p = __halves2half2(x, y);
#define H2(h2f, hf)                                                                       \
    {                                                                                     \
        __half2 r = h2f(p);                                                               \
        __half s = hf(x), t = hf(y);                                                      \
        if ((__half_as_ushort(__low2half(r)) != __half_as_ushort(s) && !__hisnan(s)) ||   \
            (__half_as_ushort(__high2half(r)) != __half_as_ushort(t) && !__hisnan(t)))    \
            atomicAdd(bad, 1u);                                                           \
    }
    H2(h2exp, hexp) H2(h2exp2, hexp2) H2(h2exp10, hexp10) H2(h2log, hlog) H2(h2log2, hlog2)
    H2(h2log10, hlog10) H2(h2sqrt, hsqrt) H2(h2rsqrt, hrsqrt) H2(h2rcp, hrcp) H2(h2sin, hsin)
    H2(h2cos, hcos) H2(h2ceil, hceil) H2(h2floor, hfloor) H2(h2trunc, htrunc) H2(h2rint, hrint)
#undef H2
}

static void check_h2_math()
{
    unsigned int* dbad;
    unsigned int bad;
    CHECK(hipMalloc(&dbad, sizeof bad));
    CHECK(hipMemset(dbad, 0, sizeof bad));
    h2_kernel<<<8192 / 256, 256>>>(dbad);  // every 8th half and its third neighbour
    CHECK(hipDeviceSynchronize());
    CHECK(hipMemcpy(&bad, dbad, sizeof bad, hipMemcpyDeviceToHost));
    if (bad)
        printf("  %u h2 math results differ from the scalar function's\n", bad), failures++;
    printf("  h2 math functions on 2^14 halves of every exponent agree with the scalar ones: %s\n",
           bad ? "FAIL" : "ok");
    CHECK(hipFree(dbad));
}

// ------------------------------------------------------------ extras
// The rest of the family on fixed inputs with known results.
__global__ void extras_kernel(const __half* in, float* out)
{
    __half a = __ldcg(in), b = __ldcs(in + 1), c = __ldca(in + 2);  // 2.5, -3, 0.25
    out[0] = __half2char_rz(__hneg(a));                       // -2
    out[1] = __half2uchar_rz(__float2half(300.0f));           // 255 (saturated)
    out[2] = (float)__heq2_mask(__halves2half2(a, b), __halves2half2(a, a));  // 0xffff
    out[3] = (float)__hgt2_mask(__halves2half2(a, b), __halves2half2(b, a));  // 0xffff
    __half2 z = __hcmadd(__halves2half2(a, b), __halves2half2(c, a), __halves2half2(c, c));
    out[4] = __low2float(z);                                  // 2.5*.25 - (-3)(2.5) + .25 = 8.375
    out[5] = __high2float(z);                                 // 2.5*2.5 + (-3)(.25) + .25 = 5.75
    out[6] = amd_mixed_dot(__halves2half2(a, b), __halves2half2(c, a), 1.0f, false);  // -5.875
    out[7] = amd_mixed_dot(__halves2half2(a, b), __halves2half2(c, a), 1.0f, true);   // 0
    out[8] = __half2float(__hfma_relu(a, b, c));              // -7.25 -> 0
    out[9] = __half2float(__hfma_relu(a, c, c));              // 0.875
    __half2 inf2 = __hisinf2(__halves2half2(__hdiv(a, __float2half(0.0f)), a));
    out[10] = __low2float(inf2) + 2 * __high2float(inf2);     // 1
    __half2 r = __hfma2_relu(__halves2half2(a, a), __halves2half2(b, c), __halves2half2(c, c));
    out[11] = __low2float(r) + __high2float(r);               // 0 + 0.875
    __half st;
    __stcg(&st, a);
    out[12] = __half2float(__ldlu(&st));                      // 2.5
}

static void check_extras()
{
    const float in[3] = {2.5f, -3.0f, 0.25f};
    __half hin[3];
    for (int i = 0; i < 3; i++)
        hin[i] = __float2half(in[i]);
    const float want[13] = {-2, 255, 65535, 65535, 8.375f, 5.75f, -5.875f, 0, 0, 0.875f, 1,
                            0.875f, 2.5f};
    __half* din;
    float* dout;
    CHECK(hipMalloc(&din, sizeof hin));
    CHECK(hipMalloc(&dout, sizeof want));
    CHECK(hipMemcpy(din, hin, sizeof hin, hipMemcpyHostToDevice));
    extras_kernel<<<1, 1>>>(din, dout);
    CHECK(hipDeviceSynchronize());
    float got[13];
    CHECK(hipMemcpy(got, dout, sizeof got, hipMemcpyDeviceToHost));
    int before = failures;
    static const char* const names[13] = {
        "__half2char_rz", "__half2uchar_rz", "__heq2_mask", "__hgt2_mask", "__hcmadd.x",
        "__hcmadd.y", "amd_mixed_dot", "amd_mixed_dot(sat)", "__hfma_relu(<0)", "__hfma_relu",
        "__hisinf2", "__hfma2_relu", "__stcg/__ldlu"};
    for (int i = 0; i < 13; i++)
        if (got[i] != want[i])
            printf("  %s: got %g, want %g\n", names[i], got[i], want[i]), failures++;
    printf("  char/uchar conversions, masks, __hcmadd, amd_mixed_dot, _relu, __hisinf2, "
           "loads and stores: %s\n", failures == before ? "ok" : "FAIL");
    CHECK(hipFree(din));
    CHECK(hipFree(dout));
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
    printf("half: hip_fp16.h on the device and the host\n");
    // Host-side use: conversions and arithmetic (and directed roundings).
    __half a = 1.5f, b = __float2half_rd(0.1f);
    if (__half2float(a * b + a) != 1.650390625f || __half_as_ushort(b) != 0x2e66 ||
        __half_as_ushort(__float2half_ru(0.1f)) != 0x2e67 ||
        __half_as_ushort(__int2half_rz(65535)) != 0x7bff ||
        __half_as_ushort(__int2half_rn(65520)) != 0x7c00 ||
        __half_as_ushort(__ull2half_rd(2049)) != 0x6800 ||
        __half_as_ushort(__ull2half_ru(2049)) != 0x6801)
        printf("  host conversions wrong: %g %04x\n", __half2float(a * b + a),
               __half_as_ushort(b)),
            failures++;
    check_pairs();
    check_conversions();
    check_lanes(device_warp_size());
    check_h2_math();
    check_extras();
    if (failures) {
        printf("half: FAIL (%d)\n", failures);
        return 1;
    }
    printf("half: PASS\n");
    return 0;
}
