// Start-up from many threads: 10 host threads whose first HIP call is
// hipStreamCreate, all at once (a barrier lines them up).  Each must get
// a stream on a device that is fully up -- once a crash in
// bh_queue_serial(q=NULL), the device marked initialised before its queue
// existed.  Then each stream runs a kernel (from the main thread; the
// tests in tests/threads launch from many) and is destroyed.  hipDeviceReset makes the next round a first use again: 8
// rounds, so that a race shows on most runs.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <pthread.h>

#define THREADS 10

static pthread_barrier_t start;
static hipStream_t streams[THREADS];
static hipError_t results[THREADS];

static void* first_call(void* arg)
{
    long i = (long)arg;
    pthread_barrier_wait(&start);
    results[i] = hipStreamCreate(&streams[i]);
    return nullptr;
}

__global__ void fill(int* out, int v)
{
    out[threadIdx.x] = v;
}

static int round_trip(int round)
{
    int failures = 0;
    pthread_t t[THREADS];
    for (int i = 0; i < THREADS; ++i) {
        streams[i] = nullptr;
        results[i] = hipErrorUnknown;
    }
    for (long i = 0; i < THREADS; ++i)
        pthread_create(&t[i], nullptr, first_call, (void*)i);
    for (int i = 0; i < THREADS; ++i)
        pthread_join(t[i], nullptr);
    for (int i = 0; i < THREADS; ++i)
        if (results[i] != hipSuccess || !streams[i]) {
            std::printf("  FAILED: thread %d: hipStreamCreate: %s\n", i,
                        hipGetErrorName(results[i]));
            ++failures;
        }
    for (int i = 0; i < THREADS && !failures; ++i)
        for (int j = 0; j < i; ++j)
            if (streams[i] == streams[j]) {
                std::printf("  FAILED: threads %d and %d got the same stream\n", i, j);
                ++failures;
            }
    int* d = nullptr;
    if (!failures && hipMalloc(&d, THREADS * 64 * sizeof(int)) != hipSuccess) {
        std::printf("  FAILED: hipMalloc\n");
        ++failures;
    }
    for (int i = 0; i < THREADS && !failures; ++i)
        fill<<<1, 64, 0, streams[i]>>>(d + i * 64, i + 1);
    int h[THREADS * 64] = {};
    if (!failures && (hipDeviceSynchronize() != hipSuccess ||
                      hipMemcpy(h, d, sizeof(h), hipMemcpyDeviceToHost) != hipSuccess)) {
        std::printf("  FAILED: synchronise and copy back\n");
        ++failures;
    }
    for (int i = 0; i < THREADS * 64 && !failures; ++i)
        if (h[i] != i / 64 + 1) {
            std::printf("  FAILED: element %d is %d, not %d\n", i, h[i], i / 64 + 1);
            ++failures;
        }
    for (int i = 0; i < THREADS; ++i)
        if (streams[i] && hipStreamDestroy(streams[i]) != hipSuccess) {
            std::printf("  FAILED: hipStreamDestroy %d\n", i);
            ++failures;
        }
    if (d)
        hipFree(d);
    if (hipDeviceReset() != hipSuccess) {
        std::printf("  FAILED: hipDeviceReset\n");
        ++failures;
    }
    if (failures)
        std::printf("  round %d: %d failures\n", round, failures);
    return failures;
}

int main()
{
    int failures = 0;
    pthread_barrier_init(&start, nullptr, THREADS);
    for (int round = 0; round < 8 && !failures; ++round)
        failures += round_trip(round);
    if (failures) {
        std::printf("thread_startup: FAIL (%d checks)\n", failures);
        return 1;
    }
    std::printf("thread_startup: PASS (%d threads created their streams as their first HIP "
                "call, 8 times; a kernel on each)\n", THREADS);
    return 0;
}
