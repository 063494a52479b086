// Device math, the root family: sqrt, rsqrt, cbrt, rcbrt, hypot,
// rhypot, norm3d, norm4d, rnorm3d, rnorm4d, in float and double, each
// against MPFR with CUDA's documented ulp bound (docs/facts/devlib.md §4) and
// C99 Annex F special values (an infinite component makes a length +inf
// even next to a NaN; rsqrt(-0) = -inf as IEEE 754 recommends).
#include "mtest.h"

using namespace mtest;

MATH_OP1(sqrt_f, float, sqrtf(a));
MATH_OP1(sqrt_d, double, sqrt(a));
MATH_OP1(rsqrt_f, float, rsqrtf(a));
MATH_OP1(rsqrt_d, double, rsqrt(a));
MATH_OP1(cbrt_f, float, cbrtf(a));
MATH_OP1(cbrt_d, double, cbrt(a));
MATH_OP1(rcbrt_f, float, rcbrtf(a));
MATH_OP1(rcbrt_d, double, rcbrt(a));
MATH_OP2(hypot_f, float, hypotf(a, b));
MATH_OP2(hypot_d, double, hypot(a, b));
MATH_OP2(rhypot_f, float, rhypotf(a, b));
MATH_OP2(rhypot_d, double, rhypot(a, b));
MATH_OP3(norm3d_f, float, norm3df(a, b, c));
MATH_OP3(norm3d_d, double, norm3d(a, b, c));
MATH_OP4(norm4d_f, float, norm4df(a, b, c, d));
MATH_OP4(norm4d_d, double, norm4d(a, b, c, d));
MATH_OP3(rnorm3d_f, float, rnorm3df(a, b, c));
MATH_OP3(rnorm3d_d, double, rnorm3d(a, b, c));
MATH_OP4(rnorm4d_f, float, rnorm4df(a, b, c, d));
MATH_OP4(rnorm4d_d, double, rnorm4d(a, b, c, d));

static void ref_sqrt(mpfr_t r, mpfr_t* a) { mpfr_sqrt(r, a[0], MPFR_RNDN); }
static void ref_rsqrt(mpfr_t r, mpfr_t* a) { mpfr_rec_sqrt(r, a[0], MPFR_RNDN); }
static void ref_cbrt(mpfr_t r, mpfr_t* a) { mpfr_cbrt(r, a[0], MPFR_RNDN); }
static void ref_rcbrt(mpfr_t r, mpfr_t* a)
{
    mpfr_cbrt(r, a[0], MPFR_RNDN);
    mpfr_ui_div(r, 1, r, MPFR_RNDN);
}
// sqrt of the sum of squares at 256 bits, optionally its reciprocal.
template <int N, bool Recip> static void ref_len(mpfr_t r, mpfr_t* a)
{
    mpfr_t sq;
    mpfr_init2(sq, 256);
    mpfr_set_ui(r, 0, MPFR_RNDN);
    for (int k = 0; k < N; k++) {
        mpfr_sqr(sq, a[k], MPFR_RNDN);
        mpfr_add(r, r, sq, MPFR_RNDN);
    }
    mpfr_clear(sq);
    if (Recip)
        mpfr_rec_sqrt(r, r, MPFR_RNDN);
    else
        mpfr_sqrt(r, r, MPFR_RNDN);
}

// IEEE 754 rSqrt(-0) = -inf; MPFR gives +inf.
template <typename T> static bool fix_rsqrt(const T* a, T* want)
{
    if (a[0] == 0 && std::signbit(a[0])) {
        *want = -std::numeric_limits<T>::infinity();
        return true;
    }
    return false;
}
// Annex F: an infinite component wins over NaN.
template <typename T, int N, bool Recip> static bool fix_len(const T* a, T* want)
{
    for (int k = 0; k < N; k++)
        if (std::isinf(a[k])) {
            *want = Recip ? 0 : std::numeric_limits<T>::infinity();
            return true;
        }
    return false;
}

int main(int argc, char** argv)
{
    parse_args(argc, argv);
    Range pos{0, 1e6, true};
    printf("roots: float\n");
    check<float, sqrt_f, 1>("sqrtf", ref_sqrt, 0, pos);
    check<float, rsqrt_f, 1>("rsqrtf", ref_rsqrt, 2, pos, fix_rsqrt<float>);
    check<float, cbrt_f, 1>("cbrtf", ref_cbrt, 1);
    check<float, rcbrt_f, 1>("rcbrtf", ref_rcbrt, 1);
    check<float, hypot_f, 2>("hypotf", ref_len<2, false>, 3, Range(), fix_len<float, 2, false>);
    check<float, rhypot_f, 2>("rhypotf", ref_len<2, true>, 2, Range(), fix_len<float, 2, true>);
    check<float, norm3d_f, 3>("norm3df", ref_len<3, false>, 3, Range(), fix_len<float, 3, false>);
    check<float, norm4d_f, 4>("norm4df", ref_len<4, false>, 3, Range(), fix_len<float, 4, false>);
    check<float, rnorm3d_f, 3>("rnorm3df", ref_len<3, true>, 2, Range(), fix_len<float, 3, true>);
    check<float, rnorm4d_f, 4>("rnorm4df", ref_len<4, true>, 2, Range(), fix_len<float, 4, true>);
    printf("roots: double\n");
    check<double, sqrt_d, 1>("sqrt", ref_sqrt, 0, pos);
    check<double, rsqrt_d, 1>("rsqrt", ref_rsqrt, 1, pos, fix_rsqrt<double>);
    check<double, cbrt_d, 1>("cbrt", ref_cbrt, 1);
    check<double, rcbrt_d, 1>("rcbrt", ref_rcbrt, 1);
    check<double, hypot_d, 2>("hypot", ref_len<2, false>, 2, Range(), fix_len<double, 2, false>);
    check<double, rhypot_d, 2>("rhypot", ref_len<2, true>, 1, Range(), fix_len<double, 2, true>);
    check<double, norm3d_d, 3>("norm3d", ref_len<3, false>, 2, Range(), fix_len<double, 3, false>);
    check<double, norm4d_d, 4>("norm4d", ref_len<4, false>, 2, Range(), fix_len<double, 4, false>);
    check<double, rnorm3d_d, 3>("rnorm3d", ref_len<3, true>, 2, Range(), fix_len<double, 3, true>);
    check<double, rnorm4d_d, 4>("rnorm4d", ref_len<4, true>, 2, Range(), fix_len<double, 4, true>);
    return finish("roots");
}
