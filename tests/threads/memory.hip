// Allocation storms: several threads allocate, use, look up and free
// device, pinned and managed memory at once, asking hipPointerGetAttributes
// about their own pointers (and the inside of them) while the others'
// allocations come and go.  Then two threads free one pointer at the same
// moment: exactly one succeeds.  (Under ThreadSanitizer, device memory
// only: see threads.h.)
#include "threads.h"

#include <cstring>
#include <random>

#define ROUNDS 60

__global__ void fill(unsigned char* p, unsigned char v, size_t n)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = (unsigned char)(v + i);
}

static void storm(int n)
{
    on_threads(n, [](int id) {
        std::mt19937 rng(1234 + id);
        std::vector<unsigned char> h;
        hipStream_t s;
        HIP_CHECK(hipStreamCreate(&s));
        for (int r = 0; r < ROUNDS; ++r) {
            size_t size = 1 + rng() % (256 * 1024);
            int kind = (int)(rng() % 3);
            unsigned char* p = nullptr;
            unsigned char v = (unsigned char)(id * 31 + r);
            if (kind == 0)
                HIP_CHECK(hipMalloc(&p, size));
            else if (kind == 1)
                HIP_CHECK(hipHostMalloc(&p, size));
            else
                HIP_CHECK(hipMallocManaged(&p, size));
            hipPointerAttribute_t a;
            size_t inside = size / 2;
            HIP_CHECK(hipPointerGetAttributes(&a, p + inside));
            check(a.type == (kind == 0 ? hipMemoryTypeDevice : kind == 1 ? hipMemoryTypeHost
                                                                       : hipMemoryTypeManaged),
                  "hipPointerGetAttributes: the memory type", id, r);
            check((unsigned char*)a.devicePointer == p + inside,
                  "hipPointerGetAttributes: the device pointer", id, r);
            check(a.device == 0 && a.isManaged == (kind == 2),
                  "hipPointerGetAttributes: device and managed", id, r);
            fill<<<(unsigned)((size + 255) / 256), 256, 0, s>>>(p, v, size);
            HIP_CHECK(hipGetLastError());
            h.assign(size, 0);
            HIP_CHECK(hipMemcpyAsync(h.data(), p, size, hipMemcpyDeviceToHost, s));
            HIP_CHECK(hipStreamSynchronize(s));
            size_t bad = size;
            for (size_t i = 0; i < size && bad == size; ++i)
                if (h[i] != (unsigned char)(v + i))
                    bad = i;
            check(bad == size, "the kernel's bytes, copied back", id, (int)bad);
            if (kind == 0)
                HIP_CHECK(hipFree(p));
            else if (kind == 1)
                HIP_CHECK(hipHostFree(p));
            else
                HIP_CHECK(hipFree(p));
        }
        HIP_CHECK(hipStreamDestroy(s));
    });
}

// One pointer, two threads freeing it at once: one success, and the
// other told it is not (any longer) an allocation.
static void racing_frees()
{
    for (int r = 0; r < 20; ++r) {
        void* p;
        HIP_CHECK(hipMalloc(&p, 4096));
        Barrier go(2);
        hipError_t got[2];
        on_threads(2, [&](int id) {
            go.wait();
            got[id] = hipFree(p);
        });
        int ok = (got[0] == hipSuccess) + (got[1] == hipSuccess);
        int refused = (got[0] == hipErrorInvalidValue) +
                      (got[1] == hipErrorInvalidValue);
        check(ok == 1 && refused == 1, "two hipFree of one pointer: one succeeds", -1, r);
    }
    hipGetLastError();
}

int main()
{
    for (int n : {2, 4})
        storm(n);
    racing_frees();
    return finish("threads_memory", "malloc/free storms of device, pinned and managed "
                  "memory on 2 and 4 threads with pointer queries; racing frees");
}
