// Error handling, as in the HIP samples: every API call returns a
// hipError_t, launches report theirs through hipGetLastError, and
// hipGetErrorName / hipGetErrorString describe them.  This program walks
// the error paths -- invalid values, devices, device pointers and device
// functions, bad launch configurations, too much memory, and a kernel
// that faults -- checking each code and description, that ordinary
// errors are cleared by hipGetLastError while a GPU fault is sticky until
// hipDeviceReset, and that the process carries on after every one.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

static int failures;
static int checked;

// @call must return @want; hipGetErrorString must describe it, and the
// runtime's one-line message (barehip's bh_get_last_error_message) must name
// @needle -- the function, kernel or cause.
static void expect_error(hipError_t got, hipError_t want, const char* needle, const char* what)
{
    ++checked;
    const char* message = bh_get_last_error_message();
    if (got != want) {
        std::printf("  WRONG: %s: %s (%s), expected %s\n", what, hipGetErrorName(got),
                    hipGetErrorString(got), hipGetErrorName(want));
        ++failures;
    } else if (want != hipSuccess && needle && !std::strstr(message, needle)) {
        std::printf("  WRONG: %s: message \"%s\" does not mention \"%s\"\n", what, message,
                    needle);
        ++failures;
    } else if (want != hipSuccess) {
        std::printf("  ok: %-44s %-30s \"%s\"\n", what, hipGetErrorName(got),
                    hipGetErrorString(got));
    }
}

static void expect(bool ok, const char* what)
{
    ++checked;
    if (!ok) {
        std::printf("  WRONG: %s\n", what);
        ++failures;
    }
}

__global__ void fill(int* p, int value)
{
    p[threadIdx.x] = value;
}

__global__ void __launch_bounds__(64) small_blocks(int* p)
{
    p[threadIdx.x] = 1;
}

__global__ void store_through(int* p)
{
    *p = 7;   // with a pointer nothing maps: a memory fault on the GPU
}

static void not_a_kernel(int*) {}

// Every code the runtime returns: its name is its identifier, its
// description is HIP's, not the fallback.
static void check_names()
{
    const struct {
        hipError_t code;
        const char* name;
    } codes[] = {
#define C(x) {x, #x}
        C(hipSuccess), C(hipErrorInvalidValue), C(hipErrorOutOfMemory),
        C(hipErrorNotInitialized), C(hipErrorInvalidConfiguration), C(hipErrorInvalidSymbol),
        C(hipErrorInvalidDevicePointer), C(hipErrorInvalidMemcpyDirection),
        C(hipErrorInvalidDeviceFunction), C(hipErrorNoDevice), C(hipErrorInvalidDevice),
        C(hipErrorInvalidImage), C(hipErrorNoBinaryForGpu), C(hipErrorUnsupportedLimit),
        C(hipErrorInvalidHandle), C(hipErrorNotFound), C(hipErrorNotReady),
        C(hipErrorIllegalAddress), C(hipErrorLaunchOutOfResources), C(hipErrorLaunchTimeOut),
        C(hipErrorLaunchFailure), C(hipErrorCooperativeLaunchTooLarge),
        C(hipErrorNotSupported), C(hipErrorAssert), C(hipErrorStreamCaptureUnsupported),
        C(hipErrorGraphExecUpdateFailure), C(hipErrorRuntimeOther),
#undef C
    };
    for (const auto& c : codes) {
        expect(std::strcmp(hipGetErrorName(c.code), c.name) == 0, c.name);
        expect(std::strcmp(hipGetErrorString(c.code), "unknown error") != 0 &&
                   hipGetErrorString(c.code)[0] != '\0',
               "a description of its own");
    }
    expect(std::strcmp(hipGetErrorString(hipSuccess), "no error") == 0, "hipSuccess");
    expect(std::strcmp(hipGetErrorString(hipErrorLaunchFailure),
                       "unspecified launch failure") == 0, "hipErrorLaunchFailure's text");
    const hipError_t bogus = static_cast<hipError_t>(12345);
    expect(std::strcmp(hipGetErrorName(bogus), "hipErrorUnknown") == 0 &&
               std::strcmp(hipGetErrorString(bogus), "unknown error") == 0,
           "a value that is no hipError_t is unknown");
    std::printf("  ok: %zu error names and descriptions\n", sizeof(codes) / sizeof(codes[0]));
}

