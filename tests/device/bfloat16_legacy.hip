// The older bfloat16 struct of ROCm's libraries (<hip/hip_bfloat16.h>,
// which rocPRIM includes): every float high half with the low halves 0,
// 1, 0x7fff, 0x8000 (the tie), 0x8001 and 0xffff, converted on the device
// and on the host by the constructor (nearest even), by truncation and
// by round_to_bfloat16, against a reference written here with integer
// arithmetic; widening back to float; the arithmetic and comparison
// operators, ++/-- and std::isnan/isinf/iszero on a set of pairs.
#include <hip/hip_runtime.h>
#include <hip/hip_bfloat16.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#define CHECK(call)                                                                   \
    do {                                                                              \
        hipError_t e_ = (call);                                                       \
        if (e_ != hipSuccess) {                                                       \
            printf("bfloat16_legacy: %s: %s\n", #call, hipGetErrorString(e_));        \
            return 1;                                                                 \
        }                                                                             \
    } while (0)

static const uint32_t lows[] = {0, 1, 0x7fff, 0x8000, 0x8001, 0xffff};
constexpr int kLows = sizeof(lows) / sizeof(lows[0]);
constexpr int kN = 65536 * kLows;

static float from_bits(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static bool is_nan_bits(uint32_t u) { return (u & 0x7fffffff) > 0x7f800000; }

// The reference: nearest even on the bits; a NaN stays a NaN of the same sign.
static bool ok_round(uint32_t in, uint16_t got, bool trunc)
{
    uint32_t hi = in >> 16, lo = in & 0xffff;
    if (is_nan_bits(in))
        return (got & 0x7fff) > 0x7f80 && (got >> 15) == (in >> 31);
    if (trunc)
        return got == hi;
    uint32_t want = hi + (lo > 0x8000 || (lo == 0x8000 && (hi & 1)));
    return got == want;
}

__global__ void convert(const uint32_t *in, uint16_t *rne, uint16_t *trn, uint16_t *rtb,
                        uint32_t *back, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float f = __builtin_bit_cast(float, in[i]);
    hip_bfloat16 a(f), b(f, hip_bfloat16::truncate);
    rne[i] = a.data;
    trn[i] = b.data;
    rtb[i] = hip_bfloat16::round_to_bfloat16(f).data;
    back[i] = __builtin_bit_cast(uint32_t, float(a));
}

constexpr int kOps = 14;
__host__ __device__ void ops(hip_bfloat16 x, hip_bfloat16 y, uint16_t *r)
{
    hip_bfloat16 t = x;
    r[0] = (x + y).data;
    r[1] = (x - y).data;
    r[2] = (x * y).data;
    r[3] = (x / y).data;
    t += y;
    r[4] = t.data;
    r[5] = (-x).data;
    r[6] = (x < y) | (x <= y) << 1 | (x > y) << 2 | (x >= y) << 3 | (x == y) << 4 |
           (x != y) << 5;
    t = x;
    r[7] = (++t).data;
    r[8] = (t--).data;
    r[9] = t.data;
    r[10] = std::isnan(x) | std::isinf(x) << 1 | std::iszero(x) << 2;
    t = x;
    t *= y;
    r[11] = t.data;
    t /= y;
    r[12] = t.data;
    r[13] = (+x).data;
}

__global__ void pair_kernel(const float *v, int m, uint16_t *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m * m)
        return;
    ops(hip_bfloat16(v[i / m]), hip_bfloat16(v[i % m]), out + i * kOps);
}

int main()
{
    int bad = 0;
    std::vector<uint32_t> in(kN);
    for (int h = 0; h < 65536; h++)
        for (int l = 0; l < kLows; l++)
            in[h * kLows + l] = (uint32_t)h << 16 | lows[l];

    uint32_t *din, *dback;
    uint16_t *drne, *dtrn, *drtb;
    CHECK(hipMalloc(&din, kN * 4));
    CHECK(hipMalloc(&dback, kN * 4));
    CHECK(hipMalloc(&drne, kN * 2));
    CHECK(hipMalloc(&dtrn, kN * 2));
    CHECK(hipMalloc(&drtb, kN * 2));
    CHECK(hipMemcpy(din, in.data(), kN * 4, hipMemcpyHostToDevice));
    convert<<<(kN + 255) / 256, 256>>>(din, drne, dtrn, drtb, dback, kN);
    CHECK(hipGetLastError());
    std::vector<uint16_t> rne(kN), trn(kN), rtb(kN);
    std::vector<uint32_t> back(kN);
    CHECK(hipMemcpy(rne.data(), drne, kN * 2, hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(trn.data(), dtrn, kN * 2, hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(rtb.data(), drtb, kN * 2, hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(back.data(), dback, kN * 4, hipMemcpyDeviceToHost));
    for (int i = 0; i < kN; i++) {
        float f = from_bits(in[i]);
        hip_bfloat16 h(f), ht(f, hip_bfloat16::truncate);
        struct { const char *what; uint16_t got; bool trunc; } c[] = {
            {"device ctor", rne[i], false}, {"device truncate", trn[i], true},
            {"device round_to_bfloat16", rtb[i], false}, {"host ctor", h.data, false},
            {"host truncate", ht.data, true},
            {"host round_to_bfloat16", hip_bfloat16::round_to_bfloat16(f).data, false}};
        for (auto &k : c)
            if (!ok_round(in[i], k.got, k.trunc) && bad++ < 10)
                printf("%s of 0x%08x: 0x%04x\n", k.what, in[i], k.got);
        if (back[i] != (uint32_t)rne[i] << 16 && bad++ < 10)
            printf("float(bfloat16 0x%04x) on the device: 0x%08x\n", rne[i], back[i]);
    }

    const float vals[] = {0.0f, -0.0f, 1.0f, -1.5f, 3.140625f, 1e-39f, -2e-38f,
                          65504.0f, 3e38f, -3.3e38f, INFINITY, -INFINITY, NAN, 0.1f, 7.0f};
    constexpr int m = sizeof(vals) / sizeof(vals[0]);
    float *dv;
    uint16_t *dout;
    CHECK(hipMalloc(&dv, sizeof(vals)));
    CHECK(hipMalloc(&dout, m * m * kOps * 2));
    CHECK(hipMemcpy(dv, vals, sizeof(vals), hipMemcpyHostToDevice));
    pair_kernel<<<(m * m + 63) / 64, 64>>>(dv, m, dout);
    CHECK(hipGetLastError());
    std::vector<uint16_t> out(m * m * kOps);
    CHECK(hipMemcpy(out.data(), dout, out.size() * 2, hipMemcpyDeviceToHost));
    auto rn = [](float f) -> uint16_t { // reference rounding of a float result
        uint32_t u;
        memcpy(&u, &f, 4);
        if (is_nan_bits(u))
            return 0x7fc0 | (u >> 31) << 15;
        return (uint16_t)((u + 0x7fff + ((u >> 16) & 1)) >> 16);
    };
    for (int i = 0; i < m * m; i++) {
        hip_bfloat16 x(vals[i / m]), y(vals[i % m]);
        float a = x, b = y;
        uint16_t want[kOps] = {rn(a + b), rn(a - b), rn(a * b), rn(a / b), rn(a + b),
            (uint16_t)(x.data ^ 0x8000),
            (uint16_t)((a < b) | (a <= b) << 1 | (a > b) << 2 | (a >= b) << 3 |
                       (a == b) << 4 | (a != b) << 5),
            rn(a + 1.0f), rn(a + 1.0f), rn(float(hip_bfloat16(a + 1.0f)) - 1.0f),
            (uint16_t)(std::isnan(a) | std::isinf(a) << 1 | (a == 0.0f) << 2),
            rn(a * b), rn(float(hip_bfloat16(a * b)) / b), x.data};
        uint16_t host[kOps];
        ops(x, y, host);
        for (int k = 0; k < kOps; k++) {
            bool nan_ok = (want[k] & 0x7fff) > 0x7f80 && k != 5 && k != 13;
            auto same = [&](uint16_t g) {
                return nan_ok ? (g & 0x7fff) > 0x7f80 : g == want[k];
            };
            if (!same(out[i * kOps + k]) && bad++ < 10)
                printf("device op %d of (%g, %g): 0x%04x, expected 0x%04x\n", k, a, b,
                       out[i * kOps + k], want[k]);
            if (!same(host[k]) && bad++ < 10)
                printf("host op %d of (%g, %g): 0x%04x, expected 0x%04x\n", k, a, b, host[k],
                       want[k]);
        }
    }
    printf("bfloat16_legacy: %d conversions, %d pairs x %d operations: %s\n", kN, m * m, kOps,
           bad ? "FAILED" : "PASS");
    return bad != 0;
}
