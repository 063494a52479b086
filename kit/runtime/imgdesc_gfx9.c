/* SPDX-License-Identifier: MIT */
/*
 * The gfx9 (gfx90a) image resource descriptor of a linear image: Mesa's
 * gfx9.json SQ_IMG_RSRC_WORD0..7 (ROCr's image_manager_ai fills the same
 * bits).  gfx942 has no image instructions: the runtime makes no T# for
 * it (texobj.c).
 */
#include "image.h"

/* IMG_DATA_FORMAT of (channels, bits); 0 = none. */
static unsigned int data_format(unsigned int nch, unsigned int bits)
{
	switch (nch * 100 + bits) {
	case 108: return 1;	/* 8 */
	case 116: return 2;	/* 16 */
	case 208: return 3;	/* 8_8 */
	case 132: return 4;	/* 32 */
	case 216: return 5;	/* 16_16 */
	case 408: return 10;	/* 8_8_8_8 */
	case 232: return 11;	/* 32_32 */
	case 416: return 12;	/* 16_16_16_16 */
	case 432: return 14;	/* 32_32_32_32 */
	default: return 0;
	}
}

/* IMG_NUM_FORMAT of enum bh_img_nf. */
static const uint8_t num_format[] = {
	[BH_NF_UNORM] = 0, [BH_NF_SNORM] = 1, [BH_NF_UINT] = 4, [BH_NF_SINT] = 5,
	[BH_NF_FLOAT] = 7, [BH_NF_SRGB] = 9,
};

int bh_rt_tsharp_gfx9(const struct bh_img_view *v, uint32_t t[8])
{
	unsigned int dfmt = data_format(v->nch, v->bits);
	/* DEPTH: 3D depth - 1, arrays the last layer, else 0. */
	uint32_t depth = v->type == BH_IMG_3D || v->type >= BH_IMG_CUBE ? v->depth - 1 : 0;

	if (!dfmt || v->levels > 1)	/* MI200 has no mip levels */
		return -1;
	t[0] = (uint32_t)(v->va >> 8);
	t[1] = (uint32_t)(v->va >> 40) & 0xff;			/* BASE_ADDRESS_HI */
	t[1] |= dfmt << 20 | (uint32_t)num_format[v->nf] << 26;
	t[2] = (v->width - 1) | (v->height - 1) << 14;		/* PERF_MOD 0 */
	t[3] = bh_rt_tsharp_swizzle(v->nch) | (uint32_t)v->type << 28;	/* SW_MODE 0: linear */
	t[4] = depth | (v->pitch - 1) << 13;			/* BC_SWIZZLE 0 */
	t[5] = v->first_layer & 0x1fff;				/* BASE_ARRAY; MAX_MIP 0 */
	t[6] = 0;						/* no compression */
	t[7] = 0;						/* no metadata */
	return 0;
}

/*
 * The V# (SQ_BUF_RSRC_WORD0..3): STRIDE the texel size, NUM_RECORDS in
 * texels (gfx9 checks the index against it when STRIDE is set, as radv's
 * texel buffers rely on), BUF_DATA_FORMAT numbered as IMG_DATA_FORMAT for
 * these formats, BUF_NUM_FORMAT 3 bits (no sRGB).
 */
int bh_rt_vsharp_gfx9(const struct bh_img_view *v, uint32_t vs[4])
{
	unsigned int dfmt = data_format(v->nch, v->bits);

	if (!dfmt || v->nf == BH_NF_SRGB)
		return -1;
	vs[0] = (uint32_t)v->va;
	vs[1] = ((uint32_t)(v->va >> 32) & 0xffff) | (v->nch * v->bits / 8) << 16;
	vs[2] = v->width;
	vs[3] = bh_rt_tsharp_swizzle(v->nch) | (uint32_t)num_format[v->nf] << 12 | dfmt << 15;
	return 0;
}
