// HIP arrays as image and volume codes use them: for several texel
// formats and every shape (1-D, 2-D, 3-D, layered 1-D and 2-D, cubemaps)
// an array is made, described back (hipArrayGetInfo, the descriptors,
// hipGetChannelDesc) and filled and read through every copy that names
// an array: hipMemcpy3D(Async) with texel positions, the 2-D copies with
// byte offsets, the 1-D ones through the rows one after another, array to
// array, device to array, and the driver-style forms.  The host keeps its
// own packed model of each array (rows of width * bytes-per-texel, rows
// then slices) and every read-back must equal it.  Then every refusal:
// NULL pointers, bad formats, 3 channels, oversize, bad flags, copies out
// of the array, a bad kind, a freed array (hipErrorInvalidHandle; freed
// again: hipErrorContextIsDestroyed, ROCm's), and
// several threads making, copying and freeing arrays at once.
#include <hip/hip_runtime.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

static int failures, checks;

static void expect(bool ok, const char* what)
{
    checks++;
    if (!ok && failures++ < 30)
        std::printf("FAIL: %s\n", what);
}

#define EXPECT_CODE(call, code) expect((call) == (code), #call " -> " #code)

// A texel format: its channel desc and its driver form.
struct Format {
    const char* name;
    hipChannelFormatDesc desc;
    hipArray_Format drv;
    unsigned channels;
    size_t bpe;   // bytes per texel
};

static const Format formats[] = {
    {"uchar", hipCreateChannelDesc<unsigned char>(), HIP_AD_FORMAT_UNSIGNED_INT8, 1, 1},
    {"uchar2", hipCreateChannelDesc<uchar2>(), HIP_AD_FORMAT_UNSIGNED_INT8, 2, 2},
    {"uchar4", hipCreateChannelDesc<uchar4>(), HIP_AD_FORMAT_UNSIGNED_INT8, 4, 4},
    {"short", hipCreateChannelDesc<short>(), HIP_AD_FORMAT_SIGNED_INT16, 1, 2},
    {"ushort2", hipCreateChannelDesc<ushort2>(), HIP_AD_FORMAT_UNSIGNED_INT16, 2, 4},
    {"int", hipCreateChannelDesc<int>(), HIP_AD_FORMAT_SIGNED_INT32, 1, 4},
    {"uint4", hipCreateChannelDesc<uint4>(), HIP_AD_FORMAT_UNSIGNED_INT32, 4, 16},
    {"float", hipCreateChannelDesc<float>(), HIP_AD_FORMAT_FLOAT, 1, 4},
    {"float2", hipCreateChannelDesc<float2>(), HIP_AD_FORMAT_FLOAT, 2, 8},
    {"float4", hipCreateChannelDesc<float4>(), HIP_AD_FORMAT_FLOAT, 4, 16},
    {"half", hipCreateChannelDescHalf(), HIP_AD_FORMAT_HALF, 1, 2},
};

// A shape: the extent as hipMalloc3DArray takes it, and its flags.
struct Shape {
    const char* name;
    hipExtent extent;
    unsigned flags;
};

static const Shape shapes[] = {
    {"1D", {100, 0, 0}, hipArrayDefault},
    {"2D", {37, 5, 0}, hipArrayDefault},
    {"3D", {21, 4, 3}, hipArrayDefault},
    {"1D layered", {50, 0, 4}, hipArrayLayered},
    {"2D layered", {19, 6, 3}, hipArrayLayered},
    {"cubemap", {8, 8, 6}, hipArrayCubemap},
    {"cubemap layered", {4, 4, 12}, hipArrayCubemap | hipArrayLayered},
};

static unsigned char pattern(size_t i, int seed)
{
    return (unsigned char)(i * 31 + seed * 7 + (i >> 8) + 1);
}

// The host's model of an array: packed rows of width * bpe bytes, `rows`
// to a slice; row r of the whole array (any slice) at r * row bytes.
struct Model {
    size_t row, rows, slices;
    std::vector<unsigned char> bytes;
    Model(const Format& f, const Shape& s)
        : row(s.extent.width * f.bpe), rows(s.extent.height ? s.extent.height : 1),
          slices(s.extent.depth ? s.extent.depth : 1), bytes(row * rows * slices) {}
    size_t at(size_t x, size_t y, size_t z) const { return (z * rows + y) * row + x; }
};

static char what[256];
static const char* say(const Format& f, const Shape& s, const char* step)
{
    std::snprintf(what, sizeof(what), "%s %s: %s", f.name, s.name, step);
    return what;
}

// The whole array back through hipMemcpy3D into a packed host volume.
static bool whole(hipArray_t a, const Model& m, size_t bpe, std::vector<unsigned char>& out)
{
    out.assign(m.bytes.size(), 0xEE);
    hipMemcpy3DParms p{};
    p.srcArray = a;
    p.dstPtr = make_hipPitchedPtr(out.data(), m.row, m.row, m.rows);
    p.extent = make_hipExtent(m.row / bpe, m.rows, m.slices);   // texels, rows, slices
    p.kind = hipMemcpyDeviceToHost;
    return hipMemcpy3D(&p) == hipSuccess && out == m.bytes;
}

