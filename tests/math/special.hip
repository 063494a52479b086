// Device math, the special functions: erf, erfc, erfcx, erfinv, erfcinv,
// normcdf, normcdfinv, lgamma, tgamma, in float and double, against MPFR
// with CUDA's documented ulp bounds (docs/facts/devlib.md §4) and C99 Annex F
// special values (erfinv(±1) = ±inf, lgamma at the poles +inf, tgamma at
// negative integers NaN and at ±0 ±inf).  MPFR has erf, erfc, lgamma
// and gamma; erfcx, the inverses and normcdf are built here at 256 bits
// (or more) from them.  Besides the random inputs, each function gets
// its hard cases: erfc's tail to its underflow, erfinv near ±1 and
// erfcinv down to the smallest denormal, lgamma near its zeros 1 and 2
// and near the poles, tgamma near the poles and the overflow and
// underflow thresholds.
#include "mtest.h"

using namespace mtest;

MATH_OP1(erf_f, float, erff(a));
MATH_OP1(erf_d, double, erf(a));
MATH_OP1(erfc_f, float, erfcf(a));
MATH_OP1(erfc_d, double, erfc(a));
MATH_OP1(erfcx_f, float, erfcxf(a));
MATH_OP1(erfcx_d, double, erfcx(a));
MATH_OP1(erfinv_f, float, erfinvf(a));
MATH_OP1(erfinv_d, double, erfinv(a));
MATH_OP1(erfcinv_f, float, erfcinvf(a));
MATH_OP1(erfcinv_d, double, erfcinv(a));
MATH_OP1(normcdf_f, float, normcdff(a));
MATH_OP1(normcdf_d, double, normcdf(a));
MATH_OP1(normcdfinv_f, float, normcdfinvf(a));
MATH_OP1(normcdfinv_d, double, normcdfinv(a));
MATH_OP1(lgamma_f, float, lgammaf(a));
MATH_OP1(lgamma_d, double, lgamma(a));
MATH_OP1(tgamma_f, float, tgammaf(a));
MATH_OP1(tgamma_d, double, tgamma(a));

// ------------------------------------------------------------ references
static void ref_erf(mpfr_t r, mpfr_t* a) { mpfr_erf(r, a[0], MPFR_RNDN); }

// erfcx(x) = exp(x^2) erfc(x) for x >= 0 at r's precision (plus guard
// bits).  Below 5 from MPFR's erfc; from 5 on by Laplace's continued
// fraction erfcx(x) = 1/sqrt(pi) / (x + (1/2)/(x + (2/2)/(x + (3/2)/(x +
// ...)))), evaluated from the back: MPFR's erfc slows down steeply there
// (a millisecond at x = 27), the fraction converges faster the larger x
// is.  1400/x + 20 terms leave less than 2^-290 (checked against mpmath
// at 120 digits for x = 5 to 1000), scaled with the precision.
static void mp_erfcx(mpfr_t r, const mpfr_t x)
{
    mpfr_prec_t prec = mpfr_get_prec(r) + 32;
    mpfr_t t, u;
    mpfr_inits2(prec, t, u, (mpfr_ptr)0);
    if (mpfr_inf_p(x)) {
        mpfr_set_zero(r, 1);
    } else if (mpfr_cmp_ui(x, 5) < 0) {
        mpfr_sqr(t, x, MPFR_RNDN);
        mpfr_exp(t, t, MPFR_RNDN);
        mpfr_erfc(u, x, MPFR_RNDN);
        mpfr_mul(r, t, u, MPFR_RNDN);
    } else {
        double xd = mpfr_get_d(x, MPFR_RNDN);
        long n = (long)((1400 / xd + 20) * (double)prec / 290) + 5;
        mpfr_set_zero(t, 1);
        for (long k = n; k >= 1; k--) {
            mpfr_add(u, x, t, MPFR_RNDN);
            mpfr_ui_div(t, (unsigned long)k, u, MPFR_RNDN);
            mpfr_div_2ui(t, t, 1, MPFR_RNDN);
        }
        mpfr_add(u, x, t, MPFR_RNDN);
        mpfr_const_pi(t, MPFR_RNDN);
        mpfr_sqrt(t, t, MPFR_RNDN);
        mpfr_mul(u, u, t, MPFR_RNDN);
        mpfr_ui_div(r, 1, u, MPFR_RNDN);
    }
    mpfr_clears(t, u, (mpfr_ptr)0);
}

