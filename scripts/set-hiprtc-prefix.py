#!/usr/bin/env python3
# Write PREFIX into the hiprtc prefix slot of each ARCHIVE (make install:
# the installed libbarehip.a finds the installed headers and firmware).
# The slot is a fixed-size string after a marker (kit/runtime/
# hiprtc_toolchain.c, prefix_slot); its size does not change, so the
# archive stays valid.  Usage: set-hiprtc-prefix.py PREFIX ARCHIVE...
import sys

MARK = b"barehip-hiprtc-prefix="
SLOT = 1024


def patch(path, prefix):
    data = bytearray(open(path, "rb").read())
    at = data.find(MARK)
    if at < 0 or data.find(MARK, at + 1) >= 0:
        sys.exit("set-hiprtc-prefix: %s: %s hiprtc prefix slot" %
                 (path, "no" if at < 0 else "more than one"))
    value = prefix.encode()
    if len(MARK) + len(value) >= SLOT:
        sys.exit("set-hiprtc-prefix: the prefix %s is too long for hiprtc (%d bytes at most)"
                 % (prefix, SLOT - len(MARK) - 1))
    start = at + len(MARK)
    end = data.index(b"\0", start)
    if end - at >= SLOT:
        sys.exit("set-hiprtc-prefix: %s: the slot is not where it should be" % path)
    data[start:at + SLOT] = value + b"\0" * (SLOT - len(MARK) - len(value))
    open(path, "wb").write(data)


if len(sys.argv) < 3:
    sys.exit("usage: set-hiprtc-prefix.py PREFIX ARCHIVE...")
for archive in sys.argv[2:]:
    patch(archive, sys.argv[1])
