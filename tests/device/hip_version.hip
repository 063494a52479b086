// The HIP version barehip reports, and the behaviour that goes with it
// (docs/device-language.md "HIP version"): HIP_VERSION_MAJOR/MINOR/PATCH
// and HIP_VERSION as host and device code see them, hipRuntimeGetVersion
// and hipDriverGetVersion all say 7.0.0; and the one-scalar constructor
// of every vector type (char1 .. double4) follows the version: from
// HIP 7 it sets .x and zeroes the rest (HIP 6 broadcast the scalar), in
// host and in device code.  Two runtime changes of HIP 7.0 too:
// hipGetLastError returns the last error, not the last call's result,
// hipModuleLoad of an empty file is an invalid image, and
// hipMemcpyHtoD's source is a void *.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <unistd.h>

static_assert(std::is_same<decltype(&hipMemcpyHtoD),
                           hipError_t (*)(hipDeviceptr_t, void*, size_t)>::value,
              "HIP 7.0: hipMemcpyHtoD(hipDeviceptr_t, void *, size_t)");

// Every vector type: X(type, element).
#define VECTOR_TYPES(X)                                                                      \
    X(char1, char) X(char2, char) X(char3, char) X(char4, char)                             \
    X(uchar1, unsigned char) X(uchar2, unsigned char) X(uchar3, unsigned char)              \
    X(uchar4, unsigned char) X(short1, short) X(short2, short) X(short3, short)             \
    X(short4, short) X(ushort1, unsigned short) X(ushort2, unsigned short)                  \
    X(ushort3, unsigned short) X(ushort4, unsigned short) X(int1, int) X(int2, int)         \
    X(int3, int) X(int4, int) X(uint1, unsigned int) X(uint2, unsigned int)                 \
    X(uint3, unsigned int) X(uint4, unsigned int) X(long1, long) X(long2, long)             \
    X(long3, long) X(long4, long) X(ulong1, unsigned long) X(ulong2, unsigned long)         \
    X(ulong3, unsigned long) X(ulong4, unsigned long) X(longlong1, long long)               \
    X(longlong2, long long) X(longlong3, long long) X(longlong4, long long)                 \
    X(ulonglong1, unsigned long long) X(ulonglong2, unsigned long long)                     \
    X(ulonglong3, unsigned long long) X(ulonglong4, unsigned long long) X(float1, float)    \
    X(float2, float) X(float3, float) X(float4, float) X(double1, double)                   \
    X(double2, double) X(double3, double) X(double4, double)

#define COUNT(V, T) +1
static const unsigned n_types = 0 VECTOR_TYPES(COUNT);
static const unsigned slot = 32; // bytes per type in the output: double4

// What each type's one-scalar constructor builds from s (s differs per
// call, so a stale value shows).  The scalar's type is the element's.
template <class V, class T> __host__ __device__ static void construct(unsigned char* o, T s)
{
    V v(s);
    __builtin_memcpy(o, &v, sizeof(v));
}

__host__ __device__ static void construct_all(unsigned char* out, int seed)
{
    unsigned i = 0;
#define CONSTRUCT(V, T) construct<V, T>(out + slot * i, static_cast<T>(seed + 3 * i + 1)), ++i;
    VECTOR_TYPES(CONSTRUCT)
}

struct DeviceVersion {
    int major, minor, patch, version;
};

__global__ void on_device(unsigned char* out, DeviceVersion* ver, int seed)
{
    if (threadIdx.x != 0)
        return;
    construct_all(out, seed);
    *ver = {HIP_VERSION_MAJOR, HIP_VERSION_MINOR, HIP_VERSION_PATCH, HIP_VERSION};
}

static unsigned failures;

static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::printf("  FAILED: %s\n", what);
        ++failures;
    }
}

// The value a vector's component should hold, by the version's rule.
template <class V, class T>
static void check_type(const char* name, const unsigned char* got, unsigned i, int seed,
                       const char* where)
{
    const unsigned n = sizeof(V) / sizeof(T); // T3 is unpadded
    const T s = static_cast<T>(seed + 3 * i + 1);
    T c[4];
    std::memcpy(c, got + slot * i, n * sizeof(T));
    for (unsigned k = 0; k < n; ++k) {
        const T want = k == 0 || HIP_VERSION_MAJOR < 7 ? s : static_cast<T>(0);
        if (c[k] != want && failures++ < 24)
            std::printf("  %s: %s(%g) component %u is %g, HIP %d.%d wants %g\n", where, name,
                        (double)s, k, (double)c[k], HIP_VERSION_MAJOR, HIP_VERSION_MINOR,
                        (double)want);
    }
}

