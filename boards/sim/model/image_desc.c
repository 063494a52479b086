// SPDX-License-Identifier: MIT
/*
 * T# and S# descriptors of gfx9 (gfx90a) and gfx11, decoded into struct
 * img_rsrc / img_samp (image.h).  Field positions: Mesa gfx9.json and
 * gfx11-rsrc.json (SQ_IMG_RSRC_WORD0..7, SQ_IMG_SAMP_WORD0..3); ROCr's
 * image_manager_ai / _gfx11 fill the same bits.
 *
 * The model reads linear images only (SW_MODE 0, what barehip's runtime
 * makes): a tiled (swizzled) layout, DCC compression or metadata, MSAA
 * and gfx9 mip chains are refused with a fault that says so, rather than
 * read wrongly; gfx11 mip chains of every image type are modelled (below).
 * Uncertain points, as the sources leave them:
 *  - gfx11 keeps the row pitch of 1D/2D images in word4 bits 13:0 (the
 *    DEPTH field, "PITCH" on gfx10.3+; ROCr writes pitch - 1 there), used
 *    when it is above the width.  Otherwise, and for arrays and 3D
 *    images, the model takes the linear pitch addrlib gives, the width
 *    rounded up to 256 bytes (barehip's runtime allocates with the same
 *    rule).  Unverified.
 *  - One slice (layer, 3D slice) is pitch * height texels, the height not
 *    padded (ROCr requires slice pitch = row pitch * height for linear
 *    images).
 */
#include "image.h"

#define refuse(w, in, ...) wave_fault(w, BH_SIM_FAULT_ILLEGAL_INSTRUCTION, in, 0, __VA_ARGS__)

/* gfx9 IMG_DATA_FORMAT -> channels and bits (the formats HIP uses). */
static const struct { uint8_t nch, bits; } gfx9_data_formats[64] = {
	[1] = { 1, 8 }, [2] = { 1, 16 }, [3] = { 2, 8 }, [4] = { 1, 32 }, [5] = { 2, 16 },
	[10] = { 4, 8 }, [11] = { 2, 32 }, [12] = { 4, 16 }, [13] = { 3, 32 }, [14] = { 4, 32 },
};
/* gfx9 IMG_NUM_FORMAT -> enum img_nf + 1 (0: not modelled). */
static const uint8_t gfx9_num_formats[16] = {
	[0] = NF_UNORM + 1, [1] = NF_SNORM + 1, [2] = NF_USCALED + 1, [3] = NF_SSCALED + 1,
	[4] = NF_UINT + 1, [5] = NF_SINT + 1, [7] = NF_FLOAT + 1, [9] = NF_SRGB + 1,
};

/* gfx11 unified FORMAT -> channels, bits, number format + 1. */
#define F(n, b, f) { n, b, NF_##f + 1 }
static const struct { uint8_t nch, bits, nf; } gfx11_formats[128] = {
	[1] = F(1, 8, UNORM), [2] = F(1, 8, SNORM), [3] = F(1, 8, USCALED),
	[4] = F(1, 8, SSCALED), [5] = F(1, 8, UINT), [6] = F(1, 8, SINT),
	[7] = F(1, 16, UNORM), [8] = F(1, 16, SNORM), [9] = F(1, 16, USCALED),
	[10] = F(1, 16, SSCALED), [11] = F(1, 16, UINT), [12] = F(1, 16, SINT),
	[13] = F(1, 16, FLOAT),
	[14] = F(2, 8, UNORM), [15] = F(2, 8, SNORM), [16] = F(2, 8, USCALED),
	[17] = F(2, 8, SSCALED), [18] = F(2, 8, UINT), [19] = F(2, 8, SINT),
	[20] = F(1, 32, UINT), [21] = F(1, 32, SINT), [22] = F(1, 32, FLOAT),
	[23] = F(2, 16, UNORM), [24] = F(2, 16, SNORM), [25] = F(2, 16, USCALED),
	[26] = F(2, 16, SSCALED), [27] = F(2, 16, UINT), [28] = F(2, 16, SINT),
	[29] = F(2, 16, FLOAT),
	[42] = F(4, 8, UNORM), [43] = F(4, 8, SNORM), [44] = F(4, 8, USCALED),
	[45] = F(4, 8, SSCALED), [46] = F(4, 8, UINT), [47] = F(4, 8, SINT),
	[48] = F(2, 32, UINT), [49] = F(2, 32, SINT), [50] = F(2, 32, FLOAT),
	[51] = F(4, 16, UNORM), [52] = F(4, 16, SNORM), [53] = F(4, 16, USCALED),
	[54] = F(4, 16, SSCALED), [55] = F(4, 16, UINT), [56] = F(4, 16, SINT),
	[57] = F(4, 16, FLOAT),
	[58] = F(3, 32, UINT), [59] = F(3, 32, SINT), [60] = F(3, 32, FLOAT),
	[61] = F(4, 32, UINT), [62] = F(4, 32, SINT), [63] = F(4, 32, FLOAT),
	[64] = F(1, 8, SRGB), [65] = F(2, 8, SRGB), [66] = F(4, 8, SRGB),
};
#undef F

