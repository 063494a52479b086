// The launch API from before <<<>>>, which ROCm keeps and hip-tests checks
// (unit/kernel/hipConfigureCall.cc, hipSetupArgument.cc): hipConfigureCall
// pushes a configuration as <<<>>> does (so __hipPopCallConfiguration sees
// it), hipSetupArgument places each argument at its offset in the kernel's
// arguments, hipLaunchByPtr launches with them.  Misuse is refused with a
// code: an argument past the kernel's 4 KiB, too few argument bytes for
// the kernel, a launch or argument without a configuration, a pointer that
// is no kernel.
#include <hip/hip_runtime.h>

#include <cstdio>

static int failures;

static void expect(bool ok, const char* what)
{
    if (!ok && failures++ < 20)
        std::printf("FAIL: %s\n", what);
}

#define EXPECT_OK(call) expect((call) == hipSuccess, #call)
#define EXPECT_CODE(call, code) expect((call) == (code), #call " -> " #code)

__global__ void add_vectors(const int* a, const int* b, int* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

__global__ void set_flag(int* flag) { *flag = 1; }

int main()
{
    const int n = 1000;
    int *a, *b, *c, ha[n], hb[n], hc[n];

    for (int i = 0; i < n; i++) {
        ha[i] = i;
        hb[i] = 3 * i;
    }
    EXPECT_OK(hipMalloc(&a, sizeof(ha)));
    EXPECT_OK(hipMalloc(&b, sizeof(hb)));
    EXPECT_OK(hipMalloc(&c, sizeof(hc)));
    EXPECT_OK(hipMemcpy(a, ha, sizeof(ha), hipMemcpyHostToDevice));
    EXPECT_OK(hipMemcpy(b, hb, sizeof(hb), hipMemcpyHostToDevice));
    EXPECT_OK(hipMemset(c, 0, sizeof(hc)));

    // The configuration is the one <<<>>> pushes: pop it back unchanged.
    dim3 grid, block;
    size_t shared = 0;
    hipStream_t stream = nullptr;
    EXPECT_OK(hipConfigureCall(dim3(16, 8, 1), dim3(16, 8, 1), 1024));
    EXPECT_OK(__hipPopCallConfiguration(&grid, &block, &shared, &stream));
    expect(grid.x == 16 && grid.y == 8 && block.x == 16 && block.y == 8 && shared == 1024,
           "hipConfigureCall's configuration pops back as given");

    // A kernel launched by pointer, its arguments placed by offset.
    EXPECT_OK(hipConfigureCall(dim3((n + 255) / 256), dim3(256)));
    EXPECT_OK(hipSetupArgument(&a, sizeof(a), 0));
    EXPECT_OK(hipSetupArgument(&b, sizeof(b), 8));
    EXPECT_OK(hipSetupArgument(&c, sizeof(c), 16));
    EXPECT_OK(hipSetupArgument(&n, sizeof(n), 24));
    EXPECT_OK(hipLaunchByPtr(reinterpret_cast<const void*>(add_vectors)));
    EXPECT_OK(hipMemcpy(hc, c, sizeof(hc), hipMemcpyDeviceToHost));
    int wrong = 0;
    for (int i = 0; i < n; i++)
        wrong += hc[i] != 4 * i;
    expect(wrong == 0, "hipLaunchByPtr ran add_vectors with hipSetupArgument's arguments");

    // Misuse: each refused with its code, nothing launched.
    EXPECT_CODE(hipLaunchByPtr(reinterpret_cast<const void*>(add_vectors)),
                hipErrorInvalidConfiguration);      // no configuration
    int x = 0;
    EXPECT_CODE(hipSetupArgument(&x, sizeof(x), 0), hipErrorInvalidConfiguration);
    EXPECT_OK(hipConfigureCall(dim3(1), dim3(1)));
    EXPECT_CODE(hipSetupArgument(&x, sizeof(x), 4094), hipErrorInvalidValue);  // past 4 KiB
    EXPECT_CODE(hipSetupArgument(nullptr, 4, 0), hipErrorInvalidValue);
    EXPECT_OK(hipSetupArgument(&a, sizeof(a), 0));   // 8 of the kernel's 28 bytes
    EXPECT_CODE(hipLaunchByPtr(reinterpret_cast<const void*>(add_vectors)),
                hipErrorInvalidValue);
    EXPECT_OK(hipConfigureCall(dim3(1), dim3(1)));
    EXPECT_CODE(hipLaunchByPtr(&x), hipErrorInvalidDeviceFunction);
    (void)hipGetLastError();

    // The configuration's stream carries the launch.
    int* flag;
    int hflag = 0;
    EXPECT_OK(hipMalloc(&flag, sizeof(int)));
    EXPECT_OK(hipMemset(flag, 0, sizeof(int)));
    EXPECT_OK(hipStreamCreate(&stream));
    EXPECT_OK(hipConfigureCall(dim3(1), dim3(1), 0, stream));
    EXPECT_OK(hipSetupArgument(&flag, sizeof(flag), 0));
    EXPECT_OK(hipLaunchByPtr(reinterpret_cast<const void*>(set_flag)));
    EXPECT_OK(hipStreamSynchronize(stream));
    EXPECT_OK(hipMemcpy(&hflag, flag, sizeof(int), hipMemcpyDeviceToHost));
    expect(hflag == 1, "hipLaunchByPtr on the configured stream");
    EXPECT_OK(hipStreamDestroy(stream));

    EXPECT_OK(hipFree(a));
    EXPECT_OK(hipFree(b));
    EXPECT_OK(hipFree(c));
    EXPECT_OK(hipFree(flag));
    if (failures) {
        std::printf("legacy_launch: %d failures\n", failures);
        return 1;
    }
    std::printf("PASS\n");
    return 0;
}
