// The device half of the exhaustive sweep's cross-check (scripts/sweep.sh,
// make sweep): runs every unary f32 function of fns.h, and every
// amdgcn builtin that firmware/math/host.h stands in for, in the model on
// the same inputs the host build will get, and writes inputs and results
// to a file; `sweep --xcheck FILE` then computes them with the host build
// and requires identical bits.
//
// Inputs per function: the special values (zeros, denormal and normal
// limits, every power of two, small integers, the largest values,
// infinities, NaN, both signs), then N pseudo-random ones: half any bit
// pattern (every exponent, NaNs included), half a random exponent in
// [-24, 10] (where the functions have their cases).
//
// Usage: xcheck [--n N] FILE   (default N 100000)
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

extern "C" {
#include "fns.h"
}

#define HIP_OK(call)                                                                 \
    do {                                                                             \
        hipError_t e_ = (call);                                                      \
        if (e_ != hipSuccess) {                                                      \
            fprintf(stderr, "xcheck: %s:%d: %s: %s\n", __FILE__, __LINE__, #call,    \
                    hipGetErrorString(e_));                                          \
            exit(1);                                                                 \
        }                                                                            \
    } while (0)

// ------------------------------------------------------------- inputs
struct Rng {
    uint64_t s;
    uint64_t next()
    {
        uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
};

static uint64_t name_seed(const char* name)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *name; name++)
        h = (h ^ (unsigned char)*name) * 0x100000001b3ull;
    return h;
}

