// Device math, the exponential and logarithm family: exp, exp2, exp10,
// expm1, log, log2, log10, log1p, pow and pown (powif/powi), in float
// and double, against MPFR with CUDA's documented ulp bound
// (docs/facts/devlib.md §4) and C99 Annex F special values; the legacy
// __ocml_*_f32 names older clang headers call for expf & co.; and the
// fast intrinsics (__expf, __exp10f, __logf, __log2f, __log10f, __powf,
// and the __ocml_native_* functions), each input against the error
// CUDA documents for it as a function of x (docs/facts/devlib.md §4.1).
//
// Where each one comes from with clang-19's headers: expf, exp2f and
// log10f, __logf and __log10f are LLVM intrinsics the AMDGPU backend
// expands inline; __expf, __exp10f and __log2f are the raw v_exp_f32 /
// v_log_f32 instructions; everything else is barehip's firmware
// (firmware/math/).  Random inputs cover the whole range (every
// exponent) and each function's own range; the extra inputs sit at the
// overflow and underflow thresholds, in the denormal results, near 1
// for the logarithms, near 0 for expm1 and log1p, and, for pow, on
// pairs built so y log|x| lands everywhere in [-750, 750].
#include "mtest.h"

using namespace mtest;

MATH_OP1(exp_f, float, expf(a));
MATH_OP1(exp2_f, float, exp2f(a));
MATH_OP1(exp10_f, float, exp10f(a));
MATH_OP1(expm1_f, float, expm1f(a));
MATH_OP1(log_f, float, logf(a));
MATH_OP1(log2_f, float, log2f(a));
MATH_OP1(log10_f, float, log10f(a));
MATH_OP1(log1p_f, float, log1pf(a));
MATH_OP2(pow_f, float, powf(a, b));
MATH_OP1(exp_d, double, exp(a));
MATH_OP1(exp2_d, double, exp2(a));
MATH_OP1(exp10_d, double, exp10(a));
MATH_OP1(expm1_d, double, expm1(a));
MATH_OP1(log_d, double, log(a));
MATH_OP1(log2_d, double, log2(a));
MATH_OP1(log10_d, double, log10(a));
MATH_OP1(log1p_d, double, log1p(a));
MATH_OP2(pow_d, double, pow(a, b));
// std:: overloads reach the same functions.
MATH_OP2(std_pow_f, float, std::pow(a, b));
MATH_OP1(std_log_d, double, std::log(a));
// The legacy names (older clang headers call them for expf, exp2f,
// logf, log2f and log10f).
MATH_OP1(o_exp_f, float, __ocml_exp_f32(a));
MATH_OP1(o_exp2_f, float, __ocml_exp2_f32(a));
MATH_OP1(o_log_f, float, __ocml_log_f32(a));
MATH_OP1(o_log2_f, float, __ocml_log2_f32(a));
MATH_OP1(o_log10_f, float, __ocml_log10_f32(a));
// Fast intrinsics.
MATH_OP1(fexp_f, float, __expf(a));
MATH_OP1(fexp10_f, float, __exp10f(a));
MATH_OP1(flog_f, float, __logf(a));
MATH_OP1(flog2_f, float, __log2f(a));
MATH_OP1(flog10_f, float, __log10f(a));
MATH_OP2(fpow_f, float, __powf(a, b));
MATH_OP1(nexp_f, float, __ocml_native_exp_f32(a));
MATH_OP1(nexp10_f, float, __ocml_native_exp10_f32(a));
MATH_OP1(nlog_f, float, __ocml_native_log_f32(a));
MATH_OP1(nlog2_f, float, __ocml_native_log2_f32(a));
MATH_OP1(nlog10_f, float, __ocml_native_log10_f32(a));

