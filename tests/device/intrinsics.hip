// Integer intrinsics: every function of the seed's table (and
// __lastbit_*, __bitextract_*, __bitinsert_*) on edge values -- 0, 1,
// all ones, INT_MIN/INT_MAX, shifts of 0/31/32/33 and beyond, negative
// __fns offsets, byte selectors with the ignored bits set -- and on a few
// thousand pseudo-random inputs.  One thread per input; the host
// recomputes every result with plain bit-by-bit reference code.
#include <hip/hip_runtime.h>

#include <climits>
#include <cstdint>
#include <cstdio>
#include <vector>

struct In {
    unsigned a, b, c, sel;   // 32-bit operands; c doubles as a shift or width
    unsigned long long A, B; // 64-bit operands
    unsigned base;           // __fns base, bit-field offset
    int off;                 // __fns offset
};

struct Out {
    unsigned brev, popc, ffs, lastbit, byte_perm;
    int clz;
    unsigned fsl, fslc, fsr, fsrc;
    int hadd, rhadd;
    unsigned uhadd, urhadd, sad, usad;
    int mul24;
    unsigned umul24;
    int mulhi;
    unsigned umulhi, bfe, bfi, fns32, fns;
    unsigned long long brevll, bfe64, bfi64;
    long long mul64hi;
    unsigned long long umul64hi;
    unsigned popcll, ffsll, lastbit64, fns64;
    int clzll;
};

// Each thread applies every intrinsic to its input.
__global__ void apply_all(const In* in, Out* out, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    const In v = in[i];
    Out r;
    r.brev = __brev(v.a);
    r.popc = __popc(v.a);
    r.ffs = __ffs((int)v.a);
    r.lastbit = __lastbit_u32_u32(v.a);
    r.clz = __clz((int)v.a);
    r.byte_perm = __byte_perm(v.a, v.b, v.sel);
    r.fsl = __funnelshift_l(v.a, v.b, v.c);
    r.fslc = __funnelshift_lc(v.a, v.b, v.c);
    r.fsr = __funnelshift_r(v.a, v.b, v.c);
    r.fsrc = __funnelshift_rc(v.a, v.b, v.c);
    r.hadd = __hadd((int)v.a, (int)v.b);
    r.rhadd = __rhadd((int)v.a, (int)v.b);
    r.uhadd = __uhadd(v.a, v.b);
    r.urhadd = __urhadd(v.a, v.b);
    r.sad = __sad((int)v.a, (int)v.b, v.c);
    r.usad = __usad(v.a, v.b, v.c);
    r.mul24 = __mul24((int)v.a, (int)v.b);
    r.umul24 = __umul24(v.a, v.b);
    r.mulhi = __mulhi((int)v.a, (int)v.b);
    r.umulhi = __umulhi(v.a, v.b);
    r.bfe = __bitextract_u32(v.a, v.base, v.c);
    r.bfi = __bitinsert_u32(v.a, v.b, v.base, v.c);
    r.fns32 = __fns32(v.A, v.base, v.off);
    r.fns = __fns(v.a, v.base, v.off);
    r.brevll = __brevll(v.A);
    r.popcll = __popcll(v.A);
    r.ffsll = __ffsll((long long)v.A);
    r.lastbit64 = __lastbit_u32_u64(v.A);
    r.clzll = __clzll((long long)v.A);
    r.mul64hi = __mul64hi((long long)v.A, (long long)v.B);
    r.umul64hi = __umul64hi(v.A, v.B);
    r.bfe64 = __bitextract_u64(v.A, v.base, v.c);
    r.bfi64 = __bitinsert_u64(v.A, v.B, v.base, v.c);
    r.fns64 = __fns64(v.A, v.base, v.off);
    out[i] = r;
}

// ---- host references: written bit by bit, independently of the device code
static unsigned bit(unsigned long long x, unsigned i) { return (unsigned)(x >> i) & 1; }

