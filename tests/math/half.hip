// Device math: <hip/hip_fp16.h> against MPFR.
//  - every unary half function (hexp ... hrint) on all 2^16 halves;
//    the bounds: 0 ulp where the function is exact or one correctly
//    rounded operation (hsqrt, hrcp, the roundings), 1 ulp for the
//    transcendentals (CUDA and HIP document no bound for half; barehip
//    evaluates them in float and rounds once: firmware/math/half.c);
//  - __hfma and __hdiv (0 ulp: one rounding) on the specials crossed
//    and random pairs and triples;
//  - every conversion to half in every rounding mode, 0 ulp: from float
//    (__float2half_rn/_rz/_rd/_ru) and double (__double2half) on random
//    values and around every 16th half's neighbours and midpoints; from
//    short and unsigned short on all 2^16 values, from int, unsigned,
//    long long and unsigned long long on random values over every
//    magnitude and the integers around the half boundaries; the same
//    conversions in host code too (rows "host ...").
// (The conversions from half are exact: tests/device/half.hip checks
// them on all 2^16 halves.)
#include "mtest.h"
#include <hip/hip_fp16.h>

using namespace mtest;
using h16 = _Float16;

static __device__ h16 raw(__half h) { return static_cast<__half_raw>(h).data; }
static __device__ __half hv(h16 x) { return __half_raw{{x}}; }

MATH_OP1(op_hexp, h16, raw(hexp(hv(a))));
MATH_OP1(op_hexp2, h16, raw(hexp2(hv(a))));
MATH_OP1(op_hexp10, h16, raw(hexp10(hv(a))));
MATH_OP1(op_hlog, h16, raw(hlog(hv(a))));
MATH_OP1(op_hlog2, h16, raw(hlog2(hv(a))));
MATH_OP1(op_hlog10, h16, raw(hlog10(hv(a))));
MATH_OP1(op_hsin, h16, raw(hsin(hv(a))));
MATH_OP1(op_hcos, h16, raw(hcos(hv(a))));
MATH_OP1(op_hsqrt, h16, raw(hsqrt(hv(a))));
MATH_OP1(op_hrsqrt, h16, raw(hrsqrt(hv(a))));
MATH_OP1(op_hrcp, h16, raw(hrcp(hv(a))));
MATH_OP1(op_hceil, h16, raw(hceil(hv(a))));
MATH_OP1(op_hfloor, h16, raw(hfloor(hv(a))));
MATH_OP1(op_htrunc, h16, raw(htrunc(hv(a))));
MATH_OP1(op_hrint, h16, raw(hrint(hv(a))));
MATH_OP2(op_hdiv, h16, raw(__hdiv(hv(a), hv(b))));
MATH_OP3(op_hfma, h16, raw(__hfma(hv(a), hv(b), hv(c))));

static void r_exp(mpfr_t r, mpfr_t* a) { mpfr_exp(r, a[0], MPFR_RNDN); }
static void r_exp2(mpfr_t r, mpfr_t* a) { mpfr_exp2(r, a[0], MPFR_RNDN); }
static void r_exp10(mpfr_t r, mpfr_t* a) { mpfr_exp10(r, a[0], MPFR_RNDN); }
static void r_log(mpfr_t r, mpfr_t* a) { mpfr_log(r, a[0], MPFR_RNDN); }
static void r_log2(mpfr_t r, mpfr_t* a) { mpfr_log2(r, a[0], MPFR_RNDN); }
static void r_log10(mpfr_t r, mpfr_t* a) { mpfr_log10(r, a[0], MPFR_RNDN); }
static void r_sin(mpfr_t r, mpfr_t* a) { mpfr_sin(r, a[0], MPFR_RNDN); }
static void r_cos(mpfr_t r, mpfr_t* a) { mpfr_cos(r, a[0], MPFR_RNDN); }
static void r_sqrt(mpfr_t r, mpfr_t* a) { mpfr_sqrt(r, a[0], MPFR_RNDN); }
static void r_rsqrt(mpfr_t r, mpfr_t* a) { mpfr_rec_sqrt(r, a[0], MPFR_RNDN); }
static void r_rcp(mpfr_t r, mpfr_t* a) { mpfr_ui_div(r, 1, a[0], MPFR_RNDN); }
static void r_ceil(mpfr_t r, mpfr_t* a) { mpfr_ceil(r, a[0]); }
static void r_floor(mpfr_t r, mpfr_t* a) { mpfr_floor(r, a[0]); }
static void r_trunc(mpfr_t r, mpfr_t* a) { mpfr_trunc(r, a[0]); }
static void r_rint(mpfr_t r, mpfr_t* a) { mpfr_rint(r, a[0], MPFR_RNDN); }
static void r_div(mpfr_t r, mpfr_t* a) { mpfr_div(r, a[0], a[1], MPFR_RNDN); }
static void r_fma(mpfr_t r, mpfr_t* a) { mpfr_fma(r, a[0], a[1], a[2], MPFR_RNDN); }

