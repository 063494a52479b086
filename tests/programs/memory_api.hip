// The rest of the memory API as ROCm's conformance tests use it:
// what an allocation is and where it starts (hipMemGetAddressRange,
// hipMemPtrGetInfo, the driver's hipPointerGetAttribute), what advice
// managed memory carries, page by page (hipMemRangeGetAttribute),
// interprocess handles and shared pools inside their own process, the driver-style 2-D
// and 3-D copies of linear memory, a volatile host flag from
// hipHostMalloc, the argument checks of HIP arrays (tests/programs/arrays.hip
// has the rest), and the virtual memory management API, which barehip
// refuses clearly.
#include <hip/hip_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

static int failures;

static void expect(bool ok, const char* what)
{
    if (!ok && failures++ < 20)
        std::printf("FAIL: %s\n", what);
}

#define EXPECT_CODE(call, code) expect((call) == (code), #call " -> " #code)

__global__ void raise_flag(volatile int* flag)
{
    *flag = 42;
}

static void allocation_queries()
{
    char* dev = nullptr;
    expect(hipMalloc(&dev, 1000) == hipSuccess, "hipMalloc");
    hipDeviceptr_t base = nullptr;
    size_t size = 0;
    EXPECT_CODE(hipMemGetAddressRange(&base, &size, dev + 999), hipSuccess);
    expect(base == dev && size == 1000, "hipMemGetAddressRange: the allocation's start and size");
    int local = 0;
    EXPECT_CODE(hipMemGetAddressRange(&base, &size, &local), hipErrorNotFound);
    EXPECT_CODE(hipMemGetAddressRange(nullptr, &size, dev), hipErrorInvalidValue);
    size = 0;
    EXPECT_CODE(hipMemPtrGetInfo(dev + 10, &size), hipSuccess);
    expect(size == 1000, "hipMemPtrGetInfo: the size");
    EXPECT_CODE(hipMemPtrGetInfo(&local, &size), hipErrorInvalidValue);

    // A registration is the bytes registered, not the pages mapped for it
    // (hip-tests' hipGetProcAddress_Memory_APIs registers 1024 malloc'd
    // bytes and asks), through the device pointer and the host pointer.
    char* reg = static_cast<char*>(std::malloc(1024));
    EXPECT_CODE(hipHostRegister(reg, 1024, hipHostRegisterDefault), hipSuccess);
    void* reg_dev = nullptr;
    EXPECT_CODE(hipHostGetDevicePointer(&reg_dev, reg, 0), hipSuccess);
    size = 0;
    EXPECT_CODE(hipMemPtrGetInfo(reg_dev, &size), hipSuccess);
    expect(size == 1024, "hipMemPtrGetInfo of a registration: the registered bytes");
    EXPECT_CODE(hipMemGetAddressRange(&base, &size, reg + 1000), hipSuccess);
    expect(base == reg && size == 1024, "hipMemGetAddressRange of a registration");
    EXPECT_CODE(hipMemGetAddressRange(&base, &size, static_cast<char*>(reg_dev) + 3),
                hipSuccess);
    expect(base == reg_dev && size == 1024,
           "hipMemGetAddressRange of a registration's device pointer");
    unsigned reg_range = 0;
    EXPECT_CODE(hipPointerGetAttribute(&reg_range, HIP_POINTER_ATTRIBUTE_RANGE_SIZE, reg + 5),
                hipSuccess);
    expect(reg_range == 1024, "RANGE_SIZE of a registration");
    EXPECT_CODE(hipHostUnregister(reg), hipSuccess);
    std::free(reg);

    // The driver's attributes, one at a time and several at once.
    unsigned type = 0;
    EXPECT_CODE(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, dev), hipSuccess);
    expect(type == hipMemoryTypeDevice, "MEMORY_TYPE of hipMalloc memory");
    unsigned range = 0, id1 = 0, id2 = 0;
    EXPECT_CODE(hipPointerGetAttribute(&range, HIP_POINTER_ATTRIBUTE_RANGE_SIZE, dev + 5),
                hipSuccess);
    expect(range == 1000, "RANGE_SIZE");
    EXPECT_CODE(hipPointerGetAttribute(&id1, HIP_POINTER_ATTRIBUTE_BUFFER_ID, dev), hipSuccess);
    char* other = nullptr;
    expect(hipMalloc(&other, 64) == hipSuccess, "hipMalloc");
    EXPECT_CODE(hipPointerGetAttribute(&id2, HIP_POINTER_ATTRIBUTE_BUFFER_ID, other), hipSuccess);
    expect(id1 != id2, "BUFFER_ID differs between allocations");
    EXPECT_CODE(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, &local),
                hipErrorInvalidValue);
    // ROCm's: an array handle is array memory.
    {
        hipArray_t arr = nullptr;
        hipChannelFormatDesc cd = hipCreateChannelDesc<char>();
        expect(hipMallocArray(&arr, &cd, 16, 4) == hipSuccess, "hipMallocArray");
        EXPECT_CODE(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                           reinterpret_cast<hipDeviceptr_t>(arr)),
                    hipSuccess);
        expect(type == hipMemoryTypeArray, "MEMORY_TYPE of an array handle");
        expect(hipFreeArray(arr) == hipSuccess, "hipFreeArray");
        EXPECT_CODE(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                           reinterpret_cast<hipDeviceptr_t>(arr)),
                    hipErrorInvalidValue);
    }
    unsigned one = 1;
    bool sync = false;
    EXPECT_CODE(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, dev), hipSuccess);
    EXPECT_CODE(hipPointerGetAttribute(&sync, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, dev), hipSuccess);
    expect(sync, "SYNC_MEMOPS reads back as set");
    int ordinal = -5;
    void* start = nullptr;
    hipPointer_attribute which[] = {HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                    HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR};
    void* into[] = {&ordinal, &start};
    EXPECT_CODE(hipDrvPointerGetAttributes(2, which, into, dev + 7), hipSuccess);
    expect(ordinal == 0 && start == dev, "hipDrvPointerGetAttributes");

    int* managed = nullptr;
    expect(hipMallocManaged(&managed, 64) == hipSuccess, "hipMallocManaged");
    int is_managed = 0;
    EXPECT_CODE(hipPointerGetAttribute(&is_managed, HIP_POINTER_ATTRIBUTE_IS_MANAGED, managed),
                hipSuccess);
    expect(is_managed == 1, "IS_MANAGED");
    hipFree(managed);
    hipFree(other);
    hipFree(dev);
}

