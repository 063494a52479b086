// SPDX-License-Identifier: MIT
/*
 * Image instructions (MIMG): image_load(_mip), image_store(_mip),
 * image_get_resinfo, image_sample with its _lz, _l and _d forms, and
 * image_gather4(_lz, _l), on the linear images of image_desc.c.
 *
 * Address VGPRs, in order (LLVM's ImageDimIntrinsicInfo; llc-19 checked):
 * the derivatives of _d (all horizontal, then all vertical), the
 * coordinates (x, y, z; an array's layer or a cube's face last), then the
 * LOD of _l or the mip level of _mip.  gfx9 has no DIM field: the T#'s
 * TYPE says how many coordinates there are; on gfx11 the instruction's DIM
 * must agree with it (a mismatch is a fault, not a guess).
 *
 * Results: one dword per DMASK bit, in X, Y, Z, W order after the T#'s
 * DST_SEL swizzle (D16: two per dword); gather4 returns four texels of
 * the one channel DMASK names.  Stores take the components DMASK names
 * (the others are 0: LLVM's "default-component-zero" before gfx12).
 *
 * What the sources do not settle, and the model's choice:
 *  - texel addressing of linear images: image_desc.c;
 *  - bilinear weights: AMD's own texture tests (hip-tests
 *    texture_reference.hh) expect coordinate - 0.5 quantised to 8
 *    fractional bits, then float weights (1 - a)(1 - b) ... summed
 *    i0j0, i1j0, i0j1, i1j1, and ask exact equality with the GPU: the
 *    model computes exactly that, in float;
 *  - an out-of-range image_load returns 0 in every component and an
 *    out-of-range store is dropped (RADV's robustImageAccess2 with no
 *    shader checks, Mesa's CDNA emulation); an array layer of a sample is
 *    rounded to nearest even and clamped (GL's rule, ockl's rint);
 *  - float -> UNORM/SNORM stores clamp, then round to nearest even;
 *    integer stores keep the low bits; sRGB is degammaed on read with the
 *    exact sRGB curve (hardware may use a table);
 *  - a border texel is the border colour in all four output components
 *    (after the swizzle), 1 being 1.0f, or 1 for integer formats;
 *  - implicit-LOD image_sample in a compute wave: with one mip level the
 *    LOD only picks the min or mag filter; the model faults if they differ;
 *  - cube sampling: s and t arrive as 1 + the face coordinate in [0, 1]
 *    (Mesa's ac_prepare_cube_coords adds 1.5 to sc / |cubema|, which is
 *    in [-0.5, 0.5]; no source says how the hardware maps [1, 2] to the
 *    face, and ockl's +0.5 would put them in [0, 1] -- ROCm never runs
 *    that path: clr refuses cubemaps); the face coordinate is layer * 8 +
 *    face, taken as floor() of the float; each face is addressed with the
 *    S#'s clamp modes like a 2D image.  Only non-seamless filtering
 *    (DISABLE_CUBE_WRAP 1) is modelled: linear filtering with seamless
 *    faces (radv's default) faults.
 *  - mip levels (gfx11, every image type): the LOD of _l is given, of _d
 *    0.5 log2 of the longer squared derivative vector in texels of the
 *    base level, plus the S#'s bias, clamped to its MIN_LOD..MAX_LOD;
 *    mip_levels() picks the levels.  A level's texel grid is its own
 *    size (max(1, size >> level)).
 *  - A16: coordinates, layer and LOD as 16-bit halves, two a dword, the
 *    low half first (clang packs constant coordinates f16 holds exactly).
 * Not modelled (a fault that says so): cube gather, seamless cube
 * filtering, gfx9 mip chains, implicit LOD over several levels, MSAA,
 * A16 with derivatives or get_resinfo, TFE/LWE, atomics, depth compare,
 * offsets, bias.
 */
#include <math.h>
#include <string.h>

#include "half.h"		/* h2f, d2h */
#include "image.h"
#include "valu.h"		/* VOP, FOR_LANES, f32, bits32 */

static int unsupported(struct wave *w, const struct insn *in, const char *what)
{
	return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0, "%s: %s not modelled",
			  in->desc->name, what);
}

/*
 * The VGPR of address dword @k: consecutive from VADDR, or with gfx11's
 * NSA, VADDR and the four listed, the last of which starts a consecutive
 * run of the rest (llvm-mc-19: a 6-address image_sample_d is
 * [v9, v10, v11, v12, v[13:14]]).
 */
