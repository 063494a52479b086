// A kernel's failed assert or abort() ends the program, as HIP on ROCm
// does: the assertion text is printed, barehip says why, and the process
// dies by SIGABRT.  A program that wants to go on instead opts in with
// BAREHIP_DEVICE_ABORT=recover (or bh_set_device_abort_mode): then the
// wait fails with hipErrorLaunchFailure, like any GPU fault.  Other GPU
// faults (here a plain __builtin_trap) never end the program.
//
// Each case runs in a child process started before this process makes
// any HIP call; the parent reads the child's output and exit status.
#include <hip/hip_runtime.h>

#include "child_process.h"

#include <cassert>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

__global__ void checked(const int* v, int limit)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    assert(v[i] < limit);
}

__global__ void gives_up(int when)
{
    if (threadIdx.x == when)
        abort();
}

__global__ void plain_trap(int when)
{
    if (threadIdx.x == when)
        __builtin_trap();
}

// The child's work: one kernel that stops, then a wait on @how.
static int child(const char* kase)
{
    int* v;
    int host[128];
    for (int i = 0; i < 128; ++i)
        host[i] = i;
    if (hipMalloc(&v, sizeof(host)) || hipMemcpy(v, host, sizeof(host), hipMemcpyHostToDevice))
        return 10;
    if (!std::strcmp(kase, "api-recover") &&
        bh_set_device_abort_mode(BH_DEVICE_ABORT_RECOVER) != BH_DEVICE_ABORT_TERMINATE)
        return 11;
    hipError_t e;
    if (!std::strcmp(kase, "abort")) {
        gives_up<<<2, 64>>>(5);
        e = hipDeviceSynchronize();
    } else if (!std::strcmp(kase, "trap")) {
        plain_trap<<<2, 64>>>(5);
        e = hipDeviceSynchronize();
    } else if (!std::strcmp(kase, "stream")) {
        // Seen by hipStreamSynchronize on a stream of its own.
        hipStream_t s;
        if (hipStreamCreate(&s))
            return 12;
        checked<<<2, 64, 0, s>>>(v, 100);
        e = hipStreamSynchronize(s);
    } else if (!std::strcmp(kase, "exit")) {
        // Nobody waits: the runtime's teardown at exit sees the abort.
        checked<<<2, 64>>>(v, 100);
        std::printf("child returns from main\n");
        return 0;
    } else if (!std::strcmp(kase, "event")) {
        // Seen by hipEventSynchronize on an event recorded after it.
        hipEvent_t ev;
        if (hipEventCreate(&ev))
            return 12;
        checked<<<2, 64>>>(v, 100);
        if (hipEventRecord(ev, nullptr))
            return 12;
        e = hipEventSynchronize(ev);
    } else if (!std::strcmp(kase, "callback")) {
        // A stream callback queued behind it: the host-op thread that runs
        // callbacks may see the fault first, and must end the program too.
        checked<<<2, 64>>>(v, 100);
        if (hipStreamAddCallback(nullptr, [](hipStream_t, hipError_t, void*) {}, nullptr, 0))
            return 12;
        e = hipDeviceSynchronize();
    } else {
        checked<<<2, 64>>>(v, 100);     // threads 100..127 fail
        e = hipDeviceSynchronize();
    }
    std::printf("child went on: %s\n", hipGetErrorName(e));
    std::fflush(stdout);
    // Recovering: the device works again after a reset.
    if (e != hipErrorLaunchFailure || hipDeviceReset() || hipMalloc(&v, 64) || hipFree(v))
        return 13;
    return 0;
}

static outcome run(const char*, const char* kase, const char* env)
{
    return run_child(kase, "BAREHIP_DEVICE_ABORT", env);
}

static int failures;

static void expect(bool ok, const char* kase, const char* what, const outcome& o)
{
    if (!ok) {
        std::printf("  FAILED: %s: %s (status 0x%x)\n    stdout: %s\n    stderr: %s\n", kase, what,
                    o.status, o.out.c_str(), o.err.c_str());
        ++failures;
    }
}

static bool aborted(const outcome& o)
{
    return WIFSIGNALED(o.status) && WTERMSIG(o.status) == SIGABRT;
}

static bool went_on(const outcome& o)
{
    return WIFEXITED(o.status) && WEXITSTATUS(o.status) == 0 &&
           o.out.find("child went on: hipErrorLaunchFailure") != std::string::npos;
}

