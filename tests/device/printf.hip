// Device printf: every thread of two blocks prints a line with several
// conversions; the host captures its own standard output around the
// synchronisation (where the loader decodes the buffer) and checks that
// every line is there, intact, and that one thread's lines keep their
// order.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

__global__ void hello(const char* who, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    printf("hello from %s %d of %d: x=%5.2f h=%#x c=%c s=%-4s|\n", who, i, n, i * 0.5, i,
           'a' + i % 26, "ab");
    if (i == 0) {
        printf("first %lld %llu %hhd %e %g %%\n", -1234567890123LL, 18446744073709551615ULL,
               (signed char)-3, 1.0e-10, 100000.0);
        printf("second %*d|%-*d|%.3s|%p\n", 6, 42, 4, 7, "truncated", (void*)0x1234);
    }
}

static int failures;

static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::fprintf(stderr, "  FAILED: %s\n", what);
        ++failures;
    }
}

int main()
{
    char path[] = "/tmp/bh-printf-XXXXXX";
    int fd = mkstemp(path), saved = dup(1);
    expect(fd >= 0 && saved >= 0, "temporary file");
    std::fflush(stdout);
    dup2(fd, 1);

    const int blocks = 2, threads = 96, n = blocks * threads;
    // A string in device memory: %s of a runtime pointer copies it.
    char* who = nullptr;
    expect(hipMalloc(&who, 8) == hipSuccess && hipMemcpy(who, "device", 7, hipMemcpyHostToDevice) ==
                                                    hipSuccess,
           "device string");
    hello<<<blocks, threads>>>(who, n);
    hipError_t err = hipDeviceSynchronize();

    std::fflush(stdout);
    dup2(saved, 1);
    close(saved);
    expect(err == hipSuccess, "hipDeviceSynchronize");

    std::string text;
    char buf[4096];
    ssize_t got;
    lseek(fd, 0, SEEK_SET);
    while ((got = read(fd, buf, sizeof(buf))) > 0)
        text.append(buf, (size_t)got);
    close(fd);
    unlink(path);

    for (int i = 0; i < n; ++i) {
        char line[128];
        std::snprintf(line, sizeof(line), "hello from device %d of %d: x=%5.2f h=%#x c=%c s=%-4s|\n",
                      i, n, i * 0.5, i, 'a' + i % 26, "ab");
        if (text.find(line) == std::string::npos) {
            std::fprintf(stderr, "  missing: %s", line);
            expect(false, "every thread's line is printed");
            break;
        }
    }
    size_t first = text.find("first -1234567890123 18446744073709551615 -3 1.000000e-10 100000 %\n");
    size_t second = text.find("second     42|7   |tru|0x1234\n");
    expect(first != std::string::npos, "64-bit, char-sized, %e, %g and %% conversions");
    expect(second != std::string::npos, "'*' width, '-' flag, precision on %s, %p");
    expect(first < second, "one thread's lines stay in order");
    expect(text.find("barehip:") == std::string::npos && text.find("[barehip") == std::string::npos,
           "no decoder complaints");

    if (failures) {
        std::printf("printf: FAIL (%d checks)\n%s", failures, text.substr(0, 2000).c_str());
        return 1;
    }
    std::printf("printf: PASS (%d lines from %d threads, every conversion)\n", n + 2, n);
    return 0;
}
