// Events, as in the HIP samples: timing kernels with hipEventRecord and
// hipEventElapsedTime, waiting for a point in a stream with
// hipEventSynchronize and hipEventQuery, and HIP's rules for events that
// were never recorded, have no timing, are not complete yet or no longer
// exist.
//
// The times are the GPU's timestamps, written when the stream reaches
// each event.  They must grow with the work between records, fit inside
// the host time around the whole sequence, and add up (t(a,c) =
// t(a,b) + t(b,c)).
#include <hip/hip_runtime.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

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

// Work that takes time in proportion to @rounds: a chain of LCG steps
// per thread, stored so it cannot be optimised away.
__global__ void busy(unsigned int* out, unsigned int rounds)
{
    unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
    for (unsigned int r = 0; r < rounds; r++)
        x = x * 1664525u + 1013904223u;
    out[blockIdx.x * blockDim.x + threadIdx.x] = x;
}

__global__ void fill(int* p, int value, unsigned int n)
{
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += blockDim.x * gridDim.x)
        p[i] = value;
}

struct Gate {
    std::atomic<int> open{0};
};

static void wait_at_gate(void* arg)
{
    Gate* g = static_cast<Gate*>(arg);
    while (!g->open.load())
        std::this_thread::sleep_for(std::chrono::microseconds(100));
}

static void timing()
{
    constexpr int nrecords = 5;
    hipEvent_t e[nrecords + 1];
    hipStream_t s;
    unsigned int* out;
    float t[nrecords + 1] = {};

    HIP_CHECK(hipStreamCreate(&s));
    HIP_CHECK(hipMalloc(&out, 64 * 4 * sizeof(unsigned int)));
    for (auto& ev : e)
        HIP_CHECK(hipEventCreate(&ev));
    busy<<<4, 64, 0, s>>>(out, 100);   // warm up: code object loaded
    HIP_CHECK(hipStreamSynchronize(s));

    const auto host_start = std::chrono::steady_clock::now();
    HIP_CHECK(hipEventRecord(e[0], s));
    for (int i = 1; i <= nrecords; i++) {
        busy<<<4, 64, 0, s>>>(out, 2000u * i);
        HIP_CHECK(hipEventRecord(e[i], s));
    }
    HIP_CHECK(hipEventSynchronize(e[nrecords]));
    const auto host_end = std::chrono::steady_clock::now();
    const double host_ms =
        std::chrono::duration<double, std::milli>(host_end - host_start).count();

    for (int i = 1; i <= nrecords; i++) {
        expect_code(hipEventQuery(e[i]), hipSuccess, "earlier events complete too");
        HIP_CHECK(hipEventElapsedTime(&t[i], e[0], e[i]));
    }
    bool monotone = true;
    for (int i = 1; i <= nrecords; i++)
        monotone &= t[i] > t[i - 1];
    expect(t[1] > 0.0f, "elapsed time after a kernel is positive");
    expect(monotone, "elapsed times grow along the stream");
    expect(t[nrecords] <= host_ms + 0.01, "GPU time fits in the host time around it");
    float ab, bc, ba, same;
    HIP_CHECK(hipEventElapsedTime(&ab, e[1], e[3]));
    HIP_CHECK(hipEventElapsedTime(&bc, e[3], e[5]));
    HIP_CHECK(hipEventElapsedTime(&ba, e[5], e[1]));
    HIP_CHECK(hipEventElapsedTime(&same, e[2], e[2]));
    expect(std::fabs((ab + bc) - (t[5] - t[1])) < 1e-3f, "elapsed times add up");
    expect(std::fabs(ba + (ab + bc)) < 1e-3f, "reversed order: the negative time");
    expect(same == 0.0f, "an event against itself: 0 ms");
    std::printf("  kernel times (ms from the first record): %.3f %.3f %.3f %.3f %.3f "
                "(host %.3f)\n", t[1], t[2], t[3], t[4], t[5], host_ms);

    // Re-recording moves the event to its new point.
    HIP_CHECK(hipEventRecord(e[1], s));
    HIP_CHECK(hipEventSynchronize(e[1]));
    float later;
    HIP_CHECK(hipEventElapsedTime(&later, e[0], e[1]));
    expect(later >= t[nrecords], "a re-recorded event takes its new time");

    for (auto& ev : e)
        HIP_CHECK(hipEventDestroy(ev));
    HIP_CHECK(hipFree(out));
    HIP_CHECK(hipStreamDestroy(s));
}

