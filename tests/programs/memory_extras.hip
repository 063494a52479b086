// Pitched images, pointer attributes, managed-memory hints and peer
// queries, as samples use them: a 2-D image in pitched memory is
// filled with hipMemset2D, shifted by a kernel that walks rows by the
// pitch, and copied back with hipMemcpy2D; hipPointerGetAttributes tells
// device, managed and pinned memory apart; hipMemAdvise and
// hipMemPrefetchAsync accept managed ranges and refuse anything else;
// with one device there is no peer.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>
#include <vector>

static int failures;

static void expect(bool ok, const char* what)
{
    if (!ok && failures++ < 20)
        std::printf("FAIL: %s\n", what);
}

#define EXPECT_CODE(call, code) expect((call) == (code), #call " -> " #code)

__global__ void add_row_index(unsigned char* img, size_t pitch, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x < width && y < height)
        img[y * pitch + x] += (unsigned char)y;
}

int main()
{
    // --- pitched memory
    const int width = 300, height = 37;
    unsigned char* img = nullptr;
    size_t pitch = 0;
    expect(hipMallocPitch(&img, &pitch, width, height) == hipSuccess, "hipMallocPitch");
    expect(pitch >= width && pitch % 256 == 0, "pitch is a multiple of 256 at least the width");
    expect(hipMemset2D(img, pitch, 7, width, height) == hipSuccess, "hipMemset2D");
    // The bytes between rows (width..pitch) stay untouched: set them to 0xEE first.
    std::vector<unsigned char> pad(pitch * height, 0xEE);
    expect(hipMemcpy(img, pad.data(), pad.size(), hipMemcpyHostToDevice) == hipSuccess, "fill");
    expect(hipMemset2D(img, pitch, 7, width, height) == hipSuccess, "hipMemset2D again");
    add_row_index<<<dim3((width + 63) / 64, height), 64>>>(img, pitch, width, height);
    expect(hipDeviceSynchronize() == hipSuccess, "kernel");
    std::vector<unsigned char> full(pitch * height), packed(width * height);
    expect(hipMemcpy(full.data(), img, full.size(), hipMemcpyDeviceToHost) == hipSuccess,
           "copy back whole");
    expect(hipMemcpy2D(packed.data(), width, img, pitch, width, height, hipMemcpyDeviceToHost) ==
               hipSuccess,
           "hipMemcpy2D");
    int bad = 0;
    for (int y = 0; y < height; y++)
        for (size_t x = 0; x < pitch; x++) {
            unsigned char want = x < (size_t)width ? (unsigned char)(7 + y) : 0xEE;
            bad += full[y * pitch + x] != want;
            if (x < (size_t)width)
                bad += packed[y * width + x] != want;
        }
    expect(bad == 0, "image: rows set, shifted by the kernel, padding untouched");
    // Async on a stream, full-pitch case.
    hipStream_t s;
    expect(hipStreamCreate(&s) == hipSuccess, "hipStreamCreate");
    expect(hipMemset2DAsync(img, pitch, 1, pitch, height, s) == hipSuccess, "hipMemset2DAsync");
    expect(hipStreamSynchronize(s) == hipSuccess, "sync");
    expect(hipMemcpy(full.data(), img, full.size(), hipMemcpyDeviceToHost) == hipSuccess, "copy");
    bad = 0;
    for (unsigned char c : full)
        bad += c != 1;
    expect(bad == 0, "hipMemset2DAsync over the whole pitch");
    EXPECT_CODE(hipMemset2D(img, width - 1, 0, width, 2), hipErrorInvalidValue);   // ROCm's
    EXPECT_CODE(hipMemset2D(img, pitch, 0, width, height + 1), hipErrorInvalidValue);
    EXPECT_CODE(hipMallocPitch(nullptr, &pitch, 4, 4), hipErrorInvalidValue);

    // --- pointer attributes
    float *dev, *managed, *pinned;
    expect(hipMalloc(&dev, 4096) == hipSuccess, "hipMalloc");
    expect(hipMallocManaged(&managed, 4096) == hipSuccess, "hipMallocManaged");
    expect(hipHostMalloc(&pinned, 4096, hipHostMallocMapped) == hipSuccess, "hipHostMalloc");
    hipPointerAttribute_t a;
    expect(hipPointerGetAttributes(&a, dev + 10) == hipSuccess && a.type == hipMemoryTypeDevice &&
               a.devicePointer == dev + 10 && a.hostPointer == nullptr && !a.isManaged &&
               a.device == 0,
           "device memory attributes");
    expect(hipPointerGetAttributes(&a, managed) == hipSuccess && a.type == hipMemoryTypeManaged &&
               a.isManaged && a.hostPointer == managed,
           "managed memory attributes");
    void* pinned_dev = nullptr;
    expect(hipHostGetDevicePointer(&pinned_dev, pinned, 0) == hipSuccess, "device pointer");
    expect(hipPointerGetAttributes(&a, pinned + 3) == hipSuccess && a.type == hipMemoryTypeHost &&
               a.hostPointer == pinned + 3 && a.devicePointer == (float*)pinned_dev + 3 &&
               a.allocationFlags == hipHostMallocMapped,
           "pinned memory attributes");
    // Memory HIP did not allocate is "unregistered", as ROCm 6 answers.
    int on_stack = 0;
    a.device = 5;
    expect(hipPointerGetAttributes(&a, &on_stack) == hipSuccess &&
               a.type == hipMemoryTypeUnregistered && a.device == hipInvalidDeviceId &&
               a.devicePointer == nullptr && a.hostPointer == nullptr,
           "stack memory is unregistered");
    EXPECT_CODE(hipPointerGetAttributes(nullptr, dev), hipErrorInvalidValue);

    // --- managed hints
    EXPECT_CODE(hipMemAdvise(managed, 4096, hipMemAdviseSetReadMostly, 0), hipSuccess);
    EXPECT_CODE(hipMemAdvise(managed, 4096, hipMemAdviseSetPreferredLocation, hipCpuDeviceId),
                hipSuccess);
    EXPECT_CODE(hipMemPrefetchAsync(managed, 4096, 0, s), hipSuccess);
    EXPECT_CODE(hipMemAdvise(dev, 4096, hipMemAdviseSetReadMostly, 0), hipErrorInvalidValue);
    EXPECT_CODE(hipMemAdvise(managed, 8192, hipMemAdviseSetReadMostly, 0), hipErrorInvalidValue);
    EXPECT_CODE(hipMemPrefetchAsync(managed, 4096, 3, s), hipErrorInvalidDevice);
    EXPECT_CODE(hipMemAdvise(managed, 16, (hipMemoryAdvise)42, 0), hipErrorInvalidValue);

    // --- peers
    int can = -1;
    EXPECT_CODE(hipDeviceCanAccessPeer(&can, 0, 0), hipSuccess);
    expect(can == 0, "a device is not its own peer");
    EXPECT_CODE(hipDeviceCanAccessPeer(&can, 0, 1), hipErrorInvalidDevice);
    EXPECT_CODE(hipDeviceEnablePeerAccess(0, 0), hipErrorInvalidDevice);
    EXPECT_CODE(hipDeviceDisablePeerAccess(0), hipErrorPeerAccessNotEnabled);
    float* dev2;
    expect(hipMalloc(&dev2, 4096) == hipSuccess, "hipMalloc 2");
    std::vector<float> h(1024, 2.5f), back(1024, 0);
    expect(hipMemcpy(dev, h.data(), 4096, hipMemcpyHostToDevice) == hipSuccess, "to dev");
    EXPECT_CODE(hipMemcpyPeer(dev2, 0, dev, 0, 4096), hipSuccess);
    expect(hipMemcpy(back.data(), dev2, 4096, hipMemcpyDeviceToHost) == hipSuccess, "back");
    expect(back == h, "hipMemcpyPeer within device 0 copies");
    EXPECT_CODE(hipMemcpyPeer(dev2, 1, dev, 0, 4096), hipErrorInvalidDevice);
    hipGetLastError();

    hipStreamDestroy(s);
    hipFree(img);
    hipFree(dev);
    hipFree(dev2);
    hipFree(managed);
    hipHostFree(pinned);
    if (failures) {
        std::printf("memory_extras: FAIL (%d)\n", failures);
        return 1;
    }
    std::printf("memory_extras: PASS (pitched 2-D memory, pointer attributes, managed hints, "
                "peers)\n");
    return 0;
}
