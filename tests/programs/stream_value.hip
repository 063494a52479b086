// Stream memory operations (hipStreamWaitValue32/64, hipStreamWriteValue32/64):
// a stream that holds its work until a word in memory says go, and writes a
// word once its earlier work is done.  The GPU's command processor does both
// (WAIT_REG_MEM / WAIT_REG_MEM64 and a release write); the host only flips the
// word.  Also: each condition with and without a mask on both widths, the
// 64-bit compare seeing the high half, signal memory, the refusals, and
// hipStreamAttachMemAsync's checks.
#include <hip/hip_runtime.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <thread>

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

__global__ void store(uint32_t* out, uint32_t value) { *out = value; }

// One condition: the stream must hold while the word is @fail and go once the
// host writes @pass.  @word is host memory the GPU maps.
template <typename T>
static void wait_case(const char* name, T* word, unsigned flags, T value, T mask, T fail, T pass)
{
    hipStream_t s;
    uint32_t* done;
    HIP_CHECK(hipStreamCreate(&s));
    HIP_CHECK(hipHostMalloc(&done, sizeof(*done)));
    *done = 0;
    *word = fail;
    if (sizeof(T) == 4)
        HIP_CHECK(hipStreamWaitValue32(s, word, (uint32_t)value, flags, (uint32_t)mask));
    else
        HIP_CHECK(hipStreamWaitValue64(s, word, (uint64_t)value, flags, (uint64_t)mask));
    store<<<1, 1, 0, s>>>(done, 1);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    char what[128];
    std::snprintf(what, sizeof(what), "%s: the stream holds while the condition is false", name);
    expect(hipStreamQuery(s) == hipErrorNotReady && *done == 0, what);
    __atomic_store_n(word, pass, __ATOMIC_RELEASE);
    HIP_CHECK(hipStreamSynchronize(s));
    std::snprintf(what, sizeof(what), "%s: the stream goes once it is true", name);
    expect(*done == 1, what);
    HIP_CHECK(hipHostFree(done));
    HIP_CHECK(hipStreamDestroy(s));
}

