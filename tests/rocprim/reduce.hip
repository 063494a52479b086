// rocPRIM's device-wide reductions: rocprim::reduce with and without an
// initial value (sum of int, maximum of float, minimum of a 64-bit
// integer), against std::accumulate on the host.
#include "common.hpp"
#include <rocprim/device/device_reduce.hpp>

int main()
{
    for (size_t n : test_sizes) {
        auto hi = random_vector<int>(n, -1000, 1000, 1 + n);
        dvec<int> in(hi), out(1);
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::reduce(s, b, in.d, out.d, 17, n, rocprim::plus<int>());
        });
        long want = std::accumulate(hi.begin(), hi.end(), 17L);
        expect(out.get()[0] == want, "reduce<int> + 17, n=%zu: %d, expected %ld", n, out.get()[0], want);

        if (n == 0)
            continue;	// without an initial value, an empty input has no result
        auto hf = random_vector<float>(n, -1e6f, 1e6f, 2 + n);
        dvec<float> fin(hf), fout(1);
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::reduce(s, b, fin.d, fout.d, n, rocprim::maximum<float>());
        });
        float fwant = *std::max_element(hf.begin(), hf.end());
        expect(fout.get()[0] == fwant, "reduce<float> max, n=%zu: %g, expected %g", n, fout.get()[0], fwant);

        auto hl = random_vector<long long>(n, -(1LL << 40), 1LL << 40, 3 + n);
        dvec<long long> lin(hl), lout(1);
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::reduce(s, b, lin.d, lout.d, n, rocprim::minimum<long long>());
        });
        long long lwant = *std::min_element(hl.begin(), hl.end());
        expect(lout.get()[0] == lwant, "reduce<long long> min, n=%zu: %lld, expected %lld", n, lout.get()[0], lwant);
    }
    return finish("rocprim reduce");
}
