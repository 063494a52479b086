// HIP's atomic functions, every op and type of the seeds' table:
//  - contention: 64 blocks of 256 threads (32 for float and double) on
//    one address per op and type, with the exact final value, and where
//    the old values tell a story (add, sub, exchange, a CAS ticket) that
//    every thread saw a different one;
//  - one thread running a fixed script through every op, plain and
//    _system, whose returned old values the host replays by hand;
//  - CUDA's wrapping atomicInc/atomicDec over a long random script, on
//    global memory, LDS and managed memory (_system);
//  - float/double min/max with -0.0 vs +0.0 and NaN;
//  - per-block LDS counters, and generic pointers that reach LDS, global
//    and private memory through one non-inlined function;
//  - safeAtomicAdd / unsafeAtomicAdd (this file is built without
//    -munsafe-fp-atomics; atomic_unsafe.hip is built with it).
// Every expectation is worked out on the host with plain C++ arithmetic.
#include <hip/hip_runtime.h>

#include <climits>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>

constexpr int kBlocks = 64, kThreads = 256, kN = kBlocks * kThreads;
// Float and double contention runs CAS loops everywhere (min, max, the
// ticket, safeAtomicAdd): half the grid keeps the -O0 build quick.
constexpr int kFpBlocks = kBlocks / 2, kFpN = kFpBlocks * kThreads;
// LDS counters are per block: a few blocks show it as well as many.
constexpr int kLdsBlocks = 16, kLdsN = kLdsBlocks * kThreads;

static int failures;
static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::printf("  FAILED: %s\n", what);
        ++failures;
    }
}

// ---- inputs (the same on host and device; only inputs, never results) --

// -kN/2 .. kN/2-1, each once (7919 is prime, so i -> i*7919 mod kN is a bijection).
__host__ __device__ long long spread(int i) { return (long long)((i * 7919) % kN) - kN / 2; }

// Operands spread over the type's range: negative numbers for the signed
// types, high bits for the unsigned ones.  pick() also hands the type's
// two extremes to threads 0 and 1.
template <class T> __host__ __device__ T mid(int i);
template <> __host__ __device__ int mid<int>(int i) { return (int)(spread(i) * 131071); }
template <> __host__ __device__ unsigned mid<unsigned>(int i)
{
    return (unsigned)spread(i) * 2654435761u;
}
template <> __host__ __device__ unsigned long mid<unsigned long>(int i)
{
    return (unsigned long)spread(i) * 0x9e3779b97f4a7c15ul;
}
template <> __host__ __device__ unsigned long long mid<unsigned long long>(int i)
{
    return (unsigned long long)spread(i) * 0xd1b54a32d192ed03ull;
}
template <> __host__ __device__ long long mid<long long>(int i)
{
    return spread(i) * (LLONG_MAX / (kN / 2));
}

template <class T> struct limits;
template <> struct limits<int> { static constexpr int lo = INT_MIN, hi = INT_MAX; };
template <> struct limits<unsigned> { static constexpr unsigned lo = 0, hi = UINT_MAX; };
template <> struct limits<unsigned long> { static constexpr unsigned long lo = 0, hi = ULONG_MAX; };
template <> struct limits<unsigned long long> {
    static constexpr unsigned long long lo = 0, hi = ULLONG_MAX;
};
template <> struct limits<long long> { static constexpr long long lo = LLONG_MIN, hi = LLONG_MAX; };

template <class T> __host__ __device__ T pick(int i)
{
    return i == 0 ? limits<T>::lo : i == 1 ? limits<T>::hi : mid<T>(i);
}

template <class T> constexpr int kBits = 8 * sizeof(T);
// and: clears one of the low bits-2 bits each; or: sets one of the low bits-3.
template <class T> __host__ __device__ T and_mask(int i) { return ~((T)1 << (i % (kBits<T> - 2))); }
template <class T> __host__ __device__ T or_bit(int i)
{
    return (T)1 << ((i * 5) % (kBits<T> - 3));
}

// long long has only atomicMin/atomicMax (as in ROCm and CUDA).
template <class T> constexpr bool kFullInt = !std::is_same<T, long long>::value;

// ---- integers under contention --------------------------------------

template <class T> struct IntC {
    T add, sub, min, max, min2, max2, andv, orv, xorv, exch, ticket;
};

// Every thread applies every op once to the same counters.
template <class T>
__global__ void int_contend(IntC<T>* c, T* add_old, T* sub_old, T* exch_old, T* cas_old)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    atomicMin(&c->min, pick<T>(i));
    atomicMax(&c->max, pick<T>(i));
    atomicMin(&c->min2, mid<T>(i));
    atomicMax(&c->max2, mid<T>(i));
    if constexpr (kFullInt<T>) {
        add_old[i] = atomicAdd(&c->add, (T)1);
        sub_old[i] = atomicSub(&c->sub, (T)3);
        atomicAnd(&c->andv, and_mask<T>(i));
        atomicOr(&c->orv, or_bit<T>(i));
        atomicXor(&c->xorv, mid<T>(i));
        exch_old[i] = atomicExch(&c->exch, (T)i);
        // Take a ticket with compare-and-swap: retry until our guess held.
        T seen = c->ticket, prev;
        while ((prev = atomicCAS(&c->ticket, seen, (T)(seen + 1))) != seen)
            seen = prev;
        cas_old[i] = seen;
    }
}

// v[k] (as indices) holds each of 0..n-1 exactly once.
template <class T> static bool permutation(const std::vector<T>& v, long long n)
{
    std::vector<char> seen(n, 0);
    for (T x : v) {
        long long k = (long long)x;
        if (k < 0 || k >= n || seen[k]++)
            return false;
    }
    return (long long)v.size() == n;
}

template <class T> static std::vector<T> fetch(const T* d, size_t n)
{
    std::vector<T> h(n);
    hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost);
    return h;
}

