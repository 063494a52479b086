#!/usr/bin/python3
"""Exhaustive decoder vectors for the sim model, from LLVM's own text.

usage: gen-decode.py LLVM_MC MCPU OUT.h NAME LIST.insns...

For every row of the model's decode tables (the samples in isa/*.insns)
this makes operand variants of the sample -- other registers, SGPR
sources, inline integer and float constants, literals, e64 forms with
neg/abs/clamp/omod, SDWA and DPP forms, memory offsets, cache bits, the
global_/scratch_ forms of FLAT rows -- keeps those llvm-mc-19 accepts for
MCPU, and assembles them.  Each vector is llvm-mc's canonical text, its
dwords, and the instruction fields that text names ("key=value ..."),
parsed here from the text alone: operand codes (VGPR n = 256 + n,
SGPRs, vcc 106, exec 126, m0 124, inline integers 128..208, inline
floats 240..248, literal 255), modifiers, selects, offsets and cache
bits.  test_model_decode.c decodes the dwords with the model and checks
every named field.  Symbolic immediates (s_waitcnt counters, hwreg(),
sendmsg(), swizzle()) are not re-encoded here: their simm16/offset is
not compared.

gfx11 targets (MCPU gfx11*): m0 is 125 and null 124, "off" SADDR is
null, dlc is cpol bit 3, DPP8 and VOP3 DPP (_e64_dpp) forms, and VOPD
("X :: Y": dst/src0/src1 of X, dsty/srcy0/srcy1 of Y).
"""
import re
import subprocess
import sys

SPECIAL = {
    "vcc_lo": 106, "vcc_hi": 107, "vcc": 106, "exec_lo": 126, "exec_hi": 127, "exec": 126,
    "m0": 124, "flat_scratch_lo": 102, "flat_scratch_hi": 103, "flat_scratch": 102,
    "xnack_mask_lo": 104, "xnack_mask_hi": 105, "xnack_mask": 104,
    "src_shared_base": 235, "src_shared_limit": 236, "src_private_base": 237,
    "src_private_limit": 238, "src_pops_exiting_wave_id": 239, "src_vccz": 251,
    "src_execz": 252, "src_scc": 253, "src_lds_direct": 254,
    "shared_base": 235, "shared_limit": 236, "private_base": 237, "private_limit": 238,
    "vccz": 251, "execz": 252, "scc": 253,
}
FLOATS = {"0.5": 240, "-0.5": 241, "1.0": 242, "-1.0": 243, "2.0": 244, "-2.0": 245,
          "4.0": 246, "-4.0": 247, "0.15915494": 248, "0.15915494309189532": 248}
SEL = {"BYTE_0": 0, "BYTE_1": 1, "BYTE_2": 2, "BYTE_3": 3, "WORD_0": 4, "WORD_1": 5,
       "DWORD": 6}
UNUSED = {"UNUSED_PAD": 0, "UNUSED_SEXT": 1, "UNUSED_PRESERVE": 2}
VOP3B = ("v_add_co_u32", "v_sub_co_u32", "v_subrev_co_u32", "v_addc_co_u32", "v_subb_co_u32",
         "v_subbrev_co_u32", "v_div_scale_f32", "v_div_scale_f64", "v_mad_u64_u32",
         "v_mad_i64_i32", "v_add_co_ci_u32", "v_sub_co_ci_u32", "v_subrev_co_ci_u32")
VCC = ("vcc", "vcc_lo")
GFX11 = False       # set by main for gfx11 targets


class Skip(Exception):
    pass


def reg(tok):
    """(code, is_vgpr) of a register token; VGPRs as 256 + n."""
    m = re.fullmatch(r"([vsa])(\d+)", tok) or re.fullmatch(r"([vsa])\[(\d+):\d+\]", tok)
    if m:
        n = int(m.group(2))
        return (256 + n, True) if m.group(1) in "va" else (n, False)
    m = re.fullmatch(r"ttmp(\d+)", tok) or re.fullmatch(r"ttmp\[(\d+):\d+\]", tok)
    if m:
        return 108 + int(m.group(1)), False
    if tok in SPECIAL:
        return SPECIAL[tok], False
    return None


def operand(tok):
    """Operand code, literal (or None), neg, abs of a VALU/SALU source token."""
    neg = ab = False
    t = tok
    if t.startswith("-") and not re.fullmatch(r"-[\d.]+(e-?\d+)?", t) and \
            not re.fullmatch(r"-0x[0-9a-f]+", t):
        neg, t = True, t[1:]
    m = re.fullmatch(r"\|(.*)\|", t) or re.fullmatch(r"abs\((.*)\)", t)
    if m:
        ab, t = True, m.group(1)
    m = re.fullmatch(r"neg\((.*)\)", t)
    if m:
        neg, t = True, m.group(1)
    m = re.fullmatch(r"sext\((.*)\)", t)
    sext = False
    if m:
        sext, t = True, m.group(1)
    r = reg(t)
    if r:
        return r[0], None, neg, ab, sext
    if t in FLOATS:
        return FLOATS[t], None, neg, ab, sext
    if re.fullmatch(r"-?\d+", t):
        v = int(t)
        if 0 <= v <= 64:
            return 128 + v, None, neg, ab, sext
        if -16 <= v <= -1:
            return 192 - v, None, neg, ab, sext
        return 255, v & 0xFFFFFFFF, neg, ab, sext
    if re.fullmatch(r"-?0x[0-9a-f]+", t):
        v = int(t, 16)
        if 0 <= v <= 64:
            return 128 + v, None, neg, ab, sext
        return 255, v & 0xFFFFFFFF, neg, ab, sext
    raise ValueError("operand %r" % tok)