static unsigned addr_vgpr(const struct insn *in, unsigned k)
{
	if (in->nsa && k)
		return k < 4 ? in->nsa_addr[k - 1] : in->nsa_addr[3] + (k - 4);
	return in->addr + k;
}

/*
 * Address element @k of lane @l, counting from address dword @first:
 * a dword each, or with A16 two 16-bit elements a dword, the low half
 * first (LLVM's packImage16bitOpsToDwords) -- as f32 bits (@flt: the f16
 * widened) or an integer (the u16 zero-extended).
 */
static uint32_t addr_elem(const struct wave *w, const struct insn *in, unsigned first, unsigned k,
			  unsigned l, bool flt)
{
	if (!in->a16)
		return w->v[addr_vgpr(in, first + k)][l];
	uint32_t d = w->v[addr_vgpr(in, first + k / 2)][l];
	uint16_t h = (uint16_t)(d >> (16 * (k & 1)));

	return flt ? bits32(h2f(h)) : h;
}

/* The address dwords @n elements take. */
static unsigned addr_dwords(const struct insn *in, unsigned n)
{
	return in->a16 ? (n + 1) / 2 : n;
}

/* Coordinates the image's type takes (an array's layer, a cube's face included). */
static unsigned ncoords(unsigned type)
{
	static const uint8_t n[] = { 1, 2, 3, 3, 2, 3 };

	return n[type - IMG_1D];
}

/* Spatial dimensions (those a sampler filters and a derivative has). */
static unsigned nspatial(unsigned type)
{
	static const uint8_t n[] = { 1, 2, 3, 2, 1, 2 };

	return n[type - IMG_1D];
}

static bool is_array(unsigned type)
{
	return type == IMG_1D_ARRAY || type == IMG_2D_ARRAY || type == IMG_CUBE;
}

/*
 * The checks every image instruction shares: the T#, the DIM and the
 * modifiers the model does not have.
 */
static int prologue(struct wave *w, const struct insn *in, struct img_rsrc *r)
{
	if (img_rsrc_read(w, in, r))
		return -1;
	if (in->dim != 0xff && in->dim != r->type - IMG_1D)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "%s: the instruction's DIM %u disagrees with the T#'s TYPE %u",
				  in->desc->name, in->dim, r->type);
	if (in->tfe || in->lwe)
		return unsupported(w, in, "TFE/LWE (the residency status dword)");
	return 0;
}

/* @naddr address and @ndata data VGPRs exist; the data VGPR (AccVGPRs
 * resolved) in *@data. */
static int regs(struct wave *w, const struct insn *in, unsigned naddr, unsigned ndata,
		unsigned *data)
{
	for (unsigned k = 0; k < naddr; k++)
		if (!vgpr_ok(w, addr_vgpr(in, k), 1))
			return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
					  "%s: address %u (v%u) beyond the kernel's %u VGPRs",
					  in->desc->name, k, addr_vgpr(in, k), w->nvgprs);
	*data = in->data + (in->acc ? w->acc_base : 0);
	if (!vgpr_ok(w, *data, ndata))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
				  "%s: data v%u..v%u beyond the kernel's %u VGPRs", in->desc->name,
				  *data, *data + ndata - 1, w->nvgprs);
	return 0;
}

static bool int_class(const struct img_rsrc *r)
{
	return r->nf == NF_UINT || r->nf == NF_SINT;
}

static uint32_t one(const struct img_rsrc *r)
{
	return int_class(r) ? 1 : 0x3f800000u;
}

/* The texel at (x, y, slice) of mip level @lv, or NULL after a fault
 * (unmapped memory). */
static const uint8_t *texel_at(struct wave *w, const struct insn *in, const struct img_rsrc *r,
			       unsigned lv, uint32_t x, uint32_t y, uint32_t slice, unsigned lane,
			       enum bh_sim_access access)
{
	uint64_t off = slice * r->slice_bytes + r->loff[lv] +
		       ((uint64_t)y * r->lpitch[lv] + x) * r->bpe;
	uint8_t *p = mem_translate(w->sim, r->base + off, r->bpe);

	if (!p)
		wave_fault_access(w, in, r->base + off, access, "lane %u: %s: texel (%u, %u, "
				  "slice %u) at unmapped address 0x%llx", lane, in->desc->name, x,
				  y, slice, (unsigned long long)(r->base + off));
	return p;
}

