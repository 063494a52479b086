// rocPRIM's device-wide histograms: rocprim::histogram_even (equal-width
// bins over [lower, upper), samples outside dropped) on unsigned chars
// and floats, and rocprim::histogram_range (bins between given level
// values), against counts made on the host.
#include "common.hpp"
#include <rocprim/device/device_histogram.hpp>

int main()
{
    for (size_t n : test_sizes) {
        auto hc = random_vector<unsigned char>(n, 0, 255, 30 + n);
        dvec<unsigned char> cin(hc);
        const unsigned bins = 256;
        dvec<unsigned> hist(bins);
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::histogram_even(s, b, cin.d, (unsigned)n, hist.d, bins + 1, 0, 256);
        });
        std::vector<unsigned> want(bins);
        for (auto c : hc)
            want[c]++;
        expect(hist.get() == want, "histogram_even<uchar> 256 bins, n=%zu", n);

        // 10 bins over [-50, 50): some samples fall outside and are dropped.
        auto hf = random_vector<float>(n, -70.0f, 70.0f, 31 + n);
        dvec<float> fin(hf);
        dvec<int> fh(10);
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::histogram_even(s, b, fin.d, (unsigned)n, fh.d, 11, -50.0f, 50.0f);
        });
        std::vector<int> fwant(10);
        for (float f : hf)
            if (f >= -50.0f && f < 50.0f)
                fwant[std::min(9, (int)((f + 50.0f) / 10.0f))]++;
        auto fgot = fh.get();
        expect(fgot == fwant, "histogram_even<float> [-50, 50) 10 bins, n=%zu: bin 0 %d, expected %d",
               n, fgot[0], fwant[0]);

        // Bins of unequal widths.
        std::vector<int> levels = {0, 1, 5, 17, 100, 101, 200, 256};
        dvec<int> lv(levels);
        auto hs = random_vector<int>(n, -10, 270, 32 + n);
        dvec<int> sin(hs);
        dvec<unsigned> rh(levels.size() - 1);
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::histogram_range(s, b, sin.d, (unsigned)n, rh.d, (unsigned)levels.size(), lv.d);
        });
        std::vector<unsigned> rwant(levels.size() - 1);
        for (int x : hs)
            for (size_t k = 0; k + 1 < levels.size(); k++)
                if (x >= levels[k] && x < levels[k + 1])
                    rwant[k]++;
        expect(rh.get() == rwant, "histogram_range<int> 7 bins, n=%zu", n);
    }
    return finish("rocprim histogram");
}