def split_ops(text):
    """Mnemonic, comma operands, trailing space-separated modifiers."""
    parts = text.split(None, 1)
    mn = parts[0]
    if len(parts) == 1:
        return mn, [], []
    rest = parts[1]
    # Operands are comma-separated; modifiers follow the last operand,
    # separated by spaces (brackets keep their commas).
    toks, depth, cur = [], 0, ""
    for ch in rest:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        if ch == "," and depth == 0:
            toks.append(cur.strip())
            cur = ""
        else:
            cur += ch
    toks.append(cur.strip())
    last = toks[-1]
    # Split the last token at spaces outside brackets / bars.
    words, depth, cur = [], 0, ""
    for ch in last:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        if ch == " " and depth == 0:
            if cur:
                words.append(cur)
            cur = ""
        else:
            cur += ch
    if cur:
        words.append(cur)
    toks[-1] = words[0] if words else ""
    mods = words[1:]
    if toks == [""]:
        toks = []
    if len(toks) == 1 and (toks[0] in ("glc", "slc", "sc0", "sc1", "scc", "nt", "gds", "lds") or
                           toks[0].startswith("offset:")):
        mods, toks = [toks[0]] + mods, []     # operand-less, modifiers only
    # Operand-less instructions with modifiers only (e.g. "s_dcache_wb").
    return mn, toks, mods


def bits_list(v):
    return [int(x) for x in v.strip("[]").split(",")]


def base(mn):
    if mn.endswith("_e64_dpp"):     # gfx11 VOP3 DPP: VOP3 fields, DPP word
        return mn[:-8], "_e64"
    for suffix in ("_e32", "_e64", "_sdwa", "_dpp"):
        if mn.endswith(suffix):
            return mn[: -len(suffix)], suffix
    return mn, ""


