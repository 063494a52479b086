// Device math, the Bessel functions: j0, j1, y0, y1 and
// cyl_bessel_i0/i1, in float and double, against MPFR; and jn, yn,
// which clang's header builds from j0/j1 and y0/y1 by the forward
// recurrence.  Bounds (CUDA's, docs/facts/devlib.md §4): j0, j1, y0, y1 9 ulp
// (f32) and 7 ulp (f64) below |x| = 8, beyond it an absolute error of
// 2.2e-6 (f32) and 5e-12 (f64); cyl_bessel_i0/i1 6 ulp in both
// precisions; jn for n = 128 (the case CUDA documents) and yn for x >
// 1.5n the same absolute errors, ynf for x < n ceil(2 + 2.5n) ulp.
// Besides random inputs: every zero below 40 and its neighbours (found
// here by bisection on MPFR), both sides of 8, huge arguments (the
// Payne-Hanek reduction), tiny ones, and i0/i1 up to their overflow.
#include "mtest.h"

using namespace mtest;

MATH_OP1(j0_f, float, j0f(a));
MATH_OP1(j0_d, double, j0(a));
MATH_OP1(j1_f, float, j1f(a));
MATH_OP1(j1_d, double, j1(a));
MATH_OP1(y0_f, float, y0f(a));
MATH_OP1(y0_d, double, y0(a));
MATH_OP1(y1_f, float, y1f(a));
MATH_OP1(y1_d, double, y1(a));
MATH_OP1(i0_f, float, cyl_bessel_i0f(a));
MATH_OP1(i0_d, double, cyl_bessel_i0(a));
MATH_OP1(i1_f, float, cyl_bessel_i1f(a));
MATH_OP1(i1_d, double, cyl_bessel_i1(a));
MATH_OP1(jn2_f, float, jnf(2, a));
MATH_OP1(jn2_d, double, jn(2, a));
MATH_OP1(jn5_f, float, jnf(5, a));
MATH_OP1(jn5_d, double, jn(5, a));
MATH_OP1(yn2_f, float, ynf(2, a));
MATH_OP1(yn2_d, double, yn(2, a));
MATH_OP1(yn5_f, float, ynf(5, a));
MATH_OP1(yn5_d, double, yn(5, a));

// ------------------------------------------------------------ references
// MPFR's Bessel functions, correctly rounded to 128 bits (75 beyond
// double, against the harness's 256: MPFR's cost grows with the
// precision, and these dominate the program's run time).
template <int (*F)(mpfr_t, const mpfr_t, mpfr_rnd_t)> static void ref128(mpfr_t r, mpfr_t* a)
{
    mpfr_t t;
    mpfr_init2(t, 128);
    F(t, a[0], MPFR_RNDN);
    mpfr_set(r, t, MPFR_RNDN);
    mpfr_clear(t);
}
static void ref_j0(mpfr_t r, mpfr_t* a) { ref128<mpfr_j0>(r, a); }
static void ref_j1(mpfr_t r, mpfr_t* a) { ref128<mpfr_j1>(r, a); }
static void ref_y0(mpfr_t r, mpfr_t* a) { ref128<mpfr_y0>(r, a); }
static void ref_y1(mpfr_t r, mpfr_t* a) { ref128<mpfr_y1>(r, a); }
template <long N> static void ref_jn(mpfr_t r, mpfr_t* a)
{
    mpfr_t t;
    mpfr_init2(t, 128);
    mpfr_jn(t, N, a[0], MPFR_RNDN);
    mpfr_set(r, t, MPFR_RNDN);
    mpfr_clear(t);
}
template <long N> static void ref_yn(mpfr_t r, mpfr_t* a)
{
    mpfr_t t;
    mpfr_init2(t, 128);
    mpfr_yn(t, N, a[0], MPFR_RNDN);
    mpfr_set(r, t, MPFR_RNDN);
    mpfr_clear(t);
}

