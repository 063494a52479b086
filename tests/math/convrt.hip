// The conversion and type-casting intrinsics (bh/intrinsics.h):
// __float2int_rn/rz/ru/rd and every other float/double to integer form,
// the integer to float/double forms, __double2float_*, and the bit casts
// (__float_as_int, __double2hiint, __hiloint2double, ...).  Every result
// must be exact:
//  - to integers: the host's nearbyint/trunc/ceil/floor (exact), then
//    saturated as the header documents: NaN -> 0, below the type's range
//    its minimum (0 unsigned), above it its maximum;
//  - to float/double: MPFR's conversion of the exact source in that mode;
//  - bit casts: the same bits.
// Inputs: the specials, the neighbours of every range limit, ties and
// midpoints, and a strided sweep over every bit pattern of the 32-bit
// sources (floats, ints) and random ones of the 64-bit sources.
// Options: --n N scales the sweep (64 N inputs per function, at least
// 2^18); --full sweeps all 2^32 float and 32-bit integer inputs of each
// function (minutes; not in make check); --rows as the other tests.
#include "mtest.h"

using namespace mtest;

static bool full_sweep;

enum Mode { RN, RZ, RU, RD };
static const mpfr_rnd_t kRnd[] = {MPFR_RNDN, MPFR_RNDZ, MPFR_RNDU, MPFR_RNDD};

// An operation from S to R under test.
#define CVT_OP(fn, S, R)                                                            \
    struct op##fn {                                                                  \
        using In = S;                                                                \
        using Out = R;                                                               \
        static __device__ R f(S a) { return fn(a); }                                 \
    }
