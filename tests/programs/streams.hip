// Streams, as in the HIP samples: work split across several streams with
// asynchronous copies from pinned memory, kernels and copies back, each
// stream's result checked; order between streams only where the program
// asks for it (hipStreamWaitEvent) and where the null stream's legacy
// rules put it; host functions in stream order; more streams than the
// board has queues; and the errors of destroyed or missing streams.
//
// Where an order is tested, the stream that must go first is held by a
// host function that waits for the program (a "gate"), so the test fails
// if the order were not kept: the later stream would run first and read
// stale data.  hipStreamQuery/hipEventQuery report hipErrorNotReady while
// the gate is shut and hipSuccess once the work is done.
#include <hip/hip_runtime.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
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
static int checks;

static void expect(bool ok, const char* what)
{
    ++checks;
    if (!ok) {
        std::printf("  FAILED: %s (last message: %s)\n", what, bh_get_last_error_message());
        ++failures;
    }
}

static void expect_code(hipError_t got, hipError_t want, const char* what)
{
    ++checks;
    if (got != want) {
        std::printf("  FAILED: %s: %s, expected %s\n", what, hipGetErrorName(got),
                    hipGetErrorName(want));
        ++failures;
    }
}

// y[i] = x[i] * a + b
__global__ void affine(const int* x, int* y, int a, int b, unsigned int n)
{
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += blockDim.x * gridDim.x)
        y[i] = x[i] * a + b;
}

__global__ void fill(int* p, int value, unsigned int n)
{
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += blockDim.x * gridDim.x)
        p[i] = value;
}

__global__ void add_from(int* p, const int* q, unsigned int n)
{
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += blockDim.x * gridDim.x)
        p[i] += q[i];
}

// A host function that holds its stream until the program opens it.
struct Gate {
    std::atomic<int> open{0};
    std::atomic<int> entered{0};
};

static void wait_at_gate(void* arg)
{
    Gate* g = static_cast<Gate*>(arg);
    g->entered = 1;
    while (!g->open.load())
        std::this_thread::sleep_for(std::chrono::microseconds(100));
}

// Several streams, each: copy in (pinned), kernel, copy out (pinned).
static void overlapping_copies()
{
    constexpr int nstreams = 4;
    constexpr unsigned int n = 1 << 14;   // per stream
    int* h_in;
    int* h_out;
    int* d_in;
    int* d_out;
    hipStream_t s[nstreams];

    HIP_CHECK(hipHostMalloc(&h_in, nstreams * n * sizeof(int)));
    HIP_CHECK(hipHostMalloc(&h_out, nstreams * n * sizeof(int)));
    HIP_CHECK(hipMalloc(&d_in, nstreams * n * sizeof(int)));
    HIP_CHECK(hipMalloc(&d_out, nstreams * n * sizeof(int)));
    for (unsigned int i = 0; i < nstreams * n; i++) {
        h_in[i] = static_cast<int>(i * 2654435761u >> 8);
        h_out[i] = -1;
    }
    for (int k = 0; k < nstreams; k++)
        HIP_CHECK(hipStreamCreate(&s[k]));
    for (int k = 0; k < nstreams; k++) {
        const size_t off = static_cast<size_t>(k) * n;
        HIP_CHECK(hipMemcpyAsync(d_in + off, h_in + off, n * sizeof(int),
                                 hipMemcpyHostToDevice, s[k]));
        affine<<<32, 128, 0, s[k]>>>(d_in + off, d_out + off, k + 2, 1000 * k, n);
        HIP_CHECK(hipGetLastError());
        HIP_CHECK(hipMemcpyAsync(h_out + off, d_out + off, n * sizeof(int),
                                 hipMemcpyDeviceToHost, s[k]));
    }
    for (int k = 0; k < nstreams; k++)
        HIP_CHECK(hipStreamSynchronize(s[k]));
    unsigned int wrong = 0;
    for (int k = 0; k < nstreams; k++)
        for (unsigned int i = 0; i < n; i++) {
            const size_t j = static_cast<size_t>(k) * n + i;
            wrong += h_out[j] != h_in[j] * (k + 2) + 1000 * k;
        }
    expect(wrong == 0, "each stream's copy-in, kernel, copy-out");
    for (int k = 0; k < nstreams; k++) {
        expect_code(hipStreamQuery(s[k]), hipSuccess, "query after synchronize");
        HIP_CHECK(hipStreamDestroy(s[k]));
    }
    HIP_CHECK(hipFree(d_in));
    HIP_CHECK(hipFree(d_out));
    HIP_CHECK(hipHostFree(h_in));
    HIP_CHECK(hipHostFree(h_out));
}

