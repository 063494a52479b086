#!/usr/bin/python3
"""Build the sim model's decode table for one target from LLVM's encodings.

usage: gen-isa.py LLVM_MC MCPU OUT.h LIST.insns...

Each list line is "<sample instruction> <handler>".  All samples are
assembled by llvm-mc for MCPU; the format and opcode of each come back
from its encoding (field positions: AMD's gfx9 ISA formats).  The output
holds one BH_INSN(format, key, "mnemonic", handler, flags) row per opcode
(flags bit 0: the VOP2 form always carries a literal constant K; bits 1
and 2: the handler rounds f32 / f64 results in MODE.FP_ROUND; bit 3: the
VOP3 form is VOP3b, SDST where VOP3a has ABS).

gfx11 targets (MCPU gfx11*) read their encodings with AMD's RDNA3 field
positions (the gfx11 rows of ENCODINGS).  A handler written "unimpl:NAME"
becomes a BH_INSN_UNIMPL row: decoded, but with no handler to run.  A
VOPD sample ("X :: Y") names two handlers, "HX,HY", and makes two rows.
"""
import subprocess
import sys

# Handlers whose f32 / f64 arithmetic rounds and must follow MODE.FP_ROUND
# (flags bit 1 / bit 2: OP_ROUND_F32 / OP_ROUND_F64 in model.h).  Exact
# operations (min/max, floor, frexp, integer conversions to float that
# are exact) need no flag; transcendentals are approximations whose
# results the model does not vary with MODE (unverified on hardware);
# f16 results round in software from the wave's mode.
# VOP3b operations (a carry-out or VCC-like SGPR destination in the bits
# VOP3a uses for ABS): flags bit 3, OP_VOP3B in model.h.  By handler, so
# the rule holds whatever opcode number a generation gives them.
VOP3B = {
    "v_add_co_u32", "v_sub_co_u32", "v_subrev_co_u32", "v_addc_co_u32",
    "v_subb_co_u32", "v_subbrev_co_u32", "v_div_scale_f32", "v_div_scale_f64",
    "v_mad_u64_u32", "v_mad_i64_i32",
}

ROUND_F32 = {
    "v_add_f32", "v_sub_f32", "v_subrev_f32", "v_mul_f32", "v_fma_f32", "v_fmac_f32",
    "v_fmamk_f32", "v_fmaak_f32", "v_mad_f32", "v_mac_f32", "v_madmk_f32", "v_madak_f32",
    "v_cvt_f32_f64", "v_cvt_f32_i32", "v_cvt_f32_u32", "v_pk_add_f32", "v_pk_mul_f32",
    "v_pk_fma_f32", "v_fma_mix_f32", "v_div_fmas_f32", "v_div_scale_f32", "v_ldexp_f32",
    "v_fract_f32",      # "obey round mode" (ISA manual)
}
ROUND_F64 = {
    "v_add_f64", "v_mul_f64", "v_fma_f64", "v_fmac_f64", "v_div_fmas_f64", "v_div_scale_f64",
    "v_ldexp_f64", "v_fract_f64",
}


# The encodings of the first dword, in the order they are tried (as
# decode.c and decode_gfx11.c try them), each on the generations that
# have it: the first whose fixed bits agree, dw0 >> SHIFT == MATCH, gives
# the format, and the opcode key is KEY_BASE + ((dw0 >> KEY_SHIFT) &
# KEY_MASK).  Field positions: AMD's gfx9 (Vega/CDNA) and RDNA3 ISA
# formats.  VOP1/VOP2/VOPC are keyed by their VOP3 opcode (VOPC 0x000+,
# VOP2 0x100+, VOP1 0x140+ on gfx9, 0x180+ on gfx11).  gfx9's VOP3P is the
# part of its VOP3 space that 0x1A7 marks, so it comes first.
# Rows: (format, shift, match, key_shift, key_mask, key_base, generations).
ENCODINGS = [
    ("SOP1", 23, 0x17D, 8, 0xFF, 0, (9, 11)),
    ("SOPC", 23, 0x17E, 16, 0x7F, 0, (9, 11)),
    ("SOPP", 23, 0x17F, 16, 0x7F, 0, (9, 11)),
    ("SOPK", 28, 0xB, 23, 0x1F, 0, (9, 11)),
    ("SOP2", 30, 2, 23, 0x7F, 0, (9, 11)),
    ("SMEM", 26, 0x30, 18, 0xFF, 0, (9,)),
    ("SMEM", 26, 0x3D, 18, 0xFF, 0, (11,)),
    ("VALU", 25, 0x3F, 9, 0xFF, 0x140, (9,)),      # VOP1
    ("VALU", 25, 0x3F, 9, 0xFF, 0x180, (11,)),     # VOP1
    ("VALU", 25, 0x3E, 17, 0xFF, 0, (9, 11)),      # VOPC
    ("VALU", 31, 0, 25, 0x3F, 0x100, (9, 11)),     # VOP2
    ("VOP3P", 23, 0x1A7, 16, 0x7F, 0, (9,)),
    ("VALU", 26, 0x34, 16, 0x3FF, 0, (9,)),        # VOP3
    ("VALU", 26, 0x35, 16, 0x3FF, 0, (11,)),       # VOP3
    ("VOP3P", 24, 0xCC, 16, 0x7F, 0, (11,)),
    ("VOPD", 26, 0x32, 22, 0xF, 0, (11,)),         # the X opcode; Y: vopd_y_key
    ("DS", 26, 0x36, 17, 0xFF, 0, (9,)),
    ("DS", 26, 0x36, 18, 0xFF, 0, (11,)),
    ("FLAT", 26, 0x37, 18, 0x7F, 0, (9, 11)),
    ("MUBUF", 26, 0x38, 18, 0x7F, 0, (9,)),
    ("MUBUF", 26, 0x38, 18, 0xFF, 0, (11,)),
    ("MIMG", 26, 0x3C, 18, 0x7F, 0, (9,)),
    ("MIMG", 26, 0x3C, 18, 0xFF, 0, (11,)),
]