#define CVT_OPS(name, S, R)                                                          \
    CVT_OP(name##_rn, S, R);                                                         \
    CVT_OP(name##_rz, S, R);                                                         \
    CVT_OP(name##_ru, S, R);                                                         \
    CVT_OP(name##_rd, S, R)

CVT_OPS(__float2int, float, int);
CVT_OPS(__float2uint, float, unsigned int);
CVT_OPS(__float2ll, float, long long);
CVT_OPS(__float2ull, float, unsigned long long);
CVT_OPS(__double2int, double, int);
CVT_OPS(__double2uint, double, unsigned int);
CVT_OPS(__double2ll, double, long long);
CVT_OPS(__double2ull, double, unsigned long long);
CVT_OPS(__int2float, int, float);
CVT_OPS(__uint2float, unsigned int, float);
CVT_OPS(__ll2float, long long, float);
CVT_OPS(__ull2float, unsigned long long, float);
CVT_OPS(__ll2double, long long, double);
CVT_OPS(__ull2double, unsigned long long, double);
CVT_OPS(__double2float, double, float);
CVT_OP(__int2double_rn, int, double);
CVT_OP(__uint2double_rn, unsigned int, double);
CVT_OP(__float_as_int, float, int);
CVT_OP(__float_as_uint, float, unsigned int);
CVT_OP(__int_as_float, int, float);
CVT_OP(__uint_as_float, unsigned int, float);
CVT_OP(__double_as_longlong, double, long long);
CVT_OP(__longlong_as_double, long long, double);
CVT_OP(__double2hiint, double, int);
CVT_OP(__double2loint, double, int);
struct op__hiloint2double { // (hi, lo) packed in one 64-bit input
    using In = unsigned long long;
    using Out = double;
    static __device__ double f(unsigned long long a)
    {
        return __hiloint2double((int)(a >> 32), (int)(unsigned)a);
    }
};

template <class Op> __global__ void cvt_kernel(const typename Op::In* in, typename Op::Out* out,
                                               size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = Op::f(in[i]);
}

template <class Op> static std::vector<typename Op::Out> run(const std::vector<typename Op::In>& in)
{
    using S = typename Op::In;
    using R = typename Op::Out;
    size_t n = in.size();
    S* din;
    R* dout;
    HIP_OK(hipMalloc(&din, n * sizeof(S)));
    HIP_OK(hipMalloc(&dout, n * sizeof(R)));
    HIP_OK(hipMemcpy(din, in.data(), n * sizeof(S), hipMemcpyHostToDevice));
    cvt_kernel<Op><<<(unsigned)((n + 255) / 256), 256>>>(din, dout, n);
    HIP_OK(hipGetLastError());
    HIP_OK(hipDeviceSynchronize());
    std::vector<R> out(n);
    HIP_OK(hipMemcpy(out.data(), dout, n * sizeof(R), hipMemcpyDeviceToHost));
    HIP_OK(hipFree(din));
    HIP_OK(hipFree(dout));
    return out;
}

// ------------------------------------------------------------ inputs
static size_t sweep_count()
{
    return std::max<size_t>(1u << 18, 64 * options().n);
}

// Powers of two where conversions change behaviour, and their neighbours.
static const double kEdges[] = {0x1p0,  0x1p22, 0x1p23, 0x1p24, 0x1p31, 0x1p32,
                                0x1p52, 0x1p53, 0x1p62, 0x1p63, 0x1p64, 0x1p65};

template <class F> static std::vector<F> float_inputs(const char* name, bool sweep32)
{
    std::vector<F> in = specials<F>();
    for (double e : kEdges) {
        F x = (F)e;
        F lo = x, hi = x;
        for (int k = 0; k < 4; k++) {
            in.insert(in.end(), {lo, -lo, hi, -hi, lo + (F)0.5, -lo - (F)0.5});
            lo = std::nextafter(lo, (F)0);
            hi = std::nextafter(hi, (F)INFINITY);
        }
    }
    for (int k = -40; k <= 40; k++) { // quarters around 0: ties and near-ties
        F x = (F)(k * 0.25);
        in.insert(in.end(), {x, std::nextafter(x, (F)-INFINITY), std::nextafter(x, (F)INFINITY)});
    }
    Rng r(name_seed(name));
    size_t n = sweep_count();
    if (sweep32) { // every 2^32/n-th float bit pattern, from a random start
        uint32_t stride = (uint32_t)((1ull << 32) / n) | 1, b = (uint32_t)r.next();
        for (size_t i = 0; i < n; i++, b += stride)
            in.push_back((F)from_bits<float>(b));
    } else {
        for (size_t i = 0; i < n; i++) {
            switch (i % 4) {
            case 0: // any bit pattern
                in.push_back(from_bits<double>(r.next()));
                break;
            case 1: { // any magnitude an integer type holds, and a bit beyond
                F x = (F)std::ldexp(1.0 + r.uniform(), (int)(r.next() % 70) - 4);
                in.push_back((r.next() & 1) ? x : -x);
                break;
            }
            case 2: { // a tie k + 1/2
                F x = (F)(std::floor(std::ldexp(r.uniform(), (int)(r.next() % 52))) + 0.5);
                in.push_back((r.next() & 1) ? x : -x);
                break;
            }
            default: // small values
                in.push_back((F)(64 * r.uniform() - 32));
            }
        }
    }
    return in;
}

template <class I> static std::vector<I> int_inputs(const char* name)
{
    using U = typename std::make_unsigned<I>::type;
    constexpr int bits = sizeof(I) * 8;
    std::vector<I> in;
    for (int e = 0; e < bits; e++) // powers of two, their neighbours, ties around them
        for (long long d : {-3, -2, -1, 0, 1, 2, 3}) {
            U p = (U)1 << e;
            in.push_back((I)(U)(p + (U)d));
            in.push_back((I)(U)(-(p + (U)d)));
        }
    Rng r(name_seed(name));
    size_t n = sweep_count();
    if (bits == 32) {
        uint32_t stride = (uint32_t)((1ull << 32) / n) | 1, b = (uint32_t)r.next();
        for (size_t i = 0; i < n; i++, b += stride)
            in.push_back((I)b);
    } else {
        for (size_t i = 0; i < n; i++) {
            U u = (U)r.next();
            switch (i % 4) {
            case 0:
                break;
            case 1: // any magnitude
                u >>= r.next() % 64;
                break;
            case 2: { // a tie or its neighbours at the 24- or 53-bit precision
                int sh = (int)(r.next() % 40) + 1;
                U m = (u >> sh) << sh;
                u = m | (U)1 << (sh - 1);
                u += (U)((int)(r.next() % 3) - 1);
                break;
            }
            default: { // a tie just below the top
                int sh = 63 - 53 + (int)(r.next() % 2) * (53 - 24);
                u = (u | (U)1 << 63) >> (r.next() & 1);
                u = (u >> sh << sh) | (U)1 << (sh - 1);
            }
            }
            in.push_back((I)u);
        }
    }
    return in;
}

// Doubles around the float grid: midpoints of neighbouring floats and
// their double neighbours, the overflow and denormal boundaries.
static std::vector<double> d2f_inputs(const char* name)
{
    std::vector<double> in = float_inputs<double>(name, false);
    Rng r(name_seed(name) + 1);
    for (size_t i = 0; i < sweep_count() / 2; i++) {
        float f = from_bits<float>((uint32_t)r.next());
        if (!std::isfinite(f))
            continue;
        double m = ((double)f + (double)std::nextafter(f, INFINITY)) / 2;
        if (std::isinf(m))
            m = (double)FLT_MAX + std::ldexp(1.0, 103); // FLT_MAX + half ulp
        in.insert(in.end(), {m, std::nextafter(m, 0.0), std::nextafter(m, INFINITY)});
    }
    for (double x : {(double)FLT_MAX, (double)FLT_MAX + 0x1p103, 0x1p128, 0x1p-149, 0x1p-150,
                     0x1p-126, 0x1p-127, 0x1.8p-150, 0x1p-1074, 1e300, 1e-300})
        for (double y : {x, std::nextafter(x, 0.0), std::nextafter(x, INFINITY)})
            in.insert(in.end(), {y, -y});
    return in;
}

// ------------------------------------------------------- references
// Float to integer: the rounded value (exact on the host), saturated.
template <class R, class F> static R ref_f2i(F x, Mode m)
{
    double v = (double)x;
    if (v != v)
        return 0;
    v = m == RN ? std::nearbyint(v) : m == RZ ? std::trunc(v) : m == RU ? std::ceil(v)
                                                                       : std::floor(v);
    constexpr bool sgn = std::numeric_limits<R>::is_signed;
    const double half = std::ldexp(1.0, sizeof(R) * 8 - 1);
    double lo = sgn ? -half : 0, hi = sgn ? half : 2 * half;
    if (v < lo)
        return std::numeric_limits<R>::min();
    if (v >= hi)
        return std::numeric_limits<R>::max();
    return (R)v;
}

// Integer or double to float/double in a mode: MPFR, from the exact value.
template <class R, class S> static R ref_to_float(S x, Mode m)
{
    mpfr_t v;
    mpfr_init2(v, 128);
    if constexpr (std::is_same<S, double>::value)
        mpfr_set_d(v, x, MPFR_RNDN);
    else if constexpr (std::numeric_limits<S>::is_signed)
        mpfr_set_sj(v, (intmax_t)x, MPFR_RNDN);
    else
        mpfr_set_uj(v, (uintmax_t)x, MPFR_RNDN);
    R r;
    if constexpr (std::is_same<R, float>::value) {
        // mpfr_get_flt rounds once, denormals and overflow included;
        // rounding to float through round_to's subnormalize would do
        // the same in nearest mode only.
        r = mpfr_get_flt(v, kRnd[m]);
    } else {
        r = mpfr_get_d(v, kRnd[m]);
    }
    mpfr_clear(v);
    return r;
}

// ------------------------------------------------------------ checks
template <class T> static double distance(T got, T want, bool exact_bits = false)
{
    if (exact_bits) // bit casts: NaN payloads too
        return memcmp(&got, &want, sizeof got) ? INFINITY : 0;
    if constexpr (std::is_floating_point<T>::value)
        return error(got, want);
    else
        return std::fabs((double)((__int128)got - (__int128)want));
}

template <class T> static void show(char* buf, size_t len, T x)
{
    if constexpr (std::is_floating_point<T>::value)
        snprintf(buf, len, "%a", (double)x);
    else if constexpr (std::numeric_limits<T>::is_signed)
        snprintf(buf, len, "%lld", (long long)x);
    else
        snprintf(buf, len, "%llu", (unsigned long long)x);
}

// Run Op on in and compare with ref(x) for each input.
template <class Op, class Ref>
static void check_op(const char* name, const std::vector<typename Op::In>& in, Ref ref,
                     bool exact_bits = false)
{
    using S = typename Op::In;
    using R = typename Op::Out;
    Stat s;
    char win[48] = "-", wgot[48] = "-", wwant[48] = "-";
    // In chunks, so that --full fits in memory.
    const size_t chunk = 1u << 24;
    for (size_t at = 0; at < in.size(); at += chunk) {
        std::vector<S> part(in.begin() + at, in.begin() + std::min(in.size(), at + chunk));
        std::vector<R> out = run<Op>(part);
        for (size_t i = 0; i < part.size(); i++) {
            R want = ref(part[i]);
            double e = distance(out[i], want, exact_bits);
            s.inputs++;
            if (e > s.max_err || (e == INFINITY && s.max_err != INFINITY)) {
                s.max_err = e;
                show(win, sizeof win, part[i]);
                show(wgot, sizeof wgot, out[i]);
                show(wwant, sizeof wwant, want);
            }
        }
    }
    report(name, s, 0, win, wgot, wwant);
}

// All 2^32 values of a 32-bit source type, in chunks (--full).
template <class Op, class Ref> static void check_all32(const char* name, Ref ref)
{
    using S = typename Op::In;
    using R = typename Op::Out;
    Stat s;
    char win[48] = "-", wgot[48] = "-", wwant[48] = "-";
    const uint64_t chunk = 1u << 24;
    std::vector<S> part(chunk);
    for (uint64_t at = 0; at < (1ull << 32); at += chunk) {
        for (uint64_t i = 0; i < chunk; i++) {
            uint32_t b = (uint32_t)(at + i);
            memcpy(&part[i], &b, sizeof b);
        }
        std::vector<R> out = run<Op>(part);
        for (uint64_t i = 0; i < chunk; i++) {
            R want = ref(part[i]);
            double e = distance(out[i], want);
            s.inputs++;
            if (e > s.max_err || (e == INFINITY && s.max_err != INFINITY)) {
                s.max_err = e;
                show(win, sizeof win, part[i]);
                show(wgot, sizeof wgot, out[i]);
                show(wwant, sizeof wwant, want);
            }
        }
    }
    char full[64];
    snprintf(full, sizeof full, "%s (all)", name);
    report(full, s, 0, win, wgot, wwant);
}

// The four modes of one family from float or double to an integer type.
template <class Rn, class Rz, class Ru, class Rd>
static void f2i_family(const char* base, bool sweep32)
{
    using F = typename Rn::In;
    using R = typename Rn::Out;
    std::vector<F> in = float_inputs<F>(base, sweep32);
    char name[48];
    auto one = [&](auto op, const char* sfx, Mode m) {
        using Op = decltype(op);
        snprintf(name, sizeof name, "%s%s", base, sfx);
        auto ref = [m](F x) { return ref_f2i<R, F>(x, m); };
        check_op<Op>(name, in, ref);
        if (full_sweep && sizeof(F) == 4)
            check_all32<Op>(name, ref);
    };
    one(Rn(), "_rn", RN);
    one(Rz(), "_rz", RZ);
    one(Ru(), "_ru", RU);
    one(Rd(), "_rd", RD);
}

// The four modes of one family to float or double.
template <class Rn, class Rz, class Ru, class Rd>
static void to_float_family(const char* base, const std::vector<typename Rn::In>& in)
{
    using S = typename Rn::In;
    using R = typename Rn::Out;
    char name[48];
    auto one = [&](auto op, const char* sfx, Mode m) {
        using Op = decltype(op);
        snprintf(name, sizeof name, "%s%s", base, sfx);
        auto ref = [m](S x) { return ref_to_float<R, S>(x, m); };
        check_op<Op>(name, in, ref);
        if (full_sweep && sizeof(S) == 4 && std::is_integral<S>::value)
            check_all32<Op>(name, ref);
    };
    one(Rn(), "_rn", RN);
    one(Rz(), "_rz", RZ);
    one(Ru(), "_ru", RU);
    one(Rd(), "_rd", RD);
}

#define F2I(name, sweep32)                                                           \
    f2i_family<op##name##_rn, op##name##_rz, op##name##_ru, op##name##_rd>(#name, sweep32)
#define TOF(name, in) to_float_family<op##name##_rn, op##name##_rz, op##name##_ru, op##name##_rd>( \
    #name, in)

// The bit casts: the same bits, every special and sweep input.
template <class Op, class Ref> static void bits_check(const char* name, Ref ref)
{
    using S = typename Op::In;
    std::vector<S> in;
    Rng r(name_seed(name));
    for (size_t i = 0; i < sweep_count(); i++) {
        uint64_t b = r.next();
        S x;
        memcpy(&x, &b, sizeof x);
        in.push_back(x);
    }
    for (uint64_t b : {0x0ull, 0x80000000ull, 0x7fc00000ull, 0x7f800001ull, 0xffffffffull,
                       0x8000000000000000ull, 0x7ff0000000000001ull, ~0ull}) {
        S x;
        memcpy(&x, &b, sizeof x);
        in.push_back(x);
    }
    check_op<Op>(name, in, ref, true);
}

template <class To, class From> static To bitcast(From x)
{
    To t;
    static_assert(sizeof t == sizeof x, "sizes");
    memcpy(&t, &x, sizeof t);
    return t;
}

int main(int argc, char** argv)
{
    // --full is this test's own; the rest go to the harness.
    int n = 1;
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--full"))
            full_sweep = true;
        else
            argv[n++] = argv[i];
    parse_args(n, argv);

    printf("convrt: float and double to integers\n");
    F2I(__float2int, true);
    F2I(__float2uint, true);
    F2I(__float2ll, true);
    F2I(__float2ull, true);
    F2I(__double2int, false);
    F2I(__double2uint, false);
    F2I(__double2ll, false);
    F2I(__double2ull, false);

    printf("convrt: integers and double to float and double\n");
    std::vector<int> i32 = int_inputs<int>("int2float");
    std::vector<unsigned> u32 = int_inputs<unsigned>("uint2float");
    std::vector<long long> i64 = int_inputs<long long>("ll2float");
    std::vector<unsigned long long> u64 = int_inputs<unsigned long long>("ull2float");
    TOF(__int2float, i32);
    TOF(__uint2float, u32);
    TOF(__ll2float, i64);
    TOF(__ull2float, u64);
    TOF(__ll2double, i64);
    TOF(__ull2double, u64);
    TOF(__double2float, d2f_inputs("double2float"));
    check_op<op__int2double_rn>("__int2double_rn", i32,
                                [](int x) { return ref_to_float<double, int>(x, RN); });
    check_op<op__uint2double_rn>("__uint2double_rn", u32, [](unsigned x) {
        return ref_to_float<double, unsigned>(x, RN);
    });

    printf("convrt: bit casts\n");
    bits_check<op__float_as_int>("__float_as_int", [](float x) { return bitcast<int>(x); });
    bits_check<op__float_as_uint>("__float_as_uint",
                                  [](float x) { return bitcast<unsigned>(x); });
    bits_check<op__int_as_float>("__int_as_float", [](int x) { return bitcast<float>(x); });
    bits_check<op__uint_as_float>("__uint_as_float",
                                  [](unsigned x) { return bitcast<float>(x); });
    bits_check<op__double_as_longlong>("__double_as_longlong",
                                       [](double x) { return bitcast<long long>(x); });
    bits_check<op__longlong_as_double>("__longlong_as_double",
                                       [](long long x) { return bitcast<double>(x); });
    bits_check<op__double2hiint>("__double2hiint", [](double x) {
        return (int)(bitcast<unsigned long long>(x) >> 32);
    });
    bits_check<op__double2loint>("__double2loint",
                                 [](double x) { return (int)bitcast<unsigned long long>(x); });
    bits_check<op__hiloint2double>("__hiloint2double",
                                   [](unsigned long long x) { return bitcast<double>(x); });
    return finish("convrt");
}
