// Events between host threads: one thread records an event on its
// stream, others make their streams wait for it (hipStreamWaitEvent),
// wait for it on the host (hipEventSynchronize) and ask after it
// (hipEventQuery).  The producer's stream is held by a host function
// until everyone has queued up behind the event, so a wait that was not
// kept would let a consumer read stale data; every result is checked.
#include "threads.h"

#include <cstring>

#define N 1024
#define ROUNDS 10

__global__ void produce(int* x, int round)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    x[i] = round * 10000 + i;
}

// out[i] = x[i] + k
__global__ void consume(const int* x, int* out, int k)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = x[i] + k;
}

static void hold(void* open)
{
    while (!((std::atomic<bool>*)open)->load())
        std::this_thread::yield();
}

static void round_of(int consumers, int round)
{
    hipEvent_t ready;
    int* x;
    std::atomic<bool> open{false};
    std::atomic<int> recorded{0}, queued{0};
    std::atomic<bool> synced_early{false};
    HIP_CHECK(hipEventCreate(&ready));
    HIP_CHECK(hipMalloc(&x, N * sizeof(int)));
    HIP_CHECK(hipMemset(x, 0, N * sizeof(int)));
    HIP_CHECK(hipDeviceSynchronize());
    // Thread 0 produces; 1 .. consumers consume on their own streams;
    // the last waits for the event on the host.
    on_threads(consumers + 2, [&](int id) {
        if (id == 0) {
            hipStream_t s;
            HIP_CHECK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
            HIP_CHECK(hipLaunchHostFunc(s, hold, &open));
            produce<<<N / 256, 256, 0, s>>>(x, round);
            HIP_CHECK(hipEventRecord(ready, s));
            recorded = 1;
            while (queued.load() < consumers + 1)
                std::this_thread::yield();
            check_code(hipEventQuery(ready), hipErrorNotReady,
                       "hipEventQuery while the producer is held", id);
            open = true;
            HIP_CHECK(hipStreamSynchronize(s));
            HIP_CHECK(hipStreamDestroy(s));
        } else if (id <= consumers) {
            hipStream_t s;
            int* out;
            std::vector<int> h(N, -1);
            HIP_CHECK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
            HIP_CHECK(hipMalloc(&out, N * sizeof(int)));
            while (!recorded.load())
                std::this_thread::yield();
            HIP_CHECK(hipStreamWaitEvent(s, ready, 0));
            consume<<<N / 256, 256, 0, s>>>(x, out, id);
            HIP_CHECK(hipGetLastError());
            ++queued;
            HIP_CHECK(hipStreamSynchronize(s));
            HIP_CHECK(hipMemcpy(h.data(), out, N * sizeof(int), hipMemcpyDeviceToHost));
            int bad = -1;
            for (int i = 0; i < N && bad < 0; ++i)
                if (h[i] != round * 10000 + i + id)
                    bad = i;
            check(bad < 0, "a consumer behind hipStreamWaitEvent read the producer's data",
                  id, bad);
            HIP_CHECK(hipFree(out));
            HIP_CHECK(hipStreamDestroy(s));
        } else {
            while (!recorded.load())
                std::this_thread::yield();
            ++queued;
            HIP_CHECK(hipEventSynchronize(ready));
            synced_early = !open.load();
            check_code(hipEventQuery(ready), hipSuccess, "hipEventQuery after the sync", id);
            std::vector<int> h(N);
            HIP_CHECK(hipMemcpy(h.data(), x, N * sizeof(int), hipMemcpyDeviceToHost));
            int bad = -1;
            for (int i = 0; i < N && bad < 0; ++i)
                if (h[i] != round * 10000 + i)
                    bad = i;
            check(bad < 0, "hipEventSynchronize on another thread: the data is there", id,
                  bad);
        }
    });
    check(!synced_early, "hipEventSynchronize returned only after the producer ran");
    HIP_CHECK(hipFree(x));
    HIP_CHECK(hipEventDestroy(ready));
}

int main()
{
    for (int consumers : {1, 3})
        for (int round = 0; round < ROUNDS; ++round)
            round_of(consumers, round);
    return finish("threads_events", "an event recorded on one thread, waited for by 1 and "
                  "3 others on their streams and on the host");
}
