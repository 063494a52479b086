// Device atomics on global and shared memory, checked against values
// worked out by hand for 4 blocks of 256 threads.  (The HIP atomicAdd &
// co. API comes with the builtin-library issue; these are the clang
// builtins it is built on.)
#include <hip/hip_runtime.h>

#include <cstdio>

constexpr unsigned blocks = 4, threads = 256, n = blocks * threads;

struct results {
    int add, sub, smin, smax, andv, orv, xorv, swapped, cas, inc;
    unsigned umax;
    unsigned long long add64, max64, cas64;
    float fadd;
    double dadd;
    int lds_sum[blocks], lds_max[blocks];
    int ticket_seen[n];
};

__global__ void hammer(results* r)
{
    __shared__ int sum, best;
    const unsigned t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    if (t == 0) { sum = 0; best = -1; }
    __syncthreads();
    __hip_atomic_fetch_add(&sum, (int)t, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
    __hip_atomic_fetch_max(&best, (int)(t * 7 % 256), __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
    __syncthreads();
    if (t == 0) { r->lds_sum[blockIdx.x] = sum; r->lds_max[blockIdx.x] = best; }

    const auto agent = __HIP_MEMORY_SCOPE_AGENT;
    int ticket = __hip_atomic_fetch_add(&r->add, 1, __ATOMIC_RELAXED, agent);
    __hip_atomic_store(&r->ticket_seen[ticket], 1, __ATOMIC_RELAXED, agent);
    __hip_atomic_fetch_sub(&r->sub, 2, __ATOMIC_RELAXED, agent);
    __hip_atomic_fetch_min(&r->smin, -(int)g, __ATOMIC_RELAXED, agent);
    __hip_atomic_fetch_max(&r->smax, (int)g, __ATOMIC_RELAXED, agent);
    __hip_atomic_fetch_max(&r->umax, g * 3u, __ATOMIC_RELAXED, agent);
    __hip_atomic_fetch_and(&r->andv, ~(1 << (g % 31)), __ATOMIC_RELAXED, agent);
    __hip_atomic_fetch_or(&r->orv, 1 << (g % 31), __ATOMIC_RELAXED, agent);
    __hip_atomic_fetch_xor(&r->xorv, 1 << (g % 4), __ATOMIC_RELAXED, agent);
    __hip_atomic_exchange(&r->swapped, 5, __ATOMIC_RELAXED, agent);
    int expected = 0;
    __hip_atomic_compare_exchange_strong(&r->cas, &expected, (int)g + 1, __ATOMIC_RELAXED,
                                         __ATOMIC_RELAXED, agent);
    __builtin_amdgcn_atomic_inc32((unsigned*)&r->inc, 9u, __ATOMIC_RELAXED, "agent");
    __hip_atomic_fetch_add(&r->add64, 1ull << 33, __ATOMIC_RELAXED, agent);
    __hip_atomic_fetch_max(&r->max64, (unsigned long long)g << 40, __ATOMIC_RELAXED, agent);
    unsigned long long e64 = 0;
    __hip_atomic_compare_exchange_strong(&r->cas64, &e64, 77ull, __ATOMIC_RELAXED,
                                         __ATOMIC_RELAXED, agent);
    __hip_atomic_fetch_add(&r->fadd, 0.5f, __ATOMIC_RELAXED, agent);
    __hip_atomic_fetch_add(&r->dadd, 0.25, __ATOMIC_RELAXED, agent);
}

int main()
{
    results init{};
    init.andv = -1;
    results* d = nullptr;
    if (hipMalloc(&d, sizeof(results)) != hipSuccess ||
        hipMemcpy(d, &init, sizeof(init), hipMemcpyHostToDevice) != hipSuccess)
        return 1;
    hammer<<<blocks, threads>>>(d);
    results r{};
    if (hipDeviceSynchronize() != hipSuccess ||
        hipMemcpy(&r, d, sizeof(r), hipMemcpyDeviceToHost) != hipSuccess)
        return 1;
    hipFree(d);

    int bad = 0;
    auto check = [&](bool ok, const char* what) {
        if (!ok) { std::printf("  wrong: %s\n", what); ++bad; }
    };
    check(r.add == (int)n, "add counts every thread");
    for (unsigned i = 0; i < n; ++i)
        if (r.ticket_seen[i] != 1) { check(false, "each add returned a unique ticket"); break; }
    check(r.sub == -2 * (int)n, "sub");
    check(r.smin == -(int)(n - 1), "signed min");
    check(r.smax == (int)(n - 1), "signed max");
    check(r.umax == 3 * (n - 1), "unsigned max");
    check(r.andv == (int)0x80000000, "and clears bits 0..30");
    check(r.orv == 0x7fffffff, "or sets bits 0..30");
    check(r.xorv == 0, "xor: each bit flipped an even number of times");
    check(r.swapped == 5, "exchange");
    check(r.cas >= 1 && r.cas <= (int)n, "compare-exchange: exactly one winner");
    check(r.inc == (int)(n % 10), "inc wraps at 9 (1024 incs -> 1024 mod 10)");
    check(r.add64 == (unsigned long long)n << 33, "64-bit add");
    check(r.max64 == (unsigned long long)(n - 1) << 40, "64-bit max");
    check(r.cas64 == 77, "64-bit compare-exchange");
    check(r.fadd == 0.5f * n, "float add (exact in binary)");
    check(r.dadd == 0.25 * n, "double add (exact in binary)");
    for (unsigned b = 0; b < blocks; ++b) {
        check(r.lds_sum[b] == (int)(threads * (threads - 1) / 2), "LDS add");
        check(r.lds_max[b] == 255, "LDS max (t*7 mod 256 reaches 255)");
    }
    if (bad) {
        std::printf("atomics: FAIL (%d checks)\n", bad);
        return 1;
    }
    std::printf("atomics: PASS (%u threads: global 32/64-bit int, float, double; LDS)\n", n);
    return 0;
}