template <class T> static void check_int_contention(const char* type)
{
    const T sub0 = (T)1000;
    IntC<T> init{};
    init.sub = sub0;
    init.min = init.min2 = limits<T>::hi;
    init.max = init.max2 = limits<T>::lo;
    init.andv = (T)~(T)0;
    init.exch = (T)kN;          // olds plus the final value: 0..kN, each once
    IntC<T>* c;
    T *add_old, *sub_old, *exch_old, *cas_old;
    hipMalloc(&c, sizeof(IntC<T>));
    hipMalloc(&add_old, kN * sizeof(T));
    hipMalloc(&sub_old, kN * sizeof(T));
    hipMalloc(&exch_old, kN * sizeof(T));
    hipMalloc(&cas_old, kN * sizeof(T));
    hipMemcpy(c, &init, sizeof(init), hipMemcpyHostToDevice);
    int_contend<T><<<kBlocks, kThreads>>>(c, add_old, sub_old, exch_old, cas_old);
    char what[160];
    std::snprintf(what, sizeof what, "%s: contention kernel runs", type);
    expect(hipDeviceSynchronize() == hipSuccess, what);
    IntC<T> r;
    hipMemcpy(&r, c, sizeof(r), hipMemcpyDeviceToHost);

    T lo = limits<T>::hi, hi = limits<T>::lo, lo2 = limits<T>::hi, hi2 = limits<T>::lo;
    T andv = (T)~(T)0, orv = 0, xorv = 0;
    for (int i = 0; i < kN; ++i) {
        T p = pick<T>(i), m = mid<T>(i);
        lo = p < lo ? p : lo, hi = p > hi ? p : hi;
        lo2 = m < lo2 ? m : lo2, hi2 = m > hi2 ? m : hi2;
        andv &= and_mask<T>(i), orv |= or_bit<T>(i), xorv ^= m;
    }
    std::snprintf(what, sizeof what, "%s: atomicMin/atomicMax reach the type's extremes", type);
    expect(r.min == limits<T>::lo && r.max == limits<T>::hi && lo == r.min && hi == r.max, what);
    std::snprintf(what, sizeof what, "%s: atomicMin/atomicMax of spread values", type);
    expect(r.min2 == lo2 && r.max2 == hi2, what);
    if constexpr (kFullInt<T>) {
        std::snprintf(what, sizeof what, "%s: atomicAdd total and every old value once", type);
        expect(r.add == (T)kN && permutation(fetch(add_old, kN), kN), what);
        auto s = fetch(sub_old, kN);    // olds are sub0 - 3k: map back to k
        bool steps = true;
        for (T& x : s) {
            T d = (T)(sub0 - x);
            steps = steps && d % 3 == 0;
            x = (T)(d / 3);
        }
        std::snprintf(what, sizeof what, "%s: atomicSub total and every old value once", type);
        expect(r.sub == (T)(sub0 - (T)3 * (T)kN) && steps && permutation(s, kN), what);
        std::snprintf(what, sizeof what, "%s: atomicAnd/atomicOr/atomicXor", type);
        expect(r.andv == andv && r.orv == orv && r.xorv == xorv, what);
        auto e = fetch(exch_old, kN);
        e.push_back(r.exch);
        std::snprintf(what, sizeof what, "%s: atomicExch hands every value on once", type);
        expect(permutation(e, kN + 1), what);
        std::snprintf(what, sizeof what, "%s: atomicCAS ticket: every ticket once", type);
        expect(r.ticket == (T)kN && permutation(fetch(cas_old, kN), kN), what);
    }
    hipFree(c), hipFree(add_old), hipFree(sub_old), hipFree(exch_old), hipFree(cas_old);
}

// ---- one thread, a fixed script: returned old values -----------------

constexpr int kIntSteps = 11;

// x starts at mid(2); the old value of each step, then the final value.
template <class T, bool Sys> __device__ void int_script(T* x, T* r)
{
    if constexpr (Sys) {
        r[0] = atomicAdd_system(x, (T)5);
        r[1] = atomicSub_system(x, (T)7);
        r[2] = atomicMax_system(x, mid<T>(3));
        r[3] = atomicMin_system(x, mid<T>(4));
        r[4] = atomicAnd_system(x, mid<T>(5));
        r[5] = atomicOr_system(x, mid<T>(6));
        r[6] = atomicXor_system(x, mid<T>(7));
        r[7] = atomicExch_system(x, mid<T>(8));
        r[8] = atomicCAS_system(x, mid<T>(9), (T)1);    // compare fails
        r[9] = atomicCAS_system(x, mid<T>(8), mid<T>(10));
    } else {
        r[0] = atomicAdd(x, (T)5);
        r[1] = atomicSub(x, (T)7);
        r[2] = atomicMax(x, mid<T>(3));
        r[3] = atomicMin(x, mid<T>(4));
        r[4] = atomicAnd(x, mid<T>(5));
        r[5] = atomicOr(x, mid<T>(6));
        r[6] = atomicXor(x, mid<T>(7));
        r[7] = atomicExch(x, mid<T>(8));
        r[8] = atomicCAS(x, mid<T>(9), (T)1);
        r[9] = atomicCAS(x, mid<T>(8), mid<T>(10));
    }
    r[10] = *x;
}

// The same script by hand: value before each step, then the final value.
template <class T> static std::vector<T> int_script_host()
{
    std::vector<T> r;
    T x = mid<T>(2);
    auto step = [&](T next) { r.push_back(x); x = next; };
    step((T)(x + 5));
    step((T)(x - 7));
    step(mid<T>(3) > x ? mid<T>(3) : x);
    step(mid<T>(4) < x ? mid<T>(4) : x);
    step(x & mid<T>(5));
    step(x | mid<T>(6));
    step(x ^ mid<T>(7));
    step(mid<T>(8));
    step(x == mid<T>(9) ? (T)1 : x);
    step(x == mid<T>(8) ? mid<T>(10) : x);
    r.push_back(x);
    return r;
}