def valu_fields(mn, toks, mods, f):
    b, suffix = base(mn)
    vop3p = b.startswith("v_pk_") or b.startswith("v_fma_mix") or b.startswith("v_mad_mix") \
        or b.startswith("v_dot")
    mix = b.startswith("v_fma_mix") or b.startswith("v_mad_mix")
    is_cmp = b.startswith("v_cmp")
    srcs = list(toks)
    if is_cmp and GFX11 and b.startswith("v_cmpx"):
        pass                # gfx10+ v_cmpx: EXEC only, no destination
    elif is_cmp:
        d = srcs.pop(0)
        if suffix in ("_e32", ""):
            if d not in VCC:
                raise ValueError("VOPC e32 destination %s" % d)
            f["sdst"] = 106
        elif suffix == "_sdwa":
            if d not in VCC:
                f["sdst"] = reg(d)[0]
        else:
            f["dst"] = reg(d)[0]
    elif b in ("v_nop",):
        pass
    else:
        d = srcs.pop(0)
        f["dst"] = reg(d)[0] & 0xFF
        if b in VOP3B:
            sd = srcs.pop(0)
            if suffix in ("_e32", "_sdwa", "_dpp"):
                if sd not in VCC:
                    raise ValueError("carry-out %s" % sd)
                f["sdst"] = 106
            else:
                f["sdst"] = reg(sd)[0]
    # Literal-K forms: the K sits between/after the sources.
    if b in ("v_madmk_f32", "v_fmamk_f32", "v_madmk_f16", "v_fmamk_f16"):
        srcs = [srcs[0], srcs[2], srcs[1]]
    if b in ("v_madmk_f32", "v_fmamk_f32", "v_madak_f32", "v_fmaak_f32", "v_madmk_f16",
             "v_madak_f16", "v_fmamk_f16", "v_fmaak_f16"):
        k = srcs.pop(2)
        f["lit"] = int(k, 16) & 0xFFFFFFFF
    # e32 / SDWA / DPP: a trailing vcc is the implicit carry-in / mask.
    if suffix in ("_e32", "_sdwa", "_dpp") and srcs and srcs[-1] in VCC and \
            b.startswith(("v_cndmask", "v_addc", "v_subb", "v_add_co_ci", "v_sub_co_ci",
                          "v_subrev_co_ci")):
        srcs.pop()
        f["src2"] = 106
    neg = ab = 0
    sneg = sabs = ssext = 0
    for i, t in enumerate(srcs):
        code, lit, n, a, sx = operand(t)
        if suffix == "_sdwa" or suffix == "_dpp":
            if code >= 256 or suffix == "_sdwa":
                f["src%d" % i] = code
            sneg |= n << i
            sabs |= a << i
            ssext |= sx << i
            continue
        f["src%d" % i] = code
        if lit is not None:
            f["lit"] = lit
        neg |= n << i
        ab |= a << i
    if suffix not in ("_sdwa", "_dpp"):
        if mix:
            f["neg"] = neg | ab << 3
        elif neg or suffix == "_e64" or (suffix == "" and not vop3p):
            f["neg"] = neg
        if not mix and (ab or suffix == "_e64") and b not in VOP3B:
            f["abs"] = ab       # VOP3b keeps SDST where VOP3a has abs
    f["clamp"] = 0
    f["omod"] = 0
    for m in mods:
        if m == "clamp":
            f["clamp"] = 1
        elif m in ("mul:2", "mul:4", "div:2"):
            f["omod"] = {"mul:2": 1, "mul:4": 2, "div:2": 3}[m]
        elif m.startswith("op_sel:"):
            v = bits_list(m[7:])
            if vop3p:
                f["opsel"] = sum(x << i for i, x in enumerate(v))
            else:           # VOP3: sources, then the destination (bit 3)
                f["opsel"] = sum(x << i for i, x in enumerate(v[:-1])) | v[-1] << 3
        elif m.startswith("op_sel_hi:"):
            v = bits_list(m[10:])
            # with two sources the third bit is not in the text
            f["opselhi" if len(v) == 3 else "opselhi2"] = sum(x << i for i, x in enumerate(v))
        elif m.startswith("neg_lo:"):
            f["neg"] = f.get("neg", 0) & ~7 | sum(x << i for i, x in enumerate(bits_list(m[7:])))
        elif m.startswith("neg_hi:"):
            f["neg"] = f.get("neg", 0) & 7 | sum(x << (i + 3) for i, x in enumerate(bits_list(m[7:])))
        elif m.startswith("dst_sel:"):
            f["dsel"] = SEL[m[8:]]
        elif m.startswith("dst_unused:"):
            f["dunused"] = UNUSED[m[11:]]
        elif m.startswith("src0_sel:"):
            f["s0sel"] = SEL[m[9:]]
        elif m.startswith("src1_sel:"):
            f["s1sel"] = SEL[m[9:]]
        elif m.startswith("quad_perm:"):
            v = bits_list(m[10:])
            f["dppctrl"] = v[0] | v[1] << 2 | v[2] << 4 | v[3] << 6
        elif re.fullmatch(r"row_(shl|shr|ror):\d+", m):
            kind, n = m[4:].split(":")
            f["dppctrl"] = {"shl": 0x100, "shr": 0x110, "ror": 0x120}[kind] + int(n)
        elif m in ("wave_shl:1", "wave_rol:1", "wave_shr:1", "wave_ror:1", "row_mirror",
                   "row_half_mirror", "row_bcast:15", "row_bcast:31"):
            f["dppctrl"] = {"wave_shl:1": 0x130, "wave_rol:1": 0x134, "wave_shr:1": 0x138,
                            "wave_ror:1": 0x13C, "row_mirror": 0x140,
                            "row_half_mirror": 0x141, "row_bcast:15": 0x142,
                            "row_bcast:31": 0x143}[m]
        elif m.startswith("dpp8:"):
            f["dpp8sel"] = sum(x << (3 * i) for i, x in enumerate(bits_list(m[5:])))
        elif m.startswith("fi:"):
            f["fi"] = int(m[3:])
        elif re.fullmatch(r"row_(share|xmask):\d+", m):
            kind, n = m[4:].split(":")
            f["dppctrl"] = {"share": 0x150, "xmask": 0x160}[kind] + int(n)
        elif m.startswith("row_mask:"):
            f["rowmask"] = int(m[9:], 16)
        elif m.startswith("bank_mask:"):
            f["bankmask"] = int(m[10:], 16)
        elif m.startswith("bound_ctrl:"):
            f["boundctrl"] = 1   # llvm prints bound_ctrl:1 for the bit set
        else:
            raise ValueError("VALU modifier %s" % m)
    if suffix == "_sdwa":
        del f["clamp"], f["omod"]
        f["sdwaneg"], f["sdwaabs"], f["sdwasext"] = sneg, sabs, ssext
        f.setdefault("dsel", 6) if not is_cmp else None
    if suffix == "_dpp" and "dpp8sel" in f:
        del f["clamp"], f["omod"]
        f.setdefault("fi", 0)
    elif suffix == "_dpp":
        del f["clamp"], f["omod"]
        f["dppneg"], f["dppabs"] = sneg, sabs
        f.setdefault("boundctrl", 0)


GPR_IDX = {"SRC0": 1, "SRC1": 2, "SRC2": 4, "DST": 8}


