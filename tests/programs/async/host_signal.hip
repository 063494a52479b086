// The host and a running kernel talking through pinned host memory, as
// HIP programs do on hardware: the board runs beside the host, so a
// launch returns while its kernel still runs, and each side can wait for
// the other with system-scope atomics on hipHostMalloc memory.
//
//   1. a kernel spins until the host sets a flag, which the host does
//      only after the launch returned and 200 ms passed; meanwhile
//      hipStreamQuery and hipEventQuery say hipErrorNotReady, and the
//      events around the kernel time the wait;
//   2. the host spins on a flag the running kernel sets, then lets the
//      kernel go on;
//   3. a ring in host memory: the kernel produces 1000 items, the host
//      consumes each and acknowledges it (head and tail indices), every
//      value checked;
//   4. copies on a second stream finish while a kernel on the first still
//      runs (it waits for a flag the host sets only after the copies);
//   5. a stream that waits for an event behind a waiting kernel is itself
//      not done: hipStreamQuery says so, hipStreamSynchronize waits.
//
// On a board that runs a kernel inside the launch call (BAREHIP_SIM_SYNC=1)
// none of this can work: the kernel waits for a host that is blocked in
// the launch, and the board reports a deadlock.
#include <hip/hip_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#define HIP_CHECK(expression)                                                  \
    do {                                                                       \
        const hipError_t status = (expression);                                \
        if (status != hipSuccess) {                                            \
            std::fprintf(stderr, "HIP error %d (%s) at %s:%d: %s\n", status,   \
                         hipGetErrorString(status), __FILE__, __LINE__,        \
                         #expression);                                         \
            std::exit(EXIT_FAILURE);                                           \
        }                                                                      \
    } while (0)

static int failures;

static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::printf("  FAILED: %s\n", what);
        ++failures;
    }
}

using clk = std::chrono::steady_clock;

__device__ static unsigned load_acquire(const unsigned* p)
{
    return __hip_atomic_load(p, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_SYSTEM);
}

__device__ static void store_release(unsigned* p, unsigned v)
{
    __hip_atomic_store(p, v, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_SYSTEM);
}

static unsigned host_load(const unsigned* p)
{
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

static void host_store(unsigned* p, unsigned v)
{
    __atomic_store_n(p, v, __ATOMIC_RELEASE);
}

// Spin on the host for @p to become non-zero, at most @ms milliseconds.
static bool host_wait_nonzero(const unsigned* p, int ms)
{
    const auto end = clk::now() + std::chrono::milliseconds(ms);

    while (!host_load(p)) {
        if (clk::now() > end)
            return false;
        std::this_thread::yield();
    }
    return true;
}

// 1. Wait for the host's flag, then answer with it plus one.
__global__ void wait_for_host(const unsigned* flag, unsigned* answer)
{
    unsigned v;

    while ((v = load_acquire(flag)) == 0)
        __builtin_amdgcn_s_sleep(2);
    *answer = v + 1;
}

// 1b. The same in blocks @from and up (those below end at once): many
// waves wait at once, so the board runs this dispatch on all its host
// threads (BAREHIP_SIM_THREADS); each block adds its answer.  With
// @from 1 of 2 blocks, the thread that runs block 0 ends its part first
// and only another waits.
__global__ void wait_for_host_from(const unsigned* flag, unsigned* answer, unsigned from)
{
    if (blockIdx.x >= from)
        while (load_acquire(flag) == 0)
            __builtin_amdgcn_s_sleep(2);
    if (threadIdx.x == 0)
        atomicAdd_system(answer, 1u);
}

// 2. Tell the host we run, wait for it to say go, then finish.
__global__ void handshake(unsigned* started, const unsigned* go, unsigned* done)
{
    store_release(started, 1);
    while (!load_acquire(go))
        __builtin_amdgcn_s_sleep(2);
    store_release(done, 7);
}

// 3. The producer side of a ring of @slots items in host memory: wait
// for room (the host's tail), write the item, publish the new head.
__global__ void produce(unsigned* ring, unsigned slots, unsigned* head, const unsigned* tail,
                        unsigned count)
{
    for (unsigned i = 0; i < count; i++) {
        while (i - load_acquire(tail) >= slots)
            __builtin_amdgcn_s_sleep(1);
        ring[i % slots] = i * 7u + 3u;
        store_release(head, i + 1);
    }
}

static void test_kernel_waits_for_host()
{
    unsigned *flag, *answer;
    hipStream_t s;
    hipEvent_t start, stop;

    HIP_CHECK(hipHostMalloc(&flag, sizeof(unsigned)));
    HIP_CHECK(hipHostMalloc(&answer, sizeof(unsigned)));
    *flag = 0;
    *answer = 0;
    HIP_CHECK(hipStreamCreate(&s));
    HIP_CHECK(hipEventCreate(&start));
    HIP_CHECK(hipEventCreate(&stop));
    HIP_CHECK(hipEventRecord(start, s));
    hipLaunchKernelGGL(wait_for_host, dim3(1), dim3(1), 0, s, flag, answer);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipEventRecord(stop, s));
    // The launch returned with the kernel still waiting for us.
    expect(hipStreamQuery(s) == hipErrorNotReady,
           "hipStreamQuery is hipErrorNotReady while the kernel waits");
    expect(hipEventQuery(stop) == hipErrorNotReady,
           "hipEventQuery is hipErrorNotReady while the kernel waits");
    // The 200 ms start once the board has taken the start timestamp: on
    // a loaded machine its CP thread may be scheduled late, and the
    // events then time less than our sleep.
    const auto began = clk::now();
    while (hipEventQuery(start) == hipErrorNotReady && clk::now() - began < std::chrono::seconds(10))
        std::this_thread::yield();
    expect(hipEventQuery(start) == hipSuccess, "the start event completed while the kernel waits");
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    expect(hipStreamQuery(s) == hipErrorNotReady, "still hipErrorNotReady after 200 ms");
    expect(host_load(answer) == 0, "the kernel has not answered before the flag");
    host_store(flag, 41);
    HIP_CHECK(hipStreamSynchronize(s));
    expect(host_load(answer) == 42, "the kernel answered with the host's flag + 1");
    expect(hipStreamQuery(s) == hipSuccess, "hipStreamQuery is hipSuccess after");
    expect(hipEventQuery(stop) == hipSuccess, "hipEventQuery is hipSuccess after");
    float ms = 0;
    HIP_CHECK(hipEventElapsedTime(&ms, start, stop));
    expect(ms >= 190.0f, "the events time the kernel's 200 ms wait");
    std::printf("kernel waited for the host: answer %u, events %.1f ms\n", *answer, ms);
    HIP_CHECK(hipEventDestroy(start));
    HIP_CHECK(hipEventDestroy(stop));
    HIP_CHECK(hipStreamDestroy(s));
    HIP_CHECK(hipHostFree(flag));
    HIP_CHECK(hipHostFree(answer));
}

