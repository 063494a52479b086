// barehip-cc-flags: -munsafe-fp-atomics
// Every atomic the HIP language offers, on every type and in every address
// space, so that every atomic instruction clang-19 emits for them runs on
// the model (ds_*, global_*, flat_*, returning and not, 32 and 64 bits,
// integer and float):
//  - types int, unsigned, unsigned long long, long long, float, double;
//  - spaces: a global pointer, a __shared__ array, and a generic pointer
//    that reaches global memory or LDS (the compiler cannot tell which:
//    flat_* instructions);
//  - the __hip_atomic_* builtins (fetch add/sub/min/max/and/or/xor,
//    exchange, compare-exchange, load, store) with the result used
//    (returning forms) and ignored (ds_min_f32, global_atomic_add ...
//    without GLC), and HIP's atomicInc/atomicDec, atomicMin/Max,
//    unsafeAtomicAdd;
//  - float min/max against NaN and signed zeros (ds_min_f32 & co).
// One block of 64 threads; each result is worked out by hand below.
// Built with -munsafe-fp-atomics, so float add/min/max are the hardware
// instructions where the target has them (gfx11's global_atomic_min_f32).
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstring>

constexpr int kN = 64;	// threads
constexpr int kSlots = 16;	// addresses per space
constexpr int kSpaces = 4;	// global, LDS, generic->global, generic->LDS
#define R __ATOMIC_RELAXED
#define AG __HIP_MEMORY_SCOPE_AGENT
#define WG __HIP_MEMORY_SCOPE_WORKGROUP

static int failures;
static void expect(bool ok, const char* what, const char* type, int space)
{
    static const char* names[] = { "global", "LDS", "generic->global", "generic->LDS" };
    if (!ok) {
        std::printf("  FAILED: %s (%s, %s)\n", what, type, names[space]);
        ++failures;
    }
}

// Thread i's operand: small numbers, exact in every type; all above 0,
// below 100 (the start of the min slots) and not a power of two apart.
template <class T> __host__ __device__ T val(int i) { return (T)(i + 3); }
// The integer ops' bit patterns: one bit per thread, some overlapping.
template <class T> __host__ __device__ T bit(int i) { return (T)1 << (i % 24); }

// The slots: what each holds at the start.
enum { ADD, ADD_NR, SUB, MIN, MIN_NR, MAX, MAX_NR, XCHG, CAS, AND, AND_NR, OR, OR_NR, XOR,
       XOR_NR, LDST };
template <class T> __host__ __device__ T start(int s)
{
    switch (s) {
    case SUB: return (T)1000;
    case MIN: case MIN_NR: return (T)100;
    case MAX: case MAX_NR: return (T)1;
    case XCHG: case CAS: return (T)500;	// no thread's value
    case AND: case AND_NR: return (T)0xffffff;
    default: return (T)0;
    }
}

// Thread i's ops on the slots at p; the returned old values go to old[slot].
template <class T, bool Int>
__device__ __attribute__((always_inline)) void ops(T* p, T* old, int i)
{
    T v = val<T>(i);
    old[ADD] = __hip_atomic_fetch_add(&p[ADD], (T)1, R, AG);	// tickets 0..63
    __hip_atomic_fetch_add(&p[ADD_NR], v, R, AG);
    old[SUB] = __hip_atomic_fetch_sub(&p[SUB], (T)1, R, AG);
    old[MIN] = __hip_atomic_fetch_min(&p[MIN], v, R, AG);
    __hip_atomic_fetch_min(&p[MIN_NR], v, R, AG);
    old[MAX] = __hip_atomic_fetch_max(&p[MAX], v, R, AG);
    __hip_atomic_fetch_max(&p[MAX_NR], v, R, AG);
    old[XCHG] = __hip_atomic_exchange(&p[XCHG], v, R, AG);
    T c = start<T>(CAS);
    __hip_atomic_compare_exchange_strong(&p[CAS], &c, v, R, R, AG);
    old[CAS] = c;
    if constexpr (Int) {
        T b = bit<T>(i);
        old[AND] = __hip_atomic_fetch_and(&p[AND], ~b, R, AG);
        __hip_atomic_fetch_and(&p[AND_NR], ~b, R, AG);
        old[OR] = __hip_atomic_fetch_or(&p[OR], b, R, AG);
        __hip_atomic_fetch_or(&p[OR_NR], b, R, AG);
        old[XOR] = __hip_atomic_fetch_xor(&p[XOR], b, R, AG);
        __hip_atomic_fetch_xor(&p[XOR_NR], b, R, AG);
    }
    // A load and a store, at workgroup scope.
    if (i == 0)
        __hip_atomic_store(&p[LDST], __hip_atomic_load(&p[ADD_NR], R, WG) * 0 + (T)5, R, WG);
}