// Query and ElapsedTime while a stream is held, then once it is done.
static void not_ready()
{
    hipStream_t s;
    hipEvent_t before, after, blocking;
    int* d;
    Gate gate;
    float ms = -1;

    HIP_CHECK(hipStreamCreate(&s));
    HIP_CHECK(hipEventCreate(&before));
    HIP_CHECK(hipEventCreate(&after));
    HIP_CHECK(hipEventCreateWithFlags(&blocking, hipEventBlockingSync));
    HIP_CHECK(hipMalloc(&d, 1024 * sizeof(int)));
    HIP_CHECK(hipEventRecord(before, s));
    HIP_CHECK(hipLaunchHostFunc(s, wait_at_gate, &gate));
    fill<<<4, 256, 0, s>>>(d, 3, 1024);
    HIP_CHECK(hipEventRecord(after, s));
    // On the null stream: it waits for the blocking stream s.
    HIP_CHECK(hipEventRecord(blocking, 0));

    HIP_CHECK(hipEventSynchronize(before));
    expect_code(hipEventQuery(before), hipSuccess, "event before the gate");
    expect_code(hipEventQuery(after), hipErrorNotReady, "event behind the gate");
    expect_code(hipEventQuery(blocking), hipErrorNotReady,
                "null-stream event waits for the blocking stream");
    expect_code(hipEventElapsedTime(&ms, before, after), hipErrorNotReady,
                "elapsed time to an event not yet reached");
    gate.open = 1;
    HIP_CHECK(hipEventSynchronize(blocking));
    expect_code(hipEventQuery(after), hipSuccess, "the null-stream event came after it");
    HIP_CHECK(hipEventElapsedTime(&ms, before, after));
    expect(ms > 0.0f, "the time across the gate is positive");

    HIP_CHECK(hipEventDestroy(before));
    HIP_CHECK(hipEventDestroy(after));
    HIP_CHECK(hipEventDestroy(blocking));
    HIP_CHECK(hipFree(d));
    HIP_CHECK(hipStreamDestroy(s));
}

static void errors()
{
    hipEvent_t e, untimed, never, gone;
    hipStream_t s;
    float ms = 0;

    expect_code(hipEventCreate(nullptr), hipErrorInvalidValue, "hipEventCreate(NULL)");
    expect_code(hipEventCreateWithFlags(&e, 0x100), hipErrorInvalidValue, "unknown flags");
    expect_code(hipEventCreateWithFlags(&e, hipEventInterprocess), hipErrorInvalidValue,
                "interprocess without hipEventDisableTiming");
    expect_code(hipEventCreateWithFlags(&e, hipEventReleaseToDevice | hipEventReleaseToSystem),
                hipErrorInvalidValue, "two release scopes");
    HIP_CHECK(hipEventCreate(&e));
    HIP_CHECK(hipEventCreateWithFlags(&untimed, hipEventDisableTiming));
    HIP_CHECK(hipEventCreate(&never));
    HIP_CHECK(hipEventCreate(&gone));
    HIP_CHECK(hipStreamCreate(&s));

    // Never recorded: nothing to wait for, but no time either.
    expect_code(hipEventQuery(never), hipSuccess, "query an unrecorded event");
    expect_code(hipEventSynchronize(never), hipSuccess, "synchronize an unrecorded event");
    HIP_CHECK(hipEventRecord(e, s));
    HIP_CHECK(hipEventRecord(untimed, s));
    HIP_CHECK(hipStreamSynchronize(s));
    expect_code(hipEventElapsedTime(&ms, e, never), hipErrorInvalidHandle,
                "elapsed time to an unrecorded event");
    expect_code(hipEventElapsedTime(&ms, never, never), hipErrorInvalidHandle,
                "elapsed time of an unrecorded event to itself");
    expect_code(hipEventElapsedTime(&ms, e, untimed), hipErrorInvalidHandle,
                "elapsed time with hipEventDisableTiming");
    expect_code(hipEventQuery(untimed), hipSuccess, "an untimed event still completes");
    expect_code(hipEventElapsedTime(nullptr, e, e), hipErrorInvalidValue, "ms is NULL");
    expect_code(hipEventElapsedTime(&ms, nullptr, e), hipErrorInvalidHandle,
                "NULL start event");
    expect_code(hipEventRecord(nullptr, s), hipErrorInvalidHandle, "record a NULL event");
    expect_code(hipEventDestroy(nullptr), hipErrorInvalidHandle, "destroy a NULL event");

    // Destroyed: HIP's code for each call.
    HIP_CHECK(hipEventDestroy(gone));
    expect_code(hipEventDestroy(gone), hipErrorContextIsDestroyed, "destroy it twice");
    expect_code(hipEventRecord(gone, s), hipErrorInvalidHandle, "record a destroyed event");
    expect_code(hipEventQuery(gone), hipErrorInvalidHandle, "query a destroyed event");
    expect_code(hipEventSynchronize(gone), hipErrorInvalidHandle,
                "synchronize a destroyed event");
    expect_code(hipEventElapsedTime(&ms, e, gone), hipErrorInvalidHandle,
                "elapsed time to a destroyed event");
    expect_code(hipStreamWaitEvent(s, gone, 0), hipErrorInvalidHandle,
                "wait for a destroyed event");

    HIP_CHECK(hipEventDestroy(e));
    HIP_CHECK(hipEventDestroy(untimed));
    HIP_CHECK(hipEventDestroy(never));
    HIP_CHECK(hipStreamDestroy(s));
}

