// host_only: main in plain C++ compiled by g++ (not as HIP) that includes
// <hip/hip_runtime.h>, as mixed CMake projects do: the host API, dim3,
// the vector types (float4 and its operators) and hipError_t on the
// host, a launcher from the HIP file, hipLaunchKernel with a kernel
// handle, and more host code in C (c_api.c, gcc).
#ifdef __HIP__
#error "main.cpp must be compiled as host C++ (g++), not as HIP"
#endif
#include <hip/hip_runtime.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "host_only.h"

static int failures;

static void expect(bool ok, const char* what)
{
    if (!ok && failures++ < 20)
        std::printf("FAIL: %s\n", what);
}

// Kernel-language markers read as nothing here, so shared helpers compile.
__host__ __device__ static inline float twice(float v) { return 2 * v; }

int main()
{
    int count = 0;
    expect(hipGetDeviceCount(&count) == hipSuccess && count > 0, "a device");
    hipDeviceProp_t prop;
    expect(hipGetDeviceProperties(&prop, 0) == hipSuccess, "hipGetDeviceProperties");
    std::printf("host-only main on %s (%s)\n", prop.name, prop.gcnArchName);

    const int n = 1000;
    float *x, *y;
    expect(hipMalloc(&x, n * sizeof(float)) == hipSuccess, "hipMalloc x");
    expect(hipMalloc(&y, n * sizeof(float)) == hipSuccess, "hipMalloc y");
    expect(c_fill(x, n, 0.0f) == 0, "c_fill x (C)");
    std::vector<float> ones(n, 1.0f);
    expect(hipMemcpy(y, ones.data(), n * sizeof(float), hipMemcpyHostToDevice) == hipSuccess,
           "copy y");

    // The HIP file's launcher, on a stream.
    hipStream_t s;
    expect(hipStreamCreate(&s) == hipSuccess, "hipStreamCreate");
    expect(launch_saxpy(twice(1.0f), x, y, n, s) == hipSuccess, "launch_saxpy");
    expect(hipStreamSynchronize(s) == hipSuccess, "sync");
    // hipLaunchKernel from C (c_api.c): y = 3 * x + y.
    expect(c_launch_saxpy(3.0f, x, y, n) == 0, "c_launch_saxpy (C)");
    std::vector<float> r(n);
    expect(hipMemcpy(r.data(), y, n * sizeof(float), hipMemcpyDeviceToHost) == hipSuccess, "back");
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += r[i] != 5.0f * i + 1.0f;
    expect(bad == 0, "y = 5x + 1 after both launches");

    // Vector types on the host, and hipLaunchKernel with dim3 from C++.
    const int m = 64;
    std::vector<float4> v(m);
    for (int i = 0; i < m; i++)
        v[i] = make_float4(i, i + 1, i + 2, i + 3);
    float4 by = make_float4(1, 2, 3, 4);
    expect((by + by).w == 8.0f && sizeof(float4) == 16, "float4 on the host");
    float4* dv;
    expect(hipMalloc(&dv, m * sizeof(float4)) == hipSuccess, "hipMalloc dv");
    expect(hipMemcpy(dv, v.data(), m * sizeof(float4), hipMemcpyHostToDevice) == hipSuccess, "copy v");
    int mm = m;
    void* args[] = {&dv, &by, &mm};
    expect(hipLaunchKernel(scale4_kernel(), dim3(1), dim3(m), args, 0, s) == hipSuccess,
           "hipLaunchKernel(scale4)");
    expect(hipMemcpyAsync(v.data(), dv, m * sizeof(float4), hipMemcpyDeviceToHost, s) == hipSuccess,
           "copy v back");
    expect(hipStreamSynchronize(s) == hipSuccess, "sync");
    bad = 0;
    for (int i = 0; i < m; i++)
        bad += v[i].x != i || v[i].y != 2.0f * (i + 1) || v[i].z != 3.0f * (i + 2) ||
               v[i].w != 4.0f * (i + 3);
    expect(bad == 0, "scale4 through hipLaunchKernel");

    // Errors and their names on the host.
    hipError_t e = hipMemcpy(nullptr, x, 4, hipMemcpyDeviceToHost);
    expect(e != hipSuccess && std::string(hipGetErrorName(e)).find("hipError") == 0,
           "an error and its name");
    (void)hipGetLastError();

    auto keep = std::make_shared<int>(1);   // <memory> after hip_runtime.h
    expect(*keep == 1, "libstdc++ after hip_runtime.h");
    hipFree(x);
    hipFree(y);
    hipFree(dv);
    hipStreamDestroy(s);
    if (failures) {
        std::printf("host_only: %d failures\n", failures);
        return 1;
    }
    std::printf("host_only: PASS\n");
    return 0;
}
