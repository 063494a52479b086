// SPDX-License-Identifier: MIT
/*
 * The MODE hardware register: which of its fields the model follows, and
 * the host rounding mode that f32/f64 arithmetic runs in (fpmode.h says
 * how the fields are applied).  MODE starts from COMPUTE_PGM_RSRC1 at
 * wave launch and changes with s_setreg.
 *
 * DX10_CLAMP [8] decides what the clamp bit does with a NaN result
 * (valu.h, clamp01): 1 clamps it to 0, 0 passes it through.  The
 * exceptions it also suppresses when set are not modelled either way
 * (EXCP_EN must be 0 and nothing reads TRAPSTS).
 *
 * Fields the model does not follow are refused rather than ignored:
 *   IEEE [9] = 0 changes NaN handling of min/max and quieting in ways
 *   the fact sheets do not pin down;
 *   EXCP_EN [18:12] would raise exceptions into a trap handler the
 *   model does not have; FP16_OVFL [23] clamps f16 overflow; bits
 *   [31:24] (POPS packer, DISABLE_PERF, GPR_IDX_EN, VSKIP, CSP) change
 *   how instructions issue.
 */
#include <fenv.h>

#include "model.h"

#define MODE_DX10_CLAMP	(1u << 8)
#define MODE_IEEE	(1u << 9)
#define MODE_EXCP_EN	(0x7fu << 12)
#define MODE_FP16_OVFL	(1u << 23)

const char *mode_unsupported(uint32_t mode)
{
	if (!(mode & MODE_IEEE))
		return "IEEE mode off (MODE.IEEE = 0) is not modelled";
	if (mode & MODE_EXCP_EN)
		return "FP exception traps (MODE.EXCP_EN) are not modelled";
	if (mode & MODE_FP16_OVFL)
		return "MODE.FP16_OVFL is not modelled";
	if (mode & 0xff000000u & ~MODE_GPR_IDX_EN)
		return "MODE bits [31:28] and [26:24] (POPS, DISABLE_PERF, VSKIP, CSP) "
		       "are not modelled";
	return NULL;
}

void wave_set_mode(struct wave *w, uint32_t mode)
{
	unsigned d32 = (mode >> 4) & 3, d64 = (mode >> 6) & 3;

	w->mode = mode;
	w->round32 = mode & 3;
	w->round64 = (mode >> 2) & 3;
	w->keep_in32 = d32 & 1 ? ~0u : 0;
	w->keep_out32 = d32 & 2 ? ~0u : 0;
	w->keep_in64 = d64 & 1;
	w->keep_out64 = d64 & 2;
	w->dx10_clamp = mode & MODE_DX10_CLAMP;
	w->host_round = (w->round32 ? OP_ROUND_F32 : 0) | (w->round64 ? OP_ROUND_F64 : 0);
}

/*
 * The host's SSE arithmetic rounds in MXCSR's mode, so setting it around
 * the handler gives IEEE-correct directed rounding for +, -, *, fma,
 * sqrt and conversions, subnormal results included.  Handlers in the
 * OP_ROUND_* classes use only such operations (no nearest-even tricks).
 */
static const int host_mode[4] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };

int exec_host_rounded(struct wave *w, const struct insn *in)
{
	unsigned rm = in->desc->flags & OP_ROUND_F64 ? w->round64 : w->round32;

	fesetround(host_mode[rm]);
	int ret = in->desc->exec(w, in);

	fesetround(FE_TONEAREST);
	return ret;
}

/*
 * The same for a handler whose row gen-isa.py does not flag OP_ROUND_F32
 * (the gfx11 additions: v_dot2*, v_mul_dx9_zero, the gfx11.5 SALU float
 * ops): it passes its body here.  Setting the host mode a second time
 * when a row is flagged as well is harmless.
 */
int exec_round32(struct wave *w, const struct insn *in, exec_fn body)
{
	if (!w->round32)
		return body(w, in);
	fesetround(host_mode[w->round32]);
	int ret = body(w, in);

	fesetround(FE_TONEAREST);
	return ret;
}