// erfc(x) at r's precision: MPFR's for |x| < 5, else exp(-x^2)
// erfcx(|x|) (2 minus that for x < 0); 0 beyond 40 (below 2^-2300).
static void mp_erfc(mpfr_t r, const mpfr_t x)
{
    if (mpfr_nan_p(x) || mpfr_cmpabs_ui(x, 5) < 0) {
        mpfr_erfc(r, x, MPFR_RNDN);
        return;
    }
    if (mpfr_cmp_si(x, 40) > 0) {
        mpfr_set_zero(r, 1);
        return;
    }
    mpfr_t ax, t;
    mpfr_inits2(mpfr_get_prec(r) + 32, ax, t, (mpfr_ptr)0);
    mpfr_abs(ax, x, MPFR_RNDN);
    mp_erfcx(t, ax);
    mpfr_sqr(ax, ax, MPFR_RNDN);
    mpfr_neg(ax, ax, MPFR_RNDN);
    mpfr_exp(ax, ax, MPFR_RNDN);
    mpfr_mul(t, t, ax, MPFR_RNDN);
    if (mpfr_sgn(x) < 0)
        mpfr_ui_sub(t, 2, t, MPFR_RNDN);
    mpfr_set(r, t, MPFR_RNDN);
    mpfr_clears(ax, t, (mpfr_ptr)0);
}

static void ref_erfc(mpfr_t r, mpfr_t* a) { mp_erfc(r, a[0]); }

// erfcx for any x: exp(x^2) erfc(x) for x < 0 (no cancellation).
static void ref_erfcx(mpfr_t r, mpfr_t* a)
{
    if (mpfr_sgn(a[0]) >= 0 || mpfr_nan_p(a[0])) {
        mp_erfcx(r, a[0]);
        return;
    }
    mpfr_t t, u;
    mpfr_inits2(320, t, u, (mpfr_ptr)0);
    mpfr_sqr(t, a[0], MPFR_RNDN);
    mpfr_exp(t, t, MPFR_RNDN);
    mpfr_erfc(u, a[0], MPFR_RNDN);
    mpfr_mul(r, t, u, MPFR_RNDN);
    mpfr_clears(t, u, (mpfr_ptr)0);
}

// The inverses: Newton's method in MPFR from a double-precision start.
// y > 0 with erfc(y) = q for 0 < q <= 1/2 (q exact) works on log erfc(y)
// = log q, which is nearly linear in y^2 (f' = -2/(sqrt(pi) erfcx(y)));
// |x| <= 1/2 on erf(y) = x.  The start comes from the same iteration in
// double with the C library's erfc and erf; then steps at 200 and 420
// bits, until a step is below 2^-400 y (about four).
static void newton_erfc(mpfr_t y, const mpfr_t q)
{
    mpfr_prec_t prec = mpfr_get_prec(y);
    mpfr_t lq, t, u, step;
    mpfr_inits2(prec, lq, t, u, step, (mpfr_ptr)0);
    mpfr_log(lq, q, MPFR_RNDN);
    for (int it = 0; it < 50; it++) {
        // step = (log erfc(y) - log q) sqrt(pi)/2 erfcx(y), with
        // log erfc(y) = log erfcx(y) - y^2.
        mp_erfcx(t, y);
        mpfr_log(u, t, MPFR_RNDN);
        mpfr_sub(step, u, lq, MPFR_RNDN);
        mpfr_sqr(u, y, MPFR_RNDN);
        mpfr_sub(step, step, u, MPFR_RNDN);
        mpfr_mul(step, step, t, MPFR_RNDN);
        mpfr_const_pi(u, MPFR_RNDN);
        mpfr_sqrt(u, u, MPFR_RNDN);
        mpfr_mul(step, step, u, MPFR_RNDN);
        mpfr_div_2ui(step, step, 1, MPFR_RNDN);
        mpfr_add(y, y, step, MPFR_RNDN);
        if (mpfr_zero_p(step) || mpfr_get_exp(step) < mpfr_get_exp(y) - (mpfr_exp_t)prec + 20)
            break;
    }
    mpfr_clears(lq, t, u, step, (mpfr_ptr)0);
}