static void describe(const Format& f, const Shape& s, hipArray_t a)
{
    hipChannelFormatDesc d{};
    hipExtent e{};
    unsigned flags = 99;
    expect(hipArrayGetInfo(&d, &e, &flags, a) == hipSuccess, say(f, s, "hipArrayGetInfo"));
    expect(d.x == f.desc.x && d.y == f.desc.y && d.z == f.desc.z && d.w == f.desc.w &&
               d.f == f.desc.f, say(f, s, "hipArrayGetInfo desc"));
    expect(e.width == s.extent.width && e.height == s.extent.height &&
               e.depth == s.extent.depth, say(f, s, "hipArrayGetInfo extent"));
    expect(flags == s.flags, say(f, s, "hipArrayGetInfo flags"));
    expect(hipArrayGetInfo(nullptr, nullptr, nullptr, a) == hipSuccess,
           say(f, s, "hipArrayGetInfo, nothing asked"));
    hipChannelFormatDesc c{};
    expect(hipGetChannelDesc(&c, a) == hipSuccess && c.x == f.desc.x && c.w == f.desc.w &&
               c.f == f.desc.f, say(f, s, "hipGetChannelDesc"));
    HIP_ARRAY3D_DESCRIPTOR d3{};
    expect(hipArray3DGetDescriptor(&d3, a) == hipSuccess && d3.Width == s.extent.width &&
               d3.Height == s.extent.height && d3.Depth == s.extent.depth &&
               d3.Format == f.drv && d3.NumChannels == f.channels && d3.Flags == s.flags,
           say(f, s, "hipArray3DGetDescriptor"));
    HIP_ARRAY_DESCRIPTOR d2{};
    expect(hipArrayGetDescriptor(&d2, a) == hipSuccess && d2.Width == s.extent.width &&
               d2.Height == s.extent.height && d2.Format == f.drv &&
               d2.NumChannels == f.channels, say(f, s, "hipArrayGetDescriptor"));
}