// I_n(x) = (x/2)^n sum_k (x^2/4)^k / (k! (k+n)!), n = 0 or 1: all terms
// positive (so at most a thousand roundings of 2^-128 each, 65 bits
// beyond double), summed at 128 bits until a term is below 2^-120 of the
// sum (past the largest term, near k = x/2).  Up to |x| = 750 MPFR holds the
// sum in its exponent range (the double overflow at 713.99 is then
// round_to's); beyond, +-inf.
template <long N> static void ref_in(mpfr_t r, mpfr_t* a)
{
    if (mpfr_nan_p(a[0]) || mpfr_inf_p(a[0])) {
        mpfr_abs(r, a[0], MPFR_RNDN);
        if (N == 1)
            mpfr_copysign(r, r, a[0], MPFR_RNDN);
        return;
    }
    if (mpfr_cmpabs_ui(a[0], 750) > 0) {    // beyond any double (I_n(750) > 1e323)
        mpfr_set_inf(r, N == 1 ? mpfr_sgn(a[0]) : 1);
        return;
    }
    mpfr_t q, term, sum;
    mpfr_inits2(128, q, term, sum, (mpfr_ptr)0);
    mpfr_sqr(q, a[0], MPFR_RNDN);
    mpfr_div_2ui(q, q, 2, MPFR_RNDN);    // x^2/4
    mpfr_set_ui(term, 1, MPFR_RNDN);
    if (N == 1)
        mpfr_div_2ui(term, a[0], 1, MPFR_RNDN);   // x/2
    mpfr_set(sum, term, MPFR_RNDN);
    double qd = mpfr_get_d(q, MPFR_RNDN);
    for (unsigned long k = 1; !mpfr_zero_p(term); k++) {
        mpfr_mul(term, term, q, MPFR_RNDN);
        mpfr_div_ui(term, term, k * (k + N), MPFR_RNDN);
        mpfr_add(sum, sum, term, MPFR_RNDN);
        if (2 * k > qd && mpfr_get_exp(term) < mpfr_get_exp(sum) - 120)
            break;
    }
    mpfr_set(r, sum, MPFR_RNDN);
    mpfr_clears(q, term, sum, (mpfr_ptr)0);
}

// j1 is odd: j1(-inf) = -0 (glibc and fdlibm agree); MPFR gives +0.
template <typename T> static bool fix_j1(const T* a, T* want)
{
    if (std::isinf(a[0])) {
        *want = std::copysign((T)0, a[0]);
        return true;
    }
    return false;
}

// j1(x) = x/2 (1 - x^2/8 + ...) and i1(x) = x/2 (1 + x^2/8 + ...): for
// the smallest denormals x/2 can be a tie of the format (2^-150 for x =
// 2^-149), which the next term breaks toward or away from zero; that
// term (x^2/8 relative, 2^-250 and below) is beyond the 128- and 256-bit
// references, which would round the tie to even.  So below 2^-100 the
// reference is x/2 nudged by 2^-200 of itself, inwards for j1 and
// outwards for i1.
template <typename T, int Dir> static bool fix_tiny_half(const T* a, T* want)
{
    if (a[0] == 0 || std::isnan(a[0]) || std::fabs(a[0]) >= (T)0x1p-100)
        return false;
    mpfr_t v, e;
    mpfr_inits2(400, v, e, (mpfr_ptr)0);
    Fmt<T>::set(v, a[0]);
    mpfr_div_2ui(v, v, 1, MPFR_RNDN);
    mpfr_div_2ui(e, v, 200, MPFR_RNDN);
    if (Dir > 0)
        mpfr_add(v, v, e, MPFR_RNDN);
    else
        mpfr_sub(v, v, e, MPFR_RNDN);
    *want = round_to<T>(v);
    mpfr_clears(v, e, (mpfr_ptr)0);
    return true;
}
template <typename T> static bool fix_i1(const T* a, T* want) { return fix_tiny_half<T, 1>(a, want); }
template <typename T> static bool fix_j1_all(const T* a, T* want)
{
    return fix_j1<T>(a, want) || fix_tiny_half<T, -1>(a, want);
}

// --------------------------------------------------------- hard inputs
// The zeros of f in (0, 40], rounded to T, with 3 neighbours each side:
// sign changes on a 1/64 grid, then bisection in T's own numbers.
template <typename T> static std::vector<T> zeros(int (*f)(mpfr_t, const mpfr_t, mpfr_rnd_t))
{
    std::vector<T> out;
    mpfr_t x, y;
    mpfr_inits2(128, x, y, (mpfr_ptr)0);
    auto sign = [&](T v) {
        mpfr_set_d(x, (double)v, MPFR_RNDN);
        f(y, x, MPFR_RNDN);
        return mpfr_sgn(y);
    };
    T prev = (T)(1.0 / 64);
    int sp = sign(prev);
    for (int i = 2; i <= 40 * 64; i++) {
        T cur = (T)(i / 64.0);
        int sc = sign(cur);
        if (sc != sp && sc != 0) {
            T lo = prev, hi = cur;
            while (std::nextafter(lo, hi) != hi) {
                T mid = lo + (hi - lo) / 2;
                if (mid == lo || mid == hi)
                    break;
                (sign(mid) == sp ? lo : hi) = mid;
            }
            T z = hi;
            for (int k = 0; k < 3; k++)
                z = std::nextafter(z, (T)0);
            for (int k = 0; k < 7; k++, z = std::nextafter(z, (T)100))
                out.push_back(z);
        }
        prev = cur;
        sp = sc;
    }
    mpfr_clears(x, y, (mpfr_ptr)0);
    return out;
}

