// SPDX-License-Identifier: MIT
/*
 * The instruction trace (cfg.trace): one line per executed instruction
 * of the selected waves -- workgroup, wave, PC, raw dwords, mnemonic and
 * operands -- followed by the registers it changed: SGPRs, VCC, EXEC,
 * M0, SCC, and the destination VGPRs (changed lanes, the first few
 * values).  Debug output only: it costs a register snapshot per
 * instruction, nothing when tracing is off.
 */
#include <stdio.h>
#include <string.h>

#include "model.h"
#include "operand.h"

/* An operand code (0..511) as assembly text. */
static void operand(char *buf, size_t n, const struct bh_sim_isa *isa, const struct insn *in,
		    unsigned code)
{
	if (code >= 256)
		snprintf(buf, n, "v%u", code - 256);
	else if (code < isa->nsgprs)
		snprintf(buf, n, "s%u", code);
	else if (code >= 128 && code <= 192)
		snprintf(buf, n, "%u", code - 128);
	else if (code >= 193 && code <= 208)
		snprintf(buf, n, "-%u", code - 192);
	else if (code == 255)
		snprintf(buf, n, "0x%x", in->literal);
	else if (code == 106 || code == 107)
		snprintf(buf, n, "vcc_%s", code == 106 ? "lo" : "hi");
	else if (code == 126 || code == 127)
		snprintf(buf, n, "exec_%s", code == 126 ? "lo" : "hi");
	else if (code == isa->op_m0)
		snprintf(buf, n, "m0");
	else if (code == isa->op_null)
		snprintf(buf, n, "null");
	else if (code >= 240 && code <= 248)
		snprintf(buf, n, "fconst%u", code - 240);
	else
		snprintf(buf, n, "op%u", code);
}

bool trace_selected(const struct wave *w)
{
	const struct bh_sim_config *c = &w->sim->cfg;

	if (!c->trace)
		return false;
	if (c->trace != 2)
		return true;
	return w->wg->id[0] == c->trace_wg[0] && w->wg->id[1] == c->trace_wg[1] &&
	       w->wg->id[2] == c->trace_wg[2] && w->index == c->trace_wave;
}

