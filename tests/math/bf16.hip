// Device math: <hip/hip_bf16.h> against MPFR (bfloat16: 8 bits,
// float's exponent range and denormals down to 2^-133).
//  - every unary function (hexp ... hrint) on all 2^16 bfloat16s: 0 ulp
//    where exact or one correctly rounded operation (hsqrt, hrcp, the
//    roundings), 1 ulp for the transcendentals (the ocml float function
//    rounded once; HIP and CUDA document no bound for bfloat16);
//  - __hadd, __hsub, __hmul, __hdiv, __hfma (0 ulp) on the specials
//    crossed and random pairs and triples;
//  - the conversions to bfloat16 in every rounding mode (0 ulp): from
//    float (around every 16th bfloat16's neighbours and midpoints, and
//    random), double (nearest), short and unsigned short (all 2^16),
//    int, unsigned, long long, unsigned long long (every magnitude); the
//    same conversions in host code too (rows "host ...").
// (The conversions from bfloat16 are exact: tests/device/bf16.hip checks
// them on all 2^16 values.)
#include "mtest.h"
#include <hip/hip_bf16.h>

using namespace mtest;
using bf = __hip_bfloat16;

// ---------------------------------------------------- reference side
static float bf_value(uint16_t b) { return __builtin_bit_cast(float, (uint32_t)b << 16); }

// x rounded to bfloat16 in direction rnd (bits).
static uint16_t mpfr_bf(mpfr_t x, mpfr_rnd_t rnd)
{
    if (mpfr_nan_p(x))
        return 0x7fc0;
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_t t;
    mpfr_init2(t, 8);
    mpfr_set_emin(-132);
    mpfr_set_emax(128);
    int i = mpfr_set(t, x, rnd);
    i = mpfr_check_range(t, i, rnd);
    mpfr_subnormalize(t, i, rnd);
    float f = mpfr_get_flt(t, MPFR_RNDN);  // exact: 8 bits within float's range
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    mpfr_clear(t);
    return (uint16_t)(__builtin_bit_cast(uint32_t, f) >> 16);
}

// Ulps between two bfloat16s (ordered integers); inf where NaN-ness,
// an infinity or a zero's sign differs.
static double bf_error(uint16_t got, uint16_t want)
{
    float g = bf_value(got), w = bf_value(want);
    if (std::isnan(w) || std::isnan(g))
        return std::isnan(w) && std::isnan(g) ? 0 : INFINITY;
    if (std::isinf(w) || w == 0)
        return got == want ? 0 : INFINITY;
    if (std::isinf(g))
        return INFINITY;
    auto ord = [](uint16_t b) { return b & 0x8000 ? -(int)(b & 0x7fff) : (int)b; };
    return std::abs(ord(got) - ord(want));
}

// The references' precision.  Unary functions: 96 bits decide every
// rounding to 8 bits (a result of an 8-bit input cannot lie within 2^-96
// of a bfloat16 midpoint without being it; every result here is the
// same at 256 bits), at a fraction of 256 bits' cost over 2^16 inputs.  The arithmetic: enough for the exact result of
// operands 2^400 apart (bfloat16 spans 2^-133 .. 2^128; fma's product
// twice that), so a tiny addend still breaks a tie.
constexpr int kRefBits = 96, kArithRefBits = 800;

// ------------------------------------------------------------ device
enum Fn { kExp, kExp2, kExp10, kLog, kLog2, kLog10, kSin, kCos, kSqrt, kRsqrt, kRcp, kCeil,
          kFloor, kTrunc, kRint, kAdd, kSub, kMul, kDiv, kFma, kFns };
static const char* const kNames[kFns] = {
    "hexp(bf16)", "hexp2(bf16)", "hexp10(bf16)", "hlog(bf16)", "hlog2(bf16)", "hlog10(bf16)",
    "hsin(bf16)", "hcos(bf16)", "hsqrt(bf16)", "hrsqrt(bf16)", "hrcp(bf16)", "hceil(bf16)",
    "hfloor(bf16)", "htrunc(bf16)", "hrint(bf16)", "__hadd(bf16)", "__hsub(bf16)",
    "__hmul(bf16)", "__hdiv(bf16)", "__hfma(bf16)"};