static void check_all(const unsigned char* got, int seed, const char* where)
{
    unsigned i = 0;
#define CHECK(V, T) check_type<V, T>(#V, got, i, seed, where), ++i;
    VECTOR_TYPES(CHECK)
}

int main()
{
    // The version: the macros, encoded as HIP encodes them, and what the
    // runtime reports.
    expect(HIP_VERSION_MAJOR == 7 && HIP_VERSION_MINOR == 0 && HIP_VERSION_PATCH == 0,
           "HIP_VERSION_MAJOR.MINOR.PATCH is 7.0.0");
    expect(HIP_VERSION == HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 +
                              HIP_VERSION_PATCH,
           "HIP_VERSION is major * 10^7 + minor * 10^5 + patch");
    int rt = 0, drv = 0;
    expect(hipRuntimeGetVersion(&rt) == hipSuccess && rt == HIP_VERSION,
           "hipRuntimeGetVersion reports HIP_VERSION");
    expect(hipDriverGetVersion(&drv) == hipSuccess && drv == HIP_VERSION,
           "hipDriverGetVersion reports HIP_VERSION");
    expect(rt == 70000000, "hipRuntimeGetVersion reports 70000000");

    // HIP 7.0's hipGetLastError: a later success does not hide an error.
    std::printf("(an invalid-value error is expected next)\n");
    expect(hipMalloc(nullptr, 64) == hipErrorInvalidValue, "hipMalloc(nullptr) fails");
    expect(hipSetDevice(0) == hipSuccess, "hipSetDevice(0)");
    expect(hipGetLastError() == hipErrorInvalidValue,
           "hipGetLastError returns the error from before a success");
    expect(hipGetLastError() == hipSuccess, "... and clears it");

    char empty[] = "/tmp/hip_version.XXXXXX";
    int fd = mkstemp(empty);
    expect(fd >= 0, "an empty temporary file");
    if (fd >= 0) {
        close(fd);
        hipModule_t m = nullptr;
        std::printf("(an invalid-image error is expected next)\n");
        expect(hipModuleLoad(&m, empty) == hipErrorInvalidImage,
               "hipModuleLoad of an empty file: hipErrorInvalidImage");
        unlink(empty);
        (void)hipGetLastError();
    }

    // The constructors, on the host and on the device (with its macros).
    static unsigned char host[n_types * slot], dev[n_types * slot];
    const int seed = 40;
    std::memset(host, 0xa5, sizeof(host));
    construct_all(host, seed);
    check_all(host, seed, "host");

    unsigned char* d_out = nullptr;
    DeviceVersion* d_ver = nullptr;
    DeviceVersion ver = {};
    hipError_t e = hipMalloc(&d_out, sizeof(dev));
    if (e == hipSuccess)
        e = hipMalloc(&d_ver, sizeof(ver));
    if (e == hipSuccess)
        e = hipMemset(d_out, 0xa5, sizeof(dev));
    if (e != hipSuccess) {
        std::printf("hip_version: FAIL (setup: %s)\n", hipGetErrorString(e));
        return 1;
    }
    on_device<<<1, 64>>>(d_out, d_ver, seed);
    e = hipMemcpy(dev, d_out, sizeof(dev), hipMemcpyDeviceToHost);
    if (e == hipSuccess)
        e = hipMemcpy(&ver, d_ver, sizeof(ver), hipMemcpyDeviceToHost);
    if (e != hipSuccess) {
        std::printf("hip_version: FAIL (launch: %s)\n", hipGetErrorString(e));
        return 1;
    }
    hipFree(d_out);
    hipFree(d_ver);
    check_all(dev, seed, "device");
    expect(ver.major == HIP_VERSION_MAJOR && ver.minor == HIP_VERSION_MINOR &&
               ver.patch == HIP_VERSION_PATCH && ver.version == HIP_VERSION,
           "device code sees the host's HIP_VERSION macros");

    if (failures) {
        std::printf("hip_version: FAIL (%u checks)\n", failures);
        return 1;
    }
    std::printf("hip_version: PASS (HIP %d.%d.%d; %u vector types, host and device)\n",
                HIP_VERSION_MAJOR, HIP_VERSION_MINOR, HIP_VERSION_PATCH, n_types);
    return 0;
}
