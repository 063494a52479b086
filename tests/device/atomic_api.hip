// HIP's atomic functions under contention: 32 blocks of 256 threads all
// hit one address, and the host checks the exact final value and, where
// the old values tell a story (counters, tickets, exchanges), that every
// thread saw a different one.  The same in LDS, the _system forms on
// managed memory, CUDA's wrapping atomicInc/atomicDec, float and double
// min/max with signed zeros and NaN, and safe/unsafeAtomicAdd.
#include <hip/hip_runtime.h>

#include <climits>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

constexpr int kBlocks = 32, kThreads = 256, kN = kBlocks * kThreads;

struct Counters {
    int add;                    // += 1            old values: a permutation
    unsigned sub;               // -= 3
    int imin, imax;             // of scattered values
    long long llmin, llmax;     // around LLONG_MIN / LLONG_MAX
    unsigned long long ullmin, ullmax;
    unsigned orv, andv, xorv;
    unsigned long ulong_add;
    int exch;                   // every thread swaps its id in
    unsigned ticket;            // atomicCAS increment loop
    unsigned inc, dec;          // atomicInc / atomicDec with limit 99
    float fadd, fsub, fmin, fmax;
    double dadd, dsub, dmin, dmax;
    float safe_f, unsafe_f;
    double safe_d, unsafe_d;
};

__device__ int scatter(int i) { return (i * 7919) % kN - kN / 2; }   // -4096 .. 4095, each once

__global__ void contend(Counters* c, int* add_old, int* exch_old, unsigned* ticket_old,
                        unsigned* inc_old)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    add_old[i] = atomicAdd(&c->add, 1);
    atomicSub(&c->sub, 3u);
    atomicMin(&c->imin, scatter(i));
    atomicMax(&c->imax, scatter(i));
    atomicMin(&c->llmin, LLONG_MIN + i);
    atomicMax(&c->llmax, LLONG_MAX - i);
    atomicMin(&c->ullmin, 0xffffffff00000000ull + i);
    atomicMax(&c->ullmax, (unsigned long long)i << 32);
    atomicOr(&c->orv, 1u << (i % 32));
    atomicAnd(&c->andv, ~(1u << (i % 31)));
    atomicXor(&c->xorv, (unsigned)i * 2654435761u);
    atomicAdd(&c->ulong_add, 3ul);
    exch_old[i] = atomicExch(&c->exch, i);
    unsigned seen = c->ticket, prev;             // take a ticket with CAS
    while ((prev = atomicCAS(&c->ticket, seen, seen + 1)) != seen)
        seen = prev;
    ticket_old[i] = seen;
    inc_old[i] = atomicInc(&c->inc, 99u);
    atomicDec(&c->dec, 99u);
    atomicAdd(&c->fadd, 0.5f);
    atomicSub(&c->fsub, 1.0f);
    atomicMin(&c->fmin, scatter(i) * 0.5f);
    atomicMax(&c->fmax, scatter(i) * 0.5f);
    atomicAdd(&c->dadd, 0.25);
    atomicSub(&c->dsub, 2.0);
    atomicMin(&c->dmin, scatter(i) * 0.25);
    atomicMax(&c->dmax, scatter(i) * 0.25);
    safeAtomicAdd(&c->safe_f, 1.0f);
    unsafeAtomicAdd(&c->unsafe_f, 1.0f);
    safeAtomicAdd(&c->safe_d, 1.0);
    unsafeAtomicAdd(&c->unsafe_d, 1.0);
}

// The same operations on a block's LDS counters; each block reports.
struct Shared {
    int add, imax;
    unsigned inc, dec, orv;
    unsigned long long umin;
    float fadd, fmax, unsafe_f;
    double dadd, unsafe_d;
    unsigned ticket;
};

__global__ void contend_lds(Shared* out)
{
    __shared__ Shared s;
    int t = threadIdx.x;
    if (t == 0) {
        s = Shared{};
        s.imax = INT_MIN;
        s.umin = ~0ull;
        s.fmax = -INFINITY;
    }
    __syncthreads();
    atomicAdd(&s.add, 2);
    atomicMax(&s.imax, (t * 37) % kThreads);
    atomicInc(&s.inc, 9u);
    atomicDec(&s.dec, 9u);
    atomicOr(&s.orv, 1u << (t % 32));
    atomicMin(&s.umin, 1000ull + (unsigned long long)((t * 11) % kThreads));
    atomicAdd(&s.fadd, 0.25f);
    atomicMax(&s.fmax, (float)t - 100.0f);
    unsafeAtomicAdd(&s.unsafe_f, 0.5f);
    atomicAdd(&s.dadd, 0.125);
    unsafeAtomicAdd(&s.unsafe_d, 2.0);
    unsigned seen = s.ticket, prev;
    while ((prev = atomicCAS(&s.ticket, seen, seen + 1)) != seen)
        seen = prev;
    __syncthreads();
    if (t == 0)
        out[blockIdx.x] = s;
}

