// Cooperative groups' coalesced groups: coalesced_threads() inside
// divergent branches -- lanes with lane % 3 == 1, the other lanes (the
// else branch), and lanes picked by their data -- where ranks are dense
// over the active lanes in lane order and shuffles go by rank: shfl (also
// with a negative and a wrapping rank), shfl_up and shfl_down (a source
// outside the group keeps the lane's own value), for int and double;
// ballot, any, all, match_any and match_all indexed by rank; meta ranks;
// sync() with an exchange through LDS; the group passed as a thread_group.
// Then its partitions: tiled_partition(g, 4) (coalesced tiles of four
// ranks, with meta ranks), binary_partition and labeled_partition of the
// coalesced group and of thread_block_tiles, the dynamic
// tiled_partition(thread_group, 2), invalid tile sizes, this_thread(),
// cg::reduce over coalesced groups, and __syncwarp(mask) ordering an
// exchange through LDS.
// One 100-thread block (at wave64 a full wave and one of 36 lanes; at
// wave32 three full waves and one of 4).  The host lists each group's
// lanes and works every answer out from the definitions.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

#include <cstdio>
#include <cstring>
#include <vector>

namespace cg = cooperative_groups;

constexpr int kThreads = 100;
constexpr unsigned long long kUnset = 0x5e5e5e5e5e5e5e5eull;

enum Field {
    SIZE, RANK, NUM, TG_SIZE, TG_RANK, TG_TYPE, VALID, META_RANK, META_SIZE,
    SHFL_FIRST, SHFL_NEG, SHFL_WRAP, SHFL_D, DOWN, UP, DOWN_D,
    BALLOT, ANY, ALL, MATCH, MATCH_D, MATCH_ALL, MATCH_ALL_PRED, MISMATCH_ALL, MISMATCH_PRED,
    LDS,
    T4_SIZE, T4_RANK, T4_META_RANK, T4_META_SIZE, T4_FIRST,
    BIN_SIZE, BIN_RANK, BIN_FIRST, LAB_SIZE, LAB_RANK, LAB_FIRST,
    DYN_SIZE, DYN_RANK, BAD_VALID, RED_SUM, RED_MIN,
    kGroupFields
};
const char* const kGroupNames[kGroupFields] = {
    "size", "thread_rank", "num_threads", "thread_group size", "thread_group rank",
    "thread_group cg_type", "is_valid", "meta_group_rank", "meta_group_size",
    "shfl(v, 0)", "shfl(v, -1)", "shfl(v, rank + size + 2)", "shfl(double, rank + 1)",
    "shfl_down(v, 2)", "shfl_up(v, 3)", "shfl_down(double, 1)",
    "ballot", "any", "all", "match_any", "match_any double", "match_all", "match_all pred",
    "match_all (differing)", "match_all pred (differing)", "LDS across sync",
    "tiled_partition(g, 4) size", "tiled_partition(g, 4) rank",
    "tiled_partition(g, 4) meta_group_rank", "tiled_partition(g, 4) meta_group_size",
    "tiled_partition(g, 4) shfl(v, 0)",
    "binary_partition size", "binary_partition rank", "binary_partition shfl(v, 0)",
    "labeled_partition size", "labeled_partition rank", "labeled_partition shfl(v, 0)",
    "tiled_partition(thread_group, 2) size", "tiled_partition(thread_group, 2) rank",
    "invalid partitions' is_valid", "reduce plus<int>", "reduce less<int>",
};
enum Branch { THIRDS, OTHERS, DATA, kBranches };
const char* const kBranchNames[kBranches] = {"lane % 3 == 1", "else", "value % 4 != 0"};
enum BlockField {
    THIS_SIZE, THIS_RANK, THIS_VALID, WARP_LDS,
    TBIN_SIZE, TBIN_RANK, TLAB_SIZE, TLAB_RANK, TLAB_FIRST,
    kBlockFields
};
const char* const kBlockNames[kBlockFields] = {
    "this_thread size", "this_thread rank", "this_thread is_valid", "LDS across __syncwarp",
    "binary_partition(tile<8>) size", "binary_partition(tile<8>) rank",
    "labeled_partition(tile<16>) size", "labeled_partition(tile<16>) rank",
    "labeled_partition(tile<16>) shfl(v, 0)",
};
constexpr int kFields = kBranches * kGroupFields + kBlockFields;

