// Memory, as in the HIP samples: device, pinned and managed allocations;
// hipMemcpy and hipMemcpyAsync between every pair of pageable host,
// pinned host, device and managed memory, with the explicit kind and with
// hipMemcpyDefault (the direction inferred from the pointers); 2-D copies
// between pitched buffers; the memset family; pinned memory a kernel
// reads and writes directly; hipMemGetInfo; and the error codes of wrong
// kinds, bad pointers and sizes, bad pitches and bad flags.
//
// Every byte that arrives is checked against the pattern that was sent,
// and the bytes around each destination against what was there before.
#include <hip/hip_runtime.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include <sys/mman.h>

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
        std::printf("  FAILED: %s (last message: %s)\n", what, bh_get_last_error_message());
        ++failures;
    }
}

static void expect_code(hipError_t got, hipError_t want, const char* what)
{
    ++checks;
    if (got != want) {
        std::printf("  FAILED: %s: %s, expected %s\n", what, hipGetErrorName(got),
                    hipGetErrorName(want));
        ++failures;
    }
}

static unsigned char pattern(size_t i, unsigned int seed)
{
    return static_cast<unsigned char>((i * 131u + seed * 17u + (i >> 7)) & 0xff);
}

__global__ void increment_all(int* p, unsigned int n)
{
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += blockDim.x * gridDim.x)
        p[i] += 1;
}

// The four kinds of memory a copy can touch.
enum Where { PAGEABLE, PINNED, DEVICE, MANAGED };
static const char* const where_name[] = {"pageable", "pinned", "device", "managed"};
static const bool is_device_side[] = {false, false, true, true};

constexpr size_t kBytes = 3 * 4096 + 123;   // no multiple of a page
constexpr size_t kGuard = 64;               // checked bytes around each copy

struct Buffer {
    Where where;
    unsigned char* p;   // the allocation; the copy uses p + kGuard
    std::vector<unsigned char> pageable;
};

static void make(Buffer& b, Where w)
{
    const size_t size = kBytes + 2 * kGuard;
    b.where = w;
    switch (w) {
    case PAGEABLE:
        b.pageable.assign(size, 0);
        b.p = b.pageable.data();
        break;
    case PINNED:
        HIP_CHECK(hipHostMalloc(&b.p, size));
        break;
    case DEVICE:
        HIP_CHECK(hipMalloc(&b.p, size));
        break;
    case MANAGED:
        HIP_CHECK(hipMallocManaged(&b.p, size));
        break;
    }
}

static void release(Buffer& b)
{
    if (b.where == PINNED)
        HIP_CHECK(hipHostFree(b.p));
    else if (b.where == DEVICE || b.where == MANAGED)
        HIP_CHECK(hipFree(b.p));
}

// Fill all of @b (guards included) with @seed's pattern, through the host
// for host-visible memory and by a copy for device memory.
static void set(Buffer& b, unsigned int seed)
{
    std::vector<unsigned char> v(kBytes + 2 * kGuard);
    for (size_t i = 0; i < v.size(); i++)
        v[i] = pattern(i, seed);
    if (b.where == DEVICE)
        HIP_CHECK(hipMemcpy(b.p, v.data(), v.size(), hipMemcpyHostToDevice));
    else
        std::memcpy(b.p, v.data(), v.size());
}

static std::vector<unsigned char> get(const Buffer& b)
{
    std::vector<unsigned char> v(kBytes + 2 * kGuard);
    if (b.where == DEVICE)
        HIP_CHECK(hipMemcpy(v.data(), b.p, v.size(), hipMemcpyDeviceToHost));
    else
        std::memcpy(v.data(), b.p, v.size());
    return v;
}

static hipMemcpyKind kind_of(Where dst, Where src)
{
    if (is_device_side[src])
        return is_device_side[dst] ? hipMemcpyDeviceToDevice : hipMemcpyDeviceToHost;
    return is_device_side[dst] ? hipMemcpyHostToDevice : hipMemcpyHostToHost;
}

