// assert() and abort() in kernels.  A failing assert prints, as hardware
// HIP does, "file:line: function: Device-side assertion `expr' failed."
// and stops the kernel; the launch fails with an error naming the
// kernel, and (in the recoverable mode this test opts into; by default
// the program ends, see device_abort.hip) the program goes on after
// hipDeviceReset.  With NDEBUG,
// assert() is gone.
#include <hip/hip_runtime.h>

#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

// Every value must be below the limit.
__global__ void check_below(const int* v, int limit, int* seen)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    assert(v[i] < limit);
    seen[i] = 1;
}
static const int assert_line = __LINE__ - 3;   // the line of the assert above

__global__ void give_up(int* flag)
{
    if (*flag)
        abort();
    *flag = 2;
}

// assert.h may be included again with NDEBUG: the assert below vanishes.
#define NDEBUG
#include <cassert>
__global__ void unchecked(const int* v, int limit, int* seen)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    assert(v[i] < limit);   // not compiled: NDEBUG
    seen[i] = 1;
}
#undef NDEBUG

static int failures;
static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::printf("  FAILED: %s (last message: %s)\n", what, bh_get_last_error_message());
        ++failures;
    }
}

// Run fn with stdout going to a file; return what it printed.
template <typename F> static std::string capture(F fn)
{
    char path[] = "/tmp/bh-assert-XXXXXX";
    int fd = mkstemp(path), saved = dup(1);
    std::fflush(stdout);
    dup2(fd, 1);
    fn();
    std::fflush(stdout);
    dup2(saved, 1);
    close(saved);
    std::string text;
    char buf[4096];
    ssize_t n;
    lseek(fd, 0, SEEK_SET);
    while ((n = read(fd, buf, sizeof(buf))) > 0)
        text.append(buf, (size_t)n);
    close(fd);
    unlink(path);
    return text;
}

int main()
{
    // By default a failed assert ends the program, as in HIP
    // (device_abort.hip shows it); this test opts in to going on.
    expect(bh_set_device_abort_mode(BH_DEVICE_ABORT_RECOVER) == BH_DEVICE_ABORT_TERMINATE,
           "recoverable device aborts, opted in");
    const int n = 256;
    int host[n];
    for (int i = 0; i < n; ++i)
        host[i] = i % 100;
    host[137] = 500;                        // the one bad value
    int *v, *seen, *flag;
    expect(hipMalloc(&v, sizeof(host)) == hipSuccess, "hipMalloc");
    expect(hipMalloc(&seen, sizeof(host)) == hipSuccess, "hipMalloc");
    expect(hipMemcpy(v, host, sizeof(host), hipMemcpyHostToDevice) == hipSuccess, "copy");

    // All values below 1000: nothing fires.
    check_below<<<4, 64>>>(v, 1000, seen);
    expect(hipDeviceSynchronize() == hipSuccess, "no assert below 1000");

    // Below 200: lane 137 fails; its message names file, line, function
    // and expression, and the launch reports the trap.
    hipError_t status = hipSuccess;
    std::string out = capture([&] {
        check_below<<<4, 64>>>(v, 200, seen);
        status = hipDeviceSynchronize();
    });
    expect(status == hipErrorLaunchFailure, "failed assert fails the launch");
    const std::string where = std::string(__FILE__) + ":" + std::to_string(assert_line) + ": ";
    expect(out.find(where) != std::string::npos, "message names file and line");
    expect(out.find("check_below") != std::string::npos, "message names the function");
    expect(out.find("Device-side assertion `v[i] < limit' failed.") != std::string::npos,
           "message quotes the expression");
    std::size_t count = 0;
    for (std::size_t at = 0; (at = out.find("Device-side", at)) != std::string::npos; ++at)
        ++count;
    expect(count == 1, "exactly one lane failed");
    expect(std::strstr(bh_get_last_error_message(), "check_below") != nullptr,
           "error names the kernel");
    expect(std::strstr(bh_get_last_error_message(), "block (64,1,1)") != nullptr,
           "error names the dimensions");

    // The program goes on: reset, then the device works again.
    expect(hipDeviceReset() == hipSuccess, "hipDeviceReset");
    expect(hipMalloc(&v, sizeof(host)) == hipSuccess, "hipMalloc after reset");
    expect(hipMalloc(&seen, sizeof(host)) == hipSuccess, "hipMalloc after reset");
    expect(hipMalloc(&flag, sizeof(int)) == hipSuccess, "hipMalloc after reset");
    expect(hipMemcpy(v, host, sizeof(host), hipMemcpyHostToDevice) == hipSuccess, "copy");
    expect(hipMemset(seen, 0, sizeof(host)) == hipSuccess, "memset");

    // NDEBUG: the same check is not made; every item is written.
    unchecked<<<4, 64>>>(v, 200, seen);
    expect(hipDeviceSynchronize() == hipSuccess, "NDEBUG assert does not fire");
    int back[n];
    expect(hipMemcpy(back, seen, sizeof(back), hipMemcpyDeviceToHost) == hipSuccess, "copy back");
    bool all = true;
    for (int i = 0; i < n; ++i)
        all = all && back[i] == 1;
    expect(all, "every item written under NDEBUG");

    // abort(): stops the kernel with a trap, too.
    int one = 1, zero = 0, got = 0;
    expect(hipMemcpy(flag, &zero, sizeof(int), hipMemcpyHostToDevice) == hipSuccess, "copy");
    give_up<<<1, 1>>>(flag);
    expect(hipDeviceSynchronize() == hipSuccess, "abort not reached");
    expect(hipMemcpy(&got, flag, sizeof(int), hipMemcpyDeviceToHost) == hipSuccess, "copy");
    expect(got == 2, "kernel ran to the end");
    expect(hipMemcpy(flag, &one, sizeof(int), hipMemcpyHostToDevice) == hipSuccess, "copy");
    give_up<<<1, 1>>>(flag);
    expect(hipDeviceSynchronize() == hipErrorLaunchFailure, "abort fails the launch");
    expect(std::strstr(bh_get_last_error_message(), "trap") != nullptr, "abort is a trap");
    expect(hipDeviceReset() == hipSuccess, "hipDeviceReset");

    std::printf("assert: %s (failed assert reported with file, line, function, expression; "
                "NDEBUG; abort; recovery)\n", failures ? "FAIL" : "PASS");
    return failures ? 1 : 0;
}
