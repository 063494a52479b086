#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Minimax polynomial fitting for the special functions (firmware/math:
erf family, gamma, Bessel), used by scripts/math/special_coeffs.py.

remez() is the linear Remez exchange algorithm in mpmath: the polynomial
sum c_k x^p_k over a given set of powers p_k minimising the weighted
error max |w(x) (f(x) - p(x))| on [a, b] (w = 1/|f| for a relative
error).  Each iteration solves the n+1 point reference system, finds the
extrema of the error on a dense Chebyshev grid (refined by golden-section
search), and exchanges the whole reference.  The coefficients are then
rounded to double and the error re-measured on a denser grid, so the
figure printed next to each C array is that of the rounded polynomial
(evaluated exactly; the kernel's own rounding comes on top).
"""
import mpmath as mp
from mpmath import mpf

mp.mp.dps = 50


def horner(c, powers, x):
    return mp.fsum(ci * x ** p for ci, p in zip(c, powers))


def cheb_points(a, b, n):
    """n Chebyshev extrema on [a, b], endpoints included."""
    return [(a + b) / 2 - (b - a) / 2 * mp.cos(mp.pi * k / (n - 1)) for k in range(n)]


def _solve(fv, wv, xs, powers):
    n = len(powers)
    A = mp.matrix(n + 1, n + 1)
    rhs = mp.matrix(n + 1, 1)
    for j, x in enumerate(xs):
        for i, p in enumerate(powers):
            A[j, i] = x ** p
        A[j, n] = (-1) ** j / wv[j]
        rhs[j] = fv[j]
    s = mp.lu_solve(A, rhs)
    return [s[i] for i in range(n)], s[n]


def _golden(g, lo, hi, iters=28):
    """Maximise g on [lo, hi]."""
    r = (mp.sqrt(5) - 1) / 2
    c, d = hi - r * (hi - lo), lo + r * (hi - lo)
    gc, gd = g(c), g(d)
    for _ in range(iters):
        if gc > gd:
            hi, d, gd = d, c, gc
            c = hi - r * (hi - lo)
            gc = g(c)
        else:
            lo, c, gc = c, d, gd
            d = lo + r * (hi - lo)
            gd = g(d)
    return (c, gc) if gc > gd else (d, gd)


def remez(f, a, b, powers, w=None, iters=25, grid=None, verbose=False):
    """Minimax coefficients for sum c_k x^powers[k] ~ f on [a, b].

    w: weight function (default 1/|f|, relative error).  Returns
    (coefficients, max weighted error)."""
    a, b = mpf(a), mpf(b)
    n = len(powers)
    if w is None:
        w = lambda x: 1 / abs(f(x))
    grid = grid or max(60 * n, 1200)
    gx = cheb_points(a, b, grid)
    gf = [f(x) for x in gx]
    gw = [w(x) for x in gx]
    xs = cheb_points(a, b, n + 1)
    best = None
    for it in range(iters):
        fv = [f(x) for x in xs]
        wv = [w(x) for x in xs]
        try:
            c, E = _solve(fv, wv, xs, powers)
        except ZeroDivisionError:
            # A degenerate reference (two points merged): keep the best.
            break
        err = lambda x: w(x) * (f(x) - horner(c, powers, x))
        ge = [wi * (fi - horner(c, powers, x)) for x, fi, wi in zip(gx, gf, gw)]
        # One extremum per run of equal sign, refined between its grid
        # neighbours.
        runs = []
        i = 0
        while i < grid:
            j = i
            k = i
            while j < grid and (ge[j] > 0) == (ge[i] > 0):
                if abs(ge[j]) > abs(ge[k]):
                    k = j
                j += 1
            lo = gx[max(k - 1, 0)]
            hi = gx[min(k + 1, grid - 1)]
            if k in (0, grid - 1):
                x, v = gx[k], abs(ge[k])
                xi, vi = _golden(lambda t: abs(err(t)), lo, hi)
                if vi > v:
                    x, v = xi, vi
            else:
                x, v = _golden(lambda t: abs(err(t)), lo, hi)
            runs.append([v, x, ge[i] > 0])
            i = j
        while len(runs) > n + 1:
            if len(runs) == n + 2:
                del runs[0 if runs[0][0] < runs[-1][0] else -1]
                continue
            m = min(range(len(runs)), key=lambda q: runs[q][0])
            if m in (0, len(runs) - 1):
                del runs[m]
            else:
                # Drop it and merge its (now adjacent, same-sign)
                # neighbours into the larger.
                keep = runs[m - 1] if runs[m - 1][0] > runs[m + 1][0] else runs[m + 1]
                runs[m - 1:m + 2] = [keep]
        emax = max(r[0] for r in runs)
        if best is None or emax < best[1]:
            best = (c, emax)
        if verbose:
            print(f"  it {it}: |E| = {mp.nstr(abs(E), 5)} max = {mp.nstr(emax, 5)} runs {len(runs)}")
        if len(runs) < n + 1:
            break
        xs = sorted(r[1] for r in runs)
        if any(xs[i] >= xs[i + 1] for i in range(len(xs) - 1)):
            break
        if emax <= abs(E) * (1 + mpf(10) ** -4):
            break
    return best


def round_double(c):
    return [mpf(float(x)) for x in c]


def measure(f, c, powers, a, b, w=None, n=6000):
    """Max weighted error of the (rounded) coefficients on a dense grid."""
    if w is None:
        w = lambda x: 1 / abs(f(x))
    return max(abs(w(x) * (f(x) - horner(c, powers, x)))
               for x in cheb_points(mpf(a), mpf(b), n))


def fit(f, a, b, powers, w=None, verbose=False):
    # Fit in u = x/s, |u| <= 1, so the monomials stay well apart, then
    # scale the coefficients back.
    a, b = mpf(a), mpf(b)
    s = max(abs(a), abs(b))
    fs = lambda u: f(u * s)
    ws = None if w is None else (lambda u: w(u * s))
    c, e = remez(fs, a / s, b / s, powers, ws, verbose=verbose)
    c = [ci / s ** p for ci, p in zip(c, powers)]
    cd = round_double(c)
    return cd, measure(f, cd, powers, a, b, w)


def log2(e):
    return float(mp.log(e, 2)) if e > 0 else -999.0


def c_array(name, c, comment, ctype="double"):
    """A C array of the coefficients, lowest power first, with a comment."""
    out = [f"/* {comment} */", f"static const {ctype} {name}[] = {{"]
    for x in c:
        out.append(f"\t{float(x).hex()},")
    out.append("};")
    return "\n".join(out)