static float srgb_to_linear(float c)
{
	return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

/* Memory channel @c of texel @p as the number format reads it (f32 or
 * integer bits). */
static uint32_t channel(const struct img_rsrc *r, const uint8_t *p, unsigned c)
{
	uint32_t v = 0;
	unsigned bytes = r->bits / 8;

	memcpy(&v, p + c * bytes, bytes);
	uint32_t max = r->bits == 32 ? 0xffffffffu : (1u << r->bits) - 1;
	int32_t sv = r->bits == 32 ? (int32_t)v : (int32_t)(v << (32 - r->bits)) >> (32 - r->bits);

	switch (r->nf) {
	case NF_UNORM:
		return bits32((float)v / (float)max);
	case NF_SRGB: {
		float f = (float)v / (float)max;

		return bits32(c < 3 ? srgb_to_linear(f) : f);
	}
	case NF_SNORM: {
		float f = (float)sv / (float)(max >> 1);

		return bits32(f < -1.0f ? -1.0f : f);
	}
	case NF_USCALED:
		return bits32((float)v);
	case NF_SSCALED:
		return bits32((float)sv);
	case NF_SINT:
		return (uint32_t)sv;
	case NF_FLOAT:
		return r->bits == 16 ? bits32(h2f((uint16_t)v)) : v;
	default:		/* NF_UINT */
		return v;
	}
}

/* A texel's four output components: its channels through DST_SEL
 * (a channel the format lacks reads 0, alpha 1). */
static void swizzle(const struct img_rsrc *r, const uint8_t *p, uint32_t out[4])
{
	for (unsigned k = 0; k < 4; k++) {
		unsigned s = r->sel[k];

		if (s == SEL_0)
			out[k] = 0;
		else if (s == SEL_1)
			out[k] = one(r);
		else if (s - SEL_X < r->nch)
			out[k] = channel(r, p, s - SEL_X);
		else
			out[k] = s - SEL_X == 3 ? one(r) : 0;
	}
}

void img_texel_components(const struct img_rsrc *r, const uint8_t *p, uint32_t out[4])
{
	swizzle(r, p, out);
}

/* Pack the DMASK components of @v into @dst (D16: two per dword). */
static unsigned pack(const struct insn *in, const struct img_rsrc *r, const uint32_t v[4],
		     uint32_t *dst)
{
	unsigned n = 0;

	for (unsigned k = 0; k < 4; k++) {
		if (!((in->dmask >> k) & 1))
			continue;
		if (!in->d16) {
			dst[n++] = v[k];
			continue;
		}
		uint32_t h = int_class(r) ? (v[k] & 0xffff) : d2h((double)f32(v[k]));

		if (n & 1)
			dst[n / 2] |= h << 16;
		else
			dst[n / 2] = h;
		n++;
	}
	return in->d16 ? (n + 1) / 2 : n;
}

static unsigned data_dwords(const struct insn *in, unsigned components)
{
	return in->d16 ? (components + 1) / 2 : components;
}

/*
 * Integer coordinates of a load or store at lane @l into (x, y, slice) of
 * mip level *@lv (BASE_LEVEL + the _mip operand): false when outside the
 * image or its levels (the load reads 0, the store is dropped).
 */
static bool int_coords(struct wave *w, const struct insn *in, const struct img_rsrc *r,
		       unsigned l, bool mip, uint32_t *x, uint32_t *y, uint32_t *slice,
		       unsigned *lv)
{
	uint32_t c[4] = { 0, 0, 0, 0 };
	unsigned n = ncoords(r->type);

	for (unsigned k = 0; k < n + mip; k++)
		c[k] = addr_elem(w, in, 0, k, l, false);
	*lv = r->base_level;
	if (mip) {
		if (c[n] > (uint32_t)(r->last_level - r->base_level))
			return false;
		*lv += c[n];
	}
	*x = c[0];
	*y = nspatial(r->type) >= 2 ? c[1] : 0;
	*slice = 0;
	if (r->type == IMG_3D)
		*slice = c[2];
	else if (is_array(r->type)) {
		uint32_t layer = c[n - 1];

		if (layer >= r->layers)
			return false;
		*slice = r->first_layer + layer;
	}
	return *x < r->lw[*lv] && *y < r->lh[*lv] && (r->type != IMG_3D || *slice < r->ld[*lv]);
}

static int load(struct wave *w, const struct insn *in, bool mip)
{
	struct img_rsrc r;
	unsigned comps = (unsigned)__builtin_popcount(in->dmask), data;
	uint32_t tmp[4][WAVE_LANES];

	if (!comps)
		return unsupported(w, in, "DMASK 0");
	if (prologue(w, in, &r) ||
	    regs(w, in, addr_dwords(in, ncoords(r.type) + mip), data_dwords(in, comps), &data))
		return -1;
	unsigned n = 0;

	FOR_LANES(l) {
		uint32_t x, y, slice, v[4] = { 0, 0, 0, 0 }, out[4];
		unsigned lv;

		if (int_coords(w, in, &r, l, mip, &x, &y, &slice, &lv)) {
			const uint8_t *p = texel_at(w, in, &r, lv, x, y, slice, l,
						    BH_SIM_ACCESS_READ);

			if (!p)
				return -1;
			swizzle(&r, p, v);
		}
		n = pack(in, &r, v, out);
		for (unsigned k = 0; k < n; k++)
			tmp[k][l] = out[k];
	}
	FOR_LANES(l)
		for (unsigned k = 0; k < n; k++)
			w->v[data + k][l] = tmp[k][l];
	return 0;
}

VOP(img_load) { return load(w, in, false); }
VOP(img_load_mip) { return load(w, in, true); }

/* One component @v (f32 or integer bits) in the memory form of a channel
 * (not sRGB: the caller refuses it). */
static uint32_t to_memory(const struct img_rsrc *r, uint32_t v)
{
	uint32_t max = r->bits == 32 ? 0xffffffffu : (1u << r->bits) - 1;
	float f = f32(v);

	switch (r->nf) {
	case NF_UNORM:
		if (!(f > 0.0f))
			return 0;	/* and NaN */
		return f >= 1.0f ? max : (uint32_t)rintf(f * (float)max);
	case NF_SNORM: {
		float m = (float)(max >> 1);

		if (f != f)
			return 0;
		f = f < -1.0f ? -1.0f : f > 1.0f ? 1.0f : f;
		return (uint32_t)(int32_t)rintf(f * m) & max;
	}
	case NF_USCALED:
		if (!(f > 0.0f))
			return 0;
		return f >= (float)max ? max : (uint32_t)rintf(f);
	case NF_SSCALED: {
		float hi = (float)(max >> 1), lo = -hi - 1.0f;

		if (f != f)
			return 0;
		f = f < lo ? lo : f > hi ? hi : f;
		return (uint32_t)(int32_t)rintf(f) & max;
	}
	case NF_FLOAT:
		return r->bits == 16 ? d2h((double)f) : v;
	default:		/* UINT, SINT: the low bits */
		return v & max;
	}
}

static int store(struct wave *w, const struct insn *in, bool mip)
{
	struct img_rsrc r;
	unsigned comps = (unsigned)__builtin_popcount(in->dmask), data;

	if (!comps)
		return unsupported(w, in, "DMASK 0");
	if (prologue(w, in, &r))
		return -1;
	if (r.nf == NF_SRGB)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0, "%s: an sRGB image "
				  "cannot be stored to (the hardware has no sRGB store)",
				  in->desc->name);
	if (regs(w, in, addr_dwords(in, ncoords(r.type) + mip), data_dwords(in, comps), &data))
		return -1;
	FOR_LANES(l) {
		uint32_t x, y, slice, v[4] = { 0, 0, 0, 0 };
		uint8_t texel[16];
		unsigned lv;

		if (!int_coords(w, in, &r, l, mip, &x, &y, &slice, &lv))
			continue;
		for (unsigned k = 0, n = 0; k < 4; k++) {
			if (!((in->dmask >> k) & 1))
				continue;
			uint32_t d = w->v[data + (in->d16 ? n / 2 : n)][l];

			if (in->d16) {
				uint16_t h = (uint16_t)(d >> (16 * (n & 1)));

				d = int_class(&r) ? (r.nf == NF_SINT ? (uint32_t)(int16_t)h : h)
						  : bits32(h2f(h));
			}
			v[k] = d;
			n++;
		}
		/* Memory channel m takes the component DST_SEL reads it into. */
		for (unsigned m = 0; m < r.nch; m++) {
			uint32_t d = 0, bytes = r.bits / 8;

			for (unsigned k = 0; k < 4; k++)
				if (r.sel[k] == SEL_X + m) {
					d = to_memory(&r, v[k]);
					break;
				}
			memcpy(texel + m * bytes, &d, bytes);
		}
		uint8_t *p = (uint8_t *)texel_at(w, in, &r, lv, x, y, slice, l,
						 BH_SIM_ACCESS_WRITE);

		if (!p)
			return -1;
		memcpy(p, texel, r.bpe);
	}
	return 0;
}

