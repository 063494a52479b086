// Warp-level programming, as in the HIP samples: a warp sum by
// __shfl_down, a butterfly maximum by __shfl_xor, an inclusive prefix sum
// by __shfl_up, a broadcast by __shfl, a vote by __ballot and counting
// its bits, and the bit-manipulation intrinsics (__bitextract_u32,
// __byte_perm, __brev, __popc, __clz, __ffs) on every lane's value --
// each result checked against the same operation done on the host.
// Warps are warpSize lanes (64 on gfx9, 32 on gfx11), read from the
// device; a block of 128 threads holds two or four of them.
#include <hip/hip_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
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

constexpr int BLOCK = 128;
constexpr int GRID = 3;
constexpr int N = GRID * BLOCK;

// Per-thread results of the shuffles and the vote.
struct WarpOut {
    int sum;            // __shfl_down reduction, lane 0 holds it, broadcast by __shfl
    int max;            // __shfl_xor butterfly: every lane holds it
    int prefix;         // __shfl_up inclusive scan
    int from_lane_7;    // __shfl(v, 7)
    uint64_t ballot;    // __ballot(v is odd)
    int odd_lanes;      // __popcll(ballot)
};

// Per-thread results of the bit intrinsics.
struct BitsOut {
    unsigned int extract;   // __bitextract_u32(x, lane % 32, 1 + lane % 9)
    unsigned int perm;      // __byte_perm(x, y, selector)
    unsigned int brev;
    unsigned int popc;
    int clz;
    unsigned int ffs;
};

__host__ __device__ inline int value_of(int i)
{
    return ((i * 7919) % 211) - 100;
}
__host__ __device__ inline unsigned int bits_of(int i)
{
    return static_cast<unsigned int>(i) * 2654435761u ^ (static_cast<unsigned int>(i) << 13);
}
__host__ __device__ inline unsigned int selector_of(int lane)
{
    return static_cast<unsigned int>(lane * 0x1357) & 0x7777u;
}

__global__ void warp_ops(const int* in, WarpOut* out)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int lane = threadIdx.x % warpSize;
    const int v = in[i];

    int sum = v;
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        sum += __shfl_down(sum, offset);
    sum = __shfl(sum, 0);

    int mx = v;
    for (int mask = warpSize / 2; mask > 0; mask /= 2) {
        const int other = __shfl_xor(mx, mask);
        mx = other > mx ? other : mx;
    }

    int prefix = v;
    for (int offset = 1; offset < warpSize; offset *= 2) {
        const int other = __shfl_up(prefix, offset);
        if (lane >= offset)
            prefix += other;
    }

    const unsigned long long odd = __ballot(v & 1);
    out[i] = WarpOut{sum, mx, prefix, __shfl(v, 7), odd, static_cast<int>(__popcll(odd))};
}

__global__ void bit_ops(BitsOut* out)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int lane = threadIdx.x % warpSize;
    const unsigned int x = bits_of(i), y = bits_of(i + 1000);

    out[i].extract = __bitextract_u32(x, lane % 32, 1 + lane % 9);
    out[i].perm = __byte_perm(x, y, selector_of(lane));
    out[i].brev = __brev(x);
    out[i].popc = __popc(x);
    out[i].clz = __clz(static_cast<int>(x >> (lane % 32)));
    out[i].ffs = __ffs(static_cast<int>(x << (lane % 32)));
}

// Host references, written the plain way.
static unsigned int host_byte_perm(unsigned int x, unsigned int y, unsigned int s)
{
    const uint64_t both = (static_cast<uint64_t>(y) << 32) | x;
    unsigned int r = 0;
    for (int b = 0; b < 4; ++b) {
        const unsigned int pick = (s >> (4 * b)) & 7;
        r |= static_cast<unsigned int>((both >> (8 * pick)) & 0xff) << (8 * b);
    }
    return r;
}
static unsigned int host_brev(unsigned int x)
{
    unsigned int r = 0;
    for (int b = 0; b < 32; ++b)
        if (x & (1u << b))
            r |= 1u << (31 - b);
    return r;
}
static unsigned int host_popc(unsigned int x)
{
    unsigned int n = 0;
    for (; x; x >>= 1)
        n += x & 1;
    return n;
}
static int host_clz(unsigned int x)
{
    int n = 0;
    for (int b = 31; b >= 0 && !(x & (1u << b)); --b)
        ++n;
    return n;
}
static unsigned int host_ffs(unsigned int x)
{
    for (int b = 0; b < 32; ++b)
        if (x & (1u << b))
            return b + 1;
    return 0;
}

static int errors;

template <class T> static void check(T got, T want, int i, const char* what)
{
    if (got != want && errors++ < 10)
        std::printf("  thread %d: %s = %lld, expected %lld\n", i, what,
                    static_cast<long long>(got), static_cast<long long>(want));
}

