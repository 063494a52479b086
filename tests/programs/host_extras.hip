// Host calls samples use beside the core API: hipDeviceGetUuid (stable,
// the same as hipDeviceProp_t.uuid, distinct per device),
// hipGetFuncBySymbol (a hipFunction_t for hipModuleLaunchKernel,
// hipFuncGetAttribute and hipFuncGetAttributes), hipExtLaunchKernelGGL
// and hipExtLaunchKernel (events around the kernel), hipExtMallocWithFlags
// (each kind; bad flags refused), and the macro form of hipLaunchKernelGGL
// with HIP_KERNEL_NAME around a template kernel.
#include <hip/hip_ext.h>
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>

static int failures;

static void expect(bool ok, const char* what)
{
    if (!ok && failures++ < 20)
        std::printf("FAIL: %s\n", what);
}

#define EXPECT_OK(call) expect((call) == hipSuccess, #call)
#define EXPECT_CODE(call, code) expect((call) == (code), #call " -> " #code)

__global__ void add(int* p, int v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] += v;
}

template <typename T, int N>
__global__ void set_all(T* p)
{
    p[threadIdx.x] = (T)N;
}

static bool all_equal(const int* d, int n, int want)
{
    int h[256];
    if (hipMemcpy(h, d, n * sizeof(int), hipMemcpyDeviceToHost) != hipSuccess)
        return false;
    for (int i = 0; i < n; i++)
        if (h[i] != want)
            return false;
    return true;
}

