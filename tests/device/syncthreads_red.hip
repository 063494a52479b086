// __syncthreads_count, __syncthreads_and, __syncthreads_or: a barrier
// that also tells every thread of the block how many threads passed a
// non-zero predicate, whether all did and whether any did.  Blocks of 1,
// 63, 64, 100, 256 and 1024 threads (partial and whole waves, 1 to 16
// waves) and a 3-D block; per block a different predicate pattern: all
// true, all false, random values (zero or any int), a single true, a
// single false.  The host counts the predicates itself.
#include <hip/hip_runtime.h>

#include <climits>
#include <cstdio>
#include <vector>

constexpr int patterns = 5;	// one block per pattern

// Each thread votes with pred[] and, in a second round, with its negation.
__global__ void vote(const int* pred, int* out)
{
    const unsigned tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned gid = blockIdx.x * blockDim.x * blockDim.y * blockDim.z + tid;
    const int p = pred[gid];
    int* r = out + 6 * gid;
    r[0] = __syncthreads_count(p);
    r[1] = __syncthreads_and(p);
    r[2] = __syncthreads_or(p);
    r[3] = __syncthreads_count(!p);
    r[4] = __syncthreads_and(!p);
    r[5] = __syncthreads_or(!p);
}

// Threads past @keep return first: they no longer take part, and the
// block's waves that have ended no longer hold up the barrier.
__global__ void vote_survivors(const int* pred, int* out, unsigned keep)
{
    const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x >= keep)
        return;
    out[gid] = __syncthreads_count(pred[gid]);
}

// The ockl reductions behind them combine any int: a sum, an AND, an OR.
__global__ void reduce_ints(const int* v, int* out)
{
    const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
    out[3 * gid + 0] = __ockl_wgred_add_i32(v[gid]);
    out[3 * gid + 1] = __ockl_wgred_and_i32(v[gid]);
    out[3 * gid + 2] = __ockl_wgred_or_i32(v[gid]);
}

static unsigned long long rng_state = 0x243f6a8885a308d3ull;
static unsigned rnd()
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state >> 16);
}

// Predicates of one block of @n threads in pattern @kind.
static void fill(int* p, unsigned n, int kind)
{
    for (unsigned i = 0; i < n; ++i) {
        switch (kind) {
        case 0: p[i] = (int)(rnd() | 1); break;           // all true (odd, so never 0)
        case 1: p[i] = 0; break;                          // all false
        case 2: {                                         // mixed, any non-zero value
            const int any[] = {1, -1, 2, INT_MIN, INT_MAX, 256, (int)rnd() | 1};
            p[i] = rnd() % 2 ? any[rnd() % 7] : 0;
            break;
        }
        case 3: p[i] = i == n - 1 ? 7 : 0; break;         // only the last thread
        default: p[i] = i == 0 ? 0 : -5; break;           // all but the first
        }
    }
}

static bool device_ok(hipError_t e, const char* what)
{
    if (e == hipSuccess)
        return true;
    std::printf("syncthreads_red: FAIL (%s: %s)\n", what, hipGetErrorString(e));
    return false;
}

// One launch of vote<<<patterns, block>>>, checked; returns mismatches.
static unsigned run_vote(dim3 block)
{
    const unsigned n = block.x * block.y * block.z, total = patterns * n;
    std::vector<int> pred(total), out(6 * total, -1);
    for (int k = 0; k < patterns; ++k)
        fill(&pred[k * n], n, k);
    int *d_pred, *d_out;
    if (!device_ok(hipMalloc(&d_pred, total * sizeof(int)), "hipMalloc") ||
        !device_ok(hipMalloc(&d_out, 6 * total * sizeof(int)), "hipMalloc") ||
        !device_ok(hipMemcpy(d_pred, pred.data(), total * sizeof(int), hipMemcpyHostToDevice),
                   "hipMemcpy"))
        return 1;
    vote<<<patterns, block>>>(d_pred, d_out);
    if (!device_ok(hipDeviceSynchronize(), "vote") ||
        !device_ok(hipMemcpy(out.data(), d_out, 6 * total * sizeof(int), hipMemcpyDeviceToHost),
                   "hipMemcpy"))
        return 1;
    hipFree(d_pred);
    hipFree(d_out);

    static const char* const names[6] = {"count(p)", "and(p)", "or(p)",
                                         "count(!p)", "and(!p)", "or(!p)"};
    unsigned bad = 0;
    for (int k = 0; k < patterns; ++k) {
        int count = 0;
        for (unsigned i = 0; i < n; ++i)
            count += pred[k * n + i] != 0;
        const int want[6] = {count, count == (int)n, count > 0,
                             (int)n - count, count == 0, count < (int)n};
        for (unsigned i = 0; i < n; ++i)
            for (int j = 0; j < 6; ++j) {
                const int got = out[6 * (k * n + i) + j];
                // and/or may return any non-zero value for true.
                const bool same = j % 3 == 0 ? got == want[j] : (got != 0) == (want[j] != 0);
                if (!same && bad++ < 5)
                    std::printf("  block %ux%ux%u pattern %d thread %u: %s = %d, want %d\n",
                                block.x, block.y, block.z, k, i,
                                names[j],
                                got, want[j]);
            }
    }
    return bad;
}

