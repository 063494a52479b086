// rocPRIM's device-wide merge sort (rocprim::merge_sort, a stable
// comparison sort) of keys and of key-value pairs, with the default
// ordering and a custom comparator, and rocprim::merge of two sorted
// sequences, against a stable host sort and std::merge on the host.
#include "common.hpp"
#include <rocprim/device/device_merge_sort.hpp>
#include <rocprim/device/device_merge.hpp>

// Order by the low byte only: many ties, so stability shows.
struct by_low_byte {
    __host__ __device__ bool operator()(unsigned a, unsigned b) const { return (a & 0xff) < (b & 0xff); }
};

int main()
{
    for (size_t n : test_sizes) {
        auto hk = random_vector<int>(n, -100000, 100000, 50 + n);
        dvec<int> kin(hk), kout(n);
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::merge_sort(s, b, kin.d, kout.d, n);
        });
        auto want = hk;
        std::sort(want.begin(), want.end());
        expect(kout.get() == want, "merge_sort keys<int>, n=%zu", n);

        auto hu = random_vector<unsigned>(n, 0, 0xffffffffu, 51 + n);
        std::vector<float> hv(n);
        for (size_t i = 0; i < n; i++)
            hv[i] = (float)i;
        dvec<unsigned> uin(hu), uout(n);
        dvec<float> vin(hv), vout(n);
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::merge_sort(s, b, uin.d, uout.d, vin.d, vout.d, n, by_low_byte());
        });
        std::vector<size_t> order(n);
        std::iota(order.begin(), order.end(), 0);
        stable_sort_by(order, [&](size_t a, size_t b) { return by_low_byte()(hu[a], hu[b]); });
        std::vector<unsigned> kwant(n);
        std::vector<float> vwant(n);
        for (size_t i = 0; i < n; i++) {
            kwant[i] = hu[order[i]];
            vwant[i] = hv[order[i]];
        }
        expect(uout.get() == kwant && vout.get() == vwant,
               "merge_sort pairs by low byte (stable), n=%zu", n);

        // merge: the sorted keys with a second sorted sequence of another length.
        auto h2 = random_vector<int>(n / 3 + 1, -100000, 100000, 52 + n);
        std::sort(h2.begin(), h2.end());
        dvec<int> b2(h2), mout(n + h2.size());
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::merge(s, b, kout.d, b2.d, mout.d, n, h2.size());
        });
        std::vector<int> mwant(n + h2.size());
        std::merge(want.begin(), want.end(), h2.begin(), h2.end(), mwant.begin());
        expect(mout.get() == mwant, "merge of %zu and %zu sorted ints", n, h2.size());
    }
    return finish("rocprim merge_sort");
}
