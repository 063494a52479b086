// Device math, sin, cos, tan and sincos in float and double against MPFR
// with CUDA's bounds (docs/facts/devlib.md §4: sin/cos 2/2, tan 4/2) over the
// whole range: besides the specials and the random inputs (half of them
// uniform bit patterns, so every exponent up to FLT_MAX/DBL_MAX), the
// arguments of each binade that lie closest to a multiple of pi/2
// (found here with MPFR from the continued fraction of 2^k * 2/pi; for
// double they include 6381956970095103 * 2^797, 2^-60.9 from one) and
// the roundings of k pi/2 and their neighbours.  sincos/sincosf are
// checked through both pointer outputs.
//
// The fast intrinsics __sinf, __cosf, __sincosf are checked against
// CUDA's documented absolute error on [-pi, pi] (2^-21.41 for sin,
// 2^-21.19 for cos); CUDA says only "larger outside", where barehip's
// documented growth, |x| 2^-23.2 more (native_sin.c), is checked on
// [-10^4, 10^4].  __tanf, which CUDA documents only as
// __sinf(x) * (1 / __cosf(x)), against the relative error those two
// bounds imply (plus 2^-22 for the reciprocal and the product) where
// |cos x| >= 2^-10.  Their max ulp is printed too, for the record.
#include "mtest.h"

#include <algorithm>

using namespace mtest;

MATH_OP1(sin_f, float, sinf(a));
MATH_OP1(cos_f, float, cosf(a));
MATH_OP1(tan_f, float, tanf(a));
MATH_OP1(std_sin_f, float, std::sin(a));
MATH_OP1(std_cos_f, float, std::cos(a));
MATH_OP1(std_tan_f, float, std::tan(a));
MATH_OP1(sincos_s_f, float, ({ float s, c; sincosf(a, &s, &c); s; }));
MATH_OP1(sincos_c_f, float, ({ float s, c; sincosf(a, &s, &c); c; }));
MATH_OP1(sin_d, double, sin(a));
MATH_OP1(cos_d, double, cos(a));
MATH_OP1(tan_d, double, tan(a));
MATH_OP1(std_sin_d, double, std::sin(a));
MATH_OP1(std_cos_d, double, std::cos(a));
MATH_OP1(std_tan_d, double, std::tan(a));
MATH_OP1(sincos_s_d, double, ({ double s, c; sincos(a, &s, &c); s; }));
MATH_OP1(sincos_c_d, double, ({ double s, c; sincos(a, &s, &c); c; }));
// The fast intrinsics.
MATH_OP1(fsin_f, float, __sinf(a));
MATH_OP1(fcos_f, float, __cosf(a));
MATH_OP1(ftan_f, float, __tanf(a));
MATH_OP1(fsincos_s_f, float, ({ float s, c; __sincosf(a, &s, &c); s; }));
MATH_OP1(fsincos_c_f, float, ({ float s, c; __sincosf(a, &s, &c); c; }));

static void ref_sin(mpfr_t r, mpfr_t* a) { mpfr_sin(r, a[0], MPFR_RNDN); }
static void ref_cos(mpfr_t r, mpfr_t* a) { mpfr_cos(r, a[0], MPFR_RNDN); }
static void ref_tan(mpfr_t r, mpfr_t* a) { mpfr_tan(r, a[0], MPFR_RNDN); }

// Per binade [2^e, 2^(e+1)) of format T (e = 0..emax), the `per`
// arguments closest to a multiple of pi/2 among the multiples of the
// convergent denominators q of alpha = frac(2^(e-p+1) * 2/pi): the
// candidates x = m 2^(e-p+1), m = q * floor((2^p - 1)/q), make
// m * alpha nearly an integer.  With both signs.
template <typename T> std::vector<T> near_pio2(int emax, int per)
{
    const int p = std::numeric_limits<T>::digits;
    mpfr_t alpha, y, a, d;
    mpfr_inits2(emax + 400, alpha, y, a, d, (mpfr_ptr)0);
    std::vector<T> out;
    for (int e = 0; e <= emax; e++) {
        mpfr_const_pi(alpha, MPFR_RNDN);
        mpfr_ui_div(alpha, 2, alpha, MPFR_RNDN);
        mpfr_mul_2si(alpha, alpha, e - p + 1, MPFR_RNDN);
        mpfr_frac(alpha, alpha, MPFR_RNDN);
        std::vector<std::pair<double, uint64_t>> cand;  // (distance, m)
        uint64_t qm1 = 0, q0 = 1, lim = (uint64_t)1 << p;
        mpfr_ui_div(y, 1, alpha, MPFR_RNDN);
        for (int step = 0; step < 200; step++) {
            mpfr_floor(a, y);
            double ad = mpfr_get_d(a, MPFR_RNDN);
            if (ad >= (double)lim || ad * (double)q0 >= (double)lim)
                break;
            uint64_t q1 = (uint64_t)ad * q0 + qm1;
            if (q1 >= lim)
                break;
            uint64_t m = q1 * ((lim - 1) / q1);
            if (m >= lim / 2) {
                // distance of m * alpha from the nearest integer
                mpfr_mul_ui(d, alpha, (unsigned long)m, MPFR_RNDN);
                mpfr_frac(d, d, MPFR_RNDN);
                double f = mpfr_get_d(d, MPFR_RNDN);
                cand.push_back({std::min(f, 1 - f), m});
            }
            qm1 = q0;
            q0 = q1;
            mpfr_sub(y, y, a, MPFR_RNDN);
            if (mpfr_zero_p(y))
                break;
            mpfr_ui_div(y, 1, y, MPFR_RNDN);
        }
        std::sort(cand.begin(), cand.end());
        for (int k = 0; k < per && k < (int)cand.size(); k++) {
            T x = std::ldexp((T)cand[k].second, e - p + 1);
            out.push_back(x);
            out.push_back(-x);
        }
    }
    mpfr_clears(alpha, y, a, d, (mpfr_ptr)0);
    return out;
}

