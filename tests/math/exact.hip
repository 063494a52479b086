// Device math, the exact functions: every result must be the correctly
// rounded one (0 ulp), special values as C99 Annex F says.  fmod,
// remainder, remquo (and its quotient bits), modf (both parts), fdim,
// nextafter, scalb, ldexp/scalbn, frexp, ilogb, logb, and the functions
// the hardware does directly (rounding to integers, fabs, copysign,
// fmin, fmax, fma), in float and double, against MPFR.  The __ocml_*
// names older clang headers call are checked to exist and agree.
#include "mtest.h"

using namespace mtest;

MATH_OP2(fmod_f, float, fmodf(a, b));
MATH_OP2(fmod_d, double, fmod(a, b));
MATH_OP2(remainder_f, float, remainderf(a, b));
MATH_OP2(remainder_d, double, remainder(a, b));
MATH_OP2(remquo_f, float, ({ int q; remquof(a, b, &q); }));
MATH_OP2(remquo_d, double, ({ int q; remquo(a, b, &q); }));
MATH_OP2(fdim_f, float, fdimf(a, b));
MATH_OP2(fdim_d, double, fdim(a, b));
MATH_OP2(nextafter_f, float, nextafterf(a, b));
MATH_OP2(nextafter_d, double, nextafter(a, b));
MATH_OP2(scalb_f, float, __ocml_scalb_f32(a, b));
MATH_OP2(scalb_d, double, __ocml_scalb_f64(a, b));
MATH_OP1(modf_frac_f, float, ({ float i; modff(a, &i); }));
MATH_OP1(modf_frac_d, double, ({ double i; modf(a, &i); }));
MATH_OP1(modf_int_f, float, ({ float i; modff(a, &i); i; }));
MATH_OP1(modf_int_d, double, ({ double i; modf(a, &i); i; }));
MATH_OP1(logb_f, float, logbf(a));
MATH_OP1(logb_d, double, logb(a));
MATH_OP1(ceil_f, float, ceilf(a));
MATH_OP1(ceil_d, double, ceil(a));
MATH_OP1(floor_f, float, floorf(a));
MATH_OP1(floor_d, double, floor(a));
MATH_OP1(trunc_f, float, truncf(a));
MATH_OP1(trunc_d, double, trunc(a));
MATH_OP1(round_f, float, roundf(a));
MATH_OP1(round_d, double, round(a));
MATH_OP1(rint_f, float, rintf(a));
MATH_OP1(rint_d, double, rint(a));
MATH_OP1(nearbyint_f, float, nearbyintf(a));
MATH_OP1(nearbyint_d, double, nearbyint(a));
MATH_OP1(fabs_f, float, fabsf(a));
MATH_OP1(fabs_d, double, fabs(a));
MATH_OP2(copysign_f, float, copysignf(a, b));
MATH_OP2(copysign_d, double, copysign(a, b));
MATH_OP2(fmax_f, float, fmaxf(a, b));
MATH_OP2(fmax_d, double, fmax(a, b));
MATH_OP2(fmin_f, float, fminf(a, b));
MATH_OP2(fmin_d, double, fmin(a, b));
MATH_OP3(fma_f, float, fmaf(a, b, c));
MATH_OP3(fma_d, double, fma(a, b, c));
// The legacy ABI names, called directly.
MATH_OP1(o_ceil_f, float, __ocml_ceil_f32(a));
MATH_OP1(o_floor_d, double, __ocml_floor_f64(a));
MATH_OP1(o_trunc_f, float, __ocml_trunc_f32(a));
MATH_OP1(o_rint_d, double, __ocml_rint_f64(a));
MATH_OP1(o_round_f, float, __ocml_round_f32(a));
MATH_OP1(o_nearbyint_d, double, __ocml_nearbyint_f64(a));
MATH_OP1(o_fabs_f, float, __ocml_fabs_f32(a));
MATH_OP1(o_sqrt_f, float, __ocml_sqrt_f32(a));
MATH_OP1(o_sqrt_d, double, __ocml_sqrt_f64(a));
MATH_OP2(o_copysign_d, double, __ocml_copysign_f64(a, b));
MATH_OP2(o_fmax_f, float, __ocml_fmax_f32(a, b));
MATH_OP2(o_fmin_d, double, __ocml_fmin_f64(a, b));
MATH_OP3(o_fma_f, float, __ocml_fma_f32(a, b, c));
MATH_OP2(o_scalbn_d, double, __ocml_scalbn_f64(a, (int)fmax(fmin(b, 3000.0), -3000.0)));