static unsigned run_survivors()
{
    const unsigned block = 256, keep = 100, blocks = 2, total = block * blocks;
    std::vector<int> pred(total), out(total, -1);
    fill(pred.data(), total, 2);
    int *d_pred, *d_out;
    if (!device_ok(hipMalloc(&d_pred, total * sizeof(int)), "hipMalloc") ||
        !device_ok(hipMalloc(&d_out, total * sizeof(int)), "hipMalloc") ||
        !device_ok(hipMemcpy(d_pred, pred.data(), total * sizeof(int), hipMemcpyHostToDevice),
                   "hipMemcpy"))
        return 1;
    vote_survivors<<<blocks, block>>>(d_pred, d_out, keep);
    if (!device_ok(hipDeviceSynchronize(), "vote_survivors") ||
        !device_ok(hipMemcpy(out.data(), d_out, total * sizeof(int), hipMemcpyDeviceToHost),
                   "hipMemcpy"))
        return 1;
    hipFree(d_pred);
    hipFree(d_out);
    unsigned bad = 0;
    for (unsigned b = 0; b < blocks; ++b) {
        int count = 0;
        for (unsigned i = 0; i < keep; ++i)
            count += pred[b * block + i] != 0;
        for (unsigned i = 0; i < keep; ++i)
            if (out[b * block + i] != count && bad++ < 5)
                std::printf("  survivors: block %u thread %u: count %d, want %d\n", b, i,
                            out[b * block + i], count);
    }
    return bad;
}

static unsigned run_ints(unsigned block)
{
    const unsigned blocks = 3, total = block * blocks;
    std::vector<int> v(total), out(3 * total, -1);
    for (unsigned i = 0; i < total; ++i) // block 2 keeps most bits set, for the AND
        v[i] = i / block == 2 ? (int)~(1u << (rnd() % 32) & rnd()) : (int)rnd() - (1 << 30);
    int *d_v, *d_out;
    if (!device_ok(hipMalloc(&d_v, total * sizeof(int)), "hipMalloc") ||
        !device_ok(hipMalloc(&d_out, 3 * total * sizeof(int)), "hipMalloc") ||
        !device_ok(hipMemcpy(d_v, v.data(), total * sizeof(int), hipMemcpyHostToDevice),
                   "hipMemcpy"))
        return 1;
    reduce_ints<<<blocks, block>>>(d_v, d_out);
    if (!device_ok(hipDeviceSynchronize(), "reduce_ints") ||
        !device_ok(hipMemcpy(out.data(), d_out, 3 * total * sizeof(int), hipMemcpyDeviceToHost),
                   "hipMemcpy"))
        return 1;
    hipFree(d_v);
    hipFree(d_out);
    unsigned bad = 0;
    for (unsigned b = 0; b < blocks; ++b) {
        unsigned sum = 0, all = ~0u, any = 0;
        for (unsigned i = 0; i < block; ++i) {
            sum += (unsigned)v[b * block + i];
            all &= (unsigned)v[b * block + i];
            any |= (unsigned)v[b * block + i];
        }
        static const char* const names[3] = {"add", "and", "or"};
        const unsigned want[3] = {sum, all, any};
        for (unsigned i = 0; i < block; ++i)
            for (int j = 0; j < 3; ++j)
                if ((unsigned)out[3 * (b * block + i) + j] != want[j] && bad++ < 5)
                    std::printf("  ints: block %u of %u thread %u: %s = 0x%x, want 0x%x\n", b,
                                block, i, names[j],
                                (unsigned)out[3 * (b * block + i) + j], want[j]);
    }
    return bad;
}

int main()
{
    unsigned bad = 0;
    const dim3 blocks[] = {dim3(1), dim3(63), dim3(64), dim3(100), dim3(256), dim3(1024),
                           dim3(10, 7, 3)};
    for (const dim3& b : blocks)
        bad += run_vote(b);
    bad += run_survivors();
    bad += run_ints(100);
    bad += run_ints(1024);
    if (bad) {
        std::printf("syncthreads_red: FAIL (%u mismatches)\n", bad);
        return 1;
    }
    std::printf("syncthreads_red: PASS (count/and/or over blocks of 1..1024 threads, "
                "5 predicate patterns; early exits; int reductions)\n");
    return 0;
}