// Every copy into and out of one array of format f and shape s.
static void exercise(const Format& f, const Shape& s, hipStream_t stream)
{
    hipArray_t a = nullptr, b = nullptr;
    if (hipMalloc3DArray(&a, &f.desc, s.extent, s.flags) != hipSuccess || !a) {
        expect(false, say(f, s, "hipMalloc3DArray"));
        return;
    }
    describe(f, s, a);
    Model m(f, s);
    std::vector<unsigned char> back;

    // 1. The whole array from a packed host volume (hipMemcpy3D, texels).
    for (size_t i = 0; i < m.bytes.size(); i++)
        m.bytes[i] = pattern(i, 1);
    hipMemcpy3DParms p{};
    p.srcPtr = make_hipPitchedPtr(m.bytes.data(), m.row, m.row, m.rows);
    p.dstArray = a;
    p.extent = make_hipExtent(s.extent.width, m.rows, m.slices);
    p.kind = hipMemcpyHostToDevice;
    expect(hipMemcpy3D(&p) == hipSuccess, say(f, s, "hipMemcpy3D host to array, whole"));
    expect(whole(a, m, f.bpe, back), say(f, s, "read back after the whole fill"));

    // 2. A box at a texel position, from a pitched host volume.
    const size_t x0 = s.extent.width > 2 ? 1 : 0, y0 = m.rows > 2 ? 1 : 0,
                 z0 = m.slices > 1 ? 1 : 0;
    const size_t bw = s.extent.width - x0 - (s.extent.width > 3 ? 1 : 0), bh = m.rows - y0,
                 bd = m.slices - z0;
    const size_t spitch = bw * f.bpe + 24;
    std::vector<unsigned char> box(spitch * bh * bd);
    for (size_t i = 0; i < box.size(); i++)
        box[i] = pattern(i, 2);
    p = hipMemcpy3DParms{};
    p.srcPtr = make_hipPitchedPtr(box.data(), spitch, bw * f.bpe, bh);
    p.dstArray = a;
    p.dstPos = make_hipPos(x0, y0, z0);
    p.extent = make_hipExtent(bw, bh, bd);
    p.kind = hipMemcpyHostToDevice;
    expect(hipMemcpy3DAsync(&p, stream) == hipSuccess && hipStreamSynchronize(stream) == hipSuccess,
           say(f, s, "hipMemcpy3DAsync host box to array"));
    for (size_t z = 0; z < bd; z++)
        for (size_t y = 0; y < bh; y++)
            std::memcpy(&m.bytes[m.at(x0 * f.bpe, y0 + y, z0 + z)], &box[(z * bh + y) * spitch],
                        bw * f.bpe);
    expect(whole(a, m, f.bpe, back), say(f, s, "read back after the 3-D box"));

    // 3. hipMemcpy2DToArray at a byte offset, rows of the first slice (a
    //    1-D layered array's rows are its layers).
    const size_t rows2d = m.rows == 1 ? m.slices : m.rows;
    const size_t wo = f.bpe, ho = rows2d > 1 ? 1 : 0, w2 = m.row - 2 * f.bpe, h2 = rows2d - ho;
    std::vector<unsigned char> flat(w2 * h2 + 64);
    for (size_t i = 0; i < flat.size(); i++)
        flat[i] = pattern(i, 3);
    expect(hipMemcpy2DToArray(a, wo, ho, flat.data(), w2, w2, h2, hipMemcpyHostToDevice) ==
               hipSuccess, say(f, s, "hipMemcpy2DToArray"));
    for (size_t y = 0; y < h2; y++)
        std::memcpy(&m.bytes[(ho + y) * m.row + wo], &flat[y * w2], w2);
    expect(whole(a, m, f.bpe, back), say(f, s, "read back after hipMemcpy2DToArray"));

    // 4. hipMemcpy2DFromArray of the same rectangle into a pitched buffer.
    std::vector<unsigned char> rect((w2 + 8) * h2, 0);
    expect(hipMemcpy2DFromArrayAsync(rect.data(), w2 + 8, a, wo, ho, w2, h2,
                                     hipMemcpyDeviceToHost, stream) == hipSuccess &&
               hipStreamSynchronize(stream) == hipSuccess, say(f, s, "hipMemcpy2DFromArrayAsync"));
    bool same = true;
    for (size_t y = 0; y < h2; y++)
        same &= std::memcmp(&rect[y * (w2 + 8)], &m.bytes[(ho + y) * m.row + wo], w2) == 0;
    expect(same, say(f, s, "hipMemcpy2DFromArray bytes"));

    // 5. Device memory to the array: hipMemcpyDtoA from an offset that is
    //    not a texel's start.  The driver's 1-D copies (DtoA, HtoA, AtoH,
    //    AtoD, AtoA) take 1-D arrays only, as CUDA's and ROCm's: another
    //    shape is hipErrorInvalidValue, and the runtime's
    //    hipMemcpyToArray / FromArray stand in for them below.
    const bool one_d = !s.extent.height && !s.extent.depth;
    const size_t total = m.bytes.size(), off = m.row / 2 + 1,
                 count = total - off > 3 * m.row ? 2 * m.row + 5 : total - off;
    unsigned char* dev = nullptr;
    expect(hipMalloc(&dev, total) == hipSuccess, say(f, s, "hipMalloc"));
    std::vector<unsigned char> src(total);
    for (size_t i = 0; i < total; i++)
        src[i] = pattern(i, 4);
    expect(hipMemcpy(dev, src.data(), total, hipMemcpyHostToDevice) == hipSuccess, "hipMemcpy");
    if (one_d) {
        expect(hipMemcpyDtoA(a, off, dev, count) == hipSuccess, say(f, s, "hipMemcpyDtoA"));
        std::memcpy(&m.bytes[off], src.data(), count);
    } else {
        EXPECT_CODE(hipMemcpyDtoA(a, off, dev, count), hipErrorInvalidValue);
    }
    expect(hipDeviceSynchronize() == hipSuccess && whole(a, m, f.bpe, back),
           say(f, s, "read back after hipMemcpyDtoA"));

    // 6. Host to array and back through the rows (HtoA, AtoH, their
    //    asynchronous forms, ToArray / FromArray at (wOffset, hOffset)).
    const size_t off2 = f.bpe * 3, count2 = total - off2 - 7;
    std::vector<unsigned char> out(total, 0);
    std::vector<unsigned char> part(count, 0);
    if (one_d) {
        expect(hipMemcpyHtoAAsync(a, off2, src.data() + 7, count2, stream) == hipSuccess &&
                   hipStreamSynchronize(stream) == hipSuccess, say(f, s, "hipMemcpyHtoAAsync"));
        std::memcpy(&m.bytes[off2], src.data() + 7, count2);
        expect(hipMemcpyAtoH(out.data(), a, 0, total) == hipSuccess && out == m.bytes,
               say(f, s, "hipMemcpyAtoH of everything"));
        expect(hipMemcpyAtoHAsync(part.data(), a, off, count, stream) == hipSuccess &&
                   hipStreamSynchronize(stream) == hipSuccess &&
                   std::memcmp(part.data(), &m.bytes[off], count) == 0,
               say(f, s, "hipMemcpyAtoHAsync at an offset"));
    } else {
        EXPECT_CODE(hipMemcpyHtoAAsync(a, off2, src.data() + 7, count2, stream),
                    hipErrorInvalidValue);
        EXPECT_CODE(hipMemcpyAtoH(out.data(), a, 0, total), hipErrorInvalidValue);
        EXPECT_CODE(hipMemcpyAtoHAsync(part.data(), a, off, count, stream),
                    hipErrorInvalidValue);
        // The runtime's form runs through every row and slice.
        expect(hipMemcpyFromArray(out.data(), a, 0, 0, total, hipMemcpyDeviceToHost) ==
                   hipSuccess && out == m.bytes, say(f, s, "hipMemcpyFromArray of everything"));
    }
    const size_t hoff = rows2d > 1 ? 1 : 0, start = hoff * m.row + f.bpe,
                 cnt3 = m.row + f.bpe < total - start ? m.row + f.bpe : total - start;
    expect(hipMemcpyToArray(a, f.bpe, hoff, src.data() + 1, cnt3, hipMemcpyHostToDevice) ==
               hipSuccess, say(f, s, "hipMemcpyToArray"));
    std::memcpy(&m.bytes[hoff * m.row + f.bpe], src.data() + 1, cnt3);
    std::vector<unsigned char> out3(cnt3, 0);
    expect(hipMemcpyFromArray(out3.data(), a, f.bpe, hoff, cnt3, hipMemcpyDeviceToHost) ==
               hipSuccess && std::memcmp(out3.data(), &m.bytes[hoff * m.row + f.bpe], cnt3) == 0,
           say(f, s, "hipMemcpyFromArray"));

    // 7. Array to array: the whole of a into b (hipMemcpy3D), a rectangle
    //    back (hipMemcpy2DArrayToArray), bytes between them (AtoA), and
    //    b to device memory (AtoD).
    expect(hipMalloc3DArray(&b, &f.desc, s.extent, s.flags) == hipSuccess,
           say(f, s, "the second array"));
    p = hipMemcpy3DParms{};
    p.srcArray = a;
    p.dstArray = b;
    p.extent = make_hipExtent(s.extent.width, m.rows, m.slices);
    p.kind = hipMemcpyDeviceToDevice;
    expect(hipMemcpy3D(&p) == hipSuccess && whole(b, m, f.bpe, back),
           say(f, s, "hipMemcpy3D array to array"));
    expect((one_d ? hipMemcpyAtoD(dev, b, 0, total)
                  : hipMemcpyFromArray(dev, b, 0, 0, total, hipMemcpyDeviceToDevice)) ==
                   hipSuccess &&
               hipMemcpy(out.data(), dev, total, hipMemcpyDeviceToHost) == hipSuccess &&
               out == m.bytes, say(f, s, one_d ? "hipMemcpyAtoD" : "hipMemcpyFromArray to device"));
    // b gets new bytes, then part of them go back to a.
    expect((one_d ? hipMemcpyHtoA(b, 0, src.data(), total)
                  : hipMemcpyToArray(b, 0, 0, src.data(), total, hipMemcpyHostToDevice)) ==
               hipSuccess, say(f, s, one_d ? "hipMemcpyHtoA" : "hipMemcpyToArray"));
    Model mb = m;
    std::memcpy(mb.bytes.data(), src.data(), total);
    expect(hipMemcpy2DArrayToArray(a, 0, 0, b, wo, ho, w2, h2, hipMemcpyDeviceToDevice) ==
               hipSuccess, say(f, s, "hipMemcpy2DArrayToArray"));
    for (size_t y = 0; y < h2; y++)
        std::memcpy(&m.bytes[y * m.row], &mb.bytes[(ho + y) * m.row + wo], w2);
    expect(whole(a, m, f.bpe, back), say(f, s, "read back after hipMemcpy2DArrayToArray"));
    if (one_d) {
        expect(hipMemcpyAtoA(a, off, b, 1, count) == hipSuccess, say(f, s, "hipMemcpyAtoA"));
        std::memcpy(&m.bytes[off], &mb.bytes[1], count);
    } else {
        EXPECT_CODE(hipMemcpyAtoA(a, off, b, 1, count), hipErrorInvalidValue);
    }
    expect(hipDeviceSynchronize() == hipSuccess && whole(a, m, f.bpe, back),
           say(f, s, "read back after hipMemcpyAtoA"));

    // 8. The driver's forms: a host box into the array (hipDrvMemcpy3D,
    //    x in bytes), the array's first rows out (hipMemcpyParam2D).
    HIP_MEMCPY3D d3{};
    d3.srcMemoryType = hipMemoryTypeHost;
    d3.srcHost = box.data();
    d3.srcPitch = spitch;
    d3.srcHeight = bh;
    d3.dstMemoryType = hipMemoryTypeArray;
    d3.dstArray = a;
    d3.dstXInBytes = x0 * f.bpe;
    d3.dstY = y0;
    d3.dstZ = z0;
    d3.WidthInBytes = bw * f.bpe;
    d3.Height = bh;
    d3.Depth = bd;
    expect(hipDrvMemcpy3D(&d3) == hipSuccess, say(f, s, "hipDrvMemcpy3D host to array"));
    for (size_t z = 0; z < bd; z++)
        for (size_t y = 0; y < bh; y++)
            std::memcpy(&m.bytes[m.at(x0 * f.bpe, y0 + y, z0 + z)], &box[(z * bh + y) * spitch],
                        bw * f.bpe);
    hip_Memcpy2D c{};
    std::vector<unsigned char> rows(m.row * m.rows, 0);
    c.srcMemoryType = hipMemoryTypeArray;
    c.srcArray = a;
    c.dstMemoryType = hipMemoryTypeHost;
    c.dstHost = rows.data();
    c.dstPitch = m.row;
    c.WidthInBytes = m.row;
    c.Height = m.rows;
    expect(hipMemcpyParam2D(&c) == hipSuccess &&
               std::memcmp(rows.data(), m.bytes.data(), rows.size()) == 0,
           say(f, s, "hipMemcpyParam2D array to host"));
    expect(whole(a, m, f.bpe, back), say(f, s, "read back after the driver copies"));

    // 9. Copies that leave the array are refused, and change nothing.
    EXPECT_CODE(hipMemcpy2DToArray(a, m.row - f.bpe + 1, 0, flat.data(), f.bpe, f.bpe, 1,
                                   hipMemcpyHostToDevice), hipErrorInvalidValue);
    EXPECT_CODE(hipMemcpy2DToArray(a, 0, rows2d, flat.data(), f.bpe, f.bpe, 1,
                                   hipMemcpyHostToDevice), hipErrorInvalidValue);
    EXPECT_CODE(hipMemcpy2DFromArray(flat.data(), m.row + 1, a, 0, 0, m.row + 1, 1,
                                     hipMemcpyDeviceToHost), hipErrorInvalidValue);
    EXPECT_CODE(hipMemcpyAtoH(out.data(), a, 1, total), hipErrorInvalidValue);
    EXPECT_CODE(hipMemcpyHtoA(a, total, src.data(), 1), hipErrorInvalidValue);
    EXPECT_CODE(hipMemcpyAtoA(a, 0, b, 2, total - 1), hipErrorInvalidValue);
    p = hipMemcpy3DParms{};
    p.srcPtr = make_hipPitchedPtr(m.bytes.data(), m.row, m.row, m.rows);
    p.dstArray = a;
    p.dstPos = make_hipPos(0, 0, 1);
    p.extent = make_hipExtent(s.extent.width, m.rows, m.slices);
    p.kind = hipMemcpyHostToDevice;
    EXPECT_CODE(hipMemcpy3D(&p), hipErrorInvalidValue);   // one slice too many
    p.dstPos = make_hipPos(1, 0, 0);
    p.extent.depth = 1;
    EXPECT_CODE(hipMemcpy3D(&p), hipErrorInvalidValue);   // one texel past the row
    d3.dstZ = m.slices;
    d3.Depth = 1;
    EXPECT_CODE(hipDrvMemcpy3D(&d3), hipErrorInvalidValue);
    c.Height = m.rows + (m.rows == 1 ? m.slices : 0) + 1;
    EXPECT_CODE(hipMemcpyParam2D(&c), hipErrorInvalidValue);
    expect(whole(a, m, f.bpe, back), say(f, s, "nothing changed by the refused copies"));

    expect(hipFree(dev) == hipSuccess, "hipFree");
    expect(hipFreeArray(b) == hipSuccess, say(f, s, "hipFreeArray b"));
    expect(hipArrayDestroy(a) == hipSuccess, say(f, s, "hipArrayDestroy a"));
}

