// Cooperative groups' thread-block tiles: thread_block_tile<N> from
// tiled_partition<N>(block) for every N from 1 to warpSize (64 on gfx9,
// 32 on gfx11, where a tile of 64 does not compile), and the dynamic
// tiled_partition(block, n).  Per tile, each thread records:
//   - thread_rank, size, num_threads, meta_group_rank/_size, and the same
//     through a plain thread_group (the tile keeps its shape);
//   - a sum by shfl_down (rank 0 holds the tile's sum), an all-reduce by
//     shfl_xor butterflies, an inclusive scan by shfl_up, and a rotation
//     by shfl (rank r reads rank r+1) for each of the eight types the warp
//     shuffles take;
//   - ballot, any and all of chosen predicates, match_any of chosen labels
//     (as int, long long and double), match_all of values that agree in
//     even tiles only;
//   - an exchange through LDS across tile.sync() (rank r reads what rank
//     N-1-r stored);
//   - sub-tiles: tiled_partition<N/2>(tile) and its meta ranks;
//   - the dynamic partition's size, rank and validity (n = 3 and
//     n = 2 * warpSize are not valid tile sizes);
//   - cg::reduce with plus, greater, bit_xor and less, on int, unsigned,
//     long long and double.
// Blocks of 128 threads, and of 100: there a static tile past the block's
// end keeps size N, but ballot/any/all/match count only the lanes that
// exist and a shuffle from a missing lane reads 0, while the dynamic
// partition's last tile has its true size.  The host works every answer
// out from the definitions.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

#include <cstdio>
#include <algorithm>
#include <cstring>
#include <vector>

namespace cg = cooperative_groups;

enum Field {
    RANK, SIZE, NUM, META_RANK, META_SIZE, TG_SIZE, TG_RANK, FREE_SIZE,
    SUM_DOWN, SUM_XOR, SCAN,
    ROT_I, ROT_U, ROT_L, ROT_UL, ROT_LL, ROT_ULL, ROT_F, ROT_D,
    BALLOT, ANY, ALL, MATCH_I, MATCH_LL, MATCH_D, MATCH_ALL, MATCH_ALL_PRED,
    LDS, SUB_RANK, SUB_META_RANK, SUB_META_SIZE,
    DYN_SIZE, DYN_RANK, DYN_VALID, BAD_VALID,
    RED_SUM, RED_MAX, RED_XOR_LL, RED_MIN_D,
    kFields
};
const char* const kNames[kFields] = {
    "thread_rank", "size", "num_threads", "meta_group_rank", "meta_group_size",
    "thread_group size", "thread_group rank", "group_size(g)",
    "shfl_down sum", "shfl_xor sum", "shfl_up scan",
    "shfl int", "shfl unsigned", "shfl long", "shfl unsigned long", "shfl long long",
    "shfl unsigned long long", "shfl float", "shfl double",
    "ballot", "any", "all", "match_any int", "match_any long long", "match_any double",
    "match_all", "match_all pred",
    "LDS across sync", "sub-tile rank", "sub-tile meta_group_rank", "sub-tile meta_group_size",
    "tiled_partition(block, n) size", "tiled_partition(block, n) rank",
    "tiled_partition(block, n) is_valid", "invalid partitions' is_valid",
    "reduce plus<int>", "reduce greater<unsigned>", "reduce bit_xor<long long>",
    "reduce less<double>",
};
constexpr int kMaxThreads = 128, kBlocks = 2;
constexpr unsigned long long kUnset = 0x5e5e5e5e5e5e5e5eull;

// The inputs, from the thread's index in its block (t) and its tile.
__host__ __device__ int value(int t) { return (t * 37 + 11) % 101; }
__host__ __device__ bool ballot_pred(int t) { return value(t) % 3 == 0; }
__host__ __device__ bool any_pred(int tile, int rank, int n) { return tile % 3 == 0 && rank == n / 2; }
__host__ __device__ bool all_pred(int tile, int rank, int n) { return !(tile % 2 == 1 && rank == n - 1); }
__host__ __device__ int label(int tile, int rank, int n) { return (rank * 5 / n + tile) % 3; }
__host__ __device__ int agree(int tile, int rank, int n)
{
    return tile + (tile % 2 == 1 && rank == n / 2 ? 1000 : 0);
}
// 64-bit patterns whose halves both vary, for the rotations.
__host__ __device__ unsigned long long wide(int t) { return (t + 1) * 0x9e3779b97f4a7c15ull; }

template <typename T> __device__ unsigned long long bits(T v)
{
    unsigned long long b = 0;
    __builtin_memcpy(&b, &v, sizeof(T));
    return b;
}

template <typename T, unsigned N>
__device__ unsigned long long rotate(const cg::thread_block_tile<N>& tile, T v)
{
    return bits(tile.shfl(v, (int)((tile.thread_rank() + 1) % N)));
}