/* A data format and number format that exist together (gfx9 pairs them
 * freely in the descriptor; gfx11's table has only valid ones). */
static bool format_valid(unsigned bits, unsigned nf)
{
	switch (nf) {
	case NF_FLOAT:
		return bits >= 16;
	case NF_UINT:
	case NF_SINT:
		return true;
	case NF_SRGB:
		return bits == 8;
	default:
		return bits <= 16;
	}
}

/*
 * The channels, bits and number format of a descriptor's format fields
 * in @r (T# and V# share the tables): gfx9's DATA_FORMAT @dfmt and
 * NUM_FORMAT @nfmt, gfx11's unified FORMAT @fmt (below @limit).  0, or
 * -1 after a fault naming @what's field.
 */
static int format_gfx9(struct wave *w, const struct insn *in, const char *what, unsigned dfmt,
		       unsigned nfmt, struct img_rsrc *r)
{
	if (!gfx9_data_formats[dfmt].nch)
		return refuse(w, in, "%s DATA_FORMAT %u not modelled", what, dfmt);
	if (!gfx9_num_formats[nfmt])
		return refuse(w, in, "%s NUM_FORMAT %u not modelled", what, nfmt);
	r->nch = gfx9_data_formats[dfmt].nch;
	r->bits = gfx9_data_formats[dfmt].bits;
	r->nf = gfx9_num_formats[nfmt] - 1;
	return 0;
}

static int format_gfx11(struct wave *w, const struct insn *in, const char *what, unsigned fmt,
			unsigned limit, struct img_rsrc *r)
{
	if (fmt >= limit || !gfx11_formats[fmt].nch)
		return refuse(w, in, "%s FORMAT %u not modelled", what, fmt);
	r->nch = gfx11_formats[fmt].nch;
	r->bits = gfx11_formats[fmt].bits;
	r->nf = gfx11_formats[fmt].nf - 1;
	return 0;
}

static int rsrc_gfx9(struct wave *w, const struct insn *in, const uint32_t *t,
		     struct img_rsrc *r, unsigned *depth_field, unsigned *levels)
{
	if (format_gfx9(w, in, "image: T#", (t[1] >> 20) & 0x3f, (t[1] >> 26) & 0xf, r))
		return -1;
	r->width = (t[2] & 0x3fff) + 1;
	r->height = ((t[2] >> 14) & 0x3fff) + 1;
	*depth_field = t[4] & 0x1fff;
	r->pitch = ((t[4] >> 13) & 0xffff) + 1;
	r->first_layer = t[5] & 0x1fff;
	*levels = (t[5] >> 28) + 1;			/* MAX_MIP */
	if (t[1] >> 31 || (t[5] >> 17) & 0xff || t[7])
		return refuse(w, in, "image: T# has metadata (META_DIRECT/META_DATA_ADDRESS "
			      "0x%x): not modelled", t[7]);
	if ((t[6] >> 21) & 1)
		return refuse(w, in, "image: T# COMPRESSION_EN (DCC) not modelled");
	return 0;
}

static int rsrc_gfx11(struct wave *w, const struct insn *in, const uint32_t *t,
		      struct img_rsrc *r, unsigned *depth_field, unsigned *levels)
{
	if (format_gfx11(w, in, "image: T#", (t[1] >> 20) & 0xff, 128, r))
		return -1;
	*levels = ((t[1] >> 16) & 0xf) + 1;		/* MAX_MIP */
	r->width = ((t[1] >> 30) | (t[2] & 0xfff) << 2) + 1;
	r->height = ((t[2] >> 14) & 0x3fff) + 1;
	*depth_field = t[4] & 0x1fff;
	r->first_layer = (t[4] >> 16) & 0x1fff;
	r->pitch = 0;				/* below, by TYPE */
	if ((t[6] >> 20) & 3)
		return refuse(w, in, "image: T# compression (COMPRESSION_EN/"
			      "WRITE_COMPRESS_ENABLE, word6 0x%x) not modelled", t[6]);
	return 0;
}

