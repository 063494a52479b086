// A 3-D volume in pitched memory, as stencil and imaging codes use it:
// hipMalloc3D gives rows of a 256-byte pitch, ysize rows to a slice;
// hipMemcpy3D moves boxes between host volumes and device volumes at any
// position (both directions, device to device, and on a stream with a
// pageable source the caller reuses at once); a kernel walks the volume
// by pitch and slice through the hipPitchedPtr it is given; hipMemset3D
// fills a sub-box.  Every expectation is computed on the host from the
// same index arithmetic; the bytes outside each box must stay as they
// were.  Bad boxes (past the allocation, rows wider than the pitch,
// slices that overlap, a bogus array) are refused before anything moves.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>
#include <vector>

static int failures, checks;

static void expect(bool ok, const char* what)
{
    checks++;
    if (!ok && failures++ < 20)
        std::printf("FAIL: %s\n", what);
}

// Each byte of the box at the pitched pointer gets its z * 16 + y + 1 added.
__global__ void add_coords(hipPitchedPtr v, hipExtent e)
{
    size_t x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y, z = blockIdx.z;
    if (x >= e.width || y >= e.height || z >= e.depth)
        return;
    unsigned char* slice = (unsigned char*)v.ptr + z * v.pitch * v.ysize;
    slice[y * v.pitch + x] += (unsigned char)(z * 16 + y + 1);
}

// The host's own model of a pitched volume.
struct Volume {
    size_t pitch, ysize, depth;
    std::vector<unsigned char> bytes;
    Volume(size_t p, size_t ys, size_t d) : pitch(p), ysize(ys), depth(d), bytes(p * ys * d) {}
    unsigned char& at(size_t x, size_t y, size_t z) { return bytes[z * pitch * ysize + y * pitch + x]; }
};

static bool same(const std::vector<unsigned char>& a, const std::vector<unsigned char>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size()) == 0;
}

