// Device math: the lengths of vectors of any dimension, normf(dim, a),
// rnormf(dim, a), norm(dim, a) and rnorm(dim, a), for dim 0 to 16,
// against MPFR.  The components are random bit patterns, clusters of
// nearby magnitudes, components so large that their squares overflow
// the format and so small that they underflow (the lengths do not),
// and the special values: an infinite component makes the length +inf
// (1/length +0) even next to a NaN, as hypot in C99 Annex F; an empty
// vector has length 0.  docs/facts/devlib.md §4 has no bound for these; barehip's
// are within 1 ulp (firmware/math/lenn.h).  The vectors are read from
// global memory and, in the "shared" rows, from __shared__ memory.
// (A local array indexed by the runtime dim would be kept in VGPRs with
// s_set_gpr_idx_on, which the sim model does not implement yet.)
#include "mtest.h"

using namespace mtest;

constexpr int MAXDIM = 16;

template <typename T> struct Norm {
    static __device__ T f(int dim, const T* a)
    {
        if constexpr (sizeof(T) == 4)
            return normf(dim, a);
        else
            return norm(dim, a);
    }
};
template <typename T> struct RNorm {
    static __device__ T f(int dim, const T* a)
    {
        if constexpr (sizeof(T) == 4)
            return rnormf(dim, a);
        else
            return rnorm(dim, a);
    }
};

// One vector per thread: v[i * MAXDIM ...], dims[i] of its components.
template <typename T, typename Op, bool Shared>
__global__ void lengths(const T* v, const int* dims, T* out, size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    const T* a = v + i * MAXDIM;
    if constexpr (Shared) {
        __shared__ T lds[256 * MAXDIM];
        T* mine = lds + threadIdx.x * MAXDIM;
        for (int k = 0; k < MAXDIM; k++)
            mine[k] = a[k];
        out[i] = Op::f(dims[i], mine);
    } else {
        out[i] = Op::f(dims[i], a);
    }
}

// The exact length (or its reciprocal) at 256 bits, rounded once; the
// Annex F special cases first.
template <typename T> static T ref_len(const T* a, int dim, bool recip)
{
    bool inf = false, nan = false;
    for (int k = 0; k < dim; k++) {
        inf |= std::isinf(a[k]);
        nan |= std::isnan(a[k]);
    }
    if (inf)
        return recip ? 0 : std::numeric_limits<T>::infinity();
    if (nan)
        return std::numeric_limits<T>::quiet_NaN();
    mpfr_t s, x;
    mpfr_init2(s, 256);
    mpfr_init2(x, 256);
    mpfr_set_ui(s, 0, MPFR_RNDN);
    for (int k = 0; k < dim; k++) {
        Fmt<T>::set(x, a[k]);
        mpfr_sqr(x, x, MPFR_RNDN);
        mpfr_add(s, s, x, MPFR_RNDN);
    }
    if (recip)
        mpfr_rec_sqrt(s, s, MPFR_RNDN); // 1/sqrt(+0) = +inf
    else
        mpfr_sqrt(s, s, MPFR_RNDN);
    T r = round_to<T>(s);
    mpfr_clear(s);
    mpfr_clear(x);
    return r;
}