static float f32(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

static std::vector<float> inputs_f32(const char* name, size_t n, float limit)
{
    std::vector<float> in;
    const float sp[] = { 0.0f, 0x1p-149f, 0x1.fffffcp-127f, 0x1p-126f, 0.5f, 0x1.fffffep-1f,
                         1.0f, 0x1.000002p+0f, 1.5f, 2.0f, 3.0f, 7.0f, 10.0f, 0.1f,
                         3.14159265f, 1e-30f, 1e30f, 0x1p23f, 0x1p24f, 0x1.fffffep127f,
                         INFINITY };
    for (float x : sp) {
        in.push_back(x);
        in.push_back(-x);
    }
    in.push_back(NAN);
    for (int e = -149; e <= 127; e++) {
        in.push_back(std::ldexp(1.0f, e));
        in.push_back(-std::ldexp(1.0f, e));
    }
    Rng r{ name_seed(name) };
    for (size_t i = 0; i < n; i++) {
        uint64_t z = r.next();
        float x = (i & 1) ? f32((uint32_t)z)
                          : std::ldexp(1.0f + (float)((z >> 8) & 0x7fffff) * 0x1p-23f,
                                       (int)((z >> 32) % 35) - 24) * ((z >> 40) & 1 ? -1.0f : 1.0f);
        in.push_back(x);
    }
    if (limit > 0)      // v_sin/v_cos: the model's valid range
        for (float& x : in)
            if (std::isfinite(x) && std::fabs(x) >= limit)
                x = std::fmod(x, limit);
    return in;
}

static std::vector<double> inputs_f64(const char* name, size_t n)
{
    std::vector<double> in;
    const double sp[] = { 0.0, 0x1p-1074, 0x1p-1022, 0.5, 1.0, 1.5, 2.0, 3.0, 0.1,
                          3.141592653589793, 1e300, 0x1.fffffffffffffp1023, INFINITY };
    for (double x : sp) {
        in.push_back(x);
        in.push_back(-x);
    }
    in.push_back(NAN);
    Rng r{ name_seed(name) };
    for (size_t i = 0; i < n; i++) {
        uint64_t z = r.next();
        double x;
        if (i & 1)
            memcpy(&x, &z, 8);
        else
            x = std::ldexp(1.0 + (double)(z >> 12) * 0x1p-52, (int)(r.next() % 121) - 60);
        in.push_back(x);
    }
    return in;
}

// --------------------------------------------------------------- runs
template <typename I, typename O, typename Op> __global__ void apply(const I* in, O* out, size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = Op::f(in[i]);
}

struct FI {     // an f32 and an int argument
    float x;
    int e;
};
struct DI {
    double x;
    int e;
    int pad;
};

template <typename I, typename O, typename Op>
static void run(FILE* f, const char* name, const std::vector<I>& in)
{
    size_t n = in.size();
    I* din;
    O* dout;
    HIP_OK(hipMalloc(&din, n * sizeof(I)));
    HIP_OK(hipMalloc(&dout, n * sizeof(O)));
    HIP_OK(hipMemcpy(din, in.data(), n * sizeof(I), hipMemcpyHostToDevice));
    hipLaunchKernelGGL((apply<I, O, Op>), dim3((unsigned)((n + 255) / 256)), dim3(256), 0, 0,
                       (const I*)din, dout, n);
    HIP_OK(hipGetLastError());
    HIP_OK(hipDeviceSynchronize());
    std::vector<O> out(n);
    HIP_OK(hipMemcpy(out.data(), dout, n * sizeof(O), hipMemcpyDeviceToHost));
    HIP_OK(hipFree(din));
    HIP_OK(hipFree(dout));
    xrec h = {};
    snprintf(h.name, sizeof h.name, "%s", name);
    h.n = (unsigned)n;
    h.in_size = sizeof(I);
    h.out_size = sizeof(O);
    if (fwrite(&h, sizeof h, 1, f) != 1 || fwrite(in.data(), sizeof(I), n, f) != n ||
        fwrite(out.data(), sizeof(O), n, f) != n) {
        fprintf(stderr, "xcheck: writing %s: short write\n", name);
        exit(1);
    }
}

#define FN_OP(name, ...)                                                        \
    struct op_##name {                                                          \
        static __device__ float f(float x) { return __ocml_##name##_f32(x); }   \
    };
SWEEP_FNS(FN_OP)
XCHECK_FNS(FN_OP)

// The builtins, one wrapper each by argument kind.
#define B_F(name) static __device__ float f(float x) { return __builtin_amdgcn_##name(x); }
#define B_FI(name) static __device__ int f(float x) { return __builtin_amdgcn_##name(x); }
#define B_FxI(name) static __device__ float f(FI a) { return __builtin_amdgcn_##name(a.x, a.e); }
#define B_D(name) static __device__ double f(double x) { return __builtin_amdgcn_##name(x); }
#define B_DI(name) static __device__ int f(double x) { return __builtin_amdgcn_##name(x); }
#define B_DxI(name) static __device__ double f(DI a) { return __builtin_amdgcn_##name(a.x, a.e); }
#define BUILTIN_OP(name, kind) struct bop_##name { B_##kind(name) };
BUILTINS(BUILTIN_OP)

int main(int argc, char** argv)
{
    size_t n = 100000;
    const char* path = nullptr;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--n") && i + 1 < argc)
            n = strtoull(argv[++i], nullptr, 0);
        else if (!path && argv[i][0] != '-')
            path = argv[i];
        else
            path = nullptr, i = argc;
    }
    if (!path) {
        fprintf(stderr, "usage: %s [--n N] FILE\n", argv[0]);
        return 2;
    }
    FILE* f = fopen(path, "wb");
    if (!f) {
        perror(path);
        return 1;
    }
    size_t records = 0;
#define RUN_FN(name, ...)                                                       \
    run<float, float, op_##name>(f, #name, inputs_f32(#name, n, 0));            \
    records++;
    SWEEP_FNS(RUN_FN)
    XCHECK_FNS(RUN_FN)

    // Builtin inputs: the f32 set (below 256 for sin/cos), or the f64 set,
    // with exponents for ldexp around and beyond the clamp and segments
    // 0..3 for trig_preop (what trigred.h asks for).
    Rng r{ 12345 };
    auto fi = [&](const char* name) {
        std::vector<float> x = inputs_f32(name, n, 0);
        std::vector<FI> v;
        for (float e : x)
            v.push_back(FI{ e, (int)(r.next() % 601) - 300 + ((r.next() & 63) == 0 ? 20000 : 0) });
        return v;
    };
    auto di = [&](const char* name, bool preop) {
        std::vector<double> x = inputs_f64(name, n);
        std::vector<DI> v;
        for (double e : x)
            v.push_back(DI{ e, preop ? (int)(r.next() % 4) : (int)(r.next() % 4401) - 2200, 0 });
        return v;
    };
#define IN_F(name) inputs_f32(#name, n, !strcmp(#name, "sinf") || !strcmp(#name, "cosf") ? 256.0f : 0)
#define IN_FI(name) inputs_f32(#name, n, 0)
#define IN_FxI(name) fi(#name)
#define IN_D(name) inputs_f64(#name, n)
#define IN_DI(name) inputs_f64(#name, n)
#define IN_DxI(name) di(#name, !strcmp(#name, "trig_preop"))
#define T_F float, float
#define T_FI float, int
#define T_FxI FI, float
#define T_D double, double
#define T_DI double, int
#define T_DxI DI, double
#define RUN_B(name, kind)                                                       \
    run<T_##kind, bop_##name>(f, "__builtin_amdgcn_" #name, IN_##kind(name));    \
    records++;
    BUILTINS(RUN_B)
    if (fclose(f)) {
        perror(path);
        return 1;
    }
    printf("xcheck: %zu records of %zu random inputs (plus specials) written to %s\n", records, n,
           path);
    return 0;
}