// Around 8 (the switch to the asymptotic form), tiny and huge arguments,
// negative ones for the odd and even functions.
template <typename T> static std::vector<T> edges(bool both_signs)
{
    std::vector<T> v;
    T x = std::nextafter((T)8, (T)0);
    for (int k = 0; k < 8; k++, x = std::nextafter(x, (T)9))
        v.push_back(x);
    const double big[] = {1e5, 0x1p20, 0x1p20 + 1, 1e10, 0x1p54, 1e18, 1e22, 1e30, 1e38};
    for (double b : big)
        v.push_back((T)b);
    if (sizeof(T) == 8) {
        const double huge[] = {1e100, 1e200, 0x1p945, 0x1p946, 1e300, 1.7e308};
        for (double h : huge)
            v.push_back((T)h);
    }
    for (int k = 10; k < std::numeric_limits<T>::max_exponent; k += 7)
        v.push_back(std::ldexp((T)1.2345, -k));
    if (both_signs) {
        size_t n = v.size();
        for (size_t i = 0; i < n; i++)
            v.push_back(-v[i]);
    }
    return v;
}

template <typename T> static std::vector<T> cat(std::vector<T> a, const std::vector<T>& b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

static int beyond8_f(const float* a) { return std::fabs(a[0]) >= 8; }
static int beyond8_d(const double* a) { return std::fabs(a[0]) >= 8; }

// jn and yn come from clang's header (__clang_hip_math.h): j0, j1 (or y0,
// y1), then the forward recurrence f_{k+1} = (2k/x) f_k - f_{k-1}.  At
// x = 0 the 2k/x makes a NaN (jn(n, 0) is 0, yn(n, 0) -inf): left out.
// For jn the recurrence is stable only from x = n on (below, the error
// grows like (2n/x)^n: jnf(5, 0.1) is off by 1e-2); those x are left out
// too, and judged absolutely (CUDA's only bound for jn).  For yn it is
// stable everywhere: ynf in ulps below n (CUDA's ceil(2 + 2.5n)) and
// absolutely from n on (yn has zeros there; CUDA's 2.2e-6).  CUDA gives
// yn (f64) only 5e-12 absolutely beyond 1.5n; we hold it to that from n
// on, and to ynf's ulp bound below n: bounds of ours there.
template <int Nn> static int jn_region_f(const float* a)
{
    return std::isnan(a[0]) ? 0 : a[0] == 0 || std::fabs(a[0]) < Nn ? -1 : 1;
}
template <int Nn> static int jn_region_d(const double* a)
{
    return std::isnan(a[0]) ? 0 : a[0] == 0 || std::fabs(a[0]) < Nn ? -1 : 1;
}
// Where y_{n-1}(x) overflows (y1: x < 2/(pi max), 1.9e-39 f32, 3.5e-309
// f64; y4: x < 1.7e-9 f32, 2e-77 f64) the recurrence meets inf - inf, a
// NaN where yn is -inf: left out too.
template <typename T> static bool y_overflows(long n, T x)
{
    if (x >= 1)
        return false;
    mpfr_t v, y;
    mpfr_inits2(64, v, y, (mpfr_ptr)0);
    Fmt<T>::set(v, x);
    mpfr_yn(y, n, v, MPFR_RNDN);
    bool over = mpfr_inf_p(y) ||
                (mpfr_cmpabs_ui(y, 1) > 0 && mpfr_get_exp(y) > std::numeric_limits<T>::max_exponent);
    mpfr_clears(v, y, (mpfr_ptr)0);
    return over;
}
template <int Nn> static int ynf_region(const float* a)
{
    return a[0] >= 0 && y_overflows<float>(Nn - 1, a[0]) ? -1 : a[0] >= Nn;
}
template <int Nn> static int yn_region(const double* a)
{
    return a[0] >= 0 && y_overflows<double>(Nn - 1, a[0]) ? -1 : a[0] >= Nn;
}

int main(int argc, char** argv)
{
    parse_args(argc, argv);
    printf("bessel: float\n");
    check_ulp_abs<float, j0_f, 1>("j0f", "j0f >=8 abs", ref_j0, 9, 2.2e-6, beyond8_f, Range{-30, 30},
                              nullptr, cat(zeros<float>(mpfr_j0), edges<float>(true)));
    check_ulp_abs<float, j1_f, 1>("j1f", "j1f >=8 abs", ref_j1, 9, 2.2e-6, beyond8_f, Range{-30, 30},
                              fix_j1_all<float>, cat(zeros<float>(mpfr_j1), edges<float>(true)));
    check_ulp_abs<float, y0_f, 1>("y0f", "y0f >=8 abs", ref_y0, 9, 2.2e-6, beyond8_f, Range{0, 30},
                              nullptr, cat(zeros<float>(mpfr_y0), edges<float>(false)));
    check_ulp_abs<float, y1_f, 1>("y1f", "y1f >=8 abs", ref_y1, 9, 2.2e-6, beyond8_f, Range{0, 30},
                              nullptr, cat(zeros<float>(mpfr_y1), edges<float>(false)));
    check<float, i0_f, 1>("cyl_bessel_i0f", ref_in<0>, 6, Range{-95, 95});
    check<float, i1_f, 1>("cyl_bessel_i1f", ref_in<1>, 6, Range{-95, 95}, fix_i1<float>);
    check_ulp_abs<float, jn2_f, 1>("jnf(2,x)", "jnf(2,x) >=2 abs", ref_jn<2>, 0, 2.2e-6,
                                   jn_region_f<2>, Range{-40, 40});
    check_ulp_abs<float, jn5_f, 1>("jnf(5,x)", "jnf(5,x) >=5 abs", ref_jn<5>, 0, 2.2e-6,
                                   jn_region_f<5>, Range{-40, 40});
    check_ulp_abs<float, yn2_f, 1>("ynf(2,x)", "ynf(2,x) >=2 abs", ref_yn<2>, 7, 2.2e-6,
                                   ynf_region<2>, Range{0, 40});
    check_ulp_abs<float, yn5_f, 1>("ynf(5,x)", "ynf(5,x) >=5 abs", ref_yn<5>, 15, 2.2e-6,
                                   ynf_region<5>, Range{0, 40});
    printf("bessel: double\n");
    check_ulp_abs<double, j0_d, 1>("j0", "j0 >=8 abs", ref_j0, 7, 5e-12, beyond8_d, Range{-30, 30},
                               nullptr, cat(zeros<double>(mpfr_j0), edges<double>(true)));
    check_ulp_abs<double, j1_d, 1>("j1", "j1 >=8 abs", ref_j1, 7, 5e-12, beyond8_d, Range{-30, 30},
                               fix_j1_all<double>, cat(zeros<double>(mpfr_j1), edges<double>(true)));
    check_ulp_abs<double, y0_d, 1>("y0", "y0 >=8 abs", ref_y0, 7, 5e-12, beyond8_d, Range{0, 30},
                               nullptr, cat(zeros<double>(mpfr_y0), edges<double>(false)));
    check_ulp_abs<double, y1_d, 1>("y1", "y1 >=8 abs", ref_y1, 7, 5e-12, beyond8_d, Range{0, 30},
                               nullptr, cat(zeros<double>(mpfr_y1), edges<double>(false)));
    check<double, i0_d, 1>("cyl_bessel_i0", ref_in<0>, 6, Range{-720, 720});
    check<double, i1_d, 1>("cyl_bessel_i1", ref_in<1>, 6, Range{-720, 720}, fix_i1<double>);
    check_ulp_abs<double, jn2_d, 1>("jn(2,x)", "jn(2,x) >=2 abs", ref_jn<2>, 0, 5e-12,
                                    jn_region_d<2>, Range{-40, 40});
    check_ulp_abs<double, jn5_d, 1>("jn(5,x)", "jn(5,x) >=5 abs", ref_jn<5>, 0, 5e-12,
                                    jn_region_d<5>, Range{-40, 40});
    check_ulp_abs<double, yn2_d, 1>("yn(2,x)", "yn(2,x) >=2 abs", ref_yn<2>, 7, 5e-12,
                                    yn_region<2>, Range{0, 40});
    check_ulp_abs<double, yn5_d, 1>("yn(5,x)", "yn(5,x) >=5 abs", ref_yn<5>, 15, 5e-12,
                                    yn_region<5>, Range{0, 40});
    return finish("bessel");
}
