// AMD's launch extensions, as ROCm defines them:
//  - hipExtModuleLaunchKernel (hip_ext.h): a hipFunction_t launched with
//    the grid in work-items -- 1000 work-items in blocks of 256 are three
//    whole blocks and a partial one of 232, whose work-items see
//    blockDim.x == 232 -- arguments as kernelParams or as one packed
//    buffer (extra), start and stop events around the kernel, and the
//    refusals (no work-items, unknown flags).  hipHccModuleLaunchKernel,
//    its older name, does the same.
//  - hipExtLaunchMultiKernelMultiDevice (hip_runtime_api.h): a different
//    kernel on each device's stream in one call, with and without the
//    pre- and post-launch synchronisation, and the refusals.  It uses
//    every device there is (make check runs it on three fake gfx90a GPUs
//    too).
//  - hipLaunchCooperativeKernelMultiDevice: a cooperative grid whose
//    blocks meet at grid.sync() and this_multi_grid().sync() on one
//    device; a grid spanning several devices is refused
//    (hipErrorNotSupported), two entries on one device too.
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_ext.h>
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

#define CHECK(call) expect((call) == hipSuccess, #call)

// Each work-item writes its global index and the block size it sees
// (blockDim: ockl's local size, which is the remainder in a partial
// block; @full is the size of a whole one).
__global__ void index_and_size(unsigned* index, unsigned* size, unsigned base, unsigned full)
{
    unsigned i = blockIdx.x * full + threadIdx.x;
    index[i] = base + i;
    size[i] = blockDim.x;
}

__global__ void fill(int* out, int value, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = value;
}

__global__ void square(int* data, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        data[i] *= data[i];
}

