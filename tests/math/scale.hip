// Device math: the functions of the binary exponent.  ldexp, scalbn
// (int exponent) and scalbln (long exponent) compute x 2^n rounded once,
// denormal results included, for every n: an exponent far beyond the
// format's range, even beyond the int range for scalbln, overflows to
// inf or underflows to 0 with x's sign.  frexp splits x into a mantissa
// in [0.5, 1) and an exponent (zeros, infinities and NaN unchanged, with
// exponent 0 for zeros); ilogb is the unbiased exponent, INT_MIN for 0
// and NaN (FP_ILOGB0 and FP_ILOGBNAN, as in CUDA and glibc), INT_MAX for
// infinities.  All exact: every result must be MPFR's.
#include "mtest.h"

using namespace mtest;

// x 2^n: the operation under test, for an exponent given as a long
// (converted to int for the int forms, whose inputs stay in range).
#define SCALE_OP(id, T, expr)                                                        \
    struct id {                                                                      \
        static __device__ T f(T a, long n) { return expr; }                          \
    }
SCALE_OP(ldexp_f, float, ldexpf(a, (int)n));
SCALE_OP(scalbn_f, float, scalbnf(a, (int)n));
SCALE_OP(scalbln_f, float, scalblnf(a, n));
SCALE_OP(std_scalbln_f, float, std::scalbln(a, n));
SCALE_OP(ldexp_d, double, ldexp(a, (int)n));
SCALE_OP(scalbn_d, double, scalbn(a, (int)n));
SCALE_OP(scalbln_d, double, scalbln(a, n));
SCALE_OP(std_ldexp_d, double, std::ldexp(a, (int)n));

template <typename T, typename Op>
__global__ void scale_kernel(const T* x, const long* e, T* out, size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = Op::f(x[i], e[i]);
}

template <typename T> __global__ void split_kernel(const T* x, T* mant, int* fexp, int* ilog, size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int e = 12345;
    if constexpr (sizeof(T) == 4) {
        mant[i] = frexpf(x[i], &e);
        ilog[i] = ilogbf(x[i]);
    } else {
        mant[i] = frexp(x[i], &e);
        ilog[i] = ilogb(x[i]);
    }
    fexp[i] = e;
}

template <typename T> static std::vector<T> values(const char* name)
{
    std::vector<T> v = specials<T>();
    Rng r(name_seed(name));
    for (size_t i = 0; i < options().n; i++)
        v.push_back(random_value<T>(r, Range()));
    return v;
}

// The exponents: the edges of the format's range and of the int and long
// ranges, and random ones across the range, each crossed with a few x.
template <typename T> static void scale_inputs(const char* name, bool int_only,
                                               std::vector<T>& x, std::vector<long>& e)
{
    std::vector<long> edges = {0, 1, -1, 24, -25, 53, -54, 127, 128, -126, -127, -149, -150,
                               1023, 1024, -1022, -1023, -1074, -1075, 2100, -2100,
                               INT_MAX, INT_MIN, INT_MAX - 1, INT_MIN + 1};
    if (!int_only)
        for (long k : {(long)INT_MAX + 1, (long)INT_MIN - 1, 0x100000005l, -0x100000005l,
                       -0xffffffffl, LONG_MAX, LONG_MIN})
            edges.push_back(k);
    std::vector<T> xs = values<T>(name);
    Rng r(name_seed(name) + 1);
    const long span = sizeof(T) == 4 ? 320 : 2200;
    for (size_t i = 0; i < xs.size(); i++) {
        // Each x with one random exponent and one edge.
        x.push_back(xs[i]);
        e.push_back((long)(r.next() % (2 * span + 1)) - span);
        x.push_back(xs[i]);
        e.push_back(edges[r.next() % edges.size()]);
    }
    // Every edge with every special.
    for (long k : edges)
        for (T s : specials<T>()) {
            x.push_back(s);
            e.push_back(k);
        }
}

template <typename T, typename Op> static void check_scale(const char* name, bool int_only)
{
    std::vector<T> x;
    std::vector<long> e;
    scale_inputs<T>(name, int_only, x, e);
    size_t n = x.size();
    T *dx, *dout;
    long* de;
    HIP_OK(hipMalloc(&dx, n * sizeof(T)));
    HIP_OK(hipMalloc(&de, n * sizeof(long)));
    HIP_OK(hipMalloc(&dout, n * sizeof(T)));
    HIP_OK(hipMemcpy(dx, x.data(), n * sizeof(T), hipMemcpyHostToDevice));
    HIP_OK(hipMemcpy(de, e.data(), n * sizeof(long), hipMemcpyHostToDevice));
    scale_kernel<T, Op><<<(unsigned)((n + 255) / 256), 256>>>(dx, de, dout, n);
    HIP_OK(hipGetLastError());
    HIP_OK(hipDeviceSynchronize());
    std::vector<T> out(n);
    HIP_OK(hipMemcpy(out.data(), dout, n * sizeof(T), hipMemcpyDeviceToHost));
    HIP_OK(hipFree(dx));
    HIP_OK(hipFree(de));
    HIP_OK(hipFree(dout));

    mpfr_t mx, ex;
    mpfr_init2(mx, Fmt<T>::prec);
    mpfr_init2(ex, 256);
    Stat s;
    char win[64] = "-", wgot[64] = "-", wwant[64] = "-";
    for (size_t i = 0; i < n; i++) {
        Fmt<T>::set(mx, x[i]);
        // Beyond +-3000 every format has saturated: the same result.
        long k = std::max(std::min(e[i], 3000l), -3000l);
        mpfr_mul_2si(ex, mx, k, MPFR_RNDN);
        T want = round_to<T>(ex);
        double err = error(out[i], want);
        s.inputs++;
        if (err > s.max_err || (err == INFINITY && s.max_err != INFINITY)) {
            s.max_err = err;
            snprintf(win, sizeof win, "%a, %ld", (double)x[i], e[i]);
            print_value(wgot, sizeof wgot, out[i]);
            print_value(wwant, sizeof wwant, want);
        }
    }
    mpfr_clear(mx);
    mpfr_clear(ex);
    report(name, s, 0, win, wgot, wwant);
}