int main()
{
    int supported = 0;
    HIP_CHECK(hipDeviceGetAttribute(&supported, hipDeviceAttributeCanUseStreamWaitValue, 0));
    expect(supported == 1, "hipDeviceAttributeCanUseStreamWaitValue is 1");

    uint32_t* w32;
    uint64_t* w64;
    HIP_CHECK(hipHostMalloc(&w32, sizeof(*w32)));
    HIP_CHECK(hipHostMalloc(&w64, sizeof(*w64)));

    // ROCm's four conditions, in the values hip-tests uses.
    wait_case<uint32_t>("32 Gte mask", w32, hipStreamWaitValueGte, 0x4, 0xF, 0x3, 0x6);
    wait_case<uint32_t>("32 Eq mask", w32, hipStreamWaitValueEq, 0x1, 0xFFFF, 0x0FFF0000, 0x0FFF0001);
    wait_case<uint32_t>("32 And mask", w32, hipStreamWaitValueAnd, 0xF4A, 0xFF, 0xF35, 0x02);
    wait_case<uint32_t>("32 Nor", w32, hipStreamWaitValueNor, 0x7AAAAAAA, 0xFFFFFFFF, 0x85555555,
                        0x9AAAAAAA);
    // 64 bits: the high half decides (a 32-bit compare would pass at once).
    wait_case<uint64_t>("64 Eq high half", w64, hipStreamWaitValueEq, 0x100000005ull, ~0ull,
                        0x5ull, 0x100000005ull);
    wait_case<uint64_t>("64 Gte", w64, hipStreamWaitValueGte, 0x7FFF000000000001ull, ~0ull,
                        0x7FFF000000000000ull, 0x7FFF000000000010ull);
    wait_case<uint64_t>("64 Nor", w64, hipStreamWaitValueNor, 0x4724724747247247ull, ~0ull,
                        0xbddbddbdbddbddbdull, 0xbddbddbdbddbddb3ull);

    // Writes: in stream order after a kernel, to device and host memory.
    hipStream_t s;
    HIP_CHECK(hipStreamCreate(&s));
    uint32_t* d32;
    uint64_t* d64;
    HIP_CHECK(hipMalloc(&d32, 64));
    HIP_CHECK(hipMalloc(&d64, 64));
    store<<<1, 1, 0, s>>>(d32, 7);
    HIP_CHECK(hipStreamWriteValue32(s, d32 + 1, 0x70F0F0FF, 0));
    HIP_CHECK(hipStreamWriteValue64(s, d64 + 3, 0x7FFF0000FFFF0000ull, 0));
    HIP_CHECK(hipStreamWriteValue64(s, w64, 0x123456789abcdef0ull, 0));
    HIP_CHECK(hipStreamSynchronize(s));
    uint32_t h32[2];
    uint64_t h64;
    HIP_CHECK(hipMemcpy(h32, d32, sizeof(h32), hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(&h64, d64 + 3, sizeof(h64), hipMemcpyDeviceToHost));
    expect(h32[0] == 7 && h32[1] == 0x70F0F0FF, "hipStreamWriteValue32 to device memory");
    expect(h64 == 0x7FFF0000FFFF0000ull, "hipStreamWriteValue64 to device memory");
    expect(*w64 == 0x123456789abcdef0ull, "hipStreamWriteValue64 to host memory");

    // One stream releases another, with no host in between.
    hipStream_t waiter;
    HIP_CHECK(hipStreamCreateWithFlags(&waiter, hipStreamNonBlocking));
    HIP_CHECK(hipMemset(d32, 0, 64));
    HIP_CHECK(hipStreamWaitValue32(waiter, d32 + 2, 42, hipStreamWaitValueEq));
    store<<<1, 1, 0, waiter>>>(d32 + 3, 9);
    HIP_CHECK(hipStreamWriteValue32(s, d32 + 2, 42, 0));
    HIP_CHECK(hipStreamSynchronize(waiter));
    HIP_CHECK(hipMemcpy(h32, d32 + 2, sizeof(h32), hipMemcpyDeviceToHost));
    expect(h32[0] == 42 && h32[1] == 9, "a write on one stream releases a wait on another");

    // Signal memory: 8 bytes both sides see.
    uint64_t* sig;
    HIP_CHECK(hipExtMallocWithFlags(reinterpret_cast<void**>(&sig), 8, hipMallocSignalMemory));
    *sig = 0;
    HIP_CHECK(hipStreamWriteValue64(s, sig, 99, 0));
    HIP_CHECK(hipStreamSynchronize(s));
    expect(*sig == 99, "signal memory is host-visible and written by the stream");
    HIP_CHECK(hipFree(sig));

    // Refusals, with ROCm's codes.
    uint32_t unknown;
    expect_code(hipStreamWriteValue32(s, nullptr, 0, 0), hipErrorInvalidValue, "NULL ptr");
    expect_code(hipStreamWaitValue64(s, nullptr, 0, 0), hipErrorInvalidValue, "NULL ptr (wait)");
    expect_code(hipStreamWaitValue32(s, w32, 0, 7), hipErrorInvalidValue, "unknown condition");
    expect_code(hipStreamWriteValue32(s, &unknown, 0, 0), hipErrorInvalidValue,
                "memory the GPU does not map");
    expect_code(hipStreamWaitValue32(reinterpret_cast<hipStream_t>(0xFFFF), w32, 0, 0),
                hipErrorContextIsDestroyed, "a stream that does not exist");
    expect_code(hipStreamWriteValue64(s, reinterpret_cast<char*>(w64) + 4, 0, 0),
                hipErrorInvalidValue, "a 64-bit word not 8-byte aligned");

    // hipStreamAttachMemAsync: managed memory only, length 0 or all of it.
    int* managed;
    HIP_CHECK(hipMallocManaged(&managed, 64 * sizeof(int)));
    HIP_CHECK(hipStreamAttachMemAsync(s, managed, 0, hipMemAttachHost));
    HIP_CHECK(hipStreamAttachMemAsync(s, managed, 64 * sizeof(int), hipMemAttachSingle));
    expect_code(hipStreamAttachMemAsync(s, managed, 3, hipMemAttachSingle), hipErrorInvalidValue,
                "attach of part of an allocation");
    expect_code(hipStreamAttachMemAsync(s, d32, 0, hipMemAttachSingle), hipErrorInvalidValue,
                "attach of memory that is not managed");
    expect_code(hipStreamAttachMemAsync(s, managed, 0, hipMemAttachHost | hipMemAttachGlobal),
                hipErrorInvalidValue, "attach with two flags");
    expect_code(hipStreamAttachMemAsync(nullptr, managed, 0, hipMemAttachSingle),
                hipErrorInvalidValue, "attach single to the null stream");
    HIP_CHECK(hipStreamAttachMemAsync(nullptr, managed, 0, hipMemAttachGlobal));
    HIP_CHECK(hipStreamSynchronize(s));
    HIP_CHECK(hipFree(managed));

    HIP_CHECK(hipStreamDestroy(waiter));
    HIP_CHECK(hipStreamDestroy(s));
    HIP_CHECK(hipFree(d32));
    HIP_CHECK(hipFree(d64));
    HIP_CHECK(hipHostFree(w32));
    HIP_CHECK(hipHostFree(w64));
    if (failures) {
        std::printf("stream_value: %d FAILED\n", failures);
        return 1;
    }
    std::printf("stream_value: PASS\n");
    return 0;
}
