// Stream-ordered allocation from several threads at once: each thread
// allocates from the default pool and from one pool all threads share,
// has a kernel write the memory, checks it and frees it -- in its
// stream's order or with hipFree -- while the others read the shared
// pool's attributes and trim it.  Then two threads free one pool pointer
// at the same moment: exactly one succeeds.  At the end the pools count
// nothing in use.
#include "threads.h"

#define ROUNDS 40

__global__ void fill(int* p, int n, int base)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = base + i;
}

static uint64_t attr(hipMemPool_t pool, hipMemPoolAttr a)
{
    uint64_t v = 0;
    HIP_CHECK(hipMemPoolGetAttribute(pool, a, &v));
    return v;
}

static void storm(int n, hipMemPool_t shared)
{
    on_threads(n, [shared](int id) {
        hipStream_t s;
        HIP_CHECK(hipStreamCreate(&s));
        int* h = static_cast<int*>(host_buffer(1024 * sizeof(int)));
        for (int r = 0; r < ROUNDS; ++r) {
            int count = 256 * (1 + (id + r) % 4);
            int* p = nullptr;
            if (r % 2)
                HIP_CHECK(hipMallocFromPoolAsync(reinterpret_cast<void**>(&p),
                                                 count * sizeof(int), shared, s));
            else
                HIP_CHECK(hipMallocAsync(&p, count * sizeof(int), s));
            fill<<<count / 256, 256, 0, s>>>(p, count, id * 1000000 + r * 1000);
            HIP_CHECK(hipMemcpyAsync(h, p, count * sizeof(int), hipMemcpyDeviceToHost, s));
            HIP_CHECK(hipStreamSynchronize(s));
            int bad = 0;
            for (int i = 0; i < count; ++i)
                bad += h[i] != id * 1000000 + r * 1000 + i;
            check(bad == 0, "pool memory written by a kernel", id, r);
            if (r % 5 == 4)
                HIP_CHECK(hipFree(p));
            else
                HIP_CHECK(hipFreeAsync(p, s));
            // Readers and trimmers beside the allocators.
            uint64_t high = attr(shared, hipMemPoolAttrUsedMemHigh);
            check(r == 0 || high >= 256 * sizeof(int), "the shared pool's used high-water mark",
                  id, r);   // from round 1 on this thread has used it
            if (r % 7 == 6)
                HIP_CHECK(hipMemPoolTrimTo(shared, 0));
        }
        HIP_CHECK(hipStreamSynchronize(s));
        HIP_CHECK(hipStreamDestroy(s));
        host_buffer_free(h);
    });
}

// One pool pointer, two threads freeing it at once (hipFreeAsync and
// hipFree): one success, the other told it is already freed.
static void racing_frees(hipMemPool_t shared)
{
    hipStream_t s;
    HIP_CHECK(hipStreamCreate(&s));
    for (int r = 0; r < 20; ++r) {
        void* p;
        HIP_CHECK(hipMallocFromPoolAsync(&p, 4096, shared, s));
        HIP_CHECK(hipStreamSynchronize(s));
        Barrier go(2);
        hipError_t got[2];
        on_threads(2, [&](int id) {
            go.wait();
            got[id] = id == 0 ? hipFreeAsync(p, s) : (r % 2 ? hipFree(p) : hipFreeAsync(p, s));
        });
        int ok = (got[0] == hipSuccess) + (got[1] == hipSuccess);
        check(ok == 1, "two frees of one pool pointer: one succeeds", -1, r);
        HIP_CHECK(hipStreamSynchronize(s));
    }
    HIP_CHECK(hipStreamDestroy(s));
    hipGetLastError();
}

int main()
{
    hipMemPoolProps props = {};
    props.allocType = hipMemAllocationTypePinned;
    props.location.type = hipMemLocationTypeDevice;
    props.location.id = 0;
    hipMemPool_t shared, dflt;
    HIP_CHECK(hipMemPoolCreate(&shared, &props));
    HIP_CHECK(hipDeviceGetDefaultMemPool(&dflt, 0));
    uint64_t keep = 1 << 20;
    HIP_CHECK(hipMemPoolSetAttribute(shared, hipMemPoolAttrReleaseThreshold, &keep));
    for (int n : {2, 4})
        storm(n, shared);
    racing_frees(shared);
    HIP_CHECK(hipDeviceSynchronize());
    check(attr(shared, hipMemPoolAttrUsedMemCurrent) == 0, "the shared pool: nothing in use");
    check(attr(dflt, hipMemPoolAttrUsedMemCurrent) == 0, "the default pool: nothing in use");
    check(attr(shared, hipMemPoolAttrReservedMemCurrent) <= keep,
          "the shared pool keeps no more than its threshold after a synchronisation");
    HIP_CHECK(hipMemPoolDestroy(shared));
    return finish("threads_mempool", "hipMallocAsync/hipFreeAsync/hipFree storms on a shared "
                  "and the default pool on 2 and 4 threads; racing frees");
}
