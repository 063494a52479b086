// SAXPY with a grid-stride loop, as in the HIP samples: y = a*x + y for a
// vector whose length is no multiple of anything, computed by a grid
// sized from the device (a few blocks per compute unit) rather than from
// the data, so every thread handles several elements.  A second kernel
// fills x and y on the device; both are checked against the host.
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

// The inputs, from the element index alone, on both sides.
__host__ __device__ inline float x_of(unsigned int i)
{
    return static_cast<float>(i % 1013) * 0.25f - 100.0f;
}
__host__ __device__ inline float y_of(unsigned int i)
{
    return static_cast<float>((i * 7u) % 331) - 165.5f;
}

__global__ void fill(float* x, float* y, unsigned int n)
{
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += blockDim.x * gridDim.x) {
        x[i] = x_of(i);
        y[i] = y_of(i);
    }
}

__global__ void saxpy(float a, const float* __restrict__ x, float* __restrict__ y,
                      unsigned int n)
{
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += blockDim.x * gridDim.x) {
        y[i] = a * x[i] + y[i];
    }
}

int main()
{
    constexpr unsigned int n = 1000003;   // prime
    constexpr unsigned int block_size = 192;
    const float a = -1.75f;

    hipDeviceProp_t props;
    HIP_CHECK(hipGetDeviceProperties(&props, 0));
    const unsigned int grid_size = 4 * static_cast<unsigned int>(props.multiProcessorCount);

    float* d_x{};
    float* d_y{};
    HIP_CHECK(hipMalloc(&d_x, n * sizeof(float)));
    HIP_CHECK(hipMalloc(&d_y, n * sizeof(float)));
    hipLaunchKernelGGL(fill, dim3(grid_size), dim3(block_size), 0, 0, d_x, d_y, n);
    HIP_CHECK(hipGetLastError());
    hipLaunchKernelGGL(saxpy, dim3(grid_size), dim3(block_size), 0, 0, a, d_x, d_y, n);
    HIP_CHECK(hipGetLastError());

    std::vector<float> x(n), y(n);
    HIP_CHECK(hipMemcpy(x.data(), d_x, n * sizeof(float), hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(y.data(), d_y, n * sizeof(float), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d_x));
    HIP_CHECK(hipFree(d_y));

    // The device may contract a*x + y into one fma (clang does for HIP);
    // every input is a multiple of 1/4 and small, so the product is exact
    // and both forms round the same way.
    unsigned int errors = 0;
    for (unsigned int i = 0; i < n; ++i) {
        const float want = std::fmaf(a, x_of(i), y_of(i));
        if (x[i] != x_of(i) || y[i] != want) {
            if (errors < 5)
                std::cerr << "element " << i << ": x " << x[i] << " y " << y[i]
                          << ", expected x " << x_of(i) << " y " << want << std::endl;
            ++errors;
        }
    }
    if (errors != 0) {
        std::cout << "saxpy: FAIL (" << errors << " of " << n << " elements differ)"
                  << std::endl;
        return EXIT_FAILURE;
    }
    std::cout << "saxpy: PASS (" << n << " elements, " << grid_size << " blocks of "
              << block_size << " threads, " << (n + grid_size * block_size - 1) /
                                                   (grid_size * block_size)
              << " elements per thread)" << std::endl;
    return EXIT_SUCCESS;
}
