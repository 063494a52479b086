// rocPRIM's block- and warp-level primitives in a kernel of our own
// (256 threads, 4 items each, 37 tiles): block_load and block_store
// (transposing through LDS), block_reduce (whole tile, and the first
// 'valid' threads only), block_scan (inclusive, and exclusive from an
// initial value), block_radix_sort, and warp_reduce (all-reduce) and
// warp_scan on logical warps of 16 lanes and of the hardware wave
// (64 or 32), against host references at the device's wave size.
#include "common.hpp"
#include <rocprim/block/block_load.hpp>
#include <rocprim/block/block_store.hpp>
#include <rocprim/block/block_reduce.hpp>
#include <rocprim/block/block_scan.hpp>
#include <rocprim/block/block_radix_sort.hpp>
#include <rocprim/warp/warp_reduce.hpp>
#include <rocprim/warp/warp_scan.hpp>

constexpr unsigned BS = 256, IPT = 4, TILE = BS * IPT, TILES = 37;

struct outputs {
    int *red, *part, *incl, *excl, *w16r, *w16s, *wfr, *wfs;
    unsigned *sorted;
};

__global__ __launch_bounds__(BS) void block_kernel(const int *in, const unsigned *keys, outputs o)
{
    using load_t = rocprim::block_load<int, BS, IPT, rocprim::block_load_method::block_load_transpose>;
    using store_t = rocprim::block_store<int, BS, IPT, rocprim::block_store_method::block_store_transpose>;
    using reduce_t = rocprim::block_reduce<int, BS>;
    using scan_t = rocprim::block_scan<int, BS>;
    using sort_t = rocprim::block_radix_sort<unsigned, BS, IPT>;
    constexpr unsigned ws = rocprim::device_warp_size();
    using w16r_t = rocprim::warp_reduce<int, 16, true>;
    using w16s_t = rocprim::warp_scan<int, 16>;
    using wfr_t = rocprim::warp_reduce<int, ws, true>;
    using wfs_t = rocprim::warp_scan<int, ws>;
    __shared__ typename load_t::storage_type s_load;
    __shared__ typename store_t::storage_type s_store;
    __shared__ typename reduce_t::storage_type s_red;
    __shared__ typename scan_t::storage_type s_scan;
    __shared__ typename sort_t::storage_type s_sort;
    __shared__ typename w16r_t::storage_type s_w16r[BS / 16];
    __shared__ typename w16s_t::storage_type s_w16s[BS / 16];
    __shared__ typename wfr_t::storage_type s_wfr[BS / ws];
    __shared__ typename wfs_t::storage_type s_wfs[BS / ws];

    const unsigned t = threadIdx.x, b = blockIdx.x, base = b * TILE;
    int v[IPT], r[IPT];
    load_t().load(in + base, v, s_load);

    int total;
    reduce_t().reduce(v, total, s_red);
    if (t == 0)
        o.red[b] = total;
    __syncthreads();

    const unsigned valid = (b * 37) % BS + 1;
    int part;
    reduce_t().reduce(v[0], part, valid, s_red, rocprim::maximum<int>());
    if (t == 0)
        o.part[b] = part;
    __syncthreads();

    scan_t().inclusive_scan(v, r, s_scan);
    __syncthreads();
    store_t().store(o.incl + base, r, s_store);
    __syncthreads();
    scan_t().exclusive_scan(v, r, 10, s_scan);
    __syncthreads();
    store_t().store(o.excl + base, r, s_store);

    unsigned k[IPT];
    rocprim::block_load_direct_blocked(t, keys + base, k);
    sort_t().sort(k, s_sort);
    rocprim::block_store_direct_blocked(t, o.sorted + base, k);

    const int x = in[b * BS + t];
    int y;
    w16r_t().reduce(x, y, s_w16r[t / 16]);
    o.w16r[b * BS + t] = y;
    w16s_t().inclusive_scan(x, y, s_w16s[t / 16]);
    o.w16s[b * BS + t] = y;
    wfr_t().reduce(x, y, s_wfr[t / ws]);
    o.wfr[b * BS + t] = y;
    wfs_t().inclusive_scan(x, y, s_wfs[t / ws]);
    o.wfs[b * BS + t] = y;
}

int main()
{
    hipDeviceProp_t p;
    HIP_CHECK(hipGetDeviceProperties(&p, 0));
    const unsigned ws = p.warpSize, n = TILES * TILE;
    auto hv = random_vector<int>(n, -1000, 1000, 80);
    auto hk = random_vector<unsigned>(n, 0, 0xffffffffu, 81);
    dvec<int> in(hv), red(TILES), part(TILES), incl(n), excl(n), w16r(TILES * BS), w16s(TILES * BS),
        wfr(TILES * BS), wfs(TILES * BS);
    dvec<unsigned> keys(hk), sorted(n);
    outputs o = {red.d, part.d, incl.d, excl.d, w16r.d, w16s.d, wfr.d, wfs.d, sorted.d};
    block_kernel<<<TILES, BS>>>(in.d, keys.d, o);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());

    auto g_red = red.get(), g_part = part.get(), g_incl = incl.get(), g_excl = excl.get();
    auto g_w16r = w16r.get(), g_w16s = w16s.get(), g_wfr = wfr.get(), g_wfs = wfs.get();
    auto g_sorted = sorted.get();
    for (unsigned b = 0; b < TILES; b++) {
        const unsigned base = b * TILE;
        const int *v = hv.data() + base;
        expect(g_red[b] == std::accumulate(v, v + TILE, 0), "block_reduce, tile %u", b);
        // v[0] of thread t is element t * IPT of the tile (blocked).
        const unsigned valid = (b * 37) % BS + 1;
        int m = v[0];
        for (unsigned t = 0; t < valid; t++)
            m = std::max(m, v[t * IPT]);
        expect(g_part[b] == m, "block_reduce of the first %u threads (max), tile %u: %d, expected %d", valid,
               b, g_part[b], m);
        int acc = 0, bad_i = 0, bad_e = 0;
        for (unsigned i = 0; i < TILE; i++) {
            bad_e += g_excl[base + i] != acc + 10;
            acc += v[i];
            bad_i += g_incl[base + i] != acc;
        }
        expect(bad_i == 0, "block_scan inclusive, tile %u: %d wrong", b, bad_i);
        expect(bad_e == 0, "block_scan exclusive from 10, tile %u: %d wrong", b, bad_e);
        std::vector<unsigned> ks(hk.begin() + base, hk.begin() + base + TILE);
        std::sort(ks.begin(), ks.end());
        expect(std::equal(ks.begin(), ks.end(), g_sorted.begin() + base), "block_radix_sort, tile %u", b);

        const int *x = hv.data() + b * BS;
        int bad_w = 0;
        for (unsigned lw : {16u, ws}) {
            const std::vector<int> &gr = lw == 16 ? g_w16r : g_wfr, &gs = lw == 16 ? g_w16s : g_wfs;
            for (unsigned w0 = 0; w0 < BS; w0 += lw) {
                int sum = std::accumulate(x + w0, x + w0 + lw, 0), s = 0;
                for (unsigned l = 0; l < lw; l++) {
                    s += x[w0 + l];
                    bad_w += gr[b * BS + w0 + l] != sum;
                    bad_w += gs[b * BS + w0 + l] != s;
                }
            }
        }
        expect(bad_w == 0, "warp_reduce/warp_scan (16 and %u lanes), block %u: %d wrong", ws, b, bad_w);
    }
    std::printf("(wave%u)\n", ws);
    return finish("rocprim block_warp");
}
