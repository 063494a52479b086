// safeAtomicAdd/Min/Max and unsafeAtomicAdd/Min/Max on float and double
// (ROCm's amd_hip_unsafe_atomics.h set), on global memory and __shared__:
//  - contention: every thread of a grid adds, or takes the min or max of,
//    its own value into one address; the final value must be the exact
//    sum (binary fractions: exact in any order) or the extreme, and each
//    returned old value must be one the address can have held;
//  - the edge rules, one thread at a time: a NaN operand leaves the value
//    alone, a stored NaN is replaced, -0 orders below +0;
//  - a private (stack) variable, which the unsafe forms update plainly.
// unsafeAtomicMin/Max on double are the hardware's flat_atomic_min/max_f64
// on gfx90a and gfx942; everything else is a compare-and-swap loop.
#include <hip/hip_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

constexpr int kBlocks = 16, kThreads = 256, kN = kBlocks * kThreads;

static int failures;
static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::printf("  FAILED: %s\n", what);
        ++failures;
    }
}

#define HIP_OK(call)                                                                 \
    do {                                                                             \
        hipError_t e_ = (call);                                                      \
        if (e_ != hipSuccess) {                                                      \
            std::printf("%s: %s\n", #call, hipGetErrorString(e_));                   \
            return 1;                                                                \
        }                                                                            \
    } while (0)

// Thread i's value: distinct, of both signs, binary fractions.
template <class T> __host__ __device__ T value_of(int i)
{
    return (T)(((i * 37) % kN) - kN / 2) * (T)0.25;
}

enum Op { SAFE_ADD, UNSAFE_ADD, SAFE_MIN, SAFE_MAX, UNSAFE_MIN, UNSAFE_MAX, NOPS };
static const char* const kOpName[] = {"safeAtomicAdd", "unsafeAtomicAdd", "safeAtomicMin",
                                      "safeAtomicMax", "unsafeAtomicMin", "unsafeAtomicMax"};

template <class T> __device__ T apply(int op, T* p, T v)
{
    switch (op) {
    case SAFE_ADD:
        return safeAtomicAdd(p, v);
    case UNSAFE_ADD:
        return unsafeAtomicAdd(p, v);
    case SAFE_MIN:
        return safeAtomicMin(p, v);
    case SAFE_MAX:
        return safeAtomicMax(p, v);
    case UNSAFE_MIN:
        return unsafeAtomicMin(p, v);
    default:
        return unsafeAtomicMax(p, v);
    }
}

// Global: one address per operation; old[op][i] is thread i's result.
template <class T> __global__ void contend_global(T* acc, T* old)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int op = 0; op < NOPS; op++)
        old[op * kN + i] = apply(op, &acc[op], value_of<T>(i));
}

// __shared__: each block into its own LDS copy, written out at the end.
template <class T> __global__ void contend_shared(T* acc, T* old, const T* init)
{
    __shared__ T lds[NOPS];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x < NOPS)
        lds[threadIdx.x] = init[threadIdx.x];
    __syncthreads();
    for (int op = 0; op < NOPS; op++)
        old[op * kN + i] = apply(op, &lds[op], value_of<T>(i));
    __syncthreads();
    if (threadIdx.x < NOPS)
        acc[blockIdx.x * NOPS + threadIdx.x] = lds[threadIdx.x];
}

// The edge rules, one case per thread, each on its own address:
// stored[k] op= val[k]; out[k] = the returned old value.
template <class T> __global__ void edges(int op, T* stored, const T* val, T* out, int n)
{
    int k = threadIdx.x;
    if (k < n)
        out[k] = apply(op, &stored[k], val[k]);
}

// A private variable through a generic pointer the compiler cannot see.
template <class T> __device__ __noinline__ T via_pointer(int op, T* p, T v)
{
    return apply(op, p, v);
}
template <class T> __global__ void private_ops(T* out)
{
    for (int op = 0; op < NOPS; op++) {
        T x = (T)2;
        T old = via_pointer(op, &x, (T)-3);
        out[2 * op] = old;
        out[2 * op + 1] = x;
    }
}

template <class T> static bool same(T a, T b)
{
    return std::memcmp(&a, &b, sizeof a) == 0 || (std::isnan(a) && std::isnan(b));
}