int main()
{
    const hipExtent vol = make_hipExtent(100, 7, 5);   // bytes x rows x slices
    hipPitchedPtr d{};
    expect(hipMalloc3D(&d, vol) == hipSuccess, "hipMalloc3D");
    expect(d.ptr && d.pitch == 256 && d.xsize == 100 && d.ysize == 7,
           "pitch rounded up to 256, xsize and ysize as asked");

    // Fill the whole device volume from a host volume of the same shape.
    Volume ref(d.pitch, d.ysize, vol.depth);
    for (size_t i = 0; i < ref.bytes.size(); i++)
        ref.bytes[i] = (unsigned char)(i * 7 + 3);
    expect(hipMemcpy(d.ptr, ref.bytes.data(), ref.bytes.size(), hipMemcpyHostToDevice) ==
               hipSuccess, "initial fill");

    // A packed host box of 60 x 4 x 3 into the device volume at (8, 1, 1).
    const hipExtent bx = make_hipExtent(60, 4, 3);
    std::vector<unsigned char> packed(bx.width * bx.height * bx.depth);
    for (size_t i = 0; i < packed.size(); i++)
        packed[i] = (unsigned char)(200 - i);
    hipMemcpy3DParms p{};
    p.srcPtr = make_hipPitchedPtr(packed.data(), bx.width, bx.width, bx.height);
    p.dstPtr = d;
    p.dstPos = make_hipPos(8, 1, 1);
    p.extent = bx;
    p.kind = hipMemcpyHostToDevice;
    expect(hipMemcpy3D(&p) == hipSuccess, "hipMemcpy3D host to device box");
    for (size_t z = 0; z < bx.depth; z++)
        for (size_t y = 0; y < bx.height; y++)
            for (size_t x = 0; x < bx.width; x++)
                ref.at(8 + x, 1 + y, 1 + z) = packed[(z * bx.height + y) * bx.width + x];

    // The kernel adds each byte's coordinates over the whole volume.
    add_coords<<<dim3(2, vol.height, vol.depth), 64>>>(d, vol);
    expect(hipDeviceSynchronize() == hipSuccess, "kernel on the pitched volume");
    for (size_t z = 0; z < vol.depth; z++)
        for (size_t y = 0; y < vol.height; y++)
            for (size_t x = 0; x < vol.width; x++)
                ref.at(x, y, z) += (unsigned char)(z * 16 + y + 1);

    std::vector<unsigned char> back(ref.bytes.size());
    expect(hipMemcpy(back.data(), d.ptr, back.size(), hipMemcpyDeviceToHost) == hipSuccess,
           "copy back");
    expect(same(back, ref.bytes), "box placed by pitch and slice, kernel walked the same layout, "
                                  "padding bytes untouched");

    // A box back out: (20, 2, 0) of 30 x 5 x 4 into a host volume of another shape.
    Volume host(64, 9, 6);
    std::memset(host.bytes.data(), 0x5a, host.bytes.size());
    Volume want = host;
    p = hipMemcpy3DParms{};
    p.srcPtr = d;
    p.srcPos = make_hipPos(20, 2, 0);
    p.dstPtr = make_hipPitchedPtr(host.bytes.data(), host.pitch, 30, host.ysize);
    p.dstPos = make_hipPos(3, 4, 2);
    p.extent = make_hipExtent(30, 5, 4);
    p.kind = hipMemcpyDeviceToHost;
    expect(hipMemcpy3D(&p) == hipSuccess, "hipMemcpy3D device to host box");
    for (size_t z = 0; z < 4; z++)
        for (size_t y = 0; y < 5; y++)
            for (size_t x = 0; x < 30; x++)
                want.at(3 + x, 4 + y, 2 + z) = ref.at(20 + x, 2 + y, z);
    expect(same(host.bytes, want.bytes), "device to host box at a position in another pitch");

    // Device to device, into a volume of a different width (pitch 512).
    hipPitchedPtr d2{};
    expect(hipMalloc3D(&d2, make_hipExtent(300, 3, 2)) == hipSuccess && d2.pitch == 512,
           "a second volume, pitch 512");
    expect(hipMemset(d2.ptr, 0, d2.pitch * 3 * 2) == hipSuccess, "clear it");
    p = hipMemcpy3DParms{};
    p.srcPtr = d;
    p.srcPos = make_hipPos(0, 4, 3);
    p.dstPtr = d2;
    p.dstPos = make_hipPos(200, 1, 0);
    p.extent = make_hipExtent(100, 2, 2);
    p.kind = hipMemcpyDeviceToDevice;
    expect(hipMemcpy3D(&p) == hipSuccess, "hipMemcpy3D device to device");
    Volume v2(512, 3, 2);
    for (size_t z = 0; z < 2; z++)
        for (size_t y = 0; y < 2; y++)
            for (size_t x = 0; x < 100; x++)
                v2.at(200 + x, 1 + y, z) = ref.at(x, 4 + y, 3 + z);
    std::vector<unsigned char> got2(v2.bytes.size());
    expect(hipMemcpy(got2.data(), d2.ptr, got2.size(), hipMemcpyDeviceToHost) == hipSuccess,
           "copy back");
    expect(same(got2, v2.bytes), "device to device box between pitches");

    // On a stream, from pageable memory reused as soon as the call returns.
    hipStream_t s;
    expect(hipStreamCreate(&s) == hipSuccess, "stream");
    std::vector<unsigned char> src(16 * 2 * 2, 0x11);
    p = hipMemcpy3DParms{};
    p.srcPtr = make_hipPitchedPtr(src.data(), 16, 16, 2);
    p.dstPtr = d;
    p.dstPos = make_hipPos(50, 5, 3);
    p.extent = make_hipExtent(16, 2, 2);
    p.kind = hipMemcpyHostToDevice;
    expect(hipMemcpy3DAsync(&p, s) == hipSuccess, "hipMemcpy3DAsync");
    std::memset(src.data(), 0x99, src.size());   // the copy took its own staging
    for (size_t z = 0; z < 2; z++)
        for (size_t y = 0; y < 2; y++)
            for (size_t x = 0; x < 16; x++)
                ref.at(50 + x, 5 + y, 3 + z) = 0x11;
    // hipMemset3DAsync on the same stream, after the copy: a sub-box of 0xC3.
    hipExtent fe = make_hipExtent(40, 3, 2);
    hipPitchedPtr at = d;
    at.ptr = (unsigned char*)d.ptr + 2 * d.pitch * d.ysize + 1 * d.pitch + 30;   // (30, 1, 2)
    expect(hipMemset3DAsync(at, 0xC3, fe, s) == hipSuccess, "hipMemset3DAsync");
    for (size_t z = 0; z < 2; z++)
        for (size_t y = 0; y < 3; y++)
            for (size_t x = 0; x < 40; x++)
                ref.at(30 + x, 1 + y, 2 + z) = 0xC3;
    expect(hipStreamSynchronize(s) == hipSuccess, "stream done");
    expect(hipMemcpy(back.data(), d.ptr, back.size(), hipMemcpyDeviceToHost) == hipSuccess,
           "copy back");
    expect(same(back, ref.bytes), "async box (from staging) then async fill, in stream order");

    // hipMemset3D of a whole-plane extent (width == pitch, height == ysize): one fill.
    hipPitchedPtr whole = d2;
    whole.ysize = 3;
    expect(hipMemset3D(whole, 0x42, make_hipExtent(512, 3, 2)) == hipSuccess, "whole fill");
    std::vector<unsigned char> all(512 * 3 * 2);
    expect(hipMemcpy(all.data(), d2.ptr, all.size(), hipMemcpyDeviceToHost) == hipSuccess &&
               std::vector<unsigned char>(all.size(), 0x42) == all, "hipMemset3D of whole slices");

    // --- refusals, each before a byte moves
    std::vector<unsigned char> before(ref.bytes);
    p = hipMemcpy3DParms{};
    p.srcPtr = make_hipPitchedPtr(packed.data(), bx.width, bx.width, bx.height);
    p.dstPtr = d;
    p.extent = bx;
    p.kind = hipMemcpyHostToDevice;
    p.dstPos = make_hipPos(8, 1, 3);   // slices 3..5 of 5: past the allocation
    expect(hipMemcpy3D(&p) == hipErrorInvalidValue, "a box past the allocation is refused");
    p.dstPos = make_hipPos(200, 0, 0);   // x 200 + 60 > pitch 256
    expect(hipMemcpy3D(&p) == hipErrorInvalidPitchValue, "rows past the pitch are refused");
    p.dstPos = make_hipPos(0, 5, 0);   // rows 5..8 of a 7-row slice, 3 slices
    expect(hipMemcpy3D(&p) == hipErrorInvalidValue, "rows past ysize (overlapping slices)");
    p.dstPos = make_hipPos(0, 0, (size_t)1 << 62);
    expect(hipMemcpy3D(&p) == hipErrorInvalidValue, "a position that overflows");
    p.dstPos = make_hipPos(0, 0, 0);
    hipPitchedPtr keep = p.dstPtr;
    p.dstPtr = hipPitchedPtr{};
    p.dstArray = reinterpret_cast<hipArray_t>(&p);   // not an array barehip made
    expect(hipMemcpy3D(&p) == hipErrorInvalidHandle, "a bogus array handle, said so");
    p.dstArray = nullptr;
    p.dstPtr = keep;
    p.kind = hipMemcpyDeviceToHost;   // the kind contradicts the pointers
    expect(hipMemcpy3D(&p) == hipErrorInvalidValue, "a kind the pointers contradict");
    p.kind = (hipMemcpyKind)17;
    expect(hipMemcpy3D(&p) == hipErrorInvalidMemcpyDirection, "a bad kind");
    expect(hipMemcpy3D(nullptr) == hipErrorInvalidValue, "no parameters");
    p.kind = hipMemcpyHostToDevice;
    p.extent = make_hipExtent(0, 4, 3);
    expect(hipMemcpy3D(&p) == hipSuccess, "an empty extent copies nothing");
    expect(hipMemset3D(d, 1, make_hipExtent(100, 7, 6)) == hipErrorInvalidValue,
           "a fill past the allocation is refused");
    expect(hipMemset3D(d, 1, make_hipExtent(257, 1, 1)) == hipErrorInvalidValue,
           "a fill wider than the pitch is refused (hipErrorInvalidValue, as ROCm)");
    hipPitchedPtr none{};
    expect(hipMemset3D(none, 1, make_hipExtent(1, 1, 1)) == hipErrorInvalidValue,
           "a fill of a null pointer is refused");
    expect(hipMalloc3D(nullptr, vol) == hipErrorInvalidValue, "hipMalloc3D(NULL)");
    hipPitchedPtr huge{};
    // A row that overflows is a bad value; rows or slices beyond memory
    // are out of memory (ROCm's codes).
    expect(hipMalloc3D(&huge, make_hipExtent(SIZE_MAX - 8, 1, 1)) == hipErrorInvalidValue &&
               !huge.ptr, "a row that overflows is refused");
    expect(hipMalloc3D(&huge, make_hipExtent(SIZE_MAX / 2, 4, 4)) == hipErrorOutOfMemory &&
               !huge.ptr, "an extent that overflows is out of memory");
    expect(hipMalloc3D(&huge, make_hipExtent(1, 1, SIZE_MAX)) == hipErrorOutOfMemory &&
               !huge.ptr, "SIZE_MAX slices are out of memory");
    expect(hipMemcpy(back.data(), d.ptr, back.size(), hipMemcpyDeviceToHost) == hipSuccess,
           "copy back");
    expect(same(back, before), "nothing moved by any refused call");
    (void)hipGetLastError();

    expect(hipStreamDestroy(s) == hipSuccess && hipFree(d.ptr) == hipSuccess &&
               hipFree(d2.ptr) == hipSuccess, "clean up");
    if (failures) {
        std::printf("memory3d: FAIL (%d of %d checks)\n", failures, checks);
        return 1;
    }
    std::printf("memory3d: PASS (%d checks)\n", checks);
    return 0;
}
