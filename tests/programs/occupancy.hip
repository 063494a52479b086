// Occupancy, as in the HIP samples: ask the runtime what a kernel uses
// (hipFuncGetAttributes) and how many of its blocks a compute unit holds
// (hipOccupancyMaxActiveBlocksPerMultiprocessor), let it suggest a block
// size (hipOccupancyMaxPotentialBlockSize) and launch with it.
//
// Every answer is checked against a hand calculation from the kernel's
// register and shared-memory use and the device's properties, using the
// rules of a gfx9 compute unit: 4 SIMDs, each with maxThreadsPerMP /
// warpSize / 4 wave slots and a file of regsPerMP / warpSize / 4 VGPRs
// per lane, allocated to a wave in granules of 8; blocks are whole waves
// spread over the SIMDs, at most maxBlocksPerMultiProcessor of them, and
// share the CU's LDS in granules of 512 bytes.  (SGPRs limit a wave only
// past 96 of them; these kernels use far fewer.)  A register-heavy
// kernel is then launched cooperatively with every block the calculation
// says fits, and synchronises across the grid -- which completes only if
// the device really holds them all at once.
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_runtime.h>

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

namespace cg = cooperative_groups;

__constant__ float coefficients[32];   // 128 bytes: constSizeBytes of every kernel here

// Few registers, no shared memory.
__global__ void light(float* out, unsigned int n)
{
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += blockDim.x * gridDim.x)
        out[i] = coefficients[i % 32] * static_cast<float>(i);
}

// 16 KiB of static shared memory: the LDS limits it to 4 blocks per CU.
__global__ void lds_heavy(float* out)
{
    __shared__ float tile[4096];
    for (unsigned int i = threadIdx.x; i < 4096; i += blockDim.x)
        tile[i] = static_cast<float>(i);
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = tile[4095 - threadIdx.x % 4096];
}

// At most 128 threads per block.
__global__ void __launch_bounds__(128) bounded(float* out)
{
    out[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f;
}

// A private array indexed at run time lives in scratch (localSizeBytes).
__global__ void scratchy(const int* idx, int* out)
{
    int buf[256];
    for (int i = 0; i < 256; ++i)
        buf[i] = i * idx[threadIdx.x % 4];
    out[threadIdx.x] = buf[idx[threadIdx.x] & 255];
}

// An 8 x 8 register tile of C = A * B per thread: 64 accumulators and 16
// operands live at once, so registers limit the waves per SIMD.
constexpr int KDIM = 8;
__device__ void register_tile(const float* a, const float* b, float* c, unsigned int t)
{
    float acc[8][8] = {};
    for (int k = 0; k < KDIM; ++k) {
        float av[8], bv[8];
        for (int i = 0; i < 8; ++i) {
            av[i] = a[(k * 8 + i) * 64 + t % 64];
            bv[i] = b[(k * 8 + i) * 64 + (t / 64) % 64];
        }
        for (int i = 0; i < 8; ++i)
            for (int j = 0; j < 8; ++j)
                acc[i][j] += av[i] * bv[j];
    }
    for (int i = 0; i < 8; ++i)
        for (int j = 0; j < 8; ++j)
            c[static_cast<size_t>(t) * 64 + i * 8 + j] = acc[i][j];
}

__global__ void heavy(const float* a, const float* b, float* c)
{
    register_tile(a, b, c, blockIdx.x * blockDim.x + threadIdx.x);
}

// The same, then a grid-wide barrier, then a check of another block's
// tile against the same tile computed elsewhere (another block's first
// element equals thread (other % 4096)'s): needs every block resident
// at once, and every block to have written before anyone reads.
__global__ void heavy_sync(const float* a, const float* b, float* c, unsigned int* mismatches)
{
    cg::grid_group grid = cg::this_grid();
    const unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    register_tile(a, b, c, t);
    grid.sync();
    const unsigned int other = (t + blockDim.x) % static_cast<unsigned int>(grid.size());
    if (c[static_cast<size_t>(other) * 64] != c[static_cast<size_t>(other % 4096) * 64])
        atomicAdd(mismatches, 1u);
}

static int errors;

static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::printf("  WRONG: %s\n", what);
        ++errors;
    }
}

static int round_up(int v, int granule)
{
    return (v + granule - 1) / granule * granule;
}

