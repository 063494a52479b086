// Device math: float to half with directed rounding, the three
// __ocml_cvtrt{n,p,z}_f16_f32 conversions hip_fp16's __float2half_rd,
// _ru and _rz are built on.  Each result must be exactly the half MPFR
// rounds x to in that direction (11-bit precision, half's exponent
// range, its denormals, overflow to 65504 or infinity as the direction
// says), compared as the widened float: 0 ulp.  Inputs: the specials,
// random floats over every exponent, and around every 16th half value:
// the half itself, its float neighbours and the midpoints to the next
// half and their float neighbours (where round-to-nearest and the
// directed roundings part).
#include "mtest.h"

using namespace mtest;

MATH_OP1(rtn_f16, float, (float)__ocml_cvtrtn_f16_f32(a));
MATH_OP1(rtp_f16, float, (float)__ocml_cvtrtp_f16_f32(a));
MATH_OP1(rtz_f16, float, (float)__ocml_cvtrtz_f16_f32(a));

// x rounded to half in direction R, as a float (exact: half is a subset).
template <mpfr_rnd_t R> bool want_f16(const float* a, float* want)
{
    if (std::isnan(a[0])) {
        *want = NAN;
        return true;
    }
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_t t;
    mpfr_init2(t, 11);
    // MPFR's significand is in [0.5, 1): the smallest half denormal 2^-24
    // is 0.5 * 2^-23, the largest half 65504 is (1 - 2^-11) * 2^16.
    mpfr_set_emin(-23);
    mpfr_set_emax(16);
    int i = mpfr_set_flt(t, a[0], R);
    i = mpfr_check_range(t, i, R);
    mpfr_subnormalize(t, i, R);
    *want = mpfr_get_flt(t, MPFR_RNDN);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    mpfr_clear(t);
    return true;
}

static float half_value(uint16_t b)
{
    _Float16 h;
    memcpy(&h, &b, sizeof h);
    return (float)h;
}

static std::vector<float> half_boundaries()
{
    std::vector<float> v;
    for (uint32_t b = 0; b < 0x7c00; b += 16) {
        for (int s = 0; s < 2; s++) {
            float x = half_value((uint16_t)(b | s << 15));
            float mid = (x + half_value((uint16_t)((b + 1) | s << 15))) / 2;   // exact: 12 bits
            for (float y : { x, mid })
                for (float z : { y, std::nextafter(y, -INFINITY), std::nextafter(y, INFINITY) })
                    v.push_back(z);
        }
    }
    // Past the largest half: where nearest rounds to infinity (65520).
    for (float y : { 65504.0f, 65519.0f, 65520.0f, 65536.0f, 1e30f })
        for (float s : { 1.0f, -1.0f })
            v.push_back(s * y), v.push_back(std::nextafter(s * y, INFINITY)),
                v.push_back(std::nextafter(s * y, -INFINITY));
    return v;
}

int main(int argc, char** argv)
{
    parse_args(argc, argv);
    printf("cvtf16: float to half, directed\n");
    std::vector<float> extra = half_boundaries();
    check<float, rtn_f16, 1>("__ocml_cvtrtn_f16_f32", nullptr, 0, Range(), want_f16<MPFR_RNDD>,
                             extra);
    check<float, rtp_f16, 1>("__ocml_cvtrtp_f16_f32", nullptr, 0, Range(), want_f16<MPFR_RNDU>,
                             extra);
    check<float, rtz_f16, 1>("__ocml_cvtrtz_f16_f32", nullptr, 0, Range(), want_f16<MPFR_RNDZ>,
                             extra);
    return finish("cvtf16");
}