// 1/sqrt(-0) is -inf (IEEE's rSqrt, and v_rsq); MPFR's rec_sqrt gives +inf.
static bool fix_rsqrt(const h16* a, h16* want)
{
    if (a[0] != 0)
        return false;
    *want = std::signbit((float)a[0]) ? -(h16)INFINITY : (h16)INFINITY;
    return true;
}

static h16 half_of(uint16_t b)
{
    h16 h;
    memcpy(&h, &b, 2);
    return h;
}

static std::vector<h16> all_halves()
{
    std::vector<h16> v(65536);
    for (uint32_t b = 0; b < 65536; b++)
        v[b] = half_of((uint16_t)b);
    return v;
}

// Specials crossed, then random halves (any bit pattern but NaN), N per call.
template <int N> static std::vector<h16> half_tuples(uint64_t seed, size_t n)
{
    const uint16_t sp[] = {0x0000, 0x0001, 0x03ff, 0x0400, 0x3800, 0x3bff, 0x3c00, 0x3c01,
                           0x4000, 0x4200, 0x4900, 0x7bff, 0x7c00, 0x7e00};
    std::vector<h16> in;
    for (uint16_t a : sp)
        for (uint16_t b : sp)
            for (int sa = 0; sa < 2; sa++)
                for (int sb = 0; sb < 2; sb++) {
                    in.push_back(half_of((uint16_t)(a | sa << 15)));
                    in.push_back(half_of((uint16_t)(b | sb << 15)));
                    if (N == 3)
                        in.push_back(half_of((uint16_t)(b ^ 0x8000)));
                }
    Rng r(seed);
    for (size_t i = 0; i < n * N; i++) {
        uint16_t b;
        do
            b = (uint16_t)r.next();
        while ((b & 0x7fff) > 0x7c00);
        in.push_back(half_of(b));
    }
    return in;
}

// ------------------------------------------------------- conversions
// x rounded to half in direction rnd, by MPFR (half's precision and
// range, its denormals, overflow as the direction says).
static uint16_t mpfr_half(mpfr_t x, mpfr_rnd_t rnd)
{
    if (mpfr_nan_p(x))
        return 0x7e00;
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_t t;
    mpfr_init2(t, 11);
    mpfr_set_emin(-23);
    mpfr_set_emax(16);
    int i = mpfr_set(t, x, rnd);
    i = mpfr_check_range(t, i, rnd);
    mpfr_subnormalize(t, i, rnd);
    h16 h = (h16)mpfr_get_flt(t, MPFR_RNDN);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    mpfr_clear(t);
    uint16_t b;
    memcpy(&b, &h, 2);
    return b;
}

