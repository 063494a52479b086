#!/usr/bin/python3
"""Seed records for the printf decoder's fuzz target (tests/fuzz/fuzz_printf.c).

usage: printf-seeds.py DIR

One file per format of the target's table: control dword (size << 2 | 2),
a 64-bit hash that selects the format (hash % 11), then 8-byte items.
"""
import struct
import sys


def record(sel, items):
    body = b"".join(items)
    size = 4 + 8 + len(body)
    return struct.pack("<IQ", size << 2 | 2, sel) + body


def q(v):
    return struct.pack("<q", v)


def d(v):
    return struct.pack("<d", v)


def s(text):
    b = text.encode() + b"\0"
    return b + b"\0" * (-len(b) % 8)


seeds = [
    record(0, []),
    record(1, [q(-5), q(7), q(8), q(9), q(255), q(255), q(65)]),
    record(2, [s("abc"), s("left"), s("truncate"), q(6), s("w"), q(2), s("prec")]),
    record(3, [d(1.5), d(-2e10), d(3.25), d(0.5), d(1.0), d(2.0), d(3.0), d(4.0), d(3.14159)]),
    record(4, [q(-1), q(-2), q(-3), q(-4), q(-5), q(-6), q(-7), q(200), q(-1), q(0x1234)]),
    record(5, [q(5), q(42), q(3), q(7), q(8), q(2), d(1.5), q(1), q(2), q(255), q(8)]),
    record(6, [q(0)]),
]
for i, seed in enumerate(seeds):
    with open("%s/seed%d" % (sys.argv[1], i), "wb") as f:
        f.write(seed)
with open("%s/seed-all" % sys.argv[1], "wb") as f:
    f.write(b"".join(seeds))