template <unsigned N>
__global__ void tiles(unsigned long long* out)
{
    if constexpr (N <= warpSize) {
        __shared__ int lds[kMaxThreads];
        cg::thread_block block = cg::this_thread_block();
        cg::thread_block_tile<N> tile = cg::tiled_partition<N>(block);
        const int t = block.thread_rank(), r = tile.thread_rank(), ti = t / N;
        unsigned long long* o = out + ((size_t)blockIdx.x * blockDim.x + t) * kFields;

        o[RANK] = r;
        o[SIZE] = tile.size();
        o[NUM] = tile.num_threads();
        o[META_RANK] = tile.meta_group_rank();
        o[META_SIZE] = tile.meta_group_size();
        cg::thread_group g = tile;
        o[TG_SIZE] = g.size();
        o[TG_RANK] = g.thread_rank();
        o[FREE_SIZE] = cg::group_size(tile);

        const int v = value(t);
        int sum = v;
        for (unsigned off = N / 2; off > 0; off /= 2)
            sum += tile.shfl_down(sum, off);
        o[SUM_DOWN] = sum;
        int all_sum = v;
        for (unsigned mask = 1; mask < N; mask *= 2)
            all_sum += tile.shfl_xor(all_sum, mask);
        o[SUM_XOR] = all_sum;
        int scan = v;
        for (unsigned off = 1; off < N; off *= 2) {
            int below = tile.shfl_up(scan, off);
            if ((unsigned)r >= off)
                scan += below;
        }
        o[SCAN] = scan;

        const unsigned long long w = wide(t);
        o[ROT_I] = rotate(tile, (int)w);
        o[ROT_U] = rotate(tile, (unsigned)w);
        o[ROT_L] = rotate(tile, (long)w);
        o[ROT_UL] = rotate(tile, (unsigned long)w);
        o[ROT_LL] = rotate(tile, (long long)w);
        o[ROT_ULL] = rotate(tile, w);
        o[ROT_F] = rotate(tile, (float)v + 0.25f);
        o[ROT_D] = rotate(tile, (double)w);

        o[BALLOT] = tile.ballot(ballot_pred(t));
        o[ANY] = tile.any(any_pred(ti, r, N));
        o[ALL] = tile.all(all_pred(ti, r, N));
        const int lab = label(ti, r, N);
        o[MATCH_I] = tile.match_any(lab);
        o[MATCH_LL] = tile.match_any((long long)lab << 40);
        o[MATCH_D] = tile.match_any(lab * 0.5);
        int pred = -1;
        o[MATCH_ALL] = tile.match_all(agree(ti, r, N), pred);
        o[MATCH_ALL_PRED] = pred;
        o[RED_SUM] = cg::reduce(tile, v, cg::plus<int>());
        o[RED_MAX] = cg::reduce(tile, (unsigned)v, cg::greater<unsigned>());
        o[RED_XOR_LL] = cg::reduce(tile, (long long)w, cg::bit_xor<long long>());
        o[RED_MIN_D] = bits(cg::reduce(tile, v * 0.5, cg::less<double>()));

        // Each rank stores, the tile syncs, each rank reads its mirror's slot.
        lds[t] = v;
        tile.sync();
        o[LDS] = lds[t - r + (N - 1 - r)];
        cg::sync(tile);

        if constexpr (N >= 2) {
            cg::thread_block_tile<N / 2> sub = cg::tiled_partition<N / 2>(tile);
            o[SUB_RANK] = sub.thread_rank();
            o[SUB_META_RANK] = sub.meta_group_rank();
            o[SUB_META_SIZE] = sub.meta_group_size();
        }

        cg::thread_group dyn = cg::tiled_partition(block, N);
        o[DYN_SIZE] = dyn.size();
        o[DYN_RANK] = dyn.thread_rank();
        o[DYN_VALID] = dyn.is_valid();
        o[BAD_VALID] = cg::tiled_partition(block, 3).is_valid() |
                       cg::tiled_partition(block, 2 * warpSize).is_valid() << 1 |
                       cg::tiled_partition(cg::this_grid(), N).is_valid() << 2;
    }
}

static int kWave;
static int failures;

static void expect(int n, int threads, int b, int t, int f, unsigned long long got,
                   unsigned long long want)
{
    if (got != want && failures++ < 12)
        std::printf("FAIL: N=%d, %d-thread blocks, block %d thread %d: %s is %#llx, expected %#llx\n",
                    n, threads, b, t, kNames[f], got, want);
}

template <typename T> unsigned long long host_bits(T v)
{
    unsigned long long b = 0;
    std::memcpy(&b, &v, sizeof(T));
    return b;
}

