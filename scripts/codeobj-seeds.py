#!/usr/bin/python3
"""Seeds for the code-object fuzz target (tests/fuzz/fuzz_codeobj.c).

usage: codeobj-seeds.py DIR CODE_OBJECT...

Copies each code object into DIR, and beside it variants whose kernel
descriptors (the .kd symbols of .dynsym) carry untrusted
kernel_code_entry_byte_offset values: the int64 extremes, offsets that
wrap, land before the image, on its data or past its end.  Mutating these
finds the class of defect where the loader adds a signed offset without
range checks.
"""
import os
import shutil
import struct
import sys

ENTRY_VALUES = [
    0x7FFFFFFFFFFFFFFF, -0x8000000000000000, 0x7FFFFFFFFFFFFF00,
    -0x7FFFFFFFFFFFFF00, -0x100, -0x10000, 0x100, 1 << 40, -1,
]


def phdrs(b):
    phoff, = struct.unpack_from("<Q", b, 32)
    phnum, = struct.unpack_from("<H", b, 56)
    for i in range(phnum):
        yield struct.unpack_from("<IIQQQQQQ", b, phoff + 56 * i)


def file_offset(b, va):
    for ptype, _flags, off, vaddr, _pa, filesz, _memsz, _al in phdrs(b):
        if ptype == 1 and vaddr <= va < vaddr + filesz:
            return off + (va - vaddr)
    return None


def descriptors(b):
    shoff, = struct.unpack_from("<Q", b, 40)
    shnum, = struct.unpack_from("<H", b, 60)
    sections = [struct.unpack_from("<IIQQQQIIQQ", b, shoff + 64 * i) for i in range(shnum)]
    for _name, stype, _fl, _addr, off, size, link, _info, _al, entsize in sections:
        if stype != 11 or not entsize:   # SHT_DYNSYM
            continue
        stroff = sections[link][4]
        for i in range(size // entsize):
            st_name, _info, _other, _shndx, value, _size = struct.unpack_from(
                "<IBBHQQ", b, off + i * entsize)
            end = b.index(b"\0", stroff + st_name)
            if b[stroff + st_name:end].endswith(b".kd"):
                at = file_offset(b, value)
                if at is not None:
                    yield at


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for path in sys.argv[2:]:
        base = os.path.basename(path)
        shutil.copy(path, os.path.join(out, base))
        b = bytearray(open(path, "rb").read())
        for n, kd in enumerate(descriptors(b)):
            for m, v in enumerate(ENTRY_VALUES):
                c = bytearray(b)
                struct.pack_into("<q", c, kd + 16, v)
                with open(os.path.join(out, "%s.entry%d-%d" % (base, n, m)), "wb") as f:
                    f.write(c)


if __name__ == "__main__":
    main()
