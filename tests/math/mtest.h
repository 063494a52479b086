// The device math accuracy harness (tests/math/*.hip).
//
// A test program lists functions; for each, the harness builds inputs
// (every special value, crossed for two-argument functions, then
// pseudo-random inputs spread over the whole range and over the
// function's interesting range), runs the real device code on the
// board, and compares every result with MPFR:
//  - the reference is MPFR's value at 256 bits, rounded once to the
//    target format with its denormals (mpfr_subnormalize);
//  - NaN, infinities and zeros (with their sign) must match exactly;
//  - otherwise the error is the distance in ulps (representable numbers)
//    from the correctly rounded result, as CUDA's tables and LLVM's
//    conformance tests count it, and must not exceed the bound.
// Each function prints one line: name, max ulp, inputs, bound, PASS/FAIL,
// and the worst input.  Options: --n N (random inputs per function,
// default 4096; make bench uses 100000), --rows (machine-readable rows
// "ROW|name|maxulp|inputs|bound|pass" for docs/math-accuracy.md), --cost
// (also "COST|name|instructions": the median number of wave
// instructions one call takes, over batches of 64 inputs, measured with
// the shader clock in a one-wave dispatch; make bench compares
// barehip's and ROCm's ocml this way).
#pragma once

#include <hip/hip_runtime.h>

#include <mpfr.h>

#include <cfloat>
#include <cinttypes>
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

namespace mtest {

// ------------------------------------------------------------ options
struct Options {
    size_t n = 4096;
    bool rows = false;
    bool cost = false;
    // check_inputs' reference precision (a test may lower it where fewer
    // bits decide every rounding: tests/math/half.hip).
    int ref_bits = 256;
};
inline Options& options()
{
    static Options o;
    return o;
}
inline int& failures()
{
    static int f;
    return f;
}
inline void parse_args(int argc, char** argv)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--n") && i + 1 < argc)
            options().n = strtoull(argv[++i], nullptr, 0);
        else if (!strcmp(argv[i], "--rows"))
            options().rows = true;
        else if (!strcmp(argv[i], "--cost"))
            options().cost = true;
        else {
            fprintf(stderr, "usage: %s [--n N] [--rows] [--cost]\n", argv[0]);
            exit(2);
        }
    }
}

#define HIP_OK(call)                                                                 \
    do {                                                                             \
        hipError_t e_ = (call);                                                      \
        if (e_ != hipSuccess) {                                                      \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,            \
                    hipGetErrorString(e_));                                          \
            exit(1);                                                                 \
        }                                                                            \
    } while (0)

// ------------------------------------------------------ format traits
template <typename T> struct Fmt;
template <> struct Fmt<float> {
    using Bits = uint32_t;
    static constexpr int prec = 24, emin = -148, emax = 128;
    static constexpr const char* suffix = "f";
    static float get(mpfr_t v) { return mpfr_get_flt(v, MPFR_RNDN); }
    static void set(mpfr_t v, float x) { mpfr_set_flt(v, x, MPFR_RNDN); }
};
template <> struct Fmt<double> {
    using Bits = uint64_t;
    static constexpr int prec = 53, emin = -1073, emax = 1024;
    static constexpr const char* suffix = "";
    static double get(mpfr_t v) { return mpfr_get_d(v, MPFR_RNDN); }
    static void set(mpfr_t v, double x) { mpfr_set_d(v, x, MPFR_RNDN); }
};

// Half (tests/math/half.hip): 11 bits, denormals down to 2^-24 (MPFR's
// 0.5 * 2^-23), largest 65504 (below 2^16).  Half to float is exact.
template <> struct Fmt<_Float16> {
    using Bits = uint16_t;
    static constexpr int prec = 11, emin = -23, emax = 16;
    static constexpr const char* suffix = "h";
    static _Float16 get(mpfr_t v) { return (_Float16)mpfr_get_flt(v, MPFR_RNDN); }
    static void set(mpfr_t v, _Float16 x) { mpfr_set_flt(v, (float)x, MPFR_RNDN); }
};