template <unsigned N> void run(int threads)
{
    const size_t total = (size_t)kBlocks * threads * kFields;
    std::vector<unsigned long long> h(total, kUnset);
    unsigned long long* d = nullptr;
    if (hipMalloc(&d, total * sizeof(h[0])) != hipSuccess ||
        hipMemcpy(d, h.data(), total * sizeof(h[0]), hipMemcpyHostToDevice) != hipSuccess) {
        std::printf("FAIL: hipMalloc/hipMemcpy\n");
        failures++;
        return;
    }
    tiles<N><<<kBlocks, threads>>>(d);
    if (hipDeviceSynchronize() != hipSuccess ||
        hipMemcpy(h.data(), d, total * sizeof(h[0]), hipMemcpyDeviceToHost) != hipSuccess) {
        std::printf("FAIL: N=%u: launch\n", N);
        failures++;
    }
    hipFree(d);

    const bool full = threads % kWave == 0;
    for (int b = 0; b < kBlocks; ++b)
        for (int t = 0; t < threads; ++t) {
            const unsigned long long* o = &h[((size_t)b * threads + t) * kFields];
            const int r = t % N, ti = t / N, base = t - r;
            auto exists = [&](int rank) { return base + rank < threads; };
            // Each field's expectation, from the definitions.
            auto check = [&](int f, unsigned long long want) { expect(N, threads, b, t, f, o[f], want); };
            check(RANK, r);
            check(SIZE, N);
            check(NUM, N);
            check(META_RANK, ti);
            check(META_SIZE, (threads + N - 1) / N);
            check(TG_SIZE, N);
            check(TG_RANK, r);
            check(FREE_SIZE, N);

            int tile_sum = 0, prefix = 0;
            for (int k = 0; k < (int)N; ++k)
                if (exists(k)) {
                    tile_sum += value(base + k);
                    if (k <= r)
                        prefix += value(base + k);
                }
            if (r == 0)
                check(SUM_DOWN, tile_sum);
            if (full) {
                check(SUM_XOR, tile_sum);
                check(LDS, value(base + N - 1 - r));
            }
            check(SCAN, prefix);

            const int src = (r + 1) % N;
            const bool have = exists(src);
            const unsigned long long w = have ? wide(base + src) : 0;
            check(ROT_I, host_bits((int)w));
            check(ROT_U, host_bits((unsigned)w));
            check(ROT_L, host_bits((long)w));
            check(ROT_UL, host_bits((unsigned long)w));
            check(ROT_LL, host_bits((long long)w));
            check(ROT_ULL, host_bits(w));
            check(ROT_F, host_bits(have ? (float)value(base + src) + 0.25f : 0.0f));
            check(ROT_D, host_bits((double)w));

            unsigned long long ballot = 0, match = 0, all_ranks = 0, xored = 0;
            int most = 0, least = 1 << 30;
            bool any = false, all = true, agreed = true;
            for (int k = 0; k < (int)N; ++k) {
                if (!exists(k))
                    continue;
                all_ranks |= 1ull << k;
                most = std::max(most, value(base + k));
                least = std::min(least, value(base + k));
                xored ^= wide(base + k);
                ballot |= (unsigned long long)ballot_pred(base + k) << k;
                any |= any_pred(ti, k, N);
                all &= all_pred(ti, k, N);
                if (label(ti, k, N) == label(ti, r, N))
                    match |= 1ull << k;
                agreed &= agree(ti, k, N) == agree(ti, 0, N);
            }
            check(BALLOT, ballot);
            check(ANY, any);
            check(ALL, all);
            check(MATCH_I, match);
            check(MATCH_LL, match);
            check(MATCH_D, match);
            check(MATCH_ALL, agreed ? all_ranks : 0);
            check(MATCH_ALL_PRED, agreed);
            check(RED_SUM, tile_sum);
            check(RED_MAX, most);
            check(RED_XOR_LL, xored);
            check(RED_MIN_D, host_bits(least * 0.5));

            if (N >= 2) {
                check(SUB_RANK, r % (N / 2));
                check(SUB_META_RANK, r / (N / 2));
                check(SUB_META_SIZE, 2);
            }
            const int last = threads - base;
            check(DYN_SIZE, last < (int)N ? last : N);
            check(DYN_RANK, r);
            check(DYN_VALID, 1);
            check(BAD_VALID, 0);
        }
}

__global__ void wave_size(int* out) { *out = warpSize; }

int main()
{
    // The wave size kernels run at (64 on gfx11 too in a -mwavefrontsize64 build).
    int* d_wave = nullptr;
    if (hipMalloc(&d_wave, sizeof(int)) != hipSuccess) {
        std::printf("FAIL: hipMalloc\n");
        return 1;
    }
    wave_size<<<1, 1>>>(d_wave);
    if (hipMemcpy(&kWave, d_wave, sizeof(int), hipMemcpyDeviceToHost) != hipSuccess) {
        std::printf("FAIL: reading warpSize\n");
        return 1;
    }
    hipFree(d_wave);
    for (int threads : {kMaxThreads, 100}) {
        run<1>(threads);
        run<2>(threads);
        run<4>(threads);
        run<8>(threads);
        run<16>(threads);
        run<32>(threads);
        if (kWave == 64)
            run<64>(threads);
    }
    if (failures) {
        std::printf("cg_tiles: FAIL (%d mismatches)\n", failures);
        return 1;
    }
    std::printf("cg_tiles: PASS (thread_block_tile<1..%d>, tiled_partition, blocks of 128 and 100)\n",
                kWave);
    return 0;
}
