#!/usr/bin/python3
"""Per-instruction semantic tests for the sim model, from semantics.txt.

usage: gen-semantics.py LLVM_MC MCPU OUT.h semantics.txt [PREFIX]

Each "@ <instruction>" block lists vectors "a [b [c]] [vcc=N] -> d
[vcc=N]" (hex or decimal, 64-bit where the instruction's operand is a
register pair; "nan", "nan64", "nan16": any quiet NaN of that format).
A header ending in "[DX10_CLAMP=0]" runs its block with RSRC1.DX10_CLAMP
clear (every other block: RSRC1_DEFAULT of model_rig.h).  The instruction reads v2 / v[2:3] (a), v4 / v[4:5] (b),
v6 / v[6:7] (c) and vcc, and writes v10 / v[10:11] (and vcc).  For each
block this emits one wave64 program, assembled by llvm-mc: lane i runs
vector i; one more lane runs vector 0 with its EXEC bit clear and must
keep the destination's sentinel (and, for compares, get VCC = 0).  The
expected values were worked out by hand from the ISA text, not by
running anything (test_model_sem.c checks the model against them).

A gfx11 MCPU (semantics-gfx11.txt) makes wave32 programs in RDNA3
syntax instead (EXEC and VCC are one SGPR; at most 31 vectors), named
PREFIX_* so several tables can share the test.  There, a header may
hold several instructions separated by " ;; " (setup, the instruction,
a read-back), run as written; and a header that is one scalar
instruction ("s_...") runs once per vector, unrolled: a, b, c are read
into s20, s21, s22 from the vector's lane, s23 starts as c, and s23 is
written back to that lane's v10 (for s_cmp_*, SCC as 0 or 1).
"""
import subprocess
import sys

# Per-lane memory at s[0:1]: exec mask (0x0), vcc (0x8), inputs at 0x100 +
# 32 * lane (a, b, c as 64-bit, then the destination's 64-bit sentinel),
# outputs at 0x1000 + 16 * lane (v10, v11, the vcc bit).
PROLOGUE = """
s_load_dwordx4 s[4:7], s[0:1], 0x0
v_lshlrev_b32_e32 v1, 5, v0
global_load_dwordx4 v[2:5], v1, s[0:1] offset:256
global_load_dwordx4 v[6:9], v1, s[0:1] offset:272
v_lshlrev_b32_e32 v1, 4, v0
v_add_u32_e32 v1, 0x1000, v1
s_waitcnt vmcnt(0) lgkmcnt(0)
v_mov_b32_e32 v10, v8
v_mov_b32_e32 v11, v9
s_mov_b64 vcc, s[6:7]
s_mov_b64 exec, s[4:5]
"""
EPILOGUE = """
s_mov_b64 exec, -1
v_cndmask_b32_e64 v12, 0, 1, vcc
global_store_dwordx3 v1, v[10:12], s[0:1]
s_endpgm
"""

# The same in RDNA3 syntax, wave32 (gfx11 targets).
PROLOGUE_GFX11 = """
s_load_b128 s[4:7], s[0:1], 0x0
v_lshlrev_b32_e32 v1, 5, v0
global_load_b128 v[2:5], v1, s[0:1] offset:256
global_load_b128 v[6:9], v1, s[0:1] offset:272
v_lshlrev_b32_e32 v1, 4, v0
v_add_nc_u32_e32 v1, 0x1000, v1
s_waitcnt vmcnt(0) lgkmcnt(0)
v_mov_b32_e32 v10, v8
v_mov_b32_e32 v11, v9
s_mov_b32 vcc_lo, s6
s_mov_b32 exec_lo, s4
"""
EPILOGUE_GFX11 = """
s_mov_b32 exec_lo, -1
v_cndmask_b32_e64 v12, 0, 1, vcc_lo
global_store_b96 v1, v[10:12], s[0:1]
s_endpgm
"""


def scalar_body(insn, nvecs):
    """A scalar instruction once per vector (gfx11 tables, see above)."""
    body = []
    for i in range(nvecs):
        body += ["v_readlane_b32 s20, v2, %d" % i, "v_readlane_b32 s21, v4, %d" % i,
                 "v_readlane_b32 s22, v6, %d" % i, "s_mov_b32 s23, s22", insn]
        if insn.startswith("s_cmp"):
            body.append("s_cselect_b32 s23, 1, 0")
        body.append("v_writelane_b32 v10, s23, %d" % i)
    return "\n".join(body)


def num(tok):
    return int(tok, 0) & 0xFFFFFFFFFFFFFFFF