// The driver's creation calls and the 2-D hipMallocArray.
static void driver_forms()
{
    for (const Format& f : formats) {
        HIP_ARRAY_DESCRIPTOR d{};
        d.Width = 33;
        d.Height = 7;
        d.Format = f.drv;
        d.NumChannels = f.channels;
        hipArray_t a = nullptr;
        expect(hipArrayCreate(&a, &d) == hipSuccess, "hipArrayCreate");
        HIP_ARRAY_DESCRIPTOR back{};
        expect(hipArrayGetDescriptor(&back, a) == hipSuccess && back.Width == 33 &&
                   back.Height == 7 && back.Format == f.drv && back.NumChannels == f.channels,
               "hipArrayGetDescriptor of hipArrayCreate's");
        hipChannelFormatDesc c{};
        expect(hipGetChannelDesc(&c, a) == hipSuccess && c.x == f.desc.x && c.y == f.desc.y &&
                   c.z == f.desc.z && c.w == f.desc.w && c.f == f.desc.f,
               "hipGetChannelDesc of hipArrayCreate's matches the runtime form");
        expect(hipArrayDestroy(a) == hipSuccess, "hipArrayDestroy");

        HIP_ARRAY3D_DESCRIPTOR d3{};
        d3.Width = 16;
        d3.Height = 16;
        d3.Depth = 12;
        d3.Format = f.drv;
        d3.NumChannels = f.channels;
        d3.Flags = hipArrayCubemap | hipArrayLayered | hipArraySurfaceLoadStore;
        expect(hipArray3DCreate(&a, &d3) == hipSuccess, "hipArray3DCreate, cubemap layered");
        HIP_ARRAY3D_DESCRIPTOR b3{};
        expect(hipArray3DGetDescriptor(&b3, a) == hipSuccess && b3.Depth == 12 &&
                   b3.Flags == d3.Flags && b3.NumChannels == f.channels,
               "hipArray3DGetDescriptor of hipArray3DCreate's");
        expect(hipFreeArray(a) == hipSuccess, "hipFreeArray");

        expect(hipMallocArray(&a, &f.desc, 40, 3, hipArrayTextureGather) == hipSuccess,
               "hipMallocArray 2-D with hipArrayTextureGather");
        hipExtent e{};
        unsigned flags = 0;
        expect(hipArrayGetInfo(nullptr, &e, &flags, a) == hipSuccess && e.width == 40 &&
                   e.height == 3 && e.depth == 0 && flags == hipArrayTextureGather,
               "hipArrayGetInfo of hipMallocArray's");
        expect(hipFreeArray(a) == hipSuccess, "hipFreeArray");
        expect(hipMallocArray(&a, &f.desc, 40) == hipSuccess, "hipMallocArray 1-D");
        expect(hipArrayGetInfo(nullptr, &e, nullptr, a) == hipSuccess && e.width == 40 &&
                   e.height == 0 && e.depth == 0, "a 1-D array's extent");
        expect(hipFreeArray(a) == hipSuccess, "hipFreeArray");
    }
}

