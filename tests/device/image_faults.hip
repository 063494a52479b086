// What the sim board's image model refuses, and how it says so: each case
// takes the descriptors of a good texture object, changes one field to
// something the model does not implement (a tiled layout, a mip chain it
// cannot lay out (gfx9's, or with a custom pitch), seamless cube filtering, anisotropy, a cube face id
// above 5, unnormalized cube coordinates), and fetches through them.  The
// kernel must stop with a launch failure whose message names the kernel
// and the field -- never a silent guess.  A GPU fault leaves the device in
// error, so each case runs in a child process of its own, forked before
// any HIP call.
#include <hip/hip_runtime.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CHECK(x)                                                                     \
    do {                                                                             \
        hipError_t e_ = (x);                                                         \
        if (e_ != hipSuccess) {                                                      \
            std::printf("image_faults: FAIL: %s: %s\n", #x, hipGetErrorString(e_));  \
            std::exit(2);                                                            \
        }                                                                            \
    } while (0)

#if !__HIP_NO_IMAGE_SUPPORT
// The object's 20 dwords (T#, barehip's 4 words, S#) out of the runtime's
// memory, and a fetch through a copy of them.
__global__ void words(hipTextureObject_t t, unsigned *out)
{
    out[threadIdx.x] = reinterpret_cast<const unsigned *>(t)[threadIdx.x];
}

__global__ void fetch2d(hipTextureObject_t t, float *out)
{
    out[threadIdx.x] = tex2D<float>(t, 0.3f, 0.6f);
}

__global__ void fetch_cube(hipTextureObject_t t, float *out)
{
    out[threadIdx.x] = texCubemap<float>(t, 1.0f, 0.25f, -0.5f);
}

__global__ void fetch_lod(hipTextureObject_t t, float *out)
{
    out[threadIdx.x] = tex2DLod<float>(t, 0.3f, 0.6f, 0.0f);
}
#endif

enum Kind { PLAIN, CUBE, CUBE_LAYERED };

struct Case {
    const char *what;
    Kind kind;
    bool linear;
    int word, shift;       // the field: bits [shift, shift + width) of dword `word`
    unsigned width, value;
    const char *kernel;    // the kernel the message must name
    const char *message;   // and what it must say
    bool gfx11_only, gfx9_only;
};

// Field positions: boards/sim/model/image_desc.c (Mesa's register files).
static const Case cases[] = {
    {"a tiled layout (T# SW_MODE 1)", PLAIN, false, 3, 20, 5, 1, "fetch2d", "SW_MODE 1", false,
     false},
    {"a gfx9 mip chain (T# MAX_MIP 2)", PLAIN, false, 5, 28, 4, 2, "fetch2d",
     "gfx9 mip chains are not modelled", false, true},
    // An 8 x 8 float image's rows are 64 texels apart (256 bytes): a custom
    // pitch, which addrlib's linear mip chains cannot have.
    {"a custom pitch with a mip chain (T# PITCH 64, MAX_MIP 1)", PLAIN, false, 1, 16, 4, 1,
     "fetch2d", "with a mip chain", true, false},
    {"seamless cube filtering (S# DISABLE_CUBE_WRAP 0)", CUBE, true, 12, 28, 1, 0, "fetch_cube",
     "seamless cube filtering", true, false},
    {"unnormalized cube coordinates (S# FORCE_UNNORMALIZED)", CUBE, false, 12, 15, 1, 1,
     "fetch_cube", "unnormalized coordinates on a cube", true, false},
    {"a partial cube (T# DEPTH 4: 5 faces)", CUBE, false, 4, 0, 13, 4, "fetch_cube",
     "not whole cubes of 6 faces", true, false},
    {"anisotropy (S# MAX_ANISO_RATIO 2)", PLAIN, false, 12, 9, 3, 2, "fetch2d",
     "MAX_ANISO_RATIO 2", false, false},
    {"depth compare (S# DEPTH_COMPARE_FUNC 3)", PLAIN, false, 12, 12, 3, 3, "fetch2d",
     "DEPTH_COMPARE_FUNC 3", false, false},
    {"a border colour table (S# BORDER_COLOR_TYPE 3)", PLAIN, false, 15, 30, 2, 3, "fetch2d",
     "BORDER_COLOR_TYPE 3", false, false},
    {"a buffer descriptor as T# (TYPE 0)", PLAIN, false, 3, 28, 4, 0, "fetch2d",
     "not an image descriptor", false, false},
    {"mip levels beyond the chain (T# LAST_LEVEL 3, MAX_MIP 1)", PLAIN, false, 3, 16, 4, 3,
     "fetch_lod", "outside the chain", true, false},
};

// Run case @c in this (child) process: 0 when the fault is as expected.
static int run_case(const Case &c)
{
#if !__HIP_NO_IMAGE_SUPPORT || !defined(__HIP_DEVICE_COMPILE__)
    const int w = 8;
    hipArray_t a;
    hipChannelFormatDesc cd = hipCreateChannelDesc<float>();
    if (c.kind == PLAIN)
        CHECK(hipMallocArray(&a, &cd, w, w, 0));
    else
        CHECK(hipMalloc3DArray(&a, &cd, make_hipExtent(w, w, c.kind == CUBE ? 6 : 12),
                               hipArrayCubemap | (c.kind == CUBE_LAYERED ? hipArrayLayered : 0)));
    hipResourceDesc r{};
    r.resType = hipResourceTypeArray;
    r.res.array.array = a;
    hipTextureDesc t{};
    t.filterMode = c.linear ? hipFilterModeLinear : hipFilterModePoint;
    t.normalizedCoords = 1;
    hipTextureObject_t o;
    CHECK(hipCreateTextureObject(&o, &r, &t, nullptr));
    unsigned *dw, host[20];
    CHECK(hipMalloc(&dw, sizeof(host)));
    words<<<1, 20>>>(o, dw);
    CHECK(hipMemcpy(host, dw, sizeof(host), hipMemcpyDeviceToHost));
    // The one field, then the words where the fetch reads them (a 256-byte
    // aligned allocation, as the runtime's own).
    unsigned mask = (c.width == 32 ? ~0u : (1u << c.width) - 1) << c.shift;
    host[c.word] = (host[c.word] & ~mask) | (c.value << c.shift & mask);
    if (c.word == 3 && c.shift == 16) // LAST_LEVEL beyond a chain of MAX_MIP 1
        host[1] = (host[1] & ~(15u << 16)) | 1u << 16;
    CHECK(hipMemcpy(dw, host, sizeof(host), hipMemcpyHostToDevice));
    hipTextureObject_t bad = reinterpret_cast<hipTextureObject_t>(dw);
    float *out;
    CHECK(hipMalloc(&out, 64 * sizeof(float)));
    if (!std::strcmp(c.kernel, "fetch2d"))
        fetch2d<<<1, 32>>>(bad, out);
    else if (!std::strcmp(c.kernel, "fetch_lod"))
        fetch_lod<<<1, 32>>>(bad, out);
    else
        fetch_cube<<<1, 32>>>(bad, out);
    hipError_t e = hipDeviceSynchronize();
    const char *msg = bh_get_last_error_message();
    if (e != hipErrorLaunchFailure || !std::strstr(msg, c.kernel) || !std::strstr(msg, c.message)) {
        std::printf("  %s: %s (%s), want hipErrorLaunchFailure naming %s and \"%s\"\n", c.what,
                    hipGetErrorName(e), msg, c.kernel, c.message);
        return 1;
    }
    return 0;
#else
    (void)c;
    return 0;
#endif
}

int main()
{
    // Which GPU, without a HIP call in this process (each child makes its
    // own): the sim board's, or its default.
    const char *board = std::getenv("BAREHIP_BOARD");
    if (board && std::strcmp(board, "sim")) {
        // The model's faults are the same through KFD and barehip.ko, but
        // their messages are the driver's: this test reads the model's.
        std::printf("image_faults: PASS (skipped: the %s board reports faults its own way)\n",
                    board);
        return 0;
    }
    int n = 0, failed = 0, ran = 0;
    for (const Case &c : cases) {
        n++;
        int fd[2];
        if (pipe(fd))
            return 2;
        pid_t pid = fork();
        if (pid == 0) {
            close(fd[0]);
            hipDeviceProp_t p;
            int images = 0;
            CHECK(hipGetDeviceProperties(&p, 0));
            CHECK(hipDeviceGetAttribute(&images, hipDeviceAttributeImageSupport, 0));
            bool gfx11 = !std::strncmp(p.gcnArchName, "gfx11", 5);
            char verdict = 's'; // skipped on this GPU
            if (images && !(c.gfx11_only && !gfx11) && !(c.gfx9_only && gfx11))
                verdict = run_case(c) ? 'f' : 'p';
            if (write(fd[1], &verdict, 1) != 1)
                _exit(2);
            _exit(0);
        }
        close(fd[1]);
        char verdict = 'f';
        int status = 0;
        if (read(fd[0], &verdict, 1) != 1)
            verdict = 'f';
        close(fd[0]);
        waitpid(pid, &status, 0);
        if (verdict == 'f' || !WIFEXITED(status) || WEXITSTATUS(status)) {
            std::printf("  case %d (%s) failed\n", n, c.what);
            failed++;
        }
        ran += verdict == 'p';
        std::printf("  [%d of %zu] %s: %s\n", n, sizeof(cases) / sizeof(cases[0]), c.what,
                    verdict == 'p' ? "refused, named" : verdict == 's' ? "not on this GPU"
                                                                     : "FAILED");
    }
    if (failed) {
        std::printf("image_faults: FAIL (%d of %d)\n", failed, n);
        return 1;
    }
    std::printf("image_faults: PASS (%d faults refused and named)\n", ran);
    return 0;
}