#define MREF1(name, call) static void name(mpfr_t r, mpfr_t* a) { call; }
MREF1(ref_exp, mpfr_exp(r, a[0], MPFR_RNDN))
MREF1(ref_exp2, mpfr_exp2(r, a[0], MPFR_RNDN))
MREF1(ref_exp10, mpfr_exp10(r, a[0], MPFR_RNDN))
MREF1(ref_expm1, mpfr_expm1(r, a[0], MPFR_RNDN))
MREF1(ref_log, mpfr_log(r, a[0], MPFR_RNDN))
MREF1(ref_log2, mpfr_log2(r, a[0], MPFR_RNDN))
MREF1(ref_log10, mpfr_log10(r, a[0], MPFR_RNDN))
MREF1(ref_log1p, mpfr_log1p(r, a[0], MPFR_RNDN))
// MPFR's pow follows C99 Annex F (pow(NaN, 0) = 1, pow(1, NaN) = 1,
// pow(-1, ±inf) = 1, pow(-0, -3) = -inf ...), so no fix hook is needed.
MREF1(ref_pow, mpfr_pow(r, a[0], a[1], MPFR_RNDN))

// ------------------------------------------------------- hard inputs
template <typename T>
static std::vector<T> uniform(double lo, double hi, size_t count, uint64_t seed)
{
    Rng r(seed);
    std::vector<T> v;
    for (size_t i = 0; i < count; i++)
        v.push_back((T)(lo + (hi - lo) * r.uniform()));
    return v;
}
// Each value and its neighbours, k ulps either side.
template <typename T> static std::vector<T> around(std::initializer_list<double> points, int k = 3)
{
    std::vector<T> v;
    for (double p : points) {
        T x = (T)p, up = x, down = x;
        v.push_back(x);
        for (int i = 0; i < k; i++) {
            up = std::nextafter(up, std::numeric_limits<T>::infinity());
            down = std::nextafter(down, -std::numeric_limits<T>::infinity());
            v.push_back(up);
            v.push_back(down);
        }
    }
    return v;
}
template <typename T> static std::vector<T> join(std::vector<T> a, const std::vector<T>& b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}
// A share of the random inputs for a hard range: n/4.
static size_t share() { return options().n / 4 + 64; }

// Integers, where exp2/exp10/pow results are exact.
template <typename T> static std::vector<T> integers(int lo, int hi)
{
    std::vector<T> v;
    for (int i = lo; i <= hi; i++)
        v.push_back((T)i);
    return v;
}

// pow's pairs: x over every exponent (and negative), y chosen so that
// y log|x| is uniform in [-750, 750] (every result from overflow to
// underflow, denormals included), integral y with negative x (both
// parities), x near 1 with huge y, and small integer pairs (exact).
template <typename T> static std::vector<T> pow_pairs(uint64_t seed)
{
    Rng r(seed);
    std::vector<T> v;
    const double tmax = sizeof(T) == 4 ? 110 : 750;
    for (size_t i = 0; i < options().n; i++) {
        T x = random_value<T>(r, Range{0, 4, true});
        x = std::fabs(x);
        if (x == 0 || x == 1)
            continue;
        double t = tmax * (2 * r.uniform() - 1);
        T y = (T)(t / std::log((double)x));
        switch (i % 4) {
        case 0: // negative x, integral y (odd and even)
            x = -x;
            y = std::trunc(y);
            break;
        case 1: // x within a few thousand ulps of 1, |y| up to the threshold
            x = (T)(1 + std::ldexp(2 * r.uniform() - 1,
                                   (int)(r.next() % 24) - std::numeric_limits<T>::digits + 1));
            y = (T)(t / std::log((double)x));
            break;
        default:
            break;
        }
        v.push_back(x);
        v.push_back(y);
    }
    for (int a = -6; a <= 6; a++)
        for (int b = -8; b <= 8; b++) {
            v.push_back((T)a);
            v.push_back((T)b);
            v.push_back((T)a * (T)0.5);
            v.push_back((T)b);
        }
    // Exact powers of two at the thresholds: 2^-150 (f32) and 2^-1075
    // (f64) are ties that round to 0; the largest finite and the first
    // overflowing power; the smallest normal and denormal.
    const int emin = std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits;
    const int emax = std::numeric_limits<T>::max_exponent;
    for (int k : {1, 2, 3, 5, 6, 10, 25, 30, 75}) {
        for (double target :
             {emin - 2.0, emin - 1.0, emin - 0.5, (double)emin, emin + 1.0,
              std::numeric_limits<T>::min_exponent - 1.0, emax - 1.0, (double)emax}) {
            for (int sgn : {1, -1}) {
                T x = (T)std::ldexp(1.0, sgn * k), y = (T)(target / (sgn * k));
                if ((double)y * sgn * k != target)
                    continue;
                v.push_back(x);
                v.push_back(y);
                v.push_back(-x); // negative x: only integral y keeps it real
                v.push_back(y);
            }
        }
    }
    return v;
}