// Advice is kept per 4 KiB page: a query over pages that disagree gets
// the "mixed" answer.
static void range_attributes()
{
    const size_t page = 4096;
    char* m = nullptr;
    expect(hipMallocManaged(&m, 2 * page) == hipSuccess, "hipMallocManaged");
    int32_t v = -7;
    EXPECT_CODE(hipMemRangeGetAttribute(&v, 4, hipMemRangeAttributePreferredLocation, m, 2 * page),
                hipSuccess);
    expect(v == hipInvalidDeviceId, "no preferred location before advice");
    // Read-mostly names no device: the device argument is ignored (ROCm).
    EXPECT_CODE(hipMemAdvise(m, page, hipMemAdviseUnsetReadMostly, -12), hipSuccess);
    EXPECT_CODE(hipMemAdvise(m, page, hipMemAdviseSetReadMostly, 99), hipSuccess);
    EXPECT_CODE(hipMemAdvise(m, page, hipMemAdviseSetPreferredLocation, 99),
                hipErrorInvalidDevice);
    EXPECT_CODE(hipMemRangeGetAttribute(&v, 4, hipMemRangeAttributeReadMostly, m, page), hipSuccess);
    expect(v == 1, "the advised page is read-mostly");
    EXPECT_CODE(hipMemRangeGetAttribute(&v, 4, hipMemRangeAttributeReadMostly, m, 2 * page),
                hipSuccess);
    expect(v == 0, "both pages are not");
    EXPECT_CODE(hipMemAdvise(m, 2 * page, hipMemAdviseSetPreferredLocation, hipCpuDeviceId),
                hipSuccess);
    EXPECT_CODE(hipMemPrefetchAsync(m + page, page, 0, 0), hipSuccess);
    int32_t pref = 0, last = 0;
    void* data[] = {&pref, &last};
    size_t sizes[] = {4, 4};
    hipMemRangeAttribute attrs[] = {hipMemRangeAttributePreferredLocation,
                                    hipMemRangeAttributeLastPrefetchLocation};
    EXPECT_CODE(hipMemRangeGetAttributes(data, sizes, attrs, 2, m + page, page), hipSuccess);
    expect(pref == hipCpuDeviceId && last == 0, "preferred location and last prefetch");
    EXPECT_CODE(hipMemAdvise(m, 2 * page, hipMemAdviseSetAccessedBy, 0), hipSuccess);
    int32_t by[3];
    EXPECT_CODE(hipMemRangeGetAttribute(by, sizeof(by), hipMemRangeAttributeAccessedBy, m, page),
                hipSuccess);
    expect(by[0] == 0 && by[1] == hipInvalidDeviceId && by[2] == hipInvalidDeviceId,
           "accessed by device 0, the rest filled with hipInvalidDeviceId");
    EXPECT_CODE(hipMemRangeGetAttribute(&v, 8, hipMemRangeAttributeReadMostly, m, page),
                hipErrorInvalidValue);
    EXPECT_CODE(hipMemRangeGetAttribute(by, 10, hipMemRangeAttributeAccessedBy, m, page),
                hipErrorInvalidValue);
    EXPECT_CODE(hipMemRangeGetAttribute(&v, 4, static_cast<hipMemRangeAttribute>(999), m, page),
                hipErrorInvalidValue);
    void* dev = nullptr;
    expect(hipMalloc(&dev, page) == hipSuccess, "hipMalloc");
    EXPECT_CODE(hipMemRangeGetAttribute(&v, 4, hipMemRangeAttributeReadMostly, dev, page),
                hipErrorInvalidValue);
    // Other memory has one attribute: device memory is coarse-grained,
    // pinned host memory fine-grained (ROCm's answers).
    EXPECT_CODE(hipMemRangeGetAttribute(&v, 4, hipMemRangeAttributeCoherencyMode, dev, page),
                hipSuccess);
    expect(v == hipMemRangeCoherencyModeCoarseGrain, "hipMalloc memory is coarse-grained");
    void* pinned = nullptr;
    expect(hipHostMalloc(&pinned, page) == hipSuccess, "hipHostMalloc");
    EXPECT_CODE(hipMemRangeGetAttribute(&v, 4, hipMemRangeAttributeCoherencyMode, pinned, page),
                hipSuccess);
    expect(v == hipMemRangeCoherencyModeFineGrain, "pinned memory is fine-grained");
    hipHostFree(pinned);
    hipFree(dev);
    hipFree(m);
}

