// Managed memory: __managed__ variables and hipMallocManaged.  One
// pointer serves host and device; no hipMemcpy anywhere.  The host sets
// values, kernels change them, the host reads them after
// hipDeviceSynchronize -- including an initialised __managed__ array
// that host code reads before any HIP call.
#include <hip/hip_runtime.h>

#include <cstdio>

__managed__ int counter = 5;
__managed__ float table[4] = { 1.5f, 2.5f, 3.5f, 4.5f };

__global__ void bump(int by)
{
    __hip_atomic_fetch_add(&counter, by, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    if (threadIdx.x < 4)
        table[threadIdx.x] *= 2.0f;
}

__global__ void square(int* data, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        data[i] = data[i] * data[i] + counter;
}

static int fail(const char* what)
{
    std::printf("managed: FAIL: %s\n", what);
    return 1;
}

int main()
{
    // Initial values, before any HIP call.
    if (counter != 5 || table[2] != 3.5f)
        return fail("initial values of __managed__ variables");
    counter = 100;	// the host writes; the kernel sees it
    bump<<<1, 64>>>(1);
    if (hipDeviceSynchronize())
        return fail("bump");
    if (counter != 164 || table[0] != 3.0f || table[3] != 9.0f) {
        std::printf("  counter %d, table %g %g\n", counter, table[0], table[3]);
        return fail("kernel updates of __managed__ variables");
    }

    constexpr int n = 1000;
    int* data = nullptr;
    if (hipMallocManaged(&data, n * sizeof(int)))
        return fail("hipMallocManaged");
    for (int i = 0; i < n; ++i)
        data[i] = i;
    square<<<(n + 255) / 256, 256>>>(data, n);
    if (hipDeviceSynchronize())
        return fail("square");
    for (int i = 0; i < n; ++i)
        if (data[i] != i * i + 164)
            return fail("kernel results in hipMallocManaged memory");

    // hipMemcpy accepts managed memory on either side, in any direction.
    int copy[4] = { 0 };
    if (hipMemcpy(copy, data + 10, sizeof(copy), hipMemcpyDeviceToHost) || copy[0] != 264)
        return fail("hipMemcpy from managed memory");
    if (hipMemcpy(data, copy, sizeof(copy), hipMemcpyHostToDevice) || data[0] != 264)
        return fail("hipMemcpy to managed memory");

    // Bad flags are refused.
    int* bad = nullptr;
    if (hipMallocManaged(&bad, 64, 0x10) != hipErrorInvalidValue || bad)
        return fail("hipMallocManaged with bad flags");
    (void)hipGetLastError();
    if (hipFree(data))
        return fail("hipFree of managed memory");

    // A device reset keeps __managed__ values: host code reads them in
    // between, and kernels after the reset continue from them.
    if (hipDeviceReset() || counter != 164)
        return fail("__managed__ value across hipDeviceReset");
    counter += 1;
    bump<<<1, 1>>>(10);
    if (hipDeviceSynchronize() || counter != 175 || table[0] != 6.0f || table[1] != 5.0f)
        return fail("__managed__ variables after hipDeviceReset");

    std::printf("managed: PASS (__managed__ int and float[4], %d ints of hipMallocManaged)\n",
                n);
    return 0;
}