VOP(img_store) { return store(w, in, false); }
VOP(img_store_mip) { return store(w, in, true); }

/* (width, height, depth or layers, mip levels) of the level in address 0. */
VOP(img_resinfo)
{
	struct img_rsrc r;
	unsigned comps = (unsigned)__builtin_popcount(in->dmask), data;
	uint32_t tmp[4][WAVE_LANES];

	if (!comps)
		return unsupported(w, in, "DMASK 0");
	if (in->d16)
		return unsupported(w, in, "D16");
	if (in->a16)
		return unsupported(w, in, "A16 (a 16-bit mip level)");
	if (prologue(w, in, &r) || regs(w, in, 1, comps, &data))
		return -1;
	uint32_t z = r.type == IMG_CUBE ? r.layers / 6 : is_array(r.type) ? r.layers : 1;
	uint32_t y = r.type == IMG_1D_ARRAY ? r.layers : r.height;

	FOR_LANES(l) {
		/* The level relative to BASE_LEVEL; beyond LAST_LEVEL: 0s. */
		uint32_t m = w->v[addr_vgpr(in, 0)][l];
		bool in_view = m <= (uint32_t)(r.last_level - r.base_level);
		unsigned lv = in_view ? r.base_level + m : 0;
		uint32_t ly = r.type == IMG_1D_ARRAY ? y : r.lh[lv];
		uint32_t lz = r.type == IMG_3D ? r.ld[lv] : z;
		uint32_t v[4] = { in_view ? r.lw[lv] : 0, in_view ? ly : 0, in_view ? lz : 0,
				  (uint32_t)(r.last_level - r.base_level + 1) }, out[4];
		unsigned n = pack(in, &r, v, out);

		for (unsigned k = 0; k < n; k++)
			tmp[k][l] = out[k];
	}
	FOR_LANES(l)
		for (unsigned k = 0; k < (unsigned)comps; k++)
			w->v[data + k][l] = tmp[k][l];
	return 0;
}

