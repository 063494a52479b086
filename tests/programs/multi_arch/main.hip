// One program for several GPU targets: built with
// `--offload-arch=gfx942 --offload-arch=gfx90a` it carries a code object
// for each, and at run time the runtime picks the board's.  The kernel
// reports which target's code it is (clang's __gfx90a__/__gfx942__
// macros), which the host checks against the device's gcnArchName.
// Built with ONLY_TARGET (one --offload-arch), the program must run on
// that target and, on the other, fail its launch with
// hipErrorNoBinaryForGpu naming both.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#define HIP_CHECK(expression)                                                  \
    do {                                                                       \
        const hipError_t status = (expression);                                \
        if (status != hipSuccess) {                                            \
            std::fprintf(stderr, "HIP error %d (%s) at %s:%d: %s\n", status,   \
                         hipGetErrorString(status), __FILE__, __LINE__,        \
                         #expression);                                         \
            std::exit(EXIT_FAILURE);                                           \
        }                                                                      \
    } while (0)

__global__ void which_target(int* out)
{
#if defined(__gfx90a__)
    out[threadIdx.x] = 90010 + threadIdx.x;
#elif defined(__gfx942__)
    out[threadIdx.x] = 90402 + threadIdx.x;
#else
    out[threadIdx.x] = -1;
#endif
}

int main()
{
    hipDeviceProp_t prop;
    HIP_CHECK(hipGetDeviceProperties(&prop, 0));
    const bool on942 = std::strncmp(prop.gcnArchName, "gfx942", 6) == 0;
    const char* gfx = on942 ? "gfx942" : "gfx90a";
    int *d, out[64];
    HIP_CHECK(hipMalloc(&d, sizeof(out)));
    which_target<<<1, 64>>>(d);
    hipError_t e = hipGetLastError();
#ifdef ONLY_TARGET
    if (std::strcmp(gfx, ONLY_TARGET) != 0) {
        const char* msg = bh_get_last_error_message();
        if (e != hipErrorNoBinaryForGpu || !std::strstr(msg, gfx) ||
            !std::strstr(msg, ONLY_TARGET)) {
            std::printf("multi_arch: FAILED: a launch on %s of a program built for %s "
                        "gave %s (\"%s\")\n", gfx, ONLY_TARGET, hipGetErrorName(e), msg);
            return EXIT_FAILURE;
        }
        std::printf("multi_arch: PASS (built for %s only: on %s the launch fails with "
                    "hipErrorNoBinaryForGpu)\n", ONLY_TARGET, gfx);
        return 0;
    }
#endif
    HIP_CHECK(e);
    HIP_CHECK(hipMemcpy(out, d, sizeof(out), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d));
    const int base = on942 ? 90402 : 90010;
    for (int i = 0; i < 64; i++) {
        if (out[i] != base + i) {
            std::printf("multi_arch: FAILED: on %s thread %d ran code for %d\n", gfx, i,
                        out[i] - i);
            return EXIT_FAILURE;
        }
    }
    std::printf("multi_arch: PASS (%s ran its own code object)\n", gfx);
    return 0;
}