// Every refusal the brief of the API names.
static void refusals()
{
    const hipChannelFormatDesc f4 = hipCreateChannelDesc<float4>();
    hipArray_t a = nullptr;
    // NULL pointers, a zero width.
    EXPECT_CODE(hipMallocArray(nullptr, &f4, 4, 4), hipErrorInvalidValue);
    EXPECT_CODE(hipMallocArray(&a, nullptr, 4, 4), hipErrorInvalidValue);
    EXPECT_CODE(hipMallocArray(&a, &f4, 0, 4), hipErrorInvalidValue);
    EXPECT_CODE(hipMalloc3DArray(nullptr, &f4, make_hipExtent(4, 4, 4), 0), hipErrorInvalidValue);
    EXPECT_CODE(hipMalloc3DArray(&a, nullptr, make_hipExtent(4, 4, 4), 0), hipErrorInvalidValue);
    EXPECT_CODE(hipMalloc3DArray(&a, &f4, make_hipExtent(0, 4, 4), 0), hipErrorInvalidValue);
    EXPECT_CODE(hipArrayCreate(nullptr, nullptr), hipErrorInvalidValue);
    EXPECT_CODE(hipArray3DCreate(&a, nullptr), hipErrorInvalidValue);
    // Channel descs an array cannot have.
    const hipChannelFormatDesc bad[] = {
        hipCreateChannelDesc(8, 8, 8, 0, hipChannelFormatKindUnsigned),      // 3 channels
        hipCreateChannelDesc(32, 32, 32, 0, hipChannelFormatKindFloat),      // float3
        hipCreateChannelDesc(8, 16, 0, 0, hipChannelFormatKindUnsigned),     // unequal
        hipCreateChannelDesc(0, 8, 0, 0, hipChannelFormatKindUnsigned),      // no x
        hipCreateChannelDesc(8, 0, 8, 0, hipChannelFormatKindSigned),        // a gap
        hipCreateChannelDesc(12, 0, 0, 0, hipChannelFormatKindUnsigned),     // 12 bits
        hipCreateChannelDesc(64, 0, 0, 0, hipChannelFormatKindSigned),       // 64 bits
        hipCreateChannelDesc(8, 0, 0, 0, hipChannelFormatKindFloat),         // 8-bit float
        hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindNone),         // no kind
        hipCreateChannelDesc(32, 0, 0, 0, (hipChannelFormatKind)9),          // not a kind
    };
    for (const hipChannelFormatDesc& d : bad) {
        EXPECT_CODE(hipMallocArray(&a, &d, 4, 4), hipErrorInvalidValue);
        EXPECT_CODE(hipMalloc3DArray(&a, &d, make_hipExtent(4, 4, 4), 0), hipErrorInvalidValue);
    }
    // Bad driver formats and channel counts.
    HIP_ARRAY_DESCRIPTOR d{};
    d.Width = 4;
    d.Format = (hipArray_Format)0x55;
    d.NumChannels = 1;
    EXPECT_CODE(hipArrayCreate(&a, &d), hipErrorInvalidValue);
    d.Format = HIP_AD_FORMAT_FLOAT;
    for (unsigned n : {0u, 3u, 5u, 8u}) {
        d.NumChannels = n;
        EXPECT_CODE(hipArrayCreate(&a, &d), hipErrorInvalidValue);
    }
    HIP_ARRAY3D_DESCRIPTOR d3{};
    d3.Width = 4;
    d3.Height = 4;
    d3.Format = HIP_AD_FORMAT_UNSIGNED_INT8;
    d3.NumChannels = 4;
    d3.Flags = 0x40;
    EXPECT_CODE(hipArray3DCreate(&a, &d3), hipErrorInvalidValue);   // unknown flags
    // Flags and shapes.
    EXPECT_CODE(hipMallocArray(&a, &f4, 4, 4, 0x20), hipErrorInvalidValue);
    EXPECT_CODE(hipMallocArray(&a, &f4, 4, 4, hipArrayLayered), hipErrorInvalidValue);
    EXPECT_CODE(hipMallocArray(&a, &f4, 4, 4, hipArrayCubemap), hipErrorInvalidValue);
    EXPECT_CODE(hipMallocArray(&a, &f4, 4, 0, hipArrayTextureGather), hipErrorInvalidValue);
    EXPECT_CODE(hipMalloc3DArray(&a, &f4, make_hipExtent(4, 4, 4), hipArrayTextureGather),
                hipErrorInvalidValue);
    EXPECT_CODE(hipMalloc3DArray(&a, &f4, make_hipExtent(4, 0, 4), 0), hipErrorInvalidValue);
    EXPECT_CODE(hipMalloc3DArray(&a, &f4, make_hipExtent(4, 4, 0), hipArrayLayered),
                hipErrorInvalidValue);
    EXPECT_CODE(hipMalloc3DArray(&a, &f4, make_hipExtent(4, 5, 6), hipArrayCubemap),
                hipErrorInvalidValue);   // faces not square
    EXPECT_CODE(hipMalloc3DArray(&a, &f4, make_hipExtent(4, 4, 12), hipArrayCubemap),
                hipErrorInvalidValue);   // 12 faces without hipArrayLayered
    EXPECT_CODE(hipMalloc3DArray(&a, &f4, make_hipExtent(4, 4, 8),
                                 hipArrayCubemap | hipArrayLayered), hipErrorInvalidValue);
    // Oversize: the T#'s 14-bit width and height, 13-bit depth and layers.
    const hipChannelFormatDesc u8 = hipCreateChannelDesc<unsigned char>();
    EXPECT_CODE(hipMallocArray(&a, &u8, 16385), hipErrorInvalidValue);
    EXPECT_CODE(hipMallocArray(&a, &u8, 16, 16385), hipErrorInvalidValue);
    EXPECT_CODE(hipMalloc3DArray(&a, &u8, make_hipExtent(16, 16, 8193), 0), hipErrorInvalidValue);
    EXPECT_CODE(hipMalloc3DArray(&a, &u8, make_hipExtent(16, 0, 8193), hipArrayLayered),
                hipErrorInvalidValue);
    EXPECT_CODE(hipMalloc3DArray(&a, &u8, make_hipExtent(16, 16, 6 * 1366),
                                 hipArrayCubemap | hipArrayLayered), hipErrorInvalidValue);
    expect(hipMallocArray(&a, &u8, 16384) == hipSuccess && hipFreeArray(a) == hipSuccess,
           "the widest 1-D array");
    expect(hipMalloc3DArray(&a, &u8, make_hipExtent(1, 0, 8192), hipArrayLayered) ==
               hipSuccess && hipFreeArray(a) == hipSuccess, "the most layers");
    // Within the limits but larger than the device (32 TiB).
    EXPECT_CODE(hipMalloc3DArray(&a, &f4, make_hipExtent(16384, 16384, 8192), 0),
                hipErrorOutOfMemory);
    hipGetLastError();

    // A freed array is no array: every call says hipErrorInvalidHandle.
    expect(hipMallocArray(&a, &f4, 8, 8) == hipSuccess, "an array to free twice");
    std::vector<float> host(8 * 8 * 4, 1.0f);
    expect(hipMemcpy2DToArray(a, 0, 0, host.data(), 128, 128, 8, hipMemcpyHostToDevice) ==
               hipSuccess, "a copy while it lives");
    // Bad kinds, pitches, NULL linear sides.
    EXPECT_CODE(hipMemcpy2DToArray(a, 0, 0, host.data(), 128, 128, 8, (hipMemcpyKind)7),
                hipErrorInvalidMemcpyDirection);
    EXPECT_CODE(hipMemcpy2DToArray(a, 0, 0, host.data(), 64, 128, 8, hipMemcpyHostToDevice),
                hipErrorInvalidPitchValue);
    EXPECT_CODE(hipMemcpy2DToArray(a, 0, 0, nullptr, 128, 128, 8, hipMemcpyHostToDevice),
                hipErrorInvalidValue);
    EXPECT_CODE(hipMemcpy2DToArray(a, 0, 0, host.data(), 128, 128, 8, hipMemcpyDeviceToHost),
                hipErrorInvalidValue);   // the kind says the array is host memory
    EXPECT_CODE(hipMemcpyAtoH(nullptr, a, 0, 4), hipErrorInvalidValue);
    EXPECT_CODE(hipMemcpyAtoH(host.data(), nullptr, 0, 4), hipErrorInvalidValue);
    EXPECT_CODE(hipMemcpyToArray(a, 129, 0, host.data(), 4, hipMemcpyHostToDevice),
                hipErrorInvalidValue);   // wOffset past the row
    hipMemcpy3DParms p{};
    p.srcPtr = make_hipPitchedPtr(host.data(), 128, 128, 8);
    p.dstArray = a;
    p.dstPtr = make_hipPitchedPtr(host.data(), 128, 128, 8);
    p.extent = make_hipExtent(8, 8, 1);
    p.kind = hipMemcpyHostToDevice;
    EXPECT_CODE(hipMemcpy3D(&p), hipErrorInvalidValue);   // dstArray and dstPtr both
    p.dstPtr = hipPitchedPtr{};
    EXPECT_CODE(hipMemcpy3D(&p), hipSuccess);
    // An array handle is no pointer hipFree takes.
    EXPECT_CODE(hipFree(a), hipErrorInvalidValue);
    expect(hipFreeArray(a) == hipSuccess, "the first free");
    // Freeing it again: ROCm's hipErrorContextIsDestroyed (hip-tests asks it).
    EXPECT_CODE(hipFreeArray(a), hipErrorContextIsDestroyed);
    EXPECT_CODE(hipArrayDestroy(a), hipErrorContextIsDestroyed);
    EXPECT_CODE(hipArrayGetInfo(nullptr, nullptr, nullptr, a), hipErrorInvalidHandle);
    HIP_ARRAY_DESCRIPTOR ad;
    HIP_ARRAY3D_DESCRIPTOR ad3;
    hipChannelFormatDesc cd;
    EXPECT_CODE(hipArrayGetDescriptor(&ad, a), hipErrorInvalidHandle);
    EXPECT_CODE(hipArray3DGetDescriptor(&ad3, a), hipErrorInvalidHandle);
    EXPECT_CODE(hipGetChannelDesc(&cd, a), hipErrorInvalidHandle);
    EXPECT_CODE(hipMemcpy2DToArray(a, 0, 0, host.data(), 128, 128, 8, hipMemcpyHostToDevice),
                hipErrorInvalidHandle);
    EXPECT_CODE(hipMemcpy2DArrayToArray(a, 0, 0, a, 0, 0, 4, 4, hipMemcpyDeviceToDevice),
                hipErrorInvalidHandle);
    EXPECT_CODE(hipMemcpyHtoA(a, 0, host.data(), 4), hipErrorInvalidHandle);
    EXPECT_CODE(hipMemcpy3D(&p), hipErrorInvalidHandle);
    // NULL handles and outputs.
    EXPECT_CODE(hipFreeArray(nullptr), hipErrorInvalidValue);
    EXPECT_CODE(hipArrayDestroy(nullptr), hipErrorInvalidValue);
    EXPECT_CODE(hipArrayGetInfo(&cd, nullptr, nullptr, nullptr), hipErrorInvalidHandle);
    EXPECT_CODE(hipGetChannelDesc(&cd, nullptr), hipErrorInvalidHandle);
    EXPECT_CODE(hipGetChannelDesc(nullptr, nullptr), hipErrorInvalidValue);
    EXPECT_CODE(hipArrayGetDescriptor(&ad, nullptr), hipErrorInvalidHandle);
    EXPECT_CODE(hipMemcpy2DToArray(nullptr, 0, 0, host.data(), 128, 128, 8,
                                   hipMemcpyHostToDevice), hipErrorInvalidHandle);
    EXPECT_CODE(hipMemcpy2DArrayToArray(nullptr, 0, 0, nullptr, 0, 0, 4, 4, hipMemcpyDefault),
                hipErrorInvalidHandle);
    hip_Memcpy2D c{};
    c.srcMemoryType = hipMemoryTypeHost;
    c.srcHost = host.data();
    c.srcPitch = 128;
    c.dstMemoryType = hipMemoryTypeArray;
    c.WidthInBytes = 16;
    c.Height = 1;
    EXPECT_CODE(hipMemcpyParam2D(&c), hipErrorInvalidValue);   // no array named
    c.dstArray = a;
    EXPECT_CODE(hipMemcpyParam2D(&c), hipErrorInvalidHandle);  // a freed one
    expect(hipMallocArray(&a, &f4, 8, 8) == hipSuccess, "an array for the getters");
    EXPECT_CODE(hipArrayGetDescriptor(nullptr, a), hipErrorInvalidValue);
    EXPECT_CODE(hipArray3DGetDescriptor(nullptr, a), hipErrorInvalidValue);
    expect(hipFreeArray(a) == hipSuccess, "hipFreeArray");

    // Mipmapped arrays: checked, then not supported.
    hipMipmappedArray_t mm = nullptr;
    EXPECT_CODE(hipMallocMipmappedArray(nullptr, &f4, make_hipExtent(8, 8, 0), 2, 0),
                hipErrorInvalidValue);
    EXPECT_CODE(hipMallocMipmappedArray(&mm, &bad[0], make_hipExtent(8, 8, 0), 2, 0),
                hipErrorInvalidValue);
    EXPECT_CODE(hipMallocMipmappedArray(&mm, &f4, make_hipExtent(8, 0, 8), 2, 0),
                hipErrorInvalidValue);   // 3-D without a height (mipmap.hip has the rest)
    EXPECT_CODE(hipFreeMipmappedArray(nullptr), hipErrorInvalidValue);
    EXPECT_CODE(hipGetMipmappedArrayLevel(nullptr, mm, 0), hipErrorInvalidValue);
    hipGetLastError();
}