#define MREF1(name, call) static void name(mpfr_t r, mpfr_t* a) { call; }
MREF1(ref_fmod, mpfr_fmod(r, a[0], a[1], MPFR_RNDN))
MREF1(ref_remainder, mpfr_remainder(r, a[0], a[1], MPFR_RNDN))
MREF1(ref_dim, mpfr_dim(r, a[0], a[1], MPFR_RNDN))
MREF1(ref_frac, mpfr_frac(r, a[0], MPFR_RNDN))
MREF1(ref_trunc, mpfr_trunc(r, a[0]))
MREF1(ref_ceil, mpfr_ceil(r, a[0]))
MREF1(ref_floor, mpfr_floor(r, a[0]))
MREF1(ref_round, mpfr_round(r, a[0]))
MREF1(ref_rint, mpfr_rint(r, a[0], MPFR_RNDN))
MREF1(ref_abs, mpfr_abs(r, a[0], MPFR_RNDN))
MREF1(ref_sqrt, mpfr_sqrt(r, a[0], MPFR_RNDN))
MREF1(ref_max, mpfr_max(r, a[0], a[1], MPFR_RNDN))
MREF1(ref_min, mpfr_min(r, a[0], a[1], MPFR_RNDN))
MREF1(ref_fma, mpfr_fma(r, a[0], a[1], a[2], MPFR_RNDN))
// logb: the exponent of a finite non-zero x (MPFR's is one more).
static void ref_logb(mpfr_t r, mpfr_t* a)
{
    if (mpfr_zero_p(a[0]))
        mpfr_set_inf(r, -1);
    else if (mpfr_inf_p(a[0]))
        mpfr_set_inf(r, 1);
    else if (mpfr_nan_p(a[0]))
        mpfr_set_nan(r);
    else
        mpfr_set_si(r, mpfr_get_exp(a[0]) - 1, MPFR_RNDN);
}
// x * 2^n, n clamped (beyond ±3000 every format saturates).
static void ref_scale(mpfr_t r, mpfr_t* a)
{
    double n = fmax(fmin(mpfr_get_d(a[1], MPFR_RNDN), 3000.0), -3000.0);
    mpfr_mul_2si(r, a[0], (long)n, MPFR_RNDN);
}
// copysign: the host's (MPFR gives its NaN a sign of its own).
template <typename T> static bool fix_copysign(const T* a, T* want)
{
    *want = std::copysign(a[0], a[1]);
    return true;
}
// nextafter: glibc's (an exact operation, independent code).
template <typename T> static bool fix_nextafter(const T* a, T* want)
{
    *want = std::nextafter(a[0], a[1]);
    return true;
}
// scalb: NaN for a non-integral exponent, 0*2^inf and inf*2^-inf.
template <typename T> static bool fix_scalb(const T* a, T* want)
{
    T x = a[0], y = a[1];
    if (std::isnan(x) || std::isnan(y))
        *want = NAN;
    else if (std::isinf(y))
        *want = y > 0 ? (x == 0 ? (T)NAN : x * y) : (std::isinf(x) ? (T)NAN : x / -y);
    else if (std::trunc(y) != y)
        *want = NAN;
    else
        return false;
    return true;
}

// The integer outputs: remquo's quotient bits, frexp's exponent, ilogb.
template <typename T> __global__ void int_outputs(const T* x, const T* y, int* quo, int* fexp,
                                                  T* fmant, int* ilog, size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int q = 0, e = 0;
    if constexpr (sizeof(T) == 4) {
        remquof(x[i], y[i], &q);
        fmant[i] = frexpf(x[i], &e);
        ilog[i] = ilogbf(x[i]);
    } else {
        remquo(x[i], y[i], &q);
        fmant[i] = frexp(x[i], &e);
        ilog[i] = ilogb(x[i]);
    }
    quo[i] = q;
    fexp[i] = e;
}