// long long: min and max only, across the extremes.
template <bool Sys> __device__ void ll_script(long long* x, long long* r)
{
    const long long v[4] = {LLONG_MIN, -5, LLONG_MAX, 7};
    for (int k = 0; k < 4; ++k) {
        if constexpr (Sys)
            r[2 * k] = atomicMin_system(x, v[k]), r[2 * k + 1] = atomicMax_system(x, -v[k] - 1);
        else
            r[2 * k] = atomicMin(x, v[k]), r[2 * k + 1] = atomicMax(x, -v[k] - 1);
    }
    r[8] = *x;
}

static std::vector<long long> ll_script_host()
{
    const long long v[4] = {LLONG_MIN, -5, LLONG_MAX, 7};
    std::vector<long long> r;
    long long x = 3;
    for (int k = 0; k < 4; ++k) {
        r.push_back(x);
        x = v[k] < x ? v[k] : x;
        r.push_back(x);
        x = -v[k] - 1 > x ? -v[k] - 1 : x;
    }
    r.push_back(x);
    return r;
}

struct IntScript {
    int i[kIntSteps];
    unsigned u[kIntSteps];
    unsigned long ul[kIntSteps];
    unsigned long long ull[kIntSteps];
    long long ll[9];
};

template <bool Sys> __global__ void int_scripts(IntScript* out, int* xi, unsigned* xu,
                                                unsigned long* xul, unsigned long long* xull,
                                                long long* xll)
{
    int_script<int, Sys>(xi, out->i);
    int_script<unsigned, Sys>(xu, out->u);
    int_script<unsigned long, Sys>(xul, out->ul);
    int_script<unsigned long long, Sys>(xull, out->ull);
    ll_script<Sys>(xll, out->ll);
}

template <class T> static bool same(const T* got, const std::vector<T>& want)
{
    for (size_t k = 0; k < want.size(); ++k)
        if (got[k] != want[k])
            return false;
    return true;
}

// Script variables: on device memory, or (for _system) managed memory.
struct ScriptVars {
    int i;
    unsigned u;
    unsigned long ul;
    unsigned long long ull;
    long long ll;
};

template <bool Sys> static void check_int_scripts(ScriptVars* v, IntScript* out, const char* where)
{
    ScriptVars init{mid<int>(2), mid<unsigned>(2), mid<unsigned long>(2),
                    mid<unsigned long long>(2), 3};
    hipMemcpy(v, &init, sizeof init, hipMemcpyHostToDevice);
    int_scripts<Sys><<<1, 1>>>(out, &v->i, &v->u, &v->ul, &v->ull, &v->ll);
    IntScript r;
    bool ran = hipDeviceSynchronize() == hipSuccess;
    hipMemcpy(&r, out, sizeof r, hipMemcpyDeviceToHost);
    char what[160];
    std::snprintf(what, sizeof what,
                  "%s: add, sub, max, min, and, or, xor, exch, CAS return the old value", where);
    expect(ran && same(r.i, int_script_host<int>()) && same(r.u, int_script_host<unsigned>()) &&
               same(r.ul, int_script_host<unsigned long>()) &&
               same(r.ull, int_script_host<unsigned long long>()),
           what);
    std::snprintf(what, sizeof what, "%s: long long min/max at LLONG_MIN/LLONG_MAX", where);
    expect(ran && same(r.ll, ll_script_host()), what);
}

// ---- float and double ------------------------------------------------

// Operands for min/max: quarters from -kN/8 up, a NaN now and then, both zeros.
template <class T> __host__ __device__ T fpick(int i)
{
    if (i % 997 == 5)
        return (T)NAN;
    if (i == 7 || i == 8)
        return i == 7 ? (T)-0.0 : (T)0.0;
    return (T)spread(i) * (T)0.25;
}

template <class T> struct FpC {
    T add, sub, min, max, exch, ticket, safe, unsafe, unsafe_ret, zmax, zmin, nanmin, noret;
};

// Sums of small binary fractions are exact, so the totals are too.
template <class T>
__global__ void fp_contend(FpC<T>* c, T* add_old, T* exch_old, T* cas_old, T* safe_old,
                           T* unsafe_old)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    add_old[i] = atomicAdd(&c->add, (T)1);
    atomicSub(&c->sub, (T)0.5);
    atomicMin(&c->min, fpick<T>(i));
    atomicMax(&c->max, fpick<T>(i));
    exch_old[i] = atomicExch(&c->exch, (T)i);
    T seen = c->ticket, prev;
    while ((prev = atomicCAS(&c->ticket, seen, seen + (T)1)) != seen)
        seen = prev;
    cas_old[i] = seen;
    safe_old[i] = safeAtomicAdd(&c->safe, (T)2);
    unsafeAtomicAdd(&c->unsafe, (T)0.25);
    unsafe_old[i] = unsafeAtomicAdd(&c->unsafe_ret, (T)1);
    // Signed zeros only: max must end at +0, min at -0, whoever comes first.
    atomicMax(&c->zmax, (i & 1) ? (T)0.0 : (T)-0.0);
    atomicMin(&c->zmin, (i & 1) ? (T)0.0 : (T)-0.0);
    // Starting from NaN: half the threads offer NaN, the rest kFpN - i.
    atomicMin(&c->nanmin, (i & 1) ? (T)NAN : (T)(kFpN - i));
    if constexpr (std::is_same<T, float>::value) {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
        atomicAddNoRet(&c->noret, 1.0f);
#pragma clang diagnostic pop
    }
}

