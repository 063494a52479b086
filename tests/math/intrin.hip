// Device math: the float intrinsics of no other family.  fdividef and
// __fdividef: CUDA documents 2 ulp for |y| in [2^-126, 2^126], and 0
// as the result for 2^126 < |y| < 2^128; barehip's is the IEEE division
// (in the default modes), so they are held to 2 ulp over every input.
// __saturatef clamps to [+0, 1], NaN and -0 giving +0 (CUDA).
// __frsqrt_rn is 1/sqrt(x) rounded to nearest: correctly rounded,
// denormal inputs included.
#include "mtest.h"

using namespace mtest;

MATH_OP2(fdividef_f, float, fdividef(a, b));
MATH_OP2(fast_fdividef_f, float, __fdividef(a, b));
MATH_OP1(saturate_f, float, __saturatef(a));
MATH_OP1(frsqrt_rn_f, float, __frsqrt_rn(a));

static void ref_div(mpfr_t r, mpfr_t* a) { mpfr_div(r, a[0], a[1], MPFR_RNDN); }
static void ref_rsqrt(mpfr_t r, mpfr_t* a) { mpfr_rec_sqrt(r, a[0], MPFR_RNDN); }

// Clamp to [+0, 1]; NaN and every zero give +0.
static bool fix_saturate(const float* a, float* want)
{
    float x = a[0];
    *want = x > 0 ? (x < 1 ? x : 1.0f) : 0.0f;
    return true;
}
// IEEE 754 rSqrt(-0) = -inf; MPFR gives +inf.
static bool fix_rsqrt(const float* a, float* want)
{
    if (a[0] == 0 && std::signbit(a[0])) {
        *want = -INFINITY;
        return true;
    }
    return false;
}

// bh/math.h's __frsqrt_rn rounds a double within 2^-52.9 (relative) of
// 1/sqrt(x) to float: right whenever 1/sqrt(x) is farther than that from
// a midpoint of the float grid.  1/sqrt(x 4^k) = 2^-k/sqrt(x), so the
// floats in [1, 4) decide; over all of them (in long double, 2^-63) the
// smallest relative distance must stay above that (it is 2^-51.74).
// Returns the 16 nearest x (scaled to denormals and large values too) as
// hard inputs.
static std::vector<float> rsqrt_near_ties()
{
    std::vector<std::pair<long double, float>> near;
    long double worst = 1;
    for (float x = 1.0f; x < 4.0f; x = std::nextafter(x, 5.0f)) {
        long double y = 1.0L / sqrtl((long double)x), ulp = 0x1p-24L;
        if (y == 1.0L)
            continue;
        long double mid = floorl(y / ulp) * ulp + ulp / 2, rel = fabsl(y - mid) / y;
        worst = std::min(worst, rel);
        if (near.size() < 16 || rel < near.back().first) {
            near.emplace_back(rel, x);
            std::sort(near.begin(), near.end());
            if (near.size() > 16)
                near.pop_back();
        }
    }
    bool ok = worst > 0x1.1p-53L; // 2^-52.86
    printf("  __frsqrt_rn premise: 1/sqrt of every float at least 2^%.2f from a tie: %s\n",
           (double)log2l(worst), ok ? "PASS" : "FAIL");
    if (!ok)
        failures()++;
    std::vector<float> v;
    for (auto& n : near)
        for (int k : {0, -126, -148, 100})
            v.push_back(std::ldexp(n.second, k));
    return v;
}

int main(int argc, char** argv)
{
    parse_args(argc, argv);
    printf("intrin: float\n");
    // Divisors at the ends of CUDA's range and beyond it, where CUDA's
    // __fdividef returns 0 (or NaN for an infinite x) and barehip's is
    // still the IEEE quotient.
    std::vector<float> div_hard;
    Rng r(name_seed("fdividef hard"));
    for (int i = 0; i < 512; i++) {
        float x = random_value<float>(r, Range()), y;
        switch (i % 4) {
        case 0: y = std::ldexp(1.0f + (float)r.uniform(), 126); break;  // [2^126, 2^127)
        case 1: y = std::ldexp(1.0f + (float)r.uniform(), 127); break;  // [2^127, 2^128)
        case 2: y = std::ldexp(1.0f + (float)r.uniform(), -127); break; // denormal
        default: y = std::ldexp(1.0f + (float)r.uniform(), -126); x = INFINITY; break;
        }
        div_hard.insert(div_hard.end(), {x, (i & 4) ? -y : y});
    }
    check<float, fdividef_f, 2>("fdividef", ref_div, 2, Range(), nullptr, div_hard);
    check<float, fast_fdividef_f, 2>("__fdividef", ref_div, 2, Range(), nullptr, div_hard);
    check<float, saturate_f, 1>("__saturatef", nullptr, 0, Range{-0.5, 1.5, true}, fix_saturate);
    // Denormal inputs (v_rsq_f32 flushes them), random ones in [1, 4),
    // and the floats whose 1/sqrt lies closest to a rounding midpoint.
    std::vector<float> hard = rsqrt_near_ties();
    for (int e = -149; e < -126; e++)
        for (float m : {1.0f, 1.25f, 1.5f, 1.75f})
            hard.push_back(std::ldexp(m, e));
    check<float, frsqrt_rn_f, 1>("__frsqrt_rn", ref_rsqrt, 0, Range{1, 4, true}, fix_rsqrt, hard);
    return finish("intrin");
}