// A handle works as ROCm's does inside the process that made it: it is
// made, it differs per allocation, and opening it here is
// hipErrorInvalidContext (the memory is already this process's).
static void ipc_handles()
{
    void *a = nullptr, *b = nullptr, *opened = nullptr;
    expect(hipMalloc(&a, 1024) == hipSuccess && hipMalloc(&b, 1024) == hipSuccess, "hipMalloc");
    hipIpcMemHandle_t ha, hb;
    EXPECT_CODE(hipIpcGetMemHandle(&ha, a), hipSuccess);
    EXPECT_CODE(hipIpcGetMemHandle(&hb, b), hipSuccess);
    expect(std::memcmp(&ha, &hb, sizeof(ha)) != 0, "one handle per allocation");
    EXPECT_CODE(hipIpcOpenMemHandle(&opened, ha, hipIpcMemLazyEnablePeerAccess),
                hipErrorInvalidContext);
    EXPECT_CODE(hipIpcOpenMemHandle(&opened, ha, 0), hipErrorInvalidValue);
    EXPECT_CODE(hipIpcCloseMemHandle(a), hipErrorInvalidValue);
    hipIpcMemHandle_t zero{};
    EXPECT_CODE(hipIpcOpenMemHandle(&opened, zero, hipIpcMemLazyEnablePeerAccess),
                hipErrorInvalidValue);
    hipFree(b);
    EXPECT_CODE(hipIpcGetMemHandle(&hb, b), hipErrorInvalidValue);
    hipFree(a);
}

