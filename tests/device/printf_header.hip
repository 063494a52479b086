// A kernel that overwrites the device printf buffer's header: the header
// ({ u32 used, u32 capacity }, loader/core/printf.c) is device memory, so
// the host must bound its decoding by its own capacity, never the one the
// buffer claims.  The kernel prints one real line, then lays out a fake
// record that ends 4 bytes before the true end of the buffer, a second
// one there whose size runs past the end, and claims the buffer is 4 GiB
// and full.  The host must decode only inside its buffer (the second
// record is malformed there; under ASan any read past the buffer fails
// the test), say the header was overwritten (on stderr), restore it, and
// print the next kernel's line normally.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <unistd.h>

// hidden_printf_buffer in the code object v5 implicit arguments
// (AMDGPUUsage; firmware/firmware.h IMPLICITARG_PRINTF_BUFFER).
#define IMPLICITARG_PRINTF_BUFFER 72

__global__ void clobber(unsigned* out)
{
    if (threadIdx.x || blockIdx.x)
        return;
    printf("before the clobber %d\n", 1);
    const unsigned char* imp = (const unsigned char*)__builtin_amdgcn_implicitarg_ptr();
    unsigned char* buf;
    __builtin_memcpy(&buf, imp + IMPLICITARG_PRINTF_BUFFER, sizeof(buf));
    unsigned* hdr = (unsigned*)buf;
    unsigned used = hdr[0], cap = hdr[1];
    out[0] = used;
    out[1] = cap;
    // A record from the end of the real one to 4 bytes before the end
    // of the buffer (an unknown format hash: the host notes it), then a
    // record of 64 bytes in the last 4.
    unsigned bridge = cap - 4 - used;
    unsigned* r1 = (unsigned*)(buf + 8 + used);
    r1[0] = bridge << 2 | 2;
    r1[1] = 0x5eed;
    r1[2] = 0;
    unsigned* r2 = (unsigned*)(buf + 8 + cap - 4);
    r2[0] = 64u << 2 | 2;
    hdr[0] = 0xfffffff0u;
    hdr[1] = 0xffffffffu;
}

__global__ void after(int v)
{
    if (threadIdx.x == 0 && blockIdx.x == 0)
        printf("after the clobber %d\n", v);
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
    char path[] = "/tmp/bh-printf-header-XXXXXX";
    int fd = mkstemp(path), saved = dup(1), saved_err = dup(2);
    expect(fd >= 0 && saved >= 0, "temporary file");
    unsigned* out = nullptr;
    expect(hipMalloc(&out, 2 * sizeof(unsigned)) == hipSuccess, "hipMalloc");
    std::fflush(stdout);
    // The program's output and barehip's notes (stderr) in one file.
    dup2(fd, 1);
    dup2(fd, 2);

    clobber<<<1, 64>>>(out);
    hipError_t e1 = hipDeviceSynchronize();
    after<<<1, 64>>>(42);
    hipError_t e2 = hipDeviceSynchronize();

    std::fflush(stdout);
    std::fflush(stderr);
    dup2(saved, 1);
    dup2(saved_err, 2);
    close(saved);
    close(saved_err);
    expect(e1 == hipSuccess && e2 == hipSuccess, "both kernels succeed");
    unsigned h[2] = { 0, 0 };
    expect(hipMemcpy(h, out, sizeof(h), hipMemcpyDeviceToHost) == hipSuccess, "hipMemcpy");

    std::string text;
    char buf[4096];
    ssize_t got;
    lseek(fd, 0, SEEK_SET);
    while ((got = read(fd, buf, sizeof(buf))) > 0)
        text.append(buf, (size_t)got);
    close(fd);
    unlink(path);

    char line[160];
    expect(text.find("before the clobber 1\n") != std::string::npos, "the real record is printed");
    expect(text.find("header was overwritten") != std::string::npos, "the overwrite is reported");
    // Record 0 is the real line, 1 the bridge, 2 the one past the end:
    // malformed where the host's capacity ends it.
    std::snprintf(line, sizeof(line), "printf record 2 at byte %u is malformed", h[1] - 4);
    expect(text.find(line) != std::string::npos, "decoding stops at the host's capacity");
    expect(text.find("after the clobber 42\n") != std::string::npos,
           "the next kernel prints normally");
    if (failures) {
        std::printf("printf_header: FAIL (%d checks)\n%s", failures, text.substr(0, 2000).c_str());
        return 1;
    }
    std::printf("printf_header: PASS (a clobbered printf header is ignored, capacity %u)\n", h[1]);
    return 0;
}
