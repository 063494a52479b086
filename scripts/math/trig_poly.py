#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Minimax polynomials of barehip's trigonometric family (firmware/math).

Every kernel is a polynomial p(u) in u = r^2 that approximates a smooth
function g(u) on [0, U]; the weight w(u) turns the error of p into the
relative error of the whole function (e.g. sin r = r + r^3 p(u), so an
error e in p is a relative error of about u * e / (sin r / r)).  Remez's
exchange algorithm (mpmath, 60 digits) finds the weighted minimax
polynomial of each degree; the coefficients are then rounded to double
and the error of the rounded polynomial is measured on a fine grid, and
that measured bound is the one printed next to the coefficients.

Usage: python3 scripts/math/trig_poly.py [name[=degree]...]   (needs mpmath)
"""
import sys

import mpmath as mp

mp.mp.dps = 60


def remez(g, w, lo, hi, deg, iters=30):
    """Weighted minimax p of degree deg: min max |w (g - p)| on [lo, hi]."""
    n = deg + 2
    xs = [(lo + hi) / 2 - (hi - lo) / 2 * mp.cos(mp.pi * i / (n - 1)) for i in range(n)]
    coef = None
    for _ in range(iters):
        # w(x_i) (g(x_i) - p(x_i)) = (-1)^i E
        a = mp.matrix(n, n)
        b = mp.matrix(n, 1)
        for i, x in enumerate(xs):
            for j in range(deg + 1):
                a[i, j] = x ** j
            a[i, deg + 1] = (-1) ** i / w(x)
            b[i] = g(x)
        sol = mp.lu_solve(a, b)
        coef = [sol[j] for j in range(deg + 1)]
        err = lambda x: w(x) * (g(x) - mp.polyval(coef[::-1], x))
        # New nodes: the extrema of the error between sign changes.
        grid = [lo + (hi - lo) * k / 2000 for k in range(2001)]
        vals = [err(x) for x in grid]
        ext = []
        k = 0
        while k < len(grid):
            j = k
            best = k
            while j < len(grid) and mp.sign(vals[j]) == mp.sign(vals[k]):
                if abs(vals[j]) > abs(vals[best]):
                    best = j
                j += 1
            ext.append(best)
            k = j
        if len(ext) < n:
            break
        # keep the n consecutive extrema with the largest minimum
        while len(ext) > n:
            if abs(vals[ext[0]]) < abs(vals[ext[-1]]):
                ext.pop(0)
            else:
                ext.pop()
        new = [grid[e] for e in ext]
        if max(abs(x - y) for x, y in zip(new, xs)) < (hi - lo) * 1e-12:
            break
        xs = new
    return coef


def measured(g, w, lo, hi, coef, npts=4000, exact=False):
    """Max weighted error of the polynomial with double coefficients."""
    cd = coef if exact else [mp.mpf(float(c)) for c in coef]
    m = 0
    for k in range(npts + 1):
        x = lo + (hi - lo) * k / npts
        m = max(m, abs(w(x) * (g(x) - mp.polyval(cd[::-1], x))))
    return m


def series_safe(f, small):
    """f(u), with a Taylor fallback near u = 0 where f cancels."""
    def h(u):
        if u < mp.mpf('1e-30'):
            return small(u)
        return f(u)
    return h


PI = mp.pi
R = mp.pi / 4 * (1 + mp.mpf(2) ** -10)       # |r| after the pi/2 reduction
T8 = mp.tan(mp.pi / 8) * (1 + mp.mpf(2) ** -20)  # |t| after the atan reduction

# name: (g, weight, U, degree, what it is)
KERNELS = {
    # sin r = r + r^3 S(r^2): relative error of sin is u * e / (sin r / r)
    'sin_f64': (series_safe(lambda u: (mp.sin(mp.sqrt(u)) - mp.sqrt(u)) / u ** 1.5,
                            lambda u: -mp.mpf(1) / 6),
                lambda u: u / (1 if u == 0 else mp.sin(mp.sqrt(u)) / mp.sqrt(u)), R * R, 5,
                'sin r = r + r^3 S(r^2), |r| <= pi/4 (1 + 2^-10)'),
    # cos r = 1 - r^2/2 + r^4 C(r^2): relative error u^2 e / cos r
    'cos_f64': (series_safe(lambda u: (mp.cos(mp.sqrt(u)) - 1 + u / 2) / u ** 2,
                            lambda u: mp.mpf(1) / 24),
                lambda u: u * u / mp.cos(mp.sqrt(u)), R * R, 5,
                'cos r = 1 - r^2/2 + r^4 C(r^2), |r| <= pi/4 (1 + 2^-10)'),
    'sin_f32': (series_safe(lambda u: (mp.sin(mp.sqrt(u)) - mp.sqrt(u)) / u ** 1.5,
                            lambda u: -mp.mpf(1) / 6),
                lambda u: u / (1 if u == 0 else mp.sin(mp.sqrt(u)) / mp.sqrt(u)), R * R, 3,
                'sin r = r + r^3 S(r^2) in double for f32'),
    'cos_f32': (series_safe(lambda u: (mp.cos(mp.sqrt(u)) - 1 + u / 2) / u ** 2,
                            lambda u: mp.mpf(1) / 24),
                lambda u: u * u / mp.cos(mp.sqrt(u)), R * R, 2,
                'cos r = 1 - r^2/2 + r^4 C(r^2) in double for f32'),
    # sin(pi f) = pi f + f^3 Q(f^2), |f| <= 1/4
    'sinpi_f64': (series_safe(lambda u: (mp.sin(PI * mp.sqrt(u)) - PI * mp.sqrt(u)) / u ** 1.5,
                              lambda u: -PI ** 3 / 6),
                  lambda u: u / (PI if u == 0 else mp.sin(PI * mp.sqrt(u)) / mp.sqrt(u)),
                  mp.mpf(1) / 16, 5, 'sin(pi f) = pi f + f^3 Q(f^2), |f| <= 1/4'),
    'cospi_f64': (series_safe(lambda u: (mp.cos(PI * mp.sqrt(u)) - 1 + PI ** 2 * u / 2) / u ** 2,
                              lambda u: PI ** 4 / 24),
                  lambda u: u * u / mp.cos(PI * mp.sqrt(u)), mp.mpf(1) / 16, 5,
                  'cos(pi f) = 1 - pi^2 f^2/2 + f^4 R(f^2), |f| <= 1/4'),
    'sinpi_f32': (series_safe(lambda u: (mp.sin(PI * mp.sqrt(u)) - PI * mp.sqrt(u)) / u ** 1.5,
                              lambda u: -PI ** 3 / 6),
                  lambda u: u / (PI if u == 0 else mp.sin(PI * mp.sqrt(u)) / mp.sqrt(u)),
                  mp.mpf(1) / 16, 3, 'sinpi in double for f32'),
    'cospi_f32': (series_safe(lambda u: (mp.cos(PI * mp.sqrt(u)) - 1 + PI ** 2 * u / 2) / u ** 2,
                              lambda u: PI ** 4 / 24),
                  lambda u: u * u / mp.cos(PI * mp.sqrt(u)), mp.mpf(1) / 16, 2,
                  'cospi in double for f32'),
    # asin s = s + s^3 A(s^2), s^2 <= 1/4; relative error u e / (asin s / s)
    'asin_f64': (series_safe(lambda u: (mp.asin(mp.sqrt(u)) - mp.sqrt(u)) / u ** 1.5,
                             lambda u: mp.mpf(1) / 6),
                 lambda u: u / (1 if u == 0 else mp.asin(mp.sqrt(u)) / mp.sqrt(u)),
                 mp.mpf(1) / 4, 12, 'asin s = s + s^3 A(s^2), |s| <= 1/2'),
    'asin_f32': (series_safe(lambda u: (mp.asin(mp.sqrt(u)) - mp.sqrt(u)) / u ** 1.5,
                             lambda u: mp.mpf(1) / 6),
                 lambda u: u / (1 if u == 0 else mp.asin(mp.sqrt(u)) / mp.sqrt(u)),
                 mp.mpf(1) / 4, 6, 'asin in double for f32'),
    # atan t = t + t^3 T(t^2), |t| <= tan(pi/8)
    'atan_f64': (series_safe(lambda u: (mp.atan(mp.sqrt(u)) - mp.sqrt(u)) / u ** 1.5,
                             lambda u: -mp.mpf(1) / 3),
                 lambda u: u / (1 if u == 0 else mp.atan(mp.sqrt(u)) / mp.sqrt(u)),
                 T8 * T8, 10, 'atan t = t + t^3 T(t^2), |t| <= tan(pi/8)'),
    'atan_f32': (series_safe(lambda u: (mp.atan(mp.sqrt(u)) - mp.sqrt(u)) / u ** 1.5,
                             lambda u: -mp.mpf(1) / 3),
                 lambda u: u / (1 if u == 0 else mp.atan(mp.sqrt(u)) / mp.sqrt(u)),
                 T8 * T8, 5, 'atan in double for f32'),
}


def hexd(x):
    return float(x).hex()


def constants():
    """The split constants of the family: v = v1 + v2 (+ v3), each the
    double nearest to what the previous ones leave."""
    for name, v, k in [('pi/2 (TRIG_PIO2_*, ASIN_PIO2_*)', mp.pi / 2, 3),
                       ('pi (TRIGPI_PI_*, ASIN_PI_*)', mp.pi, 2),
                       ('pi/4 (ATAN_PIO4_*)', mp.pi / 4, 2),
                       ('pi^2/2 (TRIGPI_C1_*)', mp.pi ** 2 / 2, 2),
                       ('2/pi (TRIG_2_PI)', 2 / mp.pi, 1),
                       ('tan(pi/8) (ATAN_TAN_PI_8)', mp.tan(mp.pi / 8), 1)]:
        parts = []
        for _ in range(k):
            d = float(v)
            parts.append(d.hex())
            v -= mp.mpf(d)
        print(f'/* {name}: {" + ".join(parts)} */')
    print()


def main(names):
    if not names:
        constants()
    for arg in names or KERNELS:
        name, _, d = arg.partition('=')     # name=degree tries another degree
        g, w, hi, deg, what = KERNELS[name]
        deg = int(d) if d else deg
        # The weight vanishes at u = 0 (the error there is multiplied by
        # u); the exchange starts just above it.
        coef = remez(g, w, hi * mp.mpf(2) ** -30, hi, deg)
        err = measured(g, w, mp.mpf(0), hi, coef)
        exact = measured(g, w, mp.mpf(0), hi, coef, exact=True)
        print(f'/* {name}: {what}; u in [0, {mp.nstr(hi, 6)}], degree {deg}:')
        print(f' * relative error of the function <= 2^{mp.nstr(mp.log(err, 2), 4)}'
              f' (2^{mp.nstr(mp.log(exact, 2), 4)} before rounding the coefficients) */')
        for k, c in enumerate(coef):
            print(f'\t{hexd(c)},\t/* u^{k}: {mp.nstr(c, 17)} */')
        print()


if __name__ == '__main__':
    main(sys.argv[1:])
