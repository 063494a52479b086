// barehip-cc-flags: -Xarch_device -ffast-math -Xarch_device -Wno-nan-infinity-disabled -fgpu-flush-denormals-to-zero -fno-hip-fp32-correctly-rounded-divide-sqrt
// The math modes: device code built with -ffast-math (finite-only and
// unsafe math; the host side of this test keeps IEEE arithmetic),
// -fgpu-flush-denormals-to-zero (DAZ) and without correctly rounded f32
// sqrt, the library must take the faster paths those flags allow, and
// stay within its bounds on the inputs the modes still define (finite,
// no denormals).  The default modes are what every other math test runs.
#include "mtest.h"

using namespace mtest;

MATH_OP1(rsqrt_f, float, rsqrtf(a));
MATH_OP1(cbrt_f, float, cbrtf(a));
MATH_OP2(hypot_f, float, hypotf(a, b));
MATH_OP3(norm3d_f, float, norm3df(a, b, c));
MATH_OP2(rhypot_f, float, rhypotf(a, b));

static void ref_rsqrt(mpfr_t r, mpfr_t* a) { mpfr_rec_sqrt(r, a[0], MPFR_RNDN); }
static void ref_cbrt(mpfr_t r, mpfr_t* a) { mpfr_cbrt(r, a[0], MPFR_RNDN); }
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

// What the modes leave defined: finite inputs (finite-only) that are not
// denormals (DAZ), and results that are neither.
template <typename T, int N> static bool defined(const T* a)
{
    for (int k = 0; k < N; k++)
        if (!std::isfinite(a[k]) || (a[k] != 0 && std::fabs(a[k]) < FLT_MIN))
            return false;
    return true;
}
// rsqrtf(+0) = +inf and (-0) = -inf are still IEEE's (MPFR says +inf).
static bool fix_rsqrt(const float* a, float* want)
{
    if (a[0] != 0)
        return false;
    *want = std::copysign(INFINITY, a[0]);
    return true;
}
// Results a denormal-flushing device cannot give: 1/sqrt of sums past
// 2^252 and roots of tiny sums land among the denormals; keep the
// squares in range.
template <int N> static bool defined_len(const float* a)
{
    if (!defined<float, N>(a))
        return false;
    for (int k = 0; k < N; k++)
        if (std::fabs(a[k]) > 0x1p60f || (a[k] != 0 && std::fabs(a[k]) < 0x1p-60f))
            return false;
    return true;
}

__global__ void probes(const float* in, float* out)
{
    // DAZ: a denormal input is a zero.
    out[0] = rsqrtf(in[0]);              // in[0] = 2^-140: +inf
    out[1] = cbrtf(in[0]);               // 0
    // Finite-only: hypotf does not look for infinities any more; the
    // answer for inf/NaN is whatever the arithmetic gives (here NaN).
    out[2] = hypotf(in[1], in[2]);       // (inf, NaN)
}

// Without correctly rounded f32 sqrt, __ocml_sqrt_f32 is v_sqrt_f32
// alone; the model's v_sqrt_f32 happens to round correctly, so the
// difference shows in the work done, not in the results.
MATH_OP1(sqrt_mode, float, __ocml_sqrt_f32(a));
MATH_OP1(sqrt_rte, float, __ocml_sqrt_rte_f32(a));

int main(int argc, char** argv)
{
    parse_args(argc, argv);
    printf("modes: -ffast-math -fgpu-flush-denormals-to-zero -fno-hip-fp32-correctly-rounded-divide-sqrt\n");
    Range r{-1e6, 1e6, true};
    check_where<float, rsqrt_f, 1>("rsqrtf", ref_rsqrt, 2, r, defined<float, 1>, fix_rsqrt);
    check_where<float, cbrt_f, 1>("cbrtf", ref_cbrt, 1, r, defined<float, 1>);
    check_where<float, hypot_f, 2>("hypotf", ref_len<2, false>, 3, r, defined_len<2>);
    check_where<float, norm3d_f, 3>("norm3df", ref_len<3, false>, 3, r, defined_len<3>);
    check_where<float, rhypot_f, 2>("rhypotf", ref_len<2, true>, 2, r, defined_len<2>);

    float in[3] = {0x1p-140f, INFINITY, NAN}, *din, *dout, out[3];
    HIP_OK(hipMalloc(&din, sizeof in));
    HIP_OK(hipMalloc(&dout, sizeof out));
    HIP_OK(hipMemcpy(din, in, sizeof in, hipMemcpyHostToDevice));
    probes<<<1, 1>>>(din, dout);
    HIP_OK(hipDeviceSynchronize());
    HIP_OK(hipMemcpy(out, dout, sizeof out, hipMemcpyDeviceToHost));
    bool daz = std::isinf(out[0]) && out[0] > 0 && out[1] == 0;
    bool finite = std::isnan(out[2]);
    std::vector<float> xs;
    Rng rng(5);
    for (int i = 0; i < 64 * 16; i++)
        xs.push_back((float)(rng.uniform() * 1e6));
    double native = cost<float, sqrt_mode, 1>(xs), rounded = cost<float, sqrt_rte, 1>(xs);
    bool sqrt32 = native < rounded;
    printf("  f32 sqrt: %g wave instructions per call, correctly rounded one %g\n", native, rounded);
    printf("  DAZ (rsqrtf, cbrtf of a denormal: inf, 0): %s\n", daz ? "PASS" : "FAIL");
    printf("  finite-only (no special-case selection in hypotf): %s\n", finite ? "PASS" : "FAIL");
    printf("  f32 sqrt not correctly rounded (v_sqrt_f32): %s\n", sqrt32 ? "PASS" : "FAIL");
    failures() += !daz + !finite + !sqrt32;
    return finish("modes");
}