def parse(path):
    blocks, cur = [], None
    for lineno, line in enumerate(open(path), 1):
        line = line.split("#")[0].strip()
        if not line:
            continue
        if line.startswith("@"):
            insn, no_dx10 = line[1:].strip(), False
            if insn.endswith("[DX10_CLAMP=0]"):
                insn, no_dx10 = insn[:-len("[DX10_CLAMP=0]")].strip(), True
            cur = {"insn": insn, "no_dx10": no_dx10, "vecs": [], "line": lineno}
            blocks.append(cur)
            continue
        if cur is None or "->" not in line:
            sys.exit("gen-semantics: %s:%d: expected '@ insn' or 'inputs -> result'" %
                     (path, lineno))
        lhs, rhs = line.split("->")
        ins, vcc_in = [], 0
        for t in lhs.split():
            if t.startswith("vcc="):
                vcc_in = num(t[4:])
            else:
                ins.append(num(t))
        want, vcc_out = None, -1
        for t in rhs.split():
            if t.startswith("vcc="):
                vcc_out = num(t[4:])
            elif t in ("nan", "nan64", "nan16"):
                want = t
            else:
                want = num(t)
        if want is None and vcc_out >= 0 and cur["insn"].startswith("v_cmp"):
            want = 0        # compares write only VCC; the result is not read
        if len(ins) > 3 or want is None:
            sys.exit("gen-semantics: %s:%d: bad vector" % (path, lineno))
        ins += [0] * (3 - len(ins))
        cur["vecs"].append((ins, vcc_in, want, vcc_out, lineno))
    return blocks


def assemble(llvm_mc, mcpu, src):
    res = subprocess.run([llvm_mc, "-arch=amdgcn", "-mcpu=" + mcpu, "--show-encoding"],
                         input=src, capture_output=True, text=True)
    if res.returncode != 0 or "error" in res.stderr:
        sys.exit("gen-semantics: llvm-mc (%s):\n%s" % (mcpu, res.stderr))
    dws = []
    for line in res.stdout.splitlines():
        if "encoding:" in line:
            b = [int(x, 16) for x in line.split("encoding: ")[1].strip().strip("[]").split(",")]
            dws += [b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24
                    for i in range(0, len(b), 4)]
    return dws


def main():
    llvm_mc, mcpu, out, path = sys.argv[1:5]
    pre = sys.argv[5] if len(sys.argv) > 5 else "sem"
    gfx11 = mcpu.startswith("gfx11")
    lanes = 32 if gfx11 else 64
    blocks = parse(path)
    lines = ["/* Generated by gen-semantics.py (%s) from %s. */" % (mcpu, path)]
    for n, b in enumerate(blocks):
        if not 1 <= len(b["vecs"]) <= lanes - 1:
            sys.exit("gen-semantics: %s:%d: 1..%d vectors per block" %
                     (path, b["line"], lanes - 1))
        insns = [i.strip() for i in b["insn"].split(";;")]
        if gfx11 and len(insns) == 1 and insns[0].startswith("s_"):
            body = scalar_body(insns[0], len(b["vecs"]))
        else:
            body = "\n".join(insns)
        if gfx11:
            dws = assemble(llvm_mc, mcpu, PROLOGUE_GFX11 + body + "\n" + EPILOGUE_GFX11)
        else:
            dws = assemble(llvm_mc, mcpu, PROLOGUE + body + "\n" + EPILOGUE)
        lines.append("static const uint32_t %s_prog_%d[] = { %s };" %
                     (pre, n, ", ".join("0x%08x" % d for d in dws)))
        lines.append("static const struct sem_vec %s_vecs_%d[] = {" % (pre, n))
        for ins, vcc_in, want, vcc_out, lineno in b["vecs"]:
            nan = {"nan": 1, "nan64": 2, "nan16": 3}.get(want, 0) if isinstance(want, str) else 0
            lines.append("\t{ { 0x%xull, 0x%xull, 0x%xull }, %d, 0x%xull, %d, %d, %d }," %
                         (ins[0], ins[1], ins[2], vcc_in, 0 if nan else want, nan, vcc_out,
                          lineno))
        lines.append("};")
    lines.append("static const struct sem_block %s_blocks[] = {" % pre)
    for n, b in enumerate(blocks):
        insn = b["insn"]
        wide = "v[10:11]" in insn
        cmp = insn.startswith("v_cmp") and ";;" not in insn
        lines.append('\t{ "%s", %s_prog_%d, sizeof(%s_prog_%d) / 4, %s_vecs_%d, '
                     'sizeof(%s_vecs_%d) / sizeof(%s_vecs_%d[0]), %d, %d, %d },' %
                     (insn, pre, n, pre, n, pre, n, pre, n, pre, n, wide, cmp, b["no_dx10"]))
    lines.append("};")
    open(out, "w").write("\n".join(lines) + "\n")


main()