int img_rsrc_read(struct wave *w, const struct insn *in, struct img_rsrc *r)
{
	uint32_t t[8];
	unsigned depth_field, levels;
	bool gfx11 = w->sim->target->isa->gen == 11;

	if (in->r128)
		return refuse(w, in, "image: R128 (a 4-dword T#) not modelled");
	for (unsigned i = 0; i < 8; i++)
		t[i] = rd_s32(w, in, in->src[0] + i);
	*r = (struct img_rsrc){ 0 };
	r->base = ((uint64_t)t[0] | (uint64_t)(t[1] & 0xff) << 32) << 8;
	r->type = t[3] >> 28;
	for (unsigned c = 0; c < 4; c++)
		r->sel[c] = (t[3] >> (3 * c)) & 7;
	unsigned base_level = (t[3] >> 12) & 0xf, last_level = (t[3] >> 16) & 0xf;
	unsigned sw_mode = (t[3] >> 20) & 0x1f;

	if (r->type < IMG_1D)
		return refuse(w, in, "image: not an image descriptor (T# TYPE %u; a V# or "
			      "an unset descriptor)", r->type);
	if (r->type >= IMG_2D_MSAA)
		return refuse(w, in, "image: MSAA images (T# TYPE %u) not modelled", r->type);
	if (sw_mode)
		return refuse(w, in, "image: T# SW_MODE %u: tiled layouts are not modelled "
			      "(only linear, SW_MODE 0)", sw_mode);
	if ((gfx11 ? rsrc_gfx11 : rsrc_gfx9)(w, in, t, r, &depth_field, &levels))
		return -1;
	if (levels != 1 || base_level || last_level) {
		if (!gfx11)
			return refuse(w, in, "image: gfx9 mip chains are not modelled (T# MAX_MIP "
				      "%u; MI200's texture unit has no mip levels)", levels - 1);
		if (base_level > last_level || last_level >= levels)
			return refuse(w, in, "image: T# levels %u..%u outside the chain of %u",
				      base_level, last_level, levels);
	}
	for (unsigned c = 0; c < 4; c++)
		if (r->sel[c] == 2 || r->sel[c] == 3)
			return refuse(w, in, "image: reserved DST_SEL value %u", r->sel[c]);
	if (!format_valid(r->bits, r->nf))
		return refuse(w, in, "image: %u-bit channels cannot have this number format "
			      "(enum img_nf %u)", r->bits, r->nf);
	r->bpe = (uint8_t)(r->nch * r->bits / 8);
	r->depth = 1;
	r->layers = 1;
	switch (r->type) {
	case IMG_1D:
		r->height = 1;
		break;
	case IMG_3D:
		r->depth = depth_field + 1;
		break;
	case IMG_CUBE:
	case IMG_1D_ARRAY:
	case IMG_2D_ARRAY:
		/* DEPTH is the last layer (faces for cubes) it may reach. */
		if (r->first_layer > depth_field)
			return refuse(w, in, "image: T# BASE_ARRAY beyond the last layer %u",
				      depth_field);
		r->layers = depth_field - r->first_layer + 1;
		/* [INFERRED] a cube's DEPTH counts faces (6 per cube), as
		 * for 2D arrays; a partial cube is refused. */
		if (r->type == IMG_CUBE && (r->layers % 6 || r->first_layer % 6))
			return refuse(w, in, "image: a cube T# whose layers %u..%u are not whole "
				      "cubes of 6 faces", r->first_layer, depth_field);
		if (r->type == IMG_CUBE && r->width != r->height)
			return refuse(w, in, "image: a cube T# with %u x %u faces (not square)",
				      r->width, r->height);
		if (r->type == IMG_1D_ARRAY)
			r->height = 1;
		break;
	default:
		break;
	}
	r->levels = (uint8_t)levels;
	r->base_level = (uint8_t)base_level;
	r->last_level = (uint8_t)last_level;
	if (gfx11) {
		unsigned align = 256 / r->bpe;	/* texels per 256 bytes (bpe: 1..16, power of 2) */
		/* 1D and 2D: DEPTH (with PITCH_MSB, word4 bit 13) is "the pitch if
		 * pitch > width" (gfx11-rsrc.json); otherwise, and for the other
		 * types, the linear pitch addrlib gives. */
		uint32_t custom = depth_field + 1 + ((t[4] >> 13) & 1) * 0x2000;

		if (256 % r->bpe)
			return refuse(w, in, "image: a %u-byte texel has no linear pitch rule "
				      "in the model", r->bpe);
		if ((r->type == IMG_1D || r->type == IMG_2D) && custom > r->width) {
			if (levels > 1)
				return refuse(w, in, "image: a custom pitch (%u texels) with a mip "
					      "chain (addrlib allows none)", custom);
			r->pitch = custom;
		} else {
			r->pitch = (r->width + align - 1) / align * align;
		}
		if (levels > 1) {
			/*
			 * [INFERRED] The linear mip chain of addrlib's
			 * Gfx11Lib::HwlComputeSurfaceInfoLinear, which the
			 * texture unit must rebuild from the T#: the smallest
			 * level first, each level ceil(size / 2^l) texels with
			 * its own pitch aligned to 256 bytes and no height
			 * padding.  Every slice (3D slice, layer, cube face)
			 * holds the whole chain (addrlib: sliceSize is the
			 * chain, surfSize sliceSize * numSlices, a 3D level's
			 * depth numSlices), so slice s of level l is at
			 * s * chain + the level's offset.  A level is sampled
			 * at the API's size, max(1, size >> l) (Vulkan's rule,
			 * which the hardware passes), a 3D level's depth too.
			 */
			uint64_t at = 0;

			for (int l = (int)levels - 1; l >= 0; l--) {
				uint32_t cw = ((r->width - 1) >> l) + 1;
				uint32_t ch = ((r->height - 1) >> l) + 1;

				r->lw[l] = r->width >> l ? r->width >> l : 1;
				r->lh[l] = r->height >> l ? r->height >> l : 1;
				r->ld[l] = r->type != IMG_3D ? 1 : r->depth >> l ? r->depth >> l : 1;
				r->lpitch[l] = (cw + align - 1) / align * align;
				r->loff[l] = at;
				at += (uint64_t)r->lpitch[l] * ch * r->bpe;
			}
			r->slice_bytes = at;
			return 0;
		}
	}
	if (r->pitch < r->width)
		return refuse(w, in, "image: T# pitch is below the width (%u texels)", r->pitch);
	r->lw[0] = r->width;
	r->lh[0] = r->height;
	r->ld[0] = r->depth;
	r->lpitch[0] = r->pitch;
	r->loff[0] = 0;
	r->slice_bytes = (uint64_t)r->pitch * r->height * r->bpe;
	return 0;
}

