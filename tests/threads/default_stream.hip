// The per-thread default stream as a compile mode: built with
// barehip-cc --default-stream per-thread (clang's
// -fgpu-default-stream=per-thread: HIP_API_PER_THREAD_DEFAULT_STREAM, the
// header maps the stream calls to their *_spt forms, <<<>>> calls
// hipLaunchKernel_spt), and again as default_stream_legacy.hip with
// --default-stream legacy, where the same calls mean the legacy stream.
//
// Nothing here names a stream: every call takes the null stream (0, or
// the default argument).
//
//   1. Four threads each run memset, two kernels, copies and a sync on the
//      null stream; each thread's results are checked (its order kept).
//   2. The main thread holds its null stream; another thread then uses its
//      own.  Per-thread: every mapped call finishes while the main thread's
//      stream is still held (if any name were not mapped, its call would
//      go to the legacy stream, which waits for the held one, and it
//      would not).  Legacy: the same calls wait until it is let go.
//      Held by a host function, kernels and events are tried (the board
//      still runs kernels; the one host-operation thread is busy);
//      held by a kernel spinning on a host flag, the copies, fills, host functions and callbacks (the CP
//      runs other queues' markers and waits between a kernel's rounds,
//      and the host-operation thread is free).
//   3. hipDeviceSynchronize waits for every thread's stream in both modes.
//   4. hipStreamGetFlags(0): the per-thread stream's flags; in the legacy
//      mode the null stream is refused there, as in HIP.
#include "threads.h"

#include <chrono>
#include <algorithm>
#include <cstring>
#include <string>

#if defined(BH_EXPECT_LEGACY) == defined(HIP_API_PER_THREAD_DEFAULT_STREAM)
#error "built in the wrong default-stream mode (barehip-cc --default-stream)"
#endif
#ifdef HIP_API_PER_THREAD_DEFAULT_STREAM
static const bool per_thread = true;
#else
static const bool per_thread = false;
#endif

using clk = std::chrono::steady_clock;

constexpr int N = 4096;

__device__ int symbol_var[64];

__global__ void iota(int* x, int base, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = base + i;
}

__global__ void affine(int* x, int a, int b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = x[i] * a + b;
}

// Spins until the host sets *flag (host memory: the board waits for the
// host, it is not a deadlock).
__global__ void spin(const unsigned* flag)
{
    while (!__hip_atomic_load(flag, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_SYSTEM))
        __builtin_amdgcn_s_sleep(2);
}

// 1. Each thread's work in order on its null stream.
static void own_order(int n)
{
    on_threads(n, [&](int id) {
        int* d;
        int* h = (int*)host_buffer(N * sizeof(int));
        std::vector<int> back(N, -1);
        HIP_CHECK(hipMalloc(&d, N * sizeof(int)));
        for (int round = 0; round < 3; ++round) {
            HIP_CHECK(hipMemsetAsync(d, 0xff, N * sizeof(int)));
            iota<<<N / 256, 256>>>(d, id * 1000 + round, N);
            affine<<<N / 256, 256>>>(d, 3, id, N);
            HIP_CHECK(hipGetLastError());
            HIP_CHECK(hipMemcpyAsync(h, d, N * sizeof(int), hipMemcpyDeviceToHost));
            HIP_CHECK(hipStreamSynchronize(0));
            int bad = -1;
            for (int i = 0; i < N && bad < 0; ++i)
                if (h[i] != (id * 1000 + round + i) * 3 + id)
                    bad = i;
            check(bad < 0, "memset, two kernels, async copy on the null stream", id, bad);
        }
        HIP_CHECK(hipMemset(d, 0, N * sizeof(int)));
        affine<<<N / 256, 256>>>(d, 1, id + 5, N);
        HIP_CHECK(hipMemcpy(back.data(), d, N * sizeof(int), hipMemcpyDeviceToHost));
        check(back[0] == id + 5 && back[N - 1] == id + 5, "hipMemset, kernel, hipMemcpy", id);
        HIP_CHECK(hipFree(d));
        host_buffer_free(h);
    });
}

// The main thread's null stream held shut, until release().
struct Hold {
    std::atomic<bool> open{false};
    unsigned* flag = nullptr;    // the kernel's (pinned)
    bool by_kernel;