// A pool made shareable is exported as a file descriptor, and a pointer
// from it as 64 bytes; the exporting process imports both back.
static void shared_pools()
{
    int pools = 0;
    EXPECT_CODE(hipDeviceGetAttribute(&pools, hipDeviceAttributeMemoryPoolsSupported, 0), hipSuccess);
    expect(pools == 1, "memory pools are supported");
    hipMemPoolProps props{};
    props.allocType = hipMemAllocationTypePinned;
    props.location.type = hipMemLocationTypeDevice;
    props.location.id = 0;
    props.handleTypes = hipMemHandleTypePosixFileDescriptor;
    hipMemPool_t pool = nullptr, plain = nullptr, imported = nullptr;
    EXPECT_CODE(hipMemPoolCreate(&pool, &props), hipSuccess);
    props.handleTypes = hipMemHandleTypeNone;
    EXPECT_CODE(hipMemPoolCreate(&plain, &props), hipSuccess);
    int* p = nullptr;
    EXPECT_CODE(hipMallocFromPoolAsync(reinterpret_cast<void**>(&p), 4096, pool, 0), hipSuccess);
    EXPECT_CODE(hipMemsetAsync(p, 0, 4096, 0), hipSuccess);
    int64_t fd = -1;  // hip-tests keeps it in 64 bits; the call writes an int
    EXPECT_CODE(hipMemPoolExportToShareableHandle(&fd, pool, hipMemHandleTypePosixFileDescriptor, 0),
                hipSuccess);
    EXPECT_CODE(hipMemPoolExportToShareableHandle(&fd, plain, hipMemHandleTypePosixFileDescriptor,
                                                  0),
                hipErrorInvalidValue);
    EXPECT_CODE(hipMemPoolExportToShareableHandle(&fd, pool, hipMemHandleTypeNone, 0),
                hipErrorInvalidValue);
    hipMemPoolPtrExportData data;
    EXPECT_CODE(hipMemPoolExportPointer(&data, p), hipSuccess);
    EXPECT_CODE(hipMemPoolImportFromShareableHandle(&imported, (void*)(intptr_t)fd,
                                                    hipMemHandleTypePosixFileDescriptor, 0),
                hipSuccess);
    void* back = nullptr;
    EXPECT_CODE(hipMemPoolImportPointer(&back, imported, &data), hipSuccess);
    expect(back == p, "the imported pointer is the exported one");
    EXPECT_CODE(hipMemPoolImportPointer(nullptr, imported, &data), hipErrorInvalidValue);
    EXPECT_CODE(hipFreeAsync(p, 0), hipSuccess);
    EXPECT_CODE(hipStreamSynchronize(0), hipSuccess);
    EXPECT_CODE(hipMemPoolDestroy(pool), hipSuccess);
    EXPECT_CODE(hipMemPoolDestroy(plain), hipSuccess);
}

