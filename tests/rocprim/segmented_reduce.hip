// rocPRIM's segmented reduction (rocprim::segmented_reduce): segments of
// random lengths, empty ones among them (they give the initial value),
// one segment per block, against a host loop; sum of ints and minimum of
// floats.
#include "common.hpp"
#include <rocprim/device/device_segmented_reduce.hpp>

int main()
{
    for (size_t n : test_sizes) {
        std::mt19937 g(70 + n);
        std::vector<unsigned> offsets = {0};
        while (offsets.back() < n) {
            unsigned len = g() % 5 == 0 ? 0 : g() % 3000;
            offsets.push_back((unsigned)std::min<size_t>(n, offsets.back() + len));
        }
        offsets.push_back((unsigned)n);	// a last, empty segment
        const size_t segs = offsets.size() - 1;
        auto hv = random_vector<int>(n, -1000, 1000, 71 + n);
        auto hf = random_vector<float>(n, -1e4f, 1e4f, 72 + n);
        dvec<int> in(hv), out(segs);
        dvec<float> fin(hf), fout(segs);
        dvec<unsigned> off(offsets);
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::segmented_reduce(s, b, in.d, out.d, (unsigned)segs, off.d, off.d + 1,
                                             rocprim::plus<int>(), 5);
        });
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::segmented_reduce(s, b, fin.d, fout.d, (unsigned)segs, off.d, off.d + 1,
                                             rocprim::minimum<float>(), INFINITY);
        });
        auto gi = out.get();
        auto gf = fout.get();
        int bad_i = 0, bad_f = 0;
        for (size_t k = 0; k < segs; k++) {
            int si = 5;
            float sf = INFINITY;
            for (unsigned i = offsets[k]; i < offsets[k + 1]; i++) {
                si += hv[i];
                sf = std::min(sf, hf[i]);
            }
            bad_i += gi[k] != si;
            bad_f += gf[k] != sf;
        }
        expect(bad_i == 0, "segmented_reduce<int> +, n=%zu: %d of %zu segments wrong", n, bad_i, segs);
        expect(bad_f == 0, "segmented_reduce<float> min, n=%zu: %d of %zu segments wrong", n, bad_f, segs);
    }
    return finish("rocprim segmented_reduce");
}