    explicit Hold(bool kernel) : by_kernel(kernel)
    {
        if (by_kernel) {
            flag = (unsigned*)host_buffer(sizeof(unsigned));
            __atomic_store_n(flag, 0u, __ATOMIC_RELEASE);
            spin<<<1, 1>>>(flag);
            HIP_CHECK(hipGetLastError());
        } else {
            HIP_CHECK(hipLaunchHostFunc(0, [](void* p) {
                while (!((std::atomic<bool>*)p)->load())
                    std::this_thread::yield();
            }, &open));
        }
    }

    void release()
    {
        if (open.exchange(true))
            return;
        if (flag)
            __atomic_store_n(flag, 1u, __ATOMIC_RELEASE);
    }

    ~Hold()
    {
        release();
        HIP_CHECK(hipStreamSynchronize(0));
        if (flag)
            host_buffer_free(flag);
    }
};

struct Op {
    const char* name;
    std::function<void()> fn;               // the call, on another thread
    std::function<bool()> verify = nullptr;  // its effect is there (per-thread)
    bool early = true;                      // per-thread: done while held
    std::function<void()> before = nullptr; // on the main thread, once held
};

// @op (its call, then hipStreamSynchronize(0), then its check) on another
// thread while the main thread's null stream is held by a kernel
// (@by_kernel) or a host function: true if all that finished before the
// hold was let go (waiting at most @ms for it); *@verified, the check.
static bool finishes_while_held(bool by_kernel, const Op& op, int ms, bool* verified)
{
    Hold hold(by_kernel);
    if (op.before)
        op.before();
    std::atomic<bool> done{false};
    std::thread t([&] {
        op.fn();
        HIP_CHECK(hipStreamSynchronize(0));
        *verified = !op.verify || op.verify();
        done = true;
    });
    const auto end = clk::now() + std::chrono::milliseconds(ms);
    while (!done && clk::now() < end)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    const bool early = done;
    hold.release();
    t.join();
    return early;
}

// Each of @ops while the main thread's null stream is held: per-thread,
// each finishes first, its effect there (a call that went to the legacy
// stream instead would neither finish nor take effect); legacy, each
// waits for the hold (every fourth only: each such look takes 300 ms).
static void try_ops(bool by_kernel, const std::vector<Op>& ops)
{
    for (size_t i = 0; i < ops.size(); ++i) {
        const Op& op = ops[i];
        if (!per_thread && i % 4)
            continue;
        bool verified = false;
        // What should wait is given 300 ms to show it does not.
        const bool want = per_thread && op.early;
        const bool early = finishes_while_held(by_kernel, op, want ? 20000 : 300, &verified);
        std::string what = std::string(op.name) + " on the null stream " +
                           (!per_thread ? "waits for the legacy stream another thread holds"
                            : op.early ? "finishes while another thread's null stream is "
                                         "held"
                                       : "waits for an event on another thread's held "
                                         "null stream");
        check(early == want, what.c_str());
        if (want)
            check(verified, (std::string(op.name) + ": its effect, while held").c_str());
    }
}

// A pinned buffer the kernels write and the host reads while the board
// runs.
static int* kernel_output()
{
    return (int*)host_buffer(N * sizeof(int));
}

static bool iota_in(const int* out, int base, int n)
{
    for (int i = 0; i < n; ++i)
        if (out[i] != base + i)
            return false;
    return true;
}