template <class T> static void check_fp_contention(const char* type)
{
    FpC<T> init{};
    init.sub = (T)kFpN;
    init.min = (T)INFINITY, init.max = (T)-INFINITY;
    init.exch = (T)kFpN;
    init.zmax = (T)-INFINITY, init.zmin = (T)INFINITY;
    init.nanmin = (T)NAN;
    FpC<T>* c;
    T *add_old, *exch_old, *cas_old, *safe_old, *unsafe_old;
    hipMalloc(&c, sizeof(FpC<T>));
    hipMalloc(&add_old, kFpN * sizeof(T));
    hipMalloc(&exch_old, kFpN * sizeof(T));
    hipMalloc(&cas_old, kFpN * sizeof(T));
    hipMalloc(&safe_old, kFpN * sizeof(T));
    hipMalloc(&unsafe_old, kFpN * sizeof(T));
    hipMemcpy(c, &init, sizeof(init), hipMemcpyHostToDevice);
    fp_contend<T><<<kFpBlocks, kThreads>>>(c, add_old, exch_old, cas_old, safe_old, unsafe_old);
    char what[160];
    std::snprintf(what, sizeof what, "%s: contention kernel runs", type);
    expect(hipDeviceSynchronize() == hipSuccess, what);
    FpC<T> r;
    hipMemcpy(&r, c, sizeof(r), hipMemcpyDeviceToHost);

    T lo = (T)INFINITY, hi = (T)-INFINITY;
    for (int i = 0; i < kFpN; ++i) {
        T v = fpick<T>(i);
        if (v == v)
            lo = v < lo ? v : lo, hi = v > hi ? v : hi;
    }
    std::snprintf(what, sizeof what, "%s: atomicAdd total and every old value once", type);
    expect(r.add == (T)kFpN && permutation(fetch(add_old, kFpN), kFpN), what);
    std::snprintf(what, sizeof what, "%s: atomicSub", type);
    expect(r.sub == (T)kFpN - (T)0.5 * kFpN, what);
    std::snprintf(what, sizeof what, "%s: atomicMin/atomicMax ignore NaN operands", type);
    expect(r.min == lo && r.max == hi && lo < (T)-1000 && hi > (T)1000, what);
    auto e = fetch(exch_old, kFpN);
    e.push_back(r.exch);
    std::snprintf(what, sizeof what, "%s: atomicExch hands every value on once", type);
    expect(permutation(e, kFpN + 1), what);
    std::snprintf(what, sizeof what, "%s: atomicCAS ticket (bitwise compare)", type);
    expect(r.ticket == (T)kFpN && permutation(fetch(cas_old, kFpN), kFpN), what);
    auto so = fetch(safe_old, kFpN);       // olds are 2k: map back to k
    for (T& x : so)
        x = x / 2;
    std::snprintf(what, sizeof what, "%s: safeAtomicAdd total and every old value once", type);
    expect(r.safe == (T)2 * kFpN && permutation(so, kFpN), what);
    std::snprintf(what, sizeof what, "%s: unsafeAtomicAdd total", type);
    expect(r.unsafe == (T)0.25 * kFpN, what);
    std::snprintf(what, sizeof what, "%s: unsafeAtomicAdd returns every old value once", type);
    expect(r.unsafe_ret == (T)kFpN && permutation(fetch(unsafe_old, kFpN), kFpN), what);
    std::snprintf(what, sizeof what, "%s: max of +-0 is +0, min is -0", type);
    expect(r.zmax == 0 && !std::signbit(r.zmax) && r.zmin == 0 && std::signbit(r.zmin), what);
    std::snprintf(what, sizeof what, "%s: atomicMin replaces a stored NaN, ignores NaN operands",
                  type);
    expect(r.nanmin == (T)2, what);    // kFpN - i for the largest even i
    if constexpr (std::is_same<T, float>::value)
        expect(r.noret == (float)kFpN, "float: atomicAddNoRet");
    hipFree(c), hipFree(add_old), hipFree(exch_old), hipFree(cas_old);
    hipFree(safe_old), hipFree(unsafe_old);
}

// One thread; x starts at 1.5.  Signed zeros and NaN in a known order.
constexpr int kFpSteps = 18;
template <class T, bool Sys> __device__ void fp_script(T* x, T* r)
{
#define OP(name, ...) (Sys ? name##_system(__VA_ARGS__) : name(__VA_ARGS__))
    const T nan = (T)NAN, inf = (T)INFINITY;
    r[0] = OP(atomicAdd, x, (T)2.25);
    r[1] = OP(atomicSub, x, (T)0.5);
    r[2] = OP(atomicExch, x, (T)-3);
    r[3] = OP(atomicCAS, x, (T)3, (T)9);         // fails: -3 is stored
    r[4] = OP(atomicCAS, x, (T)-3, (T)7);
    r[5] = OP(atomicMax, x, nan);                // NaN operand: 7 stays
    r[6] = OP(atomicMin, x, (T)-0.0);
    r[7] = OP(atomicMax, x, (T)0.0);             // -0 -> +0
    r[8] = OP(atomicMin, x, (T)-0.0);            // +0 -> -0
    r[9] = OP(atomicCAS, x, (T)0.0, (T)5);       // fails: -0 is not +0 bitwise
    r[10] = OP(atomicExch, x, nan);
    r[11] = OP(atomicMax, x, (T)2);              // stored NaN -> 2
    r[12] = OP(atomicMin, x, nan);
    r[13] = OP(atomicCAS, x, (T)2, (T)3);
    r[14] = OP(atomicMin, x, -inf);
    r[15] = OP(atomicMax, x, (T)0.0);
    r[16] = OP(atomicMax, x, (T)-0.0);           // +0 stays +0
    r[17] = *x;
#undef OP
}

struct FpScript {
    float f[kFpSteps];
    double d[kFpSteps];
};