// Events by the thousand: created, recorded and destroyed in turn (the
// timestamp slots are reused), some destroyed before their record ran.
// (A stream holds a few hundred operations behind a host function; more
// would block the submitting thread until it runs, as a full hardware
// queue does.)
static void churn()
{
    hipStream_t s;
    Gate gate;
    hipEvent_t held;

    HIP_CHECK(hipStreamCreate(&s));
    HIP_CHECK(hipLaunchHostFunc(s, wait_at_gate, &gate));
    for (int i = 0; i < 200; i++) {
        hipEvent_t e;
        HIP_CHECK(hipEventCreate(&e));
        HIP_CHECK(hipEventRecord(e, s));
        HIP_CHECK(hipEventDestroy(e));   // its record is still pending
    }
    HIP_CHECK(hipEventCreate(&held));
    HIP_CHECK(hipEventRecord(held, s));
    expect_code(hipEventQuery(held), hipErrorNotReady, "200 records behind a gate");
    gate.open = 1;
    HIP_CHECK(hipEventSynchronize(held));
    for (int i = 0; i < 2000; i++) {
        hipEvent_t a, b;
        float ms;
        HIP_CHECK(hipEventCreate(&a));
        HIP_CHECK(hipEventCreate(&b));
        HIP_CHECK(hipEventRecord(a, s));
        HIP_CHECK(hipEventRecord(b, s));
        HIP_CHECK(hipEventSynchronize(b));
        HIP_CHECK(hipEventElapsedTime(&ms, a, b));
        if (ms < 0.0f) {
            expect(false, "recycled timestamp slots keep their events apart");
            break;
        }
        HIP_CHECK(hipEventDestroy(a));
        HIP_CHECK(hipEventDestroy(b));
    }
    HIP_CHECK(hipEventDestroy(held));
    HIP_CHECK(hipStreamDestroy(s));
}

// Interprocess events (hipEventInterprocess, which needs
// hipEventDisableTiming): they order work like any event and give a handle.
// Opening the handle in its own process is hipErrorInvalidContext, as in
// ROCm; in another process (a child here) hipErrorNotSupported, because a
// barehip event's fence lives in the creating process's queues.
static void interprocess()
{
    hipEvent_t e, opened, plain;
    hipIpcEventHandle_t handle;
    int* p;

    HIP_CHECK(hipEventCreateWithFlags(&e, hipEventInterprocess | hipEventDisableTiming));
    HIP_CHECK(hipMalloc(&p, sizeof(int)));
    fill<<<1, 64>>>(p, 7, 1);
    HIP_CHECK(hipEventRecord(e, nullptr));
    HIP_CHECK(hipEventSynchronize(e));
    expect(hipEventQuery(e) == hipSuccess, "an interprocess event completes");
    HIP_CHECK(hipIpcGetEventHandle(&handle, e));
    expect_code(hipIpcOpenEventHandle(&opened, handle), hipErrorInvalidContext,
                "opening the handle in its own process");
    HIP_CHECK(hipEventCreate(&plain));
    expect_code(hipIpcGetEventHandle(&handle, plain), hipErrorInvalidConfiguration,
                "a handle of an event made without hipEventInterprocess");
    std::fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
        hipEvent_t theirs;
        _exit(hipIpcOpenEventHandle(&theirs, handle) == hipErrorNotSupported ? 0 : 1);
    }
    int status = 1;
    waitpid(child, &status, 0);
    expect(WIFEXITED(status) && WEXITSTATUS(status) == 0,
           "another process's open is hipErrorNotSupported");
    HIP_CHECK(hipEventDestroy(plain));
    HIP_CHECK(hipEventDestroy(e));
    HIP_CHECK(hipFree(p));
}

int main()
{
    timing();
    not_ready();
    errors();
    churn();
    interprocess();
    if (failures) {
        std::printf("events: %d of %d checks FAILED\n", failures, checks);
        return EXIT_FAILURE;
    }
    std::printf("events: PASS (%d checks)\n", checks);
    return EXIT_SUCCESS;
}