// Signed zeros and NaN: one thread, so the order is known.
__global__ void zeros_and_nan(float* f, double* d)
{
    atomicMin(&f[0], -0.0f);        // +0 -> -0
    atomicMax(&f[1], +0.0f);        // -0 -> +0
    atomicMin(&f[2], NAN);          // 1 stays 1
    atomicMax(&f[3], 5.0f);         // NaN -> 5
    atomicMin(&d[0], -0.0);
    atomicMax(&d[1], +0.0);
    atomicMax(&d[2], NAN);
    atomicMin(&d[3], -5.0);
    f[4] = atomicCAS(&f[5], 1.5f, 2.5f);   // swaps: returns 1.5
    f[6] = atomicExch(&f[7], 7.0f);
}

// The _system forms, on memory the host shares.
__global__ void system_scope(int* i, float* f, unsigned* u)
{
    atomicAdd_system(i, 1);
    atomicMax_system(i + 1, (int)threadIdx.x);
    atomicCAS_system(i + 2, 0, 5);
    atomicOr_system(u, 1u << (threadIdx.x % 32));
    atomicInc_system(u + 1, 7u);
    atomicAdd_system(f, 1.0f);
    atomicExch_system(f + 1, 3.0f);
}

static int failures;
static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::printf("  FAILED: %s\n", what);
        ++failures;
    }
}

static bool permutation(const std::vector<unsigned>& v, unsigned n)
{
    std::vector<int> seen(n, 0);
    for (unsigned x : v) {
        if (x >= n || seen[x]++)
            return false;
    }
    return true;
}

template <class T> static std::vector<T> fetch(const T* d, size_t n)
{
    std::vector<T> h(n);
    hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost);
    return h;
}