template <typename T> typename Fmt<T>::Bits bits(T x)
{
    typename Fmt<T>::Bits b;
    memcpy(&b, &x, sizeof b);
    return b;
}
template <typename T> T from_bits(typename Fmt<T>::Bits b)
{
    T x;
    memcpy(&x, &b, sizeof x);
    return x;
}

// The value an exact (256-bit) MPFR result rounds to in format T.
template <typename T> T round_to(mpfr_t exact)
{
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_t t;
    mpfr_init2(t, Fmt<T>::prec);
    mpfr_set_emin(Fmt<T>::emin);
    mpfr_set_emax(Fmt<T>::emax);
    int i = mpfr_set(t, exact, MPFR_RNDN);
    i = mpfr_check_range(t, i, MPFR_RNDN);
    mpfr_subnormalize(t, i, MPFR_RNDN);
    T r = Fmt<T>::get(t);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    mpfr_clear(t);
    return r;
}

// Ulps between two finite-or-infinite values of one sign convention:
// the ordered integer representation (-0 and +0 are both 0).
template <typename T> double ulp_distance(T a, T b)
{
    using B = typename Fmt<T>::Bits;
    const B sign = (B)1 << (sizeof(B) * 8 - 1);
    // In 128-bit integers: a double cannot hold a 64-bit ulp count.
    auto ord = [&](T x) {
        B u = bits(x);
        return (u & sign) ? -(__int128)(u & ~sign) : (__int128)u;
    };
    __int128 d = ord(a) - ord(b);
    return (double)(d < 0 ? -d : d);
}

// How far got is from the correctly rounded want: 0 when they are the
// same value; +inf when a NaN, an infinity or a zero's sign differs.
// (The tests widen to double, exactly: std::isnan has no _Float16 form.)
template <typename T> double error(T got, T want)
{
    if (std::isnan((double)want) || std::isnan((double)got))
        return std::isnan((double)want) && std::isnan((double)got) ? 0 : INFINITY;
    if (std::isinf((double)want) || want == 0)
        return bits(got) == bits(want) ? 0 : INFINITY;
    if (std::isinf((double)got))
        return INFINITY;
    return ulp_distance(got, want);
}

template <typename T> void print_value(char* buf, size_t len, T x)
{
    snprintf(buf, len, "%a", (double)x);
}

// --------------------------------------------------- random numbers
// Each function's own inputs: a hash of its name (FNV-1a).
inline uint64_t name_seed(const char* name)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *name; name++)
        h = (h ^ (unsigned char)*name) * 0x100000001b3ull;
    return h;
}