def vopd_fields(text, f):
    """X and Y of a gfx11 VOPD pair; their one literal is "lit"."""
    for half, keys in zip(text.split("::"), (("dst", "src0", "src1"), ("dsty", "srcy0", "srcy1"))):
        mn, toks, mods = split_ops(half.strip())
        if mods:
            raise ValueError("VOPD modifiers %s" % mods)
        f[keys[0]] = reg(toks[0])[0] - 256
        srcs = toks[1:]
        if mn == "v_dual_fmamk_f32":
            srcs = [srcs[0], srcs[2], srcs[1]]
        if mn in ("v_dual_fmamk_f32", "v_dual_fmaak_f32"):
            f["lit"] = int(srcs.pop(2), 16) & 0xFFFFFFFF
        if mn == "v_dual_cndmask_b32" and srcs[-1] in VCC:
            srcs.pop()
        for k, t in zip(keys[1:], srcs):
            code, lit, _, _, _ = operand(t)
            f[k] = code
            if lit is not None:
                f["lit"] = lit


def gpr_idx(tok):
    """The raw enable mask of gpr_idx(SRC0,...,DST), or None."""
    m = re.fullmatch(r"gpr_idx\((.*)\)", tok)
    if not m:
        return None
    return sum(GPR_IDX[n.strip()] for n in m.group(1).split(",") if n.strip())


def salu_fields(mn, fmt, toks, mods, f):
    if fmt == "SOPP":
        if mods:
            return          # symbolic (s_waitcnt counters): not re-encoded here
        if len(toks) == 1 and gpr_idx(toks[0]) is not None:
            f["simm16"] = gpr_idx(toks[0])      # s_set_gpr_idx_mode
        elif len(toks) == 1 and re.fullmatch(r"-?\d+|0x[0-9a-f]+", toks[0]):
            f["simm16"] = int(toks[0], 0) & 0xFFFF
        elif not toks:
            f["simm16"] = 0
        return
    if mods:
        raise ValueError("scalar modifiers %s" % mods)
    if fmt == "SOPK":
        if mn.startswith("s_setreg"):
            if mn == "s_setreg_imm32_b32":
                f["lit"] = int(toks[1], 0) & 0xFFFFFFFF
            else:
                f["dst"] = reg(toks[1])[0]
            return
        f["dst"] = reg(toks[0])[0]
        if len(toks) > 1 and re.fullmatch(r"-?\d+|0x[0-9a-f]+", toks[1]):
            f["simm16"] = int(toks[1], 0) & 0xFFFF
        return
    srcs = list(toks)
    if mn.startswith("s_sendmsg_rtn"):     # SSRC0 holds the message id itself
        f["dst"] = reg(srcs[0])[0]
        if re.fullmatch(r"\d+|0x[0-9a-f]+", srcs[1]):
            f["src0"] = int(srcs[1], 0) & 0xFF
        return
    if mn in ("s_fmamk_f32", "s_fmaak_f32"):   # gfx11.5: a literal K, two sources
        k = srcs.pop(2 if mn == "s_fmamk_f32" else 3)
        f["lit"] = int(k, 0) & 0xFFFFFFFF
    if fmt in ("SOP1", "SOP2"):
        if mn in ("s_setpc_b64", "s_rfe_b64", "s_set_gpr_idx_idx"):
            pass
        else:
            f["dst"] = reg(srcs.pop(0))[0]
    for i, t in enumerate(srcs):
        if gpr_idx(t) is not None:              # s_set_gpr_idx_on: the raw S1 field
            f["src%d" % i] = gpr_idx(t)
            continue
        code, lit, _, _, _ = operand(t)
        f["src%d" % i] = code
        if lit is not None:
            f["lit"] = lit


DIMS = {"SQ_RSRC_IMG_1D": 0, "SQ_RSRC_IMG_2D": 1, "SQ_RSRC_IMG_3D": 2, "SQ_RSRC_IMG_CUBE": 3,
        "SQ_RSRC_IMG_1D_ARRAY": 4, "SQ_RSRC_IMG_2D_ARRAY": 5, "SQ_RSRC_IMG_2D_MSAA": 6,
        "SQ_RSRC_IMG_2D_MSAA_ARRAY": 7}


def mimg_fields(toks, mods, f):
    """MIMG: vdata, vaddr (a register or an NSA [list]), srsrc, ssamp."""
    cpol = 0
    for k in ("unorm", "d16", "a16", "tfe", "lwe", "r128", "da"):
        f[k] = 0
    for m in mods:
        if m == "glc":
            cpol |= 1
        elif m == "slc":
            cpol |= 2
        elif m == "dlc":
            cpol |= 8
        elif m.startswith("dmask:"):
            f["dmask"] = int(m[6:], 0)
        elif m.startswith("dim:"):
            f["dim"] = DIMS[m[4:]]
        elif m in ("unorm", "d16", "a16", "tfe", "lwe", "r128", "da"):
            f[m] = 1
        else:
            raise ValueError("MIMG modifier %s" % m)
    f.setdefault("dmask", 0)    # llvm-mc: no dmask: is 0
    if GFX11:
        del f["da"]
    else:
        del f["tfe"], f["r128"]
    f["cpol"] = cpol
    f["acc"] = 1 if toks[0].startswith("a") else 0
    f["data"] = reg(toks[0])[0] - 256
    a = toks[1]
    if a.startswith("[") and "," in a:
        regs = [reg(t.strip())[0] - 256 for t in a.strip("[]").split(",")]
        f["addr"] = regs[0]
        f["nsa"] = 1
        for i, r in enumerate(regs[1:]):
            f["nsa%d" % i] = r
    else:
        f["addr"] = reg(a[1:-1] if a.startswith("[") else a)[0] - 256
        if GFX11:
            f["nsa"] = 0
    f["srsrc"] = reg(toks[2])[0]
    if len(toks) > 3:
        f["ssamp"] = reg(toks[3])[0]