__global__ void fn_kernel(const uint16_t* in, uint16_t* out, size_t n, int fn)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    const int arity = fn >= kFma ? 3 : fn >= kAdd ? 2 : 1;
    bf a = __ushort_as_bfloat16(in[i * arity]);
    bf b = arity > 1 ? __ushort_as_bfloat16(in[i * arity + 1]) : a;
    bf c = arity > 2 ? __ushort_as_bfloat16(in[i * arity + 2]) : a;
    bf r;
    switch (fn) {
    case kExp: r = hexp(a); break;
    case kExp2: r = hexp2(a); break;
    case kExp10: r = hexp10(a); break;
    case kLog: r = hlog(a); break;
    case kLog2: r = hlog2(a); break;
    case kLog10: r = hlog10(a); break;
    case kSin: r = hsin(a); break;
    case kCos: r = hcos(a); break;
    case kSqrt: r = hsqrt(a); break;
    case kRsqrt: r = hrsqrt(a); break;
    case kRcp: r = hrcp(a); break;
    case kCeil: r = hceil(a); break;
    case kFloor: r = hfloor(a); break;
    case kTrunc: r = htrunc(a); break;
    case kRint: r = hrint(a); break;
    case kAdd: r = __hadd(a, b); break;
    case kSub: r = __hsub(a, b); break;
    case kMul: r = __hmul(a, b); break;
    case kDiv: r = __hdiv(a, b); break;
    default: r = __hfma(a, b, c); break;
    }
    out[i] = __bfloat16_as_ushort(r);
}

// Run fn_kernel over n calls' inputs; the result bits.
static std::vector<uint16_t> run(const std::vector<uint16_t>& in, size_t n, int fn)
{
    uint16_t *din, *dout;
    HIP_OK(hipMalloc(&din, in.size() * sizeof(uint16_t)));
    HIP_OK(hipMalloc(&dout, n * sizeof(uint16_t)));
    HIP_OK(hipMemcpy(din, in.data(), in.size() * sizeof(uint16_t), hipMemcpyHostToDevice));
    hipLaunchKernelGGL(fn_kernel, dim3((unsigned)((n + 255) / 256)), dim3(256), 0, 0,
                       (const uint16_t*)din, dout, n, fn);
    HIP_OK(hipGetLastError());
    HIP_OK(hipDeviceSynchronize());
    std::vector<uint16_t> out(n);
    HIP_OK(hipMemcpy(out.data(), dout, n * sizeof(uint16_t), hipMemcpyDeviceToHost));
    HIP_OK(hipFree(din));
    HIP_OK(hipFree(dout));
    return out;
}

static void ref(int fn, mpfr_t r, mpfr_t* a)
{
    switch (fn) {
    case kExp: mpfr_exp(r, a[0], MPFR_RNDN); break;
    case kExp2: mpfr_exp2(r, a[0], MPFR_RNDN); break;
    case kExp10: mpfr_exp10(r, a[0], MPFR_RNDN); break;
    case kLog: mpfr_log(r, a[0], MPFR_RNDN); break;
    case kLog2: mpfr_log2(r, a[0], MPFR_RNDN); break;
    case kLog10: mpfr_log10(r, a[0], MPFR_RNDN); break;
    case kSin: mpfr_sin(r, a[0], MPFR_RNDN); break;
    case kCos: mpfr_cos(r, a[0], MPFR_RNDN); break;
    case kSqrt: mpfr_sqrt(r, a[0], MPFR_RNDN); break;
    case kRsqrt: mpfr_rec_sqrt(r, a[0], MPFR_RNDN); break;
    case kRcp: mpfr_ui_div(r, 1, a[0], MPFR_RNDN); break;
    case kCeil: mpfr_ceil(r, a[0]); break;
    case kFloor: mpfr_floor(r, a[0]); break;
    case kTrunc: mpfr_trunc(r, a[0]); break;
    case kRint: mpfr_rint(r, a[0], MPFR_RNDN); break;
    case kAdd: mpfr_add(r, a[0], a[1], MPFR_RNDN); break;
    case kSub: mpfr_sub(r, a[0], a[1], MPFR_RNDN); break;
    case kMul: mpfr_mul(r, a[0], a[1], MPFR_RNDN); break;
    case kDiv: mpfr_div(r, a[0], a[1], MPFR_RNDN); break;
    default: mpfr_fma(r, a[0], a[1], a[2], MPFR_RNDN); break;
    }
}

