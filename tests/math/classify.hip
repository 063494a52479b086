// Device math: classification and sign.  isfinite, isinf, isnan and
// signbit of every bit pattern class (zeros, denormals, normals,
// infinities, quiet and signalling NaNs of both signs), judged from the
// bits on the host; abs(float) and abs(double), the std::abs overloads
// of <cmath>; and nanf(tag), nan(tag): a quiet NaN whose payload is the
// tag read as an unsigned integer (decimal, octal after 0, hex after
// 0x), kept to the bits below the quiet bit, or payload 0 when the tag
// is not a number.  C99 makes nan("s") strtod("NAN(s)"); the payload is
// implementation-defined, and glibc's, the host reference here, is the
// same reading.
#include "mtest.h"

using namespace mtest;

// The four predicates as bits 0..3 of one int, so one kernel runs them.
template <typename T> struct Classes {
    static __device__ int f(T a)
    {
        return (isfinite(a) ? 1 : 0) | (isinf(a) ? 2 : 0) | (isnan(a) ? 4 : 0) |
               (signbit(a) ? 8 : 0);
    }
};
template <typename T> struct StdClasses {
    static __device__ int f(T a)
    {
        return (std::isfinite(a) ? 1 : 0) | (std::isinf(a) ? 2 : 0) | (std::isnan(a) ? 4 : 0) |
               (std::signbit(a) ? 8 : 0);
    }
};

template <typename T, typename Op> __global__ void classify(const T* in, int* out, size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = Op::f(in[i]);
}

// The same four from the encoding alone.
template <typename T> static int host_classes(T x)
{
    using B = typename Fmt<T>::Bits;
    const int nbits = sizeof(B) * 8, mant = Fmt<T>::prec - 1;
    B u = bits(x);
    B exp = (u >> mant) & (((B)1 << (nbits - 1 - mant)) - 1);
    B all = ((B)1 << (nbits - 1 - mant)) - 1;
    B frac = u & (((B)1 << mant) - 1);
    bool finite = exp != all, inf = exp == all && frac == 0, nan = exp == all && frac != 0;
    return (finite ? 1 : 0) | (inf ? 2 : 0) | (nan ? 4 : 0) | ((u >> (nbits - 1)) ? 8 : 0);
}

static const char* predicate_name(int bit)
{
    static const char* names[] = {"isfinite", "isinf", "isnan", "signbit"};
    return names[bit];
}

// Every special, then random bit patterns with NaN and infinity
// encodings left in (a third of them forced to the all-ones exponent).
template <typename T, typename Op> static void check_classes(const char* tag)
{
    using B = typename Fmt<T>::Bits;
    std::vector<T> in = specials<T>();
    const int mant = Fmt<T>::prec - 1;
    const B all = (B)-1 >> (mant + 1) << mant; // the exponent field's bits
    in.push_back(from_bits<T>(all | 1));                           // signalling NaN
    in.push_back(from_bits<T>(all | ((B)1 << (mant - 1)) | ((B)1 << (sizeof(B) * 8 - 1))));
    Rng r(name_seed(tag));
    for (size_t i = 0; i < options().n; i++) {
        B u = (B)r.next();
        if (i % 3 == 0)
            u |= all;
        in.push_back(from_bits<T>(u));
    }
    size_t n = in.size();
    T* din;
    int* dout;
    HIP_OK(hipMalloc(&din, n * sizeof(T)));
    HIP_OK(hipMalloc(&dout, n * sizeof(int)));
    HIP_OK(hipMemcpy(din, in.data(), n * sizeof(T), hipMemcpyHostToDevice));
    classify<T, Op><<<(unsigned)((n + 255) / 256), 256>>>(din, dout, n);
    HIP_OK(hipGetLastError());
    HIP_OK(hipDeviceSynchronize());
    std::vector<int> out(n);
    HIP_OK(hipMemcpy(out.data(), dout, n * sizeof(int), hipMemcpyDeviceToHost));
    HIP_OK(hipFree(din));
    HIP_OK(hipFree(dout));
    // One row per predicate: the number of wrong answers.
    for (int bit = 0; bit < 4; bit++) {
        Stat s;
        char name[48], win[48] = "-", wgot[8] = "-", wwant[8] = "-";
        snprintf(name, sizeof name, "%s%s", predicate_name(bit), tag);
        for (size_t i = 0; i < n; i++) {
            int got = (out[i] >> bit) & 1, want = (host_classes(in[i]) >> bit) & 1;
            s.inputs++;
            if (got != want) {
                s.max_err = 1;
                snprintf(win, sizeof win, "%#llx", (unsigned long long)bits(in[i]));
                snprintf(wgot, sizeof wgot, "%d", got);
                snprintf(wwant, sizeof wwant, "%d", want);
            }
        }
        report(name, s, 0, win, wgot, wwant);
    }
}

MATH_OP1(abs_f, float, abs(a));
MATH_OP1(std_abs_f, float, std::abs(a));
MATH_OP1(abs_d, double, abs(a));
MATH_OP1(std_abs_d, double, std::abs(a));

static void ref_abs(mpfr_t r, mpfr_t* a) { mpfr_abs(r, a[0], MPFR_RNDN); }

