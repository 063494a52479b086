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
#include <math.h>
#include <string.h>

#include "half.h"		/* h2f, d2h */
#include "valu.h"		/* VOP, FOR_LANES */

/* FLAT's SADDR "off" (0x7f on gfx9, NULL on gfx11): the table's code. */
#define SADDR_OFF (w->sim->target->isa->saddr_off)

/*
 * What a memory instruction does, from its decode-table name (names are
 * LLVM's mnemonics: load/read, store/write, the rest of FLAT/DS memory
 * operations are atomics).
 */
static enum bh_sim_access access_of(const struct insn *in)
{
	const char *n = in ? in->desc->name : "";

	if (strstr(n, "load") || strstr(n, "read") || strstr(n, "permute") || strstr(n, "swizzle"))
		return BH_SIM_ACCESS_READ;
	if (strstr(n, "store") || strstr(n, "write"))
		return strstr(n, "wrxchg") ? BH_SIM_ACCESS_ATOMIC : BH_SIM_ACCESS_WRITE;
	return BH_SIM_ACCESS_ATOMIC;
}

static uint8_t *mem_fault(struct wave *w, const struct insn *in, uint64_t addr,
			  unsigned lane, const char *what)
{
	static const char *const kind[] = { "", "read", "write", "atomic" };
	enum bh_sim_access a = access_of(in);

	wave_fault_access(w, in, addr, a, "lane %u: %s: %s 0x%llx", lane, kind[a], what,
			  (unsigned long long)addr);
	return NULL;
}

/* A lane's private byte @off (within one dword) of this wave's scratch. */
static uint8_t *private_byte(struct wave *w, const struct insn *in, uint64_t off,
			     unsigned lane, unsigned len)
{
	uint64_t per_lane = w->scratch_size / w->wave_size;

	if ((off & 3) + len > 4)
		return mem_fault(w, in, off, lane, "private access crosses a dword at offset");
	/* Not "off + len > per_lane": a negative offset is off near 2^64,
	 * whose end wraps round to a small number. */
	if (off >= per_lane || len > per_lane - off)
		return mem_fault(w, in, off, lane,
				 "private access outside the wave's scratch at offset");
	uint64_t phys = w->flat_scratch + ((off / 4) * w->wave_size + lane) * 4 + (off & 3);
	uint8_t *p = mem_translate(w->sim, phys, len);

	return p ? p : mem_fault(w, in, phys, lane, "scratch backing memory unmapped at");
}

uint8_t *flat_translate(struct wave *w, const struct insn *in, uint64_t addr,
			unsigned lane, unsigned len, unsigned seg)
{
	if (seg == SEG_SCRATCH)
		return private_byte(w, in, addr, lane, len);
	/* GLOBAL never looks at the apertures: its address is a GPU VA. */
	if (seg == SEG_FLAT && addr - BH_SIM_SHARED_APERTURE < BH_SIM_APERTURE_SIZE) {
		uint64_t off = addr - BH_SIM_SHARED_APERTURE;

		if (off + len > w->wg->lds_size)
			return mem_fault(w, in, addr, lane, "LDS access beyond the allocation at");
		return w->wg->lds + off;
	}
	if (seg == SEG_FLAT && addr - BH_SIM_PRIVATE_APERTURE < BH_SIM_APERTURE_SIZE)
		return private_byte(w, in, addr - BH_SIM_PRIVATE_APERTURE, lane, len);
	uint8_t *p = mem_translate(w->sim, addr, len);

	return p ? p : mem_fault(w, in, addr, lane, "access to unmapped address");
}

/*
 * flat_translate with the common case inline: a global or flat address
 * inside VRAM (which overlaps neither aperture nor the GART).
 */
static inline uint8_t *xlate(struct wave *w, const struct insn *in, uint64_t a, unsigned l,
			     unsigned len, unsigned seg)
{
	uint64_t o = a - BH_SIM_VRAM_BASE;

	if (seg != SEG_SCRATCH && o < w->sim->vram_size && len <= w->sim->vram_size - o)
		return w->sim->vram + o;
	return flat_translate(w, in, a, l, len, seg);
}