// hipMemcpyParam2D / hipDrvMemcpy3D: host and device memory by type.
static void driver_copies()
{
    const size_t w = 40, h = 6, pitch_h = 64;
    std::vector<unsigned char> src(pitch_h * h * 2), back(pitch_h * h * 2, 0);
    for (size_t i = 0; i < src.size(); i++)
        src[i] = (unsigned char)(i * 7 + 1);
    hipDeviceptr_t dev = nullptr;
    size_t pitch = 0;
    EXPECT_CODE(hipMemAllocPitch(&dev, &pitch, w, h * 2, 4), hipSuccess);
    EXPECT_CODE(hipMemAllocPitch(&dev, &pitch, w, h, 3), hipErrorInvalidValue);
    hip_Memcpy2D c{};
    c.srcMemoryType = hipMemoryTypeHost;
    c.srcHost = src.data();
    c.srcPitch = pitch_h;
    c.srcXInBytes = 2;
    c.srcY = 1;
    c.dstMemoryType = hipMemoryTypeDevice;
    c.dstDevice = dev;
    c.dstPitch = pitch;
    c.WidthInBytes = w;
    c.Height = h;
    EXPECT_CODE(hipMemcpyParam2D(&c), hipSuccess);
    HIP_MEMCPY3D d{};
    d.srcMemoryType = hipMemoryTypeDevice;
    d.srcDevice = dev;
    d.srcPitch = pitch;
    d.srcHeight = h;
    d.dstMemoryType = hipMemoryTypeHost;
    d.dstHost = back.data();
    d.dstPitch = pitch_h;
    d.dstHeight = h;
    d.WidthInBytes = w;
    d.Height = h;
    d.Depth = 1;
    EXPECT_CODE(hipDrvMemcpy3D(&d), hipSuccess);
    int bad = 0;
    for (size_t y = 0; y < h; y++)
        for (size_t x = 0; x < w; x++)
            bad += back[y * pitch_h + x] != src[(y + 1) * pitch_h + x + 2];
    expect(bad == 0, "host -> device (2-D, offset) -> host (3-D) round trip");
    // ROCm's pitch rules for the driver's copies: 0 is rows of
    // WidthInBytes, packed; below the row is hipErrorInvalidValue (the
    // runtime's hipMemcpy2D/3D say hipErrorInvalidPitchValue).
    {
        std::vector<unsigned char> packed(w * h);
        hip_Memcpy2D p0{};
        p0.srcMemoryType = hipMemoryTypeDevice;
        p0.srcDevice = dev;
        p0.srcPitch = pitch;
        p0.dstMemoryType = hipMemoryTypeHost;
        p0.dstHost = packed.data();
        p0.dstPitch = 0;
        p0.WidthInBytes = w;
        p0.Height = h;
        EXPECT_CODE(hipMemcpyParam2D(&p0), hipSuccess);
        int off = 0;
        for (size_t y = 0; y < h; y++)
            for (size_t x = 0; x < w; x++)
                off += packed[y * w + x] != src[(y + 1) * pitch_h + x + 2];
        expect(off == 0, "hipMemcpyParam2D: dstPitch 0 packs the rows");
        p0.dstPitch = w - 1;
        EXPECT_CODE(hipMemcpyParam2D(&p0), hipErrorInvalidValue);
        HIP_MEMCPY3D d0 = d;
        d0.dstPitch = w - 1;
        EXPECT_CODE(hipDrvMemcpy3D(&d0), hipErrorInvalidValue);
        EXPECT_CODE(hipMemcpy2D(packed.data(), w - 1, dev, pitch, w, h, hipMemcpyDeviceToHost),
                    hipErrorInvalidPitchValue);
    }
    // ROCm's copy "without the compute units" is a device-to-device copy.
    void* dev2 = nullptr;
    expect(hipMalloc(&dev2, pitch * h) == hipSuccess, "hipMalloc");
    EXPECT_CODE(hipMemcpy(dev2, dev, pitch * h, hipMemcpyDeviceToDeviceNoCU), hipSuccess);
    EXPECT_CODE(hipMemcpy2D(back.data(), pitch_h, dev2, pitch, w, h, hipMemcpyDeviceToHost),
                hipSuccess);
    bad = 0;
    for (size_t y = 0; y < h; y++)
        for (size_t x = 0; x < w; x++)
            bad += back[y * pitch_h + x] != src[(y + 1) * pitch_h + x + 2];
    expect(bad == 0, "hipMemcpyDeviceToDeviceNoCU copies");
    EXPECT_CODE(hipMemcpy(dev2, back.data(), 16, hipMemcpyDeviceToDeviceNoCU),
                hipErrorInvalidValue);
    hipFree(dev2);
    // Rows that run past the end of the allocation are refused, not read.
    // (They start inside it: what lies just past the end depends on the
    // board -- on KFD the next allocation may begin there.)
    c.srcMemoryType = hipMemoryTypeDevice;
    c.srcDevice = dev;
    c.srcPitch = pitch;
    c.srcY = h * 2 - 1;
    c.srcXInBytes = 0;
    c.Height = 2;
    EXPECT_CODE(hipMemcpyParam2D(&c), hipErrorInvalidValue);
    c.srcY = 0;
    c.Height = 1;
    int word = 0;
    EXPECT_CODE(hipMemcpy(&word, static_cast<char*>(dev) + pitch * h * 2 - 2, 4, hipMemcpyDefault),
                hipErrorInvalidValue);
    c.dstMemoryType = hipMemoryTypeArray;
    c.dstArray = nullptr;
    EXPECT_CODE(hipMemcpyParam2D(&c), hipErrorInvalidValue);   // no array named
    c.dstArray = reinterpret_cast<hipArray_t>(dev);   // a pointer, not an array
    EXPECT_CODE(hipMemcpyParam2D(&c), hipErrorInvalidHandle);
    c.dstMemoryType = static_cast<hipMemoryType>(77);
    EXPECT_CODE(hipMemcpyParam2D(&c), hipErrorInvalidValue);
    EXPECT_CODE(hipMemcpyParam2D(nullptr), hipErrorInvalidValue);
    hipFree(dev);
}

