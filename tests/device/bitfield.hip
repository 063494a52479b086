// __bitextract_u32/_u64 and __bitinsert_u32/_u64 against hand-computed
// results, ROCm's: offset and width are taken mod 32 (64), width 0
// extracts 0 and inserts nothing, and an extracted field that runs past
// the top bit (offset + width > 32 or 64) is not v_bfe's clipped field:
// ROCm cuts it with two shifts whose amounts wrap, so its low
// (size - offset) bits are 0 and the low (offset + width - size) bits of
// the source sit above them.  Each case runs twice: with its operands in
// vector registers (one thread per case, read from memory) and as kernel
// arguments (uniform: scalar instructions).
#include <hip/hip_runtime.h>

#include <cstdio>

enum Op { EXTRACT32, EXTRACT64, INSERT32, INSERT64 };

struct Case {
    Op op;
    unsigned long long src0, src1; // src1: what __bitinsert_* inserts
    unsigned offset, width;
    unsigned long long want;
};

static const Case cases[] = {
    // A field inside the word.
    {EXTRACT32, 0x12345678, 0, 4, 8, 0x67},
    {EXTRACT32, 0x12345678, 0, 16, 16, 0x1234},         // ends at bit 31
    {EXTRACT32, 0x80000000, 0, 0xffffffffu, 1, 1},      // offset 31
    // Past bit 31: the source's low bits above (32 - offset) zeros.
    {EXTRACT32, 0xffffffff, 0, 31, 2, 0x2},             // v_bfe_u32: 0x1
    {EXTRACT32, 0x12345678, 0, 28, 8, 0x80},            // low nibble 8 at bit 4
    {EXTRACT32, 0x12345679, 0, 17, 16, 0x8000},         // bit 0 at bit 15
    {EXTRACT32, 0xabcd1234, 0, 20, 20, 0x34000},        // v_bfe_u32: 0xabc
    {EXTRACT32, 0xffffffff, 0, 31, 31, 0x7ffffffe},
    // Width 0 (and 32, which is 0), offsets and widths mod 32.
    {EXTRACT32, 0xffffffff, 0, 5, 0, 0},
    {EXTRACT32, 0xffffffff, 0, 0, 32, 0},
    {EXTRACT32, 0xabcd1234, 0, 32, 8, 0x34},
    {EXTRACT32, 0xabcd1234, 0, 33, 4, 0xa},
    {EXTRACT32, 0xabcd1234, 0, 2, 33, 0x1},

    {EXTRACT64, 0x0123456789abcdefull, 0, 8, 16, 0xabcd},
    {EXTRACT64, 0x0123456789abcdefull, 0, 32, 32, 0x01234567},
    {EXTRACT64, 0x8000000000000000ull, 0, 63, 1, 1},
    {EXTRACT64, 0x0123456789abcdefull, 0, 0, 0xffffffffu, 0x0123456789abcdefull},
    // Past bit 63.
    {EXTRACT64, ~0ull, 0, 63, 2, 0x2},
    {EXTRACT64, 0x0123456789abcdefull, 0, 60, 8, 0xf0},
    {EXTRACT64, 0x0123456789abcdefull, 0, 40, 40, 0xcdef000000ull}, // clipped: 0x12345
    {EXTRACT64, 0x0123456789abcdefull, 0, 33, 32, 0x80000000},      // clipped: 0x91a2b3
    {EXTRACT64, ~0ull, 0, 63, 63, 0x7ffffffffffffffeull},
    // Width 0 (and 64), offsets mod 64.
    {EXTRACT64, ~0ull, 0, 7, 0, 0},
    {EXTRACT64, ~0ull, 0, 0, 64, 0},
    {EXTRACT64, 0x0123456789abcdefull, 0, 64, 16, 0xcdef},
    {EXTRACT64, 0x0123456789abcdefull, 0, 65, 8, 0xf7},

    {INSERT32, 0x12345678, 0xab, 4, 8, 0x12345ab8},
    {INSERT32, 0x12345678, 0xab, 36, 8, 0x12345ab8},    // offset mod 32
    {INSERT32, 0x12345678, 0xff, 4, 0, 0x12345678},     // width 0
    {INSERT32, 0x12345678, 0xff, 4, 32, 0x12345678},    // width 32 is 0
    {INSERT32, 0xffffffff, 0, 28, 8, 0x0fffffff},       // bits past 31 dropped
    {INSERT32, 0, 0xffffffff, 31, 31, 0x80000000},

    {INSERT64, 0x0123456789abcdefull, 0xab, 32, 8, 0x012345ab89abcdefull},
    {INSERT64, 0x0123456789abcdefull, 0xab, 68, 8, 0x0123456789abcabfull},
    {INSERT64, 0x0123456789abcdefull, ~0ull, 9, 0, 0x0123456789abcdefull},
    {INSERT64, 0x0123456789abcdefull, ~0ull, 9, 64, 0x0123456789abcdefull},
    {INSERT64, ~0ull, 0, 60, 8, 0x0fffffffffffffffull},
    {INSERT64, 0, ~0ull, 63, 63, 0x8000000000000000ull},
};
static const unsigned n_cases = sizeof(cases) / sizeof(cases[0]);