def classify(dw0, gen):
    """Format and opcode key of first dword @dw0 on generation @gen (9 or 11)."""
    for fmt, shift, match, key_shift, key_mask, key_base, gens in ENCODINGS:
        if gen in gens and dw0 >> shift == match:
            return fmt, key_base + ((dw0 >> key_shift) & key_mask)
    raise ValueError("unknown %sformat for 0x%08x" % ("gfx11 " if gen == 11 else "", dw0))


def vopd_y_key(dw0):
    return 0x20 + ((dw0 >> 17) & 0x1F)


def row(fmt, key, mnemonic, handler, flags):
    if handler.startswith("unimpl:"):
        return 'BH_INSN_UNIMPL(%s, 0x%03x, "%s", %s, %d)' % (fmt, key, mnemonic, handler[7:], flags)
    return 'BH_INSN(%s, 0x%03x, "%s", %s, %d)' % (fmt, key, mnemonic, handler, flags)


def main():
    llvm_mc, mcpu, out = sys.argv[1:4]
    samples, handlers = [], []
    for path in sys.argv[4:]:
        for line in open(path):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            text, handler = line.rsplit(None, 1)
            samples.append(text)
            handlers.append(handler)
    res = subprocess.run([llvm_mc, "-arch=amdgcn", "-mcpu=" + mcpu, "--show-encoding"],
                         input="\n".join(samples) + "\n", capture_output=True, text=True)
    if res.returncode != 0 or "error" in res.stderr:
        sys.exit("gen-isa: llvm-mc rejected a sample for %s:\n%s" % (mcpu, res.stderr))
    encodings = [l.split("encoding: ")[1] for l in res.stdout.splitlines() if "encoding:" in l]
    if len(encodings) != len(samples):
        sys.exit("gen-isa: %d samples but %d encodings" % (len(samples), len(encodings)))
    gfx11 = mcpu.startswith("gfx11")
    rows, seen = [], {}
    for text, handler, enc in zip(samples, handlers, encodings):
        b = [int(x, 16) for x in enc.strip("[]").split(",")]
        dw0 = b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24
        fmt, key = classify(dw0, 11 if gfx11 else 9)
        if fmt == "VOPD":
            # Two rows; v_dual_fmaak/fmamk carry a literal K (flag bit 0).
            names = [p.split()[0] for p in text.split("::")]
            for k, name, h in zip((key, vopd_y_key(dw0)), names, handler.split(",")):
                if ("VOPD", k) in seen:
                    if seen[("VOPD", k)] != h:
                        sys.exit("gen-isa: VOPD %#x has two handlers" % k)
                    continue
                seen[("VOPD", k)] = h
                flags = 1 if name in ("v_dual_fmaak_f32", "v_dual_fmamk_f32") else 0
                flags |= (2 if h in ROUND_F32 else 0) | (4 if h in ROUND_F64 else 0)
                rows.append(row("VOPD", k, name, h, flags))
            continue
        mnemonic = text.split()[0]
        for suffix in ("_e32", "_e64", "_sdwa", "_dpp"):
            if mnemonic.endswith(suffix):
                mnemonic = mnemonic[: -len(suffix)]
        if (fmt, key) in seen:
            if seen[(fmt, key)] != handler:
                sys.exit("gen-isa: %s %#x has two handlers" % (fmt, key))
            continue
        seen[(fmt, key)] = handler
        if fmt == "FLAT":
            mnemonic = mnemonic.split("_", 1)[1]   # load_dword: flat/global/scratch
        # VOP2 forms that always carry a literal (v_madmk, v_fmaak, ...).
        flags = 0
        # (src0 0xE9/0xEA: gfx11 DPP8; 0xF9: gfx9 SDWA; 0xFA: DPP16)
        if fmt == "VALU" and dw0 >> 31 == 0 and len(b) == 8 and \
                (dw0 & 0x1FF) not in (0xE9, 0xEA, 0xF9, 0xFA, 0xFF):
            flags |= 1
        if fmt == "SOPK" and len(b) == 8:      # s_setreg_imm32_b32
            flags |= 1
        if fmt == "SOP2" and len(b) == 8 and 255 not in (dw0 & 0xFF, (dw0 >> 8) & 0xFF):
            flags |= 1                          # gfx11.5 s_fmaak_f32 / s_fmamk_f32
        if handler in ROUND_F32:
            flags |= 2
        if handler in ROUND_F64:
            flags |= 4
        if fmt == "VALU" and handler in VOP3B:
            flags |= 8
        rows.append(row(fmt, key, mnemonic, handler, flags))
    with open(out, "w") as f:
        f.write("/* Generated by gen-isa.py for %s from llvm-mc encodings. */\n" % mcpu)
        f.write("\n".join(rows) + "\n")


main()
