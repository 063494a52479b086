// Every mode of ds_swizzle_b32 (__builtin_amdgcn_ds_swizzle(value,
// pattern)), each lane reading another lane of its group of 32:
//   FFT     pattern 0xe000 | mask: the source is the lane number's five
//           bits reversed, shifted right by popcount(mask), with the mask
//           bits of the lane's own number kept (mask 0x1f: no swizzle)
//   rotate  pattern 0xc000 | dir << 10 | n << 5 | mask: n lanes left
//           (dir 0: lane i reads i + n) or right (dir 1: i - n), modulo
//           32, keeping the mask bits of the lane's own number
//   quad    pattern 0x8000 | four 2-bit lane numbers within each quad
//   bitmask pattern xor << 10 | or << 5 | and
// gfx9 and later have all four (LLVM's assembler spells the first two
// swizzle(FFT,mask) and swizzle(ROTATE,dir,n) from LLVM 20 on).  An
// inactive lane reads as 0.  The expected values come from the ISA
// manual's pseudocode, written out here for the host, lane by lane.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>

constexpr int threads = 128;  // two groups of 32 per wave64, four wave32 waves

template <int Pattern>
__global__ void swizzle(const int* in, int* out)
{
    const int t = threadIdx.x;
    out[t] = __builtin_amdgcn_ds_swizzle(in[t], Pattern);
}

// Lanes whose number is a multiple of 3 sit out (EXEC clear): those that
// read them get 0, and their own result stays -1.
template <int Pattern>
__global__ void swizzle_partial(const int* in, int* out)
{
    const int t = threadIdx.x;
    int r = -1;
    if (t % 3 != 0)
        r = __builtin_amdgcn_ds_swizzle(in[t], Pattern);
    out[t] = r;
}

static unsigned reverse5(unsigned v)
{
    unsigned r = 0;
    for (int b = 0; b < 5; ++b)
        if (v & (1u << b))
            r |= 1u << (4 - b);
    return r;
}

// The source lane of lane i (0..63) for @pattern, as the manual's
// pseudocode computes it for a wave of 64.
static unsigned source_lane(unsigned pattern, unsigned i)
{
    unsigned j;
    if (pattern >= 0xe000) {
        unsigned mask = pattern & 0x1f;
        j = reverse5(i & 0x1f);
        j >>= __builtin_popcount(mask);
        j |= i & mask;
    } else if (pattern >= 0xc000) {
        int rotate = (pattern >> 5) & 0x1f;
        unsigned mask = pattern & 0x1f;
        if (pattern & 0x400)
            rotate = -rotate;
        j = (i & mask) | ((i + rotate) & ~mask & 0x1f);
    } else if (pattern & 0x8000) {
        j = (i & ~3u) | ((pattern >> (2 * (i & 3))) & 3);
        j &= 0x1f;
    } else {
        j = (((i & 0x1f) & (pattern & 0x1f)) | ((pattern >> 5) & 0x1f)) ^ ((pattern >> 10) & 0x1f);
    }
    return j | (i & 0x20);
}

static int failures;

template <int Pattern>
static void check(const char* what, const int* d_in, int* d_out, const int* in, bool partial)
{
    if (partial)
        swizzle_partial<Pattern><<<1, threads>>>(d_in, d_out);
    else
        swizzle<Pattern><<<1, threads>>>(d_in, d_out);
    int out[threads];
    if (hipDeviceSynchronize() != hipSuccess ||
        hipMemcpy(out, d_out, sizeof(out), hipMemcpyDeviceToHost) != hipSuccess) {
        std::printf("FAIL: %s (0x%04x): the kernel failed: %s\n", what, Pattern,
                    hipGetErrorString(hipGetLastError()));
        ++failures;
        return;
    }
    for (int t = 0; t < threads; ++t) {
        // Groups of 32 never cross, so wave32 and wave64 agree: lane t of
        // the block is lane t % 64 of a group-aligned wave of 64.
        int base = t & ~63;
        int s = base + (int)source_lane(Pattern, (unsigned)(t & 63));
        int want = in[s];
        if (partial) {
            if (t % 3 == 0)
                want = -1;
            else if (s % 3 == 0)
                want = 0;
        }
        if (out[t] != want) {
            std::printf("FAIL: %s (0x%04x): lane %d read %d, expected %d (lane %d)\n", what,
                        Pattern, t, out[t], want, s);
            ++failures;
            return;
        }
    }
}

int main()
{
    int in[threads];
    for (int t = 0; t < threads; ++t)
        in[t] = 1000 + 7 * t;
    int *d_in, *d_out;
    if (hipMalloc(&d_in, sizeof(in)) != hipSuccess || hipMalloc(&d_out, sizeof(in)) != hipSuccess ||
        hipMemcpy(d_in, in, sizeof(in), hipMemcpyHostToDevice) != hipSuccess) {
        std::printf("FAIL: setup\n");
        return 1;
    }

    // FFT: full bit reversal, one bit kept, no swizzle, two bits kept;
    // 0xf000 is FFT too (offset[12:10] are ignored).
    check<0xe000>("FFT mask 0 (bit reversal)", d_in, d_out, in, false);
    check<0xe010>("FFT mask 0x10", d_in, d_out, in, false);
    check<0xe01f>("FFT mask 0x1f (identity)", d_in, d_out, in, false);
    check<0xe005>("FFT mask 0x05", d_in, d_out, in, false);
    check<0xf003>("FFT 0xf003", d_in, d_out, in, false);
    // Rotate: left and right by 1, 5, 16 and 31 lanes; with a mask.
    check<0xc000 | (1 << 5)>("rotate left 1", d_in, d_out, in, false);
    check<0xc400 | (1 << 5)>("rotate right 1", d_in, d_out, in, false);
    check<0xc000 | (5 << 5)>("rotate left 5", d_in, d_out, in, false);
    check<0xc400 | (16 << 5)>("rotate right 16", d_in, d_out, in, false);
    check<0xc000 | (31 << 5)>("rotate left 31", d_in, d_out, in, false);
    check<0xc000 | (3 << 5) | 1>("rotate left 3, mask 1", d_in, d_out, in, false);
    check<0xc400 | (2 << 5) | 0x11>("rotate right 2, mask 0x11", d_in, d_out, in, false);
    check<0xd000 | (4 << 5)>("rotate 0xd080 (offset[12:11] ignored)", d_in, d_out, in, false);
    // The basic modes.
    check<0x8000 | 0x1b>("quad perm 3,2,1,0", d_in, d_out, in, false);
    check<0x041f>("bitmask: swap neighbours", d_in, d_out, in, false);
    check<(0x10 << 10) | 0x1f>("bitmask: swap halves of 32", d_in, d_out, in, false);
    check<(0 << 10) | (5 << 5) | 0x18>("bitmask: broadcast lane 5 of each 8", d_in, d_out, in,
                                       false);
    // Inactive lanes read as 0, in every mode.
    check<0xe000>("FFT, some lanes inactive", d_in, d_out, in, true);
    check<0xc000 | (1 << 5)>("rotate, some lanes inactive", d_in, d_out, in, true);
    check<0x8000 | 0x1b>("quad perm, some lanes inactive", d_in, d_out, in, true);

    hipFree(d_in);
    hipFree(d_out);
    if (failures) {
        std::printf("ds_swizzle: %d failures\n", failures);
        return 1;
    }
    std::printf("ds_swizzle: FFT, rotate, quad and bitmask modes: PASS\n");
    return 0;
}