// Copies of arrays on a capturing stream become graph nodes and run
// when the graph is launched; so does a memcpy node naming an array.
static void captured()
{
    const hipChannelFormatDesc d = hipCreateChannelDesc<ushort2>();
    hipArray_t a = nullptr;
    hipStream_t s = nullptr;
    std::vector<unsigned char> in(24 * 4 * 6), out(in.size(), 0);
    for (size_t i = 0; i < in.size(); i++)
        in[i] = pattern(i, 9);
    expect(hipMallocArray(&a, &d, 24, 6) == hipSuccess && hipStreamCreate(&s) == hipSuccess,
           "an array and a stream to capture on");
    hipGraph_t g = nullptr;
    hipGraphExec_t x = nullptr;
    expect(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal) == hipSuccess, "begin capture");
    expect(hipMemcpy2DToArrayAsync(a, 0, 0, in.data(), 96, 96, 6, hipMemcpyHostToDevice, s) ==
               hipSuccess, "hipMemcpy2DToArrayAsync captured");
    expect(hipMemcpy2DFromArrayAsync(out.data(), 96, a, 0, 0, 96, 6, hipMemcpyDeviceToHost, s) ==
               hipSuccess, "hipMemcpy2DFromArrayAsync captured");
    expect(hipStreamEndCapture(s, &g) == hipSuccess && g, "end capture");
    expect(out[0] == 0 && out[100] == 0, "nothing copied before the graph runs");
    expect(hipGraphInstantiate(&x, g, nullptr, nullptr, 0) == hipSuccess &&
               hipGraphLaunch(x, s) == hipSuccess && hipStreamSynchronize(s) == hipSuccess,
           "the graph runs");
    expect(in == out, "the captured copies' bytes");
    hipGraphExecDestroy(x);
    hipGraphDestroy(g);

    // A memcpy node built explicitly, naming the array (texel units).
    std::vector<unsigned char> out2(in.size(), 0);
    hipMemcpy3DParms p{};
    p.srcArray = a;
    p.dstPtr = make_hipPitchedPtr(out2.data(), 96, 96, 6);
    p.extent = make_hipExtent(24, 6, 1);
    p.kind = hipMemcpyDeviceToHost;
    hipGraphNode_t n = nullptr;
    hipMemcpy3DParms back{};
    expect(hipGraphCreate(&g, 0) == hipSuccess &&
               hipGraphAddMemcpyNode(&n, g, nullptr, 0, &p) == hipSuccess &&
               hipGraphMemcpyNodeGetParams(n, &back) == hipSuccess && back.srcArray == a &&
               back.extent.width == 24, "hipGraphAddMemcpyNode from an array");
    expect(hipGraphInstantiate(&x, g, nullptr, nullptr, 0) == hipSuccess &&
               hipGraphLaunch(x, s) == hipSuccess && hipStreamSynchronize(s) == hipSuccess &&
               out2 == in, "the memcpy node's bytes");
    hipGraphExecDestroy(x);
    hipGraphDestroy(g);
    hipStreamDestroy(s);
    expect(hipFreeArray(a) == hipSuccess, "hipFreeArray");
}

