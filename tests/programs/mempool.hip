// Stream-ordered allocation and memory pools, as samples use them:
// hipMallocAsync/hipFreeAsync on a stream, where freed memory is reused
// only once the stream has reached the free (a host function holds the
// stream back meanwhile); the pool attributes that follow reserved and
// used memory; release threshold and hipMemPoolTrimTo; created pools,
// hipMallocFromPoolAsync, hipDeviceSetMemPool; hipFree of pool memory;
// several host threads allocating and freeing at once; and the errors
// ROCm returns for bad arguments.
#include <hip/hip_runtime.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <thread>
#include <vector>

static int failures;

static void expect(bool ok, const char* what)
{
    if (!ok && failures++ < 20)
        std::printf("FAIL: %s\n", what);
}

#define EXPECT_OK(call) expect((call) == hipSuccess, #call)
#define EXPECT_CODE(call, code) expect((call) == (code), #call " -> " #code)

__global__ void fill(int* p, int n, int base)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = base + i;
}

static std::atomic<bool> gate_open{false};

// Holds its stream until the main thread opens the gate (no HIP calls here).
static void hold_stream(void*)
{
    while (!gate_open.load())
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

// One host thread's share of the concurrent part: its own stream,
// allocations of its own sizes, each written by a kernel, checked and freed
// (in stream order, or with hipFree every third time).
static void worker(int id, int* errors)
{
    hipStream_t s;
    if (hipStreamCreate(&s) != hipSuccess) {
        ++*errors;
        return;
    }
    for (int it = 0; it < 30; it++) {
        int n = 256 * (1 + (id + it) % 4);
        int* p = nullptr;
        if (hipMallocAsync(&p, n * sizeof(int), s) != hipSuccess || !p) {
            ++*errors;
            break;
        }
        fill<<<n / 256, 256, 0, s>>>(p, n, id * 100000 + it);
        std::vector<int> h(n);
        if (hipMemcpyAsync(h.data(), p, n * sizeof(int), hipMemcpyDeviceToHost, s) != hipSuccess ||
            hipStreamSynchronize(s) != hipSuccess)
            ++*errors;
        for (int i = 0; i < n; i++)
            *errors += h[i] != id * 100000 + it + i;
        if ((it % 3 == 2 ? hipFree(p) : hipFreeAsync(p, s)) != hipSuccess)
            ++*errors;
    }
    if (hipStreamSynchronize(s) != hipSuccess || hipStreamDestroy(s) != hipSuccess)
        ++*errors;
}

static uint64_t attr(hipMemPool_t pool, hipMemPoolAttr a)
{
    uint64_t v = ~0ull;
    EXPECT_OK(hipMemPoolGetAttribute(pool, a, &v));
    return v;
}

int main()
{
    const int n = 4096;
    const size_t bytes = n * sizeof(int);
    hipStream_t s, other;
    EXPECT_OK(hipStreamCreate(&s));
    EXPECT_OK(hipStreamCreate(&other));

    hipMemPool_t pool = nullptr, cur = nullptr;
    EXPECT_OK(hipDeviceGetDefaultMemPool(&pool, 0));
    EXPECT_OK(hipDeviceGetMemPool(&cur, 0));
    expect(pool && pool == cur, "the default pool is the current one");
    uint64_t keep_all = UINT64_MAX;
    EXPECT_OK(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &keep_all));
    expect(attr(pool, hipMemPoolAttrReleaseThreshold) == UINT64_MAX, "threshold reads back");

    // --- a kernel writes, the stream is held, the free is queued behind it
    int* a = nullptr;
    EXPECT_OK(hipMallocAsync(&a, bytes, s));
    expect(a != nullptr, "hipMallocAsync gives memory");
    fill<<<n / 256, 256, 0, s>>>(a, n, 1000);
    EXPECT_OK(hipLaunchHostFunc(s, hold_stream, nullptr));
    // Pinned: a copy into pageable memory would wait for the held stream.
    int* out = nullptr;
    EXPECT_OK(hipHostMalloc(&out, bytes, 0));
    EXPECT_OK(hipMemcpyAsync(out, a, bytes, hipMemcpyDeviceToHost, s));
    EXPECT_OK(hipFreeAsync(a, s));
    EXPECT_CODE(hipFreeAsync(a, s), hipErrorInvalidValue);    // its free is already queued
    // Freed is not used, though the stream has not reached the free yet
    // (ROCm counts it so; hip-tests' MallocMemPoolAsync_Reuse checks it).
    expect(attr(pool, hipMemPoolAttrUsedMemCurrent) == 0, "used: none once freed");

    // The stream has not reached the free: a new allocation must not get a's memory.
    int* b = nullptr;
    EXPECT_OK(hipMallocAsync(&b, bytes, other));
    expect(b != nullptr && b != a, "memory is not reused before the stream reaches its free");
    expect(attr(pool, hipMemPoolAttrUsedMemCurrent) == bytes, "used: the new block");
    expect(attr(pool, hipMemPoolAttrReservedMemCurrent) == 2 * bytes, "reserved: both blocks");
    fill<<<n / 256, 256, 0, other>>>(b, n, 7);

    gate_open = true;
    EXPECT_OK(hipStreamSynchronize(s));
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += out[i] != 1000 + i;
    expect(bad == 0, "the kernel's data, copied before the free");
    expect(attr(pool, hipMemPoolAttrUsedMemCurrent) == bytes, "used: still the new block");
    expect(attr(pool, hipMemPoolAttrReservedMemCurrent) == 2 * bytes,
           "reserved keeps the freed block (threshold: all)");

    // Now it may be reused.
    int* c = nullptr;
    EXPECT_OK(hipMallocAsync(&c, bytes, s));
    expect(c == a, "the freed block is reused after the stream reached the free");
    EXPECT_OK(hipStreamSynchronize(other));
    EXPECT_OK(hipMemcpy(out, b, bytes, hipMemcpyDeviceToHost));
    bad = 0;
    for (int i = 0; i < n; i++)
        bad += out[i] != 7 + i;
    expect(bad == 0, "the second block's data");

    // On the stream that freed it, a block is reused at once: the new
    // allocation comes after the free in that stream's order (ROCm does
    // the same).  The pending free then leaves the block to its new owner.
    gate_open = false;
    EXPECT_OK(hipLaunchHostFunc(s, hold_stream, nullptr));
    uint64_t used0 = attr(pool, hipMemPoolAttrUsedMemCurrent);
    int* d = nullptr;
    int* e = nullptr;
    EXPECT_OK(hipMallocAsync(&d, bytes, s));
    EXPECT_OK(hipFreeAsync(d, s));
    EXPECT_OK(hipMallocAsync(&e, bytes, s));
    expect(e == d, "a block freed on a stream is reused by that stream before the free runs");
    expect(attr(pool, hipMemPoolAttrUsedMemCurrent) == used0 + bytes, "used: the one block");
    fill<<<n / 256, 256, 0, s>>>(e, n, 5);
    gate_open = true;
    EXPECT_OK(hipStreamSynchronize(s));
    EXPECT_OK(hipMemcpy(out, e, bytes, hipMemcpyDeviceToHost));
    bad = 0;
    for (int i = 0; i < n; i++)
        bad += out[i] != 5 + i;
    expect(bad == 0, "the reused block keeps its new owner's data after the old free ran");
    expect(attr(pool, hipMemPoolAttrUsedMemCurrent) == used0 + bytes, "used: still held");
    EXPECT_OK(hipFreeAsync(e, s));
    EXPECT_OK(hipStreamSynchronize(s));
    expect(attr(pool, hipMemPoolAttrUsedMemCurrent) == used0, "used: freed");

    // A stream that is none is an invalid handle (ROCm's code).
    int* f = nullptr;
    EXPECT_CODE(hipMallocAsync(&f, bytes, reinterpret_cast<hipStream_t>(-1)),
                hipErrorInvalidHandle);
    EXPECT_CODE(hipMallocFromPoolAsync(&f, bytes, pool, reinterpret_cast<hipStream_t>(-1)),
                hipErrorInvalidHandle);
    // b, c and d (reused as e) were held at once.
    expect(attr(pool, hipMemPoolAttrUsedMemHigh) == 3 * bytes, "used high-water mark");
    expect(attr(pool, hipMemPoolAttrReservedMemHigh) == 3 * bytes, "reserved high-water mark");

    // Event dependencies (hipMemPoolReuseFollowEventDependencies, on by
    // default): a stream that waited for an event recorded after a free
    // on another stream is ordered after that free, and may take the
    // block at once; with the attribute off it gets other memory.
    {
        hipStream_t s1, s2;
        hipEvent_t ev;
        EXPECT_OK(hipStreamCreateWithFlags(&s1, hipStreamNonBlocking));
        EXPECT_OK(hipStreamCreateWithFlags(&s2, hipStreamNonBlocking));
        EXPECT_OK(hipEventCreate(&ev));
        for (int follow = 1; follow >= 0; follow--) {
            EXPECT_OK(hipMemPoolSetAttribute(pool, hipMemPoolReuseFollowEventDependencies,
                                             &follow));
            int *x = nullptr, *y = nullptr;
            gate_open = false;
            EXPECT_OK(hipMallocAsync(&x, bytes, s1));
            EXPECT_OK(hipLaunchHostFunc(s1, hold_stream, nullptr));  // the free cannot run yet
            EXPECT_OK(hipFreeAsync(x, s1));
            EXPECT_OK(hipEventRecord(ev, s1));
            EXPECT_OK(hipStreamWaitEvent(s2, ev, 0));
            EXPECT_OK(hipMallocAsync(&y, bytes, s2));
            if (follow)
                expect(y == x, "event dependency: the block freed on s1 is reused on s2");
            else
                expect(y != x, "no event dependencies: s2 gets other memory");
            fill<<<n / 256, 256, 0, s2>>>(y, n, 3);
            gate_open = true;
            EXPECT_OK(hipStreamSynchronize(s2));
            EXPECT_OK(hipMemcpy(out, y, bytes, hipMemcpyDeviceToHost));
            bad = 0;
            for (int i = 0; i < n; i++)
                bad += out[i] != 3 + i;
            expect(bad == 0, "the block's new owner keeps its data after the free ran");
            EXPECT_OK(hipFreeAsync(y, s2));
            EXPECT_OK(hipStreamSynchronize(s1));
            EXPECT_OK(hipStreamSynchronize(s2));
        }
        int one_value = 1;
        EXPECT_OK(hipMemPoolSetAttribute(pool, hipMemPoolReuseFollowEventDependencies,
                                         &one_value));
        EXPECT_OK(hipEventDestroy(ev));
        EXPECT_OK(hipStreamDestroy(s1));
        EXPECT_OK(hipStreamDestroy(s2));
    }

    // --- threshold 0: freed memory goes back at the next synchronisation
    uint64_t zero = 0, five = 5;
    EXPECT_OK(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &zero));
    EXPECT_OK(hipFreeAsync(c, s));
    EXPECT_OK(hipFreeAsync(b, other));
    EXPECT_OK(hipDeviceSynchronize());
    expect(attr(pool, hipMemPoolAttrUsedMemCurrent) == 0, "nothing used");
    expect(attr(pool, hipMemPoolAttrReservedMemCurrent) == 0, "nothing kept above threshold 0");
    EXPECT_OK(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemHigh, &zero));
    expect(attr(pool, hipMemPoolAttrUsedMemHigh) == 0, "used high-water mark reset");
    EXPECT_CODE(hipMemPoolSetAttribute(pool, hipMemPoolAttrReservedMemHigh, &five),
                hipErrorInvalidValue);
    EXPECT_CODE(hipMemPoolSetAttribute(pool, hipMemPoolAttrReservedMemCurrent, &zero),
                hipErrorInvalidValue);
    // A high-water mark resets to 0, as ROCm's, even while the pool still
    // counts a block whose hipFreeAsync has not run (hip-tests'
    // hipGetProcAddress StreamOrderedMemory case asks exactly that).
    void* pending = nullptr;
    EXPECT_OK(hipMallocFromPoolAsync(&pending, 1024, pool, s));
    EXPECT_OK(hipFreeAsync(pending, s));
    EXPECT_OK(hipMemPoolSetAttribute(pool, hipMemPoolAttrReservedMemHigh, &zero));
    EXPECT_OK(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemHigh, &zero));
    expect(attr(pool, hipMemPoolAttrReservedMemHigh) == 0, "reserved high-water mark reset: 0");
    expect(attr(pool, hipMemPoolAttrUsedMemHigh) == 0, "used high-water mark reset: 0");
    EXPECT_OK(hipStreamSynchronize(s));
    EXPECT_CODE(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &zero),
                hipErrorInvalidValue);
    EXPECT_CODE(hipMemPoolGetAttribute(pool, (hipMemPoolAttr)99, &five), hipErrorInvalidValue);
    int reuse = -1;
    EXPECT_OK(hipMemPoolGetAttribute(pool, hipMemPoolReuseAllowOpportunistic, &reuse));
    expect(reuse == 1, "opportunistic reuse is on by default");

    // --- a created pool: hipMallocFromPoolAsync, hipFree keeps its accounting, trim
    hipMemPoolProps props = {};
    props.allocType = hipMemAllocationTypePinned;
    props.location.type = hipMemLocationTypeDevice;
    props.location.id = 0;
    hipMemPool_t mine = nullptr;
    EXPECT_OK(hipMemPoolCreate(&mine, &props));
    EXPECT_OK(hipMemPoolSetAttribute(mine, hipMemPoolAttrReleaseThreshold, &keep_all));
    void* p1 = nullptr;
    EXPECT_OK(hipMallocFromPoolAsync(&p1, 1000, mine, s));
    expect(attr(mine, hipMemPoolAttrUsedMemCurrent) == 1024, "used: 1000 bytes in 256-byte units");
    expect(attr(pool, hipMemPoolAttrUsedMemCurrent) == 0, "the default pool is not charged");
    EXPECT_OK(hipMemsetAsync(p1, 0x5a, 1000, s));
    unsigned char byte = 0;
    EXPECT_OK(hipMemcpy(&byte, (char*)p1 + 999, 1, hipMemcpyDeviceToHost));
    expect(byte == 0x5a, "pool memory works with hipMemset and hipMemcpy");
    EXPECT_OK(hipFree(p1));
    expect(attr(mine, hipMemPoolAttrUsedMemCurrent) == 0, "hipFree returns pool memory to the pool");
    expect(attr(mine, hipMemPoolAttrReservedMemCurrent) == 1024, "and the pool keeps it");
    EXPECT_CODE(hipFree(p1), hipErrorInvalidValue);   // twice
    EXPECT_OK(hipMemPoolTrimTo(mine, 0));
    expect(attr(mine, hipMemPoolAttrReservedMemCurrent) == 0, "hipMemPoolTrimTo(0) gives it back");

    // The device's current pool: hipMallocAsync takes from it.
    EXPECT_OK(hipDeviceSetMemPool(0, mine));
    EXPECT_OK(hipDeviceGetMemPool(&cur, 0));
    expect(cur == mine, "hipDeviceGetMemPool returns the pool set");
    void* p2 = nullptr;
    EXPECT_OK(hipMallocAsync(&p2, 512, s));
    expect(attr(mine, hipMemPoolAttrUsedMemCurrent) == 512, "hipMallocAsync uses the current pool");
    EXPECT_OK(hipFreeAsync(p2, s));
    EXPECT_OK(hipStreamSynchronize(s));

    // Access: the pool's own device always reads and writes.
    hipMemAccessFlags flags = hipMemAccessFlagsProtNone;
    hipMemLocation loc = {hipMemLocationTypeDevice, 0};
    EXPECT_OK(hipMemPoolGetAccess(&flags, mine, &loc));
    expect(flags == hipMemAccessFlagsProtReadWrite, "own device: read-write");
    hipMemAccessDesc desc = {loc, hipMemAccessFlagsProtReadWrite};
    EXPECT_OK(hipMemPoolSetAccess(mine, &desc, 1));
    desc.flags = hipMemAccessFlagsProtNone;
    EXPECT_CODE(hipMemPoolSetAccess(mine, &desc, 1), hipErrorInvalidDevice);
    desc.flags = hipMemAccessFlagsProtReadWrite;
    desc.location.id = 99;  // a device that is none: ROCm's hipErrorInvalidDevice
    EXPECT_CODE(hipMemPoolSetAccess(mine, &desc, 1), hipErrorInvalidDevice);
    desc.location.id = -1;
    EXPECT_CODE(hipMemPoolSetAccess(mine, &desc, 1), hipErrorInvalidDevice);
    desc.location.id = 0;
    desc.location.type = hipMemLocationTypeInvalid;  // not a device at all
    EXPECT_CODE(hipMemPoolSetAccess(mine, &desc, 1), hipErrorInvalidValue);
    desc.location.type = hipMemLocationTypeDevice;
    loc.type = hipMemLocationTypeInvalid;
    EXPECT_CODE(hipMemPoolGetAccess(&flags, mine, &loc), hipErrorInvalidValue);

    EXPECT_OK(hipMemPoolDestroy(mine));
    EXPECT_OK(hipDeviceGetMemPool(&cur, 0));
    expect(cur == pool, "destroying the current pool makes the default current again");
    EXPECT_CODE(hipMemPoolTrimTo(mine, 0), hipErrorInvalidValue);   // gone

    // --- several host threads at once, on the default pool
    EXPECT_OK(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &keep_all));
    {
        const int threads = 4;
        int errors[threads] = {};
        std::vector<std::thread> team;
        for (int t = 0; t < threads; t++)
            team.emplace_back(worker, t, &errors[t]);
        for (auto& t : team)
            t.join();
        int total = 0;
        for (int e : errors)
            total += e;
        expect(total == 0, "four threads allocating, checking and freeing at once");
    }
    EXPECT_OK(hipDeviceSynchronize());
    expect(attr(pool, hipMemPoolAttrUsedMemCurrent) == 0, "threads: everything given back");
    expect(attr(pool, hipMemPoolAttrReservedMemCurrent) > 0, "threads: the pool kept memory");
    EXPECT_OK(hipMemPoolTrimTo(pool, 0));
    expect(attr(pool, hipMemPoolAttrReservedMemCurrent) == 0, "trimmed to nothing");

    // --- errors, as ROCm returns them
    void* q = nullptr;
    EXPECT_CODE(hipMallocAsync(nullptr, 16, s), hipErrorInvalidValue);
    EXPECT_OK(hipMallocAsync(&q, 0, s));
    expect(q == nullptr, "size 0: success and a null pointer");
    EXPECT_CODE(hipFreeAsync(nullptr, s), hipErrorInvalidValue);
    int host_value = 0;
    EXPECT_CODE(hipFreeAsync(&host_value, s), hipErrorInvalidValue);
    EXPECT_CODE(hipMallocFromPoolAsync(&q, 16, nullptr, s), hipErrorInvalidValue);
    EXPECT_CODE(hipMemPoolGetAttribute(nullptr, hipMemPoolAttrUsedMemCurrent, &five),
                hipErrorInvalidValue);
    EXPECT_CODE(hipMemPoolGetAttribute(pool, hipMemPoolAttrUsedMemCurrent, nullptr),
                hipErrorInvalidValue);
    EXPECT_CODE(hipDeviceGetDefaultMemPool(nullptr, 0), hipErrorInvalidValue);
    EXPECT_CODE(hipDeviceGetDefaultMemPool(&cur, 99), hipErrorInvalidDevice);
    EXPECT_CODE(hipDeviceGetMemPool(&cur, 99), hipErrorInvalidValue);
    EXPECT_CODE(hipDeviceSetMemPool(0, nullptr), hipErrorInvalidValue);
    EXPECT_CODE(hipMemPoolDestroy(nullptr), hipErrorInvalidValue);
    EXPECT_CODE(hipMemPoolDestroy(pool), hipErrorInvalidValue);     // the default pool
    EXPECT_CODE(hipMemPoolCreate(nullptr, &props), hipErrorInvalidValue);
    props.allocType = hipMemAllocationTypeInvalid;
    EXPECT_CODE(hipMemPoolCreate(&mine, &props), hipErrorInvalidValue);
    props.allocType = hipMemAllocationTypePinned;
    props.location.id = 99;
    EXPECT_CODE(hipMemPoolCreate(&mine, &props), hipErrorInvalidValue);

    // maxSize, as ROCm counts it: new memory must fit beside the pool's
    // reserved high-water mark, so a trimmed pool still refuses until
    // that mark is reset (hip-tests' hipMemPoolTrimTo check pins this).
    {
        hipMemPoolProps lp = {};
        lp.allocType = hipMemAllocationTypePinned;
        lp.location.type = hipMemLocationTypeDevice;
        lp.location.id = 0;
        lp.maxSize = 1 << 20;
        hipMemPool_t limited = nullptr;
        EXPECT_OK(hipMemPoolCreate(&limited, &lp));
        void *m1 = nullptr, *m2 = nullptr;
        EXPECT_OK(hipMallocFromPoolAsync(&m1, 1 << 20, limited, s));
        EXPECT_CODE(hipMallocFromPoolAsync(&m2, 4096, limited, s), hipErrorOutOfMemory);
        EXPECT_OK(hipFreeAsync(m1, s));
        EXPECT_OK(hipStreamSynchronize(s));
        EXPECT_OK(hipMemPoolTrimTo(limited, 0));
        expect(attr(limited, hipMemPoolAttrReservedMemCurrent) == 0, "maxSize: trimmed to 0");
        m2 = nullptr;
        EXPECT_CODE(hipMallocFromPoolAsync(&m2, 1 << 20, limited, s), hipErrorOutOfMemory);
        expect(m2 == nullptr, "maxSize: refused after a trim (the high-water mark counts)");
        uint64_t reset = 0;
        EXPECT_OK(hipMemPoolSetAttribute(limited, hipMemPoolAttrReservedMemHigh, &reset));
        EXPECT_OK(hipMallocFromPoolAsync(&m2, 1 << 20, limited, s));
        expect(m2 != nullptr, "maxSize: allowed again once the high-water mark is reset");
        EXPECT_OK(hipFreeAsync(m2, s));
        EXPECT_OK(hipStreamSynchronize(s));
        EXPECT_OK(hipMemPoolDestroy(limited));
        (void)hipGetLastError();
    }

    // hipFreeAsync of hipMalloc memory frees it in stream order too.
    void* plain = nullptr;
    EXPECT_OK(hipMalloc(&plain, 64));
    EXPECT_OK(hipFreeAsync(plain, s));
    EXPECT_OK(hipStreamSynchronize(s));
    EXPECT_CODE(hipFree(plain), hipErrorInvalidValue);
    (void)hipGetLastError();

    EXPECT_OK(hipHostFree(out));
    EXPECT_OK(hipStreamDestroy(s));
    EXPECT_OK(hipStreamDestroy(other));
    if (failures) {
        std::printf("mempool: %d failures\n", failures);
        return 1;
    }
    std::printf("mempool: PASS\n");
    return 0;
}