// Every pair, both kinds (explicit and Default), hipMemcpy and
// hipMemcpyAsync: the copied bytes carry the source's pattern, the guard
// bytes keep the destination's.
static void copy_matrix()
{
    hipStream_t s;
    HIP_CHECK(hipStreamCreate(&s));
    int pairs = 0, wrong = 0;
    for (int d = PAGEABLE; d <= MANAGED; d++)
        for (int sr = PAGEABLE; sr <= MANAGED; sr++)
            for (int async = 0; async < 2; async++)
                for (int deflt = 0; deflt < 2; deflt++) {
                    Buffer dst, src;
                    make(dst, static_cast<Where>(d));
                    make(src, static_cast<Where>(sr));
                    const unsigned int ds = 1 + pairs, ss = 1000 + pairs;
                    set(dst, ds);
                    set(src, ss);
                    const hipMemcpyKind kind =
                        deflt ? hipMemcpyDefault : kind_of(dst.where, src.where);
                    if (async) {
                        HIP_CHECK(hipMemcpyAsync(dst.p + kGuard, src.p + kGuard, kBytes, kind, s));
                        HIP_CHECK(hipStreamSynchronize(s));
                    } else {
                        HIP_CHECK(hipMemcpy(dst.p + kGuard, src.p + kGuard, kBytes, kind));
                    }
                    const std::vector<unsigned char> v = get(dst);
                    bool ok = true;
                    for (size_t i = 0; i < v.size() && ok; i++) {
                        const bool inside = i >= kGuard && i < kGuard + kBytes;
                        ok = v[i] == pattern(i, inside ? ss : ds);
                    }
                    if (!ok) {
                        std::printf("  FAILED: %s %s -> %s, %s\n",
                                    async ? "hipMemcpyAsync" : "hipMemcpy", where_name[sr],
                                    where_name[d], deflt ? "hipMemcpyDefault" : "explicit kind");
                        wrong++;
                    }
                    release(dst);
                    release(src);
                    pairs++;
                }
    ++checks;
    failures += wrong;
    std::printf("  %d copies (4 x 4 memory kinds, sync/async, explicit/Default kind)\n", pairs);
    HIP_CHECK(hipStreamDestroy(s));
}

struct Gate {
    std::atomic<int> open{0};
};

static void wait_at_gate(void* arg)
{
    Gate* g = static_cast<Gate*>(arg);
    while (!g->open.load())
        std::this_thread::sleep_for(std::chrono::microseconds(100));
}

// An asynchronous copy out of pageable memory takes its bytes at the
// call (the source may change right after); one into pageable memory is
// done when the call returns; copies and fills keep stream order.
static void async_semantics()
{
    constexpr unsigned int n = 1000;
    hipStream_t s;
    int* d;
    std::vector<int> src(n, 5), back(n, 0);
    Gate gate;

    HIP_CHECK(hipStreamCreate(&s));
    HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
    HIP_CHECK(hipLaunchHostFunc(s, wait_at_gate, &gate));
    HIP_CHECK(hipMemcpyAsync(d, src.data(), n * sizeof(int), hipMemcpyHostToDevice, s));
    std::fill(src.begin(), src.end(), 6);   // too late for the copy
    increment_all<<<4, 256, 0, s>>>(d, n);  // 5 + 1
    HIP_CHECK(hipMemsetD32Async(d + n / 2, 40, n / 4, s));
    increment_all<<<4, 256, 0, s>>>(d, n);
    expect_code(hipStreamQuery(s), hipErrorNotReady, "copies held behind a host function");
    gate.open = 1;
    HIP_CHECK(hipMemcpyAsync(back.data(), d, n * sizeof(int), hipMemcpyDeviceToHost, s));
    // Into pageable memory: complete on return, no synchronize needed.
    unsigned int wrong = 0;
    for (unsigned int i = 0; i < n; i++) {
        const bool filled = i >= n / 2 && i < n / 2 + n / 4;
        wrong += back[i] != (filled ? 41 : 7);
    }
    expect(wrong == 0, "pageable source staged at the call; copies, fills and kernels in order");
    HIP_CHECK(hipFree(d));
    HIP_CHECK(hipStreamDestroy(s));
}

