// rocPRIM's device-wide selection: rocprim::select by flags and by a
// predicate, rocprim::unique, and rocprim::partition (selected items in
// order at the front, the rest reversed at the back), against
// std::copy_if, std::unique and host loops.
#include "common.hpp"
#include <rocprim/device/device_select.hpp>
#include <rocprim/device/device_partition.hpp>

struct is_multiple_of_3 {
    __host__ __device__ bool operator()(int x) const { return x % 3 == 0; }
};

int main()
{
    for (size_t n : test_sizes) {
        auto hv = random_vector<int>(n, -500, 500, 40 + n);
        auto hf = random_vector<unsigned char>(n, 0, 1, 41 + n);
        dvec<int> in(hv), out(n);
        dvec<unsigned char> flags(hf);
        dvec<unsigned> count(1);

        run_with_storage([&](void *s, size_t &b) {
            return rocprim::select(s, b, in.d, flags.d, out.d, count.d, n);
        });
        std::vector<int> want;
        for (size_t i = 0; i < n; i++)
            if (hf[i])
                want.push_back(hv[i]);
        unsigned c = count.get()[0];
        auto got = out.get();
        expect(c == want.size() && std::equal(want.begin(), want.end(), got.begin()),
               "select by flags, n=%zu: %u selected, expected %zu", n, c, want.size());

        run_with_storage([&](void *s, size_t &b) {
            return rocprim::select(s, b, in.d, out.d, count.d, n, is_multiple_of_3());
        });
        want.clear();
        std::copy_if(hv.begin(), hv.end(), std::back_inserter(want), is_multiple_of_3());
        c = count.get()[0];
        got = out.get();
        expect(c == want.size() && std::equal(want.begin(), want.end(), got.begin()),
               "select by predicate, n=%zu: %u selected, expected %zu", n, c, want.size());

        // unique: runs of equal values (few distinct values: long runs).
        auto hr = random_vector<int>(n, 0, 3, 42 + n);
        dvec<int> rin(hr);
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::unique(s, b, rin.d, out.d, count.d, n);
        });
        want = hr;
        want.erase(std::unique(want.begin(), want.end()), want.end());
        c = count.get()[0];
        got = out.get();
        expect(c == want.size() && std::equal(want.begin(), want.end(), got.begin()),
               "unique, n=%zu: %u kept, expected %zu", n, c, want.size());

        // partition: selected ones in input order, then the others
        // from the back (so reversed).
        run_with_storage([&](void *s, size_t &b) {
            return rocprim::partition(s, b, in.d, out.d, count.d, n, is_multiple_of_3());
        });
        std::vector<int> yes, no;
        for (int x : hv)
            (is_multiple_of_3()(x) ? yes : no).push_back(x);
        want = yes;
        want.insert(want.end(), no.rbegin(), no.rend());
        c = count.get()[0];
        expect(c == yes.size() && out.get() == want, "partition by predicate, n=%zu: %u selected, expected %zu",
               n, c, yes.size());

        run_with_storage([&](void *s, size_t &b) {
            return rocprim::partition(s, b, in.d, flags.d, out.d, count.d, n);
        });
        yes.clear();
        no.clear();
        for (size_t i = 0; i < n; i++)
            (hf[i] ? yes : no).push_back(hv[i]);
        want = yes;
        want.insert(want.end(), no.rbegin(), no.rend());
        expect(count.get()[0] == yes.size() && out.get() == want, "partition by flags, n=%zu", n);
    }
    return finish("rocprim select");
}