__host__ __device__ int value(int t) { return (t * 37 + 11) % 101; }
__host__ __device__ double dvalue(int t) { return value(t) * 1e10 + 0.5; }
__host__ __device__ bool bin(int t) { return value(t) % 2; }
__host__ __device__ int label(int t) { return value(t) % 3; }
__host__ __device__ bool any_pred(int t) { return value(t) % 5 == 0; }
__host__ __device__ bool all_pred(int t) { return value(t) % 7 != 0; }

template <typename T> __device__ unsigned long long bits(T v)
{
    unsigned long long b = 0;
    __builtin_memcpy(&b, &v, sizeof(T));
    return b;
}

// Everything a coalesced group answers, recorded by each of its lanes.
__device__ void describe(const cg::coalesced_group& g, int t, int* lds, unsigned long long* o)
{
    const int v = value(t), n = g.size(), r = g.thread_rank();
    o[SIZE] = n;
    o[RANK] = r;
    o[NUM] = g.num_threads();
    cg::thread_group tg = g;
    o[TG_SIZE] = tg.size();
    o[TG_RANK] = tg.thread_rank();
    o[TG_TYPE] = tg.cg_type();
    o[VALID] = g.is_valid();
    o[META_RANK] = g.meta_group_rank();
    o[META_SIZE] = g.meta_group_size();

    o[SHFL_FIRST] = g.shfl(v, 0);
    o[SHFL_NEG] = g.shfl(v, -1);
    o[SHFL_WRAP] = g.shfl(v, r + n + 2);
    o[SHFL_D] = bits(g.shfl(dvalue(t), (r + 1) % n));
    o[DOWN] = g.shfl_down(v, 2);
    o[UP] = g.shfl_up(v, 3);
    o[DOWN_D] = bits(g.shfl_down(dvalue(t), 1));

    o[BALLOT] = g.ballot(bin(t));
    o[ANY] = g.any(any_pred(t));
    o[ALL] = g.all(all_pred(t));
    o[MATCH] = g.match_any(label(t));
    o[MATCH_D] = g.match_any((double)label(t));
    int pred = -1;
    o[MATCH_ALL] = g.match_all((long long)(threadIdx.x / warpSize), pred);
    o[MATCH_ALL_PRED] = pred;
    o[MISMATCH_ALL] = g.match_all(label(t), pred);
    o[MISMATCH_PRED] = pred;
    o[RED_SUM] = cg::reduce(g, v, cg::plus<int>());
    o[RED_MIN] = cg::reduce(g, v, cg::less<int>());

    // Each lane stores, the group syncs, each reads the next rank's slot.
    lds[t] = v;
    g.sync();
    o[LDS] = lds[g.shfl(t, (r + 1) % n)];
    cg::sync(g);

    cg::coalesced_group t4 = cg::tiled_partition(g, 4);
    o[T4_SIZE] = t4.size();
    o[T4_RANK] = t4.thread_rank();
    o[T4_META_RANK] = t4.meta_group_rank();
    o[T4_META_SIZE] = t4.meta_group_size();
    o[T4_FIRST] = t4.shfl(v, 0);

    cg::coalesced_group halves = cg::binary_partition(g, bin(t));
    o[BIN_SIZE] = halves.size();
    o[BIN_RANK] = halves.thread_rank();
    o[BIN_FIRST] = halves.shfl(v, 0);
    cg::coalesced_group same = cg::labeled_partition(g, label(t));
    o[LAB_SIZE] = same.size();
    o[LAB_RANK] = same.thread_rank();
    o[LAB_FIRST] = same.shfl(v, 0);

    cg::thread_group dyn = cg::tiled_partition(tg, 2);
    o[DYN_SIZE] = dyn.size();
    o[DYN_RANK] = dyn.thread_rank();
    o[BAD_VALID] = cg::tiled_partition(g, 3).is_valid() | cg::tiled_partition(tg, 3).is_valid() << 1 |
                   cg::tiled_partition(g, 0).is_valid() << 2;
}

