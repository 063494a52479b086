// A C program (no C++, no barehip-cc) linked with the board kit's
// libbarehip.a, against the sim board on the PCIe bus: the runtime with no
// threads.  Host functions and a copy to pageable memory queue between GPU
// operations on one stream; with no host thread they run inline, in the
// waits (the loader's wait hook): the stream must still finish, in order.
#include <stdio.h>
#include <string.h>

#include <hip/hip_runtime_api.h>

#define N 4096

static int failures;
static unsigned char host[N];
static int order[4], ran;

static void check(int ok, const char *what)
{
    printf("  %s: %s\n", ok ? "ok" : "FAILED", what);
    failures += !ok;
}

static void host_fn(void *arg)
{
    int id = (int)(long)arg;

    // The second runs after the copy to host[]: the memset's bytes are there.
    if (id == 2 && host[0] == 0x5a && host[N - 1] == 0x5a)
        id = 20;
    if (ran < 4)
        order[ran++] = id;
}

static void callback(hipStream_t stream, hipError_t status, void *arg)
{
    (void)stream;
    if (status == hipSuccess && ran < 4)
        order[ran++] = (int)(long)arg;
}

int main(void)
{
    int version = 0, count = 0;
    void *dev = NULL;
    hipStream_t s = NULL;
    hipEvent_t ev = NULL;

    printf("baremetal runtime_c on qemu-virt-aarch64\n");
    check(hipRuntimeGetVersion(&version) == hipSuccess && version > 0, "hipRuntimeGetVersion");
    check(hipGetDeviceCount(&count) == hipSuccess && count == 1, "one device: the sim board");
    if (count != 1)
        return 1;
    check(hipMalloc(&dev, N) == hipSuccess, "hipMalloc");
    check(hipStreamCreate(&s) == hipSuccess && hipEventCreate(&ev) == hipSuccess,
          "a stream and an event");
    memset(host, 0, sizeof(host));
    // GPU, host, GPU, host copy, host, callback, GPU: each waits for the last.
    check(hipMemsetAsync(dev, 0x33, N, s) == hipSuccess, "hipMemsetAsync");
    check(hipLaunchHostFunc(s, host_fn, (void *)1L) == hipSuccess, "hipLaunchHostFunc");
    check(hipMemsetAsync(dev, 0x5a, N, s) == hipSuccess, "hipMemsetAsync behind it");
    check(hipMemcpyAsync(host, dev, N, hipMemcpyDeviceToHost, s) == hipSuccess,
          "hipMemcpyAsync to pageable memory");
    check(hipLaunchHostFunc(s, host_fn, (void *)2L) == hipSuccess, "hipLaunchHostFunc after it");
    check(hipStreamAddCallback(s, callback, (void *)3L, 0) == hipSuccess, "hipStreamAddCallback");
    check(hipMemsetAsync(dev, 0, N, s) == hipSuccess && hipEventRecord(ev, s) == hipSuccess,
          "GPU work and an event behind them");
    check(hipEventSynchronize(ev) == hipSuccess, "hipEventSynchronize");
    check(hipStreamSynchronize(s) == hipSuccess && hipStreamQuery(s) == hipSuccess,
          "hipStreamSynchronize, hipStreamQuery");
    check(ran == 3 && order[0] == 1 && order[1] == 20 && order[2] == 3,
          "host functions and the callback ran once each, in stream order, after the copy");
    check(host[0] == 0x5a && host[N / 2] == 0x5a && host[N - 1] == 0x5a, "the copy's bytes");
    check(hipEventDestroy(ev) == hipSuccess && hipStreamDestroy(s) == hipSuccess &&
          hipFree(dev) == hipSuccess, "teardown");
    if (failures) {
        printf("baremetal runtime_c: FAIL (%d)\n", failures);
        return 1;
    }
    printf("baremetal runtime_c: PASS\n");
    return 0;
}
