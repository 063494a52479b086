// Host threads and streams, as a new user writes them: several threads,
// each with its own stream (hipMalloc, a kernel, asynchronous copies,
// hipStreamSynchronize, a check of every element, many times over);
// threads sharing one stream; hipStreamPerThread from several threads;
// and each thread's own last error.  Every result is compared with what
// the host computes.
#include "threads.h"

#include <cstring>

#define N 1024
#define ITERATIONS 40

// y[i] = x[i] * a + b
__global__ void affine(const int* x, int* y, int a, int b, unsigned int n)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = x[i] * a + b;
}

// One round of work on @s for thread @id: x in, y = x * (id + 2) + it out,
// through pinned (hipHostMalloc) or pageable host memory.
static void round_trip(hipStream_t s, int id, int it, const int* dx, int* dy, int* hx, int* hy)
{
    for (int i = 0; i < N; ++i) {
        hx[i] = id * 100000 + it * 1000 + i;
        hy[i] = -1;
    }
    HIP_CHECK(hipMemcpyAsync((void*)dx, hx, N * sizeof(int), hipMemcpyHostToDevice, s));
    affine<<<N / 256, 256, 0, s>>>(dx, dy, id + 2, it, N);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipMemcpyAsync(hy, dy, N * sizeof(int), hipMemcpyDeviceToHost, s));
    HIP_CHECK(hipStreamSynchronize(s));
    int bad = -1;
    for (int i = 0; i < N && bad < 0; ++i)
        if (hy[i] != hx[i] * (id + 2) + it)
            bad = i;
    check(bad < 0, "y = x * a + b after hipStreamSynchronize", id, bad);
}

// Each of @n threads with a stream of its own.
static void own_streams(int n)
{
    on_threads(n, [](int id) {
        hipStream_t s;
        int *dx, *dy, *hx, *hy;
        bool pinned = id % 2 == 0;
        HIP_CHECK(hipStreamCreate(&s));
        HIP_CHECK(hipMalloc(&dx, N * sizeof(int)));
        HIP_CHECK(hipMalloc(&dy, N * sizeof(int)));
        if (pinned) {
            hx = (int*)host_buffer(N * sizeof(int));
            hy = (int*)host_buffer(N * sizeof(int));
        } else {
            hx = (int*)std::malloc(N * sizeof(int));
            hy = (int*)std::malloc(N * sizeof(int));
        }
        for (int it = 0; it < ITERATIONS; ++it)
            round_trip(s, id, it, dx, dy, hx, hy);
        check_code(hipStreamQuery(s), hipSuccess, "hipStreamQuery after the last sync", id);
        HIP_CHECK(hipFree(dx));
        HIP_CHECK(hipFree(dy));
        if (pinned) {
            host_buffer_free(hx);
            host_buffer_free(hy);
        } else {
            std::free(hx);
            std::free(hy);
        }
        HIP_CHECK(hipStreamDestroy(s));
    });
}

// @n threads on one stream: each waits for all of the stream's work,
// its own included, and finds its own results.
static void shared_stream(int n)
{
    hipStream_t s;
    HIP_CHECK(hipStreamCreate(&s));
    on_threads(n, [s](int id) {
        int *dx, *dy, *hx, *hy;
        HIP_CHECK(hipMalloc(&dx, N * sizeof(int)));
        HIP_CHECK(hipMalloc(&dy, N * sizeof(int)));
        hx = (int*)host_buffer(N * sizeof(int));
        hy = (int*)host_buffer(N * sizeof(int));
        for (int it = 0; it < ITERATIONS; ++it)
            round_trip(s, id, it, dx, dy, hx, hy);
        HIP_CHECK(hipFree(dx));
        HIP_CHECK(hipFree(dy));
        host_buffer_free(hx);
        host_buffer_free(hy);
    });
    HIP_CHECK(hipStreamDestroy(s));
}

__global__ void iota(int* x, int base, unsigned int n)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = base + i;
}

// hipStreamPerThread: each thread's own default stream.  Thread 0 holds
// its per-thread stream shut behind a host function until the others
// have finished theirs: if the threads shared one stream, they would
// wait behind it (and the test would time out).  While it is held, the
// threads use only kernels on their streams (a copy would need the host
// thread, the null stream would wait for the held blocking stream): the
// results are copied back once thread 0's stream is open.
static void per_thread_streams(int n)
{
    std::atomic<int> done{0};
    std::atomic<bool> open{false};
    on_threads(n, [&](int id) {
        int *dx, *dy;
        std::vector<int> hy(N, -1);
        HIP_CHECK(hipMalloc(&dx, N * sizeof(int)));
        HIP_CHECK(hipMalloc(&dy, N * sizeof(int)));
        if (id == 0)
            HIP_CHECK(hipLaunchHostFunc(hipStreamPerThread, [](void* p) {
                while (!((std::atomic<bool>*)p)->load())
                    std::this_thread::yield();
            }, &open));
        iota<<<N / 256, 256, 0, hipStreamPerThread>>>(dx, id * 7, N);
        affine<<<N / 256, 256, 0, hipStreamPerThread>>>(dx, dy, 3, id, N);
        HIP_CHECK(hipGetLastError());
        if (id == 0) {
            check_code(hipStreamQuery(hipStreamPerThread), hipErrorNotReady,
                       "thread 0's per-thread stream is held", id);
            while (done.load() < n - 1)
                std::this_thread::yield();
            open = true;
        }
        HIP_CHECK(hipStreamSynchronize(hipStreamPerThread));
        check_code(hipStreamQuery(hipStreamPerThread), hipSuccess,
                   "hipStreamQuery(hipStreamPerThread) after its sync", id);
        ++done;    // finished while thread 0's stream may still be held
        HIP_CHECK(hipMemcpy(hy.data(), dy, N * sizeof(int), hipMemcpyDeviceToHost));
        int bad = -1;
        for (int i = 0; i < N && bad < 0; ++i)
            if (hy[i] != (id * 7 + i) * 3 + id)
                bad = i;
        check(bad < 0, "kernels on hipStreamPerThread", id, bad);
        HIP_CHECK(hipFree(dx));
        HIP_CHECK(hipFree(dy));
    });
}

// hipGetLastError and hipPeekAtLastError are each thread's own.
static void last_errors(int n)
{
    Barrier failed(n), looked(n);
    on_threads(n, [&](int id) {
        void* p = nullptr;
        hipGetLastError();    // start clean
        if (id == 0)          // more than any board has
            check_code(hipMalloc(&p, (size_t)1 << 60), hipErrorOutOfMemory,
                       "hipMalloc(2^60 bytes)", id);
        else if (id == 1)
            check_code(hipSetDevice(99), hipErrorInvalidDevice, "hipSetDevice(99)", id);
        failed.wait();        // both errors have happened
        hipError_t want = id == 0 ? hipErrorOutOfMemory :
                          id == 1 ? hipErrorInvalidDevice : hipSuccess;
        check_code(hipPeekAtLastError(), want, "hipPeekAtLastError: this thread's", id);
        looked.wait();
        check_code(hipGetLastError(), want, "hipGetLastError: this thread's", id);
        check_code(hipGetLastError(), hipSuccess, "hipGetLastError again: cleared", id);
    });
}

int main()
{
    for (int n : {2, 4}) {
        own_streams(n);
        shared_stream(n);
        per_thread_streams(n);
        last_errors(n);
    }
    return finish("threads_streams", "2 and 4 threads: own streams, one shared stream, "
                  "hipStreamPerThread, per-thread last errors");
}