static void check_fn(int fn, double bound, const std::vector<uint16_t>& in)
{
    const int arity = fn >= kFma ? 3 : fn >= kAdd ? 2 : 1;
    size_t n = in.size() / arity;
    std::vector<uint16_t> out = run(in, n, fn);
    mpfr_t r, a[3];
    mpfr_init2(r, arity == 1 ? kRefBits : kArithRefBits);
    for (auto& x : a)
        mpfr_init2(x, 24);
    Stat s;
    char win[96] = "-", wgot[32] = "-", wwant[32] = "-";
    for (size_t i = 0; i < n; i++) {
        for (int k = 0; k < arity; k++)
            mpfr_set_flt(a[k], bf_value(in[i * arity + k]), MPFR_RNDN);
        uint16_t want;
        if (fn == kRsqrt && mpfr_zero_p(a[0]))  // IEEE rSqrt(-0) = -inf; MPFR: +inf
            want = mpfr_signbit(a[0]) ? 0xff80 : 0x7f80;
        else {
            ref(fn, r, a);
            want = mpfr_bf(r, MPFR_RNDN);
        }
        double e = bf_error(out[i], want);
        s.inputs++;
        if (e > s.max_err) {
            s.max_err = e;
            int off = 0;
            for (int k = 0; k < arity; k++)
                off += snprintf(win + off, sizeof win - off, "%s%a", k ? ", " : "",
                                bf_value(in[i * arity + k]));
            snprintf(wgot, sizeof wgot, "%a", bf_value(out[i]));
            snprintf(wwant, sizeof wwant, "%a", bf_value(want));
        }
    }
    mpfr_clear(r);
    for (auto& x : a)
        mpfr_clear(x);
    report(kNames[fn], s, bound, win, wgot, wwant);
}

// ------------------------------------------------------- conversions
// The conversions of x in the four modes (rn, rz, rd, ru); the host
// runs the same code.
template <typename In> __host__ __device__ void convert(In x, int kind, uint16_t* out)
{
    bf r[4];
#define CONV(NAME) \
    r[0] = NAME##_rn(x), r[1] = NAME##_rz(x), r[2] = NAME##_rd(x), r[3] = NAME##_ru(x)
    switch (kind) {
    case 0: CONV(__short2bfloat16); break;
    case 1: CONV(__ushort2bfloat16); break;
    case 2: CONV(__int2bfloat16); break;
    case 3: CONV(__uint2bfloat16); break;
    case 4: CONV(__ll2bfloat16); break;
    case 5: CONV(__ull2bfloat16); break;
    case 6: CONV(__float2bfloat16); break;
    default: r[0] = r[1] = r[2] = r[3] = __double2bfloat16(x); break;
    }
#undef CONV
    for (int m = 0; m < 4; m++)
        out[m] = __bfloat16_as_ushort(r[m]);
}

template <typename In> __global__ void conv_kernel(const In* in, uint16_t* out, size_t n, int kind)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        convert(in[i], kind, out + i * 4);
}

