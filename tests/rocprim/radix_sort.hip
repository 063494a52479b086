// rocPRIM's device-wide radix sort: keys (unsigned, all bits and a bit
// range; float with negatives, signed zeros and infinities), and
// key-value pairs ascending and descending (stable: equal keys keep their
// values' input order), against a stable host sort.  Sizes up
// to 65537 (16 blocks of its tile): larger ones only cost run time.
#include "common.hpp"
#include <rocprim/device/device_radix_sort.hpp>

int main()
{
    for (size_t n : test_sizes) {
        if (n > 65537)
            continue;
        auto hu = random_vector<unsigned>(n, 0, 0xffffffffu, 20 + n);
        dvec<unsigned> uin(hu), uout(n);
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::radix_sort_keys(s, b, uin.d, uout.d, n);
        });
        auto want = hu;
        std::sort(want.begin(), want.end());
        expect(uout.get() == want, "radix_sort_keys<unsigned>, n=%zu", n);

        // Only bits [4, 12): the order of those bits, ties in input order.
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::radix_sort_keys(s, b, uin.d, uout.d, n, 4, 12);
        });
        want = hu;
        stable_sort_by(want, [](unsigned a, unsigned b) {
            return ((a >> 4) & 0xff) < ((b >> 4) & 0xff);
        });
        expect(uout.get() == want, "radix_sort_keys<unsigned> bits 4..12, n=%zu", n);

        auto hf = random_vector<float>(n, -1e5f, 1e5f, 22 + n);
        if (n > 3) {
            hf[0] = -0.0f;
            hf[1] = 0.0f;
            hf[2] = -INFINITY;
            hf[3] = INFINITY;
        }
        dvec<float> fin(hf), fout(n);
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::radix_sort_keys(s, b, fin.d, fout.d, n);
        });
        auto fwant = hf;
        // -0 before +0, as the sort orders the bits
        stable_sort_by(fwant, [](float a, float b) {
            return a < b || (a == b && std::signbit(a) && !std::signbit(b));
        });
        auto fgot = fout.get();
        expect(std::memcmp(fgot.data(), fwant.data(), n * sizeof(float)) == 0,
               "radix_sort_keys<float>, n=%zu", n);

        // Pairs: keys with many duplicates, values their input index.
        auto hk = random_vector<unsigned short>(n, 0, 300, 23 + n);
        std::vector<int> hv(n);
        std::iota(hv.begin(), hv.end(), 0);
        dvec<unsigned short> kin(hk), kout(n);
        dvec<int> vin(hv), vout(n);
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::radix_sort_pairs(s, b, kin.d, kout.d, vin.d, vout.d, n);
        });
        std::vector<int> order(n);
        std::iota(order.begin(), order.end(), 0);
        stable_sort_by(order, [&](int a, int b) { return hk[a] < hk[b]; });
        std::vector<unsigned short> kwant(n);
        for (size_t i = 0; i < n; i++)
            kwant[i] = hk[order[i]];
        expect(kout.get() == kwant, "radix_sort_pairs keys, n=%zu", n);
        expect(vout.get() == order, "radix_sort_pairs values (stable), n=%zu", n);

        run_with_storage([&](void *s, size_t &b) {
            return rocprim::radix_sort_pairs_desc(s, b, kin.d, kout.d, vin.d, vout.d, n);
        });
        std::iota(order.begin(), order.end(), 0);
        stable_sort_by(order, [&](int a, int b) { return hk[a] > hk[b]; });
        for (size_t i = 0; i < n; i++)
            kwant[i] = hk[order[i]];
        expect(kout.get() == kwant, "radix_sort_pairs_desc keys, n=%zu", n);
        expect(vout.get() == order, "radix_sort_pairs_desc values (stable), n=%zu", n);
    }
    return finish("rocprim radix_sort");
}