struct Rng {
    uint64_t s;
    explicit Rng(uint64_t seed) : s(seed) {}
    uint64_t next()
    {
        uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    double uniform() { return (next() >> 11) * 0x1p-53; }
};

// Every special value of format T: zeros, the denormal and normal
// limits, small integers and halves, powers of two around 1, the
// largest finite values, infinities and NaN, with both signs.
template <typename T> std::vector<T> specials()
{
    const T v[] = {
        (T)0,
        std::numeric_limits<T>::denorm_min(),
        std::numeric_limits<T>::min() - std::numeric_limits<T>::denorm_min(),
        std::numeric_limits<T>::min(),
        (T)0.5,
        std::nextafter((T)1, (T)0),
        (T)1,
        std::nextafter((T)1, (T)2),
        (T)1.5,
        (T)2,
        (T)3,
        (T)7,
        (T)10,
        (T)0.1,
        (T)M_PI,
        (T)1e-30,
        (T)1e30,
        std::ldexp((T)1, std::numeric_limits<T>::digits - 1),
        std::ldexp((T)1, std::numeric_limits<T>::digits),
        std::numeric_limits<T>::max(),
        std::numeric_limits<T>::infinity(),
    };
    std::vector<T> out;
    for (T x : v) {
        out.push_back(x);
        out.push_back(-x);
    }
    out.push_back(std::numeric_limits<T>::quiet_NaN());
    return out;
}

// Where random inputs come from.
struct Range {
    double lo = 0, hi = 0;     // a uniform range, if hi > lo
    bool any_bits = true;      // also: uniformly random bit patterns
};

template <typename T> T random_value(Rng& r, const Range& range)
{
    using B = typename Fmt<T>::Bits;
    // Half the draws: any finite value, uniform over bit patterns (so
    // every exponent, denormals included); half: the function's range.
    if (range.any_bits && (range.hi <= range.lo || (r.next() & 1))) {
        for (;;) {
            T x = from_bits<T>((B)r.next());
            if (std::isfinite(x))
                return x;
        }
    }
    return (T)(range.lo + (range.hi - range.lo) * r.uniform());
}

// ------------------------------------------------------ result table
struct Stat {
    double max_err = 0;
    size_t inputs = 0, worst = 0;
};

inline void report(const char* name, const Stat& s, double bound, const char* worst_in,
                   const char* worst_got, const char* worst_want)
{
    bool pass = s.max_err <= bound;
    if (!pass)
        failures()++;
    if (options().rows)
        printf("ROW|%s|%g|%zu|%g|%s\n", name, s.max_err, s.inputs, bound, pass ? "pass" : "FAIL");
    else if (!pass || s.max_err > 0)
        printf("  %-14s max %-4g ulp over %7zu inputs (bound %g) %s  worst: %s -> %s, want %s\n",
               name, s.max_err, s.inputs, bound, pass ? "PASS" : "FAIL", worst_in, worst_got,
               worst_want);
    else
        printf("  %-14s max %-4g ulp over %7zu inputs (bound %g) PASS\n", name, s.max_err,
               s.inputs, bound);
}

// -------------------------------------------------- kernels and runs
template <typename T, typename Op, int N> __global__ void apply(const T* in, T* out, size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        const T* a = in + i * N;
        if constexpr (N == 1)
            out[i] = Op::f(a[0]);
        else if constexpr (N == 2)
            out[i] = Op::f(a[0], a[1]);
        else if constexpr (N == 3)
            out[i] = Op::f(a[0], a[1], a[2]);
        else
            out[i] = Op::f(a[0], a[1], a[2], a[3]);
    }
}

// N-argument inputs: the specials crossed (every pair for N = 2, the
// specials in each position with other arguments 1 for N >= 3), then
// random tuples.
template <typename T, int N> std::vector<T> make_inputs(const Range& range, uint64_t seed)
{
    std::vector<T> sp = specials<T>(), in;
    if (N == 1) {
        in = sp;
    } else if (N == 2) {
        for (T a : sp)
            for (T b : sp) {
                in.push_back(a);
                in.push_back(b);
            }
    } else {
        for (int pos = 0; pos < N; pos++)
            for (T a : sp)
                for (int k = 0; k < N; k++)
                    in.push_back(k == pos ? a : (T)1);
    }
    Rng r(seed);
    for (size_t i = 0; i < options().n; i++) {
        T first = random_value<T>(r, range);
        for (int k = 0; k < N; k++) {
            // For several arguments, a third of the tuples keep the
            // arguments within 2^±40 of each other (where the
            // interesting cancellations and long divisions are).
            T v = k == 0 ? first : random_value<T>(r, range);
            if (k > 0 && r.next() % 3 == 0 && std::isfinite(first) && first != 0)
                v = first * (T)std::ldexp(r.uniform() + 0.5, (int)(r.next() % 81) - 40) *
                    ((r.next() & 1) ? 1 : -1);
            in.push_back(v);
        }
    }
    return in;
}

// ------------------------------------------------------------- cost
// One wave times each batch of 64 inputs with the shader clock, which
// the sim model advances by 4 per wave instruction: clock64() (s_memtime)
// on gfx9; on gfx11, where clock64() is the 10 ns realtime counter, the
// 20-bit SHADER_CYCLES counter (__builtin_readcyclecounter), whose
// differences are taken modulo 2^20 (a call is far shorter).
// The inputs pass through an empty asm after the first reading and the
// result before the second, so the call cannot move out of the window.
struct Identity {
    template <typename T> static __device__ T f(T a) { return a; }
    template <typename T> static __device__ T f(T a, T) { return a; }
    template <typename T> static __device__ T f(T a, T, T) { return a; }
    template <typename T> static __device__ T f(T a, T, T, T) { return a; }
};