template <typename In> static void check_conv(const char* name, int kind, const std::vector<In>& in, int modes)
{
    static const char* const kMode[4] = {"rn", "rz", "rd", "ru"};
    static const mpfr_rnd_t kRnd[4] = {MPFR_RNDN, MPFR_RNDZ, MPFR_RNDD, MPFR_RNDU};
    size_t n = in.size();
    In* din;
    uint16_t* dout;
    HIP_OK(hipMalloc(&din, n * sizeof(In)));
    HIP_OK(hipMalloc(&dout, n * 4 * sizeof(uint16_t)));
    HIP_OK(hipMemcpy(din, in.data(), n * sizeof(In), hipMemcpyHostToDevice));
    hipLaunchKernelGGL(conv_kernel<In>, dim3((unsigned)((n + 255) / 256)), dim3(256), 0, 0,
                       (const In*)din, dout, n, kind);
    HIP_OK(hipGetLastError());
    HIP_OK(hipDeviceSynchronize());
    std::vector<uint16_t> out(n * 4);
    HIP_OK(hipMemcpy(out.data(), dout, out.size() * sizeof(uint16_t), hipMemcpyDeviceToHost));
    HIP_OK(hipFree(din));
    HIP_OK(hipFree(dout));
    // The host's results, judged the same way (rows "host ...").
    std::vector<uint16_t> host(n * 4);
    for (size_t i = 0; i < n; i++)
        convert(in[i], kind, &host[i * 4]);
    mpfr_t v;
    mpfr_init2(v, 64);
    for (int side = 0; side < 2; side++) {
        const std::vector<uint16_t>& res = side ? host : out;
        for (int m = 0; m < modes; m++) {
            Stat s;
            char win[64] = "-", wgot[32] = "-", wwant[32] = "-";
            for (size_t i = 0; i < n; i++) {
                if constexpr (std::is_floating_point<In>::value)
                    mpfr_set_d(v, (double)in[i], MPFR_RNDN);
                else if constexpr (std::is_signed<In>::value)
                    mpfr_set_sj(v, (intmax_t)in[i], MPFR_RNDN);
                else
                    mpfr_set_uj(v, (uintmax_t)in[i], MPFR_RNDN);
                uint16_t want = mpfr_bf(v, kRnd[m]);
                double e = bf_error(res[i * 4 + m], want);
                s.inputs++;
                if (e > s.max_err) {
                    s.max_err = e;
                    snprintf(win, sizeof win, "%.17g", (double)in[i]);
                    snprintf(wgot, sizeof wgot, "%a", bf_value(res[i * 4 + m]));
                    snprintf(wwant, sizeof wwant, "%a", bf_value(want));
                }
            }
            char full[64];
            snprintf(full, sizeof full, "%s%s%s%s", side ? "host " : "", name,
                     modes > 1 ? "_" : "", modes > 1 ? kMode[m] : "");
            report(full, s, 0, win, wgot, wwant);
        }
    }
    mpfr_clear(v);
}

template <typename F> static std::vector<F> float_inputs(uint64_t seed)
{
    std::vector<F> v;
    for (uint32_t b = 0; b < 0x7f80; b += 16)
        for (int s = 0; s < 2; s++) {
            F x = (F)bf_value((uint16_t)(b | s << 15));
            F mid = (x + (F)bf_value((uint16_t)((b + 1) | s << 15))) / 2;
            for (F y : {x, mid})
                for (F z : {y, std::nextafter(y, (F)-INFINITY), std::nextafter(y, (F)INFINITY)})
                    v.push_back(z);
        }
    const F big[] = {(F)bf_value(0x7f7f), (F)FLT_MAX, (F)INFINITY, (F)NAN, (F)1e300, (F)1e-300};
    for (F y : big)
        for (F s : {(F)1, (F)-1})
            v.push_back(s * y), v.push_back(std::nextafter(s * y, (F)INFINITY)),
                v.push_back(std::nextafter(s * y, (F)-INFINITY));
    Rng r(seed);
    for (size_t i = 0; i < options().n; i++) {
        F x = (F)std::ldexp(r.uniform() + 0.5, (int)(r.next() % 280) - 140);
        v.push_back(r.next() & 1 ? x : -x);
    }
    return v;
}