static void module_launch()
{
    constexpr unsigned items = 1000, block = 256, room = 1024;
    const unsigned sentinel = 0xdeadbeef;
    unsigned *d_index, *d_size;
    CHECK(hipMalloc(&d_index, room * sizeof(unsigned)));
    CHECK(hipMalloc(&d_size, room * sizeof(unsigned)));
    std::vector<unsigned> fillv(room, sentinel);
    CHECK(hipMemcpy(d_index, fillv.data(), room * sizeof(unsigned), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(d_size, fillv.data(), room * sizeof(unsigned), hipMemcpyHostToDevice));

    hipFunction_t f;
    CHECK(hipGetFuncBySymbol(&f, reinterpret_cast<const void*>(index_and_size)));
    hipStream_t stream;
    CHECK(hipStreamCreate(&stream));
    hipEvent_t start, stop;
    CHECK(hipEventCreate(&start));
    CHECK(hipEventCreate(&stop));

    // kernelParams, with events.
    unsigned base = 7, full = block;
    void* params[] = { &d_index, &d_size, &base, &full };
    CHECK(hipExtModuleLaunchKernel(f, items, 1, 1, block, 1, 1, 0, stream, params, nullptr,
                                   start, stop, 0));
    CHECK(hipEventSynchronize(stop));
    float ms = -1;
    CHECK(hipEventElapsedTime(&ms, start, stop));
    expect(ms >= 0, "the start and stop events time the kernel");

    std::vector<unsigned> index(room), size(room);
    CHECK(hipMemcpy(index.data(), d_index, room * sizeof(unsigned), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(size.data(), d_size, room * sizeof(unsigned), hipMemcpyDeviceToHost));
    bool right = true;
    for (unsigned i = 0; i < room; ++i) {
        unsigned want_index = i < items ? base + i : sentinel;
        unsigned want_size = i < items ? (i < items / block * block ? block : items % block)
                                       : sentinel;
        if (index[i] != want_index || size[i] != want_size) {
            std::printf("  [%u]: index %u size %u, expected %u and %u\n", i, index[i], size[i],
                        want_index, want_size);
            right = false;
            break;
        }
    }
    expect(right, "1000 work-items in blocks of 256: 3 whole blocks, one of 232, none past");

    // extra: the arguments packed as the kernel lays them out; the
    // older name, and the default (no) events.
    struct {
        unsigned* index;
        unsigned* size;
        unsigned base;
        unsigned full;
    } packed = { d_index, d_size, 100, 64 };
    size_t packed_size = sizeof(packed);
    void* extra[] = { HIP_LAUNCH_PARAM_BUFFER_POINTER, &packed, HIP_LAUNCH_PARAM_BUFFER_SIZE,
                      &packed_size, HIP_LAUNCH_PARAM_END };
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
    CHECK(hipHccModuleLaunchKernel(f, 64, 2, 1, 64, 1, 1, 0, stream, nullptr, extra));
#pragma clang diagnostic pop
    CHECK(hipStreamSynchronize(stream));
    CHECK(hipMemcpy(index.data(), d_index, room * sizeof(unsigned), hipMemcpyDeviceToHost));
    expect(index[0] == 100 && index[63] == 163, "extra's packed arguments, 64 x 2 work-items");

    // 2-D work sizes not divided by the block in either dimension.
    full = 4;
    CHECK(hipExtModuleLaunchKernel(f, 10, 3, 1, 4, 2, 1, 0, stream, params, nullptr));
    CHECK(hipStreamSynchronize(stream));
    CHECK(hipMemcpy(size.data(), d_size, room * sizeof(unsigned), hipMemcpyDeviceToHost));
    // blockDim.x is 4 in blocks 0-1 and 2 in block 2 (x = 8, 9).
    expect(size[0] == 4 && size[8] == 2, "a partial block in x sees blockDim.x 2");

    expect(hipExtModuleLaunchKernel(f, 0, 1, 1, 64, 1, 1, 0, stream, params, nullptr) ==
               hipErrorInvalidValue,
           "no work-items: hipErrorInvalidValue");
    expect(hipExtModuleLaunchKernel(f, 64, 1, 1, 64, 1, 1, 0, stream, params, nullptr, nullptr,
                                    nullptr, 0x80) == hipErrorInvalidValue,
           "unknown flags: hipErrorInvalidValue");
    CHECK(hipExtModuleLaunchKernel(f, 64, 1, 1, 64, 1, 1, 0, stream, params, nullptr, nullptr,
                                   nullptr, hipExtAnyOrderLaunch));
    CHECK(hipStreamSynchronize(stream));

    CHECK(hipEventDestroy(start));
    CHECK(hipEventDestroy(stop));
    CHECK(hipStreamDestroy(stream));
    CHECK(hipFree(d_index));
    CHECK(hipFree(d_size));
}

static void multi_device()
{
    int count = 0;
    CHECK(hipGetDeviceCount(&count));
    constexpr int n = 4096;
    std::vector<hipStream_t> streams(count);
    std::vector<int*> data(count);
    std::vector<hipLaunchParams> list(count);
    std::vector<int> value(count);
    std::vector<void*> args(3 * count);
    for (int d = 0; d < count; ++d) {
        CHECK(hipSetDevice(d));
        CHECK(hipStreamCreate(&streams[d]));
        CHECK(hipMalloc(&data[d], n * sizeof(int)));
        value[d] = 10 + d;
    }
    // Device d fills its buffer with 10 + d ...
    int count_n = n;
    for (int d = 0; d < count; ++d) {
        args[3 * d] = &data[d];
        args[3 * d + 1] = &value[d];
        args[3 * d + 2] = &count_n;
        list[d] = { reinterpret_cast<void*>(fill), dim3(n / 256), dim3(256), &args[3 * d], 0,
                    streams[d] };
    }
    CHECK(hipSetDevice(0));
    CHECK(hipExtLaunchMultiKernelMultiDevice(list.data(), count, 0));
    // ... then squares it: another kernel per device, no synchronisation
    // asked for (each stream still runs in order).
    for (int d = 0; d < count; ++d) {
        args[3 * d] = &data[d];
        args[3 * d + 1] = &count_n;
        list[d].func = reinterpret_cast<void*>(square);
    }
    CHECK(hipExtLaunchMultiKernelMultiDevice(
        list.data(), count,
        hipCooperativeLaunchMultiDeviceNoPreSync | hipCooperativeLaunchMultiDeviceNoPostSync));
    int current = -1;
    CHECK(hipGetDevice(&current));
    expect(current == 0, "the current device is kept");
    for (int d = 0; d < count; ++d) {
        CHECK(hipStreamSynchronize(streams[d]));
        std::vector<int> host(n);
        CHECK(hipMemcpy(host.data(), data[d], n * sizeof(int), hipMemcpyDeviceToHost));
        bool right = true;
        for (int i = 0; i < n; ++i)
            right = right && host[i] == value[d] * value[d];
        char what[96];
        std::snprintf(what, sizeof(what), "device %d of %d ran its kernels: %d", d, count,
                      host[0]);
        expect(right, what);
    }

    expect(hipExtLaunchMultiKernelMultiDevice(nullptr, 1, 0) == hipErrorInvalidValue,
           "no list: hipErrorInvalidValue");
    expect(hipExtLaunchMultiKernelMultiDevice(list.data(), 0, 0) == hipErrorInvalidValue,
           "no devices: hipErrorInvalidValue");
    expect(hipExtLaunchMultiKernelMultiDevice(list.data(), count + 1, 0) ==
               hipErrorInvalidValue,
           "more devices than there are: hipErrorInvalidValue");
    expect(hipExtLaunchMultiKernelMultiDevice(list.data(), count, 0x10) == hipErrorInvalidValue,
           "unknown flags: hipErrorInvalidValue");
    int not_a_kernel;
    list[count - 1].func = &not_a_kernel;
    expect(hipExtLaunchMultiKernelMultiDevice(list.data(), count, 0) ==
               hipErrorInvalidDeviceFunction,
           "an entry that is no kernel: hipErrorInvalidDeviceFunction");

    for (int d = 0; d < count; ++d) {
        CHECK(hipSetDevice(d));
        CHECK(hipStreamDestroy(streams[d]));
        CHECK(hipFree(data[d]));
    }
    CHECK(hipSetDevice(0));
    std::printf("hipExtLaunchMultiKernelMultiDevice on %d device%s\n", count,
                count == 1 ? "" : "s");
}

// Block b writes its number, the grid meets, then block b reads block
// b + 1's (which a plain launch could not promise is written yet), and
// the multi-grid meets too.
__global__ void neighbours(int* slot, int* seen, int* grids)
{
    namespace cg = cooperative_groups;
    cg::grid_group grid = cg::this_grid();
    cg::multi_grid_group all = cg::this_multi_grid();
    if (threadIdx.x == 0)
        slot[blockIdx.x] = static_cast<int>(blockIdx.x) + 1;
    grid.sync();
    if (threadIdx.x == 0)
        seen[blockIdx.x] = slot[(blockIdx.x + 1) % gridDim.x];
    all.sync();
    if (blockIdx.x == 0 && threadIdx.x == 0)
        *grids = static_cast<int>(all.num_grids()) * 100 + static_cast<int>(all.grid_rank());
}

static void cooperative_multi_device()
{
    int count = 0;
    CHECK(hipGetDeviceCount(&count));
    CHECK(hipSetDevice(0));
    const int blocks = 8;
    int *slot, *seen, *grids;
    CHECK(hipMalloc(&slot, blocks * sizeof(int)));
    CHECK(hipMalloc(&seen, blocks * sizeof(int)));
    CHECK(hipMalloc(&grids, sizeof(int)));
    CHECK(hipMemset(seen, 0, blocks * sizeof(int)));
    hipStream_t stream;
    CHECK(hipStreamCreate(&stream));
    void* args[] = { &slot, &seen, &grids };
    hipLaunchParams one = { reinterpret_cast<void*>(neighbours), dim3(blocks), dim3(64), args, 0,
                            stream };
    CHECK(hipLaunchCooperativeKernelMultiDevice(&one, 1, 0));
    CHECK(hipStreamSynchronize(stream));
    int host[blocks], g = -1;
    CHECK(hipMemcpy(host, seen, sizeof(host), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(&g, grids, sizeof(g), hipMemcpyDeviceToHost));
    for (int b = 0; b < blocks; ++b)
        expect(host[b] == (b + 1) % blocks + 1, "a block sees its neighbour after grid.sync()");
    expect(g == 100, "this_multi_grid(): one grid, rank 0");

    expect(hipLaunchCooperativeKernelMultiDevice(nullptr, 1, 0) == hipErrorInvalidValue,
           "cooperative, no list: hipErrorInvalidValue");
    expect(hipLaunchCooperativeKernelMultiDevice(&one, 1, 0x8) == hipErrorInvalidValue,
           "cooperative, unknown flags: hipErrorInvalidValue");
    // More blocks than can be resident at once: a cooperative launch
    // refuses what could never meet at grid.sync().
    hipLaunchParams huge = one;
    huge.gridDim = dim3(1u << 20);
    expect(hipLaunchCooperativeKernelMultiDevice(&huge, 1, 0) != hipSuccess,
           "cooperative, more blocks than fit at once: refused");
    if (count > 1) {
        std::vector<hipLaunchParams> two(2, one);
        expect(hipLaunchCooperativeKernelMultiDevice(two.data(), 2, 0) == hipErrorInvalidDevice,
               "two entries on one device: hipErrorInvalidDevice");
        hipStream_t other;
        CHECK(hipSetDevice(1));
        CHECK(hipStreamCreate(&other));
        two[1].stream = other;
        expect(hipLaunchCooperativeKernelMultiDevice(two.data(), 2, 0) == hipErrorNotSupported,
               "a cooperative grid over two devices: hipErrorNotSupported");
        CHECK(hipStreamDestroy(other));
        CHECK(hipSetDevice(0));
    }
    int multi = -1;
    CHECK(hipDeviceGetAttribute(&multi, hipDeviceAttributeCooperativeMultiDeviceLaunch, 0));
    expect(multi == 0, "hipDeviceAttributeCooperativeMultiDeviceLaunch is 0");
    hipGetLastError();
    CHECK(hipStreamDestroy(stream));
    CHECK(hipFree(slot));
    CHECK(hipFree(seen));
    CHECK(hipFree(grids));
    std::printf("hipLaunchCooperativeKernelMultiDevice on one of %d device%s\n", count,
                count == 1 ? "" : "s");
}

int main()
{
    module_launch();
    multi_device();
    cooperative_multi_device();
    if (failures) {
        std::printf("ext_launch: %d failures\n", failures);
        return 1;
    }
    std::printf("ext_launch: PASS\n");
    return 0;
}