template <class T> static int run(const char* type)
{
    std::printf("%s\n", type);
    char what[160];
    // Host expectations.
    T sum = 0, lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < kN; i++) {
        sum += value_of<T>(i);
        lo = std::fmin(lo, value_of<T>(i));
        hi = std::fmax(hi, value_of<T>(i));
    }
    // Initial values: 0.5 for the adds, beyond no input for min and max
    // (so each one changes), and inside the range for the unsafe ones.
    const T init[NOPS] = {(T)0.5, (T)0.5, (T)1e9, (T)-1e9, (T)0, (T)0};
    auto final_of = [&](int op) -> T {
        switch (op) {
        case SAFE_ADD:
        case UNSAFE_ADD:
            return init[op] + sum;
        case SAFE_MIN:
        case UNSAFE_MIN:
            return std::fmin(init[op], lo);
        default:
            return std::fmax(init[op], hi);
        }
    };

    // Global memory, all blocks on the same addresses.
    T *acc, *old;
    HIP_OK(hipMalloc(&acc, NOPS * kBlocks * sizeof(T)));
    HIP_OK(hipMalloc(&old, NOPS * kN * sizeof(T)));
    HIP_OK(hipMemcpy(acc, init, sizeof init, hipMemcpyHostToDevice));
    contend_global<T><<<kBlocks, kThreads>>>(acc, old);
    HIP_OK(hipGetLastError());
    HIP_OK(hipDeviceSynchronize());
    std::vector<T> got(NOPS * kBlocks), olds(NOPS * kN);
    HIP_OK(hipMemcpy(got.data(), acc, NOPS * sizeof(T), hipMemcpyDeviceToHost));
    HIP_OK(hipMemcpy(olds.data(), old, olds.size() * sizeof(T), hipMemcpyDeviceToHost));
    for (int op = 0; op < NOPS; op++) {
        snprintf(what, sizeof what, "%s global: final %g, want %g", kOpName[op],
                 (double)got[op], (double)final_of(op));
        expect(got[op] == final_of(op), what);
        // Adds: each old value is the initial one or what another
        // thread's add left, so the olds with the final value are the
        // olds plus each thread's operand with the initial value (as
        // multisets; the sums are exact).  Min/max: no old value is past
        // the final one.
        int bad = 0;
        if (op <= UNSAFE_ADD) {
            std::vector<T> before{got[op]}, after{init[op]};
            for (int i = 0; i < kN; i++) {
                before.push_back(olds[op * kN + i]);
                after.push_back(olds[op * kN + i] + value_of<T>(i));
            }
            std::sort(before.begin(), before.end());
            std::sort(after.begin(), after.end());
            for (int i = 0; i <= kN; i++)
                bad += before[i] != after[i];
        } else {
            for (int i = 0; i < kN; i++) {
                T o = olds[op * kN + i];
                bool is_min = op == SAFE_MIN || op == UNSAFE_MIN;
                bad += is_min ? !(o >= got[op]) : !(o <= got[op]);
            }
        }
        snprintf(what, sizeof what, "%s global: %d returned old values impossible",
                 kOpName[op], bad);
        expect(bad == 0, what);
    }

    // __shared__: each block's own copy.
    T* dinit;
    HIP_OK(hipMalloc(&dinit, sizeof init));
    HIP_OK(hipMemcpy(dinit, init, sizeof init, hipMemcpyHostToDevice));
    contend_shared<T><<<kBlocks, kThreads>>>(acc, old, dinit);
    HIP_OK(hipGetLastError());
    HIP_OK(hipDeviceSynchronize());
    HIP_OK(hipMemcpy(got.data(), acc, got.size() * sizeof(T), hipMemcpyDeviceToHost));
    for (int b = 0; b < kBlocks; b++)
        for (int op = 0; op < NOPS; op++) {
            T want = init[op];
            for (int t = 0; t < kThreads; t++) {
                T v = value_of<T>(b * kThreads + t);
                want = op <= UNSAFE_ADD ? want + v
                     : (op == SAFE_MIN || op == UNSAFE_MIN) ? std::fmin(want, v)
                                                            : std::fmax(want, v);
            }
            snprintf(what, sizeof what, "%s shared, block %d: %g, want %g", kOpName[op], b,
                     (double)got[b * NOPS + op], (double)want);
            expect(got[b * NOPS + op] == want, what);
        }

    // Edge rules of min and max: (stored, operand) -> stored after.
    const T nan = std::numeric_limits<T>::quiet_NaN();
    struct Case {
        T stored, val, min, max;
    } cases[] = {
        {(T)1, nan, (T)1, (T)1},        // a NaN operand changes nothing
        {nan, (T)-2, (T)-2, (T)-2},     // a stored NaN is replaced
        {(T)-0.0, (T)0.0, (T)-0.0, (T)0.0},
        {(T)0.0, (T)-0.0, (T)-0.0, (T)0.0},
        {(T)-INFINITY, (T)INFINITY, (T)-INFINITY, (T)INFINITY},
        {std::numeric_limits<T>::denorm_min(), (T)0, (T)0, std::numeric_limits<T>::denorm_min()},
    };
    const int nc = sizeof cases / sizeof cases[0];
    T *dst, *dval, *dout;
    HIP_OK(hipMalloc(&dst, nc * sizeof(T)));
    HIP_OK(hipMalloc(&dval, nc * sizeof(T)));
    HIP_OK(hipMalloc(&dout, nc * sizeof(T)));
    for (int op = SAFE_MIN; op < NOPS; op++) {
        T st[nc], val[nc], after[nc], ret[nc];
        for (int k = 0; k < nc; k++) {
            st[k] = cases[k].stored;
            val[k] = cases[k].val;
        }
        HIP_OK(hipMemcpy(dst, st, sizeof st, hipMemcpyHostToDevice));
        HIP_OK(hipMemcpy(dval, val, sizeof val, hipMemcpyHostToDevice));
        edges<T><<<1, 64>>>(op, dst, dval, dout, nc);
        HIP_OK(hipGetLastError());
        HIP_OK(hipDeviceSynchronize());
        HIP_OK(hipMemcpy(after, dst, sizeof after, hipMemcpyDeviceToHost));
        HIP_OK(hipMemcpy(ret, dout, sizeof ret, hipMemcpyDeviceToHost));
        bool is_min = op == SAFE_MIN || op == UNSAFE_MIN;
        for (int k = 0; k < nc; k++) {
            T want = is_min ? cases[k].min : cases[k].max;
            snprintf(what, sizeof what, "%s(stored %g, %g): %g (returned %g), want %g",
                     kOpName[op], (double)st[k], (double)val[k], (double)after[k],
                     (double)ret[k], (double)want);
            expect(same(after[k], want) && same(ret[k], st[k]), what);
        }
    }

    // Private memory.
    T* dpriv;
    HIP_OK(hipMalloc(&dpriv, 2 * NOPS * sizeof(T)));
    private_ops<T><<<1, 1>>>(dpriv);
    HIP_OK(hipGetLastError());
    HIP_OK(hipDeviceSynchronize());
    T priv[2 * NOPS];
    HIP_OK(hipMemcpy(priv, dpriv, sizeof priv, hipMemcpyDeviceToHost));
    const T priv_after[NOPS] = {(T)-1, (T)-1, (T)-3, (T)2, (T)-3, (T)2};
    for (int op = 0; op < NOPS; op++) {
        snprintf(what, sizeof what, "%s on a private variable: old %g, now %g", kOpName[op],
                 (double)priv[2 * op], (double)priv[2 * op + 1]);
        expect(priv[2 * op] == (T)2 && priv[2 * op + 1] == priv_after[op], what);
    }

    HIP_OK(hipFree(acc));
    HIP_OK(hipFree(old));
    HIP_OK(hipFree(dinit));
    HIP_OK(hipFree(dst));
    HIP_OK(hipFree(dval));
    HIP_OK(hipFree(dout));
    HIP_OK(hipFree(dpriv));
    return 0;
}

int main()
{
    if (run<float>("float") || run<double>("double"))
        return 1;
    if (failures) {
        std::printf("atomic_safe: FAIL (%d)\n", failures);
        return 1;
    }
    std::printf("atomic_safe: PASS\n");
    return 0;
}
