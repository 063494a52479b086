// Device math, the hyperbolic functions: sinh, cosh, tanh, asinh, acosh,
// atanh, in float and double, against MPFR with CUDA's documented ulp
// bound (docs/facts/devlib.md §4) and C99 Annex F special values (sinh, tanh,
// asinh, atanh odd with signed zeros; cosh(±inf) = +inf; tanh(±inf) =
// ±1; acosh(1) = +0 and NaN below 1; atanh(±1) = ±inf, NaN beyond),
// which MPFR follows, so no fix hook is needed.  Extra inputs sit where
// each function changes method or loses accuracy first: near 0, at
// |x| = 1 (sinh's polynomial / exponential switch), at the overflow
// thresholds (sinh and cosh), at 2^28 and 2^-20 (the inverse
// functions' large and tiny paths), near 1 for acosh and near ±1 for
// atanh.
#include "mtest.h"

using namespace mtest;

MATH_OP1(sinh_f, float, sinhf(a));
MATH_OP1(cosh_f, float, coshf(a));
MATH_OP1(tanh_f, float, tanhf(a));
MATH_OP1(asinh_f, float, asinhf(a));
MATH_OP1(acosh_f, float, acoshf(a));
MATH_OP1(atanh_f, float, atanhf(a));
MATH_OP1(sinh_d, double, sinh(a));
MATH_OP1(cosh_d, double, cosh(a));
MATH_OP1(tanh_d, double, tanh(a));
MATH_OP1(asinh_d, double, asinh(a));
MATH_OP1(acosh_d, double, acosh(a));
MATH_OP1(atanh_d, double, atanh(a));
// The std:: overloads reach the same functions.
MATH_OP1(std_tanh_f, float, std::tanh(a));
MATH_OP1(std_acosh_d, double, std::acosh(a));

#define MREF1(name, call) static void name(mpfr_t r, mpfr_t* a) { call; }
MREF1(ref_sinh, mpfr_sinh(r, a[0], MPFR_RNDN))
MREF1(ref_cosh, mpfr_cosh(r, a[0], MPFR_RNDN))
MREF1(ref_tanh, mpfr_tanh(r, a[0], MPFR_RNDN))
MREF1(ref_asinh, mpfr_asinh(r, a[0], MPFR_RNDN))
MREF1(ref_acosh, mpfr_acosh(r, a[0], MPFR_RNDN))
MREF1(ref_atanh, mpfr_atanh(r, a[0], MPFR_RNDN))

// n/4 + 64 uniform values in [lo, hi], both signs if asked.
template <typename T>
static std::vector<T> uniform(double lo, double hi, uint64_t seed, bool both = false)
{
    Rng r(seed);
    std::vector<T> v;
    for (size_t i = 0; i < options().n / 4 + 64; i++) {
        T x = (T)(lo + (hi - lo) * r.uniform());
        v.push_back(both && (r.next() & 1) ? -x : x);
    }
    return v;
}
// Each point and its neighbours, k ulps either side, both signs.
template <typename T> static std::vector<T> around(std::initializer_list<double> points, int k = 4)
{
    std::vector<T> v;
    for (double p : points) {
        T x = (T)p, up = x, down = x;
        v.push_back(x);
        v.push_back(-x);
        for (int i = 0; i < k; i++) {
            up = std::nextafter(up, std::numeric_limits<T>::infinity());
            down = std::nextafter(down, -std::numeric_limits<T>::infinity());
            v.insert(v.end(), {up, -up, down, -down});
        }
    }
    return v;
}
template <typename T> static std::vector<T> join(std::vector<T> a, const std::vector<T>& b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

int main(int argc, char** argv)
{
    parse_args(argc, argv);

    printf("hyperbolic: float\n");
    // sinhf/coshf overflow past 89.4159863 (f32 max is e^88.72 / 2 ...).
    std::vector<float> sc_f =
        join(join(uniform<float>(0, 1.5, 1, true), uniform<float>(80, 90, 2, true)),
             around<float>({1, 89.4159863, 89.4159851, 0x1p-12, 0x1p-126}));
    check<float, sinh_f, 1>("sinhf", ref_sinh, 3, Range{-90, 90, true}, nullptr, sc_f);
    check<float, cosh_f, 1>("coshf", ref_cosh, 2, Range{-90, 90, true}, nullptr, sc_f);
    std::vector<float> th_f =
        join(uniform<float>(0, 1e-3, 3, true), around<float>({0x1p-12, 0.55, 9.01, 10}));
    check<float, tanh_f, 1>("tanhf", ref_tanh, 2, Range{-12, 12, true}, nullptr, th_f);
    check<float, std_tanh_f, 1>("std::tanh(f)", ref_tanh, 2, Range{-12, 12, true}, nullptr, th_f);
    check<float, asinh_f, 1>(
        "asinhf", ref_asinh, 3, Range{-10, 10, true}, nullptr,
        join(uniform<float>(0, 1e-3, 4, true), around<float>({0x1p-12, 1, 1e19, 3e38})));
    check<float, acosh_f, 1>(
        "acoshf", ref_acosh, 4, Range{1, 10, true}, nullptr,
        join(uniform<float>(1, 1.01, 5), around<float>({1, 2, 1e19, 3e38}, 16)));
    check<float, atanh_f, 1>(
        "atanhf", ref_atanh, 3, Range{-1, 1, true}, nullptr,
        join(join(uniform<float>(0, 1e-3, 6, true), uniform<float>(0.99, 1, 7, true)),
             around<float>({0x1p-12, 0.5, 1}, 16)));

    printf("hyperbolic: double\n");
    // sinh/cosh overflow past 710.4758600739439.
    std::vector<double> sc_d =
        join(join(uniform<double>(0, 1.5, 8, true), uniform<double>(700, 711, 9, true)),
             around<double>({1, 710.4758600739439, 710.475860073944, 0x1p-27, 0x1p-1022}));
    check<double, sinh_d, 1>("sinh", ref_sinh, 2, Range{-712, 712, true}, nullptr, sc_d);
    check<double, cosh_d, 1>("cosh", ref_cosh, 1, Range{-712, 712, true}, nullptr, sc_d);
    check<double, tanh_d, 1>(
        "tanh", ref_tanh, 1, Range{-25, 25, true}, nullptr,
        join(uniform<double>(0, 1e-3, 10, true), around<double>({0x1p-27, 0.55, 19.06, 22})));
    std::vector<double> ash_d = join(uniform<double>(0, 1e-3, 11, true),
                                     around<double>({0x1p-20, 0x1p-52, 1, 0x1p28, 1e300, 1.7e308}));
    check<double, asinh_d, 1>("asinh", ref_asinh, 3, Range{-10, 10, true}, nullptr, ash_d);
    std::vector<double> ach_d =
        join(uniform<double>(1, 1.01, 12), around<double>({1, 2, 0x1p28, 1e300, 1.7e308}, 16));
    check<double, acosh_d, 1>("acosh", ref_acosh, 3, Range{1, 10, true}, nullptr, ach_d);
    check<double, std_acosh_d, 1>("std::acosh(d)", ref_acosh, 3, Range{1, 10, true}, nullptr,
                                  ach_d);
    check<double, atanh_d, 1>(
        "atanh", ref_atanh, 2, Range{-1, 1, true}, nullptr,
        join(join(uniform<double>(0, 1e-3, 13, true), uniform<double>(0.99, 1, 14, true)),
             around<double>({0x1p-20, 0x1p-52, 0.5, 1}, 16)));
    return finish("hyperbolic");
}