/* ------------------------------------------------------------ sampling */

/* A texel index after the address mode; -1: the border. */
static int64_t address(int64_t i, uint32_t size, unsigned mode)
{
	int64_t n = size;

	switch (mode) {
	case CLAMP_WRAP:
		return ((i % n) + n) % n;
	case CLAMP_MIRROR: {
		int64_t m = ((i % (2 * n)) + 2 * n) % (2 * n);

		return m < n ? m : 2 * n - 1 - m;
	}
	case CLAMP_LAST_TEXEL:
		return i < 0 ? 0 : i >= n ? n - 1 : i;
	default:		/* CLAMP_BORDER */
		return i < 0 || i >= n ? -1 : i;
	}
}

/* floor(@f) as a texel index, NaN as 0 and the far range clamped. */
static int64_t index_of(float f)
{
	if (f != f)
		return 0;
	f = floorf(f);
	return f < -1e9f ? -1000000000 : f > 1e9f ? 1000000000 : (int64_t)f;
}

/* The bilinear position of @u (texel space): the lower tap and its weight. */
static void linear_pos(float u, int64_t *i0, float *a)
{
	float b = u - 0.5f, t = truncf(b);
	float q = t + roundf((b - t) * 256.0f) / 256.0f;	/* 8 fractional bits */
	float fl = floorf(q);

	*i0 = index_of(fl);
	*a = q - fl;
	if (*a != *a)
		*a = 0.0f;
}

struct sample_ctx {
	struct wave *w;
	const struct insn *in;
	const struct img_rsrc *r;
	const struct img_samp *s;
	uint32_t slice;		/* arrays: the layer's slice */
	unsigned lv;		/* the mip level */
	unsigned lane;
	uint32_t border[4];
};

/* Output components of the tap at texel indices @i (before address modes):
 * 0, or -1 after a fault. */