// 2-D copies: a 700 x 37 block between buffers of different pitches.
static void copies_2d()
{
    constexpr size_t width = 700, height = 37;
    constexpr size_t hpitch = 800, dpitch = 1024, bpitch = 750;
    std::vector<unsigned char> host(hpitch * height), back(bpitch * height, 0xee);
    unsigned char* dev;
    unsigned char* dev2;
    hipStream_t s;

    for (size_t i = 0; i < host.size(); i++)
        host[i] = pattern(i, 7);
    HIP_CHECK(hipMalloc(&dev, dpitch * height));
    HIP_CHECK(hipMalloc(&dev2, dpitch * height));
    HIP_CHECK(hipMemset(dev, 0xab, dpitch * height));
    HIP_CHECK(hipMemset(dev2, 0xcd, dpitch * height));
    HIP_CHECK(hipStreamCreate(&s));
    HIP_CHECK(hipMemcpy2D(dev, dpitch, host.data(), hpitch, width, height,
                          hipMemcpyHostToDevice));
    HIP_CHECK(hipMemcpy2DAsync(dev2, dpitch, dev, dpitch, width, height,
                               hipMemcpyDeviceToDevice, s));
    HIP_CHECK(hipMemcpy2DAsync(back.data(), bpitch, dev2, dpitch, width, height,
                               hipMemcpyDefault, s));
    HIP_CHECK(hipStreamSynchronize(s));
    unsigned int wrong = 0;
    for (size_t r = 0; r < height; r++)
        for (size_t c = 0; c < bpitch; c++)
            wrong += back[r * bpitch + c] != (c < width ? host[r * hpitch + c] : 0xee);
    expect(wrong == 0, "2-D copies through three pitches");
    // The device's padding bytes were not touched.
    std::vector<unsigned char> whole(dpitch * height);
    HIP_CHECK(hipMemcpy(whole.data(), dev2, whole.size(), hipMemcpyDeviceToHost));
    wrong = 0;
    for (size_t r = 0; r < height; r++)
        for (size_t c = width; c < dpitch; c++)
            wrong += whole[r * dpitch + c] != 0xcd;
    expect(wrong == 0, "2-D copy leaves the pitch padding alone");

    expect_code(hipMemcpy2D(dev, 600, host.data(), hpitch, width, height,
                            hipMemcpyHostToDevice),
                hipErrorInvalidPitchValue, "destination pitch narrower than a row");
    expect_code(hipMemcpy2D(dev, dpitch, host.data(), 500, width, height,
                            hipMemcpyHostToDevice),
                hipErrorInvalidPitchValue, "source pitch narrower than a row");
    expect_code(hipMemcpy2D(dev, dpitch, host.data(), hpitch, 0, height,
                            hipMemcpyHostToDevice),
                hipSuccess, "zero-width 2-D copy");
    expect_code(hipMemcpy2D(dev, dpitch, host.data(), hpitch, width, height + 1,
                            hipMemcpyHostToDevice),
                hipErrorInvalidValue, "2-D copy past the end of the device buffer");
    HIP_CHECK(hipFree(dev));
    HIP_CHECK(hipFree(dev2));
    HIP_CHECK(hipStreamDestroy(s));
}

