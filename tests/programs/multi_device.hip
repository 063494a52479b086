// Several GPUs, as the HIP samples use them: count and name the devices,
// give each its own part of the work (hipSetDevice, memory, kernels,
// streams), copy between devices, and check what must stay apart (each
// device's own __device__ variables, events, resets).  On a board with one
// device it checks that one, and the errors for the devices it lacks.
//
// The expected device count is what the board was given: the fake KFD's
// BAREHIP_KFDSIM_GPUS (make check runs this with 1 and with 3 GPUs), one
// otherwise.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
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
static int checks;

static void expect(bool ok, const char* what)
{
    ++checks;
    if (!ok) {
        ++failures;
        std::fprintf(stderr, "FAILED: %s\n", what);
    }
}

// Each device keeps its own copy of a __device__ variable.
__device__ int device_tag;

__global__ void fill(int* out, int base, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = base + i + device_tag;
}

__global__ void add_one(int* data, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        data[i] += 1;
}

constexpr int N = 4096;

static bool all_equal(const std::vector<int>& v, int base, int tag)
{
    for (int i = 0; i < N; ++i)
        if (v[i] != base + i + tag)
            return false;
    return true;
}

int main()
{
    const char* board = std::getenv("BAREHIP_BOARD");
    const char* gpus = std::getenv("BAREHIP_KFDSIM_GPUS");
    const int expected = board && !std::strcmp(board, "kfd") && gpus ? std::atoi(gpus) : 1;

    int count = 0;
    HIP_CHECK(hipGetDeviceCount(&count));
    std::printf("%d device(s)\n", count);
    expect(count == expected, "hipGetDeviceCount reports every GPU of the board");

    // Identity: a name, a PCI bus id that leads back to the device.
    for (int d = 0; d < count; ++d) {
        hipDeviceProp_t p;
        char bus[32], name[64];
        int back = -1;

        HIP_CHECK(hipGetDeviceProperties(&p, d));
        HIP_CHECK(hipDeviceGetPCIBusId(bus, sizeof(bus), d));
        HIP_CHECK(hipDeviceGetName(name, sizeof(name), d));
        HIP_CHECK(hipDeviceGetByPCIBusId(&back, bus));
        std::printf("device %d: %s (%s) at %s, %d CUs\n", d, p.name, p.gcnArchName, bus,
                    p.multiProcessorCount);
        expect(!std::strcmp(name, p.name), "hipDeviceGetName is the property's name");
        expect(std::strstr(p.gcnArchName, "gfx") == p.gcnArchName, "a gfx target");
        expect(back == d || count == 1, "the PCI bus id names the device");
    }

    // Each device computes its part, with its own __device__ variable.
    std::vector<int*> buf(count);
    for (int d = 0; d < count; ++d) {
        int cur = -1, tag = 100 * d;

        HIP_CHECK(hipSetDevice(d));
        HIP_CHECK(hipGetDevice(&cur));
        expect(cur == d, "hipGetDevice returns what hipSetDevice set");
        HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(device_tag), &tag, sizeof(tag)));
        HIP_CHECK(hipMalloc(&buf[d], N * sizeof(int)));
        fill<<<N / 256, 256>>>(buf[d], 10000 * d, N);
        HIP_CHECK(hipGetLastError());
    }
    for (int d = 0; d < count; ++d) {
        std::vector<int> host(N);
        hipPointerAttribute_t attr;

        HIP_CHECK(hipSetDevice(d));
        HIP_CHECK(hipMemcpy(host.data(), buf[d], N * sizeof(int), hipMemcpyDeviceToHost));
        expect(all_equal(host, 10000 * d, 100 * d), "each device ran its own part");
        HIP_CHECK(hipPointerGetAttributes(&attr, buf[d]));
        expect(attr.device == d, "hipPointerGetAttributes names the device");
    }

    // Errors for devices that do not exist; the current device stays.
    int cur = -1;
    HIP_CHECK(hipSetDevice(0));
    expect(hipSetDevice(count) == hipErrorInvalidDevice, "hipSetDevice(count) is refused");
    expect(hipSetDevice(-1) == hipErrorInvalidDevice, "hipSetDevice(-1) is refused");
    HIP_CHECK(hipGetDevice(&cur));
    expect(cur == 0, "a refused hipSetDevice leaves the current device");
    hipDeviceProp_t none;
    expect(hipGetDeviceProperties(&none, count) == hipErrorInvalidDevice,
           "no properties for a device that does not exist");
    (void)hipGetLastError();

    if (count >= 2) {
        const int last = count - 1;
        std::vector<int> host(N);

        // A stream is its device's: work on it runs there, whichever
        // device is current.
        hipStream_t s;
        int sdev = -1;
        HIP_CHECK(hipSetDevice(last));
        HIP_CHECK(hipStreamCreate(&s));
        HIP_CHECK(hipSetDevice(0));
        HIP_CHECK(hipStreamGetDevice(s, &sdev));
        expect(sdev == last, "hipStreamGetDevice names the stream's device");
        add_one<<<N / 256, 256, 0, s>>>(buf[last], N);
        HIP_CHECK(hipStreamSynchronize(s));
        HIP_CHECK(hipMemcpy(host.data(), buf[last], N * sizeof(int), hipMemcpyDefault));
        expect(all_equal(host, 10000 * last + 1, 100 * last),
               "a kernel on another device's stream ran there");

        // Copies between devices: peer, default and asynchronous.
        HIP_CHECK(hipMemcpyPeer(buf[0], 0, buf[last], last, N * sizeof(int)));
        HIP_CHECK(hipMemcpy(host.data(), buf[0], N * sizeof(int), hipMemcpyDeviceToHost));
        expect(all_equal(host, 10000 * last + 1, 100 * last), "hipMemcpyPeer");
        add_one<<<N / 256, 256>>>(buf[0], N);    // on device 0, then a copy back
        HIP_CHECK(hipMemcpy(buf[last], buf[0], N * sizeof(int), hipMemcpyDefault));
        HIP_CHECK(hipSetDevice(last));
        HIP_CHECK(hipMemcpy(host.data(), buf[last], N * sizeof(int), hipMemcpyDeviceToHost));
        expect(all_equal(host, 10000 * last + 2, 100 * last),
               "a synchronous copy waits for the other device's kernel");
        HIP_CHECK(hipSetDevice(0));

        // Pinned host memory is every device's: a kernel on the last
        // device updates memory allocated while device 0 was current.
        int* pinned;
        HIP_CHECK(hipHostMalloc(&pinned, N * sizeof(int), 0));
        for (int i = 0; i < N; ++i)
            pinned[i] = i;
        add_one<<<N / 256, 256, 0, s>>>(pinned, N);
        HIP_CHECK(hipStreamSynchronize(s));
        bool ok = true;
        for (int i = 0; i < N; ++i)
            ok &= pinned[i] == i + 1;
        expect(ok, "another device's kernel reaches pinned host memory");

        // Events: device 0's event orders the last device's stream; it
        // may not be recorded on that stream.
        hipEvent_t ev;
        HIP_CHECK(hipEventCreate(&ev));
        add_one<<<N / 256, 256>>>(buf[0], N);
        HIP_CHECK(hipEventRecord(ev, nullptr));
        HIP_CHECK(hipStreamWaitEvent(s, ev, 0));
        HIP_CHECK(hipMemcpyAsync(buf[last], buf[0], N * sizeof(int), hipMemcpyDefault, s));
        HIP_CHECK(hipStreamSynchronize(s));
        HIP_CHECK(hipMemcpy(host.data(), buf[last], N * sizeof(int), hipMemcpyDefault));
        expect(all_equal(host, 10000 * last + 3, 100 * last),
               "a stream waits for another device's event");
        expect(hipEventRecord(ev, s) == hipErrorInvalidHandle,
               "an event is recorded on its own device's streams only");
        (void)hipGetLastError();
        HIP_CHECK(hipEventDestroy(ev));

        // No peer mapping: said so, and refused when asked for.
        int can = -1;
        HIP_CHECK(hipDeviceCanAccessPeer(&can, 0, last));
        expect(can == 0, "no device maps another's memory");
        expect(hipDeviceEnablePeerAccess(last, 0) == hipErrorPeerAccessUnsupported,
               "hipDeviceEnablePeerAccess is refused as unsupported");
        (void)hipGetLastError();

        // The current device is per thread.
        int in_thread = -1;
        std::thread t([&] {
            int before = -1;
            HIP_CHECK(hipGetDevice(&before));
            HIP_CHECK(hipSetDevice(last));
            HIP_CHECK(hipGetDevice(&in_thread));
            in_thread = before == 0 ? in_thread : -2;
        });
        t.join();
        HIP_CHECK(hipGetDevice(&cur));
        expect(in_thread == last && cur == 0,
               "a new thread starts on device 0; its hipSetDevice is its own");

        // Resetting one device leaves the others' memory alone.
        HIP_CHECK(hipStreamDestroy(s));
        HIP_CHECK(hipSetDevice(last));
        HIP_CHECK(hipDeviceReset());
        HIP_CHECK(hipSetDevice(0));
        HIP_CHECK(hipMemcpy(host.data(), buf[0], N * sizeof(int), hipMemcpyDeviceToHost));
        expect(all_equal(host, 10000 * last + 3, 100 * last),
               "device 0's memory survives the other device's reset");
        HIP_CHECK(hipHostFree(pinned));
        buf[last] = nullptr;
    }

    for (int d = 0; d < count; ++d)
        if (buf[d]) {
            HIP_CHECK(hipSetDevice(d));
            HIP_CHECK(hipFree(buf[d]));
        }
    if (failures) {
        std::printf("multi_device: FAIL (%d of %d checks)\n", failures, checks);
        return EXIT_FAILURE;
    }
    std::printf("multi_device: PASS (%d checks, %d devices)\n", checks, count);
    return EXIT_SUCCESS;
}