__device__ static inline unsigned long long shader_cycles()
{
#if defined(__GFX11__)
    return __builtin_readcyclecounter();
#else
    return clock64();
#endif
}
#if defined(__GFX11__)
constexpr unsigned long long kCycleMask = 0xfffff;
#else
constexpr unsigned long long kCycleMask = ~0ull;
#endif

template <typename T, typename Op, int N>
__global__ void cost_kernel(const T* in, T* out, unsigned long long* ticks, size_t batches)
{
    for (size_t b = 0; b < batches; b++) {
        size_t i = b * 64 + threadIdx.x;
        T a[4] = {};
        for (int k = 0; k < N; k++)
            a[k] = in[i * N + k];
        __syncthreads();
        unsigned long long t0 = shader_cycles();
        for (int k = 0; k < N; k++)
            __asm__ volatile("" : "+v"(a[k]));
        T y;
        if constexpr (N == 1)
            y = Op::f(a[0]);
        else if constexpr (N == 2)
            y = Op::f(a[0], a[1]);
        else if constexpr (N == 3)
            y = Op::f(a[0], a[1], a[2]);
        else
            y = Op::f(a[0], a[1], a[2], a[3]);
        __asm__ volatile("" : "+v"(y));
        unsigned long long t1 = shader_cycles();
        out[i] = y;
        if (threadIdx.x == 0)
            ticks[b] = (t1 - t0) & kCycleMask;
    }
}

template <typename T, typename Op, int N> double median_ticks(const std::vector<T>& in)
{
    size_t batches = in.size() / N / 64;
    if (batches == 0)
        return 0;
    T *din, *dout;
    unsigned long long* dt;
    HIP_OK(hipMalloc(&din, batches * 64 * N * sizeof(T)));
    HIP_OK(hipMalloc(&dout, batches * 64 * sizeof(T)));
    HIP_OK(hipMalloc(&dt, batches * sizeof(unsigned long long)));
    HIP_OK(hipMemcpy(din, in.data(), batches * 64 * N * sizeof(T), hipMemcpyHostToDevice));
    hipLaunchKernelGGL((cost_kernel<T, Op, N>), dim3(1), dim3(64), 0, 0, (const T*)din, dout, dt,
                       batches);
    HIP_OK(hipGetLastError());
    HIP_OK(hipDeviceSynchronize());
    std::vector<unsigned long long> t(batches);
    HIP_OK(hipMemcpy(t.data(), dt, batches * sizeof(unsigned long long), hipMemcpyDeviceToHost));
    HIP_OK(hipFree(din));
    HIP_OK(hipFree(dout));
    HIP_OK(hipFree(dt));
    std::sort(t.begin(), t.end());
    return (double)t[batches / 2];
}

// Median wave instructions of one call, the empty call's cost taken off.
template <typename T, typename Op, int N> double cost(const std::vector<T>& in)
{
    return (median_ticks<T, Op, N>(in) - median_ticks<T, Identity, N>(in)) / 4.0;
}

template <typename T, int N> size_t run_device(const char* name, void (*kernel)(const T*, T*, size_t),
                                               const std::vector<T>& in, std::vector<T>& out)
{
    size_t n = in.size() / N;
    T *din, *dout;
    HIP_OK(hipMalloc(&din, in.size() * sizeof(T)));
    HIP_OK(hipMalloc(&dout, n * sizeof(T)));
    HIP_OK(hipMemcpy(din, in.data(), in.size() * sizeof(T), hipMemcpyHostToDevice));
    hipLaunchKernelGGL(kernel, dim3((unsigned)((n + 255) / 256)), dim3(256), 0, 0,
                       (const T*)din, dout, n);
    hipError_t e = hipGetLastError();
    if (e == hipSuccess)
        e = hipDeviceSynchronize();
    if (e != hipSuccess) {
        fprintf(stderr, "%s: launch: %s\n", name, hipGetErrorString(e));
        exit(1);
    }
    out.resize(n);
    HIP_OK(hipMemcpy(out.data(), dout, n * sizeof(T), hipMemcpyDeviceToHost));
    HIP_OK(hipFree(din));
    HIP_OK(hipFree(dout));
    return n;
}