// The test vectors, MAXDIM values each (unused ones NaN, which a
// correct function never reads), with their dimensions.
template <typename T> static void make_vectors(std::vector<T>& v, std::vector<int>& dims)
{
    using L = std::numeric_limits<T>;
    Rng r(name_seed(sizeof(T) == 4 ? "normf" : "norm"));
    auto add = [&](int dim, auto gen) {
        for (int k = 0; k < MAXDIM; k++)
            v.push_back(k < dim ? gen(k) : L::quiet_NaN());
        dims.push_back(dim);
    };
    const T big = L::max() / 4, tiny = L::denorm_min() * 3;
    // Magnitudes 2^e around the largest and the smallest: the squares
    // overflow, or underflow to nothing, in the format itself.
    const int emax = L::max_exponent, emin = L::min_exponent - L::digits;
    size_t per_dim = std::max<size_t>(options().n / (MAXDIM + 1), 64);
    for (int dim = 0; dim <= MAXDIM; dim++) {
        for (size_t j = 0; j < per_dim; j++) {
            // any finite bits; one exponent +- 40; around 2^emax; around 2^emin
            int kind = (int)(j % 4);
            double c = std::ldexp(r.uniform() + 0.5, (int)(r.next() % 200) - 100);
            add(dim, [&](int) -> T {
                T s = (r.next() & 1) ? 1 : -1;
                switch (kind) {
                case 0:
                    return random_value<T>(r, Range());
                case 1:
                    return s * (T)(c * std::ldexp(r.uniform() + 0.5, (int)(r.next() % 81) - 40));
                case 2:
                    return s * (T)std::ldexp(r.uniform() + 0.5, emax - 1 - (int)(r.next() % 12));
                default:
                    return s * (T)std::ldexp(r.uniform() + 0.5, emin + (int)(r.next() % 60));
                }
            });
        }
        if (dim == 0)
            continue;
        // Specials in each position, the others 1: zeros, denormals, the
        // largest, infinities and NaN.
        for (T x : specials<T>())
            for (int pos = 0; pos < dim; pos++)
                add(dim, [&](int k) { return k == pos ? x : (T)1; });
        // Every component the same huge or tiny value; a NaN before an
        // infinity; all zeros with signs.
        add(dim, [&](int) { return big; });
        add(dim, [&](int k) { return k & 1 ? -L::max() : L::max(); });
        add(dim, [&](int) { return tiny; });
        add(dim, [&](int k) { return k & 1 ? L::min() : -L::denorm_min(); });
        add(dim, [&](int k) { return k == 0 ? L::quiet_NaN() : k == dim - 1 ? -L::infinity() : (T)2; });
        add(dim, [&](int k) { return k & 1 ? (T)-0.0 : (T)0.0; });
    }
}

template <typename T, typename Op, bool Shared>
static void check_norm(const char* name, bool recip)
{
    std::vector<T> v;
    std::vector<int> dims;
    make_vectors<T>(v, dims);
    size_t n = dims.size();
    T *dv, *dout;
    int* dd;
    HIP_OK(hipMalloc(&dv, v.size() * sizeof(T)));
    HIP_OK(hipMalloc(&dd, n * sizeof(int)));
    HIP_OK(hipMalloc(&dout, n * sizeof(T)));
    HIP_OK(hipMemcpy(dv, v.data(), v.size() * sizeof(T), hipMemcpyHostToDevice));
    HIP_OK(hipMemcpy(dd, dims.data(), n * sizeof(int), hipMemcpyHostToDevice));
    lengths<T, Op, Shared><<<(unsigned)((n + 255) / 256), 256>>>(dv, dd, dout, n);
    HIP_OK(hipGetLastError());
    HIP_OK(hipDeviceSynchronize());
    std::vector<T> out(n);
    HIP_OK(hipMemcpy(out.data(), dout, n * sizeof(T), hipMemcpyDeviceToHost));
    HIP_OK(hipFree(dv));
    HIP_OK(hipFree(dd));
    HIP_OK(hipFree(dout));

    Stat s;
    char win[64] = "-", wgot[64] = "-", wwant[64] = "-";
    for (size_t i = 0; i < n; i++) {
        const T* a = &v[i * MAXDIM];
        T want = ref_len<T>(a, dims[i], recip);
        double e = error(out[i], want);
        s.inputs++;
        if (e > s.max_err || (e == INFINITY && s.max_err != INFINITY)) {
            s.max_err = e;
            snprintf(win, sizeof win, "dim %d: %a, ...", dims[i], (double)a[0]);
            print_value(wgot, sizeof wgot, out[i]);
            print_value(wwant, sizeof wwant, want);
        }
    }
    report(name, s, 1, win, wgot, wwant);
}

int main(int argc, char** argv)
{
    parse_args(argc, argv);
    printf("norm: float\n");
    check_norm<float, Norm<float>, false>("normf", false);
    check_norm<float, RNorm<float>, false>("rnormf", true);
    check_norm<float, Norm<float>, true>("normf (shared)", false);
    printf("norm: double\n");
    check_norm<double, Norm<double>, false>("norm", false);
    check_norm<double, RNorm<double>, false>("rnorm", true);
    check_norm<double, RNorm<double>, true>("rnorm (shared)", true);
    return finish("norm");
}
