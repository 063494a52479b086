// Device-management calls hip-tests checks (unit/device, errorHandling,
// occupancy) as ROCm answers them:
//  - the cache preference reads back as set (per device), the LDS bank
//    size always reads 4 bytes, values outside the enums are refused;
//    the per-kernel hints want a registered kernel; hipFuncSetAttribute
//    allows the dynamic LDS the kernel's static LDS leaves;
//  - hipExtGetLinkTypeAndHopCount refuses the same device, negative
//    ordinals and missing outputs;
//  - hipDrvGetErrorName/String name every hipError_t and refuse others;
//  - hipGetProcAddress finds HIP functions by name, and the pointer works;
//  - hipOccupancyMaxActiveBlocksPerMultiprocessor<T> takes the function
//    pointer type as its template argument, as ROCm's does; the
//    variable-shared-memory search calls no function a wrong value;
//  - an unknown limit from hipLimitRange up is a wrong value, a negative
//    one unsupported;
//  - a PCI bus id buffer too short gets what fits, and the call fails;
//  - the HDP register attributes store a pointer (the property's), and the
//    sim board's atomics on host memory are native.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

static int failures;

static void expect(bool ok, const char* what)
{
    if (!ok && failures++ < 20)
        std::printf("FAIL: %s\n", what);
}

#define EXPECT_OK(call) expect((call) == hipSuccess, #call)
#define EXPECT_CODE(call, code) expect((call) == (code), #call " -> " #code)

__global__ void twice(int* p) { p[threadIdx.x] *= 2; }