// The wave size the kernels were built for.  warpSize is a constant of
// the device code: 64 on gfx9, 32 on gfx11 -- or 64 there too when built
// with -mwavefrontsize64, while hipDeviceAttributeWarpSize stays the
// device's native 32.  So the host asks the device code itself.
__global__ void read_warp_size(int* w)
{
    *w = warpSize;
}

static int device_warp_size()
{
    int *d = nullptr, h = 0;
    if (hipMalloc(&d, sizeof(int)) != hipSuccess)
        return 0;
    read_warp_size<<<1, 1>>>(d);
    if (hipMemcpy(&h, d, sizeof(int), hipMemcpyDeviceToHost) != hipSuccess)
        h = 0;
    hipFree(d);
    return h;
}

int main()
{
    const int warp_size = device_warp_size();
    if (warp_size != 32 && warp_size != 64) {
        std::printf("warp_intrinsics: FAIL (warpSize %d, this program knows 32 and 64)\n",
                    warp_size);
        return EXIT_FAILURE;
    }
    const int WARP = warp_size;

    std::vector<int> in(N);
    for (int i = 0; i < N; ++i)
        in[i] = value_of(i);
    int* d_in{};
    WarpOut* d_warp{};
    BitsOut* d_bits{};
    HIP_CHECK(hipMalloc(&d_in, N * sizeof(int)));
    HIP_CHECK(hipMalloc(&d_warp, N * sizeof(WarpOut)));
    HIP_CHECK(hipMalloc(&d_bits, N * sizeof(BitsOut)));
    HIP_CHECK(hipMemcpy(d_in, in.data(), N * sizeof(int), hipMemcpyHostToDevice));
    hipLaunchKernelGGL(warp_ops, dim3(GRID), dim3(BLOCK), 0, 0, d_in, d_warp);
    HIP_CHECK(hipGetLastError());
    hipLaunchKernelGGL(bit_ops, dim3(GRID), dim3(BLOCK), 0, 0, d_bits);
    HIP_CHECK(hipGetLastError());
    std::vector<WarpOut> w(N);
    std::vector<BitsOut> b(N);
    HIP_CHECK(hipMemcpy(w.data(), d_warp, N * sizeof(WarpOut), hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(b.data(), d_bits, N * sizeof(BitsOut), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d_in));
    HIP_CHECK(hipFree(d_warp));
    HIP_CHECK(hipFree(d_bits));

    for (int warp = 0; warp < N / WARP; ++warp) {
        const int first = warp * WARP;
        int sum = 0, mx = in[first], prefix = 0;
        uint64_t odd = 0;
        for (int l = 0; l < WARP; ++l) {
            sum += in[first + l];
            mx = in[first + l] > mx ? in[first + l] : mx;
            if (in[first + l] & 1)
                odd |= 1ull << l;
        }
        for (int l = 0; l < WARP; ++l) {
            const int i = first + l;
            prefix += in[i];
            check(w[i].sum, sum, i, "__shfl_down sum");
            check(w[i].max, mx, i, "__shfl_xor max");
            check(w[i].prefix, prefix, i, "__shfl_up prefix");
            check(w[i].from_lane_7, in[first + 7], i, "__shfl(v, 7)");
            check(w[i].ballot, odd, i, "__ballot(odd)");
            check(w[i].odd_lanes, static_cast<int>(host_popc(static_cast<unsigned int>(odd)) +
                                                   host_popc(static_cast<unsigned int>(odd >> 32))),
                  i, "__popcll(ballot)");

            const unsigned int x = bits_of(i), y = bits_of(i + 1000);
            const unsigned int off = l % 32, width = 1 + l % 9;
            // ROCm's rule (docs/device-language.md): a field inside the
            // word is bits off..off+width-1; one that runs past bit 31
            // gives bit i from bit off + i - 32, 0 where that is negative.
            unsigned int field = 0;
            for (unsigned int k = 0; k < width; ++k) {
                const unsigned int p = off + k;
                if (off + width <= 32)
                    field |= ((x >> p) & 1u) << k;
                else if (p >= 32)
                    field |= ((x >> (p - 32)) & 1u) << k;
            }
            check(b[i].extract, field, i, "__bitextract_u32");
            check(b[i].perm, host_byte_perm(x, y, selector_of(l)), i, "__byte_perm");
            check(b[i].brev, host_brev(x), i, "__brev");
            check(b[i].popc, host_popc(x), i, "__popc");
            check(b[i].clz, host_clz(x >> off), i, "__clz");
            check(b[i].ffs, host_ffs(x << off), i, "__ffs");
        }
    }
    if (errors) {
        std::printf("warp_intrinsics: FAIL (%d wrong results)\n", errors);
        return EXIT_FAILURE;
    }
    std::printf("warp_intrinsics: PASS (%d warps of %d lanes: shuffles, ballot, "
                "6 bit intrinsics)\n", N / WARP, WARP);
    return EXIT_SUCCESS;
}
