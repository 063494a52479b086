// Device math, sinpi, cospi and sincospi in float and double against
// MPFR with CUDA's bounds (docs/facts/devlib.md §4: sinpi/cospi 1 for float,
// 2 for double), over the whole range: the random inputs (half uniform
// bit patterns) plus integers, half-integers and quarters with their
// neighbours, and the values around 2^(p-1) and 2^p where the format
// stops holding fractions and odd numbers.  Signs of zero as IEEE 754
// (and C23) give them: sinpi(±n) = ±0 for integers n, cospi(n + 1/2) =
// +0; the `fix` hook sets those independently of MPFR's convention.
// sincospi/sincospif are checked through both pointer outputs.
#include "mtest.h"

using namespace mtest;

MATH_OP1(sinpi_f, float, sinpif(a));
MATH_OP1(cospi_f, float, cospif(a));
MATH_OP1(sincospi_s_f, float, ({ float s, c; sincospif(a, &s, &c); s; }));
MATH_OP1(sincospi_c_f, float, ({ float s, c; sincospif(a, &s, &c); c; }));
MATH_OP1(sinpi_d, double, sinpi(a));
MATH_OP1(cospi_d, double, cospi(a));
MATH_OP1(sincospi_s_d, double, ({ double s, c; sincospi(a, &s, &c); s; }));
MATH_OP1(sincospi_c_d, double, ({ double s, c; sincospi(a, &s, &c); c; }));

static void ref_sinpi(mpfr_t r, mpfr_t* a) { mpfr_sinpi(r, a[0], MPFR_RNDN); }
static void ref_cospi(mpfr_t r, mpfr_t* a) { mpfr_cospi(r, a[0], MPFR_RNDN); }

template <typename T> static bool fix_sinpi(const T* a, T* want)
{
    T x = a[0];
    if (std::isfinite(x) && x == std::floor(x)) {
        *want = std::copysign((T)0, x);
        return true;
    }
    return false;
}
template <typename T> static bool fix_cospi(const T* a, T* want)
{
    T x = a[0];
    if (std::isfinite(x) && x != std::floor(x) && 2 * x == std::floor(2 * x)) {
        *want = 0;
        return true;
    }
    return false;
}

template <typename T> static std::vector<T> hard_inputs()
{
    std::vector<T> v;
    const int p = std::numeric_limits<T>::digits;
    for (int k = 0; k < 40; k++) {
        T x = (T)k / 4;
        for (T y : {x, std::nextafter(x, (T)0), std::nextafter(x, (T)100)}) {
            v.push_back(y);
            v.push_back(-y);
        }
    }
    for (int e = p - 3; e <= p + 2; e++)
        for (int d = -3; d <= 3; d++) {
            T x = std::ldexp((T)1, e) + (T)d * std::ldexp((T)1, e - p + 1);
            v.push_back(x);
            v.push_back(-x);
            v.push_back(x + (T)0.5);
            v.push_back(x + (T)0.25);
        }
    v.push_back(std::numeric_limits<T>::max());
    v.push_back(-std::numeric_limits<T>::max());
    v.push_back(std::numeric_limits<T>::denorm_min());
    v.push_back(-std::numeric_limits<T>::denorm_min());
    return v;
}

int main(int argc, char** argv)
{
    parse_args(argc, argv);
    std::vector<float> hf = hard_inputs<float>();
    std::vector<double> hd = hard_inputs<double>();
    Range r{-64, 64, true};
    printf("trigpi: float\n");
    check<float, sinpi_f, 1>("sinpif", ref_sinpi, 1, r, fix_sinpi<float>, hf);
    check<float, cospi_f, 1>("cospif", ref_cospi, 1, r, fix_cospi<float>, hf);
    check<float, sincospi_s_f, 1>("sincospif.sin", ref_sinpi, 1, r, fix_sinpi<float>, hf);
    check<float, sincospi_c_f, 1>("sincospif.cos", ref_cospi, 1, r, fix_cospi<float>, hf);
    printf("trigpi: double\n");
    check<double, sinpi_d, 1>("sinpi", ref_sinpi, 2, r, fix_sinpi<double>, hd);
    check<double, cospi_d, 1>("cospi", ref_cospi, 2, r, fix_cospi<double>, hd);
    check<double, sincospi_s_d, 1>("sincospi.sin", ref_sinpi, 2, r, fix_sinpi<double>, hd);
    check<double, sincospi_c_d, 1>("sincospi.cos", ref_cospi, 2, r, fix_cospi<double>, hd);
    return finish("trigpi");
}