template <class T, bool Int>
__global__ void all_spaces(T* g, T* old, int sel)
{
    __shared__ T lds[2 * kSlots];
    int i = threadIdx.x;
    T* generic_g = sel ? g + 2 * kSlots : lds;		// sel = 1: global
    T* generic_l = sel ? lds + kSlots : g;		// sel = 1: LDS
    if (i < 2 * kSlots)
        lds[i] = start<T>(i % kSlots);
    __syncthreads();
    ops<T, Int>(g, old + (0 * kSlots) * kN + i * kSlots, i);
    ops<T, Int>(lds, old + (1 * kSlots) * kN + i * kSlots, i);
    ops<T, Int>(generic_g, old + (2 * kSlots) * kN + i * kSlots, i);
    ops<T, Int>(generic_l, old + (3 * kSlots) * kN + i * kSlots, i);
    __syncthreads();
    if (i < 2 * kSlots)
        g[kSlots + (i < kSlots ? 0 : 2 * kSlots) + i % kSlots] = lds[i];
}

template <class T, bool Int> static void run(const char* type)
{
    // g: [global][LDS copy][generic->global][generic->LDS copy], kSlots each.
    T host[kSpaces * kSlots], *g, *old;
    static T olds[kSpaces * kSlots * kN];
    for (int sp = 0; sp < kSpaces; ++sp)
        for (int s = 0; s < kSlots; ++s)
            host[sp * kSlots + s] = start<T>(s);
    hipMalloc(&g, sizeof(host));
    hipMalloc(&old, sizeof(olds));
    hipMemcpy(g, host, sizeof(host), hipMemcpyHostToDevice);
    all_spaces<T, Int><<<1, kN>>>(g, old, 1);
    expect(hipDeviceSynchronize() == hipSuccess, "kernel ran", type, 0);
    hipMemcpy(host, g, sizeof(host), hipMemcpyDeviceToHost);
    hipMemcpy(olds, old, sizeof(olds), hipMemcpyDeviceToHost);
    hipFree(g);
    hipFree(old);

    // Hand-worked results: sum of val = sum(i + 3) = 63*64/2 + 3*64 = 2208.
    T sum_v = (T)2208, tickets = (T)(63 * 64 / 2);
    for (int sp = 0; sp < kSpaces; ++sp) {
        const T* f = &host[sp * kSlots];
        T sum_add = 0, sum_sub = 0, min_old = (T)1e9, max_old = 0, min_mold = (T)1e9,
          sum_x = 0;
        int cas_won = 0, cas_winner = -1;
        for (int i = 0; i < kN; ++i) {
            const T* o = &olds[(sp * kSlots) * kN + i * kSlots];
            sum_add += o[ADD];
            sum_sub += o[SUB];
            max_old = o[MIN] > max_old ? o[MIN] : max_old;	// 100 seen first
            min_old = o[MIN] < min_old ? o[MIN] : min_old;	// never below 3
            min_mold = o[MAX] < min_mold ? o[MAX] : min_mold;	// 1 seen first
            sum_x += o[XCHG];
            if (o[CAS] == start<T>(CAS)) {
                ++cas_won;
                cas_winner = i;
            }
        }
        expect(f[ADD] == (T)kN && sum_add == tickets, "fetch_add tickets 0..63", type, sp);
        expect(f[ADD_NR] == sum_v, "add (no return) = 2208", type, sp);
        // 1000, 999, ..., 937 returned, 936 left.
        expect(f[SUB] == (T)(1000 - kN) && sum_sub == (T)(kN * 1000 - 63 * 64 / 2),
               "fetch_sub from 1000", type, sp);
        expect(f[MIN] == (T)3 && f[MIN_NR] == (T)3 && max_old == (T)100 && min_old >= (T)3,
               "fetch_min: 3, the first saw 100", type, sp);
        expect(f[MAX] == (T)66 && f[MAX_NR] == (T)66 && min_mold == (T)1,
               "fetch_max: 66, the first saw 1", type, sp);
        // Each value is handed on once: what came back plus what stays = 500 + sum_v.
        expect(sum_x + f[XCHG] == (T)500 + sum_v, "exchange hands every value on", type, sp);
        expect(cas_won == 1 && f[CAS] == val<T>(cas_winner), "one CAS wins", type, sp);
        expect(f[LDST] == (T)5, "load and store at workgroup scope", type, sp);
        if constexpr (Int) {
            // Every thread's bit is one of bits 0..23.
            expect(f[AND] == 0 && f[AND_NR] == 0, "and clears bits 0..23", type, sp);
            expect(f[OR] == (T)0xffffff && f[OR_NR] == (T)0xffffff, "or", type, sp);
            // 64 threads over 24 bits: bits 0..15 flipped 3 times, 16..23 twice.
            expect(f[XOR] == (T)0xffff && f[XOR_NR] == (T)0xffff, "xor", type, sp);
        }
    }
}