static void newton_erf(mpfr_t y, const mpfr_t x)
{
    mpfr_prec_t prec = mpfr_get_prec(y);
    mpfr_t t, u, step;
    mpfr_inits2(prec, t, u, step, (mpfr_ptr)0);
    for (int it = 0; it < 50; it++) {
        // step = (x - erf(y)) sqrt(pi)/2 exp(y^2)
        mpfr_erf(t, y, MPFR_RNDN);
        mpfr_sub(step, x, t, MPFR_RNDN);
        mpfr_sqr(u, y, MPFR_RNDN);
        mpfr_exp(u, u, MPFR_RNDN);
        mpfr_mul(step, step, u, MPFR_RNDN);
        mpfr_const_pi(u, MPFR_RNDN);
        mpfr_sqrt(u, u, MPFR_RNDN);
        mpfr_mul(step, step, u, MPFR_RNDN);
        mpfr_div_2ui(step, step, 1, MPFR_RNDN);
        mpfr_add(y, y, step, MPFR_RNDN);
        if (mpfr_zero_p(step) || mpfr_get_exp(step) < mpfr_get_exp(y) - (mpfr_exp_t)prec + 20)
            break;
    }
    mpfr_clears(t, u, step, (mpfr_ptr)0);
}

// erfinv(x) for x exact (any precision): +-inf at +-1, NaN outside.
static void erfinv_any(mpfr_t r, const mpfr_t x)
{
    if (mpfr_nan_p(x) || mpfr_cmpabs_ui(x, 1) > 0) {
        mpfr_set_nan(r);
        return;
    }
    if (mpfr_cmpabs_ui(x, 1) == 0 || mpfr_zero_p(x)) {
        mpfr_set(r, x, MPFR_RNDN);
        if (!mpfr_zero_p(x))
            mpfr_set_inf(r, mpfr_sgn(x));
        return;
    }
    mpfr_t y, q;
    mpfr_init2(y, 53);
    mpfr_init2(q, 1100);
    mpfr_set_d(q, 0.5, MPFR_RNDN);
    if (mpfr_cmpabs(x, q) <= 0) {
        double xd = mpfr_get_d(x, MPFR_RNDN), yd = xd * 0.886226925452758;
        for (int it = 0; it < 8; it++)
            yd += (xd - erf(yd)) * 0.886226925452758 * exp(yd * yd);
        mpfr_set_d(y, yd, MPFR_RNDN);
        for (mpfr_prec_t p : {200, 420}) {
            mpfr_prec_round(y, p, MPFR_RNDN);
            newton_erf(y, x);
        }
    } else {
        mpfr_set_ui(q, 1, MPFR_RNDN);
        if (mpfr_sgn(x) > 0)
            mpfr_sub(q, q, x, MPFR_RNDN);   // 1 - |x|, exact at 1100 bits
        else
            mpfr_add(q, q, x, MPFR_RNDN);
        double qd = mpfr_get_d(q, MPFR_RNDN), lq = log(qd), yd = sqrt(-lq);
        for (int it = 0; it < 12; it++) {
            double e = erfc(yd);
            if (e <= 0 || !std::isfinite(yd))
                break;
            yd += (log(e) - lq) * 0.886226925452758 * exp(yd * yd + log(e));
        }
        mpfr_set_d(y, yd, MPFR_RNDN);
        for (mpfr_prec_t p : {200, 420}) {
            mpfr_prec_round(y, p, MPFR_RNDN);
            newton_erfc(y, q);
        }
        if (mpfr_sgn(x) < 0)
            mpfr_neg(y, y, MPFR_RNDN);
    }
    mpfr_set(r, y, MPFR_RNDN);
    mpfr_clears(y, q, (mpfr_ptr)0);
}