__global__ void coalesced(unsigned long long* out)
{
    __shared__ int lds[kThreads];
    const int t = threadIdx.x, lane = t % warpSize;
    unsigned long long* o = out + (size_t)t * kFields;

    if (lane % 3 == 1)
        describe(cg::coalesced_threads(), t, lds, o + THIRDS * kGroupFields);
    else
        describe(cg::coalesced_threads(), t, lds, o + OTHERS * kGroupFields);
    if (value(t) % 4 != 0)
        describe(cg::coalesced_threads(), t, lds, o + DATA * kGroupFields);

    unsigned long long* b = o + kBranches * kGroupFields;
    cg::thread_group me = cg::this_thread();
    b[THIS_SIZE] = me.size();
    b[THIS_RANK] = me.thread_rank();
    b[THIS_VALID] = me.is_valid();

    // Neighbours swap values through LDS, ordered by __syncwarp.
    __syncthreads();
    lds[t] = value(t) + 1000;
    __syncwarp(~0ull);
    b[WARP_LDS] = (t ^ 1) < kThreads ? lds[t ^ 1] : 0;

    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(block);
    cg::coalesced_group halves = cg::binary_partition(t8, bin(t));
    b[TBIN_SIZE] = halves.size();
    b[TBIN_RANK] = halves.thread_rank();
    cg::coalesced_group same = cg::labeled_partition(cg::tiled_partition<16>(block), label(t));
    b[TLAB_SIZE] = same.size();
    b[TLAB_RANK] = same.thread_rank();
    b[TLAB_FIRST] = same.shfl(value(t), 0);
}

static int failures;

template <typename T> unsigned long long host_bits(T v)
{
    unsigned long long b = 0;
    std::memcpy(&b, &v, sizeof(T));
    return b;
}

static void expect(const char* where, const char* what, int t, unsigned long long got,
                   unsigned long long want)
{
    if (got != want && failures++ < 12)
        std::printf("FAIL: %s, thread %d: %s is %#llx, expected %#llx\n", where, t, what, got,
                    want);
}

// The threads of list whose f() equals that of thread t, in order.
template <typename F> std::vector<int> same_as(const std::vector<int>& list, int t, F f)
{
    std::vector<int> out;
    for (int u : list)
        if (f(u) == f(t))
            out.push_back(u);
    return out;
}

static int index_of(const std::vector<int>& list, int t)
{
    for (size_t i = 0; i < list.size(); ++i)
        if (list[i] == t)
            return (int)i;
    return -1;
}

// The expectations for thread t, a member of the group `members` (thread indices in lane order).
static void check_group(const char* where, const std::vector<int>& members, int t,
                        const unsigned long long* o)
{
    const int n = members.size(), r = index_of(members, t);
    auto check = [&](int f, unsigned long long want) { expect(where, kGroupNames[f], t, o[f], want); };
    auto rank_mask = [&](auto pred) {
        unsigned long long m = 0;
        for (int k = 0; k < n; ++k)
            if (pred(members[k]))
                m |= 1ull << k;
        return m;
    };
    check(SIZE, n);
    check(RANK, r);
    check(NUM, n);
    check(TG_SIZE, n);
    check(TG_RANK, r);
    check(TG_TYPE, 5);  // ROCm's cg_coalesced_group
    check(VALID, 1);
    check(META_RANK, 0);
    check(META_SIZE, 1);
    check(SHFL_FIRST, value(members[0]));
    check(SHFL_NEG, value(members[n - 1]));
    check(SHFL_WRAP, value(members[(r + 2) % n]));
    check(SHFL_D, host_bits(dvalue(members[(r + 1) % n])));
    check(DOWN, value(r + 2 < n ? members[r + 2] : t));
    check(UP, value(r >= 3 ? members[r - 3] : t));
    check(DOWN_D, host_bits(dvalue(r + 1 < n ? members[r + 1] : t)));
    check(BALLOT, rank_mask(bin));
    bool any = false, all = true;
    int sum = 0, least = 1 << 30;
    for (int u : members) {
        any |= any_pred(u);
        all &= all_pred(u);
        sum += value(u);
        least = value(u) < least ? value(u) : least;
    }
    check(RED_SUM, sum);
    check(RED_MIN, least);
    check(ANY, any);
    check(ALL, all);
    const unsigned long long match = rank_mask([&](int u) { return label(u) == label(t); });
    check(MATCH, match);
    check(MATCH_D, match);
    const unsigned long long every = n == 64 ? ~0ull : (1ull << n) - 1;
    check(MATCH_ALL, every);
    check(MATCH_ALL_PRED, 1);
    const bool agree = match == every;
    check(MISMATCH_ALL, agree ? every : 0);
    check(MISMATCH_PRED, agree);
    check(LDS, value(members[(r + 1) % n]));

    const int first = r & ~3, n4 = n - first < 4 ? n - first : 4;
    check(T4_SIZE, n4);
    check(T4_RANK, r - first);
    check(T4_META_RANK, r / 4);
    check(T4_META_SIZE, (n + 3) / 4);
    check(T4_FIRST, value(members[first]));
    const std::vector<int> halves = same_as(members, t, bin), labels = same_as(members, t, label);
    check(BIN_SIZE, halves.size());
    check(BIN_RANK, index_of(halves, t));
    check(BIN_FIRST, value(halves[0]));
    check(LAB_SIZE, labels.size());
    check(LAB_RANK, index_of(labels, t));
    check(LAB_FIRST, value(labels[0]));
    const int first2 = r & ~1;
    check(DYN_SIZE, n - first2 < 2 ? n - first2 : 2);
    check(DYN_RANK, r - first2);
    check(BAD_VALID, 0);
}