// 2. The calls that run on the board: kernels and events (a host
// function holds the main thread's stream).
static void independent_kernels()
{
    int* out = kernel_output();
    hipEvent_t ev, held;
    HIP_CHECK(hipEventCreate(&ev));
    HIP_CHECK(hipEventCreate(&held));
    std::vector<Op> ops = {
        { "<<<g, b>>>", [&] {
             iota<<<N / 256, 256>>>(out, 100, N);
             HIP_CHECK(hipGetLastError());
         }, [&] { return iota_in(out, 100, N); } },
        { "hipLaunchKernel", [&] {
             int* p = out;
             int base = 200, n = N;
             void* args[] = { &p, &base, &n };
             HIP_CHECK(hipLaunchKernel((const void*)iota, dim3(N / 256), dim3(256), args, 0,
                                       0));
         }, [&] { return iota_in(out, 200, N); } },
        { "hipLaunchCooperativeKernel", [&] {
             int* p = out;
             int base = 300, n = 256;
             void* args[] = { &p, &base, &n };
             HIP_CHECK(hipLaunchCooperativeKernel((const void*)iota, dim3(1), dim3(256),
                                                  args, 0, 0));
         }, [&] { return iota_in(out, 300, 256); } },
        { "hipEventRecord + hipEventSynchronize", [&] {
             HIP_CHECK(hipEventRecord(ev));
             HIP_CHECK(hipEventSynchronize(ev));
         } },
        // The event is recorded on the held stream: this thread's stream
        // must wait for it, and so the event recorded after the wait (on
        // the legacy stream, the wait would not hold this thread's up).
        { "hipStreamWaitEvent", [&] {
             HIP_CHECK(hipStreamWaitEvent(0, held));
             HIP_CHECK(hipEventRecord(ev));
             HIP_CHECK(hipEventSynchronize(ev));
         }, nullptr, false, [&] { HIP_CHECK(hipEventRecord(held)); } },
        { "hipStreamQuery", [&] {
             iota<<<1, 256>>>(out, 400, 256);
             while (hipStreamQuery(0) == hipErrorNotReady)
                 std::this_thread::yield();
             check_code(hipStreamQuery(0), hipSuccess, "hipStreamQuery(0) after its work");
         }, [&] { return iota_in(out, 400, 256); } },
    };
    // Code loaded before (a first load runs on the legacy stream).
    for (const Op& op : ops)
        op.fn();
    HIP_CHECK(hipDeviceSynchronize());
    try_ops(false, ops);
    HIP_CHECK(hipEventDestroy(ev));
    HIP_CHECK(hipEventDestroy(held));
    host_buffer_free(out);
}

static void callback(hipStream_t stream, hipError_t status, void* p)
{
    // The handle the program passed, with the stream's status.
    if (stream == nullptr && status == hipSuccess)
        ++*(std::atomic<int>*)p;
}