static void memsets()
{
    constexpr size_t n = 4096;   // bytes
    unsigned char* d;
    std::vector<unsigned char> h(n), want(n);
    hipStream_t s;

    HIP_CHECK(hipMalloc(&d, n));
    HIP_CHECK(hipStreamCreate(&s));
    HIP_CHECK(hipMemset(d, 0x11, n));
    std::memset(want.data(), 0x11, n);
    HIP_CHECK(hipMemsetAsync(d + 1, 0x122, 5, s));   // only the low byte: 0x22
    std::memset(want.data() + 1, 0x22, 5);
    HIP_CHECK(hipMemsetD8(d + 100, 0x33, 7));
    std::memset(want.data() + 100, 0x33, 7);
    HIP_CHECK(hipMemsetD8Async(d + 200, 0x44, 9, s));
    std::memset(want.data() + 200, 0x44, 9);
    HIP_CHECK(hipMemsetD16(d + 302, 0xbeef, 11));
    for (int i = 0; i < 11; i++) {
        const unsigned short v = 0xbeef;
        std::memcpy(want.data() + 302 + 2 * i, &v, 2);
    }
    HIP_CHECK(hipMemsetD16Async(d + 400, 0x1234, 3, s));
    for (int i = 0; i < 3; i++) {
        const unsigned short v = 0x1234;
        std::memcpy(want.data() + 400 + 2 * i, &v, 2);
    }
    HIP_CHECK(hipMemsetD32(d + 1000, static_cast<int>(0xdeadbeef), 13));
    for (int i = 0; i < 13; i++) {
        const unsigned int v = 0xdeadbeef;
        std::memcpy(want.data() + 1000 + 4 * i, &v, 4);
    }
    HIP_CHECK(hipMemsetD32Async(d + 2048, -2, 17, s));
    for (int i = 0; i < 17; i++) {
        const int v = -2;
        std::memcpy(want.data() + 2048 + 4 * i, &v, 4);
    }
    HIP_CHECK(hipStreamSynchronize(s));
    HIP_CHECK(hipMemcpy(h.data(), d, n, hipMemcpyDeviceToHost));
    expect(h == want, "hipMemset, hipMemsetAsync, D8/D16/D32 and their Async forms");

    // Managed and pinned memory can be set too; pageable memory cannot.
    int* m;
    HIP_CHECK(hipMallocManaged(&m, 64 * sizeof(int)));
    HIP_CHECK(hipMemsetD32(m, 9, 64));
    expect(m[0] == 9 && m[63] == 9, "hipMemsetD32 on managed memory");
    HIP_CHECK(hipFree(m));
    std::vector<int> pageable(16);
    expect_code(hipMemset(pageable.data(), 0, 64), hipErrorInvalidValue,
                "hipMemset on pageable host memory");
    expect_code(hipMemset(d + n - 8, 0, 16), hipErrorInvalidValue,
                "hipMemset past the end of the allocation");
    expect_code(hipMemset(nullptr, 0, 16), hipErrorInvalidValue, "hipMemset(NULL)");
    expect_code(hipMemset(d, 0, 0), hipSuccess, "hipMemset of 0 bytes");
    HIP_CHECK(hipFree(d));
    HIP_CHECK(hipStreamDestroy(s));
}