static void ref_erfinv(mpfr_t r, mpfr_t* a) { erfinv_any(r, a[0]); }

// erfcinv(q) = erfinv(1 - q), 1 - q exact at 1100 bits.
static void ref_erfcinv(mpfr_t r, mpfr_t* a)
{
    mpfr_t x;
    mpfr_init2(x, 1100);
    mpfr_ui_sub(x, 1, a[0], MPFR_RNDN);
    erfinv_any(r, x);
    mpfr_clear(x);
}

// normcdf(x) = erfc(-x / sqrt 2) / 2 at 320 bits.
static void ref_normcdf(mpfr_t r, mpfr_t* a)
{
    mpfr_t u;
    mpfr_init2(u, 320);
    mpfr_sqrt_ui(u, 2, MPFR_RNDN);
    mpfr_div(u, a[0], u, MPFR_RNDN);
    mpfr_neg(u, u, MPFR_RNDN);
    mp_erfc(r, u);
    mpfr_div_2ui(r, r, 1, MPFR_RNDN);
    mpfr_clear(u);
}

// normcdfinv(p) = sqrt 2 erfinv(2p - 1), 2p - 1 exact (so p = 1/2
// gives +0).
static void ref_normcdfinv(mpfr_t r, mpfr_t* a)
{
    mpfr_t x, s;
    mpfr_inits2(1100, x, s, (mpfr_ptr)0);
    mpfr_mul_2ui(x, a[0], 1, MPFR_RNDN);
    mpfr_sub_ui(x, x, 1, MPFR_RNDN);
    erfinv_any(s, x);
    mpfr_sqrt_ui(x, 2, MPFR_RNDN);
    mpfr_mul(r, s, x, MPFR_RNDN);
    mpfr_clears(x, s, (mpfr_ptr)0);
}

// lgamma(x) = log |Gamma(x)|; mpfr_lgamma gives +inf at the poles.
static void ref_lgamma(mpfr_t r, mpfr_t* a)
{
    int sign;
    mpfr_lgamma(r, &sign, a[0], MPFR_RNDN);
}
static void ref_tgamma(mpfr_t r, mpfr_t* a) { mpfr_gamma(r, a[0], MPFR_RNDN); }

// --------------------------------------------------------- hard inputs
// 1 - 2^-k and 2^-k, with neighbours, for erfinv near 1 and erfcinv
// near 0 (down to the smallest denormal).
template <typename T> static std::vector<T> near_one_and_zero()
{
    std::vector<T> v;
    const int digits = std::numeric_limits<T>::digits;
    const int emin = std::numeric_limits<T>::min_exponent - digits;
    for (int k = 1; k <= digits; k++) {
        T x = 1 - std::ldexp((T)1, -k);
        v.push_back(x);
        v.push_back(-x);
        v.push_back(std::nextafter(x, (T)0));
    }
    for (int k = 1; k <= -emin; k++) {
        T q = std::ldexp((T)1, -k);
        v.push_back(q);
        v.push_back(q * (T)1.37);
        v.push_back(2 - q);
    }
    return v;
}

// Uniform in [lo, hi].
template <typename T> static std::vector<T> uniform(double lo, double hi, int n, uint64_t seed)
{
    Rng r(seed);
    std::vector<T> v;
    for (int i = 0; i < n; i++)
        v.push_back((T)(lo + (hi - lo) * r.uniform()));
    return v;
}