static unsigned long long ref_brev(unsigned long long x, unsigned bits)
{
    unsigned long long r = 0;
    for (unsigned i = 0; i < bits; ++i)
        if (bit(x, i))
            r |= 1ull << (bits - 1 - i);
    return r;
}
static unsigned ref_popc(unsigned long long x)
{
    unsigned n = 0;
    for (unsigned i = 0; i < 64; ++i)
        n += bit(x, i);
    return n;
}
static int ref_clz(unsigned long long x, unsigned bits)
{
    int n = 0;
    for (int i = (int)bits - 1; i >= 0 && !bit(x, i); --i)
        ++n;
    return n;
}
static unsigned ref_ffs(unsigned long long x, unsigned bits)
{
    for (unsigned i = 0; i < bits; ++i)
        if (bit(x, i))
            return i + 1;
    return 0;
}
static unsigned ref_byte_perm(unsigned x, unsigned y, unsigned s)
{
    unsigned char bytes[8];
    for (int k = 0; k < 4; ++k) {
        bytes[k] = (unsigned char)(x >> (8 * k));
        bytes[4 + k] = (unsigned char)(y >> (8 * k));
    }
    unsigned r = 0;
    for (int k = 0; k < 4; ++k)
        r |= (unsigned)bytes[(s >> (4 * k)) & 7] << (8 * k);
    return r;
}
// hi:lo shifted by s (0..32), as a 64-bit value.
static unsigned long long join(unsigned lo, unsigned hi) { return (unsigned long long)hi << 32 | lo; }
static unsigned ref_fsl(unsigned lo, unsigned hi, unsigned s) { return (unsigned)((join(lo, hi) << s) >> 32); }
static unsigned ref_fsr(unsigned lo, unsigned hi, unsigned s) { return (unsigned)(join(lo, hi) >> s); }
static long long floor_half(long long s) { return s >= 0 ? s / 2 : -((-s + 1) / 2); }
static unsigned ref_absdiff(long long x, long long y) { return (unsigned)(x > y ? x - y : y - x); }
static int sext24(unsigned v) { return (v & 0x800000) ? (int)(v | 0xff000000u) : (int)(v & 0xffffff); }
// ROCm's bit-field extract: a field inside the word is bits off..off+width-1;
// one that runs past the top reads bit i from bit off + i - bits (so 0 where
// that is negative): the two shifts ROCm cuts it with wrap mod bits.
static unsigned long long ref_bfe(unsigned long long x, unsigned off, unsigned width,
                                  unsigned bits)
{
    off %= bits;
    width %= bits;
    unsigned long long r = 0;
    for (unsigned i = 0; i < width; ++i) {
        unsigned p = off + i;
        if (off + width <= bits)
            r |= (unsigned long long)bit(x, p) << i;
        else if (p >= bits)
            r |= (unsigned long long)bit(x, p - bits) << i;
    }
    return r;
}
static unsigned long long ref_bfi(unsigned long long dst, unsigned long long src, unsigned off,
                                  unsigned width, unsigned bits)
{
    off %= bits;
    width %= bits;
    for (unsigned i = 0; i < width && off + i < bits; ++i) {
        unsigned long long m = 1ull << (off + i);
        dst = bit(src, i) ? dst | m : dst & ~m;
    }
    return dst;
}
// The offset-th set bit walking from base (up for offset > 0, down for < 0).
static unsigned ref_fns(unsigned long long mask, unsigned bits, unsigned base, int offset)
{
    if (offset == 0)
        return base < bits && bit(mask, base) ? base : 0xffffffffu;
    long long want = offset > 0 ? offset : -(long long)offset, seen = 0;
    if (offset > 0) {
        for (unsigned i = base; i < bits; ++i)
            if (bit(mask, i) && ++seen == want)
                return i;
    } else {
        for (long long i = base < bits ? base : bits - 1; i >= 0; --i)
            if (bit(mask, (unsigned)i) && ++seen == want)
                return (unsigned)i;
    }
    return 0xffffffffu;
}
static long long ref_mul64hi(long long x, long long y) { return (long long)(((__int128)x * y) >> 64); }
static unsigned long long ref_umul64hi(unsigned long long x, unsigned long long y)
{
    return (unsigned long long)(((unsigned __int128)x * y) >> 64);
}