// Pinned memory: the flags, the device pointer, a kernel on it directly.
static void pinned()
{
    constexpr unsigned int n = 3000;
    int* p;
    void* dp = nullptr;
    unsigned int flags = 0;

    HIP_CHECK(hipHostMalloc(&p, n * sizeof(int), hipHostMallocMapped | hipHostMallocWriteCombined));
    HIP_CHECK(hipHostGetFlags(&flags, p + 10));
    expect(flags == (hipHostMallocMapped | hipHostMallocWriteCombined), "hipHostGetFlags");
    HIP_CHECK(hipHostGetDevicePointer(&dp, p, 0));
    for (unsigned int i = 0; i < n; i++)
        p[i] = static_cast<int>(i);
    increment_all<<<8, 128>>>(static_cast<int*>(dp), n);
    HIP_CHECK(hipDeviceSynchronize());
    unsigned int wrong = 0;
    for (unsigned int i = 0; i < n; i++)
        wrong += p[i] != static_cast<int>(i) + 1;
    expect(wrong == 0, "a kernel writes pinned host memory through its device pointer");
    void* dp_mid = nullptr;
    HIP_CHECK(hipHostGetDevicePointer(&dp_mid, p + 100, 0));
    expect(static_cast<char*>(dp_mid) == static_cast<char*>(dp) + 100 * sizeof(int),
           "device pointer of an interior address");
    HIP_CHECK(hipHostFree(p));

    void* q;
    HIP_CHECK(hipHostAlloc(&q, 100, hipHostAllocPortable));
    HIP_CHECK(hipFreeHost(q));
    HIP_CHECK(hipMallocHost(&q, 100));
    HIP_CHECK(hipHostFree(q));
    HIP_CHECK(hipHostMalloc(&q, 100, hipHostMallocCoherent));
    HIP_CHECK(hipHostFree(q));
    q = &flags;
    HIP_CHECK(hipHostMalloc(&q, 0));
    expect(q == nullptr, "hipHostMalloc of 0 bytes gives NULL");
    HIP_CHECK(hipHostFree(nullptr));

    expect_code(hipHostMalloc(&q, 100, hipHostMallocCoherent | hipHostMallocNonCoherent),
                hipErrorInvalidValue, "coherent and non-coherent at once");
    expect_code(hipHostAlloc(&q, 100, hipHostMallocCoherent), hipErrorInvalidValue,
                "hipHostAlloc takes only Portable, Mapped, WriteCombined");
    expect_code(hipHostMalloc(nullptr, 100, 0), hipErrorInvalidValue, "hipHostMalloc(NULL)");
    int* dev;
    HIP_CHECK(hipMalloc(&dev, 64));
    expect_code(hipHostFree(dev), hipErrorInvalidValue, "hipHostFree of device memory");
    expect_code(hipHostGetDevicePointer(&dp, &flags, 0), hipErrorInvalidValue,
                "device pointer of pageable memory");
    expect_code(hipHostGetFlags(&flags, dev), hipErrorInvalidValue,
                "hipHostGetFlags of device memory");
    // Registering existing host memory: a board that can map the program's
    // own pages lets a kernel work on them in place, and says so with
    // hipDeviceAttributeHostRegisterSupported.  The sim board maps them
    // into its address space and the kfd backend uses KFD's userptr, both
    // at the host address; barehip.ko pins them and the kmod backend maps
    // them into the board's GART, at an address of its aperture: there
    // the device pointer (hipHostGetDevicePointer's) is another address,
    // as ROCm's can be, and kernels are given that one.
    int can_register = -1;
    HIP_CHECK(hipDeviceGetAttribute(&can_register, hipDeviceAttributeHostRegisterSupported, 0));
    const char* board = std::getenv("BAREHIP_BOARD");
    const bool sim_board = !board || !*board || !std::strcmp(board, "sim");
    const bool kmod_board = board && !std::strncmp(board, "kmod", 4);
    if (sim_board || kmod_board)
        expect(can_register == 1, "the sim and kmod boards register host memory");
    std::vector<int> v(1024);
    hipError_t reg = hipHostRegister(v.data() + 3, 4000, hipHostRegisterDefault);
    if (can_register) {
        HIP_CHECK(reg);
        int* vd = nullptr;
        HIP_CHECK(hipHostGetDevicePointer(reinterpret_cast<void**>(&vd), v.data() + 3, 0));
        if (sim_board)
            expect(vd == v.data() + 3, "registered memory: the device sees the host address");
        increment_all<<<4, 256>>>(vd, 1000);
        HIP_CHECK(hipDeviceSynchronize());
        expect(v[3] == 1 && v[1002] == 1 && v[2] == 0 && v[1003] == 0,
               "a kernel wrote the registered range in place, nothing around it");
        // Copies see it as host memory the device maps.
        int twos[4] = {2, 2, 2, 2};
        HIP_CHECK(hipMemcpy(vd + 10, twos, sizeof(twos), hipMemcpyHostToDevice));
        expect(v[13] == 2 && v[16] == 2, "hipMemcpy into registered memory");
        hipPointerAttribute_t pa;
        HIP_CHECK(hipPointerGetAttributes(&pa, v.data() + 3));
        expect(pa.type == hipMemoryTypeHost && pa.hostPointer == v.data() + 3 &&
               pa.devicePointer == vd, "attributes of registered memory");
        // As ROCm, a range inside a registered one registers again (it
        // shares the mapping) and is unregistered by its own pointer.
        HIP_CHECK(hipHostRegister(v.data() + 100, 64, 0));
        HIP_CHECK(hipHostUnregister(v.data() + 100));
        expect(v[3] == 1, "the outer registration stays");
        expect_code(hipHostFree(v.data() + 3), hipErrorInvalidValue,
                    "hipHostFree of registered memory");
        expect_code(hipHostUnregister(v.data() + 4), hipErrorHostMemoryNotRegistered,
                    "hipHostUnregister inside a registered range");
        HIP_CHECK(hipHostUnregister(v.data() + 3));
        // The pages are the program's again, and can be registered anew;
        // a kernel works on them again through the new device pointer.
        v[3] = 7;
        HIP_CHECK(hipHostRegister(v.data(), v.size() * sizeof(int), 0));
        HIP_CHECK(hipHostGetDevicePointer(reinterpret_cast<void**>(&vd), v.data(), 0));
        increment_all<<<1, 64>>>(vd + 3, 1);
        HIP_CHECK(hipDeviceSynchronize());
        expect(v[3] == 8, "a kernel writes memory registered a second time");
        HIP_CHECK(hipHostUnregister(v.data()));
        expect(v[3] == 8, "unregistering leaves the memory as it was");

        // A larger malloc'ed range, not page aligned: many pages, which the
        // kmod board finds scattered in RAM (one GART entry per run).
        const size_t big = (3u << 20) / sizeof(int) + 333;
        int* heap = static_cast<int*>(std::malloc((big + 6) * sizeof(int)));
        int* b = heap + 5;
        for (size_t i = 0; i < big + 6; i++)
            heap[i] = -1;
        for (size_t i = 0; i < big; i++)
            b[i] = static_cast<int>(i);
        HIP_CHECK(hipHostRegister(b, big * sizeof(int), 0));
        int* bd = nullptr;
        HIP_CHECK(hipHostGetDevicePointer(reinterpret_cast<void**>(&bd), b, 0));
        increment_all<<<64, 256>>>(bd, static_cast<unsigned>(big));
        HIP_CHECK(hipDeviceSynchronize());
        size_t wrong = 0;
        for (size_t i = 0; i < big; i++)
            wrong += b[i] != static_cast<int>(i) + 1;
        expect(wrong == 0 && b[-1] == -1 && b[big] == -1,
               "a kernel reads and writes every word of 3 MiB of registered malloc memory, "
               "nothing around it");
        HIP_CHECK(hipHostUnregister(b));
        std::free(heap);

        // As ROCm: two ranges that share a page but not a byte are both
        // registered (hip-tests' stream-value tests register two 4-byte
        // words side by side); they share the page's mapping, which stays
        // until the last of them is unregistered, in either order.
        int* page = static_cast<int*>(std::aligned_alloc(4096, 2 * 4096));
        page[0] = page[1] = 0;
        HIP_CHECK(hipHostRegister(page, sizeof(int), 0));
        HIP_CHECK(hipHostRegister(page + 1, sizeof(int), 0));
        // The same word again (hip-tests' hipStreamValue registers a word
        // where an earlier, never unregistered one was): a second
        // registration, unregistered on its own.
        HIP_CHECK(hipHostRegister(page + 1, sizeof(int), 0));
        HIP_CHECK(hipHostUnregister(page + 1));
        expect_code(hipHostRegister(page + 2, 4096, 0), hipErrorHostMemoryAlreadyRegistered,
                    "a range sharing a registered page and reaching the next one");
        int* page_dev = nullptr;
        HIP_CHECK(hipHostGetDevicePointer(reinterpret_cast<void**>(&page_dev), page + 1, 0));
        HIP_CHECK(hipHostUnregister(page));        // the first goes first
        increment_all<<<1, 1>>>(page_dev, 1);      // the page is still mapped
        HIP_CHECK(hipDeviceSynchronize());
        expect(page[1] == 1 && page[0] == 0, "a kernel writes the word still registered");
        HIP_CHECK(hipHostUnregister(page + 1));
        expect_code(hipHostUnregister(page + 1), hipErrorHostMemoryNotRegistered,
                    "unregistering twice");
        // Both gone: the two pages can be registered as one range.
        HIP_CHECK(hipHostRegister(page, 2 * 4096, 0));
        HIP_CHECK(hipHostUnregister(page));

        // The rest of a registered range's last page is other memory of
        // the program's, not the registration's: a copy into it is an
        // ordinary host copy (hip-tests' hipHostRegister_Memcpy copies into
        // a malloc block that starts there).
        HIP_CHECK(hipHostRegister(page, 100 * sizeof(int), 0));
        int* dev_words = nullptr;
        HIP_CHECK(hipMalloc(&dev_words, 1500 * sizeof(int)));
        std::vector<int> nines(1500, 9);
        HIP_CHECK(hipMemcpy(dev_words, nines.data(), 1500 * sizeof(int), hipMemcpyHostToDevice));
        // 1500 words: past the one page the registration maps, into the next.
        HIP_CHECK(hipMemcpy(page + 100, dev_words, 1500 * sizeof(int), hipMemcpyDeviceToHost));
        expect(page[100] == 9 && page[1599] == 9, "a copy into the registered page's other bytes");
        void* outside = nullptr;
        expect_code(hipHostGetDevicePointer(&outside, page + 100, 0), hipErrorInvalidValue,
                    "no device pointer for bytes beside a registration");
        HIP_CHECK(hipHostUnregister(page));
        HIP_CHECK(hipFree(dev_words));
        std::free(page);

        // Memory the process has not mapped is refused (the board would
        // fault on it), as ROCm does.
        void* gone = mmap(nullptr, 3 * 4096, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        munmap(static_cast<char*>(gone) + 4096, 4096);
        expect_code(hipHostRegister(gone, 3 * 4096, 0), hipErrorInvalidValue,
                    "registering a range with an unmapped page");
        munmap(gone, 3 * 4096);
    } else {
        expect_code(reg, hipErrorNotSupported, "hipHostRegister where the board cannot");
    }
    expect_code(hipHostRegister(nullptr, 4096, 0), hipErrorInvalidValue,
                "hipHostRegister(NULL)");
    expect_code(hipHostUnregister(v.data()), hipErrorHostMemoryNotRegistered,
                "hipHostUnregister of memory never registered");
    HIP_CHECK(hipFree(dev));
}

static void info_and_errors()
{
    size_t free0 = 0, total = 0, free1 = 0, free2 = 0;
    hipDeviceProp_t props;
    HIP_CHECK(hipGetDeviceProperties(&props, 0));
    HIP_CHECK(hipMemGetInfo(&free0, &total));
    expect(total == props.totalGlobalMem, "hipMemGetInfo total = totalGlobalMem");
    expect(free0 > 0 && free0 <= total, "some memory is free");
    char* big;
    const size_t size = 64u << 20;
    HIP_CHECK(hipMalloc(&big, size));
    HIP_CHECK(hipMemGetInfo(&free1, nullptr));
    expect(free0 - free1 >= size, "a 64 MiB allocation is no longer free");
    HIP_CHECK(hipFree(big));
    HIP_CHECK(hipMemGetInfo(&free2, nullptr));
    expect(free2 == free0, "and free again after hipFree");

    int *a, *b, h[4] = {};
    HIP_CHECK(hipMalloc(&a, 1024));
    HIP_CHECK(hipMalloc(&b, 1024));
    std::vector<int> host(256), host2(256);
    expect_code(hipMemcpy(host.data(), host2.data(), 64, hipMemcpyHostToDevice),
                hipErrorInvalidValue, "HostToDevice between two host buffers");
    expect_code(hipMemcpy(a, b, 64, hipMemcpyDeviceToHost), hipErrorInvalidValue,
                "DeviceToHost into device memory");
    expect_code(hipMemcpy(a, host.data(), 64, hipMemcpyDeviceToDevice), hipErrorInvalidValue,
                "DeviceToDevice from host memory");
    expect_code(hipMemcpy(a, b, 64, static_cast<hipMemcpyKind>(7)),
                hipErrorInvalidMemcpyDirection, "no such hipMemcpyKind");
    expect_code(hipMemcpyAsync(a, b, 64, static_cast<hipMemcpyKind>(9), 0),
                hipErrorInvalidMemcpyDirection, "no such hipMemcpyKind (async)");
    expect_code(hipMemcpy(nullptr, b, 64, hipMemcpyDefault), hipErrorInvalidValue,
                "copy to NULL");
    expect_code(hipMemcpyAsync(a, nullptr, 64, hipMemcpyDefault, 0), hipErrorInvalidValue,
                "async copy from NULL");
    expect_code(hipMemcpy(h, a + 255, 8, hipMemcpyDeviceToHost), hipErrorInvalidValue,
                "copy past the end of an allocation");
    expect_code(hipMemcpy(a, b, 0, hipMemcpyDeviceToDevice), hipSuccess, "copy of 0 bytes");
    HIP_CHECK(hipMemcpyHtoD(a, host.data(), 16));
    HIP_CHECK(hipMemcpyDtoD(b, a, 16));
    HIP_CHECK(hipMemcpyDtoH(h, b, 16));
    expect(h[0] == 0 && h[3] == 0, "hipMemcpyHtoD/DtoD/DtoH");
    HIP_CHECK(hipFree(a));
    HIP_CHECK(hipFree(b));
    expect_code(hipFree(a), hipErrorInvalidValue, "hipFree twice");
}

int main()
{
    copy_matrix();
    async_semantics();
    copies_2d();
    memsets();
    pinned();
    info_and_errors();
    if (failures) {
        std::printf("memory: %d of %d checks FAILED\n", failures, checks);
        return EXIT_FAILURE;
    }
    std::printf("memory: PASS (%d checks)\n", checks);
    return EXIT_SUCCESS;
}
