// Device malloc and free: many waves allocate at once, fill their blocks,
// and the host checks that no two blocks overlap and every byte written
// is still there; then churn (allocate, verify, free, many times per
// thread); then exhaustion (malloc returns NULL once the heap is full,
// after exactly heap-size / block-size blocks); then the errors.
#include <hip/hip_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

constexpr int blocks = 24, threads = 256, n = blocks * threads;
constexpr size_t heap_bytes = 16u << 20;

// Sizes from 1 byte to 2 pages, so every size class and large blocks
// take part.
__host__ __device__ size_t size_of(int t)
{
    return t % 509 == 0 ? 70000 + t : 1 + (t * 37) % 700;
}

// Thread t's pattern: word i of its block holds t * 65536 + i, a short
// tail holds bytes.
__device__ unsigned int word_of(int t, size_t i)
{
    return static_cast<unsigned int>(t) * 65536u + static_cast<unsigned int>(i);
}

__global__ void allocate(unsigned long long* ptrs)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const size_t size = size_of(t);
    unsigned char* p = static_cast<unsigned char*>(malloc(size));
    if (p) {
        unsigned int* w = reinterpret_cast<unsigned int*>(p);
        for (size_t i = 0; i < size / 4; ++i)
            w[i] = word_of(t, i);
        for (size_t i = size / 4 * 4; i < size; ++i)
            p[i] = static_cast<unsigned char>(t);
    }
    ptrs[t] = reinterpret_cast<unsigned long long>(p);
}

// Each thread checks its own block (still intact after every other
// thread wrote theirs), then frees it.
__global__ void check_and_free(const unsigned long long* ptrs, int* bad)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const size_t size = size_of(t);
    unsigned char* p = reinterpret_cast<unsigned char*>(ptrs[t]);
    const unsigned int* w = reinterpret_cast<const unsigned int*>(p);
    bool ok = true;
    for (size_t i = 0; i < size / 4; ++i)
        ok &= w[i] == word_of(t, i);
    for (size_t i = size / 4 * 4; i < size; ++i)
        ok &= p[i] == static_cast<unsigned char>(t);
    if (!ok)
        __hip_atomic_fetch_add(bad, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    free(p);
}

// Allocate, fill, verify, free, over and over, with mixed sizes.
__global__ void churn(int rounds, int* bad, int* nulls)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int r = 0; r < rounds; ++r) {
        const size_t size = 8 + ((t * 131 + r * 977) % 3000);
        int* p = static_cast<int*>(malloc(size));
        if (!p) {
            __hip_atomic_fetch_add(nulls, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
            continue;
        }
        for (size_t i = 0; i < size / sizeof(int); ++i)
            p[i] = t * 1000 + r + static_cast<int>(i);
        for (size_t i = 0; i < size / sizeof(int); ++i)
            if (p[i] != t * 1000 + r + static_cast<int>(i)) {
                __hip_atomic_fetch_add(bad, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
                break;
            }
        free(p);
    }
}

// One thread takes 1 MiB blocks until the heap says no.
__global__ void exhaust(int* count, int* freed_ok)
{
    void* got[64];
    int k = 0;
    while (k < 64 && (got[k] = malloc(1u << 20)))
        ++k;
    *count = k;
    for (int i = 0; i < k; ++i)
        free(got[i]);
    // Everything is free again: one block of the whole heap fits.
    void* all = malloc(heap_bytes);
    *freed_ok = all != nullptr;
    free(all);
}

__global__ void double_free()
{
    void* p = malloc(32);
    free(p);
    free(p);
}

static int fail(const char* what)
{
    std::printf("heap: FAIL: %s\n", what);
    return 1;
}

int main()
{
    // The heap size is settable until the first kernel that uses it.
    size_t got = 0;
    if (hipDeviceSetLimit(hipLimitMallocHeapSize, heap_bytes) != hipSuccess ||
        hipDeviceGetLimit(&got, hipLimitMallocHeapSize) != hipSuccess || got != heap_bytes)
        return fail("hipDeviceSetLimit(hipLimitMallocHeapSize)");

    unsigned long long* ptrs;
    int *bad, *nulls, *count, *freed_ok;
    if (hipMalloc(&ptrs, n * sizeof(*ptrs)) || hipMalloc(&bad, 4) || hipMalloc(&nulls, 4) ||
        hipMalloc(&count, 4) || hipMalloc(&freed_ok, 4) || hipMemset(bad, 0, 4) ||
        hipMemset(nulls, 0, 4))
        return fail("setup");

    allocate<<<blocks, threads>>>(ptrs);
    std::vector<unsigned long long> host(n);
    if (hipDeviceSynchronize() || hipMemcpy(host.data(), ptrs, n * 8, hipMemcpyDeviceToHost))
        return fail("allocate kernel");

    // Host check: every allocation succeeded, is 16-byte aligned, and
    // no two overlap.
    std::vector<std::pair<unsigned long long, unsigned long long>> spans;
    for (int t = 0; t < n; ++t) {
        if (!host[t]) {
            std::printf("  thread %d: malloc(%zu) returned NULL\n", t, size_of(t));
            return fail("malloc returned NULL with the heap mostly empty");
        }
        if (host[t] % 16)
            return fail("a block is not 16-byte aligned");
        spans.push_back({ host[t], host[t] + size_of(t) });
    }
    std::sort(spans.begin(), spans.end());
    for (int i = 1; i < n; ++i)
        if (spans[i].first < spans[i - 1].second)
            return fail("two blocks overlap");

    check_and_free<<<blocks, threads>>>(ptrs, bad);
    int h_bad = -1, h_nulls = -1;
    if (hipDeviceSynchronize() || hipMemcpy(&h_bad, bad, 4, hipMemcpyDeviceToHost) || h_bad)
        return fail("a block lost its contents");

    // Too late to resize: kernels have used the heap.
    if (hipDeviceSetLimit(hipLimitMallocHeapSize, heap_bytes * 2) != hipErrorInvalidValue)
        return fail("the heap was resized while in use");
    (void)hipGetLastError();

    churn<<<8, 256>>>(12, bad, nulls);
    if (hipDeviceSynchronize() || hipMemcpy(&h_bad, bad, 4, hipMemcpyDeviceToHost) ||
        hipMemcpy(&h_nulls, nulls, 4, hipMemcpyDeviceToHost) || h_bad || h_nulls)
        return fail("churn: corrupted or failed allocations");

    exhaust<<<1, 1>>>(count, freed_ok);
    int h_count = -1, h_freed = -1;
    if (hipDeviceSynchronize() || hipMemcpy(&h_count, count, 4, hipMemcpyDeviceToHost) ||
        hipMemcpy(&h_freed, freed_ok, 4, hipMemcpyDeviceToHost))
        return fail("exhaust kernel");
    if (h_count != static_cast<int>(heap_bytes >> 20)) {
        std::printf("  %d blocks of 1 MiB, want %zu\n", h_count, heap_bytes >> 20);
        return fail("exhaustion");
    }
    if (!h_freed)
        return fail("freed memory did not come back");

    // Freeing twice stops the kernel with an error naming it.
    double_free<<<1, 1>>>();
    if (hipDeviceSynchronize() != hipErrorLaunchFailure ||
        !std::strstr(bh_get_last_error_message(), "double_free"))
        return fail("a double free was not reported");

    std::printf("heap: PASS (%d concurrent blocks without overlap, churn, exhaustion at "
                "%d MiB, double free reported)\n", n, h_count);
    return 0;
}
