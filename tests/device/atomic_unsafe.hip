// barehip-cc-flags: -munsafe-fp-atomics
// -munsafe-fp-atomics: float and double atomicAdd/atomicSub go through
// unsafeAtomicAdd, the hardware floating-point atomics (global_atomic_add_f32
// and _f64 for global memory, ds_add_f32 and _f64 for LDS) instead of
// compare-and-swap loops.  For these sums (small binary fractions) the
// hardware result is exact, and the returned old values are checked too.
// safeAtomicAdd and the _system forms stay loops; min and max keep their
// meaning.  Memory is ordinary device memory, except for _system, on
// managed memory (the hardware FP atomics are not for fine-grained memory).
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

constexpr int kBlocks = 32, kThreads = 256, kN = kBlocks * kThreads;

static int failures;
static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::printf("  FAILED: %s\n", what);
        ++failures;
    }
}

// Did the flag reach the device pass?  (Checked at run time, so that a
// build without the flag still compiles, and fails here.)
__global__ void flag(int* defined)
{
#if defined(__AMDGCN_UNSAFE_FP_ATOMICS__)
    *defined = 1;
#else
    *defined = 0;
#endif
}

// A generic pointer the compiler cannot place: the segment is found at
// run time.
__device__ __noinline__ float any_add(float* p, float v) { return atomicAdd(p, v); }
__device__ __noinline__ double any_add(double* p, double v) { return atomicAdd(p, v); }

// A thread's own variables (in a function, so they stay in scratch).
__device__ __noinline__ bool private_add_ok(int t)
{
    float pf = (float)t;
    double pd = 0.5 * t;
    float of = any_add(&pf, 2.0f);
    double od = any_add(&pd, 0.125);
    return of == (float)t && pf == t + 2.0f && od == 0.5 * t && pd == 0.5 * t + 0.125;
}

struct Global {
    float fadd, fsub, fsafe, fany, fmax, fzmax;
    double dadd, dsub, dsafe, dany, dzmin;
};

struct Block {
    float fadd, fany;
    double dadd, dsub;
    int private_bad;
};

__global__ void sums(Global* g, Block* blocks, float* fadd_old, double* dadd_old,
                     float* lds_old)
{
    __shared__ Block s;
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    if (t == 0)
        s = Block{0, 0, 0, 1000.0, 0};
    __syncthreads();
    fadd_old[i] = atomicAdd(&g->fadd, 1.0f);         // global f32
    dadd_old[i] = atomicAdd(&g->dadd, 0.5);          // global f64
    atomicSub(&g->fsub, 0.25f);
    atomicSub(&g->dsub, 2.0);
    safeAtomicAdd(&g->fsafe, 2.0f);
    safeAtomicAdd(&g->dsafe, 0.75);
    any_add(&g->fany, 0.5f);
    any_add(&g->dany, 1.0);
    atomicMax(&g->fmax, (float)(i % 1000) - 500.0f);
    atomicMax(&g->fzmax, (i & 1) ? 0.0f : -0.0f);
    atomicMin(&g->dzmin, (i & 1) ? 0.0 : -0.0);
    lds_old[i] = atomicAdd(&s.fadd, 1.0f);           // LDS f32
    atomicAdd(&s.dadd, 3.0);                          // LDS f64
    atomicSub(&s.dsub, 0.5);
    any_add(&s.fany, 0.25f);
    if (!private_add_ok(t))
        atomicAdd(&s.private_bad, 1);
    __syncthreads();
    if (t == 0)
        blocks[blockIdx.x] = s;
}

// The system-scope forms on managed memory.
__global__ void system_sums(float* f, double* d)
{
    atomicAdd_system(f, 1.0f);
    atomicSub_system(f + 1, 0.5f);
    atomicAdd_system(d, 0.25);
    atomicSub_system(d + 1, 4.0);
}

template <class T> static bool permutation(const std::vector<T>& v, double scale, int n)
{
    std::vector<char> seen(n, 0);
    for (T x : v) {
        double k = x / scale;
        if (k != (double)(long long)k || k < 0 || k >= n || seen[(long long)k]++)
            return false;
    }
    return (int)v.size() == n;
}

