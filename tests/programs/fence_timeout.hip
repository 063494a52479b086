// BAREHIP_FENCE_TIMEOUT_MS: how long a wait lets the GPU take.  A kernel
// that spins until the host raises a flag (reading the real-time clock,
// so the sim board's deadlock detector sees it make progress) outlives
// a 1.5 s timeout: hipDeviceSynchronize fails after about 1.5 s with
// hipErrorLaunchTimeOut, naming the kernel and the limit, and the
// program goes on (the queue was reset).  A value that is no number of
// milliseconds is refused at the first bring-up, in a child process,
// naming the variable.
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

int main(int argc, char** argv)
{
    if (argc > 1 && !std::strcmp(argv[1], "--bad")) {
        // The child: the first bring-up reads the variable (the board
        // may refuse a second process, as barehip.ko's does: the message
        // comes first either way).
        (void)hipFree(nullptr);
        return 0;
    }
    setenv("BAREHIP_FENCE_TIMEOUT_MS", "1500", 1);
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

    // A bad value, in a child (fork and exec: a QEMU guest has no shell
    // for popen): refused by name, the program still runs.
    int fds[2];
    char out[512] = "";
    size_t n = 0;
    if (pipe(fds) == 0) {
        pid_t pid = fork();
        if (pid == 0) {
            dup2(fds[1], 1);
            dup2(fds[1], 2);
            close(fds[0]);
            setenv("BAREHIP_FENCE_TIMEOUT_MS", "soon", 1);
            execl("/proc/self/exe", argv[0], "--bad", (char*)nullptr);
            execl(argv[0], argv[0], "--bad", (char*)nullptr);
            _exit(127);
        }
        close(fds[1]);
        ssize_t r;
        while (n < sizeof(out) - 1 && (r = read(fds[0], out + n, sizeof(out) - 1 - n)) > 0)
            n += (size_t)r;
        out[n] = 0;
        close(fds[0]);
        if (pid > 0)
            waitpid(pid, nullptr, 0);
    }
    if (!std::strstr(out, "BAREHIP_FENCE_TIMEOUT_MS=soon is not a number") ||
        !std::strstr(out, "stays 30000 ms"))
        std::printf("  the child said: %s\n", out);
    expect(std::strstr(out, "BAREHIP_FENCE_TIMEOUT_MS=soon is not a number") &&
               std::strstr(out, "stays 30000 ms"),
           "a bad BAREHIP_FENCE_TIMEOUT_MS is refused, naming it, and the default kept");

    if (failures) {
        std::printf("fence_timeout: %d FAILED\n", failures);
        return 1;
    }
    std::printf("fence_timeout: PASS\n");
    return 0;
}
