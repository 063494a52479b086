// The deprecated context API and CU masks, as ROCm has them: a context is a
// device (its primary context), each thread keeps a stack of contexts whose
// top is current, and making one current makes its device current.  A CU
// mask is recorded with the stream and read back (barehip's boards run every
// stream on all CUs: docs/conformance.md, "CU masks").
#include <hip/hip_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

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

static int failures;

static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::printf("  FAILED: %s\n", what);
        ++failures;
    }
}

static void expect_code(hipError_t got, hipError_t want, const char* what)
{
    if (got != want) {
        std::printf("  FAILED: %s: %s, expected %s\n", what, hipGetErrorName(got),
                    hipGetErrorName(want));
        ++failures;
    }
}

__global__ void fill(int* out) { out[threadIdx.x] = threadIdx.x; }

int main()
{
    hipCtx_t ctx, cur, popped, primary;
    hipDevice_t dev = -1;
    int version = 0, active = 0;
    unsigned int flags = 1;

    // hipCtxCreate pushes the device's context and makes it current.
    HIP_CHECK(hipCtxCreate(&ctx, 0, 0));
    HIP_CHECK(hipCtxGetCurrent(&cur));
    expect(cur == ctx, "hipCtxCreate's context is current");
    HIP_CHECK(hipCtxGetDevice(&dev));
    expect(dev == 0, "the current context is device 0's");
    HIP_CHECK(hipDevicePrimaryCtxRetain(&primary, 0));
    expect(primary == ctx, "a context is the device's primary context");
    HIP_CHECK(hipDevicePrimaryCtxGetState(0, &flags, &active));
    expect(active == 1, "device 0's primary context is active");
    HIP_CHECK(hipCtxGetApiVersion(ctx, &version));
    expect(version == HIP_VERSION, "hipCtxGetApiVersion is HIP_VERSION");

    // Work goes to the current context's device as usual.
    int* d;
    int h[64];
    HIP_CHECK(hipMalloc(&d, sizeof(h)));
    fill<<<1, 64>>>(d);
    HIP_CHECK(hipCtxSynchronize());
    HIP_CHECK(hipMemcpy(h, d, sizeof(h), hipMemcpyDeviceToHost));
    expect(h[63] == 63, "a kernel runs under a context");
    HIP_CHECK(hipFree(d));

    // The stack: push, pop, set.
    HIP_CHECK(hipCtxPushCurrent(ctx));
    HIP_CHECK(hipCtxPopCurrent(&popped));
    expect(popped == ctx, "pop returns what was pushed");
    HIP_CHECK(hipCtxPopCurrent(&popped));
    expect_code(hipCtxPopCurrent(&popped), hipErrorInvalidContext, "pop of an empty stack");
    HIP_CHECK(hipCtxGetCurrent(&cur));
    expect(cur == ctx, "with an empty stack the current device's context is current");
    HIP_CHECK(hipCtxSetCurrent(ctx));
    HIP_CHECK(hipCtxSetCurrent(nullptr));
    expect_code(hipCtxPushCurrent(nullptr), hipErrorInvalidContext, "push of NULL");
    expect_code(hipCtxCreate(&ctx, 0, 1 << 20), hipErrorInvalidValue, "a device that is not");
    expect_code(hipCtxDestroy(nullptr), hipErrorInvalidValue, "destroy of NULL");
    expect_code(hipDevicePrimaryCtxGetState(1 << 20, &flags, &active), hipErrorInvalidDevice,
                "primary context of a device that is not");
    expect_code(hipDevicePrimaryCtxSetFlags(0, hipDeviceScheduleSpin),
                hipErrorContextAlreadyInUse, "flags of an active primary context");
    HIP_CHECK(hipCtxDestroy(ctx));
    HIP_CHECK(hipDevicePrimaryCtxRelease(0));

    // CU masks: what was set, read back; no CU left means all of them.
    hipDeviceProp_t p;
    HIP_CHECK(hipGetDeviceProperties(&p, 0));
    const unsigned words = (p.multiProcessorCount + 31) / 32;
    std::vector<uint32_t> all(words, 0), mask(words + 1, 0xdead), none(words, 0);
    for (int cu = 0; cu < p.multiProcessorCount; cu++)
        all[cu / 32] |= 1u << (cu % 32);
    hipStream_t s;
    HIP_CHECK(hipExtStreamGetCUMask(nullptr, words + 1, mask.data()));
    expect(mask[0] == all[0] && mask[words] == 0, "the null stream uses every CU");
    std::vector<uint32_t> some(all);
    some[0] = 0xe;
    HIP_CHECK(hipExtStreamCreateWithCUMask(&s, words, some.data()));
    HIP_CHECK(hipExtStreamGetCUMask(s, words, mask.data()));
    expect(mask[0] == 0xe, "a stream's CU mask reads back");
    HIP_CHECK(hipStreamDestroy(s));
    HIP_CHECK(hipExtStreamCreateWithCUMask(&s, words, none.data()));
    HIP_CHECK(hipExtStreamGetCUMask(s, words, mask.data()));
    expect(mask[0] == all[0], "a mask of no CU is every CU");
    HIP_CHECK(hipStreamDestroy(s));
    expect_code(hipExtStreamCreateWithCUMask(&s, 0, all.data()), hipErrorInvalidValue,
                "a CU mask of size 0");
    expect_code(hipExtStreamCreateWithCUMask(nullptr, words, all.data()), hipErrorInvalidValue,
                "no stream");

    if (failures) {
        std::printf("contexts: %d FAILED\n", failures);
        return 1;
    }
    std::printf("contexts: PASS\n");
    return 0;
}
