// <hip/hip_complex.h>, <hip/device_functions.h> and <hip/math_functions.h>
// included on their own, as ported ROCm code does (no hip_runtime.h):
//  - every hipFloatComplex / hipDoubleComplex function, on the device and
//    on the host, against a long double reference: exact where the
//    operation is (make, real, imag, conj, add, sub, the conversions),
//    within a few ulps (norm-wise) otherwise, including quotients whose
//    |q|^2 would overflow or underflow in the format;
//  - the layout: float2 and double2;
//  - a device function and a math function from the other two headers.
#include <hip/device_functions.h>
#include <hip/hip_complex.h>
#include <hip/math_functions.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

static_assert(sizeof(hipFloatComplex) == 8 && alignof(hipFloatComplex) == 8, "float2 layout");
static_assert(sizeof(hipDoubleComplex) == 16 && alignof(hipDoubleComplex) == 16,
              "double2 layout");

static int failures;
static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::printf("  FAILED: %s\n", what);
        ++failures;
    }
}

// The results of one (p, q, r) triple, in one precision.
template <class C> struct Results {
    C make, conj, add, sub, mul, div, fma;
    decltype(C().x) re, im, sqabs, abs;
};

// The same code on host and device.
#define COMPUTE(S, M)                                                                \
    template <class C> __host__ __device__ Results<C> compute##S(C p, C q, C r)      \
    {                                                                                \
        Results<C> o;                                                                \
        o.make = M(hipCreal##S(p), hipCimag##S(q));                                  \
        o.re = hipCreal##S(p);                                                       \
        o.im = hipCimag##S(p);                                                       \
        o.conj = hipConj##S(p);                                                      \
        o.add = hipCadd##S(p, q);                                                    \
        o.sub = hipCsub##S(p, q);                                                    \
        o.mul = hipCmul##S(p, q);                                                    \
        o.div = hipCdiv##S(p, q);                                                    \
        o.fma = hipCfma##S(p, q, r);                                                 \
        o.sqabs = hipCsqabs##S(p);                                                   \
        o.abs = hipCabs##S(p);                                                       \
        return o;                                                                    \
    }
COMPUTE(f, make_hipFloatComplex)
COMPUTE(, make_hipDoubleComplex)

template <class C> __global__ void kernel(const C* in, Results<C>* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        if constexpr (sizeof(C) == 8)
            out[i] = computef(in[3 * i], in[3 * i + 1], in[3 * i + 2]);
        else
            out[i] = compute(in[3 * i], in[3 * i + 1], in[3 * i + 2]);
    }
}

// From the other two headers: conversions, __popc, sinf.
__global__ void others(const float* x, int* ints, float* sines, hipFloatComplex* conv, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        ints[i] = __float2int_rd(x[i]) + 1000 * (int)__popc((unsigned)i);
        sines[i] = sinf(x[i]);
        conv[i] = hipComplexDoubleToFloat(
            hipComplexFloatToDouble(make_hipComplex(x[i], -x[i])));
    }
}

// ------------------------------------------------------------ checks
using LD = long double;
struct Ref {
    LD re, im;
};

template <class T> static bool close(T got_re, T got_im, Ref want, LD scale, int ulps)
{
    if (!std::isfinite(got_re) || !std::isfinite(got_im))
        return false;
    LD err = std::hypot((LD)got_re - want.re, (LD)got_im - want.im);
    return err <= ulps * (LD)std::numeric_limits<T>::epsilon() * scale;
}

template <class C> static int check(const char* where, const std::vector<C>& in,
                                    const std::vector<Results<C>>& out)
{
    using T = decltype(C().x);
    char what[400];
    int bad = 0;
    for (size_t i = 0; i < out.size() && bad < 5; i++) {
        C p = in[3 * i], q = in[3 * i + 1], r = in[3 * i + 2];
        const Results<C>& o = out[i];
        LD pr = p.x, pi = p.y, qr = q.x, qi = q.y;
        LD np = std::hypot(pr, pi), nq = std::hypot(qr, qi), nr = std::hypot((LD)r.x, (LD)r.y);
        bool exact = o.make.x == p.x && o.make.y == q.y && o.re == p.x && o.im == p.y &&
                     o.conj.x == p.x && o.conj.y == -p.y && o.add.x == (T)(p.x + q.x) &&
                     o.add.y == (T)(p.y + q.y) && o.sub.x == (T)(p.x - q.x) &&
                     o.sub.y == (T)(p.y - q.y);
        Ref mul{pr * qr - pi * qi, pi * qr + pr * qi};
        LD den = qr * qr + qi * qi;
        Ref div{(pr * qr + pi * qi) / den, (pi * qr - pr * qi) / den};
        Ref fma{mul.re + r.x, mul.im + r.y};
        // Which results are wrong, by name.
        char which[64] = "";
        auto bad_if = [&](bool wrong, const char* name) {
            if (wrong)
                snprintf(which + strlen(which), sizeof which - strlen(which), " %s", name);
        };
        bad_if(!exact, "exact-ops");
        bad_if(!close(o.div.x, o.div.y, div, np / nq, 8), "div");
        bad_if(!close(o.abs, (T)0, Ref{np, 0}, np, 2), "abs");
        // Products: where |p q| is representable with full precision (the
        // hard cases' products overflow or underflow, as they must).
        const LD hi = (LD)std::numeric_limits<T>::max() / 16,
                 lo = (LD)std::numeric_limits<T>::min() / std::numeric_limits<T>::epsilon();
        if (np * nq < hi && np * nq > lo) {
            bad_if(!close(o.mul.x, o.mul.y, mul, np * nq, 4), "mul");
            bad_if(!close(o.fma.x, o.fma.y, fma, np * nq + nr, 4), "fma");
        }
        // |p|^2 plainly: only where it neither overflows nor underflows.
        if (np < 1e15 && np > 1e-15)
            bad_if(!close(o.sqabs, (T)0, Ref{np * np, 0}, np * np, 4), "sqabs");
        bool ok = !which[0];
        if (!ok) {
            snprintf(what, sizeof what,
                     "%s: p=(%a,%a) q=(%a,%a): wrong:%s; mul (%a,%a) div (%a,%a) fma (%a,%a) "
                     "abs %a",
                     where, (double)p.x, (double)p.y, (double)q.x, (double)q.y, which,
                     (double)o.mul.x, (double)o.mul.y, (double)o.div.x, (double)o.div.y,
                     (double)o.fma.x, (double)o.fma.y, (double)o.abs);
            expect(false, what);
            bad++;
        }
    }
    return bad;
}