int main()
{
    int* buf{};
    if (hipMalloc(&buf, 64 * sizeof(int)) != hipSuccess) {
        std::printf("error_paths: FAIL (no device memory)\n");
        return EXIT_FAILURE;
    }
    check_names();

    // Invalid values: NULL outputs, unknown attributes and flags, bad sizes.
    hipDeviceProp_t prop;
    int value = 0;
    char text[8];
    expect_error(hipMalloc(nullptr, 16), hipErrorInvalidValue, "hipMalloc", "hipMalloc(NULL)");
    expect_error(hipGetDeviceProperties(nullptr, 0), hipErrorInvalidValue,
                 "hipGetDeviceProperties", "hipGetDeviceProperties(NULL)");
    expect_error(hipDeviceGetAttribute(&value, static_cast<hipDeviceAttribute_t>(12345), 0),
                 hipErrorInvalidValue, "12345", "an unknown attribute");
    expect_error(hipDeviceGetAttribute(&value, hipDeviceAttributeUnused1, 0),
                 hipErrorInvalidValue, "attribute", "an unused attribute");
    expect_error(hipSetDeviceFlags(hipDeviceScheduleSpin | hipDeviceScheduleYield),
                 hipErrorInvalidValue, "scheduling", "two scheduling flags");
    expect_error(hipSetDeviceFlags(0x100), hipErrorInvalidValue, "unknown flags",
                 "an unknown device flag");
    expect_error(hipInit(1), hipErrorInvalidValue, "hipInit", "hipInit(1)");
    expect_error(hipDeviceGetPCIBusId(text, 5, 0), hipErrorInvalidValue, "13 bytes",
                 "a PCI bus id buffer too short");
    expect_error(hipDeviceGetByPCIBusId(&value, "not-a-bus"), hipErrorInvalidValue,
                 "not a PCI bus id", "a malformed PCI bus id");
    expect_error(hipMemcpy(buf, text, 4, static_cast<hipMemcpyKind>(9)),
                 hipErrorInvalidMemcpyDirection, "hipMemcpyKind", "a bad copy direction");
    int* page{};
    expect_error(hipMalloc(&page, 4096), hipSuccess, nullptr, "hipMalloc of a page");
    expect_error(hipMemcpy(text, page + 1023, 8, hipMemcpyDeviceToHost), hipErrorInvalidValue,
                 "hipMemcpy", "a copy past the allocation's end");
    expect_error(hipFree(page), hipSuccess, nullptr, "hipFree of the page");
    expect_error(hipOccupancyMaxActiveBlocksPerMultiprocessor(&value, fill, 0, 0),
                 hipErrorInvalidValue, "not positive", "occupancy of a 0-thread block");
    expect_error(hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&value, fill, 64, 0, 8),
                 hipErrorInvalidValue, "flags", "occupancy with unknown flags");
    expect_error(hipDeviceSetLimit(hipLimitPrintfFifoSize, 1), hipErrorInvalidValue,
                 "between 64 bytes and 1 GiB", "a 1-byte printf buffer");

    // Invalid devices: this board has device 0 only.
    hipDevice_t handle;
    expect_error(hipSetDevice(1), hipErrorInvalidDevice, "hipSetDevice(1)", "hipSetDevice(1)");
    expect_error(hipSetDevice(-1), hipErrorInvalidDevice, "-1", "hipSetDevice(-1)");
    expect_error(hipGetDeviceProperties(&prop, 7), hipErrorInvalidDevice, "device 7",
                 "properties of device 7");
    expect_error(hipDeviceGetAttribute(&value, hipDeviceAttributeWarpSize, 2),
                 hipErrorInvalidDevice, "hipDeviceGetAttribute", "an attribute of device 2");
    expect_error(hipDeviceGet(&handle, 3), hipErrorInvalidDevice, "device 3", "hipDeviceGet(3)");
    expect_error(hipDeviceGetName(text, sizeof(text), 1), hipErrorInvalidDevice,
                 "hipDeviceGetName", "the name of device 1");

    // Invalid device pointers and functions.
    int on_host = 0;
    expect_error(hipFree(&on_host), hipErrorInvalidValue, "hipFree",
                 "hipFree of a host pointer");
    expect_error(hipFree(buf + 1), hipErrorInvalidValue, "not a pointer returned",
                 "hipFree inside an allocation");
    void* args[] = {&buf};
    expect_error(hipLaunchKernel(reinterpret_cast<const void*>(not_a_kernel), dim3(1), dim3(1),
                                 args, 0, 0),
                 hipErrorInvalidDeviceFunction, "not a registered __global__ function",
                 "launching a host function");
    hipFuncAttributes attr;
    expect_error(hipFuncGetAttributes(&attr, nullptr), hipErrorInvalidDeviceFunction,
                 "hipFuncGetAttributes", "attributes of NULL");
    expect_error(hipFuncGetAttributes(nullptr, reinterpret_cast<const void*>(fill)),
                 hipErrorInvalidValue, "attr is NULL", "attributes into NULL");

    // Launch configurations: refused at the launch, reported by
    // hipGetLastError, naming the kernel and the cause.
    small_blocks<<<1, 128>>>(buf);
    expect_error(hipGetLastError(), hipErrorLaunchFailure, "__launch_bounds__",
                 "128 threads for __launch_bounds__(64)");
    fill<<<1, dim3(32, 32, 2)>>>(buf, 1);
    expect_error(hipGetLastError(), hipErrorInvalidConfiguration, "fill",
                 "a 2048-thread block");
    fill<<<0, 64>>>(buf, 1);
    expect_error(hipGetLastError(), hipErrorInvalidConfiguration, "fill", "an empty grid");
    fill<<<1, 64, 65537>>>(buf, 1);
    expect_error(hipGetLastError(), hipErrorLaunchOutOfResources, "LDS",
                 "more shared memory than a block has");

    // Too much memory.
    void* huge{};
    expect_error(hipMalloc(&huge, size_t{1} << 50), hipErrorOutOfMemory, "cannot allocate",
                 "a petabyte of device memory");
    expect(huge == nullptr, "a failed hipMalloc leaves NULL");

    // Ordinary errors are not sticky: hipGetLastError returns the last
    // one once -- a success in between does not clear it -- and then
    // hipSuccess, and the device works on.
    expect_error(hipMalloc(nullptr, 4), hipErrorInvalidValue, "hipMalloc", "hipMalloc(NULL)");
    expect_error(hipDeviceSynchronize(), hipSuccess, nullptr, "a success after an error");
    expect_error(hipPeekAtLastError(), hipErrorInvalidValue, "hipMalloc",
                 "hipPeekAtLastError keeps the error");
    expect_error(hipGetLastError(), hipErrorInvalidValue, "hipMalloc",
                 "hipGetLastError returns it");
    expect_error(hipGetLastError(), hipSuccess, nullptr, "and then clears it");
    fill<<<1, 64>>>(buf, 5);
    int host[64] = {};
    expect_error(hipMemcpy(host, buf, sizeof(host), hipMemcpyDeviceToHost), hipSuccess, nullptr,
                 "the device works after ordinary errors");
    expect(host[0] == 5 && host[63] == 5, "and computes");

    // A kernel that faults: the launch is accepted, the fault is reported
    // when the host waits, naming the kernel and the cause.
    store_through<<<1, 1>>>(reinterpret_cast<int*>(0x10));
    expect_error(hipGetLastError(), hipSuccess, nullptr, "the faulting launch is accepted");
    expect_error(hipDeviceSynchronize(), hipErrorLaunchFailure, "store_through",
                 "the fault, at synchronisation");
    expect(std::strstr(bh_get_last_error_message(), "memory violation") != nullptr,
           "the message names the memory violation");
    // Kernel names in messages read as the source spells them.
    expect(std::strstr(bh_get_last_error_message(), "kernel 'store_through(int*)'") != nullptr,
           "the message names the kernel demangled");
    // Through KFD (BAREHIP_BOARD=kfd) a GPU reports the page, not the address.
    const char* board = std::getenv("BAREHIP_BOARD");
    bool kfd = board && !std::strcmp(board, "kfd");
    expect(std::strstr(bh_get_last_error_message(), kfd ? "page at 0x0" : "address 0x10") !=
               nullptr, "and the address");

    // Sticky: the device stopped.  Every later wait or launch fails,
    // naming the fault, and hipGetLastError cannot clear it.
    expect_error(hipGetLastError(), hipErrorLaunchFailure, nullptr, "hipGetLastError");
    expect_error(hipGetLastError(), hipErrorLaunchFailure, nullptr,
                 "hipGetLastError again: sticky");
    expect_error(hipPeekAtLastError(), hipErrorLaunchFailure, nullptr, "hipPeekAtLastError");
    fill<<<1, 64>>>(buf, 6);
    expect_error(hipGetLastError(), hipErrorLaunchFailure, "store_through",
                 "a launch after the fault");
    expect_error(hipMemcpy(host, buf, sizeof(host), hipMemcpyDeviceToHost),
                 hipErrorLaunchFailure, "stopped", "a copy after the fault");
    // The fault was printed once; later calls refer to it in short.
    expect(std::strstr(bh_get_last_error_message(), "memory violation") == nullptr &&
               std::strstr(bh_get_last_error_message(),
                           "hipMemcpy: device 0 is stopped by the GPU fault in kernel "
                           "'store_through(int*)' reported above") != nullptr,
           "a later call refers to the fault without repeating it");
    expect_error(hipDeviceSynchronize(), hipErrorLaunchFailure, "hipDeviceReset",
                 "a synchronisation after the fault");
    // Calls that do not touch the stopped device still work.
    int count = 0;
    expect_error(hipGetDeviceCount(&count), hipSuccess, nullptr, "hipGetDeviceCount");
    expect_error(hipDeviceGetAttribute(&value, hipDeviceAttributeWarpSize, 0), hipSuccess,
                 nullptr, "an attribute");

    // hipDeviceReset clears it: a fresh device, no error pending.
    expect_error(hipDeviceReset(), hipSuccess, nullptr, "hipDeviceReset");
    expect_error(hipGetLastError(), hipSuccess, nullptr, "no error after the reset");
    expect_error(hipMalloc(&buf, 64 * sizeof(int)), hipSuccess, nullptr, "hipMalloc");
    fill<<<1, 64>>>(buf, 9);
    expect_error(hipMemcpy(host, buf, sizeof(host), hipMemcpyDeviceToHost), hipSuccess, nullptr,
                 "a launch and copy after the reset");
    expect(host[0] == 9 && host[63] == 9, "and the result");
    expect_error(hipFree(buf), hipSuccess, nullptr, "hipFree");

    if (failures) {
        std::printf("error_paths: FAIL (%d of %d checks)\n", failures, checked);
        return EXIT_FAILURE;
    }
    std::printf("error_paths: PASS (%d checks; ordinary errors cleared, a GPU fault sticky "
                "until hipDeviceReset; the process went on)\n", checked);
    return EXIT_SUCCESS;
}