def mem_fields(mn, fmt, toks, mods, f, gfx942):
    if fmt == "MIMG":
        return mimg_fields(toks, mods, f)
    cpol = 0
    for m in mods:
        if m in ("glc", "sc0"):
            cpol |= 1
        elif m in ("slc", "nt"):
            cpol |= 2
        elif m in ("sc1", "scc"):
            cpol |= 4
        elif m == "dlc":
            cpol |= 8
        elif m.startswith("offset:"):
            v = m[7:]
            if not re.fullmatch(r"-?\d+|0x[0-9a-f]+", v):
                continue      # swizzle(...) etc.
            f["off"] = int(v, 0)
        elif m.startswith("offset0:"):
            f["off0"] = int(m[8:], 0)
        elif m.startswith("offset1:"):
            f["off1"] = int(m[8:], 0)
        elif m == "gds":
            f["gds"] = 1
        elif m in ("offen", "idxen", "lds"):
            f[m] = 1
        else:
            raise ValueError("memory modifier %s" % m)
    if fmt == "SMEM":
        if toks:
            f["dst"] = reg(toks[0])[0]
        if len(toks) > 1:
            f["addr"] = reg(toks[1])[0]
        if GFX11 and not toks:
            return          # s_dcache_inv & co: no address
        if GFX11:           # no IMM/SOE: an offset and an SGPR (null if none)
            f["imm"], f["soff"] = 1, 124
            f.setdefault("off", 0)
            if len(toks) > 2:
                if reg(toks[2]):
                    f["soff"] = reg(toks[2])[0]
                else:
                    f["off"] = int(toks[2], 0)
            f["cpol"] = cpol
            return
        if len(toks) > 2:
            if reg(toks[2]):
                raise Skip()          # SGPR offsets: not compared
            f["off"] = int(toks[2], 0)
            f["imm"] = 1
        f["glc"] = cpol & 1
        return
    if fmt == "DS":
        rets = ("ds_read", "ds_load", "ds_bpermute", "ds_permute", "ds_swizzle", "ds_consume",
                "ds_append", "ds_ordered")
        srcs = list(toks)
        if "_rtn_" in mn or mn.startswith(rets):
            f["dst"] = reg(srcs.pop(0))[0] - 256
        names = ("addr", "data", "data1")
        for i, t in enumerate(srcs):
            f[names[i]] = reg(t)[0] - 256
        f.setdefault("gds", 0)
        return
    if fmt == "MUBUF":
        if not toks:            # buffer_wbinvl1 & co: no operands; llvm-mc
            return              # accepts nt on them but does not encode it
        f["data"] = reg(toks[0])[0] - 256
        if toks[1] != "off":
            f["addr"] = reg(toks[1])[0] - 256
        f["srsrc"] = reg(toks[2])[0]
        f["soff"] = operand(toks[3])[0]
        f["cpol"] = cpol
        for k in ("offen", "idxen", "lds"):
            f.setdefault(k, 0)
        f.setdefault("off", 0)
        return
    # FLAT / GLOBAL / SCRATCH
    seg = {"flat": 0, "scratch": 1, "global": 2}[mn.split("_")[0]]
    f["seg"] = seg
    srcs = list(toks)
    atomic = "_atomic_" in mn
    returns = mn.split("_")[1] == "load" or (atomic and cpol & 1)
    if returns:
        f["dst"] = reg(srcs.pop(0))[0] - 256
    a = srcs.pop(0)
    if a == "off":
        if seg == 1 and (gfx942 or GFX11):
            f["sve"] = 0
    else:
        f["addr"] = reg(a)[0] - 256
        if seg == 1 and (gfx942 or GFX11):
            f["sve"] = 1
    if srcs and seg == 0 or (len(srcs) == 2):
        f["data"] = reg(srcs.pop(0))[0] - 256
    if seg != 0:
        s = srcs.pop(0)
        f["saddr"] = (124 if GFX11 else 0x7F) if s == "off" else reg(s)[0]
    if srcs:
        raise ValueError("FLAT operands left: %s" % srcs)
    f["cpol"] = cpol
    f.setdefault("off", 0)


def fields(text, fmt, gfx942):
    mn, toks, mods = split_ops(text)
    f = {}
    if fmt == "VOPD":
        vopd_fields(text, f)
    elif fmt in ("VALU", "VOP3P"):
        valu_fields(mn, toks, mods, f)
    elif fmt in ("SOP1", "SOP2", "SOPC", "SOPK", "SOPP"):
        salu_fields(mn, fmt, toks, mods, f)
    else:
        mem_fields(mn, fmt, toks, mods, f, gfx942)
    return " ".join("%s=%d" % (k, v) for k, v in f.items())