template <class C> static std::vector<C> inputs(unsigned seed, C (*make)(decltype(C().x),
                                                                        decltype(C().x)))
{
    using T = decltype(C().x);
    std::vector<C> in;
    unsigned s = seed;
    auto rnd = [&]() {
        s = s * 1664525u + 1013904223u;
        return (T)((int)(s >> 8) % 2001 - 1000) / (T)37;
    };
    for (int i = 0; i < 3 * 1000; i++)
        in.push_back(make(rnd(), rnd()));
    // Quotients whose |q|^2 overflows or underflows in the format, and
    // operands far apart in magnitude.
    const T big = sizeof(T) == 4 ? (T)1e30 : (T)1e300, tiny = sizeof(T) == 4 ? (T)1e-30
                                                                              : (T)1e-300;
    const C hard[][3] = {
        {make(big, big), make(big, -big), make(1, 1)},
        {make(1, 2), make(big, big / 2), make(0, 0)},
        {make(tiny, tiny), make(tiny, -tiny / 4), make(1, 0)},
        {make(3, -4), make(tiny, tiny), make(0, 1)},
        {make(big, 1), make(1, big), make(0, 0)},
    };
    for (auto& h : hard)
        in.insert(in.end(), {h[0], h[1], h[2]});
    return in;
}

template <class C> static int run(const char* type, C (*make)(decltype(C().x), decltype(C().x)))
{
    std::vector<C> in = inputs<C>(sizeof(C) == 8 ? 1 : 2, make);
    int n = (int)in.size() / 3;
    C* din;
    Results<C>* dout;
    if (hipMalloc(&din, in.size() * sizeof(C)) != hipSuccess ||
        hipMalloc(&dout, n * sizeof(Results<C>)) != hipSuccess)
        return 1;
    hipMemcpy(din, in.data(), in.size() * sizeof(C), hipMemcpyHostToDevice);
    kernel<C><<<(n + 127) / 128, 128>>>(din, dout, n);
    if (hipDeviceSynchronize() != hipSuccess) {
        std::printf("%s kernel failed\n", type);
        return 1;
    }
    std::vector<Results<C>> dev(n), host(n);
    hipMemcpy(dev.data(), dout, n * sizeof(Results<C>), hipMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
        if constexpr (sizeof(C) == 8)
            host[i] = computef(in[3 * i], in[3 * i + 1], in[3 * i + 2]);
        else
            host[i] = compute(in[3 * i], in[3 * i + 1], in[3 * i + 2]);
    }
    char where[64];
    snprintf(where, sizeof where, "%s device", type);
    check(where, in, dev);
    snprintf(where, sizeof where, "%s host", type);
    check(where, in, host);
    hipFree(din);
    hipFree(dout);
    return 0;
}

int main()
{
    if (run<hipFloatComplex>("hipFloatComplex", make_hipFloatComplex) ||
        run<hipDoubleComplex>("hipDoubleComplex", make_hipDoubleComplex))
        return 1;

    const int n = 256;
    std::vector<float> x(n);
    for (int i = 0; i < n; i++)
        x[i] = (i - 128) * 0.37f;
    float *dx, *dsin;
    int* dint;
    hipFloatComplex* dconv;
    hipMalloc(&dx, n * sizeof(float));
    hipMalloc(&dsin, n * sizeof(float));
    hipMalloc(&dint, n * sizeof(int));
    hipMalloc(&dconv, n * sizeof(hipFloatComplex));
    hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice);
    others<<<1, n>>>(dx, dint, dsin, dconv, n);
    if (hipDeviceSynchronize() != hipSuccess)
        return 1;
    std::vector<int> ints(n);
    std::vector<float> sines(n);
    std::vector<hipFloatComplex> conv(n);
    hipMemcpy(ints.data(), dint, n * sizeof(int), hipMemcpyDeviceToHost);
    hipMemcpy(sines.data(), dsin, n * sizeof(float), hipMemcpyDeviceToHost);
    hipMemcpy(conv.data(), dconv, n * sizeof(hipFloatComplex), hipMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++) {
        bad += ints[i] != (int)std::floor(x[i]) + 1000 * __builtin_popcount(i);
        bad += std::fabs(sines[i] - std::sin((double)x[i])) > 4 * FLT_EPSILON;
        bad += conv[i].x != x[i] || conv[i].y != -x[i];
    }
    expect(bad == 0, "device_functions.h / math_functions.h in a kernel");

    if (failures) {
        std::printf("complex: FAIL (%d)\n", failures);
        return 1;
    }
    std::printf("complex: PASS\n");
    return 0;
}