// ---- HIP's own functions on LDS and generic pointers -------------------
// atomicInc/Dec (CUDA's wrapping counters), atomicMin/Max and
// unsafeAtomicAdd on float and double in LDS.
__global__ void hip_functions(unsigned* u, float* f, double* d, int sel)
{
    __shared__ unsigned su[2];
    __shared__ float sf[3];
    __shared__ double sd[3];
    int i = threadIdx.x;
    unsigned* gu = sel ? u : su;	// generic, global
    if (i == 0) {
        su[0] = 0; su[1] = 100;
        sf[0] = 100.f; sf[1] = 0.f; sf[2] = 0.f;
        sd[0] = 100.0; sd[1] = 0.0; sd[2] = 0.0;
    }
    __syncthreads();
    atomicInc(&su[0], 1000u);		// 0 -> 64
    atomicDec(&su[1], 1000u);		// 100 -> 36
    atomicInc(&gu[0], 40u);		// 40 incs to 40, one wraps to 0, 23 more: 23
    atomicDec(&gu[1], 1000u);		// 70 -> 6
    atomicMin(&sf[0], (float)(i + 3));	// 3
    atomicMax(&sf[1], (float)(i + 3));	// 66
    unsafeAtomicAdd(&sf[2], 0.5f);	// 32
    atomicMin(&sd[0], (double)(i + 3));
    atomicMax(&sd[1], (double)(i + 3));
    unsafeAtomicAdd(&sd[2], 0.25);	// 16
    __syncthreads();
    if (i == 0) {
        u[2] = su[0]; u[3] = su[1];
        for (int k = 0; k < 3; ++k) {
            f[k] = sf[k];
            d[k] = sd[k];
        }
    }
}

// ---- float min/max: the instruction's IEEE rules -----------------------
// A NaN operand leaves the stored number; a stored NaN gives way to a
// number; -0 is below +0.  On LDS (ds_min/max_f32/f64) and global.
template <class T> __device__ void fminmax_cases(T* p, T* out)
{
    T nan = __builtin_nan("");
    p[0] = nan;   out[0] = __hip_atomic_fetch_min(&p[0], (T)2, R, AG);	// old NaN
    p[1] = (T)2;  __hip_atomic_fetch_min(&p[1], nan, R, AG);	// stays 2
    p[2] = (T)0;  __hip_atomic_fetch_min(&p[2], (T)-0.0, R, AG);	// -0
    p[3] = (T)-0.0; __hip_atomic_fetch_max(&p[3], (T)0, R, AG);	// +0
    p[4] = nan;   __hip_atomic_fetch_max(&p[4], (T)-5, R, AG);	// -5
    p[5] = (T)-1; out[1] = __hip_atomic_fetch_max(&p[5], (T)-3, R, AG);	// stays -1, old -1
}