// Several threads make, fill, read and free arrays at once; two threads
// freeing one array: exactly one succeeds.
static void threads()
{
    std::atomic<int> bad{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < 4; t++)
        pool.emplace_back([t, &bad] {
            const hipChannelFormatDesc d = hipCreateChannelDesc<uchar4>();
            for (int i = 0; i < 20; i++) {
                hipArray_t a = nullptr;
                std::vector<unsigned char> in(16 * 4 * 3), out(in.size());
                for (size_t k = 0; k < in.size(); k++)
                    in[k] = (unsigned char)(k + t * 13 + i);
                if (hipMallocArray(&a, &d, 16, 3) != hipSuccess ||
                    hipMemcpy2DToArray(a, 0, 0, in.data(), 64, 64, 3, hipMemcpyHostToDevice) !=
                        hipSuccess ||
                    hipMemcpy2DFromArray(out.data(), 64, a, 0, 0, 64, 3, hipMemcpyDeviceToHost) !=
                        hipSuccess || in != out || hipFreeArray(a) != hipSuccess)
                    bad++;
            }
        });
    for (auto& th : pool)
        th.join();
    expect(bad == 0, "4 threads x 20 arrays made, copied and freed");

    for (int round = 0; round < 10; round++) {
        hipArray_t a = nullptr;
        const hipChannelFormatDesc d = hipCreateChannelDesc<float>();
        expect(hipMallocArray(&a, &d, 64, 64) == hipSuccess, "an array two threads free");
        std::atomic<int> ok{0}, handle{0};
        std::thread x([&] { hipError_t e = hipFreeArray(a); ok += e == hipSuccess;
                            handle += e == hipErrorContextIsDestroyed; });
        std::thread y([&] { hipError_t e = hipArrayDestroy(a); ok += e == hipSuccess;
                            handle += e == hipErrorContextIsDestroyed; });
        x.join();
        y.join();
        expect(ok == 1 && handle == 1, "freed once, the other told hipErrorContextIsDestroyed");
    }
    hipGetLastError();
}

int main()
{
    hipStream_t stream = nullptr;
    expect(hipStreamCreate(&stream) == hipSuccess, "hipStreamCreate");
    for (const Format& f : formats)
        for (const Shape& s : shapes)
            exercise(f, s, stream);
    driver_forms();
    refusals();
    captured();
    threads();
    expect(hipStreamDestroy(stream) == hipSuccess, "hipStreamDestroy");
    if (failures) {
        std::printf("arrays: FAIL (%d of %d checks)\n", failures, checks);
        return 1;
    }
    std::printf("arrays: PASS (%d checks)\n", checks);
    return 0;
}
