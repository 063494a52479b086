// Kernels of different streams run at the same time, as on hardware,
// where the MEC serves each stream's queue and waves of several
// dispatches share the CUs:
//
//   1. a ring between two kernels: a consumer on one stream spins (an
//      agent-scope atomic load of device memory) until a producer on
//      another stream has written the next item, and the producer waits
//      for the consumer to free a slot; 10 pairs of 500 items through 4
//      slots, consumer launched first and producer first, every value
//      checked;
//   2. two independent kernels of one-group-per-CU workgroups (60 KiB of
//      LDS each), three waves of groups each: every group takes a ticket
//      from one counter as it starts, and the second kernel's groups take
//      tickets before the first kernel's last ones: they shared the CUs;
//   3. a kernel that faults on one stream while a kernel on another runs:
//      the fault is reported (naming the faulting kernel) and the other
//      kernel still finishes with the right results.
//
// With kernels of different queues run one after the other (the
// synchronous board, BAREHIP_SIM_SYNC=1), 1 and 3 end in the deadlock
// detector and 2 sees no interleaving.
#include <hip/hip_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>



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

constexpr unsigned SLOTS = 4;

__device__ static unsigned load_acquire(const unsigned* p)
{
    return __hip_atomic_load(p, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT);
}

__device__ static void store_release(unsigned* p, unsigned v)
{
    __hip_atomic_store(p, v, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
}

__device__ static unsigned item(unsigned pair, unsigned i)
{
    return pair * 100003u + i * 7919u + 1;
}

// head: items written; tail: items consumed (both count up from 0).
__global__ void producer(unsigned* ring, unsigned* head, unsigned* tail, unsigned n,
                         unsigned pair)
{
    if (threadIdx.x)
        return;
    for (unsigned i = 0; i < n; i++) {
        while (i - load_acquire(tail) >= SLOTS) {
        }
        ring[i % SLOTS] = item(pair, i);
        store_release(head, i + 1);
    }
}

__global__ void consumer(const unsigned* ring, unsigned* head, unsigned* tail, unsigned n,
                         unsigned pair, unsigned* wrong)
{
    if (threadIdx.x)
        return;
    for (unsigned i = 0; i < n; i++) {
        while (load_acquire(head) <= i) {
        }
        if (ring[i % SLOTS] != item(pair, i))
            atomicAdd(wrong, 1u);
        store_release(tail, i + 1);
    }
}

static void ring_pairs(hipStream_t& a, hipStream_t& b, bool consumer_first)
{
    constexpr unsigned PAIRS = 10, ITEMS = 500;
    unsigned *ring, *head, *tail, *wrong;

    HIP_CHECK(hipMalloc(&ring, PAIRS * SLOTS * sizeof(unsigned)));
    HIP_CHECK(hipMalloc(&head, PAIRS * sizeof(unsigned)));
    HIP_CHECK(hipMalloc(&tail, PAIRS * sizeof(unsigned)));
    HIP_CHECK(hipMalloc(&wrong, sizeof(unsigned)));
    HIP_CHECK(hipMemset(head, 0, PAIRS * sizeof(unsigned)));
    HIP_CHECK(hipMemset(tail, 0, PAIRS * sizeof(unsigned)));
    HIP_CHECK(hipMemset(wrong, 0, sizeof(unsigned)));
    HIP_CHECK(hipDeviceSynchronize());
    for (unsigned p = 0; p < PAIRS; p++) {
        if (consumer_first) {
            consumer<<<1, 64, 0, a>>>(ring + p * SLOTS, head + p, tail + p, ITEMS, p, wrong);
            producer<<<1, 64, 0, b>>>(ring + p * SLOTS, head + p, tail + p, ITEMS, p);
        } else {
            producer<<<1, 64, 0, b>>>(ring + p * SLOTS, head + p, tail + p, ITEMS, p);
            consumer<<<1, 64, 0, a>>>(ring + p * SLOTS, head + p, tail + p, ITEMS, p, wrong);
        }
    }
    hipError_t ea = hipStreamSynchronize(a), eb = hipStreamSynchronize(b);
    unsigned bad = ~0u, heads[PAIRS] = {}, tails[PAIRS] = {};

    if (ea == hipSuccess && eb == hipSuccess) {
        HIP_CHECK(hipMemcpy(&bad, wrong, sizeof(bad), hipMemcpyDeviceToHost));
        HIP_CHECK(hipMemcpy(heads, head, sizeof(heads), hipMemcpyDeviceToHost));
        HIP_CHECK(hipMemcpy(tails, tail, sizeof(tails), hipMemcpyDeviceToHost));
    } else {
        std::printf("  %s\n", bh_get_last_error_message());
    }
    unsigned moved = 0;

    for (unsigned p = 0; p < PAIRS; p++)
        moved += heads[p] == ITEMS && tails[p] == ITEMS;
    std::printf("ring (%s first): %u pairs of %u items through %u slots, %u wrong\n",
                consumer_first ? "consumer" : "producer", moved, ITEMS, SLOTS, bad);
    expect(ea == hipSuccess && eb == hipSuccess, "both streams finish");
    expect(moved == PAIRS && bad == 0, "every item through the ring, right");
    if (ea != hipSuccess || eb != hipSuccess) {
        HIP_CHECK(hipDeviceReset());  // and new streams for what follows
        HIP_CHECK(hipStreamCreate(&a));
        HIP_CHECK(hipStreamCreate(&b));
    } else {
        HIP_CHECK(hipFree(ring));
        HIP_CHECK(hipFree(head));
        HIP_CHECK(hipFree(tail));
        HIP_CHECK(hipFree(wrong));
    }
}

constexpr unsigned LDS_BYTES = 60 * 1024;

// Register-only work; the host computes the same (work_host).
__device__ static unsigned work(unsigned seed, unsigned iters)
{
    unsigned x = seed;

    for (unsigned i = 0; i < iters; i++)
        x = x * 1103515245u + 12345u;
    return x;
}

static unsigned work_host(unsigned seed, unsigned iters)
{
    unsigned x = seed;

    for (unsigned i = 0; i < iters; i++)
        x = x * 1103515245u + 12345u;
    return x;
}

// Thread 0 takes a ticket as the group starts; the group then computes.
__global__ void ticketed(unsigned* counter, unsigned* tickets, unsigned* out, unsigned iters)
{
    extern __shared__ unsigned lds[];
    __shared__ unsigned ticket;

    if (threadIdx.x == 0)
        ticket = atomicAdd(counter, 1u);
    __syncthreads();
    lds[threadIdx.x] = work(threadIdx.x + blockIdx.x, iters);
    __syncthreads();
    if (threadIdx.x == 0) {
        tickets[blockIdx.x] = ticket;
        out[blockIdx.x] = lds[5];
    }
}

static void interleave(hipStream_t a, hipStream_t b)
{
    hipDeviceProp_t prop;
    HIP_CHECK(hipGetDeviceProperties(&prop, 0));
    const unsigned groups = 3 * (unsigned)prop.multiProcessorCount, iters = 2000;
    unsigned *counter, *tickets;
    unsigned* out;

    HIP_CHECK(hipMalloc(&counter, sizeof(unsigned)));
    HIP_CHECK(hipMalloc(&tickets, 2 * groups * sizeof(unsigned)));
    HIP_CHECK(hipMalloc(&out, 2 * groups * sizeof(unsigned)));
    HIP_CHECK(hipMemset(counter, 0, sizeof(unsigned)));
    HIP_CHECK(hipDeviceSynchronize());
    ticketed<<<groups, 64, LDS_BYTES, a>>>(counter, tickets, out, iters);
    ticketed<<<groups, 64, LDS_BYTES, b>>>(counter, tickets + groups, out + groups, iters);
    HIP_CHECK(hipStreamSynchronize(a));
    HIP_CHECK(hipStreamSynchronize(b));
    std::vector<unsigned> t(2 * groups);
    std::vector<unsigned> o(2 * groups);

    HIP_CHECK(hipMemcpy(t.data(), tickets, t.size() * sizeof(unsigned), hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(o.data(), out, o.size() * sizeof(unsigned), hipMemcpyDeviceToHost));
    unsigned first_a = ~0u, last_a = 0, first_b = ~0u, last_b = 0, wrong = 0;
    std::vector<bool> seen(2 * groups);

    for (unsigned g = 0; g < groups; g++) {
        first_a = t[g] < first_a ? t[g] : first_a;
        last_a = t[g] > last_a ? t[g] : last_a;
        first_b = t[groups + g] < first_b ? t[groups + g] : first_b;
        last_b = t[groups + g] > last_b ? t[groups + g] : last_b;
    }
    for (unsigned g = 0; g < 2 * groups; g++) {
        wrong += o[g] != work_host(5 + g % groups, iters);
        if (t[g] < 2 * groups)
            seen[t[g]] = true;
    }
    unsigned tickets_ok = 0;

    for (unsigned g = 0; g < 2 * groups; g++)
        tickets_ok += seen[g];
    std::printf("interleave: 2 x %u groups, tickets %u of %u, first kernel's %u..%u, "
                "second's %u..%u, %u wrong\n", groups, tickets_ok, 2 * groups, first_a, last_a,
                first_b, last_b, wrong);
    expect(tickets_ok == 2 * groups, "one ticket per group");
    // Run one after the other, either kernel's tickets would all come
    // before the other's.
    expect(first_b < last_a && first_a < last_b, "the kernels' groups started interleaved");
    expect(wrong == 0, "both kernels' results");
    HIP_CHECK(hipFree(counter));
    HIP_CHECK(hipFree(tickets));
    HIP_CHECK(hipFree(out));
}

// Waits until the faulter ran, then computes into host memory.
__global__ void waiter(unsigned* flag, unsigned* out, unsigned* done, unsigned iters)
{
    if (threadIdx.x == 0)
        while (!load_acquire(flag)) {
        }
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = work(threadIdx.x + blockIdx.x, iters);
    __syncthreads();
    if (threadIdx.x == 0)
        __hip_atomic_fetch_add(done, 1u, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_SYSTEM);
}

__global__ void faulter(unsigned* flag, unsigned* nowhere)
{
    store_release(flag, 1);
    nowhere[threadIdx.x] = 1;  // unmapped: a memory fault
}

static void fault_beside(hipStream_t a, hipStream_t b)
{
    constexpr unsigned BLOCKS = 4, THREADS = 64, ITERS = 3000;
    unsigned *flag, *done, *out;

    HIP_CHECK(hipMalloc(&flag, sizeof(unsigned)));
    HIP_CHECK(hipMemset(flag, 0, sizeof(unsigned)));
    HIP_CHECK(hipHostMalloc(&out, BLOCKS * THREADS * sizeof(unsigned)));
    HIP_CHECK(hipHostMalloc(&done, sizeof(unsigned)));
    std::memset(out, 0, BLOCKS * THREADS * sizeof(unsigned));
    *done = 0;
    HIP_CHECK(hipDeviceSynchronize());
    waiter<<<BLOCKS, THREADS, 0, a>>>(flag, out, done, ITERS);
    faulter<<<1, 64, 0, b>>>(flag, reinterpret_cast<unsigned*>(0x7f0000001000ull));
    hipError_t eb = hipStreamSynchronize(b);
    bool named = std::strstr(bh_get_last_error_message(), "faulter") != nullptr;

    std::printf("fault: the faulting stream says %d (%s)\n", eb,
                bh_get_last_error_message());
    // The waiter's results are in host memory: read them without the
    // runtime, which now reports the device's fault on every stream.
    auto t0 = std::chrono::steady_clock::now();
    while (__atomic_load_n(done, __ATOMIC_ACQUIRE) != BLOCKS &&
           std::chrono::steady_clock::now() - t0 < std::chrono::seconds(20)) {
    }
    unsigned finished = __atomic_load_n(done, __ATOMIC_ACQUIRE), wrong = 0;

    for (unsigned blk = 0; blk < BLOCKS; blk++)
        for (unsigned th = 0; th < THREADS; th++)
            wrong += out[blk * THREADS + th] != work_host(th + blk, ITERS);
    std::printf("fault: the kernel beside it finished %u of %u groups, %u wrong\n", finished,
                BLOCKS, wrong);
    expect(eb != hipSuccess, "the fault is reported on its stream");
    expect(named, "the report names the faulting kernel");
    expect(finished == BLOCKS && wrong == 0, "the kernel beside it finishes, right");
    hipStreamSynchronize(a);
    HIP_CHECK(hipDeviceReset());
}

int main()
{
    hipStream_t a, b;

    HIP_CHECK(hipStreamCreate(&a));
    HIP_CHECK(hipStreamCreate(&b));
    ring_pairs(a, b, true);
    ring_pairs(a, b, false);
    interleave(a, b);
    fault_beside(a, b);
    if (failures) {
        std::printf("FAIL: %d check(s)\n", failures);
        return 1;
    }
    std::printf("PASS\n");
    return 0;
}