__global__ void wave_size(int* out) { *out = warpSize; }

int main()
{
    const size_t total = (size_t)kThreads * kFields;
    std::vector<unsigned long long> h(total, kUnset);
    unsigned long long* d = nullptr;
    int* d_wave = nullptr;
    int wave = 0;
    if (hipMalloc(&d, total * sizeof(h[0])) != hipSuccess || hipMalloc(&d_wave, sizeof(int)) ||
        hipMemcpy(d, h.data(), total * sizeof(h[0]), hipMemcpyHostToDevice) != hipSuccess) {
        std::printf("FAIL: hipMalloc/hipMemcpy\n");
        return 1;
    }
    coalesced<<<1, kThreads>>>(d);
    wave_size<<<1, 1>>>(d_wave);
    if (hipDeviceSynchronize() != hipSuccess ||
        hipMemcpy(h.data(), d, total * sizeof(h[0]), hipMemcpyDeviceToHost) != hipSuccess ||
        hipMemcpy(&wave, d_wave, sizeof(int), hipMemcpyDeviceToHost) != hipSuccess) {
        std::printf("FAIL: launch\n");
        return 1;
    }
    hipFree(d);
    hipFree(d_wave);

    for (int t = 0; t < kThreads; ++t) {
        const unsigned long long* o = &h[(size_t)t * kFields];
        const int base = t - t % wave;
        // The wave's threads in each branch, in lane order.
        std::vector<int> branch[kBranches];
        for (int u = base; u < base + wave && u < kThreads; ++u) {
            branch[(u - base) % 3 == 1 ? THIRDS : OTHERS].push_back(u);
            if (value(u) % 4 != 0)
                branch[DATA].push_back(u);
        }
        for (int k = 0; k < kBranches; ++k) {
            const unsigned long long* g = o + k * kGroupFields;
            if (index_of(branch[k], t) >= 0) {
                check_group(kBranchNames[k], branch[k], t, g);
            } else {
                for (int f = 0; f < kGroupFields; ++f)
                    expect(kBranchNames[k], "(not a member: unwritten)", t, g[f], kUnset);
            }
        }

        const unsigned long long* b = o + kBranches * kGroupFields;
        auto check = [&](int f, unsigned long long want) {
            expect("block", kBlockNames[f], t, b[f], want);
        };
        check(THIS_SIZE, 1);
        check(THIS_RANK, 0);
        check(THIS_VALID, 1);
        check(WARP_LDS, (t ^ 1) < kThreads ? value(t ^ 1) + 1000 : 0);
        std::vector<int> t8, t16;
        for (int u = t & ~7; u < (t & ~7) + 8 && u < kThreads; ++u)
            t8.push_back(u);
        for (int u = t & ~15; u < (t & ~15) + 16 && u < kThreads; ++u)
            t16.push_back(u);
        const std::vector<int> halves = same_as(t8, t, bin), labels = same_as(t16, t, label);
        check(TBIN_SIZE, halves.size());
        check(TBIN_RANK, index_of(halves, t));
        check(TLAB_SIZE, labels.size());
        check(TLAB_RANK, index_of(labels, t));
        check(TLAB_FIRST, value(labels[0]));
    }
    if (failures) {
        std::printf("cg_coalesced: FAIL (%d mismatches)\n", failures);
        return 1;
    }
    std::printf("cg_coalesced: PASS (coalesced groups in 3 divergent branches at wave%d, "
                "partitions, this_thread, __syncwarp)\n", wave);
    return 0;
}
