// Device malloc and free from many workgroups at once, 2 KiB objects (a
// class whose page has one bitmap word, 32 slots): every wave's lanes
// race for the same few pages, and on truly parallel waves (the model
// on 2+ host threads) two lanes of one wave can win their page
// reservations in the same instruction and then look for a free slot
// together.  firmware/heap.c's slot search once let such a lane claim a
// second slot and leak the first (a bit set that no count covered),
// until a page had every bit set while its count still promised room
// and the waves there spun forever (the model's deadlock detector ended
// the kernel).
//
// Then, the storm over and everything freed: the whole heap is one
// block again, and 64 threads get exactly the heap's 2 KiB slots -- a
// slot leaked anywhere would hang them or come up short.
#include <hip/hip_runtime.h>

#include <cstdio>

constexpr size_t kHeap = 2u << 20;	// 32 pages of 64 KiB
// 600 rounds: the old slot search hung 10 runs in 10 at 2 host threads
// (6 in 10 at 400); about 3 s with the fix.
constexpr int kBlocks = 4, kThreads = 128, kRounds = 600;
constexpr int kSlots = static_cast<int>(kHeap / 2048);

__global__ void storm(int* bad, int* nulls)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < kRounds; k++) {
        // A constant size: the class, and so the page's one bitmap word,
        // is the same for every lane (uniform code, as in the failure).
        constexpr size_t size = 2048;
        int* p = static_cast<int*>(malloc(size));
        if (!p) {
            __hip_atomic_fetch_add(nulls, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
            continue;
        }
        const int n = static_cast<int>(size / sizeof(int));
        p[0] = t;
        p[n / 2] = k;
        p[n - 1] = ~t;
        if (p[0] != t || p[n / 2] != k || p[n - 1] != ~t)
            __hip_atomic_fetch_add(bad, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
        free(p);
    }
}

// One block of 64 threads takes 2 KiB blocks until malloc says no, then
// frees them.
constexpr int kRefill = 64;
__device__ void* blocks[kSlots + kRefill];
__global__ void refill(int* count, int* whole)
{
    if (threadIdx.x == 0) {
        void* all = malloc(kHeap);
        *whole = all != nullptr;
        free(all);
    }
    __syncthreads();
    int got = 0, i = threadIdx.x;
    for (; i < kSlots + kRefill; i += kRefill) {
        void* p = malloc(2048);
        blocks[i] = p;
        got += __syncthreads_count(p != nullptr);
        if (__syncthreads_or(p == nullptr))
            break;
    }
    for (int j = threadIdx.x; j < kSlots + kRefill && j <= i; j += kRefill)
        free(blocks[j]);
    if (threadIdx.x == 0)
        *count = got;
}

static int fail(const char* what)
{
    std::printf("heap_storm: FAIL: %s\n", what);
    return 1;
}

int main()
{
    if (hipDeviceSetLimit(hipLimitMallocHeapSize, kHeap) != hipSuccess)
        return fail("hipDeviceSetLimit(hipLimitMallocHeapSize)");
    int *bad, *nulls, *count, *whole;
    if (hipMalloc(&bad, 4) || hipMalloc(&nulls, 4) || hipMalloc(&count, 4) ||
        hipMalloc(&whole, 4) || hipMemset(bad, 0, 4) || hipMemset(nulls, 0, 4))
        return fail("setup");

    storm<<<kBlocks, kThreads>>>(bad, nulls);
    int h_bad = -1, h_nulls = -1;
    if (hipDeviceSynchronize() != hipSuccess)
        return fail("the storm kernel failed (a hang in malloc: a slot leaked)");
    if (hipMemcpy(&h_bad, bad, 4, hipMemcpyDeviceToHost) ||
        hipMemcpy(&h_nulls, nulls, 4, hipMemcpyDeviceToHost) || h_bad) {
        std::printf("  %d corrupted blocks\n", h_bad);
        return fail("two threads were given the same memory");
    }

    refill<<<1, kRefill>>>(count, whole);
    int h_count = -1, h_whole = -1;
    if (hipDeviceSynchronize() != hipSuccess)
        return fail("the refill kernel failed (a hang in malloc: a slot leaked)");
    if (hipMemcpy(&h_count, count, 4, hipMemcpyDeviceToHost) ||
        hipMemcpy(&h_whole, whole, 4, hipMemcpyDeviceToHost))
        return fail("copying the results back");
    if (!h_whole)
        return fail("after the storm the heap is not one free block again");
    if (h_count != kSlots) {
        std::printf("  %d blocks of 2 KiB, want %d\n", h_count, kSlots);
        return fail("after the storm the heap does not hold every 2 KiB slot again");
    }
    std::printf("heap_storm: PASS (%d malloc/free from %d threads, %d out of memory; "
                "%d slots after)\n", kBlocks * kThreads * kRounds, kBlocks * kThreads, h_nulls,
                h_count);
    return 0;
}