// The reference function: sets rop (256 bits) from args (exact copies
// of the inputs).  Returns nothing; special cases the reference must
// override (where MPFR and C99/IEEE differ) are handled by the caller's
// `fix` hook, which may set want directly and return true.
template <typename T, int N> using RefFn = void (*)(mpfr_t rop, mpfr_t* args);
template <typename T, int N> using FixFn = bool (*)(const T* args, T* want);

// Check Op on the given inputs (N values per call).
template <typename T, typename Op, int N>
void check_inputs(const char* name, RefFn<T, N> ref, double bound, const std::vector<T>& in,
                  FixFn<T, N> fix = nullptr)
{
    std::vector<T> out;
    size_t n = run_device<T, N>(name, apply<T, Op, N>, in, out);
    mpfr_t rop, args[N];
    mpfr_init2(rop, options().ref_bits);
    for (int k = 0; k < N; k++)
        mpfr_init2(args[k], Fmt<T>::prec);
    Stat s;
    char win[160] = "-", wgot[64] = "-", wwant[64] = "-";
    for (size_t i = 0; i < n; i++) {
        const T* a = &in[i * N];
        T want;
        if (!fix || !fix(a, &want)) {
            for (int k = 0; k < N; k++)
                Fmt<T>::set(args[k], a[k]);
            ref(rop, args);
            want = round_to<T>(rop);
        }
        double e = error(out[i], want);
        s.inputs++;
        if (e > s.max_err || (e == INFINITY && s.max_err != INFINITY)) {
            s.max_err = e;
            s.worst = i;
            size_t off = 0;
            for (int k = 0; k < N; k++)
                off += snprintf(win + off, sizeof win - off, "%s%a", k ? ", " : "", (double)a[k]);
            print_value(wgot, sizeof wgot, out[i]);
            print_value(wwant, sizeof wwant, want);
        }
    }
    mpfr_clear(rop);
    for (int k = 0; k < N; k++)
        mpfr_clear(args[k]);
    report(name, s, bound, win, wgot, wwant);
    if (options().cost)
        printf("COST|%s|%g\n", name, cost<T, Op, N>(in));
}

// Check Op on its specials and random inputs from range, plus extra:
// explicit hard inputs (N values per call).
template <typename T, typename Op, int N>
void check(const char* name, RefFn<T, N> ref, double bound, Range range = Range(),
           FixFn<T, N> fix = nullptr, const std::vector<T>& extra = std::vector<T>())
{
    std::vector<T> in = make_inputs<T, N>(range, name_seed(name));
    in.insert(in.end(), extra.begin(), extra.end() - extra.size() % N);
    check_inputs<T, Op, N>(name, ref, bound, in, fix);
}

// The same on the inputs a predicate keeps: for modes that leave some
// inputs undefined (finite-only, denormals as zeros).
template <typename T, int N> using KeepFn = bool (*)(const T* args);
template <typename T, typename Op, int N>
void check_where(const char* name, RefFn<T, N> ref, double bound, Range range, KeepFn<T, N> keep,
                 FixFn<T, N> fix = nullptr)
{
    std::vector<T> all = make_inputs<T, N>(range, name_seed(name)), in;
    for (size_t i = 0; i + N <= all.size(); i += N)
        if (keep(&all[i]))
            in.insert(in.end(), all.begin() + i, all.begin() + i + N);
    check_inputs<T, Op, N>(name, ref, bound, in, fix);
}

// Where CUDA documents an absolute bound for part of the domain (the
// Bessel functions beyond |x| = 8): inputs for which region(args) is 1
// are judged by |got - exact| (the 256-bit reference, or the fix hook's
// value) against abs_bound; NaN, infinities and the zeros' signs must
// still match.  Where it is 0 they are judged in ulps as check() does;
// where it is negative, not at all (for a documented gap, which the
// caller states).  Two result lines: `name` (the ulp region) and
// `abs_name` (its largest absolute error; in --rows, in the max-ulp
// column).
template <typename T, int N> using RegionFn = int (*)(const T* args);

