// Standard headers first, as most of ROCm's own samples write it: with
// Debian's libamdhip64-dev installed, clang (left to itself) finds a ROCm
// in /usr, puts its cuda_wrappers ahead of libstdc++ and this file stops
// at <algorithm> ("unknown type name '__host__'").  barehip-cc gives the
// same object with or without that ROCm (tests/hermetic/hermetic-test.sh).
// The kernel clamps and sorts small windows with <algorithm> in device
// code; the host checks every element with std::sort of its own copy.
#include <algorithm>
#include <cstdio>
#include <numeric>
#include <vector>

#include <hip/hip_runtime.h>

#define HIP_CHECK(e)                                                           \
    do {                                                                       \
        const hipError_t s_ = (e);                                             \
        if (s_ != hipSuccess) {                                                \
            std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #e,    \
                         hipGetErrorString(s_));                               \
            return 1;                                                          \
        }                                                                      \
    } while (0)

constexpr int window = 4;

// Each thread sorts its window of 4 and clamps it to [lo, hi] (std::min
// and std::max in device code: constexpr, so callable there).
__global__ void sort_windows(int *v, int n, int lo, int hi)
{
    const int w = blockIdx.x * blockDim.x + threadIdx.x;
    if ((w + 1) * window > n)
        return;
    int *p = v + w * window;
    for (int i = 0; i < window; i++)
        for (int j = i + 1; j < window; j++)
            if (p[j] < p[i]) {
                const int t = p[i];
                p[i] = p[j];
                p[j] = t;
            }
    for (int i = 0; i < window; i++)
        p[i] = std::min(std::max(p[i], lo), hi);
}

int main()
{
    const int n = 1000 * window, lo = -300, hi = 700;
    std::vector<int> v(n);
    for (int i = 0; i < n; i++)
        v[i] = (i * 7919) % 2003 - 1000;
    int *d;
    HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
    HIP_CHECK(hipMemcpy(d, v.data(), n * sizeof(int), hipMemcpyHostToDevice));
    sort_windows<<<(n / window + 127) / 128, 128>>>(d, n, lo, hi);
    HIP_CHECK(hipGetLastError());
    std::vector<int> got(n);
    HIP_CHECK(hipMemcpy(got.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d));

    int bad = 0;
    for (int w = 0; w < n / window; w++) {
        std::vector<int> ref(v.begin() + w * window, v.begin() + (w + 1) * window);
        std::sort(ref.begin(), ref.end());
        for (int i = 0; i < window; i++) {
            const int want = std::clamp(ref[i], lo, hi);
            if (got[w * window + i] != want && bad++ < 5)
                std::printf("window %d [%d]: %d, expected %d\n", w, i,
                            got[w * window + i], want);
        }
    }
    const long sum = std::accumulate(got.begin(), got.end(), 0L);
    std::printf("%d windows sorted and clamped, sum %ld: %s\n", n / window, sum,
                bad ? "FAILED" : "PASS");
    return bad != 0;
}