// The hard inputs: near_pio2, the roundings of k pi/2 (k < 2^12) with
// their neighbours, the largest values, and the medium/large path
// boundary 2^40 of the reduction.
template <typename T> std::vector<T> hard_inputs()
{
    std::vector<T> v = near_pio2<T>(std::numeric_limits<T>::max_exponent - 1, 2);
    mpfr_t t;
    mpfr_init2(t, 300);
    for (int k = 1; k < 4096; k += (k < 64 ? 1 : 61)) {
        mpfr_const_pi(t, MPFR_RNDN);
        mpfr_mul_ui(t, t, k, MPFR_RNDN);
        mpfr_div_2ui(t, t, 1, MPFR_RNDN);
        T x = Fmt<T>::get(t);
        for (T y : {x, std::nextafter(x, (T)0), std::nextafter(x, (T)INFINITY)}) {
            v.push_back(y);
            v.push_back(-y);
        }
    }
    mpfr_clear(t);
    const T mx = std::numeric_limits<T>::max();
    const T big[] = {mx, std::nextafter(mx, (T)0), (T)0x1p40, std::nextafter((T)0x1p40, (T)0),
                     (T)0x1p54, (T)0x1p100, (T)FLT_MAX,
                     std::ldexp((T)1, std::numeric_limits<T>::max_exponent - 2)};
    for (T x : big) {
        v.push_back(x);
        v.push_back(-x);
    }
    return v;
}

// ------------------------------------------------ the fast intrinsics
// Absolute error against MPFR's f(x) on `in`, within
// 2^bound_log2 + slope |x|; also the max ulp.
template <typename Op>
static void check_abs(const char* name, void (*ref)(mpfr_t, mpfr_t*), double bound_log2,
                      const std::vector<float>& in, double slope = 0, const char* dom = "[-pi,pi]")
{
    std::vector<float> out;
    size_t n = run_device<float, 1>(name, apply<float, Op, 1>, in, out);
    mpfr_t r, a;
    mpfr_init2(r, 256);
    mpfr_init2(a, 24);
    double worst = 0, worst_ulp = 0;
    float worst_in = 0;
    for (size_t i = 0; i < n; i++) {
        mpfr_set_flt(a, in[i], MPFR_RNDN);
        ref(r, &a);
        double err = fabs((double)out[i] - mpfr_get_d(r, MPFR_RNDN));
        // the part of the error over the slope's allowance
        err = std::max(err - slope * fabs((double)in[i]), 0.0);
        if (!(err <= worst) || std::isnan(out[i])) {
            worst = std::isnan(out[i]) ? INFINITY : err;
            worst_in = in[i];
        }
        worst_ulp = std::max(worst_ulp, error(out[i], round_to<float>(r)));
    }
    mpfr_clear(r);
    mpfr_clear(a);
    bool pass = worst <= std::exp2(bound_log2);
    if (!pass)
        failures()++;
    double lg = worst > 0 ? std::log2(worst) : -INFINITY;
    char what[64] = "";
    if (slope > 0)
        snprintf(what, sizeof what, " + |x| 2^%.1f", std::log2(slope));
    if (options().rows)
        printf("ROW|%s (abs%s, %s)|2^%.2f|%zu|2^%.2f|%s\n", name, what, dom, lg, n, bound_log2,
               pass ? "pass" : "FAIL");
    else
        printf("  %-14s max abs error%s 2^%.2f over %7zu inputs in %s (bound 2^%.2f) "
               "%s  (max %g ulp; worst: %a)\n",
               name, slope > 0 ? " beyond the slope" : "", lg, n, dom, bound_log2,
               pass ? "PASS" : "FAIL", worst_ulp, (double)worst_in);
}