static bool has(const std::string& s, const char* what)
{
    return s.find(what) != std::string::npos;
}

int main(int argc, char** argv)
{
    if (argc == 3 && !std::strcmp(argv[1], "--child"))
        return child(argv[2]);
    const char* self = "/proc/self/exe";
    char path[4096];
    const ssize_t n = readlink(self, path, sizeof(path) - 1);
    if (n <= 0)
        return 1;
    path[n] = 0;

    // Default: a failed assert prints its message and ends the program.
    outcome o = run(path, "assert", nullptr);
    expect(aborted(o), "assert", "dies by SIGABRT", o);
    expect(has(o.out, "Device-side assertion `v[i] < limit' failed."), "assert",
           "the assertion is printed", o);
    expect(!has(o.out, "child went on"), "assert", "the program does not go on", o);
    expect(has(o.err, "checked(int const*, int)") && has(o.err, "grid (2,1,1) block (64,1,1)"), "assert",
           "barehip names the kernel and its dimensions", o);
    expect(has(o.err, "abort() or failed an assert") && has(o.err, "BAREHIP_DEVICE_ABORT=recover"),
           "assert", "barehip says why and how to opt out", o);

    o = run(path, "abort", nullptr);
    expect(aborted(o), "abort", "abort() dies by SIGABRT", o);
    expect(has(o.err, "gives_up(int)"), "abort", "names the kernel", o);

    o = run(path, "stream", "terminate");
    expect(aborted(o), "stream", "a stream's wait ends the program too", o);

    o = run(path, "event", nullptr);
    expect(aborted(o), "event", "an event's wait ends the program too", o);
    expect(has(o.out, "Device-side assertion"), "event", "the assertion is printed", o);
    o = run(path, "callback", nullptr);
    expect(aborted(o), "callback", "with a stream callback queued, the program ends too", o);
    expect(has(o.out, "Device-side assertion"), "callback", "the assertion is printed", o);

    o = run(path, "exit", nullptr);
    expect(aborted(o), "exit", "an abort nobody waited for ends the program at exit", o);
    expect(has(o.out, "Device-side assertion") && has(o.err, "checked(int const*, int)"), "exit",
           "the assertion and the kernel are printed", o);
    o = run(path, "exit", "recover");
    expect(WIFEXITED(o.status) && WEXITSTATUS(o.status) == 0, "exit-recover",
           "=recover: the program exits normally", o);

    // A GPU fault that is not the program's own abort stays an error.
    o = run(path, "trap", nullptr);
    expect(went_on(o), "trap", "a plain trap is hipErrorLaunchFailure, the program goes on", o);
    expect(!has(o.err, "terminating"), "trap", "no termination message", o);

    // Opting in to recovery: by the environment, or by the API.
    o = run(path, "assert", "recover");
    expect(went_on(o), "recover", "BAREHIP_DEVICE_ABORT=recover: the program goes on", o);
    expect(has(o.out, "Device-side assertion"), "recover", "the assertion is still printed", o);
    o = run(path, "api-recover", nullptr);
    expect(went_on(o), "api-recover", "bh_set_device_abort_mode(RECOVER): goes on", o);

    // A mistyped setting is said, and the default holds.
    o = run(path, "assert", "recovr");
    expect(aborted(o), "bad value", "the default holds", o);
    expect(has(o.err, "BAREHIP_DEVICE_ABORT=recovr"), "bad value", "the bad value is named", o);

    expect(bh_set_device_abort_mode(7) == -1, "api", "an unknown mode is refused", outcome{});
    // This process, too, runs an assert that holds (and so drives the
    // board it was given, which the QEMU rig checks).
    int* v;
    int h[128] = {};
    expect(hipMalloc(&v, sizeof(h)) == hipSuccess &&
               hipMemcpy(v, h, sizeof(h), hipMemcpyHostToDevice) == hipSuccess,
           "parent", "hipMalloc", outcome{});
    checked<<<2, 64>>>(v, 1);
    expect(hipDeviceSynchronize() == hipSuccess && hipFree(v) == hipSuccess, "parent",
           "an assert that holds does not stop the kernel", outcome{});
    std::printf("device_abort: %s (assert and abort() end the program with the message; a plain "
                "trap, =recover and the API go on)\n", failures ? "FAIL" : "PASS");
    return failures ? 1 : 0;
}
