// SPDX-License-Identifier: MIT
/*
 * Vector memory: FLAT / GLOBAL / SCRATCH, DS (LDS) and MUBUF.
 *
 * Flat addresses inside the shared aperture reach the workgroup's LDS,
 * inside the private aperture the lane's scratch; anything else is a GPU
 * virtual address.  Private memory is swizzled per AMDGPUUsage ("Private
 * Segment"): dword k of a lane's private space lives at
 * wave_base + (k * 64 + lane) * 4.  Memory operations complete in
 * program order, so s_waitcnt has nothing to wait for.
 */
#include <string.h>

#include "model.h"

#define VOP(name) int x_##name(struct wave *w, const struct insn *in)
#define FOR_LANES(l) for (unsigned l = 0; l < WAVE_LANES; l++) if ((w->exec >> l) & 1)
#define SADDR_OFF 0x7f

static uint8_t *mem_fault(struct wave *w, const struct insn *in, uint64_t addr,
			  unsigned lane, const char *what)
{
	wave_fault(w, BH_SIM_FAULT_MEMORY, in, addr, "lane %u: %s 0x%llx", lane, what,
		   (unsigned long long)addr);
	return NULL;
}

/* A lane's private byte @off (within one dword) of this wave's scratch. */
static uint8_t *private_byte(struct wave *w, const struct insn *in, uint64_t off,
			     unsigned lane, unsigned len)
{
	uint64_t per_lane = w->scratch_size / WAVE_LANES;

	if ((off & 3) + len > 4)
		return mem_fault(w, in, off, lane, "private access crosses a dword at offset");
	if (!w->scratch_size || off + len > per_lane)
		return mem_fault(w, in, off, lane,
				 "private access outside the wave's scratch at offset");
	uint64_t phys = w->flat_scratch + ((off / 4) * WAVE_LANES + lane) * 4 + (off & 3);
	uint8_t *p = mem_translate(w->sim, phys, len);

	return p ? p : mem_fault(w, in, phys, lane, "scratch backing memory unmapped at");
}

uint8_t *flat_translate(struct wave *w, const struct insn *in, uint64_t addr,
			unsigned lane, unsigned len, bool scratch_seg)
{
	if (scratch_seg)
		return private_byte(w, in, addr, lane, len);
	if (addr - BH_SIM_SHARED_APERTURE < BH_SIM_APERTURE_SIZE) {
		uint64_t off = addr - BH_SIM_SHARED_APERTURE;

		if (off + len > w->wg->lds_size)
			return mem_fault(w, in, addr, lane, "LDS access beyond the allocation at");
		return w->wg->lds + off;
	}
	if (addr - BH_SIM_PRIVATE_APERTURE < BH_SIM_APERTURE_SIZE)
		return private_byte(w, in, addr - BH_SIM_PRIVATE_APERTURE, lane, len);
	uint8_t *p = mem_translate(w->sim, addr, len);

	return p ? p : mem_fault(w, in, addr, lane, "access to unmapped address");
}

/* The lane's address for a FLAT/GLOBAL/SCRATCH instruction. */
static uint64_t lane_addr(struct wave *w, const struct insn *in, unsigned l)
{
	uint64_t a;

	switch (in->seg) {
	case 2:	/* global: SGPR base + 32-bit VGPR offset, or a 64-bit VGPR address */
		if (in->saddr != SADDR_OFF)
			a = rd_s64(w, in, in->saddr) + w->v[in->addr][l];
		else
			a = w->v[in->addr][l] | (uint64_t)w->v[in->addr + 1][l] << 32;
		break;
	case 1: {	/* scratch: private offset from SGPR and/or VGPR */
		bool use_v = w->sim->cfg.gfx == BH_SIM_GFX942 ? in->sve : in->saddr == SADDR_OFF;

		a = (in->saddr != SADDR_OFF ? rd_s32(w, in, in->saddr) : 0) +
		    (use_v ? w->v[in->addr][l] : 0);
		a &= 0xffffffffull;
		break;
	}
	default:
		a = w->v[in->addr][l] | (uint64_t)w->v[in->addr + 1][l] << 32;
		break;
	}
	return a + (int64_t)in->offset;
}