def fmt_of_gfx11(dw0):
    """Format of a gfx11 encoding (the classification of gen-isa.py)."""
    for shift, val, fmt in ((23, 0x17D, "SOP1"), (23, 0x17E, "SOPC"), (23, 0x17F, "SOPP"),
                            (28, 0xB, "SOPK"), (30, 2, "SOP2"), (26, 0x3D, "SMEM"),
                            (24, 0xCC, "VOP3P"), (26, 0x32, "VOPD"), (26, 0x36, "DS"),
                            (26, 0x37, "FLAT"), (26, 0x38, "MUBUF"), (26, 0x3C, "MIMG")):
        if dw0 >> shift == val:
            return fmt
    return "VALU"


def fmt_of(dw0):
    if GFX11:
        return fmt_of_gfx11(dw0)
    if dw0 >> 23 == 0x17D:
        return "SOP1"
    if dw0 >> 23 == 0x17E:
        return "SOPC"
    if dw0 >> 23 == 0x17F:
        return "SOPP"
    if dw0 >> 28 == 0xB:
        return "SOPK"
    if dw0 >> 30 == 2:
        return "SOP2"
    if dw0 >> 26 == 0x30:
        return "SMEM"
    if dw0 >> 23 == 0x1A7:
        return "VOP3P"
    if dw0 >> 26 == 0x36:
        return "DS"
    if dw0 >> 26 == 0x37:
        return "FLAT"
    if dw0 >> 26 == 0x38:
        return "MUBUF"
    if dw0 >> 26 == 0x3C:
        return "MIMG"
    return "VALU"