template <class T> __global__ void fminmax(T* g, T* out)
{
    __shared__ T lds[6];
    if (threadIdx.x == 0) {
        fminmax_cases(lds, out);
        fminmax_cases(g, out + 2);
        for (int k = 0; k < 6; ++k)
            g[6 + k] = lds[k];
    }
}

template <class T> static void check_fminmax(const char* type)
{
    T h[12], o[4], *g, *out;
    hipMalloc(&g, sizeof(h));
    hipMalloc(&out, sizeof(o));
    fminmax<T><<<1, 64>>>(g, out);
    expect(hipDeviceSynchronize() == hipSuccess, "fminmax kernel ran", type, 0);
    hipMemcpy(h, g, sizeof(h), hipMemcpyDeviceToHost);
    hipMemcpy(o, out, sizeof(o), hipMemcpyDeviceToHost);
    hipFree(g);
    hipFree(out);
    for (int sp = 0; sp < 2; ++sp) {	// h[0..5]: global, h[6..11]: LDS
        const T* r = &h[sp ? 6 : 0];
        int space = sp ? 1 : 0;
        expect(std::isnan(o[sp ? 0 : 2]) && r[0] == (T)2, "min over a stored NaN", type, space);
        expect(r[1] == (T)2, "min with a NaN operand", type, space);
        expect(r[2] == 0 && std::signbit(r[2]), "min(+0, -0) = -0", type, space);
        expect(r[3] == 0 && !std::signbit(r[3]), "max(-0, +0) = +0", type, space);
        expect(r[4] == (T)-5, "max over a stored NaN", type, space);
        expect(r[5] == (T)-1 && o[sp ? 1 : 3] == (T)-1, "max keeps the larger", type, space);
    }
}

int main()
{
    run<int, true>("int");
    run<unsigned, true>("unsigned");
    run<unsigned long long, true>("unsigned long long");
    run<long long, true>("long long");
    run<float, false>("float");
    run<double, false>("double");

    unsigned hu[4] = { 0, 70, 0, 0 }, *u;
    float hf[3], *f;
    double hd[3], *d;
    hipMalloc(&u, sizeof(hu));
    hipMalloc(&f, sizeof(hf));
    hipMalloc(&d, sizeof(hd));
    hipMemcpy(u, hu, sizeof(hu), hipMemcpyHostToDevice);
    hip_functions<<<1, kN>>>(u, f, d, 1);
    expect(hipDeviceSynchronize() == hipSuccess, "hip_functions ran", "unsigned", 1);
    hipMemcpy(hu, u, sizeof(hu), hipMemcpyDeviceToHost);
    hipMemcpy(hf, f, sizeof(hf), hipMemcpyDeviceToHost);
    hipMemcpy(hd, d, sizeof(hd), hipMemcpyDeviceToHost);
    expect(hu[2] == 64 && hu[3] == 36, "atomicInc/atomicDec", "unsigned", 1);
    expect(hu[0] == 23 && hu[1] == 6, "atomicInc wrapping at 40, atomicDec", "unsigned", 2);
    expect(hf[0] == 3.f && hf[1] == 66.f && hf[2] == 32.f, "atomicMin/Max, unsafeAtomicAdd",
           "float", 1);
    expect(hd[0] == 3.0 && hd[1] == 66.0 && hd[2] == 16.0, "atomicMin/Max, unsafeAtomicAdd",
           "double", 1);
    hipFree(u);
    hipFree(f);
    hipFree(d);

    check_fminmax<float>("float");
    check_fminmax<double>("double");

    std::printf("atomics_all: %s\n", failures ? "FAIL" : "PASS");
    return failures ? 1 : 0;
}