static bool regs_ok(struct wave *w, const struct insn *in, unsigned reg, unsigned n)
{
	if (vgpr_ok(w, reg, n))
		return true;
	wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
		   "v%u..v%u beyond the kernel's %u VGPRs", reg, reg + n - 1, w->nvgprs);
	return false;
}

static bool addr_regs_ok(struct wave *w, const struct insn *in)
{
	unsigned n = in->seg == 1 || (in->seg == 2 && in->saddr != SADDR_OFF) ? 1 : 2;

	return regs_ok(w, in, in->addr, n);
}

/* size: 1, 2 or 4 bytes per element; n: elements (dwords for size 4). */
static int flat_load(struct wave *w, const struct insn *in, unsigned size, unsigned n,
		     bool sign)
{
	if (!addr_regs_ok(w, in) || !regs_ok(w, in, in->dst, n))
		return -1;
	uint32_t tmp[4][WAVE_LANES];

	FOR_LANES(l) {
		uint64_t a = lane_addr(w, in, l);

		for (unsigned k = 0; k < n; k++) {
			uint8_t *p = flat_translate(w, in, a + 4ull * k, l, size, in->seg == 1);
			uint32_t v = 0;

			if (!p)
				return -1;
			memcpy(&v, p, size);
			if (sign && size == 1)
				v = (uint32_t)(int32_t)(int8_t)v;
			if (sign && size == 2)
				v = (uint32_t)(int32_t)(int16_t)v;
			tmp[k][l] = v;
		}
	}
	/* Commit after all lanes: a faulting load leaves registers alone. */
	FOR_LANES(l)
		for (unsigned k = 0; k < n; k++)
			w->v[in->dst + k][l] = tmp[k][l];
	return 0;
}

static int flat_store(struct wave *w, const struct insn *in, unsigned size, unsigned n)
{
	if (!addr_regs_ok(w, in) || !regs_ok(w, in, in->data, n))
		return -1;
	FOR_LANES(l) {
		uint64_t a = lane_addr(w, in, l);

		for (unsigned k = 0; k < n; k++) {
			uint8_t *p = flat_translate(w, in, a + 4ull * k, l, size, in->seg == 1);

			if (!p)
				return -1;
			memcpy(p, &w->v[in->data + k][l], size);
		}
	}
	return 0;
}

VOP(mem_load_u8) { return flat_load(w, in, 1, 1, false); }
VOP(mem_load_i8) { return flat_load(w, in, 1, 1, true); }
VOP(mem_load_u16) { return flat_load(w, in, 2, 1, false); }
VOP(mem_load_i16) { return flat_load(w, in, 2, 1, true); }
VOP(mem_load_x1) { return flat_load(w, in, 4, 1, false); }
VOP(mem_load_x2) { return flat_load(w, in, 4, 2, false); }
VOP(mem_load_x3) { return flat_load(w, in, 4, 3, false); }
VOP(mem_load_x4) { return flat_load(w, in, 4, 4, false); }
VOP(mem_store_8) { return flat_store(w, in, 1, 1); }
VOP(mem_store_16) { return flat_store(w, in, 2, 1); }
VOP(mem_store_x1) { return flat_store(w, in, 4, 1); }
VOP(mem_store_x2) { return flat_store(w, in, 4, 2); }
VOP(mem_store_x3) { return flat_store(w, in, 4, 3); }
VOP(mem_store_x4) { return flat_store(w, in, 4, 4); }

/* Lanes run one after another, so each lane's read-modify-write is atomic;
 * GLC (sc0 on gfx940) returns the old value. */
VOP(mem_atomic_add)
{
	bool ret = in->dw[0] & (1u << 16);

	if (!addr_regs_ok(w, in) || !regs_ok(w, in, in->data, 1) ||
	    (ret && !regs_ok(w, in, in->dst, 1)))
		return -1;
	FOR_LANES(l) {
		uint8_t *p = flat_translate(w, in, lane_addr(w, in, l), l, 4, in->seg == 1);
		uint32_t old;

		if (!p)
			return -1;
		memcpy(&old, p, 4);
		uint32_t v = old + w->v[in->data][l];

		memcpy(p, &v, 4);
		if (ret)
			w->v[in->dst][l] = old;
	}
	return 0;
}