// ------------------------------------------------ the fast intrinsics
// CUDA documents each as ulps growing with |x| (exp: base + floor(|k
// x|)), or as an absolute error inside [0.5, 2] and ulps outside (log).
struct FastBound {
    double base, per_x; // ulps: base + floor(|per_x * x|)
    double abs_log2;    // < 0: absolute error 2^abs_log2 in [0.5, 2]
    const char* text;
};
// What the hardware flushes: v_exp_f32 returns 0 for a denormal result,
// v_log_f32 reads a denormal input as 0 (-inf).  CUDA's table holds for
// its non-ftz instructions; here these inputs are counted, checked to
// give exactly the flushed value, and reported separately.
enum Flush { NO_FLUSH, FLUSH_RESULTS, FLUSH_INPUTS };

template <typename Op> static void check_fast(const char* name, RefFn<float, 1> ref, FastBound fb,
                                              Range range, Flush flush,
                                              const std::vector<float>& extra)
{
    std::vector<float> in = make_inputs<float, 1>(range, 0xfa57 ^ (uint64_t)strlen(name)), out;
    in.insert(in.end(), extra.begin(), extra.end());
    size_t n = run_device<float, 1>(name, apply<float, Op, 1>, in, out);
    mpfr_t rop, arg;
    mpfr_init2(rop, 256);
    mpfr_init2(arg, 24);
    double max_ulp = 0, max_abs = 0, worst_ratio = 0;
    size_t flushed = 0, bad = 0;
    float worst_x = 0;
    for (size_t i = 0; i < n; i++) {
        float x = in[i], got = out[i];
        mpfr_set_flt(arg, x, MPFR_RNDN);
        mpfr_t* a = &arg;
        ref(rop, a);
        float want = round_to<float>(rop);
        bool denorm_in = x != 0 && std::fabs(x) < FLT_MIN;
        bool denorm_out = want != 0 && std::fabs(want) < FLT_MIN;
        if ((flush == FLUSH_RESULTS && denorm_out) || (flush == FLUSH_INPUTS && denorm_in)) {
            float flushed_to = flush == FLUSH_RESULTS ? 0.0f : -INFINITY;
            double b = fb.base + std::floor(std::fabs(fb.per_x * x));
            flushed++;
            if (got != flushed_to && error(got, want) > b && bad++ < 3)
                printf("  %s(%a) = %a: neither flushed (%a) nor within %g ulp of %a\n", name, x,
                       got, flushed_to, b, want);
            continue;
        }
        bool abs_domain = fb.abs_log2 < 0 && x >= 0.5f && x <= 2.0f;
        double ratio;
        if (abs_domain && std::isfinite(got)) {
            double d = std::fabs((double)got - mpfr_get_d(rop, MPFR_RNDN));
            max_abs = std::max(max_abs, d);
            ratio = d / std::exp2(fb.abs_log2);
        } else {
            double e = error(got, want);
            double b = fb.base + std::floor(std::fabs(fb.per_x * x));
            max_ulp = std::max(max_ulp, e);
            ratio = e / b;
        }
        if (ratio > worst_ratio) {
            worst_ratio = ratio;
            worst_x = x;
        }
        if (ratio > 1 && bad++ < 3)
            printf("  %s(%a) = %a, want %a: over %s\n", name, x, got, want, fb.text);
    }
    mpfr_clear(rop);
    mpfr_clear(arg);
    if (bad)
        failures()++;
    char absbuf[48] = "";
    if (fb.abs_log2 < 0)
        snprintf(absbuf, sizeof absbuf, ", 2^%.2f abs in [0.5,2]",
                 max_abs ? std::log2(max_abs) : -INFINITY);
    if (options().rows)
        printf("ROW|%s|%g|%zu|%s|%s\n", name, max_ulp, n, fb.text, bad ? "FAIL" : "pass");
    else
        printf(
            "  %-14s max %g ulp%s over %7zu inputs (bound %s; worst at x = %a, %.2f of it)%s%s\n",
            name, max_ulp, absbuf, n, fb.text, (double)worst_x, worst_ratio,
            bad ? " FAIL" : " PASS",
            flushed ? (flush == FLUSH_RESULTS ? "; denormal results flushed to 0"
                                              : "; denormal inputs read as 0: -inf")
                    : "");
    if (flushed && !options().rows)
        printf("  %-14s %zu inputs in the flushed range\n", "", flushed);
    if (options().cost)
        printf("COST|%s|%g\n", name, cost<float, Op, 1>(in));
}

