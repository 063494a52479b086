// Device math, the inverse trigonometric functions asin, acos, atan and
// atan2 in float and double against MPFR with CUDA's bounds
// (docs/facts/devlib.md §4: asin/acos/atan 2/2, atan2 3/2) and C99 Annex F
// special values (MPFR follows them: asin(±0) = ±0, acos(1) = +0,
// atan(±inf) = ±pi/2, atan2's table of signed zeros and infinities, which
// the crossed specials of mtest.h cover pair by pair).  Besides the
// random inputs: the boundaries where the implementations switch
// formulas (|x| = 1/2 for asin/acos, tan(pi/8) for atan), ±1 and its
// neighbours, and for atan2 quotients near tan(pi/8) and 1, and huge
// and tiny ratios whose results overflow nothing but underflow to
// denormals or zero.
#include "mtest.h"

using namespace mtest;

MATH_OP1(asin_f, float, asinf(a));
MATH_OP1(acos_f, float, acosf(a));
MATH_OP1(atan_f, float, atanf(a));
MATH_OP2(atan2_f, float, atan2f(a, b));
MATH_OP1(asin_d, double, asin(a));
MATH_OP1(acos_d, double, acos(a));
MATH_OP1(atan_d, double, atan(a));
MATH_OP2(atan2_d, double, atan2(a, b));
MATH_OP1(std_asin_f, float, std::asin(a));
MATH_OP2(std_atan2_d, double, std::atan2(a, b));

static void ref_asin(mpfr_t r, mpfr_t* a) { mpfr_asin(r, a[0], MPFR_RNDN); }
static void ref_acos(mpfr_t r, mpfr_t* a) { mpfr_acos(r, a[0], MPFR_RNDN); }
static void ref_atan(mpfr_t r, mpfr_t* a) { mpfr_atan(r, a[0], MPFR_RNDN); }
static void ref_atan2(mpfr_t r, mpfr_t* a) { mpfr_atan2(r, a[0], a[1], MPFR_RNDN); }

// x and its neighbours (both signs).
template <typename T> static void around(std::vector<T>& v, T x)
{
    for (T y : {x, std::nextafter(x, (T)0), std::nextafter(x, (T)INFINITY)}) {
        v.push_back(y);
        v.push_back(-y);
    }
}

template <typename T> static std::vector<T> hard_unary()
{
    std::vector<T> v;
    for (T x : {(T)0.5, (T)1, (T)0.4142135623730950488, (T)2.4142135623730950488, (T)0.75,
                (T)0.25, (T)1e-8, (T)1e8, std::numeric_limits<T>::min(),
                std::numeric_limits<T>::max(), std::numeric_limits<T>::denorm_min()})
        around(v, x);
    return v;
}

template <typename T> static std::vector<T> hard_pairs()
{
    std::vector<T> v;
    Rng r(0xa7a2);
    const T ratios[] = {(T)0.4142135623730950488, (T)1, (T)2.4142135623730950488,
                        (T)1e-40, (T)1e40, std::numeric_limits<T>::min(),
                        std::numeric_limits<T>::denorm_min()};
    for (int i = 0; i < 200; i++) {
        T x = (T)std::ldexp(r.uniform() + 0.5, (int)(r.next() % 200) - 100);
        T k = ratios[i % 7];
        for (T y : {x * k, std::nextafter(x * k, (T)0), std::nextafter(x * k, (T)INFINITY)}) {
            int s = (int)(r.next() & 3);
            v.push_back(s & 1 ? -y : y);
            v.push_back(s & 2 ? -x : x);
        }
    }
    // Results in the denormal range and just around the smallest one
    // (where a double rounding would turn 0 into denorm_min or back),
    // with x from 1 to the largest binade.
    const int emax = std::numeric_limits<T>::max_exponent - 1;
    const int dmin = std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits;
    for (int i = 0; i < 120; i++) {
        T x = (T)std::ldexp(r.uniform() + 1, (int)(r.next() % (emax + 1)));
        T q = (T)std::ldexp(r.uniform() + 1, dmin - 3 + (int)(r.next() % 30));
        v.push_back((r.next() & 1) ? -(x * q) : x * q);
        v.push_back(x);
    }
    v.push_back((T)0x1.0e94f642848e8p-201);
    v.push_back((T)0x1.7a8948f733badp+874);
    // Where mn + mx would overflow without the scaling.
    const T big = std::numeric_limits<T>::max();
    for (T y : {big, big / 2, big / 3}) {
        v.push_back(y);
        v.push_back(big);
        v.push_back(-big);
        v.push_back(y);
    }
    return v;
}

int main(int argc, char** argv)
{
    parse_args(argc, argv);
    std::vector<float> uf = hard_unary<float>(), pf = hard_pairs<float>();
    std::vector<double> ud = hard_unary<double>(), pd = hard_pairs<double>();
    Range unit{-1, 1, true}, wide{-20, 20, true};
    printf("atrig: float\n");
    check<float, asin_f, 1>("asinf", ref_asin, 2, unit, nullptr, uf);
    check<float, acos_f, 1>("acosf", ref_acos, 2, unit, nullptr, uf);
    check<float, atan_f, 1>("atanf", ref_atan, 2, wide, nullptr, uf);
    check<float, atan2_f, 2>("atan2f", ref_atan2, 3, wide, nullptr, pf);
    check<float, std_asin_f, 1>("std::asin(f)", ref_asin, 2, unit);
    printf("atrig: double\n");
    check<double, asin_d, 1>("asin", ref_asin, 2, unit, nullptr, ud);
    check<double, acos_d, 1>("acos", ref_acos, 2, unit, nullptr, ud);
    check<double, atan_d, 1>("atan", ref_atan, 2, wide, nullptr, ud);
    check<double, atan2_d, 2>("atan2", ref_atan2, 2, wide, nullptr, pd);
    check<double, std_atan2_d, 2>("std::atan2", ref_atan2, 2, wide);
    return finish("atrig");
}