// 2. The host operations: copies, fills, host functions and callbacks
// (a kernel spinning on a host flag holds the main thread's stream).
// Their effects are read back on a non-blocking stream, which waits for
// neither default stream.
static void independent_host_operations()
{
    const size_t w = 64, h = 8, depth = 2, sym = sizeof(symbol_var);
    const size_t bytes = N * sizeof(int), plane_bytes = w * h * depth;
    int *d, *e;
    char* pitched;
    size_t pitch;
    hipPitchedPtr p3;
    hipStream_t side;
    std::vector<int> pattern(N), pattern2(N), back(N);
    std::vector<char> plane(plane_bytes, 5);
    std::atomic<int> calls{0};
    for (int i = 0; i < N; ++i) {
        pattern[i] = i * 3 + 1;
        pattern2[i] = i * 5 + 2;
    }
    HIP_CHECK(hipStreamCreateWithFlags(&side, hipStreamNonBlocking));
    HIP_CHECK(hipMalloc(&d, bytes));
    HIP_CHECK(hipMalloc(&e, bytes));
    HIP_CHECK(hipMallocPitch((void**)&pitched, &pitch, w, h));
    HIP_CHECK(hipMalloc3D(&p3, make_hipExtent(w, h, depth)));
    hipMemcpy3DParms to3d{}, from3d{};
    std::vector<char> plane_back(plane_bytes), plane2d_back(w * h);
    to3d.srcPtr = make_hipPitchedPtr(plane.data(), w, w, h);
    to3d.dstPtr = p3;
    to3d.extent = make_hipExtent(w, h, depth);
    to3d.kind = hipMemcpyHostToDevice;
    from3d.srcPtr = p3;
    from3d.dstPtr = make_hipPitchedPtr(plane_back.data(), w, w, h);
    from3d.extent = to3d.extent;
    from3d.kind = hipMemcpyDeviceToHost;

    // Reading back on the side stream (into pageable memory: done when
    // the call returns).
    auto ints = [&](const int* dev, int n) {
        std::vector<int> v(n);
        HIP_CHECK(hipMemcpyAsync(v.data(), dev, n * sizeof(int), hipMemcpyDeviceToHost, side));
        return v;
    };
    auto bytes_are = [&](const void* dev, unsigned char c) {
        std::vector<unsigned char> v(bytes);
        HIP_CHECK(hipMemcpyAsync(v.data(), dev, bytes, hipMemcpyDeviceToHost, side));
        return v == std::vector<unsigned char>(bytes, c);
    };
    auto plane2d_is = [&](char c) {
        std::vector<char> v(w * h);
        HIP_CHECK(hipMemcpy2DAsync(v.data(), w, pitched, pitch, w, h, hipMemcpyDeviceToHost,
                                   side));
        return v == std::vector<char>(w * h, c);
    };
    auto box3d_is = [&](char c) {
        std::vector<char> v(plane_bytes);
        hipMemcpy3DParms r = from3d;
        r.dstPtr = make_hipPitchedPtr(v.data(), w, w, h);
        HIP_CHECK(hipMemcpy3DAsync(&r, side));
        return v == std::vector<char>(plane_bytes, c);
    };
    auto symbol_is = [&](const std::vector<int>& want) {
        std::vector<int> v(sym / sizeof(int));
        HIP_CHECK(hipMemcpyFromSymbolAsync(v.data(), symbol_var, sym, 0, hipMemcpyDeviceToHost,
                                           side));
        return std::equal(v.begin(), v.end(), want.begin());
    };
    auto back_is = [&](const std::vector<int>& want, size_t n) {
        return std::equal(back.begin(), back.begin() + n, want.begin());
    };
    int expect_calls = 0;
    std::vector<Op> ops = {
        { "hipMemcpyAsync", [&] {
             HIP_CHECK(hipMemcpyAsync(d, pattern.data(), bytes, hipMemcpyHostToDevice));
         }, [&] { return ints(d, N) == pattern; } },
        { "hipMemsetAsync", [&] { HIP_CHECK(hipMemsetAsync(e, 1, bytes)); },
          [&] { return bytes_are(e, 1); } },
        { "hipMemcpy2DAsync", [&] {
             HIP_CHECK(hipMemcpy2DAsync(pitched, pitch, plane.data(), w, w, h,
                                        hipMemcpyHostToDevice));
         }, [&] { return plane2d_is(5); } },
        { "hipMemset2DAsync", [&] { HIP_CHECK(hipMemset2DAsync(pitched, pitch, 3, w, h)); },
          [&] { return plane2d_is(3); } },
        { "hipMemcpy3DAsync", [&] { HIP_CHECK(hipMemcpy3DAsync(&to3d)); },
          [&] { return box3d_is(5); } },
        { "hipMemset3DAsync", [&] {
             HIP_CHECK(hipMemset3DAsync(p3, 4, make_hipExtent(w, h, depth)));
         }, [&] { return box3d_is(4); } },
        { "hipMemcpyToSymbolAsync", [&] {
             HIP_CHECK(hipMemcpyToSymbolAsync(symbol_var, pattern.data(), sym, 0,
                                              hipMemcpyHostToDevice));
         }, [&] { return symbol_is(pattern); } },
        { "hipMemcpyFromSymbolAsync", [&] {
             std::fill(back.begin(), back.end(), -1);
             HIP_CHECK(hipMemcpyFromSymbolAsync(back.data(), symbol_var, sym, 0,
                                                hipMemcpyDeviceToHost));
         }, [&] { return back_is(pattern, sym / sizeof(int)); } },
        { "hipLaunchHostFunc", [&] {
             expect_calls = calls + 1;
             HIP_CHECK(hipLaunchHostFunc(0, [](void* p) { ++*(std::atomic<int>*)p; },
                                         &calls));
         }, [&] { return calls == expect_calls; } },
        // The callback is told the handle the program passed (0).
        { "hipStreamAddCallback", [&] {
             expect_calls = calls + 1;
             HIP_CHECK(hipStreamAddCallback(0, callback, &calls, 0));
         }, [&] { return calls == expect_calls; } },
        { "hipMemcpy", [&] {
             std::fill(back.begin(), back.end(), -1);
             HIP_CHECK(hipMemcpy(back.data(), d, bytes, hipMemcpyDeviceToHost));
         }, [&] { return back == pattern; } },
        { "hipMemset", [&] { HIP_CHECK(hipMemset(d, 2, bytes)); },
          [&] { return bytes_are(d, 2); } },
        { "hipMemcpy2D", [&] {
             std::fill(plane2d_back.begin(), plane2d_back.end(), 0);
             HIP_CHECK(hipMemcpy2D(plane2d_back.data(), w, pitched, pitch, w, h,
                                   hipMemcpyDeviceToHost));
         }, [&] { return plane2d_back == std::vector<char>(w * h, 3); } },
        { "hipMemset2D", [&] { HIP_CHECK(hipMemset2D(pitched, pitch, 6, w, h)); },
          [&] { return plane2d_is(6); } },
        { "hipMemcpy3D", [&] {
             std::fill(plane_back.begin(), plane_back.end(), 0);
             HIP_CHECK(hipMemcpy3D(&from3d));
         }, [&] { return plane_back == std::vector<char>(plane_bytes, 4); } },
        { "hipMemset3D", [&] { HIP_CHECK(hipMemset3D(p3, 8, make_hipExtent(w, h, depth))); },
          [&] { return box3d_is(8); } },
        { "hipMemcpyToSymbol", [&] {
             HIP_CHECK(hipMemcpyToSymbol(symbol_var, pattern2.data(), sym));
         }, [&] { return symbol_is(pattern2); } },
        { "hipMemcpyFromSymbol", [&] {
             std::fill(back.begin(), back.end(), -1);
             HIP_CHECK(hipMemcpyFromSymbol(back.data(), symbol_var, sym));
         }, [&] { return back_is(pattern2, sym / sizeof(int)); } },
        { "hipEventRecord + hipEventSynchronize", [&] {
             hipEvent_t ev;
             HIP_CHECK(hipEventCreate(&ev));
             HIP_CHECK(hipEventRecord(ev));
             HIP_CHECK(hipEventSynchronize(ev));
             HIP_CHECK(hipEventDestroy(ev));
         } },
    };
    // Unheld first: code loaded, and every effect as the checks expect.
    for (const Op& op : ops) {
        op.fn();
        HIP_CHECK(hipStreamSynchronize(0));
        check(!op.verify || op.verify(), (std::string(op.name) + ": its effect").c_str());
    }
    try_ops(true, ops);
    HIP_CHECK(hipStreamDestroy(side));
    HIP_CHECK(hipFree(p3.ptr));
    HIP_CHECK(hipFree(pitched));
    HIP_CHECK(hipFree(e));
    HIP_CHECK(hipFree(d));
}

