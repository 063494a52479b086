#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Coefficients of the special functions' polynomials (firmware/math/sf_*).

Every polynomial is a minimax fit (scripts/math/special_fit.py: Remez in
mpmath at 50 digits, coefficients rounded to double, the error measured
again after rounding).  Each group writes one generated header:

    python3 scripts/math/special_coeffs.py            # every group
    python3 scripts/math/special_coeffs.py erf gamma  # some

  sf      firmware/math/sf_coef.h      exp, log and sinpi kernels (sf.h)
  erf     firmware/math/sf_erf_coef.h  erf, erfcx, erfinv, erfcinv guess
  gamma   firmware/math/sf_gamma_coef.h  lgamma near 1 and 2, 1/Gamma,
                                       Stirling's correction
  bessel  firmware/math/sf_bessel_coef.h  j0, j1, y0, y1
  besseli firmware/math/sf_besseli_coef.h  i0, i1

Names ending in 64 serve the f64 functions (errors near 2^-55 or below);
names ending in 32 serve the f32 functions, which evaluate them in double
(errors near 2^-30, far below float's 2^-24).  The error next to each
array is the weighted maximum over the domain: relative ("rel") or
absolute ("abs"), as the kernel's error analysis in the header that uses
it needs.  A fit that misses its target stops the script.
"""
import functools
import json
import os
import sys

import mpmath as mp
from mpmath import mpf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import special_fit as sf  # noqa: E402

mp.mp.dps = 50
TINY = mpf(10) ** -35
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


class K:
    """One polynomial: f on [a, b] in the powers given (default 0..deg)."""

    def __init__(self, name, f, a, b, deg, target, rel=True, what="", powers=None,
                 weight=None):
        self.name, self.f, self.a, self.b = name, f, mpf(a), mpf(b)
        self.powers = powers or list(range(deg + 1))
        self.target, self.rel, self.what, self.weight = target, rel, what, weight


# Fits done before, by name, powers and domain (SPECIAL_COEFFS_CACHE,
# default /tmp/special_coeffs_cache.json; --no-cache ignores it): while
# tuning one piece the others need not be refitted.
CACHE_PATH = os.environ.get("SPECIAL_COEFFS_CACHE", "/tmp/special_coeffs_cache.json")
USE_CACHE = True


def cached_fit(k, w):
    key = f"{k.name}|{k.powers}|{mp.nstr(k.a, 30)}|{mp.nstr(k.b, 30)}|{k.rel}|{k.weight is None}"
    def load():
        try:
            with open(CACHE_PATH) as f:
                return json.load(f)
        except (OSError, ValueError):
            return {}
    if USE_CACHE and key in load():
        c, e = load()[key]
        return [mpf(float.fromhex(x)) for x in c], mpf(e)
    c, e = sf.fit(k.f, k.a, k.b, k.powers, w)
    if USE_CACHE:
        cache = load()
        cache[key] = [[float(x).hex() for x in c], str(e)]
        tmp = f"{CACHE_PATH}.{os.getpid()}"
        with open(tmp, "w") as f:
            json.dump(cache, f)
        os.replace(tmp, CACHE_PATH)
    return c, e


def run(k):
    w = k.weight or (None if k.rel else (lambda x: 1))
    c, e = cached_fit(k, w)
    err = sf.log2(e)
    kind = "weighted" if k.weight else "rel" if k.rel else "abs"
    print(f"  {k.name}: degree {k.powers[-1]}, {kind} error 2^{err:.1f} (target 2^{k.target})",
          file=sys.stderr, flush=True)
    if err > k.target:
        raise SystemExit(f"{k.name}: error 2^{err:.2f} misses 2^{k.target}")
    pw = "" if k.powers == list(range(len(k.powers))) else \
        " (powers " + ", ".join(str(p) for p in k.powers) + ")"
    head = (f"{k.name}: {k.what}\n * on [{mp.nstr(k.a, 10)}, {mp.nstr(k.b, 10)}], "
            f"degree {k.powers[-1]}{pw}, {kind} error 2^{err:.1f}")
    return sf.c_array(k.name, c, head)


# ------------------------------------------------------------------ sf
LN2H = mp.log(2) / 2 * (1 + mpf(2) ** -20)    # |r| after rint(x / ln2), with slack
ZLOG = (3 - 2 * mp.sqrt(2)) ** 2              # s^2 for m in [sqrt .5, sqrt 2)


def exp_h(r):
    if abs(r) < TINY:
        return mpf(1) / 2 + r / 6
    return (mp.exp(r) - 1 - r) / (r * r)


def log_p(z):
    if z < TINY:
        return mpf(2) / 3 + 2 * z / 5
    s = mp.sqrt(z)
    return (2 * mp.atanh(s) - 2 * s) / s ** 3


def sinpi_s(z):
    if z < TINY:
        return mp.pi - mp.pi ** 3 * z / 6
    r = mp.sqrt(z)
    return mp.sin(mp.pi * r) / r


def cospi_c(z):
    if z < TINY:
        return mp.pi ** 2 / 2 - mp.pi ** 4 * z / 24
    r = mp.sqrt(z)
    return (1 - mp.cos(mp.pi * r)) / z


EXP_H = "H(r) = (e^r - 1 - r) / r^2, so that e^r = 1 + r + r^2 H(r)"
LOG_P = "P(z) = (2 atanh(s) - 2s) / s^3, z = s^2: log(m) = 2s + s^3 P(s^2),\n * s = (m - 1)/(m + 1)"
SIN_S = "S(z) = sin(pi r) / r, z = r^2: sinpi(r) = r S(r^2)"
COS_C = "C(z) = (1 - cos(pi r)) / r^2, z = r^2: cospi(r) = 1 - r^2 C(r^2)"

GROUP_SF = [
    K("sf_exp_h64", exp_h, -LN2H, LN2H, 10, -57, False, EXP_H),
    K("sf_exp_h32", exp_h, -LN2H, LN2H, 6, -34, False, EXP_H),
    K("sf_log_p64", log_p, 0, ZLOG, 7, -54, False, LOG_P),
    K("sf_log_p32", log_p, 0, ZLOG, 4, -36, False, LOG_P),
    K("sf_sinpi_s64", sinpi_s, 0, mpf(1) / 16, 6, -54, True, SIN_S),
    K("sf_sinpi_s32", sinpi_s, 0, mpf(1) / 16, 4, -37, True, SIN_S),
    K("sf_cospi_c64", cospi_c, 0, mpf(1) / 16, 6, -53, True, COS_C),
    K("sf_cospi_c32", cospi_c, 0, mpf(1) / 16, 4, -39, True, COS_C),
]

# ----------------------------------------------------------------- erf
ERFCX_K = 3


def erf_r(z):
    """erf(x)/x - 1 with z = x^2 (weighted relative to erf(x)/x)."""
    if z < TINY:
        return 2 / mp.sqrt(mp.pi) - 1 - 2 * z / (3 * mp.sqrt(mp.pi))
    x = mp.sqrt(z)
    return mp.erf(x) / x - 1


def erfcx_f(t):
    """(1 + 2x) erfcx(x) with x = K (1 + t) / (1 - t)."""
    if t >= 1:
        return 2 / mp.sqrt(mp.pi)
    x = ERFCX_K * (1 + t) / (1 - t)
    return (1 + 2 * x) * mp.erfc(x) * mp.exp(x * x)


def erfinv_r(z):
    """erfinv(x)/x - 1 with z = x^2."""
    if z < TINY:
        return mp.sqrt(mp.pi) / 2 - 1 + mp.pi ** 1.5 * z / 24
    x = mp.sqrt(z)
    return mp.erfinv(x) / x - 1


@functools.lru_cache(None)
def erfcinv_of_s(s):
    """y with erfc(y) = exp(-s^2), y > 0."""
    return mp.findroot(lambda y: mp.log(mp.erfc(y)) + s * s, s)


def erfcinv_g(t):
    """erfcinv(q) t with t = 1/s, s = sqrt(-log q)."""
    return erfcinv_of_s(1 / t) * t


SMAX64 = mp.sqrt(1075 * mp.log(2))    # q down to 2^-1074
SMAX32 = mp.sqrt(150 * mp.log(2))     # q down to 2^-149
# erfinv's polynomial covers |x| <= 0.6; the tail kernel q = 1 - |x| <= 0.4,
# where its conditioning (sqrt(pi)/2) erfcx(y)/y is below 0.75.
ERFINV_SMALL = mpf(6) / 10
SHALF = mp.sqrt(-mp.log(1 - ERFINV_SMALL))   # s at q = 0.4

ERF_R = "R(z) = erf(x)/x - 1, z = x^2: erf(x) = x + x R(x^2);\n * the error relative to erf(x)/x"
ERFCX_F = (f"F(t) = (1 + 2x) erfcx(x), t = (x - {ERFCX_K}) / (x + {ERFCX_K}): erfcx(x) = F(t) / (1 + 2x),\n"
           " * x >= 0 (Shepherd and Laframboise's variable)")
ERFINV_R = "R(z) = erfinv(x)/x - 1, z = x^2: erfinv(x) = x + x R(x^2);\n * the error relative to erfinv(x)/x"
ERFCINV_G = ("G(t) = erfcinv(q) t, t = 1 / sqrt(-log q): the starting guess\n"
             " * erfcinv(q) = G(t) / t for q <= 1/2")


def erf_w(z):
    return 1 / (erf_r(z) + 1)


def erfinv_w(z):
    return 1 / (erfinv_r(z) + 1)


GROUP_ERF = [
    K("sf_erf_r64", erf_r, 0, 1, 12, -55, True, ERF_R, weight=erf_w),
    K("sf_erf_r32", erf_r, 0, 1, 6, -29, True, ERF_R, weight=erf_w),
    K("sf_erfcx_f64", erfcx_f, -1, 1, 24, -54, True, ERFCX_F),
    K("sf_erfcx_f32", erfcx_f, -1, 1, 13, -30, True, ERFCX_F),
    K("sf_erfinv_r64", erfinv_r, 0, ERFINV_SMALL ** 2, 16, -55, True, ERFINV_R, weight=erfinv_w),
    K("sf_erfinv_r32", erfinv_r, 0, ERFINV_SMALL ** 2, 8, -29, True, ERFINV_R, weight=erfinv_w),
    K("sf_erfcinv_g64", erfcinv_g, 1 / SMAX64, 1 / SHALF, 12, -19, True, ERFCINV_G),
    K("sf_erfcinv_g32", erfcinv_g, 1 / SMAX32, 1 / SHALF, 8, -14, True, ERFCINV_G),
]

# --------------------------------------------------------------- gamma
def lg1(t):
    """lgamma(1 + t) / t."""
    if abs(t) < TINY:
        return -mp.euler + mp.zeta(2) * t / 2
    return mp.loggamma(1 + t) / t


def lg2(t):
    """lgamma(2 + t) / t."""
    if abs(t) < TINY:
        return 1 - mp.euler + (mp.zeta(2) - 1) * t / 2
    return mp.loggamma(2 + t) / t


def rgamma1(a):
    """1 / Gamma(1 + a)."""
    return mp.rgamma(1 + a)


STIRLING_X = 8


def stirling(z):
    """x (lgamma(x) - ((x - 1/2) log x - x + log(2 pi)/2)), z = 1/x^2."""
    if z < TINY:
        return mpf(1) / 12 - z / 360
    x = 1 / mp.sqrt(z)
    return x * (mp.loggamma(x) - ((x - mpf(1) / 2) * mp.log(x) - x + mp.log(2 * mp.pi) / 2))


LG1 = "P1(t) = lgamma(1 + t) / t: lgamma(1 + t) = t P1(t)"
LG2 = "P2(t) = lgamma(2 + t) / t: lgamma(2 + t) = t P2(t)"
RG = "Q(a) = 1 / Gamma(1 + a): Gamma(1 + a) = 1 / Q(a)"
STIR = ("S(z) = x (lgamma(x) - (x - 1/2) log x + x - log(2 pi)/2), z = 1/x^2,\n"
        f" * x >= {STIRLING_X}: Stirling's series summed, lgamma(x) = ... + S(1/x^2)/x")

GROUP_GAMMA = [
    K("sf_lg1_64", lg1, -0.25, 0.5, 20, -54, True, LG1),
    K("sf_lg1_32", lg1, -0.25, 0.5, 11, -30, True, LG1),
    K("sf_lg2_64", lg2, -0.5, 0.5, 20, -54, True, LG2),
    K("sf_lg2_32", lg2, -0.5, 0.5, 10, -30, True, LG2),
    K("sf_rgamma_64", rgamma1, -0.5, 0.5, 16, -56, True, RG),
    K("sf_rgamma_32", rgamma1, -0.5, 0.5, 9, -30, True, RG),
    K("sf_stirling_64", stirling, 0, mpf(1) / STIRLING_X ** 2, 6, -57, False, STIR),
    K("sf_stirling_32", stirling, 0, mpf(1) / STIRLING_X ** 2, 3, -33, False, STIR),
]

# -------------------------------------------------------------- bessel
def J(n):
    return lambda x: mp.besselj(n, x)


def Y(n):
    return lambda x: mp.bessely(n, x)


@functools.lru_cache(None)
def bessel_zero(kind, n, k):
    return mp.besseljzero(n, k) if kind == "j" else mp.besselyzero(n, k)


def over_zero(f, z):
    """f(z + d) / d, the zero z of f factored out."""
    def g(d):
        if abs(d) < mpf(10) ** -25:
            d = mpf(10) ** -25
        return f(z + d) / d
    return g


def even_j0(w):
    return mp.besselj(0, mp.sqrt(w))


def even_j1(w):
    if w < TINY:
        return mpf(1) / 2 - w / 16
    x = mp.sqrt(w)
    return mp.besselj(1, x) / x


def log_y0(z):
    """E(w)/(w - z^2), E = y0(x) - (2/pi) log(x/z) j0(x), w = x^2."""
    def g(w):
        w = max(w, mpf(10) ** -30)
        if abs(w - z * z) < mpf(10) ** -25:
            w = z * z + mpf(10) ** -25
        x = mp.sqrt(w)
        e = mp.bessely(0, x) - 2 / mp.pi * mp.log(x / z) * mp.besselj(0, x)
        return e / (w - z * z)
    return g


def log_y1(z):
    """(x y1(x) - (2/pi) x log(x/z) j1(x)) / (w - z^2), w = x^2."""
    def g(w):
        w = max(w, mpf(10) ** -30)
        if abs(w - z * z) < mpf(10) ** -25:
            w = z * z + mpf(10) ** -25
        x = mp.sqrt(w)
        e = x * mp.bessely(1, x) - 2 / mp.pi * x * mp.log(x / z) * mp.besselj(1, x)
        return e / (w - z * z)
    return g


def hankel_pq(n, x):
    """P_n(x), Q_n(x) of J_n = sqrt(2/(pi x)) (P cos chi - Q sin chi)."""
    if x > 2000:
        # The asymptotic series: its smallest term is far below 2^-200.
        mu = 4 * n * n
        p, q, t = mpf(0), mpf(0), mpf(1)
        for k in range(1, 40):
            t = t * (mu - (2 * k - 1) ** 2) / (k * 8 * x)
            if k % 2 == 0:
                p += (-1) ** (k // 2) * t
            else:
                q += (-1) ** ((k - 1) // 2) * t
        return 1 + p, q
    chi = x - (2 * n + 1) * mp.pi / 4
    a = mp.sqrt(mp.pi * x / 2)
    jn, yn = mp.besselj(n, x), mp.bessely(n, x)
    return a * (jn * mp.cos(chi) + yn * mp.sin(chi)), a * (-jn * mp.sin(chi) + yn * mp.cos(chi))


def asym_p(n):
    return lambda z: hankel_pq(n, 1 / mp.sqrt(max(z, mpf(10) ** -40)))[0]


def asym_q(n):
    def g(z):
        x = 1 / mp.sqrt(max(z, mpf(10) ** -40))
        return hankel_pq(n, x)[1] * x
    return g


def trig_s(z):
    if z < TINY:
        return -mpf(1) / 6 + z / 120
    r = mp.sqrt(z)
    return (mp.sin(r) - r) / (r * z)


def trig_c(z):
    if z < TINY:
        return mpf(1) / 24 - z / 720
    r = mp.sqrt(z)
    return (mp.cos(r) - 1 + z / 2) / (z * z)


ZPIO4 = (mp.pi / 4) ** 2 * (1 + mpf(2) ** -20)
SLACK = mpf(1) / 64      # each piece is fitted a little beyond its ends
# (name, what, f, a, b, kind, zero) with kind: even (P(x^2)), zero (f =
# d P(t), d = x - z, t = x - c with c the piece's centre: in the centred
# variable the coefficients are smaller and round to double with less
# loss), log (P in w = x^2, the log term separate), plain (P(x - c)).
BESSEL_PIECES = [
    ("j0_a0", "j0(x) = P(x^2), 0 <= x <= 1.5", even_j0, 0, 1.5, "even", None),
    ("j0_a1", "j0(x) = (x - z1) P(x - c), 1.5 <= x <= 3.83", J(0), 1.5, 3.83, "zero", ("j", 0, 1)),
    ("j0_a2", "j0(x) = (x - z2) P(x - c), 3.83 <= x <= 7.02", J(0), 3.83, 7.02, "zero",
     ("j", 0, 2)),
    ("j0_a3", "j0(x) = P(x - c), 7.02 <= x <= 8", J(0), 7.02, 8, "plain", None),
    ("j1_b0", "j1(x) = x P(x^2), 0 <= x <= 2", even_j1, 0, 2, "even", None),
    ("j1_b1", "j1(x) = (x - z1) P(x - c), 2 <= x <= 5.33", J(1), 2, 5.33, "zero", ("j", 1, 1)),
    ("j1_b2", "j1(x) = (x - z2) P(x - c), 5.33 <= x <= 8", J(1), 5.33, 8, "zero", ("j", 1, 2)),
    ("y0_c0", "y0(x) = (2/pi) log(x/z1) j0(x) + (x^2 - z1^2) P(x^2), 0 < x <= 2.2",
     None, 0, 2.2, "log", ("y", 0, 1)),
    ("y0_c1", "y0(x) = (x - z2) P(x - c), 2.2 <= x <= 5.43", Y(0), 2.2, 5.43, "zero", ("y", 0, 2)),
    ("y0_c2", "y0(x) = (x - z3) P(x - c), 5.43 <= x <= 8", Y(0), 5.43, 8, "zero", ("y", 0, 3)),
    ("y1_d0", "y1(x) = (2/pi) log(x/z1) j1(x) + (x^2 - z1^2) P(x^2) / x, 0 < x <= 3.68",
     None, 0, 3.68, "log", ("y", 1, 1)),
    ("y1_d1", "y1(x) = (x - z2) P(x - c), 3.68 <= x <= 7", Y(1), 3.68, 7, "zero", ("y", 1, 2)),
    ("y1_d2", "y1(x) = P(x - c), 7 <= x <= 8", Y(1), 7, 8, "plain", None),
]


def piece_centre(a, b):
    """The centre, rounded to 1/64 (exactly a double, and x - c is exact)."""
    return mpf(round((a + b) / 2 * 64)) / 64


# Degrees (f64, f32) from trial fits at targets 2^-55 and 2^-30.
BESSEL_DEG = {
    "j0_a0": (9, 6), "j0_a1": (19, 9), "j0_a2": (22, 11), "j0_a3": (14, 7),
    "j1_b0": (9, 6), "j1_b1": (22, 10), "j1_b2": (18, 9),
    "y0_c0": (9, 7), "y0_c1": (24, 12), "y0_c2": (19, 9),
    "y1_d0": (12, 7), "y1_d1": (23, 10), "y1_d2": (12, 8),
}


def bessel_kernels():
    ks = []
    for name, what, f, a, b, kind, zero in BESSEL_PIECES:
        a0 = max(mpf(a) - SLACK, 0) if a else mpf(0)
        b0 = mpf(b) + SLACK if b < 8 else mpf(8)   # CUDA's relative bound ends at 8
        if kind == "even":
            g, lo, hi = f, a0 * a0, b0 * b0
        elif kind == "zero":
            z, c = bessel_zero(*zero), piece_centre(a, b)
            g = (lambda h, c, z: (lambda t: h(c + t - z)))(over_zero(f, z), c, z)
            lo, hi = a0 - c, b0 - c
        elif kind == "log":
            z = bessel_zero(*zero)
            g = log_y0(z) if zero[1] == 0 else log_y1(z)
            lo, hi = a0 * a0, b0 * b0
        else:
            c = piece_centre(a, b)
            g, lo, hi = (lambda f, c: (lambda t: f(c + t)))(f, c), a0 - c, b0 - c
        d64, d32 = BESSEL_DEG[name]
        ks.append(K(f"sf_{name}_64", g, lo, hi, d64, -52.5, True, what))
        ks.append(K(f"sf_{name}_32", g, lo, hi, d32, -29, True, what))
    return ks


ASYM_P = "P(z), z = 1/x^2, x >= 8: Hankel's P%d (J%d = sqrt(2/(pi x)) (P cos chi - Q sin chi))"
ASYM_Q = "q(z) = x Q%d(x), z = 1/x^2, x >= 8"
TRIG_S = "S(z) = (sin r - r) / r^3, z = r^2, |r| <= pi/4: sin r = r + r^3 S(r^2)"
TRIG_C = "C(z) = (cos r - 1 + r^2/2) / r^4, z = r^2: cos r = 1 - r^2/2 + r^4 C(r^2)"

GROUP_BESSEL_FIXED = [
    K("sf_bes_sin64", trig_s, 0, ZPIO4, 6, -56, False, TRIG_S),
    K("sf_bes_sin32", trig_s, 0, ZPIO4, 4, -36, False, TRIG_S),
    K("sf_bes_cos64", trig_c, 0, ZPIO4, 6, -56, False, TRIG_C),
    K("sf_bes_cos32", trig_c, 0, ZPIO4, 3, -33, False, TRIG_C),
    K("sf_bes_p0_64", asym_p(0), 0, mpf(1) / 64, 13, -56, False, ASYM_P % (0, 0)),
    K("sf_bes_p0_32", asym_p(0), 0, mpf(1) / 64, 6, -32, False, ASYM_P % (0, 0)),
    K("sf_bes_q0_64", asym_q(0), 0, mpf(1) / 64, 13, -56, False, ASYM_Q % 0),
    K("sf_bes_q0_32", asym_q(0), 0, mpf(1) / 64, 6, -32, False, ASYM_Q % 0),
    K("sf_bes_p1_64", asym_p(1), 0, mpf(1) / 64, 13, -56, False, ASYM_P % (1, 1)),
    K("sf_bes_p1_32", asym_p(1), 0, mpf(1) / 64, 6, -32, False, ASYM_P % (1, 1)),
    K("sf_bes_q1_64", asym_q(1), 0, mpf(1) / 64, 13, -56, False, ASYM_Q % 1),
    K("sf_bes_q1_32", asym_q(1), 0, mpf(1) / 64, 6, -32, False, ASYM_Q % 1),
]


def bessel_constants():
    """The zeros (and log z1 of y0, y1) as double-double pairs."""
    out = ["/* Zeros z_k (and log z_1) as hi, lo pairs: z = hi + lo to 2^-106. */"]
    for fn, kind, n, count in (("j0", "j", 0, 2), ("j1", "j", 1, 2), ("y0", "y", 0, 3),
                               ("y1", "y", 1, 2)):
        vals = []
        for k in range(1, count + 1):
            z = bessel_zero(kind, n, k)
            vals += [float(z), float(z - mpf(float(z)))]
        out.append(f"static const double sf_{fn}_zeros[] = {{")
        out += [f"\t{v.hex()}," for v in vals]
        out.append("};")
    for fn, kind, n in (("y0", "y", 0), ("y1", "y", 1)):
        lz = mp.log(bessel_zero(kind, n, 1))
        out.append(f"static const double sf_{fn}_logz1[] = {{ {float(lz).hex()}, "
                   f"{float(lz - mpf(float(lz))).hex()} }};")
    out.append("/* The centres c of the pieces in x - c. */")
    for name, _, _, a, b, kind, _ in BESSEL_PIECES:
        if kind in ("zero", "plain"):
            c = float(piece_centre(a, b))
            out.append(f"#define SF_{name.upper()}_C {c!r}")
    return "\n".join(out)


GROUP_BESSEL = GROUP_BESSEL_FIXED  # the pieces are added when the group runs

# ----------------------------------------------------------- i0 and i1
I_SPLIT = 8


def i0_small(w):
    return mp.besseli(0, mp.sqrt(w))


def i1_small(w):
    if w < TINY:
        return mpf(1) / 2 + w / 16
    x = mp.sqrt(w)
    return mp.besseli(1, x) / x


def i_large(n):
    """sqrt(x) exp(-x) I_n(x) with v = 2 I_SPLIT/x - 1 in [-1, 1] (x >= I_SPLIT):
    in 1/x itself the coefficients grow and cancel, and rounding them to
    double costs 6 bits."""
    def g(v):
        t = (v + 1) / (2 * I_SPLIT)
        if t < TINY:
            return 1 / mp.sqrt(2 * mp.pi)
        x = 1 / t
        return mp.sqrt(x) * mp.exp(-x) * mp.besseli(n, x)
    return g


I0_S = f"i0(x) = P(x^2), 0 <= x <= {I_SPLIT}"
I1_S = f"i1(x) = x P(x^2), 0 <= x <= {I_SPLIT}"
I_L = "G(v) = sqrt(x) exp(-x) i%d(x), v = " + str(2 * I_SPLIT) + "/x - 1, x >= " + \
    str(I_SPLIT) + ":\n * i%d(x) = exp(x) G(v) / sqrt(x)"

GROUP_BESSELI = [
    K("sf_i0_small64", i0_small, 0, I_SPLIT ** 2, 16, -55, True, I0_S),
    K("sf_i0_small32", i0_small, 0, I_SPLIT ** 2, 10, -29, True, I0_S),
    K("sf_i1_small64", i1_small, 0, I_SPLIT ** 2, 15, -55, True, I1_S),
    K("sf_i1_small32", i1_small, 0, I_SPLIT ** 2, 10, -29, True, I1_S),
    K("sf_i0_large64", i_large(0), -1, 1, 24, -53, True, I_L % (0, 0)),
    K("sf_i0_large32", i_large(0), -1, 1, 12, -30, True, I_L % (0, 0)),
    K("sf_i1_large64", i_large(1), -1, 1, 24, -53, True, I_L % (1, 1)),
    K("sf_i1_large32", i_large(1), -1, 1, 12, -30, True, I_L % (1, 1)),
]

GROUPS = {
    "sf": ("sf_coef.h", "the exp, log and sinpi kernels of sf.h", GROUP_SF),
    "erf": ("sf_erf_coef.h", "erf, erfc, erfcx, erfinv and erfcinv (sf_erf.h)", GROUP_ERF),
    "gamma": ("sf_gamma_coef.h", "lgamma and tgamma (sf_gamma.h)", GROUP_GAMMA),
    "bessel": ("sf_bessel_coef.h", "j0, j1, y0, y1 (sf_bessel.h)", GROUP_BESSEL),
    "besseli": ("sf_besseli_coef.h", "i0 and i1 (i0.c, i1.c)", GROUP_BESSELI),
}


def write(group):
    fname, what, kernels = GROUPS[group]
    guard = "BH_MATH_" + fname.upper().replace(".", "_")
    out = [
        "/* SPDX-License-Identifier: MIT */",
        "/*",
        f" * Polynomial coefficients for {what}, lowest power first.",
        " * Generated by scripts/math/special_coeffs.py (minimax fits, rounded to",
        " * double, the error measured after rounding); do not edit.",
        " */",
        f"#ifndef {guard}",
        f"#define {guard}",
        "",
    ]
    print(f"{group}:", file=sys.stderr)
    if group == "bessel":
        out.append(bessel_constants())
        out.append("")
        kernels = kernels + bessel_kernels()
    for k in kernels:
        out.append(run(k))
        out.append("")
    out.append(f"#endif /* {guard} */")
    with open(os.path.join(ROOT, "firmware", "math", fname), "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    global USE_CACHE
    args = sys.argv[1:]
    if "--no-cache" in args:
        USE_CACHE = False
        args.remove("--no-cache")
    groups = args or list(GROUPS)
    for g in groups:
        if g not in GROUPS:
            raise SystemExit(f"unknown group {g}; groups: {', '.join(GROUPS)}")
        write(g)


if __name__ == "__main__":
    main()