template <bool Sys> __global__ void fp_scripts(FpScript* out, float* xf, double* xd)
{
    fp_script<float, Sys>(xf, out->f);
    fp_script<double, Sys>(xd, out->d);
}

// Bitwise equal, or both NaN.
template <class T> static bool fp_same(const T* got, const double* want, int n)
{
    for (int k = 0; k < n; ++k) {
        T w = (T)want[k];
        if (std::isnan(w) ? !std::isnan(got[k]) : std::memcmp(&got[k], &w, sizeof(T)) != 0)
            return false;
    }
    return true;
}

template <bool Sys> static void check_fp_scripts(float* xf, double* xd, FpScript* out,
                                                 const char* where)
{
    // The value before each step, worked out by hand, then the final one.
    const double want[kFpSteps] = {1.5, 3.75, 3.25, -3, -3,   7,   7,  -0.0, 0.0,
                                   -0.0, -0.0, NAN, 2,  2,  3, -INFINITY, 0.0, 0.0};
    float f = 1.5f;
    double d = 1.5;
    hipMemcpy(xf, &f, sizeof f, hipMemcpyHostToDevice);
    hipMemcpy(xd, &d, sizeof d, hipMemcpyHostToDevice);
    fp_scripts<Sys><<<1, 1>>>(out, xf, xd);
    FpScript r;
    bool ran = hipDeviceSynchronize() == hipSuccess;
    hipMemcpy(&r, out, sizeof r, hipMemcpyDeviceToHost);
    char what[160];
    std::snprintf(what, sizeof what, "%s: float script (zeros, NaN, CAS bitwise)", where);
    expect(ran && fp_same(r.f, want, kFpSteps), what);
    std::snprintf(what, sizeof what, "%s: double script (zeros, NaN, CAS bitwise)", where);
    expect(ran && fp_same(r.d, want, kFpSteps), what);
}

// ---- atomicInc / atomicDec: a random script and CUDA's formulas -------

constexpr int kIncSteps = 400;
enum { INC, DEC, INC1, DEC1, SET };

// Step k of the script: an op and its limit (input only).
__host__ __device__ unsigned script_rand(int k)
{
    unsigned r = (unsigned)k * 2654435761u + 12345u;
    r ^= r >> 15;
    return r * 2246822519u;
}
__host__ __device__ int script_op(int k) { return (script_rand(k) >> 8) % 5; }
__host__ __device__ unsigned script_limit(int k)
{
    unsigned r = script_rand(k);
    // Mostly small limits (frequent wraps, values above the limit), some
    // at the top of the range, and 0.
    return (r >> 28) == 0 ? 0xffffffffu - (r & 3) : (r >> 20) % 9;
}

template <bool Sys> __device__ unsigned inc_dec_step(unsigned* p, int k)
{
    unsigned lim = script_limit(k);
    switch (script_op(k)) {
    case INC: return Sys ? atomicInc_system(p, lim) : atomicInc(p, lim);
    case DEC: return Sys ? atomicDec_system(p, lim) : atomicDec(p, lim);
    case INC1: return Sys ? atomicInc_system(p) : atomicInc(p);
    case DEC1: return Sys ? atomicDec_system(p) : atomicDec(p);
    default: return Sys ? atomicExch_system(p, lim) : atomicExch(p, lim);
    }
}

// One thread runs the script on a global, an LDS and a managed counter.
__global__ void inc_dec_script(unsigned* g, unsigned* m, unsigned* out)
{
    __shared__ unsigned s;
    s = 0;
    for (int k = 0; k < kIncSteps; ++k) {
        out[k] = inc_dec_step<false>(g, k);
        out[kIncSteps + 1 + k] = inc_dec_step<false>(&s, k);
        out[2 * (kIncSteps + 1) + k] = inc_dec_step<true>(m, k);
    }
    out[kIncSteps] = *g;
    out[2 * kIncSteps + 1] = s;
    out[3 * kIncSteps + 2] = *m;
}

static std::vector<unsigned> inc_dec_host()
{
    std::vector<unsigned> r;
    unsigned x = 0;
    for (int k = 0; k < kIncSteps; ++k) {
        unsigned lim = script_limit(k);
        r.push_back(x);
        switch (script_op(k)) {
        case INC: x = x >= lim ? 0 : x + 1; break;
        case DEC: x = (x == 0 || x > lim) ? lim : x - 1; break;
        case INC1: x = x + 1; break;            // limit 0xffffffff: plain wrap
        case DEC1: x = x - 1; break;
        default: x = lim; break;
        }
    }
    r.push_back(x);
    return r;
}

// Contention: kN threads atomicInc(limit 99) and atomicDec(limit 99) from 0.
__global__ void inc_dec_contend(unsigned* c, unsigned* inc_old)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    inc_old[i] = atomicInc(&c[0], 99u);
    atomicDec(&c[1], 99u);
}

// ---- LDS: per-block counters ------------------------------------------

struct Lds {
    int add, imin, imax, exch;
    unsigned sub, uor, uand, uxor, inc, dec, ticket;
    unsigned long ulmax;
    unsigned long long ullmin, ullxor;
    long long llmin, llmax;
    float fadd, fmax, fzmax, usf, ssf;
    double dadd, dmin, dzmin, usd, ssd;
};

