// barehip-cc-flags: -Xarch_device -funsafe-math-optimizations
// The unsafe-math mode alone (-funsafe-math-optimizations: lower accuracy
// allowed, but infinities, NaNs and denormals still defined): the f32
// exponentials, logarithms and powers take the fast forms of
// firmware/math/unsafe.h, the ones ocml changes in this mode.  Each must
//   - stay within the fast bound the library documents for it (CUDA's
//     bounds for __expf, __exp10f, __logf, __log2f, __log10f; for pow a
//     bound growing with |y log2 x|), on every input including specials,
//     denormal inputs and results;
//   - really be the fast form: its instruction count (the model's
//     shader clock, median over batches) is at most that of the bare
//     intrinsic plus the few instructions of the denormal fix-up, where
//     the accurate default costs more (the numbers are in main).
// The other functions keep their full accuracy in this mode (checked on
// a few of them below).
#include "mtest.h"

using namespace mtest;

MATH_OP1(exp_f, float, expf(a));
MATH_OP1(exp2_f, float, exp2f(a));
MATH_OP1(exp10_f, float, exp10f(a));
MATH_OP1(log_f, float, logf(a));
MATH_OP1(log2_f, float, log2f(a));
MATH_OP1(log10_f, float, log10f(a));
MATH_OP2(pow_f, float, powf(a, b));
MATH_OP2(pown_f, float, __ocml_pown_f32(a, (int)b));
MATH_OP1(sin_f, float, sinf(a));
MATH_OP1(exp_d, double, exp(a));
// The bare instructions, for the cost comparison.
MATH_OP1(bare_exp2, float, __builtin_amdgcn_exp2f(a));
MATH_OP1(bare_log2, float, __builtin_amdgcn_logf(a));
MATH_OP2(bare_pow, float, __builtin_amdgcn_exp2f(b * __builtin_amdgcn_logf(a)));

#define MREF1(name, call) static void name(mpfr_t r, mpfr_t* a) { call; }
#define MREF2(name, call) static void name(mpfr_t r, mpfr_t* a) { call; }
MREF1(ref_exp, mpfr_exp(r, a[0], MPFR_RNDN))
MREF1(ref_exp2, mpfr_exp2(r, a[0], MPFR_RNDN))
MREF1(ref_exp10, mpfr_exp10(r, a[0], MPFR_RNDN))
MREF1(ref_log, mpfr_log(r, a[0], MPFR_RNDN))
MREF1(ref_log2, mpfr_log2(r, a[0], MPFR_RNDN))
MREF1(ref_log10, mpfr_log10(r, a[0], MPFR_RNDN))
MREF1(ref_sin, mpfr_sin(r, a[0], MPFR_RNDN))
MREF2(ref_pow, mpfr_pow(r, a[0], a[1], MPFR_RNDN))
// pown's n is the float input truncated, as the kernel passes it.
MREF2(ref_pown, mpfr_trunc(a[1], a[1]); mpfr_pow(r, a[0], a[1], MPFR_RNDN))

// A bound of base + floor(|k g|) ulps, g = x for exp, y log2|x| for pow;
// for the logarithms an absolute bound 2^abs_log2 inside [0.5, 2].
struct FastBound {
    double base, k, abs_log2;
};

// The pow family's exponent growth term: y log2|x| (0 where undefined).
static double pow_g(float x, float y)
{
    double l = std::log2(std::fabs((double)x)) * y;
    return std::isfinite(l) ? l : 0;
}

// pown's n is an int: NaN, infinite or huge float inputs are no n.
static bool int_n(const float* a) { return std::fabs(a[1]) < 0x1p31f; }

template <typename Op, int N>
static void check_fast(const char* name, RefFn<float, N> ref, FastBound fb, Range range,
                       const std::vector<float>& extra = std::vector<float>(),
                       bool (*keep)(const float*) = nullptr)
{
    std::vector<float> in = make_inputs<float, N>(range, name_seed(name)), out;
    in.insert(in.end(), extra.begin(), extra.end() - extra.size() % N);
    size_t n = run_device<float, N>(name, apply<float, Op, N>, in, out);
    mpfr_t rop, args[N];
    mpfr_init2(rop, 256);
    for (int k = 0; k < N; k++)
        mpfr_init2(args[k], 24);
    Stat s;
    double worst_ratio = 0;
    char win[96] = "-", wgot[64] = "-", wwant[64] = "-";
    for (size_t i = 0; i < n; i++) {
        const float* a = &in[i * N];
        if (keep && !keep(a))
            continue;
        for (int k = 0; k < N; k++)
            mpfr_set_flt(args[k], a[k], MPFR_RNDN);
        ref(rop, args);
        float want = round_to<float>(rop), got = out[i];
        double ratio;
        if (fb.abs_log2 < 0 && a[0] >= 0.5f && a[0] <= 2.0f && std::isfinite(got)) {
            double d = std::fabs((double)got - mpfr_get_d(rop, MPFR_RNDN));
            ratio = d / std::exp2(fb.abs_log2);
        } else if (N == 2 && std::isinf(got) && std::fabs(want) >= 0x1p127f &&
                   std::signbit(got) == std::signbit(want)) {
            ratio = 0;   // pow: within its error of overflow, documented (unsafe.h)
        } else {
            double g = N == 1 ? a[0] : pow_g(a[0], a[1]);
            ratio = error(got, want) / (fb.base + std::floor(std::fabs(fb.k * g)));
        }
        s.inputs++;
        if (ratio > worst_ratio || (ratio == INFINITY && worst_ratio != INFINITY)) {
            worst_ratio = ratio;
            s.worst = i;
            if (N == 1)
                snprintf(win, sizeof win, "%a", (double)a[0]);
            else
                snprintf(win, sizeof win, "%a, %a", (double)a[0], (double)a[N - 1]);
            print_value(wgot, sizeof wgot, got);
            print_value(wwant, sizeof wwant, want);
        }
    }
    mpfr_clear(rop);
    for (int k = 0; k < N; k++)
        mpfr_clear(args[k]);
    // Reported as the worst fraction of the bound used ("/bound" in the
    // name): pass at <= 1.
    s.max_err = worst_ratio;
    report(name, s, 1, win, wgot, wwant);
}