static Out reference(const In& v)
{
    Out r;
    r.brev = (unsigned)ref_brev(v.a, 32);
    r.popc = ref_popc(v.a);
    r.ffs = ref_ffs(v.a, 32);
    r.lastbit = v.a ? ref_ffs(v.a, 32) - 1 : 0xffffffffu;
    r.clz = ref_clz(v.a, 32);
    r.byte_perm = ref_byte_perm(v.a, v.b, v.sel);
    r.fsl = ref_fsl(v.a, v.b, v.c % 32);
    r.fslc = ref_fsl(v.a, v.b, v.c < 32 ? v.c : 32);
    r.fsr = ref_fsr(v.a, v.b, v.c % 32);
    r.fsrc = ref_fsr(v.a, v.b, v.c < 32 ? v.c : 32);
    r.hadd = (int)floor_half((long long)(int)v.a + (int)v.b);
    r.rhadd = (int)floor_half((long long)(int)v.a + (int)v.b + 1);
    r.uhadd = (unsigned)(((unsigned long long)v.a + v.b) / 2);
    r.urhadd = (unsigned)(((unsigned long long)v.a + v.b + 1) / 2);
    r.sad = ref_absdiff((int)v.a, (int)v.b) + v.c;
    r.usad = ref_absdiff(v.a, v.b) + v.c;
    r.mul24 = (int)(unsigned)((long long)sext24(v.a) * sext24(v.b));
    r.umul24 = (unsigned)((unsigned long long)(v.a & 0xffffff) * (v.b & 0xffffff));
    r.mulhi = (int)(((long long)(int)v.a * (int)v.b) >> 32);
    r.umulhi = (unsigned)(((unsigned long long)v.a * v.b) >> 32);
    r.bfe = (unsigned)ref_bfe(v.a, v.base, v.c, 32);
    r.bfi = (unsigned)ref_bfi(v.a, v.b, v.base, v.c, 32);
    r.fns32 = ref_fns(v.A & 0xffffffffull, 32, v.base, v.off);
    r.fns = ref_fns(v.a, 32, v.base, v.off);
    r.brevll = ref_brev(v.A, 64);
    r.popcll = ref_popc(v.A);
    r.ffsll = ref_ffs(v.A, 64);
    r.lastbit64 = v.A ? ref_ffs(v.A, 64) - 1 : 0xffffffffu;
    r.clzll = ref_clz(v.A, 64);
    r.mul64hi = ref_mul64hi((long long)v.A, (long long)v.B);
    r.umul64hi = ref_umul64hi(v.A, v.B);
    r.bfe64 = ref_bfe(v.A, v.base, v.c, 64);
    r.bfi64 = ref_bfi(v.A, v.B, v.base, v.c, 64);
    r.fns64 = ref_fns(v.A, 64, v.base, v.off);
    return r;
}

static unsigned long long rng_state = 0x9e3779b97f4a7c15ull;
static unsigned long long rnd()
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