/* The lane's address for a FLAT/GLOBAL/SCRATCH instruction. */
static uint64_t lane_addr(struct wave *w, const struct insn *in, unsigned l)
{
	uint64_t a;

	switch (in->seg) {
	case SEG_GLOBAL:	/* global: SGPR base + 32-bit VGPR offset, or a 64-bit VGPR address */
		if (in->saddr != SADDR_OFF)
			a = rd_s64(w, in, in->saddr) + w->v[in->addr][l];
		else
			a = w->v[in->addr][l] | (uint64_t)w->v[in->addr + 1][l] << 32;
		break;
	case SEG_SCRATCH: {	/* scratch: private offset from SGPR and/or VGPR */
		bool use_v = w->sim->target->scratch_sve ? in->sve : in->saddr == SADDR_OFF;

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

uint64_t sim_flat_lane_addr(struct wave *w, const struct insn *in, unsigned l)
{
	return lane_addr(w, in, l);
}

/*
 * Every EXEC lane's address at once (other lanes: 0): the scalar base and
 * the segment rules are resolved once per instruction, not per lane.
 * Same results as lane_addr.
 */
static void lane_addrs(struct wave *w, const struct insn *in, uint64_t out[WAVE_LANES])
{
	const uint32_t *lo = w->v[in->addr];
	uint64_t exec = w->exec, off = (uint64_t)(int64_t)in->offset;

	if (in->seg == SEG_GLOBAL && in->saddr != SADDR_OFF) {
		uint64_t base = rd_s64(w, in, in->saddr) + off;

		for (unsigned l = 0; l < WAVE_LANES; l++)
			out[l] = (exec >> l) & 1 ? base + lo[l] : 0;
	} else if (in->seg != SEG_SCRATCH) {
		const uint32_t *hi = w->v[in->addr + 1];

		for (unsigned l = 0; l < WAVE_LANES; l++)
			out[l] = (exec >> l) & 1 ? (lo[l] | (uint64_t)hi[l] << 32) + off : 0;
	} else {
		for (unsigned l = 0; l < WAVE_LANES; l++)
			out[l] = (exec >> l) & 1 ? lane_addr(w, in, l) : 0;
	}
}

/*
 * gfx90a/942: with the ACC bit, a FLAT, MUBUF or DS instruction's data
 * and destination registers are AccVGPRs, a[n] being register
 * acc_base + n of the wave's unified file.  The handlers below index
 * w->v with the instruction's register numbers, so each starts from a
 * copy with those numbers made unified (ACC cleared: a handler calling
 * another does not move them twice).
 */
static inline const struct insn *acc_resolved(const struct wave *w, const struct insn *in,
					      struct insn *tmp)
{
	if (!in->acc)
		return in;
	*tmp = *in;
	tmp->acc = false;
	tmp->data += w->acc_base;
	tmp->dst += w->acc_base;
	if (in->desc->fmt == FMT_DS)
		tmp->src[2] += w->acc_base;	/* data1 */
	return tmp;
}
#define ACC_RESOLVE(w, in)                                                              \
	struct insn acc_copy_;                                                          \
	in = acc_resolved(w, in, &acc_copy_)

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
	unsigned n = in->seg == SEG_SCRATCH ||
		     (in->seg == SEG_GLOBAL && in->saddr != SADDR_OFF) ? 1 : 2;

	return regs_ok(w, in, in->addr, n);
}

/*
 * D16 loads (LOAD_D16_* and LOAD_D16_HI_*): the 8- or 16-bit value,
 * zero- or sign-extended to 16 bits, goes to one half of the
 * destination and the other half is kept -- bits 15:0 for D16_LO,
 * bits 31:16 for D16_HI (the loads that stores' D16_HI shift mirrors).
 */
enum { D16_NONE, D16_LO, D16_HI };

static inline uint32_t d16_merge(uint32_t old, uint32_t v, unsigned d16)
{
	if (d16 == D16_LO)
		return (old & 0xffff0000u) | (v & 0xffff);
	if (d16 == D16_HI)
		return (old & 0xffff) | v << 16;
	return v;
}

/*
 * size: 1, 2 or 4 bytes per element; n: elements (dwords for size 4);
 * d16: D16_NONE, or the half of a single destination a D16 load writes.
 */
static int flat_load_d16(struct wave *w, const struct insn *in, unsigned size, unsigned n,
			 bool sign, unsigned d16)
{
	ACC_RESOLVE(w, in);
	if (!addr_regs_ok(w, in) || !regs_ok(w, in, in->dst, n))
		return -1;
	uint32_t tmp[4][WAVE_LANES];
	uint64_t addrs[WAVE_LANES];

	lane_addrs(w, in, addrs);
	FOR_LANES(l) {
		uint64_t a = addrs[l];

		for (unsigned k = 0; k < n; k++) {
			uint8_t *p = xlate(w, in, a + 4ull * k, l, size, in->seg);
			uint32_t v = 0;

			if (!p)
				return -1;
			if (size == 4)		/* constant size: an inline load */
				memcpy(&v, p, 4);
			else
				memcpy(&v, p, size);
			if (sign && size == 1)
				v = (uint32_t)(int32_t)(int8_t)v;
			if (sign && size == 2)
				v = (uint32_t)(int32_t)(int16_t)v;
			tmp[k][l] = v;
		}
	}
	if (in->seg != SEG_SCRATCH) {
		uint64_t b = (uint64_t)__builtin_popcountll(w->exec) * size * n;

		w->wk->stats.global_bytes += b;
		w->wk->stats.global_read += b;
	}
	/*
	 * A load from somewhere new counts as progress: a loop that scans
	 * memory (a long read-only reduction) is working, while a spin loop
	 * polls the same address again and again.  Loads from the wave's
	 * own scratch do not count, as with stores.
	 */
	if (w->exec && in->seg != SEG_SCRATCH) {
		uint64_t a = addrs[__builtin_ctzll(w->exec)];

		bool private = in->seg == SEG_FLAT &&
			       a - BH_SIM_PRIVATE_APERTURE < BH_SIM_APERTURE_SIZE;

		if (!private && a != w->last_load) {
			w->last_load = a;
			wave_progress(w);
		} else if (!private) {
			w->waited = true;	/* polling */
		}
	}
	/* Commit after all lanes: a faulting load leaves registers alone. */
	FOR_LANES(l)
		for (unsigned k = 0; k < n; k++)
			w->v[in->dst + k][l] = d16_merge(w->v[in->dst + k][l], tmp[k][l], d16);
	return 0;
}

static int flat_load(struct wave *w, const struct insn *in, unsigned size, unsigned n,
		     bool sign)
{
	return flat_load_d16(w, in, size, n, sign, D16_NONE);
}

/* shift: 16 for the D16_HI forms, which store the data's high half. */
static int flat_store_from(struct wave *w, const struct insn *in, unsigned size, unsigned n,
			   unsigned shift)
{
	ACC_RESOLVE(w, in);
	if (!addr_regs_ok(w, in) || !regs_ok(w, in, in->data, n))
		return -1;
	uint64_t addrs[WAVE_LANES];

	lane_addrs(w, in, addrs);
	FOR_LANES(l) {
		uint64_t a = addrs[l];

		for (unsigned k = 0; k < n; k++) {
			uint8_t *p = xlate(w, in, a + 4ull * k, l, size, in->seg);

			if (!p)
				return -1;
			if (size == 4)
				memcpy(p, &w->v[in->data + k][l], 4);
			else {
				uint32_t v = w->v[in->data + k][l] >> shift;

				memcpy(p, &v, size);
			}
		}
	}
	if (in->seg != SEG_SCRATCH) {
		uint64_t b = (uint64_t)__builtin_popcountll(w->exec) * size * n;

		w->wk->stats.global_bytes += b;
		w->wk->stats.global_written += b;
	}
	/* A store another wave could be waiting for: not one to this
	 * wave's own scratch (an -O0 spin loop spills every iteration). */
	if (w->exec && in->seg != SEG_SCRATCH &&
	    !(in->seg == SEG_FLAT && lane_addr(w, in, (unsigned)__builtin_ctzll(w->exec)) -
	      BH_SIM_PRIVATE_APERTURE < BH_SIM_APERTURE_SIZE))
		wave_progress(w);
	return 0;
}

static int flat_store(struct wave *w, const struct insn *in, unsigned size, unsigned n)
{
	return flat_store_from(w, in, size, n, 0);
}

VOP(mem_load_u8) { return flat_load(w, in, 1, 1, false); }
VOP(mem_load_i8) { return flat_load(w, in, 1, 1, true); }
VOP(mem_load_u16) { return flat_load(w, in, 2, 1, false); }
VOP(mem_load_i16) { return flat_load(w, in, 2, 1, true); }
/* The 8-bit D16 forms extend the byte to 16 bits (sign: the _i8 ones). */
VOP(mem_load_d16_u8) { return flat_load_d16(w, in, 1, 1, false, D16_LO); }
VOP(mem_load_d16_i8) { return flat_load_d16(w, in, 1, 1, true, D16_LO); }
VOP(mem_load_d16_b16) { return flat_load_d16(w, in, 2, 1, false, D16_LO); }
VOP(mem_load_d16_hi_u8) { return flat_load_d16(w, in, 1, 1, false, D16_HI); }
VOP(mem_load_d16_hi_i8) { return flat_load_d16(w, in, 1, 1, true, D16_HI); }
VOP(mem_load_d16_hi_b16) { return flat_load_d16(w, in, 2, 1, false, D16_HI); }
VOP(mem_load_x1) { return flat_load(w, in, 4, 1, false); }
VOP(mem_load_x2) { return flat_load(w, in, 4, 2, false); }
VOP(mem_load_x3) { return flat_load(w, in, 4, 3, false); }
VOP(mem_load_x4) { return flat_load(w, in, 4, 4, false); }
VOP(mem_store_8) { return flat_store(w, in, 1, 1); }
VOP(mem_store_16) { return flat_store(w, in, 2, 1); }
VOP(mem_store_8_hi) { return flat_store_from(w, in, 1, 1, 16); }
VOP(mem_store_16_hi) { return flat_store_from(w, in, 2, 1, 16); }
VOP(mem_store_x1) { return flat_store(w, in, 4, 1); }
VOP(mem_store_x2) { return flat_store(w, in, 4, 2); }
VOP(mem_store_x3) { return flat_store(w, in, 4, 3); }
VOP(mem_store_x4) { return flat_store(w, in, 4, 4); }

/*
 * Atomics.  Lanes run one after another, each lane's read-modify-write
 * atomic across the dispatch's host threads (rmw); GLC (sc0 on gfx940)
 * returns the pre-operation value.
 * INC/DEC wrap as the ISA defines: inc: old >= src ? 0 : old + 1;
 * dec: (old == 0 || old > src) ? src : old - 1.
 */
enum atomic_op {
	A_SWAP, A_CMPSWAP, A_ADD, A_SUB, A_SMIN, A_UMIN, A_SMAX, A_UMAX,
	A_AND, A_OR, A_XOR, A_INC, A_DEC, A_FADD, A_FMIN, A_FMAX, A_RSUB,
	A_PK_FADD_F16, A_PK_FADD_BF16,
};

/*
 * bf16 to nearest even from double.  The sum of two bf16 values is exact
 * in double (8-bit significands, exponents within double's range), so this
 * is the one rounding.  NaN results come out quiet.  Below the least normal
 * the result keeps bf16 denormals (no flush), as the f16 path does.
 */
static uint16_t d2bf(double d)
{
	float f = (float)d;	/* exact: d is a sum of two bf16 */
	uint32_t u;

	memcpy(&u, &f, 4);
	if ((u & 0x7fffffff) > 0x7f800000)
		return (uint16_t)((u >> 16) | 0x40);
	u += 0x7fff + ((u >> 16) & 1);
	return (uint16_t)(u >> 16);
}

static float bf2f(uint16_t h)
{
	uint32_t u = (uint32_t)h << 16;
	float f;

	memcpy(&f, &u, 4);
	return f;
}

/*
 * The packed f16/bf16 atomic adds (global_atomic_pk_add_f16 on gfx90a and
 * gfx942, _bf16 and ds_pk_add_* on gfx942): each 16-bit half of the dword
 * adds independently, rounded once to nearest even, denormals kept.
 * [U] Not checked on hardware: whether the memory-side adder flushes f16
 * or bf16 denormals; the fact sheets say nothing, so this follows the
 * 32-bit float atomics above (kept).
 */
/*
 * A NaN operand gives itself, quieted: the memory value's first, then the
 * data's.  Decided here, not by the host's adder, whose NaN results differ
 * (x86 keeps the payload, RISC-V returns the canonical NaN).
 * [U] Which operand's payload the hardware keeps is not in the fact
 * sheets; this is what the model's x86 build always gave.
 */
static bool nan16(bool bf, uint16_t x)
{
	return bf ? (x & 0x7f80) == 0x7f80 && (x & 0x007f) : (x & 0x7c00) == 0x7c00 && (x & 0x03ff);
}

static uint32_t atomic_pk_fadd(bool bf, uint32_t old, uint32_t src)
{
	const uint16_t quiet = bf ? 0x0040 : 0x0200;
	uint32_t r = 0;

	for (unsigned k = 0; k < 32; k += 16) {
		uint16_t a = (uint16_t)(old >> k), b = (uint16_t)(src >> k);
		uint16_t s = nan16(bf, a) ? a | quiet :
			     nan16(bf, b) ? b | quiet :
			     bf ? d2bf((double)bf2f(a) + bf2f(b)) : d2h((double)h2f(a) + h2f(b));

		r |= (uint32_t)s << k;
	}
	return r;
}

/*
 * Float atomic min/max (global and LDS, f32 and f64): the ISA's IEEE-mode
 * min/max, as v_min/v_max_f32 with MODE.IEEE set (fpmode.h): a quiet NaN
 * operand yields the other, a signalling NaN yields itself quieted, and
 * -0 orders below +0.  In the order the ISA pseudocode names them:
 * min(DATA, MEM).  [U] Not checked on hardware: whether the memory-side
 * ALUs follow MODE.IEEE or always use this rule (kernels run with
 * IEEE = 1; the model refuses IEEE = 0), and whether they flush
 * denormals (kept here, as the float add atomics keep them).
 */
static uint64_t atomic_fminmax(bool max, uint64_t old, uint64_t src, unsigned bits)
{
	if (bits == 32) {
		float a = f32((uint32_t)src), b = f32((uint32_t)old);

		return bits32(max ? max_ieee32(a, b) : min_ieee32(a, b));
	}
	double a = f64(src), b = f64(old);

	return bits64(max ? max_ieee64(a, b) : min_ieee64(a, b));
}

static uint64_t atomic_apply(enum atomic_op op, uint64_t old, uint64_t src, uint64_t cmp,
			     unsigned bits)
{
	uint64_t mask = bits == 64 ? ~0ull : 0xffffffffull;
	int64_t so = bits == 64 ? (int64_t)old : (int32_t)old;
	int64_t ss = bits == 64 ? (int64_t)src : (int32_t)src;
	double fo, fs;

	if (bits == 32) {
		float a, b;
		uint32_t ua = (uint32_t)old, ub = (uint32_t)src;

		memcpy(&a, &ua, 4);
		memcpy(&b, &ub, 4);
		fo = a;
		fs = b;
	} else {
		memcpy(&fo, &old, 8);
		memcpy(&fs, &src, 8);
	}
	switch (op) {
	case A_SWAP: return src;
	case A_CMPSWAP: return old == cmp ? src : old;
	case A_ADD: return (old + src) & mask;
	case A_SUB: return (old - src) & mask;
	case A_RSUB: return (src - old) & mask;
	case A_SMIN: return so < ss ? old : src;
	case A_UMIN: return old < src ? old : src;
	case A_SMAX: return so > ss ? old : src;
	case A_UMAX: return old > src ? old : src;
	case A_AND: return old & src;
	case A_OR: return old | src;
	case A_XOR: return old ^ src;
	case A_INC: return old >= src ? 0 : old + 1;
	case A_DEC: return old == 0 || old > src ? src : old - 1;
	case A_PK_FADD_F16:
	case A_PK_FADD_BF16:
		return atomic_pk_fadd(op == A_PK_FADD_BF16, (uint32_t)old, (uint32_t)src);
	case A_FMIN:
	case A_FMAX:
		return atomic_fminmax(op == A_FMAX, old, src, bits);
	case A_FADD: {
		double r = fo + fs;

		if (bits == 32) {
			float f = (float)r;
			uint32_t u;

			memcpy(&u, &f, 4);
			return u;
		}
		uint64_t u;

		memcpy(&u, &r, 8);
		return u;
	}
	}
	return old;
}

/*
 * The read-modify-write of one lane, atomic across the dispatch's host
 * threads (dispatch.c): every operation as a compare-and-swap loop on
 * the host word, retried while another thread changed it between the
 * read and the swap (one mechanism for all ops: inc/dec wrap, min/max,
 * float add and min/max included; no lock table).  A result equal to the
 * old value stores nothing, as a failed CAS.  Guest memory is page
 * aligned on the host and the address was checked aligned, so the host
 * word is too; @p not aligned is private memory (one wave's), done plainly.
 * Returns the old value, the new one in @out.
 */
static uint64_t rmw(uint8_t *p, enum atomic_op op, uint64_t src, uint64_t cmp, unsigned bits,
		    uint64_t *out)
{
	uint64_t old = 0, v;

	if ((uintptr_t)p % (bits / 8)) {
		memcpy(&old, p, bits / 8);
		v = atomic_apply(op, old, src, cmp, bits);
		memcpy(p, &v, bits / 8);
		*out = v;
		return old;
	}
	if (bits == 32) {
		uint32_t o = __atomic_load_n((uint32_t *)(void *)p, __ATOMIC_RELAXED), n;

		do
			n = (uint32_t)atomic_apply(op, o, src, cmp, bits);
		while (n != o && !__atomic_compare_exchange_n((uint32_t *)(void *)p, &o, n, true,
							     __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
		*out = n;
		return o;
	}
	old = __atomic_load_n((uint64_t *)(void *)p, __ATOMIC_RELAXED);
	do
		v = atomic_apply(op, old, src, cmp, bits);
	while (v != old && !__atomic_compare_exchange_n((uint64_t *)(void *)p, &old, v, true,
						       __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
	*out = v;
	return old;
}

static int flat_atomic(struct wave *w, const struct insn *in, enum atomic_op op, unsigned bits)
{
	ACC_RESOLVE(w, in);
	bool ret = in->cpol & 1;	/* GLC: return the pre-op value (decode*.c) */
	unsigned n = bits / 32, ndata = op == A_CMPSWAP ? 2 * n : n;

	if (!addr_regs_ok(w, in) || !regs_ok(w, in, in->data, ndata) ||
	    (ret && !regs_ok(w, in, in->dst, n)))
		return -1;
	FOR_LANES(l) {
		uint64_t a = lane_addr(w, in, l);
		uint8_t *p;

		if (a % (bits / 8))
			return mem_fault(w, in, a, l, "misaligned atomic at"), -1;
		p = flat_translate(w, in, a, l, bits / 8, in->seg);
		if (!p)
			return -1;
		uint64_t old, v, src = w->v[in->data][l], cmp = 0;

		if (bits == 64)
			src |= (uint64_t)w->v[in->data + 1][l] << 32;
		if (op == A_CMPSWAP)	/* data = { new value, compare value } */
			cmp = bits == 64 ? (w->v[in->data + 2][l] |
					    (uint64_t)w->v[in->data + 3][l] << 32)
					 : w->v[in->data + 1][l];
		old = rmw(p, op, src, cmp, bits, &v);
		if (v != old)
			wave_progress(w);
		else
			w->waited = true;	/* an atomic poll (add 0, failed CAS) */
		if (ret) {
			w->v[in->dst][l] = (uint32_t)old;
			if (bits == 64)
				w->v[in->dst + 1][l] = (uint32_t)(old >> 32);
		}
	}
	return 0;
}

#define ATOMIC(name, op, bits) VOP(name) { return flat_atomic(w, in, op, bits); }
ATOMIC(mem_atomic_swap, A_SWAP, 32)
ATOMIC(mem_atomic_cmpswap, A_CMPSWAP, 32)
ATOMIC(mem_atomic_add, A_ADD, 32)
ATOMIC(mem_atomic_sub, A_SUB, 32)
ATOMIC(mem_atomic_smin, A_SMIN, 32)
ATOMIC(mem_atomic_umin, A_UMIN, 32)
ATOMIC(mem_atomic_smax, A_SMAX, 32)
ATOMIC(mem_atomic_umax, A_UMAX, 32)
ATOMIC(mem_atomic_and, A_AND, 32)
ATOMIC(mem_atomic_or, A_OR, 32)
ATOMIC(mem_atomic_xor, A_XOR, 32)
ATOMIC(mem_atomic_inc, A_INC, 32)
ATOMIC(mem_atomic_dec, A_DEC, 32)
ATOMIC(mem_atomic_add_f32, A_FADD, 32)
ATOMIC(mem_atomic_pk_add_f16, A_PK_FADD_F16, 32)	/* gfx90a, gfx942 */
ATOMIC(mem_atomic_pk_add_bf16, A_PK_FADD_BF16, 32)	/* gfx942 */
ATOMIC(mem_atomic_min_f32, A_FMIN, 32)	/* gfx11 */
ATOMIC(mem_atomic_max_f32, A_FMAX, 32)
ATOMIC(mem_atomic_swap_x2, A_SWAP, 64)
ATOMIC(mem_atomic_cmpswap_x2, A_CMPSWAP, 64)
ATOMIC(mem_atomic_add_x2, A_ADD, 64)
ATOMIC(mem_atomic_sub_x2, A_SUB, 64)
ATOMIC(mem_atomic_smin_x2, A_SMIN, 64)
ATOMIC(mem_atomic_umin_x2, A_UMIN, 64)
ATOMIC(mem_atomic_smax_x2, A_SMAX, 64)
ATOMIC(mem_atomic_umax_x2, A_UMAX, 64)
ATOMIC(mem_atomic_and_x2, A_AND, 64)
ATOMIC(mem_atomic_or_x2, A_OR, 64)
ATOMIC(mem_atomic_xor_x2, A_XOR, 64)
ATOMIC(mem_atomic_inc_x2, A_INC, 64)
ATOMIC(mem_atomic_dec_x2, A_DEC, 64)
ATOMIC(mem_atomic_add_f64, A_FADD, 64)
ATOMIC(mem_atomic_min_f64, A_FMIN, 64)
ATOMIC(mem_atomic_max_f64, A_FMAX, 64)

/* ------------------------------------------------------------------ DS */
static uint8_t *lds(struct wave *w, const struct insn *in, unsigned l, uint32_t off,
		    unsigned len)
{
	/* 32-bit address arithmetic: LLVM folds "C - x" into base 0 - x with
	 * offset C (AMDGPUISelDAGToDAG SelectDS1Addr1Offset), relying on
	 * the sum wrapping; the 64-bit a then catches the end of the LDS. */
	uint64_t a = (uint32_t)(w->v[in->addr][l] + off);

	/* Hardware discards out-of-range LDS accesses; the model stops
	 * loudly instead, since such an access is almost always a bug. */
	if (a + len > w->wg->lds_size)
		return mem_fault(w, in, a, l, "LDS access beyond the workgroup's allocation at");
	return w->wg->lds + a;
}

static int ds_rw(struct wave *w, const struct insn *in, unsigned n, bool store)
{
	ACC_RESOLVE(w, in);
	if (in->imm)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0, "GDS is not modelled");
	if (!regs_ok(w, in, in->addr, 1) || !regs_ok(w, in, store ? in->data : in->dst, n))
		return -1;
	w->wk->stats.lds_bytes += (uint64_t)__builtin_popcountll(w->exec) * 4 * n;
	FOR_LANES(l) {
		uint8_t *p = lds(w, in, l, (uint32_t)in->offset, 4 * n);

		if (!p)
			return -1;
		for (unsigned k = 0; k < n; k++) {
			if (store)
				memcpy(p + 4 * k, &w->v[in->data + k][l], 4), wave_progress(w);
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
VOP(ds_write_b96) { return ds_rw(w, in, 3, true); }
VOP(ds_write_b128) { return ds_rw(w, in, 4, true); }
VOP(ds_read_b96) { return ds_rw(w, in, 3, false); }
VOP(ds_read_b128) { return ds_rw(w, in, 4, false); }

/*
 * LDS atomics, 32 or 64 bits.  gfx9 ds_cmpst: data0 is the compare value,
 * data1 the new one.  gfx11 ds_cmpstore (@new_first): data0 the new value,
 * data1 the compare: LLVM's operand names for DS_CMPSTORE_*, and what
 * clang-19 emits for atomicCAS(&lds, 0x55, 0x77) on gfx1100
 * ("ds_cmpstore_rtn_b32 v1, v3, v2, v1" with v2 = 0x77, v1 = 0x55);
 * [U] not checked on hardware.  Float adds are IEEE with denormals kept, as
 * the global float atomics; whether LDS float atomics flush denormals on
 * gfx90a/gfx942 is not documented in the fact sheets (unverified).
 */
static int ds_atomic_cmp(struct wave *w, const struct insn *in, enum atomic_op op, bool ret,
			 unsigned bits, bool new_first)
{
	ACC_RESOLVE(w, in);
	unsigned n = bits / 32;
	bool two = op == A_CMPSWAP;

	if (in->imm)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0, "GDS is not modelled");
	if (!regs_ok(w, in, in->addr, 1) || !regs_ok(w, in, in->data, n) ||
	    (two && !regs_ok(w, in, in->src[2], n)) || (ret && !regs_ok(w, in, in->dst, n)))
		return -1;
	FOR_LANES(l) {
		uint8_t *p = lds(w, in, l, (uint32_t)in->offset, bits / 8);
		uint64_t old = 0, src = 0, cmp = 0, v;

		if (!p)
			return -1;
		if ((w->v[in->addr][l] + (uint32_t)in->offset) % (bits / 8))
			return mem_fault(w, in, w->v[in->addr][l] + (uint32_t)in->offset, l,
					 "misaligned LDS atomic at"), -1;
		memcpy(&old, p, bits / 8);
		for (unsigned k = 0; k < n; k++) {
			uint64_t d0 = w->v[in->data + k][l];

			if (two) {
				uint64_t d1 = w->v[in->src[2] + k][l];

				cmp |= (new_first ? d1 : d0) << (32 * k);
				src |= (new_first ? d0 : d1) << (32 * k);
			} else {
				src |= d0 << (32 * k);
			}
		}
		v = atomic_apply(op, old, src, cmp, bits);
		memcpy(p, &v, bits / 8);
		if (v != old)
			wave_progress(w);
		else
			w->waited = true;	/* an atomic poll */
		if (ret)
			for (unsigned k = 0; k < n; k++)
				w->v[in->dst + k][l] = (uint32_t)(old >> (32 * k));
	}
	return 0;
}

static int ds_atomic_n(struct wave *w, const struct insn *in, enum atomic_op op, bool ret,
		       unsigned bits)
{
	return ds_atomic_cmp(w, in, op, ret, bits, false);
}

/* gfx11 ds_cmpstore_*: the new value first, then the compare value. */
VOP(ds_cmpstore_b32) { return ds_atomic_cmp(w, in, A_CMPSWAP, false, 32, true); }
VOP(ds_cmpstore_rtn_b32) { return ds_atomic_cmp(w, in, A_CMPSWAP, true, 32, true); }
VOP(ds_cmpstore_b64) { return ds_atomic_cmp(w, in, A_CMPSWAP, false, 64, true); }
VOP(ds_cmpstore_rtn_b64) { return ds_atomic_cmp(w, in, A_CMPSWAP, true, 64, true); }

static int ds_atomic(struct wave *w, const struct insn *in, enum atomic_op op, bool ret)
{
	return ds_atomic_n(w, in, op, ret, 32);
}

#define DS_ATOMIC(name, op, bits) \
	VOP(name) { return ds_atomic_n(w, in, op, false, bits); } \
	VOP(name##_rtn) { return ds_atomic_n(w, in, op, true, bits); }
DS_ATOMIC(ds_rsub_u32, A_RSUB, 32)
DS_ATOMIC(ds_add_f32, A_FADD, 32)
DS_ATOMIC(ds_pk_add_f16, A_PK_FADD_F16, 32)	/* gfx942 */
DS_ATOMIC(ds_pk_add_bf16, A_PK_FADD_BF16, 32)
VOP(ds_cmpst_b32) { return ds_atomic(w, in, A_CMPSWAP, false); }
DS_ATOMIC(ds_add_u64, A_ADD, 64)
DS_ATOMIC(ds_sub_u64, A_SUB, 64)
DS_ATOMIC(ds_rsub_u64, A_RSUB, 64)
DS_ATOMIC(ds_inc_u64, A_INC, 64)
DS_ATOMIC(ds_dec_u64, A_DEC, 64)
DS_ATOMIC(ds_min_i64, A_SMIN, 64)
DS_ATOMIC(ds_max_i64, A_SMAX, 64)
DS_ATOMIC(ds_min_u64, A_UMIN, 64)
DS_ATOMIC(ds_max_u64, A_UMAX, 64)
DS_ATOMIC(ds_and_b64, A_AND, 64)
DS_ATOMIC(ds_or_b64, A_OR, 64)
DS_ATOMIC(ds_xor_b64, A_XOR, 64)
DS_ATOMIC(ds_cmpst_b64, A_CMPSWAP, 64)
DS_ATOMIC(ds_add_f64, A_FADD, 64)
DS_ATOMIC(ds_min_f32, A_FMIN, 32)
DS_ATOMIC(ds_max_f32, A_FMAX, 32)
DS_ATOMIC(ds_min_f64, A_FMIN, 64)
DS_ATOMIC(ds_max_f64, A_FMAX, 64)
VOP(ds_wrxchg_rtn_b64) { return ds_atomic_n(w, in, A_SWAP, true, 64); }
/* The remaining 32-bit returning forms (non-returning ones are below). */
VOP(ds_sub_rtn_u32) { return ds_atomic(w, in, A_SUB, true); }
VOP(ds_inc_rtn_u32) { return ds_atomic(w, in, A_INC, true); }
VOP(ds_dec_rtn_u32) { return ds_atomic(w, in, A_DEC, true); }
VOP(ds_min_rtn_u32) { return ds_atomic(w, in, A_UMIN, true); }
VOP(ds_max_rtn_u32) { return ds_atomic(w, in, A_UMAX, true); }
VOP(ds_and_rtn_b32) { return ds_atomic(w, in, A_AND, true); }
VOP(ds_or_rtn_b32) { return ds_atomic(w, in, A_OR, true); }
VOP(ds_xor_rtn_b32) { return ds_atomic(w, in, A_XOR, true); }
VOP(ds_add_u32) { return ds_atomic(w, in, A_ADD, false); }
VOP(ds_add_rtn_u32) { return ds_atomic(w, in, A_ADD, true); }
VOP(ds_sub_u32) { return ds_atomic(w, in, A_SUB, false); }
VOP(ds_min_i32) { return ds_atomic(w, in, A_SMIN, false); }
VOP(ds_max_i32) { return ds_atomic(w, in, A_SMAX, false); }
VOP(ds_min_u32) { return ds_atomic(w, in, A_UMIN, false); }
VOP(ds_max_u32) { return ds_atomic(w, in, A_UMAX, false); }
VOP(ds_and_b32) { return ds_atomic(w, in, A_AND, false); }
VOP(ds_or_b32) { return ds_atomic(w, in, A_OR, false); }
VOP(ds_xor_b32) { return ds_atomic(w, in, A_XOR, false); }
VOP(ds_inc_u32) { return ds_atomic(w, in, A_INC, false); }
VOP(ds_dec_u32) { return ds_atomic(w, in, A_DEC, false); }
VOP(ds_max_rtn_i32) { return ds_atomic(w, in, A_SMAX, true); }
VOP(ds_min_rtn_i32) { return ds_atomic(w, in, A_SMIN, true); }
VOP(ds_cmpst_rtn_b32) { return ds_atomic(w, in, A_CMPSWAP, true); }
VOP(ds_wrxchg_rtn_b32) { return ds_atomic(w, in, A_SWAP, true); }

/*
 * 8- and 16-bit LDS accesses.  d16 (D16_NONE, D16_LO, D16_HI): a D16
 * store writes the data's high half (D16_HI: bits 23:16 or 31:16); a
 * D16 load extends the value to 16 bits and writes one half of the
 * destination, keeping the other (d16_merge), as the FLAT D16 forms do.
 */
static int ds_small_d16(struct wave *w, const struct insn *in, unsigned size, bool store,
			bool sign, unsigned d16)
{
	ACC_RESOLVE(w, in);
	if (!regs_ok(w, in, in->addr, 1) || !regs_ok(w, in, store ? in->data : in->dst, 1))
		return -1;
	w->wk->stats.lds_bytes += (uint64_t)__builtin_popcountll(w->exec) * size;
	FOR_LANES(l) {
		uint8_t *p = lds(w, in, l, (uint32_t)in->offset, size);
		uint32_t v = 0;

		if (!p)
			return -1;
		if (store) {
			v = w->v[in->data][l] >> (d16 == D16_HI ? 16 : 0);
			memcpy(p, &v, size);
			wave_progress(w);
			continue;
		}
		memcpy(&v, p, size);
		if (sign)
			v = size == 1 ? (uint32_t)(int32_t)(int8_t)v : (uint32_t)(int32_t)(int16_t)v;
		w->v[in->dst][l] = d16_merge(w->v[in->dst][l], v, d16);
	}
	return 0;
}
static int ds_small(struct wave *w, const struct insn *in, unsigned size, bool store, bool sign)
{
	return ds_small_d16(w, in, size, store, sign, D16_NONE);
}
VOP(ds_write_b8) { return ds_small(w, in, 1, true, false); }
VOP(ds_write_b16) { return ds_small(w, in, 2, true, false); }
VOP(ds_read_u8) { return ds_small(w, in, 1, false, false); }
VOP(ds_read_i8) { return ds_small(w, in, 1, false, true); }
VOP(ds_read_u16) { return ds_small(w, in, 2, false, false); }
VOP(ds_read_i16) { return ds_small(w, in, 2, false, true); }
VOP(ds_write_b8_d16_hi) { return ds_small_d16(w, in, 1, true, false, D16_HI); }
VOP(ds_write_b16_d16_hi) { return ds_small_d16(w, in, 2, true, false, D16_HI); }
VOP(ds_read_u8_d16) { return ds_small_d16(w, in, 1, false, false, D16_LO); }
VOP(ds_read_i8_d16) { return ds_small_d16(w, in, 1, false, true, D16_LO); }
VOP(ds_read_u16_d16) { return ds_small_d16(w, in, 2, false, false, D16_LO); }
VOP(ds_read_u8_d16_hi) { return ds_small_d16(w, in, 1, false, false, D16_HI); }
VOP(ds_read_i8_d16_hi) { return ds_small_d16(w, in, 1, false, true, D16_HI); }
VOP(ds_read_u16_d16_hi) { return ds_small_d16(w, in, 2, false, false, D16_HI); }

/*
 * write2/read2: two elements of @n dwords at offset0 * unit and
 * offset1 * unit (unit = element size, or 64 elements for the st64
 * forms).  write2 takes data0 and data1; read2 fills 2 * n registers.
 */
static int ds_2(struct wave *w, const struct insn *in, bool store, unsigned n, unsigned unit)
{
	ACC_RESOLVE(w, in);
	uint32_t off[2] = { unit * (in->offset & 0xff), unit * in->offset1 };

	if (!regs_ok(w, in, in->addr, 1) ||
	    (store ? !regs_ok(w, in, in->data, n) || !regs_ok(w, in, in->src[2], n)
		   : !regs_ok(w, in, in->dst, 2 * n)))
		return -1;
	FOR_LANES(l) {
		/* Both addresses first: the destination may overwrite ADDR. */
		uint8_t *p[2] = { lds(w, in, l, off[0], 4 * n), NULL };

		if (p[0])
			p[1] = lds(w, in, l, off[1], 4 * n);
		if (!p[1])
			return -1;
		for (unsigned k = 0; k < 2; k++) {
			for (unsigned i = 0; i < n; i++) {
				if (store)
					memcpy(p[k] + 4 * i, &w->v[(k ? in->src[2] : in->data) + i][l], 4),
					wave_progress(w);
				else
					memcpy(&w->v[in->dst + k * n + i][l], p[k] + 4 * i, 4);
			}
		}
	}
	return 0;
}
VOP(ds_write2_b32) { return ds_2(w, in, true, 1, 4); }
VOP(ds_read2_b32) { return ds_2(w, in, false, 1, 4); }
VOP(ds_write2_b64) { return ds_2(w, in, true, 2, 8); }
VOP(ds_read2_b64) { return ds_2(w, in, false, 2, 8); }
VOP(ds_write2st64_b32) { return ds_2(w, in, true, 1, 4 * 64); }
VOP(ds_read2st64_b32) { return ds_2(w, in, false, 1, 4 * 64); }
VOP(ds_write2st64_b64) { return ds_2(w, in, true, 2, 8 * 64); }
VOP(ds_read2st64_b64) { return ds_2(w, in, false, 2, 8 * 64); }

/*
 * ds_bpermute: lane l reads data0 of lane ((addr + offset) / 4) % wave size, no
 * LDS memory involved.  A disabled source lane reads as 0 (AMD's
 * "Cross-lane operations" note; unverified on hardware).
 */
VOP(ds_bpermute_b32)
{
	ACC_RESOLVE(w, in);
	uint32_t tmp[WAVE_LANES];

	if (!regs_ok(w, in, in->addr, 1) || !regs_ok(w, in, in->data, 1) ||
	    !regs_ok(w, in, in->dst, 1))
		return -1;
	FOR_LANES(l) {
		unsigned s = ((w->v[in->addr][l] + (uint32_t)in->offset) / 4) & (w->wave_size - 1);

		tmp[l] = (w->exec >> s) & 1 ? w->v[in->data][s] : 0;
	}
	FOR_LANES(l)
		w->v[in->dst][l] = tmp[l];
	return 0;
}

/*
 * ds_permute: the forward form -- each active lane l sends data0 to lane
 * ((addr + offset) / 4) % wave size; when several send to one lane the
 * highest-numbered wins; a lane nobody sends to gets 0; only active
 * lanes write their destination (the ISA's pseudocode).
 */
VOP(ds_permute_b32)
{
	ACC_RESOLVE(w, in);
	uint32_t tmp[WAVE_LANES] = { 0 };

	if (!regs_ok(w, in, in->addr, 1) || !regs_ok(w, in, in->data, 1) ||
	    !regs_ok(w, in, in->dst, 1))
		return -1;
	FOR_LANES(l) {
		unsigned d = ((w->v[in->addr][l] + (uint32_t)in->offset) / 4) & (w->wave_size - 1);

		tmp[d] = w->v[in->data][l];
	}
	FOR_LANES(l)
		w->v[in->dst][l] = tmp[l];
	return 0;
}

/* The 5-bit lane number @i with its bits in reverse order. */
static unsigned reverse5(unsigned i)
{
	return ((i & 1) << 4) | ((i & 2) << 2) | (i & 4) | ((i & 8) >> 2) | ((i & 16) >> 4);
}

/*
 * ds_swizzle: lane l reads the ADDR register (the value swizzled; there
 * is no data operand) of a lane the 16-bit offset names, by the ISA
 * manual's pseudocode (the same in the gfx9 and gfx11 manuals).  Every
 * mode stays within l's group of 32 lanes (base = l & 32):
 *   offset >= 0xe000  FFT: mask = offset[4:0]; the source is
 *                     (reverse5(l & 31) >> popcount(mask)) | (l & mask)
 *   offset >= 0xc000  rotate: by offset[9:5] lanes, left (lane l reads
 *                     l + n) or with offset[10] right (l - n), modulo 32,
 *                     the lane bits offset[4:0] set keeping l's own:
 *                     (l & mask) | ((l + n) & ~mask & 31)
 *   offset[15] set    within the group of 4: offset[2k+1:2k] picks lane
 *                     k's source
 *   otherwise         ((l & and) | or) ^ xor, the masks offset[4:0],
 *                     [9:5], [14:10]
 * An inactive source reads as 0.  A target without the FFT and rotate
 * modes (none of the modelled ones: gfx9+ have them) faults on them.
 */
VOP(ds_swizzle_b32)
{
	ACC_RESOLVE(w, in);
	uint32_t off = (uint32_t)in->offset & 0xffff, tmp[WAVE_LANES];
	unsigned mask = off & 31, shift = (unsigned)__builtin_popcount(mask);
	unsigned rotate = ((off & 0x400) ? 32 - ((off >> 5) & 31) : (off >> 5)) & 31;

	if (!regs_ok(w, in, in->addr, 1) || !regs_ok(w, in, in->dst, 1))
		return -1;
	if (off >= 0xc000 && !w->sim->target->swizzle_fft_rotate)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "ds_swizzle offset 0x%x: %s has no %s mode", off,
				  w->sim->target->name, off >= 0xe000 ? "FFT" : "rotate");
	FOR_LANES(l) {
		unsigned s, i = l & 31;

		if (off >= 0xe000)
			s = (reverse5(i) >> shift) | (i & mask);
		else if (off >= 0xc000)
			s = (i & mask) | ((i + rotate) & ~mask & 31);
		else if (off & 0x8000)
			s = (i & ~3u) | ((off >> (2 * (i & 3))) & 3);
		else
			s = ((i & mask) | ((off >> 5) & 31)) ^ ((off >> 10) & 31);
		s |= l & 32;
		tmp[l] = (w->exec >> s) & 1 ? w->v[in->addr][s] : 0;
	}
	FOR_LANES(l)
		w->v[in->dst][l] = tmp[l];
	return 0;
}

/* --------------------------------------------------------------- MUBUF */
/*
 * Only the private-segment form clang uses for scratch on gfx90a: a V#
 * with SWIZZLE_ENABLE, ADD_TID_ENABLE, INDEX_STRIDE 64 and ELEMENT_SIZE
 * 4, no index (docs/facts/dispatch.md §3.3, ROCR's InitScratchSRD).  The index
 * is the lane id (< INDEX_STRIDE, so STRIDE never contributes), and the
 * MUBUF swizzle gives
 *   base + soffset + (offset / 4) * 4 * 64 + lane * 4 + offset % 4,
 * with offset = inst_offset [+ vaddr]: the same bytes as the flat
 * private aperture at wave_base + offset (private_byte() above).
 * Hardware range-checks against NUM_RECORDS and returns 0 / drops the
 * store; the model instead faults on any access outside the wave's
 * TMPRING slice, as it does for flat private accesses.
 */
static int buf_access(struct wave *w, const struct insn *in, unsigned size, unsigned n,
		      bool sign, bool store)
{
	ACC_RESOLVE(w, in);
	uint32_t v0 = rd_s32(w, in, in->src[0]), v1 = rd_s32(w, in, in->src[0] + 1);
	uint32_t v3 = rd_s32(w, in, in->src[0] + 3);
	uint64_t base = v0 | (uint64_t)(v1 & 0xffff) << 32;
	bool swizzle = v1 >> 31, add_tid = (v3 >> 23) & 1;
	unsigned index_stride = (v3 >> 21) & 3, elem = (v3 >> 19) & 3;
	uint64_t per_lane = w->scratch_size / w->wave_size;
	uint32_t tmp[4][WAVE_LANES];

	/* INDEX_STRIDE (8 << n lanes) = the wave size, ELEMENT_SIZE 4 bytes */
	if (in->idxen || in->imm || !swizzle || !add_tid || 8u << index_stride != w->wave_size ||
	    elem != 1)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "MUBUF form not modelled (only swizzled private-segment buffers)");
	uint64_t wave_base = base + rd_s32(w, in, in->saddr);

	if (!regs_ok(w, in, in->data, n) || (in->offen && !regs_ok(w, in, in->addr, 1)))
		return -1;
	FOR_LANES(l) {
		for (unsigned k = 0; k < n; k++) {
			uint64_t off = (uint64_t)in->offset + 4ull * k +
				       (in->offen ? w->v[in->addr][l] : 0);
			uint64_t phys = wave_base + ((off / 4) * w->wave_size + l) * 4 + (off & 3);
			uint8_t *p = NULL;

			if ((off & 3) + size > 4)
				return mem_fault(w, in, off, l,
						 "private access crosses a dword at offset"), -1;
			if (off >= per_lane || size > per_lane - off)
				return mem_fault(w, in, off, l,
						 "private access outside the wave's scratch at offset"), -1;
			p = mem_translate(w->sim, phys, size);
			if (!p)
				return mem_fault(w, in, phys, l, "scratch buffer access at"), -1;
			if (store) {
				memcpy(p, &w->v[in->data + k][l], size);
				continue;
			}
			uint32_t v = 0;

			memcpy(&v, p, size);
			if (sign)
				v = size == 1 ? (uint32_t)(int32_t)(int8_t)v
					      : (uint32_t)(int32_t)(int16_t)v;
			tmp[k][l] = v;
		}
	}
	if (!store)
		FOR_LANES(l)
			for (unsigned k = 0; k < n; k++)
				w->v[in->data + k][l] = tmp[k][l];
	return 0;
}
VOP(buf_load_u8) { return buf_access(w, in, 1, 1, false, false); }
VOP(buf_load_i8) { return buf_access(w, in, 1, 1, true, false); }
VOP(buf_load_u16) { return buf_access(w, in, 2, 1, false, false); }
VOP(buf_load_i16) { return buf_access(w, in, 2, 1, true, false); }
VOP(buf_load_x1) { return buf_access(w, in, 4, 1, false, false); }
VOP(buf_load_x2) { return buf_access(w, in, 4, 2, false, false); }
VOP(buf_load_x3) { return buf_access(w, in, 4, 3, false, false); }
VOP(buf_load_x4) { return buf_access(w, in, 4, 4, false, false); }
VOP(buf_store_8) { return buf_access(w, in, 1, 1, false, true); }
VOP(buf_store_16) { return buf_access(w, in, 2, 1, false, true); }
VOP(buf_store_x1) { return buf_access(w, in, 4, 1, false, true); }
VOP(buf_store_x2) { return buf_access(w, in, 4, 2, false, true); }
VOP(buf_store_x3) { return buf_access(w, in, 4, 3, false, true); }
VOP(buf_store_x4) { return buf_access(w, in, 4, 4, false, true); }

/*
 * Cache write-back / invalidate for fences (buffer_wbinvl1_vol, wbl2,
 * invl2, gfx940's buffer_inv, gfx11's buffer_gl0/gl1_inv): the model's
 * memory is coherent and each wave's accesses complete in program order.
 * Waves of other workgroups may run on other host threads
 * (dispatch.c), so these are where a release or acquire fence of the
 * program happens: a full host fence, which orders this wave's earlier
 * loads and stores before its later ones as every other host thread
 * sees them (docs/model.md, "Host threads").
 */
VOP(buf_cache_nop)
{
	(void)w;
	(void)in;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	return 0;
}
