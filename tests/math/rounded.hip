// Device math, the rounded operations: __fadd_rn/rz/ru/rd, __fsub_*,
// __fmul_*, __fmaf_*, __fdiv_*, __frcp_*, __fsqrt_* and their double
// forms (__dadd_*, ..., __dsqrt_*).  Each must equal MPFR's result
// rounded in the same mode at the target precision, denormals included
// (0 ulp), and the IEEE sign rules for exact zeros hold (x + (-x) is -0
// when rounding down, +0 otherwise).
#include "mtest.h"

using namespace mtest;

#define ROUNDED_OPS(T, p, add, sub, mul, fma, div, rcp, sqrt)                  \
    MATH_OP2(op##add##_##p, T, add##_##p(a, b));                                   \
    MATH_OP2(op##sub##_##p, T, sub##_##p(a, b));                                   \
    MATH_OP2(op##mul##_##p, T, mul##_##p(a, b));                                   \
    MATH_OP3(op##fma##_##p, T, fma##_##p(a, b, c));                                \
    MATH_OP2(op##div##_##p, T, div##_##p(a, b));                                   \
    MATH_OP1(op##rcp##_##p, T, rcp##_##p(a));                                      \
    MATH_OP1(op##sqrt##_##p, T, sqrt##_##p(a))
ROUNDED_OPS(float, rn, __fadd, __fsub, __fmul, __fmaf, __fdiv, __frcp, __fsqrt);
ROUNDED_OPS(float, rz, __fadd, __fsub, __fmul, __fmaf, __fdiv, __frcp, __fsqrt);
ROUNDED_OPS(float, ru, __fadd, __fsub, __fmul, __fmaf, __fdiv, __frcp, __fsqrt);
ROUNDED_OPS(float, rd, __fadd, __fsub, __fmul, __fmaf, __fdiv, __frcp, __fsqrt);
ROUNDED_OPS(double, rn, __dadd, __dsub, __dmul, __fma, __ddiv, __drcp, __dsqrt);
ROUNDED_OPS(double, rz, __dadd, __dsub, __dmul, __fma, __ddiv, __drcp, __dsqrt);
ROUNDED_OPS(double, ru, __dadd, __dsub, __dmul, __fma, __ddiv, __drcp, __dsqrt);
ROUNDED_OPS(double, rd, __dadd, __dsub, __dmul, __fma, __ddiv, __drcp, __dsqrt);

enum Op { ADD, SUB, MUL, FMA, DIV, RCP, SQRT };

// The reference: MPFR computes the operation at the target precision in
// the target's exponent range, rounding once in the requested mode, then
// mpfr_subnormalize rounds (again in that mode) into the denormal range.
template <typename T, Op op, mpfr_rnd_t rnd> static bool reference(const T* a, T* want)
{
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_set_emin(Fmt<T>::emin);
    mpfr_set_emax(Fmt<T>::emax);
    mpfr_t r, x, y, z;
    mpfr_inits2(Fmt<T>::prec, r, x, y, z, (mpfr_ptr)0);
    Fmt<T>::set(x, a[0]);
    int i = 0;
    switch (op) {
    case ADD: Fmt<T>::set(y, a[1]); i = mpfr_add(r, x, y, rnd); break;
    case SUB: Fmt<T>::set(y, a[1]); i = mpfr_sub(r, x, y, rnd); break;
    case MUL: Fmt<T>::set(y, a[1]); i = mpfr_mul(r, x, y, rnd); break;
    case FMA:
        Fmt<T>::set(y, a[1]);
        Fmt<T>::set(z, a[2]);
        i = mpfr_fma(r, x, y, z, rnd);
        break;
    case DIV: Fmt<T>::set(y, a[1]); i = mpfr_div(r, x, y, rnd); break;
    case RCP: i = mpfr_ui_div(r, 1, x, rnd); break;
    case SQRT: i = mpfr_sqrt(r, x, rnd); break;
    }
    mpfr_subnormalize(r, i, rnd);
    *want = Fmt<T>::get(r);
    mpfr_clears(r, x, y, z, (mpfr_ptr)0);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    return true;
}

// The operands of +, - and fma also cancel exactly: b = -a, c = -a*b.
template <typename T> static Range full() { return Range(); }

#define CHECK_MODE(T, p, rnd, add, sub, mul, fma, div, rcp, sqrt)                                \
    check<T, op##add##_##p, 2>(#add "_" #p, nullptr, 0, full<T>(), reference<T, ADD, rnd>);           \
    check<T, op##sub##_##p, 2>(#sub "_" #p, nullptr, 0, full<T>(), reference<T, SUB, rnd>);           \
    check<T, op##mul##_##p, 2>(#mul "_" #p, nullptr, 0, full<T>(), reference<T, MUL, rnd>);           \
    check<T, op##fma##_##p, 3>(#fma "_" #p, nullptr, 0, full<T>(), reference<T, FMA, rnd>);           \
    check<T, op##div##_##p, 2>(#div "_" #p, nullptr, 0, full<T>(), reference<T, DIV, rnd>);           \
    check<T, op##rcp##_##p, 1>(#rcp "_" #p, nullptr, 0, full<T>(), reference<T, RCP, rnd>);           \
    check<T, op##sqrt##_##p, 1>(#sqrt "_" #p, nullptr, 0, Range{0, 1e6, true}, reference<T, SQRT, rnd>)

// x + (-x) must be exactly zero with the mode's sign; checked explicitly
// because random pairs rarely cancel.
__global__ void cancel(float* f, double* d)
{
    float x = 1.5f;
    double y = 2.5;
    f[0] = __fadd_rn(x, -x); f[1] = __fadd_rz(x, -x); f[2] = __fadd_ru(x, -x); f[3] = __fadd_rd(x, -x);
    f[4] = __fmaf_rd(x, 2.0f, -3.0f); f[5] = __fmaf_ru(x, 2.0f, -3.0f);
    d[0] = __dadd_rn(y, -y); d[1] = __dadd_rz(y, -y); d[2] = __dadd_ru(y, -y); d[3] = __dadd_rd(y, -y);
    d[4] = __fma_rd(y, 2.0, -5.0); d[5] = __fma_ru(y, 2.0, -5.0);
}

int main(int argc, char** argv)
{
    parse_args(argc, argv);
    printf("rounded: float\n");
    CHECK_MODE(float, rn, MPFR_RNDN, __fadd, __fsub, __fmul, __fmaf, __fdiv, __frcp, __fsqrt);
    CHECK_MODE(float, rz, MPFR_RNDZ, __fadd, __fsub, __fmul, __fmaf, __fdiv, __frcp, __fsqrt);
    CHECK_MODE(float, ru, MPFR_RNDU, __fadd, __fsub, __fmul, __fmaf, __fdiv, __frcp, __fsqrt);
    CHECK_MODE(float, rd, MPFR_RNDD, __fadd, __fsub, __fmul, __fmaf, __fdiv, __frcp, __fsqrt);
    printf("rounded: double\n");
    CHECK_MODE(double, rn, MPFR_RNDN, __dadd, __dsub, __dmul, __fma, __ddiv, __drcp, __dsqrt);
    CHECK_MODE(double, rz, MPFR_RNDZ, __dadd, __dsub, __dmul, __fma, __ddiv, __drcp, __dsqrt);
    CHECK_MODE(double, ru, MPFR_RNDU, __dadd, __dsub, __dmul, __fma, __ddiv, __drcp, __dsqrt);
    CHECK_MODE(double, rd, MPFR_RNDD, __dadd, __dsub, __dmul, __fma, __ddiv, __drcp, __dsqrt);

    float* f;
    double* d;
    HIP_OK(hipMallocManaged(&f, 6 * sizeof(float)));
    HIP_OK(hipMallocManaged(&d, 6 * sizeof(double)));
    cancel<<<1, 1>>>(f, d);
    HIP_OK(hipDeviceSynchronize());
    // +0 in every mode but rounding down, which gives -0.
    bool ok = true;
    for (int k = 0; k < 4; k++) {
        ok &= f[k] == 0 && std::signbit(f[k]) == (k == 3);
        ok &= d[k] == 0 && std::signbit(d[k]) == (k == 3);
    }
    ok &= f[4] == 0 && std::signbit(f[4]) && f[5] == 0 && !std::signbit(f[5]);
    ok &= d[4] == 0 && std::signbit(d[4]) && d[5] == 0 && !std::signbit(d[5]);
    printf("  exact cancellation: signs of zero %s\n", ok ? "PASS" : "FAIL");
    if (!ok)
        failures()++;
    return finish("rounded");
}