// 3. hipDeviceSynchronize waits for the stream another thread holds (as
// it waits for every stream of the device), in both modes.
static void device_synchronize()
{
    bool verified;
    const Op op = { "hipDeviceSynchronize", [] { HIP_CHECK(hipDeviceSynchronize()); } };
    check(!finishes_while_held(false, op, 300, &verified),
          "hipDeviceSynchronize waits for another thread's held null stream");
}

// 4. hipStreamGetFlags and hipStreamGetPriority on the null stream.
static void stream_properties()
{
    unsigned flags = 99;
    int priority = 99;
    if (per_thread) {
        check_code(hipStreamGetFlags(0, &flags), hipSuccess, "hipStreamGetFlags(0)");
        check(flags == hipStreamDefault, "the per-thread stream is a blocking stream");
    } else {
        check_code(hipStreamGetFlags(0, &flags), hipErrorInvalidValue,
                   "hipStreamGetFlags(0) on the legacy stream");
        hipGetLastError();
    }
    check_code(hipStreamGetPriority(0, &priority), hipSuccess, "hipStreamGetPriority(0)");
    check(priority == 0, "the null stream's priority is 0");
}

int main()
{
    std::printf("default stream: %s\n", per_thread ? "per-thread" : "legacy");
    own_order(4);
    independent_kernels();
    independent_host_operations();
    device_synchronize();
    stream_properties();
    std::printf("%d checks, %d failed\n", checks.load(), failures.load());
    if (failures)
        return EXIT_FAILURE;
    std::printf("PASSED\n");
    return 0;
}