// ldexp(x, n) with an int n from -3000 to 3000, crossed with x.
template <typename T> __global__ void ldexp_kernel(const T* x, const int* e, T* out, size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = sizeof(T) == 4 ? (T)ldexpf((float)x[i], e[i]) : (T)ldexp((double)x[i], e[i]);
}

template <typename T> static void check_int_outputs(const char* tag)
{
    std::vector<T> in = make_inputs<T, 2>(Range(), 77);
    size_t n = in.size() / 2;
    std::vector<T> x(n), y(n), mant(n);
    std::vector<int> quo(n), fexp(n), ilog(n);
    for (size_t i = 0; i < n; i++) {
        x[i] = in[2 * i];
        y[i] = in[2 * i + 1];
    }
    T *dx, *dy, *dm;
    int *dq, *de, *dl;
    HIP_OK(hipMalloc(&dx, n * sizeof(T)));
    HIP_OK(hipMalloc(&dy, n * sizeof(T)));
    HIP_OK(hipMalloc(&dm, n * sizeof(T)));
    HIP_OK(hipMalloc(&dq, n * sizeof(int)));
    HIP_OK(hipMalloc(&de, n * sizeof(int)));
    HIP_OK(hipMalloc(&dl, n * sizeof(int)));
    HIP_OK(hipMemcpy(dx, x.data(), n * sizeof(T), hipMemcpyHostToDevice));
    HIP_OK(hipMemcpy(dy, y.data(), n * sizeof(T), hipMemcpyHostToDevice));
    int_outputs<T><<<(unsigned)((n + 255) / 256), 256>>>(dx, dy, dq, de, dm, dl, n);
    HIP_OK(hipDeviceSynchronize());
    HIP_OK(hipMemcpy(quo.data(), dq, n * sizeof(int), hipMemcpyDeviceToHost));
    HIP_OK(hipMemcpy(fexp.data(), de, n * sizeof(int), hipMemcpyDeviceToHost));
    HIP_OK(hipMemcpy(mant.data(), dm, n * sizeof(T), hipMemcpyDeviceToHost));
    HIP_OK(hipMemcpy(ilog.data(), dl, n * sizeof(int), hipMemcpyDeviceToHost));
    for (void* p : {(void*)dx, (void*)dy, (void*)dm, (void*)dq, (void*)de, (void*)dl})
        HIP_OK(hipFree(p));

    mpfr_t mx, my, r;
    mpfr_inits2(Fmt<T>::prec, mx, my, r, (mpfr_ptr)0);
    size_t bad_q = 0, bad_f = 0, bad_i = 0;
    for (size_t i = 0; i < n; i++) {
        Fmt<T>::set(mx, x[i]);
        Fmt<T>::set(my, y[i]);
        // remquo: MPFR's quotient bits, compared in their low 3 bits with
        // the sign of x/y (C99 asks for at least 3); none for NaN results.
        long q;
        mpfr_remquo(r, &q, mx, my, MPFR_RNDN);
        if (!mpfr_nan_p(r)) {
            long want = q < 0 ? -((-q) & 7) : (q & 7);
            if (quo[i] != want && bad_q++ < 3)
                printf("  remquo%s(%a, %a): quotient bits %d, want %ld\n", tag, (double)x[i],
                       (double)y[i], quo[i], want);
        }
        // frexp: mantissa in [0.5, 1) and exponent; specials unchanged.
        T xi = x[i], wm = xi;
        int we = 0;
        if (std::isfinite(xi) && xi != 0) {
            we = (int)mpfr_get_exp(mx);
            wm = std::ldexp(xi, -we);
        }
        if ((bits(mant[i]) != bits(wm) && !(std::isnan(wm) && std::isnan(mant[i]))) ||
            (std::isfinite(xi) && fexp[i] != we)) {
            if (bad_f++ < 3)
                printf("  frexp%s(%a) = %a * 2^%d, want %a * 2^%d\n", tag, (double)xi,
                       (double)mant[i], fexp[i], (double)wm, we);
        }
        // ilogb: FP_ILOGB0 and FP_ILOGBNAN are INT_MIN (as ocml and CUDA),
        // INT_MAX for infinities.
        int wl = std::isnan(xi) || xi == 0 ? INT_MIN : std::isinf(xi) ? INT_MAX
                 : (int)mpfr_get_exp(mx) - 1;
        if (ilog[i] != wl && bad_i++ < 3)
            printf("  ilogb%s(%a) = %d, want %d\n", tag, (double)xi, ilog[i], wl);
    }
    mpfr_clears(mx, my, r, (mpfr_ptr)0);
    printf("  remquo%s quo, frexp%s, ilogb%s over %zu inputs: %s\n", tag, tag, tag, n,
           bad_q + bad_f + bad_i ? "FAIL" : "PASS");
    if (bad_q + bad_f + bad_i)
        failures()++;
}

