// hipLaunchKernelGGL as ROCm's function template (HIP_TEMPLATE_KERNEL_LAUNCH,
// defined before the HIP headers): a template kernel with two template
// arguments is named as it is -- hipLaunchKernelGGL(scale<float, 3>, ...)
// -- on the default stream (0) and on a stream, with dynamic shared
// memory; the arguments are converted to the kernel's parameter types
// (an int literal to a float, a non-const pointer to a const one).  A
// template kernel named bare (add_n) is the specialisation the arguments
// select, for hipLaunchKernelGGL and hipExtLaunchKernelGGL alike.
#define HIP_TEMPLATE_KERNEL_LAUNCH
#include <hip/hip_runtime.h>
#include <hip/hip_ext.h>

#include <cstdio>
#include <vector>

static int failures;

static void expect(bool ok, const char* what)
{
    if (!ok && failures++ < 20)
        std::printf("FAIL: %s\n", what);
}

template <typename T, int Factor>
__global__ void scale(const T* in, T* out, T offset, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * Factor + offset;
}

// Reverses each block's slice through dynamic shared memory.
template <typename T, unsigned Block>
__global__ void reverse_blocks(T* data)
{
    extern __shared__ unsigned char raw[];
    T* tile = reinterpret_cast<T*>(raw);
    unsigned t = threadIdx.x, base = blockIdx.x * Block;
    tile[t] = data[base + t];
    __syncthreads();
    data[base + t] = tile[Block - 1 - t];
}

__global__ void no_args(int* flag) { *flag = 42; }

// A template kernel named without its template arguments, as hip-tests
// launches HipTest::vectorADD: the specialisation taking the arguments'
// types is the one launched (ROCm's F = void (*)(Args...) default).
template <typename T>
__global__ void add_n(const T* a, T* b, size_t n)
{
    size_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        b[i] += a[i];
}

int main()
{
    const int n = 1000;
    std::vector<float> h(n);
    for (int i = 0; i < n; i++)
        h[i] = (float)i;
    float *in, *out;
    expect(hipMalloc(&in, n * sizeof(float)) == hipSuccess, "hipMalloc in");
    expect(hipMalloc(&out, n * sizeof(float)) == hipSuccess, "hipMalloc out");
    expect(hipMemcpy(in, h.data(), n * sizeof(float), hipMemcpyHostToDevice) == hipSuccess, "copy");

    // Default stream, 0 bytes of dynamic shared memory; offset 5 (an int) becomes a float.
    hipLaunchKernelGGL(scale<float, 3>, dim3((n + 255) / 256), dim3(256), 0, 0, in, out, 5, n);
    expect(hipGetLastError() == hipSuccess, "launch on stream 0");
    std::vector<float> r(n);
    expect(hipMemcpy(r.data(), out, n * sizeof(float), hipMemcpyDeviceToHost) == hipSuccess, "back");
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += r[i] != 3.0f * i + 5.0f;
    expect(bad == 0, "scale<float, 3> on the default stream");

    // A stream and dynamic shared memory.
    hipStream_t s;
    expect(hipStreamCreate(&s) == hipSuccess, "hipStreamCreate");
    const unsigned block = 128, blocks = 6;
    std::vector<double> d(block * blocks);
    for (size_t i = 0; i < d.size(); i++)
        d[i] = (double)i;
    double* dd;
    expect(hipMalloc(&dd, d.size() * sizeof(double)) == hipSuccess, "hipMalloc dd");
    expect(hipMemcpyAsync(dd, d.data(), d.size() * sizeof(double), hipMemcpyHostToDevice, s) ==
               hipSuccess,
           "copy dd");
    hipLaunchKernelGGL(reverse_blocks<double, block>, dim3(blocks), dim3(block),
                       block * sizeof(double), s, dd);
    expect(hipGetLastError() == hipSuccess, "launch on a stream with dynamic shared memory");
    std::vector<double> back(d.size());
    expect(hipMemcpyAsync(back.data(), dd, d.size() * sizeof(double), hipMemcpyDeviceToHost, s) ==
               hipSuccess,
           "copy back dd");
    expect(hipStreamSynchronize(s) == hipSuccess, "sync");
    bad = 0;
    for (unsigned b = 0; b < blocks; b++)
        for (unsigned t = 0; t < block; t++)
            bad += back[b * block + t] != (double)(b * block + block - 1 - t);
    expect(bad == 0, "reverse_blocks<double, 128> through dynamic shared memory");

    // A kernel with one argument, and a launch error reported by hipGetLastError.
    int* flag;
    expect(hipMalloc(&flag, sizeof(int)) == hipSuccess, "hipMalloc flag");
    hipLaunchKernelGGL(no_args, dim3(1), dim3(1), 0, s, flag);
    int f = 0;
    expect(hipMemcpy(&f, flag, sizeof(int), hipMemcpyDeviceToHost) == hipSuccess && f == 42,
           "no_args ran");
    hipLaunchKernelGGL(no_args, dim3(1), dim3(100000), 0, s, flag);
    expect(hipGetLastError() != hipSuccess, "a block too large is reported by hipGetLastError");

    // add_n, not add_n<int>: both the GGL and the Ext form.
    const size_t m = 300;
    int *ia = nullptr, *ib = nullptr;
    expect(hipMalloc(&ia, m * sizeof(int)) == hipSuccess &&
               hipMalloc(&ib, m * sizeof(int)) == hipSuccess, "hipMalloc ia, ib");
    std::vector<int> ones(m, 1);
    hipMemcpy(ia, ones.data(), m * sizeof(int), hipMemcpyHostToDevice);
    hipMemset(ib, 0, m * sizeof(int));
    hipLaunchKernelGGL(add_n, dim3(2), dim3(256), 0, s, static_cast<const int*>(ia), ib, m);
    hipExtLaunchKernelGGL(add_n, dim3(2), dim3(256), 0, s, nullptr, nullptr, 0,
                          static_cast<const int*>(ia), ib, m);
    std::vector<int> sums(m);
    expect(hipMemcpy(sums.data(), ib, m * sizeof(int), hipMemcpyDeviceToHost) == hipSuccess,
           "copy sums back");
    int wrong = 0;
    for (size_t i = 0; i < m; i++)
        wrong += sums[i] != 2;
    expect(wrong == 0, "add_n named without <int>, launched by both forms");
    hipFree(ia);
    hipFree(ib);

    hipFree(in);
    hipFree(out);
    hipFree(dd);
    hipFree(flag);
    hipStreamDestroy(s);
    if (failures) {
        std::printf("launch_ggl: %d failures\n", failures);
        return 1;
    }
    std::printf("launch_ggl: PASS\n");
    return 0;
}
