#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Minimax coefficients of the exp/log/hyperbolic kernels (firmware/math).

Each polynomial is a Remez (minimax) fit computed with mpmath at 60
digits, then rounded to double; the error printed is measured after that
rounding, on a dense grid, against mpmath.  Run:

    python3 scripts/math/explog_coeffs.py          # all kernels (needs mpmath)
    python3 scripts/math/explog_coeffs.py exp_h64  # one

and paste the printed C arrays into expk.h / logk.h / sinh.c.  The fits
(x is the kernel's reduced argument):

  exp_h64, exp_h32  H(r) = (e^r - 1 - r) / r^2 on |r| <= ln2/2, so that
                    e^r - 1 = r + r^2 H(r) (expk.h)
  exp_h64s          the same H one degree shorter, for the plain double
                    exp, exp2, exp10 (expk.h exp_scaled_f64: r^2 H's
                    error stays below 2^-56, 0.2 ulp)
  log_p64, log_p32  P(z) = (2 atanh(s) - 2s) / s^3, z = s^2, on
                    0 <= z <= (3 - 2 sqrt 2)^2 (logk.h): log(m) = 2s +
                    s^3 P(s^2) with s = (m-1)/(m+1), m in [sqrt .5, sqrt 2)
  sinh_s64, sinh_s32  S(z) = (sinh(x) - x) / x^3, z = x^2, on 0 <= z <= 1
                    (sinh.c): sinh(x) = x + x^3 S(x^2) for |x| < 1

The error is absolute (H, P and S are within a factor 2 of constant on
their domains, and each enters its kernel scaled by r^2, s^3 or x^3, so
an absolute bound is what the kernel's error analysis uses).
"""
import sys

import mpmath as mp
from mpmath import mpf

mp.mp.dps = 60


def h_exp(r):
    if abs(r) < mpf(2) ** -40:
        return mpf(1) / 2 + r / 6 + r * r / 24
    return (mp.exp(r) - 1 - r) / (r * r)


def p_log(z):
    if z < mpf(2) ** -60:
        return mpf(2) / 3 + 2 * z / 5
    s = mp.sqrt(z)
    return (2 * mp.atanh(s) - 2 * s) / (s * s * s)


def s_sinh(z):
    if z < mpf(2) ** -60:
        return mpf(1) / 6 + z / 120
    x = mp.sqrt(z)
    return (mp.sinh(x) - x) / (x * x * x)


def horner(c, x):
    y = mpf(0)
    for a in reversed(c):
        y = y * x + a
    return y


def solve_reference(f, xs, deg):
    # p(x_i) + (-1)^i E = f(x_i): deg + 2 equations, deg + 2 unknowns.
    n = deg + 2
    A = mp.matrix(n, n)
    b = mp.matrix(n, 1)
    for i, x in enumerate(xs):
        for j in range(deg + 1):
            A[i, j] = x ** j
        A[i, deg + 1] = (-1) ** i
        b[i] = f(x)
    sol = mp.lu_solve(A, b)
    return [sol[j] for j in range(deg + 1)], sol[deg + 1]


def grid(a, b, npts):
    # Chebyshev-spaced, endpoints included: extrema crowd the ends.
    return [(a + b) / 2 - (b - a) / 2 * mp.cos(mp.pi * k / (npts - 1)) for k in range(npts)]


def extrema(f, c, a, b, deg, npts=3000):
    xs = grid(a, b, npts)
    es = [f(x) - horner(c, x) for x in xs]
    # Split at sign changes; keep each run's largest |error|.
    runs = []
    cur = (abs(es[0]), xs[0], es[0] > 0)
    for x, e in zip(xs[1:], es[1:]):
        s = e > 0
        if s != cur[2]:
            runs.append(cur)
            cur = (abs(e), x, s)
        elif abs(e) > cur[0]:
            cur = (abs(e), x, s)
    runs.append(cur)
    # Too many runs (noise near zero crossings): drop the smallest,
    # merging neighbours of equal sign, until deg + 2 remain.
    while len(runs) > deg + 2:
        i = min(range(len(runs)), key=lambda k: runs[k][0])
        del runs[i]
        merged = [runs[0]]
        for r in runs[1:]:
            if r[2] == merged[-1][2]:
                if r[0] > merged[-1][0]:
                    merged[-1] = r
            else:
                merged.append(r)
        runs = merged
    return [r[1] for r in runs], max(abs(e) for e in es)


def remez(f, a, b, deg, iters=40):
    # Fit in t = x / scale (|t| <= 1): the monomials stay well apart.
    scale = max(abs(a), abs(b))
    ft = lambda t: f(t * scale)
    ta, tb = a / scale, b / scale
    ts = grid(ta, tb, deg + 2)
    c, err = None, None
    for _ in range(iters):
        c, e = solve_reference(ft, ts, deg)
        nts, err = extrema(ft, c, ta, tb, deg)
        if len(nts) != deg + 2:
            break
        ts = nts
        if err <= abs(e) * (1 + mpf(10) ** -8):
            break
    return [x / scale ** k for k, x in enumerate(c)], err


def max_error(f, c, a, b, npts=20000):
    return max(abs(f(x) - horner(c, x)) for x in grid(a, b, npts))


def fit(name, f, a, b, target_log2, dd0):
    """Smallest degree whose double-rounded fit meets 2^target_log2.

    dd0: the constant term is kept as a sum of two doubles (the kernel
    adds it in double-double), the others are rounded to double."""
    for deg in range(2, 30):
        try:
            c, _ = remez(f, mpf(a), mpf(b), deg)
        except ZeroDivisionError:
            # The reference system went singular: past this degree the
            # rounding of the coefficients, not the fit, limits the error.
            break
        cd = [mpf(float(x)) for x in c]
        if dd0:
            cd[0] = mpf(float(c[0])) + mpf(float(c[0] - mpf(float(c[0]))))
        err = max_error(f, cd, mpf(a), mpf(b))
        if err <= mpf(2) ** target_log2:
            return deg, cd, err
    raise SystemExit(f"{name}: no degree reaches 2^{target_log2}")


LN2_HALF = mp.log(2) / 2 + mpf(2) ** -40   # |r| after rint(x/ln2) rounding
ZMAX = (3 - 2 * mp.sqrt(2)) ** 2

# name: (function, domain, target error, constant term in double-double)
KERNELS = {
    "exp_h64": (h_exp, -LN2_HALF, LN2_HALF, -58, False),
    "exp_h32": (h_exp, -LN2_HALF, LN2_HALF, -35, False),
    "exp_h64s": (h_exp, -LN2_HALF, LN2_HALF, -52.9, False),
    "log_p64": (p_log, 0, ZMAX, -60, True),
    "log_p32": (p_log, 0, ZMAX, -36, False),
    "sinh_s64": (s_sinh, 0, 1, -55, False),
    "sinh_s32": (s_sinh, 0, 1, -36, False),
}


def main():
    names = sys.argv[1:] or list(KERNELS)
    for name in names:
        f, a, b, target, dd0 = KERNELS[name]
        deg, c, err = fit(name, f, a, b, target, dd0)
        print(f"/* {name}: degree {deg} on [{mp.nstr(mpf(a), 8)}, {mp.nstr(mpf(b), 8)}],"
              f" max abs error 2^{mp.nstr(mp.log(err, 2), 4)} (target 2^{target}) */")
        for i, x in enumerate(c):
            v = float(x)
            print(f"\t{v.hex()}, /* c{i} = {v!r} */")
            if i == 0 and dd0:
                lo = float(x - mpf(v))
                print(f"\t{lo.hex()}, /* c0 low part = {lo!r} */")


if __name__ == "__main__":
    main()