template <typename T> static void check_ldexp(const char* tag)
{
    static const int exps[] = {-3000, -2200, -1100, -1075, -1074, -1022, -300, -150, -149,
                               -126, -24, -1, 0, 1, 23, 127, 128, 300, 1023, 1024, 2200, 3000};
    std::vector<T> sp = specials<T>(), x;
    std::vector<int> e;
    Rng r(99);
    for (int k : exps) {
        for (T v : sp) {
            x.push_back(v);
            e.push_back(k);
        }
        for (int j = 0; j < 64; j++) {
            x.push_back(random_value<T>(r, Range()));
            e.push_back(k);
        }
    }
    size_t n = x.size();
    std::vector<T> out(n);
    T *dx, *dout;
    int* de;
    HIP_OK(hipMalloc(&dx, n * sizeof(T)));
    HIP_OK(hipMalloc(&dout, n * sizeof(T)));
    HIP_OK(hipMalloc(&de, n * sizeof(int)));
    HIP_OK(hipMemcpy(dx, x.data(), n * sizeof(T), hipMemcpyHostToDevice));
    HIP_OK(hipMemcpy(de, e.data(), n * sizeof(int), hipMemcpyHostToDevice));
    ldexp_kernel<T><<<(unsigned)((n + 255) / 256), 256>>>(dx, de, dout, n);
    HIP_OK(hipDeviceSynchronize());
    HIP_OK(hipMemcpy(out.data(), dout, n * sizeof(T), hipMemcpyDeviceToHost));
    HIP_OK(hipFree(dx));
    HIP_OK(hipFree(dout));
    HIP_OK(hipFree(de));
    mpfr_t mx, ex;
    mpfr_init2(mx, Fmt<T>::prec);
    mpfr_init2(ex, 256);
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        Fmt<T>::set(mx, x[i]);
        mpfr_mul_2si(ex, mx, e[i], MPFR_RNDN);
        T want = round_to<T>(ex);
        if (error(out[i], want) != 0 && bad++ < 3)
            printf("  ldexp%s(%a, %d) = %a, want %a\n", tag, (double)x[i], e[i], (double)out[i],
                   (double)want);
    }
    mpfr_clear(mx);
    mpfr_clear(ex);
    printf("  ldexp%s over %zu inputs: %s\n", tag, n, bad ? "FAIL" : "PASS");
    if (bad)
        failures()++;
}

