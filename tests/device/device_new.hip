// new and delete in kernels, over the device heap (bh/new.h):
//  - objects with constructors and destructors (new T(args), delete,
//    new T[n], delete[]), counted by the constructors and destructors;
//  - over-aligned types (alignas(64), alignas(256)): aligned pointers,
//    through new, new[] and the aligned delete;
//  - churn: a wave allocates and deletes far more than the 8 MiB heap
//    holds, so delete must give the blocks back;
//  - new (std::nothrow_t{}) returns nullptr once the heap is full;
//  - placement new into __shared__ memory;
//  - last, plain new on a full heap stops the kernel: the launch fails.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <new>

constexpr size_t kHeap = 8u << 20;
constexpr int kBlocks = 4, kThreads = 128, kN = kBlocks * kThreads;

__device__ int constructed, destroyed;

struct Tracked {
    int id;
    double weight;
    __device__ Tracked() : id(-1), weight(0.5) { atomicAdd(&constructed, 1); }
    __device__ Tracked(int i, double w) : id(i), weight(w) { atomicAdd(&constructed, 1); }
    __device__ ~Tracked() { atomicAdd(&destroyed, 1); }
};

struct alignas(64) Line {
    float v[16];
};
struct alignas(256) Page {
    unsigned char b[300];
};

// Per thread: 0 on success, else the number of the failed check.
__global__ void objects(int* result)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int err = 0;

    Tracked* one = new Tracked(t, 2.0 * t);
    if (!one || one->id != t || one->weight != 2.0 * t)
        err = 1;
    delete one;

    int n = 1 + t % 7;
    Tracked* many = new Tracked[n];
    for (int i = 0; i < n && !err; i++)
        if (many[i].id != -1 || many[i].weight != 0.5)
            err = 2;
    delete[] many;

    int* ints = new int[100];
    for (int i = 0; i < 100; i++)
        ints[i] = t + i;
    long sum = 0;
    for (int i = 0; i < 100; i++)
        sum += ints[i];
    if (sum != 100L * t + 4950)
        err = 3;
    delete[] ints;

    Line* line = new Line;
    Page* pages = new Page[3];
    if ((size_t)line % alignof(Line) || (size_t)pages % alignof(Page))
        err = 4;
    line->v[15] = 1.0f;
    pages[2].b[299] = 7;
    if (line->v[15] != 1.0f || pages[2].b[299] != 7)
        err = 5;
    delete line;
    delete[] pages;

    result[t] = err;
}

// Churn: 400 x 2 KiB per thread of one wave, 50 MiB through the 8 MiB
// heap, so delete must give the blocks back.  (One workgroup: many
// workgroups churning at once trip the model's deadlock detector with
// several host threads, malloc/free alike -- a model issue, see the
// report on the conv branch.)
__global__ void churn(int* result)
{
    int t = threadIdx.x;
    int err = 0;
    for (int k = 0; k < 400 && !err; k++) {
        char* p = new (std::nothrow_t{}) char[2048];
        if (!p) {
            err = 6;
            break;
        }
        p[0] = (char)k;
        p[2047] = (char)t;
        if (p[0] != (char)k || p[2047] != (char)t)
            err = 7;
        delete[] p;
    }
    result[t] = err;
}

// One thread fills the heap with nothrow new, then frees it all (the
// block list in global memory: 2 KiB of private memory per lane would
// need more scratch than the model's gfx942 VRAM holds at -O0).
__device__ void* blocks[256];
__global__ void nothrow_exhaustion(int* count, int* null_again)
{
    int n = 0;
    while (n < 256) {
        void* p = new (std::nothrow_t{}) char[64 << 10];
        if (!p)
            break;
        blocks[n++] = p;
    }
    *count = n;
    *null_again = new (std::nothrow_t{}) char[kHeap] == nullptr;
    for (int i = 0; i < n; i++)
        delete[] (char*)blocks[i];
    // All free again: the whole heap in one block.
    char* all = new (std::nothrow_t{}) char[kHeap];
    *null_again += all != nullptr ? 0 : 10;
    delete[] all;
}

// Placement new into LDS: objects built in a __shared__ buffer.
__global__ void placement(int* out)
{
    __shared__ unsigned char buf[64 * sizeof(Tracked)] __attribute__((aligned(alignof(Tracked))));
    Tracked* obj = new (buf + threadIdx.x * sizeof(Tracked)) Tracked(threadIdx.x, 1.5);
    __syncthreads();
    const Tracked* other = (const Tracked*)buf + (63 - threadIdx.x);
    out[threadIdx.x] = other->id == (int)(63 - threadIdx.x) && other->weight == 1.5;
    __syncthreads();
    obj->~Tracked();
}