template <typename T> static std::vector<T> cat(std::vector<T> a, const std::vector<T>& b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

// Near 1 and 2 (lgamma's zeros) and near the poles 0, -1, ..., -n: the
// points a few ulps to 2^-10 away, both sides.
template <typename T> static std::vector<T> gamma_hard(int poles)
{
    std::vector<T> v;
    const int digits = std::numeric_limits<T>::digits;
    for (int c = -poles; c <= 2; c++) {
        for (int k = 10; k <= digits + 2; k += 3) {
            T d = std::ldexp((T)1, -k) * (c == 0 ? (T)1 : (T)std::fabs((T)c));
            v.push_back((T)c + d);
            v.push_back((T)c - d);
        }
    }
    return v;
}

// lgamma: CUDA's bound holds outside the intervals where lgamma has its
// negative zeros ([-10.001, -2.264] f32, [-23.0001, -2.2637] f64).
// Inside them, reflection leaves an absolute error of a few ulps of
// log(pi / |x sin(pi x)|) and lgamma(-x) (up to 48 in size), which we
// bound absolutely: a stated bound of ours, not CUDA's.
static int lgamma_zeros_f(const float* a) { return a[0] >= -10.001f && a[0] <= -2.264f; }
static int lgamma_zeros_d(const double* a) { return a[0] >= -23.0001 && a[0] <= -2.2637; }

int main(int argc, char** argv)
{
    parse_args(argc, argv);
    printf("special: float\n");
    check<float, erf_f, 1>("erff", ref_erf, 2, Range{-4, 4});
    check<float, erfc_f, 1>("erfcf", ref_erfc, 4, Range{-4, 11}, nullptr,
                            uniform<float>(9, 10.1, 2000, 1));
    check<float, erfcx_f, 1>("erfcxf", ref_erfcx, 4, Range{-10, 40});
    check<float, erfinv_f, 1>("erfinvf", ref_erfinv, 2, Range{-1, 1}, nullptr,
                              near_one_and_zero<float>());
    check<float, erfcinv_f, 1>("erfcinvf", ref_erfcinv, 4, Range{0, 2}, nullptr,
                               near_one_and_zero<float>());
    check<float, normcdf_f, 1>("normcdff", ref_normcdf, 5, Range{-15, 6});
    check<float, normcdfinv_f, 1>("normcdfinvf", ref_normcdfinv, 5, Range{0, 1}, nullptr,
                                  near_one_and_zero<float>());
    check_ulp_abs<float, lgamma_f, 1>("lgammaf", "lgammaf zeros abs", ref_lgamma, 6, 2e-6,
                                  lgamma_zeros_f, Range{-12, 40}, nullptr,
                                  cat(gamma_hard<float>(12), uniform<float>(-3, -2, 1000, 2)));
    check<float, tgamma_f, 1>("tgammaf", ref_tgamma, 5, Range{-45, 36}, nullptr,
                              cat(gamma_hard<float>(40), uniform<float>(34, 35.1, 500, 3)));
    printf("special: double\n");
    check<double, erf_d, 1>("erf", ref_erf, 2, Range{-6, 6});
    check<double, erfc_d, 1>("erfc", ref_erfc, 5, Range{-6, 28}, nullptr,
                             uniform<double>(26, 27.3, 2000, 4));
    check<double, erfcx_d, 1>("erfcx", ref_erfcx, 4, Range{-27, 60});
    check<double, erfinv_d, 1>("erfinv", ref_erfinv, 5, Range{-1, 1}, nullptr,
                               near_one_and_zero<double>());
    check<double, erfcinv_d, 1>("erfcinv", ref_erfcinv, 6, Range{0, 2}, nullptr,
                                near_one_and_zero<double>());
    check<double, normcdf_d, 1>("normcdf", ref_normcdf, 5, Range{-40, 9});
    check<double, normcdfinv_d, 1>("normcdfinv", ref_normcdfinv, 8, Range{0, 1}, nullptr,
                                   near_one_and_zero<double>());
    check_ulp_abs<double, lgamma_d, 1>("lgamma", "lgamma zeros abs", ref_lgamma, 4, 1e-13,
                                   lgamma_zeros_d, Range{-25, 40}, nullptr,
                                   cat(gamma_hard<double>(25), uniform<double>(-3, -2, 1000, 5)));
    check<double, tgamma_d, 1>("tgamma", ref_tgamma, 10, Range{-190, 180}, nullptr,
                               cat(gamma_hard<double>(180), uniform<double>(170, 171.7, 500, 6)));
    return finish("special");
}
