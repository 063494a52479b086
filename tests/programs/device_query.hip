// Device query, as in the HIP samples: print what the runtime reports
// about each device -- and check that it holds together: every
// hipDeviceGetAttribute agrees with hipGetDeviceProperties, the
// identity calls agree with both, the kernel knows the same target and
// warp size, and the limits are the board's real ones (a launch or an
// allocation at the limit works, one past it is refused).
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

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

static int errors;

static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::printf("  WRONG: %s\n", what);
        ++errors;
    }
}

// What the kernel knows about the device it runs on: its warp size and
// the target it was compiled for (gfx major*10000 + minor*100 + stepping).
__global__ void device_view(int* out)
{
    out[0] = warpSize;
#if defined(__gfx90a__)
    out[1] = 90010;
#elif defined(__gfx942__)
    out[1] = 90402;
#elif defined(__gfx1100__)
    out[1] = 110000;
#elif defined(__gfx1103__)
    out[1] = 110003;
#elif defined(__gfx1151__)
    out[1] = 110501;
#else
    out[1] = 0;
#endif
}

// Touches the last byte of its dynamic shared memory and writes it out.
__global__ void touch_shared(char* out, unsigned int bytes)
{
    extern __shared__ char lds[];
    if (threadIdx.x == 0) {
        lds[bytes - 1] = 42;
        out[0] = lds[bytes - 1];
    }
}

__global__ void count_threads(unsigned int* count)
{
    atomicAdd(count, 1u);
}

static void print_properties(int dev, const hipDeviceProp_t& p)
{
    std::printf("Device %d: %s\n", dev, p.name);
    std::printf("  gcnArchName                      %s\n", p.gcnArchName);
    std::printf("  compute capability               %d.%d\n", p.major, p.minor);
    std::printf("  totalGlobalMem                   %.1f MiB\n", p.totalGlobalMem / 1048576.0);
    std::printf("  totalConstMem                    %zu bytes\n", p.totalConstMem);
    std::printf("  sharedMemPerBlock                %zu bytes\n", p.sharedMemPerBlock);
    std::printf("  maxSharedMemoryPerMultiProcessor %zu bytes\n",
                p.maxSharedMemoryPerMultiProcessor);
    std::printf("  regsPerBlock                     %d\n", p.regsPerBlock);
    std::printf("  warpSize                         %d\n", p.warpSize);
    std::printf("  maxThreadsPerBlock               %d\n", p.maxThreadsPerBlock);
    std::printf("  maxThreadsDim                    %d x %d x %d\n", p.maxThreadsDim[0],
                p.maxThreadsDim[1], p.maxThreadsDim[2]);
    std::printf("  maxGridSize                      %d x %d x %d\n", p.maxGridSize[0],
                p.maxGridSize[1], p.maxGridSize[2]);
    std::printf("  multiProcessorCount              %d\n", p.multiProcessorCount);
    std::printf("  maxThreadsPerMultiProcessor      %d\n", p.maxThreadsPerMultiProcessor);
    std::printf("  maxBlocksPerMultiProcessor       %d\n", p.maxBlocksPerMultiProcessor);
    std::printf("  clockRate                        %.0f MHz\n", p.clockRate / 1000.0);
    std::printf("  wall clock rate                  %.0f MHz\n", p.wallClockRate / 1000.0);
    std::printf("  memoryClockRate                  %.0f MHz\n", p.memoryClockRate / 1000.0);
    std::printf("  memoryBusWidth                   %d bits\n", p.memoryBusWidth);
    std::printf("  peak memory bandwidth            %.1f GB/s\n",
                2.0 * p.memoryClockRate * (p.memoryBusWidth / 8) / 1.0e6);
    std::printf("  l2CacheSize                      %d bytes\n", p.l2CacheSize);
    std::printf("  PCI domain:bus:device            %04x:%02x:%02x\n", p.pciDomainID,
                p.pciBusID, p.pciDeviceID);
    std::printf("  computeMode                      %d\n", p.computeMode);
    std::printf("  concurrentKernels                %d\n", p.concurrentKernels);
    std::printf("  cooperativeLaunch                %d (multi-device %d)\n",
                p.cooperativeLaunch, p.cooperativeMultiDeviceLaunch);
    std::printf("  canMapHostMemory                 %d\n", p.canMapHostMemory);
    std::printf("  managedMemory                    %d\n", p.managedMemory);
    std::printf("  integrated                       %d\n", p.integrated);
    std::printf("  isMultiGpuBoard                  %d\n", p.isMultiGpuBoard);
    std::printf("  ECCEnabled                       %d\n", p.ECCEnabled);
    std::printf("  arch: 64-bit atomics %d, float atomic add %d, doubles %d, warp "
                "shuffle %d, funnel shift %d, dynamic parallelism %d\n",
                p.arch.hasGlobalInt64Atomics, p.arch.hasFloatAtomicAdd, p.arch.hasDoubles,
                p.arch.hasWarpShuffle, p.arch.hasFunnelShift, p.arch.hasDynamicParallelism);
}