__global__ void lds_contend(Lds* out, int* add_old, float* fadd_old, unsigned* inc_old,
                            int* exch_old)
{
    __shared__ Lds s;
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    if (t == 0) {
        s = Lds{};
        s.imin = INT_MAX, s.imax = INT_MIN, s.exch = -1;
        s.sub = 5000, s.uand = ~0u;
        s.ullmin = ~0ull, s.llmin = LLONG_MAX, s.llmax = LLONG_MIN;
        s.fmax = -INFINITY, s.fzmax = -INFINITY;
        s.dmin = INFINITY, s.dzmin = INFINITY;
    }
    __syncthreads();
    add_old[i] = atomicAdd(&s.add, 1);
    atomicMin(&s.imin, (int)spread(i));
    atomicMax(&s.imax, (int)spread(i));
    exch_old[i] = atomicExch(&s.exch, t);
    atomicSub(&s.sub, 7u);
    atomicOr(&s.uor, 1u << (t % 32));
    atomicAnd(&s.uand, ~(1u << (t % 29)));
    atomicXor(&s.uxor, mid<unsigned>(i));
    inc_old[i] = atomicInc(&s.inc, 9u);
    atomicDec(&s.dec, 9u);
    unsigned seen = s.ticket, prev;
    while ((prev = atomicCAS(&s.ticket, seen, seen + 1)) != seen)
        seen = prev;
    atomicMax(&s.ulmax, mid<unsigned long>(i));
    atomicMin(&s.ullmin, mid<unsigned long long>(i));
    atomicXor(&s.ullxor, mid<unsigned long long>(i));
    atomicMin(&s.llmin, mid<long long>(i));
    atomicMax(&s.llmax, mid<long long>(i));
    fadd_old[i] = atomicAdd(&s.fadd, 1.0f);
    atomicMax(&s.fmax, fpick<float>(i));
    atomicMax(&s.fzmax, (t & 1) ? 0.0f : -0.0f);
    unsafeAtomicAdd(&s.usf, 0.5f);
    safeAtomicAdd(&s.ssf, 0.25f);
    atomicAdd(&s.dadd, 0.125);
    atomicMin(&s.dmin, fpick<double>(i));
    atomicMin(&s.dzmin, (t & 1) ? 0.0 : -0.0);
    unsafeAtomicAdd(&s.usd, 2.0);
    safeAtomicAdd(&s.ssd, 4.0);
    __syncthreads();
    if (t == 0)
        out[blockIdx.x] = s;
}

static void check_lds()
{
    Lds* out;
    int *add_old, *exch_old;
    float* fadd_old;
    unsigned* inc_old;
    hipMalloc(&out, kLdsBlocks * sizeof(Lds));
    hipMalloc(&add_old, kLdsN * sizeof(int));
    hipMalloc(&exch_old, kLdsN * sizeof(int));
    hipMalloc(&fadd_old, kLdsN * sizeof(float));
    hipMalloc(&inc_old, kLdsN * sizeof(unsigned));
    lds_contend<<<kLdsBlocks, kThreads>>>(out, add_old, fadd_old, inc_old, exch_old);
    expect(hipDeviceSynchronize() == hipSuccess, "LDS kernel runs");
    auto r = fetch(out, kLdsBlocks);
    auto ao = fetch(add_old, kLdsN);
    auto fo = fetch(fadd_old, kLdsN);
    auto io = fetch(inc_old, kLdsN);
    auto eo = fetch(exch_old, kLdsN);
    bool ints = true, longs = true, floats = true, olds = true, incs = true;
    for (int b = 0; b < kLdsBlocks; ++b) {
        int imin = INT_MAX, imax = INT_MIN;
        unsigned uand = ~0u, uxor = 0;
        unsigned long ulmax = 0;
        unsigned long long ullmin = ~0ull, ullxor = 0;
        long long llmin = LLONG_MAX, llmax = LLONG_MIN;
        float fmax = -INFINITY;
        double dmin = INFINITY;
        for (int t = 0; t < kThreads; ++t) {
            int i = b * kThreads + t;
            imin = (int)spread(i) < imin ? (int)spread(i) : imin;
            imax = (int)spread(i) > imax ? (int)spread(i) : imax;
            uand &= ~(1u << (t % 29)), uxor ^= mid<unsigned>(i);
            ulmax = mid<unsigned long>(i) > ulmax ? mid<unsigned long>(i) : ulmax;
            ullmin = mid<unsigned long long>(i) < ullmin ? mid<unsigned long long>(i) : ullmin;
            ullxor ^= mid<unsigned long long>(i);
            llmin = mid<long long>(i) < llmin ? mid<long long>(i) : llmin;
            llmax = mid<long long>(i) > llmax ? mid<long long>(i) : llmax;
            float f = fpick<float>(i);
            double d = fpick<double>(i);
            fmax = f == f && f > fmax ? f : fmax;
            dmin = d == d && d < dmin ? d : dmin;
        }
        const Lds& s = r[b];
        ints = ints && s.add == kThreads && s.imin == imin && s.imax == imax &&
               s.sub == 5000u - 7u * kThreads && s.uor == ~0u && s.uand == uand &&
               s.uxor == uxor && s.ticket == (unsigned)kThreads;
        incs = incs && s.inc == kThreads % 10 && s.dec == (10 - kThreads % 10) % 10;
        longs = longs && s.ulmax == ulmax && s.ullmin == ullmin && s.ullxor == ullxor &&
                s.llmin == llmin && s.llmax == llmax;
        floats = floats && s.fadd == (float)kThreads && s.fmax == fmax && s.fzmax == 0.0f &&
                 !std::signbit(s.fzmax) && s.usf == 0.5f * kThreads &&
                 s.ssf == 0.25f * kThreads && s.dadd == 0.125 * kThreads && s.dmin == dmin &&
                 s.dzmin == 0.0 && std::signbit(s.dzmin) && s.usd == 2.0 * kThreads &&
                 s.ssd == 4.0 * kThreads;
        // Old values within the block: add and float add each a permutation,
        // exchange: the first value (-1) and every thread id but the last
        // one stored; inc: 0..9 in turn.
        std::vector<int> a(ao.begin() + b * kThreads, ao.begin() + (b + 1) * kThreads);
        std::vector<float> f(fo.begin() + b * kThreads, fo.begin() + (b + 1) * kThreads);
        std::vector<int> e(eo.begin() + b * kThreads, eo.begin() + (b + 1) * kThreads);
        for (int& x : e)
            ++x;
        e.push_back(s.exch + 1);
        std::vector<int> hist(10, 0);
        for (int t = 0; t < kThreads; ++t)
            io[b * kThreads + t] < 10 ? ++hist[io[b * kThreads + t]] : hist[0] -= 1000;
        for (int v = 0; v < 10; ++v)
            incs = incs && hist[v] == kThreads / 10 + (v < kThreads % 10);
        olds = olds && permutation(a, kThreads) && permutation(f, kThreads) &&
               permutation(e, kThreads + 1);
    }
    expect(ints, "LDS: int/unsigned add, min, max, sub, or, and, xor, CAS ticket");
    expect(incs, "LDS: atomicInc/atomicDec wrap at 9");
    expect(longs, "LDS: unsigned long, unsigned long long, long long min/max/xor");
    expect(floats, "LDS: float/double add, min/max (zeros, NaN), safe/unsafeAtomicAdd");
    expect(olds, "LDS: old values of add, float add and exch are each seen once");
    hipFree(out), hipFree(add_old), hipFree(exch_old), hipFree(fadd_old), hipFree(inc_old);
}