static void array_checks()
{
    hipChannelFormatDesc f4 = hipCreateChannelDesc<float4>();
    expect(f4.x == 32 && f4.y == 32 && f4.z == 32 && f4.w == 32 &&
               f4.f == hipChannelFormatKindFloat, "channel desc of float4");
    hipChannelFormatDesc s = hipCreateChannelDesc<short>();
    expect(s.x == 16 && s.y == 0 && s.f == hipChannelFormatKindSigned, "channel desc of short");
    hipChannelFormatDesc u = hipCreateChannelDesc<uchar2>();
    expect(u.x == 8 && u.y == 8 && u.z == 0 && u.f == hipChannelFormatKindUnsigned,
           "channel desc of uchar2");
    hipArray_t arr = nullptr;
    EXPECT_CODE(hipMallocArray(&arr, &f4, 16, 16), hipSuccess);
    EXPECT_CODE(hipFreeArray(arr), hipSuccess);
    EXPECT_CODE(hipMallocArray(nullptr, &f4, 16, 16), hipErrorInvalidValue);
    HIP_ARRAY3D_DESCRIPTOR desc{};
    desc.Width = 8;
    desc.Format = HIP_AD_FORMAT_FLOAT;
    desc.NumChannels = 1;
    EXPECT_CODE(hipArray3DCreate(&arr, &desc), hipSuccess);
    EXPECT_CODE(hipArrayDestroy(arr), hipSuccess);
    EXPECT_CODE(hipFreeArray(nullptr), hipErrorInvalidValue);
    EXPECT_CODE(hipDestroyTextureObject(nullptr), hipSuccess);
    // The 2-D array copies check as ROCm does: direction, the linear side
    // and its pitch, then the array (NULL is an invalid handle).
    int host[64] = {};
    EXPECT_CODE(hipMemcpy2DToArrayAsync(nullptr, 0, 0, host, 16, 16, 4, hipMemcpyHostToDevice,
                                        nullptr), hipErrorInvalidHandle);
    EXPECT_CODE(hipMemcpy2DToArray(nullptr, 0, 0, host, 8, 16, 4, hipMemcpyHostToDevice),
                hipErrorInvalidPitchValue);
    EXPECT_CODE(hipMemcpy2DFromArray(nullptr, 16, nullptr, 0, 0, 16, 4, hipMemcpyDeviceToHost),
                hipErrorInvalidValue);
    EXPECT_CODE(hipMemcpy2DFromArrayAsync(host, 16, nullptr, 0, 0, 16, 4,
                                          static_cast<hipMemcpyKind>(7), nullptr),
                hipErrorInvalidMemcpyDirection);
    EXPECT_CODE(hipMemcpy2DFromArray(host, 16, reinterpret_cast<hipArray_const_t>(64), 0, 0, 16,
                                     4, hipMemcpyDeviceToHost), hipErrorInvalidHandle);
    EXPECT_CODE(hipMemcpy2DArrayToArray(nullptr, 0, 0, nullptr, 0, 0, 16, 4, hipMemcpyDefault),
                hipErrorInvalidHandle);
    hipGetLastError();
}

// The virtual memory management API: the attribute says no, and each call
// checks its arguments, then refuses.
static void vmm_refused()
{
    int vmm = -1;
    EXPECT_CODE(hipDeviceGetAttribute(&vmm, hipDeviceAttributeVirtualMemoryManagementSupported, 0),
                hipSuccess);
    expect(vmm == 0, "hipDeviceAttributeVirtualMemoryManagementSupported is 0");
    hipMemAllocationProp prop{};
    prop.type = hipMemAllocationTypePinned;
    prop.location.type = hipMemLocationTypeDevice;
    prop.location.id = 0;
    size_t granularity = 0;
    EXPECT_CODE(hipMemGetAllocationGranularity(&granularity, &prop,
                                               hipMemAllocationGranularityRecommended),
                hipErrorNotSupported);
    EXPECT_CODE(hipMemGetAllocationGranularity(nullptr, &prop,
                                               hipMemAllocationGranularityMinimum),
                hipErrorInvalidValue);
    void* va = reinterpret_cast<void*>(1);
    EXPECT_CODE(hipMemAddressReserve(&va, 4096, 0, nullptr, 0), hipErrorNotSupported);
    expect(va == nullptr, "a refused reservation leaves no address");
    EXPECT_CODE(hipMemAddressReserve(&va, 0, 0, nullptr, 0), hipErrorInvalidValue);
    hipMemGenericAllocationHandle_t h = nullptr;
    EXPECT_CODE(hipMemCreate(&h, 4096, &prop, 0), hipErrorNotSupported);
    EXPECT_CODE(hipMemCreate(&h, 4096, nullptr, 0), hipErrorInvalidValue);
    EXPECT_CODE(hipMemMap(nullptr, 4096, 0, h, 0), hipErrorInvalidValue);
    hipMemAccessDesc desc{};
    EXPECT_CODE(hipMemSetAccess(reinterpret_cast<void*>(4096), 4096, &desc, 1),
                hipErrorNotSupported);
    EXPECT_CODE(hipMemRelease(nullptr), hipErrorInvalidValue);
    hipGetLastError();
}

