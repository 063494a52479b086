// BAREHIP_FENCE_TIMEOUT_MS and bh_set_fence_timeout_ms: how long a wait
// lets the GPU take.  A kernel
// that spins until the host raises a flag (reading the real-time clock,
// so the sim board's deadlock detector sees it make progress) outlives
// a 1.5 s timeout: hipDeviceSynchronize fails after about 1.5 s with
// hipErrorLaunchTimeOut, naming the kernel and the limit, and the
// program goes on (the queue was reset).  A value that is no number of
// milliseconds is refused at the first bring-up, naming the variable.
#include <hip/hip_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

static int failures;

static void expect(bool ok, const char* what)
{
    if (!ok && failures++ < 20)
        std::printf("  FAILED: %s\n", what);
}

__global__ void spin_until_raised(volatile int* flag)
{
    const uint64_t start = wall_clock64();
    // The clock bounds the spin too (10 minutes at the reported rate is
    // never reached: the timeout comes first).
    while (*flag == 0 && wall_clock64() - start < (uint64_t)600 * 100000000u)
        ;
}

__global__ void one(int* p) { *p = 1; }

int main()
{
    // A value that is no number of milliseconds: refused at the first
    // device bring-up, naming the variable, and the build's default kept.
    // (stderr read through a pipe: no child process, which a QEMU guest
    // or qemu-user could not start.)
    setenv("BAREHIP_FENCE_TIMEOUT_MS", "soon", 1);
    int fds[2];
    char out[512] = "";
    if (pipe(fds) == 0) {
        int saved = dup(2);
        dup2(fds[1], 2);
        (void)hipFree(nullptr);  // the first bring-up reads the variable
        fflush(stderr);
        dup2(saved, 2);
        close(saved);
        close(fds[1]);
        ssize_t n = read(fds[0], out, sizeof(out) - 1);
        out[n > 0 ? n : 0] = 0;
        close(fds[0]);
    }
    expect(std::strstr(out, "BAREHIP_FENCE_TIMEOUT_MS=soon is not a number") &&
               std::strstr(out, "stays 30000 ms") && bh_fence_timeout_ms() == 30000,
           "a bad BAREHIP_FENCE_TIMEOUT_MS is refused, naming it, and the default kept");

    // The limit, set as a program may (the variable does the same at start-up).
    bh_set_fence_timeout_ms(1500);
    volatile int* flag = nullptr;
    expect(hipHostMalloc(&flag, sizeof(int), 0) == hipSuccess, "hipHostMalloc");
    *flag = 0;
    const auto t0 = std::chrono::steady_clock::now();
    spin_until_raised<<<1, 1>>>(flag);
    hipError_t e = hipDeviceSynchronize();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    expect(e == hipErrorLaunchTimeOut, "the spinning kernel times out");
    const std::string msg = bh_get_last_error_message();
    expect(msg.find("spin_until_raised") != std::string::npos &&
               msg.find("within 1500 ms") != std::string::npos,
           "the message names the kernel and the 1500 ms limit");
    expect(s >= 1.4 && s < 30.0, "after about 1.5 s, not the default 30 s");
    *flag = 1;
    (void)hipGetLastError();

    // The program goes on: the queue was reset and runs new work.
    int* d = nullptr;
    int h = 0;
    expect(hipMalloc(&d, sizeof(int)) == hipSuccess, "hipMalloc after the timeout");
    one<<<1, 1>>>(d);
    expect(hipMemcpy(&h, d, sizeof(int), hipMemcpyDeviceToHost) == hipSuccess && h == 1,
           "a kernel after the timeout runs");
    hipFree(d);
    hipHostFree(const_cast<int*>(flag));

    if (failures) {
        std::printf("fence_timeout: %d FAILED\n", failures);
        return 1;
    }
    std::printf("fence_timeout: PASS\n");
    return 0;
}
