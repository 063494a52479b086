// Hello world, as in the HIP samples: every thread of a few blocks greets
// from the GPU with device printf (the lines appear in the run log when
// the host synchronises), and shifts one character of a message by one --
// "HelloWorld" becomes "IfmmpXpsme" -- which the host checks, together
// with which thread handled which character.
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

__global__ void hello_world(const char* in, char* out, int* who, unsigned int n)
{
    const unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        printf("Hello world from thread %u of block %u: '%c' -> '%c'\n", threadIdx.x,
               blockIdx.x, in[i], in[i] + 1);
        out[i] = static_cast<char>(in[i] + 1);
        who[i] = static_cast<int>(blockIdx.x * 1000 + threadIdx.x);
    }
}

int main()
{
    const char message[] = "HelloWorld, HIP!";
    const unsigned int n = sizeof(message) - 1;
    const unsigned int block = 4;
    const unsigned int grid = (n + block - 1) / block;  // 4 blocks of 4 threads

    char* d_in{};
    char* d_out{};
    int* d_who{};
    HIP_CHECK(hipMalloc(&d_in, n));
    HIP_CHECK(hipMalloc(&d_out, n));
    HIP_CHECK(hipMalloc(&d_who, n * sizeof(int)));
    HIP_CHECK(hipMemcpy(d_in, message, n, hipMemcpyHostToDevice));

    hipLaunchKernelGGL(hello_world, dim3(grid), dim3(block), 0, 0, d_in, d_out, d_who, n);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());   // the device's lines are printed here
    std::fflush(stdout);

    char out[sizeof(message)] = {};
    int who[sizeof(message)] = {};
    HIP_CHECK(hipMemcpy(out, d_out, n, hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(who, d_who, n * sizeof(int), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d_in));
    HIP_CHECK(hipFree(d_out));
    HIP_CHECK(hipFree(d_who));

    int errors = 0;
    for (unsigned int i = 0; i < n; ++i) {
        const char want = static_cast<char>(message[i] + 1);
        const int want_who = static_cast<int>(i / block * 1000 + i % block);
        if (out[i] != want || who[i] != want_who) {
            std::printf("  character %u: got '%c' from %d, expected '%c' from %d\n", i,
                        out[i], who[i], want, want_who);
            ++errors;
        }
    }
    if (std::strncmp(out, "IfmmpXpsme", 10) != 0) {
        std::printf("  output starts \"%.10s\", expected \"IfmmpXpsme\"\n", out);
        ++errors;
    }
    if (errors) {
        std::printf("hello_world: FAIL (%d of %u characters wrong)\n", errors, n);
        return EXIT_FAILURE;
    }
    std::printf("hello_world: PASS (\"%s\" -> \"%s\", %u threads in %u blocks)\n", message,
                out, n, grid);
    return EXIT_SUCCESS;
}