/*
 * The V# of a typed buffer load (what tex1Dfetch of a linear-memory
 * texture reads, as ockl's image_load_1Db does).  Field positions: Mesa's
 * SQ_BUF_RSRC_WORD0..3 (gfx9.json, gfx11-rsrc.json):
 *   word0 BASE_ADDRESS 31:0; word1 BASE_ADDRESS_HI 15:0, STRIDE 29:16,
 *   SWIZZLE_ENABLE 31 (gfx11: 31:30); word2 NUM_RECORDS; word3 DST_SEL
 *   11:0, gfx9 NUM_FORMAT 14:12 and DATA_FORMAT 18:15 (BUF_*_FORMAT,
 *   numbered as the image formats for those the model has), gfx11 FORMAT
 *   18:12 (the image FORMAT table: Mesa writes img_format into texel
 *   buffer descriptors), ADD_TID_ENABLE 23, gfx11 OOB_SELECT 29:28, TYPE
 *   31:30 (0: a buffer).
 * Range checks: gfx11 by OOB_SELECT (Mesa's comment in
 * ac_build_buffer_descriptor); gfx9 has no OOB_SELECT: with a STRIDE the
 * index is checked against NUM_RECORDS (in records: radv divides the
 * size by the stride on gfx9), without one the offset [INFERRED from the
 * GCN3 ISA's range-checking rule, unverified on gfx90a].
 */