template <typename I> static std::vector<I> int_inputs(uint64_t seed)
{
    std::vector<I> v = {std::numeric_limits<I>::max(), std::numeric_limits<I>::min(), 0, 1, 255,
                        256, 257, 383, 384, 385};
    Rng r(seed);
    for (size_t i = 0; i < options().n; i++) {
        int top = (int)(r.next() % (sizeof(I) * 8));
        uint64_t b = r.next() & ((top == 63 ? 0 : (2ull << top)) - 1);
        v.push_back((I)b);
        // Exact midpoints and their neighbours: 8 random bits, a 1, zeros.
        int sh = (int)(r.next() % (sizeof(I) * 8 - 10));
        uint64_t mid = ((r.next() & 0xff) | 0x100) << 1 | 1;
        v.push_back((I)(mid << sh)), v.push_back((I)((mid << sh) + 1)),
            v.push_back((I)((mid << sh) - 1));
    }
    return v;
}

template <typename I> static std::vector<I> every16()
{
    std::vector<I> v(65536);
    for (uint32_t b = 0; b < 65536; b++)
        v[b] = (I)(uint16_t)b;
    return v;
}

int main(int argc, char** argv)
{
    parse_args(argc, argv);
    printf("bf16: hip_bf16.h functions over all 2^16 bfloat16s, arithmetic, conversions\n");
    std::vector<uint16_t> all(65536);
    for (uint32_t b = 0; b < 65536; b++)
        all[b] = (uint16_t)b;
    for (int fn = kExp; fn <= kRint; fn++)
        check_fn(fn, fn <= kCos || fn == kRsqrt ? 1 : 0, all);
    const uint16_t sp[] = {0x0000, 0x0001, 0x007f, 0x0080, 0x3f00, 0x3f7f, 0x3f80, 0x3f81, 0x4000,
                           0x4040, 0x7f7f, 0x7f80, 0x7fc0, 0x1f80, 0x5f80};
    for (int fn = kAdd; fn <= kFma; fn++) {
        const int arity = fn == kFma ? 3 : 2;
        std::vector<uint16_t> in;
        for (uint16_t a : sp)
            for (uint16_t b : sp)
                for (int sg = 0; sg < 4; sg++) {
                    in.push_back((uint16_t)(a | (sg & 1) << 15));
                    in.push_back((uint16_t)(b | (sg >> 1) << 15));
                    if (arity == 3)
                        in.push_back((uint16_t)(b ^ 0x8000));
                }
        Rng r(name_seed(kNames[fn]));
        for (size_t i = 0; i < options().n; i++) {
            // Random operands; for a third, close exponents (cancellations).
            uint16_t x = (uint16_t)r.next();
            for (int k = 0; k < arity; k++) {
                uint16_t y = (uint16_t)r.next();
                if (k && i % 3 == 0)
                    y = (uint16_t)((y & 0x807f) | ((x & 0x7f80) + ((r.next() % 5) << 7) - (2 << 7)));
                in.push_back(k ? y : x);
            }
        }
        check_fn(fn, 0, in);
    }
    check_conv<float>("__float2bfloat16", 6, float_inputs<float>(name_seed("f2bf")), 4);
    check_conv<double>("__double2bfloat16", 7, float_inputs<double>(name_seed("d2bf")), 1);
    check_conv<short>("__short2bfloat16", 0, every16<short>(), 4);
    check_conv<unsigned short>("__ushort2bfloat16", 1, every16<unsigned short>(), 4);
    check_conv<int>("__int2bfloat16", 2, int_inputs<int>(name_seed("i2bf")), 4);
    check_conv<unsigned int>("__uint2bfloat16", 3, int_inputs<unsigned int>(name_seed("u2bf")), 4);
    check_conv<long long>("__ll2bfloat16", 4, int_inputs<long long>(name_seed("ll2bf")), 4);
    check_conv<unsigned long long>("__ull2bfloat16", 5, int_inputs<unsigned long long>(name_seed("ull2bf")), 4);
    return finish("bf16");
}