int main()
{
    // Global counters, with their starting values.
    Counters init{};
    init.sub = 100000;
    init.imin = INT_MAX, init.imax = INT_MIN;
    init.llmin = LLONG_MAX, init.llmax = LLONG_MIN;
    init.ullmin = ~0ull, init.ullmax = 0;
    init.andv = ~0u;
    init.exch = -1;
    init.fsub = 8192.0f, init.dsub = 0.0;
    init.fmin = INFINITY, init.fmax = -INFINITY;
    init.dmin = INFINITY, init.dmax = -INFINITY;
    Counters* c;
    int *add_old, *exch_old;
    unsigned *ticket_old, *inc_old;
    hipMalloc(&c, sizeof(Counters));
    hipMalloc(&add_old, kN * sizeof(int));
    hipMalloc(&exch_old, kN * sizeof(int));
    hipMalloc(&ticket_old, kN * sizeof(unsigned));
    hipMalloc(&inc_old, kN * sizeof(unsigned));
    hipMemcpy(c, &init, sizeof(init), hipMemcpyHostToDevice);
    contend<<<kBlocks, kThreads>>>(c, add_old, exch_old, ticket_old, inc_old);
    expect(hipDeviceSynchronize() == hipSuccess, "contend runs");
    Counters r;
    hipMemcpy(&r, c, sizeof(r), hipMemcpyDeviceToHost);

    // Expectations, worked out on the host.
    unsigned xorv = 0, andv = ~0u;
    for (int i = 0; i < kN; ++i) {
        xorv ^= (unsigned)i * 2654435761u;
        andv &= ~(1u << (i % 31));
    }
    expect(r.add == kN, "atomicAdd int total");
    std::vector<unsigned> olds(kN);
    auto a = fetch(add_old, kN);
    for (int i = 0; i < kN; ++i)
        olds[i] = (unsigned)a[i];
    expect(permutation(olds, kN), "atomicAdd returns every old value once");
    expect(r.sub == 100000u - 3u * kN, "atomicSub unsigned");
    expect(r.imin == -kN / 2 && r.imax == kN / 2 - 1, "atomicMin/Max int");
    expect(r.llmin == LLONG_MIN && r.llmax == LLONG_MAX, "atomicMin/Max long long at the limits");
    expect(r.ullmin == 0xffffffff00000000ull && r.ullmax == (unsigned long long)(kN - 1) << 32,
           "atomicMin/Max unsigned long long");
    expect(r.orv == ~0u && r.andv == andv && r.xorv == xorv, "atomicOr/And/Xor");
    expect(r.ulong_add == 3ul * kN, "atomicAdd unsigned long");
    auto e = fetch(exch_old, kN);
    for (int i = 0; i < kN; ++i)            // olds plus the final value: -1 and every id
        olds[i] = (unsigned)(e[i] + 1);
    olds.push_back((unsigned)(r.exch + 1));
    expect(permutation(olds, kN + 1), "atomicExch hands every value on exactly once");
    olds.pop_back();
    expect(r.ticket == (unsigned)kN && permutation(fetch(ticket_old, kN), kN),
           "atomicCAS ticket lock: every ticket once");
    // atomicInc(limit 99) from 0: the old values cycle 0..99.
    auto inc = fetch(inc_old, kN);
    std::vector<int> hist(100, 0);
    bool in_range = true;
    for (unsigned v : inc) {
        in_range = in_range && v < 100;
        if (v < 100)
            ++hist[v];
    }
    bool cycles = in_range;
    for (int v = 0; v < 100; ++v)
        cycles = cycles && hist[v] == kN / 100 + (v < kN % 100 ? 1 : 0);
    expect(r.inc == (unsigned)(kN % 100) && cycles, "atomicInc wraps at its limit");
    // atomicDec(limit 99) from 0: 0 -> 99 -> 98 ... ; after n steps (100 - n % 100) % 100.
    expect(r.dec == (unsigned)((100 - kN % 100) % 100), "atomicDec wraps at 0 and above the limit");
    expect(r.fadd == 0.5f * kN && r.fsub == 0.0f, "atomicAdd/Sub float");
    expect(r.fmin == -kN / 4 && r.fmax == (kN / 2 - 1) * 0.5f, "atomicMin/Max float");
    expect(r.dadd == 0.25 * kN && r.dsub == -2.0 * kN, "atomicAdd/Sub double");
    expect(r.dmin == -kN / 8 && r.dmax == (kN / 2 - 1) * 0.25, "atomicMin/Max double");
    if (!(r.safe_f == kN && r.unsafe_f == kN && r.safe_d == kN && r.unsafe_d == kN))
        std::printf("  safe/unsafe: %g %g %g %g\n", r.safe_f, r.unsafe_f, r.safe_d, r.unsafe_d);
    expect(r.safe_f == kN && r.unsafe_f == kN && r.safe_d == kN && r.unsafe_d == kN,
           "safeAtomicAdd / unsafeAtomicAdd");

    // LDS.
    Shared* s;
    hipMalloc(&s, kBlocks * sizeof(Shared));
    contend_lds<<<kBlocks, kThreads>>>(s);
    expect(hipDeviceSynchronize() == hipSuccess, "contend_lds runs");
    auto sh = fetch(s, kBlocks);
    bool lds_ok = true;
    for (const Shared& b : sh)
        lds_ok = lds_ok && b.add == 2 * kThreads && b.imax == kThreads - 1 &&
                 b.inc == kThreads % 10 && b.dec == (10 - kThreads % 10) % 10 &&
                 b.orv == ~0u && b.umin == 1000 && b.fadd == 0.25f * kThreads &&
                 b.fmax == kThreads - 101.0f && b.unsafe_f == 0.5f * kThreads &&
                 b.dadd == 0.125 * kThreads && b.unsafe_d == 2.0 * kThreads &&
                 b.ticket == (unsigned)kThreads;
    expect(lds_ok, "LDS: add, max, inc, dec, or, min, float/double add and max, CAS");

    // Signed zeros and NaN.
    float hf[8] = {+0.0f, -0.0f, 1.0f, NAN, 0, 1.5f, 0, 6.0f};
    double hd[4] = {+0.0, -0.0, 1.0, NAN};
    float* df;
    double* dd;
    hipMalloc(&df, sizeof(hf));
    hipMalloc(&dd, sizeof(hd));
    hipMemcpy(df, hf, sizeof(hf), hipMemcpyHostToDevice);
    hipMemcpy(dd, hd, sizeof(hd), hipMemcpyHostToDevice);
    zeros_and_nan<<<1, 1>>>(df, dd);
    hipMemcpy(hf, df, sizeof(hf), hipMemcpyDeviceToHost);
    hipMemcpy(hd, dd, sizeof(hd), hipMemcpyDeviceToHost);
    expect(hf[0] == 0.0f && std::signbit(hf[0]) && hf[1] == 0.0f && !std::signbit(hf[1]),
           "float min/max order -0 below +0");
    expect(hf[2] == 1.0f && hf[3] == 5.0f, "float min/max ignore a NaN operand, replace NaN");
    expect(std::signbit(hd[0]) && !std::signbit(hd[1]) && hd[2] == 1.0 && hd[3] == -5.0,
           "double min/max: zeros, NaN");
    expect(hf[4] == 1.5f && hf[5] == 2.5f && hf[6] == 6.0f && hf[7] == 7.0f,
           "float atomicCAS and atomicExch");

    // _system on managed memory, read by the host directly.
    int* mi;
    float* mf;
    unsigned* mu;
    hipMallocManaged(&mi, 3 * sizeof(int));
    hipMallocManaged(&mf, 2 * sizeof(float));
    hipMallocManaged(&mu, 2 * sizeof(unsigned));
    mi[0] = 10, mi[1] = -1, mi[2] = 0, mf[0] = 0, mf[1] = 0, mu[0] = 0, mu[1] = 0;
    system_scope<<<4, 64>>>(mi, mf, mu);
    expect(hipDeviceSynchronize() == hipSuccess, "system_scope runs");
    expect(mi[0] == 10 + 256 && mi[1] == 63 && mi[2] == 5 && mu[0] == ~0u &&
               mu[1] == 256 % 8 && mf[0] == 256.0f && mf[1] == 3.0f,
           "_system add, max, CAS, or, inc, float add, exch on managed memory");

    std::printf("atomic_api: %s (%d threads on one address: int, unsigned, long long, "
                "unsigned long long, float, double; LDS; _system; inc/dec wrap)\n",
                failures ? "FAIL" : "PASS", kN);
    return failures ? 1 : 0;
}