// Every int attribute with a property field: both views must agree.
static void check_attributes(int dev, const hipDeviceProp_t& p)
{
    const struct {
        hipDeviceAttribute_t attr;
        long long prop;
        const char* name;
    } table[] = {
#define A(attr, field) {attr, static_cast<long long>(p.field), #attr}
        A(hipDeviceAttributeMaxThreadsPerBlock, maxThreadsPerBlock),
        A(hipDeviceAttributeMaxBlockDimX, maxThreadsDim[0]),
        A(hipDeviceAttributeMaxBlockDimY, maxThreadsDim[1]),
        A(hipDeviceAttributeMaxBlockDimZ, maxThreadsDim[2]),
        A(hipDeviceAttributeMaxGridDimX, maxGridSize[0]),
        A(hipDeviceAttributeMaxGridDimY, maxGridSize[1]),
        A(hipDeviceAttributeMaxGridDimZ, maxGridSize[2]),
        A(hipDeviceAttributeMaxSharedMemoryPerBlock, sharedMemPerBlock),
        A(hipDeviceAttributeSharedMemPerBlockOptin, sharedMemPerBlockOptin),
        A(hipDeviceAttributeSharedMemPerMultiprocessor, sharedMemPerMultiprocessor),
        A(hipDeviceAttributeMaxSharedMemoryPerMultiprocessor, maxSharedMemoryPerMultiProcessor),
        A(hipDeviceAttributeTotalConstantMemory, totalConstMem),
        A(hipDeviceAttributeWarpSize, warpSize),
        A(hipDeviceAttributeMaxRegistersPerBlock, regsPerBlock),
        A(hipDeviceAttributeMaxRegistersPerMultiprocessor, regsPerMultiprocessor),
        A(hipDeviceAttributeClockRate, clockRate),
        A(hipDeviceAttributeClockInstructionRate, clockInstructionRate),
        A(hipDeviceAttributeWallClockRate, wallClockRate),
        A(hipDeviceAttributeMemoryClockRate, memoryClockRate),
        A(hipDeviceAttributeMemoryBusWidth, memoryBusWidth),
        A(hipDeviceAttributeMultiprocessorCount, multiProcessorCount),
        A(hipDeviceAttributeComputeMode, computeMode),
        A(hipDeviceAttributeL2CacheSize, l2CacheSize),
        A(hipDeviceAttributeMaxThreadsPerMultiProcessor, maxThreadsPerMultiProcessor),
        A(hipDeviceAttributeMaxBlocksPerMultiProcessor, maxBlocksPerMultiProcessor),
        A(hipDeviceAttributeComputeCapabilityMajor, major),
        A(hipDeviceAttributeComputeCapabilityMinor, minor),
        A(hipDeviceAttributeConcurrentKernels, concurrentKernels),
        A(hipDeviceAttributePciBusId, pciBusID),
        A(hipDeviceAttributePciDeviceId, pciDeviceID),
        A(hipDeviceAttributePciDomainID, pciDomainID),
        A(hipDeviceAttributeIsMultiGpuBoard, isMultiGpuBoard),
        A(hipDeviceAttributeIntegrated, integrated),
        A(hipDeviceAttributeCooperativeLaunch, cooperativeLaunch),
        A(hipDeviceAttributeCooperativeMultiDeviceLaunch, cooperativeMultiDeviceLaunch),
        A(hipDeviceAttributeCanMapHostMemory, canMapHostMemory),
        A(hipDeviceAttributeManagedMemory, managedMemory),
        A(hipDeviceAttributeConcurrentManagedAccess, concurrentManagedAccess),
        A(hipDeviceAttributeDirectManagedMemAccessFromHost, directManagedMemAccessFromHost),
        A(hipDeviceAttributeUnifiedAddressing, unifiedAddressing),
        A(hipDeviceAttributeKernelExecTimeout, kernelExecTimeoutEnabled),
        A(hipDeviceAttributeEccEnabled, ECCEnabled),
        A(hipDeviceAttributeMaxPitch, memPitch),
        A(hipDeviceAttributeGlobalL1CacheSupported, globalL1CacheSupported),
        A(hipDeviceAttributeLocalL1CacheSupported, localL1CacheSupported),
        A(hipDeviceAttributePersistingL2CacheMaxSize, persistingL2CacheMaxSize),
        A(hipDeviceAttributeAsicRevision, asicRevision),
        A(hipDeviceAttributeIsLargeBar, isLargeBar),
#undef A
    };
    int checked = 0;
    for (const auto& t : table) {
        int v = -12345;
        const hipError_t e = hipDeviceGetAttribute(&v, t.attr, dev);
        if (e != hipSuccess || v != t.prop) {
            std::printf("  WRONG: %s = %d (%s), the property says %lld\n", t.name, v,
                        hipGetErrorName(e), t.prop);
            ++errors;
        }
        ++checked;
    }
    int total = 0;
    HIP_CHECK(hipDeviceGetAttribute(&total, hipDeviceAttributeTotalGlobalMem, dev));
    expect(total == (p.totalGlobalMem > 0x7fffffff ? 0x7fffffff : (int)p.totalGlobalMem),
           "hipDeviceAttributeTotalGlobalMem is totalGlobalMem (clamped to int)");
    std::printf("  %d attributes agree with the properties\n", checked + 1);
}

