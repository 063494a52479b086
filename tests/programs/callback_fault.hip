// A stream callback queued behind a kernel that faults is still called,
// with the error, as hipStreamCallback_t's status argument promises (a
// program that waits for its callback must not hang); a host function
// (hipLaunchHostFunc) behind the fault is not called, as CUDA documents
// for cudaLaunchHostFunc.  hipStreamSynchronize returns once the
// callback has run.
#include <hip/hip_runtime.h>

#include <atomic>
#include <cstdio>

__global__ void faulting(int* p)
{
    if (threadIdx.x == 0)
        __builtin_trap();
    p[threadIdx.x] = 1;
}

static std::atomic<int> called{0};
static std::atomic<int> host_fn_called{0};
static hipError_t seen = hipSuccess;
static hipStream_t seen_stream;

static void callback(hipStream_t stream, hipError_t status, void* data)
{
    seen = status;
    seen_stream = stream;
    *static_cast<int*>(data) = 7;
    called.fetch_add(1);
}

static void host_fn(void*)
{
    host_fn_called.fetch_add(1);
}

int main()
{
    int failures = 0;
    auto expect = [&](bool ok, const char* what) {
        if (!ok) {
            std::printf("  FAILED: %s\n", what);
            ++failures;
        }
    };
    hipStream_t s;
    int* d = nullptr;
    int token = 0;
    expect(hipStreamCreate(&s) == hipSuccess, "hipStreamCreate");
    expect(hipMalloc(&d, 64 * sizeof(int)) == hipSuccess, "hipMalloc");
    faulting<<<1, 64, 0, s>>>(d);
    expect(hipStreamAddCallback(s, callback, &token, 0) == hipSuccess, "hipStreamAddCallback");
    expect(hipLaunchHostFunc(s, host_fn, nullptr) == hipSuccess, "hipLaunchHostFunc");
    hipError_t e = hipStreamSynchronize(s);
    std::printf("  hipStreamSynchronize: %s; callback called %d time(s) with %s\n",
                hipGetErrorName(e), called.load(), hipGetErrorName(seen));
    expect(e != hipSuccess, "the fault is reported");
    expect(called.load() == 1, "the callback ran once, before the synchronisation returned");
    expect(seen == e, "with the error the synchronisation reports");
    expect(seen_stream == s && token == 7, "with its stream and data");
    expect(host_fn_called.load() == 0, "the host function behind the fault is not called");
    if (failures) {
        std::printf("callback_fault: FAIL (%d checks)\n", failures);
        return 1;
    }
    std::printf("callback_fault: PASS (a callback behind a GPU fault is called with %s)\n",
                hipGetErrorName(seen));
    return 0;
}