def variants(sample, gfx942):
    """Operand variants of one table sample; llvm-mc decides which are legal."""
    out = [sample]
    mn, toks, mods = split_ops(sample)
    b, suffix = base(mn)
    vregs = lambda s, old, new: re.sub(r"\b%s\b" % re.escape(old), new, s, count=1)
    if mn.startswith("v_") and toks:
        # other registers everywhere
        out.append(re.sub(r"\bv(\d+)\b", lambda m: "v%d" % (int(m.group(1)) + 37), sample))
        out.append(re.sub(r"\bv\[(\d+):(\d+)\]",
                          lambda m: "v[%d:%d]" % (int(m.group(1)) + 40, int(m.group(2)) + 40),
                          sample))
        srcs_at = 2 if b in VOP3B else 1
        if b.startswith("v_cmp"):
            srcs_at = 1
        if len(toks) > srcs_at:
            first = toks[srcs_at]
            head = mn + " " + ", ".join(toks[:srcs_at])
            tail = toks[srcs_at + 1:]
            rest = (", " + ", ".join(tail) if tail else "") + (" " + " ".join(mods) if mods else "")
            for alt in ("s7", "s[6:7]", "vcc", "exec", "m0", "5", "-3", "0.5", "-4.0",
                        "0.15915494", "0x12345678", "64", "src_shared_base"):
                out.append("%s, %s%s" % (head, alt, rest) if srcs_at else
                           "%s %s%s" % (mn, alt, rest))
            if suffix == "_e32":
                e64 = mn[:-4] + "_e64"
                out.append(sample.replace(mn, e64, 1))
                toks64 = [t for t in toks]
                t64 = e64 + " " + ", ".join(toks64[:srcs_at] + ["-" + toks64[srcs_at]] +
                                            ["|%s|" % t for t in toks64[srcs_at + 1:]])
                out.append(t64)
                out.append(t64 + " clamp")
                out.append(t64 + " mul:2")
                out.append(t64 + " div:2 clamp")
                out.append(sample.replace(mn, e64, 1) + " mul:4")
                sd = mn[:-4] + "_sdwa"
                out.append(sample.replace(mn, sd, 1) +
                           " dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_2 "
                           "src1_sel:WORD_0")
                out.append(sample.replace(mn, sd, 1).replace(" v1", " -v1", 1) +
                           " dst_sel:BYTE_0 dst_unused:UNUSED_SEXT src0_sel:DWORD "
                           "src1_sel:BYTE_3")
                dp = mn[:-4] + "_dpp"
                out.append(sample.replace(mn, dp, 1) +
                           " quad_perm:[1,0,3,2] row_mask:0xa bank_mask:0x5")
                out.append(sample.replace(mn, dp, 1) + " row_shr:3 row_mask:0xf bank_mask:0xf "
                           "bound_ctrl:0")
                out.append(sample.replace(mn, dp, 1).replace(" v1", " -|v1|", 1) +
                           " row_bcast:15 row_mask:0xf bank_mask:0xf")
                if GFX11:
                    out.append(sample.replace(mn, dp, 1) + " dpp8:[7,6,5,4,3,2,1,0]")
                    out.append(sample.replace(mn, dp, 1) + " dpp8:[1,0,3,2,5,4,7,6] fi:1")
                    out.append(sample.replace(mn, dp, 1) + " row_share:3 row_mask:0xf "
                               "bank_mask:0xf fi:1")
                    out.append(sample.replace(mn, e64 + "_dpp", 1) +
                               " quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf")
                    out.append(sample.replace(mn, e64, 1).replace(" v2", " 0x12345678", 1))
            if suffix == "" and (b.startswith("v_pk_") or b.startswith("v_fma_mix")):
                out.append(sample + " op_sel:[1,0,1] op_sel_hi:[0,1,1]")
                out.append(sample + " neg_lo:[1,0,0] neg_hi:[0,1,0]")
                out.append(sample + " op_sel:[0,1] op_sel_hi:[1,0]")
                out.append(sample + " clamp")
            if suffix == "" and not b.startswith("v_pk_"):
                out.append(re.sub(r", v(\d+)", lambda m: ", -v%s" % m.group(1), sample, count=1))
                out.append(re.sub(r", v(\d+)$", lambda m: ", |v%s|" % m.group(1), sample))
                out.append(sample + " clamp")
                out.append(sample + " mul:2")
                out.append(sample + " op_sel:[1,0,0,0]")
                out.append(sample + " op_sel:[0,1,1,1]")
    elif mn.startswith("s_") and toks and not mn.startswith(("s_load", "s_buffer", "s_mem",
                                                              "s_dcache", "s_getreg",
                                                              "s_setreg")):
        out.append(re.sub(r"\bs(\d+)\b", lambda m: "s%d" % (int(m.group(1)) + 20), sample))
        out.append(re.sub(r"\bs\[(\d+):(\d+)\]",
                          lambda m: "s[%d:%d]" % (int(m.group(1)) + 20, int(m.group(2)) + 20),
                          sample))
        for alt in ("vcc", "exec", "m0", "7", "-16", "1.0", "0x12345678", "0xfff0",
                    "ttmp[2:3]", "ttmp4"):
            last = toks[-1]
            out.append(re.sub(re.escape(last) + "$", alt, sample))
    elif mn.startswith("s_load"):
        out.append(vregs(sample, "0x4", "0x1ffff"))
        out.append(sample + " glc")
        out.append(vregs(sample, "s[2:3]", "s[40:41]"))
        if GFX11:
            out.append(vregs(sample, "0x4", "0xfffff"))
            out.append(vregs(sample, "0x4", "-8") + " glc dlc")
            out.append(vregs(sample, "0x4", "s5"))
            out.append(vregs(sample, "0x4", "s5 offset:0x10"))
    elif mn.startswith("v_dual_"):
        x, y = sample.split("::")
        out.append(re.sub(r", v1\b", ", s7", x, count=1) + "::" + y)
        out.append(re.sub(r", v1\b", ", 0x12345678", x, count=1) + "::" + y)
        out.append(x + "::" + re.sub(r", v4\b", ", 5", y, count=1))
        out.append(re.sub(r"\bv(\d+)\b", lambda m: "v%d" % (int(m.group(1)) + 40), sample))
    elif mn.startswith("ds_"):
        out.append(re.sub(r"offset:\d+", "offset:65535", sample))
        out.append(re.sub(r"\bv(\d+)\b", lambda m: "v%d" % (int(m.group(1)) + 100), sample))
        if " gds" not in sample:
            out.append(sample + " gds")
        out.append(re.sub(r"offset0:\d+", "offset0:255", sample))
    elif mn.startswith("flat_"):
        rest = mn[5:]
        for seg_text in ("global_" + rest, "scratch_" + rest):
            g = sample.replace(mn, seg_text, 1)
            if seg_text.startswith("global"):
                out.append(g + ", off")
                out.append(g + ", off offset:-4096")
                out.append(re.sub(r"v\[2:3\]", "v2", g, count=1) + ", s[4:5] offset:4095")
                out.append(g + (", off sc0 sc1 nt" if gfx942 else
                                ", off glc slc dlc" if GFX11 else ", off glc slc"))
            else:
                out.append(re.sub(r"v\[2:3\]", "v2", g, count=1) + ", off offset:-16")
                out.append(re.sub(r"v\[2:3\]", "off", g, count=1) + ", s5 offset:64")
                out.append(re.sub(r"v\[2:3\]", "v7", g, count=1) + ", off" +
                           (" sc1" if gfx942 else " slc"))
        out.append(sample + " offset:4095")
        out.append(sample + (" sc0 nt" if gfx942 else " glc"))
    elif mn.startswith("image_"):
        # other registers, each modifier, dmask widths, NSA (gfx11), AGPR data (gfx90a)
        out.append(re.sub(r"v\[0:3\]", "v[10:13]", sample, count=1))
        out.append(re.sub(r"\bv0,", "v10,", sample, count=1))
        out.append(re.sub(r"v\[4:(\d)\]", lambda m: "v[%d:%d]" % (40, 36 + int(m.group(1))),
                          sample, count=1))
        out.append(sample.replace("s[0:7]", "s[16:23]", 1).replace("s[8:11]", "s[4:7]", 1))
        for mod in ("glc", "slc", "dlc", "unorm", "da", "lwe", "tfe", "a16", "glc slc"):
            out.append(sample + " " + mod)
        if "dmask:0xf" in sample:
            out.append(re.sub(r"v\[0:3\]", "v0", sample, count=1).replace("dmask:0xf",
                                                                          "dmask:0x4"))
            out.append(re.sub(r"v\[0:3\]", "v[0:1]", sample, count=1).replace("dmask:0xf",
                                                                              "dmask:0x9"))
            out.append(re.sub(r"v\[0:3\]", "v[0:1]", sample, count=1) + " d16")
            out.append(re.sub(r"v\[0:3\]", "a[0:3]", sample, count=1))
        m = re.search(r"v\[4:(\d)\]", sample)
        if GFX11 and m and int(m.group(1)) - 4 + 1 <= 5:
            n = int(m.group(1)) - 4 + 1
            nsa = "[" + ", ".join("v%d" % r for r in (4, 9, 17, 30, 2)[:n]) + "]"
            out.append(sample.replace(m.group(0), nsa, 1))
    elif mn.startswith("buffer_"):
        out.append(sample.replace("off,", "v9,", 1) + " offen")
        out.append(sample.replace("off,", "v9,", 1) + " idxen offset:4095")
        out.append(sample.replace("s9", "0", 1) + (" sc0 sc1 nt" if gfx942 else
                                                   " glc slc dlc" if GFX11 else " glc slc"))
        out.append(sample.replace("s[0:3]", "s[8:11]", 1))
    seen, uniq = set(), []
    for t in out:
        if t not in seen:
            seen.add(t)
            uniq.append(t)
    return uniq