// hipMemcpy between two device allocations returns at once, as in ROCm
// and CUDA: the copy runs in the null stream's order (after a blocking
// stream's work), the host does not wait.  HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS
// on a pointer makes such a copy synchronous (hip-tests'
// hipPointerSetAttribute _SyncMemops).
static std::atomic<bool> gate{false};
static void hold(void*)
{
    while (!gate.load())
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

static void sync_memops()
{
    int *a = nullptr, *b = nullptr;
    expect(hipMalloc(&a, 4096) == hipSuccess && hipMalloc(&b, 4096) == hipSuccess, "hipMalloc");
    std::vector<int> v(1024, 7), w(1024, 0);
    EXPECT_CODE(hipMemcpy(a, v.data(), 4096, hipMemcpyHostToDevice), hipSuccess);
    EXPECT_CODE(hipMemset(b, 0, 4096), hipSuccess);
    hipStream_t s;
    EXPECT_CODE(hipStreamCreate(&s), hipSuccess);  // blocking: the null stream waits for it
    gate = false;
    EXPECT_CODE(hipLaunchHostFunc(s, hold, nullptr), hipSuccess);
    EXPECT_CODE(hipMemcpy(b, a, 4096, hipMemcpyDeviceToDevice), hipSuccess);
    EXPECT_CODE(hipStreamQuery(s), hipErrorNotReady);  // returned while s still runs
    gate = true;
    EXPECT_CODE(hipMemcpy(w.data(), b, 4096, hipMemcpyDeviceToHost), hipSuccess);
    expect(w[0] == 7 && w[1023] == 7, "the device-to-device copy ran, after the held stream");
    // So does a synchronous memset of device memory (ROCm: hipMemsetSync).
    gate = false;
    EXPECT_CODE(hipLaunchHostFunc(s, hold, nullptr), hipSuccess);
    EXPECT_CODE(hipMemset(b, 1, 4096), hipSuccess);
    EXPECT_CODE(hipMemsetD32(b, 0x01010101, 16), hipSuccess);
    EXPECT_CODE(hipMemcpy2D(a + 512, 64, b, 64, 64, 4, hipMemcpyDeviceToDevice), hipSuccess);
    EXPECT_CODE(hipStreamQuery(s), hipErrorNotReady);
    gate = true;
    EXPECT_CODE(hipMemcpy(w.data(), b, 4096, hipMemcpyDeviceToHost), hipSuccess);
    expect(w[0] == 0x01010101 && w[1023] == 0x01010101, "the memsets ran, after the held stream");
    EXPECT_CODE(hipMemcpy(w.data(), a + 512, 256, hipMemcpyDeviceToHost), hipSuccess);
    expect(w[0] == 0x01010101 && w[63] == 0x01010101, "the 2-D device copy ran after them");

    unsigned one = 1;
    EXPECT_CODE(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS,
                                       reinterpret_cast<hipDeviceptr_t>(b)), hipSuccess);
    gate = false;
    EXPECT_CODE(hipLaunchHostFunc(s, hold, nullptr), hipSuccess);
    std::thread opener([] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        gate = true;
    });
    EXPECT_CODE(hipMemcpy(b, a, 4096, hipMemcpyDefault), hipSuccess);
    EXPECT_CODE(hipStreamQuery(s), hipSuccess);  // SYNC_MEMOPS: it waited for s
    opener.join();

    // Host to host is fully synchronous, even hipMemcpyAsync: it returns
    // after the stream's earlier work and the copy (ROCm and CUDA).
    int *p1 = nullptr, *p2 = nullptr;
    EXPECT_CODE(hipHostMalloc(&p1, 4096), hipSuccess);
    EXPECT_CODE(hipHostMalloc(&p2, 4096), hipSuccess);
    for (int i = 0; i < 1024; i++)
        p1[i] = i, p2[i] = -1;
    gate = false;
    EXPECT_CODE(hipLaunchHostFunc(s, hold, nullptr), hipSuccess);
    std::thread opener2([] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        gate = true;
    });
    EXPECT_CODE(hipMemcpyAsync(p2, p1, 4096, hipMemcpyHostToHost, s), hipSuccess);
    EXPECT_CODE(hipStreamQuery(s), hipSuccess);
    expect(p2[0] == 0 && p2[1023] == 1023, "hipMemcpyAsync host to host: copied on return");
    opener2.join();
    hipHostFree(p1);
    hipHostFree(p2);
    EXPECT_CODE(hipStreamDestroy(s), hipSuccess);
    hipFree(a);
    hipFree(b);
}