// frexp (both parts; a wrong exponent counts as an infinite error) and
// ilogb (the distance between the integers).
template <typename T> static void check_split(const char* frexp_name, const char* ilogb_name)
{
    std::vector<T> x = values<T>(frexp_name);
    size_t n = x.size();
    T *dx, *dm;
    int *de, *dl;
    HIP_OK(hipMalloc(&dx, n * sizeof(T)));
    HIP_OK(hipMalloc(&dm, n * sizeof(T)));
    HIP_OK(hipMalloc(&de, n * sizeof(int)));
    HIP_OK(hipMalloc(&dl, n * sizeof(int)));
    HIP_OK(hipMemcpy(dx, x.data(), n * sizeof(T), hipMemcpyHostToDevice));
    split_kernel<T><<<(unsigned)((n + 255) / 256), 256>>>(dx, dm, de, dl, n);
    HIP_OK(hipGetLastError());
    HIP_OK(hipDeviceSynchronize());
    std::vector<T> mant(n);
    std::vector<int> fexp(n), ilog(n);
    HIP_OK(hipMemcpy(mant.data(), dm, n * sizeof(T), hipMemcpyDeviceToHost));
    HIP_OK(hipMemcpy(fexp.data(), de, n * sizeof(int), hipMemcpyDeviceToHost));
    HIP_OK(hipMemcpy(ilog.data(), dl, n * sizeof(int), hipMemcpyDeviceToHost));
    for (void* p : {(void*)dx, (void*)dm, (void*)de, (void*)dl})
        HIP_OK(hipFree(p));

    mpfr_t mx;
    mpfr_init2(mx, Fmt<T>::prec);
    Stat sf, sl;
    char fin[48] = "-", fgot[64] = "-", fwant[64] = "-";
    char lin[48] = "-", lgot[32] = "-", lwant[32] = "-";
    for (size_t i = 0; i < n; i++) {
        T xi = x[i], wm = xi;
        int we = 0, wl;
        Fmt<T>::set(mx, xi);
        if (std::isfinite(xi) && xi != 0) {
            we = (int)mpfr_get_exp(mx); // MPFR's mantissa is in [0.5, 1)
            mpfr_mul_2si(mx, mx, -we, MPFR_RNDN);
            wm = Fmt<T>::get(mx);
            wl = we - 1;
        } else {
            wl = std::isinf(xi) ? INT_MAX : INT_MIN;
        }
        // C99: the exponent stored for inf and NaN is unspecified.
        double ef = error(mant[i], wm);
        if (std::isfinite(xi) && fexp[i] != we)
            ef = INFINITY;
        sf.inputs++;
        if (ef > sf.max_err || (ef == INFINITY && sf.max_err != INFINITY)) {
            sf.max_err = ef;
            snprintf(fin, sizeof fin, "%a", (double)xi);
            snprintf(fgot, sizeof fgot, "%a * 2^%d", (double)mant[i], fexp[i]);
            snprintf(fwant, sizeof fwant, "%a * 2^%d", (double)wm, we);
        }
        double el = std::fabs((double)ilog[i] - (double)wl);
        sl.inputs++;
        if (el > sl.max_err) {
            sl.max_err = el;
            snprintf(lin, sizeof lin, "%a", (double)xi);
            snprintf(lgot, sizeof lgot, "%d", ilog[i]);
            snprintf(lwant, sizeof lwant, "%d", wl);
        }
    }
    mpfr_clear(mx);
    report(frexp_name, sf, 0, fin, fgot, fwant);
    report(ilogb_name, sl, 0, lin, lgot, lwant);
}

int main(int argc, char** argv)
{
    parse_args(argc, argv);
    printf("scale: float\n");
    check_scale<float, ldexp_f>("ldexpf", true);
    check_scale<float, scalbn_f>("scalbnf", true);
    check_scale<float, scalbln_f>("scalblnf", false);
    check_scale<float, std_scalbln_f>("std::scalbln(f)", false);
    check_split<float>("frexpf", "ilogbf");
    printf("scale: double\n");
    check_scale<double, ldexp_d>("ldexp", true);
    check_scale<double, scalbn_d>("scalbn", true);
    check_scale<double, scalbln_d>("scalbln", false);
    check_scale<double, std_ldexp_d>("std::ldexp(d)", true);
    check_split<double>("frexp", "ilogb");
    return finish("scale");
}