// nan(tag) with literal tags, as code writes it (one kernel per tag, so
// each can fold), and with the tags read from device memory.
#define NAN_TAGS(X)                                                                   \
    X(0, "") X(1, "0") X(2, "1") X(3, "7") X(4, "42") X(5, "0x1") X(6, "0X1f")           \
    X(7, "0xABCDEF") X(8, "0x3fffff") X(9, "0x400000") X(10, "0x400001") X(11, "0777")   \
    X(12, "08") X(13, "12a") X(14, "abc") X(15, "0x") X(16, "0xg") X(17, "-1")           \
    X(18, " 1") X(19, "4194303") X(20, "4194304") X(21, "123456789")                     \
    X(22, "0x7ffffffffffff") X(23, "0x8000000000000") X(24, "0x8000000000001")           \
    X(25, "2251799813685247") X(26, "18446744073709551615") X(27, "0xffffffffffffffff")  \
    X(28, "01777777777777777777777")
#define NAN_STRING(i, t) t,
static const char* const tags[] = {NAN_TAGS(NAN_STRING)};
constexpr int NTAGS = sizeof tags / sizeof tags[0];

#define NAN_KERNEL(i, t)                                                              \
    __global__ void nanf_##i(float* out) { out[i] = nanf(t); }                         \
    __global__ void nan_##i(double* out) { out[i] = nan(t); }
NAN_TAGS(NAN_KERNEL)
#define NAN_PTR_F(i, t) nanf_##i,
#define NAN_PTR_D(i, t) nan_##i,
static void (*const nanf_kernels[])(float*) = {NAN_TAGS(NAN_PTR_F)};
static void (*const nan_kernels[])(double*) = {NAN_TAGS(NAN_PTR_D)};

template <typename T> __global__ void nan_runtime(const char* buf, const int* off, T* out)
{
    int i = threadIdx.x;
    if (i < NTAGS) {
        if constexpr (sizeof(T) == 4)
            out[i] = nanf(buf + off[i]);
        else
            out[i] = nan(buf + off[i]);
    }
}

template <typename T> static void check_nan(const char* name)
{
    std::vector<char> buf;
    std::vector<int> off;
    for (const char* t : tags) {
        off.push_back((int)buf.size());
        buf.insert(buf.end(), t, t + strlen(t) + 1);
    }
    char* dbuf;
    int* doff;
    T* dout;
    HIP_OK(hipMalloc(&dbuf, buf.size()));
    HIP_OK(hipMalloc(&doff, off.size() * sizeof(int)));
    HIP_OK(hipMalloc(&dout, 2 * NTAGS * sizeof(T)));
    HIP_OK(hipMemcpy(dbuf, buf.data(), buf.size(), hipMemcpyHostToDevice));
    HIP_OK(hipMemcpy(doff, off.data(), off.size() * sizeof(int), hipMemcpyHostToDevice));
    for (int i = 0; i < NTAGS; i++) {
        if constexpr (sizeof(T) == 4)
            nanf_kernels[i]<<<1, 1>>>(dout);
        else
            nan_kernels[i]<<<1, 1>>>(dout);
        HIP_OK(hipGetLastError());
    }
    nan_runtime<T><<<1, 64>>>(dbuf, doff, dout + NTAGS);
    HIP_OK(hipGetLastError());
    HIP_OK(hipDeviceSynchronize());
    std::vector<T> out(2 * NTAGS);
    HIP_OK(hipMemcpy(out.data(), dout, out.size() * sizeof(T), hipMemcpyDeviceToHost));
    HIP_OK(hipFree(dbuf));
    HIP_OK(hipFree(doff));
    HIP_OK(hipFree(dout));

    using B = typename Fmt<T>::Bits;
    const int mant = Fmt<T>::prec - 1;
    const B quiet = (B)1 << (mant - 1), expo = (B)-1 >> (mant + 1) << mant;
    Stat s;
    char win[48] = "-", wgot[32] = "-", wwant[32] = "-";
    for (int i = 0; i < 2 * NTAGS; i++) {
        const char* tag = tags[i % NTAGS];
        T ref = sizeof(T) == 4 ? (T)::nanf(tag) : (T)::nan(tag);
        B got = bits(out[i]), want = bits(ref);
        // Whatever the payload: a positive quiet NaN.
        bool ok = got == want && (got & (expo | quiet)) == (expo | quiet) &&
                  !(got >> (sizeof(B) * 8 - 1));
        s.inputs++;
        if (!ok) {
            if (!options().rows)
                printf("  %s(\"%s\") = %#llx, want %#llx\n", name, tag,
                       (unsigned long long)got, (unsigned long long)want);
            s.max_err = INFINITY;
            snprintf(win, sizeof win, "\"%s\"", tag);
            snprintf(wgot, sizeof wgot, "%#llx", (unsigned long long)got);
            snprintf(wwant, sizeof wwant, "%#llx", (unsigned long long)want);
        }
    }
    report(name, s, 0, win, wgot, wwant);
}

int main(int argc, char** argv)
{
    parse_args(argc, argv);
    printf("classify: float\n");
    check_classes<float, Classes<float>>("(f)");
    check_classes<float, StdClasses<float>>("(std::, f)");
    check<float, abs_f, 1>("abs(f)", ref_abs, 0);
    check<float, std_abs_f, 1>("std::abs(f)", ref_abs, 0);
    check_nan<float>("nanf");
    printf("classify: double\n");
    check_classes<double, Classes<double>>("(d)");
    check_classes<double, StdClasses<double>>("(std::, d)");
    check<double, abs_d, 1>("abs(d)", ref_abs, 0);
    check<double, std_abs_d, 1>("std::abs(d)", ref_abs, 0);
    check_nan<double>("nan");
    return finish("classify");
}
