// SAXPY, written as in ROCm's HIP samples: y = a*x + y on the GPU,
// checked element by element against the same computation on the host.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <vector>

#define HIP_CHECK(expression)                                              \
    {                                                                      \
        const hipError_t status = expression;                              \
        if (status != hipSuccess) {                                        \
            std::cerr << "HIP error " << status << ": "                    \
                      << hipGetErrorString(status) << " at " << __FILE__   \
                      << ":" << __LINE__ << std::endl;                     \
            std::exit(EXIT_FAILURE);                                       \
        }                                                                  \
    }

__global__ void saxpy(float a, const float* x, float* y, unsigned int n)
{
    const unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] = a * x[i] + y[i];
    }
}

int main()
{
    constexpr unsigned int n = 1u << 20;
    constexpr unsigned int block_size = 256;
    const unsigned int grid_size = (n + block_size - 1) / block_size;
    const float a = 2.5f;

    std::vector<float> x(n), y(n), expected(n);
    for (unsigned int i = 0; i < n; ++i) {
        x[i] = static_cast<float>(i % 1000) * 0.5f;
        y[i] = static_cast<float>(i % 37) - 18.0f;
        expected[i] = std::fmaf(a, x[i], y[i]);
    }

    float* d_x{};
    float* d_y{};
    HIP_CHECK(hipMalloc(&d_x, n * sizeof(float)));
    HIP_CHECK(hipMalloc(&d_y, n * sizeof(float)));
    HIP_CHECK(hipMemcpy(d_x, x.data(), n * sizeof(float), hipMemcpyHostToDevice));
    HIP_CHECK(hipMemcpy(d_y, y.data(), n * sizeof(float), hipMemcpyHostToDevice));

    saxpy<<<dim3(grid_size), dim3(block_size), 0, hipStreamDefault>>>(a, d_x, d_y, n);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());

    HIP_CHECK(hipMemcpy(y.data(), d_y, n * sizeof(float), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d_x));
    HIP_CHECK(hipFree(d_y));

    unsigned int errors = 0;
    for (unsigned int i = 0; i < n; ++i) {
        if (y[i] != expected[i]) {
            if (errors < 5) {
                std::cerr << "mismatch at " << i << ": got " << y[i]
                          << ", expected " << expected[i] << std::endl;
            }
            ++errors;
        }
    }
    if (errors != 0) {
        std::cout << "saxpy: FAIL (" << errors << " of " << n
                  << " elements differ)" << std::endl;
        return EXIT_FAILURE;
    }
    std::cout << "saxpy: PASS (" << n << " elements, a = " << a << ")" << std::endl;
    return EXIT_SUCCESS;
}