// External memory and semaphores (Vulkan, Direct3D interop): nothing can
// be imported, so an import is refused after its argument checks, and a
// handle (none can exist) is an invalid value -- in hipGetLastError too.
static void external_refused()
{
    hipExternalMemoryHandleDesc md{};
    md.type = hipExternalMemoryHandleTypeOpaqueFd;
    md.handle.fd = 0;
    md.size = 4096;
    hipExternalMemory_t mem = nullptr;
    EXPECT_CODE(hipImportExternalMemory(&mem, &md), hipErrorNotSupported);
    EXPECT_CODE(hipImportExternalMemory(nullptr, &md), hipErrorInvalidValue);
    md.size = 0;
    EXPECT_CODE(hipImportExternalMemory(&mem, &md), hipErrorInvalidValue);
    hipExternalMemoryBufferDesc bd{};
    void* p = nullptr;
    EXPECT_CODE(hipExternalMemoryGetMappedBuffer(&p, reinterpret_cast<hipExternalMemory_t>(8),
                                                 &bd), hipErrorInvalidValue);
    EXPECT_CODE(hipDestroyExternalMemory(nullptr), hipErrorInvalidValue);
    hipExternalSemaphoreHandleDesc sd{};
    sd.type = hipExternalSemaphoreHandleTypeOpaqueFd;
    hipExternalSemaphore_t sem = nullptr;
    EXPECT_CODE(hipImportExternalSemaphore(&sem, &sd), hipErrorNotSupported);
    sd.type = static_cast<hipExternalSemaphoreHandleType>(0);
    EXPECT_CODE(hipImportExternalSemaphore(&sem, &sd), hipErrorInvalidValue);
    hipExternalSemaphoreWaitParams wp{};
    hipExternalSemaphoreSignalParams sp{};
    hipGetLastError();
    EXPECT_CODE(hipWaitExternalSemaphoresAsync(nullptr, &wp, 1, nullptr), hipErrorInvalidValue);
    EXPECT_CODE(hipGetLastError(), hipErrorInvalidValue);
    EXPECT_CODE(hipSignalExternalSemaphoresAsync(&sem, &sp, 1, nullptr), hipErrorInvalidValue);
    EXPECT_CODE(hipSignalExternalSemaphoresAsync(nullptr, nullptr, 0, nullptr), hipSuccess);
    EXPECT_CODE(hipDestroyExternalSemaphore(sem), hipErrorInvalidValue);
    hipGetLastError();
}

// Programs written for real GPUs allocate more than 1 GiB at once
// (hip-tests' hipMemPoolCreate: 512 + 513 MiB); the sim board's default
// VRAM is 4 GiB for them (a .config made before keeps its size).
static void large_allocations()
{
    hipDeviceProp_t p;
    expect(hipGetDeviceProperties(&p, 0) == hipSuccess, "properties");
    if (p.totalGlobalMem < (size_t(2) << 30))
        return;
    void *a = nullptr, *b = nullptr;
    EXPECT_CODE(hipMalloc(&a, size_t(512) << 20), hipSuccess);
    EXPECT_CODE(hipMalloc(&b, size_t(513) << 20), hipSuccess);
    hipFree(a);
    hipFree(b);
}

int main()
{
    large_allocations();
    allocation_queries();
    range_attributes();
    ipc_handles();
    shared_pools();
    driver_copies();
    array_checks();
    vmm_refused();
    external_refused();
    sync_memops();

    // A volatile flag in pinned memory that a kernel raises.
    volatile int* flag = nullptr;
    expect(hipHostMalloc(&flag, sizeof(int)) == hipSuccess, "hipHostMalloc(volatile int**)");
    *flag = 0;
    void* flag_dev = nullptr;
    expect(hipHostGetDevicePointer(&flag_dev, const_cast<int*>(flag), 0) == hipSuccess,
           "device pointer of the flag");
    raise_flag<<<1, 1>>>(static_cast<volatile int*>(flag_dev));
    expect(hipDeviceSynchronize() == hipSuccess && *flag == 42, "the kernel raised the flag");
    hipHostFree(const_cast<int*>(flag));

    if (failures) {
        std::printf("memory_api: FAIL (%d)\n", failures);
        return 1;
    }
    std::printf("memory_api: PASS (address ranges, pointer and range attributes, IPC "
                "handles, driver copies, array checks)\n");
    return 0;
}