// --------------------------------------------------- pown (int n)
template <typename T> __global__ void pown_kernel(const T* x, const int* n, T* out, size_t count)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) {
        if constexpr (sizeof(T) == 4)
            out[i] = powif(x[i], n[i]);
        else
            out[i] = powi(x[i], n[i]);
    }
}

// pown(x, n) = x^n against mpfr_pow_si: the specials crossed with
// exponents of both parities and signs (INT_MIN and INT_MAX too), then
// random x with n spread so |n log x| reaches past the thresholds.
template <typename T> static void check_pown(const char* name, double bound)
{
    static const int fixed[] = {0, 1, -1, 2, -2, 3, -3, 4, 5, -7, 16, 17, 31, -32, 101, -1023,
                                1024, 1075, -1076, 65535, 16777217, -16777217, INT_MAX, INT_MIN};
    std::vector<T> x;
    std::vector<int> e;
    for (T v : specials<T>())
        for (int k : fixed) {
            x.push_back(v);
            e.push_back(k);
        }
    Rng r(0x90e7);
    const double tmax = sizeof(T) == 4 ? 110 : 750;
    for (size_t i = 0; i < options().n; i++) {
        T v = random_value<T>(r, Range{-4, 4, true});
        if (i % 3 == 1)
            v = (T)((r.next() & 1 ? -1 : 1) *
                    (1 + std::ldexp(2 * r.uniform() - 1, (int)(r.next() % 30) - 20)));
        double l = std::log(std::fabs((double)v));
        double t = tmax * (2 * r.uniform() - 1);
        double k = l != 0 && std::isfinite(l) ? std::trunc(t / l) : (double)(r.next() % 200) - 100;
        k = std::fmax(std::fmin(k, (double)INT_MAX), (double)INT_MIN);
        x.push_back(v);
        e.push_back((int)k);
    }
    size_t n = x.size();
    std::vector<T> out(n);
    T *dx, *dout;
    int* de;
    HIP_OK(hipMalloc(&dx, n * sizeof(T)));
    HIP_OK(hipMalloc(&dout, n * sizeof(T)));
    HIP_OK(hipMalloc(&de, n * sizeof(int)));
    HIP_OK(hipMemcpy(dx, x.data(), n * sizeof(T), hipMemcpyHostToDevice));
    HIP_OK(hipMemcpy(de, e.data(), n * sizeof(int), hipMemcpyHostToDevice));
    pown_kernel<T><<<(unsigned)((n + 255) / 256), 256>>>(dx, de, dout, n);
    HIP_OK(hipGetLastError());
    HIP_OK(hipDeviceSynchronize());
    HIP_OK(hipMemcpy(out.data(), dout, n * sizeof(T), hipMemcpyDeviceToHost));
    HIP_OK(hipFree(dx));
    HIP_OK(hipFree(dout));
    HIP_OK(hipFree(de));
    mpfr_t mx, ex;
    mpfr_init2(mx, Fmt<T>::prec);
    mpfr_init2(ex, 256);
    Stat s;
    char win[96] = "-", wgot[64] = "-", wwant[64] = "-";
    for (size_t i = 0; i < n; i++) {
        Fmt<T>::set(mx, x[i]);
        // mpfr_pow_si: pown(x, 0) = 1 for every x (NaN too), and
        // pown(±0, n) by n's sign and parity, as C99 pow.
        mpfr_pow_si(ex, mx, e[i], MPFR_RNDN);
        T want = round_to<T>(ex);
        double err = error(out[i], want);
        s.inputs++;
        if (err > s.max_err || (err == INFINITY && s.max_err != INFINITY)) {
            s.max_err = err;
            snprintf(win, sizeof win, "%a, %d", (double)x[i], e[i]);
            print_value(wgot, sizeof wgot, out[i]);
            print_value(wwant, sizeof wwant, want);
        }
    }
    mpfr_clear(mx);
    mpfr_clear(ex);
    report(name, s, bound, win, wgot, wwant);
}

