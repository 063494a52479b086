// HIP's short vector types (char1 .. double4, hip_vector_types.h): their
// layout, make_<type>() for all 48 of them, and the operators -- each
// kernel's results checked against the same arithmetic done on the host
// with plain scalars, component by component.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

// The twelve element types, as (name, type).
#define ELEMENTS(X)                                                                             \
    X(char, char) X(uchar, unsigned char) X(short, short) X(ushort, unsigned short) X(int, int) \
    X(uint, unsigned int) X(long, long) X(ulong, unsigned long) X(longlong, long long)          \
    X(ulonglong, unsigned long long) X(float, float) X(double, double)

static int bad = 0;
#define EXPECT(cond, ...)                  \
    do {                                   \
        if (!(cond) && bad++ < 12) {       \
            std::printf("  " __VA_ARGS__); \
            std::printf("\n");             \
        }                                  \
    } while (0)
#define HIP_OK(call)                                                       \
    do {                                                                   \
        if (hipError_t e_ = (call)) {                                      \
            std::printf("vectors: FAIL (%s: error %d)\n", #call, (int)e_); \
            std::exit(1);                                                  \
        }                                                                  \
    } while (0)

template <class T, unsigned N> using vec = HIP_vector_type<T, N>;

// ---------------------------------------------------------------- layout
// The address of the last component, read through its member name.
template <unsigned N, class V> __host__ __device__ const void* last_member(const V& v)
{
    if constexpr (N == 1) return &v.x;
    else if constexpr (N == 2) return &v.y;
    else if constexpr (N == 3) return &v.z;
    else return &v.w;
}
template <class V, unsigned N> __host__ __device__ unsigned last_offset()
{
    V v{};
    return (unsigned)((const char*)last_member<N>(v) - (const char*)&v);
}

// Every type's sizeof, alignof and offset of its last member, as the
// device compiler sees them: the host must agree, or hipMemcpy'd arrays
// and kernel arguments would be misread.
#define LAYOUT_ROW(V, N)   \
    out[i++] = sizeof(V);  \
    out[i++] = alignof(V); \
    out[i++] = last_offset<V, N>();
#define LAYOUT_ROWS(name, T) \
    LAYOUT_ROW(name##1, 1) LAYOUT_ROW(name##2, 2) LAYOUT_ROW(name##3, 3) LAYOUT_ROW(name##4, 4)
__global__ void layout(unsigned* out)
{
    unsigned i = 0;
    ELEMENTS(LAYOUT_ROWS)
}

static void check_layout()
{
    unsigned dev[48 * 3], host[48 * 3], want[48 * 3];
    unsigned* d;
    HIP_OK(hipMalloc(&d, sizeof(dev)));
    layout<<<1, 1>>>(d);
    HIP_OK(hipDeviceSynchronize());
    HIP_OK(hipMemcpy(dev, d, sizeof(dev), hipMemcpyDeviceToHost));
    HIP_OK(hipFree(d));
    unsigned* out = host;
    unsigned i = 0;
    ELEMENTS(LAYOUT_ROWS)
    // ROCm's rule: 2 and 4 components are aligned to their size, 1 and 3
    // to the element; no padding anywhere.
    const char* names[48];
    unsigned k = 0, t = 0;
#define WANT(name, T)                                               \
    for (unsigned n = 1; n <= 4; ++n, ++t) {                        \
        names[t] = #name;                                           \
        want[k++] = n * sizeof(T);                                  \
        want[k++] = (n == 1 || n == 3) ? sizeof(T) : n * sizeof(T); \
        want[k++] = (n - 1) * sizeof(T);                            \
    }
    ELEMENTS(WANT)
    for (t = 0; t < 48; ++t)
        EXPECT(!std::memcmp(&dev[t * 3], &want[t * 3], 12) &&
                   !std::memcmp(&host[t * 3], &want[t * 3], 12),
               "%s%u: size/align/last offset device %u/%u/%u, host %u/%u/%u, want %u/%u/%u",
               names[t], t % 4 + 1, dev[t * 3], dev[t * 3 + 1], dev[t * 3 + 2], host[t * 3],
               host[t * 3 + 1], host[t * 3 + 2], want[t * 3], want[t * 3 + 1], want[t * 3 + 2]);
    static_assert(sizeof(float4) == 16 && alignof(float4) == 16 && sizeof(float3) == 12 &&
                      alignof(float3) == 4 && alignof(float2) == 8 && alignof(double4) == 32,
                  "ROCm's layout");
}

// ---------------------------------------------------------------- make_*
// make_<type>() for all 48 types in a kernel, from a run-time value p.
#define MADE_FIELDS(name, T) name##1 name##_1; name##2 name##_2; name##3 name##_3; name##4 name##_4;
struct Made {
    ELEMENTS(MADE_FIELDS)
};
#define MAKE_ALL(name, T)                                             \
    m->name##_1 = make_##name##1((T)(p));                             \
    m->name##_2 = make_##name##2((T)(p + 1), (T)(p + 2));             \
    m->name##_3 = make_##name##3((T)(p + 3), (T)(p + 4), (T)(p + 5)); \
    m->name##_4 = make_##name##4((T)(p + 6), (T)(p + 7), (T)(p + 8), (T)(p + 9));
__global__ void make_all(int p, Made* m)
{
    ELEMENTS(MAKE_ALL)
}

// Does v hold exactly these components (read through the member names)?
template <class V, class T> static bool holds(const V& v, T x, T y = 0, T z = 0, T w = 0)
{
    constexpr unsigned n = sizeof(V) / sizeof(T);
    bool ok = v.x == x;
    if constexpr (n > 1) ok = ok && v.y == y;
    if constexpr (n > 2) ok = ok && v.z == z;
    if constexpr (n > 3) ok = ok && v.w == w;
    return ok;
}

static void check_make()
{
    const int p = 11;
    Made m;
    std::memset(&m, 0xa5, sizeof(m));
    Made* d;
    HIP_OK(hipMalloc(&d, sizeof(Made)));
    make_all<<<1, 1>>>(p, d);
    HIP_OK(hipDeviceSynchronize());
    HIP_OK(hipMemcpy(&m, d, sizeof(Made), hipMemcpyDeviceToHost));
    HIP_OK(hipFree(d));
#define CHECK_MADE(name, T)                                                                \
    EXPECT(holds(m.name##_1, (T)p), "make_" #name "1");                                    \
    EXPECT(holds(m.name##_2, (T)(p + 1), (T)(p + 2)), "make_" #name "2");                  \
    EXPECT(holds(m.name##_3, (T)(p + 3), (T)(p + 4), (T)(p + 5)), "make_" #name "3");      \
    EXPECT(holds(m.name##_4, (T)(p + 6), (T)(p + 7), (T)(p + 8), (T)(p + 9)), "make_" #name "4");
    ELEMENTS(CHECK_MADE)
}

// ---------------------------------------------------------------- operators
// Per thread: K result vectors and F comparison results from a, b (vectors),
// s (a scalar of the element type) and sh (a shift count).
constexpr int K = 28, F = 10;

template <class T> constexpr bool is_int = T(1) / T(2) == T(0);
template <class T> constexpr bool is_signed = T(-1) < T(0);
template <class T> constexpr unsigned bits = 8 * sizeof(T);

template <class T, unsigned N>
__global__ void ops(const vec<T, N>* A, const vec<T, N>* B, const T* S, const int* SH,
                    vec<T, N>* out, int* flags)
{
    using V = vec<T, N>;
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    const V a = A[i], b = B[i];
    const T s = S[i];
    const int sh = SH[i];
    V* o = out + i * K;
    int* f = flags + i * F;

    // Component-wise, vector with vector and vector with scalar (either side).
    o[0] = a + b;
    o[1] = a - b;
    o[2] = a * b;
    o[3] = a / b;
    o[4] = a + s;
    o[5] = s - a;
    o[6] = a * s;
    o[7] = s / b;
    o[8] = a * 2;   // an int literal, converted to T
    o[9] = 3.0 + a; // a double literal, converted to T

    // Unary operators; negation is for signed element types only.
    o[10] = +a;
    if constexpr (is_signed<T>)
        o[11] = -a;
    else
        o[11] = T(0) - a;

    // Compound assignment.
    V c = a;
    c += b;
    c -= s;
    c *= b;
    c /= s;
    o[12] = c;

    // Increment and decrement, prefix and postfix.
    V d = a;
    o[13] = d++;
    o[14] = ++d;
    o[15] = d--;
    --d;
    o[16] = d;

    // The members are lvalues: build a reversed by writing them one by one.
    V m;
    m.x = a[N - 1];
    if constexpr (N > 1) m.y = a[N - 2];
    if constexpr (N > 2) m.z = a[N - 3];
    if constexpr (N > 3) m.w = a.x;
    o[17] = m;

    // Constructors: one scalar (explicit: sets .x, zeroes the rest, as
    // HIP 7 does), value-initialised (all zero), one scalar per component.
    o[18] = V(s);
    o[19] = V{};
    if constexpr (N == 4) o[20] = V{a.w, b.z, s, a.x};
    if constexpr (N == 3) o[20] = V(a.z, b.y, s);
    if constexpr (N == 2) o[20] = {b.y, s};
    if constexpr (N == 1) o[20] = V(a.x);

    if constexpr (is_int<T>) {
        // Integer element types: % and the bitwise operators, with a
        // vector of shift counts (sh + k) and with a scalar one.
        V cnt;
        for (unsigned k = 0; k < N; ++k)
            cnt[k] = T((sh + k) % (is_signed<T> ? 4 : bits<T>));
        o[21] = a % b;
        o[22] = (a & b) | (s ^ a);
        o[23] = ~a;
        o[24] = a << cnt;
        o[25] = a >> sh;
        o[26] = s % b;
        // OP= takes a vector; with a scalar it is the binary form (ROCm
        // has no v |= s for these operators).
        V q = a;
        q &= b;
        q = q | s;
        q ^= cnt;
        q = q >> T(1);
        q <<= cnt;
        q %= b;
        o[27] = q;
    }

    // == and != give one bool for the whole vector: true if all components are.
    V t = a;
    t[N - 1] += T(1);
    f[0] = a == b;
    f[1] = a == a;
    f[2] = a != b;
    f[3] = a != a;
    f[4] = a == t;
    f[5] = a != t;
    f[6] = a == s;
    f[7] = s != a;
    f[8] = (a * T(0) + s) == s;
    f[9] = s == V(s);
}

// The same, on the host, on plain scalars: one component k at a time.
template <class T> static T shl(T v, int n) { return T((unsigned long long)v << n); }

template <class T, unsigned N>
static void reference(const T* a, const T* b, T s, int sh, T* w /* [K][N] */, int* f)
{
    for (unsigned k = 0; k < N; ++k) {
        T* r = w + k;
        r[0 * N] = T(a[k] + b[k]);
        r[1 * N] = T(a[k] - b[k]);
        r[2 * N] = T(a[k] * b[k]);
        r[3 * N] = T(a[k] / b[k]);
        r[4 * N] = T(a[k] + s);
        r[5 * N] = T(s - a[k]);
        r[6 * N] = T(a[k] * s);
        r[7 * N] = T(s / b[k]);
        r[8 * N] = T(a[k] * T(2));
        r[9 * N] = T(T(3) + a[k]);
        r[10 * N] = a[k];
        r[11 * N] = T(T(0) - a[k]);
        if constexpr (!is_int<T>)
            r[11 * N] = -a[k]; // -0.0 for 0.0
        r[12 * N] = T(T(T(T(a[k] + b[k]) - s) * b[k]) / s);
        r[13 * N] = a[k];                          // d++ (old value)
        r[14 * N] = T(T(a[k] + T(1)) + T(1));      // ++d
        r[15 * N] = r[14 * N];                     // d-- (old value)
        r[16 * N] = T(T(r[14 * N] - T(1)) - T(1)); // after --d (rounded: not a, for floats)
        r[17 * N] = a[N - 1 - k];
        r[18 * N] = k == 0 ? s : T(0);
        r[19 * N] = T(0);
        const T ctor4[4] = {a[3 % N], b[2 % N], s, a[0]};
        const T ctor3[3] = {a[2 % N], b[1 % N], s};
        const T ctor2[2] = {b[1 % N], s};
        r[20 * N] = N == 4 ? ctor4[k] : N == 3 ? ctor3[k] : N == 2 ? ctor2[k] : a[0];
        if constexpr (is_int<T>) {
            const int cnt = (sh + k) % (is_signed<T> ? 4 : bits<T>);
            r[21 * N] = T(a[k] % b[k]);
            r[22 * N] = T((a[k] & b[k]) | (s ^ a[k]));
            r[23 * N] = T(~a[k]);
            r[24 * N] = shl(a[k], cnt);
            r[25 * N] = T(a[k] >> sh);
            r[26 * N] = T(s % b[k]);
            T q = a[k];
            q = T(q & b[k]);
            q = T(q | s);
            q = T(q ^ T(cnt));
            q = T(q >> 1);
            q = shl(q, cnt);
            q = T(q % b[k]);
            r[27 * N] = q;
        }
    }
    bool ab = true, as = true;
    for (unsigned k = 0; k < N; ++k) {
        ab = ab && a[k] == b[k];
        as = as && a[k] == s;
    }
    const int want[F] = {ab, 1, !ab, 0, 0, 1, as, !as, 1, N == 1 || s == T(0)};
    std::memcpy(f, want, sizeof(want));
}

// Test inputs: random, in ranges where no signed operation overflows (the
// promoted char and short ones cannot); b and s never zero.
static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next()
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}
template <class T> static T random_value(bool nonzero)
{
    for (;;) {
        const uint64_t r = next();
        T v;
        if constexpr (!is_int<T>)
            v = T((double)(int64_t)(r % 1601) / 7.0 - 800.0 / 7.0); // about -114 .. 114
        else if constexpr (sizeof(T) == 2 && !is_signed<T>)
            v = T(r & 0x7fff); // ushort: products stay below 2^31 once promoted
        else if constexpr (sizeof(T) == 4 && is_signed<T>)
            v = T((int64_t)(r % 20001) - 10000);
        else if constexpr (sizeof(T) == 8 && is_signed<T>)
            v = T((int64_t)(r % (2ull << 30)) - (1ll << 30));
        else
            v = T(r); // the full range
        if (!nonzero || v != T(0))
            return v;
    }
}

template <class T> static long double show(T v) { return (long double)v; } // exact for 64-bit ints

template <class T, unsigned N> static void check_ops(const char* name)
{
    using V = vec<T, N>;
    constexpr unsigned n = 64;
    static T a[n * N], b[n * N], s[n], got[n * K * N], want[K * N];
    static int sh[n], flags[n * F], wflags[F];
    for (unsigned i = 0; i < n; ++i) {
        for (unsigned k = 0; k < N; ++k) {
            a[i * N + k] = random_value<T>(i % 8 == 3);
            b[i * N + k] = random_value<T>(true);
        }
        s[i] = random_value<T>(true);
        sh[i] = (int)(next() % (is_int<T> && is_signed<T> ? 4 : bits<T>));
        if (i % 8 == 3) // a == b
            std::memcpy(&b[i * N], &a[i * N], N * sizeof(T));
        if (i % 8 == 5) // a == s in every component
            for (unsigned k = 0; k < N; ++k)
                a[i * N + k] = s[i];
        if (i % 8 == 6 && !is_int<T>) // -0.0 from negating 0.0
            a[i * N] = T(0);
    }
    // The inputs go to the device as plain scalars and are read there as
    // vectors (and the results come back as scalars): the layouts agree.
    V *da, *db, *dout;
    T* ds;
    int *dsh, *dflags;
    HIP_OK(hipMalloc(&da, sizeof(a)));
    HIP_OK(hipMalloc(&db, sizeof(b)));
    HIP_OK(hipMalloc(&ds, sizeof(s)));
    HIP_OK(hipMalloc(&dsh, sizeof(sh)));
    HIP_OK(hipMalloc(&dout, sizeof(got)));
    HIP_OK(hipMalloc(&dflags, sizeof(flags)));
    HIP_OK(hipMemcpy(da, a, sizeof(a), hipMemcpyHostToDevice));
    HIP_OK(hipMemcpy(db, b, sizeof(b), hipMemcpyHostToDevice));
    HIP_OK(hipMemcpy(ds, s, sizeof(s), hipMemcpyHostToDevice));
    HIP_OK(hipMemcpy(dsh, sh, sizeof(sh), hipMemcpyHostToDevice));
    HIP_OK(hipMemset(dout, 0, sizeof(got)));
    ops<T, N><<<1, n>>>(da, db, ds, dsh, dout, dflags);
    HIP_OK(hipDeviceSynchronize());
    HIP_OK(hipMemcpy(got, dout, sizeof(got), hipMemcpyDeviceToHost));
    HIP_OK(hipMemcpy(flags, dflags, sizeof(flags), hipMemcpyDeviceToHost));
    HIP_OK(hipFree(da));
    HIP_OK(hipFree(db));
    HIP_OK(hipFree(dout));
    HIP_OK(hipFree(ds));
    HIP_OK(hipFree(dsh));
    HIP_OK(hipFree(dflags));

    const unsigned slots = is_int<T> ? K : 21;
    for (unsigned i = 0; i < n; ++i) {
        reference<T, N>(&a[i * N], &b[i * N], s[i], sh[i], want, wflags);
        for (unsigned r = 0; r < slots; ++r)
            for (unsigned k = 0; k < N; ++k) {
                const T g = got[(i * K + r) * N + k], w = want[r * N + k];
                EXPECT(!std::memcmp(&g, &w, sizeof(T)), // bitwise: -0.0 is not 0.0
                       "%s%u thread %u result %u component %u: got %.21Lg, want %.21Lg", name, N, i,
                       r, k, show(g), show(w));
            }
        for (unsigned j = 0; j < F; ++j)
            EXPECT(flags[i * F + j] == wflags[j], "%s%u thread %u comparison %u: got %d, want %d",
                   name, N, i, j, flags[i * F + j], wflags[j]);
    }
}

// ---------------------------------------------------------------- other uses
// Vectors as kernel arguments (by value: kernarg layout and alignment),
// in shared memory, and in __constant__ and __device__ variables.
__constant__ int4 table = {10, 20, 30, 40};
__device__ double2 total;

struct Args {
    char3 c3;
    double4 d4;
    float3 f3;
    ulonglong2 u2;
    short1 s1;
    uchar2 c2;
    long3 l3;
};

__global__ void by_value(char3 c3, double4 d4, float3 f3, ulonglong2 u2, short1 s1, uchar2 c2,
                         long3 l3, Args* out)
{
    *out = Args{c3, d4, f3, u2, s1, c2, l3};
}

// Reverses a block's float4s through LDS and adds the constant table.
__global__ void reverse(const float4* in, float4* out)
{
    __shared__ float4 tile[64];
    const unsigned t = threadIdx.x;
    tile[t] = in[blockIdx.x * 64 + t];
    __syncthreads();
    float4 v = tile[63 - t];
    v.x += table.x;
    v.y += table.y;
    v.z += table.z;
    v.w += table.w;
    out[blockIdx.x * 64 + t] = v;
    if (blockIdx.x == 0 && t == 0)
        total = make_double2(v.x, v.w);
}

static void check_other_uses()
{
    const Args in{make_char3(-1, 2, -3),
                  make_double4(1.5, -2.25, 3e300, -0.0),
                  make_float3(0.1f, -0.2f, 3.5f),
                  make_ulonglong2(0x0123456789abcdefull, ~0ull),
                  make_short1(-32768),
                  make_uchar2(200, 7),
                  make_long3(-5, 1l << 40, 77)};
    Args got;
    std::memset(&got, 0x5a, sizeof(got));
    Args* d;
    HIP_OK(hipMalloc(&d, sizeof(Args)));
    HIP_OK(hipMemset(d, 0, sizeof(Args)));
    by_value<<<1, 1>>>(in.c3, in.d4, in.f3, in.u2, in.s1, in.c2, in.l3, d);
    HIP_OK(hipDeviceSynchronize());
    HIP_OK(hipMemcpy(&got, d, sizeof(Args), hipMemcpyDeviceToHost));
    HIP_OK(hipFree(d));
    EXPECT(got.c3.x == (char)-1 && got.c3.y == 2 && got.c3.z == (char)-3, "char3 argument");
    EXPECT(got.d4.x == 1.5 && got.d4.y == -2.25 && got.d4.z == 3e300 && got.d4.w == 0.0 &&
               std::signbit(got.d4.w),
           "double4 argument");
    EXPECT(got.f3.x == 0.1f && got.f3.y == -0.2f && got.f3.z == 3.5f, "float3 argument");
    EXPECT(got.u2.x == 0x0123456789abcdefull && got.u2.y == ~0ull, "ulonglong2 argument");
    EXPECT(got.s1.x == -32768, "short1 argument");
    EXPECT(got.c2.x == 200 && got.c2.y == 7, "uchar2 argument");
    EXPECT(got.l3.x == -5 && got.l3.y == 1l << 40 && got.l3.z == 77, "long3 argument");

    constexpr unsigned n = 128;
    static float4 v[n], r[n];
    for (unsigned i = 0; i < n; ++i) {
        v[i].x = float(i);
        v[i].y = float(i) * 0.5f;
        v[i].z = -float(i);
        v[i].w = 1000.0f + float(i);
    }
    float4 *dv, *dr;
    HIP_OK(hipMalloc(&dv, sizeof(v)));
    HIP_OK(hipMalloc(&dr, sizeof(r)));
    HIP_OK(hipMemcpy(dv, v, sizeof(v), hipMemcpyHostToDevice));
    reverse<<<n / 64, 64>>>(dv, dr);
    HIP_OK(hipDeviceSynchronize());
    HIP_OK(hipMemcpy(r, dr, sizeof(r), hipMemcpyDeviceToHost));
    double2 sum;
    HIP_OK(hipMemcpyFromSymbol(&sum, HIP_SYMBOL(total), sizeof(sum), 0, hipMemcpyDeviceToHost));
    HIP_OK(hipFree(dv));
    HIP_OK(hipFree(dr));
    for (unsigned i = 0; i < n; ++i) {
        const unsigned j = i / 64 * 64 + 63 - i % 64;
        const float x = float(j), y = float(j) * 0.5f, z = -float(j), w = 1000.0f + float(j);
        EXPECT(r[i].x == x + 10 && r[i].y == y + 20 && r[i].z == z + 30 && r[i].w == w + 40,
               "reverse %u: got (%g %g %g %g)", i, r[i].x, r[i].y, r[i].z, r[i].w);
    }
    EXPECT(sum.x == 63.0 + 10 && sum.y == 1063.0 + 40, "__device__ double2: (%g %g)", sum.x,
           sum.y);
}

int main()
{
    check_layout();
    check_make();
#define CHECK_OPS(name, T)  \
    check_ops<T, 1>(#name); \
    check_ops<T, 2>(#name); \
    check_ops<T, 3>(#name); \
    check_ops<T, 4>(#name);
    ELEMENTS(CHECK_OPS)
    check_other_uses();
    if (bad) {
        std::printf("vectors: FAIL (%d mismatches)\n", bad);
        return 1;
    }
    std::printf("vectors: PASS (48 types: layout, make_*, operators; arguments, LDS, symbols)\n");
    return 0;
}
