// rocPRIM's run-length encoding: rocprim::run_length_encode (each run's
// value and length) and rocprim::run_length_encode_non_trivial_runs (the
// offset and length of each run longer than one), against a host loop.
#include "common.hpp"
#include <rocprim/device/device_run_length_encode.hpp>

int main()
{
    for (size_t n : test_sizes) {
        // Runs of random lengths 1..40 (and many of length 1).
        std::mt19937 g(60 + n);
        std::vector<int> h;
        while (h.size() < n) {
            int v = (int)(g() % 1000);
            size_t len = g() % 3 == 0 ? 1 : 1 + g() % 40;
            for (size_t k = 0; k < len && h.size() < n; k++)
                h.push_back(v);
        }
        std::vector<int> uwant;
        std::vector<unsigned> cwant, owant, nwant;
        for (size_t i = 0; i < n;) {
            size_t j = i;
            while (j < n && h[j] == h[i])
                j++;
            uwant.push_back(h[i]);
            cwant.push_back((unsigned)(j - i));
            if (j - i > 1) {
                owant.push_back((unsigned)i);
                nwant.push_back((unsigned)(j - i));
            }
            i = j;
        }
        dvec<int> in(h), uniq(n);
        dvec<unsigned> counts(n), runs(1), offs(n);
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::run_length_encode(s, b, in.d, n, uniq.d, counts.d, runs.d);
        });
        unsigned r = runs.get()[0];
        auto gu = uniq.get();
        auto gc = counts.get();
        expect(r == uwant.size() && std::equal(uwant.begin(), uwant.end(), gu.begin()) &&
                   std::equal(cwant.begin(), cwant.end(), gc.begin()),
               "run_length_encode, n=%zu: %u runs, expected %zu", n, r, uwant.size());

        run_with_storage([&](void *s, size_t &b) {
            return rocprim::run_length_encode_non_trivial_runs(s, b, in.d, n, offs.d, counts.d, runs.d);
        });
        r = runs.get()[0];
        auto go = offs.get();
        gc = counts.get();
        expect(r == owant.size() && std::equal(owant.begin(), owant.end(), go.begin()) &&
                   std::equal(nwant.begin(), nwant.end(), gc.begin()),
               "run_length_encode_non_trivial_runs, n=%zu: %u runs, expected %zu", n, r, owant.size());
    }
    return finish("rocprim run_length_encode");
}