// Stream b's kernel reads what stream a's kernel wrote, ordered by an
// event; a is held at a gate until everything is queued.
static void event_ordering()
{
    constexpr unsigned int n = 4096;
    int *x, *y;
    std::vector<int> h(n);
    hipStream_t a, b;
    hipEvent_t written;
    Gate gate;

    HIP_CHECK(hipMalloc(&x, n * sizeof(int)));
    HIP_CHECK(hipMalloc(&y, n * sizeof(int)));
    HIP_CHECK(hipMemset(x, 0, n * sizeof(int)));
    HIP_CHECK(hipStreamCreateWithFlags(&a, hipStreamNonBlocking));
    HIP_CHECK(hipStreamCreateWithFlags(&b, hipStreamNonBlocking));
    HIP_CHECK(hipEventCreateWithFlags(&written, hipEventDisableTiming));

    HIP_CHECK(hipLaunchHostFunc(a, wait_at_gate, &gate));
    fill<<<16, 256, 0, a>>>(x, 42, n);
    HIP_CHECK(hipEventRecord(written, a));
    HIP_CHECK(hipStreamWaitEvent(b, written, 0));
    affine<<<16, 256, 0, b>>>(x, y, 3, 1, n);   // y = 3 * 42 + 1 = 127

    // Nothing can have finished: a is at its gate, b waits for a.
    expect_code(hipStreamQuery(a), hipErrorNotReady, "stream a held at its gate");
    expect_code(hipStreamQuery(b), hipErrorNotReady, "stream b waits for a's event");
    expect_code(hipEventQuery(written), hipErrorNotReady, "event behind the gate");
    gate.open = 1;
    HIP_CHECK(hipStreamSynchronize(b));
    expect_code(hipStreamQuery(b), hipSuccess, "stream b done after synchronize");
    expect_code(hipEventQuery(written), hipSuccess, "event done: b waited for it");
    HIP_CHECK(hipMemcpy(h.data(), y, n * sizeof(int), hipMemcpyDeviceToHost));
    unsigned int wrong = 0;
    for (unsigned int i = 0; i < n; i++)
        wrong += h[i] != 127;
    expect(wrong == 0, "b's kernel read what a's kernel wrote (hipStreamWaitEvent)");

    HIP_CHECK(hipEventDestroy(written));
    HIP_CHECK(hipStreamDestroy(a));
    HIP_CHECK(hipStreamDestroy(b));
    HIP_CHECK(hipFree(x));
    HIP_CHECK(hipFree(y));
}