static void check_identity(int dev, const hipDeviceProp_t& p)
{
    char name[256], bus_id[16], expected_bus[16];
    int major = -1, minor = -1, found = -1, chosen = -1;
    size_t mem = 0;
    hipDevice_t handle = -1;
    HIP_CHECK(hipDeviceGet(&handle, dev));
    HIP_CHECK(hipDeviceGetName(name, sizeof(name), handle));
    HIP_CHECK(hipDeviceComputeCapability(&major, &minor, handle));
    HIP_CHECK(hipDeviceTotalMem(&mem, handle));
    HIP_CHECK(hipDeviceGetPCIBusId(bus_id, sizeof(bus_id), dev));
    HIP_CHECK(hipDeviceGetByPCIBusId(&found, bus_id));
    expect(handle == dev, "hipDeviceGet gives the ordinal");
    expect(std::strcmp(name, p.name) == 0, "hipDeviceGetName is prop.name");
    expect(major == p.major && minor == p.minor, "hipDeviceComputeCapability is major.minor");
    expect(mem == p.totalGlobalMem, "hipDeviceTotalMem is totalGlobalMem");
    std::snprintf(expected_bus, sizeof(expected_bus), "%04x:%02x:%02x.0", p.pciDomainID,
                  p.pciBusID, p.pciDeviceID);
    expect(std::strcmp(bus_id, expected_bus) == 0, "hipDeviceGetPCIBusId is the PCI fields");
    expect(found == dev, "hipDeviceGetByPCIBusId finds the device again");
    expect(std::strncmp(p.gcnArchName, "gfx", 3) == 0, "gcnArchName is a gfx target");
    // As ROCm: the target features the processor has (AMDGPUUsage: sramecc
    // on gfx90a and gfx94x, xnack on gfx9), none on gfx11.
    const bool gfx9 = std::strncmp(p.gcnArchName, "gfx9", 4) == 0;
    if (gfx9)
        expect(std::strstr(p.gcnArchName, p.ECCEnabled ? ":sramecc+" : ":sramecc-") != nullptr &&
                   std::strstr(p.gcnArchName, ":xnack") != nullptr,
               "gcnArchName's sramecc matches ECCEnabled; xnack is named");
    else
        expect(std::strchr(p.gcnArchName, ':') == nullptr, "gcnArchName names no feature");

    // A short name cut to the buffer, always terminated.
    char shorter[5];
    HIP_CHECK(hipDeviceGetName(shorter, sizeof(shorter), handle));
    expect(std::strncmp(shorter, p.name, 4) == 0 && shorter[4] == '\0',
           "hipDeviceGetName truncates to len - 1 characters");

    // hipChooseDevice: asking for what the device has finds it.
    hipDeviceProp_t want;
    std::memset(&want, 0, sizeof(want));
    want.major = p.major;
    want.warpSize = p.warpSize;
    HIP_CHECK(hipChooseDevice(&chosen, &want));
    expect(chosen == dev, "hipChooseDevice picks the device");

    // Scheduling flags round-trip.
    unsigned int flags = 0;
    HIP_CHECK(hipSetDeviceFlags(hipDeviceScheduleYield));
    HIP_CHECK(hipGetDeviceFlags(&flags));
    expect(flags == hipDeviceScheduleYield, "hipGetDeviceFlags returns what was set");
    HIP_CHECK(hipSetDeviceFlags(hipDeviceScheduleAuto | hipDeviceMapHost));
    HIP_CHECK(hipGetDeviceFlags(&flags));
    expect((flags & hipDeviceScheduleMask) == hipDeviceScheduleAuto, "hipDeviceScheduleAuto");
}