int main()
{
    // --- UUID
    hipUUID u1, u2;
    EXPECT_OK(hipDeviceGetUuid(&u1, 0));
    EXPECT_OK(hipDeviceGetUuid(&u2, 0));
    static const char zero[16] = {};
    expect(std::memcmp(u1.bytes, zero, 16) != 0, "the UUID is not all zero");
    expect(std::memcmp(u1.bytes, u2.bytes, 16) == 0, "the same device gives the same UUID");
    hipDeviceProp_t prop;
    EXPECT_OK(hipGetDeviceProperties(&prop, 0));
    expect(std::memcmp(prop.uuid.bytes, u1.bytes, 16) == 0, "hipDeviceProp_t.uuid is the same");
    int count = 0;
    EXPECT_OK(hipGetDeviceCount(&count));
    for (int d = 1; d < count; d++) {
        hipUUID other;
        EXPECT_OK(hipDeviceGetUuid(&other, d));
        expect(std::memcmp(other.bytes, u1.bytes, 16) != 0, "each device has its own UUID");
    }
    EXPECT_CODE(hipDeviceGetUuid(nullptr, 0), hipErrorInvalidValue);
    EXPECT_CODE(hipDeviceGetUuid(&u2, count), hipErrorInvalidDevice);
    std::printf("device 0 UUID:");
    for (int i = 0; i < 16; i++)
        std::printf("%s%02x", i == 4 || i == 6 || i == 8 || i == 10 ? "-" : "",
                    (unsigned char)u1.bytes[i]);
    std::printf("\n");

    // --- hipGetFuncBySymbol
    const int n = 256;
    int* buf;
    EXPECT_OK(hipMalloc(&buf, n * sizeof(int)));
    EXPECT_OK(hipMemset(buf, 0, n * sizeof(int)));
    hipFunction_t f = nullptr;
    EXPECT_OK(hipGetFuncBySymbol(&f, reinterpret_cast<const void*>(add)));
    expect(f != nullptr, "a function handle");
    int v = 3, nn = n;
    void* params[] = {&buf, &v, &nn};
    EXPECT_OK(hipModuleLaunchKernel(f, 2, 1, 1, 128, 1, 1, 0, nullptr, params, nullptr));
    expect(all_equal(buf, n, 3), "hipModuleLaunchKernel with the handle ran the kernel");
    int max_threads = 0;
    EXPECT_OK(hipFuncGetAttribute(&max_threads, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f));
    expect(max_threads >= 256, "hipFuncGetAttribute with the handle");
    hipFuncAttributes by_handle, by_symbol;
    EXPECT_OK(hipFuncGetAttributes(&by_handle, reinterpret_cast<const void*>(f)));
    EXPECT_OK(hipFuncGetAttributes(&by_symbol, reinterpret_cast<const void*>(add)));
    expect(by_handle.maxThreadsPerBlock == by_symbol.maxThreadsPerBlock &&
               by_handle.numRegs == by_symbol.numRegs,
           "hipFuncGetAttributes: the handle and the symbol agree");
    int host_only = 0;
    EXPECT_CODE(hipGetFuncBySymbol(&f, &host_only), hipErrorInvalidDeviceFunction);
    EXPECT_CODE(hipGetFuncBySymbol(nullptr, reinterpret_cast<const void*>(add)),
                hipErrorInvalidValue);

    // --- hipExtLaunchKernelGGL and hipExtLaunchKernel: events around the kernel
    hipStream_t s;
    hipEvent_t start, stop;
    EXPECT_OK(hipStreamCreate(&s));
    EXPECT_OK(hipEventCreate(&start));
    EXPECT_OK(hipEventCreate(&stop));
    (void)hipGetLastError();    // clear the errors asked for above
    hipExtLaunchKernelGGL(add, dim3(2), dim3(128), 0, s, start, stop, 0, buf, 4, n);
    EXPECT_OK(hipGetLastError());
    EXPECT_OK(hipEventSynchronize(stop));
    float ms = -1;
    EXPECT_OK(hipEventElapsedTime(&ms, start, stop));
    expect(ms >= 0, "the events time the kernel");
    expect(all_equal(buf, n, 7), "hipExtLaunchKernelGGL ran the kernel");
    int five = 5;
    void* args[] = {&buf, &five, &nn};
    EXPECT_OK(hipExtLaunchKernel(reinterpret_cast<const void*>(add), dim3(2), dim3(128), args, 0,
                                 s, nullptr, stop, hipExtAnyOrderLaunch));
    EXPECT_OK(hipStreamSynchronize(s));
    expect(all_equal(buf, n, 12), "hipExtLaunchKernel ran the kernel");
    EXPECT_OK(hipEventQuery(stop));
    EXPECT_CODE(hipExtLaunchKernel(reinterpret_cast<const void*>(add), dim3(2), dim3(128), args,
                                   0, s, nullptr, nullptr, 0x100),
                hipErrorInvalidValue);

    // --- the macro form of hipLaunchKernelGGL: HIP_KERNEL_NAME around a template kernel
    hipLaunchKernelGGL(HIP_KERNEL_NAME(set_all<int, 9>), dim3(1), dim3(n), 0, 0, buf);
    expect(all_equal(buf, n, 9), "hipLaunchKernelGGL(HIP_KERNEL_NAME(set_all<int, 9>), ...)");

    // --- hipExtMallocWithFlags
    const unsigned kinds[] = {hipDeviceMallocDefault, hipDeviceMallocFinegrained,
                              hipDeviceMallocUncached, hipDeviceMallocContiguous};
    for (unsigned k : kinds) {
        int* p = nullptr;
        EXPECT_OK(hipExtMallocWithFlags(&p, n * sizeof(int), k));
        EXPECT_OK(hipMemset(p, 0, n * sizeof(int)));
        add<<<2, 128>>>(p, 11, n);
        expect(all_equal(p, n, 11), "hipExtMallocWithFlags memory works in a kernel");
        EXPECT_OK(hipFree(p));
    }
    void* sig = nullptr;
    EXPECT_OK(hipExtMallocWithFlags(&sig, 8, hipMallocSignalMemory));
    EXPECT_OK(hipFree(sig));
    EXPECT_CODE(hipExtMallocWithFlags(&sig, 16, hipMallocSignalMemory), hipErrorInvalidValue);
    EXPECT_CODE(hipExtMallocWithFlags(&sig, 16, 0x40), hipErrorInvalidValue);
    EXPECT_CODE(hipExtMallocWithFlags(nullptr, 16, 0), hipErrorInvalidValue);
    (void)hipGetLastError();

    EXPECT_OK(hipEventDestroy(start));
    EXPECT_OK(hipEventDestroy(stop));
    EXPECT_OK(hipStreamDestroy(s));
    EXPECT_OK(hipFree(buf));
    if (failures) {
        std::printf("host_extras: %d failures\n", failures);
        return 1;
    }
    std::printf("host_extras: PASS\n");
    return 0;
}
