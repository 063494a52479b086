#!/usr/bin/env python3
# What a bare-metal image is made of: ld.lld's map of the link (barehip-cc
# --board ... -Wl,-Map=FILE) summed by where each input section came from:
# newlib (libc.a, libm.a), libgcc, barehip's loader (loader/: the core
# and the pci backend) and runtime (kit/runtime/), the board (start-up,
# MMU, interrupts, system calls, PCI host, C++ support) and the program
# (its own code and its GPU code objects).  libbarehip.a is one partially
# linked object (linker/linker.mk), so its sections are told apart by the
# functions and data the loader's and the runtime's objects define
# (llvm-nm over OBJDIR/loader and OBJDIR/kit).
#
# Usage: tests/baremetal/size.py MAP OBJDIR NM
#   prints one row per part: bytes loaded (text, rodata, data) and bss.
import os
import re
import subprocess
import sys

map_path, objdir, nm = sys.argv[1:4]

owner = {}  # symbol -> "loader" | "runtime"
for part, sub in (("loader", "loader"), ("runtime", "kit")):
    for root, _, files in os.walk(os.path.join(objdir, sub)):
        for f in files:
            if not f.endswith(".o"):
                continue
            out = subprocess.run([nm, "--defined-only", os.path.join(root, f)],
                                 capture_output=True, text=True).stdout
            for line in out.splitlines():
                fields = line.split()
                if len(fields) == 3:
                    owner.setdefault(fields[2], part)

# What the image loads (board.ld's sections, the fat binary's).
LOADED = (".text", ".rodata", ".hip_fatbin", ".hipFatBinSegment", ".eh_frame", ".init_array",
          ".fini_array", ".got", ".data", ".tdata")
BOARD = ("start.o", "board.o", "irq.o", "syscalls.o", "pci_host.o", "cxxrt.o")
loaded = {}
bss = {}
out_section = None
# VMA LMA size align, then the name indented by its kind: an output
# section by 1 space, an input section by 9, a symbol by 17.
line_re = re.compile(r"^\s*([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)\s+(\d+)( +)(\S.*)$")
with open(map_path) as f:
    next(f)
    for line in f:
        m = line_re.match(line)
        if not m:
            continue
        size = int(m.group(3), 16)
        indent, rest = len(m.group(5)), m.group(6)
        if indent == 1:
            out_section = rest.strip()       # an output section
            continue
        if indent > 9 or ":(" not in rest or not size:
            continue                         # a symbol, or empty
        src, sec = rest.strip().rsplit(":(", 1)
        sec = sec.rstrip(")")
        base = os.path.basename(src)
        if "libc.a" in src or "libm.a" in src:
            part = "newlib"
        elif "libgcc" in src:
            part = "libgcc"
        elif "libbarehip.a" in src:
            name = re.sub(r"^\.(text|rodata|data|bss|tbss|tdata)(\.rel\.ro)?\.", "", sec)
            part = owner.get(name, "runtime and loader, shared")
        elif base.split("(")[0] in BOARD:
            part = "board"
        else:
            part = "program"
        if out_section in (".bss", ".tbss"):
            table = bss
        elif out_section in LOADED:
            table = loaded
        else:
            continue                         # debug information, the stack, the heap
        table[part] = table.get(part, 0) + size

parts = ["program", "runtime", "loader", "runtime and loader, shared", "board", "newlib",
         "libgcc"]
total_l = sum(loaded.values())
total_b = sum(bss.values())
print(f"{'part':28} {'loaded':>10} {'share':>7} {'bss':>10}")
for p in parts:
    if p in loaded or p in bss:
        l = loaded.get(p, 0)
        print(f"{p:28} {l:>10} {100.0 * l / total_l:>6.1f}% {bss.get(p, 0):>10}")
print(f"{'total':28} {total_l:>10} {100.0:>6.1f}% {total_b:>10}")