static int tap(struct sample_ctx *c, const int64_t i[3], uint32_t out[4])
{
	const struct img_rsrc *r = c->r;
	uint32_t size[3] = { r->lw[c->lv], r->lh[c->lv], r->ld[c->lv] }, xyz[3] = { 0, 0, 0 };
	unsigned nsp = nspatial(r->type);

	for (unsigned a = 0; a < nsp; a++) {
		int64_t k = address(i[a], size[a], c->s->clamp[a]);

		if (k < 0) {
			memcpy(out, c->border, sizeof(c->border));
			return 0;
		}
		xyz[a] = (uint32_t)k;
	}
	uint32_t slice = r->type == IMG_3D ? xyz[2] : c->slice;
	const uint8_t *p = texel_at(c->w, c->in, r, c->lv, xyz[0], xyz[1], slice, c->lane,
				    BH_SIM_ACCESS_READ);

	if (!p)
		return -1;
	swizzle(r, p, out);
	return 0;
}

/* Add @weight * @t to @acc (float components). */
static void accumulate(float acc[4], float weight, const uint32_t t[4])
{
	for (unsigned k = 0; k < 4; k++)
		acc[k] += weight * f32(t[k]);
}

/*
 * Filter at texel-space @u: point or linear per axis (@lin), the taps
 * in hip-tests' order.  Result in @out (f32 bits, or the point texel's
 * own bits).
 */
static int filter(struct sample_ctx *c, const float u[3], const bool lin[3], uint32_t out[4])
{
	unsigned nsp = nspatial(c->r->type);
	int64_t i0[3] = { 0, 0, 0 };
	float a[3] = { 0, 0, 0 };
	unsigned nlin = 0;

	for (unsigned k = 0; k < nsp; k++) {
		if (lin[k]) {
			linear_pos(u[k], &i0[k], &a[k]);
			nlin++;
		} else {
			i0[k] = index_of(u[k]);
		}
	}
	if (!nlin)
		return tap(c, i0, out);
	float acc[4] = { 0, 0, 0, 0 };

	/* Tap t: bit k set = i0[k] + 1 on axis k, in the order x fastest. */
	for (unsigned t = 0; t < (1u << nsp); t++) {
		int64_t i[3];
		float wgt = 1.0f;
		uint32_t texel[4];
		bool skip = false;

		for (unsigned k = 0; k < nsp; k++) {
			unsigned hi = (t >> k) & 1;

			if (!lin[k] && hi) {
				skip = true;	/* a point axis has one tap */
				break;
			}
			i[k] = i0[k] + hi;
			if (lin[k])
				wgt *= hi ? a[k] : 1.0f - a[k];
		}
		if (skip)
			continue;
		if (tap(c, i, texel))
			return -1;
		accumulate(acc, wgt, texel);
	}
	for (unsigned k = 0; k < 4; k++)
		out[k] = bits32(acc[k]);
	return 0;
}

enum sample_kind { S_IMPLICIT, S_LZ, S_L, S_D };

/*
 * The mip levels a sample at @lod (relative to BASE_LEVEL, clamped by
 * the S#) reads, and the weight of the second, by the S#'s MIP_FILTER:
 * none, the base level; point, the nearest level, a .5 going down
 * (Vulkan's ceil(lod + 0.5) - 1); linear, the two around it with the
 * fraction kept to 8 bits (radv's mipmapPrecisionBits).  Both [INFERRED]:
 * no AMD source gives the rounding.  Levels stop at LAST_LEVEL.
 */
static void mip_levels(const struct img_rsrc *r, unsigned filter, float lod, unsigned *l0,
		       unsigned *l1, float *f)
{
	unsigned span = (unsigned)(r->last_level - r->base_level);

	*l0 = *l1 = r->base_level;
	*f = 0.0f;
	if (!span || !filter || !(lod > 0.0f))
		return;
	if (filter == 1) {
		float d = lod <= 0.5f ? 0.0f : ceilf(lod + 0.5f) - 1.0f;

		*l0 = *l1 = r->base_level + (d >= (float)span ? span : (unsigned)d);
		return;
	}
	float i = floorf(lod), fr = roundf((lod - i) * 256.0f) / 256.0f;

	if (fr >= 1.0f) {
		i += 1.0f;
		fr = 0.0f;
	}
	if (i >= (float)span) {
		*l0 = *l1 = r->last_level;
		return;
	}
	*l0 = r->base_level + (unsigned)i;
	*l1 = *l0 + 1;
	*f = fr;
}