int main(int argc, char** argv)
{
    parse_args(argc, argv);
    printf("exact: float\n");
    check<float, fmod_f, 2>("fmodf", ref_fmod, 0);
    check<float, remainder_f, 2>("remainderf", ref_remainder, 0);
    check<float, remquo_f, 2>("remquof", ref_remainder, 0);
    check<float, fdim_f, 2>("fdimf", ref_dim, 0);
    check<float, nextafter_f, 2>("nextafterf", nullptr, 0, Range(), fix_nextafter<float>);
    check<float, scalb_f, 2>("scalbf", ref_scale, 0, Range{-300, 300, true}, fix_scalb<float>);
    check<float, modf_frac_f, 1>("modff", ref_frac, 0, Range{-1e9, 1e9, true});
    check<float, modf_int_f, 1>("modff int", ref_trunc, 0, Range{-1e9, 1e9, true});
    check<float, logb_f, 1>("logbf", ref_logb, 0);
    check<float, ceil_f, 1>("ceilf", ref_ceil, 0, Range{-1e8, 1e8, true});
    check<float, floor_f, 1>("floorf", ref_floor, 0, Range{-1e8, 1e8, true});
    check<float, trunc_f, 1>("truncf", ref_trunc, 0, Range{-1e8, 1e8, true});
    check<float, round_f, 1>("roundf", ref_round, 0, Range{-1e8, 1e8, true});
    check<float, rint_f, 1>("rintf", ref_rint, 0, Range{-1e8, 1e8, true});
    check<float, nearbyint_f, 1>("nearbyintf", ref_rint, 0, Range{-1e8, 1e8, true});
    check<float, fabs_f, 1>("fabsf", ref_abs, 0);
    check<float, copysign_f, 2>("copysignf", nullptr, 0, Range(), fix_copysign<float>);
    check<float, fmax_f, 2>("fmaxf", ref_max, 0);
    check<float, fmin_f, 2>("fminf", ref_min, 0);
    check<float, fma_f, 3>("fmaf", ref_fma, 0);
    check<float, o_ceil_f, 1>("__ocml_ceil_f32", ref_ceil, 0);
    check<float, o_trunc_f, 1>("__ocml_trunc_f32", ref_trunc, 0);
    check<float, o_round_f, 1>("__ocml_round_f32", ref_round, 0);
    check<float, o_fabs_f, 1>("__ocml_fabs_f32", ref_abs, 0);
    check<float, o_sqrt_f, 1>("__ocml_sqrt_f32", ref_sqrt, 0);
    check<float, o_fmax_f, 2>("__ocml_fmax_f32", ref_max, 0);
    check<float, o_fma_f, 3>("__ocml_fma_f32", ref_fma, 0);
    check_int_outputs<float>("f");
    check_ldexp<float>("f");
    printf("exact: double\n");
    check<double, fmod_d, 2>("fmod", ref_fmod, 0);
    check<double, remainder_d, 2>("remainder", ref_remainder, 0);
    check<double, remquo_d, 2>("remquo", ref_remainder, 0);
    check<double, fdim_d, 2>("fdim", ref_dim, 0);
    check<double, nextafter_d, 2>("nextafter", nullptr, 0, Range(), fix_nextafter<double>);
    check<double, scalb_d, 2>("scalb", ref_scale, 0, Range{-2500, 2500, true}, fix_scalb<double>);
    check<double, modf_frac_d, 1>("modf", ref_frac, 0, Range{-1e17, 1e17, true});
    check<double, modf_int_d, 1>("modf int", ref_trunc, 0, Range{-1e17, 1e17, true});
    check<double, logb_d, 1>("logb", ref_logb, 0);
    check<double, ceil_d, 1>("ceil", ref_ceil, 0, Range{-1e17, 1e17, true});
    check<double, floor_d, 1>("floor", ref_floor, 0, Range{-1e17, 1e17, true});
    check<double, trunc_d, 1>("trunc", ref_trunc, 0, Range{-1e17, 1e17, true});
    check<double, round_d, 1>("round", ref_round, 0, Range{-1e17, 1e17, true});
    check<double, rint_d, 1>("rint", ref_rint, 0, Range{-1e17, 1e17, true});
    check<double, nearbyint_d, 1>("nearbyint", ref_rint, 0, Range{-1e17, 1e17, true});
    check<double, fabs_d, 1>("fabs", ref_abs, 0);
    check<double, copysign_d, 2>("copysign", nullptr, 0, Range(), fix_copysign<double>);
    check<double, fmax_d, 2>("fmax", ref_max, 0);
    check<double, fmin_d, 2>("fmin", ref_min, 0);
    check<double, fma_d, 3>("fma", ref_fma, 0);
    check<double, o_floor_d, 1>("__ocml_floor_f64", ref_floor, 0);
    check<double, o_rint_d, 1>("__ocml_rint_f64", ref_rint, 0);
    check<double, o_nearbyint_d, 1>("__ocml_nearbyint_f64", ref_rint, 0);
    check<double, o_sqrt_d, 1>("__ocml_sqrt_f64", ref_sqrt, 0);
    check<double, o_copysign_d, 2>("__ocml_copysign_f64", nullptr, 0, Range(), fix_copysign<double>);
    check<double, o_fmin_d, 2>("__ocml_fmin_f64", ref_min, 0);
    check<double, o_scalbn_d, 2>("__ocml_scalbn_f64", ref_scale, 0, Range{-2500, 2500, true});
    check_int_outputs<double>("");
    check_ldexp<double>("");
    return finish("exact");
}