void trace_before(const struct wave *w, const struct insn *in, struct trace_snap *t)
{
	char raw[3 * 9 + 1] = "", ops[192] = "", o[24];
	unsigned n = 0;

	for (unsigned i = 0, k = 0; i < in->len && i < 3; i++)
		k += (unsigned)snprintf(raw + k, sizeof(raw) - k, "%s%08x", i ? " " : "", in->dw[i]);
	switch (in->desc->fmt) {
	case FMT_SOP1:
	case FMT_SOP2:
	case FMT_SOPC: {
		unsigned ns = in->desc->fmt == FMT_SOP1 ? 1 : 2;

		if (in->desc->fmt != FMT_SOPC) {
			operand(o, sizeof(o), w->sim->target->isa, in, in->dst);
			n += (unsigned)snprintf(ops + n, sizeof(ops) - n, "%s", o);
		}
		for (unsigned i = 0; i < ns; i++) {
			operand(o, sizeof(o), w->sim->target->isa, in, in->src[i]);
			n += (unsigned)snprintf(ops + n, sizeof(ops) - n, "%s%s", n ? ", " : "", o);
		}
		break;
	}
	case FMT_SOPK:
		operand(o, sizeof(o), w->sim->target->isa, in, in->dst);
		n += (unsigned)snprintf(ops + n, sizeof(ops) - n, "%s, %d", o, in->simm16);
		break;
	case FMT_SOPP:
		n += (unsigned)snprintf(ops + n, sizeof(ops) - n, "0x%x", (uint16_t)in->simm16);
		break;
	case FMT_SMEM: {
		/* The address it reads, as s_load computes it (exec_salu.c). */
		struct wave *mw = (struct wave *)w;
		uint64_t a = rd_s64(mw, in, in->addr);

		a += in->imm ? (int64_t)in->offset : rd_s32(mw, in, (unsigned)in->offset & 0x7f);
		if (in->soe)
			a += rd_s32(mw, in, in->saddr);
		n += (unsigned)snprintf(ops + n, sizeof(ops) - n, "s%u, s[%u:%u], %s0x%x  @0x%llx",
					in->dst, in->addr, in->addr + 1, in->imm ? "" : "soff ",
					(unsigned)in->offset, (unsigned long long)(a & ~3ull));
		break;
	}
	case FMT_FLAT: {
		/* The data or destination register, the address registers,
		 * then the addresses of the first and last EXEC lanes. */
		struct wave *mw = (struct wave *)w;

		bool store = strstr(in->desc->name, "store") != NULL;
		bool saddr = in->saddr != w->sim->target->isa->saddr_off;
		bool wide = in->seg != SEG_SCRATCH && !saddr;	/* a 64-bit VGPR address */

		if (!store)
			n += (unsigned)snprintf(ops + n, sizeof(ops) - n, "v%u, ", in->dst);
		if (wide)
			n += (unsigned)snprintf(ops + n, sizeof(ops) - n, "v[%u:%u], ", in->addr,
						in->addr + 1);
		else
			n += (unsigned)snprintf(ops + n, sizeof(ops) - n, "v%u, ", in->addr);
		if (store)
			n += (unsigned)snprintf(ops + n, sizeof(ops) - n, "v%u, ", in->data);
		if (!saddr)
			n += (unsigned)snprintf(ops + n, sizeof(ops) - n, "off, ");
		else if (in->seg == SEG_SCRATCH)
			n += (unsigned)snprintf(ops + n, sizeof(ops) - n, "s%u, ", in->saddr);
		else
			n += (unsigned)snprintf(ops + n, sizeof(ops) - n, "s[%u:%u], ", in->saddr,
						in->saddr + 1);
		n += (unsigned)snprintf(ops + n, sizeof(ops) - n, "%d", (int)in->offset);
		if (w->exec) {
			unsigned lo = (unsigned)__builtin_ctzll(w->exec);
			unsigned hi = 63u - (unsigned)__builtin_clzll(w->exec);

			n += (unsigned)snprintf(ops + n, sizeof(ops) - n, "  @lane %u 0x%llx", lo,
						(unsigned long long)sim_flat_lane_addr(mw, in, lo));
			if (hi != lo)
				n += (unsigned)snprintf(ops + n, sizeof(ops) - n,
							" .. lane %u 0x%llx (%d lanes)", hi,
							(unsigned long long)sim_flat_lane_addr(mw, in, hi),
							__builtin_popcountll(w->exec));
		}
		break;
	}
	default:
		break;
	}
	if (in->desc->fmt == FMT_VALU || in->desc->fmt == FMT_VOP3P) {
		/* Sources by the gfx9 VOP3 opcode map: VOPC 2, VOP2 2 (3 for
		 * the carry-in / mask forms), VOP1 1, VOP3-only 0x1c0.. 3,
		 * 0x280.. 2; VOP3P 3. */
		unsigned k = in->desc->key, ns = 3;

		if (in->desc->fmt == FMT_VALU)
			ns = k < 0x100 ? 2 : k < 0x140 ? (in->enc == ENC_VOP3 ? 3 : 2)
			   : k < 0x1c0 ? 1 : k < 0x200 ? 3 : 2;
		n += (unsigned)snprintf(ops, sizeof(ops), "v%u", in->dst);
		for (unsigned i = 0; i < ns && n < sizeof(ops) - 24; i++) {
			operand(o, sizeof(o), w->sim->target->isa, in, in->src[i]);
			n += (unsigned)snprintf(ops + n, sizeof(ops) - n, ", %s", o);
		}
	}
	fprintf(stderr, "sim: wg (%u,%u,%u) wave %u pc 0x%llx %-26s %s %s\n", w->wg->id[0],
		w->wg->id[1], w->wg->id[2], w->index, (unsigned long long)w->pc, raw,
		in->desc->name, ops);
	memcpy(t->sgpr, w->sgpr, sizeof(t->sgpr));
	t->vcc = w->vcc;
	t->exec = w->exec;
	t->m0 = w->m0;
	t->scc = w->scc;
	t->vdst = in->desc->fmt == FMT_VALU || in->desc->fmt == FMT_VOP3P ||
		  ((in->desc->fmt == FMT_FLAT || in->desc->fmt == FMT_DS) && in->dst < w->nvgprs);
	t->vreg = in->dst;
	t->nv = 0;
	for (unsigned r = 0; t->vdst && r < 4 && t->vreg + r < w->nvgprs; r++, t->nv++)
		memcpy(t->v[r], w->v[t->vreg + r], sizeof(t->v[r]));
}

void trace_after(const struct wave *w, const struct trace_snap *t)
{
	char line[512];
	unsigned n = 0;

	for (unsigned i = 0; i < NUM_SGPRS && n < sizeof(line) - 40; i++)
		if (w->sgpr[i] != t->sgpr[i])
			n += (unsigned)snprintf(line + n, sizeof(line) - n, " s%u=0x%x", i, w->sgpr[i]);
	if (w->vcc != t->vcc)
		n += (unsigned)snprintf(line + n, sizeof(line) - n, " vcc=0x%llx",
					(unsigned long long)w->vcc);
	if (w->exec != t->exec)
		n += (unsigned)snprintf(line + n, sizeof(line) - n, " exec=0x%llx",
					(unsigned long long)w->exec);
	if (w->m0 != t->m0)
		n += (unsigned)snprintf(line + n, sizeof(line) - n, " m0=0x%x", w->m0);
	if (w->scc != t->scc)
		n += (unsigned)snprintf(line + n, sizeof(line) - n, " scc=%d", w->scc);
	for (unsigned r = 0; r < t->nv && n < sizeof(line) - 80; r++) {
		unsigned changed = 0, shown = 0;

		for (unsigned l = 0; l < WAVE_LANES; l++)
			changed += w->v[t->vreg + r][l] != t->v[r][l];
		if (!changed)
			continue;
		n += (unsigned)snprintf(line + n, sizeof(line) - n, " v%u[%u lanes]:", t->vreg + r,
					changed);
		for (unsigned l = 0; l < WAVE_LANES && shown < 3 && n < sizeof(line) - 30; l++)
			if (w->v[t->vreg + r][l] != t->v[r][l]) {
				n += (unsigned)snprintf(line + n, sizeof(line) - n, " %u=0x%x", l,
							w->v[t->vreg + r][l]);
				shown++;
			}
	}
	if (n)
		fprintf(stderr, "sim:   ->%s\n", line);
}