static void test_host_waits_for_kernel()
{
    unsigned* w;    // started, go, done

    HIP_CHECK(hipHostMalloc(&w, 3 * sizeof(unsigned)));
    w[0] = w[1] = w[2] = 0;
    hipLaunchKernelGGL(handshake, dim3(1), dim3(1), 0, 0, &w[0], &w[1], &w[2]);
    HIP_CHECK(hipGetLastError());
    const bool started = host_wait_nonzero(&w[0], 10000);
    expect(started, "the host saw the running kernel's flag");
    expect(host_load(&w[2]) == 0, "the kernel waits for the host's go");
    host_store(&w[1], 1);
    HIP_CHECK(hipDeviceSynchronize());
    expect(host_load(&w[2]) == 7, "the kernel finished after the go");
    std::printf("host waited for the kernel: started %u done %u\n", w[0], w[2]);
    HIP_CHECK(hipHostFree(w));
}

static void test_ring()
{
    const unsigned slots = 16, count = 1000;
    unsigned *ring, *idx;    // idx[0] head (device), idx[1] tail (host)
    unsigned bad = 0, got = 0;

    HIP_CHECK(hipHostMalloc(&ring, slots * sizeof(unsigned)));
    HIP_CHECK(hipHostMalloc(&idx, 2 * sizeof(unsigned)));
    idx[0] = idx[1] = 0;
    hipLaunchKernelGGL(produce, dim3(1), dim3(1), 0, 0, ring, slots, &idx[0], &idx[1], count);
    HIP_CHECK(hipGetLastError());
    const auto end = clk::now() + std::chrono::seconds(20);
    for (unsigned tail = 0; tail < count && clk::now() < end;) {
        if (host_load(&idx[0]) == tail) {
            std::this_thread::yield();
            continue;
        }
        const unsigned v = __atomic_load_n(&ring[tail % slots], __ATOMIC_RELAXED);
        if (v != tail * 7u + 3u && bad++ < 5)
            std::printf("  item %u is %u, expected %u\n", tail, v, tail * 7u + 3u);
        host_store(&idx[1], ++tail);
        got = tail;
    }
    HIP_CHECK(hipDeviceSynchronize());
    expect(got == count, "the host consumed all 1000 items");
    expect(bad == 0, "every item has the value the kernel produced");
    std::printf("ring: %u items through %u slots, %u wrong\n", got, slots, bad);
    HIP_CHECK(hipHostFree(ring));
    HIP_CHECK(hipHostFree(idx));
}

