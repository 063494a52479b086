// Device math: rounding to an integer type, lrintf, llrintf, lroundf,
// llroundf and their double forms.  lrint rounds to nearest, ties to
// even (the default rounding mode, the only one device code has); lround
// rounds ties away from zero.  Every result must be exactly MPFR's.  C99
// leaves the result unspecified when the rounded value does not fit the
// type (and for NaN and infinities), so the inputs are the finite ones
// within [-2^63, 2^63): the specials, random bit patterns, values up to
// 10^6, the ties k + 1/2, and the neighbours of 2^23, 2^31, 2^52 and
// 2^62.
#include "mtest.h"

using namespace mtest;

// An operation from T to the integer type R.
#define CONV_OP(id, T, R, expr)                                                      \
    struct id {                                                                      \
        static __device__ R f(T a) { return expr; }                                  \
    }
CONV_OP(lrint_f, float, long, lrintf(a));
CONV_OP(llrint_f, float, long long, llrintf(a));
CONV_OP(lround_f, float, long, lroundf(a));
CONV_OP(llround_f, float, long long, llroundf(a));
CONV_OP(lrint_d, double, long, lrint(a));
CONV_OP(llrint_d, double, long long, llrint(a));
CONV_OP(lround_d, double, long, lround(a));
CONV_OP(llround_d, double, long long, llround(a));
// The std:: overloads (__clang_hip_cmath.h) resolve to the same.
CONV_OP(std_lround_f, float, long, std::lround(a));
CONV_OP(std_llrint_d, double, long long, std::llrint(a));

template <typename T, typename R, typename Op>
__global__ void to_int(const T* in, R* out, size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = Op::f(in[i]);
}

template <typename T> static bool in_range(T x)
{
    return std::isfinite(x) && x >= (T)-0x1p63 && x < (T)0x1p63;
}

template <typename T> static std::vector<T> conv_inputs(const char* name)
{
    std::vector<T> in;
    for (T x : specials<T>())
        in.push_back(x);
    Rng r(name_seed(name));
    for (size_t i = 0; i < options().n; i++) {
        switch (i % 4) {
        case 0:
            in.push_back(random_value<T>(r, Range()));
            break;
        case 1:
            in.push_back((T)(2e6 * r.uniform() - 1e6));
            break;
        case 2: { // a tie, exact in both formats below 2^22
            double k = std::floor(8e6 * r.uniform() - 4e6);
            in.push_back((T)(k + 0.5));
            break;
        }
        default: { // an integer (or near one) at a large magnitude
            T x = (T)std::ldexp(1.0 + r.uniform(), (int)(r.next() % 63));
            in.push_back((r.next() & 1) ? x : -x);
        }
        }
    }
    for (double p : {0x1p23, 0x1p31, 0x1p52, 0x1p62, 0x1p63}) {
        T x = (T)p;
        for (int k = 0; k < 4; k++) {
            in.insert(in.end(), {x, -x, x + (T)0.5, -x - (T)0.5});
            x = std::nextafter(x, (T)0);
        }
    }
    std::vector<T> keep;
    for (T x : in)
        if (in_range(x))
            keep.push_back(x);
    return keep;
}

template <typename T, typename R, typename Op>
static void check_conv(const char* name, bool ties_away)
{
    std::vector<T> in = conv_inputs<T>(name);
    size_t n = in.size();
    T* din;
    R* dout;
    HIP_OK(hipMalloc(&din, n * sizeof(T)));
    HIP_OK(hipMalloc(&dout, n * sizeof(R)));
    HIP_OK(hipMemcpy(din, in.data(), n * sizeof(T), hipMemcpyHostToDevice));
    to_int<T, R, Op><<<(unsigned)((n + 255) / 256), 256>>>(din, dout, n);
    HIP_OK(hipGetLastError());
    HIP_OK(hipDeviceSynchronize());
    std::vector<R> out(n);
    HIP_OK(hipMemcpy(out.data(), dout, n * sizeof(R), hipMemcpyDeviceToHost));
    HIP_OK(hipFree(din));
    HIP_OK(hipFree(dout));

    mpfr_t x;
    mpfr_init2(x, Fmt<T>::prec);
    Stat s;
    char win[48] = "-", wgot[32] = "-", wwant[32] = "-";
    for (size_t i = 0; i < n; i++) {
        Fmt<T>::set(x, in[i]);
        if (ties_away)
            mpfr_round(x, x);
        else
            mpfr_rint(x, x, MPFR_RNDN);
        R want = (R)mpfr_get_sj(x, MPFR_RNDN);
        // The distance in integers, the "ulp" of an integer result.
        double e = std::fabs((double)((__int128)out[i] - (__int128)want));
        s.inputs++;
        if (e > s.max_err) {
            s.max_err = e;
            snprintf(win, sizeof win, "%a", (double)in[i]);
            snprintf(wgot, sizeof wgot, "%lld", (long long)out[i]);
            snprintf(wwant, sizeof wwant, "%lld", (long long)want);
        }
    }
    mpfr_clear(x);
    report(name, s, 0, win, wgot, wwant);
}

int main(int argc, char** argv)
{
    parse_args(argc, argv);
    printf("conv: float\n");
    check_conv<float, long, lrint_f>("lrintf", false);
    check_conv<float, long long, llrint_f>("llrintf", false);
    check_conv<float, long, lround_f>("lroundf", true);
    check_conv<float, long long, llround_f>("llroundf", true);
    check_conv<float, long, std_lround_f>("std::lround(f)", true);
    printf("conv: double\n");
    check_conv<double, long, lrint_d>("lrint", false);
    check_conv<double, long long, llrint_d>("llrint", false);
    check_conv<double, long, lround_d>("lround", true);
    check_conv<double, long long, llround_d>("llround", true);
    check_conv<double, long long, std_llrint_d>("std::llrint(d)", false);
    return finish("conv");
}