static int sample(struct wave *w, const struct insn *in, enum sample_kind kind, bool gather)
{
	struct img_rsrc r;
	struct img_samp s;
	unsigned comps = gather ? 4 : (unsigned)__builtin_popcount(in->dmask), data;
	uint32_t tmp[4][WAVE_LANES];

	if (!in->dmask)
		return unsupported(w, in, "DMASK 0");
	if (gather && comps != 4)
		return unsupported(w, in, "gather4 with other than 4 results");
	if (gather && __builtin_popcount(in->dmask) != 1)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0, "%s: DMASK 0x%x "
				  "must name one channel", in->desc->name, in->dmask);
	if (prologue(w, in, &r) || img_samp_read(w, in, &s))
		return -1;
	if (gather && r.type != IMG_2D && r.type != IMG_2D_ARRAY)
		return unsupported(w, in, "gather4 of a 1D, 3D or cube image");
	if (r.type == IMG_CUBE && (s.unnorm || in->unorm))
		return unsupported(w, in, "unnormalized coordinates on a cube image");
	if (r.type == IMG_CUBE && !s.cube_nowrap && (s.mag || s.min))
		return unsupported(w, in, "seamless cube filtering (S# DISABLE_CUBE_WRAP 0: "
				   "linear taps across face edges)");
	if (int_class(&r) && !gather && (s.mag || s.min || s.zfilter == 2 || s.mip_filter == 2))
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0, "%s: linear "
				  "filtering of an integer format", in->desc->name);
	if (kind == S_IMPLICIT && r.last_level != r.base_level && s.mip_filter)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0, "%s: implicit LOD "
				  "in a compute wave (no quad derivatives modelled) over mip levels "
				  "%u..%u", in->desc->name, r.base_level, r.last_level);
	if (kind == S_IMPLICIT && s.mag != s.min)
		return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0, "%s: implicit LOD "
				  "in a compute wave (no quad derivatives modelled) with different "
				  "min and mag filters", in->desc->name);
	unsigned nsp = nspatial(r.type), nc = ncoords(r.type);
	unsigned nderiv = kind == S_D ? 2 * nsp : 0;
	unsigned naddr = nderiv + addr_dwords(in, nc + (kind == S_L));

	if (kind == S_D && in->a16)
		return unsupported(w, in, "A16 with derivatives (their 16-bit packing)");

	if (regs(w, in, naddr, data_dwords(in, comps), &data))
		return -1;
	bool unnorm = s.unnorm || in->unorm;
	/* The base level's size: derivatives and the LOD are relative to it. */
	float size[3] = { (float)r.lw[r.base_level], (float)r.lh[r.base_level],
			  (float)r.ld[r.base_level] };
	struct sample_ctx c = { .w = w, .in = in, .r = &r, .s = &s };
	unsigned n = 0;

	for (unsigned k = 0; k < 4; k++)
		c.border[k] = s.border == 0 ? 0 : s.border == 2 || k == 3 ? one(&r) : 0;
	FOR_LANES(l) {
		float u[3] = { 0, 0, 0 }, lod = 0.0f;
		uint32_t v[4], out[4];

		float un[3] = { 0, 0, 0 };	/* as given: normalized or texels */

		for (unsigned k = 0; k < nsp; k++) {
			un[k] = f32(addr_elem(w, in, nderiv, k, l, true));
			/* A cube face's s and t come as 1 + [0, 1] (Mesa's
			 * ac_prepare_cube_coords adds 1.5 to sc / |cubema|). */
			if (r.type == IMG_CUBE)
				un[k] -= 1.0f;
		}
		c.lane = l;
		c.slice = 0;
		if (r.type == IMG_CUBE) {
			/* The face coordinate: layer * 8 + face (Mesa, ockl). */
			float f = floorf(f32(addr_elem(w, in, nderiv, 2, l, true)));
			float cubes = (float)(r.layers / 6), layer, face;

			if (f != f || f < 0.0f)
				f = 0.0f;
			layer = floorf(f / 8.0f);
			face = f - 8.0f * layer;
			if (face > 5.0f)
				return wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0,
						  "lane %u: %s: cube face id %g (layer * 8 + face: "
						  "face %g is not 0..5) not modelled", l,
						  in->desc->name, (double)f, (double)face);
			layer = layer > cubes - 1.0f ? cubes - 1.0f : layer;
			c.slice = r.first_layer + 6u * (uint32_t)layer + (uint32_t)face;
		} else if (is_array(r.type)) {
			float layer = rintf(f32(addr_elem(w, in, nderiv, nc - 1, l, true)));
			float last = (float)(r.layers - 1);

			layer = layer != layer || layer < 0.0f ? 0.0f : layer > last ? last : layer;
			c.slice = r.first_layer + (uint32_t)layer;
		}
		if (kind == S_L)
			lod = f32(addr_elem(w, in, nderiv, nc, l, true));
		if (kind == S_D) {
			/* rho: the longer of the two texel-space derivative vectors. */
			float lh = 0.0f, lv = 0.0f;

			for (unsigned k = 0; k < nsp; k++) {
				float dh = f32(w->v[addr_vgpr(in, k)][l]);
				float dv = f32(w->v[addr_vgpr(in, nsp + k)][l]);
				float sc = unnorm ? 1.0f : size[k];

				lh += dh * sc * dh * sc;
				lv += dv * sc * dv * sc;
			}
			lod = 0.5f * log2f(lh > lv ? lh : lv);
		}
		if (kind != S_IMPLICIT) {
			lod += s.lod_bias;
			lod = lod < s.min_lod ? s.min_lod : lod > s.max_lod ? s.max_lod : lod;
		}
		bool minify = lod > 0.0f;
		bool xy = (minify ? s.min : s.mag) == 1;
		bool lin[3] = { xy, xy, s.zfilter ? s.zfilter == 2 : xy };
		unsigned l0, l1;
		float mf;

		/* gather4 reads one level: the nearest. */
		mip_levels(&r, gather && s.mip_filter ? 1 : s.mip_filter, lod, &l0, &l1, &mf);
		c.lv = l0;
		for (unsigned k = 0; k < nsp; k++) {
			float lsize[3] = { (float)r.lw[l0], (float)r.lh[l0], (float)r.ld[l0] };

			u[k] = unnorm ? un[k] : un[k] * lsize[k];
		}
		if (gather) {
			/* The four bilinear taps of one channel: (i0, j1), (i1, j1),
			 * (i1, j0), (i0, j0) -- hip-tests' Tex2DGather order. */
			static const uint8_t order[4][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };
			unsigned ch = (unsigned)__builtin_ctz(in->dmask);
			int64_t i0, j0;
			float a;

			linear_pos(u[0], &i0, &a);
			linear_pos(u[1], &j0, &a);
			for (unsigned t = 0; t < 4; t++) {
				int64_t i[3] = { i0 + order[t][0], j0 + order[t][1], 0 };
				uint32_t texel[4];

				if (tap(&c, i, texel))
					return -1;
				v[t] = texel[ch];
			}
		} else if (filter(&c, u, lin, v)) {
			return -1;
		} else if (mf > 0.0f) {
			/* Linear between levels: (1 - f) level l0 + f level l1. */
			float lsize[3] = { (float)r.lw[l1], (float)r.lh[l1], (float)r.ld[l1] };
			uint32_t v1[4];

			c.lv = l1;
			for (unsigned k = 0; k < nsp; k++)
				u[k] = unnorm ? un[k] : un[k] * lsize[k];
			if (filter(&c, u, lin, v1))
				return -1;
			for (unsigned k = 0; k < 4; k++)
				v[k] = bits32((1.0f - mf) * f32(v[k]) + mf * f32(v1[k]));
		}
		if (gather) {
			struct insn all = *in;

			all.dmask = 0xf;
			n = pack(&all, &r, v, out);
		} else {
			n = pack(in, &r, v, out);
		}
		for (unsigned k = 0; k < n; k++)
			tmp[k][l] = out[k];
	}
	FOR_LANES(l)
		for (unsigned k = 0; k < n; k++)
			w->v[data + k][l] = tmp[k][l];
	return 0;
}

VOP(img_sample) { return sample(w, in, S_IMPLICIT, false); }
VOP(img_sample_lz) { return sample(w, in, S_LZ, false); }
VOP(img_sample_l) { return sample(w, in, S_L, false); }
VOP(img_sample_d) { return sample(w, in, S_D, false); }
VOP(img_gather4) { return sample(w, in, S_IMPLICIT, true); }
VOP(img_gather4_lz) { return sample(w, in, S_LZ, true); }
VOP(img_gather4_l) { return sample(w, in, S_L, true); }
