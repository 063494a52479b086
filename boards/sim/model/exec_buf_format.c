// SPDX-License-Identifier: MIT
/*
 * Typed buffer loads (MUBUF buffer_load_format_x/xy/xyz/xyzw): texel
 * @index of a V#'s buffer, converted by the V#'s format and swizzled by
 * its DST_SEL like an image texel.  What llvm.amdgcn.struct.buffer.load.
 * format emits, and so what tex1Dfetch of a linear-memory texture runs
 * (ockl's image_load_1Db does the same): a buffer holds up to 2^32
 * texels where a 1D image holds 16384.
 *
 * The address: BASE + index * STRIDE + offset, with index the first
 * address VGPR (IDXEN) and offset the next one (OFFEN) plus the
 * instruction's offset.  The range check is the V#'s (image_desc.c).
 *
 * What the sources leave open, and the model's choice:
 *  - an out-of-range load returns 0 in every component, as the model's
 *    out-of-range image_load does (RADV's robustness relies on zeros;
 *    whether DST_SEL's constant 1 still applies is not settled);
 *  - SOFFSET: whether it takes part in the range check differs between
 *    the ISA guides: the model refuses a non-zero SOFFSET rather than
 *    guess (LLVM passes 0 for the intrinsic's constant 0).
 * Not modelled (a fault that says so): swizzled and ADD_TID buffers, LDS
 * loads, D16 and the typed stores.
 */
#include <string.h>

#include "image.h"
#include "valu.h"		/* VOP, FOR_LANES */

static int unsupported(struct wave *w, const struct insn *in, const char *what)
{
	return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0, "%s: %s not modelled",
			  in->desc->name, what);
}

static bool out_of_range(const struct buf_rsrc *b, uint32_t index, uint32_t offset)
{
	switch (b->oob) {
	case BUF_OOB_INDEX_OFFSET:
		return index >= b->num_records || offset >= b->stride;
	case BUF_OOB_INDEX:
		return index >= b->num_records;
	case BUF_OOB_NONE:
		return b->num_records == 0;
	default:		/* BUF_OOB_RAW: the caller has no index */
		return (uint64_t)offset + b->fmt.bpe > b->num_records;
	}
}

static int load_format(struct wave *w, const struct insn *in, unsigned n)
{
	struct buf_rsrc b;
	uint32_t tmp[4][WAVE_LANES];
	unsigned data = in->data + (in->acc ? w->acc_base : 0);
	unsigned naddr = !!in->idxen + !!in->offen;

	if (in->imm)
		return unsupported(w, in, "LDS (a load into LDS)");
	if (buf_rsrc_read(w, in, &b))
		return -1;
	if (b.oob == BUF_OOB_RAW && in->idxen)
		return unsupported(w, in, "IDXEN with a raw range check (OOB_SELECT 3, or a "
				   "gfx9 V# with STRIDE 0)");
	if (rd_s32(w, in, in->saddr))
		return unsupported(w, in, "a non-zero SOFFSET in a typed load");
	if (naddr && !vgpr_ok(w, in->addr, naddr))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "%s: address v%u beyond the kernel's %u VGPRs", in->desc->name,
				  in->addr, w->nvgprs);
	if (!vgpr_ok(w, data, n))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "%s: data v%u..v%u beyond the kernel's %u VGPRs", in->desc->name,
				  data, data + n - 1, w->nvgprs);
	FOR_LANES(l) {
		uint32_t index = in->idxen ? w->v[in->addr][l] : 0;
		uint32_t offset = (uint32_t)in->offset +
				  (in->offen ? w->v[in->addr + !!in->idxen][l] : 0);
		uint32_t v[4] = { 0, 0, 0, 0 };

		if (!out_of_range(&b, index, offset)) {
			uint64_t va = b.base + (uint64_t)index * b.stride + offset;
			const uint8_t *p = mem_translate(w->sim, va, b.fmt.bpe);

			if (!p)
				return wave_fault_access(w, in, va, BH_SIM_ACCESS_READ,
							 "lane %u: %s: element %u at unmapped "
							 "address 0x%llx", l, in->desc->name, index,
							 (unsigned long long)va);
			img_texel_components(&b.fmt, p, v);
		}
		for (unsigned k = 0; k < n; k++)
			tmp[k][l] = v[k];
	}
	FOR_LANES(l)
		for (unsigned k = 0; k < n; k++)
			w->v[data + k][l] = tmp[k][l];
	return 0;
}

VOP(buf_load_format_x) { return load_format(w, in, 1); }
VOP(buf_load_format_xy) { return load_format(w, in, 2); }
VOP(buf_load_format_xyz) { return load_format(w, in, 3); }
VOP(buf_load_format_xyzw) { return load_format(w, in, 4); }