template <class T> static std::vector<T> fetch(const T* d, size_t n)
{
    std::vector<T> h(n);
    hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost);
    return h;
}

int main()
{
    int* defined;
    hipMallocManaged(&defined, sizeof(int));
    *defined = -1;
    flag<<<1, 1>>>(defined);
    expect(hipDeviceSynchronize() == hipSuccess && *defined == 1,
           "-munsafe-fp-atomics defines __AMDGCN_UNSAFE_FP_ATOMICS__ in the device pass");

    Global init{};
    init.fsub = 0.25f * kN, init.dsub = 0.0;
    init.fmax = -INFINITY, init.fzmax = -INFINITY, init.dzmin = INFINITY;
    Global* g;
    Block* blocks;
    float *fadd_old, *lds_old;
    double* dadd_old;
    hipMalloc(&g, sizeof(Global));
    hipMalloc(&blocks, kBlocks * sizeof(Block));
    hipMalloc(&fadd_old, kN * sizeof(float));
    hipMalloc(&dadd_old, kN * sizeof(double));
    hipMalloc(&lds_old, kN * sizeof(float));
    hipMemcpy(g, &init, sizeof init, hipMemcpyHostToDevice);
    sums<<<kBlocks, kThreads>>>(g, blocks, fadd_old, dadd_old, lds_old);
    expect(hipDeviceSynchronize() == hipSuccess, "kernel runs");
    Global r;
    hipMemcpy(&r, g, sizeof r, hipMemcpyDeviceToHost);

    expect(r.fadd == (float)kN && permutation(fetch(fadd_old, kN), 1.0, kN),
           "global float atomicAdd: total, every old value once");
    expect(r.dadd == 0.5 * kN && permutation(fetch(dadd_old, kN), 0.5, kN),
           "global double atomicAdd: total, every old value once");
    expect(r.fsub == 0.0f && r.dsub == -2.0 * kN, "global float/double atomicSub");
    expect(r.fsafe == 2.0f * kN && r.dsafe == 0.75 * kN, "safeAtomicAdd under the flag");
    expect(r.fany == 0.5f * kN && r.dany == 1.0 * kN, "generic pointer to global");
    expect(r.fmax == 499.0f && r.fzmax == 0.0f && !std::signbit(r.fzmax) && r.dzmin == 0.0 &&
               std::signbit(r.dzmin),
           "atomicMax/atomicMin keep their meaning (signed zeros)");
    auto b = fetch(blocks, kBlocks);
    auto lo = fetch(lds_old, kN);
    bool lds = true, olds = true, priv = true;
    for (int k = 0; k < kBlocks; ++k) {
        lds = lds && b[k].fadd == (float)kThreads && b[k].dadd == 3.0 * kThreads &&
              b[k].dsub == 1000.0 - 0.5 * kThreads && b[k].fany == 0.25f * kThreads;
        std::vector<float> o(lo.begin() + k * kThreads, lo.begin() + (k + 1) * kThreads);
        olds = olds && permutation(o, 1.0, kThreads);
        priv = priv && b[k].private_bad == 0;
    }
    expect(lds, "LDS float/double atomicAdd/atomicSub, generic pointer to LDS");
    expect(olds, "LDS float atomicAdd: every old value once per block");
    expect(priv, "generic pointer to private memory: a plain add");

    float* mf;
    double* md;
    hipMallocManaged(&mf, 2 * sizeof(float));
    hipMallocManaged(&md, 2 * sizeof(double));
    mf[0] = 0, mf[1] = 0, md[0] = 0, md[1] = 0;
    system_sums<<<4, kThreads>>>(mf, md);
    expect(hipDeviceSynchronize() == hipSuccess && mf[0] == 4.0f * kThreads &&
               mf[1] == -0.5f * 4 * kThreads && md[0] == 0.25 * 4 * kThreads &&
               md[1] == -4.0 * 4 * kThreads,
           "_system float/double add and sub on managed memory");

    std::printf("atomic_unsafe: %s (hardware FP atomics: %d float and double adds, global, "
                "LDS, generic, private; safe and _system forms)\n",
                failures ? "FAIL" : "PASS", kN);
    return failures ? 1 : 0;
}
