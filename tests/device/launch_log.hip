// AMD_LOG_LEVEL, as ROCm's HIP users turn it on to see why a launch
// failed.  Level 1 logs a launch beyond the kernel's __launch_bounds__
// with the launch configuration, the bounds and the kernel's name (the
// seeds' launch_bounds section); level 3 also logs every launch and what
// it returned; 0 (the default) logs nothing.  A launch refused for another
// reason (a grid of 2^32 work-items) is logged at level 1 with barehip's
// message.  Level 3 also logs allocations, copies and code objects
// loaded, level 4 each loaded kernel.  Each level runs in a child
// process whose stderr is read here.
#include <hip/hip_runtime.h>

#include "child_process.h"

#include <cstring>

__global__ void __launch_bounds__(128) bounded(int* out)
{
    out[threadIdx.x] = static_cast<int>(threadIdx.x);
}

static int child()
{
    int* out;
    if (hipMalloc(&out, 1024 * sizeof(int)))
        return 10;
    bounded<<<2, 64>>>(out);                  // fine
    if (hipDeviceSynchronize())
        return 11;
    int host[4];
    if (hipMemcpy(host, out, sizeof(host), hipMemcpyDeviceToHost))
        return 13;
    bounded<<<1, dim3(16, 16, 1)>>>(out);     // 256 threads, bounds 128
    const hipError_t e = hipGetLastError();
    std::printf("launch: %s\n", hipGetErrorName(e));
    bounded<<<1u << 26, 64>>>(out);           // 2^32 work-items on x
    const hipError_t g = hipGetLastError();
    std::printf("grid: %s\n", hipGetErrorName(g));
    return e == hipErrorLaunchFailure && g == hipErrorInvalidConfiguration ? 0 : 12;
}

static int failures;
static void expect(bool ok, const char* level, const char* what, const outcome& o)
{
    if (!ok) {
        std::printf("  FAILED: AMD_LOG_LEVEL=%s: %s (status 0x%x)\n    stdout: %s\n"
                    "    stderr: %s\n", level, what, o.status, o.out.c_str(), o.err.c_str());
        ++failures;
    }
}

static bool has(const std::string& s, const char* what)
{
    return s.find(what) != std::string::npos;
}

static bool ran(const outcome& o)
{
    return WIFEXITED(o.status) && WEXITSTATUS(o.status) == 0 &&
           has(o.out, "launch: hipErrorLaunchFailure") &&
           has(o.out, "grid: hipErrorInvalidConfiguration");
}

int main(int argc, char** argv)
{
    if (argc == 3 && !std::strcmp(argv[1], "--child"))
        return child();
    const char* bounds_line =
        "Launch params (16, 16, 1) are larger than launch bounds (128) for kernel bounded(int*)";

    outcome o = run_child("x", "AMD_LOG_LEVEL", nullptr);
    expect(ran(o), "unset", "the launch fails with hipErrorLaunchFailure, as ROCm's", o);
    expect(!has(o.err, "Launch params") && !has(o.err, ":1:") && !has(o.err, ":3:"), "unset",
           "no log", o);
    expect(has(o.err, "barehip: hipErrorLaunchFailure") && has(o.err, "__launch_bounds__"),
           "unset", "barehip's own error line is there at every level", o);

    o = run_child("x", "AMD_LOG_LEVEL", "1");
    expect(ran(o), "1", "the launch fails", o);
    expect(has(o.err, bounds_line), "1", "the configuration, bounds and kernel are logged", o);
    expect(has(o.err, ":1:barehip/launch.c"), "1", "in ROCm's line shape, marked barehip's", o);
    expect(has(o.err, "] kernel 'bounded(int*)' grid (67108864,1,1) block (64,1,1): x dimension"),
           "1", "a grid past 2^32 work-items is logged with barehip's message", o);
    expect(!has(o.err, ":3:"), "1", "no information lines", o);

    o = run_child("x", "AMD_LOG_LEVEL", "3");
    expect(ran(o), "3", "the launch fails", o);
    expect(has(o.err, bounds_line), "3", "the bounds line", o);
    expect(has(o.err, "hipLaunchKernel ( kernel 'bounded(int*)', grid (2,1,1), block (64,1,1)"),
           "3", "each launch is logged with its configuration", o);
    expect(has(o.err, "hipLaunchKernel: Returned hipSuccess") &&
           has(o.err, "hipLaunchKernel: Returned hipErrorLaunchFailure"), "3",
           "and what it returned", o);
    expect(has(o.err, "] hipMalloc ( 4096 bytes ) = 0x") && has(o.err, "on device 0"), "3",
           "an allocation, its size, address and device", o);
    expect(has(o.err, "] hipMemcpy ( dst 0x") && has(o.err, "16 x 1 x 1 bytes, kind 2 )"), "3",
           "a copy, its extent and kind", o);
    expect(has(o.err, "code object (") && has(o.err, "kernels) on device 0"), "3",
           "the code object loaded", o);
    expect(!has(o.err, "  kernel 'bounded(int*)'") , "3", "its kernels only at level 4", o);

    o = run_child("x", "AMD_LOG_LEVEL", "4");
    expect(ran(o), "4", "the launch fails", o);
    expect(has(o.err, ":4:barehip/register.c") && has(o.err, "  kernel 'bounded(int*)'"), "4",
           "the code object's kernels, demangled", o);

    o = run_child("x", "AMD_LOG_LEVEL", "loud");
    expect(ran(o), "loud", "the launch fails", o);
    expect(has(o.err, "AMD_LOG_LEVEL=loud is not a level 0 to 4") && !has(o.err, "Launch params"),
           "loud", "a bad level is said, and logging stays off", o);

    // This process runs a launch within the bounds (and so drives the
    // board it was given, which the QEMU rig checks).
    int* out;
    const bool ok = hipMalloc(&out, 1024 * sizeof(int)) == hipSuccess;
    if (ok)
        bounded<<<2, 128>>>(out);
    expect(ok && hipDeviceSynchronize() == hipSuccess && hipFree(out) == hipSuccess, "unset",
           "a launch at the bounds runs", outcome{});

    std::printf("launch_log: %s (AMD_LOG_LEVEL unset, 1, 3, 4 and a bad value)\n",
                failures ? "FAIL" : "PASS");
    return failures ? 1 : 0;
}