// Plain new on a full heap: stops the kernel.
__global__ void plain_exhaustion(int* reached)
{
    char* p = new char[2 * kHeap];
    p[0] = 1;
    *reached = 1;
}

static int fail(const char* what)
{
    std::printf("device_new: FAIL: %s\n", what);
    return 1;
}

int main()
{
    if (hipDeviceSetLimit(hipLimitMallocHeapSize, kHeap) != hipSuccess)
        return fail("hipDeviceSetLimit(hipLimitMallocHeapSize)");

    int* d_result;
    if (hipMalloc(&d_result, kN * sizeof(int)) != hipSuccess)
        return fail("hipMalloc");
    objects<<<kBlocks, kThreads>>>(d_result);
    if (hipGetLastError() != hipSuccess || hipDeviceSynchronize() != hipSuccess)
        return fail("the objects kernel failed");
    int result[kN];
    hipMemcpy(result, d_result, sizeof result, hipMemcpyDeviceToHost);
    for (int t = 0; t < kN; t++)
        if (result[t]) {
            std::printf("  thread %d: check %d failed\n", t, result[t]);
            return fail("objects");
        }
    churn<<<1, 64>>>(d_result);
    if (hipGetLastError() != hipSuccess || hipDeviceSynchronize() != hipSuccess)
        return fail("the churn kernel failed");
    hipMemcpy(result, d_result, 64 * sizeof(int), hipMemcpyDeviceToHost);
    for (int t = 0; t < 64; t++)
        if (result[t]) {
            std::printf("  thread %d: check %d failed\n", t, result[t]);
            return fail("churn: new and delete beyond the heap's size");
        }
    int c = 0, d = 0, want = 0;
    hipMemcpyFromSymbol(&c, HIP_SYMBOL(constructed), sizeof c);
    hipMemcpyFromSymbol(&d, HIP_SYMBOL(destroyed), sizeof d);
    for (int t = 0; t < kN; t++)
        want += 1 + (1 + t % 7);
    if (c != want || d != want) {
        std::printf("  %d constructed, %d destroyed, want %d each\n", c, d, want);
        return fail("constructors and destructors");
    }

    int *d_count, *d_null;
    hipMalloc(&d_count, sizeof(int));
    hipMalloc(&d_null, sizeof(int));
    nothrow_exhaustion<<<1, 1>>>(d_count, d_null);
    if (hipGetLastError() != hipSuccess || hipDeviceSynchronize() != hipSuccess)
        return fail("the nothrow kernel failed");
    int count = 0, null_again = 0;
    hipMemcpy(&count, d_count, sizeof count, hipMemcpyDeviceToHost);
    hipMemcpy(&null_again, d_null, sizeof null_again, hipMemcpyDeviceToHost);
    if (count != (int)(kHeap >> 16) || null_again != 1) {
        std::printf("  %d blocks of 64 KiB (want %zu), null check %d (want 1)\n", count,
                    kHeap >> 16, null_again);
        return fail("new (std::nothrow_t{}) on a full heap");
    }

    int* d_out;
    hipMalloc(&d_out, 64 * sizeof(int));
    placement<<<1, 64>>>(d_out);
    if (hipGetLastError() != hipSuccess || hipDeviceSynchronize() != hipSuccess)
        return fail("the placement kernel failed");
    int out[64];
    hipMemcpy(out, d_out, sizeof out, hipMemcpyDeviceToHost);
    for (int i = 0; i < 64; i++)
        if (!out[i])
            return fail("placement new into __shared__ memory");

    int* d_reached;
    hipMalloc(&d_reached, sizeof(int));
    hipMemset(d_reached, 0, sizeof(int));
    plain_exhaustion<<<1, 1>>>(d_reached);
    hipError_t e = hipGetLastError();
    if (e != hipSuccess)
        return fail("the plain_exhaustion launch failed");
    e = hipDeviceSynchronize();
    if (e == hipSuccess)
        return fail("plain new on a full heap did not stop the kernel");
    std::printf("  plain new on a full heap: %s (expected)\n", hipGetErrorName(e));
    std::printf("device_new: PASS (%d objects, churn of %d MiB through an 8 MiB heap)\n", want,
                64 * 400 * 2048 >> 20);
    return 0;
}