// The limits the properties state are the board's: at the limit works,
// one past it is refused, and the process goes on.
static void check_limits(const hipDeviceProp_t& p)
{
    int* view{};
    int got[2] = {0, 0};
    HIP_CHECK(hipMalloc(&view, sizeof(got)));
    device_view<<<1, 1>>>(view);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipMemcpy(got, view, sizeof(got), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(view));
    expect(got[0] == p.warpSize, "the kernel's warpSize is the property");
    expect(got[1] / 10000 == p.major && got[1] / 100 % 100 == p.minor,
           "the code object that ran is for the reported major.minor");
    expect(p.major * 100 + p.minor * 10 + got[1] % 100 == p.gcnArch, "gcnArch");

    // Threads per block: maxThreadsPerBlock in x, and all in z.
    unsigned int* count{};
    unsigned int n = 0;
    HIP_CHECK(hipMalloc(&count, sizeof(n)));
    HIP_CHECK(hipMemset(count, 0, sizeof(n)));
    count_threads<<<2, p.maxThreadsPerBlock>>>(count);
    HIP_CHECK(hipGetLastError());
    count_threads<<<1, dim3(1, 1, p.maxThreadsDim[2])>>>(count);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipMemcpy(&n, count, sizeof(n), hipMemcpyDeviceToHost));
    expect(n == 2u * p.maxThreadsPerBlock + p.maxThreadsDim[2],
           "blocks of maxThreadsPerBlock and maxThreadsDim[2] threads all ran");
    count_threads<<<1, p.maxThreadsPerBlock + 1>>>(count);
    expect(hipGetLastError() == hipErrorInvalidConfiguration,
           "a block of maxThreadsPerBlock + 1 threads is refused");
    HIP_CHECK(hipFree(count));

    // Shared memory per block: all of it works, one byte more does not.
    char* out{};
    char byte = 0;
    const unsigned int lds = static_cast<unsigned int>(p.sharedMemPerBlock);
    HIP_CHECK(hipMalloc(&out, 1));
    touch_shared<<<1, 64, lds>>>(out, lds);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipMemcpy(&byte, out, 1, hipMemcpyDeviceToHost));
    expect(byte == 42, "a block with sharedMemPerBlock bytes of shared memory ran");
    touch_shared<<<1, 64, lds + 1>>>(out, lds + 1);
    const hipError_t too_much = hipGetLastError();
    expect(too_much != hipSuccess, "sharedMemPerBlock + 1 bytes are refused");
    HIP_CHECK(hipFree(out));

    // Device memory: more than totalGlobalMem cannot be allocated.
    void* huge{};
    expect(hipMalloc(&huge, p.totalGlobalMem + 4096) == hipErrorOutOfMemory && !huge,
           "an allocation larger than totalGlobalMem fails with hipErrorOutOfMemory");
    (void)hipGetLastError();

    // Residency: a light kernel fills maxThreadsPerMultiProcessor with big
    // blocks, and maxBlocksPerMultiProcessor with one-wave blocks.
    int blocks = 0;
    HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, count_threads,
                                                           p.maxThreadsPerBlock, 0));
    expect(blocks * p.maxThreadsPerBlock == p.maxThreadsPerMultiProcessor,
           "maxThreadsPerMultiProcessor threads of a light kernel are resident");
    HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, count_threads, p.warpSize,
                                                           0));
    expect(blocks == p.maxBlocksPerMultiProcessor,
           "maxBlocksPerMultiProcessor one-wave blocks are resident");
}

int main()
{
    int count = 0, runtime = 0, driver = 0;
    HIP_CHECK(hipGetDeviceCount(&count));
    HIP_CHECK(hipRuntimeGetVersion(&runtime));
    HIP_CHECK(hipDriverGetVersion(&driver));
    std::printf("HIP runtime version %d (%d.%d.%d), driver version %d, %d device(s)\n", runtime,
                runtime / 10000000, runtime / 100000 % 100, runtime % 100000, driver, count);
    expect(count >= 1, "at least one device");
    expect(runtime == HIP_VERSION && driver == HIP_VERSION, "versions are HIP_VERSION");

    hipDeviceProp_t p;
    for (int dev = 0; dev < count; ++dev) {
        HIP_CHECK(hipSetDevice(dev));
        HIP_CHECK(hipGetDeviceProperties(&p, dev));
        print_properties(dev, p);
        check_attributes(dev, p);
        check_identity(dev, p);
        check_limits(p);
    }
    if (errors) {
        std::printf("device_query: FAIL (%d checks)\n", errors);
        return EXIT_FAILURE;
    }
    std::printf("device_query: PASS (%d device(s): %s, %d CUs, properties, attributes, "
                "identity and limits agree)\n", count, p.gcnArchName, p.multiProcessorCount);
    return EXIT_SUCCESS;
}