def assemble(llvm_mc, mcpu, lines):
    """Encodings of the lines llvm-mc accepts: [(text, dwords)]."""
    res = subprocess.run([llvm_mc, "-arch=amdgcn", "-mcpu=" + mcpu, "--show-encoding"],
                         input="\n".join(lines) + "\n", capture_output=True, text=True)
    bad = {int(m.group(1)) for m in re.finditer(r"<stdin>:(\d+):\d+: error", res.stderr)}
    good = [l for i, l in enumerate(lines, 1) if i not in bad]
    res = subprocess.run([llvm_mc, "-arch=amdgcn", "-mcpu=" + mcpu, "--show-encoding"],
                         input="\n".join(good) + "\n", capture_output=True, text=True)
    if res.returncode != 0 or "error" in res.stderr:
        sys.exit("gen-decode: llvm-mc rejected a filtered line:\n" + res.stderr[:2000])
    out = []
    for line in res.stdout.splitlines():
        if "encoding:" not in line:
            continue
        text = line.split(";")[0].strip()
        b = [int(x, 16) for x in line.split("encoding: ")[1].strip().strip("[]").split(",")]
        out.append((text, [b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24
                           for i in range(0, len(b), 4)]))
    if len(out) != len(good):
        sys.exit("gen-decode: %d lines, %d encodings" % (len(good), len(out)))
    return out


def main():
    global GFX11
    llvm_mc, mcpu, outpath, name = sys.argv[1:5]
    gfx942 = mcpu == "gfx942"
    GFX11 = mcpu.startswith("gfx11")
    if GFX11:
        SPECIAL.update({"m0": 125, "null": 124})
    samples, handlers = [], []
    for path in sys.argv[5:]:
        for line in open(path):
            line = line.strip()
            if line and not line.startswith("#"):
                text, handler = line.rsplit(None, 1)
                samples.append(text)
                handlers.append(handler)
    lines, owner = [], []
    for i, s in enumerate(samples):
        for v in variants(s, gfx942):
            lines.append(v)
            owner.append(i)
    encs = assemble(llvm_mc, mcpu, lines)
    # Map the accepted lines back to their sample (same order).
    res = subprocess.run([llvm_mc, "-arch=amdgcn", "-mcpu=" + mcpu, "--show-encoding"],
                         input="\n".join(lines) + "\n", capture_output=True, text=True)
    bad = {int(m.group(1)) for m in re.finditer(r"<stdin>:(\d+):\d+: error", res.stderr)}
    owners = [owner[i] for i in range(len(lines)) if i + 1 not in bad]
    rows, covered, skipped = [], set(), 0
    for (text, dws), o in zip(encs, owners):
        if len(dws) > 3:
            continue
        try:
            f = fields(text, fmt_of(dws[0]), gfx942)
        except Skip:
            skipped += 1
            continue
        except (ValueError, KeyError, TypeError, IndexError) as e:
            sys.exit("gen-decode: cannot parse %r (%s): %s" % (text, mcpu, e))
        covered.add(o)
        words = ", ".join("0x%08x" % d for d in dws)
        rows.append('\t{ "%s", { %s }, %d, "%s", %d },' % (text, words, len(dws), f, o))
    missing = [samples[i] for i in range(len(samples)) if i not in covered]
    if missing:
        sys.exit("gen-decode: table rows with no vector for %s: %s" % (mcpu, missing[:10]))
    with open(outpath, "w") as fo:
        fo.write("/* Generated by gen-decode.py (%s): %d vectors for %d table rows. */\n" %
                 (mcpu, len(rows), len(samples)))
        fo.write("static const struct dec_vec %s[] = {\n%s\n};\n" % (name, "\n".join(rows)))
        fo.write("#define %s_ROWS %d\n" % (name.upper(), len(samples)))


main()