// A conversion under test: In -> half, four modes (rn, rz, rd, ru).
// The conversions of x in the four modes (rn, rz, rd, ru); the host
// runs the same code (its own directed roundings, not ocml's).
template <typename In> __host__ __device__ void convert(In x, int kind, uint16_t* out)
{
    __half r[4];
    if constexpr (sizeof(In) == 4 && (In)0.5 != 0) {  // float
        r[0] = __float2half_rn(x), r[1] = __float2half_rz(x), r[2] = __float2half_rd(x),
        r[3] = __float2half_ru(x);
    } else if constexpr (sizeof(In) == 8 && (In)0.5 != 0) {  // double: nearest only
        r[0] = r[1] = r[2] = r[3] = __double2half(x);
    } else {
#define CONV(NAME) \
        r[0] = NAME##_rn(x), r[1] = NAME##_rz(x), r[2] = NAME##_rd(x), r[3] = NAME##_ru(x)
        switch (kind) {
        case 0: CONV(__short2half); break;
        case 1: CONV(__ushort2half); break;
        case 2: CONV(__int2half); break;
        case 3: CONV(__uint2half); break;
        case 4: CONV(__ll2half); break;
        default: CONV(__ull2half); break;
        }
#undef CONV
    }
    for (int m = 0; m < 4; m++)
        out[m] = __half_as_ushort(r[m]);
}

template <typename In> __global__ void conv_kernel(const In* in, uint16_t* out, size_t n, int kind)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        convert(in[i], kind, out + i * 4);
}

template <typename In> static void set_mpfr(mpfr_t v, In x)
{
    if constexpr (std::is_floating_point<In>::value)
        mpfr_set_d(v, (double)x, MPFR_RNDN);  // exact (64 bits of precision)
    else if constexpr (std::is_signed<In>::value)
        mpfr_set_sj(v, (intmax_t)x, MPFR_RNDN);
    else
        mpfr_set_uj(v, (uintmax_t)x, MPFR_RNDN);
}

