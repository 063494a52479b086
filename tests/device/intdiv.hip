// Integer division and remainder in 32 and 64 bits (signed and unsigned),
// which the compiler expands into reciprocal estimates, multiply-high and
// carry chains.  Checked against the host's own division.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdint>

struct quad {
    int64_t sq, sr;
    uint64_t uq, ur;
    int32_t sq32, sr32;
    uint32_t uq32, ur32;
};

__host__ __device__ quad divide(int64_t a, int64_t b)
{
    quad q;
    q.sq = a / b;
    q.sr = a % b;
    q.uq = (uint64_t)a / (uint64_t)b;
    q.ur = (uint64_t)a % (uint64_t)b;
    q.sq32 = (int32_t)a / (int32_t)(b | 1);
    q.sr32 = (int32_t)a % (int32_t)(b | 1);
    q.uq32 = (uint32_t)a / (uint32_t)(b | 1);
    q.ur32 = (uint32_t)a % (uint32_t)(b | 1);
    return q;
}

__global__ void divide_all(const int64_t* a, const int64_t* b, quad* out)
{
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = divide(a[i], b[i]);
}

int main()
{
    constexpr unsigned n = 256;
    static int64_t a[n], b[n];
    static quad out[n];
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (unsigned i = 0; i < n; ++i) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;          // xorshift64
        a[i] = (int64_t)x >> (i % 50);
        b[i] = ((int64_t)(x * 0x2545f4914f6cdd1dull) >> (i % 61 + 2)) | 1;
        if (i % 17 == 0) b[i] = -b[i];
    }
    a[0] = INT64_MIN; b[0] = 7;                            // edge cases
    a[1] = 12345; b[1] = 1;
    a[2] = -1; b[2] = INT64_MAX;
    int64_t *da, *db;
    quad* dout;
    if (hipMalloc(&da, sizeof(a)) || hipMalloc(&db, sizeof(b)) || hipMalloc(&dout, sizeof(out)) ||
        hipMemcpy(da, a, sizeof(a), hipMemcpyHostToDevice) ||
        hipMemcpy(db, b, sizeof(b), hipMemcpyHostToDevice))
        return 1;
    divide_all<<<n / 64, 64>>>(da, db, dout);
    if (hipDeviceSynchronize() || hipMemcpy(out, dout, sizeof(out), hipMemcpyDeviceToHost))
        return 1;
    int bad = 0;
    for (unsigned i = 0; i < n; ++i) {
        const quad want = divide(a[i], b[i]);
        const quad& got = out[i];
        if ((got.sq != want.sq || got.sr != want.sr || got.uq != want.uq || got.ur != want.ur ||
             got.sq32 != want.sq32 || got.sr32 != want.sr32 || got.uq32 != want.uq32 ||
             got.ur32 != want.ur32) && bad++ < 3)
            std::printf("  %lld / %lld: got q=%lld r=%lld, want q=%lld r=%lld\n", (long long)a[i],
                        (long long)b[i], (long long)got.sq, (long long)got.sr,
                        (long long)want.sq, (long long)want.sr);
    }
    if (bad) {
        std::printf("intdiv: FAIL (%d of %u)\n", bad, n);
        return 1;
    }
    std::printf("intdiv: PASS (%u signed/unsigned 32- and 64-bit divisions)\n", n);
    return 0;
}