// A copy on stream 2 runs while stream 1's kernel of @blocks blocks
// (those from @from on) waits for the host; the host sets the flag only
// after the copy is done.
static void test_copy_beside_kernel(unsigned blocks, unsigned from)
{
    const size_t n = 1 << 16, bytes = n * sizeof(int);
    unsigned *flag, *answer;
    int *src, *back, *dev;
    hipStream_t s1, s2;

    HIP_CHECK(hipHostMalloc(&flag, sizeof(unsigned)));
    HIP_CHECK(hipHostMalloc(&answer, sizeof(unsigned)));
    HIP_CHECK(hipHostMalloc(&src, bytes));
    HIP_CHECK(hipHostMalloc(&back, bytes));
    HIP_CHECK(hipMalloc(&dev, bytes));
    for (size_t i = 0; i < n; i++) {
        src[i] = (int)(i * 2654435761u);
        back[i] = -1;
    }
    *flag = 0;
    *answer = 0;
    HIP_CHECK(hipStreamCreateWithFlags(&s1, hipStreamNonBlocking));
    HIP_CHECK(hipStreamCreateWithFlags(&s2, hipStreamNonBlocking));
    if (blocks == 1)
        hipLaunchKernelGGL(wait_for_host, dim3(1), dim3(1), 0, s1, flag, answer);
    else
        hipLaunchKernelGGL(wait_for_host_from, dim3(blocks), dim3(64), 0, s1, flag, answer,
                           from);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipMemcpyAsync(dev, src, bytes, hipMemcpyHostToDevice, s2));
    HIP_CHECK(hipMemcpyAsync(back, dev, bytes, hipMemcpyDeviceToHost, s2));
    // Stream 2 finishes while stream 1's kernel still waits for the flag
    // the host sets only after that (at most 5 s: then the copies were
    // held behind the kernel).
    const auto end = clk::now() + std::chrono::seconds(5);
    hipError_t q;
    while ((q = hipStreamQuery(s2)) == hipErrorNotReady && clk::now() < end)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    expect(q == hipSuccess, "the copies on stream 2 finish while stream 1's kernel runs");
    expect(hipStreamQuery(s1) == hipErrorNotReady, "stream 1's kernel still waits");
    size_t wrong = 0;
    for (size_t i = 0; i < n; i++)
        wrong += back[i] != src[i];
    expect(wrong == 0, "the copied data came back");
    host_store(flag, 1);
    HIP_CHECK(hipStreamSynchronize(s1));
    HIP_CHECK(hipStreamSynchronize(s2));
    expect(host_load(answer) == (blocks == 1 ? 2u : blocks),
           "stream 1's kernel finished after the flag");
    std::printf("copy beside a kernel of %u block(s), %u waiting: %s, %zu wrong\n", blocks,
                blocks - from,
                q == hipSuccess ? "done while the kernel ran" : "held behind the kernel", wrong);
    HIP_CHECK(hipStreamDestroy(s1));
    HIP_CHECK(hipStreamDestroy(s2));
    HIP_CHECK(hipFree(dev));
    HIP_CHECK(hipHostFree(src));
    HIP_CHECK(hipHostFree(back));
    HIP_CHECK(hipHostFree(flag));
    HIP_CHECK(hipHostFree(answer));
}

static void test_stream_waits_event()
{
    unsigned *flag, *answer;
    hipStream_t a, b;
    hipEvent_t e;

    HIP_CHECK(hipHostMalloc(&flag, sizeof(unsigned)));
    HIP_CHECK(hipHostMalloc(&answer, sizeof(unsigned)));
    *flag = 0;
    *answer = 0;
    HIP_CHECK(hipStreamCreate(&a));
    HIP_CHECK(hipStreamCreate(&b));
    HIP_CHECK(hipEventCreate(&e));
    hipLaunchKernelGGL(wait_for_host, dim3(1), dim3(1), 0, a, flag, answer);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipEventRecord(e, a));
    HIP_CHECK(hipStreamWaitEvent(b, e, 0));
    expect(hipStreamQuery(b) == hipErrorNotReady,
           "a stream waiting for a pending event is not ready");
    std::thread setter([flag] {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        host_store(flag, 9);
    });
    HIP_CHECK(hipStreamSynchronize(b));
    expect(host_load(answer) == 10, "hipStreamSynchronize waited for the event it waits for");
    setter.join();
    HIP_CHECK(hipStreamSynchronize(a));
    HIP_CHECK(hipEventDestroy(e));
    HIP_CHECK(hipStreamDestroy(a));
    HIP_CHECK(hipStreamDestroy(b));
    HIP_CHECK(hipHostFree(flag));
    HIP_CHECK(hipHostFree(answer));
    std::printf("a stream waited for another's event: answer 10\n");
}

int main()
{
    test_kernel_waits_for_host();
    test_host_waits_for_kernel();
    test_ring();
    test_copy_beside_kernel(1, 0);
    test_copy_beside_kernel(16, 0);
    test_copy_beside_kernel(2, 1);
    test_stream_waits_event();
    if (failures) {
        std::printf("FAIL: %d check(s)\n", failures);
        return EXIT_FAILURE;
    }
    std::printf("PASS\n");
    return EXIT_SUCCESS;
}