// ---- generic pointers: one function, three kinds of memory ------------

// Not inlined, so the compiler cannot tell which segment the pointer is
// in: the address checks (or flat instructions) decide at run time.
__device__ __noinline__ float any_add(float* p, float v) { return unsafeAtomicAdd(p, v); }
__device__ __noinline__ double any_add(double* p, double v) { return unsafeAtomicAdd(p, v); }
__device__ __noinline__ float any_safe_add(float* p, float v) { return safeAtomicAdd(p, v); }
__device__ __noinline__ unsigned any_inc(unsigned* p, unsigned lim) { return atomicInc(p, lim); }
__device__ __noinline__ float any_max(float* p, float v) { return atomicMax(p, v); }

// Variables private to a thread: nobody else sees them, so the "atomic"
// add is a plain one.  (In a function, not the kernel, so that the
// compiler keeps them in scratch instead of promoting them to LDS.)
__device__ __noinline__ bool private_add_ok(int t)
{
    float pf = (float)t;
    double pd = 2.0 * t;
    float of = any_add(&pf, 0.5f);
    double od = any_add(&pd, 0.25);
    return of == (float)t && pf == t + 0.5f && od == 2.0 * t && pd == 2.0 * t + 0.25;
}

struct Generic {
    float sf, sfs, smax;
    double sd;
    unsigned sinc;
    int private_bad;
};

__global__ void generic(float* gf, double* gd, unsigned* gu, Generic* out)
{
    __shared__ float sf, sfs, smax;
    __shared__ double sd;
    __shared__ unsigned sinc;
    __shared__ int bad;
    int t = threadIdx.x;
    if (t == 0)
        sf = 0, sfs = 0, smax = -1, sd = 0, sinc = 0, bad = 0;
    __syncthreads();
    any_add(&gf[0], 1.0f);
    any_add(&sf, 1.0f);
    any_safe_add(&gf[1], 0.5f);
    any_safe_add(&sfs, 0.5f);
    any_max(&gf[2], (float)(blockIdx.x * kThreads + t));
    any_max(&smax, (float)t);
    any_add(gd, 0.5);
    any_add(&sd, 0.5);
    any_inc(gu, 1000000u);
    any_inc(&sinc, 100u);
    if (!private_add_ok(t))
        atomicAdd(&bad, 1);
    __syncthreads();
    if (t == 0)
        out[blockIdx.x] = Generic{sf, sfs, smax, sd, sinc, bad};
}

static void check_generic()
{
    float* gf;
    double* gd;
    unsigned* gu;
    Generic* out;
    hipMalloc(&gf, 3 * sizeof(float));
    hipMalloc(&gd, sizeof(double));
    hipMalloc(&gu, sizeof(unsigned));
    hipMalloc(&out, kLdsBlocks * sizeof(Generic));
    hipMemset(gf, 0, 3 * sizeof(float));
    hipMemset(gd, 0, sizeof(double));
    hipMemset(gu, 0, sizeof(unsigned));
    generic<<<kLdsBlocks, kThreads>>>(gf, gd, gu, out);
    expect(hipDeviceSynchronize() == hipSuccess, "generic-pointer kernel runs");
    auto f = fetch(gf, 3);
    auto d = fetch(gd, 1);
    auto u = fetch(gu, 1);
    auto r = fetch(out, kLdsBlocks);
    expect(f[0] == (float)kLdsN && f[1] == 0.5f * kLdsN && f[2] == (float)(kLdsN - 1) &&
               d[0] == 0.5 * kLdsN && u[0] == (unsigned)kLdsN,
           "generic pointer to global: unsafe/safe add, max, double add, inc");
    bool lds = true, priv = true;
    for (const Generic& g : r) {
        lds = lds && g.sf == (float)kThreads && g.sfs == 0.5f * kThreads &&
              g.smax == (float)(kThreads - 1) && g.sd == 0.5 * kThreads &&
              g.sinc == (unsigned)(kThreads % 101);
        priv = priv && g.private_bad == 0;
    }
    expect(lds, "generic pointer to LDS: unsafe/safe add, max, double add, inc");
    expect(priv, "generic pointer to private memory: unsafeAtomicAdd is a plain add");
    hipFree(gf), hipFree(gd), hipFree(gu), hipFree(out);
}

// ---- _system under contention, on managed memory ---------------------

struct SysC {
    int add, max;
    unsigned ticket, orv, inc;
    unsigned long long ullmin;
    float fadd, fmax;
    double dadd, dsub;
};

