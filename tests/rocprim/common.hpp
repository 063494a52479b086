// What every tests/rocprim program shares: rocPRIM's own headers (Debian's
// librocprim-dev, /usr/include/rocprim; make sets ROCPRIM_INCLUDE), the
// sizes each device-wide algorithm is checked at, device buffers, the
// two-call temporary-storage protocol, and the failure count.
#pragma once

// rocPRIM 5.3 predates RDNA3: its warp reduce and scan take the DPP row
// broadcasts (row_bcast:15/31) everywhere but on the gfx10 parts it names
// (ROCPRIM_NAVI), and gfx10+ have none, so the device link of gfx11 code
// fails ("broadcasts are not supported on GFX10+").  Its non-DPP path
// (ds_bpermute shuffles) is right for gfx11; ask for it there only
// (docs/rocprim.md).  5.3 defines ROCPRIM_DETAIL_USE_DPP only when DPP
// is on, so both are set here.
#if defined(__GFX11__)
#define ROCPRIM_DISABLE_DPP
#define ROCPRIM_DETAIL_USE_DPP false
#endif

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <numeric>
#include <random>
#include <vector>

#include <hip/hip_runtime.h>

#define HIP_CHECK(e)                                                                    \
    do {                                                                                \
        const hipError_t s_ = (e);                                                      \
        if (s_ != hipSuccess) {                                                         \
            std::printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #e, hipGetErrorString(s_)); \
            std::exit(1);                                                               \
        }                                                                               \
    } while (0)

// Sizes: empty, one element, under a block, not a multiple of any block
// or items-per-thread, just over a power of two, and one that spans many
// blocks (several lookback-scan partitions).
static const size_t test_sizes[] = {0, 1, 100, 1000, 4097, 65537, 300007};

static int failures;
static int checks;

// expect(ok, what...): count a check; print the first few that fail.
template <class... A> static void expect(bool ok, const char *fmt, A... a)
{
    checks++;
    if (ok)
        return;
    if (failures++ < 10) {
        std::printf("  FAILED: ");
        std::printf(fmt, a...);
        std::printf("\n");
    }
}

// A device array with its host copy.
template <class T> struct dvec {
    T *d = nullptr;
    size_t n;
    explicit dvec(size_t n_) : n(n_) { HIP_CHECK(hipMalloc(&d, std::max<size_t>(n, 1) * sizeof(T))); }
    explicit dvec(const std::vector<T> &h) : dvec(h.size()) { upload(h); }
    ~dvec() { (void)hipFree(d); }
    dvec(const dvec &) = delete;
    void upload(const std::vector<T> &h) { HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(T), hipMemcpyHostToDevice)); }
    std::vector<T> get() const
    {
        std::vector<T> h(n);
        HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost));
        return h;
    }
};

// rocPRIM's protocol: called with no storage it says how much it needs,
// then it runs.  f(void *storage, size_t &bytes) -> hipError_t.
template <class F> static void run_with_storage(F f)
{
    size_t bytes = 0;
    HIP_CHECK(f(nullptr, bytes));
    void *storage = nullptr;
    HIP_CHECK(hipMalloc(&storage, std::max<size_t>(bytes, 1)));
    HIP_CHECK(f(storage, bytes));
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());
    HIP_CHECK(hipFree(storage));
}

template <class T> static std::vector<T> random_vector(size_t n, T lo, T hi, unsigned seed)
{
    std::mt19937 g(seed);
    std::vector<T> v(n);
    if constexpr (std::is_floating_point<T>::value) {
        std::uniform_real_distribution<T> d(lo, hi);
        for (auto &x : v)
            x = d(g);
    } else {
        std::uniform_int_distribution<long long> d(lo, hi);
        for (auto &x : v)
            x = (T)d(g);
    }
    return v;
}

// A stable sort of v by less (ties keep their order): std::sort with
// the index as the tie-break (libstdc++ 12's std::stable_sort draws a
// deprecation warning from clang 19).
template <class T, class Less> static void stable_sort_by(std::vector<T> &v, Less less)
{
    std::vector<size_t> idx(v.size());
    std::iota(idx.begin(), idx.end(), 0);
    std::sort(idx.begin(), idx.end(), [&](size_t a, size_t b) {
        return less(v[a], v[b]) || (!less(v[b], v[a]) && a < b);
    });
    std::vector<T> out(v.size());
    for (size_t i = 0; i < v.size(); i++)
        out[i] = v[idx[i]];
    v.swap(out);
}

static int finish(const char *name)
{
    std::printf("%s: %d checks, %d failed: %s\n", name, checks, failures, failures ? "FAILED" : "PASS");
    return failures != 0;
}