// The null stream waits for blocking streams and they for it; a
// non-blocking stream does neither.
static void null_stream_rules()
{
    constexpr unsigned int n = 2048;
    int *x, *y, *z;
    std::vector<int> h(n);
    hipStream_t blocking, nonblocking;
    unsigned int flags = 99;

    HIP_CHECK(hipMalloc(&x, n * sizeof(int)));
    HIP_CHECK(hipMalloc(&y, n * sizeof(int)));
    HIP_CHECK(hipMalloc(&z, n * sizeof(int)));
    HIP_CHECK(hipMemset(x, 0, n * sizeof(int)));
    HIP_CHECK(hipStreamCreate(&blocking));
    HIP_CHECK(hipStreamCreateWithFlags(&nonblocking, hipStreamNonBlocking));
    HIP_CHECK(hipStreamGetFlags(blocking, &flags));
    expect(flags == hipStreamDefault, "hipStreamGetFlags: default");
    HIP_CHECK(hipStreamGetFlags(nonblocking, &flags));
    expect(flags == hipStreamNonBlocking, "hipStreamGetFlags: non-blocking");

    // 1. Null-stream work after a held blocking stream waits for it.
    {
        Gate gate;
        HIP_CHECK(hipLaunchHostFunc(blocking, wait_at_gate, &gate));
        fill<<<8, 256, 0, blocking>>>(x, 5, n);
        affine<<<8, 256>>>(x, y, 2, 0, n);   // null stream: y = 10
        expect_code(hipStreamQuery(0), hipErrorNotReady, "null stream behind a blocking one");
        gate.open = 1;
        HIP_CHECK(hipStreamSynchronize(0));
        HIP_CHECK(hipMemcpy(h.data(), y, n * sizeof(int), hipMemcpyDeviceToHost));
        unsigned int wrong = 0;
        for (unsigned int i = 0; i < n; i++)
            wrong += h[i] != 10;
        expect(wrong == 0, "null-stream kernel ran after the blocking stream's");
    }
    // 2. The null stream held: a blocking stream waits, a non-blocking
    // stream runs on.
    {
        Gate gate;
        HIP_CHECK(hipLaunchHostFunc(0, wait_at_gate, &gate));
        fill<<<8, 256>>>(x, 7, n);                             // null: x = 7
        affine<<<8, 256, 0, blocking>>>(x, y, 1, 1, n);        // after it: y = 8
        fill<<<8, 256, 0, nonblocking>>>(z, 9, n);             // independent
        bool done = false;
        for (int i = 0; i < 2000 && !done; i++) {
            done = hipStreamQuery(nonblocking) == hipSuccess;
            if (!done)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        expect(done, "non-blocking stream finishes while the null stream is held");
        expect_code(hipStreamQuery(blocking), hipErrorNotReady,
                    "blocking stream waits for the held null stream");
        gate.open = 1;
        HIP_CHECK(hipStreamSynchronize(blocking));
        HIP_CHECK(hipMemcpy(h.data(), y, n * sizeof(int), hipMemcpyDeviceToHost));
        unsigned int wrong = 0;
        for (unsigned int i = 0; i < n; i++)
            wrong += h[i] != 8;
        expect(wrong == 0, "blocking stream's kernel ran after the null stream's");
        HIP_CHECK(hipMemcpy(h.data(), z, n * sizeof(int), hipMemcpyDeviceToHost));
        wrong = 0;
        for (unsigned int i = 0; i < n; i++)
            wrong += h[i] != 9;
        expect(wrong == 0, "non-blocking stream's kernel");
    }
    HIP_CHECK(hipStreamDestroy(blocking));
    HIP_CHECK(hipStreamDestroy(nonblocking));
    HIP_CHECK(hipFree(x));
    HIP_CHECK(hipFree(y));
    HIP_CHECK(hipFree(z));
}

// Host functions run after the stream's earlier work and before its
// later work: each sees the kernels before it, the kernels after see it.
struct Log {
    int* shared;       // pinned: kernels and host functions both use it
    int seen[3];
    int step;
};

static void record(void* arg)
{
    Log* log = static_cast<Log*>(arg);
    log->seen[log->step] = log->shared[0];
    log->shared[1] = 10 * (log->step + 1);   // what the next kernel adds
    log->step++;
}

static void stream_callback(hipStream_t stream, hipError_t status, void* arg)
{
    void** out = static_cast<void**>(arg);
    out[0] = stream;
    out[1] = reinterpret_cast<void*>(static_cast<intptr_t>(status));
}

static void host_functions()
{
    hipStream_t s;
    Log log{};
    void* cb[2] = {nullptr, reinterpret_cast<void*>(-1)};

    HIP_CHECK(hipStreamCreate(&s));
    HIP_CHECK(hipHostMalloc(&log.shared, 2 * sizeof(int)));
    log.shared[0] = 0;
    log.shared[1] = 1;
    add_from<<<1, 1, 0, s>>>(log.shared, log.shared + 1, 1);   // 1
    HIP_CHECK(hipLaunchHostFunc(s, record, &log));             // sees 1, sets 10
    add_from<<<1, 1, 0, s>>>(log.shared, log.shared + 1, 1);   // 11
    HIP_CHECK(hipLaunchHostFunc(s, record, &log));             // sees 11, sets 20
    add_from<<<1, 1, 0, s>>>(log.shared, log.shared + 1, 1);   // 31
    HIP_CHECK(hipLaunchHostFunc(s, record, &log));             // sees 31
    HIP_CHECK(hipStreamAddCallback(s, stream_callback, cb, 0));
    HIP_CHECK(hipStreamSynchronize(s));
    expect(log.step == 3, "three host functions ran");
    expect(log.seen[0] == 1 && log.seen[1] == 11 && log.seen[2] == 31,
           "host functions and kernels interleave in stream order");
    expect(cb[0] == s && cb[1] == nullptr, "hipStreamAddCallback: stream and hipSuccess");
    HIP_CHECK(hipHostFree(log.shared));
    HIP_CHECK(hipStreamDestroy(s));
}

// More streams than the board has compute queues: they share queues
// and each still gets its own result.
static void many_streams()
{
    constexpr int nstreams = 12;
    constexpr unsigned int n = 512;
    hipStream_t s[nstreams];
    int* d;
    std::vector<int> h(nstreams * n);
    int least = 0, greatest = 0, priority = 0;

    HIP_CHECK(hipDeviceGetStreamPriorityRange(&least, &greatest));
    expect(greatest <= least, "priority range: greatest is the lower number");
    HIP_CHECK(hipMalloc(&d, nstreams * n * sizeof(int)));
    for (int k = 0; k < nstreams; k++) {
        HIP_CHECK(hipStreamCreateWithPriority(&s[k], k % 2 ? hipStreamNonBlocking : 0,
                                              k % 3 - 1 + (k == 5 ? 100 : 0)));
        fill<<<2, 256, 0, s[k]>>>(d + k * n, k * 11 + 3, n);
        HIP_CHECK(hipGetLastError());
    }
    HIP_CHECK(hipStreamGetPriority(s[5], &priority));
    expect(priority == least, "an out-of-range priority is clamped");
    for (int k = 0; k < nstreams; k++)
        HIP_CHECK(hipStreamSynchronize(s[k]));
    HIP_CHECK(hipMemcpy(h.data(), d, h.size() * sizeof(int), hipMemcpyDeviceToHost));
    unsigned int wrong = 0;
    for (int k = 0; k < nstreams; k++)
        for (unsigned int i = 0; i < n; i++)
            wrong += h[k * n + i] != k * 11 + 3;
    expect(wrong == 0, "twelve streams, each its own result");
    for (int k = 0; k < nstreams; k++)
        HIP_CHECK(hipStreamDestroy(s[k]));

    // The per-thread default stream and the named legacy stream.
    fill<<<2, 256, 0, hipStreamPerThread>>>(d, 77, n);
    HIP_CHECK(hipStreamSynchronize(hipStreamPerThread));
    fill<<<2, 256, 0, hipStreamLegacy>>>(d + n, 78, n);
    HIP_CHECK(hipStreamSynchronize(hipStreamLegacy));
    HIP_CHECK(hipMemcpy(h.data(), d, 2 * n * sizeof(int), hipMemcpyDeviceToHost));
    expect(h[0] == 77 && h[n - 1] == 77 && h[n] == 78 && h[2 * n - 1] == 78,
           "hipStreamPerThread and hipStreamLegacy");
    HIP_CHECK(hipFree(d));
}

static void errors()
{
    hipStream_t s;
    hipEvent_t e;
    unsigned int flags;
    int priority;
    int* d;

    expect_code(hipStreamCreate(nullptr), hipErrorInvalidValue, "hipStreamCreate(NULL)");
    expect_code(hipStreamCreateWithFlags(&s, 0x8), hipErrorInvalidValue, "unknown stream flags");
    expect_code(hipStreamDestroy(nullptr), hipErrorInvalidHandle, "destroy the null stream");
    expect_code(hipStreamGetFlags(nullptr, &flags), hipErrorInvalidValue,
                "hipStreamGetFlags(NULL stream)");
    expect_code(hipStreamGetPriority(0, &priority), hipSuccess, "null stream priority");
    expect(priority == 0, "null stream priority is 0");
    expect_code(hipLaunchHostFunc(0, nullptr, nullptr), hipErrorInvalidValue,
                "hipLaunchHostFunc(NULL fn)");
    HIP_CHECK(hipStreamCreate(&s));
    HIP_CHECK(hipEventCreate(&e));
    HIP_CHECK(hipMalloc(&d, 1024));
    expect_code(hipStreamAddCallback(s, stream_callback, nullptr, 1), hipErrorInvalidValue,
                "hipStreamAddCallback flags");
    expect_code(hipStreamWaitEvent(s, e, 1), hipErrorInvalidValue, "hipStreamWaitEvent flags");
    expect_code(hipStreamWaitEvent(s, e, 0), hipSuccess, "wait for an unrecorded event");
    HIP_CHECK(hipStreamDestroy(s));
    // A destroyed stream: HIP's codes for each call.
    expect_code(hipStreamQuery(s), hipErrorContextIsDestroyed, "query a destroyed stream");
    expect_code(hipStreamSynchronize(s), hipErrorContextIsDestroyed,
                "synchronize a destroyed stream");
    expect_code(hipStreamDestroy(s), hipErrorContextIsDestroyed, "destroy it twice");
    expect_code(hipStreamGetFlags(s, &flags), hipErrorContextIsDestroyed,
                "flags of a destroyed stream");
    expect_code(hipStreamWaitEvent(s, e, 0), hipErrorInvalidHandle,
                "hipStreamWaitEvent on a destroyed stream");
    expect_code(hipEventRecord(e, s), hipErrorContextIsDestroyed,
                "record on a destroyed stream");
    expect_code(hipMemcpyAsync(d, d, 4, hipMemcpyDeviceToDevice, s),
                hipErrorContextIsDestroyed, "copy on a destroyed stream");
    fill<<<1, 64, 0, s>>>(d, 1, 64);
    expect_code(hipGetLastError(), hipErrorContextIsDestroyed, "launch on a destroyed stream");
    expect_code(hipStreamQuery(reinterpret_cast<hipStream_t>(0x1234)),
                hipErrorContextIsDestroyed, "query a handle that never was a stream");
    HIP_CHECK(hipEventDestroy(e));
    HIP_CHECK(hipFree(d));
}

int main()
{
    overlapping_copies();
    event_ordering();
    null_stream_rules();
    host_functions();
    many_streams();
    errors();
    HIP_CHECK(hipDeviceSynchronize());
    if (failures) {
        std::printf("streams: %d of %d checks FAILED\n", failures, checks);
        return EXIT_FAILURE;
    }
    std::printf("streams: PASS (%d checks)\n", checks);
    return EXIT_SUCCESS;
}