__global__ void system_contend(SysC* s, int* add_old)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    add_old[i] = atomicAdd_system(&s->add, 1);
    atomicMax_system(&s->max, (int)spread(i));
    unsigned seen = s->ticket, prev;
    while ((prev = atomicCAS_system(&s->ticket, seen, seen + 1)) != seen)
        seen = prev;
    atomicOr_system(&s->orv, 1u << (i % 32));
    atomicInc_system(&s->inc, 6u);
    atomicMin_system(&s->ullmin, mid<unsigned long long>(i));
    atomicAdd_system(&s->fadd, 1.0f);
    atomicMax_system(&s->fmax, fpick<float>(i));
    atomicAdd_system(&s->dadd, 0.5);
    atomicSub_system(&s->dsub, 0.25);
}

static void check_system()
{
    constexpr int blocks = 8, n = blocks * kThreads;
    SysC* s;
    int* add_old;
    hipMallocManaged(&s, sizeof(SysC));
    hipMallocManaged(&add_old, n * sizeof(int));
    *s = SysC{};
    s->max = INT_MIN, s->ullmin = ~0ull, s->fmax = -INFINITY;
    system_contend<<<blocks, kThreads>>>(s, add_old);
    expect(hipDeviceSynchronize() == hipSuccess, "_system kernel runs");
    int max = INT_MIN;
    unsigned long long ullmin = ~0ull;
    float fmax = -INFINITY;
    for (int i = 0; i < n; ++i) {
        max = (int)spread(i) > max ? (int)spread(i) : max;
        ullmin = mid<unsigned long long>(i) < ullmin ? mid<unsigned long long>(i) : ullmin;
        float f = fpick<float>(i);
        fmax = f == f && f > fmax ? f : fmax;
    }
    std::vector<int> olds(add_old, add_old + n);
    // Read straight from managed memory by the host.
    expect(s->add == n && permutation(olds, n) && s->max == max && s->ticket == (unsigned)n &&
               s->orv == ~0u && s->inc == n % 7 && s->ullmin == ullmin,
           "_system integer add (old values once), max, CAS, or, inc, min on managed memory");
    expect(s->fadd == (float)n && s->fmax == fmax && s->dadd == 0.5 * n && s->dsub == -0.25 * n,
           "_system float/double add, sub, max on managed memory");
    hipFree(s), hipFree(add_old);
}

int main()
{
    check_int_contention<int>("int");
    check_int_contention<unsigned>("unsigned int");
    check_int_contention<unsigned long>("unsigned long");
    check_int_contention<unsigned long long>("unsigned long long");
    check_int_contention<long long>("long long");
    check_fp_contention<float>("float");
    check_fp_contention<double>("double");

    // Scripts: plain on device memory, _system on managed memory.
    ScriptVars *dv, *mv;
    IntScript* iout;
    FpScript* fout;
    float *df, *mf;
    double *dd, *md;
    hipMalloc(&dv, sizeof(ScriptVars));
    hipMallocManaged(&mv, sizeof(ScriptVars));
    hipMalloc(&iout, sizeof(IntScript));
    hipMalloc(&fout, sizeof(FpScript));
    hipMalloc(&df, sizeof(float));
    hipMalloc(&dd, sizeof(double));
    hipMallocManaged(&mf, sizeof(float));
    hipMallocManaged(&md, sizeof(double));
    check_int_scripts<false>(dv, iout, "plain");
    check_int_scripts<true>(mv, iout, "_system");
    check_fp_scripts<false>(df, dd, fout, "plain");
    check_fp_scripts<true>(mf, md, fout, "_system");

    // atomicInc / atomicDec.
    unsigned *g, *m, *out, *c, *inc_old;
    hipMalloc(&g, sizeof(unsigned));
    hipMallocManaged(&m, sizeof(unsigned));
    hipMalloc(&out, 3 * (kIncSteps + 1) * sizeof(unsigned));
    hipMemset(g, 0, sizeof(unsigned));
    *m = 0;
    inc_dec_script<<<1, 1>>>(g, m, out);
    expect(hipDeviceSynchronize() == hipSuccess, "inc/dec script runs");
    auto want = inc_dec_host();
    auto got = fetch(out, 3 * (kIncSteps + 1));
    expect(same(got.data(), want), "atomicInc/atomicDec script on global memory");
    expect(same(got.data() + kIncSteps + 1, want), "atomicInc/atomicDec script on LDS");
    expect(same(got.data() + 2 * (kIncSteps + 1), want),
           "atomicInc_system/atomicDec_system script on managed memory");
    hipMalloc(&c, 2 * sizeof(unsigned));
    hipMalloc(&inc_old, kN * sizeof(unsigned));
    hipMemset(c, 0, 2 * sizeof(unsigned));
    inc_dec_contend<<<kBlocks, kThreads>>>(c, inc_old);
    expect(hipDeviceSynchronize() == hipSuccess, "inc/dec contention runs");
    auto cr = fetch(c, 2);
    std::vector<int> hist(100, 0);
    bool cycles = true;
    for (unsigned v : fetch(inc_old, kN))
        v < 100 ? (void)++hist[v] : (void)(cycles = false);
    for (int v = 0; v < 100; ++v)       // each of 0..99 in turn, as often as kN allows
        cycles = cycles && hist[v] == kN / 100 + (v < kN % 100);
    expect(cr[0] == (unsigned)(kN % 100) && cycles, "atomicInc(99) under contention");
    // dec from 0: 0 -> 99 -> 98 ...: after n steps (100 - n % 100) % 100.
    expect(cr[1] == (unsigned)((100 - kN % 100) % 100), "atomicDec(99) under contention");

    check_lds();
    check_generic();
    check_system();

    std::printf("atomic_api: %s (%d threads per address: int, unsigned, unsigned long, long long, "
                "unsigned long long, float, double; scripts; inc/dec; LDS; generic; _system)\n",
                failures ? "FAIL" : "PASS", kN);
    return failures ? 1 : 0;
}
