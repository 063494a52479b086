// rocPRIM's device-wide scans: rocprim::inclusive_scan (sum of int,
// maximum of float) and rocprim::exclusive_scan (sum of 64-bit integers
// from an initial value), against std::partial_sum and a host loop.  The
// larger sizes span many blocks, so the decoupled look-back between
// blocks (device-scope atomics and fences) is exercised.
#include "common.hpp"
#include <rocprim/device/device_scan.hpp>

int main()
{
    for (size_t n : test_sizes) {
        auto hi = random_vector<int>(n, -100, 100, 10 + n);
        dvec<int> in(hi), out(n);
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::inclusive_scan(s, b, in.d, out.d, n, rocprim::plus<int>());
        });
        std::vector<int> want(n);
        std::partial_sum(hi.begin(), hi.end(), want.begin());
        auto got = out.get();
        expect(got == want, "inclusive_scan<int> +, n=%zu: differs first at %td", n,
               std::mismatch(got.begin(), got.end(), want.begin()).first - got.begin());

        auto hf = random_vector<float>(n, -1e3f, 1e3f, 11 + n);
        dvec<float> fin(hf), fout(n);
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::inclusive_scan(s, b, fin.d, fout.d, n, rocprim::maximum<float>());
        });
        std::vector<float> fwant(n);
        float m = -INFINITY;
        for (size_t i = 0; i < n; i++)
            fwant[i] = m = std::max(m, hf[i]);
        expect(fout.get() == fwant, "inclusive_scan<float> max, n=%zu", n);

        auto hl = random_vector<long long>(n, -(1LL << 35), 1LL << 35, 12 + n);
        dvec<long long> lin(hl), lout(n);
        const long long init = 1LL << 50;
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::exclusive_scan(s, b, lin.d, lout.d, init, n, rocprim::plus<long long>());
        });
        std::vector<long long> lwant(n);
        long long acc = init;
        for (size_t i = 0; i < n; i++) {
            lwant[i] = acc;
            acc += hl[i];
        }
        expect(lout.get() == lwant, "exclusive_scan<long long> + 2^50, n=%zu", n);
    }
    return finish("rocprim scan");
}