// The hand calculation: blocks of @block threads with @dyn bytes of
// dynamic shared memory resident on one CU.
static int hand_blocks(const hipFuncAttributes& a, const hipDeviceProp_t& p, int block,
                       size_t dyn)
{
    const int simds = 4;
    if (block <= 0 || block > a.maxThreadsPerBlock)
        return 0;
    const int slots = p.maxThreadsPerMultiProcessor / p.warpSize / simds;
    const int file = p.regsPerMultiprocessor / p.warpSize / simds;
    const int regs = round_up(a.numRegs > 0 ? a.numRegs : 1, 8);
    const int waves_per_simd = std::min(slots, file / regs);
    const int waves_per_block = (block + p.warpSize - 1) / p.warpSize;
    int blocks = std::min(waves_per_simd * simds / waves_per_block, p.maxBlocksPerMultiProcessor);
    const size_t lds = a.sharedSizeBytes + dyn;
    if (lds)
        blocks = std::min<int>(blocks, static_cast<int>(p.maxSharedMemoryPerMultiProcessor /
                                                        round_up(static_cast<int>(lds), 512)));
    return blocks;
}

// The block size with the most resident threads (the largest on a tie),
// by trying every multiple of the warp size, with the hand calculation.
template <class Smem>
static void hand_best(const hipFuncAttributes& a, const hipDeviceProp_t& p, Smem smem,
                      int* grid, int* block)
{
    int best = 0, best_blocks = 0;
    for (int top = a.maxThreadsPerBlock; top > 0; top -= p.warpSize) {
        const int blocks = hand_blocks(a, p, top, smem(top));
        if (top * blocks > best * best_blocks) {
            best = top;
            best_blocks = blocks;
        }
    }
    *grid = best_blocks * p.multiProcessorCount;
    *block = best;
}

struct Kernel {
    const char* name;
    const void* fn;
};

static void check_kernel(const Kernel& k, const hipDeviceProp_t& p, hipFuncAttributes* out)
{
    hipFuncAttributes a;
    HIP_CHECK(hipFuncGetAttributes(&a, k.fn));
    *out = a;
    std::printf("  %-10s numRegs %3d  shared %5zu  local %5zu  const %3zu  maxThreads %4d  "
                "maxDynShared %5d  binary %d\n", k.name, a.numRegs, a.sharedSizeBytes,
                a.localSizeBytes, a.constSizeBytes, a.maxThreadsPerBlock,
                a.maxDynamicSharedSizeBytes, a.binaryVersion);
    expect(a.numRegs > 0, "numRegs is positive");
    expect(a.constSizeBytes == sizeof(coefficients), "constSizeBytes is the __constant__ data");
    expect(a.binaryVersion == p.major * 10 + p.minor && a.ptxVersion == a.binaryVersion,
           "binaryVersion is major * 10 + minor");
    expect(a.maxDynamicSharedSizeBytes ==
               static_cast<int>(p.sharedMemPerBlock - a.sharedSizeBytes),
           "maxDynamicSharedSizeBytes is what the static shared memory leaves");

    const int sizes[] = {1, 64, 65, 128, 192, 256, 320, 512, 640, 1024, 1025};
    const size_t dyns[] = {0, 1, 5000, 20000, 65536};
    int lines = 0;
    for (int b : sizes)
        for (size_t d : dyns) {
            int got = -1, with_flags = -1;
            HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&got, k.fn, b, d));
            HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
                &with_flags, k.fn, b, d, hipOccupancyDisableCachingOverride));
            const int want = hand_blocks(a, p, b, d);
            if ((got != want || with_flags != want) && lines++ < 5) {
                std::printf("  WRONG: %s with %d threads, %zu dynamic bytes: %d (flags %d) "
                            "blocks per CU, by hand %d\n", k.name, b, d, got, with_flags, want);
                ++errors;
            }
        }

    // More shared memory than a CU has, up to sizes whose sum with the
    // static part or whose round-up to the LDS granule wraps 32 bits: no
    // block fits, 0 and hipSuccess (as ROCm's HIP answers), never a
    // SIGFPE or a wrapped count.
    const size_t huge[] = {p.maxSharedMemoryPerMultiProcessor + 1,
                           0x100000000ull - a.sharedSizeBytes,
                           0xfffffe01ull - a.sharedSizeBytes,
                           0xffffffffull,
                           0x100000000ull,
                           ~size_t{0}};
    for (size_t d : huge) {
        int got = -1;
        hipError_t e = hipOccupancyMaxActiveBlocksPerMultiprocessor(&got, k.fn, 64, d);
        if ((e != hipSuccess || got != 0) && lines++ < 5) {
            std::printf("  WRONG: %s with %zu dynamic bytes: %s, %d blocks per CU, want 0\n",
                        k.name, d, hipGetErrorName(e), got);
            ++errors;
        }
    }

    int grid = -1, block = -1, want_grid = 0, want_block = 0;
    HIP_CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &block, k.fn, 0, 0));
    hand_best(a, p, [](int) { return size_t{0}; }, &want_grid, &want_block);
    std::printf("  %-10s suggested block %4d, grid %5d (%d per CU)\n", k.name, block, grid,
                grid / p.multiProcessorCount);
    expect(block == want_block && grid == want_grid,
           "hipOccupancyMaxPotentialBlockSize matches the hand search");

    // Shared memory growing with the block: 32 bytes per thread.
    auto per_thread = [](int threads) { return static_cast<size_t>(threads) * 32; };
    HIP_CHECK(hipOccupancyMaxPotentialBlockSizeVariableSMem(&grid, &block, k.fn, per_thread));
    hand_best(a, p, per_thread, &want_grid, &want_block);
    expect(block == want_block && grid == want_grid,
           "hipOccupancyMaxPotentialBlockSizeVariableSMem matches the hand search");

    // A limit below the best: the limit's own size when it fits best.
    HIP_CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &block, k.fn, 0, 100));
    expect(block > 0 && block <= 100, "blockSizeLimit 100 is respected");
}

