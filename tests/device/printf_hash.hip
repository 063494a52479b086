// Device printf formats whose hash has leading zero nibbles, and what
// printf returns.
//
// A buffered printf record carries the format's hash: LLVM's MD5Hash of
// the string (the low 64 bits of its MD5, little-endian), listed in the
// code object's amdhsa.printf metadata in hex *without leading zeros*.
// "printf hash probe 34: %d\n" hashes to 0x0659f5212069e522, written
// as 15 digits; such a format (about one in 16) once made the whole
// program fail to load (hipErrorInvalidImage).  Found by compiling 64
// numbered probes and reading the metadata (llvm-readelf --notes); in
// Python: struct.unpack('<Q', hashlib.md5(fmt).digest()[:8]).
//
// printf's return value: with -mprintf-kind=buffered (barehip-cc's, and
// the one ROCm's HIP has too) clang itself lowers printf to
// __printf_alloc and returns 0 when the record was stored, -1 when the
// buffer had no room: the device cannot know the formatted length, which
// only the host's decoder produces.  So printf returns 0, or -1 when the
// buffer is full, as under ROCm with buffered printf (not the character
// count of hostcall printf or CUDA).
#include <hip/hip_runtime.h>

#include <cstdio>
#include <string>
#include <unistd.h>

#define IMPLICITARG_PRINTF_BUFFER 72   // hidden_printf_buffer (AMDGPUUsage, v5)

__global__ void probe(int v, int* ret)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        ret[0] = printf("printf hash probe 34: %d\n", v);
        ret[1] = printf("a line of %d characters\n", 23);
    }
}

// Claim the buffer is full, then print: the record does not fit.
__global__ void full(int* ret)
{
    if (threadIdx.x || blockIdx.x)
        return;
    const unsigned char* imp = (const unsigned char*)__builtin_amdgcn_implicitarg_ptr();
    unsigned* hdr;
    __builtin_memcpy(&hdr, imp + IMPLICITARG_PRINTF_BUFFER, sizeof(hdr));
    hdr[0] = hdr[1];
    ret[2] = printf("never printed %d\n", 1);
}

int main()
{
    int failures = 0;
    auto expect = [&](bool ok, const char* what) {
        if (!ok) {
            std::fprintf(stderr, "  FAILED: %s\n", what);
            ++failures;
        }
    };
    char path[] = "/tmp/bh-printf-hash-XXXXXX";
    int fd = mkstemp(path), saved = dup(1);
    int* d = nullptr;
    int ret[3] = {99, 99, 99};
    hipError_t e = hipMalloc(&d, sizeof(ret));
    expect(e == hipSuccess, "hipMalloc (the program loads)");
    if (e != hipSuccess)
        std::fprintf(stderr, "  %s\n", hipGetErrorString(e));
    expect(hipMemcpy(d, ret, sizeof(ret), hipMemcpyHostToDevice) == hipSuccess, "hipMemcpy");
    std::fflush(stdout);
    dup2(fd, 1);
    probe<<<1, 64>>>(34, d);
    hipError_t e1 = hipDeviceSynchronize();
    full<<<1, 64>>>(d);
    hipError_t e2 = hipDeviceSynchronize();
    std::fflush(stdout);
    dup2(saved, 1);
    close(saved);
    expect(e1 == hipSuccess && e2 == hipSuccess, "the kernels run");
    expect(hipMemcpy(ret, d, sizeof(ret), hipMemcpyDeviceToHost) == hipSuccess, "hipMemcpy back");

    std::string text;
    char buf[4096];
    ssize_t got;
    lseek(fd, 0, SEEK_SET);
    while ((got = read(fd, buf, sizeof(buf))) > 0)
        text.append(buf, (size_t)got);
    close(fd);
    unlink(path);

    expect(text.find("printf hash probe 34: 34\n") != std::string::npos,
           "the format with a 15-digit hash prints");
    expect(text.find("a line of 23 characters\n") != std::string::npos, "the second line prints");
    expect(text.find("never printed") == std::string::npos, "the record that did not fit");
    expect(ret[0] == 0 && ret[1] == 0, "printf returns 0 when its record is stored");
    expect(ret[2] == -1, "printf returns -1 when the buffer is full");
    if (failures) {
        std::printf("printf_hash: FAIL (%d checks; returned %d %d %d)\n%s", failures, ret[0],
                    ret[1], ret[2], text.substr(0, 2000).c_str());
        return 1;
    }
    std::printf("printf_hash: PASS (a 15-digit format hash loads; printf returns 0, or -1 "
                "when full, as buffered printf does under ROCm)\n");
    return 0;
}