__device__ static unsigned long long apply(Op op, unsigned long long a, unsigned long long b,
                                           unsigned offset, unsigned width)
{
    switch (op) {
    case EXTRACT32:
        return __bitextract_u32((unsigned)a, offset, width);
    case EXTRACT64:
        return __bitextract_u64(a, offset, width);
    case INSERT32:
        return __bitinsert_u32((unsigned)a, (unsigned)b, offset, width);
    default:
        return __bitinsert_u64(a, b, offset, width);
    }
}

// Divergent: each thread's operands in VGPRs.
__global__ void per_thread(const Case* c, unsigned long long* out, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = apply(c[i].op, c[i].src0, c[i].src1, c[i].offset, c[i].width);
}

// Uniform: the operands are kernel arguments.
__global__ void uniform(Op op, unsigned long long a, unsigned long long b, unsigned offset,
                        unsigned width, unsigned long long* out)
{
    if (threadIdx.x == 0)
        *out = apply(op, a, b, offset, width);
}

static const char* name(Op op)
{
    static const char* names[] = {"__bitextract_u32", "__bitextract_u64", "__bitinsert_u32",
                                  "__bitinsert_u64"};
    return names[op];
}

int main()
{
    Case* d_cases = nullptr;
    unsigned long long* d_out = nullptr;
    unsigned long long vgpr[n_cases], sgpr[n_cases];
    if (hipMalloc(&d_cases, sizeof(cases)) != hipSuccess ||
        hipMalloc(&d_out, (n_cases + 1) * sizeof(unsigned long long)) != hipSuccess ||
        hipMemcpy(d_cases, cases, sizeof(cases), hipMemcpyHostToDevice) != hipSuccess) {
        std::printf("bitfield: FAIL (setup: %s)\n", hipGetErrorString(hipGetLastError()));
        return 1;
    }
    per_thread<<<1, 64>>>(d_cases, d_out, n_cases);
    if (hipMemcpy(vgpr, d_out, sizeof(vgpr), hipMemcpyDeviceToHost) != hipSuccess) {
        std::printf("bitfield: FAIL (per-thread launch: %s)\n",
                    hipGetErrorString(hipGetLastError()));
        return 1;
    }
    for (unsigned i = 0; i < n_cases; ++i) {
        const Case& c = cases[i];
        uniform<<<1, 32>>>(c.op, c.src0, c.src1, c.offset, c.width, d_out + n_cases);
        if (hipMemcpy(&sgpr[i], d_out + n_cases, sizeof(sgpr[i]), hipMemcpyDeviceToHost) !=
            hipSuccess) {
            std::printf("bitfield: FAIL (uniform launch %u: %s)\n", i,
                        hipGetErrorString(hipGetLastError()));
            return 1;
        }
    }
    hipFree(d_cases);
    hipFree(d_out);

    unsigned bad = 0;
    for (unsigned i = 0; i < n_cases; ++i) {
        const Case& c = cases[i];
        const bool insert = c.op == INSERT32 || c.op == INSERT64;
        const unsigned long long got[2] = {vgpr[i], sgpr[i]};
        for (unsigned k = 0; k < 2; ++k) {
            if (got[k] == c.want)
                continue;
            ++bad;
            if (insert)
                std::printf("  %s(0x%llx, 0x%llx, %u, %u) [%s]: got 0x%llx, want 0x%llx\n",
                            name(c.op), c.src0, c.src1, c.offset, c.width,
                            k ? "uniform" : "per thread", got[k], c.want);
            else
                std::printf("  %s(0x%llx, %u, %u) [%s]: got 0x%llx, want 0x%llx\n", name(c.op),
                            c.src0, c.offset, c.width, k ? "uniform" : "per thread", got[k],
                            c.want);
        }
    }
    if (bad) {
        std::printf("bitfield: FAIL (%u of %u results differ)\n", bad, 2 * n_cases);
        return 1;
    }
    std::printf("bitfield: PASS (%u cases, per thread and uniform)\n", n_cases);
    return 0;
}
