// Floating-point division and square root, which the compiler expands
// into v_div_scale / v_rcp / FMA refinement / v_div_fmas / v_div_fixup
// (and a scaled v_sqrt with fix-ups).  Every result must equal the
// host's correctly rounded IEEE result bit for bit, special values
// (zeros, infinities, NaNs, denormals, overflow, underflow) included.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

__global__ void divide(const float* a, const float* b, float* q, const double* da,
                       const double* db, double* dq, float* s, double* ds)
{
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    q[i] = a[i] / b[i];
    dq[i] = da[i] / db[i];
    s[i] = __builtin_sqrtf(__builtin_fabsf(a[i]));   // device math comes with its own issue
    ds[i] = __builtin_sqrt(__builtin_fabs(da[i]));
}

template <class T, class U> static bool same(T x, T y)
{
    if (std::isnan(x) && std::isnan(y))
        return true;
    U ux, uy;
    std::memcpy(&ux, &x, sizeof(x));
    std::memcpy(&uy, &y, sizeof(y));
    return ux == uy;
}

int main()
{
    constexpr unsigned n = 1 << 16;
    static float a[n], b[n], q[n], s[n];
    static double da[n], db[n], dq[n], ds[n];
    const float fs[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1.0f, -3.0f, 1e-45f, 1e-40f,
                        1.17549435e-38f, 3.4028235e38f, 1e30f, 1e-30f, 7.0f, 0.1f};
    const double ds_[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 1.0, -3.0, 4.9e-324, 1e-310,
                          2.2250738585072014e-308, 1.7976931348623157e308, 1e300, 1e-300, 7.0, 0.1};
    constexpr unsigned k = sizeof(fs) / sizeof(fs[0]);
    // Quotients the hardware must rescale (v_div_fmas on VCC lanes) that
    // once came out one ulp off: a denormal quotient just below a tie,
    // and a huge one needing all 53 bits.
    const double hard[][2] = {{0x0.fffffffffffffp-1022, 0x1.fffffffffffffp-1},
                              {1.0, 0x1.c29a4c63cd4bdp-853},
                              {0x1p-1074, 0x1.8p+0},
                              {0x1.8p-1073, 0x1.0000000000001p+1}};
    constexpr unsigned nh = sizeof(hard) / sizeof(hard[0]);
    uint64_t x = 88172645463325252ull;
    for (unsigned i = 0; i < n; ++i) {
        if (i < k * k) {                     // every pair of special values
            a[i] = fs[i / k]; b[i] = fs[i % k];
            da[i] = ds_[i / k]; db[i] = ds_[i % k];
            continue;
        }
        if (i < k * k + nh) {
            a[i] = (float)hard[i - k * k][0]; b[i] = (float)hard[i - k * k][1];
            da[i] = hard[i - k * k][0]; db[i] = hard[i - k * k][1];
            continue;
        }
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        uint32_t ua = (uint32_t)x, ub = (uint32_t)(x >> 32);
        std::memcpy(&a[i], &ua, 4);          // random bit patterns: all exponents
        std::memcpy(&b[i], &ub, 4);
        uint64_t y = x * 0x2545f4914f6cdd1dull, z = x * 0x9e3779b97f4a7c15ull;
        std::memcpy(&da[i], &y, 8);
        std::memcpy(&db[i], &z, 8);
    }
    float *g_a, *g_b, *g_q, *g_s;
    double *g_da, *g_db, *g_dq, *g_ds;
    if (hipMalloc(&g_a, sizeof(a)) || hipMalloc(&g_b, sizeof(b)) || hipMalloc(&g_q, sizeof(q)) ||
        hipMalloc(&g_s, sizeof(s)) || hipMalloc(&g_da, sizeof(da)) || hipMalloc(&g_db, sizeof(db)) ||
        hipMalloc(&g_dq, sizeof(dq)) || hipMalloc(&g_ds, sizeof(ds)) ||
        hipMemcpy(g_a, a, sizeof(a), hipMemcpyHostToDevice) ||
        hipMemcpy(g_b, b, sizeof(b), hipMemcpyHostToDevice) ||
        hipMemcpy(g_da, da, sizeof(da), hipMemcpyHostToDevice) ||
        hipMemcpy(g_db, db, sizeof(db), hipMemcpyHostToDevice))
        return 1;
    divide<<<n / 256, 256>>>(g_a, g_b, g_q, g_da, g_db, g_dq, g_s, g_ds);
    if (hipDeviceSynchronize() || hipMemcpy(q, g_q, sizeof(q), hipMemcpyDeviceToHost) ||
        hipMemcpy(dq, g_dq, sizeof(dq), hipMemcpyDeviceToHost) ||
        hipMemcpy(s, g_s, sizeof(s), hipMemcpyDeviceToHost) ||
        hipMemcpy(ds, g_ds, sizeof(ds), hipMemcpyDeviceToHost))
        return 1;
    int bad = 0;
    for (unsigned i = 0; i < n; ++i) {
        if (!same<float, uint32_t>(q[i], a[i] / b[i]) && bad++ < 4)
            std::printf("  %a / %a = %a, want %a\n", a[i], b[i], q[i], a[i] / b[i]);
        if (!same<double, uint64_t>(dq[i], da[i] / db[i]) && bad++ < 8)
            std::printf("  %a / %a = %a, want %a (double)\n", da[i], db[i], dq[i], da[i] / db[i]);
        if (!same<float, uint32_t>(s[i], std::sqrt(std::fabs(a[i]))) && bad++ < 12)
            std::printf("  sqrtf(%a) = %a, want %a\n", std::fabs(a[i]), s[i], std::sqrt(std::fabs(a[i])));
        if (!same<double, uint64_t>(ds[i], std::sqrt(std::fabs(da[i]))) && bad++ < 16)
            std::printf("  sqrt(%a) = %a, want %a\n", std::fabs(da[i]), ds[i], std::sqrt(std::fabs(da[i])));
    }
    if (bad) {
        std::printf("fdiv: FAIL (%d results differ)\n", bad);
        return 1;
    }
    std::printf("fdiv: PASS (%u float and double divisions and square roots, correctly rounded)\n", n);
    return 0;
}