template <typename T, typename Op, int N>
void check_ulp_abs(const char* name, const char* abs_name, RefFn<T, N> ref, double bound,
               double abs_bound, RegionFn<T, N> region, Range range = Range(),
               FixFn<T, N> fix = nullptr, const std::vector<T>& extra = std::vector<T>())
{
    std::vector<T> in = make_inputs<T, N>(range, name_seed(name)), out;
    in.insert(in.end(), extra.begin(), extra.end() - extra.size() % N);
    size_t n = run_device<T, N>(name, apply<T, Op, N>, in, out);
    mpfr_t rop, diff, args[N];
    mpfr_init2(rop, 256);
    mpfr_init2(diff, 256);
    for (int k = 0; k < N; k++)
        mpfr_init2(args[k], Fmt<T>::prec);
    Stat s[2];
    char win[2][160] = {"-", "-"}, wgot[2][64] = {"-", "-"}, wwant[2][64] = {"-", "-"};
    for (size_t i = 0; i < n; i++) {
        const T* a = &in[i * N];
        int r = region(a);
        if (r < 0)
            continue;
        r = r > 0;
        T want;
        bool fixed = fix && fix(a, &want);
        if (!fixed) {
            for (int k = 0; k < N; k++)
                Fmt<T>::set(args[k], a[k]);
            ref(rop, args);
            want = round_to<T>(rop);
        }
        double e = error(out[i], want);
        if (r && e != INFINITY && std::isfinite(want)) {
            if (fixed)
                Fmt<T>::set(rop, want);
            mpfr_set_d(diff, (double)out[i], MPFR_RNDN);
            mpfr_sub(diff, diff, rop, MPFR_RNDN);
            e = fabs(mpfr_get_d(diff, MPFR_RNDN));
        }
        s[r].inputs++;
        if (e > s[r].max_err || (e == INFINITY && s[r].max_err != INFINITY)) {
            s[r].max_err = e;
            s[r].worst = i;
            size_t off = 0;
            for (int k = 0; k < N; k++)
                off += snprintf(win[r] + off, sizeof win[r] - off, "%s%a", k ? ", " : "",
                                (double)a[k]);
            print_value(wgot[r], sizeof wgot[r], out[i]);
            print_value(wwant[r], sizeof wwant[r], want);
        }
    }
    mpfr_clear(rop);
    mpfr_clear(diff);
    for (int k = 0; k < N; k++)
        mpfr_clear(args[k]);
    report(name, s[0], bound, win[0], wgot[0], wwant[0]);
    bool pass = s[1].max_err <= abs_bound;
    if (!pass)
        failures()++;
    if (options().rows)
        printf("ROW|%s|%g|%zu|%g|%s\n", abs_name, s[1].max_err, s[1].inputs, abs_bound,
               pass ? "pass" : "FAIL");
    else
        printf("  %-14s max %-8.3g abs over %7zu inputs (bound %g) %s  worst: %s -> %s, want %s\n",
               abs_name, s[1].max_err, s[1].inputs, abs_bound, pass ? "PASS" : "FAIL", win[1],
               wgot[1], wwant[1]);
    if (options().cost)
        printf("COST|%s|%g\n", name, cost<T, Op, N>(in));
}

inline int finish(const char* program)
{
    if (failures()) {
        printf("%s: FAIL (%d functions over their bound)\n", program, failures());
        return 1;
    }
    printf("%s: PASS\n", program);
    return 0;
}

} // namespace mtest

// An operation under test: MATH_OP(name, T, expr of a, b, c, d).
#define MATH_OP1(id, T, expr)                                                        \
    struct id {                                                                      \
        static __device__ T f(T a) { return expr; }                                  \
    }
#define MATH_OP2(id, T, expr)                                                        \
    struct id {                                                                      \
        static __device__ T f(T a, T b) { return expr; }                             \
    }
#define MATH_OP3(id, T, expr)                                                        \
    struct id {                                                                      \
        static __device__ T f(T a, T b, T c) { return expr; }                        \
    }
#define MATH_OP4(id, T, expr)                                                        \
    struct id {                                                                      \
        static __device__ T f(T a, T b, T c, T d) { return expr; }                   \
    }