int buf_rsrc_read(struct wave *w, const struct insn *in, struct buf_rsrc *b)
{
	uint32_t v[4];
	bool gfx11 = w->sim->target->isa->gen == 11;
	struct img_rsrc *f = &b->fmt;
	unsigned swz;

	for (unsigned i = 0; i < 4; i++)
		v[i] = rd_s32(w, in, in->src[0] + i);
	*b = (struct buf_rsrc){ 0 };
	b->base = v[0] | (uint64_t)(v[1] & 0xffff) << 32;
	b->stride = (v[1] >> 16) & 0x3fff;
	b->num_records = v[2];
	if (v[3] >> 30)
		return refuse(w, in, "buffer: not a buffer descriptor (V# TYPE %u: a T# or an "
			      "unset descriptor)", v[3] >> 30);
	if ((v[3] >> 23) & 1)
		return refuse(w, in, "buffer: ADD_TID_ENABLE in a typed access not modelled");
	for (unsigned c = 0; c < 4; c++) {
		f->sel[c] = (v[3] >> (3 * c)) & 7;
		if (f->sel[c] == 2 || f->sel[c] == 3)
			return refuse(w, in, "buffer: reserved DST_SEL value %u", f->sel[c]);
	}
	if (gfx11) {
		swz = (v[1] >> 30) & 3;
		/* 64 and above are sRGB and other image-only formats. */
		if (format_gfx11(w, in, "buffer: V#", (v[3] >> 12) & 0x7f, 64, f))
			return -1;
		b->oob = (v[3] >> 28) & 3;
	} else {
		swz = v[1] >> 31;
		if (format_gfx9(w, in, "buffer: V#", (v[3] >> 15) & 0xf, (v[3] >> 12) & 7, f))
			return -1;
		b->oob = b->stride ? BUF_OOB_INDEX : BUF_OOB_RAW;
	}
	if (swz)
		return refuse(w, in, "buffer: a swizzled V# (SWIZZLE_ENABLE %u) in a typed access "
			      "not modelled", swz);
	if (!format_valid(f->bits, f->nf))
		return refuse(w, in, "buffer: %u-bit channels cannot have this number format "
			      "(enum img_nf %u)", f->bits, f->nf);
	f->bpe = (uint8_t)(f->nch * f->bits / 8);
	return 0;
}

int img_samp_read(struct wave *w, const struct insn *in, struct img_samp *s)
{
	uint32_t d[4];

	for (unsigned i = 0; i < 4; i++)
		d[i] = rd_s32(w, in, in->src[1] + i);
	*s = (struct img_samp){ 0 };
	for (unsigned a = 0; a < 3; a++) {
		s->clamp[a] = (d[0] >> (3 * a)) & 7;
		if (s->clamp[a] != CLAMP_WRAP && s->clamp[a] != CLAMP_MIRROR &&
		    s->clamp[a] != CLAMP_LAST_TEXEL && s->clamp[a] != CLAMP_BORDER)
			return refuse(w, in, "image: S# CLAMP mode %u not modelled (wrap, mirror, "
				      "clamp-to-edge and border are)", s->clamp[a]);
	}
	if ((d[0] >> 9) & 7)
		return refuse(w, in, "image: S# MAX_ANISO_RATIO %u not modelled", (d[0] >> 9) & 7);
	if ((d[0] >> 12) & 7)
		return refuse(w, in, "image: S# DEPTH_COMPARE_FUNC %u not modelled",
			      (d[0] >> 12) & 7);
	if ((d[0] >> 29) & 3)
		return refuse(w, in, "image: S# FILTER_MODE %u (min/max reduction) not "
			      "modelled", (d[0] >> 29) & 3);
	if ((d[0] >> 20) & 1)
		return refuse(w, in, "image: S# FORCE_DEGAMMA not modelled");
	s->unnorm = (d[0] >> 15) & 1;
	s->cube_nowrap = (d[0] >> 28) & 1;
	s->min_lod = (float)(d[1] & 0xfff) / 256.0f;
	s->max_lod = (float)((d[1] >> 12) & 0xfff) / 256.0f;
	s->lod_bias = (float)((int32_t)(d[2] << 18) >> 18) / 256.0f;
	s->mag = (d[2] >> 20) & 3;
	s->min = (d[2] >> 22) & 3;
	s->zfilter = (d[2] >> 24) & 3;
	s->mip_filter = (d[2] >> 26) & 3;
	if (s->mip_filter == 3)
		return refuse(w, in, "image: S# MIP_FILTER 3 (POINT_ANISO_ADJ) not modelled");
	if (s->mag > 1 || s->min > 1)
		return refuse(w, in, "image: S# anisotropic filter (XY_MAG/MIN_FILTER 0x%x) "
			      "not modelled", s->mag | s->min << 2);
	if (s->zfilter == 3)
		return refuse(w, in, "image: S# Z_FILTER 3 is reserved");
	s->border = d[3] >> 30;
	if (s->border == 3)
		return refuse(w, in, "image: S# border colour from the register table "
			      "(BORDER_COLOR_TYPE 3) not modelled");
	return 0;
}