int main(int argc, char** argv)
{
    parse_args(argc, argv);
    const size_t h = share();

    printf("explog: float\n");
    // exp: overflow past 88.7228, denormal results below -87.3365,
    // zero below -103.972.
    std::vector<float> exp_hard =
        join(join(around<float>({88.72283, 88.7228394, -87.33654, -103.27893, -103.972, -104.0,
                                 0x1p-20, 0.34657359, -0.34657359}),
                  uniform<float>(-104, -87, h, 1)),
             uniform<float>(-1, 1, h, 2));
    check<float, exp_f, 1>("expf", ref_exp, 2, Range{-104, 89, true}, nullptr, exp_hard);
    check<float, o_exp_f, 1>("__ocml_exp_f32", ref_exp, 2, Range{-104, 89, true}, nullptr,
                             exp_hard);
    std::vector<float> exp2_hard =
        join(join(integers<float>(-151, 129), uniform<float>(-150, -126, h, 3)),
             around<float>({128, -126, -149, -149.5, -150}));
    check<float, exp2_f, 1>("exp2f", ref_exp2, 2, Range{-151, 129, true}, nullptr, exp2_hard);
    check<float, o_exp2_f, 1>("__ocml_exp2_f32", ref_exp2, 2, Range{-151, 129, true}, nullptr,
                              exp2_hard);
    check<float, exp10_f, 1>(
        "exp10f", ref_exp10, 2, Range{-46, 39, true}, nullptr,
        join(join(integers<float>(-46, 39), uniform<float>(-45.2, -37.9, h, 4)),
             around<float>({38.5318, -37.9297, -45.1545})));
    check<float, expm1_f, 1>(
        "expm1f", ref_expm1, 1, Range{-18, 89, true}, nullptr,
        join(join(uniform<float>(-1e-3, 1e-3, h, 5), uniform<float>(-1.1, 1.1, h, 6)),
             around<float>({88.72283, -17.32868, 0.34657359, -0.34657359, 1e-8})));
    std::vector<float> log_hard =
        join(join(around<float>({1, 2, 0.5, 0.70710678, 1.41421356, 10, 0.1}, 40),
                  uniform<float>(0.9, 1.1, h, 7)),
             uniform<float>(0, 1e-38, h, 8));
    check<float, log_f, 1>("logf", ref_log, 1, Range{0, 4, true}, nullptr, log_hard);
    check<float, o_log_f, 1>("__ocml_log_f32", ref_log, 1, Range{0, 4, true}, nullptr, log_hard);
    check<float, log2_f, 1>("log2f", ref_log2, 1, Range{0, 4, true}, nullptr, log_hard);
    check<float, o_log2_f, 1>("__ocml_log2_f32", ref_log2, 1, Range{0, 4, true}, nullptr, log_hard);
    check<float, log10_f, 1>("log10f", ref_log10, 2, Range{0, 4, true}, nullptr,
                             join(log_hard, around<float>({100, 1000, 1e10, 1e-5}, 2)));
    check<float, o_log10_f, 1>("__ocml_log10_f32", ref_log10, 2, Range{0, 4, true}, nullptr,
                               join(log_hard, around<float>({100, 1000, 1e10, 1e-5}, 2)));
    check<float, log1p_f, 1>(
        "log1pf", ref_log1p, 1, Range{-1, 4, true}, nullptr,
        join(join(uniform<float>(-1e-3, 1e-3, h, 9), uniform<float>(-1, -0.9, h, 10)),
             around<float>({-1, -0.5, 1e-8, -1e-8, 0.41421356, -0.29289322}, 8)));
    std::vector<float> pf = pow_pairs<float>(11);
    check<float, pow_f, 2>("powf", ref_pow, 4, Range{0, 4, true}, nullptr, pf);
    check<float, std_pow_f, 2>("std::pow(f,f)", ref_pow, 4, Range{0, 4, true}, nullptr, pf);
    check_pown<float>("powif", 4);

    printf("explog: fast float intrinsics (CUDA's documented error, docs/facts/devlib.md §4.1)\n");
    std::vector<float> fexp_hard =
        join(uniform<float>(-10, 10, h, 12), around<float>({88.72283, -87.33654}));
    check_fast<fexp_f>("__expf", ref_exp, {2, 1.173, 0, "2+floor(|1.173x|)"}, Range{-104, 89, true},
                       FLUSH_RESULTS, fexp_hard);
    check_fast<nexp_f>("native_exp", ref_exp, {2, 1.173, 0, "2+floor(|1.173x|)"},
                       Range{-104, 89, true}, FLUSH_RESULTS, fexp_hard);
    std::vector<float> fexp10_hard =
        join(uniform<float>(-4, 4, h, 13), around<float>({38.5318, -37.9297}));
    check_fast<fexp10_f>("__exp10f", ref_exp10, {2, 2.97, 0, "2+floor(|2.97x|)"},
                         Range{-46, 39, true}, FLUSH_RESULTS, fexp10_hard);
    check_fast<nexp10_f>("native_exp10", ref_exp10, {2, 2.97, 0, "2+floor(|2.97x|)"},
                         Range{-46, 39, true}, FLUSH_RESULTS, fexp10_hard);
    std::vector<float> flog_hard =
        join(uniform<float>(0.5, 2, h, 14), around<float>({1, 0.5, 2}, 20));
    check_fast<flog_f>("__logf", ref_log, {3, 0, -21.41, "2^-21.41 abs in [0.5,2], else 3"},
                       Range{0, 4, true}, NO_FLUSH, flog_hard);
    check_fast<nlog_f>("native_log", ref_log, {3, 0, -21.41, "2^-21.41 abs in [0.5,2], else 3"},
                       Range{0, 4, true}, FLUSH_INPUTS, flog_hard);
    check_fast<flog2_f>("__log2f", ref_log2, {2, 0, -22, "2^-22 abs in [0.5,2], else 2"},
                        Range{0, 4, true}, FLUSH_INPUTS, flog_hard);
    check_fast<nlog2_f>("native_log2", ref_log2, {2, 0, -22, "2^-22 abs in [0.5,2], else 2"},
                        Range{0, 4, true}, FLUSH_INPUTS, flog_hard);
    check_fast<flog10_f>("__log10f", ref_log10, {3, 0, -24, "2^-24 abs in [0.5,2], else 3"},
                         Range{0, 4, true}, NO_FLUSH, flog_hard);
    check_fast<nlog10_f>("native_log10", ref_log10, {3, 0, -24, "2^-24 abs in [0.5,2], else 3"},
                         Range{0, 4, true}, FLUSH_INPUTS, flog_hard);
    // CUDA defines __powf as exp2f(y * __log2f(x)) without a bound; with
    // clang-19 it is __ocml_pow_f32, so powf's bound applies.
    check<float, fpow_f, 2>("__powf", ref_pow, 4, Range{0, 4, true}, nullptr, pf);

    printf("explog: double\n");
    std::vector<double> dexp_hard =
        join(join(around<double>({709.782712893384, 709.7827128933841, -708.3964185322641,
                                  -744.4400719213812, -745.1332191019411, -745.1332191019412,
                                  0.34657359027997264, 0x1p-30}),
                  uniform<double>(-745.2, -708.3, h, 15)),
             uniform<double>(-1, 1, h, 16));
    check<double, exp_d, 1>("exp", ref_exp, 1, Range{-746, 710, true}, nullptr, dexp_hard);
    check<double, exp2_d, 1>(
        "exp2", ref_exp2, 1, Range{-1076, 1025, true}, nullptr,
        join(join(integers<double>(-1076, 1025), uniform<double>(-1075, -1022, h, 17)),
             around<double>({1024, -1022, -1074, -1074.5, -1075})));
    check<double, exp10_d, 1>(
        "exp10", ref_exp10, 1, Range{-324, 309, true}, nullptr,
        join(join(integers<double>(-324, 309), uniform<double>(-323.7, -307.6, h, 18)),
             around<double>({308.25471555991675, -307.6526555685888, -323.60724533877976})));
    check<double, expm1_d, 1>(
        "expm1", ref_expm1, 1, Range{-40, 710, true}, nullptr,
        join(join(uniform<double>(-1e-3, 1e-3, h, 19), uniform<double>(-1.1, 1.1, h, 20)),
             around<double>({709.782712893384, -37.42994775023705, 0.34657359027997264,
                             -0.34657359027997264, 1e-17})));
    std::vector<double> dlog_hard =
        join(join(around<double>({1, 2, 0.5, 0.7071067811865476, 1.4142135623730951, 10, 0.1}, 40),
                  uniform<double>(0.9, 1.1, h, 21)),
             uniform<double>(0, 1e-307, h, 22));
    check<double, log_d, 1>("log", ref_log, 1, Range{0, 4, true}, nullptr, dlog_hard);
    check<double, std_log_d, 1>("std::log(d)", ref_log, 1, Range{0, 4, true}, nullptr, dlog_hard);
    check<double, log2_d, 1>("log2", ref_log2, 1, Range{0, 4, true}, nullptr, dlog_hard);
    check<double, log10_d, 1>("log10", ref_log10, 1, Range{0, 4, true}, nullptr,
                              join(dlog_hard, around<double>({100, 1000, 1e22, 1e-5}, 2)));
    check<double, log1p_d, 1>(
        "log1p", ref_log1p, 1, Range{-1, 4, true}, nullptr,
        join(join(uniform<double>(-1e-3, 1e-3, h, 23), uniform<double>(-1, -0.9, h, 24)),
             around<double>({-1, -0.5, 1e-17, -1e-17, 0.41421356237309503, -0.2928932188134524,
                             0x1p53, 1.7e308},
                            8)));
    check<double, pow_d, 2>("pow", ref_pow, 2, Range{0, 4, true}, nullptr, pow_pairs<double>(25));
    check_pown<double>("powi", 2);
    return finish("explog");
}