// Check the conversions of in (modes: 4, or 1 for nearest only).
template <typename In>
static void check_conv(const char* name, int kind, const std::vector<In>& in, int modes)
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
    HIP_OK(hipMemcpy(out.data(), dout, n * 4 * sizeof(uint16_t), hipMemcpyDeviceToHost));
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
            char win[64] = "-", wgot[64] = "-", wwant[64] = "-";
            for (size_t i = 0; i < n; i++) {
                set_mpfr(v, in[i]);
                h16 want = half_of(mpfr_half(v, kRnd[m])), got = half_of(res[i * 4 + m]);
                double e = error(got, want);
                s.inputs++;
                if (e > s.max_err) {
                    s.max_err = e;
                    snprintf(win, sizeof win, "%.17g", (double)in[i]);
                    print_value(wgot, sizeof wgot, got);
                    print_value(wwant, sizeof wwant, want);
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

// Floats around half values: every 16th half, its float neighbours, the
// midpoint to the next half and its neighbours; past the largest half;
// random floats.
template <typename F> static std::vector<F> float_inputs(uint64_t seed)
{
    std::vector<F> v;
    for (uint32_t b = 0; b < 0x7c00; b += 16)
        for (int s = 0; s < 2; s++) {
            F x = (F)(float)half_of((uint16_t)(b | s << 15));
            F mid = (x + (F)(float)half_of((uint16_t)((b + 1) | s << 15))) / 2;
            for (F y : {x, mid})
                for (F z : {y, std::nextafter(y, (F)-INFINITY), std::nextafter(y, (F)INFINITY)})
                    v.push_back(z);
        }
    for (F y : {(F)65504, (F)65519, (F)65520, (F)65536, (F)1e30, (F)INFINITY, (F)NAN})
        for (F s : {(F)1, (F)-1})
            v.push_back(s * y), v.push_back(std::nextafter(s * y, (F)INFINITY)),
                v.push_back(std::nextafter(s * y, (F)-INFINITY));
    Rng r(seed);
    for (size_t i = 0; i < options().n; i++) {
        // A third anywhere, the rest within half's exponents.
        F x = i % 3 == 0 ? (F)std::ldexp(r.uniform(), (int)(r.next() % 200) - 100)
                         : (F)std::ldexp(r.uniform() + 0.5, (int)(r.next() % 44) - 28);
        v.push_back(r.next() & 1 ? x : -x);
    }
    return v;
}

// Integers: every magnitude (random bits under a random top), and the
// integers around the half boundaries (2048 .. 65536 and past).
template <typename I> static std::vector<I> int_inputs(uint64_t seed)
{
    std::vector<I> v;
    const bool sign = (I)-1 < (I)0;
    for (int64_t k = 2040; k <= 65600; k++)
        if (k % 64 < 3 || k % 64 > 61 || k > 65400 || k % 32 == 0 || k % 32 == 1 ||
            k % 32 == 31) {
            v.push_back((I)k);
            if (sign)
                v.push_back((I)-k);
        }
    v.push_back(std::numeric_limits<I>::max());
    v.push_back(std::numeric_limits<I>::min());
    v.push_back(0);
    Rng r(seed);
    for (size_t i = 0; i < options().n; i++) {
        int top = (int)(r.next() % (sizeof(I) * 8));
        uint64_t b = r.next() & ((top == 63 ? 0 : (2ull << top)) - 1);
        v.push_back((I)b);
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
    printf("half: hip_fp16.h functions over all 2^16 halves, and conversions to half\n");
    std::vector<h16> all = all_halves();
    // 96 bits decide every rounding of these to 11 bits (a result of an
    // 11-bit input cannot lie within 2^-96 of a half midpoint without
    // being it; every result here is the same at 256 bits), at a fraction
    // of 256 bits' cost over 2^16 inputs.
    options().ref_bits = 96;
    check_inputs<h16, op_hexp, 1>("hexp", r_exp, 1, all);
    check_inputs<h16, op_hexp2, 1>("hexp2", r_exp2, 1, all);
    check_inputs<h16, op_hexp10, 1>("hexp10", r_exp10, 1, all);
    check_inputs<h16, op_hlog, 1>("hlog", r_log, 1, all);
    check_inputs<h16, op_hlog2, 1>("hlog2", r_log2, 1, all);
    check_inputs<h16, op_hlog10, 1>("hlog10", r_log10, 1, all);
    check_inputs<h16, op_hsin, 1>("hsin", r_sin, 1, all);
    check_inputs<h16, op_hcos, 1>("hcos", r_cos, 1, all);
    check_inputs<h16, op_hrsqrt, 1>("hrsqrt", r_rsqrt, 1, all, fix_rsqrt);
    check_inputs<h16, op_hsqrt, 1>("hsqrt", r_sqrt, 0, all);
    check_inputs<h16, op_hrcp, 1>("hrcp", r_rcp, 0, all);
    check_inputs<h16, op_hceil, 1>("hceil", r_ceil, 0, all);
    check_inputs<h16, op_hfloor, 1>("hfloor", r_floor, 0, all);
    check_inputs<h16, op_htrunc, 1>("htrunc", r_trunc, 0, all);
    check_inputs<h16, op_hrint, 1>("hrint", r_rint, 0, all);
    options().ref_bits = 256;  // __hfma's exact sum spans up to 2^-48 .. 2^32
    check_inputs<h16, op_hdiv, 2>("__hdiv", r_div, 0, half_tuples<2>(name_seed("__hdiv"), options().n));
    check_inputs<h16, op_hfma, 3>("__hfma", r_fma, 0, half_tuples<3>(name_seed("__hfma"), options().n));

    check_conv<float>("__float2half", -1, float_inputs<float>(name_seed("f2h")), 4);
    check_conv<double>("__double2half", -1, float_inputs<double>(name_seed("d2h")), 1);
    check_conv<short>("__short2half", 0, every16<short>(), 4);
    check_conv<unsigned short>("__ushort2half", 1, every16<unsigned short>(), 4);
    check_conv<int>("__int2half", 2, int_inputs<int>(name_seed("i2h")), 4);
    check_conv<unsigned int>("__uint2half", 3, int_inputs<unsigned int>(name_seed("u2h")), 4);
    check_conv<long long>("__ll2half", 4, int_inputs<long long>(name_seed("ll2h")), 4);
    check_conv<unsigned long long>("__ull2half", 5, int_inputs<unsigned long long>(name_seed("ull2h")), 4);
    return finish("half");
}