int main()
{
    hipDeviceProp_t p;
    HIP_CHECK(hipGetDeviceProperties(&p, 0));
    std::printf("  %s: %d CUs, %d threads and %d blocks per CU, %d registers per CU, "
                "%zu bytes of LDS per CU\n", p.gcnArchName, p.multiProcessorCount,
                p.maxThreadsPerMultiProcessor, p.maxBlocksPerMultiProcessor,
                p.regsPerMultiprocessor, p.maxSharedMemoryPerMultiProcessor);
    float coeffs[32];
    for (int i = 0; i < 32; ++i)
        coeffs[i] = static_cast<float>(i % 5 + 1);
    HIP_CHECK(hipMemcpyToSymbol(coefficients, coeffs, sizeof(coeffs)));

    const Kernel kernels[] = {
        {"light", reinterpret_cast<const void*>(light)},
        {"lds_heavy", reinterpret_cast<const void*>(lds_heavy)},
        {"bounded", reinterpret_cast<const void*>(bounded)},
        {"scratchy", reinterpret_cast<const void*>(scratchy)},
        {"heavy", reinterpret_cast<const void*>(heavy)},
        {"heavy_sync", reinterpret_cast<const void*>(heavy_sync)},
    };
    hipFuncAttributes attr[6];
    for (int i = 0; i < 6; ++i)
        check_kernel(kernels[i], p, &attr[i]);
    expect(attr[0].sharedSizeBytes == 0 && attr[0].localSizeBytes == 0 &&
               attr[0].maxThreadsPerBlock == p.maxThreadsPerBlock,
           "light: no shared or local memory, any block size");
    expect(attr[1].sharedSizeBytes == 4096 * sizeof(float), "lds_heavy: 16 KiB of shared memory");
    expect(attr[2].maxThreadsPerBlock == 128, "bounded: __launch_bounds__(128)");
    expect(attr[3].localSizeBytes >= 256 * sizeof(int), "scratchy: its array is in scratch");
    expect(attr[4].numRegs > 64, "heavy: more than 64 registers, so they limit occupancy");

    // The light kernel at its suggested size computes the right thing.
    int grid = 0, block = 0;
    HIP_CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &block, light, 0, 0));
    const unsigned int n = 123457;
    float* d_out{};
    HIP_CHECK(hipMalloc(&d_out, n * sizeof(float)));
    light<<<grid, block>>>(d_out, n);
    HIP_CHECK(hipGetLastError());
    std::vector<float> out(n);
    HIP_CHECK(hipMemcpy(out.data(), d_out, n * sizeof(float), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d_out));
    int wrong = 0;
    for (unsigned int i = 0; i < n; ++i)
        wrong += out[i] != coeffs[i % 32] * static_cast<float>(i);
    expect(wrong == 0, "light at the suggested block size and grid");
    std::printf("  light: %u elements by %d blocks of %d: %s\n", n, grid, block,
                wrong ? "wrong" : "ok");

    // The register-heavy kernel, cooperatively, with every block the hand
    // calculation says fits: the grid barrier completes only if it does.
    int per_cu = hand_blocks(attr[5], p, 256, 0);
    const unsigned int blocks = static_cast<unsigned int>(per_cu * p.multiProcessorCount);
    const unsigned int threads = blocks * 256;
    std::vector<float> a(KDIM * 8 * 64), b(KDIM * 8 * 64);
    for (size_t i = 0; i < a.size(); ++i) {
        a[i] = static_cast<float>(static_cast<int>(i * 7 % 9) - 4);
        b[i] = static_cast<float>(static_cast<int>(i * 5 % 7) - 3);
    }
    float *d_a{}, *d_b{}, *d_c{};
    unsigned int* d_mismatch{};
    HIP_CHECK(hipMalloc(&d_a, a.size() * sizeof(float)));
    HIP_CHECK(hipMalloc(&d_b, b.size() * sizeof(float)));
    HIP_CHECK(hipMalloc(&d_c, static_cast<size_t>(threads) * 64 * sizeof(float)));
    HIP_CHECK(hipMalloc(&d_mismatch, sizeof(unsigned int)));
    HIP_CHECK(hipMemset(d_mismatch, 0, sizeof(unsigned int)));
    // All-ones bytes are NaNs: a tile read before its block wrote it
    // compares unequal to anything.
    HIP_CHECK(hipMemset(d_c, 0xff, static_cast<size_t>(threads) * 64 * sizeof(float)));
    HIP_CHECK(hipMemcpy(d_a, a.data(), a.size() * sizeof(float), hipMemcpyHostToDevice));
    HIP_CHECK(hipMemcpy(d_b, b.data(), b.size() * sizeof(float), hipMemcpyHostToDevice));
    void* args[] = {&d_a, &d_b, &d_c, &d_mismatch};
    HIP_CHECK(hipLaunchCooperativeKernel(heavy_sync, dim3(blocks), dim3(256), args, 0, 0));
    HIP_CHECK(hipDeviceSynchronize());
    std::vector<float> c(static_cast<size_t>(threads) * 64);
    unsigned int mismatches = 0;
    HIP_CHECK(hipMemcpy(c.data(), d_c, c.size() * sizeof(float), hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(&mismatches, d_mismatch, sizeof(mismatches), hipMemcpyDeviceToHost));
    wrong = 0;
    for (unsigned int t = 0; t < threads; t += 97)   // a sample of the tiles
        for (int i = 0; i < 8; ++i)
            for (int j = 0; j < 8; ++j) {
                float want = 0;
                for (int k = 0; k < KDIM; ++k)
                    want += a[(k * 8 + i) * 64 + t % 64] * b[(k * 8 + j) * 64 + (t / 64) % 64];
                wrong += c[static_cast<size_t>(t) * 64 + i * 8 + j] != want;
            }
    expect(wrong == 0 && mismatches == 0, "heavy_sync's tiles");
    std::printf("  heavy_sync: %d blocks of 256 per CU x %d CUs = %u blocks resident at once, "
                "grid barrier passed: %s\n", per_cu, p.multiProcessorCount, blocks,
                wrong || mismatches ? "wrong" : "ok");

    // Also launched the ordinary way at its suggested size.
    HIP_CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &block, heavy, 0, 0));
    heavy<<<dim3(4), dim3(block)>>>(d_a, d_b, d_c);
    HIP_CHECK(hipDeviceSynchronize());
    HIP_CHECK(hipFree(d_a));
    HIP_CHECK(hipFree(d_b));
    HIP_CHECK(hipFree(d_c));
    HIP_CHECK(hipFree(d_mismatch));

    if (errors) {
        std::printf("occupancy: FAIL (%d checks)\n", errors);
        return EXIT_FAILURE;
    }
    std::printf("occupancy: PASS (6 kernels x 55 launch shapes match the hand calculation; "
                "%u register-heavy blocks resident at once)\n", blocks);
    return EXIT_SUCCESS;
}