// The fast form's cost: at most the bare instruction's plus @slack.
template <typename Op, typename Bare, int N>
static void check_cost(const char* name, double slack, Range range)
{
    std::vector<float> in = make_inputs<float, N>(range, name_seed(name));
    double c = cost<float, Op, N>(in), bare = cost<float, Bare, N>(in);
    bool ok = c <= bare + slack;
    if (!ok)
        failures()++;
    printf("  %-22s %5.1f instructions per call, the bare form %4.1f (+%g allowed) %s\n", name, c,
           bare, slack, ok ? "PASS" : "FAIL");
}

int main(int argc, char** argv)
{
    parse_args(argc, argv);
    printf("unsafe: f32 exp/log/pow under -funsafe-math-optimizations (bound used, pass <= 1)\n");
    // Denormal results and inputs, the thresholds of the scaling.
    std::vector<float> expx = {-87.3f, -87.4f, -100.0f, -103.9f, -104.0f, 88.7f, 88.8f};
    std::vector<float> exp2x = {-125.9f, -126.0f, -126.1f, -140.5f, -149.0f, -149.9f, -150.0f,
                                127.9f, 128.0f};
    std::vector<float> tiny = {0x1p-149f, 0x1.8p-140f, 0x1.fffffcp-127f, 0x1p-126f, 1.0f,
                               0x1.000002p0f, 0x1.fffffep-1f};
    check_fast<exp_f, 1>("unsafe expf /bound", ref_exp, {2, 1.173, 0}, Range{-104, 89, true}, expx);
    check_fast<exp2_f, 1>("unsafe exp2f /bound", ref_exp2, {2, 0, 0}, Range{-151, 129, true}, exp2x);
    check_fast<exp10_f, 1>("unsafe exp10f /bound", ref_exp10, {2, 2.97, 0}, Range{-46, 39, true},
                           {-37.9f, -38.0f, -44.8f, 38.5f, 38.6f});
    check_fast<log_f, 1>("unsafe logf /bound", ref_log, {3, 0, -21.41}, Range{0, 4, true}, tiny);
    check_fast<log2_f, 1>("unsafe log2f /bound", ref_log2, {2, 0, -22}, Range{0, 4, true}, tiny);
    check_fast<log10_f, 1>("unsafe log10f /bound", ref_log10, {3, 0, -24}, Range{0, 4, true}, tiny);
    std::vector<float> pw = {2.0f, -149.0f, 2.0f, -150.0f, 0.5f, 140.5f, 0x1p-140f, 0.5f,
                             -2.0f, 3.0f, -2.0f, 0.5f, 0.0f, -1.0f, -0.0f, -3.0f, 1.0f, NAN,
                             NAN, 0.0f, -1.0f, INFINITY, INFINITY, -0.5f, 10.0f, 38.0f};
    check_fast<pow_f, 2>("unsafe powf /bound", ref_pow, {2, 2.1, 0}, Range{0, 4, true}, pw);
    check_fast<pown_f, 2>("unsafe pown f32 /bound", ref_pown, {2, 2.1, 0}, Range{-30, 30, true},
                          {2.0f, -149.0f, -2.0f, 3.0f, -0.0f, -3.0f, 0.0f, -2.0f, 3.0f, 0.0f},
                          int_n);

    printf("unsafe: the fast forms are taken (model instruction counts)\n");
    // The accurate forms cost 12-15 (exp, exp10, log10) and 31-34 (log)
    // on gfx9; exp2f and log2f are the bare instruction plus the denormal
    // fix-up in every mode, so they tell nothing here.  gfx11 code also
    // carries s_delay_alu scheduling hints, which issue (and count) like
    // instructions: 2 more allowed there.
    hipDeviceProp_t prop;
    HIP_OK(hipGetDeviceProperties(&prop, 0));
    const double slack = prop.major >= 10 ? 10 : 8;
    check_cost<exp_f, bare_exp2, 1>("expf", slack, Range{-80, 80, true});
    check_cost<exp10_f, bare_exp2, 1>("exp10f", slack, Range{-30, 30, true});
    check_cost<log_f, bare_log2, 1>("logf", slack, Range{0, 4, true});
    check_cost<log10_f, bare_log2, 1>("log10f", slack, Range{0, 4, true});

    printf("unsafe: the rest keeps its full accuracy\n");
    check<float, sin_f, 1>("unsafe: sinf", ref_sin, 2);
    check<double, exp_d, 1>("unsafe: exp", ref_exp, 1, Range{-746, 710, true});
    return finish("unsafe");
}