/* ------------------------------------------------------------------ DS */
static uint8_t *lds(struct wave *w, const struct insn *in, unsigned l, uint32_t off,
		    unsigned len)
{
	uint64_t a = (uint64_t)w->v[in->addr][l] + off;

	/* Hardware discards out-of-range LDS accesses; the model stops
	 * loudly instead, since such an access is almost always a bug. */
	if (a + len > w->wg->lds_size)
		return mem_fault(w, in, a, l, "LDS access beyond the workgroup's allocation at");
	return w->wg->lds + a;
}

static int ds_rw(struct wave *w, const struct insn *in, unsigned n, bool store)
{
	if (in->imm)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0, "GDS is not modelled");
	if (!regs_ok(w, in, in->addr, 1) || !regs_ok(w, in, store ? in->data : in->dst, n))
		return -1;
	FOR_LANES(l) {
		uint8_t *p = lds(w, in, l, (uint32_t)in->offset, 4 * n);

		if (!p)
			return -1;
		for (unsigned k = 0; k < n; k++) {
			if (store)
				memcpy(p + 4 * k, &w->v[in->data + k][l], 4);
			else
				memcpy(&w->v[in->dst + k][l], p + 4 * k, 4);
		}
	}
	return 0;
}
VOP(ds_write_b32) { return ds_rw(w, in, 1, true); }
VOP(ds_write_b64) { return ds_rw(w, in, 2, true); }
VOP(ds_read_b32) { return ds_rw(w, in, 1, false); }
VOP(ds_read_b64) { return ds_rw(w, in, 2, false); }

static int ds_add(struct wave *w, const struct insn *in, bool ret)
{
	if (!regs_ok(w, in, in->addr, 1) || !regs_ok(w, in, in->data, 1) ||
	    (ret && !regs_ok(w, in, in->dst, 1)))
		return -1;
	FOR_LANES(l) {
		uint8_t *p = lds(w, in, l, (uint32_t)in->offset, 4);
		uint32_t old, v;

		if (!p)
			return -1;
		memcpy(&old, p, 4);
		v = old + w->v[in->data][l];
		memcpy(p, &v, 4);
		if (ret)
			w->v[in->dst][l] = old;
	}
	return 0;
}
VOP(ds_add_u32) { return ds_add(w, in, false); }
VOP(ds_add_rtn_u32) { return ds_add(w, in, true); }

/* --------------------------------------------------------------- MUBUF */
/*
 * Only the private-segment form clang uses for scratch on gfx90a: a V#
 * with SWIZZLE_ENABLE, ADD_TID_ENABLE, INDEX_STRIDE 64 and ELEMENT_SIZE
 * 4, no index.  Address = base + soffset + swizzle(offset [+ vaddr]).
 */
static int buf_access(struct wave *w, const struct insn *in, bool store)
{
	uint32_t v0 = rd_s32(w, in, in->src[0]), v1 = rd_s32(w, in, in->src[0] + 1);
	uint32_t v3 = rd_s32(w, in, in->src[0] + 3);
	uint64_t base = v0 | (uint64_t)(v1 & 0xffff) << 32;
	bool swizzle = v1 >> 31, add_tid = (v3 >> 23) & 1;
	unsigned index_stride = (v3 >> 21) & 3, elem = (v3 >> 19) & 3;

	if (in->idxen || in->imm || !swizzle || !add_tid || index_stride != 3 || elem != 1)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "MUBUF form not modelled (only swizzled private-segment buffers)");
	uint64_t wave_base = base + rd_s32(w, in, in->saddr);

	if (!regs_ok(w, in, in->data, 1) || (in->offen && !regs_ok(w, in, in->addr, 1)))
		return -1;
	FOR_LANES(l) {
		uint64_t off = (uint64_t)in->offset + (in->offen ? w->v[in->addr][l] : 0);
		uint64_t phys = wave_base + ((off / 4) * WAVE_LANES + l) * 4 + (off & 3);
		uint8_t *p = (off & 3) ? NULL : mem_translate(w->sim, phys, 4);

		if (!p)
			return mem_fault(w, in, phys, l, "scratch buffer access at"), -1;
		if (store)
			memcpy(p, &w->v[in->data][l], 4);
		else
			memcpy(&w->v[in->data][l], p, 4);
	}
	return 0;
}
VOP(buf_load_x1) { return buf_access(w, in, false); }
VOP(buf_store_x1) { return buf_access(w, in, true); }
