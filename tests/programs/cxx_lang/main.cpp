// Languages by file and by -x, as hipcc takes them: this main.cpp has no
// -x and is compiled as HIP (hipcc's default for .cpp), kernels.cpp is
// compiled with -x hip -c, host.cpp with -x c++ -c (host C++ only), and
// c_api.c as C; the objects link into one program.
#ifndef __HIP__
#error "main.cpp must be compiled as HIP (hipcc's default for .cpp)"
#endif
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>

#include "cxx_lang.h"

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

__global__ void add_offset(int* p, int n, int offset)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] += offset;
}

int main()
{
    const int n = 1000, first = -400, offset = 3;
    int* d;
    HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
    if (c_device_count() != 1 || c_fill_device(d, n, first) != 0) {
        std::printf("cxx_lang: FAILED: the C file's HIP calls\n");
        return EXIT_FAILURE;
    }
    if (launch_square(d, n) != 0) {
        std::printf("cxx_lang: FAILED: the -x hip file's launch\n");
        return EXIT_FAILURE;
    }
    add_offset<<<(n + 127) / 128, 128>>>(d, n, offset);
    HIP_CHECK(hipGetLastError());
    long long want = 0;
    for (int i = 0; i < n; i++)
        want += (long long)(first + i) * (first + i) + offset;
    long long got = host_sum_device(d, n);
    HIP_CHECK(hipFree(d));
    if (got != want) {
        std::printf("cxx_lang: FAILED: sum %lld, want %lld\n", got, want);
        return EXIT_FAILURE;
    }
    std::printf("cxx_lang: PASS (C, host C++, -x hip and default .cpp in one program; "
                "sum %lld)\n", got);
    return 0;
}