int main()
{
    int devices = 0;
    EXPECT_OK(hipGetDeviceCount(&devices));

    // Cache and shared-memory hints.
    hipFuncCache_t cache;
    EXPECT_OK(hipDeviceGetCacheConfig(&cache));
    expect(cache == hipFuncCachePreferNone, "the default cache preference is none");
    const hipFuncCache_t caches[] = {hipFuncCachePreferShared, hipFuncCachePreferL1,
                                     hipFuncCachePreferEqual, hipFuncCachePreferNone};
    for (hipFuncCache_t c : caches) {
        EXPECT_OK(hipDeviceSetCacheConfig(c));
        EXPECT_OK(hipDeviceGetCacheConfig(&cache));
        expect(cache == c, "the cache preference reads back as set");
    }
    EXPECT_CODE(hipDeviceSetCacheConfig(static_cast<hipFuncCache_t>(-1)), hipErrorInvalidValue);
    EXPECT_CODE(hipDeviceGetCacheConfig(nullptr), hipErrorInvalidValue);
    EXPECT_OK(hipDeviceSetCacheConfig(hipFuncCachePreferL1));
    EXPECT_OK(hipDeviceReset());
    EXPECT_OK(hipDeviceGetCacheConfig(&cache));
    expect(cache == hipFuncCachePreferNone, "hipDeviceReset forgets the cache preference");

    hipSharedMemConfig bank;
    EXPECT_OK(hipDeviceSetSharedMemConfig(hipSharedMemBankSizeEightByte));
    EXPECT_OK(hipDeviceGetSharedMemConfig(&bank));
    expect(bank == hipSharedMemBankSizeFourByte, "LDS banks are 4 bytes, whatever is asked");
    EXPECT_CODE(hipDeviceSetSharedMemConfig(static_cast<hipSharedMemConfig>(-1)),
                hipErrorInvalidValue);
    EXPECT_CODE(hipDeviceGetSharedMemConfig(nullptr), hipErrorInvalidValue);

    // The deprecated context forms are the current device's hints.
    EXPECT_OK(hipCtxSetCacheConfig(hipFuncCachePreferShared));
    EXPECT_OK(hipDeviceGetCacheConfig(&cache));
    expect(cache == hipFuncCachePreferShared, "hipCtxSetCacheConfig sets the device's preference");
    EXPECT_OK(hipDeviceSetCacheConfig(hipFuncCachePreferEqual));
    EXPECT_OK(hipCtxGetCacheConfig(&cache));
    expect(cache == hipFuncCachePreferEqual, "hipCtxGetCacheConfig reads the device's preference");
    EXPECT_CODE(hipCtxSetCacheConfig(static_cast<hipFuncCache_t>(9)), hipErrorInvalidValue);
    EXPECT_CODE(hipCtxGetCacheConfig(nullptr), hipErrorInvalidValue);
    EXPECT_OK(hipCtxSetSharedMemConfig(hipSharedMemBankSizeEightByte));
    bank = hipSharedMemBankSizeDefault;
    EXPECT_OK(hipCtxGetSharedMemConfig(&bank));
    expect(bank == hipSharedMemBankSizeFourByte, "hipCtxGetSharedMemConfig: 4-byte banks");
    EXPECT_CODE(hipCtxSetSharedMemConfig(static_cast<hipSharedMemConfig>(-1)),
                hipErrorInvalidValue);
    EXPECT_CODE(hipCtxGetSharedMemConfig(nullptr), hipErrorInvalidValue);
    EXPECT_OK(hipDeviceSetCacheConfig(hipFuncCachePreferNone));

    EXPECT_OK(hipFuncSetCacheConfig(reinterpret_cast<const void*>(twice), hipFuncCachePreferL1));
    EXPECT_OK(hipFuncSetSharedMemConfig(reinterpret_cast<const void*>(twice),
                                        hipSharedMemBankSizeDefault));
    EXPECT_CODE(hipFuncSetCacheConfig(nullptr, hipFuncCachePreferL1),
                hipErrorInvalidDeviceFunction);
    EXPECT_CODE(hipFuncSetCacheConfig(&devices, hipFuncCachePreferL1),
                hipErrorInvalidDeviceFunction);
    EXPECT_CODE(hipFuncSetSharedMemConfig(reinterpret_cast<const void*>(twice),
                                          static_cast<hipSharedMemConfig>(7)),
                hipErrorInvalidValue);

    // The dynamic LDS a kernel may ask for: what its static LDS leaves.
    hipFuncAttributes fa;
    EXPECT_OK(hipFuncGetAttributes(&fa, reinterpret_cast<const void*>(twice)));
    EXPECT_OK(hipFuncSetAttribute(reinterpret_cast<const void*>(twice),
                                  hipFuncAttributeMaxDynamicSharedMemorySize,
                                  fa.maxDynamicSharedSizeBytes));
    EXPECT_CODE(hipFuncSetAttribute(reinterpret_cast<const void*>(twice),
                                    hipFuncAttributeMaxDynamicSharedMemorySize,
                                    fa.maxDynamicSharedSizeBytes + 1),
                hipErrorInvalidValue);
    EXPECT_CODE(hipFuncSetAttribute(reinterpret_cast<const void*>(twice),
                                    hipFuncAttributeMaxDynamicSharedMemorySize, -1),
                hipErrorInvalidValue);
    EXPECT_OK(hipFuncSetAttribute(reinterpret_cast<const void*>(twice),
                                  hipFuncAttributePreferredSharedMemoryCarveout, 50));
    EXPECT_CODE(hipFuncSetAttribute(reinterpret_cast<const void*>(twice),
                                    hipFuncAttributePreferredSharedMemoryCarveout, 101),
                hipErrorInvalidValue);
    EXPECT_CODE(hipFuncSetAttribute(reinterpret_cast<const void*>(twice),
                                    static_cast<hipFuncAttribute>(3), 0),
                hipErrorInvalidValue);
    EXPECT_CODE(hipFuncSetAttribute(nullptr, hipFuncAttributeMaxDynamicSharedMemorySize, 0),
                hipErrorInvalidDeviceFunction);

    // Links between devices.
    uint32_t type = 0, hops = 0;
    EXPECT_CODE(hipExtGetLinkTypeAndHopCount(0, 0, &type, &hops), hipErrorInvalidValue);
    EXPECT_CODE(hipExtGetLinkTypeAndHopCount(-1, 0, &type, &hops), hipErrorInvalidValue);
    EXPECT_CODE(hipExtGetLinkTypeAndHopCount(0, 1, nullptr, &hops), hipErrorInvalidValue);
    EXPECT_CODE(hipExtGetLinkTypeAndHopCount(0, devices, &type, &hops), hipErrorInvalidDevice);
    if (devices > 1) {
        uint32_t type2 = 0, hops2 = 0;
        EXPECT_OK(hipExtGetLinkTypeAndHopCount(0, 1, &type, &hops));
        EXPECT_OK(hipExtGetLinkTypeAndHopCount(1, 0, &type2, &hops2));
        expect(hops > 0 && hops == hops2 && type == type2, "a link looks the same both ways");
    }

    // Error names through the driver-API forms.
    const char* text = nullptr;
    EXPECT_OK(hipDrvGetErrorName(hipErrorInvalidValue, &text));
    expect(text && !std::strcmp(text, "hipErrorInvalidValue"), "hipDrvGetErrorName's name");
    EXPECT_OK(hipDrvGetErrorString(hipErrorOutOfMemory, &text));
    expect(text && !std::strcmp(text, hipGetErrorString(hipErrorOutOfMemory)),
           "hipDrvGetErrorString's description");
    EXPECT_OK(hipDrvGetErrorName(hipErrorUnknown, &text));
    EXPECT_CODE(hipDrvGetErrorName(static_cast<hipError_t>(-1), &text), hipErrorInvalidValue);
    EXPECT_CODE(hipDrvGetErrorString(static_cast<hipError_t>(12345), &text),
                hipErrorInvalidValue);
    EXPECT_CODE(hipDrvGetErrorString(hipSuccess, nullptr), hipErrorInvalidValue);

    // HIP functions by name.
    int version = 0;
    void* fn = nullptr;
    hipDriverProcAddressQueryResult status = HIP_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT;
    EXPECT_OK(hipRuntimeGetVersion(&version));
    EXPECT_OK(hipGetProcAddress("hipGetDeviceCount", &fn, version, 0, &status));
    expect(status == HIP_GET_PROC_ADDRESS_SUCCESS, "hipGetDeviceCount is found");
    int count = -1;
    if (fn)
        EXPECT_OK(reinterpret_cast<hipError_t (*)(int*)>(fn)(&count));
    expect(count == devices, "hipGetDeviceCount called through hipGetProcAddress");
    EXPECT_OK(hipGetProcAddress("hipGetProcAddress", &fn, version, 0, nullptr));
    expect(fn == reinterpret_cast<void*>(hipGetProcAddress), "hipGetProcAddress finds itself");
    EXPECT_CODE(hipGetProcAddress("hipNoSuchFunction", &fn, version, 0, &status),
                hipErrorInvalidValue);
    expect(status == HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND && fn == nullptr,
           "an unknown name is not found");
    EXPECT_CODE(hipGetProcAddress(nullptr, &fn, version, 0, nullptr), hipErrorInvalidValue);
    EXPECT_CODE(hipGetProcAddress("hipMalloc", nullptr, version, 0, nullptr),
                hipErrorInvalidValue);

    // Occupancy with the function pointer type named explicitly.
    int blocks = 0;
    EXPECT_OK(hipOccupancyMaxActiveBlocksPerMultiprocessor<void (*)(int*)>(&blocks, twice, 64,
                                                                            0));
    expect(blocks > 0, "an explicit template argument compiles and answers");

    auto smem = [](int) -> size_t { return 0; };
    int grid = 0, block = 0;
    EXPECT_CODE((hipOccupancyMaxPotentialBlockSizeVariableSMemWithFlags<decltype(smem),
                 void (*)(int*)>(&grid, &block, nullptr, smem, 0, 0)),
                hipErrorInvalidValue);

    // Limits.
    size_t limit = 0;
    EXPECT_CODE(hipDeviceSetLimit(static_cast<hipLimit_t>(0xffff), 4096), hipErrorInvalidValue);
    EXPECT_CODE(hipDeviceSetLimit(hipLimitRange, 4096), hipErrorInvalidValue);
    EXPECT_CODE(hipDeviceSetLimit(static_cast<hipLimit_t>(-1), 4096), hipErrorUnsupportedLimit);
    EXPECT_CODE(hipDeviceGetLimit(&limit, static_cast<hipLimit_t>(0xff)), hipErrorInvalidValue);
    EXPECT_CODE(hipDeviceGetLimit(&limit, static_cast<hipLimit_t>(-1)), hipErrorUnsupportedLimit);
    EXPECT_OK(hipDeviceGetLimit(&limit, hipLimitStackSize));

    // A PCI bus id in a buffer too short for it.
    char id[32], part[32];
    EXPECT_OK(hipDeviceGetPCIBusId(id, sizeof(id), 0));
    expect(std::strlen(id) == 12, "a PCI bus id is dddd:bb:dd.f");
    std::memset(part, 1, sizeof(part));
    EXPECT_CODE(hipDeviceGetPCIBusId(part, 6, 0), hipErrorInvalidValue);
    expect(!std::strncmp(part, id, 5) && part[5] == 0 && part[6] == 1,
           "a short buffer gets what fits, NUL-terminated, and nothing past it");
    EXPECT_CODE(hipDeviceGetPCIBusId(part, 0, 0), hipErrorInvalidValue);
    EXPECT_CODE(hipDeviceGetPCIBusId(part, -1, 0), hipErrorInvalidValue);

    // AMD's pointer-valued attributes, and host atomics.
    hipDeviceProp_t prop;
    EXPECT_OK(hipGetDeviceProperties(&prop, 0));
    unsigned int* hdp = reinterpret_cast<unsigned int*>(0x1);
    EXPECT_OK(hipDeviceGetAttribute(reinterpret_cast<int*>(&hdp),
                                    hipDeviceAttributeHdpMemFlushCntl, 0));
    expect(hdp == prop.hdpMemFlushCntl, "the HDP memory flush register is the property's");
    hdp = reinterpret_cast<unsigned int*>(0x1);
    EXPECT_OK(hipDeviceGetAttribute(reinterpret_cast<int*>(&hdp),
                                    hipDeviceAttributeHdpRegFlushCntl, 0));
    expect(hdp == prop.hdpRegFlushCntl, "the HDP register flush register is the property's");
    int atomics = -1;
    EXPECT_OK(hipDeviceGetAttribute(&atomics, hipDeviceAttributeHostNativeAtomicSupported, 0));
    expect(atomics == prop.hostNativeAtomicSupported, "host atomics: attribute and property");
    const char* board = std::getenv("BAREHIP_BOARD");
    if (!board || !std::strcmp(board, "sim"))
        expect(atomics == 1, "the sim board's atomics on host memory are native");

    (void)hipGetLastError();
    if (failures) {
        std::printf("device_hints: %d failures\n", failures);
        return 1;
    }
    std::printf("PASS\n");
    return 0;
}
