// The device printf buffer's size, as HIP programs set it: before the
// first kernel that prints, hipDeviceSetLimit(hipLimitPrintfFifoSize)
// sets it and hipDeviceGetLimit reports it; after that kernel, a new
// size is refused with hipErrorInvalidValue (CUDA's rule, which HIP
// documents).  A kernel that prints more than fits loses the rest: the
// lines that fit print whole, in order, with no "malformed record"
// after them, and the note about the lost bytes goes to stderr, not
// among the program's output.  The next kernel prints normally.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <unistd.h>

static int failures;

static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::fprintf(stderr, "  FAILED: %s\n", what);
        ++failures;
    }
}

// One line per thread: 12 bytes of record header + 2 x 8 bytes of
// arguments = 28 bytes each.
__global__ void chatty(int run)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    printf("run %d line %d\n", run, i);
}

static std::string slurp(int fd)
{
    std::string text;
    char buf[4096];
    ssize_t got;

    lseek(fd, 0, SEEK_SET);
    while ((got = read(fd, buf, sizeof(buf))) > 0)
        text.append(buf, (size_t)got);
    return text;
}

static int count(const std::string& text, const char* what)
{
    int n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

int main()
{
    size_t size = 0;
    expect(hipDeviceGetLimit(&size, hipLimitPrintfFifoSize) == hipSuccess &&
               size == 1024 * 1024, "the default is 1 MiB (CONFIG_LOADER_PRINTF_KB)");
    expect(hipDeviceSetLimit(hipLimitPrintfFifoSize, 0) == hipErrorInvalidValue,
           "0 bytes is refused");
    // 4 KiB: 8 bytes of header, then room for 146 records of 28 bytes.
    expect(hipDeviceSetLimit(hipLimitPrintfFifoSize, 4096) == hipSuccess,
           "set before the first kernel that prints");
    expect(hipDeviceGetLimit(&size, hipLimitPrintfFifoSize) == hipSuccess && size == 4096,
           "and reported");

    char out_path[] = "/tmp/bh-printf-limit-out-XXXXXX";
    char err_path[] = "/tmp/bh-printf-limit-err-XXXXXX";
    int out = mkstemp(out_path), err = mkstemp(err_path);
    int saved_out = dup(1), saved_err = dup(2);
    std::fflush(stdout);
    std::fflush(stderr);
    dup2(out, 1);
    dup2(err, 2);

    chatty<<<4, 64>>>(1);       // 256 lines: 110 do not fit
    hipError_t e1 = hipDeviceSynchronize();
    hipError_t late = hipDeviceSetLimit(hipLimitPrintfFifoSize, 8192);
    chatty<<<1, 10>>>(2);       // 10 lines fit
    hipError_t e2 = hipDeviceSynchronize();

    std::fflush(stdout);
    std::fflush(stderr);
    dup2(saved_out, 1);
    dup2(saved_err, 2);
    std::string o = slurp(out), e = slurp(err);
    close(out);
    close(err);
    unlink(out_path);
    unlink(err_path);

    expect(e1 == hipSuccess && e2 == hipSuccess, "both kernels run");
    expect(late == hipErrorInvalidValue, "a new size after a kernel printed is refused");
    expect(e.find("hipDeviceSetLimit(hipLimitPrintfFifoSize, 8192): a kernel that calls "
                  "printf has run already") != std::string::npos, "... saying why");
    expect(hipDeviceGetLimit(&size, hipLimitPrintfFifoSize) == hipSuccess && size == 4096,
           "the size stays");
    expect(count(o, "run 1 line ") == 146, "the 146 records that fit print");
    // Which 146 fit depends on the order the waves ran in (the model runs
    // workgroups on several host threads); each must be a whole line.
    bool whole = true;
    for (size_t at = 0, nl; at < o.size(); at = nl + 1) {
        nl = o.find('\n', at);
        if (nl == std::string::npos)
            nl = o.size();
        unsigned run, line;
        char tail;
        whole = whole && std::sscanf(o.c_str() + at, "run %u line %u%c", &run, &line, &tail) == 3 &&
                tail == '\n' && (run == 1 ? line < 256 : run == 2 && line < 10);
    }
    expect(whole, "whole lines");
    expect(o.find("malformed") == std::string::npos && e.find("malformed") == std::string::npos,
           "no malformed record after the overflow");
    expect(o.find("lost") == std::string::npos, "no note among the program's output");
    expect(e.find("barehip: 3080 bytes of device printf output lost: the 4096-byte buffer "
                  "was full") != std::string::npos, "the lost bytes are noted on stderr");
    expect(count(o, "run 2 line ") == 10 && o.find("run 2 line 9\n") != std::string::npos,
           "the next kernel prints all its lines, and nothing stale");
    // A fresh device (hipDeviceReset) has the default size again.
    expect(hipDeviceReset() == hipSuccess, "hipDeviceReset");
    expect(hipDeviceGetLimit(&size, hipLimitPrintfFifoSize) == hipSuccess &&
               size == 1024 * 1024, "the default after a reset");
    expect(hipDeviceSetLimit(hipLimitPrintfFifoSize, 1 << 20) == hipSuccess,
           "and settable again");

    if (failures) {
        std::printf("printf_limit: FAIL (%d checks)\n--- stdout\n%s--- stderr\n%s", failures,
                    o.substr(0, 1500).c_str(), e.substr(0, 1500).c_str());
        return 1;
    }
    std::printf("printf_limit: PASS (hipLimitPrintfFifoSize set before the first printing "
                "kernel, refused after; an overflow prints the records that fit and notes "
                "the rest on stderr)\n");
    return 0;
}