// __tanf = __sinf * rcp(__cosf): relative error within
// Es/|sin| + Ec/|cos| + 2^-22 (first order; the inputs keep
// |cos| >= 2^-10 so the second order stays below 2^-30).
static void check_fast_tan(const std::vector<float>& in_all)
{
    std::vector<float> in, out;
    for (float x : in_all)
        if (fabs(cos((double)x)) >= 0x1p-10 && x != 0)
            in.push_back(x);
    size_t n = run_device<float, 1>("__tanf", apply<float, ftan_f, 1>, in, out);
    const double es = std::exp2(-21.41), ec = std::exp2(-21.19);
    double worst = 0, worst_ulp = 0;
    float worst_in = 0;
    mpfr_t r, a;
    mpfr_init2(r, 256);
    mpfr_init2(a, 24);
    for (size_t i = 0; i < n; i++) {
        double x = in[i], s = sin(x), c = cos(x);
        double allowed = es / fabs(s) + ec / fabs(c) + 0x1p-22;
        mpfr_set_flt(a, in[i], MPFR_RNDN);
        mpfr_tan(r, a, MPFR_RNDN);
        double t = mpfr_get_d(r, MPFR_RNDN), rel = fabs((double)out[i] / t - 1);
        double used = rel / allowed;   // <= 1 passes
        if (!(used <= worst)) {
            worst = std::isnan(used) ? INFINITY : used;
            worst_in = in[i];
        }
        worst_ulp = std::max(worst_ulp, error(out[i], round_to<float>(r)));
    }
    mpfr_clear(r);
    mpfr_clear(a);
    bool pass = worst <= 1;
    if (!pass)
        failures()++;
    if (options().rows)
        printf("ROW|__tanf (of its derived bound, [-pi,pi])|%.3f|%zu|1|%s\n", worst, n,
               pass ? "pass" : "FAIL");
    else
        printf("  %-14s at most %.3f of its derived bound over %7zu inputs in [-pi, pi] %s  "
               "(max %g ulp; worst: %a)\n",
               "__tanf", worst, n, pass ? "PASS" : "FAIL", worst_ulp, (double)worst_in);
}

int main(int argc, char** argv)
{
    parse_args(argc, argv);
    std::vector<float> hf = hard_inputs<float>();
    std::vector<double> hd = hard_inputs<double>();
    Range r{-1e5, 1e5, true};
    printf("trig: float (%zu hard inputs)\n", hf.size());
    check<float, sin_f, 1>("sinf", ref_sin, 2, r, nullptr, hf);
    check<float, cos_f, 1>("cosf", ref_cos, 2, r, nullptr, hf);
    check<float, tan_f, 1>("tanf", ref_tan, 4, r, nullptr, hf);
    check<float, std_sin_f, 1>("std::sin(f)", ref_sin, 2, r);
    check<float, std_cos_f, 1>("std::cos(f)", ref_cos, 2, r);
    check<float, std_tan_f, 1>("std::tan(f)", ref_tan, 4, r);
    check<float, sincos_s_f, 1>("sincosf.sin", ref_sin, 2, r, nullptr, hf);
    check<float, sincos_c_f, 1>("sincosf.cos", ref_cos, 2, r, nullptr, hf);
    printf("trig: double (%zu hard inputs)\n", hd.size());
    check<double, sin_d, 1>("sin", ref_sin, 2, r, nullptr, hd);
    check<double, cos_d, 1>("cos", ref_cos, 2, r, nullptr, hd);
    check<double, tan_d, 1>("tan", ref_tan, 2, r, nullptr, hd);
    check<double, std_sin_d, 1>("std::sin", ref_sin, 2, r);
    check<double, std_cos_d, 1>("std::cos", ref_cos, 2, r);
    check<double, std_tan_d, 1>("std::tan", ref_tan, 2, r);
    check<double, sincos_s_d, 1>("sincos.sin", ref_sin, 2, r, nullptr, hd);
    check<double, sincos_c_d, 1>("sincos.cos", ref_cos, 2, r, nullptr, hd);

    printf("trig: fast intrinsics\n");
    std::vector<float> fast;
    Rng rng(0xfa57);
    for (size_t i = 0; i < options().n; i++)
        fast.push_back((float)((2 * rng.uniform() - 1) * M_PI));
    for (float x : {0.0f, -0.0f, (float)M_PI, -(float)M_PI, (float)M_PI_2, -(float)M_PI_2,
                    std::nextafter((float)M_PI, 0.0f), 1e-30f, -1e-30f})
        fast.push_back(x);
    check_abs<fsin_f>("__sinf", ref_sin, -21.41, fast);
    check_abs<fcos_f>("__cosf", ref_cos, -21.19, fast);
    check_abs<fsincos_s_f>("__sincosf.sin", ref_sin, -21.41, fast);
    check_abs<fsincos_c_f>("__sincosf.cos", ref_cos, -21.19, fast);
    check_fast_tan(fast);
    std::vector<float> wide;
    for (size_t i = 0; i < options().n; i++)
        wide.push_back((float)((2 * rng.uniform() - 1) * 1e4));
    check_abs<fsin_f>("__sinf", ref_sin, -21.41, wide, std::exp2(-23.2), "[-1e4,1e4]");
    check_abs<fcos_f>("__cosf", ref_cos, -21.19, wide, std::exp2(-23.2), "[-1e4,1e4]");
    return finish("trig");
}