int main()
{
    const unsigned e32[] = {0u, 1u, 2u, 3u, 0x7fffffffu, 0x80000000u, 0x80000001u, 0xffffffffu,
                            0xfffffffeu, 0x00800000u, 0x00ffffffu, 0x01000000u, 0x12345678u,
                            0xdeadbeefu};
    const unsigned long long e64[] = {0ull, 1ull, ~0ull, 0x8000000000000000ull,
                                      0x7fffffffffffffffull, 0x80000000ull, 0xffffffffull,
                                      0x100000000ull, 0xdeadbeefcafebabeull, 0x5555555555555555ull,
                                      0x0000000100000001ull, 0xfffffffe00000000ull,
                                      0x8000000000000001ull, 0x0123456789abcdefull};
    const unsigned shifts[] = {0, 1, 7, 8, 16, 31, 32, 33, 63, 64, 65, 100, 0x7fffffffu, 0xffffffffu};
    const unsigned sels[] = {0x3210, 0x7654, 0x0123, 0x5410, 0x1032, 0x4444, 0x8888, 0xba98,
                             0xffff, 0xffffffffu, 0x12345670u, 0xf7e6d5c4u, 0x0000, 0x7777};
    const int offsets[] = {0, 1, 2, 3, 5, 17, 32, 33, 64, 65, -1, -2, -3, -32, -33, -64, -65,
                           INT_MIN, INT_MAX};
    const unsigned bases[] = {0, 1, 5, 15, 31, 32, 33, 40, 63, 64, 65, 1000, 0xffffffffu};
    const unsigned n_e32 = sizeof(e32) / sizeof(e32[0]), n_e64 = sizeof(e64) / sizeof(e64[0]);
    const unsigned n_sh = sizeof(shifts) / sizeof(shifts[0]);
    const unsigned n_sel = sizeof(sels) / sizeof(sels[0]);
    const unsigned n_off = sizeof(offsets) / sizeof(offsets[0]);
    const unsigned n_base = sizeof(bases) / sizeof(bases[0]);

    // Every pair of 32-bit (and 64-bit) edge values with every shift, the
    // other operands cycling through their edge lists.
    std::vector<In> in;
    unsigned k = 0;
    for (unsigned i = 0; i < n_e32; ++i)
        for (unsigned j = 0; j < n_e32; ++j)
            for (unsigned s = 0; s < n_sh; ++s, ++k)
                in.push_back({e32[i], e32[j], shifts[s], sels[k % n_sel], e64[i % n_e64],
                              e64[j % n_e64], bases[k % n_base], offsets[k % n_off]});
    // Pseudo-random operands; small bases and offsets too, where __fns is interesting.
    for (unsigned i = 0; i < 3000; ++i) {
        In v;
        v.a = (unsigned)rnd();
        v.b = (unsigned)rnd();
        v.c = i % 3 ? (unsigned)rnd() % 40 : (unsigned)rnd();
        v.sel = (unsigned)rnd();
        v.A = rnd();
        v.B = rnd();
        if (i % 4 == 1) // sparse masks: few bits set
            v.A &= rnd() & rnd();
        if (i % 8 == 3) // a small 64-bit operand
            v.A >>= 40;
        v.base = (unsigned)rnd() % 70;
        v.off = (int)(rnd() % 141) - 70;
        in.push_back(v);
    }
    const unsigned n = (unsigned)in.size();

    In* d_in = nullptr;
    Out* d_out = nullptr;
    if (hipMalloc(&d_in, n * sizeof(In)) != hipSuccess ||
        hipMalloc(&d_out, n * sizeof(Out)) != hipSuccess ||
        hipMemcpy(d_in, in.data(), n * sizeof(In), hipMemcpyHostToDevice) != hipSuccess) {
        std::printf("intrinsics: FAIL (setup)\n");
        return 1;
    }
    const unsigned block = 256;
    apply_all<<<(n + block - 1) / block, block>>>(d_in, d_out, n);
    std::vector<Out> out(n);
    if (hipDeviceSynchronize() != hipSuccess ||
        hipMemcpy(out.data(), d_out, n * sizeof(Out), hipMemcpyDeviceToHost) != hipSuccess) {
        std::printf("intrinsics: FAIL (launch: %s)\n", hipGetErrorString(hipGetLastError()));
        return 1;
    }
    hipFree(d_in);
    hipFree(d_out);

    unsigned bad = 0, checks = 0;
#define CHECK(field, name, fmt, ...)                                                       \
    do {                                                                                         \
        ++checks;                                                                                \
        if (got.field != want.field && bad++ < 12)                                               \
            std::printf("  %s" fmt ": got 0x%llx, want 0x%llx\n", name, __VA_ARGS__,             \
                        (unsigned long long)got.field, (unsigned long long)want.field);          \
    } while (0)
    for (unsigned i = 0; i < n; ++i) {
        const In& v = in[i];
        const Out& got = out[i];
        const Out want = reference(v);
        CHECK(brev, "__brev", "(0x%x)", v.a);
        CHECK(popc, "__popc", "(0x%x)", v.a);
        CHECK(ffs, "__ffs", "(0x%x)", v.a);
        CHECK(lastbit, "__lastbit_u32_u32", "(0x%x)", v.a);
        CHECK(clz, "__clz", "(0x%x)", v.a);
        CHECK(byte_perm, "__byte_perm", "(0x%x, 0x%x, 0x%x)", v.a, v.b, v.sel);
        CHECK(fsl, "__funnelshift_l", "(0x%x, 0x%x, %u)", v.a, v.b, v.c);
        CHECK(fslc, "__funnelshift_lc", "(0x%x, 0x%x, %u)", v.a, v.b, v.c);
        CHECK(fsr, "__funnelshift_r", "(0x%x, 0x%x, %u)", v.a, v.b, v.c);
        CHECK(fsrc, "__funnelshift_rc", "(0x%x, 0x%x, %u)", v.a, v.b, v.c);
        CHECK(hadd, "__hadd", "(%d, %d)", (int)v.a, (int)v.b);
        CHECK(rhadd, "__rhadd", "(%d, %d)", (int)v.a, (int)v.b);
        CHECK(uhadd, "__uhadd", "(%u, %u)", v.a, v.b);
        CHECK(urhadd, "__urhadd", "(%u, %u)", v.a, v.b);
        CHECK(sad, "__sad", "(%d, %d, %u)", (int)v.a, (int)v.b, v.c);
        CHECK(usad, "__usad", "(%u, %u, %u)", v.a, v.b, v.c);
        CHECK(mul24, "__mul24", "(0x%x, 0x%x)", v.a, v.b);
        CHECK(umul24, "__umul24", "(0x%x, 0x%x)", v.a, v.b);
        CHECK(mulhi, "__mulhi", "(%d, %d)", (int)v.a, (int)v.b);
        CHECK(umulhi, "__umulhi", "(%u, %u)", v.a, v.b);
        CHECK(bfe, "__bitextract_u32", "(0x%x, %u, %u)", v.a, v.base, v.c);
        CHECK(bfi, "__bitinsert_u32", "(0x%x, 0x%x, %u, %u)", v.a, v.b, v.base, v.c);
        CHECK(fns32, "__fns32", "(0x%llx, %u, %d)", v.A, v.base, v.off);
        CHECK(fns, "__fns", "(0x%x, %u, %d)", v.a, v.base, v.off);
        CHECK(brevll, "__brevll", "(0x%llx)", v.A);
        CHECK(popcll, "__popcll", "(0x%llx)", v.A);
        CHECK(ffsll, "__ffsll", "(0x%llx)", v.A);
        CHECK(lastbit64, "__lastbit_u32_u64", "(0x%llx)", v.A);
        CHECK(clzll, "__clzll", "(0x%llx)", v.A);
        CHECK(mul64hi, "__mul64hi", "(%lld, %lld)", (long long)v.A, (long long)v.B);
        CHECK(umul64hi, "__umul64hi", "(0x%llx, 0x%llx)", v.A, v.B);
        CHECK(bfe64, "__bitextract_u64", "(0x%llx, %u, %u)", v.A, v.base, v.c);
        CHECK(bfi64, "__bitinsert_u64", "(0x%llx, 0x%llx, %u, %u)", v.A, v.B, v.base, v.c);
        CHECK(fns64, "__fns64", "(0x%llx, %u, %d)", v.A, v.base, v.off);
    }
    if (bad) {
        std::printf("intrinsics: FAIL (%u of %u results differ)\n", bad, checks);
        return 1;
    }
    std::printf("intrinsics: PASS (%u inputs, %u results match the host)\n", n, checks);
    return 0;
}
